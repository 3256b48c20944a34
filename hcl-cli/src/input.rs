//! Reading inputs: files, directories of HCL files and standard input.

use hcl_core::{Code, Diagnostic, SourceFile, Span};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The extensions of the files read from a directory (`.pkr.hcl` ends
/// with `.hcl`); each followed by `.json` (`.tf.json`, `.hcl.json`) is a
/// file of the JSON syntax, read too.
pub const EXTENSIONS: [&str; 4] = ["hcl", "tf", "tfvars", "nomad"];

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
    name.ends_with(".json")
}

/// An input that could not be read, as `name: what happened`: printed as
/// `hcl: ...`, exit status 2.
#[derive(Debug)]
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
        let path = Path::new(name);
        if path.is_dir() {
            return Err(fail("is a directory, not a file".to_owned()));
        }
        std::fs::read(path).map_err(|e| fail(format!("cannot read: {e}")))?
    };
    Ok(Input {
        name: display.to_owned(),
        text: utf8(display, bytes).map_err(|diag| *diag),
    })
}

pub(crate) fn utf8(display: &str, bytes: Vec<u8>) -> Result<String, Box<Diagnostic>> {
    String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        let lossy = String::from_utf8_lossy(err.as_bytes()).into_owned();
        let file = Arc::new(SourceFile::new(display, &lossy));
        let start = u32::try_from(at).unwrap_or(u32::MAX);
        let replacement = u32::try_from(char::REPLACEMENT_CHARACTER.len_utf8()).unwrap_or(1);
        let mut diag = Diagnostic::error(
            Code::InvalidUtf8, "Invalid UTF-8",
            format!("The file is not valid UTF-8: the byte at offset {at} does not start a valid character. HCL files must be UTF-8."),
        )
        .with_subject(&file, Span::new(start, start.saturating_add(replacement)));
        // The range covers the replacement character of the text shown;
        // its end byte is that of the original bytes.
        if let Some(subject) = &mut diag.subject {
            subject.end.byte = start.saturating_add(1);
        }
        Box::new(diag)
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
    if paths.is_empty() {
        return vec![Ok("-".to_owned())];
    }
    let mut out = Vec::new();
    for path in paths {
        if path == "-" {
            out.push(Ok(path.clone()));
            continue;
        }
        let mut files = Vec::new();
        let found = collect(Path::new(path), true, recursive, &mut files);
        for file in files {
            match file.to_str() {
                Some(name) => out.push(Ok(name.to_owned())),
                None => out.push(Err(IoError {
                    name: file.display().to_string(),
                    message: "the name is not UTF-8".to_owned(),
                })),
            }
        }
        if let Err(err) = found {
            out.push(Err(err));
        }
    }
    out
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
        if named || has_read_extension(path) {
            files.push(path.to_path_buf());
        }
        return Ok(());
    }
    let mut entries = std::fs::read_dir(path)
        .and_then(|entries| {
            entries
                .map(|entry| entry.map(|e| e.path()))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| fail(format!("cannot read directory: {e}")))?;
    entries.sort();
    for entry in entries {
        collect(&entry, false, recursive, files)?;
    }
    Ok(())
}

/// Whether a file found in a directory is read: its name ends with an
/// [extension](EXTENSIONS) read, or with one followed by `.json`.
fn has_read_extension(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let name = name.strip_suffix(".json").unwrap_or(name);
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e))
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
/// are still processed. Returns how many inputs were processed, parsed or
/// not.
pub fn each_parsed(
    paths: &[String],
    stdin: Syntax,
    report: &mut crate::report::Reporter,
    out: &mut crate::Output,
    mut each: impl FnMut(
        &str,
        &hcl_core::ConfigFile<'_>,
        &mut crate::report::Reporter,
        &mut crate::Output,
    ),
) -> usize {
    let mut count = 0;
    for name in expand(paths, true) {
        let input = match name.and_then(|name| read_input(&name)) {
            Ok(input) => input,
            Err(err) => {
                report.io_error(&err, out);
                continue;
            }
        };
        count += 1;
        match &input.text {
            Err(diag) => report.diagnostic(diag, out),
            Ok(text) => match parse(text, &input.name, stdin) {
                Ok(file) => each(text, &file, report, out),
                Err(found) => report.diagnostics(&found, out),
            },
        }
    }
    count
}
