//! Generated values written with `to_string` and `to_string_pretty` read
//! back to themselves with `from_str`, and the output is formatted.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Kind {
    Plain,
    Number(i64),
    Pair(u8, String),
    Named { text: String, flag: bool },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Leaf {
    name: String,
    ratio: f64,
    small: f32,
    big: u64,
    neg: i128,
    maybe: Option<String>,
    kind: Kind,
    tags: BTreeMap<String, String>,
    lists: Vec<Vec<i32>>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Doc {
    title: String,
    leaf: Vec<Leaf>,
    by_name: BTreeMap<String, Leaf>,
    kinds: Vec<Kind>,
    #[serde(default)]
    values: BTreeMap<String, Vec<Option<bool>>>,
}

/// Text with what needs escaping or a heredoc: quotes, backslashes,
/// template sequences, line breaks, control characters, `EOT` lines and
/// characters beyond ASCII (in NFC, which HCL strings are read in).
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            "[a-zA-Z0-9 _.-]{0,6}",
            Just("${".to_string()),
            Just("%{".to_string()),
            Just("$${".to_string()),
            Just("$".to_string()),
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("\t".to_string()),
            Just("\u{1}".to_string()),
            Just("EOT\n".to_string()),
            Just("  EOT1\n".to_string()),
            Just("é日🚀".to_string()),
        ],
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z][a-z0-9_-]{0,5}", text()]
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Plain),
        any::<i64>().prop_map(Kind::Number),
        (any::<u8>(), text()).prop_map(|(a, b)| Kind::Pair(a, b)),
        (text(), any::<bool>()).prop_map(|(text, flag)| Kind::Named { text, flag }),
    ]
}

fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |f| f.is_finite()),
        -1e6f64..1e6,
    ]
}

fn leaf() -> impl Strategy<Value = Leaf> {
    (
        text(),
        finite_f64(),
        any::<f32>().prop_filter("finite", |f| f.is_finite()),
        any::<u64>(),
        any::<i128>(),
        proptest::option::of(text()),
        kind(),
        proptest::collection::btree_map(key(), text(), 0..3),
        proptest::collection::vec(proptest::collection::vec(any::<i32>(), 0..3), 0..3),
    )
        .prop_map(
            |(name, ratio, small, big, neg, maybe, kind, tags, lists)| Leaf {
                name,
                ratio,
                small,
                big,
                neg,
                maybe,
                kind,
                tags,
                lists,
            },
        )
}

fn doc() -> impl Strategy<Value = Doc> {
    (
        text(),
        proptest::collection::vec(leaf(), 0..3),
        proptest::collection::btree_map(key(), leaf(), 0..3),
        proptest::collection::vec(kind(), 0..4),
        proptest::collection::btree_map(
            "[a-z]{1,4}",
            proptest::collection::vec(proptest::option::of(any::<bool>()), 0..3),
            0..3,
        ),
    )
        .prop_map(|(title, leaf, by_name, kinds, values)| Doc {
            title,
            leaf,
            by_name,
            kinds,
            values,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn documents_round_trip(doc in doc()) {
        for text in [hcl_serde::to_string(&doc).unwrap(), hcl_serde::to_string_pretty(&doc).unwrap()] {
            prop_assert_eq!(&hcl_core::format(&text), &text);
            let back: Doc = match hcl_serde::from_str(&text) {
                Ok(back) => back,
                Err(e) => return Err(TestCaseError::fail(format!("{text}\n{e}"))),
            };
            prop_assert_eq!(&back, &doc, "{}", text);
        }
    }

    #[test]
    fn strings_round_trip(s in text()) {
        let value = BTreeMap::from([("s".to_string(), s)]);
        for text in [hcl_serde::to_string(&value).unwrap(), hcl_serde::to_string_pretty(&value).unwrap()] {
            let back: BTreeMap<String, String> = hcl_serde::from_str(&text).unwrap();
            prop_assert_eq!(&back, &value, "{}", text);
        }
    }
}
