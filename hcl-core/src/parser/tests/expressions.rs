//! Expressions: literals, collections, calls, for expressions, traversals,
//! splats and operators.

use super::*;
use crate::ast::{BinaryOp, TraversalStepKind};

#[test]
fn literals() {
    for (src, expected) in [
        ("1", "1"),
        ("007", "007"),
        ("1.5", "1.5"),
        ("1e3", "1e3"),
        ("1.5E-2", "1.5E-2"),
        ("1E+3", "1E+3"),
        ("12.5e+10", "12.5e+10"),
        (
            "115792089237316195423570985008687907853269984665640564039457584007913129639937",
            "115792089237316195423570985008687907853269984665640564039457584007913129639937",
        ),
        ("true", "true"),
        ("false", "false"),
        ("null", "null"),
        // Keywords are whole identifiers, and case-sensitive.
        ("nullx", "nullx"),
        ("true_", "true_"),
        ("false-y", "false-y"),
        ("True", "True"),
        ("foo-bar", "foo-bar"),
        ("foo - bar", "(- foo bar)"),
        ("café", "café"),
        ("_x1", "_x1"),
    ] {
        check_expr(src, expected);
    }
}

#[test]
fn invalid_numbers() {
    for (src, code, at) in [
        ("1.2.3", Code::InvalidNumberLiteral, (1, 1)),
        ("x + 1.2.3", Code::InvalidNumberLiteral, (1, 5)),
        ("1e", Code::ExtraCharactersAfterExpression, (1, 2)),
        ("1_000", Code::ExtraCharactersAfterExpression, (1, 2)),
        ("0x1F", Code::ExtraCharactersAfterExpression, (1, 2)),
        (".5", Code::InvalidExpression, (1, 1)),
    ] {
        check_expr_error(src, code, at);
    }
    let src = "a = 1.2.3\n";
    let diags = parse(src, "t.hcl").unwrap_err();
    let subject = diags.as_slice()[0].subject.as_ref().unwrap();
    assert_eq!(subject.to_string(), "t.hcl:1,5-10");
}

#[test]
fn tuples() {
    for (src, expected) in [
        ("[]", "(tuple)"),
        ("[1, \"a\", true, null]", "(tuple 1 \"a\" true null)"),
        ("[1, 2,]", "(tuple 1 2)"),
        ("[\n  1,\n  2\n]", "(tuple 1 2)"),
        ("[\n  1,\n  2,\n]", "(tuple 1 2)"),
        (
            "[[1], [], [[2]]]",
            "(tuple (tuple 1) (tuple) (tuple (tuple 2)))",
        ),
        ("[\n]", "(tuple)"),
    ] {
        check_expr(src, expected);
    }
    for (src, code, at) in [
        ("[1 2]", Code::MissingItemSeparator, (1, 4)),
        ("[\n  1\n  2\n]", Code::MissingItemSeparator, (3, 3)),
        ("[,]", Code::InvalidExpression, (1, 2)),
        ("[1,,2]", Code::InvalidExpression, (1, 4)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn objects() {
    for (src, expected) in [
        ("{}", "(obj)"),
        ("{a = 1}", "(obj a=1)"),
        ("{a: 1}", "(obj a=1)"),
        (
            "{a = 1, \"b\" = 2, (c) = 3}",
            "(obj a=1 \"b\"=2 (paren c)=3)",
        ),
        ("{\"${k}\" = 1}", "(obj (wrap k)=1)"),
        ("{a = 1, b = 2,}", "(obj a=1 b=2)"),
        ("{\na = 1\nb = 2\n}", "(obj a=1 b=2)"),
        ("{\na = 1,\nb = 2,\n}", "(obj a=1 b=2)"),
        ("{\n\na = 1\n\n}", "(obj a=1)"),
        ("{a = {b = {}}}", "(obj a=(obj b=(obj)))"),
        ("{if = 1, in = 2}", "(obj if=1 in=2)"),
        ("{a.b = 1}", "(obj a.b=1)"),
        ("{1 = 2}", "(obj 1=2)"),
    ] {
        check_expr(src, expected);
    }
    for (src, code, at) in [
        ("{a = 1 b = 2}", Code::MissingAttributeSeparator, (1, 8)),
        ("{a = 1,, b = 2}", Code::InvalidExpression, (1, 8)),
        ("{a}", Code::MissingKeyValueSeparator, (1, 3)),
        ("{a = }", Code::InvalidExpression, (1, 6)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn function_calls() {
    for (src, expected) in [
        ("f()", "(call f)"),
        ("f(1, 2)", "(call f 1 2)"),
        ("f(1, 2,)", "(call f 1 2)"),
        ("f(\n  1,\n  2,\n)", "(call f 1 2)"),
        ("f(a...)", "(call f a...)"),
        ("f(1, a...)", "(call f 1 a...)"),
        ("f(\n  a\n  ...\n)", "(call f a...)"),
        ("f(g(h()))", "(call f (call g (call h)))"),
        ("provider::ns::fn(1)", "(call provider::ns::fn 1)"),
        ("a::b(1)", "(call a::b 1)"),
        ("upper(<<EOT\nabc\nEOT\n)", "(call upper \"abc\\n\")"),
    ] {
        check_expr(src, expected);
    }
    for (src, code, at) in [
        ("f(1 2)", Code::MissingArgumentSeparator, (1, 5)),
        ("f(,)", Code::InvalidExpression, (1, 3)),
    ] {
        check_expr_error(src, code, at);
    }
    // Only the last argument can be expanded.
    check_rejected_expr("f(a..., b)");
    check_rejected_expr("f(a...,)");
    check_rejected_expr("f(a..., b...)");
}

#[test]
fn function_call_spans() {
    let src = "x = provider::ns::fn( 1 , b... )\n";
    let file = parse_ok(src);
    let ExpressionKind::FunctionCall(call) = &file.body.attributes[0].expr.kind else {
        panic!("a call expected")
    };
    assert_eq!(&src[call.name_span.as_range()], "provider::ns::fn");
    assert_eq!(call.open_paren_span, Span::new(20, 21));
    assert_eq!(call.close_paren_span, Span::new(31, 32));
    assert!(call.expand_final);
    assert_eq!(
        expr_texts("f (1)[0]"),
        ["f (1)[0]", "f (1)", "1", "0"],
        "a space before the parenthesis"
    );
}

#[test]
fn for_expressions() {
    for (src, expected) in [
        ("[for x in y: x]", "(for x in y : x)"),
        ("[for i, x in y: x]", "(for i,x in y : x)"),
        ("[for x in y: x if x > 1]", "(for x in y : x if (> x 1))"),
        ("{for k, v in y: k => v}", "(for k,v in y : k => v)"),
        ("{for v in y: v => v...}", "(for v in y : v => v...)"),
        (
            "{for k, v in m: k => v... if v}",
            "(for k,v in m : k => v... if v)",
        ),
        ("[\nfor x in y:\nx\n]", "(for x in y : x)"),
        ("{\nfor k, v in y:\nk => v\n}", "(for k,v in y : k => v)"),
        (
            "[for x in [1, 2]: [for y in x: y]]",
            "(for x in (tuple 1 2) : (for y in x : y))",
        ),
        ("[for x in y: {a = x}]", "(for x in y : (obj a=x))"),
        ("[for x in y: x ? 1 : 2]", "(for x in y : (? x 1 2))"),
        ("[for-x]", "(tuple for-x)"),
        ("[for-x, in]", "(tuple for-x in)"),
        ("[format]", "(tuple format)"),
        ("[for_each]", "(tuple for_each)"),
    ] {
        check_expr(src, expected);
    }
    assert_eq!(
        expr_texts("{for k, v in m: k => v if v}"),
        ["{for k, v in m: k => v if v}", "m", "k", "v", "v"]
    );
}

#[test]
fn invalid_for_expressions() {
    // Each of these is "Invalid 'for' expression" in the reference, at the
    // same position.
    for (src, code, at) in [
        ("[for x y: x]", Code::InvalidForExpression, (1, 8)),
        ("[for, foo, baz]", Code::InvalidForExpression, (1, 5)),
        ("{for = 1, baz = 2}", Code::InvalidForExpression, (1, 6)),
        (
            "[for x in [1]: x if x > 0 if true]",
            Code::InvalidForExpression,
            (1, 27),
        ),
        ("[for x in [1] x]", Code::InvalidForExpression, (1, 15)),
        (
            "\"${ [for x in [1]: x }\"",
            Code::InvalidForExpression,
            (1, 22),
        ),
        ("{for = 1}", Code::InvalidForExpression, (1, 6)),
    ] {
        check_expr_error(src, code, at);
    }
    for src in [
        "[for x in [1]: x => x]",
        "{for k, v in m: k}",
        "{for k, v in {a = 1}: k}",
        "[for x in y: x...]",
        "[for x in y: x if]",
        "[for x in y]",
        "{for x in y: x => }",
    ] {
        check_rejected_expr(src);
    }
}

#[test]
fn traversals_and_indexes() {
    for (src, expected) in [
        ("a.b", "a.b"),
        ("a.b.c", "a.b.c"),
        ("a . b", "a.b"),
        ("a\n.b", "a.b"),
        // A literal key makes a constant traversal step, anything else an
        // index expression.
        ("a[0]", "a[0]"),
        ("a[\"k\"]", "a[\"k\"]"),
        ("a[true]", "a[true]"),
        ("a[null]", "a[null]"),
        ("a[x]", "(index a x)"),
        ("a[1 + 1]", "(index a (+ 1 1))"),
        ("a[-1]", "(index a (neg 1))"),
        ("a[\"${x}\"]", "(index a (wrap x))"),
        ("a[\"x${y}\"]", "(index a (tpl \"x\" ${y}))"),
        ("a[x][0]", "(rel (index a x) [0])"),
        ("a[x].b", "(rel (index a x) .b)"),
        ("a.b[x].c[0]", "(rel (index a.b x) .c[0])"),
        ("a[\n0\n]", "a[0]"),
        // The legacy index form.
        ("a.0", "a[0]"),
        ("a.b.0.c", "a.b[0].c"),
        ("a.0[1]", "a[0][1]"),
        // Traversals of other expressions.
        ("f(x).a", "(rel (call f x) .a)"),
        ("[1][0]", "(rel (tuple 1) [0])"),
        ("\"s\"[0]", "(rel \"s\" [0])"),
        ("(a).b", "(rel (paren a) .b)"),
        ("{a = 1}.a", "(rel (obj a=1) .a)"),
    ] {
        check_expr(src, expected);
    }
    for (src, code, at) in [
        ("a.0.1", Code::InvalidLegacyIndex, (1, 3)),
        ("a.b.0.1", Code::InvalidLegacyIndex, (1, 5)),
        // In an attribute splat the reference reports it at the `*`.
        ("a.*.b.0.1", Code::InvalidLegacyIndex, (1, 3)),
        ("a.", Code::InvalidAttributeName, (1, 3)),
        ("a.\"b\"", Code::InvalidAttributeName, (1, 3)),
        ("a[]", Code::InvalidExpression, (1, 3)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn traversal_steps_and_spans() {
    let src = "a.b[0][\"k\"].0";
    let expr = expr_ok(src);
    let ExpressionKind::ScopeTraversal {
        root,
        root_span,
        steps,
    } = &expr.kind
    else {
        panic!("a scope traversal expected")
    };
    assert_eq!((*root, *root_span), ("a", Span::new(0, 1)));
    let texts: Vec<_> = steps.iter().map(|s| &src[s.span.as_range()]).collect();
    assert_eq!(texts, [".b", "[0]", "[\"k\"]", ".0"]);
    assert!(matches!(steps[0].kind, TraversalStepKind::Attr("b")));
    for step in &steps[1..] {
        let TraversalStepKind::Index(key) = &step.kind else {
            panic!("an index step expected")
        };
        assert!(matches!(
            key.kind,
            ExpressionKind::Number(_) | ExpressionKind::Template(_)
        ));
    }
    assert_eq!(expr_texts(src), [src, "0", "\"k\"", "0"]);
    assert_eq!(expr_texts("a[x].b"), ["a[x].b", "a[x]", "a", "x"]);
    assert_eq!(expr_texts("a[ x ]"), ["a[ x ]", "a", "x"]);
    let ExpressionKind::Index { bracket_span, .. } = expr_ok("ab[ x ]").kind else {
        panic!("an index expected")
    };
    assert_eq!(bracket_span, Span::new(2, 7));
}

#[test]
fn splats() {
    for (src, expected) in [
        ("a[*]", "(splat a *)"),
        ("a.*", "(splat a *)"),
        // After `[*]`, the whole traversal applies to each element.
        ("a[*].b", "(splat a (rel * .b))"),
        ("a[*].b[0]", "(splat a (rel * .b[0]))"),
        ("a[*].b[x]", "(splat a (index (rel * .b) x))"),
        ("a[*][0]", "(splat a (rel * [0]))"),
        // After `.*`, only attribute (and legacy index) steps do.
        ("a.*.b", "(splat a (rel * .b))"),
        ("a.*.b.c", "(splat a (rel * .b.c))"),
        ("a.*.0", "(splat a (rel * [0]))"),
        ("a.*.b[0]", "(rel (splat a (rel * .b)) [0])"),
        ("a.*[0]", "(rel (splat a *) [0])"),
        ("a.*.b[x]", "(index (splat a (rel * .b)) x)"),
        // Splats of splats.
        ("a[*][*]", "(splat a (splat * *))"),
        ("a[*].b.*.c", "(splat a (splat (rel * .b) (rel * .c)))"),
        ("a.*.b[*].c", "(splat (splat a (rel * .b)) (rel * .c))"),
        ("f(x)[*].y", "(splat (call f x) (rel * .y))"),
        ("[1, 2][*]", "(splat (tuple 1 2) *)"),
        ("-a[*].b", "(neg (splat a (rel * .b)))"),
    ] {
        check_expr(src, expected);
    }
    assert_eq!(
        expr_texts("a[*].b[0]"),
        ["a[*].b[0]", "a", "[*].b[0]", "[*]", "0"]
    );
    assert_eq!(
        expr_texts("a.*.b[0]"),
        ["a.*.b[0]", "a.*.b", "a", ".b", ".*", "0"]
    );
    let ExpressionKind::Splat { marker_span, .. } = expr_ok("ab.*.c").kind else {
        panic!("a splat expected")
    };
    assert_eq!(marker_span, Span::new(2, 4));
    check_rejected_expr("a.*.*");
    check_rejected_expr("a.*.b.*");
}

#[test]
fn operator_precedence_and_associativity() {
    for (src, expected) in [
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("1 * 2 + 3", "(+ (* 1 2) 3)"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("1 / 2 / 3", "(/ (/ 1 2) 3)"),
        ("1 * 2 / 3 % 4", "(% (/ (* 1 2) 3) 4)"),
        ("-1 + 2", "(+ (neg 1) 2)"),
        ("-a.b", "(neg a.b)"),
        ("--1", "(neg (neg 1))"),
        ("- -1", "(neg (neg 1))"),
        ("!!a", "(! (! a))"),
        ("!a == b", "(== (! a) b)"),
        ("!f(x)[0]", "(! (rel (call f x) [0]))"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c", "(|| (&& a b) c)"),
        ("a || b || c", "(|| (|| a b) c)"),
        ("a == b && c != d", "(&& (== a b) (!= c d))"),
        ("a < b == c > d", "(== (< a b) (> c d))"),
        ("a == b != c", "(!= (== a b) c)"),
        ("1 <= 2 >= 3", "(>= (<= 1 2) 3)"),
        ("a < b < c", "(< (< a b) c)"),
        ("1 + 2 < 3 * 4", "(< (+ 1 2) (* 3 4))"),
        ("a + b == c", "(== (+ a b) c)"),
        ("(1 + 2) * 3", "(* (paren (+ 1 2)) 3)"),
        ("1 - (2 - 3)", "(- 1 (paren (- 2 3)))"),
        ("((a))", "(paren (paren a))"),
        ("a-b", "a-b"),
        ("a - b", "(- a b)"),
        ("a-1", "a-1"),
        ("a -1", "(- a 1)"),
        ("1-1", "(- 1 1)"),
        ("1 /* c */ + /* d */ 2", "(+ 1 2)"),
        ("1 +\n2", "(+ 1 2)"),
        ("1\n+ 2", "(+ 1 2)"),
    ] {
        check_expr(src, expected);
    }
    assert_eq!(
        expr_texts("1 + 2 * 3"),
        ["1 + 2 * 3", "1", "2 * 3", "2", "3"]
    );
    assert_eq!(
        expr_texts("1 - 2 - 3"),
        ["1 - 2 - 3", "1 - 2", "1", "2", "3"]
    );
    assert_eq!(expr_texts("- ! a"), ["- ! a", "! a", "a"]);
    for (src, code, at) in [
        ("1 +", Code::MissingExpression, (1, 4)),
        ("!", Code::MissingExpression, (1, 2)),
        ("* 2", Code::InvalidExpression, (1, 1)),
        ("1 + * 2", Code::InvalidExpression, (1, 5)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn every_binary_operator() {
    for (symbol, op) in [
        ("||", BinaryOp::Or),
        ("&&", BinaryOp::And),
        ("==", BinaryOp::Equal),
        ("!=", BinaryOp::NotEqual),
        ("<", BinaryOp::Less),
        ("<=", BinaryOp::LessOrEqual),
        (">", BinaryOp::Greater),
        (">=", BinaryOp::GreaterOrEqual),
        ("+", BinaryOp::Add),
        ("-", BinaryOp::Subtract),
        ("*", BinaryOp::Multiply),
        ("/", BinaryOp::Divide),
        ("%", BinaryOp::Modulo),
    ] {
        let src = format!("a {symbol} b");
        let expr = expr_ok(&src);
        let ExpressionKind::Binary { op: found, .. } = expr.kind else {
            panic!("{src}: a binary operation expected")
        };
        assert_eq!(found, op, "{src}");
        assert_eq!(op.symbol(), symbol);
        // Without spaces too.
        check_expr(&format!("1{symbol}2"), &format!("({symbol} 1 2)"));
    }
}

#[test]
fn conditionals() {
    for (src, expected) in [
        ("a ? b : c", "(? a b c)"),
        ("a ? b : c ? d : e", "(? a b (? c d e))"),
        ("a ? b ? c : d : e", "(? a (? b c d) e)"),
        ("(a ? b : c) ? d : e", "(? (paren (? a b c)) d e)"),
        ("a + b ? c : d", "(? (+ a b) c d)"),
        ("a || b ? c + 1 : -d", "(? (|| a b) (+ c 1) (neg d))"),
        ("a ?\nb :\nc", "(? a b c)"),
        ("a\n? b\n: c", "(? a b c)"),
        ("[a ? b : c]", "(tuple (? a b c))"),
        ("{k = a ? b : c}", "(obj k=(? a b c))"),
    ] {
        check_expr(src, expected);
    }
    assert_eq!(
        expr_texts("a ? b : c ? d : e"),
        ["a ? b : c ? d : e", "a", "b", "c ? d : e", "c", "d", "e"]
    );
    check_parse("x = a ? b : c\n", "x = (? a b c)");
    check_parse("x = (a\n? b\n: c)\n", "x = (paren (? a b c))");
    for (src, code, at) in [
        ("a ? b", Code::MissingFalseExpression, (1, 6)),
        ("a ? b :", Code::MissingExpression, (1, 8)),
        ("a ? : c", Code::InvalidExpression, (1, 5)),
    ] {
        check_expr_error(src, code, at);
    }
}

#[test]
fn extra_characters_after_an_expression() {
    for (src, code, at) in [
        ("1 2", Code::ExtraCharactersAfterExpression, (1, 3)),
        ("a b", Code::ExtraCharactersAfterExpression, (1, 3)),
        ("f(x) y", Code::ExtraCharactersAfterExpression, (1, 6)),
    ] {
        check_expr_error(src, code, at);
    }
    // Whitespace may separate an expression from its index.
    check_expr("[1] [2]", "(rel (tuple 1) [2])");
    check_expr("a [x]", "(index a x)");
    // Newlines around a standalone expression are fine.
    check_expr("\n\n1 + 2\n\n", "(+ 1 2)");
}

/// Syntax errors in expressions get the reference's summaries and subjects,
/// with no mention of blocks or arguments.
#[test]
fn expression_errors_as_the_reference_reports_them() {
    for (src, code, at) in [
        ("1 )", Code::ExtraCharactersAfterExpression, (1, 3)),
        ("0x10", Code::ExtraCharactersAfterExpression, (1, 2)),
        ("\"a\" \"b\"", Code::ExtraCharactersAfterExpression, (1, 5)),
        ("<<EOT", Code::InvalidExpression, (1, 1)),
        ("<<\nEOT\n", Code::InvalidExpression, (1, 1)),
        // The lexical check's finding comes first.
        ("\"a\\", Code::InvalidCharacter, (1, 3)),
        ("1 + * 2", Code::InvalidExpression, (1, 5)),
        ("1 +", Code::MissingExpression, (1, 4)),
        ("a ? b", Code::MissingFalseExpression, (1, 6)),
        ("a.", Code::InvalidAttributeName, (1, 3)),
        ("a $ b", Code::InvalidCharacter, (1, 3)),
        // Objects.
        ("{a = 1 b = 2}", Code::MissingAttributeSeparator, (1, 8)),
        ("{a = 1 = 2}", Code::MissingAttributeSeparator, (1, 8)),
        ("{a 1}", Code::MissingKeyValueSeparator, (1, 4)),
        ("{a = 1, , b = 2}", Code::InvalidExpression, (1, 9)),
        ("{a = 1", Code::UnterminatedObject, (1, 1)),
        ("true == {a = 1", Code::UnterminatedObject, (1, 9)),
        // Tuples and indexes.
        ("[1 2]", Code::MissingItemSeparator, (1, 4)),
        ("[\n  1\n  2\n]", Code::MissingItemSeparator, (3, 3)),
        ("[,]", Code::InvalidExpression, (1, 2)),
        ("[1, 2", Code::UnterminatedTuple, (1, 1)),
        ("[1][", Code::MissingExpression, (1, 5)),
        ("parts[1", Code::MissingCloseBracket, (1, 8)),
        // Calls and parentheses.
        ("f(1 2)", Code::MissingArgumentSeparator, (1, 5)),
        ("f(1, 2", Code::UnterminatedFunctionCall, (1, 1)),
        ("f(\n", Code::MissingExpression, (2, 1)),
        ("max([1]..., 2)", Code::MissingClosingParenthesis, (1, 8)),
        ("(1 + 2", Code::UnbalancedParentheses, (1, 7)),
        ("(1 2)", Code::UnbalancedParentheses, (1, 4)),
        // For expressions.
        ("{for k, v in m: k}", Code::InvalidForExpression, (1, 17)),
        (
            "[for x in [1]: x => x]",
            Code::InvalidForExpression,
            (1, 16),
        ),
        ("[for x y: x]", Code::InvalidForExpression, (1, 8)),
        ("{for = 1, baz = 2}", Code::InvalidForExpression, (1, 6)),
        (
            "\"${ [for x in [1]: x }\"",
            Code::InvalidForExpression,
            (1, 22),
        ),
    ] {
        check_expr_error(src, code, at);
    }
}
