//! The examples run, on their sample configurations, and print what they
//! decoded. `cargo test` builds the examples before it runs the tests; when
//! they were not built (a single `--test` run), this prints a notice.

use std::path::PathBuf;
use std::process::Command;

/// The built example `name`, beside this test's own executable.
fn example(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("examples");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("notice: example {name} is not built; run `cargo test` to build it");
        None
    }
}

/// Runs an example from the workspace root; its standard output.
fn run(name: &str, args: &[&str]) -> Option<(bool, String, String)> {
    let path = example(name)?;
    let out = Command::new(path)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run the example");
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn terraform_example_decodes_resources_with_two_labels() {
    let Some((ok, out, err)) = run("terraform", &[]) else {
        return;
    };
    assert!(ok, "{err}");
    for fact in [
        "kind: \"aws_instance\"",
        "name: \"web\"",
        "\"m5.large\"",
        "\"Region\": \"EU-WEST-1\"",
        "volume_size: 100",
        "create_before_destroy: true",
        "value: \"logs-eu-west-1\"",
    ] {
        assert!(out.contains(fact), "{fact} not in:\n{out}");
    }
}

#[test]
fn nomad_example_decodes_each_task_by_driver() {
    let Some((ok, out, err)) = run("nomad", &[]) else {
        return;
    };
    assert!(ok, "{err}");
    assert!(
        out.contains(
            "frontend/nginx: Docker(DockerConfig { image: \"nginx:1.27\", ports: [\"http\"] })"
        ),
        "{out}"
    );
    assert!(
        out.contains("frontend/log-shipper: Exec(ExecConfig { command: \"/usr/bin/shipper\""),
        "{out}"
    );
    assert!(out.contains("\"metrics\": Port {"), "{out}");
}

#[test]
fn app_config_example_uses_variables_and_functions() {
    let Some((ok, out, err)) = run("app_config", &["examples/configs/app.hcl", "prod"]) else {
        return;
    };
    assert!(ok, "{err}");
    for fact in [
        "service_name: \"checkout-prod\"",
        "listen: \"0.0.0.0:443\"",
        "log_level: \"WARN\"",
        "password: \"s3cr3t\"",
        "timeout: 5s",
        "\"new_checkout\": false",
    ] {
        assert!(out.contains(fact), "{fact} not in:\n{out}");
    }
}

#[test]
fn app_config_example_shows_errors_with_their_source() {
    let dir = std::env::temp_dir().join("hcl-example-app-broken");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("app.hcl");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/configs/app.hcl"),
    )
    .expect("read app.hcl")
    .replace("timeout   = \"5s\"", "timeout   = \"five seconds\"");
    std::fs::write(&path, text).expect("write");
    let path = path.display().to_string();
    let Some((ok, _, err)) = run("app_config", &[&path]) else {
        return;
    };
    assert!(!ok);
    assert!(err.starts_with("Error: Invalid value\n"), "{err}");
    assert!(err.contains(&format!("--> {path}:13:15")), "{err}");
    assert!(err.contains("\"five seconds\" is not a duration"), "{err}");
}

#[test]
fn plugins_example_decodes_the_rest_in_a_second_pass() {
    let Some((ok, out, err)) = run("plugins", &[]) else {
        return;
    };
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "cache: CacheSettings { size_mb: 256, ttl: \"10m\" }",
            "rate_limit: RateLimitSettings { requests_per_second: 50, burst: 100, exempt: [Exempt { cidr: \"10.0.0.0/8\" }] }",
        ]
    );
}

#[test]
fn typecheck_example_rejects_an_output_where_a_string_is_required() {
    let Some((ok, out, err)) = run("typecheck", &[]) else {
        return;
    };
    assert!(ok, "{err}");
    for fact in [
        "examples/configs/program.hcl: 1 error(s), 0 warning(s)",
        "Error: Incorrect attribute value type\n   --> examples/configs/program.hcl:26:14",
        "26 |   name     = bucket.site.id\n   |              ^^^^^^^^^^^^^^",
        "Cannot assign a value of type output(string) to attribute \"name\" of type string: \
         string required, but the value has the eventual type output(string), known only later.",
        "type of \"https://${dns_record.www.fqdn}/health\": output(string)",
        "examples/configs/program.hcl (fixed): 0 error(s), 0 warning(s)",
    ] {
        assert!(out.contains(fact), "{fact} not in:\n{out}");
    }
    let Some((ok, out, _)) = run("typecheck", &["examples/configs/program.hcl"]) else {
        return;
    };
    assert!(!ok, "a program with an error must fail:\n{out}");
}

#[test]
fn extensions_example_expands_dynamic_blocks_and_calls_user_functions() {
    let Some((ok, out, err)) = run("extensions", &["examples/configs/network.tf", "staging"])
    else {
        return;
    };
    assert!(ok, "{err}");
    for fact in [
        "description: \"port-443-staging\"",
        "\"10.0.1.0/24\"",
        "value: \"CORE\"",
        "device_name: \"/dev/sdc\"",
        "volume_size: 500",
        "value: \"sdc:encrypted\"",
    ] {
        assert!(out.contains(fact), "{fact} not in:\n{out}");
    }
}

#[test]
fn editor_example_decodes_its_file_and_gives_its_schema() {
    let Some((ok, out, err)) = run("editor", &["check", "examples/configs/editor.hcl"]) else {
        return;
    };
    assert!(ok, "{err}");
    assert!(out.contains("EuWest1") && out.contains("\"jobs\""), "{out}");
    let Some((ok, out, err)) = run("editor", &["schema"]) else {
        return;
    };
    assert!(ok, "{err}");
    let schema: hcl_serde::ConfigSchema = serde_json::from_str(&out).expect("a schema");
    let region = schema.attribute("region").expect("region");
    assert_eq!(region.values, ["eu-west-1", "us-east-1"]);
    assert_eq!(
        region.doc.as_deref(),
        Some("The region the services run in.")
    );
    let service = schema.block("service").expect("service");
    assert_eq!(service.labels, ["name"]);
    assert!(service.body.block("check").is_some());
}
