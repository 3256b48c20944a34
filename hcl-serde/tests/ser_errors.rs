//! What HCL cannot hold is an "Unsupported value" error with the path to
//! the value, never a panic or output that does not read back.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;

use hcl_serde::Code;
use serde::Serialize;

/// The code and path of a failed write, checking that every entry point
/// fails alike and that `to_writer` writes nothing.
#[track_caller]
fn error_of<T: Serialize>(value: &T) -> (Code, Option<String>) {
    let err = hcl_serde::to_string(value).unwrap_err();
    let pretty = hcl_serde::to_string_pretty(value).unwrap_err();
    assert_eq!(err.to_string(), pretty.to_string());
    assert_eq!(err.path(), pretty.path());
    let mut out = Vec::new();
    assert!(hcl_serde::to_writer(&mut out, value).is_err());
    assert!(out.is_empty());
    let code = err.diagnostics().iter().next().unwrap().code;
    (code, err.path().map(str::to_string))
}

const UNSUPPORTED: Code = Code::UnsupportedValue;

#[test]
fn a_document_is_a_body() {
    assert_eq!(error_of(&()), (UNSUPPORTED, None));
    assert_eq!(error_of(&5u8), (UNSUPPORTED, None));
    assert_eq!(error_of(&"text"), (UNSUPPORTED, None));
    assert_eq!(error_of(&vec![1, 2]), (UNSUPPORTED, None));
    assert_eq!(error_of(&None::<u8>), (UNSUPPORTED, None));
}

#[test]
fn map_keys_must_be_strings() {
    let tuple_keys = BTreeMap::from([((1u8, 2u8), 3u8)]);
    assert_eq!(error_of(&tuple_keys), (UNSUPPORTED, None));
    let nested = BTreeMap::from([("m", BTreeMap::from([(vec![1u8], 1u8)]))]);
    assert_eq!(error_of(&nested), (UNSUPPORTED, Some("m".into())));
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Key {
        a: u8,
    }
    assert_eq!(
        error_of(&BTreeMap::from([(
            "m",
            BTreeMap::from([(Key { a: 1 }, 1)])
        )])),
        (UNSUPPORTED, Some("m".into()))
    );
    let float_keys = vec![(1.5f64, 1)];
    #[derive(Serialize)]
    struct WithFloatKeys {
        #[serde(serialize_with = "as_map")]
        m: Vec<(f64, i32)>,
    }
    fn as_map<S: serde::Serializer>(v: &[(f64, i32)], s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(v.iter().map(|(k, v)| (k, v)))
    }
    assert_eq!(
        error_of(&WithFloatKeys { m: float_keys }),
        (UNSUPPORTED, Some("m".into()))
    );
}

#[test]
fn attribute_and_block_names_must_be_identifiers() {
    assert_eq!(
        error_of(&BTreeMap::from([("a b", 1)])),
        (UNSUPPORTED, Some("a b".into()))
    );
    assert_eq!(
        error_of(&BTreeMap::from([("1st", 1)])),
        (UNSUPPORTED, Some("1st".into()))
    );
    #[derive(Serialize)]
    struct Inner {
        x: u8,
    }
    #[derive(Serialize)]
    struct Renamed {
        #[serde(rename = "not.a.name")]
        block: Inner,
    }
    assert_eq!(
        error_of(&Renamed {
            block: Inner { x: 1 }
        }),
        (UNSUPPORTED, Some("not.a.name".into()))
    );
    // As an object key inside a value, any string may be written.
    assert_eq!(
        hcl_serde::to_string(&BTreeMap::from([("m", BTreeMap::from([("a b", 1)]))])).unwrap(),
        "m = { \"a b\" = 1 }\n"
    );
}

#[test]
fn floats_must_be_finite() {
    #[derive(Serialize)]
    struct F {
        list: Vec<f64>,
        single: f32,
    }
    assert_eq!(
        error_of(&F {
            list: vec![1.0, f64::NAN],
            single: 1.0
        }),
        (UNSUPPORTED, Some("list[1]".into()))
    );
    assert_eq!(
        error_of(&F {
            list: vec![],
            single: f32::INFINITY
        }),
        (UNSUPPORTED, Some("single".into()))
    );
    assert_eq!(
        error_of(&BTreeMap::from([("x", f64::NEG_INFINITY)])),
        (UNSUPPORTED, Some("x".into()))
    );
}

#[test]
fn labels_need_a_block() {
    #[hcl_serde::hcl]
    #[derive(Serialize, serde::Deserialize)]
    struct Service {
        #[hcl(label)]
        name: String,
        port: u16,
    }
    let service = Service {
        name: "a".into(),
        port: 1,
    };
    assert_eq!(error_of(&service), (UNSUPPORTED, None));
    // Nor can an object value hold one.
    #[hcl_serde::hcl]
    #[derive(Serialize, serde::Deserialize)]
    struct Holder {
        #[hcl(attr)]
        service: Service,
    }
    assert_eq!(
        error_of(&Holder { service }),
        (UNSUPPORTED, Some("service".into()))
    );
}

#[test]
fn a_block_field_needs_a_block_shape() {
    #[hcl_serde::hcl]
    #[derive(Serialize, serde::Deserialize)]
    struct Config {
        #[hcl(block)]
        port: u16,
    }
    assert_eq!(
        error_of(&Config { port: 1 }),
        (UNSUPPORTED, Some("port".into()))
    );
}

#[test]
fn nesting_deeper_than_hcl_is_read_back_is_an_error() {
    let mut value = serde_json::json!(1);
    for _ in 0..200 {
        value = serde_json::json!([value]);
    }
    let (code, path) = error_of(&serde_json::json!({ "deep": value }));
    assert_eq!(code, UNSUPPORTED);
    assert!(path.unwrap().starts_with("deep[0][0]"));

    // Within the bound, the value is written and read back.
    let mut value = serde_json::json!(1);
    for _ in 0..100 {
        value = serde_json::json!([value]);
    }
    let doc = serde_json::json!({ "deep": value });
    let text = hcl_serde::to_string(&doc).unwrap();
    let back: serde_json::Value = hcl_serde::from_str(&text).unwrap();
    assert_eq!(back, doc);

    // Whatever is written at the edge of the bound reads back.
    let mut written = 0;
    for depth in 120..135 {
        let mut value = serde_json::json!({ "x": 1 });
        for _ in 0..depth {
            value = serde_json::json!([value]);
        }
        let doc = serde_json::json!({ "deep": value });
        let texts = [
            hcl_serde::to_string(&doc),
            hcl_serde::to_string_pretty(&doc),
        ];
        for text in texts.into_iter().flatten() {
            written += 1;
            let back: serde_json::Value = hcl_serde::from_str(&text).unwrap();
            assert_eq!(back, doc);
        }
    }
    assert!(written > 0 && written < 30);
}

#[test]
fn custom_errors_of_serialize_are_kept() {
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no way"))
        }
    }
    let err = hcl_serde::to_string(&BTreeMap::from([("x", Fails)])).unwrap_err();
    let diag = err.diagnostics().iter().next().unwrap();
    assert_eq!(diag.code, UNSUPPORTED);
    assert_eq!(diag.detail, "no way");
    assert_eq!(err.path(), Some("x"));
}

#[test]
fn a_failing_writer_is_an_error() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = hcl_serde::to_writer(Broken, &BTreeMap::from([("a", 1)])).unwrap_err();
    let diag = err.diagnostics().iter().next().unwrap();
    assert_eq!(diag.summary, "Write failed");
    assert_eq!(diag.detail, "disk full");
}
