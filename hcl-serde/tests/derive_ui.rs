//! The compile errors of the `#[hcl]` macro: each file in `tests/ui` fails
//! to compile with the diagnostics of its `.stderr` file.
//!
//! Regenerate the `.stderr` files with `TRYBUILD=overwrite`, after checking
//! that the new messages are right.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
