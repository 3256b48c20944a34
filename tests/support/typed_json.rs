//! The typed-JSON encoding of values used by the conformance cases
//! (`FORMAT.md`): `{"type": T, "value": V}`.

use hcl_core::{Number, Type, Value};
use serde_json::Value as Json;

/// Decodes `{"type": T, "value": V}` into a value.
pub fn decode(typed: &Json) -> Result<Value, String> {
    let ty = decode_type(&typed["type"])?;
    decode_value(&typed["value"], &ty)
}

fn decode_type(json: &Json) -> Result<Type, String> {
    match json {
        Json::String(s) => match s.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            other => Err(format!("unknown type {other:?}")),
        },
        Json::Array(parts) => match (parts.first().and_then(Json::as_str), parts.get(1)) {
            (Some("list"), Some(t)) => Ok(Type::list(decode_type(t)?)),
            (Some("set"), Some(t)) => Ok(Type::set(decode_type(t)?)),
            (Some("map"), Some(t)) => Ok(Type::map(decode_type(t)?)),
            (Some("object"), Some(Json::Object(attrs))) => {
                let attrs = attrs
                    .iter()
                    .map(|(k, t)| Ok((k.clone(), decode_type(t)?)))
                    .collect::<Result<Vec<_>, String>>()?;
                Ok(Type::object(attrs))
            }
            (Some("tuple"), Some(Json::Array(elems))) => Ok(Type::tuple(
                elems.iter().map(decode_type).collect::<Result<_, _>>()?,
            )),
            _ => Err(format!("bad type {json}")),
        },
        _ => Err(format!("bad type {json}")),
    }
}

fn decode_value(json: &Json, ty: &Type) -> Result<Value, String> {
    if json.is_null() {
        return Ok(Value::null(ty.clone()));
    }
    if json.get("$unknown").is_some() {
        return Ok(Value::unknown(ty.clone()));
    }
    let bad = || format!("value {json} does not fit type {ty}");
    match ty {
        Type::String => json.as_str().map(Value::string).ok_or_else(bad),
        Type::Bool => json.as_bool().map(Value::bool).ok_or_else(bad),
        Type::Number => {
            let text = json.as_str().ok_or_else(bad)?;
            let number = match text {
                "+Inf" => Some(Number::infinity()),
                "-Inf" => Some(Number::neg_infinity()),
                _ => Number::parse_str(text),
            };
            number.map(Value::number).ok_or_else(bad)
        }
        _ if ty.is_list() || ty.is_set() => {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let elems = json
                .as_array()
                .ok_or_else(bad)?
                .iter()
                .map(|e| decode_value(e, &ety))
                .collect::<Result<Vec<_>, _>>()?;
            let made = if ty.is_list() {
                Value::list(ety, elems)
            } else {
                Value::set(ety, elems)
            };
            made.map_err(|e| e.to_string())
        }
        _ if ty.is_map() => {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let entries = json
                .as_object()
                .ok_or_else(bad)?
                .iter()
                .map(|(k, v)| Ok((k.clone(), decode_value(v, &ety)?)))
                .collect::<Result<Vec<_>, String>>()?;
            Value::map(ety, entries).map_err(|e| e.to_string())
        }
        _ if ty.is_object() => {
            let obj = json.as_object().ok_or_else(bad)?;
            let attrs = ty
                .attribute_types()
                .ok_or_else(bad)?
                .iter()
                .map(|(k, t)| {
                    Ok((
                        k.clone(),
                        decode_value(obj.get(k).unwrap_or(&Json::Null), t)?,
                    ))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(Value::object(attrs))
        }
        _ if ty.is_tuple() => {
            let elems = json.as_array().ok_or_else(bad)?;
            let types = ty.tuple_element_types().ok_or_else(bad)?;
            Ok(Value::tuple(
                elems
                    .iter()
                    .zip(types)
                    .map(|(e, t)| decode_value(e, t))
                    .collect::<Result<_, _>>()?,
            ))
        }
        _ => Err(bad()),
    }
}
