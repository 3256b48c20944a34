//! The tokens of each mode, as the reference's scanner gives them.

use super::*;

/// The tokens of `src` (code) as `Kind:text`, the end left out.
fn tokens(src: &str) -> Vec<String> {
    dump(Lexer::new(src, 0, Start::Code))
}

/// The tokens of a bare template.
fn template_tokens(src: &str) -> Vec<String> {
    dump(Lexer::new(src, 0, Start::Template))
}

fn dump(lexer: Lexer<'_>) -> Vec<String> {
    let text = lexer.text();
    lexer
        .filter(|t| t.kind != TokenKind::Eof)
        .map(|t| format!("{:?}:{}", t.kind, t.text(text)))
        .collect()
}

#[test]
fn code_tokens() {
    assert_eq!(
        tokens("a = b.c[0] == \"x\"\n"),
        [
            "Ident:a",
            "Equal:=",
            "Ident:b",
            "Dot:.",
            "Ident:c",
            "OBrack:[",
            "NumberLit:0",
            "CBrack:]",
            "EqualOp:==",
            "OQuote:\"",
            "QuotedLit:x",
            "CQuote:\"",
            "Newline:\n",
        ]
    );
    assert_eq!(
        tokens("!= <= >= && || :: ... => ? : , % / * + - < > ! &|~^;`'"),
        [
            "NotEqual:!=",
            "LessThanEq:<=",
            "GreaterThanEq:>=",
            "And:&&",
            "Or:||",
            "DoubleColon:::",
            "Ellipsis:...",
            "FatArrow:=>",
            "Question:?",
            "Colon::",
            "Comma:,",
            "Percent:%",
            "Slash:/",
            "Star:*",
            "Plus:+",
            "Minus:-",
            "LessThan:<",
            "GreaterThan:>",
            "Bang:!",
            "BitwiseAnd:&",
            "BitwiseOr:|",
            "BitwiseNot:~",
            "BitwiseXor:^",
            "Semicolon:;",
            "Backtick:`",
            "Apostrophe:'",
        ]
    );
    // Tabs are spaces; a carriage return alone and other characters are
    // invalid; identifiers take Unicode letters and dashes.
    assert_eq!(
        tokens("\tcafé-x\r y\u{a0}"),
        ["Ident:café-x", "Invalid:\r", "Ident:y", "Invalid:\u{a0}"]
    );
}

#[test]
fn numbers_take_digits_dots_and_exponents_but_end_in_no_dot() {
    for (src, expected) in [
        ("1", vec!["NumberLit:1"]),
        ("1.5e-3", vec!["NumberLit:1.5e-3"]),
        ("1.e5", vec!["NumberLit:1.e5"]),
        ("1.E+2", vec!["NumberLit:1.E+2"]),
        ("1.2.3", vec!["NumberLit:1.2.3"]),
        ("1.x", vec!["NumberLit:1", "Dot:.", "Ident:x"]),
        ("1e", vec!["NumberLit:1", "Ident:e"]),
        ("1e+", vec!["NumberLit:1", "Ident:e", "Plus:+"]),
        ("0x1", vec!["NumberLit:0", "Ident:x1"]),
        ("a.0.1", vec!["Ident:a", "Dot:.", "NumberLit:0.1"]),
    ] {
        assert_eq!(tokens(src), expected, "{src}");
    }
}

#[test]
fn comments_are_tokens_and_line_comments_take_their_line_break() {
    assert_eq!(
        tokens("a # c /* d\nb // e\r\nc /* f\ng */ h /* i"),
        [
            "Ident:a",
            "Comment:# c /* d\n",
            "Ident:b",
            "Comment:// e\r\n",
            "Ident:c",
            "Comment:/* f\ng */",
            "Ident:h",
            "Slash:/",
            "Star:*",
            "Ident:i",
        ]
    );
    assert_eq!(tokens("1 # c"), ["NumberLit:1", "Comment:# c"]);
}

#[test]
fn quoted_templates() {
    assert_eq!(
        tokens(r#""a\"b${x}c%{ if y }$${d}%%{e}$ %f\u00e9" z"#),
        [
            "OQuote:\"",
            "QuotedLit:a\\\"b",
            "TemplateInterp:${",
            "Ident:x",
            "TemplateSeqEnd:}",
            "QuotedLit:c",
            "TemplateControl:%{",
            "Ident:if",
            "Ident:y",
            "TemplateSeqEnd:}",
            "QuotedLit:$${",
            "QuotedLit:d}",
            "QuotedLit:%%{",
            "QuotedLit:e}",
            "QuotedLit:$",
            "QuotedLit: ",
            "QuotedLit:%",
            "QuotedLit:f\\u00e9",
            "CQuote:\"",
            "Ident:z",
        ]
    );
    // Braces inside a sequence balance; `~` strips.
    assert_eq!(
        tokens(r#""${~ {a = 1}.a ~}""#),
        [
            "OQuote:\"",
            "TemplateInterp:${~",
            "OBrace:{",
            "Ident:a",
            "Equal:=",
            "NumberLit:1",
            "CBrace:}",
            "Dot:.",
            "Ident:a",
            "TemplateSeqEnd:~}",
            "CQuote:\"",
        ]
    );
    // A line break ends no quoted string; a backslash before it is invalid.
    assert_eq!(
        tokens("\"a\\\n\r\nb\""),
        [
            "OQuote:\"",
            "QuotedLit:a",
            "Invalid:\\",
            "QuotedNewline:\n\r\n",
            "QuotedLit:b",
            "CQuote:\"",
        ]
    );
    // Unterminated, and a `$` at the very end.
    assert_eq!(tokens("\"ab"), ["OQuote:\"", "QuotedLit:ab"]);
    assert_eq!(tokens("\"a$"), ["OQuote:\"", "QuotedLit:a", "Invalid:$"]);
}

#[test]
fn heredocs() {
    assert_eq!(
        tokens("a = <<EOT\nx ${y}\n  EOT\nb"),
        [
            "Ident:a",
            "Equal:=",
            "OHeredoc:<<EOT\n",
            "StringLit:x ",
            "TemplateInterp:${",
            "Ident:y",
            "TemplateSeqEnd:}",
            "StringLit:\n",
            "CHeredoc:  EOT",
            "Newline:\n",
            "Ident:b",
        ]
    );
    // The marker ends the heredoc only alone on a line after a line break.
    assert_eq!(
        tokens("<<-EOT\r\nEOT x\n${1}EOT\nEOT"),
        [
            "OHeredoc:<<-EOT\r\n",
            "StringLit:EOT x\n",
            "TemplateInterp:${",
            "NumberLit:1",
            "TemplateSeqEnd:}",
            "StringLit:EOT\n",
            "StringLit:EOT",
        ]
    );
    // A `$` or `%` and one more character at the end of a line are text of
    // their own, the line break apart.
    assert_eq!(
        tokens("<<EOT\na% \nb$x c\nEOT\n"),
        [
            "OHeredoc:<<EOT\n",
            "StringLit:a",
            "StringLit:% ",
            "StringLit:\n",
            "StringLit:b",
            "StringLit:$",
            "StringLit:x c\n",
            "CHeredoc:EOT",
            "Newline:\n",
        ]
    );
    // Without a line break after the marker, `<<` is two operators.
    assert_eq!(tokens("<<EOT"), ["LessThan:<", "LessThan:<", "Ident:EOT"]);
    // A carriage return alone stops scanning: the rest is one token.
    assert_eq!(
        tokens("<<EOT\nab\rc\nEOT\n"),
        ["OHeredoc:<<EOT\n", "StringLit:ab", "Invalid:\rc\nEOT\n"]
    );
}

#[test]
fn bare_templates() {
    assert_eq!(
        template_tokens("a ${b}\nc%{ if d }$\n"),
        [
            "StringLit:a ",
            "TemplateInterp:${",
            "Ident:b",
            "TemplateSeqEnd:}",
            "StringLit:\n",
            "StringLit:c",
            "TemplateControl:%{",
            "Ident:if",
            "Ident:d",
            "TemplateSeqEnd:}",
            "StringLit:$",
            "StringLit:\n",
        ]
    );
    // A `$` at the end, and a carriage return alone, are text.
    assert_eq!(template_tokens("a$"), ["StringLit:a", "StringLit:$"]);
    assert_eq!(template_tokens("a\rb"), ["StringLit:a", "StringLit:\rb"]);
}

#[test]
fn stray_closers() {
    // `}` outside a sequence is a brace; `~}` always ends one.
    assert_eq!(tokens("} ~}"), ["CBrace:}", "TemplateSeqEnd:~}"]);
}

#[test]
fn public_tokens_cover_every_byte_but_blanks_and_skip_a_byte_order_mark() {
    let src = "\u{feff}a = \"x${b}\" # c\nblock {\n  n = <<EOT\nhi\nEOT\n}\n&";
    let mut end = '\u{feff}'.len_utf8();
    for (class, span) in public::tokens(src) {
        let gap = src.get(end..span.start as usize).unwrap();
        assert!(
            gap.chars().all(|c| c == ' ' || c == '\t'),
            "{gap:?} before {class:?}"
        );
        end = span.end as usize;
    }
    assert_eq!(end, src.len());
    let last = public::tokens(src).last().unwrap();
    assert_eq!(last.0, TokenClass::Invalid);
}

#[test]
fn public_tokens_end_on_unterminated_input() {
    for src in [
        "a = \"open",
        "b = <<EOT\nno end",
        "c = ${",
        "d {\n  e = [1,",
        "\r",
    ] {
        assert!(public::tokens(src).count() <= src.len() + 1, "{src:?}");
    }
}

#[test]
fn identifiers_and_quoted_text_end_where_their_runs_do() {
    assert_eq!(
        tokens("a-b_9 caf\u{e9}x \u{e9}t\u{e9} a\u{300}b\n"),
        [
            "Ident:a-b_9",
            "Ident:caf\u{e9}x",
            "Ident:\u{e9}t\u{e9}",
            "Ident:a\u{300}b",
            "Newline:\n"
        ]
    );
    assert_eq!(tokens("a\u{2028}")[0], "Ident:a");
    assert_eq!(tokens("abc"), ["Ident:abc"]);
    assert_eq!(
        tokens("\"caf\u{e9} \\\" \\u00e9 x$y 5%\""),
        [
            "OQuote:\"",
            "QuotedLit:caf\u{e9} \\\" \\u00e9 x",
            "QuotedLit:$",
            "QuotedLit:y 5",
            "QuotedLit:%",
            "CQuote:\"",
        ]
    );
    assert_eq!(
        tokens("\"ab\\"),
        ["OQuote:\"", "QuotedLit:ab", "Invalid:\\"]
    );
    assert_eq!(tokens("\"ab"), ["OQuote:\"", "QuotedLit:ab"]);
}
