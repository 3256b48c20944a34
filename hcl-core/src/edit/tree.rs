//! The tree of a document: tokens with the bytes before them, cut into
//! items (attributes and blocks) and the loose tokens between them, as the
//! reference's `hclwrite` cuts a file.
//!
//! The tokens are the crate's lexer's; the cut follows the parser's syntax
//! tree (the spans of its attributes and blocks), so that no rule of the
//! syntax is written twice.

use crate::ast;
use crate::lexer::{Lexer, Start, TokenKind};

/// A token and the spaces before it, as they are printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tok {
    /// What it is.
    pub(crate) kind: TokenKind,
    /// The spaces and tabs between the previous token and this one.
    pub(crate) pre: String,
    /// The token's own bytes.
    pub(crate) text: String,
}

impl Tok {
    pub(crate) fn new(kind: TokenKind, pre: &str, text: &str) -> Tok {
        Tok {
            kind,
            pre: pre.to_owned(),
            text: text.to_owned(),
        }
    }

    /// A newline token (LF) with nothing before it.
    pub(crate) fn newline() -> Tok {
        Tok::new(TokenKind::Newline, "", "\n")
    }

    pub(crate) fn write(&self, out: &mut String) {
        out.push_str(&self.pre);
        out.push_str(&self.text);
    }

    /// Whether the token ends a line: a newline, or a `#` or `//` comment
    /// with its line break.
    pub(crate) fn ends_line(&self) -> bool {
        match self.kind {
            TokenKind::Newline => true,
            TokenKind::Comment => self.text.ends_with('\n'),
            _ => false,
        }
    }

    /// Whether the token is a `#` or `//` comment that runs to the end of
    /// the input (it has no line break), which would swallow whatever is
    /// written after it on its line.
    pub(crate) fn is_open_line_comment(&self) -> bool {
        self.kind == TokenKind::Comment && !self.text.starts_with("/*") && !self.ends_line()
    }
}

/// A token as the lexer gave it, with its offsets.
struct Lexed {
    tok: Tok,
    start: usize,
    end: usize,
}

/// Lexes `source` from byte `start`: the tokens, each with the bytes
/// before it, and the bytes before the end of the input.
pub(crate) fn lex(source: &str, start: usize) -> (Vec<Tok>, String) {
    let (lexed, end) = lex_with_offsets(source, start);
    (lexed.into_iter().map(|l| l.tok).collect(), end)
}

fn lex_with_offsets(source: &str, start: usize) -> (Vec<Lexed>, String) {
    let mut lexer = Lexer::new(source, start, Start::Code);
    let mut out = Vec::new();
    let mut pos = start;
    loop {
        let token = lexer.next_token();
        let range = token.span.as_range();
        let pre = source.get(pos..range.start).unwrap_or_default();
        if token.kind == TokenKind::Eof || range.end <= pos {
            return (out, pre.to_owned());
        }
        out.push(Lexed {
            tok: Tok::new(token.kind, pre, token.text(source)),
            start: range.start,
            end: range.end,
        });
        pos = range.end.max(pos);
    }
}

/// A body of a [`Document`](super::Document): its attributes and blocks
/// with the tokens each owns, and the loose tokens between them (blank
/// lines, comments apart), every byte as in the source.
///
/// # Examples
///
/// ```
/// use hcl_core::edit::Document;
///
/// let mut doc = Document::parse("a = 1\n\nb {\n  c = 2\n}\n", "main.hcl").unwrap();
/// let b = doc.body_mut().first_matching_block_mut("b", &[]).unwrap();
/// b.body_mut().set_attribute_raw("d", "c + 1").unwrap();
/// assert_eq!(doc.to_string(), "a = 1\n\nb {\n  c = 2\n  d = c + 1\n}\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    pub(crate) nodes: Vec<Node>,
    /// The spaces before the closing `}` or the end of the input.
    pub(crate) end: String,
    /// How deep the body is nested: 0 for a file's root body.
    pub(crate) depth: usize,
    /// The indentation of the items an edit adds when the body has none
    /// to follow (a block an edit added); two spaces a level if `None`.
    pub(crate) fresh_indent: Option<String>,
}

/// One part of a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    /// A token that belongs to no item: a blank line, a comment apart.
    Loose(Tok),
    /// An attribute.
    Attribute(Attribute),
    /// A block.
    Block(Block),
}

/// An attribute of a [`Body`], with the tokens it owns: the comments
/// directly above it, its name, `=` and expression, the comments after it
/// on its line and its line break.
///
/// # Examples
///
/// ```
/// use hcl_core::edit::Document;
///
/// let doc = Document::parse("# port\nport =  8080 # http\n", "main.hcl").unwrap();
/// let port = doc.body().attribute("port").unwrap();
/// assert_eq!(port.name(), "port");
/// assert_eq!(port.expr_text(), "  8080");
/// assert_eq!(port.to_string(), "# port\nport =  8080 # http\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// The comments directly before it.
    pub(crate) lead: Vec<Tok>,
    /// Its name.
    pub(crate) name: Tok,
    /// The `=` and any comment between it and the expression.
    pub(crate) equals: Vec<Tok>,
    /// The expression's tokens.
    pub(crate) expr: Vec<Tok>,
    /// What is printed between the `=` and the expression instead of the
    /// first token's own spaces, for an expression written by an edit.
    pub(crate) gap: Option<String>,
    /// What is printed at the start of each line of the expression after
    /// its first: the body's indentation, for a value written by an edit
    /// (its text is laid out as at the top level).
    pub(crate) indent: String,
    /// The comments after it on its line.
    pub(crate) line: Vec<Tok>,
    /// The line break that ends its line.
    pub(crate) newline: Option<Tok>,
}

/// A block of a [`Body`], with the tokens it owns: the comments directly
/// above it, its type, labels, braces and body, the comments after its `}`
/// and its line break.
///
/// # Examples
///
/// ```
/// use hcl_core::edit::Document;
///
/// let doc = Document::parse("service web {\n  port = 80\n}\n", "main.hcl").unwrap();
/// let block = doc.body().first_matching_block("service", &["web"]).unwrap();
/// assert_eq!(block.block_type(), "service");
/// assert_eq!(block.labels(), ["web"]);
/// assert!(block.body().attribute("port").is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The comments directly before it.
    pub(crate) lead: Vec<Tok>,
    /// Its type name.
    pub(crate) ident: Tok,
    /// The tokens between the type name and `{`: labels and comments.
    pub(crate) header: Vec<Tok>,
    /// Which tokens of `header` are the labels (from the first label's
    /// first token to the last label's last), if it has labels.
    pub(crate) label_tokens: Option<(usize, usize)>,
    /// The labels' values.
    pub(crate) labels: Vec<String>,
    /// `{`
    pub(crate) open: Tok,
    /// The body.
    pub(crate) body: Body,
    /// `}`, without the spaces before it (those are the body's end).
    pub(crate) close: Tok,
    /// The comments after `}` on its line.
    pub(crate) line: Vec<Tok>,
    /// The line break that ends its line.
    pub(crate) newline: Option<Tok>,
}

impl Body {
    pub(crate) fn write(&self, out: &mut String) {
        for node in &self.nodes {
            node.write(out);
        }
        out.push_str(&self.end);
    }

    /// The last token of the body, if it has any.
    pub(crate) fn last_token(&self) -> Option<&Tok> {
        self.nodes.last().and_then(Node::last_token)
    }
}

impl Node {
    fn write(&self, out: &mut String) {
        match self {
            Node::Loose(tok) => tok.write(out),
            Node::Attribute(attr) => attr.write(out),
            Node::Block(block) => block.write(out),
        }
    }

    pub(crate) fn last_token(&self) -> Option<&Tok> {
        match self {
            Node::Loose(tok) => Some(tok),
            Node::Attribute(a) => a
                .newline
                .as_ref()
                .or(a.line.last())
                .or(a.expr.last())
                .or(a.equals.last()),
            Node::Block(b) => b.newline.as_ref().or(b.line.last()).or(Some(&b.close)),
        }
    }
}

fn write_all(toks: &[Tok], out: &mut String) {
    for tok in toks {
        tok.write(out);
    }
}

impl Attribute {
    pub(crate) fn first_token_mut(&mut self) -> &mut Tok {
        self.lead.first_mut().unwrap_or(&mut self.name)
    }

    pub(crate) fn first_token(&self) -> &Tok {
        self.lead.first().unwrap_or(&self.name)
    }

    pub(crate) fn write(&self, out: &mut String) {
        write_all(&self.lead, out);
        self.name.write(out);
        write_all(&self.equals, out);
        self.write_expr(out);
        write_all(&self.line, out);
        if let Some(newline) = &self.newline {
            newline.write(out);
        }
    }

    fn write_expr(&self, out: &mut String) {
        let mut after_newline = false;
        for (i, tok) in self.expr.iter().enumerate() {
            match &self.gap {
                Some(gap) if i == 0 => out.push_str(gap),
                _ => {
                    if after_newline {
                        out.push_str(&self.indent);
                    }
                    out.push_str(&tok.pre);
                }
            }
            out.push_str(&tok.text);
            after_newline = tok.kind == TokenKind::Newline;
        }
    }

    /// The expression's text as the reference's `hclwrite` gives it: each
    /// token after as many spaces as there were bytes (spaces or tabs)
    /// before it, the first after those between `=` and the expression; the
    /// comments after the expression on its line are not part of it. An
    /// expression written by an edit starts with no space.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{edit::Document, Value};
    ///
    /// let mut doc = Document::parse("a =\t[\n  1, # one\n]\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().attribute("a").unwrap().expr_text(), " [\n  1, # one\n]");
    /// doc.body_mut().set_attribute_value("a", &Value::from(2)).unwrap();
    /// assert_eq!(doc.body().attribute("a").unwrap().expr_text(), "2");
    /// ```
    pub fn expr_text(&self) -> String {
        let mut out = String::new();
        for tok in &self.expr {
            out.extend(std::iter::repeat_n(' ', tok.pre.len()));
            out.push_str(&tok.text);
        }
        out
    }
}

impl Block {
    pub(crate) fn first_token_mut(&mut self) -> &mut Tok {
        self.lead.first_mut().unwrap_or(&mut self.ident)
    }

    pub(crate) fn first_token(&self) -> &Tok {
        self.lead.first().unwrap_or(&self.ident)
    }

    pub(crate) fn write(&self, out: &mut String) {
        write_all(&self.lead, out);
        self.ident.write(out);
        write_all(&self.header, out);
        self.open.write(out);
        self.body.write(out);
        self.close.write(out);
        write_all(&self.line, out);
        if let Some(newline) = &self.newline {
            newline.write(out);
        }
    }
}

/// Cuts the tokens of a file into its tree along its syntax tree.
pub(crate) fn cut(source: &str, start: usize, body: &ast::Body<'_>) -> Body {
    let (toks, eof) = lex_with_offsets(source, start);
    let mut cutter = Cutter {
        toks: toks.into_iter().peekable(),
    };
    let mut tree = cutter.body(body, usize::MAX, 0);
    // Whatever the syntax tree did not account for stays, loose.
    for rest in cutter.toks {
        tree.nodes.push(Node::Loose(rest.tok));
    }
    tree.end = eof;
    tree
}

struct Cutter {
    toks: std::iter::Peekable<std::vec::IntoIter<Lexed>>,
}

/// An item of a syntax-tree body.
enum AstItem<'a, 'src> {
    Attribute(&'a ast::Attribute<'src>),
    Block(&'a ast::Block<'src>),
}

impl Cutter {
    /// The next token, if it starts before `end`.
    fn take_before(&mut self, end: usize) -> Option<Lexed> {
        self.toks.next_if(|t| t.start < end)
    }

    fn take_until(&mut self, end: usize) -> Vec<Tok> {
        let mut out = Vec::new();
        while let Some(t) = self.take_before(end) {
            out.push(t.tok);
        }
        out
    }

    fn body(&mut self, body: &ast::Body<'_>, end: usize, depth: usize) -> Body {
        let mut items: Vec<(u32, AstItem<'_, '_>)> = body
            .attributes
            .iter()
            .map(|a| (a.span.start, AstItem::Attribute(a)))
            .chain(
                body.blocks
                    .iter()
                    .map(|b| (b.span.start, AstItem::Block(b))),
            )
            .collect();
        items.sort_by_key(|(start, _)| *start);
        let mut nodes = Vec::new();
        for (start, item) in items {
            let loose = self.take_until(start as usize);
            let lead_from = loose
                .iter()
                .rposition(|t| t.kind != TokenKind::Comment)
                .map_or(0, |at| at + 1);
            let mut loose = loose;
            let lead = loose.split_off(lead_from);
            nodes.extend(loose.into_iter().map(Node::Loose));
            nodes.push(match item {
                AstItem::Attribute(attr) => Node::Attribute(self.attribute(attr, lead, end)),
                AstItem::Block(block) => Node::Block(self.block(block, lead, end, depth)),
            });
        }
        nodes.extend(self.take_until(end).into_iter().map(Node::Loose));
        Body {
            nodes,
            end: String::new(),
            depth,
            fresh_indent: None,
        }
    }

    /// The comments after an item on its line, and its line break.
    fn line_end(&mut self, end: usize) -> (Vec<Tok>, Option<Tok>) {
        let mut line = Vec::new();
        while let Some(t) = self
            .toks
            .next_if(|t| t.start < end && t.tok.kind == TokenKind::Comment)
        {
            let ends = t.tok.ends_line();
            line.push(t.tok);
            if ends {
                return (line, None);
            }
        }
        let newline = self
            .toks
            .next_if(|t| t.start < end && t.tok.kind == TokenKind::Newline)
            .map(|t| t.tok);
        (line, newline)
    }

    fn attribute(&mut self, attr: &ast::Attribute<'_>, lead: Vec<Tok>, end: usize) -> Attribute {
        let expr_start = attr.expr.span.start as usize;
        let expr_end = (attr.expr.span.end as usize).max(attr.span.end as usize);
        let mut head = self.take_until(expr_start).into_iter();
        let name = head
            .next()
            .unwrap_or_else(|| Tok::new(TokenKind::Ident, "", attr.name));
        let equals = head.collect();
        let mut expr = Vec::new();
        while let Some(t) = self
            .toks
            .next_if(|t| t.start < expr_end && t.end <= expr_end)
        {
            expr.push(t.tok);
        }
        let (line, newline) = self.line_end(end);
        Attribute {
            lead,
            name,
            equals,
            expr,
            gap: None,
            indent: String::new(),
            line,
            newline,
        }
    }

    fn block(&mut self, block: &ast::Block<'_>, lead: Vec<Tok>, end: usize, depth: usize) -> Block {
        let open_at = block.open_brace_span.start as usize;
        let ident = self.take_before(open_at).map_or_else(
            || Tok::new(TokenKind::Ident, "", block.block_type),
            |t| t.tok,
        );
        let mut header = Vec::new();
        let mut first = None;
        let mut last = None;
        let first_label = block.labels.first().map(|l| l.span.start as usize);
        let last_label = block.labels.last().map(|l| l.span.end as usize);
        while let Some(t) = self.take_before(open_at) {
            if Some(t.start) == first_label {
                first = Some(header.len());
            }
            if Some(t.end) == last_label {
                last = Some(header.len() + 1);
            }
            header.push(t.tok);
        }
        let open = self
            .take_before(open_at + 1)
            .map_or_else(|| Tok::new(TokenKind::OBrace, " ", "{"), |t| t.tok);
        let close_at = block.close_brace_span.start as usize;
        let mut body = self.body(&block.body, close_at, depth + 1);
        let mut close = self
            .take_before(close_at + 1)
            .map_or_else(|| Tok::new(TokenKind::CBrace, "", "}"), |t| t.tok);
        body.end = std::mem::take(&mut close.pre);
        let (line, newline) = self.line_end(end);
        Block {
            lead,
            ident,
            header,
            label_tokens: first.zip(last),
            labels: block.labels.iter().map(|l| l.value.to_string()).collect(),
            open,
            body,
            close,
            line,
            newline,
        }
    }
}
