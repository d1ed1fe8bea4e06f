//! Section 10, the other EIP-2537 operations as contracts (G1ADD, G1MSM, G2ADD, G2MSM, the
//! maps, BLS signature verification, the hinted pairing check) beside their precompiles
//! (`collect::operations`).

use super::prose::Prose;
use super::tables::{gas_by_schedule, operation_time_rows, runtime_rows, sizes, ScheduleGas};
use crate::doc::{ratio, thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/other_operations.md`).
pub(super) const PROSE: Prose =
    Prose { text: include_str!("text/other_operations.md"), fragments: &[("not-measured", &[]), ("intro", &[])] };

pub fn other_operations(r: &Results) -> Section {
    let mut blocks = Vec::new();
    if r.operations_gas.is_empty() {
        blocks.push(Block::Paragraph(PROSE.words("not-measured")));
        return Section { id: "operations".into(), title: "10. Other EIP-2537 operations".into(), blocks };
    }
    blocks.push(Block::Paragraph(PROSE.words("intro")));
    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        r.operations_gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of = |op: &str, k: u64, imp: &str| {
        r.operations_time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp)
    };
    let sizes = sizes(r.operations_gas.iter().map(|g| (g.operation.as_str(), g.k)));
    let mut t = Table::new(
        "Each operation beside its precompile: gas ÷ the precompile's price (per interface and schedule), transaction gas ÷ the precompile's transaction's (tx: 21,000, calldata or EIP-7623's floor, execution; the hinted check's witness in its calldata) and time ÷ the precompile's time (ratio of medians)",
        &[
            "operation",
            "k",
            "precompile gas",
            "v7 model-b",
            "v7 model-b-repriced",
            "v9 model-b",
            "v9 model-b-repriced",
            "evmmax eip-6690",
            "tx v9 model-b-repriced",
            "tx evmmax eip-6690",
            "time v7",
            "time v9",
            "time evmmax",
        ],
    );
    for (op, k) in &sizes {
        let mut row = vec![op.clone(), k.to_string()];
        let pre = r.operations_gas.iter().find(|g| &g.operation == op && g.k == *k).map(|g| g.precompile_gas);
        row.push(pre.map_or("—".into(), thousands));
        for (i, sch) in [
            ("v7", "model-b"),
            ("v7", "model-b-repriced"),
            ("v9", "model-b"),
            ("v9", "model-b-repriced"),
            ("evmmax", "eip-6690"),
        ] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.gas / g.precompile_gas as f64)));
        }
        for (i, sch) in [("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            let tx = gas_of(op, *k, i, sch).and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?));
            row.push(tx.map_or("—".into(), ratio));
        }
        for imp in ["contract-v7", "contract-v9", "contract-evmmax"] {
            row.push(time_of(op, *k, imp).map_or("—".into(), |x| ratio(x.ratio_to_precompile)));
        }
        t.row(row);
    }
    blocks.push(Block::Table(t));
    let gas_rows: Vec<ScheduleGas> = r
        .operations_gas
        .iter()
        .map(|g| ScheduleGas {
            operation: &g.operation,
            k: g.k,
            interface: &g.interface,
            code_bytes: g.code_bytes,
            baseline: g.precompile_gas,
            schedule: &g.schedule,
            gas: g.gas,
        })
        .collect();
    blocks.push(gas_by_schedule(
        "Gas of the contracts (execution gas) under every schedule, beside the precompile's",
        "precompile gas",
        &gas_rows,
    ));
    let time_rows = operation_time_rows(&r.operations_time);
    blocks.push(runtime_rows(
        "Runtime of the contracts beside the precompile (ratios of medians, of minimums in brackets)",
        "× precompile",
        &time_rows,
    ));
    Section { id: "operations".into(), title: "10. Other EIP-2537 operations".into(), blocks }
}
