//! The direct parser must agree with pest: the same tree, or the same
//! diagnostics, for every input.

use std::sync::Arc;

use proptest::prelude::*;

use super::{gap, item};
use crate::limits::Limits;
use crate::parser::{parse_file, ParseOptions};
use crate::span::SourceFile;

fn outcome(source: &str, direct: bool) -> String {
    match parse_file(source, "test.hcl", &ParseOptions::default(), direct) {
        Ok(file) => format!("{:?}", file.body),
        Err(diags) => format!("error: {diags}"),
    }
}

/// Parses `source` with and without the direct parser and compares.
fn agree(source: &str) {
    assert_eq!(
        outcome(source, true),
        outcome(source, false),
        "the direct parser and pest disagree on {source:?}"
    );
}

/// Checks that the direct parser handles every item of `source` itself,
/// and agrees with pest on it.
fn handled(source: &str) {
    agree(source);
    let file = Arc::new(SourceFile::new("test.hcl", source));
    let mut pos = if source.starts_with('\u{feff}') { 3 } else { 0 };
    loop {
        pos += gap(source, pos).unwrap_or_else(|| panic!("gap at {pos} of {source:?}"));
        if pos == source.len() {
            break;
        }
        let Some((_, end)) = item(source, pos, &file, &Limits::default()) else {
            panic!("item at {pos} not handled directly: {source:?}");
        };
        pos = end;
    }
}

#[test]
fn structure() {
    handled("");
    handled("\n\n# only comments\n// here\n/* and\nhere */\n");
    handled("a = 1\nb = \"two\"\n");
    handled("a = 1");
    handled("a = 1 # trailing\nb = 2 // more\nc = 3 /* inline */\n");
    handled("  a   =   1   \n\n\n  b=2\n# end");
    handled("a = 1\r\nb {\r\n  c = 2\r\n}\r\n");
    handled("\u{feff}a = 1\n");
    handled("block {\n}\n");
    handled("block \"one\" two \"\" {\n  a = 1\n\n  nested {\n    b = 2\n  }\n}\n");
    handled("block { # comment\n  a = 1\n}\n");
    handled("block {}\nblock { }\nblock {a = 1}\nblock { a = 1 }\nblock { a = 1 /* c */ }\n");
    handled("block \"a\\tb\" \"$${x}\" {\n}\n");
    handled("a {\n  b = 1\n  }  # closing\n");
}

#[test]
fn expressions() {
    handled("a = true\nb = false\nc = null\nd = trueish\ne = null_\n");
    handled("a = 1.5e10\nb = 2E-3\nd = 4.x\n");
    handled("a = -1 + !b - - 2\nc = !d == e != f\n");
    handled("a = 1 + 2 * 3 - 4 / 5 % 6 < 7 && 8 >= 9 || 10 <= 11 && 12 > 13\n");
    handled("a = (1 + 2) * (\n  3\n  -\n  4\n)\n");
    handled("a = b ? c : d ? e : f\ng = (h\n  ? i\n  : j)\n");
    handled("a = b.c.d[0][\"e\"].0.f\ng = h[i + 1][j.k]\nl = m [ 0 ] . n\n");
    handled("a = b[*].c[0]\nd = e.*.f.0\ng = h[*][*].i\nj = k.* \nl = [m.*]\n");
    handled("a = f(1, 2,)\nb = g(\n  x,\n  y...\n)\nc = h()\nd = provider::ns::fn(1)\ne = f (1)\n");
    handled("a = [1, 2, 3]\nb = [\n  1,\n  2\n]\nc = []\nd = [\n]\ne = [for_each, forx]\n");
    handled("a = {}\nb = { c = 1, d = 2 }\ne = {\n  f = 1\n  \"g\" = 2\n  (h) = 3\n  i: 4,\n  # note\n}\n");
    handled("a = [for x in xs: x]\nb = [for i, x in xs : x if i > 0]\n");
    handled(
        "a = {for k, v in m: k => v}\nb = {\n  for k, v in m :\n  k => v...\n  if v != null\n}\n",
    );
    handled("a = x./* comment */y\nb = 1 /* one */ + /* two */ 2\n");
    handled("a = [\n  a # comment\n  [0],\n  b // comment\n  .c,\n]\n");
    handled("a = 1 < 2\nb = 3 </* x */ 4\nc = 5 / 6\n");
}

#[test]
fn templates() {
    handled("a = \"\"\nb = \"text\"\nc = \"${x}\"\nd = \"a ${x} b ${y}\"\n");
    handled("a = \"\\n\\t\\\"\\\\\\u00e9\\U0001F600\"\nb = \"$$ %% $${x} %%{y} $a %b\"\n");
    handled("a = \"${~ x ~}\"\nb = \" ${~x} c ${y~} \"\n");
    handled("a = \"%{ if x }yes%{ else }no%{ endif }\"\n");
    handled("a = \"%{ for k, v in m }${k}=${v},%{ endfor }\"\n");
    handled("a = \"é ü ${ \"nested ${x}\" } ☃\"\n");
    handled("a = <<EOT\nhello\n  ${name}\nEOT\n");
    handled("a = <<-EOT\n    indented\n      more\n    EOT\n");
    handled("a = <<EOT\nEOT\nb = <<EOT\n\nEOT\n");
    handled("a = <<EOT\n${x}\n%{ if y }\nyes\n%{ endif }\nEOT  \n");
    handled("a = <<EOT\r\nline\r\nEOT\r\n");
    handled("a = <<EOT\n$$${x} %%{y} $ % $x %x\na $\nEOT\n");
    handled("a = <<EOT\n${f(\n  1,\n  2)} after\nEOT\n");
    handled("a = [<<EOT\nx\nEOT\n, 2]\n");
}

#[test]
fn left_to_pest() {
    // Not handled directly, but the result must be the same.
    for source in [
        "é = 1\n",
        "a = é\n",
        "a = 1 # a /* b\nb = 2 # */\n",
        "a = 1\n# lone carriage return\r",
        "#\r",
        "# a\r \n",
        "a = 1\na = 2\n",
        "b {\n  a = 1\n  a = 2\n}\n",
        "a = 1.2.3\n",
        "a = 3.\n",
        "a = 1e\n",
        "a = b.1.2\n",
        "a = b.*.*\n",
        "a = \"\\q\"\n",
        "a = \"%{ if x }\"\n",
        "a = \"%{ endif }\"\n",
        "a = \"unterminated\n",
        "a = 1 b = 2\n",
        "a = provider::x\n",
        "a = <<EOT\nno end\n",
        "a = <<EOT\nEOT",
        "a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
        "a = 1 +\n2\n",
        "a = {\n  b = 1 c = 2\n}\n",
        "block {\n  a = 1 }\n",
        "\"quoted\" = 1\n",
        "a = 1 /* unterminated\n",
        "a = b[\n*]\n",
        "a = x ? y\n",
    ] {
        agree(source);
    }
}

#[test]
fn comments_inside_splat_markers() {
    // The marker of `x./**/*` ends at its `*`, not at the comment's.
    handled("a = x./**/*\nb = x. /* c */ *.y\nc = x./**/*./**/z\n");
    let file = crate::parse("a = x./**/*\n", "t.hcl").unwrap();
    let crate::ast::ExpressionKind::Splat { marker_span, .. } = &file.body.attributes[0].expr.kind
    else {
        panic!("not a splat");
    };
    assert_eq!(marker_span.as_range(), 5..11);
}

#[test]
fn expression_depth_limit() {
    let deep = format!("a = {}1\n", "-".repeat(300));
    agree(&deep);
    let chain = format!("a = 1{}\n", " + 1".repeat(300));
    agree(&chain);
    let options = ParseOptions {
        limits: Limits {
            max_expression_depth: 3,
            ..Limits::default()
        },
    };
    for source in [
        "a = 1 + 2 + 3 + 4\n",
        "a = [[[1]]]\n",
        "a = \"${x ? y : z}\"\n",
    ] {
        let direct = parse_file(source, "t", &options, true).map(|f| format!("{:?}", f.body));
        let pest = parse_file(source, "t", &options, false).map(|f| format!("{:?}", f.body));
        assert_eq!(
            direct.map_err(|e| e.to_string()),
            pest.map_err(|e| e.to_string())
        );
    }
}

const PIECES: &[&str] = &[
    "a", "b1", "_c", "x-y", "for", "in", "if", "true", "null", "1", "2.5", "3e2", " ", "\t", "\n",
    "\r\n", "=", "==", "!=", "!", "-", "+", "*", "/", "%", "<", "<=", ">", "&&", "||", "?", ":",
    ",", ".", "...", "=>", "(", ")", "[", "]", "{", "}", "[*]", ".*", "\"", "\"s\"", "\"${",
    "\"%{", "${", "%{", "~", "\\", "$", "#c", "//c", "/*c*/", "/*", "*/", "<<EOT\n", "<<-EOT\n",
    "EOT", "f(", "é", "::",
];

proptest! {
    #[test]
    fn agrees_with_pest_on_any_input(
        pieces in proptest::collection::vec(0..PIECES.len(), 0..40),
    ) {
        let source: String = pieces.iter().filter_map(|&i| PIECES.get(i).copied()).collect();
        prop_assert_eq!(outcome(&source, true), outcome(&source, false), "{:?}", source);
    }

    #[test]
    fn agrees_with_pest_on_attributes(
        pieces in proptest::collection::vec(0..PIECES.len(), 0..30),
    ) {
        let value: String = pieces.iter().filter_map(|&i| PIECES.get(i).copied()).collect();
        let source = format!("a = {value}\nb {{\n  c = {value}\n}}\n");
        prop_assert_eq!(outcome(&source, true), outcome(&source, false), "{:?}", source);
    }
}
