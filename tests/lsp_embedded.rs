//! An application's own language server, its schema taken from its types:
//! `examples/editor.rs lsp`, started as a process and spoken to as an
//! editor speaks to it. The blocks, attributes, enum values and doc
//! comments of the example's `#[hcl]` types reach completion and hover.
//! `cargo test` builds the example first; when it was not built (a single
//! `--test` run), this prints a notice.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

#[path = "../hcl-cli/tests/support/lsp_client.rs"]
mod lsp_client;

use std::path::PathBuf;
use std::process::Command;

use lsp_client::Editor;
use serde_json::{json, Value};

/// The built example `editor`, beside this test's own executable.
fn example() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let path = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(format!("editor{}", std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("notice: example editor is not built; run `cargo test` to build it");
        None
    }
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn labels(items: &Value) -> Vec<String> {
    let items = items.get("items").unwrap_or(items);
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn the_application_serves_its_types_as_the_schema() {
    let Some(path) = example() else { return };
    let mut command = Command::new(path);
    command.arg("lsp");
    let mut editor = Editor::spawn(command);
    let capabilities = editor.initialize();
    assert!(capabilities["completionProvider"].is_object());

    let uri = "file:///app/editor.hcl";
    // A region that is not one of the enum's, and a block being typed.
    let text = "region = \"eu-west-9\"\nservice \"web\" {\n  port = 80\n  re\n";
    let opened = editor.open(uri, text);
    assert!(!opened["diagnostics"].as_array().unwrap().is_empty());

    let inside = labels(&editor.result("textDocument/completion", at(uri, 3, 4)));
    assert!(inside.contains(&"replicas".to_owned()), "{inside:?}");
    assert!(inside.contains(&"check".to_owned()), "{inside:?}");
    assert!(!inside.contains(&"port".to_owned()), "{inside:?}");
    let top = labels(&editor.result("textDocument/completion", at(uri, 0, 9)));
    assert_eq!(top, ["\"eu-west-1\"", "\"us-east-1\""]);

    let hover = editor.result("textDocument/hover", at(uri, 2, 3));
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("The port it listens on."), "{shown}");

    // Once the file parses, the value outside the enum is its error.
    let fixed = "region = \"eu-west-9\"\nservice \"web\" {\n  port = 80\n}\n";
    let changed = editor.change(uri, 2, fixed);
    let codes: Vec<&str> = changed["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(codes, ["invalid-value"]);

    let symbols = editor.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols[1]["name"], "service \"web\"");

    // The canonical layout, and highlighting.
    let unaligned = "region = \"eu-west-1\"\nservice \"web\" {\n  port = 80\n  replicas   = 2\n}\n";
    editor.change(uri, 3, unaligned);
    let edits = editor.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let formatted = edits[0]["newText"].as_str().unwrap();
    assert_eq!(formatted, hcl_core::format(unaligned));
    let tokens = editor.result(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    // Five numbers a token: the first is `region`, at line 0, column 0.
    let data = tokens["data"].as_array().unwrap();
    assert!(data.len() >= 5 && data.len() % 5 == 0, "{tokens}");
    assert_eq!(
        (data[0].as_u64(), data[1].as_u64(), data[2].as_u64()),
        (Some(0), Some(0), Some(6))
    );
    assert_eq!(editor.shut_down(), Some(0));
}
