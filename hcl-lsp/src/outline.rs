//! The outline of a document (its blocks, nested, with their attributes)
//! and its folding ranges.

use crate::check::body_schema;
use crate::line_index::LineIndex;
use hcl_core::schema::{Attribute, Block};
use hcl_core::{Body, Span, Syntax, TokenClass};
use hcl_serde::ConfigSchema;
use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

/// A document's text with what positions need.
pub(crate) struct Text<'t> {
    pub(crate) text: &'t str,
    pub(crate) index: &'t LineIndex,
}

impl Text<'_> {
    fn range(&self, span: Span) -> lsp_types::Range {
        self.index
            .range(self.text, span.start as usize, span.end as usize)
    }

    fn line(&self, offset: u32) -> u32 {
        self.index.position(self.text, offset as usize).line
    }
}

/// The outline of a document: each block as a symbol named by its type
/// and labels, with its attributes and blocks as children. A file of the
/// native syntax has the outline of the tree its parser gives of any text
/// (an unclosed block runs to the end of the text); one of the JSON
/// syntax, `None` when it does not parse, has blocks only where the
/// schema declares them (elsewhere each property is an attribute).
pub(crate) fn symbols(
    text: &Text<'_>,
    filename: &str,
    schema: Option<&ConfigSchema>,
) -> Option<Vec<DocumentSymbol>> {
    if Syntax::of_name(filename) == Syntax::Native {
        let (file, _) = hcl_core::parse_partial(text.text, filename);
        return Some(level(text, &Body::from_file(&file), schema, false));
    }
    let file = hcl_core::parse_config(text.text, filename).ok()?;
    Some(level(text, &Body::from_config_file(&file), schema, true))
}

/// The symbols of one body.
fn level(
    text: &Text<'_>,
    body: &Body<'_>,
    schema: Option<&ConfigSchema>,
    json: bool,
) -> Vec<DocumentSymbol> {
    let (attributes, blocks) = items(body, schema, json);
    let mut symbols: Vec<(u32, DocumentSymbol)> = Vec::new();
    for attribute in &attributes {
        let info = schema.and_then(|s| s.attribute(attribute.name));
        symbols.push((
            attribute.span.start,
            symbol(
                attribute.name.to_owned(),
                info.map(|i| i.type_name.clone()),
                SymbolKind::PROPERTY,
                (text.range(attribute.span), text.range(attribute.name_span)),
                None,
            ),
        ));
    }
    for block in &blocks {
        let inner = schema
            .and_then(|s| s.block(block.block_type))
            .map(|b| &b.body);
        let mut name = block.block_type.to_owned();
        for label in &block.labels {
            name.push_str(&format!(" {:?}", label.value));
        }
        let children = level(text, &block.body, inner, json);
        symbols.push((
            block.span.start,
            symbol(
                name,
                None,
                SymbolKind::STRUCT,
                (text.range(block.span), text.range(block.type_span)),
                Some(children),
            ),
        ));
    }
    symbols.sort_by_key(|(start, _)| *start);
    symbols.into_iter().map(|(_, symbol)| symbol).collect()
}

/// A body's attributes and blocks: every item of the native syntax; in
/// the JSON syntax, the blocks the schema declares and every other
/// property as an attribute.
pub(crate) fn items<'a>(
    body: &Body<'a>,
    schema: Option<&ConfigSchema>,
    json: bool,
) -> (Vec<Attribute<'a>>, Vec<Block<'a>>) {
    let declared = schema.filter(|_| json).and_then(|s| body_schema(s).ok());
    match declared {
        Some(declared) => {
            let (content, rest, _) = body.partial_content_with_diagnostics(&declared);
            let (mut attributes, mut blocks) = rest.items();
            attributes.extend(content.attributes.into_values());
            blocks.extend(content.blocks);
            (attributes, blocks)
        }
        None => body.items(),
    }
}

fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    (range, selection_range): (lsp_types::Range, lsp_types::Range),
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    #[allow(deprecated, reason = "the protocol's type still has the field")]
    DocumentSymbol {
        name,
        detail: detail.filter(|d| !d.is_empty()),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}

/// The folding ranges of a document of the native syntax, from its tokens
/// (so a file that does not parse folds too): every `{ }`, `[ ]`, `( )` and
/// heredoc over more than one line, and runs of comment lines. Each range
/// leaves the closing line out, so that the closing bracket stays in view.
pub(crate) fn folding_native(text: &Text<'_>) -> Vec<FoldingRange> {
    let mut ranges = Vec::new();
    let mut open: Vec<(TokenClass, u32)> = Vec::new();
    let mut comments: Option<(u32, u32)> = None;
    for (class, span) in hcl_core::tokens(text.text) {
        let line = text.line(span.start);
        if class == TokenClass::Comment {
            let last = text.line(span.end.saturating_sub(1));
            comments = match comments {
                Some((first, end)) if end + 1 == line => Some((first, last)),
                done => {
                    push_comments(&mut ranges, done);
                    Some((line, last))
                }
            };
            continue;
        }
        if class != TokenClass::Newline {
            push_comments(&mut ranges, comments.take());
        }
        let closer = match class {
            TokenClass::BraceOpen => Some(TokenClass::BraceClose),
            TokenClass::BracketOpen => Some(TokenClass::BracketClose),
            TokenClass::ParenOpen => Some(TokenClass::ParenClose),
            TokenClass::HeredocOpen => Some(TokenClass::HeredocClose),
            _ => None,
        };
        if let Some(closer) = closer {
            open.push((closer, line));
        } else if let Some(at) = open.iter().rposition(|(closer, _)| *closer == class) {
            let start = open.get(at).map_or(line, |(_, start)| *start);
            open.truncate(at);
            push_range(&mut ranges, start, line, None);
        }
    }
    push_comments(&mut ranges, comments);
    ranges.sort_by_key(|r| (r.start_line, r.end_line));
    ranges
}

/// The folding ranges of a document of the JSON syntax that parses: each
/// multi-line item of its outline.
pub(crate) fn folding_json(symbols: &[DocumentSymbol]) -> Vec<FoldingRange> {
    let mut ranges = Vec::new();
    let mut stack: Vec<&DocumentSymbol> = symbols.iter().collect();
    while let Some(symbol) = stack.pop() {
        push_range(
            &mut ranges,
            symbol.range.start.line,
            symbol.range.end.line,
            None,
        );
        stack.extend(symbol.children.iter().flatten());
    }
    ranges.sort_by_key(|r| (r.start_line, r.end_line));
    ranges
}

fn push_comments(ranges: &mut Vec<FoldingRange>, run: Option<(u32, u32)>) {
    if let Some((first, last)) = run {
        if last > first {
            ranges.push(FoldingRange {
                start_line: first,
                end_line: last,
                kind: Some(FoldingRangeKind::Comment),
                ..FoldingRange::default()
            });
        }
    }
}

/// A range from line `start` to the line before `close`, if that is more
/// than one line.
fn push_range(
    ranges: &mut Vec<FoldingRange>,
    start: u32,
    close: u32,
    kind: Option<FoldingRangeKind>,
) {
    if close > start + 1 {
        ranges.push(FoldingRange {
            start_line: start,
            end_line: close - 1,
            kind,
            ..FoldingRange::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_text<R>(text: &str, f: impl FnOnce(&Text<'_>) -> R) -> R {
        let index = LineIndex::new(text);
        f(&Text {
            text,
            index: &index,
        })
    }

    #[test]
    fn blocks_nest_and_attributes_are_properties() {
        let text = "a = 1\nservice \"wéb\" {\n  port = 80\n  check {}\n}\n";
        let found = with_text(text, |t| symbols(t, "x.hcl", None)).unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(
            (found[0].name.as_str(), found[0].kind),
            ("a", SymbolKind::PROPERTY)
        );
        let service = &found[1];
        assert_eq!(service.name, "service \"wéb\"");
        assert_eq!(service.range.start.line, 1);
        assert_eq!(service.range.end.line, 4);
        let children: Vec<&str> = service
            .children
            .iter()
            .flatten()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(children, ["port", "check"]);
        let json = |t: &Text<'_>| symbols(t, "x.hcl.json", None);
        assert!(with_text("{\"a\": ", json).is_none());
    }

    #[test]
    fn a_file_that_does_not_parse_has_the_outline_of_its_partial_tree() {
        let text =
            "a = [1,\n  2]\nservice \"wéb\" x {\n  port = \n  inner {\n    b = 1 }\n  c = {\n";
        let found = with_text(text, |t| symbols(t, "x.hcl", None)).unwrap();
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "service \"wéb\" \"x\""]);
        assert_eq!(
            (found[0].range.start.line, found[0].range.end),
            (0, lsp_types::Position::new(1, 4))
        );
        let service = &found[1];
        assert_eq!(service.range.end, lsp_types::Position::new(7, 0));
        let children: Vec<&str> = service
            .children
            .iter()
            .flatten()
            .map(|c| c.name.as_str())
            .collect();
        // After the error at `port`, the parser recovers to the end of
        // each line, as the reference's does: the `}` after `b = 1` is
        // skipped, so `inner` holds `c` and runs to the end.
        assert_eq!(children, ["port", "inner"]);
        let inner = &service.children.as_ref().unwrap()[1];
        let inner_children: Vec<&str> = inner
            .children
            .iter()
            .flatten()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(inner_children, ["b", "c"]);
        assert_eq!(inner.range.end, lsp_types::Position::new(7, 0));
        // No stack overflow on deep nesting.
        let deep = "a {\n".repeat(5000);
        let found = with_text(&deep, |t| symbols(t, "x.hcl", None)).unwrap();
        assert_eq!(found.len(), 1);
    }

    #[test]
    fn json_blocks_come_from_the_schema() {
        let text = "{\n  \"service\": {\n    \"web\": {\n      \"port\": 80\n    }\n  }\n}\n";
        let schema = ConfigSchema {
            blocks: vec![hcl_serde::BlockInfo {
                block_type: "service".into(),
                labels: vec!["name".into()],
                ..Default::default()
            }],
            ..Default::default()
        };
        let found = with_text(text, |t| symbols(t, "x.hcl.json", Some(&schema))).unwrap();
        assert_eq!(found[0].name, "service \"web\"");
        assert_eq!(found[0].children.as_ref().unwrap()[0].name, "port");
        let plain = with_text(text, |t| symbols(t, "x.hcl.json", None)).unwrap();
        assert_eq!(plain[0].kind, SymbolKind::PROPERTY);
        let folds = folding_json(&found);
        assert_eq!((folds[0].start_line, folds[0].end_line), (1, 3));
    }

    #[test]
    fn folding_blocks_lists_heredocs_and_comments() {
        let text = "# one\n# two\na {\n  b = [\n    1,\n  ]\n  c = <<EOT\nx\ny\nEOT\n}\nd {\n";
        let folds = with_text(text, folding_native);
        let lines: Vec<(u32, u32)> = folds.iter().map(|f| (f.start_line, f.end_line)).collect();
        assert_eq!(lines, [(0, 1), (2, 9), (3, 4), (6, 8)]);
        assert_eq!(folds[0].kind, Some(FoldingRangeKind::Comment));
    }
}
