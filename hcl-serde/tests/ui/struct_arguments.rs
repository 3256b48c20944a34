use serde::Deserialize;

#[hcl_serde::hcl(label)]
#[derive(Deserialize)]
struct Resource {
    name: String,
}

fn main() {}
