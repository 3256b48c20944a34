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
    if at == 0 || text.get(..at).is_some_and(|s| s.trim().is_empty()) {
        let detail = if rest.starts_with('"') {
            "Argument names must not be quoted."
        } else {
            "An argument or block definition is required here."
        };
        let summary = if rest.starts_with('"') {
            "Invalid argument name"
        } else {
            "Argument or block definition required"
        };
        return Diagnostic::error(summary, detail).with_subject(file, here);
    }
    if let Some(diag) = block_header(text, at, offset, file) {
        return diag;
    }
    if let Some(diag) = unclosed_before(text, at, offset, file) {
        return diag;
    }
    let expected = expected_words(err);
    let detail = if expected.is_empty() {
        "This character is not valid here.".to_owned()
    } else {
        format!("Expected {expected}.")
    };
    let found = rest
        .chars()
        .next()
        .map_or(String::new(), |c| format!(" \"{c}\""));
    Diagnostic::error(format!("Invalid syntax{found}"), detail).with_subject(file, here)
}

/// `a = 1 b = 2`: a complete attribute followed by more on its line.
fn missing_newline(
    text: &str,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let head = HclParser::parse(Rule::attribute_head, text).ok()?;
    let end = head.last()?.as_span().end();
    let after = text.get(end..)?;
    let trimmed = after.trim_start_matches([' ', '\t']);
    let next = end + (after.len() - trimmed.len());
    if next != at && !(at > next && text.get(next..at).is_some_and(|s| !s.contains('\n'))) {
        return None;
    }
    let c = trimmed.chars().next()?;
    if c == '\n' || c == '\r' || c == '#' || trimmed.starts_with("//") {
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
    let c = text.get(at..)?.chars().next()?;
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

/// A string left open on a line before the error position.
fn unclosed_before(
    text: &str,
    at: usize,
    offset: usize,
    file: &Arc<SourceFile>,
) -> Option<Diagnostic> {
    let scan = depth::scan(text.get(..at)?, usize::MAX);
    let (open, pos) = *scan.open.last()?;
    matches!(open, Open::Quote).then(|| open_diagnostic(open, pos, text, offset, file))
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
