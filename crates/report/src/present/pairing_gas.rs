//! Section 3, gas: the pairing check's execution gas per phase under every schedule, what the
//! transactions pay, EVMMAX under EIP-6690's prices, and where the gas goes (`collect::gas`).

use super::format::gas_fmt;
use super::lookup::pairing_check_gas;
use super::prose::Prose;
use crate::doc::{ratio, thousands, Block, Chart, ChartKind, Section, Series, Table};
use crate::results::Results;

/// The section's paragraphs (`text/pairing_gas.md`).
pub(super) const PROSE: Prose =
    Prose { text: include_str!("text/pairing_gas.md"), fragments: &[("intro", &[]), ("breakdown", &[])] };

/// Schedules shown in the gas tables, in order.
const SCHEDULES: [&str; 9] = [
    "evmone",
    "model-a",
    "model-b",
    "model-a-pushdup2",
    "model-b-pushdup2",
    "model-a-repriced",
    "model-b-repriced",
    "model-a-fractional",
    "model-b-fractional",
];

/// The EVMMAX contract's gas under EIP-6690's own prices, beside v9 and the precompile.
fn evmmax_gas(r: &Results, ks: &[u64]) -> Table {
    let mut t = Table::new(
        "Gas of the EVMMAX (EIP-6690) contract under EIP-6690's prices (the EVM384 schedules do not apply: EVMMAX instructions charge their own), beside v9 under model-b-repriced and the precompile",
        &["k", "evmmax total", "miller-loop", "final-exp", "v9 model-b-repriced", "precompile", "evmmax / precompile"],
    );
    for &k in ks {
        let g = |phase: &str| pairing_check_gas(r, k, "evmmax", "eip-6690", phase);
        let pre = r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula);
        let cell = |v: Option<f64>| v.map(gas_fmt).unwrap_or_else(|| "–".into());
        t.row(vec![
            k.to_string(),
            cell(g("total")),
            cell(g("miller-loop")),
            cell(g("final-exp")),
            cell(pairing_check_gas(r, k, "v9", "model-b-repriced", "total")),
            pre.map(thousands).unwrap_or_default(),
            match (g("total"), pre) {
                (Some(e), Some(p)) => ratio(e / p as f64),
                _ => "–".into(),
            },
        ]);
    }
    t
}

/// What the transactions pay: the contract's (21,000, calldata or EIP-7623's floor, execution
/// gas) beside the precompile's with the same pairs, per instruction set under its reference
/// schedule and under every schedule for EVM384.
fn transaction_gas(r: &Results, ks: &[u64]) -> Table {
    let cells: Vec<String> = ["instruction set", "schedule"]
        .into_iter()
        .map(String::from)
        .chain(ks.iter().map(|k| format!("k = {k}")))
        .collect();
    let head: Vec<&str> = cells.iter().map(String::as_str).collect();
    let mut t = Table::new(
        "Transaction gas (21,000 + calldata (EIP-2028) + execution, or EIP-7623's floor where larger): the contract's, and ÷ the precompile's transaction with the same pairs",
        &head,
    );
    let pre_tx = |k: u64| r.precompile_gas.iter().find(|p| p.k == k).and_then(|p| p.tx_gas);
    let mut row = vec!["EIP-2537 precompile".to_string(), "—".to_string()];
    row.extend(ks.iter().map(|&k| pre_tx(k).map_or("–".into(), thousands)));
    t.row(row);
    let mut sets: Vec<(String, String)> = Vec::new();
    for g in r.gas.iter().filter(|g| g.phase == "total" && g.tx_gas.is_some()) {
        let key = (g.interface.clone(), g.schedule.clone());
        if !sets.contains(&key) {
            sets.push(key);
        }
    }
    for (i, s) in sets {
        let mut row = vec![i.clone(), s.clone()];
        row.extend(ks.iter().map(|&k| {
            let g = r.gas.iter().find(|g| g.k == k && g.interface == i && g.schedule == s && g.phase == "total");
            match (g.and_then(|g| g.tx_gas), pre_tx(k)) {
                (Some(x), Some(p)) => format!("{} ({})", gas_fmt(x), ratio(x / p as f64)),
                _ => "–".into(),
            }
        }));
        t.row(row);
    }
    t
}

pub fn pairing_gas(r: &Results, ks: &[u64]) -> Section {
    let mut blocks = vec![Block::Paragraph(PROSE.words("intro"))];
    // One table per phase: a row per schedule, a column per (k, interface).
    let columns: Vec<(u64, &str)> = ks.iter().flat_map(|&k| ["v7", "v8", "v9"].map(|i| (k, i))).collect();
    for phase in ["total", "miller-loop", "final-exp"] {
        let header_cells: Vec<String> =
            std::iter::once("schedule".to_string()).chain(columns.iter().map(|(k, i)| format!("k={k} {i}"))).collect();
        let header: Vec<&str> = header_cells.iter().map(String::as_str).collect();
        let mut t = Table::new(format!("Gas, {phase}"), &header);
        for s in SCHEDULES {
            let mut row = vec![s.to_string()];
            row.extend(
                columns
                    .iter()
                    .map(|&(k, i)| pairing_check_gas(r, k, i, s, phase).map(gas_fmt).unwrap_or_else(|| "–".into())),
            );
            t.row(row);
        }
        if phase == "total" {
            let mut row = vec!["EIP-2537 precompile".to_string()];
            row.extend(columns.iter().map(|&(k, _)| {
                r.precompile_gas.iter().find(|p| p.k == k).map(|p| thousands(p.formula)).unwrap_or_default()
            }));
            t.row(row);
        }
        blocks.push(Block::Table(if phase == "total" {
            t
        } else {
            let n = t.rows.len();
            t.folded(format!("Gas, {phase}: {n} schedules × v7, v8, v9 at every k"))
        }));
    }
    if r.gas.iter().any(|g| g.tx_gas.is_some()) {
        blocks.push(Block::Table(transaction_gas(r, ks)));
    }
    let mut series: Vec<Series> = ["evmone", "model-a", "model-b", "model-b-repriced", "model-b-fractional"]
        .iter()
        .map(|s| {
            Series::new(
                format!("v7 {s}"),
                ks.iter().map(|&k| pairing_check_gas(r, k, "v7", s, "total").unwrap_or(f64::NAN)).collect(),
            )
        })
        .collect();
    series.push(Series::new(
        "v9 model-b-repriced",
        ks.iter().map(|&k| pairing_check_gas(r, k, "v9", "model-b-repriced", "total").unwrap_or(f64::NAN)).collect(),
    ));
    if r.gas.iter().any(|g| g.interface == "evmmax") {
        series.push(Series::new(
            "evmmax (EIP-6690 prices)",
            ks.iter().map(|&k| pairing_check_gas(r, k, "evmmax", "eip-6690", "total").unwrap_or(f64::NAN)).collect(),
        ));
        blocks.push(Block::Table(evmmax_gas(r, ks)));
    }
    series.push(Series::reference(
        "EIP-2537 precompile",
        ks.iter()
            .map(|&k| r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula as f64).unwrap_or(f64::NAN))
            .collect(),
    ));
    blocks.push(Block::Chart(Chart {
        id: "gas_vs_k".into(),
        title: "Pairing check gas vs number of pairs".into(),
        kind: ChartKind::Lines,
        categories: ks.iter().map(|k| k.to_string()).collect(),
        x: ks.iter().map(|&k| k as f64).collect(),
        x_label: "pairs k".into(),
        y_label: "gas".into(),
        log_y: false,
        series,
        second: None,
    }));
    let mut t = Table::new(
        "Where the gas goes (the critique's breakdown), k = 2",
        &[
            "interface",
            "schedule",
            "EVM384 arithmetic",
            "PUSH*",
            "control flow, copies, memory",
            "input handling",
            "total",
            "arithmetic share",
        ],
    );
    for b in r
        .gas_breakdown
        .iter()
        .filter(|b| b.k == 2 && ["evmone", "model-a", "model-b", "model-b-repriced"].contains(&b.schedule.as_str()))
    {
        t.row(vec![
            b.interface.clone(),
            b.schedule.clone(),
            gas_fmt(b.evm384_arith),
            gas_fmt(b.pushes),
            gas_fmt(b.control_and_copies),
            gas_fmt(b.input_handling),
            gas_fmt(b.total),
            format!("{:.0}%", 100.0 * b.evm384_arith / b.total),
        ]);
    }
    blocks.push(Block::Paragraph(PROSE.words("breakdown")));
    blocks.push(Block::Table(t));
    Section { id: "gas".into(), title: "3. Gas".into(), blocks }
}
