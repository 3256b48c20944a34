//! What is wrong with a document: the parser's syntax errors, then, with a
//! schema, what hcl-core's schema processing finds level by level, the
//! block counts the schema asks for, and attribute values outside an
//! attribute's `values`.

use hcl_core::schema::BodySchema;
use hcl_core::{suggest_name, Body, BodyContent, Code, Diagnostic};
use hcl_serde::ConfigSchema;

/// The [`BodySchema`] of one level of a [`ConfigSchema`]: its attributes
/// (required or not) and its block types with their label names.
///
/// # Errors
///
/// hcl-core's message when the level declares a name twice, or as both an
/// attribute and a block type.
pub(crate) fn body_schema(level: &ConfigSchema) -> Result<BodySchema, String> {
    let mut builder = BodySchema::builder();
    for attribute in &level.attributes {
        builder = if attribute.required {
            builder.required_attribute(&attribute.name)
        } else {
            builder.attribute(&attribute.name)
        };
    }
    for block in &level.blocks {
        let labels: Vec<&str> = block.labels.iter().map(String::as_str).collect();
        builder = builder.block(&block.block_type, &labels);
    }
    builder.build().map_err(|err| err.to_string())
}

/// Checks that every level of `schema` makes a [`BodySchema`]; the error
/// names the level (its block types from the top, `.`-separated).
pub(crate) fn validate(schema: &ConfigSchema) -> Result<(), String> {
    fn walk(level: &ConfigSchema, path: &mut Vec<String>) -> Result<(), String> {
        if let Err(err) = body_schema(level) {
            return Err(if path.is_empty() {
                format!("the top level: {err}")
            } else {
                format!("the body of {}: {err}", path.join("."))
            });
        }
        for block in &level.blocks {
            path.push(block.block_type.clone());
            let of_type = |err: String| format!("the block type {}: {err}", path.join("."));
            if let Some(prefix) = &block.defines {
                defines(block.labels.len(), prefix).map_err(of_type)?;
            }
            let (values, labels) = (block.label_values.len(), block.labels.len());
            if values != 0 && values != labels {
                return Err(of_type(format!(
                    "has {values} lists of label values for {labels} labels"
                )));
            }
            walk(&block.body, path)?;
            path.pop();
        }
        Ok(())
    }
    walk(schema, &mut Vec::new())
}

/// Checks a block type's `defines`: its blocks have one label, and the
/// prefix is a name that can start a traversal.
fn defines(labels: usize, prefix: &str) -> Result<(), String> {
    if labels != 1 {
        return Err(format!(
            "defines names as {prefix:?} but has {labels} labels, not one"
        ));
    }
    if !hcl_core::types::is_identifier(prefix) {
        return Err(format!("defines names with {prefix:?}, not an identifier"));
    }
    Ok(())
}

/// The diagnostics of a document of either syntax (by `filename`):
/// its syntax errors, or when it parses and a schema is given, the
/// schema's.
pub(crate) fn diagnostics(
    text: &str,
    filename: &str,
    schema: Option<&ConfigSchema>,
) -> Vec<Diagnostic> {
    let file = match hcl_core::parse_config(text, filename) {
        Ok(file) => file,
        Err(diags) => return diags.into_vec(),
    };
    let mut out = Vec::new();
    if let Some(schema) = schema {
        check_body(&Body::from_config_file(&file), schema, &mut out);
    }
    out
}

/// Checks `body` against one level of the schema, then each block against
/// its own level.
pub(crate) fn check_body(body: &Body<'_>, level: &ConfigSchema, out: &mut Vec<Diagnostic>) {
    let Some(content) = check_level(body, level, out) else {
        return;
    };
    for block in &content.blocks {
        if let Some(info) = level.block(block.block_type) {
            check_body(&block.body, &info.body, out);
        }
    }
}

/// Checks `body` against one level of the schema, not its blocks' bodies:
/// gives the content whose blocks are to be checked in turn, `None` when
/// the level is not a valid schema.
pub(crate) fn check_level<'a>(
    body: &Body<'a>,
    level: &ConfigSchema,
    out: &mut Vec<Diagnostic>,
) -> Option<BodyContent<'a>> {
    let schema = match body_schema(level) {
        Ok(schema) => schema,
        Err(err) => {
            out.push(Diagnostic::error(
                Code::InvalidSchema,
                "Invalid schema",
                err,
            ));
            return None;
        }
    };
    let (content, diags) = body.content_with_diagnostics(&schema);
    out.extend(diags.into_vec());
    for info in &level.attributes {
        let Some(attribute) = content.attributes.get(&info.name) else {
            continue;
        };
        let Some(value) = attribute.expr.as_string_literal() else {
            continue;
        };
        if !info.values.is_empty() && !info.values.iter().any(|v| v == value.as_ref()) {
            out.push(attribute.expr.location().error(
                Code::InvalidValue,
                "Invalid value",
                not_one_of(&info.name, value, &info.values),
            ));
        }
    }
    // A block left out of the content for its labels is not missing.
    let (attribute_names, block_types) = body.item_names();
    let written = |name: &str| attribute_names.contains(&name) || block_types.contains(&name);
    for info in &level.blocks {
        let mut blocks = content.blocks_of_type(&info.block_type);
        match (blocks.next(), blocks.next()) {
            // An editor shows a diagnostic only where it points.
            (None, _)
                if info.required
                    && !written(&info.block_type)
                    && content.missing_item.is_some() =>
            {
                out.push(content.missing_block_error(&info.block_type));
            }
            (Some(first), Some(second)) if !info.many => {
                out.push(second.duplicate_error(first));
            }
            _ => {}
        }
    }
    Some(content)
}

/// The detail of a value outside an attribute's values.
fn not_one_of(name: &str, value: &str, values: &[String]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    let mut detail = format!(
        "The value {value:?} is not one of the values of {name:?}: {}.",
        quoted.join(", ")
    );
    if let Some(close) = suggest_name(value, values.iter().map(String::as_str)) {
        detail.push_str(&format!(" Did you mean {close:?}?"));
    }
    detail
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_serde::{AttributeInfo, BlockInfo};

    fn schema() -> ConfigSchema {
        ConfigSchema {
            attributes: vec![AttributeInfo {
                name: "region".into(),
                type_name: "string".into(),
                required: true,
                values: vec!["eu-west-1".into(), "us-east-1".into()],
                doc: None,
            }],
            blocks: vec![BlockInfo {
                block_type: "service".into(),
                labels: vec!["name".into()],
                required: true,
                many: false,
                body: ConfigSchema {
                    attributes: vec![AttributeInfo {
                        name: "port".into(),
                        type_name: "number".into(),
                        required: true,
                        ..AttributeInfo::default()
                    }],
                    ..ConfigSchema::default()
                },
                ..BlockInfo::default()
            }],
            doc: None,
        }
    }

    fn codes(text: &str) -> Vec<Code> {
        diagnostics(text, "app.hcl", Some(&schema()))
            .into_iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn a_valid_file_has_no_diagnostics() {
        let text = "region = \"eu-west-1\"\nservice \"web\" {\n  port = 80\n}\n";
        assert_eq!(codes(text), []);
        assert_eq!(diagnostics(text, "app.hcl", None).len(), 0);
    }

    #[test]
    fn schema_processing_reports_each_level() {
        let text = "regoin = \"x\"\nservice \"web\" {\n  prot = 80\n}\nservice {\n}\nextra {}\n";
        let found = codes(text);
        for code in [
            Code::UnsupportedArgument,
            Code::MissingRequiredArgument,
            Code::MissingLabel,
            Code::UnsupportedBlockType,
        ] {
            assert!(found.contains(&code), "{code:?} in {found:?}");
        }
    }

    #[test]
    fn block_counts_and_values() {
        assert_eq!(
            codes("region = \"eu-west-2\"\n"),
            [Code::InvalidValue, Code::MissingBlock]
        );
        let two = "region = \"us-east-1\"\nservice \"a\" {\n  port = 1\n}\nservice \"b\" {\n  port = 2\n}\n";
        assert_eq!(codes(two), [Code::DuplicateBlock]);
        let diag = diagnostics("region = \"eu-west-2\"\n", "a.hcl", Some(&schema()));
        assert!(
            diag[0].detail.contains("Did you mean \"eu-west-1\"?"),
            "{}",
            diag[0].detail
        );
        assert_eq!(diag[0].subject.as_ref().map(|r| r.start.byte), Some(9));
    }

    #[test]
    fn syntax_errors_come_first_and_alone() {
        assert_eq!(
            codes("service \"web\" {\n  port = \n"),
            [Code::InvalidExpression]
        );
    }

    #[test]
    fn the_json_syntax_is_checked_too() {
        let text = r#"{"region": "eu-west-1", "service": {"web": {"port": 80, "x": 1}}}"#;
        let found: Vec<Code> = diagnostics(text, "app.hcl.json", Some(&schema()))
            .into_iter()
            .map(|d| d.code)
            .collect();
        assert_eq!(found, [Code::ExtraneousJsonProperty]);
    }

    #[test]
    fn a_schema_that_declares_a_name_twice_is_invalid() {
        let mut bad = schema();
        let port = bad.blocks[0].body.attributes[0].clone();
        bad.blocks[0].body.attributes.push(port);
        let err = validate(&bad).unwrap_err();
        assert!(err.starts_with("the body of service: "), "{err}");
        assert!(validate(&schema()).is_ok());
        assert_eq!(codes_of(&bad), [Code::InvalidSchema]);
    }

    #[test]
    fn a_block_type_defines_names_with_one_label_and_an_identifier() {
        let mut good = schema();
        good.blocks[0].defines = Some("svc".into());
        assert!(validate(&good).is_ok());
        let mut bad = good.clone();
        bad.blocks[0].defines = Some("a.b".into());
        assert!(validate(&bad).is_err());
        let mut bad = good;
        bad.blocks[0].labels.push("second".into());
        assert!(validate(&bad).is_err());
    }

    #[test]
    fn label_values_are_one_list_per_label() {
        let mut good = schema();
        good.blocks[0].label_values = vec![vec!["web".into()]];
        assert!(validate(&good).is_ok());
        let mut bad = good;
        bad.blocks[0].label_values.push(Vec::new());
        let err = validate(&bad).unwrap_err();
        assert!(
            err.contains("2 lists of label values for 1 labels"),
            "{err}"
        );
    }

    fn codes_of(schema: &ConfigSchema) -> Vec<Code> {
        let text = "region = \"eu-west-1\"\nservice \"web\" {\n  port = 80\n}\n";
        diagnostics(text, "app.hcl", Some(schema))
            .into_iter()
            .map(|d| d.code)
            .collect()
    }
}
