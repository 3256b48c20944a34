//! The serde name `#[hcl]` gives a struct: the name serde would use, then
//! its doc comment and the roles, the optionality and the doc comments of
//! its fields, as an identifier. `hcl_serde`'s `markers` module is the
//! reader and documents the form:
//!
//! ```text
//! NAME__hcl ( _H LEN _ DOC )? ( _ ROLE LEN _ FIELD ( _N LEN _ LABEL )?
//!     ( _O LEN _ FIELD )? ( _F LEN _ FIELD )? ( _S LEN _ FIELD )?
//!     ( _T LEN _ FIELD _H LEN _ DOC )? )*
//! ```

/// A field's role, as one letter of the name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    Label,
    Attr,
    Block,
    Expr,
    Body,
    Remain,
    /// A sequence or map without a default, which may be absent.
    Many,
    /// A sequence or map with a default, left out when empty.
    ManyWithDefault,
}

impl Mark {
    fn letter(self) -> char {
        match self {
            Mark::Label => 'L',
            Mark::Attr => 'A',
            Mark::Block => 'B',
            Mark::Expr => 'E',
            Mark::Body => 'Y',
            Mark::Remain => 'R',
            Mark::Many => 'M',
            Mark::ManyWithDefault => 'D',
        }
    }
}

/// A marked field: its serde name (in one direction), its role, a
/// label's name, and what a schema of the type needs beside them.
#[derive(Default)]
pub(crate) struct Marked {
    pub(crate) field: String,
    pub(crate) mark: Option<Mark>,
    pub(crate) label: Option<String>,
    /// Whether it may be absent for a reason its type cannot show (a
    /// serde default, `#[hcl(optional)]`), or, read its own way, at all.
    pub(crate) optional: bool,
    /// Whether it is read its own way (`deserialize_with`), so that what
    /// its reader asks for says nothing of its schema.
    pub(crate) own_reader: bool,
    /// Whether it is `#[hcl(block)]` of a type that is no sequence or map
    /// as written: one block, whatever the type asks for.
    pub(crate) single_block: bool,
    /// Its doc comment.
    pub(crate) doc: Option<String>,
}

impl Marked {
    /// Whether the field has anything for the name to carry.
    pub(crate) fn is_marked(&self) -> bool {
        self.mark.is_some()
            || self.optional
            || self.own_reader
            || self.single_block
            || self.doc.is_some()
    }
}

/// The struct name `base` with the doc comment `doc` and the marks of
/// `fields`.
pub(crate) fn marked_name(base: &str, doc: Option<&str>, fields: &[Marked]) -> String {
    let mut name = format!("{base}__hcl");
    if let Some(doc) = doc {
        entry(&mut name, 'H', doc);
    }
    for field in fields {
        if let Some(mark) = field.mark {
            entry(&mut name, mark.letter(), &field.field);
            if let Some(label) = field.label.as_ref().filter(|l| **l != field.field) {
                entry(&mut name, 'N', label);
            }
        }
        if field.optional {
            entry(&mut name, 'O', &field.field);
        }
        if field.own_reader {
            entry(&mut name, 'F', &field.field);
        }
        if field.single_block {
            entry(&mut name, 'S', &field.field);
        }
        if let Some(doc) = &field.doc {
            entry(&mut name, 'T', &field.field);
            entry(&mut name, 'H', doc);
        }
    }
    name
}

fn entry(out: &mut String, letter: char, text: &str) {
    let escaped = escape(text);
    out.push('_');
    out.push(letter);
    out.push_str(&escaped.len().to_string());
    out.push('_');
    out.push_str(&escaped);
}

/// `text` with every character but ASCII letters and digits as `_HEX_`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}_", u32::from(c)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_identifiers_that_carry_the_roles() {
        let marked = |field: &str, mark, label: Option<&str>| Marked {
            field: field.into(),
            mark: Some(mark),
            label: label.map(Into::into),
            ..Marked::default()
        };
        let fields = [
            marked("name", Mark::Label, Some("kind")),
            marked("check", Mark::Block, None),
            marked("x-y_z", Mark::Attr, None),
            marked("rest", Mark::Remain, None),
        ];
        // The same text `hcl_serde`'s reader is tested with.
        assert_eq!(
            marked_name("Service", None, &fields),
            "Service__hcl_L4_name_N4_kind_B5_check_A11_x_2d_y_5f_z_R4_rest"
        );
        assert_eq!(marked_name("Plain", None, &[]), "Plain__hcl");
    }

    #[test]
    fn names_carry_docs_and_optional_fields() {
        let fields = [
            Marked {
                field: "port".into(),
                optional: true,
                doc: Some("The port.\nIn [1, 65535].".into()),
                ..Marked::default()
            },
            Marked {
                field: "when".into(),
                mark: Some(Mark::Attr),
                own_reader: true,
                ..Marked::default()
            },
            Marked {
                field: "one".into(),
                mark: Some(Mark::Block),
                single_block: true,
                ..Marked::default()
            },
        ];
        // The same text `hcl_serde`'s reader is tested with.
        assert_eq!(
            marked_name("Service", Some("A service."), &fields),
            "Service__hcl_H16_A_20_service_2e__O4_port_T4_port\
             _H50_The_20_port_2e__a_In_20__5b_1_2c__20_65535_5d__2e__A4_when_F4_when_B3_one_S3_one"
        );
    }
}
