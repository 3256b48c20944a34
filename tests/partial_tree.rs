//! `hcl_core::parse_partial`, the tree an editor reads while a file is
//! typed: on every conformance case of the native syntax and every corpus
//! file it gives `parse`'s tree, or `parse`'s diagnostics with a tree;
//! and on every corpus file cut short or with a byte taken out, a tree
//! whose spans are within the text and within the item that holds them.

#[path = "support/native_cases.rs"]
mod native_cases;
#[path = "support/shared_corpus.rs"]
mod shared_corpus;

use hcl_core::ast::{Body, Expression, ExpressionKind};
use hcl_core::Span;
use native_cases::{for_each_native_case, on_large_stack};
use shared_corpus::{corpus_files, shared_corpus};

/// Whether `inner` lies within `outer`.
fn within(inner: Span, outer: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end && inner.start <= inner.end
}

/// Checks the spans of `body` (of a text of `len` bytes): each within the
/// text, each item within its body's (the file's, or its block's), each
/// block's parts within the block, and each expression of an attribute
/// within the attribute.
fn check_body(body: &Body<'_>, outer: Span, len: u32) -> Result<(), String> {
    if !within(body.span, outer) || !within(body.end_span, outer) {
        return Err(format!("body {:?} outside {outer:?}", body.span));
    }
    for attribute in &body.attributes {
        if !within(attribute.span, outer) || !within(attribute.name_span, attribute.span) {
            return Err(format!(
                "attribute {} at {:?}",
                attribute.name, attribute.span
            ));
        }
        check_expression(&attribute.expr, attribute.span)?;
    }
    for block in &body.blocks {
        let parts = [
            block.type_span,
            block.open_brace_span,
            block.close_brace_span,
        ];
        let labels = block.labels.iter().map(|l| l.span);
        if !within(block.span, outer)
            || parts
                .into_iter()
                .chain(labels)
                .any(|s| !within(s, block.span))
        {
            return Err(format!("block {} at {:?}", block.block_type, block.span));
        }
        check_body(&block.body, block.span, len)?;
    }
    if outer.end > len {
        return Err(format!("span {outer:?} past the end, {len}"));
    }
    Ok(())
}

fn check_expression(expr: &Expression<'_>, item: Span) -> Result<(), String> {
    if !within(expr.span, item) {
        return Err(format!(
            "expression at {:?} outside its attribute, {item:?}",
            expr.span
        ));
    }
    let mut outside = None;
    expr.walk(&mut |node| {
        node.walk(&mut |inner| {
            // A splat's element stands where the `[*]` or `.*` is, before
            // the steps that apply to it.
            let element = matches!(inner.kind, ExpressionKind::SplatItem);
            if !element && !within(inner.span, node.span) && outside.is_none() {
                let kind = format!("{:?}", node.kind);
                outside = Some(format!(
                    "{:?} outside {:?} of {}",
                    inner.span,
                    node.span,
                    &kind[..kind.len().min(40)]
                ));
            }
        });
    });
    outside.map_or(Ok(()), Err)
}

fn has_invalid(body: &Body<'_>) -> bool {
    let mut found = false;
    for attribute in &body.attributes {
        attribute
            .expr
            .walk(&mut |e| found |= matches!(e.kind, ExpressionKind::Invalid));
    }
    found || body.blocks.iter().any(|b| has_invalid(&b.body))
}

/// `parse_partial` against `parse` on `source`, and the partial tree's
/// spans.
fn compare(source: &str, name: &str) -> Result<(), String> {
    let (partial, diags) = hcl_core::parse_partial(source, name);
    let len = u32::try_from(source.len()).expect("a small text");
    check_body(&partial.body, Span::new(0, len), len).map_err(|why| format!("{name}: {why}"))?;
    match hcl_core::parse(source, name) {
        Ok(file)
            if file.body == partial.body && diags.is_empty() && !has_invalid(&partial.body) =>
        {
            Ok(())
        }
        Ok(_) => Err(format!(
            "{name}: parses, but the partial tree or diagnostics differ: {diags}"
        )),
        Err(err) if format!("{:?}", err.as_slice()) == format!("{:?}", diags.as_slice()) => Ok(()),
        Err(err) => Err(format!(
            "{name}: diagnostics differ\n  parse: {err}\n  partial: {diags}"
        )),
    }
}

#[test]
fn is_the_parse_on_the_conformance_cases() {
    on_large_stack(|| {
        let mut failures = Vec::new();
        let compared = for_each_native_case(|id, source| {
            if let Err(why) = compare(source, "case.hcl") {
                failures.push(format!("{id}: {why}"));
            }
        });
        assert!(compared > 5000, "only {compared} cases");
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
    });
}

/// The places a file is cut or a byte taken out at: eight, spread over
/// the text, on character boundaries.
fn cuts(text: &str) -> Vec<usize> {
    (1..=8)
        .map(|i| text.len() * i / 9)
        .map(|mut at| {
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        })
        .collect()
}

#[test]
fn holds_its_spans_on_the_corpus_cut_and_broken() {
    for name in ["real", "real-invalid"] {
        let Some(dir) = shared_corpus(name) else {
            continue;
        };
        let mut failures = Vec::new();
        for path in corpus_files(&dir)
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e != "json"))
        {
            let text = String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned();
            let name = path.display().to_string();
            let mut variants = vec![text.clone()];
            for at in cuts(&text) {
                variants.push(text[..at].to_owned());
                let next = text[at..].chars().next().map_or(0, char::len_utf8);
                variants.push(format!("{}{}", &text[..at], &text[at + next..]));
            }
            for (i, source) in variants.iter().enumerate() {
                if let Err(why) = compare(source, &name) {
                    failures.push(format!("variant {i}: {why}"));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}
