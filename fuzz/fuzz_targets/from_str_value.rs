//! Decoding arbitrary text into schema-less targets: hcl-core's `Value`
//! and `serde_json::Value`; the second also checks that reading the file
//! one top-level item at a time gives what the file parsed whole gives,
//! and that `from_file` gives the same.
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
    // In the native syntax even where the text looks like JSON (begins with
    // `{` or `[`), which `from_slice` would read as JSON.
    let native = hcl_serde::Decoder::new().syntax(hcl_serde::Syntax::Native);
    let decoded = match std::str::from_utf8(data) {
        Ok(text) => native
            .from_str::<serde_json::Value>(text)
            .map(|decoded| decoded.value),
        Err(_) => hcl_serde::from_slice::<serde_json::Value>(data),
    };
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

        // `from_file` reads what `from_named_str` reads: the same value or
        // the same errors.
        let path = std::env::temp_dir().join(format!("hcl-fuzz-{}.hcl", std::process::id()));
        std::fs::write(&path, data).expect("a temporary file");
        let from_file = native
            .from_file::<serde_json::Value>(&path)
            .map(|decoded| decoded.value);
        let named = native
            .from_named_str::<serde_json::Value>(text, &path.display().to_string())
            .map(|decoded| decoded.value);
        assert_eq!(show(&from_file), show(&named));
    }
    std::hint::black_box(decoded.map_err(|e| e.to_string())).ok();
});
