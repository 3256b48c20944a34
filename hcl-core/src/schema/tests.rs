//! Unit tests of every processing mode and every diagnostic, with the
//! rendered text a user sees.

use super::*;
use crate::{parse, Code, Diagnostics, File};

fn file(src: &str) -> File<'_> {
    match parse(src, "main.tf") {
        Ok(file) => file,
        Err(diags) => panic!("{diags}"),
    }
}

fn valid(build: SchemaBuilder) -> BodySchema {
    match build.build() {
        Ok(schema) => schema,
        Err(err) => panic!("{err}"),
    }
}

/// The rendered diagnostics of exhaustive processing.
fn content_errors(src: &str, schema: &BodySchema) -> String {
    let file = file(src);
    let (_, diags) = Body::from_file(&file).content_with_diagnostics(schema);
    diags.to_string()
}

fn codes(diags: &Diagnostics) -> Vec<Code> {
    diags.iter().map(|d| d.code).collect()
}

#[test]
fn content_reads_attributes_and_blocks_with_ranges() {
    let src = "name = \"web\"\nlistener \"http\" {\n  port = 80\n}\nlistener \"https\" {}\n";
    let file = file(src);
    let schema = valid(
        BodySchema::builder()
            .required_attribute("name")
            .attribute("tags")
            .block("listener", &["protocol"]),
    );
    let content = match Body::from_file(&file).content(&schema) {
        Ok(content) => content,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(content.attributes.len(), 1);
    let name = content.attributes.get("name").unwrap();
    assert_eq!(name.name_range().to_string(), "main.tf:1,1-5");
    assert_eq!(name.range().to_string(), "main.tf:1,1-13");
    assert_eq!(name.expr.range().to_string(), "main.tf:1,8-13");
    assert_eq!(name.file.name(), "main.tf");

    let labels: Vec<_> = content.blocks.iter().map(|b| b.labels[0].value).collect();
    assert_eq!(labels, ["http", "https"]);
    let http = &content.blocks[0];
    assert_eq!(http.type_range().to_string(), "main.tf:2,1-9");
    assert_eq!(http.labels[0].range().to_string(), "main.tf:2,10-16");
    assert_eq!(http.def_range().to_string(), "main.tf:2,1-16");
    assert_eq!(http.range().to_string(), "main.tf:2,1-4,2");
    assert_eq!(
        http.location().text(),
        "listener \"http\" {\n  port = 80\n}"
    );

    let inner = schema_port();
    let port = match http.body.content(&inner) {
        Ok(content) => content,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(
        port.attributes.get("port").unwrap().expr.location().text(),
        "80"
    );
    assert_eq!(
        content.missing_item.map(|m| m.range().to_string()),
        Some("main.tf:1,1-1".to_owned())
    );
}

fn schema_port() -> BodySchema {
    valid(BodySchema::builder().required_attribute("port"))
}

#[test]
fn unsupported_argument() {
    let schema = valid(BodySchema::builder().attribute("name"));
    assert_eq!(
        content_errors("name = 1\ncolor = \"red\"\n", &schema),
        "Error: Unsupported argument
  --> main.tf:2:1
  |
2 | color = \"red\"
  | ^^^^^

An argument named \"color\" is not expected here.
"
    );
}

#[test]
fn unsupported_argument_suggests_a_close_undefined_name() {
    let schema = valid(BodySchema::builder().attribute("name").attribute("image"));
    assert_eq!(
        content_errors("imgae = \"x\"\n", &schema),
        "Error: Unsupported argument
  --> main.tf:1:1
  |
1 | imgae = \"x\"
  | ^^^^^

An argument named \"imgae\" is not expected here. Did you mean \"image\"?
"
    );
    // A name the body already defines is not suggested.
    let other = valid(BodySchema::builder().attribute("name").attribute("port"));
    let errors = content_errors("name = 1\nnmae = 2\n", &other);
    assert!(
        errors.ends_with("An argument named \"nmae\" is not expected here.\n"),
        "{errors}"
    );
}

#[test]
fn unsupported_argument_that_is_a_block_type() {
    let schema = valid(BodySchema::builder().block("lifecycle", &[]));
    assert_eq!(
        content_errors("lifecycle = {}\n", &schema),
        "Error: Unsupported argument
  --> main.tf:1:1
  |
1 | lifecycle = {}
  | ^^^^^^^^^

An argument named \"lifecycle\" is not expected here. Did you mean to define a block of type \"lifecycle\"?
"
    );
}

#[test]
fn unsupported_block_type() {
    let schema = valid(BodySchema::builder().block("ingress", &[]));
    assert_eq!(
        content_errors("network {\n}\n", &schema),
        "Error: Unsupported block type
  --> main.tf:1:1
  |
1 | network {
  | ^^^^^^^

Blocks of type \"network\" are not expected here.
"
    );
    assert_eq!(
        content_errors("ingres {\n}\n", &schema),
        "Error: Unsupported block type
  --> main.tf:1:1
  |
1 | ingres {
  | ^^^^^^

Blocks of type \"ingres\" are not expected here. Did you mean \"ingress\"?
"
    );
}

#[test]
fn unsupported_block_type_that_is_an_argument() {
    let schema = valid(BodySchema::builder().attribute("tags"));
    assert_eq!(
        content_errors("tags {\n  a = 1\n}\n", &schema),
        "Error: Unsupported block type
  --> main.tf:1:1
  |
1 | tags {
  | ^^^^

Blocks of type \"tags\" are not expected here. Did you mean to define argument \"tags\"? If so, use the equals sign to assign it a value.
"
    );
}

#[test]
fn missing_required_argument_points_at_the_start_of_the_file() {
    let schema = valid(BodySchema::builder().required_attribute("region"));
    assert_eq!(
        content_errors("# nothing here\n", &schema),
        "Error: Missing required argument
  --> main.tf:1:1
  |
1 | # nothing here
  | ^

The argument \"region\" is required, but no definition was found.
"
    );
}

#[test]
fn missing_required_argument_points_at_the_opening_brace() {
    let src = "provider \"aws\" {\n  profile = \"x\"\n}\n";
    let file = file(src);
    let top = valid(BodySchema::builder().block("provider", &["name"]));
    let content = match Body::from_file(&file).content(&top) {
        Ok(content) => content,
        Err(diags) => panic!("{diags}"),
    };
    let inner = valid(
        BodySchema::builder()
            .required_attribute("region")
            .attribute("profile"),
    );
    let (found, diags) = content.blocks[0].body.content_with_diagnostics(&inner);
    assert!(found.attributes.contains_key("profile"));
    assert_eq!(
        diags.to_string(),
        "Error: Missing required argument
  --> main.tf:1:16
  |
1 | provider \"aws\" {
  |                ^

The argument \"region\" is required, but no definition was found.
"
    );
}

#[test]
fn missing_label() {
    let schema = valid(BodySchema::builder().block("resource", &["type", "name"]));
    let src = "resource \"aws_vpc\" {\n}\n";
    assert_eq!(
        content_errors(src, &schema),
        "Error: Missing name for resource
  --> main.tf:1:20
  |
1 | resource \"aws_vpc\" {
  |                    ^

All resource blocks must have 2 labels (type, name).
"
    );
    let file = file(src);
    let (content, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
    assert!(content.blocks.is_empty());
    let context = diags.iter().next().and_then(|d| d.context.clone());
    assert_eq!(
        context.map(|r| r.to_string()),
        Some("main.tf:1,1-21".to_owned())
    );
    assert_eq!(
        content_errors("resource {\n}\n", &schema),
        "Error: Missing type for resource
  --> main.tf:1:10
  |
1 | resource {
  |          ^

All resource blocks must have 2 labels (type, name).
"
    );
}

#[test]
fn extraneous_label() {
    let schema = valid(
        BodySchema::builder()
            .block("variable", &["name"])
            .block("locals", &[]),
    );
    assert_eq!(
        content_errors("variable \"a\" \"b\" {\n}\n", &schema),
        "Error: Extraneous label for variable
  --> main.tf:1:14
  |
1 | variable \"a\" \"b\" {
  |              ^^^

Only 1 labels (name) are expected for variable blocks.
"
    );
    assert_eq!(
        content_errors("locals \"x\" {\n}\n", &schema),
        "Error: Extraneous label for locals
  --> main.tf:1:8
  |
1 | locals \"x\" {
  |        ^^^

No labels are expected for locals blocks.
"
    );
}

#[test]
fn diagnostics_come_in_reference_order() {
    let schema = valid(
        BodySchema::builder()
            .required_attribute("a")
            .required_attribute("b")
            .block("blk", &["x"]),
    );
    let src = "z = 1\nblk {}\nb = 2\nunknown {}\ny = 3\n";
    let file = file(src);
    let (content, diags) = Body::from_file(&file).content_with_diagnostics(&schema);
    assert_eq!(
        codes(&diags),
        [
            Code::MissingRequiredArgument,
            Code::MissingLabel,
            Code::UnsupportedArgument,
            Code::UnsupportedArgument,
            Code::UnsupportedBlockType,
        ]
    );
    let subjects: Vec<String> = diags
        .iter()
        .filter_map(|d| d.subject.as_ref().map(|r| r.to_string()))
        .collect();
    assert_eq!(
        subjects,
        [
            "main.tf:1,1-1",
            "main.tf:2,5-6",
            "main.tf:1,1-2",
            "main.tf:5,1-2",
            "main.tf:4,1-8"
        ]
    );
    // What was found is still returned.
    assert!(content.attributes.contains_key("b"));
}

#[test]
fn partial_content_leaves_the_rest_for_another_step() {
    let src = "count = 2\nami = \"ami-1\"\nlifecycle {}\nebs \"sda\" {}\nebs \"sdb\" {}\n";
    let file = file(src);
    let body = Body::from_file(&file);
    let meta = valid(
        BodySchema::builder()
            .attribute("count")
            .attribute("for_each")
            .block("lifecycle", &[]),
    );
    let (content, rest) = match body.partial_content(&meta) {
        Ok(found) => found,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["count"]);
    assert_eq!(content.blocks.len(), 1);

    // The rest is exactly what the first schema left, unmodified.
    let own = valid(
        BodySchema::builder()
            .attribute("ami")
            .block("ebs", &["device"]),
    );
    let second = match rest.content(&own) {
        Ok(content) => content,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(
        second.attributes.get("ami").unwrap().expr.location().text(),
        "\"ami-1\""
    );
    let devices: Vec<_> = second.blocks.iter().map(|b| b.labels[0].value).collect();
    assert_eq!(devices, ["sda", "sdb"]);

    // Items taken by the first step are gone from the rest: declaring them
    // again finds nothing.
    let again = valid(BodySchema::builder().required_attribute("count"));
    let (_, _, diags) = rest.partial_content_with_diagnostics(&again);
    assert_eq!(codes(&diags), [Code::MissingRequiredArgument]);

    // The original body is untouched.
    assert!(body.partial_content(&meta).is_ok());
}

#[test]
fn partial_content_reports_its_own_problems_only() {
    let schema = valid(
        BodySchema::builder()
            .required_attribute("a")
            .block("b", &["name"]),
    );
    let file = file("b {}\nother = 1\n");
    let (_, rest, diags) = Body::from_file(&file).partial_content_with_diagnostics(&schema);
    assert_eq!(
        codes(&diags),
        [Code::MissingRequiredArgument, Code::MissingLabel]
    );
    // The invalid block was consumed with its error; the rest has `other`,
    // and `JustAttributes` of it reports the block, as the reference's does.
    let (attrs, diags) = rest.just_attributes_with_diagnostics();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["other"]);
    assert_eq!(codes(&diags), [Code::UnexpectedBlock]);
}

#[test]
fn suggestions_come_from_the_step_s_own_schema_in_its_order() {
    let file = file("cuont = 1\nab = 2\n");
    let meta = valid(BodySchema::builder().attribute("count"));
    let (_, rest, _) = Body::from_file(&file).partial_content_with_diagnostics(&meta);
    // As in the reference, an earlier step's names are not suggested, and
    // of several close names the schema's first is.
    let last = valid(BodySchema::builder().attribute("ac").attribute("aa"));
    let (_, diags) = rest.content_with_diagnostics(&last);
    let details: Vec<&str> = diags.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "An argument named \"cuont\" is not expected here.",
            "An argument named \"ab\" is not expected here. Did you mean \"ac\"?",
        ]
    );
}

#[test]
fn just_attributes_reads_any_name() {
    let file = file("b = 2\na = 1\n");
    let attrs = match Body::from_file(&file).just_attributes() {
        Ok(attrs) => attrs,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(attrs.get("b").unwrap().range().to_string(), "main.tf:1,1-6");
}

#[test]
fn just_attributes_rejects_blocks() {
    let file = file("a = 1\nnested {\n  b = 2\n}\nother {}\n");
    let (attrs, diags) = Body::from_file(&file).just_attributes_with_diagnostics();
    assert!(attrs.contains_key("a"));
    assert_eq!(
        diags.to_string(),
        "Error: Unexpected \"nested\" block
  --> main.tf:2:1
  |
2 | nested {
  | ^^^^^^

Blocks are not allowed here.
"
    );
}

#[test]
fn just_attributes_of_a_rest_reports_the_first_block_even_one_taken_before() {
    // As the reference's native body: a partial step's rest hides the
    // names of attributes only, so its first block is reported whether an
    // earlier step took it (`nested`) or not (`other`).
    let file = file("a = 1\nnested {}\nother {}\n");
    let taken = valid(BodySchema::builder().block("nested", &[]));
    let (_, rest, _) = Body::from_file(&file).partial_content_with_diagnostics(&taken);
    let (attrs, diags) = rest.just_attributes_with_diagnostics();
    assert_eq!(attrs.len(), 1);
    assert_eq!(codes(&diags), [Code::UnexpectedBlock]);
    assert_eq!(
        diags.iter().next().unwrap().summary,
        "Unexpected \"nested\" block"
    );
}

#[test]
fn invalid_schemata_are_rejected() {
    let twice = BodySchema::builder()
        .attribute("a")
        .required_attribute("a")
        .build();
    assert_eq!(
        twice.map_err(|e| e.to_string()),
        Err("invalid body schema: the attribute \"a\" is declared more than once".to_owned())
    );
    let blocks = BodySchema::builder()
        .block("x", &[])
        .block("x", &["n"])
        .build();
    assert_eq!(
        blocks.map_err(|e| e.to_string()),
        Err("invalid body schema: the block type \"x\" is declared more than once".to_owned())
    );
    let a = valid(BodySchema::builder().attribute("a"));
    let b = valid(BodySchema::builder().block("a", &[]));
    assert!(a.union(&a).is_err());
    assert!(b.union(&b).is_err());
    assert!(a.union(&b).is_ok());
}

fn two_files() -> (File<'static>, File<'static>) {
    let main = file(
        "region = \"eu\"\nresource \"a\" \"one\" {}\nname = \"x\"\nresource \"a\" \"two\" {}\n",
    );
    let other = match parse(
        "resource \"b\" \"three\" {}\nname = \"y\"\ndata \"c\" \"d\" {}\n",
        "other.tf",
    ) {
        Ok(file) => file,
        Err(diags) => panic!("{diags}"),
    };
    (main, other)
}

#[test]
fn merged_bodies_give_the_union_in_file_order() {
    let (main, other) = two_files();
    let body = Body::merge_files([&main, &other]);
    let schema = valid(
        BodySchema::builder()
            .attribute("region")
            .attribute("name")
            .block("resource", &["type", "name"])
            .block("data", &["type", "name"]),
    );
    let (content, diags) = body.content_with_diagnostics(&schema);
    let blocks: Vec<_> = content
        .blocks
        .iter()
        .map(|b| format!("{} {}", b.file.name(), b.labels[1].value))
        .collect();
    assert_eq!(
        blocks,
        ["main.tf one", "main.tf two", "other.tf three", "other.tf d"]
    );
    assert_eq!(
        content.attributes.get("name").unwrap().file.name(),
        "main.tf"
    );
    assert_eq!(
        diags.to_string(),
        "Error: Duplicate argument
  --> other.tf:2:1
  |
2 | name = \"y\"
  | ^^^^

Argument \"name\" was already set at main.tf:3,1-5
"
    );
}

#[test]
fn merged_bodies_report_undeclared_items_of_each_file() {
    let (main, other) = two_files();
    let body = Body::merge_files([&main, &other]);
    let schema = valid(
        BodySchema::builder()
            .attribute("name")
            .block("resource", &["type", "name"]),
    );
    let (_, diags) = body.content_with_diagnostics(&schema);
    let found: Vec<String> = diags
        .iter()
        .map(|d| {
            let at = d
                .subject
                .as_ref()
                .map(|r| r.to_string())
                .unwrap_or_default();
            format!("{}: {at}", d.code)
        })
        .collect();
    assert_eq!(
        found,
        [
            "unsupported-argument: main.tf:1,1-7",
            "unsupported-block-type: other.tf:3,1-5",
            "duplicate-argument: other.tf:2,1-5",
        ]
    );
}

#[test]
fn merged_bodies_check_required_arguments_over_all_files() {
    let (main, other) = two_files();
    let body = Body::merge_files([&main, &other]);
    // Each file alone lacks "region" or defines it; together they have it.
    let has = valid(BodySchema::builder().required_attribute("region"));
    let (_, _, diags) = body.partial_content_with_diagnostics(&has);
    assert!(diags.is_empty(), "{diags}");
    let lacks = valid(BodySchema::builder().required_attribute("zone"));
    let (_, _, diags) = body.partial_content_with_diagnostics(&lacks);
    // No one file is where it belongs, so there is no source range.
    assert_eq!(
        diags.to_string(),
        "Error: Missing required argument

The argument \"zone\" is required, but was not set.
"
    );
}

#[test]
fn merged_partial_content_leaves_a_merged_rest() {
    let (main, other) = two_files();
    let body = Body::merge([Body::from_file(&main), Body::merge_files([&other])]);
    let resources = valid(BodySchema::builder().block("resource", &["type", "name"]));
    let (content, rest) = match body.partial_content(&resources) {
        Ok(found) => found,
        Err(diags) => panic!("{diags}"),
    };
    assert_eq!(content.blocks.len(), 3);
    let rest_schema = valid(
        BodySchema::builder()
            .attribute("region")
            .block("data", &["type", "name"]),
    );
    let (found, diags) = rest.content_with_diagnostics(&rest_schema);
    assert_eq!(found.blocks.len(), 1);
    // "name" is in both files: undeclared in each.
    assert_eq!(
        codes(&diags),
        [Code::UnsupportedArgument, Code::UnsupportedArgument]
    );
    assert_eq!(
        rest.missing_item().map(|m| m.range().to_string()),
        Some("main.tf:1,1-1".to_owned())
    );
}

#[test]
fn merged_just_attributes_reports_duplicates() {
    let a = file("x = 1\ny = 2\n");
    let b = match parse("y = 3\n", "b.tf") {
        Ok(file) => file,
        Err(diags) => panic!("{diags}"),
    };
    let (attrs, diags) = Body::merge_files([&a, &b]).just_attributes_with_diagnostics();
    assert_eq!(attrs.get("y").unwrap().file.name(), "main.tf");
    assert_eq!(
        diags.to_string(),
        "Error: Duplicate argument
  --> b.tf:1:1
  |
1 | y = 3
  | ^

Argument \"y\" was already set at main.tf:2,1-2
"
    );
}

#[test]
fn empty_bodies() {
    let empty = Body::empty();
    assert!(empty.missing_item().is_none());
    let (content, diags) = empty.content_with_diagnostics(&BodySchema::default());
    assert!(content.attributes.is_empty() && content.blocks.is_empty() && diags.is_empty());
    assert_eq!(Body::merge([]), Body::empty());
    let file = file("");
    let (_, diags) = Body::from_file(&file).content_with_diagnostics(&schema_port());
    assert_eq!(
        diags.to_string(),
        "Error: Missing required argument
  --> main.tf:1:1
  |
1 | 
  | ^

The argument \"port\" is required, but no definition was found.
"
    );
}

#[test]
fn missing_required_argument_in_a_one_line_block_points_at_its_argument() {
    let top = valid(BodySchema::builder().block("b", &[]));
    let inner = valid(BodySchema::builder().required_attribute("y").attribute("x"));
    for (src, at) in [
        ("b { x = 1 }\n", "main.tf:1,5-5"),
        ("b {\n  x = 1\n}\n", "main.tf:1,3-3"),
    ] {
        let file = file(src);
        let content = match Body::from_file(&file).content(&top) {
            Ok(content) => content,
            Err(diags) => panic!("{diags}"),
        };
        let (_, diags) = content.blocks[0].body.content_with_diagnostics(&inner);
        let subjects: Vec<String> = diags
            .iter()
            .filter_map(|d| d.subject.as_ref().map(|r| r.to_string()))
            .collect();
        assert_eq!(subjects, [at], "{src}");
    }
}

#[test]
fn a_name_may_be_both_an_attribute_and_a_block_type() {
    let schema = BodySchema::builder()
        .block("x", &[])
        .attribute("x")
        .build()
        .unwrap();
    let file = crate::parse("x = 1\nx {}\n", "f.hcl").unwrap();
    let content = Body::from_file(&file).content(&schema).unwrap();
    assert!(content.attributes.contains_key("x"));
    assert_eq!(content.blocks.len(), 1);
}

#[test]
fn a_large_schema_finds_every_name_and_reports_a_name_given_twice() {
    let names: Vec<String> = (0..500).rev().map(|i| format!("a{i}")).collect();
    let attrs = names.iter().map(AttributeSchema::optional).collect();
    let blocks = names
        .iter()
        .map(|n| BlockHeaderSchema::new(n, &[]))
        .collect();
    let schema = BodySchema::new(attrs, blocks).unwrap();
    for name in &names {
        assert_eq!(
            schema.attribute(name).map(|a| a.name.as_str()),
            Some(name.as_str())
        );
        assert_eq!(
            schema.block(name).map(|b| b.block_type.as_str()),
            Some(name.as_str())
        );
    }
    assert!(schema.attribute("b").is_none());
    // The declaration order is kept.
    assert_eq!(schema.attributes()[0].name, "a499");
    let mut twice: Vec<AttributeSchema> = names.iter().map(AttributeSchema::optional).collect();
    twice.push(AttributeSchema::required("a250"));
    assert_eq!(
        BodySchema::new(twice, Vec::new()),
        Err(SchemaError::DuplicateAttribute {
            name: "a250".into()
        })
    );
}

#[test]
fn a_native_body_reads_a_schema_of_many_attributes_as_one_of_a_few() {
    // More attributes than a body's processing keeps on the stack, and
    // than a schema compares in turn: each found once, in name order, each
    // missing one reported in the schema's order, the rest left over.
    let names: Vec<String> = (0..40).map(|i| format!("a{i:02}")).collect();
    let written: Vec<&String> = names.iter().rev().step_by(3).collect();
    let mut src: String = written.iter().map(|n| format!("{n} = \"{n}\"\n")).collect();
    src.push_str("extra = 1\n");
    let f = file(&src);
    let mut builder = BodySchema::builder();
    for n in &names {
        builder = builder.required_attribute(n);
    }
    let schema = valid(builder);
    let (content, rest, diags) = Body::from_file(&f).partial_content_with_diagnostics(&schema);
    let keys: Vec<&str> = content.attributes.keys().collect();
    let mut expected: Vec<&str> = written.iter().map(|n| n.as_str()).collect();
    expected.sort_unstable();
    assert_eq!(keys, expected);
    for (name, attr) in content.attributes.iter().map(|a| (a.name, a)) {
        assert_eq!(attr.expr.location().text(), format!("\"{name}\""));
    }
    let missing: Vec<String> = diags
        .iter()
        .filter(|d| d.code == Code::MissingRequiredArgument)
        .map(|d| d.detail.clone())
        .collect();
    let expected: Vec<String> = names
        .iter()
        .filter(|n| !written.contains(n))
        .map(|n| format!("The argument \"{n}\" is required, but no definition was found."))
        .collect();
    assert_eq!(missing, expected);
    let rest = rest.just_attributes().unwrap();
    assert_eq!(rest.keys().collect::<Vec<_>>(), ["extra"]);
}
