//! Bodies: attributes, blocks, newlines, comments and line endings.

use super::*;

#[test]
fn attributes_and_blocks() {
    for (src, expected) in [
        ("", ""),
        ("\n\n", ""),
        ("a = 1\n", "a = 1"),
        ("a = 1\nb = \"two\"\n", "a = 1; b = \"two\""),
        ("block {\n  a = 1\n}\n", "block { a = 1 }"),
        (
            "resource \"aws_instance\" \"web\" {\n  ami = \"abc\"\n}\n",
            "resource \"aws_instance\" \"web\" { ami = \"abc\" }",
        ),
        (
            "resource aws_instance web {\n}\n",
            "resource aws_instance web {}",
        ),
        ("a \"x\" y \"z\" {}\n", "a \"x\" y \"z\" {}"),
        ("b \"a\\\"b\\u00e9\" {}\n", "b \"a\\\"bé\" {}"),
        ("b \"\" {}\n", "b \"\" {}"),
        (
            "outer {\n  inner \"x\" {\n    deep {\n      v = 1\n    }\n  }\n  w = 2\n}\n",
            "outer { w = 2; inner \"x\" { deep { v = 1 } } }",
        ),
        ("b {\n  a = 1\n}\nc = 2\n", "c = 2; b { a = 1 }"),
        (
            "a = 1\nb {\n  a = 2\n}\nb {\n  a = 3\n}\n",
            "a = 1; b { a = 2 }; b { a = 3 }",
        ),
        ("a = 1\na {\n}\n", "a = 1; a {}"),
        ("for = 1\nif = 2\nin {}\n", "for = 1; if = 2; in {}"),
        ("b {\n\n  # comment\n\n  a = 1\n\n}\n", "b { a = 1 }"),
        ("café = 1\n", "café = 1"),
        ("with-dash_1 = 1\n", "with-dash_1 = 1"),
    ] {
        check_parse(src, expected);
    }
}

#[test]
fn one_line_blocks() {
    for (src, expected) in [
        ("a { b = 1 }\n", "a { b = 1 }"),
        ("a {}\n", "a {}"),
        ("a \"l\" {}\n", "a \"l\" {}"),
        ("a { b = [1,\n2] }\n", "a { b = (tuple 1 2) }"),
        ("a { b = {c = 1} }\n", "a { b = (obj c=1) }"),
        ("a {b=1}\n", "a { b = 1 }"),
    ] {
        check_parse(src, expected);
    }
}

#[test]
fn one_line_blocks_hold_at_most_one_argument() {
    for (src, code, at) in [
        (
            "a { b = 1, c = 2 }\n",
            Code::InvalidSingleArgumentBlock,
            (1, 10),
        ),
        (
            "a { b = 1 c = 2 }\n",
            Code::InvalidSingleArgumentBlock,
            (1, 11),
        ),
        ("a { b {} }\n", Code::ArgumentRequired, (1, 5)),
        ("a { b = 1\n}\n", Code::InvalidSingleArgumentBlock, (1, 10)),
        (
            "b {\n  a = 1 }\n",
            Code::MissingNewlineAfterArgument,
            (2, 9),
        ),
        (
            "b { a = 1 } c = 2\n",
            Code::MissingNewlineAfterBlock,
            (1, 13),
        ),
        ("b {} c {}\n", Code::MissingNewlineAfterBlock, (1, 6)),
    ] {
        check_error(src, code, at);
    }
}

#[test]
fn structure_spans() {
    let src = "a = 1\nsvc \"web\" bare {\n  port = 80\n}\n";
    let file = parse_ok(src);
    let source = &file.source;
    let range = |span| source.range(span).to_string();
    let attr = &file.body.attributes[0];
    assert_eq!(range(attr.name_span), "test.hcl:1,1-2");
    assert_eq!(range(attr.span), "test.hcl:1,1-6");
    assert_eq!(range(attr.expr.span), "test.hcl:1,5-6");
    let block = &file.body.blocks[0];
    assert_eq!(range(block.type_span), "test.hcl:2,1-4");
    assert_eq!(range(block.labels[0].span), "test.hcl:2,5-10");
    assert_eq!(block.labels[0].value, "web");
    assert_eq!(range(block.labels[1].span), "test.hcl:2,11-15");
    assert_eq!(block.labels[1].value, "bare");
    assert_eq!(range(block.open_brace_span), "test.hcl:2,16-17");
    assert_eq!(range(block.close_brace_span), "test.hcl:4,1-2");
    assert_eq!(range(block.span), "test.hcl:2,1-4,2");
    assert_eq!(range(block.def_span()), "test.hcl:2,1-17");
    assert_eq!(range(block.body.end_span), "test.hcl:4,1-1");
    assert_eq!(&src[block.body.span.as_range()], "\n  port = 80\n");
    let port = &block.body.attributes[0];
    assert_eq!(range(port.span), "test.hcl:3,3-12");
    assert_eq!(&src[port.expr.span.as_range()], "80");
    // The top-level body covers the whole file and ends at its end.
    assert_eq!(file.body.span, Span::new(0, src.len() as u32));
    assert_eq!(file.body.end_span, Span::empty(src.len() as u32));
}

#[test]
fn one_line_block_spans() {
    let src = "a { b = 1 }\nc {}\n";
    let file = parse_ok(src);
    let [a, c] = &file.body.blocks[..] else {
        panic!("two blocks expected")
    };
    assert_eq!(&src[a.body.attributes[0].span.as_range()], "b = 1");
    assert_eq!((a.open_brace_span.start, a.close_brace_span.start), (2, 10));
    assert_eq!(
        (c.open_brace_span.start, c.close_brace_span.start),
        (14, 15)
    );
    assert_eq!(c.body.end_span, Span::empty(15));
    assert!(c.body.attributes.is_empty() && c.body.blocks.is_empty());
}

#[test]
fn newlines_end_arguments() {
    for (src, code, at) in [
        ("a = 1 b = 2\n", Code::MissingNewlineAfterArgument, (1, 7)),
        (
            "a = 1 /*\n*/ b = 2\n",
            Code::MissingNewlineAfterArgument,
            (2, 4),
        ),
        ("a = 1,\n", Code::UnexpectedCommaAfterArgument, (1, 6)),
        ("a = 1\n+ 2\n", Code::ArgumentOrBlockRequired, (2, 1)),
        ("a = x\n.y\n", Code::ArgumentOrBlockRequired, (2, 1)),
        ("a =\n1\n", Code::InvalidExpression, (1, 4)),
        ("a = {b = 1\n, c = 2}\n", Code::InvalidExpression, (2, 1)),
    ] {
        check_error(src, code, at);
    }
}

#[test]
fn newlines_inside_brackets_are_whitespace() {
    for (src, expected) in [
        ("a = (1\n+ 2)\n", "a = (paren (+ 1 2))"),
        ("a = [\n1,\n2\n]\n", "a = (tuple 1 2)"),
        ("a = f(\n1,\n2\n)\n", "a = (call f 1 2)"),
        ("a = f(1,\n2)\n", "a = (call f 1 2)"),
        ("a = [for x in y:\nx]\n", "a = (for x in y : x)"),
        ("a = (b\n? c\n: d)\n", "a = (paren (? b c d))"),
        ("a = x[\n0\n]\n", "a = x[0]"),
        // In an object constructor, newlines separate the items.
        ("a = {\nb = 1\nc = 2\n}\n", "a = (obj b=1 c=2)"),
        (
            "a = {\nb = [1,\n2]\nc = 3 }\n",
            "a = (obj b=(tuple 1 2) c=3)",
        ),
        ("a = {b = 1,\nc = 2,\n}\n", "a = (obj b=1 c=2)"),
    ] {
        check_parse(src, expected);
    }
}

#[test]
fn comments() {
    for (src, expected) in [
        (
            "a = 1 # hash comment\nb = 2 // slash comment\n",
            "a = 1; b = 2",
        ),
        ("/* multi\n   line */\na = 1\n", "a = 1"),
        ("a = /* inside */ 1\n", "a = 1"),
        ("a = 1\n# last line without newline", "a = 1"),
        ("# only a comment\n", ""),
        ("// only a comment", ""),
        ("a = 1 /* x */ # y\n", "a = 1"),
        ("b { # c\n  a = 1 // d\n} # e\n", "b { a = 1 }"),
        (
            "a = {\n  b = 1 # c\n  // d\n  c = 2 /* e */\n}\n",
            "a = (obj b=1 c=2)",
        ),
        ("a = [\n  1, # one\n  2, // two\n]\n", "a = (tuple 1 2)"),
        ("a = \"# not a comment\"\n", "a = \"# not a comment\""),
        ("a = 1 /* } */\n", "a = 1"),
    ] {
        check_parse(src, expected);
    }
}

#[test]
fn line_endings_tabs_and_byte_order_mark() {
    for (src, expected) in [
        (
            "a = 1\r\nb {\r\n  c = \"x\"\r\n}\r\n",
            "a = 1; b { c = \"x\" }",
        ),
        ("a = 1 // c\r\nb = 2\r\n", "a = 1; b = 2"),
        ("a = [\r\n1,\r\n2]\r\n", "a = (tuple 1 2)"),
        ("\ta\t=\t1\n", "a = 1"),
        ("b\t\"x\"\t{\n\tc = 1\n}\n", "b \"x\" { c = 1 }"),
        ("\u{feff}a = 1\n", "a = 1"),
        ("\u{feff}", ""),
        // Without a newline at the end of the file.
        ("a = 1", "a = 1"),
        ("a = 1\nb = 2", "a = 1; b = 2"),
        ("a = \"x\" # c", "a = \"x\""),
        ("b {}", "b {}"),
        ("b {\n}", "b {}"),
        ("b { a = 1 }", "b { a = 1 }"),
    ] {
        check_parse(src, expected);
    }
}

#[test]
fn byte_order_mark_shifts_spans_not_columns_of_later_lines() {
    let src = "\u{feff}a = 1\nb = 2\n";
    let file = parse_ok(src);
    assert_eq!(file.body.span.start, 3);
    let b = &file.body.attributes[1];
    assert_eq!(file.source.range(b.name_span).to_string(), "test.hcl:2,1-2");
}

#[test]
fn crlf_spans() {
    let src = "a = 1\r\nb {\r\n  c = 2\r\n}\r\n";
    let file = parse_ok(src);
    let range = |span| file.source.range(span).to_string();
    assert_eq!(range(file.body.attributes[0].span), "test.hcl:1,1-6");
    let block = &file.body.blocks[0];
    assert_eq!(range(block.body.attributes[0].span), "test.hcl:3,3-8");
    assert_eq!(range(block.close_brace_span), "test.hcl:4,1-2");
}

#[test]
fn attribute_redefined() {
    for (src, at) in [
        ("a = 1\na = 2\n", (2, 1)),
        ("b {\n  a = 1\n  a = 2\n}\n", (3, 3)),
        ("a = 1\nb {\n  c = 1\n}\nd = 1\na = 2\n", (6, 1)),
    ] {
        check_error(src, Code::AttributeRedefined, at);
    }
    // The same name in different bodies is fine.
    check_parse(
        "a = 1\nb {\n  a = 2\n}\nb {\n  a = 3\n}\n",
        "a = 1; b { a = 2 }; b { a = 3 }",
    );
    // Every repetition is reported, each pointing back at the first.
    let diags = parse("a = 1\na = 2\nb {\n  c = 1\n  c = 2\n}\na = 3\n", "t.hcl").unwrap_err();
    let details: Vec<_> = diags.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "The argument \"a\" was already set at t.hcl:1,1-2. Each argument may be set only once.",
            "The argument \"c\" was already set at t.hcl:4,3-4. Each argument may be set only once.",
            "The argument \"a\" was already set at t.hcl:1,1-2. Each argument may be set only once.",
        ]
    );
}

#[test]
fn unclosed_blocks_strings_and_heredocs() {
    for (src, code, at) in [
        ("b {\n  a = 1\n", Code::UnclosedBlock, (1, 3)),
        ("  b \"x\" {\n  a = 1\n", Code::UnclosedBlock, (1, 9)),
        ("a {\n  b {\n    c = 1\n  }\n", Code::UnclosedBlock, (1, 3)),
        ("a {\n  b {\n    c = 1\n", Code::UnclosedBlock, (2, 5)),
        ("a = \"abc\n", Code::InvalidMultiLineString, (1, 9)),
        ("a = \"abc", Code::UnterminatedTemplate, (1, 9)),
        ("a = <<EOT\nabc\n", Code::UnterminatedTemplate, (3, 1)),
        ("a = <<EOT\nhello\n", Code::UnterminatedTemplate, (3, 1)),
        ("a = [1,\n2\n", Code::UnterminatedTuple, (1, 5)),
        ("a = f(1,\n", Code::MissingExpression, (2, 1)),
        ("a = f(1\n", Code::UnterminatedFunctionCall, (1, 5)),
        ("a = (1\n", Code::UnbalancedParentheses, (2, 1)),
    ] {
        check_error(src, code, at);
    }
}

#[test]
fn other_body_errors() {
    for (src, code, at) in [
        ("a = 1;\n", Code::InvalidCharacter, (1, 6)),
        ("\"a\" = 1\n", Code::InvalidArgumentName, (1, 1)),
        ("b {}\n}\n", Code::ArgumentOrBlockRequired, (2, 1)),
        ("b \"${x}\" {}\n", Code::InvalidStringLiteral, (1, 4)),
        ("= 1\n", Code::ArgumentOrBlockRequired, (1, 1)),
        ("a = 1\n  = 2\n", Code::ArgumentOrBlockRequired, (2, 3)),
    ] {
        check_error(src, code, at);
    }
    for src in [
        "a = 1 /* never closed\n",
        "b 1 {}\n",
        "b\n{\n}\n",
        "b [x] {}\n",
        "a.b = 1\n",
        "a[0] = 1\n",
        "a\n",
        "b \"unterminated {}\n",
    ] {
        check_rejected(src);
    }
}

#[test]
fn parse_with_limits() {
    let options = ParseOptions {
        limits: Limits {
            max_nesting_depth: 2,
            ..Limits::default()
        },
    };
    assert!(parse_with("a = [[1]]\n", "t.hcl", &options).is_ok());
    assert!(parse_with("b {\n  c {}\n}\n", "t.hcl", &options).is_ok());
    let err = parse_with("a = [[[1]]]\n", "t.hcl", &options).unwrap_err();
    assert!(err.to_string().contains("max_nesting_depth"), "{err}");
    let err = parse_with("b {\n  c {\n    d {}\n  }\n}\n", "t.hcl", &options).unwrap_err();
    assert!(err.to_string().contains("max_nesting_depth"), "{err}");

    let options = ParseOptions {
        limits: Limits {
            max_input_bytes: 8,
            ..Limits::default()
        },
    };
    assert!(parse_with("a = 1\n", "t.hcl", &options).is_ok());
    let err = parse_with("abc = 123\n", "t.hcl", &options).unwrap_err();
    assert!(err.to_string().contains("max_input_bytes"), "{err}");
}

/// Syntax errors in bodies get the reference's summaries and subjects:
/// the innermost open delimiter picks the wording.
#[test]
fn body_errors_as_the_reference_reports_them() {
    for (src, code, at) in [
        // An attribute's object is no block.
        ("b = {a = 1", Code::UnterminatedObject, (1, 5)),
        ("a = {\n  b = 1", Code::UnterminatedObject, (1, 5)),
        ("b = {\n", Code::MissingExpression, (2, 1)),
        ("b {\n  c = {\n", Code::MissingExpression, (3, 1)),
        ("b {\n", Code::UnclosedBlock, (1, 3)),
        // Inside brackets, a line start is no place for an item.
        ("a = [\n  1\n  2\n]\n", Code::MissingItemSeparator, (3, 3)),
        (
            "a = {\n  x = 1\n  , y = 2\n}\n",
            Code::InvalidExpression,
            (3, 3),
        ),
        (
            "a = {\n  x = 1 y = 2\n}\n",
            Code::MissingAttributeSeparator,
            (2, 9),
        ),
        // A binary operator or `?` continues the expression: what is
        // missing is its operand or false result, not a newline.
        ("a = 1 +\n2\n", Code::InvalidExpression, (1, 8)),
        ("a = x ? 1\n", Code::MissingFalseExpression, (1, 10)),
        ("a = 1 b = 2\n", Code::MissingNewlineAfterArgument, (1, 7)),
        // Items.
        ("a.b = 1\n", Code::ArgumentOrBlockRequired, (1, 1)),
        ("a\n", Code::ArgumentOrBlockRequired, (1, 1)),
        ("}\n", Code::ArgumentOrBlockRequired, (1, 1)),
        ("a = 1\n}\n", Code::ArgumentOrBlockRequired, (2, 1)),
        ("b \"x\" = 1\n", Code::InvalidBlockDefinition, (1, 7)),
        ("b \"${x}\" {}\n", Code::InvalidStringLiteral, (1, 4)),
        (
            "b { a = 1 }x = 2\n",
            Code::MissingNewlineAfterBlock,
            (1, 12),
        ),
        ("b {\n} c = 1\n", Code::MissingNewlineAfterBlock, (2, 3)),
        (
            "b {\n  a = 1 }\n",
            Code::MissingNewlineAfterArgument,
            (2, 9),
        ),
        ("b { c { d = 1 } }\n", Code::ArgumentRequired, (1, 5)),
        ("b { = }\n", Code::ArgumentOrBlockRequired, (1, 5)),
        (
            "b { a = 1, b = 2 }\n",
            Code::InvalidSingleArgumentBlock,
            (1, 10),
        ),
        // Characters no token starts with come first, wherever they are.
        ("a = 1;\n", Code::InvalidCharacter, (1, 6)),
        ("a = [\nb = 1;\n", Code::InvalidCharacter, (2, 6)),
        ("a = 1 & 2\n", Code::UnsupportedOperator, (1, 7)),
        // `**` is two operators to the reference: the second starts no
        // operand.
        ("a = 2 ** 3\n", Code::InvalidExpression, (1, 8)),
        // An unclosed `/*` is no comment.
        ("a = 1 /* never closed\n", Code::InvalidExpression, (1, 8)),
    ] {
        check_error(src, code, at);
    }
}

#[test]
fn nesting_beyond_the_limit_after_many_direct_items_is_found() {
    // The limit is met however many items come before.
    let deep = format!("b = {}1{}\n", "[".repeat(200), "]".repeat(200));
    let src = format!("{}{deep}", "a = \"x\"\n".repeat(1000));
    let err = parse_with(&src, "t.hcl", &ParseOptions::default()).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("max_nesting_depth"), "{text}");
    assert!(text.contains("--> t.hcl:1001:"), "{text}");
}
