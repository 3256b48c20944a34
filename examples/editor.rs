//! An application that ships an editor for its own configuration: the
//! types it decodes the file into are the schema its language server
//! serves, doc comments included, so that a user's editor completes and
//! explains `service` blocks and their settings.
//!
//! ```sh
//! cargo run --example editor -- check examples/configs/editor.hcl  # decode a file
//! cargo run --example editor -- lsp      # serve an editor on stdin and stdout
//! cargo run --example editor -- schema   # the schema, for `hcl lsp --schema`
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::process::ExitCode;

use hcl_serde::ConfigSchema;
use serde::Deserialize;

/// The application's configuration.
#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Config {
    /// The region the services run in.
    region: Region,
    /// A service to run, named by its label.
    #[hcl(block)]
    service: Vec<Service>,
}

#[derive(Debug, Deserialize)]
enum Region {
    #[serde(rename = "eu-west-1")]
    EuWest1,
    #[serde(rename = "us-east-1")]
    UsEast1,
}

/// A service and how it is reached.
#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Service {
    #[hcl(label)]
    name: String,
    /// The port it listens on.
    port: u16,
    /// Its replicas; one when left out.
    replicas: Option<u32>,
    /// How its health is checked.
    #[hcl(block)]
    check: Option<Check>,
}

#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct Check {
    /// The path asked for.
    path: String,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["check", file] => match hcl_serde::from_file::<Config>(file) {
            Ok(config) => {
                println!("{config:#?}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("{err}");
                ExitCode::FAILURE
            }
        },
        ["lsp"] => match hcl_lsp::serve::<Config>() {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("{err}");
                ExitCode::FAILURE
            }
        },
        ["schema"] => match serde_json::to_string_pretty(&ConfigSchema::of::<Config>()) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("{err}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!("usage: editor check FILE | editor lsp | editor schema");
            ExitCode::from(2)
        }
    }
}
