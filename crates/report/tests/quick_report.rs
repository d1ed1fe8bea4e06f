//! `evm384 report --quick` end to end: the three files, the schema, one SVG per chart, and
//! counts equal to the counter back-end's.

use evm384_gen::{count_pairing_check, F2Mul, Phase};
use evm384_report::collect::{collect, default_vectors_dir, Options};
use evm384_report::doc::Block;
use evm384_report::results::Results;
use evm384_report::{present, write};

#[test]
fn quick_report_writes_valid_files() {
    let opts =
        Options { quick: true, command: "evm384 report --quick (test)".into(), vectors_dir: default_vectors_dir() };
    let results = collect(&opts).expect("quick report runs");
    let dir = std::env::temp_dir().join(format!("evm384-report-test-{}", std::process::id()));
    write::write_report(&dir, &results).unwrap();

    // The three files (and the schema beside them).
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    assert!(md.contains("## 1. Correctness") && md.contains("## 6. Interpretation"));

    // results.json validates against its schema.
    let schema: serde_json::Value = serde_json::from_str(write::SCHEMA).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let errors: Vec<String> = validator.iter_errors(&json).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "results.json violates its schema: {errors:#?}");
    for key in [
        "k2_gas_v7_model_b",
        "k2_gas_v9_model_b_repriced",
        "precompile_gas_k2",
        "k2_time_ratio_v7_to_precompile",
        "k2_time_ratio_v7_to_blst",
        "v8_to_v7_time_ratio",
    ] {
        assert!(json["summary"][key].as_f64().is_some_and(|v| v > 0.0), "summary.{key}");
    }

    // One inline SVG per chart; no external resources.
    let charts = present::document(&results)
        .sections
        .iter()
        .flat_map(|s| s.blocks.iter())
        .filter(|b| matches!(b, Block::Chart(_)))
        .count();
    assert_eq!(html.matches("<svg").count(), charts);
    assert!(charts >= 2);
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<script"));

    // Every vector passed everywhere.
    assert!(results.correctness.iter().all(|c| c.failed == 0 && c.passed > 0), "{:?}", results.correctness);

    // Counts equal the counter back-end's.
    let back: Results = serde_json::from_value(json).unwrap();
    for k in [1u64, 2] {
        for f2mul in [F2Mul::V3, F2Mul::V4] {
            let want = count_pairing_check(k as usize, f2mul);
            for p in Phase::ALL {
                let row =
                    back.counts.iter().find(|c| c.k == k && c.f2mul == f2mul.name() && c.phase == p.name()).unwrap();
                let c = want.get(p);
                assert_eq!(
                    (row.addmod384, row.submod384, row.mulmodmont384),
                    (c.addmod384, c.submod384, c.mulmodmont384)
                );
            }
        }
    }
    // The precompile charged the EIP-2537 price.
    assert!(back.precompile_gas.iter().all(|p| p.measured == p.formula));
    std::fs::remove_dir_all(&dir).ok();
}
