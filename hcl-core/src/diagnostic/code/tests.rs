//! Every code has its own kebab-case name, and representative inputs give
//! the diagnostics of the codes expected.

use std::collections::HashSet;
use std::sync::Arc;

use super::Code;
use crate::check::TypeContext;
use crate::schema::{Body, BodySchema};
use crate::typeexpr::{parse_type, TypeExprOptions};
use crate::{
    parse, parse_expression, parse_template, parse_with, Diagnostics, EvalContext, Limits,
    ParseOptions, SourceFile, Span, Value,
};

#[test]
fn names_are_distinct() {
    let mut seen = HashSet::new();
    for code in Code::ALL {
        assert!(seen.insert(code.as_str()), "{code:?} repeats a name");
    }
    assert_eq!(seen.len(), Code::ALL.len());
}

#[test]
fn names_are_kebab_case() {
    for code in Code::ALL {
        let name = code.as_str();
        assert!(!name.is_empty());
        assert!(!name.starts_with('-') && !name.ends_with('-') && !name.contains("--"));
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name} is not kebab-case"
        );
        assert_eq!(code.to_string(), name);
    }
}

/// The code of the first error of `diags`.
#[track_caller]
fn first(what: &str, diags: &Diagnostics) -> Code {
    match diags.iter().find(|d| d.is_error()) {
        Some(d) => d.code,
        None => panic!("{what}: no error"),
    }
}

#[track_caller]
fn check(cases: &[(&str, Code)], run: impl Fn(&str) -> Diagnostics) {
    for (src, want) in cases {
        let diags = run(src);
        assert_eq!(first(src, &diags), *want, "{src:?}: {diags}");
    }
}

fn file_diags(src: &str) -> Diagnostics {
    parse(src, "t.hcl").err().unwrap_or_default()
}

fn expr_diags(src: &str) -> Diagnostics {
    parse_expression(src, "t.hcl").err().unwrap_or_default()
}

fn template_diags(src: &str) -> Diagnostics {
    parse_template(src, "t.tmpl").err().unwrap_or_default()
}

#[test]
fn lexical_and_body_errors() {
    check(
        &[
            ("a = 1;\n", Code::InvalidCharacter),
            ("a = 1 & 2\n", Code::UnsupportedOperator),
            ("a = \"x\ny\"\n", Code::InvalidMultiLineString),
            ("a = \"\\q\"\n", Code::InvalidEscapeSequence),
            ("b \"${x}\" {}\n", Code::InvalidStringLiteral),
            ("a = \"abc", Code::UnterminatedTemplate),
            ("a = \"abc ${x", Code::UnclosedInterpolation),
            ("a = \"${1 2}\"\n", Code::ExtraCharactersAfterInterpolation),
            ("= 1\n", Code::ArgumentOrBlockRequired),
            ("a { b {} }\n", Code::ArgumentRequired),
            ("\"a\" = 1\n", Code::InvalidArgumentName),
            ("b {\n", Code::UnclosedBlock),
            ("a = 1\na = 2\n", Code::AttributeRedefined),
            ("a { b = 1, c = 2 }\n", Code::InvalidSingleArgumentBlock),
            ("b {} c {}\n", Code::MissingNewlineAfterBlock),
            ("a = 1 b = 2\n", Code::MissingNewlineAfterArgument),
            ("a = 1,\n", Code::UnexpectedCommaAfterArgument),
            ("b \"abc", Code::UnterminatedString),
        ],
        file_diags,
    );
    let source = Arc::new(SourceFile::new("t.hcl", "a = 1\n"));
    let err =
        crate::parser::reparse_body(&source, Span::new(0, 99), Span::new(99, 99)).unwrap_err();
    assert_eq!(first("reparse", &err), Code::InvalidBodyPosition);
}

#[test]
fn template_errors() {
    check(
        &[
            ("%{ bogus }", Code::InvalidTemplateKeyword),
            ("%{ for in x }%{ endfor }", Code::InvalidForDirective),
            ("%{ endif }", Code::UnexpectedDirective),
            ("%{ if true }x", Code::UnexpectedEndOfTemplate),
            (
                "%{ for x in y }x%{ endfor z }",
                Code::ExtraCharactersInMarker,
            ),
        ],
        template_diags,
    );
}

#[test]
fn expression_errors() {
    check(
        &[
            ("1 2", Code::ExtraCharactersAfterExpression),
            ("1 + * 2", Code::InvalidExpression),
            ("1 +", Code::MissingExpression),
            ("1.2.3", Code::InvalidNumberLiteral),
            ("(1 + 2", Code::UnbalancedParentheses),
            ("max([1]..., 2)", Code::MissingClosingParenthesis),
            ("f(1, 2", Code::UnterminatedFunctionCall),
            ("f(1 2)", Code::MissingArgumentSeparator),
            ("a ? b", Code::MissingFalseExpression),
            ("[1, 2", Code::UnterminatedTuple),
            ("[1 2]", Code::MissingItemSeparator),
            ("{a = 1, b = 2", Code::UnterminatedObject),
            ("{a 1}", Code::MissingKeyValueSeparator),
            ("{a = 1 b = 2}", Code::MissingAttributeSeparator),
            ("[for x y: x]", Code::InvalidForExpression),
            ("a.", Code::InvalidAttributeName),
            ("a.0.1", Code::InvalidLegacyIndex),
            ("parts[1", Code::MissingCloseBracket),
            ("a::", Code::MissingFunctionName),
            ("a::b", Code::MissingOpenParenthesis),
        ],
        expr_diags,
    );
}

#[test]
fn parse_limits() {
    let options = |limits: Limits| ParseOptions { limits };
    let nesting = options(Limits {
        max_nesting_depth: 3,
        ..Limits::default()
    });
    let err = parse_with("a = [[[[1]]]]\n", "t.hcl", &nesting).unwrap_err();
    assert_eq!(first("nesting", &err), Code::NestingTooDeep);
    let depth = options(Limits {
        max_expression_depth: 3,
        ..Limits::default()
    });
    let err = parse_with("a = 1 + 2 + 3 + 4 + 5\n", "t.hcl", &depth).unwrap_err();
    assert_eq!(first("depth", &err), Code::ExpressionTooDeep);
    let size = options(Limits {
        max_input_bytes: 4,
        ..Limits::default()
    });
    let err = parse_with("a = 12345\n", "t.hcl", &size).unwrap_err();
    assert_eq!(first("size", &err), Code::InputTooLarge);
}

fn eval_diags(ctx: &EvalContext<'_>, src: &str) -> Diagnostics {
    ctx.evaluate_str(src).err().unwrap_or_default()
}

#[test]
fn evaluation_and_function_errors() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("nothing", Value::null(crate::Type::Dynamic));
    check(
        &[
            ("nope", Code::UnknownVariable),
            ("nosuch(1)", Code::UnknownFunction),
            ("upper()", Code::NotEnoughArguments),
            ("upper(\"a\", \"b\")", Code::TooManyArguments),
            ("keys([1])", Code::InvalidFunctionArgument),
            ("coalesce()", Code::FunctionCallFailed),
            ("upper(nothing...)", Code::InvalidExpandingArgument),
            ("{a.b = 1}", Code::AmbiguousAttributeKey),
            ("{for x in [1, 1]: x => x}", Code::DuplicateObjectKey),
            ("{(nothing) = 1}", Code::NullKey),
            ("{([1]) = 1}", Code::IncorrectKeyType),
            ("{for x in [1]: nothing => x}", Code::InvalidObjectKey),
            ("tomap({a = 1}).b", Code::MissingMapElement),
            ("null ? 1 : 2", Code::NullCondition),
            ("1 ? 2 : 3", Code::IncorrectConditionType),
            ("true ? [1] : {a = 1}", Code::InconsistentConditionalTypes),
            ("[for x in null: x]", Code::IterationOverNull),
            ("[for x in 1: x]", Code::IterationOverNonIterable),
            ("1 + \"a\"", Code::InvalidOperand),
            ("0 / 0", Code::OperationFailed),
            ("\"x${nothing}\"", Code::InvalidTemplateValue),
            ("nothing.x", Code::AttributeOfNull),
            ("nothing[0]", Code::IndexOfNull),
            ("[1][5]", Code::InvalidIndex),
            ("{a = 1}.b", Code::UnsupportedAttribute),
        ],
        |src| eval_diags(&ctx, src),
    );
    let literal = EvalContext::literal_only();
    check(
        &[
            ("a", Code::VariablesNotAllowed),
            ("f(1)", Code::FunctionCallsNotAllowed),
        ],
        |src| eval_diags(&literal, src),
    );
}

#[test]
fn evaluation_limits() {
    let limited = |limits: Limits| {
        let mut ctx = EvalContext::new();
        ctx.set_limits(limits);
        ctx
    };
    let values = limited(Limits {
        max_eval_values: 10,
        ..Limits::default()
    });
    assert_eq!(
        first("values", &eval_diags(&values, "range(100)")),
        Code::TooManyValues
    );
    let bytes = limited(Limits {
        max_eval_string_bytes: 10,
        ..Limits::default()
    });
    assert_eq!(
        first(
            "bytes",
            &eval_diags(&bytes, "\"${\"abcdef\"}${\"ghijkl\"}\"")
        ),
        Code::StringsTooLong
    );
    let depth = limited(Limits {
        max_value_depth: 2,
        ..Limits::default()
    });
    assert_eq!(
        first("depth", &eval_diags(&depth, "[[[[1]]]]")),
        Code::ValueNestedTooDeep
    );
}

#[test]
fn type_errors() {
    let options = TypeExprOptions::default();
    let err = parse_type("lst(string)", &options).unwrap_err();
    assert_eq!(first("type", &err), Code::InvalidTypeSpecification);
    let err = parse_type(
        "object({a = optional(number, \"x\")})",
        &TypeExprOptions::with_defaults(),
    )
    .unwrap_err();
    assert_eq!(first("default", &err), Code::InvalidOptionalDefault);
    let ctx = TypeContext::default();
    let err = ctx.type_of_str("nope").unwrap_err();
    assert_eq!(first("check", &err), Code::UnknownVariable);
}

#[test]
fn schema_errors() {
    let schema = BodySchema::builder()
        .required_attribute("name")
        .block("service", &["kind"])
        .build()
        .unwrap();
    let content = |src: &str| {
        let file = parse(src, "t.hcl").unwrap();
        let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
        diags
    };
    check(
        &[
            ("service \"a\" {}\n", Code::MissingRequiredArgument),
            ("name = 1\nother = 2\n", Code::UnsupportedArgument),
            ("name = 1\nthing {}\n", Code::UnsupportedBlockType),
            ("name = 1\nservice \"a\" \"b\" {}\n", Code::ExtraneousLabel),
            ("name = 1\nservice {}\n", Code::MissingLabel),
        ],
        content,
    );
    let file = parse("a = 1\nb {}\n", "t.hcl").unwrap();
    let err = Body::from_file(&file).just_attributes().unwrap_err();
    assert_eq!(first("attributes", &err), Code::UnexpectedBlock);
}
