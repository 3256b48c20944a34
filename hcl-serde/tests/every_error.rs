//! Every error of a document reported at once: each field's, each
//! block's, each pass's, in source order, and each once.
#![allow(
    clippy::panic,
    reason = "the test helpers report failures by panicking"
)]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use hcl_core::{Code, EvalContext};
use serde::de::DeserializeOwned;
use serde::Deserialize;

mod common;
use common::{Email, Server, SERVER};

/// The code and the `line:column` of each diagnostic of a failed decode.
fn diagnostics_at<T: DeserializeOwned + Debug>(src: &str) -> Vec<(Code, String)> {
    match hcl_serde::from_str::<T>(src) {
        Ok(v) => panic!("decoding {src:?} succeeded: {v:?}"),
        Err(e) => e
            .diagnostics()
            .iter()
            .map(|d| {
                let at = d
                    .subject
                    .as_ref()
                    .map(|r| format!("{}:{}", r.start.line, r.start.column))
                    .unwrap_or_default();
                (d.code, at)
            })
            .collect(),
    }
}

fn pairs(list: &[(Code, &str)]) -> Vec<(Code, String)> {
    list.iter()
        .map(|(code, at)| (*code, at.to_string()))
        .collect()
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Many {
    a: u8,
    b: u8,
    c: String,
    d: Option<u8>,
    email: Email,
    server: Server,
    #[serde(default)]
    more: Vec<Server>,
}

#[test]
fn value_errors_in_every_field_are_reported() {
    let src = format!("a = 300\nb = -1\nc = \"ok\"\nd = 1.5\nemail = \"bob\"\nserver {SERVER}");
    assert_eq!(
        diagnostics_at::<Many>(&src),
        pairs(&[
            (Code::InvalidValue, "1:5"),
            (Code::InvalidValue, "2:5"),
            (Code::InvalidValue, "4:5"),
            (Code::InvalidValue, "5:9"),
        ])
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct ManyMissing {
    a: u8,
    b: u8,
    c: String,
    d: Option<u8>,
    email: String,
    server: Server,
    #[serde(default)]
    more: Vec<Server>,
}

#[test]
fn every_missing_field_is_reported_and_blocks_by_their_type() {
    assert_eq!(
        diagnostics_at::<ManyMissing>("c = \"x\"\n"),
        pairs(&[
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingBlock, "1:1"),
        ])
    );
    let err = hcl_serde::from_str::<ManyMissing>("c = \"x\"\n").unwrap_err();
    let details: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "The argument \"a\" is required, but no definition was found.",
            "The argument \"b\" is required, but no definition was found.",
            "The argument \"email\" is required, but no definition was found.",
            "A block of type \"server\" is required here.",
        ]
    );
}

#[test]
fn errors_in_nested_blocks_and_at_the_top_are_all_reported() {
    // A bad value in the first block, a missing argument in the second, an
    // unsupported one in the third, a duplicate block, and a missing
    // argument at the top level.
    let src = "a = 1\nb = 2\nc = \"x\"\nemail = \"a@b\"\n\
               server {\n  name = \"s\"\n  port = 99999\n}\n\
               more {\n  name = \"m\"\n}\n\
               more {\n  name = \"n\"\n  port = 1\n  prot = 2\n}\n";
    assert_eq!(
        diagnostics_at::<Many>(src),
        pairs(&[
            (Code::InvalidValue, "7:10"),
            // At the opening brace of the block's body.
            (Code::MissingRequiredArgument, "9:6"),
            (Code::UnsupportedArgument, "15:3"),
        ])
    );
    let err = hcl_serde::from_str::<Many>(src).unwrap_err();
    assert_eq!(err.path(), Some("server.port"), "the first error's path");
}

#[test]
fn evaluation_and_label_errors_do_not_hide_later_ones() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Labelled {
        #[hcl(label)]
        name: String,
        port: u16,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        service: Vec<Labelled>,
        count: u8,
        name: String,
    }
    // The first service has no label and a bad port; the second a failing
    // expression and no port; `count` is out of range.
    let src = "service {\n  port = -1\n}\n\
               service \"b\" {\n  port = 1 + true\n}\n\
               count = 256\n";
    assert_eq!(
        diagnostics_at::<Doc>(src),
        pairs(&[
            (Code::MissingRequiredArgument, "1:1"),
            (Code::MissingLabel, "1:9"),
            (Code::InvalidValue, "2:10"),
            (Code::InvalidOperand, "5:14"),
            (Code::InvalidValue, "7:9"),
        ])
    );
}

#[test]
fn checks_of_a_whole_struct_are_not_run_on_stand_ins() {
    // A struct whose own check would fail on the stand-in for its bad
    // field: only the field's error is reported.
    #[derive(Deserialize, Debug)]
    #[serde(try_from = "RawRange")]
    #[allow(dead_code)]
    struct Range {
        low: u8,
        high: u8,
    }
    #[derive(Deserialize)]
    struct RawRange {
        low: u8,
        high: u8,
    }
    impl TryFrom<RawRange> for Range {
        type Error = String;
        fn try_from(r: RawRange) -> Result<Self, String> {
            if r.low < r.high {
                Ok(Range {
                    low: r.low,
                    high: r.high,
                })
            } else {
                Err("low must be below high".into())
            }
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        range: Range,
        other: u8,
    }
    let s = diagnostics_at::<Doc>("range {\n  low = 1\n  high = 900\n}\nother = -5\n");
    assert_eq!(
        s,
        pairs(&[(Code::InvalidValue, "3:10"), (Code::InvalidValue, "5:9")])
    );
    // Its own error is reported when it is the first.
    let s = diagnostics_at::<Doc>("range {\n  low = 9\n  high = 1\n}\nother = -5\n");
    assert_eq!(
        s,
        pairs(&[(Code::InvalidValue, "1:1"), (Code::InvalidValue, "5:9")])
    );
}

#[test]
fn after_an_error_each_good_block_is_read_once_more() {
    // A pass after an error only looks for errors: blocks that an earlier
    // pass read without one are left out, so many errors among many blocks
    // cost a few reads of each, not one per error.
    use std::cell::Cell;
    thread_local! {
        static READS: Cell<usize> = const { Cell::new(0) };
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Debug)]
    #[allow(dead_code)]
    struct Counted(Port);
    impl<'de> Deserialize<'de> for Counted {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            READS.with(|r| r.set(r.get() + 1));
            Port::deserialize(d).map(Counted)
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        item: Vec<Counted>,
        svc: HashMap<String, HashMap<String, Counted>>,
    }
    let mut src = String::new();
    let mut expected = Vec::new();
    for i in 1..=100 {
        let port = if i % 10 == 0 { 300 } else { i };
        src.push_str(&format!("item {{\n  port = {port}\n}}\n"));
        if port == 300 {
            expected.push((Code::InvalidValue, format!("{}:10", 3 * i - 1)));
        }
    }
    for i in 1..=100 {
        let port = if i % 25 == 0 { 300 } else { i };
        src.push_str(&format!(
            "svc \"t{}\" \"n{i}\" {{\n  port = {port}\n}}\n",
            i % 3
        ));
        if port == 300 {
            expected.push((Code::InvalidValue, format!("{}:10", 300 + 3 * i - 1)));
        }
    }
    READS.with(|r| r.set(0));
    let found = diagnostics_at::<Doc>(&src);
    let expected: Vec<(Code, &str)> = expected.iter().map(|(s, at)| (*s, at.as_str())).collect();
    assert_eq!(found, pairs(&expected));
    // 14 errors: 15 passes, the first of which records nothing; stand-ins
    // for the failed blocks are read too. Reading every block in every
    // pass makes over 1 300 reads.
    let reads = READS.with(Cell::get);
    assert!(reads < 3 * 200, "{reads} blocks read");
}

#[test]
fn value_and_body_errors_in_many_blocks_are_each_reported_once() {
    // Bad values are found pass by pass; unsupported and missing arguments
    // by checking the blocks after the one that failed. Each block is
    // checked once over all passes, and each error reported once.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        item: Vec<Port>,
    }
    let mut src = String::new();
    let mut expected = Vec::new();
    for i in 0..30 {
        let line = 3 * i + 2;
        match i % 3 {
            0 => {
                src.push_str("item {\n  port = 300\n}\n");
                expected.push((Code::InvalidValue, format!("{line}:10")));
            }
            1 => {
                src.push_str("item {\n  prot = 1\n}\n");
                // At the block's opening brace.
                expected.push((Code::MissingRequiredArgument, format!("{}:6", line - 1)));
                expected.push((Code::UnsupportedArgument, format!("{line}:3")));
            }
            _ => src.push_str("item {\n  port = 1\n}\n"),
        }
    }
    let expected: Vec<(Code, &str)> = expected.iter().map(|(s, at)| (*s, at.as_str())).collect();
    assert_eq!(diagnostics_at::<Doc>(&src), pairs(&expected));
}

#[test]
fn blocks_left_out_of_later_passes_cause_no_error() {
    // Targets that check how many blocks they get, with errors in two
    // blocks: the later passes give them fewer, and only the two errors
    // are reported.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Port {
        port: u8,
    }
    #[derive(Deserialize, Debug)]
    #[serde(try_from = "Vec<Port>")]
    #[allow(dead_code)]
    struct Three(Vec<Port>);
    impl TryFrom<Vec<Port>> for Three {
        type Error = String;
        fn try_from(ports: Vec<Port>) -> Result<Self, String> {
            if ports.len() == 3 {
                Ok(Three(ports))
            } else {
                Err(format!("3 ports are needed, not {}", ports.len()))
            }
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        a: [Port; 3],
        b: Three,
        other: u8,
    }
    let src = "a {\n  port = 1\n}\na {\n  port = 300\n}\na {\n  port = 301\n}\n\
               b {\n  port = 1\n}\nb {\n  port = 2\n}\nb {\n  port = 302\n}\n\
               other = -1\n";
    assert_eq!(
        diagnostics_at::<Doc>(src),
        pairs(&[
            (Code::InvalidValue, "5:10"),
            (Code::InvalidValue, "8:10"),
            (Code::InvalidValue, "17:10"),
            (Code::InvalidValue, "19:9"),
        ])
    );

    // Good blocks, left out once read, and two errors after them: the
    // length check sees no block in the third pass, and is not reported.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Later {
        b: Three,
        other: u8,
        more: u8,
    }
    let src = "b {\n  port = 1\n}\nb {\n  port = 2\n}\nb {\n  port = 3\n}\n\
               other = -1\nmore = -2\n";
    assert_eq!(
        diagnostics_at::<Later>(src),
        pairs(&[(Code::InvalidValue, "10:9"), (Code::InvalidValue, "11:8")])
    );
}

#[test]
fn very_many_errors_are_reported_up_to_a_limit() {
    let src: String = (0..500).map(|i| format!("v{i} = -1\n")).collect();
    let err = hcl_serde::from_str::<BTreeMap<String, u8>>(&src).unwrap_err();
    let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    // The first 64, and that the decode stopped looking.
    assert_eq!(codes.len(), 65);
    assert!(codes[..64].iter().all(|&c| c == Code::InvalidValue));
    assert_eq!(codes[64], Code::TooManyErrors);
    // At the limit exactly, nothing is left out.
    let src: String = (0..64).map(|i| format!("v{i} = -1\n")).collect();
    let err = hcl_serde::from_str::<BTreeMap<String, u8>>(&src).unwrap_err();
    assert_eq!(err.diagnostics().len(), 64);
    assert!(err
        .diagnostics()
        .iter()
        .all(|d| d.code == Code::InvalidValue));
}

#[test]
fn lenient_warnings_and_collected_errors_together() {
    let err = hcl_serde::Decoder::new()
        .lenient(true)
        .from_str::<Server>("nmae = \"a\"\nport = -1\n")
        .unwrap_err();
    let s: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(s, [Code::MissingRequiredArgument, Code::InvalidValue]);
}

#[test]
fn blocks_nested_as_deep_as_the_parser_allows_decode() {
    // The parser's default nesting limit; each block level is a body read
    // with its own frames, on a test thread's small stack in debug builds.
    let depth = hcl_core::Limits::default().max_nesting_depth - 1;
    let src = format!("{}x = 1\n{}", "a {\n".repeat(depth), "}\n".repeat(depth));
    let value: serde_json::Value = hcl_serde::from_str(&src).unwrap();
    let mut at = &value;
    for _ in 0..depth {
        at = &at["a"];
    }
    assert_eq!(at["x"], 1);
}

#[test]
fn errors_in_blocks_of_one_label_are_each_found() {
    // The blocks labelled "null" are one entry of the map by label, and
    // the items of the sequence that is its value; both start at the same
    // block. Each is its own recovery point: the passes after an error
    // reach the same errors whether the file is read one item at a time
    // or parsed whole. (Found by the `from_str_value` fuzz target.)
    let src = r#"locals {
        stuff = toset([])
	bval = true
	i = 1
}

provider "null" { # Constant, no warning
        for_each = {"foo": "bar"}
        alias = "plain"
}
resource "null_resource" "plain" {
        for_each = {"foo": "bar"}
        provider = null.plain[each.key]
}

provider "null" { # Constant, no warning
        for_each = toset(["foo", "bar"])
        alias = "toset"
}
resource "null_resource" "toset" {
        for_each = toset(["foo", "bar"])
        provider = null.toset[each.key]
}

provider "null" {
        for_each = local.stuff
        alias = "value"
}
resource "null_resource" "value" {
        for_each = local.stuff
        provider = null.value[each.key]
}

provider "null" {
        for_each = local.stuff 
        alias = "parens"
}
resource "null_resource" "parens" {
        for_each = (local.stuff)
        provider = null.parens[each.key]
}

provider "null" {
        for_each = local.bval ? {"foo": "bar"} : {}
        alias = "cond"
}
resource "null_resource" "cond" {
        for_each = local.bval ? {"foo": "bar"} : {}
        provider = null.cond[each.key]
}

provider "null" {
        for_each = {"foo": local.i + -2}
        alias = "op"
}
resource "null_resource" "op" {
        for_each = {"foo": local.i + -2}
        provider = null.op[each.key]
}

provider "null" {
        for_each = {for s in local.stuff : s => upper(s)}
        alias = "for"
}
resource "null_resource" "for" {
        for_each = {for s in local.stuff : s => upper(s)}
        provider = null.for[each.key]
}
"#;
    let file = hcl_core::parse(src, "<input>").unwrap();
    let whole = hcl_serde::from_body::<serde_json::Value>(
        &hcl_core::Body::from_file(&file),
        &EvalContext::new(),
    )
    .unwrap_err();
    let lazy = hcl_serde::from_str::<serde_json::Value>(src).unwrap_err();
    assert_eq!(whole.to_string(), lazy.to_string());
    // Every `for_each = local...` of a provider is reported, the one with
    // a space after it (line 35) too.
    let lines: Vec<String> = diagnostics_at::<serde_json::Value>(src)
        .into_iter()
        .filter(|(code, _)| *code == Code::UnknownVariable)
        .map(|(_, at)| at)
        .collect();
    for at in [
        "26:20", "30:20", "35:20", "39:21", "48:20", "57:28", "66:30",
    ] {
        assert!(lines.iter().any(|l| l == at), "{at} in {lines:?}");
    }
}

#[test]
fn error_paths_name_elements_in_brackets_and_keep_label_fields() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Ports {
        ports: Vec<u16>,
        nested: Option<Vec<Vec<u8>>>,
    }
    let err = hcl_serde::from_str::<Ports>("ports = [1, -2, 3]\n").unwrap_err();
    assert_eq!(err.path(), Some("ports[1]"));
    let err = hcl_serde::from_str::<Ports>("ports = []\nnested = [[1], [2, 300]]\n").unwrap_err();
    assert_eq!(err.path(), Some("nested[1][1]"));

    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Resource {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        ami: u8,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        resource: Vec<Resource>,
    }
    let src = "resource \"aws_instance\" \"web\" {\n  ami = 300\n}\n";
    let err = hcl_serde::from_str::<Doc>(src).unwrap_err();
    assert_eq!(err.path(), Some("resource.aws_instance.web.ami"));
}

#[test]
fn null_for_a_required_argument_leaves_it_unset() {
    let err = hcl_serde::from_str::<Server>("name = null\nport = 1\n").unwrap_err();
    let diag = &err.diagnostics().as_slice()[0];
    assert_eq!(diag.summary, "Missing required argument");
    assert!(
        diag.detail.contains("\"name\" is required"),
        "{}",
        diag.detail
    );
    assert!(diag.detail.contains("null"), "{}", diag.detail);
    assert_eq!(diag.subject.as_ref().unwrap().to_string(), "<input>:1,8-12");

    // An `Option` takes null as absent; null inside a value is a type
    // mismatch, not a missing argument.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Maybe {
        name: Option<String>,
        tags: Option<Vec<String>>,
    }
    let ok: Maybe = hcl_serde::from_str("name = null\n").unwrap();
    assert_eq!(
        ok,
        Maybe {
            name: None,
            tags: None
        }
    );
    let err = hcl_serde::from_str::<Maybe>("tags = [null]\n").unwrap_err();
    assert_eq!(
        err.diagnostics().as_slice()[0].summary,
        "Incorrect value type"
    );
}

/// A `Deserialize` that falls back on a default when its value fails:
/// the error it swallows is no error of the document.
fn or_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Server>, D::Error> {
    Ok(Vec::<Server>::deserialize(d).unwrap_or_default())
}

#[test]
fn an_error_swallowed_by_the_target_leaves_no_trace_in_later_ones() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Forgiving {
        #[serde(deserialize_with = "or_empty", default)]
        server: Vec<Server>,
        port: u8,
        name: String,
    }
    // The second server block fails inside the fallback, which reads an
    // empty list: what is reported is the two mistakes after it.
    let src = format!("server {SERVER}server {{\n  name = \"t\"\n  port = -1\n}}\nport = 300\n");
    assert_eq!(
        diagnostics_at::<Forgiving>(&src),
        pairs(&[
            (Code::MissingRequiredArgument, "1:1"),
            (Code::InvalidValue, "9:8"),
        ])
    );
    // Without the mistakes after it, the fallback's value is the result.
    let fixed = src.replace("port = 300\n", "port = 30\nname = \"n\"\n");
    let ok: Forgiving = hcl_serde::from_str(&fixed).unwrap();
    assert!(ok.server.is_empty());
}

thread_local! {
    /// How many `Ticket`s this thread has refused.
    static REFUSED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A number whose `Deserialize` refuses all but 0, naming each refusal by
/// its count: the same source read twice fails twice, differently.
#[derive(Debug)]
struct Ticket;

impl<'de> Deserialize<'de> for Ticket {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if u8::deserialize(d)? == 0 {
            return Ok(Ticket);
        }
        let n = REFUSED.with(|t| {
            t.set(t.get() + 1);
            t.get()
        });
        Err(serde::de::Error::custom(format!("ticket {n} refused")))
    }
}

#[test]
fn two_blocks_from_one_piece_of_source_are_two_places() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Desk {
        ticket: Ticket,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Office {
        desk: Vec<Desk>,
    }
    // One file merged twice: its one block is two blocks of the body, at
    // the same range. Each is read, and each error reported.
    let file = hcl_core::parse("desk {\n  ticket = 1\n}\n", "office.hcl").unwrap();
    let body = hcl_core::schema::Body::merge_files([&file, &file]);
    REFUSED.with(|t| t.set(0));
    let err = hcl_serde::from_body::<Office>(&body, &EvalContext::new()).unwrap_err();
    let details: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(details, ["ticket 1 refused", "ticket 2 refused"]);
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Port {
    port: u8,
}

/// A document with a mistake of each kind the decoder itself finds: value
/// types and ranges, an unsupported argument, an expression that does not
/// evaluate, in sequences, maps and `Option`s of blocks and at the top.
const MISTAKES: &str = "pass = 0
item {
  port = 300
}
item {
  port = 1
  extra = 1
}
item {
  port = var.nope
}
svc \"a\" \"x\" {
  port = -1
}
svc \"a\" \"y\" {
  port = \"p\"
}
level = 1.5
tls {
  port = 999
}
";

fn mistakes() -> Vec<(Code, String)> {
    pairs(&[
        (Code::InvalidValue, "3:10"),
        (Code::UnsupportedArgument, "7:3"),
        (Code::UnknownVariable, "10:10"),
        (Code::InvalidValue, "13:10"),
        (Code::IncorrectValueType, "16:10"),
        (Code::InvalidValue, "18:9"),
        (Code::InvalidValue, "20:10"),
    ])
}

#[test]
fn mistakes_of_every_kind_are_reported_below_any_target() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        pass: u8,
        item: Vec<Port>,
        svc: HashMap<String, BTreeMap<String, Port>>,
        level: Option<u8>,
        tls: Option<Port>,
    }
    assert_eq!(diagnostics_at::<Doc>(MISTAKES), mistakes());
    // Read through another type, which the decoder cannot see into: the
    // errors are the same (each found by a pass of its own).
    fn items<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Port>, D::Error> {
        Vec::deserialize(d)
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Through {
        pass: u8,
        #[serde(deserialize_with = "items")]
        item: Vec<Port>,
        svc: HashMap<String, BTreeMap<String, Port>>,
        level: Option<u8>,
        tls: Option<Box<Port>>,
    }
    assert_eq!(diagnostics_at::<Through>(MISTAKES), mistakes());
}
