//! The spec model: what a body decodes into, built in code.

use std::collections::BTreeMap;

use crate::analysis::OwnedExpression;
use crate::functions::Functions;
use crate::types::Type;
use crate::value::Value;

/// How to decode a body into a value: the kinds of spec of the reference's
/// `hcldec` package.
///
/// Build one with the constructor functions ([`Spec::object`],
/// [`Spec::attr`], [`Spec::block_list`], ...) and adjust it with the
/// modifiers ([`Spec::required`], [`Spec::min_items`], ...). A modifier
/// applied to a kind it does not concern leaves the spec as it is.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{decode, Spec};
/// use hcl_core::types::Type;
/// use hcl_core::{Body, EvalContext, Value};
///
/// let spec = Spec::object([
///     ("name", Spec::attr("name", Type::String).required()),
///     ("port", Spec::default(Spec::attr("port", Type::Number), Spec::literal(Value::from(80)))),
/// ]);
/// let file = hcl_core::parse("name = \"web\"\n", "app.hcl").unwrap();
/// let (value, diags) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
/// assert!(diags.is_empty());
/// assert_eq!(
///     value,
///     Value::object([("name", Value::from("web")), ("port", Value::from(80))])
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Spec {
    /// An object whose attributes are each decoded by their own spec from
    /// the same body.
    Object(BTreeMap<String, Spec>),
    /// A tuple whose elements are each decoded by their own spec from the
    /// same body.
    Tuple(Vec<Spec>),
    /// The value of one argument, converted to a type.
    Attr(AttrSpec),
    /// A constant value.
    Literal(Value),
    /// The value of an expression kept apart from the body, evaluated in
    /// the decoding context.
    Expr(OwnedExpression),
    /// The body of at most one block of a type, decoded by a nested spec.
    Block(BlockSpec),
    /// The blocks of a type as a list, a tuple or a set.
    BlockSequence(BlockSequenceSpec),
    /// The blocks of a type keyed by their labels, as maps or objects.
    BlockKeyed(BlockKeyedSpec),
    /// The arguments of one block, any names, as a map.
    BlockAttrs(BlockAttrsSpec),
    /// One label of the enclosing block.
    BlockLabel(BlockLabelSpec),
    /// The first spec's value, or the second's when the first is null.
    Default(Box<Spec>, Box<Spec>),
    /// A value computed from another spec's value by an expression.
    Transform(TransformSpec),
}

/// An argument's value ([`Spec::Attr`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// use hcl_core::types::Type;
/// let Spec::Attr(attr) = Spec::attr("port", Type::Number).required() else { unreachable!() };
/// assert!(attr.required);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AttrSpec {
    /// The argument's name.
    pub name: String,
    /// The type the value is converted to.
    pub ty: Type,
    /// Whether the argument must be present.
    pub required: bool,
}

/// One block's body ([`Spec::Block`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// let Spec::Block(block) = Spec::block("b", Spec::block_label(0, "name")) else { unreachable!() };
/// assert_eq!(block.block_type, "b");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlockSpec {
    /// The block type.
    pub block_type: String,
    /// How the block's body is decoded.
    pub nested: Box<Spec>,
    /// Whether the block must be present.
    pub required: bool,
}

/// What a [`BlockSequenceSpec`] makes of its blocks.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{Sequence, Spec};
/// let Spec::BlockSequence(s) = Spec::block_set("b", Spec::block_label(0, "n")) else { unreachable!() };
/// assert_eq!(s.kind, Sequence::Set);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sequence {
    /// A list: the blocks' values unified to one type.
    List,
    /// A tuple: each block's value with its own type.
    Tuple,
    /// A set: the blocks' values unified to one type, equal ones merged.
    Set,
}

/// The blocks of a type in order ([`Spec::BlockSequence`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// let spec = Spec::block_list("b", Spec::block_label(0, "n")).min_items(1).max_items(3);
/// let Spec::BlockSequence(s) = spec else { unreachable!() };
/// assert_eq!((s.min_items, s.max_items), (1, 3));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlockSequenceSpec {
    /// A list, a tuple or a set.
    pub kind: Sequence,
    /// The block type.
    pub block_type: String,
    /// How each block's body is decoded.
    pub nested: Box<Spec>,
    /// The fewest blocks allowed.
    pub min_items: usize,
    /// The most blocks allowed; 0 for no limit.
    pub max_items: usize,
}

/// The blocks of a type keyed by labels ([`Spec::BlockKeyed`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// use hcl_core::types::Type;
/// let Spec::BlockKeyed(s) = Spec::block_object("res", &["name"], Spec::attr("v", Type::Number)) else { unreachable!() };
/// assert!(s.as_object);
/// assert_eq!(s.label_names, ["name"]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlockKeyedSpec {
    /// Maps of one element type (`block_map`) or objects (`block_object`).
    pub as_object: bool,
    /// The block type.
    pub block_type: String,
    /// The names of the labels that key the blocks, outermost first.
    pub label_names: Vec<String>,
    /// How each block's body is decoded.
    pub nested: Box<Spec>,
}

/// A block's arguments as a map ([`Spec::BlockAttrs`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// use hcl_core::types::Type;
/// let Spec::BlockAttrs(s) = Spec::block_attrs("tags", Type::String) else { unreachable!() };
/// assert_eq!(s.element_type, Type::String);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlockAttrsSpec {
    /// The block type.
    pub block_type: String,
    /// The type each argument's value is converted to.
    pub element_type: Type,
    /// Whether the block must be present.
    pub required: bool,
}

/// A label of the enclosing block ([`Spec::BlockLabel`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// let Spec::BlockLabel(s) = Spec::block_label(1, "name") else { unreachable!() };
/// assert_eq!((s.index, s.name.as_str()), (1, "name"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlockLabelSpec {
    /// Which label, from 0, after those a keyed spec takes.
    pub index: usize,
    /// The label's name, for the block's schema.
    pub name: String,
}

/// A value computed by an expression ([`Spec::Transform`]).
///
/// # Examples
///
/// ```
/// use hcl_core::dec::Spec;
/// use hcl_core::types::Type;
/// let file = hcl_core::parse("r = nested + 1\n", "spec.hcl").unwrap();
/// let attrs = hcl_core::Body::from_file(&file).just_attributes().unwrap();
/// let expr = attrs.get("r").unwrap().expr.to_owned_expression();
/// let Spec::Transform(t) = Spec::transform(Spec::attr("a", Type::Number), expr) else { unreachable!() };
/// assert_eq!(t.var_name, "nested");
/// ```
#[derive(Debug, Clone)]
pub struct TransformSpec {
    /// The spec whose value the expression reads.
    pub wrapped: Box<Spec>,
    /// The expression.
    pub expr: OwnedExpression,
    /// The name under which the expression sees the wrapped value.
    pub var_name: String,
    /// The functions the expression may call; `None` for the standard
    /// functions.
    pub functions: Option<Functions>,
}

impl PartialEq for TransformSpec {
    /// Equal when the wrapped specs, the expressions and the names are;
    /// functions are not compared.
    fn eq(&self, other: &Self) -> bool {
        self.wrapped == other.wrapped && self.expr == other.expr && self.var_name == other.var_name
    }
}

impl Spec {
    /// An object of the given attributes, each decoded from the same body.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::object([("a", Spec::attr("a", Type::String))]);
    /// assert_eq!(spec.implied_type(), Type::object([("a", Type::String)]));
    /// ```
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Spec)>) -> Spec {
        Spec::Object(attrs.into_iter().map(|(k, s)| (k.into(), s)).collect())
    }

    /// A tuple of the given elements, each decoded from the same body.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::tuple(vec![Spec::attr("a", Type::Bool)]);
    /// assert_eq!(spec.implied_type(), Type::tuple(vec![Type::Bool]));
    /// ```
    pub fn tuple(elements: Vec<Spec>) -> Spec {
        Spec::Tuple(elements)
    }

    /// The optional argument `name`, converted to `ty`; null when absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// assert_eq!(Spec::attr("a", Type::Number).implied_type(), Type::Number);
    /// ```
    pub fn attr(name: impl Into<String>, ty: Type) -> Spec {
        Spec::Attr(AttrSpec {
            name: name.into(),
            ty,
            required: false,
        })
    }

    /// A constant value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// use hcl_core::Value;
    /// assert_eq!(Spec::literal(Value::from("x")).implied_type(), Type::String);
    /// ```
    pub fn literal(value: Value) -> Spec {
        Spec::Literal(value)
    }

    /// The value of an expression kept apart from the body.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, Spec};
    /// use hcl_core::{Body, EvalContext, Value};
    /// let src = hcl_core::parse("x = 1 + 1\n", "spec.hcl").unwrap();
    /// let attrs = Body::from_file(&src).just_attributes().unwrap();
    /// let spec = Spec::expr(attrs.get("x").unwrap().expr.to_owned_expression());
    /// let (value, _) = decode(&Body::empty(), &spec, &EvalContext::new());
    /// assert_eq!(value, Value::from(2));
    /// ```
    pub fn expr(expr: OwnedExpression) -> Spec {
        Spec::Expr(expr)
    }

    /// The body of the optional block `block_type`, decoded by `nested`;
    /// null when absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block("b", Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::String);
    /// ```
    pub fn block(block_type: impl Into<String>, nested: Spec) -> Spec {
        Spec::Block(BlockSpec {
            block_type: block_type.into(),
            nested: Box::new(nested),
            required: false,
        })
    }

    /// The blocks `block_type` as a list of their bodies' values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_list("b", Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::list(Type::String));
    /// ```
    pub fn block_list(block_type: impl Into<String>, nested: Spec) -> Spec {
        Spec::sequence(Sequence::List, block_type.into(), nested)
    }

    /// The blocks `block_type` as a tuple of their bodies' values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_tuple("b", Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::Dynamic);
    /// ```
    pub fn block_tuple(block_type: impl Into<String>, nested: Spec) -> Spec {
        Spec::sequence(Sequence::Tuple, block_type.into(), nested)
    }

    /// The blocks `block_type` as a set of their bodies' values.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_set("b", Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::set(Type::String));
    /// ```
    pub fn block_set(block_type: impl Into<String>, nested: Spec) -> Spec {
        Spec::sequence(Sequence::Set, block_type.into(), nested)
    }

    fn sequence(kind: Sequence, block_type: String, nested: Spec) -> Spec {
        Spec::BlockSequence(BlockSequenceSpec {
            kind,
            block_type,
            nested: Box::new(nested),
            min_items: 0,
            max_items: 0,
        })
    }

    /// The blocks `block_type` as maps keyed by the labels `label_names`,
    /// one map level per label.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_map("b", &["kind", "name"], Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::map(Type::map(Type::String)));
    /// ```
    pub fn block_map(block_type: impl Into<String>, label_names: &[&str], nested: Spec) -> Spec {
        Spec::keyed(false, block_type.into(), label_names, nested)
    }

    /// The blocks `block_type` as objects keyed by the labels
    /// `label_names`, one object level per label.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_object("b", &["name"], Spec::attr("a", Type::String));
    /// assert_eq!(spec.implied_type(), Type::Dynamic);
    /// ```
    pub fn block_object(block_type: impl Into<String>, label_names: &[&str], nested: Spec) -> Spec {
        Spec::keyed(true, block_type.into(), label_names, nested)
    }

    fn keyed(as_object: bool, block_type: String, label_names: &[&str], nested: Spec) -> Spec {
        Spec::BlockKeyed(BlockKeyedSpec {
            as_object,
            block_type,
            label_names: label_names.iter().map(|&n| n.to_owned()).collect(),
            nested: Box::new(nested),
        })
    }

    /// The arguments of the optional block `block_type`, any names, as a
    /// map of `element_type`; null when the block is absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::block_attrs("tags", Type::String);
    /// assert_eq!(spec.implied_type(), Type::map(Type::String));
    /// ```
    pub fn block_attrs(block_type: impl Into<String>, element_type: Type) -> Spec {
        Spec::BlockAttrs(BlockAttrsSpec {
            block_type: block_type.into(),
            element_type,
            required: false,
        })
    }

    /// The label `index` of the enclosing block, named `name` in its
    /// schema.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// assert_eq!(Spec::block_label(0, "name").implied_type(), Type::String);
    /// ```
    pub fn block_label(index: usize, name: impl Into<String>) -> Spec {
        Spec::BlockLabel(BlockLabelSpec {
            index,
            name: name.into(),
        })
    }

    /// `primary`'s value, or `default`'s when it is null.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// use hcl_core::Value;
    /// let spec = Spec::default(Spec::attr("a", Type::Number), Spec::literal(Value::from(1)));
    /// assert_eq!(spec.implied_type(), Type::Number);
    /// ```
    pub fn default(primary: Spec, default: Spec) -> Spec {
        Spec::Default(Box::new(primary), Box::new(default))
    }

    /// The value of `expr`, which sees `wrapped`'s value as the variable
    /// `nested` and the standard functions.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, Spec};
    /// use hcl_core::types::Type;
    /// use hcl_core::{Body, EvalContext, Value};
    /// let spec_src = hcl_core::parse("r = upper(nested)\n", "spec.hcl").unwrap();
    /// let attrs = Body::from_file(&spec_src).just_attributes().unwrap();
    /// let expr = attrs.get("r").unwrap().expr.to_owned_expression();
    /// let spec = Spec::transform(Spec::attr("a", Type::String), expr);
    /// assert_eq!(spec.implied_type(), Type::String);
    /// let file = hcl_core::parse("a = \"x\"\n", "in.hcl").unwrap();
    /// let (value, _) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
    /// assert_eq!(value, Value::from("X"));
    /// ```
    pub fn transform(wrapped: Spec, expr: OwnedExpression) -> Spec {
        Spec::Transform(TransformSpec {
            wrapped: Box::new(wrapped),
            expr,
            var_name: "nested".to_owned(),
            functions: None,
        })
    }

    /// Makes an [`Spec::Attr`], [`Spec::Block`] or [`Spec::BlockAttrs`]
    /// required.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::Spec;
    /// use hcl_core::types::Type;
    /// let spec = Spec::attr("a", Type::String).required();
    /// assert!(spec.implied_schema().attribute("a").unwrap().required);
    /// ```
    pub fn required(mut self) -> Spec {
        match &mut self {
            Spec::Attr(s) => s.required = true,
            Spec::Block(s) => s.required = true,
            Spec::BlockAttrs(s) => s.required = true,
            _ => {}
        }
        self
    }

    /// Sets the fewest blocks of a list, tuple or set of blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, Spec};
    /// use hcl_core::types::Type;
    /// use hcl_core::{Body, EvalContext};
    /// let spec = Spec::block_list("b", Spec::attr("a", Type::String)).min_items(1);
    /// let (_, diags) = decode(&Body::empty(), &spec, &EvalContext::new());
    /// assert_eq!(diags.iter().next().unwrap().summary, "Insufficient b blocks");
    /// ```
    pub fn min_items(mut self, n: usize) -> Spec {
        if let Spec::BlockSequence(s) = &mut self {
            s.min_items = n;
        }
        self
    }

    /// Sets the most blocks of a list, tuple or set of blocks (0: any).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, Spec};
    /// use hcl_core::types::Type;
    /// use hcl_core::{Body, EvalContext};
    /// let spec = Spec::block_list("b", Spec::attr("a", Type::String)).max_items(1);
    /// let file = hcl_core::parse("b {}\nb {}\n", "in.hcl").unwrap();
    /// let (_, diags) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
    /// assert_eq!(diags.iter().next().unwrap().summary, "Too many b blocks");
    /// ```
    pub fn max_items(mut self, n: usize) -> Spec {
        if let Spec::BlockSequence(s) = &mut self {
            s.max_items = n;
        }
        self
    }

    /// Sets the functions a [`Spec::Transform`]'s expression may call.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, Spec};
    /// use hcl_core::functions::Functions;
    /// use hcl_core::types::Type;
    /// use hcl_core::{Body, EvalContext};
    /// let spec_src = hcl_core::parse("r = upper(nested)\n", "spec.hcl").unwrap();
    /// let attrs = Body::from_file(&spec_src).just_attributes().unwrap();
    /// let expr = attrs.get("r").unwrap().expr.to_owned_expression();
    /// let spec = Spec::transform(Spec::attr("a", Type::String), expr)
    ///     .transform_functions(Functions::new());
    /// let file = hcl_core::parse("a = \"x\"\n", "in.hcl").unwrap();
    /// let (_, diags) = decode(&Body::from_file(&file), &spec, &EvalContext::new());
    /// assert_eq!(diags.iter().next().unwrap().summary, "Call to unknown function");
    /// ```
    pub fn transform_functions(mut self, functions: Functions) -> Spec {
        if let Spec::Transform(s) = &mut self {
            s.functions = Some(functions);
        }
        self
    }

    /// The specs that decode from the same body as this one: an object's
    /// attributes, a tuple's elements, a default's two specs and the spec
    /// a transform wraps.
    pub(super) fn same_body_children(&self) -> Vec<&Spec> {
        match self {
            Spec::Object(attrs) => attrs.values().collect(),
            Spec::Tuple(elements) => elements.iter().collect(),
            Spec::Default(primary, default) => vec![primary, default],
            Spec::Transform(s) => vec![&s.wrapped],
            _ => Vec::new(),
        }
    }
}
