//! Types of the HCL information model.
