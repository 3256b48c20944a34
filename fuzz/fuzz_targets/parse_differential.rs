//! The direct parser against pest alone: for every input, the same syntax
//! tree or the same diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (direct, pest) = hcl_core::fuzzing::parse_both_ways(text);
    assert_eq!(direct, pest, "the direct parser and pest disagree on {text:?}");
});
