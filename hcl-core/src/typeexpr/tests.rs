use std::sync::Arc;

use super::*;
use crate::diagnostic::Code;
use crate::eval::EvalContext;
use crate::types::convert;
use crate::value::Value;
use crate::{Limits, ParseOptions};

fn read(text: &str, options: &TypeExprOptions) -> Type {
    match parse_type(text, options) {
        Ok((ty, _)) => ty,
        Err(diags) => panic!("{text}: {diags}"),
    }
}

/// The code, detail, subject text and context text of the first diagnostic
/// of reading `text`.
fn first_error(text: &str, options: &TypeExprOptions) -> (Code, String, String, String) {
    let diags = match parse_type(text, options) {
        Ok((ty, _)) => panic!("{text} read as {ty}"),
        Err(diags) => diags,
    };
    let d = &diags.as_slice()[0];
    let slice = |r: &Option<crate::Range>| {
        r.as_ref()
            .map(|r| text[r.start.byte as usize..r.end.byte as usize].to_owned())
            .unwrap_or_default()
    };
    (
        d.code,
        d.detail.clone(),
        slice(&d.subject),
        slice(&d.context),
    )
}

fn obj(attrs: &[(&str, Type)]) -> Type {
    Type::object(attrs.iter().cloned())
}

#[test]
fn every_form_of_the_grammar() {
    let constraint = TypeExprOptions::default();
    let rows: Vec<(&str, Type)> = vec![
        ("string", Type::String),
        ("number", Type::Number),
        ("bool", Type::Bool),
        ("any", Type::Dynamic),
        ("list(string)", Type::list(Type::String)),
        ("set(number)", Type::set(Type::Number)),
        ("map(bool)", Type::map(Type::Bool)),
        ("list(any)", Type::list(Type::Dynamic)),
        ("tuple([])", Type::empty_tuple()),
        (
            "tuple([string, bool])",
            Type::tuple(vec![Type::String, Type::Bool]),
        ),
        ("object({})", Type::empty_object()),
        (
            "object({name=string,age=number})",
            obj(&[("name", Type::String), ("age", Type::Number)]),
        ),
        (
            "map(object({name = string, tags = list(string)}))",
            Type::map(obj(&[
                ("name", Type::String),
                ("tags", Type::list(Type::String)),
            ])),
        ),
        (
            "object({a = optional(string)})",
            obj(&[("a", Type::optional(Type::String))]),
        ),
        // Parentheses are not unwrapped: the reference reads the
        // expression's structure as it is.
        ("list((string))", Type::Dynamic),
    ];
    for (text, want) in rows {
        if want.is_dynamic() && text != "any" {
            assert!(parse_type(text, &constraint).is_err(), "{text}");
            continue;
        }
        assert_eq!(read(text, &constraint), want, "{text}");
    }
    assert_eq!(
        read("object({a=number,b=string})", &TypeExprOptions::exact()),
        obj(&[("a", Type::Number), ("b", Type::String)])
    );
}

#[test]
fn the_extended_forms() {
    let ext = TypeExprOptions::extended();
    let rows: Vec<(&str, Type)> = vec![
        ("int", Type::Int),
        ("none", Type::None),
        ("union(string, int)", Type::union([Type::Int, Type::String])),
        ("union(int)", Type::Int),
        (
            "union(int, union(bool, none))",
            Type::union([Type::Bool, Type::Int, Type::None]),
        ),
        ("promise(list(int))", Type::promise(Type::list(Type::Int))),
        ("output(promise(string))", Type::output(Type::String)),
        (
            "object({id = output(string), n = optional(int)})",
            obj(&[
                ("id", Type::output(Type::String)),
                ("n", Type::optional(Type::Int)),
            ]),
        ),
    ];
    for (text, want) in rows {
        assert_eq!(read(text, &ext), want, "{text}");
    }
    // In an exact type too.
    let exact = TypeExprOptions {
        extended: true,
        ..TypeExprOptions::exact()
    };
    assert_eq!(read("output(int)", &exact), Type::output(Type::Int));
}

#[test]
fn printed_types_read_back_exactly() {
    let ext = TypeExprOptions::extended();
    let texts = [
        "string",
        "any",
        "list(map(set(bool)))",
        "tuple([string,number,tuple([])])",
        "object({a=string,b=optional(list(number))})",
        "int",
        "none",
        "union(bool, int, string)",
        "union(int, none)",
        "promise(output(string))",
        "output(object({id=string,tags=optional(map(string))}))",
        "list(union(int, list(string)))",
        "object({x=optional(union(bool, int))})",
    ];
    for text in texts {
        let ty = read(text, &ext);
        assert_eq!(ty.to_string(), text);
        assert_eq!(read(&ty.to_string(), &ext), ty);
    }
    // Types built in code read back too, whatever the order they were
    // written in.
    let built = [
        Type::union([Type::String, Type::None, Type::Int]),
        Type::output(Type::tuple(vec![Type::Int, Type::optional(Type::Bool)])),
        Type::map(obj(&[
            ("z", Type::optional(Type::output(Type::Int))),
            ("a", Type::Dynamic),
        ])),
    ];
    for ty in built {
        assert_eq!(read(&ty.to_string(), &ext), ty, "{ty}");
    }
}

#[test]
fn the_reference_s_errors_for_bad_type_expressions() {
    let constraint = TypeExprOptions::default();
    let exact = TypeExprOptions::exact();
    let defaults = TypeExprOptions::with_defaults();
    let code = Code::InvalidTypeSpecification;
    let rows: Vec<(&str, &TypeExprOptions, Code, &str, &str, &str)> = vec![
        (
            "any",
            &exact,
            code,
            "The keyword \"any\" cannot be used in this type specification: an exact type is \
             required.",
            "any",
            "",
        ),
        (
            "list",
            &constraint,
            code,
            "The list type constructor requires one argument specifying the element type.",
            "list",
            "",
        ),
        (
            "object",
            &constraint,
            code,
            "The object type constructor requires one argument specifying the attribute types \
             and values as a map.",
            "object",
            "",
        ),
        (
            "tuple",
            &constraint,
            code,
            "The tuple type constructor requires one argument specifying the element types as a \
             list.",
            "tuple",
            "",
        ),
        (
            "strin",
            &constraint,
            code,
            "The keyword \"strin\" is not a valid type specification.",
            "strin",
            "",
        ),
        (
            "\"string\"",
            &constraint,
            code,
            "A type specification is either a primitive type keyword (bool, number, string) or a \
             complex type constructor call, like list(string).",
            "\"string\"",
            "",
        ),
        (
            "string(1)",
            &constraint,
            code,
            "Primitive type keyword \"string\" does not expect arguments.",
            "(1)",
            "",
        ),
        (
            "any()",
            &constraint,
            code,
            "Type constraint keyword \"any\" does not expect arguments.",
            "()",
            "",
        ),
        (
            "map(string, number, bool)",
            &constraint,
            code,
            "The map type constructor requires one argument specifying the element type.",
            "number, bool",
            "(string, number, bool)",
        ),
        (
            "set()",
            &constraint,
            code,
            "The set type constructor requires one argument specifying the element type.",
            "()",
            "()",
        ),
        (
            "object(string)",
            &constraint,
            code,
            "Object type constructor requires a map whose keys are attribute names and whose \
             values are the corresponding attribute types.",
            "string",
            "object(string)",
        ),
        (
            "object({\"a\" = string})",
            &constraint,
            code,
            "Object constructor map keys must be attribute names.",
            "\"a\"",
            "object({\"a\" = string})",
        ),
        (
            "object({a = optional()})",
            &constraint,
            code,
            "Optional attribute modifier requires the attribute type as its argument.",
            "()",
            "optional()",
        ),
        (
            "object({a = optional(string)})",
            &exact,
            code,
            "Optional attribute modifier is only for type constraints, not for exact types.",
            "optional",
            "optional(string)",
        ),
        (
            "object({a = optional(string, \"x\")})",
            &constraint,
            code,
            "Optional attribute modifier expects only one argument: the attribute type.",
            "(string, \"x\")",
            "optional(string, \"x\")",
        ),
        (
            "object({a = optional(string, \"x\", \"y\")})",
            &defaults,
            code,
            "Optional attribute modifier expects at most two arguments: the attribute type, and \
             a default value.",
            "(string, \"x\", \"y\")",
            "optional(string, \"x\", \"y\")",
        ),
        (
            "object({a = optional(number, \"x\")})",
            &defaults,
            Code::InvalidOptionalDefault,
            "This default value is not compatible with the attribute's type constraint: a \
             number is required.",
            "\"x\"",
            "",
        ),
        (
            "object({a = optional(number, var.x)})",
            &defaults,
            Code::VariablesNotAllowed,
            "Variables may not be used here.",
            "var",
            "",
        ),
        (
            "tuple(string)",
            &constraint,
            code,
            "Tuple type constructor requires a list of element types.",
            "string",
            "tuple(string)",
        ),
        (
            "list(optional(string))",
            &constraint,
            code,
            "Keyword \"optional\" is valid only as a modifier for object type attributes.",
            "optional",
            "",
        ),
        (
            "lst(string)",
            &constraint,
            code,
            "Keyword \"lst\" is not a valid type constructor.",
            "lst(string)",
            "",
        ),
        // The extended keywords, without the extension, are unknown.
        (
            "int",
            &constraint,
            code,
            "The keyword \"int\" is not a valid type specification.",
            "int",
            "",
        ),
        (
            "output(string)",
            &constraint,
            code,
            "Keyword \"output\" is not a valid type constructor.",
            "output(string)",
            "",
        ),
    ];
    for (text, options, want_code, detail, subject, context) in rows {
        let got = first_error(text, options);
        assert_eq!(
            got,
            (
                want_code,
                detail.to_owned(),
                subject.to_owned(),
                context.to_owned()
            ),
            "{text}"
        );
    }
}

#[test]
fn errors_of_the_extended_forms() {
    let ext = TypeExprOptions::extended();
    let code = Code::InvalidTypeSpecification;
    let rows: Vec<(&str, &str, &str)> =
        vec![
        (
            "union()",
            "The union type constructor requires at least one argument specifying a member type.",
            "()",
        ),
        (
            "union",
            "The union type constructor requires at least one argument specifying a member type.",
            "union",
        ),
        (
            "promise",
            "The promise type constructor requires one argument specifying the element type.",
            "promise",
        ),
        (
            "output(string, int)",
            "The output type constructor requires one argument specifying the element type.",
            "int",
        ),
        ("int(8)", "Primitive type keyword \"int\" does not expect arguments.", "(8)"),
        ("none()", "Type keyword \"none\" does not expect arguments.", "()"),
        (
            "union(int, strng)",
            "The keyword \"strng\" is not a valid type specification.",
            "strng",
        ),
    ];
    for (text, detail, subject) in rows {
        let got = first_error(text, &ext);
        assert_eq!(
            (got.0, got.1.as_str(), got.2.as_str()),
            (code, detail, subject),
            "{text}"
        );
    }
}

#[test]
fn every_error_is_reported() {
    let diags = parse_type(
        "object({a = strin, b = list(), c = bool})",
        &TypeExprOptions::default(),
    )
    .unwrap_err();
    let details: Vec<&str> = diags.iter().map(|d| d.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "The keyword \"strin\" is not a valid type specification.",
            "The list type constructor requires one argument specifying the element type."
        ]
    );
}

#[test]
fn type_expressions_nested_absurdly_deep_give_a_diagnostic() {
    // Too deep for the parser.
    let deep = format!("{}string{}", "list(".repeat(5000), ")".repeat(5000));
    let err = parse_type(&deep, &TypeExprOptions::default()).unwrap_err();
    assert!(err.to_string().contains("Nesting too deep"), "{err}");
    // Parsed with larger limits, then too deep for the type reader.
    let depth = 300;
    let src = format!("t = {}string{}\n", "list(".repeat(depth), ")".repeat(depth));
    let options = ParseOptions {
        limits: Limits {
            max_nesting_depth: 10_000,
            max_expression_depth: 10_000,
            ..Limits::default()
        },
    };
    let file = crate::parse_with(&src, "deep.hcl", &options).unwrap();
    let expr = &file.body.attributes[0].expr;
    let (ty, _, diags) = get_type(
        ExprRef::new(expr, &file.source),
        &TypeExprOptions::default(),
    );
    assert!(diags.has_errors());
    assert!(diags.as_slice()[0]
        .detail
        .contains("nested more than 256 levels deep"));
    assert!(ty.is_list());
    let (ty, _, diags) = get_type(
        ExprRef::new(expr, &file.source),
        &TypeExprOptions {
            max_depth: 1000,
            ..TypeExprOptions::default()
        },
    );
    assert!(diags.is_empty());
    assert_eq!(
        ty.to_string().len(),
        "list()".len() * depth + "string".len()
    );
}

#[test]
fn defaults_are_read_and_printed_back() {
    let with = TypeExprOptions::with_defaults();
    let texts = [
        "object({a=optional(string, \"x\")})",
        "object({a=optional(number, 1.5),b=optional(bool, false),c=optional(list(string), [\"a\", \"b\"])})",
        "list(object({tls=optional(object({port=optional(number, 443)}), {})}))",
        "tuple([string,object({k=optional(string, \"$${not} %%{a} template\")})])",
        "map(object({m=optional(map(number), { \"a b\" = 1, c = 2 })}))",
        "object({s=optional(string, \"quote \\\" and \\\\ and \\n\")})",
    ];
    for text in texts {
        let (ty, defaults) = parse_type(text, &with).unwrap();
        assert!(defaults.is_some(), "{text}");
        assert_eq!(type_string(&ty, defaults.as_ref()), text);
        let (again, again_defaults) =
            parse_type(&type_string(&ty, defaults.as_ref()), &with).unwrap();
        assert_eq!((again, again_defaults), (ty, defaults));
    }
    let (_, d) = parse_type("object({a = optional(string, 5)})", &with).unwrap();
    assert_eq!(d.unwrap().values()["a"], Value::from("5"));
    let (_, d) = parse_type("object({a = optional(string)})", &with).unwrap();
    assert!(d.is_none());
}

fn apply(text: &str, value: Value) -> Value {
    let (ty, defaults) = parse_type(text, &TypeExprOptions::extended()).unwrap();
    let applied = defaults.unwrap().apply(&value);
    match convert(&applied, &ty) {
        Ok(v) => v,
        Err(e) => panic!("{text}: {e} at {}", e.path()),
    }
}

#[test]
fn defaults_are_applied_to_nested_optional_attributes() {
    let text = "object({
        name = string,
        port = optional(number, 80),
        tls = optional(object({
            enabled = optional(bool, true),
            min = optional(string, \"1.2\"),
        }), {}),
        rules = optional(list(object({
            proto = optional(string, \"tcp\"),
            from = int,
        })), []),
        labels = optional(map(object({ color = optional(string, \"blue\") }))),
    })";
    let given = Value::object([
        ("name", Value::from("web")),
        (
            "rules",
            Value::tuple(vec![
                Value::object([("from", Value::from(22))]),
                Value::object([("from", Value::from(443)), ("proto", Value::from("udp"))]),
            ]),
        ),
        (
            "labels",
            Value::object([
                ("a", Value::empty_object()),
                ("b", Value::object([("color", Value::from("red"))])),
            ]),
        ),
    ]);
    let got = apply(text, given);
    let get = |path: &[&str]| {
        let mut v = got.clone();
        for step in path {
            v = match step.parse::<usize>() {
                Ok(i) => v.elements().unwrap()[i].clone(),
                Err(_) => v
                    .get_attr(step)
                    .or_else(|| v.index(&Value::from(*step)))
                    .unwrap(),
            };
        }
        v
    };
    assert_eq!(get(&["port"]), Value::from(80));
    assert_eq!(get(&["tls", "enabled"]), Value::from(true));
    assert_eq!(get(&["tls", "min"]), Value::from("1.2"));
    assert_eq!(get(&["rules", "0", "proto"]), Value::from("tcp"));
    assert_eq!(get(&["rules", "1", "proto"]), Value::from("udp"));
    assert_eq!(get(&["labels", "a", "color"]), Value::from("blue"));
    assert_eq!(get(&["labels", "b", "color"]), Value::from("red"));

    // Present values stay; nulls are replaced; the default's own defaults
    // apply.
    let got = apply(
        "object({ a = optional(string, \"x\"), b = optional(object({ c = optional(number, 3) }), {}) })",
        Value::object([("a", Value::null(Type::String)), ("b", Value::object([("c", Value::from(4))]))]),
    );
    assert_eq!(got.get_attr("a"), Some(Value::from("x")));
    assert_eq!(
        got.get_attr("b").and_then(|b| b.get_attr("c")),
        Some(Value::from(4))
    );

    // Null and unknown values are left alone; attributes without defaults
    // become null.
    let (ty, d) = parse_type(
        "object({a = optional(string, \"x\"), b = optional(int)})",
        &TypeExprOptions::extended(),
    )
    .unwrap();
    let d = d.unwrap();
    assert_eq!(
        d.apply(&Value::null(ty.value_type())),
        Value::null(ty.value_type())
    );
    assert_eq!(d.apply(&Value::dynamic()), Value::dynamic());
    let filled = convert(&d.apply(&Value::empty_object()), &ty).unwrap();
    assert_eq!(filled.get_attr("b"), Some(Value::null(Type::Number)));

    // An unknown attribute with a default that is not null is not null.
    let got = apply(
        "object({ a = optional(string, \"x\"), b = optional(string) })",
        Value::object([
            ("a", Value::unknown(Type::String)),
            ("b", Value::unknown(Type::String)),
        ]),
    );
    assert_eq!(
        got.get_attr("a"),
        Some(Value::unknown(Type::String).refine_not_null())
    );
    assert_eq!(got.get_attr("b"), Some(Value::unknown(Type::String)));

    // Sets and tuples.
    let got = apply(
        "set(object({ v = optional(number, 1) }))",
        Value::tuple(vec![
            Value::empty_object(),
            Value::object([("v", Value::from(1))]),
        ]),
    );
    assert_eq!(got.length(), Some(1));
    let got = apply(
        "tuple([object({ v = optional(number, 1) }), object({ w = optional(bool, true) })])",
        Value::tuple(vec![Value::empty_object(), Value::empty_object()]),
    );
    assert_eq!(
        got.elements().unwrap()[1].get_attr("w"),
        Some(Value::from(true))
    );
}

#[test]
fn the_convert_function() {
    let mut ctx = EvalContext::new();
    ctx.set_function("convert", convert_function(&TypeExprOptions::default()));
    ctx.set_function("xconvert", convert_function(&TypeExprOptions::extended()));
    let ok = [
        ("convert(\"true\", bool)", Value::from(true)),
        (
            "convert([1, \"2\"], list(number))",
            Value::list(Type::Number, vec![Value::from(1), Value::from(2)]).unwrap(),
        ),
        (
            "convert({a = 1}, map(string))",
            Value::map(Type::String, [("a", Value::from("1"))]).unwrap(),
        ),
        (
            "convert({}, object({a = optional(string)}))",
            Value::object([("a", Value::null(Type::String))]),
        ),
        ("convert(null, string)", Value::null(Type::String)),
        ("xconvert(\"7\", int)", Value::from(7)),
        ("xconvert(7, output(string))", Value::from("7")),
        ("xconvert(1, union(bool, string))", Value::from("1")),
        ("xconvert(null, none)", Value::null(Type::Dynamic)),
    ];
    for (src, want) in ok {
        assert_eq!(ctx.evaluate_str(src).unwrap(), want, "{src}");
    }
    let err = [
        (
            "convert(\"x\", number)",
            "Invalid value for \"value\" parameter: a number is required.",
        ),
        (
            "convert(1, int)",
            "The keyword \"int\" is not a valid type specification.",
        ),
        (
            "xconvert(2.5, int)",
            "Invalid value for \"value\" parameter: a whole number is required.",
        ),
        (
            "convert(1, list)",
            "The list type constructor requires one argument specifying the element type.",
        ),
        (
            "convert(1, object({a = optional(string, \"x\")}))",
            "Optional attribute modifier expects only one argument: the attribute type.",
        ),
    ];
    for (src, detail) in err {
        let diags = ctx.evaluate_str(src).unwrap_err();
        assert_eq!(diags.as_slice()[0].detail, detail, "{src}");
    }
    // A type cannot be computed: the argument is read, not evaluated.
    let diags = ctx.evaluate_str("convert(1, var.t)").unwrap_err();
    assert_eq!(diags.as_slice()[0].code, Code::InvalidTypeSpecification);
    assert_eq!(
        type_from_value(&type_constraint_value(Type::Int)),
        Some(Type::Int)
    );
    let file = Arc::new(crate::SourceFile::new("e", "x"));
    let expr = crate::parse_expression("x", "e").unwrap();
    assert!(exact_type(ExprRef::new(&expr, &file)).is_err());
}
