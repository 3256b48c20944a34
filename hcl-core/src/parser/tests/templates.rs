//! Templates: bare templates, quoted strings and heredocs.

use super::*;
use crate::ast::TemplatePart;

#[test]
fn bare_templates() {
    for (src, expected) in [
        ("hello", "\"hello\""),
        ("a ${x} b", "(tpl \"a \" ${x} \" b\")"),
        ("${x}", "(tpl ${x})"),
        ("${ x }", "(tpl ${x})"),
        ("${x}${y}", "(tpl ${x} ${y})"),
        ("${\n  x\n}", "(tpl ${x})"),
        ("${a.b[0] + f(1)}", "(tpl ${(+ a.b[0] (call f 1))})"),
        ("${\"${x}\"}", "(tpl ${(wrap x)})"),
        // Consecutive pieces of text are one literal.
        ("line1\nline2\r\n", "\"line1\\nline2\\r\\n\""),
        // Only `$${` and `%%{` are escapes; backslashes and quotes are text.
        ("$${a} %%{b} $$c %%d", "\"${a} %{b} $$c %%d\""),
        (
            "back\\slash \"quotes\" \\n",
            "\"back\\\\slash \\\"quotes\\\" \\\\n\"",
        ),
        ("$${", "\"${\""),
        ("%%{", "\"%{\""),
        ("$", "\"$\""),
        ("%", "\"%\""),
        ("cost: $5, 100%", "\"cost: $5, 100%\""),
        ("a ~} b }", "\"a ~} b }\""),
    ] {
        check_template(src, expected);
    }
    let empty = parse_template("", "empty.tmpl").unwrap();
    assert_eq!(dump::template(&empty), "\"\"");
}

#[test]
fn directives() {
    for (src, expected) in [
        ("%{if c}y%{else}n%{endif}", "(tpl (if c \"y\" \"n\"))"),
        // An empty branch is an empty literal, as in the reference.
        ("%{ if c }y%{ endif }", "(tpl (if c \"y\" \"\"))"),
        ("a%{if b}c%{endif}", "(tpl \"a\" (if b \"c\" \"\"))"),
        ("%{ if a }%{ else }%{ endif }", "(tpl (if a \"\" \"\"))"),
        ("%{ if a \n}x%{ endif }", "(tpl (if a \"x\" \"\"))"),
        ("%{if a}${b}%{endif}", "(tpl (if a (tpl ${b}) \"\"))"),
        (
            "%{ if a }%{ if b }x%{ endif }%{ endif }",
            "(tpl (if a (tpl (if b \"x\" \"\")) \"\"))",
        ),
        (
            "%{ for x in xs }${x}%{ endfor }",
            "(tpl (for x in xs (tpl ${x})))",
        ),
        (
            "%{for k, v in m}${k}=${v};%{endfor}",
            "(tpl (for k,v in m (tpl ${k} \"=\" ${v} \";\")))",
        ),
        (
            "%{ for v in [1, 2] }%{ if v > 1 }${v}%{ endif }%{ endfor }",
            "(tpl (for v in (tuple 1 2) (tpl (if (> v 1) (tpl ${v}) \"\"))))",
        ),
        (
            "%{ for x in [\n  1,\n] }${x}%{ endfor }",
            "(tpl (for x in (tuple 1) (tpl ${x})))",
        ),
    ] {
        check_template(src, expected);
    }
}

#[test]
fn directive_spans() {
    let src = "a%{ if b }c%{ else }d%{ endif }e";
    let template = template_ok(src);
    let [TemplatePart::Literal(_, a), TemplatePart::If(if_), TemplatePart::Literal(_, e)] =
        &template.parts[..]
    else {
        panic!("literal, if, literal expected")
    };
    assert_eq!(&src[a.as_range()], "a");
    assert_eq!(&src[if_.span.as_range()], "%{ if b }c%{ else }d%{ endif }");
    assert_eq!(&src[if_.condition.span.as_range()], "b");
    assert_eq!(&src[e.as_range()], "e");

    let src = "%{ for k, v in m }x%{ endfor }";
    let template = template_ok(src);
    let [TemplatePart::For(for_)] = &template.parts[..] else {
        panic!("a for directive expected")
    };
    assert_eq!(for_.span, Span::new(0, src.len() as u32));
    assert_eq!((for_.key_var, for_.value_var), (Some("k"), "v"));
    assert_eq!(&src[for_.collection.span.as_range()], "m");
}

#[test]
fn strip_markers() {
    for (src, expected) in [
        ("a  ${~ 1 ~}  b", "(tpl \"a\" ${1} \"b\")"),
        ("hello ${~ \"world\" }", "(tpl \"hello\" ${\"world\"})"),
        (
            "${\"hello\" ~}${\" world\"}",
            "(tpl ${\"hello\"} ${\" world\"})",
        ),
        (
            "%{ if true ~} hello %{~ endif }",
            "(tpl (if true \"hello\" \"\"))",
        ),
        (
            "%{ if a ~}  x  %{~ else ~}  y  %{~ endif }",
            "(tpl (if a \"x\" \"y\"))",
        ),
        // A strip marker trims only the piece of text up to or from the
        // nearest line break.
        ("a \n\t ${~ 1}", "(tpl \"a \\n\" ${1})"),
        ("${1 ~}\n  b", "(tpl ${1} \"  b\")"),
        (
            "%{ for x in xs ~}\n${x}\n%{~ endfor }",
            "(tpl (for x in xs (tpl \"\" ${x} \"\")))",
        ),
        ("  ${~ x}", "(tpl \"\" ${x})"),
        ("${x ~}  ", "(tpl ${x} \"\")"),
        ("%{ if a ~}%{ endif }", "(tpl (if a \"\" \"\"))"),
    ] {
        check_template(src, expected);
    }
    check_expr("\"a ${~ x ~} b\"", "(tpl \"a\" ${x} \"b\")");
    check_expr("\" ${~ x} \"", "(tpl \"\" ${x} \" \")");
}

#[test]
fn unbalanced_directives() {
    for (src, code, at) in [
        ("%{ endif }", Code::UnexpectedDirective, (1, 1)),
        ("%{ else }", Code::UnexpectedDirective, (1, 1)),
        ("%{ endfor }", Code::UnexpectedDirective, (1, 1)),
        (
            "%{ for x in [1] }x%{ endif }",
            Code::UnexpectedDirective,
            (1, 19),
        ),
        ("%{ if x }%{ endfor }", Code::UnexpectedDirective, (1, 10)),
        (
            "%{ if true }a%{ else }b%{ else }c%{ endif }",
            Code::UnexpectedDirective,
            (1, 24),
        ),
        (
            "%{ if a }%{ for x in y }%{ endif }%{ endfor }",
            Code::UnexpectedDirective,
            (1, 25),
        ),
        (
            "x%{ if true }a%{ endfor }",
            Code::UnexpectedDirective,
            (1, 15),
        ),
        // The end of the template, with a directive still open.
        (
            "%{ if true }unclosed",
            Code::UnexpectedEndOfTemplate,
            (1, 21),
        ),
        (
            "%{ if a }x%{ else }y",
            Code::UnexpectedEndOfTemplate,
            (1, 21),
        ),
        (
            "x %{ for v in [1] }y",
            Code::UnexpectedEndOfTemplate,
            (1, 21),
        ),
        (
            "%{ if a }%{ for x in y }",
            Code::UnexpectedEndOfTemplate,
            (1, 25),
        ),
        // Syntax errors inside sequences.
        ("%{ bogus }", Code::InvalidTemplateKeyword, (1, 4)),
        ("${}", Code::InvalidExpression, (1, 3)),
        (
            "%{ for in x }%{ endfor }",
            Code::InvalidForDirective,
            (1, 11),
        ),
        (
            "%{ for x y }%{ endfor }",
            Code::InvalidForDirective,
            (1, 10),
        ),
        ("${ 1 2 }", Code::ExtraCharactersAfterInterpolation, (1, 6)),
    ] {
        check_template_error(src, code, at);
    }
    // In a quoted string too.
    check_expr_error(
        "\"%{ if true }x%{ endfor }\"",
        Code::UnexpectedDirective,
        (1, 15),
    );
    check_expr_error("\"%{ if true }x\"", Code::UnexpectedEndOfTemplate, (1, 15));
    // The detail names the directive left open.
    let diags = parse_template("%{ if x }\n%{ endfor }", "t.tmpl").unwrap_err();
    assert_eq!(
        diags.as_slice()[0].detail,
        "Expecting an endif directive for the if started at t.tmpl:1,1-10."
    );
}

#[test]
fn quoted_strings() {
    for (src, expected) in [
        ("\"\"", "\"\""),
        ("\"abc\"", "\"abc\""),
        ("\"a\\nb\\rc\\td\"", "\"a\\nb\\rc\\td\""),
        ("\"say \\\"hi\\\" \\\\o/\"", "\"say \\\"hi\\\" \\\\o/\""),
        ("\"\\u00e9\\u00E9\"", "\"éé\""),
        ("\"\\U0001F600\"", "\"😀\""),
        ("\"\\u0065\\u0301\"", "\"e\\u{301}\""),
        ("\"$${x}\"", "\"${x}\""),
        ("\"%%{x}\"", "\"%{x}\""),
        ("\"$$ and %% alone\"", "\"$$ and %% alone\""),
        ("\"cost: $5, 100%\"", "\"cost: $5, 100%\""),
        ("\"a$\"", "\"a$\""),
        ("\"# not a comment\"", "\"# not a comment\""),
        ("\"\\\\\"", "\"\\\\\""),
        ("\"a ${x} b\"", "(tpl \"a \" ${x} \" b\")"),
        ("\" ${x}\"", "(tpl \" \" ${x})"),
        ("\"${x}${y}\"", "(tpl ${x} ${y})"),
        ("\"%{ if c }y%{ endif }\"", "(tpl (if c \"y\" \"\"))"),
        (
            "\"%{ for x in [\"a\", \"b\"] }${x}%{ endfor }\"",
            "(tpl (for x in (tuple \"a\" \"b\") (tpl ${x})))",
        ),
        ("\"${\n  x\n}\"", "(wrap x)"),
    ] {
        check_expr(src, expected);
    }
}

#[test]
fn lone_interpolation_is_wrapped() {
    for (src, expected) in [
        ("\"${x}\"", "(wrap x)"),
        ("\"${ x }\"", "(wrap x)"),
        ("\"${~ x ~}\"", "(wrap x)"),
        ("\"${\"inner \\\"q\\\"\"}\"", "(wrap \"inner \\\"q\\\"\")"),
        ("\"${\"${true}\"}\"", "(wrap (wrap true))"),
        ("\"${[1, 2]}\"", "(wrap (tuple 1 2))"),
        // Anything more is a template.
        ("\"${x} \"", "(tpl ${x} \" \")"),
        (
            "\"%{ for v in [true] }${v}%{ endfor }\"",
            "(tpl (for v in (tuple true) (tpl ${v})))",
        ),
    ] {
        check_expr(src, expected);
    }
    assert_eq!(expr_texts("\"${x}\""), ["\"${x}\"", "x"]);
    assert_eq!(expr_texts("\"a${x}\""), ["\"a${x}\"", "x"]);
}

#[test]
fn template_literal_spans() {
    let src = "\"ab${x}c\\nd\"";
    let ExpressionKind::Template(template) = expr_ok(src).kind else {
        panic!("a template expected")
    };
    let spans: Vec<_> = template
        .parts
        .iter()
        .filter_map(|p| match p {
            TemplatePart::Literal(text, span) => Some((text.to_string(), &src[span.as_range()])),
            _ => None,
        })
        .collect();
    assert_eq!(
        spans,
        [("ab".to_owned(), "ab"), ("c\nd".to_owned(), "c\\nd")]
    );
}

#[test]
fn invalid_escapes() {
    for (src, at) in [
        ("\"\\q\"", (1, 2)),
        ("\"\\u12\"", (1, 2)),
        ("\"\\x41\"", (1, 2)),
        ("\"\\ud800\"", (1, 2)),
        ("\"\\U00110000\"", (1, 2)),
        ("\"abc\\ \"", (1, 5)),
        ("\"é\\q\"", (1, 3)),
        ("\"${x}\\q\"", (1, 6)),
    ] {
        check_expr_error(src, Code::InvalidEscapeSequence, at);
    }
    check_error("b \"\\q\" {}\n", Code::InvalidEscapeSequence, (1, 4));
    let diags = parse_expression("\"\\U00110000\"", "t.hcl").unwrap_err();
    let subject = diags.as_slice()[0].subject.as_ref().unwrap();
    assert_eq!(subject.to_string(), "t.hcl:1,2-12");
}

#[test]
fn unterminated_and_multi_line_strings() {
    for (src, code, at) in [
        ("\"abc", Code::UnterminatedTemplate, (1, 5)),
        ("\"line1\nline2\"", Code::InvalidMultiLineString, (1, 7)),
        ("\"line1\r\nline2\"", Code::InvalidMultiLineString, (1, 7)),
        ("[\"a\", \"b\n\"]", Code::InvalidMultiLineString, (1, 9)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn heredocs() {
    for (src, expected) in [
        ("<<EOT\nhello\nEOT\n", "\"hello\\n\""),
        (
            "<<EOT\n  indented\n    more\nEOT\n",
            "\"  indented\\n    more\\n\"",
        ),
        (
            "<<EOT\nno \\n escapes \"here\"\nEOT\n",
            "\"no \\\\n escapes \\\"here\\\"\\n\"",
        ),
        ("<<EOT\n$${x} and %%{y}\nEOT\n", "\"${x} and %{y}\\n\""),
        ("<<EOT\nEOT\n", "\"\""),
        ("<<EOT\nxEOT\nEOT\n", "\"xEOT\\n\""),
        ("<<EOT\n  EOTX\nEOT\n", "\"  EOTX\\n\""),
        ("<<EOT\n${x}EOT\nEOT\n", "(tpl ${x} \"EOT\\n\")"),
        // The closing marker may be indented.
        ("<<EOT\n  abc\n  EOT\n", "\"  abc\\n\""),
        ("<<EOT\r\nwindows\r\nEOT\r\n", "\"windows\\r\\n\""),
        ("<<EOT\n${x}\nEOT\n", "(tpl ${x} \"\\n\")"),
        (
            "<<EOT\n%{ for x in [1, 2] }${x}\n%{ endfor }\nEOT\n",
            "(tpl (for x in (tuple 1 2) (tpl ${x} \"\\n\")) \"\\n\")",
        ),
        (
            "<<EOT\n%{ if a ~}\n  x\n%{~ endif }\nEOT\n",
            "(tpl (if a \"  x\" \"\") \"\\n\")",
        ),
        ("[<<EOT\na\nEOT\n, 1]", "(tuple \"a\\n\" 1)"),
        ("upper(<<EOT\nabc\nEOT\n)", "(call upper \"abc\\n\")"),
        ("<<EOT-1\nx\nEOT-1\n", "\"x\\n\""),
    ] {
        check_expr(src, expected);
    }
}

#[test]
fn flush_heredocs_remove_common_indentation() {
    // Consecutive pieces of text are one literal once the indentation is
    // removed from each line.
    for (src, expected) in [
        ("<<-EOT\n    a\n      b\n    EOT\n", "\"a\\n  b\\n\""),
        ("<<-EOT\n    a\n  b\n  EOT\n", "\"  a\\nb\\n\""),
        // Blank and whitespace-only lines do not count, and keep their text.
        ("<<-EOT\n  a\n\n  b\n  EOT\n", "\"a\\n\\nb\\n\""),
        ("<<-EOT\n  a\n  \n  b\n  EOT\n", "\"a\\n  \\nb\\n\""),
        ("<<-EOT\n    a\n\n      b\n    EOT\n", "\"a\\n\\n  b\\n\""),
        // Tabs count like spaces, one character each.
        ("<<-EOT\n\ta\n\t\tb\n\tEOT\n", "\"a\\n\\tb\\n\""),
        ("<<-EOT\n\t  a\n  \tb\n  EOT\n", "\"a\\nb\\n\""),
        // A line starting with an interpolation has the text before it as
        // its indentation.
        (
            "<<-EOT\n  ${x}\n    y\n  EOT\n",
            "(tpl \"\" ${x} \"\\n  y\\n\")",
        ),
        (
            "<<-EOT\n    ${x} tail\n  y\n  EOT\n",
            "(tpl \"  \" ${x} \" tail\\ny\\n\")",
        ),
        ("<<-EOT\n${x}\n  y\n  EOT\n", "(tpl ${x} \"\\n  y\\n\")"),
        // The closing marker's own indentation does not matter.
        ("<<-EOT\na\n    EOT\n", "\"a\\n\""),
        ("<<-EOT\n  a\n   EOT\n", "\"a\\n\""),
        ("<<-EOT\n  é\n EOT\n", "\"é\\n\""),
        // Text after a strip marker starts no line: it keeps its
        // indentation.
        (
            "<<-EOT\n  a ${~ x ~}\n  b\n  EOT\n",
            "(tpl \"a\" ${x} \"  b\\n\")",
        ),
    ] {
        check_expr(src, expected);
    }
}

#[test]
fn heredoc_spans() {
    let src = "x = <<-EOT\n    a\n      b\n    EOT\ny = 1\n";
    let file = parse_ok(src);
    let x = &file.body.attributes[0];
    assert_eq!(
        &src[x.expr.span.as_range()],
        "<<-EOT\n    a\n      b\n    EOT"
    );
    assert_eq!(file.source.range(x.span).to_string(), "test.hcl:1,1-4,8");
    let ExpressionKind::Template(template) = &x.expr.kind else {
        panic!("a template expected")
    };
    // The literal's span leaves out the indentation removed from its first
    // line.
    let texts: Vec<_> = template
        .parts
        .iter()
        .map(|p| match p {
            TemplatePart::Literal(_, span) => &src[span.as_range()],
            _ => "?",
        })
        .collect();
    assert_eq!(texts, ["a\n      b\n"]);
    assert_eq!(file.body.attributes[1].name, "y");
}

#[test]
fn heredoc_errors() {
    for (src, code, at) in [
        ("<<EOT\nabc\n", Code::UnterminatedTemplate, (3, 1)),
        (
            "<<EOT\n%{ for x in [1, 2] }${x}\n%{ endfor }EOT\n",
            Code::UnterminatedTemplate,
            (4, 1),
        ),
        // The closing marker needs a line break after it, even at the end.
        ("<<EOT\nabc\nEOT", Code::UnterminatedTemplate, (3, 4)),
        ("<<EOT\nEOT", Code::UnterminatedTemplate, (2, 4)),
        (
            "<<EOT\n%{ if a }\nEOT\n",
            Code::UnexpectedEndOfTemplate,
            (3, 1),
        ),
    ] {
        check_expr_error(src, code, at);
    }
    check_error("a = <<EOT\nabc\nEOT", Code::UnterminatedTemplate, (3, 4));
    check_error("a = <<EOT\nhello\n", Code::UnterminatedTemplate, (3, 1));
}

/// Syntax errors in templates get the reference's summaries and subjects,
/// with no mention of blocks.
#[test]
fn template_errors_as_the_reference_reports_them() {
    for (src, code, at) in [
        ("%{ bogus }", Code::InvalidTemplateKeyword, (1, 4)),
        ("%{ 1 }", Code::InvalidTemplateDirective, (1, 4)),
        ("${}", Code::InvalidExpression, (1, 3)),
        ("${", Code::MissingExpression, (1, 3)),
        ("${1", Code::UnclosedInterpolation, (1, 1)),
        ("${ 1 2 }", Code::ExtraCharactersAfterInterpolation, (1, 6)),
        (
            "${ a : b }",
            Code::ExtraCharactersAfterInterpolation,
            (1, 6),
        ),
        ("%{ if }x%{ endif }", Code::InvalidExpression, (1, 7)),
        (
            "%{ for v in [1,2] }${v}%{ endfor",
            Code::ExtraCharactersInMarker,
            (1, 33),
        ),
        (
            "%{ for in x }%{ endfor }",
            Code::InvalidForDirective,
            (1, 11),
        ),
        (
            "%{ for x y }%{ endfor }",
            Code::InvalidForDirective,
            (1, 10),
        ),
        (
            "%{ for v in [1] }${v}%{ endfor",
            Code::ExtraCharactersInMarker,
            (1, 31),
        ),
    ] {
        check_template_error(src, code, at);
    }
    check_expr_error("\"${a\"", Code::UnclosedInterpolation, (1, 2));
    // The detail suggests the keyword meant.
    let diags = parse_template("%{ iff x }", "t.tmpl").unwrap_err();
    assert!(
        diags.as_slice()[0].detail.contains("Did you mean \"if\"?"),
        "{diags}"
    );
}

#[test]
fn an_empty_template_is_one_empty_literal() {
    let template = template_ok("");
    assert_eq!(template.parts.len(), 1);
    let crate::ast::TemplatePart::Literal(text, span) = &template.parts[0] else {
        panic!("{:?}", template.parts);
    };
    assert_eq!((text.as_ref(), *span), ("", Span::empty(0)));
    // In quotes and heredocs, at the end of the token after the opening
    // one, where the reference puts it: after the closing quote.
    let expr = expr_ok("\"\"");
    let ExpressionKind::Template(template) = &expr.kind else {
        panic!("{expr:?}");
    };
    assert!(
        matches!(&template.parts[0], crate::ast::TemplatePart::Literal(_, s) if *s == Span::empty(2))
    );
    let expr = expr_ok("<<EOT\nEOT\n");
    let ExpressionKind::Template(template) = &expr.kind else {
        panic!("{expr:?}");
    };
    assert!(
        matches!(&template.parts[0], crate::ast::TemplatePart::Literal(_, s) if *s == Span::empty(9))
    );
}
