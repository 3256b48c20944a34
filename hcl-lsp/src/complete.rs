//! Completion and hover from the schema level the cursor is in, found in
//! the tree hcl-core's parser gives of any text (so a file that does not
//! parse still completes).

use crate::place::{Place, Slot};
use hcl_core::ast::{Body, ExpressionKind};
use hcl_core::Span;
use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};
use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};

/// The name diagnostics and positions give the text being read.
const NAME: &str = "document.hcl";

/// The schema level of the body inside the blocks of types `path`, if
/// the schema declares every block on the way to it.
fn schema_level<'s, 'p>(
    schema: &'s ConfigSchema,
    path: impl IntoIterator<Item = &'p str>,
) -> Option<&'s ConfigSchema> {
    let mut at = schema;
    for block_type in path {
        at = &at.block(block_type)?.body;
    }
    Some(at)
}

/// The completions at byte `offset` of `text`.
///
/// Where an item starts: the attributes of the level not defined in it
/// yet (inserted as `name = `), and its block types (inserted as
/// `type "label" {}` with a placeholder label per label name, or `type {}`);
/// a block type that takes one block and has one already is left out.
/// After `name =` of an attribute with values: the values, quoted (or
/// without quotes after an opening quote). In a block header, where a
/// label goes whose values the schema knows: those values, the same way.
pub(crate) fn completions(text: &str, schema: &ConfigSchema, offset: usize) -> Vec<CompletionItem> {
    let (file, _) = hcl_core::parse_partial(text, NAME);
    let place = Place::of(&file, offset);
    let Some(at) = schema_level(schema, place.path()) else {
        return Vec::new();
    };
    match place.slot {
        Some(Slot::Item { typing }) => items(at, place.body, typing),
        Some(Slot::Value { attribute, quoted }) => match at.attribute(attribute.name) {
            Some(info) => values(&info.values, quoted),
            None => Vec::new(),
        },
        Some(Slot::Label {
            block_type,
            index,
            quoted,
        }) => match at.block(block_type) {
            Some(info) => values(label_values(info, index), quoted),
            None => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// The items of level `at` that `body` can take: its attributes not
/// defined yet and its block types, but one that takes a single block and
/// has it. The item whose name is being typed (`typing`) counts as not
/// there.
fn items(at: &ConfigSchema, body: &Body<'_>, typing: Option<Span>) -> Vec<CompletionItem> {
    let defined = |name: &str| {
        body.attributes
            .iter()
            .any(|a| a.name == name && Some(a.name_span) != typing)
    };
    let has_block = |block_type: &str| {
        body.blocks
            .iter()
            .any(|b| b.block_type == block_type && Some(b.type_span) != typing)
    };
    let mut items: Vec<CompletionItem> = at
        .attributes
        .iter()
        .filter(|a| !defined(&a.name))
        .map(attribute_item)
        .collect();
    items.extend(
        at.blocks
            .iter()
            .filter(|b| b.many || !has_block(&b.block_type))
            .map(block_item),
    );
    items
}

/// The items of `values`: each quoted, or as it is after an opening
/// quote.
fn values(values: &[String], quoted: bool) -> Vec<CompletionItem> {
    values
        .iter()
        .map(|value| {
            let mut item = value_item(value);
            if quoted {
                item.insert_text = Some(value.clone());
            }
            item
        })
        .collect()
}

/// The item of one of an attribute's values: the value quoted, filtered
/// by its text; it inserts the quoted value.
pub(crate) fn value_item(value: &str) -> CompletionItem {
    CompletionItem {
        label: format!("{value:?}"),
        kind: Some(CompletionItemKind::ENUM_MEMBER),
        insert_text: Some(format!("{value:?}")),
        filter_text: Some(value.to_owned()),
        ..CompletionItem::default()
    }
}

/// The item of an attribute: its name, its type as the detail, its doc;
/// it inserts `name = `.
pub(crate) fn attribute_item(info: &AttributeInfo) -> CompletionItem {
    CompletionItem {
        label: info.name.clone(),
        kind: Some(CompletionItemKind::PROPERTY),
        detail: Some(attribute_detail(info)),
        documentation: info.doc.as_ref().map(|doc| markdown(doc.clone())),
        insert_text: Some(format!("{} = ", info.name)),
        ..CompletionItem::default()
    }
}

/// The item of a block type: its type, its labels as the detail, its doc;
/// it inserts `type "label" {}`, each label's name to type over.
pub(crate) fn block_item(info: &BlockInfo) -> CompletionItem {
    let mut insert = info.block_type.clone();
    for label in &info.labels {
        insert.push_str(&format!(" {label:?}"));
    }
    insert.push_str(" {}");
    CompletionItem {
        label: info.block_type.clone(),
        kind: Some(CompletionItemKind::STRUCT),
        detail: Some(block_detail(info)),
        documentation: info.doc.as_ref().map(|doc| markdown(doc.clone())),
        insert_text: Some(insert),
        ..CompletionItem::default()
    }
}

fn markdown(value: String) -> Documentation {
    Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// `number, required` or `string, one of "a", "b"`.
fn attribute_detail(info: &AttributeInfo) -> String {
    let mut detail = if info.type_name.is_empty() {
        "any".to_owned()
    } else {
        info.type_name.clone()
    };
    if info.required {
        detail.push_str(", required");
    }
    if !info.values.is_empty() {
        detail.push_str(&one_of(&info.values));
    }
    detail
}

/// `, one of "a", "b"`.
fn one_of(values: &[String]) -> String {
    let values: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    format!(", one of {}", values.join(", "))
}

/// `block "name", required, repeatable`.
fn block_detail(info: &BlockInfo) -> String {
    let mut detail = String::from("block");
    for label in &info.labels {
        detail.push_str(&format!(" {label:?}"));
    }
    if info.required {
        detail.push_str(", required");
    }
    if info.many {
        detail.push_str(", repeatable");
    }
    detail
}

/// The hover text (Markdown) and the byte span of what is at byte
/// `offset` of `text`: an attribute's name or value (the attribute's
/// type and doc), a block's type (the block type's) or one of its labels
/// (the label's name, its values if the schema knows them, the block
/// type's doc).
pub(crate) fn hover(text: &str, schema: &ConfigSchema, offset: usize) -> Option<(String, Span)> {
    let (file, _) = hcl_core::parse_partial(text, NAME);
    let offset = u32::try_from(offset).ok()?;
    let on = |span: Span| span.start <= offset && offset < span.end;
    let (mut at, mut body) = (schema, &file.body);
    loop {
        for attribute in &body.attributes {
            let value =
                !matches!(attribute.expr.kind, ExpressionKind::Invalid) && on(attribute.expr.span);
            if on(attribute.name_span) || value {
                let span = if value {
                    attribute.expr.span
                } else {
                    attribute.name_span
                };
                return Some((attribute_hover(at.attribute(attribute.name)?), span));
            }
        }
        let block = body
            .blocks
            .iter()
            .find(|b| b.span.start <= offset && offset <= b.span.end)?;
        let info = at.block(block.block_type)?;
        if on(block.type_span) {
            return Some((block_hover(info), block.type_span));
        }
        if let Some((index, label)) = block.labels.iter().enumerate().find(|(_, l)| on(l.span)) {
            return Some((label_hover(info, index)?, label.span));
        }
        if block.open_brace_span.is_empty() || offset < block.open_brace_span.end {
            return None;
        }
        (at, body) = (&info.body, &block.body);
    }
}

/// The values label number `index` of a block type takes, when the schema
/// knows them; empty otherwise.
pub(crate) fn label_values(info: &BlockInfo, index: usize) -> &[String] {
    info.label_values.get(index).map_or(&[], Vec::as_slice)
}

/// The hover text of label number `index` of a block type: `**name**:
/// \`label of type\``, its values if the schema knows them, then the block
/// type's doc.
pub(crate) fn label_hover(info: &BlockInfo, index: usize) -> Option<String> {
    let name = info.labels.get(index)?;
    let mut detail = format!("label of {}", info.block_type);
    let values = label_values(info, index);
    if !values.is_empty() {
        detail.push_str(&one_of(values));
    }
    Some(hover_text(name, &detail, info.doc.as_deref()))
}

/// The hover text of an attribute: `**name**: \`type\``, then its doc.
pub(crate) fn attribute_hover(info: &AttributeInfo) -> String {
    hover_text(&info.name, &attribute_detail(info), info.doc.as_deref())
}

/// The hover text of a block type: `**type**: \`block "label"\``, then
/// its doc.
pub(crate) fn block_hover(info: &BlockInfo) -> String {
    hover_text(&info.block_type, &block_detail(info), info.doc.as_deref())
}

fn hover_text(name: &str, detail: &str, doc: Option<&str>) -> String {
    let mut text = format!("**{name}**: `{detail}`");
    if let Some(doc) = doc {
        text.push_str("\n\n");
        text.push_str(doc);
    }
    text
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use hcl_serde::{AttributeInfo, BlockInfo};

    /// The schema of the tests, of the JSON syntax's too.
    pub(crate) fn schema() -> ConfigSchema {
        let attribute = |name: &str, values: &[&str]| AttributeInfo {
            name: name.into(),
            type_name: "string".into(),
            values: values.iter().map(|v| (*v).to_owned()).collect(),
            doc: Some(format!("The {name}.")),
            ..AttributeInfo::default()
        };
        ConfigSchema {
            attributes: vec![attribute("region", &["eu", "us"]), attribute("name", &[])],
            blocks: vec![BlockInfo {
                block_type: "service".into(),
                labels: vec!["name".into()],
                body: ConfigSchema {
                    attributes: vec![attribute("port", &[]), attribute("mode", &["fast", "slow"])],
                    blocks: vec![BlockInfo {
                        block_type: "check".into(),
                        many: true,
                        ..BlockInfo::default()
                    }],
                    doc: None,
                },
                ..BlockInfo::default()
            }],
            doc: None,
        }
    }

    /// The labels offered where `|` stands in `text`.
    fn offered(text: &str) -> Vec<String> {
        let offset = text.find('|').unwrap();
        let text = text.replace('|', "");
        completions(&text, &schema(), offset)
            .into_iter()
            .map(|item| item.label)
            .collect()
    }

    #[test]
    fn the_items_of_the_level_not_yet_defined() {
        assert_eq!(offered("|"), ["region", "name", "service"]);
        assert_eq!(offered("region = \"eu\"\n|\n"), ["name", "service"]);
        assert_eq!(
            offered("service \"a\" {\n  |\n}\n"),
            ["port", "mode", "check"]
        );
        assert_eq!(
            offered("service \"a\" {\n  port = 1\n  |\n  check {}\n}"),
            ["mode", "check"]
        );
        // Not in a value, a header or a comment.
        assert_eq!(offered("name = |1\n"), Vec::<String>::new());
        assert_eq!(offered("service |\n"), Vec::<String>::new());
        assert_eq!(offered("# a |comment\n"), Vec::<String>::new());
        assert_eq!(offered("# the end|"), Vec::<String>::new());
        assert_eq!(offered("# a line\n|"), ["region", "name", "service"]);
        // A level the schema does not declare.
        assert_eq!(offered("other {\n  |\n}\n"), Vec::<String>::new());
    }

    #[test]
    fn completes_in_files_that_do_not_parse() {
        // A half-typed attribute in an unclosed block.
        assert_eq!(offered("service \"a\" {\n  po|"), ["port", "mode", "check"]);
        assert_eq!(
            offered("service \"a\" {\n  port = \n  |"),
            ["mode", "check"]
        );
        // The attribute being renamed is offered again.
        assert_eq!(
            offered("service \"a\" {\n  po| = 1\n}"),
            ["port", "mode", "check"]
        );
        // After a broken item of the top level.
        // Inside a bracket left open nothing is offered: the parser reads
        // the lines after `[` as the tuple's.
        assert_eq!(offered("region = [1,\nname = 2\n|"), Vec::<String>::new());
        assert_eq!(offered("region = [1]\nname = \n|"), ["service"]);
        assert_eq!(offered("region = (1\n|"), Vec::<String>::new());
    }

    #[test]
    fn values_after_the_equals_sign() {
        assert_eq!(
            offered("service \"a\" {\n  mode = |\n}"),
            ["\"fast\"", "\"slow\""]
        );
        assert_eq!(offered("region = \"e|"), ["\"eu\"", "\"us\""]);
        let items = completions("region = \"", &schema(), 10);
        assert_eq!(items[0].insert_text.as_deref(), Some("eu"));
        let items = completions("region = ", &schema(), 9);
        assert_eq!(items[0].insert_text.as_deref(), Some("\"eu\""));
        assert_eq!(offered("name = |"), Vec::<String>::new());
    }

    #[test]
    fn labels_the_schema_knows_the_values_of() {
        let mut schema = schema();
        schema.blocks[0].label_values = vec![vec!["web".into(), "worker".into()]];
        let offered = |text: &str| {
            let offset = text.find('|').unwrap();
            completions(&text.replace('|', ""), &schema, offset)
        };
        let labels = |items: Vec<CompletionItem>| -> Vec<(String, Option<String>)> {
            items
                .into_iter()
                .map(|i| (i.label, i.insert_text))
                .collect()
        };
        let quoted = |v: &str| (format!("{v:?}"), Some(format!("{v:?}")));
        assert_eq!(
            labels(offered("service |")),
            [quoted("web"), quoted("worker")]
        );
        assert_eq!(
            labels(offered("service \"w|\n")),
            [
                ("\"web\"".to_owned(), Some("web".to_owned())),
                ("\"worker\"".to_owned(), Some("worker".to_owned()))
            ]
        );
        assert_eq!(labels(offered("service \"web\" |{\n}\n")), []);
        let (text, _) = hover("service \"web\" {\n}\n", &schema, 10).unwrap();
        assert_eq!(
            text,
            "**name**: `label of service, one of \"web\", \"worker\"`"
        );
    }

    #[test]
    fn block_items_insert_a_header() {
        let items = completions("", &schema(), 0);
        let service = items.iter().find(|i| i.label == "service").unwrap();
        assert_eq!(service.insert_text.as_deref(), Some("service \"name\" {}"));
        assert_eq!(service.detail.as_deref(), Some("block \"name\""));
    }

    #[test]
    fn hover_names_and_types() {
        let text = "service \"a\" {\n  mode = \"x\"\n";
        let (body, span) = hover(text, &schema(), text.find("mode").unwrap() + 1).unwrap();
        assert_eq!(
            body,
            "**mode**: `string, one of \"fast\", \"slow\"`\n\nThe mode."
        );
        assert_eq!(span.start as usize, text.find("mode").unwrap());
        let (body, _) = hover(text, &schema(), 2).unwrap();
        assert!(body.starts_with("**service**: `block \"name\"`"), "{body}");
        // A value: its attribute's type and doc, over the value.
        let value = text.find("\"x").unwrap();
        let (body, span) = hover(text, &schema(), value + 1).unwrap();
        assert!(body.starts_with("**mode**"), "{body}");
        assert_eq!(span.start as usize, value);
        // A label: its name and its block type.
        let (body, span) = hover(text, &schema(), 9).unwrap();
        assert!(body.starts_with("**name**: `label of service`"), "{body}");
        assert_eq!((span.start, span.end), (8, 11));
        assert!(hover(text, &schema(), 7).is_none());
    }
}
