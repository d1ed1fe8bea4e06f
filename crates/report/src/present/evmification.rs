//! Section 17, EVMification: the precompiles as bytecode on today's EVM (`--interface evm`)
//! under today's prices and EIP-7904's, beside the precompiles under the same and beside EVM384
//! and EVMMAX (`collect::bn254`'s rows of `evm`, `collect::evmification`'s for BLS12-381).

use evm384_evm::EvmSchedule;

use super::format::gas_fmt;
use super::prose::Prose;
use crate::doc::{ratio, thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/evmification.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/evmification.md"),
    fragments: &[
        ("not-measured", &[]),
        ("intro", &[]),
        ("headline", &["gas", "ratio", "price", "ratio_7904", "price_7904", "time", "saving", "saving_v9"]),
        ("arithmetic", &["gas", "arithmetic", "share"]),
        ("bls12-381-not-measured", &[]),
        ("bls12-381", &["gas", "ratio", "price", "fits", "time"]),
    ],
};

/// Today's EVM's rows (`OperationGasRow::interface`, `PhaseGasRow::interface`).
const EVM: &str = "evm";

pub fn evmification(r: &Results) -> Section {
    let (id, title) = ("evmification".to_string(), "17. EVMification: the precompiles as today's bytecode".to_string());
    let Some(b) = r.bn254.as_ref().filter(|b| b.gas.iter().any(|g| g.interface == EVM)) else {
        return Section { id, title, blocks: vec![Block::Paragraph(PROSE.words("not-measured"))] };
    };
    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        b.gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of = |op: &str, k: u64, imp: &str| {
        b.time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp).map(|t| t.ratio_to_precompile)
    };
    let (osaka, eip7904) = (EvmSchedule::Osaka.name(), EvmSchedule::Eip7904.name());
    let mut blocks = vec![Block::Paragraph(PROSE.words("intro"))];

    let pairing = "ec-pairing";
    if let (Some(e), Some(e7904)) = (gas_of(pairing, 2, EVM, osaka), gas_of(pairing, 2, EVM, eip7904)) {
        let saving = |i: &str, sch: &str| gas_of(pairing, 2, i, sch).map_or("—".into(), |g| ratio(e.gas / g.gas));
        blocks.push(Block::Paragraph(PROSE.fill(
            "headline",
            &[
                ("gas", &gas_fmt(e.gas)),
                ("ratio", &ratio(e.gas / e.precompile_gas as f64)),
                ("price", &thousands(e.precompile_gas)),
                ("ratio_7904", &ratio(e7904.gas / e7904.precompile_gas as f64)),
                ("price_7904", &thousands(e7904.precompile_gas)),
                ("time", &time_of(pairing, 2, "contract-evm").map_or("—".into(), ratio)),
                ("saving", &saving("evmmax", "eip-6690")),
                ("saving_v9", &saving("v9", "model-b-repriced")),
            ],
        )));
        if let Some(t) = b.phases.iter().find(|p| p.k == 2 && p.interface == EVM && p.phase == "total") {
            blocks.push(Block::Paragraph(PROSE.fill(
                "arithmetic",
                &[
                    ("gas", &gas_fmt(t.gas)),
                    ("arithmetic", &gas_fmt(t.arithmetic_gas)),
                    ("share", &format!("{:.0}%", 100.0 * t.arithmetic_gas / t.gas)),
                ],
            )));
        }
    }

    let mut t = Table::new(
        "BN254 as today's bytecode: gas (Osaka's prices), and gas ÷ the precompile's price under each schedule (tx: transaction gas ÷ the precompile transaction's), time ÷ revm's precompile (ratio of medians), and the factor EVM384 v9 (model B repriced) and EVMMAX (EIP-6690) save over today's bytecode at Osaka's prices; k is the pairs of ecPairing",
        &[
            "operation",
            "k",
            "bytes",
            "gas (osaka)",
            "÷ price osaka",
            "÷ price eip-7904",
            "÷ price modarith",
            "tx osaka",
            "tx eip-7904",
            "time ÷ precompile",
            "v9 saves",
            "EVMMAX saves",
        ],
    );
    let mut subjects: Vec<(&str, u64)> =
        b.gas.iter().filter(|g| g.interface == EVM).map(|g| (g.operation.as_str(), g.k)).collect();
    subjects.dedup();
    for (op, k) in subjects {
        let Some(e) = gas_of(op, k, EVM, osaka) else { continue };
        let over = |sch: EvmSchedule| {
            gas_of(op, k, EVM, sch.name()).map_or("—".into(), |g| ratio(g.gas / g.precompile_gas as f64))
        };
        let tx = |sch: EvmSchedule| {
            gas_of(op, k, EVM, sch.name())
                .and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?))
                .map_or("—".into(), ratio)
        };
        let saves = |i: &str, sch: &str| gas_of(op, k, i, sch).map_or("—".into(), |g| ratio(e.gas / g.gas));
        t.row(vec![
            op.to_string(),
            k.to_string(),
            thousands(e.code_bytes),
            gas_fmt(e.gas),
            over(EvmSchedule::Osaka),
            over(EvmSchedule::Eip7904),
            over(EvmSchedule::ModArith),
            tx(EvmSchedule::Osaka),
            tx(EvmSchedule::Eip7904),
            time_of(op, k, "contract-evm").map_or("—".into(), ratio),
            saves("v9", "model-b-repriced"),
            saves("evmmax", "eip-6690"),
        ]);
    }
    blocks.push(Block::Table(t));

    if let Some(m) = b.k_max.iter().find(|m| m.interface == EVM) {
        let pre = b.k_max.iter().find(|m| m.interface == "precompile");
        let mut t = Table::new(
            "ecPairing: the largest k per transaction under the 2^24 gas cap (EIP-7825), generator pairs, calldata included",
            &["implementation", "prices", "largest k", "transaction gas at it"],
        );
        t.row(vec!["today's bytecode".into(), m.schedule.clone(), m.k_max.to_string(), gas_fmt(m.tx_gas_at_k_max)]);
        if let Some(p) = pre {
            t.row(vec!["precompile 0x08".into(), p.schedule.clone(), p.k_max.to_string(), gas_fmt(p.tx_gas_at_k_max)]);
        }
        blocks.push(Block::Table(t));
    }
    blocks.extend(bls12_381(r, osaka));
    Section { id, title, blocks }
}

/// The EIP-2537 operations as today's bytecode: the pairing check's figures, then a table.
fn bls12_381(r: &Results, osaka: &str) -> Vec<Block> {
    if r.evm_bls12_381_gas.is_empty() {
        return vec![Block::Paragraph(PROSE.words("bls12-381-not-measured"))];
    }
    let gas_of = |op: &str, sch: &str| r.evm_bls12_381_gas.iter().find(|g| g.operation == op && g.schedule == sch);
    let time_of = |op: &str| {
        r.evm_bls12_381_time
            .iter()
            .find(|t| t.operation == op && t.implementation == "contract-evm")
            .map(|t| t.ratio_to_precompile)
    };
    let mut blocks = Vec::new();
    let pairing = "pairing-check";
    if let Some(e) = gas_of(pairing, osaka) {
        let fits = if e.tx_gas.is_some_and(|t| t <= crate::collect::parity::TX_GAS_CAP as f64) {
            "it fits"
        } else {
            "it does not fit"
        };
        blocks.push(Block::Paragraph(PROSE.fill(
            "bls12-381",
            &[
                ("gas", &gas_fmt(e.gas)),
                ("ratio", &ratio(e.gas / e.precompile_gas as f64)),
                ("price", &thousands(e.precompile_gas)),
                ("fits", &fits),
                ("time", &time_of(pairing).map_or("—".into(), ratio)),
            ],
        )));
    }
    // what EVM384 v9 and EVMMAX charge for the same input: section 10's rows, section 4's for
    // the pairing check
    let ours = |op: &str, k: u64, i: &str, sch: &str| {
        if op == pairing {
            r.gas
                .iter()
                .find(|g| g.k == k && g.interface == i && g.schedule == sch && g.phase == "total")
                .map(|g| g.gas)
        } else {
            r.operations_gas
                .iter()
                .find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
                .map(|g| g.gas)
        }
    };
    let mut t = Table::new(
        "BLS12-381 (EIP-2537) as today's bytecode: gas (Osaka's prices), and gas ÷ the precompile's price under each schedule (tx: transaction gas ÷ the precompile transaction's), time ÷ revm's precompile (ratio of medians), and the factor EVM384 v9 (model B repriced) and EVMMAX (EIP-6690) save; k is the pairs of the pairing check and the points of the MSMs",
        &[
            "operation",
            "k",
            "bytes",
            "gas (osaka)",
            "÷ price osaka",
            "÷ price eip-7904",
            "tx osaka",
            "time ÷ precompile",
            "v9 saves",
            "EVMMAX saves",
        ],
    );
    for e in r.evm_bls12_381_gas.iter().filter(|g| g.schedule == osaka) {
        let op = e.operation.as_str();
        let over =
            |sch: EvmSchedule| gas_of(op, sch.name()).map_or("—".into(), |g| ratio(g.gas / g.precompile_gas as f64));
        let saves = |i: &str, sch: &str| ours(op, e.k, i, sch).map_or("—".into(), |g| ratio(e.gas / g));
        t.row(vec![
            op.to_string(),
            e.k.to_string(),
            thousands(e.code_bytes),
            gas_fmt(e.gas),
            over(EvmSchedule::Osaka),
            over(EvmSchedule::Eip7904),
            e.tx_gas.zip(e.precompile_tx_gas).map_or("—".into(), |(a, b)| ratio(a / b)),
            time_of(op).map_or("—".into(), ratio),
            saves("v9", "model-b-repriced"),
            saves("evmmax", "eip-6690"),
        ]);
    }
    blocks.push(Block::Table(t));
    blocks
}
