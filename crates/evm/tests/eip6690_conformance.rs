//! The EIP-6690 (EVMMAX) conformance suite of `testdata/eip6690/` against this crate's EVMMAX
//! in revm: every case's status, output and execution gas, all mismatches reported with the
//! case's rule; and the committed JSON is what `testdata/eip6690/generate.py` writes.

use std::path::Path;
use std::process::Command;

use evm384_evm::conformance::check_case;
use evm384_vectors::eip6690;

#[test]
fn every_case_conforms() {
    let groups = eip6690::load_suite().unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut total = 0;
    for group in &groups {
        let mut failed = 0;
        for case in &group.cases {
            let problems = check_case(case);
            if !problems.is_empty() {
                failed += 1;
                let readings =
                    if case.readings.is_empty() { String::new() } else { format!(" [{}]", case.readings.join(" ")) };
                failures.push(format!(
                    "{}/{}{readings}: {}\n      rule: {}",
                    group.name,
                    case.name,
                    problems.join("; "),
                    case.rule
                ));
            }
        }
        println!("{:<12} {:>4} cases, {:>4} mismatches", group.name, group.cases.len(), failed);
        total += group.cases.len();
    }
    println!("{:<12} {total:>4} cases, {:>4} mismatches", "total", failures.len());
    assert!(total > 0, "no cases in testdata/{}", eip6690::DIR);
    assert!(failures.is_empty(), "{} of {total} cases mismatch:\n{}", failures.len(), failures.join("\n"));
}

fn json_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

#[test]
fn committed_json_is_what_generate_py_writes() {
    if !Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success()) {
        println!("SKIPPED: python3 not found; the committed JSON is not compared with generate.py's");
        return;
    }
    let dir = evm384_vectors::testdata(eip6690::DIR);
    let out = std::env::temp_dir().join(format!("evm384-eip6690-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let run = Command::new("python3").arg(dir.join("generate.py")).arg("--out").arg(&out).output().unwrap();
    assert!(run.status.success(), "generate.py failed:\n{}", String::from_utf8_lossy(&run.stderr));
    let (committed, generated) = (json_files(&dir), json_files(&out));
    let differing: Vec<&String> =
        generated.iter().filter(|f| std::fs::read(dir.join(f)).ok() != std::fs::read(out.join(f)).ok()).collect();
    let _ = std::fs::remove_dir_all(&out);
    assert_eq!(committed, generated, "the JSON files of testdata/eip6690 differ from generate.py's");
    assert!(
        differing.is_empty(),
        "testdata/eip6690: {differing:?} differ from what generate.py writes (run python3 testdata/eip6690/generate.py)"
    );
}
