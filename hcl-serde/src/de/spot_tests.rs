//! Errors recorded on the spot are those that passes of their own find:
//! the same diagnostics, in the same order, with the same path, for
//! documents with mistakes of every kind and targets that break the chain.

use std::collections::{BTreeMap, HashMap};

use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::recovery::SPOTS;

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Port {
    port: u8,
    name: Option<String>,
}

/// Falls back on no blocks when its blocks do not read: the errors below
/// it are not the decode's.
fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Port>, D::Error> {
    Ok(Vec::deserialize(d).unwrap_or_default())
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Doc {
    #[serde(default)]
    item: Vec<Port>,
    #[serde(default)]
    // Ordered, so that two decodes print alike.
    svc: BTreeMap<String, BTreeMap<String, Port>>,
    level: Option<u8>,
    tls: Option<Port>,
    #[serde(default, deserialize_with = "lenient")]
    spare: Vec<Port>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    boxed: Option<Box<Port>>,
}

/// A value for an argument of type `u8`: right, out of range, of another
/// type, or not evaluating.
fn number() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1", "7", "300", "-1", "1.5", "\"p\"", "var.nope", "[1]",
    ])
}

/// A top-level item of a document for [`Doc`], often mistaken.
fn item() -> impl Strategy<Value = String> {
    let label = prop::sample::select(vec!["a", "b", "c"]);
    prop_oneof![
        number().prop_map(|n| format!("item {{\n  port = {n}\n}}\n")),
        number().prop_map(|n| format!("item {{\n  port = {n}\n  extra = 1\n}}\n")),
        Just("item {\n  name = \"n\"\n}\n".to_string()),
        (label.clone(), label.clone(), number())
            .prop_map(|(a, b, n)| format!("svc \"{a}\" \"{b}\" {{\n  port = {n}\n}}\n")),
        label.prop_map(|a| format!("svc \"{a}\" {{\n  port = 1\n}}\n")),
        number().prop_map(|n| format!("level = {n}\n")),
        number().prop_map(|n| format!("tls {{\n  port = {n}\n  name = {n}\n}}\n")),
        number().prop_map(|n| format!("spare {{\n  port = {n}\n}}\n")),
        number().prop_map(|n| format!("boxed {{\n  port = {n}\n}}\n")),
        number().prop_map(|n| format!("tags = [\"x\", {n}]\n")),
        Just("unknown = 1\n".to_string()),
        Just("unknown {\n}\n".to_string()),
    ]
}

/// A JSON value for an argument of type `u8`, as [`number`].
fn json_number() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1",
        "7",
        "300",
        "-1",
        "1.5",
        "\"p\"",
        "\"${var.nope}\"",
        "[1]",
        "null",
    ])
}

/// A property of a JSON document for [`Doc`], often mistaken.
fn json_property() -> impl Strategy<Value = String> {
    let label = prop::sample::select(vec!["a", "b", "c"]);
    prop_oneof![
        json_number().prop_map(|n| format!("\"item\": {{\"port\": {n}}}")),
        (json_number(), json_number()).prop_map(|(n, m)| format!(
            "\"item\": [{{\"port\": {n}}}, {{\"port\": {m}, \"extra\": 1}}]"
        )),
        Just("\"item\": {\"name\": \"n\"}".to_string()),
        (label.clone(), label.clone(), json_number())
            .prop_map(|(a, b, n)| format!("\"svc\": {{\"{a}\": {{\"{b}\": {{\"port\": {n}}}}}}}")),
        label.prop_map(|a| format!("\"svc\": {{\"{a}\": {{\"port\": 1}}}}")),
        json_number().prop_map(|n| format!("\"level\": {n}")),
        json_number().prop_map(|n| format!("\"tls\": {{\"port\": {n}, \"name\": {n}}}")),
        json_number().prop_map(|n| format!("\"spare\": {{\"port\": {n}}}")),
        json_number().prop_map(|n| format!("\"boxed\": [{{\"port\": {n}}}]")),
        json_number().prop_map(|n| format!("\"tags\": [\"x\", {n}]")),
        Just("\"unknown\": 1".to_string()),
    ]
}

/// What a decode of `text` into `T` gives, as text: the value, or every
/// diagnostic and the path of the error.
fn decoded<T: DeserializeOwned + std::fmt::Debug>(text: &str, spots: bool) -> String {
    decoded_as::<T>(text, hcl_core::Syntax::Native, spots)
}

/// [`decoded`], in `syntax`.
fn decoded_as<T: DeserializeOwned + std::fmt::Debug>(
    text: &str,
    syntax: hcl_core::Syntax,
    spots: bool,
) -> String {
    SPOTS.with(|s| s.set(spots));
    let result = crate::Decoder::new().syntax(syntax).from_str::<T>(text);
    SPOTS.with(|s| s.set(true));
    match result {
        Ok(decoded) => format!("{:?}", decoded.value),
        Err(err) => {
            let mut out = format!("path {:?}\n", err.path());
            for diag in err.diagnostics().iter() {
                out.push_str(&format!("{diag:?}\n"));
            }
            out
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn errors_recorded_on_the_spot_are_those_passes_find(
        items in prop::collection::vec(item(), 0..10),
    ) {
        let text: String = items.concat();
        prop_assert_eq!(decoded::<Doc>(&text, true), decoded::<Doc>(&text, false));
        prop_assert_eq!(
            decoded::<serde_json::Value>(&text, true),
            decoded::<serde_json::Value>(&text, false)
        );
    }

    #[test]
    fn errors_recorded_on_the_spot_in_json_are_those_passes_find(
        properties in prop::collection::vec(json_property(), 0..8),
    ) {
        let text = format!("{{{}}}", properties.join(", "));
        let json = hcl_core::Syntax::Json;
        prop_assert_eq!(decoded_as::<Doc>(&text, json, true), decoded_as::<Doc>(&text, json, false));
    }
}

thread_local! {
    static PASSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// An argument read once per pass: it counts them.
#[derive(Debug)]
struct Pass;

impl<'de> Deserialize<'de> for Pass {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PASSES.with(|p| p.set(p.get() + 1));
        u8::deserialize(d).map(|_| Pass)
    }
}

/// How many passes a decode of `text` into `T` makes, with errors
/// recorded on the spot or not; `T` reads a [`Pass`] first.
fn passes<T: DeserializeOwned + std::fmt::Debug>(text: &str, spots: bool) -> usize {
    PASSES.with(|p| p.set(0));
    let found = decoded::<T>(text, spots);
    assert!(found.starts_with("path"), "{found}");
    PASSES.with(std::cell::Cell::get)
}

#[test]
fn the_errors_the_decoder_finds_itself_take_one_pass() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Counted {
        pass: Pass,
        level: Option<u8>,
        tls: Option<Port>,
        item: Vec<Port>,
        svc: HashMap<String, BTreeMap<String, Port>>,
    }
    let text = "pass = 0\nlevel = 300\ntls {\n  port = -1\n}\n\
                item {\n  port = 1.5\n}\nitem {\n  port = 1\n  extra = 1\n}\n\
                svc \"a\" \"b\" {\n  port = var.nope\n}\n";
    // Each is recorded where it is found, the first with its path.
    // Without that, each takes a pass (which the property above holds
    // equal).
    assert_eq!(passes::<Counted>(text, true), 1);
    assert_eq!(passes::<Counted>(text, false), 6);

    // Below a field read through another type, each error takes a pass.
    fn items<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Port>, D::Error> {
        Vec::deserialize(d)
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Through {
        pass: Pass,
        level: Option<u8>,
        tls: Option<Port>,
        #[serde(deserialize_with = "items")]
        item: Vec<Port>,
        svc: HashMap<String, BTreeMap<String, Port>>,
    }
    assert_eq!(passes::<Through>(text, true), 3);
}

#[test]
fn the_first_error_keeps_its_path_when_a_later_one_travels_out() {
    // The first is recorded on the spot, deep in a map of blocks; the
    // missing argument after it ends the pass as an error.
    let text = "svc \"a\" \"b\" {\n  port = 300\n}\nitem {\n  name = \"n\"\n}\n";
    let err = crate::from_str::<Doc>(text).unwrap_err();
    assert_eq!(err.path(), Some("svc.a.b.port"));
    assert_eq!(err.diagnostics().len(), 2);
    assert_eq!(decoded::<Doc>(text, true), decoded::<Doc>(text, false));
}
