//! Resource limits that keep hostile input from exhausting the stack, memory
//! or time.

/// Resource limits applied while parsing and evaluating.
///
/// Exceeding one is a diagnostic that names the limit, never a crash.
///
/// # Examples
///
/// ```
/// use hcl_core::Limits;
/// let limits = Limits { max_nesting_depth: 64, ..Limits::default() };
/// assert_eq!(limits.max_nesting_depth, 64);
/// assert_eq!(Limits::default().max_nesting_depth, 128);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The deepest nesting of brackets, braces, parentheses, template
    /// sequences and blocks that the parser accepts.
    pub max_nesting_depth: usize,
    /// The largest input accepted, in bytes (at most 4 GiB).
    pub max_input_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nesting_depth: 128,
            max_input_bytes: u32::MAX as usize - 1,
        }
    }
}
