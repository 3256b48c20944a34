//! The specs that read arguments or nothing of the body: object, tuple,
//! attr, literal, expr, default and transform; their implied types and
//! schemas and their source ranges.

use crate::analysis::OwnedExpression;
use crate::dec::{partial_decode, source_range};
use crate::schema::Body;
use crate::types::Type;

use super::*;

/// An expression kept apart from the body, as a spec file holds one.
fn kept(text: &str) -> OwnedExpression {
    let src = format!("x = {text}\n");
    let file = parse(&src, "spec.hcldec").unwrap();
    let attrs = Body::from_file(&file).just_attributes().unwrap();
    attrs.get("x").unwrap().expr.to_owned_expression()
}

fn number_attr() -> Spec {
    Spec::attr("a", Type::Number)
}

#[test]
fn an_empty_object_spec_reads_an_empty_body_and_rejects_anything() {
    assert_eq!(clean("", &Spec::object::<&str>([])), Value::empty_object());
    let (value, diags) = run("a = 1\n", &Spec::object::<&str>([]));
    assert_eq!(value, Value::empty_object());
    assert_eq!(codes(&diags), [Code::UnsupportedArgument]);
}

#[test]
fn object_and_tuple_specs_gather_their_parts() {
    let (value, diags) = run("a = 1\n", &Spec::object([("a", number_attr())]));
    assert!(diags.is_empty());
    assert_eq!(value, Value::object([("a", Value::from(1))]));
    let spec = Spec::tuple(vec![number_attr(), Spec::literal(Value::from("x"))]);
    let (value, diags) = run("a = 1\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(value, Value::tuple(vec![Value::from(1), Value::from("x")]));
    assert_eq!(Spec::tuple(vec![]).implied_type(), Type::empty_tuple());
    assert_eq!(
        Spec::object::<&str>([]).implied_type(),
        Type::empty_object()
    );
}

#[test]
fn an_attr_converts_its_value() {
    assert_eq!(run("a = 1\n", &number_attr()).0, Value::from(1));
    let (value, diags) = run("a = \"1\"\n", &number_attr());
    assert!(diags.is_empty());
    assert_eq!(value, Value::from(1));
}

#[test]
fn an_attr_that_does_not_convert_is_unknown_with_an_error() {
    let (value, diags) = run("a = true\n", &number_attr());
    assert_eq!(value, Value::unknown(Type::Number));
    assert_eq!(codes(&diags), [Code::IncorrectValueType]);
    let diag = diags.iter().next().unwrap();
    assert_eq!(
        line(diag),
        "Incorrect attribute value type | Inappropriate value for attribute \"a\": \
         number required. | 1:5:4-1:9:8"
    );
    let context = diag.context.as_ref().unwrap();
    assert_eq!((context.start.byte, context.end.byte), (0, 8));
}

#[test]
fn an_absent_attr_is_null_and_a_required_one_an_error() {
    let (value, diags) = run("", &number_attr());
    assert_eq!(value, Value::null(Type::Number));
    assert!(diags.is_empty());
    let (value, diags) = run("", &number_attr().required());
    assert_eq!(value, Value::null(Type::Number));
    assert_eq!(codes(&diags), [Code::MissingRequiredArgument]);
}

#[test]
fn a_null_attr_counts_as_present() {
    let spec = Spec::default(number_attr().required(), Spec::literal(Value::from(5)));
    let (value, diags) = run("a = null\n", &spec);
    assert!(diags.is_empty());
    // Null, so the default applies; but the argument was there.
    assert_eq!(value, Value::from(5));
}

#[test]
fn a_default_applies_when_the_primary_is_null() {
    let spec = Spec::default(number_attr(), Spec::literal(Value::from(10)));
    assert_eq!(clean("a = 1\n", &spec), Value::from(1));
    assert_eq!(clean("", &spec), Value::from(10));
    let wrapped = Spec::object([("foo", spec)]);
    assert_eq!(
        run("a = 1\n", &wrapped).0,
        Value::object([("foo", Value::from(1))])
    );
}

#[test]
fn a_failing_primary_is_unknown_and_takes_no_default() {
    let spec = Spec::default(number_attr(), Spec::attr("b", Type::Number));
    let (value, diags) = run("a = \"x\"\nb = 1\n", &spec);
    assert_eq!(value, Value::unknown(Type::Number));
    assert_eq!(codes(&diags), [Code::IncorrectValueType]);
}

#[test]
fn a_default_reads_both_specs_arguments() {
    let spec = Spec::default(Spec::attr("a", Type::String), Spec::attr("b", Type::String));
    let schema = spec.implied_schema();
    assert!(schema.attribute("a").is_some() && schema.attribute("b").is_some());
    assert_eq!(spec.implied_type(), Type::String);
    let (value, diags) = run("b = \"x\"\n", &spec);
    assert!(diags.is_empty());
    assert_eq!(value, Value::from("x"));
}

#[test]
fn a_literal_is_its_value() {
    let spec = Spec::literal(Value::from(true));
    assert_eq!(spec.implied_type(), Type::Bool);
    assert_eq!(clean("", &spec), Value::from(true));
}

#[test]
fn an_expr_spec_evaluates_in_the_decoding_context() {
    let spec = Spec::expr(kept("v + 1"));
    assert_eq!(spec.implied_type(), Type::Dynamic);
    let mut ctx = EvalContext::new();
    ctx.set_variable("v", Value::from(2));
    assert_eq!(clean_in("", &spec, &ctx), Value::from(3));
    let (_, diags) = run("", &spec);
    assert_eq!(codes(&diags), [Code::VariablesNotAllowed]);
}

#[test]
fn a_transform_sees_the_wrapped_value_as_nested() {
    let spec = Spec::transform(number_attr(), kept("nested * 2"));
    assert_eq!(spec.implied_type(), Type::Number);
    assert_eq!(clean("a = 4\n", &spec), Value::from(8));
}

#[test]
fn a_transform_does_not_run_on_a_failed_value() {
    let spec = Spec::transform(number_attr(), kept("nested * 2"));
    let (value, diags) = run("a = \"x\"\n", &spec);
    assert_eq!(value, Value::unknown(Type::Number));
    assert_eq!(codes(&diags), [Code::IncorrectValueType]);
}

#[test]
fn a_transform_sees_no_variable_of_the_input() {
    let spec = Spec::transform(number_attr(), kept("nested + v"));
    let mut ctx = EvalContext::new();
    ctx.set_variable("v", Value::from(2));
    let (_, diags) = run_in("a = 1\n", &spec, &ctx);
    assert_eq!(codes(&diags), [Code::UnknownVariable]);
    assert_eq!(
        diags
            .iter()
            .next()
            .unwrap()
            .subject
            .as_ref()
            .unwrap()
            .filename
            .as_ref(),
        "spec.hcldec"
    );
}

#[test]
fn partial_decoding_leaves_the_rest() {
    let file = parse("a = 1\nb = 2\n", "case.hcl").unwrap();
    let (value, rest, diags) =
        partial_decode(&Body::from_file(&file), &number_attr(), &EvalContext::new());
    assert!(diags.is_empty());
    assert_eq!(value, Value::from(1));
    let attrs = rest.just_attributes().unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["b"]);
}

#[test]
fn json_bodies_decode_alike() {
    let spec = Spec::object([
        ("a", number_attr()),
        ("b", Spec::block_list("b", Spec::attr("c", Type::String))),
    ]);
    let (value, diags) = run_json(r#"{"a": "2", "b": [{"c": "x"}, {"c": "y"}]}"#, &spec);
    assert!(diags.is_empty(), "{diags}");
    let list = Value::list(Type::String, vec![Value::from("x"), Value::from("y")]).unwrap();
    assert_eq!(value, Value::object([("a", Value::from(2)), ("b", list)]));
}

#[test]
fn source_ranges_follow_the_spec() {
    // From the reference's TestSourceRange.
    let file = parse("\na = 1\n", "").unwrap();
    let body = Body::from_file(&file);
    let at = |spec: &Spec| {
        let r = source_range(&body, spec);
        (
            r.start.line,
            r.start.column,
            r.start.byte,
            r.end.line,
            r.end.column,
            r.end.byte,
        )
    };
    assert_eq!(at(&number_attr()), (2, 5, 5, 2, 6, 6));
    assert_eq!(at(&Spec::attr("b", Type::Number)), (1, 1, 0, 1, 1, 0));
    let file = parse("\nb {\n  a = 1\n}\n", "").unwrap();
    let r = source_range(&Body::from_file(&file), &Spec::block("b", number_attr()));
    assert_eq!(
        (r.start.line, r.start.column, r.start.byte, r.end.byte),
        (3, 7, 11, 12)
    );
    let src = "\nb {\n  c {\n    a = 1\n  }\n}\n";
    let file = parse(src, "").unwrap();
    let spec = Spec::block("b", Spec::block("c", number_attr()));
    let r = source_range(&Body::from_file(&file), &spec);
    assert_eq!(
        (r.start.line, r.start.column, r.start.byte, r.end.byte),
        (4, 9, 19, 20)
    );
    let r = source_range(&Body::from_file(&file), &Spec::literal(Value::from(1)));
    assert_eq!((r.filename.as_ref(), r.start.line), ("<unknown>", 0));
}

#[test]
fn json_strings_are_literal_without_variables_or_functions() {
    let spec = Spec::attr("a", Type::String);
    let (value, diags) = run_json(r#"{"a": "${1 + 1}"}"#, &spec);
    assert!(diags.is_empty());
    assert_eq!(value, Value::from("${1 + 1}"));
    let file = parse_json(r#"{"a": "${1 + 1}"}"#, "case.hcl.json").unwrap();
    let (value, _) = decode(&Body::from_json_file(&file), &spec, &EvalContext::new());
    assert_eq!(value, Value::from("2"));
}

#[test]
fn empty_names_stay_out_of_the_schema() {
    let spec = Spec::object([("b", Spec::block("", Spec::attr("", Type::String)))]);
    let schema = spec.implied_schema();
    assert!(schema.blocks().is_empty() && schema.attributes().is_empty());
    let (_, diags) = run("b {\n}\n", &spec);
    assert_eq!(
        sorted(&diags),
        ["Unsupported block type | Blocks of type \"b\" are not expected here. | 1:1:0-1:2:1"]
    );
}

#[test]
fn a_missing_argument_is_reported_once_per_listing() {
    // spec-dec-default-009: the default's own listing and the attr's.
    let spec = Spec::default(number_attr().required(), Spec::literal(Value::from(1)));
    let (_, diags) = run("", &spec);
    let want = "Missing required argument | The argument \"a\" is required, but no definition \
                was found. | 1:1:0-1:1:0";
    assert_eq!(sorted(&diags), [want, want]);
    let (_, diags) = run("", &Spec::object([("x", number_attr().required())]));
    assert_eq!(sorted(&diags), [want]);
}
