//! `evm384 report --quick` end to end: the three files, the schema, one SVG per chart, counts
//! equal to what revm executes, and the files `--save` keeps for committing.

use evm384_evm::{Interface, RunOptions, Runner, Status};
use evm384_gen::backend::bytecode;
use evm384_gen::curves::Curve;
use evm384_gen::{generator_pairs_input, pairing_check_program, F2Mul, Phase, ProgramOptions};
use evm384_report::collect::{collect, default_vectors_dir, Options};
use evm384_report::doc::Block;
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
    // The answer leads: section 0 right after the header, before the correctness table.
    let answer = md.find("## 0. The answer").expect("section 0");
    assert!(answer < md.find("## 1. Correctness").unwrap() && md[..answer].matches("\n## ").count() == 0);
    assert!(md.contains("Figures from `results.json`") && md.contains("![Gas ÷ precompile price](charts/answer.svg)"));
    assert!(html.find("<section id=\"answer\">").unwrap() < html.find("<section id=\"correctness\">").unwrap());
    assert!(html.contains("<details><summary>") && html.contains("<div class=\"scroll\"><table>"));
    assert!(
        md.contains("## 1. Correctness")
            && md.contains("## 6. Native arithmetic and pairing")
            && md.contains("## 8. Worst case: time per gas")
            && md.contains("## 9. Interpretation")
            && md.contains("## 4. Where parity lies")
    );

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
    for key in [
        "k2_time_ratio_v9_to_precompile",
        "k2_gas_ratio_v9_model_b_repriced_to_precompile",
        "k2_time_ratio_precompile_ifma_to_precompile",
        "k2_gas_evmmax",
        "k2_gas_ratio_evmmax_to_precompile",
        "k2_gas_ratio_evmmax_to_v9_model_b_repriced",
        "k2_time_ratio_evmmax_to_precompile",
        "k2_time_ratio_evmmax_to_v9",
        "k2_gas_best_evmmax",
        "k2_tx_gas_ratio_v7_model_b",
        "k2_tx_gas_ratio_v9_model_b_repriced",
        "k2_tx_gas_ratio_evmmax",
        "k2_tx_gas_ratio_hinted_v9_model_b_repriced",
    ] {
        assert!(json["summary"][key].as_f64().is_some_and(|v| v > 0.0), "summary.{key}");
    }
    // The headline keys measure what `evm384 build` emits by default: the cheapest build under
    // each set's reference schedule, the one `--optimize-for` finds (gas is exact).
    let s = &results.summary;
    assert_eq!(Some(s.k2_gas_v7_model_b), s.k2_gas_best_v7_model_b);
    assert_eq!(Some(s.k2_gas_v9_model_b_repriced), s.k2_gas_best_v9_model_b_repriced);
    assert_eq!(s.k2_gas_evmmax, s.k2_gas_best_evmmax);
    // Transaction gas: every total row has it, above its execution gas by at least 21,000 and the
    // calldata; the hinted check's transaction pays for its witness, the precompile's does not.
    for g in results.gas.iter().filter(|g| g.phase == "total") {
        let tx = g.tx_gas.expect("tx gas on total rows");
        let calldata_min = 4.0 * 384.0 * g.k as f64; // every byte at least 4 gas
        assert!(tx >= 21_000.0 + g.gas + calldata_min, "{g:?}");
    }
    let hinted = results
        .operations_gas
        .iter()
        .find(|g| g.operation == "pairing-check-hinted" && g.k == 2 && g.interface == "v9")
        .unwrap();
    let (tx, pre_tx) = (hinted.tx_gas.unwrap(), hinted.precompile_tx_gas.unwrap());
    let witness = evm384_gen::ops::pairing::hint_bytes(Curve::Bls12_381) as f64;
    assert!(tx - hinted.gas >= pre_tx - hinted.precompile_gas as f64 + witness * 4.0, "the witness is paid for");
    // The EVMMAX contract passed every vector, and its gas is what revm charged.
    let evmmax: Vec<_> = results.correctness.iter().filter(|c| c.implementation == "contract-evmmax").collect();
    assert!(!evmmax.is_empty() && evmmax.iter().all(|c| c.failed == 0 && c.passed > 0));
    assert!(results.k_max.iter().any(|m| m.interface == "evmmax" && m.k_max > 0));
    // Its floor is the gas its arithmetic charged: below the total, above model B's price of the
    // same operations (the counter's, for the formulas of its build: the default one) less the
    // to-Montgomery products STOREX does by itself (two pairs: 12 products, 36 gas).
    let floor = |i: &str, s: &str| results.parity.iter().find(|p| p.k == 2 && p.interface == i && p.schedule == s);
    let mmax = floor("evmmax", "eip-6690").unwrap();
    let formulas = evm384_build::Formulas::cheapest(evm384_evm::InstructionSet::Evmmax);
    let ops = evm384_gen::backend::native::run(
        &formulas.program(Curve::Bls12_381),
        &generator_pairs_input(Curve::Bls12_381, 2),
    )
    .counts
    .total();
    let model_b = (ops.addmod384 + ops.submod384 + 3 * ops.mulmodmont384) as f64;
    assert!(
        mmax.floor_evm384_gas < mmax.contract_gas && mmax.floor_evm384_gas >= model_b - 36.0,
        "evmmax floor {} gas, total {}; its operations at model B {model_b}",
        mmax.floor_evm384_gas,
        mmax.contract_gas
    );
    assert!(md.contains("EVMMAX (EIP-6690)"));
    // Section 5's wasm row (blst in wasmtime, `evm384-wasm`), with its engine named, wherever
    // this build has the wasm module (`EVM384_REQUIRE_WASM=1` makes its absence a failure).
    match evm384_wasm::PairingCheck::new() {
        Ok(_) => {
            for k in [1, 2] {
                let w = results.runtime.iter().find(|r| r.k == k && r.implementation == "blst-wasm-wasmtime");
                assert!(w.is_some_and(|w| w.stats.median_ns > 0.0 && w.ratio_to_blst > 0.0), "wasm row at k = {k}");
            }
            assert!(results.summary.k2_time_ratio_wasm_to_blst.is_some_and(|x| x > 0.0));
            assert_eq!(results.tools.get("wasmtime").map(String::as_str), Some(evm384_wasm::ENGINE));
            assert!(md.contains(&format!("run in {}", evm384_wasm::ENGINE)));
        }
        Err(e) => {
            assert!(!evm384_testkit::required(evm384_testkit::Requirement::Wasm), "{e}");
            assert!(!results.runtime.iter().any(|r| r.implementation == "blst-wasm-wasmtime"));
        }
    }
    // The other operations and BLS verification: gas in every interface under every schedule
    // and a runtime row per timed implementation, at each measured size (quick: k = 1, 2).
    assert!(md.contains("## 10. Other EIP-2537 operations"));
    let schedules = evm384_evm::Schedule::ALL.len();
    for (op, sizes) in [
        ("g1-add", 1),
        ("g1-msm", 2),
        ("g2-add", 1),
        ("g2-msm", 2),
        ("map-fp-to-g1", 1),
        ("map-fp2-to-g2", 1),
        ("bls-verify", 1),
        ("bls-aggregate-verify", 2),
    ] {
        let gas: Vec<_> = results.operations_gas.iter().filter(|g| g.operation == op).collect();
        assert_eq!(gas.len(), sizes * (3 * schedules + 1), "{op}: v7, v8, v9 under every schedule, EVMMAX under one");
        assert!(gas.iter().all(|g| g.gas > 0.0 && g.precompile_gas > 0));
        assert_eq!(results.operations_time.iter().filter(|t| t.operation == op).count(), sizes * 4, "{op}");
    }
    // The second curve: every EIP-2539 operation in every instruction set under every schedule
    // beside EIP-2539's price, and a runtime row per implementation (arkworks, v7, v9, EVMMAX,
    // the BLS12-381 contract) at each quick size.
    assert!(md.contains("## 11. A second curve: BLS12-377 (EIP-2539)"));
    for (op, sizes) in
        [("g1-add", 1), ("g1-mul", 1), ("g1-msm", 2), ("g2-add", 1), ("g2-mul", 1), ("g2-msm", 2), ("pairing-check", 2)]
    {
        let gas: Vec<_> = results.curves_gas.iter().filter(|g| g.operation == op).collect();
        assert_eq!(gas.len(), sizes * (3 * schedules + 1), "bls12-377 {op}");
        assert!(gas.iter().all(|g| g.gas > 0.0 && g.eip_price > 0 && g.code_bytes <= 24_576));
        assert_eq!(results.curves_time.iter().filter(|t| t.operation == op).count(), sizes * 5, "bls12-377 {op}");
    }
    // The worst-case search: one row per schedule, every ratio measured.
    let worst = results.worst_case.as_ref().expect("worst-case section");
    assert_eq!(worst.rows.len(), evm384_evm::Schedule::ALL.len());
    assert!(worst.rows.iter().all(|r| r.ratio > 0.0 && r.ratio_16bit > 0.0 && r.ratio_16bit <= r.ratio * 1.0000001));
    // EVMMAX's worst case: one row per width 1..12, each measured, with a parity price.
    assert!(md.contains("## 12. EVMMAX worst case per width"));
    let widths: Vec<u64> = results.evmmax_worst_case.iter().map(|w| w.words).collect();
    assert_eq!(widths, (1..=12).collect::<Vec<u64>>());
    assert!(results.evmmax_worst_case.iter().all(|w| w.ns_per_gas > 0.0
        && w.ratio > 0.0
        && w.parity_multiplier.is_finite()
        && w.fixed_multiplier.is_finite()
        && w.programs >= 12));
    // The precompiles' own time per gas: every EIP-2537 precompile in revm, the pairing also on
    // the IFMA backend (or its fallback), at each quick size, with prices at 60 and 100 Mgas/s.
    assert!(md.contains("## 13. EIP-2537 precompiles: time per gas"));
    let ks = evm384_report::collect::precompile_cost::ks(true);
    for (op, rows) in [
        ("g1-add", 1),
        ("g2-add", 1),
        ("map-fp-to-g1", 1),
        ("map-fp2-to-g2", 1),
        ("g1-msm", ks.len()),
        ("g2-msm", ks.len()),
        ("pairing-check", 2 * ks.len()),
    ] {
        let r: Vec<_> = results.precompile_cost.iter().filter(|p| p.precompile == op).collect();
        assert_eq!(r.len(), rows, "precompile cost rows of {op}");
        assert!(r.iter().all(|p| p.gas > 0 && p.call_ns > 0.0 && p.price_100_mgas >= p.price_60_mgas), "{op}");
    }

    // BN254: ecAdd, ecMul and ecPairing (quick: k = 1, 2) in every set under every schedule and
    // the Groth16 verifier (quick: 1, 2 inputs) over EVMMAX and v9, each beside revm's
    // precompiles with a runtime row per implementation; the phases of ecPairing at k = 2 sum to
    // its gas; the largest k per transaction of the contracts and the precompile.
    assert!(md.contains("## 14. BN254 (EIP-196, EIP-197)"));
    let bn = results.bn254.as_ref().expect("the BN254 section");
    for (op, sizes, gas_rows, time_rows) in [
        // v7, v8, v9 under every schedule, EVMMAX, today's EVM under its three
        ("ec-add", 1, 3 * schedules + 1 + 3, 5),
        ("ec-mul", 1, 3 * schedules + 1 + 3, 5),
        ("ec-pairing", 2, 3 * schedules + 1 + 3, 5),
        ("groth16-verify", 2, schedules + 1, 3),
    ] {
        let gas: Vec<_> = bn.gas.iter().filter(|g| g.operation == op).collect();
        assert_eq!(gas.len(), sizes * gas_rows, "bn254 {op}");
        assert!(gas.iter().all(|g| g.gas > 0.0 && g.precompile_gas > 0 && g.code_bytes <= 24_576), "bn254 {op}");
        assert!(gas.iter().all(|g| g.tx_gas.unwrap() >= 21_000.0 + g.gas), "bn254 {op}");
        assert_eq!(bn.time.iter().filter(|t| t.operation == op).count(), sizes * time_rows, "bn254 {op}");
    }
    let pairing = bn.gas.iter().find(|g| g.operation == "ec-pairing" && g.k == 2).unwrap();
    assert_eq!(pairing.precompile_gas, 45_000 + 2 * 34_000, "EIP-1108's price");
    let eip7904 = bn.gas.iter().find(|g| g.operation == "ec-pairing" && g.k == 2 && g.schedule == "eip-7904").unwrap();
    assert_eq!(eip7904.precompile_gas, 8_247 + 2 * 11_712, "EIP-7904's price");
    for i in ["evmmax", "v9", "evm"] {
        let rows: Vec<_> = bn.phases.iter().filter(|p| p.interface == i && p.k == 2).collect();
        let total = rows.iter().find(|p| p.phase == "total").unwrap();
        let sum: f64 = rows.iter().filter(|p| p.phase != "total").map(|p| p.gas).sum();
        assert!((sum - total.gas).abs() < 0.5 && rows.iter().any(|p| p.phase == "final-exp"), "{i}: {rows:?}");
    }
    assert_eq!(
        bn.phases.iter().find(|p| p.interface == "evmmax" && p.phase == "total").map(|p| p.gas),
        s.bn254_k2_gas_evmmax
    );
    assert!(bn.k_max.iter().all(|m| m.k_max > 0) && bn.k_max.len() == 4, "{:?}", bn.k_max);
    for key in [
        "bn254_k2_gas_evmmax",
        "bn254_k2_gas_ratio_evmmax_to_precompile",
        "bn254_k2_time_ratio_evmmax_to_precompile",
        "bn254_k2_gas_v9_model_b_repriced",
        "bn254_k2_gas_ratio_v9_model_b_repriced_to_precompile",
        "bn254_k2_time_ratio_v9_to_precompile",
        "bn254_k2_tx_gas_ratio_hinted_evmmax",
        "bn254_k2_tx_gas_ratio_hinted_v9_model_b_repriced",
        "groth16_n1_tx_gas_ratio_hinted_evmmax",
        "bn254_ecmul_gas_ratio_evmmax_to_precompile",
        "evm_bn254_k2_gas",
        "evm_bn254_k2_gas_ratio_to_precompile",
        "evm_bn254_k2_gas_ratio_to_precompile_eip7904",
        "evm_bn254_k2_time_ratio_to_precompile",
        "evmmax_saving_over_evm_bn254_k2",
        "evm_bls12_381_k2_gas_ratio_to_precompile",
    ] {
        assert!(json["summary"][key].as_f64().is_some_and(|v| v > 0.0), "summary.{key}");
    }
    // today's EVM costs more than EVMMAX, and the section says so
    assert!(s.evmmax_saving_over_evm_bn254_k2.unwrap() > 1.0);
    assert!(md.contains("## 17. EVMification"), "the EVMification section");
    // every EIP-2537 operation as today's bytecode, under each of the three schedules, timed
    assert_eq!(results.evm_bls12_381_gas.len(), 7 * 3);
    assert_eq!(results.evm_bls12_381_time.len(), 7 * 2);
    assert!(results.evm_bls12_381_gas.iter().all(|g| g.interface == "evm" && g.gas > g.precompile_gas as f64));
    assert!(md.contains("**Target: ecPairing at k = 2 under EIP-6690's prices at most 1.2x"));

    // The notes' f6m_mul loop: the generator's program in v7, v8, v9 and EVMMAX at least, the
    // notes' own v7 bytecode with exactly the gas the notes' evmone reported under its prices,
    // v7 the base of the ratios, the notes' published figures beside them.
    assert!(md.contains("## 15. The interfaces: the notes' f6m_mul loop"));
    let l = results.interfaces.as_ref().expect("the interfaces section");
    let row = |imp: &str| l.rows.iter().find(|r| r.implementation == imp).unwrap_or_else(|| panic!("{imp}"));
    for imp in ["generator-v7", "generator-v8", "generator-v9", "generator-evmmax", "native-executor"] {
        let r = row(imp);
        assert!(r.stats.median_ns > 0.0 && r.ratio_to_v7 > 0.0 && r.products == 1352, "{imp}");
    }
    assert_eq!(row("generator-v7").ratio_to_v7, 1.0);
    let published_v7 = l.published.iter().find(|p| p.figure == "interface-update" && p.label == "v7 (Huff)").unwrap();
    assert_eq!(row("evm384_f6m_mul-v7").gas_evmone, published_v7.gas_used.map(|g| g as f64));
    // The same loop in wasm (where clang built the module): checked against the native
    // executor's r5 before timing, and the notes' verdict on wasm stated.
    if evm384_wasm::PairingCheck::new().is_ok() {
        assert!(row("blst-wasm-wasmtime").stats.median_ns > 0.0);
        assert!(md.contains("the notes' conclusion that v7 beats wasm in this loop"));
    }

    // The pairing check in every interface: all ten answer blst's value, v7 the base; v7s, the
    // two-byte offsets, writes less code than v7.
    assert!(md.contains("## 16. The interfaces: the pairing check"));
    let ip = &results.interface_pairing;
    assert_eq!(ip.len(), Interface::ALL.len());
    let of = |i: &str| ip.iter().find(|r| r.interface == i).unwrap_or_else(|| panic!("{i}"));
    assert_eq!(of("v7").ratio_to_v7, 1.0);
    assert!(of("v7s").code_bytes < of("v7").code_bytes);
    assert!(ip.iter().all(|r| r.median_ns > 0.0 && r.gas.len() == 3 && r.transaction_gas.len() == 3));

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

    // The counts (from the native back-end's counter) equal the EVM384 instructions revm
    // actually executed, phase by phase, when the v9 contract runs on the same input: two
    // independent back-ends of the generator must agree.
    for k in [1u64, 2] {
        let prog = pairing_check_program(Curve::Bls12_381, F2Mul::V3, ProgramOptions::default());
        let (code, marks) = bytecode::assemble_with_phase_marks(&prog, Interface::V9);
        let mut runner =
            Runner::new(RunOptions { interface: Interface::V9, count_opcodes: true, ..Default::default() });
        runner.deploy(&code);
        let marks: Vec<(usize, u8)> = marks.iter().map(|&(pc, p)| (pc, p as u8)).collect();
        let (ex, phases) = runner.run_phased(&generator_pairs_input(Curve::Bls12_381, k as usize), &marks).unwrap();
        assert_eq!(ex.status, Status::Success);
        for p in Phase::ALL {
            let row = results.counts.iter().find(|c| c.k == k && c.f2mul == "v3" && c.phase == p.name()).unwrap();
            let executed = phases.iter().find(|u| u.phase == p as u8).map(|u| u.counts.clone()).unwrap_or_default();
            assert_eq!(
                (row.addmod384, row.submod384, row.mulmodmont384),
                (executed.get(0xc0), executed.get(0xc1), executed.get(0xc2)),
                "k = {k}, phase {}",
                p.name()
            );
        }
    }
    // The precompile charged the EIP-2537 price.
    assert!(results.precompile_gas.iter().all(|p| p.measured == p.formula));
    // `--save`: one set of files per CPU and day, the Markdown's charts beside it.
    let saved = write::save_results(&dir.join("results"), &results).unwrap();
    let stem = write::result_stem(&results);
    assert_eq!(saved, dir.join("results").join(format!("{stem}.json")));
    assert!(stem.ends_with(&format!("{}-quick", results.date)) && stem.starts_with(&results.machine.slug()));
    let saved_md = std::fs::read_to_string(dir.join("results").join(format!("{stem}.md"))).unwrap();
    for line in saved_md.lines().filter(|l| l.starts_with("![")) {
        let target = line.split("](").nth(1).unwrap().trim_end_matches(')');
        assert!(dir.join("results").join(target).is_file(), "{target}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
