//! Decodes a Terraform-like configuration into typed structs: variables
//! with one label, resources with two, repeated and single nested blocks,
//! outputs, and the `var` object built from the variables' defaults.
//!
//! ```sh
//! cargo run --example terraform                     # examples/configs/infra.tf
//! cargo run --example terraform -- FILE
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::process::ExitCode;

use hcl_core::{EvalContext, Type, Value};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Infra {
    #[serde(default)]
    variable: Vec<Variable>,
    #[serde(default)]
    resource: Vec<Resource>,
    #[serde(default)]
    output: Vec<Output>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Variable {
    #[hcl(label)]
    name: String,
    description: Option<String>,
    /// Any value: the variables' defaults become `var.NAME`.
    default: Option<Value>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Resource {
    #[hcl(label = "type")]
    kind: String,
    #[hcl(label)]
    name: String,
    ami: String,
    instance_type: Option<String>,
    count: Option<u32>,
    bucket: Option<String>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
    #[serde(default)]
    ebs_block_device: Vec<Disk>,
    lifecycle: Option<Lifecycle>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Disk {
    device_name: String,
    volume_size: u32,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Lifecycle {
    create_before_destroy: bool,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Output {
    #[hcl(label)]
    name: String,
    value: String,
    description: Option<String>,
}

/// Only the variables, in a first pass: the rest of the file refers to
/// them, so it cannot be evaluated yet.
#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct VariablesOnly {
    #[serde(default)]
    variable: Vec<Variable>,
    #[hcl(remain)]
    _rest: hcl_serde::RawBody,
}

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/configs/infra.tf".to_owned());
    match run(&path) {
        Ok(infra) => {
            println!("{infra:#?}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprint!("{err}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str) -> Result<Infra, hcl_serde::Error> {
    // Pass one: the variables and their defaults.
    let first: VariablesOnly = hcl_serde::from_file(path)?;
    let var: Vec<(String, Value)> = first
        .variable
        .into_iter()
        .map(|v| (v.name, v.default.unwrap_or(Value::null(Type::Dynamic))))
        .collect();

    // Pass two: everything, with `var` defined.
    let mut ctx = EvalContext::new();
    ctx.set_variable("var", Value::object(var));
    let decoded = hcl_serde::Decoder::new().context(&ctx).from_file(path)?;
    Ok(decoded.value)
}
