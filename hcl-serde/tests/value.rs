//! `from_value`, `to_value`, and `Value` as a field type.

use std::collections::BTreeMap;

use hcl_core::types::Type;
use hcl_core::{Number, Value};
use hcl_serde::{from_value, to_value};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Shape {
    Point,
    Circle(f64),
    Pair(u8, u8),
    Rect { w: u32, h: u32 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct All {
    b: bool,
    i: i128,
    u: u128,
    f: f32,
    c: char,
    s: String,
    none: Option<u8>,
    some: Option<u8>,
    unit: (),
    list: Vec<u16>,
    tuple: (u8, String),
    map: BTreeMap<u32, bool>,
    shapes: Vec<Shape>,
}

fn sample() -> All {
    All {
        b: true,
        i: i128::MIN,
        u: u128::MAX,
        f: 0.5,
        c: 'z',
        s: "text".into(),
        none: None,
        some: Some(4),
        unit: (),
        list: vec![1, 2],
        tuple: (1, "one".into()),
        map: BTreeMap::from([(1, true), (20, false)]),
        shapes: vec![
            Shape::Point,
            Shape::Circle(1.5),
            Shape::Pair(1, 2),
            Shape::Rect { w: 3, h: 4 },
        ],
    }
}

#[test]
fn round_trip_through_value() {
    let value = to_value(&sample()).unwrap();
    assert_eq!(value.get_attr("s"), Some(Value::string("text")));
    assert!(value.get_attr("none").unwrap().is_null());
    assert_eq!(
        value.get_attr("shapes").unwrap().index(&Value::from(0)),
        Some(Value::string("point"))
    );
    let back: All = from_value(&value).unwrap();
    assert_eq!(back, sample());
}

#[test]
fn to_value_errors() {
    let err = to_value(&vec![f64::NAN]).unwrap_err();
    assert_eq!(err.path(), Some("[0]"));
    assert!(err
        .to_string()
        .contains("cannot be represented as an HCL number"));
    let err = to_value(&BTreeMap::from([((1, 2), 3)])).unwrap_err();
    assert!(err
        .to_string()
        .contains("A map key must be a string, number or bool"));
}

#[test]
fn value_round_trips_through_json() {
    let value = Value::object([
        ("n", Value::from(3)),
        ("s", Value::string("x")),
        (
            "l",
            Value::tuple(vec![Value::bool(false), Value::null(Type::Dynamic)]),
        ),
        ("f", Value::number(Number::from_f64(2.5).unwrap())),
    ]);
    let json = serde_json::to_value(value.clone()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({ "n": 3, "s": "x", "l": [false, null], "f": 2.5 })
    );
    let back: Value = serde_json::from_value(json).unwrap();
    assert_eq!(back, value);
}

#[test]
fn value_field_takes_a_block() {
    #[derive(Deserialize, Debug)]
    struct Config {
        settings: Value,
    }
    let c: Config = hcl_serde::from_str("settings {\n  a = 1\n}\n").unwrap();
    assert_eq!(c.settings, Value::object([("a", Value::from(1))]));
}
