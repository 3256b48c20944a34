//! What expressions know of unknown values, as hashicorp/hcl v2.20.0 with
//! go-cty 1.13.0 refines them: templates, conditionals, splats, operators
//! and function calls.

use std::sync::Arc;

use crate::eval::EvalContext;
use crate::span::SourceFile;
use crate::types::Type;
use crate::value::{Number, Value};

fn context() -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    ctx.set_variable("u", Value::unknown(Type::Number));
    ctx.set_variable("us", Value::unknown(Type::String));
    ctx.set_variable("ub", Value::unknown(Type::Bool));
    ctx.set_variable("ul", Value::unknown(Type::list(Type::String)));
    ctx.set_variable(
        "ut",
        Value::unknown(Type::tuple(vec![Type::String, Type::String])),
    );
    ctx
}

/// Evaluates each source, which must not fail, and compares the value
/// with its refinements.
#[track_caller]
fn check(cases: &[(&str, Value)]) {
    let ctx = context();
    for (src, expected) in cases {
        let expr = crate::parse_expression(src, "t.hcl").unwrap();
        let file = Arc::new(SourceFile::new("t.hcl", src));
        let (value, diags) = ctx.evaluate_with_diagnostics(&expr, &file);
        assert!(!diags.has_errors(), "{src}: {diags}");
        assert_eq!(&value, expected, "{src}");
    }
}

fn unknown_bool() -> Value {
    Value::unknown(Type::Bool).refine_not_null()
}

fn number_between(min: i64, max: i64) -> Value {
    Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_lower_bound(&Number::from_i64(min), true)
        .number_upper_bound(&Number::from_i64(max), true)
        .build()
}

fn string_starting(prefix: &str) -> Value {
    Value::unknown(Type::String)
        .refine()
        .not_null()
        .string_prefix_full(prefix)
        .build()
}

#[test]
fn operators_and_functions_never_give_null() {
    check(&[
        ("u + 1", Value::unknown(Type::Number).refine_not_null()),
        ("u + 1 == null", Value::from(false)),
        ("-u == null", Value::from(false)),
        ("!ub == null", Value::from(false)),
        ("ub && true", unknown_bool()),
        ("(u == 1) == null", Value::from(false)),
        ("upper(us) == null", Value::from(false)),
        // Nothing is known of a variable itself.
        ("u == null", unknown_bool()),
        ("null != us", unknown_bool()),
        // The conversion functions may give null.
        ("tostring(us) == null", unknown_bool()),
    ]);
}

#[test]
fn templates_know_their_start() {
    let long = "a-".repeat(100);
    check(&[
        ("\"id-${us}\"", string_starting("id-")),
        ("\"id-${us}\" == \"ip-1\"", Value::from(false)),
        ("\"id-${us}\" == \"id-1\"", unknown_bool()),
        ("\"id-${us}\" == null", Value::from(false)),
        // The last character could still change, unless it is punctuation.
        ("\"ab${us}\"", string_starting("a")),
        ("\"${us}x\"", string_starting("")),
        ("\"${u}${us}\"", string_starting("")),
        // A lone interpolation is the value itself.
        ("\"${us}\"", Value::unknown(Type::String)),
        // At most 128 bytes are kept.
        (&format!("\"{long}${{us}}\""), string_starting(&long[..128])),
    ]);
}

#[test]
fn comparisons_answer_from_bounds() {
    // A list's length is between 0 and the largest 64-bit integer; the
    // bounds are compared as if exclusive.
    check(&[
        ("length(ul)", number_between(0, i64::MAX)),
        ("length(ul) > -1", Value::from(true)),
        ("length(ul) < -1", Value::from(false)),
        ("length(ul) >= 0", unknown_bool()),
        ("length(ul) < 0", unknown_bool()),
        ("length(ul) == -1", Value::from(false)),
        ("length(ul) == 3", unknown_bool()),
        ("-1 >= length(ul)", Value::from(false)),
    ]);
}

#[test]
fn conditionals_keep_what_both_results_share() {
    let two_unknowns = Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap();
    let one_or_two = Value::unknown(Type::list(Type::String))
        .refine()
        .not_null()
        .length_lower_bound(1)
        .length_upper_bound(2)
        .build();
    check(&[
        ("ub ? 1 : 5", number_between(1, 5)),
        ("(ub ? 1 : 5) > 6", Value::from(false)),
        ("(ub ? 1 : 5) < 10", Value::from(true)),
        ("(ub ? 1 : 5) > 5", unknown_bool()),
        ("(ub ? 1 : 5) == 7", Value::from(false)),
        ("(ub ? 1 : 5) == 3", unknown_bool()),
        // Only one number is left.
        ("ub ? 3 : 3", Value::from(3)),
        // A bound one result lacks is no bound; a result that may be null
        // makes the result one that may be.
        ("ub ? u : 1", Value::unknown(Type::Number)),
        ("ub ? us : \"x\"", Value::unknown(Type::String)),
        (
            "ub ? \"y\" : \"x\"",
            Value::unknown(Type::String).refine_not_null(),
        ),
        ("ub ? null : null", Value::null(Type::Dynamic)),
        // Collections of one type: the length bounds of both.
        ("ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"])", one_or_two),
        (
            "length(ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"]))",
            number_between(1, 2),
        ),
        (
            "length(ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"])) > 100",
            Value::from(false),
        ),
        (
            "(ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"])) == tolist([])",
            Value::from(false),
        ),
        // A list of known length is a known list of unknown elements.
        (
            "ub ? tolist([\"a\", \"b\"]) : tolist([\"c\", \"d\"])",
            two_unknowns,
        ),
    ]);
}

#[test]
fn collections_of_unknowns_bound_their_lengths() {
    check(&[
        // The unknowns of a set may turn out equal to other elements.
        ("length(toset([\"a\", us]))", number_between(1, 2)),
        ("length(toset([\"a\", us])) == 0", Value::from(false)),
        ("length(toset([us]))", Value::from(1)),
        // A list from a tuple is as long as the tuple: sorted, a known list
        // of unknown strings.
        ("length(sort(ut))", Value::from(2)),
        (
            "sort(ut)",
            Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap(),
        ),
        (
            "sort(tolist([\"b\", us]))",
            Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap(),
        ),
    ]);
}

#[test]
fn splats_of_unknowns() {
    let any_length = Value::unknown(Type::list(Type::String)).refine_not_null();
    check(&[
        ("ul[*]", any_length),
        ("ul[*] == null", Value::from(false)),
        (
            "length((ub ? tolist([\"a\"]) : tolist([\"b\", \"c\"]))[*])",
            number_between(1, 2),
        ),
        // An unknown that may be null may stand for no element at all...
        ("us[*]", Value::dynamic()),
        // ...but one that is not null is one element.
        ("length(\"x${us}\"[*])", Value::from(1)),
    ]);
}

#[test]
fn encoded_and_formatted_text_knows_its_start() {
    check(&[
        ("jsonencode([\"a\", us])", string_starting("[")),
        ("jsonencode({a = us}) == \"[]\"", Value::from(false)),
        ("jsonencode(us)", string_starting("")),
        ("format(\"id-%s\", us) == \"x-1\"", Value::from(false)),
        ("format(\"id-%s\", us)", string_starting("id-")),
        ("format(\"%s\", us)", string_starting("")),
    ]);
}
