//! `from_dir` decodes the configuration files of a directory as one
//! document: what it gives must be what the files parsed one by one,
//! merged in the order of their names and decoded with `from_body`, give;
//! and every file's diagnostics are reported, file after file.
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "the test helpers report failures by panicking"
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hcl_core::{Body, Code, Diagnostics, EvalContext};
use hcl_serde::Decoder;
use serde::Deserialize;

/// A directory of its own with the files given, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str, files: &[(&str, &str)]) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("hcl-serde-from-dir-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let dir = TempDir(dir);
        for (name, text) in files {
            dir.write(name, text.as_bytes());
        }
        dir
    }

    fn write(&self, name: &str, bytes: &[u8]) {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, bytes).unwrap();
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[hcl_serde::hcl]
#[derive(Deserialize, Debug, PartialEq)]
struct Service {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Module {
    region: String,
    #[serde(default)]
    service: Vec<Service>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
}

fn service(name: &str, port: u16) -> Service {
    Service {
        name: name.into(),
        port,
    }
}

/// The file names of the diagnostics' subjects, and their codes.
fn files_and_codes(diags: &Diagnostics) -> Vec<(String, Code)> {
    diags
        .iter()
        .map(|d| {
            let file = d.subject.as_ref().map_or(String::new(), |s| {
                let name = Path::new(&*s.filename).file_name().unwrap();
                name.to_string_lossy().into_owned()
            });
            (file, d.code)
        })
        .collect()
}

#[test]
fn the_files_of_a_directory_decode_as_one_document() {
    let dir = TempDir::new(
        "merged",
        &[
            ("services.hcl", "service \"web\" {\n  port = 80\n}\n"),
            ("main.tf", "region = \"eu\"\ntags = { team = \"ops\" }\n"),
            ("more.hcl", "service \"db\" {\n  port = 5432\n}\n"),
            // Neither read: not a configuration file, and a directory below.
            ("README.md", "region = 1\n"),
            ("nested/extra.hcl", "region = \"us\"\n"),
        ],
    );
    let module: Module = hcl_serde::from_dir(&dir.0).unwrap();
    assert_eq!(
        module,
        Module {
            region: "eu".into(),
            // main.tf, more.hcl, services.hcl.
            service: vec![service("db", 5432), service("web", 80)],
            tags: BTreeMap::from([("team".into(), "ops".into())]),
        }
    );
}

#[test]
fn a_directory_decodes_as_its_files_merged_in_name_order() {
    let files = [
        ("b.hcl", "service \"b\" {\n  port = 2\n}\n"),
        ("a.hcl", "region = \"eu\"\nservice \"a\" {\n  port = 1\n}\n"),
        ("c.hcl", "service \"c\" {\n  port = 3\n}\n"),
    ];
    let dir = TempDir::new("order", &files);
    let decoded: Module = hcl_serde::from_dir(&dir.0).unwrap();
    let names: Vec<_> = decoded.service.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);

    let mut sorted = files;
    sorted.sort();
    let parsed: Vec<_> = sorted
        .iter()
        .map(|(name, text)| {
            let path = dir.0.join(name).display().to_string();
            hcl_core::parse(text, &path).unwrap()
        })
        .collect();
    let by_body: Module =
        hcl_serde::from_body(&Body::merge_files(&parsed), &EvalContext::new()).unwrap();
    assert_eq!(decoded, by_body);
    for _ in 0..10 {
        assert_eq!(hcl_serde::from_dir::<Module>(&dir.0).unwrap(), decoded);
    }
}

#[test]
fn decoding_errors_of_every_file_are_reported_in_file_order() {
    let dir = TempDir::new(
        "decode-errors",
        &[
            // Its argument is met first, at the top level, before the
            // blocks are read.
            (
                "z.hcl",
                "service \"z\" {\n  port = \"eighty\"\n}\nextra = 1\n",
            ),
            ("m.hcl", "region = \"eu\"\n"),
            ("a.hcl", "service \"a\" {\n  port = 70000\n}\n"),
        ],
    );
    let err = hcl_serde::from_dir::<Module>(&dir.0).unwrap_err();
    assert_eq!(
        files_and_codes(err.diagnostics()),
        [
            ("a.hcl".into(), Code::InvalidValue),
            ("z.hcl".into(), Code::IncorrectValueType),
            ("z.hcl".into(), Code::UnsupportedArgument),
        ]
    );
    let subject = err.range().unwrap();
    assert_eq!(
        &*subject.filename,
        dir.0.join("a.hcl").display().to_string()
    );
    assert_eq!((subject.start.line, subject.start.column), (2, 10));
}

#[test]
fn syntax_errors_of_every_file_are_reported_in_file_order() {
    let dir = TempDir::new(
        "syntax-errors",
        &[
            ("b.hcl", "service \"b\" {\n  port = \n}\n"),
            ("a.hcl", "region = \"eu\"\n"),
            ("c.hcl", "region = (\n"),
        ],
    );
    dir.write("d.hcl", b"tags = { a = \"\xff\" }\n");
    let err = hcl_serde::from_dir::<Module>(&dir.0).unwrap_err();
    let found = files_and_codes(err.diagnostics());
    let files: Vec<_> = found.iter().map(|(f, _)| f.as_str()).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    sorted.dedup();
    assert_eq!(sorted, ["b.hcl", "c.hcl", "d.hcl"]);
    assert_eq!(found.last().unwrap().1, Code::InvalidUtf8);
}

#[test]
fn an_argument_set_in_two_files_is_a_duplicate() {
    let dir = TempDir::new(
        "duplicate",
        &[
            ("a.hcl", "region = \"eu\"\n"),
            ("b.hcl", "region = \"us\"\n"),
        ],
    );
    let err = hcl_serde::from_dir::<Module>(&dir.0).unwrap_err();
    assert_eq!(
        files_and_codes(err.diagnostics()),
        [("b.hcl".into(), Code::DuplicateArgument)]
    );
}

#[test]
fn an_empty_directory_is_an_empty_document() {
    let dir = TempDir::new("empty", &[("notes.txt", "region = 1\n")]);
    let map: BTreeMap<String, u8> = hcl_serde::from_dir(&dir.0).unwrap();
    assert!(map.is_empty());
    let err = hcl_serde::from_dir::<Module>(&dir.0).unwrap_err();
    let codes: Vec<_> = err.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::MissingRequiredArgument]);
}

#[test]
fn a_directory_that_cannot_be_read_is_a_read_failure() {
    let dir = TempDir::new("missing", &[("a.hcl", "region = \"eu\"\n")]);
    for path in [dir.0.join("absent"), dir.0.join("a.hcl")] {
        let err = hcl_serde::from_dir::<Module>(&path).unwrap_err();
        let codes: Vec<_> = err.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::ReadFailed]);
    }
}

#[cfg(unix)]
#[test]
fn a_file_that_cannot_be_read_is_a_read_failure_among_the_others() {
    let dir = TempDir::new(
        "unreadable",
        &[("a.hcl", "region = (\n"), ("c.hcl", "region = \"eu\"\n")],
    );
    std::os::unix::fs::symlink(dir.0.join("absent.txt"), dir.0.join("b.hcl")).unwrap();
    let err = hcl_serde::from_dir::<Module>(&dir.0).unwrap_err();
    let found = files_and_codes(err.diagnostics());
    let (last, before) = found.split_last().unwrap();
    assert_eq!(last, &(String::new(), Code::ReadFailed));
    assert!(!before.is_empty());
    assert!(before.iter().all(|(file, _)| file == "a.hcl"), "{found:?}");
}

#[test]
fn a_directory_of_the_json_syntax_decodes() {
    let dir = TempDir::new(
        "json",
        &[
            (
                "main.tf.json",
                r#"{"region": "eu", "tags": {"team": "ops"}}"#,
            ),
            ("services.tf.json", r#"{"service": {"web": {"port": 80}}}"#),
            ("other.json", r#"{"region": "us"}"#),
        ],
    );
    let module: Module = hcl_serde::from_dir(&dir.0).unwrap();
    assert_eq!(module.region, "eu");
    assert_eq!(module.service, [service("web", 80)]);
}

#[test]
fn the_decoder_settings_apply_to_the_whole_directory() {
    let dir = TempDir::new(
        "settings",
        &[
            ("a.hcl", "region = \"${var.region}\"\n"),
            ("b.hcl", "colour = \"blue\"\n"),
        ],
    );
    let decoded = Decoder::new()
        .lenient(true)
        .unresolved_as_source(true)
        .from_dir::<Module>(&dir.0)
        .unwrap();
    assert_eq!(decoded.value.region, "${var.region}");
    let warnings = files_and_codes(&decoded.warnings);
    assert!(warnings.contains(&("b.hcl".into(), Code::UnsupportedArgument)));
}
