//! Schema annotations for HCL configuration types.
