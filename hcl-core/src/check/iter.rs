//! Templates, `for` expressions and directives, and splats: the parts of
//! the checker that go through collections.

use super::expr::{eventual_of, lift, stronger, Checker, ConditionOf, Scope};
use crate::ast::{Expression, ForExpr, Template, TemplatePart};
use crate::diagnostic::{Code, Diagnostics};
use crate::span::Span;
use crate::types::{conversion_safety, mismatch_message, Eventual, Type};

const INVALID_VALUE: &str = "Invalid template interpolation value";

/// A type with its eventual wrappers taken off, outermost first, to put
/// back around what is computed from it.
fn peel(ty: &Type) -> (Type, Vec<Eventual>) {
    let mut wrappers = Vec::new();
    let mut inner = ty.clone();
    loop {
        match &inner {
            Type::Promise(e) => {
                wrappers.push(Eventual::Promise);
                inner = (**e).clone();
            }
            Type::Output(e) => {
                wrappers.push(Eventual::Output);
                inner = (**e).clone();
            }
            _ => return (inner, wrappers),
        }
    }
}

fn rewrap(mut ty: Type, wrappers: &[Eventual]) -> Type {
    for w in wrappers.iter().rev() {
        ty = w.wrap(ty);
    }
    ty
}

/// The key and value types of iterating over a value of type `ty` (its
/// eventual wrappers taken off); an error detail when it cannot be.
fn iteration_types(ty: &Type) -> Result<(Type, Type), (Code, &'static str, String)> {
    match ty {
        Type::Dynamic => Ok((Type::Dynamic, Type::Dynamic)),
        Type::List(e) => Ok((Type::Int, (**e).clone())),
        Type::Set(e) => Ok(((**e).clone(), (**e).clone())),
        Type::Map(e) => Ok((Type::String, (**e).clone())),
        Type::Object(attrs) if attrs.is_empty() => Ok((Type::String, Type::Dynamic)),
        Type::Object(attrs) => Ok((Type::String, Type::union(attrs.values().cloned()))),
        Type::Tuple(elems) if elems.is_empty() => Ok((Type::Int, Type::Dynamic)),
        Type::Tuple(elems) => Ok((Type::Int, Type::union(elems.iter().cloned()))),
        Type::None => Err((
            Code::IterationOverNull,
            "Iteration over null value",
            "A null value cannot be used as the collection in a 'for' expression.".into(),
        )),
        Type::Union(members) => {
            let mut keys = Vec::new();
            let mut values = Vec::new();
            for member in members.iter().filter(|m| !m.is_none()) {
                if let Ok((k, v)) = iteration_types(&peel(member).0) {
                    keys.push(k);
                    values.push(v);
                }
            }
            if keys.is_empty() {
                return Err(non_iterable(ty));
            }
            Ok((Type::union(keys), Type::union(values)))
        }
        other => Err(non_iterable(other)),
    }
}

fn non_iterable(ty: &Type) -> (Code, &'static str, String) {
    (
        Code::IterationOverNonIterable,
        "Iteration over non-iterable value",
        format!(
            "A value of type {} cannot be used as the collection in a 'for' expression.",
            ty.pretty()
        ),
    )
}

/// The parts of a `for` expression or directive.
struct Loop<'e, 's> {
    key_var: Option<&'s str>,
    value_var: &'s str,
    collection: &'e Expression<'s>,
}

impl Checker<'_> {
    /// Iterates: the collection's type checked, a scope with the loop's
    /// variables, and the collection's eventual wrappers.
    fn enter_loop<'a>(
        &mut self,
        l: &Loop<'_, 'a>,
        span: Span,
        scope: Option<&'a Scope<'a>>,
        diags: &mut Diagnostics,
    ) -> (Scope<'a>, Vec<Eventual>) {
        let coll = self.expr(l.collection, scope, diags);
        let (inner, wrappers) = peel(&coll);
        let (key, value) = match iteration_types(&inner) {
            Ok(kv) => kv,
            Err((code, summary, detail)) => {
                diags.push(self.error_in(code, summary, detail, l.collection.span, span));
                (Type::Dynamic, Type::Dynamic)
            }
        };
        let mut names = vec![(l.value_var, value)];
        if let Some(k) = l.key_var {
            names.push((k, key));
        }
        (
            Scope {
                names,
                parent: scope,
            },
            wrappers,
        )
    }

    pub(super) fn for_expr(
        &mut self,
        f: &ForExpr<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let l = Loop {
            key_var: f.key_var,
            value_var: f.value_var,
            collection: &f.collection,
        };
        let (inner, wrappers) = self.enter_loop(&l, span, scope, diags);
        let mut kind = None;
        if let Some(key_expr) = &f.key_expr {
            let key = self.expr(key_expr, Some(&inner), diags);
            let (plain, k) = key.resolve_eventuals();
            kind = stronger(kind, k);
            if plain.is_none() {
                diags.push(self.error_in(
                    Code::InvalidObjectKey,
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.",
                    key_expr.span,
                    span,
                ));
            } else if !plain.is_dynamic() && conversion_safety(&plain, &Type::String).is_none() {
                diags.push(self.error_in(
                    Code::InvalidObjectKey,
                    "Invalid object key",
                    format!(
                        "The key expression produced an invalid result: {}.",
                        mismatch_message(&plain, &Type::String)
                    ),
                    key_expr.span,
                    span,
                ));
            }
        }
        let value = self.expr(&f.value_expr, Some(&inner), diags);
        if let Some(cond) = &f.condition {
            let k = self.condition(cond, span, Some(&inner), diags, ConditionOf::For);
            kind = stronger(kind, k);
        }
        let result = match (&f.key_expr, f.group) {
            (None, _) => Type::list(value),
            (Some(_), false) => Type::map(value),
            (Some(_), true) => Type::map(Type::list(value)),
        };
        lift(rewrap(result, &wrappers), kind)
    }

    pub(super) fn splat(
        &mut self,
        source: &Expression<'_>,
        each: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let ty = self.expr(source, scope, diags);
        self.splat_of(&ty, each, scope, diags)
    }

    /// The type of `each` applied across a value of type `ty`, as a splat
    /// does: over a list's or set's elements (a list), a tuple's (a tuple),
    /// or, for any other value, the value itself (a one-element tuple; none
    /// for null).
    fn splat_of(
        &mut self,
        ty: &Type,
        each: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let (inner, wrappers) = peel(ty);
        let result = match &inner {
            Type::Dynamic => {
                self.each(Type::Dynamic, each, scope, diags);
                Type::Dynamic
            }
            Type::List(e) | Type::Set(e) => {
                Type::list(self.each((**e).clone(), each, scope, diags))
            }
            Type::Tuple(elems) => Type::tuple(
                elems
                    .iter()
                    .map(|e| self.each(e.clone(), each, scope, diags))
                    .collect(),
            ),
            Type::None => Type::empty_tuple(),
            Type::Union(members) => {
                let results: Vec<Type> = members
                    .iter()
                    .filter(|m| !m.is_none())
                    .map(|m| self.splat_of(m, each, scope, diags))
                    .collect();
                Type::union(results)
            }
            other => Type::tuple(vec![self.each(other.clone(), each, scope, diags)]),
        };
        rewrap(result, &wrappers)
    }

    fn each(
        &mut self,
        item: Type,
        each: &Expression<'_>,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        self.splat_items.push(item);
        let ty = self.expr(each, scope, diags);
        self.splat_items.pop();
        ty
    }

    /// A template's type: a string, eventual when a part is.
    pub(super) fn template(
        &mut self,
        template: &Template<'_>,
        span: Span,
        scope: Option<&Scope<'_>>,
        diags: &mut Diagnostics,
    ) -> Type {
        let mut kind = None;
        for part in &template.parts {
            match part {
                TemplatePart::Literal(..) => {}
                TemplatePart::Interpolation(expr) => {
                    let ty = self.expr(expr, scope, diags);
                    kind = stronger(kind, self.interpolated(&ty, expr.span, span, diags));
                }
                TemplatePart::If(directive) => {
                    let k = self.condition(
                        &directive.condition,
                        directive.span,
                        scope,
                        diags,
                        ConditionOf::Conditional,
                    );
                    kind = stronger(kind, k);
                    for branch in [&directive.then_template, &directive.else_template] {
                        let ty = self.template(branch, directive.span, scope, diags);
                        kind = stronger(kind, eventual_of(&ty));
                    }
                }
                TemplatePart::For(directive) => {
                    let l = Loop {
                        key_var: directive.key_var,
                        value_var: directive.value_var,
                        collection: &directive.collection,
                    };
                    let (inner, wrappers) = self.enter_loop(&l, directive.span, scope, diags);
                    let body = self.template(&directive.body, directive.span, Some(&inner), diags);
                    let wrapped = rewrap(body, &wrappers);
                    kind = stronger(kind, eventual_of(&wrapped));
                }
            }
        }
        lift(Type::String, kind)
    }

    /// Checks that a value of type `ty` can be written into a template;
    /// its eventual kind.
    fn interpolated(
        &self,
        ty: &Type,
        subject: Span,
        context: Span,
        diags: &mut Diagnostics,
    ) -> Option<Eventual> {
        let (plain, kind) = ty.resolve_eventuals();
        if plain.is_none() {
            diags.push(self.error_in(
                Code::InvalidTemplateValue,
                INVALID_VALUE,
                "The expression result is null. Cannot include a null value in a string \
                 template.",
                subject,
                context,
            ));
        } else if !plain.is_dynamic() && conversion_safety(&plain, &Type::String).is_none() {
            diags.push(self.error_in(
                Code::InvalidTemplateValue,
                INVALID_VALUE,
                format!(
                    "Cannot include the given value in a string template: {}.",
                    mismatch_message(&plain, &Type::String)
                ),
                subject,
                context,
            ));
        }
        kind
    }
}
