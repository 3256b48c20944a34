//! An editor's side of a language server session in-process: what the
//! `lsp` benchmark and the `lsp_profile` example drive.

use hcl_lsp::lsp_server::{Message, Notification, Request, RequestId};
use hcl_lsp::{ConfigSchema, Connection, Server};
use serde_json::{json, Value as Json};
use std::thread::JoinHandle;

/// The URI of the one document the session opens.
const URI: &str = "file:///bench/main.tf";

/// A session with one open document, and where a keystroke goes.
pub struct Session {
    editor: Connection,
    server: Option<JoinHandle<Result<(), hcl_lsp::Error>>>,
    text: String,
    version: i32,
    /// The byte offset of the keystroke: inside a quoted string near the
    /// middle of the text.
    at: usize,
    /// Its line and UTF-16 column.
    line: u32,
    column: u32,
    /// Whether the extra character is in the text now.
    typed: bool,
}

/// What went wrong in a session.
pub type Failure = String;

impl Session {
    /// Starts a server with `schema`, opens `text` and waits for its first
    /// diagnostics.
    ///
    /// # Errors
    ///
    /// When the server stops or answers out of turn.
    pub fn open(schema: Option<ConfigSchema>, text: String) -> Result<Session, Failure> {
        let (server_side, editor) = Connection::memory();
        let server = std::thread::spawn(move || Server::new(schema).run(server_side));
        let at = keystroke_offset(&text).ok_or("no quoted string in the input")?;
        let before = text.get(..at).unwrap_or_default();
        let line = before.matches('\n').count() as u32;
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        let column = before
            .get(line_start..)
            .unwrap_or_default()
            .encode_utf16()
            .count() as u32;
        let session = Session {
            editor,
            server: Some(server),
            text,
            version: 1,
            at,
            line,
            column,
            typed: false,
        };
        let init = Request::new(
            RequestId::from(1),
            "initialize".into(),
            json!({"capabilities": {}}),
        );
        session.send(init.into())?;
        match session.editor.receiver.recv() {
            Ok(Message::Response(_)) => {}
            other => return Err(format!("no answer to initialize: {other:?}")),
        }
        session.notify("initialized", json!({}))?;
        let open = json!({"textDocument": {
            "uri": URI, "languageId": "hcl", "version": 1, "text": session.text,
        }});
        session.notify("textDocument/didOpen", open)?;
        session.diagnostics_of(1)?;
        Ok(session)
    }

    fn send(&self, message: Message) -> Result<(), Failure> {
        self.editor
            .sender
            .send(message)
            .map_err(|_| "the server has stopped".to_owned())
    }

    fn notify(&self, method: &str, params: Json) -> Result<(), Failure> {
        self.send(Notification::new(method.into(), params).into())
    }

    /// Waits for the diagnostics of `version`; gives how many there are.
    fn diagnostics_of(&self, version: i32) -> Result<usize, Failure> {
        loop {
            let message = self
                .editor
                .receiver
                .recv()
                .map_err(|_| "the server has stopped".to_owned())?;
            let Message::Notification(n) = message else {
                continue;
            };
            if n.method == "textDocument/publishDiagnostics" && n.params["version"] == version {
                return Ok(n.params["diagnostics"].as_array().map_or(0, Vec::len));
            }
        }
    }

    /// One keystroke: types a character at the keystroke's place, or
    /// deletes the one typed there before, as a ranged change (`ranged`)
    /// or as the whole new text; returns when the diagnostics of the new
    /// version arrive, with how many there are.
    ///
    /// # Errors
    ///
    /// When the server stops.
    pub fn keystroke(&mut self, ranged: bool) -> Result<usize, Failure> {
        self.version += 1;
        let (line, column) = (self.line, self.column);
        let change = if self.typed {
            self.text.replace_range(self.at..self.at + 1, "");
            json!({"range": {"start": {"line": line, "character": column},
                             "end": {"line": line, "character": column + 1}}, "text": ""})
        } else {
            self.text.insert(self.at, 'x');
            json!({"range": {"start": {"line": line, "character": column},
                             "end": {"line": line, "character": column}}, "text": "x"})
        };
        self.typed = !self.typed;
        let change = if ranged {
            change
        } else {
            json!({"text": self.text})
        };
        let params = json!({
            "textDocument": {"uri": URI, "version": self.version},
            "contentChanges": [change],
        });
        self.notify("textDocument/didChange", params)?;
        self.diagnostics_of(self.version)
    }

    /// Shuts the server down.
    ///
    /// # Errors
    ///
    /// When the server stops with an error.
    pub fn close(mut self) -> Result<(), Failure> {
        self.send(Request::new(RequestId::from(2), "shutdown".into(), ()).into())?;
        loop {
            match self.editor.receiver.recv() {
                Ok(Message::Response(_)) => break,
                Ok(_) => {}
                Err(_) => return Err("the server has stopped".into()),
            }
        }
        self.notify("exit", Json::Null)?;
        match self.server.take().map(JoinHandle::join) {
            Some(Ok(Ok(()))) | None => Ok(()),
            Some(Ok(Err(err))) => Err(err.to_string()),
            Some(Err(_)) => Err("the server panicked".into()),
        }
    }
}

/// Just past the opening quote of the first `= "` at or after the middle
/// of `text`.
fn keystroke_offset(text: &str) -> Option<usize> {
    let middle = (text.len() / 2..text.len()).find(|&i| text.is_char_boundary(i))?;
    let found = text.get(middle..)?.find("= \"")?;
    Some(middle + found + 3)
}
