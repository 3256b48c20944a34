use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Resource {
    #[hcl(label)]
    kind: String,
    ami: String,
    #[hcl(label)]
    name: String,
}

fn main() {}
