//! The `hcl` command; see `hcl --help`.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(hcl_cli::main_with_args())
}
