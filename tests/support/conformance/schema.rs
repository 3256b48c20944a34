//! Kind `schema`: a file read through a SCHEMA as an application reads it
//! (`Content`, `PartialContent`, `JustAttributes`), compared with the
//! reference's CONTENT (`FORMAT.md`, "Schemas and the JSON syntax").

use hcl_core::schema::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
use hcl_core::{Diagnostics, EvalContext, File};
use serde_json::Value as Json;

use super::compare::compare_result;
use super::context::{is_literal, Names};
use super::diagnostics::{self, compare_range};

/// The schema of the case, or of a block type's body, or a `rest`: absent
/// means `{"mode": "attributes"}`.
fn mode(schema: &Json) -> &str {
    if schema.is_null() {
        return "attributes";
    }
    schema["mode"].as_str().unwrap_or("content")
}

fn body_schema(schema: &Json) -> Result<BodySchema, String> {
    let list = |key: &str| schema[key].as_array().cloned().unwrap_or_default();
    let attributes = list("attributes")
        .iter()
        .map(|a| AttributeSchema {
            name: a["name"].as_str().unwrap_or_default().to_owned(),
            required: a["required"] == true,
        })
        .collect();
    let blocks = list("blocks")
        .iter()
        .map(|b| {
            let labels: Vec<&str> = b["labels"]
                .as_array()
                .map(|l| l.iter().filter_map(Json::as_str).collect())
                .unwrap_or_default();
            BlockHeaderSchema::new(b["type"].as_str().unwrap_or_default(), &labels)
        })
        .collect();
    BodySchema::new(attributes, blocks).map_err(|e| format!("our schema refuses it: {e}"))
}

/// The SCHEMA of a block type's body.
fn block_body_schema<'j>(schema: &'j Json, block_type: &str) -> &'j Json {
    schema["blocks"]
        .as_array()
        .and_then(|bs| bs.iter().find(|b| b["type"] == block_type))
        .map_or(&Json::Null, |b| &b["body"])
}

struct Reader<'c, 'n> {
    ctx: &'c EvalContext<'c>,
    names: &'n Names,
    /// `"eval": "literal"`: no evaluation context at all.
    literal: bool,
}

pub fn run(
    case: &Json,
    ctx: &EvalContext<'_>,
    file: &File<'_>,
    names: &Names,
) -> Result<(), String> {
    run_body(case, ctx, &Body::from_file(file), names)
}

/// Reads `body`, a file's, through the case's schema.
pub fn run_body(
    case: &Json,
    ctx: &EvalContext<'_>,
    body: &Body<'_>,
    names: &Names,
) -> Result<(), String> {
    let reader = Reader {
        ctx,
        names,
        literal: is_literal(case),
    };
    reader.read(body, &case["schema"], &case["expect"], "")
}

impl Reader<'_, '_> {
    /// Reads `body` with `schema` and compares with the CONTENT `expect`.
    fn read(
        &self,
        body: &Body<'_>,
        schema: &Json,
        expect: &Json,
        path: &str,
    ) -> Result<(), String> {
        match mode(schema) {
            "attributes" => {
                let (attrs, diags) = body.just_attributes_with_diagnostics();
                self.diagnostics(&diags, expect, path)?;
                let attrs: Vec<_> = attrs.into_values().collect();
                self.attributes(&attrs, expect, path)?;
                self.no_blocks(expect, path)
            }
            "partial" => {
                let (content, rest, diags) =
                    body.partial_content_with_diagnostics(&body_schema(schema)?);
                self.content(&content, &diags, schema, expect, path)?;
                self.read(
                    &rest,
                    &schema["rest"],
                    &expect["rest"],
                    &format!("{path}rest/"),
                )
            }
            _ => {
                let (content, diags) = body.content_with_diagnostics(&body_schema(schema)?);
                self.content(&content, &diags, schema, expect, path)
            }
        }
    }

    fn diagnostics(&self, diags: &Diagnostics, expect: &Json, path: &str) -> Result<(), String> {
        let theirs = expect["diagnostics"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        diagnostics::compare(path, diags.as_slice(), theirs, self.names)
    }

    fn no_blocks(&self, expect: &Json, path: &str) -> Result<(), String> {
        match expect["blocks"].as_array().map(Vec::len) {
            None | Some(0) => Ok(()),
            Some(n) => Err(format!("{path}blocks: expected {n}, got none")),
        }
    }

    fn content(
        &self,
        content: &hcl_core::BodyContent<'_>,
        diags: &Diagnostics,
        schema: &Json,
        expect: &Json,
        path: &str,
    ) -> Result<(), String> {
        self.diagnostics(diags, expect, path)?;
        // The reference lists attributes in schema order.
        let order = schema["attributes"].as_array().cloned().unwrap_or_default();
        let attrs: Vec<_> = order
            .iter()
            .filter_map(|a| {
                content
                    .attributes
                    .get(a["name"].as_str().unwrap_or_default())
            })
            .cloned()
            .collect();
        self.attributes(&attrs, expect, path)?;
        let theirs = expect["blocks"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let ours: Vec<String> = content
            .blocks
            .iter()
            .map(|b| format!("{} {:?}", b.block_type, b.label_values()))
            .collect();
        let expected: Vec<String> = theirs
            .iter()
            .map(|b| {
                let labels: Vec<&str> = b["labels"]
                    .as_array()
                    .map(|l| l.iter().filter_map(Json::as_str).collect())
                    .unwrap_or_default();
                format!("{} {labels:?}", b["type"].as_str().unwrap_or_default())
            })
            .collect();
        if ours != expected {
            return Err(format!("{path}blocks: expected {expected:?}, got {ours:?}"));
        }
        for (i, (block, t)) in content.blocks.iter().zip(theirs).enumerate() {
            let here = format!("{path}{}[{i}]", block.block_type);
            compare_range(
                &format!("{here}.def_range"),
                &block.def_range(),
                &t["def_range"],
            )?;
            compare_range(
                &format!("{here}.type_range"),
                &block.type_range(),
                &t["type_range"],
            )?;
            let label_ranges = t["label_ranges"].as_array().cloned().unwrap_or_default();
            for (j, (label, r)) in block.labels.iter().zip(&label_ranges).enumerate() {
                compare_range(&format!("{here}.label_ranges[{j}]"), &label.range(), r)?;
            }
            let body_schema = block_body_schema(schema, block.block_type);
            self.read(&block.body, body_schema, &t["body"], &format!("{here}/"))?;
        }
        Ok(())
    }

    fn attributes(
        &self,
        ours: &[hcl_core::schema::Attribute<'_>],
        expect: &Json,
        path: &str,
    ) -> Result<(), String> {
        let theirs = expect["attributes"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let our_names: Vec<&str> = ours.iter().map(|a| a.name).collect();
        let their_names: Vec<&str> = theirs.iter().filter_map(|a| a["name"].as_str()).collect();
        if our_names != their_names {
            return Err(format!(
                "{path}attributes: expected {their_names:?}, got {our_names:?}"
            ));
        }
        for (attr, t) in ours.iter().zip(theirs) {
            let here = format!("{path}{}", attr.name);
            compare_range(&format!("{here}.range"), &attr.range(), &t["range"])?;
            compare_range(
                &format!("{here}.name_range"),
                &attr.name_range(),
                &t["name_range"],
            )?;
            let (value, diags) = if self.literal {
                attr.expr.literal_value_with_diagnostics()
            } else {
                attr.expr.value_with_diagnostics(self.ctx)
            };
            compare_result(
                &format!("{here}: "),
                Some(&value),
                &diags,
                &t["result"],
                self.names,
            )?;
        }
        Ok(())
    }
}
