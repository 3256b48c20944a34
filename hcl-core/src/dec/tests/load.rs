//! The spec file language, with cases of the conformance suite run as
//! the reference's `hcldec` command runs them: the spec file loaded, the
//! input decoded in a context of the file's variables (none at all when
//! it has none), the diagnostics of both compared, sorted.

use std::collections::BTreeMap;

use crate::dec::load_spec;
use crate::value::ValueKind;

use super::function_cases::{FUNCTION_ERROR_CASES, FUNCTION_VALUE_CASES};
use super::load_cases::{ERROR_CASES, VALUE_CASES};
use super::*;

/// Loads the spec and, when it has no errors, decodes the input by it.
fn run_case(spec: &str, src: &str, json: bool) -> (Option<Value>, Diagnostics) {
    let (file, mut diags) = load_spec(spec, "spec.hcldec");
    if diags.has_errors() {
        return (None, diags);
    }
    let ctx = file.eval_context([]);
    let decoded = if json {
        parse_json(src, "case.hcl.json")
            .map(|f| decode(&Body::from_json_file(&f), &file.spec, &ctx))
    } else {
        parse(src, "case.hcl").map(|f| decode(&Body::from_file(&f), &file.spec, &ctx))
    };
    match decoded {
        Ok((value, more)) => {
            diags.extend(more);
            (Some(value), diags)
        }
        Err(more) => {
            diags.extend(more);
            (None, diags)
        }
    }
}

/// The diagnostics as the suite writes them, with severity and file.
fn full_lines(diags: &Diagnostics) -> Vec<String> {
    let mut out: Vec<String> = diags
        .iter()
        .map(|d| {
            let severity = if d.is_error() { "error" } else { "warning" };
            let at = match &d.subject {
                Some(r) => format!(
                    "{}:{}:{}:{}-{}:{}:{}",
                    r.filename,
                    r.start.line,
                    r.start.column,
                    r.start.byte,
                    r.end.line,
                    r.end.column,
                    r.end.byte
                ),
                None => "-".to_owned(),
            };
            format!("{severity} {} | {} | {at}", d.summary, d.detail)
        })
        .collect();
    out.sort();
    out
}

/// A value in the suite's encoding, sets in the order of their
/// elements' text.
fn encode(value: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    if value.is_null() {
        return J::Null;
    }
    if !value.is_known() {
        return serde_json::json!({"$unknown": true});
    }
    match value.kind() {
        ValueKind::String(s) => J::String(s.to_owned()),
        ValueKind::Number(n) => J::String(n.to_string()),
        ValueKind::Bool(b) => J::Bool(b),
        _ => match (value.elements(), value.entries()) {
            (Some(elements), _) => {
                let mut items: Vec<J> = elements.iter().map(encode).collect();
                if value.ty().is_set() {
                    items.sort_by_key(J::to_string);
                }
                J::Array(items)
            }
            (_, Some(entries)) => {
                let map: BTreeMap<String, J> = entries
                    .iter()
                    .map(|(k, v)| (k.clone(), encode(v)))
                    .collect();
                J::Object(map.into_iter().collect())
            }
            _ => J::Null,
        },
    }
}

/// Sorts the arrays of `value` that `ty` says are sets.
fn normalize(value: &mut serde_json::Value, ty: &serde_json::Value) {
    use serde_json::Value as J;
    match (value, ty) {
        (J::Array(items), J::Array(t)) => match (t.first().and_then(J::as_str), t.get(1)) {
            (Some("set"), Some(ety)) => {
                items.iter_mut().for_each(|v| normalize(v, ety));
                items.sort_by_key(J::to_string);
            }
            (Some("list"), Some(ety)) => items.iter_mut().for_each(|v| normalize(v, ety)),
            (Some("tuple"), Some(J::Array(etys))) => {
                items
                    .iter_mut()
                    .zip(etys)
                    .for_each(|(v, t)| normalize(v, t));
            }
            _ => {}
        },
        (J::Object(map), J::Array(t)) => match (t.first().and_then(J::as_str), t.get(1)) {
            (Some("map"), Some(ety)) => map.values_mut().for_each(|v| normalize(v, ety)),
            (Some("object"), Some(J::Object(atys))) => {
                for (k, v) in map.iter_mut() {
                    if let Some(t) = atys.get(k) {
                        normalize(v, t);
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
}

#[test]
fn spec_file_and_input_errors_match_the_reference() {
    for case in ERROR_CASES.iter().chain(FUNCTION_ERROR_CASES) {
        let (_, diags) = run_case(case.spec, case.src, case.json);
        assert_eq!(full_lines(&diags), case.want, "{}", case.id);
    }
}

#[test]
fn values_match_the_reference() {
    for case in VALUE_CASES.iter().chain(FUNCTION_VALUE_CASES) {
        let (value, diags) = run_case(case.spec, case.src, case.json);
        assert!(!diags.has_errors(), "{}: {diags}", case.id);
        let value = value.unwrap_or_else(Value::dynamic);
        let ty: serde_json::Value = serde_json::from_str(case.ty).unwrap();
        let got_ty: serde_json::Value = serde_json::from_str(&value.ty().to_json()).unwrap();
        assert_eq!(got_ty, ty, "{}", case.id);
        let mut want: serde_json::Value = serde_json::from_str(case.value).unwrap();
        normalize(&mut want, &ty);
        assert_eq!(encode(&value), want, "{}", case.id);
    }
}

#[test]
fn the_spec_functions_are_go_ctys() {
    let functions = crate::dec::spec_functions();
    assert_eq!(functions.len(), 15);
    let spec = "literal {\n  value = [reverse(\"abc\"), strlen(\"e\u{301}x\"), int(-2.5), hasindex([1], 0)]\n}\n";
    let (file, diags) = load_spec(spec, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    let want = Value::tuple(vec![
        Value::from("cba"),
        Value::from(2),
        Value::from(-2),
        Value::from(true),
    ]);
    assert_eq!(file.spec, Spec::literal(want));
}

#[test]
fn variables_blocks_are_read_with_the_later_winning() {
    let spec = "variables {\n  a = 1\n  b = upper(\"x\")\n}\nvariables {\n  a = 2\n}\nliteral {\n  value = null\n}\n";
    let (file, diags) = load_spec(spec, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(file.variables.get("a"), Some(&Value::from(2)));
    assert_eq!(file.variables.get("b"), Some(&Value::from("X")));
}

#[test]
fn a_default_with_one_spec_is_useless() {
    let spec = "default {\n  literal {\n    value = 1\n  }\n}\n";
    let (file, diags) = load_spec(spec, "spec.hcldec");
    assert_eq!(file.spec, Spec::literal(Value::from(1)));
    assert_eq!(
        full_lines(&diags),
        [
            "warning Useless default block | A default block with only one spec is equivalent to \
          using that spec alone. | spec.hcldec:2:3:12-2:10:19"
        ]
    );
}

#[test]
fn a_spec_file_with_syntax_errors_gives_them() {
    let (file, diags) = load_spec("object {\n", "spec.hcldec");
    assert!(diags.has_errors());
    assert_eq!(
        file.spec,
        Spec::literal(Value::null(crate::types::Type::Dynamic))
    );
    let (_, diags) = load_spec("", "spec.hcldec");
    assert_eq!(codes(&diags), [Code::MissingBlock]);
}

#[test]
fn the_input_context_has_what_the_file_defines() {
    let spec =
        "function \"twice\" {\n  params = [x]\n  result = x * 2\n}\nattr {\n  name = \"a\"\n}\n";
    let (file, diags) = load_spec(spec, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    // Functions without variables (spec-dec-function-018).
    let ctx = file.eval_context([]);
    assert_eq!(clean_in("a = twice(2)\n", &file.spec, &ctx), Value::from(4));
    let (_, diags) = run_in("a = v\n", &file.spec, &ctx);
    assert_eq!(codes(&diags), [Code::VariablesNotAllowed]);
    let ctx = file.eval_context([("v".to_owned(), Value::from(1))]);
    assert_eq!(clean_in("a = twice(v)\n", &file.spec, &ctx), Value::from(2));
}
