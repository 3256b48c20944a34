//! Extensions of the language that an application opts into, as the
//! reference's `ext` packages are: [`dynblock`], `dynamic` blocks that
//! generate blocks from a collection, and [`userfunc`], functions that a
//! configuration defines for itself in blocks.
//!
//! This is the top layer of the crate: it builds on [`schema`](crate::schema)
//! bodies, [`functions`](crate::functions) and [`eval`](crate::eval).

pub mod dynblock;
pub mod userfunc;
