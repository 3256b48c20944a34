//! Decoding arbitrary text into a Terraform-like typed config.
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
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

fuzz_target!(|data: &[u8]| {
    match hcl_serde::from_slice::<Config>(data) {
        Ok(config) => {
            std::hint::black_box(config);
        }
        Err(err) => {
            std::hint::black_box(err.to_string());
        }
    }
});
