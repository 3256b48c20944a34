//! Schema processing as a user sees it: the rendered diagnostics of a small
//! configuration, and properties of partial processing over generated
//! bodies.
//!
//! Rendered diagnostics are asserted as full strings, inline: the expected
//! text sits beside its input, reviewed like any other change to the test,
//! and needs no snapshot tool.

#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "the test helpers report failures by panicking"
)]

use hcl_core::schema::{Body, BodyContent, BodySchema, SchemaBuilder};
use hcl_core::{parse, Diagnostics, File, Span};
use proptest::prelude::*;

fn parse_ok<'a>(src: &'a str, name: &str) -> File<'a> {
    parse(src, name).unwrap_or_else(|diags| panic!("{diags}"))
}

#[test]
fn a_service_configuration_with_every_kind_of_mistake() {
    let src = r#"
service "web" "extra" {
  image = "nginx"
}

service {
}

service "api" {
  imgae = "api:1"
  port  = 8080
  healthcheck {
    path = "/health"
  }
  helthcheck {
  }
}
"#;
    let file = parse_ok(src, "services.hcl");
    let top = BodySchema::builder()
        .block("service", &["name"])
        .build()
        .unwrap();
    let (content, diags) = Body::from_file(&file).content_with_diagnostics(&top);
    assert_eq!(
        diags.to_string(),
        r#"Error: Extraneous label for service
  --> services.hcl:2:15
  |
2 | service "web" "extra" {
  |               ^^^^^^^

Only 1 labels (name) are expected for service blocks.

Error: Missing name for service
  --> services.hcl:6:9
  |
6 | service {
  |         ^

All service blocks must have 1 labels (name).
"#
    );
    assert_eq!(content.blocks.len(), 1);
    let api = &content.blocks[0];
    let service = BodySchema::builder()
        .required_attribute("image")
        .attribute("port")
        .block("healthcheck", &[])
        .build()
        .unwrap();
    let (found, diags) = api.body.content_with_diagnostics(&service);
    assert_eq!(
        found.attributes.get("port").unwrap().expr.location().text(),
        "8080"
    );
    assert_eq!(
        found.blocks[0].type_range().to_string(),
        "services.hcl:12,3-14"
    );
    assert_eq!(
        diags.to_string(),
        r#"Error: Missing required argument
  --> services.hcl:9:15
  |
9 | service "api" {
  |               ^

The argument "image" is required, but no definition was found.

Error: Unsupported argument
   --> services.hcl:10:3
   |
10 |   imgae = "api:1"
   |   ^^^^^

An argument named "imgae" is not expected here. Did you mean "image"?

Error: Unsupported block type
   --> services.hcl:15:3
   |
15 |   helthcheck {
   |   ^^^^^^^^^^

Blocks of type "helthcheck" are not expected here. Did you mean "healthcheck"?
"#
    );
}

#[test]
fn a_terraform_like_directory_as_one_body() {
    let main = parse_ok(
        "terraform {\n  required_version = \">= 1.0\"\n}\n\nresource \"aws_vpc\" \"this\" {\n  cidr_block = var.cidr\n}\n",
        "main.tf",
    );
    let vars = parse_ok(
        "variable \"cidr\" {\n  default = \"10.0.0.0/16\"\n}\n",
        "variables.tf",
    );
    let outputs = parse_ok(
        "output \"vpc_id\" {\n  value = aws_vpc.this.id\n}\nterraform {}\n",
        "outputs.tf",
    );
    let body = Body::merge_files([&main, &vars, &outputs]);
    let schema = BodySchema::builder()
        .block("terraform", &[])
        .block("variable", &["name"])
        .block("resource", &["type", "name"])
        .block("output", &["name"])
        .build()
        .unwrap();
    let content = body.content(&schema).unwrap();
    let order: Vec<String> = content
        .blocks
        .iter()
        .map(|b| format!("{}:{}", b.file.name(), b.block_type))
        .collect();
    assert_eq!(
        order,
        [
            "main.tf:terraform",
            "main.tf:resource",
            "variables.tf:variable",
            "outputs.tf:output",
            "outputs.tf:terraform"
        ]
    );
    // Dependency analysis: what each block's attributes refer to.
    let value = BodySchema::builder()
        .required_attribute("value")
        .build()
        .unwrap();
    let output = content.blocks_of_type("output").next().unwrap();
    let attrs = output.body.content(&value).unwrap();
    let refs: Vec<String> = attrs
        .attributes
        .get("value")
        .unwrap()
        .expr
        .variables()
        .iter()
        .map(|t| format!("{t} at {}", t.range()))
        .collect();
    assert_eq!(refs, ["aws_vpc.this.id at outputs.tf:2,11-26"]);
}

// ---------------------------------------------------------------------------
// Properties of partial processing.

/// Attribute names and block types the generated bodies draw from; close
/// names exercise the suggestions, and "a" and "c" are both attribute names
/// and block types.
const ATTR_NAMES: [&str; 6] = ["a", "b", "ab", "ba", "c", "count"];
const BLOCK_TYPES: [&str; 5] = ["x", "y", "xy", "a", "c"];
const ALL_NAMES: [&str; 9] = ["a", "b", "ab", "ba", "c", "count", "x", "y", "xy"];

#[derive(Debug, Clone)]
enum Item {
    Attr(&'static str),
    Block(&'static str, usize),
}

/// The source of a body: distinct attributes and any blocks, shuffled.
fn body_source() -> impl Strategy<Value = String> {
    let attrs = proptest::sample::subsequence(ATTR_NAMES.to_vec(), 0..=ATTR_NAMES.len());
    let blocks = proptest::collection::vec(
        (proptest::sample::select(BLOCK_TYPES.to_vec()), 0..3usize),
        0..6,
    );
    (attrs, blocks)
        .prop_map(|(attrs, blocks)| {
            let mut items: Vec<Item> = attrs.into_iter().map(Item::Attr).collect();
            items.extend(blocks.into_iter().map(|(t, n)| Item::Block(t, n)));
            items
        })
        .prop_shuffle()
        .prop_map(|items| {
            let mut src = String::new();
            for (i, item) in items.iter().enumerate() {
                match item {
                    Item::Attr(name) => src.push_str(&format!("{name} = {i}\n")),
                    Item::Block(block_type, labels) => {
                        src.push_str(block_type);
                        for l in 0..*labels {
                            src.push_str(&format!(" \"l{l}\""));
                        }
                        src.push_str(" {\n  inner = 1\n}\n");
                    }
                }
            }
            src
        })
}

/// What a schema does with one name: nothing, or declare it as an
/// attribute (required or not) or a block type (with a label count) in
/// step `step`.
#[derive(Debug, Clone, Copy)]
enum Role {
    Undeclared,
    Attr { step: usize, required: bool },
    Block { step: usize, labels: usize },
}

fn roles(steps: usize) -> impl Strategy<Value = Vec<Role>> {
    let role = prop_oneof![
        Just(Role::Undeclared),
        (0..steps, any::<bool>()).prop_map(|(step, required)| Role::Attr { step, required }),
        (0..steps, 0..3usize).prop_map(|(step, labels)| Role::Block { step, labels }),
    ];
    proptest::collection::vec(role, ALL_NAMES.len())
}

/// One schema per step, from the roles of all names.
fn step_schemata(roles: &[Role], steps: usize) -> Vec<BodySchema> {
    (0..steps)
        .map(|s| {
            let mut builder = SchemaBuilder::default();
            for (name, role) in ALL_NAMES.iter().zip(roles) {
                builder = match *role {
                    Role::Attr { step, required } if step == s => {
                        if required {
                            builder.required_attribute(*name)
                        } else {
                            builder.attribute(*name)
                        }
                    }
                    Role::Block { step, labels } if step == s => {
                        let names = ["first", "second", "third"];
                        builder.block(*name, &names[..labels])
                    }
                    _ => builder,
                };
            }
            builder.build().unwrap()
        })
        .collect()
}

/// An attribute or block as compared: file, name, labels and spans.
type Seen = (String, String, Vec<String>, Span, Span);

/// Attributes and blocks, each sorted by file then position, and the
/// diagnostics sorted: the order across steps differs, nothing else may.
fn observe(
    contents: &[BodyContent<'_>],
    diags: &Diagnostics,
    files: &[&str],
) -> (Vec<Seen>, Vec<Seen>, Vec<String>) {
    let file_index = |name: &str| files.iter().position(|f| *f == name);
    let mut attrs = Vec::new();
    let mut blocks = Vec::new();
    for content in contents {
        for attr in &content.attributes {
            attrs.push((
                attr.file.name().to_owned(),
                attr.name.to_owned(),
                Vec::new(),
                attr.name_span,
                attr.span,
            ));
        }
        for block in &content.blocks {
            let labels = block.labels.iter().map(|l| l.value.to_owned()).collect();
            blocks.push((
                block.file.name().to_owned(),
                block.block_type.to_owned(),
                labels,
                block.type_span,
                block.span,
            ));
        }
    }
    let key = |s: &Seen| (file_index(&s.0), s.4.start);
    attrs.sort_by_key(key);
    blocks.sort_by_key(key);
    let mut diags: Vec<String> = diags
        .iter()
        .map(|d| {
            let range = |r: &Option<hcl_core::Range>| r.as_ref().map(|r| r.to_string());
            // Suggestions come from each step's own schema, as in the
            // reference: one step with the union may suggest other names.
            let detail = d.detail.split(" Did you mean").next().unwrap_or_default();
            format!(
                "{:?} {} | {} | {:?} | {:?}",
                d.severity,
                d.summary,
                detail,
                range(&d.subject),
                range(&d.context)
            )
        })
        .collect();
    diags.sort();
    (attrs, blocks, diags)
}

/// Partial steps with every schema but the last, then an exhaustive step
/// with the last, against one exhaustive step with their union.
fn check_steps(body: &Body<'_>, schemata: &[BodySchema], files: &[&str]) {
    let mut union = BodySchema::default();
    for schema in schemata {
        union = union.union(schema).unwrap();
    }
    let (one, one_diags) = body.content_with_diagnostics(&union);

    let mut contents = Vec::new();
    let mut diags = Diagnostics::default();
    let mut rest = body.clone();
    let (last, partial) = schemata.split_last().unwrap();
    for schema in partial {
        let (content, next, step_diags) = rest.partial_content_with_diagnostics(schema);
        contents.push(content);
        diags.extend(step_diags);
        rest = next;
    }
    let (content, last_diags) = rest.content_with_diagnostics(last);
    contents.push(content);
    diags.extend(last_diags);

    // Blocks of one step come in file order, then source order.
    let seen = observe(std::slice::from_ref(&one), &one_diags, files);
    let in_order: Vec<_> = one
        .blocks
        .iter()
        .map(|b| (b.file.name().to_owned(), b.span))
        .collect();
    let sorted: Vec<_> = seen.1.iter().map(|b| (b.0.clone(), b.4)).collect();
    assert_eq!(in_order, sorted);

    assert_eq!(observe(&contents, &diags, files), seen);
    // No attribute is found twice.
    let found: usize = contents.iter().map(|c| c.attributes.len()).sum();
    assert_eq!(found, one.attributes.len());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn partial_then_exhaustive_equals_one_step_with_the_union(
        src in body_source(),
        roles in roles(2),
    ) {
        let file = parse_ok(&src, "main.tf");
        check_steps(&Body::from_file(&file), &step_schemata(&roles, 2), &["main.tf"]);
    }

    #[test]
    fn three_steps_equal_one_step_with_the_union(
        src in body_source(),
        roles in roles(3),
    ) {
        let file = parse_ok(&src, "main.tf");
        check_steps(&Body::from_file(&file), &step_schemata(&roles, 3), &["main.tf"]);
    }

    #[test]
    fn merged_bodies_process_in_steps_alike(
        first in body_source(),
        second in body_source(),
        roles in roles(2),
    ) {
        let a = parse_ok(&first, "a.tf");
        let b = parse_ok(&second, "b.tf");
        let body = Body::merge_files([&a, &b]);
        check_steps(&body, &step_schemata(&roles, 2), &["a.tf", "b.tf"]);
    }

    #[test]
    fn the_rest_holds_exactly_the_undeclared_attributes(
        src in body_source(),
        roles in roles(1),
    ) {
        let file = parse_ok(&src, "main.tf");
        let schema = &step_schemata(&roles, 1)[0];
        let (_, rest, _) = Body::from_file(&file).partial_content_with_diagnostics(schema);
        let (attrs, diags) = rest.just_attributes_with_diagnostics();
        let expected: Vec<&str> = {
            let mut names: Vec<&str> = file
                .body
                .attributes
                .iter()
                .map(|a| a.name)
                .filter(|n| schema.attribute(n).is_none())
                .collect();
            names.sort_unstable();
            names
        };
        prop_assert_eq!(attrs.keys().collect::<Vec<_>>(), expected);
        // As the reference's native body: the rest hides attribute names
        // only, so its first block is reported, taken by the step or not.
        let first_block = file.body.blocks.first();
        match first_block {
            Some(block) => {
                prop_assert_eq!(diags.len(), 1);
                let summary = diags.iter().next().map(|d| d.summary.clone());
                prop_assert_eq!(summary, Some(format!("Unexpected \"{}\" block", block.block_type)));
            }
            None => prop_assert!(diags.is_empty()),
        }
    }
}
