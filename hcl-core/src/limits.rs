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
/// assert_eq!(Limits::default().max_expression_depth, 256);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The deepest nesting of brackets, braces, parentheses, template
    /// sequences, conditionals (`?`) and blocks that the parser accepts,
    /// counted per top-level attribute or block.
    pub max_nesting_depth: usize,
    /// The deepest syntax tree the parser builds for one expression,
    /// counted in nested expressions: operands of operators (a chain of
    /// `n` binary operators or prefix operators is `n` levels deep),
    /// traversal, index and splat steps that wrap an expression, and
    /// `%{ if }` and `%{ for }` directives inside templates. Evaluating and
    /// dropping a tree recurses once per level, so this bounds their stack
    /// use too.
    pub max_expression_depth: usize,
    /// The largest input accepted, in bytes (at most 4 GiB).
    pub max_input_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nesting_depth: 128,
            max_expression_depth: 256,
            max_input_bytes: u32::MAX as usize - 1,
        }
    }
}
