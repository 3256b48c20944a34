use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Renamed {
    name: String,
    #[hcl(attr)]
    #[serde(rename = "name")]
    other: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct Cased {
    #[hcl(block)]
    #[serde(rename = "PORT")]
    listener: String,
    #[hcl(attr)]
    port: u16,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Labels {
    #[hcl(label)]
    name: String,
    #[hcl(label = "name")]
    id: String,
}

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Expressions {
    #[hcl(expr)]
    r#type: String,
    #[hcl(block)]
    #[serde(rename(deserialize = "type"))]
    kind: String,
}

fn main() {}
