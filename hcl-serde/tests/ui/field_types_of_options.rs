use std::collections::HashMap;

use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Module {
    #[hcl(expr)]
    condition: String,
    #[hcl(expr)]
    maybe: Option<u8>,
    // Any type takes what the other fields leave.
    #[hcl(remain)]
    rest: HashMap<String, String>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Whole {
    #[hcl(body)]
    body: serde_json::Value,
}

fn main() {}
