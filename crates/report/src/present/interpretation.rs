//! Section 9, interpretation: the headline figures at k = 2 in words, where parity lies, and
//! EVMMAX (from `Results::summary`, `parity` and `k_max`).

use super::format::gas_fmt;
use super::prose::Prose;
use crate::doc::{ratio, thousands, Block, Section};
use crate::results::Results;

/// The section's paragraphs and their clauses (`text/interpretation.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/interpretation.md"),
    fragments: &[
        ("summary", &["v7_gas", "v7_ratio", "price", "v9_gas", "time_precompile", "time_blst", "v8"]),
        (
            "parity",
            &[
                "floor",
                "floor_conclusion",
                "rest_gas",
                "rest",
                "rest_conclusion",
                "v7_k_max",
                "v9_k_max",
                "precompile_k_max",
            ],
        ),
        ("floor-above-price", &[]),
        ("floor-within-price", &[]),
        ("rest-above-price", &[]),
        ("rest-within-price", &[]),
        ("evmmax", &["gas", "best", "ratio", "ratio_v9", "time", "time_v9", "k_max"]),
    ],
};

pub fn interpretation(r: &Results) -> Section {
    let s = &r.summary;
    let row = |i: &str, sch: &str| r.parity.iter().find(|p| p.k == 2 && p.interface == i && p.schedule == sch);
    let kmax = |i: &str, sch: &str| r.k_max.iter().find(|m| m.interface == i && m.schedule == sch).map(|m| m.k_max);
    let mut blocks = vec![Block::Paragraph(PROSE.fill(
        "summary",
        &[
            ("v7_gas", &gas_fmt(s.k2_gas_v7_model_b)),
            ("v7_ratio", &ratio(s.k2_gas_ratio_v7_model_b_to_precompile)),
            ("price", &thousands(s.precompile_gas_k2)),
            ("v9_gas", &gas_fmt(s.k2_gas_v9_model_b_repriced)),
            ("time_precompile", &ratio(s.k2_time_ratio_v7_to_precompile)),
            ("time_blst", &ratio(s.k2_time_ratio_v7_to_blst)),
            ("v8", &ratio(s.v8_to_v7_time_ratio)),
        ],
    ))];
    if let (Some(v9), Some(v7)) = (row("v9", "model-b-repriced"), row("v7", "model-b")) {
        let floor = v7.floor_evm384_gas / v7.precompile_price as f64;
        let rest = (v9.contract_gas - v9.floor_evm384_gas) / v9.precompile_price as f64;
        blocks.push(Block::Paragraph(PROSE.fill(
            "parity",
            &[
                ("floor", &ratio(floor)),
                (
                    "floor_conclusion",
                    &PROSE.words(if floor > 1.0 { "floor-above-price" } else { "floor-within-price" }),
                ),
                ("rest_gas", &gas_fmt(v9.contract_gas - v9.floor_evm384_gas)),
                ("rest", &ratio(rest)),
                ("rest_conclusion", &PROSE.words(if rest > 1.0 { "rest-above-price" } else { "rest-within-price" })),
                ("v7_k_max", &kmax("v7", "evmone").unwrap_or(0)),
                ("v9_k_max", &kmax("v9", "model-b-repriced").unwrap_or(0)),
                ("precompile_k_max", &r.precompile_k_max),
            ],
        )));
    }
    if let (Some(g), Some(gr), Some(tr)) =
        (s.k2_gas_evmmax, s.k2_gas_ratio_evmmax_to_precompile, s.k2_time_ratio_evmmax_to_precompile)
    {
        let or_dash = |x: Option<String>| x.unwrap_or_else(|| "–".into());
        blocks.push(Block::Paragraph(PROSE.fill(
            "evmmax",
            &[
                ("gas", &gas_fmt(g)),
                ("best", &or_dash(s.k2_gas_best_evmmax.map(gas_fmt))),
                ("ratio", &ratio(gr)),
                ("ratio_v9", &or_dash(s.k2_gas_ratio_evmmax_to_v9_model_b_repriced.map(ratio))),
                ("time", &ratio(tr)),
                ("time_v9", &or_dash(s.k2_time_ratio_evmmax_to_v9.map(ratio))),
                ("k_max", &kmax("evmmax", "eip-6690").unwrap_or(0)),
            ],
        )));
    }
    Section { id: "interpretation".into(), title: "9. Interpretation".into(), blocks }
}
