//! Section 11, a second curve: BLS12-377's EIP-2539 operations as contracts beside EIP-2539's
//! proposed prices and arkworks (`collect::curves`).

use super::prose::Prose;
use super::tables::{gas_by_schedule, runtime_rows, sizes, ScheduleGas, TimeRow};
use crate::doc::{ratio, thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/bls12_377.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/bls12_377.md"),
    fragments: &[("not-measured", &[]), ("intro", &[]), ("hinted", &[])],
};

pub fn bls12_377(r: &Results) -> Section {
    let (id, title) = ("curves".to_string(), "11. A second curve: BLS12-377 (EIP-2539)".to_string());
    let mut blocks = Vec::new();
    if r.curves_gas.is_empty() {
        blocks.push(Block::Paragraph(PROSE.words("not-measured")));
        return Section { id, title, blocks };
    }
    blocks.push(Block::Paragraph(PROSE.words("intro")));
    if r.curves_gas.iter().any(|g| g.operation == crate::collect::curves::HINTED) {
        blocks.push(Block::Paragraph(PROSE.words("hinted")));
    }
    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        r.curves_gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of = |op: &str, k: u64, imp: &str| {
        r.curves_time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp)
    };
    let sizes = sizes(r.curves_gas.iter().map(|g| (g.operation.as_str(), g.k)));
    let mut t = Table::new(
        "Each operation: gas ÷ EIP-2539's proposed price (per interface and schedule), transaction gas ÷ that of a transaction calling a precompile at that price (tx), and time ÷ arkworks' (ratio of medians); the last column the contract's time ÷ the BLS12-381 contract's (v9)",
        &[
            "operation",
            "k",
            "EIP-2539 price",
            "v7 model-b",
            "v9 model-b-repriced",
            "evmmax eip-6690",
            "tx v9 model-b-repriced",
            "tx evmmax eip-6690",
            "time v7",
            "time v9",
            "time evmmax",
            "v9 ÷ BLS12-381 v9",
        ],
    );
    for (op, k) in &sizes {
        let mut row = vec![op.clone(), k.to_string()];
        let price = r.curves_gas.iter().find(|g| &g.operation == op && g.k == *k).map(|g| g.eip_price);
        row.push(price.map_or("—".into(), thousands));
        for (i, sch) in [("v7", "model-b"), ("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.gas / g.eip_price as f64)));
        }
        for (i, sch) in [("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.tx_gas / g.eip_price_tx_gas)));
        }
        for imp in ["contract-v7", "contract-v9", "contract-evmmax"] {
            row.push(time_of(op, *k, imp).map_or("—".into(), |x| ratio(x.ratio_to_arkworks)));
        }
        let ours = time_of(op, *k, "contract-v9");
        let theirs = time_of(op, *k, "bls12-381-contract-v9");
        row.push(match (ours, theirs) {
            (Some(a), Some(b)) => ratio(a.stats.median_ns / b.stats.median_ns),
            _ => "—".into(),
        });
        t.row(row);
    }
    blocks.push(Block::Table(if t.rows.len() > 32 {
        let n = t.rows.len();
        t.folded(format!("Every operation at every size: {n} rows"))
    } else {
        t
    }));
    let gas_rows: Vec<ScheduleGas> = r
        .curves_gas
        .iter()
        .map(|g| ScheduleGas {
            operation: &g.operation,
            k: g.k,
            interface: &g.interface,
            code_bytes: g.code_bytes,
            baseline: g.eip_price,
            schedule: &g.schedule,
            gas: g.gas,
        })
        .collect();
    blocks.push(gas_by_schedule(
        "Gas of the BLS12-377 contracts (execution gas) under every schedule",
        "EIP-2539 price",
        &gas_rows,
    ));
    let time_rows: Vec<TimeRow> = r
        .curves_time
        .iter()
        .map(|x| {
            (
                x.operation.as_str(),
                x.k,
                x.implementation.as_str(),
                &x.stats,
                x.ratio_to_arkworks,
                x.ratio_to_arkworks_min,
            )
        })
        .collect();
    blocks.push(runtime_rows(
        "Runtime beside arkworks (ratios of medians, of minimums in brackets)",
        "× arkworks",
        &time_rows,
    ));
    Section { id, title, blocks }
}
