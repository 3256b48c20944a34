//! Benchmarks of the HCL workspace, and the measuring programs beside them
//! (`examples/`): what they share.
//!
//! This package is apart from the library so that building the library,
//! its examples and its tests never compiles the benchmark harness or the
//! peer crates measured against.
//!
//! ```sh
//! cargo bench -p hcl-bench --features peers --bench parse        # hcl_core::parse against hcl-rs
//! cargo bench -p hcl-bench --features peers --bench eval         # parse and evaluate every attribute
//! cargo bench -p hcl-bench --features peers --bench deserialize  # typed decoding against hcl-rs and serde_json
//! cargo bench -p hcl-bench --features peers --bench linear       # growth of time with the size of hostile shapes
//! cargo bench -p hcl-bench --features peers --bench format       # hcl_core::format throughput
//! cargo bench -p hcl-bench --features peers --bench edit         # hcl_core::edit against hcl-edit
//! cargo bench -p hcl-bench --features peers --bench lsp          # a keystroke's diagnostics from hcl-lsp
//! cargo bench -p hcl-bench --features peers --bench small_files  # a 2 KB file, and a directory of them, against hcl-rs
//! ```

pub mod edit;
mod inputs;
pub mod lsp;
pub mod schema;

use std::path::PathBuf;

pub use inputs::{bench_input, large_input, BenchInput};

/// The workspace's root directory, beside which `../shared` lies; generated
/// inputs go to its `target/bench/`.
pub fn workspace_root() -> PathBuf {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}
