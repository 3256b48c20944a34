//! HCL, the HashiCorp Configuration Language: the native syntax parser, the
//! AST with source ranges, diagnostics, values and evaluation.

pub mod diagnostic;
pub mod span;
pub mod types;
pub mod value;

pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use span::{Pos, Range, SourceFile, Span};
pub use value::Number;
