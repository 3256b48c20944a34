//! An editor's side of the Language Server Protocol, for the tests that
//! start a server process: `Content-Length` framed JSON-RPC over the
//! process's standard input and output.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

/// A running `hcl lsp` and the messages it sent, read on a thread.
pub struct Editor {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications read while waiting for a response.
    pending: Vec<Value>,
    next_id: i64,
}

impl Editor {
    /// Starts `command` as the server.
    pub fn spawn(mut command: Command) -> Editor {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run hcl lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Editor {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    pub fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message; a failure once the server's output ends.
    pub fn receive(&mut self) -> Value {
        self.messages
            .recv()
            .unwrap_or_else(|e| panic!("no message from the server: {e}"))
    }

    /// Sends a request and returns its response (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == json!(id) && message.get("method").is_none() {
                return message;
            }
            self.pending.push(message);
        }
    }

    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// The next `textDocument/publishDiagnostics` notification.
    pub fn diagnostics(&mut self) -> Value {
        let method = "textDocument/publishDiagnostics";
        if let Some(at) = self.pending.iter().position(|m| m["method"] == method) {
            return self.pending.remove(at)["params"].clone();
        }
        loop {
            let message = self.receive();
            if message["method"] == method {
                return message["params"].clone();
            }
        }
    }

    pub fn initialize(&mut self) -> Value {
        let result = self.result(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        self.notify("initialized", json!({}));
        result["capabilities"].clone()
    }

    pub fn open(&mut self, uri: &str, text: &str) -> Value {
        let document = json!({"uri": uri, "languageId": "hcl", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
        self.diagnostics()
    }

    pub fn change(&mut self, uri: &str, version: i64, text: &str) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": text}],
            }),
        );
        self.diagnostics()
    }

    /// Shuts the server down and returns its exit status.
    pub fn shut_down(mut self) -> Option<i32> {
        assert_eq!(self.result("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.wait()
    }

    /// The exit status, once the server has read all that was sent (its
    /// input is closed: a server that would wait for more ends instead).
    pub fn wait(self) -> Option<i32> {
        let Editor {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        child.wait().unwrap().code()
    }
}

/// Reads one framed message; `None` at the end of the stream.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
