//! The evaluation context: variables and functions, in nested scopes.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::functions::{Function, Functions};
use crate::limits::Limits;
use crate::value::Value;

/// Variables and functions available to expressions.
///
/// A context may have a parent: a name not found in the child is looked up
/// in the parent, so a child's variables hide the parent's. A context with
/// no variable table anywhere in its chain makes every variable reference an
/// error ("Variables not allowed"), and likewise for functions: see
/// [`EvalContext::literal_only`].
///
/// # Examples
///
/// ```
/// use hcl_core::eval::EvalContext;
/// use hcl_core::Value;
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("region", Value::string("eu-west-1"));
/// let value = ctx.evaluate_str("\"zone-${region}\"").unwrap();
/// assert_eq!(value, Value::string("zone-eu-west-1"));
///
/// let mut child = ctx.child();
/// child.set_variable("region", Value::string("us-east-2"));
/// assert_eq!(child.evaluate_str("region").unwrap(), Value::string("us-east-2"));
/// ```
#[derive(Debug, Clone)]
pub struct EvalContext<'parent> {
    variables: Option<HashMap<String, Value>>,
    /// Shared, and copied only when a context changes it: every context
    /// of [`EvalContext::new`] holds the one standard library.
    functions: Option<Arc<Functions>>,
    limits: Option<Limits>,
    budget: Option<Arc<SharedBudget>>,
    parent: Option<&'parent EvalContext<'parent>>,
}

/// What the evaluations that share a budget may still build together
/// ([`Limits::max_total_eval_values`] and
/// [`Limits::max_total_eval_string_bytes`]); shared by the clones of the
/// context that started it, and by their children.
#[derive(Debug)]
pub(crate) struct SharedBudget {
    values: AtomicU64,
    bytes: AtomicU64,
    /// What it started with, for messages.
    total: (u64, u64),
}

impl SharedBudget {
    /// The values and bytes it started with.
    pub(crate) fn total(&self) -> (u64, u64) {
        self.total
    }

    /// The values and bytes left.
    pub(crate) fn left(&self) -> (u64, u64) {
        (
            self.values.load(Ordering::Relaxed),
            self.bytes.load(Ordering::Relaxed),
        )
    }

    /// Takes what an evaluation spent from what is left.
    pub(crate) fn spend(&self, values: u64, bytes: u64) {
        let take = |left: &AtomicU64, n: u64| {
            let _ = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| {
                Some(l.saturating_sub(n))
            });
        };
        take(&self.values, values);
        take(&self.bytes, bytes);
    }
}

impl Default for EvalContext<'_> {
    fn default() -> Self {
        EvalContext::new()
    }
}

impl<'parent> EvalContext<'parent> {
    /// A context with no variables yet and the standard functions.
    pub fn new() -> Self {
        EvalContext {
            variables: Some(HashMap::new()),
            functions: Some(crate::functions::default_functions()),
            limits: None,
            budget: None,
            parent: None,
        }
    }

    /// A context in which variables and function calls are errors: only
    /// literal expressions evaluate.
    pub fn literal_only() -> Self {
        EvalContext {
            variables: None,
            functions: None,
            limits: None,
            budget: None,
            parent: None,
        }
    }

    /// A context with the given variables and functions tables.
    pub fn with_tables(variables: HashMap<String, Value>, functions: Functions) -> Self {
        EvalContext {
            variables: Some(variables),
            functions: Some(Arc::new(functions)),
            limits: None,
            budget: None,
            parent: None,
        }
    }

    /// A child context: its own names hide this context's.
    pub fn child(&'parent self) -> EvalContext<'parent> {
        EvalContext {
            variables: None,
            functions: None,
            limits: None,
            budget: None,
            parent: Some(self),
        }
    }

    /// Sets a variable in this context.
    pub fn set_variable(&mut self, name: &str, value: Value) {
        self.variables
            .get_or_insert_with(HashMap::new)
            .insert(name.to_owned(), value);
    }

    /// Replaces this context's variable table. An empty table is not no
    /// table: a reference to a name it lacks is then "Unknown variable",
    /// not "Variables not allowed" (see [`EvalContext::literal_only`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use hcl_core::{Code, EvalContext};
    ///
    /// let mut ctx = EvalContext::literal_only();
    /// ctx.set_variables(HashMap::new());
    /// let diags = ctx.evaluate_str("a").unwrap_err();
    /// assert_eq!(diags.iter().next().unwrap().code, Code::UnknownVariable);
    /// ```
    pub fn set_variables(&mut self, variables: HashMap<String, Value>) {
        self.variables = Some(variables);
    }

    /// Sets a function in this context.
    pub fn set_function(&mut self, name: &str, function: Function) {
        let functions = self.functions.get_or_insert_with(Default::default);
        Arc::make_mut(functions).insert(name.to_owned(), function);
    }

    /// Replaces this context's function table.
    pub fn set_functions(&mut self, functions: Functions) {
        self.functions = Some(Arc::new(functions));
    }

    /// Sets the resource limits of evaluations with this context (and with
    /// its children that set none of their own). Evaluation uses
    /// [`Limits::max_eval_values`] and [`Limits::max_eval_string_bytes`];
    /// an evaluation that exceeds one stops with an error naming it.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Limits};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.set_limits(Limits { max_eval_values: 1000, ..Limits::default() });
    /// assert_eq!(ctx.limits().max_eval_values, 1000);
    /// let err = ctx.evaluate_str("[for i in range(1000): i * 2]").unwrap_err();
    /// assert!(err.to_string().contains("(limit max_eval_values)"));
    /// assert!(ctx.child().evaluate_str("[for i in range(10): i]").is_ok());
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = Some(limits);
    }

    /// Starts a budget that every evaluation with this context, its clones
    /// and its children draws on from now on: that of a document of
    /// `input_bytes` bytes whose attributes are about to be evaluated.
    /// Together they may build or work on at most
    /// [`Limits::max_total_eval_values`] values plus
    /// [`Limits::EVAL_VALUES_PER_INPUT_BYTE`] per byte, and
    /// [`Limits::max_total_eval_string_bytes`] bytes of strings plus
    /// [`Limits::EVAL_STRING_BYTES_PER_INPUT_BYTE`] per byte (with this
    /// context's limits), on top of each evaluation's own limits. So the
    /// document, not only each attribute, is bounded. hcl-serde starts one
    /// for each document it decodes; without one, only each evaluation is
    /// bounded.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Limits};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.set_limits(Limits { max_total_eval_values: 1000, ..Limits::default() });
    /// ctx.share_budget(500); // 1000 + 500 values in all
    /// // Each evaluation is within its own limits, but not all of them.
    /// assert!(ctx.evaluate_str("range(1000)").is_ok());
    /// let err = ctx.evaluate_str("range(1000)").unwrap_err();
    /// assert!(err.to_string().contains("max_total_eval_values"));
    /// ```
    pub fn share_budget(&mut self, input_bytes: usize) {
        let limits = self.limits();
        let allow = |base: usize, per_byte: usize| {
            base.saturating_add(input_bytes.saturating_mul(per_byte)) as u64
        };
        let values = allow(
            limits.max_total_eval_values,
            Limits::EVAL_VALUES_PER_INPUT_BYTE,
        );
        let bytes = allow(
            limits.max_total_eval_string_bytes,
            Limits::EVAL_STRING_BYTES_PER_INPUT_BYTE,
        );
        self.budget = Some(Arc::new(SharedBudget {
            values: AtomicU64::new(values),
            bytes: AtomicU64::new(bytes),
            total: (values, bytes),
        }));
    }

    /// The budget shared by evaluations with this context: its own, else
    /// its nearest parent's.
    pub(crate) fn shared_budget(&self) -> Option<&SharedBudget> {
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(budget) = &c.budget {
                return Some(budget);
            }
            ctx = c.parent;
        }
        None
    }

    /// The resource limits of evaluations with this context: its own, else
    /// its nearest parent's, else the defaults.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Limits};
    ///
    /// assert_eq!(EvalContext::new().limits(), &Limits::default());
    /// ```
    pub fn limits(&self) -> &Limits {
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(limits) = &c.limits {
                return limits;
            }
            ctx = c.parent;
        }
        Limits::default_ref()
    }

    /// The variables of this context (not its parents').
    pub fn variables(&self) -> Option<&HashMap<String, Value>> {
        self.variables.as_ref()
    }

    /// The functions of this context (not its parents').
    pub fn functions(&self) -> Option<&Functions> {
        self.functions.as_deref()
    }

    /// The parent context.
    pub fn parent(&self) -> Option<&'parent EvalContext<'parent>> {
        self.parent
    }

    /// The variable `name` of this context or, failing that, of its nearest
    /// parent that has one.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::{EvalContext, Value};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("region", Value::string("eu"));
    /// let child = ctx.child();
    /// assert_eq!(child.variable("region"), Some(&Value::string("eu")));
    /// assert_eq!(child.variable("zone"), None);
    /// ```
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.lookup_variable(name).flatten()
    }

    /// Looks a variable up through the chain of contexts. The outer `None`
    /// means no context of the chain has a variable table.
    pub(crate) fn lookup_variable(&self, name: &str) -> Option<Option<&Value>> {
        let mut any_table = false;
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(vars) = &c.variables {
                any_table = true;
                if let Some(v) = vars.get(name) {
                    return Some(Some(v));
                }
            }
            ctx = c.parent;
        }
        any_table.then_some(None)
    }

    /// Every variable name visible, for suggestions.
    pub(crate) fn variable_names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(vars) = &c.variables {
                names.extend(vars.keys().map(String::as_str));
            }
            ctx = c.parent;
        }
        names
    }

    /// Looks a function up through the chain of contexts. The outer `None`
    /// means no context of the chain has a function table.
    pub(crate) fn lookup_function(&self, name: &str) -> Option<Option<&Function>> {
        let mut any_table = false;
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(funcs) = &c.functions {
                any_table = true;
                if let Some(f) = funcs.get(name) {
                    return Some(Some(f));
                }
            }
            ctx = c.parent;
        }
        any_table.then_some(None)
    }
}
