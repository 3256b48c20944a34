//! An application's own configuration: variables from the environment of
//! the deployment, the standard functions, a function of the application
//! (`secret`), a field type with its own parsing (`Duration` from "5s",
//! whose errors point at the value), and an error shown as the user sees
//! it.
//!
//! ```sh
//! cargo run --example app_config                  # examples/configs/app.hcl
//! cargo run --example app_config -- FILE [ENV]    # ENV: prod, staging, ...
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

use hcl_core::functions::{Function, FunctionError, Parameter};
use hcl_core::{EvalContext, Type, Value};
use serde::{Deserialize, Deserializer};

#[derive(Debug, Deserialize)]
struct AppConfig {
    service_name: String,
    listen: String,
    log_level: String,
    database: Database,
    #[serde(default)]
    replica: BTreeMap<String, Replica>,
    #[serde(default)]
    feature_flags: BTreeMap<String, bool>,
}

#[derive(Debug, Deserialize)]
struct Database {
    host: String,
    pool_size: u16,
    password: String,
    #[serde(deserialize_with = "duration")]
    timeout: Duration,
}

#[derive(Debug, Deserialize)]
struct Replica {
    hosts: Vec<String>,
}

/// "250ms", "5s" or "2m".
fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let text = String::deserialize(d)?;
    let parse = |digits: &str, unit: u64| {
        digits
            .parse::<u64>()
            .map(|n| Duration::from_millis(n * unit))
            .map_err(|_| serde::de::Error::custom(format!("\"{text}\" is not a duration")))
    };
    if let Some(ms) = text.strip_suffix("ms") {
        parse(ms, 1)
    } else if let Some(s) = text.strip_suffix('s') {
        parse(s, 1000)
    } else if let Some(m) = text.strip_suffix('m') {
        parse(m, 60_000)
    } else {
        Err(serde::de::Error::custom(format!(
            "\"{text}\" is not a duration: use a number followed by ms, s or m"
        )))
    }
}

/// `secret(name)`: here a fixed table; a real application would ask its
/// secret store.
fn secret_function() -> Function {
    Function::builder()
        .param(Parameter::new("name", Type::String))
        .returns(Type::String)
        .description("Looks up a secret by name.")
        .implementation(|args, _| match args.first().and_then(Value::as_str) {
            Some("db-password") => Ok(Value::string("s3cr3t")),
            Some(other) => Err(FunctionError::arg(
                0,
                format!("no secret named \"{other}\""),
            )),
            None => Err(FunctionError::arg(0, "a secret name is required")),
        })
        .build()
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "examples/configs/app.hcl".to_owned());
    let env = args.next().unwrap_or_else(|| "staging".to_owned());

    let mut ctx = EvalContext::new();
    ctx.set_variable("env", Value::string(env));
    ctx.set_variable("region", Value::string("eu-west-1"));
    ctx.set_variable(
        "replicas",
        Value::tuple(vec![Value::string("r1"), Value::string("r2")]),
    );
    ctx.set_function("secret", secret_function());

    match hcl_serde::Decoder::new()
        .context(&ctx)
        .from_file::<AppConfig>(&path)
    {
        Ok(decoded) => {
            println!("{:#?}", decoded.value);
            ExitCode::SUCCESS
        }
        Err(err) => {
            // Every problem found, each with its file, line, column and the
            // source line, as the reference renders them.
            eprint!("{err}");
            ExitCode::FAILURE
        }
    }
}
