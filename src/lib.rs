//! Integration tests, examples and benchmarks of the HCL workspace.

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
