//! Comparing diagnostics with the reference's: count, then each one's
//! severity, summary, subject range and detail, in order.

use hcl_core::{Diagnostic, Range, Severity};
use serde_json::Value as Json;

use super::clip;
use super::context::Names;

/// `L:C-L:C (bytes B-B)`, or `none`.
fn show_range(range: Option<(u64, u64, u64, u64, u64, u64)>) -> String {
    match range {
        Some((l1, c1, b1, l2, c2, b2)) => format!("{l1}:{c1}-{l2}:{c2} (bytes {b1}-{b2})"),
        None => "none".to_owned(),
    }
}

type Span6 = (u64, u64, u64, u64, u64, u64);

fn ours_range(range: Option<&Range>) -> Option<Span6> {
    range.map(|r| {
        (
            u64::from(r.start.line),
            u64::from(r.start.column),
            u64::from(r.start.byte),
            u64::from(r.end.line),
            u64::from(r.end.column),
            u64::from(r.end.byte),
        )
    })
}

/// A RANGE of the cases as a tuple; `None` when absent.
pub fn theirs_range(range: &Json) -> Option<Span6> {
    if range.is_null() {
        return None;
    }
    let n = |pos: &str, f: &str| range[pos][f].as_u64().unwrap_or(u64::MAX);
    Some((
        n("start", "line"),
        n("start", "column"),
        n("start", "byte"),
        n("end", "line"),
        n("end", "column"),
        n("end", "byte"),
    ))
}

/// Compares one of our ranges with a RANGE of the cases.
pub fn compare_range(what: &str, ours: &Range, theirs: &Json) -> Result<(), String> {
    let (ours, theirs) = (ours_range(Some(ours)), theirs_range(theirs));
    if ours == theirs {
        Ok(())
    } else {
        Err(format!(
            "{what}: expected {}, got {}",
            show_range(theirs),
            show_range(ours)
        ))
    }
}

fn severity(d: &Diagnostic) -> &'static str {
    match d.severity {
        Severity::Error => "error",
        _ => "warning",
    }
}

/// One diagnostic in a line: `error "Summary" at 1:2-1:3 (bytes 1-2): detail`.
pub fn show_ours(d: &Diagnostic) -> String {
    format!(
        "{} {:?} at {}: {}",
        severity(d),
        d.summary,
        show_range(ours_range(d.subject.as_ref())),
        clip(&d.detail, 200)
    )
}

pub fn show_theirs(d: &Json) -> String {
    format!(
        "{} {} at {}: {}",
        d["severity"].as_str().unwrap_or("?"),
        d["summary"],
        show_range(theirs_range(&d["range"])),
        clip(d["detail"].as_str().unwrap_or_default(), 200)
    )
}

const DID_YOU_MEAN: &str = " Did you mean \"";

/// The text before and after the suggested name, and the name.
fn split_suggestion(detail: &str) -> Option<(&str, &str, &str)> {
    let at = detail.find(DID_YOU_MEAN)? + DID_YOU_MEAN.len();
    let rest = detail.get(at..)?;
    let end = rest.find("\"?")?;
    Some((detail.get(..at)?, rest.get(..end)?, rest.get(end..)?))
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The reference suggests whichever name within two edits it meets first
/// in a Go map (`FORMAT.md`), so for unknown functions and variables only
/// the shape is compared: the same text but the name, ours one of the
/// closest names of our table, theirs one within two edits of the unknown
/// name in it.
fn same_suggestion_shape(summary: &str, ours: &str, theirs: &str, names: &Names) -> bool {
    let pool = match summary {
        "Call to unknown function" => &names.functions,
        "Unknown variable" => &names.variables,
        _ => return false,
    };
    let (Some((o_head, o_name, o_tail)), Some((t_head, t_name, t_tail))) =
        (split_suggestion(ours), split_suggestion(theirs))
    else {
        return false;
    };
    if o_head != t_head || o_tail != t_tail {
        return false;
    }
    // The unknown name is the first quoted one of the detail.
    let Some(given) = o_head.split('"').nth(1) else {
        return false;
    };
    let distances: Vec<(usize, &str)> = pool
        .iter()
        .map(|n| (levenshtein(given, n), n.as_str()))
        .collect();
    let Some(best) = distances.iter().map(|(d, _)| *d).min() else {
        return false;
    };
    let ours_closest = distances.iter().any(|&(d, n)| d == best && n == o_name);
    let theirs_near = distances.iter().any(|&(d, n)| d < 3 && n == t_name);
    ours_closest && theirs_near
}

/// Compares our diagnostics with the reference's, in order; the error is
/// the first difference.
pub fn compare(
    where_: &str,
    ours: &[Diagnostic],
    theirs: &[Json],
    names: &Names,
) -> Result<(), String> {
    for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
        let at = format!("{where_}diagnostics[{i}]");
        let t_summary = t["summary"].as_str().unwrap_or_default();
        if severity(o) != t["severity"].as_str().unwrap_or_default() {
            return Err(format!(
                "{at}.severity: expected {}, got {}\n  expected: {}\n  got:      {}",
                t["severity"],
                severity(o),
                show_theirs(t),
                show_ours(o)
            ));
        }
        if o.summary != t_summary {
            return Err(format!(
                "{at}.summary: expected {t_summary:?}, got {:?}\n  expected: {}\n  got:      {}",
                o.summary,
                show_theirs(t),
                show_ours(o)
            ));
        }
        let range = (ours_range(o.subject.as_ref()), theirs_range(&t["range"]));
        if range.0 != range.1 {
            return Err(format!(
                "{at}.range ({t_summary:?}): expected {}, got {}\n  expected: {}\n  got:      {}",
                show_range(range.1),
                show_range(range.0),
                show_theirs(t),
                show_ours(o)
            ));
        }
        let t_detail = t["detail"].as_str().unwrap_or_default();
        if o.detail != t_detail && !same_suggestion_shape(t_summary, &o.detail, t_detail, names) {
            return Err(format!(
                "{at}.detail ({t_summary:?}):\n  expected: {t_detail:?}\n  got:      {:?}",
                o.detail
            ));
        }
    }
    if ours.len() != theirs.len() {
        let mut why = format!(
            "{where_}diagnostics: expected {} diagnostic(s), got {}",
            theirs.len(),
            ours.len()
        );
        if let Some(extra) = ours.get(theirs.len()) {
            why.push_str(&format!("\n  first extra:   {}", show_ours(extra)));
        }
        if let Some(missing) = theirs.get(ours.len()) {
            why.push_str(&format!("\n  first missing: {}", show_theirs(missing)));
        }
        return Err(why);
    }
    Ok(())
}
