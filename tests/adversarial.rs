//! Hostile inputs: each test builds one in code and checks the concrete
//! outcome, a parse with the expected contents or a diagnostic naming the
//! limit that stopped it. Nothing a file contains may crash the host, make
//! it run out of memory, or take time that grows faster than the input.
//!
//! No test here measures time: how parsing time grows with the size of
//! such inputs is measured by `cargo bench -p hcl-bench --features peers --bench linear`.

use std::sync::Arc;

use hcl_core::ast::{ExpressionKind, TemplatePart};
use hcl_core::{parse, Code, Diagnostic, Diagnostics, EvalContext, File, Limits, Value};

/// Runs `f` on a thread with a 2 MiB stack, as small as the test harness
/// gives, so that a test fails on deep recursion whatever the platform.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic");
}

/// The diagnostics of a file that must not parse.
fn parse_err(src: &str) -> Diagnostics {
    match parse(src, "adversarial.hcl") {
        Ok(file) => panic!(
            "parsed, with {} attributes",
            file.body.attributes.len() + file.body.blocks.len()
        ),
        Err(diags) => diags,
    }
}

/// The first diagnostic, which must be an error.
fn first(diags: &Diagnostics) -> &Diagnostic {
    let d = diags.iter().next().expect("a diagnostic");
    assert!(d.is_error(), "{d}");
    d
}

/// Asserts that the first diagnostic is of kind `code` and that its detail
/// names `limit` as the existing limits do, `(limit NAME)` or `(NAME)`.
fn assert_limit(diags: &Diagnostics, code: Code, limit: &str) {
    let d = first(diags);
    assert_eq!(d.code, code, "{d}");
    assert!(
        d.detail.contains(&format!("(limit {limit})")) || d.detail.contains(&format!("({limit})")),
        "the detail does not name {limit}: {}",
        d.detail
    );
    assert!(d.subject.is_some(), "no source range: {d}");
}

/// Asserts that the first diagnostic is of kind `code` and has a detail
/// containing `part` (a function's own limit, named in its message).
fn assert_detail(diags: &Diagnostics, code: Code, part: &str) {
    let d = first(diags);
    assert_eq!(d.code, code, "{d}");
    assert!(d.detail.contains(part), "{part:?} not in {}", d.detail);
    assert!(d.subject.is_some(), "no source range: {d}");
}

/// Evaluates `src` as one expression with the standard functions and
/// `vars`.
fn eval_with(src: &str, vars: &[(&str, Value)]) -> Result<Value, Diagnostics> {
    let mut ctx = EvalContext::new();
    for (name, value) in vars {
        ctx.set_variable(name, value.clone());
    }
    ctx.evaluate_str(src)
}

/// Evaluates attribute `i` of a parsed file in `ctx`.
fn eval_attr(file: &File<'_>, i: usize, ctx: &EvalContext<'_>) -> Result<Value, Diagnostics> {
    ctx.evaluate(&file.body.attributes[i].expr, &file.source)
}

fn eval(src: &str) -> Result<Value, Diagnostics> {
    eval_with(src, &[])
}

fn eval_err(src: &str) -> Diagnostics {
    eval(src).expect_err("an evaluation error")
}

/// A tuple of the numbers `0..n`.
fn numbers(n: usize) -> Value {
    Value::tuple((0..n as i64).map(Value::from).collect())
}

const NESTING: &str = "max_nesting_depth";
const EXPRESSION: &str = "max_expression_depth";

// ---------------------------------------------------------------------------
// Parsing

#[test]
fn a_hundred_thousand_nested_brackets_braces_and_parentheses() {
    for open in ["[", "{", "(", "f(", "[for x in ", "\"${"] {
        // Unclosed, and closed after a value.
        let unclosed = format!("a = {}", open.repeat(100_000));
        assert_limit(&parse_err(&unclosed), Code::NestingTooDeep, NESTING);
        let close = match open {
            "[" | "[for x in " => "]",
            "{" => "}",
            "\"${" => "}\"",
            _ => ")",
        };
        let closed = format!("a = {}x{}\n", open.repeat(100_000), close.repeat(100_000));
        assert_limit(&parse_err(&closed), Code::NestingTooDeep, NESTING);
    }
    // Blocks nest too.
    let blocks = "b {\n".repeat(100_000);
    assert_limit(&parse_err(&blocks), Code::NestingTooDeep, NESTING);
}

#[test]
fn the_deepest_nesting_allowed_parses() {
    let depth = Limits::default().max_nesting_depth;
    let src = format!("a = {}1{}\n", "[".repeat(depth), "]".repeat(depth));
    let file = parse(&src, "deep.hcl").expect("parses");
    assert_eq!(file.body.attributes.len(), 1);
    let src = format!("a = {}1{}\n", "[".repeat(depth + 1), "]".repeat(depth + 1));
    assert_limit(&parse_err(&src), Code::NestingTooDeep, NESTING);
}

#[test]
fn a_ten_megabyte_string_literal() {
    let body = "x".repeat(10 << 20);
    let src = format!("a = \"{body}\"\n");
    let file = parse(&src, "big.hcl").expect("parses");
    assert_eq!(file.body.attributes.len(), 1);
    let value = eval_attr(&file, 0, &EvalContext::new()).expect("evaluates");
    assert_eq!(value.as_str().map(str::len), Some(10 << 20));
}

#[test]
fn a_million_attributes() {
    let src: String = (0..1_000_000).map(|i| format!("a{i} = {i}\n")).collect();
    let file = parse(&src, "many.hcl").expect("parses");
    assert_eq!(file.body.attributes.len(), 1_000_000);
    assert_eq!(file.body.attributes[999_999].name, "a999999");
}

#[test]
fn a_heredoc_with_no_end() {
    let src = format!("a = <<EOT\n{}", "line ${x}\n".repeat(200_000));
    let diags = parse_err(&src);
    let d = first(&diags);
    assert_eq!(d.code, Code::UnterminatedTemplate, "{d}");
    // At the end of the input, where the marker was looked for.
    assert_eq!(d.subject.as_ref().map(|r| r.start.line), Some(200_002));
}

#[test]
fn unterminated_string_template_and_comment_at_the_end_of_a_big_file() {
    let big: String = (0..100_000).map(|i| format!("a{i} = 1\n")).collect();
    let last_line = 100_001;
    let cases = [
        ("b = \"abc", Code::UnterminatedTemplate),
        ("b = \"abc ${x", Code::UnclosedInterpolation),
        ("b = \"abc %{ if x }", Code::UnterminatedTemplate),
        ("b = [1, 2", Code::UnterminatedTuple),
        ("/* abc", Code::ArgumentOrBlockRequired),
    ];
    for (tail, code) in cases {
        let src = format!("{big}{tail}");
        let diags = parse_err(&src);
        // A lexical error of the line (a string split over lines) may come
        // first, as the reference reports those before syntax errors.
        let d = diags
            .iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("{tail}: no {code} in {diags}"));
        let line = d.subject.as_ref().map(|r| r.start.line);
        assert_eq!(line, Some(last_line), "{tail}: {d}");
        assert!(diags
            .iter()
            .all(|d| d.subject.as_ref().map(|r| r.start.line) == Some(last_line)));
    }
}

#[test]
fn long_runs_of_operators() {
    // A binary operator needs an operand after it.
    let plus = format!("a = 1 {}1\n", "+ ".repeat(100_000));
    let diags = parse_err(&plus);
    assert_eq!(first(&diags).code, Code::InvalidExpression);
    // Prefix operators nest one level each.
    for op in ["- ", "!", "-"] {
        let src = format!("a = {}1\n", op.repeat(100_000));
        assert_limit(&parse_err(&src), Code::ExpressionTooDeep, EXPRESSION);
    }
    // A long chain of binary operators nests one level per operator.
    let chain = format!("a = 1{}\n", " + 1".repeat(100_000));
    assert_limit(&parse_err(&chain), Code::ExpressionTooDeep, EXPRESSION);
    // Within the limit, it parses and evaluates.
    let depth = Limits::default().max_expression_depth;
    let chain = format!("a = 0{}\n", " + 1".repeat(depth - 1));
    let file = parse(&chain, "chain.hcl").expect("parses");
    let value = eval_attr(&file, 0, &EvalContext::new());
    assert_eq!(value.expect("evaluates"), Value::from((depth - 1) as i64));
}

#[test]
fn nested_conditionals() {
    let src = format!("a = x {}y\n", "? y ".repeat(100_000));
    assert_limit(&parse_err(&src), Code::NestingTooDeep, NESTING);
    let src = format!("a = {}y\n", "x ? y : ".repeat(100_000));
    assert_limit(&parse_err(&src), Code::NestingTooDeep, NESTING);
}

#[test]
fn long_chains_of_traversal_steps() {
    // Attribute and literal index steps are one flat traversal.
    for step in [".attr", "[0]", "[\"k\"]"] {
        let src = format!("a = x{}\n", step.repeat(100_000));
        let file = parse(&src, "chain.hcl").expect("parses");
        let expr = &file.body.attributes[0].expr;
        match &expr.kind {
            ExpressionKind::ScopeTraversal { steps, .. } => assert_eq!(steps.len(), 100_000),
            _ => panic!("not a traversal"),
        }
        // Evaluated against an unknown value: unknown, step by step.
        let mut ctx = EvalContext::new();
        ctx.set_variable("x", Value::dynamic());
        let value = eval_attr(&file, 0, &ctx).expect("evaluates");
        assert!(!value.is_known());
    }
    // Steps that are expressions nest one level each.
    let src = format!("a = x{}\n", "[y]".repeat(100_000));
    assert_limit(&parse_err(&src), Code::ExpressionTooDeep, EXPRESSION);
    let src = format!("a = x{}\n", "[*]".repeat(100_000));
    assert_limit(&parse_err(&src), Code::ExpressionTooDeep, EXPRESSION);
}

#[test]
fn unclosed_nesting_just_under_the_limit_fails_fast() {
    // Inputs that make a backtracking parser retry alternatives at every
    // level: nested constructs, each unfinished, up to the deepest nesting
    // allowed, ending in a token that fits nowhere.
    let opens = [
        "(",
        "[",
        "{a = ",
        "f(x, ",
        "[for x in ",
        "{for k, v in ",
        "[for x in y: ",
        "x ? ",
        "x ? y : ",
        "x[",
        "-(",
        "1 + (",
        "[1, ",
    ];
    for open in opens {
        let levels = open.matches(['(', '[', '{', '?']).count();
        let n = Limits::default().max_nesting_depth / levels - 1;
        for tail in ["", "1 +", "x y", "?", ":", "=>"] {
            let src = format!("a = {}{tail}\n", open.repeat(n));
            let Err(diags) = parse(&src, "unclosed.hcl") else {
                panic!("{open:?} {tail:?} parsed");
            };
            assert!(!first(&diags).summary.is_empty());
        }
    }
    // `for` without `in`, and with nothing after `in`.
    let src = format!("a = [for x {}]\n", "x ".repeat(100_000));
    assert_eq!(first(&parse_err(&src)).code, Code::InvalidForExpression);
    let src = format!("a = [for {} in]\n", "x, ".repeat(100_000));
    assert!(first(&parse_err(&src)).is_error());
    // `a = {a = {a = ...` without closing.
    let src = format!("a = {}", "{a = ".repeat(100_000));
    assert_limit(&parse_err(&src), Code::NestingTooDeep, NESTING);
    // Long runs of template sequence openers, nested or not. (`"${${`
    // is no nesting: the second `$` is in code, an invalid character.)
    let src = format!("a = \"{}\"\n", "${\"".repeat(100_000));
    assert_limit(&parse_err(&src), Code::NestingTooDeep, NESTING);
    let src = format!("a = \"{}\"\n", "${x}%{ if x }".repeat(10_000));
    assert_limit(&parse_err(&src), Code::ExpressionTooDeep, EXPRESSION);
    let src = format!("a = \"{}\"\n", "${x}$${".repeat(100_000));
    let file = parse(&src, "t.hcl").expect("escaped openers are text");
    assert_eq!(file.body.attributes.len(), 1);
}

#[test]
fn many_blocks_and_long_flat_lists() {
    let src = "service \"web\" { port = 80 }\n".repeat(200_000);
    assert_eq!(
        parse(&src, "b.hcl").expect("parses").body.blocks.len(),
        200_000
    );
    let src = format!("a = [{}]\n", "1, ".repeat(1_000_000));
    let file = parse(&src, "l.hcl").expect("parses");
    match &file.body.attributes[0].expr.kind {
        ExpressionKind::Tuple(items) => assert_eq!(items.len(), 1_000_000),
        _ => panic!("not a tuple"),
    }
    let src = format!("a = \"{}\"\n", "${x}".repeat(500_000));
    let file = parse(&src, "t.hcl").expect("parses");
    match &file.body.attributes[0].expr.kind {
        ExpressionKind::Template(t) => {
            let interpolations = t
                .parts
                .iter()
                .filter(|p| matches!(p, TemplatePart::Interpolation(_)))
                .count();
            assert_eq!(interpolations, 500_000);
        }
        _ => panic!("not a template"),
    }
}

// ---------------------------------------------------------------------------
// Numbers

#[test]
fn a_megabyte_of_digits() {
    let digits = "7".repeat(1 << 20);
    // It parses (the text is kept as written) but is not read.
    let src = format!("a = {digits}\n");
    let file = parse(&src, "n.hcl").expect("parses");
    let err = eval_attr(&file, 0, &EvalContext::new()).expect_err("too many digits");
    assert_limit(&err, Code::InvalidNumberLiteral, "Number::MAX_DIGITS");
    // The same digits as a string converted to a number.
    let err = eval(&format!("tonumber(\"{digits}\")")).expect_err("too many digits");
    assert_detail(&err, Code::InvalidFunctionArgument, "(Number::MAX_DIGITS)");
    let err = eval(&format!("\"{digits}\" + 1")).expect_err("too many digits");
    assert_detail(&err, Code::InvalidOperand, "(Number::MAX_DIGITS)");
    // Leading zeros do not count; digits up to the limit are read.
    let ok = format!("0.{}{}", "0".repeat(1 << 20), "7".repeat(9_000));
    assert!(eval(&ok).expect("reads").as_number().is_some());
    assert!(eval(&format!("parseint(\"{digits}\", 10)")).is_err());
}

#[test]
fn huge_exponents() {
    assert_eq!(
        eval("1e999999999").expect("reads"),
        eval("1/0").expect("infinity")
    );
    assert_eq!(eval("1e-999999999 == 0").expect("reads"), Value::from(true));
    // Finite numbers near 2^(2^31): arithmetic, comparison and rounding
    // never expand them.
    let big = "1e600000000";
    for src in [
        format!("{big} * 3 > {big}"),
        format!("{big} + 1 == {big}"),
        format!("{big} != {big} * 1.0000001"),
        format!("floor({big} + 0.5) == ceil({big})"),
        format!("abs(-{big}) == {big}"),
        format!("max({big}, 1) == {big}"),
        format!("{big} % 3 >= 0"),
        format!("length(toset([{big}, {big}, {big} * 2])) == 2"),
        format!("contains([{big}], {big})"),
    ] {
        assert_eq!(eval(&src).expect(&src), Value::from(true), "{src}");
    }
    // pow works on floats: beyond their range it is infinite at once.
    for src in ["pow(10, 1e9)", "pow(2, 1e9)", "pow(1e300, 1e300)"] {
        assert!(eval(src)
            .expect(src)
            .as_number()
            .is_some_and(|n| n.is_infinite()));
    }
    assert_eq!(eval("pow(10, -1e9)").expect("zero"), Value::from(0));
    // A product of huge factors is just as cheap.
    let chain = vec!["1e300000"; 200].join(" * ");
    assert!(eval(&format!("({chain}) > 1")).expect("chain") == Value::from(true));
}

#[test]
fn writing_out_huge_numbers() {
    const LIMIT: &str = "NUMBER_TEXT_MAX_BITS";
    let cases = [
        ("tostring(1e600000000)", Code::InvalidFunctionArgument),
        ("\"n = ${1e600000000}\"", Code::InvalidTemplateValue),
        ("\"n = ${1e-600000000}\"", Code::InvalidTemplateValue),
        ("\"n = ${1e300000 * 1e300000}\"", Code::InvalidTemplateValue),
        ("join(\",\", [1e400000])", Code::InvalidFunctionArgument),
        ("format(\"%d\", 1e1000000)", Code::FunctionCallFailed),
        ("format(\"%f\", 1e-1000000)", Code::FunctionCallFailed),
        ("format(\"%e\", 1e100000000)", Code::FunctionCallFailed),
        ("jsonencode(1e1000000)", Code::FunctionCallFailed),
    ];
    for (src, code) in cases {
        let err = eval(src).expect_err(src);
        assert_detail(&err, code, LIMIT);
    }
    // Below the limit, the text is written in full, quickly.
    let text = eval("tostring(1e300000)").expect("writes");
    assert_eq!(text.as_str().map(str::len), Some(300_001));
    let text = eval("tostring(1e-300000 / 3)").expect("writes");
    assert_eq!(text.as_str().map(str::len), Some(300_157));
}

#[test]
fn many_huge_numbers_written_out_stop_at_the_evaluation_limit() {
    // Each number's text is 300 000 digits: a thousand of them would be
    // 300 MB.
    let list = format!("[{}]", vec!["1e300000"; 1000].join(", "));
    let err = eval(&format!("join(\",\", {list})")).expect_err("too long");
    assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
    let err = eval("[for i in range(1000): \"${1e300000 + i}\"]").expect_err("too long");
    assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
}

// ---------------------------------------------------------------------------
// Evaluation

#[test]
fn three_nested_for_expressions_over_ranges() {
    // A billion elements: stopped, not allocated.
    let src = "[for a in range(1024): [for b in range(1024): [for c in range(1024): c]]]";
    assert_limit(&eval_err(src), Code::TooManyValues, "max_eval_values");
}

#[test]
fn three_nested_for_expressions_building_objects() {
    let src = "{for a in range(1024): a => [for b in range(1024): {for c in range(1024): c => b}]}";
    assert_limit(&eval_err(src), Code::TooManyValues, "max_eval_values");
}

#[test]
fn three_nested_for_expressions_filtering_everything_out() {
    // Iterations count even when their elements are left out.
    let src = "[for a in range(1024): [for b in range(1024): [for c in range(1024): c if false]]]";
    assert_limit(&eval_err(src), Code::TooManyValues, "max_eval_values");
}

#[test]
fn a_million_values_from_two_nested_for_expressions_are_allowed() {
    let grid = eval("[for a in range(1024): [for b in range(1024): a * b]]").expect("grid");
    assert_eq!(grid.length(), Some(1024));
}

#[test]
fn templates_that_build_huge_strings() {
    let src = "\"%{for a in range(1024)}%{for b in range(1024)}%{for c in range(1024)}x%{endfor}%{endfor}%{endfor}\"";
    assert_limit(&eval_err(src), Code::TooManyValues, "max_eval_values");
    let kb = Value::string("k".repeat(1024));
    let src = "\"%{for a in range(1024)}%{for b in range(1024)}${s}%{endfor}%{endfor}\"";
    let err = eval_with(src, &[("s", kb.clone())]).expect_err("a gigabyte");
    assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
    let src = "[for a in range(1024): \"${s}${s}${s}\"]";
    let mb = Value::string("m".repeat(1 << 20));
    let err = eval_with(src, &[("s", mb)]).expect_err("three gigabytes");
    assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
    // Ten megabytes are fine.
    let src = "\"%{for a in range(1024)}%{for b in range(10)}${s}%{endfor}%{endfor}\"";
    let v = eval_with(src, &[("s", kb)]).expect("ten megabytes");
    assert_eq!(v.as_str().map(str::len), Some(10 << 20));
}

/// `big`: the numbers `0..100_000`; `s`: a string of 1 MiB.
fn function_vars() -> [(&'static str, Value); 2] {
    [
        ("big", numbers(100_000)),
        ("s", Value::string("s".repeat(1 << 20))),
    ]
}

#[test]
fn functions_given_or_building_too_many_values() {
    let vars = function_vars();
    let concat = format!("concat({})", vec!["big"; 45].join(", "));
    let cases = [
        concat.as_str(),
        "flatten([for a in range(1024): big])",
        "length(setunion([for a in range(1024): big]...))",
        "[for x in big: contains(big, x)]",
        "[for a in range(1024): big == big]",
        "jsonencode([for a in range(1024): big])",
        "length([for a in range(1024): tolist(big)])",
        "distinct(flatten([for a in range(1024): big]))",
        "[for a in range(1024): big][*][0]",
    ];
    for src in cases {
        let err = eval_with(src, &vars).expect_err(src);
        assert_limit(&err, Code::TooManyValues, "max_eval_values");
    }
}

#[test]
fn conditional_results_converted_count() {
    let vars = function_vars();
    let src = "[for a in range(1024): true ? big : tolist(big)]";
    let err = eval_with(src, &vars).expect_err(src);
    assert_limit(&err, Code::TooManyValues, "max_eval_values");
}

#[test]
fn functions_given_or_building_too_many_bytes() {
    let vars = function_vars();
    let cases = [
        "join(\",\", [for a in range(1024): s])",
        "jsonencode([for a in range(1024): s])",
        "formatlist(\"%s\", [for a in range(1024): s])",
        "[for a in range(1024): upper(s)]",
        "[for a in range(1024): replace(s, \"s\", \"t\")]",
    ];
    for src in cases {
        let err = eval_with(src, &vars).expect_err(src);
        assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
    }
}

#[test]
fn functions_stop_at_their_own_limits() {
    let vars = function_vars();
    let cases = [
        ("range(2000)", "more than 1024 values"),
        ("setproduct(range(1024), range(1024))", "setproduct"),
        (
            "replace(s, \"s\", \"sssssssssssssssss\")",
            "STRING_RESULT_MAX_BYTES",
        ),
        ("format(\"%10001d\", 1)", "FORMAT_MAX_WIDTH"),
        (
            "split(\"\", join(\"\", [s, s]))",
            "SEQUENCE_RESULT_MAX_ELEMENTS",
        ),
        // Each nested group copies the whole match.
        (
            "regexall(\"((((((((((((((((s))))))))))))))))\", s)",
            "SEQUENCE_RESULT_MAX_ELEMENTS",
        ),
        (
            "regex(\"^((((((((((((((((((((s*))))))))))))))))))))$\", s)",
            "STRING_RESULT_MAX_BYTES",
        ),
        // Escaping makes JSON text up to six times its string.
        (
            "jsonencode(replace(s, \"s\", \"<<<<<<<<<<<<<<<<\"))",
            "STRING_RESULT_MAX_BYTES",
        ),
        (
            "regex(\"((a{1000}){1000}){1000}\", s)",
            "REGEX_MAX_COMPILED_BYTES",
        ),
        (
            "jsondecode(\"${join(\"\", [for i in range(1000): \"[\"])}\")",
            "JSON_MAX_DEPTH",
        ),
    ];
    for (src, part) in cases {
        let err = eval_with(src, &vars).expect_err(src);
        assert!(
            err.iter().any(|d| d.detail.contains(part)),
            "{src}: {part:?} not in {err}"
        );
    }
}

#[test]
fn large_function_results_within_the_limits() {
    let vars = function_vars();
    let run = |src: &str| eval_with(src, &vars).expect(src);
    // Unifying the elements' types once per distinct type keeps these
    // linear (the reference compares every pair of element types).
    assert_eq!(run("length(concat(big, big, big))"), Value::from(300_000));
    assert_eq!(run("length(tolist(big))"), Value::from(100_000));
    assert_eq!(run("length(toset(big))"), Value::from(100_000));
    let sorted = run("length(sort([for x in big: tostring(x)]))");
    assert_eq!(sorted, Value::from(100_000));
    assert_eq!(
        run("length(tomap({for x in big: x => x}))"),
        Value::from(100_000)
    );
    assert_eq!(
        run("length(distinct(concat(big, big)))"),
        Value::from(100_000)
    );
}

#[test]
fn large_splats() {
    let objects = Value::tuple(
        (0..200_000i64)
            .map(|i| Value::object([("a", Value::from(i)), ("b", Value::from("x"))]))
            .collect(),
    );
    let vars = [("objs", objects)];
    let v = eval_with("objs[*].a", &vars).expect("splat");
    assert_eq!(v.length(), Some(200_000));
    let v = eval_with("length(objs.*.b)", &vars).expect("splat");
    assert_eq!(v, Value::from(200_000));
    let err = eval_with("[for i in range(100): objs[*].a]", &vars).expect_err("too many");
    assert_limit(&err, Code::TooManyValues, "max_eval_values");
    let err =
        eval_with("[for i in range(1024): [objs, objs]][*][*][*].a", &vars).expect_err("too many");
    assert_limit(&err, Code::TooManyValues, "max_eval_values");
}

/// An object `{ a = { a = ... { a = 1 } } }` `depth` levels deep.
fn deep_object(depth: usize) -> Value {
    let mut v = Value::from(1);
    for _ in 0..depth {
        v = Value::object([("a", v)]);
    }
    v
}

#[test]
fn a_variable_nested_a_hundred_thousand_levels_deep() {
    // Building and dropping such a value recurses once per level, so the
    // host does that on a large stack; evaluation must never recurse into
    // it. The evaluation runs on a small stack.
    let deep = DropOnBigStack(Some(
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(|| Arc::new(deep_object(100_000)))
            .expect("spawn")
            .join()
            .expect("built"),
    ));
    let shared = Arc::clone(deep.0.as_ref().expect("value"));
    on_small_stack(move || {
        let mut ctx = EvalContext::new();
        ctx.set_variable("deep", (*shared).clone());
        for src in [
            "deep",
            "deep.a.a.a",
            "jsonencode(deep)",
            "deep == deep",
            "tostring(deep)",
            "\"${deep}\"",
            "[deep]",
            "try(deep.b, 1)",
            "can(deep)",
            "deep + 1",
            "[for k, v in deep: v]",
        ] {
            let err = ctx.evaluate_str(src).expect_err(src);
            assert_limit(&err, Code::ValueNestedTooDeep, "max_value_depth");
        }
        drop(ctx);
    });
    // Within the limit, everything works on a small stack.
    on_small_stack(|| {
        let mut ctx = EvalContext::new();
        let depth = Limits::default().max_value_depth;
        ctx.set_variable("deep", deep_object(depth));
        ctx.set_variable("deep2", deep_object(depth));
        for src in [
            "deep == deep2",
            "jsonencode(deep) != \"\"",
            "length(toset([deep.a, deep2.a])) == 1",
            "tolist([deep.a]) == tolist([deep2.a])",
        ] {
            assert_eq!(
                ctx.evaluate_str(src).expect(src),
                Value::from(true),
                "{src}"
            );
        }
        let err = ctx.evaluate_str("[[deep]]").expect_err("too deep");
        assert_limit(&err, Code::ValueNestedTooDeep, "max_value_depth");
    });
    drop(deep);
}

/// A value the host drops on a large stack, even when a test fails.
struct DropOnBigStack(Option<Arc<Value>>);

impl Drop for DropOnBigStack {
    fn drop(&mut self) {
        let value = self.0.take();
        let _ = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || drop(value))
            .map(std::thread::JoinHandle::join);
    }
}

#[test]
fn values_grown_through_a_chain_of_evaluations_stop_at_the_depth_limit() {
    // A host that feeds each result into the next expression, as a chain
    // of local values does, cannot nest values without bound.
    on_small_stack(|| {
        let mut value = Value::from(0);
        let mut steps = 0;
        loop {
            let mut ctx = EvalContext::new();
            ctx.set_variable("prev", value.clone());
            match ctx.evaluate_str("[[[[[[[[[[[[[[[[prev]]]]]]]]]]]]]]]]") {
                Ok(v) => value = v,
                Err(err) => {
                    assert_limit(&err, Code::ValueNestedTooDeep, "max_value_depth");
                    break;
                }
            }
            steps += 1;
        }
        assert_eq!(steps, Limits::default().max_value_depth / 16);
    });
}

#[test]
fn limits_hold_inside_try_and_can() {
    // try, can and a conditional's unselected result drop the errors of
    // what they evaluate, never the error of a limit.
    let billion = "[for a in range(1024): [for b in range(1024): [for c in range(1024): c]]]";
    for src in [
        format!("try({billion}, 0)"),
        format!("can({billion})"),
        format!("false ? {billion} : 1"),
    ] {
        let mut ctx = EvalContext::new();
        // A lower limit, as the point is where the error goes.
        ctx.set_limits(Limits {
            max_eval_values: 100_000,
            ..Limits::default()
        });
        let err = ctx.evaluate_str(&src).expect_err(&src);
        assert_limit(&err, Code::TooManyValues, "max_eval_values");
    }
}

#[test]
fn evaluation_limits_are_configurable() {
    let mut ctx = EvalContext::new();
    ctx.set_limits(Limits {
        max_eval_values: 200,
        max_eval_string_bytes: 100,
        max_value_depth: 3,
        ..Limits::default()
    });
    let err = ctx.evaluate_str("range(300)").expect_err("too many");
    assert_limit(&err, Code::TooManyValues, "max_eval_values");
    let err = ctx
        .evaluate_str("\"${\"x\"}%{ for i in range(30) }abcd%{ endfor }\"")
        .expect_err("too long");
    assert_limit(&err, Code::StringsTooLong, "max_eval_string_bytes");
    assert!(ctx.evaluate_str("[[[[1]]]]").is_ok());
    let err = ctx.evaluate_str("[[[[[1]]]]]").expect_err("too deep");
    assert_limit(&err, Code::ValueNestedTooDeep, "max_value_depth");
    assert_eq!(
        ctx.evaluate_str("length(range(50))").expect("fits"),
        Value::from(50)
    );
    // The diagnostic points at the expression that went over.
    let src = "[1, 2, range(300)]";
    let err = ctx.evaluate_str(src).expect_err("too many");
    let range = first(&err).subject.as_ref().expect("subject");
    assert_eq!(
        &src[range.start.byte as usize..range.end.byte as usize],
        "range(300)"
    );
}

#[test]
fn evaluation_has_no_deeper_recursion_than_parsing_allowed() {
    // The deepest expressions the parser accepts evaluate on a small stack
    // (in debug builds too), and the result can be used.
    on_small_stack(|| {
        let depth = Limits::default().max_expression_depth;
        let nesting = Limits::default().max_nesting_depth;
        let sources = [
            format!("a = {}1\n", "-".repeat(depth - 1)),
            format!("a = {}true\n", "!".repeat(depth - 1)),
            format!("a = 1{}\n", " * 1".repeat(depth - 1)),
            format!("a = {}1{}\n", "[".repeat(nesting), "]".repeat(nesting)),
            format!(
                "a = {}1{}\n",
                "f(".repeat(nesting).replace('f', "abs"),
                ")".repeat(nesting)
            ),
            format!(
                "a = {}0{}\n",
                "[for x in [1]: ".repeat(nesting - 1),
                "]".repeat(nesting - 1)
            ),
            format!(
                "a = {}1{}\n",
                "true ? ".repeat(nesting - 1),
                " : 0".repeat(nesting - 1)
            ),
        ];
        for src in sources {
            let file = parse(&src, "deep.hcl").expect("parses");
            let (value, diags) = EvalContext::new()
                .evaluate_with_diagnostics(&file.body.attributes[0].expr, &file.source);
            assert!(!diags.has_errors(), "{diags}");
            assert!(value.is_known());
            let _ = value.to_json_text();
        }
    });
}

#[test]
fn many_distinct_names_decode_into_a_schema_less_target() {
    // A schema-less target has a field for every name: matching items to
    // fields must not search the fields for each item.
    let n = 50_000;
    let text: String = (0..n)
        .map(|i| format!("a{i} = {i}\nb{i} {{\n}}\n"))
        .collect();
    let lazy: serde_json::Value = hcl_serde::from_str(&text).expect("decodes");
    assert_eq!(lazy.as_object().map(|o| o.len()), Some(2 * n));
    assert_eq!(lazy["a49999"], serde_json::json!(49999));
    let file = parse(&text, "names.hcl").expect("parses");
    let body = hcl_core::Body::from_file(&file);
    let whole: serde_json::Value =
        hcl_serde::from_body(&body, &EvalContext::new()).expect("decodes");
    assert_eq!(lazy, whole);
}
