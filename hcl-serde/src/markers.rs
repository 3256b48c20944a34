//! What `#[hcl]` tells the deserializer, the serializer and
//! [`ConfigSchema::of`](crate::ConfigSchema::of) about a struct and its
//! fields, read back from the struct's serde name.
//!
//! serde hands a format only a struct's name and its fields' names. The
//! fields keep the names their type gives them, so every other format
//! reads and writes the type as it would without `#[hcl]`; what HCL needs
//! to know of each field rides in the struct's name instead, after the
//! name serde would use, as an identifier (so that a format that prints
//! struct names, as RON does with `struct_names`, can still write it):
//!
//! ```text
//! NAME__hcl ( _H LEN _ DOC )? ( _ ROLE LEN _ FIELD ( _N LEN _ LABEL )?
//!     ( _O LEN _ FIELD )? ( _F LEN _ FIELD )? ( _S LEN _ FIELD )?
//!     ( _T LEN _ FIELD _H LEN _ DOC )? )*
//! ```
//!
//! `ROLE` is one letter (`L` label, `A` attr, `B` block, `E` expr, `Y`
//! body, `R` remain, `M` a sequence or map that may be absent, `D` one
//! with a default), `FIELD` the field's serde name (for the direction
//! the name is for) and `LABEL` a label's name where it differs from the
//! field's, each escaped so that only ASCII letters and digits stay as
//! they are and any other character is `_HEX_` (its code point in
//! lowercase hexadecimal), and `LEN` the length of the escaped text in
//! bytes, in decimal. `hcl-derive`'s `names.rs` writes these names; this
//! module is their only reader.
//!
//! The other entries are for a schema of the type, which only serde's
//! names reach (see [`ConfigSchema::of`](crate::ConfigSchema::of)): `H`
//! first is the struct's doc comment, `O` a field that may be absent
//! for a reason its type does not show when asked (a serde default,
//! `#[hcl(optional)]`), `F` a field read its own way (`deserialize_with`),
//! whose type says nothing of what it takes, `S` a `#[hcl(block)]` field
//! whose type is no sequence or map as written (so one block, where a
//! sequence or map as written takes zero or more, whatever an alias or a
//! set behind the name asks for), and `T` a field whose doc comment is
//! the `H` after it. Fields without a role, a reason to be
//! absent or a doc comment are not named.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// What comes between a struct's own name and its fields' roles.
pub(crate) const MARK: &str = "__hcl";

/// What a marked field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// `#[hcl(label)]`, with the label's name (for messages).
    Label(&'static str),
    /// `#[hcl(attr)]`.
    Attr,
    /// `#[hcl(block)]`.
    Block,
    /// `#[hcl(expr)]`, or a field of type `Expression`.
    Expr,
    /// `#[hcl(body)]`.
    Body,
    /// `#[hcl(remain)]`.
    Remain,
    /// A field without options of a sequence or map type and without a
    /// default: it may be absent, and reads as empty then (zero blocks,
    /// as gohcl's slices); `to_string` leaves it out when empty.
    Many,
    /// The same with a default, which serde gives it when absent: left
    /// out when empty.
    ManyWithDefault,
}

/// The roles an `#[hcl]` struct's name gives its fields.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Marks {
    /// The struct's name without the marks: as serde would name it.
    pub(crate) name: &'static str,
    /// Each marked field's serde name, and its role, in field order.
    pub(crate) fields: Vec<(&'static str, Role)>,
    /// The struct's doc comment.
    pub(crate) doc: Option<&'static str>,
    /// The fields that may be absent for a reason their types cannot show.
    pub(crate) optional: Vec<&'static str>,
    /// The fields read their own way.
    pub(crate) own_readers: Vec<&'static str>,
    /// The `#[hcl(block)]` fields of one block.
    pub(crate) single_blocks: Vec<&'static str>,
    /// The fields' doc comments.
    pub(crate) docs: Vec<(&'static str, &'static str)>,
}

impl Marks {
    /// The role of the field serde calls `field`, if it has one.
    pub(crate) fn role(&self, field: &str) -> Option<Role> {
        self.fields
            .iter()
            .find(|(name, _)| *name == field)
            .map(|(_, role)| *role)
    }

    /// The doc comment of the field serde calls `field`.
    pub(crate) fn doc(&self, field: &str) -> Option<&'static str> {
        self.docs
            .iter()
            .find(|(name, _)| *name == field)
            .map(|(_, doc)| *doc)
    }

    /// The label names, in order.
    pub(crate) fn labels(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().filter_map(|(_, role)| match role {
            Role::Label(label) => Some(*label),
            _ => None,
        })
    }

    /// The serde names of its label fields, in order.
    pub(crate) fn label_fields(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields
            .iter()
            .filter(|(_, role)| matches!(role, Role::Label(_)))
            .map(|(field, _)| *field)
    }
}

/// A `&'static str` by its address and length.
type NameId = (usize, usize);

/// The marks of the struct serde calls `name`, or `None` for a struct
/// without `#[hcl]` (or any other name).
///
/// Each name is read once per process: the names are `&'static` and few
/// (one for each `#[hcl]` type and direction), so the result is kept, and
/// a name with escaped characters keeps its unescaped text with it.
pub(crate) fn marks(name: &'static str) -> Option<&'static Marks> {
    if !name.contains(MARK) {
        return None;
    }
    thread_local! {
        static SEEN: RefCell<Vec<(NameId, Option<&'static Marks>)>> = const { RefCell::new(Vec::new()) };
    }
    static ALL: Mutex<Option<HashMap<NameId, Option<&'static Marks>>>> = Mutex::new(None);
    let id = (name.as_ptr() as usize, name.len());
    let local = SEEN.with(|seen| {
        seen.borrow()
            .iter()
            .find(|(seen, _)| *seen == id)
            .map(|(_, m)| *m)
    });
    if let Some(marks) = local {
        return marks;
    }
    let marks = {
        let mut all = ALL.lock().unwrap_or_else(PoisonError::into_inner);
        *all.get_or_insert_with(HashMap::new)
            .entry(id)
            .or_insert_with(|| parse(name).map(|m| &*Box::leak(Box::new(m))))
    };
    SEEN.with(|seen| seen.borrow_mut().push((id, marks)));
    marks
}

/// The marks in `name`, if it has them; text that needed unescaping is
/// leaked, which [`marks`] does once per name.
fn parse(name: &'static str) -> Option<Marks> {
    let at = name.rfind(MARK)?;
    let (base, mut rest) = (name.get(..at)?, name.get(at + MARK.len()..)?);
    let mut marks = Marks {
        name: base,
        fields: Vec::new(),
        doc: None,
        optional: Vec::new(),
        own_readers: Vec::new(),
        single_blocks: Vec::new(),
        docs: Vec::new(),
    };
    // The field of a `T` entry, whose doc comment comes next.
    let mut documented = None;
    let mut first = true;
    while !rest.is_empty() {
        let (letter, text, after) = entry(rest)?;
        rest = after;
        let text = unescape(text)?;
        let first = std::mem::replace(&mut first, false);
        let role = match (letter, documented.take()) {
            ('H', Some(field)) => {
                marks.docs.push((field, text));
                continue;
            }
            ('H', None) if first => {
                marks.doc = Some(text);
                continue;
            }
            (_, Some(_)) => return None,
            (letter, None) => match letter {
                'L' => Role::Label(text),
                'A' => Role::Attr,
                'B' => Role::Block,
                'E' => Role::Expr,
                'Y' => Role::Body,
                'R' => Role::Remain,
                'M' => Role::Many,
                'D' => Role::ManyWithDefault,
                'N' => {
                    // The label name of the label field before it.
                    match marks.fields.last_mut() {
                        Some((_, Role::Label(label))) => *label = text,
                        _ => return None,
                    }
                    continue;
                }
                'O' => {
                    marks.optional.push(text);
                    continue;
                }
                'F' => {
                    marks.own_readers.push(text);
                    continue;
                }
                'S' => {
                    marks.single_blocks.push(text);
                    continue;
                }
                'T' => {
                    documented = Some(text);
                    continue;
                }
                _ => return None,
            },
        };
        marks.fields.push((text, role));
    }
    match documented {
        Some(_) => None,
        None => Some(marks),
    }
}

/// `_ROLE LEN _ TEXT` at the start of `s`: the role's letter, the
/// escaped text, and what follows.
fn entry(s: &'static str) -> Option<(char, &'static str, &'static str)> {
    let s = s.strip_prefix('_')?;
    let letter = s.chars().next()?;
    let s = s.get(letter.len_utf8()..)?;
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = s.get(..digits)?.parse().ok()?;
    let s = s.get(digits..)?.strip_prefix('_')?;
    Some((letter, s.get(..len)?, s.get(len..)?))
}

/// `text` with its `_HEX_` escapes replaced: borrowed when it has none.
fn unescape(text: &'static str) -> Option<&'static str> {
    if !text.contains('_') {
        return Some(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split('_');
    out.push_str(parts.next()?);
    while let Some(hex) = parts.next() {
        let code = u32::from_str_radix(hex, 16).ok()?;
        out.push(char::from_u32(code)?);
        out.push_str(parts.next()?);
    }
    Some(Box::leak(out.into_boxed_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_without_marks_is_a_plain_struct() {
        assert_eq!(marks("Service"), None);
        assert_eq!(marks("Service__hcl_Q1_a"), None);
        assert_eq!(marks("Service__hcl_L9_a"), None);
    }

    #[test]
    fn roles_and_label_names_are_read_back() {
        let marks = marks("Service__hcl_L4_name_N4_kind_B5_check_A11_x_2d_y_5f_z_R4_rest").unwrap();
        assert_eq!(marks.name, "Service");
        assert_eq!(
            marks.fields,
            [
                ("name", Role::Label("kind")),
                ("check", Role::Block),
                ("x-y_z", Role::Attr),
                ("rest", Role::Remain),
            ]
        );
        assert_eq!(marks.role("x-y_z"), Some(Role::Attr));
        assert_eq!(marks.label_fields().collect::<Vec<_>>(), ["name"]);
        assert_eq!(marks.labels().collect::<Vec<_>>(), ["kind"]);
    }

    #[test]
    fn docs_and_optional_fields_are_read_back() {
        // The text `hcl-derive`'s writer is tested with.
        let marks = marks(
            "Service__hcl_H16_A_20_service_2e__O4_port_T4_port\
             _H50_The_20_port_2e__a_In_20__5b_1_2c__20_65535_5d__2e__A4_when_F4_when_B3_one_S3_one",
        )
        .unwrap();
        assert_eq!(marks.name, "Service");
        assert_eq!(marks.doc, Some("A service."));
        assert_eq!(marks.fields, [("when", Role::Attr), ("one", Role::Block)]);
        assert_eq!(marks.optional, ["port"]);
        assert_eq!(marks.own_readers, ["when"]);
        assert_eq!(marks.single_blocks, ["one"]);
        assert_eq!(marks.doc("port"), Some("The port.\nIn [1, 65535]."));
        assert_eq!(marks.doc("when"), None);
        // A doc comment names its field first, and a `T` has one after it.
        assert_eq!(super::marks("S__hcl_A1_a_H1_x"), None);
        assert_eq!(super::marks("S__hcl_T1_a"), None);
        assert_eq!(super::marks("S__hcl_T1_a_O1_a"), None);
    }

    #[test]
    fn an_hcl_struct_without_marked_fields_is_marked() {
        let marks = marks("Plain__hcl").unwrap();
        assert_eq!((marks.name, marks.fields.len()), ("Plain", 0));
    }
}
