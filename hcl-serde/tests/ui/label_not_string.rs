use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Listener {
    #[hcl(label)]
    port: u16,
    #[hcl(label)]
    names: Option<String>,
    #[hcl(label)]
    boxed: Box<String>,
}

fn main() {}
