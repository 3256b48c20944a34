//! Types the decoding tests share.

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
