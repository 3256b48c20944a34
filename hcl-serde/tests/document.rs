//! Rust values in and out of a format-preserving document: `update`
//! rewrites only the attributes and blocks whose value changed (the rest
//! keep their bytes, comments and layout), and the decoder reads a
//! document or one of its blocks with ranges into the printed text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;

use hcl_core::edit::Document;
use hcl_serde::{Code, Decoder, EvalContext, Value};
use serde::{Deserialize, Serialize};

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Config {
    region: String,
    #[hcl(optional)]
    owner: Option<String>,
    tags: Vec<String>,
    service: Vec<Service>,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
    ratio: f64,
    #[hcl(block)]
    check: Option<Check>,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Check {
    path: String,
}

/// Hand-aligned, commented, not in the canonical layout.
const SRC: &str = r#"# Deployment settings.
region   =   "eu-west-1"   # where it runs
tags = [ "a",
  "b" ]

# The front end.
service "web" {
  port  = 80    # http
  ratio = 0.50
  check {
    path = "/health" // probe
  }
}

# The back end.
service "api" {
  port = 8080
  ratio = 1
}
"#;

fn parse(src: &str) -> Document {
    Document::parse(src, "main.hcl").unwrap()
}

#[test]
fn an_unchanged_value_leaves_every_byte() {
    let mut doc = parse(SRC);
    let config: Config = hcl_serde::from_document(&doc).unwrap();
    hcl_serde::update(&mut doc, &config).unwrap();
    assert_eq!(doc.to_string(), SRC);
}

#[test]
fn a_changed_attribute_is_the_only_line_rewritten() {
    let mut doc = parse(SRC);
    let mut config: Config = hcl_serde::from_document(&doc).unwrap();
    config.service[0].check.as_mut().unwrap().path = "/ready".into();
    config.service[1].port = 9090;
    hcl_serde::update(&mut doc, &config).unwrap();
    let expected = SRC
        .replace("\"/health\" // probe", "\"/ready\" // probe")
        .replace("port = 8080", "port = 9090");
    assert_eq!(doc.to_string(), expected);
    assert_eq!(hcl_serde::from_document::<Config>(&doc).unwrap(), config);
}

#[test]
fn removed_items_go_with_their_comments_and_new_ones_are_appended() {
    let mut doc = parse(SRC);
    let mut config: Config = hcl_serde::from_document(&doc).unwrap();
    config.service.remove(1);
    config.service[0].check = None;
    config.owner = Some("ops".into());
    config.service.push(Service {
        name: "jobs".into(),
        port: 7000,
        ratio: 0.25,
        check: Some(Check { path: "/".into() }),
    });
    hcl_serde::update(&mut doc, &config).unwrap();
    let text = doc.to_string();
    assert!(!text.contains("The back end"), "{text}");
    assert!(!text.contains("probe"), "{text}");
    assert!(text.contains("port  = 80    # http\n"), "{text}");
    assert!(
        text.contains("region   =   \"eu-west-1\"   # where it runs\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "\nowner = \"ops\"\n\nservice \"jobs\" {\n  port = 7000\n  ratio = 0.25\n\n  check {\n    path = \"/\"\n  }\n}\n"
        ),
        "{text}"
    );
    assert_eq!(hcl_serde::from_document::<Config>(&doc).unwrap(), config);
    // A second update with the same value changes nothing.
    let before = doc.to_string();
    hcl_serde::update(&mut doc, &config).unwrap();
    assert_eq!(doc.to_string(), before);
}

#[test]
fn blocks_are_paired_in_order_by_type_and_labels() {
    let src = "region = \"r\"\ntags = []\nservice \"a\" {\n  port  = 1 # first\n  ratio = 1\n}\nservice \"a\" {\n  port  = 2 # second\n  ratio = 1\n}\n";
    let mut doc = parse(src);
    let mut config: Config = hcl_serde::from_document(&doc).unwrap();
    config.service[1].port = 3;
    hcl_serde::update(&mut doc, &config).unwrap();
    assert_eq!(doc.to_string(), src.replace("= 2 # second", "= 3 # second"));
}

#[test]
fn the_canonical_layout_is_kept_canonical() {
    let src =
        "region = \"r\"\ntags   = []\n\nservice \"web\" {\n  port  = 80 # http\n  ratio = 1\n}\n";
    assert_eq!(hcl_core::format(src), src);
    let mut doc = parse(src);
    let mut config: Config = hcl_serde::from_document(&doc).unwrap();
    config.owner = Some("a-long-name".into());
    config.service[0].check = Some(Check { path: "/".into() });
    hcl_serde::update(&mut doc, &config).unwrap();
    let text = doc.to_string();
    assert_eq!(hcl_core::format(&text), text);
    assert!(text.contains("port  = 80 # http\n"), "{text}");
    assert_eq!(hcl_serde::from_document::<Config>(&doc).unwrap(), config);
}

#[test]
fn expressions_with_the_value_stay_as_written() {
    let src = "region = \"${var.prefix}-1\" # templated\ntags = [for t in var.tags : upper(t)]\n";
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "var",
        Value::object([
            ("prefix".to_owned(), Value::string("eu")),
            (
                "tags".to_owned(),
                Value::tuple(vec![Value::string("a"), Value::string("b")]),
            ),
        ]),
    );
    let mut doc = parse(src);
    let mut config: Config = Decoder::new()
        .context(&ctx)
        .from_document(&doc)
        .unwrap()
        .value;
    assert_eq!(config.tags, ["A", "B"]);
    hcl_serde::update_with(&mut doc, &config, &ctx).unwrap();
    assert_eq!(doc.to_string(), src);
    // Without the variables the expression cannot be compared, and the
    // value is written in its place.
    config.tags.push("C".into());
    hcl_serde::update_with(&mut doc, &config, &ctx).unwrap();
    assert_eq!(
        doc.to_string(),
        "region = \"${var.prefix}-1\" # templated\ntags = [\"A\", \"B\", \"C\"]\n"
    );
}

#[test]
fn maps_of_labels_update_by_key() {
    let src = "# services\nservice \"api\" {\n  port = 1 # one\n}\nservice \"web\" {\n  port = 2 # two\n}\n";
    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize)]
    struct Port {
        port: u16,
    }
    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize)]
    struct Services {
        #[hcl(block)]
        service: BTreeMap<String, Port>,
    }
    let mut doc = parse(src);
    let mut services: Services = hcl_serde::from_document(&doc).unwrap();
    services.service.get_mut("web").unwrap().port = 20;
    services.service.remove("api");
    hcl_serde::update(&mut doc, &services).unwrap();
    assert_eq!(doc.to_string(), "service \"web\" {\n  port = 20 # two\n}\n");
}

#[test]
fn a_value_that_cannot_be_written_leaves_the_document() {
    let mut doc = parse(SRC);
    let mut config: Config = hcl_serde::from_document(&doc).unwrap();
    config.service[0].ratio = f64::NAN;
    let err = hcl_serde::update(&mut doc, &config).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::UnsupportedValue
    );
    assert_eq!(doc.to_string(), SRC);
    let err = hcl_serde::update(&mut doc, &42).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::UnsupportedValue
    );
}

#[test]
fn a_block_decodes_with_ranges_into_the_document() {
    let doc = parse(SRC);
    let decoded = Decoder::new()
        .from_document_block::<Check>(&doc, &[("service", &["web"]), ("check", &[])])
        .unwrap();
    assert_eq!(decoded.value.path, "/health");
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Wrong {
        port: bool,
        ratio: f64,
    }
    let err = Decoder::new()
        .from_document_block::<Wrong>(&doc, &[("service", &["api"])])
        .unwrap_err();
    let range = err.range().unwrap();
    assert_eq!(&*range.filename, "main.hcl");
    assert_eq!(range.start.line, 17, "{err}");
    // The root body is the empty path.
    let root = Decoder::new()
        .lenient(true)
        .from_document_block::<serde_json::Value>(&doc, &[])
        .unwrap();
    assert_eq!(root.value["region"], "eu-west-1");
}

#[test]
fn a_missing_block_is_an_error_with_its_code() {
    let doc = parse(SRC);
    for path in [
        &[("service", &["db"][..])][..],
        &[("service", &[][..])][..],
        &[("service", &["web"][..]), ("check", &["x"][..])][..],
    ] {
        let err = Decoder::new()
            .from_document_block::<Check>(&doc, path)
            .unwrap_err();
        assert_eq!(
            err.diagnostics().iter().next().unwrap().code,
            Code::MissingBlock
        );
    }
}
