//! The scope of the names a schema defines: the configuration files of a
//! document's directory, as `hcl_core::parse_dir` reads a directory as one
//! body, so that a name defined in one file is followed from another.
//!
//! An open document is read as the editor last sent it; the other files
//! are read from disk, and what was found in each is kept, by path, until
//! its modification time or size changes. A document whose URI is not a
//! `file:` URI (`untitled:`) is its own scope.

use crate::document::Document;
use crate::line_index::LineIndex;
use crate::refs::{Name, Names};
use hcl_core::directory;
use hcl_core::Span;
use hcl_serde::ConfigSchema;
use lsp_types::{Location, Uri};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What was found in the configuration files read from disk, by path.
#[derive(Debug, Default)]
pub(crate) struct Disk {
    files: HashMap<PathBuf, OnDisk>,
}

/// A file as it was read from disk.
#[derive(Debug)]
struct OnDisk {
    /// Its modification time and size then; `None` where the system
    /// gives no modification time (the file is read again each time).
    stamp: Option<(SystemTime, u64)>,
    text: String,
    index: LineIndex,
    /// Its names; `None` when it does not parse.
    names: Option<Names>,
}

/// The files a name is defined and referred to in.
#[derive(Debug)]
pub(crate) struct Scope<'a> {
    /// By path (a document of its own scope has none).
    files: Vec<Member<'a>>,
}

/// A file of a scope, with its names.
#[derive(Debug)]
struct Member<'a> {
    path: Option<PathBuf>,
    uri: Uri,
    text: &'a str,
    index: &'a LineIndex,
    names: Cow<'a, Names>,
}

impl Disk {
    /// The scope of the open document `uri`, whose `names` are given: the
    /// configuration files of its directory (the open documents among them
    /// as `documents` has them, the others as on disk, a file that does not
    /// parse left out), and the document itself; for a URI that is not a
    /// `file:` URI, the document alone.
    pub(crate) fn scope<'a>(
        &'a mut self,
        uri: &Uri,
        names: Names,
        documents: &'a HashMap<String, Document>,
        schema: &ConfigSchema,
    ) -> Scope<'a> {
        let Some(document) = documents.get(uri.as_str()) else {
            return Scope { files: Vec::new() };
        };
        let this = Member::open(None, uri.clone(), document, Cow::Owned(names));
        let Some(path) = file_path(uri) else {
            return Scope { files: vec![this] };
        };
        let Some(dir) = path.parent().map(Path::to_path_buf) else {
            return Scope { files: vec![this] };
        };
        let mut files = vec![Member {
            path: Some(path),
            ..this
        }];
        files.extend(open_beside(uri, &dir, documents, schema));
        let open: Vec<PathBuf> = files.iter().filter_map(|f| f.path.clone()).collect();
        let listed = directory::config_files(&dir).unwrap_or_default();
        let closed: Vec<&PathBuf> = listed.iter().filter(|p| !open.contains(p)).collect();
        self.refresh(&dir, &listed, &closed, schema);
        for path in closed {
            let Some((file, names)) = self
                .files
                .get(path)
                .and_then(|f| Some((f, f.names.as_ref()?)))
            else {
                continue;
            };
            let name = path.file_name().and_then(|n| n.to_str());
            let Some(uri) = name.and_then(|n| sibling(uri, n)) else {
                continue;
            };
            files.push(Member {
                path: Some(path.clone()),
                uri,
                text: &file.text,
                index: &file.index,
                names: Cow::Borrowed(names),
            });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Scope { files }
    }

    /// Reads again the files of `closed` that changed on disk since they
    /// were read, or were never read, and forgets those of `dir` no longer
    /// `listed`.
    fn refresh(
        &mut self,
        dir: &Path,
        listed: &[PathBuf],
        closed: &[&PathBuf],
        schema: &ConfigSchema,
    ) {
        self.files
            .retain(|path, _| path.parent() != Some(dir) || listed.contains(path));
        for &path in closed {
            let stamp = std::fs::metadata(path)
                .ok()
                .and_then(|m| Some((m.modified().ok()?, m.len())));
            let kept = self.files.get(path).and_then(|f| f.stamp);
            if stamp.is_some() && kept == stamp {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(path) else {
                self.files.remove(path);
                continue;
            };
            let names = Names::of(&text, &path.to_string_lossy(), schema);
            let index = LineIndex::new(&text);
            let file = OnDisk {
                stamp,
                text,
                index,
                names,
            };
            self.files.insert(path.clone(), file);
        }
    }
}

/// The open documents other than `uri` whose files are configuration
/// files of `dir`, each with its path, those that parse with their names.
fn open_beside<'a>(
    uri: &Uri,
    dir: &Path,
    documents: &'a HashMap<String, Document>,
    schema: &ConfigSchema,
) -> Vec<Member<'a>> {
    let beside = documents.iter().filter_map(|(key, document)| {
        let other = key.parse::<Uri>().ok().filter(|other| other != uri)?;
        let path = file_path(&other)?;
        let name = path.file_name()?.to_str()?;
        if path.parent() != Some(dir) || !directory::is_config_file_name(name) {
            return None;
        }
        let names = Names::of(&document.text, document.filename(), schema);
        // A document that does not parse still hides its file on disk.
        let names = Cow::Owned(names.unwrap_or_default());
        Some(Member::open(Some(path), other, document, names))
    });
    beside.collect()
}

impl<'a> Member<'a> {
    fn open(
        path: Option<PathBuf>,
        uri: Uri,
        document: &'a Document,
        names: Cow<'a, Names>,
    ) -> Self {
        Member {
            path,
            uri,
            text: &document.text,
            index: &document.index,
            names,
        }
    }

    fn locations<'s>(
        &'s self,
        spans: impl Iterator<Item = Span> + 's,
    ) -> impl Iterator<Item = Location> + 's {
        spans.map(|span| Location {
            uri: self.uri.clone(),
            range: self
                .index
                .range(self.text, span.start as usize, span.end as usize),
        })
    }
}

impl Scope<'_> {
    /// The labels that define `name`, file after file.
    pub(crate) fn definitions(&self, name: &Name) -> Vec<Location> {
        let found = self.files.iter();
        found
            .flat_map(|f| f.locations(f.names.definitions_of(name)))
            .collect()
    }

    /// The references to `name`, file after file, each file's in source
    /// order.
    pub(crate) fn references(&self, name: &Name) -> Vec<Location> {
        let found = self.files.iter();
        found
            .flat_map(|f| f.locations(f.names.references_to(name)))
            .collect()
    }
}

/// The path on this machine of a `file:` URI (its host empty or
/// `localhost`, its path absolute, percent-decoded); `None` for any other.
pub(crate) fn file_path(uri: &Uri) -> Option<PathBuf> {
    if !uri.scheme()?.as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    if let Some(authority) = uri.authority() {
        let host = authority.host().as_str();
        if !host.is_empty() && !host.eq_ignore_ascii_case("localhost") {
            return None;
        }
    }
    let decoded = uri.path().as_estr().decode().into_string().ok()?;
    let path: &str = &decoded;
    // `file:///C:/dir/main.tf` is `C:/dir/main.tf` on Windows.
    let path = match path.as_bytes() {
        [b'/', drive, b':', ..] if cfg!(windows) && drive.is_ascii_alphabetic() => path.get(1..)?,
        _ => path,
    };
    let path = PathBuf::from(path);
    path.is_absolute().then_some(path)
}

/// The URI of the file `name` in the directory of `uri`: `uri` up to its
/// path's last `/`, then `name` with every byte but the unreserved ones
/// percent-encoded.
fn sibling(uri: &Uri, name: &str) -> Option<Uri> {
    let whole = uri.as_str();
    let end = whole.find(['?', '#']).unwrap_or(whole.len());
    let dir = whole.get(..=whole.get(..end)?.rfind('/')?)?;
    let mut text = dir.to_owned();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            text.push(char::from(byte));
        } else {
            let _ = write!(text, "%{byte:02X}");
        }
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap()
    }

    #[test]
    fn a_file_uri_is_a_path() {
        let path = file_path(&uri("file:///srv/a%20b/main.tf?x#y"));
        assert_eq!(path, Some(PathBuf::from("/srv/a b/main.tf")));
        let path = file_path(&uri("file://localhost/srv/main.tf"));
        assert_eq!(path, Some(PathBuf::from("/srv/main.tf")));
        assert_eq!(file_path(&uri("untitled:Untitled-1")), None);
        assert_eq!(file_path(&uri("file://elsewhere/srv/main.tf")), None);
        assert_eq!(file_path(&uri("https:///srv/main.tf")), None);
    }

    #[test]
    fn a_sibling_s_name_is_encoded() {
        let found = sibling(&uri("file:///srv/a%20b/main.tf?x"), "extra vars+é.tf.json");
        let expected = "file:///srv/a%20b/extra%20vars%2B%C3%A9.tf.json";
        assert_eq!(
            found.map(|u| u.as_str().to_owned()).as_deref(),
            Some(expected)
        );
        let back = file_path(&uri(expected));
        assert_eq!(back, Some(PathBuf::from("/srv/a b/extra vars+é.tf.json")));
    }
}
