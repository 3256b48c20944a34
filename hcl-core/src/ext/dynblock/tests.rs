//! Dynamic blocks: expansion as a schema reads a body, the iterators each
//! expression sees, partial steps, items, the budget.

use super::Expansion;
use crate::diagnostic::Code;
use crate::schema::{Body, BodySchema};
use crate::{parse, parse_json, EvalContext, Limits, Value};

fn schema(attrs: &[&str], blocks: &[(&str, &[&str])]) -> BodySchema {
    let mut builder = BodySchema::builder();
    for attr in attrs {
        builder = builder.attribute(*attr);
    }
    for (block_type, labels) in blocks {
        builder = builder.block(*block_type, labels);
    }
    builder.build().expect("a valid schema")
}

/// The value of attribute `name` of a body read with `schema`.
fn attr(body: &Body<'_>, names: &[&str], name: &str, ctx: &EvalContext<'_>) -> Value {
    let content = body.content(&schema(names, &[])).expect("the body reads");
    let attr = content.attributes.get(name).expect("the attribute");
    attr.expr.value(ctx).expect("the attribute evaluates")
}

#[test]
fn nested_dynamic_blocks_see_every_enclosing_iterator() {
    let src = r#"
dynamic "outer" {
  for_each = ["a", "b"]
  content {
    dynamic "inner" {
      for_each = [1, 2]
      iterator = it
      content {
        v = "${outer.value}${it.value}${it.key}"
      }
    }
  }
}
"#;
    let file = parse(src, "t.hcl").expect("parses");
    let ctx = EvalContext::new();
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let top = body
        .content(&schema(&[], &[("outer", &[])]))
        .expect("reads");
    let mut found = Vec::new();
    for outer in &top.blocks {
        let inner = outer
            .body
            .content(&schema(&[], &[("inner", &[])]))
            .expect("reads");
        for block in &inner.blocks {
            found.push(attr(&block.body, &["v"], "v", &ctx));
        }
    }
    let want: Vec<Value> = ["a10", "a21", "b10", "b21"]
        .into_iter()
        .map(Value::string)
        .collect();
    assert_eq!(found, want);
}

#[test]
fn an_iterator_hides_a_variable_of_its_name_only_inside() {
    let src = "x = it\ndynamic \"b\" {\n  for_each = [it]\n  iterator = it\n  content {\n    \
               y = it.value\n  }\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let mut ctx = EvalContext::new();
    ctx.set_variable("it", Value::from(7));
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let content = body.content(&schema(&["x"], &[("b", &[])])).expect("reads");
    let x = content.attributes.get("x").expect("x").expr.value(&ctx);
    assert_eq!(x.expect("x evaluates"), Value::from(7));
    let block = content.blocks.first().expect("one block");
    assert_eq!(attr(&block.body, &["y"], "y", &ctx), Value::from(7));
    // Static analysis leaves the iterator out of the references.
    let inner = block.body.content(&schema(&["y"], &[])).expect("reads");
    assert!(inner
        .attributes
        .get("y")
        .expect("y")
        .expr
        .variables()
        .is_empty());
}

#[test]
fn a_partial_step_leaves_other_dynamic_blocks_to_the_rest() {
    let src = "a = 1\ndynamic \"p\" {\n  for_each = [1]\n  content {}\n}\n\
               dynamic \"q\" {\n  for_each = [1, 2]\n  content {}\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let ctx = EvalContext::new();
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let (first, rest) = body
        .partial_content(&schema(&["a"], &[("p", &[])]))
        .expect("reads");
    assert_eq!(first.blocks.len(), 1);
    let second = rest.content(&schema(&[], &[("q", &[])])).expect("reads");
    assert_eq!(second.blocks.len(), 2);
    assert!(second.blocks.iter().all(|b| b.block_type == "q"));
}

#[test]
fn an_unknown_for_each_makes_one_block_of_unknown_attributes() {
    let src = "dynamic \"b\" {\n  for_each = var.list\n  labels = [\"fixed\"]\n  content {\n    \
               v = 1\n  }\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let mut ctx = EvalContext::new();
    ctx.set_variable(
        "var",
        Value::object([(
            "list",
            Value::unknown(crate::Type::list(crate::Type::Number)),
        )]),
    );
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let content = body
        .content(&schema(&[], &[("b", &["name"])]))
        .expect("reads");
    let [block] = content.blocks.as_slice() else {
        panic!("{} blocks", content.blocks.len());
    };
    assert_eq!(block.label_values(), ["fixed"]);
    assert_eq!(attr(&block.body, &["v"], "v", &ctx), Value::dynamic());
}

#[test]
fn items_give_the_generated_blocks_and_the_names_their_types() {
    let src = "a = 1\nstatic {}\ndynamic \"gen\" {\n  for_each = {x = 1, y = 2}\n  \
               labels = [gen.key]\n  content {}\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let ctx = EvalContext::new();
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let (attrs, types) = body.item_names();
    assert_eq!((attrs, types), (vec!["a"], vec!["static", "gen"]));
    let (attributes, blocks) = body.items();
    assert_eq!(attributes.len(), 1);
    let headers: Vec<(&str, Vec<&str>)> = blocks
        .iter()
        .map(|b| (b.block_type, b.label_values()))
        .collect();
    assert_eq!(
        headers,
        [("static", vec![]), ("gen", vec!["x"]), ("gen", vec!["y"])]
    );
}

#[test]
fn json_dynamic_blocks_expand_too() {
    let src =
        r#"{"dynamic": {"port": {"for_each": [80, 443], "content": {"n": "${port.value}"}}}}"#;
    let file = parse_json(src, "t.json").expect("parses");
    let ctx = EvalContext::new();
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_json_file(&file));
    let content = body.content(&schema(&[], &[("port", &[])])).expect("reads");
    let ports: Vec<Value> = content
        .blocks
        .iter()
        .map(|b| attr(&b.body, &["n"], "n", &ctx))
        .collect();
    assert_eq!(ports, [Value::from(80), Value::from(443)]);
    // Read without a schema, the `dynamic` property gives its blocks.
    assert_eq!(body.item_names(), (vec![], vec!["port"]));
    assert_eq!(body.items().1.len(), 2);
}

#[test]
fn a_for_each_beyond_the_budget_generates_nothing() {
    let src = "dynamic \"b\" {\n  for_each = range(500)\n  content {}\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_total_eval_values: 1_000,
        ..Limits::default()
    });
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let (content, diags) = body.content_with_diagnostics(&schema(&[], &[("b", &[])]));
    assert!(content.blocks.is_empty());
    let first = diags.iter().next().expect("an error");
    assert_eq!(first.code, Code::TooManyValues);
    assert!(
        first.detail.contains("max_total_eval_values"),
        "{}",
        first.detail
    );
    // Within the budget, the blocks come.
    let small = parse(
        "dynamic \"b\" {\n  for_each = range(50)\n  content {}\n}\n",
        "t.hcl",
    )
    .expect("parses");
    let expansion = Expansion::new(&ctx);
    let content = expansion
        .expand(Body::from_file(&small))
        .content(&schema(&[], &[("b", &[])]))
        .expect("reads");
    assert_eq!(content.blocks.len(), 50);
}

#[test]
fn the_expansion_draws_on_the_shared_budget() {
    let src = "dynamic \"b\" {\n  for_each = range(80)\n  content {}\n}\n";
    let file = parse(src, "t.hcl").expect("parses");
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_total_eval_values: 2_000,
        ..Limits::default()
    });
    ctx.share_budget(0);
    let expansion = Expansion::new(&ctx);
    let body = expansion.expand(Body::from_file(&file));
    let schema = schema(&[], &[("b", &[])]);
    // 80 blocks cost 13 values each (ten bytes of content, the iteration),
    // about 1,200 of the 2,000 with the range: once, not twice.
    assert!(body.content(&schema).is_ok());
    let again = body.content(&schema).unwrap_err();
    assert_eq!(
        again.iter().next().map(|d| d.code),
        Some(Code::TooManyValues)
    );
}

#[test]
fn expanded_bodies_are_send_and_sync() {
    fn check<T: Send + Sync>(_: &T) {}
    let file = parse("a = 1\n", "t.hcl").expect("parses");
    let ctx = EvalContext::new();
    let expansion = Expansion::new(&ctx);
    check(&expansion.expand(Body::from_file(&file)));
}
