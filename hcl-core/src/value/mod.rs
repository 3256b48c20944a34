//! Values of the HCL information model.

mod number;

pub use number::Number;
