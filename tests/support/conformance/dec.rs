//! Cases of kind `dec` (`FORMAT-dec.md`): `hcl dec` run on `spec.hcldec`
//! and `case.hcl` / `case.hcl.json`, as the reference's `hcldec` was, its
//! stdout and stderr read back and compared with the reference's.

use std::collections::HashMap;

use hcl_cli::cmd_dec::{run_with, DecArgs, Files};
use hcl_cli::Output;
use hcl_core::{Diagnostics, EvalContext, Value};
use serde_json::{json, Value as Json};

use super::compare::compare_result;
use super::context::Names;
use super::{clip, Outcome};
use crate::exact_json::{plain_numbers, read_json};

/// The files of one case, in memory.
struct CaseFiles(HashMap<&'static str, String>);

impl Files for CaseFiles {
    fn read(&self, name: &str) -> std::io::Result<Vec<u8>> {
        self.0
            .get(name)
            .map(|text| text.clone().into_bytes())
            .ok_or_else(|| std::io::ErrorKind::NotFound.into())
    }

    fn stdin(&self) -> std::io::Result<Vec<u8>> {
        Ok(Vec::new())
    }
}

pub fn run(case: &Json) -> Outcome {
    let expect = &case["expect"];
    if expect.get("defect").is_some() {
        return Outcome::Skip("the reference's output is broken (defect)".to_owned());
    }
    let input = if case["syntax"] == "json" {
        "case.hcl.json"
    } else {
        "case.hcl"
    };
    let files = CaseFiles(HashMap::from([
        (
            "spec.hcldec",
            case["spec"].as_str().unwrap_or_default().to_owned(),
        ),
        (input, case["src"].as_str().unwrap_or_default().to_owned()),
    ]));
    let vars = match (case.get("vars"), case.get("vars_json")) {
        (_, Some(text)) => vec![text.as_str().unwrap_or_default().to_owned()],
        (Some(vars), None) => vec![vars_text(vars)],
        (None, None) => Vec::new(),
    };
    let base = DecArgs {
        files: vec![input.to_owned()],
        spec: Some("spec.hcldec".to_owned()),
        diags: Some("json".to_owned()),
        vars,
        ..DecArgs::default()
    };
    let decode = DecArgs {
        with_type: true,
        keep_nulls: true,
        ..base.clone()
    };
    let (out, status) = run_dec(&decode, &files);
    if let Err(why) = compare_decoded(&out, status, expect) {
        return Outcome::Fail(why);
    }
    if case["var_refs"] == true {
        let refs = DecArgs {
            var_refs: true,
            ..base
        };
        let (out, status) = run_dec(&refs, &files);
        if let Err(why) = compare_refs(&out, status, &expect["var_refs"]) {
            return Outcome::Fail(format!("--var-refs: {why}"));
        }
    }
    Outcome::Pass
}

fn run_dec(args: &DecArgs, files: &CaseFiles) -> (Output, u8) {
    let mut out = Output::default();
    let status = run_with(args, files, &mut out);
    (out, status)
}

/// The `--vars` text of a case's typed variables: one JSON object, names
/// sorted, values written plainly.
fn vars_text(vars: &Json) -> String {
    fn plain(ty: &Json, value: &Json) -> String {
        match (ty, value) {
            (_, Json::Null) => "null".to_owned(),
            (Json::String(t), Json::String(n)) if t == "number" => n.clone(),
            (Json::Array(t), Json::Array(items)) => {
                let tys = t
                    .get(1)
                    .and_then(Json::as_array)
                    .cloned()
                    .unwrap_or_default();
                let parts: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| plain(tys.get(i).unwrap_or(&Json::Null), v))
                    .collect();
                format!("[{}]", parts.join(","))
            }
            (Json::Array(t), Json::Object(map)) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                let parts: Vec<String> = keys
                    .iter()
                    .map(|k| {
                        let t = &t[1][k.as_str()];
                        format!(
                            "{}:{}",
                            Json::String((*k).clone()),
                            plain(t, &map[k.as_str()])
                        )
                    })
                    .collect();
                format!("{{{}}}", parts.join(","))
            }
            (_, other) => other.to_string(),
        }
    }
    let Some(map) = vars.as_object() else {
        return "{}".to_owned();
    };
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    let parts: Vec<String> = keys
        .iter()
        .map(|k| {
            let v = &map[k.as_str()];
            format!(
                "{}:{}",
                Json::String((*k).clone()),
                plain(&v["type"], &v["value"])
            )
        })
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// Compares a run with `--with-type --keep-nulls` with the expected
/// value or error.
fn compare_decoded(out: &Output, status: u8, expect: &Json) -> Result<(), String> {
    if expect["error"] == true {
        return compare_error(out, status, expect);
    }
    if status != 0 {
        return Err(format!(
            "expected a value, got exit status {status}\n  stderr: {}",
            clip(&out.stderr, 600)
        ));
    }
    let printed = read_json(out.stdout.trim_end()).map_err(|e| format!("stdout: {e}"))?;
    let value = if printed == Json::Null {
        Value::null(hcl_core::Type::Dynamic)
    } else {
        let typed = json!({"type": printed["type"], "value": plain_numbers(&printed["value"])});
        crate::typed_json::decode(&typed).map_err(|e| format!("stdout {printed}: {e}"))?
    };
    if !out.stdout.ends_with('\n') || out.stdout.lines().count() != 1 {
        return Err(format!(
            "stdout is not one line: {:?}",
            clip(&out.stdout, 200)
        ));
    }
    let names = Names::of(&EvalContext::literal_only());
    compare_result("", Some(&value), &Diagnostics::default(), expect, &names)
}

/// Compares an error run with the expected error.
fn compare_error(out: &Output, status: u8, expect: &Json) -> Result<(), String> {
    let want_status = expect["exit_code"].as_u64().unwrap_or(2);
    if u64::from(status) != want_status {
        return Err(format!(
            "expected exit status {want_status}, got {status}\n  stdout: {}\n  stderr: {}\n  expected: {}",
            clip(&out.stdout, 300),
            clip(&out.stderr, 300),
            clip(&expect["diagnostics"].to_string(), 300)
        ));
    }
    if let Some(text) = expect.get("stderr").and_then(Json::as_str) {
        return if out.stderr == text {
            Ok(())
        } else {
            Err(format!("stderr: expected {text:?}, got {:?}", out.stderr))
        };
    }
    let printed =
        read_json(&out.stderr).map_err(|e| format!("stderr: {e}: {}", clip(&out.stderr, 300)))?;
    let mut ours: Vec<Json> = printed["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|d| {
            let mut ddiag = json!({
                "severity": d["severity"],
                "summary": d["summary"],
                "detail": d.get("detail").cloned().unwrap_or(json!("")),
            });
            if let Some(subject) = d.get("subject") {
                ddiag["range"] = number_fields(subject);
            }
            ddiag
        })
        .collect();
    if !ours.iter().any(|d| d["severity"] == "error") {
        return Err(format!("no error diagnostic in {}", clip(&out.stderr, 300)));
    }
    let mut theirs: Vec<Json> = expect["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    ours.sort_by_key(diag_key);
    theirs.sort_by_key(diag_key);
    if ours.len() != theirs.len() {
        return Err(format!(
            "expected {} diagnostics, got {}\n  expected: {}\n  got:      {}",
            theirs.len(),
            ours.len(),
            clip(&Json::Array(theirs).to_string(), 800),
            clip(&Json::Array(ours).to_string(), 800)
        ));
    }
    for (o, t) in ours.iter().zip(&theirs) {
        if o != t {
            return Err(format!("diagnostic:\n  expected: {t}\n  got:      {o}"));
        }
    }
    Ok(())
}

/// The order of `FORMAT-dec.md`: without range first, then file, start
/// byte, end byte, severity, summary, detail.
fn diag_key(d: &Json) -> (bool, String, u64, u64, String, String, String) {
    let r = &d["range"];
    let text = |v: &Json| v.as_str().unwrap_or_default().to_owned();
    (
        d.get("range").is_some(),
        text(&r["filename"]),
        r["start"]["byte"].as_u64().unwrap_or(0),
        r["end"]["byte"].as_u64().unwrap_or(0),
        text(&d["severity"]),
        text(&d["summary"]),
        text(&d["detail"]),
    )
}

/// Compares a run with `--var-refs` with the expected references.
fn compare_refs(out: &Output, status: u8, expect: &Json) -> Result<(), String> {
    if expect.get("error") == Some(&json!(true)) {
        return compare_error(out, status, expect);
    }
    if status != 0 {
        return Err(format!("exit status {status}: {}", clip(&out.stderr, 400)));
    }
    let printed = read_json(&out.stdout).map_err(|e| format!("stdout: {e}"))?;
    let mut ours: Vec<Json> = printed
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            let steps: Vec<Json> = r["steps"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|s| {
                    let mut step = json!({"kind": s["kind"], "range": number_fields(&s["range"])});
                    if let Some(name) = s.get("name") {
                        step["name"] = name.clone();
                    }
                    if let Some(key) = s.get("key") {
                        step["key"] = implied_typed(key);
                    }
                    step
                })
                .collect();
            let mut entry = json!({
                "root_name": r["root_name"],
                "steps": steps,
                "range": number_fields(&r["range"]),
            });
            if let Some(value) = r.get("value") {
                entry["value"] = implied_typed(value);
            }
            entry
        })
        .collect();
    let mut theirs: Vec<Json> = expect.as_array().cloned().unwrap_or_default();
    let key = |r: &Json| {
        (
            r["range"]["start"]["byte"].as_u64().unwrap_or(0),
            r["range"]["end"]["byte"].as_u64().unwrap_or(0),
            r.to_string(),
        )
    };
    ours.sort_by_key(key);
    theirs.sort_by_key(key);
    if ours != theirs {
        return Err(format!(
            "references:\n  expected: {}\n  got:      {}",
            clip(&Json::Array(theirs).to_string(), 1200),
            clip(&Json::Array(ours).to_string(), 1200)
        ));
    }
    Ok(())
}

/// JSON read by [`read_json`] whose numbers (as strings) are line,
/// column and byte: back to numbers.
fn number_fields(json: &Json) -> Json {
    match json {
        Json::Object(map) => Json::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = match (k.as_str(), v) {
                        ("line" | "column" | "byte", Json::Object(n)) => n
                            .get("$number")
                            .and_then(Json::as_str)
                            .and_then(|t| t.parse::<u64>().ok())
                            .map_or(Json::Null, Json::from),
                        _ => number_fields(v),
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A value read by [`read_json`] typed as its JSON implies (`FORMAT.md`).
fn implied_typed(json: &Json) -> Json {
    fn ty(json: &Json) -> Json {
        match json {
            Json::Null => json!("dynamic"),
            Json::Bool(_) => json!("bool"),
            Json::String(_) => json!("string"),
            Json::Object(map) if map.contains_key("$number") && map.len() == 1 => json!("number"),
            Json::Array(items) => json!(["tuple", items.iter().map(ty).collect::<Vec<_>>()]),
            Json::Object(map) => json!([
                "object",
                map.iter()
                    .map(|(k, v)| (k.clone(), ty(v)))
                    .collect::<serde_json::Map<_, _>>()
            ]),
            Json::Number(_) => json!("number"),
        }
    }
    json!({"type": ty(json), "value": plain_numbers(json)})
}
