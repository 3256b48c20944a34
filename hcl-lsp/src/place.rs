//! Where a position of a native-syntax document is, read from the tree
//! hcl-core's parser gives of any text ([`hcl_core::parse_partial`]): the
//! blocks around it, and whether an item, a label or an attribute's value
//! may be typed there. A file being typed rarely parses; the parser's
//! recovery keeps the items around a syntax error, an unclosed block
//! holds its items to the end of the text, and a half-typed line is left
//! out, which leaves its place between items.

use hcl_core::ast::{Attribute, Block, Body, ExpressionKind};
use hcl_core::{File, Span};

/// What may be typed at the position.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Slot<'t> {
    /// An item of the body: an attribute or a block. `typing` is the
    /// identifier the position is in or just after, if any.
    Item { typing: Option<Span> },
    /// A label of the header of a block of type `block_type`: the label
    /// number `index`; `quoted` when its opening quote is typed already.
    Label {
        block_type: &'t str,
        index: usize,
        quoted: bool,
    },
    /// The value of `attribute`, after its `=`; `quoted` when an opening
    /// quote is typed already.
    Value {
        attribute: &'t Attribute<'t>,
        quoted: bool,
    },
}

/// A position in the tree: the blocks it is in, from the top, and what
/// may be typed there (`None` inside an expression, a comment, or
/// anything else).
#[derive(Debug)]
pub(crate) struct Place<'t> {
    pub(crate) blocks: Vec<&'t Block<'t>>,
    pub(crate) body: &'t Body<'t>,
    pub(crate) slot: Option<Slot<'t>>,
}

impl<'t> Place<'t> {
    /// The place of byte `offset` of `file`'s text.
    pub(crate) fn of(file: &'t File<'t>, offset: usize) -> Place<'t> {
        let text = file.source.text();
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let offset = offset as u32;
        let mut blocks = Vec::new();
        let mut body = &file.body;
        while let Some(block) = body.blocks.iter().find(|b| in_braces(b, offset)) {
            blocks.push(block);
            body = &block.body;
        }
        let slot = slot(text, body, offset);
        Place { blocks, body, slot }
    }

    /// The block types of the blocks the position is in, from the top.
    pub(crate) fn path(&self) -> impl Iterator<Item = &'t str> + '_ {
        self.blocks.iter().map(|b| b.block_type)
    }
}

/// Whether `offset` is between `block`'s braces (to the end of the text
/// for a block left unclosed).
fn in_braces(block: &Block<'_>, offset: u32) -> bool {
    !block.open_brace_span.is_empty()
        && block.open_brace_span.end <= offset
        && offset <= block.body.span.end
}

/// What may be typed at `offset` of `body`, the innermost body there.
fn slot<'t>(text: &'t str, body: &'t Body<'t>, offset: u32) -> Option<Slot<'t>> {
    let at = offset as usize;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..at];
    // Inside an expression (a heredoc, a bracket left open) nothing is
    // offered; nor after anything but spaces on the line (a comment).
    let inside = |s: Span| s.start < offset && offset <= s.end;
    for attribute in &body.attributes {
        if let Some(quoted) = value_slot(text, attribute, line_start, offset) {
            return Some(Slot::Value { attribute, quoted });
        }
        let invalid = matches!(attribute.expr.kind, ExpressionKind::Invalid);
        if !invalid && inside(attribute.expr.span) {
            return None;
        }
    }
    if let Some(label) = body.blocks.iter().find_map(|b| label_slot(text, b, offset)) {
        return Some(label);
    }
    // A block type and a space: the parser, expecting a label or a `{`,
    // leaves the line out of the tree.
    let header = before.trim_start();
    let block_type = leading_word(header);
    if !block_type.is_empty() && !starts_with_digit(block_type) {
        let rest = &header[block_type.len()..];
        if !rest.is_empty() && rest.trim().is_empty() {
            let start = line_start + (before.len() - header.len());
            return Some(Slot::Label {
                block_type: &text[start..start + block_type.len()],
                index: 0,
                quoted: false,
            });
        }
    }
    let word_start = before.len() - trailing_word(before).len();
    if !before[..word_start].trim().is_empty() || starts_with_digit(&before[word_start..]) {
        return None;
    }
    let word_end = at + leading_word(&text[at..]).len();
    let typing = (word_start < before.len() || word_end > at)
        .then(|| Span::new((line_start + word_start) as u32, word_end as u32));
    Some(Slot::Item { typing })
}

/// Whether `offset` is where `attribute`'s value starts (after its `=`,
/// on the name's line, with nothing typed but an opening quote and the
/// text of a string), and whether the quote is typed; `None` elsewhere.
fn value_slot(
    text: &str,
    attribute: &Attribute<'_>,
    line_start: usize,
    offset: u32,
) -> Option<bool> {
    let name = attribute.name_span;
    if name.end > offset || (name.start as usize) < line_start {
        return None;
    }
    let typed = text[name.end as usize..offset as usize]
        .trim_start()
        .strip_prefix('=')?;
    let typed = typed.trim_start();
    match typed.strip_prefix('"') {
        None if typed.is_empty() => Some(false),
        Some(string) if !string.contains(['"', '$', '%', '\\']) => Some(true),
        _ => None,
    }
}

/// The label slot of `block`'s header at `offset`, if the offset is in
/// the header after its type, on its line, before its `{`.
fn label_slot<'t>(text: &str, block: &'t Block<'t>, offset: u32) -> Option<Slot<'t>> {
    let type_end = block.type_span.end;
    let braced = !block.open_brace_span.is_empty();
    if offset <= type_end || (braced && offset > block.open_brace_span.start) {
        return None;
    }
    let typed = text.get(type_end as usize..offset as usize)?;
    if typed.contains('\n') {
        return None;
    }
    let index = block.labels.iter().filter(|l| l.span.end < offset).count();
    let within = block.labels.get(index).filter(|l| {
        let label = &text[l.span.as_range()];
        let closed = label.len() > 1 && label.starts_with('"') && label.ends_with('"');
        l.span.start < offset && (offset < l.span.end || !closed)
    });
    let quoted = match within {
        Some(label) => text[label.span.start as usize..].starts_with('"'),
        // After a label, a space must come before the next one.
        None if !typed.ends_with([' ', '\t']) => return None,
        None => false,
    };
    Some(Slot::Label {
        block_type: block.block_type,
        index,
        quoted,
    })
}

/// The identifier characters that end `text`.
fn trailing_word(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(text.len(), |(i, _)| i);
    &text[start..]
}

/// The identifier characters that start `text`.
fn leading_word(text: &str) -> &str {
    let end = text.find(|c: char| !is_word(c)).unwrap_or(text.len());
    &text[..end]
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

fn starts_with_digit(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block types around `|` in `text` and what may be typed there,
    /// as text.
    fn at(text: &str) -> (Vec<String>, String) {
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        let (file, _) = hcl_core::parse_partial(&text, "t.hcl");
        let place = Place::of(&file, offset);
        let slot = match place.slot {
            None => "none".to_owned(),
            Some(Slot::Item { typing: None }) => "item".to_owned(),
            Some(Slot::Item { typing: Some(s) }) => format!("item {}", &text[s.as_range()]),
            Some(Slot::Value { attribute, quoted }) => format!("value {} {quoted}", attribute.name),
            Some(Slot::Label {
                block_type,
                index,
                quoted,
            }) => format!("label {block_type} {index} {quoted}"),
        };
        (place.path().map(str::to_owned).collect(), slot)
    }

    #[test]
    fn items_between_items_and_in_unclosed_blocks() {
        assert_eq!(at("|"), (vec![], "item".into()));
        assert_eq!(
            at("a {\n  b {\n    |"),
            (vec!["a".into(), "b".into()], "item".into())
        );
        assert_eq!(at("a {\n  po|rt = 1\n}\n").1, "item port");
        assert_eq!(
            at("a {\n  ser|\n  x = 1\n}\n"),
            (vec!["a".into()], "item ser".into())
        );
        // After a block's closing brace, the body around it.
        assert_eq!(at("a {\n}\n|").0, Vec::<String>::new());
        // Not in an expression, a comment or after a number.
        assert_eq!(at("x = [\n  |\n]\n").1, "none");
        assert_eq!(at("x = <<EOT\n|\nEOT\n").1, "none");
        assert_eq!(at("# a |\n").1, "none");
        assert_eq!(at("1|\n").1, "none");
    }

    #[test]
    fn values_after_the_equals_sign() {
        assert_eq!(at("a {\n  mode = |\n}\n").1, "value mode false");
        assert_eq!(at("mode = \"fa|").1, "value mode true");
        assert_eq!(at("mode = \"fa|\"\n").1, "value mode true");
        assert_eq!(at("mode = |1\n").1, "value mode false");
        assert_eq!(at("mode = 1|\n").1, "none");
        assert_eq!(at("mode = \"${x}|\"\n").1, "none");
    }

    #[test]
    fn labels_in_a_header() {
        assert_eq!(at("service |\n").1, "label service 0 false");
        assert_eq!(at("service \"we|\n").1, "label service 0 true");
        assert_eq!(at("service \"web\" |{\n}\n").1, "label service 1 false");
        assert_eq!(at("service \"web\"|\n").1, "none");
        assert_eq!(
            at("a {\n  check \"x|\" {}\n}\n"),
            (vec!["a".into()], "label check 0 true".into())
        );
        assert_eq!(at("service| \"web\" {\n}\n").1, "item service");
    }
}
