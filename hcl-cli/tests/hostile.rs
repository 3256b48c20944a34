//! The `hcl` command on every shape of hostile input
//! (`tests/support/hostile.rs` at the workspace root), as a real process:
//! `check` (plain, `--strict` and `--format json`) and `json` (also with
//! `--hcl2json`, with and without `--simplify`) end with
//! status 0 or 1, never a panic (101) or a signal, and print no control
//! character from the input; a syntax error is reported with its code.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../tests/support/hostile.rs"]
mod hostile;

use std::process::Command;

use hostile::{Expect, SHAPES};

#[test]
fn every_hostile_shape_ends_in_a_status_not_a_crash() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for shape in SHAPES {
        let path = dir.join(format!("{}.hcl", shape.name));
        std::fs::write(&path, (shape.make)(shape.test_units)).unwrap();
        let file = path.to_str().unwrap();
        for args in [
            &["check", file][..],
            &["check", "--strict", file][..],
            &["check", "--format", "json", file][..],
            &["json", file][..],
            &["json", "--hcl2json", file][..],
            &["json", "--hcl2json", "--simplify", file][..],
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
                .args(args)
                .output()
                .expect("run hcl");
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 1)),
                "{} {args:?}: status {:?}\n{}",
                shape.name,
                out.status,
                stderr.chars().take(2000).collect::<String>()
            );
            if let Expect::Syntax(want, _) = shape.expect {
                assert_eq!(code, Some(1), "{} {args:?}", shape.name);
                if args.contains(&"--format") {
                    let stdout = String::from_utf8_lossy(&out.stdout);
                    let first: serde_json::Value =
                        serde_json::from_str(stdout.lines().next().unwrap_or_default()).unwrap();
                    assert_eq!(first["code"], want.as_str(), "{} {args:?}", shape.name);
                }
            }
            assert!(
                !stderr.chars().any(|c| c.is_control() && c != '\n'),
                "{} {args:?}: control characters on stderr",
                shape.name
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
