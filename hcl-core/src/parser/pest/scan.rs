//! A quick pass of the lexer over a file before pest reads it: pest
//! recurses once or more per level of nesting, with no bound of its own,
//! so input nested too deep must be found first; and the line ends between
//! top-level items cut the file into the pieces pest is given one at a
//! time, each with a budget of rule calls in proportion to its length.

use crate::lexer::{Lexer, Start, TokenKind};

/// One open bracket, brace, parenthesis, template sequence, quoted
/// template or heredoc.
struct Frame {
    /// The levels it counts for: one, and for the braces of a block, one
    /// more for each label.
    levels: usize,
    /// The conditionals (`?`) open in it: each nests what follows it.
    conditionals: usize,
    /// Whether a line break ends what is open in it: the items of a body
    /// or an object constructor end there, but not those of an object
    /// `for` expression, or of brackets and parentheses.
    newline_ends: bool,
    /// The names and quoted strings since the last line end, when a line
    /// break ends items: a block's type and labels, before its `{`.
    names: usize,
}

impl Frame {
    fn new(levels: usize, newline_ends: bool) -> Self {
        Frame {
            levels,
            conditionals: 0,
            newline_ends,
            names: 0,
        }
    }
}

/// The byte offsets just past each line end outside any bracket, in order
/// (the end of the text last), or `None` when brackets, braces,
/// parentheses, template sequences and conditionals nest more than `limit`
/// levels deep somewhere in `source`, from byte `start`.
///
/// The levels counted are never fewer than pest recurses through, and no
/// fewer than the parser counts (which counts a block's labels as levels,
/// and quoted templates and heredocs): a conditional counts until the end
/// of the item, element or argument it is in, and every name before a
/// block's brace as a label.
pub(super) fn line_ends(source: &str, start: usize, limit: usize) -> Option<Vec<usize>> {
    let mut ends = Vec::new();
    let mut frames = vec![Frame::new(0, true)];
    // The levels of the frames and their conditionals, together.
    let mut depth = 0;
    // The kind of the last token that is not a line end or a comment.
    let mut previous = TokenKind::Eof;
    for token in Lexer::new(source, start, Start::Code) {
        let outermost = frames.len() == 1;
        let frame = frames.last_mut()?;
        match token.kind {
            TokenKind::OBrace
            | TokenKind::OBrack
            | TokenKind::OParen
            | TokenKind::OQuote
            | TokenKind::OHeredoc
            | TokenKind::TemplateInterp
            | TokenKind::TemplateControl => {
                let brace = token.kind == TokenKind::OBrace;
                // A block's labels are levels too: its type and labels
                // are the names before its brace.
                let levels = if brace && frame.newline_ends {
                    frame.names.max(1)
                } else {
                    1
                };
                if token.kind == TokenKind::OQuote && frame.newline_ends {
                    frame.names += 1;
                }
                depth += levels;
                frames.push(Frame::new(levels, brace));
            }
            TokenKind::CBrace
            | TokenKind::CBrack
            | TokenKind::CParen
            | TokenKind::CQuote
            | TokenKind::CHeredoc
            | TokenKind::TemplateSeqEnd
                if !outermost =>
            {
                depth -= frame.levels + frame.conditionals;
                frames.pop();
            }
            TokenKind::Question => {
                frame.conditionals += 1;
                depth += 1;
            }
            TokenKind::Comma => {
                depth -= frame.conditionals;
                frame.conditionals = 0;
            }
            TokenKind::Ident => {
                if previous == TokenKind::OBrace && token.text(source) == "for" {
                    frame.newline_ends = false;
                }
                frame.names += 1;
            }
            TokenKind::Newline | TokenKind::Comment => {
                let line_end =
                    token.kind == TokenKind::Newline || token.text(source).ends_with('\n');
                if line_end && frame.newline_ends {
                    depth -= frame.conditionals;
                    frame.conditionals = 0;
                    frame.names = 0;
                }
                if line_end && outermost {
                    ends.push(token.span.end as usize);
                }
            }
            TokenKind::Eof => break,
            _ => {}
        }
        if depth > limit {
            return None;
        }
        // An object `for` expression may start on the line after its `{`.
        if !matches!(token.kind, TokenKind::Newline | TokenKind::Comment) {
            previous = token.kind;
        }
    }
    if ends.last() != Some(&source.len()) {
        ends.push(source.len());
    }
    Some(ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_end_at_line_ends_outside_brackets() {
        let source = "a = [\n1]\n# note\nb {\n  c = 2\n}\n";
        assert_eq!(line_ends(source, 0, 128), Some(vec![9, 16, 30]));
        assert_eq!(line_ends("a = 1", 0, 128), Some(vec![5]));
    }

    #[test]
    fn brackets_and_conditionals_count_as_levels() {
        assert!(line_ends("a = [[1]]\n", 0, 2).is_some());
        assert!(line_ends("a = [[[1]]]\n", 0, 2).is_none());
        assert!(line_ends("a = x ? y ? 1 : 2 : 3\n", 0, 2).is_some());
        assert!(line_ends("a = (x ? y ? 1 : 2 : 3)\n", 0, 2).is_none());
        // Conditionals end with their element, or their line in a body.
        assert!(line_ends("a = [x ? 1 : 2, y ? 1 : 2]\n", 0, 2).is_some());
        assert!(line_ends("b {\n a = x ? 1 : 2\n c = y ? 1 : 2\n}\n", 0, 2).is_some());
        let object_for = "a = {\nfor k in x: k => a ? 1 :\n b ? 2 : 3}\n";
        assert!(line_ends(object_for, 0, 2).is_none());
        assert!(line_ends(object_for, 0, 3).is_some());
    }

    #[test]
    fn labels_and_templates_count_as_levels() {
        assert!(line_ends("b \"x\" y {\n}\n", 0, 3).is_some());
        assert!(line_ends("b \"x\" y {\n}\n", 0, 2).is_none());
        assert!(line_ends("a = \"${\"${1}\"}\"\n", 0, 4).is_some());
        assert!(line_ends("a = \"${\"${1}\"}\"\n", 0, 3).is_none());
    }
}
