use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Unknown {
    #[hcl(attribute)]
    name: String,
    #[hcl(block, flatten)]
    inner: String,
    #[hcl(label = 1)]
    kind: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Bare {
    #[hcl]
    name: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct NameValue {
    #[hcl = "attr"]
    name: String,
}

fn main() {}
