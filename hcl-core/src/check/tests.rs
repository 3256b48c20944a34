use std::sync::Arc;

use super::*;
use crate::schema::Body;
use crate::typeexpr::{convert_function, parse_type, TypeExprOptions};
use crate::SourceFile;

fn ty(text: &str) -> Type {
    match parse_type(text, &TypeExprOptions::extended()) {
        Ok((t, _)) => t,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// A context with a few typed variables of every kind.
fn ctx() -> TypeContext {
    let mut ctx = TypeContext::default();
    for (name, t) in [
        ("n", "int"),
        ("f", "number"),
        ("s", "string"),
        ("b", "bool"),
        ("nothing", "none"),
        ("maybe", "union(string, none)"),
        ("id", "output(string)"),
        ("count", "promise(int)"),
        ("flag", "output(bool)"),
        ("names", "list(string)"),
        ("ids", "output(list(string))"),
        ("tags", "map(string)"),
        ("later_tags", "output(map(string))"),
        ("pair", "tuple([string, int])"),
        (
            "either",
            "union(object({a = string}), object({a = int, b = bool}))",
        ),
        ("opt_map", "union(map(string), none)"),
        (
            "bucket",
            "object({id = output(string), arn = output(string), tags = map(string)})",
        ),
        ("buckets", "list(object({id = output(string), size = int}))"),
        ("later_buckets", "output(list(object({id = string})))"),
        ("ports", "set(int)"),
    ] {
        ctx.set_variable(name, ty(t));
    }
    ctx.set_function("convert", convert_function(&TypeExprOptions::extended()));
    ctx
}

/// The type of `src`, which must check without errors.
fn type_of(ctx: &TypeContext, src: &str) -> Type {
    match ctx.type_of_str(src) {
        Ok(t) => t,
        Err(d) => panic!("{src}: {d}"),
    }
}

/// The first error's code, detail and subject text.
fn error_of(ctx: &TypeContext, src: &str) -> (Code, String, String) {
    let expr = crate::parse_expression(src, "e.hcl").unwrap();
    let file = Arc::new(SourceFile::new("e.hcl", src));
    let (t, diags) = ctx.type_of(&expr, &file);
    let Some(d) = diags.iter().find(|d| d.is_error()) else {
        panic!("{src} checked as {t}");
    };
    let subject = d
        .subject
        .as_ref()
        .map(|r| src[r.start.byte as usize..r.end.byte as usize].to_owned())
        .unwrap_or_default();
    (d.code, d.detail.clone(), subject)
}

fn check_types(ctx: &TypeContext, rows: &[(&str, &str)]) {
    for (src, want) in rows {
        assert_eq!(type_of(ctx, src), ty(want), "{src}");
    }
}

fn check_errors(ctx: &TypeContext, rows: &[(&str, Code, &str, &str)]) {
    for (src, code, detail, subject) in rows {
        let got = error_of(ctx, src);
        assert_eq!(
            (got.0, got.1.as_str(), got.2.as_str()),
            (*code, *detail, *subject),
            "{src}"
        );
    }
}

#[test]
fn literals() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("1", "int"),
            ("1.5", "number"),
            ("1e3", "int"),
            ("2.50e1", "int"),
            ("0.5e0", "number"),
            ("true", "bool"),
            ("null", "none"),
            ("\"x\"", "string"),
            ("[1, \"a\", null]", "tuple([int, string, none])"),
            ("{a = 1, \"b\" = true}", "object({a = int, b = bool})"),
            ("{(s) = 1, b = 2.5}", "map(number)"),
        ],
    );
}

/// "An implementation may in practice implement ints with limited
/// precision so long as ... integers are represented with at least 256
/// bits" and "an error is produced if an integer value given in source
/// cannot be represented precisely".
#[test]
fn integer_literals_are_exact_to_at_least_256_bits_or_an_error() {
    let c = ctx();
    // 2^256 + 1, 78 digits.
    let big = "115792089237316195423570985008687907853269984665640564039457584007913129639937";
    assert_eq!(type_of(&c, big), Type::Int);
    // 2^600 + 1 needs more bits than a number holds.
    let huge: num_bigint::BigInt = (num_bigint::BigInt::from(1) << 600u32) + 1;
    let (code, detail, subject) = error_of(&c, &huge.to_string());
    assert_eq!(code, Code::ImpreciseInteger);
    assert_eq!(
        detail,
        "This integer cannot be represented exactly: numbers hold 512 bits of precision, and \
         this one needs 601."
    );
    assert_eq!(subject, huge.to_string());
}

#[test]
fn templates() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("\"a${s}b\"", "string"),
            ("\"${n}-${f}-${b}\"", "string"),
            ("\"https://${id}/\"", "output(string)"),
            ("\"${count}\"", "promise(int)"),
            ("\"n=${count}\"", "promise(string)"),
            ("\"${count}${id}\"", "output(string)"),
            ("\"${s}\"", "string"),
            ("\"${id}\"", "output(string)"),
            ("\"%{ if flag }on%{ endif }\"", "output(string)"),
            ("\"%{ for x in ids }${x},%{ endfor }\"", "output(string)"),
            ("\"%{ for k, v in tags }${k}=${v}%{ endfor }\"", "string"),
            ("\"${maybe}\"", "union(string, none)"),
            ("\"x${maybe}\"", "string"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "\"x${names}\"",
                Code::InvalidTemplateValue,
                "Cannot include the given value in a string template: string required.",
                "names",
            ),
            (
                "\"x${nothing}\"",
                Code::InvalidTemplateValue,
                "The expression result is null. Cannot include a null value in a string template.",
                "nothing",
            ),
        ],
    );
}

#[test]
fn operators() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("n + 1", "int"),
            ("n * n - 3 % 2", "int"),
            ("n / 2", "number"),
            ("n + f", "number"),
            ("n + 1.5", "number"),
            ("-n", "int"),
            ("-f", "number"),
            ("\"1\" + 2", "number"),
            ("count + 1", "promise(int)"),
            ("count + n", "promise(int)"),
            ("n < f", "bool"),
            ("id == s", "output(bool)"),
            ("nothing == null", "bool"),
            ("!flag", "output(bool)"),
            ("b && flag", "output(bool)"),
            ("maybe == \"x\"", "bool"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "1 + true",
                Code::InvalidOperand,
                "Unsuitable value for right operand: number required.",
                "true",
            ),
            (
                "nothing + 1",
                Code::InvalidOperand,
                "Unsuitable value for left operand: number required, but the value is null.",
                "nothing",
            ),
            (
                "!names",
                Code::InvalidOperand,
                "Unsuitable value for unary operand: bool required.",
                "names",
            ),
            (
                "b || 1",
                Code::InvalidOperand,
                "Unsuitable value for right operand: bool required.",
                "1",
            ),
        ],
    );
}

#[test]
fn conditionals() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("b ? 1 : 2", "int"),
            ("b ? 1 : 2.5", "number"),
            ("b ? n : s", "string"),
            ("b ? s : null", "union(string, none)"),
            ("b ? null : null", "none"),
            ("b ? id : s", "output(string)"),
            ("b ? id : count", "output(string)"),
            ("flag ? 1 : 2", "output(int)"),
            ("b ? [1] : [2, 3]", "list(int)"),
            ("b ? names : ids", "output(list(string))"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "b ? true : 1",
                Code::InconsistentConditionalTypes,
                "The true and false result expressions must have consistent types. The 'true' \
                 value is bool, but the 'false' value is int.",
                "true : 1",
            ),
            (
                "names ? 1 : 2",
                Code::IncorrectConditionType,
                "The condition expression must be of type bool.",
                "names",
            ),
            (
                "null ? 1 : 2",
                Code::NullCondition,
                "The condition value is null. Conditions must either be true or false.",
                "null",
            ),
        ],
    );
}

#[test]
fn for_expressions() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("[for x in names : upper(x)]", "list(string)"),
            ("[for i, x in names : i]", "list(int)"),
            ("{for k, v in tags : k => v}", "map(string)"),
            ("{for x in names : x => x...}", "map(list(string))"),
            ("[for x in ids : x]", "output(list(string))"),
            ("[for x in later_tags : x]", "output(list(string))"),
            ("[for b in buckets : b.id]", "list(output(string))"),
            ("[for x in names : x if flag]", "output(list(string))"),
            ("{for x in names : \"${id}${x}\" => 1}", "output(map(int))"),
            ("[for x in pair : x]", "list(union(int, string))"),
            ("[for x in ports : x + 1]", "list(int)"),
            ("[for x in opt_map : x]", "list(string)"),
            ("[for x in [] : x]", "list(any)"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "[for x in s : x]",
                Code::IterationOverNonIterable,
                "A value of type string cannot be used as the collection in a 'for' expression.",
                "s",
            ),
            (
                "[for x in null : x]",
                Code::IterationOverNull,
                "A null value cannot be used as the collection in a 'for' expression.",
                "null",
            ),
            (
                "{for x in names : [x] => x}",
                Code::InvalidObjectKey,
                "The key expression produced an invalid result: string required.",
                "[x]",
            ),
            (
                "[for x in names : x if [x]]",
                Code::IncorrectConditionType,
                "The 'if' clause value is invalid: bool required.",
                "[x]",
            ),
            (
                "[for item in names : itme]",
                Code::UnknownVariable,
                "There is no variable named \"itme\". Did you mean \"item\"?",
                "itme",
            ),
        ],
    );
}

#[test]
fn splats() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("buckets[*].size", "list(int)"),
            ("buckets[*].id", "list(output(string))"),
            ("buckets.*.size", "list(int)"),
            ("later_buckets[*].id", "output(list(string))"),
            ("pair[*]", "tuple([string, int])"),
            ("bucket[*].tags", "tuple([map(string)])"),
            ("nothing[*]", "tuple([])"),
            ("ports[*]", "list(int)"),
        ],
    );
    check_errors(
        &c,
        &[(
            "buckets[*].name",
            Code::UnsupportedAttribute,
            "This object does not have an attribute named \"name\".",
            ".name",
        )],
    );
}

#[test]
fn attributes_and_indexes_through_eventual_and_union_types() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("bucket.id", "output(string)"),
            ("bucket.tags.env", "string"),
            ("bucket.tags[\"env\"]", "string"),
            ("names[0]", "string"),
            ("names[n]", "string"),
            ("ids[0]", "output(string)"),
            ("ids[n]", "output(string)"),
            ("names[count]", "promise(string)"),
            ("later_tags.env", "output(string)"),
            ("pair[1]", "int"),
            ("pair[n]", "union(int, string)"),
            ("either.a", "union(int, string)"),
            ("either.b", "bool"),
            ("opt_map.k", "union(string, none)"),
            ("opt_map[\"k\"]", "union(string, none)"),
            ("later_buckets[0].id", "output(string)"),
            ("[1, 2][0]", "int"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "bucket.name",
                Code::UnsupportedAttribute,
                "This object does not have an attribute named \"name\".",
                ".name",
            ),
            (
                "s.length",
                Code::UnsupportedAttribute,
                "Can't access attributes on a primitive-typed value (string).",
                ".length",
            ),
            (
                "pair[2]",
                Code::InvalidIndex,
                "The given key does not identify an element in this collection value: the given \
                 index is greater than or equal to the length of the collection.",
                "[2]",
            ),
            (
                "names[\"a\" == s]",
                Code::InvalidIndex,
                "The given key does not identify an element in this collection value: number \
                 required.",
                "[\"a\" == s]",
            ),
            (
                "ports[0]",
                Code::InvalidIndex,
                "Elements of a set are identified only by their value and don't have any separate \
                 index or key to select with, so it's only possible to perform operations across \
                 all elements of the set.",
                "[0]",
            ),
            (
                "nothing.x",
                Code::AttributeOfNull,
                "This value is null, so it does not have any attributes.",
                ".x",
            ),
            (
                "maybe.x",
                Code::UnsupportedAttribute,
                "No type this value may have (string?) has an attribute named \"x\".",
                ".x",
            ),
            (
                "buckets.id",
                Code::UnsupportedAttribute,
                "Can't access attributes on a list of objects. Did you mean to access attribute \
                 \"id\" for a specific element of the list, or across all elements of the list?",
                ".id",
            ),
        ],
    );
}

#[test]
fn function_calls() {
    let c = ctx();
    check_types(
        &c,
        &[
            ("upper(s)", "string"),
            ("upper(id)", "output(string)"),
            ("upper(n)", "string"),
            ("max(n, f)", "number"),
            ("max(count, 2)", "promise(number)"),
            ("length(names)", "number"),
            ("length(ids)", "number"),
            ("join(\",\", names)", "string"),
            ("join(\",\", ids)", "output(string)"),
            ("join(\",\", [id, s])", "output(string)"),
            ("jsonencode(bucket)", "string"),
            ("max(names...)", "number"),
            ("max(pair...)", "number"),
            ("can(bucket.nope)", "bool"),
            ("try(bucket.nope, 1)", "any"),
            ("convert(s, int)", "number"),
            ("convert(id, output(string))", "string"),
            ("tostring(n)", "string"),
        ],
    );
    check_errors(
        &c,
        &[
            (
                "upper(names)",
                Code::InvalidFunctionArgument,
                "Invalid value for \"str\" parameter: string required.",
                "names",
            ),
            (
                "upper(nothing)",
                Code::InvalidFunctionArgument,
                "Invalid value for \"str\" parameter: argument must not be null.",
                "nothing",
            ),
            (
                "upperr(s)",
                Code::UnknownFunction,
                "There is no function named \"upperr\". Did you mean \"upper\"?",
                "upperr",
            ),
            (
                "upper()",
                Code::NotEnoughArguments,
                "Function \"upper\" expects 1 argument(s). Missing value for \"str\".",
                ")",
            ),
            (
                "upper(s, s)",
                Code::TooManyArguments,
                "Function \"upper\" expects only 1 argument(s).",
                "s",
            ),
            (
                "max(s...)",
                Code::InvalidExpandingArgument,
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                "s",
            ),
            (
                "convert(s, list)",
                Code::InvalidTypeSpecification,
                "The list type constructor requires one argument specifying the element type.",
                "list",
            ),
            (
                "convert(names, int)",
                Code::InvalidFunctionArgument,
                "Invalid value for \"value\" parameter: int required.",
                "names",
            ),
        ],
    );
}

fn body_diags(ctx: &TypeContext, src: &str, schema: &TypedSchema) -> Vec<(Code, String, String)> {
    let file = crate::parse(src, "main.hcl").unwrap();
    let diags = ctx.check_body(&Body::from_file(&file), schema);
    diags
        .iter()
        .map(|d| {
            let subject = d
                .subject
                .as_ref()
                .map(|r| src[r.start.byte as usize..r.end.byte as usize].to_owned())
                .unwrap_or_default();
            (d.code, d.detail.clone(), subject)
        })
        .collect()
}

#[test]
fn bodies_against_typed_schemas() {
    let c = ctx();
    let schema = TypedSchema::default()
        .required("name", Type::String)
        .required("target", ty("union(string, output(string))"))
        .optional("size", Type::Int)
        .optional("labels", ty("map(string)"));
    let src = "name = bucket.id\ntarget = bucket.arn\nsize = 1.5 + 1\nlabels = { env = id }\n";
    let got = body_diags(&c, src, &schema);
    assert_eq!(
        got,
        [
            (
                Code::IncorrectValueType,
                "Cannot assign a value of type output(string) to attribute \"name\" of type \
                 string: string required, but the value has the eventual type output(string), \
                 known only later."
                    .to_owned(),
                "bucket.id".to_owned()
            ),
            (
                Code::IncorrectValueType,
                "Cannot assign a value of type object({env=output(string)}) to attribute \
                 \"labels\" of type map(string): element \"env\": string required, but the value \
                 has the eventual type output(string), known only later."
                    .to_owned(),
                "{ env = id }".to_owned()
            ),
        ]
    );
    // The fix: plain values where plain values are needed.
    let fixed = "name = \"site-${s}\"\ntarget = bucket.arn\nsize = n * 2\nlabels = bucket.tags\n";
    assert_eq!(body_diags(&c, fixed, &schema), []);
    // The body's own rules still hold.
    let got = body_diags(&c, "target = s\nnmae = 1\n", &schema);
    let codes: Vec<Code> = got.iter().map(|(c, _, _)| *c).collect();
    assert_eq!(
        codes,
        [Code::MissingRequiredArgument, Code::UnsupportedArgument]
    );
    // Problems inside an expression are reported once, without a second
    // one about its type.
    let got = body_diags(&c, "name = s\ntarget = upper(names)\n", &schema);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, Code::InvalidFunctionArgument);
}

#[test]
fn unsafe_conversions_are_allowed_warned_about_or_rejected() {
    let mut c = ctx();
    let schema = TypedSchema::default()
        .required("port", Type::Int)
        .required("name", Type::String);
    let src = "port = \"80\"\nname = maybe\n";
    assert_eq!(body_diags(&c, src, &schema), []);
    c.set_unsafe_conversions(UnsafeConversions::Warn);
    let file = crate::parse(src, "main.hcl").unwrap();
    let diags = c.check_body(&Body::from_file(&file), &schema);
    assert_eq!(diags.len(), 2);
    assert!(!diags.has_errors());
    assert_eq!(diags.as_slice()[0].code, Code::IncorrectValueType);
    assert_eq!(
        diags.as_slice()[1].detail,
        "Cannot assign a value of type string? to attribute \"name\" of type string safely: the \
         conversion fails for some values."
    );
    c.set_unsafe_conversions(UnsafeConversions::Reject);
    let got = body_diags(&c, src, &schema);
    assert_eq!(got[0].0, Code::IncorrectValueType);
    assert_eq!(
        got[0].1,
        "Cannot assign a value of type string to attribute \"port\" of type int safely: the \
         conversion fails for some values."
    );
}

#[test]
fn unknown_variables_and_too_deep_expressions() {
    let c = ctx();
    check_errors(
        &c,
        &[(
            "buckt.id",
            Code::UnknownVariable,
            "There is no variable named \"buckt\". Did you mean \"bucket\"?",
            "buckt",
        )],
    );
    let mut shallow = ctx();
    shallow.set_limits(crate::Limits {
        max_expression_depth: 8,
        ..crate::Limits::default()
    });
    let deep = format!("{}1{}", "[".repeat(20), "]".repeat(20));
    let (code, detail, _) = error_of(&shallow, &deep);
    assert_eq!(code, Code::ExpressionTooDeep);
    assert!(detail.contains("more than 8 levels deep"));
    // The deepest expressions the parser builds check within the default
    // limit, on a test thread's stack in debug builds.
    let nested = format!("{}1{}", "(".repeat(120), ")".repeat(120));
    assert_eq!(type_of(&ctx(), &nested), Type::Int);
    let negations = format!("{}n", "-".repeat(250));
    assert_eq!(type_of(&ctx(), &negations), Type::Int);
    let sums = vec!["n"; 250].join(" + ");
    assert_eq!(type_of(&ctx(), &sums), Type::Int);
    let indexes = format!("ids{}", "[0]".repeat(200));
    assert!(ctx().type_of_str(&indexes).is_err());
    let splats = format!("buckets{}", "[*]".repeat(200));
    assert!(ctx().type_of_str(&splats).is_ok());
}

#[test]
fn diagnostics_render_with_the_source_line() {
    let c = ctx();
    let src = "name = upper(bucket.id) == 1 ? s : names\n";
    let file = crate::parse(src, "main.hcl").unwrap();
    let schema = TypedSchema::default().required("name", Type::String);
    let diags = c.check_body(&Body::from_file(&file), &schema);
    assert_eq!(
        diags.to_string(),
        "Error: Inconsistent conditional result types\n  --> main.hcl:1:32\n  |\n1 | name = \
         upper(bucket.id) == 1 ? s : names\n  |                                ^^^^^^^^^\n\nThe \
         true and false result expressions must have consistent types. The 'true' value is \
         string, but the 'false' value is list(string).\n"
    );
}

#[test]
fn functions_with_extended_parameter_and_return_types() {
    use crate::functions::{Function, Parameter};
    use crate::value::Value;
    let double = Function::builder()
        .param(Parameter::new("n", Type::Int))
        .returns(Type::Int)
        .implementation(|args, _| {
            let n = args[0]
                .as_number()
                .cloned()
                .unwrap_or_else(|| crate::Number::from_i64(0));
            Ok(Value::number(n.add(&n).unwrap_or(n)))
        })
        .build();
    let mut eval = crate::EvalContext::new();
    eval.set_function("double", double.clone());
    assert_eq!(
        eval.evaluate_str("double(\"21\")").unwrap(),
        Value::from(42)
    );
    let err = eval.evaluate_str("double(1.5)").unwrap_err();
    assert!(err
        .to_string()
        .contains("Invalid value for \"n\" parameter: a whole number is required."));
    let mut c = ctx();
    c.set_function("double", double);
    check_types(
        &c,
        &[
            ("double(n)", "int"),
            ("double(count)", "promise(int)"),
            ("double(f)", "int"),
        ],
    );
    check_errors(
        &c,
        &[(
            "double(b)",
            Code::InvalidFunctionArgument,
            "Invalid value for \"n\" parameter: int required.",
            "b",
        )],
    );
}

#[test]
fn json_syntax_bodies_are_checked_from_their_values_structure() {
    let ctx = TypeContext::default();
    let schema = TypedSchema::default()
        .required("count", Type::Int)
        .required("name", Type::String)
        .required("ports", ty("list(number)"))
        .required("tags", ty("map(string)"))
        .optional("image", Type::String);
    let good = r#"{"count": 2, "name": "web", "ports": [80, 443], "tags": {"a": "b"}, "image": "${var.image}"}"#;
    let file = crate::parse_json(good, "main.tf.json").unwrap();
    let diags = ctx.check_body(&Body::from_json_file(&file), &schema);
    assert!(diags.is_empty(), "{diags}");

    // A fraction for an `int` and a string for a number are unsafe
    // conversions, allowed by default, as for native literals.
    let bad =
        "{\"count\": 2.5, \"name\": [\"x\"], \"ports\": [80, \"http\"], \"tags\": {\"a\": [1]}}";
    let file = crate::parse_json(bad, "main.tf.json").unwrap();
    let diags = ctx.check_body(&Body::from_json_file(&file), &schema);
    let found: Vec<(Code, u32)> = diags
        .iter()
        .map(|d| (d.code, d.subject.as_ref().map_or(0, |r| r.start.column)))
        .collect();
    assert_eq!(
        found,
        [
            (Code::IncorrectValueType, 24),
            (Code::IncorrectValueType, 62),
        ],
        "{diags}"
    );
}
