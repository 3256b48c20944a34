//! HashiCorp's own test suite of HCL, `specsuite/tests` of hashicorp/hcl
//! v2.20.0, run against the `hcl dec` process as its runner
//! `cmd/hclspecsuite` runs `hcldec`.
//!
//! The suite stays beside the project, in
//! `../shared/reference/github.com/hashicorp/hcl/v2/specsuite/tests`;
//! without it the test prints a notice and passes. The `hcl` binary is
//! built first (`cargo build -p hcl-cli --bin hcl`, in a target folder of
//! its own so as not to wait for the build running this test).
//!
//! For each `NAME.t` (sorted, files before subfolders), `NAME.hcl` and
//! then `NAME.hcl.json`, each if it exists, are run against
//! `NAME.hcldec`, with file names joined to the suite's folder as
//! hclspecsuite joins them to its argument:
//!
//! 1. with a `traversals` block, `hcl dec --spec=S --diags=json --var-refs
//!    INPUT`: each reference printed must match one `expect` (root and
//!    attribute names, index keys by type and value) with the range from
//!    its first step to its last; none may be missing or unexpected;
//! 2. `hcl dec --spec=S --diags=json --with-type --keep-nulls INPUT`: with
//!    no `diagnostics` block, no diagnostic, a type conforming to
//!    `result_type` (default `any`) and, if `result` is given, a value
//!    equal to it converted to `result_type`; with one, the set of
//!    (severity, range) of the diagnostics in INPUT must be the set
//!    expected, and a diagnostic without range or in another file is a
//!    problem.
//!
//! The test fails listing every problem, as hclspecsuite does.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use hcl_core::schema::{Attribute, Block};
use hcl_core::types::Type;
use hcl_core::{Body, Value};
use serde_json::{json, Value as Json};

#[path = "support/typed_json.rs"]
mod typed_json;

#[path = "support/exact_json.rs"]
mod exact_json;

/// The suite, relative to the workspace root.
const SUITE: &str = "../shared/reference/github.com/hashicorp/hcl/v2/specsuite/tests";

/// A range: filename, then (line, column, byte) of start and end.
type Range = (String, (u64, u64, u64), (u64, u64, u64));

/// What a `.t` file expects.
#[derive(Default)]
struct TestFile {
    result: Option<Value>,
    result_type: Option<Type>,
    /// `Some` with a `traversals` block: each reference's steps (as
    /// `root`, `.attr`, `[key]` texts) and its range without filename.
    traversals: Option<Vec<(Vec<String>, Range)>>,
    /// (severity, range without filename).
    diagnostics: Vec<(String, Range)>,
}

#[test]
fn hashicorp_specsuite_passes_against_hcl_dec() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join(SUITE).is_dir() {
        eprintln!("notice: {SUITE} is absent; test skipped");
        return;
    }
    let hcl = hcl_binary(root);
    let mut tests = Vec::new();
    collect_tests(root, Path::new(SUITE), &mut tests);
    let (mut inputs, mut problems) = (0, Vec::new());
    for test in &tests {
        let name = test.to_string_lossy().into_owned();
        let base = name.strip_suffix(".t").unwrap_or(&name).to_owned();
        let pretty = base
            .strip_prefix(SUITE)
            .unwrap_or(&base)
            .trim_start_matches('/');
        println!("- {pretty}");
        let expected =
            match load_test_file(&std::fs::read_to_string(root.join(test)).unwrap(), &name) {
                Ok(t) => t,
                Err(why) => {
                    problems.push(format!("{pretty}: {why}"));
                    continue;
                }
            };
        let spec = format!("{base}.hcldec");
        if !root.join(&spec).is_file() {
            problems.push(format!("{pretty}: missing .hcldec file"));
            continue;
        }
        for input in [format!("{base}.hcl"), format!("{base}.hcl.json")] {
            if root.join(&input).is_file() {
                inputs += 1;
                for problem in run_input(&hcl, root, &spec, &input, &expected) {
                    println!("  {input}: {problem}");
                    problems.push(format!("{input}: {problem}"));
                }
            }
        }
        println!("- {pretty}");
    }
    println!(
        "specsuite: {} tests, {inputs} inputs, {} problems",
        tests.len(),
        problems.len()
    );
    assert!(
        !tests.is_empty() && inputs >= tests.len(),
        "no tests found in {SUITE}"
    );
    assert!(
        problems.is_empty(),
        "specsuite problems:\n{}",
        problems.join("\n")
    );
}

/// Builds the `hcl` binary and returns its path.
fn hcl_binary(root: &Path) -> PathBuf {
    let target = root.join("target/specsuite");
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "-p",
            "hcl-cli",
            "--bin",
            "hcl",
            "--target-dir",
        ])
        .arg(&target)
        .current_dir(root)
        .status()
        .expect("run cargo build");
    assert!(status.success(), "cargo build -p hcl-cli failed");
    target
        .join("debug")
        .join(format!("hcl{}", std::env::consts::EXE_SUFFIX))
}

/// The `.t` files below `dir`, sorted, a folder's files before its
/// subfolders', as paths relative to the workspace root.
fn collect_tests(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(root.join(dir)).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = dir.join(&name);
        if root.join(&path).is_dir() {
            dirs.push(path);
        } else if name.ends_with(".t") {
            files.push(path);
        }
    }
    files.sort();
    dirs.sort();
    out.extend(files);
    for sub in dirs {
        collect_tests(root, &sub, out);
    }
}

fn load_test_file(src: &str, name: &str) -> Result<TestFile, String> {
    let file = hcl_core::parse(src, name).map_err(|d| d.to_string())?;
    let (attrs, blocks) = Body::from_file(&file).items();
    let mut t = TestFile::default();
    for attr in &attrs {
        match attr.name {
            "result_type" => {
                t.result_type = Some(
                    hcl_core::typeexpr::type_constraint(attr.expr).map_err(|d| d.to_string())?,
                );
            }
            "result" => {}
            other => return Err(format!("unexpected argument {other}")),
        }
    }
    if let Some(attr) = attrs.iter().find(|a| a.name == "result") {
        let (value, diags) = attr.expr.literal_value_with_diagnostics();
        if diags.has_errors() {
            return Err(diags.to_string());
        }
        let ty = t.result_type.clone().unwrap_or(Type::Dynamic);
        let value = hcl_core::types::convert(&value, &ty)
            .map_err(|e| format!("the result does not conform to the result type: {e}"))?;
        t.result = Some(value);
    }
    for block in &blocks {
        match block.block_type {
            "traversals" => {
                let mut expected = Vec::new();
                for expect in block.body.items().1 {
                    let (attrs, blocks) = expect.body.items();
                    let reference = attrs
                        .iter()
                        .find(|a| a.name == "ref")
                        .ok_or("an expect block without ref")?;
                    let traversal = reference.expr.as_traversal().map_err(|d| d.to_string())?;
                    let mut steps = vec![traversal.root.to_owned()];
                    for step in &traversal.steps {
                        steps.push(match step {
                            hcl_core::analysis::Traverse::Attr { name, .. } => format!(".{name}"),
                            hcl_core::analysis::Traverse::Index { key, .. } => {
                                format!("[{}]", key.to_typed_json().0 + &key.to_json_text())
                            }
                        });
                    }
                    let range = blocks
                        .iter()
                        .find(|b| b.block_type == "range")
                        .ok_or("an expect block without range")?;
                    expected.push((steps, range_of(&range.body)?));
                }
                t.traversals = Some(expected);
            }
            "diagnostics" => {
                for diag in block.body.items().1 {
                    let severity = match diag.block_type {
                        "error" | "warning" => diag.block_type.to_owned(),
                        other => return Err(format!("unexpected block {other}")),
                    };
                    t.diagnostics.push((severity, range_of(&diag.body)?));
                }
                if t.diagnostics.is_empty() {
                    return Err("an empty diagnostics block".to_owned());
                }
            }
            other => return Err(format!("unexpected block {other}")),
        }
    }
    if t.result.is_some() && !t.diagnostics.is_empty() {
        return Err("both a result and diagnostics are expected".to_owned());
    }
    Ok(t)
}

/// The range of `from { line column byte }  to { … }`, no filename.
fn range_of(body: &Body<'_>) -> Result<Range, String> {
    let blocks = body.items().1;
    let pos = |name: &str| -> Result<(u64, u64, u64), String> {
        let block: &Block<'_> = blocks
            .iter()
            .find(|b| b.block_type == name)
            .ok_or(format!("no {name} block"))?;
        let attrs = block.body.items().0;
        let field = |f: &str| -> Result<u64, String> {
            let attr: &Attribute<'_> = attrs
                .iter()
                .find(|a| a.name == f)
                .ok_or(format!("no {f} in {name}"))?;
            let value = attr.expr.literal_value_with_diagnostics().0;
            value
                .as_number()
                .and_then(hcl_core::Number::to_u64)
                .ok_or(format!("{name}.{f} is not a whole number"))
        };
        Ok((field("line")?, field("column")?, field("byte")?))
    };
    Ok((String::new(), pos("from")?, pos("to")?))
}

fn run_input(hcl: &Path, root: &Path, spec: &str, input: &str, t: &TestFile) -> Vec<String> {
    let mut problems = Vec::new();
    let run = |extra: &[&str]| {
        let out = Command::new(hcl)
            .arg("dec")
            .arg(format!("--spec={spec}"))
            .arg("--diags=json")
            .args(extra)
            .arg(input)
            .current_dir(root)
            .output()
            .expect("run hcl dec");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.success(), stdout, stderr)
    };

    if let Some(expected) = &t.traversals {
        let (ok, stdout, stderr) = run(&["--var-refs"]);
        if ok {
            match traversals(&stdout) {
                Ok(got) => {
                    for (steps, range) in &got {
                        match expected.iter().find(|(e, _)| e == steps) {
                            None => {
                                problems.push(format!("unexpected traversal {}", steps.concat()))
                            }
                            Some((_, want)) => {
                                let want = (input.to_owned(), want.1, want.2);
                                if *range != want {
                                    problems.push(format!(
                                        "traversal {} at {range:?}, expected {want:?}",
                                        steps.concat()
                                    ));
                                }
                            }
                        }
                    }
                    for (steps, _) in expected {
                        if !got.iter().any(|(g, _)| g == steps) {
                            problems.push(format!("missing expected traversal {}", steps.concat()));
                        }
                    }
                }
                Err(why) => problems.push(format!("--var-refs printed an invalid result: {why}")),
            }
        } else {
            problems.extend(diagnostics(&stderr).into_iter().map(|d| d.2));
        }
    }

    let (ok, stdout, stderr) = run(&["--with-type", "--keep-nulls"]);
    let found = if ok { Vec::new() } else { diagnostics(&stderr) };
    if t.diagnostics.is_empty() {
        if !ok {
            problems.extend(found.into_iter().map(|d| d.2));
            return problems;
        }
        let value = match value_of(&stdout) {
            Ok(v) => v,
            Err(why) => {
                problems.push(format!("invalid result: {why}"));
                return problems;
            }
        };
        let want_type = t.result_type.clone().unwrap_or(Type::Dynamic);
        if !conforms(value.ty(), &want_type) {
            problems.push(format!(
                "produced {}, but was expecting {}",
                hcl_core::typeexpr::type_string(value.ty(), None),
                hcl_core::typeexpr::type_string(&want_type, None)
            ));
        }
        if let Some(result) = &t.result {
            if !value.raw_equals(result) {
                problems.push(format!("produced {value:?}, but was expecting {result:?}"));
            }
        }
    } else {
        let mut got = BTreeSet::new();
        for (severity, range, text) in found {
            match range {
                Some(r) if r.0 == input => {
                    got.insert((severity, r));
                }
                _ => problems.push(text),
            }
        }
        let want: BTreeSet<(String, Range)> = t
            .diagnostics
            .iter()
            .map(|(s, r)| (s.clone(), (input.to_owned(), r.1, r.2)))
            .collect();
        for g in got.difference(&want) {
            problems.push(format!("unexpected {} diagnostic at {:?}", g.0, g.1));
        }
        for w in want.difference(&got) {
            problems.push(format!("missing expected {} diagnostic at {:?}", w.0, w.1));
        }
    }
    problems
}

/// `val.Type().TestConformance(want)`: `any` accepts every type.
fn conforms(got: &Type, want: &Type) -> bool {
    if want.is_dynamic() {
        return true;
    }
    let same_kind = (got.is_list() && want.is_list())
        || (got.is_set() && want.is_set())
        || (got.is_map() && want.is_map());
    if same_kind {
        return match (got.element_type(), want.element_type()) {
            (Some(g), Some(w)) => conforms(g, w),
            _ => false,
        };
    }
    if let (Some(g), Some(w)) = (got.attribute_types(), want.attribute_types()) {
        return g.len() == w.len()
            && w.iter()
                .all(|(k, wt)| g.get(k).is_some_and(|gt| conforms(gt, wt)));
    }
    if let (Some(g), Some(w)) = (got.tuple_element_types(), want.tuple_element_types()) {
        return g.len() == w.len() && g.iter().zip(w).all(|(g, w)| conforms(g, w));
    }
    got == want
}

/// The value of `{"value":V,"type":T}` (or `null`) on stdout.
fn value_of(stdout: &str) -> Result<Value, String> {
    let printed = exact_json::read_json(stdout.trim_end())?;
    if printed == Json::Null {
        return Ok(Value::null(Type::Dynamic));
    }
    typed_json::decode(&json!({
        "type": printed["type"],
        "value": exact_json::plain_numbers(&printed["value"]),
    }))
}

/// The diagnostics of stderr: severity, range if any, and a text to show.
fn diagnostics(stderr: &str) -> Vec<(String, Option<Range>, String)> {
    let Ok(doc) = serde_json::from_str::<Json>(stderr) else {
        return vec![(
            "error".to_owned(),
            None,
            format!("invalid diagnostics: {stderr}"),
        )];
    };
    doc["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|d| {
            let severity = d["severity"].as_str().unwrap_or_default().to_owned();
            let range = d.get("subject").map(range_json);
            let text = format!(
                "{severity}: {}: {} ({})",
                d["summary"].as_str().unwrap_or_default(),
                d["detail"].as_str().unwrap_or_default(),
                d.get("subject").map_or_else(String::new, Json::to_string)
            );
            (severity, range, text)
        })
        .collect()
}

fn range_json(r: &Json) -> Range {
    let pos = |p: &Json| {
        (
            p["line"].as_u64().unwrap_or(0),
            p["column"].as_u64().unwrap_or(0),
            p["byte"].as_u64().unwrap_or(0),
        )
    };
    (
        r["filename"].as_str().unwrap_or_default().to_owned(),
        pos(&r["start"]),
        pos(&r["end"]),
    )
}

/// The references of `--var-refs`: steps as texts, and the range from the
/// first step's start to the last step's end.
fn traversals(stdout: &str) -> Result<Vec<(Vec<String>, Range)>, String> {
    let printed = exact_json::read_json(stdout)?;
    let mut out = Vec::new();
    for t in printed.as_array().ok_or("not an array")? {
        let steps = t["steps"].as_array().ok_or("no steps")?;
        let mut texts = Vec::new();
        for step in steps {
            texts.push(match step["kind"].as_str() {
                Some("root") => step["name"].as_str().unwrap_or_default().to_owned(),
                Some("attr") => format!(".{}", step["name"].as_str().unwrap_or_default()),
                Some("index") => {
                    let key = match &step["key"] {
                        Json::String(s) => Value::from(s.as_str()),
                        Json::Bool(b) => Value::from(*b),
                        Json::Object(n) => n
                            .get("$number")
                            .and_then(Json::as_str)
                            .and_then(hcl_core::Number::parse_str)
                            .map(Value::from)
                            .ok_or("a key that is not a primitive")?,
                        _ => return Err("a key that is not a primitive".to_owned()),
                    };
                    format!("[{}]", key.to_typed_json().0 + &key.to_json_text())
                }
                other => return Err(format!("a step of kind {other:?}")),
            });
        }
        let (first, last) = (steps.first(), steps.last());
        let (Some(first), Some(last)) = (first, last) else {
            return Err("a traversal without steps".to_owned());
        };
        let start = range_json(&exact_json_numbers(&first["range"]));
        let end = range_json(&exact_json_numbers(&last["range"]));
        out.push((texts, (start.0, start.1, end.2)));
    }
    Ok(out)
}

/// Numbers read as `{"$number": TEXT}` back to JSON numbers.
fn exact_json_numbers(json: &Json) -> Json {
    match json {
        Json::Object(map) if map.len() == 1 && map.contains_key("$number") => map["$number"]
            .as_str()
            .and_then(|t| t.parse::<u64>().ok())
            .map_or(Json::Null, Json::from),
        Json::Object(map) => Json::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), exact_json_numbers(v)))
                .collect(),
        ),
        Json::Array(items) => Json::Array(items.iter().map(exact_json_numbers).collect()),
        other => other.clone(),
    }
}
