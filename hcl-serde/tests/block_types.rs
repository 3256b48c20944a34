//! An `#[hcl]` struct is a block type, as its `HclSchema` says: a field of
//! it (or of an `Option`, a sequence or a map of it) that takes an argument
//! or blocks reads it from blocks only, and an argument of its name is
//! "Unsupported argument", worded as schema processing words it.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use std::collections::BTreeMap;

use hcl_serde::HclSchema;
use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Subnet {
    cidr: String,
}

/// A block type whose name serde was told.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename = "Route")]
struct Renamed {
    via: String,
}

/// A plain struct: no schema of its own, so an argument or blocks.
#[derive(Deserialize, Debug, PartialEq)]
struct Plain {
    cidr: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Network {
    subnet: Option<Subnet>,
    #[serde(default)]
    subnets: Vec<Subnet>,
    #[serde(default)]
    zones: BTreeMap<String, Subnet>,
    route: Option<Renamed>,
    #[hcl(attr, optional)]
    forced: Option<Subnet>,
    plain: Option<Plain>,
}

fn error(src: &str) -> String {
    match hcl_serde::from_str::<Network>(src) {
        Ok(network) => panic!("decoded {network:?}"),
        Err(err) => err.to_string(),
    }
}

fn unsupported(name: &str, line: &str) -> String {
    let carets = "^".repeat(name.len());
    format!(
        "Error: Unsupported argument\n  --> <input>:1:1\n  |\n1 | {line}\n  | {carets}\n\n\
         An argument named \"{name}\" is not expected here. Did you mean to define a block of \
         type \"{name}\"?\n"
    )
}

#[test]
fn the_schema_lists_them_as_blocks() {
    let schema = Network::hcl_schema();
    for name in ["subnet", "subnets", "zones", "route"] {
        assert!(schema.block(name).is_some(), "{name}");
        assert!(schema.attribute(name).is_none(), "{name}");
    }
    assert!(schema.attribute("forced").is_some());
    assert!(schema.attribute("plain").is_some());
}

#[test]
fn blocks_of_them_decode() {
    let src = "subnet {\n  cidr = \"a\"\n}\nsubnets {\n  cidr = \"b\"\n}\n\
               zones \"z\" {\n  cidr = \"c\"\n}\nroute {\n  via = \"d\"\n}\n";
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!(network.subnet.unwrap().cidr, "a");
    assert_eq!(network.subnets[0].cidr, "b");
    assert_eq!(network.zones["z"].cidr, "c");
    assert_eq!(network.route.unwrap().via, "d");
}

#[test]
fn an_argument_of_their_name_is_unsupported() {
    let line = "subnet = { cidr = \"a\" }";
    assert_eq!(error(&format!("{line}\n")), unsupported("subnet", line));
    let line = "route = { via = \"a\" }";
    assert_eq!(error(&format!("{line}\n")), unsupported("route", line));
    let line = "subnet = \"a\"";
    assert_eq!(error(&format!("{line}\n")), unsupported("subnet", line));
    // Inside a sequence or a map, at the argument's name too.
    let line = "subnets = [{ cidr = \"a\" }]";
    assert!(error(&format!("{line}\n")).starts_with(&unsupported("subnets", line)));
    let line = "zones = { z = { cidr = \"a\" } }";
    assert!(error(&format!("{line}\n")).starts_with(&unsupported("zones", line)));
}

#[test]
fn an_argument_field_and_a_plain_struct_still_take_arguments() {
    let src = "forced = { cidr = \"a\" }\nplain = { cidr = \"b\" }\n";
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!(network.forced.unwrap().cidr, "a");
    assert_eq!(network.plain.unwrap().cidr, "b");
    let network: Network = hcl_serde::from_str("plain {\n  cidr = \"c\"\n}\n").unwrap();
    assert_eq!(network.plain.unwrap().cidr, "c");
}

#[test]
fn the_json_syntax_reads_their_objects_as_blocks() {
    let src = r#"{"subnet": {"cidr": "a"}, "zones": {"z": {"cidr": "b"}}}"#;
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!(network.subnet.unwrap().cidr, "a");
    assert_eq!(network.zones["z"].cidr, "b");
}

#[test]
fn other_formats_read_them_as_before() {
    let subnet: Subnet = serde_json::from_str(r#"{"cidr": "a"}"#).unwrap();
    assert_eq!(subnet.cidr, "a");
    let value = hcl_core::Value::object([("via".to_string(), hcl_core::Value::string("b"))]);
    let route: Renamed = hcl_serde::from_value(&value).unwrap();
    assert_eq!(route.via, "b");
}
