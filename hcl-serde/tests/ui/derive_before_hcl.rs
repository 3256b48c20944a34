use serde::Deserialize;

// serde's derive would run first, on the fields before the renames.
#[derive(Deserialize)]
#[hcl_serde::hcl]
struct Resource {
    #[hcl(label)]
    kind: String,
}

// Nothing derives `Deserialize`: the serde attributes #[hcl] adds would
// be unknown.
#[hcl_serde::hcl]
#[derive(Debug)]
struct Schema {
    #[hcl(attr)]
    port: u16,
}

fn main() {}
