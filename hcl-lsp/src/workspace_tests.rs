//! Go-to-definition and references across the configuration files of a
//! directory: open documents as the editor has them, the other files as on
//! disk, in either syntax.

use crate::refs_tests::{pos, range, schema, Session};
use serde_json::{json, Value};
use std::path::PathBuf;

/// On disk; open with `VARIABLES_OPEN`, unsaved.
const VARIABLES_DISK: &str = "variable \"region\" {}\nvariable \"old\" {}\n";
const VARIABLES_OPEN: &str = "# é😀\nvariable \"region\" {}\nvariable \"zöne\" {}\n";
/// On disk and open alike.
const MAIN: &str = "\
service \"a\" {
  rule { note = \"${var.region}-${var.zöne}\" }
}
x = var.old
y = var.port
z = var.lost
";
/// On disk only, of the JSON syntax, its name with a space.
const EXTRA: &str = r#"{"variable": {"port": {}}, "w": "😀${var.region}"}"#;
/// Not a configuration file, a file that does not parse, one below.
const IGNORED: [(&str, &str); 3] = [
    (
        "package.json",
        r#"{"variable": {"lost": {}}, "w": "${var.region}"}"#,
    ),
    ("broken.tf", "variable \"lost\" {}\nw = var.region +\n"),
    ("sub/inner.hcl", "variable \"lost\" {}\nw = var.region\n"),
];

/// A directory of its own for a test, removed after it.
struct Dir(PathBuf);

impl Dir {
    fn new(test: &str) -> Dir {
        let name = format!("hcl-lsp-{}-{test}", std::process::id());
        let dir = Dir(std::env::temp_dir().join(name));
        let _ = std::fs::remove_dir_all(&dir.0);
        let files = [
            ("variables.tf", VARIABLES_DISK),
            ("main.hcl", MAIN),
            ("extra vars.hcl.json", EXTRA),
        ];
        for (name, text) in files.into_iter().chain(IGNORED) {
            dir.write(name, text);
        }
        dir
    }

    fn write(&self, name: &str, text: &str) {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The URI of the file `name` (a space in it encoded).
    fn uri(&self, name: &str) -> String {
        let dir = self.0.to_string_lossy().replace('\\', "/");
        let dir = dir.trim_start_matches('/');
        format!("file:///{dir}/{}", name.replace(' ', "%20"))
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A session with `variables.tf` (unsaved changes) and `main.hcl` open.
fn session(dir: &Dir) -> Session {
    let (session, _) = Session::start(Some(schema()));
    session.open(&dir.uri("variables.tf"), VARIABLES_OPEN);
    session.open(&dir.uri("main.hcl"), MAIN);
    session
}

/// A location: the file's URI and the range of `needle`'s `nth`
/// occurrence in `text`.
fn location(dir: &Dir, name: &str, text: &str, needle: &str) -> Value {
    json!({"uri": dir.uri(name), "range": range(text, needle, 0)})
}

/// The definition of the reference `needle` in `main.hcl`.
fn definition(session: &mut Session, dir: &Dir, needle: &str) -> Value {
    let at = pos(MAIN, needle, 0, 4);
    session.at_in(&dir.uri("main.hcl"), "textDocument/definition", at, false)
}

#[test]
fn a_reference_goes_to_the_label_in_another_file() {
    let dir = Dir::new("definition");
    let mut session = session(&dir);
    // The open document's text, not the file on disk.
    let region = location(&dir, "variables.tf", VARIABLES_OPEN, "\"region\"");
    assert_eq!(definition(&mut session, &dir, "var.region"), region);
    let zone = location(&dir, "variables.tf", VARIABLES_OPEN, "\"zöne\"");
    assert_eq!(definition(&mut session, &dir, "var.zöne"), zone);
    assert_eq!(definition(&mut session, &dir, "var.old"), Value::Null);
    // A file not open, of the JSON syntax.
    let port = location(&dir, "extra vars.hcl.json", EXTRA, "\"port\"");
    assert_eq!(definition(&mut session, &dir, "var.port"), port);
    // Neither a file that does not parse, nor one that is no configuration
    // file, nor one below the directory defines names.
    assert_eq!(definition(&mut session, &dir, "var.lost"), Value::Null);
}

#[test]
fn references_in_every_file_of_the_directory() {
    let dir = Dir::new("references");
    let mut session = session(&dir);
    let uses = vec![
        location(&dir, "extra vars.hcl.json", EXTRA, "var.region"),
        location(&dir, "main.hcl", MAIN, "var.region"),
    ];
    let mut with_declaration = vec![location(&dir, "variables.tf", VARIABLES_OPEN, "\"region\"")];
    with_declaration.extend(uses.clone());
    let method = "textDocument/references";
    let label = pos(VARIABLES_OPEN, "\"region\"", 0, 1);
    let variables = dir.uri("variables.tf");
    assert_eq!(session.at_in(&variables, method, label, false), json!(uses));
    let found = session.at_in(&variables, method, label, true);
    assert_eq!(found, json!(with_declaration));
    let main = dir.uri("main.hcl");
    let found = session.at_in(&main, method, pos(MAIN, "var.region", 0, 2), true);
    assert_eq!(found, json!(with_declaration));
}

#[test]
fn closed_and_changed_files_are_read_from_disk() {
    let dir = Dir::new("disk");
    let mut session = session(&dir);
    session.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": dir.uri("variables.tf")}}),
    );
    let old = location(&dir, "variables.tf", VARIABLES_DISK, "\"old\"");
    assert_eq!(definition(&mut session, &dir, "var.old"), old);
    assert_eq!(definition(&mut session, &dir, "var.zöne"), Value::Null);
    // Files changed, added and removed on disk since they were read.
    dir.write("extra vars.hcl.json", r#"{"w": "${var.region}"}"#);
    assert_eq!(definition(&mut session, &dir, "var.port"), Value::Null);
    let more = "# more\nvariable \"port\" {}\n";
    dir.write("more.tf", more);
    let port = location(&dir, "more.tf", more, "\"port\"");
    assert_eq!(definition(&mut session, &dir, "var.port"), port);
    std::fs::remove_file(dir.0.join("more.tf")).unwrap();
    assert_eq!(definition(&mut session, &dir, "var.port"), Value::Null);
    // An open document that does not parse hides its file on disk.
    session.open(&dir.uri("variables.tf"), "variable \"region\" {\n");
    assert_eq!(definition(&mut session, &dir, "var.region"), Value::Null);
}

#[test]
fn an_untitled_document_is_its_own_scope() {
    let dir = Dir::new("untitled");
    let (mut session, _) = Session::start(Some(schema()));
    session.open(&dir.uri("variables.tf"), VARIABLES_OPEN);
    let uri = "untitled:Untitled-1";
    let text = "variable \"own\" {}\nx = var.own\ny = var.region\n";
    session.open(uri, text);
    let method = "textDocument/definition";
    let found = session.at_in(uri, method, pos(text, "var.own", 0, 4), false);
    assert_eq!(
        found,
        json!({"uri": uri, "range": range(text, "\"own\"", 0)})
    );
    let found = session.at_in(uri, method, pos(text, "var.region", 0, 4), false);
    assert_eq!(found, Value::Null);
    // Nor do the directory's files see its names.
    let text = "x = var.own\n";
    session.open(&dir.uri("other.tf"), text);
    let found = session.at_in(&dir.uri("other.tf"), method, (0, 8), false);
    assert_eq!(found, Value::Null);
}
