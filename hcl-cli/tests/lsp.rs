//! `hcl lsp`: the real server process, spoken to over its standard input
//! and output as an editor speaks to it (`Content-Length` framed JSON-RPC),
//! with a schema file and without one.
// Test helpers outside `#[test]` functions panic on failure too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/lsp_client.rs"]
mod lsp_client;
mod support;

use lsp_client::Editor;

use serde_json::{json, Value};
use std::process::Command;

/// `hcl lsp` with `args`, as the server.
fn start(args: &[&str]) -> Editor {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hcl"));
    command.arg("lsp").args(args);
    Editor::spawn(command)
}

fn position(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position(line, character)})
}

fn doc(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

/// The labels of a completion answer.
fn labels(items: &Value) -> Vec<&str> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect()
}

/// The `code`s of a publishDiagnostics notification.
fn codes(params: &Value) -> Vec<String> {
    params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_owned())
        .collect()
}

const SCHEMA: &str = r#"{
  "attributes": [
    {"name": "region", "type": "string", "required": true,
     "values": ["eu-west-1", "us-east-1"], "doc": "Where it runs."}
  ],
  "blocks": [
    {"type": "variable", "labels": ["name"], "many": true, "defines": "var"},
    {"type": "service", "labels": ["name"], "label_values": [["web", "worker"]],
     "many": true, "doc": "A service.",
     "body": {"attributes": [
       {"name": "port", "type": "number", "required": true, "doc": "Its port."},
       {"name": "mode", "type": "string", "values": ["fast", "slow"]}
     ]}}
  ]
}"#;

#[test]
fn a_session_with_a_schema() {
    let dir = support::tree("lsp-schema", &[("schema.json", SCHEMA)]);
    let schema = dir.join("schema.json");
    let mut editor = start(&["--schema", schema.to_str().unwrap()]);
    let capabilities = editor.initialize();
    // Incremental sync: ranged changes (one without a range still replaces the text).
    assert_eq!(capabilities["textDocumentSync"], 2);
    assert!(capabilities["completionProvider"].is_object());
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(capabilities["definitionProvider"], true);
    assert_eq!(capabilities["referencesProvider"], true);
    let legend = &capabilities["semanticTokensProvider"]["legend"]["tokenTypes"];
    assert!(legend.as_array().unwrap().contains(&json!("property")));

    let uri = "file:///project/app.hcl";
    // "é" is two bytes and one UTF-16 unit: `prot` starts at character 16.
    let opened = editor.open(uri, "regoin = \"eu\"\nservice \"wéb\" { prot = 80 }\n");
    let mut found = codes(&opened);
    found.sort();
    assert_eq!(
        found,
        [
            "missing-required-argument",
            "missing-required-argument",
            "unsupported-argument",
            "unsupported-argument"
        ]
    );
    let prot = opened["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unsupported-argument" && d["range"]["start"]["line"] == 1)
        .unwrap();
    assert_eq!(
        prot["range"],
        json!({"start": position(1, 16), "end": position(1, 20)})
    );
    assert_eq!(prot["severity"], 1);
    assert_eq!(opened["version"], 1);

    // A half-typed attribute in an unclosed block: a syntax error, and
    // completion of what the block lacks.
    let broken = "region = \"eu-west-2\"\nservice \"web\" {\n  port = 80\n  mo";
    let changed = editor.change(uri, 2, broken);
    assert_eq!(changed["version"], 2);
    assert!(!codes(&changed).is_empty());
    let items = editor.result("textDocument/completion", at(uri, 3, 4));
    assert_eq!(labels(&items), ["mode"]);
    let values = editor.result("textDocument/completion", at(uri, 0, 9));
    assert_eq!(labels(&values), ["\"eu-west-1\"", "\"us-east-1\""]);

    // The outline of the broken file, as the parser's recovery reads it.
    let symbols = editor.result("textDocument/documentSymbol", doc(uri));
    assert_eq!(symbols[1]["name"], "service \"web\"");
    assert_eq!(symbols[1]["children"][0]["name"], "port");
    assert_eq!(symbols[1]["range"]["end"], position(3, 4));

    let hover = editor.result("textDocument/hover", at(uri, 2, 3));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("number") && text.contains("required") && text.contains("Its port."),
        "{text}"
    );
    assert_eq!(
        hover["range"],
        json!({"start": position(2, 2), "end": position(2, 6)})
    );
    // A label: completion of the values the schema knows, and hover.
    let items = editor.result("textDocument/completion", at(uri, 1, 10));
    assert_eq!(labels(&items), ["\"web\"", "\"worker\""]);
    let hover = editor.result("textDocument/hover", at(uri, 1, 10));
    assert_eq!(
        hover["contents"]["value"],
        "**name**: `label of service, one of \"web\", \"worker\"`\n\nA service."
    );
    assert_eq!(
        editor.result(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}})
        ),
        Value::Null
    );

    // A value outside the attribute's values, in a file that parses.
    let valid = "region=\"eu-west-2\"\nservice \"web\" {\nport = 80\n}\n";
    let changed = editor.change(uri, 3, valid);
    assert_eq!(codes(&changed), ["invalid-value"]);

    let options = json!({"tabSize": 2, "insertSpaces": true});
    let edits = editor.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": options}),
    );
    let edits = edits.as_array().unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(
        edits[0]["newText"],
        "region = \"eu-west-2\"\nservice \"web\" {\n  port = 80\n}\n"
    );
    assert_eq!(
        edits[0]["range"],
        json!({"start": position(0, 0), "end": position(4, 0)})
    );

    let symbols = editor.result("textDocument/documentSymbol", doc(uri));
    assert_eq!(symbols[0]["name"], "region");
    assert_eq!(symbols[1]["name"], "service \"web\"");
    assert_eq!(symbols[1]["children"][0]["name"], "port");
    assert_eq!(symbols[1]["children"][0]["kind"], 7); // SymbolKind::PROPERTY

    let folds = editor.result("textDocument/foldingRange", doc(uri));
    assert_eq!(folds[0]["startLine"], 1);
    assert_eq!(folds[0]["endLine"], 2);

    let tokens = editor.result("textDocument/semanticTokens/full", doc(uri));
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first token: `region`, a property (type 2 of the legend).
    assert_eq!(
        data[..5],
        [json!(0), json!(0), json!(6), json!(2), json!(0)]
    );

    // `var.pört` goes to `variable "pört"`, whose references are found from
    // either; columns in UTF-16 units after "é" and "ö".
    let defining = "variable \"pört\" {}\nregion = \"eu-west-1\"\n\
        service \"wéb\" { port = var.pört }\nservice \"ö\" {\n  port = \"${var.pört}\"\n}\n";
    editor.change(uri, 4, defining);
    let range = |line: u32, start: u32, end: u32| json!({"start": position(line, start), "end": position(line, end)});
    let definition = editor.result("textDocument/definition", at(uri, 2, 28));
    assert_eq!(definition["uri"], uri);
    assert_eq!(definition["range"], range(0, 9, 15));
    let mut params = at(uri, 0, 11);
    params["context"] = json!({"includeDeclaration": true});
    let references = editor.result("textDocument/references", params);
    let ranges: Vec<&Value> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["range"])
        .collect();
    assert_eq!(
        ranges,
        [&range(0, 9, 15), &range(2, 23, 31), &range(4, 12, 20)]
    );
    let undefined = editor.result("textDocument/definition", at(uri, 1, 2));
    assert_eq!(undefined, Value::Null);

    // The JSON syntax: a name half typed in an unclosed block body, the
    // values of an attribute, and hover on a property name.
    let json_uri = "file:///project/app.tf.json";
    let last = "  \"service\": {\"wéb\": {\"port\": 80, \"mo";
    let opened = editor.open(
        json_uri,
        &format!("{{\n  \"region\": \"eu-west-1\",\n{last}"),
    );
    assert_eq!(codes(&opened)[0], "invalid-json-syntax");
    let end = u32::try_from(last.encode_utf16().count()).unwrap();
    let items = editor.result("textDocument/completion", at(json_uri, 2, end));
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["label"], "mode");
    assert_eq!(items[0]["filterText"], "\"mode\"");
    assert_eq!(
        items[0]["textEdit"],
        json!({"range": {"start": position(2, end - 3), "end": position(2, end)},
               "newText": "\"mode\": "})
    );
    let values = editor.result("textDocument/completion", at(json_uri, 1, 13));
    assert_eq!(labels(&values), ["\"eu-west-1\"", "\"us-east-1\""]);
    let hover = editor.result("textDocument/hover", at(json_uri, 1, 4));
    assert_eq!(
        hover["contents"]["value"],
        "**region**: `string, required, one of \"eu-west-1\", \"us-east-1\"`\n\nWhere it runs."
    );
    assert_eq!(
        hover["range"],
        json!({"start": position(1, 2), "end": position(1, 10)})
    );

    assert_eq!(editor.shut_down(), Some(0));
}

#[test]
fn a_definition_in_another_file_of_the_directory() {
    let variables = "# Not open.\nvariable \"pört\" {}\n";
    let dir = support::tree(
        "lsp-directory",
        &[("schema.json", SCHEMA), ("variables.tf", variables)],
    );
    let schema = dir.join("schema.json");
    let mut editor = start(&["--schema", schema.to_str().unwrap()]);
    editor.initialize();
    let path = dir.to_str().unwrap().replace('\\', "/");
    let dir_uri = format!("file:///{}", path.trim_start_matches('/'));
    let uri = format!("{dir_uri}/main.tf");
    editor.open(&uri, "service \"wéb\" { port = var.pört }\n");
    let definition = editor.result("textDocument/definition", at(&uri, 0, 28));
    assert_eq!(definition["uri"], format!("{dir_uri}/variables.tf"));
    assert_eq!(
        definition["range"],
        json!({"start": position(1, 9), "end": position(1, 15)})
    );
    assert_eq!(editor.shut_down(), Some(0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_session_without_a_schema() {
    let mut editor = start(&[]);
    let capabilities = editor.initialize();
    assert!(capabilities.get("completionProvider").is_none());
    assert_eq!(capabilities["documentFormattingProvider"], true);

    let uri = "file:///project/main.tf";
    let opened = editor.open(uri, "a = \nb {\n");
    assert!(
        codes(&opened).contains(&"invalid-expression".to_owned()),
        "{opened}"
    );
    let changed = editor.change(uri, 2, "anything {\n  goes = 1\n}\n");
    assert_eq!(codes(&changed), Vec::<String>::new());
    assert_eq!(
        editor.result("textDocument/completion", at(uri, 1, 2)),
        Value::Null
    );
    assert_eq!(
        editor.result("textDocument/hover", at(uri, 1, 3)),
        Value::Null
    );
    let options = json!({"tabSize": 2, "insertSpaces": true});
    let edits = editor.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": options}),
    );
    assert_eq!(edits, json!([]));
    let symbols = editor.result("textDocument/documentSymbol", doc(uri));
    assert_eq!(symbols[0]["children"][0]["name"], "goes");
    let folds = editor.result("textDocument/foldingRange", doc(uri));
    assert_eq!(folds.as_array().unwrap().len(), 1);
    let tokens = editor.result("textDocument/semanticTokens/full", doc(uri));
    assert!(!tokens["data"].as_array().unwrap().is_empty());

    // The JSON syntax.
    let json_uri = "file:///project/extra.tf.json";
    let opened = editor.open(json_uri, "{\"a\": 1,}");
    assert_eq!(codes(&opened)[0], "invalid-json-syntax");
    editor.notify("textDocument/didClose", doc(json_uri));
    assert_eq!(editor.diagnostics()["diagnostics"], json!([]));

    let unknown = editor.request("textDocument/rename", at(uri, 0, 0));
    assert_eq!(unknown["error"]["code"], -32601);
    assert_eq!(editor.shut_down(), Some(0));
}

#[test]
fn exit_without_shutdown_fails_and_requests_after_shutdown_are_refused() {
    let mut editor = start(&[]);
    editor.initialize();
    editor.notify("exit", Value::Null);
    assert_eq!(editor.wait(), Some(1));

    let mut editor = start(&[]);
    editor.initialize();
    assert_eq!(editor.result("shutdown", Value::Null), Value::Null);
    let refused = editor.request("textDocument/documentSymbol", doc("file:///a.hcl"));
    assert_eq!(refused["error"]["code"], -32600);
    editor.notify("exit", Value::Null);
    assert_eq!(editor.wait(), Some(0));
}

#[test]
fn a_schema_file_that_is_not_a_schema_is_a_usage_error() {
    let dir = support::tree(
        "lsp-bad-schema",
        &[
            ("bad.json", "{\"attributes\": 1}"),
            (
                "twice.json",
                "{\"attributes\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}",
            ),
        ],
    );
    for (file, message) in [
        ("bad.json", "not a schema"),
        ("twice.json", "invalid schema"),
        ("missing.json", "cannot read"),
    ] {
        let path = dir.join(file);
        let out = support::hcl(&["lsp", "--schema", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        let stderr = support::stderr(&out);
        assert!(
            stderr.starts_with("hcl: ") && stderr.contains(message),
            "{file}: {stderr}"
        );
    }
}
