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
    assert_eq!(first.summary, "Nesting too deep");
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
        let src = "${".repeat(n);
        let diags = parse_template(&src, "t.tmpl").unwrap_err();
        assert!(diags.to_string().contains("max_nesting_depth"));
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
        // Inside blocks, which count too.
        let src = format!(
            "{}a = {}\n{}",
            "b \"l\" {\n".repeat(27),
            mixed_nesting(100),
            "}\n".repeat(27)
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
             There is no closing brace for the block that starts at 1:11. This may be caused \
             by incorrect brace nesting elsewhere in this file.\n",
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
             The symbol \"q\" is not a valid escape sequence selector. Valid escapes are \\n, \
             \\r, \\t, \\\", \\\\, \\uNNNN and \\UNNNNNNNN.\n",
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
         (max_nesting_depth) for brackets, braces, parentheses, template sequences and \
         blocks.\n"
    );
}
