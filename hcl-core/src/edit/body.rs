//! The edits of a body, placed as the reference's `hclwrite` places them,
//! and reading its attributes and blocks.

use std::fmt;

use super::tree::{lex, Attribute, Block, Body, Node, Tok};
use crate::ast::{ExpressionKind, TraversalStepKind};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::lexer::TokenKind;
use crate::value::Value;

/// Two spaces a level, the canonical layout's indentation.
fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

/// `Ok` when `name` is an identifier, else an error of `code` saying
/// what it was to name.
fn identifier(name: &str, code: Code, what: &str) -> Result<(), Diagnostics> {
    let (toks, end) = lex(name, 0);
    match toks.as_slice() {
        [tok] if tok.kind == TokenKind::Ident && tok.pre.is_empty() && end.is_empty() => Ok(()),
        _ => Err(Diagnostic::error(
            code,
            format!("Invalid {what} name"),
            format!("{name:?} is not an identifier: a {what} name is a letter or underscore, then letters, digits, underscores and dashes."),
        )
        .into()),
    }
}

/// The tokens of an expression's text, the first without spaces before it
/// unless the text starts with some; the spaces at its end are dropped.
pub(super) fn expr_tokens(text: &str) -> Vec<Tok> {
    lex(text, 0).0
}

impl Body {
    /// The indentation of the items an edit adds: that of the body's last
    /// item that starts a line (so that a file indented with tabs or four
    /// spaces keeps its way), else two spaces a level.
    fn item_indent(&self) -> String {
        let mut line_start = self.depth == 0;
        let mut found = None;
        for node in &self.nodes {
            let first = match node {
                Node::Attribute(a) => Some(a.first_token()),
                Node::Block(b) => Some(b.first_token()),
                Node::Loose(_) => None,
            };
            if let Some(first) = first.filter(|_| line_start) {
                found = Some(&first.pre);
            }
            line_start = node.last_token().is_some_and(Tok::ends_line);
        }
        match (found, &self.fresh_indent) {
            (Some(found), _) => found.clone(),
            (None, Some(fresh)) => fresh.clone(),
            (None, None) => indent(self.depth),
        }
    }

    /// The attributes, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a = 1\nb = 2\n", "main.hcl").unwrap();
    /// let names: Vec<&str> = doc.body().attributes().map(|a| a.name()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute> {
        self.nodes.iter().filter_map(|n| match n {
            Node::Attribute(a) => Some(a),
            _ => None,
        })
    }

    /// The blocks, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a {}\nb {}\n", "main.hcl").unwrap();
    /// let types: Vec<&str> = doc.body().blocks().map(|b| b.block_type()).collect();
    /// assert_eq!(types, ["a", "b"]);
    /// ```
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.nodes.iter().filter_map(|n| match n {
            Node::Block(b) => Some(b),
            _ => None,
        })
    }

    /// The attribute named `name`, if the body has one.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a = [1, 2]\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().attribute("a").map(|a| a.expr_text()), Some(" [1, 2]".to_owned()));
    /// assert!(doc.body().attribute("b").is_none());
    /// ```
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes().find(|a| a.name() == name)
    }

    fn attribute_mut(&mut self, name: &str) -> Option<&mut Attribute> {
        self.nodes.iter_mut().find_map(|n| match n {
            Node::Attribute(a) if a.name() == name => Some(a),
            _ => None,
        })
    }

    /// The first block, in order, of type `block_type` whose labels are
    /// exactly `labels`.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("r \"a\" {}\nr \"b\" {}\n", "main.hcl").unwrap();
    /// assert!(doc.body().first_matching_block("r", &["b"]).is_some());
    /// assert!(doc.body().first_matching_block("r", &[]).is_none());
    /// ```
    pub fn first_matching_block(&self, block_type: &str, labels: &[&str]) -> Option<&Block> {
        self.blocks().find(|b| b.matches(block_type, labels))
    }

    /// The first matching block, to edit; see
    /// [`first_matching_block`](Body::first_matching_block).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("b {\n}\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().first_matching_block_mut("b", &[]).unwrap();
    /// block.body_mut().set_attribute_raw("x", "1").unwrap();
    /// assert_eq!(doc.to_string(), "b {\n  x = 1\n}\n");
    /// ```
    pub fn first_matching_block_mut(
        &mut self,
        block_type: &str,
        labels: &[&str],
    ) -> Option<&mut Block> {
        self.nodes.iter_mut().find_map(|n| match n {
            Node::Block(b) if b.matches(block_type, labels) => Some(b),
            _ => None,
        })
    }

    /// The blocks, in order, to edit.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a {}\nb {}\n", "main.hcl").unwrap();
    /// for block in doc.body_mut().blocks_mut() {
    ///     block.set_labels(&["x"]);
    /// }
    /// assert_eq!(doc.to_string(), "a \"x\" {}\nb \"x\" {}\n");
    /// ```
    pub fn blocks_mut(&mut self) -> impl Iterator<Item = &mut Block> {
        self.nodes.iter_mut().filter_map(|n| match n {
            Node::Block(b) => Some(b),
            _ => None,
        })
    }

    /// Keeps the blocks for which `keep` is true and removes the others,
    /// each with its comments and line break, as
    /// [`remove_block`](Body::remove_block) does; `keep` sees every block
    /// once, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let src = "r \"a\" {}\n# b\nr \"b\" {}\nr \"c\" {}\n";
    /// let mut doc = hcl_core::edit::Document::parse(src, "main.hcl").unwrap();
    /// doc.body_mut().retain_blocks(|b| b.labels() != ["b"]);
    /// assert_eq!(doc.to_string(), "r \"a\" {}\nr \"c\" {}\n");
    /// ```
    pub fn retain_blocks(&mut self, mut keep: impl FnMut(&Block) -> bool) {
        self.nodes.retain(|n| match n {
            Node::Block(b) => keep(b),
            _ => true,
        });
        self.settle();
    }

    /// Sets the attribute `name` to `value`, written as the reference's
    /// `TokensForValue` writes it ([`value_text`](super::value_text)). An
    /// existing attribute keeps its comments and line; a new one is added at
    /// the end of the body.
    ///
    /// # Errors
    ///
    /// A value that has no expression (an infinite number, an unknown value)
    /// is refused with [`Code::UnwritableValue`], a name that is not an
    /// identifier with [`Code::InvalidArgumentName`]; the body is then
    /// unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{edit::Document, Value};
    ///
    /// let mut doc = Document::parse("# lead\na = 1 # line\n", "main.hcl").unwrap();
    /// doc.body_mut().set_attribute_value("a", &Value::from("new")).unwrap();
    /// doc.body_mut().set_attribute_value("b", &Value::from(true)).unwrap();
    /// assert_eq!(doc.to_string(), "# lead\na = \"new\" # line\nb = true\n");
    /// ```
    pub fn set_attribute_value(&mut self, name: &str, value: &Value) -> Result<(), Diagnostics> {
        identifier(name, Code::InvalidArgumentName, "argument")?;
        let text = super::value_text(value);
        if crate::parse_expression(&text, "value").is_err() {
            return Err(Diagnostic::error(
                Code::UnwritableValue,
                "Value has no expression",
                format!("The value {text} cannot be written as an expression that reads back."),
            )
            .into());
        }
        self.set_expr(name, expr_tokens(&text), true);
        Ok(())
    }

    /// Sets the attribute `name` to the expression `expr`, written as it is
    /// (its spaces, comments and line breaks included); see
    /// [`set_attribute_value`](Body::set_attribute_value) for where it goes.
    ///
    /// # Errors
    ///
    /// The parser's diagnostics when `expr` is not one expression, and
    /// [`Code::MissingExpression`] when it starts with a line break or a
    /// line comment (the attribute's line would end before it);
    /// [`Code::InvalidArgumentName`] when `name` is not an identifier. The
    /// body is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// doc.body_mut().set_attribute_raw("a", "var.x + 1").unwrap();
    /// assert_eq!(doc.to_string(), "a = var.x + 1\n");
    /// assert!(doc.body_mut().set_attribute_raw("a", "1 +").is_err());
    /// ```
    pub fn set_attribute_raw(&mut self, name: &str, expr: &str) -> Result<(), Diagnostics> {
        identifier(name, Code::InvalidArgumentName, "argument")?;
        crate::parse_expression(expr, "expression")?;
        let toks = expr_tokens(expr);
        if toks.first().is_some_and(Tok::ends_line) {
            return Err(Diagnostic::error(
                Code::MissingExpression,
                "Missing expression",
                "An attribute's expression starts on the attribute's line; this text starts with a line break or a line comment.",
            )
            .into());
        }
        self.set_expr(name, toks, false);
        Ok(())
    }

    /// Sets the attribute `name` to the traversal `traversal` (`var.x[0]`),
    /// written afresh: its steps without spaces or comments, index keys as
    /// [`value_text`](super::value_text) writes them.
    ///
    /// # Errors
    ///
    /// The parser's diagnostics when the text is not an expression, and
    /// [`Code::InvalidTraversal`] when it is not a traversal from a name,
    /// [`Code::InvalidArgumentName`] when `name` is not an identifier.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("", "main.hcl").unwrap();
    /// doc.body_mut().set_attribute_traversal("id", "aws_instance . web [ 0 ]").unwrap();
    /// assert_eq!(doc.to_string(), "id = aws_instance.web[0]\n");
    /// assert!(doc.body_mut().set_attribute_traversal("id", "f(x)").is_err());
    /// ```
    pub fn set_attribute_traversal(
        &mut self,
        name: &str,
        traversal: &str,
    ) -> Result<(), Diagnostics> {
        identifier(name, Code::InvalidArgumentName, "argument")?;
        let text = traversal_text(traversal)?;
        self.set_expr(name, expr_tokens(&text), true);
        Ok(())
    }

    /// Sets an attribute's expression tokens; `value` when they are a
    /// value's text, whose lines after the first are indented as the body.
    pub(super) fn set_expr(&mut self, name: &str, expr: Vec<Tok>, value: bool) {
        let gap = match expr.first() {
            Some(first) if first.pre.is_empty() => Some(" ".to_owned()),
            _ => None,
        };
        let expr_indent = if value {
            self.item_indent()
        } else {
            String::new()
        };
        if let Some(attr) = self.attribute_mut(name) {
            // A comment that ends the text would swallow what follows on
            // the line: the attribute's line ends after it.
            if expr.last().is_some_and(Tok::is_open_line_comment) && attr.newline.is_none() {
                attr.newline = Some(Tok::newline());
            }
            attr.expr = expr;
            attr.gap = gap;
            attr.indent = expr_indent;
            self.settle();
            return;
        }
        let attr = Attribute {
            lead: Vec::new(),
            name: Tok::new(TokenKind::Ident, &self.item_indent(), name),
            equals: vec![Tok::new(TokenKind::Equal, " ", "=")],
            expr,
            gap,
            indent: expr_indent,
            line: Vec::new(),
            newline: Some(Tok::newline()),
        };
        self.push_item(Node::Attribute(attr));
    }

    /// Whether something written at the end of the body would start a new
    /// line: the body is empty (the root body) or ends with a line break.
    fn ends_line(&self) -> bool {
        match self.last_token() {
            Some(tok) => tok.ends_line(),
            None => self.depth == 0,
        }
    }

    /// Makes a one-line block's body start on a line of its own, so that
    /// it can take more lines: `a { b = 1 }` would not parse as
    /// `a { b = 1` and more lines.
    fn break_after_open(&mut self) {
        if self.depth == 0 || self.nodes.is_empty() {
            return;
        }
        let starts_line = match self.nodes.first() {
            Some(Node::Loose(tok)) => tok.ends_line(),
            _ => false,
        };
        if starts_line {
            return;
        }
        let indent = self
            .fresh_indent
            .clone()
            .unwrap_or_else(|| indent(self.depth));
        match self.nodes.first_mut() {
            Some(Node::Loose(tok)) => tok.pre.clone_from(&indent),
            Some(Node::Attribute(a)) => a.first_token_mut().pre.clone_from(&indent),
            Some(Node::Block(b)) => b.first_token_mut().pre.clone_from(&indent),
            None => {}
        }
        self.nodes.insert(0, Node::Loose(Tok::newline()));
    }

    /// Ends the body with a line break, if it does not end with one.
    fn end_line(&mut self) {
        if self.ends_line() {
            return;
        }
        // The line break goes to the item that ends the body, if one does,
        // so that removing that item later removes it too.
        match self.nodes.last_mut() {
            Some(Node::Attribute(a)) if a.newline.is_none() => a.newline = Some(Tok::newline()),
            Some(Node::Block(b)) if b.newline.is_none() => b.newline = Some(Tok::newline()),
            _ => self.nodes.push(Node::Loose(Tok::newline())),
        }
        if self.depth > 0 {
            self.end = indent(self.depth - 1);
        }
    }

    /// Whether the block body may stay on the line of its braces: empty, or
    /// one attribute that does not end its line (`a { b = 1 }`).
    fn fits_one_line(&self) -> bool {
        match self.nodes.as_slice() {
            [] => true,
            [Node::Attribute(a)] => {
                let open = |t: &Tok| t.ends_line() || t.is_open_line_comment();
                a.newline.is_none() && !a.expr.last().is_some_and(open) && !a.line.iter().any(open)
            }
            _ => false,
        }
    }

    /// After an edit of a block body: a body that no longer fits on the
    /// line of its braces starts and ends on lines of its own, as the
    /// syntax wants of a block of lines.
    fn settle(&mut self) {
        if self.depth == 0 || self.fits_one_line() {
            return;
        }
        self.break_after_open();
        self.end_line();
    }

    /// Adds an item at the end of the body, on a line of its own.
    fn push_item(&mut self, item: Node) {
        self.break_after_open();
        self.end_line();
        self.nodes.push(item);
        self.settle();
    }

    /// Removes the attribute `name` with its comments and line break, and
    /// returns it; `None` when the body has no such attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("x = 1\n\n# lead\ny = 2 # line\n\nz = 3\n", "main.hcl").unwrap();
    /// assert!(doc.body_mut().remove_attribute("y").is_some());
    /// assert_eq!(doc.to_string(), "x = 1\n\n\nz = 3\n");
    /// ```
    pub fn remove_attribute(&mut self, name: &str) -> Option<Attribute> {
        let at = self
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Attribute(a) if a.name() == name))?;
        let removed = self.nodes.remove(at);
        // The comments of the first item may have been on the line of `{`.
        self.settle();
        match removed {
            Node::Attribute(a) => Some(a),
            _ => None,
        }
    }

    /// Renames the attribute `from` to `to` where it stands, keeping its
    /// expression and comments; `Ok(false)` when there is no attribute
    /// `from`.
    ///
    /// # Errors
    ///
    /// [`Code::InvalidArgumentName`] when `to` is not an identifier, and
    /// [`Code::DuplicateArgument`] when the body has an attribute `to`
    /// already; the body is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1 # one\nb = 2\n", "main.hcl").unwrap();
    /// assert!(doc.body_mut().rename_attribute("a", "c").unwrap());
    /// assert_eq!(doc.to_string(), "c = 1 # one\nb = 2\n");
    /// assert!(doc.body_mut().rename_attribute("c", "b").is_err());
    /// ```
    pub fn rename_attribute(&mut self, from: &str, to: &str) -> Result<bool, Diagnostics> {
        identifier(to, Code::InvalidArgumentName, "argument")?;
        if from != to && self.attribute(to).is_some() && self.attribute(from).is_some() {
            return Err(Diagnostic::error(
                Code::DuplicateArgument,
                "Duplicate argument",
                format!("The body has an argument {to:?} already."),
            )
            .into());
        }
        match self.attribute_mut(from) {
            Some(attr) => {
                to.clone_into(&mut attr.name.text);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Adds an empty block at the end of the body, its labels quoted, and
    /// returns it.
    ///
    /// # Errors
    ///
    /// [`Code::InvalidBlockDefinition`] when `block_type` is not an
    /// identifier; the body is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().append_block("service", &["web"]).unwrap();
    /// block.body_mut().set_attribute_raw("port", "80").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\nservice \"web\" {\n  port = 80\n}\n");
    /// ```
    pub fn append_block(
        &mut self,
        block_type: &str,
        labels: &[&str],
    ) -> Result<&mut Block, Diagnostics> {
        identifier(block_type, Code::InvalidBlockDefinition, "block type")?;
        let own = self.item_indent();
        // One level more, as this body's items stand from its `}`.
        let unit = own
            .strip_prefix(self.end.as_str())
            .filter(|unit| !unit.is_empty() && self.depth > 0 && self.ends_line())
            .unwrap_or("  ");
        let inner = format!("{own}{unit}");
        let mut block = Block {
            lead: Vec::new(),
            ident: Tok::new(TokenKind::Ident, &own, block_type),
            header: Vec::new(),
            label_tokens: None,
            labels: Vec::new(),
            open: Tok::new(TokenKind::OBrace, " ", "{"),
            body: Body {
                nodes: vec![Node::Loose(Tok::newline())],
                end: own.clone(),
                depth: self.depth + 1,
                fresh_indent: Some(inner),
            },
            close: Tok::new(TokenKind::CBrace, "", "}"),
            line: Vec::new(),
            newline: Some(Tok::newline()),
        };
        block.set_labels(labels);
        self.push_item(Node::Block(block));
        match self.nodes.last_mut() {
            Some(Node::Block(block)) => Ok(block),
            _ => unreachable!("a block was just pushed"),
        }
    }

    /// Removes the first block of type `block_type` with exactly `labels`
    /// (with its comments and line break) and returns it; `None` when there
    /// is none.
    ///
    /// # Examples
    ///
    /// ```
    /// let src = "# lead\nb \"x\" {\n  c = 1\n} # after\n# next\nd = 1\n";
    /// let mut doc = hcl_core::edit::Document::parse(src, "main.hcl").unwrap();
    /// assert!(doc.body_mut().remove_block("b", &["x"]).is_some());
    /// assert_eq!(doc.to_string(), "# next\nd = 1\n");
    /// ```
    pub fn remove_block(&mut self, block_type: &str, labels: &[&str]) -> Option<Block> {
        let at = self
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Block(b) if b.matches(block_type, labels)))?;
        let removed = self.nodes.remove(at);
        self.settle();
        match removed {
            Node::Block(b) => Some(b),
            _ => None,
        }
    }

    /// Adds a line break at the end of the body: a blank line.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// doc.body_mut().append_newline();
    /// doc.body_mut().set_attribute_raw("b", "2").unwrap();
    /// assert_eq!(doc.to_string(), "a = 1\n\nb = 2\n");
    /// ```
    pub fn append_newline(&mut self) {
        self.nodes.push(Node::Loose(Tok::newline()));
        self.settle();
    }

    /// Removes everything in the body: in a block, all between its braces.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a {\n  b = 1\n}\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().first_matching_block_mut("a", &[]).unwrap();
    /// block.body_mut().clear();
    /// assert_eq!(doc.to_string(), "a {}\n");
    /// ```
    pub fn clear(&mut self) {
        self.nodes.clear();
        if self.depth > 0 {
            self.end.clear();
        }
    }
}

/// The text of a traversal written afresh, or why `text` is none.
fn traversal_text(text: &str) -> Result<String, Diagnostics> {
    let expr = crate::parse_expression(text, "traversal")?;
    let not_traversal = || {
        Diagnostics::from(Diagnostic::error(
            Code::InvalidTraversal,
            "Invalid traversal",
            "A traversal is a name followed by attribute and index steps, such as var.x[0].",
        ))
    };
    let ExpressionKind::ScopeTraversal { root, steps, .. } = &expr.kind else {
        return Err(not_traversal());
    };
    let mut out = (*root).to_owned();
    let source = std::sync::Arc::new(crate::SourceFile::new("traversal", text));
    for step in steps {
        match &step.kind {
            TraversalStepKind::Attr(name) => {
                out.push('.');
                out.push_str(name);
            }
            TraversalStepKind::Index(key) => {
                let key = crate::EvalContext::new()
                    .evaluate(key, &source)
                    .map_err(|_| not_traversal())?;
                out.push('[');
                out.push_str(&super::value_text(&key));
                out.push(']');
            }
        }
    }
    Ok(out)
}

impl Attribute {
    /// The attribute's name.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a = 1\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().attributes().next().unwrap().name(), "a");
    /// ```
    pub fn name(&self) -> &str {
        &self.name.text
    }
}

impl fmt::Display for Attribute {
    /// The attribute's bytes, its comments and line break included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out);
        f.write_str(&out)
    }
}

impl Block {
    /// The block's type.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a {}\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().blocks().next().unwrap().block_type(), "a");
    /// ```
    pub fn block_type(&self) -> &str {
        &self.ident.text
    }

    /// The labels' values, escapes resolved.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a \"x\\\"y\" z {}\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().blocks().next().unwrap().labels(), ["x\"y", "z"]);
    /// ```
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    fn matches(&self, block_type: &str, labels: &[&str]) -> bool {
        self.block_type() == block_type
            && self.labels.len() == labels.len()
            && self.labels.iter().zip(labels).all(|(a, b)| a == b)
    }

    /// The block's body.
    ///
    /// # Examples
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a {\n  b = 1\n}\n", "main.hcl").unwrap();
    /// assert!(doc.body().blocks().next().unwrap().body().attribute("b").is_some());
    /// ```
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The block's body, to edit.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a { b = 1 }\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().first_matching_block_mut("a", &[]).unwrap();
    /// block.body_mut().remove_attribute("b");
    /// assert_eq!(doc.to_string(), "a {}\n");
    /// ```
    pub fn body_mut(&mut self) -> &mut Body {
        &mut self.body
    }

    /// Renames the block's type, keeping its labels, body and comments.
    ///
    /// # Errors
    ///
    /// [`Code::InvalidBlockDefinition`] when `block_type` is not an
    /// identifier; the block is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("a \"x\" {\n}\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().first_matching_block_mut("a", &["x"]).unwrap();
    /// block.set_block_type("b").unwrap();
    /// assert_eq!(doc.to_string(), "b \"x\" {\n}\n");
    /// ```
    pub fn set_block_type(&mut self, block_type: &str) -> Result<(), Diagnostics> {
        identifier(block_type, Code::InvalidBlockDefinition, "block type")?;
        block_type.clone_into(&mut self.ident.text);
        Ok(())
    }

    /// Replaces the labels (and the comments between them) with `labels`,
    /// quoted; the comments before `{` stay.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut doc = hcl_core::edit::Document::parse("res a b {\n}\n", "main.hcl").unwrap();
    /// let block = doc.body_mut().first_matching_block_mut("res", &["a", "b"]).unwrap();
    /// block.set_labels(&["c"]);
    /// assert_eq!(doc.to_string(), "res \"c\" {\n}\n");
    /// ```
    pub fn set_labels(&mut self, labels: &[&str]) {
        let (from, to) = self.label_tokens.unwrap_or((0, 0));
        let first_pre = match self.header.get(from) {
            Some(tok) if to > from && !tok.pre.is_empty() => tok.pre.clone(),
            _ => " ".to_owned(),
        };
        let mut new = Vec::new();
        for (i, label) in labels.iter().enumerate() {
            let pre = if i == 0 { first_pre.as_str() } else { " " };
            let text = super::value_text(&Value::from(*label));
            let mut toks = lex(&text, 0).0;
            if let Some(first) = toks.first_mut() {
                first.pre = pre.to_owned();
            }
            new.extend(toks);
        }
        let count = new.len();
        let to = to.min(self.header.len());
        let from = from.min(to);
        self.header.splice(from..to, new);
        self.label_tokens = (count > 0).then_some((from, from + count));
        self.labels = labels
            .iter()
            .map(|l| {
                use unicode_normalization::UnicodeNormalization;
                l.nfc().collect()
            })
            .collect();
    }
}

impl fmt::Display for Body {
    /// The body's bytes: in a block, all between its braces.
    ///
    /// ```
    /// let doc = hcl_core::edit::Document::parse("a {\n  b = 1\n}\n", "main.hcl").unwrap();
    /// assert_eq!(doc.body().blocks().next().unwrap().body().to_string(), "\n  b = 1\n");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out);
        f.write_str(&out)
    }
}

impl fmt::Display for Block {
    /// The block's bytes, its comments and line break included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out);
        f.write_str(&out)
    }
}
