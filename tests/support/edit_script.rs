//! Random edit scripts for format-preserving documents, shared by the
//! corpus test (`tests/edit_corpus.rs`, choices from a seeded generator)
//! and the `edit` fuzz target (`fuzz/fuzz_targets/edit.rs`, choices read
//! from the input's bytes): every edit that the API takes must leave a
//! document that prints a file that parses.

use hcl_core::edit::{Body, Document};
use hcl_core::Value;

/// Where the choices of a script come from: the bytes given, then, once
/// they run out, a small deterministic generator (a linear congruential
/// one), so that a script is the same on every run.
pub struct Choices<'a> {
    bytes: &'a [u8],
    state: u64,
}

impl<'a> Choices<'a> {
    /// Choices from the generator started at `seed`.
    pub fn seeded(seed: u64) -> Choices<'static> {
        Choices {
            bytes: &[],
            state: seed,
        }
    }

    /// Choices read from `bytes`, one a byte, then from the generator.
    pub fn from_bytes(bytes: &'a [u8]) -> Choices<'a> {
        Choices { bytes, state: 0 }
    }

    /// Whether bytes given are left.
    pub fn has_bytes(&self) -> bool {
        !self.bytes.is_empty()
    }

    /// A choice among `n` (`n` > 0).
    pub fn pick(&mut self, n: usize) -> usize {
        if let Some((&first, rest)) = self.bytes.split_first() {
            self.bytes = rest;
            return usize::from(first) % n;
        }
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.state >> 33) % n as u64) as usize
    }
}

/// A block reached from the root: the type and labels of each step.
pub type BlockPath = Vec<(String, Vec<String>)>;

/// The block paths of a body and of the bodies in it, with the root's.
pub fn block_paths(body: &Body, prefix: &BlockPath, out: &mut Vec<BlockPath>) {
    out.push(prefix.clone());
    for block in body.blocks() {
        let mut path = prefix.clone();
        path.push((block.block_type().to_owned(), block.labels().to_vec()));
        block_paths(block.body(), &path, out);
    }
}

/// The body at `path` in `doc`: a path reaches the first of blocks alike,
/// which may not hold the rest, so `None` when a step is missing.
fn body_at<'d>(doc: &'d mut Document, path: &BlockPath) -> Option<&'d mut Body> {
    let mut body = doc.body_mut();
    for (block_type, labels) in path {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        body = body
            .first_matching_block_mut(block_type, &labels)?
            .body_mut();
    }
    Some(body)
}

/// One random edit somewhere in `doc`; what it did, for messages.
pub fn random_edit(doc: &mut Document, choices: &mut Choices<'_>) -> String {
    let mut paths = Vec::new();
    block_paths(doc.body(), &Vec::new(), &mut paths);
    let path = paths[choices.pick(paths.len())].clone();
    let Some(body) = body_at(doc, &path) else {
        return format!("{path:?}: unreachable");
    };
    let names: Vec<String> = body.attributes().map(|a| a.name().to_owned()).collect();
    let name = match choices.pick(3) {
        0 if !names.is_empty() => names[choices.pick(names.len())].clone(),
        _ => format!("n{}", choices.pick(4)),
    };
    let done = edit_body(body, &name, choices);
    format!("{path:?}: {done}")
}

/// One edit of `body`, about the attribute `name` or one of its blocks.
fn edit_body(body: &mut Body, name: &str, choices: &mut Choices<'_>) -> String {
    const EXPRS: [&str; 7] = [
        "1",
        "<<EOT\nhello\nEOT\n",
        "x # note",
        "[\n  1, // one\n  2,\n]",
        "{ a = 1 }",
        "/* c */ \"s\"",
        "a ? b : c",
    ];
    const TRAVERSALS: [&str; 3] = ["var.x", "aws_instance . web [ 0 ]", "a[\"k\"].b"];
    match choices.pick(9) {
        0 | 1 => {
            let expr = EXPRS[choices.pick(EXPRS.len())];
            body.set_attribute_raw(name, expr).unwrap();
            format!("{name} = {expr:?}")
        }
        2 => {
            body.set_attribute_value(name, &Value::from("v")).unwrap();
            format!("{name} = \"v\"")
        }
        3 => {
            let traversal = TRAVERSALS[choices.pick(TRAVERSALS.len())];
            body.set_attribute_traversal(name, traversal).unwrap();
            format!("{name} = traversal {traversal:?}")
        }
        4 => {
            body.remove_attribute(name);
            format!("remove {name}")
        }
        5 => {
            body.append_block("nb", &["l"]).unwrap();
            "append block".to_owned()
        }
        6 => {
            body.append_newline();
            "append newline".to_owned()
        }
        7 if choices.pick(4) == 0 => {
            body.clear();
            "clear".to_owned()
        }
        _ => edit_block(body, choices),
    }
}

/// Removes or relabels one of the blocks of `body`, if it has any.
fn edit_block(body: &mut Body, choices: &mut Choices<'_>) -> String {
    let blocks: Vec<(String, Vec<String>)> = body
        .blocks()
        .map(|b| (b.block_type().to_owned(), b.labels().to_vec()))
        .collect();
    let Some((block_type, labels)) = blocks.get(choices.pick(blocks.len().max(1))) else {
        return "nothing".to_owned();
    };
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    if choices.pick(2) == 0 {
        body.remove_block(block_type, &labels).unwrap();
        format!("remove block {block_type}")
    } else {
        let block = body.first_matching_block_mut(block_type, &labels).unwrap();
        block.set_labels(&["relabelled", "x"]);
        format!("relabel {block_type}")
    }
}

/// The properties of the `edit` fuzz target on one input named `name` in
/// messages: `text`, when it
/// parses as a document, prints back as it is; after each edit of the
/// script read from `script` (at most `max_edits`), the document prints a
/// file that parses.
///
/// # Panics
///
/// When a property does not hold, with the edits done and the output.
pub fn check_edit_script(name: &str, text: &str, script: &[u8], max_edits: usize) {
    let Ok(mut doc) = Document::parse(text, "fuzz.hcl") else {
        return;
    };
    assert_eq!(
        doc.to_string(),
        text,
        "the unedited document prints otherwise"
    );
    let mut choices = Choices::from_bytes(script);
    let mut done = Vec::new();
    while choices.has_bytes() && done.len() < max_edits {
        done.push(random_edit(&mut doc, &mut choices));
        let out = doc.to_string();
        if let Err(diags) = hcl_core::parse(&out, "out.hcl") {
            panic!("{name}: after {done:?} the output does not parse: {diags}\n{out}");
        }
    }
}
