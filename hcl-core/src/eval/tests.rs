//! Evaluation tests: one line per case, through small helpers.

use std::sync::Arc;

use crate::diagnostic::Code;
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

/// Evaluates `src`, expecting an error of kind `code` whose subject starts
/// at byte `at`.
fn check_error(cases: &[(&str, Code, u32)]) {
    let ctx = context();
    for (src, code, at) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .unwrap_or_else(|| panic!("{src}: no error"));
        assert_eq!(first.code, *code, "{src}: {diags}");
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
        ("nope", Code::UnknownVariable, 0),
        ("obj.c", Code::UnsupportedAttribute, 3),
        ("list[2]", Code::InvalidIndex, 4),
        ("list[-1]", Code::InvalidIndex, 4),
        ("list[0.5]", Code::InvalidIndex, 4),
        ("nothing.x", Code::AttributeOfNull, 7),
        ("1 + \"a\"", Code::InvalidOperand, 4),
        ("!1", Code::InvalidOperand, 1),
        ("1 + nothing", Code::OperationFailed, 0),
        ("0 / 0", Code::OperationFailed, 0),
        ("1 ? 2 : 3", Code::IncorrectConditionType, 0),
        ("null ? 2 : 3", Code::NullCondition, 0),
        (
            "true ? [1] : {a = 1}",
            Code::InconsistentConditionalTypes,
            7,
        ),
        ("[for x in null: x]", Code::IterationOverNull, 10),
        ("[for x in 1: x]", Code::IterationOverNonIterable, 10),
        ("{for x in [1, 1]: x => x}", Code::DuplicateObjectKey, 18),
        ("\"x${nothing}\"", Code::InvalidTemplateValue, 4),
        ("{a.b = 1}", Code::AmbiguousAttributeKey, 1),
        ("{(nothing) = 1}", Code::NullKey, 13),
        ("nosuch(1)", Code::UnknownFunction, 0),
        ("list[*][9]", Code::InvalidIndex, 7),
    ]);
}

#[test]
fn literal_only_context_rejects_variables_and_functions() {
    let ctx = EvalContext::literal_only();
    let src = "[a, f(1)]";
    let expr = crate::parse_expression(src, "t.hcl").unwrap();
    let file = Arc::new(SourceFile::new("t.hcl", src));
    let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::VariablesNotAllowed, Code::FunctionCallsNotAllowed]
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
        err.iter().any(|d| d.code == Code::NotEnoughArguments),
        "{err}"
    );
    let err = ctx.evaluate_str("twice(1, 2)").unwrap_err();
    assert!(
        err.iter().any(|d| d.code == Code::TooManyArguments),
        "{err}"
    );
    let err = ctx.evaluate_str("twice([1])").unwrap_err();
    assert!(
        err.iter().any(|d| d.code == Code::InvalidFunctionArgument),
        "{err}"
    );
    assert_eq!(
        ctx.evaluate_str("twice(null)").unwrap_err().as_slice()[0].code,
        Code::InvalidFunctionArgument
    );
}

/// A context with small evaluation limits.
fn limited(values: usize, bytes: usize, depth: usize) -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    ctx.set_limits(crate::Limits {
        max_eval_values: values,
        max_eval_string_bytes: bytes,
        max_value_depth: depth,
        ..crate::Limits::default()
    });
    ctx.set_variable("s", Value::string("0123456789"));
    ctx
}

/// The error of evaluating `src` in `ctx`: its code, detail and the source
/// text of its subject.
fn limit_error(ctx: &EvalContext<'_>, src: &str) -> (Code, String, String) {
    let err = ctx.evaluate_str(src).expect_err(src);
    assert_eq!(err.len(), 1, "{src}: {err}");
    let d = err.iter().next().unwrap();
    let range = d.subject.as_ref().unwrap();
    let subject = src[range.start.byte as usize..range.end.byte as usize].to_owned();
    (d.code, d.detail.clone(), subject)
}

#[test]
fn what_counts_against_max_eval_values() {
    // Each element a constructor or for expression builds, with what is
    // nested in it; each argument and result of a function; each operand
    // of == and !=.
    let ctx = limited(10, 1000, 100);
    let ok = [
        "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]",
        "[for x in [1, 2, 3, 4]: x]",
        "length([1, 2, 3])",
        "[1, 2] == [1, 2]",
    ];
    for src in ok {
        assert!(ctx.evaluate_str(src).is_ok(), "{src}");
    }
    let too_many = [
        ("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", "11"),
        (
            "{a = [1, 2, 3, 4, 5], b = [1, 2, 3, 4, 5]}",
            "[1, 2, 3, 4, 5]",
        ),
        (
            "[for x in [1, 2, 3, 4, 5, 6]: x]",
            "[for x in [1, 2, 3, 4, 5, 6]: x]",
        ),
        ("length(range(6))", "range(6)"),
        ("[1, 2, 3] == [1, 2, 3]", "[1, 2, 3] == [1, 2, 3]"),
    ];
    for (src, subject) in too_many {
        let (code, detail, at) = limit_error(&ctx, src);
        assert_eq!(code, Code::TooManyValues, "{src}");
        assert!(detail.contains("limit of 10 values"), "{detail}");
        assert!(detail.ends_with("(limit max_eval_values)."), "{detail}");
        assert_eq!(at, subject, "{src}");
    }
}

#[test]
fn a_shared_budget_bounds_evaluations_together() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(crate::Limits {
        max_eval_values: 100,
        max_total_eval_values: 240,
        max_total_eval_string_bytes: 5,
        ..crate::Limits::default()
    });
    ctx.set_variable("s", Value::string("0123456789"));
    // Without a shared budget, each evaluation has its own limits only.
    for _ in 0..5 {
        assert!(ctx.evaluate_str("range(90)").is_ok());
    }
    // A document of 10 bytes: 240 + 10 values, 5 + 40 bytes of strings.
    ctx.share_budget(10);
    // Two ranges of 92 values (90 and the call's argument and result) are
    // within it; then 66 are left, fewer than each evaluation's own 100,
    // and the error names the total.
    assert!(ctx.evaluate_str("range(90)").is_ok());
    assert!(ctx.child().evaluate_str("range(90)").is_ok());
    let (code, detail, at) = limit_error(&ctx, "range(90)");
    assert_eq!((code, at.as_str()), (Code::TooManyValues, "range(90)"));
    assert!(detail.contains("left of the 250 that all"), "{detail}");
    assert!(
        detail.contains("(limit max_total_eval_values, plus one per byte of the document)"),
        "{detail}"
    );
    // What failed used up the rest: nothing more can be built.
    assert!(ctx.evaluate_str("1 + 1").is_ok());
    assert!(ctx.evaluate_str("range(1)").is_err());
    // A clone draws on the same budget; a context that starts its own does
    // not.
    assert!(ctx.clone().evaluate_str("range(1)").is_err());
    let mut fresh = ctx.child();
    fresh.share_budget(10);
    assert!(fresh.evaluate_str("range(90)").is_ok());
    // Bytes of strings likewise: 45 of them.
    assert!(fresh.evaluate_str("\"${s}${s}${s}${s}\"").is_ok());
    let (code, detail, _) = limit_error(&fresh, "\"x${s}\"");
    assert_eq!(code, Code::StringsTooLong);
    assert!(detail.contains("left of the 45 that all"), "{detail}");
    assert!(
        detail.contains("(limit max_total_eval_string_bytes, plus four per byte"),
        "{detail}"
    );
}

#[test]
fn what_counts_against_max_eval_string_bytes() {
    // s is 10 bytes.
    let ctx = limited(1000, 25, 100);
    assert!(ctx.evaluate_str("\"${s}${s}\"").is_ok());
    assert!(ctx.evaluate_str("[s, s]").is_ok());
    let too_long = [
        ("\"${s}${s}${s}\"", "s"),
        ("\"%{ for i in range(3) }${s}%{ endfor }\"", "s"),
        ("upper(\"${s}${s}\")", "\"${s}${s}\""),
        // The literal text of the quoted template.
        ("{ (s) = s, b = \"0123456789\" }", "0123456789"),
    ];
    for (src, subject) in too_long {
        let (code, detail, at) = limit_error(&ctx, src);
        assert_eq!(code, Code::StringsTooLong, "{src}");
        assert!(
            detail.ends_with("(limit max_eval_string_bytes)."),
            "{detail}"
        );
        assert_eq!(at, subject, "{src}");
    }
}

#[test]
fn values_nested_too_deep_are_refused() {
    let mut ctx = limited(1000, 1000, 3);
    assert!(ctx.evaluate_str("[[[[1]]]]").is_ok());
    let (code, detail, at) = limit_error(&ctx, "[[[[[1]]]]]");
    assert_eq!(code, Code::ValueNestedTooDeep);
    assert!(detail.contains("more than 3 levels deep"), "{detail}");
    assert!(detail.ends_with("(limit max_value_depth)."), "{detail}");
    assert_eq!(at, "[[[[1]]]]");
    // A variable nested too deep is refused where it is referred to.
    let deep = Value::tuple(vec![Value::tuple(vec![Value::tuple(vec![Value::tuple(
        vec![Value::from(1)],
    )])])]);
    ctx.set_variable("deep", deep);
    let (code, _, at) = limit_error(&ctx, "length(deep[0])");
    assert_eq!((code, at.as_str()), (Code::ValueNestedTooDeep, "deep"));
}

#[test]
fn a_limit_error_is_reported_once_and_stops_the_evaluation() {
    let ctx = limited(100, 1000, 100);
    // Every iteration after the limit would fail again: one error.
    let src = "[for a in range(50): [for b in range(50): [a, b]]]";
    let (code, _, _) = limit_error(&ctx, src);
    assert_eq!(code, Code::TooManyValues);
    // try, can and an unselected conditional result keep it.
    for src in [
        "try(range(200), 1)",
        "can(range(200))",
        "false ? range(200) : 1",
        "[for x in [1]: try(range(200), 1)]",
    ] {
        let (code, _, at) = limit_error(&ctx, src);
        assert_eq!(code, Code::TooManyValues, "{src}");
        assert_eq!(at, "range(200)", "{src}");
    }
    // The result of a stopped evaluation is the dynamic value.
    let expr = crate::parse_expression("range(200)", "t.hcl").unwrap();
    let file = Arc::new(SourceFile::new("t.hcl", "range(200)"));
    let (value, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
    assert_eq!(value, Value::dynamic());
    assert!(diags.has_errors());
}

#[test]
fn each_evaluation_has_its_own_budget() {
    let ctx = limited(100, 1000, 100);
    for _ in 0..10 {
        assert!(ctx.evaluate_str("length(range(40))").is_ok());
    }
    // A child context uses its parent's limits unless it sets its own.
    let child = ctx.child();
    assert_eq!(child.limits().max_eval_values, 100);
    assert!(child.evaluate_str("range(200)").is_err());
    let mut child = ctx.child();
    child.set_limits(crate::Limits::default());
    assert!(child.evaluate_str("range(200)").is_ok());
}

#[test]
fn templates_charge_what_they_build() {
    let ctx = limited(1_000_000, 64 << 20, 100);
    let src = "\"%{ for i in range(1000) }%{ for j in range(1000) }x%{ endfor }%{ endfor }\"";
    let (code, _, _) = limit_error(&ctx, src);
    assert_eq!(code, Code::TooManyValues);
    let ctx = limited(10_000_000, 1 << 20, 100);
    let src =
        "\"%{ for i in range(1000) }${join(\"\", [for j in range(1000): \"xy\"])}%{ endfor }\"";
    let (code, _, _) = limit_error(&ctx, src);
    assert_eq!(code, Code::StringsTooLong);
}

/// Evaluates `src`, expecting a first error of kind `code` whose subject
/// is exactly the text `subject` starting at byte `at`.
fn check_subject(cases: &[(&str, Code, &str, u32)]) {
    let ctx = context();
    for (src, code, subject, at) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        let first = diags.iter().find(|d| d.is_error()).expect("an error");
        assert_eq!(first.code, *code, "{src}");
        let range = first.subject.as_ref().expect("a subject");
        let text = src.get(range.start.byte as usize..range.end.byte as usize);
        assert_eq!((text, range.start.byte), (Some(*subject), *at), "{src}");
    }
}

#[test]
fn function_call_errors_point_at_starts() {
    check_subject(&[
        // The call's own failure: its name and opening parenthesis.
        ("coalesce()", Code::FunctionCallFailed, "coalesce(", 0),
        ("1 + length(1)", Code::FunctionCallFailed, "length(", 4),
        // An argument: where its expression starts.
        ("keys([1])", Code::InvalidFunctionArgument, "[", 5),
        (
            "parseint(\"zz\", 10)",
            Code::InvalidFunctionArgument,
            "zz",
            10,
        ),
        ("upper((f(1)))", Code::UnknownFunction, "f", 7),
        (
            "trim(try(null), \"\")",
            Code::InvalidFunctionArgument,
            "try(",
            5,
        ),
        (
            "tomap({\n a = 1\n b = [] })",
            Code::InvalidFunctionArgument,
            "{",
            6,
        ),
        ("abs(1, [2])", Code::TooManyArguments, "[", 7),
        // An element of an expanded argument: the whole expression.
        (
            "abs([\"x\"]...)",
            Code::InvalidFunctionArgument,
            "[\"x\"]",
            4,
        ),
    ]);
}

/// Evaluates `src`, expecting a first error with exactly this detail.
fn check_detail(cases: &[(&str, &str)]) {
    let ctx = context();
    for (src, detail) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        let first = diags.iter().find(|d| d.is_error());
        let first = first.unwrap_or_else(|| panic!("{src}: no error"));
        assert_eq!(first.detail, *detail, "{src}");
    }
}

#[test]
fn error_details_are_the_references() {
    let not_found = "The given key does not identify an element in this collection value";
    let mismatch = "The true and false result expressions must have consistent types.";
    check_detail(&[
        // Only the first index past the end is explained.
        (
            "list[2]",
            &format!("{not_found}: the given index is greater than or equal to the length of the collection."),
        ),
        ("list[3]", &format!("{not_found}.")),
        ("[][0]", &format!("{not_found}: the collection has no elements.")),
        ("[][1]", &format!("{not_found}.")),
        (
            "true ? {a = [], b = 1} : {b = 1}",
            &format!("{mismatch} The 'true' value includes object attribute \"a\", which is absent in the 'false' value."),
        ),
        (
            "true ? {b = 1} : {a = [], b = 1}",
            &format!("{mismatch} The 'false' value includes object attribute \"a\", which is absent in the 'true' value."),
        ),
        (
            "true ? {a = {x = 1}} : {a = [1]}",
            &format!("{mismatch} Type mismatch for object attribute \"a\": The 'true' value is object, but the 'false' value is tuple."),
        ),
        (
            "true ? [1, {}] : [1, true]",
            &format!("{mismatch} Type mismatch for tuple element 1: The 'true' value is object, but the 'false' value is bool."),
        ),
        (
            "true ? [1, {}] : [true]",
            &format!("{mismatch} The 'true' tuple has length 2, but the 'false' tuple has length 1."),
        ),
        (
            "{for x in [1, 1]: \"a\\n\" => x}",
            "Two different items produced the key \"a\\n\" in this 'for' expression. If duplicates \
             are expected, use the ellipsis (...) after the value expression to enable grouping by \
             key.",
        ),
    ]);
}

#[test]
fn unknown_namespaced_functions() {
    let mut ctx = EvalContext::new();
    ctx.set_function(
        "provider::test::echo",
        crate::functions::stdlib()["upper"].clone(),
    );
    let detail = |src: &str| {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (_, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        diags
            .iter()
            .next()
            .map(|d| d.detail.clone())
            .unwrap_or_default()
    };
    assert_eq!(
        detail("provider::nope::echo(1)"),
        "There are no functions in namespace \"provider::nope::\"."
    );
    assert_eq!(
        detail("provider::test::ech(1)"),
        "There is no function named \"ech\" in namespace provider::test::."
    );
    assert_eq!(
        detail("uper(1)"),
        "There is no function named \"uper\". Did you mean \"upper\"?"
    );
    // A `for` body is evaluated in a child context without functions of
    // its own: no suggestion.
    assert_eq!(
        detail("[for x in [1]: uper(x)]"),
        "There is no function named \"uper\"."
    );
}

#[test]
fn contexts_share_the_standard_library_until_one_changes_it() {
    let a = EvalContext::new();
    let mut b = EvalContext::new();
    // Built once: both hold the one table.
    assert!(std::ptr::eq(a.functions().unwrap(), b.functions().unwrap()));
    let upper = a.functions().unwrap()["upper"].clone();
    b.set_function("shout", upper);
    assert!(!std::ptr::eq(
        a.functions().unwrap(),
        b.functions().unwrap()
    ));
    assert!(a.functions().unwrap().get("shout").is_none());
    assert_eq!(b.evaluate_str("shout(\"x\")").unwrap(), Value::string("X"));
    assert_eq!(
        b.functions().unwrap().len(),
        a.functions().unwrap().len() + 1
    );
}
