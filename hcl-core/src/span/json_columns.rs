//! Columns by the JSON syntax's rule, as the reference's JSON scanner
//! counts them while it reads: outside strings one column per byte, a tab
//! two and a carriage return none; inside a string one per backslash or
//! quote and one per grapheme cluster otherwise. A string never spans a
//! line (a control character ends it), so every line starts outside one.

use unicode_segmentation::UnicodeSegmentation;

/// Where a walk along a line has got to: the byte offset, the columns
/// counted since the line's start, and whether it is inside a string.
#[derive(Debug, Clone, Copy)]
pub(super) struct Walker {
    pub(super) offset: usize,
    pub(super) columns: u32,
    in_string: bool,
    escaping: bool,
}

impl Walker {
    /// A walk starting at `offset`, the start of a line.
    pub(super) fn at(offset: usize) -> Self {
        Walker {
            offset,
            columns: 0,
            in_string: false,
            escaping: false,
        }
    }

    /// Walks on until `target` (or past it, when a grapheme cluster that
    /// starts before it ends after it), or the end of the line.
    pub(super) fn walk_to(&mut self, text: &str, target: usize) {
        while self.offset < target && self.step(text) {}
    }

    /// One step; `false` at the end of the text or of the line.
    fn step(&mut self, text: &str) -> bool {
        let bytes = text.as_bytes();
        let Some(&b) = bytes.get(self.offset) else {
            return false;
        };
        if b == b'\n' {
            return false;
        }
        if self.in_string {
            match b {
                b'\\' => {
                    self.escaping = !self.escaping;
                    self.columns += 1;
                    self.offset += 1;
                }
                b'"' => {
                    self.columns += 1;
                    self.offset += 1;
                    if !self.escaping {
                        self.in_string = false;
                    }
                    self.escaping = false;
                }
                0..=31 => {
                    // A control character ends the string, unread.
                    self.in_string = false;
                    self.escaping = false;
                }
                _ => {
                    self.offset += cluster_len(text, self.offset);
                    self.columns += 1;
                    self.escaping = false;
                }
            }
            return true;
        }
        match b {
            b'\t' => self.columns += 2,
            b'\r' => {}
            b'"' => {
                self.in_string = true;
                self.columns += 1;
            }
            _ => self.columns += 1,
        }
        self.offset += 1;
        true
    }
}

/// The length of the grapheme cluster that starts at `at`.
fn cluster_len(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let ascii = |i: usize| bytes.get(i).is_none_or(|b| b.is_ascii());
    // Two ASCII characters have a cluster boundary between them unless they
    // are CR LF, and a control character ends a string before this.
    if ascii(at) && ascii(at + 1) {
        return 1;
    }
    text.get(at..)
        .and_then(|rest| rest.graphemes(true).next())
        .map_or(1, str::len)
}

/// The walk's state about every `span` bytes along each line longer than
/// `span`, in order of offset.
pub(super) fn checkpoints(text: &str, line_starts: &[u32], span: usize) -> Box<[Walker]> {
    let mut found = Vec::new();
    for (i, &start) in line_starts.iter().enumerate() {
        let end = line_starts.get(i + 1).map_or(text.len(), |&e| e as usize);
        if end - (start as usize) <= span {
            continue;
        }
        let mut walker = Walker::at(start as usize);
        let mut next = start as usize + span;
        while next < end {
            walker.walk_to(text, next);
            if walker.offset >= end {
                break;
            }
            found.push(walker);
            next = walker.offset + span;
        }
    }
    found.into_boxed_slice()
}
