//! Parsing, then evaluating every attribute of every block with the
//! standard library and a few variables.
#![no_main]

use hcl_core::ast::Body;
use hcl_core::{EvalContext, SourceFile, Value};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fn walk(ctx: &EvalContext<'_>, body: &Body<'_>, source: &Arc<SourceFile>) {
    for attr in &body.attributes {
        let (value, diags) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        std::hint::black_box((value, diags.to_string()));
    }
    for block in &body.blocks {
        walk(ctx, &block.body, source);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = hcl_core::parse(text, "fuzz.hcl") else {
        return;
    };
    let mut ctx = EvalContext::new();
    ctx.set_variable("n", Value::from(3));
    ctx.set_variable("s", Value::string("text"));
    ctx.set_variable("l", Value::tuple(vec![Value::from(1), Value::from(2)]));
    walk(&ctx, &file.body, &file.source);
});
