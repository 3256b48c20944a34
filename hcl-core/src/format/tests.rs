#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::*;

/// Formats `input`, checks that formatting the result again changes
/// nothing, and compares with `want`.
#[track_caller]
fn check(input: &str, want: &str) {
    let got = format(input);
    assert_eq!(got, want, "formatting {input:?}");
    assert_eq!(format(&got), got, "formatting again {got:?}");
}

#[test]
fn empty_input_stays_empty() {
    check("", "");
    check("\n\n", "\n\n");
}

#[test]
fn spaces_around_equals_and_binary_operators() {
    check("port=80", "port = 80");
    check("x=a+b*c -d/e%f", "x = a + b * c - d / e % f");
    // `-` continues an identifier: `a-b` is one name.
    check("x=a-b", "x = a-b");
    check("ok=a==b&&c!=d||e<=f", "ok = a == b && c != d || e <= f");
    check("ok=a<b||c>d||e>=f", "ok = a < b || c > d || e >= f");
    check("v   =    1", "v = 1");
}

#[test]
fn no_spaces_around_attribute_access() {
    check("x=var . name", "x = var.name");
    check("x=a.0.b", "x = a.0.b");
    check("x=list.*.id", "x = list.*.id");
}

#[test]
fn digits_after_a_number_and_a_dot_stay_apart() {
    // Joined, `1.5` would be a number and `a.0.1` a number index.
    check("x=1 . 5", "x = 1. 5");
    check("x=a . 0 . 1", "x = a.0. 1");
    check("x=a . 0 . b", "x = a.0.b");
    check("x=a . 0 . e5", "x = a.0. e5");
    check("x=a . 0 . e", "x = a.0.e");
    check("x=1.5", "x = 1.5");
}

#[test]
fn tokens_that_would_join_into_others_stay_apart() {
    check(". ...a", ". ... a");
    check("x = ! = y", "x = ! = y");
    check("x = \"${ ~a}\"", "x = \"${ ~ a}\"");
    check("x = \"${a ~ }\"", "x = \"${a ~ }\"");
    check("x = ( / / y)", "x = (/ / y)");
    check("x = [.. .]", "x = [. . .]");
}

#[test]
fn no_space_before_an_index() {
    check("x=items [ 1 ]", "x = items[1]");
    check("x=f( ) [0]", "x = f()[0]");
    check("x=[ \"a\" ] [0]", "x = [\"a\"][0]");
    check("x=m[\"k\"] [\"j\"]", "x = m[\"k\"][\"j\"]");
}

#[test]
fn no_spaces_inside_parentheses_and_brackets() {
    check("( x -1 )", "(x - 1)");
    check("( x/3 )", "(x / 3)");
    check("[ [ 1 ] , [ ] ]", "[[1], []]");
}

#[test]
fn negation_has_no_space_after_the_minus() {
    check("( x*-3 )", "(x * -3)");
    check("( x - -3 )", "(x - -3)");
    check("(- 4+x)", "(-4 + x)");
    check("x=- 1", "x = -1");
    check("x=[- 1,- 2]", "x = [-1, -2]");
    check("x=a?- 1:- 2", "x = a ? -1 : -2");
    check("x=a==- 1", "x = a == -1");
    check("x=a&&- 1", "x = a && -1");
    check("x=f(1)- 2", "x = f(1) - 2");
    check("x=n -2", "x = n - 2");
}

#[test]
fn call_arguments_are_separated_by_comma_and_space() {
    check("v=max(3,-1,x*y,z ,w)", "v = max(3, -1, x * y, z, w)");
    check("v=concat(a,rest ...)", "v = concat(a, rest...)");
    check("v=f ( 1 )", "v = f(1)");
}

#[test]
fn no_space_after_bang() {
    check("! false", "!false");
    check("x=! a", "x = !a");
}

#[test]
fn interpolations_lose_their_inner_spaces() {
    check("greeting=\"hi ${ user }!\"", "greeting = \"hi ${user}!\"");
    check("g=\"${~ user ~}\"", "g = \"${~user~}\"");
    check("g=\"${a}${ b }${c} ${ d }\"", "g = \"${a}${b}${c} ${d}\"");
    check(
        "g=\"%{ for x in xs }${x}%{ endfor }\"",
        "g = \"%{for x in xs}${x}%{endfor}\"",
    );
}

#[test]
fn template_text_is_kept_as_it_is() {
    check("s=\"  two  spaces  \"", "s = \"  two  spaces  \"");
    check("s=\"a = b\"", "s = \"a = b\"");
}

#[test]
fn empty_block_and_object_have_no_inner_space() {
    check("thing{}", "thing {}");
    check("thing { }", "thing {}");
    check("o={ }", "o = {}");
}

#[test]
fn single_line_block_and_object_have_spaces_inside_braces() {
    check("thing {x=1}\n", "thing { x = 1 }\n");
    check("o={a=1,b=2}\n", "o = { a = 1, b = 2 }\n");
}

#[test]
fn multi_line_interpolation_is_indented() {
    check("\n\"${\nname\n}\"\n", "\n\"${\n  name\n}\"\n");
}

#[test]
fn multi_line_call_is_indented() {
    check(
        "\nmax(\n3,\n- 1,\nx*y,\n)\n",
        "\nmax(\n  3,\n  -1,\n  x * y,\n)\n",
    );
}

#[test]
fn conditional_has_spaces() {
    check("c?x:y", "c ? x : y");
}

#[test]
fn for_expression_keeps_the_space_after_in() {
    check("[for v in list : v]", "[for v in list : v]");
    check("[for v in [a,b] : v]", "[for v in [a, b] : v]");
    check("{for k,v in m : k=>v}", "{ for k, v in m : k => v }");
    check("[for v in xs: v if v>0]", "[for v in xs : v if v > 0]");
}

#[test]
fn nested_brackets_indent_one_level_per_line() {
    check("\n[\n[\nx\n]\n]\n", "\n[\n  [\n    x\n  ]\n]\n");
}

#[test]
fn several_openers_on_one_line_indent_one_level() {
    check("\n[[\nx\n]]\n", "\n[[\n  x\n]]\n");
    check("\n[{\n# c\n}]\n", "\n[{\n  # c\n}]\n");
    check("\n[[\n[\nx\n]\n]]\n", "\n[[\n  [\n    x\n  ]\n]]\n");
}

#[test]
fn unbalanced_lines_are_matched_by_counts() {
    // `[[` opens one level; `]]` closes it and the `[` line's level, which
    // leaves the last `]` at the outer level.
    check("\n[[\n[\nx\n]]\n]\n", "\n[[\n  [\n    x\n  ]]\n]\n");
    // More closers than openers never indent below the margin.
    check("]\n]\nx\n", "]\n]\nx\n");
}

#[test]
fn block_bodies_are_indented() {
    check("\nouter {\nx = 1\n}\n", "\nouter {\n  x = 1\n}\n");
    check(
        "\nouter {\ninner {\n# note\n}\n}\n",
        "\nouter {\n  inner {\n    # note\n  }\n}\n",
    );
    check(
        "\nouter {\nm = {\n# note\n}\nl = [\n# note\n]\n}\n",
        "\nouter {\n  m = {\n    # note\n  }\n  l = [\n    # note\n  ]\n}\n",
    );
}

#[test]
fn tabs_and_spaces_in_indentation_are_replaced() {
    check(
        "b {\n\t\tx = 1\n      y = 2\n}\n",
        "b {\n  x = 1\n  y = 2\n}\n",
    );
}

#[test]
fn equals_of_consecutive_attributes_align() {
    check("\nx = 1\nlonger = 2\n", "\nx      = 1\nlonger = 2\n");
    check("b {\nx = 1\nyy = 2\n}\n", "b {\n  x  = 1\n  yy = 2\n}\n");
}

#[test]
fn a_blank_line_breaks_alignment() {
    check("\nx = 1\n\nlonger = 2\n", "\nx = 1\n\nlonger = 2\n");
}

#[test]
fn a_comment_line_breaks_alignment() {
    check(
        "x = 1\n# about y\nlonger = 2\n",
        "x = 1\n# about y\nlonger = 2\n",
    );
}

#[test]
fn a_multi_line_value_breaks_alignment() {
    check(
        "x = 1\nlonger = [\n1,\n]\ny = 2\n",
        "x = 1\nlonger = [\n  1,\n]\ny = 2\n",
    );
}

#[test]
fn a_block_line_breaks_alignment() {
    check(
        "x = 1\nb {\nyy = 1\n}\nzzz = 3\n",
        "x = 1\nb {\n  yy = 1\n}\nzzz = 3\n",
    );
}

#[test]
fn trailing_comments_align() {
    check(
        "\nx = 1 # one\nlonger = 2\n",
        "\nx      = 1 # one\nlonger = 2\n",
    );
    check(
        "\nx = 1 # one\nlonger = \"two\" // two\nz = \"three!\" # three\n",
        "\nx      = 1        # one\nlonger = \"two\"    // two\nz      = \"three!\" # three\n",
    );
    check(
        "# intro\nx = 1 # one\nlonger = \"two\" # two\n",
        "# intro\nx      = 1     # one\nlonger = \"two\" # two\n",
    );
}

#[test]
fn comments_after_blocks_align_with_those_after_attributes() {
    check(
        "\nb {} # block\nx = 1 # one\nlonger = \"two\" # two\n",
        "\nb {}           # block\nx      = 1     # one\nlonger = \"two\" # two\n",
    );
}

#[test]
fn comments_around_a_multi_line_value() {
    check(
        "\nx = 1 # one\nlonger = (\n  \"two\"\n) # two\nz = \"three\" # three\n",
        "\nx = 1 # one\nlonger = (\n  \"two\"\n)           # two\nz = \"three\" # three\n",
    );
    check(
        "\nx=\"one\"# one\nlonger=(# open\n\"two\"\n)# two\nz=\"three\"# three\n",
        "\nx = \"one\"  # one\nlonger = ( # open\n  \"two\"\n)           # two\nz = \"three\" # three\n",
    );
}

#[test]
fn widths_are_counted_in_grapheme_clusters() {
    // `é` written as `e` and a combining accent, and a flag of two
    // regional indicators, are one column each.
    check(
        "\nnaïve = 1 # a\nx = \"\u{1F1EB}\u{1F1F7}\" # b\nlonger = \"e\u{301}\" # c\n",
        "\nnaïve  = 1   # a\nx      = \"\u{1F1EB}\u{1F1F7}\" # b\nlonger = \"e\u{301}\" # c\n",
    );
}

#[test]
fn heredoc_contents_are_untouched() {
    check(
        "\nb {\nv = <<EOT\n  keep   this = x  \nEOT\n}\n",
        "\nb {\n  v = <<EOT\n  keep   this = x  \nEOT\n}\n",
    );
    check(
        "\nb {\nv = <<-EOT\n    indented\n  EOT\n}\n",
        "\nb {\n  v = <<-EOT\n    indented\n  EOT\n}\n",
    );
}

#[test]
fn heredoc_interpolations_are_spaced_as_in_quotes() {
    check(
        "b {\nv = <<-EOT\n  ${ a }${b} ${ c }\nEOT\n}\n",
        "b {\n  v = <<-EOT\n  ${a}${b} ${c}\nEOT\n}\n",
    );
    check(
        "b {\nv = <<-EOT\n  ${{ k = x }}\nEOT\n}\n",
        "b {\n  v = <<-EOT\n  ${ { k = x } }\nEOT\n}\n",
    );
}

#[test]
fn heredocs_do_not_disturb_what_follows() {
    check(
        "a {\nx = <<EOT\ntext\nEOT\ny = <<EOT\ntext\nEOT\n}\n\nb {\nz=\"q\"\n}\n",
        "a {\n  x = <<EOT\ntext\nEOT\n  y = <<EOT\ntext\nEOT\n}\n\nb {\n  z = \"q\"\n}\n",
    );
    check(
        "m \"a\" {\nx = <<EOF\n5\nEOF\n}\n\nm \"b\" {\nk = \"v\"\nlong = \"w\"\n}",
        "m \"a\" {\n  x = <<EOF\n5\nEOF\n}\n\nm \"b\" {\n  k    = \"v\"\n  long = \"w\"\n}",
    );
}

#[test]
fn an_attribute_holding_a_heredoc_aligns_with_its_neighbours() {
    // The heredoc is part of its attribute's line, as in the reference.
    check(
        "a = 1\nbbb = <<EOT\nx\nEOT\n",
        "a   = 1\nbbb = <<EOT\nx\nEOT\n",
    );
}

#[test]
fn namespaced_function_names_have_no_spaces() {
    check("v = ns::sub::f()", "v = ns::sub::f()");
    check("v = ns :: sub :: f()", "v = ns::sub::f()");
    check("v = ns ::sub:: f()", "v = ns::sub::f()");
    // Not valid, but made visible.
    check("v = ns::+f()", "v = ns:: + f()");
}

#[test]
fn trailing_spaces_are_removed() {
    check("x = 1   \ny = 22 \t\n", "x = 1\ny = 22\n");
    check("x = 1   ", "x = 1");
}

#[test]
fn spaces_ending_a_line_comment_are_kept_unless_asked() {
    let source = "# note   \nb {} // done  \t\r\n\nc = 1 # one \n";
    check(source, source);
    let trim = FormatOptions {
        trim_comment_spaces: true,
        ..FormatOptions::default()
    };
    let trimmed = "# note\nb {} // done\r\n\nc = 1 # one\n";
    assert_eq!(format_with(source, &trim), trimmed);
    assert_eq!(format_with(trimmed, &trim), trimmed);
}

#[test]
fn block_comments_are_kept_as_written() {
    check("/* a\n     b  */\nx = 1\n", "/* a\n     b  */\nx = 1\n");
    check("x = 1 /* c */\nyy = 2\n", "x  = 1 /* c */\nyy = 2\n");
}

#[test]
fn line_breaks_are_kept() {
    check("b {\r\nx = 1\r\n}\r\n", "b {\r\n  x = 1\r\n}\r\n");
}

#[test]
fn byte_order_mark_is_dropped_as_the_reference_drops_it() {
    check("\u{feff}x=1\n", "x = 1\n");
    check("\u{feff}  # c\nx=1\n", "# c\nx = 1\n");
}

#[test]
fn input_with_syntax_errors_is_formatted_token_by_token() {
    check("x = = 1\nb {\ny = (\n", "x = = 1\nb {\n  y = (\n");
    check("x = \"open\ny = 2\n", "x = \"open\ny = 2\n");
    check("a ; b & c\n", "a ; b & c\n");
}

#[test]
fn indentation_is_bounded() {
    let options = FormatOptions {
        max_indent_depth: 2,
        ..FormatOptions::default()
    };
    let got = format_with("[\n[\n[\n[\nx\n]\n]\n]\n]\n", &options);
    assert_eq!(got, "[\n  [\n    [\n    [\n    x\n    ]\n    ]\n  ]\n]\n");
}

#[test]
fn alignment_is_bounded() {
    let options = FormatOptions {
        max_align_column: 4,
        ..FormatOptions::default()
    };
    let got = format_with("a = 1\nbb = 2\nlonger = 3\n", &options);
    assert_eq!(got, "a  = 1\nbb = 2\nlonger = 3\n");
}

#[test]
fn hostile_layouts_give_output_linear_in_the_input() {
    let mut deep = "[\n".repeat(10_000);
    deep.push_str(&"x\n".repeat(10_000));
    let out = format(&deep);
    let bound = FormatOptions::default().max_indent_depth * 2 + 2;
    assert!(out.len() <= deep.len() + bound * 20_000);

    let mut wide = format!("{} = 1\n", "k".repeat(100_000));
    wide.push_str(&"b = 1\n".repeat(10_000));
    let out = format(&wide);
    assert!(out.len() <= wide.len() + FormatOptions::default().max_align_column * 10_001);
    assert_eq!(format(&out), out);
}

#[test]
fn formatting_is_idempotent_on_a_mixed_file() {
    let source = "\
# Service
service \"api\"{
name=\"api\"
replicas = 3 # per zone
  env = { LOG=\"debug\",PORT = 8080 }
ports=[80,443]
cmd = <<-EOT
    run --port ${ var.port }
  EOT
  tags=[for t in var.tags:upper(t) if t!=\"\"]
limits {
cpu=\"1\"   # soft
memory   =  \"1Gi\" # hard
}
}
";
    let once = format(source);
    assert_eq!(format(&once), once);
    assert!(once.contains("  replicas = 3 # per zone\n"));
    assert!(once.contains("  tags     = [for t in var.tags : upper(t) if t != \"\"]\n"));
    assert!(once.contains("    cpu    = \"1\"   # soft\n    memory = \"1Gi\" # hard\n"));
}

/// The syntax tree of `text` without positions: its debug dump with every
/// span removed; `None` when it does not parse.
fn tree_without_positions(text: &str) -> Option<String> {
    let file = crate::parse(text, "t.hcl").ok()?;
    let dump = format!("{:?}", file.body);
    let mut out = String::new();
    let mut rest = dump.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = after.find('}').unwrap();
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of source: tokens of every kind, with and without spaces.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "a",
            "b1",
            "in",
            "for",
            "x-y",
            "0",
            "1",
            "2.5",
            "1e3",
            " ",
            "  ",
            "\t",
            "\n",
            "\n\n",
            "=",
            "==",
            "!=",
            "!",
            "-",
            "+",
            "*",
            "/",
            "%",
            "<",
            ">=",
            "&&",
            "||",
            "?",
            ":",
            ".",
            "...",
            ",",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "=>",
            "::",
            "\"s\"",
            "\"${a}\"",
            "\"%{if a}b%{endif}\"",
            "\"${ {a=1} }\"",
            "# c\n",
            "// c \n",
            "/* c */",
            "<<EOT\n x = 1 \nEOT\n",
            "<<-EOT\n  ${a}\n  EOT\n",
            "a = ",
            "b {",
            "}\n",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Whatever the input: formatting is idempotent; and when the
        /// input parses, the output parses to the same tree.
        #[test]
        fn formatting_is_idempotent_and_keeps_the_tree(
            pieces in prop::collection::vec(piece(), 0..24)
        ) {
            let source = pieces.concat();
            let once = format(&source);
            prop_assert_eq!(format(&once), once.clone(), "{:?}", source);
            if let Some(before) = tree_without_positions(&source) {
                let after = tree_without_positions(&once);
                prop_assert!(after.is_some(), "{:?} formatted as {:?} does not parse", source, once);
                prop_assert_eq!(Some(before), after, "{:?} formatted as {:?}", source, once);
            }
        }
    }
}
