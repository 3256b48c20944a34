use super::{register, translate};
use crate::functions::test_support::{list, null, obj, s, strs, tup, unknown};
use crate::functions::{FunctionError, Functions};
use crate::types::Type;
use crate::value::Value;

fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut table = Functions::new();
    register(&mut table);
    table[name].call(args)
}

/// `(pattern, string, expected first match)`.
#[track_caller]
fn first(cases: &[(&str, &str, Value)]) {
    for (pattern, text, want) in cases {
        match call("regex", &[s(pattern), s(text)]) {
            Ok(got) => assert_eq!(&got, want, "regex({pattern:?}, {text:?})"),
            Err(e) => panic!("regex({pattern:?}, {text:?}): unexpected error {e:?}"),
        }
    }
}

/// `(pattern, string, expected matches)` for patterns without groups.
#[track_caller]
fn all(cases: &[(&str, &str, &[&str])]) {
    for (pattern, text, want) in cases {
        match call("regexall", &[s(pattern), s(text)]) {
            Ok(got) => assert_eq!(got, strs(want), "regexall({pattern:?}, {text:?})"),
            Err(e) => panic!("regexall({pattern:?}, {text:?}): unexpected error {e:?}"),
        }
    }
}

/// `(pattern, expected message)` for invalid patterns.
#[track_caller]
fn bad(cases: &[(&str, &str)]) {
    for (pattern, want) in cases {
        match call("regex", &[s(pattern), s("")]) {
            Err(FunctionError::Arg { index: 0, message }) => {
                assert_eq!(message, *want, "regex({pattern:?})");
            }
            other => panic!("regex({pattern:?}): expected a pattern error, got {other:?}"),
        }
    }
}

#[test]
fn results_by_groups() {
    first(&[
        ("[0-9]+", "ab123cd45", s("123")),
        ("([a-z]+)([0-9]+)", "ab12", tup(vec![s("ab"), s("12")])),
        (
            "(?P<word>[a-z]+)-(?P<num>[0-9]+)",
            "ab-12",
            obj(vec![("num", s("12")), ("word", s("ab"))]),
        ),
        ("(a)(b)?", "ac", tup(vec![s("a"), null(Type::String)])),
        (
            "(?P<x>a)|(?P<y>b)",
            "b",
            obj(vec![("x", null(Type::String)), ("y", s("b"))]),
        ),
        // Of two groups with the same name the last wins.
        ("(?P<x>a)(?P<x>b)", "ab", obj(vec![("x", s("b"))])),
        ("(?P<1st>a)", "a", obj(vec![("1st", s("a"))])),
        ("(?:a)(b)", "ab", tup(vec![s("b")])),
        ("[0-9]*", "x1", s("")),
        ("(?i)H?", "hello", s("h")),
    ]);
}

#[test]
fn match_lists() {
    all(&[
        ("[0-9]", "a1b2c3", &["1", "2", "3"]),
        ("x", "abc", &[]),
        (".", "héllo", &["h", "é", "l", "l", "o"]),
        ("a*", "baaac", &["", "aaa", ""]),
        ("", "abc", &["", "", "", ""]),
        ("\\s+", "a b\n\tc", &[" ", "\n\t"]),
        ("\\b", "ab cd", &["", "", "", ""]),
        ("^a", "aaa", &["a"]),
        ("(?m)^a", "ab\nac", &["a", "a"]),
        ("a$", "a\na", &["a"]),
        ("(?m)a$", "a\na", &["a", "a"]),
        ("x*", "😀", &["", ""]),
        ("(?m)^", "a\n", &["", ""]),
        ("\\A*b", "bb", &["b", "b"]),
        ("(?m)$", "a\nb", &["", ""]),
    ]);
    let r = call("regexall", &[s("(a)(b)?"), s("a ab")]).unwrap();
    let ety = Type::tuple(vec![Type::String, Type::String]);
    assert_eq!(
        r,
        list(
            ety,
            vec![
                tup(vec![s("a"), null(Type::String)]),
                tup(vec![s("a"), s("b")])
            ]
        )
    );
    let r = call("regexall", &[s("(?P<d>\\d)"), s("none")]).unwrap();
    assert_eq!(r, list(Type::object([("d", Type::String)]), vec![]));
}

#[test]
fn re2_semantics() {
    first(&[
        // Perl classes and word boundaries are ASCII-only.
        ("\\d+", "٣3", s("3")),
        ("\\w+", "éa_1", s("a_1")),
        ("\\s", "\u{a0}\u{b} ", s(" ")),
        ("x\\b", "xé", s("x")),
        ("[\\d]+", "٣42", s("42")),
        ("[^\\D]+", "ab42", s("42")),
        ("[[:alpha:]]+", "é1ab", s("ab")),
        ("[[:^alpha:]]+", "ab12c", s("12")),
        // Unicode classes and case folding.
        ("\\pL+", "1éa2", s("éa")),
        ("\\p{Greek}+", "abγδ", s("γδ")),
        ("\\P{L}+", "ab12", s("12")),
        ("\\p{^L}+", "ab12", s("12")),
        ("(?i)straße", "STRASSE straße", s("straße")),
        ("(?i)k", "\u{212a}", s("\u{212a}")),
        ("(?i)[a-z]+", "ABC", s("ABC")),
        ("(?s).+", "a\nb", s("a\nb")),
        (".+", "a\nb", s("a")),
        ("(?U)a+", "aaa", s("a")),
        ("(?U)a+?", "aaa", s("aaa")),
        ("a{2}", "aaa", s("aa")),
        ("a{2,}", "aaaa", s("aaaa")),
        ("a{1,2}?", "aaa", s("a")),
        // `{` that does not start a repetition is a literal.
        ("a{,2}", "a{,2}", s("a{,2}")),
        ("a{01}", "a{01}", s("a{01}")),
        ("x{", "x{", s("x{")),
        ("}", "}", s("}")),
        ("]", "]", s("]")),
        // Escapes.
        ("\\Q.*\\E+", ".**", s(".**")),
        ("\\Qa.b", "a.b", s("a.b")),
        ("\\x41\\x{42}\\101\\0", "AB\u{41}\u{0}", s("AB\u{41}\u{0}")),
        ("\\t\\n\\.\\-\\_", "\t\n.-_", s("\t\n.-_")),
        ("[\\x{10FFFF}-\\x{10FFFF}x]", "x", s("x")),
        ("[]a]+", "a]", s("a]")),
        ("[^]a]+", "xa]", s("x")),
        ("[a-]+", "-a", s("-a")),
        ("[a&&b]+", "&", s("&")),
        ("[a~~b-]+", "~-", s("~-")),
        ("[[]+", "[[", s("[[")),
        ("a|", "b", s("")),
        ("()", "", tup(vec![s("")])),
        ("^*a", "a", s("a")),
        ("\\<", "<", s("<")),
        ("\\pN", "x7", s("7")),
        ("\\p{Any}", "é", s("é")),
        ("(?i)Σ", "ς", s("ς")),
        ("(?)a", "a", s("a")),
        ("(?i-i)A", "aA", s("A")),
        ("#x ", "#x ", s("#x ")),
    ]);
}

#[test]
fn pattern_errors() {
    bad(&[
        ("(", "invalid regexp pattern: missing closing ) in ("),
        ("a)", "invalid regexp pattern: unexpected ) in a)"),
        ("[a", "invalid regexp pattern: missing closing ] in [a"),
        ("x[]", "invalid regexp pattern: missing closing ] in []"),
        (
            "*",
            "invalid regexp pattern: missing argument to repetition operator in *",
        ),
        (
            "a|*",
            "invalid regexp pattern: missing argument to repetition operator in *",
        ),
        (
            "a**",
            "invalid regexp pattern: invalid nested repetition operator in **",
        ),
        (
            "a*??",
            "invalid regexp pattern: invalid nested repetition operator in *??",
        ),
        (
            "a{1001}",
            "invalid regexp pattern: invalid repeat count in {1001}",
        ),
        (
            "a{2,1}",
            "invalid regexp pattern: invalid repeat count in {2,1}",
        ),
        (
            "\\1",
            "invalid regexp pattern: invalid escape sequence in \\1",
        ),
        (
            "\\e",
            "invalid regexp pattern: invalid escape sequence in \\e",
        ),
        (
            "\\C",
            "invalid regexp pattern: invalid escape sequence in \\C",
        ),
        (
            "\\x{110000}",
            "invalid regexp pattern: invalid escape sequence in \\x{110000",
        ),
        (
            "\\xZ1",
            "invalid regexp pattern: invalid escape sequence in \\xZ1",
        ),
        (
            "a\\",
            "invalid regexp pattern: trailing backslash at end of expression in ",
        ),
        (
            "[z-a]",
            "invalid regexp pattern: invalid character class range in z-a",
        ),
        (
            "[[:foo:]]",
            "invalid regexp pattern: invalid character class range in [:foo:]",
        ),
        (
            "\\p{Foo}",
            "invalid regexp pattern: invalid character class range in \\p{Foo}",
        ),
        (
            "\\p{greek}",
            "invalid regexp pattern: invalid character class range in \\p{greek}",
        ),
        (
            "\\pX",
            "invalid regexp pattern: invalid character class range in \\pX",
        ),
        (
            "\\p{L",
            "invalid regexp pattern: invalid character class range in \\p{L",
        ),
        (
            "[\\b]",
            "invalid regexp pattern: invalid escape sequence in \\b",
        ),
        (
            "(?=a)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?=",
        ),
        // Go 1.19, the reference's build, has no `(?<name>re)`.
        (
            "(?<=a)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?<",
        ),
        (
            "(?<word>[a-z]+)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?<",
        ),
        (
            "(?P=n)",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?P",
        ),
        (
            "(?x)a",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?x",
        ),
        (
            "(?i-)a",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?i-)",
        ),
        (
            "(?i",
            "invalid regexp pattern: invalid or unsupported Perl syntax in (?i",
        ),
        (
            "(?P<a-b>x)",
            "invalid regexp pattern: invalid named capture in (?P<a-b>",
        ),
        (
            "(?P<>x)",
            "invalid regexp pattern: invalid named capture in (?P<>",
        ),
        (
            "(?P<name",
            "invalid regexp pattern: invalid named capture in (?P<name",
        ),
        (
            "(a)(?P<b>b)",
            "invalid regexp pattern: cannot mix both named and unnamed capture groups",
        ),
    ]);
}

#[test]
fn no_match_unknowns_and_nulls() {
    match call("regex", &[s("x"), s("abc")]) {
        Err(FunctionError::Failed(m)) => {
            assert_eq!(m, "pattern did not match any part of the given string");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(
        call("regex", &[unknown(Type::String), s("a")]).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        call("regex", &[s("(a)"), unknown(Type::String)]).unwrap(),
        unknown(Type::tuple(vec![Type::String])).refine_not_null()
    );
    // Never null, once the result's type is known.
    assert_eq!(
        call("regexall", &[unknown(Type::String), s("a")]).unwrap(),
        unknown(Type::list(Type::Dynamic)).refine_not_null()
    );
    assert_eq!(
        call("regexall", &[s("\\s+"), unknown(Type::String)]).unwrap(),
        unknown(Type::list(Type::String)).refine_not_null()
    );
    // A bad pattern is reported even when the string is unknown.
    assert!(call("regex", &[s("("), unknown(Type::String)]).is_err());
    assert!(matches!(
        call("regexall", &[null(Type::String), s("a")]),
        Err(FunctionError::Arg { index: 0, .. })
    ));
    assert_eq!(
        call("regex", &[s("a"), Value::dynamic()]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn limits() {
    // Deep nesting.
    let deep = format!("{}a{}", "(?:".repeat(300), ")".repeat(300));
    let e = call("regex", &[s(&deep), s("a")]).unwrap_err().to_string();
    assert!(e.contains("REGEX_MAX_NESTING"), "{e}");
    let ok = format!("{}a{}", "(?:".repeat(200), ")".repeat(200));
    assert_eq!(call("regex", &[s(&ok), s("a")]).unwrap(), s("a"));
    // A compiled pattern too large.
    let e = call("regex", &[s("(?:\\pL{1000}){1000}"), s("a")])
        .unwrap_err()
        .to_string();
    assert!(e.contains("REGEX_MAX_COMPILED_BYTES"), "{e}");
}

#[test]
fn translation() {
    let t = |p: &str| translate(p).unwrap().0;
    assert_eq!(t("a.b"), "a.b");
    assert_eq!(t("a\\.b"), "a\\x{2E}b");
    assert_eq!(t("\\d"), "[0-9]");
    assert_eq!(t("(?P<n>x)(y)"), "(x)(y)");
    assert_eq!(
        translate("(?P<n>x)(y)").unwrap().1,
        vec![Some("n".to_owned()), None]
    );
    assert_eq!(t("(?ii-sm:a)"), "(?i-sm:a)");
    assert_eq!(t("(?)a"), "a");
    assert_eq!(t("a{2,3}?"), "a{2,3}?");
}

#[test]
fn regexall_results_are_bounded() {
    use crate::functions::limits::SEQUENCE_RESULT_MAX_ELEMENTS;
    let long = "x".repeat(SEQUENCE_RESULT_MAX_ELEMENTS + 1);
    let err = call("regexall", &[s("x"), s(&long)]).unwrap_err();
    assert!(
        err.to_string().contains("SEQUENCE_RESULT_MAX_ELEMENTS"),
        "{err}"
    );
    let ok = call("regexall", &[s("x"), s(&long[1..])]).unwrap();
    assert_eq!(ok.length(), Some(SEQUENCE_RESULT_MAX_ELEMENTS));
}

#[test]
fn groups_that_copy_much_text_are_bounded() {
    use crate::functions::limits::{SEQUENCE_RESULT_MAX_ELEMENTS, STRING_RESULT_MAX_BYTES};
    // Twenty nested groups each capture the whole megabyte.
    let text = "s".repeat(1 << 20);
    let nested = format!("^{}s*{}$", "(".repeat(20), ")".repeat(20));
    let err = call("regex", &[s(&nested), s(&text)]).unwrap_err();
    assert!(err.to_string().contains("STRING_RESULT_MAX_BYTES"), "{err}");
    let err = call("regexall", &[s(&nested), s(&text)]).unwrap_err();
    assert!(err.to_string().contains("STRING_RESULT_MAX_BYTES"), "{err}");
    // Sixteen groups per match: sixteen values per match count.
    let groups = "(s)".repeat(16);
    let text = "s".repeat(16 * (SEQUENCE_RESULT_MAX_ELEMENTS / 16 + 1));
    let err = call("regexall", &[s(&groups), s(&text)]).unwrap_err();
    assert!(
        err.to_string().contains("SEQUENCE_RESULT_MAX_ELEMENTS"),
        "{err}"
    );
    // Within the limits.
    let fits = "s".repeat(STRING_RESULT_MAX_BYTES / 16);
    let got = call(
        "regex",
        &[
            s(&format!("^{}s*{}$", "(".repeat(15), ")".repeat(15))),
            s(&fits),
        ],
    );
    assert_eq!(got.unwrap().length(), Some(15));
}
