//! A language server for HCL configuration files: editor support for your
//! application's configuration, from its schema.
//!
//! Give the server a [`ConfigSchema`] (the attributes and blocks of each
//! level, with their types, required ones, values and docs) and an editor
//! that speaks the Language Server Protocol gets:
//!
//! - **diagnostics** as you type: syntax errors, then with a schema what
//!   hcl-core's schema processing reports at each level (unsupported and
//!   missing attributes and blocks, label counts), required and
//!   single blocks, and values outside an attribute's `values`; each with
//!   the hcl-core [`Code`](hcl_core::Code) name as its `code`; after an
//!   edit (incremental sync) only the top-level items whose text changed
//!   are parsed and checked again, and the diagnostics are always those of
//!   a check of the whole file;
//! - **completion** of the attributes not defined yet and the block types
//!   of the level the cursor is in, also in a file that does not parse
//!   (the level is found in the tree of [`hcl_core::parse_partial`]), of
//!   an attribute's values after its `=`, and of a block's labels where
//!   the schema knows their values (`BlockInfo::label_values`), quoted or
//!   after an opening quote; an attribute inserts
//!   `name = `, a block type `type "label" {}` with each label's name to
//!   type over (plain text, no snippet), a value its quoted string. In a
//!   file of the JSON syntax the same, where a property name may be typed
//!   in an object that is a body (the top-level object, or a block's body
//!   after one object level per label) and in the value of an attribute:
//!   an attribute inserts `"name": `, a block type `"type": {}` or
//!   `"type": {"label": {}}`, a known label `"label": {}` (in an object
//!   whose property names are a block's labels), a value its JSON string,
//!   each replacing the name or string being typed, opening quote and all;
//! - **hover** on an attribute's name or value, a block type or a label
//!   (in the JSON syntax, a property name, its range the string with its
//!   quotes): its type, whether it is required, the values it takes, its
//!   doc;
//! - **go to definition** and **references** of the names a configuration
//!   defines where the schema says so (a block type's
//!   [`defines`](BlockInfo::defines): with `"var"` on `variable`, a block
//!   `variable "region" {}` defines `region` and `var.region` in any
//!   expression refers to it): from a reference (`var.region.zone` too,
//!   and in a template's `${...}`) to the block's label, and from either
//!   to every reference, read from the expressions' traversals of the
//!   files that parse. The scope is the document's directory, as
//!   [`hcl_core::parse_dir`] reads one: every configuration file in it
//!   ([`is_config_file_name`](hcl_core::directory::is_config_file_name),
//!   of either syntax), an open document as the editor has it (unsaved
//!   changes too), the others as on disk; a file that does not parse
//!   adds nothing. A document whose URI is not a `file:` URI
//!   (`untitled:`) is its own scope;
//! - **formatting** with [`hcl_core::format()`], the layout of `terraform fmt`;
//! - the **outline** (document symbols; for a native-syntax file that
//!   does not parse, the blocks and attributes of the tree the parser's
//!   recovery gives, [`hcl_core::parse_partial`]), **folding ranges** and
//!   **semantic tokens** for highlighting.
//!
//! Files whose name ends in `.json` are read in the HCL JSON syntax
//! (diagnostics, completion, hover, outline and folding); any other in
//! the native syntax.
//! Without a schema the server gives everything that needs none.
//!
//! # Examples
//!
//! An application's own language server, on standard input and output:
//!
//! ```no_run
//! use hcl_serde::{AttributeInfo, ConfigSchema};
//!
//! let schema = ConfigSchema {
//!     attributes: vec![AttributeInfo {
//!         name: "region".into(),
//!         type_name: "string".into(),
//!         required: true,
//!         ..AttributeInfo::default()
//!     }],
//!     ..ConfigSchema::default()
//! };
//! hcl_lsp::serve_with(schema)?;
//! # Ok::<(), hcl_lsp::Error>(())
//! ```
//!
//! The `hcl` command has it as `hcl lsp --schema schema.json`, the schema
//! the JSON form of a [`ConfigSchema`].

mod check;
mod complete;
mod complete_json;
mod document;
mod incremental;
mod line_index;
mod outline;
mod place;
mod refs;
#[cfg(test)]
mod refs_tests;
#[cfg(test)]
mod robust_tests;
mod semantic;
mod server;
mod workspace;
#[cfg(test)]
mod workspace_tests;

pub use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};
pub use lsp_server;
pub use lsp_server::Connection;
use std::fmt;

/// A language server for HCL files, with or without a schema.
///
/// # Examples
///
/// A session in-process, as a test drives one: the editor's side of the
/// connection sends `initialize`, `initialized`, `shutdown` and `exit`.
///
/// ```
/// use hcl_lsp::{Connection, Server};
/// use hcl_lsp::lsp_server::{Message, Notification, Request, RequestId};
///
/// let (server_side, editor) = Connection::memory();
/// let server = std::thread::spawn(move || Server::new(None).run(server_side));
///
/// let init = Request::new(RequestId::from(1), "initialize".into(), serde_json::json!({"capabilities": {}}));
/// editor.sender.send(init.into()).unwrap();
/// let Message::Response(answer) = editor.receiver.recv().unwrap() else { panic!() };
/// let capabilities = &answer.response_result.unwrap()["capabilities"];
/// assert_eq!(capabilities["documentFormattingProvider"], true);
///
/// editor.sender.send(Notification::new("initialized".into(), serde_json::json!({})).into()).unwrap();
/// editor.sender.send(Request::new(RequestId::from(2), "shutdown".into(), ()).into()).unwrap();
/// editor.receiver.recv().unwrap();
/// editor.sender.send(Notification::new("exit".into(), ()).into()).unwrap();
/// assert!(server.join().unwrap().is_ok());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Server {
    schema: Option<ConfigSchema>,
}

impl Server {
    /// A server that checks, completes and documents files by `schema`, or
    /// without one gives what needs no schema (syntax errors, formatting,
    /// outline, folding, highlighting).
    ///
    /// # Examples
    ///
    /// ```
    /// let server = hcl_lsp::Server::new(Some(hcl_serde::ConfigSchema::default()));
    /// # drop(server);
    /// ```
    pub fn new(schema: Option<ConfigSchema>) -> Self {
        Server { schema }
    }

    /// Serves one editor on standard input and output, until it sends
    /// `exit`.
    ///
    /// # Errors
    ///
    /// As [`Server::run`]; also the error of reading standard input or
    /// writing standard output.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// hcl_lsp::Server::new(None).run_stdio()?;
    /// # Ok::<(), hcl_lsp::Error>(())
    /// ```
    pub fn run_stdio(self) -> Result<(), Error> {
        let (connection, threads) = Connection::stdio();
        self.run(connection)?;
        threads.join()?;
        Ok(())
    }

    /// Serves one editor on `connection`: the `initialize` handshake, then
    /// every request and notification until `exit`.
    ///
    /// # Errors
    ///
    /// [`Error::Protocol`] when the editor breaks the protocol: a first
    /// message other than `initialize`, `exit` before `shutdown`, or the
    /// connection closed before `exit`.
    ///
    /// # Examples
    ///
    /// The connection closed before `initialize`:
    ///
    /// ```
    /// let (server_side, editor) = hcl_lsp::Connection::memory();
    /// drop(editor);
    /// assert!(hcl_lsp::Server::new(None).run(server_side).is_err());
    /// ```
    pub fn run(self, connection: Connection) -> Result<(), Error> {
        server::Session::new(connection, self.schema).run()
    }
}

/// Serves one editor on standard input and output with the schema of the
/// configuration type `T`, as [`ConfigSchema::of`] finds it: what an
/// application's `myapp lsp` runs, so that its users' editors know its
/// blocks, attributes, their types and doc comments.
///
/// # Errors
///
/// As [`serve_with`].
///
/// # Examples
///
/// ```no_run
/// #[hcl_serde::hcl]
/// #[derive(serde::Deserialize)]
/// struct Config {
///     /// Where the service runs.
///     region: String,
/// }
///
/// hcl_lsp::serve::<Config>()?;
/// # Ok::<(), hcl_lsp::Error>(())
/// ```
pub fn serve<T: serde::de::DeserializeOwned>() -> Result<(), Error> {
    serve_with(ConfigSchema::of::<T>())
}

/// Serves one editor on standard input and output with `schema`.
///
/// # Errors
///
/// [`Error::Schema`] when a level of the schema declares a name twice (see
/// [`check_schema`]), else as [`Server::run_stdio`].
///
/// # Examples
///
/// ```no_run
/// hcl_lsp::serve_with(hcl_serde::ConfigSchema::default())?;
/// # Ok::<(), hcl_lsp::Error>(())
/// ```
pub fn serve_with(schema: ConfigSchema) -> Result<(), Error> {
    check_schema(&schema)?;
    Server::new(Some(schema)).run_stdio()
}

/// Serves one editor on standard input and output without a schema.
///
/// # Errors
///
/// As [`Server::run_stdio`].
///
/// # Examples
///
/// ```no_run
/// hcl_lsp::serve_syntax_only()?;
/// # Ok::<(), hcl_lsp::Error>(())
/// ```
pub fn serve_syntax_only() -> Result<(), Error> {
    Server::new(None).run_stdio()
}

/// Checks that every level of `schema` can check a body: no name declared
/// twice at one level, as an attribute or a block type; and that a block
/// type that [`defines`](BlockInfo::defines) names has one label and an
/// identifier for its prefix.
///
/// # Errors
///
/// [`Error::Schema`], naming the level.
///
/// # Examples
///
/// ```
/// use hcl_serde::{AttributeInfo, ConfigSchema};
///
/// let port = AttributeInfo { name: "port".into(), ..AttributeInfo::default() };
/// let schema = ConfigSchema { attributes: vec![port.clone(), port], ..ConfigSchema::default() };
/// let err = hcl_lsp::check_schema(&schema).unwrap_err();
/// assert!(err.to_string().starts_with("invalid schema: the top level: "));
/// assert!(hcl_lsp::check_schema(&ConfigSchema::default()).is_ok());
/// ```
pub fn check_schema(schema: &ConfigSchema) -> Result<(), Error> {
    check::validate(schema).map_err(Error::Schema)
}

/// What stops a server.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The schema cannot check a body (see [`check_schema`]).
    Schema(String),
    /// The editor broke the protocol, or the connection closed early.
    Protocol(String),
    /// Reading or writing the connection failed.
    Io(std::io::Error),
}

impl fmt::Display for Error {
    /// # Examples
    ///
    /// ```
    /// let err = hcl_lsp::Error::Protocol("exit before shutdown".into());
    /// assert_eq!(err.to_string(), "protocol error: exit before shutdown");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Schema(message) => write!(f, "invalid schema: {message}"),
            Error::Protocol(message) => write!(f, "protocol error: {message}"),
            Error::Io(err) => write!(f, "{err}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(err) => Some(err),
            Error::Schema(_) | Error::Protocol(_) => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::Io(err)
    }
}

impl From<lsp_server::ProtocolError> for Error {
    fn from(err: lsp_server::ProtocolError) -> Self {
        Error::Protocol(err.to_string())
    }
}

/// The examples of the crate's README, run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
