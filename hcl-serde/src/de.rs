//! Deserializing a document into Rust types: the entry points, and the
//! deserializers by shape (`body`: a body's attributes and blocks;
//! `blocks`: the blocks of one type; `value`: an evaluated value; `json`: a
//! value of the JSON syntax, read as blocks or evaluated as its target
//! asks); `session` holds the settings of one decode.

mod access;
mod blocks;
mod body;
mod entry;
pub(crate) mod fields;
mod json;
#[cfg(test)]
mod lazy_tests;
mod literal;
pub(crate) mod probe;
mod recovery;
mod run;
mod session;
mod shape;
#[cfg(test)]
mod spot_tests;
pub(crate) mod value;

use run::{decode_pass, undecodable};
pub(crate) use session::{Borrowable, Session};

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use hcl_core::schema::Body;
use hcl_core::Code;
use hcl_core::{
    Diagnostic, Diagnostics, EvalContext, ParseOptions, SourceFile, Syntax, SyntaxTree,
};
use serde::de::{Deserialize, DeserializeOwned};

use crate::error::{Error, Result};

/// The file name diagnostics show for text that came without one.
const INPUT_NAME: &str = "<input>";

/// Decodes a document: the target's fields say which attributes and blocks
/// it has. Expressions are evaluated with the standard library and no
/// variables; see [`from_str_with`] to give some.
///
/// `&str` and `Cow<str>` fields borrow from `source`: quoted strings
/// written without escape sequences or interpolations (and already in
/// Unicode normal form C, as nearly all text is), block labels, and
/// argument names. Other strings are computed, so a `&str` target fails on
/// them and a `Cow<str>` one owns them.
///
/// # Errors
///
/// The syntax errors, the evaluation errors, and the decoding errors
/// (unsupported or missing arguments and blocks, values of the wrong type),
/// every one that can be reached (see the crate's documentation).
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Config {
///     name: String,
///     replicas: u8,
/// }
///
/// let config: Config = hcl_serde::from_str("name = \"web\"\nreplicas = 1 + 2\n").unwrap();
/// assert_eq!(config, Config { name: "web".into(), replicas: 3 });
///
/// // Borrowing:
/// #[derive(serde::Deserialize)]
/// struct Image<'a> {
///     name: &'a str,
///     #[serde(borrow)]
///     tag: std::borrow::Cow<'a, str>,
/// }
/// let src = "name = \"nginx\"\ntag = \"1.${27}\"\n";
/// let image: Image = hcl_serde::from_str(src).unwrap();
/// assert_eq!((image.name, &*image.tag), ("nginx", "1.27"));
/// ```
pub fn from_str<'de, T: Deserialize<'de>>(source: &'de str) -> Result<T> {
    from_named_str(source, INPUT_NAME, &EvalContext::new())
}

/// Like [`from_str`], with the variables and functions of `ctx`.
///
/// # Errors
///
/// As [`from_str`].
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, Value};
/// #[derive(serde::Deserialize)]
/// struct Config {
///     greeting: String,
/// }
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("name", Value::string("world"));
/// let config: Config = hcl_serde::from_str_with("greeting = upper(\"hello ${name}\")\n", &ctx).unwrap();
/// assert_eq!(config.greeting, "HELLO WORLD");
/// ```
pub fn from_str_with<'de, T: Deserialize<'de>>(
    source: &'de str,
    ctx: &EvalContext<'_>,
) -> Result<T> {
    from_named_str(source, INPUT_NAME, ctx)
}

/// Like [`from_str`], for bytes that should be UTF-8.
///
/// # Errors
///
/// As [`from_str`], and "Invalid UTF-8" at the first byte that is not.
///
/// # Examples
///
/// ```
/// let n: std::collections::BTreeMap<String, u8> = hcl_serde::from_slice(b"a = 1\n").unwrap();
/// assert_eq!(n["a"], 1);
///
/// let err = hcl_serde::from_slice::<std::collections::BTreeMap<String, u8>>(b"a = \"\xff\"\n");
/// assert!(err.unwrap_err().to_string().starts_with("Error: Invalid UTF-8\n  --> <input>:1:6\n"));
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    let source = utf8(bytes, INPUT_NAME)?;
    from_str(source)
}

/// Like [`from_slice`], reading everything from `reader` first.
///
/// # Errors
///
/// As [`from_slice`], and "Failed to read input" when reading fails.
///
/// # Examples
///
/// ```
/// let input: &[u8] = b"a = true\n";
/// let n: std::collections::BTreeMap<String, bool> = hcl_serde::from_reader(input).unwrap();
/// assert!(n["a"]);
/// ```
pub fn from_reader<T: DeserializeOwned, R: Read>(mut reader: R) -> Result<T> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| {
        Error::message(
            Code::ReadFailed,
            "Failed to read input",
            format!("The input could not be read: {e}."),
        )
    })?;
    Decoder::new()
        .decode_bytes(bytes, INPUT_NAME)
        .map(|d| d.value)
}

/// Like [`from_str`], reading the file at `path`; diagnostics name it.
///
/// # Errors
///
/// As [`from_slice`], and "Failed to read file" when it cannot be read.
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join("hcl-serde-from-file-doc.hcl");
/// std::fs::write(&path, "port = \"eighty\"\n").unwrap();
/// let err = hcl_serde::from_file::<std::collections::BTreeMap<String, u16>>(&path).unwrap_err();
/// assert!(err.to_string().contains(&format!("--> {}:1:8", path.display())));
/// ```
pub fn from_file<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T> {
    Decoder::new().from_file(path).map(|d| d.value)
}

/// Decodes the configuration files of the directory `dir` as one
/// document, as Terraform reads the files of a module: the files whose
/// names say they are configuration files (`*.hcl`, `*.tf`, `*.tfvars`,
/// `*.nomad`, and each of them followed by `.json` in the JSON syntax; see
/// [`hcl_core::directory::is_config_file_name`]), not those of the
/// directories in it, are read and parsed on every core
/// ([`hcl_core::parse_dir`]) and merged in the order of their names
/// ([`Body::merge`]), then decoded once, as [`from_body`] decodes them.
/// Diagnostics name each file by its path; an empty directory is an empty
/// document.
///
/// As a body merged from files is decoded, the directory's files are to
/// be of one syntax (one that mixes `.tf` and `.tf.json` files fails with
/// "Unsupported body"), and in the JSON syntax a block type written in two
/// files is a "Duplicate argument": a property is an argument until its
/// target reads it as blocks.
///
/// # Errors
///
/// When a file cannot be read or does not parse, the diagnostics of every
/// such file, file after file ("Failed to read file", "Invalid UTF-8", the
/// syntax errors); else every decoding error, as [`from_str`] gives them,
/// file after file ("Duplicate argument" for an argument that two files
/// set). "Failed to read directory" when `dir` cannot be listed. Each has
/// its [`Code`](hcl_core::Code): [`ReadFailed`](hcl_core::Code::ReadFailed)
/// for the reading.
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Module {
///     region: String,
///     #[serde(default)]
///     service: std::collections::BTreeMap<String, Service>,
/// }
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Service {
///     port: u16,
/// }
///
/// let dir = std::env::temp_dir().join("hcl-serde-from-dir-doc");
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("main.hcl"), "region = \"eu\"\nservice \"web\" {\n  port = 80\n}\n").unwrap();
/// std::fs::write(dir.join("db.hcl"), "service \"db\" {\n  port = 5432\n}\n").unwrap();
/// std::fs::write(dir.join("README.md"), "Not configuration.\n").unwrap();
///
/// let module: Module = hcl_serde::from_dir(&dir).unwrap();
/// assert_eq!(module.region, "eu");
/// assert_eq!(module.service["db"], Service { port: 5432 });
/// assert_eq!(module.service["web"], Service { port: 80 });
///
/// let err = hcl_serde::from_dir::<Module>(dir.join("absent")).unwrap_err();
/// assert_eq!(err.diagnostics().iter().next().unwrap().code, hcl_core::Code::ReadFailed);
/// ```
pub fn from_dir<T: DeserializeOwned>(dir: impl AsRef<Path>) -> Result<T> {
    Decoder::new().from_dir(dir).map(|d| d.value)
}

/// Decodes an already parsed body (a file's, a block's, or several merged)
/// with the variables and functions of `ctx`.
///
/// # Errors
///
/// As [`from_str`], less the syntax errors.
///
/// # Examples
///
/// ```
/// use hcl_core::schema::Body;
/// use hcl_core::EvalContext;
/// let a = hcl_core::parse("x = 1\n", "a.hcl").unwrap();
/// let b = hcl_core::parse("y = 2\n", "b.hcl").unwrap();
/// let body = Body::merge_files([&a, &b]);
/// let map: std::collections::BTreeMap<String, i32> =
///     hcl_serde::from_body(&body, &EvalContext::new()).unwrap();
/// assert_eq!(map.len(), 2);
/// ```
pub fn from_body<T: DeserializeOwned>(body: &Body<'_>, ctx: &EvalContext<'_>) -> Result<T> {
    Decoder::new().context(ctx).from_body(body).map(|d| d.value)
}

fn from_named_str<'de, T: Deserialize<'de>>(
    source: &'de str,
    name: &str,
    ctx: &EvalContext<'_>,
) -> Result<T> {
    Decoder::new()
        .context(ctx)
        .from_named_str(source, name)
        .map(|d| d.value)
}

/// A decode's result with the warnings found on the way: the unsupported
/// arguments and blocks of [lenient](Decoder::lenient) mode.
#[derive(Debug)]
#[non_exhaustive]
pub struct Decoded<T> {
    /// The decoded value.
    pub value: T,
    /// The warnings, each with its source range.
    pub warnings: Diagnostics,
}

/// Decoding with settings: an evaluation context, lenient mode, and a mode
/// for configurations whose variables are not known.
///
/// # Examples
///
/// ```
/// use hcl_core::{EvalContext, Value};
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     name: String,
///     port: Option<u16>,
/// }
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("env", Value::string("prod"));
/// let decoded = hcl_serde::Decoder::new()
///     .context(&ctx)
///     .lenient(true)
///     .from_str::<Config>("name = \"web-${env}\"\nprot = 8080\n")
///     .unwrap();
/// assert_eq!(decoded.value.name, "web-prod");
/// assert_eq!(decoded.value.port, None);
/// let warning = decoded.warnings.iter().next().unwrap();
/// assert_eq!(warning.code, hcl_core::Code::UnsupportedArgument);
/// assert!(warning.detail.contains("Did you mean \"port\"?"));
/// ```
#[derive(Clone, Copy, Default)]
pub struct Decoder<'c> {
    ctx: Option<&'c EvalContext<'c>>,
    /// The type of the blocks read as user-defined functions, if any.
    user_functions: Option<&'c str>,
    dynamic_blocks: bool,
    lenient: bool,
    unresolved_as_source: bool,
    syntax: Option<Syntax>,
}

impl<'c> Decoder<'c> {
    /// Exhaustive decoding with the standard library and no variables.
    ///
    /// # Examples
    ///
    /// ```
    /// let n: u8 = *hcl_serde::Decoder::new()
    ///     .from_str::<std::collections::HashMap<String, u8>>("a = 1\n")
    ///     .unwrap()
    ///     .value
    ///     .get("a")
    ///     .unwrap();
    /// assert_eq!(n, 1);
    /// ```
    pub fn new() -> Self {
        Decoder::default()
    }

    /// Evaluates with the variables and functions of `ctx`.
    ///
    /// # Examples
    ///
    /// See [`Decoder`].
    pub fn context(mut self, ctx: &'c EvalContext<'c>) -> Self {
        self.ctx = Some(ctx);
        self
    }

    /// Reads the blocks of type `block_type` (`function`, as a rule) as
    /// user-defined functions before decoding the rest of the document,
    /// whose expressions may then call them; the target does not see those
    /// blocks. See [`hcl_core::ext::userfunc`] for what the blocks hold and
    /// how calls behave. The functions evaluate their results with the
    /// variables and functions of the [context](Decoder::context) (copied
    /// for the decode) and each other, within the document's evaluation
    /// budget. An error in a block fails the decode.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     hosts: Vec<String>,
    /// }
    /// let src = r#"
    /// function "host" {
    ///   params = [name]
    ///   result = "${name}.example.com"
    /// }
    /// hosts = [host("web"), host("db")]
    /// "#;
    /// let decoded = hcl_serde::Decoder::new()
    ///     .user_functions("function")
    ///     .from_str::<Config>(src)
    ///     .unwrap();
    /// assert_eq!(decoded.value.hosts, ["web.example.com", "db.example.com"]);
    /// ```
    pub fn user_functions(mut self, block_type: &'c str) -> Self {
        self.user_functions = Some(block_type);
        self
    }

    /// With `true`, expands `dynamic` blocks into the blocks they generate
    /// before the target reads them, as Terraform does; off by default, as
    /// in the reference, where `dynamic` is an ordinary block type. Their
    /// `for_each` and labels are evaluated with the
    /// [context](Decoder::context) (and the
    /// [user functions](Decoder::user_functions), when read), within the
    /// document's evaluation budget. See [`hcl_core::ext::dynblock`] for
    /// the rules. A mistake written once in a `content` block (an argument
    /// the target does not take, a value of the wrong type) is reported
    /// once, where it is written, however many blocks it generates.
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Instance {
    ///     ebs_block_device: Vec<Disk>,
    /// }
    /// #[derive(serde::Deserialize)]
    /// struct Disk {
    ///     device_name: String,
    ///     volume_size: u32,
    /// }
    /// let src = r#"
    /// dynamic "ebs_block_device" {
    ///   for_each = { sdb = 100, sdc = 200 }
    ///   content {
    ///     device_name = "/dev/${ebs_block_device.key}"
    ///     volume_size = ebs_block_device.value
    ///   }
    /// }
    /// "#;
    /// let decoded = hcl_serde::Decoder::new()
    ///     .dynamic_blocks(true)
    ///     .from_str::<Instance>(src)
    ///     .unwrap();
    /// let disks = &decoded.value.ebs_block_device;
    /// assert_eq!(disks[1].device_name, "/dev/sdc");
    /// assert_eq!(disks[1].volume_size, 200);
    /// ```
    pub fn dynamic_blocks(mut self, expand: bool) -> Self {
        self.dynamic_blocks = expand;
        self
    }

    /// With `true`, arguments and blocks the target does not take are
    /// warnings in [`Decoded::warnings`] instead of errors.
    ///
    /// # Examples
    ///
    /// See [`Decoder`].
    pub fn lenient(mut self, lenient: bool) -> Self {
        self.lenient = lenient;
        self
    }

    /// With `true`, an attribute whose expression refers to variables the
    /// context does not have, or does not evaluate (it calls a function of
    /// another program, say), decodes as its source text, as a template
    /// string ([`ExprRef::source_template`](hcl_core::ExprRef::source_template)): `"${var.region}"` for
    /// `var.region`, the template text of a quoted string or heredoc; a
    /// tuple or object constructor keeps its structure, each part read so
    /// on its own. The evaluation errors are warnings. That is how `hcl
    /// json` writes such values, and it lets configurations written for
    /// another program (Terraform's, say) be read without their variables.
    ///
    /// # Examples
    ///
    /// ```
    /// let decoded = hcl_serde::Decoder::new()
    ///     .unresolved_as_source(true)
    ///     .from_str::<serde_json::Value>("a = var.region\nb = \"x-${local.y}\"\nc = [1 + 1, d]\n")
    ///     .unwrap();
    /// assert_eq!(
    ///     decoded.value,
    ///     serde_json::json!({"a": "${var.region}", "b": "x-${local.y}", "c": [2, "${d}"]})
    /// );
    /// ```
    pub fn unresolved_as_source(mut self, yes: bool) -> Self {
        self.unresolved_as_source = yes;
        self
    }

    /// Reads text in `syntax`. Without it, text is read in the JSON syntax
    /// when its name ends in `.json` (`main.tf.json`, `app.hcl.json`, as
    /// the reference's `hclparse` chooses) or, for text without such a
    /// name, when it begins with `{` or `[` (which no native-syntax body
    /// does); else in the native syntax. See [`Syntax::of_name`] and
    /// [`Syntax::of_text`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_serde::Syntax;
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     name: String,
    /// }
    /// let decoded = hcl_serde::Decoder::new()
    ///     .syntax(Syntax::Json)
    ///     .from_str::<Config>(r#"{"name": "web-${1 + 1}"}"#)
    ///     .unwrap();
    /// assert_eq!(decoded.value.name, "web-2");
    /// ```
    pub fn syntax(mut self, syntax: Syntax) -> Self {
        self.syntax = Some(syntax);
        self
    }

    /// The syntax to read `text`, named `name`, in.
    fn syntax_of(&self, name: &str, text: &str) -> Syntax {
        self.syntax.unwrap_or_else(|| match Syntax::of_name(name) {
            Syntax::Json => Syntax::Json,
            Syntax::Native => Syntax::of_text(text),
        })
    }

    /// Decodes `source`; see [`from_str`].
    ///
    /// # Errors
    ///
    /// As [`from_str`].
    ///
    /// # Examples
    ///
    /// See [`Decoder`].
    pub fn from_str<'de, T: Deserialize<'de>>(&self, source: &'de str) -> Result<Decoded<T>> {
        self.from_named_str(source, INPUT_NAME)
    }

    /// Decodes `source`, naming it `name` in diagnostics.
    ///
    /// # Errors
    ///
    /// As [`from_str`].
    ///
    /// # Examples
    ///
    /// ```
    /// let err = hcl_serde::Decoder::new()
    ///     .from_named_str::<u8>("a = 1\n", "app.hcl")
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("app.hcl:"));
    /// ```
    pub fn from_named_str<'de, T: Deserialize<'de>>(
        &self,
        source: &'de str,
        name: &str,
    ) -> Result<Decoded<T>> {
        let file = match self.syntax_of(name, source) {
            Syntax::Json => SourceFile::new_json(name, source),
            Syntax::Native => SourceFile::new(name, source),
        };
        let file = Arc::new(file);
        self.decode_source(&file, Borrowable::of(source, file.text()))
    }

    /// The source of `text`, named `name`, in the syntax it is read in.
    fn source_file(&self, name: &str, text: String) -> Arc<SourceFile> {
        Arc::new(match self.syntax_of(name, &text) {
            Syntax::Json => SourceFile::from_string_json(name, text),
            Syntax::Native => SourceFile::from_string(name, text),
        })
    }

    /// Decodes the text of `file`, in its syntax (a native file is read
    /// one top-level item at a time: see [`SyntaxTree::open`]), whose
    /// string values borrow from `source` where they can. A file with
    /// syntax errors fails with them alone: what else a decode of the rest
    /// would say may be their doing.
    fn decode_source<'de, T: Deserialize<'de>>(
        &self,
        file: &Arc<SourceFile>,
        source: Borrowable<'de>,
    ) -> Result<Decoded<T>> {
        let tree = SyntaxTree::open(Arc::clone(file), &ParseOptions::default());
        self.decode_tree(&tree, source)
    }

    /// Decodes the body of `tree`, an opened file; see
    /// [`Decoder::decode_source`].
    fn decode_tree<'de, T: Deserialize<'de>>(
        &self,
        tree: &Arc<SyntaxTree>,
        source: Borrowable<'de>,
    ) -> Result<Decoded<T>> {
        let body = Body::from_tree(tree);
        let decoded = self.run_passes(
            &body,
            source,
            tree.source().text().len(),
            |session, body| {
                let result = decode_pass(body, session);
                // No pass after a syntax error: the decode fails with it.
                match result {
                    Err(_) if tree.syntax_errors().has_errors() => None,
                    result => Some(result),
                }
            },
        );
        let errors = tree.syntax_errors();
        if errors.has_errors() {
            return Err(Error::from_diagnostics(errors.clone()));
        }
        decoded.unwrap_or_else(|| Err(undecodable()))
    }

    /// Decodes `bytes`, which should be UTF-8, naming them `name` in
    /// diagnostics; the text is not copied.
    fn decode_bytes<T: DeserializeOwned>(&self, bytes: Vec<u8>, name: &str) -> Result<Decoded<T>> {
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                return Err(utf8(e.as_bytes(), name).err().unwrap_or_else(|| {
                    Error::message(
                        Code::InvalidUtf8,
                        "Invalid UTF-8",
                        "The input is not valid UTF-8.".to_string(),
                    )
                }))
            }
        };
        self.decode_source(&self.source_file(name, text), Borrowable::NONE)
    }

    /// Decodes the file at `path`; see [`from_file`].
    ///
    /// # Errors
    ///
    /// As [`from_file`].
    ///
    /// # Examples
    ///
    /// ```
    /// let path = std::env::temp_dir().join("hcl-serde-decoder-doc.hcl");
    /// std::fs::write(&path, "a = 1\n").unwrap();
    /// let decoded = hcl_serde::Decoder::new()
    ///     .from_file::<std::collections::HashMap<String, u8>>(&path)
    ///     .unwrap();
    /// assert_eq!(decoded.value["a"], 1);
    /// ```
    pub fn from_file<T: DeserializeOwned>(&self, path: impl AsRef<Path>) -> Result<Decoded<T>> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| {
            Error::message(
                Code::ReadFailed,
                "Failed to read file",
                format!("The file \"{name}\" could not be read: {e}."),
            )
        })?;
        self.decode_bytes(bytes, &name)
    }

    /// Decodes the configuration files of the directory `dir` as one
    /// document; see [`from_dir`]. Each file is read in the syntax of its
    /// name, whatever [`Decoder::syntax`] says: a file's name says it. The
    /// other settings apply to the whole document (user functions may be
    /// defined in one file and called in another).
    ///
    /// # Errors
    ///
    /// As [`from_dir`].
    ///
    /// # Examples
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Config {
    ///     hosts: Vec<String>,
    /// }
    /// let dir = std::env::temp_dir().join("hcl-serde-decoder-from-dir-doc");
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(
    ///     dir.join("functions.hcl"),
    ///     "function \"host\" {\n  params = [name]\n  result = \"${name}.example.com\"\n}\n",
    /// )
    /// .unwrap();
    /// std::fs::write(dir.join("main.hcl"), "hosts = [host(\"web\"), host(\"db\")]\n").unwrap();
    /// let decoded = hcl_serde::Decoder::new()
    ///     .user_functions("function")
    ///     .from_dir::<Config>(&dir)
    ///     .unwrap();
    /// assert_eq!(decoded.value.hosts, ["web.example.com", "db.example.com"]);
    /// ```
    pub fn from_dir<T: DeserializeOwned>(&self, dir: impl AsRef<Path>) -> Result<Decoded<T>> {
        let trees =
            hcl_core::parse_dir(dir, &ParseOptions::default()).map_err(Error::from_diagnostics)?;
        self.from_body(&Body::merge(trees.iter().map(Body::from_tree)))
    }

    /// Decodes an already parsed body; see [`from_body`].
    ///
    /// # Errors
    ///
    /// As [`from_body`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::schema::Body;
    /// let file = hcl_core::parse("a = 1\n", "a.hcl").unwrap();
    /// let decoded = hcl_serde::Decoder::new()
    ///     .from_body::<std::collections::HashMap<String, i8>>(&Body::from_file(&file))
    ///     .unwrap();
    /// assert_eq!(decoded.value["a"], 1);
    /// ```
    pub fn from_body<T: DeserializeOwned>(&self, body: &Body<'_>) -> Result<Decoded<T>> {
        self.decode_body(body, Borrowable::NONE, body.source_len())
    }
}

/// The text of `bytes`, or "Invalid UTF-8" at the first bad byte.
fn utf8<'b>(bytes: &'b [u8], name: &str) -> Result<&'b str> {
    std::str::from_utf8(bytes)
        .map_err(|e| Error::from_diagnostics(Diagnostic::invalid_utf8(name, bytes, e).into()))
}
