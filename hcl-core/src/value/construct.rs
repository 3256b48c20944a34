//! Making values: one constructor for each kind, each checking what the
//! information model requires (element types, NFC strings).

use super::*;

impl Value {
    /// A string value, normalized to NFC.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::string("e\u{301}"), Value::string("\u{e9}"));
    /// ```
    pub fn string(s: impl AsRef<str>) -> Value {
        Value(Repr::String(Arc::from(
            normalize_string(s.as_ref()).as_ref(),
        )))
    }

    /// A number value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::{Number, Value};
    /// assert_eq!(Value::number(Number::from_i64(3)).as_number(), Some(&Number::from_i64(3)));
    /// ```
    pub fn number(n: Number) -> Value {
        Value(Repr::Number(Arc::new(n)))
    }

    /// A bool value.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::bool(true).as_bool(), Some(true));
    /// ```
    pub fn bool(b: bool) -> Value {
        Value(Repr::Bool(b))
    }

    /// The null value of a type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let v = Value::null(Type::String);
    /// assert!(v.is_null() && v.is_known());
    /// assert_eq!(v.ty(), &Type::String);
    /// ```
    ///
    /// Values never have an extended type: the type given is replaced by
    /// its [value type](Type::value_type).
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::null(Type::optional(Type::Int)).ty(), &Type::Number);
    /// ```
    pub fn null(ty: Type) -> Value {
        Value(Repr::Null(ty.into_value_type()))
    }

    /// The unknown value of a type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let v = Value::unknown(Type::Number);
    /// assert!(!v.is_known() && !v.is_null());
    /// assert_eq!(Value::unknown(Type::output(Type::Bool)).ty(), &Type::Bool);
    /// ```
    ///
    /// As for [`Value::null`], an extended type is replaced by its value
    /// type.
    pub fn unknown(ty: Type) -> Value {
        Value(Repr::Unknown(ty.into_value_type()))
    }

    /// The dynamic value: the unknown value of the dynamic pseudo-type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::dynamic(), Value::unknown(Type::Dynamic));
    /// ```
    pub fn dynamic() -> Value {
        Value(Repr::Unknown(Type::Dynamic))
    }

    /// A list of the given element type (its [value
    /// type](Type::value_type), if it is an extended type). Each element must
    /// have that type, except that a null or unknown of the dynamic
    /// pseudo-type becomes the null or unknown of the element type.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let l = Value::list(Type::String, vec![Value::string("a"), Value::dynamic()]).unwrap();
    /// assert_eq!(l.ty(), &Type::list(Type::String));
    /// assert_eq!(l.elements().unwrap()[1], Value::unknown(Type::String));
    /// assert!(Value::list(Type::String, vec![Value::from(true)]).is_err());
    /// ```
    pub fn list(element_type: Type, elements: Vec<Value>) -> Result<Value, ValueError> {
        let element_type = element_type.into_value_type();
        let elems = elements
            .into_iter()
            .enumerate()
            .map(|(i, v)| fit_element(&element_type, v, &format_args!("element {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Value(Repr::List(Arc::new(Seq::new(
            CollectionType::Given(Type::list(element_type)),
            elems,
        )))))
    }

    /// A list whose element type is the first element type that is not the
    /// dynamic pseudo-type (the dynamic pseudo-type when there is none, or
    /// no element).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let l = Value::list_infer(vec![Value::dynamic(), Value::from(1)]).unwrap();
    /// assert_eq!(l.ty(), &Type::list(Type::Number));
    /// ```
    pub fn list_infer(elements: Vec<Value>) -> Result<Value, ValueError> {
        let ety = infer_element_type(elements.iter().map(Value::ty));
        Value::list(ety, elements)
    }

    /// A set of the given element type: elements are checked as for
    /// [`Value::list`], duplicates (elements the language considers equal)
    /// are dropped, keeping the first, and the rest are put in the set's
    /// iteration order (see the `set` module notes: strings in byte order,
    /// numbers ascending, `false` before `true`, known before unknown before
    /// null).
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let s = Value::set(Type::Number, vec![Value::from(3), Value::from(1), Value::from(3)]).unwrap();
    /// assert_eq!(s.elements().unwrap(), &[Value::from(1), Value::from(3)]);
    /// ```
    pub fn set(element_type: Type, elements: Vec<Value>) -> Result<Value, ValueError> {
        let element_type = element_type.into_value_type();
        let elems = elements
            .into_iter()
            .enumerate()
            .map(|(i, v)| fit_element(&element_type, v, &format_args!("element {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let elems = set::build(&element_type, elems);
        Ok(Value(Repr::Set(Arc::new(Seq::new(
            CollectionType::Given(Type::set(element_type)),
            elems,
        )))))
    }

    /// A set whose element type is inferred as for [`Value::list_infer`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let s = Value::set_infer(vec![Value::from("b"), Value::from("a")]).unwrap();
    /// assert_eq!(s.ty(), &Type::set(Type::String));
    /// ```
    pub fn set_infer(elements: Vec<Value>) -> Result<Value, ValueError> {
        let ety = infer_element_type(elements.iter().map(Value::ty));
        Value::set(ety, elements)
    }

    /// A map of the given element type. Keys are NFC-normalized; of two
    /// entries with the same key the later wins. Elements are checked as for
    /// [`Value::list`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let m = Value::map(Type::Number, [("b", Value::from(2)), ("a", Value::from(1))]).unwrap();
    /// assert_eq!(m.index(&Value::from("a")), Some(Value::from(1)));
    /// assert_eq!(m.entries().unwrap()[0].0, "a");
    /// ```
    pub fn map<K, I>(element_type: Type, entries: I) -> Result<Value, ValueError>
    where
        K: AsRef<str>,
        I: IntoIterator<Item = (K, Value)>,
    {
        let element_type = element_type.into_value_type();
        let mut out = Vec::new();
        for (k, v) in entries {
            let key = normalize_string(k.as_ref()).into_owned();
            let v = fit_element(&element_type, v, &format_args!("element {key:?}"))?;
            out.push((key, v));
        }
        Ok(Value(Repr::Map(Arc::new(Entries::new(
            CollectionType::Given(Type::map(element_type)),
            sort_entries(out),
        )))))
    }

    /// A map whose element type is inferred as for [`Value::list_infer`].
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let m = Value::map_infer([("a", Value::from(true))]).unwrap();
    /// assert_eq!(m.ty(), &Type::map(Type::Bool));
    /// ```
    pub fn map_infer<K, I>(entries: I) -> Result<Value, ValueError>
    where
        K: AsRef<str>,
        I: IntoIterator<Item = (K, Value)>,
    {
        let entries: Vec<(K, Value)> = entries.into_iter().collect();
        let ety = infer_element_type(entries.iter().map(|(_, v)| v.ty()));
        Value::map(ety, entries)
    }

    /// An object with the given attributes; its type is made of the
    /// attribute values' types. Names are NFC-normalized; of two attributes
    /// with the same name the later wins.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let o = Value::object([("a", Value::null(Type::Number))]);
    /// assert_eq!(o.ty(), &Type::object([("a", Type::Number)]));
    /// ```
    pub fn object<K, I>(attrs: I) -> Value
    where
        K: AsRef<str>,
        I: IntoIterator<Item = (K, Value)>,
    {
        Value::object_of(
            attrs
                .into_iter()
                .map(|(k, v)| (k.as_ref().to_owned(), v))
                .collect(),
        )
    }

    /// [`Value::object`] of owned names, which it keeps where they are
    /// already NFC.
    pub(crate) fn object_of(mut attrs: Vec<(String, Value)>) -> Value {
        for (name, _) in &mut attrs {
            let normalized = match normalize_string(name) {
                Cow::Owned(n) => Some(n),
                Cow::Borrowed(_) => None,
            };
            if let Some(n) = normalized {
                *name = n;
            }
        }
        Value(Repr::Object(Arc::new(Entries::new(
            CollectionType::derived(),
            sort_entries(attrs),
        ))))
    }

    /// The object without attributes.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::empty_object().ty(), &Type::empty_object());
    /// ```
    pub fn empty_object() -> Value {
        Value::object(Vec::<(String, Value)>::new())
    }

    /// A tuple of the given elements; its type is made of their types.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// let t = Value::tuple(vec![Value::from(1), Value::from("a")]);
    /// assert_eq!(t.ty(), &Type::tuple(vec![Type::Number, Type::String]));
    /// ```
    pub fn tuple(elements: Vec<Value>) -> Value {
        Value(Repr::Tuple(Arc::new(Seq::new(
            CollectionType::derived(),
            elements,
        ))))
    }

    /// The tuple without elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::Type;
    /// use hcl_core::value::Value;
    /// assert_eq!(Value::empty_tuple().ty(), &Type::empty_tuple());
    /// ```
    pub fn empty_tuple() -> Value {
        Value::tuple(Vec::new())
    }

    /// A value of a capsule type carrying `payload`.
    ///
    /// # Examples
    ///
    /// ```
    /// use hcl_core::types::{CapsuleType, Type};
    /// use hcl_core::value::Value;
    /// use std::sync::Arc;
    /// let ty = CapsuleType::new("port");
    /// let v = Value::capsule(ty.clone(), Arc::new(8080u16));
    /// assert_eq!(v.ty(), &Type::Capsule(ty));
    /// assert_eq!(v.as_capsule().and_then(|p| p.downcast_ref::<u16>()), Some(&8080));
    /// ```
    pub fn capsule(ty: CapsuleType, payload: CapsulePayload) -> Value {
        Value(Repr::Capsule(Arc::new(Capsule {
            ty: Type::Capsule(ty),
            payload,
        })))
    }
}
