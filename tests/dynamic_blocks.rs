//! A Terraform-like resource written with `dynamic` blocks decodes, with
//! `Decoder::dynamic_blocks`, into the same typed value as the same
//! resource with its blocks spelled out, and the same mistake made in both
//! gives the same diagnostics (code, severity, summary and detail; the
//! ranges are those of each file). A mistake written once in a `content`
//! block is reported once, where it is written, whatever the number of
//! blocks it makes; spelled out, it is written, and reported, in each. The pairs are generated from seeds:
//! blocks without labels from lists, labeled blocks from maps, blocks
//! nested in generated blocks, other iterator names, sets and tuples.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use hcl_serde::Decoder;
use serde::Deserialize;

#[hcl_serde::hcl]
#[derive(Debug, PartialEq, Deserialize)]
struct Config {
    #[hcl(block)]
    resource: Vec<Resource>,
}

#[hcl_serde::hcl]
#[derive(Debug, PartialEq, Deserialize)]
struct Resource {
    #[hcl(label = "type")]
    kind: String,
    #[hcl(label)]
    name: String,
    ami: String,
    #[hcl(block)]
    #[serde(default)]
    ebs_block_device: Vec<Disk>,
    #[hcl(block)]
    #[serde(default)]
    tag: BTreeMap<String, Tag>,
    #[hcl(block)]
    #[serde(default)]
    ingress: Vec<Ingress>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Disk {
    device_name: String,
    volume_size: u32,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Tag {
    value: String,
}

#[hcl_serde::hcl]
#[derive(Debug, PartialEq, Deserialize)]
struct Ingress {
    port: u16,
    #[hcl(block)]
    #[serde(default)]
    cidr: Vec<Cidr>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Cidr {
    block: String,
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The mistake made in both files of a pair.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mistake {
    None,
    /// An argument the target does not take, in every disk.
    Misspelled,
    /// A disk without its required `volume_size`.
    Missing,
    /// A port that is not a number.
    WrongType,
}

/// One generated resource: what its blocks hold.
struct Case {
    disks: Vec<(String, u32)>,
    tags: BTreeMap<String, String>,
    ingress: Vec<(u16, Vec<String>)>,
    /// The iterator of the disks' `dynamic` block, if not the type.
    iterator: Option<&'static str>,
    /// The disks given as a set of objects rather than a list.
    disks_as_set: bool,
    mistake: Mistake,
}

fn generate(seed: u64) -> Case {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let disks = (0..rng.below(4))
        .map(|i| {
            (
                format!("/dev/sd{}", char::from(b'b' + i as u8)),
                10 * (1 + rng.below(50) as u32),
            )
        })
        .collect();
    let tags = (0..rng.below(4))
        .map(|i| {
            (
                format!("k{i}_{}", rng.below(100)),
                format!("v{}", rng.below(1000)),
            )
        })
        .collect();
    let ingress = (0..rng.below(3))
        .map(|_| {
            let port = 1 + rng.below(65_000) as u16;
            let cidrs = (0..rng.below(3))
                .map(|j| format!("10.{j}.{}.0/24", rng.below(256)))
                .collect();
            (port, cidrs)
        })
        .collect();
    let iterator = [None, Some("disk"), Some("it")][rng.below(3) as usize];
    let mistake = [
        Mistake::None,
        Mistake::None,
        Mistake::Misspelled,
        Mistake::Missing,
        Mistake::WrongType,
    ][rng.below(5) as usize];
    Case {
        disks,
        tags,
        ingress,
        iterator,
        disks_as_set: rng.below(2) == 0,
        mistake,
    }
}

/// The value of a port, as the mistake has it.
fn port_text(case: &Case, port: u16) -> String {
    match case.mistake {
        Mistake::WrongType => "\"any\"".to_owned(),
        _ => port.to_string(),
    }
}

/// The arguments of a disk after `device_name`, as the mistake has them.
fn disk_rest(case: &Case, size: &str) -> String {
    match case.mistake {
        Mistake::Misspelled => format!("volume_size = {size}\n    volume_sise = {size}\n"),
        Mistake::Missing => String::new(),
        _ => format!("volume_size = {size}\n"),
    }
}

/// The resource with every block written out.
fn spelled_out(case: &Case) -> String {
    let mut text = String::from("resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n");
    let mut disks = case.disks.clone();
    if case.disks_as_set {
        // A set of objects iterates in the order of its elements' text.
        disks.sort_by_key(|(name, size)| format!("{name}\u{0}{size}"));
        disks.dedup();
    }
    for (name, size) in &disks {
        let rest = disk_rest(case, &size.to_string());
        write!(
            text,
            "  ebs_block_device {{\n    device_name = \"{name}\"\n    {rest}  }}\n"
        )
        .unwrap();
    }
    for (key, value) in &case.tags {
        writeln!(text, "  tag \"{key}\" {{\n    value = \"{value}\"\n  }}").unwrap();
    }
    for (port, cidrs) in &case.ingress {
        write!(
            text,
            "  ingress {{\n    port = {}\n",
            port_text(case, *port)
        )
        .unwrap();
        for cidr in cidrs {
            writeln!(text, "    cidr {{\n      block = \"{cidr}\"\n    }}").unwrap();
        }
        text.push_str("  }\n");
    }
    text.push_str("}\n");
    text
}

/// The resource with its blocks generated by `dynamic` blocks.
fn dynamic(case: &Case) -> String {
    let mut text = String::from("resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n");
    let disks: Vec<String> = case
        .disks
        .iter()
        .map(|(name, size)| format!("{{ name = \"{name}\", size = {size} }}"))
        .collect();
    let list = format!("[{}]", disks.join(", "));
    let for_each = if case.disks_as_set {
        format!("toset({list})")
    } else {
        list
    };
    let it = case.iterator.unwrap_or("ebs_block_device");
    let iterator = case
        .iterator
        .map_or_else(String::new, |name| format!("    iterator = {name}\n"));
    let rest = disk_rest(case, &format!("{it}.value.size"));
    write!(
        text,
        "  dynamic \"ebs_block_device\" {{\n    for_each = {for_each}\n{iterator}    content {{\n      \
         device_name = {it}.value.name\n      {rest}    }}\n  }}\n"
    )
    .unwrap();
    let tags: Vec<String> = case
        .tags
        .iter()
        .map(|(k, v)| format!("{k} = \"{v}\""))
        .collect();
    write!(
        text,
        "  dynamic \"tag\" {{\n    for_each = {{ {} }}\n    labels = [tag.key]\n    content {{\n      \
         value = tag.value\n    }}\n  }}\n",
        tags.join(", ")
    )
    .unwrap();
    let rules: Vec<String> = case
        .ingress
        .iter()
        .map(|(port, cidrs)| {
            let cidrs: Vec<String> = cidrs.iter().map(|c| format!("\"{c}\"")).collect();
            let port = match case.mistake {
                Mistake::WrongType => "\"any\"".to_owned(),
                _ => port.to_string(),
            };
            format!("{{ port = {port}, cidrs = [{}] }}", cidrs.join(", "))
        })
        .collect();
    write!(
        text,
        "  dynamic \"ingress\" {{\n    for_each = [{}]\n    content {{\n      port = ingress.value.port\n      \
         dynamic \"cidr\" {{\n        for_each = ingress.value.cidrs\n        content {{\n          \
         block = cidr.value\n        }}\n      }}\n    }}\n  }}\n",
        rules.join(", ")
    )
    .unwrap();
    text.push_str("}\n");
    text
}

/// What a decode gave: the value, or its distinct diagnostics without
/// their ranges.
fn decode(text: &str) -> Result<Config, Vec<String>> {
    Decoder::new()
        .dynamic_blocks(true)
        .from_str::<Config>(text)
        .map(|decoded| decoded.value)
        .map_err(|err| {
            err.diagnostics()
                .iter()
                .map(|d| format!("{:?} {} {}: {}", d.severity, d.code, d.summary, d.detail))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect()
        })
}

#[test]
fn dynamic_and_spelled_out_blocks_decode_alike() {
    let mut decoded = 0;
    let mut failed = 0;
    for seed in 0..300 {
        let case = generate(seed);
        let (plain, generated) = (spelled_out(&case), dynamic(&case));
        let (a, b) = (decode(&plain), decode(&generated));
        assert_eq!(
            a, b,
            "seed {seed} ({:?}):\n--- spelled out\n{plain}\n--- dynamic\n{generated}",
            case.mistake
        );
        match a {
            Ok(_) => decoded += 1,
            Err(_) => failed += 1,
        }
    }
    // Both outcomes are exercised.
    assert!(
        decoded > 50 && failed > 50,
        "{decoded} decoded, {failed} failed"
    );
}

#[test]
fn without_the_setting_a_dynamic_block_is_an_ordinary_block() {
    let case = Case {
        disks: vec![("/dev/sdb".into(), 10)],
        tags: BTreeMap::new(),
        ingress: Vec::new(),
        iterator: None,
        disks_as_set: false,
        mistake: Mistake::None,
    };
    let err = hcl_serde::from_str::<Config>(&dynamic(&case)).unwrap_err();
    let first = err.diagnostics().iter().next().unwrap();
    assert_eq!(first.code, hcl_core::Code::UnsupportedBlockType);
    assert_eq!(first.summary, "Unsupported block type");
}
