//! Running one case of each kind.

use std::sync::Arc;

use hcl_core::{Diagnostics, SourceFile};
use serde_json::Value as Json;

use super::compare::{compare_dump, compare_result};
use super::context::{context, is_literal, Names};
use super::{diagnostics, schema, userfunc, Outcome};

/// Why the reference gave no answer, if it did not (`FORMAT.md`: a panic,
/// a timeout or a crash of the reference records its limit, not a rule).
fn no_answer(expect: &Json) -> Option<&'static str> {
    let flagged = |d: &Json| {
        ["panic", "timeout", "crash"]
            .into_iter()
            .find(|f| d[f] == true)
    };
    flagged(expect).or_else(|| {
        expect["diagnostics"]
            .as_array()
            .and_then(|ds| ds.iter().find_map(flagged))
    })
}

/// Kind `dynblock`: the file's body expanded, then read as kind `schema`
/// reads one (`FORMAT-ext.md`).
fn dynblock(case: &Json, ctx: &hcl_core::EvalContext<'_>, names: &Names) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    let expect = &case["expect"];
    let json = case["json"] == true;
    let parsed = if json {
        hcl_core::parse_json(src, "case.hcl.json").map(hcl_core::ConfigFile::Json)
    } else {
        hcl_core::parse(src, "case.hcl").map(hcl_core::ConfigFile::Native)
    };
    match parsed {
        Err(diags) => Outcome::from_check(compare_result("parse: ", None, &diags, expect, names)),
        Ok(_) if expect["error"] == true => Outcome::Fail(format!(
            "parse: the file parses, but the reference rejects it\n  expected: {}",
            expect["diagnostics"]
                .get(0)
                .map_or_else(String::new, diagnostics::show_theirs)
        )),
        Ok(file) => {
            let expansion = hcl_core::ext::dynblock::Expansion::new(ctx);
            let body = expansion.expand(hcl_core::Body::from_config_file(&file));
            Outcome::from_check(schema::run_body(case, ctx, &body, names))
        }
    }
}

pub fn run_case(case: &Json) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    let expect = &case["expect"];
    let kind = case["kind"].as_str().unwrap_or_default();
    if let Some(flag) = no_answer(expect) {
        return Outcome::Skip(format!("the reference gave no answer ({flag})"));
    }
    if kind == "userfunc" {
        return userfunc::run(case);
    }
    if kind == "dec" {
        return super::dec::run(case);
    }
    if kind == "edit" {
        return super::edit::run(case);
    }
    let ctx = match context(case) {
        Ok(ctx) => ctx,
        Err(why) => return Outcome::Fail(format!("bad vars: {why}")),
    };
    let names = Names::of(&ctx);
    let source = Arc::new(SourceFile::new("case.hcl", src));
    let parse_failed = |diags: Diagnostics| {
        Outcome::from_check(compare_result("parse: ", None, &diags, expect, &names))
    };
    match kind {
        "body" | "schema" => match hcl_core::parse(src, "case.hcl") {
            Err(diags) => parse_failed(diags),
            Ok(_) if expect["error"] == true => Outcome::Fail(format!(
                "parse: the file parses, but the reference rejects it\n  expected: {}",
                expect["diagnostics"]
                    .get(0)
                    .map_or_else(String::new, diagnostics::show_theirs)
            )),
            Ok(file) if kind == "body" => Outcome::from_check(compare_dump(
                &ctx,
                &file.body,
                &file.source,
                expect,
                "",
                &names,
            )),
            Ok(file) => Outcome::from_check(schema::run(case, &ctx, &file, &names)),
        },
        "dynblock" => dynblock(case, &ctx, &names),
        "json-body" => match hcl_core::parse_json(src, "case.hcl.json") {
            Err(diags) => parse_failed(diags),
            Ok(_) if expect["error"] == true => Outcome::Fail(format!(
                "parse: the file parses, but the reference rejects it\n  expected: {}",
                expect["diagnostics"]
                    .get(0)
                    .map_or_else(String::new, diagnostics::show_theirs)
            )),
            Ok(file) => Outcome::from_check(schema::run_body(
                case,
                &ctx,
                &hcl_core::Body::from_json_file(&file),
                &names,
            )),
        },
        "json-expr" => match hcl_core::parse_expression_json(src, "case.hcl.json") {
            Err(diags) => parse_failed(diags),
            Ok(parsed) => {
                let expr = hcl_core::ExprRef::from_json(&parsed);
                let (value, diags) = if is_literal(case) {
                    expr.literal_value_with_diagnostics()
                } else {
                    expr.value_with_diagnostics(&ctx)
                };
                Outcome::from_check(compare_result("", Some(&value), &diags, expect, &names))
            }
        },
        "expr" => match hcl_core::parse_expression(src, "case.hcl") {
            Err(diags) => parse_failed(diags),
            Ok(expr) => {
                let (value, diags) = ctx.evaluate_with_diagnostics(&expr, &source);
                Outcome::from_check(compare_result("", Some(&value), &diags, expect, &names))
            }
        },
        "template" => match hcl_core::parse_template(src, "case.hcl") {
            Err(diags) => parse_failed(diags),
            Ok(template) => {
                let (value, diags) = ctx.evaluate_template(&template, &source);
                Outcome::from_check(compare_result("", Some(&value), &diags, expect, &names))
            }
        },
        other => Outcome::Fail(format!("unknown case kind {other:?}")),
    }
}
