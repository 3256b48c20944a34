//! Syntax error diagnostics: pest reports where it stopped and which rules
//! it tried; this module says what went wrong in a config author's words.

use std::sync::Arc;

use pest::error::{Error, ErrorVariant, InputLocation};
use pest::Parser as _;

use super::depth::{self, Open};
use super::grammar::{HclParser, Rule};
use crate::diagnostic::Diagnostic;
use crate::span::{SourceFile, Span};

/// The diagnostic for a failed parse of `text`, which starts at `offset` in
/// the file.
pub(super) fn syntax_error(
    err: &Error<Rule>,
    text: &str,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Diagnostic {
    let at = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let span_at = |pos: usize, len: usize| {
        let start = (offset + pos) as u32;
        Span::new(start, start + len as u32)
    };
    let rest = text.get(at..).unwrap_or("");
    let here_len = rest.chars().next().map_or(0, char::len_utf8);
    let here = span_at(at, here_len);

    if let Some(diag) = multi_line_string(text, at, offset, file) {
        return diag;
    }
    if let Some(diag) = missing_newline(text, at, offset, file) {
        return diag;
    }
    if rest.is_empty() || rest.trim_start().is_empty() {
        if let Some(diag) = unclosed(text, offset, file) {
            return diag;
        }
        return Diagnostic::error(
            "Missing expression",
            "Expected the start of an expression, but found the end of the file.",
        )
        .with_subject(file, span_at(at, 0));
    }
    let line_before = text
        .get(..at)
        .map_or("", |s| s.rsplit('\n').next().unwrap_or(s));
    if line_before.trim().is_empty() && !rest.starts_with(['}', '\n', '\r']) {
        let (summary, detail) = if rest.starts_with('"') {
            (
                "Invalid argument name",
                "Argument names must not be quoted.",
            )
        } else {
            (
                "Argument or block definition required",
                "An argument or block definition is required here.",
            )
        };
        return Diagnostic::error(summary, detail).with_subject(file, here);
    }
    if let Some(diag) = block_header(text, at, offset, file) {
        return diag;
    }
    if let Some(diag) = single_line_block(text, at, here, file) {
        return diag;
    }
    let found = match rest.chars().next() {
        Some('\n' | '\r') => "a newline".to_owned(),
        Some(c) => format!("\"{c}\""),
        None => "the end of the file".to_owned(),
    };
    let expected = expected_words(err);
    if expected == "an expression" {
        return Diagnostic::error(
            "Invalid expression",
            format!("Expected the start of an expression, but found {found}."),
        )
        .with_subject(file, here);
    }
    let detail = if expected.is_empty() {
        format!("Found {found}, which is not valid here.")
    } else {
        format!("Expected {expected}, but found {found}.")
    };
    Diagnostic::error("Invalid syntax", detail).with_subject(file, here)
}

/// A quoted string that runs into a line break.
fn multi_line_string(
    text: &str,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let newline = depth::scan(text, usize::MAX).newline_in_quote?;
    if newline > at {
        return None;
    }
    let start = (offset + newline) as u32;
    Some(
        Diagnostic::error(
            "Invalid multi-line string",
            "Quoted strings may not be split over multiple lines. To produce a multi-line \
             string, either use the \\n escape to represent a newline character or use the \
             \"heredoc\" multi-line template syntax.",
        )
        .with_subject(file, Span::new(start, start + 1)),
    )
}

/// A one-line block `a { b = 1 }` followed by more than its one argument.
fn single_line_block(
    text: &str,
    at: usize,
    here: Span,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let before = text.get(..at)?;
    let (open, brace) = *depth::scan(before, usize::MAX).open.last()?;
    if open != Open::Block || before.get(brace..)?.contains('\n') {
        return None;
    }
    let detail = match text.get(at..)?.chars().next()? {
        ',' => {
            "Single-line block syntax can include only one argument definition. To define \
                multiple arguments, use the multi-line block syntax with one argument definition \
                per line."
        }
        '\n' | '\r' => {
            "An argument definition on the same line as its containing block creates a \
                        single-line block definition, which must also be closed on the same line. \
                        Place the block's closing brace immediately after the argument definition."
        }
        _ => {
            "A single-line block definition must end with a closing brace immediately after its \
              single argument definition."
        }
    };
    Some(
        Diagnostic::error("Invalid single-argument block definition", detail)
            .with_subject(file, here),
    )
}

/// `a = 1 b = 2`: a complete attribute followed by more on its line. The
/// attribute may start some lines before the error.
fn missing_newline(
    text: &str,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    const LINES_BACK: usize = 200;
    let before = text.get(..at)?;
    let mut line_start = before.rfind('\n').map_or(0, |i| i + 1);
    for _ in 0..LINES_BACK {
        if let Some(diag) = attribute_then_garbage(text, line_start, at, offset, file) {
            return Some(diag);
        }
        if line_start == 0 {
            break;
        }
        line_start = before
            .get(..line_start - 1)?
            .rfind('\n')
            .map_or(0, |i| i + 1);
    }
    None
}

fn attribute_then_garbage(
    text: &str,
    line_start: usize,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let line = text.get(line_start..)?;
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let start = line_start + indent;
    let head = HclParser::parse(Rule::attribute_head, text.get(start..)?).ok()?;
    let end = start + head.last()?.as_span().end();
    let after = text.get(end..)?;
    let trimmed = after.trim_start_matches([' ', '\t']);
    let next = end + (after.len() - trimmed.len());
    if next > at || text.get(next..at).is_some_and(|s| s.contains('\n')) {
        return None;
    }
    let c = trimmed.chars().next()?;
    if matches!(c, '\n' | '\r' | '#' | '}') || trimmed.starts_with("//") {
        return None;
    }
    let (summary, detail) = if c == ',' {
        (
            "Unexpected comma after argument",
            "Argument definitions must be separated by newlines, not commas. An argument \
             definition must end with a newline.",
        )
    } else {
        (
            "Missing newline after argument",
            "An argument definition must end with a newline.",
        )
    };
    let start = (offset + next) as u32;
    Some(
        Diagnostic::error(summary, detail)
            .with_subject(file, Span::new(start, start + c.len_utf8() as u32)),
    )
}

/// Problems in a block header: `=` after labels, a brace on the next line.
fn block_header(
    text: &str,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let head = text.get(..at)?;
    if head.contains(['{', '=', '(', '[']) {
        return None;
    }
    let rest = text.get(at..)?;
    let c = rest.chars().next()?;
    let quoted = rest.get(1..).and_then(|r| r.split(['"', '\n']).next());
    if c == '"' && quoted.is_some_and(|q| q.contains("${") || q.contains("%{")) {
        let start = (offset + at) as u32;
        return Some(
            Diagnostic::error(
                "Invalid string literal",
                "Template sequences are not allowed in this string. To include a literal \"$\", \
                 double it (as \"$$\") to escape it.",
            )
            .with_subject(file, Span::new(start, start + 1)),
        );
    }
    let detail = match c {
        '=' => "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
        '\n' | '\r' => "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
        _ => "Either a quoted string block label or an opening brace (\"{\") is expected here.",
    };
    let start = (offset + at) as u32;
    Some(
        Diagnostic::error("Invalid block definition", detail)
            .with_subject(file, Span::new(start, start + c.len_utf8() as u32)),
    )
}

/// The innermost delimiter left open at the end of `text`.
fn unclosed(text: &str, offset: usize, file: &Arc<SourceFile>) -> Option<Diagnostic> {
    let scan = depth::scan(text, usize::MAX);
    let (open, at) = *scan.open.last()?;
    Some(open_diagnostic(open, at, text, offset, file))
}

fn open_diagnostic(
    open: Open,
    at: usize,
    text: &str,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Diagnostic {
    let start = (offset + at) as u32;
    let one = Span::new(start, start + 1);
    let pos = file.pos(start);
    let (summary, detail, span) = match open {
        Open::Block => (
            "Unclosed configuration block",
            format!(
                "There is no closing brace for the block that starts at {}:{}. This may be \
                 caused by incorrect brace nesting elsewhere in this file.",
                pos.line, pos.column
            ),
            one,
        ),
        Open::Object => (
            "Unterminated object constructor expression",
            format!(
                "There is no closing brace for the object that starts at {}:{}.",
                pos.line, pos.column
            ),
            one,
        ),
        Open::Bracket => (
            "Unterminated tuple constructor expression",
            format!(
                "There is no closing bracket for the bracket that opens at {}:{}.",
                pos.line, pos.column
            ),
            one,
        ),
        Open::Paren => (
            "Unbalanced parentheses",
            format!(
                "There is no closing parenthesis for the parenthesis that opens at {}:{}.",
                pos.line, pos.column
            ),
            one,
        ),
        Open::Quote => (
            "Unterminated template string",
            "No closing marker was found for the string.".to_owned(),
            one,
        ),
        Open::Heredoc => {
            let marker_len = text
                .get(at..)
                .and_then(|t| t.find(['\n', '\r']))
                .unwrap_or(2);
            (
                "Unterminated template string",
                "No closing marker was found for the heredoc: the marker must stand on a line of \
                 its own, optionally indented."
                    .to_owned(),
                Span::new(start, start + marker_len as u32),
            )
        }
        Open::Sequence => (
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence.".to_owned(),
            Span::new(start, start + 2),
        ),
    };
    Diagnostic::error(summary, detail).with_subject(file, span)
}

/// The rules pest expected, in words.
fn expected_words(err: &Error<Rule>) -> String {
    let ErrorVariant::ParsingError { positives, .. } = &err.variant else {
        return String::new();
    };
    let mut words: Vec<&str> = positives.iter().filter_map(|r| describe(*r)).collect();
    words.sort_unstable();
    words.dedup();
    match words.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::identifier | Rule::variable | Rule::function_name => "a name",
        Rule::expr
        | Rule::expr_ml
        | Rule::operation
        | Rule::operation_ml
        | Rule::postfix
        | Rule::postfix_ml
        | Rule::number
        | Rule::keyword_literal
        | Rule::string_template
        | Rule::heredoc
        | Rule::tuple
        | Rule::object
        | Rule::parens
        | Rule::function_call
        | Rule::neg
        | Rule::not => "an expression",
        Rule::or
        | Rule::and
        | Rule::eq
        | Rule::ne
        | Rule::lt
        | Rule::le
        | Rule::gt
        | Rule::ge
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem => "an operator",
        Rule::get_attr | Rule::legacy_index | Rule::attr_splat | Rule::full_splat | Rule::index => {
            "an attribute access or index"
        }
        Rule::question => "\"?\"",
        Rule::open_brace => "\"{\"",
        Rule::close_brace => "\"}\"",
        Rule::string_lit => "a quoted label",
        Rule::expand_final | Rule::ellipsis => "\"...\"",
        Rule::kw_in => "\"in\"",
        Rule::kw_if => "\"if\"",
        Rule::for_cond => "an \"if\" clause",
        Rule::seq_close => "\"}\"",
        Rule::heredoc_close => "the heredoc's closing marker",
        Rule::object_item | Rule::object_key => "an object item",
        _ => return None,
    })
}
