//! The decoder's `user_functions` setting: `function` blocks read as
//! functions that the rest of the document calls.
#![allow(missing_docs, clippy::unwrap_used, reason = "tests")]

use std::collections::BTreeMap;

use hcl_core::{Code, EvalContext, Value};
use hcl_serde::Decoder;
use serde::Deserialize;

#[derive(Deserialize, Debug, PartialEq)]
struct Service {
    name: String,
    url: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    #[serde(default)]
    service: Vec<Service>,
    ports: Vec<u16>,
}

const SRC: &str = r#"
function "url" {
  params = [name]
  result = "https://${name}.${domain}:${port(name)}"
}
function "port" {
  params = [name]
  result = name == "web" ? 443 : 8443
}
service {
  name = "web"
  url  = url("web")
}
ports = [port("web"), port("api")]
"#;

fn context() -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    ctx.set_variable("domain", Value::string("example.com"));
    ctx
}

#[test]
fn functions_see_the_context_and_each_other() {
    let ctx = context();
    let decoded = Decoder::new()
        .context(&ctx)
        .user_functions("function")
        .from_str::<Config>(SRC)
        .unwrap();
    let service = Service {
        name: "web".into(),
        url: "https://web.example.com:443".into(),
    };
    assert_eq!(decoded.value.service, [service]);
    assert_eq!(decoded.value.ports, [443, 8443]);
    assert!(decoded.warnings.is_empty());
}

#[test]
fn the_json_syntax_works_the_same() {
    let src = r#"{
      "function": {"double": {"params": ["n"], "result": "${n * 2}"}},
      "ports": ["${double(40)}", 8080]
    }"#;
    let decoded = Decoder::new()
        .user_functions("function")
        .from_named_str::<Config>(src, "app.hcl.json")
        .unwrap();
    assert_eq!(decoded.value.ports, [80, 8080]);
}

#[test]
fn a_map_target_does_not_see_the_function_blocks() {
    let src = "function \"f\" {\n  params = []\n  result = 1\n}\na = f()\n";
    let decoded = Decoder::new()
        .user_functions("function")
        .from_str::<BTreeMap<String, u8>>(src)
        .unwrap();
    assert_eq!(decoded.value, BTreeMap::from([("a".to_owned(), 1)]));
}

#[test]
fn without_the_setting_function_blocks_are_blocks() {
    let err = Decoder::new().from_str::<Config>(SRC).unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::UnsupportedBlockType), "{err}");
}

#[test]
fn an_error_in_a_function_block_fails_the_decode() {
    let src = "function \"f\" {\n  params = [\"a\"]\n  result = 1\n}\nports = []\n";
    let err = Decoder::new()
        .user_functions("function")
        .from_str::<Config>(src)
        .unwrap_err();
    let first = err.diagnostics().iter().next().unwrap();
    assert_eq!(first.code, Code::InvalidParameterName);
    // An error of a call is an evaluation error, at the call.
    let src = "function \"f\" {\n  params = [a]\n  result = a + 1\n}\nports = [f(\"x\")]\n";
    let err = Decoder::new()
        .user_functions("function")
        .from_str::<Config>(src)
        .unwrap_err();
    let first = err.diagnostics().iter().next().unwrap();
    assert_eq!(first.code, Code::FunctionCallFailed);
}
