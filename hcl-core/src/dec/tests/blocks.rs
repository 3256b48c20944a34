//! The specs that read nested blocks, with the cases of the reference's
//! `TestDecode`.

use crate::types::Type;

use super::*;

fn empty() -> Spec {
    Spec::object::<&str>([])
}

fn label(index: usize, name: &str) -> Spec {
    Spec::block_label(index, name)
}

fn list(values: Vec<Value>) -> Value {
    Value::list_infer(values).unwrap()
}

fn map<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::map_infer(entries).unwrap()
}

#[test]
fn a_block_decodes_its_body() {
    assert_eq!(
        run("b {\n}\n", &Spec::block("b", empty())).0,
        Value::empty_object()
    );
    assert_eq!(
        run("b \"baz\" {\n}\n", &Spec::block("b", label(0, "name"))).0,
        Value::from("baz")
    );
}

#[test]
fn a_second_block_is_a_duplicate() {
    let (value, diags) = run(
        "b \"baz\" {}\nb \"foo\" {}\n",
        &Spec::block("b", label(0, "name")),
    );
    assert_eq!(value, Value::from("baz"));
    assert_eq!(codes(&diags), [Code::DuplicateBlock]);
    let (value, diags) = run("b {}\nb {}\n", &Spec::block("b", empty()).required());
    assert_eq!(value, Value::empty_object());
    assert_eq!(codes(&diags), [Code::DuplicateBlock]);
}

#[test]
fn a_block_without_its_label_is_left_out() {
    let (value, diags) = run("b {\n}\n", &Spec::block("b", label(0, "name")));
    assert_eq!(value, Value::null(Type::String));
    assert_eq!(codes(&diags), [Code::MissingLabel]);
}

#[test]
fn an_absent_block_is_null_and_a_required_one_an_error() {
    let spec = Spec::block("b", empty());
    assert_eq!(clean("", &spec), Value::null(Type::empty_object()));
    let (value, diags) = run("a {}\n", &spec);
    assert_eq!(value, Value::null(Type::empty_object()));
    assert_eq!(codes(&diags), [Code::UnsupportedBlockType]);
    let (value, diags) = run("", &spec.required());
    assert_eq!(value, Value::null(Type::empty_object()));
    assert_eq!(codes(&diags), [Code::MissingBlock]);
}

#[test]
fn block_attrs_read_any_arguments() {
    let spec = Spec::block_attrs("b", Type::String);
    assert_eq!(
        run("b {\n}\n", &spec).0,
        Value::map(Type::String, Vec::<(&str, Value)>::new()).unwrap()
    );
    let (value, diags) = run("b {\n  hello = true\n  goodbye = 5\n}\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(
        value,
        map([
            ("hello", Value::from("true")),
            ("goodbye", Value::from("5"))
        ])
    );
    assert_eq!(run("", &spec).0, Value::null(Type::map(Type::String)));
    let (_, diags) = run("", &spec.clone().required());
    assert_eq!(codes(&diags), [Code::MissingBlock]);
    let (value, diags) = run("b {\n}\nb {\n}\n", &spec.required());
    assert_eq!(
        value,
        Value::map(Type::String, Vec::<(&str, Value)>::new()).unwrap()
    );
    assert_eq!(codes(&diags), [Code::DuplicateBlock]);
}

#[test]
fn block_attrs_report_values_that_do_not_convert() {
    let (value, diags) = run("b {\n  a = [1]\n}\n", &Spec::block_attrs("b", Type::String));
    assert_eq!(value, map([("a", Value::unknown(Type::String))]));
    assert_eq!(
        sorted(&diags),
        [
            "Invalid attribute value | Invalid value for attribute of \"b\" block: \
          string required. | 2:7:10-2:10:13"
        ]
    );
}

#[test]
fn a_block_list_keeps_order_and_counts() {
    let spec = Spec::block_list("b", empty());
    let two = list(vec![Value::empty_object(), Value::empty_object()]);
    assert_eq!(clean("b {}\nb {}\n", &spec), two.clone());
    assert_eq!(
        run("", &spec).0,
        Value::list(Type::empty_object(), vec![]).unwrap()
    );
    let names = Spec::block_list("b", label(0, "name"));
    let got = run("b \"foo\" {}\nb \"bar\" {}\n", &names).0;
    assert_eq!(got, list(vec![Value::from("foo"), Value::from("bar")]));
    let (value, diags) = run("b {}\nb {}\nb {}\n", &spec.clone().max_items(2));
    assert_eq!(value.length(), Some(3));
    assert_eq!(codes(&diags), [Code::TooManyBlocks]);
    let (value, diags) = run("b {}\nb {}\n", &spec.min_items(10));
    assert_eq!(value, two);
    assert_eq!(codes(&diags), [Code::TooFewBlocks]);
}

#[test]
fn block_list_and_set_values_unify() {
    let any = || Spec::attr("a", Type::Dynamic);
    for spec in [Spec::block_list("b", any()), Spec::block_set("b", any())] {
        let (value, diags) = run("b {\n  a = true\n}\nb {\n  a = 1\n}\n", &spec);
        assert_eq!(value, Value::dynamic());
        assert_eq!(codes(&diags), [Code::InconsistentBlockTypes]);
        let (value, diags) = run("b {\n  a = true\n}\nb {\n  a = \"not a bool\"\n}\n", &spec);
        assert!(diags.is_empty());
        assert_eq!(value.elements().unwrap().len(), 2);
        assert_eq!(value.ty().element_type(), Some(&Type::String));
    }
}

#[test]
fn a_block_set_merges_equal_values() {
    let spec = Spec::block_set("b", empty()).max_items(2);
    let (value, diags) = run("b {}\nb {}\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(
        value,
        Value::set(Type::empty_object(), vec![Value::empty_object()]).unwrap()
    );
    let spec = Spec::block_set("b", Spec::tuple(vec![label(1, "name"), label(0, "type")]));
    let (value, diags) = run("b \"foo\" \"bar\" {}\nb \"bar\" \"baz\" {}\n", &spec);
    assert!(diags.is_empty());
    let pair = |a: &str, b: &str| Value::tuple(vec![Value::from(a), Value::from(b)]);
    assert_eq!(
        value,
        Value::set_infer(vec![pair("bar", "foo"), pair("baz", "bar")]).unwrap()
    );
}

#[test]
fn a_block_tuple_keeps_each_type() {
    let spec = Spec::block_tuple("b", Spec::attr("a", Type::Dynamic));
    let (value, diags) = run("b {\n  a = true\n}\nb {\n  a = 1\n}\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(value, Value::tuple(vec![Value::from(true), Value::from(1)]));
    assert_eq!(run("", &spec).0, Value::empty_tuple());
    let (value, diags) = run(
        "b {}\nb {}\nb {}\n",
        &Spec::block_tuple("b", empty()).max_items(2),
    );
    assert_eq!(value.length(), Some(3));
    assert_eq!(codes(&diags), [Code::TooManyBlocks]);
}

#[test]
fn a_block_map_nests_by_label() {
    let spec = Spec::block_map("b", &["key1", "key2"], empty());
    let src = "b \"foo\" \"bar\" {}\nb \"foo\" \"baz\" {}\nb \"bar\" \"bar\" {}\n";
    let (value, diags) = run(src, &spec);
    assert!(diags.is_empty());
    let e = Value::empty_object;
    let want = map([
        ("foo", map([("bar", e()), ("baz", e())])),
        ("bar", map([("bar", e())])),
    ]);
    assert_eq!(value, want);
    let (value, diags) = run("b \"foo\" \"bar\" {}\nb \"foo\" \"bar\" {}\n", &spec);
    assert_eq!(value, map([("foo", map([("bar", e())]))]));
    assert_eq!(codes(&diags), [Code::DuplicateBlock]);
}

#[test]
fn a_block_map_with_no_blocks_is_one_empty_map_level() {
    let spec = Spec::block_map("b", &["key1", "key2"], empty());
    let (value, diags) = run("b \"bar\" {}\n", &spec);
    assert_eq!(
        value,
        Value::map(Type::empty_object(), Vec::<(&str, Value)>::new()).unwrap()
    );
    assert_eq!(codes(&diags), [Code::MissingLabel]);
    let (_, diags) = run(
        "b \"foo\" \"bar\" {}\n",
        &Spec::block_map("b", &["key"], empty()),
    );
    assert_eq!(codes(&diags), [Code::ExtraneousLabel]);
}

#[test]
fn a_block_map_passes_the_remaining_labels_on() {
    let spec = Spec::block_map("b", &["type"], label(0, "name"));
    let (value, diags) = run("b \"foo\" \"bar\" {}\nb \"bar\" \"baz\" {}\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(
        value,
        map([("foo", Value::from("bar")), ("bar", Value::from("baz"))])
    );
    let (value, diags) = run("b \"foo\" {}\n", &spec);
    assert_eq!(
        value,
        Value::map(Type::String, Vec::<(&str, Value)>::new()).unwrap()
    );
    assert_eq!(codes(&diags), [Code::MissingLabel]);
}

#[test]
fn a_block_map_of_any_is_an_error() {
    let spec = Spec::block_map("b", &["name"], Spec::attr("a", Type::Dynamic));
    let (value, diags) = run("b \"x\" {\n  a = 1\n}\n", &spec);
    assert!(!value.is_known());
    assert_eq!(codes(&diags), [Code::InvalidSchema]);
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Invalid block_map spec"
    );
}

#[test]
fn a_block_object_keeps_each_type() {
    let spec = Spec::block_object("b", &["type"], Spec::attr("arg", Type::Dynamic));
    let (value, diags) = run(
        "b \"foo\" {\n  arg = true\n}\nb \"bar\" {\n  arg = 1\n}\n",
        &spec,
    );
    assert!(diags.is_empty());
    assert_eq!(
        value,
        Value::object([("foo", Value::from(true)), ("bar", Value::from(1))])
    );
    let nested = Spec::block_object("b", &["key1", "key2"], empty());
    let (value, diags) = run("b \"foo\" \"bar\" {}\nb \"foo\" \"bar\" {}\n", &nested);
    let e = Value::empty_object;
    assert_eq!(
        value,
        Value::object([("foo", Value::object([("bar", e())]))])
    );
    assert_eq!(codes(&diags), [Code::DuplicateBlock]);
    let (value, diags) = run("b \"bar\" {}\n", &nested);
    assert_eq!(value, Value::empty_object());
    assert_eq!(codes(&diags), [Code::MissingLabel]);
}

#[test]
fn a_block_label_outside_a_block_is_an_error() {
    let (value, diags) = run("", &label(0, "name"));
    assert_eq!(value, Value::unknown(Type::String));
    assert_eq!(codes(&diags), [Code::InvalidSchema]);
}

#[test]
fn implied_types_and_schemas_of_block_specs() {
    let spec = Spec::block_map("res", &["kind", "name"], Spec::attr("v", Type::Number));
    assert_eq!(spec.implied_type(), Type::map(Type::map(Type::Number)));
    let spec = Spec::block("b", Spec::tuple(vec![label(2, "c"), label(0, "a")]));
    let schema = spec.implied_schema();
    assert_eq!(
        schema.block("b").unwrap().label_names,
        ["a", "missing01", "c"]
    );
    let attrs = Spec::block_attrs("t", Type::Bool);
    assert!(attrs
        .implied_schema()
        .block("t")
        .unwrap()
        .label_names
        .is_empty());
}
