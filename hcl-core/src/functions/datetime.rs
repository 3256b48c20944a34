//! Date and time functions: `formatdate` and `timeadd`.
//!
//! Timestamps are RFC 3339 strings such as `2017-11-22T00:00:00Z` or
//! `2024-02-29T18:30:00.25+05:30`, read as the reference reads them: a
//! four-digit year, two-digit month, day, minute and second, a one- or
//! two-digit hour, an optional fraction of a second (after `.` or `,`,
//! ignored in results), and `Z` or a numeric UTC offset. Only numeric
//! offsets exist: no time zone database is involved.
//!
//! The examples call the functions through [`stdlib`](super::stdlib).
//!
//! # `formatdate(format, time)`
//!
//! Renders a timestamp according to a format made of these sequences;
//! other letters are errors, other characters are copied, and text between
//! single quotes is copied literally (`''` is a quote):
//!
//! | sequence | result |
//! | --- | --- |
//! | `YY`, `YYYY` | the year modulo 100 in two digits; the year in at least four digits |
//! | `M`, `MM`, `MMM`, `MMMM` | the month: `1`, `01`, `Jan`, `January` |
//! | `D`, `DD` | the day of the month: `2`, `02` |
//! | `EEE`, `EEEE` | the day of the week: `Mon`, `Monday` |
//! | `h`, `hh` | the hour on the 24-hour clock: `3`, `03` |
//! | `H`, `HH` | the hour on the 12-hour clock: `3`, `03` |
//! | `AA`, `aa` | `AM` or `PM`; `am` or `pm` |
//! | `m`, `mm` | the minute: `4`, `04` |
//! | `s`, `ss` | the second: `5`, `05` |
//! | `ZZZZ`, `ZZZZZ` | the UTC offset: `-0700`, `-07:00` |
//! | `Z`, `ZZZ` | like `ZZZZZ` and `ZZZZ`, but `Z` and `UTC` for UTC |
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["formatdate"];
//! let s = Value::from;
//! let r = f.call(&[s("EEE, DD MMM YYYY hh:mm:ss ZZZ"), s("2017-11-22T08:09:10+05:30")]).unwrap();
//! assert_eq!(r, s("Wed, 22 Nov 2017 08:09:10 +0530"));
//! let r = f.call(&[s("h'h'mm aa"), s("2023-01-02T15:04:05Z")]).unwrap();
//! assert_eq!(r, s("15h04 pm"));
//! assert!(f.call(&[s("YYY"), s("2023-01-02T15:04:05Z")]).is_err());
//! assert!(f.call(&[s("YYYY"), s("2023-01-02")]).is_err());
//! ```
//!
//! # `timeadd(timestamp, duration)`
//!
//! Adds a duration to a timestamp and writes the result as RFC 3339 in the
//! timestamp's UTC offset, without fractions of a second. A duration is an
//! optionally signed sequence of numbers (with optional fractions), each
//! followed by a unit: `ns`, `us` (or `µs`), `ms`, `s`, `m` or `h`, such as
//! `"1h30m"` or `"-1.5h"`.
//!
//! ```
//! use hcl_core::functions::stdlib;
//! use hcl_core::value::Value;
//!
//! let f = &stdlib()["timeadd"];
//! let s = Value::from;
//! assert_eq!(f.call(&[s("2023-12-31T23:00:00Z"), s("1h30m")]).unwrap(), s("2024-01-01T00:30:00Z"));
//! assert_eq!(f.call(&[s("2024-03-01T00:00:00+01:00"), s("-24h")]).unwrap(), s("2024-02-29T00:00:00+01:00"));
//! assert!(f.call(&[s("2023-01-02T15:04:05Z"), s("1d")]).is_err());
//! ```

use super::string::string_arg;
use super::{Function, FunctionError, Functions, Parameter};
use crate::types::Type;
use crate::value::{go_quote, Value};

#[cfg(test)]
mod tests;

/// Registers `formatdate` and `timeadd`.
pub(crate) fn register(table: &mut Functions) {
    table.insert("formatdate".to_owned(), formatdate_function());
    table.insert("timeadd".to_owned(), timeadd_function());
}

const NANOS_PER_SECOND: i128 = 1_000_000_000;

/// An instant with the UTC offset it was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Time {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    nanos: i128,
    /// The UTC offset in seconds.
    offset: i64,
}

/// The fields of a time in its own offset.
struct Civil {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
    /// 0 for Sunday.
    weekday: u32,
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(month: u32, year: i64) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Time {
    fn civil(&self) -> Civil {
        let local = self.nanos.div_euclid(NANOS_PER_SECOND) + i128::from(self.offset);
        let local = i64::try_from(local).unwrap_or(0);
        let days = local.div_euclid(86_400);
        let secs = u32::try_from(local.rem_euclid(86_400)).unwrap_or(0);
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: secs / 3600,
            minute: secs / 60 % 60,
            second: secs % 60,
            weekday: u32::try_from((days + 4).rem_euclid(7)).unwrap_or(0),
        }
    }

    /// The offset as `+hh:mm` (`colon`) or `+hhmm`.
    fn offset_text(&self, colon: bool) -> String {
        let minutes = self.offset / 60;
        let sign = if minutes < 0 { '-' } else { '+' };
        let m = minutes.unsigned_abs();
        if colon {
            format!("{sign}{:02}:{:02}", m / 60, m % 60)
        } else {
            format!("{sign}{:02}{:02}", m / 60, m % 60)
        }
    }

    /// RFC 3339 without fractions of a second.
    fn rfc3339(&self) -> String {
        let c = self.civil();
        let year = if c.year < 0 {
            format!("-{:04}", c.year.unsigned_abs())
        } else {
            format!("{:04}", c.year)
        };
        let zone = if self.offset == 0 {
            "Z".to_owned()
        } else {
            self.offset_text(true)
        };
        format!(
            "{year}-{:02}-{:02}T{:02}:{:02}:{:02}{zone}",
            c.month, c.day, c.hour, c.minute, c.second
        )
    }
}

/// Why a timestamp could not be read, in the terms of the reference's
/// parser: the part of the layout that failed, the rest of the input at
/// that point, and an extra message.
struct ParseError {
    layout_elem: &'static str,
    value_elem: String,
    message: String,
}

impl ParseError {
    fn new(layout_elem: &'static str, value: &str, message: impl Into<String>) -> Self {
        ParseError {
            layout_elem,
            value_elem: value.to_owned(),
            message: message.into(),
        }
    }

    /// The reference's wording of the error.
    fn describe(&self) -> String {
        const PREFIX: &str = "not a valid RFC3339 timestamp";
        if self.layout_elem.is_empty() && self.value_elem.is_empty() && !self.message.is_empty() {
            return format!("{PREFIX}{}", self.message);
        }
        let what = match self.layout_elem {
            "2006" => "year",
            "01" => "month",
            "02" => "day of month",
            "15" => "hour",
            "04" => "minute",
            "05" => "second",
            "Z07:00" => "UTC offset",
            "T" => return format!("{PREFIX}: missing required time introducer 'T'"),
            ":" | "-" => {
                return if self.value_elem.is_empty() {
                    format!(
                        "{PREFIX}: end of string where {} is expected",
                        go_quote(self.layout_elem)
                    )
                } else {
                    format!(
                        "{PREFIX}: found {} where {} is expected",
                        go_quote(&self.value_elem),
                        go_quote(self.layout_elem)
                    )
                };
            }
            _ => "timestamp segment",
        };
        if self.value_elem.is_empty() {
            format!("{PREFIX}: end of string before {what}")
        } else {
            format!(
                "{PREFIX}: cannot use {} as {what}",
                go_quote(&self.value_elem)
            )
        }
    }
}

fn is_digit(s: &str, i: usize) -> bool {
    s.as_bytes().get(i).is_some_and(u8::is_ascii_digit)
}

/// One or (if `fixed`, exactly) two leading digits.
fn get_num(s: &str, fixed: bool) -> Option<(u32, &str)> {
    match *s.as_bytes() {
        [d0 @ b'0'..=b'9', d1 @ b'0'..=b'9', ..] => Some((
            u32::from(d0 - b'0') * 10 + u32::from(d1 - b'0'),
            s.get(2..)?,
        )),
        [d0 @ b'0'..=b'9', ..] if !fixed => Some((u32::from(d0 - b'0'), s.get(1..)?)),
        _ => None,
    }
}

/// Consumes a literal separator of the layout.
fn skip<'a>(value: &'a str, sep: &'static str) -> Result<&'a str, ParseError> {
    value
        .strip_prefix(sep)
        .ok_or_else(|| ParseError::new(sep, value, ""))
}

/// Reads an RFC 3339 timestamp as the reference does.
fn parse_timestamp(input: &str) -> Result<Time, ParseError> {
    let bad = |elem: &'static str, hold: &str| ParseError::new(elem, hold, "");
    let range = |elem: &'static str, rest: &str, what: &str| {
        ParseError::new(elem, rest, format!(": {what} out of range"))
    };

    // Year: four digits.
    let hold = input;
    if input.len() < 4 || !is_digit(input, 0) || !input.is_char_boundary(4) {
        return Err(bad("2006", hold));
    }
    let (year_text, mut value) = input.split_at(4);
    if !year_text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("2006", hold));
    }
    let year: i64 = year_text.parse().map_err(|_| bad("2006", hold))?;

    value = skip(value, "-")?;
    let hold = value;
    let (month, rest) = get_num(value, true).ok_or_else(|| bad("01", hold))?;
    if !(1..=12).contains(&month) {
        return Err(range("01", rest, "month"));
    }
    value = skip(rest, "-")?;
    let hold = value;
    let (day, rest) = get_num(value, true).ok_or_else(|| bad("02", hold))?;
    value = skip(rest, "T")?;
    let hold = value;
    let (hour, rest) = get_num(value, false).ok_or_else(|| bad("15", hold))?;
    if hour >= 24 {
        return Err(range("15", rest, "hour"));
    }
    value = skip(rest, ":")?;
    let hold = value;
    let (minute, rest) = get_num(value, true).ok_or_else(|| bad("04", hold))?;
    if minute >= 60 {
        return Err(range("04", rest, "minute"));
    }
    value = skip(rest, ":")?;
    let hold = value;
    let (second, mut rest) = get_num(value, true).ok_or_else(|| bad("05", hold))?;
    if second >= 60 {
        return Err(range("05", rest, "second"));
    }
    let mut nanos: i64 = 0;
    if let [b'.' | b',', frac @ ..] = rest.as_bytes() {
        let n = 1 + frac.iter().take_while(|c| c.is_ascii_digit()).count();
        // At most nine digits count; the rest are ignored.
        let digits = rest.get(1..n.min(10)).unwrap_or_default();
        if n > 1 {
            nanos = digits.parse().unwrap_or(0);
            for _ in digits.len()..9 {
                nanos *= 10;
            }
            rest = rest.get(n..).unwrap_or_default();
        }
    }
    value = rest;

    // The UTC offset: `Z` or `±hh:mm`.
    let hold = value;
    let offset = if let Some(rest) = value.strip_prefix('Z') {
        value = rest;
        0
    } else {
        let (&[sign_byte, h1, h2, b':', m1, m2], after) = (
            value
                .as_bytes()
                .first_chunk::<6>()
                .ok_or_else(|| bad("Z07:00", hold))?,
            value.get(6..).ok_or_else(|| bad("Z07:00", hold))?,
        ) else {
            return Err(bad("Z07:00", hold));
        };
        let two_digits = |x: u8, y: u8| match (x, y) {
            (b'0'..=b'9', b'0'..=b'9') => Some(u32::from(x - b'0') * 10 + u32::from(y - b'0')),
            _ => None,
        };
        let hh = two_digits(h1, h2).ok_or_else(|| bad("Z07:00", hold))?;
        let mm = two_digits(m1, m2).ok_or_else(|| bad("Z07:00", hold))?;
        value = after;
        if hh > 24 {
            return Err(range("Z07:00", value, "time zone offset hour"));
        }
        if mm > 60 {
            return Err(range("Z07:00", value, "time zone offset minute"));
        }
        let sign = match sign_byte {
            b'+' => 1,
            b'-' => -1,
            _ => return Err(bad("Z07:00", hold)),
        };
        sign * (i64::from(hh) * 3600 + i64::from(mm) * 60)
    };
    if !value.is_empty() {
        return Err(ParseError::new(
            "",
            value,
            format!(": extra text: {}", go_quote(value)),
        ));
    }
    if day < 1 || day > days_in_month(month, year) {
        return Err(ParseError::new("", "", ": day out of range"));
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + i64::from(hour) * 3600 + i64::from(minute) * 60 + i64::from(second)
        - offset;
    Ok(Time {
        nanos: i128::from(secs) * NANOS_PER_SECOND + i128::from(nanos),
        offset,
    })
}

/// A duration string quoted as the reference's time package quotes it.
fn quote_duration(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c.is_ascii() && c >= ' ' {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        } else {
            for b in c.encode_utf8(&mut [0u8; 4]).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    out.push('"');
    out
}

/// Reads a duration (`1h30m`, `-1.5s`) in nanoseconds, as the reference's
/// `time.ParseDuration`.
fn parse_duration(input: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", quote_duration(input));
    let mut s = input;
    let mut neg = false;
    if let Some(c) = s.chars().next().filter(|c| *c == '-' || *c == '+') {
        neg = c == '-';
        s = &s[1..];
    }
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut total: u64 = 0;
    while !s.is_empty() {
        let b = s.as_bytes();
        if !b.first().is_some_and(|c| *c == b'.' || c.is_ascii_digit()) {
            return Err(invalid());
        }
        // The whole part.
        let int_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let mut v: u64 = 0;
        for &d in b.iter().take(int_len) {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(d - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
        }
        s = &s[int_len..];
        let pre = int_len > 0;
        // The fraction.
        let mut frac: u64 = 0;
        let mut scale: f64 = 1.0;
        let mut post = false;
        if let Some(rest) = s.strip_prefix('.') {
            s = rest;
            let frac_len = s.bytes().take_while(u8::is_ascii_digit).count();
            let mut overflow = false;
            for d in s[..frac_len].bytes() {
                if overflow {
                    continue;
                }
                if frac > (LIMIT - 1) / 10 {
                    overflow = true;
                    continue;
                }
                let y = frac * 10 + u64::from(d - b'0');
                if y > LIMIT {
                    overflow = true;
                    continue;
                }
                frac = y;
                scale *= 10.0;
            }
            s = &s[frac_len..];
            post = frac_len > 0;
        }
        if !pre && !post {
            return Err(invalid());
        }
        // The unit.
        let unit_len = s
            .bytes()
            .take_while(|c| *c != b'.' && !c.is_ascii_digit())
            .count();
        if unit_len == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                quote_duration(input)
            ));
        }
        let unit_text = &s[..unit_len];
        s = &s[unit_len..];
        let unit: u64 = match unit_text {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    quote_duration(unit_text),
                    quote_duration(input)
                ))
            }
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if frac > 0 {
            // Computed in floating point, as the reference does.
            let f = (frac as f64 * (unit as f64 / scale)) as u64;
            v = v.saturating_add(f);
            if v > LIMIT {
                return Err(invalid());
            }
        }
        total = total.saturating_add(v);
        if total > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok(0i64.wrapping_sub_unsigned(total));
    }
    i64::try_from(total).map_err(|_| invalid())
}

fn timestamp_arg(args: &[Value], i: usize) -> Result<Result<Time, String>, FunctionError> {
    Ok(parse_timestamp(string_arg(args, i)?).map_err(|e| e.describe()))
}

fn timeadd_function() -> Function {
    Function::builder()
        .param(Parameter::new("timestamp", Type::String))
        .param(Parameter::new("duration", Type::String))
        .returns(Type::String)
        .description("Adds the duration represented by the given duration string to the given RFC 3339 timestamp string, returning another RFC 3339 timestamp.")
        .implementation(|args, _| {
            let t = timestamp_arg(args, 0)?.map_err(FunctionError::failed)?;
            let d = parse_duration(string_arg(args, 1)?).map_err(FunctionError::failed)?;
            let t = Time {
                nanos: t.nanos + i128::from(d),
                offset: t.offset,
            };
            Ok(Value::string(t.rfc3339()))
        })
        .build()
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// The tokens of a date format: quoted literals (with their quotes), runs
/// of one repeated letter, and runs of other characters.
fn date_format_tokens(format: &str) -> Vec<&str> {
    let b = format.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&first) = b.get(i) {
        let start = i;
        if first == b'\'' {
            if b.get(i + 1) == Some(&b'\'') {
                i += 2;
            } else {
                i += 1;
                loop {
                    match b.get(i) {
                        None => break,
                        Some(b'\'') if b.get(i + 1) == Some(&b'\'') => i += 2,
                        Some(b'\'') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
            }
        } else if first.is_ascii_alphabetic() {
            while b.get(i) == Some(&first) {
                i += 1;
            }
        } else {
            while b
                .get(i)
                .is_some_and(|c| *c != b'\'' && !c.is_ascii_alphabetic())
            {
                i += 1;
            }
        }
        // Every token ends before an ASCII byte or at the end, so on a
        // character boundary.
        tokens.push(format.get(start..i).unwrap_or_default());
    }
    tokens
}

fn formatdate_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("format", Type::String))
        .param(Parameter::new("time", Type::String))
        .returns(Type::String)
        .description("Formats a timestamp given in RFC 3339 syntax into another timestamp in some other machine-oriented time syntax, as described in the format string.")
        .implementation(|args, _| {
            let format = string_arg(args, 0)?;
            let t = timestamp_arg(args, 1)?.map_err(|e| FunctionError::arg(1, e))?;
            format_date(format, &t).map(Value::string).map_err(|e| FunctionError::arg(0, e))
        })
        .build()
}

fn format_date(format: &str, t: &Time) -> Result<String, String> {
    let c = t.civil();
    let mut out = String::new();
    for tok in date_format_tokens(format) {
        let bytes = tok.as_bytes();
        let Some(&first) = bytes.first() else {
            // Tokens are never empty.
            continue;
        };
        let n = bytes.len();
        let invalid = |why: &str| {
            if why.is_empty() {
                format!("invalid date format verb {}", go_quote(tok))
            } else {
                format!("invalid date format verb {}: {why}", go_quote(tok))
            }
        };
        if first == b'\'' {
            if n == 1 || bytes.last() != Some(&b'\'') {
                return Err("unterminated literal '".to_owned());
            }
            if n == 2 {
                out.push('\'');
            } else {
                // The quoted text, with doubled quotes made single.
                let inner = tok.get(1..n - 1).unwrap_or_default();
                let mut chars = inner.chars();
                while let Some(ch) = chars.next() {
                    out.push(ch);
                    if ch == '\'' {
                        chars.next();
                    }
                }
            }
            continue;
        }
        if !first.is_ascii_alphabetic() {
            out.push_str(tok);
            continue;
        }
        let two = |v: u32| format!("{v:02}");
        match (first, n) {
            (b'Y', 2) => out.push_str(&format!("{:02}", c.year % 100)),
            (b'Y', 4) => out.push_str(&format!("{:04}", c.year)),
            (b'Y', _) => return Err(invalid("year must either be \"YY\" or \"YYYY\"")),
            (b'M', 1) => out.push_str(&c.month.to_string()),
            (b'M', 2) => out.push_str(&two(c.month)),
            (b'M', 3 | 4) => {
                out.push_str(name_token(&MONTHS, (c.month as usize + 11) % 12, n));
            }
            (b'M', _) => return Err(invalid("month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
            (b'D', 1) => out.push_str(&c.day.to_string()),
            (b'D', 2) => out.push_str(&two(c.day)),
            (b'D', _) => return Err(invalid("day of month must either be \"D\" or \"DD\"")),
            (b'E', 3 | 4) => {
                out.push_str(name_token(&WEEKDAYS, c.weekday as usize % 7, n));
            }
            (b'E', _) => return Err(invalid("day of week must either be \"EEE\" or \"EEEE\"")),
            (b'h', 1) => out.push_str(&c.hour.to_string()),
            (b'h', 2) => out.push_str(&two(c.hour)),
            (b'h', _) => return Err(invalid("24-hour must either be \"h\" or \"hh\"")),
            (b'H', 1 | 2) => {
                let h = match c.hour % 12 {
                    0 => 12,
                    h => h,
                };
                out.push_str(&if n == 1 { h.to_string() } else { two(h) });
            }
            (b'H', _) => return Err(invalid("12-hour must either be \"H\" or \"HH\"")),
            (b'A' | b'a', 2) => {
                let pm = c.hour >= 12;
                out.push_str(match (first == b'A', pm) {
                    (true, false) => "AM",
                    (true, true) => "PM",
                    (false, false) => "am",
                    (false, true) => "pm",
                });
            }
            (b'A' | b'a', _) => {
                let l = char::from(first);
                return Err(invalid(&format!("must be \"{l}{l}\"")));
            }
            (b'm', 1) => out.push_str(&c.minute.to_string()),
            (b'm', 2) => out.push_str(&two(c.minute)),
            (b'm', _) => return Err(invalid("minute must either be \"m\" or \"mm\"")),
            (b's', 1) => out.push_str(&c.second.to_string()),
            (b's', 2) => out.push_str(&two(c.second)),
            (b's', _) => return Err(invalid("second must either be \"s\" or \"ss\"")),
            (b'Z', 1) => out.push_str(&if t.offset == 0 {
                "Z".to_owned()
            } else {
                t.offset_text(true)
            }),
            (b'Z', 3) => {
                let z = t.offset_text(false);
                out.push_str(if z == "+0000" { "UTC" } else { &z });
            }
            (b'Z', 4) => out.push_str(&t.offset_text(false)),
            (b'Z', 5) => out.push_str(&t.offset_text(true)),
            (b'Z', _) => return Err(invalid("timezone must be Z, ZZZZ, or ZZZZZ")),
            _ => return Err(invalid("")),
        }
    }
    Ok(out)
}

/// Entry `index` of a table of names, abbreviated to three letters when the
/// format token has three letters.
fn name_token(table: &'static [&'static str], index: usize, token_len: usize) -> &'static str {
    let name = table.get(index).copied().unwrap_or_default();
    if token_len == 3 {
        name.get(..3).unwrap_or(name)
    } else {
        name
    }
}
