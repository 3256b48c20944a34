use serde::Deserialize;

/// An application's own type that happens to be named `Expression`.
#[derive(Deserialize)]
struct Expression(String);

#[hcl_serde::hcl]
#[derive(Deserialize)]
struct Rule {
    when: Expression,
    otherwise: Option<Expression>,
}

fn main() {}
