//! Resource limits of the standard functions.
//!
//! A configuration may call functions with arguments chosen to make them
//! build enormous results or work for a very long time. Each limit below
//! bounds one such function; exceeding it is an error of the call that
//! names the limit, never a crash or an unbounded allocation.

/// The most numbers `range` produces, as in the reference: asking for more
/// is an error ("more than 1024 values were generated").
pub const RANGE_MAX_ELEMENTS: usize = 1024;

/// The most values `setproduct`'s combinations hold together: the product
/// of the lengths of its arguments (the number of combinations) times the
/// number of arguments (the length of each combination) may not exceed
/// this.
pub const SETPRODUCT_MAX_VALUES: usize = 1 << 20;

/// How deeply `flatten` follows lists, sets and tuples nested in one
/// another.
pub const FLATTEN_MAX_DEPTH: usize = 1024;

/// The longest string (in bytes) `parseint` reads: the work of reading a
/// number grows with the square of its length.
pub const PARSEINT_MAX_DIGITS: usize = 4096;

/// The widest field and the longest precision a `format` or `formatlist`
/// verb may ask for (as in `%10000d` or `%.10000f`).
pub const FORMAT_MAX_WIDTH: usize = 10_000;

/// The longest string, in bytes, that `format`, `formatlist` (all its
/// elements together), `indent`, `join`, `replace` and `jsonencode` build,
/// and the most bytes the groups of the matches of `regex` and `regexall`
/// hold together (nested groups each copy the text they match).
pub const STRING_RESULT_MAX_BYTES: usize = 16 << 20;

/// The largest compiled form, in bytes, of a `regex` or `regexall`
/// pattern: the `regex` crate's size limits for the compiled program and
/// for its lazy DFA cache.
pub const REGEX_MAX_COMPILED_BYTES: usize = 4 << 20;

/// How deeply groups may nest in a `regex` or `regexall` pattern.
pub const REGEX_MAX_NESTING: u32 = 250;

/// How deeply arrays and objects may nest in the text `jsondecode` reads.
pub const JSON_MAX_DEPTH: usize = 512;

/// The size of the largest number that can be written out as text, a
/// property of numbers: see
/// [`value::NUMBER_TEXT_MAX_BITS`](crate::value::NUMBER_TEXT_MAX_BITS).
pub const NUMBER_TEXT_MAX_BITS: u32 = crate::value::NUMBER_TEXT_MAX_BITS;

pub(crate) use crate::value::check_number_text;

/// The most digits a number in `jsondecode`'s input may have (reading a
/// number takes time that grows faster than its length).
pub const JSON_NUMBER_MAX_DIGITS: usize = 10_000;

/// The largest exponent (`e` part) a number in `jsondecode`'s input may
/// have, in magnitude.
pub const JSON_NUMBER_MAX_EXPONENT: u64 = 10_000;

/// The most elements `split` and `regexall` return: a 16 MiB string split
/// into characters would otherwise build sixteen million values. The
/// values of the groups of `regexall`'s matches count too.
pub const SEQUENCE_RESULT_MAX_ELEMENTS: usize = 1 << 20;
