//! [`OwnedBody`]: a body kept for later, with the tree of its text once read.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::body::{Body, NameSet, PartRef};
use super::json::JsonBody;
use super::native::{NativeBody, NativeView};
use crate::analysis::Location;
use crate::diagnostic::Diagnostics;
use crate::json::reparse_json;
use crate::parser::reparse_body;
use crate::span::{same_text, Range, SourceFile, Span};
use crate::syntax_tree::{Root, SyntaxTree};

/// A [`Body`] kept for later, with what earlier partial steps hid from
/// it: it owns its source and, once read, the syntax tree of its own text
/// (parsed then, once: each later read, and each clone made after it, uses
/// that tree). Until read it holds no tree, so keeping many costs no more
/// than their source; nor does it hold the tree of the rest of the file.
/// Made with [`Body::to_owned_body`].
///
/// # Examples
///
/// ```
/// use hcl_core::schema::{Body, BodySchema};
///
/// let file = hcl_core::parse("name = \"web\"\nport = 80\n", "app.hcl").unwrap();
/// let schema = BodySchema::builder().attribute("name").build().unwrap();
/// let (_, rest) = Body::from_file(&file).partial_content(&schema).unwrap();
/// let kept = rest.to_owned_body();
/// drop(rest);
/// drop(file);
/// let body = kept.body().unwrap();
/// let attrs = body.just_attributes().unwrap();
/// assert_eq!(attrs.keys().collect::<Vec<_>>(), ["port"]);
/// ```
#[derive(Clone)]
pub struct OwnedBody {
    parts: Vec<OwnedPart>,
}

/// One body of one syntax of an [`OwnedBody`].
#[derive(Clone)]
struct OwnedPart {
    source: Arc<SourceFile>,
    /// The native syntax's body, or the JSON value that stands for it.
    span: Span,
    /// Where the body ends (the JSON value's span for a JSON body).
    end_span: Span,
    view: View,
    /// The tree of the part's text, once read.
    tree: OnceLock<Result<Arc<SyntaxTree>, Diagnostics>>,
}

#[derive(Clone)]
enum View {
    Native(NativeView),
    /// The JSON property names hidden.
    Json(NameSet),
}

impl Body<'_> {
    /// The body as an [`OwnedBody`], to read later: its source, where it
    /// is, and the names partial steps hid from it.
    ///
    /// # Examples
    ///
    /// See [`OwnedBody`].
    pub fn to_owned_body(&self) -> OwnedBody {
        let parts = self.part_refs().into_iter().map(|part| {
            let (source, span, end_span, view) = match part {
                PartRef::Native(body) => {
                    let (span, end_span) = body.spans();
                    let view = View::Native(body.view());
                    (body.file(), span, end_span, view)
                }
                PartRef::Json(body) => {
                    let view = View::Json(body.view().clone());
                    (body.file(), body.span(), body.span(), view)
                }
            };
            OwnedPart {
                source: Arc::clone(source),
                span,
                end_span,
                view,
                tree: OnceLock::new(),
            }
        });
        OwnedBody {
            parts: parts.collect(),
        }
    }
}

impl OwnedBody {
    /// The body, for schema processing, static analysis or decoding: read
    /// from the tree of its text, which the first read parses.
    ///
    /// # Errors
    ///
    /// The syntax errors of that parse, which a body that came from a
    /// parse of the same text has none of.
    ///
    /// # Examples
    ///
    /// See [`OwnedBody`].
    pub fn body(&self) -> Result<Body<'_>, Diagnostics> {
        let mut bodies = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            bodies.push(part.body()?);
        }
        Ok(match bodies.len() {
            1 => bodies.pop().unwrap_or_else(Body::empty),
            _ => Body::merge(bodies),
        })
    }

    /// The source ranges of the body's parts (one, unless it was merged
    /// from several).
    ///
    /// # Examples
    ///
    /// ```
    /// let file = hcl_core::parse("a = 1\n", "f.hcl").unwrap();
    /// let kept = hcl_core::Body::from_file(&file).to_owned_body();
    /// assert_eq!(kept.ranges()[0].to_string(), "f.hcl:1,1-2,1");
    /// ```
    pub fn ranges(&self) -> Vec<Range> {
        self.parts
            .iter()
            .map(|p| Location::new(&p.source, p.span.to(p.end_span)).range())
            .collect()
    }

    /// Whether the part trees have been parsed: how many of them.
    #[cfg(test)]
    pub(crate) fn parsed_parts(&self) -> usize {
        self.parts.iter().filter(|p| p.tree.get().is_some()).count()
    }
}

impl OwnedPart {
    /// The tree of the part's text, parsed on the first call.
    fn tree(&self) -> Result<&Arc<SyntaxTree>, Diagnostics> {
        let tree = self.tree.get_or_init(|| {
            let (span, end_span) = (self.span, self.end_span);
            SyntaxTree::build(Arc::clone(&self.source), |file| match self.view {
                View::Native(_) => reparse_body(file, span, end_span).map(Root::Body),
                View::Json(_) => reparse_json(file, span).map(|value| Root::Json(value.tree)),
            })
        });
        tree.as_ref().map_err(Clone::clone)
    }

    fn body(&self) -> Result<Body<'_>, Diagnostics> {
        let tree = self.tree()?;
        let body = match &self.view {
            View::Native(view) => tree
                .native_body()
                .map(|body| Body::of_native(NativeBody::of_view(body, tree, view))),
            View::Json(hidden) => tree
                .json_value()
                .map(|value| Body::of_json(JsonBody::of_view(value, tree, hidden))),
        };
        Ok(body.unwrap_or_else(Body::empty))
    }
}

impl PartialEq for OwnedBody {
    /// Equal when each part is the same text at the same place of a file
    /// of the same name, with the same names hidden.
    fn eq(&self, other: &Self) -> bool {
        self.parts.len() == other.parts.len()
            && self.parts.iter().zip(&other.parts).all(|(a, b)| {
                same_text(
                    &a.source,
                    a.span.to(a.end_span),
                    &b.source,
                    b.span.to(b.end_span),
                ) && a.span.len() == b.span.len()
                    && match (&a.view, &b.view) {
                        (View::Native(x), View::Native(y)) => x.same(&a.source, y, &b.source),
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
