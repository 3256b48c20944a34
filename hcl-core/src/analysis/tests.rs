//! Unit tests of the static interpretations and of `variables`.

use std::sync::Arc;

use super::*;
use crate::ast::Expression;
use crate::{parse_expression, SourceFile, Value};

/// Parses `src` and runs `check` on it with its file.
fn with_expr(src: &str, check: impl FnOnce(ExprRef<'_>)) {
    let expr: Expression<'_> = match parse_expression(src, "e.hcl") {
        Ok(expr) => expr,
        Err(diags) => panic!("{diags}"),
    };
    let file = Arc::new(SourceFile::new("e.hcl", src));
    check(ExprRef::new(&expr, &file));
}

/// The traversals `src` refers to, as written.
fn vars(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    with_expr(src, |e| {
        out = e.variables().iter().map(ToString::to_string).collect();
        for t in e.variables() {
            // The span covers exactly the traversal as written, less any
            // spaces.
            let text: String = t.location().text().split_whitespace().collect();
            assert_eq!(text, t.to_string().replace(' ', ""), "{src}");
        }
    });
    out
}

fn error_of<T>(result: Result<T, crate::Diagnostics>) -> String {
    match result {
        Ok(_) => panic!("expected an error"),
        Err(diags) => diags.to_string(),
    }
}

#[test]
fn static_list() {
    with_expr("[a, b.c, 1 + 2]", |e| {
        let items = match e.as_static_list() {
            Ok(items) => items,
            Err(diags) => panic!("{diags}"),
        };
        let texts: Vec<_> = items.iter().map(|i| i.location().text()).collect();
        assert_eq!(texts, ["a", "b.c", "1 + 2"]);
        assert_eq!(items[2].range().to_string(), "e.hcl:1,10-15");
    });
    with_expr("[]", |e| {
        assert!(matches!(e.as_static_list(), Ok(v) if v.is_empty()))
    });
    with_expr("{ a = 1 }", |e| {
        assert_eq!(
            error_of(e.as_static_list()),
            "Error: Invalid expression
  --> e.hcl:1:1
  |
1 | { a = 1 }
  | ^

A static list expression is required.
"
        );
    });
    // No unwrapping: neither parentheses nor a for expression are lists.
    with_expr("([a])", |e| assert!(e.as_static_list().is_err()));
    with_expr("[for x in y: x]", |e| assert!(e.as_static_list().is_err()));
}

#[test]
fn static_map_keeps_keys_as_written() {
    with_expr("{ a = 1, \"b\" = 2, (c) = 3, 4 = 5, d.e = 6 }", |e| {
        let pairs = match e.as_static_map() {
            Ok(pairs) => pairs,
            Err(diags) => panic!("{diags}"),
        };
        let keys: Vec<_> = pairs.iter().map(|p| p.key.location().text()).collect();
        assert_eq!(keys, ["a", "\"b\"", "(c)", "4", "d.e"]);
        let keywords: Vec<_> = pairs.iter().map(|p| p.key.as_keyword()).collect();
        assert_eq!(keywords, [Some("a"), None, None, None, None]);
        assert_eq!(pairs[4].value.location().text(), "6");
        assert!(pairs[4].key.as_traversal().is_ok());
    });
    with_expr("upper(x)", |e| {
        assert_eq!(
            error_of(e.as_static_map()),
            "Error: Invalid expression
  --> e.hcl:1:1
  |
1 | upper(x)
  | ^^^^^^

A static map expression is required.
"
        );
    });
}

#[test]
fn static_call() {
    with_expr("provider::aws::arn(x, [1]...)", |e| {
        let call = match e.as_static_call() {
            Ok(call) => call,
            Err(diags) => panic!("{diags}"),
        };
        assert_eq!(call.name, "provider::aws::arn");
        assert_eq!(call.name_range().to_string(), "e.hcl:1,1-19");
        assert_eq!(call.args_range().to_string(), "e.hcl:1,19-30");
        assert!(call.expand_final);
        let args: Vec<_> = call.arguments.iter().map(|a| a.location().text()).collect();
        assert_eq!(args, ["x", "[1]"]);
    });
    with_expr("a + f(b)", |e| {
        assert_eq!(
            error_of(e.as_static_call()),
            "Error: Invalid expression
  --> e.hcl:1:1
  |
1 | a + f(b)
  | ^

A static function call is required.
"
        );
    });
}

#[test]
fn static_traversal() {
    with_expr("a.b[0][\"k\"].c[true]", |e| {
        let t = match e.as_traversal() {
            Ok(t) => t,
            Err(diags) => panic!("{diags}"),
        };
        assert_eq!(t.root, "a");
        assert_eq!(t.to_string(), "a.b[0][\"k\"].c[true]");
        let spans: Vec<_> = t
            .steps
            .iter()
            .map(|s| t.file.text()[s.span().as_range()].to_owned())
            .collect();
        assert_eq!(spans, [".b", "[0]", "[\"k\"]", ".c", "[true]"]);
        assert_eq!(
            t.steps[1],
            Traverse::Index {
                key: Value::from(0),
                span: crate::Span::new(3, 6)
            }
        );
        assert_eq!(t.range().to_string(), "e.hcl:1,1-20");
    });
    // The legacy `.0` index is an index step.
    with_expr("list.0.id", |e| {
        let t = e.as_traversal().map(|t| t.to_string());
        assert_eq!(t.ok().as_deref(), Some("list[0].id"));
    });
    // The keywords read as variable names.
    for keyword in ["true", "false", "null"] {
        with_expr(keyword, |e| {
            let t = e
                .as_traversal()
                .map(|t| (t.root, t.steps.len(), t.range().to_string()));
            assert_eq!(
                t.ok(),
                Some((keyword, 0, format!("e.hcl:1,1-{}", keyword.len() + 1)))
            );
            assert_eq!(e.as_keyword(), Some(keyword));
        });
    }
    with_expr("null.x", |e| {
        assert_eq!(
            e.as_traversal().ok().map(|t| t.to_string()).as_deref(),
            Some("null.x")
        );
        assert_eq!(e.as_keyword(), None);
    });
    let rejected = "A single static variable reference is required: only attribute access and \
                    indexing with constant keys. No calculations, function calls, template \
                    expressions, etc are allowed here.";
    for src in [
        "a[b]", "a[*].b", "f(x).y", "\"${a}\"", "(a).b", "1", "a.b + 1",
    ] {
        with_expr(src, |e| {
            let text = error_of(e.as_traversal());
            assert!(
                text.starts_with("Error: Invalid expression\n"),
                "{src}: {text}"
            );
            assert!(text.ends_with(&format!("\n{rejected}\n")), "{src}: {text}");
            // The subject is the whole expression.
            let carets = format!("  | {}\n", "^".repeat(src.chars().count()));
            assert!(text.contains(&carets), "{src}: {text}");
        });
    }
}

#[test]
fn relative_traversal_starts_with_an_attribute() {
    with_expr("a.b[1]", |e| {
        let steps = match e.as_relative_traversal() {
            Ok(steps) => steps,
            Err(diags) => panic!("{diags}"),
        };
        assert_eq!(steps.len(), 3);
        assert!(
            matches!(steps[0], Traverse::Attr { name: "a", span } if span == crate::Span::new(0, 1))
        );
    });
}

#[test]
fn keywords() {
    with_expr("deny", |e| assert_eq!(e.as_keyword(), Some("deny")));
    with_expr("deny.x", |e| assert_eq!(e.as_keyword(), None));
    with_expr("(deny)", |e| assert_eq!(e.as_keyword(), None));
    with_expr("1", |e| assert_eq!(e.as_keyword(), None));
}

#[test]
fn start_spans() {
    let cases = [
        ("[1, 2]", "["),
        ("{}", "{"),
        ("[for x in y: x]", "["),
        ("f(a, b)", "f("),
        ("a + b * c", "a"),
        ("g(x) ? 1 : 2", "g("),
        ("-x", "-"),
        ("a[b]", "["),
        ("a[*].b", "[*]"),
        ("a.b", "a.b"),
        ("(f(x)) + 1", "f("),
        ("\"x${y}\"", "x"),
    ];
    for (src, start) in cases {
        with_expr(src, |e| {
            assert_eq!(e.start_location().text(), start, "{src}")
        });
    }
}

#[test]
fn variables_everywhere() {
    assert_eq!(vars("a"), ["a"]);
    assert_eq!(vars("a.b[0].c + d"), ["a.b[0].c", "d"]);
    assert_eq!(
        vars("\"${a}-%{ if b }${c}%{ else }${d}%{ endif }\""),
        ["a", "b", "c", "d"]
    );
    assert_eq!(vars("f(a, g(b.c), [d])"), ["a", "b.c", "d"]);
    assert_eq!(vars("x ? y : !z"), ["x", "y", "z"]);
    assert_eq!(vars("m[k.v]"), ["m", "k.v"]);
    assert_eq!(vars("f(a).b"), ["a"]);
    assert_eq!(vars("(a).b"), ["a"]);
    assert_eq!(vars("1 + 2"), Vec::<String>::new());
    assert_eq!(vars("<<EOT\nhello ${name}\nEOT\n"), ["name"]);
}

#[test]
fn variables_of_splats_leave_out_the_element() {
    assert_eq!(vars("aws_instance.web[*].id"), ["aws_instance.web"]);
    assert_eq!(vars("a.*.b[f.x]"), ["a", "f.x"]);
}

#[test]
fn variables_of_objects_leave_out_bare_keys() {
    assert_eq!(
        vars("{ a = b, (c) = d, \"${e}\" = f, g.h = i }"),
        ["b", "c", "d", "e", "f", "g.h", "i"]
    );
}

#[test]
fn variables_of_for_expressions_leave_out_their_names() {
    assert_eq!(vars("[for x in xs: x.a + y]"), ["xs", "y"]);
    assert_eq!(vars("{for k, v in m: k => v if v != z}"), ["m", "z"]);
    // The collection is outside the scope: `x` there is a reference.
    assert_eq!(vars("[for x in x: x]"), ["x"]);
    // Nested scopes, and a name bound only inside.
    assert_eq!(
        vars("[for a in as: [for b in a.bs: b + a + c]]"),
        ["as", "c"]
    );
    assert_eq!(vars("[[for v in l: v], v]"), ["l", "v"]);
    assert_eq!(
        vars("\"%{ for i, s in ss }${i}${s}${t}%{ endfor }\""),
        ["ss", "t"]
    );
}

#[test]
fn traversal_display_quotes_string_keys() {
    with_expr("a[\"x\\\"y\"][-1]", |e| {
        // `[-1]` is not a constant key, so only the first step is static.
        assert!(e.as_traversal().is_err());
    });
    with_expr("a[\"x\\\"y\\n\"]", |e| {
        assert_eq!(
            e.as_traversal().ok().map(|t| t.to_string()).as_deref(),
            Some("a[\"x\\\"y\\n\"]")
        );
    });
    with_expr("a[null][1.5]", |e| {
        assert_eq!(
            e.as_traversal().ok().map(|t| t.to_string()).as_deref(),
            Some("a[null][1.5]")
        );
    });
}
