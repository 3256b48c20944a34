//! Writing `#[hcl]` structs and the types only the decoder fills: each
//! field is written back in the shape it is read from (labels, attributes,
//! blocks, expressions and bodies as their source text), and plain
//! structs follow the rule of the crate documentation: structs and
//! collections of them are blocks.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;
use std::fmt::Debug;

use hcl_serde::{Expression, RawBody, Spanned};
use serde::{Deserialize, Serialize};

mod common;
use common::round_trip;

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label = "name")]
    id: String,
    ami: String,
    #[hcl(attr)]
    tags: BTreeMap<String, String>,
    #[hcl(attr)]
    placement: Placement,
    #[hcl(block)]
    network: Option<Network>,
    #[hcl(block, optional)]
    disk: Vec<Disk>,
    #[hcl(optional)]
    count: u32,
    lifecycle: Option<Lifecycle>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Placement {
    zone: String,
    spread: bool,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Network {
    subnet: String,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Disk {
    #[hcl(label)]
    device: String,
    size: u32,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Lifecycle {
    prevent_destroy: bool,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Instance {
    ami: String,
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Config {
    resource: Vec<Resource>,
    #[hcl(block)]
    locals: BTreeMap<String, i64>,
    module: BTreeMap<String, BTreeMap<String, Instance>>,
    #[hcl(block)]
    empty: BTreeMap<String, Instance>,
    #[hcl(attr)]
    instances: BTreeMap<String, Instance>,
}

fn resource(id: &str, network: bool, disks: usize) -> Resource {
    Resource {
        kind: "aws_instance".into(),
        id: id.into(),
        ami: "ami-123".into(),
        tags: BTreeMap::from([("Name".into(), id.into())]),
        placement: Placement {
            zone: "a".into(),
            spread: true,
        },
        network: network.then(|| Network {
            subnet: "s-1".into(),
        }),
        disk: (0..disks)
            .map(|i| Disk {
                device: format!("sd{i}"),
                size: 10,
            })
            .collect(),
        count: 2,
        lifecycle: network.then_some(Lifecycle {
            prevent_destroy: true,
        }),
    }
}

#[test]
fn hcl_fields_are_written_in_the_shape_they_are_read_from() {
    let config = Config {
        resource: vec![resource("web", true, 2), resource("db", false, 0)],
        locals: BTreeMap::from([("a".into(), 1), ("b".into(), 2)]),
        module: BTreeMap::from([(
            "vpc".into(),
            BTreeMap::from([("main".into(), Instance { ami: "x".into() })]),
        )]),
        empty: BTreeMap::new(),
        instances: BTreeMap::from([("i".into(), Instance { ami: "y".into() })]),
    };
    let text = round_trip(&config);
    assert_eq!(
        text,
        r#"resource "aws_instance" "web" {
  ami       = "ami-123"
  tags      = { Name = "web" }
  placement = { zone = "a", spread = true }

  network {
    subnet = "s-1"
  }

  disk "sd0" {
    size = 10
  }

  disk "sd1" {
    size = 10
  }

  count = 2

  lifecycle {
    prevent_destroy = true
  }
}

resource "aws_instance" "db" {
  ami       = "ami-123"
  tags      = { Name = "db" }
  placement = { zone = "a", spread = true }
  count     = 2
}

locals {
  a = 1
  b = 2
}

module "vpc" "main" {
  ami = "x"
}

empty {
}

instances = { i = { ami = "y" } }
"#
    );
}

#[test]
fn plain_structs_nest_as_blocks() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Server {
        host: String,
        port: u16,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Plain {
        main: Server,
        backup: Option<Server>,
        none: Option<Server>,
        pool: Vec<Server>,
        no_pool: Vec<Server>,
        by_name: BTreeMap<String, Server>,
        by_region: BTreeMap<String, BTreeMap<String, Server>>,
    }
    let server = |port| Server {
        host: "h".into(),
        port,
    };
    let text = round_trip(&Plain {
        main: server(1),
        backup: Some(server(2)),
        none: None,
        pool: vec![server(3), server(4)],
        no_pool: vec![],
        by_name: BTreeMap::from([("a".into(), server(5))]),
        by_region: BTreeMap::from([("eu".into(), BTreeMap::from([("b".into(), server(6))]))]),
    });
    assert!(text.starts_with("main {\n  host = \"h\"\n  port = 1\n}\n\nbackup {\n"));
    // `None` is no block; an empty sequence is an empty list, which a
    // plain derive's field reads as no blocks.
    assert!(!text.contains("none"), "{text}");
    assert!(
        text.contains("\n\nno_pool = []\n\nby_name \"a\" {"),
        "{text}"
    );
    assert_eq!(text.matches("pool {").count(), 2);
    assert!(text.contains("by_name \"a\" {"));
    assert!(text.contains("by_region \"eu\" \"b\" {"));
}

#[test]
fn flattened_structs_are_maps() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Module {
        source: String,
        #[serde(flatten)]
        inputs: BTreeMap<String, i64>,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Root {
        module: BTreeMap<String, Module>,
    }
    let root = Root {
        module: BTreeMap::from([(
            "m".into(),
            Module {
                source: "./m".into(),
                inputs: BTreeMap::from([("n".into(), 1)]),
            },
        )]),
    };
    round_trip(&root);
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug)]
struct Check {
    #[hcl(label)]
    name: Spanned<String>,
    #[hcl(expr)]
    condition: Expression,
    retries: Spanned<u8>,
}

#[derive(Serialize, Deserialize, Debug)]
struct Checks {
    check: Vec<Check>,
}

#[test]
fn expressions_are_written_back_as_their_source() {
    let src = "check \"up\" {\n  condition = attempts < 3 && var.ok\n  retries   = 2\n}\n\ncheck \"list\" {\n  condition = [\n    a,\n    b,\n  ]\n  retries = 1\n}\n";
    let checks: Checks = hcl_serde::from_str(src).unwrap();
    let text = hcl_serde::to_string(&checks).unwrap();
    assert_eq!(text, src);
    let again: Checks = hcl_serde::from_str(&text).unwrap();
    assert_eq!(again.check.len(), 2);
    for (a, b) in again.check.iter().zip(&checks.check) {
        assert_eq!(a.name.get_ref(), b.name.get_ref());
        assert_eq!(a.condition.source_text(), b.condition.source_text());
        assert_eq!(*a.retries, *b.retries);
    }
    // To another format, an expression is its text.
    let json = serde_json::to_value(&checks.check[0]).unwrap();
    assert_eq!(json["condition"], "attempts < 3 && var.ok");
    assert_eq!(json["name"], "up");
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug)]
struct Alert {
    #[hcl(expr)]
    message: Option<Expression>,
}

#[test]
fn an_absent_optional_expression_is_not_written() {
    let alert: Alert = hcl_serde::from_str("").unwrap();
    assert!(alert.message.is_none());
    assert_eq!(hcl_serde::to_string(&alert).unwrap(), "");
}

#[test]
fn an_optional_expression_round_trips() {
    let src = "message = \"down: ${var.host}\"\n";
    let alert: Alert = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        alert.message.as_ref().map(Expression::source_text),
        Some("\"down: ${var.host}\"")
    );
    assert_eq!(hcl_serde::to_string(&alert).unwrap(), src);
}

#[test]
fn a_heredoc_expression_is_written_back_whole() {
    let src = "check \"h\" {\n  condition = <<EOT\n  kept as is ${x}\nEOT\n  retries = 0\n}\n";
    let checks: Checks = hcl_serde::from_str(src).unwrap();
    let text = hcl_serde::to_string(&checks).unwrap();
    let again: Checks = hcl_serde::from_str(&text).unwrap();
    assert_eq!(
        again.check[0].condition.source_text(),
        checks.check[0].condition.source_text()
    );
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug)]
struct Plugin {
    #[hcl(label)]
    name: String,
    enabled: bool,
    #[hcl(remain)]
    settings: RawBody,
}

#[derive(Serialize, Deserialize, Debug)]
struct Plugins {
    plugin: Vec<Plugin>,
}

#[test]
fn a_remain_body_is_written_back_after_the_other_fields() {
    let src = "plugin \"cache\" {\n  size_mb = 64\n  enabled = true\n  store \"disk\" {\n    path = \"/tmp\"\n  }\n  ttl = \"${h}h\"\n}\n";
    let plugins: Plugins = hcl_serde::from_str(src).unwrap();
    let text = hcl_serde::to_string(&plugins).unwrap();
    assert_eq!(
        text,
        "plugin \"cache\" {\n  enabled = true\n  size_mb = 64\n\n  store \"disk\" {\n    path = \"/tmp\"\n  }\n\n  ttl = \"${h}h\"\n}\n"
    );
    let again: Plugins = hcl_serde::from_str(&text).unwrap();
    let mut ctx = hcl_serde::EvalContext::new();
    ctx.set_variable("h", hcl_serde::Value::from(2));
    let rest = |p: &Plugins| {
        p.plugin[0]
            .settings
            .decode_with::<serde_json::Value>(&ctx)
            .unwrap()
    };
    assert_eq!(rest(&again), rest(&plugins));
    assert_eq!(rest(&again)["ttl"], "2h");
}

#[hcl_serde::hcl]
#[derive(Serialize, Deserialize, Debug)]
struct Whole {
    #[hcl(label)]
    name: String,
    port: u16,
    #[hcl(body)]
    all: RawBody,
}

#[derive(Serialize, Deserialize, Debug)]
struct Wholes {
    service: Vec<Whole>,
}

#[test]
fn a_whole_body_gives_way_to_the_fields_that_also_read_it() {
    let src = "service \"api\" {\n  port = 80\n}\n";
    let mut wholes: Wholes = hcl_serde::from_str(src).unwrap();
    assert_eq!(hcl_serde::to_string(&wholes).unwrap(), src);
    // A field changed since decoding wins over the body's text of it.
    wholes.service[0].port = 81;
    let text = hcl_serde::to_string(&wholes).unwrap();
    assert_eq!(text, "service \"api\" {\n  port = 81\n}\n");
    let again: Wholes = hcl_serde::from_str(&text).unwrap();
    assert_eq!(again.service[0].port, 81);
}

#[test]
fn a_raw_body_at_the_top_is_the_document() {
    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug)]
    struct Top {
        #[hcl(remain)]
        rest: RawBody,
    }
    let src = "a = 1\n\nb {\n  c = [1, 2]\n}\n";
    let top: Top = hcl_serde::from_str(src).unwrap();
    assert_eq!(hcl_serde::to_string(&top.rest).unwrap(), src);
    assert_eq!(hcl_serde::to_string(&top).unwrap(), src);
    // To another format, a body is its items' names and texts.
    assert_eq!(
        serde_json::to_value(&top.rest).unwrap(),
        serde_json::json!([["a", "a = 1"], ["b", "b {\n  c = [1, 2]\n}"]])
    );
}

#[test]
fn a_label_does_not_hide_a_body_item_of_its_name() {
    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug)]
    struct Named {
        #[hcl(label)]
        name: String,
        #[hcl(remain)]
        rest: RawBody,
    }
    #[derive(Serialize, Deserialize, Debug)]
    struct Root {
        thing: Vec<Named>,
    }
    let src = "thing \"a\" {\n  name = \"also an attribute\"\n}\n";
    let root: Root = hcl_serde::from_str(src).unwrap();
    assert_eq!(hcl_serde::to_string(&root).unwrap(), src);
}

#[test]
fn a_multi_line_expression_inside_a_value_is_parenthesized() {
    let src = "check \"a\" {\n  condition = [\n    1,\n    2,\n  ]\n  retries = 0\n}\n\ncheck \"b\" {\n  condition = <<EOT\nhi\nEOT\n  retries = 0\n}\n";
    let checks: Checks = hcl_serde::from_str(src).unwrap();
    let conditions: BTreeMap<&str, &Expression> = checks
        .check
        .iter()
        .map(|c| (c.name.get_ref().as_str(), &c.condition))
        .collect();
    let doc = BTreeMap::from([("all", conditions)]);
    let text = hcl_serde::to_string(&doc).unwrap();
    // Line breaks inside parentheses end nothing, so the object goes on.
    assert!(text.starts_with("all = { a = ([\n"), "{text}");
    assert!(text.ends_with("), b = (<<EOT\nhi\nEOT\n) }\n"), "{text}");
    assert_eq!(hcl_core::format(&text), text);
    let back: serde_json::Value = hcl_serde::from_str(&text).unwrap();
    assert_eq!(back, serde_json::json!({"all": {"a": [1, 2], "b": "hi\n"}}));
}

#[test]
fn a_block_map_of_plain_structs_is_written_as_the_one_block_it_is_read_from() {
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Provider {
        source: String,
        version: String,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Terraform {
        #[hcl(block)]
        required_providers: BTreeMap<String, Provider>,
    }
    let src = "required_providers {\n  aws = {\n    source  = \"hashicorp/aws\"\n    version = \"~> 5.0\"\n  }\n}\n";
    let read: Terraform = hcl_serde::from_str(src).unwrap();
    assert_eq!(read.required_providers["aws"].source, "hashicorp/aws");
    let text = hcl_serde::to_string_pretty(&read).unwrap();
    assert!(
        text.starts_with("required_providers {\n  aws = {"),
        "{text}"
    );
    assert_eq!(hcl_serde::from_str::<Terraform>(&text).unwrap(), read);
}

#[test]
fn deny_unknown_fields_names_the_fields_as_written() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Service {
        #[hcl(label)]
        name: String,
        port: u16,
    }
    let err = serde_json::from_str::<Service>(r#"{"name": "web", "prot": 1}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `prot`, expected `name` or `port` at line 1 column 22"
    );
}
