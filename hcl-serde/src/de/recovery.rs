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
//! A stand-in is never returned to the caller: a decode that needed one
//! fails. Errors that may have been caused by a stand-in (a struct that
//! checks its fields, a stand-in that the target rejects) end the passes
//! and are not reported.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hcl_core::analysis::Location;
use hcl_core::Code;
use hcl_core::Diagnostic;
use serde::de::{self, Visitor};

use super::body::{Field, BLOCK_STRUCT};
use super::Session;
use crate::error::{Error, Result};
use crate::special::{BODY_PAYLOAD, SPANNED};

/// The most passes one decode makes.
const MAX_PASSES: usize = 64;

/// The attributes and blocks read over all passes past which no further
/// pass is made, so that a huge input with many errors still fails fast,
/// with its first errors.
const WORK_BUDGET: usize = 1 << 22;

/// A range of a source file, as an identity that outlives the pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Place {
    file: usize,
    start: u32,
    end: u32,
}

impl Place {
    pub(crate) fn of(at: Location<'_>) -> Self {
        Place {
            file: Arc::as_ptr(at.file) as usize,
            start: at.span.start,
            end: at.span.end,
        }
    }

    /// A place for the one body without a location: a merged empty one.
    pub(crate) const NOWHERE: Place = Place {
        file: 0,
        start: 0,
        end: 0,
    };
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
    /// stand-in; the body's target is an `#[hcl]` struct if `true`.
    Missing(Place, &'static str, bool),
    /// This element of a sequence or map of blocks is a stand-in.
    Element(Element),
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
}

impl PassRecord {
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

impl Session<'_, '_> {
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
        let stand_ins = self.record.stand_ins.get();
        read().map_err(|e| match resume() {
            Some(resume) => e.or_resume(resume, self.record.stand_ins.get() != stand_ins),
            None => e,
        })
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
    /// Takes the result of a pass. `points` gains the place to carry on
    /// from, if there is another pass to make.
    pub(crate) fn pass<T>(
        &mut self,
        result: Result<T>,
        record: &PassRecord,
        points: &mut ResumePoints,
    ) -> Next<T> {
        self.work = self.work.saturating_add(record.work.get());
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
        let resume = err.resume();
        // An error with no place to carry on from, met after a stand-in
        // was read, may be the stand-in's doing: the passes end here.
        let after_stand_in = err.is_from_stand_in() || record.stand_ins.get() > 0;
        // Whether the error's diagnostics, those of the siblings checked
        // after it included, are kept.
        let kept = match resume {
            None if after_stand_in => {
                return Next::Done(Err(self.take_error().unwrap_or(err)));
            }
            // Not the input's mistake: the next pass stands in for the
            // whole of `resume`.
            Some(_) if err.is_from_stand_in() => false,
            _ => {
                self.add(err, resume);
                true
            }
        };
        let again = resume
            .is_some_and(|r| points.len() < MAX_PASSES && self.work < WORK_BUDGET && points.add(r));
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
            let Field::Auto(name) = Field::parse(field) else {
                continue;
            };
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
    /// (files in the order first met).
    fn take_error(&mut self) -> Option<Error> {
        let first = self.first.take()?;
        // The diagnostic the first error's path leads to, found again
        // after sorting.
        let pathed = first
            .diagnostics()
            .iter()
            .next()
            .map(|d| (d.code, d.summary.clone(), d.subject.clone()));
        let mut files: Vec<Arc<str>> = Vec::new();
        let mut keyed: Vec<((usize, u32), Diagnostic)> = std::mem::take(&mut self.diagnostics)
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
                        (file, r.start.byte)
                    }
                    None => (usize::MAX, 0),
                };
                (key, d)
            })
            .collect();
        keyed.sort_by_key(|(key, _)| *key);
        let sorted: Vec<Diagnostic> = keyed.into_iter().map(|(_, d)| d).collect();
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

/// A value every target accepts (zero, empty, none, the first variant),
/// read in place of one that failed in an earlier pass.
pub(crate) struct StandIn<'s, 'de> {
    pub(crate) session: &'s Session<'s, 'de>,
    /// The missing field this stands in for, if it is one.
    pub(crate) missing: Option<Resume>,
}

impl<'de, 's> StandIn<'s, 'de> {
    pub(crate) fn new(session: &'s Session<'s, 'de>, missing: Option<Resume>) -> Self {
        let count = &session.record.stand_ins;
        count.set(count.get() + 1);
        StandIn { session, missing }
    }

    /// Records that the missing field this stands in for, if it is one,
    /// takes a block, when `takes_block` (see `Found::name_missing_blocks`).
    fn missing_block(&self, takes_block: bool) {
        if let (Some(missing), true) = (self.missing, takes_block) {
            self.session
                .record
                .missing_blocks
                .borrow_mut()
                .push(missing);
        }
    }

    fn inner(&self) -> Self {
        StandIn {
            session: self.session,
            missing: None,
        }
    }
}

/// Scalar targets: the zero of their type.
macro_rules! zero {
    ($($method:ident => $visit:ident($($value:expr)?))*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            visitor.$visit($($value)?).map_err(Error::of_stand_in)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for StandIn<'_, 'de> {
    type Error = Error;

    zero! {
        deserialize_any => visit_unit()
        deserialize_bool => visit_bool(false)
        deserialize_i8 => visit_i64(0)
        deserialize_i16 => visit_i64(0)
        deserialize_i32 => visit_i64(0)
        deserialize_i64 => visit_i64(0)
        deserialize_i128 => visit_i128(0)
        deserialize_u8 => visit_u64(0)
        deserialize_u16 => visit_u64(0)
        deserialize_u32 => visit_u64(0)
        deserialize_u64 => visit_u64(0)
        deserialize_u128 => visit_u128(0)
        deserialize_f32 => visit_f64(0.0)
        deserialize_f64 => visit_f64(0.0)
        deserialize_char => visit_char(' ')
        deserialize_str => visit_str("")
        deserialize_string => visit_str("")
        deserialize_identifier => visit_str("")
        deserialize_bytes => visit_bytes(&[])
        deserialize_byte_buf => visit_bytes(&[])
        deserialize_unit => visit_unit()
        deserialize_ignored_any => visit_unit()
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none().map_err(Error::of_stand_in)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_unit().map_err(Error::of_stand_in)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        // A `RawBody` is a block type.
        self.missing_block(name == BODY_PAYLOAD);
        let inner = self.inner();
        visitor
            .visit_newtype_struct(inner)
            .map_err(Error::of_stand_in)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor
            .visit_seq(StandInSeq {
                stand_in: self.inner(),
                left: 0,
            })
            .map_err(Error::of_stand_in)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        visitor
            .visit_seq(StandInSeq {
                stand_in: self.inner(),
                left: len,
            })
            .map_err(Error::of_stand_in)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor
            .visit_map(StandInMap {
                stand_in: self.inner(),
                fields: [].iter(),
            })
            .map_err(Error::of_stand_in)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // A field of an `#[hcl]` struct takes blocks only of a block type;
        // any other takes them of any struct.
        let takes_block = match self.missing {
            Some(Resume::Missing(_, _, true)) => name.starts_with(BLOCK_STRUCT),
            _ => name != SPANNED,
        };
        self.missing_block(takes_block);
        visitor
            .visit_map(StandInMap {
                stand_in: self.inner(),
                fields: fields.iter(),
            })
            .map_err(Error::of_stand_in)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let Some(&variant) = variants.first() else {
            return Err(
                Error::message(Code::InvalidValue, "Invalid value", String::new()).of_stand_in(),
            );
        };
        visitor
            .visit_enum(StandInEnum {
                stand_in: self.inner(),
                variant,
            })
            .map_err(Error::of_stand_in)
    }
}

struct StandInSeq<'s, 'de> {
    stand_in: StandIn<'s, 'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for StandInSeq<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(self.stand_in.inner()).map(Some)
    }
}

/// A struct of stand-ins, one per field.
struct StandInMap<'s, 'de> {
    stand_in: StandIn<'s, 'de>,
    fields: std::slice::Iter<'static, &'static str>,
}

impl<'de> de::MapAccess<'de> for StandInMap<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(&field) = self.fields.next() else {
            return Ok(None);
        };
        let key: de::value::StrDeserializer<'_, Error> =
            de::IntoDeserializer::into_deserializer(field);
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: de::DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value> {
        seed.deserialize(self.stand_in.inner())
    }
}

struct StandInEnum<'s, 'de> {
    stand_in: StandIn<'s, 'de>,
    variant: &'static str,
}

impl<'de, 's> de::EnumAccess<'de> for StandInEnum<'s, 'de> {
    type Error = Error;
    type Variant = StandIn<'s, 'de>;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant)> {
        let key: de::value::StrDeserializer<'_, Error> =
            de::IntoDeserializer::into_deserializer(self.variant);
        Ok((seed.deserialize(key)?, self.stand_in))
    }
}

impl<'de> de::VariantAccess<'de> for StandIn<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_tuple(self, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}
