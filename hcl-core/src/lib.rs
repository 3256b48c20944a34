//! HCL, the HashiCorp Configuration Language: the native syntax parser, the
//! AST with source ranges, diagnostics, values and evaluation.

pub mod analysis;
// The generated parser refers to `alloc` when pest is built without "std".
extern crate alloc;

pub mod ast;
pub mod diagnostic;
mod didyoumean;
pub mod eval;
pub mod functions;
mod limits;
mod parser;
pub mod schema;
pub mod span;
pub mod types;
pub mod value;

pub use analysis::{ExprRef, Location, Traversal};
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use didyoumean::suggest_name;
pub use eval::EvalContext;
pub use limits::Limits;
pub use parser::{parse, parse_expression, parse_template, parse_with, File, ParseOptions};
pub use schema::{Body, BodyContent, BodySchema};
pub use span::{Pos, Range, SourceFile, Span};
pub use types::Type;
pub use value::{Number, Value};
