//! A two-pass plugin configuration: the host decodes what every plugin
//! block has (`enabled`, `order`) and keeps the rest with
//! `#[hcl(remain)]`; each plugin then decodes its own part into its own
//! type, with errors that point into the original file.
//!
//! ```sh
//! cargo run --example plugins                     # examples/configs/plugins.hcl
//! cargo run --example plugins -- FILE
//! ```

// The fields are read by `Debug` when the result is printed.
#![allow(dead_code)]

use std::process::ExitCode;

use hcl_serde::RawBody;
use serde::Deserialize;

/// What the host knows of every plugin.
#[hcl_serde::hcl]
#[derive(Debug, Deserialize)]
struct PluginBlock {
    #[hcl(label)]
    name: String,
    enabled: bool,
    order: u32,
    /// Everything else in the block, for the plugin.
    #[hcl(remain)]
    settings: RawBody,
}

#[derive(Debug, Deserialize)]
struct HostConfig {
    #[serde(default)]
    plugin: Vec<PluginBlock>,
}

#[derive(Debug, Deserialize)]
struct CacheSettings {
    size_mb: u32,
    ttl: String,
}

#[derive(Debug, Deserialize)]
struct RateLimitSettings {
    requests_per_second: u32,
    burst: u32,
    #[serde(default)]
    exempt: Vec<Exempt>,
}

#[derive(Debug, Deserialize)]
struct Exempt {
    cidr: String,
}

#[derive(Debug, Deserialize)]
struct AuditSettings {
    sink: String,
}

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/configs/plugins.hcl".to_owned());
    match run(&path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprint!("{err}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str) -> Result<(), hcl_serde::Error> {
    // Pass one: the host's part.
    let mut host: HostConfig = hcl_serde::from_file(path)?;
    host.plugin.sort_by_key(|p| p.order);

    // Pass two: each enabled plugin reads its own settings.
    for plugin in host.plugin.iter().filter(|p| p.enabled) {
        match plugin.name.as_str() {
            "cache" => {
                let settings: CacheSettings = plugin.settings.decode()?;
                println!("cache: {settings:?}");
            }
            "rate_limit" => {
                let settings: RateLimitSettings = plugin.settings.decode()?;
                println!("rate_limit: {settings:?}");
            }
            "audit" => {
                let settings: AuditSettings = plugin.settings.decode()?;
                println!("audit: {settings:?}");
            }
            other => println!("{other}: no such plugin, skipped"),
        }
    }
    Ok(())
}
