//! Kind `userfunc` (`FORMAT-ext.md`): a file's `function` blocks decoded
//! into user functions, added to the case's context, then every attribute
//! of the remaining body (read with `JustAttributes`) evaluated in it.

use hcl_core::ext::userfunc::with_user_functions;
use hcl_core::schema::Body;
use hcl_core::Diagnostics;
use serde_json::Value as Json;

use super::compare::compare_result;
use super::context::{context, Names};
use super::{diagnostics, Outcome};

/// Runs a case of kind `userfunc`.
pub fn run(case: &Json) -> Outcome {
    let src = case["src"].as_str().unwrap_or_default();
    if case["json"] == true {
        match hcl_core::parse_json(src, "case.hcl.json") {
            Ok(file) => Outcome::from_check(decode(case, &Body::from_json_file(&file))),
            Err(diags) => failed("parse: ", &diags, case),
        }
    } else {
        match hcl_core::parse(src, "case.hcl") {
            Ok(file) => Outcome::from_check(decode(case, &Body::from_file(&file))),
            Err(diags) => failed("parse: ", &diags, case),
        }
    }
}

/// A step that failed: passes when the reference's is an error with the
/// same diagnostics.
fn failed(where_: &str, diags: &Diagnostics, case: &Json) -> Outcome {
    let names = match context(case) {
        Ok(ctx) => Names::of(&ctx),
        Err(why) => return Outcome::Fail(format!("bad vars: {why}")),
    };
    Outcome::from_check(compare_result(where_, None, diags, &case["expect"], &names))
}

fn decode(case: &Json, body: &Body<'_>) -> Result<(), String> {
    let expect = &case["expect"];
    let base = context(case).map_err(|why| format!("bad vars: {why}"))?;
    let (ctx, functions, rest, diags) = with_user_functions(body, "function", base);
    let names = Names::of(&ctx);
    if diags.has_errors() || expect["error"] == true {
        return compare_result("decode: ", None, &diags, expect, &names);
    }
    let mut ours: Vec<Json> = functions
        .iter()
        .map(|(name, f)| {
            let params: Vec<&str> = f.params().iter().map(|p| p.name.as_str()).collect();
            serde_json::json!({
                "name": name,
                "params": params,
                "variadic_param": f.variadic().map(|p| p.name.as_str()),
            })
        })
        .collect();
    ours.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let theirs = expect["functions"].as_array().cloned().unwrap_or_default();
    if ours != theirs {
        return Err(format!(
            "functions: expected {}, got {}",
            Json::Array(theirs),
            Json::Array(ours)
        ));
    }
    let (attrs, rest_diags) = rest.just_attributes_with_diagnostics();
    let their_diags = expect["diagnostics"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    diagnostics::compare("rest: ", rest_diags.as_slice(), their_diags, &names)?;
    let mut our_names: Vec<&str> = attrs.keys().collect();
    our_names.sort_unstable();
    let mut their_names: Vec<&str> = expect["attributes"]
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    their_names.sort_unstable();
    if our_names != their_names {
        return Err(format!(
            "attributes: expected {their_names:?}, got {our_names:?}"
        ));
    }
    for attr in &attrs {
        let (value, diags) = attr.expr.value_with_diagnostics(&ctx);
        compare_result(
            &format!("{}: ", attr.name),
            Some(&value),
            &diags,
            &expect["attributes"][attr.name],
            &names,
        )?;
    }
    Ok(())
}
