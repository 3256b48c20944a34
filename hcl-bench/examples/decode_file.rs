//! Decodes one file of the `deserialize` benchmark with
//! `hcl_serde::from_file` and prints how many resources it read: a program
//! that does nothing else, for measuring the peak memory of a decode as a
//! user's program would see it, with the system allocator as it is.
//!
//! ```sh
//! /usr/bin/time -f %M cargo run --release -p hcl-bench --example decode_file -- FILE                 # labels as map keys
//! /usr/bin/time -f %M cargo run --release -p hcl-bench --example decode_file -- --labels FILE        # #[hcl] label fields
//! /usr/bin/time -f %M cargo run --release -p hcl-bench --example decode_file -- --json-values FILE   # map keys, serde_json::Value parts
//! ```
//!
//! (Run the built binary, `target/release/examples/decode_file`, under
//! `/usr/bin/time` rather than `cargo run`, or the figure is cargo's.)

// A command-line tool: a file that does not decode ends it with a message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::ExitCode;

use hcl_bench::schema::{by_label, by_map};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, path) = match args.as_slice() {
        [path] => ("--map-keys", path),
        [mode, path] => (mode.as_str(), path),
        _ => {
            eprintln!("usage: decode_file [--labels | --json-values] FILE");
            return ExitCode::FAILURE;
        }
    };
    let resources = match mode {
        "--labels" => hcl_serde::from_file::<by_label::Config<hcl_core::Value>>(path)
            .map(|config| config.resources()),
        "--json-values" => hcl_serde::from_file::<by_map::Config<serde_json::Value>>(path)
            .map(|config| config.resources()),
        _ => hcl_serde::from_file::<by_map::Config<hcl_core::Value>>(path)
            .map(|config| config.resources()),
    };
    match resources {
        Ok(n) => {
            println!("{n} resources");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            ExitCode::FAILURE
        }
    }
}
