#![allow(clippy::unwrap_used, reason = "tests")]

use super::*;

/// A directory of its own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str, files: &[(&str, &str)]) -> TempDir {
        let dir = std::env::temp_dir().join(format!("hcl-core-dir-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn names(files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn results_keep_the_order_of_the_items() {
    let squares = on_every_core(|give| (0..1000u64).for_each(give), |n| n * n);
    assert_eq!(squares, (0..1000u64).map(|n| n * n).collect::<Vec<_>>());
    assert!(on_every_core(|_| {}, |n: &u8| *n).is_empty());
}

#[test]
fn only_configuration_files_of_the_directory_itself_are_listed() {
    let dir = TempDir::new(
        "listed",
        &[
            ("b.hcl", ""),
            ("a.tf.json", "{}"),
            ("c.json", "{}"),
            ("notes.txt", ""),
            ("vars.tfvars", ""),
            ("job.nomad", ""),
        ],
    );
    std::fs::create_dir(dir.0.join("sub.hcl")).unwrap();
    std::fs::write(dir.0.join("sub.hcl/inner.hcl"), "").unwrap();
    let files = config_files(&dir.0).unwrap();
    assert_eq!(
        names(&files),
        ["a.tf.json", "b.hcl", "job.nomad", "vars.tfvars"]
    );
}

#[cfg(unix)]
#[test]
fn links_are_followed_to_files_only() {
    let dir = TempDir::new("links", &[("real.txt", "a = 1\n")]);
    std::os::unix::fs::symlink(dir.0.join("real.txt"), dir.0.join("to-file.hcl")).unwrap();
    std::os::unix::fs::symlink(&dir.0, dir.0.join("to-dir.hcl")).unwrap();
    std::os::unix::fs::symlink(dir.0.join("absent"), dir.0.join("broken.hcl")).unwrap();
    let files = config_files(&dir.0).unwrap();
    assert_eq!(names(&files), ["broken.hcl", "to-file.hcl"]);
    let errors = parse_dir(&dir.0, &ParseOptions::default()).unwrap_err();
    let codes: Vec<_> = errors.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::ReadFailed]);
}

#[test]
fn every_failed_file_is_reported_in_name_order() {
    let dir = TempDir::new(
        "failed",
        &[
            ("c.hcl", "c = \n"),
            ("a.hcl", "a = (\n"),
            ("b.hcl", "b = 1\n"),
            ("d.hcl.json", "{\"d\": }"),
            ("e.hcl", "e = \"\u{e9}\"\n"),
        ],
    );
    std::fs::write(dir.0.join("e.hcl"), b"e = \"\xff\"\n").unwrap();
    let errors = parse_dir(&dir.0, &ParseOptions::default()).unwrap_err();
    let files: Vec<_> = errors
        .iter()
        .map(|d| {
            let name = &d.subject.as_ref().unwrap().filename;
            Path::new(&**name)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    sorted.dedup();
    assert_eq!(sorted, ["a.hcl", "c.hcl", "d.hcl.json", "e.hcl"]);
    assert_eq!(errors.iter().last().unwrap().code, Code::InvalidUtf8);
}

#[test]
fn an_empty_directory_has_no_files() {
    let dir = TempDir::new("empty", &[]);
    assert!(parse_dir(&dir.0, &ParseOptions::default())
        .unwrap()
        .is_empty());
}

#[test]
fn a_missing_directory_is_a_read_failure() {
    let dir = TempDir::new("missing", &[("a.hcl", "")]);
    for path in [dir.0.join("absent"), dir.0.join("a.hcl")] {
        let errors = parse_dir(&path, &ParseOptions::default()).unwrap_err();
        assert_eq!(
            errors.iter().map(|d| d.code).collect::<Vec<_>>(),
            [Code::ReadFailed]
        );
    }
}

#[test]
fn each_file_is_read_in_the_syntax_of_its_name() {
    let dir = TempDir::new(
        "syntax",
        &[("a.hcl", "a = 1\n"), ("b.hcl.json", "{\"b\": 2}")],
    );
    let trees = parse_dir(&dir.0, &ParseOptions::default()).unwrap();
    let json: Vec<_> = trees.iter().map(|t| t.source().is_json()).collect();
    assert_eq!(json, [false, true]);
}
