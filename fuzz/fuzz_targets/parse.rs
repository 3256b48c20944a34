//! Parsing arbitrary bytes: never a panic, a hang or a stack overflow;
//! every failure is a diagnostic that renders.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match hcl_core::parse(text, "fuzz.hcl") {
        Ok(file) => {
            std::hint::black_box(file);
        }
        Err(diags) => {
            assert!(diags.has_errors());
            std::hint::black_box(diags.to_string());
        }
    }
});
