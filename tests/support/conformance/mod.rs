//! The strict conformance runner's parts: reading cases, the evaluation
//! context of `FUNCTIONS.md`, comparing results and diagnostics, and the
//! kinds that read a body through a schema.
#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test support: a malformed case or a missing suite function should stop the run loudly"
)]

pub mod compare;
pub mod context;
pub mod dec;
pub mod diagnostics;
pub mod edit;
pub mod run;
pub mod schema;
pub mod userfunc;

use serde::Deserialize as _;
use serde_json::Value as Json;

/// Reads JSON text of any depth: the cases' expected values and our own
/// results can nest deeper than serde_json's default recursion limit.
/// Callers run on a thread with a large stack (see `tests/conformance.rs`).
pub fn parse_json(text: &str) -> Result<Json, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = Json::deserialize(&mut de).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(value)
}

/// What running one case gave.
pub enum Outcome {
    Pass,
    /// The first difference from the reference.
    Fail(String),
    /// Why the case was not run; never counted as passed.
    Skip(String),
}

impl Outcome {
    pub fn from_check(check: Result<(), String>) -> Outcome {
        match check {
            Ok(()) => Outcome::Pass,
            Err(why) => Outcome::Fail(why),
        }
    }
}

/// Shortens a text for a message, on a character boundary.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max).collect();
    out.push('…');
    out
}
