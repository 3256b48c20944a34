//! The operations of the `edit` benchmark and of the `edit_count` example,
//! shared so that the timed runs and the counted runs do the same work:
//! parse a file to edit it and print it back, with or without one edit,
//! with `hcl_core::edit::Document` and (feature `peers`) with hcl-edit.

use hcl_core::{edit::Document, Value};

/// The block the edit is made in: one `resource` block near the middle of
/// the peers' plain 1 MB input (`../shared/bench/gen.py --mb 1 --seed 42`).
pub const BLOCK_TYPE: &str = "resource";
/// The labels of the block edited.
pub const BLOCK_LABELS: [&str; 2] = ["google_storage_bucket", "r1322_xray_backup"];
/// The attribute of that block whose value the edit sets.
pub const ATTRIBUTE: &str = "count";
/// The value set.
pub const NEW_VALUE: i64 = 9;

/// Parses `text` as a `Document` and prints it back.
///
/// # Panics
///
/// When `text` does not parse.
pub fn core_print(text: &str) -> String {
    match Document::parse(text, "bench.tf") {
        Ok(doc) => doc.to_string(),
        Err(err) => panic!("hcl_core rejects the input:\n{err}"),
    }
}

/// Parses `text` as a `Document`, sets [`ATTRIBUTE`] of the block
/// [`BLOCK_TYPE`] [`BLOCK_LABELS`] to [`NEW_VALUE`] and prints it.
///
/// # Panics
///
/// When `text` does not parse or has no such block.
pub fn core_edit(text: &str) -> String {
    let mut doc = match Document::parse(text, "bench.tf") {
        Ok(doc) => doc,
        Err(err) => panic!("hcl_core rejects the input:\n{err}"),
    };
    let Some(block) = doc
        .body_mut()
        .first_matching_block_mut(BLOCK_TYPE, &BLOCK_LABELS)
    else {
        panic!("the input has no block {BLOCK_TYPE} {BLOCK_LABELS:?}");
    };
    if let Err(err) = block
        .body_mut()
        .set_attribute_value(ATTRIBUTE, &Value::from(NEW_VALUE))
    {
        panic!("cannot set {ATTRIBUTE}:\n{err}");
    }
    doc.to_string()
}

/// Parses `text` with hcl-edit's `parse_body` and prints it back.
///
/// # Panics
///
/// When hcl-edit rejects `text`.
#[cfg(feature = "peers")]
pub fn hcl_edit_print(text: &str) -> String {
    match hcl_edit::parser::parse_body(text) {
        Ok(body) => body.to_string(),
        Err(err) => panic!("hcl-edit rejects the input:\n{err}"),
    }
}

/// The edit of [`core_edit`] with hcl-edit: the block found among the
/// body's blocks of its type by its labels, the attribute's expression
/// replaced (keeping the space before it) and the body printed.
///
/// # Panics
///
/// When hcl-edit rejects `text` or it has no such block or attribute.
#[cfg(feature = "peers")]
pub fn hcl_edit_edit(text: &str) -> String {
    use hcl_edit::expr::Expression;
    use hcl_edit::Decorate;

    let mut body = match hcl_edit::parser::parse_body(text) {
        Ok(body) => body,
        Err(err) => panic!("hcl-edit rejects the input:\n{err}"),
    };
    let Some(block) = body
        .get_blocks_mut(BLOCK_TYPE)
        .find(|block| block.has_exact_labels(&BLOCK_LABELS))
    else {
        panic!("the input has no block {BLOCK_TYPE} {BLOCK_LABELS:?}");
    };
    let Some(mut attribute) = block.body.get_attribute_mut(ATTRIBUTE) else {
        panic!("the block has no attribute {ATTRIBUTE}");
    };
    let value = attribute.value_mut();
    let decor = value.decor().clone();
    *value = Expression::from(NEW_VALUE);
    *value.decor_mut() = decor;
    body.to_string()
}
