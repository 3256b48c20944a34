//! The grammar of record, `hcl.pest`, and a builder from its parse to the
//! syntax tree: what the parser is tested against, and, with the
//! `pest-parser` feature, a parser of its own ([`parse_with_grammar`]).
//! For any input within the limits, the parser and the grammar must agree
//! on whether it is valid, and on the tree of a valid one.

mod build;
mod grammar;
mod scan;

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError};

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pairs;
use pest::Parser as _;

#[cfg(feature = "pest-parser")]
use super::{File, ParseOptions};
use crate::ast::Body;
#[cfg(test)]
use crate::ast::{Expression, Template};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};
use build::Builder;
use grammar::{HclParser, Rule};

/// Parses a configuration file of the native syntax with the grammar of
/// record (`hcl.pest`, a pest grammar) instead of the crate's own parser:
/// the same [`File`] as [`parse_with`](crate::parse_with) gives, tree for
/// tree, for every input. Feature `pest-parser`.
///
/// The grammar is the specification the parser is tested against; parsing
/// with it checks a file against that specification, about eight times
/// slower than [`parse`](crate::parse) (see `BENCHMARKS.md`).
///
/// - **Diagnostics.** The grammar only tells where it stops, so when it
///   rejects a file (or its tree breaks a rule of the language, such as an
///   attribute set twice), the parser reads the file too and its
///   diagnostics are returned, the same as [`parse_with`](crate::parse_with)'s.
///   Should the parser accept what the grammar rejects (a bug), the error
///   is [`Code::GrammarDisagrees`] where the grammar stopped, or what the
///   tree builder found wrong.
/// - **Limits.** pest recurses with no bound, so a pass of the lexer first
///   measures the nesting; a file nested deeper than
///   [`Limits::max_nesting_depth`] is left to the parser, which reports the
///   limit as [`parse_with`](crate::parse_with) does. pest's time is bounded
///   by [`Limits::GRAMMAR_CALLS_PER_INPUT_BYTE`] rule calls per byte of each
///   top-level item: beyond it, the error is [`Code::GrammarCallLimit`].
/// - **pest's call limit is process-wide** (`pest::set_call_limit`): this
///   sets it for each item it reads and clears it after, so parses on
///   several threads take turns, item by item; a program that uses pest
///   for grammars of its own should not set that limit meanwhile.
///
/// # Errors
///
/// As [`parse_with`](crate::parse_with); and [`Code::GrammarCallLimit`] or
/// [`Code::GrammarDisagrees`], as above.
///
/// # Examples
///
/// ```
/// use hcl_core::{parse, parse_with_grammar, ParseOptions};
/// let source = "service \"web\" {\n  port = 80\n}\n";
/// let file = parse_with_grammar(source, "app.hcl", &ParseOptions::default()).unwrap();
/// assert_eq!(file.body.blocks[0].labels[0].value, "web");
/// let ours = parse(source, "app.hcl").unwrap();
/// assert_eq!(format!("{:?}", file.body), format!("{:?}", ours.body));
///
/// // Invalid input: the diagnostics of `parse`.
/// let err = parse_with_grammar("a = 1 b = 2\n", "app.hcl", &ParseOptions::default());
/// assert_eq!(err.unwrap_err().as_slice()[0].code, hcl_core::Code::MissingNewlineAfterArgument);
///
/// // Deep nesting is a diagnostic that names the limit, never a crash.
/// let deep = format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
/// let err = parse_with_grammar(&deep, "deep.hcl", &ParseOptions::default()).unwrap_err();
/// assert!(err.to_string().contains("max_nesting_depth"));
/// ```
#[cfg(feature = "pest-parser")]
pub fn parse_with_grammar<'src>(
    source: &'src str,
    filename: &str,
    options: &ParseOptions,
) -> Result<File<'src>, Diagnostics> {
    let file = Arc::new(SourceFile::new(filename, source));
    let limits = &options.limits;
    super::check_size(source, &file, limits)?;
    let refusal = match read_body(source, &file, limits) {
        Ok(body) => return Ok(File { body, source: file }),
        Err(refusal) => refusal,
    };
    match (refusal, super::parse_in(source, Arc::clone(&file), limits)) {
        (_, Err(diags)) => Err(diags),
        // The scan counts conditionals generously: within the limit after
        // all, as the parser found.
        (Refusal::TooDeep, Ok(parsed)) => Ok(parsed),
        (refusal, Ok(_)) => Err(refusal.diagnostics(source, &file)),
    }
}

/// Why the grammar gave no tree.
pub(crate) enum Refusal {
    /// Nested deeper than `Limits::max_nesting_depth`, as the scan counts.
    TooDeep,
    /// pest stopped at this byte.
    Rejected(usize),
    /// The rule calls allowed for the item at `at`, `budget` of them
    /// (`per_byte` for each of its bytes), ran out.
    CallLimit {
        at: usize,
        budget: usize,
        per_byte: usize,
    },
    /// The tree breaks the language's rules (a repeated attribute, a bad
    /// escape, unbalanced directives, ...).
    Invalid(Diagnostics),
}

impl Refusal {
    /// The error of a refusal the parser does not share.
    #[cfg_attr(not(feature = "pest-parser"), allow(dead_code))]
    fn diagnostics(self, source: &str, file: &Arc<SourceFile>) -> Diagnostics {
        let at = |byte: usize| {
            let len = source
                .get(byte..)
                .and_then(|r| r.chars().next())
                .map_or(0, char::len_utf8);
            Span::new(byte as u32, (byte + len) as u32)
        };
        let disagree = |byte: usize| -> Diagnostics {
            Diagnostic::error(
                Code::GrammarDisagrees,
                "Grammar rejects valid input",
                "The grammar of record (hcl.pest) cannot read on from here, though the parser \
                 accepts the file: the two disagree.",
            )
            .with_subject(file, at(byte))
            .into()
        };
        match self {
            Refusal::Invalid(diags) => diags,
            Refusal::Rejected(byte) => disagree(byte),
            Refusal::TooDeep => disagree(0),
            Refusal::CallLimit {
                at: byte,
                budget,
                per_byte,
            } => Diagnostic::error(
                Code::GrammarCallLimit,
                "Input too complex for the grammar",
                format!(
                    "The grammar of record took more than {budget} rule calls for the item that \
                     starts here, the limit (GRAMMAR_CALLS_PER_INPUT_BYTE, {per_byte} calls per byte of \
                     the item, 64 bytes at least).",
                ),
            )
            .with_subject(file, at(byte))
            .into(),
        }
    }
}

/// Why pest stopped: at a byte offset of the text it was given, or for
/// its call limit.
enum Stop {
    Rejected(usize),
    CallLimit,
}

impl Stop {
    /// The refusal of a stop in the text that starts at byte `offset`, of
    /// `len` bytes, parsed with `per_byte` calls allowed for each.
    fn refusal(self, offset: usize, len: usize, per_byte: usize) -> Refusal {
        match self {
            Stop::Rejected(at) => Refusal::Rejected(offset + at),
            Stop::CallLimit => Refusal::CallLimit {
                at: offset,
                budget: budget(len, per_byte),
                per_byte,
            },
        }
    }
}

/// The rule calls pest may make for a text of `len` bytes, `per_byte` for
/// each.
fn budget(len: usize, per_byte: usize) -> usize {
    per_byte.saturating_mul(len.max(64))
}

/// Held while pest parses with the call limit set for one text: the
/// limit is process-wide, read as each parse begins.
static CALL_LIMIT: Mutex<()> = Mutex::new(());

/// `rule` of the grammar over `text`, with `per_byte` calls allowed for
/// each of its bytes.
fn run(rule: Rule, text: &str, per_byte: usize) -> Result<Pairs<'_, Rule>, Stop> {
    let result = {
        let _held = CALL_LIMIT.lock().unwrap_or_else(PoisonError::into_inner);
        pest::set_call_limit(NonZeroUsize::new(budget(text.len(), per_byte)));
        let result = HclParser::parse(rule, text);
        pest::set_call_limit(None);
        result
    };
    result.map_err(|err| {
        let at = match err.location {
            InputLocation::Pos(at) | InputLocation::Span((at, _)) => at,
        };
        match err.variant {
            ErrorVariant::CustomError { .. } => Stop::CallLimit,
            ErrorVariant::ParsingError { .. } => Stop::Rejected(at),
        }
    })
}

/// The body of `source` as the grammar reads it, top-level item by item,
/// or why it does not.
pub(crate) fn read_body<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
    limits: &Limits,
) -> Result<Body<'src>, Refusal> {
    read_body_within(source, file, limits, Limits::GRAMMAR_CALLS_PER_INPUT_BYTE)
}

/// [`read_body`], with `per_byte` rule calls allowed for each byte of an
/// item.
fn read_body_within<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
    limits: &Limits,
    per_byte: usize,
) -> Result<Body<'src>, Refusal> {
    let start = super::bom_len(source);
    let line_ends =
        scan::line_ends(source, start, limits.max_nesting_depth).ok_or(Refusal::TooDeep)?;
    let mut builder = Builder::new(source, file, limits);
    let mut body = Body {
        attributes: Vec::new(),
        blocks: Vec::new(),
        span: Span::new(start as u32, source.len() as u32),
        end_span: Span::empty(source.len() as u32),
    };
    let mut pos = start;
    for end in line_ends {
        // Each piece ends at a line end outside brackets: blank lines and
        // comments, then an item, which the piece's end ends.
        while pos < end {
            let Some(piece) = source.get(pos..end) else {
                return Err(Refusal::Rejected(pos));
            };
            let gap =
                gap(piece, per_byte).map_err(|stop| stop.refusal(pos, piece.len(), per_byte))?;
            pos += gap;
            let Some(rest) = source.get(pos..end).filter(|rest| !rest.is_empty()) else {
                break;
            };
            let pairs = run(Rule::top_item, rest, per_byte)
                .map_err(|stop| stop.refusal(pos, rest.len(), per_byte))?;
            let mut consumed = 0;
            builder.set_offset(pos);
            for pair in pairs {
                consumed = consumed.max(pair.as_span().end());
                builder.add_item(&mut body, pair);
            }
            if consumed == 0 {
                return Err(Refusal::Rejected(pos));
            }
            pos += consumed;
        }
    }
    builder.check_repeated(&mut body);
    body.attributes.shrink_to_fit();
    body.blocks.shrink_to_fit();
    builder.finish().map_err(Refusal::Invalid)?;
    Ok(body)
}

/// The length of the blank lines and comments at the start of `text`.
fn gap(text: &str, per_byte: usize) -> Result<usize, Stop> {
    let pairs = run(Rule::top_gap, text, per_byte)?;
    Ok(pairs.last().map_or(0, |p| p.as_span().end()))
}

/// One standalone expression as the grammar reads it; see [`read_body`].
#[cfg(test)]
pub(crate) fn parse_expression<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
) -> Result<Expression<'src>, ()> {
    let per_byte = Limits::GRAMMAR_CALLS_PER_INPUT_BYTE;
    let pairs = run(Rule::standalone_expr, source, per_byte).map_err(|_| ())?;
    let limits = Limits::default();
    let mut builder = Builder::new(source, file, &limits);
    let expr = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::expr_ml)
        .map(|p| builder.expression(p));
    builder.finish().map_err(|_| ())?;
    expr.ok_or(())
}

/// A bare template as the grammar reads it; see [`read_body`].
#[cfg(test)]
pub(crate) fn parse_template<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
) -> Result<Template<'src>, ()> {
    let per_byte = Limits::GRAMMAR_CALLS_PER_INPUT_BYTE;
    let pairs = run(Rule::template, source, per_byte).map_err(|_| ())?;
    let limits = Limits::default();
    let mut builder = Builder::new(source, file, &limits);
    let template = match pairs.into_iter().next() {
        Some(pair) => builder.bare_template(pair),
        None => Template::default(),
    };
    builder.finish().map_err(|_| ())?;
    Ok(template)
}

/// The outcome of parsing `source` with the parser and with the grammar,
/// each as text (the tree's debug form, or "rejected"), when the parser
/// met no limit (beyond which the grammar, which recurses freely, is not
/// run); `None` otherwise. The two must be equal for every input.
pub fn parse_both_ways(source: &str) -> Option<(String, String)> {
    let file = Arc::new(SourceFile::new("fuzz.hcl", source));
    let ours = match super::parse_telling_limits(source, Arc::clone(&file), &Limits::default()) {
        Ok(parsed) => format!("{:?}", parsed.body),
        Err((_, true)) => return None,
        Err((_, false)) => "rejected".to_owned(),
    };
    let grammar = match read_body(source, &file, &Limits::default()) {
        Ok(body) => format!("{body:?}"),
        // The scan counts conditionals generously: nothing to compare.
        Err(Refusal::TooDeep) => return None,
        Err(_) => "rejected".to_owned(),
    };
    Some((ours, grammar))
}

#[cfg(test)]
mod tests;
