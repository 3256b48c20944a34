//! `#[hcl]` types are ordinary serde types in every other format: JSON,
//! TOML, YAML and RON write each of them exactly as they write a plain
//! twin (the same fields and serde attributes, without `#[hcl]`), read
//! that text back into the `#[hcl]` type, and report errors in the same
//! words, naming the fields and the struct as the user wrote them. The
//! roles travel only in the struct's serde name, which these formats
//! never print, except RON: with `struct_names` it writes (and then
//! requires) the marked name, and its messages that name a struct name
//! the marked one.
//!
//! The twins cover label fields, `attr`, `block` (of a `Vec`, an `Option`
//! and a map), an `Option` of a block type without options, maps of
//! blocks, field and struct renames, `remain` into a map, and a
//! `#[serde(flatten)]` field. Fields of type `Spanned`, `RawBody` and
//! `Expression` are left out: only `hcl_serde`'s decoder makes them.
//! Where `#[hcl]` adds `#[serde(default)]` (`optional`, and `block` on a
//! collection) the twin says so itself, as serde's default is visible to
//! every format. The same data also goes through HCL and back.

#![allow(clippy::unwrap_used, clippy::panic, missing_docs)]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The `#[hcl]` types.
mod hcl {
    use std::collections::{BTreeMap, HashMap};

    use serde::{Deserialize, Serialize};

    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Check {
        #[hcl(attr)]
        pub interval: u32,
        pub path: String,
    }

    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Listener {
        #[hcl(label)]
        pub protocol: String,
        #[hcl(label = "kind")]
        #[serde(rename = "listener-name")]
        pub name: String,
        pub port: u16,
        #[hcl(block)]
        pub check: Vec<Check>,
    }

    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "kebab-case")]
    pub struct Service {
        pub display_name: String,
        #[hcl(attr)]
        pub tags: BTreeMap<String, String>,
        #[hcl(block)]
        pub listener: Vec<Listener>,
        #[hcl(block)]
        pub health_check: Option<Check>,
        pub fallback: Option<Check>,
        #[serde(rename = "route")]
        pub routes: BTreeMap<String, Check>,
        #[hcl(block)]
        pub upstream: HashMap<String, Check>,
        #[hcl(remain)]
        pub rest: BTreeMap<String, String>,
    }

    #[hcl_serde::hcl]
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Meta {
        pub name: String,
        #[serde(flatten)]
        pub extra: BTreeMap<String, String>,
    }
}

/// The plain twins: the same names, so that serde's own messages (which
/// name a struct by its Rust identifier) can match.
mod plain {
    use std::collections::{BTreeMap, HashMap};

    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Check {
        pub interval: u32,
        pub path: String,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Listener {
        pub protocol: String,
        #[serde(rename = "listener-name")]
        pub name: String,
        pub port: u16,
        // `#[hcl(block)]` on a collection adds it.
        #[serde(default)]
        pub check: Vec<Check>,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "kebab-case")]
    pub struct Service {
        pub display_name: String,
        pub tags: BTreeMap<String, String>,
        #[serde(default)]
        pub listener: Vec<Listener>,
        pub health_check: Option<Check>,
        pub fallback: Option<Check>,
        #[serde(rename = "route")]
        pub routes: BTreeMap<String, Check>,
        #[serde(default)]
        pub upstream: HashMap<String, Check>,
        pub rest: BTreeMap<String, String>,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Meta {
        pub name: String,
        #[serde(flatten)]
        pub extra: BTreeMap<String, String>,
    }
}

fn map<V>(entries: impl IntoIterator<Item = (&'static str, V)>) -> BTreeMap<String, V> {
    entries.into_iter().map(|(k, v)| (k.into(), v)).collect()
}

fn strings<const N: usize>(entries: [(&'static str, &str); N]) -> BTreeMap<String, String> {
    map(entries.map(|(k, v)| (k, v.to_owned())))
}

macro_rules! check {
    ($m:ident, $interval:expr, $path:expr) => {
        $m::Check {
            interval: $interval,
            path: $path.into(),
        }
    };
}

/// A `Service` of module `$m` with every collection and option filled
/// (maps iterated in a random order hold one entry).
macro_rules! full_service {
    ($m:ident) => {
        $m::Service {
            display_name: "api".into(),
            tags: strings([("team", "core"), ("tier", "1")]),
            listener: vec![
                $m::Listener {
                    protocol: "https".into(),
                    name: "public".into(),
                    port: 443,
                    check: vec![check!($m, 5, "/health")],
                },
                $m::Listener {
                    protocol: "http".into(),
                    name: "admin".into(),
                    port: 8080,
                    check: vec![],
                },
            ],
            health_check: Some(check!($m, 10, "/ready")),
            fallback: Some(check!($m, 30, "/")),
            routes: map([("a", check!($m, 1, "/a")), ("b", check!($m, 2, "/b"))]),
            upstream: HashMap::from([("db".to_owned(), check!($m, 3, "/db"))]),
            rest: strings([("owner", "ops"), ("region", "eu")]),
        }
    };
}

/// A `Service` of module `$m` with every collection empty and every
/// option `None`.
macro_rules! empty_service {
    ($m:ident) => {
        $m::Service {
            display_name: "idle".into(),
            tags: BTreeMap::new(),
            listener: vec![],
            health_check: None,
            fallback: None,
            routes: BTreeMap::new(),
            upstream: HashMap::new(),
            rest: BTreeMap::new(),
        }
    };
}

macro_rules! meta {
    ($m:ident, $extra:expr) => {
        $m::Meta {
            name: "m".into(),
            extra: strings($extra),
        }
    };
}

/// A text format, through serde.
trait Format {
    fn write<T: Serialize>(value: &T) -> String;
    fn read<T: DeserializeOwned>(text: &str) -> Result<T, String>;
}

macro_rules! text_format {
    ($format:ident, $to:path, $from:path) => {
        struct $format;
        impl Format for $format {
            fn write<T: Serialize>(value: &T) -> String {
                $to(value).unwrap()
            }
            fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
                $from(text).map_err(|e| e.to_string())
            }
        }
    };
}

text_format!(Json, serde_json::to_string_pretty, serde_json::from_str);
text_format!(Toml, toml::to_string, toml::from_str);
text_format!(Yaml, yaml_serde::to_string, yaml_serde::from_str);
// RON as it writes by default: structs without their names.
text_format!(Ron, ron_pretty, ron::from_str);
// RON with `struct_names`, which writes the marked names.
text_format!(RonNamed, ron_named, ron::from_str);

fn ron_pretty<T: Serialize>(value: &T) -> ron::Result<String> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new())
}

fn ron_named<T: Serialize>(value: &T) -> ron::Result<String> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new().struct_names(true))
}

/// `Service`'s serde name, which RON shows.
const MARKED_SERVICE: &str =
    "Service__hcl_A4_tags_B8_listener_B15_health_2d_check_M5_route_B8_upstream_R4_rest";

/// `text` with each marked struct name cut back to the name as written.
fn unmark(text: &str) -> String {
    let mut pieces = text.split("__hcl");
    let first = pieces.next().unwrap_or_default().to_owned();
    pieces.fold(first, |out, piece| {
        out + piece.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Checks that `value` (an `#[hcl]` type) is written as its twin is, and
/// that both texts read back into `value`.
fn same_as_twin<F: Format, H, P>(value: &H, twin: &P)
where
    H: Serialize + DeserializeOwned + PartialEq + Debug,
    P: Serialize + DeserializeOwned,
{
    let text = F::write(value);
    let twin_text = F::write(twin);
    assert_eq!(text, twin_text);
    assert_eq!(&F::read::<H>(&text).unwrap(), value, "{text}");
    assert_eq!(&F::read::<H>(&twin_text).unwrap(), value, "{twin_text}");
    // And the other way: the twin reads the `#[hcl]` type's text.
    assert_eq!(F::write(&F::read::<P>(&text).unwrap()), twin_text);
}

fn all_values_same_as_twins<F: Format>() {
    same_as_twin::<F, _, _>(&full_service!(hcl), &full_service!(plain));
    same_as_twin::<F, _, _>(&empty_service!(hcl), &empty_service!(plain));
    let extra = [("a", "1"), ("b", "2")];
    same_as_twin::<F, _, _>(&meta!(hcl, extra), &meta!(plain, extra));
    same_as_twin::<F, _, _>(&meta!(hcl, []), &meta!(plain, []));
}

#[test]
fn every_format_writes_and_reads_as_the_twin() {
    all_values_same_as_twins::<Json>();
    all_values_same_as_twins::<Toml>();
    all_values_same_as_twins::<Yaml>();
    all_values_same_as_twins::<Ron>();
}

#[test]
fn ron_with_struct_names_round_trips_under_the_marked_names() {
    let pairs = [
        (full_service!(hcl), full_service!(plain)),
        (empty_service!(hcl), empty_service!(plain)),
    ];
    for (value, twin) in pairs {
        let text = RonNamed::write(&value);
        assert_eq!(RonNamed::read::<hcl::Service>(&text).unwrap(), value);
        // The texts differ only by the struct names.
        assert!(text.starts_with(MARKED_SERVICE), "{text}");
        assert_eq!(unmark(&text), RonNamed::write(&twin));
    }
    // A struct with a flattened field is a map: RON writes no name.
    let meta = meta!(hcl, [("a", "1")]);
    let text = RonNamed::write(&meta);
    assert_eq!(text, RonNamed::write(&meta!(plain, [("a", "1")])));
    assert_eq!(RonNamed::read::<hcl::Meta>(&text).unwrap(), meta);
    // A named struct must carry the marked name: the twin's text is
    // refused, by that name. (Inherent: the name is where the roles are.)
    let error =
        RonNamed::read::<hcl::Service>(&RonNamed::write(&full_service!(plain))).unwrap_err();
    let expected = format!("1:1-1:8: Expected struct `{MARKED_SERVICE}` but found `Service`");
    assert_eq!(error, expected);
}

/// The messages of reading `input` into the `#[hcl]` type and its twin.
fn messages<F: Format>(input: &str) -> (String, String) {
    let hcl = F::read::<hcl::Service>(input).unwrap_err();
    let twin = F::read::<plain::Service>(input).unwrap_err();
    assert!(!hcl.contains("$hcl"), "{hcl}");
    (hcl, twin)
}

/// Checks that each input fails with the twin's message, whose text is
/// checked too.
fn same_messages<F: Format>(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        let (hcl, twin) = messages::<F>(input);
        assert_eq!(hcl, twin, "{input}");
        assert!(hcl.contains(expected), "{hcl}");
    }
}

const MISSING_ROUTE: &str = "missing field `route`";
const MISSING_NAME: &str = "missing field `listener-name`";
const NOT_A_CHECK: &str = "invalid type: integer `5`, expected struct Check";

#[test]
fn messages_are_the_twins() {
    let head = r#""display-name": "x", "tags": {}, "rest": {}"#;
    same_messages::<Json>(&[
        (&format!("{{{head}}}"), MISSING_ROUTE),
        (
            &format!(r#"{{{head}, "route": {{}}, "listener": [{{"protocol": "h", "port": 1}}]}}"#),
            MISSING_NAME,
        ),
        (
            &format!(r#"{{{head}, "route": {{}}, "fallback": 5}}"#),
            NOT_A_CHECK,
        ),
    ]);
    let head = "display-name = \"x\"\ntags = {}\nrest = {}\n";
    same_messages::<Toml>(&[
        (head, MISSING_ROUTE),
        (
            &format!("{head}route = {{}}\n[[listener]]\nprotocol = \"h\"\nport = 1\n"),
            MISSING_NAME,
        ),
        (&format!("{head}route = {{}}\nfallback = 5\n"), NOT_A_CHECK),
    ]);
    let head = "display-name: x\ntags: {}\nrest: {}\n";
    same_messages::<Yaml>(&[
        (head, MISSING_ROUTE),
        (
            &format!("{head}route: {{}}\nlistener:\n- protocol: h\n  port: 1\n"),
            MISSING_NAME,
        ),
        (&format!("{head}route: {{}}\nfallback: 5\n"), NOT_A_CHECK),
    ]);
}

#[test]
fn ron_messages_name_the_marked_struct() {
    let head = r#"r#display-name: "x", tags: {}, rest: {}"#;
    // FIXME: RON names the struct in these messages by its serde name,
    // which is the marked one, even for input without struct names.
    for (input, expected) in [
        (
            format!("({head})"),
            "Unexpected missing field named `route` in `Service__hcl_",
        ),
        (
            format!(r#"({head}, route: {{}}, listener: [(protocol: "h", port: 1)])"#),
            "Unexpected missing field named `r#listener-name` in `Listener__hcl_",
        ),
        (
            format!("({head}, route: {{}}, fallback: Some(5))"),
            "Expected opening `(` for struct `Check__hcl_",
        ),
    ] {
        let (hcl, twin) = messages::<Ron>(&input);
        assert!(hcl.contains(expected), "{hcl}");
        assert_eq!(unmark(&hcl), twin, "{input}");
    }
    // Messages that name no struct are the twin's.
    let input = format!(r#"({head}, route: {{}}, listener: [(protocol: "h", port: "1")])"#);
    let (hcl, twin) = messages::<Ron>(&input);
    assert_eq!(hcl, twin);
    assert_eq!(hcl, "1:86-1:87: Expected integer");
}

/// Checks that `value` reads back from the HCL it is written as.
fn hcl_round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let text = hcl_serde::to_string(value).unwrap();
    assert_eq!(&hcl_serde::from_str::<T>(&text).unwrap(), value, "{text}");
}

#[test]
fn the_same_data_reads_back_through_hcl() {
    let full = full_service!(hcl);
    hcl_round_trip(&full);
    let text = hcl_serde::to_string(&full).unwrap();
    assert!(text.contains("listener \"https\" \"public\" {\n"), "{text}");
    // Everything empty but the one map of blocks that is required.
    let mut sparse = empty_service!(hcl);
    sparse.routes = full.routes;
    hcl_round_trip(&sparse);
    hcl_round_trip(&meta!(hcl, [("a", "1"), ("b", "2")]));
    hcl_round_trip(&meta!(hcl, []));
}

#[test]
fn an_empty_map_of_blocks_is_left_out_and_reads_back_empty() {
    let empty = empty_service!(hcl);
    let text = hcl_serde::to_string(&empty).unwrap();
    assert!(!text.contains("route"), "{text}");
    hcl_round_trip(&empty);
}
