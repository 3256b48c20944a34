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

mod common;
use common::{Email, KeyOrder, Server, SERVER};

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
    // A struct is a block type: its field takes a block.
    check_decode("v {\n  a = 1\n}\n", one(Inner { a: 1, b: None }));
    let err = decode_err::<One<Inner>>("v = { a = 1 }\n");
    assert!(
        err.contains("Did you mean to define a block of type \"v\"?"),
        "{err}"
    );
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
    // Both at the start of the file: what is missing first, as schema
    // processing (and the reference's) reports them.
    assert_eq!(
        decode_err::<Server>("nmae = \"a\"\nport = 1\n"),
        "Error: Missing required argument
  --> <input>:1:1
  |
1 | nmae = \"a\"
  | ^

The argument \"name\" is required, but no definition was found.

Error: Unsupported argument
  --> <input>:1:1
  |
1 | nmae = \"a\"
  | ^^^^

An argument named \"nmae\" is not expected here. Did you mean \"name\"?
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
    // Reported at the first block of that type, after another type's.
    let src = format!("maybe {SERVER}single = 1\nsingle {SERVER}single {SERVER}");
    let line = src.lines().position(|l| l.starts_with("single {")).unwrap() + 1;
    let err = decode_err::<Blocks>(&src);
    assert!(
        err.contains(&format!(
            "Error: Unsupported block type\n  --> <input>:{line}:1\n"
        )),
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

#[test]
fn merged_bodies_give_their_items_part_by_part_in_source_order() {
    let a = hcl_core::parse("z = 1\ny {}\n", "a.hcl").unwrap();
    let b = hcl_core::parse("c {}\nb = 2\na = 3\n", "b.hcl").unwrap();
    let keys = |files: [&hcl_core::File<'_>; 2]| {
        let body = hcl_core::schema::Body::merge_files(files);
        hcl_serde::from_body::<KeyOrder>(&body, &EvalContext::new())
            .unwrap()
            .0
    };
    assert_eq!(keys([&a, &b]), ["z", "y", "c", "b", "a"]);
    assert_eq!(keys([&b, &a]), ["c", "b", "a", "z", "y"]);
}
