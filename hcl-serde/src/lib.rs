//! Deserialize HCL configuration files into Rust types with serde.
