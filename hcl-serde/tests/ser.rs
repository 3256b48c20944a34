//! Writing HCL with `to_string`, `to_string_pretty` and `to_writer`: every
//! shape of serde's data model and every `#[hcl]` field kind reads back
//! to the value written, the output parses and is in the canonical
//! layout, and what HCL cannot hold is an error.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::{Deserialize, Serialize};

mod common;
use common::round_trip;

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

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Pair(String, i64);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum Shape {
    Empty,
    Circle(f64),
    Line(i32, i32),
    Rect { w: u32, h: u32 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Model {
    some: Option<u8>,
    none: Option<u8>,
    unit: (),
    unit_struct: Unit,
    newtype: Newtype,
    seq: Vec<String>,
    empty_seq: Vec<u8>,
    tuple: (u8, String, bool),
    tuple_struct: Pair,
    map: BTreeMap<String, i32>,
    empty_map: BTreeMap<String, i32>,
    nested: Vec<Vec<BTreeMap<String, Vec<u8>>>>,
    unit_variant: Shape,
    newtype_variant: Shape,
    tuple_variant: Shape,
    struct_variant: Shape,
    shapes: Vec<Shape>,
}

fn model() -> Model {
    Model {
        some: Some(3),
        none: None,
        unit: (),
        unit_struct: Unit,
        newtype: Newtype(7),
        seq: vec!["a".into(), "b".into()],
        empty_seq: vec![],
        tuple: (1, "x".into(), true),
        tuple_struct: Pair("p".into(), -2),
        map: BTreeMap::from([("k".into(), 1), ("x-y".into(), 2), ("a b".into(), 3)]),
        empty_map: BTreeMap::new(),
        nested: vec![vec![BTreeMap::from([("n".into(), vec![1, 2])])], vec![]],
        unit_variant: Shape::Empty,
        newtype_variant: Shape::Circle(1.5),
        tuple_variant: Shape::Line(1, -1),
        struct_variant: Shape::Rect { w: 2, h: 3 },
        shapes: vec![Shape::Rect { w: 1, h: 1 }, Shape::Rect { w: 4, h: 5 }],
    }
}

#[test]
fn the_data_model_round_trips() {
    let text = round_trip(&model());
    // Structs and sequences of them are blocks; the rest attributes.
    assert!(text.contains("struct_variant \"Rect\" {\n"), "{text}");
    assert!(text.contains("shapes \"Rect\" {\n"), "{text}");
    assert!(
        text.contains("tuple_variant   = { Line = [1, -1] }\n"),
        "{text}"
    );
    // `None` is no argument at all; `()` is `null`.
    assert!(!text.contains("none "), "{text}");
    assert!(text.contains("unit            = null\n"), "{text}");
}

#[test]
fn top_level_maps_and_variants_round_trip() {
    round_trip(&BTreeMap::from([
        ("a".to_string(), Shape::Empty),
        ("b".to_string(), Shape::Circle(2.0)),
    ]));
    round_trip(&BTreeMap::<String, u8>::new());
}

#[test]
fn a_top_level_variant_is_a_body_of_one_item() {
    assert_eq!(
        hcl_serde::to_string(&Shape::Rect { w: 1, h: 2 }).unwrap(),
        "Rect {\n  w = 1\n  h = 2\n}\n"
    );
    assert_eq!(
        hcl_serde::to_string(&Shape::Circle(0.5)).unwrap(),
        "Circle = 0.5\n"
    );
}

#[test]
fn a_top_level_variant_round_trips() {
    round_trip(&Shape::Rect { w: 1, h: 2 });
}

/// A value that serializes as bytes.
#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

#[test]
fn bytes_are_a_tuple_of_numbers() {
    let text = hcl_serde::to_string(&BTreeMap::from([("b", Bytes(vec![0, 255]))])).unwrap();
    assert_eq!(text, "b = [0, 255]\n");
    let back: BTreeMap<String, Vec<u8>> = hcl_serde::from_str(&text).unwrap();
    assert_eq!(back["b"], [0, 255]);
}

#[test]
fn map_keys_may_be_numbers_bools_and_unit_variants() {
    #[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Color {
        Red,
        Blue,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Keys {
        ints: BTreeMap<i32, String>,
        bools: BTreeMap<bool, u8>,
        colors: BTreeMap<Color, u8>,
        chars: BTreeMap<char, u8>,
    }
    round_trip(&Keys {
        ints: BTreeMap::from([(-1, "a".into()), (20, "b".into())]),
        bools: BTreeMap::from([(true, 1)]),
        colors: BTreeMap::from([(Color::Red, 1), (Color::Blue, 2)]),
        chars: BTreeMap::from([('x', 1)]),
    });
}

#[test]
fn strings_are_escaped() {
    let cases = [
        "${var}",
        "%{ if x }",
        "$${already}",
        "$$${x}",
        "%%{",
        "$",
        "%",
        "{}",
        "quote \" and backslash \\",
        "tab\there",
        "line\nbreak",
        "cr\r\nlf",
        "bell\u{7} nul\u{0} esc\u{1b} del\u{7f}",
        "unicode é 日本 🚀",
        "ends with dollar $",
        "EOT",
    ];
    for s in cases {
        let text = round_trip(&BTreeMap::from([("s".to_string(), s.to_string())]));
        // Quoted, with escapes: one line whatever the text.
        assert_eq!(text.lines().count(), 1, "{text}");
    }
    assert_eq!(
        hcl_serde::to_string(&BTreeMap::from([("s", "${a} %{b} \"c\"")])).unwrap(),
        "s = \"$${a} %%{b} \\\"c\\\"\"\n"
    );
}

#[test]
fn multi_line_strings_are_heredocs_in_pretty_mode() {
    let value = BTreeMap::from([("s".to_string(), "one\n  two ${x}\n".to_string())]);
    round_trip(&value);
    assert_eq!(
        hcl_serde::to_string_pretty(&value).unwrap(),
        "s = <<EOT\none\n  two $${x}\nEOT\n"
    );
    assert_eq!(
        hcl_serde::to_string(&value).unwrap(),
        "s = \"one\\n  two $${x}\\n\"\n"
    );

    // The marker is one that no line of the text is.
    let value = BTreeMap::from([("s".to_string(), "EOT\n  EOT1 \nEOT2x\n".to_string())]);
    round_trip(&value);
    assert!(hcl_serde::to_string_pretty(&value)
        .unwrap()
        .starts_with("s = <<EOT2\n"));

    // A heredoc's value ends with a line break: text without one, or
    // with control characters heredocs cannot hold, stays quoted.
    for s in [
        "no break\nat end",
        "cr\r\n",
        "\u{1}\n",
        "\n",
        "\n\n",
        "\t\n",
    ] {
        let value = BTreeMap::from([("s".to_string(), s.to_string())]);
        round_trip(&value);
    }
    let quoted = hcl_serde::to_string_pretty(&BTreeMap::from([("s", "a\nb")])).unwrap();
    assert_eq!(quoted, "s = \"a\\nb\"\n");
}

#[test]
fn pretty_mode_spreads_objects_and_tuples_of_containers() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Config {
        env: BTreeMap<String, String>,
        matrix: Vec<Vec<u8>>,
        flat: Vec<u8>,
        objects: Vec<BTreeMap<String, String>>,
        empty: BTreeMap<String, String>,
    }
    let config = Config {
        env: BTreeMap::from([("A".into(), "1".into()), ("LONG".into(), "x\ny\n".into())]),
        matrix: vec![vec![1, 2], vec![]],
        flat: vec![1, 2],
        objects: vec![BTreeMap::from([("k".into(), "v".into())])],
        empty: BTreeMap::new(),
    };
    round_trip(&config);
    assert_eq!(
        hcl_serde::to_string(&config).unwrap(),
        "env     = { A = \"1\", LONG = \"x\\ny\\n\" }\nmatrix  = [[1, 2], []]\nflat    = [1, 2]\n\
         objects = [{ k = \"v\" }]\nempty   = {}\n"
    );
    assert_eq!(
        hcl_serde::to_string_pretty(&config).unwrap(),
        "env = {\n  A    = \"1\"\n  LONG = <<EOT\nx\ny\nEOT\n}\nmatrix = [\n  [1, 2],\n  [],\n]\n\
         flat = [1, 2]\nobjects = [\n  {\n    k = \"v\"\n  },\n]\nempty = {}\n"
    );
}

#[test]
fn object_keys_are_quoted_unless_identifiers() {
    let value = BTreeMap::from([(
        "m".to_string(),
        BTreeMap::from([
            ("plain".to_string(), 1),
            ("x-y".to_string(), 2),
            ("a.b".to_string(), 3),
            ("1st".to_string(), 4),
            ("true".to_string(), 5),
            ("for".to_string(), 6),
            (String::new(), 7),
            ("${x}".to_string(), 8),
        ]),
    )]);
    let text = round_trip(&value);
    assert_eq!(
        text,
        "m = { \"\" = 7, \"$${x}\" = 8, \"1st\" = 4, \"a.b\" = 3, \"for\" = 6, plain = 1, \
         \"true\" = 5, x-y = 2 }\n"
    );
}
