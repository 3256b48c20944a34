use super::register;
use crate::functions::test_support::{list, n, null, obj, s, set, strs, tup, unknown};
use crate::functions::{FunctionError, Functions};
use crate::types::Type;
use crate::value::{Number, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut table = Functions::new();
    register(&mut table);
    table[name].call(args)
}

fn format(args: Vec<Value>) -> Result<Value, FunctionError> {
    call("format", &args)
}

/// `(format string, arguments, expected result)`.
#[track_caller]
fn ok(cases: &[(&str, Vec<Value>, &str)]) {
    for (fmt, args, want) in cases {
        let mut all = vec![s(fmt)];
        all.extend(args.iter().cloned());
        match format(all) {
            Ok(got) => assert_eq!(got, s(want), "format({fmt:?}, {args:?})"),
            Err(e) => panic!("format({fmt:?}, {args:?}): unexpected error {e:?}"),
        }
    }
}

/// `(format string, arguments, expected message)`.
#[track_caller]
fn err(cases: &[(&str, Vec<Value>, &str)]) {
    for (fmt, args, want) in cases {
        let mut all = vec![s(fmt)];
        all.extend(args.iter().cloned());
        match format(all) {
            Ok(got) => panic!("format({fmt:?}, {args:?}): expected an error, got {got:?}"),
            Err(e) => assert_eq!(e.to_string(), *want, "format({fmt:?}, {args:?})"),
        }
    }
}

fn int(v: i64) -> Value {
    Value::from(v)
}

#[test]
fn literals_and_percent() {
    ok(&[
        ("", vec![], ""),
        ("hello", vec![], "hello"),
        ("100%% successful", vec![], "100% successful"),
        ("100%%", vec![], "100%"),
        ("%%%v", vec![Value::from(false)], "%false"),
        ("日本 %s ✓", vec![s("語")], "日本 語 ✓"),
        ("e\u{301}%s", vec![s("")], "\u{e9}"),
    ]);
}

#[test]
fn default_verbs() {
    ok(&[
        ("%v", vec![s("hello")], "hello"),
        ("%[2]v", vec![Value::from(true), s("hello")], "hello"),
        ("%#v", vec![s("hello")], "\"hello\""),
        ("%v", vec![int(2)], "2"),
        ("%#v", vec![int(2)], "2"),
        ("%v", vec![n("1e21")], "1e+21"),
        ("%v", vec![n("123456.5")], "123456.5"),
        ("%v", vec![n("0.000001")], "1e-06"),
        ("%#v", vec![n("1e21")], "1000000000000000000000"),
        ("%v", vec![Value::from(true)], "true"),
        ("%v", vec![Value::empty_object()], "{}"),
        ("%v", vec![Value::empty_tuple()], "[]"),
        ("%v", vec![null(Type::Bool)], "null"),
        ("%v", vec![null(Type::Dynamic)], "null"),
        ("%#v", vec![null(Type::String)], "null"),
        (
            "%v",
            vec![obj(vec![("b", s("<&>")), ("a", n("0.1"))])],
            "{\"a\":0.1,\"b\":\"\\u003c\\u0026\\u003e\"}",
        ),
        ("%v", vec![set(Type::Number, vec![int(3), int(1)])], "[1,3]"),
        (
            "%v",
            vec![tup(vec![n("1"), s("a"), null(Type::Number)])],
            "[1,\"a\",null]",
        ),
        ("%5v|", vec![int(42)], "   42|"),
        ("%-5v|", vec![s("ab")], "ab   |"),
        ("%05v", vec![s("ab")], "000ab"),
        ("%-05v", vec![s("ab")], "ab000"),
        ("%4v", vec![Value::empty_tuple()], "  []"),
    ]);
    err(&[(
        "%v",
        vec![tup(vec![Value::number(Number::infinity())])],
        "unsupported value for \"%v\" at 0: cannot serialize infinity as JSON",
    )]);
    ok(&[("%v", vec![Value::number(Number::infinity())], "+Inf")]);
}

#[test]
fn strings() {
    ok(&[
        ("Hello, %s!", vec![s("Ermintrude")], "Hello, Ermintrude!"),
        (
            "Hello, %[2]s!",
            vec![s("Stephen"), s("Ermintrude")],
            "Hello, Ermintrude!",
        ),
        ("%q...", vec![s("Ermintrude")], "\"Ermintrude\"..."),
        ("%s", vec![Value::from(false)], "false"),
        ("%q", vec![Value::from(false)], "\"false\""),
        ("%s", vec![n("1.5")], "1.5"),
        ("%10s", vec![s("hello")], "     hello"),
        ("%-10s", vec![s("hello")], "hello     "),
        ("%4s", vec![s("💃🏿")], "   💃🏿"),
        ("%-4s", vec![s("💃🏿")], "💃🏿   "),
        ("%q", vec![s("💃🏿")], "\"💃🏿\""),
        ("%6q", vec![s("💃🏿")], "   \"💃🏿\""),
        ("%-6q", vec![s("💃🏿")], "\"💃🏿\"   "),
        ("%.2s", vec![s("hello")], "he"),
        ("%.2q", vec![s("hello")], "\"he\""),
        ("%.5s", vec![s("日本語日本語")], "日本語日本"),
        ("%.1q", vec![s("日本語日本語")], "\"日\""),
        ("%.10s", vec![s("hello")], "hello"),
        ("%4.2s", vec![s("hello")], "  he"),
        ("%6.2q", vec![s("hello")], "  \"he\""),
        ("%-4.2s", vec![s("hello")], "he  "),
        ("%.1s", vec![s("e\u{301}x")], "\u{e9}"),
        // A precision of zero does not truncate.
        ("%.0s|%.s", vec![s("abc"), s("de")], "abc|de"),
        ("%05s", vec![s("ab")], "000ab"),
        (
            "%q",
            vec![s("Hello\nWorld\t\u{1}\u{8}\u{c}")],
            "\"Hello\\nWorld\\t\\u0001\\u0008\\u000c\"",
        ),
        (
            "%q",
            vec![s("a\"b<>&\u{2028}é")],
            "\"a\\\"b\\u003c\\u003e\\u0026\\u2028é\"",
        ),
    ]);
    err(&[
        (
            "%s",
            vec![null(Type::String)],
            "unsupported value for \"%s\" at 0: null value cannot be formatted",
        ),
        (
            "%s",
            vec![strs(&["a"])],
            "unsupported value for \"%s\" at 0: string required",
        ),
    ]);
}

#[test]
fn bools() {
    ok(&[
        (
            "This statement is %t",
            vec![Value::from(false)],
            "This statement is false",
        ),
        (
            "%[2]t",
            vec![Value::from(true), Value::from(false)],
            "false",
        ),
        ("%t", vec![s("true")], "true"),
        // %t ignores widths.
        ("%8t|", vec![Value::from(true)], "true|"),
    ]);
    err(&[
        (
            "%t",
            vec![s("yes")],
            "unsupported value for \"%t\" at 0: a bool is required",
        ),
        (
            "%t",
            vec![int(1)],
            "unsupported value for \"%t\" at 0: bool required",
        ),
    ]);
}

#[test]
fn integers() {
    ok(&[
        ("%d green bottles", vec![int(10)], "10 green bottles"),
        ("%[2]d things", vec![int(1), int(10)], "10 things"),
        ("%+d", vec![int(10)], "+10"),
        ("% d", vec![int(10)], " 10"),
        ("%+ d", vec![int(10)], "+10"),
        ("%5d|", vec![int(10)], "   10|"),
        ("%-5d|", vec![int(10)], "10   |"),
        ("%05d", vec![int(-42)], "-0042"),
        ("%-05d|", vec![int(7)], "7    |"),
        ("%.3d", vec![int(7)], "007"),
        ("%6.3d|", vec![int(-7)], "  -007|"),
        ("%06.3d|", vec![int(7)], "   007|"),
        ("%.0d|", vec![int(0)], "|"),
        ("%5.0d|", vec![int(0)], "|"),
        ("%.d|", vec![int(0)], "|"),
        ("%b", vec![int(5)], "101"),
        ("%o", vec![int(9)], "11"),
        ("%x", vec![int(254)], "fe"),
        ("%X", vec![int(254)], "FE"),
        ("%x", vec![int(-255)], "-ff"),
        (
            "%#x %#X %#o %#b",
            vec![int(255), int(255), int(8), int(5)],
            "0xff 0XFF 010 0b101",
        ),
        ("%#08x", vec![int(255)], "0x0000ff"),
        (
            "%d",
            vec![n("18446744073709551616")],
            "18446744073709551616",
        ),
        ("%d", vec![n("1e30")], "1000000000000000000000000000000"),
        ("%d", vec![s("12")], "12"),
        ("%d", vec![n("-0")], "0"),
        (
            "%x",
            vec![n("340282366920938463463374607431768211457")],
            "100000000000000000000000000000001",
        ),
    ]);
    err(&[
        (
            "%d",
            vec![Value::from(true)],
            "unsupported value for \"%d\" at 0: number required",
        ),
        (
            "%d",
            vec![n("4.5")],
            "unsupported value for \"%d\" at 0: an integer is required",
        ),
        (
            "x=%X",
            vec![n("99.99")],
            "unsupported value for \"%X\" at 2: an integer is required",
        ),
        (
            "%d",
            vec![s("x")],
            "unsupported value for \"%d\" at 0: a number is required",
        ),
        (
            "%d",
            vec![Value::number(Number::infinity())],
            "unsupported value for \"%d\" at 0: an integer is required",
        ),
    ]);
}

#[test]
fn floats() {
    ok(&[
        ("%f things", vec![int(10)], "10.000000 things"),
        ("%+f", vec![int(10)], "+10.000000"),
        ("% f", vec![int(10)], " 10.000000"),
        ("%+f", vec![int(-10)], "-10.000000"),
        ("% f", vec![int(-10)], "-10.000000"),
        (
            "%f",
            vec![s("100000000000000000000000000000000000001")],
            "100000000000000000000000000000000000001.000000",
        ),
        (
            "%f",
            vec![s("1.00000000000000000000000000000000000001")],
            "1.000000",
        ),
        (
            "%.4f",
            vec![s("1.00000000000000000000000000000000000001")],
            "1.0000",
        ),
        ("%.1f", vec![s("1.06")], "1.1"),
        ("%.0f", vec![n("2.5")], "2"),
        ("%.0f", vec![n("3.5")], "4"),
        ("%.f", vec![n("3.25")], "3"),
        ("%5.2f|", vec![n("3.14159")], " 3.14|"),
        ("%-8.2f|", vec![n("3.14159")], "3.14    |"),
        ("%08.2f", vec![n("-3.14159")], "-0003.14"),
        ("%+08.2f", vec![n("3.14159")], "+0003.14"),
        ("%-08.2f|", vec![n("3.14159")], "3.14    |"),
        ("%10.4f", vec![int(1)], "    1.0000"),
        ("%e", vec![int(1000)], "1.000000e+03"),
        ("%E", vec![int(1000)], "1.000000E+03"),
        ("%e", vec![n("123456.789")], "1.234568e+05"),
        ("%.2e", vec![n("-0.000123")], "-1.23e-04"),
        ("%g", vec![int(1000)], "1000"),
        ("%G", vec![int(1000)], "1000"),
        ("%g", vec![s("0.00000000000000000000001")], "1e-23"),
        ("%G", vec![s("0.00000000000000000000001")], "1E-23"),
        ("%g", vec![n("0.000001")], "1e-06"),
        ("%g", vec![n("100000")], "100000"),
        ("%g", vec![n("1000000")], "1e+06"),
        ("%.3g", vec![n("3.14159")], "3.14"),
        ("%g", vec![n("-1e-400")], "-1e-400"),
        ("%f", vec![n("-0")], "-0.000000"),
        ("%f", vec![Value::number(Number::infinity())], "+Inf"),
        ("% f", vec![Value::number(Number::infinity())], " Inf"),
        (
            "%08f|",
            vec![Value::number(Number::neg_infinity())],
            "    -Inf|",
        ),
        ("%-6f|", vec![Value::number(Number::infinity())], "+Inf  |"),
        ("%.3f", vec![s("2")], "2.000"),
    ]);
    err(&[(
        "%f",
        vec![s("x")],
        "unsupported value for \"%f\" at 0: a number is required",
    )]);
}

#[test]
fn argument_indexes() {
    ok(&[
        ("%[2]s %[1]s", vec![s("a"), s("b")], "b a"),
        ("%[2]s %s", vec![s("a"), s("b"), s("c")], "b c"),
        ("%[1]s %[1]s %s", vec![s("a"), s("b")], "a a b"),
        ("%-5[1]s|%.1[2]s", vec![s("ab"), s("cd")], "ab   |c"),
        ("%5.1[1]f", vec![n("2.25")], "  2.2"),
    ]);
}

#[test]
fn errors() {
    err(&[
        (
            "%s is not in the args list",
            vec![],
            "not enough arguments for \"%s\" at 0: need index 1 but have 0 total",
        ),
        (
            "%[3]s",
            vec![Value::from(true), Value::from(true)],
            "not enough arguments for \"%[3]s\" at 0: need index 3 but have 2 total",
        ),
        (
            "%[0]s",
            vec![Value::from(true)],
            "unrecognized format character '0' at offset 2",
        ),
        (
            "%v %v %v",
            vec![Value::from(true), Value::from(true)],
            "not enough arguments for \"%v\" at 6: need index 3 but have 2 total",
        ),
        (
            "%z",
            vec![int(10)],
            "unsupported format verb 'z' in \"%z\" at offset 0",
        ),
        (
            "%#z",
            vec![int(10)],
            "unsupported format verb 'z' in \"%#z\" at offset 0",
        ),
        (
            "%012z",
            vec![int(10)],
            "unsupported format verb 'z' in \"%012z\" at offset 0",
        ),
        (
            "%☠",
            vec![int(10)],
            "unrecognized format character '☠' at offset 1",
        ),
        (
            "%💃🏿",
            vec![int(10)],
            "unrecognized format character '💃' at offset 1",
        ),
        (
            "%-%",
            vec![],
            "unrecognized format character '%' at offset 2",
        ),
        (
            "%5-d",
            vec![int(1)],
            "unrecognized format character '-' at offset 2",
        ),
        (
            "%[1",
            vec![int(1)],
            "invalid format string starting at offset 3",
        ),
        (
            "%[1x",
            vec![int(1)],
            "unrecognized format character 'x' at offset 3",
        ),
        (
            "%[1]5d",
            vec![int(1)],
            "unrecognized format character '5' at offset 4",
        ),
        ("abc%", vec![], "invalid format string starting at offset 4"),
        (
            "%5",
            vec![int(1)],
            "invalid format string starting at offset 2",
        ),
        (
            "%\n",
            vec![],
            "unrecognized format character '\\n' at offset 1",
        ),
        (
            "no verbs at all",
            vec![int(10)],
            "too many arguments; no verbs in format string",
        ),
        (
            "only one verb %d",
            vec![int(10), int(11)],
            "too many arguments; only 1 used by format string",
        ),
        (
            "%d",
            vec![null(Type::Number)],
            "unsupported value for \"%d\" at 0: null value cannot be formatted",
        ),
    ]);
    // Too many arguments is a problem with the first one left over.
    match format(vec![s("%[1]s"), s("a"), s("b"), s("c")]) {
        Err(FunctionError::Arg { index, message }) => {
            assert_eq!(index, 2);
            assert_eq!(message, "too many arguments; only 1 used by format string");
        }
        other => panic!("unexpected {other:?}"),
    }
    // An unknown nested anywhere hides every error; the result is never
    // null.
    let unknown_text = unknown(Type::String).refine_not_null();
    assert_eq!(
        format(vec![s("%d"), tup(vec![unknown(Type::String)]), s("extra")]).unwrap(),
        unknown_text
    );
    assert_eq!(
        format(vec![s("%s"), unknown(Type::String)]).unwrap(),
        unknown_text
    );
    assert_eq!(
        format(vec![unknown(Type::String), int(1)]).unwrap(),
        unknown_text
    );
    // Its arguments may be unknown, even of an unknown type: the result is
    // still a string.
    assert_eq!(
        format(vec![s("%v"), Value::dynamic()]).unwrap(),
        unknown_text
    );
    // The text before the first verb starts the result, but for a last
    // character that what follows could still change.
    let starting = |prefix: &str| unknown_text.refine().string_prefix_full(prefix).build();
    assert_eq!(
        format(vec![s("id-%s"), unknown(Type::String)]).unwrap(),
        starting("id-")
    );
    assert_eq!(
        format(vec![s("ab%s"), unknown(Type::String)]).unwrap(),
        starting("a")
    );
    assert!(matches!(
        format(vec![null(Type::String)]),
        Err(FunctionError::Arg { index: 0, .. })
    ));
}

#[test]
fn limits() {
    let e = format(vec![s("%10001d"), int(1)]).unwrap_err().to_string();
    assert!(e.contains("FORMAT_MAX_WIDTH"), "{e}");
    let e = format(vec![s("%.10001f"), int(1)]).unwrap_err().to_string();
    assert!(e.contains("FORMAT_MAX_WIDTH"), "{e}");
    assert_eq!(
        format(vec![s("%10000d"), int(1)])
            .unwrap()
            .as_str()
            .map(str::len),
        Some(10_000)
    );
    let big = s(&"x".repeat(1 << 20));
    let e = format(vec![s(&"%[1]s".repeat(20)), big])
        .unwrap_err()
        .to_string();
    assert!(e.contains("STRING_RESULT_MAX_BYTES"), "{e}");
    // A number too large to write out in full.
    let mut huge = Number::from_i64(2);
    for _ in 0..21 {
        huge = huge.mul(&huge).unwrap();
    }
    let e = format(vec![s("%d"), Value::number(huge.clone())])
        .unwrap_err()
        .to_string();
    assert!(e.contains("NUMBER_TEXT_MAX_BITS"), "{e}");
    let e = format(vec![s("%v"), Value::number(huge)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("NUMBER_TEXT_MAX_BITS"), "{e}");
}

#[test]
fn formatlist() {
    let fl = |args: Vec<Value>| call("formatlist", &args);
    // An element of the result from unknowns is unknown, never null.
    let unknown_text = unknown(Type::String).refine_not_null();
    assert_eq!(fl(vec![s("")]).unwrap(), strs(&[""]));
    assert_eq!(fl(vec![s("100%%")]).unwrap(), strs(&["100%"]));
    assert_eq!(fl(vec![s("%s"), s("hello")]).unwrap(), strs(&["hello"]));
    assert_eq!(
        fl(vec![s("%s"), strs(&["hello"])]).unwrap(),
        strs(&["hello"])
    );
    assert_eq!(
        fl(vec![s("%s %s"), strs(&["hello", "goodbye"]), s("world")]).unwrap(),
        strs(&["hello world", "goodbye world"])
    );
    assert_eq!(
        fl(vec![
            s("%s=%v"),
            tup(vec![s("a"), s("b")]),
            set(Type::Number, vec![int(2), int(1)])
        ])
        .unwrap(),
        strs(&["a=1", "b=2"])
    );
    assert_eq!(
        fl(vec![s("%s"), strs(&[])]).unwrap(),
        Value::list(Type::String, vec![]).unwrap()
    );
    // A null list is a single value.
    assert_eq!(
        fl(vec![s("%v"), null(Type::list(Type::String))]).unwrap(),
        strs(&["null"])
    );
    // Unknown elements make their own result elements unknown.
    assert_eq!(
        fl(vec![
            s("%s"),
            list(Type::String, vec![s("a"), unknown(Type::String)])
        ])
        .unwrap(),
        list(Type::String, vec![s("a"), unknown_text.clone()])
    );
    assert_eq!(
        fl(vec![s("%s-%s"), strs(&["a", "b"]), unknown(Type::String)]).unwrap(),
        list(Type::String, vec![unknown_text.clone(), unknown_text])
    );
    // An unknown list, or a set whose length is unknown, makes it all
    // unknown, but not null.
    let ret = unknown(Type::list(Type::String)).refine_not_null();
    assert_eq!(
        fl(vec![s("%s"), unknown(Type::list(Type::String))]).unwrap(),
        ret
    );
    assert_eq!(
        fl(vec![
            s("%s"),
            set(Type::String, vec![s("a"), unknown(Type::String)])
        ])
        .unwrap(),
        ret
    );
    assert_eq!(fl(vec![unknown(Type::String), s("a")]).unwrap(), ret);
    // Lengths must agree (checked before unknowns are considered).
    match fl(vec![
        s("%s %s"),
        strs(&["a", "b"]),
        strs(&["c"]),
        unknown(Type::list(Type::String)),
    ]) {
        Err(FunctionError::Arg { index, message }) => {
            assert_eq!(index, 2);
            assert_eq!(
                message,
                "argument 2 has length 1, which is inconsistent with argument 1 of length 2"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    let e = fl(vec![s("%d"), tup(vec![int(1), s("x")])]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "error on format iteration 1: unsupported value for \"%d\" at 0: a number is required"
    );
    let e = fl(vec![s("%s")]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "not enough arguments for \"%s\" at 0: need index 1 but have 0 total"
    );
    let e = fl(vec![s("x"), strs(&["a"])]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "error on format iteration 0: too many arguments; no verbs in format string"
    );
}
