//! Completion and hover in files of the JSON syntax, from the schema level
//! the cursor is in, found by reading hcl-core's JSON tokens (so a file
//! that does not parse still completes).
//!
//! In the JSON syntax an object is a body: the top-level object, and each
//! block's. A property whose name is a block type of the body's schema
//! level holds an object whose property names are the first labels, one
//! such level of objects per label, then the block's body object (at each
//! of those levels an array of objects may stand for the object). Any other
//! property is an attribute, whose value is any JSON value. The reading
//! follows this shape with the schema, token by token: a half-typed
//! property name, a missing comma or an unclosed object changes only what
//! is around it.

use crate::complete::{
    attribute_hover, attribute_item, block_hover, block_item, label_hover, label_values, value_item,
};
use crate::outline::Text;
use hcl_core::{JsonTokenClass as Class, Span};
use hcl_serde::{BlockInfo, ConfigSchema};
use lsp_types::{CompletionItem, CompletionTextEdit, TextEdit};

/// What a JSON value stands for where it is.
#[derive(Debug, Clone, Copy)]
enum Role<'s> {
    /// A body of this schema level.
    Body(&'s ConfigSchema),
    /// The labels of a block: an object whose property names are labels,
    /// this many levels of them left, this one included.
    Labels(&'s BlockInfo, usize),
    /// Anything else: an attribute's value, or what the schema does not
    /// declare.
    Other,
}

impl<'s> Role<'s> {
    /// The role of the value of a property `name` of an object of this
    /// role.
    fn of_property(self, name: &str) -> Role<'s> {
        match self {
            Role::Body(schema) => schema.block(name).map_or(Role::Other, |block| {
                if block.labels.is_empty() {
                    Role::Body(&block.body)
                } else {
                    Role::Labels(block, block.labels.len())
                }
            }),
            Role::Labels(block, left) if left > 1 => Role::Labels(block, left - 1),
            Role::Labels(block, _) => Role::Body(&block.body),
            Role::Other => Role::Other,
        }
    }

    /// The role of the elements of an array in this role's place: a body
    /// or a level of labels may be an array of objects.
    fn of_elements(self) -> Role<'s> {
        match self {
            Role::Body(_) | Role::Labels(..) => self,
            Role::Other => Role::Other,
        }
    }
}

/// Where in an object or array the reading is, after a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// After `{` or a comma in an object: a property name comes next.
    Name,
    /// After a property name (the index of its token), before its colon.
    AfterName(usize),
    /// After the colon of the property named by token `.0`: its value
    /// comes next.
    Value(usize),
    /// At the top, or after `[` or a comma in an array: a value comes next.
    Element,
    /// After a value: a comma or the closing bracket comes next.
    AfterValue,
}

/// An object or array being read, or the top of the file.
#[derive(Debug, Clone, Copy)]
struct Frame<'s> {
    kind: FrameKind,
    /// The role of the object; of an array's elements; of the top value.
    role: Role<'s>,
    place: Place,
    /// The role of the value of the property named last.
    next: Role<'s>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FrameKind {
    Top,
    /// The object of index `.0` in [`Read::objects`].
    Object(usize),
    Array,
}

/// An object of the file, with the property names read in it.
#[derive(Debug)]
struct Object<'s> {
    role: Role<'s>,
    /// Each property's name, and the index of its token.
    names: Vec<(String, usize)>,
}

/// Where the reading is after a token.
#[derive(Debug, Clone, Copy)]
struct After {
    /// The object the reading is in, if it is in one (not in an array).
    object: Option<usize>,
    place: Place,
}

/// A JSON-syntax text read with a schema.
struct Read<'t, 's> {
    text: &'t str,
    tokens: Vec<(Class, Span)>,
    /// Where the reading is after each token.
    after: Vec<After>,
    objects: Vec<Object<'s>>,
}

impl<'t, 's> Read<'t, 's> {
    fn new(text: &'t str, schema: &'s ConfigSchema) -> Self {
        let tokens: Vec<(Class, Span)> = hcl_core::json_tokens(text).collect();
        let mut read = Read {
            text,
            after: Vec::with_capacity(tokens.len()),
            tokens,
            objects: Vec::new(),
        };
        let top = Frame {
            kind: FrameKind::Top,
            role: Role::Body(schema),
            place: Place::Element,
            next: Role::Other,
        };
        let mut stack = vec![top];
        for index in 0..read.tokens.len() {
            read.step(&mut stack, index);
            let top = stack.last().copied().unwrap_or(top);
            read.after.push(After {
                object: match top.kind {
                    FrameKind::Object(object) => Some(object),
                    FrameKind::Top | FrameKind::Array => None,
                },
                place: top.place,
            });
        }
        read
    }

    /// Reads token `index` into `stack`, whose first frame (the top)
    /// stays.
    fn step(&mut self, stack: &mut Vec<Frame<'s>>, index: usize) {
        let (Some(&(class, _)), Some(frame)) = (self.tokens.get(index), stack.last_mut()) else {
            return;
        };
        let in_object = matches!(frame.kind, FrameKind::Object(_));
        match class {
            Class::BraceOpen | Class::BracketOpen => {
                let frame = self.open(frame, class == Class::BraceOpen);
                stack.push(frame);
            }
            Class::BraceClose | Class::BracketClose => {
                let object = class == Class::BraceClose;
                let closes = |f: &Frame<'_>| match f.kind {
                    FrameKind::Object(_) => object,
                    FrameKind::Array => !object,
                    FrameKind::Top => false,
                };
                if let Some(at) = stack.iter().rposition(closes) {
                    stack.truncate(at);
                }
            }
            Class::Comma => {
                frame.place = match frame.kind {
                    FrameKind::Object(_) => Place::Name,
                    FrameKind::Array => Place::Element,
                    FrameKind::Top => frame.place,
                };
            }
            Class::Colon | Class::Equals => {
                if let Place::AfterName(name) = frame.place {
                    frame.place = Place::Value(name);
                }
            }
            Class::String | Class::Keyword | Class::Number
                if in_object && matches!(frame.place, Place::Name | Place::AfterValue) =>
            {
                // A property name, also after a value whose comma is
                // missing.
                let name = self.name(index);
                frame.next = frame.role.of_property(&name);
                frame.place = Place::AfterName(index);
                if let FrameKind::Object(object) = frame.kind {
                    if let Some(object) = self.objects.get_mut(object) {
                        object.names.push((name, index));
                    }
                }
            }
            Class::String | Class::Keyword | Class::Number => frame.place = Place::AfterValue,
            _ => {}
        }
    }

    /// The frame of an object (`object`) or array that opens in `parent`,
    /// which is after a value then.
    fn open(&mut self, parent: &mut Frame<'s>, object: bool) -> Frame<'s> {
        let role = match (parent.kind, parent.place) {
            (FrameKind::Object(_), Place::Value(_)) => parent.next,
            (FrameKind::Top | FrameKind::Array, _) => parent.role,
            _ => Role::Other,
        };
        let parent_kind = parent.kind;
        parent.place = Place::AfterValue;
        let (kind, role, place) = if object {
            self.objects.push(Object {
                role,
                names: Vec::new(),
            });
            let kind = FrameKind::Object(self.objects.len() - 1);
            (kind, role, Place::Name)
        } else if parent_kind == FrameKind::Array {
            // An array of arrays holds no bodies.
            (FrameKind::Array, Role::Other, Place::Element)
        } else {
            (FrameKind::Array, role.of_elements(), Place::Element)
        };
        Frame {
            kind,
            role,
            place,
            next: Role::Other,
        }
    }

    /// Where the reading is before token `index`.
    fn before(&self, index: usize) -> After {
        index
            .checked_sub(1)
            .and_then(|i| self.after.get(i))
            .copied()
            .unwrap_or(After {
                object: None,
                place: Place::Element,
            })
    }

    /// The name token `index` says, as a property name: a closed string's
    /// text, escapes resolved; the text after the quote of one cut short;
    /// any other token's text.
    fn name(&self, index: usize) -> String {
        let written = self.token_text(index);
        match self.tokens.get(index) {
            Some((Class::String, _)) => serde_json::from_str::<String>(written)
                .unwrap_or_else(|_| written.get(1..).unwrap_or_default().to_owned()),
            _ => written.to_owned(),
        }
    }

    fn token_text(&self, index: usize) -> &'t str {
        self.tokens
            .get(index)
            .and_then(|(_, span)| self.text.get(span.as_range()))
            .unwrap_or_default()
    }

    /// The schema level of object `object`, if it is a body.
    fn body(&self, object: usize) -> Option<&'s ConfigSchema> {
        match self.objects.get(object)?.role {
            Role::Body(schema) => Some(schema),
            Role::Labels(..) | Role::Other => None,
        }
    }

    /// The block type of object `object` and the number of the label its
    /// property names are, if it is a level of labels.
    fn labels(&self, object: usize) -> Option<(&'s BlockInfo, usize)> {
        match self.objects.get(object)?.role {
            Role::Labels(block, left) => Some((block, block.labels.len().checked_sub(left)?)),
            Role::Body(_) | Role::Other => None,
        }
    }

    /// The schema level in which token `index` is a property name, if it
    /// is one of a body.
    fn name_in_body(&self, index: usize) -> Option<&'s ConfigSchema> {
        let before = self.before(index);
        match before.place {
            Place::Name | Place::AfterValue => self.body(before.object?),
            _ => None,
        }
    }
}

/// Whether a string token is closed: it ends with a quote that no
/// backslash escapes.
fn closed(written: &str) -> bool {
    let Some(body) = written.get(1..).and_then(|b| b.strip_suffix('"')) else {
        return false;
    };
    let backslashes = body.bytes().rev().take_while(|&b| b == b'\\').count();
    backslashes % 2 == 0
}

/// Where the cursor is, for completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    /// Where a property name of body object `object` may be typed;
    /// `typing` is the token of the name being typed, if any.
    Name {
        object: usize,
        typing: Option<usize>,
    },
    /// Where a label may be typed in object `object`, a level of labels;
    /// `typing` is the token of the label being typed, if any.
    Label {
        object: usize,
        typing: Option<usize>,
    },
    /// Where the value of the property named by token `name` of body
    /// object `object` is; `typing` is the token of the value being typed.
    Value {
        object: usize,
        name: usize,
        typing: Option<usize>,
    },
}

/// The cursor's place at byte `offset`, if it is one where something can
/// be offered.
fn cursor(read: &Read<'_, '_>, offset: usize) -> Option<Cursor> {
    let following = read
        .tokens
        .partition_point(|(_, span)| (span.end as usize) < offset);
    let (before, typing) = match read.tokens.get(following) {
        Some(&(class, span)) if (span.start as usize) < offset => {
            let open_ended = match class {
                Class::Keyword => true,
                Class::String => !closed(read.token_text(following)),
                _ => false,
            };
            let inside = offset < span.end as usize || open_ended;
            match class {
                Class::String | Class::Keyword if inside => {
                    (read.before(following), Some(following))
                }
                _ if inside => return None,
                _ => (read.before(following + 1), None),
            }
        }
        _ => (read.before(following), None),
    };
    let object = before.object?;
    let naming = match before.place {
        Place::Name => true,
        Place::AfterValue => typing.is_some(),
        _ => false,
    };
    if read.labels(object).is_some() {
        return naming.then_some(Cursor::Label { object, typing });
    }
    read.body(object)?;
    match before.place {
        Place::Name => Some(Cursor::Name { object, typing }),
        Place::AfterValue if typing.is_some() => Some(Cursor::Name { object, typing }),
        Place::Value(name) => Some(Cursor::Value {
            object,
            name,
            typing,
        }),
        _ => None,
    }
}

/// The completions at byte `offset` of a JSON-syntax text.
///
/// Where a property name of a body may be typed: the attributes of the
/// schema level not defined in that object yet (inserted as `"name": `),
/// and its block types (inserted as `"type": {}`, or with one object
/// level per label, each label's name to type over as in the native
/// syntax: `"type": {"label": {}}`); a block type that takes one block
/// and has one already is left out. A name being typed (after its
/// opening quote, or without one) is replaced whole, and only by the
/// quoted name when a colon follows it. In the value of an attribute with
/// values: the values, as JSON strings, replacing the string being typed.
pub(crate) fn completions(
    text: &Text<'_>,
    schema: &ConfigSchema,
    offset: usize,
) -> Vec<CompletionItem> {
    let read = Read::new(text.text, schema);
    match cursor(&read, offset) {
        Some(Cursor::Name { object, typing }) => name_items(&read, text, object, typing),
        Some(Cursor::Label { object, typing }) => {
            let Some((block, index)) = read.labels(object) else {
                return Vec::new();
            };
            let colon = colon_follows(&read, typing);
            label_values(block, index)
                .iter()
                .map(|value| {
                    let mut item = value_item(value);
                    item.label = json_string(value);
                    let insert = if colon {
                        json_string(value)
                    } else {
                        format!("{}: {{}}", json_string(value))
                    };
                    placed(&read, text, typing, item, insert)
                })
                .collect()
        }
        Some(Cursor::Value {
            object,
            name,
            typing,
        }) => {
            let name = read.name(name);
            let Some(info) = read.body(object).and_then(|at| at.attribute(&name)) else {
                return Vec::new();
            };
            info.values
                .iter()
                .map(|value| {
                    let mut item = value_item(value);
                    item.label = json_string(value);
                    placed(&read, text, typing, item, json_string(value))
                })
                .collect()
        }
        None => Vec::new(),
    }
}

/// The attributes and block types offered for a property name of body
/// object `object`.
fn name_items(
    read: &Read<'_, '_>,
    text: &Text<'_>,
    object: usize,
    typing: Option<usize>,
) -> Vec<CompletionItem> {
    let (Some(at), Some(found)) = (read.body(object), read.objects.get(object)) else {
        return Vec::new();
    };
    let defined = |name: &str| {
        found
            .names
            .iter()
            .any(|(n, token)| n == name && Some(*token) != typing)
    };
    // Only the name, when the colon is there already.
    let colon = colon_follows(read, typing);
    let attributes = at.attributes.iter().filter(|a| !defined(&a.name)).map(|a| {
        let insert = if colon {
            json_string(&a.name)
        } else {
            format!("{}: ", json_string(&a.name))
        };
        placed(read, text, typing, attribute_item(a), insert)
    });
    let blocks = at
        .blocks
        .iter()
        .filter(|b| b.many || !defined(&b.block_type))
        .map(|b| {
            let insert = if colon {
                json_string(&b.block_type)
            } else {
                block_insert(b)
            };
            placed(read, text, typing, block_item(b), insert)
        });
    attributes.chain(blocks).collect()
}

/// Whether a colon follows the name being typed, token `typing`.
fn colon_follows(read: &Read<'_, '_>, typing: Option<usize>) -> bool {
    typing
        .and_then(|i| read.tokens.get(i + 1))
        .is_some_and(|(class, _)| *class == Class::Colon)
}

/// `item` inserting `new_text`: at the cursor, or in place of the token
/// being typed, `typing`. After an opening quote the item is filtered by
/// its quoted text, as the editor compares it with what is typed from the
/// quote on.
fn placed(
    read: &Read<'_, '_>,
    text: &Text<'_>,
    typing: Option<usize>,
    mut item: CompletionItem,
    new_text: String,
) -> CompletionItem {
    let Some((index, &(_, span))) = typing.and_then(|i| Some((i, read.tokens.get(i)?))) else {
        item.insert_text = Some(new_text);
        return item;
    };
    item.insert_text = None;
    if read.token_text(index).starts_with('"') {
        let filter = item.filter_text.as_ref().unwrap_or(&item.label);
        item.filter_text = Some(json_string(filter));
    }
    let range = text
        .index
        .range(text.text, span.start as usize, span.end as usize);
    item.text_edit = Some(CompletionTextEdit::Edit(TextEdit { range, new_text }));
    item
}

/// `"type": {}`, or with one object level per label: `"type": {"name": {}}`.
fn block_insert(info: &BlockInfo) -> String {
    let mut insert = format!("{}: ", json_string(&info.block_type));
    for label in &info.labels {
        insert.push_str(&format!("{{{}: ", json_string(label)));
    }
    insert.push_str("{}");
    insert.push_str(&"}".repeat(info.labels.len()));
    insert
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The hover text (Markdown) and the byte span of the property name at
/// byte `offset` of a JSON-syntax text, when it names an attribute or a
/// block type of the schema level of its object: the text native hover
/// gives. The span is the name's string token, its quotes included.
pub(crate) fn hover(text: &str, schema: &ConfigSchema, offset: usize) -> Option<(String, Span)> {
    let read = Read::new(text, schema);
    let index = read
        .tokens
        .partition_point(|(_, span)| (span.end as usize) <= offset);
    let &(class, span) = read.tokens.get(index)?;
    let named = matches!(class, Class::String | Class::Keyword | Class::Number);
    if !named || offset < span.start as usize {
        return None;
    }
    let before = read.before(index);
    let naming = matches!(before.place, Place::Name | Place::AfterValue);
    if let Some((block, label)) = before
        .object
        .and_then(|o| read.labels(o))
        .filter(|_| naming)
    {
        return Some((label_hover(block, label)?, span));
    }
    let at = read.name_in_body(index)?;
    let name = read.name(index);
    let body = match (at.attribute(&name), at.block(&name)) {
        (Some(info), _) => attribute_hover(info),
        (None, Some(info)) => block_hover(info),
        (None, None) => return None,
    };
    Some((body, span))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line_index::LineIndex;
    use hcl_serde::AttributeInfo;

    /// The schema of the native syntax's tests, with a block of two labels
    /// and a single block without labels.
    fn schema() -> ConfigSchema {
        let mut schema = crate::complete::tests::schema();
        let ami = AttributeInfo {
            name: "ami".into(),
            ..AttributeInfo::default()
        };
        schema.blocks.push(BlockInfo {
            block_type: "resource".into(),
            labels: vec!["type".into(), "name".into()],
            body: ConfigSchema {
                attributes: vec![ami],
                ..ConfigSchema::default()
            },
            ..BlockInfo::default()
        });
        schema.blocks.push(BlockInfo {
            block_type: "settings".into(),
            ..BlockInfo::default()
        });
        schema
    }

    /// The items offered where `|` stands in `text`.
    fn items(text: &str) -> Vec<CompletionItem> {
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        let index = LineIndex::new(&text);
        let text = Text {
            text: &text,
            index: &index,
        };
        completions(&text, &schema(), offset)
    }

    /// The labels offered where `|` stands in `text`.
    fn offered(text: &str) -> Vec<String> {
        items(text).into_iter().map(|item| item.label).collect()
    }

    /// Asserts what is offered at `|` in each text.
    fn assert_offered(cases: &[(&str, &[&str])]) {
        for (text, expected) in cases {
            assert_eq!(offered(text), *expected, "{text:?}");
        }
    }

    /// Asserts, for each text, label and result, what choosing the item of
    /// that label offered at `|` makes of the text.
    fn assert_chosen(cases: &[(&str, &str, &str)]) {
        for (text, label, expected) in cases {
            let offset = text.find('|').unwrap();
            let item = items(text).into_iter().find(|i| i.label == *label);
            let item = item.unwrap_or_else(|| panic!("{label} at {text:?}"));
            let mut text = text.replace('|', "");
            let index = LineIndex::new(&text);
            match item.text_edit {
                Some(CompletionTextEdit::Edit(edit)) => {
                    let start = index.offset(&text, edit.range.start);
                    let end = index.offset(&text, edit.range.end);
                    text.replace_range(start..end, &edit.new_text);
                }
                _ => text.insert_str(offset, &item.insert_text.unwrap()),
            }
            assert_eq!(text, *expected);
        }
    }

    const TOP: &[&str] = &["region", "name", "service", "resource", "settings"];
    const NONE: &[&str] = &[];

    #[test]
    fn the_items_of_the_top_level_not_yet_defined() {
        assert_offered(&[
            ("{|}", TOP),
            ("{\n  |\n}", TOP),
            (
                "{\"region\": \"eu\", |, \"settings\": {}}",
                &["name", "service", "resource"],
            ),
            // Not before the object, in a value, after a name or a value.
            ("|{}", NONE),
            ("{\"name\": |1}", NONE),
            ("{\"name\"| : 1}", NONE),
            ("{\"name\": 1 |}", NONE),
            ("{\"name\": {|}}", NONE),
            ("{\"other\": {|}}", NONE),
        ]);
    }

    #[test]
    fn items_insert_json() {
        assert_chosen(&[
            ("{|}", "region", "{\"region\": }"),
            ("{|}", "settings", "{\"settings\": {}}"),
            ("{|}", "service", "{\"service\": {\"name\": {}}}"),
            (
                "{|}",
                "resource",
                "{\"resource\": {\"type\": {\"name\": {}}}}",
            ),
        ]);
        // Kinds, details and docs as in the native syntax.
        let native = crate::complete::completions("", &schema(), 0);
        for (json, native) in items("{|}").into_iter().zip(native) {
            assert_eq!(json.label, native.label);
            assert_eq!(json.kind, native.kind);
            assert_eq!(json.detail, native.detail);
            assert_eq!(json.documentation, native.documentation);
        }
        let region = items("{|}").into_iter().next().unwrap();
        assert_eq!(region.kind, Some(lsp_types::CompletionItemKind::PROPERTY));
        assert_eq!(
            region.detail.as_deref(),
            Some("string, one of \"eu\", \"us\"")
        );
    }

    #[test]
    fn a_name_being_typed_is_replaced() {
        assert_chosen(&[
            // After an opening quote, closed or not, and without one.
            ("{\"re|", "region", "{\"region\": "),
            ("{\"re|\"}", "region", "{\"region\": }"),
            ("{re|}", "region", "{\"region\": }"),
            // Only the name when its colon is there.
            ("{\"re|\": \"eu\"}", "region", "{\"region\": \"eu\"}"),
            ("{\"se|\": {}}", "service", "{\"service\": {}}"),
        ]);
        // Filtered with the quote the editor sees typed.
        let region = items("{\"re|").into_iter().next().unwrap();
        assert_eq!(region.filter_text.as_deref(), Some("\"region\""));
        assert_eq!(region.insert_text, None);
        // The name being typed is offered again.
        assert_offered(&[("{\"region|\": 1}", TOP)]);
    }

    #[test]
    fn in_a_block_body_through_its_labels() {
        assert_offered(&[
            ("{\"service\": {\"web\": {|}}}", &["port", "mode", "check"]),
            (
                "{\"service\": {\"web\": {\"port\": 80, |}}}",
                &["mode", "check"],
            ),
            // Repeatable, so offered again; in an array of bodies.
            (
                "{\"service\": {\"web\": [{\"check\": {}, |}]}}",
                &["port", "mode", "check"],
            ),
            ("{\"resource\": {\"aws\": {\"web\": {|}}}}", &["ami"]),
            // Not where labels are typed.
            ("{\"service\": {|}}", NONE),
            ("{\"resource\": {\"aws\": {|}}}", NONE),
            // Back at the top after the block, which takes one.
            (
                "{\"service\": {\"web\": {}}, |}",
                &["region", "name", "resource", "settings"],
            ),
        ]);
    }

    #[test]
    fn labels_the_schema_knows_the_values_of() {
        let mut with_values = schema();
        let resource = with_values
            .blocks
            .iter_mut()
            .find(|b| b.block_type == "resource");
        resource.unwrap().label_values = vec![vec!["aws_instance".into()], Vec::new()];
        let items = |text: &str| {
            let offset = text.find('|').unwrap();
            let text = text.replace('|', "");
            let index = LineIndex::new(&text);
            let view = Text {
                text: &text,
                index: &index,
            };
            let found = completions(&view, &with_values, offset);
            found
                .into_iter()
                .map(|i| (i.label, i.insert_text))
                .collect::<Vec<_>>()
        };
        let aws = |insert: &str| vec![("\"aws_instance\"".to_owned(), Some(insert.to_owned()))];
        assert_eq!(items("{\"resource\": {|}}"), aws("\"aws_instance\": {}"));
        assert_eq!(
            items("{\"resource\": {\"aws_instance\": {}, |}}"),
            aws("\"aws_instance\": {}")
        );
        // The second label takes any string; a body is not a label level.
        assert_eq!(items("{\"resource\": {\"aws_instance\": {|}}}"), []);
        assert_eq!(items("{\"resource\": {\"x\": {\"y\": {|}}}}")[0].0, "ami");
        let text = "{\"resource\": {\"aws_instance\": {}}}";
        let (hover_text, span) = hover(text, &with_values, 16).unwrap();
        assert!(
            hover_text.starts_with("**type**: `label of resource, one of"),
            "{hover_text}"
        );
        assert_eq!((span.start, span.end), (14, 28));
        // A label being typed is replaced whole.
        let typed = items("{\"resource\": {\"aw|\"}}");
        assert_eq!(typed.len(), 1);
        assert_eq!(typed[0].1, None);
    }

    #[test]
    fn completes_in_files_that_do_not_parse() {
        assert_offered(&[
            // A half-typed name in unclosed objects.
            ("{\"service\": {\"web\": {\"po|", &["port", "mode", "check"]),
            ("{\"service\": {\"web\": {\n  |", &["port", "mode", "check"]),
            // A missing comma before the name being typed.
            (
                "{\"region\": \"eu\"\n \"n|\n}",
                &["name", "service", "resource", "settings"],
            ),
            // A value cut short, then a stray bracket.
            (
                "{\"name\": [1,\n ], |",
                &["region", "service", "resource", "settings"],
            ),
            (
                "{\"name\": tru, \"settings\": {}, |",
                &["region", "service", "resource"],
            ),
            // Nothing past a character that starts no token.
            ("{\"name\": é, |", NONE),
        ]);
    }

    #[test]
    fn values_of_an_attribute() {
        assert_offered(&[
            ("{\"region\": |}", &["\"eu\"", "\"us\""]),
            ("{\"region\": \"e|", &["\"eu\"", "\"us\""]),
            (
                "{\"service\": {\"web\": {\"mode\": |}}}",
                &["\"fast\"", "\"slow\""],
            ),
            // Not for an attribute without values, nor after the value.
            ("{\"name\": |}", NONE),
            ("{\"region\": \"eu\"|}", NONE),
        ]);
        assert_chosen(&[
            ("{\"region\": |}", "\"eu\"", "{\"region\": \"eu\"}"),
            ("{\"region\": \"e|\"}", "\"eu\"", "{\"region\": \"eu\"}"),
            ("{\"region\": \"|", "\"us\"", "{\"region\": \"us\""),
        ]);
        let eu = items("{\"region\": \"e|").into_iter().next().unwrap();
        assert_eq!(eu.filter_text.as_deref(), Some("\"eu\""));
        assert_eq!(eu.kind, Some(lsp_types::CompletionItemKind::ENUM_MEMBER));
    }

    #[test]
    fn hover_names_and_types() {
        let text = "{\"service\": {\"web\": {\"mode\": \"x\"}}, \"region\": 1";
        let mode = text.find("\"mode").unwrap();
        let (body, span) = hover(text, &schema(), mode + 2).unwrap();
        assert_eq!(
            body,
            "**mode**: `string, one of \"fast\", \"slow\"`\n\nThe mode."
        );
        // The span of the name's string, quotes included.
        assert_eq!(span.as_range(), mode..mode + "\"mode\"".len());
        assert_eq!(hover(text, &schema(), mode).map(|(_, s)| s), Some(span));
        let (body, _) = hover(text, &schema(), 1).unwrap();
        assert_eq!(body, "**service**: `block \"name\"`");
        let (body, _) = hover(text, &schema(), text.find("region").unwrap()).unwrap();
        assert!(body.starts_with("**region**: `string"), "{body}");
        // A label: its name and block type.
        let (body, _) = hover(text, &schema(), text.find("web").unwrap()).unwrap();
        assert_eq!(body, "**name**: `label of service`");
        // Not on a value or punctuation.
        assert!(hover(text, &schema(), text.find("\"x").unwrap()).is_none());
        assert!(hover(text, &schema(), text.find(':').unwrap()).is_none());
        // The same text as native hover gives.
        let native = "service \"web\" {\n  mode = \"x\"\n}\n";
        let (native, _) = crate::complete::hover(native, &schema(), 19).unwrap();
        assert_eq!(hover(text, &schema(), mode + 2).unwrap().0, native);
    }
}
