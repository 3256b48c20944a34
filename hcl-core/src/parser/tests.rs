use super::*;

#[test]
fn placeholder_parses() {
    assert!(parse("a = 1\n", "t").is_ok());
}
