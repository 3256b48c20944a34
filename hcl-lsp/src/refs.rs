//! The names a document defines where the schema says so (a block type's
//! `defines`: `variable "x" {}` defines `x`, referred to as `var.x`), with
//! their references, for go-to-definition and find-references. These are
//! one file's; the files a name is followed through (the configuration
//! files of a directory) are the scope's, in `workspace`.

use crate::outline;
use hcl_core::analysis::{Traversal, Traverse};
use hcl_core::{Body, Span};
use hcl_serde::ConfigSchema;

/// A name: the prefix its references start with, and the block's label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Name {
    pub(crate) prefix: String,
    pub(crate) label: String,
}

/// What a document defines and refers to, each with its span.
#[derive(Debug, Default, Clone)]
pub(crate) struct Names {
    /// Each defining block's name, with its label's span (quotes included).
    pub(crate) definitions: Vec<(Name, Span)>,
    /// Each reference, with the span of `prefix.label` (the steps after
    /// it left out).
    pub(crate) references: Vec<(Name, Span)>,
}

impl Names {
    /// The names of a document that parses, `None` when it does not; with
    /// no schema, or one that defines no names, nothing is found.
    pub(crate) fn of(text: &str, filename: &str, schema: &ConfigSchema) -> Option<Names> {
        let file = hcl_core::parse_config(text, filename).ok()?;
        let json = file.source().is_json();
        let mut prefixes = Vec::new();
        collect_prefixes(schema, &mut prefixes);
        let mut names = Names::default();
        if !prefixes.is_empty() {
            let walk = Walk {
                prefixes: &prefixes,
                json,
            };
            walk.body(&Body::from_config_file(&file), Some(schema), &mut names);
        }
        Some(names)
    }

    /// The name at byte `offset`: a reference's `prefix.label`, or a
    /// defining block's label, the offset at its start, inside or at its
    /// end.
    pub(crate) fn at(&self, offset: usize) -> Option<&Name> {
        let within = |span: &Span| span.start as usize <= offset && offset <= span.end as usize;
        self.references
            .iter()
            .chain(&self.definitions)
            .find(|(_, span)| within(span))
            .map(|(name, _)| name)
    }

    /// The spans of the labels that define `name`.
    pub(crate) fn definitions_of<'s>(&'s self, name: &'s Name) -> impl Iterator<Item = Span> + 's {
        spans_of(&self.definitions, name)
    }

    /// The spans of the references to `name`, in source order.
    pub(crate) fn references_to<'s>(&'s self, name: &'s Name) -> impl Iterator<Item = Span> + 's {
        spans_of(&self.references, name)
    }
}

fn spans_of<'s>(found: &'s [(Name, Span)], name: &'s Name) -> impl Iterator<Item = Span> + 's {
    found
        .iter()
        .filter(move |(n, _)| n == name)
        .map(|(_, span)| *span)
}

/// Whether a level of `schema` defines names.
pub(crate) fn defines_names(schema: &ConfigSchema) -> bool {
    let mut prefixes = Vec::new();
    collect_prefixes(schema, &mut prefixes);
    !prefixes.is_empty()
}

/// Every prefix a level of the schema defines names with.
fn collect_prefixes(level: &ConfigSchema, out: &mut Vec<String>) {
    for block in &level.blocks {
        if let Some(prefix) = &block.defines {
            if !out.contains(prefix) {
                out.push(prefix.clone());
            }
        }
        collect_prefixes(&block.body, out);
    }
}

/// A walk through a document's bodies.
struct Walk<'p> {
    prefixes: &'p [String],
    json: bool,
}

impl Walk<'_> {
    /// The definitions of `body`'s blocks where `level` (the schema of the
    /// body, when it has one) says they define names, and the references in
    /// every expression, in this body and every body below it.
    fn body(&self, body: &Body<'_>, level: Option<&ConfigSchema>, names: &mut Names) {
        let (attributes, blocks) = outline::items(body, level, self.json);
        for attribute in &attributes {
            for traversal in attribute.expr.variables() {
                if let Some(found) = self.reference(&traversal) {
                    names.references.push(found);
                }
            }
        }
        for block in &blocks {
            let info = level.and_then(|l| l.block(block.block_type));
            if let (Some(prefix), [label]) = (
                info.and_then(|i| i.defines.as_ref()),
                block.labels.as_slice(),
            ) {
                let name = Name {
                    prefix: prefix.clone(),
                    label: label.value.to_owned(),
                };
                names.definitions.push((name, label.span));
            }
            self.body(&block.body, info.map(|i| &i.body), names);
        }
    }

    /// A traversal `prefix.label...` (or `prefix["label"]...`) as a
    /// reference to a name, when its root is a prefix of the schema.
    fn reference(&self, traversal: &Traversal<'_>) -> Option<(Name, Span)> {
        let prefix = self.prefixes.iter().find(|p| *p == traversal.root)?;
        let (label, step) = match traversal.steps.first()? {
            Traverse::Attr { name, span } => ((*name).to_owned(), *span),
            Traverse::Index { key, span } => (key.as_str()?.to_owned(), *span),
        };
        let name = Name {
            prefix: prefix.clone(),
            label,
        };
        Some((name, traversal.root_span.to(step)))
    }
}
