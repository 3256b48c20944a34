//! The rules of `value_text`, each with the text the reference writes
//! (from the examples of the edit conformance cases, whose ids are given).

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::{is_go_print, value_text};
use crate::value::Number;
use crate::{Type, Value};

fn num(text: &str) -> Value {
    Value::number(Number::parse_str(text).unwrap())
}

fn s(text: &str) -> Value {
    Value::string(text)
}

fn obj(attrs: Vec<(&str, Value)>) -> Value {
    Value::object(attrs)
}

#[track_caller]
fn check(value: &Value, want: &str) {
    assert_eq!(value_text(value), want);
}

#[test]
fn nulls_and_bools() {
    // spec-edit-value-032, -033
    check(&Value::null(Type::Dynamic), "null");
    check(&Value::null(Type::String), "null");
    check(&Value::null(Type::list(Type::Number)), "null");
    check(&Value::from(true), "true");
    check(&Value::from(false), "false");
}

#[test]
fn numbers_are_the_shortest_decimal_without_exponent() {
    // spec-edit-value-026 to -030
    for (text, want) in [
        ("0", "0"),
        ("42", "42"),
        ("-17", "-17"),
        ("1.50", "1.5"),
        ("0.1", "0.1"),
        ("1e21", "1000000000000000000000"),
        ("0.000001", "0.000001"),
        ("-0", "-0"),
        (
            "1606938044258990275541962092341162602522202993782792835301376",
            "1606938044258990275541962092341162602522202993782792835301376",
        ),
        (
            "3.14159265358979323846264338327950288419716939937510",
            "3.1415926535897932384626433832795028841971693993751",
        ),
        ("9007199254740993", "9007199254740993"),
    ] {
        check(&num(text), want);
    }
}

#[test]
fn a_third_at_512_bits() {
    // spec-edit-value-029
    let third = crate::EvalContext::new().evaluate_str("1/3").unwrap();
    let want = format!("0.{}5", "3".repeat(154));
    check(&third, &want);
}

#[test]
fn infinities_are_written_as_go_writes_them() {
    // spec-edit-value-031: one token `+Inf`, never spaced apart.
    check(&Value::number(Number::infinity()), "+Inf");
    check(&Value::number(Number::neg_infinity()), "-Inf");
    let both = Value::tuple(vec![
        Value::number(Number::infinity()),
        Value::number(Number::neg_infinity()),
    ]);
    check(&both, "[+Inf, -Inf]");
    let o = obj(vec![
        ("a", Value::number(Number::infinity())),
        ("text", s("+ Inf")),
    ]);
    check(&o, "{\n  a    = +Inf\n  text = \"+ Inf\"\n}");
}

#[test]
fn numbers_too_long_to_write_out_take_an_exponent() {
    check(&num("1e600000000"), "1e+600000000");
    check(&num("-2.5e-600000000"), "-2.5e-600000000");
}

#[test]
fn strings_escape_what_the_reference_escapes() {
    // spec-edit-value-015, -016, -012
    check(&s("plain"), "\"plain\"");
    check(&s(""), "\"\"");
    check(
        &s("line1\nline2\r\ttab \"quoted\" back\\slash"),
        "\"line1\\nline2\\r\\ttab \\\"quoted\\\" back\\\\slash\"",
    );
    check(&s("hello\n"), "\"hello\\n\"");
}

#[test]
fn template_introducers_are_doubled() {
    // spec-edit-value-017, -018, -019
    check(&s("${var} and %{ if x }"), "\"$${var} and %%{ if x }\"");
    check(
        &s("$${already} %%{too} $ % $x %x end$ end%"),
        "\"$$${already} %%%{too} $ % $x %x end$ end%\"",
    );
    check(&s("ends with ${"), "\"ends with $${\"");
    check(&s("ends with %{"), "\"ends with %%{\"");
}

#[test]
fn characters_go_does_not_print_are_escaped() {
    // spec-edit-value-020, -021, -022
    check(
        &s("\u{0}\u{1}\u{1f}\u{7f}"),
        "\"\\u0000\\u0001\\u001f\\u007f\"",
    );
    check(
        &s("nbsp\u{a0}shy\u{ad}zwsp\u{200b}ls\u{2028}bom\u{feff}ideo\u{3000}nel\u{85}"),
        "\"nbsp\\u00a0shy\\u00adzwsp\\u200bls\\u2028bom\\ufeffideo\\u3000nel\\u0085\"",
    );
    check(
        &s("tag\u{e0001} max\u{10ffff} private\u{f0000}"),
        "\"tag\\U000e0001 max\\U0010ffff private\\U000f0000\"",
    );
    // gen-edit-1-000273
    check(
        &s("trailing space ctrl\u{1}"),
        "\"trailing space ctrl\\u0001\"",
    );
}

#[test]
fn printable_characters_are_written_as_they_are() {
    // spec-edit-value-023, -024
    check(&s("café 日本語 😀 Ωμέγα"), "\"café 日本語 😀 Ωμέγα\"");
    check(&s("👨\u{200d}👩\u{200d}👧"), "\"👨\\u200d👩\\u200d👧\"");
}

#[test]
fn strings_are_in_nfc() {
    // spec-edit-value-025
    check(&s("e\u{301} A\u{30a}"), "\"é Å\"");
}

#[test]
fn printable_means_graphic_in_unicode_13() {
    for c in [
        ' ',
        '~',
        '¡',
        'é',
        'Ω',
        '\u{300}',
        '日',
        '\u{1fad6}',
        '\u{2a6dd}',
        '\u{3134a}',
    ] {
        assert!(is_go_print(c), "{c:?}");
    }
    // U+0378 is unassigned; U+0870, U+1FAF0 and U+2A6DE were assigned in
    // Unicode 14.0, after Go 1.19's tables; the others are no graphic
    // characters (controls, spaces, format, private use, noncharacters).
    for c in [
        '\u{1f}',
        '\u{7f}',
        '\u{9f}',
        '\u{a0}',
        '\u{ad}',
        '\u{378}',
        '\u{600}',
        '\u{870}',
        '\u{2000}',
        '\u{2029}',
        '\u{2060}',
        '\u{e000}',
        '\u{fdd0}',
        '\u{fffe}',
        '\u{1faf0}',
        '\u{2a6de}',
        '\u{e0100}',
        '\u{e01f0}',
        '\u{10ffff}',
    ] {
        let want = c == '\u{e0100}';
        assert_eq!(is_go_print(c), want, "{c:?}");
    }
    check(
        &s("\u{870}\u{1faf0}\u{1fad6}"),
        "\"\\u0870\\U0001faf0\u{1fad6}\"",
    );
}

#[test]
fn lists_sets_and_tuples_are_on_one_line() {
    // spec-edit-value-034, -035, -038
    let strings =
        |items: &[&str]| Value::list(Type::String, items.iter().map(|i| s(i)).collect()).unwrap();
    check(&strings(&["a", "b", "c"]), "[\"a\", \"b\", \"c\"]");
    check(&strings(&[]), "[]");
    let nested = Value::tuple(vec![
        Value::tuple(vec![num("1"), num("2")]),
        Value::empty_tuple(),
        Value::tuple(vec![num("3")]),
    ]);
    check(&nested, "[[1, 2], [], [3]]");
    let mixed = Value::tuple(vec![
        s("a"),
        num("1"),
        Value::from(false),
        Value::null(Type::Dynamic),
        strings(&["x"]),
    ]);
    check(&mixed, "[\"a\", 1, false, null, [\"x\"]]");
}

#[test]
fn sets_are_in_go_cty_order() {
    // spec-edit-value-036, -037; gen-edit-1-000053
    let set = |ty: Type, items: Vec<Value>| Value::set(ty, items).unwrap();
    let strings = ["b", "B", "a", "é", "aa"].map(s).to_vec();
    check(
        &set(Type::String, strings),
        "[\"B\", \"a\", \"aa\", \"b\", \"é\"]",
    );
    let numbers = ["10", "9", "100", "-1", "0.5"].map(num).to_vec();
    check(&set(Type::Number, numbers), "[-1, 0.5, 9, 10, 100]");
    let bools = vec![Value::from(true), Value::from(false)];
    check(&set(Type::Bool, bools), "[false, true]");
    let big = ["9007199254740993", "-1", "123456789012345678901234567890"]
        .map(num)
        .to_vec();
    check(
        &set(Type::Number, big),
        "[-1, 9007199254740993, 123456789012345678901234567890]",
    );
}

#[test]
fn maps_have_a_line_per_element_with_aligned_equals() {
    // spec-edit-value-039
    let entries = [
        ("b", "1"),
        ("a-b", "2"),
        ("_u", "3"),
        ("1x", "4"),
        ("", "5"),
        ("with space", "6"),
        ("é", "7"),
        ("${x}", "8"),
        ("q\"uote", "9"),
    ];
    let map = Value::map(Type::Number, entries.map(|(k, v)| (k, num(v)))).unwrap();
    check(
        &map,
        "{\n  \"\"           = 5\n  \"$${x}\"      = 8\n  \"1x\"         = 4\n  _u           = 3\n  a-b          = 2\n  b            = 1\n  \"q\\\"uote\"    = 9\n  \"with space\" = 6\n  é            = 7\n}",
    );
    // spec-edit-get-008
    check(
        &obj(vec![("k", num("1")), ("long", num("2"))]),
        "{\n  k    = 1\n  long = 2\n}",
    );
}

#[test]
fn empty_maps_and_objects() {
    // spec-edit-value-041; gen-edit-1-000130
    check(
        &Value::map(Type::String, Vec::<(&str, Value)>::new()).unwrap(),
        "{}",
    );
    check(&Value::empty_object(), "{}");
    let t = Value::tuple(vec![Value::from(true), num("0.1"), Value::empty_object()]);
    check(&t, "[true, 0.1, {}]");
}

#[test]
fn keys_that_are_identifiers_are_bare() {
    // Keywords are identifiers too: the reference writes them bare.
    let o = obj(vec![
        ("null", num("1")),
        ("for", num("2")),
        ("true", num("3")),
    ]);
    check(&o, "{\n  for  = 2\n  null = 1\n  true = 3\n}");
}

#[test]
fn a_multi_line_element_breaks_the_alignment() {
    // spec-edit-value-040
    let o = obj(vec![
        ("name", s("x")),
        ("count", num("2")),
        ("tags", obj(vec![("env", s("prod"))])),
    ]);
    check(
        &o,
        "{\n  count = 2\n  name  = \"x\"\n  tags = {\n    env = \"prod\"\n  }\n}",
    );
    // gen-edit-1-000253
    let a = Value::map(
        Type::Bool,
        [
            ("", true),
            ("key-with-dash", false),
            ("a", false),
            ("k8s.io/name", true),
        ]
        .map(|(k, v)| (k, Value::from(v))),
    )
    .unwrap();
    let name = Value::list(Type::Number, vec![num("9007199254740993")]).unwrap();
    let o = obj(vec![("A", a), ("name", name), ("a", Value::from(false))]);
    check(
        &o,
        "{\n  A = {\n    \"\"            = true\n    a             = false\n    \"k8s.io/name\" = true\n    key-with-dash = false\n  }\n  a    = false\n  name = [9007199254740993]\n}",
    );
}

#[test]
fn lists_of_objects_take_the_formatter_s_indentation() {
    // spec-edit-value-042, -043
    let l = Value::tuple(vec![obj(vec![("a", num("1"))]), obj(vec![("a", num("2"))])]);
    check(&l, "[{\n  a = 1\n  }, {\n  a = 2\n}]");
    let items = Value::tuple(vec![obj(vec![("k", s("v"))])]);
    let o = obj(vec![("items", items), ("n", Value::null(Type::Dynamic))]);
    check(&o, "{\n  items = [{\n    k = \"v\"\n  }]\n  n = null\n}");
}

#[test]
fn strings_in_objects_are_escaped_alike() {
    // spec-edit-value-044
    let o = obj(vec![("text", s("multi\nline ${x}"))]);
    check(&o, "{\n  text = \"multi\\nline $${x}\"\n}");
}

#[test]
fn values_that_hcl_cannot_write_do_not_panic() {
    check(&Value::unknown(Type::String), "(unknown)");
    let t = Value::tuple(vec![num("1"), Value::dynamic()]);
    check(&t, "[1, (unknown)]");
    let o = obj(vec![("a", Value::unknown(Type::Number))]);
    check(&o, "{\n  a = (unknown)\n}");
}

#[test]
fn deep_values_are_written_without_recursion() {
    let mut v = num("1");
    for _ in 0..200 {
        v = obj(vec![("a", Value::tuple(vec![v]))]);
    }
    let text = value_text(&v);
    assert!(text.starts_with("{\n  a = [{\n    a = [{\n"));
    assert!(text.ends_with("\n    }]\n  }]\n}"));
    // The formatter indents no deeper than 128 levels.
    let deepest = text.lines().map(|l| l.len() - l.trim_start().len()).max();
    assert_eq!(deepest, Some(256));
    assert_eq!(text.matches("a = ").count(), 200);
}
