//! Writing values in HCL syntax, for `hcl eval`.

use hcl_core::Value;

/// The text written for an unknown value.
pub const UNKNOWN: &str = "(unknown)";

/// A value in HCL syntax on one line: `{ a = 1, b = "x" }`, `[1, 2]`,
/// quoted strings with HCL escapes, `null`, and `(unknown)` for a value not
/// known yet (the value's [`Display`](std::fmt::Display)).
pub fn value_to_hcl(value: &Value) -> String {
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_hcl() {
        let ctx = hcl_core::EvalContext::new();
        let v = ctx
            .evaluate_str(r#"{ a = 1, "b c" = ["x\n", null, 1.5], d = {}, e = "$${x}" }"#)
            .unwrap();
        assert_eq!(
            value_to_hcl(&v),
            r#"{ a = 1, "b c" = ["x\n", null, 1.5], d = {}, e = "$${x}" }"#
        );
    }

    #[test]
    fn unknown_values_are_written_as_documented() {
        let v = hcl_core::Value::unknown(hcl_core::Type::Number);
        assert_eq!(value_to_hcl(&v), UNKNOWN);
    }
}
