//! Decodes a Nomad-like job specification (job → group → task, each with a
//! label). Each task's `config` block depends on its driver, so it is kept
//! as a `RawBody` and decoded once the driver is known: into `DockerConfig`
//! or `ExecConfig`.
//!
//! ```sh
//! cargo run --example nomad                     # examples/configs/web.nomad.hcl
//! cargo run --example nomad -- FILE
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::process::ExitCode;

use hcl_serde::{RawBody, Spanned};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct JobFile {
    job: Job,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Job {
    #[hcl(label)]
    name: String,
    datacenters: Vec<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    group: Vec<Group>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Group {
    #[hcl(label)]
    name: String,
    #[hcl(optional)]
    count: u16,
    network: Option<Network>,
    task: Vec<Task>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Network {
    /// `port "http" { to = 8080 }`: ports by label.
    #[serde(default)]
    port: BTreeMap<String, Port>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Port {
    to: Option<u16>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Task {
    #[hcl(label)]
    name: String,
    driver: Spanned<String>,
    /// Read in a second step, by driver.
    config: RawBody,
    /// `env { KEY = "value" }`: a block whose body is a map.
    #[hcl(block)]
    env: Option<BTreeMap<String, String>>,
    resources: Option<Resources>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Resources {
    cpu: u32,
    memory: u32,
}

#[derive(Debug, Deserialize)]
struct DockerConfig {
    image: String,
    #[serde(default)]
    ports: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct ExecConfig {
    command: String,
    #[serde(default)]
    args: Vec<String>,
}

#[derive(Debug)]
enum DriverConfig {
    Docker(DockerConfig),
    Exec(ExecConfig),
}

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/configs/web.nomad.hcl".to_owned());
    match run(&path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprint!("{err}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str) -> Result<(), hcl_serde::Error> {
    let file: JobFile = hcl_serde::from_file(path)?;
    println!("{:#?}", file.job);
    for group in &file.job.group {
        for task in &group.task {
            let config = match task.driver.get_ref().as_str() {
                "docker" => DriverConfig::Docker(task.config.decode()?),
                "exec" => DriverConfig::Exec(task.config.decode()?),
                other => {
                    println!(
                        "{}: unknown driver {other:?} at {}",
                        task.name,
                        task.driver.range()
                    );
                    continue;
                }
            };
            println!("{}/{}: {config:?}", group.name, task.name);
        }
    }
    Ok(())
}
