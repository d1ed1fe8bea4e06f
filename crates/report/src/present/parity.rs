//! Section 4, where parity lies: per interface and schedule the contract's gas, the floor of its
//! arithmetic and each opcode class's break-even factor, the largest k per transaction, and the
//! formula choices of cost-aware generation (`collect::parity`, `collect::choices`).

use super::format::gas_fmt;
use super::prose::Prose;
use crate::doc::{ratio, thousands, Block, Chart, ChartKind, Section, Series, Table};
use crate::results::Results;

/// The section's paragraphs (`text/parity.md`).
pub(super) const PROSE: Prose =
    Prose { text: include_str!("text/parity.md"), fragments: &[("intro", &[]), ("squarings", &[])] };

/// A break-even factor: "×0.42" (prices must fall to 42 %), or "impossible" (≤ 0).
fn factor(f: f64) -> String {
    if f <= 0.0 {
        "impossible".into()
    } else {
        format!("×{f:.2}")
    }
}

pub fn parity(r: &Results, ks: &[u64]) -> Section {
    let mut blocks = vec![Block::Paragraph(PROSE.words("intro"))];
    for k in [2u64] {
        let mut t = Table::new(
            format!(
                "k = {k}: contract gas, floor, and break-even factors (precompile price {})",
                thousands(crate::collect::gas::precompile_price(k))
            ),
            &[
                "interface",
                "schedule",
                "contract",
                "floor (arithmetic ops)",
                "floor ÷ price",
                "arithmetic ×",
                "PUSH/DUP ×",
                "MLOAD/MSTORE/MCOPY ×",
                "other gas",
            ],
        );
        for p in r.parity.iter().filter(|p| p.k == k) {
            t.row(vec![
                p.interface.clone(),
                p.schedule.clone(),
                gas_fmt(p.contract_gas),
                gas_fmt(p.floor_evm384_gas),
                ratio(p.floor_evm384_gas / p.precompile_price as f64),
                factor(p.break_even_evm384),
                factor(p.break_even_push_dup),
                factor(p.break_even_memory_ops),
                gas_fmt(p.other_gas),
            ]);
        }
        let n = t.rows.len();
        blocks.push(Block::Table(
            t.folded(format!("k = {k}: contract gas, floor and break-even factors of {n} interface–schedule pairs")),
        ));
    }
    let mut t = Table::new(
        format!("Largest k per transaction under Osaka's 2^24 gas cap (execution + intrinsic gas); the precompile called from a contract: k ≤ {}", r.precompile_k_max),
        &["interface", "schedule", "largest k", "transaction gas at it"],
    );
    for m in &r.k_max {
        t.row(vec![m.interface.clone(), m.schedule.clone(), m.k_max.to_string(), gas_fmt(m.tx_gas_at_k_max)]);
    }
    let n = t.rows.len();
    blocks.push(Block::Table(t.folded(format!(
        "Largest k per transaction, {n} interface–schedule pairs (the precompile: k ≤ {})",
        r.precompile_k_max
    ))));
    let line = |iface: &str, schedule: &str, floor: bool| Series {
        name: format!("{iface} {schedule} {}", if floor { "floor" } else { "contract" }),
        dashed: floor,
        values: ks
            .iter()
            .map(|&k| {
                r.parity
                    .iter()
                    .find(|p| p.k == k && p.interface == iface && p.schedule == schedule)
                    .map(|p| if floor { p.floor_evm384_gas } else { p.contract_gas } / p.precompile_price as f64)
                    .unwrap_or(f64::NAN)
            })
            .collect(),
    };
    blocks.push(Block::Chart(Chart {
        id: "parity".into(),
        title: "Gas ÷ precompile price vs number of pairs (1 = parity)".into(),
        kind: ChartKind::Lines,
        categories: ks.iter().map(|k| k.to_string()).collect(),
        x: ks.iter().map(|&k| k as f64).collect(),
        x_label: "pairs k".into(),
        y_label: "× precompile price".into(),
        log_y: false,
        series: vec![
            line("v7", "model-b", false),
            line("v9", "model-b-repriced", false),
            // The floor depends on the EVM384 prices only: model B's 1/1/3 in both schedules.
            Series {
                name: "EVM384 floor at model B prices (any interface)".into(),
                ..line("v9", "model-b-repriced", true)
            },
            Series::reference("parity", ks.iter().map(|_| 1.0).collect()),
        ],
        second: None,
    }));
    build_choices(r, &mut blocks);
    Section { id: "parity".into(), title: "4. Where parity lies".into(), blocks }
}

/// Cost-aware generation: the chosen formulas per interface and schedule, and the final
/// exponentiation's counts with each squaring.
fn build_choices(r: &Results, blocks: &mut Vec<Block>) {
    if !r.build_choices.is_empty() {
        let mut t = Table::new(
            "Build choices at k = 2 (`evm384 build pairing-check --optimize-for SCHEDULE`): the cheapest formulas that fit 24,576 bytes",
            &["interface", "schedule", "chosen", "gas", "default build", "candidates (gas, or over the limit)"],
        );
        for c in &r.build_choices {
            let cands: Vec<String> = c
                .candidates
                .iter()
                .map(|x| match x.gas {
                    Some(g) => format!("{}: {}", x.formulas, gas_fmt(g)),
                    None => format!("{}: {} bytes", x.formulas, thousands(x.code_bytes)),
                })
                .collect();
            t.row(vec![
                c.interface.clone(),
                c.target.clone(),
                c.chosen.clone(),
                gas_fmt(c.chosen_gas),
                gas_fmt(c.default_gas),
                cands.join("; "),
            ]);
        }
        let n = t.rows.len();
        blocks.push(Block::Table(
            t.folded(format!("Build choices at k = 2 for {n} interface–schedule pairs, with every candidate")),
        ));
    }
    if !r.final_exp_counts.is_empty() {
        let mut t = Table::new(
            "Final exponentiation, k = 1: Granger–Scott squaring (Fp4 squarings' 2·x0·x1 by squares, or as products) against Karabina's compressed squaring (one Fp2 inversion per exponentiation by z)",
            &["squaring", "f2mul", "ADDMOD384", "SUBMOD384", "MULMODMONT384", "copies", "calls"],
        );
        for c in &r.final_exp_counts {
            t.row(vec![
                c.squaring.clone(),
                c.f2mul.clone(),
                thousands(c.addmod384),
                thousands(c.submod384),
                thousands(c.mulmodmont384),
                thousands(c.copies),
                thousands(c.calls),
            ]);
        }
        blocks.push(Block::Paragraph(PROSE.words("squarings")));
        blocks.push(Block::Table(t));
    }
}
