//! The `#[hcl]` annotations at work, and the decoder's modes.
#![allow(missing_docs, clippy::unwrap_used, reason = "tests")]

use std::collections::BTreeMap;

use hcl_core::{Code, EvalContext, Value};
use hcl_serde::{Decoder, Expression, RawBody, Spanned};
use serde::Deserialize;

mod common;
use common::KeyOrder;

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    ami: String,
    count: Option<u32>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Terraform {
    #[serde(default)]
    resource: Vec<Resource>,
}

#[test]
fn labels_fill_label_fields_in_order() {
    let src = "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\nresource \"aws_s3\" \"logs\" {\n  ami = \"x\"\n  count = 2\n}\n";
    let tf: Terraform = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        tf.resource,
        [
            Resource {
                kind: "aws_instance".into(),
                name: "web".into(),
                ami: "ami-1".into(),
                count: None
            },
            Resource {
                kind: "aws_s3".into(),
                name: "logs".into(),
                ami: "x".into(),
                count: Some(2)
            },
        ]
    );
}

fn err<T: serde::de::DeserializeOwned + std::fmt::Debug>(src: &str) -> String {
    hcl_serde::from_str::<T>(src).unwrap_err().to_string()
}

#[test]
fn missing_label_is_reported_at_the_brace() {
    let text = err::<Terraform>("resource \"aws_instance\" {\n  ami = \"a\"\n}\n");
    assert_eq!(
        text,
        "Error: Missing name for resource\n  --> <input>:1:25\n  |\n1 | resource \"aws_instance\" {\n  |                         ^\n\nAll resource blocks must have 2 labels (kind, name).\n  = path: resource.aws_instance\n"
    );
}

#[test]
fn extraneous_label_is_reported_at_the_label() {
    let text = err::<Terraform>("resource \"a\" \"b\" \"c\" {\n  ami = \"a\"\n}\n");
    assert_eq!(
        text,
        "Error: Extraneous label for resource\n  --> <input>:1:18\n  |\n1 | resource \"a\" \"b\" \"c\" {\n  |                  ^^^\n\nOnly 2 labels (kind, name) are expected for resource blocks.\n  = path: resource.a.b.c\n"
    );
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
struct Named {
    #[hcl(label = "service name")]
    id: String,
}

#[derive(Deserialize, Debug)]
struct Services {
    service: Vec<Named>,
}

#[test]
fn label_names_appear_in_messages() {
    let text = err::<Services>("service {\n}\n");
    assert!(
        text.starts_with("Error: Missing service name for service\n"),
        "{text}"
    );
    let ok: Services = hcl_serde::from_str("service \"a\" {}\nservice \"b\" {}\n").unwrap();
    let ids: Vec<&str> = ok.service.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
}

#[test]
fn label_values_can_be_spanned() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Job {
        #[hcl(label)]
        name: Spanned<String>,
    }
    #[derive(Deserialize, Debug)]
    struct File {
        job: Job,
    }
    let file: File = hcl_serde::from_str("\njob \"api\" {\n}\n").unwrap();
    assert_eq!(file.job.name.get_ref(), "api");
    assert_eq!(file.job.name.range().to_string(), "<input>:2,5-10");
}

#[test]
fn forced_attribute_takes_a_struct_typed_value() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Point {
        x: i32,
        y: i32,
    }
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Shape {
        #[hcl(attr)]
        origin: Point,
    }
    let shape: Shape = hcl_serde::from_str("origin = { x = 1, y = 2 }\n").unwrap();
    assert_eq!(shape.origin, Point { x: 1, y: 2 });

    // What is missing first, where both are at the file's start, as schema
    // processing reports them.
    let text = err::<Shape>("origin {\n  x = 1\n  y = 2\n}\n");
    assert!(
        text.starts_with("Error: Missing required argument\n"),
        "{text}"
    );
    assert!(text.contains("\nError: Unsupported block type\n"), "{text}");
    assert!(
        text.contains("Did you mean to define argument \"origin\"?"),
        "{text}"
    );
}

#[test]
fn forced_block_refuses_an_attribute_and_names_the_missing_block() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Settings {
        #[hcl(block)]
        network: serde_json::Value,
    }
    let ok: Settings = hcl_serde::from_str("network {\n  mode = \"bridge\"\n}\n").unwrap();
    assert_eq!(ok.network["mode"], "bridge");

    let text = err::<Settings>("network = { mode = \"host\" }\n");
    assert!(text.starts_with("Error: Missing network block\n"), "{text}");
    assert!(text.contains("\nError: Unsupported argument\n"), "{text}");

    let text = err::<Settings>("\n");
    assert_eq!(
        text,
        "Error: Missing network block\n  --> <input>:1:1\n  |\n1 | \n  | ^\n\nA block of type \"network\" is required here.\n"
    );
}

#[test]
fn optional_fields_take_their_default() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Opts {
        #[hcl(optional)]
        retries: u8,
        #[hcl(block, optional)]
        limits: Vec<BTreeMap<String, u32>>,
    }
    let o: Opts = hcl_serde::from_str("").unwrap();
    assert_eq!((o.retries, o.limits.len()), (0, 0));
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
struct Plugin {
    #[hcl(label)]
    name: String,
    enabled: bool,
    #[hcl(remain)]
    rest: RawBody,
}

#[derive(Deserialize, Debug)]
struct PluginFile {
    plugin: Vec<Plugin>,
}

#[test]
fn remain_keeps_the_rest_for_a_second_pass() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Cache {
        size_mb: u32,
        #[serde(default)]
        zones: Vec<serde_json::Value>,
    }
    let src = "plugin \"cache\" {\n  enabled = true\n  size_mb = 64 * 2\n  zones {\n    a = \"b\"\n  }\n}\n";
    let file: PluginFile = hcl_serde::from_str(src).unwrap();
    let plugin = &file.plugin[0];
    assert_eq!(plugin.name, "cache");
    assert!(plugin.enabled);
    let cache: Cache = plugin.rest.decode().unwrap();
    assert_eq!(cache.size_mb, 128);
    assert_eq!(cache.zones[0]["a"], "b");

    // The second pass sees only the rest: `enabled` is not there, and its
    // errors point into the original file.
    let err = plugin.rest.decode::<BTreeMap<String, u32>>().unwrap_err();
    assert!(err.to_string().contains("--> <input>:4:3"), "{err}");
    let rest = plugin.rest.body().unwrap();
    let (attrs, _) = rest.items();
    let names: Vec<&str> = attrs.iter().map(|a| a.name).collect();
    assert_eq!(names, ["size_mb"]);
}

#[test]
fn remain_errors_of_the_second_pass_suggest_names() {
    #[derive(Deserialize, Debug)]
    struct Cache {
        #[allow(dead_code)]
        size_mb: u32,
    }
    let file: PluginFile =
        hcl_serde::from_str("plugin \"c\" {\n  enabled = false\n  size_md = 1\n}\n").unwrap();
    let text = file.plugin[0]
        .rest
        .decode::<Cache>()
        .unwrap_err()
        .to_string();
    // `size_mb` is missing, at the block's opening brace, and `size_md`
    // not expected.
    assert!(
        text.starts_with("Error: Missing required argument\n  --> <input>:1:12\n"),
        "{text}"
    );
    assert!(
        text.contains("Error: Unsupported argument\n  --> <input>:3:3\n"),
        "{text}"
    );
    assert!(text.contains("Did you mean \"size_mb\"?"), "{text}");
}

#[test]
fn body_field_keeps_the_whole_body() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Task {
        driver: String,
        #[hcl(body)]
        body: RawBody,
        #[hcl(remain)]
        _rest: RawBody,
    }
    let task: Task = hcl_serde::from_str("driver = \"docker\"\nimage = \"nginx\"\n").unwrap();
    assert_eq!(task.driver, "docker");
    let all: BTreeMap<String, String> = task.body.decode().unwrap();
    assert_eq!(all.len(), 2);
}

#[test]
fn expressions_are_kept_unevaluated() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Rule {
        #[hcl(expr)]
        when: Expression,
        #[hcl(expr, optional)]
        otherwise: Option<Expression>,
    }
    let rule: Rule = hcl_serde::from_str("when = request.size > limit * 2\n").unwrap();
    assert!(rule.otherwise.is_none());
    assert_eq!(rule.when.source_text(), "request.size > limit * 2");
    assert_eq!(rule.when.variables(), ["request", "limit"]);
    let mut ctx = EvalContext::new();
    let mut request = BTreeMap::new();
    request.insert("size".to_string(), Value::from(10));
    ctx.set_variable("request", Value::object(request));
    ctx.set_variable("limit", Value::from(4));
    assert_eq!(rule.when.value(&ctx).unwrap(), Value::from(true));

    let unknown = rule
        .when
        .value(&EvalContext::new())
        .unwrap_err()
        .to_string();
    assert!(unknown.contains("--> <input>:1:8"), "{unknown}");
}

#[test]
fn spanned_fields_know_where_they_came_from() {
    #[derive(Deserialize, Debug)]
    struct Listener {
        port: Spanned<u16>,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        name: Spanned<String>,
        listener: Spanned<Listener>,
        tags: Spanned<Vec<String>>,
    }
    let src = "name = \"edge\"\nlistener {\n  port = 443\n}\ntags = [\"a\", \"b\"]\n";
    let c: Config = hcl_serde::from_str(src).unwrap();
    assert_eq!(c.name.range().to_string(), "<input>:1,8-14");
    assert_eq!(c.listener.range().to_string(), "<input>:2,1-4,2");
    assert_eq!(c.listener.port.range().to_string(), "<input>:3,10-13");
    assert_eq!(c.tags.range().start.line, 5);
    assert_eq!(c.tags.get_ref().len(), 2);
}

#[test]
fn spanned_is_only_for_hcl() {
    let err = serde_json::from_str::<Spanned<u8>>("1").unwrap_err();
    assert!(err.to_string().contains("HCL"), "{err}");
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Provisioner {
    File { source: String, destination: String },
    Exec { command: Vec<String> },
    Noop,
}

#[derive(Deserialize, Debug)]
struct Machine {
    provisioner: Vec<Provisioner>,
}

#[test]
fn enum_variant_is_chosen_by_the_first_label() {
    let src = "provisioner \"file\" {\n  source = \"a\"\n  destination = \"/b\"\n}\nprovisioner \"exec\" {\n  command = [\"ls\"]\n}\nprovisioner \"noop\" {}\n";
    let m: Machine = hcl_serde::from_str(src).unwrap();
    assert_eq!(
        m.provisioner,
        [
            Provisioner::File {
                source: "a".into(),
                destination: "/b".into()
            },
            Provisioner::Exec {
                command: vec!["ls".into()]
            },
            Provisioner::Noop,
        ]
    );
}

#[test]
fn enum_label_errors() {
    let text = err::<Machine>("provisioner \"exe\" {\n}\n");
    assert_eq!(
        text,
        "Error: Invalid provisioner label\n  --> <input>:1:13\n  |\n1 | provisioner \"exe\" {\n  |             ^^^^^\n\nThe label \"exe\" is not one of the kinds of provisioner block (\"file\", \"exec\" or \"noop\"). Did you mean \"exec\"?\n"
    );
    let text = err::<Machine>("provisioner {\n}\n");
    assert!(
        text.starts_with("Error: Missing label for provisioner\n"),
        "{text}"
    );
    let text = err::<Machine>("provisioner \"exec\" {\n  command = [\"ls\"]\n  user = \"x\"\n}\n");
    assert!(
        text.starts_with("Error: Unsupported argument\n  --> <input>:3:3\n"),
        "{text}"
    );
}

#[test]
fn enum_from_a_body_with_one_item() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Storage {
        Memory { size: u32 },
        Disk(BTreeMap<String, String>),
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        storage: Storage,
    }
    let c: Config = hcl_serde::from_str("storage {\n  memory {\n    size = 1\n  }\n}\n").unwrap();
    assert_eq!(c.storage, Storage::Memory { size: 1 });
    let c: Config = hcl_serde::from_str("storage {\n  disk = { path = \"/d\" }\n}\n").unwrap();
    assert_eq!(
        c.storage,
        Storage::Disk([("path".to_string(), "/d".to_string())].into())
    );
}

#[test]
fn lenient_mode_turns_unknown_items_into_warnings() {
    #[derive(Deserialize, Debug)]
    struct App {
        name: String,
    }
    let src = "name = \"x\"\nnmae2 = 1\nlogging {\n}\n";
    let strict = hcl_serde::from_str::<App>(src).unwrap_err();
    assert_eq!(strict.diagnostics().len(), 2);

    let decoded = Decoder::new().lenient(true).from_str::<App>(src).unwrap();
    assert_eq!(decoded.value.name, "x");
    let codes: Vec<Code> = decoded.warnings.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::UnsupportedArgument, Code::UnsupportedBlockType]
    );
    assert!(decoded
        .warnings
        .iter()
        .all(|d| d.severity == hcl_core::Severity::Warning && d.subject.is_some()));
    assert!(decoded
        .warnings
        .to_string()
        .starts_with("Warning: Unsupported argument\n  --> <input>:2:1\n"));

    // Lenient mode does not hide real errors.
    let e = Decoder::new().lenient(true).from_str::<App>("name = 1 +\n");
    assert!(e.is_err());
}

#[test]
fn unresolved_expressions_can_be_read_as_their_source() {
    let src = "region = var.region\nname = \"app-${terraform.workspace}\"\ncount = 3\nmixed = [1, local.x]\n";
    let strict = hcl_serde::from_str::<serde_json::Value>(src).unwrap_err();
    assert!(strict
        .diagnostics()
        .iter()
        .any(|d| d.code == Code::UnknownVariable));
    let v: serde_json::Value = Decoder::new()
        .unresolved_as_source(true)
        .from_str(src)
        .unwrap()
        .value;
    assert_eq!(
        v,
        serde_json::json!({
            "region": "${var.region}",
            "name": "app-${terraform.workspace}",
            "count": 3,
            "mixed": [1, "${local.x}"]
        })
    );
}

#[test]
fn blocks_with_different_label_counts_are_an_error_for_schemaless_targets() {
    let text = err::<serde_json::Value>("a \"x\" {}\na {}\n");
    assert!(
        text.starts_with("Error: Inconsistent labels for a\n  --> <input>:2:1\n"),
        "{text}"
    );
}

#[test]
fn raw_body_as_the_whole_target() {
    let raw: RawBody = hcl_serde::from_str("x = 1\ny { z = 2 }\n").unwrap();
    let v: serde_json::Value = raw.decode().unwrap();
    assert_eq!(v, serde_json::json!({"x": 1, "y": {"z": 2}}));
}

#[test]
fn merged_bodies_report_duplicate_arguments() {
    let a = hcl_core::parse("x = 1\n", "a.hcl").unwrap();
    let b = hcl_core::parse("x = 2\n", "b.hcl").unwrap();
    let body = hcl_core::schema::Body::merge_files([&a, &b]);
    let err = hcl_serde::from_body::<BTreeMap<String, u8>>(&body, &EvalContext::new()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("Error: Duplicate argument\n  --> b.hcl:1:1\n"),
        "{text}"
    );
    // Worded as the reference's merged bodies word it.
    assert!(
        text.contains("Argument \"x\" was already set at a.hcl:1,1-2\n"),
        "{text}"
    );
}

#[test]
fn flatten_collects_what_the_struct_does_not_name() {
    #[derive(Deserialize, Debug)]
    struct Module {
        source: String,
        #[serde(flatten)]
        inputs: BTreeMap<String, serde_json::Value>,
    }
    let m: Module =
        hcl_serde::from_str("source = \"./vpc\"\ncidr = \"10.0.0.0/16\"\nazs = 3\n").unwrap();
    assert_eq!(m.source, "./vpc");
    assert_eq!(
        m.inputs.keys().map(String::as_str).collect::<Vec<_>>(),
        ["azs", "cidr"]
    );
}

#[test]
fn keys_come_in_source_order_across_attributes_and_block_types() {
    let src = "zeta = 1\nbeta {}\nalpha = 2\ngamma \"x\" {}\nbeta {}\ndelta = 3\n";
    let order: KeyOrder = hcl_serde::from_str(src).unwrap();
    assert_eq!(order.0, ["zeta", "beta", "alpha", "gamma", "delta"]);
}

#[test]
fn lenient_mode_leaves_out_blocks_with_other_label_counts() {
    let src = "include \"root\" {\n  path = \"a\"\n}\ninclude {\n  path = \"b\"\n}\n";
    let decoded = Decoder::new()
        .lenient(true)
        .from_str::<serde_json::Value>(src)
        .unwrap();
    assert_eq!(
        decoded.value,
        serde_json::json!({"include": {"root": {"path": "a"}}})
    );
    let warning = decoded.warnings.iter().next().unwrap();
    assert_eq!(warning.code, Code::InconsistentLabels);
    assert!(
        warning.detail.ends_with("The block is left out."),
        "{}",
        warning.detail
    );
}

#[test]
fn unresolved_mode_reports_failed_evaluations_as_warnings() {
    let decoded = Decoder::new()
        .unresolved_as_source(true)
        .from_str::<serde_json::Value>("a = lookup({}, \"k\")\n")
        .unwrap();
    assert_eq!(
        decoded.value,
        serde_json::json!({"a": "${lookup({}, \"k\")}"})
    );
    let warning = decoded.warnings.iter().next().unwrap();
    assert_eq!(warning.severity, hcl_core::Severity::Warning);
    assert!(
        warning.detail.contains("read as a \"${...}\" template"),
        "{}",
        warning.detail
    );
}

#[test]
fn quoted_strings_convert_like_evaluated_values() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Fast,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        text: String,
        port: u16,
        enabled: bool,
        ratio: f64,
        mode: Mode,
        name: Spanned<String>,
        maybe: Option<String>,
        any: serde_json::Value,
        heredoc: String,
        decomposed: String,
    }
    let src = "text = \"a\\tb \\\"q\\\" $${x}\"\nport = \"8080\"\nenabled = \"true\"\nratio = \"0.5\"\nmode = \"fast\"\nname = \"n\"\nmaybe = \"m\"\nany = \"v\"\nheredoc = <<EOT\nline\nEOT\ndecomposed = \"e\u{301}\"\n";
    let c: Config = hcl_serde::from_str(src).unwrap();
    assert_eq!(c.text, "a\tb \"q\" ${x}");
    assert_eq!((c.port, c.enabled, c.ratio), (8080, true, 0.5));
    assert_eq!(c.mode, Mode::Fast);
    assert_eq!(c.name.range().to_string(), "<input>:6,8-11");
    assert_eq!(c.maybe.as_deref(), Some("m"));
    assert_eq!(c.any, serde_json::json!("v"));
    assert_eq!(c.heredoc, "line\n");
    // Strings are NFC-normalized, as evaluated strings are.
    assert_eq!(c.decomposed, "\u{e9}");

    let err = hcl_serde::from_str::<Config>(&src.replace("\"8080\"", "\"http\"")).unwrap_err();
    assert!(err.to_string().contains("--> <input>:2:8"), "{err}");
}

#[test]
fn errors_in_every_block_are_reported_together() {
    #[derive(Deserialize, Debug)]
    struct Server {
        #[allow(dead_code)]
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    struct Config {
        #[allow(dead_code)]
        server: Vec<Server>,
        #[allow(dead_code)]
        site: BTreeMap<String, BTreeMap<String, Server>>,
    }
    let src = "server {\n  prot = 1\n}\nserver {\n  port = 2\n}\nserver {\n  pot = 3\n}\n";
    let err = hcl_serde::from_str::<Config>(src).unwrap_err();
    let lines: Vec<String> = err
        .diagnostics()
        .iter()
        .map(|d| format!("{} {}", d.code, d.subject.as_ref().unwrap().start.line))
        .collect();
    // Each block's unsupported and missing arguments (at its opening
    // brace), and the missing `site` field at the start of the file.
    assert_eq!(
        lines,
        [
            "missing-required-argument 1",
            "missing-required-argument 1",
            "unsupported-argument 2",
            "missing-required-argument 7",
            "unsupported-argument 8",
        ]
    );

    let src = "server {\n  port = 1\n}\nsite \"a\" \"x\" {\n  port = -1\n}\nsite \"b\" \"y\" {\n  port = 1\n  extra = 2\n}\n";
    let err = hcl_serde::from_str::<Config>(src).unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::InvalidValue, Code::UnsupportedArgument]);
}

/// The code and line of each diagnostic of a failed decode.
fn code_lines<T: serde::de::DeserializeOwned + std::fmt::Debug>(src: &str) -> Vec<String> {
    let err = hcl_serde::from_str::<T>(src).unwrap_err();
    err.diagnostics()
        .iter()
        .map(|d| {
            let line = d.subject.as_ref().map_or(0, |r| r.start.line);
            format!("{} {line}", d.code)
        })
        .collect()
}

#[test]
fn every_error_is_found_through_enums_remain_flatten_and_spanned() {
    // Enum variants chosen by label: a bad field in one, a missing one in
    // another, an unknown variant in a third.
    let src = "provisioner \"file\" {\n  source = 1 + true\n}\n\
               provisioner \"exec\" {\n  command = \"ls\"\n}\n\
               provisioner \"copy\" {}\n";
    assert_eq!(
        code_lines::<Machine>(src),
        [
            "missing-required-argument 1",
            "invalid-operand 2",
            "incorrect-value-type 5",
            "invalid-label 7"
        ]
    );

    // `remain` keeps what is not named; the named fields' errors are all
    // reported, the rest is not checked until its own pass.
    let src = "plugin \"a\" {\n  enabled = 3\n  x = 1\n}\nplugin {\n  enabled = true\n}\n";
    assert_eq!(
        code_lines::<PluginFile>(src),
        ["incorrect-value-type 2", "missing-label 5"]
    );

    // A flattened map and a spanned field.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Module {
        source: hcl_serde::Spanned<String>,
        count: hcl_serde::Spanned<u8>,
        #[serde(flatten)]
        inputs: BTreeMap<String, u16>,
    }
    let src = "source = [1]\ncount = 1000\n";
    assert_eq!(
        code_lines::<Module>(src),
        ["incorrect-value-type 1", "invalid-value 2"]
    );
    // Serde checks a flattened map's values only after the whole body, in
    // the target's own code: such an error cannot be told from one a
    // stand-in caused, so after another error it is left for the next
    // decode, and reported alone.
    let src = "source = [1]\ncount = 1000\nazs = -3\n";
    assert_eq!(
        code_lines::<Module>(src),
        ["incorrect-value-type 1", "invalid-value 2"]
    );
    let src = "source = \"x\"\ncount = 1\nazs = -3\n";
    let err = hcl_serde::from_str::<Module>(src).unwrap_err();
    assert!(err.to_string().contains("-3"), "{err}");
}

#[test]
fn internal_field_names_never_reach_a_message() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    struct Flat {
        #[hcl(label)]
        name: String,
        #[hcl(remain)]
        #[allow(dead_code)]
        rest: BTreeMap<String, serde_json::Value>,
    }
    #[derive(Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        b: Vec<Flat>,
    }
    // The combination works (see tests/remain.rs)...
    let doc: Doc = hcl_serde::from_str("b \"x\" {\n  k = 1\n}\n").unwrap();
    assert_eq!(doc.b[0].name, "x");
    // ...and where a label field has nothing to take, the message is in
    // the user's terms.
    let err = hcl_serde::from_str::<Flat>("k = 1\n").unwrap_err();
    let text = err.to_string();
    assert!(!text.contains("$hcl"), "{text}");
    assert_eq!(err.diagnostics().as_slice()[0].code, Code::MissingLabel);
}

#[test]
fn a_value_field_gets_the_evaluated_value_whole() {
    use hcl_core::{Number, Value};
    #[derive(Deserialize)]
    struct Config {
        ratio: Value,
        ids: Value,
        maybe: Option<Value>,
    }
    let src = "ratio = 0.1\nids = tolist([1, 2])\nmaybe = tostring(null)\n";
    let config: Config = hcl_serde::from_str(src).unwrap();
    // Exact: the decimal 0.1, not the nearest binary float.
    assert_eq!(
        config.ratio,
        Value::number(Number::parse_literal("0.1").unwrap())
    );
    // A list stays a list; a typed null keeps its type.
    assert_eq!(
        *config.ids.ty(),
        hcl_core::Type::list(hcl_core::Type::Number)
    );
    assert_eq!(config.maybe, None);
    // The same from the JSON syntax.
    let json: Config =
        hcl_serde::from_str(r#"{"ratio": 0.1, "ids": "${tolist([1, 2])}", "maybe": 1}"#).unwrap();
    assert_eq!(json.ratio, config.ratio);
    assert_eq!(json.ids, config.ids);
    assert_eq!(json.maybe, Some(Value::from(1)));
}

#[test]
fn an_expression_field_of_an_hcl_struct_needs_no_option() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, serde::Serialize, Debug)]
    struct Rule {
        name: String,
        when: Expression,
        otherwise: Option<Expression>,
    }
    let schema = <Rule as hcl_serde::HclSchema>::hcl_schema();
    assert!(schema.attribute("when").unwrap().required);
    assert!(!schema.attribute("otherwise").unwrap().required);

    // Not evaluated: `request` and `limit` are unknown here.
    let src = "name = \"big\"\nwhen = request.size > limit\n";
    let rule: Rule = hcl_serde::from_str(src).unwrap();
    assert_eq!(rule.when.source_text(), "request.size > limit");
    assert_eq!(rule.when.variables(), ["request", "limit"]);
    assert_eq!(rule.when.range().to_string(), "<input>:2,8-28");
    assert!(rule.otherwise.is_none());

    // In the JSON syntax too.
    let json: Rule =
        hcl_serde::from_str(r#"{"name": "j", "when": "${var.enabled}", "otherwise": 3}"#).unwrap();
    assert_eq!(json.when.variables(), ["var"]);
    let otherwise = json.otherwise.unwrap();
    assert_eq!(
        otherwise.value(&EvalContext::new()).unwrap(),
        Value::from(3)
    );

    // The other fields are evaluated as ever; a block is no expression.
    let err = hcl_serde::from_str::<Rule>("name = var.n\nwhen = var.w\n").unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::UnknownVariable]);
    assert_eq!(err.range().unwrap().to_string(), "<input>:1,8-11");
    let err = hcl_serde::from_str::<Rule>("name = \"n\"\nwhen {\n}\n").unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::UnsupportedBlockType), "{err}");

    // Written back as it was read.
    let text = hcl_serde::to_string(&rule).unwrap();
    assert_eq!(text, "name = \"big\"\nwhen = request.size > limit\n");
}
