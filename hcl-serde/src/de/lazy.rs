//! Decoding a file one top-level item at a time.
//!
//! Most configurations are a list of top-level blocks read into a struct
//! whose fields take them by type. For such a target the file is not parsed
//! whole: a [`LazyFile`] scan finds the items, and each block is parsed when
//! serde reads its body and dropped right after, so a decode holds one
//! block's syntax tree at a time instead of the whole file's, and the
//! memory it needs is little more than the input and the values it makes.
//! `from_file`, which can read a regular file again, does without most of
//! the input too: it reads a [`hcl_core::SplitFile`], each block's text
//! freed once read, and reads the file again whole after an error.
//!
//! Anything this path does not handle (a target that is not a struct, a
//! field for the whole body, an item the target does not take, a syntax
//! error, a top-level argument that fails to evaluate) gives it up, and
//! the file is parsed and decoded whole. Errors in the blocks and
//! missing fields are found here, with the passes of `recovery`, and the
//! blocks after a failed one checked as on the whole-file path: results
//! and diagnostics are exactly those of that path, which tests and the
//! differential fuzz targets check.

use std::collections::{HashMap, HashSet};

use hcl_core::__private::LazyFile;
use hcl_core::analysis::Location;
use hcl_core::schema::Attribute;
use hcl_core::span::Span;
use serde::de::{self, Visitor};
use serde::forward_to_deserialize_any;

use super::blocks::{decode_whole, BlockRef, BlockTarget, LazyBlock};
use super::body::{
    attribute_item, visit_entries, AttrAt, Entry, Field, FieldIndex, Item, BLOCK_STRUCT,
};
use super::recovery::Place;
use super::Session;
use crate::error::{Error, Result};
use crate::special::{special_types, Special};

/// A deserializer over the top-level body of a [`LazyFile`].
pub(crate) struct FileDeserializer<'a, 's, 'de> {
    pub(crate) file: &'a LazyFile<'a>,
    pub(crate) session: &'s Session<'s, 'de>,
}

impl<'de, 'a> FileDeserializer<'a, '_, 'de> {
    /// The entries of the fields `keys` take, in source order, as the
    /// whole-file path makes them: every attribute evaluated first, in
    /// source order; the blocks not parsed yet.
    fn entries(&self, keys: &[&'a str], block_type: bool) -> Result<Vec<Entry<'a>>> {
        let fields: Vec<Field<'a>> = keys
            .iter()
            .map(|k| Field::of_struct(k, block_type))
            .collect();
        if fields.iter().any(|f| {
            matches!(
                f,
                Field::Label(_) | Field::Body | Field::Remain | Field::Flatten
            )
        }) {
            return Err(decode_whole());
        }
        let field_index = FieldIndex::new(&fields);
        let file = self.file;
        let mut attributes = Vec::new();
        let mut groups: Vec<Entry<'a>> = Vec::new();
        let mut group_of: HashMap<&'a str, usize> = HashMap::new();
        for (index, item) in file.items().enumerate() {
            let name = item.name();
            if !item.is_block() {
                let i = field_index.attribute(name).ok_or_else(decode_whole)?;
                let (Some(&field), Some(&key)) = (fields.get(i), keys.get(i)) else {
                    return Err(decode_whole());
                };
                attributes.push((index, field, key));
                continue;
            }
            let block = BlockRef::Lazy(LazyBlock { file, index });
            if let Some(Entry {
                item: Item::Blocks(_, list, _),
                ..
            }) = group_of.get(name).and_then(|&g| groups.get_mut(g))
            {
                list.push(block);
                continue;
            }
            let i = field_index.block(name).ok_or_else(decode_whole)?;
            let key = *keys.get(i).ok_or_else(decode_whole)?;
            group_of.insert(name, groups.len());
            // Items are in source order: their numbers order them, in a
            // split file too, whose spans are each in its item's text.
            groups.push(Entry {
                key,
                order: (0, index as u32),
                item: Item::Blocks(name, vec![block], BlockTarget::of(fields.get(i))),
            });
        }
        let mut entries = Vec::with_capacity(attributes.len() + groups.len());
        for (index, field, key) in attributes {
            let Some(header) = file.item(index) else {
                return Err(decode_whole());
            };
            // An argument and blocks of one name: the whole file's errors.
            if group_of.contains_key(header.name()) {
                return Err(decode_whole());
            }
            let (parsed, source) = file.attribute_in(index).ok_or_else(decode_whole)?;
            let attr = Attribute::native(&parsed, source);
            let at = AttrAt {
                name: header.name(),
                name_at: Location::new(source, parsed.name_span),
                expr_at: Location::new(source, parsed.expr.span),
                either: false,
            };
            let literal = || parsed.expr.as_string_literal().cloned();
            let item = attribute_item(field, &attr, at, literal, self.session)
                .map_err(|_| decode_whole())?;
            entries.push(Entry {
                key,
                order: (0, index as u32),
                item,
            });
        }
        entries.extend(groups);
        entries.sort_by_key(|e| e.order);
        Ok(entries)
    }
}

impl<'de, 'a> FileDeserializer<'a, '_, 'de> {
    /// Gives the entries of `keys`, the fields of an `#[hcl]` struct when
    /// `block_type`, to `visitor`.
    fn visit<V: Visitor<'de>>(
        self,
        keys: &[&'a str],
        block_type: bool,
        visitor: V,
    ) -> Result<V::Value> {
        let entries = self.entries(keys, block_type)?;
        let missing = self.missing_item();
        visit_entries(
            entries,
            Place::of(missing),
            Some(missing),
            block_type,
            self.session,
            visitor,
        )
    }

    /// Where an item missing from the file is reported: the empty range at
    /// its start, as the reference's `MissingItemRange`.
    pub(crate) fn missing_item(&self) -> Location<'a> {
        Location::new(self.file.source(), Span::empty(0))
    }
}

/// A `Spanned` or a payload of the whole file: read whole instead.
impl<'de> Special<'de> for FileDeserializer<'_, '_, 'de> {
    fn spanned_range(&self) -> Result<Option<hcl_core::Range>> {
        Err(decode_whole())
    }

    fn payload<V: Visitor<'de>>(self, _name: &'static str, _visitor: V) -> Result<V::Value> {
        Err(decode_whole())
    }

    fn plain_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.visit(fields, name.starts_with(BLOCK_STRUCT), visitor)
    }
}

impl<'de> de::Deserializer<'de> for FileDeserializer<'_, '_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // A map of every attribute name and block type, as a schema-less
        // target reads a body.
        let mut names: Vec<&str> = Vec::new();
        let mut seen = HashSet::new();
        for item in self.file.items() {
            if seen.insert(item.name()) {
                names.push(item.name());
            }
        }
        self.visit(&names, false, visitor)
    }

    special_types!();

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    /// An enum read from a document: its only item names the variant, as
    /// the whole-file path reads it.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(decode_whole())
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use hcl_core::{Code, EvalContext, Value};
    use serde::de::DeserializeOwned;
    use serde::Deserialize;

    use super::*;

    /// The value read one item at a time, or `None` where that path gives
    /// up for the whole-file one.
    fn lazily<T: DeserializeOwned>(text: &str) -> Option<T> {
        let file = LazyFile::scan(text, "t.hcl")?;
        let ctx = EvalContext::new();
        let points = Default::default();
        let session = Session {
            ctx: &ctx,
            lenient: false,
            unresolved_as_source: false,
            warnings: Default::default(),
            resume: &points,
            record: Default::default(),
            source: crate::de::Borrowable::NONE,
            errors_unreported: false,
            schemas: Default::default(),
        };
        let value = T::deserialize(FileDeserializer {
            file: &file,
            session: &session,
        })
        .ok()?;
        file.check_rest().then_some(value)
    }

    /// The value of the file parsed whole.
    fn whole<T: DeserializeOwned>(text: &str) -> crate::Result<T> {
        let file = hcl_core::parse(text, "<input>").map_err(crate::Error::from)?;
        crate::from_body(&hcl_core::Body::from_file(&file), &EvalContext::new())
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        region: String,
        replicas: Option<u8>,
        #[serde(default)]
        resource: BTreeMap<String, BTreeMap<String, Resource>>,
        #[serde(default)]
        output: BTreeMap<String, Output>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Resource {
        ami: String,
        count: Option<u32>,
        #[serde(default)]
        tags: BTreeMap<String, String>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Output {
        value: Value,
    }

    const CONFIG: &str = r#"
region = "eu-west-1"

resource "aws_instance" "web" {
  ami   = "ami-1"
  count = 1 + 1
}

output "name" {
  value = upper("web")
}

replicas = 3 # after the blocks

resource "aws_instance" "db" {
  ami  = "ami-${2}"
  tags = { role = "db" }
}
"#;

    #[test]
    fn a_typed_config_is_read_one_item_at_a_time_as_when_parsed_whole() {
        let lazy: Config = lazily(CONFIG).unwrap();
        assert_eq!(lazy.replicas, Some(3));
        assert_eq!(lazy.resource["aws_instance"]["web"].count, Some(2));
        assert_eq!(lazy.resource["aws_instance"]["db"].ami, "ami-2");
        assert_eq!(lazy.output["name"].value, Value::string("WEB"));
        assert_eq!(lazy, whole::<Config>(CONFIG).unwrap());
        assert_eq!(lazy, crate::from_str::<Config>(CONFIG).unwrap());
    }

    #[test]
    fn schema_less_and_flattened_targets_are_read_one_item_at_a_time() {
        let lazy: Value = lazily(CONFIG).unwrap();
        assert_eq!(lazy, whole::<Value>(CONFIG).unwrap());

        #[derive(Deserialize, Debug, PartialEq)]
        struct Flat {
            region: String,
            #[serde(flatten)]
            rest: BTreeMap<String, Value>,
        }
        let lazy: Flat = lazily(CONFIG).unwrap();
        assert_eq!(lazy.rest.len(), 3);
        assert_eq!(lazy, whole::<Flat>(CONFIG).unwrap());
    }

    #[test]
    fn targets_that_need_the_whole_body_are_left_to_the_whole_file_path() {
        #[derive(Deserialize)]
        struct Remain {
            #[serde(rename = "$hcl:remain")]
            _rest: crate::RawBody,
        }
        assert!(lazily::<Remain>(CONFIG).is_none());
        assert!(lazily::<crate::Spanned<Config>>(CONFIG).is_none());
        assert!(crate::from_str::<crate::Spanned<Config>>(CONFIG).is_ok());
        // What the target does not take is an error of the whole file.
        #[derive(Deserialize, Debug)]
        struct Partial {
            _region: Option<String>,
        }
        assert!(lazily::<Partial>(CONFIG).is_none());
    }

    #[test]
    fn a_later_syntax_error_wins_over_what_was_read_before_it() {
        let text = format!("{CONFIG}broken = (1\n");
        #[derive(Deserialize, Debug)]
        struct WithBroken {
            #[serde(flatten)]
            _all: BTreeMap<String, Value>,
        }
        assert!(lazily::<WithBroken>(&text).is_none());
        let err = crate::from_str::<WithBroken>(&text).unwrap_err();
        let expected = whole::<WithBroken>(&text).unwrap_err();
        assert_eq!(err.to_string(), expected.to_string());
        assert!(
            err.diagnostics()
                .iter()
                .any(|d| d.code == Code::UnbalancedParentheses),
            "{err}"
        );

        // A block the target never reads is parsed all the same.
        #[derive(Deserialize, Debug)]
        struct Ignoring {
            #[serde(rename = "resource")]
            _resource: serde::de::IgnoredAny,
            _region: String,
        }
        let text = "_region = \"x\"\nresource \"a\" \"b\" {\n  x = (\n}\n";
        assert!(lazily::<Ignoring>(text).is_none());
        assert!(crate::from_str::<Ignoring>(text).is_err());
        let fixed = text.replace("x = (", "x = ()");
        assert!(lazily::<Ignoring>(&fixed).is_none());
        let fixed = text.replace("x = (", "x = (1)");
        assert!(lazily::<Ignoring>(&fixed).is_some());
    }

    /// The result of the passes one item at a time, or `None` where they
    /// give up for the whole file.
    fn with_passes<T: DeserializeOwned>(text: &str) -> Option<crate::Result<T>> {
        let file = LazyFile::scan(text, "<input>")?;
        crate::Decoder::new()
            .decode_lazily(&file, crate::de::Borrowable::NONE, text.len())
            .map(|result| result.map(|decoded| decoded.value))
    }

    #[test]
    fn decoding_errors_are_those_of_the_whole_file() {
        let text = CONFIG.replace("count = 1 + 1", "count = -1");
        assert!(lazily::<Config>(&text).is_none(), "one pass gives up");
        let err = with_passes::<Config>(&text).unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            whole::<Config>(&text).unwrap_err().to_string()
        );
        assert!(err.to_string().contains("-1"), "{err}");
        assert_eq!(
            crate::from_str::<Config>(&text).unwrap_err().to_string(),
            err.to_string()
        );
    }

    #[test]
    fn errors_in_blocks_and_top_level_values_are_found_one_item_at_a_time() {
        // Bad values in two blocks, an unsupported argument in a third,
        // and at the top level `region` missing and `replicas` too large.
        let text = CONFIG
            .replace("region = \"eu-west-1\"\n", "")
            .replace("replicas = 3", "replicas = 300")
            .replace("count = 1 + 1", "count = -1")
            .replace(
                "value = upper(\"web\")",
                "value = upper(\"web\")\n  valeu = 1",
            )
            + "resource \"aws_instance\" \"cache\" {\n  ami = {}\n}\n";
        let err = with_passes::<Config>(&text).unwrap().unwrap_err();
        let codes: Vec<Code> = err.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            [
                // Reported at the start of the file, as the reference does.
                Code::MissingRequiredArgument,
                Code::InvalidValue,
                Code::UnsupportedArgument,
                Code::InvalidValue,
                Code::IncorrectValueType,
            ]
        );
        assert_eq!(
            err.to_string(),
            whole::<Config>(&text).unwrap_err().to_string()
        );
    }

    #[test]
    fn evaluation_errors_at_the_top_level_and_syntax_errors_are_left_to_the_whole_file() {
        // A top-level argument that fails to evaluate, then a syntax error
        // in a later item after a bad value in a block: the whole file's
        // errors.
        let failing = CONFIG.replace("replicas = 3", "replicas = 1 + true");
        let broken = CONFIG.replace("count = 1 + 1", "count = -1") + "oops = (\n";
        for text in [failing, broken] {
            assert!(with_passes::<Config>(&text).is_none(), "{text}");
            assert_eq!(
                crate::from_str::<Config>(&text).unwrap_err().to_string(),
                whole::<Config>(&text).unwrap_err().to_string()
            );
        }
    }
}
