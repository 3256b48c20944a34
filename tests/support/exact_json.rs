//! Reading JSON text with every number exactly: a number is read as the
//! object `{"$number": TEXT}`, which [`plain_numbers`] makes the text
//! itself, as the typed encoding of the conformance cases writes numbers.
#![allow(dead_code, clippy::indexing_slicing, reason = "test support")]

use serde_json::{json, Value as Json};

/// Numbers as their text, as the typed encoding writes them.
pub fn plain_numbers(json: &Json) -> Json {
    match json {
        Json::Object(map) if map.len() == 1 && map.contains_key("$number") => {
            map["$number"].clone()
        }
        Json::Object(map) => Json::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), plain_numbers(v)))
                .collect(),
        ),
        Json::Array(items) => Json::Array(items.iter().map(plain_numbers).collect()),
        other => other.clone(),
    }
}

/// Reads JSON text keeping every number exactly, as the object
/// `{"$number": TEXT}` ([`plain_numbers`] makes it the text).
pub fn read_json(text: &str) -> Result<Json, String> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = parser.value(0)?;
    parser.space();
    if parser.at != parser.bytes.len() {
        return Err(format!("trailing text at byte {}", parser.at));
    }
    Ok(value)
}

struct Parser<'t> {
    bytes: &'t [u8],
    at: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn expect(&mut self, b: u8) -> Result<(), String> {
        self.space();
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at byte {}", char::from(b), self.at))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 10_000 {
            return Err("too deep".to_owned());
        }
        self.space();
        match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut map = serde_json::Map::new();
                self.space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Json::Object(map));
                }
                loop {
                    self.space();
                    let Json::String(key) = self.string()? else {
                        return Err("bad key".to_owned());
                    };
                    self.expect(b':')?;
                    let value = self.value(depth + 1)?;
                    map.insert(key, value);
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Json::Object(map));
                        }
                        _ => return Err(format!("bad object at byte {}", self.at)),
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Json::Array(items));
                        }
                        _ => return Err(format!("bad array at byte {}", self.at)),
                    }
                }
            }
            Some(b'"') => self.string(),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                {
                    self.at += 1;
                }
                let text =
                    std::str::from_utf8(&self.bytes[start..self.at]).map_err(|e| e.to_string())?;
                Ok(json!({"$number": text}))
            }
            _ => Err(format!("unexpected text at byte {}", self.at)),
        }
    }

    fn word(&mut self, word: &str, value: Json) -> Result<Json, String> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(format!("bad word at byte {}", self.at))
        }
    }

    fn string(&mut self) -> Result<Json, String> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return Err(format!("expected a string at byte {start}"));
        }
        self.at += 1;
        while let Some(b) = self.peek() {
            self.at += 1;
            match b {
                b'\\' => self.at += 1,
                b'"' => {
                    let text = std::str::from_utf8(&self.bytes[start..self.at])
                        .map_err(|e| e.to_string())?;
                    return serde_json::from_str::<String>(text)
                        .map(Json::String)
                        .map_err(|e| e.to_string());
                }
                _ => {}
            }
        }
        Err("unterminated string".to_owned())
    }
}
