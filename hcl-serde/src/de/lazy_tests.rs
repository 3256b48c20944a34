//! Decoding a file one top-level item at a time (the body of a file
//! opened with `SyntaxTree::open`, a body like any other) gives what the
//! file parsed whole gives, and keeps no block's syntax tree past its
//! read.

use std::collections::BTreeMap;

use std::sync::Arc;

use hcl_core::__private::kept_blocks;
use hcl_core::{Code, EvalContext, ParseOptions, SourceFile, SyntaxTree, Value};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::de::Borrowable;
use crate::{Decoder, RawBody, Spanned};

/// The result of decoding `text` item by item, and how many block trees
/// its file kept; `None` where the scan does not take the file.
fn lazily<T: DeserializeOwned>(text: &str) -> Option<(crate::Result<T>, usize)> {
    let source = Arc::new(SourceFile::new("<input>", text));
    let tree = SyntaxTree::open(source, &ParseOptions::default());
    kept_blocks(&tree)?;
    let result = Decoder::new().decode_tree(&tree, Borrowable::NONE);
    Some((result.map(|decoded| decoded.value), kept_blocks(&tree)?))
}

/// The result of decoding the file parsed whole.
fn whole<T: DeserializeOwned>(text: &str) -> crate::Result<T> {
    let file = hcl_core::parse(text, "<input>").map_err(crate::Error::from)?;
    crate::from_body(&hcl_core::Body::from_file(&file), &EvalContext::new())
}

/// `text` decoded item by item into `T` is what it is whole, keeping no
/// block tree.
fn same<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> crate::Result<T> {
    let (lazy, kept) = lazily::<T>(text).expect("the scan takes the file");
    let show = |r: &crate::Result<T>| match r {
        Ok(v) => format!("{v:?}"),
        Err(e) => e.to_string(),
    };
    assert_eq!(show(&lazy), show(&whole::<T>(text)), "{text}");
    assert_eq!(kept, 0, "block trees kept");
    lazy
}

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    region: String,
    replicas: Option<u8>,
    #[serde(default)]
    resource: BTreeMap<String, BTreeMap<String, Resource>>,
    #[serde(default)]
    output: BTreeMap<String, Output>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Resource {
    ami: String,
    count: Option<u32>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Output {
    value: Value,
}

const CONFIG: &str = r#"
region = "eu-west-1"

resource "aws_instance" "web" {
  ami   = "ami-1"
  count = 1 + 1
}

output "name" {
  value = upper("web")
}

replicas = 3 # after the blocks

resource "aws_instance" "db" {
  ami  = "ami-${2}"
  tags = { role = "db" }
}
"#;

#[test]
fn a_typed_config_is_read_one_item_at_a_time_as_when_parsed_whole() {
    let config: Config = same(CONFIG).unwrap();
    assert_eq!(config.replicas, Some(3));
    assert_eq!(config.resource["aws_instance"]["web"].count, Some(2));
    assert_eq!(config.resource["aws_instance"]["db"].ami, "ami-2");
    assert_eq!(config.output["name"].value, Value::string("WEB"));
}

#[test]
fn every_target_is_read_one_item_at_a_time() {
    same::<Value>(CONFIG).unwrap();

    #[derive(Deserialize, Debug)]
    struct Flat {
        _region: Option<String>,
        #[serde(flatten)]
        _rest: BTreeMap<String, Value>,
    }
    same::<Flat>(CONFIG).unwrap();

    #[crate::hcl]
    #[derive(Deserialize, Debug)]
    struct Remain {
        region: String,
        #[hcl(remain)]
        rest: RawBody,
    }
    let remain = same::<Remain>(CONFIG).unwrap();
    assert_eq!(remain.region, "eu-west-1");
    assert_eq!(
        remain
            .rest
            .decode::<BTreeMap<String, Value>>()
            .unwrap()
            .len(),
        3
    );
    same::<Spanned<Config>>(CONFIG).unwrap();

    #[crate::hcl]
    #[derive(Deserialize, Debug)]
    struct Labelled {
        region: String,
        replicas: Option<u8>,
        #[serde(default)]
        resource: Vec<Named>,
        #[serde(default)]
        output: Vec<RawOutput>,
    }
    #[crate::hcl]
    #[derive(Deserialize, Debug)]
    struct Named {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        #[hcl(remain)]
        rest: RawBody,
    }
    #[crate::hcl]
    #[derive(Deserialize, Debug)]
    struct RawOutput {
        #[hcl(label)]
        name: String,
        value: crate::Expression,
    }
    let labelled = same::<Labelled>(CONFIG).unwrap();
    assert_eq!(
        (labelled.region.as_str(), labelled.replicas),
        ("eu-west-1", Some(3))
    );
    let db = &labelled.resource[1];
    assert_eq!((db.kind.as_str(), db.name.as_str()), ("aws_instance", "db"));
    let tags = db.rest.decode::<BTreeMap<String, Value>>().unwrap();
    assert_eq!(tags["ami"], Value::string("ami-2"));
    assert_eq!(labelled.output[0].name, "name");
    assert_eq!(labelled.output[0].value.source_text(), "upper(\"web\")");
}

#[test]
fn errors_are_those_of_the_whole_file() {
    // Bad values in two blocks, an unsupported argument in a third,
    // and at the top level `region` missing and `replicas` too large.
    let text = CONFIG
        .replace("region = \"eu-west-1\"\n", "")
        .replace("replicas = 3", "replicas = 300")
        .replace("count = 1 + 1", "count = -1")
        .replace(
            "value = upper(\"web\")",
            "value = upper(\"web\")\n  valeu = 1",
        )
        + "resource \"aws_instance\" \"cache\" {\n  ami = {}\n}\n";
    let err = same::<Config>(&text).unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            // Reported at the start of the file, as the reference does.
            Code::MissingRequiredArgument,
            Code::InvalidValue,
            Code::UnsupportedArgument,
            Code::InvalidValue,
            Code::IncorrectValueType,
        ]
    );
    // A top-level argument that fails to evaluate.
    let failing = CONFIG.replace("replicas = 3", "replicas = 1 + true");
    same::<Config>(&failing).unwrap_err();
}

#[test]
fn a_syntax_error_fails_the_decode_with_the_errors_of_the_whole_file() {
    let text = format!("{CONFIG}broken = (1 +)\n");
    let (lazy, _) = lazily::<Value>(&text).expect("the scan takes the file");
    let err = lazy.unwrap_err();
    assert_eq!(
        err.to_string(),
        whole::<Value>(&text).unwrap_err().to_string()
    );
    assert!(
        err.diagnostics()
            .iter()
            .any(|d| d.code == Code::InvalidExpression),
        "{err}"
    );
    // Errors of the decode beside it are not reported: `region` is
    // missing, and the broken block might have been meant to hold it.
    let text = CONFIG.replace("region = \"eu-west-1\"\n", "")
        + "resource \"a\" \"b\" {\n  ami = (1 +)\n}\n";
    let (lazy, _) = lazily::<Config>(&text).expect("the scan takes the file");
    let codes: Vec<Code> = lazy
        .unwrap_err()
        .diagnostics()
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, [Code::InvalidExpression]);
    // A block the target never reads is parsed all the same.
    #[derive(Deserialize, Debug)]
    struct Ignoring {
        #[serde(rename = "resource")]
        _resource: serde::de::IgnoredAny,
        _region: String,
    }
    let text = "_region = \"x\"\nresource \"a\" \"b\" {\n  x = (1 +)\n}\n";
    let (lazy, _) = lazily::<Ignoring>(text).expect("the scan takes the file");
    assert!(lazy.is_err());
    assert!(crate::from_str::<Ignoring>(text).is_err());
    let fixed = text.replace("(1 +)", "(1)");
    assert!(lazily::<Ignoring>(&fixed).is_some_and(|(r, _)| r.is_ok()));
}
