//! What a spec implies without a body: the type of its values and the
//! schema of the body it reads.

use crate::diagnostic::Diagnostics;
use crate::eval::EvalContext;
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::types::Type;
use crate::value::Value;

use super::spec::{BlockKeyedSpec, Sequence, Spec, TransformSpec};

impl Spec {
    /// The type of the values the spec decodes to, as the reference
    /// computes it: an object or tuple of its parts' types, an argument's
    /// type, a literal's, a list, set or map of a nested block spec's type,
    /// and the dynamic pseudo-type for a tuple or object of blocks and for
    /// an expression.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_set("b", Spec::object([("n", Spec::attr("n", Type::Number))]));
    /// assert_eq!(spec.implied_type(), Type::set(Type::object([("n", Type::Number)])));
    /// ```
    pub fn implied_type(&self) -> Type {
        match self {
            Spec::Object(attrs) => {
                Type::object(attrs.iter().map(|(k, s)| (k.as_str(), s.implied_type())))
            }
            Spec::Tuple(elements) => Type::tuple(elements.iter().map(Spec::implied_type).collect()),
            Spec::Attr(s) => s.ty.clone(),
            Spec::Literal(value) => value.ty().clone(),
            Spec::Expr(_) => Type::Dynamic,
            Spec::Block(s) => s.nested.implied_type(),
            Spec::BlockSequence(s) => match s.kind {
                Sequence::List => Type::list(s.nested.implied_type()),
                Sequence::Set => Type::set(s.nested.implied_type()),
                Sequence::Tuple => Type::Dynamic,
            },
            Spec::BlockKeyed(s) => keyed_type(s),
            Spec::BlockAttrs(s) => Type::map(s.element_type.clone()),
            Spec::BlockLabel(_) => Type::String,
            Spec::Default(primary, _) => primary.implied_type(),
            Spec::Transform(s) => transform_type(s),
        }
    }

    /// The schema of the body the spec reads: the arguments and block
    /// types of the spec and of those that read the same body (an
    /// object's and a tuple's parts, a default's two specs, what a
    /// transform wraps). A block type's label names are those its nested
    /// spec's [`Spec::block_label`]s name, after a keyed spec's own.
    ///
    /// The reference lists a name twice when two specs read it; a
    /// [`BodySchema`] holds each name once, required when any of the specs
    /// requires it, with the first spec's labels for a block type; an
    /// empty name, which no input can use, is left out. Decoding still
    /// reports a missing argument as many times as the reference does.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::object([
    ///     ("a", Spec::attr("a", Type::String).required()),
    ///     ("r", Spec::block_map("res", &["kind"], Spec::block_label(0, "name"))),
    /// ]);
    /// let schema = spec.implied_schema();
    /// assert!(schema.attribute("a").unwrap().required);
    /// assert_eq!(schema.block("res").unwrap().label_names, ["kind", "name"]);
    /// ```
    pub fn implied_schema(&self) -> BodySchema {
        let mut attrs: Vec<AttributeSchema> = Vec::new();
        let mut blocks: Vec<BlockHeaderSchema> = Vec::new();
        self.collect_schema(&mut attrs, &mut blocks);
        // The names are distinct, so the schema is always valid.
        BodySchema::new(attrs, blocks).unwrap_or_default()
    }

    fn collect_schema(
        &self,
        attrs: &mut Vec<AttributeSchema>,
        blocks: &mut Vec<BlockHeaderSchema>,
    ) {
        match self {
            Spec::Attr(s) => add_attr(attrs, &s.name, s.required),
            Spec::Block(s) => add_block(blocks, &s.block_type, label_names(&s.nested)),
            Spec::BlockSequence(s) => add_block(blocks, &s.block_type, label_names(&s.nested)),
            Spec::BlockKeyed(s) => {
                let mut names = s.label_names.clone();
                names.extend(label_names(&s.nested));
                add_block(blocks, &s.block_type, names);
            }
            Spec::BlockAttrs(s) => add_block(blocks, &s.block_type, Vec::new()),
            _ => {}
        }
        for child in self.same_body_children() {
            child.collect_schema(attrs, blocks);
        }
    }
}

impl Spec {
    /// How many times the reference's implied schema lists each required
    /// argument: once per spec that reads it, and once more for each
    /// [`Spec::Default`] whose own primary or default reads it. A missing
    /// argument is reported that many times.
    pub(super) fn required_counts(&self) -> Vec<(&str, usize)> {
        let mut entries = Vec::new();
        self.schema_entries(&mut entries);
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for name in entries {
            match counts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => counts.push((name, 1)),
            }
        }
        counts
    }

    fn schema_entries<'s>(&'s self, out: &mut Vec<&'s str>) {
        self.own_required(out);
        for child in self.same_body_children() {
            child.schema_entries(out);
        }
    }

    /// The required arguments the spec itself lists in the schema.
    fn own_required<'s>(&'s self, out: &mut Vec<&'s str>) {
        match self {
            Spec::Attr(s) if s.required && !s.name.is_empty() => out.push(&s.name),
            Spec::Default(primary, default) => {
                primary.own_required(out);
                default.own_required(out);
            }
            _ => {}
        }
    }
}

fn add_attr(attrs: &mut Vec<AttributeSchema>, name: &str, required: bool) {
    if name.is_empty() {
        return;
    }
    match attrs.iter_mut().find(|a| a.name == name) {
        Some(existing) => existing.required |= required,
        None => attrs.push(AttributeSchema {
            name: name.to_owned(),
            required,
        }),
    }
}

fn add_block(blocks: &mut Vec<BlockHeaderSchema>, block_type: &str, labels: Vec<String>) {
    if !block_type.is_empty() && blocks.iter().all(|b| b.block_type != block_type) {
        blocks.push(BlockHeaderSchema {
            block_type: block_type.to_owned(),
            label_names: labels,
            any_labels: false,
        });
    }
}

/// The label names a block's nested spec asks for: one per index up to
/// the highest [`Spec::BlockLabel`] among the specs of the block's body,
/// `missingNN` where no spec names an index.
pub(super) fn label_names(nested: &Spec) -> Vec<String> {
    let mut found: Vec<(usize, &str)> = Vec::new();
    collect_labels(nested, &mut found);
    let Some(count) = found.iter().map(|&(i, _)| i + 1).max() else {
        return Vec::new();
    };
    (0..count)
        .map(|i| {
            found
                .iter()
                .rev()
                .find(|&&(j, _)| j == i)
                .filter(|&&(_, name)| !name.is_empty())
                .map_or_else(|| format!("missing{i:02}"), |&(_, name)| name.to_owned())
        })
        .collect()
}

fn collect_labels<'s>(spec: &'s Spec, found: &mut Vec<(usize, &'s str)>) {
    if let Spec::BlockLabel(s) = spec {
        found.push((s.index, &s.name));
    }
    for child in spec.same_body_children() {
        collect_labels(child, found);
    }
}

fn keyed_type(s: &BlockKeyedSpec) -> Type {
    if s.as_object {
        return Type::Dynamic;
    }
    let mut ty = s.nested.implied_type();
    for _ in &s.label_names {
        ty = Type::map(ty);
    }
    ty
}

/// The type of a transform's result when its input is an unknown value of
/// the wrapped spec's type.
pub(super) fn transform_type(s: &TransformSpec) -> Type {
    let (value, _) = s.evaluate(Value::unknown(s.wrapped.implied_type()));
    value.ty().clone()
}

impl TransformSpec {
    /// Evaluates the expression with `input` as its variable.
    pub(super) fn evaluate(&self, input: Value) -> (Value, Diagnostics) {
        let mut ctx = match &self.functions {
            Some(functions) => EvalContext::with_tables(Default::default(), functions.clone()),
            None => EvalContext::new(),
        };
        ctx.set_variable(&self.var_name, input);
        match self.expr.expr() {
            Ok(expr) => expr.value_with_diagnostics(&ctx),
            Err(diags) => (Value::dynamic(), diags),
        }
    }
}
