//! The spec file language of the reference's `hcldec` command: a file of
//! the native syntax whose one root block (`object`, `array`, `attr`,
//! `block`, `block_list`, `block_set`, `block_map`, `literal`, `default`,
//! `transform`) says how to decode an input, beside `variables` blocks.

use std::collections::HashMap;
use std::sync::Arc;

use crate::analysis::{ExprRef, OwnedExpression};
use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::functions::Functions;
use crate::schema::{AttributeSchema, Block, BlockHeaderSchema, Body, BodyContent, BodySchema};
use crate::types::{convert, Type};
use crate::value::Value;

use super::spec::{Sequence, Spec};
use super::spec_funcs::add_cty_functions;
use super::type_values::eval_type;
use crate::ext::userfunc::{decode_user_functions, ContextFn};

/// What a spec file holds: the root spec and the values of its
/// `variables` blocks, for the input's evaluation context.
///
/// # Examples
///
/// ```
/// let src = "variables {\n  region = \"eu\"\n}\nattr {\n  name = \"region\"\n}\n";
/// let (file, diags) = hcl_core::dec::load_spec(src, "spec.hcldec");
/// assert!(diags.is_empty());
/// assert_eq!(file.variables.get("region"), Some(&hcl_core::Value::from("eu")));
/// assert!(file.functions.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct SpecFile {
    /// How the input is decoded; a null literal where the file has errors.
    pub spec: Spec,
    /// The variables the file defines (a later block's win).
    pub variables: HashMap<String, Value>,
    /// The functions its `function` blocks define, for the input.
    pub functions: Functions,
}

impl SpecFile {
    /// The context to decode the input in, as the reference's `hcldec`
    /// command makes it: the file's variables with `overrides` on top (the
    /// command's `--vars`) and the file's functions. With no variables
    /// references are "Variables not allowed", with no functions calls
    /// are "Function calls not allowed", and with neither it is the
    /// absent context, in which the JSON syntax's strings are literal.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::dec::{decode, load_spec};
    /// use hcl_core::{Body, Value};
    ///
    /// let (file, _) = load_spec("attr {\n  name = \"a\"\n}\n", "spec.hcldec");
    /// let input = hcl_core::parse("a = region\n", "in.hcl").unwrap();
    /// let ctx = file.eval_context([("region".to_owned(), Value::from("eu"))]);
    /// let (value, diags) = decode(&Body::from_file(&input), &file.spec, &ctx);
    /// assert!(diags.is_empty());
    /// assert_eq!(value, Value::from("eu"));
    ///
    /// let (_, diags) = decode(&Body::from_file(&input), &file.spec, &file.eval_context([]));
    /// assert_eq!(diags.iter().next().unwrap().summary, "Variables not allowed");
    /// ```
    pub fn eval_context(
        &self,
        overrides: impl IntoIterator<Item = (String, Value)>,
    ) -> EvalContext<'static> {
        let mut ctx = EvalContext::literal_only();
        let variables = self.variables.iter().map(|(k, v)| (k.clone(), v.clone()));
        for (name, value) in variables.chain(overrides) {
            ctx.set_variable(&name, value);
        }
        if !self.functions.is_empty() {
            ctx.set_functions(self.functions.clone());
        }
        ctx
    }
}

impl PartialEq for SpecFile {
    /// Equal when the specs and the variables are; functions are not
    /// compared.
    fn eq(&self, other: &Self) -> bool {
        self.spec == other.spec && self.variables == other.variables
    }
}

/// The names of the functions a spec file's expressions may call.
const SPEC_FUNCTIONS: &[&str] = &[
    "abs",
    "coalesce",
    "concat",
    "hasindex",
    "int",
    "jsondecode",
    "jsonencode",
    "length",
    "lower",
    "max",
    "min",
    "reverse",
    "strlen",
    "substr",
    "upper",
];

/// The kinds of spec block, in the reference's order.
const SPEC_BLOCKS: &[&str] = &[
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "default",
    "transform",
];

/// The functions of a spec file's `literal`, `transform` and `variables`
/// expressions: a few of go-cty's standard library, as the reference's
/// `hcldec` command offers them (`reverse` reverses a string).
///
/// # Examples
///
/// ```
/// let functions = hcl_core::dec::spec_functions();
/// assert!(functions.contains_key("upper"));
/// assert!(!functions.contains_key("format"));
/// ```
pub fn spec_functions() -> Functions {
    let all = crate::functions::stdlib();
    let mut functions: Functions = SPEC_FUNCTIONS
        .iter()
        .filter_map(|&name| Some((name.to_owned(), all.get(name)?.clone())))
        .collect();
    add_cty_functions(&mut functions);
    functions
}

/// The context of a spec file's own expressions: its functions, no
/// variables.
fn spec_context() -> EvalContext<'static> {
    let mut ctx = EvalContext::literal_only();
    ctx.set_functions(spec_functions());
    ctx
}

/// The spec that stands for one with errors.
fn err_spec() -> Spec {
    Spec::literal(Value::null(Type::Dynamic))
}

fn schema(labels: &[&str]) -> BodySchema {
    let blocks = SPEC_BLOCKS
        .iter()
        .map(|&name| BlockHeaderSchema::new(name, labels))
        .collect();
    BodySchema::new(Vec::new(), blocks).unwrap_or_default()
}

/// Reads the text of a spec file (`.hcldec`) into a [`SpecFile`], with
/// the reference's diagnostics.
///
/// Its `function` blocks define functions for the input, whose
/// parameters and the spec functions are all their result expression sees.
///
/// # Examples
///
/// ```
/// use hcl_core::dec::{decode, load_spec};
/// use hcl_core::{Body, EvalContext, Value};
///
/// let spec_src = "object {\n  attr \"port\" {\n    type = number\n    required = true\n  }\n}\n";
/// let (file, diags) = load_spec(spec_src, "spec.hcldec");
/// assert!(diags.is_empty());
/// let input = hcl_core::parse("port = \"80\"\n", "in.hcl").unwrap();
/// let (value, diags) = decode(&Body::from_file(&input), &file.spec, &EvalContext::literal_only());
/// assert!(diags.is_empty());
/// assert_eq!(value, Value::object([("port", Value::from(80))]));
/// ```
pub fn load_spec(src: &str, filename: &str) -> (SpecFile, Diagnostics) {
    let mut out = SpecFile {
        spec: err_spec(),
        variables: HashMap::new(),
        functions: Functions::new(),
    };
    let file = match crate::parse(src, filename) {
        Ok(file) => file,
        Err(diags) => return (out, diags),
    };
    // The results of its functions see the spec file's own context.
    let context = Arc::new(spec_context());
    let spec_ctx: ContextFn = Arc::new(move || Some(Arc::clone(&context)));
    let (functions, body, mut diags) =
        decode_user_functions(&Body::from_file(&file), "function", spec_ctx);
    out.functions = functions;
    let vars_schema = BodySchema::new(Vec::new(), vec![BlockHeaderSchema::new("variables", &[])])
        .unwrap_or_default();
    let (content, rest, more) = body.partial_content_with_diagnostics(&vars_schema);
    diags.extend(more);
    let ctx = spec_context();
    for block in &content.blocks {
        let (attrs, more) = block.body.just_attributes_with_diagnostics();
        diags.extend(more);
        for attr in attrs.iter() {
            let (value, more) = attr.expr.value_with_diagnostics(&ctx);
            diags.extend(more);
            out.variables.insert(attr.name.to_owned(), value);
        }
    }
    out.spec = root_spec(&rest, &mut diags);
    (out, diags)
}

/// The one spec block of the file's body.
fn root_spec(body: &Body<'_>, diags: &mut Diagnostics) -> Spec {
    let detail =
        "A spec file must have exactly one root block specifying how to map to a JSON value.";
    one_nested(body, "Missing spec block", detail, diags)
}

/// The one spec block of `body`: "Missing spec block" when there is
/// none, "Extraneous spec block" at the second.
fn one_nested(body: &Body<'_>, missing: &str, detail: &str, diags: &mut Diagnostics) -> Spec {
    let (content, more) = body.content_with_diagnostics(&schema(&[]));
    let failed = more.has_errors();
    diags.extend(more);
    match content.blocks.as_slice() {
        [] => {
            if !failed {
                diags.push(at_missing(body, Code::MissingBlock, missing, detail));
            }
            err_spec()
        }
        [block] => spec_block(block, diags),
        [_, second, ..] => {
            let at = second.def_location();
            diags.push(at.error(Code::DuplicateBlock, "Extraneous spec block", detail));
            err_spec()
        }
    }
}

/// An error at the place of an item missing from `body`.
fn at_missing(body: &Body<'_>, code: Code, summary: &str, detail: &str) -> Diagnostic {
    match body.missing_item() {
        Some(at) => at.error(code, summary, detail),
        None => Diagnostic::error(code, summary, detail),
    }
}

/// The spec of one spec block.
fn spec_block(block: &Block<'_>, diags: &mut Diagnostics) -> Spec {
    let name = block.labels.first().map_or("", |l| l.value);
    let body = &block.body;
    match block.block_type {
        "object" => object_spec(body, diags),
        "array" => {
            let (content, more) = body.content_with_diagnostics(&schema(&[]));
            diags.extend(more);
            Spec::tuple(
                content
                    .blocks
                    .iter()
                    .map(|b| spec_block(b, diags))
                    .collect(),
            )
        }
        "attr" => attr_spec(body, name, diags),
        "block" => block_spec(body, name, diags),
        "block_list" => sequence_spec(body, name, Sequence::List, diags),
        "block_set" => sequence_spec(body, name, Sequence::Set, diags),
        "block_map" => block_map_spec(body, name, diags),
        "literal" => literal_spec(body, diags),
        "default" => default_spec(body, diags),
        "transform" => transform_spec(body, diags),
        other => {
            diags.push(block.type_location().error(
                Code::UnsupportedBlockType,
                "Invalid spec block",
                format!(
                    "Blocks of type {} are not expected here.",
                    crate::value::go_quote(other)
                ),
            ));
            err_spec()
        }
    }
}

fn object_spec(body: &Body<'_>, diags: &mut Diagnostics) -> Spec {
    let (content, more) = body.content_with_diagnostics(&schema(&["key"]));
    diags.extend(more);
    let mut attrs = Vec::new();
    for block in &content.blocks {
        let spec = spec_block(block, diags);
        if let Some(key) = block.labels.first() {
            attrs.push((key.value, spec));
        }
    }
    Spec::object(attrs)
}

/// The arguments of a spec block, read as the reference's `gohcl` reads
/// them: `names` optional except those marked required, the rest of the
/// body left for nested specs when `remain`.
struct Args<'a> {
    content: BodyContent<'a>,
    rest: Body<'a>,
    diags: Diagnostics,
}

impl<'a> Args<'a> {
    fn read(body: &Body<'a>, names: &[(&str, bool)], remain: bool) -> Self {
        let attrs = names
            .iter()
            .map(|&(name, required)| AttributeSchema {
                name: name.to_owned(),
                required,
            })
            .collect();
        let schema = BodySchema::new(attrs, Vec::new()).unwrap_or_default();
        if remain {
            let (content, rest, diags) = body.partial_content_with_diagnostics(&schema);
            Args {
                content,
                rest,
                diags,
            }
        } else {
            let (content, diags) = body.content_with_diagnostics(&schema);
            Args {
                content,
                rest: Body::empty(),
                diags,
            }
        }
    }

    fn expr(&self, name: &str) -> Option<ExprRef<'a>> {
        self.content.attributes.get(name).map(|a| a.expr)
    }

    /// The argument's value converted to `ty`; `None` when absent or null.
    fn value(&mut self, name: &str, ty: &Type, ctx: &EvalContext<'_>) -> Option<Value> {
        let expr = self.expr(name)?;
        let (value, more) = expr.value_with_diagnostics(ctx);
        self.diags.extend(more);
        match convert(&value, ty) {
            Ok(value) if value.is_null() => None,
            Ok(value) => Some(value),
            Err(err) => {
                self.unsuitable(expr, &err.to_string());
                None
            }
        }
    }

    fn unsuitable(&mut self, expr: ExprRef<'_>, message: &str) {
        let at = expr.start_location();
        let whole = expr.location();
        self.diags.push(
            at.error(
                Code::IncorrectValueType,
                "Unsuitable value type",
                format!("Unsuitable value: {message}"),
            )
            .with_context(whole.file, whole.span),
        );
    }

    fn string(&mut self, name: &str) -> Option<String> {
        let value = self.value(name, &Type::String, &EvalContext::literal_only())?;
        value.as_str().map(str::to_owned)
    }

    fn bool(&mut self, name: &str) -> Option<bool> {
        self.value(name, &Type::Bool, &EvalContext::literal_only())?
            .as_bool()
    }

    /// A whole number; a negative one as 0, which checks nothing.
    fn count(&mut self, name: &str) -> Option<usize> {
        let expr = self.expr(name)?;
        let value = self.value(name, &Type::Number, &EvalContext::literal_only())?;
        match value.as_number().and_then(|n| n.to_i64()) {
            Some(n) => Some(usize::try_from(n).unwrap_or(0)),
            None => {
                self.unsuitable(
                    expr,
                    "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                );
                None
            }
        }
    }

    fn strings(&mut self, name: &str) -> Option<Vec<String>> {
        let value = self.value(
            name,
            &Type::list(Type::String),
            &EvalContext::literal_only(),
        )?;
        let elements = value.elements()?;
        Some(
            elements
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
        )
    }

    /// The diagnostics, added to `diags`; true when they hold errors.
    fn failed(self, diags: &mut Diagnostics) -> (bool, BodyContent<'a>, Body<'a>) {
        let failed = self.diags.has_errors();
        diags.extend(self.diags);
        (failed, self.content, self.rest)
    }
}

fn attr_spec(body: &Body<'_>, implied: &str, diags: &mut Diagnostics) -> Spec {
    let mut args = Args::read(
        body,
        &[("name", false), ("type", false), ("required", false)],
        false,
    );
    let required = args.bool("required").unwrap_or(false);
    let name = args.string("name").unwrap_or_else(|| implied.to_owned());
    let type_expr = args.expr("type");
    let (failed, _, _) = args.failed(diags);
    if failed {
        return err_spec();
    }
    let ty = eval_type(type_expr, diags);
    if name.is_empty() {
        diags.push(at_missing(
            body,
            Code::InvalidSchema,
            "Missing name in attribute spec",
            "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
        ));
        return err_spec();
    }
    let spec = Spec::attr(name, ty);
    if required {
        spec.required()
    } else {
        spec
    }
}

const NESTED_DETAIL: &str =
    "A block spec must have exactly one child spec specifying how to decode block contents.";

fn block_spec(body: &Body<'_>, implied: &str, diags: &mut Diagnostics) -> Spec {
    let mut args = Args::read(body, &[("block_type", false), ("required", false)], true);
    let required = args.bool("required").unwrap_or(false);
    let block_type = args
        .string("block_type")
        .unwrap_or_else(|| implied.to_owned());
    let (failed, _, rest) = args.failed(diags);
    if failed {
        return err_spec();
    }
    let nested = one_nested(&rest, "Missing spec block", NESTED_DETAIL, diags);
    let spec = Spec::block(block_type, nested);
    if required {
        spec.required()
    } else {
        spec
    }
}

/// "Missing block_type in KIND spec".
fn missing_block_type(body: &Body<'_>, kind: &str) -> Diagnostic {
    at_missing(
        body,
        Code::InvalidSchema,
        &format!("Missing block_type in {kind} spec"),
        "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
    )
}

fn sequence_spec(body: &Body<'_>, implied: &str, kind: Sequence, diags: &mut Diagnostics) -> Spec {
    let names = [
        ("block_type", false),
        ("min_items", false),
        ("max_items", false),
    ];
    let mut args = Args::read(body, &names, true);
    let min = args.count("min_items").unwrap_or(0);
    let max = args.count("max_items").unwrap_or(0);
    let block_type = args
        .string("block_type")
        .unwrap_or_else(|| implied.to_owned());
    let (failed, _, rest) = args.failed(diags);
    if failed {
        return err_spec();
    }
    let nested = one_nested(&rest, "Missing spec block", NESTED_DETAIL, diags);
    if block_type.is_empty() {
        let name = if kind == Sequence::Set {
            "block_set"
        } else {
            "block_list"
        };
        diags.push(missing_block_type(body, name));
        return err_spec();
    }
    let spec = match kind {
        Sequence::Set => Spec::block_set(block_type, nested),
        _ => Spec::block_list(block_type, nested),
    };
    spec.min_items(min).max_items(max)
}

fn block_map_spec(body: &Body<'_>, implied: &str, diags: &mut Diagnostics) -> Spec {
    let mut args = Args::read(body, &[("block_type", false), ("labels", true)], true);
    let block_type = args
        .string("block_type")
        .unwrap_or_else(|| implied.to_owned());
    let labels = args.strings("labels").unwrap_or_default();
    let (failed, _, rest) = args.failed(diags);
    if failed {
        return err_spec();
    }
    let nested = one_nested(&rest, "Missing spec block", NESTED_DETAIL, diags);
    if block_type.is_empty() {
        diags.push(missing_block_type(body, "block_map"));
        return err_spec();
    }
    if labels.is_empty() {
        diags.push(at_missing(
            body,
            Code::InvalidSchema,
            "Invalid block label name list",
            "A block_map must have at least one label specified.",
        ));
        return err_spec();
    }
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    let spec = Spec::block_map(block_type, &labels, nested);
    if spec.implied_type().has_dynamic_types() {
        diags.push(at_missing(
            body,
            Code::InvalidSchema,
            "Invalid block_map spec",
            "A block_map spec may not contain attributes with type 'any'.",
        ));
    }
    spec
}

fn literal_spec(body: &Body<'_>, diags: &mut Diagnostics) -> Spec {
    let args = Args::read(body, &[("value", true)], false);
    let expr = args.expr("value");
    let (failed, _, _) = args.failed(diags);
    let Some(expr) = expr.filter(|_| !failed) else {
        return err_spec();
    };
    let (value, more) = expr.value_with_diagnostics(&spec_context());
    let failed = more.has_errors();
    diags.extend(more);
    match failed {
        true => err_spec(),
        false => Spec::literal(value),
    }
}

fn default_spec(body: &Body<'_>, diags: &mut Diagnostics) -> Spec {
    let (content, more) = body.content_with_diagnostics(&schema(&[]));
    let failed = more.has_errors();
    diags.extend(more);
    if content.blocks.is_empty() && !failed {
        diags.push(at_missing(
            body,
            Code::MissingBlock,
            "Missing spec block",
            "A default block must have at least one nested spec, each specifying a possible outcome.",
        ));
        return err_spec();
    }
    if let [only] = content.blocks.as_slice() {
        if !failed {
            diags.push(only.def_location().warning(
                Code::InvalidSchema,
                "Useless default block",
                "A default block with only one spec is equivalent to using that spec alone.",
            ));
        }
    }
    let mut spec: Option<Spec> = None;
    for block in &content.blocks {
        let mut own = Diagnostics::default();
        let candidate = spec_block(block, &mut own);
        let bad = own.has_errors();
        diags.extend(own);
        if bad {
            continue;
        }
        spec = Some(match spec {
            None => candidate,
            Some(primary) => Spec::default(primary, candidate),
        });
    }
    spec.unwrap_or_else(err_spec)
}

fn transform_spec(body: &Body<'_>, diags: &mut Diagnostics) -> Spec {
    let args = Args::read(body, &[("result", false)], true);
    let result = args.expr("result").map(|e| e.to_owned_expression());
    let (failed, _, rest) = args.failed(diags);
    if failed {
        return err_spec();
    }
    let (content, more) = rest.content_with_diagnostics(&schema(&[]));
    let nested_failed = more.has_errors();
    diags.extend(more);
    let [nested] = content.blocks.as_slice() else {
        if !nested_failed {
            diags.push(at_missing(
                body,
                Code::InvalidSchema,
                "Invalid transform spec",
                "A transform spec block must have exactly one nested spec block.",
            ));
        }
        return err_spec();
    };
    let wrapped = spec_block(nested, diags);
    match result.or_else(null_expression) {
        Some(expr) => Spec::transform(wrapped, expr).transform_functions(spec_functions()),
        None => err_spec(),
    }
}

/// A kept `null`, the result of a transform that gives none.
fn null_expression() -> Option<OwnedExpression> {
    let file = crate::parse("result = null\n", "<null>").ok()?;
    let attrs = Body::from_file(&file).just_attributes().ok()?;
    Some(attrs.get("result")?.expr.to_owned_expression())
}
