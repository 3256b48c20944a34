//! The failure of the error on its way out of a pass: where the next pass
//! carries on past it, kept in the pass's record, not in the error.
//!
//! An error travels outwards through the reads that contain it; the first
//! to know a place for it (the innermost) records it. Each read opens a
//! [`Scope`], numbered in the order reads start: a failure recorded in a
//! scope older than the current read's belongs to an error that serde or
//! user code swallowed, and is replaced; a read that succeeds forgets the
//! failures recorded inside it.

use super::{PassRecord, Resume};

/// What the error on its way out of a pass says for the next pass, kept
/// in the session rather than in the error: the place to carry on from,
/// and whether a stand-in may have caused it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Failure {
    pub(crate) resume: Option<Resume>,
    pub(crate) stand_in: bool,
    /// The scope it was recorded in. A failure recorded in a scope opened
    /// before the current read is not this error's: serde or user code
    /// swallowed that one's error (a `Deserialize` that falls back on a
    /// default), and it is replaced.
    scope: u64,
}

/// A read during which a failure is this read's own: its number, in the
/// order reads start, so that reads inside it have greater ones.
#[derive(Clone, Copy)]
pub(crate) struct Scope(u64);

impl PassRecord {
    /// Opens a scope for a read that starts now.
    pub(crate) fn scope(&self) -> Scope {
        let n = self.scopes.get() + 1;
        self.scopes.set(n);
        Scope(n)
    }

    /// This scope's failure, if one was recorded in it or in a scope
    /// inside it.
    pub(super) fn failure_in(&self, scope: Scope) -> Option<Failure> {
        self.failure.get().filter(|f| f.scope >= scope.0)
    }

    /// Records that the read of `scope` failed, with `resume` as where a
    /// next pass carries on past it, unless a read inside it recorded a
    /// place already. `after_stand_in`: a stand-in was read on the way to
    /// the error, which may be its cause; such an error, like one from a
    /// stand-in, is not reported, and the next pass stands in for the
    /// whole of `resume`.
    pub(crate) fn failed(&self, scope: Scope, resume: Resume, after_stand_in: bool) {
        let failure = match self.failure_in(scope) {
            Some(
                inner @ Failure {
                    resume: Some(_), ..
                },
            ) => inner,
            Some(inner) => Failure {
                resume: Some(resume),
                stand_in: inner.stand_in || after_stand_in,
                scope: inner.scope,
            },
            None => Failure {
                resume: Some(resume),
                stand_in: after_stand_in,
                scope: scope.0,
            },
        };
        self.failure.set(Some(failure));
    }

    /// Records that a target failed on a stand-in read in `scope`.
    pub(super) fn failed_on_stand_in(&self, scope: Scope) {
        let failure = match self.failure_in(scope) {
            Some(inner) => Failure {
                stand_in: true,
                ..inner
            },
            None => Failure {
                resume: None,
                stand_in: true,
                scope: scope.0,
            },
        };
        self.failure.set(Some(failure));
    }

    /// Forgets a failure recorded in `scope`, whose read went on past it
    /// (its error swallowed) and succeeded.
    pub(super) fn succeeded(&self, scope: Scope) {
        if self.failure_in(scope).is_some() {
            self.failure.set(None);
        }
    }

    /// The failure of the error on its way out: to be put back with
    /// [`PassRecord::restore`] after reads made while it is.
    pub(crate) fn take_failure(&self) -> Option<Failure> {
        self.failure.take()
    }

    /// Puts back the failure of the error on its way out.
    pub(crate) fn restore(&self, failure: Option<Failure>) {
        self.failure.set(failure);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::de::recovery::Place;

    fn place(start: u32) -> Resume {
        Resume::Value(Place::test(u64::from(start)))
    }

    fn resume(record: &PassRecord) -> Option<Resume> {
        record.failure.get().and_then(|f| f.resume)
    }

    #[test]
    fn the_innermost_read_that_knows_a_place_records_it() {
        let record = PassRecord::default();
        let outer = record.scope();
        let inner = record.scope();
        record.failed(inner, place(5), false);
        record.failed(outer, place(1), false);
        assert_eq!(resume(&record), Some(place(5)));
    }

    #[test]
    fn a_swallowed_error_is_replaced_by_the_next() {
        let record = PassRecord::default();
        let outer = record.scope();
        let first = record.scope();
        record.failed(first, place(5), false);
        // The target swallowed that error and read on; the next fails.
        let second = record.scope();
        record.failed(second, place(9), false);
        record.failed(outer, place(1), false);
        assert_eq!(resume(&record), Some(place(9)));

        // A read that succeeds after an error inside it forgets it.
        let record = PassRecord::default();
        let outer = record.scope();
        let inner = record.scope();
        record.failed(inner, place(5), false);
        record.succeeded(outer);
        assert!(record.failure.get().is_none());
    }

    #[test]
    fn a_failure_on_a_stand_in_marks_the_place_found_outside_it() {
        let record = PassRecord::default();
        let outer = record.scope();
        let stand_in = record.scope();
        record.failed_on_stand_in(stand_in);
        record.failed(outer, place(1), false);
        let failure = record.failure.get().unwrap();
        assert_eq!((failure.resume, failure.stand_in), (Some(place(1)), true));

        // Taken and put back around the reads made while it travels.
        let taken = record.take_failure();
        let sibling = record.scope();
        record.failed(sibling, place(7), false);
        record.restore(taken);
        assert_eq!(resume(&record), Some(place(1)));
    }
}
