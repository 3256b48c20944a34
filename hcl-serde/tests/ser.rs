//! Writing HCL with `to_string`, `to_string_pretty` and `to_writer`: every
//! shape of serde's data model and every `#[hcl]` field kind reads back
//! to the value written, the output parses and is in the canonical
//! layout, and what HCL cannot hold is an error.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use hcl_serde::Code;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Writes `value` both ways and checks that each output parses, is
/// formatted, and reads back to `value`; returns the compact output.
#[track_caller]
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let compact = hcl_serde::to_string(value).unwrap();
    let pretty = hcl_serde::to_string_pretty(value).unwrap();
    for text in [&compact, &pretty] {
        if let Err(e) = hcl_core::parse(text, "out.hcl") {
            panic!("the output does not parse:\n{text}\n{e}");
        }
        assert_eq!(&hcl_core::format(text), text, "not in the canonical layout");
        let back: T = match hcl_serde::from_str(text) {
            Ok(back) => back,
            Err(e) => panic!("the output does not read back:\n{text}\n{e}"),
        };
        assert_eq!(&back, value, "read back differently from:\n{text}");
    }
    compact
}

/// The code of the first diagnostic of a failed write.
#[track_caller]
fn error_code<T: Serialize>(value: &T) -> (Code, Option<String>) {
    let err = hcl_serde::to_string(value).unwrap_err();
    let code = err.diagnostics().iter().next().unwrap().code;
    (code, err.path().map(str::to_string))
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Scalars {
    t: bool,
    f: bool,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    f32: f32,
    f64: f64,
    c: char,
    s: String,
}

#[test]
fn scalars_round_trip() {
    round_trip(&Scalars {
        t: true,
        f: false,
        i8: i8::MIN,
        i16: i16::MIN,
        i32: i32::MIN,
        i64: i64::MIN,
        i128: i128::MIN,
        u8: u8::MAX,
        u16: u16::MAX,
        u32: u32::MAX,
        u64: u64::MAX,
        u128: u128::MAX,
        f32: 0.1,
        f64: 0.1,
        c: 'é',
        s: "plain".into(),
    });
    round_trip(&Scalars {
        t: false,
        f: true,
        i8: i8::MAX,
        i16: i16::MAX,
        i32: i32::MAX,
        i64: i64::MAX,
        i128: i128::MAX,
        u8: 0,
        u16: 0,
        u32: 0,
        u64: 0,
        u128: 0,
        f32: -3.4e38,
        f64: 1e-300,
        c: '"',
        s: String::new(),
    });
}

#[test]
fn floats_are_exact() {
    for v in [
        0.0,
        -0.0,
        1.0,
        1.5,
        1e300,
        -1e-300,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        2f64.sqrt(),
    ] {
        let text = round_trip(&BTreeMap::from([("x".to_string(), v)]));
        let back: BTreeMap<String, f64> = hcl_serde::from_str(&text).unwrap();
        assert_eq!(
            back["x"].to_bits() & !(1 << 63),
            v.to_bits() & !(1 << 63),
            "{text}"
        );
    }
    for v in [f32::MAX, f32::MIN_POSITIVE, 1e-45, 0.3] {
        round_trip(&BTreeMap::from([("x".to_string(), v)]));
    }
}
