//! A body whose `dynamic` blocks are expanded into the blocks they
//! generate, each time a schema reads it; see
//! [`ext::dynblock`](crate::ext::dynblock) for the rules.

mod spec;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use elsa::sync::FrozenVec;

use super::attributes::Attributes;
use super::body::{Body, NameSet};
use super::content::{Attribute, Block, BodyContent};
use super::definition::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::analysis::{Bindings, UNKNOWN};
use crate::diagnostic::{Code, Diagnostics};
use crate::eval::EvalContext;
use crate::limits::Limits;
use crate::value::Value;

/// What the bodies of one expansion share: the context `for_each` and
/// labels are evaluated in, the iteration values and labels of the blocks
/// generated (which generated bodies and attributes borrow), and what is
/// left of the expansion's budget.
pub(crate) struct Store<'a> {
    ctx: &'a EvalContext<'a>,
    #[allow(
        clippy::redundant_allocation,
        reason = "the box keeps the Arc itself at one address, for the bindings of \
                  nested iterations to clone"
    )]
    iterations: FrozenVec<Box<Arc<Bindings>>>,
    labels: FrozenVec<String>,
    /// The values generated blocks may still cost.
    left: AtomicU64,
    /// What `left` started with, for messages.
    total: AtomicU64,
}

impl<'a> Store<'a> {
    /// A store for expanding bodies with `ctx`.
    pub(crate) fn new(ctx: &'a EvalContext<'a>) -> Self {
        let total = ctx.limits().max_total_eval_values as u64;
        Store {
            ctx,
            iterations: FrozenVec::new(),
            labels: FrozenVec::new(),
            left: AtomicU64::new(total),
            total: AtomicU64::new(total),
        }
    }

    /// The body that expands `body`'s dynamic blocks; the budget grows
    /// with its bytes.
    pub(crate) fn expand(&'a self, body: Body<'a>) -> Body<'a> {
        let more = body
            .source_len()
            .saturating_mul(Limits::EVAL_VALUES_PER_INPUT_BYTE) as u64;
        self.left.fetch_add(more, Ordering::Relaxed);
        self.total.fetch_add(more, Ordering::Relaxed);
        Body::of_dynamic(DynamicBody {
            original: Box::new(body),
            store: self,
            iteration: None,
            unknown: false,
            hidden: Arc::default(),
        })
    }

    /// Keeps an iteration for the bodies that see it.
    fn keep_iteration(&'a self, iteration: Bindings) -> &'a Arc<Bindings> {
        self.iterations.push_get(Box::new(Arc::new(iteration)))
    }

    /// Keeps a generated label.
    fn keep_label(&'a self, label: String) -> &'a str {
        self.labels.push_get(label)
    }

    /// Takes `values` from what generated blocks may still cost, and from
    /// the context's shared budget: `Err` with what was left when that is
    /// not enough, and nothing is taken.
    fn spend(&self, values: u64) -> Result<(), (u64, u64)> {
        let shared = self.ctx.shared_budget();
        let shared_left = shared.map_or(u64::MAX, |b| b.left().0);
        let taken = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                (values <= left && values <= shared_left).then(|| left - values)
            });
        match taken {
            Ok(_) => {
                if let Some(budget) = shared {
                    budget.spend(values, 0);
                }
                Ok(())
            }
            Err(left) if left < shared_left => Err((left, self.total.load(Ordering::Relaxed))),
            Err(_) => Err((shared_left, shared.map_or(0, |b| b.total().0))),
        }
    }
}

impl fmt::Debug for Store<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("iterations", &self.iterations.len())
            .field("labels", &self.labels.len())
            .finish()
    }
}

/// What earlier partial steps took from an expanded body.
#[derive(Debug, Default, PartialEq)]
struct Hidden {
    attributes: NameSet,
    blocks: Vec<BlockHeaderSchema>,
}

impl Hidden {
    fn block(&self, block_type: &str) -> bool {
        self.blocks.iter().any(|b| b.block_type == block_type)
    }
}

/// A body whose `dynamic` blocks expand when a schema reads it.
#[derive(Clone)]
pub(crate) struct DynamicBody<'a> {
    original: Box<Body<'a>>,
    store: &'a Store<'a>,
    /// The iteration of the enclosing `dynamic` block, if any (with those
    /// around it).
    iteration: Option<&'a Arc<Bindings>>,
    /// Whether the body is generated for an unknown `for_each`: every
    /// attribute in it is then unknown.
    unknown: bool,
    hidden: Arc<Hidden>,
}

impl<'a> DynamicBody<'a> {
    /// The body whose blocks expand.
    pub(super) fn original(&self) -> &Body<'a> {
        &self.original
    }

    pub(super) fn content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        let raw = self
            .original
            .content_into(&self.extend(schema), check_required, diags);
        self.expand_content(raw, schema, false, diags)
    }

    pub(super) fn partial_content(
        &self,
        schema: &BodySchema,
        check_required: bool,
        diags: &mut Diagnostics,
    ) -> (BodyContent<'a>, Body<'a>) {
        // The rest is this body again, with what the schema took hidden:
        // its dynamic blocks of other types stay to expand.
        let (raw, _) = self
            .original
            .partial_into(&self.extend(schema), check_required, diags);
        let content = self.expand_content(raw, schema, true, diags);
        let mut hidden = Hidden {
            attributes: self.hidden.attributes.clone(),
            blocks: self.hidden.blocks.clone(),
        };
        for attr in schema.attributes() {
            hidden.attributes.insert(attr.name.clone());
        }
        for block in schema.blocks() {
            if !hidden.block(&block.block_type) {
                hidden.blocks.push(block.clone());
            }
        }
        let rest = DynamicBody {
            hidden: Arc::new(hidden),
            ..self.clone()
        };
        (content, Body::of_dynamic(rest))
    }

    /// The original body's attributes, as the reference gives them: not
    /// bound to the iteration, whatever earlier steps took (unknown in a
    /// body generated for an unknown `for_each`).
    pub(super) fn just_attributes(&self, diags: &mut Diagnostics) -> Attributes<'a> {
        let attrs = self.original.just_attributes_into(diags);
        if !self.unknown {
            return attrs;
        }
        Attributes::from_distinct(attrs.into_iter().map(|a| self.bind(a)).collect())
    }

    /// The attribute names and block types no partial step took, each
    /// `dynamic` block giving the type it generates: the static blocks'
    /// types, then those.
    pub(super) fn item_names(&self) -> (Vec<&'a str>, Vec<&'a str>) {
        let (attributes, blocks) = self.original.items();
        // The `dynamic` blocks, which the JSON syntax gives as a property
        // until a schema says they are blocks.
        let mut scratch = Diagnostics::default();
        let dynamic = BodySchema::new(vec![], vec![dynamic_header()]).unwrap_or_default();
        let (raw, _) = self.original.partial_into(&dynamic, false, &mut scratch);
        let attrs = attributes
            .iter()
            .map(|a| a.name)
            .filter(|n| *n != DYNAMIC && !self.hidden.attributes.contains(*n))
            .collect();
        let statics = blocks
            .iter()
            .map(|b| b.block_type)
            .filter(|t| *t != DYNAMIC);
        let generated = raw
            .blocks
            .iter()
            .filter_map(|b| b.labels.first().map(|l| l.value));
        let types = statics
            .chain(generated)
            .filter(|t| !self.hidden.block(t))
            .collect();
        (attrs, types)
    }

    /// Every attribute and block no partial step took, the `dynamic`
    /// blocks expanded: what a schema of every name found reads.
    pub(super) fn items(
        &self,
        attributes: &mut Vec<Attribute<'a>>,
        blocks: &mut Vec<Block<'a>>,
        diags: &mut Diagnostics,
    ) {
        let (attrs, types) = self.item_names();
        let mut types: Vec<&str> = types;
        types.sort_unstable();
        types.dedup();
        let mut attrs: Vec<&str> = attrs;
        attrs.sort_unstable();
        attrs.dedup();
        let schema = BodySchema::new(
            attrs.into_iter().map(AttributeSchema::optional).collect(),
            types
                .into_iter()
                .map(BlockHeaderSchema::any_labels)
                .collect(),
        )
        .unwrap_or_default();
        let content = self.content(&schema, false, diags);
        let start = attributes.len();
        attributes.extend(content.attributes);
        if let Some(added) = attributes.get_mut(start..) {
            added.sort_by_key(|a| a.span.start);
        }
        blocks.extend(content.blocks);
    }

    /// The schema the original body is read with: `schema`, the `dynamic`
    /// blocks, and what earlier steps took (filtered out again after).
    fn extend(&self, schema: &BodySchema) -> BodySchema {
        let mut attrs = schema.attributes().to_vec();
        for name in &self.hidden.attributes {
            if schema.attribute(name).is_none() {
                attrs.push(AttributeSchema::optional(name.clone()));
            }
        }
        let mut blocks: Vec<BlockHeaderSchema> = schema
            .blocks()
            .iter()
            .filter(|b| b.block_type != DYNAMIC)
            .cloned()
            .collect();
        blocks.push(dynamic_header());
        for block in &self.hidden.blocks {
            if schema.block(&block.block_type).is_none() && block.block_type != DYNAMIC {
                blocks.push(block.clone());
            }
        }
        // Names are distinct by construction.
        BodySchema::new(attrs, blocks).unwrap_or_else(|_| schema.clone())
    }

    /// The content of this body from what the original gave for the
    /// extended schema.
    fn expand_content(
        &self,
        raw: BodyContent<'a>,
        schema: &BodySchema,
        partial: bool,
        diags: &mut Diagnostics,
    ) -> BodyContent<'a> {
        let mut content = BodyContent::new(raw.missing_item);
        content.attributes = Attributes::from_distinct(
            raw.attributes
                .into_iter()
                .filter(|a| !self.hidden.attributes.contains(a.name))
                .map(|a| self.bind(a))
                .collect(),
        );
        for block in raw.blocks {
            if block.block_type == DYNAMIC {
                self.generate(&block, schema, partial, &mut content.blocks, diags);
            } else if !self.hidden.block(block.block_type) {
                let body = self.child(block.body.clone(), self.iteration, self.unknown);
                content.blocks.push(Block { body, ..block });
            }
        }
        content
    }

    /// The attribute with what this body binds around its expression.
    fn bind(&self, mut attr: Attribute<'a>) -> Attribute<'a> {
        if self.unknown {
            attr.expr = attr.expr.bound(Some(&UNKNOWN));
        } else if let Some(iteration) = self.iteration {
            attr.expr = attr.expr.bound(Some(iteration));
        }
        attr
    }

    /// The body of a block in this one: it sees `iteration`.
    fn child(
        &self,
        body: Body<'a>,
        iteration: Option<&'a Arc<Bindings>>,
        unknown: bool,
    ) -> Body<'a> {
        Body::of_dynamic(DynamicBody {
            original: Box::new(body),
            store: self.store,
            iteration,
            unknown,
            hidden: Arc::default(),
        })
    }

    /// The iteration of an element inside this body's.
    fn iteration(&self, name: &str, key: Value, value: Value) -> &'a Arc<Bindings> {
        let object = Value::object([("key", key), ("value", value)]);
        self.store.keep_iteration(Bindings::Variable {
            name: name.to_owned(),
            value: object,
            outer: self.iteration.cloned(),
        })
    }
}

/// The block type whose blocks generate others.
pub(crate) const DYNAMIC: &str = "dynamic";

/// The header of a `dynamic` block: one label, the type generated.
fn dynamic_header() -> BlockHeaderSchema {
    BlockHeaderSchema::new(DYNAMIC, &["type"])
}

impl PartialEq for DynamicBody<'_> {
    /// Equal when both expand the same body in the same store, with the
    /// same iteration and the same names hidden.
    fn eq(&self, other: &Self) -> bool {
        self.original == other.original
            && std::ptr::eq(self.store, other.store)
            && match (self.iteration, other.iteration) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
            && self.unknown == other.unknown
            && self.hidden == other.hidden
    }
}

impl fmt::Debug for DynamicBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynamicBody")
            .field("original", &self.original)
            .field("unknown", &self.unknown)
            .field("hidden", &self.hidden)
            .finish_non_exhaustive()
    }
}

/// The error of a `for_each` whose blocks would cost more than is left.
fn too_many_blocks(
    at: crate::analysis::Location<'_>,
    count: usize,
    (left, total): (u64, u64),
) -> crate::diagnostic::Diagnostic {
    at.error(
        Code::TooManyValues,
        "Too many values",
        format!(
            "This dynamic block would generate {count} blocks, which with their iteration values \
             cost more than the {left} values left of the {total} that the expansion of one \
             document's dynamic blocks may build (limit max_total_eval_values, plus one per \
             byte of the document)."
        ),
    )
}
