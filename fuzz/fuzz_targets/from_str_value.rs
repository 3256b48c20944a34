//! Decoding arbitrary text into schema-less targets: hcl-core's `Value`
//! and `serde_json::Value`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match hcl_serde::from_slice::<hcl_core::Value>(data) {
        Ok(value) => {
            std::hint::black_box(value);
        }
        Err(err) => {
            std::hint::black_box(err.to_string());
        }
    }
    match hcl_serde::from_slice::<serde_json::Value>(data) {
        Ok(value) => {
            std::hint::black_box(value);
        }
        Err(err) => {
            std::hint::black_box(err.to_string());
        }
    }
});
