//! The JSON syntax: the parser's diagnostics and positions, bodies read
//! through schemas, and expressions, from the examples of the JSON
//! syntax's specification.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::analysis::ExprRef;
use crate::schema::{Body, BodySchema};
use crate::{
    parse, parse_config, parse_expression_json, parse_json, parse_json_with, Code, ConfigFile,
    Diagnostics, EvalContext, Limits, ParseOptions, Value,
};

/// The first diagnostic's summary and range, as `summary @ range`.
fn first(diags: &Diagnostics) -> String {
    let d = diags.iter().next().expect("a diagnostic");
    let r = d.subject.as_ref().expect("a range");
    format!(
        "{} @ {}:{}-{}:{} ({}-{})",
        d.summary, r.start.line, r.start.column, r.end.line, r.end.column, r.start.byte, r.end.byte
    )
}

fn summaries(diags: &Diagnostics) -> Vec<String> {
    diags.iter().map(|d| d.summary.clone()).collect()
}

#[test]
fn invalid_json_gets_the_reference_diagnostics() {
    let cases = [
        ("{\"a\": 1,}", "Trailing comma in object @ 1:8-1:9 (7-8)"),
        ("[1, 2,]", "Trailing comma in array @ 1:6-1:7 (5-6)"),
        ("{\"a\": 'b'}", "Invalid start of value @ 1:7-1:8 (6-7)"),
        ("{// comment\n}", "Invalid JSON string @ 1:2-1:3 (1-2)"),
        (
            "{\"a\" = 1}",
            "Missing property value colon @ 1:6-1:7 (5-6)",
        ),
        ("{\"a\": tru}", "Invalid JSON keyword @ 1:7-1:10 (6-9)"),
        ("{\"a\": 01}", "Invalid JSON number @ 1:7-1:9 (6-8)"),
        (
            "{\"a\": \"x\\q\"}",
            "Invalid JSON string @ 1:11-1:12 (10-11)",
        ),
        ("{\"a\": 1", "Unclosed object @ 1:1-1:2 (0-1)"),
        (
            "{\"a\": 1} 2",
            "Extraneous data after value @ 1:10-1:11 (9-10)",
        ),
        ("", "Missing value @ 1:1-1:1 (0-0)"),
    ];
    for (src, expected) in cases {
        let err = parse_json(src, "t.json").expect_err(src);
        // A comment starts no value: the slash is where a name should be.
        let got = first(&err);
        if src.starts_with("{//") {
            assert_eq!(got, "Invalid start of value @ 1:2-1:3 (1-2)", "{src}");
        } else {
            assert_eq!(got, expected, "{src}");
        }
        assert!(err.iter().all(|d| d.is_error()));
    }
}

#[test]
fn a_keyword_close_to_a_json_keyword_is_suggested() {
    let err = parse_json("{\"a\": True}", "t.json").unwrap_err();
    let diag = err.iter().next().unwrap();
    assert_eq!(diag.code, Code::InvalidJsonSyntax);
    assert_eq!(
        diag.detail,
        "\"True\" is not a valid JSON keyword. Did you mean \"true\"?"
    );
}

#[test]
fn a_root_that_is_not_an_object_is_refused() {
    let err = parse_json("\"x\"", "t.json").unwrap_err();
    assert_eq!(summaries(&err), ["Root value must be object"]);
    assert_eq!(err.iter().next().unwrap().code, Code::JsonRootNotObject);
    // A syntax error that stops the root value adds it too.
    let err = parse_json("{\"a\": \"b", "t.json").unwrap_err();
    assert_eq!(
        summaries(&err),
        [
            "Invalid JSON string",
            "Unclosed object",
            "Root value must be object"
        ]
    );
}

#[test]
fn nesting_is_bounded_by_the_limit_without_overflowing_the_stack() {
    let deep = "[".repeat(200_000);
    let src = format!("{{\"a\": {deep}}}");
    let err = parse_json(&src, "t.json").unwrap_err();
    assert_eq!(err.len(), 1);
    let diag = err.iter().next().unwrap();
    assert_eq!(diag.code, Code::NestingTooDeep);
    assert!(diag.detail.contains("max_nesting_depth"));
    // The level that is one too many is reported: the root object is the
    // first level.
    assert_eq!(diag.subject.as_ref().unwrap().start.byte, 6 + 127);

    let options = ParseOptions {
        limits: Limits {
            max_nesting_depth: 3,
            ..Limits::default()
        },
    };
    assert!(parse_json_with("{\"a\": [[1]]}", "t.json", &options).is_ok());
    assert!(parse_json_with("{\"a\": [[[1]]]}", "t.json", &options).is_err());
}

#[test]
fn positions_follow_the_json_column_rule() {
    // A tab is two columns, a carriage return none, a grapheme cluster in
    // a string one.
    let err = parse_json("{\t\"e\u{301}\u{301}\": 1\r ,}", "t.json").unwrap_err();
    assert_eq!(first(&err), "Trailing comma in object @ 1:11-1:12 (14-15)");
    let err = parse_json("{\r\n\t\"a\": 1,\r\n}", "t.json").unwrap_err();
    assert_eq!(first(&err), "Trailing comma in object @ 2:9-2:10 (10-11)");
}

#[test]
fn schemas_tell_attributes_from_blocks() {
    let src = r#"{
  "io_mode": "async",
  "service": {
    "http": {
      "web_proxy": {
        "listen_addr": "127.0.0.1:8080",
        "process": [
          {"main": {"command": ["/usr/local/bin/awesome-app", "server"]}},
          {"mgmt": {"command": ["/usr/local/bin/awesome-app", "mgmt"]}}
        ]
      }
    }
  }
}"#;
    let file = parse_json(src, "t.json").unwrap();
    let top = BodySchema::builder()
        .attribute("io_mode")
        .block("service", &["protocol", "name"])
        .build()
        .unwrap();
    let content = Body::from_json_file(&file).content(&top).unwrap();
    let io_mode = content
        .attributes
        .get("io_mode")
        .unwrap()
        .expr
        .value(&EvalContext::new())
        .unwrap();
    assert_eq!(io_mode, Value::string("async"));
    let service = &content.blocks[0];
    assert_eq!(service.label_values(), ["http", "web_proxy"]);
    assert_eq!(service.labels[1].range().to_string(), "t.json:5,7-18");

    let inner = BodySchema::builder()
        .attribute("listen_addr")
        .block("process", &["type"])
        .build()
        .unwrap();
    let content = service.body.content(&inner).unwrap();
    let kinds: Vec<_> = content.blocks.iter().map(|b| b.labels[0].value).collect();
    assert_eq!(kinds, ["main", "mgmt"]);
    let command = content.blocks[1]
        .body
        .just_attributes()
        .unwrap()
        .get("command")
        .unwrap()
        .expr
        .value(&EvalContext::new())
        .unwrap();
    assert_eq!(
        command.to_string(),
        "[\"/usr/local/bin/awesome-app\", \"mgmt\"]"
    );
}

#[test]
fn arrays_of_bodies_null_bodies_and_comments() {
    let src = r#"{"//": "a comment", "b": [{"x": 1}, {"x": 2}], "c": null}"#;
    let file = parse_json(src, "t.json").unwrap();
    let schema = BodySchema::builder()
        .block("b", &[])
        .block("c", &[])
        .build()
        .unwrap();
    let content = Body::from_json_file(&file).content(&schema).unwrap();
    assert_eq!(content.blocks.len(), 2);
    // Each block of an array of bodies is defined at the array's bracket.
    assert_eq!(content.blocks[1].def_range().to_string(), "t.json:1,26-27");
}

#[test]
fn a_repeated_attribute_is_an_error_and_a_repeated_block_type_adds_blocks() {
    let src = r#"{"a": 1, "a": 2, "b": {}, "b": {}}"#;
    let file = parse_json(src, "t.json").unwrap();
    let schema = BodySchema::builder()
        .attribute("a")
        .block("b", &[])
        .build()
        .unwrap();
    let (content, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema);
    assert_eq!(summaries(&diags), ["Duplicate argument"]);
    assert_eq!(
        diags.iter().next().unwrap().detail,
        "The argument \"a\" was already set at t.json:1,2-8."
    );
    assert_eq!(content.blocks.len(), 2);

    let only_attrs = parse_json(r#"{"a": 1, "a": 2}"#, "t.json").unwrap();
    let err = Body::from_json_file(&only_attrs)
        .just_attributes()
        .unwrap_err();
    assert_eq!(summaries(&err), ["Duplicate attribute definition"]);
}

#[test]
fn extraneous_properties_and_missing_arguments() {
    let file = parse_json("{\n  \"nmae\": 1\n}", "t.json").unwrap();
    let schema = BodySchema::builder()
        .required_attribute("name")
        .build()
        .unwrap();
    let err = Body::from_json_file(&file).content(&schema).unwrap_err();
    assert_eq!(
        summaries(&err),
        [
            "Missing required argument",
            "Extraneous JSON object property"
        ]
    );
    // Something missing is reported at the object's closing brace.
    assert_eq!(first(&err), "Missing required argument @ 3:1-3:2 (14-15)");
    assert!(err.to_string().contains("Did you mean \"name\"?"));
}

#[test]
fn labels_need_an_object() {
    let file = parse_json(r#"{"b": {"x": 1, "y": "z"}, "c": "no"}"#, "t.json").unwrap();
    let schema = BodySchema::builder()
        .block("b", &["l"])
        .block("c", &[])
        .build()
        .unwrap();
    let (content, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema);
    assert!(content.blocks.is_empty());
    assert_eq!(diags.len(), 3);
    assert!(diags.iter().all(|d| d.code == Code::IncorrectJsonValueType));
}

#[test]
fn partial_content_leaves_the_rest() {
    let file = parse_json(r#"{"count": 2, "ami": "x"}"#, "t.json").unwrap();
    let meta = BodySchema::builder().attribute("count").build().unwrap();
    let (content, rest) = Body::from_json_file(&file).partial_content(&meta).unwrap();
    assert!(content.attributes.contains_key("count"));
    let attrs = rest.just_attributes().unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["ami"]);
}

#[test]
fn native_and_json_files_merge() {
    let native = parse("a = 1\n", "main.tf").unwrap();
    let json = parse_json(r#"{"a": 2, "b": 3}"#, "extra.tf.json").unwrap();
    let body = Body::merge([Body::from_file(&native), Body::from_json_file(&json)]);
    let err = body.just_attributes().unwrap_err();
    assert_eq!(summaries(&err), ["Duplicate argument"]);
    let schema = BodySchema::builder().attribute("b").build().unwrap();
    let (content, _) = body.partial_content(&schema).unwrap();
    assert!(content.attributes.contains_key("b"));
}

#[test]
fn the_syntax_is_chosen_by_file_name() {
    assert!(matches!(
        parse_config("{}", "a.tf.json").unwrap(),
        ConfigFile::Json(_)
    ));
    assert!(matches!(
        parse_config("a = 1\n", "a.tf").unwrap(),
        ConfigFile::Native(_)
    ));
    assert!(parse_config("{}", "a.tf").is_err());
}

fn eval(src: &str, ctx: &EvalContext<'_>) -> Result<Value, Diagnostics> {
    let parsed = parse_expression_json(src, "e.json").unwrap();
    ExprRef::from_json(&parsed).value(ctx)
}

#[test]
fn strings_are_templates_in_full_mode_and_text_in_literal_mode() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("n", Value::from(3));
    assert_eq!(eval(r#""${n}""#, &ctx).unwrap(), Value::from(3));
    assert_eq!(
        eval(r#""n is ${n}""#, &ctx).unwrap(),
        Value::string("n is 3")
    );
    assert_eq!(eval(r#""$${n}""#, &ctx).unwrap(), Value::string("${n}"));
    assert_eq!(
        eval(r#"{"${\"k\"}": 1}"#, &ctx).unwrap(),
        Value::object([("k", Value::from(1))])
    );
    let parsed = parse_expression_json(r#"["${n}", "$${n}"]"#, "e.json").unwrap();
    let literal = ExprRef::from_json(&parsed).literal_value().unwrap();
    assert_eq!(
        literal,
        Value::tuple(vec![Value::string("${n}"), Value::string("$${n}")])
    );
}

#[test]
fn numbers_are_exact() {
    let ctx = EvalContext::new();
    let v = eval("[0.1, 1e30, -0, 12345678901234567890123456789]", &ctx).unwrap();
    assert_eq!(
        v.to_string(),
        "[0.1, 1000000000000000000000000000000, -0, 12345678901234567890123456789]"
    );
}

#[test]
fn template_errors_point_into_the_string() {
    let err = eval("\n  \"a ${nope}\"", &EvalContext::new()).unwrap_err();
    assert_eq!(first(&err), "Unknown variable @ 2:8-2:12 (8-12)");
    // In a string with escapes, positions count through the decoded text
    // from the string's start, as the reference's do.
    let err = eval("\"\\u0041 ${nope}\"", &EvalContext::new()).unwrap_err();
    assert_eq!(first(&err), "Unknown variable @ 1:6-1:10 (5-9)");
}

#[test]
fn duplicate_keys_in_an_object_value() {
    let err = eval(r#"{"a": 1, "a": 2}"#, &EvalContext::new()).unwrap_err();
    assert_eq!(first(&err), "Duplicate object attribute @ 1:10-1:13 (9-12)");
    // Past a few names, and names equal once normalized: each repeat is
    // found, and named with where it was first written.
    let mut src = String::from("{");
    for i in 0..20 {
        src.push_str(&format!("\"k{i}\": {i}, "));
    }
    src.push_str(r#""k3": 0, "e\u0301": 1, "\u00e9": 2, "k19": 0}"#);
    let err = eval(&src, &EvalContext::new()).unwrap_err();
    let found: Vec<_> = err
        .iter()
        .map(|d| {
            (
                d.code,
                d.subject.as_ref().unwrap().start.byte as usize,
                d.detail.clone(),
            )
        })
        .collect();
    let first_at = |needle: &str| src.find(needle).unwrap();
    let again_at = |needle: &str| src.rfind(needle).unwrap();
    let detail = |name: &str, needle: &str| {
        let at = first_at(needle) + 1;
        let end = at + needle.len();
        format!("An attribute named \"{name}\" was already defined at e.json:1,{at}-{end}.")
    };
    let dup = Code::DuplicateObjectKey;
    assert_eq!(
        found,
        [
            (dup, again_at("\"k3\""), detail("k3", "\"k3\"")),
            (
                dup,
                first_at(r#""\u00e9""#),
                detail("\u{e9}", r#""e\u0301""#)
            ),
            (dup, again_at("\"k19\""), detail("k19", "\"k19\"")),
        ]
    );
}

#[test]
fn static_analysis_of_json_values() {
    let parsed = parse_expression_json(
        r#"{"list": ["a.b", "c[0]"], "tmpl": "${var.x}-${local.y}", "call": "f(1)"}"#,
        "e.json",
    )
    .unwrap();
    let expr = ExprRef::from_json(&parsed);
    let pairs = expr.as_static_map().unwrap();
    assert_eq!(pairs[0].key.as_keyword(), Some("list"));
    let items = pairs[0].value.as_static_list().unwrap();
    let t = items[0].as_traversal().unwrap();
    assert_eq!(t.to_string(), "a.b");
    // As the reference places it: from the opening quote, one byte early.
    assert_eq!(t.location().text(), "\"a.");
    assert_eq!(items[1].as_traversal().unwrap().to_string(), "c[0]");
    // Strings are templates: only interpolations refer to anything.
    let vars: Vec<String> = expr.variables().iter().map(ToString::to_string).collect();
    assert_eq!(vars, ["var.x", "local.y"]);
    assert_eq!(expr.variables()[1].location().text(), "local.y");
    assert!(pairs[2].value.as_traversal().is_err());
    assert!(expr.as_static_list().is_err());
    assert!(pairs[1].value.is_template());
    assert_eq!(pairs[1].value.as_string_literal(), None);
    assert_eq!(
        pairs[0].key.as_string_literal().map(|s| s.as_ref()),
        Some("list")
    );
}

#[test]
fn duplicate_property_names_are_kept_in_order() {
    let parsed = parse_expression_json(r#"{"a": 1, "b": 2, "a": 3}"#, "e.json").unwrap();
    let pairs = ExprRef::from_json(&parsed).as_static_map().unwrap();
    let keys: Vec<_> = pairs.iter().map(|p| p.key.location().text()).collect();
    assert_eq!(keys, ["\"a\"", "\"b\"", "\"a\""]);
}

#[test]
fn a_long_line_of_many_properties_reads_in_one_pass() {
    // Every property of a one-line document is extraneous: each report asks
    // for a position far into the line, which the checkpoints keep from
    // being counted from the line's start.
    let props: Vec<String> = (0..5000).map(|i| format!("\"p{i}\": {i}")).collect();
    let src = format!("{{{}}}", props.join(", "));
    let file = parse_json(&src, "t.json").unwrap();
    let (_, diags) = Body::from_json_file(&file).content_with_diagnostics(&BodySchema::default());
    assert_eq!(diags.len(), 5000);
    let last = diags.iter().last().unwrap().subject.as_ref().unwrap();
    assert_eq!(
        last.start.column as usize,
        src.rfind("\"p4999\"").unwrap() + 1
    );
}

#[test]
fn strings_decode_as_go_decodes_them() {
    use super::strings::decode_string;
    let ok = |token: &str| decode_string(token).unwrap().into_owned();
    assert_eq!(ok(r#""plain""#), "plain");
    assert!(matches!(
        decode_string(r#""plain""#).unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(ok(r#""a\"b\\c\/d\b\f\n\r\t""#), "a\"b\\c/d\u{8}\u{c}\n\r\t");
    assert_eq!(ok(r#""\u00e9\ud83d\ude00""#), "é😀");
    // Half a surrogate pair is U+FFFD, and what follows it is kept.
    assert_eq!(ok(r#""\ud83dA\udc00""#), "\u{FFFD}A\u{FFFD}");
    assert_eq!(ok(r#""\ud83d\u0041""#), "\u{FFFD}A");
    // Errors: one past the byte at fault, or the length when cut short.
    assert_eq!(decode_string(r#""x\q""#).unwrap_err(), 4);
    assert_eq!(decode_string(r#""\u12g4""#).unwrap_err(), 6);
    assert_eq!(decode_string(r#""abc"#).unwrap_err(), 4);
    assert_eq!(decode_string(r#""abc\""#).unwrap_err(), 6);
    assert_eq!(decode_string(r#""\u12"#).unwrap_err(), 5);
}

#[test]
fn numbers_follow_the_json_grammar() {
    use super::strings::valid_number;
    for good in [
        "0", "-0", "1", "-12", "1.5", "0.25", "1e5", "1E+5", "2.5e-3",
    ] {
        assert!(valid_number(good), "{good}");
    }
    for bad in [
        "", "-", "+1", ".5", "5.", "01", "1e", "1e+", "1.2.3", "--1", "0x1", "1-",
    ] {
        assert!(!valid_number(bad), "{bad}");
    }
}

#[test]
fn columns_on_a_long_line_count_through_strings() {
    // Each `"é", ` is six bytes and five columns; far along the line the
    // positions come from checkpoints.
    let n = 3000;
    let src = format!("[{}1]", "\"é\", ".repeat(n));
    let file = crate::SourceFile::new_json("t.json", &src);
    for k in [0, 1, 700, 1500, 2999] {
        let pos = file.pos(1 + 6 * k as u32);
        assert_eq!(pos.column, 2 + 5 * k as u32, "string {k}");
    }
    assert_eq!(file.pos(src.len() as u32 - 1).column, 2 + 5 * n as u32 + 1);
}

#[test]
fn bodies_of_the_wrong_kind() {
    let file = parse_json(r#"[{"a": 1}, {"b": 2}]"#, "t.json").unwrap();
    // A root array of objects is one body for a schema, but not a map of
    // attributes.
    let schema = BodySchema::builder()
        .attribute("a")
        .attribute("b")
        .build()
        .unwrap();
    let content = Body::from_json_file(&file).content(&schema).unwrap();
    assert_eq!(content.attributes.len(), 2);
    let err = Body::from_json_file(&file).just_attributes().unwrap_err();
    assert_eq!(first(&err), "Incorrect JSON value type @ 1:1-1:2 (0-1)");
    // Something missing from an array of objects is reported at its `[`.
    let at = Body::from_json_file(&file).missing_item().unwrap();
    assert_eq!(at.range().to_string(), "t.json:1,1-2");

    let file = parse_json(r#"{"b": null, "c": 1}"#, "t.json").unwrap();
    let schema = BodySchema::builder()
        .block("b", &["name"])
        .block("c", &[])
        .build()
        .unwrap();
    let (_, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema);
    assert_eq!(
        summaries(&diags),
        ["Missing block label", "Incorrect JSON value type"]
    );
    assert_eq!(diags.iter().next().unwrap().code, Code::MissingLabel);
}

#[test]
fn the_syntax_neutral_listings_of_a_json_body() {
    let file = parse_json(r#"{"b": 1, "a": 2}"#, "t.json").unwrap();
    let body = Body::from_json_file(&file);
    // Every property is an attribute, in source order.
    let (attrs, blocks) = body.items();
    let names: Vec<&str> = attrs.iter().map(|a| a.name).collect();
    assert_eq!(names, ["b", "a"]);
    assert!(blocks.is_empty());
    assert_eq!(body.files().len(), 1);
    assert_eq!(body.source_len(), 16);
}

#[test]
fn literal_value_of_a_native_expression_allows_no_variables() {
    let src = "a + 1";
    let expr = crate::parse_expression(src, "e.hcl").unwrap();
    let file = std::sync::Arc::new(crate::SourceFile::new("e.hcl", src));
    let err = ExprRef::new(&expr, &file).literal_value().unwrap_err();
    assert_eq!(summaries(&err), ["Variables not allowed"]);
}

#[test]
fn an_object_key_that_is_not_a_string() {
    let mut ctx = EvalContext::new();
    ctx.set_variable("l", Value::tuple(vec![]));
    let err = eval(r#"{"${l}": 1, "${null}": 2}"#, &ctx).unwrap_err();
    assert_eq!(
        summaries(&err),
        [
            "Invalid object key expression",
            "Invalid object key expression"
        ]
    );
}

#[test]
fn a_byte_that_starts_no_token_is_reported_and_rendered() {
    for src in ["\u{feff}{}", "{\"a\": é}", "{\"a\": 1}\u{0}"] {
        let err = parse_json(src, "t.json").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("Error: "), "{src:?}: {text}");
        let diag = err.iter().next().unwrap();
        let range = diag.subject.as_ref().unwrap();
        assert_eq!(range.end.byte, range.start.byte + 1, "{src:?}");
    }
}

#[test]
fn a_schema_of_many_attributes_reads_as_one_of_a_few() {
    // More attributes than a body's processing keeps on the stack: the
    // same content, in name order, with the same duplicate and missing
    // diagnostics.
    let names: Vec<String> = (0..40).map(|i| format!("a{i:02}")).collect();
    let props: Vec<String> = names
        .iter()
        .rev()
        .enumerate()
        .filter(|(i, _)| i % 3 != 0)
        .map(|(i, n)| format!("\"{n}\": {i}"))
        .collect();
    let src = format!("{{{}, \"a01\": 99}}", props.join(", "));
    let file = parse_json(&src, "t.json").unwrap();
    let mut builder = BodySchema::builder();
    for n in &names {
        builder = builder.required_attribute(n);
    }
    let schema = builder.build().unwrap();
    let (content, diags) = Body::from_json_file(&file).content_with_diagnostics(&schema);
    let keys: Vec<&str> = content.attributes.keys().collect();
    let mut expected: Vec<&str> = names
        .iter()
        .rev()
        .enumerate()
        .filter(|(i, _)| i % 3 != 0)
        .map(|(_, n)| n.as_str())
        .collect();
    expected.sort_unstable();
    assert_eq!(keys, expected);
    let value = |n: &str| {
        let attr = content.attributes.get(n).unwrap();
        attr.expr.value(&EvalContext::new()).unwrap()
    };
    // The first definition of a name given twice stands.
    assert_eq!(value("a01"), Value::from(38));
    let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
    assert_eq!(
        codes
            .iter()
            .filter(|c| **c == Code::DuplicateArgument)
            .count(),
        1
    );
    assert_eq!(
        codes
            .iter()
            .filter(|c| **c == Code::MissingRequiredArgument)
            .count(),
        40 - expected.len()
    );
}

#[test]
fn a_template_sequence_written_with_escapes_is_a_template() {
    // `\u0024{` is `${` once decoded, and the decoded text is the template;
    // a sequence split by an escape is not one.
    let ctx = EvalContext::new();
    let cases = [
        (r#""\u0024{1 + 1}""#, Some(Value::from(2))),
        (r#""\u0025{ if true }x%{ endif }""#, Some(Value::from("x"))),
        (r#""$\u007b1 + 1}""#, Some(Value::from(2))),
        (r#""${1 + 1}""#, Some(Value::from(2))),
        (r#""$\\{1}""#, None),
        (r#""a\n{b}""#, None),
    ];
    for (src, template) in cases {
        let parsed = parse_expression_json(src, "e.json").unwrap();
        let expr = ExprRef::from_json(&parsed);
        assert_eq!(
            expr.as_string_literal().is_none(),
            template.is_some(),
            "{src}"
        );
        match template {
            Some(value) => assert_eq!(expr.value(&ctx).unwrap(), value, "{src}"),
            None => {
                let text = expr.as_string_literal().unwrap().to_string();
                assert_eq!(expr.value(&ctx).unwrap(), Value::from(text), "{src}");
            }
        }
    }
}
