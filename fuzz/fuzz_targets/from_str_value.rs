//! Decoding arbitrary text into schema-less targets: hcl-core's `Value`
//! and `serde_json::Value`; the second also checks that reading the file
//! one top-level item at a time gives what the file parsed whole gives.
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
    let decoded = hcl_serde::from_slice::<serde_json::Value>(data);
    if let Ok(text) = std::str::from_utf8(data) {
        let whole = hcl_core::parse(text, "<input>")
            .map_err(hcl_serde::Error::from)
            .and_then(|file| {
                hcl_serde::from_body::<serde_json::Value>(
                    &hcl_core::Body::from_file(&file),
                    &hcl_core::EvalContext::new(),
                )
            });
        let show = |r: &hcl_serde::Result<serde_json::Value>| match r {
            Ok(value) => value.to_string(),
            Err(err) => err.to_string(),
        };
        assert_eq!(show(&decoded), show(&whole));
    }
    std::hint::black_box(decoded.map_err(|e| e.to_string())).ok();
});
