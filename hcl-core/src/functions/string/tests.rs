use super::register;
use crate::functions::test_support::{n, not_null_unknown, null, s, strs, unknown};
use crate::functions::{FunctionError, Functions};
use crate::types::Type;
use crate::value::Value;

const WHOLE: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut table = Functions::new();
    register(&mut table);
    table[name].call(args)
}

#[track_caller]
fn ok(cases: &[(&str, Vec<Value>, Value)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Ok(got) => assert_eq!(&got, want, "{name}({args:?})"),
            Err(e) => panic!("{name}({args:?}): unexpected error {e:?}"),
        }
    }
}

#[track_caller]
fn err(cases: &[(&str, Vec<Value>, &str)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Ok(got) => panic!("{name}({args:?}): expected an error, got {got:?}"),
            Err(e) => assert!(
                e.to_string().contains(want),
                "{name}({args:?}): error {e:?} does not contain {want:?}"
            ),
        }
    }
}

#[track_caller]
fn arg_err(cases: &[(&str, Vec<Value>, usize)]) {
    for (name, args, want) in cases {
        match call(name, args) {
            Err(FunctionError::Arg { index, .. }) => assert_eq!(index, *want, "{name}({args:?})"),
            other => panic!("{name}({args:?}): expected an argument error, got {other:?}"),
        }
    }
}

#[test]
fn chomp() {
    ok(&[
        ("chomp", vec![s("hello\n")], s("hello")),
        ("chomp", vec![s("hello\r\n")], s("hello")),
        ("chomp", vec![s("hello\n\n\r\n\r")], s("hello")),
        ("chomp", vec![s("a\nb")], s("a\nb")),
        ("chomp", vec![s("\n")], s("")),
        ("chomp", vec![s("")], s("")),
        ("chomp", vec![s("e\u{301}\n")], s("\u{e9}")),
        (
            "chomp",
            vec![unknown(Type::String)],
            not_null_unknown(Type::String),
        ),
        ("chomp", vec![Value::dynamic()], Value::dynamic()),
    ]);
    arg_err(&[("chomp", vec![null(Type::String)], 0)]);
}

#[test]
fn indent() {
    ok(&[
        ("indent", vec![n("2"), s("a\nb\n")], s("a\n  b\n  ")),
        ("indent", vec![n("0"), s("a\nb")], s("a\nb")),
        ("indent", vec![n("3"), s("single")], s("single")),
        ("indent", vec![n("1"), s("😀\n😀")], s("😀\n 😀")),
        (
            "indent",
            vec![unknown(Type::Number), s("a")],
            not_null_unknown(Type::String),
        ),
    ]);
    err(&[
        ("indent", vec![n("1.5"), s("a")], WHOLE),
        ("indent", vec![n("1e30"), s("a")], WHOLE),
        ("indent", vec![n("-1"), s("a\nb")], "negative Repeat count"),
        (
            "indent",
            vec![n("100000000"), s("a\nb")],
            "STRING_RESULT_MAX_BYTES",
        ),
    ]);
    arg_err(&[("indent", vec![null(Type::Number), s("a")], 0)]);
}

#[test]
fn join() {
    let list_with = |elems: Vec<Value>| Value::list(Type::String, elems).unwrap();
    ok(&[
        (
            "join",
            vec![s("-"), strs(&["a", "b"]), strs(&["c"])],
            s("a-b-c"),
        ),
        ("join", vec![s(", "), strs(&[])], s("")),
        ("join", vec![s(", "), strs(&["x"])], s("x")),
        ("join", vec![s(""), strs(&["e", "\u{301}"])], s("\u{e9}")),
        (
            "join",
            vec![s(","), list_with(vec![s("a"), unknown(Type::String)])],
            not_null_unknown(Type::String),
        ),
        (
            "join",
            vec![s(","), unknown(Type::list(Type::String))],
            not_null_unknown(Type::String),
        ),
    ]);
    err(&[
        ("join", vec![s(",")], "at least one list is required"),
        (
            "join",
            vec![s(","), list_with(vec![s("a"), null(Type::String)])],
            "element 1 is null; cannot concatenate null values",
        ),
        (
            "join",
            vec![s(","), strs(&["a"]), list_with(vec![null(Type::String)])],
            "element 0 of list 2 is null; cannot concatenate null values",
        ),
    ]);
    arg_err(&[
        (
            "join",
            vec![s(","), strs(&["a"]), list_with(vec![null(Type::String)])],
            2,
        ),
        ("join", vec![s(","), null(Type::list(Type::String))], 1),
    ]);
    let long = Value::list(Type::String, vec![s("x"); 1000]).unwrap();
    let sep = s(&" ".repeat(1 << 15));
    err(&[("join", vec![sep, long], "STRING_RESULT_MAX_BYTES")]);
}

#[test]
fn case_mappings() {
    ok(&[
        ("upper", vec![s("hello, world")], s("HELLO, WORLD")),
        ("upper", vec![s("ß ǆ ᾳ ŉ")], s("ß Ǆ ᾼ ŉ")),
        ("upper", vec![s("e\u{301}")], s("\u{c9}")),
        ("upper", vec![s("ﬀ")], s("ﬀ")),
        ("lower", vec![s("HELLO İ Σ")], s("hello i σ")),
        ("lower", vec![s("ÀΩ")], s("àω")),
        (
            "upper",
            vec![Value::dynamic()],
            not_null_unknown(Type::String),
        ),
        (
            "lower",
            vec![unknown(Type::String)],
            not_null_unknown(Type::String),
        ),
    ]);
    arg_err(&[("upper", vec![null(Type::String)], 0)]);
}

#[test]
fn title() {
    ok(&[
        ("title", vec![s("hello world")], s("Hello World")),
        (
            "title",
            vec![s("hello-world_foo bar.baz")],
            s("Hello-World_foo Bar.Baz"),
        ),
        ("title", vec![s("o'neil")], s("O'Neil")),
        ("title", vec![s("élan vital")], s("Élan Vital")),
        ("title", vec![s("ǆemal")], s("ǅemal")),
        (
            "title",
            vec![s("a\u{a0}b\u{3000}c")],
            s("A\u{a0}B\u{3000}C"),
        ),
        ("title", vec![s("1st place")], s("1st Place")),
        ("title", vec![s("ΑΒΓ δέλτα")], s("ΑΒΓ Δέλτα")),
        // Georgian letters are their own title case.
        ("title", vec![s("ხ")], s("ხ")),
        // Non-ASCII punctuation does not start a word.
        ("title", vec![s("a«b")], s("A«b")),
        ("title", vec![s("")], s("")),
    ]);
}

#[test]
fn replace() {
    ok(&[
        ("replace", vec![s("hello"), s("l"), s("L")], s("heLLo")),
        ("replace", vec![s("abc"), s(""), s("-")], s("-a-b-c-")),
        ("replace", vec![s("aaa"), s("aa"), s("b")], s("ba")),
        (
            "replace",
            vec![s("1 + 2"), s("+"), s("plus")],
            s("1 plus 2"),
        ),
        ("replace", vec![s("/(l+)/"), s("(l+)"), s("$1")], s("/$1/")),
        // The result is normalized.
        ("replace", vec![s("ex"), s("x"), s("\u{301}")], s("\u{e9}")),
        (
            "replace",
            vec![s("a"), unknown(Type::String), s("b")],
            not_null_unknown(Type::String),
        ),
    ]);
    let big = s(&"x".repeat(1 << 20));
    err(&[(
        "replace",
        vec![s("aaaaaaaaaaaaaaaaaaaa"), s("a"), big],
        "STRING_RESULT_MAX_BYTES",
    )]);
}

#[test]
fn split() {
    ok(&[
        (
            "split",
            vec![s(","), s("a,b,,c")],
            strs(&["a", "b", "", "c"]),
        ),
        ("split", vec![s(","), s("")], strs(&[""])),
        ("split", vec![s(""), s("abc")], strs(&["a", "b", "c"])),
        ("split", vec![s(""), s("")], strs(&[])),
        ("split", vec![s(""), s("😀\u{e9}")], strs(&["😀", "\u{e9}"])),
        ("split", vec![s("::"), s("a::b:c")], strs(&["a", "b:c"])),
        (
            "split",
            vec![s(","), unknown(Type::String)],
            not_null_unknown(Type::list(Type::String)),
        ),
    ]);
}

#[test]
fn strrev() {
    ok(&[
        ("strrev", vec![s("hello")], s("olleh")),
        ("strrev", vec![s("")], s("")),
        ("strrev", vec![s("ae\u{301}")], s("\u{e9}a")),
        ("strrev", vec![s("x💃🏿y")], s("y💃🏿x")),
        ("strrev", vec![s("🇫🇷🇩🇪")], s("🇩🇪🇫🇷")),
        ("strrev", vec![s("a\r\nb")], s("b\r\na")),
        (
            "strrev",
            vec![Value::dynamic()],
            not_null_unknown(Type::String),
        ),
    ]);
}

#[test]
fn substr() {
    let sub = |text: &str, offset: i64, length: i64, want: &str| {
        (
            "substr",
            vec![s(text), Value::from(offset), Value::from(length)],
            s(want),
        )
    };
    let cases = vec![
        sub("hello", 1, 3, "ell"),
        sub("hello", -3, 2, "ll"),
        sub("hello", 1, -1, "ello"),
        sub("hello", 1, -5, "ello"),
        sub("hello", 10, 1, ""),
        sub("hello", 5, 1, ""),
        sub("hello", 4, 10, "o"),
        sub("hello", 0, 0, ""),
        sub("hello", 0, 100, "hello"),
        // A negative offset with a zero length takes the rest.
        sub("hello", -3, 0, "llo"),
        // An offset before the start counts from the start.
        sub("hello", -10, 2, "he"),
        sub("", 0, 1, ""),
        sub("", -1, 1, ""),
        sub("\u{e9}t\u{e9}", 0, 1, "\u{e9}"),
        sub("😀ab", 1, 1, "a"),
        sub("a💃🏿b", 1, 1, "💃🏿"),
        sub("ae\u{301}b", -2, 1, "\u{e9}"),
    ];
    ok(&cases);
    ok(&[
        (
            "substr",
            vec![Value::dynamic(), n("0"), n("1")],
            not_null_unknown(Type::String),
        ),
        (
            "substr",
            vec![s("abc"), unknown(Type::Number), n("1")],
            not_null_unknown(Type::String),
        ),
    ]);
    err(&[
        ("substr", vec![s("abc"), n("0.5"), n("1")], WHOLE),
        ("substr", vec![s("abc"), n("0"), n("1e20")], WHOLE),
    ]);
    arg_err(&[("substr", vec![s("abc"), null(Type::Number), n("1")], 1)]);
}

#[test]
fn trims() {
    ok(&[
        ("trim", vec![s("?!hello?!"), s("!?")], s("hello")),
        ("trim", vec![s("  x  "), s("")], s("  x  ")),
        ("trim", vec![s("\u{e9}\u{e9}x\u{e9}"), s("\u{e9}")], s("x")),
        ("trim", vec![s("aaa"), s("a")], s("")),
        ("trimprefix", vec![s("helloworld"), s("hello")], s("world")),
        ("trimprefix", vec![s("hellohello"), s("hello")], s("hello")),
        ("trimprefix", vec![s("hello"), s("")], s("hello")),
        ("trimprefix", vec![s("hello"), s("world")], s("hello")),
        ("trimsuffix", vec![s("helloworld"), s("world")], s("hello")),
        ("trimsuffix", vec![s("hello"), s("x")], s("hello")),
        ("trimspace", vec![s("\t\n x y \u{3000}\u{a0}")], s("x y")),
        ("trimspace", vec![s("   ")], s("")),
        (
            "trimspace",
            vec![unknown(Type::String)],
            not_null_unknown(Type::String),
        ),
    ]);
    arg_err(&[
        ("trim", vec![s("a"), null(Type::String)], 1),
        ("trimsuffix", vec![null(Type::String), s("a")], 0),
    ]);
}

#[test]
fn split_results_are_bounded() {
    use crate::functions::limits::SEQUENCE_RESULT_MAX_ELEMENTS;
    let long = "x".repeat(SEQUENCE_RESULT_MAX_ELEMENTS + 1);
    err(&[
        (
            "split",
            vec![s(""), s(&long)],
            "SEQUENCE_RESULT_MAX_ELEMENTS",
        ),
        (
            "split",
            vec![s(","), s(&",".repeat(SEQUENCE_RESULT_MAX_ELEMENTS))],
            "SEQUENCE_RESULT_MAX_ELEMENTS",
        ),
    ]);
    let at_limit = "x".repeat(SEQUENCE_RESULT_MAX_ELEMENTS);
    let parts = call("split", &[s(""), s(&at_limit)]).unwrap();
    assert_eq!(parts.length(), Some(SEQUENCE_RESULT_MAX_ELEMENTS));
}
