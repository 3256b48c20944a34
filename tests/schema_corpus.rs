//! A real Terraform module, several `.tf` files in one directory, read as
//! one merged body: its `variable`, `resource` and `output` blocks taken by
//! partial processing, the rest checked exhaustively, and its references
//! checked against its declarations by static analysis.
//!
//! The module stays in `../shared/corpus/`; without it this test prints a
//! notice and checks nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use hcl_core::analysis::{ExprRef, Traverse};
use hcl_core::ast;
use hcl_core::schema::{Body, BodySchema};
use hcl_core::{Code, File, SourceFile};

const MODULE: &str = "real/terraform-aws-modules__terraform-aws-vpc";

fn module_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(MODULE);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("notice: {} is absent; test skipped", dir.display());
        None
    }
}

/// The `.tf` files directly in `dir`, by name, as Terraform loads them.
fn read_module(dir: &Path) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read module dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "tf"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let name = p
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(p).expect("read .tf file"))
        })
        .collect()
}

fn schema(build: hcl_core::schema::SchemaBuilder) -> BodySchema {
    build.build().expect("valid schema")
}

/// Calls `visit` on every attribute of `body` and of its nested blocks.
fn each_attribute<'a>(body: &'a ast::Body<'a>, visit: &mut impl FnMut(&'a ast::Attribute<'a>)) {
    for attr in &body.attributes {
        visit(attr);
    }
    for block in &body.blocks {
        each_attribute(&block.body, visit);
    }
}

/// The name of an attribute step.
fn attr_name<'a>(step: Option<&Traverse<'a>>) -> Option<&'a str> {
    match step {
        Some(Traverse::Attr { name, .. }) => Some(name),
        _ => None,
    }
}

#[test]
fn a_terraform_module_directory_as_one_merged_body() {
    let Some(dir) = module_dir() else { return };
    let sources = read_module(&dir);
    let names: Vec<&str> = sources.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["main.tf", "outputs.tf", "variables.tf", "vpc-flow-logs.tf"]
    );
    let files: Vec<File<'_>> = sources
        .iter()
        .map(|(name, text)| hcl_core::parse(text, name).unwrap_or_else(|d| panic!("{d}")))
        .collect();
    let module = Body::merge_files(&files);

    // Step one: the blocks this test is about.
    let wanted = schema(
        BodySchema::builder()
            .block("variable", &["name"])
            .block("resource", &["type", "name"])
            .block("output", &["name"]),
    );
    let (content, rest) = module
        .partial_content(&wanted)
        .unwrap_or_else(|d| panic!("{d}"));
    let count = |t: &str| content.blocks_of_type(t).count();
    assert_eq!(
        (count("variable"), count("resource"), count("output")),
        (236, 79, 119)
    );
    // Each kind comes from its file, and blocks keep file order.
    let files_of = |t: &str| -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for block in content.blocks_of_type(t) {
            if seen.last() != Some(&block.file.name()) {
                seen.push(block.file.name());
            }
        }
        seen
    };
    assert_eq!(files_of("variable"), ["variables.tf"]);
    assert_eq!(files_of("output"), ["outputs.tf"]);
    assert_eq!(files_of("resource"), ["main.tf", "vpc-flow-logs.tf"]);

    // Step two: the rest holds the other blocks, and only them.
    let others = schema(
        BodySchema::builder()
            .block("locals", &[])
            .block("data", &["type", "name"]),
    );
    let rest_content = rest.content(&others).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(rest_content.blocks_of_type("locals").count(), 17);
    assert_eq!(rest_content.blocks_of_type("data").count(), 5);

    // Inside the blocks: every variable and output has the arguments
    // Terraform expects, and nothing else.
    let variable = schema(
        BodySchema::builder()
            .attribute("description")
            .attribute("type")
            .attribute("default")
            .attribute("nullable")
            .attribute("sensitive")
            .block("validation", &[]),
    );
    let mut declared = BTreeSet::new();
    for block in content.blocks_of_type("variable") {
        let body = block
            .body
            .content(&variable)
            .unwrap_or_else(|d| panic!("{d}"));
        assert!(
            body.attributes.contains_key("type"),
            "{}",
            block.def_range()
        );
        declared.insert(block.labels[0].value);
    }
    let output = schema(
        BodySchema::builder()
            .required_attribute("value")
            .attribute("description")
            .attribute("sensitive")
            .attribute("depends_on"),
    );
    for block in content.blocks_of_type("output") {
        block
            .body
            .content(&output)
            .unwrap_or_else(|d| panic!("{d}"));
    }

    // The locals of every `locals` block, merged: no name is defined twice.
    let locals = Body::merge(
        rest_content
            .blocks_of_type("locals")
            .map(|b| b.body.clone()),
    )
    .just_attributes()
    .unwrap_or_else(|d| panic!("{d}"));
    let resources: BTreeSet<(&str, &str)> = content
        .blocks_of_type("resource")
        .map(|b| (b.labels[0].value, b.labels[1].value))
        .collect();
    let resource_types: BTreeSet<&str> = resources.iter().map(|r| r.0).collect();
    let data: BTreeSet<(&str, &str)> = rest_content
        .blocks_of_type("data")
        .map(|b| (b.labels[0].value, b.labels[1].value))
        .collect();

    // Dependency analysis: every reference to a variable, a local, a data
    // source or a resource names one the module declares.
    let mut checked = 0;
    let mut used_vars = BTreeSet::new();
    let mut problems = Vec::new();
    for file in &files {
        let source: &std::sync::Arc<SourceFile> = &file.source;
        each_attribute(&file.body, &mut |attr| {
            for t in ExprRef::new(&attr.expr, source).variables() {
                let first = attr_name(t.steps.first());
                let second = attr_name(t.steps.get(1));
                let known = match t.root {
                    "var" => first.is_some_and(|n| {
                        used_vars.insert(n);
                        declared.contains(n)
                    }),
                    "local" => first.is_some_and(|n| locals.contains_key(n)),
                    "data" => first.zip(second).is_some_and(|d| data.contains(&d)),
                    root if resource_types.contains(root) => {
                        first.is_some_and(|n| resources.contains(&(root, n)))
                    }
                    _ => continue,
                };
                checked += 1;
                if !known {
                    problems.push(
                        t.error(
                            Code::Custom,
                            "Reference to an undeclared name",
                            format!("{t}"),
                        )
                        .to_string(),
                    );
                }
            }
        });
    }
    println!(
        "{MODULE}: {} files, {} blocks taken, {checked} references checked",
        files.len(),
        content.blocks.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 1000, "only {checked} references checked");
    assert!(
        used_vars.len() > 200,
        "only {} variables used",
        used_vars.len()
    );

    // Every block gives its source range, and a diagnostic renders its line.
    let first_output = content.blocks_of_type("output").next().expect("an output");
    let warning = first_output.def_location().warning(
        Code::Custom,
        "Output checked",
        "An output of the module.",
    );
    assert_eq!(
        warning.to_string(),
        "Warning: Output checked
   --> outputs.tf:11:1
   |
11 | output \"vpc_id\" {
   | ^^^^^^^^^^^^^^^

An output of the module.
"
    );
}
