//! Cases of the conformance suite (`spec-dec.jsonl`), their spec files
//! translated into specs built in code: the reference's exact summaries,
//! details and ranges, sorted as the suite compares them.

use crate::types::Type;

use super::*;

fn attr(name: &str, ty: Type) -> Spec {
    Spec::attr(name, ty)
}

fn number_v() -> Spec {
    Spec::object([("v", attr("v", Type::Number))])
}

fn number_x() -> Spec {
    Spec::object([("x", attr("x", Type::Number))])
}

/// Runs a case and compares the sorted diagnostics.
fn case(id: &str, spec: &Spec, src: &str, want: &[&str]) {
    let (_, diags) = run(src, spec);
    assert_eq!(sorted(&diags), want, "{id}");
}

/// Runs a JSON-syntax case and compares the sorted diagnostics.
fn json_case(id: &str, spec: &Spec, src: &str, want: &[&str]) {
    let (_, diags) = run_json(src, spec);
    assert_eq!(sorted(&diags), want, "{id}");
}

#[test]
fn object_cases() {
    let empty = Spec::object::<&str>([]);
    case(
        "object-002",
        &empty,
        "a = 1\n",
        &["Unsupported argument | An argument named \"a\" is not expected here. | 1:1:0-1:2:1"],
    );
    case("object-003", &empty, "thing {\n}\n", &[
        "Unsupported block type | Blocks of type \"thing\" are not expected here. | 1:1:0-1:6:5",
    ]);
    let colour = Spec::object([("colour", attr("colour", Type::String))]);
    case(
        "object-015",
        &colour,
        "color = \"red\"\n",
        &[
            "Unsupported argument | An argument named \"color\" is not expected here. \
         Did you mean \"colour\"? | 1:1:0-1:6:5",
        ],
    );
    let a = Spec::object([("a", attr("a", Type::String))]);
    case(
        "object-018",
        &a,
        "a = \"x\"\nb = 1\nc = 2\n",
        &[
            "Unsupported argument | An argument named \"b\" is not expected here. | 2:1:8-2:2:9",
            "Unsupported argument | An argument named \"c\" is not expected here. | 3:1:14-3:2:15",
        ],
    );
    let block = Spec::object([("b", Spec::block("b", Spec::object::<&str>([])))]);
    case(
        "object-013",
        &block,
        "b = {}\n",
        &[
            "Unsupported argument | An argument named \"b\" is not expected here. \
         Did you mean to define a block of type \"b\"? | 1:1:0-1:2:1",
        ],
    );
}

#[test]
fn attr_cases() {
    let required = Spec::object([("a", attr("a", Type::Dynamic).required())]);
    case(
        "attr-004",
        &required,
        "",
        &[
            "Missing required argument | The argument \"a\" is required, but no definition \
         was found. | 1:1:0-1:1:0",
        ],
    );
    case(
        "attr-005",
        &required,
        "b = 1\n",
        &[
            "Missing required argument | The argument \"a\" is required, but no definition \
         was found. | 1:1:0-1:1:0",
            "Unsupported argument | An argument named \"b\" is not expected here. \
         Did you mean \"a\"? | 1:1:0-1:2:1",
        ],
    );
    let typed = |ty: Type| Spec::object([("a", attr("a", ty))]);
    let wrong = |detail: &str, at: &str| {
        format!("Incorrect attribute value type | Inappropriate value for attribute \"a\": {detail}. | {at}")
    };
    let cases: [(&str, Type, &str, String); 9] = [
        (
            "attr-017",
            Type::String,
            "a = [1]\n",
            wrong("string required", "1:5:4-1:8:7"),
        ),
        (
            "attr-019",
            Type::Number,
            "a = \"abc\"\n",
            wrong("a number is required", "1:5:4-1:10:9"),
        ),
        (
            "attr-027",
            Type::Number,
            "a = true\n",
            wrong("number required", "1:5:4-1:9:8"),
        ),
        (
            "attr-029",
            Type::Bool,
            "a = \"yes\"\n",
            wrong("a bool is required", "1:5:4-1:10:9"),
        ),
        (
            "attr-030",
            Type::Bool,
            "a = 1\n",
            wrong("bool required", "1:5:4-1:6:5"),
        ),
        (
            "attr-032",
            Type::list(Type::Number),
            "a = [\"1\", \"x\"]\n",
            wrong("a number is required", "1:5:4-1:15:14"),
        ),
        (
            "attr-035",
            Type::list(Type::String),
            "a = \"x\"\n",
            wrong("list of string required", "1:5:4-1:8:7"),
        ),
        (
            "attr-039",
            Type::map(Type::String),
            "a = [\"x\"]\n",
            wrong("map of string required", "1:5:4-1:10:9"),
        ),
        (
            "attr-052",
            Type::list(Type::Dynamic),
            "a = [1, true]\n",
            wrong("all list elements must have the same type", "1:5:4-1:14:13"),
        ),
    ];
    for (id, ty, src, want) in cases {
        case(id, &typed(ty), src, &[want.as_str()]);
    }
    let object = Type::object([("x", Type::String), ("y", Type::Number)]);
    case(
        "attr-042",
        &typed(object),
        "a = {x = 1}\n",
        &[&wrong("attribute \"y\" is required", "1:5:4-1:12:11")],
    );
    let tuple = Type::tuple(vec![Type::String, Type::Number]);
    case(
        "attr-046",
        &typed(tuple),
        "a = [1]\n",
        &[&wrong("tuple required", "1:5:4-1:8:7")],
    );
}

#[test]
fn attr_cases_without_a_context() {
    let string = Spec::object([("a", attr("a", Type::String))]);
    case(
        "attr-072",
        &string,
        "a = upper(\"x\")\n",
        &["Function calls not allowed | Functions may not be called here. | 1:5:4-1:15:14"],
    );
    case(
        "attr-073",
        &string,
        "a = x\n",
        &["Variables not allowed | Variables may not be used here. | 1:5:4-1:6:5"],
    );
    let number = Spec::object([("a", attr("a", Type::Number))]);
    case("attr-074", &number, "a = 1 + \"a\"\n", &[
        "Invalid operand | Unsuitable value for right operand: a number is required. | 1:9:8-1:12:11",
    ]);
}

#[test]
fn block_cases() {
    let required = Spec::object([("b", Spec::block("b", number_x()).required())]);
    case(
        "block-003",
        &required,
        "",
        &["Missing b block | A block of type \"b\" is required here. | 1:1:0-1:1:0"],
    );
    case(
        "block-004",
        &required,
        "c = 1\n",
        &[
            "Missing b block | A block of type \"b\" is required here. | 1:1:0-1:1:0",
            "Unsupported argument | An argument named \"c\" is not expected here. | 1:1:0-1:2:1",
        ],
    );
    let optional = Spec::object([("b", Spec::block("b", number_x()))]);
    let duplicate = "Duplicate b block | Only one block of type \"b\" is allowed. Previous \
                     definition was at case.hcl:1,1-2. | 4:1:14-4:2:15";
    case(
        "block-005",
        &optional,
        "b {\n  x = 1\n}\nb {\n  x = 2\n}\n",
        &[duplicate],
    );
    case(
        "block-006",
        &optional,
        "b {\n  x = 1\n}\nb {\n  x = 2\n}\nb {\n  x = 3\n}\n",
        &[duplicate],
    );
    case(
        "block-008",
        &optional,
        "b \"lbl\" {\n  x = 1\n}\n",
        &["Extraneous label for b | No labels are expected for b blocks. | 1:3:2-1:8:7"],
    );
    case(
        "block-010",
        &optional,
        "b {\n  x = \"one\"\n}\n",
        &[
            "Incorrect attribute value type | Inappropriate value for attribute \"x\": a number \
         is required. | 2:7:10-2:12:15",
        ],
    );
    let inner = Spec::block("inner", Spec::object::<&str>([])).required();
    let outer = Spec::object([(
        "outer",
        Spec::block("outer", Spec::object([("inner", inner)])),
    )]);
    case(
        "block-019",
        &outer,
        "outer {\n}\n",
        &["Missing inner block | A block of type \"inner\" is required here. | 1:7:6-1:7:6"],
    );
}

#[test]
fn block_list_cases() {
    let items = |min: usize, max: usize| {
        let list = Spec::block_list("item", number_v())
            .min_items(min)
            .max_items(max);
        Spec::object([("item", list)])
    };
    let two = "item {\n  v = 1\n}\nitem {\n  v = 2\n}\n";
    let insufficient = |n: usize| {
        format!(
            "Insufficient item blocks | At least {n} \"item\" blocks are required. | 1:1:0-1:1:0"
        )
    };
    case(
        "block_list-004",
        &items(2, 0),
        "item {\n  v = 1\n}\n",
        &[&insufficient(2)],
    );
    case("block_list-005", &items(2, 0), "", &[&insufficient(2)]);
    case(
        "block_list-007",
        &items(0, 1),
        two,
        &["Too many item blocks | No more than 1 \"item\" blocks are allowed | 4:6:22-4:6:22"],
    );
    let four = "item {\n  v = 1\n}\nitem {\n  v = 2\n}\nitem {\n  v = 3\n}\nitem {\n  v = 4\n}\n";
    case(
        "block_list-008",
        &items(0, 2),
        four,
        &["Too many item blocks | No more than 2 \"item\" blocks are allowed | 7:6:39-7:6:39"],
    );
    case("block_list-010", &items(3, 1), two, &[&insufficient(3)]);
    case(
        "block_list-023",
        &items(0, 1),
        "item {\n  v = 1\n}\nitem {\n  v = \"x\"\n}\n",
        &[
            "Too many item blocks | No more than 1 \"item\" blocks are allowed | 4:6:22-4:6:22",
            "Incorrect attribute value type | Inappropriate value for attribute \"v\": a number \
         is required. | 5:7:30-5:10:33",
        ],
    );
    let any = Spec::block_list("item", Spec::object([("v", attr("v", Type::Dynamic))]));
    case(
        "block_list-016",
        &Spec::object([("item", any)]),
        "item {\n  v = 1\n}\nitem {\n  v = [1]\n}\n",
        &[
            "Unconsistent argument types in item blocks | Corresponding attributes in all blocks \
         of this type must be the same. | 1:6:5-1:6:5",
        ],
    );
    case("block_list-022", &items(0, 0), "item {\n  v = 1\n}\nother = 2\nitem {\n  v = 2\n}\n", &[
        "Unsupported argument | An argument named \"other\" is not expected here. | 4:1:17-4:6:22",
    ]);
}

#[test]
fn block_list_cases_of_a_bare_attr() {
    let required = Spec::object([(
        "b",
        Spec::block_list("b", attr("n", Type::Dynamic).required()),
    )]);
    case(
        "block_list-031",
        &required,
        "b {\n  n = 1\n}\nb {\n}\n",
        &[
            "Missing required argument | The argument \"n\" is required, but no definition was \
         found. | 4:3:16-4:3:16",
        ],
    );
    let max = Spec::object([(
        "b",
        Spec::block_list("b", attr("n", Type::Dynamic)).max_items(1),
    )]);
    case(
        "block_list-033",
        &max,
        "b {\n  n = 1\n}\nb {\n  n = 2\n}\n",
        &["Too many b blocks | No more than 1 \"b\" blocks are allowed | 5:7:24-5:8:25"],
    );
}

#[test]
fn block_set_cases() {
    let set = Spec::object([("item", Spec::block_set("item", number_v()).min_items(2))]);
    // Counted before equal values merge.
    let (value, diags) = run("item {\n  v = 1\n}\nitem {\n  v = 1\n}\n", &set);
    assert!(diags.is_empty(), "block_set-005: {diags}");
    assert_eq!(value.get_attr("item").and_then(|s| s.length()), Some(1));
    let max = Spec::object([("item", Spec::block_set("item", number_v()).max_items(1))]);
    case(
        "block_set-006",
        &max,
        "item {\n  v = 1\n}\nitem {\n  v = 1\n}\n",
        &["Too many item blocks | No more than 1 \"item\" blocks are allowed | 4:6:22-4:6:22"],
    );
}

#[test]
fn block_map_cases() {
    let one = Spec::object([("res", Spec::block_map("res", &["name"], number_v()))]);
    let two = Spec::object([("res", Spec::block_map("res", &["kind", "name"], number_v()))]);
    case(
        "block_map-005",
        &one,
        "res \"a\" {\n  v = 1\n}\nres \"a\" {\n  v = 2\n}\n",
        &[
            "Duplicate res block | A block for res \"a\" was already defined. The res labels must \
         be unique. | 4:1:20-4:8:27",
        ],
    );
    case("block_map-006", &two, "res \"x\" \"a\" {\n  v = 1\n}\nres \"x\" \"a\" {\n  v = 2\n}\n", &[
        "Duplicate res block | A block for res \"x\" \"a\" was already defined. The res labels \
         must be unique. | 4:1:24-4:12:35",
    ]);
    case(
        "block_map-007",
        &one,
        "res {\n  v = 1\n}\n",
        &["Missing name for res | All res blocks must have 1 labels (name). | 1:5:4-1:6:5"],
    );
    case(
        "block_map-008",
        &two,
        "res \"x\" {\n  v = 1\n}\n",
        &["Missing name for res | All res blocks must have 2 labels (kind, name). | 1:9:8-1:10:9"],
    );
    case("block_map-009", &one, "res \"a\" \"b\" {\n  v = 1\n}\n", &[
        "Extraneous label for res | Only 1 labels (name) are expected for res blocks. | 1:9:8-1:12:11",
    ]);
    let (value, _) = run("", &two);
    let empty = Value::map(
        Type::object([("v", Type::Number)]),
        Vec::<(&str, Value)>::new(),
    );
    assert_eq!(value.get_attr("res"), empty.ok(), "block_map-003");
}

#[test]
fn default_cases() {
    let spec = Spec::object([(
        "v",
        Spec::default(attr("a", Type::Number), attr("b", Type::Number)),
    )]);
    case(
        "default-017",
        &spec,
        "a = \"x\"\nb = 1\n",
        &[
            "Incorrect attribute value type | Inappropriate value for attribute \"a\": a number \
         is required. | 1:5:4-1:8:7",
        ],
    );
}

#[test]
fn json_cases() {
    let a = Spec::object([("a", attr("a", Type::Dynamic))]);
    json_case("object-014", &a, "{\"a\": 1, \"z\": 2}", &[
        "Extraneous JSON object property | No argument or block type is named \"z\". | 1:10:9-1:13:12",
    ]);
    let required = Spec::object([("a", attr("a", Type::Dynamic).required())]);
    json_case(
        "attr-006",
        &required,
        "{\n}\n",
        &[
            "Missing required argument | The argument \"a\" is required, but no definition was \
         found. | 2:1:2-2:2:3",
        ],
    );
    let b = Spec::object([("b", Spec::block("b", number_x()))]);
    json_case(
        "block-023",
        &b,
        "{\"b\": [{\"x\": 1}, {\"x\": 2}]}",
        &[
            "Duplicate b block | Only one block of type \"b\" is allowed. Previous definition was \
         at case.hcl.json:1,7-8. | 1:7:6-1:8:7",
        ],
    );
    let b = Spec::object([("b", Spec::block("b", number_x()).required())]);
    json_case(
        "block-027",
        &b,
        "{\"b\": []}",
        &["Missing b block | A block of type \"b\" is required here. | 1:9:8-1:10:9"],
    );
    let min = Spec::object([("item", Spec::block_list("item", number_v()).min_items(1))]);
    json_case(
        "block_list-026",
        &min,
        "{\"item\": []}",
        &["Insufficient item blocks | At least 1 \"item\" blocks are required. | 1:12:11-1:13:12"],
    );
    let max = Spec::object([("item", Spec::block_list("item", number_v()).max_items(1))]);
    json_case(
        "block_list-027",
        &max,
        "{\"item\": [{\"v\": 1}, {\"v\": 2}]}",
        &["Too many item blocks | No more than 1 \"item\" blocks are allowed | 1:28:27-1:29:28"],
    );
    let map = Spec::object([("res", Spec::block_map("res", &["name"], number_v()))]);
    json_case(
        "block_map-020",
        &map,
        "{\"res\": {\"a\": [{\"v\": 1}, {\"v\": 2}]}}",
        &[
            "Duplicate res block | A block for res \"a\" was already defined. The res labels must \
         be unique. | 1:15:14-1:16:15",
        ],
    );
}
