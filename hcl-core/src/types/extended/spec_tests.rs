//! One test per rule sentence of `pulumi-model-extensions` (Pulumi's
//! `codegen/hcl2/model/spec.md`), named after the sentence. Sentences about
//! source text (integer literals) are tested with the checker in
//! `crate::check`.

use crate::types::{
    conversion_safety, convert, get_conversion_unsafe, unify, unify_unsafe, Safety, Type,
};
use crate::value::{Number, Value};

fn safety(from: &Type, to: &Type) -> Option<Safety> {
    conversion_safety(from, to)
}

fn unified(types: &[Type]) -> Type {
    match unify(types) {
        Some((ty, _)) => ty,
        None => panic!("{types:?} do not unify"),
    }
}

fn big_int(bits: u32) -> Value {
    let n = num_bigint::BigInt::from(1) << bits;
    Value::number(Number::from_bigint_exact(&(n + 1)))
}

// ## Primitive Types

#[test]
fn the_extended_type_system_adds_the_primitive_type_int() {
    assert!(Type::Int.is_extended());
    assert_eq!(Type::Int.to_string(), "int");
    assert_ne!(Type::Int, Type::Number);
    assert_eq!(Type::Int.value_type(), Type::Number);
}

#[test]
fn an_int_is_an_arbitrary_precision_integer_value() {
    let big = big_int(400);
    assert_eq!(convert(&big, &Type::Int).unwrap(), big);
    let err = convert(
        &Value::from(Number::parse_literal("2.5").unwrap()),
        &Type::Int,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "a whole number is required");
}

#[test]
fn an_implementation_must_make_the_full_precision_values_available_to_the_calling_application() {
    let big = big_int(300);
    let converted = convert(&big, &Type::Int).unwrap();
    let expected = (num_bigint::BigInt::from(1) << 300) + 1;
    assert_eq!(converted.as_number().unwrap().to_bigint(), Some(expected));
}

#[test]
fn integers_are_represented_with_at_least_256_bits() {
    let n = big_int(256);
    let text = convert(&n, &Type::String).unwrap();
    let back = convert(&text, &Type::Int).unwrap();
    assert_eq!(back, n);
    assert_eq!(
        back.as_number().unwrap().to_bigint(),
        Some((num_bigint::BigInt::from(1) << 256) + 1)
    );
}

#[test]
fn two_int_values_are_equal_if_they_are_numerically_equal() {
    let from_text = convert(&Value::from("42"), &Type::Int).unwrap();
    let from_number = convert(&Value::from(42), &Type::Int).unwrap();
    assert_eq!(from_text, from_number);
    assert_eq!(from_text.equals(&Value::from(42)), Value::from(true));
}

// ## Structural Types

#[test]
fn the_extended_type_system_adds_the_structural_type_kind_union() {
    let u = Type::union([Type::Bool, Type::Int]);
    assert!(u.is_union());
    assert_eq!(u.to_string(), "union(bool, int)");
    assert_eq!(u.union_members(), Some(&[Type::Bool, Type::Int][..]));
}

#[test]
fn a_union_type_is_constructed_of_a_set_of_types() {
    let a = Type::union([Type::String, Type::Int, Type::String]);
    let b = Type::union([Type::Int, Type::union([Type::String])]);
    assert_eq!(a, b);
    assert_eq!(a.union_members().map(<[Type]>::len), Some(2));
}

#[test]
fn a_union_type_is_assignable_from_any_type_that_is_assignable_to_one_of_its_element_types() {
    let u = Type::union([Type::Bool, Type::list(Type::String)]);
    assert_eq!(safety(&Type::Bool, &u), Some(Safety::Safe));
    assert!(safety(&Type::list(Type::Int), &u).is_some());
    assert!(safety(&Type::tuple(vec![Type::String]), &u).is_some());
    assert_eq!(safety(&Type::map(Type::Bool), &u), None);
}

#[test]
fn a_union_type_is_traversed_by_traversing_each_of_its_element_types() {
    let u = Type::union([
        Type::object([("id", Type::String)]),
        Type::object([("id", Type::Int)]),
    ]);
    assert_eq!(
        u.traverse_attr("id").unwrap(),
        Type::union([Type::Int, Type::String])
    );
}

#[test]
fn the_result_of_the_traversal_is_the_union_of_the_results_of_the_traversals_that_succeed() {
    let u = Type::union([Type::object([("id", Type::String)]), Type::Bool]);
    assert_eq!(u.traverse_attr("id").unwrap(), Type::String);
    let err = u.traverse_attr("name").unwrap_err();
    assert_eq!(err.code(), crate::Code::UnsupportedAttribute);
}

#[test]
fn traversing_a_union_with_an_element_type_of_none_results_in_none_for_it() {
    let opt = Type::optional(Type::map(Type::list(Type::String)));
    assert_eq!(
        opt.traverse_attr("x").unwrap(),
        Type::optional(Type::list(Type::String))
    );
    let index = opt.traverse_attr("x").unwrap();
    assert_eq!(
        index
            .traverse_index(&Type::Int, Some(&Value::from(0)))
            .unwrap(),
        Type::optional(Type::String)
    );
    // A union whose only traversable member is none cannot be traversed.
    assert!(Type::optional(Type::Bool).traverse_attr("x").is_err());
}

// ## Eventual Types

#[test]
fn the_extended_type_system_adds_two_eventual_type_kinds_promise_and_output() {
    let p = Type::promise(Type::String);
    let o = Type::output(Type::String);
    assert!(p.is_eventual() && p.is_promise());
    assert!(o.is_eventual() && o.is_output());
    assert_eq!(
        (p.to_string(), o.to_string()),
        ("promise(string)".into(), "output(string)".into())
    );
}

#[test]
fn eventual_types_track_which_values_are_available_promptly_and_which_are_not() {
    for eventual in [Type::promise(Type::String), Type::output(Type::String)] {
        assert_eq!(safety(&eventual, &Type::String), None);
        assert_eq!(safety(&Type::String, &eventual), Some(Safety::Safe));
    }
}

#[test]
fn a_promise_type_represents_an_eventual_value_with_no_additional_information() {
    let p = Type::promise(Type::Int);
    assert_eq!(p.eventual_element(), Some(&Type::Int));
    assert_eq!(p.value_type(), Type::Number);
    // A promise carries less than an output: an output is not a promise.
    assert_eq!(safety(&Type::output(Type::Int), &p), None);
}

#[test]
fn a_promise_type_is_assignable_from_itself_or_from_its_element_type() {
    let p = Type::promise(Type::String);
    assert_eq!(safety(&p, &p), Some(Safety::Safe));
    assert_eq!(safety(&Type::String, &p), Some(Safety::Safe));
}

#[test]
fn traversing_a_promise_type_returns_the_traversal_of_its_element_type_wrapped_in_a_promise() {
    let p = Type::promise(Type::object([("name", Type::String)]));
    assert_eq!(
        p.traverse_attr("name").unwrap(),
        Type::promise(Type::String)
    );
    assert!(p.traverse_attr("nope").is_err());
}

#[test]
fn an_output_type_represents_an_eventual_value_that_carries_additional_information() {
    let o = Type::output(Type::Bool);
    assert_eq!(o.eventual_element(), Some(&Type::Bool));
    // An output carries more than a promise: a promise becomes an output.
    assert_eq!(safety(&Type::promise(Type::Bool), &o), Some(Safety::Safe));
}

#[test]
fn an_output_type_is_assignable_from_itself_its_promise_type_or_its_element_type() {
    let o = Type::output(Type::list(Type::String));
    assert_eq!(safety(&o, &o), Some(Safety::Safe));
    assert_eq!(
        safety(&Type::promise(Type::list(Type::String)), &o),
        Some(Safety::Safe)
    );
    assert_eq!(safety(&Type::list(Type::String), &o), Some(Safety::Safe));
}

#[test]
fn traversing_an_output_type_returns_the_traversal_of_its_element_type_wrapped_in_an_output() {
    let o = Type::output(Type::list(Type::object([("id", Type::String)])));
    let first = o.traverse_index(&Type::Int, Some(&Value::from(0))).unwrap();
    assert_eq!(first, Type::output(Type::object([("id", Type::String)])));
    assert_eq!(
        first.traverse_attr("id").unwrap(),
        Type::output(Type::String)
    );
}

// ## Null values

#[test]
fn the_extended_type_system_includes_the_none_type_for_the_null_value() {
    assert!(Type::None.is_none());
    assert_eq!(Type::None.to_string(), "none");
    assert_eq!(
        convert(&Value::null(Type::Dynamic), &Type::None).unwrap(),
        Value::null(Type::Dynamic)
    );
}

#[test]
fn the_null_value_is_only_assignable_to_the_none_type() {
    for ty in [
        Type::String,
        Type::Int,
        Type::list(Type::Bool),
        Type::output(Type::String),
    ] {
        assert_eq!(safety(&Type::None, &ty), None, "none to {ty}");
    }
    assert_eq!(safety(&Type::None, &Type::None), Some(Safety::Safe));
    assert_eq!(safety(&Type::None, &Type::Dynamic), Some(Safety::Safe));
    assert_eq!(safety(&Type::String, &Type::None), None);
    assert!(convert(&Value::from("x"), &Type::None).is_err());
}

#[test]
fn optional_values_of_type_t_are_represented_by_the_type_union_t_none() {
    let opt = Type::optional(Type::String);
    assert_eq!(opt, Type::union([Type::String, Type::None]));
    assert_eq!(safety(&Type::None, &opt), Some(Safety::Safe));
    assert_eq!(safety(&Type::String, &opt), Some(Safety::Safe));
    assert_eq!(
        convert(&Value::null(Type::Dynamic), &opt).unwrap(),
        Value::null(Type::String)
    );
}

// ## Primitive Type Conversions

#[test]
fn bidirectional_conversions_are_available_between_string_and_int_and_number_and_int() {
    for other in [Type::String, Type::Number] {
        assert!(safety(&Type::Int, &other).is_some());
        assert!(safety(&other, &Type::Int).is_some());
    }
    assert_eq!(
        convert(&Value::from("17"), &Type::Int).unwrap(),
        Value::from(17)
    );
    let conv = get_conversion_unsafe(&Type::Int, &Type::String).unwrap();
    assert_eq!(conv.apply(&Value::from(17)).unwrap(), Value::from("17"));
}

#[test]
fn conversion_from_int_to_string_or_number_is_safe_while_the_converse_is_unsafe() {
    assert_eq!(safety(&Type::Int, &Type::String), Some(Safety::Safe));
    assert_eq!(safety(&Type::Int, &Type::Number), Some(Safety::Safe));
    assert_eq!(safety(&Type::String, &Type::Int), Some(Safety::Unsafe));
    assert_eq!(safety(&Type::Number, &Type::Int), Some(Safety::Unsafe));
    assert!(convert(&Value::from("seventeen"), &Type::Int).is_err());
}

// ## Collection and Structural Type Conversions

#[test]
fn conversion_from_t_to_a_union_is_permitted_if_t_converts_to_at_least_one_element_type() {
    let u = Type::union([Type::Bool, Type::Int]);
    assert!(safety(&Type::String, &u).is_some());
    assert_eq!(safety(&Type::list(Type::String), &u), None);
}

#[test]
fn if_t_converts_safely_to_at_least_one_element_type_the_conversion_to_the_union_is_safe() {
    let u = Type::union([Type::Bool, Type::String]);
    assert_eq!(safety(&Type::Number, &u), Some(Safety::Safe));
    assert_eq!(convert(&Value::from(5), &u).unwrap(), Value::from("5"));
}

#[test]
fn otherwise_the_conversion_to_the_union_is_unsafe() {
    let u = Type::union([Type::Bool, Type::Int]);
    assert_eq!(safety(&Type::String, &u), Some(Safety::Unsafe));
    // The value converts to the first member whose conversion succeeds.
    assert_eq!(
        convert(&Value::from("true"), &u).unwrap(),
        Value::from(true)
    );
    assert_eq!(convert(&Value::from("12"), &u).unwrap(), Value::from(12));
    assert_eq!(
        convert(&Value::from("1.5"), &u).unwrap_err().to_string(),
        "bool or int required"
    );
}

// ## Eventual Type Conversions

#[test]
fn conversion_to_a_promise_of_u_is_permitted_from_a_promise_of_v_convertible_to_u_or_from_t_convertible_to_u(
) {
    let want = Type::promise(Type::String);
    assert!(safety(&Type::promise(Type::Int), &want).is_some());
    assert!(safety(&Type::Bool, &want).is_some());
    assert_eq!(safety(&Type::promise(Type::list(Type::Bool)), &want), None);
    assert_eq!(safety(&Type::list(Type::Bool), &want), None);
}

#[test]
fn the_safety_of_the_conversion_to_a_promise_depends_on_the_conversion_from_v_or_t_to_u() {
    let want = Type::promise(Type::Int);
    assert_eq!(
        safety(&Type::promise(Type::String), &want),
        Some(Safety::Unsafe)
    );
    assert_eq!(safety(&Type::Number, &want), Some(Safety::Unsafe));
    let want = Type::promise(Type::Number);
    assert_eq!(safety(&Type::promise(Type::Int), &want), Some(Safety::Safe));
    assert_eq!(safety(&Type::Int, &want), Some(Safety::Safe));
}

#[test]
fn conversion_to_an_output_of_u_is_permitted_from_an_output_or_promise_of_v_convertible_to_u_or_from_t_convertible_to_u(
) {
    let want = Type::output(Type::String);
    assert!(safety(&Type::output(Type::Int), &want).is_some());
    assert!(safety(&Type::promise(Type::Int), &want).is_some());
    assert!(safety(&Type::Int, &want).is_some());
    assert_eq!(safety(&Type::output(Type::map(Type::Int)), &want), None);
}

#[test]
fn the_safety_of_the_conversion_to_an_output_depends_on_the_conversion_from_v_or_t_to_u() {
    let want = Type::output(Type::Int);
    assert_eq!(
        safety(&Type::output(Type::String), &want),
        Some(Safety::Unsafe)
    );
    assert_eq!(
        safety(&Type::promise(Type::Number), &want),
        Some(Safety::Unsafe)
    );
    assert_eq!(safety(&Type::String, &want), Some(Safety::Unsafe));
    let want = Type::output(Type::String);
    assert_eq!(safety(&Type::promise(Type::Int), &want), Some(Safety::Safe));
    // The value of an eventual type converts as its element would.
    assert_eq!(convert(&Value::from(3), &want).unwrap(), Value::from("3"));
}

// ## Type Unification

#[test]
fn the_int_type_unifies_with_number_by_preferring_number_and_with_string_by_preferring_string() {
    assert_eq!(unified(&[Type::Int, Type::Number]), Type::Number);
    assert_eq!(unified(&[Type::Number, Type::Int]), Type::Number);
    assert_eq!(unified(&[Type::Int, Type::String]), Type::String);
    let (_, convs) = unify(&[Type::Int, Type::String]).unwrap();
    assert_eq!(
        convs[0].as_ref().unwrap().apply(&Value::from(7)).unwrap(),
        Value::from("7")
    );
}

#[test]
fn two_union_types_unify_by_producing_a_union_of_the_elements_of_both() {
    let a = Type::union([Type::Bool, Type::Int]);
    let b = Type::union([Type::String, Type::list(Type::Int)]);
    assert_eq!(
        unified(&[a, b]),
        Type::union([Type::Bool, Type::Int, Type::String, Type::list(Type::Int)])
    );
}

#[test]
fn a_union_unifies_with_another_type_by_unifying_that_type_with_each_of_its_element_types() {
    let u = Type::union([Type::Int, Type::list(Type::Int)]);
    assert_eq!(
        unified(&[u, Type::Number]),
        Type::union([Type::Number, Type::list(Type::Int), Type::Number])
    );
    let u = Type::union([Type::Int, Type::list(Type::Int)]);
    assert_eq!(
        unified(&[Type::list(Type::Number), u]),
        Type::union([Type::Int, Type::list(Type::Number)])
    );
}

#[test]
fn a_promise_type_unifies_with_an_output_type_as_an_output_of_the_unified_element_types() {
    let p = Type::promise(Type::Int);
    let o = Type::output(Type::String);
    assert_eq!(unified(&[p.clone(), o.clone()]), Type::output(Type::String));
    assert_eq!(unified(&[o, p]), Type::output(Type::String));
}

#[test]
fn two_promise_types_unify_as_a_promise_of_the_unified_element_types() {
    let got = unified(&[Type::promise(Type::Int), Type::promise(Type::Number)]);
    assert_eq!(got, Type::promise(Type::Number));
}

/// The extension's text says "a new promise type" here; its previous
/// sentence and Pulumi's code (`OutputType.unify`) make it an output.
#[test]
fn two_output_types_unify_as_an_output_of_the_unified_element_types_as_pulumis_code_does() {
    let got = unified(&[Type::output(Type::Int), Type::output(Type::String)]);
    assert_eq!(got, Type::output(Type::String));
    let (ty, convs) = unify_unsafe(&[Type::output(Type::Int), Type::output(Type::Number)]).unwrap();
    assert_eq!(ty, Type::output(Type::Number));
    assert_eq!(
        convs[0].as_ref().unwrap().apply(&Value::from(1)).unwrap(),
        Value::from(1)
    );
}
