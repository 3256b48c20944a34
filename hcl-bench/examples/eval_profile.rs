//! Parses a file once, then evaluates every attribute repeatedly: a target
//! for profilers. `cargo run --release -p hcl-bench --example eval_profile -- FILE [ROUNDS]`
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "example")]

use hcl_core::ast::Body;
use hcl_core::EvalContext;

fn walk(
    ctx: &EvalContext<'_>,
    body: &Body<'_>,
    source: &std::sync::Arc<hcl_core::SourceFile>,
) -> usize {
    let mut n = 0;
    for attr in &body.attributes {
        let (v, _) = ctx.evaluate_with_diagnostics(&attr.expr, source);
        std::hint::black_box(v);
        n += 1;
    }
    for block in &body.blocks {
        n += walk(ctx, &block.body, source);
    }
    n
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file");
    let rounds: usize = args.next().map_or(5, |r| r.parse().unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    let t = std::time::Instant::now();
    let file = hcl_core::parse(&text, &path).unwrap();
    let parse = t.elapsed();
    let ctx = EvalContext::new();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..rounds {
        n += walk(&ctx, &file.body, &file.source);
    }
    let eval = t.elapsed() / rounds as u32;
    let mb = text.len() as f64 / 1e6;
    println!(
        "parse {parse:?} ({:.1} MB/s); eval {eval:?} per round ({:.1} MB/s), {} attributes",
        mb / parse.as_secs_f64(),
        mb / eval.as_secs_f64(),
        n / rounds
    );
}
