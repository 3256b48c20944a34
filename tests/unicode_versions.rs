//! Where this library's newer Unicode tables give other answers than the
//! reference's (see "Unicode versions" in
//! `tests/conformance/KNOWN_DIFFERENCES.md`): each case states our answer
//! and, in its comment, the reference's.
#![allow(
    clippy::unwrap_used,
    reason = "test code: a failure should stop the test"
)]

use hcl_core::{EvalContext, Value};

/// Evaluates each expression and compares the result.
fn check_eval(cases: &[(&str, Value)]) {
    let ctx = EvalContext::new();
    for (src, want) in cases {
        let got = ctx
            .evaluate_str(src)
            .unwrap_or_else(|d| panic!("{src}: {d}"));
        assert_eq!(&got, want, "{src}");
    }
}

#[test]
fn identifiers_take_letters_added_after_unicode_9() {
    // U+0870 (Unicode 14) and U+1E4D0 (Unicode 15) are letters: the
    // reference's identifier tables (Unicode 9.0) reject both.
    for src in ["\u{870}x = 1\n", "\u{1e4d0} = 1\n"] {
        assert!(hcl_core::parse(src, "f.hcl").is_ok(), "{src:?}");
    }
}

#[test]
fn indic_conjuncts_are_one_character() {
    // "क्ष" (KA, VIRAMA, SSA) is one grapheme cluster since Unicode 15.1;
    // the reference (Unicode 13 segmentation) sees "क्" and "ष", so it
    // gives "षक्", "क्" and "  क्ष".
    check_eval(&[
        ("strrev(\"क्ष\")", Value::from("क्ष")),
        ("substr(\"क्ष\", 0, 1)", Value::from("क्ष")),
        ("format(\"%4s\", \"क्ष\")", Value::from("   क्ष")),
    ]);
    // Columns count grapheme clusters too: the reference puts `1` at
    // column 12 (its positions use Unicode 15.0 segmentation).
    let file = hcl_core::SourceFile::new("f.hcl", "a = \"क्ष\" + 1");
    let at = "a = \"क्ष\" + ".len() as u32;
    assert_eq!(file.pos(at).column, 11);
}

#[test]
fn case_mapping_knows_pairs_added_after_unicode_13() {
    // U+2C2F and U+A7C0 got their lower-case letters in Unicode 14; the
    // reference (Go 1.19, Unicode 13) leaves them unchanged.
    check_eval(&[
        ("lower(\"\u{2c2f}\")", Value::from("\u{2c5f}")),
        ("upper(\"\u{a7c1}\")", Value::from("\u{a7c0}")),
    ]);
}

#[test]
fn regex_classes_know_newer_scripts_and_letters() {
    // Kawi is a script of Unicode 15: the reference rejects the class
    // ("invalid character class range"), and its \pL does not match
    // U+0870 (no match: an error).
    check_eval(&[
        (
            "regex(\"\\\\p{Kawi}+\", \"\u{11f04}\u{11f05}\")",
            Value::from("\u{11f04}\u{11f05}"),
        ),
        ("regex(\"\\\\pL\", \"\u{870}\")", Value::from("\u{870}")),
    ]);
}
