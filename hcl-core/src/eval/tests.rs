//! Evaluation tests: one line per case, through small helpers.

use std::sync::Arc;

use crate::eval::EvalContext;
use crate::span::SourceFile;
use crate::types::Type;
use crate::value::Value;

fn context() -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    ctx.set_variable("n", Value::from(10));
    ctx.set_variable("s", Value::string("abc"));
    ctx.set_variable("u", Value::unknown(Type::Number));
    ctx.set_variable("nothing", Value::null(Type::String));
    ctx.set_variable(
        "obj",
        Value::object([("a", Value::from(1)), ("b", Value::string("x"))]),
    );
    ctx.set_variable(
        "list",
        Value::list(Type::Number, vec![Value::from(1), Value::from(2)]).unwrap(),
    );
    ctx.set_variable(
        "objs",
        Value::list(
            Type::object([("id", Type::Number)]),
            vec![
                Value::object([("id", Value::from(1))]),
                Value::object([("id", Value::from(2))]),
            ],
        )
        .unwrap(),
    );
    ctx
}

/// Evaluates `src` and compares the typed-JSON text of the result.
fn check_eval(cases: &[(&str, &str)]) {
    let ctx = context();
    for (src, expected) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (value, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        assert!(!diags.has_errors(), "{src}: {diags}");
        let (ty, val) = value.to_typed_json();
        assert_eq!(format!("{ty} {val}"), *expected, "{src}");
    }
}

/// Evaluates `src`, expecting an error with `summary` whose subject starts
/// at byte `at`.
fn check_error(cases: &[(&str, &str, u32)]) {
    let ctx = context();
    for (src, summary, at) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .unwrap_or_else(|| panic!("{src}: no error"));
        assert_eq!(first.summary, *summary, "{src}: {diags}");
        let subject = first.subject.as_ref().unwrap();
        assert_eq!(subject.start.byte, *at, "{src}: {diags}");
    }
}

#[test]
fn arithmetic_and_comparison() {
    check_eval(&[
        ("1 + 2 * 3", r#""number" "7""#),
        ("(1 + 2) * 3", r#""number" "9""#),
        ("10 - 2 - 3", r#""number" "5""#),
        ("7 % 3", r#""number" "1""#),
        ("-7 % 3", r#""number" "-1""#),
        ("5 % 0", r#""number" "5""#),
        ("1 / 3 * 3", r#""number" "1""#),
        ("2 / 0", r#""number" "+Inf""#),
        ("-n", r#""number" "-10""#),
        ("\"5\" + 1", r#""number" "6""#),
        ("n > 9", r#""bool" true"#),
        ("n >= 10", r#""bool" true"#),
        ("n < 10", r#""bool" false"#),
        ("n <= 9", r#""bool" false"#),
        ("u + 1", r#""number" {"$unknown":true}"#),
        ("u > 1", r#""bool" {"$unknown":true}"#),
    ]);
}

#[test]
fn logic_and_equality() {
    check_eval(&[
        ("true && false", r#""bool" false"#),
        ("true || false", r#""bool" true"#),
        ("!true", r#""bool" false"#),
        ("\"true\" && true", r#""bool" true"#),
        ("1 == 1.0", r#""bool" true"#),
        ("1 == \"1\"", r#""bool" false"#),
        ("null == null", r#""bool" true"#),
        ("nothing == null", r#""bool" true"#),
        ("[1, 2] == [1, 2]", r#""bool" true"#),
        ("{a = 1} != {a = 2}", r#""bool" true"#),
        ("u == 1", r#""bool" {"$unknown":true}"#),
        ("\"e\\u0301\" == \"\\u00e9\"", r#""bool" true"#),
    ]);
}

#[test]
fn conditionals_unify_their_results() {
    check_eval(&[
        ("true ? 1 : 2", r#""number" "1""#),
        ("false ? 1 : \"two\"", r#""string" "two""#),
        ("true ? 1 : \"two\"", r#""string" "1""#),
        ("true ? null : 2", r#""number" null"#),
        ("u > 1 ? \"a\" : \"b\"", r#""string" {"$unknown":true}"#),
        ("false ? list[5] : 0", r#""number" "0""#),
    ]);
}

#[test]
fn collections_traversals_and_splats() {
    check_eval(&[
        (
            "[1, \"a\", true]",
            r#"["tuple",["number","string","bool"]] ["1","a",true]"#,
        ),
        (
            "{b = 1, a = 2}",
            r#"["object",{"a":"number","b":"number"}] {"a":"2","b":"1"}"#,
        ),
        ("{(s) = 1}", r#"["object",{"abc":"number"}] {"abc":"1"}"#),
        ("{a = 1, a = 2}", r#"["object",{"a":"number"}] {"a":"2"}"#),
        ("obj.a", r#""number" "1""#),
        ("obj[\"b\"]", r#""string" "x""#),
        ("list[1]", r#""number" "2""#),
        ("list.0", r#""number" "1""#),
        ("objs[*].id", r#"["list","number"] ["1","2"]"#),
        ("objs.*.id", r#"["list","number"] ["1","2"]"#),
        ("obj[*].a", r#"["tuple",["number"]] ["1"]"#),
        ("nothing[*]", r#"["tuple",[]] []"#),
        (
            "[for x in list: x * 2]",
            r#"["tuple",["number","number"]] ["2","4"]"#,
        ),
        (
            "{for k, v in obj: v => k}",
            r#"["object",{"1":"string","x":"string"}] {"1":"a","x":"b"}"#,
        ),
        (
            "{for x in [1, 1, 2]: x => x...}",
            r#"["object",{"1":["tuple",["number","number"]],"2":["tuple",["number"]]}] {"1":["1","1"],"2":["2"]}"#,
        ),
        (
            "[for i, x in [\"a\", \"b\"]: i if x != \"a\"]",
            r#"["tuple",["number"]] ["1"]"#,
        ),
    ]);
}

#[test]
fn templates() {
    check_eval(&[
        ("\"${n}-${s}\"", r#""string" "10-abc""#),
        ("\"${n}\"", r#""number" "10""#),
        (
            "\"%{if n > 5}big%{else}small%{endif}\"",
            r#""string" "big""#,
        ),
        (
            "\"%{for x in list}<${x}>%{endfor}\"",
            r#""string" "<1><2>""#,
        ),
        ("\"a ${u}\"", r#""string" {"$unknown":true}"#),
        ("\"x ${~ \"y\" ~} z\"", r#""string" "xyz""#),
    ]);
}

#[test]
fn errors_point_at_the_smallest_fault() {
    check_error(&[
        ("nope", "Unknown variable", 0),
        ("obj.c", "Unsupported attribute", 3),
        ("list[2]", "Invalid index", 4),
        ("list[-1]", "Invalid index", 4),
        ("list[0.5]", "Invalid index", 4),
        ("nothing.x", "Attempt to get attribute from null value", 7),
        ("1 + \"a\"", "Invalid operand", 4),
        ("!1", "Invalid operand", 1),
        ("1 + nothing", "Operation failed", 0),
        ("0 / 0", "Operation failed", 0),
        ("1 ? 2 : 3", "Incorrect condition type", 0),
        ("null ? 2 : 3", "Null condition", 0),
        (
            "true ? [1] : {a = 1}",
            "Inconsistent conditional result types",
            7,
        ),
        ("[for x in null: x]", "Iteration over null value", 10),
        ("[for x in 1: x]", "Iteration over non-iterable value", 10),
        ("{for x in [1, 1]: x => x}", "Duplicate object key", 18),
        ("\"x${nothing}\"", "Invalid template interpolation value", 4),
        ("{a.b = 1}", "Ambiguous attribute key", 1),
        ("{(nothing) = 1}", "Null value as key", 13),
        ("nosuch(1)", "Call to unknown function", 0),
        ("list[*][9]", "Invalid index", 7),
    ]);
}

#[test]
fn literal_only_context_rejects_variables_and_functions() {
    let ctx = EvalContext::literal_only();
    let src = "[a, f(1)]";
    let expr = crate::parse_expression(src, "t.hcl").unwrap();
    let file = Arc::new(SourceFile::new("t.hcl", src));
    let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        ["Variables not allowed", "Function calls not allowed"]
    );
    assert_eq!(
        ctx.evaluate_str("[for x in [1]: x + 1]").unwrap(),
        Value::tuple(vec![Value::from(2)])
    );
}

#[test]
fn child_scopes_hide_parents() {
    let mut parent = EvalContext::new();
    parent.set_variable("x", Value::from(1));
    parent.set_variable("y", Value::from(2));
    let mut child = parent.child();
    child.set_variable("x", Value::from(3));
    assert_eq!(child.evaluate_str("x + y").unwrap(), Value::from(5));
    assert_eq!(
        child.evaluate_str("[for x in [7]: x]").unwrap(),
        Value::tuple(vec![Value::from(7)])
    );
}

#[test]
fn user_functions_are_called_with_converted_arguments() {
    use crate::functions::{Function, Parameter};
    let mut ctx = EvalContext::new();
    ctx.set_function(
        "twice",
        Function::builder()
            .param(Parameter::new("s", Type::String))
            .returns(Type::String)
            .implementation(|args, _| {
                let s = args[0].as_str().unwrap_or_default();
                Ok(Value::string(format!("{s}{s}")))
            })
            .build(),
    );
    assert_eq!(
        ctx.evaluate_str("twice(12)").unwrap(),
        Value::string("1212")
    );
    assert_eq!(
        ctx.evaluate_str("twice([\"a\"]...)").unwrap(),
        Value::string("aa")
    );
    let err = ctx.evaluate_str("twice()").unwrap_err();
    assert!(
        err.to_string().contains("Not enough function arguments"),
        "{err}"
    );
    let err = ctx.evaluate_str("twice(1, 2)").unwrap_err();
    assert!(
        err.to_string().contains("Too many function arguments"),
        "{err}"
    );
    let err = ctx.evaluate_str("twice([1])").unwrap_err();
    assert!(
        err.to_string().contains("Invalid function argument"),
        "{err}"
    );
    assert_eq!(
        ctx.evaluate_str("twice(null)").unwrap_err().as_slice()[0].summary,
        "Invalid function argument"
    );
}
