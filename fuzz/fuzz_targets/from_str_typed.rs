//! Decoding arbitrary text into Terraform-like typed configs (plain
//! structs, and `#[hcl]` structs whose fields without options are what
//! their schema says), and checking that reading it one top-level item at a
//! time gives what the file parsed whole gives, and `from_file` the same.
#![no_main]

use std::collections::BTreeMap;
use std::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Deserialize;

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Config {
    #[serde(default)]
    variable: BTreeMap<String, Variable>,
    #[serde(default)]
    resource: BTreeMap<String, BTreeMap<String, Resource>>,
    #[serde(default)]
    output: Vec<BTreeMap<String, Output>>,
    /// Blocks whose errors the target swallows, reading an empty list.
    #[serde(default, deserialize_with = "or_empty")]
    check: Vec<Ingress>,
    name: Option<String>,
    count: Option<u16>,
    ratio: Option<f64>,
    tags: Option<BTreeMap<String, String>>,
    list: Option<Vec<i64>>,
    mode: Option<Mode>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Variable {
    default: Option<serde_json::Value>,
    description: Option<String>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Resource {
    ami: Option<String>,
    count: Option<u32>,
    enabled: Option<bool>,
    #[serde(default)]
    ingress: Vec<Ingress>,
    lifecycle: Option<Lifecycle>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Ingress {
    from_port: u16,
    to_port: u16,
    cidr_blocks: Option<Vec<String>>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Lifecycle {
    create_before_destroy: Option<bool>,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Output {
    value: serde_json::Value,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
enum Mode {
    #[serde(rename = "fast")]
    Fast,
    #[serde(rename = "slow")]
    Slow { delay: u32 },
}

/// The value, or an empty list where it fails: an error swallowed.
fn or_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Ingress>, D::Error> {
    Ok(Vec::<Ingress>::deserialize(d).unwrap_or_default())
}

/// An `#[hcl]` config: block types read from blocks only, everything else
/// from arguments only.
#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct HclConfig {
    #[serde(default)]
    resource: Vec<HclResource>,
    #[serde(default)]
    module: BTreeMap<String, HclModule>,
    terraform: Option<hcl_serde::RawBody>,
    tags: Option<BTreeMap<String, String>>,
    lifecycle: Option<Lifecycle>,
    count: Option<u16>,
    when: Option<hcl_serde::Expression>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct HclResource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    ami: Option<String>,
    condition: Option<hcl_serde::Expression>,
    #[serde(default)]
    ingress: Vec<HclIngress>,
    #[hcl(block, optional)]
    lifecycle: Option<Lifecycle>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct HclIngress {
    from_port: u16,
    to_port: Option<u16>,
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct HclModule {
    source: String,
    #[hcl(remain)]
    inputs: hcl_serde::RawBody,
}

/// Decodes `data` into `T` in every way, which must agree. The text is
/// read in the native syntax even where it looks like JSON (begins with
/// `{` or `[`), which `from_slice` would read as JSON.
fn check<T: DeserializeOwned + Debug>(data: &[u8]) {
    let native = hcl_serde::Decoder::new().syntax(hcl_serde::Syntax::Native);
    let decoded = match std::str::from_utf8(data) {
        Ok(text) => native.from_str::<T>(text).map(|decoded| decoded.value),
        Err(_) => hcl_serde::from_slice::<T>(data),
    };
    // Decoding reads a file one top-level item at a time where it can; the
    // file parsed whole must give the same value or the same errors.
    if let Ok(text) = std::str::from_utf8(data) {
        let whole = hcl_core::parse(text, "<input>")
            .map_err(hcl_serde::Error::from)
            .and_then(|file| {
                hcl_serde::from_body::<T>(
                    &hcl_core::Body::from_file(&file),
                    &hcl_core::EvalContext::new(),
                )
            });
        let show = |r: &hcl_serde::Result<T>| match r {
            Ok(config) => format!("{config:?}"),
            Err(err) => err.to_string(),
        };
        assert_eq!(show(&decoded), show(&whole));

        // `from_file` reads what `from_named_str` reads: the same value or
        // the same errors.
        let path = std::env::temp_dir().join(format!("hcl-fuzz-{}.hcl", std::process::id()));
        std::fs::write(&path, data).expect("a temporary file");
        let from_file = native.from_file::<T>(&path).map(|decoded| decoded.value);
        let named = native
            .from_named_str::<T>(text, &path.display().to_string())
            .map(|decoded| decoded.value);
        assert_eq!(show(&from_file), show(&named));
    }
    std::hint::black_box(decoded.map_err(|e| e.to_string())).ok();
}

fuzz_target!(|data: &[u8]| {
    check::<Config>(data);
    check::<HclConfig>(data);
});
