//! The evaluation context of a case: its variables and exactly the
//! functions of `FUNCTIONS.md`.

use hcl_core::functions::{stdlib, Function, Functions, Parameter};
use hcl_core::types::Type;
use hcl_core::EvalContext;
use serde_json::Value as Json;

use super::super::typed_json;

/// The functions of `FUNCTIONS.md` taken from the standard library under
/// the same names.
const STANDARD: &[&str] = &[
    // Numeric
    "abs",
    "ceil",
    "floor",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    // String
    "chomp",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "regex",
    "regexall",
    "replace",
    "split",
    "strrev",
    "substr",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    // Collection
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "keys",
    "length",
    "lookup",
    "merge",
    "range",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setsymmetricdifference",
    "setunion",
    "slice",
    "sort",
    "values",
    "zipmap",
    // Encoding
    "csvdecode",
    "jsondecode",
    "jsonencode",
    // Date and time
    "formatdate",
    "timeadd",
    // Type conversion
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    // Error handling
    "can",
    "try",
];

/// `test::echo` and its namespaced copies: the argument unchanged, null,
/// unknown and dynamic included.
fn echo() -> Function {
    Function::builder()
        .param(
            Parameter::new("value", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic_type(),
        )
        .returns_with(|args| Ok(args.first().map_or(Type::Dynamic, |v| v.ty().clone())))
        .description("Returns its argument unchanged.")
        .implementation(|args, _| Ok(args[0].clone()))
        .build()
}

/// The function table of every evaluation: the 64 standard functions and
/// the namespaced test functions (`FUNCTIONS.md`, "Namespaced").
pub fn suite_functions() -> Functions {
    let std = stdlib();
    let mut table = Functions::new();
    for name in STANDARD {
        let f = std
            .get(*name)
            .unwrap_or_else(|| panic!("the standard library lacks {name}"));
        table.insert((*name).to_owned(), f.clone());
    }
    for name in [
        "test::echo",
        "provider::test::echo",
        "provider::test::sub::echo",
    ] {
        table.insert(name.to_owned(), echo());
    }
    table.insert("provider::test::max".to_owned(), std["max"].clone());
    table.insert("provider::test::upper".to_owned(), std["upper"].clone());
    table
}

/// Whether the case evaluates with no context at all (`"eval": "literal"`).
pub fn is_literal(case: &Json) -> bool {
    case["eval"].as_str() == Some("literal")
}

/// The context of a case: none for `"eval": "literal"`, else its variables
/// (an empty table when it has none) and the suite's functions.
pub fn context(case: &Json) -> Result<EvalContext<'static>, String> {
    if is_literal(case) {
        return Ok(EvalContext::literal_only());
    }
    let mut vars = std::collections::HashMap::new();
    if let Some(given) = case["vars"].as_object() {
        for (name, typed) in given {
            vars.insert(name.clone(), typed_json::decode(typed)?);
        }
    }
    // Without `vars`, an empty table: a reference is "Unknown variable".
    let ctx = EvalContext::with_tables(vars, suite_functions());
    Ok(ctx)
}

/// The names a "Did you mean" suggestion may come from.
pub struct Names {
    pub functions: Vec<String>,
    pub variables: Vec<String>,
}

impl Names {
    pub fn of(ctx: &EvalContext<'_>) -> Names {
        let keys = |m: Option<Vec<String>>| m.unwrap_or_default();
        Names {
            functions: keys(ctx.functions().map(|f| f.keys().cloned().collect())),
            variables: keys(ctx.variables().map(|v| v.keys().cloned().collect())),
        }
    }
}

/// A type as `FUNCTIONS.md` writes it: `list(string)`, `dynamic`.
fn compact_type(ty: &Type) -> String {
    match ty {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "dynamic".into(),
        Type::List(e) => format!("list({})", compact_type(e)),
        Type::Set(e) => format!("set({})", compact_type(e)),
        Type::Map(e) => format!("map({})", compact_type(e)),
        other => other.friendly_name(),
    }
}

/// A parameter as `FUNCTIONS.md` writes it: `` `name: type` (allows
/// null, unknown, dynamic)``.
fn describe(param: &Parameter, takes_expressions: bool) -> String {
    let ty = if takes_expressions {
        "expression".to_owned()
    } else {
        compact_type(&param.ty)
    };
    let mut allows = Vec::new();
    if !takes_expressions {
        for (flag, word) in [
            (param.allow_null, "null"),
            (param.allow_unknown, "unknown"),
            (param.allow_dynamic_type, "dynamic"),
        ] {
            if flag {
                allows.push(word);
            }
        }
    }
    let mut text = format!("`{}: {ty}`", param.name);
    if !allows.is_empty() {
        text.push_str(&format!(" (allows {})", allows.join(", ")));
    }
    text
}

/// Every difference between the functions of `FUNCTIONS.md` (its tables)
/// and [`suite_functions`]: names, parameters, their types and flags.
pub fn functions_md_differences(markdown: &str) -> Vec<String> {
    let table = suite_functions();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for line in markdown.lines() {
        let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let Some(name) = cells
            .first()
            .and_then(|c| c.strip_prefix("| `"))
            .and_then(|c| c.strip_suffix('`'))
        else {
            continue;
        };
        seen.push(name.to_owned());
        let Some(f) = table.get(name) else {
            out.push(format!("{name}: not in the suite's table"));
            continue;
        };
        let exprs = f.takes_expressions();
        let params: Vec<String> = f.params().iter().map(|p| describe(p, exprs)).collect();
        let params = if params.is_empty() {
            "—".to_owned()
        } else {
            params.join(", ")
        };
        let variadic = f
            .variadic()
            .map_or("—".to_owned(), |p| format!("{} …", describe(p, exprs)));
        let (want_params, want_variadic) = (cells.get(1).copied(), cells.get(2).copied());
        if want_params != Some(params.as_str()) || want_variadic != Some(variadic.as_str()) {
            out.push(format!(
                "{name}: FUNCTIONS.md has {} | {}, we have {params} | {variadic}",
                want_params.unwrap_or("?"),
                want_variadic.unwrap_or("?")
            ));
        }
    }
    for name in table.keys().filter(|n| !seen.contains(n)) {
        out.push(format!("{name}: not in FUNCTIONS.md"));
    }
    out.sort();
    out
}
