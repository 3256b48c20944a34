//! The message loop: the handshakes, the documents kept open, and each
//! request and notification handled in turn.

use crate::document::Document;
use crate::outline::{self, Text};
use crate::refs::Names;
use crate::workspace::{Disk, Scope};
use crate::{complete, complete_json, refs, semantic, Error};
use hcl_serde::ConfigSchema;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CompletionOptions, DocumentSymbolResponse, FoldingRangeProviderCapability,
    GotoDefinitionResponse, Hover, HoverContents, HoverProviderCapability, Location, MarkupContent,
    MarkupKind, NumberOrString, OneOf, PublishDiagnosticsParams, SemanticTokens,
    SemanticTokensFullOptions, SemanticTokensOptions, SemanticTokensResult,
    SemanticTokensServerCapabilities, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextEdit, Uri,
};
use serde_json::Value as Json;
use std::collections::HashMap;

/// What the server declares in its answer to `initialize`: definitions
/// and references only when the schema defines names.
pub(crate) fn capabilities(schema: Option<&ConfigSchema>) -> ServerCapabilities {
    let defines = schema.is_some_and(refs::defines_names);
    let schema = schema.is_some();
    ServerCapabilities {
        definition_provider: defines.then_some(OneOf::Left(true)),
        references_provider: defines.then_some(OneOf::Left(true)),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        completion_provider: schema.then(|| CompletionOptions {
            trigger_characters: Some(vec!["=".into(), "\"".into()]),
            ..CompletionOptions::default()
        }),
        hover_provider: schema.then_some(HoverProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: semantic::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// The state of a session.
pub(crate) struct Session {
    connection: Connection,
    schema: Option<ConfigSchema>,
    documents: HashMap<String, Document>,
    /// What was found in the files on disk beside the open documents.
    disk: Disk,
    shut_down: bool,
}

impl Session {
    pub(crate) fn new(connection: Connection, schema: Option<ConfigSchema>) -> Self {
        Session {
            connection,
            schema,
            documents: HashMap::new(),
            disk: Disk::default(),
            shut_down: false,
        }
    }

    /// Runs the session: the initialize handshake, then every message until
    /// `exit`.
    pub(crate) fn run(mut self) -> Result<(), Error> {
        let (id, _params) = self.connection.initialize_start()?;
        let result = serde_json::json!({
            "capabilities": capabilities(self.schema.as_ref()),
            "serverInfo": { "name": "hcl-lsp", "version": env!("CARGO_PKG_VERSION") },
        });
        self.connection.initialize_finish(id, result)?;
        while let Ok(message) = self.connection.receiver.recv() {
            match message {
                Message::Request(request) => self.request(request)?,
                Message::Notification(n) if n.method == note::Exit::METHOD => {
                    return if self.shut_down {
                        Ok(())
                    } else {
                        Err(Error::Protocol("exit before shutdown".into()))
                    };
                }
                Message::Notification(n) => self.notification(n)?,
                Message::Response(_) => {}
            }
        }
        Err(Error::Protocol("the connection closed before exit".into()))
    }

    fn send(&self, message: impl Into<Message>) -> Result<(), Error> {
        self.connection
            .sender
            .send(message.into())
            .map_err(|_| Error::Protocol("the connection closed".into()))
    }

    fn request(&mut self, request: Request) -> Result<(), Error> {
        let id = request.id.clone();
        if self.shut_down {
            return self.error(id, ErrorCode::InvalidRequest, "the server is shut down");
        }
        let result = match request.method.as_str() {
            req::Shutdown::METHOD => {
                self.shut_down = true;
                Ok(Json::Null)
            }
            req::Completion::METHOD => self.completion(request.params),
            req::HoverRequest::METHOD => self.hover(request.params),
            req::GotoDefinition::METHOD => self.definition(request.params),
            req::References::METHOD => self.references(request.params),
            req::Formatting::METHOD => self.formatting(request.params),
            req::DocumentSymbolRequest::METHOD => self.document_symbols(request.params),
            req::FoldingRangeRequest::METHOD => self.folding(request.params),
            req::SemanticTokensFullRequest::METHOD => self.semantic_tokens(request.params),
            _ => return self.error(id, ErrorCode::MethodNotFound, "no such method"),
        };
        match result {
            Ok(value) => self.send(Response::new_ok(id, value)),
            Err(message) => self.error(id, ErrorCode::InvalidParams, &message),
        }
    }

    fn error(&self, id: RequestId, code: ErrorCode, message: &str) -> Result<(), Error> {
        self.send(Response::new_err(id, code as i32, message.to_owned()))
    }

    fn notification(&mut self, n: Notification) -> Result<(), Error> {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let Ok(params) = from_json::<lsp_types::DidOpenTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let doc = params.text_document;
                let key = doc.uri.as_str().to_owned();
                let document = Document::new(key.clone(), doc.text, doc.version);
                self.documents.insert(key.clone(), document);
                self.publish(&doc.uri, &key)
            }
            note::DidChangeTextDocument::METHOD => {
                let Ok(params) = from_json::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = params.text_document.uri;
                let key = uri.as_str().to_owned();
                let Some(document) = self.documents.get_mut(&key) else {
                    return Ok(());
                };
                document.apply(params.content_changes, params.text_document.version);
                self.publish(&uri, &key)
            }
            note::DidCloseTextDocument::METHOD => {
                let Ok(params) = from_json::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = params.text_document.uri;
                self.documents.remove(uri.as_str());
                let params = PublishDiagnosticsParams::new(uri, Vec::new(), None);
                self.send(Notification::new(
                    note::PublishDiagnostics::METHOD.into(),
                    params,
                ))
            }
            _ => Ok(()),
        }
    }

    /// Sends the diagnostics of document `key`.
    fn publish(&mut self, uri: &Uri, key: &str) -> Result<(), Error> {
        let Some(document) = self.documents.get_mut(key) else {
            return Ok(());
        };
        let found = document.check(self.schema.as_ref());
        let diagnostics = found.iter().map(|d| to_lsp(d, document)).collect();
        let params =
            PublishDiagnosticsParams::new(uri.clone(), diagnostics, Some(document.version));
        self.send(Notification::new(
            note::PublishDiagnostics::METHOD.into(),
            params,
        ))
    }

    fn document(&self, uri: &Uri) -> Result<&Document, String> {
        self.documents
            .get(uri.as_str())
            .ok_or_else(|| format!("{} is not open", uri.as_str()))
    }

    fn completion(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::CompletionParams = from_json(params)?;
        let position = params.text_document_position;
        let document = self.document(&position.text_document.uri)?;
        let Some(schema) = self.schema.as_ref() else {
            return Ok(Json::Null);
        };
        let offset = document.offset(position.position);
        if document.is_json() {
            let text = Text {
                text: &document.text,
                index: &document.index,
            };
            return to_json(complete_json::completions(&text, schema, offset));
        }
        to_json(complete::completions(&document.text, schema, offset))
    }

    fn hover(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::HoverParams = from_json(params)?;
        let position = params.text_document_position_params;
        let document = self.document(&position.text_document.uri)?;
        let Some(schema) = self.schema.as_ref() else {
            return Ok(Json::Null);
        };
        let offset = document.offset(position.position);
        let found = if document.is_json() {
            complete_json::hover(&document.text, schema, offset)
        } else {
            complete::hover(&document.text, schema, offset)
        };
        match found {
            Some((value, span)) => to_json(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value,
                }),
                range: Some(document.range(span.start as usize, span.end as usize)),
            }),
            None => Ok(Json::Null),
        }
    }

    /// The scope of document `uri` (the configuration files of its
    /// directory) and the name at `position`; `None` without a schema,
    /// for a document that does not parse, and when no name is there (the
    /// directory is then not read).
    fn name_at(
        &mut self,
        uri: &Uri,
        position: lsp_types::Position,
    ) -> Result<Option<(Scope<'_>, refs::Name)>, String> {
        let document = self.document(uri)?;
        let Some(schema) = self.schema.as_ref() else {
            return Ok(None);
        };
        let Some(names) = Names::of(&document.text, document.filename(), schema) else {
            return Ok(None);
        };
        let Some(name) = names.at(document.offset(position)).cloned() else {
            return Ok(None);
        };
        let scope = self.disk.scope(uri, names, &self.documents, schema);
        Ok(Some((scope, name)))
    }

    /// The labels of the blocks that define the name at the position, in
    /// any file of the scope: a reference `var.x` goes to `variable "x"`;
    /// `null` when no block does.
    fn definition(&mut self, params: Json) -> Result<Json, String> {
        let params: lsp_types::GotoDefinitionParams = from_json(params)?;
        let position = params.text_document_position_params;
        let uri = position.text_document.uri;
        let Some((scope, name)) = self.name_at(&uri, position.position)? else {
            return Ok(Json::Null);
        };
        let found = scope.definitions(&name);
        match <[Location; 1]>::try_from(found) {
            Ok([one]) => to_json(GotoDefinitionResponse::Scalar(one)),
            Err(found) if found.is_empty() => Ok(Json::Null),
            Err(found) => to_json(GotoDefinitionResponse::Array(found)),
        }
    }

    /// Every reference to the name at the position (a reference or a
    /// defining label) in the files of the scope, with its definitions
    /// first when the editor asks for the declaration; `null` when no name
    /// is there.
    fn references(&mut self, params: Json) -> Result<Json, String> {
        let params: lsp_types::ReferenceParams = from_json(params)?;
        let position = params.text_document_position;
        let uri = position.text_document.uri;
        let Some((scope, name)) = self.name_at(&uri, position.position)? else {
            return Ok(Json::Null);
        };
        let mut found = Vec::new();
        if params.context.include_declaration {
            found = scope.definitions(&name);
        }
        found.extend(scope.references(&name));
        to_json(found)
    }

    /// One edit of the whole document, none when it is formatted already,
    /// `null` when it does not parse or is of the JSON syntax.
    fn formatting(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::DocumentFormattingParams = from_json(params)?;
        let document = self.document(&params.text_document.uri)?;
        if document.is_json() || hcl_core::parse(&document.text, document.filename()).is_err() {
            return Ok(Json::Null);
        }
        let formatted = hcl_core::format(&document.text);
        if formatted == document.text {
            return to_json(Vec::<TextEdit>::new());
        }
        let range = document.range(0, document.text.len());
        to_json(vec![TextEdit::new(range, formatted)])
    }

    fn document_symbols(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::DocumentSymbolParams = from_json(params)?;
        let document = self.document(&params.text_document.uri)?;
        let text = Text {
            text: &document.text,
            index: &document.index,
        };
        let Some(symbols) = outline::symbols(&text, document.filename(), self.schema.as_ref())
        else {
            return Ok(Json::Null);
        };
        to_json(DocumentSymbolResponse::Nested(symbols))
    }

    fn folding(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::FoldingRangeParams = from_json(params)?;
        let document = self.document(&params.text_document.uri)?;
        let text = Text {
            text: &document.text,
            index: &document.index,
        };
        if !document.is_json() {
            return to_json(outline::folding_native(&text));
        }
        let symbols = outline::symbols(&text, document.filename(), self.schema.as_ref());
        to_json(outline::folding_json(&symbols.unwrap_or_default()))
    }

    fn semantic_tokens(&self, params: Json) -> Result<Json, String> {
        let params: lsp_types::SemanticTokensParams = from_json(params)?;
        let document = self.document(&params.text_document.uri)?;
        let data = if document.is_json() {
            Vec::new()
        } else {
            semantic::tokens(&document.text, &document.index)
        };
        to_json(SemanticTokensResult::Tokens(SemanticTokens {
            result_id: None,
            data,
        }))
    }
}

/// An hcl-core diagnostic as the protocol has it: its severity, its code's
/// name as `code`, its summary and detail as the message, its subject as
/// the range (the document's start when it has none).
fn to_lsp(diag: &hcl_core::Diagnostic, document: &Document) -> lsp_types::Diagnostic {
    let range = diag
        .subject
        .as_ref()
        .map(|r| document.range(r.start.byte as usize, r.end.byte as usize))
        .unwrap_or_default();
    let severity = match diag.severity {
        hcl_core::Severity::Error => lsp_types::DiagnosticSeverity::ERROR,
        hcl_core::Severity::Warning => lsp_types::DiagnosticSeverity::WARNING,
    };
    let message = if diag.detail.is_empty() {
        diag.summary.clone()
    } else {
        format!("{}: {}", diag.summary, diag.detail)
    };
    lsp_types::Diagnostic {
        range,
        severity: Some(severity),
        code: Some(NumberOrString::String(diag.code.as_str().to_owned())),
        source: Some("hcl".into()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}

fn from_json<T: serde::de::DeserializeOwned>(value: Json) -> Result<T, String> {
    serde_json::from_value(value).map_err(|err| err.to_string())
}

fn to_json(value: impl serde::Serialize) -> Result<Json, String> {
    serde_json::to_value(value).map_err(|err| err.to_string())
}
