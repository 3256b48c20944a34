//! Reading CSV for `csvdecode`, as Go's `encoding/csv` reads it.

use crate::functions::string::string_arg;
use crate::functions::{Function, FunctionError, Parameter};
use crate::types::Type;
use crate::value::{go_quote, Value};

/// Why a CSV record could not be read.
enum CsvErrorKind {
    BareQuote,
    Quote,
    FieldCount,
}

struct CsvError {
    line: usize,
    kind: CsvErrorKind,
}

impl CsvError {
    fn message(&self) -> String {
        let what = match self.kind {
            CsvErrorKind::BareQuote => "bare \" in non-quoted-field",
            CsvErrorKind::Quote => "extraneous or missing \" in quoted-field",
            CsvErrorKind::FieldCount => "wrong number of fields",
        };
        format!("CSV parse error on line {}: {what}", self.line)
    }
}

/// A CSV reader with the reference's rules: comma-separated, `"` quoting,
/// `\r\n` read as `\n`, empty lines skipped, and every record as long as
/// the first.
struct CsvReader<'a> {
    rest: &'a str,
    num_line: usize,
    fields_per_record: usize,
}

/// The length of a line's newline (0 or 1).
fn newline_len(line: &str) -> usize {
    usize::from(line.ends_with('\n'))
}

impl<'a> CsvReader<'a> {
    fn new(text: &'a str) -> Self {
        CsvReader {
            rest: text,
            num_line: 0,
            fields_per_record: 0,
        }
    }

    /// The next line with its newline (`\r\n` made `\n`), and whether the
    /// input was exhausted before any byte was read.
    fn read_line(&mut self) -> (String, bool) {
        let (mut line, eof) = match self.rest.find('\n') {
            Some(i) => (self.rest[..=i].to_owned(), false),
            None => (self.rest.to_owned(), true),
        };
        self.rest = &self.rest[line.len()..];
        let eof = if eof && !line.is_empty() {
            if line.ends_with('\r') {
                line.pop();
            }
            false
        } else {
            eof
        };
        self.num_line += 1;
        if line.ends_with("\r\n") {
            line.truncate(line.len() - 2);
            line.push('\n');
        }
        (line, eof)
    }

    /// The next record; `None` at the end of the input.
    fn read_record(&mut self) -> Result<Option<Vec<String>>, CsvError> {
        let mut line;
        loop {
            let (l, eof) = self.read_line();
            if eof {
                return Ok(None);
            }
            if l.len() == newline_len(&l) {
                continue;
            }
            line = l;
            break;
        }
        let rec_line = self.num_line;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut pos_line = self.num_line;
        let mut off = 0usize;
        'fields: loop {
            let rest = &line[off..];
            if !rest.starts_with('"') {
                let comma = rest.find(',');
                let text = match comma {
                    Some(i) => &rest[..i],
                    None => &rest[..rest.len() - newline_len(rest)],
                };
                if text.contains('"') {
                    return Err(CsvError {
                        line: self.num_line,
                        kind: CsvErrorKind::BareQuote,
                    });
                }
                fields.push(text.to_owned());
                match comma {
                    Some(i) => {
                        off += i + 1;
                        continue 'fields;
                    }
                    None => break 'fields,
                }
            }
            // A quoted field, possibly over several lines.
            off += 1;
            loop {
                let rest = &line[off..];
                if let Some(i) = rest.find('"') {
                    field.push_str(&rest[..i]);
                    off += i + 1;
                    let rest = &line[off..];
                    if rest.starts_with('"') {
                        field.push('"');
                        off += 1;
                    } else if rest.starts_with(',') {
                        off += 1;
                        fields.push(std::mem::take(&mut field));
                        continue 'fields;
                    } else if newline_len(rest) == rest.len() {
                        fields.push(std::mem::take(&mut field));
                        break 'fields;
                    } else {
                        return Err(CsvError {
                            line: self.num_line,
                            kind: CsvErrorKind::Quote,
                        });
                    }
                } else if !rest.is_empty() {
                    field.push_str(rest);
                    let (next, _) = self.read_line();
                    if !next.is_empty() {
                        pos_line += 1;
                    }
                    line = next;
                    off = 0;
                } else {
                    return Err(CsvError {
                        line: pos_line,
                        kind: CsvErrorKind::Quote,
                    });
                }
            }
        }
        if self.fields_per_record == 0 {
            self.fields_per_record = fields.len();
        } else if fields.len() != self.fields_per_record {
            return Err(CsvError {
                line: rec_line,
                kind: CsvErrorKind::FieldCount,
            });
        }
        Ok(Some(fields))
    }
}

/// The column names of CSV text, or why they cannot be read.
fn csv_header(text: &str) -> Result<Vec<String>, String> {
    let mut r = CsvReader::new(text);
    let header = r
        .read_record()
        .map_err(|e| e.message())?
        .ok_or_else(|| "missing header line".to_owned())?;
    for (i, name) in header.iter().enumerate() {
        if header.iter().take(i).any(|earlier| earlier == name) {
            return Err(format!("duplicate column name {}", go_quote(name)));
        }
    }
    Ok(header)
}

pub(super) fn csvdecode_function() -> Function {
    Function::builder().result_not_null()
        .param(Parameter::new("str", Type::String))
        .returns_with(|args| match args.first().and_then(Value::as_str) {
            Some(text) => {
                let header = csv_header(text).map_err(FunctionError::failed)?;
                Ok(Type::list(Type::object(
                    header.into_iter().map(|name| (name, Type::String)),
                )))
            }
            None => Ok(Type::Dynamic),
        })
        .description("Parses the given string as Comma Separated Values (as defined by RFC 4180) and returns a map of objects representing the table of data, using the first row as a header row to define the object attributes.")
        .implementation(|args, ret| {
            let text = string_arg(args, 0)?;
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            let mut r = CsvReader::new(text);
            let header = r
                .read_record()
                .map_err(|e| FunctionError::failed(e.message()))?
                .unwrap_or_default();
            let mut rows = Vec::new();
            while let Some(cols) = r
                .read_record()
                .map_err(|e| FunctionError::failed(e.message()))?
            {
                rows.push(Value::object(
                    header
                        .iter()
                        .zip(cols)
                        .map(|(name, col)| (name.as_str(), Value::string(col))),
                ));
            }
            crate::functions::support::list(&ety, rows)
        })
        .build()
}
