//! The machine-readable kind of a diagnostic.
//!
//! A diagnostic's summary is prose, worded as the reference implementation
//! words it and sometimes built from the input ("Missing network block");
//! its [`Code`] is a fixed name for the kind of problem, for programs that
//! need to tell one kind from another.

use std::fmt;

/// Defines [`Code`], its names and the list of them all.
macro_rules! codes {
    ($(
        $(#[$doc:meta])*
        $variant:ident => $name:literal,
    )*) => {
        /// What kind of problem a [`Diagnostic`](crate::Diagnostic) is
        /// about: a fixed, machine-readable identity that does not depend
        /// on the wording of the summary.
        ///
        /// Each code has a stable kebab-case name ([`Code::as_str`], also
        /// what `Display` prints), e.g. `unknown-variable`. A summary built
        /// from the input, like "Missing network block", still has one code
        /// ([`Code::MissingBlock`]). Errors and warnings of the same kind
        /// share a code; the diagnostic's severity tells them apart.
        ///
        /// Limits each have their own code: [`Code::InputTooLarge`],
        /// [`Code::NestingTooDeep`], [`Code::ExpressionTooDeep`],
        /// [`Code::ValueNestedTooDeep`], [`Code::TooManyValues`],
        /// [`Code::StringsTooLong`] and [`Code::TooManyErrors`]. The limits of the standard functions
        /// (see [`functions::limits`](crate::functions::limits)) are errors
        /// of the call, [`Code::InvalidFunctionArgument`] or
        /// [`Code::FunctionCallFailed`].
        ///
        /// New codes may be added in any release, hence `#[non_exhaustive]`.
        ///
        /// # Examples
        ///
        /// ```
        /// use hcl_core::{Code, EvalContext};
        ///
        /// let diags = EvalContext::new().evaluate_str("name").unwrap_err();
        /// let diag = diags.iter().next().unwrap();
        /// assert_eq!(diag.code, Code::UnknownVariable);
        /// assert_eq!(diag.code.as_str(), "unknown-variable");
        /// assert_eq!(diag.code.to_string(), "unknown-variable");
        /// ```
        #[non_exhaustive]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(
                $(#[$doc])*
                $variant,
            )*
        }

        impl Code {
            /// Every code, in the order they are declared.
            ///
            /// # Examples
            ///
            /// ```
            /// use hcl_core::Code;
            /// assert!(Code::ALL.contains(&Code::UnknownVariable));
            /// ```
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code's stable kebab-case name, e.g. `unknown-variable`.
            ///
            /// # Examples
            ///
            /// ```
            /// use hcl_core::Code;
            /// assert_eq!(Code::MissingRequiredArgument.as_str(), "missing-required-argument");
            /// assert_eq!(Code::NestingTooDeep.as_str(), "nesting-too-deep");
            /// ```
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }
        }
    };
}

codes! {
    // ------------------------------------------------------------ lexical

    /// A character that has no place in the language: a semicolon, a
    /// backtick, a single or curly quote, or any other stray character.
    InvalidCharacter => "invalid-character",
    /// A bitwise operator (`&`, `|`, `^`, `~`), which the language lacks.
    UnsupportedOperator => "unsupported-operator",
    /// A quoted string split over lines.
    InvalidMultiLineString => "invalid-multi-line-string",
    /// A backslash escape that is not one of the language's.
    InvalidEscapeSequence => "invalid-escape-sequence",
    /// A quoted block label whose closing quote is missing.
    UnterminatedString => "unterminated-string",
    /// A quoted block label with a template sequence or another item that
    /// a literal string cannot hold.
    InvalidStringLiteral => "invalid-string-literal",

    // ---------------------------------------------------------- templates

    /// A quoted template whose closing quote is missing.
    UnterminatedTemplate => "unterminated-template",
    /// A `${` or `%{` sequence that is never closed.
    UnclosedInterpolation => "unclosed-interpolation",
    /// More than one expression inside a `${ }` sequence.
    ExtraCharactersAfterInterpolation => "extra-characters-after-interpolation",
    /// A `%{` sequence that does not start with a directive keyword.
    InvalidTemplateDirective => "invalid-template-directive",
    /// A `%{` sequence whose keyword is not `if`, `else`, `endif`, `for`
    /// or `endfor`.
    InvalidTemplateKeyword => "invalid-template-keyword",
    /// A malformed `%{ for }` directive.
    InvalidForDirective => "invalid-for-directive",
    /// Something after the keyword of an `else`, `endif` or `endfor`
    /// marker.
    ExtraCharactersInMarker => "extra-characters-in-marker",
    /// An `else`, `endif` or `endfor` directive without its opening
    /// directive, or in the wrong place.
    UnexpectedDirective => "unexpected-directive",
    /// A template that ends before an `if` or `for` directive is closed.
    UnexpectedEndOfTemplate => "unexpected-end-of-template",

    // -------------------------------------------------------------- bodies

    /// Something in a body that starts neither an argument nor a block.
    ArgumentOrBlockRequired => "argument-or-block-required",
    /// A nested block, or a name without `=`, in a single-line block.
    ArgumentRequired => "argument-required",
    /// An argument whose name is not an identifier.
    InvalidArgumentName => "invalid-argument-name",
    /// A block whose closing brace is missing.
    UnclosedBlock => "unclosed-block",
    /// A body that the input ends inside of, where no block is open.
    UnclosedBody => "unclosed-body",
    /// An argument defined twice in one body.
    AttributeRedefined => "attribute-redefined",
    /// A malformed block header: labels or braces wrong.
    InvalidBlockDefinition => "invalid-block-definition",
    /// A single-line block with more than one argument, or a nested block.
    InvalidSingleArgumentBlock => "invalid-single-argument-block",
    /// Something on the line of a block's closing brace.
    MissingNewlineAfterBlock => "missing-newline-after-block",
    /// Something on the line after an argument's value.
    MissingNewlineAfterArgument => "missing-newline-after-argument",
    /// A comma after an argument's value.
    UnexpectedCommaAfterArgument => "unexpected-comma-after-argument",
    /// A kept body (`OwnedBody`) whose position is not within its file.
    InvalidBodyPosition => "invalid-body-position",

    // --------------------------------------------------------- expressions

    /// Something after an expression that was expected to end the input.
    ExtraCharactersAfterExpression => "extra-characters-after-expression",
    /// A token that cannot start or continue an expression.
    InvalidExpression => "invalid-expression",
    /// An expression expected but the input or line ends.
    MissingExpression => "missing-expression",
    /// A number literal that cannot be read.
    InvalidNumberLiteral => "invalid-number-literal",
    /// A parenthesis opened and never closed, or closed without opening.
    UnbalancedParentheses => "unbalanced-parentheses",
    /// A parenthesized expression without its closing parenthesis.
    MissingClosingParenthesis => "missing-closing-parenthesis",
    /// A `::` in a function name not followed by a name.
    MissingFunctionName => "missing-function-name",
    /// A function name with `::` not followed by `(`.
    MissingOpenParenthesis => "missing-open-parenthesis",
    /// A function call whose closing parenthesis is missing.
    UnterminatedFunctionCall => "unterminated-function-call",
    /// Function arguments not separated by commas.
    MissingArgumentSeparator => "missing-argument-separator",
    /// A conditional without its `: false` part.
    MissingFalseExpression => "missing-false-expression",
    /// A tuple (`[ ]`) whose closing bracket is missing.
    UnterminatedTuple => "unterminated-tuple",
    /// Tuple elements not separated by commas.
    MissingItemSeparator => "missing-item-separator",
    /// An object (`{ }`) whose closing brace is missing.
    UnterminatedObject => "unterminated-object",
    /// An object key with no value after its `=` or `:`.
    MissingAttributeValue => "missing-attribute-value",
    /// An object key not followed by `=` or `:`.
    MissingKeyValueSeparator => "missing-key-value-separator",
    /// Object elements not separated by commas or newlines.
    MissingAttributeSeparator => "missing-attribute-separator",
    /// A malformed `for` expression.
    InvalidForExpression => "invalid-for-expression",
    /// A `.` not followed by an attribute name.
    InvalidAttributeName => "invalid-attribute-name",
    /// Two legacy indexes chained together (`a.0.1`).
    InvalidLegacyIndex => "invalid-legacy-index",
    /// A splat (`*`) inside the traversal of an attribute-only splat.
    NestedSplat => "nested-splat",
    /// An index or splat index (`[`) whose closing bracket is missing.
    MissingCloseBracket => "missing-close-bracket",

    // --------------------------------------------------------- JSON syntax

    /// Text that is not valid JSON: a trailing comma, a comment, single
    /// quotes, an unterminated string or object, a bad escape, number or
    /// keyword.
    InvalidJsonSyntax => "invalid-json-syntax",
    /// A file of the JSON syntax whose root is not an object or an array.
    JsonRootNotObject => "json-root-not-object",
    /// A JSON value of the wrong kind where the schema wants a body, a
    /// block or its labels.
    IncorrectJsonValueType => "incorrect-json-value-type",
    /// A JSON object property that names no argument or block type of the
    /// schema.
    ExtraneousJsonProperty => "extraneous-json-property",

    // -------------------------------------------------------------- limits

    /// The input is longer than `Limits::max_input_bytes`.
    InputTooLarge => "input-too-large",
    /// Brackets, braces, parentheses, template sequences, conditionals,
    /// blocks and labels nest deeper than `Limits::max_nesting_depth`.
    NestingTooDeep => "nesting-too-deep",
    /// An expression tree is deeper than `Limits::max_expression_depth`,
    /// when parsing or checking.
    ExpressionTooDeep => "expression-too-deep",
    /// An evaluation met a value nested deeper than
    /// `Limits::max_value_depth`.
    ValueNestedTooDeep => "value-nested-too-deep",
    /// An evaluation built or handled more values than
    /// `Limits::max_eval_values` or what is left of
    /// `Limits::max_total_eval_values`.
    TooManyValues => "too-many-values",
    /// An evaluation built or handled more bytes of strings than
    /// `Limits::max_eval_string_bytes` or what is left of
    /// `Limits::max_total_eval_string_bytes`.
    StringsTooLong => "strings-too-long",
    /// A decode met more errors than it reports, and stopped looking for
    /// more (`hcl_serde` reports 64).
    TooManyErrors => "too-many-errors",
    /// The grammar of record made more rule calls for a top-level item
    /// than `Limits::GRAMMAR_CALLS_PER_INPUT_BYTE` allows for its length
    /// (`parse_with_grammar`, feature `pest-parser`).
    GrammarCallLimit => "grammar-call-limit",
    /// The grammar of record rejects a file that the parser accepts
    /// (`parse_with_grammar`, feature `pest-parser`): the two disagree,
    /// which is a bug.
    GrammarDisagrees => "grammar-disagrees",

    // ---------------------------------------------------------- references

    /// A variable that the evaluation context does not define.
    UnknownVariable => "unknown-variable",
    /// A variable in an expression evaluated without variables.
    VariablesNotAllowed => "variables-not-allowed",
    /// A function call in an expression evaluated without functions.
    FunctionCallsNotAllowed => "function-calls-not-allowed",
    /// A function that the evaluation context does not define.
    UnknownFunction => "unknown-function",

    // ----------------------------------------------------------- functions

    /// A function called with fewer arguments than it takes.
    NotEnoughArguments => "not-enough-arguments",
    /// A function called with more arguments than it takes.
    TooManyArguments => "too-many-arguments",
    /// A function argument of the wrong type or an unacceptable value.
    InvalidFunctionArgument => "invalid-function-argument",
    /// A function that failed for its arguments together, or hit one of
    /// its limits.
    FunctionCallFailed => "function-call-failed",
    /// An argument expanded with `...` that is not a list, set or tuple.
    InvalidExpandingArgument => "invalid-expanding-argument",

    // --------------------------------------------------------- evaluation

    /// An object key that could be read as a name or as a reference.
    AmbiguousAttributeKey => "ambiguous-attribute-key",
    /// The same key twice in an object constructor.
    DuplicateObjectKey => "duplicate-object-key",
    /// The key of a `for` expression that makes an object: null, or not
    /// convertible to a string.
    InvalidObjectKey => "invalid-object-key",
    /// A null key in an object constructor.
    NullKey => "null-key",
    /// An object constructor's key that cannot become a string.
    IncorrectKeyType => "incorrect-key-type",
    /// The null condition of a conditional or a `for`'s `if`.
    NullCondition => "null-condition",
    /// The condition of a conditional or a `for`'s `if` that is not a
    /// bool.
    IncorrectConditionType => "incorrect-condition-type",
    /// The two results of a conditional have no common type.
    InconsistentConditionalTypes => "inconsistent-conditional-types",
    /// The results of a splat have no common type.
    InconsistentSplatTypes => "inconsistent-splat-types",
    /// A `for` over a null value.
    IterationOverNull => "iteration-over-null",
    /// A `for` over a value that is not a collection.
    IterationOverNonIterable => "iteration-over-non-iterable",
    /// An operand of an operator that is not of the type it takes.
    InvalidOperand => "invalid-operand",
    /// An operation that failed on its values, e.g. a division by zero.
    OperationFailed => "operation-failed",
    /// A template interpolation of a value that cannot become a string,
    /// or a directive's value of the wrong type.
    InvalidTemplateValue => "invalid-template-value",
    /// An index (`[...]`) on a null value.
    IndexOfNull => "index-of-null",
    /// An attribute access (`.name`) on a null value.
    AttributeOfNull => "attribute-of-null",
    /// An index of the wrong type, out of range or into a value that has
    /// no elements.
    InvalidIndex => "invalid-index",
    /// An attribute that the object does not have.
    UnsupportedAttribute => "unsupported-attribute",
    /// An attribute access on a map that lacks the element.
    MissingMapElement => "missing-map-element",
    /// A splat of a null value, where the result would be ambiguous.
    SplatOfNull => "splat-of-null",

    // ------------------------------------------------------------- types

    /// A value, or the type of an expression, that does not convert to the
    /// type wanted; a warning when the conversion may fail depending on
    /// the value.
    IncorrectValueType => "incorrect-value-type",
    /// A number literal whose value cannot be held exactly (a warning).
    ImpreciseInteger => "imprecise-integer",
    /// A typed schema that cannot be used as a schema.
    InvalidSchema => "invalid-schema",
    /// A type expression that does not name a type.
    InvalidTypeSpecification => "invalid-type-specification",
    /// The default of an optional object attribute that does not convert
    /// to the attribute's type.
    InvalidOptionalDefault => "invalid-optional-default",

    // ------------------------------------------------------------- schema

    /// A required argument that is missing.
    MissingRequiredArgument => "missing-required-argument",
    /// An argument that the schema does not have.
    UnsupportedArgument => "unsupported-argument",
    /// A block type that the schema does not have.
    UnsupportedBlockType => "unsupported-block-type",
    /// An argument defined in two bodies that are merged.
    DuplicateArgument => "duplicate-argument",
    /// Two blocks where one is expected.
    DuplicateBlock => "duplicate-block",
    /// A block in a body read as arguments only.
    UnexpectedBlock => "unexpected-block",
    /// A block with more labels than its schema names.
    ExtraneousLabel => "extraneous-label",
    /// A block with fewer labels than its schema names.
    MissingLabel => "missing-label",
    /// A required block that is missing.
    MissingBlock => "missing-block",
    /// Blocks of one type whose numbers of labels differ.
    InconsistentLabels => "inconsistent-labels",
    /// A block label that is not acceptable where it is decoded.
    InvalidLabel => "invalid-label",
    /// Fewer blocks of a type than a spec's `min_items`.
    TooFewBlocks => "too-few-blocks",
    /// More blocks of a type than a spec's `max_items`.
    TooManyBlocks => "too-many-blocks",
    /// Blocks of one type whose values have no common type.
    InconsistentBlockTypes => "inconsistent-block-types",

    // ----------------------------------------------------------- decoding

    /// A value that cannot be decoded into the type asked for.
    InvalidValue => "invalid-value",
    /// A value that a configuration cannot hold, e.g. a float that is not
    /// a number.
    UnsupportedValue => "unsupported-value",
    /// A value not known until later where a known one is needed.
    UnknownValue => "unknown-value",
    /// Input that is not UTF-8.
    InvalidUtf8 => "invalid-utf8",
    /// A file or stream that could not be read.
    ReadFailed => "read-failed",

    // ---------------------------------------------------------- extensions

    /// A parameter name of a user-defined function that is not an
    /// identifier (see [`ext::userfunc`](crate::ext::userfunc)).
    InvalidParameterName => "invalid-parameter-name",
    /// A `dynamic` block's `iterator` that is not a single variable name
    /// (see [`ext::dynblock`](crate::ext::dynblock)).
    InvalidDynamicIterator => "invalid-dynamic-iterator",
    /// A `dynamic` block's `for_each` that is null or not a collection.
    InvalidDynamicForEach => "invalid-dynamic-for-each",
    /// A label of a generated block that is null, unknown or not a string,
    /// or `labels` that are more or fewer than the block type's.
    InvalidDynamicLabel => "invalid-dynamic-label",
    /// A `dynamic` block without a `content` block, or with several.
    InvalidDynamicContent => "invalid-dynamic-content",

    // -------------------------------------------------------- command line

    /// A block in a file of variables, which holds arguments only.
    BlockInVariablesFile => "block-in-variables-file",
    /// A block that the JSON rendering of a body leaves out (a warning).
    BlockLeftOutOfJson => "block-left-out-of-json",

    // ------------------------------------------------------------- editing

    /// A value that an edit cannot write as an expression that reads back
    /// (an infinite number, an unknown value).
    UnwritableValue => "unwritable-value",
    /// An edit's traversal text that is not a name followed by attribute
    /// and index steps.
    InvalidTraversal => "invalid-traversal",

    // -------------------------------------------------------------- other

    /// A diagnostic made by an application for its own checks (an
    /// undeclared name, a deprecated argument...): this workspace never
    /// makes one, and its kind is for the application to tell.
    Custom => "custom",
}

impl fmt::Display for Code {
    /// Prints [`Code::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests;
