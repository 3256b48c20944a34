//! A real editor as the language server's client: Neovim, headless, runs
//! `tests/nvim/complete.lua`, which attaches `hcl lsp` to a file that does
//! not parse, waits for its diagnostics and asks for completion inside a
//! half-typed block; the test reads what Neovim got.
//!
//! Without `nvim` on the path the test prints a notice and checks nothing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SCHEMA: &str = r#"{
  "attributes": [{"name": "region", "type": "string", "required": true}],
  "blocks": [{
    "type": "service", "labels": ["name"], "many": true,
    "body": {"attributes": [
      {"name": "port", "type": "number", "required": true, "doc": "The port it listens on."},
      {"name": "host", "type": "string"}
    ]}
  }]
}"#;

/// The file being typed: `po` half-typed in a block.
const FILE: &str = "region = \"eu-west-1\"\nservice \"web\" {\n  po\n}\n";

fn nvim() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("nvim"))
        .find(|p| p.is_file())
}

/// Runs the script against `hcl lsp` (with `schema` if given) on `FILE`,
/// completion asked at line 3, column 5; what Neovim got, as JSON.
fn run(nvim: &Path, dir: &Path, schema: Option<&Path>) -> serde_json::Value {
    let file = dir.join("main.hcl");
    std::fs::write(&file, FILE).unwrap();
    let out = dir.join("out.json");
    let _ = std::fs::remove_file(&out);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim/complete.lua");
    let mut child = Command::new(nvim)
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("HCL_BIN", env!("CARGO_BIN_EXE_hcl"))
        .env(
            "HCL_SCHEMA",
            schema.map(Path::as_os_str).unwrap_or_default(),
        )
        .env("HCL_FILE", &file)
        .env("HCL_LINE", "2")
        .env("HCL_CHARACTER", "4")
        .env("HCL_OUT", &out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start nvim");
    // The script's own waits for the server are bounded, and it quits
    // after them, with an error as its result if need be.
    child.wait().expect("nvim ran");
    let text = std::fs::read_to_string(&out).expect("nvim wrote its result");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn neovim_gets_completion_and_diagnostics_in_a_broken_file() {
    let Some(nvim) = nvim() else {
        eprintln!("notice: nvim is not on the path; test skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("hcl-lsp-nvim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let schema = dir.join("schema.json");
    std::fs::write(&schema, SCHEMA).unwrap();

    let got = run(&nvim, &dir, Some(&schema));
    assert!(got.get("error").is_none(), "{got}");
    let items: Vec<&str> = got["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i.as_str())
        .collect();
    assert!(items.contains(&"port") && items.contains(&"host"), "{got}");
    assert!(!items.contains(&"region"), "{got}");
    let diagnostics = got["diagnostics"].as_array().unwrap();
    assert!(
        diagnostics
            .iter()
            .any(|d| d["code"] == "argument-or-block-required" && d["line"] == 2),
        "{got}"
    );

    // Without a schema: the same syntax error, nothing to complete.
    let got = run(&nvim, &dir, None);
    assert!(got.get("error").is_none(), "{got}");
    assert_eq!(got["items"].as_array().map(Vec::len), Some(0), "{got}");
    assert!(
        got["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "argument-or-block-required"),
        "{got}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
