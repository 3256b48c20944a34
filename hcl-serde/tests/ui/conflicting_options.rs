use std::collections::HashMap;

use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Conflicts {
    #[hcl(label, optional)]
    kind: String,
    #[hcl(attr, block)]
    a: String,
    #[hcl(block)]
    #[hcl(attr)]
    b: String,
    #[hcl(label = "x", attr)]
    c: String,
    #[hcl(remain, optional)]
    d: HashMap<String, String>,
    #[hcl(optional, body)]
    e: HashMap<String, String>,
    #[hcl(expr, block)]
    f: String,
    #[hcl(body, remain)]
    g: HashMap<String, String>,
    #[hcl(attr, attr)]
    h: String,
    #[hcl(optional)]
    #[hcl(optional)]
    i: String,
}

fn main() {}
