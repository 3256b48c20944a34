//! Decoding the kinds of spec that read nested blocks.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostics};
use crate::eval::EvalContext;
use crate::schema::Block;
use crate::types::{convert, unify_unsafe, Type};
use crate::value::{go_quote, Value};

use super::decode::{
    conversion_error, decode_body, error_at, evaluate, missing_place, Place, Scope,
};
use super::spec::{BlockAttrsSpec, BlockKeyedSpec, BlockSequenceSpec, BlockSpec, Sequence, Spec};

/// The blocks of `block_type` in the content, in order.
pub(super) fn blocks_of<'s, 'a>(
    scope: &Scope<'s, 'a>,
    block_type: &'s str,
) -> impl Iterator<Item = &'s Block<'a>> + 's {
    scope
        .content
        .blocks
        .iter()
        .filter(move |b| b.block_type == block_type)
}

/// Where a block's header is.
fn def_place(block: &Block<'_>) -> Place {
    Some((Arc::clone(block.file), block.def_span))
}

/// The first block of `block_type` in `scope`, for a spec that takes one:
/// "Missing ... block" when there is none and it is `required`, an error
/// for a second block, reported once.
fn one_block<'s, 'a>(
    scope: &Scope<'s, 'a>,
    block_type: &'s str,
    required: bool,
    diags: &mut Diagnostics,
) -> Option<&'s Block<'a>> {
    let mut found = blocks_of(scope, block_type);
    let Some(block) = found.next() else {
        if required {
            diags.push(scope.content.missing_block_error(block_type));
        }
        return None;
    };
    if let Some(later) = found.next() {
        diags.push(later.duplicate_error(block));
    }
    Some(block)
}

impl BlockSpec {
    /// The first block's body decoded by the nested spec; an error for a
    /// second block, reported once.
    pub(super) fn decode_in(
        &self,
        scope: &Scope<'_, '_>,
        ctx: &EvalContext<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
        let Some(block) = one_block(scope, &self.block_type, self.required, diags) else {
            return Value::null(self.nested.implied_type());
        };
        let (value, _, more) = decode_body(&block.body, &block.labels, &self.nested, ctx, false);
        diags.extend(more);
        value
    }
}

impl BlockSequenceSpec {
    /// The blocks' values as a list, tuple or set, with the checks of
    /// their number and of their types.
    pub(super) fn decode_in(
        &self,
        scope: &Scope<'_, '_>,
        ctx: &EvalContext<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
        let mut elems = Vec::new();
        let mut places = Vec::new();
        for block in blocks_of(scope, &self.block_type) {
            let (value, _, more) =
                decode_body(&block.body, &block.labels, &self.nested, ctx, false);
            diags.extend(more);
            elems.push(value);
            places.push(super::range::block_place(block, &self.nested));
        }
        self.check_count(elems.len(), &places, scope, diags);
        if elems.is_empty() {
            let ty = self.nested.implied_type();
            return match self.kind {
                Sequence::List => Value::list(ty, Vec::new()).unwrap_or_else(|_| Value::dynamic()),
                Sequence::Set => Value::set(ty, Vec::new()).unwrap_or_else(|_| Value::dynamic()),
                Sequence::Tuple => Value::empty_tuple(),
            };
        }
        if self.kind == Sequence::Tuple {
            return Value::tuple(elems);
        }
        self.unified(elems, &places, diags)
    }

    /// "Insufficient T blocks" below `min_items`, else "Too many T blocks"
    /// at the first surplus block above `max_items`.
    fn check_count(
        &self,
        count: usize,
        places: &[Place],
        scope: &Scope<'_, '_>,
        diags: &mut Diagnostics,
    ) {
        let t = &self.block_type;
        if count < self.min_items {
            diags.push(error_at(
                &missing_place(scope.content),
                Code::TooFewBlocks,
                format!("Insufficient {t} blocks"),
                format!(
                    "At least {} {} blocks are required.",
                    self.min_items,
                    go_quote(t)
                ),
            ));
        } else if self.max_items > 0 && count > self.max_items {
            let place = places.get(self.max_items).cloned().flatten();
            diags.push(error_at(
                &place,
                Code::TooManyBlocks,
                format!("Too many {t} blocks"),
                format!(
                    "No more than {} {} blocks are allowed",
                    self.max_items,
                    go_quote(t)
                ),
            ));
        }
    }

    /// The values converted to their unified type, as a list or a set.
    fn unified(&self, elems: Vec<Value>, places: &[Place], diags: &mut Diagnostics) -> Value {
        let t = &self.block_type;
        let summary = || format!("Unconsistent argument types in {t} blocks");
        let types: Vec<Type> = elems.iter().map(|v| v.ty().clone()).collect();
        let first = places.first().cloned().flatten();
        let Some((ety, convs)) = unify_unsafe(&types) else {
            diags.push(error_at(
                &first,
                Code::InconsistentBlockTypes,
                summary(),
                "Corresponding attributes in all blocks of this type must be the same.".to_owned(),
            ));
            return Value::dynamic();
        };
        let mut out = Vec::with_capacity(elems.len());
        for (i, (value, conv)) in elems.into_iter().zip(convs).enumerate() {
            match conv.map(|c| c.apply(&value)) {
                None => out.push(value),
                Some(Ok(value)) => out.push(value),
                Some(Err(err)) => {
                    diags.push(error_at(
                        &places.get(i).cloned().flatten(),
                        Code::InconsistentBlockTypes,
                        summary(),
                        format!("Block with index {i} has inconsistent argument types: {err}."),
                    ));
                    return Value::dynamic();
                }
            }
        }
        let made = match self.kind {
            Sequence::Set => Value::set(ety, out),
            _ => Value::list(ety, out),
        };
        made.unwrap_or_else(|_| Value::dynamic())
    }
}

/// The values of keyed blocks, nested by label.
enum Node {
    Leaf(Value),
    Branch(BTreeMap<String, Node>),
}

impl BlockKeyedSpec {
    /// The blocks' values keyed by their labels, as nested maps or
    /// objects; an error for two blocks with the same labels.
    pub(super) fn decode_in(
        &self,
        scope: &Scope<'_, '_>,
        ctx: &EvalContext<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
        if let Some(problem) = self.problem() {
            diags.push(error_at(
                &missing_place(scope.content),
                Code::InvalidSchema,
                format!("Invalid {} spec", self.kind_name()),
                problem.to_owned(),
            ));
            return Value::unknown(Spec::BlockKeyed(self.clone()).implied_type());
        }
        let depth = self.label_names.len();
        let mut root = BTreeMap::new();
        for block in blocks_of(scope, &self.block_type) {
            let (keys, rest) = block.labels.split_at(depth.min(block.labels.len()));
            let (value, _, more) = decode_body(&block.body, rest, &self.nested, ctx, false);
            diags.extend(more);
            let keys: Vec<&str> = keys.iter().map(|l| l.value).collect();
            if !insert(&mut root, &keys, value) {
                diags.push(self.duplicate(block));
            }
        }
        if root.is_empty() {
            return match self.as_object {
                true => Value::empty_object(),
                false => Value::map(self.nested.implied_type(), Vec::<(String, Value)>::new())
                    .unwrap_or_else(|_| Value::dynamic()),
            };
        }
        self.build(root)
    }

    fn kind_name(&self) -> &'static str {
        match self.as_object {
            true => "block_object",
            false => "block_map",
        }
    }

    /// What makes the spec unusable, where the reference fails.
    fn problem(&self) -> Option<&'static str> {
        if self.label_names.is_empty() {
            return Some("A keyed block spec must name at least one label.");
        }
        if !self.as_object && self.nested.implied_type().has_dynamic_types() {
            return Some("A block_map spec may not contain attributes with type 'any'.");
        }
        None
    }

    fn duplicate(&self, block: &Block<'_>) -> crate::Diagnostic {
        let t = &self.block_type;
        let labels: String = block
            .labels
            .iter()
            .map(|l| format!(" {}", go_quote(l.value)))
            .collect();
        error_at(
            &def_place(block),
            Code::DuplicateBlock,
            format!("Duplicate {t} block"),
            format!("A block for {t}{labels} was already defined. The {t} labels must be unique."),
        )
    }

    fn build(&self, nodes: BTreeMap<String, Node>) -> Value {
        let entries: Vec<(String, Value)> = nodes
            .into_iter()
            .map(|(k, node)| {
                let value = match node {
                    Node::Leaf(value) => value,
                    Node::Branch(children) => self.build(children),
                };
                (k, value)
            })
            .collect();
        match self.as_object {
            true => Value::object(entries),
            false => Value::map_infer(entries).unwrap_or_else(|_| Value::dynamic()),
        }
    }
}

/// Puts `value` at the path `keys`; false when something is there already.
fn insert(nodes: &mut BTreeMap<String, Node>, keys: &[&str], value: Value) -> bool {
    match keys {
        [] => false,
        [last] => {
            if nodes.contains_key(*last) {
                return false;
            }
            nodes.insert((*last).to_owned(), Node::Leaf(value));
            true
        }
        [first, rest @ ..] => {
            let child = nodes
                .entry((*first).to_owned())
                .or_insert_with(|| Node::Branch(BTreeMap::new()));
            match child {
                Node::Branch(children) => insert(children, rest, value),
                Node::Leaf(_) => false,
            }
        }
    }
}

impl BlockAttrsSpec {
    /// The arguments of the first block as a map; an error for a second
    /// block.
    pub(super) fn decode_in(
        &self,
        scope: &Scope<'_, '_>,
        ctx: &EvalContext<'_>,
        diags: &mut Diagnostics,
    ) -> Value {
        let Some(block) = one_block(scope, &self.block_type, self.required, diags) else {
            return Value::null(Type::map(self.element_type.clone()));
        };
        let (attrs, more) = block.body.just_attributes_with_diagnostics();
        diags.extend(more);
        if attrs.is_empty() {
            return Value::map(self.element_type.clone(), Vec::<(String, Value)>::new())
                .unwrap_or_else(|_| Value::dynamic());
        }
        let mut entries = Vec::with_capacity(attrs.len());
        for attr in attrs.iter() {
            let (value, more) = evaluate(&attr.expr, ctx);
            diags.extend(more);
            let value = convert(&value, &self.element_type).unwrap_or_else(|err| {
                diags.push(conversion_error(
                    attr,
                    "Invalid attribute value",
                    format!(
                        "Invalid value for attribute of {} block: {err}.",
                        go_quote(&self.block_type)
                    ),
                ));
                Value::unknown(self.element_type.clone())
            });
            entries.push((attr.name, value));
        }
        Value::map_infer(entries).unwrap_or_else(|_| Value::dynamic())
    }
}
