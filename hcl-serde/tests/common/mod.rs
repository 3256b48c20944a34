//! What the decoding and writing tests share.

#![allow(dead_code, clippy::panic, clippy::unwrap_used)]

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use serde::Deserialize;

/// The body of a block a [`Server`] decodes from.
pub const SERVER: &str = "{\n  name = \"s\"\n  port = 1\n}\n";

/// A block with two attributes.
#[derive(Deserialize, Debug, PartialEq)]
pub struct Server {
    pub name: String,
    pub port: u16,
}

/// A string that must hold an `@`: a type whose own check fails.
#[derive(Debug, PartialEq)]
pub struct Email(pub String);

impl std::str::FromStr for Email {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.contains('@') {
            Ok(Email(s.into()))
        } else {
            Err(format!("{s:?} is not an email address"))
        }
    }
}

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Writes `value` both ways and checks that each output parses, is
/// formatted, and reads back to `value`; returns the compact output.
#[track_caller]
pub fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let compact = hcl_serde::to_string(value).unwrap();
    let pretty = hcl_serde::to_string_pretty(value).unwrap();
    for text in [&compact, &pretty] {
        if let Err(e) = hcl_core::parse(text, "out.hcl") {
            panic!("the output does not parse:\n{text}\n{e}");
        }
        assert_eq!(&hcl_core::format(text), text, "not in the canonical layout");
        let back: T = match hcl_serde::from_str(text) {
            Ok(back) => back,
            Err(e) => panic!("the output does not read back:\n{text}\n{e}"),
        };
        assert_eq!(&back, value, "read back differently from:\n{text}");
    }
    compact
}

/// The keys of a map in the order the deserializer gives them.
pub struct KeyOrder(pub Vec<String>);

impl<'de> Deserialize<'de> for KeyOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = KeyOrder;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeyOrder, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    keys.push(key);
                }
                Ok(KeyOrder(keys))
            }
        }
        d.deserialize_map(Keys)
    }
}
