//! Hostile inputs, generated at any size: the shapes that have made parsers,
//! decoders, renderers and the `hcl` command crash, overflow the stack or
//! slow down, each with the outcome it must have. Shared by the tests (at the
//! smallest size that shows each problem, `tests/hostile.rs` and hcl-cli's
//! `tests/hostile.rs`) and by the growth benchmark
//! (`hcl-bench/benches/linear.rs`, at 1×, 10× and 100× a base size).

#![allow(dead_code, reason = "each user takes the parts it needs")]

use hcl_core::Code;

/// What reading an input must give: success, or a first error of this kind
/// that names this limit (when it is about one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// It parses and evaluates without errors.
    Valid,
    /// Parsing fails; the first diagnostic has this code and, if given,
    /// names this limit in its detail.
    Syntax(Code, Option<&'static str>),
    /// It parses; evaluating its attributes fails, the first error with
    /// this code and, if given, naming this limit.
    Eval(Code, Option<&'static str>),
}

/// A shape of hostile input.
pub struct Shape {
    /// A short name.
    pub name: &'static str,
    /// The units of the test-sized input: the smallest that shows the
    /// problem (a column past 65 535, more labels than the nesting
    /// limit...).
    pub test_units: usize,
    /// The units of the 1× input of the growth benchmark.
    pub bench_units: usize,
    /// Makes the input `n` units large.
    pub make: fn(usize) -> String,
    /// What reading it must give, at any size from `test_units` up.
    pub expect: Expect,
}

const NESTING: Option<&str> = Some("max_nesting_depth");
const EXPRESSION: Option<&str> = Some("max_expression_depth");

/// Every shape.
pub const SHAPES: &[Shape] = &[
    // ---------------------------------------------------------- valid, large
    Shape {
        name: "top_level_attributes",
        test_units: 20_000,
        bench_units: 20_000,
        make: |n| (0..n).map(|i| format!("a{i} = {i}\n")).collect(),
        expect: Expect::Valid,
    },
    Shape {
        name: "attributes_in_one_block",
        test_units: 20_000,
        bench_units: 20_000,
        make: |n| {
            let attrs: String = (0..n).map(|i| format!("  a{i} = {i}\n")).collect();
            format!("b {{\n{attrs}}}\n")
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "distinct_labels",
        test_units: 20_000,
        bench_units: 20_000,
        make: |n| (0..n).map(|i| format!("b \"{i}\" {{}}\n")).collect(),
        expect: Expect::Valid,
    },
    Shape {
        name: "distinct_block_types",
        test_units: 20_000,
        bench_units: 20_000,
        make: |n| (0..n).map(|i| format!("b{i} {{}}\n")).collect(),
        expect: Expect::Valid,
    },
    Shape {
        name: "labelled_blocks_with_bodies",
        test_units: 2_000,
        bench_units: 5_000,
        make: |n| {
            (0..n)
                .map(|i| {
                    format!("service \"s{i}\" \"x\" {{\n  port = {i}\n  tags = {{a = \"b\"}}\n}}\n")
                })
                .collect()
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "labels_within_the_nesting_limit",
        test_units: 127,
        bench_units: 127,
        // One block with the most labels allowed, repeated.
        make: |n| {
            let labels: String = (0..127).map(|i| format!(" \"{i}\"")).collect();
            (0..n / 127)
                .map(|i| format!("b{i}{labels} {{}}\n"))
                .collect()
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "long_tuple",
        test_units: 100_000,
        bench_units: 100_000,
        make: |n| format!("a = [{}]\n", "1,".repeat(n)),
        expect: Expect::Valid,
    },
    Shape {
        name: "long_string",
        test_units: 100_000,
        bench_units: 100_000,
        make: |n| format!("s = \"{}\"\n", "abcdefgh ".repeat(n / 9 + 1)),
        expect: Expect::Valid,
    },
    Shape {
        name: "long_number",
        test_units: 100_000,
        bench_units: 100_000,
        make: |n| format!("n = {}1\n", "0".repeat(n)),
        expect: Expect::Valid,
    },
    Shape {
        name: "template_parts",
        test_units: 2_000,
        bench_units: 2_000,
        make: |n| format!("t = \"{}\"\n", "x${a.b}%{ if c }y%{ endif }".repeat(n)),
        // The variables are not defined.
        expect: Expect::Eval(Code::UnknownVariable, None),
    },
    Shape {
        name: "traversal_chain",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("r = a{}\n", ".b[0]".repeat(n)),
        expect: Expect::Eval(Code::UnknownVariable, None),
    },
    Shape {
        name: "operator_chains_within_the_limit",
        test_units: 100,
        bench_units: 100,
        make: |n| {
            (0..n)
                .map(|i| format!("c{i} = 1{}\n", " + 2 * 3".repeat(127)))
                .collect()
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "prefix_chains_within_the_limit",
        test_units: 100,
        bench_units: 100,
        make: |n| {
            (0..n)
                .map(|i| format!("p{i} = {}1\n", "-".repeat(254)))
                .collect()
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "nesting_within_the_limit",
        test_units: 100,
        bench_units: 100,
        make: |n| {
            let open = "[{a = (".repeat(40);
            let close = ")}]".repeat(40);
            (0..n).map(|i| format!("d{i} = {open}1{close}\n")).collect()
        },
        expect: Expect::Valid,
    },
    Shape {
        name: "values_within_the_document_budget",
        test_units: 10,
        bench_units: 100,
        make: |n| (0..n).map(|i| format!("r{i} = range(1000)\n")).collect(),
        expect: Expect::Valid,
    },
    // ------------------------------------------------------------ invalid
    Shape {
        name: "unterminated_huge_string",
        test_units: 100_000,
        bench_units: 100_000,
        make: |n| format!("a = \"{}", "y".repeat(n)),
        expect: Expect::Syntax(Code::UnterminatedTemplate, None),
    },
    Shape {
        // Each `/*` once searched the rest of the text for its `*/`.
        name: "unclosed_block_comment_openers",
        test_units: 100_000,
        bench_units: 100_000,
        make: |n| "/*a".repeat(n),
        expect: Expect::Syntax(Code::ArgumentOrBlockRequired, None),
    },
    Shape {
        name: "invalid_character_past_column_65535",
        test_units: 70_000,
        bench_units: 100_000,
        make: |n| format!("a ={}@\n", " ".repeat(n)),
        expect: Expect::Syntax(Code::InvalidCharacter, None),
    },
    Shape {
        name: "labels_past_the_nesting_limit",
        // Enough that recursing once per label overflows a test thread.
        test_units: 5_000,
        bench_units: 20_000,
        make: |n| format!("b{} {{}}\n", " \"\"".repeat(n)),
        expect: Expect::Syntax(Code::NestingTooDeep, NESTING),
    },
    Shape {
        name: "unclosed_brackets",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("a = {}", "[".repeat(n)),
        expect: Expect::Syntax(Code::NestingTooDeep, NESTING),
    },
    Shape {
        name: "closed_parentheses_too_deep",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("a = {}1{}\n", "(".repeat(n), ")".repeat(n)),
        expect: Expect::Syntax(Code::NestingTooDeep, NESTING),
    },
    Shape {
        name: "nested_blocks_too_deep",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("{}{}", "b {\n".repeat(n), "}\n".repeat(n)),
        expect: Expect::Syntax(Code::NestingTooDeep, NESTING),
    },
    Shape {
        name: "nested_template_sequences",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("a = \"{}\"\n", "${\"".repeat(n)),
        expect: Expect::Syntax(Code::NestingTooDeep, NESTING),
    },
    Shape {
        name: "operator_chain_too_long",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("a = 1{}\n", " + 1".repeat(n)),
        expect: Expect::Syntax(Code::ExpressionTooDeep, EXPRESSION),
    },
    Shape {
        name: "repeated_attributes_in_one_block",
        test_units: 10_000,
        bench_units: 10_000,
        make: |n| format!("b {{\n{}}}\n", "  a = 1\n".repeat(n)),
        expect: Expect::Syntax(Code::AttributeRedefined, None),
    },
    Shape {
        name: "many_errors_on_one_long_line",
        test_units: 7_000,
        bench_units: 7_000,
        make: |n| format!("a = [{}]\n", "u, ".repeat(n)),
        expect: Expect::Eval(Code::UnknownVariable, None),
    },
    Shape {
        name: "control_characters_in_source_lines",
        test_units: 1_000,
        bench_units: 1_000,
        make: |n| {
            (0..n)
                .map(|i| format!("a{i} = \"\u{1b}]0;title\u{7}\u{9b}\u{202e}${{u}}\"\n"))
                .collect()
        },
        expect: Expect::Eval(Code::UnknownVariable, None),
    },
];

/// The shapes that only the extensions make hostile: read with `dynamic`
/// blocks expanded and `function` blocks as user functions
/// (`hcl_serde::Decoder::dynamic_blocks`, `Decoder::user_functions`).
pub const EXTENSION_SHAPES: &[Shape] = &[
    Shape {
        name: "nested_dynamic_blocks",
        test_units: 1,
        bench_units: 1,
        // `n` times ten levels of `dynamic` blocks over ten elements each:
        // ten billion blocks each, were it not for the budget.
        make: |n| (0..n).map(|i| nested_dynamic(i, 10)).collect(),
        expect: Expect::Eval(Code::TooManyValues, Some("max_total_eval_values")),
    },
    Shape {
        name: "for_each_beyond_the_budget",
        test_units: 1,
        bench_units: 1,
        // `n` blocks over 300,000 elements each: within what one
        // evaluation may build, beyond what the blocks may cost.
        make: |n| {
            (0..n)
                .map(|i| {
                    format!(
                        "dynamic \"b{i}\" {{\n  for_each = flatten([for i in range(300) : \
                         range(1000)])\n  content {{}}\n}}\n"
                    )
                })
                .collect()
        },
        expect: Expect::Eval(Code::TooManyValues, Some("max_total_eval_values")),
    },
    Shape {
        name: "user_function_calling_itself",
        test_units: 1,
        bench_units: 1,
        // `n` calls of a function whose recursion never reaches its base.
        make: |n| {
            let calls: String = (0..n).map(|i| format!("a{i} = f({i})\n")).collect();
            format!(
                "function \"f\" {{\n  params = [n]\n  result = n < 0 ? 0 : f(n + 1)\n}}\n{calls}"
            )
        },
        expect: Expect::Eval(Code::FunctionCallFailed, None),
    },
];

/// `levels` levels of `dynamic` blocks over ten elements each, the
/// outermost of type `t{copy}`, each content reading the iterators.
fn nested_dynamic(copy: usize, levels: usize) -> String {
    let mut text = String::from("x = 1\n");
    for level in (0..levels).rev() {
        let name = if level == 0 {
            format!("t{copy}")
        } else {
            format!("b{level}")
        };
        text = format!(
            "dynamic \"{name}\" {{\n  for_each = range(10)\n  content {{\n    \
             v = {name}.value\n    {text}  }}\n}}\n"
        );
    }
    text
}

/// The shape named `name`.
pub fn shape(name: &str) -> Option<&'static Shape> {
    SHAPES.iter().find(|s| s.name == name)
}
