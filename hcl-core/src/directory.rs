//! The configuration files of a directory, as Terraform reads the files of
//! a module: which files are configuration files (the rule the `hcl`
//! command follows when it searches directories), and the files of one
//! directory read and parsed on every core, for [`Body::merge`](crate::Body::merge).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::json::Syntax;
use crate::parser::ParseOptions;
use crate::span::SourceFile;
use crate::syntax_tree::SyntaxTree;

/// The extensions of configuration files (`.pkr.hcl` ends with `.hcl`);
/// each followed by `.json` (`.tf.json`, `.hcl.json`) is a configuration
/// file of the JSON syntax.
pub const EXTENSIONS: [&str; 4] = ["hcl", "tf", "tfvars", "nomad"];

/// Whether a file of this name, found in a directory, is a configuration
/// file: its name ends with one of the [`EXTENSIONS`], or with one
/// followed by `.json`. A plain `.json` file is not one: a directory of
/// configuration files often holds other JSON beside them.
///
/// # Examples
///
/// ```
/// use hcl_core::directory::is_config_file_name;
/// assert!(is_config_file_name("main.tf"));
/// assert!(is_config_file_name("app.pkr.hcl"));
/// assert!(is_config_file_name("main.tf.json"));
/// assert!(is_config_file_name("app.hcl.json"));
/// assert!(!is_config_file_name("package.json"));
/// assert!(!is_config_file_name("README.md"));
/// assert!(!is_config_file_name("tf"));
/// ```
pub fn is_config_file_name(name: &str) -> bool {
    let name = name.strip_suffix(".json").unwrap_or(name);
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e))
}

/// The configuration files of the directory `dir` (the files whose
/// [names](is_config_file_name) say so, and the symbolic links to them),
/// sorted by name; the directories in it are not searched.
///
/// # Errors
///
/// "Failed to read directory" ([`Code::ReadFailed`]) when `dir` cannot be
/// listed, or is not a directory.
///
/// # Examples
///
/// ```
/// let dir = std::env::temp_dir().join("hcl-core-config-files-doc");
/// std::fs::create_dir_all(&dir).unwrap();
/// for name in ["variables.tf", "main.tf", "README.md", "override.tf.json"] {
///     std::fs::write(dir.join(name), "").unwrap();
/// }
/// let files = hcl_core::directory::config_files(&dir).unwrap();
/// let names: Vec<_> = files.iter().map(|f| f.file_name().unwrap().to_str().unwrap()).collect();
/// assert_eq!(names, ["main.tf", "override.tf.json", "variables.tf"]);
///
/// let missing = hcl_core::directory::config_files(&dir.join("absent")).unwrap_err();
/// assert_eq!(missing.iter().next().unwrap().code, hcl_core::Code::ReadFailed);
/// ```
pub fn config_files(dir: &Path) -> Result<Vec<PathBuf>, Diagnostics> {
    let failed = |e: std::io::Error| {
        Diagnostic::error(
            Code::ReadFailed,
            "Failed to read directory",
            format!(
                "The directory \"{}\" could not be read: {e}.",
                dir.display()
            ),
        )
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        if !entry.file_name().to_str().is_some_and(is_config_file_name) {
            continue;
        }
        let path = entry.path();
        let kind = entry.file_type().map_err(failed)?;
        // A link is followed; one that leads nowhere is kept, for its
        // reading to say so.
        let is_dir = match kind.is_symlink() {
            true => std::fs::metadata(&path).is_ok_and(|m| m.is_dir()),
            false => kind.is_dir(),
        };
        if !is_dir {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads and parses the [configuration files](config_files) of the
/// directory `dir`, each in the syntax of its name
/// ([`Syntax::of_name`]), on as many threads as the machine has cores;
/// the trees come in the order of the files' names, for
/// [`Body::merge`](crate::Body::merge) to make them one body, as a
/// directory of configuration files is one module. A file's diagnostics
/// name it by its path (`dir` joined with its name).
///
/// # Errors
///
/// When a file cannot be read or does not parse, the diagnostics of every
/// file that failed, file after file: "Failed to read file"
/// ([`Code::ReadFailed`]), "Invalid UTF-8", the syntax errors.
/// "Failed to read directory" when `dir` cannot be listed.
///
/// # Examples
///
/// ```
/// use hcl_core::{Body, BodySchema, ParseOptions};
///
/// let dir = std::env::temp_dir().join("hcl-core-parse-dir-doc");
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("main.tf"), "resource \"a\" \"x\" {}\n").unwrap();
/// std::fs::write(dir.join("extra.tf.json"), r#"{"resource": {"b": {"y": {}}}}"#).unwrap();
///
/// let trees = hcl_core::parse_dir(&dir, &ParseOptions::default()).unwrap();
/// let body = Body::merge(trees.iter().map(Body::from_tree));
/// let schema = BodySchema::builder().block("resource", &["type", "name"]).build().unwrap();
/// let content = body.content(&schema).unwrap();
/// let types: Vec<_> = content.blocks.iter().map(|b| b.labels[0].value).collect();
/// assert_eq!(types, ["b", "a"]);
///
/// std::fs::write(dir.join("main.tf"), "resource \"a\" {\n").unwrap();
/// let errors = hcl_core::parse_dir(&dir, &ParseOptions::default()).unwrap_err();
/// let subject = errors.iter().next().unwrap().subject.as_ref().unwrap();
/// assert!(subject.filename.ends_with("main.tf"));
/// ```
pub fn parse_dir(
    dir: impl AsRef<Path>,
    options: &ParseOptions,
) -> Result<Vec<Arc<SyntaxTree>>, Diagnostics> {
    let files = config_files(dir.as_ref())?;
    let parsed = on_every_core(
        |give| files.into_iter().for_each(give),
        |path| parse_file(path, options),
    );
    let mut trees = Vec::with_capacity(parsed.len());
    let mut errors = Diagnostics::default();
    for file in parsed {
        match file {
            Ok(tree) => trees.push(tree),
            Err(diags) => errors.extend(diags),
        }
    }
    match errors.is_empty() {
        true => Ok(trees),
        false => Err(errors),
    }
}

/// Reads and parses the file at `path`, in the syntax of its name.
fn parse_file(path: &Path, options: &ParseOptions) -> Result<Arc<SyntaxTree>, Diagnostics> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostic::error(
            Code::ReadFailed,
            "Failed to read file",
            format!("The file \"{name}\" could not be read: {e}."),
        )
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|e| Diagnostic::invalid_utf8(&name, e.as_bytes(), e.utf8_error()))?;
    let source = match Syntax::of_name(&name) {
        Syntax::Json => SourceFile::from_string_json(&name, text),
        Syntax::Native => SourceFile::from_string(&name, text),
    };
    SyntaxTree::parse(Arc::new(source), options)
}

/// `f` of each item that `items` gives, computed on as many threads as
/// the machine has cores while `items` is still giving them (a search of
/// directories overlaps the reading of the files found), in the order
/// `items` gave them. The threads take the next item as they finish one,
/// so a large file does not hold up the others behind it. With one core,
/// everything is done on the calling thread.
#[doc(hidden)]
pub fn on_every_core<T: Send, R: Send>(
    items: impl FnOnce(&mut dyn FnMut(T)),
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let (give, take) = std::sync::mpsc::channel::<(usize, T)>();
    let take = std::sync::Mutex::new(take);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let next = match take.lock() {
                Ok(take) => take.recv(),
                Err(_) => return mine,
            };
            let Ok((i, item)) = next else {
                return mine;
            };
            mine.push((i, f(&item)));
        }
    };
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut n = 0;
        items(&mut |item| {
            // The receivers outlive the sender: sending cannot fail.
            let _ = give.send((n, item));
            n += 1;
        });
        drop(give);
        let mut all = work();
        for other in others {
            all.extend(
                other
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
        }
        all
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests;
