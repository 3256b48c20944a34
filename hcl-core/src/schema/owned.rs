//! [`OwnedBody`]: a body kept with the syntax trees it was read from.

use std::fmt;
use std::sync::Arc;

use super::body::{Body, NameSet, PartRef};
use super::json::JsonBody;
use super::native::{NativeBody, NativeView};
use crate::analysis::Location;
use crate::diagnostic::Diagnostics;
use crate::json::reparse_json;
use crate::parser::reparse_body;
use crate::span::{same_text, Range, Span};
use crate::syntax_tree::{Root, SyntaxTree};

/// A [`Body`] that owns the syntax trees it was read from (shared with the
/// other bodies and expressions kept from the same parse), with what
/// earlier partial steps hid from it: it outlives the parse and is read
/// again, with [`OwnedBody::body`], without parsing. Made with
/// [`Body::to_owned_body`].
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{Body, BodySchema};
///
/// let file = hcl_core::parse("name = \"web\"\nport = 80\n", "app.hcl").unwrap();
/// let schema = BodySchema::builder().attribute("name").build().unwrap();
/// let (_, rest) = Body::from_file(&file).partial_content(&schema).unwrap();
/// let kept = rest.to_owned_body().unwrap();
/// drop(rest);
/// drop(file);
/// let attrs = kept.body().just_attributes().unwrap();
/// assert_eq!(attrs.keys().collect::<Vec<_>>(), ["port"]);
/// ```
#[derive(Clone)]
pub struct OwnedBody {
    parts: Vec<OwnedPart>,
}

/// One body of one syntax of an [`OwnedBody`].
#[derive(Clone)]
struct OwnedPart {
    tree: Arc<SyntaxTree>,
    /// The native syntax's body, or the JSON value that stands for it.
    span: Span,
    /// Where the body ends (the JSON value's span for a JSON body).
    end_span: Span,
    view: View,
}

#[derive(Clone)]
enum View {
    Native(NativeView),
    /// The JSON property names hidden.
    Json(NameSet),
}

impl Body<'_> {
    /// The body as an [`OwnedBody`]: each part sharing the tree it was read
    /// from where that is kept with its source (the bodies of
    /// [`Body::from_tree`] and what processing them gives), else parsed
    /// again once from its file.
    ///
    /// # Errors
    ///
    /// The syntax errors of parsing a part again, which a body that came
    /// from a parse of the same text has none of.
    ///
    /// # Examples
    ///
    /// See [`OwnedBody`].
    pub fn to_owned_body(&self) -> Result<OwnedBody, Diagnostics> {
        let mut parts = Vec::new();
        for part in self.part_refs() {
            parts.push(match part {
                PartRef::Native(body) => {
                    let (tree, span, end_span) = body.tree();
                    let tree = match tree.filter(|t| t.native_body(span).is_some()) {
                        Some(tree) => Arc::clone(tree),
                        None => SyntaxTree::build(Arc::clone(body.file()), |file| {
                            reparse_body(file, span, end_span).map(Root::Body)
                        })?,
                    };
                    OwnedPart {
                        tree,
                        span,
                        end_span,
                        view: View::Native(body.view().clone()),
                    }
                }
                PartRef::Json(body) => {
                    let (tree, span) = body.tree();
                    let tree = match tree.filter(|t| t.json_value(span).is_some()) {
                        Some(tree) => Arc::clone(tree),
                        None => SyntaxTree::build(Arc::clone(body.file()), |file| {
                            reparse_json(file, span).map(|value| Root::Json(value.tree))
                        })?,
                    };
                    OwnedPart {
                        tree,
                        span,
                        end_span: span,
                        view: View::Json(body.view().clone()),
                    }
                }
            });
        }
        Ok(OwnedBody { parts })
    }
}

impl OwnedBody {
    /// The body, read from its trees, for schema processing, static
    /// analysis or decoding.
    ///
    /// # Examples
    ///
    /// See [`OwnedBody`].
    pub fn body(&self) -> Body<'_> {
        let mut bodies = self.parts.iter().filter_map(OwnedPart::body);
        match self.parts.len() {
            1 => bodies.next().unwrap_or_else(Body::empty),
            _ => Body::merge(bodies),
        }
    }

    /// The source ranges of the body's parts (one, unless it was merged
    /// from several).
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
    /// let kept = hcl_core::Body::from_file(&file).to_owned_body().unwrap();
    /// assert_eq!(kept.ranges()[0].to_string(), "f.hcl:1,1-2,1");
    /// ```
    pub fn ranges(&self) -> Vec<Range> {
        self.parts
            .iter()
            .map(|p| Location::new(p.tree.source(), p.span.to(p.end_span)).range())
            .collect()
    }
}

impl OwnedPart {
    /// The body the part stands for: always found, since the part was
    /// made from it.
    fn body(&self) -> Option<Body<'_>> {
        match &self.view {
            View::Native(view) => {
                let body = self.tree.native_body(self.span)?;
                Some(Body::of_native(NativeBody::of_view(body, &self.tree, view)))
            }
            View::Json(hidden) => {
                let value = self.tree.json_value(self.span)?;
                Some(Body::of_json(JsonBody::of_view(value, &self.tree, hidden)))
            }
        }
    }
}

impl PartialEq for OwnedBody {
    /// Equal when each part is the same text at the same place of a file
    /// of the same name, with the same names hidden.
    fn eq(&self, other: &Self) -> bool {
        self.parts.len() == other.parts.len()
            && self.parts.iter().zip(&other.parts).all(|(a, b)| {
                same_text(
                    a.tree.source(),
                    a.span.to(a.end_span),
                    b.tree.source(),
                    b.span.to(b.end_span),
                ) && a.span.len() == b.span.len()
                    && match (&a.view, &b.view) {
                        (View::Native(x), View::Native(y)) => {
                            x.same(a.tree.source(), y, b.tree.source())
                        }
                        (View::Json(x), View::Json(y)) => x == y,
                        _ => false,
                    }
            })
    }
}

impl fmt::Debug for OwnedBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranges: Vec<String> = self.ranges().iter().map(Range::to_string).collect();
        f.debug_struct("OwnedBody")
            .field("ranges", &ranges)
            .finish()
    }
}
