//! A quick scan of the delimiters of an item, before pest sees it.
//!
//! pest recurses once per nesting level, so input nested deeper than the
//! limit must be rejected before parsing to keep the stack safe. The same
//! scan tells, after a failed parse, which delimiter was left open.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::span::{SourceFile, Span};

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
}

#[derive(Debug, Clone, Copy)]
struct Frame<'a> {
    open: Open,
    at: usize,
    /// For blocks: whether an attribute's expression is being scanned.
    in_attribute: bool,
    /// For heredocs: the closing marker.
    marker: &'a [u8],
}

/// The state after scanning: the delimiters still open, innermost last, and
/// the deepest nesting seen.
pub(super) struct Scan {
    pub(super) open: Vec<(Open, usize)>,
    pub(super) too_deep_at: Option<usize>,
    /// The first line break met inside a quoted string.
    pub(super) newline_in_quote: Option<usize>,
}

/// Scans `text` and reports the delimiters left open; stops early when the
/// nesting exceeds `limit`.
pub(super) fn scan(text: &str, limit: usize) -> Scan {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    let mut newline_in_quote = None;
    let get = |i: usize| bytes.get(i).copied().unwrap_or(0);
    while i < bytes.len() {
        if stack.len() > limit {
            return Scan {
                open: Vec::new(),
                too_deep_at: stack.last().map(|f| f.at),
                newline_in_quote,
            };
        }
        let c = get(i);
        let top = stack.last().map(|f| f.open);
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
                    push(&mut stack, Open::Sequence, i);
                    i += 2;
                }
                _ => i += 1,
            },
            Some(Open::Heredoc) => {
                if line_start {
                    let marker = stack.last().map_or(&[][..], |f| f.marker);
                    let mut j = i;
                    while matches!(get(j), b' ' | b'\t') {
                        j += 1;
                    }
                    if bytes.get(j..j + marker.len()) == Some(marker)
                        && matches!(get(j + marker.len()), b'\n' | b'\r' | 0)
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
                        push(&mut stack, Open::Sequence, i);
                        i += 2;
                    }
                    _ => i += 1,
                }
            }
            _ => {
                line_start = false;
                match c {
                    b'"' => push(&mut stack, Open::Quote, i),
                    b'#' => {
                        i = skip_line(bytes, i);
                        continue;
                    }
                    b'/' if get(i + 1) == b'/' => {
                        i = skip_line(bytes, i);
                        continue;
                    }
                    b'/' if get(i + 1) == b'*' => {
                        i = find(bytes, i + 2, b"*/").map_or(bytes.len(), |e| e + 2);
                        continue;
                    }
                    b'<' if get(i + 1) == b'<' => {
                        if let Some((marker, after)) = heredoc_marker(bytes, i + 2) {
                            stack.push(Frame {
                                open: Open::Heredoc,
                                at: i,
                                in_attribute: false,
                                marker,
                            });
                            i = after;
                            line_start = true;
                            continue;
                        }
                    }
                    b'(' => push(&mut stack, Open::Paren, i),
                    b'[' => push(&mut stack, Open::Bracket, i),
                    b'{' => {
                        let is_block = match stack.last() {
                            None => true,
                            Some(f) => f.open == Open::Block && !f.in_attribute,
                        };
                        push(
                            &mut stack,
                            if is_block { Open::Block } else { Open::Object },
                            i,
                        );
                    }
                    b')' | b']' | b'}' => {
                        stack.pop();
                    }
                    b'=' if get(i + 1) != b'=' && top == Some(Open::Block) => {
                        if let Some(f) = stack.last_mut() {
                            f.in_attribute = true;
                        }
                    }
                    b'\n' => {
                        if let Some(f) = stack.last_mut() {
                            f.in_attribute = false;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }
    let too_deep_at = (stack.len() > limit).then(|| stack.last().map_or(0, |f| f.at));
    Scan {
        open: stack.iter().map(|f| (f.open, f.at)).collect(),
        too_deep_at,
        newline_in_quote,
    }
}

fn push(stack: &mut Vec<Frame<'_>>, open: Open, at: usize) {
    stack.push(Frame {
        open,
        at,
        in_attribute: false,
        marker: &[],
    });
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
    limit: usize,
    file: &Arc<SourceFile>,
) -> Result<(), Diagnostics> {
    match scan(text, limit).too_deep_at {
        None => Ok(()),
        Some(at) => {
            let at = (offset + at) as u32;
            Err(Diagnostic::error(
                "Nesting too deep",
                format!(
                    "This expression or block is nested more than {limit} levels deep, the limit \
                     (max_nesting_depth) for brackets, braces, parentheses, template sequences \
                     and blocks."
                ),
            )
            .with_subject(file, Span::new(at, at + 1))
            .into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(text: &str) -> Vec<Open> {
        scan(text, 128).open.into_iter().map(|(o, _)| o).collect()
    }

    #[test]
    fn balanced_items_leave_nothing_open() {
        assert!(open("a = [1, (2), {b = \"}\"}]\n").is_empty());
        assert!(open("b \"x\" {\n  c = \"${d[0]}\"\n}\n").is_empty());
        assert!(open("h = <<EOT\n{ [ (\n  EOT\n").is_empty());
        assert!(open("c = 1 # {\n/* [ */\n").is_empty());
    }

    #[test]
    fn reports_what_is_left_open() {
        assert_eq!(open("b {\n  c = 1\n"), vec![Open::Block]);
        assert_eq!(open("b {\n  c = {\n"), vec![Open::Block, Open::Object]);
        assert_eq!(open("a = \"abc"), vec![Open::Quote]);
        assert_eq!(open("a = <<EOT\nabc\n"), vec![Open::Heredoc]);
        assert_eq!(open("a = f(1, [2\n"), vec![Open::Paren, Open::Bracket]);
    }

    #[test]
    fn stops_at_the_limit() {
        let deep = format!("a = {}1{}\n", "[".repeat(200), "]".repeat(200));
        assert_eq!(scan(&deep, 128).too_deep_at, Some(4 + 128));
        assert_eq!(scan(&deep, 300).too_deep_at, None);
        let strings = format!("a = \"{}\"\n", "[".repeat(500));
        assert_eq!(scan(&strings, 128).too_deep_at, None);
    }
}
