//! The rules on the fields of the annotated struct taken together, one
//! function each: where labels go, which names and roles may appear
//! twice, and what `#[serde(flatten)]` allows beside it.

use std::collections::HashMap;

use crate::attrs::Role;
use crate::errors::Errors;
use crate::model::{Field, Model};

/// Checks the fields of `model` against each other.
pub(crate) fn check(model: &Model, errors: &mut Errors) {
    labels_first(model, errors);
    unique_labels(model, errors);
    at_most_one(
        model,
        &Role::Body,
        "a struct takes at most one #[hcl(body)] field",
        errors,
    );
    at_most_one(
        model,
        &Role::Remain,
        "a struct takes at most one #[hcl(remain)] field",
        errors,
    );
    unique_names(model, errors);
    no_flatten_beside_marks(model, errors);
}

/// Label fields come before all other fields, in the order of the
/// block's labels.
fn labels_first(model: &Model, errors: &mut Errors) {
    let mut seen_other = false;
    for field in &model.fields {
        if let Role::Label(_) = field.role {
            if seen_other {
                errors.at(
                    field.role_span,
                    "label fields must come before all other fields",
                );
            }
        } else {
            seen_other = true;
        }
    }
}

/// Two labels have different names.
fn unique_labels(model: &Model, errors: &mut Errors) {
    let labels = model
        .fields
        .iter()
        .filter_map(|field| Some((field, field.label.as_deref()?)));
    each_repeat(labels, |field, earlier, label| {
        errors.at(
            field.ident_span,
            format!("field `{earlier}` already names a label \"{label}\""),
        );
    });
}

/// Two fields of the body have different names in the document.
fn unique_names(model: &Model, errors: &mut Errors) {
    let names = model
        .fields
        .iter()
        .filter(|field| field.in_schema)
        .map(|field| (field, field.name.as_str()));
    each_repeat(names, |field, earlier, name| {
        errors.at(
            field.ident_span,
            format!("field `{earlier}` already has the name \"{name}\" in the document"),
        );
    });
}

/// Calls `repeat` with each field of `named` whose name an earlier one
/// has, the identifier of the last such earlier field, and the name.
fn each_repeat<'a>(
    named: impl Iterator<Item = (&'a Field, &'a str)>,
    mut repeat: impl FnMut(&Field, &str, &str),
) {
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for (field, name) in named {
        if let Some(earlier) = seen.insert(name, &field.ident_name) {
            repeat(field, earlier, name);
        }
    }
}

/// At most one field has `role`: each after the first is `message`.
fn at_most_one(model: &Model, role: &Role, message: &str, errors: &mut Errors) {
    let fields = model.fields.iter().filter(|field| field.role == *role);
    for field in fields.skip(1) {
        errors.at(field.role_span, message);
    }
}

/// No `#[serde(flatten)]` field beside fields with marks.
fn no_flatten_beside_marks(model: &Model, errors: &mut Errors) {
    // serde reads and writes a struct with a flattened field as a map,
    // without the struct's name, which is where the roles travel.
    if let (Some(flatten), true) = (model.flatten, model.has_marks()) {
        errors.at(
            flatten,
            "serde reads a struct with a #[serde(flatten)] field as a map, without the \
             struct's name, which is how #[hcl] options reach the decoder: take the items \
             the other fields leave with #[hcl(remain)] (of a map, a struct or a RawBody) \
             instead",
        );
    }
}
