use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
enum Kind {
    A,
    B,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Tuple(String, u8);

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Unit;

#[hcl_serde::hcl]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
