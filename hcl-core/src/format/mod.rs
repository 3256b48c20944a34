//! Formatting the native syntax in its canonical layout, the layout of the
//! reference implementation's `hclwrite.Format` (and so of
//! `terraform fmt`, which ends with it).
//!
//! The formatter reads the source as the crate's lexer gives it, token by
//! token, comments included, and changes only the spaces between tokens:
//! no token is added, removed or reordered, and line breaks stay where they
//! are. The rules:
//!
//! - **Indentation**: two spaces per level of nesting, counted per line:
//!   a line that opens more brackets (`{`, `[`, `(`, `${`, `%{`) than it
//!   closes indents the lines after it one level, whatever the number of
//!   brackets; the line that closes them comes back to the level of the
//!   line that opened them. Unbalanced lines (`[[` on one line, `]` and
//!   `]` on two) are matched by these counts, as the reference does.
//! - **Spaces within a line**: one space around binary operators, `=`,
//!   `?`, `:` and `=>`, after commas and inside braces (`{ a = 1 }`, but
//!   `{}`); none inside brackets and parentheses, before `(` of a call,
//!   before `[` of an index, around `.` and `::`, before `,` and `...`,
//!   after `!` and after a `-` that negates (one not preceded by something
//!   that ends an operand); none inside template text, whose literal parts
//!   are written as they are (`"${ a }"` becomes `"${a}"`).
//! - **Alignment**: on consecutive lines that each hold a whole attribute
//!   (`name = value` whose value ends on the line), the `=` signs line up
//!   one space after the longest name. A blank line, a line without such
//!   an attribute (a comment line, a block's brace) or an attribute whose
//!   value spans lines breaks the group. Likewise the `#` and `//`
//!   comments that end consecutive lines after some code line up one space
//!   after the longest code. Widths are counted in grapheme clusters.
//! - **Comments** stay on their lines, their text as it is, spaces at the
//!   end of a line comment included, as the reference keeps them
//!   ([`FormatOptions::trim_comment_spaces`] removes those). **Heredoc**
//!   contents and the text of quoted templates are never changed.
//! - **Trailing spaces** are removed from every line (except inside
//!   heredocs, template text and comments, where they are content), and at
//!   the end of the input. Line breaks (LF or CRLF) are kept; a byte order
//!   mark is dropped, as the reference's scanner drops it.
//!
//! Formatting is idempotent: formatting formatted text changes nothing.
//!
//! # Input with syntax errors
//!
//! Like the reference, the formatter does not parse: it formats whatever
//! tokens the input has, so a fragment or a file with syntax errors is
//! formatted too, by the same rules (the result may look odd where the
//! brackets do not balance). A tool that rewrites files should parse them
//! first and leave a file that does not parse untouched, as `hcl fmt` does:
//! formatting never turns a file that parses into one that does not, nor
//! changes what it means, but it cannot repair one.
//!
//! # Where the layout differs from the reference's
//!
//! - Spaces at the end of a line comment and at the end of the input are
//!   removed (the reference keeps both).
//! - Two tokens that would read as others once joined keep a space:
//!   `1. 5` and `a.0. 1` (joined, the digits would be one number, and an
//!   index a number literal: the reference joins them, changing what the
//!   file means), and in input that does not parse, `. ...`, `! =`,
//!   `~ }` and the like. This keeps formatting idempotent on any input.
//! - To keep the output linear in the input whatever the input,
//!   indentation stops growing at
//!   [`FormatOptions::max_indent_depth`] levels, and a line whose `=` or
//!   comment would stand beyond [`FormatOptions::max_align_column`]
//!   columns takes no part in alignment (it keeps one space; the others
//!   align among themselves). Both defaults are far beyond real files.
//! - Input larger than 4 GiB, beyond the byte offsets of tokens, is
//!   returned unchanged.
//!
//! # Real-world files
//!
//! Over the 1392 real-world files of the tests' corpus
//! (`tests/format_corpus.rs`), 83 % of the `.tf` files, which their
//! projects format with `terraform fmt`, come out unchanged, and 70 % of
//! all files. The others were never formatted this way (Packer, Nomad and
//! test files with unaligned `=`, tab indentation, `[ "a" ]`, `x=1`), but
//! for five whose line comments end with spaces. No file changes its
//! syntax tree, positions aside.

mod spacing;
#[cfg(test)]
mod tests;

use crate::lexer::{Lexer, Start, TokenKind};
use spacing::{bracket_change, must_stay_apart, space_after, Seen};
use unicode_segmentation::UnicodeSegmentation;

/// Bounds on the layout, which keep the output of hostile input linear in
/// its size.
///
/// # Examples
///
/// ```
/// use hcl_core::{format_with, FormatOptions};
///
/// let options = FormatOptions { max_indent_depth: 1, ..FormatOptions::default() };
/// assert_eq!(format_with("a {\nb {\nc = 1\n}\n}\n", &options), "a {\n  b {\n  c = 1\n  }\n}\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatOptions {
    /// The deepest indentation, in levels (of two spaces); lines nested
    /// deeper are indented as much. Default 128, the parser's
    /// [`Limits::max_nesting_depth`](crate::Limits::max_nesting_depth).
    pub max_indent_depth: usize,
    /// The farthest column at which `=` signs and line comments are
    /// aligned; a line that would need more takes no part in its group's
    /// alignment. Default 200.
    pub max_align_column: usize,
    /// Whether the spaces and tabs that end a line comment (`# note   `)
    /// are removed. Default `false`: the reference's `hclwrite.Format`
    /// (and so `terraform fmt`) keeps them as part of the comment.
    ///
    /// ```
    /// use hcl_core::{format_with, FormatOptions};
    ///
    /// assert_eq!(hcl_core::format("a = 1 # one  \n"), "a = 1 # one  \n");
    /// let trim = FormatOptions { trim_comment_spaces: true, ..FormatOptions::default() };
    /// assert_eq!(format_with("a = 1 # one  \n", &trim), "a = 1 # one\n");
    /// ```
    pub trim_comment_spaces: bool,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions {
            max_indent_depth: crate::Limits::default().max_nesting_depth,
            max_align_column: 200,
            trim_comment_spaces: false,
        }
    }
}

/// Formats native-syntax source in the canonical layout (see the
/// [module documentation](mod@crate::format) for the rules), with the default
/// [`FormatOptions`].
///
/// The source need not parse: its tokens are formatted whatever they are.
///
/// # Examples
///
/// ```
/// let source = "service \"web\" {\nport=8080\n# the image\nimage = \"nginx\" # pinned below\ntags = [ \"a\",\"b\" ]\n}\n";
/// assert_eq!(
///     hcl_core::format(source),
///     "service \"web\" {\n  port = 8080\n  # the image\n  image = \"nginx\" # pinned below\n  tags  = [\"a\", \"b\"]\n}\n",
/// );
/// ```
pub fn format(source: &str) -> String {
    format_with(source, &FormatOptions::default())
}

/// Formats native-syntax source in the canonical layout with the given
/// bounds; see [`format()`].
///
/// # Examples
///
/// ```
/// use hcl_core::{format_with, FormatOptions};
///
/// let source = "a = 1\nbb = 2\n";
/// assert_eq!(format_with(source, &FormatOptions::default()), "a  = 1\nbb = 2\n");
/// let narrow = FormatOptions { max_align_column: 1, ..FormatOptions::default() };
/// assert_eq!(format_with(source, &narrow), "a = 1\nbb = 2\n");
/// ```
pub fn format_with(source: &str, options: &FormatOptions) -> String {
    if u32::try_from(source.len()).is_err() {
        return source.to_owned();
    }
    let bom = if source.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let mut tokens = lex(source, bom);
    let lines = split_lines(source, &tokens);
    indent(&mut tokens, &lines, options.max_indent_depth);
    space(source, &mut tokens, &lines);
    align(source, &mut tokens, &lines, options.max_align_column);
    write(source, &tokens, options.trim_comment_spaces)
}

/// A token and the spaces to write before it.
#[derive(Debug, Clone, Copy)]
struct Tok {
    kind: TokenKind,
    start: u32,
    end: u32,
    spaces: u32,
}

impl Tok {
    fn text<'a>(&self, source: &'a str) -> &'a str {
        source
            .get(self.start as usize..self.end as usize)
            .unwrap_or_default()
    }

    fn seen(&self, source: &str) -> Seen {
        Seen {
            kind: self.kind,
            is_in: self.kind == TokenKind::Ident && self.text(source) == "in",
        }
    }
}

/// A line of tokens, `start..end`, in up to three cells: the lead
/// (`start..assign`), an attribute's `=` and value (`assign..comment`) and
/// a comment after code (`comment..end`); absent cells are empty.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    assign: usize,
    comment: usize,
    end: usize,
}

impl Line {
    fn has_assign(&self) -> bool {
        self.assign < self.comment
    }

    fn has_comment(&self) -> bool {
        self.comment < self.end
    }
}

fn lex(source: &str, from: usize) -> Vec<Tok> {
    let mut lexer = Lexer::new(source, from, Start::Code);
    let mut tokens = Vec::with_capacity(source.len() / 4 + 1);
    loop {
        let token = lexer.next_token();
        if token.kind == TokenKind::Eof {
            return tokens;
        }
        tokens.push(Tok {
            kind: token.kind,
            start: token.span.start,
            end: token.span.end,
            spaces: 0,
        });
    }
}

/// Whether a token ends its line: a line break, or a line comment (which
/// includes its line break).
fn ends_line(token: &Tok, source: &str) -> bool {
    match token.kind {
        TokenKind::Newline => true,
        TokenKind::Comment => token.text(source).ends_with('\n'),
        _ => false,
    }
}

fn split_lines(source: &str, tokens: &[Tok]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, token) in tokens.iter().enumerate() {
        if ends_line(token, source) {
            lines.push(cells(tokens, start, i + 1));
            start = i + 1;
        }
    }
    lines.push(cells(tokens, start, tokens.len()));
    lines
}

/// Splits the line `start..end` into its cells.
fn cells(tokens: &[Tok], start: usize, end: usize) -> Line {
    let line = tokens.get(start..end).unwrap_or_default();
    let mut lead_end = end;
    if line.len() > 1 && line.last().is_some_and(|t| t.kind == TokenKind::Comment) {
        lead_end = end - 1;
    }
    let mut assign = lead_end;
    let lead = tokens.get(start..lead_end).unwrap_or_default();
    if let Some(at) = lead.iter().skip(1).position(|t| t.kind == TokenKind::Equal) {
        let at = at + 1;
        let rest = lead.get(at..).unwrap_or_default();
        // Only a value that ends on this line makes an attribute to align.
        if rest.iter().map(|t| bracket_change(t.kind)).sum::<i64>() == 0 {
            assign = start + at;
        }
    }
    Line {
        start,
        assign,
        comment: lead_end,
        end,
    }
}

fn set_spaces(tokens: &mut [Tok], at: usize, spaces: usize) {
    if let Some(token) = tokens.get_mut(at) {
        token.spaces = u32::try_from(spaces).unwrap_or(u32::MAX);
    }
}

/// Sets the indentation of each line from the brackets the lines before
/// it open and close.
fn indent(tokens: &mut [Tok], lines: &[Line], max_depth: usize) {
    // The net number of brackets each open indentation level opened.
    let mut levels: Vec<i64> = Vec::new();
    for line in lines {
        let Some(first) = tokens.get(line.start).filter(|_| line.start < line.end) else {
            continue;
        };
        if first.kind == TokenKind::Newline {
            set_spaces(tokens, line.start, 0);
            continue;
        }
        let mut net = 0;
        for token in tokens.get(line.start..line.assign).unwrap_or_default() {
            net += bracket_change(token.kind);
            if token.kind == TokenKind::OHeredoc {
                break;
            }
        }
        for token in tokens.get(line.assign..line.comment).unwrap_or_default() {
            net += bracket_change(token.kind);
        }
        let depth = levels.len();
        if net > 0 {
            levels.push(net);
        } else if net < 0 {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = levels.last_mut() else {
                    break;
                };
                if closed >= *top {
                    closed -= *top;
                    levels.pop();
                } else {
                    *top -= closed;
                    closed = 0;
                }
            }
        }
        // A line that opens keeps the level it starts at; one that closes
        // takes the level it ends at.
        let level = if net > 0 { depth } else { levels.len() };
        set_spaces(tokens, line.start, 2 * level.min(max_depth));
    }
}

/// Sets the spaces between the tokens of each cell.
fn space(source: &str, tokens: &mut [Tok], lines: &[Line]) {
    for line in lines {
        space_cell(source, tokens, line.start, line.assign);
        if line.has_assign() {
            // The first token of an attribute's cell is its `=`, after a
            // space (which alignment may widen).
            set_spaces(tokens, line.assign, 1);
            space_cell(source, tokens, line.assign, line.comment);
        }
    }
}

fn space_cell(source: &str, tokens: &mut [Tok], start: usize, end: usize) {
    let mut before = None;
    for i in start..end.saturating_sub(1) {
        let (Some(subject), Some(after)) = (tokens.get(i), tokens.get(i + 1)) else {
            break;
        };
        let spaced = space_after(subject.seen(source), before, after.kind)
            || must_stay_apart(
                before,
                (subject.kind, subject.text(source)),
                (after.kind, after.text(source)),
            );
        before = Some(subject.kind);
        set_spaces(tokens, i + 1, usize::from(spaced));
    }
}

/// The width of tokens as written, in grapheme clusters.
fn columns(source: &str, tokens: &[Tok]) -> usize {
    tokens
        .iter()
        .map(|t| {
            let text = t.text(source);
            let width = if text.is_ascii() {
                text.len() - text.matches("\r\n").count()
            } else {
                text.graphemes(true).count()
            };
            t.spaces as usize + width
        })
        .sum()
}

/// Aligns the `=` of consecutive attributes, then the comments that end
/// consecutive lines.
fn align(source: &str, tokens: &mut [Tok], lines: &[Line], max_column: usize) {
    let lead_width = |tokens: &[Tok], line: &Line| {
        columns(
            source,
            tokens.get(line.start..line.assign).unwrap_or_default(),
        )
    };
    align_groups(
        tokens,
        lines,
        max_column,
        Line::has_assign,
        |line| line.assign,
        lead_width,
    );
    align_groups(
        tokens,
        lines,
        max_column,
        Line::has_comment,
        |line| line.comment,
        |tokens, line| {
            columns(
                source,
                tokens.get(line.start..line.comment).unwrap_or_default(),
            )
        },
    );
}

/// Pads the token at `cell(line)` of each run of consecutive lines that
/// `member` selects so that they all stand one column after the widest
/// `width` before them (among those within `max_column`).
fn align_groups(
    tokens: &mut [Tok],
    lines: &[Line],
    max_column: usize,
    member: impl Fn(&Line) -> bool,
    cell: impl Fn(&Line) -> usize,
    width: impl Fn(&[Tok], &Line) -> usize,
) {
    let mut widths = Vec::with_capacity(lines.len());
    let mut group = 0;
    for (i, line) in lines.iter().enumerate() {
        if member(line) {
            if widths.is_empty() {
                group = i;
            }
            widths.push(width(tokens, line));
        }
        let ends = lines.get(i + 1).is_none_or(|next| !member(next));
        if !ends || widths.is_empty() {
            continue;
        }
        let widest = widths
            .iter()
            .copied()
            .filter(|&w| w < max_column)
            .max()
            .unwrap_or(0);
        for (line, &w) in lines.get(group..=i).unwrap_or_default().iter().zip(&widths) {
            let pad = if w < max_column { widest - w + 1 } else { 1 };
            set_spaces(tokens, cell(line), pad);
        }
        widths.clear();
    }
}

/// Writes the tokens with their spaces (a byte order mark, before the
/// first token, is not written).
fn write(source: &str, tokens: &[Tok], trim_comment_spaces: bool) -> String {
    let mut out = String::with_capacity(source.len() + source.len() / 8);
    const SPACES: &str = "                                                                ";
    for token in tokens {
        let mut spaces = token.spaces as usize;
        while spaces > 0 {
            let run = spaces.min(SPACES.len());
            out.push_str(SPACES.get(..run).unwrap_or_default());
            spaces -= run;
        }
        let text = token.text(source);
        if trim_comment_spaces && token.kind == TokenKind::Comment && text.ends_with('\n') {
            let body = text.trim_end_matches(['\n', '\r']);
            out.push_str(body.trim_end_matches([' ', '\t']));
            out.push_str(text.get(body.len()..).unwrap_or_default());
        } else {
            out.push_str(text);
        }
    }
    out
}
