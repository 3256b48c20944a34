//! `hcl edit`: reading and changing attributes and blocks by address, as
//! a user runs it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;
use support::{hcl_stdin, stderr, stdout, tree};

const SRC: &str = "\
# Web server.
resource \"aws_instance\" \"web\" {
  ami           = \"ami-1\" # pinned
  instance_type = \"t2.micro\"

  ebs_block_device {
    size = 8
  }
}

locals {
  a=1   # odd layout
}
";

/// Runs `hcl edit ARGS` on SRC given on standard input; the status,
/// standard output and standard error.
fn edit(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["edit"];
    all.extend_from_slice(args);
    let o = hcl_stdin(&all, SRC.as_bytes());
    (o.status.code().unwrap(), stdout(&o), stderr(&o))
}

#[test]
fn attribute_get_prints_the_expression() {
    assert_eq!(
        edit(&["attribute", "get", "resource.aws_instance.web.ami"]),
        (0, "\"ami-1\"\n".to_owned(), String::new())
    );
    assert_eq!(
        edit(&[
            "attribute",
            "get",
            "resource.aws_instance.web.ebs_block_device.size"
        ])
        .1,
        "8\n"
    );
}

#[test]
fn attribute_get_of_a_missing_address_prints_nothing() {
    for addr in [
        "resource.aws_instance.web.nope",
        "resource.aws_instance.db.ami",
        "x",
    ] {
        assert_eq!(
            edit(&["attribute", "get", addr]),
            (0, String::new(), String::new())
        );
    }
}

#[test]
fn attribute_set_keeps_the_rest_byte_for_byte() {
    let (status, out, err) = edit(&[
        "attribute",
        "set",
        "resource.aws_instance.web.ami",
        "\"ami-2\"",
    ]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, SRC.replace("\"ami-1\"", "\"ami-2\""));
    let out = edit(&["attribute", "set", "locals.a", "var.x + 1"]).1;
    assert_eq!(out, SRC.replace("a=1", "a= var.x + 1"));
}

#[test]
fn attribute_set_of_a_missing_attribute_is_an_error() {
    let (status, out, err) = edit(&["attribute", "set", "locals.b", "1"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(err, "hcl: no attribute has the address locals.b\n");
    let (status, _, err) = edit(&["attribute", "set", "module.x.y", "1"]);
    assert_eq!(status, 2, "{err}");
}

#[test]
fn an_invalid_value_is_a_diagnostic() {
    let (status, out, err) = edit(&["attribute", "set", "locals.a", "1 +"]);
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Missing expression"), "{err}");
    assert!(err.contains("1 | 1 +\n"), "{err}");
}

#[test]
fn attribute_rm_removes_it_with_its_comment() {
    let (status, out, _) = edit(&["attribute", "rm", "resource.aws_instance.web.ami"]);
    assert_eq!(status, 0);
    assert!(!out.contains("ami"), "{out}");
    assert!(
        out.contains("# Web server.\n") && out.contains("a=1   # odd layout\n"),
        "{out}"
    );
    // A missing attribute is no change.
    assert_eq!(
        edit(&["attribute", "rm", "locals.nope"]),
        (0, SRC.to_owned(), String::new())
    );
}

#[test]
fn attribute_mv_renames_where_it_stands() {
    let (status, out, _) = edit(&["attribute", "mv", "locals.a", "locals.b"]);
    assert_eq!((status, out), (0, SRC.replace("a=1", "b=1")));
    let (status, _, err) = edit(&["attribute", "mv", "locals.a", "other.b"]);
    assert_eq!(status, 2);
    assert!(err.contains("within one body"), "{err}");
    assert_eq!(edit(&["attribute", "mv", "locals.x", "locals.y"]).0, 2);
}

#[test]
fn attribute_append_adds_at_the_end_of_the_body() {
    let (status, out, _) = edit(&["attribute", "append", "locals.c", "[1, 2]"]);
    assert_eq!(
        (status, out),
        (0, SRC.replace("layout\n}", "layout\n  c = [1, 2]\n}"))
    );
    let out = edit(&["attribute", "append", "--newline", "locals.c", "2"]).1;
    assert_eq!(out, SRC.replace("layout\n}", "layout\n\n  c = 2\n}"));
    let (status, _, err) = edit(&["attribute", "append", "locals.a", "2"]);
    assert_eq!(status, 2);
    assert!(err.contains("exists already"), "{err}");
}

#[test]
fn block_list_gives_each_top_level_address() {
    assert_eq!(
        edit(&["block", "list"]),
        (
            0,
            "resource.aws_instance.web\nlocals\n".to_owned(),
            String::new()
        )
    );
}

#[test]
fn block_get_prints_the_block() {
    let out = edit(&["block", "get", "locals"]).1;
    assert_eq!(out, "locals {\n  a=1   # odd layout\n}\n");
    let out = edit(&["block", "get", "resource.aws_instance.web.ebs_block_device"]).1;
    assert_eq!(out, "  ebs_block_device {\n    size = 8\n  }\n");
    assert_eq!(
        edit(&["block", "get", "resource.aws_instance"]),
        (0, String::new(), String::new())
    );
}

#[test]
fn block_new_adds_an_empty_block() {
    let (status, out, _) = edit(&["block", "new", "module.db"]);
    assert_eq!((status, out), (0, format!("{SRC}module \"db\" {{\n}}\n")));
    let (status, _, err) = edit(&["block", "new", "1x.db"]);
    assert_eq!(status, 1, "{err}");
}

#[test]
fn block_rm_removes_the_block() {
    let out = edit(&["block", "rm", "locals"]).1;
    assert_eq!(out, SRC.replace("locals {\n  a=1   # odd layout\n}\n", ""));
    assert_eq!(
        edit(&["block", "rm", "module.x"]),
        (0, SRC.to_owned(), String::new())
    );
}

#[test]
fn block_mv_gives_a_new_type_and_labels() {
    let out = edit(&[
        "block",
        "mv",
        "resource.aws_instance.web",
        "resource.aws_instance.app",
    ])
    .1;
    assert_eq!(out, SRC.replace("\"web\"", "\"app\""));
    let out = edit(&["block", "mv", "locals", "settings"]).1;
    assert_eq!(out, SRC.replace("locals {", "settings {"));
    assert_eq!(edit(&["block", "mv", "module.x", "module.y"]).0, 2);
}

#[test]
fn block_append_adds_a_child_block() {
    let out = edit(&["block", "append", "locals", "lifecycle"]).1;
    assert_eq!(
        out,
        SRC.replace("layout\n}", "layout\n  lifecycle {\n  }\n}")
    );
    let out = edit(&["block", "append", "--newline", "locals", "x.y"]).1;
    assert_eq!(
        out,
        SRC.replace("layout\n}", "layout\n\n  x \"y\" {\n  }\n}")
    );
    assert_eq!(edit(&["block", "append", "module.x", "y"]).0, 2);
}

#[test]
fn body_get_prints_what_is_between_the_braces() {
    let out = edit(&["body", "get", "resource.aws_instance.web.ebs_block_device"]).1;
    assert_eq!(out, "    size = 8\n");
    assert_eq!(
        edit(&["body", "get", "nope"]),
        (0, String::new(), String::new())
    );
}

#[test]
fn labels_are_matched_by_each_blocks_label_count() {
    let src = "a {\n  x = 1\n}\na b {\n  x = 2\n}\na b c {\n  x = 3\n}\n";
    let get = |addr: &str| {
        stdout(&hcl_stdin(
            &["edit", "attribute", "get", addr],
            src.as_bytes(),
        ))
    };
    assert_eq!(get("a.x"), "1\n");
    assert_eq!(get("a.b.x"), "2\n");
    assert_eq!(get("a.b.c.x"), "3\n");
}

#[test]
fn file_is_read_and_update_rewrites_it() {
    let dir = tree("edit-update", &[("main.tf", SRC)]);
    let file = dir.join("main.tf");
    let path = file.to_str().unwrap();
    let o = hcl_stdin(
        &["edit", "-f", path, "attribute", "set", "locals.a", "2"],
        b"",
    );
    assert_eq!(stdout(&o), SRC.replace("a=1", "a= 2"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SRC);
    for flag in ["-u", "--update", "-i", "--in-place"] {
        std::fs::write(&file, SRC).unwrap();
        let o = hcl_stdin(
            &[
                "edit",
                "-f",
                path,
                flag,
                "attribute",
                "set",
                "locals.a",
                "2",
            ],
            b"",
        );
        assert_eq!(
            (o.status.code(), stdout(&o)),
            (Some(0), String::new()),
            "{flag}"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            SRC.replace("a=1", "a= 2"),
            "{flag}"
        );
    }
    // The flags may follow the command too; a read-only command leaves the file.
    let o = hcl_stdin(&["edit", "block", "list", "-u", "--file", path], b"");
    assert_eq!(stdout(&o), "resource.aws_instance.web\nlocals\n");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        SRC.replace("a=1", "a= 2")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn update_without_a_file_and_a_missing_file_are_usage_errors() {
    let (status, _, err) = edit(&["-u", "attribute", "rm", "locals.a"]);
    assert_eq!(
        (status, err.as_str()),
        (2, "hcl: --update rewrites the file given with --file\n")
    );
    let o = hcl_stdin(&["edit", "-f", "/nonexistent/x.tf", "block", "list"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("hcl: /nonexistent/x.tf: cannot read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_file_that_does_not_parse_is_rendered_and_exit_1() {
    let o = hcl_stdin(&["edit", "block", "list"], b"a = 1\nb = \n");
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), String::new()));
    let err = stderr(&o);
    assert!(err.contains("--> <stdin>:2:"), "{err}");
    assert!(err.contains("2 | b = \n"), "{err}");
    let o = hcl_stdin(&["edit", "--format", "json", "block", "list"], b"b = \n");
    assert!(stderr(&o).starts_with("{\"code\":"), "{}", stderr(&o));
}

#[test]
fn a_bad_address_is_a_usage_error() {
    for addr in ["", "a..b", ".a", "a."] {
        let (status, _, err) = edit(&["attribute", "get", addr]);
        assert_eq!(status, 2, "{addr:?}");
        assert!(err.contains("is not an address"), "{err}");
    }
}

#[test]
fn a_label_holding_a_dot_cannot_be_addressed() {
    let src = b"a \"x.y\" {\n  v = 1\n}\n";
    let o = hcl_stdin(&["edit", "attribute", "get", "a.x.y.v"], src);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
    let o = hcl_stdin(&["edit", "block", "list"], src);
    assert_eq!(stdout(&o), "a.x.y\n");
}

#[test]
fn odd_input_is_reported_not_a_crash() {
    let o = hcl_stdin(&["edit", "block", "list"], b"a = \"\xff\"\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Invalid UTF-8"), "{}", stderr(&o));
    for value in ["\n1", "# c\n1", "a = 1", ""] {
        let (status, out, err) = edit(&["attribute", "set", "locals.a", value]);
        assert_eq!((status, out.as_str()), (1, ""), "{value:?}: {err}");
        assert!(err.starts_with("Error: "), "{value:?}: {err}");
    }
    let (status, _, err) = edit(&["attribute", "append", "locals.1x", "1"]);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("Invalid argument name"), "{err}");
}
