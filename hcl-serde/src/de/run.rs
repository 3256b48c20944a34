//! Running a decode: the passes over a document, each with its context
//! (the user functions read, `dynamic` blocks expanded) and its session.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use hcl_core::ext::dynblock::Expansion;
use hcl_core::ext::userfunc::with_user_functions;
use hcl_core::functions::Functions;
use hcl_core::schema::Body;
use hcl_core::Code;
use hcl_core::{Diagnostics, EvalContext};
use serde::de::Deserialize;

use super::entry;
use super::recovery::{self, Found, Next, ResumePoints};
use super::{Borrowable, Decoded, Decoder, Session};
use crate::error::{Error, Result};

impl<'c> Decoder<'c> {
    /// Decodes `body`, whose string values borrow from `source` where they
    /// can.
    pub(super) fn decode_body<'de, T: Deserialize<'de>>(
        &self,
        body: &Body<'_>,
        source: Borrowable<'de>,
        input_bytes: usize,
    ) -> Result<Decoded<T>> {
        self.run_passes(body, source, input_bytes, |session, body| {
            Some(decode_pass(body, session))
        })
        .unwrap_or_else(|| Err(undecodable()))
    }

    /// Runs `pass` over `body` until it succeeds or no further error can be
    /// reached: after an error, passes with stand-ins for what failed find
    /// the others (see `recovery`). `pass` gets each pass's session and the
    /// body to decode (without the blocks of user functions, when the
    /// decoder reads them); its `None` gives up. A first pass that fails is followed by others, but
    /// most succeed: it keeps no record of what it read, and the second
    /// one does. The document is `input_bytes` long, for its evaluation
    /// budget.
    pub(super) fn run_passes<'de, T>(
        &self,
        body: &Body<'_>,
        source: Borrowable<'de>,
        input_bytes: usize,
        mut pass: impl FnMut(&Session<'_, 'de>, &Body<'_>) -> Option<Result<T>>,
    ) -> Option<Result<Decoded<T>>> {
        let default_ctx = EvalContext::new();
        let mut points = ResumePoints::default();
        let files = body.files().into_iter().map(|f| Arc::clone(f.name_arc()));
        let mut found = Found::in_files(files.collect());
        let mut first = true;
        loop {
            // Each pass decodes the document again, with a budget of its
            // own.
            let plain;
            let functions;
            let child;
            let (ctx, body): (&EvalContext<'_>, Body<'_>) = match self.user_functions {
                None => {
                    plain = self.document_context(&default_ctx, input_bytes);
                    (&plain, body.clone())
                }
                Some(block_type) => {
                    match self.functions_context(body, block_type, &default_ctx, input_bytes) {
                        Ok((with, rest)) => {
                            functions = with;
                            child = functions.child();
                            (&child, rest)
                        }
                        Err(err) => return Some(Err(err)),
                    }
                }
            };
            let expansion = Expansion::new(ctx);
            let body = match self.dynamic_blocks {
                true => expansion.expand(body),
                false => body,
            };
            let mut session = self.session(ctx, &points, source);
            session.record.followed = !first;
            let result = pass(&session, &body)?;
            first = false;
            let Session {
                warnings, record, ..
            } = session;
            if let Next::Done(result) = found.pass(result, &record, &mut points) {
                return Some(result.map(|value| Decoded {
                    value,
                    warnings: warnings.into_inner(),
                }));
            }
        }
    }
}

impl<'c> Decoder<'c> {
    /// The context of one decode of a document: a child of the one given,
    /// or of `default_ctx` when none was, with a budget of its own that
    /// bounds the values all of the document's evaluations build together
    /// (`Limits::max_total_eval_values`, which grows with its
    /// `input_bytes`).
    fn document_context<'d>(
        &'d self,
        default_ctx: &'d EvalContext<'d>,
        input_bytes: usize,
    ) -> EvalContext<'d> {
        let mut ctx = self.ctx.unwrap_or(default_ctx).child();
        ctx.share_budget(input_bytes);
        ctx
    }

    /// The context of one decode of a document whose blocks of type
    /// `block_type` are user functions: a copy of the one given (or of
    /// `default_ctx`) with a budget of its own, as
    /// [`Decoder::document_context`], and the functions; and the body
    /// without their blocks.
    fn functions_context<'b>(
        &self,
        body: &Body<'b>,
        block_type: &str,
        default_ctx: &EvalContext<'_>,
        input_bytes: usize,
    ) -> Result<(Arc<EvalContext<'static>>, Body<'b>)> {
        let mut base = owned_context(self.ctx.unwrap_or(default_ctx));
        base.share_budget(input_bytes);
        let (ctx, _, rest, diags) = with_user_functions(body, block_type, base);
        if diags.has_errors() {
            return Err(Error::from_diagnostics(diags));
        }
        Ok((ctx, rest))
    }

    /// The settings of one decode, evaluating with `ctx`.
    fn session<'d, 'de>(
        &'d self,
        ctx: &'d EvalContext<'d>,
        resume: &'d ResumePoints,
        source: Borrowable<'de>,
    ) -> Session<'d, 'de>
    where
        'c: 'd,
    {
        Session {
            ctx,
            lenient: self.lenient,
            unresolved_as_source: self.unresolved_as_source,
            warnings: RefCell::new(Diagnostics::default()),
            resume,
            record: recovery::PassRecord::after(resume),
            source,
            schemas: Default::default(),
        }
    }
}

/// A context of its own with the variables, functions and limits that
/// `ctx` and its parents give, for functions that outlive the borrow.
fn owned_context(ctx: &EvalContext<'_>) -> EvalContext<'static> {
    let mut chain = Vec::new();
    let mut next = Some(ctx);
    while let Some(c) = next {
        chain.push(c);
        next = c.parent();
    }
    let (mut variables, mut functions) = (None, None);
    for c in chain.iter().rev() {
        if let Some(vars) = c.variables() {
            let table: &mut HashMap<_, _> = variables.get_or_insert_with(HashMap::new);
            table.extend(vars.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        if let Some(funcs) = c.functions() {
            let table: &mut Functions = functions.get_or_insert_with(Functions::new);
            table.extend(funcs.iter().map(|(k, f)| (k.clone(), f.clone())));
        }
    }
    let mut owned = EvalContext::literal_only();
    if let Some(variables) = variables {
        owned.set_variables(variables);
    }
    if let Some(functions) = functions {
        owned.set_functions(functions);
    }
    owned.set_limits(ctx.limits().clone());
    owned
}

/// One pass of decoding `body` into `T`: an error without a place is
/// placed where something missing from the body would go.
pub(super) fn decode_pass<'de, T: Deserialize<'de>>(
    body: &Body<'_>,
    session: &Session<'_, 'de>,
) -> Result<T> {
    let root = recovery::Chain::root(&session.record).expecting::<T>();
    let de =
        entry::BodyDeserializer::new(body.clone(), recovery::Place::ROOT, session).expecting(root);
    let result = T::deserialize(de);
    match body.missing_item() {
        Some(at) => result.map_err(|e| e.or_at(at)),
        None => result,
    }
}

/// The error of a decode that gave up without one of its own.
pub(super) fn undecodable() -> Error {
    Error::message(
        Code::InvalidValue,
        "Invalid value",
        "The input could not be decoded.".to_string(),
    )
}
