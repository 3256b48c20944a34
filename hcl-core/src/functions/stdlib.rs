//! The standard function library.

use super::Functions;

/// The standard functions, by name: numeric (`abs`, `ceil`, `floor`, `log`,
/// `max`, `min`, `parseint`, `pow`, `signum`), string (`chomp`, `format`,
/// `formatlist`, `indent`, `join`, `lower`, `regex`, `regexall`,
/// `replace`, `split`, `strrev`, `substr`, `title`, `trim`, `trimprefix`,
/// `trimspace`, `trimsuffix`, `upper`), collection (`chunklist`,
/// `coalesce`, `coalescelist`, `compact`, `concat`, `contains`,
/// `distinct`, `element`, `flatten`, `keys`, `length`, `lookup`, `merge`,
/// `range`, `reverse`, `setintersection`, `setproduct`, `setsubtract`,
/// `setsymmetricdifference`, `setunion`, `slice`, `sort`, `values`,
/// `zipmap`), encoding (`csvdecode`, `jsondecode`, `jsonencode`), date and
/// time (`formatdate`, `timeadd`), type conversion (`tobool`, `tolist`,
/// `tomap`, `tonumber`, `toset`, `tostring`) and error handling (`can`,
/// `try`).
///
/// Each family's module documents its functions with examples:
/// [`numeric`](super::numeric), [`string`](super::string),
/// [`format`](super::format), [`regex`](super::regex),
/// [`collection`](super::collection), [`sequence`](super::sequence),
/// [`mapping`](super::mapping), [`sets`](super::sets),
/// [`encoding`](super::encoding), [`datetime`](super::datetime),
/// [`conversion`](super::conversion) and [`try_can`](super::try_can).
///
/// # Examples
///
/// ```
/// use hcl_core::functions::stdlib;
/// use hcl_core::value::Value;
///
/// let table = stdlib();
/// let f = &table["abs"];
/// assert_eq!(f.call(&[Value::from(-3)]).unwrap(), Value::from(3));
/// assert!(table.contains_key("setproduct"));
/// ```
pub fn stdlib() -> Functions {
    let mut table = Functions::new();
    super::numeric::register(&mut table);
    super::collection::register(&mut table);
    super::sequence::register(&mut table);
    super::mapping::register(&mut table);
    super::sets::register(&mut table);
    super::conversion::register(&mut table);
    super::try_can::register(&mut table);
    super::string::register(&mut table);
    super::format::register(&mut table);
    super::regex::register(&mut table);
    super::encoding::register(&mut table);
    super::datetime::register(&mut table);
    table
}
