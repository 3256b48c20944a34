//! Byte offsets to the protocol's positions and back: a line and a column
//! counted in UTF-16 code units, as the protocol counts them by default.

use lsp_types::{Position, Range};

/// Where each line of a text starts, to turn byte offsets (what hcl-core's
/// spans and positions carry) into protocol positions and back.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    /// The byte offset of each line's start; the first is 0.
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// The index of `text`: a line ends at LF (so CRLF too); a lone CR is
    /// no line break, as in HCL.
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The protocol position of byte `offset` of `text` (the text indexed);
    /// an offset past the end, or inside a character, is taken as the
    /// nearest character boundary before it.
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_boundary(text, offset.min(self.len));
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column: usize = text
            .get(start..offset)
            .unwrap_or_default()
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(to_u32(line), to_u32(column))
    }

    /// The protocol range of bytes `start..end` of `text`.
    pub(crate) fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte offset of a protocol position in `text`: a line past the
    /// last is the end of the text, a column past its line's end is the
    /// end of the line (before its line break), and a column inside a
    /// character (between the halves of a surrogate pair) is the start of
    /// that character.
    pub(crate) fn offset(&self, text: &str, position: Position) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return self.len;
        };
        let end = self.starts.get(line + 1).map_or(self.len, |&next| next);
        let line_text = text.get(start..end).unwrap_or_default();
        let line_text = line_text.strip_suffix('\n').unwrap_or(line_text);
        let line_text = line_text.strip_suffix('\r').unwrap_or(line_text);
        let mut units = 0usize;
        for (at, c) in line_text.char_indices() {
            units += c.len_utf16();
            if units > position.character as usize {
                return start + at;
            }
        }
        start + line_text.len()
    }
}

/// `offset`, or the nearest character boundary of `text` before it.
fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) {
        let index = LineIndex::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            if text[..offset].ends_with('\r') {
                continue; // between CR and LF is no position
            }
            let position = index.position(text, offset);
            assert_eq!(index.offset(text, position), offset, "{text:?} at {offset}");
        }
    }

    #[test]
    fn columns_count_utf16_code_units() {
        // "é" is 2 bytes and 1 unit; "😀" 4 bytes and 2 units; "中" 3 and 1.
        let text = "a = \"é😀中\" # x\nb = 1\n";
        let index = LineIndex::new(text);
        let quote_end = text.find("\" #").unwrap();
        assert_eq!(index.position(text, quote_end), Position::new(0, 9));
        assert_eq!(
            index.position(text, text.find('b').unwrap()),
            Position::new(1, 0)
        );
        assert_eq!(index.offset(text, Position::new(0, 9)), quote_end);
        let emoji = text.find('😀').unwrap();
        assert_eq!(index.position(text, emoji), Position::new(0, 6));
        // Between the halves of the surrogate pair: the emoji's start.
        assert_eq!(index.offset(text, Position::new(0, 7)), emoji);
        round_trip(text);
    }

    #[test]
    fn crlf_lines_and_positions_past_the_end() {
        let text = "a = 1\r\nbé = 2\r\n";
        let index = LineIndex::new(text);
        assert_eq!(
            index.position(text, text.find("= 2").unwrap()),
            Position::new(1, 3)
        );
        // A column past the end of a line is its end, before the CRLF.
        assert_eq!(index.offset(text, Position::new(0, 99)), 5);
        assert_eq!(index.offset(text, Position::new(9, 0)), text.len());
        assert_eq!(index.position(text, 999), Position::new(2, 0));
        round_trip(text);
        round_trip("");
        round_trip("\u{feff}x\n\n\u{10348}\n");
    }

    #[test]
    fn an_offset_inside_a_character_is_its_start() {
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 1), Position::new(0, 0));
    }
}
