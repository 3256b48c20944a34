//! The cases of the conformance suite about a spec file's `function`
//! blocks, with the reference's results.

use super::load_cases::{Case, ValueCase};

/// Cases whose result is an error: the diagnostics, sorted.
pub(super) const FUNCTION_ERROR_CASES: &[Case] = &[
    Case {
        id: "function-005",
        spec: "function \"add_one\" {\n  params = [n]\n  result = n + 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = add_one()\n",
        json: false,
        want: &[
            "error Not enough function arguments | Function \"add_one\" expects 1 argument(s). Missing value for \"n\". | case.hcl:1:13:12-1:14:13",
        ],
    },
    Case {
        id: "function-006",
        spec: "function \"add_one\" {\n  params = [n]\n  result = n + 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = add_one(1, 2)\n",
        json: false,
        want: &[
            "error Too many function arguments | Function \"add_one\" expects only 1 argument(s). | case.hcl:1:16:15-1:17:16",
        ],
    },
    Case {
        id: "function-008",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\nfunction \"g\" {\n  params = [x]\n  result = f(x)\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = g(1)\n",
        json: false,
        want: &[
            "error Error in function call | Call to function \"g\" failed: spec.hcldec:7,12-13: Call to unknown function; There is no function named \"f\".. | case.hcl:1:5:4-1:7:6",
        ],
    },
    Case {
        id: "function-009",
        spec: "function \"f\" {\n  params = [x]\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Missing required argument | The argument \"result\" is required, but no definition was found. | spec.hcldec:1:14:13-1:14:13",
        ],
    },
    Case {
        id: "function-010",
        spec: "function \"f\" {\n  result = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Missing required argument | The argument \"params\" is required, but no definition was found. | spec.hcldec:1:14:13-1:14:13",
        ],
    },
    Case {
        id: "function-011",
        spec: "function \"f\" {\n  params = \"x\"\n  result = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Invalid expression | A static list expression is required. | spec.hcldec:2:13:27-2:14:28",
        ],
    },
    Case {
        id: "function-012",
        spec: "function \"f\" {\n  params = [\"x\"]\n  result = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Invalid param element | Each parameter name must be an identifier. | spec.hcldec:2:13:27-2:16:30",
        ],
    },
    Case {
        id: "function-013",
        spec: "function \"f\" {\n  params = []\n  variadic_param = \"r\"\n  result = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Invalid variadic_param | The variadic parameter name must be an identifier. | spec.hcldec:3:20:48-3:23:51",
        ],
    },
    Case {
        id: "function-014",
        spec: "function {\n  params = []\n  result = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Missing name for function | All function blocks must have 1 labels (name). | spec.hcldec:1:10:9-1:11:10",
        ],
    },
    Case {
        id: "function-015",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = f(null)\n",
        json: false,
        want: &[
            "error Invalid function argument | Invalid value for \"x\" parameter: argument must not be null. | case.hcl:1:7:6-1:11:10",
        ],
    },
    Case {
        id: "function-016",
        spec: "function \"f\" {\n  params = [x]\n  result = x + 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = f(\"a\")\n",
        json: false,
        want: &[
            "error Error in function call | Call to function \"f\" failed: spec.hcldec:3,12-13: Invalid operand; Unsuitable value for left operand: a number is required.. | case.hcl:1:5:4-1:7:6",
        ],
    },
    Case {
        id: "function-017",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = g(1)\n",
        json: false,
        want: &[
            "error Call to unknown function | There is no function named \"g\". Did you mean \"f\"? | case.hcl:1:5:4-1:6:5",
        ],
    },
    Case {
        id: "function-018",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = v\n",
        json: false,
        want: &[
            "error Variables not allowed | Variables may not be used here. | case.hcl:1:5:4-1:6:5",
        ],
    },
    Case {
        id: "function-019",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = upper(\"x\")\n",
        json: false,
        want: &[
            "error Call to unknown function | There is no function named \"upper\". | case.hcl:1:5:4-1:10:9",
        ],
    },
    Case {
        id: "function-021",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n  extra = 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = 1\n",
        json: false,
        want: &[
            "error Unsupported argument | An argument named \"extra\" is not expected here. | spec.hcldec:4:3:45-4:8:50",
        ],
    },
];

/// Cases whose result is a value.
pub(super) const FUNCTION_VALUE_CASES: &[ValueCase] = &[
    ValueCase {
        id: "function-001",
        spec: "function \"add_one\" {\n  params = [n]\n  result = n + 1\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = add_one(41)\n",
        json: false,
        ty: "[\"object\",{\"a\":\"number\"}]",
        value: "{\"a\":\"42\"}",
    },
    ValueCase {
        id: "function-002",
        spec: "function \"join\" {\n  params = [sep]\n  variadic_param = rest\n  result = length(rest)\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = join(\",\", \"a\", \"b\", \"c\")\n",
        json: false,
        ty: "[\"object\",{\"a\":\"number\"}]",
        value: "{\"a\":\"3\"}",
    },
    ValueCase {
        id: "function-003",
        spec: "function \"join\" {\n  params = [sep]\n  variadic_param = rest\n  result = rest\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = join(\",\")\n",
        json: false,
        ty: "[\"object\",{\"a\":[\"tuple\",[]]}]",
        value: "{\"a\":[]}",
    },
    ValueCase {
        id: "function-004",
        spec: "function \"zero\" {\n  params = []\n  result = 0\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = zero()\n",
        json: false,
        ty: "[\"object\",{\"a\":\"number\"}]",
        value: "{\"a\":\"0\"}",
    },
    ValueCase {
        id: "function-007",
        spec: "function \"shout\" {\n  params = [s]\n  result = upper(s)\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = shout(\"hey\")\n",
        json: false,
        ty: "[\"object\",{\"a\":\"string\"}]",
        value: "{\"a\":\"HEY\"}",
    },
    ValueCase {
        id: "function-022",
        spec: "function \"f\" {\n  params = [x]\n  result = x\n}\nfunction \"f\" {\n  params = [x, y]\n  result = y\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "a = f(1, 2)\n",
        json: false,
        ty: "[\"object\",{\"a\":\"number\"}]",
        value: "{\"a\":\"2\"}",
    },
    ValueCase {
        id: "function-023",
        spec: "function \"twice\" {\n  params = [s]\n  result = \"${s}${s}\"\n}\n\nobject {\n  attr \"a\" {\n  }\n}\n",
        src: "{\"a\": \"${twice(\\\"ab\\\")}\"}",
        json: true,
        ty: "[\"object\",{\"a\":\"string\"}]",
        value: "{\"a\":\"abab\"}",
    },
];
