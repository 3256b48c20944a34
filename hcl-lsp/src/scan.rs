//! A document's tokens (from hcl-core's lexer) read for what an editor
//! needs whether or not the file parses: which identifiers name an
//! attribute or a block type, which tokens are labels, the body level
//! each token is in, and where the cursor stands in an item.
//!
//! The reading follows a body's shape only: at the start of an item, an
//! identifier followed by `=` names an attribute, another identifier
//! starts a block header whose labels run to its `{`; brackets, parentheses,
//! quotes, heredocs and template sequences nest, and a line break at the
//! body's own level ends an item. A half-typed item, an unclosed block or a
//! stray closing bracket changes only what is around it.

use hcl_core::{Span, TokenClass};

/// What a token is in the body it is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// An attribute's name.
    AttributeName,
    /// A block's type.
    BlockType,
    /// A block label, quoted or not (each of its tokens).
    Label,
    /// Anything else.
    Other,
}

/// Where in an item the reading is, after a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Between items: a new one may start here.
    ItemStart,
    /// After an attribute's name, before its `=`.
    AfterName,
    /// After `=`: the value starts next; the index of the name's token.
    Value(usize),
    /// Inside the opening quote of a value; the index of the name's token.
    ValueQuote(usize),
    /// In a block header, after its type.
    Header,
    /// Inside an expression or anything else the item holds.
    Expression,
}

/// A token with what the reading found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub(crate) class: TokenClass,
    pub(crate) span: Span,
    pub(crate) role: Role,
    /// The body level the reading is in after the token.
    pub(crate) level: usize,
    /// The state after the token.
    pub(crate) state: State,
}

/// A body: the file's (level 0) or a block's.
#[derive(Debug, Clone, Default)]
pub(crate) struct Level {
    pub(crate) parent: Option<usize>,
    /// The block's type; empty for the file.
    pub(crate) block_type: String,
    /// The block's labels, their text as written.
    pub(crate) labels: Vec<String>,
    /// The span of the block's type; empty for the file.
    pub(crate) type_span: Span,
    /// Where the block ends: after its `}`, or where the text does.
    pub(crate) end: u32,
    /// The attributes defined in it.
    pub(crate) attributes: Vec<ScannedAttribute>,
    /// The types of the blocks in it.
    pub(crate) blocks: Vec<String>,
}

/// An attribute found in a body.
#[derive(Debug, Clone)]
pub(crate) struct ScannedAttribute {
    pub(crate) name: String,
    /// The index of the name's token.
    pub(crate) token: usize,
    /// The span of the name.
    pub(crate) name_span: Span,
    /// Where its value ends (its name's end while there is none).
    pub(crate) end: u32,
}

/// What encloses the reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// A body, by level.
    Body(usize),
    /// Something that nests, by the class that closes it.
    Nested(TokenClass),
}

/// A document's tokens, read.
#[derive(Debug, Clone)]
pub(crate) struct Scan {
    pub(crate) tokens: Vec<Token>,
    pub(crate) levels: Vec<Level>,
}

impl Scan {
    /// Reads `text`'s tokens.
    pub(crate) fn new(text: &str) -> Self {
        let raw: Vec<(TokenClass, Span)> = hcl_core::tokens(text).collect();
        let mut reader = Reader {
            text,
            raw: &raw,
            tokens: Vec::with_capacity(raw.len()),
            levels: vec![Level::default()],
            frames: vec![Frame::Body(0)],
            state: State::ItemStart,
            header: None,
            attribute: None,
        };
        for i in 0..raw.len() {
            reader.step(i);
        }
        let end = u32::try_from(text.len()).unwrap_or(u32::MAX);
        for frame in &reader.frames {
            if let Frame::Body(level) = frame {
                if let Some(level) = reader.levels.get_mut(*level) {
                    level.end = end;
                }
            }
        }
        Scan {
            tokens: reader.tokens,
            levels: reader.levels,
        }
    }

    /// The block types from the file down to `level`.
    pub(crate) fn path(&self, level: usize) -> Vec<&str> {
        let mut path = Vec::new();
        let mut at = Some(level);
        while let Some(level) = at.and_then(|l| self.levels.get(l)) {
            if level.parent.is_some() {
                path.push(level.block_type.as_str());
            }
            at = level.parent;
        }
        path.reverse();
        path
    }

    /// The level and state before token `index`.
    pub(crate) fn before(&self, index: usize) -> (usize, State) {
        match index.checked_sub(1).and_then(|i| self.tokens.get(i)) {
            Some(token) => (token.level, token.state),
            None => (0, State::ItemStart),
        }
    }

    /// The index of the token that holds byte `offset`, or ends at it.
    pub(crate) fn token_at(&self, offset: usize) -> Option<usize> {
        let after = self
            .tokens
            .partition_point(|t| (t.span.end as usize) < offset);
        let token = self.tokens.get(after)?;
        (token.span.start as usize <= offset).then_some(after)
    }

    /// The text of token `index`.
    pub(crate) fn text<'t>(&self, text: &'t str, index: usize) -> &'t str {
        self.tokens
            .get(index)
            .and_then(|t| text.get(t.span.as_range()))
            .unwrap_or_default()
    }
}

/// The reading in progress.
struct Reader<'a> {
    text: &'a str,
    raw: &'a [(TokenClass, Span)],
    tokens: Vec<Token>,
    levels: Vec<Level>,
    frames: Vec<Frame>,
    state: State,
    /// The block whose header is being read: its type, the type's span,
    /// its labels so far.
    header: Option<(String, Span, Vec<String>)>,
    /// The attribute being read: its level and index there.
    attribute: Option<(usize, usize)>,
}

impl Reader<'_> {
    fn level(&self) -> usize {
        self.frames
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::Body(level) => Some(*level),
                Frame::Nested(_) => None,
            })
            .unwrap_or(0)
    }

    fn at_body_level(&self) -> bool {
        matches!(self.frames.last(), Some(Frame::Body(_)))
    }

    /// The class of the next token after `i` that is not a comment.
    fn next_class(&self, i: usize) -> Option<TokenClass> {
        self.raw
            .iter()
            .skip(i + 1)
            .map(|&(class, _)| class)
            .find(|&class| class != TokenClass::Comment)
    }

    /// Whether token `i` starts an attribute on a line of its own inside a
    /// tuple or parentheses, where none can be: what was opened there was
    /// left open, and the item starts a new one.
    fn left_open(&self, i: usize, class: TokenClass) -> bool {
        let in_list = matches!(
            self.frames.last(),
            Some(Frame::Nested(
                TokenClass::BracketClose | TokenClass::ParenClose
            ))
        );
        let line_start = i
            .checked_sub(1)
            .and_then(|p| self.raw.get(p))
            .is_some_and(|&(c, _)| c == TokenClass::Newline);
        in_list
            && line_start
            && class == TokenClass::Identifier
            && self.next_class(i) == Some(TokenClass::Equals)
    }

    fn step(&mut self, i: usize) {
        let Some(&(class, span)) = self.raw.get(i) else {
            return;
        };
        if self.left_open(i, class) {
            while matches!(self.frames.last(), Some(Frame::Nested(_))) {
                self.frames.pop();
            }
            self.state = State::ItemStart;
        }
        let role = if self.at_body_level() {
            self.body_token(i, class, span)
        } else {
            self.nested_token(class, span.end);
            Role::Other
        };
        self.extend_attribute(class, span);
        self.tokens.push(Token {
            class,
            span,
            role,
            level: self.level(),
            state: self.state,
        });
    }

    /// Extends the attribute being read over token `span`, or ends it.
    fn extend_attribute(&mut self, class: TokenClass, span: Span) {
        let Some((level, index)) = self.attribute else {
            return;
        };
        if self.state == State::ItemStart {
            self.attribute = None;
        } else if !matches!(class, TokenClass::Newline | TokenClass::Comment) {
            let found = self.levels.get_mut(level);
            if let Some(attribute) = found.and_then(|l| l.attributes.get_mut(index)) {
                attribute.end = span.end;
            }
        }
    }

    /// A token read at a body's own level.
    fn body_token(&mut self, i: usize, class: TokenClass, span: Span) -> Role {
        use TokenClass as C;
        match (self.state, class) {
            (_, C::Newline) => {
                self.state = State::ItemStart;
                Role::Other
            }
            // A `#` or `//` comment ends its line.
            (_, C::Comment) => {
                if self
                    .text
                    .get(span.as_range())
                    .is_some_and(|t| t.ends_with('\n'))
                {
                    self.state = State::ItemStart;
                }
                Role::Other
            }
            (_, C::BraceClose) => {
                self.close_body(span.end);
                self.state = State::ItemStart;
                Role::Other
            }
            (State::ItemStart, C::Identifier) => {
                let name = self
                    .text
                    .get(span.as_range())
                    .unwrap_or_default()
                    .to_owned();
                if self.next_class(i) == Some(C::Equals) {
                    let level = self.level();
                    if let Some(found) = self.levels.get_mut(level) {
                        found.attributes.push(ScannedAttribute {
                            name,
                            token: i,
                            name_span: span,
                            end: span.end,
                        });
                        self.attribute = Some((level, found.attributes.len() - 1));
                    }
                    self.state = State::AfterName;
                    Role::AttributeName
                } else {
                    self.header = Some((name, span, Vec::new()));
                    self.state = State::Header;
                    Role::BlockType
                }
            }
            (State::AfterName, C::Equals) => {
                self.state = State::Value(i.saturating_sub(1));
                Role::Other
            }
            (State::Header, C::Identifier | C::StringText) => {
                if let Some((_, _, labels)) = &mut self.header {
                    let text = self.text.get(span.as_range()).unwrap_or_default();
                    labels.push(text.to_owned());
                }
                Role::Label
            }
            (State::Header, C::QuoteOpen | C::QuoteClose) => Role::Label,
            (State::Header, C::BraceOpen) => {
                self.open_block();
                Role::Other
            }
            (State::Value(name), C::QuoteOpen) => {
                self.frames.push(Frame::Nested(C::QuoteClose));
                self.state = State::ValueQuote(name);
                Role::Other
            }
            _ => {
                self.state = State::Expression;
                self.nested_token(class, span.end);
                Role::Other
            }
        }
    }

    /// Closes the innermost body, if it is a block's, at byte `end`.
    fn close_body(&mut self, end: u32) {
        if self.frames.len() > 1 {
            if let Some(Frame::Body(level)) = self.frames.pop() {
                if let Some(level) = self.levels.get_mut(level) {
                    level.end = end;
                }
            }
        }
    }

    /// Opens the body of the block whose header was read.
    fn open_block(&mut self) {
        let parent = self.level();
        let (block_type, type_span, labels) = self.header.take().unwrap_or_default();
        if let Some(level) = self.levels.get_mut(parent) {
            level.blocks.push(block_type.clone());
        }
        self.levels.push(Level {
            parent: Some(parent),
            block_type,
            labels,
            type_span,
            end: type_span.end,
            attributes: Vec::new(),
            blocks: Vec::new(),
        });
        self.frames.push(Frame::Body(self.levels.len() - 1));
        self.state = State::ItemStart;
    }

    /// A token inside something that nests, or that opens or closes it.
    fn nested_token(&mut self, class: TokenClass, end: u32) {
        use TokenClass as C;
        let closer = match class {
            C::BraceOpen => Some(C::BraceClose),
            C::BracketOpen => Some(C::BracketClose),
            C::ParenOpen => Some(C::ParenClose),
            C::TemplateOpen => Some(C::TemplateClose),
            C::QuoteOpen => Some(C::QuoteClose),
            C::HeredocOpen => Some(C::HeredocClose),
            _ => None,
        };
        if let Some(closer) = closer {
            self.frames.push(Frame::Nested(closer));
            return;
        }
        let in_quote = self.frames.last() == Some(&Frame::Nested(C::QuoteClose));
        if class == C::Newline && in_quote {
            // An unterminated string ends at its line's end.
            self.frames.pop();
            if self.at_body_level() {
                self.state = State::ItemStart;
            }
            return;
        }
        if !matches!(
            class,
            C::BraceClose
                | C::BracketClose
                | C::ParenClose
                | C::TemplateClose
                | C::QuoteClose
                | C::HeredocClose
        ) {
            return;
        }
        // A closer pops to what it closes, if that is open in this body;
        // a `}` with nothing nested open closes the body itself.
        let nested = self
            .frames
            .iter()
            .rev()
            .take_while(|f| matches!(f, Frame::Nested(_)))
            .position(|f| *f == Frame::Nested(class));
        match nested {
            Some(depth) => {
                let keep = self.frames.len() - depth - 1;
                self.frames.truncate(keep);
            }
            None if class == C::BraceClose && !self.at_body_level() => {
                while matches!(self.frames.last(), Some(Frame::Nested(_))) {
                    self.frames.pop();
                }
                self.close_body(end);
                self.state = State::ItemStart;
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(text: &str) -> Vec<(Role, &str)> {
        let scan = Scan::new(text);
        scan.tokens
            .iter()
            .filter(|t| t.role != Role::Other)
            .map(|t| (t.role, &text[t.span.as_range()]))
            .collect()
    }

    #[test]
    fn names_types_and_labels() {
        let text = "a = { b = 1 }\nservice \"web\" x {\n  port = [1,\n 2]\n  inner {}\n}\n";
        assert_eq!(
            roles(text),
            [
                (Role::AttributeName, "a"),
                (Role::BlockType, "service"),
                (Role::Label, "\""),
                (Role::Label, "web"),
                (Role::Label, "\""),
                (Role::Label, "x"),
                (Role::AttributeName, "port"),
                (Role::BlockType, "inner"),
            ]
        );
        let scan = Scan::new(text);
        assert_eq!(scan.levels.len(), 3);
        assert_eq!(scan.path(2), ["service", "inner"]);
        let port = text.find("port").unwrap();
        let at = scan.token_at(port).unwrap();
        assert_eq!(scan.path(scan.before(at).0), ["service"]);
    }

    #[test]
    fn broken_files_still_read() {
        // A half-typed attribute and an unclosed block.
        let text = "service \"web\" {\n  name = \"x\n  por";
        let scan = Scan::new(text);
        let at = scan.token_at(text.len()).unwrap();
        let (level, state) = scan.before(at);
        assert_eq!(
            (scan.path(level), state),
            (vec!["service"], State::ItemStart)
        );
        assert_eq!(scan.levels[level].attributes[0].name, "name");
        // A stray closer does not leave the block.
        let text = "a {\n  b = )]\n  c";
        let scan = Scan::new(text);
        let at = scan.token_at(text.len()).unwrap();
        assert_eq!(scan.path(scan.before(at).0), ["a"]);
        // A `}` closing a block from inside an unclosed expression.
        let text = "a {\n  b = [1\n}\nc";
        let scan = Scan::new(text);
        let at = scan.token_at(text.len()).unwrap();
        assert_eq!(scan.before(at), (0, State::ItemStart));
    }

    #[test]
    fn value_states() {
        let text = "mode = \"fa";
        let scan = Scan::new(text);
        let at = scan.token_at(text.len()).unwrap();
        assert_eq!(scan.before(at).1, State::ValueQuote(0));
        let text = "mode = ";
        let scan = Scan::new(text);
        let at = scan.token_at(text.len() - 1).unwrap();
        assert_eq!(scan.tokens[at].state, State::Value(0));
    }
}
