use super::register;
use crate::functions::test_support::{list, map, n, null, obj, s, set, strs, tup, unknown};
use crate::functions::{FunctionError, Functions};
use crate::types::Type;
use crate::value::{Number, Value};

fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut table = Functions::new();
    register(&mut table);
    table[name].call(args)
}

#[track_caller]
fn encode(cases: &[(Value, &str)]) {
    for (v, want) in cases {
        match call("jsonencode", std::slice::from_ref(v)) {
            Ok(got) => assert_eq!(got, s(want), "jsonencode({v:?})"),
            Err(e) => panic!("jsonencode({v:?}): unexpected error {e:?}"),
        }
    }
}

#[track_caller]
fn decode(cases: &[(&str, Value)]) {
    for (text, want) in cases {
        match call("jsondecode", &[s(text)]) {
            Ok(got) => {
                assert_eq!(got.ty(), want.ty(), "jsondecode({text:?})");
                assert_eq!(&got, want, "jsondecode({text:?})");
            }
            Err(e) => panic!("jsondecode({text:?}): unexpected error {e:?}"),
        }
    }
}

#[track_caller]
fn decode_err(cases: &[(&str, &str)]) {
    for (text, want) in cases {
        match call("jsondecode", &[s(text)]) {
            Ok(got) => panic!("jsondecode({text:?}): expected an error, got {got:?}"),
            Err(e) => assert_eq!(e.to_string(), *want, "jsondecode({text:?})"),
        }
    }
}

#[test]
fn jsonencode() {
    encode(&[
        (s("hello"), "\"hello\""),
        (n("1"), "1"),
        (n("-0"), "-0"),
        (n("0.1"), "0.1"),
        (n("1e21"), "1000000000000000000000"),
        (n("1e-7"), "0.0000001"),
        (
            n("340282366920938463463374607431768211457"),
            "340282366920938463463374607431768211457",
        ),
        (Value::number(Number::from_f64(0.1).unwrap()), "0.1"),
        (Value::from(true), "true"),
        (null(Type::String), "null"),
        (null(Type::Dynamic), "null"),
        (
            s("a\"b<>&\u{2028}\u{2029}é😀"),
            r#""a\"b\u003c\u003e\u0026\u2028\u2029é😀""#,
        ),
        // Backspace and form feed as Go 1.19, the reference's build,
        // writes them.
        (
            s("\u{0}\u{1f}\u{8}\u{c}\n\r\t\\/"),
            r#""\u0000\u001f\u0008\u000c\n\r\t\\/""#,
        ),
        (strs(&["a", "b"]), r#"["a","b"]"#),
        (strs(&[]), "[]"),
        (set(Type::String, vec![s("b"), s("a")]), r#"["a","b"]"#),
        (
            tup(vec![n("1"), s("x"), null(Type::Bool)]),
            r#"[1,"x",null]"#,
        ),
        (
            map(Type::Number, vec![("b", n("2")), ("a", n("1"))]),
            r#"{"a":1,"b":2}"#,
        ),
        (
            obj(vec![
                ("z", Value::empty_object()),
                ("a", Value::empty_tuple()),
            ]),
            r#"{"a":[],"z":{}}"#,
        ),
        (obj(vec![("\u{e9}", n("1"))]), r#"{"é":1}"#),
        (list(Type::Dynamic, vec![]), "[]"),
        (tup(vec![null(Type::Dynamic)]), "[null]"),
    ]);
    // DEL is written as itself.
    assert_eq!(call("jsonencode", &[s("\u{7f}")]).unwrap(), s("\"\u{7f}\""));
    // Not wholly known: unknown, never null, and when the value cannot be
    // null, starting as the JSON of its type does.
    let starting = |prefix: &str| {
        unknown(Type::String)
            .refine()
            .not_null()
            .string_prefix_full(prefix)
            .build()
    };
    for (v, want) in [
        (unknown(Type::String), starting("")),
        (Value::dynamic(), starting("")),
        (unknown(Type::String).refine_not_null(), starting("\"")),
        (tup(vec![unknown(Type::Number)]), starting("[")),
        (obj(vec![("a", unknown(Type::Bool))]), starting("{")),
    ] {
        assert_eq!(
            call("jsonencode", std::slice::from_ref(&v)).unwrap(),
            want,
            "{v:?}"
        );
    }
    let e = call("jsonencode", &[Value::number(Number::infinity())]).unwrap_err();
    assert_eq!(e.to_string(), "cannot serialize infinity as JSON");
    let e = call(
        "jsonencode",
        &[tup(vec![Value::number(Number::neg_infinity())])],
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "cannot serialize infinity as JSON");
    let mut tiny = Number::from_i64(2);
    for _ in 0..21 {
        tiny = tiny.mul(&tiny).unwrap();
    }
    let tiny = Number::from_i64(1).div(&tiny).unwrap();
    let e = call("jsonencode", &[Value::number(tiny)]).unwrap_err();
    assert!(e.to_string().contains("NUMBER_TEXT_MAX_BITS"), "{e}");
}

#[test]
fn jsondecode_values() {
    decode(&[
        ("1", n("1")),
        ("-0", n("-0")),
        ("0.1", n("0.1")),
        ("1E400", n("1e400")),
        (
            "123456789012345678901234567890.5",
            n("123456789012345678901234567890.5"),
        ),
        ("true", Value::from(true)),
        ("null", null(Type::Dynamic)),
        (" \t\r\n\"x\" ", s("x")),
        (r#""\u00e9\ud83d\ude00\n\/\"""#, s("é😀\n/\"")),
        (r#""e\u0301""#, s("\u{e9}")),
        (r#""\ud800x\udc00""#, s("\u{fffd}x\u{fffd}")),
        (r#""\ud83dx""#, s("\u{fffd}x")),
        (r#""\ud83d\u0041""#, s("\u{fffd}A")),
        ("[]", Value::empty_tuple()),
        ("{}", Value::empty_object()),
        (
            "[1, \"a\", null, [true]]",
            tup(vec![
                n("1"),
                s("a"),
                null(Type::Dynamic),
                tup(vec![Value::from(true)]),
            ]),
        ),
        (
            r#"{"b": {"c": null}, "a": []}"#,
            obj(vec![
                ("a", Value::empty_tuple()),
                ("b", obj(vec![("c", null(Type::Dynamic))])),
            ]),
        ),
        // Of duplicate keys the last wins, type and value.
        (r#"{"a": 1, "a": "x"}"#, obj(vec![("a", s("x"))])),
        (r#"{"a": null, "a": 2}"#, obj(vec![("a", n("2"))])),
        (r#"{"a": true, "a": "s"}"#, obj(vec![("a", s("s"))])),
        (
            r#"{"a": "true", "a": false}"#,
            obj(vec![("a", Value::from(false))]),
        ),
        (r#"{"a": "5", "a": 6}"#, obj(vec![("a", n("6"))])),
        // Keys are normalized like every attribute name.
        (r#"{"e\u0301": 1}"#, obj(vec![("\u{e9}", n("1"))])),
        (
            r#"{"e\u0301": 1, "\u00e9": 2}"#,
            obj(vec![("\u{e9}", n("2"))]),
        ),
        // Anything after a closing bracket is ignored.
        ("1]", n("1")),
        ("{}}", Value::empty_object()),
        ("[1]]x", tup(vec![n("1")])),
    ]);
    // Numbers keep their precision: 512 bits, as literals.
    let r = call("jsondecode", &[s("0.1")]).unwrap();
    assert_eq!(r.as_number().unwrap().precision(), 512);
    assert_eq!(
        call("jsondecode", &[unknown(Type::String)]).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn jsondecode_errors() {
    decode_err(&[
        ("", "EOF"),
        ("   ", "EOF"),
        ("[", "EOF"),
        ("[1,", "EOF"),
        ("{\"a\":", "EOF"),
        ("\"abc", "unexpected EOF"),
        ("tru", "unexpected EOF"),
        ("-", "unexpected EOF"),
        ("1.", "unexpected EOF"),
        ("{bad", "invalid character 'b'"),
        ("x", "invalid character 'x' looking for beginning of value"),
        (
            "\u{e9}",
            "invalid character 'Ã' looking for beginning of value",
        ),
        ("[1 2]", "invalid character '2' after array element"),
        (
            "[1,]",
            "invalid character ']' looking for beginning of value",
        ),
        (
            "[,1]",
            "invalid character ',' looking for beginning of value",
        ),
        ("{\"a\" 1}", "invalid character '1' after object key"),
        (
            "{\"a\":1 \"b\":2}",
            "invalid character '\"' after object key:value pair",
        ),
        (
            "{\"a\":1,}",
            "invalid character '}' looking for beginning of object key string",
        ),
        ("truex", "extraneous data after JSON object"),
        ("1 2", "extraneous data after JSON object"),
        ("01", "extraneous data after JSON object"),
        (
            "trux",
            "invalid character 'x' in literal true (expecting 'e')",
        ),
        ("nul", "unexpected EOF"),
        ("-a", "invalid character 'a' in numeric literal"),
        (
            "1.a",
            "invalid character 'a' after decimal point in numeric literal",
        ),
        (
            "1ea",
            "invalid character 'a' in exponent of numeric literal",
        ),
        ("1e+", "unexpected EOF"),
        ("\"a\nb\"", "invalid character '\\n' in string literal"),
        ("\"\\x\"", "invalid character 'x' in string escape code"),
        (
            "\"\\u12g4\"",
            "invalid character 'g' in \\u hexadecimal character escape",
        ),
        (
            "'a'",
            "invalid character '\\'' looking for beginning of value",
        ),
        // Duplicate keys whose earlier values do not fit the later type.
        (r#"{"a": "x", "a": 1}"#, "a number is required"),
        (r#"{"a": [1], "a": 2}"#, "number is required"),
        (
            r#"{"a": {"b": 1}, "a": {"c": 2}}"#,
            "unsupported attribute \"b\"",
        ),
        (
            r#"{"a": [1, 2], "a": [3]}"#,
            "too many tuple elements (need 1)",
        ),
        (
            r#"{"a": [], "a": [3]}"#,
            "not enough tuple elements (need 1)",
        ),
        (r#"{"a": 1, "a": null}"#, "missing expected {"),
        (r#"{"a": "yes", "a": true}"#, "a bool is required"),
    ]);
    let deep = format!("{}{}", "[".repeat(600), "]".repeat(600));
    let e = call("jsondecode", &[s(&deep)]).unwrap_err().to_string();
    assert!(e.contains("JSON_MAX_DEPTH"), "{e}");
    let ok = format!("{}{}", "[".repeat(500), "]".repeat(500));
    assert!(call("jsondecode", &[s(&ok)]).is_ok());
    let e = call("jsondecode", &[s("1e10001")]).unwrap_err().to_string();
    assert!(e.contains("JSON_NUMBER_MAX_EXPONENT"), "{e}");
    let e = call("jsondecode", &[s(&"9".repeat(10_001))])
        .unwrap_err()
        .to_string();
    assert!(e.contains("JSON_NUMBER_MAX_DIGITS"), "{e}");
    assert!(call("jsondecode", &[s("1e-10000")]).is_ok());
}

#[test]
fn json_round_trips() {
    for text in [
        r#"{"a":[1,"x",true,null],"b":{"c":0.5}}"#,
        r#"[[],{},"\u003c"]"#,
        "123456789012345678901234567890123456789",
    ] {
        let v = call("jsondecode", &[s(text)]).unwrap();
        assert_eq!(call("jsonencode", &[v]).unwrap(), s(text), "{text}");
    }
}

#[test]
fn csvdecode() {
    let row = |pairs: &[(&str, &str)]| obj(pairs.iter().map(|(k, v)| (*k, s(v))).collect());
    let rows = |ety: Type, rows: Vec<Value>| list(ety, rows);
    let ab = Type::object([("a", Type::String), ("b", Type::String)]);
    let cases: Vec<(&str, Value)> = vec![
        (
            "a,b\n1,2\n",
            rows(ab.clone(), vec![row(&[("a", "1"), ("b", "2")])]),
        ),
        (
            "a,b\r\n1,2\r\n3,4",
            rows(
                ab.clone(),
                vec![
                    row(&[("a", "1"), ("b", "2")]),
                    row(&[("a", "3"), ("b", "4")]),
                ],
            ),
        ),
        ("a,b\n", rows(ab.clone(), vec![])),
        ("a,b", rows(ab.clone(), vec![])),
        (
            "\n\na,b\n\n1,2\n\n",
            rows(ab.clone(), vec![row(&[("a", "1"), ("b", "2")])]),
        ),
        (
            "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n",
            rows(ab.clone(), vec![row(&[("a", "x,y"), ("b", "say \"hi\"")])]),
        ),
        (
            "a,b\n\"line1\r\nline2\",\n",
            rows(ab.clone(), vec![row(&[("a", "line1\nline2"), ("b", "")])]),
        ),
        (
            " a , b \n 1 , 2 ",
            rows(
                Type::object([(" a ", Type::String), (" b ", Type::String)]),
                vec![row(&[(" a ", " 1 "), (" b ", " 2 ")])],
            ),
        ),
        (
            "a,b\n1,2\r",
            rows(ab.clone(), vec![row(&[("a", "1"), ("b", "2")])]),
        ),
        (
            "a,b\n,\n",
            rows(ab.clone(), vec![row(&[("a", ""), ("b", "")])]),
        ),
        (
            "\u{e9}\nx\u{301}\n",
            rows(
                Type::object([("\u{e9}", Type::String)]),
                vec![row(&[("\u{e9}", "x\u{301}")])],
            ),
        ),
    ];
    for (text, want) in cases {
        let got =
            call("csvdecode", &[s(text)]).unwrap_or_else(|e| panic!("csvdecode({text:?}): {e:?}"));
        assert_eq!(got.ty(), want.ty(), "csvdecode({text:?})");
        assert_eq!(got, want, "csvdecode({text:?})");
    }
    for (text, want) in [
        ("", "missing header line"),
        ("\n\n", "missing header line"),
        ("a,a\n", "duplicate column name \"a\""),
        (
            "a,b\n1\n",
            "CSV parse error on line 2: wrong number of fields",
        ),
        (
            "a,b\n1,2\n\n1,2,3\n",
            "CSV parse error on line 4: wrong number of fields",
        ),
        (
            "a,b\n1,x\"y\n",
            "CSV parse error on line 2: bare \" in non-quoted-field",
        ),
        (
            "a,b\n\"1\"x,2\n",
            "CSV parse error on line 2: extraneous or missing \" in quoted-field",
        ),
        (
            "a,b\n\"1,2\n",
            "CSV parse error on line 2: extraneous or missing \" in quoted-field",
        ),
        (
            "a,b\n\"1,\n2\n",
            "CSV parse error on line 3: extraneous or missing \" in quoted-field",
        ),
        (
            "a\"b\n",
            "CSV parse error on line 1: bare \" in non-quoted-field",
        ),
    ] {
        match call("csvdecode", &[s(text)]) {
            Ok(got) => panic!("csvdecode({text:?}): expected an error, got {got:?}"),
            Err(e) => assert_eq!(e.to_string(), want, "csvdecode({text:?})"),
        }
    }
    assert_eq!(
        call("csvdecode", &[unknown(Type::String)]).unwrap(),
        Value::dynamic()
    );
    assert!(matches!(
        call("csvdecode", &[null(Type::String)]),
        Err(FunctionError::Arg { index: 0, .. })
    ));
}

#[test]
fn jsonencode_output_is_bounded() {
    use crate::functions::limits::STRING_RESULT_MAX_BYTES;
    // Escaping makes six bytes of each "<".
    let angles = "<".repeat(STRING_RESULT_MAX_BYTES / 6 + 1);
    let err = call("jsonencode", &[s(&angles)]).unwrap_err();
    assert!(err.to_string().contains("STRING_RESULT_MAX_BYTES"), "{err}");
    let fits = "<".repeat(STRING_RESULT_MAX_BYTES / 6 - 1);
    assert!(call("jsonencode", &[s(&fits)]).is_ok());
    let many = tup(vec![s(&"x".repeat(1 << 20)); 17]);
    let err = call("jsonencode", &[many]).unwrap_err();
    assert!(err.to_string().contains("STRING_RESULT_MAX_BYTES"), "{err}");
}
