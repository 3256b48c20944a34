//! `ConfigSchema::of`: a type's schema, asked of the type through serde.
//! Each level's attributes and blocks, their labels and whether they are
//! required, agree with the `HclSchema` of the level's `#[hcl]` struct,
//! so that the two cannot drift apart; the types, enum values, docs and
//! bodies are what the fields' types say.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests"
)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use hcl_serde::{ConfigSchema, Expression, HclSchema, RawBody, Spanned};
use serde::Deserialize;

/// Checks that `level` has the attributes and block types of `T`'s
/// `HclSchema`, in its order, with the same `required` flags and labels.
fn agrees<T: HclSchema>(level: &ConfigSchema) {
    let schema = T::hcl_schema();
    let attributes: Vec<(&str, bool)> = schema
        .attributes()
        .iter()
        .map(|a| (a.name.as_str(), a.required))
        .collect();
    let ours: Vec<(&str, bool)> = level
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.required))
        .collect();
    assert_eq!(
        ours,
        attributes,
        "attributes of {}",
        std::any::type_name::<T>()
    );
    let blocks: Vec<(&str, &[String])> = schema
        .blocks()
        .iter()
        .map(|b| (b.block_type.as_str(), &b.label_names[..]))
        .collect();
    let ours: Vec<(&str, &[String])> = level
        .blocks
        .iter()
        .map(|b| (b.block_type.as_str(), &b.labels[..]))
        .collect();
    assert_eq!(ours, blocks, "blocks of {}", std::any::type_name::<T>());
}

fn attribute<'s>(level: &'s ConfigSchema, name: &str) -> &'s hcl_serde::AttributeInfo {
    level
        .attribute(name)
        .unwrap_or_else(|| panic!("no attribute {name} in {level:#?}"))
}

fn block<'s>(level: &'s ConfigSchema, name: &str) -> &'s hcl_serde::BlockInfo {
    level
        .block(name)
        .unwrap_or_else(|| panic!("no block {name} in {level:#?}"))
}

/// A configuration.
///
///  Indented on purpose.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Config {
    /// Where it runs.
    region: Region,
    /// The services, by name.
    service: BTreeMap<String, Service>,
    listener: Vec<Listener>,
    network: Option<Network>,
    /// The one database.
    database: Database,
    #[hcl(attr)]
    origin: Point,
    #[hcl(optional)]
    retries: u32,
    #[serde(default)]
    comment: String,
    weights: HashMap<String, f64>,
    #[hcl(block)]
    extra: Vec<Network>,
    names: BTreeSet<String>,
    pair: (String, u16),
    same: (u8, u16),
    level: Option<Spanned<Level>>,
    shape: Shape,
    any: hcl_serde::Value,
    json: serde_json::Value,
    when: Expression,
    boxed: Box<Database>,
    shared: Arc<Option<Network>>,
    raw: Option<RawBody>,
    #[hcl(attr)]
    points: Vec<Point>,
    grid: Vec<Vec<Point>>,
    by_id: HashMap<u32, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Region {
    EuWest,
    UsEast,
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum Level {
    Low,
    #[serde(rename = "HIGH")]
    High,
}

#[derive(Deserialize)]
#[allow(dead_code)]
enum Shape {
    Circle(f64),
    Square { side: f64 },
}

/// A service.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Service {
    /// The port it listens on.
    port: u16,
    host: Option<String>,
    tags: Vec<String>,
}

/// A listener, labelled.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Listener {
    #[hcl(label)]
    protocol: String,
    #[hcl(label = "name")]
    id: String,
    /// The checks.
    #[hcl(block)]
    check: Vec<Check>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Check {
    path: String,
    interval: Option<u32>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Network {
    subnet: String,
}

/// A database.
#[derive(Deserialize)]
#[allow(dead_code)]
struct Database {
    /// Not kept: a plain derive.
    url: String,
    pool: Option<u8>,
}

/// `Database` with `#[hcl]`: a plain derive's level is read by the same
/// rule.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct DatabaseTwin {
    url: String,
    pool: Option<u8>,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct Point {
    x: i64,
    y: Option<i64>,
}

#[test]
fn every_level_agrees_with_its_hcl_schema() {
    let schema = ConfigSchema::of::<Config>();
    agrees::<Config>(&schema);
    agrees::<Service>(&block(&schema, "service").body);
    agrees::<Listener>(&block(&schema, "listener").body);
    agrees::<Check>(&block(&block(&schema, "listener").body, "check").body);
    agrees::<Network>(&block(&schema, "network").body);
    agrees::<Network>(&block(&schema, "extra").body);
    agrees::<Network>(&block(&schema, "shared").body);
    agrees::<DatabaseTwin>(&block(&schema, "database").body);
    agrees::<DatabaseTwin>(&block(&schema, "boxed").body);
}

#[test]
fn nested_blocks_with_their_labels_counts_and_bodies() {
    let schema = ConfigSchema::of::<Config>();
    // A map of a block type: a label for its key.
    let service = block(&schema, "service");
    assert_eq!(service.labels, ["key"]);
    assert!(service.many && !service.required);
    assert_eq!(attribute(&service.body, "port").type_name, "number");
    assert!(attribute(&service.body, "port").required);
    assert!(!attribute(&service.body, "host").required);
    assert_eq!(attribute(&service.body, "tags").type_name, "list(string)");
    // `#[hcl(label)]` fields.
    let listener = block(&schema, "listener");
    assert_eq!(listener.labels, ["protocol", "name"]);
    assert!(listener.many && !listener.required);
    let check = block(&listener.body, "check");
    assert!(check.many && !check.required && check.labels.is_empty());
    assert_eq!(attribute(&check.body, "path").type_name, "string");
    // One block, or zero or one.
    let database = block(&schema, "database");
    assert!(database.required && !database.many);
    assert!(attribute(&database.body, "url").required);
    assert!(!attribute(&database.body, "pool").required);
    let network = block(&schema, "network");
    assert!(!network.required && !network.many);
    // `#[hcl(block)]` on a sequence: zero or more.
    let extra = block(&schema, "extra");
    assert!(extra.many && !extra.required);
    // Boxes, `Arc`s and `Spanned` are looked through.
    let boxed = block(&schema, "boxed");
    assert!(boxed.required);
    assert_eq!(boxed.body, database.body);
    let shared = block(&schema, "shared");
    assert!(!shared.required && shared.body == network.body);
    // A `RawBody`: a block whose body is unknown.
    let raw = block(&schema, "raw");
    assert!(!raw.required && raw.body == ConfigSchema::default());
    assert_eq!(schema.blocks.len(), 8);
}

#[test]
fn attribute_types_are_type_constraints() {
    let schema = ConfigSchema::of::<Config>();
    let type_of = |name| attribute(&schema, name).type_name.as_str();
    assert_eq!(type_of("region"), "string");
    assert_eq!(type_of("origin"), "object({x=number,y=number})");
    assert_eq!(type_of("retries"), "number");
    assert_eq!(type_of("weights"), "map(number)");
    // serde shows a set as a sequence.
    assert_eq!(type_of("names"), "list(string)");
    assert_eq!(type_of("pair"), "tuple([string,number])");
    assert_eq!(type_of("same"), "list(number)");
    assert_eq!(type_of("level"), "string");
    assert_eq!(type_of("shape"), "any");
    assert_eq!(type_of("any"), "any");
    assert_eq!(type_of("json"), "any");
    assert_eq!(type_of("when"), "any");
    // A struct taken as a value, and in a list of lists (a sequence of
    // sequences holds no blocks).
    assert_eq!(type_of("points"), "list(object({x=number,y=number}))");
    assert_eq!(type_of("grid"), "list(list(object({x=number,y=number})))");
    // HCL's keys are strings: of other keys, the values are not asked.
    assert_eq!(type_of("by_id"), "map(any)");
}

#[test]
fn required_follows_the_decoder() {
    let schema = ConfigSchema::of::<Config>();
    let required = |name| attribute(&schema, name).required;
    assert!(required("region"));
    assert!(required("origin"));
    // `#[hcl(optional)]`, a serde default, an `Option`, a sequence or map.
    assert!(!required("retries"));
    assert!(!required("comment"));
    assert!(!required("level"));
    assert!(!required("weights"));
    assert!(required("pair"));
    // A set is not one of the sequences an `#[hcl]` struct reads as empty
    // when absent.
    assert!(required("names"));
}

#[test]
fn enums_of_unit_variants_give_their_values() {
    let schema = ConfigSchema::of::<Config>();
    assert_eq!(attribute(&schema, "region").values, ["eu-west", "us-east"]);
    assert_eq!(attribute(&schema, "level").values, ["Low", "HIGH"]);
    assert!(attribute(&schema, "shape").values.is_empty());
    assert!(attribute(&schema, "names").values.is_empty());
}

#[test]
fn docs_are_those_of_hcl_structs_and_their_fields() {
    let schema = ConfigSchema::of::<Config>();
    assert_eq!(
        schema.doc.as_deref(),
        Some("A configuration.\n\n Indented on purpose.")
    );
    assert_eq!(
        attribute(&schema, "region").doc.as_deref(),
        Some("Where it runs.")
    );
    assert_eq!(attribute(&schema, "pair").doc, None);
    // A block's own doc, or its type's.
    let service = block(&schema, "service");
    assert_eq!(service.doc.as_deref(), Some("The services, by name."));
    assert_eq!(service.body.doc.as_deref(), Some("A service."));
    assert_eq!(
        attribute(&service.body, "port").doc.as_deref(),
        Some("The port it listens on.")
    );
    let listener = block(&schema, "listener");
    assert_eq!(listener.doc.as_deref(), Some("A listener, labelled."));
    assert_eq!(
        block(&listener.body, "check").doc.as_deref(),
        Some("The checks.")
    );
    // A plain derive keeps none.
    let database = block(&schema, "database");
    assert_eq!(database.doc.as_deref(), Some("The one database."));
    assert_eq!(database.body.doc, None);
    assert_eq!(attribute(&database.body, "url").doc, None);
}

/// A directory, holding directories.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Dir {
    #[hcl(label)]
    name: String,
    dir: Vec<Dir>,
    #[hcl(attr)]
    link: Option<Box<Dir>>,
    file: Vec<File>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct File {
    #[hcl(label)]
    name: String,
    size: u64,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct Tree(Vec<Option<Tree>>);

#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Forest {
    tree: Tree,
    nested: (Tree, u8),
}

#[test]
fn a_type_made_of_itself_is_followed_once() {
    let schema = ConfigSchema::of::<Dir>();
    agrees::<Dir>(&schema);
    let dir = block(&schema, "dir");
    assert_eq!(dir.labels, ["name"]);
    // Its body is left out where it comes again, its doc kept.
    assert_eq!(
        dir.body,
        ConfigSchema {
            doc: Some("A directory, holding directories.".into()),
            ..ConfigSchema::default()
        }
    );
    assert_eq!(attribute(&schema, "link").type_name, "any");
    agrees::<File>(&block(&schema, "file").body);
    let forest = ConfigSchema::of::<Forest>();
    agrees::<Forest>(&forest);
    // A newtype made of itself asks for sequences until the trace stops.
    assert_eq!(attribute(&forest, "tree").type_name, "any");
    assert_eq!(
        attribute(&forest, "nested").type_name,
        "tuple([any,number])"
    );
}

/// A named value of any kind.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Named<T> {
    #[hcl(label)]
    name: String,
    value: T,
    more: Vec<T>,
}

#[test]
fn a_generic_parameter_is_what_it_is_given() {
    let numbers = ConfigSchema::of::<Named<u8>>();
    agrees::<Named<u8>>(&numbers);
    assert_eq!(attribute(&numbers, "value").type_name, "number");
    let services = ConfigSchema::of::<Named<Service>>();
    agrees::<Named<Service>>(&services);
    let value = block(&services, "value");
    assert!(value.required && !value.many);
    agrees::<Service>(&value.body);
    assert!(block(&services, "more").many);
}

/// Every role and the ways a field may be absent, with renames.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
struct Roles {
    #[hcl(label)]
    kind: String,
    display_name: String,
    #[hcl(expr)]
    condition: Option<Expression>,
    #[hcl(body)]
    body: RawBody,
    #[hcl(block, optional)]
    #[serde(rename = "net")]
    network: Option<Network>,
    #[hcl(block)]
    labels: HashMap<String, HashMap<String, String>>,
    #[hcl(block)]
    one: Network,
    #[hcl(block)]
    aliased: Networks,
    #[hcl(block)]
    many: Vec<Network>,
    #[serde(deserialize_with = "by_hand")]
    by_hand: u8,
    #[serde(deserialize_with = "by_hand", default)]
    by_hand_default: u8,
    #[serde(skip)]
    skipped: u8,
    lists: Vec<Vec<Network>>,
    sets: HashSet<String>,
    fallback: Option<Network>,
    #[serde(default)]
    counts: Vec<u32>,
}

type Networks = Vec<Network>;

/// Reads an `Option`, which the type of its field is not.
fn by_hand<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Option::<u8>::deserialize(d).map(Option::unwrap_or_default)
}

#[derive(Deserialize)]
#[serde(default)]
#[allow(dead_code)]
struct Defaults {
    a: u8,
    b: String,
}

impl Default for Defaults {
    fn default() -> Self {
        Defaults {
            a: 1,
            b: "b".into(),
        }
    }
}

#[test]
fn every_role_agrees_with_the_hcl_schema() {
    let schema = ConfigSchema::of::<Roles>();
    agrees::<Roles>(&schema);
    let required = |name| attribute(&schema, name).required;
    assert!(required("display-name"));
    assert!(!required("condition"));
    // Read its own way and without a default: required, as the
    // `HclSchema` says.
    assert!(required("by-hand"));
    assert!(!required("by-hand-default"));
    assert!(schema.attribute("skipped").is_none() && schema.block("skipped").is_none());
    // `#[hcl(block)]` of a sequence as written takes zero or more; of an
    // alias of one, a sequence all the same, the blocks are required.
    let one = block(&schema, "one");
    assert!(one.required && !one.many);
    let aliased = block(&schema, "aliased");
    assert!(aliased.required && aliased.many);
    let many = block(&schema, "many");
    assert!(!many.required && many.many);
    assert!(!block(&schema, "net").required);
    assert!(schema.attribute("body").is_none() && schema.block("body").is_none());
}

#[test]
fn a_struct_whose_fields_all_have_defaults() {
    // A plain derive: serde does not show its defaults.
    let schema = ConfigSchema::of::<Defaults>();
    assert!(attribute(&schema, "a").required);
}

#[test]
fn the_schema_has_a_json_form() {
    let schema = ConfigSchema::of::<Config>();
    let json = serde_json::to_string(&schema).unwrap();
    assert_eq!(serde_json::from_str::<ConfigSchema>(&json).unwrap(), schema);
}

#[test]
fn blocks_that_define_names_are_the_application_s_to_say() {
    let mut schema = ConfigSchema::of::<Config>();
    assert!(schema.blocks.iter().all(|b| b.defines.is_none()));
    // A schema file of before `defines` reads, and one with it round-trips.
    let old = r#"{"blocks": [{"type": "variable", "labels": ["name"], "many": true}]}"#;
    let read: ConfigSchema = serde_json::from_str(old).unwrap();
    assert_eq!(read.blocks[0].defines, None);
    let json = serde_json::to_value(&read).unwrap();
    assert!(json["blocks"][0].get("defines").is_none());
    let new = r#"{"blocks": [{"type": "variable", "labels": ["name"], "defines": "var"}]}"#;
    let read: ConfigSchema = serde_json::from_str(new).unwrap();
    assert_eq!(read.blocks[0].defines.as_deref(), Some("var"));
    let json = serde_json::to_string(&read).unwrap();
    assert_eq!(serde_json::from_str::<ConfigSchema>(&json).unwrap(), read);
    schema.blocks[0].defines = Some("var".into());
    let json = serde_json::to_string(&schema).unwrap();
    assert_eq!(serde_json::from_str::<ConfigSchema>(&json).unwrap(), schema);
}

/// What a site runs, as serde names it.
#[derive(Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum Kind {
    Web,
    BackgroundWorker,
    #[serde(rename = "CRON")]
    Cron,
}

/// A unit of a site: `unit "web" "api" { ... }`.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Unit {
    #[hcl(label)]
    kind: Kind,
    #[hcl(label)]
    name: String,
    size: Option<u8>,
}

/// Labels of every kind: label fields, map keys, enums and strings.
#[hcl_serde::hcl]
#[derive(Deserialize)]
#[allow(dead_code)]
struct Site {
    unit: Vec<Unit>,
    /// `service "web" "api" { ... }`: an enum key, then a string key.
    service: HashMap<Kind, BTreeMap<String, Service>>,
    /// `pool "main" "web" { ... }`: a string key, then an enum key.
    pool: BTreeMap<String, Option<BTreeMap<Kind, Network>>>,
    /// An enum key, then the struct's own labels.
    units: BTreeMap<Kind, Unit>,
    /// Strings only.
    listener: Vec<Listener>,
    named: HashMap<String, Service>,
    #[hcl(block)]
    extra: Option<Network>,
    /// An attribute keyed by an enum: a map of its values.
    #[hcl(attr)]
    weights: BTreeMap<Kind, f64>,
}

#[test]
fn labels_read_into_unit_only_enums_give_their_values() {
    let schema = ConfigSchema::of::<Site>();
    agrees::<Site>(&schema);
    let kinds = ["web", "background-worker", "CRON"];
    // A label field of an enum, renames honoured, beside a string's.
    let unit = block(&schema, "unit");
    assert_eq!(unit.labels, ["kind", "name"]);
    assert_eq!(unit.label_values, [&kinds[..], &[]]);
    agrees::<Unit>(&unit.body);
    // Map keys, at either level, and before the struct's own labels.
    let service = block(&schema, "service");
    assert_eq!(service.labels, ["key", "key"]);
    assert_eq!(service.label_values, [&kinds[..], &[]]);
    assert!(service.many && !service.required);
    agrees::<Service>(&service.body);
    assert!(attribute(&service.body, "port").required);
    let pool = block(&schema, "pool");
    assert_eq!(pool.labels, ["key", "key"]);
    assert_eq!(pool.label_values, [&[][..], &kinds]);
    let units = block(&schema, "units");
    assert_eq!(units.labels, ["key", "kind", "name"]);
    assert_eq!(units.label_values, [&kinds[..], &kinds, &[]]);
    // Labels that take any string, or none, have no values at all.
    for name in ["listener", "named", "extra"] {
        assert!(block(&schema, name).label_values.is_empty(), "{name}");
    }
    let config = ConfigSchema::of::<Config>();
    assert!(config.blocks.iter().all(|b| b.label_values.is_empty()));
    // An attribute's enum keys are no values of its own.
    let weights = attribute(&schema, "weights");
    assert_eq!(weights.type_name, "map(number)");
    assert!(weights.values.is_empty());
}

#[test]
fn label_values_have_a_json_form() {
    let schema = ConfigSchema::of::<Site>();
    let json = serde_json::to_value(&schema).unwrap();
    let unit = &json["blocks"][0];
    assert_eq!(unit["type"], "unit");
    assert_eq!(
        unit["label_values"],
        serde_json::json!([["web", "background-worker", "CRON"], []])
    );
    let listener = json["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "listener")
        .unwrap();
    assert!(listener.get("label_values").is_none());
    let text = serde_json::to_string(&schema).unwrap();
    assert_eq!(serde_json::from_str::<ConfigSchema>(&text).unwrap(), schema);
    // A schema file of before `label_values` reads, without any.
    let old = r#"{"blocks": [{"type": "service", "labels": ["kind", "name"], "many": true,
        "body": {"attributes": [{"name": "port", "type": "number"}]}}]}"#;
    let read: ConfigSchema = serde_json::from_str(old).unwrap();
    assert!(read.blocks[0].label_values.is_empty());
    assert_eq!(read.blocks[0].labels, ["kind", "name"]);
    // One with them round-trips; lists that are all empty are left out.
    let new = r#"{"blocks": [{"type": "service", "labels": ["kind", "name"],
        "label_values": [["web", "worker"], []]}]}"#;
    let mut read: ConfigSchema = serde_json::from_str(new).unwrap();
    assert_eq!(read.blocks[0].label_values, [&["web", "worker"][..], &[]]);
    let text = serde_json::to_string(&read).unwrap();
    assert_eq!(serde_json::from_str::<ConfigSchema>(&text).unwrap(), read);
    read.blocks[0].label_values = vec![Vec::new(), Vec::new()];
    let json = serde_json::to_value(&read).unwrap();
    assert!(json["blocks"][0].get("label_values").is_none());
    // A misspelt name is no field of a block type.
    let wrong = r#"{"blocks": [{"type": "service", "label_value": [["web"]]}]}"#;
    assert!(serde_json::from_str::<ConfigSchema>(wrong).is_err());
}

#[test]
fn a_type_that_is_not_a_struct_has_an_empty_schema() {
    assert_eq!(ConfigSchema::of::<u8>(), ConfigSchema::default());
    assert_eq!(
        ConfigSchema::of::<HashMap<String, String>>(),
        ConfigSchema::default()
    );
}

/// A documented block, with a doc comment of every kind:
#[doc = " `code`, \"quotes\", ünïcödé, __hcl_A1_x and a trailing space. "]
#[hcl_serde::hcl]
#[derive(Deserialize, serde::Serialize, Debug, PartialEq)]
struct Documented {
    /// The label.
    #[hcl(label)]
    name: String,
    /** A block comment,
    on two lines. */
    #[serde(default)]
    port: u16,
    #[doc = "An attribute written out."]
    host: String,
}

#[derive(serde::Serialize)]
struct HolderRef<'a> {
    documented: &'a Documented,
}

fn holder_of(documented: &Documented) -> HolderRef<'_> {
    HolderRef { documented }
}

#[test]
fn doc_comments_change_no_reading() {
    #[derive(Deserialize)]
    struct Holder {
        documented: Documented,
    }
    let hcl = "documented \"x\" {\n  host = \"h\"\n}\n";
    let holder: Holder = hcl_serde::from_str(hcl).unwrap_or_else(|e| panic!("{e}"));
    let expected = Documented {
        name: "x".into(),
        port: 0,
        host: "h".into(),
    };
    assert_eq!(holder.documented, expected);
    assert_eq!(
        hcl_serde::to_string(&holder_of(&expected)).unwrap(),
        "documented \"x\" {\n  port = 0\n  host = \"h\"\n}\n"
    );
    let json = serde_json::to_string(&expected).unwrap();
    assert_eq!(json, r#"{"name":"x","port":0,"host":"h"}"#);
    assert_eq!(serde_json::from_str::<Documented>(&json).unwrap(), expected);
    // RON with struct names writes and reads the marked name.
    let config = ron::ser::PrettyConfig::new().struct_names(true);
    let ron = ron::ser::to_string_pretty(&expected, config).unwrap();
    assert!(ron.starts_with("Documented__hcl_H"), "{ron}");
    assert_eq!(ron::from_str::<Documented>(&ron).unwrap(), expected);

    let schema = ConfigSchema::of::<Documented>();
    assert_eq!(
        schema.doc.as_deref(),
        Some(
            "A documented block, with a doc comment of every kind:\n\
             `code`, \"quotes\", ünïcödé, __hcl_A1_x and a trailing space. "
        )
    );
    assert!(!attribute(&schema, "port").required);
    assert_eq!(
        attribute(&schema, "port").doc.as_deref(),
        Some("A block comment,\n   on two lines. ")
    );
    assert_eq!(
        attribute(&schema, "host").doc.as_deref(),
        Some("An attribute written out.")
    );
}
