//! Numeric functions: `abs`, `ceil`, `floor`, `log`, `max`, `min`,
//! `parseint`, `pow` and `signum`.
//!
//! Numbers keep their precision through these functions where the
//! reference keeps it (`abs`, `ceil`, `floor`, `max`, `min` return numbers
//! of their argument's precision); `pow` and `log` compute with 64-bit
//! floats and return numbers of 53 bits; `signum` returns a machine
//! integer (64 bits) and `parseint` an exact integer.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `abs(num)`
//!
//! The number without its sign.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::types::Type;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["abs"];
//! assert_eq!(f.call(&[Value::from(-3)]).unwrap(), Value::from(3));
//! // A value of unknown type is accepted: the result is an unknown number,
//! // never null.
//! assert_eq!(
//!     f.call(&[Value::dynamic()]).unwrap(),
//!     Value::unknown(Type::Number).refine_not_null()
//! );
//! ```
//!
//! # `ceil(num)` and `floor(num)`
//!
//! The nearest whole number not less (`ceil`) or not greater (`floor`)
//! than the argument; infinities are returned unchanged.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::{Number, Value};
//!
//! let table = stdlib();
//! let n = |s| Value::from(Number::parse_literal(s).unwrap());
//! assert_eq!(table["ceil"].call(&[n("1.2")]).unwrap(), Value::from(2));
//! assert_eq!(table["floor"].call(&[n("1.2")]).unwrap(), Value::from(1));
//! assert_eq!(table["floor"].call(&[n("-1.2")]).unwrap(), Value::from(-2));
//! ```
//!
//! # `log(num, base)`
//!
//! The logarithm of `num` to the given `base`, computed with 64-bit floats.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["log"];
//! assert_eq!(f.call(&[Value::from(8), Value::from(2)]).unwrap(), Value::from(3));
//! let r = f.call(&[Value::from(100), Value::from(2)]).unwrap();
//! assert_eq!(r.as_number().unwrap().to_string(), "6.643856189774725");
//! ```
//!
//! # `max(numbers...)` and `min(numbers...)`
//!
//! The greatest or least of one or more numbers; an error without any.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let table = stdlib();
//! let args = [Value::from(1), Value::from(7), Value::from(-3)];
//! assert_eq!(table["max"].call(&args).unwrap(), Value::from(7));
//! assert_eq!(table["min"].call(&args).unwrap(), Value::from(-3));
//! assert_eq!(
//!     table["max"].call(&[]).unwrap_err().to_string(),
//!     "must pass at least one number"
//! );
//! ```
//!
//! # `parseint(number, base)`
//!
//! Reads a string as a whole number written in `base`, from 2 to 62:
//! digits, then letters (case-insensitive up to base 36; beyond, `a`–`z`
//! are 10 to 35 and `A`–`Z` 36 to 61), with an optional sign.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["parseint"];
//! assert_eq!(f.call(&[Value::from("ff"), Value::from(16)]).unwrap(), Value::from(255));
//! assert_eq!(f.call(&[Value::from("-101"), Value::from(2)]).unwrap(), Value::from(-5));
//! let err = f.call(&[Value::from("9"), Value::from(8)]).unwrap_err();
//! assert_eq!(err.to_string(), "cannot parse \"9\" as a base 8 integer");
//! ```
//!
//! # `pow(num, power)`
//!
//! `num` raised to `power`, computed with 64-bit floats.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["pow"];
//! assert_eq!(f.call(&[Value::from(2), Value::from(10)]).unwrap(), Value::from(1024));
//! let r = f.call(&[Value::from(2), Value::from(-1)]).unwrap();
//! assert_eq!(r.as_number().unwrap().to_string(), "0.5");
//! ```
//!
//! # `signum(num)`
//!
//! -1, 0 or 1 according to the sign of a whole number (a number with a
//! fraction is an error, as in the reference).
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["signum"];
//! assert_eq!(f.call(&[Value::from(-5)]).unwrap(), Value::from(-1));
//! assert_eq!(f.call(&[Value::from(0)]).unwrap(), Value::from(0));
//! ```

use num_bigint::BigInt;
use num_traits::Num;

use super::float_math;
use super::limits::PARSEINT_MAX_DIGITS;
use super::support::{to_float, to_int};
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::Type;
use crate::value::{go_quote, Number, Value};

#[cfg(test)]
mod tests;

/// Adds the numeric functions to `table`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("abs".into(), abs());
    table.insert("ceil".into(), ceil());
    table.insert("floor".into(), floor());
    table.insert("log".into(), log());
    table.insert("max".into(), max());
    table.insert("min".into(), min());
    table.insert("parseint".into(), parseint());
    table.insert("pow".into(), pow());
    table.insert("signum".into(), signum());
}

/// The number of a known number argument.
fn number(v: &Value) -> Result<&Number, FunctionError> {
    v.as_number()
        .ok_or_else(|| FunctionError::failed("a number is required"))
}

/// A float result; NaN (which the reference cannot represent) is an error.
fn float_result(v: f64) -> Result<Value, FunctionError> {
    Number::from_f64(v)
        .map(Value::number)
        .ok_or_else(|| FunctionError::failed("the result is not a number (NaN)"))
}

fn abs() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "If the given number is negative then returns its positive equivalent, or \
             otherwise returns the given number unchanged.",
        )
        .param(Parameter::new("num", Type::Number).allow_dynamic_type())
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num] => Ok(Value::number(number(num)?.abs())),
            _ => Err(FunctionError::failed("abs takes one argument")),
        })
        .build()
}

fn ceil() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns the smallest whole number that is greater than or equal to the given \
             value.",
        )
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num] => Ok(Value::number(number(num)?.ceil())),
            _ => Err(FunctionError::failed("ceil takes one argument")),
        })
        .build()
}

fn floor() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns the greatest whole number that is less than or equal to the given value.",
        )
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num] => Ok(Value::number(number(num)?.floor())),
            _ => Err(FunctionError::failed("floor takes one argument")),
        })
        .build()
}

fn log() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns the logarithm of the given number in the given base.")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("base", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num, base] => {
                let num = to_float(num).map_err(FunctionError::failed)?;
                let base = to_float(base).map_err(FunctionError::failed)?;
                float_result(float_math::log(num) / float_math::log(base))
            }
            _ => Err(FunctionError::failed("log takes two arguments")),
        })
        .build()
}

fn pow() -> Function {
    Function::builder()
        .result_not_null()
        .description("Returns the given number raised to the given power (exponentiation).")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("power", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num, power] => {
                let num = to_float(num).map_err(FunctionError::failed)?;
                let power = to_float(power).map_err(FunctionError::failed)?;
                float_result(float_math::pow(num, power))
            }
            _ => Err(FunctionError::failed("pow takes two arguments")),
        })
        .build()
}

fn signum() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Returns 0 if the given number is zero, 1 if the given number is positive, or -1 \
             if the given number is negative.",
        )
        .param(Parameter::new("num", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| match args {
            [num] => {
                let n = to_int(num).map_err(FunctionError::failed)?;
                Ok(Value::from(n.signum()))
            }
            _ => Err(FunctionError::failed("signum takes one argument")),
        })
        .build()
}

/// `max` (`greatest`) or `min`: the first argument that beats all earlier
/// ones, starting from the opposite infinity.
fn extremum(greatest: bool) -> Function {
    let description = if greatest {
        "Returns the numerically greatest of all of the given numbers."
    } else {
        "Returns the numerically smallest of all of the given numbers."
    };
    Function::builder()
        .result_not_null()
        .description(description)
        .variadic(Parameter::new("numbers", Type::Number).allow_dynamic_type())
        .returns(Type::Number)
        .implementation(move |args, _| {
            if args.is_empty() {
                return Err(FunctionError::failed("must pass at least one number"));
            }
            let mut best = Value::number(if greatest {
                Number::neg_infinity()
            } else {
                Number::infinity()
            });
            for arg in args {
                let (n, b) = (number(arg)?, number(&best)?);
                let beats = if greatest { n > b } else { n < b };
                if beats {
                    best = arg.clone();
                }
            }
            Ok(best)
        })
        .build()
}

fn max() -> Function {
    extremum(true)
}

fn min() -> Function {
    extremum(false)
}

fn parseint() -> Function {
    Function::builder()
        .result_not_null()
        .description(
            "Parses the given string as a number of the given base, or raises an error if the \
             string contains invalid characters.",
        )
        .param(Parameter::new("number", Type::Dynamic))
        .param(Parameter::new("base", Type::Number))
        .returns_with(|args| match args.first() {
            Some(v) if v.ty() != &Type::String => Err(FunctionError::arg(
                0,
                format!(
                    "first argument must be a string, not {}",
                    v.ty().friendly_name()
                ),
            )),
            _ => Ok(Type::Number),
        })
        .implementation(|args, _| match args {
            [text, base] => {
                let text = text
                    .as_str()
                    .ok_or_else(|| FunctionError::arg(0, "a string is required"))?;
                let base = to_int(base).map_err(|e| FunctionError::arg(1, e))?;
                let base = u32::try_from(base)
                    .ok()
                    .filter(|b| (2..=62).contains(b))
                    .ok_or_else(|| {
                        FunctionError::arg(
                            1,
                            "base must be a whole number between 2 and 62 inclusive",
                        )
                    })?;
                if text.len() > PARSEINT_MAX_DIGITS {
                    return Err(FunctionError::arg(
                        0,
                        format!(
                            "the string is longer than the limit of {PARSEINT_MAX_DIGITS} \
                             characters for parseint"
                        ),
                    ));
                }
                let n = parse_integer(text, base).ok_or_else(|| {
                    FunctionError::arg(
                        0,
                        format!("cannot parse {} as a base {base} integer", go_quote(text)),
                    )
                })?;
                Ok(Value::number(Number::from_bigint_exact(&n)))
            }
            _ => Err(FunctionError::failed("parseint takes two arguments")),
        })
        .build()
}

/// Reads an integer in `base` (2 to 62): an optional sign, then at least
/// one digit. Up to base 36 letters are case-insensitive; above, lower-case
/// letters are 10 to 35 and upper-case ones 36 to 61. Nothing else (no
/// spaces, underscores or prefixes) is accepted.
fn parse_integer(text: &str, base: u32) -> Option<BigInt> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, text.get(1..)?),
        Some(b'+') => (false, text.get(1..)?),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let magnitude = if base <= 36 {
        if !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        BigInt::from_str_radix(digits, base).ok()?
    } else {
        let mut values = Vec::with_capacity(digits.len());
        for b in digits.bytes() {
            let d = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'z' => b - b'a' + 10,
                b'A'..=b'Z' => b - b'A' + 36,
                _ => return None,
            };
            if u32::from(d) >= base {
                return None;
            }
            values.push(d);
        }
        BigInt::from_radix_be(num_bigint::Sign::Plus, &values, base)?
    };
    Some(if negative { -magnitude } else { magnitude })
}
