//! Deep nesting, the nesting limit, and rendered diagnostics.

use super::*;

/// Runs `f` on a thread with a 2 MiB stack, the size test threads and most
/// spawned threads get.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap();
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

/// The diagnostic of an input nested too deep: it names the limit and
/// points at the first opener beyond it.
#[track_caller]
fn check_too_deep(src: &str, diags: Diagnostics, at: (u32, u32)) {
    check_diags_in_bounds(src, &diags);
    let first = &diags.as_slice()[0];
    assert_eq!(first.code, Code::NestingTooDeep);
    assert!(
        first.detail.contains("max_nesting_depth"),
        "{}",
        first.detail
    );
    let subject = first.subject.as_ref().unwrap();
    assert_eq!((subject.start.line, subject.start.column), at);
}

#[test]
fn nesting_beyond_the_limit_is_a_diagnostic_not_a_crash() {
    on_small_stack(|| {
        let n = 100_000;
        let src = format!("a = {}\n", "[".repeat(n));
        check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (1, 5 + 128));
        let src = format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n));
        check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (1, 5 + 128));
        for opener in ["[", "(", "{", "f(", "\"${", "[for x in "] {
            let src = opener.repeat(n);
            let diags = parse_expression(&src, "t.hcl").unwrap_err();
            check_diags_in_bounds(&src, &diags);
            assert!(diags.to_string().contains("max_nesting_depth"), "{opener}");
        }
        let src = "${\"".repeat(n);
        let diags = parse_template(&src, "t.tmpl").unwrap_err();
        assert!(diags.to_string().contains("max_nesting_depth"));
        // `${${` is no nesting: `$` starts no expression.
        let src = "${".repeat(n);
        let diags = parse_template(&src, "t.tmpl").unwrap_err();
        check_diags_in_bounds(&src, &diags);
        let src = "b {\n".repeat(n);
        check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (129, 3));
        let src = format!("x = {}\n", "<<EOT\n${".repeat(n));
        let diags = parse(&src, "t.hcl").unwrap_err();
        assert!(diags.to_string().contains("max_nesting_depth"));
    });
}

#[test]
fn the_limit_is_inclusive() {
    for depth in [1, 127, 128] {
        let src = format!("a = {}1{}\n", "[".repeat(depth), "]".repeat(depth));
        parse_ok(&src);
        let src = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        expr_ok(&src);
    }
    let src = format!("a = {}1{}\n", "[".repeat(129), "]".repeat(129));
    check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (1, 133));
    let src = format!("{}{}", "b {\n".repeat(128), "}\n".repeat(128));
    parse_ok(&src);
    let src = format!("{}{}", "b {\n".repeat(129), "}\n".repeat(129));
    check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (129, 3));
    // Nesting is counted per top-level item.
    let item = format!("a = {}1{}\n", "[".repeat(128), "]".repeat(128));
    let src = format!("{item}{}", item.replace("a =", "b ="));
    parse_ok(&src);
}

/// An expression nested exactly `depth` levels deep, mixing every kind of
/// delimiter the limit counts.
fn mixed_nesting(depth: usize) -> String {
    // (opener, closer, levels)
    const KINDS: [(&str, &str, usize); 7] = [
        ("[", "]", 1),
        ("(", ")", 1),
        ("{k = ", "}", 1),
        ("f(1, ", ")", 1),
        ("\"a${", "}b\"", 2),
        ("[for x in y: ", "]", 1),
        ("<<EOT\n${", "}\nEOT\n", 2),
    ];
    let mut open = String::new();
    let mut close = Vec::new();
    let mut level = 0;
    for (open_text, close_text, levels) in KINDS.iter().cycle() {
        if level == depth {
            break;
        }
        let (open_text, close_text, levels) = if level + levels > depth {
            ("[", "]", 1)
        } else {
            (*open_text, *close_text, *levels)
        };
        open.push_str(open_text);
        close.push(close_text);
        level += levels;
    }
    close.reverse();
    format!("{open}x{}", close.concat())
}

#[test]
fn deep_mixed_nesting_parses_on_a_small_stack() {
    on_small_stack(|| {
        let expr = mixed_nesting(127);
        expr_ok(&expr);
        let src = format!("a = {expr}\n");
        parse_ok(&src);
        let src = format!("${{{expr}}}");
        template_ok(&src);
        // Inside blocks, which count too, with their labels.
        let src = format!(
            "{}a = {}\n{}",
            "b \"l\" {\n".repeat(14),
            mixed_nesting(100),
            "}\n".repeat(14)
        );
        parse_ok(&src);
        let src = format!("a = {}\n", mixed_nesting(128));
        parse_ok(&src);
        let src = format!("a = {}\n", mixed_nesting(129));
        assert!(parse(&src, "t.hcl")
            .unwrap_err()
            .to_string()
            .contains("max_nesting_depth"));
    });
}

#[test]
fn long_flat_inputs_parse_on_a_small_stack() {
    on_small_stack(|| {
        // Many items, long lists and long traversals are not nesting.
        let src = "b {\n  c = [1, 2]\n}\n".repeat(500);
        let file = parse_ok(&src);
        assert_eq!(file.body.blocks.len(), 500);
        let src = format!("a = [{}]\n", "1, ".repeat(5_000));
        parse_ok(&src);
        let src = format!("a = x{}\n", ".b".repeat(2_000));
        parse_ok(&src);
        let src = format!("a = \"{}\"\n", "x${y}".repeat(2_000));
        parse_ok(&src);
        let src = format!("a = {{\n{}}}\n", "k = 1\n".repeat(2_000));
        parse_ok(&src);
    });
}

#[test]
fn rendered_diagnostics() {
    for (src, expected) in [
        (
            "a = 1 b = 2\n",
            "Error: Missing newline after argument\n  \
             --> main.hcl:1:7\n  \
             |\n\
             1 | a = 1 b = 2\n  \
             |       ^\n\
             \n\
             An argument definition must end with a newline.\n",
        ),
        (
            "a = 1,\n",
            "Error: Unexpected comma after argument\n  \
             --> main.hcl:1:6\n  \
             |\n\
             1 | a = 1,\n  \
             |      ^\n\
             \n\
             Argument definitions must be separated by newlines, not commas. An argument \
             definition must end with a newline.\n",
        ),
        (
            "svc \"web\" {\n  port = 80\n",
            "Error: Unclosed configuration block\n  \
             --> main.hcl:1:11\n  \
             |\n\
             1 | svc \"web\" {\n  \
             |           ^\n\
             \n\
             There is no closing brace for this block before the end of the file. This may be \
             caused by incorrect brace nesting elsewhere in this file.\n",
        ),
        (
            "a = 1.2.3\n",
            "Error: Invalid number literal\n  \
             --> main.hcl:1:5\n  \
             |\n\
             1 | a = 1.2.3\n  \
             |     ^^^^^\n\
             \n\
             Failed to recognize the value of this number literal.\n",
        ),
        (
            "\tx = \"\\q\"\n",
            "Error: Invalid escape sequence\n  \
             --> main.hcl:1:7\n  \
             |\n\
             1 |  x = \"\\q\"\n  \
             |       ^^\n\
             \n\
             The symbol \"q\" is not a valid escape sequence selector.\n",
        ),
        (
            "\n\n\n\n\n\n\n\n\n\n\nx = 1\nx = 2\n",
            "Error: Attribute redefined\n   \
             --> main.hcl:13:1\n   \
             |\n\
             13 | x = 2\n   \
             | ^\n\
             \n\
             The argument \"x\" was already set at main.hcl:12,1-2. Each argument may be set \
             only once.\n",
        ),
    ] {
        let diags = parse(src, "main.hcl").unwrap_err();
        assert_eq!(diags.to_string(), expected, "source: {src:?}");
    }
}

#[test]
fn rendered_diagnostics_of_expressions_templates_and_limits() {
    let diags = parse_template("%{ if x }\n%{ endfor }", "t.tmpl").unwrap_err();
    assert_eq!(
        diags.to_string(),
        "Error: Unexpected endfor directive\n  \
         --> t.tmpl:2:1\n  \
         |\n\
         2 | %{ endfor }\n  \
         | ^^^^^^^^^^^\n\
         \n\
         Expecting an endif directive for the if started at t.tmpl:1,1-10.\n"
    );
    let diags = parse_expression("a.0.1", "e.hcl").unwrap_err();
    assert_eq!(
        diags.to_string(),
        "Error: Invalid legacy index syntax\n  \
         --> e.hcl:1:3\n  \
         |\n\
         1 | a.0.1\n  \
         |   ^^^\n\
         \n\
         When using the legacy index syntax, chaining two indexes together is not \
         permitted. Use the proper index syntax instead, like [0][1].\n"
    );
    let options = ParseOptions {
        limits: Limits {
            max_nesting_depth: 2,
            ..Limits::default()
        },
    };
    let diags = parse_with("a = [[[1]]]\n", "deep.hcl", &options).unwrap_err();
    assert_eq!(
        diags.to_string(),
        "Error: Nesting too deep\n  \
         --> deep.hcl:1:7\n  \
         |\n\
         1 | a = [[[1]]]\n  \
         |       ^\n\
         \n\
         This expression or block is nested more than 2 levels deep, the limit \
         (max_nesting_depth) for brackets, braces, parentheses, template sequences, \
         conditionals, blocks and block labels.\n"
    );
}

/// The diagnostic of an expression tree deeper than `max_expression_depth`:
/// it names the limit and points at `(line, column)`.
#[track_caller]
fn check_expression_too_deep(src: &str, diags: &Diagnostics, at: (u32, u32)) {
    check_diags_in_bounds(src, diags);
    let first = &diags.as_slice()[0];
    assert_eq!(first.code, Code::ExpressionTooDeep, "{diags}");
    assert!(
        first.detail.contains("max_expression_depth"),
        "{}",
        first.detail
    );
    let subject = first.subject.as_ref().unwrap();
    assert_eq!((subject.start.line, subject.start.column), at, "{diags}");
}

/// Chains that are no nesting of delimiters still make deep trees: each is
/// stopped at the limit, on a small stack, with the tree dropped safely.
#[test]
fn long_chains_are_limited_not_a_crash() {
    on_small_stack(|| {
        // (expression, column of the subject)
        let cases = [
            // Prefix operators: the 257th is one level too deep.
            (format!("{}1", "-".repeat(2500)), 257),
            (format!("{}a", "!".repeat(2500)), 257),
            (format!("{}1", "- !".repeat(1000)), 3 * 128 + 1),
            // Full splats: each applies the rest of the chain to elements,
            // one level down; the element of the 256th is the 257th level.
            (format!("a{}", "[*]".repeat(600)), 2 + 3 * 255),
            (format!("a{}.b", "[*].c".repeat(600)), 5 * 255),
            // A left-deep chain of binary operators.
            (format!("{}1", "1 + ".repeat(20_000)), 3 + 4 * 255),
            (format!("{}1", "a * b - ".repeat(5_000)), 7 + 8 * 254),
            // Indexes with keys that are not literals wrap the collection.
            (format!("a{}", "[x]".repeat(20_000)), 2 + 3 * 255),
            // Alternating indexes and attributes: the 256th step.
            (format!("f(){}", "[x].y".repeat(20_000)), 4 + 5 * 127 + 3),
        ];
        for (src, column) in cases {
            let diags = parse_expression(&src, "t.hcl").unwrap_err();
            check_expression_too_deep(&src, &diags, (1, column));
            // As an attribute's value, the same place four columns on.
            let body = format!("x = {src}\n");
            let diags = parse(&body, "t.hcl").unwrap_err();
            check_expression_too_deep(&body, &diags, (1, column + 4));
        }
        // Directives nest the template parts inside them: the condition of
        // the 255th `if` is the 257th level, the template being the first.
        let src = format!("\"{}{}\"", "%{if a}".repeat(1000), "%{endif}".repeat(1000));
        let diags = parse_expression(&src, "t.hcl").unwrap_err();
        check_expression_too_deep(&src, &diags, (1, 2 + 7 * 254 + 5));
        // In a template file, the 256th `for` is the 256th level.
        let src = format!("{}x", "%{ for x in y }".repeat(1000));
        let diags = parse_template(&src, "t.tmpl").unwrap_err();
        check_expression_too_deep(&src, &diags, (1, 1 + 15 * 255 + 12));
        let src = format!("x = <<EOT\n{}EOT\n", "%{ if a }\n".repeat(1000));
        let diags = parse(&src, "t.hcl").unwrap_err();
        check_expression_too_deep(&src, &diags, (256, 7));
    });
}

#[test]
fn chains_within_the_expression_limit_parse() {
    on_small_stack(|| {
        for src in [
            format!("{}1", "-".repeat(255)),
            format!("{}1", "1 + ".repeat(255)),
            format!("a{}", "[*]".repeat(255)),
            format!("a{}", "[x]".repeat(255)),
            format!("a{}", ".b[0]".repeat(5_000)),
            format!("{}1", "1 + ".repeat(100)),
            // The condition of the innermost `if` is the deepest.
            format!("\"{}{}\"", "%{if a}".repeat(254), "%{endif}".repeat(254)),
        ] {
            expr_ok(&src);
        }
        // A flat chain of equal operators nests; a tuple of them does not.
        let src = format!("[{}]", "1 + 1, ".repeat(5_000));
        expr_ok(&src);
        let src = format!("{}1", "1 + ".repeat(256));
        check_expression_too_deep(&src, &parse_expression(&src, "t").unwrap_err(), (1, 1023));
    });
}

#[test]
fn the_expression_limit_is_configurable_and_counts_nesting() {
    let options = |max_expression_depth| ParseOptions {
        limits: Limits {
            max_expression_depth,
            ..Limits::default()
        },
    };
    // `a + (b * -c)`: the sum, the parentheses, the product, the negation
    // and `c` are five levels.
    let src = "x = a + (b * -c)\n";
    parse_with(src, "t.hcl", &options(5)).unwrap();
    // Operators are checked as they combine their operands.
    let diags = parse_with(src, "t.hcl", &options(4)).unwrap_err();
    check_expression_too_deep(src, &diags, (1, 7));
    // Conditionals, templates and indexes count like any nesting.
    let src = "x = a ? \"${b[c]}\" : d\n";
    parse_with(src, "t.hcl", &options(4)).unwrap();
    let diags = parse_with(src, "t.hcl", &options(3)).unwrap_err();
    check_expression_too_deep(src, &diags, (1, 13));
    // Each top-level attribute starts again from the top.
    let src = "x = -1\ny = -2\n";
    parse_with(src, "t.hcl", &options(2)).unwrap();
}

/// `x ? ` repeated nests conditionals without any delimiter: pest recurses
/// once per level, so they count towards `max_nesting_depth`.
#[test]
fn deep_conditionals_are_a_diagnostic_not_a_crash() {
    on_small_stack(|| {
        let src = format!("{}1{}", "x ? ".repeat(1000), " : 2".repeat(1000));
        check_too_deep(
            &src,
            parse_expression(&src, "t").unwrap_err(),
            (1, 3 + 4 * 128),
        );
        let src = format!("{}1", "x ? 1 : ".repeat(1000));
        check_too_deep(
            &src,
            parse_expression(&src, "t").unwrap_err(),
            (1, 3 + 8 * 128),
        );
        let src = format!("a = {}1{}\n", "x ? ".repeat(1000), " : 2".repeat(1000));
        check_too_deep(&src, parse(&src, "t").unwrap_err(), (1, 7 + 4 * 128));
        // Within the limit, they parse.
        let src = format!("{}1{}", "x ? ".repeat(100), " : 2".repeat(100));
        expr_ok(&src);
        let src = format!("{}1", "x ? 1 : ".repeat(100));
        expr_ok(&src);
        // Conditionals side by side do not nest.
        let src = format!("[{}]", "x ? 1 : 2, ".repeat(1000));
        expr_ok(&src);
        let src: String = (0..1000).map(|i| format!("a{i} = x ? 1 : 2\n")).collect();
        parse_ok(&src);
    });
}

/// The deepest trees the default limits allow can be evaluated and dropped
/// on a small stack, in debug builds too.
#[test]
fn the_deepest_allowed_trees_evaluate_on_a_small_stack() {
    use crate::eval::EvalContext;
    on_small_stack(|| {
        let for_levels = "[for v in [1]: ".repeat(127);
        let for_ends = "]".repeat(127);
        for src in [
            format!("{}1", "1 + ".repeat(255)),
            format!("{}1", "-".repeat(255)),
            format!("[1]{}", "[*]".repeat(254)),
            format!("{}1", "false ? 1 : ".repeat(127)),
            format!("{for_levels}[1]{}{for_ends}", "[*]".repeat(127)),
            format!("{for_levels}{}1{for_ends}", "1 + ".repeat(128)),
            format!("{}[1]{}", "tolist(".repeat(127), ")".repeat(127)),
            format!(
                "\"{}x{}\"",
                "%{if true}".repeat(254),
                "%{endif}".repeat(254)
            ),
            format!("a{}", "[0 + 0]".repeat(254)),
            format!("{}1{}", "\"a${".repeat(63), "}\"".repeat(63)),
        ] {
            let expr = expr_ok(&src);
            let file = std::sync::Arc::new(SourceFile::new("t.hcl", &src));
            let _ = EvalContext::new().evaluate_with_diagnostics(&expr, &file);
            drop(expr);
        }
    });
}

#[test]
fn block_labels_count_as_nesting_levels() {
    // Whatever groups blocks by label (decoding into maps, the JSON form)
    // recurses once per label, so labels are nesting levels: a block and
    // its labels, with those of the blocks around it, stay within
    // `max_nesting_depth`.
    let labels = |n: usize| " \"l\"".repeat(n);
    let src = format!("b{} {{}}\n", labels(127));
    assert_eq!(
        parse(&src, "t.hcl").unwrap().body.blocks[0].labels.len(),
        127
    );
    for n in [128, 22_000] {
        let src = format!("b{} {{}}\n", labels(n));
        // The 128th label is the first level past the limit.
        check_too_deep(&src, parse(&src, "t.hcl").unwrap_err(), (1, 3 + 127 * 4));
    }
    // Nested blocks add up: 2 levels outside, so 125 labels fit inside.
    let nested = |n: usize| format!("a \"x\" {{\n  b{} {{}}\n}}\n", labels(n));
    assert!(parse(&nested(125), "t.hcl").is_ok());
    check_too_deep(
        &nested(126),
        parse(&nested(126), "t.hcl").unwrap_err(),
        (2, 5 + 125 * 4),
    );
    // A lower limit, on the direct parser's path and on pest's alike.
    let limits = Limits {
        max_nesting_depth: 4,
        ..Limits::default()
    };
    let options = ParseOptions { limits };
    assert!(parse_with("a one \"2\" three {}\n", "t.hcl", &options).is_ok());
    let src = "a one \"2\" three \"4\" {}\n";
    let diags = parse_with(src, "t.hcl", &options).unwrap_err();
    check_too_deep(src, diags, (1, 17));
}

#[test]
fn repeated_attributes_in_a_large_block_are_each_reported() {
    // Names are looked up in a map once a body is large: the first
    // definition is still the one each repetition names.
    let mut src = String::from("b {\n");
    for i in 0..100 {
        src.push_str(&format!("  a{i} = {i}\n"));
    }
    src.push_str("  a7 = 1\n  a99 = 2\n  a7 = 3\n}\n");
    let diags = parse(&src, "t.hcl").unwrap_err();
    let found: Vec<(Code, u32)> = diags
        .iter()
        .map(|d| (d.code, d.subject.as_ref().unwrap().start.line))
        .collect();
    assert_eq!(
        found,
        [
            (Code::AttributeRedefined, 102),
            (Code::AttributeRedefined, 103),
            (Code::AttributeRedefined, 104)
        ]
    );
    assert!(diags.as_slice()[0]
        .detail
        .contains("already set at t.hcl:9,3-5"));
    assert!(diags.as_slice()[1]
        .detail
        .contains("already set at t.hcl:101,3-6"));
}
