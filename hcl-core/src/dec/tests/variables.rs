//! The variables a spec would evaluate, with the cases of the reference's
//! `TestVariables` and `TestDefaultSpec`.

use crate::dec::variables;
use crate::types::Type;

use super::*;

/// Each traversal as its text and `line:col:byte-line:col:byte`.
fn refs(src: &str, spec: &Spec) -> Vec<String> {
    let file = parse(src, "").unwrap();
    let body = Body::from_file(&file);
    variables(&body, spec)
        .iter()
        .map(|t| {
            let r = t.range();
            format!(
                "{t} {}:{}:{}-{}:{}:{}",
                r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte
            )
        })
        .collect()
}

fn any(name: &str) -> Spec {
    Spec::attr(name, Type::Dynamic)
}

#[test]
fn an_unused_argument_needs_no_variable() {
    assert!(refs("", &Spec::object::<&str>([])).is_empty());
    assert!(refs("a = foo\n", &Spec::object::<&str>([])).is_empty());
}

#[test]
fn an_attr_needs_its_references() {
    assert_eq!(refs("a = foo\n", &any("a")), ["foo 1:5:4-1:8:7"]);
    assert_eq!(
        refs("a = foo\n", &Spec::object([("a", any("a"))])),
        ["foo 1:5:4-1:8:7"]
    );
}

#[test]
fn a_default_needs_both_specs_references() {
    let spec = Spec::default(any("a"), any("b"));
    assert_eq!(
        refs("a = foo\nb = bar\n", &spec),
        ["foo 1:5:4-1:8:7", "bar 2:5:12-2:8:15"]
    );
    let src = "\nfoo = fooval\nbar = barval\n";
    let spec = Spec::default(
        Spec::attr("foo", Type::String),
        Spec::attr("bar", Type::String),
    );
    assert_eq!(
        refs(src, &spec),
        ["fooval 2:7:7-2:13:13", "barval 3:7:20-3:13:26"]
    );
}

#[test]
fn a_default_decodes_with_the_variables_given() {
    let src = "\nfoo = fooval\nbar = barval\n";
    let spec = Spec::default(
        Spec::attr("foo", Type::String),
        Spec::attr("bar", Type::String),
    );
    let mut ctx = EvalContext::new();
    ctx.set_variable("fooval", Value::from("foo value"));
    ctx.set_variable("barval", Value::from("bar value"));
    assert_eq!(clean_in(src, &spec, &ctx), Value::from("foo value"));
    ctx.set_variable("fooval", Value::null(Type::String));
    assert_eq!(clean_in(src, &spec, &ctx), Value::from("bar value"));
}

#[test]
fn blocks_need_their_bodies_references() {
    let spec = Spec::block("b", any("a"));
    assert_eq!(refs("\nb {\n  a = foo\n}\n", &spec), ["foo 3:7:11-3:10:14"]);
    let attrs = Spec::block_attrs("b", Type::String);
    assert_eq!(
        refs("\nb {\n  a = foo\n  b = bar\n}\n", &attrs),
        ["foo 3:7:11-3:10:14", "bar 4:7:21-4:10:24"]
    );
    let src = "\nb {\n  a = foo\n}\nb {\n  a = bar\n}\nc {\n  a = baz\n}\n";
    assert_eq!(
        refs(src, &Spec::block_list("b", any("a"))),
        ["foo 3:7:11-3:10:14", "bar 6:7:27-6:10:30"]
    );
}

#[test]
fn traversals_keep_their_steps_through_keyed_blocks() {
    let spec = Spec::object([
        ("a", any("a")),
        (
            "m",
            Spec::block_map("m", &["k"], Spec::attr("v", Type::String)),
        ),
    ]);
    let src = "a = var.x[0]\nm \"one\" {\n  v = local.y\n}\n";
    assert_eq!(
        refs(src, &spec),
        ["var.x[0] 1:5:4-1:13:12", "local.y 3:7:29-3:14:36"]
    );
}

#[test]
fn a_block_spec_needs_only_its_first_blocks_references() {
    // spec-dec-var-refs-023.
    let spec = Spec::object([("b", Spec::block("b", Spec::object([("c", any("c"))])))]);
    assert_eq!(
        refs("b {\n  c = x\n}\nb {\n  c = y\n}\n", &spec),
        ["x 2:7:10-2:8:11"]
    );
    // spec-dec-var-refs-012: only what the input holds.
    let spec = Spec::object([
        ("a", any("a")),
        ("b", any("b")),
        (
            "blk",
            Spec::block_list("blk", Spec::object([("c", any("c"))])),
        ),
    ]);
    assert_eq!(refs("a = x\n", &spec), ["x 1:5:4-1:6:5"]);
}
