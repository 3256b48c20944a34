//! Text rendering of a diagnostic: header, location, source lines with a
//! caret underline, then the detail.
//!
//! What a file holds reaches a terminal here, so every text written is made
//! safe first: control characters are shown as visible symbols (as rustc
//! shows them) rather than sent raw, and a long line is cut to a window
//! around the subject, so that neither a hostile line nor a hostile number of
//! diagnostics on one line makes the output, or the time to write it, grow
//! with the line's length.

use std::fmt::{self, Write};

use unicode_segmentation::UnicodeSegmentation;

use super::Diagnostic;

/// The most source lines shown for one subject; longer subjects are cut with
/// an ellipsis line.
const MAX_SHOWN_LINES: u32 = 4;

/// Lines up to this many bytes are shown whole.
const MAX_WHOLE_LINE_BYTES: usize = 240;

/// Of a longer line, at most this many grapheme clusters are shown before
/// and after the highlighted part...
const CONTEXT_CLUSTERS: usize = 40;

/// ...and at most this many of the highlighted part itself.
const MAX_HIGHLIGHT_CLUSTERS: usize = 120;

/// The bytes a grapheme cluster is given when a window is cut out of a
/// long line: text beyond the window so measured is not looked at, so
/// that a line of wide characters (CJK, emoji sequences) shows fewer
/// clusters of context rather than taking longer.
const MAX_CLUSTER_BYTES: usize = 4;

/// How [`Diagnostic::render_with`] renders: the plain text of `Display`
/// by default.
///
/// # Examples
///
/// ```
/// use hcl_core::diagnostic::{RenderOptions, Styles};
///
/// let src = "locals {\n  x = 1 + \"q\"\n}\n";
/// let file = hcl_core::parse(src, "main.tf").unwrap();
/// let ctx = hcl_core::EvalContext::new();
/// let expr = &file.body.blocks[0].body.attributes[0].expr;
/// let (_, diags) = ctx.evaluate_with_diagnostics(expr, &file.source);
/// let diag = &diags.as_slice()[0];
/// let context = file.body.block_at(diag.subject.as_ref().unwrap().start.byte).map(|b| b.header());
/// let plain = diag.render_with(&RenderOptions { context: context.clone(), styles: None });
/// assert!(plain.contains("--> main.tf:2:11, in locals\n"), "{plain}");
/// let styled = diag.render_with(&RenderOptions { context, styles: Some(Styles::default()) });
/// assert!(styled.contains("\u{1b}["), "{styled}");
/// assert_eq!(diag.render_with(&RenderOptions::default()), diag.to_string());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// What the subject is in, shown after its location as the reference
    /// shows it (`--> main.tf:3:7, in resource "aws_instance" "web"`):
    /// for instance the [header](crate::ast::Block::header) of the block
    /// that [holds](crate::ast::Body::block_at) the subject's start.
    pub context: Option<String>,
    /// Styles (ANSI escape sequences) for the severity, the location and
    /// line numbers and the carets; `None` writes plain text. Whether a
    /// terminal shows them is for the caller to decide.
    pub styles: Option<Styles>,
}

/// The styles of a rendered diagnostic; the default is that of rustc:
/// errors bold red, warnings bold yellow, the summary bold, the location
/// and line numbers bold blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Styles {
    /// `Error` and the carets under an error's subject.
    pub error: anstyle::Style,
    /// `Warning` and the carets under a warning's subject.
    pub warning: anstyle::Style,
    /// The summary.
    pub summary: anstyle::Style,
    /// The `-->` arrow, the line numbers and the `|` gutter.
    pub gutter: anstyle::Style,
}

impl Default for Styles {
    fn default() -> Styles {
        let bold = anstyle::Style::new().bold();
        let color = |c: anstyle::AnsiColor| bold.fg_color(Some(anstyle::Color::Ansi(c)));
        Styles {
            error: color(anstyle::AnsiColor::BrightRed),
            warning: color(anstyle::AnsiColor::BrightYellow),
            summary: bold,
            gutter: color(anstyle::AnsiColor::BrightBlue),
        }
    }
}

/// Writes `text` in `style`, if any.
struct Paint<'a, T: fmt::Display>(Option<anstyle::Style>, &'a T);

impl<T: fmt::Display> fmt::Display for Paint<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(style) => write!(f, "{}{}{}", style.render(), self.1, style.render_reset()),
            None => write!(f, "{}", self.1),
        }
    }
}

pub(super) fn render(
    diag: &Diagnostic,
    options: &RenderOptions,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let styles = options.styles.as_ref();
    let severity_style = styles.map(|s| match diag.severity {
        super::Severity::Error => s.error,
        super::Severity::Warning => s.warning,
    });
    let gutter_style = styles.map(|s| s.gutter);
    writeln!(
        f,
        "{}{} {}",
        Paint(severity_style, &diag.severity),
        Paint(severity_style, &":"),
        Paint(styles.map(|s| s.summary), &Safe(&diag.summary))
    )?;
    if let Some(subject) = &diag.subject {
        let gutter = digits(subject.end.line.max(subject.start.line));
        pad(f, gutter + 1)?;
        write!(
            f,
            "{} {}:{}:{}",
            Paint(gutter_style, &"-->"),
            Safe(&subject.filename),
            subject.start.line,
            subject.start.column
        )?;
        if let Some(context) = &options.context {
            write!(f, ", in {}", Safe(context))?;
        }
        writeln!(f)?;
        if let Some(source) = &diag.source {
            pad(f, gutter)?;
            writeln!(f, " {}", Paint(gutter_style, &"|"))?;
            // A subject that ends at the start of a line, such as a line
            // break, ends with the line before.
            let (end_line, end_byte) =
                if subject.end.line > subject.start.line && subject.end.column == 1 {
                    (subject.end.line - 1, None)
                } else {
                    (subject.end.line, Some(subject.end.byte))
                };
            let last = end_line.min(subject.start.line.saturating_add(MAX_SHOWN_LINES - 1));
            for line in subject.start.line..=last {
                let Some((line_byte, text)) = source.line_with_start(line) else {
                    break;
                };
                let from = if line == subject.start.line {
                    subject.start.byte.saturating_sub(line_byte) as usize
                } else {
                    leading_blanks(text)
                };
                let to = match end_byte {
                    Some(byte) if line == end_line => byte.saturating_sub(line_byte) as usize,
                    _ => text.len(),
                };
                let shown = Shown::new(text, from, to);
                let number = format!("{line:>gutter$} |");
                write!(f, "{} ", Paint(gutter_style, &number))?;
                shown.write_text(f)?;
                pad(f, gutter)?;
                write!(f, " {} ", Paint(gutter_style, &"|"))?;
                shown.write_carets(f, severity_style)?;
            }
            if last < end_line {
                pad(f, gutter)?;
                writeln!(f, " {} ...", Paint(gutter_style, &"|"))?;
            }
        }
    }
    if !diag.detail.is_empty() {
        writeln!(f)?;
        writeln!(f, "{}", Safe(&diag.detail))?;
    }
    Ok(())
}

/// One source line as shown: the part of it that is written, as grapheme
/// clusters, and which of them are highlighted.
struct Shown<'a> {
    /// Whether text of the line comes before what is shown.
    cut_before: bool,
    /// The clusters shown.
    clusters: Vec<&'a str>,
    /// The highlighted clusters, by index; an empty range marks where a
    /// single caret goes (a subject at the end of a line, or an empty one).
    high: std::ops::Range<usize>,
    /// Whether text of the line comes after what is shown.
    cut_after: bool,
}

impl<'a> Shown<'a> {
    /// The window of `text` to show for the highlighted bytes `from..to`.
    fn new(text: &'a str, from: usize, to: usize) -> Self {
        let from = floor_boundary(text, from.min(text.len()));
        let to = floor_boundary(text, to.clamp(from, text.len()));
        if text.len() <= MAX_WHOLE_LINE_BYTES {
            return Shown::of_part(text, 0, from, to, text.len());
        }
        // Of a long line, look only at bytes near the highlight: a bounded
        // window, whatever the line's length.
        let budget = CONTEXT_CLUSTERS * MAX_CLUSTER_BYTES;
        let start = floor_boundary(text, from.saturating_sub(budget));
        let high_end = floor_boundary(
            text,
            to.min(from + MAX_HIGHLIGHT_CLUSTERS * MAX_CLUSTER_BYTES),
        );
        let end = floor_boundary(text, (high_end + budget).min(text.len()));
        let mut shown = Shown::of_part(text, start, from, high_end, end);
        // Keep the last clusters before the highlight, the first ones of it
        // and, unless it is cut, the first ones after it.
        let drop = shown.high.start.saturating_sub(CONTEXT_CLUSTERS);
        if drop > 0 {
            shown.clusters.drain(..drop);
            shown.high = shown.high.start - drop..shown.high.end - drop;
            shown.cut_before = true;
        }
        let cut_high = shown.high.len() > MAX_HIGHLIGHT_CLUSTERS || high_end < to;
        shown.high.end = shown.high.start + shown.high.len().min(MAX_HIGHLIGHT_CLUSTERS);
        let keep = if cut_high {
            shown.high.end
        } else {
            shown.high.end + CONTEXT_CLUSTERS
        };
        if keep < shown.clusters.len() {
            shown.clusters.truncate(keep);
            shown.cut_after = true;
        }
        shown
    }

    /// `text[start..end]` as clusters, those of the bytes `from..to`
    /// highlighted: a cluster that starts before `from` but runs past it
    /// counts as begun, as positions count it.
    fn of_part(text: &'a str, start: usize, from: usize, to: usize, end: usize) -> Self {
        let mut clusters = Vec::new();
        // The first and last highlighted clusters, or where an empty
        // highlight stands.
        let mut first = None;
        let mut last = 0;
        for (offset, cluster) in text
            .get(start..end)
            .unwrap_or_default()
            .grapheme_indices(true)
        {
            let at = start + offset;
            let index = clusters.len();
            if from == to {
                if at >= from && first.is_none() {
                    first = Some(index);
                    last = index;
                }
            } else if at < to && at + cluster.len() > from {
                first.get_or_insert(index);
                last = index + 1;
            }
            clusters.push(cluster);
        }
        let high = match first {
            Some(first) => first..last,
            None => clusters.len()..clusters.len(),
        };
        Shown {
            cut_before: start > 0,
            clusters,
            high,
            cut_after: end < text.len(),
        }
    }

    fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cut_before {
            f.write_str("...")?;
        }
        for cluster in &self.clusters {
            write_cluster(f, cluster)?;
        }
        if self.cut_after {
            f.write_str("...")?;
        }
        f.write_char('\n')
    }

    fn write_carets(
        &self,
        f: &mut fmt::Formatter<'_>,
        style: Option<anstyle::Style>,
    ) -> fmt::Result {
        let mut line = String::new();
        if self.cut_before {
            line.push_str("   ");
        }
        let width = |clusters: &[&str]| clusters.iter().map(|c| cluster_width(c)).sum::<usize>();
        let before = self.clusters.get(..self.high.start).map_or(0, width);
        let high = self.clusters.get(self.high.clone()).map_or(0, width);
        line.extend(std::iter::repeat_n(' ', before));
        f.write_str(&line)?;
        // At least one caret, even for an empty range at the end of input.
        let carets = "^".repeat(high.max(1));
        write!(f, "{}", Paint(style, &carets))?;
        f.write_char('\n')
    }
}

/// Writes one grapheme cluster of a source line as a terminal shows it
/// safely: a tab as a space (so that carets line up), a control character
/// as its visible symbol.
fn write_cluster(f: &mut fmt::Formatter<'_>, cluster: &str) -> fmt::Result {
    if cluster == "\t" {
        return f.write_char(' ');
    }
    let mut chars = cluster.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if is_unsafe(c) => write_escaped(f, c),
        _ => f.write_str(cluster),
    }
}

/// The columns a cluster takes as [`write_cluster`] writes it.
fn cluster_width(cluster: &str) -> usize {
    let mut chars = cluster.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if is_unsafe(c) => escaped_width(c),
        _ => 1,
    }
}

/// Characters that must not reach a terminal as they are: C0 and C1
/// controls and DEL, which can move the cursor or start an escape sequence,
/// and the bidirectional controls, which can make the text shown differ
/// from the text read.
fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A C0 control as its Unicode control picture (`␛` for ESC), DEL as `␡`,
/// any other unsafe character as `\u{…}`.
fn write_escaped(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    match u32::from(c) {
        code @ 0..=0x1f => f.write_char(char::from_u32(0x2400 + code).unwrap_or('\u{fffd}')),
        0x7f => f.write_char('\u{2421}'),
        code => write!(f, "\\u{{{code:x}}}"),
    }
}

fn escaped_width(c: char) -> usize {
    match u32::from(c) {
        0..=0x1f | 0x7f => 1,
        code => format!("\\u{{{code:x}}}").len(),
    }
}

/// Text from a diagnostic's summary, detail or file name, written with its
/// unsafe characters escaped; line breaks and tabs are kept.
struct Safe<'a>(&'a str);

impl fmt::Display for Safe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(|c: char| is_unsafe(c) && c != '\n' && c != '\t') {
            let (clean, tail) = rest.split_at(at);
            f.write_str(clean)?;
            let mut chars = tail.chars();
            if let Some(c) = chars.next() {
                write_escaped(f, c)?;
            }
            rest = chars.as_str();
        }
        f.write_str(rest)
    }
}

fn pad(f: &mut fmt::Formatter<'_>, width: usize) -> fmt::Result {
    for _ in 0..width {
        f.write_char(' ')?;
    }
    Ok(())
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn digits(n: u32) -> usize {
    n.max(1).ilog10() as usize + 1
}

fn leading_blanks(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

#[cfg(test)]
mod tests;
