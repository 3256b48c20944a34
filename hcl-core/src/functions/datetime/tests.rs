use super::{parse_duration, register};
use crate::functions::test_support::{null, s, unknown};
use crate::functions::{FunctionError, Functions};
use crate::types::Type;
use crate::value::Value;

fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let mut table = Functions::new();
    register(&mut table);
    table[name].call(args)
}

/// `(format, timestamp, expected)`.
#[track_caller]
fn formats(cases: &[(&str, &str, &str)]) {
    for (fmt, ts, want) in cases {
        match call("formatdate", &[s(fmt), s(ts)]) {
            Ok(got) => assert_eq!(got, s(want), "formatdate({fmt:?}, {ts:?})"),
            Err(e) => panic!("formatdate({fmt:?}, {ts:?}): unexpected error {e:?}"),
        }
    }
}

/// `(format, timestamp, argument at fault, expected message)`.
#[track_caller]
fn format_errors(cases: &[(&str, &str, usize, &str)]) {
    for (fmt, ts, arg, want) in cases {
        match call("formatdate", &[s(fmt), s(ts)]) {
            Err(FunctionError::Arg { index, message }) => {
                assert_eq!(
                    (index, message.as_str()),
                    (*arg, *want),
                    "formatdate({fmt:?}, {ts:?})"
                );
            }
            other => panic!("formatdate({fmt:?}, {ts:?}): expected an error, got {other:?}"),
        }
    }
}

/// `(timestamp, duration, expected)`.
#[track_caller]
fn adds(cases: &[(&str, &str, &str)]) {
    for (ts, d, want) in cases {
        match call("timeadd", &[s(ts), s(d)]) {
            Ok(got) => assert_eq!(got, s(want), "timeadd({ts:?}, {d:?})"),
            Err(e) => panic!("timeadd({ts:?}, {d:?}): unexpected error {e:?}"),
        }
    }
}

#[test]
fn formatdate() {
    formats(&[
        (
            "DD MMM YYYY hh:mm ZZZ",
            "2017-11-22T00:00:00Z",
            "22 Nov 2017 00:00 UTC",
        ),
        (
            "EEEE, DD-MMM-YY HH:mm:ss aa",
            "2023-01-02T15:04:05Z",
            "Monday, 02-Jan-23 03:04:05 pm",
        ),
        (
            "EEE, DD MMMM YYYY hh:mm:ss ZZZZ",
            "2017-11-22T08:09:10+05:30",
            "Wed, 22 November 2017 08:09:10 +0530",
        ),
        (
            "Z ZZZ ZZZZ ZZZZZ",
            "2017-11-22T08:09:10-08:00",
            "-08:00 -0800 -0800 -08:00",
        ),
        (
            "Z ZZZ ZZZZ ZZZZZ",
            "2017-11-22T08:09:10Z",
            "Z UTC +0000 +00:00",
        ),
        ("Z ZZZ", "2017-11-22T08:09:10-00:00", "Z UTC"),
        ("M/D/YY", "2020-06-05T00:00:00Z", "6/5/20"),
        ("YYYY", "0001-01-01T00:00:00Z", "0001"),
        ("YY", "2000-01-01T00:00:00Z", "00"),
        ("h:m:s", "2020-06-05T01:02:03Z", "1:2:3"),
        ("H AA aa", "2020-06-05T00:30:00Z", "12 AM am"),
        ("H AA", "2020-06-05T12:30:00Z", "12 PM"),
        ("HH AA", "2020-06-05T13:30:00Z", "01 PM"),
        ("EEEE", "1999-12-31T23:59:59Z", "Friday"),
        ("EEEE", "2024-02-29T00:00:00+05:30", "Thursday"),
        ("EEE", "1970-01-01T00:00:00Z", "Thu"),
        ("EEE", "1969-12-31T23:59:59Z", "Wed"),
        ("EEE D", "0000-03-01T00:00:00Z", "Wed 1"),
        // Quoting.
        ("'T'hh", "2023-01-02T15:04:05Z", "T15"),
        ("hh''mm", "2023-01-02T15:04:05Z", "15'04"),
        ("'o''clock' h", "2023-01-02T15:04:05Z", "o'clock 15"),
        ("'a''", "2023-01-02T15:04:05Z", "a'"),
        ("''", "2023-01-02T15:04:05Z", "'"),
        (
            "YYYY-MM-DD 'at' hh:mm, é!",
            "2023-01-02T15:04:05Z",
            "2023-01-02 at 15:04, é!",
        ),
        ("", "2023-01-02T15:04:05Z", ""),
        // One-digit hours, fractions with `.` or `,`, offsets up to 24h.
        ("hh:mm:ss", "2023-01-02T1:02:03Z", "01:02:03"),
        ("ss", "2023-01-02T15:04:05.123456789123Z", "05"),
        ("ss", "2023-01-02T15:04:05,5Z", "05"),
        ("ZZZZZ", "2023-01-02T15:04:05+24:00", "+24:00"),
    ]);
    format_errors(&[
        (
            "YYY",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"YYY\": year must either be \"YY\" or \"YYYY\"",
        ),
        (
            "MMMMM",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"MMMMM\": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"",
        ),
        (
            "DDD",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"DDD\": day of month must either be \"D\" or \"DD\"",
        ),
        (
            "EE",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"EE\": day of week must either be \"EEE\" or \"EEEE\"",
        ),
        (
            "hhh",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"hhh\": 24-hour must either be \"h\" or \"hh\"",
        ),
        (
            "HHH",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"HHH\": 12-hour must either be \"H\" or \"HH\"",
        ),
        (
            "A",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"A\": must be \"AA\"",
        ),
        (
            "aaa",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"aaa\": must be \"aa\"",
        ),
        (
            "mmm",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"mmm\": minute must either be \"m\" or \"mm\"",
        ),
        (
            "sss",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"sss\": second must either be \"s\" or \"ss\"",
        ),
        (
            "ZZ",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"ZZ\": timezone must be Z, ZZZZ, or ZZZZZ",
        ),
        (
            "YYYY-MM-DDThh",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"T\"",
        ),
        (
            "x",
            "2023-01-02T15:04:05Z",
            0,
            "invalid date format verb \"x\"",
        ),
        ("'abc", "2023-01-02T15:04:05Z", 0, "unterminated literal '"),
        ("hh '", "2023-01-02T15:04:05Z", 0, "unterminated literal '"),
        // The timestamp is checked first.
        (
            "YYY",
            "2023-01-02",
            1,
            "not a valid RFC3339 timestamp: missing required time introducer 'T'",
        ),
    ]);
    assert_eq!(
        call("formatdate", &[s("YYYY"), unknown(Type::String)]).unwrap(),
        unknown(Type::String).refine_not_null()
    );
    assert!(matches!(
        call(
            "formatdate",
            &[null(Type::String), s("2023-01-02T15:04:05Z")]
        ),
        Err(FunctionError::Arg { index: 0, .. })
    ));
}

#[test]
fn timestamp_errors() {
    let prefix = "not a valid RFC3339 timestamp: ";
    for (ts, want) in [
        ("2023-01-02", "missing required time introducer 'T'"),
        (
            "2023-01-02 15:04:05Z",
            "missing required time introducer 'T'",
        ),
        (
            "2023-01-02t15:04:05Z",
            "missing required time introducer 'T'",
        ),
        ("", "end of string before year"),
        (
            "99-01-02T15:04:05Z",
            "cannot use \"99-01-02T15:04:05Z\" as year",
        ),
        ("2023", "end of string where \"-\" is expected"),
        (
            "2023/01/02T15:04:05Z",
            "found \"/01/02T15:04:05Z\" where \"-\" is expected",
        ),
        (
            "2023-1-02T15:04:05Z",
            "cannot use \"1-02T15:04:05Z\" as month",
        ),
        (
            "2023-13-01T00:00:00Z",
            "cannot use \"-01T00:00:00Z\" as month",
        ),
        (
            "2023-00-01T00:00:00Z",
            "cannot use \"-01T00:00:00Z\" as month",
        ),
        (
            "2023-01-x2T00:00:00Z",
            "cannot use \"x2T00:00:00Z\" as day of month",
        ),
        ("2023-02-30T00:00:00Z", "day out of range"),
        ("2023-02-29T00:00:00Z", "day out of range"),
        ("2023-01-00T00:00:00Z", "day out of range"),
        ("2023-01-02T25:00:00Z", "cannot use \":00:00Z\" as hour"),
        ("2023-01-02T:00:00Z", "cannot use \":00:00Z\" as hour"),
        (
            "2023-01-02T15-04:05Z",
            "found \"-04:05Z\" where \":\" is expected",
        ),
        ("2023-01-02T15:4:05Z", "cannot use \"4:05Z\" as minute"),
        ("2023-01-02T15:60:05Z", "cannot use \":05Z\" as minute"),
        ("2023-01-02T15:04:60Z", "cannot use \"Z\" as second"),
        ("2023-01-02T15:04", "end of string where \":\" is expected"),
        ("2023-01-02T15:04:05", "end of string before UTC offset"),
        (
            "2023-01-02T15:04:05+0530",
            "cannot use \"+0530\" as UTC offset",
        ),
        ("2023-01-02T15:04:05z", "cannot use \"z\" as UTC offset"),
        (
            "2023-01-02T15:04:05 05:30",
            "cannot use \" 05:30\" as UTC offset",
        ),
        (
            "2023-01-02T15:04:05+25:00",
            "end of string before UTC offset",
        ),
        (
            "2023-01-02T15:04:05Zjunk",
            "cannot use \"junk\" as timestamp segment",
        ),
        ("2023-01-02T15:04:05.Z", "cannot use \".Z\" as UTC offset"),
        (
            "２０２３-01-02T15:04:05Z",
            "cannot use \"２０２３-01-02T15:04:05Z\" as year",
        ),
        (
            "2023-01-02T15:04:05+é:00",
            "cannot use \"+é:00\" as UTC offset",
        ),
    ] {
        match call("timeadd", &[s(ts), s("1s")]) {
            Err(FunctionError::Failed(m)) => assert_eq!(m, format!("{prefix}{want}"), "{ts:?}"),
            other => panic!("timeadd({ts:?}): expected a failure, got {other:?}"),
        }
        match call("formatdate", &[s("YYYY"), s(ts)]) {
            Err(FunctionError::Arg { index: 1, message }) => {
                assert_eq!(message, format!("{prefix}{want}"), "{ts:?}");
            }
            other => panic!("formatdate({ts:?}): expected an error, got {other:?}"),
        }
    }
}

#[test]
fn timeadd() {
    adds(&[
        ("2017-11-22T00:00:00Z", "10m", "2017-11-22T00:10:00Z"),
        ("2017-11-22T00:00:00Z", "-1h", "2017-11-21T23:00:00Z"),
        (
            "2024-02-28T23:00:00+05:30",
            "1h",
            "2024-02-29T00:00:00+05:30",
        ),
        ("2023-12-31T23:00:00Z", "2h", "2024-01-01T01:00:00Z"),
        ("2020-06-15T08:09:10.123Z", "45s", "2020-06-15T08:09:55Z"),
        ("2020-06-15T08:09:10.9Z", "100ms", "2020-06-15T08:09:11Z"),
        ("2020-06-15T08:09:10.5Z", "-600ms", "2020-06-15T08:09:09Z"),
        ("2020-06-15T08:09:10Z", "1.5h", "2020-06-15T09:39:10Z"),
        ("2020-06-15T08:09:10Z", "1h30m45s", "2020-06-15T09:39:55Z"),
        ("2020-06-15T08:09:10Z", "+5s", "2020-06-15T08:09:15Z"),
        ("2020-06-15T08:09:10Z", "-1.5h", "2020-06-15T06:39:10Z"),
        ("2020-06-15T08:09:10Z", "0", "2020-06-15T08:09:10Z"),
        ("2020-06-15T08:09:10Z", ".5s1.s", "2020-06-15T08:09:11Z"),
        (
            "2020-06-15T08:09:10Z",
            "1000000us1000ms",
            "2020-06-15T08:09:12Z",
        ),
        (
            "2020-06-15T08:09:10Z",
            "1\u{b5}s1\u{3bc}s1ns",
            "2020-06-15T08:09:10Z",
        ),
        ("2020-06-15T08:09:10-00:00", "1s", "2020-06-15T08:09:11Z"),
        ("9999-12-31T23:59:59Z", "1s", "10000-01-01T00:00:00Z"),
        ("0000-01-01T00:00:00Z", "-1s", "-0001-12-31T23:59:59Z"),
        ("2000-01-01T00:00:00Z", "2562047h", "2292-04-10T23:00:00Z"),
        (
            "2000-01-01T00:00:00+01:00",
            "-2562047h",
            "1707-09-22T01:00:00+01:00",
        ),
    ]);
    for (d, want) in [
        ("", "time: invalid duration \"\""),
        ("-", "time: invalid duration \"-\""),
        (".s", "time: invalid duration \".s\""),
        ("1h-1m", "time: unknown unit \"h-\" in duration \"1h-1m\""),
        ("1h.", "time: invalid duration \"1h.\""),
        ("1", "time: missing unit in duration \"1\""),
        ("1d", "time: unknown unit \"d\" in duration \"1d\""),
        (
            "1é",
            "time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"",
        ),
        ("2562048h", "time: invalid duration \"2562048h\""),
        (
            "9223372036854775808ns",
            "time: invalid duration \"9223372036854775808ns\"",
        ),
        (
            "99999999999999999999s",
            "time: invalid duration \"99999999999999999999s\"",
        ),
    ] {
        match call("timeadd", &[s("2020-06-15T08:09:10Z"), s(d)]) {
            Err(FunctionError::Failed(m)) => assert_eq!(m, want, "{d:?}"),
            other => panic!("timeadd({d:?}): expected a failure, got {other:?}"),
        }
    }
    assert_eq!(parse_duration("-9223372036854775808ns"), Ok(i64::MIN));
    assert_eq!(parse_duration("9223372036854775807ns"), Ok(i64::MAX));
    assert_eq!(parse_duration("0.1s"), Ok(100_000_000));
    assert_eq!(parse_duration("1.0000000001s"), Ok(1_000_000_000));
    assert_eq!(parse_duration("0.333333333333h"), Ok(1_199_999_999_998));
    assert_eq!(
        call(
            "timeadd",
            &[s("2020-06-15T08:09:10Z"), unknown(Type::String)]
        )
        .unwrap(),
        unknown(Type::String)
    );
}
