//! The typed schema of the synthetic Terraform-like inputs, twice:
//! `by_map` lays labels out as nested map keys, as hcl-rs and the HCL JSON
//! syntax do (the layout the peers were measured with), and `by_label`
//! reads them into label fields, as this project's users would. Dynamic
//! parts are of type `D`. The `serialize` benchmark writes them back.

#![allow(dead_code, missing_docs)]

/// Labels as nested map keys.
pub mod by_map {
    use serde::{Deserialize, Serialize};
    use std::collections::HashMap;

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields, bound(deserialize = "D: Deserialize<'de>"))]
    pub struct Config<D> {
        pub terraform: Option<Terraform>,
        #[serde(default)]
        pub provider: HashMap<String, Provider>,
        pub locals: Option<HashMap<String, D>>,
        #[serde(default)]
        pub variable: HashMap<String, Variable<D>>,
        #[serde(default)]
        pub resource: HashMap<String, HashMap<String, Resource<D>>>,
        #[serde(default)]
        pub data: HashMap<String, HashMap<String, DataSource>>,
        #[serde(default)]
        pub output: HashMap<String, Output<D>>,
        #[serde(default)]
        pub module: HashMap<String, Module<D>>,
    }

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Terraform {
        pub required_version: Option<String>,
        #[serde(default)]
        pub backend: HashMap<String, super::Backend>,
    }

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Provider {
        pub region: Option<String>,
        pub project: Option<String>,
    }

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Variable<D> {
        pub description: Option<String>,
        pub default: Option<D>,
        pub sensitive: Option<bool>,
        pub nullable: Option<bool>,
    }

    pub type Resource<D> = super::ResourceBody<D>;

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct DataSource {
        pub most_recent: Option<bool>,
        pub owners: Option<Vec<String>>,
        pub name_regex: Option<String>,
        #[serde(default)]
        pub filter: Vec<super::Filter>,
    }

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(deny_unknown_fields)]
    pub struct Output<D> {
        pub value: D,
        pub description: Option<String>,
        pub sensitive: Option<bool>,
    }

    #[derive(Debug, Deserialize, Serialize)]
    pub struct Module<D> {
        pub source: String,
        pub version: Option<String>,
        #[serde(flatten)]
        pub inputs: HashMap<String, D>,
    }

    impl<D> Config<D> {
        /// How many resources, for checking that every reader read the same.
        pub fn resources(&self) -> usize {
            self.resource.values().map(HashMap::len).sum()
        }
    }
}

impl<D> by_label::Config<D> {
    /// How many resources.
    pub fn resources(&self) -> usize {
        self.resource.len()
    }
}

/// Labels as label fields, with `#[hcl]`.
pub mod by_label {
    use serde::{Deserialize, Serialize};
    use std::collections::HashMap;

    #[derive(Debug, Deserialize, Serialize)]
    #[serde(bound(deserialize = "D: Deserialize<'de>"))]
    pub struct Config<D> {
        pub terraform: Option<Terraform>,
        #[serde(default)]
        pub provider: Vec<Provider>,
        pub locals: Option<HashMap<String, D>>,
        #[serde(default)]
        pub variable: Vec<Variable<D>>,
        #[serde(default)]
        pub resource: Vec<Resource<D>>,
        #[serde(default)]
        pub data: Vec<DataSource>,
        #[serde(default)]
        pub output: Vec<Output<D>>,
        #[serde(default)]
        pub module: Vec<Module>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Terraform {
        pub required_version: Option<String>,
        #[serde(default)]
        pub backend: Vec<Backend>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Backend {
        #[hcl(label)]
        pub kind: String,
        pub bucket: String,
        pub key: String,
        pub region: String,
        pub encrypt: Option<bool>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Provider {
        #[hcl(label)]
        pub name: String,
        pub region: Option<String>,
        pub project: Option<String>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Variable<D> {
        #[hcl(label)]
        pub name: String,
        pub description: Option<String>,
        pub default: Option<D>,
        pub sensitive: Option<bool>,
        pub nullable: Option<bool>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Resource<D> {
        #[hcl(label)]
        pub kind: String,
        #[hcl(label)]
        pub id: String,
        pub name: String,
        pub description: Option<String>,
        pub count: Option<i64>,
        pub enabled: Option<bool>,
        pub instance_type: Option<String>,
        pub cpu: Option<f64>,
        pub priority: Option<i64>,
        pub port: Option<i64>,
        pub security_groups: Option<Vec<String>>,
        pub ports: Option<Vec<i64>>,
        pub tags: Option<HashMap<String, String>>,
        pub settings: Option<D>,
        // Plain structs, shared with `by_map`: blocks by their option.
        #[hcl(block, optional)]
        pub rule: Vec<super::Rule>,
        #[hcl(block, optional)]
        pub lifecycle: Option<super::Lifecycle>,
        #[hcl(block, optional)]
        pub timeouts: Option<super::Timeouts>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct DataSource {
        #[hcl(label)]
        pub kind: String,
        #[hcl(label)]
        pub name: String,
        pub most_recent: Option<bool>,
        pub owners: Option<Vec<String>>,
        pub name_regex: Option<String>,
        #[hcl(block, optional)]
        pub filter: Vec<super::Filter>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Output<D> {
        #[hcl(label)]
        pub name: String,
        pub value: D,
        pub description: Option<String>,
        pub sensitive: Option<bool>,
    }

    #[hcl_serde::hcl]
    #[derive(Debug, Deserialize, Serialize)]
    pub struct Module {
        #[hcl(label)]
        pub name: String,
        pub source: String,
        pub version: Option<String>,
        #[hcl(remain)]
        pub inputs: hcl_serde::RawBody,
    }
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Backend {
    pub bucket: String,
    pub key: String,
    pub region: String,
    pub encrypt: Option<bool>,
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceBody<D> {
    pub name: String,
    pub description: Option<String>,
    pub count: Option<i64>,
    pub enabled: Option<bool>,
    pub instance_type: Option<String>,
    pub cpu: Option<f64>,
    pub priority: Option<i64>,
    pub port: Option<i64>,
    pub security_groups: Option<Vec<String>>,
    pub ports: Option<Vec<i64>>,
    pub tags: Option<std::collections::HashMap<String, String>>,
    pub settings: Option<D>,
    #[serde(default)]
    pub rule: Vec<Rule>,
    pub lifecycle: Option<Lifecycle>,
    pub timeouts: Option<Timeouts>,
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub from_port: i64,
    pub to_port: i64,
    pub protocol: String,
    pub cidr_blocks: Vec<String>,
    #[serde(rename = "self")]
    pub self_: Option<bool>,
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lifecycle {
    pub create_before_destroy: bool,
    pub prevent_destroy: Option<bool>,
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Timeouts {
    pub create: Option<String>,
    pub delete: Option<String>,
}

#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    pub name: String,
    pub values: Vec<String>,
}
