use super::*;
use crate::value::{Number, Value};

fn s(v: &str) -> Value {
    Value::string(v)
}

fn n(v: i64) -> Value {
    Value::from(v)
}

fn list(ety: Type, elems: Vec<Value>) -> Value {
    Value::list(ety, elems).unwrap()
}

fn set(ety: Type, elems: Vec<Value>) -> Value {
    Value::set(ety, elems).unwrap()
}

fn obj(ty: &[(&str, Type)]) -> Type {
    Type::object(ty.iter().cloned())
}

fn conv_ok(v: &Value, ty: &Type) -> Value {
    match convert(v, ty) {
        Ok(r) => r,
        Err(e) => panic!("converting {v:?} to {ty}: {e} at {}", e.path()),
    }
}

/// The message and path of a failed conversion.
fn conv_err(v: &Value, ty: &Type) -> (String, String) {
    match convert(v, ty) {
        Ok(r) => panic!("converting {v:?} to {ty} gave {r:?}"),
        Err(e) => (e.to_string(), e.path().to_string()),
    }
}

#[test]
fn type_identity_and_names() {
    assert_eq!(Type::list(Type::String), Type::list(Type::String));
    assert_ne!(Type::list(Type::String), Type::set(Type::String));
    assert_ne!(obj(&[("a", Type::String)]), obj(&[("b", Type::String)]));
    assert_eq!(Type::tuple(vec![Type::Bool]).friendly_name(), "tuple");
    assert_eq!(
        Type::set(Type::map(Type::Number)).friendly_name(),
        "set of map of number"
    );
    assert_eq!(
        Type::map(Type::Dynamic).friendly_name_for_constraint(),
        "map of any single type"
    );
    assert_eq!(
        Type::list(Type::list(Type::Dynamic)).friendly_name_for_constraint(),
        "list of list of any single type"
    );
    let cap = CapsuleType::new("widget");
    assert_eq!(Type::Capsule(cap.clone()).friendly_name(), "widget");
    assert_eq!(Type::Capsule(cap.clone()), Type::Capsule(cap));
}

#[test]
fn type_display_and_json() {
    let ty = Type::tuple(vec![
        Type::Dynamic,
        obj(&[("b c", Type::Bool), ("a", Type::map(Type::Number))]),
    ]);
    assert_eq!(
        ty.to_string(),
        "tuple([any,object({a=map(number),\"b c\"=bool})])"
    );
    assert_eq!(
        ty.to_json(),
        r#"["tuple",["dynamic",["object",{"a":["map","number"],"b c":"bool"}]]]"#
    );
    assert_eq!(Type::empty_object().to_json(), r#"["object",{}]"#);
}

#[test]
fn matches_type_specifications() {
    assert!(Type::Number.matches(&Type::Dynamic));
    assert!(!Type::Dynamic.matches(&Type::Number));
    assert!(Type::list(Type::Number).matches(&Type::list(Type::Dynamic)));
    assert!(!Type::set(Type::Number).matches(&Type::list(Type::Dynamic)));
    assert!(Type::tuple(vec![Type::Bool]).matches(&Type::tuple(vec![Type::Dynamic])));
    assert!(!Type::tuple(vec![Type::Bool]).matches(&Type::tuple(vec![])));
    assert!(obj(&[("a", Type::Bool)]).matches(&obj(&[("a", Type::Dynamic)])));
    assert!(!obj(&[("a", Type::Bool), ("b", Type::Bool)]).matches(&obj(&[("a", Type::Dynamic)])));
}

#[test]
fn primitive_conversions() {
    assert_eq!(conv_ok(&n(42), &Type::String), s("42"));
    let x = Value::number(Number::parse_literal("1.5").unwrap());
    assert_eq!(conv_ok(&x, &Type::String), s("1.5"));
    assert_eq!(conv_ok(&Value::from(true), &Type::String), s("true"));
    assert_eq!(conv_ok(&Value::from(false), &Type::String), s("false"));
    assert_eq!(conv_ok(&s("12"), &Type::Number), n(12));
    assert_eq!(conv_err(&s("x"), &Type::Number).0, "a number is required");
    for (text, b) in [("true", true), ("1", true), ("false", false), ("0", false)] {
        assert_eq!(conv_ok(&s(text), &Type::Bool), Value::from(b));
    }
    assert_eq!(
        conv_err(&s("True"), &Type::Bool).0,
        "a bool is required; to convert from string, use lowercase \"true\""
    );
    assert_eq!(
        conv_err(&s("FALSE"), &Type::Bool).0,
        "a bool is required; to convert from string, use lowercase \"false\""
    );
    assert_eq!(conv_err(&s("yes"), &Type::Bool).0, "a bool is required");
    assert_eq!(
        conv_err(&Value::from(true), &Type::Number).0,
        "number required"
    );
    assert_eq!(conv_err(&n(1), &Type::Bool).0, "bool required");
}

#[test]
fn safe_and_unsafe_availability() {
    assert!(get_conversion(&Type::Number, &Type::String).is_some());
    assert!(get_conversion(&Type::String, &Type::Number).is_none());
    assert!(get_conversion_unsafe(&Type::String, &Type::Number).is_some());
    // No conversion between identical primitive types, as in the reference.
    assert!(get_conversion(&Type::String, &Type::String).is_none());
    assert!(get_conversion(&Type::list(Type::Number), &Type::set(Type::Number)).is_none());
    assert!(get_conversion_unsafe(&Type::list(Type::Number), &Type::set(Type::Number)).is_some());
    assert!(get_conversion(&Type::set(Type::Number), &Type::list(Type::String)).is_some());
    assert!(get_conversion(&Type::map(Type::String), &obj(&[])).is_none());
    assert!(get_conversion_unsafe(&Type::map(Type::String), &obj(&[])).is_some());
    assert!(get_conversion(&Type::Dynamic, &Type::String).is_none());
    assert!(get_conversion(&Type::String, &Type::Dynamic).is_some());
    let cap = Type::Capsule(CapsuleType::new("c"));
    assert!(get_conversion_unsafe(&cap, &Type::String).is_none());
    assert!(get_conversion_unsafe(&Type::String, &cap).is_none());
    assert!(get_conversion_unsafe(&cap, &Type::Dynamic).is_some());
}

#[test]
fn nulls_and_unknowns_convert_to_the_wanted_type() {
    assert_eq!(
        conv_ok(&Value::null(Type::Dynamic), &Type::Number),
        Value::null(Type::Number)
    );
    assert_eq!(
        conv_ok(&Value::null(Type::String), &Type::Number),
        Value::null(Type::Number)
    );
    assert_eq!(
        conv_err(&Value::null(Type::String), &Type::list(Type::String)).0,
        "list of string required"
    );
    assert_eq!(
        conv_ok(&Value::unknown(Type::String), &Type::Bool),
        Value::unknown(Type::Bool)
    );
    assert_eq!(
        conv_ok(&Value::dynamic(), &Type::list(Type::String)),
        Value::unknown(Type::list(Type::String))
    );
    // Dynamic parts of the wanted type take the given value's types.
    let t = Type::tuple(vec![Type::Number, Type::String]);
    // A list from a tuple has as many elements as the tuple.
    assert_eq!(
        conv_ok(&Value::unknown(t.clone()), &Type::list(Type::Dynamic)),
        Value::unknown(Type::list(Type::String))
            .refine()
            .length(2)
            .build()
    );
    assert_eq!(
        conv_ok(
            &Value::null(obj(&[("a", Type::Bool)])),
            &obj(&[("a", Type::Dynamic)])
        ),
        Value::null(obj(&[("a", Type::Bool)]))
    );
    assert_eq!(
        conv_ok(
            &Value::unknown(Type::map(Type::Bool)),
            &Type::map(Type::Dynamic)
        ),
        Value::unknown(Type::map(Type::Bool))
    );
}

#[test]
fn conversion_to_dynamic_passes_through() {
    assert_eq!(conv_ok(&n(1), &Type::Dynamic), n(1));
    let t = Value::tuple(vec![n(1), s("a")]);
    assert_eq!(conv_ok(&t, &Type::Dynamic), t);
}

#[test]
fn list_and_set_conversions() {
    let l = list(Type::Number, vec![n(3), n(1), n(3)]);
    let st = conv_ok(&l, &Type::set(Type::Number));
    assert_eq!(st, set(Type::Number, vec![n(1), n(3)]));
    assert_eq!(st.elements().unwrap(), &[n(1), n(3)]);
    let back = conv_ok(&st, &Type::list(Type::String));
    assert_eq!(back, list(Type::String, vec![s("1"), s("3")]));
    assert_eq!(
        conv_ok(&l, &Type::list(Type::String)),
        list(Type::String, vec![s("3"), s("1"), s("3")])
    );
    let (msg, path) = conv_err(
        &list(Type::String, vec![s("1"), s("x")]),
        &Type::list(Type::Number),
    );
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", "[1]")
    );
    // A set whose unknowns make its length unknown becomes an unknown list
    // (of the set's own element type, as the reference does).
    let us = set(Type::Number, vec![n(1), Value::unknown(Type::Number)]);
    assert_eq!(
        conv_ok(&us, &Type::list(Type::String)),
        Value::unknown(Type::list(Type::Number))
    );
    // Empty collections to a dynamic element type keep their own.
    let empty = set(Type::String, vec![]);
    assert_eq!(
        conv_ok(&empty, &Type::list(Type::Dynamic)),
        list(Type::String, vec![])
    );
    assert_eq!(
        conv_err(&n(1), &Type::set(Type::Number)).0,
        "set of number required"
    );
    assert_eq!(
        conv_err(&list(Type::Bool, vec![]), &Type::list(Type::Number)).0,
        "incorrect list element type: number required"
    );
}

#[test]
fn map_conversions() {
    let m = Value::map(Type::Number, [("a", n(1))]).unwrap();
    assert_eq!(
        conv_ok(&m, &Type::map(Type::String)),
        Value::map(Type::String, [("a", s("1"))]).unwrap()
    );
    let (msg, path) = conv_err(
        &Value::map(Type::String, [("k", s("x"))]).unwrap(),
        &Type::map(Type::Number),
    );
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", "[\"k\"]")
    );
    assert_eq!(
        conv_err(&m, &Type::map(Type::Bool)).0,
        "incorrect map element type: bool required"
    );
}

#[test]
fn tuple_to_list_and_set() {
    let t = Value::tuple(vec![n(1), s("a")]);
    assert_eq!(
        conv_ok(&t, &Type::list(Type::Dynamic)),
        list(Type::String, vec![s("1"), s("a")])
    );
    let t2 = Value::tuple(vec![n(1), s("2")]);
    assert_eq!(
        conv_ok(&t2, &Type::list(Type::Number)),
        list(Type::Number, vec![n(1), n(2)])
    );
    let (msg, path) = conv_err(&Value::tuple(vec![n(1), s("x")]), &Type::list(Type::Number));
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", "[1]")
    );
    assert_eq!(
        conv_err(
            &Value::tuple(vec![n(1), Value::from(true)]),
            &Type::list(Type::Dynamic)
        )
        .0,
        "all list elements must have the same type"
    );
    assert_eq!(
        conv_err(
            &Value::tuple(vec![n(1), Value::from(true)]),
            &Type::set(Type::Dynamic)
        )
        .0,
        "all set elements must have the same type"
    );
    assert_eq!(
        conv_err(
            &Value::tuple(vec![n(1), Value::from(true)]),
            &Type::list(Type::Number)
        )
        .0,
        "element 1: number required"
    );
    let st = conv_ok(
        &Value::tuple(vec![s("b"), s("a"), s("b")]),
        &Type::set(Type::Dynamic),
    );
    assert_eq!(st.elements().unwrap(), &[s("a"), s("b")]);
    assert_eq!(
        conv_ok(&Value::empty_tuple(), &Type::list(Type::String)),
        list(Type::String, vec![])
    );
    assert_eq!(
        conv_ok(&Value::empty_tuple(), &Type::set(Type::Dynamic)),
        set(Type::Dynamic, vec![])
    );
    // Dynamic nulls in a tuple take the unified element type.
    let t3 = Value::tuple(vec![Value::null(Type::Dynamic), n(1)]);
    assert_eq!(
        conv_ok(&t3, &Type::list(Type::Dynamic)),
        list(Type::Number, vec![Value::null(Type::Number), n(1)])
    );
    // Elements are unified further when they are structures.
    let t4 = Value::tuple(vec![
        Value::object([("a", n(1))]),
        Value::object([("a", s("x"))]),
    ]);
    assert_eq!(
        conv_ok(&t4, &Type::list(Type::Dynamic)).ty(),
        &Type::list(obj(&[("a", Type::String)]))
    );
}

#[test]
fn object_and_map_conversions() {
    let o = Value::object([("a", n(1)), ("b", s("x"))]);
    assert_eq!(
        conv_ok(&o, &Type::map(Type::Dynamic)),
        Value::map(Type::String, [("a", s("1")), ("b", s("x"))]).unwrap()
    );
    assert_eq!(
        conv_err(
            &Value::object([("a", n(1)), ("b", Value::from(true))]),
            &Type::map(Type::Dynamic)
        )
        .0,
        "all map elements must have the same type"
    );
    assert_eq!(
        conv_err(
            &Value::object([("a", n(1)), ("b", Value::from(true))]),
            &Type::map(Type::Number)
        )
        .0,
        "element \"b\": number required"
    );
    assert_eq!(
        conv_ok(&Value::empty_object(), &Type::map(Type::Bool)),
        Value::map(Type::Bool, Vec::<(String, Value)>::new()).unwrap()
    );
    let m = Value::map(Type::String, [("a", s("1")), ("z", s("2"))]).unwrap();
    assert_eq!(
        conv_ok(&m, &obj(&[("a", Type::Number)])),
        Value::object([("a", n(1))])
    );
    let (msg, _) = conv_err(&m, &obj(&[("a", Type::Number), ("c", Type::String)]));
    assert_eq!(msg, "map has no element for required attribute \"c\"");
    let (msg, path) = conv_err(&m, &obj(&[("z", Type::Bool)]));
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a bool is required", "[\"z\"]")
    );
}

#[test]
fn object_to_object_conversions() {
    let o = Value::object([("a", n(1)), ("b", n(2))]);
    assert_eq!(
        conv_ok(&o, &obj(&[("a", Type::String)])),
        Value::object([("a", s("1"))])
    );
    assert_eq!(
        conv_err(&o, &obj(&[("c", Type::String)])).0,
        "attribute \"c\" is required"
    );
    assert_eq!(
        conv_err(&o, &obj(&[("c", Type::String), ("d", Type::String)])).0,
        "attributes \"c\" and \"d\" are required"
    );
    assert_eq!(
        conv_err(
            &o,
            &obj(&[("c", Type::String), ("d", Type::String), ("e", Type::Bool)])
        )
        .0,
        "attributes \"c\", \"d\", and \"e\" are required"
    );
    assert_eq!(
        conv_err(&o, &obj(&[("a", Type::Bool)])).0,
        "attribute \"a\": bool required"
    );
    let (msg, path) = conv_err(
        &Value::object([("a", s("x"))]),
        &obj(&[("a", Type::Number)]),
    );
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", ".a")
    );
    let nested = Value::object([("p", Value::tuple(vec![n(1), s("y")]))]);
    let (msg, path) = conv_err(&nested, &obj(&[("p", Type::list(Type::Number))]));
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", ".p[1]")
    );
}

#[test]
fn tuple_to_tuple_conversions() {
    let t = Value::tuple(vec![n(1), Value::from(true)]);
    assert_eq!(
        conv_ok(&t, &Type::tuple(vec![Type::String, Type::String])),
        Value::tuple(vec![s("1"), s("true")])
    );
    assert_eq!(
        conv_err(&t, &Type::tuple(vec![Type::String])).0,
        "tuple required"
    );
    let (msg, path) = conv_err(
        &Value::tuple(vec![s("1"), s("x")]),
        &Type::tuple(vec![Type::Number, Type::Number]),
    );
    assert_eq!(
        (msg.as_str(), path.as_str()),
        ("a number is required", "[1]")
    );
}

#[test]
fn dynamic_source_converts_by_actual_type() {
    let conv = get_conversion_unsafe(&Type::Dynamic, &Type::String).unwrap();
    assert_eq!(conv.apply(&n(5)).unwrap(), s("5"));
    assert_eq!(conv.apply(&Value::from(true)).unwrap(), s("true"));
    assert_eq!(
        conv.apply(&Value::dynamic()).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(
        conv.apply(&Value::empty_tuple()).unwrap_err().to_string(),
        "string required"
    );
    let conv = get_conversion_unsafe(&Type::Dynamic, &Type::list(Type::Number)).unwrap();
    let err = conv.apply(&Value::tuple(vec![n(1), s("x")])).unwrap_err();
    assert_eq!(
        (err.to_string(), err.path().to_string()),
        ("a number is required".to_string(), "[1]".to_string())
    );
}

#[test]
fn capsule_conversions() {
    let cap = CapsuleType::new("c");
    let v = Value::capsule(cap.clone(), std::sync::Arc::new(1u8));
    assert_eq!(conv_ok(&v, &Type::Capsule(cap)), v);
    assert_eq!(conv_err(&v, &Type::String).0, "string required");
    assert_eq!(conv_err(&s("x"), v.ty()).0, "c required");
}

fn unify_ty(types: &[Type]) -> Option<Type> {
    unify(types).map(|(t, _)| t)
}

fn unify_unsafe_ty(types: &[Type]) -> Option<Type> {
    unify_unsafe(types).map(|(t, _)| t)
}

#[test]
fn unify_primitives() {
    let (ty, convs) = unify(&[Type::Number, Type::String, Type::Bool]).unwrap();
    assert_eq!(ty, Type::String);
    assert_eq!(convs.len(), 3);
    assert!(convs[0].is_some() && convs[1].is_none() && convs[2].is_some());
    assert_eq!(
        convs[2]
            .as_ref()
            .unwrap()
            .apply(&Value::from(true))
            .unwrap(),
        s("true")
    );
    assert_eq!(unify_ty(&[Type::Number, Type::Number]), Some(Type::Number));
    assert_eq!(unify_ty(&[Type::Bool, Type::Number]), None);
    assert_eq!(unify_ty(&[]), None);
}

#[test]
fn unify_with_dynamic() {
    assert_eq!(
        unify_ty(&[Type::String, Type::Dynamic]),
        Some(Type::Dynamic)
    );
    assert_eq!(
        unify_unsafe_ty(&[Type::Dynamic, Type::String]),
        Some(Type::String)
    );
    assert_eq!(
        unify_ty(&[Type::Dynamic, Type::Dynamic]),
        Some(Type::Dynamic)
    );
    // Mixed with collections, the dynamic pseudo-type makes everything dynamic.
    let (ty, convs) = unify_unsafe(&[Type::list(Type::String), Type::Dynamic]).unwrap();
    assert_eq!(ty, Type::Dynamic);
    let l = list(Type::String, vec![s("a")]);
    assert_eq!(
        convs[0].as_ref().unwrap().apply(&l).unwrap(),
        Value::dynamic()
    );
    assert_eq!(
        unify_unsafe_ty(&[obj(&[("a", Type::Bool)]), Type::Dynamic]),
        Some(Type::Dynamic)
    );
    assert_eq!(
        unify_unsafe_ty(&[Type::tuple(vec![]), Type::Dynamic]),
        Some(Type::Dynamic)
    );
}

#[test]
fn unify_collections() {
    assert_eq!(
        unify_ty(&[Type::list(Type::Number), Type::list(Type::String)]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        unify_ty(&[Type::set(Type::Bool), Type::set(Type::String)]),
        Some(Type::set(Type::String))
    );
    assert_eq!(
        unify_ty(&[Type::map(Type::Number), Type::map(Type::Bool)]),
        None
    );
    // A list is preferred over a set.
    assert_eq!(
        unify_ty(&[Type::set(Type::String), Type::list(Type::String)]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        unify_ty(&[Type::list(Type::Dynamic), Type::list(Type::String)]),
        Some(Type::list(Type::Dynamic))
    );
}

#[test]
fn unify_objects() {
    let a = obj(&[("x", Type::Number)]);
    let b = obj(&[("x", Type::String)]);
    let (ty, convs) = unify(&[a.clone(), b.clone()]).unwrap();
    assert_eq!(ty, b);
    let converted = convs[0]
        .as_ref()
        .unwrap()
        .apply(&Value::object([("x", n(1))]))
        .unwrap();
    assert_eq!(converted, Value::object([("x", s("1"))]));
    // Different attribute names: a map of the unified attribute types.
    assert_eq!(
        unify_ty(&[a.clone(), obj(&[("y", Type::String)])]),
        Some(Type::map(Type::String))
    );
    assert_eq!(unify_ty(&[a.clone(), obj(&[("y", Type::Bool)])]), None);
    // Same names, attribute types that do not unify: no result.
    assert_eq!(unify_ty(&[a.clone(), obj(&[("x", Type::Bool)])]), None);
    assert_eq!(
        unify_ty(&[obj(&[]), a.clone()]),
        Some(Type::map(Type::Number))
    );
    assert_eq!(unify_ty(&[obj(&[]), obj(&[])]), Some(obj(&[])));
    // Objects with maps: a map, if the objects fit one.
    assert_eq!(
        unify_ty(&[Type::map(Type::String), a.clone()]),
        Some(Type::map(Type::String))
    );
    // An object and a tuple never unify.
    assert_eq!(unify_ty(&[a, Type::tuple(vec![])]), None);
}

#[test]
fn unify_tuples() {
    let t1 = Type::tuple(vec![Type::Number, Type::String]);
    let t2 = Type::tuple(vec![Type::String, Type::String]);
    assert_eq!(unify_ty(&[t1.clone(), t2.clone()]), Some(t2.clone()));
    let t3 = Type::tuple(vec![Type::Number]);
    assert_eq!(
        unify_ty(&[t3.clone(), Type::tuple(vec![Type::Number, Type::Number])]),
        Some(Type::list(Type::Number))
    );
    assert_eq!(
        unify_ty(&[
            Type::tuple(vec![Type::Bool]),
            Type::tuple(vec![Type::Number])
        ]),
        None
    );
    // Tuples with lists: a list.
    let (ty, convs) = unify(&[t3.clone(), Type::list(Type::String)]).unwrap();
    assert_eq!(ty, Type::list(Type::String));
    let out = convs[0]
        .as_ref()
        .unwrap()
        .apply(&Value::tuple(vec![n(5)]))
        .unwrap();
    assert_eq!(out, list(Type::String, vec![s("5")]));
    assert!(convs[1].is_none());
    // An empty tuple and a list: the list.
    assert_eq!(
        unify_ty(&[Type::empty_tuple(), Type::list(Type::String)]),
        Some(Type::list(Type::String))
    );
    // A tuple and a set: the set (by preference).
    assert_eq!(
        unify_unsafe_ty(&[Type::set(Type::String), t3]),
        Some(Type::set(Type::String))
    );
}

#[test]
fn unify_conditional_style() {
    // As conditionals unify their results.
    let (ty, convs) = unify_unsafe(&[Type::String, Type::Number]).unwrap();
    assert_eq!(ty, Type::String);
    assert_eq!(convs[1].as_ref().unwrap().apply(&n(3)).unwrap(), s("3"));
    let (ty, _) = unify_unsafe(&[
        Type::tuple(vec![Type::String]),
        Type::tuple(vec![Type::Number]),
    ])
    .unwrap();
    assert_eq!(ty, Type::tuple(vec![Type::String]));
}

#[test]
fn mismatch_messages() {
    assert_eq!(
        mismatch_message(&Type::Bool, &Type::Dynamic),
        "any type required"
    );
    assert_eq!(
        mismatch_message(&Type::list(Type::String), &Type::map(Type::String)),
        "map of string required"
    );
    assert_eq!(
        mismatch_message(&Type::tuple(vec![Type::Bool]), &Type::map(Type::String)),
        "map of string required"
    );
    assert_eq!(
        mismatch_message(
            &obj(&[("a", obj(&[("b", Type::Bool)]))]),
            &obj(&[("a", obj(&[("b", Type::list(Type::Bool))]))])
        ),
        "attribute \"a\": attribute \"b\": list of bool required"
    );
    // A failing unsafe conversion is reported before a missing safe one.
    assert_eq!(
        mismatch_message(
            &obj(&[("a", Type::String), ("b", Type::Bool)]),
            &obj(&[("a", Type::Number), ("b", Type::list(Type::Bool))])
        ),
        "attribute \"b\": list of bool required"
    );
    assert_eq!(
        mismatch_message(&obj(&[("a", Type::String)]), &obj(&[("a", Type::Number)])),
        "attribute \"a\": number required"
    );
}

#[test]
fn path_display() {
    let p = Path::from(vec![
        PathStep::GetAttr("a".into()),
        PathStep::Index(n(2)),
        PathStep::Index(s("k\"")),
        PathStep::Index(Value::from(true)),
    ]);
    assert_eq!(p.to_string(), ".a[2][\"k\\\"\"][?]");
}

/// The preference order of unification, worked out per distinct type, is
/// the reference's pairwise sort of every given type (the order in which
/// distinct types first appear in it), on lists with many repeats.
#[test]
fn preference_order_matches_the_pairwise_sort() {
    use proptest::prelude::*;
    let pool = vec![
        Type::Dynamic,
        Type::String,
        Type::Number,
        Type::Bool,
        Type::list(Type::Number),
        Type::list(Type::String),
        Type::list(Type::Dynamic),
        Type::set(Type::String),
        Type::set(Type::Number),
        Type::map(Type::String),
        Type::map(Type::Number),
        Type::tuple(vec![Type::Number]),
        Type::tuple(vec![Type::String]),
        Type::tuple(vec![Type::String, Type::Number]),
        Type::tuple(vec![Type::Number, Type::String]),
        obj(&[("a", Type::String)]),
        obj(&[("a", Type::Number)]),
        obj(&[("a", Type::String), ("b", Type::Number)]),
        obj(&[("a", Type::Number), ("b", Type::String)]),
    ];
    let first_appearances = |types: &[Type], order: Vec<usize>| {
        let mut out: Vec<Type> = Vec::new();
        for i in order {
            let t = types[i].clone();
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    };
    let strategy = prop::collection::vec(0..pool.len(), 1..24);
    proptest!(ProptestConfig::with_cases(2000), |(picks in strategy)| {
        let types: Vec<Type> = picks.iter().map(|&i| pool[i].clone()).collect();
        let want = first_appearances(&types, super::unify::sort_types_quadratic(&types));
        prop_assert_eq!(super::unify::preference_order(&types), want);
    });
}

/// Unifying many types takes time linear in their number: a hundred
/// thousand numbers and strings unify at once (the reference's pairwise
/// sort would compare five billion pairs).
#[test]
fn unifying_many_types_is_linear() {
    let mut types = vec![Type::Number; 100_000];
    types.extend(vec![Type::Bool; 1000]);
    assert!(unify(&types).is_none());
    types.truncate(100_000);
    types.push(Type::String);
    let (ty, convs) = unify(&types).unwrap();
    assert_eq!(ty, Type::String);
    assert_eq!(convs.len(), 100_001);
    assert!(convs[0].is_some() && convs[100_000].is_none());
}

#[test]
fn unknowns_convert_with_what_is_known_of_them() {
    let not_null = |ty: Type| Value::unknown(ty).refine_not_null();
    // Not null stays not null.
    assert_eq!(
        conv_ok(&not_null(Type::Number), &Type::String),
        not_null(Type::String)
    );
    // A map from an object has as many elements as it has attributes.
    let object = Type::object([("a", Type::String), ("b", Type::String)]);
    let map = conv_ok(&not_null(object), &Type::map(Type::String));
    assert_eq!(
        (
            map.range().length_lower_bound(),
            map.range().length_upper_bound()
        ),
        (2, 2)
    );
    // A set from a tuple has at least one and at most as many elements.
    let pair = Type::tuple(vec![Type::String, Type::String]);
    let set = conv_ok(&Value::unknown(pair.clone()), &Type::set(Type::String));
    assert_eq!(
        (
            set.range().length_lower_bound(),
            set.range().length_upper_bound()
        ),
        (1, 2)
    );
    // A not-null list from a tuple is a known list of unknowns.
    assert_eq!(
        conv_ok(&not_null(pair), &Type::list(Type::String)),
        Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap()
    );
    // A collection keeps its length bounds; a set, at least one element.
    let three_to_5 = Value::unknown(Type::list(Type::String))
        .refine()
        .length_lower_bound(3)
        .length_upper_bound(5)
        .build();
    let set = conv_ok(&three_to_5, &Type::set(Type::String));
    assert_eq!(
        (
            set.range().length_lower_bound(),
            set.range().length_upper_bound()
        ),
        (1, 5)
    );
    let list = conv_ok(&three_to_5, &Type::list(Type::Number));
    assert_eq!(
        (
            list.range().length_lower_bound(),
            list.range().length_upper_bound()
        ),
        (3, 5)
    );
}
