//! Property tests: whatever the input, the parser returns a result or error
//! diagnostics that point into the input; it never panics.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::Config;

use super::*;

/// Real-world files whose mutations are parsed, relative to the corpus
/// directory.
const CORPUS_FILES: [&str; 5] = [
    "opentofu__opentofu/internal/command/testdata/fmt/general_in.tf",
    "opentofu__opentofu/internal/tofu/testdata/apply-multi-var-comprehensive/root.tf",
    "Azure__terraform-azurerm-caf-enterprise-scale/modules/identity/locals.tf",
    "hashicorp__nomad-guides/application-deployment/nginx/nginx-consul.nomad",
    "hashicorp__waypoint-examples/kubernetes/go-gitops/waypoint.hcl",
];

/// Where the real-world corpus lives beside the workspace, unless
/// `HCL_CORPUS_DIR` says otherwise.
const DEFAULT_CORPUS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus/real");

/// Samples that exercise every construct, used whether or not the corpus is
/// there.
const EMBEDDED_SAMPLES: [&str; 2] = [
    r#"# A service.
service "web" "primary" {
  port    = 8080
  enabled = !var.disabled && length(var.hosts) > 0
  tags    = [for t in var.tags : upper(t) if t != ""]
  env = {
    for k, v in var.env : k => v...
  }
  url = "https://${var.host}:${port}/%{ if secure ~}s%{ endif }"
  script = <<-EOT
    #!/bin/sh
    echo "${join(", ", var.hosts[*].name)}"
    %{ for h in var.hosts ~}
    ping ${h.addr}
    %{~ endfor }
  EOT
  /* inline */ ratio = (1.5e3 - 2) * 4 / var.n % 3
  first = var.list[0].attr.0
  names = var.objects.*.name
  any   = provider::ns::fn(var.a, var.b...)
  cond  = var.x == null ? "none" : var.x
}
one_line { a = 1 }
empty {}
"#,
    "locals {\r\n  a = {\r\n    \"k\" = [1, 2,\r\n      3]\r\n    (var.k): \"v\\u00e9\\n\"\r\n  }\r\n  b = <<EOT\r\n$${not} %%{this}\r\nEOT\r\n}\r\n",
];

/// Fragments of the syntax, for inputs that get further than random bytes.
const TOKENS: [&str; 44] = [
    "a",
    "b_1",
    "x-y",
    "=",
    "==",
    "!=",
    "1",
    "2.5e3",
    "\"",
    "\"s\"",
    "${",
    "%{",
    "}",
    "{",
    "[",
    "]",
    "(",
    ")",
    ",",
    ".",
    ".*",
    "[*]",
    "...",
    "?",
    ":",
    "=>",
    "+",
    "-",
    "!",
    "&&",
    "~",
    "#",
    "//",
    "/*",
    "*/",
    "\n",
    "\r\n",
    " ",
    "\t",
    "<<EOT\n",
    "<<-EOT\n",
    "EOT\n",
    "for x in ",
    "if ",
];

fn config() -> Config {
    Config {
        cases: 128,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Parses `src` every way there is and checks the outcome.
fn check_any_input(src: &str) {
    match parse(src, "p.hcl") {
        Ok(file) => check_body_spans(src, &file.body),
        Err(diags) => check_diags_rendered(src, &diags),
    }
    match parse_expression(src, "p.hcl") {
        Ok(expr) => check_expr_spans(src, &expr, Span::new(0, src.len() as u32)),
        Err(diags) => check_diags_rendered(src, &diags),
    }
    if let Err(diags) = parse_template(src, "p.tmpl") {
        check_diags_rendered(src, &diags);
    }
}

fn check_diags_rendered(src: &str, diags: &Diagnostics) {
    check_diags_in_bounds(src, diags);
    let text = diags.to_string();
    assert!(text.starts_with("Error: "), "{src:?}: {text}");
}

fn corpus_dir() -> PathBuf {
    std::env::var_os("HCL_CORPUS_DIR")
        .map_or_else(|| PathBuf::from(DEFAULT_CORPUS_DIR), PathBuf::from)
}

/// The texts mutated: the embedded samples, then the corpus files found.
fn samples() -> Vec<String> {
    let mut samples: Vec<String> = EMBEDDED_SAMPLES.iter().map(|s| (*s).to_owned()).collect();
    let dir = corpus_dir();
    if !dir.is_dir() {
        eprintln!(
            "note: {} not found, mutating the embedded samples only",
            dir.display()
        );
        return samples;
    }
    for file in CORPUS_FILES {
        let path: &Path = file.as_ref();
        match std::fs::read_to_string(dir.join(path)) {
            Ok(text) => samples.push(text),
            Err(err) => eprintln!("note: skipping {file}: {err}"),
        }
    }
    samples
}

#[test]
fn samples_parse() {
    for (i, sample) in samples().iter().enumerate() {
        if let Err(diags) = parse(sample, "sample.hcl") {
            panic!("sample {i} does not parse:\n{diags}");
        }
        parse_ok(sample);
    }
}

/// One edit of a text: at a position given as a fraction of its length.
#[derive(Debug, Clone)]
enum Mutation {
    Insert(f64, u8),
    Delete(f64, usize),
    Replace(f64, u8),
    InsertToken(f64, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0.0..1.0, any::<u8>()).prop_map(|(at, b)| Mutation::Insert(at, b)),
        (0.0..1.0, 1..8usize).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (0.0..1.0, any::<u8>()).prop_map(|(at, b)| Mutation::Replace(at, b)),
        (0.0..1.0, 0..TOKENS.len()).prop_map(|(at, t)| Mutation::InsertToken(at, t)),
    ]
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let at = |f: f64| ((bytes.len() as f64) * f) as usize;
        match *m {
            Mutation::Insert(f, b) => {
                let i = at(f);
                bytes.insert(i, b);
            }
            Mutation::Delete(f, n) => {
                let i = at(f);
                let end = (i + n).min(bytes.len());
                bytes.drain(i..end);
            }
            Mutation::Replace(f, b) => {
                let i = at(f);
                if let Some(slot) = bytes.get_mut(i) {
                    *slot = b;
                }
            }
            Mutation::InsertToken(f, t) => {
                let i = at(f);
                bytes.splice(i..i, TOKENS[t].bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_any_input(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_tokens_never_panic(tokens in prop::collection::vec(0..TOKENS.len(), 0..60)) {
        let src: String = tokens.iter().map(|&t| TOKENS[t]).collect();
        check_any_input(&src);
    }

    #[test]
    fn mutated_samples_never_panic(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let samples = samples_cached();
        let sample = &samples[pick.index(samples.len())];
        check_any_input(&apply(sample, &mutations));
    }
}

/// [`samples`], read once per test run.
fn samples_cached() -> &'static [String] {
    static SAMPLES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SAMPLES.get_or_init(samples)
}
