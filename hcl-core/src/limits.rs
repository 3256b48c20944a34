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
/// assert_eq!(Limits::default().max_eval_values, 4_194_304);
/// assert_eq!(Limits::default().max_eval_string_bytes, 128 << 20);
/// assert_eq!(Limits::default().max_total_eval_values, 1 << 20);
/// assert_eq!(Limits::default().max_total_eval_string_bytes, 64 << 20);
/// assert_eq!(Limits::default().max_value_depth, 1024);
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
    /// The most values one evaluation (of an expression or template, by
    /// an [`EvalContext`](crate::EvalContext) with these limits) may build
    /// or work on, counted with everything nested in them: each element a
    /// `for` expression, splat, tuple or object constructor puts in the
    /// collection it builds, each argument given to a function and each
    /// result it returns, each operand of `==` and `!=` and each result of
    /// a conditional that must be converted. A value shared in several
    /// places counts in each: `[for i in range(1000): big]` counts `big`
    /// a thousand times, as writing the result out would. This bounds the
    /// time and memory an evaluation takes (nested `for` expressions over
    /// `range(1024)` three deep would make a billion values), and the size
    /// of any value it returns. Default 4 194 304 (2²²).
    pub max_eval_values: usize,
    /// The most bytes of strings one evaluation may build or work on,
    /// counted as [`max_eval_values`](Limits::max_eval_values) counts
    /// values (map keys and attribute names included), plus each string a
    /// template builds. Default 128 MiB.
    pub max_eval_string_bytes: usize,
    /// The values all the evaluations of one document may build or work
    /// on together, counted as [`max_eval_values`](Limits::max_eval_values)
    /// counts them, before the allowance for the document's size: the
    /// budget is this plus [`EVAL_VALUES_PER_INPUT_BYTE`](Limits::EVAL_VALUES_PER_INPUT_BYTE)
    /// per byte of the document. Each evaluation is bounded by its own
    /// limits; this bounds a document, whose attributes are evaluated one by
    /// one: a file of `n` lines like `a = range(1000)` would otherwise make
    /// a thousand values per line, whatever its size. Evaluations share a
    /// budget once their context starts one
    /// ([`EvalContext::share_budget`](crate::EvalContext::share_budget)),
    /// as hcl-serde does for each document it decodes and the `hcl`
    /// command for each file. Default 1 048 576 (2²⁰).
    pub max_total_eval_values: usize,
    /// The bytes of strings all the evaluations of one document may build
    /// or work on together, counted as
    /// [`max_eval_string_bytes`](Limits::max_eval_string_bytes) counts
    /// them, before the allowance of
    /// [`EVAL_STRING_BYTES_PER_INPUT_BYTE`](Limits::EVAL_STRING_BYTES_PER_INPUT_BYTE)
    /// per byte of the document; see
    /// [`max_total_eval_values`](Limits::max_total_eval_values). Default
    /// 64 MiB.
    pub max_total_eval_string_bytes: usize,
    /// The deepest nesting of collections and structures in a value that
    /// an evaluation puts in a collection, gives to a function, compares
    /// or converts (and so, about the deepest value it returns): working
    /// on a value recurses once per level, so this keeps evaluation safe
    /// from a variable nested arbitrarily deep, and keeps the values it
    /// returns safe to use (a host that builds values from values, as a
    /// chain of local values does, cannot nest them deeper than this).
    /// Default 1024.
    pub max_value_depth: usize,
}

impl Limits {
    /// How many more values a document's evaluations may build together for
    /// each byte of the document (see
    /// [`max_total_eval_values`](Limits::max_total_eval_values)): many times
    /// what configurations build (a tenth of a value per byte for a
    /// Terraform-like file of expressions), so that only input made to
    /// multiply values reaches it.
    pub const EVAL_VALUES_PER_INPUT_BYTE: usize = 1;

    /// How many more bytes of strings a document's evaluations may build
    /// together for each byte of the document (see
    /// [`max_total_eval_string_bytes`](Limits::max_total_eval_string_bytes)).
    pub const EVAL_STRING_BYTES_PER_INPUT_BYTE: usize = 4;

    /// How many rule calls the grammar of record may make for each byte of
    /// a top-level item (with the blank lines and comments before it, and
    /// counting 64 bytes at least) when
    /// [`parse_with_grammar`](crate::parse_with_grammar) reads it. pest
    /// backtracks with no bound of its own; this bounds its time in
    /// proportion to the input, far above what configurations take (no
    /// file of the project's real-world corpus needs 32 calls per byte).
    /// Feature `pest-parser`.
    #[cfg(any(test, feature = "pest-parser"))]
    pub const GRAMMAR_CALLS_PER_INPUT_BYTE: usize = 1024;

    /// The defaults, as a constant.
    const DEFAULT: Limits = Limits {
        max_nesting_depth: 128,
        max_expression_depth: 256,
        max_input_bytes: u32::MAX as usize - 1,
        max_eval_values: 1 << 22,
        max_eval_string_bytes: 128 << 20,
        max_total_eval_values: 1 << 20,
        max_total_eval_string_bytes: 64 << 20,
        max_value_depth: 1024,
    };

    /// The default limits, borrowed for as long as needed.
    pub(crate) fn default_ref() -> &'static Limits {
        &Self::DEFAULT
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
