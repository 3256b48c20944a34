//! A field without options is what its `HclSchema` says: blocks when the
//! type inside its containers is a block type (a struct, with `#[hcl]` or
//! without, or a `RawBody`), an argument otherwise. An argument for
//! a block type is "Unsupported argument", a block for anything else
//! "Unsupported block type", each worded as schema processing words it;
//! the serializer writes each back the way it is read.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use std::collections::BTreeMap;

use hcl_core::schema::Body;
use hcl_core::Code;
use hcl_serde::{HclSchema, RawBody};
use serde::{Deserialize, Serialize};

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Subnet {
    cidr: String,
}

/// A block type whose name serde was told.
#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename = "Route")]
struct Renamed {
    via: String,
}

/// A plain struct: a block type too, without labels.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Plain {
    cidr: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
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
    #[serde(default)]
    tags: BTreeMap<String, String>,
    #[serde(default)]
    plains: Vec<Plain>,
    raw: Option<RawBody>,
    #[hcl(block, optional)]
    forced_block: Option<Plain>,
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

fn unsupported_block(name: &str, line: &str) -> String {
    let carets = "^".repeat(name.len());
    format!(
        "Error: Unsupported block type\n  --> <input>:1:1\n  |\n1 | {line}\n  | {carets}\n\n\
         Blocks of type \"{name}\" are not expected here. Did you mean to define argument \
         \"{name}\"? If so, use the equals sign to assign it a value.\n"
    )
}

#[test]
fn the_schema_lists_them_as_blocks() {
    let schema = Network::hcl_schema();
    for name in [
        "subnet",
        "subnets",
        "zones",
        "route",
        "plain",
        "plains",
        "raw",
        "forced_block",
    ] {
        assert!(schema.block(name).is_some(), "{name}");
        assert!(schema.attribute(name).is_none(), "{name}");
    }
    for name in ["forced", "tags"] {
        assert!(schema.attribute(name).is_some(), "{name}");
        assert!(schema.block(name).is_none(), "{name}");
    }
    assert!(schema.block("raw").unwrap().label_names.is_empty());
    assert!(!schema.block("raw").unwrap().any_labels);
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
    let line = "plain = { cidr = \"a\" }";
    assert_eq!(error(&format!("{line}\n")), unsupported("plain", line));
    let line = "subnet = \"a\"";
    assert_eq!(error(&format!("{line}\n")), unsupported("subnet", line));
    // Inside a sequence or a map, at the argument's name too.
    let line = "subnets = [{ cidr = \"a\" }]";
    assert!(error(&format!("{line}\n")).starts_with(&unsupported("subnets", line)));
    let line = "zones = { z = { cidr = \"a\" } }";
    assert!(error(&format!("{line}\n")).starts_with(&unsupported("zones", line)));
}

#[test]
fn an_argument_field_takes_an_argument_and_a_plain_struct_a_block() {
    let src = "forced = { cidr = \"a\" }\nplain {\n  cidr = \"b\"\n}\n";
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!(network.forced.unwrap().cidr, "a");
    assert_eq!(network.plain.unwrap().cidr, "b");
    // A field marked `block` takes a plain struct from a block.
    let network: Network = hcl_serde::from_str("forced_block {\n  cidr = \"c\"\n}\n").unwrap();
    assert_eq!(network.forced_block.unwrap().cidr, "c");
}

#[test]
fn a_block_for_any_other_type_is_unsupported() {
    for (name, src) in [
        ("tags", "tags {\n  a = \"b\"\n}\n"),
        ("tags", "tags \"a\" {\n}\n"),
        ("forced", "forced {\n  cidr = \"c\"\n}\n"),
    ] {
        let line = src.lines().next().unwrap();
        let err = error(src);
        assert!(
            err.starts_with(&unsupported_block(name, line)),
            "{src}: {err}"
        );
    }
}

#[test]
fn a_map_of_block_types_misses_a_label_on_a_block_without_one() {
    let err = hcl_serde::from_str::<Network>("zones {\n  cidr = \"c\"\n}\n").unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::MissingLabel], "{err}");
}

#[test]
fn a_raw_body_is_a_block_without_labels() {
    let network: Network = hcl_serde::from_str("raw {\n  x = 1\n}\n").unwrap();
    let x: BTreeMap<String, u8> = network.raw.unwrap().decode().unwrap();
    assert_eq!(x["x"], 1);
    let err = hcl_serde::from_str::<Network>("raw \"a\" {\n}\n").unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::ExtraneousLabel], "{err}");
    let line = "raw = 1";
    assert!(error(&format!("{line}\n")).starts_with(&unsupported("raw", line)));
}

/// Decoding accepts an input exactly when schema processing with the
/// struct's `HclSchema` does, with the same first diagnostic.
#[test]
fn decoding_accepts_what_the_schema_accepts() {
    let inputs = [
        "subnet {\n  cidr = \"a\"\n}\n",
        "subnet = { cidr = \"a\" }\n",
        "subnets {\n  cidr = \"a\"\n}\nsubnets {\n  cidr = \"b\"\n}\n",
        "zones \"z\" {\n  cidr = \"a\"\n}\n",
        "zones = { z = { cidr = \"a\" } }\n",
        "zones {\n  cidr = \"a\"\n}\n",
        "route {\n  via = \"a\"\n}\n",
        "forced = { cidr = \"a\" }\n",
        "forced {\n  cidr = \"a\"\n}\n",
        "plain = { cidr = \"a\" }\n",
        "plain {\n  cidr = \"a\"\n}\n",
        "tags = { a = \"b\" }\n",
        "tags {\n  a = \"b\"\n}\n",
        "plains = [{ cidr = \"a\" }]\n",
        "plains {\n  cidr = \"a\"\n}\n",
        "raw {\n  x = 1\n}\n",
        "raw \"a\" {\n  x = 1\n}\n",
        "raw = 1\n",
        "forced_block {\n  cidr = \"a\"\n}\n",
        "forced_block = { cidr = \"a\" }\n",
        // `null` is no value of a block type either, and a value that is
        // no list or map is no argument of one.
        "subnet = null\n",
        "subnets = null\n",
        "zones = null\n",
        "route = null\n",
        "raw = null\n",
        "forced_block = null\n",
        "forced = null\n",
        "plain = null\n",
        "subnets = \"a\"\n",
        "zones = 1\n",
        // Nor is an empty list or map, which has no element to ask.
        "subnets = []\n",
        "zones = {}\n",
        "plains = []\n",
        "tags = {}\n",
    ];
    agree::<Network>(&inputs);
}

#[test]
fn each_is_written_back_as_it_is_read() {
    let subnet = |cidr: &str| Subnet { cidr: cidr.into() };
    let plain = |cidr: &str| Plain { cidr: cidr.into() };
    let network = Network {
        subnet: Some(subnet("a")),
        subnets: vec![subnet("b"), subnet("c")],
        zones: BTreeMap::from([("z".to_string(), subnet("d"))]),
        route: Some(Renamed { via: "e".into() }),
        forced: Some(subnet("f")),
        plain: Some(plain("g")),
        tags: BTreeMap::from([("k".to_string(), "v".to_string())]),
        plains: vec![plain("h")],
        raw: None,
        forced_block: Some(plain("i")),
    };
    let text = hcl_serde::to_string(&network).unwrap();
    // Without the alignment of `=`.
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for line in [
        "subnet {",
        "subnets {",
        "zones \"z\" {",
        "route {",
        "forced = {",
        "plain {",
        "tags = {",
        "plains {",
        "forced_block {",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(line)),
            "{line} not in:\n{text}"
        );
    }
    // An absent block is not written.
    assert!(!lines.iter().any(|l| l.starts_with("raw")), "{text}");
    let back: Network = hcl_serde::from_str(&text).unwrap();
    assert_eq!(back, network);
}

#[test]
fn a_missing_field_is_a_missing_block_only_for_a_block_type() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Needs {
        subnet: Subnet,
        plain: Plain,
        settings: RawBody,
        // After a `RawBody` stand-in too.
        port: u16,
    }
    let err = hcl_serde::from_str::<Needs>("").unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        summaries,
        [
            "Missing subnet block",
            "Missing plain block",
            "Missing settings block",
            "Missing required argument"
        ],
        "{err}"
    );
    // Schema processing, as the reference's, leaves blocks to the reader.
    let file = hcl_core::parse("", "<input>").unwrap();
    let (_, diags) = Body::from_file(&file).content_with_diagnostics(&Needs::hcl_schema());
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Missing required argument"]);
    assert_eq!(
        diags.iter().next().unwrap().detail,
        err.diagnostics().iter().nth(3).unwrap().detail
    );
}

#[test]
fn null_for_a_block_type_is_an_unsupported_argument() {
    // serde reads `null` as `None` before it asks for the type inside: the
    // field asks first.
    for name in ["subnet", "route", "plain", "raw"] {
        let line = format!("{name} = null");
        assert_eq!(error(&format!("{line}\n")), unsupported(name, &line));
    }
    // A sequence or map of them, and a value that is neither.
    for line in [
        "subnets = null",
        "zones = null",
        "plains = null",
        "subnets = \"a\"",
        "zones = 1",
    ] {
        let name = line.split(' ').next().unwrap();
        assert_eq!(error(&format!("{line}\n")), unsupported(name, line));
    }
    // Any other type reads `null` as ever: `None` for an `Option`.
    let network: Network = hcl_serde::from_str("forced = null\n").unwrap();
    assert_eq!(network.forced, None);
    // ...and an argument given null, which leaves it unset, for the rest.
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u16,
    }
    let err = hcl_serde::from_str::<Port>("port = null\n").unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::MissingRequiredArgument]);
}

#[test]
fn null_for_a_block_type_is_no_block_elsewhere() {
    // The JSON syntax's `null` is no block.
    let src = r#"{"subnet": null, "subnets": null, "route": null, "raw": null}"#;
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!((network.subnet, network.route), (None, None));
    assert!(network.subnets.is_empty() && network.raw.is_none());
    // Other formats read an `Option` as ever.
    let network: Network = serde_json::from_str(r#"{"subnet": null}"#).unwrap();
    assert_eq!(network.subnet, None);
    let network: Network = serde_json::from_str(r#"{"subnet": {"cidr": "a"}}"#).unwrap();
    assert_eq!(network.subnet.unwrap().cidr, "a");
    let network: Network = serde_json::from_str("{}").unwrap();
    assert_eq!(network.subnet, None);
    // And blocks of the field's name as before, in every way of reading.
    let src = "subnet {\n  cidr = \"a\"\n}\nroute {\n  via = \"b\"\n}\n";
    let network: Network = hcl_serde::from_str(src).unwrap();
    assert_eq!(network.subnet.unwrap().cidr, "a");
    let path = std::env::temp_dir().join(format!("hcl-null-block-{}.hcl", std::process::id()));
    std::fs::write(&path, src).unwrap();
    let network: Result<Network, _> = hcl_serde::from_file(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(network.unwrap().route.unwrap().via, "b");
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

#[test]
fn every_such_error_is_reported_in_every_way_of_reading() {
    let src = "forced {\n  cidr = \"a\"\n}\ntags {\n  a = \"b\"\n}\nsubnet = { cidr = \"c\" }\n\
               raw \"x\" {\n}\nroute = null\nzones = null\n";
    let err = hcl_serde::from_str::<Network>(src).unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            Code::UnsupportedBlockType,
            Code::UnsupportedBlockType,
            Code::UnsupportedArgument,
            Code::ExtraneousLabel,
            Code::UnsupportedArgument,
            Code::UnsupportedArgument
        ],
        "{err}"
    );
    // Read item by item from a file, then whole after the error: the same.
    let path = std::env::temp_dir().join(format!("hcl-block-types-{}.hcl", std::process::id()));
    std::fs::write(&path, src).unwrap();
    let from_file = hcl_serde::from_file::<Network>(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    let name = path.display().to_string();
    assert_eq!(
        from_file.to_string(),
        err.to_string().replace("<input>", &name)
    );
}

/// Decoding and schema processing give the same first error (or none)
/// for each of `inputs`, read into `T`.
fn agree<T: HclSchema + for<'de> Deserialize<'de> + std::fmt::Debug>(inputs: &[&str]) {
    let schema = T::hcl_schema();
    for src in inputs {
        let file = hcl_core::parse(src, "<input>").unwrap();
        let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
        let by_schema = diags.iter().next().map(|d| (d.code, d.subject.clone()));
        let decoded = hcl_serde::from_str::<T>(src);
        let by_decode = decoded
            .as_ref()
            .err()
            .and_then(|e| e.diagnostics().iter().next())
            .map(|d| (d.code, d.subject.clone()));
        assert_eq!(by_decode, by_schema, "{src}: {decoded:?}");
    }
}

/// What a zone is for, as serde names it.
#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
enum Zone {
    Public,
    Private,
}

/// Maps of block types keyed by an enum's variants, as by strings.
#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Zoned {
    by_zone: BTreeMap<Zone, Subnet>,
    #[serde(default)]
    nested: BTreeMap<String, BTreeMap<Zone, Subnet>>,
}

#[test]
fn a_map_keyed_by_a_unit_only_enum_is_keyed_by_labels() {
    let schema = Zoned::hcl_schema();
    assert_eq!(schema.block("by_zone").unwrap().label_names, ["key"]);
    assert_eq!(schema.block("nested").unwrap().label_names, ["key", "key"]);
    let src = "by_zone \"private\" {\n  cidr = \"a\"\n}\n\nnested \"n\" \"public\" {\n  cidr = \"b\"\n}\n";
    let read: Zoned = hcl_serde::from_str(src).unwrap();
    assert_eq!(read.by_zone[&Zone::Private].cidr, "a");
    assert_eq!(read.nested["n"][&Zone::Public].cidr, "b");
    assert_eq!(hcl_serde::to_string(&read).unwrap(), src);
    agree::<Zoned>(&[
        src,
        "by_zone = { private = { cidr = \"a\" } }\n",
        "by_zone {\n  cidr = \"a\"\n}\n",
        "by_zone \"public\" \"x\" {\n  cidr = \"a\"\n}\n",
        "nested \"n\" {\n  cidr = \"a\"\n}\n",
    ]);
}

#[test]
fn a_generic_field_is_what_its_type_argument_makes_it() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Holder<T> {
        value: T,
        by_key: Option<BTreeMap<String, T>>,
        maybe: Option<T>,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Service {
        #[hcl(label)]
        name: String,
    }
    let schema = Holder::<Subnet>::hcl_schema();
    assert!(schema.block("value").unwrap().label_names.is_empty());
    assert_eq!(schema.block("by_key").unwrap().label_names, ["key"]);
    let schema = Holder::<Service>::hcl_schema();
    assert_eq!(schema.block("by_key").unwrap().label_names, ["key", "name"]);
    let schema = Holder::<Plain>::hcl_schema();
    assert!(schema.block("value").is_some() && schema.block("by_key").is_some());
    let schema = Holder::<String>::hcl_schema();
    assert!(schema.attribute("value").is_some() && schema.attribute("by_key").is_some());

    let src = "value {\n  cidr = \"a\"\n}\nby_key \"k\" {\n  cidr = \"b\"\n}\n";
    let held: Holder<Subnet> = hcl_serde::from_str(src).unwrap();
    assert_eq!(held.value.cidr, "a");
    assert_eq!(held.by_key.unwrap()["k"].cidr, "b");
    assert!(held.maybe.is_none());
    let src = "value = \"b\"\nmaybe = null\n";
    let held: Holder<String> = hcl_serde::from_str(src).unwrap();
    assert_eq!(held.value, "b");
    assert!(held.maybe.is_none());
    let inputs = [
        "value {\n  cidr = \"a\"\n}\n",
        "value = { cidr = \"a\" }\n",
        "value = null\n",
        "value {\n  cidr = \"a\"\n}\nby_key \"k\" {\n  cidr = \"b\"\n}\n",
        "value {\n  cidr = \"a\"\n}\nby_key {\n  cidr = \"b\"\n}\n",
        "value {\n  cidr = \"a\"\n}\nmaybe = null\n",
        "value {\n  cidr = \"a\"\n}\nmaybe {\n  cidr = \"b\"\n}\n",
    ];
    agree::<Holder<Subnet>>(&inputs);
    agree::<Holder<Plain>>(&inputs);
    // (A required argument given as a block: decoding reports the block
    // first, in source order, schema processing the missing argument.)
    agree::<Holder<String>>(&["value = \"a\"\n", "maybe = \"b\"\n"]);
}

#[test]
fn a_field_that_reads_absent_is_optional_whatever_its_type_is_called() {
    type Maybe<T> = Option<T>;
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Ports<T> {
        http: Maybe<u16>,
        https: T,
        admin: u16,
    }
    let schema = Ports::<Option<u16>>::hcl_schema();
    let required = |name| schema.attribute(name).unwrap().required;
    assert_eq!((required("http"), required("https")), (false, false));
    assert!(required("admin"));
    assert!(
        Ports::<u16>::hcl_schema()
            .attribute("https")
            .unwrap()
            .required
    );
    // Decoding agrees: the fields serde reads absent may be left out.
    agree::<Ports<Option<u16>>>(&[
        "admin = 1
",
        "http = 80
",
    ]);
    agree::<Ports<u16>>(&[
        "admin = 1
",
        "admin = 1
https = 443
",
    ]);
}

#[test]
fn an_alias_or_a_spanned_block_type_is_a_block_type() {
    type Zones = BTreeMap<String, Subnet>;
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Site {
        #[serde(default)]
        zones: Zones,
        main: hcl_serde::Spanned<Subnet>,
        spare: Option<Box<hcl_serde::Spanned<Subnet>>>,
    }
    let schema = Site::hcl_schema();
    assert_eq!(schema.block("zones").unwrap().label_names, ["key"]);
    assert!(schema.block("main").is_some() && schema.block("spare").is_some());
    agree::<Site>(&[
        "main {\n  cidr = \"a\"\n}\nzones \"z\" {\n  cidr = \"b\"\n}\n",
        "main = { cidr = \"a\" }\n",
        "main {\n  cidr = \"a\"\n}\nzones = {}\n",
        "main {\n  cidr = \"a\"\n}\nspare = null\n",
        "main {\n  cidr = \"a\"\n}\nzones {\n  cidr = \"b\"\n}\n",
    ]);
}

#[test]
fn a_field_with_its_own_reader_keeps_it() {
    fn always_one<'de, D: serde::Deserializer<'de>>(_: D) -> Result<Option<Subnet>, D::Error> {
        Ok(Some(Subnet { cidr: "own".into() }))
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[serde(default)]
    struct Own {
        #[serde(deserialize_with = "always_one")]
        subnet: Option<Subnet>,
        other: Option<Subnet>,
    }
    impl Default for Own {
        fn default() -> Self {
            Own {
                subnet: None,
                other: Some(Subnet {
                    cidr: "default".into(),
                }),
            }
        }
    }
    let own: Own = hcl_serde::from_str("subnet = null\n").unwrap();
    assert_eq!(own.subnet.unwrap().cidr, "own");
    // The struct's own default stands for a field left out.
    assert_eq!(own.other.unwrap().cidr, "default");
    let err = hcl_serde::from_str::<Own>("other = null\n").unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::UnsupportedArgument
    );
}

#[test]
fn a_map_of_lists_of_block_types_misses_a_label_as_the_schema_says() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Groups {
        #[serde(default)]
        groups: BTreeMap<String, Vec<Subnet>>,
    }
    let src = "groups {\n  cidr = \"a\"\n}\n";
    let file = hcl_core::parse(src, "<input>").unwrap();
    let (_, diags) = Body::from_file(&file).content_with_diagnostics(&Groups::hcl_schema());
    let err = hcl_serde::from_str::<Groups>(src).unwrap_err();
    let first = err.diagnostics().iter().next().unwrap();
    let expected = diags.iter().next().unwrap();
    assert_eq!(first.code, Code::MissingLabel, "{err}");
    assert_eq!(
        (first.code, &first.subject, &first.detail),
        (expected.code, &expected.subject, &expected.detail)
    );
    let groups: Groups = hcl_serde::from_str("groups \"g\" {\n  cidr = \"a\"\n}\n").unwrap();
    assert_eq!(groups.groups["g"][0].cidr, "a");
}

#[test]
fn a_required_argument_written_as_a_block_is_missing_too() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Needs {
        name: String,
        other: Option<u32>,
        #[serde(default)]
        third: String,
        inner: Option<Inner>,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Inner {
        size: u32,
    }
    // Every diagnostic, as schema processing gives them (in the
    // reference's order) and as decoding gives them (in source order).
    type Seen = Vec<(Code, String)>;
    fn both(src: &str) -> (Seen, Seen) {
        let seen = |diags: &hcl_core::Diagnostics| -> Seen {
            let mut all: Vec<_> = diags
                .iter()
                .map(|d| (d.code, d.subject.as_ref().unwrap().to_string()))
                .collect();
            all.sort();
            all
        };
        let file = hcl_core::parse(src, "<input>").unwrap();
        let body = Body::from_file(&file);
        let (content, mut diags) = body.content_with_diagnostics(&Needs::hcl_schema());
        for block in &content.blocks {
            let (_, inner) = block.body.content_with_diagnostics(&Inner::hcl_schema());
            diags.extend(inner);
        }
        let err = hcl_serde::from_str::<Needs>(src).unwrap_err();
        (seen(&diags), seen(err.diagnostics()))
    }
    for src in [
        "name {\n  x = 1\n}\n",
        "other {\n}\nthird {\n}\nname = \"a\"\n",
        "x = 1\nname {\n}\n",
        "name = \"a\"\ninner {\n  size {\n  }\n}\n",
    ] {
        let (by_schema, by_decode) = both(src);
        assert_eq!(by_decode, by_schema, "{src}");
    }
    // Where two share a place, in schema processing's order too: what is
    // missing from the body before the item it did not expect.
    for src in ["name {\n}\n", "name {\n  x = 1\n}\nother = 1\n"] {
        let file = hcl_core::parse(src, "<input>").unwrap();
        let (_, diags) = Body::from_file(&file).content_with_diagnostics(&Needs::hcl_schema());
        let err = hcl_serde::from_str::<Needs>(src).unwrap_err();
        let codes =
            |diags: &hcl_core::Diagnostics| -> Vec<Code> { diags.iter().map(|d| d.code).collect() };
        assert_eq!(codes(err.diagnostics()), codes(&diags), "{src}");
        assert_eq!(
            codes(&diags),
            [Code::MissingRequiredArgument, Code::UnsupportedBlockType],
            "{src}"
        );
    }
    // Read item by item from a file: the same.
    let src = "x = 1\nname {\n}\ninner {\n  size {\n  }\n}\n";
    let path = std::env::temp_dir().join(format!("hcl-missing-too-{}.hcl", std::process::id()));
    std::fs::write(&path, src).unwrap();
    let from_file = hcl_serde::from_file::<Needs>(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    let from_str = hcl_serde::from_str::<Needs>(src).unwrap_err();
    assert_eq!(from_str.diagnostics().len(), 5, "{from_str}");
    assert_eq!(
        from_file.to_string(),
        from_str
            .to_string()
            .replace("<input>", &path.display().to_string())
    );
}

#[test]
fn an_option_of_a_borrowing_block_type_reads_null_as_the_schema_says() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Named<'a> {
        #[serde(borrow)]
        name: std::borrow::Cow<'a, str>,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Holder<'a> {
        named: Option<Named<'a>>,
        note: Option<&'a str>,
        #[serde(borrow)]
        #[allow(dead_code)]
        borrowed: Option<Named<'a>>,
    }
    // A field with bounds of its own is a block in the schema too; it
    // keeps serde's reading (so `null` is `None` there).
    assert!(Holder::hcl_schema().block("borrowed").is_some());
    let holder: Holder = hcl_serde::from_str("borrowed {\n  name = \"c\"\n}\n").unwrap();
    assert_eq!(holder.borrowed.unwrap().name, "c");
    let src = "named {\n  name = \"a\"\n}\nnote = \"b\"\n";
    let holder: Holder = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        (holder.named.unwrap().name.as_ref(), holder.note),
        ("a", Some("b"))
    );
    let line = "named = null";
    let err = hcl_serde::from_str::<Holder>(&format!("{line}\n")).unwrap_err();
    assert_eq!(err.to_string(), unsupported("named", line));
}

#[test]
fn an_empty_sequence_or_map_is_left_out_and_reads_back_empty() {
    // Without a default, a sequence or map may be absent: zero blocks, as
    // gohcl's slices, or an empty argument.
    #[hcl_serde::hcl]
    #[derive(Deserialize, Serialize, Debug, PartialEq, Default)]
    struct Vpc {
        subnet: Vec<Subnet>,
        zone: BTreeMap<String, Subnet>,
        cidrs: Vec<String>,
    }
    let schema = Vpc::hcl_schema();
    assert!(!schema.attribute("cidrs").unwrap().required);
    assert!(schema.block("subnet").is_some() && schema.block("zone").is_some());

    let empty = Vpc::default();
    assert_eq!(hcl_serde::to_string(&empty).unwrap(), "");
    assert_eq!(hcl_serde::from_str::<Vpc>("").unwrap(), empty);

    let full = Vpc {
        subnet: vec![Subnet { cidr: "a".into() }],
        zone: BTreeMap::from([("z".to_owned(), Subnet { cidr: "b".into() })]),
        cidrs: vec!["c".into()],
    };
    let text = hcl_serde::to_string(&full).unwrap();
    assert!(
        text.contains("subnet {\n") && text.contains("zone \"z\" {\n"),
        "{text}"
    );
    assert_eq!(hcl_serde::from_str::<Vpc>(&text).unwrap(), full);
    // Another format still requires the field: the serde contract is the
    // type's own.
    assert!(serde_json::from_str::<Vpc>("{}").is_err());
}

#[test]
fn nested_plain_structs_are_blocks_with_hcl_and_without() {
    // A Terraform-like schema written the obvious way: labels as fields,
    // nested plain structs for the blocks inside.
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Filter {
        name: String,
        values: Vec<String>,
    }
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Lifecycle {
        create_before_destroy: bool,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Data {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        filter: Vec<Filter>,
        lifecycle: Option<Lifecycle>,
    }
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct PlainData {
        filter: Vec<Filter>,
        lifecycle: Option<Lifecycle>,
    }
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Config {
        data: Vec<Data>,
    }
    let body = "  filter {\n    name   = \"name\"\n    values = [\"ubuntu-*\"]\n  }\n\
                \x20 lifecycle {\n    create_before_destroy = true\n  }\n";
    let config: Config =
        hcl_serde::from_str(&format!("data \"aws_ami\" \"ubuntu\" {{\n{body}}}\n")).unwrap();
    let data = &config.data[0];
    assert_eq!(
        (data.kind.as_str(), data.name.as_str()),
        ("aws_ami", "ubuntu")
    );
    assert_eq!(data.filter[0].values, ["ubuntu-*"]);
    assert!(data.lifecycle.as_ref().unwrap().create_before_destroy);
    // The same fields without `#[hcl]` read the same blocks.
    let plain: PlainData = hcl_serde::from_str(&body.replace("\n  ", "\n")).unwrap();
    assert_eq!(plain.filter, data.filter);
    assert_eq!(plain.lifecycle, data.lifecycle);
    // And are written back as blocks.
    let text = hcl_serde::to_string(&config).unwrap();
    assert!(
        text.contains("  filter {\n") && text.contains("  lifecycle {\n"),
        "{text}"
    );
    assert_eq!(hcl_serde::from_str::<Config>(&text).unwrap(), config);
}

#[test]
fn empty_sequences_and_maps_with_a_default_are_left_out_too() {
    let empty = Network {
        subnet: None,
        subnets: vec![],
        zones: BTreeMap::new(),
        route: None,
        forced: None,
        plain: None,
        tags: BTreeMap::new(),
        plains: vec![],
        raw: None,
        forced_block: None,
    };
    let text = hcl_serde::to_string(&empty).unwrap();
    assert_eq!(text, "");
    assert_eq!(hcl_serde::from_str::<Network>(&text).unwrap(), empty);
}
