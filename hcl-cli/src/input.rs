//! Reading inputs: files, directories of HCL files and standard input.

use hcl_core::Diagnostic;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The extensions of the files read from a directory (`.pkr.hcl` ends
/// with `.hcl`); each followed by `.json` (`.tf.json`, `.hcl.json`) is a
/// file of the JSON syntax, read too: hcl-core's configuration files
/// ([`hcl_core::directory::is_config_file_name`]).
pub use hcl_core::directory::EXTENSIONS;

/// The syntax standard input is read in; a file's is chosen by its name
/// (see [`is_json_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Syntax {
    /// The native syntax.
    #[default]
    Native,
    /// The JSON syntax.
    Json,
}

/// Whether a file of this name is read in the JSON syntax: its name ends
/// in `.json`, as the reference's `hclparse` decides.
///
/// # Examples
///
/// ```
/// use hcl_cli::input::is_json_name;
/// assert!(is_json_name("main.tf.json"));
/// assert!(is_json_name("config.json"));
/// assert!(!is_json_name("main.tf"));
/// ```
pub fn is_json_name(name: &str) -> bool {
    hcl_core::Syntax::of_name(name) == hcl_core::Syntax::Json
}

/// An input that could not be read, as `name: what happened`: printed as
/// `hcl: ...`, exit status 2.
#[derive(Debug, Clone)]
pub struct IoError {
    /// The file (or `<stdin>`).
    pub name: String,
    /// What happened.
    pub message: String,
}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

/// A named input read as text, or as a diagnostic when it is not UTF-8.
pub struct Input {
    /// The name shown in messages: the path, or `<stdin>`.
    pub name: String,
    /// The text.
    pub text: Result<String, Diagnostic>,
}

/// Reads a file, or standard input for `-`.
///
/// # Examples
///
/// ```
/// let err = hcl_cli::input::read_input("/nonexistent/x.hcl").err().unwrap();
/// assert_eq!(err.name, "/nonexistent/x.hcl");
/// assert!(err.message.starts_with("cannot read"));
/// ```
pub fn read_input(name: &str) -> Result<Input, IoError> {
    let display = if name == "-" { "<stdin>" } else { name };
    let fail = |message: String| IoError {
        name: display.to_owned(),
        message,
    };
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| fail(format!("cannot read standard input: {e}")))?;
        buf
    } else {
        std::fs::read(name).map_err(|e| match e.kind() {
            std::io::ErrorKind::IsADirectory => fail("is a directory, not a file".to_owned()),
            _ => fail(format!("cannot read: {e}")),
        })?
    };
    Ok(Input {
        name: display.to_owned(),
        text: utf8(display, bytes).map_err(|diag| *diag),
    })
}

pub(crate) fn utf8(display: &str, bytes: Vec<u8>) -> Result<String, Box<Diagnostic>> {
    String::from_utf8(bytes).map_err(|e| {
        Box::new(Diagnostic::invalid_utf8(
            display,
            e.as_bytes(),
            e.utf8_error(),
        ))
    })
}

/// The inputs named on a command line: `-` for standard input (also when
/// none is named), a file as it is, a directory as the files below it with
/// an [extension](EXTENSIONS) read, in name order, searched `recursively`
/// or not. A path that cannot be listed is an error in its place; the
/// others are still given.
///
/// # Examples
///
/// ```
/// let inputs = hcl_cli::input::expand(&[], true);
/// assert_eq!(inputs.len(), 1);
/// assert_eq!(inputs[0].as_ref().unwrap(), "-");
/// ```
pub fn expand(paths: &[String], recursive: bool) -> Vec<Result<String, IoError>> {
    let mut out = Vec::new();
    expand_each(paths, recursive, &mut |name| out.push(name));
    out
}

/// [`expand`], giving each name to `each` as soon as it is found.
fn expand_each(paths: &[String], recursive: bool, each: &mut dyn FnMut(Result<String, IoError>)) {
    if paths.is_empty() {
        return each(Ok("-".to_owned()));
    }
    for path in paths {
        if path == "-" {
            each(Ok(path.clone()));
            continue;
        }
        let mut named = |file: PathBuf| match file.to_str() {
            Some(name) => each(Ok(name.to_owned())),
            None => each(Err(IoError {
                name: file.display().to_string(),
                message: "the name is not UTF-8".to_owned(),
            })),
        };
        if let Err(err) = walk(Path::new(path), true, recursive, &mut named) {
            each(Err(err));
        }
    }
}

/// Adds `path` to `files` if it is a file (named on the command line, or
/// found with an extension read), or the files below it if it is a
/// directory, in name order. Below a directory, symbolic links are followed
/// to files only, so that a link to a parent cannot make the search endless.
pub fn collect(
    path: &Path,
    named: bool,
    recursive: bool,
    files: &mut Vec<PathBuf>,
) -> Result<(), IoError> {
    walk(path, named, recursive, &mut |file| files.push(file))
}

/// [`collect`], giving each file to `found` as soon as it is found.
fn walk(
    path: &Path,
    named: bool,
    recursive: bool,
    found: &mut dyn FnMut(PathBuf),
) -> Result<(), IoError> {
    let fail = |message: String| IoError {
        name: path.display().to_string(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read: {e}")))?;
    let link = !named && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if meta.is_dir() && (link || (!named && !recursive)) {
        return Ok(());
    }
    if !meta.is_dir() {
        if named || is_config_file(path) {
            found(path.to_path_buf());
        }
        return Ok(());
    }
    let mut entries = std::fs::read_dir(path)
        .and_then(|entries| {
            entries
                .map(|entry| entry.and_then(|e| Ok((e.path(), e.file_type()?))))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| fail(format!("cannot read directory: {e}")))?;
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (entry, kind) in entries {
        // What the directory says of an entry, without a look at each:
        // only a symbolic link needs one, to tell where it leads.
        if kind.is_symlink() {
            walk(&entry, false, recursive, found)?;
        } else if kind.is_dir() {
            if recursive {
                walk(&entry, false, recursive, found)?;
            }
        } else if is_config_file(&entry) {
            found(entry);
        }
    }
    Ok(())
}

/// Whether a file found in a directory is read: its name is that of a
/// configuration file ([`hcl_core::directory::is_config_file_name`]).
fn is_config_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(hcl_core::directory::is_config_file_name)
}

/// Parses a text in the syntax its name calls for
/// ([`hcl_core::parse_config`]); standard input (`<stdin>`) in `stdin`.
///
/// # Examples
///
/// ```
/// use hcl_cli::input::{parse, Syntax};
/// use hcl_core::ConfigFile;
/// assert!(matches!(parse("{}", "a.tf.json", Syntax::Native), Ok(ConfigFile::Json(_))));
/// assert!(matches!(parse("{}", "<stdin>", Syntax::Json), Ok(ConfigFile::Json(_))));
/// assert!(matches!(parse("a = 1", "<stdin>", Syntax::Native), Ok(ConfigFile::Native(_))));
/// ```
pub fn parse<'t>(
    text: &'t str,
    name: &str,
    stdin: Syntax,
) -> Result<hcl_core::ConfigFile<'t>, hcl_core::Diagnostics> {
    if name == "<stdin>" && stdin == Syntax::Json {
        return hcl_core::parse_json(text, name).map(hcl_core::ConfigFile::Json);
    }
    hcl_core::parse_config(text, name)
}

/// Reads and parses every input [named](expand), calling `each` with the
/// text and the parsed file of each that parses (standard input in the
/// syntax `stdin`, a file in that of its name); what cannot be read and
/// the diagnostics of what does not parse are reported, and the others
/// are still processed. The inputs are read and processed on every core,
/// each with a [fork](crate::report::Reporter::fork) of `report` and an
/// output of its own, which are then written in the order of the inputs:
/// the output is that of one input after another. Returns how many inputs
/// were processed, parsed or not, and what `each` gave for each, in order.
pub fn each_parsed<R: Send>(
    paths: &[String],
    stdin: Syntax,
    report: &mut crate::report::Reporter,
    out: &mut crate::Output,
    each: impl Fn(
            &str,
            &hcl_core::ConfigFile<'_>,
            &mut crate::report::Reporter,
            &mut crate::Output,
        ) -> Option<R>
        + Sync,
) -> (usize, Vec<R>) {
    let one = |name: &Result<String, IoError>| {
        let mut report = report.fork();
        let mut out = crate::Output::default();
        let (counted, found) = process(name, stdin, &mut report, &mut out, &each);
        (report, out, counted, found)
    };
    let done = hcl_core::__private::on_every_core(|give| expand_each(paths, true, give), one);
    let mut count = 0;
    let mut results = Vec::new();
    for (one_report, one_out, counted, found) in done {
        report.absorb(one_report);
        out.stdout.push_str(&one_out.stdout);
        out.stderr.push_str(&one_out.stderr);
        count += usize::from(counted);
        results.extend(found);
    }
    (count, results)
}

/// Reads, parses and processes one input: whether it was read, and what
/// `each` gave.
fn process<R>(
    name: &Result<String, IoError>,
    stdin: Syntax,
    report: &mut crate::report::Reporter,
    out: &mut crate::Output,
    each: &impl Fn(
        &str,
        &hcl_core::ConfigFile<'_>,
        &mut crate::report::Reporter,
        &mut crate::Output,
    ) -> Option<R>,
) -> (bool, Option<R>) {
    let input = match name.clone().and_then(|name| read_input(&name)) {
        Ok(input) => input,
        Err(err) => {
            report.io_error(&err, out);
            return (false, None);
        }
    };
    let found = match &input.text {
        Err(diag) => {
            report.diagnostic(diag, out);
            None
        }
        Ok(text) => match parse(text, &input.name, stdin) {
            Ok(file) => each(text, &file, report, out),
            Err(found) => {
                report.diagnostics(&found, out);
                None
            }
        },
    };
    (true, found)
}
