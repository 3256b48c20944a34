//! Text rendering of a diagnostic: header, location, source lines with a
//! caret underline, then the detail.

use std::fmt::{self, Write};

use super::Diagnostic;

/// The most source lines shown for one subject; longer subjects are cut with
/// an ellipsis line.
const MAX_SHOWN_LINES: u32 = 4;

pub(super) fn render(diag: &Diagnostic, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    writeln!(f, "{}: {}", diag.severity, diag.summary)?;
    if let Some(subject) = &diag.subject {
        let gutter = digits(subject.end.line.max(subject.start.line));
        writeln!(
            f,
            "{:gutter$}--> {}:{}:{}",
            "",
            subject.filename,
            subject.start.line,
            subject.start.column,
            gutter = gutter + 1
        )?;
        if let Some(source) = &diag.source {
            writeln!(f, "{:gutter$} |", "", gutter = gutter)?;
            let last = subject
                .end
                .line
                .min(subject.start.line + MAX_SHOWN_LINES - 1);
            for line in subject.start.line..=last {
                let Some(text) = source.line_text(line) else {
                    break;
                };
                writeln!(f, "{line:>gutter$} | {}", text.replace('\t', " "))?;
                let width = text.chars().count() as u32;
                let from = if line == subject.start.line {
                    subject.start.column - 1
                } else {
                    leading_spaces(text)
                };
                let to = if line == subject.end.line {
                    subject.end.column - 1
                } else {
                    width
                };
                // At least one caret, even for an empty range at the end of input.
                let carets = to.saturating_sub(from).max(1) as usize;
                let mut underline = String::with_capacity(from as usize + carets);
                let _ = write!(underline, "{:from$}", "", from = from as usize);
                underline.extend(std::iter::repeat_n('^', carets));
                writeln!(f, "{:gutter$} | {underline}", "", gutter = gutter)?;
            }
            if last < subject.end.line {
                writeln!(f, "{:gutter$} | ...", "", gutter = gutter)?;
            }
        }
    }
    if !diag.detail.is_empty() {
        writeln!(f)?;
        writeln!(f, "{}", diag.detail)?;
    }
    Ok(())
}

fn digits(n: u32) -> usize {
    n.max(1).ilog10() as usize + 1
}

fn leading_spaces(text: &str) -> u32 {
    text.chars().take_while(|c| *c == ' ' || *c == '\t').count() as u32
}

#[cfg(test)]
mod tests {
    use crate::{Diagnostic, SourceFile, Span};
    use std::sync::Arc;

    #[test]
    fn renders_header_location_line_caret_and_detail() {
        let file = Arc::new(SourceFile::new("main.tf", "a = 1\nnmae = \"x\"\n"));
        let diag = Diagnostic::error(
            "Unsupported argument",
            "An argument named \"nmae\" is not expected here. Did you mean \"name\"?",
        )
        .with_subject(&file, Span::new(6, 10));
        assert_eq!(
            diag.to_string(),
            "Error: Unsupported argument\n  \
             --> main.tf:2:1\n  \
             |\n\
             2 | nmae = \"x\"\n  \
             | ^^^^\n\
             \n\
             An argument named \"nmae\" is not expected here. Did you mean \"name\"?\n"
        );
    }

    #[test]
    fn empty_range_at_end_of_input_still_gets_a_caret() {
        let file = Arc::new(SourceFile::new("f.hcl", "a = "));
        let diag = Diagnostic::error("Invalid expression", "").with_subject(&file, Span::new(4, 4));
        assert!(diag.to_string().ends_with("1 | a = \n  |     ^\n"));
    }

    #[test]
    fn multi_line_subject_underlines_each_line() {
        let file = Arc::new(SourceFile::new("f.hcl", "x = [\n  1,\n]\n"));
        let diag = Diagnostic::error("Bad", "").with_subject(&file, Span::new(4, 13));
        let text = diag.to_string();
        assert!(
            text.contains("1 | x = [\n  |     ^\n2 |   1,\n  |   ^^\n3 | ]\n  | ^\n"),
            "{text}"
        );
    }
}
