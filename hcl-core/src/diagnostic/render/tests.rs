use crate::diagnostic::Code;
use crate::{Diagnostic, SourceFile, Span};
use std::sync::Arc;

#[test]
fn renders_header_location_line_caret_and_detail() {
    let file = Arc::new(SourceFile::new("main.tf", "a = 1\nnmae = \"x\"\n"));
    let diag = Diagnostic::error(
        Code::UnsupportedArgument,
        "Unsupported argument",
        "An argument named \"nmae\" is not expected here. Did you mean \"name\"?",
    )
    .with_subject(&file, Span::new(6, 10));
    assert_eq!(
        diag.to_string(),
        "Error: Unsupported argument\n  \
         --> main.tf:2:1\n  \
         |\n\
         2 | nmae = \"x\"\n  \
         | ^^^^\n\
         \n\
         An argument named \"nmae\" is not expected here. Did you mean \"name\"?\n"
    );
}

#[test]
fn empty_range_at_end_of_input_still_gets_a_caret() {
    let file = Arc::new(SourceFile::new("f.hcl", "a = "));
    let diag = Diagnostic::error(Code::InvalidExpression, "Invalid expression", "")
        .with_subject(&file, Span::new(4, 4));
    assert!(diag.to_string().ends_with("1 | a = \n  |     ^\n"));
}

#[test]
fn a_subject_ending_at_the_next_line_start_stays_on_its_line() {
    let file = Arc::new(SourceFile::new("f.hcl", "a = \"x\ny\"\n"));
    let diag = Diagnostic::error(
        Code::InvalidMultiLineString,
        "Invalid multi-line string",
        "",
    )
    .with_subject(&file, Span::new(6, 7));
    assert_eq!(
        diag.to_string(),
        "Error: Invalid multi-line string\n  \
         --> f.hcl:1:7\n  \
         |\n\
         1 | a = \"x\n  \
         |       ^\n"
    );
}

#[test]
fn columns_count_grapheme_clusters() {
    let file = Arc::new(SourceFile::new("f.hcl", "a = \"e\u{301}\" x\n"));
    let diag = Diagnostic::error(Code::Custom, "Bad", "").with_subject(&file, Span::new(10, 11));
    assert!(diag.to_string().contains("  |         ^\n"), "{diag}");
}

#[test]
fn multi_line_subject_underlines_each_line() {
    let file = Arc::new(SourceFile::new("f.hcl", "x = [\n  1,\n]\n"));
    let diag = Diagnostic::error(Code::Custom, "Bad", "").with_subject(&file, Span::new(4, 13));
    let text = diag.to_string();
    assert!(
        text.contains("1 | x = [\n  |     ^\n2 |   1,\n  |   ^^\n3 | ]\n  | ^\n"),
        "{text}"
    );
}

/// The source line and caret line of a rendered diagnostic.
fn snippet(text: &str) -> (String, String) {
    let lines: Vec<&str> = text.lines().collect();
    let line = lines
        .iter()
        .position(|l| l.contains(" | ") && !l.trim_start().starts_with('|'));
    let line = line.expect("a source line");
    let caret = lines[line + 1];
    let strip = |l: &str| {
        l.split_once(" | ")
            .map(|(_, t)| t.to_owned())
            .unwrap_or_default()
    };
    (strip(lines[line]), strip(caret))
}

#[test]
fn columns_past_u16_max_render_without_panicking() {
    // A `{:width$}` format of a width past 65 535 panics: columns of any
    // size must not reach one.
    let src = format!("a ={}@\n", " ".repeat(70_000));
    let file = Arc::new(SourceFile::new("f.hcl", &src));
    let at = src.len() as u32 - 2;
    let diag = Diagnostic::error(Code::InvalidCharacter, "Invalid character", "")
        .with_subject(&file, Span::new(at, at + 1));
    let text = diag.to_string();
    assert!(text.contains("--> f.hcl:1:70004"), "{text}");
    let (line, carets) = snippet(&text);
    assert!(line.starts_with("...") && line.ends_with('@'), "{line:?}");
    assert_eq!(carets.trim_start(), "^");
    assert_eq!(carets.len(), line.chars().count());
}

#[test]
fn long_lines_are_cut_around_the_subject() {
    let src = format!("a = [{}x{}]\n", "1, ".repeat(10_000), ", 2".repeat(10_000));
    let file = Arc::new(SourceFile::new("f.hcl", &src));
    let at = src.find('x').unwrap() as u32;
    let diag =
        Diagnostic::error(Code::Custom, "Bad", "").with_subject(&file, Span::new(at, at + 1));
    let (line, carets) = snippet(&diag.to_string());
    assert!(line.starts_with("...") && line.ends_with("..."), "{line:?}");
    assert!(line.len() < 200, "{line:?}");
    let x = line.find('x').unwrap();
    assert_eq!(carets, format!("{}^", " ".repeat(x)));
}

#[test]
fn a_long_subject_is_cut_too() {
    let src = format!("a = \"{}", "y".repeat(1_000_000));
    let file = Arc::new(SourceFile::new("f.hcl", &src));
    let diag = Diagnostic::error(
        Code::UnterminatedTemplate,
        "Unterminated template string",
        "",
    )
    .with_subject(&file, Span::new(4, src.len() as u32));
    let text = diag.to_string();
    assert!(text.len() < 1_000, "{} bytes", text.len());
    let (line, carets) = snippet(&text);
    assert!(
        line.starts_with("a = \"yyy") && line.ends_with("..."),
        "{line:?}"
    );
    assert!(
        carets.starts_with("    ^^^^") && carets.len() < line.len(),
        "{carets:?}"
    );
}

#[test]
fn an_empty_subject_after_a_long_line_points_past_it() {
    let src = format!("a = {}", "x".repeat(10_000));
    let file = Arc::new(SourceFile::new("f.hcl", &src));
    let end = src.len() as u32;
    let diag = Diagnostic::error(Code::Custom, "Bad", "").with_subject(&file, Span::empty(end));
    let (line, carets) = snippet(&diag.to_string());
    assert!(line.starts_with("...x") && line.ends_with('x'), "{line:?}");
    assert_eq!(carets, format!("{}^", " ".repeat(line.len())));
}

#[test]
fn control_characters_are_shown_as_symbols() {
    let src = "a = \"\u{1b}]0;title\u{7}\u{9b}\u{202e}x\" +\n";
    let file = Arc::new(SourceFile::new("f\u{1b}.hcl", src));
    let at = src.find('x').unwrap() as u32;
    let diag = Diagnostic::error(Code::Custom, "Bad \u{1b}[2J", "Detail\u{7}\nsecond line")
        .with_subject(&file, Span::new(at, at + 1));
    let text = diag.to_string();
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(!text.contains('\u{202e}'));
    assert!(text.starts_with("Error: Bad \u{241b}[2J\n"), "{text}");
    assert!(text.contains("--> f\u{241b}.hcl:1:"), "{text}");
    assert!(text.ends_with("Detail\u{2407}\nsecond line\n"), "{text}");
    let (line, carets) = snippet(&text);
    assert_eq!(line, "a = \"\u{241b}]0;title\u{2407}\\u{9b}\\u{202e}x\" +");
    // The carets stay under the subject, past the wider escapes.
    let x = line.chars().position(|c| c == 'x').unwrap();
    assert_eq!(carets, format!("{}^", " ".repeat(x)));
}

#[test]
fn each_diagnostic_on_a_long_line_renders_in_bounded_size() {
    // Many diagnostics on one long line: each rendering shows a window,
    // not the line, so the output grows with the number of diagnostics only.
    let src = format!("a = [{}]\n", "@, ".repeat(20_000));
    let file = Arc::new(SourceFile::new("f.hcl", &src));
    let mut total = 0;
    for (at, _) in src.match_indices('@').step_by(97) {
        let at = at as u32;
        let diag = Diagnostic::error(Code::InvalidCharacter, "Invalid character", "")
            .with_subject(&file, Span::new(at, at + 1));
        let text = diag.to_string();
        assert!(text.len() < 400, "{text}");
        total += 1;
    }
    assert!(total > 200);
}

/// The text without its ANSI escape sequences (`ESC [ ... m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find('m').map_or(tail.len(), |m| m + 1);
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn styles_only_add_escape_sequences_and_context_follows_the_location() {
    use crate::diagnostic::{RenderOptions, Styles};
    let file = Arc::new(SourceFile::new(
        "main.tf",
        "resource \"a\" \"b\" {\n  x = 1 + \"q\"\n}\n",
    ));
    for diag in [
        Diagnostic::error(Code::InvalidOperand, "Invalid operand", "Bad.")
            .with_subject(&file, Span::new(25, 32)),
        Diagnostic::warning(Code::InvalidOperand, "Odd operand", "Hmm.")
            .with_subject(&file, Span::new(25, 32)),
    ] {
        let context = Some("resource \"a\" \"b\"".to_owned());
        let plain = diag.render_with(&RenderOptions {
            context: context.clone(),
            styles: None,
        });
        assert!(
            plain.contains("  --> main.tf:2:7, in resource \"a\" \"b\"\n"),
            "{plain}"
        );
        assert_eq!(
            plain.replace(", in resource \"a\" \"b\"", ""),
            diag.to_string()
        );
        let styled = diag.render_with(&RenderOptions {
            context,
            styles: Some(Styles::default()),
        });
        assert_ne!(styled, plain);
        assert_eq!(strip_ansi(&styled), plain);
        let severity = if diag.is_error() {
            Styles::default().error
        } else {
            Styles::default().warning
        };
        let carets = format!("{}^^^^^^^{}", severity.render(), severity.render_reset());
        assert!(styled.contains(&carets), "{styled:?}");
    }
}
