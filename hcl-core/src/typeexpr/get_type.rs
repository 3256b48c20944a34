//! Reading a type from the static structure of an expression: keywords,
//! calls, and the static list and map of `tuple([...])` and
//! `object({...})`.

use std::collections::BTreeMap;

use super::defaults::Defaults;
use super::TypeExprOptions;
use crate::analysis::{ExprRef, StaticCall};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::span::Span;
use crate::types::{convert, Type};
use crate::value::{go_quote, Value};

const INVALID_TYPE: &str = "Invalid type specification";

/// A type read so far, with the defaults found in it.
type Read = (Type, Option<Defaults>);

/// Reads one type expression, collecting diagnostics.
pub(super) struct Reader<'o> {
    pub(super) options: &'o TypeExprOptions,
    pub(super) diags: Diagnostics,
}

/// An error about `subject`, optionally within `context`.
fn invalid(subject: &ExprRef<'_>, span: Span, detail: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Code::InvalidTypeSpecification, INVALID_TYPE, detail)
        .with_subject(subject.file, span)
}

impl Reader<'_> {
    fn fail(&mut self, diag: Diagnostic) -> Read {
        self.diags.push(diag);
        (Type::Dynamic, None)
    }

    pub(super) fn read(&mut self, expr: ExprRef<'_>, depth: usize) -> Read {
        if depth > self.options.max_depth {
            let max = self.options.max_depth;
            return self.fail(invalid(
                &expr,
                expr.span(),
                format!(
                    "This type specification is nested more than {max} levels deep, the limit \
                     (TypeExprOptions::max_depth) for nested type constructors."
                ),
            ));
        }
        if let Some(keyword) = expr.as_keyword() {
            return self.keyword(expr, keyword);
        }
        let Ok(call) = expr.as_static_call() else {
            return self.fail(invalid(
                &expr,
                expr.span(),
                "A type specification is either a primitive type keyword (bool, number, string) \
                 or a complex type constructor call, like list(string).",
            ));
        };
        self.call(expr, &call, depth)
    }

    fn keyword(&mut self, expr: ExprRef<'_>, keyword: &str) -> Read {
        let extended = self.options.extended;
        let detail = match keyword {
            "bool" => return (Type::Bool, None),
            "string" => return (Type::String, None),
            "number" => return (Type::Number, None),
            "int" if extended => return (Type::Int, None),
            "none" if extended => return (Type::None, None),
            "any" if self.options.constraint => return (Type::Dynamic, None),
            "any" => format!(
                "The keyword {} cannot be used in this type specification: an exact type is \
                 required.",
                go_quote(keyword)
            ),
            "list" | "map" | "set" => collection_arity(keyword),
            "promise" | "output" if extended => collection_arity(keyword),
            "object" => OBJECT_ARITY.to_owned(),
            "tuple" => TUPLE_ARITY.to_owned(),
            "union" if extended => UNION_ARITY.to_owned(),
            _ => format!(
                "The keyword {} is not a valid type specification.",
                go_quote(keyword)
            ),
        };
        self.fail(invalid(&expr, expr.span(), detail))
    }

    fn call(&mut self, expr: ExprRef<'_>, call: &StaticCall<'_>, depth: usize) -> Read {
        let extended = self.options.extended;
        let name = call.name;
        let args_span = call.args_span;
        match name {
            "bool" | "string" | "number" => {
                return self.fail(invalid(
                    &expr,
                    args_span,
                    format!(
                        "Primitive type keyword {} does not expect arguments.",
                        go_quote(name)
                    ),
                ))
            }
            "int" if extended => {
                return self.fail(invalid(
                    &expr,
                    args_span,
                    format!(
                        "Primitive type keyword {} does not expect arguments.",
                        go_quote(name)
                    ),
                ))
            }
            "none" if extended => {
                return self.fail(invalid(
                    &expr,
                    args_span,
                    format!("Type keyword {} does not expect arguments.", go_quote(name)),
                ))
            }
            "any" => {
                return self.fail(invalid(
                    &expr,
                    args_span,
                    format!(
                        "Type constraint keyword {} does not expect arguments.",
                        go_quote(name)
                    ),
                ))
            }
            _ => {}
        }
        let one_argument = matches!(name, "list" | "set" | "map" | "object" | "tuple")
            || (extended && matches!(name, "promise" | "output"));
        if one_argument && call.arguments.len() != 1 {
            let subject = match (call.arguments.get(1), call.arguments.last()) {
                (Some(second), Some(last)) => second.span().to(last.span()),
                _ => args_span,
            };
            let detail = match name {
                "object" => OBJECT_ARITY.to_owned(),
                "tuple" => TUPLE_ARITY.to_owned(),
                _ => collection_arity(name),
            };
            return self.fail(invalid(&expr, subject, detail).with_context(expr.file, args_span));
        }
        let first = call.arguments.first().copied();
        match (name, first) {
            ("list", Some(arg)) => self.collection(Type::list, arg, depth),
            ("set", Some(arg)) => self.collection(Type::set, arg, depth),
            ("map", Some(arg)) => self.collection(Type::map, arg, depth),
            ("object", Some(arg)) => self.object(expr, arg, depth),
            ("tuple", Some(arg)) => self.tuple(expr, arg, depth),
            // A value of an eventual type is its element's value, so the
            // element's defaults apply to it.
            ("promise", Some(arg)) if extended => {
                let (ety, defaults) = self.read(arg, depth + 1);
                (Type::promise(ety), defaults)
            }
            ("output", Some(arg)) if extended => {
                let (ety, defaults) = self.read(arg, depth + 1);
                (Type::output(ety), defaults)
            }
            ("union", _) if extended => {
                if call.arguments.is_empty() {
                    return self.fail(
                        invalid(&expr, args_span, UNION_ARITY).with_context(expr.file, args_span),
                    );
                }
                // Defaults inside members are not kept: which member a value
                // will take is not known when they are applied.
                let members: Vec<Type> = call
                    .arguments
                    .iter()
                    .map(|arg| self.read(*arg, depth + 1).0)
                    .collect();
                (Type::union(members), None)
            }
            ("optional", _) => self.fail(invalid(
                &expr,
                call.name_span,
                format!(
                    "Keyword {} is valid only as a modifier for object type attributes.",
                    go_quote(name)
                ),
            )),
            _ => self.fail(invalid(
                &expr,
                expr.span(),
                format!(
                    "Keyword {} is not a valid type constructor.",
                    go_quote(name)
                ),
            )),
        }
    }

    fn collection(&mut self, make: fn(Type) -> Type, arg: ExprRef<'_>, depth: usize) -> Read {
        let (ety, defaults) = self.read(arg, depth + 1);
        let ty = make(ety);
        let defaults = defaults.map(|d| Defaults::for_collection(ty.clone(), d));
        (ty, defaults)
    }

    fn tuple(&mut self, expr: ExprRef<'_>, arg: ExprRef<'_>, depth: usize) -> Read {
        let Ok(items) = arg.as_static_list() else {
            return self.fail(
                invalid(
                    &arg,
                    arg.span(),
                    "Tuple type constructor requires a list of element types.",
                )
                .with_context(expr.file, expr.span()),
            );
        };
        let mut etys = Vec::with_capacity(items.len());
        let mut children = BTreeMap::new();
        for (i, item) in items.into_iter().enumerate() {
            let (ety, defaults) = self.read(item, depth + 1);
            etys.push(ety);
            if let Some(d) = defaults {
                children.insert(i.to_string(), d);
            }
        }
        let ty = Type::tuple(etys);
        let defaults = Defaults::for_structure(ty.clone(), BTreeMap::new(), children);
        (ty, defaults)
    }

    fn object(&mut self, expr: ExprRef<'_>, arg: ExprRef<'_>, depth: usize) -> Read {
        let Ok(pairs) = arg.as_static_map() else {
            return self.fail(
                invalid(
                    &arg,
                    arg.span(),
                    "Object type constructor requires a map whose keys are attribute names and \
                     whose values are the corresponding attribute types.",
                )
                .with_context(expr.file, expr.span()),
            );
        };
        let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
        let mut values: BTreeMap<String, Value> = BTreeMap::new();
        let mut children: BTreeMap<String, Defaults> = BTreeMap::new();
        for pair in pairs {
            let Some(name) = pair.key.as_keyword() else {
                self.diags.push(
                    invalid(
                        &pair.key,
                        pair.key.span(),
                        "Object constructor map keys must be attribute names.",
                    )
                    .with_context(expr.file, expr.span()),
                );
                continue;
            };
            let Some(modifier) = self.optional_modifier(pair.value) else {
                continue;
            };
            let (aty, defaults) = self.read(modifier.ty, depth + 1);
            let mut default = None;
            if let Some((value, at)) = modifier.default {
                match convert(&value, &aty) {
                    Ok(converted) => default = Some(converted),
                    Err(err) => self.diags.push(
                        Diagnostic::error(
                            Code::InvalidOptionalDefault,
                            "Invalid default value for optional attribute",
                            format!(
                                "This default value is not compatible with the attribute's type \
                                 constraint: {err}."
                            ),
                        )
                        .with_subject(at.file, at.span()),
                    ),
                }
            }
            let name = crate::value::normalize_string(name).into_owned();
            values.remove(&name);
            children.remove(&name);
            if let Some(d) = default {
                values.insert(name.clone(), d);
            }
            if let Some(d) = defaults {
                children.insert(name.clone(), d);
            }
            let aty = if modifier.optional {
                Type::optional(aty)
            } else {
                aty
            };
            attrs.insert(name, aty);
        }
        let ty = Type::Object(std::sync::Arc::new(attrs));
        let defaults = Defaults::for_structure(ty.clone(), values, children);
        (ty, defaults)
    }

    /// Unwraps `optional(T)` and `optional(T, default)` around an attribute
    /// type; `None` when the attribute is to be left out.
    fn optional_modifier<'a>(&mut self, aty: ExprRef<'a>) -> Option<Modifier<'a>> {
        let plain = Modifier {
            ty: aty,
            optional: false,
            default: None,
        };
        let Ok(call) = aty.as_static_call() else {
            return Some(plain);
        };
        if call.name != "optional" {
            return Some(plain);
        }
        let args_span = call.args_span;
        let Some(&inner) = call.arguments.first() else {
            self.diags.push(
                invalid(
                    &aty,
                    args_span,
                    "Optional attribute modifier requires the attribute type as its argument.",
                )
                .with_context(aty.file, aty.span()),
            );
            return None;
        };
        let mut modifier = Modifier {
            ty: inner,
            optional: false,
            default: None,
        };
        let too_many =
            |detail: &str| invalid(&aty, args_span, detail).with_context(aty.file, aty.span());
        if !self.options.constraint {
            self.diags.push(
                invalid(
                    &aty,
                    call.name_span,
                    "Optional attribute modifier is only for type constraints, not for exact \
                     types.",
                )
                .with_context(aty.file, aty.span()),
            );
            return Some(modifier);
        }
        match (self.options.defaults, call.arguments.as_slice()) {
            (_, [_]) => modifier.optional = true,
            (true, [_, default]) => {
                // The default is a value written in place: no variables or
                // functions.
                let (value, diags) = EvalContext::literal_only()
                    .evaluate_with_diagnostics(default.expr, default.file);
                let failed = diags.has_errors();
                self.diags.extend(diags);
                if !failed {
                    modifier.optional = true;
                    modifier.default = Some((value, *default));
                }
            }
            (true, _) => self.diags.push(too_many(
                "Optional attribute modifier expects at most two arguments: the attribute type, \
                 and a default value.",
            )),
            (false, _) => self.diags.push(too_many(
                "Optional attribute modifier expects only one argument: the attribute type.",
            )),
        }
        Some(modifier)
    }
}

/// An attribute type with its `optional(...)` modifier taken off.
struct Modifier<'a> {
    ty: ExprRef<'a>,
    optional: bool,
    default: Option<(Value, ExprRef<'a>)>,
}

const OBJECT_ARITY: &str = "The object type constructor requires one argument specifying the \
                            attribute types and values as a map.";
const TUPLE_ARITY: &str =
    "The tuple type constructor requires one argument specifying the element types as a list.";
const UNION_ARITY: &str =
    "The union type constructor requires at least one argument specifying a member type.";

fn collection_arity(name: &str) -> String {
    format!("The {name} type constructor requires one argument specifying the element type.")
}
