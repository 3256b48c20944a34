//! Decoding the JSON syntax: a `#[hcl]` struct reads a JSON file exactly as
//! its native twin (values, kinds of diagnostics), with ranges into the
//! JSON text; plain structs read nested objects as their fields' types ask;
//! the syntax is chosen by name, by the text's first character, or by
//! `Decoder::syntax`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, HashMap};

use hcl_serde::{Code, Decoder, Expression, RawBody, Spanned, Syntax};
use serde::Deserialize;

mod common;

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    ami: String,
    count: Option<u32>,
    tags: Option<BTreeMap<String, String>>,
    #[hcl(block)]
    lifecycle: Option<Lifecycle>,
    #[hcl(block)]
    provisioner: Vec<Provisioner>,
    #[hcl(remain)]
    rest: RawBody,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Lifecycle {
    create_before_destroy: bool,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Provisioner {
    #[hcl(label)]
    kind: String,
    command: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    #[hcl(block)]
    resource: Vec<Resource>,
    variable: Option<HashMap<String, Variable>>,
    #[hcl(block)]
    locals: Vec<BTreeMap<String, serde_json::Value>>,
    #[hcl(expr)]
    check: Option<Expression>,
    port: Option<u16>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq, Clone)]
struct Variable {
    default: Option<serde_json::Value>,
}

const NATIVE: &str = r#"
resource "aws_instance" "web" {
  ami   = "ami-1"
  count = 1 + 1
  tags  = { Name = "web" }
  lifecycle {
    create_before_destroy = true
  }
  provisioner "local-exec" {
    command = "echo ${"hi"}"
  }
  provisioner "local-exec" {
    command = "echo bye"
  }
  extra = 5
}
resource "aws_instance" "db" {
  ami = "ami-2"
}
variable "region" {
  default = "eu"
}
locals {
  a = 1
}
locals {
  b = "x${1 + 1}"
}
check = 1 < 3
port  = 80
"#;

const JSON: &str = r#"{
  "//": "A comment: not an argument.",
  "resource": {
    "aws_instance": {
      "web": {
        "ami": "ami-1",
        "count": "${1 + 1}",
        "tags": {"Name": "web"},
        "lifecycle": {"create_before_destroy": true},
        "provisioner": {"local-exec": [{"command": "echo ${\"hi\"}"}, {"command": "echo bye"}]},
        "extra": 5
      },
      "db": {"ami": "ami-2"}
    }
  },
  "variable": {"region": {"default": "eu"}},
  "locals": [{"a": 1}, {"b": "x${1 + 1}"}],
  "check": "${1 < 3}",
  "port": 80
}"#;

fn json_err<T: for<'de> Deserialize<'de>>(src: &str) -> hcl_serde::Error {
    match hcl_serde::from_str::<T>(src) {
        Ok(_) => panic!("{src} decoded"),
        Err(e) => e,
    }
}

#[test]
fn a_hcl_struct_reads_a_json_file_as_its_native_twin() {
    let native: Config = hcl_serde::from_str(NATIVE).unwrap();
    let json: Config = hcl_serde::from_str(JSON).unwrap();
    fn parts(c: &Config) -> String {
        let resources: Vec<String> = c
            .resource
            .iter()
            .map(|r| {
                let rest: BTreeMap<String, u8> = r.rest.decode().unwrap();
                format!(
                    "{:?}",
                    (
                        (&r.kind, &r.name, &r.ami, r.count),
                        (&r.tags, &r.lifecycle, &r.provisioner, rest)
                    )
                )
            })
            .collect();
        let variables = c
            .variable
            .clone()
            .map(|v| v.into_iter().collect::<BTreeMap<_, _>>());
        format!("{resources:?} {variables:?} {:?} {:?}", c.locals, c.port)
    }
    assert_eq!(parts(&json), parts(&native));
    assert_eq!(json.resource[0].provisioner[0].command, "echo hi");
    assert_eq!(json.resource[0].count, Some(2));
    // An `Expression` of the JSON syntax is its string, a template.
    let check = json.check.unwrap();
    assert_eq!(check.source_text(), r#""${1 < 3}""#);
    assert_eq!(
        check.value(&hcl_serde::EvalContext::new()).unwrap(),
        hcl_serde::Value::from(true)
    );
}

#[test]
fn ranges_point_into_the_json_text() {
    #[derive(Deserialize)]
    struct Config {
        port: Spanned<u16>,
        names: Vec<Spanned<String>>,
    }
    let src = "{\n  \"port\": 80,\n  \"names\": [\"a\", \"b\"]\n}";
    let config: Config = hcl_serde::from_str(src).unwrap();
    assert_eq!(config.port.range().to_string(), "<input>:2,11-13");
    assert_eq!(config.names[1].range().to_string(), "<input>:3,18-21");

    let err = json_err::<Config>("{\"port\": \"eighty\", \"names\": []}");
    let text = err.to_string();
    assert!(
        text.starts_with("Error: Incorrect value type\n  --> <input>:1:10\n"),
        "{text}"
    );
    assert_eq!(err.range().unwrap().start.column, 10);
}

#[test]
fn mistakes_get_the_diagnostics_their_native_twins_get() {
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Config {
        name: String,
        port: u16,
    }
    // A missing argument, at the start of the body, as in the native
    // syntax (whose body starts at the file's first byte).
    let native = json_err::<Config>("port = 1\n");
    let json = json_err::<Config>("{\"port\": 1}");
    assert_eq!(
        json.diagnostics().iter().next().unwrap().code,
        native.diagnostics().iter().next().unwrap().code
    );
    assert_eq!(
        json.diagnostics().iter().next().unwrap().code,
        Code::MissingRequiredArgument
    );

    // A property the target does not take: the JSON syntax's own words,
    // with a suggestion.
    let err = json_err::<Config>("{\"port\": 1, \"nmae\": \"a\"}");
    let diag = err
        .diagnostics()
        .iter()
        .find(|d| d.code == Code::ExtraneousJsonProperty)
        .unwrap();
    assert!(diag.detail.contains("Did you mean \"name\"?"), "{diag:?}");
    let decoded = Decoder::new()
        .lenient(true)
        .from_str::<Config>("{\"name\": \"a\", \"port\": 1, \"prot\": 2}")
        .unwrap();
    assert_eq!(decoded.warnings.len(), 1);

    // Every error of the document, not only the first: of values, and a
    // property the target does not take with an argument it lacks.
    let err = json_err::<Config>("{\"name\": [], \"port\": \"x\"}");
    assert_eq!(err.diagnostics().len(), 2, "{err}");
    let err = json_err::<Config>("{\"port\": 1, \"x\": 1}");
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::ExtraneousJsonProperty, Code::MissingRequiredArgument],
        "{err}"
    );

    // A block with fewer label levels than the struct has label fields.
    let err = json_err::<Config2>("{\"resource\": {\"aws_instance\": {}}}");
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::MissingLabel,
        "{err}"
    );
    // A block given a value that is not an object.
    let err = json_err::<Config2>("{\"resource\": {\"aws_instance\": {\"web\": 1}}}");
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::IncorrectJsonValueType,
        "{err}"
    );
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Config2 {
    #[hcl(block)]
    resource: Vec<Resource2>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Resource2 {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
}

#[test]
fn a_plain_struct_reads_nested_objects_as_its_field_types_ask() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Service {
        port: u16,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        // An object of label levels: one map level per label.
        service: HashMap<String, HashMap<String, Service>>,
        // One object, or an array of objects: one block each.
        listener: Vec<Service>,
        backup: Vec<Service>,
        // `null` is no block.
        extra: Option<Service>,
        tags: HashMap<String, String>,
    }
    let src = r#"{
        "service": {"http": {"web": {"port": 80}}},
        "listener": {"port": 1},
        "backup": [{"port": 2}, {"port": 3}],
        "extra": null,
        "tags": {"env": "prod-${1}"}
    }"#;
    let config: Config = hcl_serde::from_str(src).unwrap();
    assert_eq!(config.service["http"]["web"].port, 80);
    assert_eq!(config.listener, [Service { port: 1 }]);
    assert_eq!(config.backup.len(), 2);
    assert_eq!(config.extra, None);
    assert_eq!(config.tags["env"], "prod-1");
}

#[test]
fn the_syntax_is_chosen_by_name_text_or_setting() {
    let map = |d: hcl_serde::Result<hcl_serde::Decoded<BTreeMap<String, u8>>>| d.map(|d| d.value);
    // By the first character of text without a `.json` name.
    assert_eq!(
        hcl_serde::from_str::<BTreeMap<String, u8>>(" {\"a\": 1}").unwrap()["a"],
        1
    );
    // By a `.json` name, whatever the text begins with.
    let err = map(Decoder::new().from_named_str("a = 1\n", "x.tf.json")).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::InvalidJsonSyntax,
        "{err}"
    );
    // By the setting.
    let err = map(Decoder::new().syntax(Syntax::Native).from_str("{\"a\": 1}")).unwrap_err();
    assert_ne!(
        err.diagnostics().iter().next().unwrap().code,
        Code::InvalidJsonSyntax,
        "{err}"
    );

    let path = std::env::temp_dir().join("hcl-serde-json-test.tf.json");
    std::fs::write(&path, "{\"a\": 2}").unwrap();
    let map: BTreeMap<String, u8> = hcl_serde::from_file(&path).unwrap();
    assert_eq!(map["a"], 2);
    std::fs::write(&path, "{\"a\": \"x\"}").unwrap();
    let err = hcl_serde::from_file::<BTreeMap<String, u8>>(&path).unwrap_err();
    assert!(
        err.to_string().contains(&format!("{}:1:7", path.display())),
        "{err}"
    );
    std::fs::remove_file(&path).unwrap();
    // A file by its first character, as text is.
    let path = std::env::temp_dir().join("hcl-serde-json-test.conf");
    std::fs::write(&path, "\n {\"a\": 3}").unwrap();
    let map: BTreeMap<String, u8> = hcl_serde::from_file(&path).unwrap();
    assert_eq!(map["a"], 3);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn string_literals_are_borrowed_and_templates_evaluated() {
    #[derive(Deserialize)]
    struct Config<'a> {
        name: &'a str,
        greeting: String,
    }
    let mut ctx = hcl_serde::EvalContext::new();
    ctx.set_variable("who", hcl_serde::Value::string("world"));
    let src = r#"{"name": "web", "greeting": "hello ${who}"}"#;
    let config: Config = hcl_serde::from_str_with(src, &ctx).unwrap();
    assert_eq!(config.name, "web");
    assert_eq!(config.greeting, "hello world");
}

#[test]
fn unresolved_expressions_keep_their_source_and_structure() {
    let src = r#"{"region": "${var.region}", "mixed": [1, "${local.x}"], "n": "${1 + 1}"}"#;
    let decoded = Decoder::new()
        .unresolved_as_source(true)
        .from_str::<serde_json::Value>(src)
        .unwrap();
    assert_eq!(
        decoded.value,
        serde_json::json!({"region": "${var.region}", "mixed": [1, "${local.x}"], "n": 2})
    );
}

#[test]
fn a_body_merged_from_both_syntaxes_is_refused_with_a_message() {
    let native = hcl_core::parse("a = 1\n", "a.hcl").unwrap();
    let json = hcl_core::parse_json("{\"b\": 2}", "b.json").unwrap();
    let body = hcl_core::Body::merge([
        hcl_core::Body::from_file(&native),
        hcl_core::Body::from_json_file(&json),
    ]);
    let err = hcl_serde::from_body::<BTreeMap<String, u8>>(&body, &hcl_serde::EvalContext::new())
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("both the native and the JSON syntax"),
        "{err}"
    );
    // Each file's body decodes.
    let b: BTreeMap<String, u8> = hcl_serde::from_body(
        &hcl_core::Body::from_json_file(&json),
        &hcl_serde::EvalContext::new(),
    )
    .unwrap();
    assert_eq!(b["b"], 2);
}

#[test]
fn deep_json_decodes_within_the_nesting_limit_and_is_refused_past_it() {
    // The test harness's threads have 2 MiB stacks.
    let nested = |levels: usize| {
        let mut text = String::new();
        for _ in 0..levels {
            text.push_str("{\"a\": ");
        }
        text.push('1');
        text.push_str(&"}".repeat(levels));
        text
    };
    let value: serde_json::Value = hcl_serde::from_str(&nested(120)).unwrap();
    assert!(value.pointer(&"/a".repeat(120)).is_some());
    let err = hcl_serde::from_str::<serde_json::Value>(&nested(5000)).unwrap_err();
    assert!(err.to_string().contains("max_nesting_depth"), "{err}");

    // Nested maps read level by level, as label levels.
    type Deep = BTreeMap<String, BTreeMap<String, BTreeMap<String, serde_json::Value>>>;
    let deep: BTreeMap<String, Deep> = hcl_serde::from_str(&nested(120)).unwrap();
    assert_eq!(deep.len(), 1);
}

#[test]
fn every_error_of_blocks_and_label_levels_is_reported_as_in_the_native_twin() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Svc {
        port: u16,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Res {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        count: u8,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Conf {
        #[hcl(block)]
        resource: Vec<Res>,
        svc: HashMap<String, Svc>,
    }
    let native =
        "resource \"a\" \"x\" {\n  count = \"no\"\n}\nresource \"a\" \"y\" {\n  count = 300\n}\n\
                  resource \"b\" \"z\" {\n  count = -1\n}\nsvc \"web\" {\n  port = \"p\"\n}\n\
                  svc \"db\" {\n  port = 70000\n}\n";
    let json = r#"{"resource": {"a": {"x": {"count": "no"}, "y": {"count": 300}}, "b": {"z": {"count": -1}}},
 "svc": {"web": {"port": "p"}, "db": {"port": 70000}}}"#;
    let codes =
        |e: hcl_serde::Error| -> Vec<Code> { e.diagnostics().iter().map(|d| d.code).collect() };
    let native = codes(json_err::<Conf>(native));
    let from_json = codes(json_err::<Conf>(json));
    assert_eq!(native.len(), 5);
    assert_eq!(from_json, native);
}

#[test]
fn a_body_of_many_properties_decodes_whole() {
    // More properties than a level's reading parses on the stack.
    let props: Vec<String> = (0..40).map(|i| format!("\"p{i:02}\": {i}")).collect();
    let src = format!("{{{}, \"nested\": {{\"deep\": [1, 2]}}}}", props.join(", "));
    let map: BTreeMap<String, serde_json::Value> = Decoder::new()
        .from_named_str(&src, "many.json")
        .unwrap()
        .value;
    assert_eq!(map.len(), 41);
    assert_eq!(map["p00"], serde_json::json!(0));
    assert_eq!(map["p39"], serde_json::json!(39));
    assert_eq!(map["nested"], serde_json::json!({"deep": [1, 2]}));
    let value: serde_json::Value = Decoder::new()
        .from_named_str(&src, "many.json")
        .unwrap()
        .value;
    assert_eq!(value.as_object().map(|o| o.len()), Some(41));
}

#[test]
fn a_map_key_given_twice_takes_its_later_value() {
    #[derive(Deserialize)]
    struct Config {
        tags: HashMap<String, u32>,
    }
    // A few keys (compared in turn) and many (sorted), and the 16 and
    // 17 names either side of the change.
    for count in [3, 15, 16, 30] {
        let mut props: Vec<String> = (0..count).map(|i| format!("\"k{i}\": {i}")).collect();
        props.push("\"k1\": 100".to_owned());
        let src = format!("{{\"tags\": {{{}}}}}", props.join(", "));
        let config: Config = Decoder::new().from_named_str(&src, "t.json").unwrap().value;
        assert_eq!(config.tags.len(), count, "{count} keys");
        assert_eq!(config.tags["k1"], 100, "{count} keys");
        assert_eq!(config.tags["k2"], 2, "{count} keys");
    }
}

#[test]
fn integers_read_as_their_native_twins_read_them() {
    // A plain integer in range is read from its text; every other number
    // through its value: the two must agree, values and errors alike.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Ints {
        a: u8,
        b: i8,
        c: u16,
        d: i64,
        e: u64,
        f: i128,
        g: u128,
    }
    fn outcome(result: hcl_serde::Result<Ints>) -> Result<Ints, Vec<(Code, String)>> {
        result.map_err(|e| {
            e.diagnostics()
                .iter()
                .map(|d| (d.code, d.detail.clone()))
                .collect()
        })
    }
    let numbers = [
        "0",
        "7",
        "255",
        "256",
        "1e2",
        "1.5",
        "65536",
        "9223372036854775808",
        "18446744073709551616",
        "170141183460469231731687303715884105728",
        "340282366920938463463374607431768211456",
        "99999999999999999999999999999999999999999",
    ];
    let signs = ["", "-"];
    let mut checked = 0;
    for n in numbers {
        for sign in signs {
            let native = format!("a = {sign}{n}\nb = {sign}{n}\nc = {sign}{n}\nd = {sign}{n}\ne = {sign}{n}\nf = {sign}{n}\ng = {sign}{n}\n");
            let json = format!(
                "{{\"a\": {sign}{n}, \"b\": {sign}{n}, \"c\": {sign}{n}, \"d\": {sign}{n}, \
                 \"e\": {sign}{n}, \"f\": {sign}{n}, \"g\": {sign}{n}}}"
            );
            let from_native = outcome(hcl_serde::from_str::<Ints>(&native));
            let from_json = outcome(
                Decoder::new()
                    .from_named_str(&json, "i.json")
                    .map(|d| d.value),
            );
            assert_eq!(from_json, from_native, "{sign}{n}");
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
    let small = Decoder::new()
        .from_named_str::<Ints>(
            r#"{"a": 255, "b": -128, "c": 8080, "d": -5, "e": 7, "f": -1, "g": 1}"#,
            "i.json",
        )
        .unwrap()
        .value;
    assert_eq!(
        small,
        Ints {
            a: 255,
            b: -128,
            c: 8080,
            d: -5,
            e: 7,
            f: -1,
            g: 1
        }
    );
}

#[test]
fn floats_read_as_their_native_twins_read_them() {
    // A short decimal is read from its text; every other number through
    // its 512-bit value: the two must give the same `f64`, or the same
    // error.
    #[derive(Deserialize, Debug)]
    struct Float {
        x: f64,
    }
    let outcome = |result: hcl_serde::Result<Float>| {
        result.map(|f| f.x.to_bits()).map_err(|e| {
            e.diagnostics()
                .iter()
                .map(|d| (d.code, d.detail.clone()))
                .collect::<Vec<_>>()
        })
    };
    let numbers = [
        "0",
        "8080",
        "376.55",
        "0.1",
        "2.5e-3",
        "1e27",
        "1e-27",
        "1e28",
        "1e-400",
        "9007199254740993",
        "9999999999999999999",
        "18446744073709551615",
        "123456789.123456789123",
        "1.7976931348623157e308",
        "1e400",
    ];
    for n in numbers {
        for sign in ["", "-"] {
            let from_native = outcome(hcl_serde::from_str(&format!("x = {sign}{n}\n")));
            let from_json = outcome(
                Decoder::new()
                    .from_named_str(&format!("{{\"x\": {sign}{n}}}"), "f.json")
                    .map(|d| d.value),
            );
            assert_eq!(from_json, from_native, "{sign}{n}");
        }
    }
    let cpu: Float = Decoder::new()
        .from_named_str(r#"{"x": 376.55}"#, "f.json")
        .unwrap()
        .value;
    assert_eq!(cpu.x, 376.55);
}

#[test]
fn a_bodys_properties_are_read_in_source_order() {
    let keys = |src: &str| {
        Decoder::new()
            .from_named_str::<common::KeyOrder>(src, "k.json")
            .unwrap()
            .value
            .0
    };
    assert_eq!(
        keys(r#"{"zeta": 1, "alpha": {"x": 1}, "mid": [2], "beta": "b"}"#),
        ["zeta", "alpha", "mid", "beta"]
    );
    // More properties than a level's reading sorts on the stack.
    let names: Vec<String> = (0..40).rev().map(|i| format!("p{i:02}")).collect();
    let props: Vec<String> = names.iter().map(|n| format!("\"{n}\": 1")).collect();
    assert_eq!(keys(&format!("{{{}}}", props.join(", "))), names);
}

#[test]
fn a_kept_json_body_is_written_as_its_properties_but_not_as_hcl() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, serde::Serialize, Debug)]
    struct Kept {
        name: String,
        #[hcl(remain)]
        rest: RawBody,
    }
    let src = r#"{"name": "x", "other": 1, "blk": {"k": {"v": 2}}}"#;
    let kept: Kept = hcl_serde::from_str(src).unwrap();
    // Only a schema tells a JSON property's blocks from an argument, so
    // the native syntax cannot have it back.
    let err = hcl_serde::to_string(&kept).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().code,
        Code::UnsupportedValue,
        "{err}"
    );
    // Another format gets each property with its text.
    let json = serde_json::to_value(&kept).unwrap();
    assert_eq!(
        json["rest"],
        serde_json::json!([
            ["other", "\"other\": 1"],
            ["blk", "\"blk\": {\"k\": {\"v\": 2}}"]
        ])
    );
    // A native body is written back as ever.
    let kept: Kept = hcl_serde::from_str("name = \"x\"\nother = 1\n").unwrap();
    assert_eq!(
        hcl_serde::to_string(&kept).unwrap(),
        "name  = \"x\"\nother = 1\n"
    );
}

#[test]
fn a_block_read_into_an_enum_names_its_variant_by_its_one_property() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Web { port: u16 },
        Db { size: u32 },
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Service {
        #[hcl(block)]
        kind: Kind,
    }
    let native: Service = hcl_serde::from_str("kind {\n  web {\n    port = 80\n  }\n}\n").unwrap();
    let json: Service = hcl_serde::from_str(r#"{"kind": {"web": {"port": 80}}}"#).unwrap();
    assert_eq!(native.kind, Kind::Web { port: 80 });
    assert_eq!(json.kind, native.kind);
}
