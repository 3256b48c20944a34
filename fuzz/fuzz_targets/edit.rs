//! Format-preserving editing of arbitrary bytes: a text that parses as a
//! `hcl_core::edit::Document` prints back byte for byte; after each edit of
//! a script read from the input (set raw, value or traversal, remove,
//! append a block, set labels, clear, append a line break, on the bodies
//! of the document), the document prints a file that parses.
//!
//! The input is the text, then a NUL byte and the script, one choice a
//! byte; without a NUL, the whole input is the text and there is no edit.
//! The properties are those of `tests/support/edit_script.rs`, which the
//! corpus test `tests/edit_corpus.rs` runs with fixed scripts.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/edit_script.rs"]
#[allow(dead_code)]
mod edit_script;

fuzz_target!(|data: &[u8]| {
    let (text, script) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    edit_script::check_edit_script("input", text, script, 16);
});
