//! Completion and hover from the schema level the cursor is in, found by
//! reading the tokens (so a file that does not parse still completes).

use crate::scan::{Role, Scan, State};
use hcl_core::TokenClass;
use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};
use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};

/// Where the cursor is, for completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    /// Where an item may start, in `level`; `typing` is the token of the
    /// identifier being typed, if any.
    Item { level: usize, typing: Option<usize> },
    /// Where the value of the attribute named by token `name` starts;
    /// `quoted` when an opening quote is typed already.
    Value {
        level: usize,
        name: usize,
        quoted: bool,
    },
}

/// The cursor's place at byte `offset` of the scanned text, if it is one
/// where something can be offered.
fn cursor(scan: &Scan, text: &str, offset: usize) -> Option<Cursor> {
    let (level, state, typing) = match scan.token_at(offset) {
        Some(i) => {
            let token = scan.tokens.get(i)?;
            let (start, end) = (token.span.start as usize, token.span.end as usize);
            if start == offset {
                let (level, state) = scan.before(i);
                (level, state, None)
            } else {
                match token.class {
                    TokenClass::Identifier => {
                        let (level, state) = scan.before(i);
                        (level, state, Some(i))
                    }
                    TokenClass::StringText => {
                        let (level, state) = scan.before(i);
                        (level, state, None)
                    }
                    _ if offset < end => return None,
                    // Still on the line of a comment that runs to the end.
                    TokenClass::Comment if !scan.text(text, i).ends_with('\n') => return None,
                    _ => (token.level, token.state, None),
                }
            }
        }
        None => scan
            .tokens
            .last()
            .map_or((0, State::ItemStart, None), |t| (t.level, t.state, None)),
    };
    match state {
        State::ItemStart => Some(Cursor::Item { level, typing }),
        State::Value(name) => Some(Cursor::Value {
            level,
            name,
            quoted: false,
        }),
        State::ValueQuote(name) => Some(Cursor::Value {
            level,
            name,
            quoted: true,
        }),
        _ => None,
    }
}

/// The schema level of scan level `level`, if the schema declares every
/// block on the way to it.
fn schema_level<'s>(
    schema: &'s ConfigSchema,
    scan: &Scan,
    level: usize,
) -> Option<&'s ConfigSchema> {
    let mut at = schema;
    for block_type in scan.path(level) {
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
/// without quotes after an opening quote).
pub(crate) fn completions(text: &str, schema: &ConfigSchema, offset: usize) -> Vec<CompletionItem> {
    let scan = Scan::new(text);
    match cursor(&scan, text, offset) {
        Some(Cursor::Item { level, typing }) => {
            let Some(at) = schema_level(schema, &scan, level) else {
                return Vec::new();
            };
            let Some(found) = scan.levels.get(level) else {
                return Vec::new();
            };
            let defined = |name: &str| {
                found
                    .attributes
                    .iter()
                    .any(|a| a.name == name && Some(a.token) != typing)
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
                    .filter(|b| b.many || !found.blocks.contains(&b.block_type))
                    .map(block_item),
            );
            items
        }
        Some(Cursor::Value {
            level,
            name,
            quoted,
        }) => {
            let name = scan.text(text, name);
            let Some(info) = schema_level(schema, &scan, level).and_then(|s| s.attribute(name))
            else {
                return Vec::new();
            };
            info.values
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
        None => Vec::new(),
    }
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
        let values: Vec<String> = info.values.iter().map(|v| format!("{v:?}")).collect();
        detail.push_str(&format!(", one of {}", values.join(", ")));
    }
    detail
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

/// The hover text (Markdown) and the byte span of the attribute name or
/// block type at byte `offset` of `text`.
pub(crate) fn hover(
    text: &str,
    schema: &ConfigSchema,
    offset: usize,
) -> Option<(String, hcl_core::Span)> {
    let scan = Scan::new(text);
    let index = scan.token_at(offset)?;
    let token = scan.tokens.get(index)?;
    let (level, _) = scan.before(index);
    let at = schema_level(schema, &scan, level)?;
    let name = scan.text(text, index);
    let body = match token.role {
        Role::AttributeName => attribute_hover(at.attribute(name)?),
        Role::BlockType => block_hover(at.block(name)?),
        Role::Label | Role::Other => return None,
    };
    Some((body, token.span))
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
        assert_eq!(offered("region = [1,\nname = 2\n|"), ["service"]);
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
        assert!(hover(text, &schema(), text.find("\"x").unwrap()).is_none());
    }
}
