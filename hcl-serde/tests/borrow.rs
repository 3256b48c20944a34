//! `&str` and `Cow<str>` targets borrow from the caller's text where the
//! value is written as is.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;

/// Whether `part` lies inside `whole` in memory.
fn inside(part: &str, whole: &str) -> bool {
    whole.as_bytes().as_ptr_range().contains(&part.as_ptr()) || part.is_empty()
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
struct Service<'a> {
    #[hcl(label)]
    name: &'a str,
    image: &'a str,
    #[serde(borrow)]
    command: Cow<'a, str>,
    replicas: u8,
}

#[derive(Deserialize, Debug)]
struct Config<'a> {
    region: &'a str,
    #[serde(borrow)]
    service: Vec<Service<'a>>,
    #[serde(borrow, default)]
    site: BTreeMap<&'a str, Site<'a>>,
}

#[derive(Deserialize, Debug)]
struct Site<'a> {
    host: &'a str,
}

const CONFIG: &str = r#"
region = "eu-west-1"
service "web" {
  image    = "nginx:1.27"
  command  = "serve --port 80"
  replicas = 2
}
service "db" {
  image    = "postgres"
  command  = "run\tnow"
  replicas = 1
}
site "docs" {
  host = "docs.example.com"
}
"#;

#[test]
fn values_labels_and_keys_borrow_from_the_input() {
    let config: Config = hcl_serde::from_str(CONFIG).unwrap();
    assert_eq!(config.region, "eu-west-1");
    assert!(inside(config.region, CONFIG));
    let web = &config.service[0];
    assert_eq!(
        (web.name, web.image, web.replicas),
        ("web", "nginx:1.27", 2)
    );
    assert!(inside(web.name, CONFIG), "labels are borrowed");
    assert!(inside(web.image, CONFIG));
    assert!(matches!(web.command, Cow::Borrowed("serve --port 80")));
    // An escape sequence makes the value differ from its source text.
    let db = &config.service[1];
    assert_eq!(db.command, "run\tnow");
    assert!(matches!(db.command, Cow::Owned(_)));
    let (key, site) = config.site.iter().next().unwrap();
    assert_eq!((*key, site.host), ("docs", "docs.example.com"));
    assert!(inside(key, CONFIG), "map keys from labels are borrowed");
    assert!(inside(site.host, CONFIG));
}

#[test]
fn the_whole_file_path_borrows_too() {
    // An argument the target does not take makes lenient mode decode the
    // whole file rather than one item at a time.
    let src = format!("{CONFIG}unknown = 1\n");
    let decoded = hcl_serde::Decoder::new()
        .lenient(true)
        .from_str::<Config>(&src)
        .unwrap();
    assert_eq!(decoded.warnings.len(), 1);
    assert!(inside(decoded.value.service[0].image, &src));
    assert!(inside(decoded.value.region, &src));
}

#[test]
fn schema_less_maps_borrow_names_and_values() {
    let src = "a = \"x\"\nb = \"y\"\n";
    let map: BTreeMap<&str, &str> = hcl_serde::from_str(src).unwrap();
    assert_eq!(map, BTreeMap::from([("a", "x"), ("b", "y")]));
    assert!(map.iter().all(|(k, v)| inside(k, src) && inside(v, src)));
    let bytes = src.as_bytes();
    let map: BTreeMap<&str, &str> = hcl_serde::from_slice(bytes).unwrap();
    let text = std::str::from_utf8(bytes).unwrap();
    assert!(map.values().all(|v| inside(v, text)));
}

#[derive(Deserialize, Debug)]
struct One<'a> {
    #[serde(borrow)]
    v: Cow<'a, str>,
}

#[test]
fn values_unlike_their_source_text_are_owned() {
    for (src, value) in [
        ("v = \"a\\nb\"\n", "a\nb"),
        ("v = \"x-${1 + 1}\"\n", "x-2"),
        ("v = upper(\"a\")\n", "A"),
        // "e" and a combining acute accent: the value is in normal form C.
        ("v = \"e\u{301}\"\n", "\u{e9}"),
    ] {
        let one: One = hcl_serde::from_str(src).unwrap();
        assert_eq!(one.v, value, "{src:?}");
        assert!(matches!(one.v, Cow::Owned(_)), "{src:?}");
    }
    let one: One = hcl_serde::from_str("v = \"\u{e9}\"\n").unwrap();
    assert!(matches!(one.v, Cow::Borrowed("\u{e9}")));
}

#[test]
fn a_str_field_that_cannot_borrow_says_what_to_use() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Plain<'a> {
        v: &'a str,
    }
    let err = hcl_serde::from_str::<Plain>("v = \"a\\tb\"\n").unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("Error: Invalid value\n  --> <input>:1:5\n"),
        "{text}"
    );
    assert!(text.contains("expected a borrowed string"), "{text}");
    assert!(text.contains("use String or Cow<str>"), "{text}");
}

#[test]
fn owned_entry_points_still_take_owned_targets() {
    let path = std::env::temp_dir().join("hcl-serde-borrow-test.hcl");
    std::fs::write(&path, CONFIG).unwrap();
    #[derive(Deserialize)]
    struct Owned {
        region: String,
        #[serde(default)]
        service: Vec<serde_json::Value>,
        #[serde(default)]
        site: serde_json::Value,
    }
    let owned: Owned = hcl_serde::from_file(&path).unwrap();
    assert_eq!(owned.region, "eu-west-1");
    assert_eq!(owned.service.len(), 2);
    assert_eq!(owned.site["docs"]["host"], "docs.example.com");
}
