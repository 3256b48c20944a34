//! Variables bound around an expression by the body it was read from.

use std::sync::Arc;

use crate::eval::EvalContext;
use crate::value::Value;

/// What a body that generated an attribute binds around its expression:
/// variables (a `dynamic` block's iterator, and each enclosing one) that
/// its evaluation sees in a child of the context it is given, or that its
/// value is not known at all.
#[derive(Debug)]
pub(crate) enum Bindings {
    /// `name` bound to `value`, inside the bindings of `outer`.
    Variable {
        name: String,
        value: Value,
        outer: Option<Arc<Bindings>>,
    },
    /// The expression stands for the unknown value of unknown type and is
    /// not evaluated.
    Unknown,
}

/// The bindings of the attributes of a body whose values are not known.
pub(crate) static UNKNOWN: Bindings = Bindings::Unknown;

impl Bindings {
    /// Whether the expression's value is not known at all.
    pub(crate) fn is_unknown(&self) -> bool {
        matches!(self, Bindings::Unknown)
    }

    /// Each variable bound, innermost first.
    pub(crate) fn variables(&self) -> impl Iterator<Item = (&str, &Value)> {
        let mut next = Some(self);
        std::iter::from_fn(move || match next? {
            Bindings::Variable { name, value, outer } => {
                next = outer.as_deref();
                Some((name.as_str(), value))
            }
            Bindings::Unknown => None,
        })
    }

    /// Whether `name` is bound.
    pub(crate) fn binds(&self, name: &str) -> bool {
        self.variables().any(|(n, _)| n == name)
    }

    /// A child of `ctx` with the variables bound: an inner binding hides an
    /// outer one of the same name, and both hide the context's.
    pub(crate) fn child_of<'c>(&self, ctx: &'c EvalContext<'c>) -> EvalContext<'c> {
        let mut child = ctx.child();
        let all: Vec<_> = self.variables().collect();
        for (name, value) in all.into_iter().rev() {
            child.set_variable(name, value.clone());
        }
        child
    }
}
