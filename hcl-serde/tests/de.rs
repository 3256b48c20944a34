//! Decoding documents into Rust types: every mapping rule and error path.
#![allow(
    clippy::panic,
    reason = "the test helpers report failures by panicking"
)]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use hcl_core::{Code, EvalContext, Value};
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// Decodes `src` and compares with `expected`.
fn check_decode<T: DeserializeOwned + PartialEq + Debug>(src: &str, expected: T) {
    match hcl_serde::from_str::<T>(src) {
        Ok(v) => assert_eq!(v, expected, "decoding {src:?}"),
        Err(e) => panic!("decoding {src:?} failed:\n{e}"),
    }
}

/// Decodes `src`, which must fail, and returns the rendered error.
fn decode_err<T: DeserializeOwned + Debug>(src: &str) -> String {
    match hcl_serde::from_str::<T>(src) {
        Ok(v) => panic!("decoding {src:?} succeeded: {v:?}"),
        Err(e) => e.to_string(),
    }
}

/// The codes of the diagnostics of a failed decode.
fn codes<T: DeserializeOwned + Debug>(src: &str) -> Vec<Code> {
    match hcl_serde::from_str::<T>(src) {
        Ok(v) => panic!("decoding {src:?} succeeded: {v:?}"),
        Err(e) => e.diagnostics().iter().map(|d| d.code).collect(),
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Scalars {
    b: bool,
    c: char,
    s: String,
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
    unit: (),
}

#[test]
fn scalars() {
    let src = r#"
b = true
c = "x"
s = "a${1 + 1}"
i8 = -128
i16 = -32768
i32 = 2147483647
i64 = -9223372036854775808
i128 = 170141183460469231731687303715884105727
u8 = 255
u16 = "65535"
u32 = 4294967295
u64 = 18446744073709551615
u128 = 340282366920938463463374607431768211455
f32 = 1.5
f64 = 0.1
unit = null
"#;
    check_decode(
        src,
        Scalars {
            b: true,
            c: 'x',
            s: "a2".into(),
            i8: i8::MIN,
            i16: i16::MIN,
            i32: i32::MAX,
            i64: i64::MIN,
            i128: i128::MAX,
            u8: u8::MAX,
            u16: u16::MAX,
            u32: u32::MAX,
            u64: u64::MAX,
            u128: u128::MAX,
            f32: 1.5,
            f64: 0.1,
            unit: (),
        },
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct One<T> {
    v: T,
}

fn one<T>(v: T) -> One<T> {
    One { v }
}

#[test]
fn integer_errors_name_value_and_type() {
    let cases = [
        (
            "v = 256\n",
            "The value 256 is out of range for u8 (0 to 255).",
        ),
        (
            "v = -1\n",
            "The value -1 is out of range for u8 (0 to 255).",
        ),
        (
            "v = 1.5\n",
            "The value 1.5 is not an integer, so it cannot be converted to u8.",
        ),
        (
            "v = \"x\"\n",
            "Expected u8, but the string \"x\" is not a number.",
        ),
        ("v = true\n", "Expected u8, but found a value of type bool."),
    ];
    for (src, detail) in cases {
        let err = hcl_serde::from_str::<One<u8>>(src).unwrap_err();
        let diag = err.diagnostics().iter().next().unwrap();
        assert_eq!(diag.detail, detail, "{src}");
        assert_eq!(diag.subject.as_ref().unwrap().start.column, 5, "{src}");
        assert_eq!(err.path(), Some("v"));
    }
    let err = decode_err::<One<i64>>("v = 9223372036854775808\n");
    assert!(err.contains("The value 9223372036854775808 is out of range for i64"));
    let err = decode_err::<One<f32>>("v = 1e39\n");
    assert!(err.contains("out of range for f32"), "{err}");
}

#[test]
fn rendered_out_of_range() {
    assert_eq!(
        decode_err::<One<u16>>("v = 70000\n"),
        "Error: Invalid value
  --> <input>:1:5
  |
1 | v = 70000
  |     ^^^^^

The value 70000 is out of range for u16 (0 to 65535).
"
    );
}

#[test]
fn collections() {
    check_decode("v = [1, 2, 3]\n", one(vec![1u8, 2, 3]));
    check_decode("v = toset([\"a\"])\n", one(vec!["a".to_string()]));
    check_decode("v = tolist([])\n", one(Vec::<u8>::new()));
    check_decode("v = [1, \"a\", true]\n", one((1u8, "a".to_string(), true)));
    check_decode(
        "v = { a = 1, b = 2 }\n",
        one(BTreeMap::from([("a".to_string(), 1), ("b".to_string(), 2)])),
    );
    check_decode(
        "v = tomap({ a = 1 })\n",
        one(HashMap::from([("a".to_string(), 1u64)])),
    );
    let err = decode_err::<One<(u8, u8)>>("v = [1]\n");
    assert!(err.contains("Expected 2 elements, but found 1."), "{err}");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Inner {
    a: u8,
    b: Option<String>,
}

#[test]
fn objects_into_structs_and_options() {
    check_decode("v = { a = 1 }\n", one(Inner { a: 1, b: None }));
    check_decode("v = null\n", one(None::<u8>));
    check_decode("v = 3\n", one(Some(3u8)));
    check_decode("", one(None::<u8>));
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Mode {
    Fast,
    Slow,
    Limit(u32),
    Range { from: u8, to: u8 },
}

#[test]
fn enums() {
    check_decode("v = \"fast\"\n", one(Mode::Fast));
    check_decode("v = \"slow\"\n", one(Mode::Slow));
    check_decode("v = { limit = 5 }\n", one(Mode::Limit(5)));
    check_decode(
        "v = { range = { from = 1, to = 2 } }\n",
        one(Mode::Range { from: 1, to: 2 }),
    );
    let err = decode_err::<One<Mode>>("v = \"medium\"\n");
    assert!(
        err.contains(
            "Unknown variant \"medium\"; expected one of \"fast\", \"slow\", \"limit\", \"range\"."
        ),
        "{err}"
    );
    assert!(err.contains("1 | v = \"medium\""), "{err}");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Newtype(u8);

#[test]
fn newtypes_and_chars() {
    check_decode("v = 7\n", one(Newtype(7)));
    let err = decode_err::<One<char>>("v = \"ab\"\n");
    assert!(err.contains("Expected a single character"), "{err}");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Renamed {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    port: u16,
    #[serde(default = "default_host")]
    host: String,
    maybe: Option<u8>,
}

fn default_host() -> String {
    "localhost".into()
}

#[test]
fn renames_and_defaults() {
    check_decode(
        "type = \"web\"\n",
        Renamed {
            kind: "web".into(),
            port: 0,
            host: "localhost".into(),
            maybe: None,
        },
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Server {
    name: String,
    port: u16,
}

#[test]
fn missing_required_argument() {
    assert_eq!(
        decode_err::<Server>("name = \"a\"\n"),
        // At the start of the body, as the reference reports it.
        "Error: Missing required argument
  --> <input>:1:1
  |
1 | name = \"a\"
  | ^

The argument \"port\" is required, but no definition was found.
"
    );
}

#[test]
fn unsupported_arguments_and_blocks_are_all_reported() {
    let src = "name = \"a\"\nprot = 1\nextra {}\n";
    assert_eq!(
        decode_err::<Server>(src),
        "Error: Missing required argument
  --> <input>:1:1
  |
1 | name = \"a\"
  | ^

The argument \"port\" is required, but no definition was found.

Error: Unsupported argument
  --> <input>:2:1
  |
2 | prot = 1
  | ^^^^

An argument named \"prot\" is not expected here. Did you mean \"port\"?

Error: Unsupported block type
  --> <input>:3:1
  |
3 | extra {}
  | ^^^^^

Blocks of type \"extra\" are not expected here.
"
    );
}

#[test]
fn evaluation_errors_are_collected() {
    let s = codes::<Server>("name = nope\nport = 1 + true\n");
    assert_eq!(s.len(), 2, "{s:?}");
}

#[test]
fn variables_and_functions() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("base", Value::from(8000));
    let s: Server =
        hcl_serde::from_str_with("name = upper(\"a\")\nport = base + 80\n", &ctx).unwrap();
    assert_eq!(
        s,
        Server {
            name: "A".into(),
            port: 8080
        }
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Blocks {
    single: Server,
    maybe: Option<Server>,
    #[serde(default)]
    many: Vec<Server>,
    #[serde(default)]
    named: BTreeMap<String, Server>,
}

const SERVER: &str = "{\n  name = \"s\"\n  port = 1\n}\n";

fn server() -> Server {
    Server {
        name: "s".into(),
        port: 1,
    }
}

#[test]
fn block_cardinality_by_target_type() {
    let src = format!("single {SERVER}many {SERVER}named \"x\" {SERVER}named \"y\" {SERVER}");
    check_decode(
        &src,
        Blocks {
            single: server(),
            maybe: None,
            many: vec![server()],
            named: BTreeMap::from([("x".into(), server()), ("y".into(), server())]),
        },
    );
    let src = format!("single {SERVER}maybe {SERVER}many {SERVER}many {SERVER}");
    check_decode(
        &src,
        Blocks {
            single: server(),
            maybe: Some(server()),
            many: vec![server(), server()],
            named: BTreeMap::new(),
        },
    );
}

#[test]
fn missing_block() {
    assert_eq!(
        decode_err::<Blocks>(""),
        "Error: Missing single block
  --> <input>:1:1
  |
1 | 
  | ^

A block of type \"single\" is required here.
"
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct NeedsBlock {
    single: Server,
    #[serde(default)]
    many: Vec<Server>,
}

#[test]
fn duplicate_block_points_at_both() {
    let src = format!("single {SERVER}single {SERVER}");
    assert_eq!(
        decode_err::<NeedsBlock>(&src),
        "Error: Duplicate single block
  --> <input>:5:1
  |
5 | single {
  | ^^^^^^

Only one block of type \"single\" is allowed here. Another was defined at <input>:1:1.
"
    );
    let src = format!("single {SERVER}named \"x\" {SERVER}named \"x\" {SERVER}");
    assert_eq!(codes::<Blocks>(&src), [Code::DuplicateBlock]);
}

#[test]
fn label_errors() {
    let src = format!("single \"x\" {SERVER}");
    let err = decode_err::<NeedsBlock>(&src);
    assert!(
        err.starts_with("Error: Extraneous label for single\n  --> <input>:1:8\n"),
        "{err}"
    );
    assert!(
        err.contains("No labels are expected for single blocks."),
        "{err}"
    );
    // One unlabelled block into a map is a map of its body; two need
    // labels to be told apart.
    let src = format!("single {SERVER}named \"a\" {SERVER}named {SERVER}");
    let err = decode_err::<Blocks>(&src);
    assert!(err.starts_with("Error: Missing label for named\n"), "{err}");
    assert!(err.contains("All named blocks must have 1 label."), "{err}");
}

#[test]
fn nested_block_errors_carry_the_path() {
    let src = format!("single {SERVER}named \"x\" {{\n  name = 1\n  port = -1\n}}\n");
    let err = hcl_serde::from_str::<Blocks>(&src).unwrap_err();
    assert_eq!(err.path(), Some("named.x.port"));
    assert!(err.to_string().contains("--> <input>:7:10"), "{err}");
}

#[derive(Debug, PartialEq)]
struct Email(String);

impl std::str::FromStr for Email {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.contains('@') {
            Ok(Email(s.into()))
        } else {
            Err(format!("{s:?} is not an email address"))
        }
    }
}

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[test]
fn user_errors_get_the_value_range() {
    assert_eq!(
        decode_err::<One<Email>>("\nv = \"bob\"\n"),
        "Error: Invalid value
  --> <input>:2:5
  |
2 | v = \"bob\"
  |     ^^^^^

\"bob\" is not an email address
"
    );
    check_decode("v = \"a@b\"\n", one(Email("a@b".into())));
}

#[test]
fn entry_points() {
    let v: One<u8> = hcl_serde::from_slice(b"v = 1\n").unwrap();
    assert_eq!(v, one(1));
    let err = hcl_serde::from_slice::<One<u8>>(b"v = \"\xc3\x28\"\n").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Error: Invalid UTF-8\n  --> <input>:1:6\n"),
        "{err}"
    );
    let v: One<u8> = hcl_serde::from_reader(&b"v = 2\n"[..]).unwrap();
    assert_eq!(v, one(2));

    let dir = std::env::temp_dir().join(format!("hcl-serde-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("app.hcl");
    std::fs::write(&path, "v = \"x\"\n").unwrap();
    let err = hcl_serde::from_file::<One<u8>>(&path).unwrap_err();
    assert!(
        err.to_string()
            .contains(&format!("--> {}:1:5", path.display())),
        "{err}"
    );
    let err = hcl_serde::from_file::<One<u8>>(dir.join("missing.hcl")).unwrap_err();
    assert!(
        err.to_string().starts_with("Error: Failed to read file"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let err = hcl_serde::from_str::<One<u8>>("v = \n").unwrap_err();
    assert!(err.diagnostics().has_errors());
}

#[test]
fn from_value_converts() {
    let value = Value::object([("a", Value::from(1)), ("b", Value::string("x"))]);
    let inner: Inner = hcl_serde::from_value(&value).unwrap();
    assert_eq!(
        inner,
        Inner {
            a: 1,
            b: Some("x".into())
        }
    );
    let err =
        hcl_serde::from_value::<Inner>(&Value::object([("a", Value::from(300))])).unwrap_err();
    assert_eq!(err.path(), Some("a"));
    assert!(err
        .to_string()
        .contains("The value 300 is out of range for u8 (0 to 255)."));
}

#[test]
fn schema_less_json() {
    let src = r#"
a = 1
b = ["x", true]
plain {
  c = 2
}
service "web" {
  port = 80
}
service "db" {
  port = 5432
}
resource "aws_instance" "web" {
  ami = "ami-1"
}
"#;
    let v: serde_json::Value = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "a": 1,
            "b": ["x", true],
            "plain": { "c": 2 },
            "service": { "web": { "port": 80 }, "db": { "port": 5432 } },
            "resource": { "aws_instance": { "web": { "ami": "ami-1" } } },
        })
    );
    let v: serde_json::Value = hcl_serde::from_str("x {\n}\nx {\n}\n").unwrap();
    assert_eq!(v, serde_json::json!({ "x": [{}, {}] }));
}

#[test]
fn did_you_mean() {
    assert_eq!(
        decode_err::<Server>("nmae = \"a\"\nport = 1\n"),
        "Error: Unsupported argument
  --> <input>:1:1
  |
1 | nmae = \"a\"
  | ^^^^

An argument named \"nmae\" is not expected here. Did you mean \"name\"?

Error: Missing required argument
  --> <input>:1:1
  |
1 | nmae = \"a\"
  | ^

The argument \"name\" is required, but no definition was found.
"
    );
    let err = decode_err::<Blocks>(&format!("singel {SERVER}"));
    assert!(
        err.contains("Blocks of type \"singel\" are not expected here. Did you mean \"single\"?"),
        "{err}"
    );
    let err = decode_err::<Server>("name = \"a\"\nport {\n}\n");
    assert!(
        err.contains("Did you mean to define argument \"port\"?"),
        "{err}"
    );
}

#[test]
fn labels_convert_to_key_types() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Ports {
        port: BTreeMap<u16, Server>,
    }
    check_decode(
        &format!("port \"80\" {SERVER}"),
        Ports {
            port: BTreeMap::from([(80, server())]),
        },
    );
    let err = hcl_serde::from_str::<Ports>(&format!("port \"http\" {SERVER}")).unwrap_err();
    assert_eq!(err.path(), Some("port.http"));
}

#[test]
fn attribute_and_block_of_one_name() {
    let err = decode_err::<Blocks>(&format!("single = 1\nsingle {SERVER}"));
    assert!(
        err.contains("an argument \"single\" is already defined"),
        "{err}"
    );
}

#[test]
fn body_into_a_scalar_is_an_error() {
    let err = decode_err::<u8>("a = 1\n");
    assert!(err.starts_with("Error: Invalid value\n"), "{err}");
    assert!(err.contains("expected u8"), "{err}");
}

#[test]
fn error_is_send_sync_and_std() {
    fn check<E: std::error::Error + Send + Sync + 'static>() {}
    check::<hcl_serde::Error>();
}

#[test]
fn merged_bodies_decode_as_one() {
    let a = hcl_core::parse("name = \"a\"\n", "a.hcl").unwrap();
    let b = hcl_core::parse("port = 1\nprt = 2\n", "b.hcl").unwrap();
    let body = hcl_core::schema::Body::merge_files([&a, &b]);
    let err = hcl_serde::from_body::<Server>(&body, &EvalContext::new()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Error: Unsupported argument\n  --> b.hcl:2:1\n"),
        "{err}"
    );
    let b = hcl_core::parse("port = 1\n", "b.hcl").unwrap();
    let body = hcl_core::schema::Body::merge_files([&a, &b]);
    let s: Server = hcl_serde::from_body(&body, &EvalContext::new()).unwrap();
    assert_eq!(
        s,
        Server {
            name: "a".into(),
            port: 1
        }
    );
}

/// The code and the `line:column` of each diagnostic of a failed decode.
fn diagnostics_at<T: DeserializeOwned + Debug>(src: &str) -> Vec<(Code, String)> {
    match hcl_serde::from_str::<T>(src) {
        Ok(v) => panic!("decoding {src:?} succeeded: {v:?}"),
        Err(e) => e
            .diagnostics()
            .iter()
            .map(|d| {
                let at = d
                    .subject
                    .as_ref()
                    .map(|r| format!("{}:{}", r.start.line, r.start.column))
                    .unwrap_or_default();
                (d.code, at)
            })
            .collect(),
    }
}

fn pairs(list: &[(Code, &str)]) -> Vec<(Code, String)> {
    list.iter()
        .map(|(code, at)| (*code, at.to_string()))
        .collect()
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Many {
    a: u8,
    b: u8,
    c: String,
    d: Option<u8>,
    email: Email,
    server: Server,
    #[serde(default)]
    more: Vec<Server>,
}

#[test]
fn value_errors_in_every_field_are_reported() {
    let src = format!("a = 300\nb = -1\nc = \"ok\"\nd = 1.5\nemail = \"bob\"\nserver {SERVER}");
    assert_eq!(
        diagnostics_at::<Many>(&src),
        pairs(&[
            (Code::InvalidValue, "1:5"),
            (Code::InvalidValue, "2:5"),
            (Code::InvalidValue, "4:5"),
            (Code::InvalidValue, "5:9"),
        ])
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct ManyMissing {
    a: u8,
    b: u8,
    c: String,
    d: Option<u8>,
    email: String,
    server: Server,
    #[serde(default)]
    more: Vec<Server>,
}

#[test]
fn every_missing_field_is_reported_and_blocks_by_their_type() {
    assert_eq!(
        diagnostics_at::<ManyMissing>("c = \"x\"\n"),
        pairs(&[
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingBlock, "1:1"),
        ])
    );
    let err = hcl_serde::from_str::<ManyMissing>("c = \"x\"\n").unwrap_err();
    let details: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "The argument \"a\" is required, but no definition was found.",
            "The argument \"b\" is required, but no definition was found.",
            "The argument \"email\" is required, but no definition was found.",
            "A block of type \"server\" is required here.",
        ]
    );
}

#[test]
fn errors_in_nested_blocks_and_at_the_top_are_all_reported() {
    // A bad value in the first block, a missing argument in the second, an
    // unsupported one in the third, a duplicate block, and a missing
    // argument at the top level.
    let src = "a = 1\nb = 2\nc = \"x\"\nemail = \"a@b\"\n\
               server {\n  name = \"s\"\n  port = 99999\n}\n\
               more {\n  name = \"m\"\n}\n\
               more {\n  name = \"n\"\n  port = 1\n  prot = 2\n}\n";
    assert_eq!(
        diagnostics_at::<Many>(src),
        pairs(&[
            (Code::InvalidValue, "7:10"),
            // At the opening brace of the block's body.
            (Code::MissingRequiredArgument, "9:6"),
            (Code::UnsupportedArgument, "15:3"),
        ])
    );
    let err = hcl_serde::from_str::<Many>(src).unwrap_err();
    assert_eq!(err.path(), Some("server.port"), "the first error's path");
}

#[test]
fn evaluation_and_label_errors_do_not_hide_later_ones() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Labelled {
        #[serde(rename = "$hcl:label:name")]
        name: String,
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        service: Vec<Labelled>,
        count: u8,
        name: String,
    }
    // The first service has no label and a bad port; the second a failing
    // expression and no port; `count` is out of range.
    let src = "service {\n  port = -1\n}\n\
               service \"b\" {\n  port = 1 + true\n}\n\
               count = 256\n";
    assert_eq!(
        diagnostics_at::<Doc>(src),
        pairs(&[
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingLabel, "1:9"),
            (Code::InvalidValue, "2:10"),
            (Code::InvalidOperand, "5:14"),
            (Code::InvalidValue, "7:9"),
        ])
    );
}

#[test]
fn checks_of_a_whole_struct_are_not_run_on_stand_ins() {
    // A struct whose own check would fail on the stand-in for its bad
    // field: only the field's error is reported.
    #[derive(Deserialize, Debug)]
    #[serde(try_from = "RawRange")]
    #[allow(dead_code)]
    struct Range {
        low: u8,
        high: u8,
    }
    #[derive(Deserialize)]
    struct RawRange {
        low: u8,
        high: u8,
    }
    impl TryFrom<RawRange> for Range {
        type Error = String;
        fn try_from(r: RawRange) -> Result<Self, String> {
            if r.low < r.high {
                Ok(Range {
                    low: r.low,
                    high: r.high,
                })
            } else {
                Err("low must be below high".into())
            }
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        range: Range,
        other: u8,
    }
    let s = diagnostics_at::<Doc>("range {\n  low = 1\n  high = 900\n}\nother = -5\n");
    assert_eq!(
        s,
        pairs(&[(Code::InvalidValue, "3:10"), (Code::InvalidValue, "5:9")])
    );
    // Its own error is reported when it is the first.
    let s = diagnostics_at::<Doc>("range {\n  low = 9\n  high = 1\n}\nother = -5\n");
    assert_eq!(
        s,
        pairs(&[(Code::InvalidValue, "1:1"), (Code::InvalidValue, "5:9")])
    );
}

#[test]
fn after_an_error_each_good_block_is_read_once_more() {
    // A pass after an error only looks for errors: blocks that an earlier
    // pass read without one are left out, so many errors among many blocks
    // cost a few reads of each, not one per error.
    use std::cell::Cell;
    thread_local! {
        static READS: Cell<usize> = const { Cell::new(0) };
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Debug)]
    #[allow(dead_code)]
    struct Counted(Port);
    impl<'de> Deserialize<'de> for Counted {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            READS.with(|r| r.set(r.get() + 1));
            Port::deserialize(d).map(Counted)
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        item: Vec<Counted>,
        svc: HashMap<String, HashMap<String, Counted>>,
    }
    let mut src = String::new();
    let mut expected = Vec::new();
    for i in 1..=100 {
        let port = if i % 10 == 0 { 300 } else { i };
        src.push_str(&format!("item {{\n  port = {port}\n}}\n"));
        if port == 300 {
            expected.push((Code::InvalidValue, format!("{}:10", 3 * i - 1)));
        }
    }
    for i in 1..=100 {
        let port = if i % 25 == 0 { 300 } else { i };
        src.push_str(&format!(
            "svc \"t{}\" \"n{i}\" {{\n  port = {port}\n}}\n",
            i % 3
        ));
        if port == 300 {
            expected.push((Code::InvalidValue, format!("{}:10", 300 + 3 * i - 1)));
        }
    }
    READS.with(|r| r.set(0));
    let found = diagnostics_at::<Doc>(&src);
    let expected: Vec<(Code, &str)> = expected.iter().map(|(s, at)| (*s, at.as_str())).collect();
    assert_eq!(found, pairs(&expected));
    // 14 errors: 15 passes, the first of which records nothing; stand-ins
    // for the failed blocks are read too. Reading every block in every
    // pass makes over 1 300 reads.
    let reads = READS.with(Cell::get);
    assert!(reads < 3 * 200, "{reads} blocks read");
}

#[test]
fn value_and_body_errors_in_many_blocks_are_each_reported_once() {
    // Bad values are found pass by pass; unsupported and missing arguments
    // by checking the blocks after the one that failed. Each block is
    // checked once over all passes, and each error reported once.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        item: Vec<Port>,
    }
    let mut src = String::new();
    let mut expected = Vec::new();
    for i in 0..30 {
        let line = 3 * i + 2;
        match i % 3 {
            0 => {
                src.push_str("item {\n  port = 300\n}\n");
                expected.push((Code::InvalidValue, format!("{line}:10")));
            }
            1 => {
                src.push_str("item {\n  prot = 1\n}\n");
                // At the block's opening brace.
                expected.push((Code::MissingRequiredArgument, format!("{}:6", line - 1)));
                expected.push((Code::UnsupportedArgument, format!("{line}:3")));
            }
            _ => src.push_str("item {\n  port = 1\n}\n"),
        }
    }
    let expected: Vec<(Code, &str)> = expected.iter().map(|(s, at)| (*s, at.as_str())).collect();
    assert_eq!(diagnostics_at::<Doc>(&src), pairs(&expected));
}

#[test]
fn blocks_left_out_of_later_passes_cause_no_error() {
    // Targets that check how many blocks they get, with errors in two
    // blocks: the later passes give them fewer, and only the two errors
    // are reported.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Deserialize, Debug)]
    #[serde(try_from = "Vec<Port>")]
    #[allow(dead_code)]
    struct Three(Vec<Port>);
    impl TryFrom<Vec<Port>> for Three {
        type Error = String;
        fn try_from(ports: Vec<Port>) -> Result<Self, String> {
            if ports.len() == 3 {
                Ok(Three(ports))
            } else {
                Err(format!("3 ports are needed, not {}", ports.len()))
            }
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        a: [Port; 3],
        b: Three,
        other: u8,
    }
    let src = "a {\n  port = 1\n}\na {\n  port = 300\n}\na {\n  port = 301\n}\n\
               b {\n  port = 1\n}\nb {\n  port = 2\n}\nb {\n  port = 302\n}\n\
               other = -1\n";
    assert_eq!(
        diagnostics_at::<Doc>(src),
        pairs(&[
            (Code::InvalidValue, "5:10"),
            (Code::InvalidValue, "8:10"),
            (Code::InvalidValue, "17:10"),
            (Code::InvalidValue, "19:9"),
        ])
    );

    // Good blocks, left out once read, and two errors after them: the
    // length check sees no block in the third pass, and is not reported.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Later {
        b: Three,
        other: u8,
        more: u8,
    }
    let src = "b {\n  port = 1\n}\nb {\n  port = 2\n}\nb {\n  port = 3\n}\n\
               other = -1\nmore = -2\n";
    assert_eq!(
        diagnostics_at::<Later>(src),
        pairs(&[(Code::InvalidValue, "10:9"), (Code::InvalidValue, "11:8")])
    );
}

#[test]
fn very_many_errors_are_reported_up_to_a_limit() {
    let src: String = (0..500).map(|i| format!("v{i} = -1\n")).collect();
    let err = hcl_serde::from_str::<BTreeMap<String, u8>>(&src).unwrap_err();
    let n = err.diagnostics().len();
    assert!((50..500).contains(&n), "{n} diagnostics");
    assert!(err
        .diagnostics()
        .iter()
        .all(|d| d.code == Code::InvalidValue));
}

#[test]
fn lenient_warnings_and_collected_errors_together() {
    let err = hcl_serde::Decoder::new()
        .lenient(true)
        .from_str::<Server>("nmae = \"a\"\nport = -1\n")
        .unwrap_err();
    let s: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(s, [Code::MissingRequiredArgument, Code::InvalidValue]);
}

#[test]
fn blocks_nested_as_deep_as_the_parser_allows_decode() {
    // The parser's default nesting limit; each block level is a body read
    // with its own frames, on a test thread's small stack in debug builds.
    let depth = hcl_core::Limits::default().max_nesting_depth - 1;
    let src = format!("{}x = 1\n{}", "a {\n".repeat(depth), "}\n".repeat(depth));
    let value: serde_json::Value = hcl_serde::from_str(&src).unwrap();
    let mut at = &value;
    for _ in 0..depth {
        at = &at["a"];
    }
    assert_eq!(at["x"], 1);
}

#[test]
fn errors_in_blocks_of_one_label_are_each_found() {
    // The blocks labelled "null" are one entry of the map by label, and
    // the items of the sequence that is its value; both start at the same
    // block. Each is its own recovery point: the passes after an error
    // reach the same errors whether the file is read one item at a time
    // or parsed whole. (Found by the `from_str_value` fuzz target.)
    let src = r#"locals {
        stuff = toset([])
	bval = true
	i = 1
}

provider "null" { # Constant, no warning
        for_each = {"foo": "bar"}
        alias = "plain"
}
resource "null_resource" "plain" {
        for_each = {"foo": "bar"}
        provider = null.plain[each.key]
}

provider "null" { # Constant, no warning
        for_each = toset(["foo", "bar"])
        alias = "toset"
}
resource "null_resource" "toset" {
        for_each = toset(["foo", "bar"])
        provider = null.toset[each.key]
}

provider "null" {
        for_each = local.stuff
        alias = "value"
}
resource "null_resource" "value" {
        for_each = local.stuff
        provider = null.value[each.key]
}

provider "null" {
        for_each = local.stuff 
        alias = "parens"
}
resource "null_resource" "parens" {
        for_each = (local.stuff)
        provider = null.parens[each.key]
}

provider "null" {
        for_each = local.bval ? {"foo": "bar"} : {}
        alias = "cond"
}
resource "null_resource" "cond" {
        for_each = local.bval ? {"foo": "bar"} : {}
        provider = null.cond[each.key]
}

provider "null" {
        for_each = {"foo": local.i + -2}
        alias = "op"
}
resource "null_resource" "op" {
        for_each = {"foo": local.i + -2}
        provider = null.op[each.key]
}

provider "null" {
        for_each = {for s in local.stuff : s => upper(s)}
        alias = "for"
}
resource "null_resource" "for" {
        for_each = {for s in local.stuff : s => upper(s)}
        provider = null.for[each.key]
}
"#;
    let file = hcl_core::parse(src, "<input>").unwrap();
    let whole = hcl_serde::from_body::<serde_json::Value>(
        &hcl_core::Body::from_file(&file),
        &EvalContext::new(),
    )
    .unwrap_err();
    let lazy = hcl_serde::from_str::<serde_json::Value>(src).unwrap_err();
    assert_eq!(whole.to_string(), lazy.to_string());
    // Every `for_each = local...` of a provider is reported, the one with
    // a space after it (line 35) too.
    let lines: Vec<String> = diagnostics_at::<serde_json::Value>(src)
        .into_iter()
        .filter(|(code, _)| *code == Code::UnknownVariable)
        .map(|(_, at)| at)
        .collect();
    for at in [
        "26:20", "30:20", "35:20", "39:21", "48:20", "57:28", "66:30",
    ] {
        assert!(lines.iter().any(|l| l == at), "{at} in {lines:?}");
    }
}

#[test]
fn error_paths_name_elements_in_brackets_and_keep_label_fields() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Ports {
        ports: Vec<u16>,
        nested: Option<Vec<Vec<u8>>>,
    }
    let err = hcl_serde::from_str::<Ports>("ports = [1, -2, 3]\n").unwrap_err();
    assert_eq!(err.path(), Some("ports[1]"));
    let err = hcl_serde::from_str::<Ports>("ports = []\nnested = [[1], [2, 300]]\n").unwrap_err();
    assert_eq!(err.path(), Some("nested[1][1]"));

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        ami: u8,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        resource: Vec<Resource>,
    }
    let src = "resource \"aws_instance\" \"web\" {\n  ami = 300\n}\n";
    let err = hcl_serde::from_str::<Doc>(src).unwrap_err();
    assert_eq!(err.path(), Some("resource.aws_instance.web.ami"));
}

#[test]
fn null_for_a_required_argument_leaves_it_unset() {
    let err = hcl_serde::from_str::<Server>("name = null\nport = 1\n").unwrap_err();
    let diag = &err.diagnostics().as_slice()[0];
    assert_eq!(diag.summary, "Missing required argument");
    assert!(
        diag.detail.contains("\"name\" is required"),
        "{}",
        diag.detail
    );
    assert!(diag.detail.contains("null"), "{}", diag.detail);
    assert_eq!(diag.subject.as_ref().unwrap().to_string(), "<input>:1,8-12");

    // An `Option` takes null as absent; null inside a value is a type
    // mismatch, not a missing argument.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Maybe {
        name: Option<String>,
        tags: Option<Vec<String>>,
    }
    let ok: Maybe = hcl_serde::from_str("name = null\n").unwrap();
    assert_eq!(
        ok,
        Maybe {
            name: None,
            tags: None
        }
    );
    let err = hcl_serde::from_str::<Maybe>("tags = [null]\n").unwrap_err();
    assert_eq!(
        err.diagnostics().as_slice()[0].summary,
        "Incorrect value type"
    );
}
