//! The `#[hcl]` attribute macro's expansion: the schema it describes, and
//! the serde names of the fields, which stay the type's own (checked with
//! `serde_json`, whose objects take them as plain keys).
#![allow(
    dead_code,
    reason = "the structs are here for their schemas: most fields are never read"
)]
#![allow(
    clippy::panic,
    reason = "the test helpers report failures by panicking"
)]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_serde::HclSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;

/// `value`, a JSON object, decoded as a `T`.
fn from_json<T: DeserializeOwned>(value: serde_json::Value) -> T {
    match serde_json::from_value(value.clone()) {
        Ok(decoded) => decoded,
        Err(e) => panic!("decoding {value} failed: {e}"),
    }
}

/// The names of the attributes of `schema`, with whether each is required.
fn attributes(schema: &BodySchema) -> Vec<(&str, bool)> {
    schema
        .attributes()
        .iter()
        .map(|a| (a.name.as_str(), a.required))
        .collect()
}

/// The block types of `schema`, with their label names.
fn blocks(schema: &BodySchema) -> Vec<(&str, Vec<&str>)> {
    schema
        .blocks()
        .iter()
        .map(|b| {
            // `*`: labels the reader checks.
            let labels = match b.any_labels {
                true => vec!["*"],
                false => b.label_names.iter().map(String::as_str).collect(),
            };
            (b.block_type.as_str(), labels)
        })
        .collect()
}

/// Stands in for the deserializer's unevaluated expression type.
#[derive(Deserialize, Serialize, Debug, PartialEq, Default)]
struct Expr(String);

/// Stands in for the deserializer's raw body type.
#[derive(Deserialize, Debug, PartialEq, Default)]
struct Raw(BTreeMap<String, serde_json::Value>);

// The stand-ins declare what they stand in for, as the macro requires of
// `expr`, `body` and `remain` fields.
impl hcl_serde::__private::ExprField for Expr {}
impl hcl_serde::__private::BodyField for Raw {}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label = "name")]
    id: String,
    ami: String,
    #[hcl(attr)]
    settings: Settings,
    #[hcl(block)]
    network: Network,
    #[hcl(optional)]
    count: u32,
    #[hcl(expr)]
    condition: Expr,
    #[hcl(body)]
    raw: Raw,
    #[hcl(remain)]
    rest: Raw,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq, Default)]
struct Settings {
    verbose: bool,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Network {
    subnet: String,
}

#[test]
fn every_option_in_the_schema() {
    assert_eq!(Resource::hcl_labels(), ["kind", "name"]);
    let schema = Resource::hcl_schema();
    assert_eq!(
        attributes(&schema),
        [
            ("ami", true),
            ("settings", true),
            ("count", false),
            ("condition", true)
        ]
    );
    assert_eq!(blocks(&schema), [("network", vec![])]);
}

#[test]
fn every_field_keeps_its_serde_name() {
    let resource: Resource = from_json(json!({
        "kind": "aws_instance",
        "id": "web",
        "ami": "ami-123",
        "settings": {"verbose": true},
        "network": {"subnet": "a"},
        "condition": "var.enabled",
        "raw": {"ami": "ami-123"},
        "rest": {},
    }));
    assert_eq!(
        resource,
        Resource {
            kind: "aws_instance".into(),
            id: "web".into(),
            ami: "ami-123".into(),
            settings: Settings { verbose: true },
            network: Network { subnet: "a".into() },
            count: 0,
            condition: Expr("var.enabled".into()),
            raw: Raw([("ami".to_owned(), json!("ami-123"))].into()),
            rest: Raw::default(),
        }
    );
}

#[test]
fn body_and_remain_stay_required() {
    let missing = serde_json::from_value::<Resource>(json!({
        "kind": "k",
        "id": "n",
        "ami": "a",
        "settings": {"verbose": false},
        "network": {"subnet": "a"},
        "condition": "c",
        "raw": {},
    }));
    let err = missing.unwrap_err().to_string();
    assert_eq!(err, "missing field `rest`");
}

/// Blocks found through the field's type.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Config {
    region: String,
    resource: HashMap<String, HashMap<String, Network>>,
    service: Vec<Service>,
    listener: Option<Box<Listener>>,
    queue: VecDeque<Service>,
    by_name: BTreeMap<String, Vec<Service>>,
    tags: HashMap<String, String>,
    nested: Option<HashMap<String, HashMap<String, Listener>>>,
    array: [Service; 1],
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Service {
    #[hcl(label)]
    name: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Listener {
    #[hcl(label)]
    protocol: Cow<'static, str>,
    #[hcl(label)]
    port: Box<str>,
}

#[test]
fn blocks_by_type_with_map_levels() {
    let schema = Config::hcl_schema();
    assert_eq!(
        attributes(&schema),
        // A map without a default may be absent: empty.
        [("region", true), ("tags", false), ("array", true)]
    );
    assert_eq!(
        blocks(&schema),
        [
            ("resource", vec!["key", "key"]),
            ("service", vec!["name"]),
            ("listener", vec!["protocol", "port"]),
            ("queue", vec!["name"]),
            ("by_name", vec!["key", "name"]),
            ("nested", vec!["key", "key", "protocol", "port"]),
        ]
    );
    assert_eq!(Config::hcl_labels(), [] as [&str; 0]);
}

/// Forcing a kind whatever the type says.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Forced {
    #[hcl(attr)]
    service: Vec<Service>,
    #[hcl(block)]
    tags: HashMap<String, String>,
    #[hcl(block)]
    settings: HashMap<String, HashMap<String, serde_json::Value>>,
    #[hcl(block, optional)]
    network: Option<Network>,
    #[hcl(block)]
    #[hcl(optional)]
    listener: HashMap<String, Listener>,
    #[hcl(attr, optional)]
    extra: Settings,
}

#[test]
fn forced_kinds() {
    let schema = Forced::hcl_schema();
    assert_eq!(attributes(&schema), [("service", true), ("extra", false)]);
    assert_eq!(
        blocks(&schema),
        [
            // Maps of what is not a block type: labelled blocks keyed by
            // label, or one block whose body is the map.
            ("tags", vec!["*"]),
            ("settings", vec!["*"]),
            ("network", vec![]),
            ("listener", vec!["key", "protocol", "port"]),
        ]
    );
    let forced: Forced = from_json(json!({
        "service": [],
        "tags": {},
        "settings": {},
    }));
    assert!(forced.network.is_none() && forced.listener.is_empty());
    assert_eq!(forced.extra, Settings::default());
}

/// What makes an attribute optional.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Optionals {
    required: u8,
    option: Option<u8>,
    #[serde(default)]
    defaulted: u8,
    #[serde(default = "seven")]
    defaulted_with: u8,
    #[hcl(optional)]
    annotated: u8,
    #[hcl(attr, optional)]
    #[serde(default = "seven")]
    both: u8,
    #[hcl(expr, optional)]
    condition: Expr,
    #[hcl(expr)]
    maybe: Option<Expr>,
}

fn seven() -> u8 {
    7
}

#[test]
fn optional_attributes() {
    let schema = Optionals::hcl_schema();
    assert_eq!(
        attributes(&schema),
        [
            ("required", true),
            ("option", false),
            ("defaulted", false),
            ("defaulted_with", false),
            ("annotated", false),
            ("both", false),
            ("condition", false),
            ("maybe", false),
        ]
    );
    let decoded: Optionals = from_json(json!({"required": 1}));
    assert_eq!(
        decoded,
        Optionals {
            required: 1,
            option: None,
            defaulted: 0,
            defaulted_with: 7,
            annotated: 0,
            both: 7,
            condition: Expr::default(),
            maybe: None,
        }
    );
}

/// A container default makes every field optional and is kept as it is.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
#[serde(default)]
struct ContainerDefault {
    #[hcl(attr, optional)]
    port: u16,
    host: String,
}

impl Default for ContainerDefault {
    fn default() -> Self {
        ContainerDefault {
            port: 8080,
            host: "localhost".into(),
        }
    }
}

#[test]
fn container_default() {
    let schema = ContainerDefault::hcl_schema();
    assert_eq!(attributes(&schema), [("port", false), ("host", false)]);
    let decoded: ContainerDefault = from_json(json!({}));
    assert_eq!(decoded, ContainerDefault::default());
}

/// serde renames, on fields and on the struct.
#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
struct Renamed {
    #[hcl(label)]
    #[serde(rename = "block_name")]
    block_name: String,
    #[hcl(attr)]
    #[serde(rename = "Port")]
    port_number: u16,
    #[hcl(block)]
    #[serde(rename(deserialize = "net", serialize = "network_out"))]
    network_config: Vec<Network>,
    #[hcl(expr)]
    #[serde(default, rename(serialize = "when"))]
    run_condition: Expr,
    #[serde(rename = "plain")]
    plain_field: String,
    other_field: bool,
    r#type: String,
    #[hcl(attr)]
    r#loop: bool,
}

#[test]
fn renames() {
    let schema = Renamed::hcl_schema();
    assert_eq!(
        attributes(&schema),
        [
            ("Port", true),
            ("run-condition", false),
            ("plain", true),
            ("other-field", true),
            ("type", true),
            ("loop", true),
        ]
    );
    assert_eq!(blocks(&schema), [("net", vec![])]);
    assert_eq!(Renamed::hcl_labels(), ["block_name"]);

    let decoded: Renamed = from_json(json!({
        "block_name": "b",
        "Port": 80,
        "net": [{"subnet": "s"}],
        "plain": "p",
        "other-field": true,
        "type": "t",
        "loop": false,
    }));
    assert_eq!(decoded.port_number, 80);
    assert_eq!(decoded.run_condition, Expr::default());
    assert_eq!(decoded.network_config.len(), 1);

    // Serialising names each field as serde does, `serialize` renames
    // included.
    let out = serde_json::to_value(&decoded).unwrap();
    let mut keys: Vec<&str> = out
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "Port",
            "block_name",
            "loop",
            "network_out",
            "other-field",
            "plain",
            "type",
            "when",
        ]
    );
}

macro_rules! rename_all_case {
    ($name:ident, $rule:literal, $attr:literal, $block:literal, $plain:literal) => {
        #[hcl_serde::hcl]
        #[derive(Deserialize)]
        #[serde(rename_all = $rule)]
        #[allow(dead_code)]
        struct $name {
            #[hcl(attr)]
            listen_port: u16,
            #[hcl(block, optional)]
            network: Option<Network>,
            max_retry_count: u8,
        }

        let schema = $name::hcl_schema();
        assert_eq!(
            attributes(&schema),
            [($attr, true), ($plain, true)],
            "{}",
            $rule
        );
        assert_eq!(blocks(&schema), [($block, vec![])], "{}", $rule);
        let _: $name = from_json(json!({
            (concat!("", $attr)): 1,
            $plain: 2,
        }));
    };
}

#[test]
fn every_rename_all_rule() {
    rename_all_case!(
        Lower,
        "lowercase",
        "listen_port",
        "network",
        "max_retry_count"
    );
    rename_all_case!(
        Upper,
        "UPPERCASE",
        "LISTEN_PORT",
        "NETWORK",
        "MAX_RETRY_COUNT"
    );
    rename_all_case!(
        Pascal,
        "PascalCase",
        "ListenPort",
        "Network",
        "MaxRetryCount"
    );
    rename_all_case!(Camel, "camelCase", "listenPort", "network", "maxRetryCount");
    rename_all_case!(
        Snake,
        "snake_case",
        "listen_port",
        "network",
        "max_retry_count"
    );
    rename_all_case!(
        ScreamingSnake,
        "SCREAMING_SNAKE_CASE",
        "LISTEN_PORT",
        "NETWORK",
        "MAX_RETRY_COUNT"
    );
    rename_all_case!(
        Kebab,
        "kebab-case",
        "listen-port",
        "network",
        "max-retry-count"
    );
    rename_all_case!(
        ScreamingKebab,
        "SCREAMING-KEBAB-CASE",
        "LISTEN-PORT",
        "NETWORK",
        "MAX-RETRY-COUNT"
    );
}

/// `rename_all(deserialize = ...)` is the one that counts.
#[hcl_serde::hcl]
#[derive(Deserialize, Serialize)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "camelCase"))]
struct DirectedRenameAll {
    #[hcl(attr)]
    listen_port: u16,
    max_count: u8,
}

#[test]
fn rename_all_for_deserialising() {
    let schema = DirectedRenameAll::hcl_schema();
    assert_eq!(
        attributes(&schema),
        [("listenPort", true), ("maxCount", true)]
    );
    let decoded: DirectedRenameAll = from_json(json!({"listenPort": 1, "maxCount": 2}));
    let out = serde_json::to_value(&decoded).unwrap();
    assert_eq!(out, json!({"LISTEN_PORT": 1, "MAX_COUNT": 2}));
}

/// Fields serde does not decode from the body.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Skipped {
    name: String,
    #[serde(skip)]
    cache: u8,
    #[serde(skip_deserializing)]
    computed: u8,
    #[serde(flatten)]
    extra: HashMap<String, u8>,
}

#[test]
fn skipped_and_flattened_fields_are_not_in_the_schema() {
    let schema = Skipped::hcl_schema();
    assert_eq!(attributes(&schema), [("name", true)]);
    assert!(schema.blocks().is_empty());
    let decoded: Skipped = hcl_serde::from_str("name = \"n\"\na = 1\n").unwrap();
    assert_eq!(decoded.extra, HashMap::from([("a".to_owned(), 1)]));
    // The flattened field is serde's own, in every format.
    let decoded: Skipped = from_json(json!({"name": "n", "a": 1}));
    assert_eq!(decoded.extra, HashMap::from([("a".to_owned(), 1)]));
}

/// Stands in for `hcl_serde::Spanned`: labels take any `Spanned<..>` of a
/// string type.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(transparent)]
struct Spanned<T>(T);

/// Labels of every string type, borrowed ones too.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
struct Labels<'a> {
    #[hcl(label)]
    owned: String,
    #[hcl(label)]
    borrowed: &'a str,
    #[hcl(label)]
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[hcl(label)]
    boxed: Box<str>,
    #[hcl(label)]
    #[serde(deserialize_with = "shared")]
    rc: Rc<str>,
    #[hcl(label)]
    #[serde(deserialize_with = "shared")]
    arc: Arc<str>,
    #[hcl(label)]
    spanned: Spanned<String>,
    #[hcl(label)]
    qualified: std::string::String,
    value: &'a str,
}

/// A string decoded into an `Rc<str>` or an `Arc<str>` (serde's own impls
/// need its "rc" feature).
fn shared<'de, D: Deserializer<'de>, T: From<String>>(de: D) -> Result<T, D::Error> {
    String::deserialize(de).map(T::from)
}

#[test]
fn label_types_and_lifetimes() {
    assert_eq!(
        Labels::hcl_labels(),
        [
            "owned",
            "borrowed",
            "cow",
            "boxed",
            "rc",
            "arc",
            "spanned",
            "qualified"
        ]
    );
    assert_eq!(attributes(&Labels::hcl_schema()), [("value", true)]);
    let src = r#"{"owned": "o", "borrowed": "b", "cow": "c", "boxed": "x", "rc": "r",
        "arc": "a", "spanned": "s", "qualified": "q", "value": "v"}"#;
    let labels: Labels<'_> = serde_json::from_str(src).unwrap();
    assert_eq!(labels.borrowed, "b");
    assert_eq!(labels.spanned, Spanned("s".to_owned()));
    assert_eq!(labels.value, "v");
}

/// What a block's first label may be, as serde names it.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Protocol {
    Http,
    #[serde(rename = "TLS")]
    Tls,
}

/// A label of a unit-only enum, and one of a `Spanned` of one.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Endpoint {
    #[hcl(label)]
    protocol: Protocol,
    #[hcl(label = "fallback")]
    spanned: hcl_serde::Spanned<Protocol>,
    #[hcl(label)]
    name: String,
    port: u16,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
struct Endpoints {
    endpoint: Vec<Endpoint>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Route {
    #[hcl(label)]
    protocol: Protocol,
    port: u16,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Routes {
    route: Vec<Route>,
}

#[test]
fn a_label_of_a_unit_only_enum_is_one_of_its_variants() {
    assert_eq!(Endpoint::hcl_labels(), ["protocol", "fallback", "name"]);
    let src = "endpoint \"TLS\" \"http\" \"api\" {\n  port = 443\n}\n";
    let read: Endpoints = hcl_serde::from_str(src).unwrap();
    let endpoint = &read.endpoint[0];
    assert_eq!(endpoint.protocol, Protocol::Tls);
    assert_eq!(*endpoint.spanned, Protocol::Http);
    assert_eq!((endpoint.name.as_str(), endpoint.port), ("api", 443));
    let json = r#"{"endpoint": {"http": {"TLS": {"web": {"port": 80}}}}}"#;
    let read: Endpoints = hcl_serde::Decoder::new()
        .syntax(hcl_serde::Syntax::Json)
        .from_str(json)
        .unwrap()
        .value;
    assert_eq!(read.endpoint[0].protocol, Protocol::Http);
    assert_eq!(*read.endpoint[0].spanned, Protocol::Tls);
    // A label that is no variant is an error at the label.
    let err =
        hcl_serde::from_str::<Endpoints>("endpoint \"ftp\" \"http\" \"x\" {\n  port = 1\n}\n")
            .unwrap_err()
            .to_string();
    assert!(err.contains("<input>:1:10"), "{err}");
    // Written back as it is read.
    let routes = Routes {
        route: vec![Route {
            protocol: Protocol::Tls,
            port: 443,
        }],
    };
    let text = hcl_serde::to_string(&routes).unwrap();
    assert_eq!(text, "route \"TLS\" {\n  port = 443\n}\n");
    assert_eq!(hcl_serde::from_str::<Routes>(&text).unwrap(), routes);
}

/// Generic parameters, bounds and where clauses carry over to the impl.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Generic<T: Clone, U, const N: usize>
where
    U: Default,
{
    #[hcl(label)]
    name: String,
    value: T,
    values: Vec<T>,
    #[hcl(block)]
    blocks: HashMap<String, U>,
    width: Width<N>,
    service: Option<Service>,
}

/// A type that mentions a const parameter.
#[derive(Deserialize, Debug, PartialEq)]
struct Width<const N: usize>(u8);

#[test]
fn generics() {
    type G = Generic<u8, u8, 2>;
    assert_eq!(G::hcl_labels(), ["name"]);
    let schema = G::hcl_schema();
    // The macro cannot see through `T`: it takes it as an attribute.
    assert_eq!(
        attributes(&schema),
        [("value", true), ("values", false), ("width", true)]
    );
    assert_eq!(
        blocks(&schema),
        [("blocks", vec!["*"]), ("service", vec!["name"])]
    );
    let decoded: Generic<u8, u8, 3> = from_json(json!({
        "name": "n",
        "value": 1,
        "values": [2],
        "blocks": {"a": 3},
        "width": 4,
    }));
    assert_eq!(decoded.blocks["a"], 3);
    assert_eq!(decoded.width, Width(4));
}

/// A struct may be a block of itself.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Tree {
    #[hcl(label)]
    name: String,
    child: Vec<Tree>,
}

#[test]
fn recursive_blocks() {
    assert_eq!(blocks(&Tree::hcl_schema()), [("child", vec!["name"])]);
}

#[test]
fn the_schema_is_a_body_schema() {
    let expected = BodySchema::new(
        vec![AttributeSchema::required("subnet")],
        Vec::<BlockHeaderSchema>::new(),
    )
    .unwrap();
    assert_eq!(Network::hcl_schema(), expected);
}

/// The macro in a module, with nothing of `hcl_serde` imported.
mod nothing_imported {
    #[hcl_serde::hcl]
    #[derive(serde::Deserialize)]
    pub struct Bare {
        #[hcl(label)]
        pub name: String,
        pub value: Option<u8>,
    }
}

#[test]
fn nothing_imported() {
    use nothing_imported::Bare;
    assert_eq!(Bare::hcl_labels(), ["name"]);
    assert_eq!(attributes(&Bare::hcl_schema()), [("value", false)]);
}

#[test]
fn a_block_field_of_a_sequence_or_map_takes_zero_or_more_blocks() {
    #[hcl_serde::hcl]
    #[derive(serde::Deserialize, Debug)]
    struct Rule {
        port: u16,
    }
    #[hcl_serde::hcl]
    #[derive(serde::Deserialize, Debug)]
    struct Firewall {
        #[hcl(block)]
        rule: Vec<Rule>,
        #[hcl(block)]
        zone: std::collections::BTreeMap<String, Rule>,
        #[hcl(block)]
        default: Rule,
    }
    let empty: Firewall = hcl_serde::from_str("default {\n  port = 1\n}\n").unwrap();
    assert!(empty.rule.is_empty() && empty.zone.is_empty());
    let two: Firewall = hcl_serde::from_str(
        "rule {\n  port = 1\n}\nrule {\n  port = 2\n}\ndefault {\n  port = 3\n}\n",
    )
    .unwrap();
    assert_eq!(two.rule.len(), 2);
    // A block field of one struct is still required.
    let err = hcl_serde::from_str::<Firewall>("").unwrap_err();
    assert!(
        err.to_string().starts_with("Error: Missing default block"),
        "{err}"
    );
}
