//! Schema processing of merged bodies: each part in turn, then the union.
//!
//! Parts never check required attributes themselves, since any one part
//! may define an attribute; the merged body checks them over the union.

use super::attributes::{Attributes, Gathered};
use super::body::Body;
use super::content::{Attribute, BodyContent};
use super::definition::BodySchema;
use crate::diagnostic::{Code, Diagnostic, Diagnostics};

pub(super) fn content<'a>(
    parts: &[Body<'a>],
    schema: &BodySchema,
    check_required: bool,
    diags: &mut Diagnostics,
) -> BodyContent<'a> {
    let mut content = BodyContent::new(parts.first().and_then(Body::missing_item));
    let mut attrs = Gathered::default();
    for part in parts {
        let found = part.content_into(schema, false, diags);
        absorb(&mut content, &mut attrs, found, diags);
    }
    content.attributes = attrs.finish();
    if check_required {
        check_required_attributes(&content, schema, diags);
    }
    content
}

pub(super) fn partial_content<'a>(
    parts: &[Body<'a>],
    schema: &BodySchema,
    check_required: bool,
    diags: &mut Diagnostics,
) -> (BodyContent<'a>, Vec<Body<'a>>) {
    let mut content = BodyContent::new(parts.first().and_then(Body::missing_item));
    let mut rests = Vec::with_capacity(parts.len());
    let mut attrs = Gathered::default();
    for part in parts {
        let (found, rest) = part.partial_into(schema, false, diags);
        absorb(&mut content, &mut attrs, found, diags);
        rests.push(rest);
    }
    content.attributes = attrs.finish();
    if check_required {
        check_required_attributes(&content, schema, diags);
    }
    (content, rests)
}

pub(super) fn just_attributes<'a>(parts: &[Body<'a>], diags: &mut Diagnostics) -> Attributes<'a> {
    let mut attrs = Gathered::default();
    for part in parts {
        for attr in part.just_attributes_into(diags) {
            add_attribute(&mut attrs, attr, diags);
        }
    }
    attrs.finish()
}

/// Takes what a part gave: its blocks after the earlier parts', its
/// attributes into `attrs`.
fn absorb<'a>(
    content: &mut BodyContent<'a>,
    attrs: &mut Gathered<'a>,
    found: BodyContent<'a>,
    diags: &mut Diagnostics,
) {
    for attr in found.attributes {
        add_attribute(attrs, attr, diags);
    }
    content.blocks.extend(found.blocks);
}

/// Adds an attribute of a later part, unless an earlier part defined it.
fn add_attribute<'a>(attrs: &mut Gathered<'a>, attr: Attribute<'a>, diags: &mut Diagnostics) {
    let name = attr.name;
    let at = attr.name_location();
    if let Err(existing) = attrs.add(attr) {
        diags.push(at.error(
            Code::DuplicateArgument,
            "Duplicate argument",
            format!(
                "Argument \"{name}\" was already set at {}",
                existing.name_range()
            ),
        ));
    }
}

fn check_required_attributes(
    content: &BodyContent<'_>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) {
    for attr in schema.attributes() {
        if attr.required && !content.attributes.contains_key(attr.name.as_str()) {
            diags.push(Diagnostic::error(
                Code::MissingRequiredArgument,
                "Missing required argument",
                format!(
                    "The argument \"{}\" is required, but was not set.",
                    attr.name
                ),
            ));
        }
    }
}
