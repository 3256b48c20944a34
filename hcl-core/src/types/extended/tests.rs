//! Tables of the extended types: normal forms, printed forms, conversion
//! safety, unification, value conversions and traversal.

use crate::types::{
    conversion_safety, convert, mismatch_message, unify, unify_unsafe, Eventual, Safety, Type,
};
use crate::value::{Number, Value};

use Safety::{Safe, Unsafe};

fn union(members: &[Type]) -> Type {
    Type::union(members.iter().cloned())
}

fn list(t: Type) -> Type {
    Type::list(t)
}

fn out(t: Type) -> Type {
    Type::output(t)
}

fn prom(t: Type) -> Type {
    Type::promise(t)
}

fn opt(t: Type) -> Type {
    Type::optional(t)
}

fn obj(attrs: &[(&str, Type)]) -> Type {
    Type::object(attrs.iter().cloned())
}

#[test]
fn normal_forms() {
    let cases: Vec<(Type, &str)> = vec![
        (union(&[Type::Int, Type::Bool]), "union(bool, int)"),
        (
            union(&[Type::Bool, Type::Int, Type::Bool]),
            "union(bool, int)",
        ),
        (
            union(&[union(&[Type::String, Type::Int]), Type::Bool]),
            "union(bool, int, string)",
        ),
        (union(&[Type::String]), "string"),
        (union(&[]), "union()"),
        (
            union(&[opt(Type::Int), opt(Type::String)]),
            "union(int, none, string)",
        ),
        (out(out(Type::String)), "output(string)"),
        (out(prom(Type::String)), "output(string)"),
        (prom(prom(Type::String)), "promise(string)"),
        (prom(out(Type::String)), "promise(output(string))"),
        (out(list(out(Type::Int))), "output(list(int))"),
        (
            out(obj(&[("a", prom(Type::Int))])),
            "output(object({a=int}))",
        ),
        (prom(list(prom(Type::Int))), "promise(list(int))"),
        (
            out(union(&[out(Type::Int), Type::String])),
            "output(union(int, string))",
        ),
        (list(union(&[Type::Int, Type::Int])), "list(int)"),
    ];
    for (ty, text) in cases {
        assert_eq!(ty.to_string(), text);
    }
    assert_eq!(
        union(&[Type::String, Type::Int]),
        union(&[Type::Int, Type::String])
    );
}

#[test]
fn printed_pretty_friendly_and_json_forms() {
    let ty = obj(&[
        ("id", out(Type::String)),
        ("size", opt(Type::Int)),
        ("tags", opt(union(&[Type::Bool, Type::String]))),
    ]);
    assert_eq!(
        ty.to_string(),
        "object({id=output(string),size=optional(int),tags=optional(union(bool, string))})"
    );
    assert_eq!(
        ty.pretty().to_string(),
        "object({id=output(string),size=int?,tags=(bool | string)?})"
    );
    // Outside an object, the union with none is written as a union.
    assert_eq!(opt(Type::Int).to_string(), "union(int, none)");
    let friendly: Vec<String> = [
        Type::Int,
        Type::None,
        union(&[Type::Bool, Type::String]),
        opt(Type::String),
        prom(Type::Int),
        out(list(Type::String)),
    ]
    .iter()
    .map(Type::friendly_name)
    .collect();
    assert_eq!(
        friendly,
        [
            "int",
            "none",
            "bool or string",
            "optional string",
            "promise of int",
            "output of list of string"
        ]
    );
    assert_eq!(
        union(&[Type::None, out(Type::Int)]).to_json(),
        r#"["union",["none",["output","int"]]]"#
    );
    assert_eq!(prom(Type::Bool).to_json(), r#"["promise","bool"]"#);
}

#[test]
fn queries() {
    let ty = opt(out(Type::Int));
    assert!(ty.is_optional() && ty.is_union() && ty.is_extended());
    assert_eq!(ty.optional_element(), Some(out(Type::Int)));
    assert!(!Type::None.is_optional());
    assert!(list(Type::Int).has_extended_types());
    assert!(!list(Type::Number).has_extended_types());
    assert!(Type::Union(std::sync::Arc::new(vec![Type::Dynamic, Type::Int])).has_dynamic_types());
    assert_eq!(
        obj(&[("a", list(prom(Type::Int))), ("b", out(Type::Bool))]).resolve_eventuals(),
        (
            obj(&[("a", list(Type::Int)), ("b", Type::Bool)]),
            Some(Eventual::Output)
        )
    );
    assert_eq!(
        union(&[prom(Type::Int), Type::Bool]).resolve_eventuals(),
        (union(&[Type::Int, Type::Bool]), Some(Eventual::Promise))
    );
}

#[test]
fn value_types() {
    let cases: Vec<(Type, Type)> = vec![
        (Type::Int, Type::Number),
        (Type::None, Type::Dynamic),
        (opt(Type::Int), Type::Number),
        (union(&[Type::Int, Type::Number]), Type::Number),
        (union(&[Type::Bool, Type::Int]), Type::Dynamic),
        (out(list(Type::Int)), list(Type::Number)),
        (obj(&[("a", prom(Type::Int))]), obj(&[("a", Type::Number)])),
        (
            Type::tuple(vec![Type::None, Type::Int]),
            Type::tuple(vec![Type::Dynamic, Type::Number]),
        ),
        (Type::map(Type::String), Type::map(Type::String)),
    ];
    for (ty, want) in cases {
        assert_eq!(ty.value_type(), want, "{ty}");
    }
    // Values never take an extended type.
    assert_eq!(Value::null(Type::None), Value::null(Type::Dynamic));
    assert_eq!(Value::unknown(out(Type::Int)).ty(), &Type::Number);
    let l = Value::list(Type::Int, vec![Value::from(1)]).unwrap();
    assert_eq!(l.ty(), &list(Type::Number));
    let s = Value::set(opt(Type::String), vec![]).unwrap();
    assert_eq!(s.ty(), &Type::set(Type::String));
    let m = Value::map(prom(Type::Bool), [("a", Value::from(true))]).unwrap();
    assert_eq!(m.ty(), &Type::map(Type::Bool));
}

/// Conversion safety over the new types: (from, to, expected).
#[test]
fn conversion_safety_table() {
    let u_bool_int = union(&[Type::Bool, Type::Int]);
    let rows: Vec<(Type, Type, Option<Safety>)> = vec![
        // int and the primitives.
        (Type::Int, Type::Int, Some(Safe)),
        (Type::Int, Type::Number, Some(Safe)),
        (Type::Int, Type::String, Some(Safe)),
        (Type::Number, Type::Int, Some(Unsafe)),
        (Type::String, Type::Int, Some(Unsafe)),
        (Type::Int, Type::Bool, None),
        (Type::Bool, Type::Int, None),
        // The base model's rules are kept: bool and number do not convert.
        (Type::Bool, Type::Number, None),
        (Type::Number, Type::Bool, None),
        (Type::Number, Type::String, Some(Safe)),
        (Type::String, Type::Number, Some(Unsafe)),
        // Dynamic.
        (Type::Dynamic, Type::Int, Some(Unsafe)),
        (Type::Int, Type::Dynamic, Some(Safe)),
        (out(Type::Int), Type::Dynamic, Some(Safe)),
        (Type::Dynamic, out(Type::Int), Some(Unsafe)),
        (Type::Dynamic, Type::None, Some(Unsafe)),
        // Collections and structures of the new types.
        (list(Type::Int), list(Type::Number), Some(Safe)),
        (list(Type::Number), list(Type::Int), Some(Unsafe)),
        (
            Type::tuple(vec![Type::Int, Type::Int]),
            list(Type::Int),
            Some(Safe),
        ),
        (
            obj(&[("a", Type::Int)]),
            Type::map(Type::String),
            Some(Safe),
        ),
        (list(out(Type::Int)), list(Type::Int), None),
        // none.
        (Type::None, Type::None, Some(Safe)),
        (Type::None, Type::String, None),
        (Type::None, opt(Type::String), Some(Safe)),
        (Type::None, out(opt(Type::String)), Some(Safe)),
        (Type::None, out(Type::String), None),
        (Type::String, Type::None, None),
        // To unions.
        (Type::Bool, u_bool_int.clone(), Some(Safe)),
        (Type::Number, u_bool_int.clone(), Some(Unsafe)),
        (Type::String, u_bool_int.clone(), Some(Unsafe)),
        (list(Type::Bool), u_bool_int.clone(), None),
        (Type::Number, union(&[Type::Bool, Type::String]), Some(Safe)),
        (Type::String, opt(Type::String), Some(Safe)),
        // From unions (Pulumi's rule: safe if every member is, none if
        // no member converts, else unsafe).
        (u_bool_int.clone(), Type::String, Some(Safe)),
        (u_bool_int.clone(), Type::Number, Some(Unsafe)),
        (u_bool_int.clone(), list(Type::Bool), None),
        (opt(Type::String), Type::String, Some(Unsafe)),
        (
            u_bool_int.clone(),
            union(&[Type::Bool, Type::Int, Type::String]),
            Some(Safe),
        ),
        (
            union(&[Type::Int, Type::String]),
            u_bool_int.clone(),
            Some(Unsafe),
        ),
        // Eventuals.
        (prom(Type::Int), prom(Type::Int), Some(Safe)),
        (prom(Type::Int), prom(Type::String), Some(Safe)),
        (prom(Type::String), prom(Type::Int), Some(Unsafe)),
        (Type::Int, prom(Type::Number), Some(Safe)),
        (out(Type::Int), prom(Type::Int), None),
        (out(Type::Int), prom(Type::Dynamic), Some(Safe)),
        (prom(Type::Int), out(Type::Int), Some(Safe)),
        (prom(Type::String), out(Type::Int), Some(Unsafe)),
        (out(Type::Int), out(Type::String), Some(Safe)),
        (Type::String, out(Type::Int), Some(Unsafe)),
        (out(Type::Int), Type::Int, None),
        (prom(Type::Int), Type::Int, None),
        (
            out(Type::Int),
            union(&[out(Type::Int), Type::Int]),
            Some(Safe),
        ),
        (
            obj(&[("id", out(Type::String))]),
            obj(&[("id", Type::String)]),
            None,
        ),
        (
            obj(&[("id", Type::String)]),
            obj(&[("id", out(Type::String))]),
            Some(Safe),
        ),
    ];
    for (from, to, want) in rows {
        assert_eq!(conversion_safety(&from, &to), want, "{from} to {to}");
    }
}

/// Unification over the new types: (types, safe result, unsafe result).
#[test]
fn unification_table() {
    let rows: Vec<(Vec<Type>, Option<Type>, Option<Type>)> = vec![
        (vec![Type::Int, Type::Int], Some(Type::Int), Some(Type::Int)),
        (
            vec![Type::Int, Type::Number],
            Some(Type::Number),
            Some(Type::Number),
        ),
        (
            vec![Type::String, Type::Int],
            Some(Type::String),
            Some(Type::String),
        ),
        (vec![Type::Int, Type::Bool], None, None),
        (
            vec![Type::Int, Type::Dynamic],
            Some(Type::Dynamic),
            Some(Type::Int),
        ),
        (
            vec![Type::None, Type::String],
            Some(opt(Type::String)),
            Some(opt(Type::String)),
        ),
        (
            vec![Type::None, Type::None],
            Some(Type::None),
            Some(Type::None),
        ),
        (
            vec![Type::Int, Type::Number, Type::String],
            Some(Type::String),
            Some(Type::String),
        ),
        (
            vec![list(Type::Int), list(Type::Number)],
            Some(list(Type::Number)),
            Some(list(Type::Number)),
        ),
        (
            vec![obj(&[("a", Type::Int)]), obj(&[("a", Type::String)])],
            Some(obj(&[("a", Type::String)])),
            Some(obj(&[("a", Type::String)])),
        ),
        (
            vec![opt(Type::Int), Type::Number],
            Some(opt(Type::Number)),
            Some(opt(Type::Number)),
        ),
        (
            vec![union(&[Type::Bool, Type::Int]), Type::Number],
            Some(union(&[Type::Bool, Type::Number])),
            Some(union(&[Type::Bool, Type::Number])),
        ),
        (
            vec![out(Type::Int), prom(Type::Number)],
            Some(out(Type::Number)),
            Some(out(Type::Number)),
        ),
        (
            vec![out(Type::Int), Type::String],
            Some(out(Type::String)),
            Some(out(Type::String)),
        ),
        (
            vec![prom(Type::Bool), Type::Bool],
            Some(prom(Type::Bool)),
            Some(prom(Type::Bool)),
        ),
        (vec![out(Type::Bool), Type::Int], None, None),
        // The base model's rules are kept: bool and number do not unify,
        // and a map and an object unify as the map (the reference
        // implementation's rule, which the base unification follows).
        (vec![Type::Bool, Type::Number], None, None),
        (
            vec![Type::map(Type::Int), obj(&[("a", Type::Int)])],
            Some(Type::map(Type::Int)),
            Some(Type::map(Type::Int)),
        ),
        (
            vec![out(Type::Int), Type::None],
            Some(opt(out(Type::Int))),
            Some(opt(out(Type::Int))),
        ),
    ];
    for (types, safe, unsafe_) in rows {
        assert_eq!(unify(&types).map(|u| u.0), safe, "unify {types:?}");
        assert_eq!(
            unify_unsafe(&types).map(|u| u.0),
            unsafe_,
            "unify_unsafe {types:?}"
        );
    }
}

#[test]
fn unification_gives_conversions_for_values() {
    let (ty, convs) = unify(&[Type::Int, Type::String, Type::Int]).unwrap();
    assert_eq!(ty, Type::String);
    assert_eq!(convs.len(), 3);
    assert!(convs[1].is_none());
    for i in [0, 2] {
        assert_eq!(
            convs[i].as_ref().unwrap().apply(&Value::from(4)).unwrap(),
            Value::from("4")
        );
    }
    let (ty, convs) = unify(&[Type::None, Type::Number]).unwrap();
    assert_eq!(ty, opt(Type::Number));
    let null = convs[0]
        .as_ref()
        .unwrap()
        .apply(&Value::null(Type::Dynamic))
        .unwrap();
    assert_eq!(null, Value::null(Type::Number));
}

#[test]
fn value_conversions() {
    let n = |t: &str| Value::number(Number::parse_literal(t).unwrap());
    let ok: Vec<(Value, Type, Value)> = vec![
        (Value::from(3), Type::Int, Value::from(3)),
        (Value::from("-12"), Type::Int, Value::from(-12)),
        (n("1e3"), Type::Int, Value::from(1000)),
        (Value::from(3), out(Type::String), Value::from("3")),
        (Value::from("x"), prom(Type::String), Value::from("x")),
        (
            Value::from(true),
            union(&[Type::Bool, Type::String]),
            Value::from(true),
        ),
        (
            Value::from(1),
            union(&[Type::Bool, Type::String]),
            Value::from("1"),
        ),
        (
            Value::from("1"),
            union(&[Type::Bool, Type::Int]),
            Value::from(true),
        ),
        (
            Value::from("5"),
            union(&[Type::Bool, Type::Int]),
            Value::from(5),
        ),
        (
            Value::null(Type::String),
            Type::None,
            Value::null(Type::Dynamic),
        ),
        (
            Value::null(Type::Dynamic),
            opt(Type::Int),
            Value::null(Type::Number),
        ),
        (
            Value::unknown(Type::String),
            Type::Int,
            Value::unknown(Type::Number),
        ),
        (
            Value::tuple(vec![Value::from(1), Value::from("2")]),
            list(Type::Int),
            Value::list(Type::Number, vec![Value::from(1), Value::from(2)]).unwrap(),
        ),
    ];
    for (v, ty, want) in ok {
        assert_eq!(convert(&v, &ty).unwrap(), want, "{v:?} to {ty}");
    }
    let err: Vec<(Value, Type, &str, &str)> = vec![
        (n("1.5"), Type::Int, "a whole number is required", ""),
        (
            Value::from("1.5"),
            Type::Int,
            "a whole number is required",
            "",
        ),
        (Value::from(true), Type::Int, "int required", ""),
        (Value::from("x"), Type::None, "none required", ""),
        (
            Value::from("x"),
            union(&[Type::Bool, Type::Int]),
            "bool or int required",
            "",
        ),
        (
            Value::from("x"),
            union(&[Type::Int, list(Type::String)]),
            "a whole number is required",
            "",
        ),
        (
            Value::object([("a", n("0.5"))]),
            obj(&[("a", Type::Int)]),
            "a whole number is required",
            ".a",
        ),
    ];
    for (v, ty, message, path) in err {
        let e = convert(&v, &ty).unwrap_err();
        assert_eq!(
            (e.to_string().as_str(), e.path().to_string().as_str()),
            (message, path),
            "{v:?} to {ty}"
        );
    }
}

#[test]
fn optional_object_attributes_may_be_absent() {
    let want = obj(&[("name", Type::String), ("size", opt(Type::Int))]);
    let v = Value::object([("name", Value::from("a"))]);
    let got = convert(&v, &want).unwrap();
    assert_eq!(
        got,
        Value::object([
            ("name", Value::from("a")),
            ("size", Value::null(Type::Number))
        ])
    );
    let from_map = Value::map(Type::String, [("name", Value::from("a"))]).unwrap();
    assert_eq!(
        convert(&from_map, &want).unwrap().get_attr("size"),
        Some(Value::null(Type::Number))
    );
    let missing = Value::object([("size", Value::from(1))]);
    assert_eq!(
        convert(&missing, &want).unwrap_err().to_string(),
        "attribute \"name\" is required"
    );
    let bad = Value::object([("name", Value::from("a")), ("size", Value::from("x"))]);
    let e = convert(&bad, &want).unwrap_err();
    assert_eq!(
        (e.to_string(), e.path().to_string()),
        ("a whole number is required".into(), ".size".into())
    );
}

#[test]
fn mismatch_messages() {
    let rows: Vec<(Type, Type, &str)> = vec![
        (
            out(Type::String),
            Type::String,
            "string required, but the value has the eventual type output(string), known only later",
        ),
        (
            list(prom(Type::Int)),
            list(Type::Number),
            "incorrect list element type: number required, but the value has the eventual type \
             promise(int), known only later",
        ),
        (Type::None, Type::Bool, "bool required, but the value is null"),
        (Type::Bool, Type::Int, "int required"),
        (Type::Bool, out(Type::Number), "number required"),
        (out(Type::Int), prom(Type::Int), "promise(int) required"),
        (
            union(&[Type::Bool, list(Type::Int)]),
            Type::map(Type::String),
            "map of string required, and no type this value may have (bool | list(int)) converts to it",
        ),
        (Type::Bool, union(&[Type::Int, list(Type::Int)]), "union(int, list(int)) required"),
        (
            obj(&[("id", out(Type::String))]),
            obj(&[("id", Type::String)]),
            "attribute \"id\": string required, but the value has the eventual type \
             output(string), known only later",
        ),
        (obj(&[]), obj(&[("a", opt(Type::Int))]), "incorrect object attributes"),
    ];
    for (got, want, message) in rows {
        assert_eq!(mismatch_message(&got, &want), message, "{got} to {want}");
    }
}

/// A collection type, a key type, the key when constant, and the result
/// type or the error's detail.
type IndexRow = (Type, Type, Option<Value>, Result<Type, &'static str>);

#[test]
fn traversal_table() {
    let o = obj(&[("id", out(Type::String)), ("tags", Type::map(Type::String))]);
    let attr_rows: Vec<(Type, &str, Result<Type, &str>)> =
        vec![
        (o.clone(), "id", Ok(out(Type::String))),
        (o.clone(), "arn", Err("This object does not have an attribute named \"arn\".")),
        (out(o.clone()), "tags", Ok(out(Type::map(Type::String)))),
        // A promise keeps the outputs inside it, as Pulumi's normal form does.
        (prom(o.clone()), "id", Ok(prom(out(Type::String)))),
        (opt(o.clone()), "id", Ok(opt(out(Type::String)))),
        (Type::Dynamic, "x", Ok(Type::Dynamic)),
        (Type::Int, "x", Err("Can't access attributes on a primitive-typed value (int).")),
        (Type::None, "x", Err("This value is null, so it does not have any attributes.")),
        (
            union(&[Type::Bool, Type::Int]),
            "x",
            Err("No type this value may have (bool | int) has an attribute named \"x\"."),
        ),
        (
            list(o.clone()),
            "id",
            Err("Can't access attributes on a list of objects. Did you mean to access attribute \
                 \"id\" for a specific element of the list, or across all elements of the list?"),
        ),
    ];
    for (ty, name, want) in attr_rows {
        let got = ty.traverse_attr(name);
        match want {
            Ok(t) => assert_eq!(got.unwrap(), t, "{ty}.{name}"),
            Err(detail) => assert_eq!(got.unwrap_err().detail(), detail, "{ty}.{name}"),
        }
    }
    let index_rows: Vec<IndexRow> = vec![
        (list(Type::Int), Type::Int, Some(Value::from(3)), Ok(Type::Int)),
        (list(Type::Int), out(Type::Int), None, Ok(Type::Int)),
        (
            list(Type::Int),
            Type::Bool,
            None,
            Err("The given key does not identify an element in this collection value: number required."),
        ),
        (
            list(Type::Int),
            Type::Number,
            Some(Value::number(Number::parse_literal("0.5").unwrap())),
            Err("The given key does not identify an element in this collection value: indexing a \
                 sequence requires a whole number, but the given index has a fractional part."),
        ),
        (Type::map(Type::Bool), Type::String, None, Ok(Type::Bool)),
        (o.clone(), Type::String, Some(Value::from("tags")), Ok(Type::map(Type::String))),
        (
            o.clone(),
            Type::String,
            None,
            Ok(union(&[out(Type::String), Type::map(Type::String)])),
        ),
        (
            o.clone(),
            Type::Int,
            Some(Value::from(0)),
            Err("The given key does not identify an element in this collection value. An object \
                 only supports looking up attributes by name, not by numeric index."),
        ),
        (
            Type::tuple(vec![]),
            Type::Int,
            None,
            Err("The given key does not identify an element in this collection value: the \
                 collection has no elements."),
        ),
        (Type::None, Type::Int, None, Err("This value is null, so it does not have any indices.")),
        (list(Type::Int), Type::None, None, Err("Can't use a null value as an indexing key.")),
        (Type::String, Type::Int, None, Err("This value does not have any indices.")),
        (out(Type::map(Type::Int)), Type::String, None, Ok(out(Type::Int))),
    ];
    for (ty, key_type, key, want) in index_rows {
        let got = ty.traverse_index(&key_type, key.as_ref());
        match want {
            Ok(t) => assert_eq!(got.unwrap(), t, "{ty}[{key_type}]"),
            Err(detail) => assert_eq!(got.unwrap_err().detail(), detail, "{ty}[{key_type}]"),
        }
    }
}
