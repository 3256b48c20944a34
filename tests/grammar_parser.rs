//! `hcl_core::parse_with_grammar`, the grammar of record as a parser,
//! against `hcl_core::parse_with`: the same tree or the same diagnostics
//! (code, severity, summary, detail, ranges) on every conformance case of
//! the native syntax, on every file of the shared corpus, and on input
//! nested far beyond the limits, which it reports as the parser does. The
//! parser's fast paths (`name = "text"` read from the bytes) are held to
//! its reading of the same constructs from their tokens the same way.

#[path = "support/native_cases.rs"]
mod native_cases;
#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use hcl_core::fuzzing::parse_from_tokens;
use hcl_core::{parse_with, parse_with_grammar, Code, ParseOptions};
use native_cases::{for_each_native_case, on_large_stack};
use shared_corpus::{corpus_files, shared_corpus};

/// A parse's outcome as text: the tree's debug form, or the diagnostics'.
fn outcome(result: Result<hcl_core::File<'_>, hcl_core::Diagnostics>) -> String {
    match result {
        Ok(file) => format!("ok {:?}", file.body),
        Err(diags) => format!("error {:?}", diags.as_slice()),
    }
}

/// Whether the two parsers agree on `source`, and the parser's fast paths
/// with its reading of every construct from the tokens; the first
/// difference otherwise.
fn compare(source: &str, name: &str) -> Result<(), String> {
    let options = ParseOptions::default();
    let ours = outcome(parse_with(source, name, &options));
    let grammar = outcome(parse_with_grammar(source, name, &options));
    let tokens = outcome(parse_from_tokens(source, name));
    for (other, label) in [
        (&grammar, "parse_with_grammar"),
        (&tokens, "parse_from_tokens"),
    ] {
        if &ours == other {
            continue;
        }
        let at = ours
            .bytes()
            .zip(other.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(other.len()));
        let from = at.saturating_sub(100);
        let window = |s: &str| s.get(from..(at + 100).min(s.len())).unwrap_or(s).to_owned();
        return Err(format!(
            "{name}: the parsers differ\n  parse_with: ...{}\n  {label}: ...{}",
            window(&ours),
            window(other)
        ));
    }
    Ok(())
}

#[test]
fn agrees_with_the_parser_on_the_conformance_cases() {
    on_large_stack(|| {
        let mut failures = Vec::new();
        let compared = for_each_native_case(|id, source| {
            if let Err(why) = compare(source, "case.hcl") {
                failures.push(format!("{id}: {why}"));
            }
        });
        println!("{compared} conformance cases compared");
        assert!(compared > 5000, "only {compared} cases");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

#[test]
fn agrees_with_the_parser_on_the_corpus() {
    for name in ["real", "real-invalid", "real-v2.20"] {
        let Some(dir) = shared_corpus(name) else {
            continue;
        };
        let files = corpus_files(&dir);
        assert!(!files.is_empty());
        let mut rejected = 0;
        for path in &files {
            let text =
                String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned();
            let name = path.display().to_string();
            if let Err(why) = compare(&text, &name) {
                panic!("{why}");
            }
            rejected += usize::from(hcl_core::parse(&text, &name).is_err());
        }
        println!("{name}: {} files, {rejected} rejected by both", files.len());
    }
}

/// Nesting far beyond `max_nesting_depth` is the parser's diagnostic,
/// on a thread of the default stack size.
#[test]
fn deep_nesting_is_the_limit_diagnostic() {
    let n = 100_000;
    let deep = [
        format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n)),
        format!("a = {}1{}\n", "(".repeat(n), ")".repeat(n)),
        format!("a = {}\n", "{a = ".repeat(n)),
        format!("{}\n", "b {\n".repeat(n)),
        format!("a = {}\n", "\"${".repeat(n)),
        format!("a = {}1\n", "x ? 1 : ".repeat(n)),
        format!("a = {}", "[".repeat(n)),
    ];
    for source in &deep {
        let err =
            parse_with_grammar(source, "deep.hcl", &ParseOptions::default()).expect_err("too deep");
        let first = &err.as_slice()[0];
        assert_eq!(first.code, Code::NestingTooDeep, "{err}");
        assert!(first.detail.contains("max_nesting_depth"), "{err}");
        compare(source, "deep.hcl").expect("the parser's diagnostic");
    }
}

/// Nesting up to the limit, of each kind the limit counts, parses with
/// the grammar on a thread of the default stack size; and long chains of
/// operators, traversal steps, splats, directives and labels, which pest
/// reads without recursing, get the parser's tree or diagnostics.
#[test]
fn nesting_at_the_limit_parses() {
    let n = hcl_core::Limits::default().max_nesting_depth;
    let sources = [
        format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n)),
        format!("a = {}1{}\n", "(".repeat(n), ")".repeat(n)),
        format!("a = {}1{}\n", "f(".repeat(n), ")".repeat(n)),
        format!("a = {}1{}\n", "{a = ".repeat(n), "}".repeat(n)),
        format!("a = {}1{}\n", "x[".repeat(n), "]".repeat(n)),
        format!("a = {}1{}\n", "\"${".repeat(n), "}\"".repeat(n)),
        format!("a = {}1\n", "x ? 1 : ".repeat(n)),
        format!("a = {}1\n", "x ? 1 : ".repeat(n + 1)),
        format!("a = {}1{}\n", "[".repeat(n + 1), "]".repeat(n + 1)),
    ];
    for source in &sources {
        compare(source, "nested.hcl").expect("the same tree or diagnostics");
    }
    let d = hcl_core::Limits::default().max_expression_depth;
    for m in [d - 1, d, d + 1, 20_000] {
        let chains = [
            format!("a = {}x\n", "!".repeat(m)),
            format!("a = {}x\n", "-".repeat(m)),
            format!("a = x{}\n", " + x * x".repeat(m)),
            format!("a = x{}\n", ".y[0]".repeat(m)),
            format!("a = (x){}\n", "[0]".repeat(m)),
            format!("a = x{}\n", "[*].y".repeat(m)),
            format!("a = x{}\n", ".*.y".repeat(m)),
            format!(
                "a = \"{}{}\"\n",
                "%{ if x }".repeat(m),
                "%{ endif }".repeat(m)
            ),
            format!("b {}{{\n}}\n", "\"l\" ".repeat(m)),
        ];
        for source in &chains {
            compare(source, "chain.hcl").expect("the same tree or diagnostics");
        }
    }
    let at_limit = &sources[0];
    assert!(parse_with_grammar(at_limit, "nested.hcl", &ParseOptions::default()).is_ok());
}

/// The lines the parser's fast paths read, and the lines next to them
/// that they must leave to the tokens: the same tree or diagnostics as
/// the tokens give and as the grammar does.
#[test]
fn fast_paths_read_what_the_tokens_do() {
    let lines = [
        "a = \"text\"\n",
        "a = \"text\"   \t\n",
        "a = \"text\"\r\n",
        "a = \"text\"",
        "a = \"text\" # comment\n",
        "a = \"text\" /* c */\n",
        "a = \"\"\n",
        "a = \"caf\u{e9} \u{1F600}\"\n",
        "a = \"a\\\"b\"\n",
        "a = \"a\\nb\"\n",
        "a = \"${x}\"\n",
        "a = \"$x %x\"\n",
        "a = \"$${x}\"\n",
        "a = \"text\nb = 1\n",
        "a = \"text\" b = 1\n",
        "a = \"text\", b\n",
        "a = \"x\" == \"y\"\n",
        "a = \"x\"[0]\n",
        "a = \"x\" ? 1 : 2\n",
        "a = 80\n",
        "a = 1.5e3\n",
        "a = 1.2.3\n",
        "a = 1e\n",
        "a = 80 + 1\n",
        "a = 80.x\n",
        "a = true\n",
        "a = false\r\n",
        "a = null\n",
        "a = true.x\n",
        "a = null ? 1 : 2\n",
        "a = truex\n",
        "a = true(1)\n",
        "a = \"x\"\na = \"y\"\n",
        "b { a = \"x\" }\n",
        "b {\n  a = \"x\"\n}\n",
        "b {\n  a = \"x\"}\n",
        "o = {\n  a = \"x\"\n}\n",
        "l = [\n  \"x\"\n]\n",
        "l = [\"x\", \"y\"]\n",
        "l = [\"\", \"x\"]\n",
        "l = [\"a\\\"b\", \"${x}\", \"a$b\", \"x\"]\n",
        "l = [\"x\" == \"y\", \"x\"[0], \"x\".y]\n",
        "l = [\"x\n\"]\n",
        "l = [\"x\"\n",
        "l = [\"x\n",
        "o = { a = \"x\", \"b\" = \"y\" }\n",
        "o = { \"b\": \"y\" }\n",
        "a = f(\"x\", \"y\")\n",
        "a = \"x\" # c\n",
        "a = (\"x\")\n",
        "a = !\"x\"\n",
        "a = -\"x\"\n",
        "a = true ? \"x\" : \"y\"\n",
        "a = [for s in x: \"x\"]\n",
        "a = \"x\"",
    ];
    for line in lines {
        compare(line, "fast.hcl").unwrap_or_else(|why| panic!("{line:?}: {why}"));
    }
    // At the nesting limit a string nests one level more.
    let n = hcl_core::Limits::default().max_nesting_depth;
    for depth in [n - 1, n] {
        let source = format!(
            "{}a = \"x\"\nb = 1\n{}",
            "b {\n".repeat(depth),
            "}\n".repeat(depth)
        );
        compare(&source, "deep.hcl").expect("the same diagnostics");
        let source = format!("a = {}\"x\"{}\n", "[".repeat(depth), "]".repeat(depth));
        compare(&source, "deep.hcl").expect("the same diagnostics");
    }
}
