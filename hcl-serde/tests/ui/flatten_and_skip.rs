use std::collections::HashMap;

use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Flattened {
    name: String,
    #[hcl(remain)]
    #[serde(flatten)]
    rest: HashMap<String, String>,
    #[serde(flatten)]
    #[hcl(optional)]
    more: HashMap<String, String>,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Skipped {
    #[hcl(attr)]
    #[serde(skip)]
    cache: String,
    #[serde(skip_deserializing)]
    #[hcl(block)]
    computed: String,
}

// serde reads this struct as a map, without the name that carries the
// label.
#[hcl_serde::hcl]
#[derive(Deserialize)]
struct LabelAndFlatten {
    #[hcl(label)]
    name: String,
    #[serde(flatten)]
    rest: HashMap<String, String>,
}

fn main() {}
