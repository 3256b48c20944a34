//! A session in-process over `Connection::memory()`: what `Server::run`
//! answers an editor, with a schema.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use hcl_lsp::lsp_server::{Connection, Message, Notification, Request, RequestId};
use hcl_lsp::{AttributeInfo, BlockInfo, ConfigSchema, Server};
use serde_json::{json, Value};

fn schema() -> ConfigSchema {
    ConfigSchema {
        attributes: vec![AttributeInfo {
            name: "name".into(),
            type_name: "string".into(),
            required: true,
            ..AttributeInfo::default()
        }],
        blocks: vec![BlockInfo {
            block_type: "listener".into(),
            labels: vec!["protocol".into()],
            required: true,
            body: ConfigSchema {
                attributes: vec![AttributeInfo {
                    name: "mode".into(),
                    type_name: "string".into(),
                    values: vec!["tcp".into(), "udp".into()],
                    ..AttributeInfo::default()
                }],
                ..ConfigSchema::default()
            },
            ..BlockInfo::default()
        }],
        doc: None,
    }
}

fn receive(editor: &Connection) -> Message {
    editor
        .receiver
        .recv()
        .unwrap_or_else(|e| panic!("no message from the server: {e}"))
}

fn notify(editor: &Connection, method: &str, params: Value) {
    let message = Notification::new(method.into(), params);
    editor.sender.send(message.into()).unwrap();
}

fn request(editor: &Connection, id: i32, method: &str, params: Value) -> Value {
    let message = Request::new(RequestId::from(id), method.into(), params);
    editor.sender.send(message.into()).unwrap();
    loop {
        if let Message::Response(response) = receive(editor) {
            return response.response_result.unwrap();
        }
    }
}

/// The codes of the next diagnostics.
fn codes(editor: &Connection) -> Vec<String> {
    loop {
        if let Message::Notification(n) = receive(editor) {
            assert_eq!(n.method, "textDocument/publishDiagnostics");
            return n.params["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_owned())
                .collect();
        }
    }
}

#[test]
fn schema_diagnostics_incremental_changes_and_the_json_syntax() {
    let (server_side, editor) = Connection::memory();
    let server = std::thread::spawn(move || Server::new(Some(schema())).run(server_side));
    request(&editor, 1, "initialize", json!({"capabilities": {}}));
    notify(&editor, "initialized", json!({}));

    let uri = "file:///srv/app.hcl";
    let text = "name = \"é\"\nlistener \"tcp\" {\n  mode = \"tpc\"\n}\n";
    let document = json!({"uri": uri, "languageId": "hcl", "version": 1, "text": text});
    notify(
        &editor,
        "textDocument/didOpen",
        json!({"textDocument": document}),
    );
    assert_eq!(codes(&editor), ["invalid-value"]);

    // `tpc` becomes `udp` by a ranged change; the label is removed by another.
    let change = |range: Value, text: &str| json!({"range": range, "text": text});
    let range = |l1: u32, c1: u32, l2: u32, c2: u32| json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}});
    let changes = json!([
        change(range(2, 10, 2, 13), "udp"),
        change(range(1, 8, 1, 14), "")
    ]);
    let params = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes});
    notify(&editor, "textDocument/didChange", params);
    assert_eq!(codes(&editor), ["missing-label"]);

    let json_uri = "file:///srv/app.hcl.json";
    let text = "{\"listener\": {\"tcp\": {\"mode\": \"tcp\", \"port\": 1}}}";
    let document = json!({"uri": json_uri, "languageId": "json", "version": 1, "text": text});
    notify(
        &editor,
        "textDocument/didOpen",
        json!({"textDocument": document}),
    );
    let mut found = codes(&editor);
    found.sort();
    assert_eq!(
        found,
        ["extraneous-json-property", "missing-required-argument"]
    );
    let symbols = request(
        &editor,
        2,
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": json_uri}}),
    );
    assert_eq!(symbols[0]["name"], "listener \"tcp\"");
    // Completion and hover in the JSON syntax: on the name `"listener"`.
    let at = json!({"textDocument": {"uri": json_uri}, "position": {"line": 0, "character": 2}});
    let items = request(&editor, 3, "textDocument/completion", at.clone());
    assert_eq!(items.as_array().map(Vec::len), Some(2), "{items}");
    assert_eq!(
        (&items[0]["label"], &items[1]["label"]),
        (&json!("name"), &json!("listener"))
    );
    let hover = request(&editor, 5, "textDocument/hover", at);
    assert_eq!(
        hover["contents"]["value"],
        "**listener**: `block \"protocol\", required`"
    );

    assert_eq!(request(&editor, 4, "shutdown", Value::Null), Value::Null);
    notify(&editor, "exit", Value::Null);
    assert!(server.join().unwrap().is_ok());
}
