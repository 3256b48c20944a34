//! The grammar of record, `hcl.pest`, and a builder from its parse to the
//! syntax tree: what the parser is tested against. For any input within
//! the limits, the parser and the grammar must agree on whether it is
//! valid, and on the tree of a valid one.
//!
//! Only the tests and the differential fuzz target build this; parsing
//! never needs it.

mod build;
mod grammar;

use std::sync::Arc;

use pest::Parser as _;

use crate::ast::Body;
#[cfg(test)]
use crate::ast::{Expression, Template};
use crate::limits::Limits;
use crate::span::{SourceFile, Span};
use build::Builder;
use grammar::{HclParser, Rule};

/// The body of `source` as the grammar reads it, or `Err` when the grammar
/// rejects it or its tree has an error the language's rules find (a
/// repeated attribute, a bad escape, unbalanced directives, ...).
pub(crate) fn parse_body<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
) -> Result<Body<'src>, ()> {
    let limits = Limits::default();
    let mut builder = Builder::new(source, file, &limits);
    let start = super::bom_len(source);
    let mut body = Body {
        attributes: Vec::new(),
        blocks: Vec::new(),
        span: Span::new(start as u32, source.len() as u32),
        end_span: Span::empty(source.len() as u32),
    };
    let mut pos = start;
    loop {
        pos += gap(source, pos);
        let Some(rest) = source.get(pos..) else { break };
        if rest.is_empty() {
            break;
        }
        let pairs = HclParser::parse(Rule::top_item, rest).map_err(|_| ())?;
        let mut consumed = 0;
        for pair in pairs {
            consumed = consumed.max(pair.as_span().end());
            builder.set_offset(pos);
            builder.add_item(&mut body, pair);
        }
        if consumed == 0 {
            break;
        }
        pos += consumed;
    }
    builder.check_repeated(&mut body);
    body.attributes.shrink_to_fit();
    body.blocks.shrink_to_fit();
    builder.finish().map_err(|_| ())?;
    Ok(body)
}

/// The length of the blank lines and comments at `pos`.
fn gap(source: &str, pos: usize) -> usize {
    let Some(rest) = source.get(pos..) else {
        return 0;
    };
    match HclParser::parse(Rule::top_gap, rest) {
        Ok(pairs) => pairs.last().map_or(0, |p| p.as_span().end()),
        Err(_) => 0,
    }
}

/// One standalone expression as the grammar reads it; see [`parse_body`].
#[cfg(test)]
pub(crate) fn parse_expression<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
) -> Result<Expression<'src>, ()> {
    let pairs = HclParser::parse(Rule::standalone_expr, source).map_err(|_| ())?;
    let limits = Limits::default();
    let mut builder = Builder::new(source, file, &limits);
    let expr = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::expr_ml)
        .map(|p| builder.expression(p));
    builder.finish().map_err(|_| ())?;
    expr.ok_or(())
}

/// A bare template as the grammar reads it; see [`parse_body`].
#[cfg(test)]
pub(crate) fn parse_template<'src>(
    source: &'src str,
    file: &Arc<SourceFile>,
) -> Result<Template<'src>, ()> {
    let pairs = HclParser::parse(Rule::template, source).map_err(|_| ())?;
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
    let grammar = match parse_body(source, &file) {
        Ok(body) => format!("{body:?}"),
        Err(()) => "rejected".to_owned(),
    };
    Some((ours, grammar))
}
