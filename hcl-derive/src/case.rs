//! serde's `rename_all` rules, as they apply to the names of struct fields.

/// One of serde's `rename_all` case conventions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    /// The rule serde spells `name`, if any.
    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "lowercase" => RenameRule::Lower,
            "UPPERCASE" => RenameRule::Upper,
            "PascalCase" => RenameRule::Pascal,
            "camelCase" => RenameRule::Camel,
            "snake_case" => RenameRule::Snake,
            "SCREAMING_SNAKE_CASE" => RenameRule::ScreamingSnake,
            "kebab-case" => RenameRule::Kebab,
            "SCREAMING-KEBAB-CASE" => RenameRule::ScreamingKebab,
            _ => return None,
        })
    }

    /// The name serde gives a field called `field` (a Rust identifier,
    /// taken to be in snake case, as serde does).
    pub(crate) fn apply(self, field: &str) -> String {
        match self {
            // Field names are already lower (snake) case: serde keeps them.
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => words_capitalised(field),
            RenameRule::Camel => {
                let pascal = words_capitalised(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

/// `field` with each underscore dropped and the character after it (and
/// the first one) in upper case.
fn words_capitalised(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut word_start = true;
    for ch in field.chars() {
        if ch == '_' {
            word_start = true;
        } else if word_start {
            out.push(ch.to_ascii_uppercase());
            word_start = false;
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::RenameRule;

    #[test]
    fn rules_follow_serde() {
        let cases: &[(&str, [&str; 8])] = &[
            (
                "outcome",
                [
                    "outcome", "OUTCOME", "Outcome", "outcome", "outcome", "OUTCOME", "outcome",
                    "OUTCOME",
                ],
            ),
            (
                "very_tasty",
                [
                    "very_tasty",
                    "VERY_TASTY",
                    "VeryTasty",
                    "veryTasty",
                    "very_tasty",
                    "VERY_TASTY",
                    "very-tasty",
                    "VERY-TASTY",
                ],
            ),
            ("a", ["a", "A", "A", "a", "a", "A", "a", "A"]),
            (
                "z42",
                ["z42", "Z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"],
            ),
        ];
        let rules = [
            "lowercase",
            "UPPERCASE",
            "PascalCase",
            "camelCase",
            "snake_case",
            "SCREAMING_SNAKE_CASE",
            "kebab-case",
            "SCREAMING-KEBAB-CASE",
        ];
        for (field, expected) in cases {
            for (rule, want) in rules.iter().zip(expected) {
                let got = RenameRule::from_name(rule).map(|r| r.apply(field));
                assert_eq!(got.as_deref(), Some(*want), "{rule} of {field}");
            }
        }
        assert_eq!(RenameRule::from_name("Title Case"), None);
    }
}
