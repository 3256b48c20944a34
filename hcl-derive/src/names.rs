//! The serde name `#[hcl]` gives a struct: the name serde would use, then
//! the roles of its fields, as an identifier. `hcl_serde`'s `markers`
//! module is the reader and documents the form:
//!
//! ```text
//! NAME__hcl ( _ ROLE LEN _ FIELD ( _N LEN _ LABEL )? )*
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

/// A marked field: its serde name (in one direction), its role, and a
/// label's name.
pub(crate) struct Marked {
    pub(crate) field: String,
    pub(crate) mark: Mark,
    pub(crate) label: Option<String>,
}

/// The struct name `base` with the marks of `fields`.
pub(crate) fn marked_name(base: &str, fields: &[Marked]) -> String {
    let mut name = format!("{base}__hcl");
    for field in fields {
        entry(&mut name, field.mark.letter(), &field.field);
        if let Some(label) = field.label.as_ref().filter(|l| **l != field.field) {
            entry(&mut name, 'N', label);
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
        let fields = [
            Marked {
                field: "name".into(),
                mark: Mark::Label,
                label: Some("kind".into()),
            },
            Marked {
                field: "check".into(),
                mark: Mark::Block,
                label: None,
            },
            Marked {
                field: "x-y_z".into(),
                mark: Mark::Attr,
                label: None,
            },
            Marked {
                field: "rest".into(),
                mark: Mark::Remain,
                label: None,
            },
        ];
        // The same text `hcl_serde`'s reader is tested with.
        assert_eq!(
            marked_name("Service", &fields),
            "Service__hcl_L4_name_N4_kind_B5_check_A11_x_2d_y_5f_z_R4_rest"
        );
        assert_eq!(marked_name("Plain", &[]), "Plain__hcl");
    }
}
