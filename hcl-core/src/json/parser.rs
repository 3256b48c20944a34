//! The JSON parser: recursive descent over the scanner's tokens, with the
//! reference's diagnostics and its recovery after each error, its nesting
//! bounded by [`Limits::max_nesting_depth`].

use std::sync::Arc;

use super::scanner::{Kind, Scanner, Token};
use super::strings::{has_template_sequence, string_text, valid_number};
use super::tree::{Node, NodeKind, Property, Run, Tree};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::didyoumean::first_close_name;
use crate::limits::Limits;
use crate::span::{SourceFile, Span};

pub(super) struct Parser<'src, 'f> {
    text: &'src str,
    scanner: Scanner<'src>,
    current: Token,
    file: &'f Arc<SourceFile>,
    max_depth: usize,
    depth: usize,
    /// Set when the nesting limit stops the parse: nothing more is read or
    /// reported.
    stopped: bool,
    pub(super) diags: Diagnostics,
    /// The properties of the objects being read, innermost last: each
    /// object's move to `properties` when it closes, as one run.
    open_properties: Vec<Property<'src>>,
    /// The elements of the arrays being read, as `open_properties`.
    open_elements: Vec<Node<'src>>,
    /// The properties of the objects read, each object's a run.
    properties: Vec<Property<'src>>,
    /// The elements of the arrays read, each array's a run.
    elements: Vec<Node<'src>>,
}

impl<'src, 'f> Parser<'src, 'f> {
    pub(super) fn new(text: &'src str, file: &'f Arc<SourceFile>, limits: &Limits) -> Self {
        Parser::starting_at(text, 0, file, limits)
    }

    /// A parser of `text` from byte `at`.
    pub(super) fn starting_at(
        text: &'src str,
        at: usize,
        file: &'f Arc<SourceFile>,
        limits: &Limits,
    ) -> Self {
        let mut scanner = Scanner::starting_at(text, at);
        let current = scanner.next_token();
        Parser {
            text,
            scanner,
            current,
            file,
            max_depth: limits.max_nesting_depth,
            depth: 0,
            stopped: false,
            diags: Diagnostics::default(),
            open_properties: Vec::new(),
            open_elements: Vec::new(),
            properties: Vec::new(),
            elements: Vec::new(),
        }
    }

    /// The tree of `root`, a value this parser read.
    pub(super) fn tree(&mut self, root: Node<'src>) -> Tree<'src> {
        Tree::new(
            root,
            std::mem::take(&mut self.properties),
            std::mem::take(&mut self.elements),
        )
    }

    pub(super) fn stopped(&self) -> bool {
        self.stopped
    }

    fn peek(&self) -> Token {
        self.current
    }

    /// The current token, moving on to the next unless it is the end.
    fn read(&mut self) -> Token {
        let token = self.current;
        if token.kind != Kind::Eof {
            self.current = self.scanner.next_token();
        }
        token
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, at: Span) {
        self.diags.push(
            Diagnostic::error(Code::InvalidJsonSyntax, summary, detail).with_subject(self.file, at),
        );
    }

    /// The whole input as one value: "Extraneous data after value" when
    /// anything but the end follows it.
    pub(super) fn document(&mut self) -> Node<'src> {
        let node = self.value();
        if self.diags.is_empty() && self.peek().kind != Kind::Eof {
            let at = self.peek().span;
            self.error(
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
                at,
            );
        }
        node
    }

    /// A value; on an error, an invalid node spanning the token it started
    /// at.
    fn value(&mut self) -> Node<'src> {
        let token = self.peek();
        let invalid = || Node {
            kind: NodeKind::Invalid,
            span: token.span,
        };
        if self.stopped {
            return invalid();
        }
        let start_detail =
            "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
        let parsed = match token.kind {
            Kind::BraceO | Kind::BrackO => self.nested(token),
            Kind::Number => self.number(),
            Kind::String => self.string(),
            Kind::Keyword => self.keyword(),
            Kind::BraceC => {
                self.error("Missing JSON value", start_detail, token.span);
                None
            }
            Kind::BrackC => {
                self.error("Missing array element value", start_detail, token.span);
                None
            }
            Kind::Eof => {
                self.error(
                    "Missing value",
                    "The JSON data ends prematurely.",
                    token.span,
                );
                None
            }
            _ => {
                self.error("Invalid start of value", start_detail, token.span);
                None
            }
        };
        parsed.unwrap_or_else(invalid)
    }

    /// An object or array, one level deeper.
    fn nested(&mut self, open: Token) -> Option<Node<'src>> {
        if self.depth >= self.max_depth {
            let limit = self.max_depth;
            self.diags.push(
                Diagnostic::error(
                    Code::NestingTooDeep,
                    "Nesting too deep",
                    format!(
                        "This JSON value is nested more than {limit} levels deep, the limit \
                         (max_nesting_depth) for objects and arrays."
                    ),
                )
                .with_subject(self.file, open.span),
            );
            self.stopped = true;
            return None;
        }
        self.depth += 1;
        let (properties, elements) = (self.open_properties.len(), self.open_elements.len());
        let node = if open.kind == Kind::BraceO {
            self.object()
        } else {
            self.array()
        };
        if node.is_none() {
            // What the value read of its children is not the enclosing
            // value's.
            self.open_properties.truncate(properties);
            self.open_elements.truncate(elements);
        }
        self.depth -= 1;
        node
    }

    /// Reads on to what seems to be the end of the object or array being
    /// read (`open` and `close` its delimiters), starting with `token`.
    fn recover(&mut self, mut token: Token, open: Kind, close: Kind) {
        let mut level = 1;
        loop {
            match token.kind {
                k if k == open => level += 1,
                k if k == close => {
                    level -= 1;
                    if level <= 1 {
                        return;
                    }
                }
                Kind::Eof => return,
                _ => {}
            }
            token = self.read();
        }
    }

    fn object(&mut self) -> Option<Node<'src>> {
        let open = self.read();
        let first = self.open_properties.len();
        loop {
            if self.peek().kind == Kind::BraceC {
                break;
            }
            let key = self.value();
            if self.stopped {
                return None;
            }
            if !matches!(key.kind, NodeKind::String { .. }) {
                self.error(
                    "Invalid object property name",
                    "A JSON object property name must be a string",
                    key.start_span(),
                );
                return None;
            }
            let colon = self.read();
            if colon.kind != Kind::Colon {
                self.recover(colon, Kind::BraceO, Kind::BraceC);
                let (summary, detail) = match colon.kind {
                    Kind::BraceC | Kind::Comma => (
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                    ),
                    Kind::Equals => (
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                    ),
                    _ => (
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                    ),
                };
                self.error(summary, detail, colon.span);
                return None;
            }
            let value = self.value();
            if self.stopped {
                return None;
            }
            self.open_properties.push(Property { name: key, value });
            match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Kind::BraceC {
                        self.error(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            comma.span,
                        );
                        return None;
                    }
                }
                Kind::Eof => {
                    self.error(
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                        open.span,
                    );
                    return None;
                }
                Kind::BrackC => {
                    self.read();
                    let at = self.peek().span;
                    self.error(
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                        at,
                    );
                    return None;
                }
                Kind::BraceC => break,
                _ => {
                    let token = self.read();
                    self.recover(token, Kind::BraceO, Kind::BraceC);
                    let at = self.peek().span;
                    self.error(
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                        at,
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        let start = self.properties.len();
        self.properties.extend(self.open_properties.drain(first..));
        Some(Node {
            kind: NodeKind::Object(run(start, self.properties.len())),
            span: open.span.to(close.span),
        })
    }

    fn array(&mut self) -> Option<Node<'src>> {
        let open = self.read();
        let first = self.open_elements.len();
        loop {
            if self.peek().kind == Kind::BrackC {
                break;
            }
            let item = self.value();
            if self.stopped {
                return None;
            }
            self.open_elements.push(item);
            let (summary, detail) = match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Kind::BrackC {
                        self.error(
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                            comma.span,
                        );
                        return None;
                    }
                    continue;
                }
                Kind::BrackC => break,
                Kind::Colon => (
                    "Invalid array value",
                    "A colon is not used to introduce values in a JSON array.",
                ),
                Kind::Eof => {
                    let token = self.read();
                    self.recover(token, Kind::BrackO, Kind::BrackC);
                    self.error(
                        "Unclosed object",
                        "No closing bracket was found for this JSON array.",
                        open.span,
                    );
                    return None;
                }
                Kind::BraceC => (
                    "Mismatched brackets",
                    "A JSON array must be closed with a bracket, not a brace.",
                ),
                _ => (
                    "Missing attribute seperator comma",
                    "A comma must appear between each value in an array.",
                ),
            };
            let token = self.read();
            self.recover(token, Kind::BrackO, Kind::BrackC);
            let at = self.peek().span;
            self.error(summary, detail, at);
            return None;
        }
        let close = self.read();
        let start = self.elements.len();
        self.elements.extend(self.open_elements.drain(first..));
        Some(Node {
            kind: NodeKind::Array(run(start, self.elements.len())),
            span: open.span.to(close.span),
        })
    }

    fn text_of(&self, span: Span) -> &'src str {
        self.text.get(span.as_range()).unwrap_or_default()
    }

    fn number(&mut self) -> Option<Node<'src>> {
        let token = self.read();
        let text = self.text_of(token.span);
        if !valid_number(text) {
            self.error(
                "Invalid JSON number",
                "There is a syntax error in the given JSON number.",
                token.span,
            );
            return None;
        }
        Some(Node {
            kind: NodeKind::Number(text),
            span: token.span,
        })
    }

    fn string(&mut self) -> Option<Node<'src>> {
        let token = self.read();
        let text = self.text_of(token.span);
        match string_text(text, token.escaped) {
            Ok(text) => Some(Node {
                kind: NodeKind::String {
                    // A string with escapes, seen as written, may not
                    // show what it stands for (`\u0024{` is `${`).
                    template: if token.escaped {
                        has_template_sequence(&text)
                    } else {
                        token.template
                    },
                    text,
                },
                span: token.span,
            }),
            Err(offset) => {
                // The reference reports the byte after the one at fault,
                // one column per byte from the quote.
                let mut range = self.file.range(token.span);
                let whole = range.clone();
                range.start.byte += offset;
                range.start.column += offset;
                range.end = range.start;
                range.end.byte += 1;
                range.end.column += 1;
                let mut diag = Diagnostic::error(
                    Code::InvalidJsonSyntax,
                    "Invalid JSON string",
                    "There is a syntax error in the given JSON string.",
                );
                if range != whole {
                    diag.context = Some(whole);
                }
                diag.subject = Some(range);
                diag.source = Some(self.file.clone());
                self.diags.push(diag);
                None
            }
        }
    }

    fn keyword(&mut self) -> Option<Node<'src>> {
        let token = self.read();
        let word = self.text_of(token.span);
        let kind = match word {
            "true" => NodeKind::Bool(true),
            "false" => NodeKind::Bool(false),
            "null" => NodeKind::Null,
            "undefined" | "NaN" | "Infinity" => {
                self.error(
                    "Invalid JSON keyword",
                    format!("The JavaScript identifier \"{word}\" cannot be used in JSON."),
                    token.span,
                );
                return None;
            }
            _ => {
                let suggestion = first_close_name(word, ["false", "true", "null"])
                    .map(|s| format!(" Did you mean \"{s}\"?"))
                    .unwrap_or_default();
                self.error(
                    "Invalid JSON keyword",
                    format!("\"{word}\" is not a valid JSON keyword.{suggestion}"),
                    token.span,
                );
                return None;
            }
        };
        Some(Node {
            kind,
            span: token.span,
        })
    }
}

/// The run of children from `start` to `end`. Both fit in 32 bits: the
/// input is shorter than 4 GiB (`max_input_bytes` is at most that) and a
/// child takes at least one byte of it.
fn run(start: usize, end: usize) -> Run {
    Run::new(start, end - start).unwrap_or(Run::EMPTY)
}
