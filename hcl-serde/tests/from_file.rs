//! `from_file` reads a file once and decodes its text: whatever it gives
//! must be what the same text gives to `from_named_str` under the file's
//! name: values, positions, kept bodies and expressions, warnings and
//! errors.
#![allow(
    clippy::unwrap_used,
    reason = "the test helpers report failures by panicking"
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hcl_core::{EvalContext, Value};
use hcl_serde::{Decoder, Expression, RawBody, Spanned};
use serde::Deserialize;

/// A file of its own in a directory of its own, removed when dropped.
struct TempFile {
    dir: PathBuf,
    path: PathBuf,
}

impl TempFile {
    fn new(test: &str, text: &str) -> TempFile {
        let dir =
            std::env::temp_dir().join(format!("hcl-serde-from-file-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("main.hcl");
        std::fs::write(&path, text).unwrap();
        TempFile { dir, path }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: Spanned<u16>,
    #[hcl(expr)]
    check: Expression,
    #[hcl(remain)]
    rest: RawBody,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    region: Spanned<String>,
    #[serde(default)]
    service: Vec<Spanned<Service>>,
    #[serde(default)]
    tags: BTreeMap<String, BTreeMap<String, Value>>,
}

const CONFIG: &str = "# A config\n\
region = \"eu\"\n\
\n\
service \"web\" {\n  port  = 8080\n  check = upper(\"ok\")\n  extra = 1\n}\n\
\n\
tags \"a\" \"b\" { x = [1, 2] }\n\
service \"db\" {\n  port  = 5432\n  check = 1\n}\n\
# the end\n";

fn decode<T: serde::de::DeserializeOwned>(
    decoder: &Decoder<'_>,
    path: &Path,
    text: &str,
) -> (
    hcl_serde::Result<hcl_serde::Decoded<T>>,
    hcl_serde::Result<hcl_serde::Decoded<T>>,
) {
    let from_file = decoder.from_file::<T>(path);
    let from_str = decoder.from_named_str::<T>(text, &path.display().to_string());
    (from_file, from_str)
}

#[test]
fn a_file_decodes_as_its_text_does() {
    let file = TempFile::new("values", CONFIG);
    let (from_file, from_str) = decode::<Config>(&Decoder::new(), &file.path, CONFIG);
    let (from_file, from_str) = (from_file.unwrap().value, from_str.unwrap().value);
    assert_eq!(from_file, from_str);
    assert_eq!(from_file.service.len(), 2);
    let web = &from_file.service[0];
    let name = file.path.display().to_string();
    assert_eq!(web.range().to_string(), format!("{name}:4,1-8,2"));
    assert_eq!(web.port.range().to_string(), format!("{name}:5,11-15"));
    assert_eq!(
        from_file.region.range().to_string(),
        format!("{name}:2,10-14")
    );

    let check = &web.check;
    assert_eq!(check.source_text(), "upper(\"ok\")");
    assert_eq!(check.range().to_string(), format!("{name}:6,11-22"));
    assert_eq!(
        check.value(&EvalContext::new()).unwrap(),
        Value::string("OK")
    );
    let rest: BTreeMap<String, u8> = web.rest.decode().unwrap();
    assert_eq!(rest["extra"], 1);
    assert_eq!(web.rest.ranges(), from_str.service[0].rest.ranges());
    assert_eq!(web.rest.ranges()[0].to_string(), format!("{name}:4,16-8,1"));
}

#[test]
fn warnings_of_a_file_point_where_those_of_its_text_do() {
    #[hcl_serde::hcl]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Port {
        port: u16,
        #[hcl(expr)]
        check: Expression,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Lenient {
        region: String,
        service: BTreeMap<String, Port>,
        tags: Value,
    }
    let file = TempFile::new("warnings", CONFIG);
    let decoder = Decoder::new().lenient(true);
    let (from_file, from_str) = decode::<Lenient>(&decoder, &file.path, CONFIG);
    let (from_file, from_str) = (from_file.unwrap(), from_str.unwrap());
    assert_eq!(from_file.value, from_str.value);
    // `extra` is a warning, with the same text and snippet.
    assert_eq!(from_file.warnings.len(), 1);
    assert_eq!(
        from_file.warnings.to_string(),
        from_str.warnings.to_string()
    );
    assert!(from_file.warnings.to_string().contains("extra = 1"));
}

#[test]
fn errors_of_a_file_are_those_of_its_text() {
    let bad_value = CONFIG.replace("port  = 5432", "port  = 99999");
    let missing = CONFIG.replace("region = \"eu\"\n", "");
    let syntax = format!("{CONFIG}oops = (\n");
    let missing_in_block = CONFIG.replace("  check = 1\n", "");
    for (test, text) in [
        ("value", bad_value),
        ("missing", missing),
        ("syntax", syntax),
        ("missing in a block", missing_in_block),
    ] {
        let file = TempFile::new(test, &text);
        let (from_file, from_str) = decode::<Config>(&Decoder::new(), &file.path, &text);
        let (from_file, from_str) = (from_file.unwrap_err(), from_str.unwrap_err());
        assert_eq!(from_file.to_string(), from_str.to_string(), "{test}");
    }
}

/// A target whose decoding rewrites the file it is read from, as another
/// program could while it is read, and fails the first time.
#[derive(Debug, PartialEq)]
struct Rewrites(u8);

thread_local! {
    static REWRITE: std::cell::RefCell<Option<(PathBuf, String)>> = const { std::cell::RefCell::new(None) };
}

impl<'de> Deserialize<'de> for Rewrites {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(deserializer)?;
        if let Some((path, text)) = REWRITE.with(|r| r.borrow_mut().take()) {
            std::fs::write(path, text).unwrap();
            return Err(serde::de::Error::custom("rewritten"));
        }
        Ok(Rewrites(n))
    }
}

#[test]
fn the_file_is_read_once() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Item {
        n: Rewrites,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Items {
        item: Vec<Item>,
    }
    let file = TempFile::new("again", "item {\n  n = 1\n}\n");
    let again = "item {\n  n = 2\n}\nitem {\n  n = 3\n}\n";
    REWRITE.with(|r| *r.borrow_mut() = Some((file.path.clone(), again.to_string())));
    // The target fails, and the file it rewrote is not read again: the
    // error is the decode's.
    let err = hcl_serde::from_file::<Items>(&file.path).unwrap_err();
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    assert!(err.to_string().contains("rewritten"), "{err}");
    assert!(err.to_string().contains("n = 1"), "{err}");
}
