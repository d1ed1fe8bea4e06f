//! The document against the committed reports of record, and every section's prose against
//! its text.

use super::format::parity_factor;
use super::{document, document_from};
use crate::doc::{ratio, Block, Table};

/// The committed reports of record (the newest of each CPU), as the README cites them.
fn records() -> Vec<crate::headline::ResultFile> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results");
    crate::headline::newest_per_cpu(&dir, "results").unwrap()
}

/// Every section's fragments and placeholders are its text's (`prose`).
#[test]
fn every_prose_matches_its_text() {
    let all = [
        ("heading", &super::heading::PROSE),
        ("answer", &super::answer::PROSE),
        ("evmification", &super::evmification::PROSE),
        ("correctness", &super::correctness::PROSE),
        ("opcode_counts", &super::opcode_counts::PROSE),
        ("pairing_gas", &super::pairing_gas::PROSE),
        ("parity", &super::parity::PROSE),
        ("pairing_runtime", &super::pairing_runtime::PROSE),
        ("native", &super::native::PROSE),
        ("calibration", &super::calibration::PROSE),
        ("worst_case", &super::worst_case::PROSE),
        ("interpretation", &super::interpretation::PROSE),
        ("other_operations", &super::other_operations::PROSE),
        ("bls12_377", &super::bls12_377::PROSE),
        ("evmmax_worst_case", &super::evmmax_worst_case::PROSE),
        ("precompile_cost", &super::precompile_cost::PROSE),
        ("bn254", &super::bn254::PROSE),
        ("f6m_mul_loop", &super::f6m_mul_loop::PROSE),
        ("interface_pairing", &super::interface_pairing::PROSE),
    ];
    for (section, prose) in all {
        if let Err(e) = prose.check() {
            panic!("text/{section}.md: {e}");
        }
    }
}

#[test]
fn the_answer_comes_first_from_the_named_file() {
    for f in records() {
        let doc = document_from(&f.results, &f.link);
        let first = &doc.sections[0];
        assert_eq!((first.id.as_str(), first.title.as_str()), ("answer", "0. The answer"));
        let Block::Paragraph(p) = &first.blocks[0] else { panic!("the answer opens with its words") };
        assert!(p.contains(&format!("`{}`", f.link)), "{p}");
        let tables: Vec<&Table> =
            first.blocks.iter().filter_map(|b| if let Block::Table(t) = b { Some(t) } else { None }).collect();
        let charts = first.blocks.iter().filter(|b| matches!(b, Block::Chart(_))).count();
        assert_eq!((tables.len(), charts), (1, 1), "one table, one chart");
        let t = tables[0];
        // A column per k of the file; the default builds' gas and the floor in every one.
        let ks: Vec<String> = f.results.precompile_gas.iter().map(|p| format!("k = {}", p.k)).collect();
        assert_eq!(&t.header[1..], &ks[..]);
        for label in
            ["gas ÷ price: v7, model B, default build", "operation-count floor ÷ price: EVM384 at model B prices"]
        {
            let row = t.rows.iter().find(|r| r[0] == label).unwrap_or_else(|| panic!("{label}"));
            assert!(row[1..].iter().all(|c| c.ends_with('x')), "{row:?}");
        }
        assert!(t.rows.iter().any(|r| r[0].starts_with("parity: EVM384 arithmetic prices × λ")));
    }
}

/// The figures of the answer are the file's: k = 2 of the report of record of 2026-11-26
/// against its summary (what the README's headline table shows).
#[test]
fn the_answer_repeats_the_summary_at_k_2() {
    let f =
        records().into_iter().find(|f| f.results.date == "2026-11-26" && f.results.machine.slug() == "amd-epyc-f25m17");
    let Some(f) = f else { return };
    let doc = document_from(&f.results, &f.link);
    let Block::Table(t) = &doc.sections[0].blocks[1] else { panic!() };
    let col = t.header.iter().position(|h| h == "k = 2").unwrap();
    let cell = |label: &str| t.rows.iter().find(|r| r[0] == label).unwrap()[col].clone();
    let s = &f.results.summary;
    assert_eq!(cell("gas ÷ price: v7, model B, default build"), ratio(s.k2_gas_ratio_v7_model_b_to_precompile));
    assert_eq!(
        cell("gas ÷ price: EVMMAX, EIP-6690 prices, cheapest build"),
        ratio(s.k2_gas_best_evmmax.unwrap() / s.precompile_gas_k2 as f64)
    );
    assert!(cell("time ÷ precompile: v7, default build").starts_with(&ratio(s.k2_time_ratio_v7_to_precompile)));
    // λ = (P − (G − A)) ÷ A for v9 under model B repriced.
    let p =
        f.results.parity.iter().find(|p| p.k == 2 && p.interface == "v9" && p.schedule == "model-b-repriced").unwrap();
    let lambda = (p.precompile_price as f64 - (p.contract_gas - p.floor_evm384_gas)) / p.floor_evm384_gas;
    assert_eq!(
        cell("parity: EVM384 arithmetic prices × λ, v9 default build under model B repriced"),
        parity_factor(lambda)
    );
}

/// Long tables are folded under a summary in HTML: every per-schedule, per-file and
/// per-workload listing; section 10's table of ratios (one row per operation and size, 32)
/// stays open.
#[test]
fn long_tables_are_folded() {
    for f in records() {
        for s in document(&f.results).sections {
            for b in &s.blocks {
                if let Block::Table(t) = b {
                    assert!(
                        t.rows.len() <= 32 || t.summary.is_some(),
                        "{}: '{}' has {} rows",
                        s.id,
                        t.caption,
                        t.rows.len()
                    );
                }
            }
        }
    }
}
