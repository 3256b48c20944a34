//! The direct parser against pest alone: for every input, the same syntax
//! tree or the same diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Inputs past a limit are the parser's alone (the grammar recurses
    // without one).
    let Some((direct, pest)) = hcl_core::fuzzing::parse_both_ways(text) else {
        return;
    };
    assert_eq!(
        direct, pest,
        "the direct parser and pest disagree on {text:?}"
    );
});
