//! The grammar's budget of rule calls.

use super::*;

#[test]
fn running_out_of_calls_is_a_diagnostic_naming_the_limit() {
    let source = "a = [1, 2, 3]\n";
    let file = Arc::new(SourceFile::new("t.hcl", source));
    let limits = Limits::default();
    assert!(read_body_within(source, &file, &limits, 1024).is_ok());
    let Err(refusal) = read_body_within(source, &file, &limits, 1) else {
        panic!("within 64 calls");
    };
    assert!(matches!(
        refusal,
        Refusal::CallLimit {
            at: 0,
            budget: 64,
            per_byte: 1
        }
    ));
    let diags = refusal.diagnostics(source, &file);
    let first = &diags.as_slice()[0];
    assert_eq!(first.code, Code::GrammarCallLimit);
    assert!(
        first.detail.contains("GRAMMAR_CALLS_PER_INPUT_BYTE"),
        "{diags}"
    );
    assert!(first.detail.contains("more than 64 rule calls"), "{diags}");
}

/// pest recurses at each level: nesting up to the limit fits the stack of
/// a test thread (2 MiB) in an unoptimised build.
#[test]
fn nesting_at_the_limit_fits_the_stack() {
    let n = Limits::default().max_nesting_depth;
    let sources = [
        format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n)),
        format!("a = {}1{}\n", "f(".repeat(n), ")".repeat(n)),
        format!("a = {}1{}\n", "{a = ".repeat(n), "}".repeat(n)),
        format!("a = {}1{}\n", "\"${".repeat(n / 2), "}\"".repeat(n / 2)),
        format!("a = {}1\n", "x ? 1 : ".repeat(n)),
        format!("{}{}", "b {\n".repeat(n), "}\n".repeat(n)),
    ];
    for source in &sources {
        let file = Arc::new(SourceFile::new("t.hcl", source));
        assert!(
            read_body(source, &file, &Limits::default()).is_ok(),
            "{source}"
        );
    }
}
