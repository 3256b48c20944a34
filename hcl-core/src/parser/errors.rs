//! Syntax error diagnostics: pest reports where it stopped and which rules
//! it tried; this module says what went wrong in a config author's words,
//! with the summaries and subjects of the reference implementation.
//!
//! As in the reference, a character that starts no token, or a quoted
//! string split over lines, is reported before any other problem. Then the
//! innermost delimiter open where the parse stopped picks the wording: an
//! object's items, a tuple's items, a call's arguments, a template
//! sequence, a block's items...

use std::sync::Arc;

use pest::error::{Error, ErrorVariant, InputLocation};
use pest::Parser as _;

use super::depth::{self, Invalid, Mode, Open, Opened, Scan};
use super::grammar::{HclParser, Rule};
use crate::diagnostic::Diagnostic;
use crate::span::{SourceFile, Span};

/// The diagnostic for a failed parse of `text`, which starts at `offset` in
/// the file and is parsed as `mode` says.
pub(super) fn syntax_error(
    err: &Error<Rule>,
    text: &str,
    offset: usize,
    file: &Arc<SourceFile>,
    mode: Mode,
) -> Diagnostic {
    let at = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let at = at.min(text.len());
    let site = Site {
        text,
        offset,
        file,
        mode,
        at,
        before: depth::scan(text.get(..at).unwrap_or(text), mode, usize::MAX),
        expects_expression: expects_expression(err),
    };
    if let ErrorVariant::CustomError { .. } = err.variant {
        return site.stack_exhausted();
    }
    site.diagnose()
}

/// Where a parse failed, and what was open there.
struct Site<'a> {
    text: &'a str,
    offset: usize,
    file: &'a Arc<SourceFile>,
    mode: Mode,
    /// The byte offset in `text` where pest stopped.
    at: usize,
    /// The scan of the text before `at`.
    before: Scan,
    /// Whether pest wanted the start of an expression at `at`.
    expects_expression: bool,
}

impl Site<'_> {
    fn diagnose(&self) -> Diagnostic {
        if let Some(diag) = self.lexical() {
            return diag;
        }
        if let Some(diag) = self.unclosed_comment() {
            return diag;
        }
        let innermost = self.before.innermost();
        let kind = innermost.map(|o| o.open);
        if self.mode == Mode::Body && matches!(kind, None | Some(Open::Block)) {
            if let Some(diag) = self.body_item(innermost) {
                return diag;
            }
        }
        if let Some(diag) = self.expanded_argument() {
            return diag;
        }
        if let Some(diag) = self.missing_false_result() {
            return diag;
        }
        if let Some(diag) = self.attribute_name() {
            return diag;
        }
        if let Some(diag) = self.heredoc_opener() {
            return diag;
        }
        let Some(open) = innermost else {
            if self.mode == Mode::Expression && !self.expects_expression {
                return self.error(
                    "Extra characters after expression",
                    "An expression was successfully parsed, but extra characters were found \
                     after it.",
                    self.token(),
                );
            }
            return self.expression_error();
        };
        match open.open {
            Open::Object | Open::Bracket if self.starts_with_for(open) => self.for_expression(open),
            Open::Object => self.object(open),
            Open::Bracket => self.bracket(open),
            Open::Paren => self.paren(open),
            Open::Sequence => self.sequence(open),
            Open::Quote | Open::Heredoc if self.at_eof() || self.never_closed(open) => self.error(
                "Unterminated template string",
                "No closing marker was found for the string.",
                self.eof(),
            ),
            Open::Quote if self.rest().starts_with("${") || self.rest().starts_with("%{") => {
                // Only block labels are quoted strings that pest can stop in.
                self.error(
                    "Invalid string literal",
                    "Template sequences are not allowed in this string. To include a literal \
                     \"$\", double it (as \"$$\") to escape it.",
                    self.span(self.at, self.at + 2),
                )
            }
            _ => self.expression_error(),
        }
    }

    // ------------------------------------------------------------ helpers

    fn error(&self, summary: &str, detail: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::error(summary, detail).with_subject(self.file, span)
    }

    /// A span of `text`, as file offsets.
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new((self.offset + start) as u32, (self.offset + end) as u32)
    }

    /// Whether the delimiter `open` is still open at the end of the text.
    fn never_closed(&self, open: Opened) -> bool {
        depth::scan(self.text, self.mode, usize::MAX)
            .open
            .iter()
            .any(|o| o.at == open.at)
    }

    /// The text from `at`.
    fn rest(&self) -> &str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// The empty span at the end of the text.
    fn eof(&self) -> Span {
        self.span(self.text.len(), self.text.len())
    }

    /// Whether newlines are tokens where the parse stopped: between the
    /// items of a body or an object, not inside brackets.
    fn newlines_matter(&self) -> bool {
        match self.before.innermost().map(|o| o.open) {
            None => self.mode == Mode::Body,
            Some(open) => matches!(open, Open::Block | Open::Object),
        }
    }

    /// The offset of the token at `at`, after spaces and comments (and
    /// newlines, where they are not tokens).
    fn token_start(&self) -> usize {
        skip_blanks(self.text, self.at, !self.newlines_matter())
    }

    /// Whether nothing but blanks follows `at`.
    fn at_eof(&self) -> bool {
        self.token_start() >= self.text.len()
    }

    /// The span of the token at `at`, or the end of the text.
    fn token(&self) -> Span {
        let start = self.token_start();
        self.span(start, start + token_len(self.text, start))
    }

    /// The token at `at`, in words.
    fn found(&self) -> String {
        let start = self.token_start();
        let rest = self.text.get(start..).unwrap_or("");
        match rest.chars().next() {
            None => "the end of the file".to_owned(),
            Some('\n' | '\r') => "a newline".to_owned(),
            Some(_) => format!(
                "\"{}\"",
                rest.get(..token_len(self.text, start)).unwrap_or("")
            ),
        }
    }

    /// `end`, moved back over the blanks before it.
    fn offset_trimmed(&self, end: usize) -> usize {
        self.text.get(..end).map_or(end, |t| t.trim_end().len())
    }

    /// The last character before `at` that is not blank.
    fn previous(&self) -> Option<(usize, char)> {
        let before = self.text.get(..self.at)?;
        before
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_whitespace())
    }

    /// "Missing expression" at the end of the text, or "Invalid expression"
    /// at the token where one should start.
    fn expression_error(&self) -> Diagnostic {
        if !self.expects_expression {
            return self.unexpected();
        }
        if self.at_eof() {
            return self.error(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                self.eof(),
            );
        }
        self.error(
            "Invalid expression",
            format!(
                "Expected the start of an expression, but found {}.",
                self.found()
            ),
            self.token(),
        )
    }

    /// Anything else: what was expected and what was found.
    fn unexpected(&self) -> Diagnostic {
        let span = if self.at_eof() {
            self.eof()
        } else {
            self.token()
        };
        self.error(
            "Invalid syntax",
            format!("Found {}, which is not valid here.", self.found()),
            span,
        )
    }

    /// pest gave up (its call limit or stack guard, when enabled) below
    /// the nesting limit.
    fn stack_exhausted(&self) -> Diagnostic {
        let span = self.span(self.at, self.at + token_len(self.text, self.at));
        self.error(
            "Nesting too deep",
            "This expression or block is nested too deeply for the parser. Reduce the nesting, \
             or lower the limit (max_nesting_depth) so that such input is rejected before \
             parsing.",
            span,
        )
    }

    // ------------------------------------------------------------ lexical

    /// The first character that starts no token, or the first quoted
    /// string that runs into a line break, anywhere from the start of the
    /// item: the reference reports these before any other problem.
    fn lexical(&self) -> Option<Diagnostic> {
        let scan = depth::scan(self.text, self.mode, usize::MAX);
        let newline = scan.newline_in_quote;
        let invalid = scan.invalid;
        match (newline, invalid) {
            (Some(n), Some((i, _, _))) if n < i => Some(self.multi_line_string(n)),
            (_, Some((i, len, kind))) => Some(self.invalid_character(i, len, kind)),
            (Some(n), None) => Some(self.multi_line_string(n)),
            (None, None) => None,
        }
    }

    fn multi_line_string(&self, at: usize) -> Diagnostic {
        self.error(
            "Invalid multi-line string",
            "Quoted strings may not be split over multiple lines. To produce a multi-line \
             string, either use the \\n escape to represent a newline character or use the \
             \"heredoc\" multi-line template syntax.",
            self.span(at, at + 1),
        )
    }

    fn invalid_character(&self, at: usize, len: usize, kind: Invalid) -> Diagnostic {
        let span = self.span(at, at + len);
        let (summary, detail) = match kind {
            Invalid::Backtick => (
                "Invalid character",
                "The \"`\" character is not valid. To create a multi-line string, use the \
                 \"heredoc\" syntax, like \"<<EOT\".",
            ),
            Invalid::Apostrophe => (
                "Invalid character",
                "Single quotes are not valid. Use double quotes (\") to enclose strings.",
            ),
            Invalid::Semicolon => (
                "Invalid character",
                "The \";\" character is not valid. Use newlines to separate arguments and \
                 blocks, and commas to separate items in collection values.",
            ),
            Invalid::CurlyQuote => (
                "Invalid character",
                "\"Curly quotes\" are not valid here. These can sometimes be inadvertently \
                 introduced when sharing code via documents or discussion forums. It might help \
                 to replace the character with a \"straight quote\".",
            ),
            Invalid::Bitwise(b'&') => (
                "Unsupported operator",
                "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?",
            ),
            Invalid::Bitwise(b'|') => (
                "Unsupported operator",
                "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?",
            ),
            Invalid::Bitwise(b'~') => (
                "Unsupported operator",
                "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?",
            ),
            Invalid::Bitwise(_) => (
                "Unsupported operator",
                "Bitwise operators are not supported.",
            ),
            Invalid::Exponent => (
                "Unsupported operator",
                "\"**\" is not a supported operator. Exponentiation is not supported as an \
                 operator.",
            ),
            Invalid::Other => (
                "Invalid character",
                "This character is not used within the language.",
            ),
        };
        self.error(summary, detail, span)
    }

    // ----------------------------------------------------------- body items

    /// Problems with an attribute or block, rather than inside an
    /// expression. `innermost` is the enclosing block, if any.
    fn body_item(&self, innermost: Option<Opened>) -> Option<Diagnostic> {
        if self.at_eof() && !self.expects_expression {
            if let Some(block) = innermost {
                return Some(self.unclosed_block(block.at));
            }
        }
        if let Some(diag) = self.missing_newline(innermost) {
            return Some(diag);
        }
        if let Some(diag) = self.missing_newline_after_block() {
            return Some(diag);
        }
        if let Some(block) = innermost {
            let brace = block.at;
            if !self.text.get(brace..self.at)?.contains('\n') {
                return self.single_line_block(brace);
            }
        }
        let line_start = self.line_start(self.at);
        let line_before = self.text.get(line_start..self.at)?;
        let rest = self.text.get(self.at..)?;
        // A closing brace at the start of a line ends a block.
        let closes = rest.starts_with('}') && innermost.is_some();
        if line_before.trim().is_empty()
            && !rest.is_empty()
            && !closes
            && !rest.starts_with(['\n', '\r'])
        {
            if rest.starts_with('"') {
                return Some(self.error(
                    "Invalid argument name",
                    "Argument names must not be quoted.",
                    self.token(),
                ));
            }
            return Some(self.error(
                "Argument or block definition required",
                "An argument or block definition is required here.",
                self.token(),
            ));
        }
        self.block_header(line_start)
    }

    /// The offset where the line holding `pos` starts.
    fn line_start(&self, pos: usize) -> usize {
        self.text
            .get(..pos)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1)
    }

    /// `a = 1 b = 2`: a complete attribute followed by more on its line. The
    /// attribute may start some lines before the error.
    fn missing_newline(&self, innermost: Option<Opened>) -> Option<Diagnostic> {
        const LINES_BACK: usize = 200;
        let mut line_start = self.line_start(self.at);
        for _ in 0..LINES_BACK {
            if let Some(diag) = self.attribute_then_garbage(line_start, innermost) {
                return Some(diag);
            }
            if line_start == 0 {
                break;
            }
            line_start = self.line_start(line_start - 1);
        }
        None
    }

    fn attribute_then_garbage(
        &self,
        line_start: usize,
        innermost: Option<Opened>,
    ) -> Option<Diagnostic> {
        let text = self.text;
        let line = text.get(line_start..)?;
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let start = line_start + indent;
        let head = HclParser::parse(Rule::attribute_head, text.get(start..)?).ok()?;
        let end = start + head.last()?.as_span().end();
        let next = skip_blanks(text, end, false);
        if next > self.at || text.get(next..self.at).is_some_and(|s| s.contains('\n')) {
            return None;
        }
        let rest = text.get(next..)?;
        let c = rest.chars().next()?;
        if matches!(c, '\n' | '\r' | '?') || starts_with_binary_operator(rest) {
            return None;
        }
        // A single-line block ends right after its attribute.
        if c == '}' {
            if let Some(block) = innermost {
                if !text.get(block.at..next)?.contains('\n') {
                    return None;
                }
            }
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
        Some(self.error(
            summary,
            detail,
            self.span(next, next + token_len(text, next)),
        ))
    }

    /// `b {}x = 1`: more after a block's closing brace on its line.
    fn missing_newline_after_block(&self) -> Option<Diagnostic> {
        let (brace, c) = self.previous()?;
        if c != '}' || self.text.get(brace..self.at)?.contains('\n') {
            return None;
        }
        let scan = depth::scan(self.text.get(..brace)?, self.mode, usize::MAX);
        if scan.open.last().map(|o| o.open) != Some(Open::Block) {
            return None;
        }
        let next = self.token_start();
        if matches!(
            self.text.get(next..)?.chars().next(),
            None | Some('\n' | '\r')
        ) {
            return None;
        }
        Some(self.error(
            "Missing newline after block definition",
            "A block definition must end with a newline.",
            self.token(),
        ))
    }

    /// `b { a = 1 }`, a block on one line, holds one attribute at most.
    fn single_line_block(&self, brace: usize) -> Option<Diagnostic> {
        let text = self.text;
        let body_start = skip_blanks(text, brace + 1, false);
        let at_token = self.token();
        let first_len = token_len(text, body_start);
        let after_first = skip_blanks(text, body_start + first_len, false);
        let next = text.get(after_first..)?;
        if starts_identifier(text.get(body_start..)?) && !next.starts_with('=') {
            // A name without `=`: a nested block, or a mistake.
            let name = self.span(body_start, body_start + first_len);
            if next.starts_with(['{', '"']) || starts_identifier(next) {
                let word = text.get(body_start..body_start + first_len)?;
                let next_span = self.span(after_first, after_first + token_len(text, after_first));
                return Some(self.error(
                    "Argument definition required",
                    format!(
                        "A single-line block definition can contain only a single argument. If \
                         you meant to define argument \"{word}\", use an equals sign to assign it \
                         a value. To define a nested block, place it on a line of its own within \
                         its parent block."
                    ),
                    name.to(next_span),
                ));
            }
            return Some(self.error(
                "Argument or block definition required",
                "An argument or block definition is required here. To set an argument, use the \
                 equals sign \"=\" to introduce the argument value.",
                name,
            ));
        }
        if body_start >= self.at {
            if self.at_eof() {
                return Some(self.unclosed_block(brace));
            }
            return Some(self.error(
                "Argument or block definition required",
                "An argument or block definition is required here.",
                at_token,
            ));
        }
        // After a complete attribute, only the closing brace may follow.
        let head = HclParser::parse(Rule::attribute_head, self.text.get(body_start..)?).ok()?;
        let end = body_start + head.last()?.as_span().end();
        if skip_blanks(self.text, end, false) != self.token_start() {
            return None;
        }
        if self.at_eof() {
            return Some(self.unclosed_block(brace));
        }
        let detail = match self.text.get(self.token_start()..)?.chars().next()? {
            ',' => {
                "Single-line block syntax can include only one argument definition. To define \
                 multiple arguments, use the multi-line block syntax with one argument \
                 definition per line."
            }
            '\n' | '\r' => {
                "An argument definition on the same line as its containing block creates a \
                 single-line block definition, which must also be closed on the same line. Place \
                 the block's closing brace immediately after the argument definition."
            }
            _ => {
                "A single-line block definition must end with a closing brace immediately after \
                 its single argument definition."
            }
        };
        Some(self.error("Invalid single-argument block definition", detail, at_token))
    }

    fn unclosed_block(&self, brace: usize) -> Diagnostic {
        self.error(
            "Unclosed configuration block",
            "There is no closing brace for this block before the end of the file. This may be \
             caused by incorrect brace nesting elsewhere in this file.",
            self.span(brace, brace + 1),
        )
    }

    /// Problems in a block header: `=` after labels, a brace on the next
    /// line, a name followed by neither `=` nor a block.
    fn block_header(&self, line_start: usize) -> Option<Diagnostic> {
        let text = self.text;
        let head = text.get(line_start..self.at)?;
        if head.contains(['{', '=', '(', '[', '.']) || !starts_identifier(head.trim_start()) {
            return None;
        }
        let rest = text.get(self.at..)?;
        let c = rest.chars().next()?;
        let quoted = rest.get(1..).and_then(|r| r.split(['"', '\n']).next());
        let sequence =
            quoted.and_then(|q| [q.find("${"), q.find("%{")].into_iter().flatten().min());
        if let (Some(i), '"') = (sequence, c) {
            let start = self.at + 1 + i;
            return Some(self.error(
                "Invalid string literal",
                "Template sequences are not allowed in this string. To include a literal \"$\", \
                 double it (as \"$$\") to escape it.",
                self.span(start, start + 2),
            ));
        }
        let name_start = skip_blanks(text, line_start, false);
        let name_len = token_len(text, name_start);
        if head.trim().len() == name_len {
            // Only the name: neither an argument nor a block follows.
            return Some(self.error(
                "Argument or block definition required",
                "An argument or block definition is required here. To set an argument, use the \
                 equals sign \"=\" to introduce the argument value.",
                self.span(name_start, name_start + name_len),
            ));
        }
        let detail = match c {
            '=' => {
                "The equals sign \"=\" indicates an argument definition, and must not be used \
                 when defining a block."
            }
            '\n' | '\r' => {
                "A block definition must have block content delimited by \"{\" and \"}\", \
                 starting on the same line as the block header."
            }
            _ => "Either a quoted string block label or an opening brace (\"{\") is expected here.",
        };
        Some(self.error(
            "Invalid block definition",
            detail,
            self.span(self.at, self.at + token_len(text, self.at).max(1)),
        ))
    }

    // ---------------------------------------------------------- expressions

    /// `/*` without its `*/` is no comment: a division, then a `*`.
    fn unclosed_comment(&self) -> Option<Diagnostic> {
        let rest = self.text.get(self.token_start()..)?;
        if !rest.starts_with("/*") || rest.contains("*/") {
            return None;
        }
        let star = self.token_start() + 1;
        Some(self.error(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            self.span(star, star + 1),
        ))
    }

    /// `f(a..., b)`: the expanded argument must be the last.
    fn expanded_argument(&self) -> Option<Diagnostic> {
        let open = self.before.innermost()?;
        if open.open != Open::Paren || !self.is_call(open) {
            return None;
        }
        let from = self.at.saturating_sub(3);
        let window = self.text.get(from..(self.at + 3).min(self.text.len()))?;
        let dots = from + window.find("...")?;
        if dots > self.at || self.at > dots + 3 {
            return None;
        }
        let after = skip_blanks(self.text, dots + 3, true);
        if self.text.get(after..)?.starts_with(')') {
            return None;
        }
        Some(self.error(
            "Missing closing parenthesis",
            "An expanded function argument (with ...) must be immediately followed by closing \
             parentheses.",
            self.span(dots, dots + 3),
        ))
    }

    /// The start of the function name before a `(`, if it is a call.
    fn call_name(&self, open: Opened) -> Option<usize> {
        let before = self.text.get(..open.at)?.trim_end_matches([' ', '\t']);
        let name = before.len()
            - before
                .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == ':')
                .len();
        let start = before.len() - name;
        (name > 0 && starts_identifier(before.get(start..)?)).then_some(start)
    }

    fn is_call(&self, open: Opened) -> bool {
        self.call_name(open).is_some()
    }

    /// `a ? b` without its `:`.
    fn missing_false_result(&self) -> Option<Diagnostic> {
        let top = self.before.open.last()?;
        if top.open != Open::Conditional || top.in_value || self.expects_expression {
            return None;
        }
        let span = if self.at_eof() {
            self.eof()
        } else {
            self.token()
        };
        Some(self.error(
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a \
             colon.",
            span,
        ))
    }

    /// `a.` followed by no name.
    fn attribute_name(&self) -> Option<Diagnostic> {
        let (dot, c) = self.previous()?;
        let rest = self.text.get(self.token_start()..)?;
        if self.text.get(..=dot).is_some_and(|t| t.ends_with("..")) {
            return None;
        }
        if c != '.'
            || starts_identifier(rest)
            || rest.starts_with(|c: char| c.is_ascii_digit() || c == '*')
        {
            return None;
        }
        let span = if self.at_eof() {
            self.eof()
        } else {
            self.token()
        };
        Some(self.error(
            "Invalid attribute name",
            "An attribute name is required after a dot.",
            span,
        ))
    }

    /// `<<` that starts no heredoc: no marker, or no line break after it.
    fn heredoc_opener(&self) -> Option<Diagnostic> {
        let before = self.text.get(..self.at)?.trim_end_matches([' ', '\t']);
        let before = before.strip_suffix('-').unwrap_or(before);
        let name_len = before.len()
            - before
                .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
                .len();
        let opener = before.len().checked_sub(name_len)?.checked_sub(2)?;
        if !self.text.get(opener..)?.starts_with("<<") {
            return None;
        }
        // Without a line break after its marker, `<<` is no heredoc.
        Some(self.error(
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            self.span(opener, opener + 1),
        ))
    }

    /// Whether a bracket or brace opens a `for` expression.
    fn starts_with_for(&self, open: Opened) -> bool {
        let start = skip_blanks(self.text, open.at + 1, true);
        self.text.get(start..).is_some_and(|rest| {
            rest.starts_with("for") && !starts_identifier(rest.get(3..).unwrap_or(""))
        })
    }

    fn for_expression(&self, open: Opened) -> Diagnostic {
        if self.expects_expression {
            return self.expression_error();
        }
        let span = if self.at_eof() {
            self.eof()
        } else {
            self.token()
        };
        let inside = self.text.get(open.at + 1..self.at).unwrap_or("");
        let colon = top_level_colon(inside);
        let detail = if let Some(colon) = colon {
            let after = inside.get(colon + 1..).unwrap_or("");
            if open.open == Open::Object
                && !after.contains("=>")
                && (self
                    .text
                    .get(self.token_start()..)
                    .is_some_and(|r| r.starts_with('}'))
                    || after.trim_end().ends_with(" if"))
            {
                // `{for k, v in m: v}`: the key is missing.
                let value_start = skip_blanks(self.text, open.at + 1 + colon + 1, true);
                let value_end = open.at + 1 + inside.trim_end().len();
                return self.error(
                    "Invalid 'for' expression",
                    "Key expression is required when building an object.",
                    self.span(value_start, value_end.max(value_start)),
                );
            }
            let rest = self.text.get(self.token_start()..).unwrap_or("");
            if open.open == Open::Bracket && rest.starts_with("=>") {
                // `[for x in xs: k => v]`: a key, in a tuple.
                let key_start = skip_blanks(self.text, open.at + 1 + colon + 1, true);
                let key_end = self.offset_trimmed(self.token_start());
                return self.error(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    self.span(key_start, key_end.max(key_start)),
                );
            }
            if open.open == Open::Bracket && rest.starts_with("...") {
                return self.error(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    self.token(),
                );
            }
            "Extra characters after the end of the 'for' expression."
        } else {
            let words: Vec<&str> = inside.split_whitespace().collect();
            match words.as_slice() {
                ["for"] => "For expression requires variable name after 'for'.",
                [.., "in", _] | [.., "in"] => {
                    "For expression requires a colon after the collection expression."
                }
                _ if inside.contains(" in ") => {
                    "For expression requires a colon after the collection expression."
                }
                ["for", name] if name.ends_with(',') => {
                    "For expression requires value variable name after comma."
                }
                ["for", _, ","] => "For expression requires value variable name after comma.",
                _ => "For expression requires the 'in' keyword after its name declarations.",
            }
        };
        self.error("Invalid 'for' expression", detail, span)
    }

    fn object(&self, open: Opened) -> Diagnostic {
        if self.expects_expression {
            return self.expression_error();
        }
        if self.at_eof() {
            return self.error(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be \
                 caused by incorrect brace nesting elsewhere in this file.",
                self.span(open.at, open.at + 1),
            );
        }
        let token = self.token();
        if open.in_value {
            return self.error(
                "Missing attribute separator",
                "Expected a newline or comma to mark the beginning of the next attribute.",
                token,
            );
        }
        let rest = self.text.get(self.token_start()..).unwrap_or("");
        if rest.starts_with([',', '\n', '\r']) {
            return self.error(
                "Missing attribute value",
                "Expected an attribute value, introduced by an equals sign (\"=\").",
                token,
            );
        }
        let detail = if starts_identifier(rest) {
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you \
             intended to given an attribute name containing periods or spaces, write the name in \
             quotes to create a string literal."
        } else {
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value."
        };
        self.error("Missing key/value separator", detail, token)
    }

    fn bracket(&self, open: Opened) -> Diagnostic {
        if self.expects_expression {
            return self.expression_error();
        }
        if self.is_index(open) {
            let span = if self.at_eof() {
                self.eof()
            } else {
                self.token()
            };
            return self.error(
                "Missing close bracket on index",
                "The index operator must end with a closing bracket (\"]\").",
                span,
            );
        }
        if self.at_eof() {
            return self.error(
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may \
                 be caused by incorrect bracket nesting elsewhere in this file.",
                self.span(open.at, open.at + 1),
            );
        }
        self.error(
            "Missing item separator",
            "Expected a comma to mark the beginning of the next item.",
            self.token(),
        )
    }

    /// Whether a `[` follows an expression, as an index, rather than
    /// starting a tuple.
    fn is_index(&self, open: Opened) -> bool {
        let before = self
            .text
            .get(..open.at)
            .unwrap_or("")
            .trim_end_matches([' ', '\t']);
        let Some(last) = before.chars().next_back() else {
            return false;
        };
        if matches!(last, ')' | ']' | '}' | '"' | '*') {
            return true;
        }
        let word_start = before
            .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
            .len();
        let word = before.get(word_start..).unwrap_or("");
        !word.is_empty() && !matches!(word, "in" | "if" | "for")
    }

    fn paren(&self, open: Opened) -> Diagnostic {
        if self.expects_expression {
            return self.expression_error();
        }
        let Some(name_start) = self.call_name(open) else {
            let span = if self.at_eof() {
                self.eof()
            } else {
                self.token()
            };
            return self.error(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                span,
            );
        };
        if self.at_eof() {
            return self.error(
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the \
                 file. This may be caused by incorrect parenthesis nesting elsewhere in this \
                 file.",
                self.span(name_start, open.at + 1),
            );
        }
        self.error(
            "Missing argument separator",
            "A comma is required to separate each function argument from the next.",
            self.token(),
        )
    }

    /// Inside `${ }` or `%{ }`.
    fn sequence(&self, open: Opened) -> Diagnostic {
        let text = self.text;
        let marker_len = if text.get(open.at + 2..).is_some_and(|r| r.starts_with('~')) {
            3
        } else {
            2
        };
        if text.get(open.at..).is_some_and(|r| r.starts_with('%')) {
            return self.directive(open.at + marker_len);
        }
        if self.expects_expression {
            return self.expression_error();
        }
        let opener = self.span(open.at, open.at + marker_len);
        if self.at_eof() {
            return self.error(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the \
                 file. This might be caused by incorrect nesting inside the given expression.",
                opener,
            );
        }
        let rest = text.get(self.token_start()..).unwrap_or("");
        let in_quotes = self
            .before
            .open
            .iter()
            .rev()
            .filter(|o| o.open != Open::Conditional)
            .nth(1)
            .is_some_and(|o| o.open == Open::Quote);
        if rest.starts_with(':') {
            return self.error(
                "Extra characters after interpolation expression",
                "Template interpolation doesn't expect a colon at this location. Did you intend \
                 this to be a literal sequence to be processed as part of another language? If \
                 so, you can escape it by starting with \"$${\" instead of just \"${\".",
                self.token(),
            );
        }
        if rest.starts_with('"') && in_quotes {
            return self.error(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the \
                 quoted template. This might be caused by incorrect nesting inside the given \
                 expression.",
                opener,
            );
        }
        self.error(
            "Extra characters after interpolation expression",
            "Expected a closing brace to end the interpolation expression, but found extra \
             characters.\n\nThis can happen when you include interpolation syntax for another \
             language, such as shell scripting, but forget to escape the interpolation start \
             token. If this is an embedded sequence for another language, escape it by starting \
             with \"$${\" instead of just \"${\".",
            self.token(),
        )
    }

    /// Inside `%{ }`, whose keyword may start at `from`.
    fn directive(&self, from: usize) -> Diagnostic {
        let text = self.text;
        let kw_start = skip_blanks(text, from, true);
        let kw_len = if starts_identifier(text.get(kw_start..).unwrap_or("")) {
            token_len(text, kw_start)
        } else {
            0
        };
        let at_token = if self.at_eof() {
            self.eof()
        } else {
            self.token()
        };
        if kw_len == 0 {
            return self.error(
                "Invalid template directive",
                "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning \
                 of a %{ sequence.",
                at_token,
            );
        }
        let keyword = text.get(kw_start..kw_start + kw_len).unwrap_or("");
        const KEYWORDS: [&str; 5] = ["if", "for", "else", "endif", "endfor"];
        if !KEYWORDS.contains(&keyword) {
            let suggestion = crate::didyoumean::suggest_name(keyword, KEYWORDS)
                .map(|s| format!(" Did you mean \"{s}\"?"))
                .unwrap_or_default();
            return self.error(
                "Invalid template control keyword",
                format!("\"{keyword}\" is not a valid template control keyword.{suggestion}"),
                self.span(kw_start, kw_start + kw_len),
            );
        }
        if self.expects_expression {
            return self.expression_error();
        }
        if keyword == "for" {
            let head = text.get(kw_start + kw_len..self.at).unwrap_or("");
            if let Some(detail) = for_directive_problem(head) {
                return self.error("Invalid 'for' directive", detail, at_token);
            }
        }
        self.error(
            &format!("Extra characters in {keyword} marker"),
            "Expected a closing brace to end the sequence, but found extra characters.",
            at_token,
        )
    }
}

/// What is missing from the head of a `%{ for }` directive, after its
/// keyword, if the collection was not reached: the first name is the value
/// variable (even `in`), then `, value` makes it the key.
fn for_directive_problem(head: &str) -> Option<&'static str> {
    let head = head.trim_start();
    if !starts_identifier(head) {
        return Some("For directive requires variable name after 'for'.");
    }
    let mut rest = head.get(token_len(head, 0)..)?.trim_start();
    if let Some(after_comma) = rest.strip_prefix(',') {
        let after_comma = after_comma.trim_start();
        if !starts_identifier(after_comma) {
            return Some("For directive requires value variable name after comma.");
        }
        rest = after_comma.get(token_len(after_comma, 0)..)?.trim_start();
    }
    let is_in = rest.starts_with("in") && !starts_identifier(rest.get(2..).unwrap_or(""));
    (!is_in).then_some("For directive requires 'in' keyword after names.")
}

/// Whether pest wanted the start of an expression (an operand or a prefix
/// operator) where it stopped.
fn expects_expression(err: &Error<Rule>) -> bool {
    let ErrorVariant::ParsingError { positives, .. } = &err.variant else {
        return false;
    };
    positives.iter().any(|rule| {
        matches!(
            rule,
            Rule::expr
                | Rule::expr_ml
                | Rule::operation
                | Rule::operation_ml
                | Rule::postfix
                | Rule::postfix_ml
                | Rule::number
                | Rule::keyword_literal
                | Rule::variable
                | Rule::string_template
                | Rule::heredoc
                | Rule::tuple
                | Rule::object
                | Rule::parens
                | Rule::function_call
                | Rule::function_name
                | Rule::neg
                | Rule::not
                | Rule::object_item
                | Rule::object_key
        )
    })
}

/// The offset after spaces, tabs and comments from `from`, and after line
/// breaks too when `newlines` is set.
fn skip_blanks(text: &str, mut from: usize, newlines: bool) -> usize {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(from) {
            Some(b' ' | b'\t') => from += 1,
            Some(b'\n' | b'\r') if newlines => from += 1,
            Some(b'/') if bytes.get(from + 1) == Some(&b'*') => {
                match text.get(from + 2..).and_then(|r| r.find("*/")) {
                    Some(end) => from += end + 4,
                    None => return from,
                }
            }
            Some(b'#') if newlines => from = line_end(text, from),
            Some(b'/') if newlines && bytes.get(from + 1) == Some(&b'/') => {
                from = line_end(text, from);
            }
            _ => return from,
        }
    }
}

fn line_end(text: &str, from: usize) -> usize {
    text.get(from..)
        .and_then(|r| r.find('\n'))
        .map_or(text.len(), |i| from + i)
}

/// The length of the token at `at`: a whole name or number, an operator of
/// two or three characters, or one character.
fn token_len(text: &str, at: usize) -> usize {
    let Some(rest) = text.get(at..) else {
        return 0;
    };
    let Some(first) = rest.chars().next() else {
        return 0;
    };
    if starts_identifier(rest) {
        return rest
            .char_indices()
            .find(|&(_, c)| {
                !(c.is_alphanumeric() || c == '_' || c == '-' || unicode_ident::is_xid_continue(c))
            })
            .map_or(rest.len(), |(i, _)| i);
    }
    if first.is_ascii_digit() {
        return rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .unwrap_or(rest.len());
    }
    for op in [
        "...", "==", "!=", "<=", ">=", "&&", "||", "=>", "::", "${", "%{", "~}", "\r\n", "<<",
    ] {
        if rest.starts_with(op) {
            return op.len();
        }
    }
    first.len_utf8()
}

/// Whether `text` starts with a name.
fn starts_identifier(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c == '_' || unicode_ident::is_xid_start(c))
}

/// Whether `text` starts with a binary operator, which cannot end an
/// expression: a missing operand, not a missing newline.
fn starts_with_binary_operator(text: &str) -> bool {
    if text.starts_with("//") || text.starts_with("/*") {
        return false;
    }
    [
        "||", "&&", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%",
    ]
    .iter()
    .any(|op| text.starts_with(op))
        && !text.starts_with("<<")
}

/// The offset of the first `:` of `text` outside brackets and strings.
fn top_level_colon(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ':' if depth == 0 && text.get(i + 1..).is_some_and(|r| !r.starts_with(':')) => {
                let after_colon = i > 0 && text.get(i - 1..i) == Some(":");
                if !after_colon {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}
