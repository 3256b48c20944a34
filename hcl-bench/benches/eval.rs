//! Parse and evaluate every attribute of a synthetic Terraform-like file rich
//! in templates, arithmetic, conditionals, for expressions and function
//! calls (`../shared/bench/gen.py --rich`), and the same work with the peer
//! crate hcl-rs (`hcl::eval::from_str::<hcl::Value>`), in one run.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench eval
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark setup")]

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hcl_core::ast::Body;
use hcl_core::{EvalContext, SourceFile};

/// The rich input of `mb` megabytes.
fn rich_input(mb: u32) -> Option<PathBuf> {
    hcl_bench::bench_input(mb, true).map(|input| input.hcl)
}

/// Evaluates every attribute of `body` and its blocks; returns how many.
fn evaluate_body(ctx: &EvalContext<'_>, body: &Body<'_>, source: &Arc<SourceFile>) -> usize {
    let mut count = 0;
    for attr in &body.attributes {
        let (value, diags) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        assert!(!diags.has_errors(), "{diags}");
        std::hint::black_box(value);
        count += 1;
    }
    for block in &body.blocks {
        count += evaluate_body(ctx, &block.body, source);
    }
    count
}

fn ours(text: &str, ctx: &EvalContext<'_>) -> usize {
    let file = hcl_core::parse(text, "rich.hcl").unwrap();
    evaluate_body(ctx, &file.body, &file.source)
}

fn peer_context() -> hcl::eval::Context<'static> {
    use hcl::eval::{FuncArgs, FuncDef, ParamType};
    use hcl::Value;
    fn string_arg(args: &FuncArgs) -> String {
        args[0].as_str().unwrap_or_default().to_owned()
    }
    let mut ctx = hcl::eval::Context::new();
    ctx.declare_func(
        "upper",
        FuncDef::builder()
            .param(ParamType::String)
            .build(|args| Ok(Value::from(string_arg(&args).to_uppercase()))),
    );
    ctx.declare_func(
        "lower",
        FuncDef::builder()
            .param(ParamType::String)
            .build(|args| Ok(Value::from(string_arg(&args).to_lowercase()))),
    );
    ctx.declare_func(
        "length",
        FuncDef::builder().param(ParamType::Any).build(|args| {
            let n = match &args[0] {
                Value::Array(a) => a.len(),
                Value::Object(o) => o.len(),
                Value::String(s) => s.chars().count(),
                _ => return Err("length of a non-collection".into()),
            };
            Ok(Value::from(n as u64))
        }),
    );
    ctx.declare_func(
        "join",
        FuncDef::builder()
            .param(ParamType::String)
            .param(ParamType::Array(Box::new(ParamType::String)))
            .build(|args| {
                let sep = string_arg(&args);
                let items: Vec<String> = args[1]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default();
                Ok(Value::from(items.join(&sep)))
            }),
    );
    ctx.declare_func(
        "max",
        FuncDef::builder()
            .variadic_param(ParamType::Number)
            .build(|args| {
                let max = args
                    .iter()
                    .filter_map(Value::as_f64)
                    .fold(f64::NEG_INFINITY, f64::max);
                Ok(Value::from(max))
            }),
    );
    ctx
}

fn eval_bench(c: &mut Criterion) {
    let ctx = EvalContext::new();
    let peer = peer_context();
    let mut group = c.benchmark_group("eval");
    group.sample_size(10);
    for mb in [1, 10] {
        let Some(path) = rich_input(mb) else { return };
        let text = std::fs::read_to_string(&path).unwrap();
        // Both must succeed before they are timed.
        assert!(ours(&text, &ctx) > 0);
        hcl::eval::from_str::<hcl::Value>(&text, &peer).unwrap();
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("hcl-core/{mb}MB"), |b| b.iter(|| ours(&text, &ctx)));
        group.bench_function(format!("hcl-rs/{mb}MB"), |b| {
            b.iter(|| hcl::eval::from_str::<hcl::Value>(&text, &peer).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, eval_bench);
criterion_main!(benches);
