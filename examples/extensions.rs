//! An application that reads Terraform-like configurations with the two
//! extensions Terraform users write every day: `function` blocks (user
//! functions, which the rest of the file calls) and `dynamic` blocks
//! (blocks generated from a collection), decoded into typed structs that
//! know nothing of either.
//!
//! ```sh
//! cargo run --example extensions                  # examples/configs/network.tf
//! cargo run --example extensions -- FILE [ENV]
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::process::ExitCode;

use hcl_core::{EvalContext, Value};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Module {
    #[serde(default)]
    resource: Vec<Resource>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Resource {
    #[hcl(label = "type")]
    kind: String,
    #[hcl(label)]
    name: String,
    description: Option<String>,
    #[serde(default)]
    ingress: Vec<Ingress>,
    #[serde(default)]
    ebs_block_device: Vec<Disk>,
    #[serde(default)]
    tag: BTreeMap<String, Tag>,
}

#[derive(Debug, Deserialize)]
struct Ingress {
    description: String,
    from_port: u16,
    to_port: u16,
    cidr_blocks: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Disk {
    device_name: String,
    volume_size: u32,
    #[serde(default)]
    tag: BTreeMap<String, Tag>,
}

#[derive(Debug, Deserialize)]
struct Tag {
    value: String,
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "examples/configs/network.tf".to_owned());
    let env = args.next().unwrap_or_else(|| "prod".to_owned());

    // What the application gives the configuration: `var`.
    let mut ctx = EvalContext::new();
    let ports = Value::tuple(vec![Value::from(80), Value::from(443)]);
    let tags = Value::object([
        ("team", Value::string("core")),
        ("tier", Value::string("web")),
    ]);
    let var = Value::object([
        ("env", Value::string(env)),
        ("ports", ports),
        ("tags", tags),
    ]);
    ctx.set_variable("var", var);

    let decoded = hcl_serde::Decoder::new()
        .context(&ctx)
        .user_functions("function")
        .dynamic_blocks(true)
        .from_file::<Module>(&path);
    match decoded {
        Ok(decoded) => {
            println!("{:#?}", decoded.value);
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprint!("{err}");
            ExitCode::FAILURE
        }
    }
}
