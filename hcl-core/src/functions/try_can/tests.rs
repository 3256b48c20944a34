use std::sync::Arc;

use crate::diagnostic::{Code, Diagnostic, Diagnostics};
use crate::functions::{stdlib, ArgEvaluator, FunctionError};
use crate::span::{SourceFile, Span};
use crate::types::Type;
use crate::value::Value;

/// Arguments given as results: a value, or an error with a summary and a
/// detail; `unknown_deps` marks arguments that depend on unknown values.
struct Fake {
    args: Vec<Result<Value, (&'static str, &'static str)>>,
    unknown_deps: Vec<usize>,
    evaluated: Vec<usize>,
}

impl Fake {
    fn new(args: Vec<Result<Value, (&'static str, &'static str)>>) -> Fake {
        Fake {
            args,
            unknown_deps: Vec::new(),
            evaluated: Vec::new(),
        }
    }
}

impl ArgEvaluator for Fake {
    fn len(&self) -> usize {
        self.args.len()
    }

    fn evaluate(&mut self, index: usize) -> Result<Value, Diagnostics> {
        self.evaluated.push(index);
        match &self.args[index] {
            Ok(v) => Ok(v.clone()),
            Err((summary, detail)) => {
                let file = Arc::new(SourceFile::new("t.hcl", "abcdefghij"));
                let diag = Diagnostic::error(Code::Custom, *summary, *detail)
                    .with_subject(&file, Span::new(index as u32, index as u32 + 2));
                let mut diags = Diagnostics::default();
                diags.push(diag);
                Err(diags)
            }
        }
    }

    fn depends_on_unknowns(&mut self, index: usize) -> bool {
        self.unknown_deps.contains(&index)
    }
}

fn run(name: &str, fake: &mut Fake) -> Result<Value, FunctionError> {
    stdlib()[name].call_with_expressions(fake)
}

#[test]
fn try_returns_the_first_success() {
    let mut fake = Fake::new(vec![
        Err(("Bad", "It failed.")),
        Ok(Value::from("x")),
        Ok(Value::from(1)),
    ]);
    assert_eq!(run("try", &mut fake).unwrap(), Value::from("x"));
    assert_eq!(fake.evaluated, vec![0, 1]);

    let mut fake = Fake::new(vec![Ok(Value::null(Type::Dynamic)), Ok(Value::from(1))]);
    assert_eq!(run("try", &mut fake).unwrap(), Value::null(Type::Dynamic));
}

#[test]
fn try_fails_with_every_diagnostic() {
    let mut fake = Fake::new(vec![Err(("Bad", "It failed.")), Err(("Worse", "Détail."))]);
    let err = run("try", &mut fake).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no expression succeeded:\n- Bad (at t.hcl:1,1-3)\n  It failed.\n- Worse (at t.hcl:1,2-4)\n  \
         Détail.\n\nAt least one expression must produce a successful result"
    );
    let mut empty = Fake::new(vec![]);
    assert_eq!(
        run("try", &mut empty).unwrap_err().to_string(),
        "at least one argument is required"
    );
}

#[test]
fn try_with_unknowns() {
    // A failing argument is passed over even when it refers to unknowns.
    let mut fake = Fake::new(vec![Err(("Bad", "x")), Ok(Value::from(1))]);
    fake.unknown_deps = vec![0];
    assert_eq!(run("try", &mut fake).unwrap(), Value::from(1));

    // A result that is not wholly known cannot be judged yet.
    let mut fake = Fake::new(vec![Ok(Value::unknown(Type::String)), Ok(Value::from(1))]);
    assert_eq!(run("try", &mut fake).unwrap(), Value::dynamic());
    let holding = Value::tuple(vec![Value::unknown(Type::Number)]);
    let mut fake = Fake::new(vec![Ok(holding), Ok(Value::from(1))]);
    assert_eq!(run("try", &mut fake).unwrap(), Value::dynamic());

    // A known result is the answer, whatever it was computed from.
    let mut fake = Fake::new(vec![Ok(Value::from(2)), Ok(Value::from(1))]);
    fake.unknown_deps = vec![0];
    assert_eq!(run("try", &mut fake).unwrap(), Value::from(2));
}

#[test]
fn can() {
    let mut ok = Fake::new(vec![Ok(Value::from(1))]);
    assert_eq!(run("can", &mut ok).unwrap(), Value::from(true));
    let mut null = Fake::new(vec![Ok(Value::null(Type::Dynamic))]);
    assert_eq!(run("can", &mut null).unwrap(), Value::from(true));
    let mut bad = Fake::new(vec![Err(("Bad", "x"))]);
    assert_eq!(run("can", &mut bad).unwrap(), Value::from(false));
    let mut known = Fake::new(vec![Ok(Value::from(1))]);
    known.unknown_deps = vec![0];
    assert_eq!(run("can", &mut known).unwrap(), Value::from(true));
    let mut holds_unknown = Fake::new(vec![Ok(Value::unknown(Type::Number))]);
    assert_eq!(
        run("can", &mut holds_unknown).unwrap(),
        Value::unknown(Type::Bool)
    );
    let mut two = Fake::new(vec![Ok(Value::from(1)), Ok(Value::from(2))]);
    assert!(run("can", &mut two).is_err());
}

#[test]
fn values_cannot_be_passed() {
    assert!(stdlib()["try"].call(&[Value::from(1)]).is_err());
    assert!(stdlib()["can"].takes_expressions());
}
