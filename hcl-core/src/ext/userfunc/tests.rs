//! User functions: decoding, calls, errors and recursion, in both syntaxes.

use std::collections::HashMap;
use std::sync::Arc;

use super::{decode_user_functions, with_user_functions, ContextFn, MAX_CALL_DEPTH};
use crate::diagnostic::{Code, Diagnostics};
use crate::schema::Body;
use crate::{parse, parse_json, EvalContext, Value};

/// Decodes the native `src`, then evaluates every attribute of the rest:
/// the decode's diagnostics and each attribute's value or diagnostics.
fn run(src: &str) -> (Diagnostics, HashMap<String, Result<Value, Diagnostics>>) {
    let file = parse(src, "t.hcl").expect("the source parses");
    let (ctx, _, rest, diags) =
        with_user_functions(&Body::from_file(&file), "function", EvalContext::new());
    let attrs = rest.just_attributes_with_diagnostics().0;
    let values = attrs
        .iter()
        .map(|a| (a.name.to_owned(), a.expr.value(&ctx)))
        .collect();
    (diags, values)
}

fn value(src: &str, name: &str) -> Value {
    let (diags, values) = run(src);
    assert!(!diags.has_errors(), "{diags}");
    match values.get(name) {
        Some(Ok(v)) => v.clone(),
        other => panic!("{name}: {other:?}"),
    }
}

fn error(src: &str, name: &str) -> Diagnostics {
    let (_, values) = run(src);
    match values.get(name) {
        Some(Err(d)) => d.clone(),
        other => panic!("{name}: expected an error, got {other:?}"),
    }
}

#[test]
fn a_function_calls_another_defined_after_it() {
    let src = "function \"f\" {\n  params = [a]\n  result = g(a) * 2\n}\n\
               function \"g\" {\n  params = [a]\n  result = a + 1\n}\nx = f(3)\n";
    assert_eq!(value(src, "x"), Value::from(8));
}

#[test]
fn a_variadic_parameter_is_a_tuple_of_the_rest() {
    let src =
        "function \"f\" {\n  params = [a]\n  variadic_param = rest\n  result = [a, rest]\n}\n\
               x = f(1)\ny = f(1, \"b\", true)\n";
    let empty = Value::tuple(vec![Value::from(1), Value::empty_tuple()]);
    assert_eq!(value(src, "x"), empty);
    let rest = Value::tuple(vec![Value::string("b"), Value::from(true)]);
    assert_eq!(value(src, "y"), Value::tuple(vec![Value::from(1), rest]));
}

#[test]
fn errors_of_the_result_are_nested_in_error_in_function_call() {
    let src = "function \"f\" {\n  params = [a]\n  result = a + 1\n}\nx = f(\"x\")\n";
    let diags = error(src, "x");
    let diag = diags.iter().next().expect("one diagnostic");
    assert_eq!(diag.code, Code::FunctionCallFailed);
    assert_eq!(diag.summary, "Error in function call");
    assert_eq!(
        diag.detail,
        "Call to function \"f\" failed: t.hcl:3,12-13: Invalid operand; Unsuitable value for \
         left operand: a number is required.."
    );
}

#[test]
fn arguments_are_checked_as_for_any_function() {
    let src = "function \"f\" {\n  params = [a, b]\n  result = a\n}\n\
               x = f(1)\ny = f(1, 2, 3)\nz = f(null, 1)\n";
    let code = |name| error(src, name).iter().next().map(|d| d.code);
    assert_eq!(code("x"), Some(Code::NotEnoughArguments));
    assert_eq!(code("y"), Some(Code::TooManyArguments));
    assert_eq!(code("z"), Some(Code::InvalidFunctionArgument));
}

#[test]
fn unknown_arguments_give_unknown_results_of_the_results_type() {
    let file = parse(
        "function \"f\" {\n  params = [a]\n  result = \"${a}!\"\n}\n",
        "t.hcl",
    )
    .expect("parses");
    let mut base = EvalContext::new();
    base.set_variable("u", Value::unknown(crate::Type::Number));
    base.set_variable("d", Value::dynamic());
    let (ctx, ..) = with_user_functions(&Body::from_file(&file), "function", base);
    let u = ctx.evaluate_str("f(u)").expect("no error");
    assert_eq!(u, Value::unknown(crate::Type::String));
    assert_eq!(
        ctx.evaluate_str("f(d)").expect("no error"),
        Value::dynamic()
    );
}

#[test]
fn recursion_ends_with_a_diagnostic() {
    let src = "function \"fact\" {\n  params = [n]\n  result = n <= 1 ? 1 : n * fact(n - 1)\n}\n\
               x = fact(5)\n";
    let diags = error(src, "x");
    let diag = diags.iter().next().expect("one diagnostic");
    assert_eq!(diag.code, Code::FunctionCallFailed);
    assert!(
        diag.detail.contains("(a recursion that does not end?)"),
        "{}",
        diag.detail
    );
    // Mutual recursion and a self-call with no condition end the same way.
    let src = "function \"even\" {\n  params = [n]\n  result = n == 0 ? true : odd(n - 1)\n}\n\
               function \"odd\" {\n  params = [n]\n  result = n == 0 ? false : even(n - 1)\n}\n\
               function \"loop\" {\n  params = []\n  result = [loop(), loop()]\n}\n\
               x = even(4)\ny = loop()\n";
    // Below `even(0)`, the calls that fail are in the result that `n == 0`
    // does not select, and a conditional drops the errors of that one.
    assert_eq!(value(src, "x"), Value::from(true));
    let loop_ = error(src, "y");
    let detail = &loop_.iter().next().expect("one diagnostic").detail;
    assert!(
        detail.contains(&format!("nested more than {MAX_CALL_DEPTH} deep")),
        "{detail}"
    );
}

#[test]
fn deep_results_of_a_recursion_fit_a_small_stack() {
    // Each level nests the recursive call in a deep expression; the
    // thread has the default stack of a spawned thread.
    let deep = format!(
        "{}{}loop(){}",
        "[".repeat(120),
        "- ".repeat(120),
        "]".repeat(120)
    );
    let src = format!("function \"loop\" {{\n  params = []\n  result = {deep}\n}}\nx = loop()\n");
    let worker = std::thread::spawn(move || error(&src, "x").has_errors());
    assert!(worker.join().expect("no overflow"));
}

#[test]
fn recursion_that_ends_gives_its_value() {
    let src = "function \"fact\" {\n  params = [n]\n  \
               result = n * flatten(concat([for m in (n > 1 ? [n - 1] : []) : fact(m)], [1]))[0]\n}\n\
               x = fact(5)\n";
    assert_eq!(value(src, "x"), Value::from(120));
}

#[test]
fn decoding_errors_are_reported_block_by_block() {
    let src = "function \"f\" {\n}\nfunction \"g\" {\n  params = [1]\n  result = 1\n}\n\
               function \"h\" {\n  params = []\n  variadic_param = \"r\"\n  result = 1\n}\n\
               function \"ok\" {\n  params = []\n  result = 1\n}\n";
    let (diags, _) = run(src);
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            Code::MissingRequiredArgument,
            Code::MissingRequiredArgument,
            Code::InvalidParameterName,
            Code::InvalidParameterName,
        ]
    );
    let file = parse(src, "t.hcl").expect("parses");
    let context: ContextFn = Arc::new(|| None);
    let (functions, ..) = decode_user_functions(&Body::from_file(&file), "function", context);
    assert_eq!(functions.keys().collect::<Vec<_>>(), ["ok"]);
}

#[test]
fn the_json_syntax_reads_names_from_strings() {
    let src = r#"{"function": {"f": {"params": ["a"], "variadic_param": "r",
                  "result": "${[a, r]}"}}, "x": "${f(1, 2)}"}"#;
    let file = parse_json(src, "t.hcl.json").expect("parses");
    let (ctx, functions, rest, diags) =
        with_user_functions(&Body::from_json_file(&file), "function", EvalContext::new());
    assert!(diags.is_empty(), "{diags}");
    let f = &functions["f"];
    assert_eq!(f.params()[0].name, "a");
    assert_eq!(f.variadic().map(|p| p.name.as_str()), Some("r"));
    let (attrs, rest_diags) = rest.just_attributes_with_diagnostics();
    assert!(rest_diags.is_empty(), "the function property is hidden");
    let x = attrs
        .get("x")
        .expect("x")
        .expr
        .value(&ctx)
        .expect("no error");
    let two = Value::tuple(vec![Value::from(2)]);
    assert_eq!(x, Value::tuple(vec![Value::from(1), two]));
}

#[test]
fn without_a_context_a_result_sees_only_its_parameters() {
    let file = parse(
        "function \"f\" {\n  params = [a]\n  result = [a, upper(a)]\n}\n",
        "t.hcl",
    )
    .expect("parses");
    let context: ContextFn = Arc::new(|| None);
    let (functions, ..) = decode_user_functions(&Body::from_file(&file), "function", context);
    let err = functions["f"]
        .call(&[Value::string("x")])
        .expect_err("no functions");
    assert!(
        err.to_string().contains("Function calls not allowed"),
        "{err}"
    );
}
