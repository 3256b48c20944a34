//! `hcl edit`: reading and changing attributes and blocks of a file by
//! address, keeping the rest of the file byte for byte (through
//! [`hcl_core::edit::Document`]).
//!
//! An address is dot-separated: a block's type, then its labels, then (for
//! an attribute) the attribute's name: `resource.aws_instance.web.ami` is
//! the attribute `ami` of the block `resource "aws_instance" "web"`. The
//! file has no schema, so an address is resolved over the file's own
//! blocks: a component names a block type, and as many components as a
//! block of that type has labels must be those labels; blocks are tried in
//! order and the first that resolves the whole address is taken (a label
//! that holds a dot cannot be addressed).

use crate::input::{read_input, IoError};
use crate::report::{OutputArgs, Reporter};
use crate::{Output, EXIT_USAGE};
use hcl_core::edit::{Body, Document};
use hcl_core::Diagnostics;

const EDIT_HELP: &str = "\
Examples:
  hcl edit -f main.tf attribute get resource.aws_instance.web.ami
                                    print an attribute's expression
  hcl edit -f main.tf -u attribute set resource.aws_instance.web.ami '\"ami-2\"'
                                    set it, rewriting main.tf in place
  cat main.tf | hcl edit attribute rm locals.debug
                                    standard input to standard output
  hcl edit -f main.tf attribute mv locals.a locals.b
                                    rename an attribute where it stands
  hcl edit -f main.tf attribute append locals.c '[1, 2]' --newline
                                    add an attribute after a blank line
  hcl edit -f main.tf block list    the address of every top-level block
  hcl edit -f main.tf block get module.vpc
  hcl edit -f main.tf block new module.db
  hcl edit -f main.tf block rm module.db
  hcl edit -f main.tf block mv module.vpc module.network
  hcl edit -f main.tf block append resource.aws_instance.web ebs_block_device
  hcl edit -f main.tf body get module.vpc
  hcl edit --in-place -f main.tf attribute rm locals.x   (also -i)
  hcl edit --format json -f main.tf block list           messages as JSON lines
  hcl edit --color never -f main.tf block list           messages without colours

Addresses are dot-separated: the block's type, its labels, then the
attribute's name (resource.aws_instance.web.ami). They are resolved over
the file's own blocks: after a type, as many components as a block of that
type has labels are its labels, blocks tried in order; the first block
that resolves the whole address is the one edited. A label that holds a
dot cannot be addressed. `block mv` takes the new type and labels as TO;
`attribute mv` renames within one body (TO differs from FROM only in its
last component).

A get of an attribute, block or body that does not exist prints nothing,
and `rm` of one is no change (status 0); `set` and `mv` of one, and
`append` of an attribute that exists, are errors (status 2). Commands that
change the file print it on standard output, or with --update rewrite the
file given with --file.

Exit status:
  0  success
  1  the input does not parse (or is not UTF-8), or VALUE is not an
     expression or a name is not an identifier
  2  usage error (an address that does not resolve, --update without
     --file), or a file that cannot be read or written";

/// The arguments of `hcl edit`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = EDIT_HELP)]
pub struct EditArgs {
    /// What to read or change.
    #[command(subcommand)]
    pub command: EditCommand,
    /// The file to read, e.g. `hcl edit -f main.tf block list`; standard
    /// input when not given.
    #[arg(short = 'f', long, global = true, value_name = "FILE")]
    pub file: Option<String>,
    /// Rewrites the file given with --file instead of printing it, e.g.
    /// `hcl edit -u -f main.tf attribute rm locals.x` (also -i, --in-place).
    #[arg(
        short = 'u',
        long,
        global = true,
        visible_alias = "in-place",
        visible_short_alias = 'i'
    )]
    pub update: bool,
    /// Messages.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The parts of a file `hcl edit` reads and changes.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum EditCommand {
    /// Reads, sets, removes, renames or adds an attribute.
    #[command(subcommand)]
    Attribute(AttributeCommand),
    /// Lists, reads, adds, removes or renames blocks.
    #[command(subcommand)]
    Block(BlockCommand),
    /// Reads a block's body.
    #[command(subcommand)]
    Body(BodyCommand),
}

/// `hcl edit attribute ...`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum AttributeCommand {
    /// Prints an attribute's expression, e.g. `hcl edit attribute get locals.x`.
    Get {
        /// The attribute's address.
        address: String,
    },
    /// Sets an existing attribute to VALUE (HCL expression text), e.g.
    /// `hcl edit attribute set locals.x '"y"'`.
    Set {
        /// The attribute's address.
        address: String,
        /// The expression, as HCL text.
        value: String,
    },
    /// Removes an attribute, e.g. `hcl edit attribute rm locals.x`.
    Rm {
        /// The attribute's address.
        address: String,
    },
    /// Renames an attribute where it stands, e.g.
    /// `hcl edit attribute mv locals.x locals.y`.
    Mv {
        /// The attribute's address.
        from: String,
        /// Its new address, in the same body.
        to: String,
    },
    /// Adds an attribute at the end of its body, e.g.
    /// `hcl edit attribute append locals.x 1`.
    Append {
        /// The new attribute's address.
        address: String,
        /// The expression, as HCL text.
        value: String,
        /// Adds a blank line before the attribute, e.g.
        /// `hcl edit attribute append --newline locals.x 1`.
        #[arg(long)]
        newline: bool,
    },
}

/// `hcl edit block ...`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum BlockCommand {
    /// Prints the address of each top-level block, e.g. `hcl edit block list`.
    List,
    /// Prints a block, e.g. `hcl edit block get module.vpc`.
    Get {
        /// The block's address.
        address: String,
    },
    /// Adds an empty top-level block, e.g. `hcl edit block new module.db`.
    New {
        /// The block's type and labels.
        address: String,
    },
    /// Removes a block, e.g. `hcl edit block rm module.db`.
    Rm {
        /// The block's address.
        address: String,
    },
    /// Gives a block a new type and labels, e.g.
    /// `hcl edit block mv module.a module.b`.
    Mv {
        /// The block's address.
        from: String,
        /// Its new type and labels.
        to: String,
    },
    /// Adds an empty block at the end of a block's body, e.g.
    /// `hcl edit block append module.vpc lifecycle`.
    Append {
        /// The address of the block to add to.
        parent: String,
        /// The new block's type and labels.
        child: String,
        /// Adds a blank line before the block, e.g.
        /// `hcl edit block append --newline module.vpc lifecycle`.
        #[arg(long)]
        newline: bool,
    },
}

/// `hcl edit body ...`.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum BodyCommand {
    /// Prints what is between a block's braces, e.g.
    /// `hcl edit body get module.vpc`.
    Get {
        /// The block's address.
        address: String,
    },
}

/// Why an edit was not made.
enum Failure {
    /// The command line cannot be carried out (exit status 2).
    Usage(String),
    /// VALUE or a name was refused (exit status 1).
    Diagnostics(Diagnostics),
}

impl From<Diagnostics> for Failure {
    fn from(diags: Diagnostics) -> Failure {
        Failure::Diagnostics(diags)
    }
}

/// What a command gives: text to print, or an edited document.
enum Outcome {
    Print(String),
    Edited,
}

/// The type and labels of a block, to find it again.
type Key = (String, Vec<String>);

/// Runs `hcl edit`; returns the exit status.
///
/// # Examples
///
/// ```
/// use clap::Parser;
/// let cli = hcl_cli::Cli::parse_from(["hcl", "edit", "-f", "/nonexistent.tf", "block", "list"]);
/// let (out, status) = hcl_cli::run(&cli.command);
/// assert_eq!(status, 2);
/// assert!(out.stderr.starts_with("hcl: /nonexistent.tf: cannot read"), "{}", out.stderr);
/// ```
pub fn run(args: &EditArgs, out: &mut Output) -> u8 {
    let mut report = args.output.reporter(false);
    if args.update && args.file.is_none() {
        report.usage_error("--update rewrites the file given with --file", out);
        return report.status();
    }
    let Some((name, mut doc)) = document(args.file.as_deref().unwrap_or("-"), &mut report, out)
    else {
        return report.status();
    };
    match apply(&args.command, &mut doc) {
        Ok(Outcome::Print(text)) => out.stdout.push_str(&text),
        Ok(Outcome::Edited) => match args.file.as_deref() {
            Some(path) if args.update => {
                if let Err(e) = std::fs::write(path, doc.to_string()) {
                    let err = IoError {
                        name,
                        message: format!("cannot write: {e}"),
                    };
                    report.io_error(&err, out);
                    return EXIT_USAGE;
                }
            }
            _ => out.stdout.push_str(&doc.to_string()),
        },
        Err(Failure::Usage(message)) => report.usage_error(&message, out),
        Err(Failure::Diagnostics(diags)) => report.diagnostics(&diags, out),
    }
    report.status()
}

/// The input's name and document; what is wrong is reported otherwise.
fn document(name: &str, report: &mut Reporter, out: &mut Output) -> Option<(String, Document)> {
    let input = match read_input(name) {
        Ok(input) => input,
        Err(err) => {
            report.io_error(&err, out);
            return None;
        }
    };
    let text = match input.text {
        Ok(text) => text,
        Err(diag) => {
            report.diagnostic(&diag, out);
            return None;
        }
    };
    match Document::parse(&text, &input.name) {
        Ok(doc) => Some((input.name, doc)),
        Err(diags) => {
            report.diagnostics(&diags, out);
            None
        }
    }
}

/// Carries out a command on the document.
fn apply(command: &EditCommand, doc: &mut Document) -> Result<Outcome, Failure> {
    match command {
        EditCommand::Attribute(command) => attribute(command, doc),
        EditCommand::Block(command) => block(command, doc),
        EditCommand::Body(BodyCommand::Get { address }) => {
            let comps = components(address)?;
            let text = block_path(doc.body(), &comps)
                .and_then(|path| body_at(doc.body(), &path))
                .map(|body| {
                    let text = body.to_string();
                    let text = text.strip_prefix('\n').unwrap_or(&text);
                    // The spaces before `}` are not the body's content.
                    text.trim_end_matches([' ', '\t']).to_owned()
                });
            Ok(Outcome::Print(text.unwrap_or_default()))
        }
    }
}

/// Carries out `hcl edit attribute ...`.
fn attribute(command: &AttributeCommand, doc: &mut Document) -> Result<Outcome, Failure> {
    match command {
        AttributeCommand::Get { address } => {
            let text = match attribute_body(doc, address)? {
                Some((body, name)) => body
                    .attribute(name)
                    .map(|a| format!("{}\n", a.expr_text().trim()))
                    .unwrap_or_default(),
                None => String::new(),
            };
            Ok(Outcome::Print(text))
        }
        AttributeCommand::Set { address, value } => {
            let body = existing_body(doc, address)?;
            let name = last(address);
            if body.attribute(name).is_none() {
                return Err(missing("attribute", address));
            }
            body.set_attribute_raw(name, value)?;
            Ok(Outcome::Edited)
        }
        AttributeCommand::Rm { address } => {
            if let Some((body, name)) = attribute_body(doc, address)? {
                body.remove_attribute(name);
            }
            Ok(Outcome::Edited)
        }
        AttributeCommand::Mv { from, to } => {
            let (from_comps, to_comps) = (components(from)?, components(to)?);
            if from_comps.split_last().map(|(_, p)| p) != to_comps.split_last().map(|(_, p)| p) {
                return Err(Failure::Usage(format!(
                    "attribute mv renames within one body: {to} must differ from {from} only in its last component"
                )));
            }
            let body = existing_body(doc, from)?;
            if !body.rename_attribute(last(from), last(to))? {
                return Err(missing("attribute", from));
            }
            Ok(Outcome::Edited)
        }
        AttributeCommand::Append {
            address,
            value,
            newline,
        } => {
            let body = existing_body(doc, address)?;
            let name = last(address);
            if body.attribute(name).is_some() {
                return Err(Failure::Usage(format!(
                    "the attribute {address} exists already; `attribute set` changes it"
                )));
            }
            // A refused value prints and writes nothing, blank line included.
            if *newline {
                body.append_newline();
            }
            body.set_attribute_raw(name, value)?;
            Ok(Outcome::Edited)
        }
    }
}

/// Carries out `hcl edit block ...`.
fn block(command: &BlockCommand, doc: &mut Document) -> Result<Outcome, Failure> {
    match command {
        BlockCommand::List => {
            let text: String = doc
                .body()
                .blocks()
                .map(|b| {
                    let mut parts = vec![b.block_type().to_owned()];
                    parts.extend(b.labels().iter().cloned());
                    format!("{}\n", parts.join("."))
                })
                .collect();
            Ok(Outcome::Print(text))
        }
        BlockCommand::Get { address } => {
            let comps = components(address)?;
            let text = block_path(doc.body(), &comps)
                .and_then(|path| {
                    let (key, parent) = path.split_last()?;
                    let block = body_at(doc.body(), parent)?.first_matching_block(
                        &key.0,
                        &key.1.iter().map(String::as_str).collect::<Vec<_>>(),
                    )?;
                    Some(block.to_string())
                })
                .unwrap_or_default();
            Ok(Outcome::Print(text))
        }
        BlockCommand::New { address } => {
            let (block_type, labels) = type_and_labels(address)?;
            doc.body_mut().append_block(block_type, &labels)?;
            Ok(Outcome::Edited)
        }
        BlockCommand::Rm { address } => {
            let comps = components(address)?;
            if let Some(path) = block_path(doc.body(), &comps) {
                if let Some((key, parent)) = path.split_last() {
                    if let Some(body) = body_at_mut(doc.body_mut(), parent) {
                        body.remove_block(&key.0, &labels(key));
                    }
                }
            }
            Ok(Outcome::Edited)
        }
        BlockCommand::Mv { from, to } => {
            let (comps, new) = (components(from)?, type_and_labels(to)?);
            let path = block_path(doc.body(), &comps).ok_or_else(|| missing("block", from))?;
            let (key, parent) = path.split_last().ok_or_else(|| missing("block", from))?;
            let block = body_at_mut(doc.body_mut(), parent)
                .and_then(|body| body.first_matching_block_mut(&key.0, &labels(key)))
                .ok_or_else(|| missing("block", from))?;
            block.set_block_type(new.0)?;
            block.set_labels(&new.1);
            Ok(Outcome::Edited)
        }
        BlockCommand::Append {
            parent,
            child,
            newline,
        } => {
            let (comps, new) = (components(parent)?, type_and_labels(child)?);
            let path = block_path(doc.body(), &comps).ok_or_else(|| missing("block", parent))?;
            let body =
                body_at_mut(doc.body_mut(), &path).ok_or_else(|| missing("block", parent))?;
            if *newline {
                body.append_newline();
            }
            body.append_block(new.0, &new.1)?;
            Ok(Outcome::Edited)
        }
    }
}

/// The components of an address; none may be empty.
fn components(address: &str) -> Result<Vec<&str>, Failure> {
    let comps: Vec<&str> = address.split('.').collect();
    if comps.iter().any(|c| c.is_empty()) {
        return Err(Failure::Usage(format!(
            "{address:?} is not an address: components separated by dots, none empty"
        )));
    }
    Ok(comps)
}

/// The block type and labels an address gives.
fn type_and_labels(address: &str) -> Result<(&str, Vec<&str>), Failure> {
    let comps = components(address)?;
    match comps.split_first() {
        Some((first, rest)) => Ok((first, rest.to_vec())),
        None => Err(missing("block", address)),
    }
}

/// The last component of an address (its attribute name).
fn last(address: &str) -> &str {
    address.rsplit('.').next().unwrap_or(address)
}

/// The error for an address that names nothing.
fn missing(what: &str, address: &str) -> Failure {
    Failure::Usage(format!("no {what} has the address {address}"))
}

/// A key's labels, as the editor takes them.
fn labels(key: &Key) -> Vec<&str> {
    key.1.iter().map(String::as_str).collect()
}

/// The keys of the blocks from `body` down to the block `comps` names:
/// each component a block type followed by that block's labels, blocks
/// tried in order.
fn block_path(body: &Body, comps: &[&str]) -> Option<Vec<Key>> {
    let (first, rest) = comps.split_first()?;
    for block in body.blocks().filter(|b| b.block_type() == *first) {
        let count = block.labels().len();
        let Some(named) = rest.get(..count) else {
            continue;
        };
        if !block.labels().iter().zip(named).all(|(a, b)| a == b) {
            continue;
        }
        let key = (block.block_type().to_owned(), block.labels().to_vec());
        let after = rest.get(count..).unwrap_or_default();
        if after.is_empty() {
            return Some(vec![key]);
        }
        if let Some(mut path) = block_path(block.body(), after) {
            path.insert(0, key);
            return Some(path);
        }
    }
    None
}

/// The body of the block at the end of `path` (the root for none).
fn body_at<'d>(root: &'d Body, path: &[Key]) -> Option<&'d Body> {
    path.iter().try_fold(root, |body, key| {
        body.first_matching_block(&key.0, &labels(key))
            .map(|b| b.body())
    })
}

/// The body of the block at the end of `path`, to edit.
fn body_at_mut<'d>(root: &'d mut Body, path: &[Key]) -> Option<&'d mut Body> {
    path.iter().try_fold(root, |body, key| {
        body.first_matching_block_mut(&key.0, &labels(key))
            .map(|b| b.body_mut())
    })
}

/// The body an attribute address is in and the attribute's name; `None`
/// when no block resolves the address.
fn attribute_body<'d, 'a>(
    doc: &'d mut Document,
    address: &'a str,
) -> Result<Option<(&'d mut Body, &'a str)>, Failure> {
    let comps = components(address)?;
    let (name, prefix) = comps
        .split_last()
        .ok_or_else(|| missing("attribute", address))?;
    let path = if prefix.is_empty() {
        Vec::new()
    } else {
        match block_path(doc.body(), prefix) {
            Some(path) => path,
            None => return Ok(None),
        }
    };
    Ok(body_at_mut(doc.body_mut(), &path).map(|body| (body, *name)))
}

/// The body an attribute address is in, which must exist.
fn existing_body<'d>(doc: &'d mut Document, address: &str) -> Result<&'d mut Body, Failure> {
    match attribute_body(doc, address)? {
        Some((body, _)) => Ok(body),
        None => Err(missing("block", address)),
    }
}
