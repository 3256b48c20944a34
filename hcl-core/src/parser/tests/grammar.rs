//! The parser against the grammar of record (`pest/hcl.pest`): on any input
//! within the limits, both accept it or both reject it, and when they
//! accept it they build the same tree.

use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::parser::pest;

/// Parses `source` with the parser and with the grammar and compares.
#[track_caller]
fn agree(source: &str) {
    if let Some((ours, grammar)) = pest::parse_both_ways(source) {
        same(&ours, &grammar, source);
    }
}

/// Fails, showing where two debug forms first differ, unless they are
/// equal.
#[track_caller]
fn same(ours: &str, grammar: &str, source: &str) {
    if ours == grammar {
        return;
    }
    let at = ours
        .bytes()
        .zip(grammar.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(grammar.len()));
    let from = at.saturating_sub(150);
    let window = |s: &str| s.get(from..(at + 100).min(s.len())).unwrap_or(s).to_owned();
    panic!(
        "the parser and the grammar disagree on {source:?}\n  parser:  ...{}\n  grammar: ...{}",
        window(ours),
        window(grammar)
    );
}

/// The same for a standalone expression (of no great depth).
#[track_caller]
fn agree_on_expression(source: &str) {
    let file = Arc::new(SourceFile::new("t.hcl", source));
    let ours = parse_expression(source, "t.hcl").map(|e| format!("{e:?}"));
    let grammar = pest::parse_expression(source, &file).map(|e| format!("{e:?}"));
    let show = |r: Result<String, _>| r.unwrap_or_else(|_| "rejected".to_owned());
    same(&show(ours.map_err(|_| ())), &show(grammar), source);
}

/// The same for a bare template.
#[track_caller]
fn agree_on_template(source: &str) {
    let file = Arc::new(SourceFile::new("t.hcl", source));
    let ours = parse_template(source, "t.hcl").map(|t| format!("{t:?}"));
    let grammar = pest::parse_template(source, &file).map(|t| format!("{t:?}"));
    let show = |r: Result<String, _>| r.unwrap_or_else(|_| "rejected".to_owned());
    same(&show(ours.map_err(|_| ())), &show(grammar), source);
}

#[test]
fn structure() {
    for source in [
        // `//` starts a line comment even before `*`; an operator is one
        // token, with nothing skipped inside it.
        "servica = 1 //** c\n$e\"bar /*  */ {\r\n}\r\n\r\n",
        "a = 1 / /* c */ 2\nb = ! /* c */ true\nc = 1 < /* c */ 2\n",
        // A closing marker among any white space but line breaks.
        "a = <<-EOT\n  x\n\u{b}  EOT\u{a0}\nb = <<EOT\ny\n\u{3000}EOT\r\n",
        // A carriage return alone: an error in a heredoc, also before or
        // after its marker; a NUL is text.
        "a = <<EOT\nx\ry\nEOT\n",
        "a = <<EOT\nx\nEOT\r\rb = 1\n",
        "a = <<EOT\nx\n\rEOT\n",
        "a = <<EOT\nx\0y\nEOT\n",
        // Inside brackets line breaks may come within a traversal step.
        "a = can(rules.2.\n  e.attr)\nb = [x.\n*\n.y, z[\n*\n].w, v.\n0]\n",
        "",
        "\n\n# only comments\n// here\n/* and\nhere */\n",
        "a = 1\nb = \"two\"\n",
        "a = 1",
        "a = 1 # trailing\nb = 2 // more\nc = 3 /* inline */\n",
        "  a   =   1   \n\n\n  b=2\n# end",
        "a = 1\r\nb {\r\n  c = 2\r\n}\r\n",
        "\u{feff}a = 1\n",
        "block {\n}\n",
        "block \"one\" two \"\" {\n  a = 1\n\n  nested {\n    b = 2\n  }\n}\n",
        "block { # comment\n  a = 1\n}\n",
        "block {}\nblock { }\nblock {a = 1}\nblock { a = 1 }\nblock { a = 1 /* c */ }\n",
        // A line comment holding `/*` ends at its line.
        "a = 1 # a /* b\nb = 2 # */\n",
        "# x /* \nc = 3 */\n",
        "a = 1\na = 2\n",
        "a = [\n1,\n2,\n]\n",
        "a = {\n b = 1\n c = 2, d = 3\n}\n",
    ] {
        agree(source);
    }
}

#[test]
fn expressions() {
    for source in [
        "a ? b : c ? d : e",
        "-a.b[0] * !c || d && e == f != g < h <= i > j >= k + l - m / n % o",
        "f(a, b...) + ns::f() + provider :: aws :: g(1)",
        "END ({ }) + a :: b (1) + max(5...) + f(1.5...)",
        "f(\n a\n ::\n b(1))",
        "[for k, v in x: v if k != 0]",
        "{for k, v in x: k => v... if v}",
        "{null = 1, true = 2, for = 3}",
        "{(null) = 1}",
        "1.e5 + 1.E+2 + 1e-3",
        "a.0.b[\"c\"][1][*].d.*.e",
        "x./**/*",
        "<<EOT\na ${b} c\nEOT\n",
        "\"a${b}c%{ if d }e%{ else }f%{ endif }\"",
        "1 # c",
        "[1] // c",
        "1\n# c",
    ] {
        agree_on_expression(source);
        if !source.contains('\n') {
            agree(&format!("x = {source}\n"));
        }
    }
}

#[test]
fn templates() {
    for source in [
        "",
        "a ${b} c",
        "%{ for x in y ~}\n${x}\n%{~ endfor }",
        "a $ b % c $${d} %%{e}",
        "line1\nline2\r\n",
        "a% \n${~x}",
    ] {
        agree_on_template(source);
    }
}

/// Every file of the shared corpus, valid and not: the parser and the
/// grammar agree on each.
#[test]
fn agrees_with_the_grammar_on_the_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    if !root.is_dir() {
        eprintln!(
            "notice: {} is absent; corpus comparison skipped",
            root.display()
        );
        return;
    }
    let mut files = Vec::new();
    for dir in ["real", "real-invalid", "real-v2.20"] {
        collect(&root.join(dir), &mut files);
    }
    assert!(files.len() > 1000, "{} files", files.len());
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        agree(&text);
    }
}

fn collect(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_none_or(|e| e != "tsv") {
            files.push(path);
        }
    }
}

const PIECES: &[&str] = &[
    "a", "b1", "_c", "x-y", "for", "in", "if", "true", "null", "1", "2.5", "3e2", "1.e2", " ",
    "\t", "\n", "\r\n", "=", "==", "!=", "!", "-", "+", "*", "/", "%", "<", "<=", ">", "&&", "||",
    "?", ":", ",", ".", "...", "=>", "(", ")", "[", "]", "{", "}", "[*]", ".*", "\"", "\"s\"",
    "\"${", "\"%{", "${", "%{", "~", "\\", "$", "#c", "//c", "/*c*/", "/*", "*/", "<<EOT\n",
    "<<-EOT\n", "EOT", "f(", "é", "::",
];

proptest! {
    #[test]
    fn agrees_with_the_grammar_on_any_input(
        pieces in proptest::collection::vec(0..PIECES.len(), 0..40),
    ) {
        let source: String = pieces.iter().filter_map(|&i| PIECES.get(i).copied()).collect();
        agree(&source);
    }

    #[test]
    fn agrees_with_the_grammar_on_attributes(
        pieces in proptest::collection::vec(0..PIECES.len(), 0..30),
    ) {
        let value: String = pieces.iter().filter_map(|&i| PIECES.get(i).copied()).collect();
        let source = format!("a = {value}\nb {{\n  c = {value}\n}}\n");
        agree(&source);
    }
}
