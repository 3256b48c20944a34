//! `hcl dec`: decoding input files by a spec file (`.hcldec`), with the
//! command-line contract of the reference's `hcldec` command: its flags,
//! its output on stdout and stderr and its exit statuses, so that
//! HashiCorp's test runner `hclspecsuite` can run it.
//!
//! Where it differs from hcldec v2.20.0, on purpose:
//!
//! - An infinite number in the value is always `Error: cannot serialize
//!   infinity as JSON` with exit status 1; hcldec says so only without
//!   `--with-type`, and with it prints truncated JSON (exit status 0,
//!   `--keep-nulls`) or panics (exit status 2).
//! - Without `--diags json`, diagnostics are written as the other `hcl`
//!   commands write them (a text rendering with the source line, like
//!   hcldec's, but not its layout byte for byte).
//! - A set's elements are written in this library's order; go-cty's order
//!   differs (readers compare sets as sets).
//! - An input that is not UTF-8 is reported as "Invalid UTF-8" at the
//!   first bad byte, where hcldec's scanner reports invalid characters.

use hcl_core::analysis::{Traversal, Traverse};
use hcl_core::dec::{decode, load_spec, variables};
use hcl_core::{Body, Code, Diagnostic, Diagnostics, EvalContext, File, JsonFile, Value};

use crate::go_json::Json;
use crate::report::{Format, Reporter};
use crate::Output;

const DEC_HELP: &str = "\
Examples:
  hcl dec --spec app.hcldec app.hcl        the value as JSON
  hcl dec -s app.hcldec --with-type a.hcl b.hcl.json
                                           two files merged, with the type
  hcl dec -s app.hcldec --vars '{\"env\": \"prod\"}' app.hcl
                                           with the variable env
  hcl dec -s app.hcldec --vars prod.hcl --keep-nulls app.hcl
                                           variables from a file, nulls kept
  hcl dec -s app.hcldec --var-refs app.hcl the variables the input refers to
  hcl dec -s app.hcldec --diags json --out value.json app.hcl
                                           diagnostics as JSON, value to a file
  hcl dec --version                        the version of hcldec followed

The spec file is in the language of HashiCorp's hcldec (a root spec block
such as object, attr or block_list, with variables and function blocks).
An input whose name ends in .json is read in the JSON syntax; several are
merged; with none, standard input is read (native syntax, as <stdin>).
Each --vars is a JSON object when its text starts with `{`, else a file
(JSON syntax if its name ends in .json); later ones override earlier ones
and all override the spec's variables. Their values are constants.

Output: one line of JSON: the value (a null object attribute left out
unless --keep-nulls), with --with-type {\"type\":T,\"value\":V}. With
--var-refs, an indented JSON array of the references: {\"root_name\",
\"value\" (when it can be found), \"steps\": [{\"kind\": \"root\"|\"attr\"|
\"index\", \"name\" or \"key\", \"range\"}], \"range\"}. With --diags json,
diagnostics are {\"diagnostics\": [{\"severity\", \"summary\", \"detail\",
\"subject\": {\"filename\", \"start\", \"end\"}}]} on stderr.

The exit statuses are those of hcldec, not those of the other commands.
Installed or linked under the name hcldec, the program runs as `hcl dec`
(`ln -s \"$(command -v hcl)\" ~/bin/hcldec`), for tools such as
hclspecsuite that run hcldec by path.

Exit status:
  0  success
  1  no --spec, an output file that cannot be written, a value with no
     JSON form (an infinite number)
  2  a diagnostic with severity error (spec, --vars, input or decoding),
     or a usage error";

/// The arguments of `hcl dec`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = DEC_HELP, disable_version_flag = true)]
pub struct DecArgs {
    /// The input files; none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// The spec file (required).
    #[arg(short = 's', long = "spec", value_name = "FILE")]
    pub spec: Option<String>,
    /// Writes the output to FILE instead of stdout.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<String>,
    /// The format of diagnostics: `json`; without it, text.
    #[arg(long = "diags", value_name = "FORMAT")]
    pub diags: Option<String>,
    /// Prints the variables the input refers to instead of decoding it.
    #[arg(long = "var-refs")]
    pub var_refs: bool,
    /// Wraps the value with its type: {"value":V,"type":T}.
    #[arg(long = "with-type")]
    pub with_type: bool,
    /// Keeps object properties whose value is null.
    #[arg(long = "keep-nulls")]
    pub keep_nulls: bool,
    /// Variables: a JSON object, or a file of attributes. Repeatable.
    #[arg(short = 'V', long = "vars", value_name = "JSON-OR-FILE")]
    pub vars: Vec<String>,
    /// Prints the version of hcldec this command follows and exits.
    #[arg(short = 'v', long = "version")]
    pub version: bool,
}

/// What `hcl dec` reads: files by name, and standard input.
pub trait Files {
    /// The bytes of the file `name`.
    fn read(&self, name: &str) -> std::io::Result<Vec<u8>>;
    /// The bytes of standard input.
    fn stdin(&self) -> std::io::Result<Vec<u8>>;
}

/// The files of the file system and the process's standard input.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFiles;

impl Files for RealFiles {
    fn read(&self, name: &str) -> std::io::Result<Vec<u8>> {
        std::fs::read(name)
    }

    fn stdin(&self) -> std::io::Result<Vec<u8>> {
        use std::io::Read;
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    }
}

/// Exit status of `hcl dec`: an error message (`Error: …`).
pub const EXIT_ERROR: u8 = 1;
/// Exit status of `hcl dec`: diagnostics with an error, or a usage error.
pub const EXIT_DIAGS: u8 = 2;

/// Runs `hcl dec` on the file system; returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_dec::{run, DecArgs};
/// use hcl_cli::Output;
///
/// let mut out = Output::default();
/// assert_eq!(run(&DecArgs::default(), &mut out), 1);
/// assert_eq!(out.stderr, "Error: the --spec=... argument is required\n\n");
/// ```
pub fn run(args: &DecArgs, out: &mut Output) -> u8 {
    let status = run_with(args, &RealFiles, out);
    if status != 0 {
        return status;
    }
    match &args.out {
        Some(path) if !args.version => match std::fs::write(path, out.stdout.as_bytes()) {
            Ok(()) => {
                out.stdout.clear();
                status
            }
            Err(err) => {
                out.stdout.clear();
                fail(out, &format!("can't open {path} for writing: {err}"))
            }
        },
        _ => status,
    }
}

/// Runs `hcl dec` reading from `files`; the output goes to `out` (`--out`
/// is left to the caller). Returns the exit status.
///
/// # Examples
///
/// ```
/// use hcl_cli::cmd_dec::{run_with, DecArgs, Files};
/// use hcl_cli::Output;
///
/// struct Two;
/// impl Files for Two {
///     fn read(&self, name: &str) -> std::io::Result<Vec<u8>> {
///         match name {
///             "s.hcldec" => Ok(b"attr {\n  name = \"a\"\n  type = number\n}\n".to_vec()),
///             "in.hcl" => Ok(b"a = \"2\"\n".to_vec()),
///             _ => Err(std::io::ErrorKind::NotFound.into()),
///         }
///     }
///     fn stdin(&self) -> std::io::Result<Vec<u8>> {
///         Ok(Vec::new())
///     }
/// }
/// let args = DecArgs {
///     spec: Some("s.hcldec".into()),
///     files: vec!["in.hcl".into()],
///     with_type: true,
///     ..DecArgs::default()
/// };
/// let mut out = Output::default();
/// assert_eq!(run_with(&args, &Two, &mut out), 0);
/// assert_eq!(out.stdout, "{\"type\":\"number\",\"value\":2}\n");
/// ```
pub fn run_with(args: &DecArgs, files: &dyn Files, out: &mut Output) -> u8 {
    if args.version {
        out.stdout.push_str("0.0.1-dev\n");
        return 0;
    }
    let json_diags = match args.diags.as_deref() {
        None | Some("") => false,
        Some("json") => true,
        Some(other) => {
            out.stderr.push_str(&format!(
                "Invalid diagnostics format {}: only \"json\" is supported.\n",
                Json::str(other).compact()
            ));
            return EXIT_DIAGS;
        }
    };
    let Some(spec_name) = args.spec.as_deref().filter(|s| !s.is_empty()) else {
        return fail(out, "the --spec=... argument is required");
    };
    let print = |diags: &Diagnostics, out: &mut Output| {
        print_diagnostics(diags, json_diags, out);
        EXIT_DIAGS
    };

    // The spec file.
    let mut diags = Diagnostics::default();
    let spec_text = match read_text(files, spec_name, false) {
        Ok(text) => text,
        Err(diag) => {
            diags.push(*diag);
            return print(&diags, out);
        }
    };
    let (spec_file, spec_diags) = load_spec(&spec_text, spec_name);
    let spec_failed = spec_diags.has_errors();
    diags.extend(spec_diags);
    if spec_failed {
        return print(&diags, out);
    }

    // The variables of --vars.
    let mut overrides: Vec<(String, Value)> = Vec::new();
    for (index, vars) in args.vars.iter().enumerate() {
        if vars.trim_start().starts_with('{') {
            let name = format!("<vars argument {index}>");
            read_vars(vars, &name, true, &mut overrides, &mut diags);
        } else {
            let json = vars.ends_with(".json");
            match read_text(files, vars, json) {
                Ok(text) => read_vars(&text, vars, json, &mut overrides, &mut diags),
                Err(diag) => diags.push(*diag),
            }
        }
    }
    let ctx = spec_file.eval_context(overrides);

    // The inputs.
    let mut texts: Vec<(String, Result<String, Box<Diagnostic>>, bool)> = Vec::new();
    if args.files.is_empty() {
        let text = files
            .stdin()
            .map_err(|err| err.to_string())
            .map(|bytes| utf8_text("<stdin>", bytes));
        match text {
            Ok(text) => texts.push(("<stdin>".to_owned(), text, false)),
            Err(err) => return fail(out, &format!("failed to read stdin: {err}")),
        }
    } else {
        for name in &args.files {
            let json = name.ends_with(".json");
            texts.push((name.clone(), read_text(files, name, json), json));
        }
    }
    let mut native: Vec<File<'_>> = Vec::new();
    let mut json: Vec<JsonFile<'_>> = Vec::new();
    let mut order: Vec<(bool, usize)> = Vec::new();
    for (name, text, is_json) in &texts {
        match text {
            Err(diag) => diags.push((**diag).clone()),
            Ok(text) if *is_json => match hcl_core::parse_json(text, name) {
                Ok(file) => {
                    order.push((true, json.len()));
                    json.push(file);
                }
                Err(found) => diags.extend(found),
            },
            Ok(text) => match hcl_core::parse(text, name) {
                Ok(file) => {
                    order.push((false, native.len()));
                    native.push(file);
                }
                Err(found) => diags.extend(found),
            },
        }
    }
    if diags.has_errors() {
        return print(&diags, out);
    }
    let mut bodies: Vec<Body<'_>> = order
        .iter()
        .filter_map(|&(is_json, i)| {
            if is_json {
                json.get(i).map(Body::from_json_file)
            } else {
                native.get(i).map(Body::from_file)
            }
        })
        .collect();
    let body = match bodies.len() {
        0 => Body::empty(),
        1 => bodies.remove(0),
        _ => Body::merge(bodies),
    };

    if args.var_refs {
        let refs: Vec<Json> = variables(&body, &spec_file.spec)
            .iter()
            .map(|t| reference_json(t, &ctx))
            .collect();
        out.stdout.push_str(&Json::Array(refs).indented());
        out.stdout.push('\n');
        return 0;
    }

    let (value, decode_diags) = decode(&body, &spec_file.spec, &ctx);
    diags.extend(decode_diags);
    if diags.has_errors() {
        return print(&diags, out);
    }
    let encoded = if args.with_type {
        Json::of_typed_value(&value)
    } else {
        Json::of_value(&value)
    };
    let encoded = match encoded {
        Ok(json) => json,
        Err(why) => return fail(out, why.message()),
    };
    let encoded = if args.keep_nulls {
        encoded
    } else {
        encoded.strip_nulls()
    };
    out.stdout.push_str(&encoded.compact());
    out.stdout.push('\n');
    0
}

/// Writes `Error: MESSAGE` and a blank line on stderr; exit status 1.
fn fail(out: &mut Output, message: &str) -> u8 {
    out.stderr.push_str(&format!("Error: {message}\n\n"));
    EXIT_ERROR
}

/// The text of a file, or the reference's diagnostic for a file that
/// cannot be read (its wording differs between the two syntaxes).
fn read_text(files: &dyn Files, name: &str, json: bool) -> Result<String, Box<Diagnostic>> {
    match files.read(name) {
        Ok(bytes) => utf8_text(name, bytes),
        Err(_) if json => Err(Box::new(Diagnostic::error(
            Code::ReadFailed,
            "Failed to open file",
            format!(
                "The file {} could not be opened.",
                Json::str(name).compact()
            ),
        ))),
        Err(_) => Err(Box::new(Diagnostic::error(
            Code::ReadFailed,
            "Failed to read file",
            format!(
                "The configuration file {} could not be read.",
                Json::str(name).compact()
            ),
        ))),
    }
}

/// The bytes as text, or the diagnostic for invalid UTF-8.
fn utf8_text(name: &str, bytes: Vec<u8>) -> Result<String, Box<Diagnostic>> {
    crate::input::utf8(name, bytes)
}

/// Reads the attributes of a `--vars` text as constants.
fn read_vars(
    text: &str,
    name: &str,
    json: bool,
    vars: &mut Vec<(String, Value)>,
    diags: &mut Diagnostics,
) {
    let mut add = |body: &Body<'_>, diags: &mut Diagnostics| {
        let (attrs, found) = body.just_attributes_with_diagnostics();
        diags.extend(found);
        let mut attrs: Vec<_> = attrs.into_iter().collect();
        attrs.sort_by_key(|a| a.span.start);
        for attr in attrs {
            let (value, found) = attr.expr.literal_value_with_diagnostics();
            diags.extend(found);
            vars.push((attr.name.to_owned(), value));
        }
    };
    if json {
        match hcl_core::parse_json(text, name) {
            Ok(file) => add(&Body::from_json_file(&file), diags),
            Err(found) => diags.extend(found),
        }
    } else {
        match hcl_core::parse(text, name) {
            Ok(file) => add(&Body::from_file(&file), diags),
            Err(found) => diags.extend(found),
        }
    }
}

/// Prints diagnostics on stderr: as the reference's JSON document, or as
/// text.
fn print_diagnostics(diags: &Diagnostics, json: bool, out: &mut Output) {
    if !json {
        let mut report = Reporter::new(Format::Human, false);
        report.diagnostics(diags, out);
        return;
    }
    if diags.is_empty() {
        return;
    }
    let list = diags
        .iter()
        .map(|d| {
            let mut members = vec![
                (
                    "severity".to_owned(),
                    Json::str(if d.is_error() { "error" } else { "warning" }),
                ),
                ("summary".to_owned(), Json::str(&d.summary)),
            ];
            if !d.detail.is_empty() {
                members.push(("detail".to_owned(), Json::str(&d.detail)));
            }
            if let Some(subject) = &d.subject {
                members.push(("subject".to_owned(), Json::of_range(subject)));
            }
            Json::Object(members)
        })
        .collect();
    let doc = Json::Object(vec![("diagnostics".to_owned(), Json::Array(list))]);
    out.stderr.push_str(&doc.indented());
    out.stderr.push('\n');
}

/// One reference as `hcldec --var-refs` prints it.
fn reference_json(traversal: &Traversal<'_>, ctx: &EvalContext<'_>) -> Json {
    let file = traversal.file;
    let mut steps = vec![Json::Object(vec![
        ("kind".to_owned(), Json::str("root")),
        ("name".to_owned(), Json::str(traversal.root)),
        (
            "range".to_owned(),
            Json::of_range(&file.range(traversal.root_span)),
        ),
    ])];
    for step in &traversal.steps {
        let range = ("range".to_owned(), Json::of_range(&file.range(step.span())));
        steps.push(match step {
            Traverse::Attr { name, .. } => Json::Object(vec![
                ("kind".to_owned(), Json::str("attr")),
                ("name".to_owned(), Json::str(name)),
                range,
            ]),
            Traverse::Index { key, .. } => {
                let mut members = vec![("kind".to_owned(), Json::str("index"))];
                if let Ok(key) = Json::of_value(key) {
                    members.push(("key".to_owned(), key));
                }
                members.push(range);
                Json::Object(members)
            }
        });
    }
    let mut members = vec![("root_name".to_owned(), Json::str(traversal.root))];
    if let Some(value) = traverse(traversal, ctx).and_then(|v| Json::of_value(&v).ok()) {
        members.push(("value".to_owned(), value));
    }
    members.push(("steps".to_owned(), Json::Array(steps)));
    members.push(("range".to_owned(), Json::of_range(&traversal.range())));
    Json::Object(members)
}

/// The value a traversal reaches in `ctx`, if it reaches one.
fn traverse(traversal: &Traversal<'_>, ctx: &EvalContext<'_>) -> Option<Value> {
    let mut value = ctx.variable(traversal.root)?.clone();
    for step in &traversal.steps {
        if value.is_null() {
            return None;
        }
        value = match step {
            Traverse::Attr { name, .. } => {
                if value.ty().is_map() {
                    value.index(&Value::from(*name))?
                } else {
                    value.get_attr(name)?
                }
            }
            Traverse::Index { key, .. } => match key.as_str() {
                Some(name) if value.ty().is_object() => value.get_attr(name)?,
                _ => value.index(key)?,
            },
        };
    }
    Some(value)
}
