//! The tree of a file that does not parse, as `parse_partial` gives it.

use super::*;

/// Parses `src` with recovery and compares the tree's dump and the
/// diagnostics' codes with the expected ones; the tree's spans are checked.
#[track_caller]
fn check_partial(src: &str, expected: &str, codes: &[Code]) {
    let (file, diags) = parse_partial(src, "test.hcl");
    check_spans_of(src, &file.body, true);
    assert_eq!(dump::body(src, &file.body), expected, "source: {src:?}");
    let found: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(found, codes, "source: {src:?}");
    let err = parse(src, "test.hcl").expect_err("does not parse");
    assert_eq!(
        format!("{:?}", err.as_slice()),
        format!("{:?}", diags.as_slice())
    );
}

#[test]
fn keeps_what_was_read_around_the_error() {
    use Code::*;
    for (src, expected, codes) in [
        // A half-typed attribute: its name, and an invalid value.
        (
            "a = \nb = 1\n",
            "a = (invalid); b = 1",
            &[InvalidExpression][..],
        ),
        // A word that is neither an attribute nor a block is left out.
        ("serv\nb = 1\n", "b = 1", &[ArgumentOrBlockRequired]),
        (
            "service \"web\" {\n  po\n  image = \"x\"\n}\n",
            "service \"web\" { image = \"x\" }",
            &[ArgumentOrBlockRequired],
        ),
        // An unclosed block holds the items to the end of the file.
        (
            "a {\n  b = 1\n  c {\n    d = 2\n",
            "a { b = 1; c { d = 2 } }",
            &[UnclosedBlock],
        ),
        // An operator without its right operand: the left one stays.
        ("a = 1 +\nb = 2\n", "a = 1; b = 2", &[InvalidExpression]),
        // A block header that ends before its brace: the header.
        (
            "block \"x\"\nb = 1\n",
            "b = 1; block \"x\" {}",
            &[InvalidBlockDefinition],
        ),
    ] {
        check_partial(src, expected, codes);
    }
}

#[test]
fn unclosed_constructs_end_at_the_end_of_the_text() {
    let src = "a = f(1,\n";
    let (file, _) = parse_partial(src, "test.hcl");
    check_spans_of(src, &file.body, true);
    let ExpressionKind::FunctionCall(call) = &file.body.attributes[0].expr.kind else {
        panic!("a call: {:?}", file.body);
    };
    assert_eq!(call.close_paren_span, Span::empty(src.len() as u32));

    let src = "service {\n  port = 80\n";
    let (file, _) = parse_partial(src, "test.hcl");
    let block = &file.body.blocks[0];
    assert_eq!(block.close_brace_span, Span::empty(src.len() as u32));
    assert_eq!(block.span.end, src.len() as u32);
}

#[test]
fn a_file_that_parses_is_the_parse() {
    let src = "a = 1\nb {\n  c = [1, 2]\n}\n";
    let (file, diags) = parse_partial(src, "test.hcl");
    assert!(diags.is_empty());
    assert_eq!(file.body, parse(src, "test.hcl").expect("parses").body);
}

#[test]
fn a_limit_stops_the_tree_with_its_diagnostic() {
    let options = ParseOptions {
        limits: Limits {
            max_input_bytes: 4,
            ..Limits::default()
        },
    };
    let (file, diags) = parse_partial_with("a = 12\n", "test.hcl", &options);
    assert!(file.body.attributes.is_empty());
    assert_eq!(diags.as_slice()[0].code, Code::InputTooLarge);
}

#[test]
fn an_invalid_expression_is_an_unknown_value() {
    let src = "a = \n";
    let (file, _) = parse_partial(src, "test.hcl");
    let expr = &file.body.attributes[0].expr;
    let (value, diags) =
        crate::eval::EvalContext::new().evaluate_with_diagnostics(expr, &file.source);
    assert!(!value.is_known());
    assert!(diags.is_empty());
}
