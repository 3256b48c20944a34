//! A body checked against a schema of typed attributes.

use super::TypeContext;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::schema::{Body, BodySchema};
use crate::types::Type;

/// One attribute of a [`TypedSchema`].
///
/// # Examples
///
/// ```
/// use hcl_core::check::TypedSchema;
/// use hcl_core::types::Type;
/// let schema = TypedSchema::default().optional("tags", Type::map(Type::String));
/// let attr = &schema.attributes()[0];
/// assert_eq!((attr.name.as_str(), attr.required), ("tags", false));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedAttribute {
    /// The attribute's name.
    pub name: String,
    /// The type its value must convert to.
    pub ty: Type,
    /// Whether the body must define it.
    pub required: bool,
}

/// The attributes a body may (or must) define, each with the type its
/// value must have: what [`TypeContext::check_body`] checks a body against.
/// Declaring a name again replaces the earlier declaration.
///
/// # Examples
///
/// ```
/// use hcl_core::check::TypedSchema;
/// use hcl_core::typeexpr::{parse_type, TypeExprOptions};
///
/// let (ty, _) = parse_type("union(string, output(string))", &TypeExprOptions::extended()).unwrap();
/// let schema = TypedSchema::default().required("target", ty).optional("ttl", hcl_core::Type::Int);
/// assert_eq!(schema.attributes().len(), 2);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypedSchema {
    attributes: Vec<TypedAttribute>,
}

impl TypedSchema {
    /// Declares an attribute the body must define.
    pub fn required(self, name: &str, ty: Type) -> Self {
        self.with(name, ty, true)
    }

    /// Declares an attribute the body may define.
    pub fn optional(self, name: &str, ty: Type) -> Self {
        self.with(name, ty, false)
    }

    fn with(mut self, name: &str, ty: Type, required: bool) -> Self {
        self.attributes.retain(|a| a.name != name);
        self.attributes.push(TypedAttribute {
            name: name.to_owned(),
            ty,
            required,
        });
        self
    }

    /// The attributes, in the order declared.
    pub fn attributes(&self) -> &[TypedAttribute] {
        &self.attributes
    }

    /// The declared type of attribute `name`.
    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.attributes
            .iter()
            .find(|a| a.name == name)
            .map(|a| &a.ty)
    }

    fn body_schema(&self) -> Result<BodySchema, Diagnostics> {
        let mut builder = BodySchema::builder();
        for attr in &self.attributes {
            builder = if attr.required {
                builder.required_attribute(attr.name.clone())
            } else {
                builder.attribute(attr.name.clone())
            };
        }
        builder.build().map_err(|e| {
            Diagnostic::error(Code::InvalidSchema, "Invalid schema", format!("{e}.")).into()
        })
    }
}

impl TypeContext {
    /// Checks a body against `schema`: the body's own problems (an argument
    /// the schema does not declare, a required one missing, blocks, with
    /// the wording of [`Body::content`]), every problem in the attributes'
    /// expressions, and for each attribute whose value's type does not
    /// convert to the declared type, an "Incorrect attribute value type"
    /// error over the value saying what is missing (see
    /// [`TypeContext::check_assignment`] and [`UnsafeConversions`](super::UnsafeConversions)).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::check::{TypeContext, TypedSchema};
    /// use hcl_core::types::Type;
    /// use hcl_core::Body;
    ///
    /// let mut ctx = TypeContext::default();
    /// ctx.set_variable("ids", Type::list(Type::output(Type::String)));
    /// let file = hcl_core::parse("count = length(ids)\nfirst = ids[0]\n", "f.hcl").unwrap();
    /// let schema = TypedSchema::default()
    ///     .required("count", Type::Int)
    ///     .required("first", Type::output(Type::String));
    /// let diags = ctx.check_body(&Body::from_file(&file), &schema);
    /// assert!(diags.is_empty(), "{diags}");
    /// ```
    pub fn check_body(&self, body: &Body<'_>, schema: &TypedSchema) -> Diagnostics {
        let body_schema = match schema.body_schema() {
            Ok(s) => s,
            Err(diags) => return diags,
        };
        let (content, mut diags) = body.content_with_diagnostics(&body_schema);
        let mut attributes: Vec<_> = content.attributes.iter().collect();
        attributes.sort_by_key(|a| (a.file.name().to_owned(), a.span.start));
        for attr in attributes {
            let Some(want) = schema.attribute_type(attr.name) else {
                continue;
            };
            let (got, expr_diags) = if attr.expr.is_json() {
                let mut found = Diagnostics::default();
                (super::json::type_of(&attr.expr, &mut found), found)
            } else {
                self.type_of(attr.expr.expr, attr.expr.file)
            };
            let failed = expr_diags.has_errors();
            diags.extend(expr_diags);
            if failed {
                continue;
            }
            if let Some(diag) = self.assignability(&got, want, Some(attr.name)) {
                diags.push(
                    diag.with_subject(attr.file, attr.expr.span())
                        .with_context(attr.file, attr.span),
                );
            }
        }
        diags
    }
}
