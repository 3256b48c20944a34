//! What a configuration may hold, level by level, for tools that help
//! people write it (an editor's completion and hover): [`ConfigSchema`].

use serde::{Deserialize, Serialize};

/// The schema of a body and of every block in it, with what a person
/// writing it needs to know: each attribute's type, whether it is
/// required, the values it takes when they are few, and what each item
/// means.
///
/// Its JSON form (through serde) is the schema file of `hcl lsp --schema`.
///
/// # Examples
///
/// ```
/// use hcl_serde::{AttributeInfo, BlockInfo, ConfigSchema};
///
/// let schema = ConfigSchema {
///     attributes: vec![AttributeInfo {
///         name: "region".into(),
///         type_name: "string".into(),
///         required: true,
///         values: vec!["eu-west-1".into(), "us-east-1".into()],
///         doc: Some("Where the service runs.".into()),
///     }],
///     blocks: vec![BlockInfo {
///         block_type: "service".into(),
///         labels: vec!["name".into()],
///         ..BlockInfo::default()
///     }],
///     doc: None,
/// };
/// assert!(schema.attribute("region").unwrap().required);
/// assert_eq!(schema.block("service").unwrap().labels, ["name"]);
///
/// let json = serde_json::to_string(&schema).unwrap();
/// assert_eq!(serde_json::from_str::<ConfigSchema>(&json).unwrap(), schema);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ConfigSchema {
    /// The attributes, in the order they are declared.
    pub attributes: Vec<AttributeInfo>,
    /// The block types, in the order they are declared.
    pub blocks: Vec<BlockInfo>,
    /// What the body is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

impl ConfigSchema {
    /// The attribute named `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// let schema = hcl_serde::ConfigSchema::default();
    /// assert!(schema.attribute("region").is_none());
    /// ```
    pub fn attribute(&self, name: &str) -> Option<&AttributeInfo> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block type `block_type`.
    ///
    /// # Examples
    ///
    /// ```
    /// let schema = hcl_serde::ConfigSchema::default();
    /// assert!(schema.block("service").is_none());
    /// ```
    pub fn block(&self, block_type: &str) -> Option<&BlockInfo> {
        self.blocks.iter().find(|b| b.block_type == block_type)
    }
}

/// An attribute of a [`ConfigSchema`].
///
/// # Examples
///
/// ```
/// let port = hcl_serde::AttributeInfo {
///     name: "port".into(),
///     type_name: "number".into(),
///     ..Default::default()
/// };
/// assert!(!port.required);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttributeInfo {
    /// Its name.
    pub name: String,
    /// Its type, written as a type constraint is (`string`, `number`,
    /// `bool`, `list(string)`, `map(number)`, `object({...})`), or `any`.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Whether a body must have it.
    pub required: bool,
    /// The values it takes, when they are a few strings (a Rust enum of
    /// unit variants); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
    /// What it means.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

/// A block type of a [`ConfigSchema`], with the schema of its body.
///
/// # Examples
///
/// ```
/// let check = hcl_serde::BlockInfo {
///     block_type: "check".into(),
///     many: true,
///     ..Default::default()
/// };
/// assert!(check.labels.is_empty() && check.body.attributes.is_empty());
/// ```
///
/// A block type whose first label takes a few values, `service "web"
/// "api" {}` or `service "worker" "queue" {}`, and whose second takes any
/// string:
///
/// ```
/// let service = hcl_serde::BlockInfo {
///     block_type: "service".into(),
///     labels: vec!["kind".into(), "name".into()],
///     label_values: vec![vec!["web".into(), "worker".into()], vec![]],
///     many: true,
///     ..Default::default()
/// };
/// let json = serde_json::to_value(&service).unwrap();
/// assert_eq!(json["label_values"], serde_json::json!([["web", "worker"], []]));
///
/// // Without values for any label, a schema file leaves them out.
/// let name_only = hcl_serde::BlockInfo {
///     label_values: vec![vec![], vec![]],
///     ..service
/// };
/// let json = serde_json::to_value(&name_only).unwrap();
/// assert!(json.get("label_values").is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlockInfo {
    /// Its type name.
    #[serde(rename = "type")]
    pub block_type: String,
    /// The names of its labels, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    /// The values each label takes, in the order of [`labels`](Self::labels),
    /// when they are a few strings (a Rust enum of unit variants); an empty
    /// list for a label that takes any string. The whole is empty when no
    /// label has values (as [`ConfigSchema::of`] leaves it then), and a
    /// schema file leaves it out when no list has any: `"label_values":
    /// [["web", "worker"], []]`.
    #[serde(skip_serializing_if = "no_label_values")]
    pub label_values: Vec<Vec<String>>,
    /// Whether a body must have one.
    pub required: bool,
    /// Whether a body may have more than one.
    pub many: bool,
    /// What it means.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    /// What its body holds.
    pub body: ConfigSchema,
    /// The prefix of the names its blocks define, for a block type with
    /// one label: with `Some("var")`, a block `variable "region" {}` at
    /// this level defines `region`, which expressions refer to as
    /// `var.region` (`var.region.zone`, `var.region[0]`). An editor goes
    /// from a reference to its block and finds a name's references by it.
    /// [`ConfigSchema::of`] leaves it `None`; an application sets it on the
    /// schema it derives, and a schema file sets it as `"defines": "var"`.
    ///
    /// # Examples
    ///
    /// ```
    /// let variable = hcl_serde::BlockInfo {
    ///     block_type: "variable".into(),
    ///     labels: vec!["name".into()],
    ///     many: true,
    ///     defines: Some("var".into()),
    ///     ..Default::default()
    /// };
    /// let json = serde_json::to_value(&variable).unwrap();
    /// assert_eq!(json["defines"], "var");
    /// ```
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defines: Option<String>,
}

/// Whether no label of `label_values` has values.
fn no_label_values(label_values: &[Vec<String>]) -> bool {
    label_values.iter().all(Vec::is_empty)
}

mod of;
mod trace;
