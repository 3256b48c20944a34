//! Text rendering of a diagnostic: header, location, source lines with a
//! caret underline, then the detail.

use std::fmt::{self, Write};

use unicode_segmentation::UnicodeSegmentation;

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
            // A subject that ends at the start of a line, such as a line
            // break, ends with the line before.
            let (end_line, end_column) =
                if subject.end.line > subject.start.line && subject.end.column == 1 {
                    (subject.end.line - 1, None)
                } else {
                    (subject.end.line, Some(subject.end.column))
                };
            let last = end_line.min(subject.start.line + MAX_SHOWN_LINES - 1);
            for line in subject.start.line..=last {
                let Some(text) = source.line_text(line) else {
                    break;
                };
                writeln!(f, "{line:>gutter$} | {}", text.replace('\t', " "))?;
                // Columns count grapheme clusters, as positions do.
                let width = text.graphemes(true).count() as u32;
                let from = if line == subject.start.line {
                    subject.start.column - 1
                } else {
                    leading_spaces(text)
                };
                let to = match end_column {
                    Some(column) if line == end_line => column - 1,
                    _ => width,
                };
                // At least one caret, even for an empty range at the end of input.
                let carets = to.saturating_sub(from).max(1) as usize;
                let mut underline = String::with_capacity(from as usize + carets);
                let _ = write!(underline, "{:from$}", "", from = from as usize);
                underline.extend(std::iter::repeat_n('^', carets));
                writeln!(f, "{:gutter$} | {underline}", "", gutter = gutter)?;
            }
            if last < end_line {
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
    fn a_subject_ending_at_the_next_line_start_stays_on_its_line() {
        let file = Arc::new(SourceFile::new("f.hcl", "a = \"x\ny\"\n"));
        let diag =
            Diagnostic::error("Invalid multi-line string", "").with_subject(&file, Span::new(6, 7));
        assert_eq!(
            diag.to_string(),
            "Error: Invalid multi-line string\n  \
             --> f.hcl:1:7\n  \
             |\n\
             1 | a = \"x\n  \
             |       ^\n"
        );
    }

    #[test]
    fn columns_count_grapheme_clusters() {
        let file = Arc::new(SourceFile::new("f.hcl", "a = \"e\u{301}\" x\n"));
        let diag = Diagnostic::error("Bad", "").with_subject(&file, Span::new(10, 11));
        assert!(diag.to_string().contains("  |         ^\n"), "{diag}");
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
