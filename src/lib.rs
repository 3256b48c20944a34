//! Integration tests, examples and benchmarks of the HCL workspace.
