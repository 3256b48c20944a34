//! Reporting every error of a decode, not only the first.
//!
//! A serde visitor gives up at the first error its deserializer returns,
//! and cannot be resumed. So a failed decode is run again, as often as
//! needed: each error is recorded with the place where it happened
//! ([`Resume`]), and in the next pass that place yields a stand-in value
//! that every target accepts ([`StandIn`]), so the visitor carries on to
//! the next error. The passes end when one succeeds or fails where it
//! cannot carry on; the decode then fails with every error recorded.
//!
//! A pass after an error is made only to find errors, since its value is
//! never returned: it leaves out the elements of sequences and maps of
//! blocks that an earlier pass read without error ([`Element`]), which
//! cannot have any. The target then gets fewer elements, which counts as a
//! stand-in.
//!
//! Blocks that their field refuses (an argument's type, "Unsupported
//! block type") are left out of the next pass rather than stood in for
//! ([`Resume::Absent`]): their field is then missing, and a required one
//! is reported so, as schema processing reports it.
//!
//! What the decoder itself refuses is recorded on the spot where that is
//! sound, and the target gets its stand-in at once ([`Spot`]): a document
//! whose errors are all of that kind takes one pass, however many it has.
//!
//! A stand-in is never returned to the caller: a decode that needed one
//! fails. Errors that may have been caused by a stand-in (a struct that
//! checks its fields, a stand-in that the target rejects) end the passes
//! and are not reported.

mod failure;
mod place;
mod spot;
mod stand_in;

use failure::{Failure, Scope};
pub(crate) use place::Place;
pub(crate) use spot::{Chain, Inner, Pending, Spot};
pub(crate) use stand_in::StandIn;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hcl_core::Code;
use hcl_core::Diagnostic;

use crate::error::{Error, Result};

/// The most errors one decode carries on past (and so the most passes it
/// makes), whether recorded on the spot or found by a pass.
const MAX_ERRORS: usize = 64;

/// The attributes and blocks read over all passes past which no further
/// pass is made, so that a huge input with many errors still fails fast,
/// with its first errors.
const WORK_BUDGET: usize = 1 << 22;

#[cfg(test)]
thread_local! {
    /// Whether passes record errors on the spot: off, every error is found
    /// by a pass of its own, which the tests hold equal.
    pub(crate) static SPOTS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Where the next pass carries on past an error.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Resume {
    /// The value at this place (an attribute's expression, a label, a
    /// group of blocks) is a stand-in.
    Value(Place),
    /// The body at this place is read without its unsupported content,
    /// and with stand-ins for its attributes that failed to evaluate and
    /// its labels that do not match.
    Read(Place),
    /// The field of this name, missing from the body at this place, is a
    /// stand-in; it may take blocks if `true` (not an argument's field).
    Missing(Place, &'static str, bool),
    /// This element of a sequence or map of blocks is a stand-in.
    Element(Element),
    /// The blocks at this place (the first one's), which their field
    /// refused as an argument's type, are left out of their body, so that
    /// the field is missing, as schema processing finds a required
    /// argument written as a block ("Missing required argument" beside
    /// "Unsupported block type").
    Absent(Place),
}

/// An element of a sequence or map of blocks, as an identity across
/// passes: the place of its first block, the number of labels enclosing
/// maps took, and which of the two it is an element of. A map's entry and
/// the first item of the sequence that is its value start at the same
/// block, after as many labels: only the role tells them apart.
pub(crate) type Element = (Place, usize, Role);

/// What a sequence or map of blocks holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Role {
    /// An entry of a map of blocks by label: every block with that label.
    Entry,
    /// An item of a sequence of blocks: one block.
    Item,
}

/// The places where this pass carries on.
#[derive(Default)]
pub(crate) struct ResumePoints {
    all: HashSet<Resume>,
    missing: HashMap<Place, Vec<&'static str>>,
    /// Elements read without error in an earlier pass. A pass after an
    /// error only looks for errors, since its value is never returned, and
    /// reading one of these again cannot find any: it is left out.
    read: HashSet<Element>,
    /// Elements whose body an earlier pass checked after an error in a
    /// sibling (see `blocks::sibling_diagnostics`).
    checked: HashSet<Element>,
}

impl ResumePoints {
    /// Adds `resume`; false if it was there already.
    fn add(&mut self, resume: Resume) -> bool {
        if let Resume::Missing(place, name, _) = resume {
            self.missing.entry(place).or_default().push(name);
        }
        self.all.insert(resume)
    }

    /// Whether this pass stands in for anything.
    pub(crate) fn any(&self) -> bool {
        !self.all.is_empty()
    }

    pub(crate) fn contains(&self, resume: &Resume) -> bool {
        !self.all.is_empty() && self.all.contains(resume)
    }

    /// The missing fields of the body at `place` that are stand-ins.
    pub(crate) fn missing_fields(&self, place: Place) -> &[&'static str] {
        if self.missing.is_empty() {
            return &[];
        }
        self.missing.get(&place).map_or(&[], Vec::as_slice)
    }

    /// Whether this pass leaves `element` out, read without error before.
    pub(crate) fn leaves_out(&self, element: Element) -> bool {
        !self.read.is_empty() && self.read.contains(&element)
    }

    /// Whether an earlier pass read `element` or checked its body: its
    /// body needs no check after an error in a sibling.
    pub(crate) fn body_checked(&self, element: Element) -> bool {
        self.leaves_out(element) || (!self.checked.is_empty() && self.checked.contains(&element))
    }

    fn len(&self) -> usize {
        self.all.len()
    }

    /// How many errors a pass with these points may record on the spot.
    fn spot_room(&self) -> usize {
        #[cfg(test)]
        if !SPOTS.with(std::cell::Cell::get) {
            return 0;
        }
        // One place is kept for the error that ends the pass.
        MAX_ERRORS.saturating_sub(self.len() + 1)
    }
}

/// What one pass leaves for the next: set in the session as it runs.
#[derive(Default)]
pub(crate) struct PassRecord {
    /// Stand-ins read.
    pub(crate) stand_ins: std::cell::Cell<usize>,
    /// Items read.
    pub(crate) work: std::cell::Cell<usize>,
    /// The missing fields whose stand-in was read as a struct: blocks.
    pub(crate) missing_blocks: RefCell<Vec<Resume>>,
    /// Whether an error in this pass is followed by another pass, which
    /// leaves out the elements this one read without error.
    pub(crate) followed: bool,
    /// Elements read without error, if `followed`.
    pub(crate) read_elements: RefCell<Vec<Element>>,
    /// Elements whose body was checked after an error in a sibling, if
    /// `followed`.
    pub(crate) checked_elements: RefCell<Vec<Element>>,
    /// What the error on its way out of the pass says for the next one.
    failure: std::cell::Cell<Option<Failure>>,
    /// The scopes opened so far.
    scopes: std::cell::Cell<u64>,
    /// How many errors this pass may record on the spot.
    spot_room: usize,
    /// Whether this is the first pass, whose first error, the decode's,
    /// keeps its path.
    first: bool,
    /// The errors recorded on the spot, with where a next pass carries on
    /// past each.
    spotted: RefCell<Vec<(Error, Resume)>>,
    /// How many errors are in `spotted`.
    spot_count: std::cell::Cell<usize>,
}

impl PassRecord {
    /// The record of a pass that carries on at `points`.
    pub(crate) fn after(points: &ResumePoints) -> Self {
        PassRecord {
            spot_room: points.spot_room(),
            first: !points.any(),
            ..PassRecord::default()
        }
    }

    /// Records that `element` was read without error.
    pub(crate) fn read_element(&self, element: Element) {
        if self.followed {
            self.read_elements.borrow_mut().push(element);
        }
    }

    /// Records that the body of `element` was checked after an error in a
    /// sibling.
    pub(crate) fn check_element(&self, element: Element) {
        if self.followed {
            self.checked_elements.borrow_mut().push(element);
        }
    }

    /// Counts an element left out of this pass with the stand-ins: the
    /// target sees one element fewer, which may be the cause of an error.
    pub(crate) fn leave_out(&self) {
        self.stand_ins.set(self.stand_ins.get() + 1);
    }
}

impl PassRecord {
    /// The one guard of every-error decoding at a value's boundary (an
    /// entry of a body, an element of blocks): reads the value with
    /// `read`; an error gets `resume()`, the value's place, as where a
    /// next pass carries on past it (unless a place further in has it
    /// already), marked as perhaps a stand-in's doing when one was read on
    /// the way.
    pub(crate) fn guarded<T>(
        &self,
        resume: impl FnOnce() -> Option<Resume>,
        read: impl FnOnce() -> Result<T>,
    ) -> Result<T> {
        let record = self;
        let stand_ins = record.stand_ins.get();
        let scope = record.scope();
        let result = read();
        match &result {
            Ok(_) => record.succeeded(scope),
            Err(_) => {
                if let Some(resume) = resume() {
                    record.failed(scope, resume, record.stand_ins.get() != stand_ins);
                }
            }
        }
        result
    }
}

/// The errors of all passes so far.
#[derive(Default)]
pub(crate) struct Found {
    /// The first error, whose path the decode's error keeps.
    first: Option<Error>,
    diagnostics: Vec<(Option<Resume>, Diagnostic)>,
    /// The indices in `diagnostics` by the hash of what makes two of them
    /// the same, so that each is looked for in constant time.
    seen: HashMap<u64, Vec<usize>>,
    work: usize,
    /// Whether the decode met an error past [`MAX_ERRORS`].
    stopped: bool,
    /// The names of the document's files, in the order its diagnostics
    /// are given; the files of diagnostics not among them come after, in
    /// the order first met.
    files: Vec<Arc<str>>,
}

/// The hash of what makes two diagnostics the same for [`Found::add`].
fn identity(diag: &Diagnostic) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    diag.code.hash(&mut hasher);
    diag.summary.hash(&mut hasher);
    diag.detail.hash(&mut hasher);
    diag.subject.hash(&mut hasher);
    hasher.finish()
}

/// What to do after a pass.
pub(crate) enum Next<T> {
    /// Run another pass, with the points added.
    Again,
    /// The decode's result.
    Done(Result<T>),
}

impl Found {
    /// The record of a decode of a document made of `files`, in order.
    pub(crate) fn in_files(files: Vec<Arc<str>>) -> Self {
        Found {
            files,
            ..Found::default()
        }
    }

    /// Takes the result of a pass. `points` gains the place to carry on
    /// from, if there is another pass to make.
    pub(crate) fn pass<T>(
        &mut self,
        result: Result<T>,
        record: &PassRecord,
        points: &mut ResumePoints,
    ) -> Next<T> {
        self.work = self.work.saturating_add(record.work.get());
        for (err, resume) in record.spotted.take() {
            self.add(err, Some(resume));
            points.add(resume);
        }
        self.name_missing_blocks(&record.missing_blocks.borrow());
        let err = match result {
            Ok(value) => {
                return Next::Done(match self.take_error() {
                    Some(err) => Err(err),
                    None => Ok(value),
                })
            }
            Err(err) => err,
        };
        let failure = record.failure.get();
        let resume = failure.and_then(|f| f.resume);
        let from_stand_in = failure.is_some_and(|f| f.stand_in);
        // An error with no place to carry on from, met after a stand-in
        // was read, may be the stand-in's doing: the passes end here.
        let after_stand_in = from_stand_in || record.stand_ins.get() > 0;
        // Whether the error's diagnostics, those of the siblings checked
        // after it included, are kept.
        let kept = match resume {
            None if after_stand_in => {
                return Next::Done(Err(self.take_error().unwrap_or(err)));
            }
            // Not the input's mistake: the next pass stands in for the
            // whole of `resume`.
            Some(_) if from_stand_in => false,
            // Past the limit, the error is not reported.
            _ if points.len() >= MAX_ERRORS => false,
            _ => {
                self.add(err, resume);
                true
            }
        };
        let within = points.len() < MAX_ERRORS && self.work < WORK_BUDGET;
        // A place to carry on from, past a limit: that the decode stopped
        // looking is reported.
        self.stopped |= resume.is_some() && !within;
        let again = within && resume.is_some_and(|r| points.add(r));
        if again {
            points
                .read
                .extend(record.read_elements.borrow().iter().copied());
            if kept {
                points
                    .checked
                    .extend(record.checked_elements.borrow().iter().copied());
            }
            Next::Again
        } else {
            Next::Done(Err(self.take_error().unwrap_or_else(|| {
                Error::message(
                    Code::InvalidValue,
                    "Invalid value",
                    "The input could not be decoded.".to_string(),
                )
            })))
        }
    }

    /// Records the diagnostics of `err`, each once.
    fn add(&mut self, err: Error, resume: Option<Resume>) {
        for diag in err.diagnostics() {
            let same = self.seen.entry(identity(diag)).or_default();
            let seen = same.iter().any(|&i| {
                self.diagnostics.get(i).is_some_and(|(_, d)| {
                    d.code == diag.code
                        && d.summary == diag.summary
                        && d.detail == diag.detail
                        && d.subject == diag.subject
                })
            });
            if !seen {
                same.push(self.diagnostics.len());
                self.diagnostics.push((resume, diag.clone()));
            }
        }
        if self.first.is_none() {
            self.first = Some(err);
        }
    }

    /// A block type read from a missing field's stand-in means the field
    /// takes a block: say "Missing X block", as for a block in a schema.
    fn name_missing_blocks(&mut self, blocks: &[Resume]) {
        for resume in blocks {
            let Resume::Missing(_, field, _) = resume else {
                continue;
            };
            let name = *field;
            for (_, diag) in self
                .diagnostics
                .iter_mut()
                .filter(|(r, _)| r.as_ref() == Some(resume))
            {
                diag.code = Code::MissingBlock;
                diag.summary = format!("Missing {name} block");
                diag.detail = format!("A block of type \"{name}\" is required here.");
            }
        }
        if blocks.is_empty() {
            return;
        }
        // Renamed diagnostics are found by their new names.
        self.seen.clear();
        for (i, (_, diag)) in self.diagnostics.iter().enumerate() {
            self.seen.entry(identity(diag)).or_default().push(i);
        }
    }

    /// The error of every diagnostic recorded, if any, in source order
    /// (files in the document's order, others in the order first met). At
    /// one place, a diagnostic of an
    /// empty range (what is missing from a body, reported where the body
    /// starts) comes before one of the item that starts there, as schema
    /// processing reports what is missing before the items it did not
    /// expect.
    fn take_error(&mut self) -> Option<Error> {
        let first = self.first.take()?;
        // The diagnostic the first error's path leads to, found again
        // after sorting.
        let pathed = first
            .diagnostics()
            .iter()
            .next()
            .map(|d| (d.code, d.summary.clone(), d.subject.clone()));
        let mut files = std::mem::take(&mut self.files);
        let mut keyed: Vec<((usize, u32, bool), Diagnostic)> =
            std::mem::take(&mut self.diagnostics)
                .into_iter()
                .map(|(_, d)| {
                    let key = match &d.subject {
                        Some(r) => {
                            let file = match files.iter().position(|f| *f == r.filename) {
                                Some(i) => i,
                                None => {
                                    files.push(Arc::clone(&r.filename));
                                    files.len() - 1
                                }
                            };
                            (file, r.start.byte, r.end.byte > r.start.byte)
                        }
                        None => (usize::MAX, 0, false),
                    };
                    (key, d)
                })
                .collect();
        keyed.sort_by_key(|(key, _)| *key);
        let mut sorted: Vec<Diagnostic> = keyed.into_iter().map(|(_, d)| d).collect();
        if self.stopped {
            sorted.push(Diagnostic::error(
                Code::TooManyErrors,
                "Too many errors",
                format!(
                    "The decode stopped looking for errors after {MAX_ERRORS}: there may be more, \
                     which a decode after these are fixed will report."
                ),
            ));
        }
        let path_of = pathed
            .and_then(|(code, summary, subject)| {
                sorted
                    .iter()
                    .position(|d| d.code == code && d.summary == summary && d.subject == subject)
            })
            .unwrap_or(0);
        Some(first.with_diagnostics(sorted.into()).with_path_of(path_of))
    }
}
