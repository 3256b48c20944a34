//! Parses an HCL file and prints its structure, or the rendered diagnostics.
//!
//! ```sh
//! cargo run --example parse -- examples/configs/main.tf
//! cargo run --example parse -- examples/configs/broken.tf
//! ```

use std::process::ExitCode;

use hcl_core::ast::{Body, ExpressionKind};

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/configs/main.tf".to_owned());
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: cannot read {path}: {err}");
            return ExitCode::FAILURE;
        }
    };
    match hcl_core::parse(&text, &path) {
        Ok(file) => {
            print_body(&file.body, &file.source, 0);
            ExitCode::SUCCESS
        }
        Err(diags) => {
            eprint!("{diags}");
            ExitCode::FAILURE
        }
    }
}

fn print_body(body: &Body<'_>, source: &hcl_core::SourceFile, depth: usize) {
    let indent = "  ".repeat(depth);
    for attr in &body.attributes {
        let at = source.pos(attr.name_span.start);
        println!(
            "{indent}{} = <{}> (line {}, column {})",
            attr.name,
            kind_name(&attr.expr.kind),
            at.line,
            at.column
        );
    }
    for block in &body.blocks {
        let labels: String = block
            .labels
            .iter()
            .map(|l| format!(" {:?}", l.value))
            .collect();
        let at = source.pos(block.type_span.start);
        println!("{indent}{}{labels} {{ (line {})", block.block_type, at.line);
        print_body(&block.body, source, depth + 1);
        println!("{indent}}}");
    }
}

fn kind_name(kind: &ExpressionKind<'_>) -> &'static str {
    match kind {
        ExpressionKind::Number(_) => "number",
        ExpressionKind::Bool(_) => "bool",
        ExpressionKind::Null => "null",
        ExpressionKind::Invalid => "invalid",
        ExpressionKind::Template(_) | ExpressionKind::TemplateWrap(_) => "template",
        ExpressionKind::ScopeTraversal { .. } | ExpressionKind::RelativeTraversal { .. } => {
            "traversal"
        }
        ExpressionKind::Index { .. } => "index",
        ExpressionKind::Splat { .. } | ExpressionKind::SplatItem => "splat",
        ExpressionKind::FunctionCall(_) => "function call",
        ExpressionKind::Tuple(_) => "tuple",
        ExpressionKind::Object(_) => "object",
        ExpressionKind::Unary { .. } | ExpressionKind::Binary { .. } => "operation",
        ExpressionKind::Conditional { .. } => "conditional",
        ExpressionKind::For(_) => "for expression",
        ExpressionKind::Parens(_) => "parentheses",
    }
}
