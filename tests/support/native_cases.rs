//! The conformance cases of the native syntax, each as the text of a
//! file, for tests that hold two ways of reading a file equal.

use std::path::Path;

/// The native-syntax text of a conformance case, as a file: bodies as
/// they are, an expression as an attribute's value, a template as a
/// heredoc's; `None` for the JSON syntax.
pub fn case_source(case: &serde_json::Value) -> Option<String> {
    let src = case.get("src")?.as_str()?;
    let kind = case.get("kind")?.as_str()?;
    let json = case
        .get("json")
        .is_some_and(|j| j != &serde_json::Value::Bool(false))
        || case.get("syntax").and_then(|s| s.as_str()) == Some("json");
    match kind {
        _ if json || kind.starts_with("json") => None,
        "expr" => Some(format!("a = {src}\n")),
        "template" => Some(format!("a = <<EOT\n{src}\nEOT\n")),
        _ => Some(src.to_owned()),
    }
}

/// Calls `f` with the id and the native-syntax text of each conformance
/// case of `tests/conformance/`; returns how many there were. The cases'
/// JSON nests deeply: call this on a thread with a large stack.
pub fn for_each_native_case(mut f: impl FnMut(&serde_json::Value, &str)) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("read the cases' folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    paths.sort();
    let mut count = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("read cases");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut de = serde_json::Deserializer::from_str(line);
            de.disable_recursion_limit();
            let case: serde_json::Value = serde::Deserialize::deserialize(&mut de).expect("a case");
            if let Some(source) = case_source(&case) {
                count += 1;
                f(&case["id"], &source);
            }
        }
    }
    count
}

/// Runs `run` on a thread with a stack large enough for the cases' JSON.
pub fn on_large_stack(run: impl FnOnce() + Send + 'static) {
    let thread = std::thread::Builder::new().stack_size(256 << 20).spawn(run);
    thread.expect("spawn").join().expect("no panic");
}
