//! A quick scan of the delimiters of an item, before pest sees it.
//!
//! pest recurses once per nesting level, so input nested deeper than the
//! limit must be rejected before parsing to keep the stack safe. The same
//! scan tells, after a failed parse, which delimiter was left open and
//! which characters no token can start with.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::span::{SourceFile, Span};

/// What the scanned text is: a configuration file, one expression, or a
/// bare template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// A body of attributes and blocks.
    Body,
    /// A standalone expression.
    Expression,
    /// Template text, as in a template file.
    Template,
}

/// What an open delimiter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Open {
    /// `{` of a block.
    Block,
    /// `{` of an object constructor.
    Object,
    /// `[`
    Bracket,
    /// `(`
    Paren,
    /// `"` of a quoted template.
    Quote,
    /// `<<EOT` of a heredoc.
    Heredoc,
    /// `${` or `%{` of a template sequence.
    Sequence,
    /// `?` of a conditional, whose result expressions nest: each one is a
    /// level, up to the end of its false result.
    Conditional,
    /// The text of a bare template, outermost.
    Template,
}

/// An open delimiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Opened {
    /// What it is.
    pub(super) open: Open,
    /// Its byte offset.
    pub(super) at: usize,
    /// For blocks and objects: whether the value of an item is being
    /// scanned, after its `=` (or an object's `:`). For conditionals:
    /// whether the `:` was seen.
    pub(super) in_value: bool,
}

#[derive(Debug, Clone, Copy)]
struct Frame<'a> {
    opened: Opened,
    /// For heredocs: the closing marker.
    marker: &'a [u8],
}

/// A character that no token of the native syntax starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Invalid {
    /// `` ` ``
    Backtick,
    /// `'`
    Apostrophe,
    /// `;`
    Semicolon,
    /// `“` or `”`
    CurlyQuote,
    /// `&`, `|`, `^` or `~`, an operator of other languages.
    Bitwise(u8),
    /// `**`
    Exponent,
    /// Anything else.
    Other,
}

/// The state after scanning.
pub(super) struct Scan {
    /// The delimiters still open, innermost last, conditionals included.
    pub(super) open: Vec<Opened>,
    /// Where the nesting first exceeded the limit.
    pub(super) too_deep_at: Option<usize>,
    /// The first line break met inside a quoted string.
    pub(super) newline_in_quote: Option<usize>,
    /// The first invalid character outside strings and comments: its
    /// offset, length and kind.
    pub(super) invalid: Option<(usize, usize, Invalid)>,
}

impl Scan {
    /// The innermost open delimiter, conditionals aside.
    pub(super) fn innermost(&self) -> Option<Opened> {
        self.open
            .iter()
            .rev()
            .find(|o| o.open != Open::Conditional)
            .copied()
    }
}

/// Scans `text` and reports the delimiters left open; stops early when the
/// nesting exceeds `limit`.
pub(super) fn scan(text: &str, mode: Mode, limit: usize) -> Scan {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame<'_>> = Vec::new();
    if mode == Mode::Template {
        stack.push(frame(Open::Template, 0));
    }
    // The outermost template text does not count towards the limit.
    let base = stack.len();
    let mut i = 0;
    let mut line_start = true;
    let mut newline_in_quote = None;
    let mut invalid = None;
    // Whether a top-level attribute's expression is being scanned.
    let mut top_in_attribute = false;
    // Whether a `/*` without its `*/` was met.
    let mut unclosed_comment = false;
    let get = |i: usize| bytes.get(i).copied().unwrap_or(0);
    while i < bytes.len() {
        if stack.len() - base > limit {
            return Scan {
                open: Vec::new(),
                too_deep_at: stack.last().map(|f| f.opened.at),
                newline_in_quote,
                invalid,
            };
        }
        let c = get(i);
        let top = stack.last().map(|f| f.opened.open);
        match top {
            Some(Open::Quote) => match c {
                b'\\' => i += 2,
                b'"' | b'\n' | b'\r' => {
                    if c != b'"' && newline_in_quote.is_none() {
                        newline_in_quote = Some(i);
                    }
                    stack.pop();
                    i += 1;
                }
                b'$' | b'%' if get(i + 1) == c && get(i + 2) == b'{' => i += 3,
                b'$' | b'%' if get(i + 1) == b'{' => {
                    stack.push(frame(Open::Sequence, i));
                    i += 2;
                }
                _ => i += 1,
            },
            Some(Open::Heredoc | Open::Template) => {
                if line_start && top == Some(Open::Heredoc) {
                    let marker = stack.last().map_or(&[][..], |f| f.marker);
                    let mut j = i;
                    while matches!(get(j), b' ' | b'\t') {
                        j += 1;
                    }
                    if bytes.get(j..j + marker.len()) == Some(marker)
                        && ends_line(bytes, j + marker.len())
                    {
                        stack.pop();
                        i = j + marker.len();
                        line_start = false;
                        continue;
                    }
                }
                line_start = c == b'\n';
                match c {
                    b'$' | b'%' if get(i + 1) == c && get(i + 2) == b'{' => i += 3,
                    b'$' | b'%' if get(i + 1) == b'{' => {
                        stack.push(frame(Open::Sequence, i));
                        i += 2;
                    }
                    _ => i += 1,
                }
            }
            _ => {
                line_start = false;
                match c {
                    b'"' => stack.push(frame(Open::Quote, i)),
                    b'#' => {
                        i = skip_line(bytes, i);
                        continue;
                    }
                    b'/' if get(i + 1) == b'/' => {
                        i = skip_line(bytes, i);
                        continue;
                    }
                    // Without its `*/`, `/*` is no comment. Once one is
                    // unclosed, so are all later ones: no need to look again.
                    b'/' if get(i + 1) == b'*' && !unclosed_comment => {
                        match find(bytes, i + 2, b"*/") {
                            Some(end) => {
                                i = end + 2;
                                continue;
                            }
                            None => unclosed_comment = true,
                        }
                    }
                    b'<' if get(i + 1) == b'<' => {
                        if let Some((marker, after)) = heredoc_marker(bytes, i + 2) {
                            stack.push(Frame {
                                opened: Opened {
                                    open: Open::Heredoc,
                                    at: i,
                                    in_value: false,
                                },
                                marker,
                            });
                            i = after;
                            line_start = true;
                            continue;
                        }
                    }
                    b'(' => stack.push(frame(Open::Paren, i)),
                    b'[' => stack.push(frame(Open::Bracket, i)),
                    b'{' => {
                        let is_block = match stack.last() {
                            None => mode == Mode::Body && !top_in_attribute,
                            Some(f) => f.opened.open == Open::Block && !f.opened.in_value,
                        };
                        let open = if is_block { Open::Block } else { Open::Object };
                        stack.push(frame(open, i));
                    }
                    b')' | b']' | b'}' => {
                        pop_conditionals(&mut stack);
                        stack.pop();
                    }
                    b'?' => stack.push(frame(Open::Conditional, i)),
                    // `::` separates the parts of a namespaced function name.
                    b':' if get(i + 1) == b':' => i += 1,
                    b':' if top == Some(Open::Object) => set_in_value(&mut stack, true),
                    b':' => {
                        // Ends the false results of the innermost conditionals,
                        // then starts the false result of the next one out.
                        while stack.last().is_some_and(|f| {
                            f.opened.open == Open::Conditional && f.opened.in_value
                        }) {
                            stack.pop();
                        }
                        if stack
                            .last()
                            .is_some_and(|f| f.opened.open == Open::Conditional)
                        {
                            set_in_value(&mut stack, true);
                        }
                    }
                    b',' => {
                        pop_conditionals(&mut stack);
                        if stack.last().is_some_and(|f| f.opened.open == Open::Object) {
                            set_in_value(&mut stack, false);
                        }
                    }
                    b'=' if is_assignment(bytes, i) => match top {
                        Some(Open::Block | Open::Object) => set_in_value(&mut stack, true),
                        None => top_in_attribute = true,
                        _ => {}
                    },
                    b'\n' => {
                        // A newline ends the expression of an attribute or an
                        // object item, but not one inside brackets.
                        let outer = stack
                            .iter()
                            .rev()
                            .find(|f| f.opened.open != Open::Conditional)
                            .map(|f| f.opened.open);
                        if matches!(outer, None | Some(Open::Block | Open::Object)) {
                            pop_conditionals(&mut stack);
                        }
                        match stack.last().map(|f| f.opened.open) {
                            Some(Open::Block | Open::Object) => set_in_value(&mut stack, false),
                            None => top_in_attribute = false,
                            _ => {}
                        }
                    }
                    // Names, numbers and spaces are the most common.
                    _ if c.is_ascii_alphanumeric() || c == b' ' => {}
                    _ => {
                        if invalid.is_none() {
                            invalid = invalid_at(text, i);
                        }
                    }
                }
                i += 1;
            }
        }
    }
    let too_deep_at = (stack.len() - base > limit).then(|| stack.last().map_or(0, |f| f.opened.at));
    Scan {
        open: stack.iter().skip(base).map(|f| f.opened).collect(),
        too_deep_at,
        newline_in_quote,
        invalid,
    }
}

fn frame(open: Open, at: usize) -> Frame<'static> {
    Frame {
        opened: Opened {
            open,
            at,
            in_value: false,
        },
        marker: &[],
    }
}

fn set_in_value(stack: &mut [Frame<'_>], in_value: bool) {
    if let Some(f) = stack.last_mut() {
        f.opened.in_value = in_value;
    }
}

/// Ends the conditionals open inside the innermost delimiter.
fn pop_conditionals(stack: &mut Vec<Frame<'_>>) {
    while stack
        .last()
        .is_some_and(|f| f.opened.open == Open::Conditional)
    {
        stack.pop();
    }
}

/// Whether the `=` at `i` assigns, rather than being part of `==`, `!=`,
/// `<=`, `>=` or `=>`.
fn is_assignment(bytes: &[u8], i: usize) -> bool {
    let before = i.checked_sub(1).and_then(|b| bytes.get(b));
    !matches!(before, Some(b'=' | b'!' | b'<' | b'>'))
        && !matches!(bytes.get(i + 1), Some(b'=' | b'>'))
}

/// The invalid character at `i` of code, if the character there starts no
/// token. Characters that start valid tokens are skipped one at a time, so
/// only the first byte of each is checked.
fn invalid_at(text: &str, i: usize) -> Option<(usize, usize, Invalid)> {
    let bytes = text.as_bytes();
    let c = *bytes.get(i)?;
    let kind = match c {
        b' ' | b'\t' | b'\r' | b'_' | b'-' | b'+' | b'/' | b'%' | b'=' | b'!' | b'<' | b'>'
        | b'.' => return None,
        b'*' if bytes.get(i + 1) == Some(&b'*') => Invalid::Exponent,
        b'*' => return None,
        b'&' | b'|'
            if bytes.get(i + 1) == Some(&c)
                || i.checked_sub(1).and_then(|b| bytes.get(b)) == Some(&c) =>
        {
            return None
        }
        b'&' | b'|' | b'^' => Invalid::Bitwise(c),
        // `~` of `${~` and `~}` belongs to the template sequence.
        b'~' if bytes.get(i + 1) == Some(&b'}')
            || (i >= 2
                && bytes.get(i - 1) == Some(&b'{')
                && matches!(bytes.get(i - 2), Some(b'$' | b'%'))) =>
        {
            return None
        }
        b'~' => Invalid::Bitwise(c),
        b'`' => Invalid::Backtick,
        b'\'' => Invalid::Apostrophe,
        b';' => Invalid::Semicolon,
        c if c.is_ascii_alphanumeric() => return None,
        c if c.is_ascii() => Invalid::Other,
        _ => {
            let ch = text.get(i..)?.chars().next()?;
            if unicode_ident::is_xid_continue(ch) {
                return None;
            }
            let len = ch.len_utf8();
            let kind = if matches!(ch, '“' | '”') {
                Invalid::CurlyQuote
            } else {
                Invalid::Other
            };
            return Some((i, len, kind));
        }
    };
    let len = if kind == Invalid::Exponent { 2 } else { 1 };
    Some((i, len, kind))
}

/// Whether only spaces and tabs, then a line break, follow `from`; the end
/// of the text is not a line break.
fn ends_line(bytes: &[u8], mut from: usize) -> bool {
    while matches!(bytes.get(from), Some(b' ' | b'\t')) {
        from += 1;
    }
    matches!(
        (bytes.get(from), bytes.get(from + 1)),
        (Some(b'\n'), _) | (Some(b'\r'), Some(b'\n'))
    )
}

fn skip_line(bytes: &[u8], from: usize) -> usize {
    // Leave the newline itself to the caller, which resets line state.
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(bytes.len(), |p| from + p)
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

/// At `<<`: the marker of a heredoc opener and the offset after its newline.
fn heredoc_marker(bytes: &[u8], mut i: usize) -> Option<(&[u8], usize)> {
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    let start = i;
    while bytes
        .get(i)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b >= 0x80)
    {
        i += 1;
    }
    if i == start {
        return None;
    }
    let marker = bytes.get(start..i)?;
    match (bytes.get(i), bytes.get(i + 1)) {
        (Some(b'\n'), _) => Some((marker, i + 1)),
        (Some(b'\r'), Some(b'\n')) => Some((marker, i + 2)),
        _ => None,
    }
}

/// Rejects text nested deeper than `limit`, with a diagnostic naming the
/// limit. `offset` is where `text` starts in the file.
pub(super) fn check(
    text: &str,
    offset: usize,
    mode: Mode,
    limit: usize,
    file: &Arc<SourceFile>,
) -> Result<(), Diagnostics> {
    match scan(text, mode, limit).too_deep_at {
        None => Ok(()),
        Some(at) => Err(too_deep(offset + at, limit, file).into()),
    }
}

/// The diagnostic of nesting deeper than `limit` at `at`.
pub(super) fn too_deep(at: usize, limit: usize, file: &Arc<SourceFile>) -> Diagnostic {
    let at = at as u32;
    Diagnostic::error(
        "Nesting too deep",
        format!(
            "This expression or block is nested more than {limit} levels deep, the limit \
             (max_nesting_depth) for brackets, braces, parentheses, template sequences, \
             conditionals and blocks."
        ),
    )
    .with_subject(file, Span::new(at, at + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_in(text: &str, mode: Mode) -> Vec<Open> {
        scan(text, mode, 128)
            .open
            .into_iter()
            .map(|o| o.open)
            .collect()
    }

    fn open(text: &str) -> Vec<Open> {
        open_in(text, Mode::Body)
    }

    #[test]
    fn balanced_items_leave_nothing_open() {
        assert!(open("a = [1, (2), {b = \"}\"}]\n").is_empty());
        assert!(open("b \"x\" {\n  c = \"${d[0]}\"\n}\n").is_empty());
        assert!(open("h = <<EOT\n{ [ (\n  EOT\n").is_empty());
        assert!(open("c = 1 # {\n/* [ */\n").is_empty());
        assert!(open("c = a ? b : c ? d : e\n").is_empty());
        assert!(open("c = [a ? b : c, {k: d ? 1 : 2}]\n").is_empty());
        assert!(open_in("{ \" ( [ %{ if a ? b : c }", Mode::Template).is_empty());
    }

    #[test]
    fn reports_what_is_left_open() {
        assert_eq!(open("b {\n  c = 1\n"), vec![Open::Block]);
        assert_eq!(open("b {\n  c = {\n"), vec![Open::Block, Open::Object]);
        assert_eq!(open("b = {\n"), vec![Open::Object]);
        assert_eq!(open_in("{a = 1", Mode::Expression), vec![Open::Object]);
        assert_eq!(open("a = \"abc"), vec![Open::Quote]);
        assert_eq!(open("a = <<EOT\nabc\n"), vec![Open::Heredoc]);
        // The closing marker needs a line break after it.
        assert_eq!(open("a = <<EOT\nabc\nEOT"), vec![Open::Heredoc]);
        assert!(open("a = <<EOT\nabc\nEOT  \n").is_empty());
        assert_eq!(open("a = f(1, [2\n"), vec![Open::Paren, Open::Bracket]);
        assert_eq!(open("a = [x ? 1"), vec![Open::Bracket, Open::Conditional]);
        assert_eq!(open_in("a ${b", Mode::Template), vec![Open::Sequence]);
    }

    #[test]
    fn tracks_item_values() {
        let scan = scan("a = {k = 1, j", Mode::Body, 128);
        assert!(!scan.open[0].in_value);
        let scan = scan_of("a = {k = [1");
        assert!(scan.open[0].in_value);
    }

    fn scan_of(text: &str) -> Scan {
        scan(text, Mode::Body, 128)
    }

    #[test]
    fn finds_invalid_characters_outside_strings() {
        let first = |text: &str| scan(text, Mode::Body, 128).invalid;
        assert_eq!(first("a = 1;\n"), Some((5, 1, Invalid::Semicolon)));
        assert_eq!(first("a = \"x;\" # ;\n"), None);
        assert_eq!(first("a = b & c\n"), Some((6, 1, Invalid::Bitwise(b'&'))));
        assert_eq!(first("a = b && c || d\n"), None);
        assert_eq!(first("a = 2 ** 3\n"), Some((6, 2, Invalid::Exponent)));
        assert_eq!(first("a = \"${~ b ~}\"\n"), None);
        assert_eq!(first("a = “x”\n"), Some((4, 3, Invalid::CurlyQuote)));
        assert_eq!(first("a = café\n"), None);
        assert_eq!(first("a = $b\n"), Some((4, 1, Invalid::Other)));
    }

    #[test]
    fn counts_conditionals_towards_the_limit() {
        let deep = format!("a = {}1{}\n", "x ? ".repeat(200), " : 2".repeat(200));
        assert_eq!(
            scan(&deep, Mode::Body, 128).too_deep_at,
            Some(4 + 128 * 4 + 2)
        );
        let chain = format!("a = {}1\n", "x ? 1 : ".repeat(200));
        assert!(scan(&chain, Mode::Body, 128).too_deep_at.is_some());
        let flat = format!("a = [{}]\n", "x ? 1 : 2, ".repeat(200));
        assert_eq!(scan(&flat, Mode::Body, 128).too_deep_at, None);
        let lines = "a = x ? 1 : 2\n".repeat(200);
        assert_eq!(scan(&lines, Mode::Body, 128).too_deep_at, None);
    }

    #[test]
    fn stops_at_the_limit() {
        let deep = format!("a = {}1{}\n", "[".repeat(200), "]".repeat(200));
        assert_eq!(scan(&deep, Mode::Body, 128).too_deep_at, Some(4 + 128));
        assert_eq!(scan(&deep, Mode::Body, 300).too_deep_at, None);
        let strings = format!("a = \"{}\"\n", "[".repeat(500));
        assert_eq!(scan(&strings, Mode::Body, 128).too_deep_at, None);
    }
}
