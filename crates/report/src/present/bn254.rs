//! Section 14: BN254's EIP-196/197 operations as contracts and the Groth16 verifier over them,
//! beside revm's precompiles and EIP-1108's prices (`collect::bn254`).

use super::{gas_by_schedule, gas_fmt, parity_factor, runtime_rows, ScheduleGas, TimeRow};
use crate::doc::{ratio, thousands, Block, Section, Table};
use crate::results::{PhaseGasRow, Results};

/// The target: ecPairing at k = 2 under EIP-6690's prices at most this many times
/// the precompile's price.
const TARGET: f64 = 1.2;

/// The instruction sets and schedules the section reads its headline figures under.
const HEADLINE: [(&str, &str, &str); 2] = [("EVMMAX", "evmmax", "eip-6690"), ("v9", "v9", "model-b-repriced")];

pub fn bn254(r: &Results) -> Section {
    let (id, title) = (
        "bn254".to_string(),
        "14. BN254 (EIP-196, EIP-197): ecAdd, ecMul, ecPairing and a Groth16 verifier".to_string(),
    );
    let Some(b) = &r.bn254 else {
        let blocks =
            vec![Block::Paragraph("Not measured in this file (written before these contracts existed).".into())];
        return Section { id, title, blocks };
    };
    let mut blocks = Vec::new();
    blocks.push(Block::Paragraph("BN254 (alt_bn128), the pairing curve Ethereum runs, from the same generator over its parameter set (`docs/curves.md`): ecAdd (0x06) and ecMul (0x07) as EIP-196 writes them (32-byte big-endian coordinates, the input zero-padded on the right to its length and the rest ignored, (0, 0) the point at infinity, a coordinate ≥ p or a point off the curve failing the call; G1 has cofactor 1) and ecPairing (0x08) as EIP-197 writes it (a multiple of 192 bytes, G2's imaginary halves first, G2 membership tested; the optimal ate Miller loop over the signed digits of 6z + 2 with its two closing Frobenius-twisted lines, the hard part of Fuentes-Castañeda–Knapp–Rodríguez-Henríquez), each as `evm384 build --curve bn254` emits it by default (ecPairing: its cheapest build), in v7, v8, v9 under every schedule and EVMMAX under EIP-6690's prices at 256 bits. Beside them revm's precompiles (arkworks inside), called from a contract, at EIP-1108's prices (ecAdd 150, ecMul 6,000, ecPairing 45,000 + 34,000·k). Then a Groth16 verifier (`evm384_gen::ops::groth16`: the verifying key as constants, the public inputs' MSM by ecMul and ecAdd, one 4-pair ecPairing) on arkworks' proofs of a small circuit with n public inputs (`groth16-verify`, k = n): its baseline (the \"precompiles\" columns) is the verifier calling 0x06, 0x07 and 0x08, the measured rows the same verifier calling this project's contracts deployed at fixed addresses (EVMMAX and v9). The inputs: ecAdd two distinct points, ecMul a point and a full 256-bit scalar, ecPairing k pairs whose product is one for k ≥ 2 (made with `ark-bn254`). Gas beside what the precompile charged (the verifier: the whole verifier's gas over the precompiles), what the transactions pay (21,000, calldata or EIP-7623's floor, execution) on both sides, and runtime of the contracts and the precompile measured together by the project's harness. Every contract's output equals the precompile's; the verifier returns 1 over both back-ends.".into()));

    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        b.gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of =
        |op: &str, k: u64, imp: &str| b.time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp);

    // The target, met or missed, with the figures at k = 2.
    let pairing = "ec-pairing";
    if let Some(e) = gas_of(pairing, 2, "evmmax", "eip-6690") {
        let price = e.precompile_gas as f64;
        let x = e.gas / price;
        let mut words = format!(
            "**Target: ecPairing at k = 2 under EIP-6690's prices at most {TARGET:.1}x the precompile's {} gas ({} gas). Measured: {} gas, {} the price — the target is {}.** ",
            thousands(e.precompile_gas),
            gas_fmt(TARGET * price),
            gas_fmt(e.gas),
            ratio(x),
            if x <= TARGET { "met" } else { "missed" },
        );
        if let Some(v9) = gas_of(pairing, 2, "v9", "model-b-repriced") {
            words += &format!(
                "The v9 contract under model B repriced costs {} gas ({}). ",
                gas_fmt(v9.gas),
                ratio(v9.gas / v9.precompile_gas as f64)
            );
        }
        let tx: Vec<String> = HEADLINE
            .iter()
            .filter_map(|&(label, i, s)| {
                let g = gas_of(pairing, 2, i, s)?;
                Some(format!("{label} {}", ratio(g.tx_gas? / g.precompile_tx_gas?)))
            })
            .collect();
        if !tx.is_empty() {
            words +=
                &format!("Counting what the transactions pay, calldata included on both sides: {}. ", tx.join(", "));
        }
        let times: Vec<String> = HEADLINE
            .iter()
            .filter_map(|&(label, i, _)| {
                let t = time_of(pairing, 2, &format!("contract-{i}"))?;
                Some(format!(
                    "{label} {} ({} of minimums)",
                    ratio(t.ratio_to_precompile),
                    ratio(t.ratio_to_precompile_min)
                ))
            })
            .collect();
        if !times.is_empty() {
            words += &format!("Runtime in revm against revm's 0x08 on the same pairs: {}.", times.join(", "));
        }
        blocks.push(Block::Paragraph(words));
    }

    // Which component decides: the EVMMAX contract's gas per phase at k = 2.
    let phases_of =
        |i: &str| -> Vec<&PhaseGasRow> { b.phases.iter().filter(|p| p.k == 2 && p.interface == i).collect() };
    let evmmax_phases = phases_of("evmmax");
    let price = gas_of(pairing, 2, "evmmax", "eip-6690").map(|g| g.precompile_gas as f64);
    if let (Some(total), Some(price)) = (evmmax_phases.iter().find(|p| p.phase == "total"), price) {
        let parts: Vec<&&PhaseGasRow> = evmmax_phases.iter().filter(|p| p.phase != "total").collect();
        let excess = total.gas - price;
        let excess_target = total.gas - TARGET * price;
        let largest = parts.iter().max_by(|a, c| a.gas.total_cmp(&c.gas));
        let mut words = format!(
            "Break-even at k = 2 (EVMMAX, EIP-6690's prices; gas per phase measured on the contract's own run): {}{}. ",
            parts
                .iter()
                .map(|p| format!("{} {} gas", phase_words(&p.phase), gas_fmt(p.gas)))
                .collect::<Vec<_>>()
                .join(", "),
            if parts.iter().any(|p| p.phase == "subgroup") {
                ""
            } else {
                " (no subgroup phase of its own: G2 membership is tested on the Miller loop's final T, inside that phase)"
            }
        );
        if excess > 0.0 {
            words += &format!(
                "Parity needs {} gas less, the target {}. ",
                gas_fmt(excess),
                if excess_target > 0.0 { format!("{} gas less", gas_fmt(excess_target)) } else { "none".into() }
            );
            let alone: Vec<&str> = parts.iter().filter(|p| p.gas >= excess).map(|p| phase_words(&p.phase)).collect();
            if let Some(l) = largest {
                words += &format!(
                    "The {} decides: the largest phase, {} gas ({} of the contract's gas, {} the price){}. ",
                    phase_words(&l.phase),
                    gas_fmt(l.gas),
                    percent(l.gas / total.gas),
                    ratio(l.gas / price),
                    match alone.as_slice() {
                        [] => " — no one phase alone holds the excess over the price".to_string(),
                        [one] => format!("; only the {one} alone holds more than the excess over the price"),
                        many =>
                            format!("; the phases holding more than the excess over the price: {}", many.join(", ")),
                    }
                );
            }
        } else {
            words += &format!("The contract is at or below the price by {} gas. ", gas_fmt(-excess));
        }
        if total.arithmetic_gas > 0.0 {
            let lambda = |p: f64| (p - (total.gas - total.arithmetic_gas)) / total.arithmetic_gas;
            words += &format!(
                "The modular arithmetic (ADDMODX, SUBMODX, MULMODX as charged) is {} gas, {} of the contract's; with every other price unchanged its prices would have to change by {} for parity, by {} for the target.",
                gas_fmt(total.arithmetic_gas),
                percent(total.arithmetic_gas / total.gas),
                parity_factor(lambda(price)),
                parity_factor(lambda(TARGET * price)),
            );
        }
        blocks.push(Block::Paragraph(words));
        let v9_phases = phases_of("v9");
        let mut t = Table::new(
            "ecPairing at k = 2 per phase: gas, its modular arithmetic's part, and gas ÷ the precompile's price (EVMMAX under EIP-6690's prices, v9 under model B repriced)",
            &["phase", "EVMMAX gas", "EVMMAX arithmetic", "EVMMAX ÷ price", "v9 gas", "v9 arithmetic", "v9 ÷ price"],
        );
        let mut names: Vec<&str> = evmmax_phases.iter().map(|p| p.phase.as_str()).collect();
        names.extend(
            v9_phases.iter().map(|p| p.phase.as_str()).filter(|n| !evmmax_phases.iter().any(|p| p.phase == *n)),
        );
        names.sort_by_key(|n| *n == "total"); // total last
        for n in names {
            let mut row = vec![n.to_string()];
            for set in [&evmmax_phases, &v9_phases] {
                match set.iter().find(|p| p.phase == n) {
                    Some(p) => {
                        row.extend([gas_fmt(p.gas), gas_fmt(p.arithmetic_gas), ratio(p.gas / price)]);
                    }
                    None => row.extend(["—".to_string(), "—".to_string(), "—".to_string()]),
                }
            }
            t.row(row);
        }
        blocks.push(Block::Table(t));
    }

    // Every operation and verifier size: ratios to the precompile.
    let mut sizes: Vec<(String, u64)> = Vec::new();
    for g in &b.gas {
        if !sizes.contains(&(g.operation.clone(), g.k)) {
            sizes.push((g.operation.clone(), g.k));
        }
    }
    let mut t = Table::new(
        "Each operation beside its precompile and the Groth16 verifier beside the same verifier over the precompiles: gas ÷ the baseline's (per interface and schedule), transaction gas ÷ the baseline's transaction's (tx) and time ÷ the baseline's time (ratio of medians); k is the pairs of ecPairing and the public inputs of the verifier",
        &[
            "operation",
            "k",
            "baseline gas",
            "v7 model-b",
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
        let pre = b.gas.iter().find(|g| &g.operation == op && g.k == *k).map(|g| g.precompile_gas);
        row.push(pre.map_or("—".into(), thousands));
        for (i, sch) in [("v7", "model-b"), ("v9", "model-b"), ("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
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

    // The verifier's absolute figures.
    let verifier: Vec<u64> =
        sizes.iter().filter(|(op, _)| op == crate::collect::bn254::GROTH16).map(|(_, k)| *k).collect();
    if !verifier.is_empty() {
        let mut t = Table::new(
            "The Groth16 verifier: gas and transaction gas over the precompiles and over the contracts (EVMMAX under EIP-6690's prices, v9 under model B repriced), and time (median)",
            &[
                "public inputs",
                "gas, precompiles",
                "gas, EVMMAX",
                "gas, v9",
                "tx gas, precompiles",
                "tx gas, EVMMAX",
                "tx gas, v9",
                "time, precompiles",
                "time, EVMMAX",
                "time, v9",
            ],
        );
        let op = crate::collect::bn254::GROTH16;
        for k in verifier {
            let e = gas_of(op, k, "evmmax", "eip-6690");
            let v = gas_of(op, k, "v9", "model-b-repriced");
            let any = e.or(v);
            let cell = |x: Option<f64>| x.map_or("—".into(), gas_fmt);
            let time =
                |imp: &str| time_of(op, k, imp).map_or("—".into(), |t| crate::doc::duration_ns(t.stats.median_ns));
            t.row(vec![
                k.to_string(),
                cell(any.map(|g| g.precompile_gas as f64)),
                cell(e.map(|g| g.gas)),
                cell(v.map(|g| g.gas)),
                cell(any.and_then(|g| g.precompile_tx_gas)),
                cell(e.and_then(|g| g.tx_gas)),
                cell(v.and_then(|g| g.tx_gas)),
                time("precompiles"),
                time("contract-evmmax"),
                time("contract-v9"),
            ]);
        }
        blocks.push(Block::Table(t));
    }

    if !b.k_max.is_empty() {
        let mut t = Table::new(
            "ecPairing: the largest k per transaction under the 2^24 gas cap (EIP-7825), generator pairs, calldata included",
            &["implementation", "prices", "largest k", "transaction gas at it"],
        );
        for m in &b.k_max {
            let who = if m.interface == "precompile" {
                "precompile 0x08".to_string()
            } else {
                format!("contract {}", m.interface)
            };
            t.row(vec![who, m.schedule.clone(), m.k_max.to_string(), gas_fmt(m.tx_gas_at_k_max)]);
        }
        blocks.push(Block::Table(t));
    }

    let gas_rows: Vec<ScheduleGas> = b
        .gas
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
        "Gas of the BN254 contracts and the verifier over them (execution gas) under every schedule, beside the baseline's",
        "baseline gas",
        &gas_rows,
    ));
    let time_rows: Vec<TimeRow> = b
        .time
        .iter()
        .map(|x| {
            (
                x.operation.as_str(),
                x.k,
                x.implementation.as_str(),
                &x.stats,
                x.ratio_to_precompile,
                x.ratio_to_precompile_min,
            )
        })
        .collect();
    blocks.push(runtime_rows(
        "Runtime beside revm's precompiles (ratios of medians, of minimums in brackets)",
        "× baseline",
        &time_rows,
    ));
    Section { id, title, blocks }
}

/// A phase's name in the text.
fn phase_words(phase: &str) -> &str {
    match phase {
        "setup" => "setup (before the first phase)",
        "decode" => "decoding",
        "on-curve" => "on-curve checks",
        "subgroup" => "subgroup checks",
        "miller-loop" => "Miller loop",
        "final-exp" => "final exponentiation",
        other => other,
    }
}

/// A share as a whole percentage.
fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}
