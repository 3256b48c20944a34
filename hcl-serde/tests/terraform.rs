//! A Terraform-like configuration decoded into typed structs.

use std::collections::{BTreeMap, HashMap};

use hcl_core::{EvalContext, Value};
use serde::Deserialize;

const SAMPLE: &str = r#"
variable "region" {
  type    = "string"
  default = "eu-west-1"
}

variable "instance_count" {
  default = 2
}

provider "aws" {
  region = "eu-west-1"
}

resource "aws_instance" "web" {
  ami           = "ami-${var.ami_suffix}"
  instance_type = "t3.micro"
  count         = 2
  tags = {
    Name = "web"
    Env  = upper("prod")
  }

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 100
  }

  ebs_block_device {
    device_name = "/dev/sdc"
    volume_size = 200
  }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_instance" "db" {
  ami           = "ami-db"
  instance_type = "r6g.large"
}

resource "aws_s3_bucket" "logs" {
  ami           = "none"
  instance_type = "none"
}

output "web_ip" {
  value       = "10.0.0.${1 + 1}"
  description = "The web server's address"
}
"#;

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    #[serde(default)]
    variable: BTreeMap<String, Variable>,
    provider: HashMap<String, Provider>,
    resource: BTreeMap<String, BTreeMap<String, Instance>>,
    #[serde(default)]
    output: BTreeMap<String, Output>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Variable {
    #[serde(rename = "type")]
    ty: Option<String>,
    default: Option<serde_json::Value>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Provider {
    region: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Instance {
    ami: String,
    instance_type: String,
    #[serde(default = "one")]
    count: u32,
    #[serde(default)]
    tags: BTreeMap<String, String>,
    #[serde(default)]
    ebs_block_device: Vec<Device>,
    lifecycle: Option<Lifecycle>,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize, Debug, PartialEq)]
struct Device {
    device_name: String,
    volume_size: u64,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Lifecycle {
    create_before_destroy: bool,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Output {
    value: String,
    description: Option<String>,
}

fn context() -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    ctx.set_variable("var", Value::object([("ami_suffix", Value::string("123"))]));
    ctx
}

#[test]
fn decodes_the_sample() {
    let config: Config = hcl_serde::from_str_with(SAMPLE, &context()).unwrap();
    assert_eq!(config.variable.len(), 2);
    assert_eq!(config.variable["region"].ty.as_deref(), Some("string"));
    assert_eq!(
        config.variable["instance_count"].default,
        Some(serde_json::json!(2))
    );
    assert_eq!(config.provider["aws"].region, "eu-west-1");

    let web = &config.resource["aws_instance"]["web"];
    assert_eq!(web.ami, "ami-123");
    assert_eq!(web.count, 2);
    assert_eq!(web.tags["Env"], "PROD");
    assert_eq!(
        web.ebs_block_device,
        [
            Device {
                device_name: "/dev/sdb".into(),
                volume_size: 100
            },
            Device {
                device_name: "/dev/sdc".into(),
                volume_size: 200
            },
        ]
    );
    assert_eq!(
        web.lifecycle,
        Some(Lifecycle {
            create_before_destroy: true
        })
    );
    let db = &config.resource["aws_instance"]["db"];
    assert_eq!((db.count, db.lifecycle.as_ref()), (1, None));
    assert!(config.resource["aws_s3_bucket"].contains_key("logs"));
    assert_eq!(config.output["web_ip"].value, "10.0.0.2");
}

#[test]
fn unknown_variable_is_reported_at_its_use() {
    let err = hcl_serde::from_str::<Config>(SAMPLE).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"Error: Unknown variable
   --> <input>:16:26
   |
16 |   ami           = "ami-${var.ami_suffix}"
   |                          ^^^

There is no variable named "var".
  = path: resource.aws_instance.web
"#
    );
    assert_eq!(err.path(), Some("resource.aws_instance.web"));
}

#[test]
fn error_path_through_two_labels() {
    let src = SAMPLE.replace("volume_size = 200", "volume_size = -200");
    let err = hcl_serde::from_str_with::<Config>(&src, &context()).unwrap_err();
    assert_eq!(
        err.path(),
        Some("resource.aws_instance.web.ebs_block_device.volume_size")
    );
    assert!(err
        .to_string()
        .contains("The value -200 is out of range for u64"));
}

#[test]
fn schema_less_sample() {
    let v: serde_json::Value = hcl_serde::from_str_with(SAMPLE, &context()).unwrap();
    assert_eq!(v["resource"]["aws_instance"]["web"]["ami"], "ami-123");
    assert_eq!(
        v["resource"]["aws_instance"]["web"]["ebs_block_device"][1]["volume_size"],
        200
    );
    assert_eq!(v["variable"]["instance_count"]["default"], 2);
    assert_eq!(v["output"]["web_ip"]["value"], "10.0.0.2");
}
