use std::collections::HashMap;

use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct TwoRemain {
    #[hcl(remain)]
    rest: HashMap<String, String>,
    #[hcl(remain)]
    more: HashMap<String, String>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct TwoBody {
    #[hcl(body)]
    raw: HashMap<String, String>,
    name: String,
    #[hcl(body)]
    again: HashMap<String, String>,
}

fn main() {}
