//! Go-to-definition and references over an in-memory session: names the
//! schema's `defines` declares, found through the traversals of each
//! expression, with positions in UTF-16 code units.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use crate::refs::Names;
use crate::{BlockInfo, ConfigSchema, Connection, Server};
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{json, Value};

pub(crate) fn schema() -> ConfigSchema {
    let variable = BlockInfo {
        block_type: "variable".into(),
        labels: vec!["name".into()],
        many: true,
        defines: Some("var".into()),
        ..BlockInfo::default()
    };
    let inner = BlockInfo {
        block_type: "rule".into(),
        many: true,
        ..BlockInfo::default()
    };
    let service = BlockInfo {
        block_type: "service".into(),
        labels: vec!["name".into()],
        many: true,
        body: ConfigSchema {
            blocks: vec![inner],
            ..ConfigSchema::default()
        },
        ..BlockInfo::default()
    };
    ConfigSchema {
        blocks: vec![variable, service],
        ..ConfigSchema::default()
    }
}

/// Non-ASCII before every name, so that UTF-16 columns differ from bytes
/// and from characters (`😀` is two units, four bytes).
const TEXT: &str = "\
# é😀
variable \"ö\" { default = \"😀\" }
variable \"x\" {}
service \"é😀\" {
  port = length(\"é😀\") + var.x.y[0]
  rule { note = \"😀 ${var.x} ${var.ö}\" }
  rule { all = [for v in var.x : v] }
}
other = var.nope
";

/// A session on a schema, with documents open.
pub(crate) struct Session {
    editor: Connection,
    next: i32,
    server: Option<std::thread::JoinHandle<Result<(), crate::Error>>>,
}

impl Session {
    /// A session on `schema` with `text` open as `file:///a.hcl`, and the
    /// server's capabilities.
    fn new(schema: Option<ConfigSchema>, text: &str) -> (Session, Value) {
        let (session, capabilities) = Session::start(schema);
        session.open("file:///a.hcl", text);
        (session, capabilities)
    }

    /// A session on `schema` with no document open, and the server's
    /// capabilities.
    pub(crate) fn start(schema: Option<ConfigSchema>) -> (Session, Value) {
        let (server_side, editor) = Connection::memory();
        let server = std::thread::spawn(move || Server::new(schema).run(server_side));
        let mut session = Session {
            editor,
            next: 1,
            server: Some(server),
        };
        let init = session.request("initialize", json!({"capabilities": {}}));
        session.notify("initialized", json!({}));
        (session, init["capabilities"].clone())
    }

    pub(crate) fn open(&self, uri: &str, text: &str) {
        let document = json!({"uri": uri, "languageId": "hcl", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": document}));
    }

    pub(crate) fn notify(&self, method: &str, params: Value) {
        let message = Notification::new(method.into(), params);
        self.editor.sender.send(message.into()).unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let message = Request::new(RequestId::from(self.next), method.into(), params);
        self.editor.sender.send(message.into()).unwrap();
        loop {
            let message = self.editor.receiver.recv().expect("an answer");
            if let Message::Response(response) = message {
                return response.response_result.expect("a result");
            }
        }
    }

    fn at(&mut self, method: &str, at: (u32, u32), declaration: bool) -> Value {
        self.at_in("file:///a.hcl", method, at, declaration)
    }

    /// The answer to `method` at a position of document `uri`.
    pub(crate) fn at_in(
        &mut self,
        uri: &str,
        method: &str,
        (line, character): (u32, u32),
        declaration: bool,
    ) -> Value {
        let params = json!({
            "textDocument": {"uri": uri},
            "position": {"line": line, "character": character},
            "context": {"includeDeclaration": declaration},
        });
        self.request(method, params)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        if let Some(server) = self.server.take() {
            assert!(server.join().unwrap().is_ok());
        }
    }
}

/// The UTF-16 position of the `nth` occurrence of `needle` in `text`, plus
/// `plus` units.
pub(crate) fn pos(text: &str, needle: &str, nth: usize, plus: u32) -> (u32, u32) {
    let offset = text.match_indices(needle).nth(nth).expect("in the text").0;
    let before = &text[..offset];
    let line = before.matches('\n').count() as u32;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column: usize = before[line_start..].chars().map(char::len_utf16).sum();
    (line, column as u32 + plus)
}

/// A protocol range, from the positions of `needle`'s `nth` occurrence.
pub(crate) fn range(text: &str, needle: &str, nth: usize) -> Value {
    let (line, start) = pos(text, needle, nth, 0);
    let end = start + needle.encode_utf16().count() as u32;
    json!({"start": {"line": line, "character": start}, "end": {"line": line, "character": end}})
}

fn ranges(found: &Value) -> Vec<Value> {
    let list = found.as_array().expect("a list of locations");
    for location in list {
        assert_eq!(location["uri"], "file:///a.hcl");
    }
    list.iter().map(|l| l["range"].clone()).collect()
}

#[test]
fn definitions_and_references_are_declared_when_the_schema_defines_names() {
    let (_session, capabilities) = Session::new(Some(schema()), TEXT);
    assert_eq!(capabilities["definitionProvider"], true);
    assert_eq!(capabilities["referencesProvider"], true);
    let mut plain = schema();
    plain.blocks[0].defines = None;
    let (_session, capabilities) = Session::new(Some(plain), TEXT);
    assert!(capabilities.get("definitionProvider").is_none());
    let (_session, capabilities) = Session::new(None, TEXT);
    assert!(capabilities.get("referencesProvider").is_none());
}

#[test]
fn a_reference_goes_to_its_block_s_label() {
    let (mut session, _) = Session::new(Some(schema()), TEXT);
    // On `x` of `var.x.y[0]`, nested in a block, after non-ASCII text.
    let found = session.at("textDocument/definition", pos(TEXT, "var.x.y", 0, 4), false);
    assert_eq!(found["uri"], "file:///a.hcl");
    assert_eq!(found["range"], range(TEXT, "\"x\"", 0));
    // On `var` of a template's `${var.ö}`, two blocks down.
    let found = session.at("textDocument/definition", pos(TEXT, "var.ö", 0, 0), false);
    assert_eq!(found["range"], range(TEXT, "\"ö\"", 0));
    // At the end of `var.x` in `${var.x}`.
    let found = session.at("textDocument/definition", pos(TEXT, "var.x}", 0, 5), false);
    assert_eq!(found["range"], range(TEXT, "\"x\"", 0));
    // A name no block defines, a step after the name, no name at all.
    let nope = pos(TEXT, "var.nope", 0, 5);
    assert_eq!(
        session.at("textDocument/definition", nope, false),
        Value::Null
    );
    let step = pos(TEXT, "var.x.y", 0, 6);
    assert_eq!(
        session.at("textDocument/definition", step, false),
        Value::Null
    );
    let port = pos(TEXT, "port", 0, 1);
    assert_eq!(
        session.at("textDocument/definition", port, false),
        Value::Null
    );
}

#[test]
fn references_from_a_label_or_a_reference() {
    let (mut session, _) = Session::new(Some(schema()), TEXT);
    let uses = vec![
        range(TEXT, "var.x", 0),
        range(TEXT, "var.x", 1),
        range(TEXT, "var.x", 2),
    ];
    let label = pos(TEXT, "\"x\"", 0, 1);
    let found = session.at("textDocument/references", label, false);
    assert_eq!(ranges(&found), uses);
    let mut with_declaration = vec![range(TEXT, "\"x\"", 0)];
    with_declaration.extend(uses.clone());
    let found = session.at("textDocument/references", label, true);
    assert_eq!(ranges(&found), with_declaration);
    let from_use = pos(TEXT, "var.x", 2, 2);
    let found = session.at("textDocument/references", from_use, true);
    assert_eq!(ranges(&found), with_declaration);
    // `ö`: the template's reference, after `😀` on its line.
    let found = session.at("textDocument/references", pos(TEXT, "\"ö\"", 0, 0), false);
    assert_eq!(ranges(&found), [range(TEXT, "var.ö", 0)]);
    // A defined name nobody uses; no name at the position.
    let text = "variable \"unused\" {}\n";
    let (mut session, _) = Session::new(Some(schema()), text);
    let found = session.at("textDocument/references", pos(text, "unused", 0, 0), false);
    assert_eq!(found, json!([]));
    let found = session.at("textDocument/references", (0, 0), false);
    assert_eq!(found, Value::Null);
}

#[test]
fn a_file_that_does_not_parse_has_no_names() {
    let text = "variable \"x\" {}\na = var.x +\n";
    let (mut session, _) = Session::new(Some(schema()), text);
    let found = session.at("textDocument/definition", pos(text, "var.x", 0, 4), false);
    assert_eq!(found, Value::Null);
    let found = session.at("textDocument/references", pos(text, "\"x\"", 0, 1), true);
    assert_eq!(found, Value::Null);
}

#[test]
fn names_only_where_the_schema_defines_them() {
    let text = "\
variable \"a\" {}
service \"s\" {
  variable \"b\" {}
  x = var.b + var[\"a\"] + var.a.b
  y = { for var in [1] : var => var.a }
}
";
    let names = Names::of(text, "a.hcl", &schema()).unwrap();
    // `variable` defines names at the top level only.
    let defined: Vec<&str> = names
        .definitions
        .iter()
        .map(|(n, _)| n.label.as_str())
        .collect();
    assert_eq!(defined, ["a"]);
    // `var["a"]` refers too; `var` bound by `for` does not.
    let referred: Vec<&str> = names
        .references
        .iter()
        .map(|(_, s)| &text[s.start as usize..s.end as usize])
        .collect();
    assert_eq!(referred, ["var.b", "var[\"a\"]", "var.a"]);
    assert_eq!(names.definitions_of(&names.references[1].0).count(), 1);
    assert_eq!(names.definitions_of(&names.references[0].0).count(), 0);
}

#[test]
fn the_json_syntax_has_names_too() {
    let text = r#"{"variable": {"x": {}}, "a": "${var.x}"}"#;
    let names = Names::of(text, "a.hcl.json", &schema()).unwrap();
    assert_eq!(names.definitions.len(), 1);
    let (name, span) = &names.references[0];
    assert_eq!(&text[span.start as usize..span.end as usize], "var.x");
    assert_eq!(names.definitions_of(name).count(), 1);
}
