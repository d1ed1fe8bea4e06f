//! Section 14: BN254's EIP-196/197 operations as contracts and the Groth16 verifier over them,
//! beside revm's precompiles and EIP-1108's prices (`collect::bn254`).

use super::format::{gas_fmt, parity_factor};
use super::prose::Prose;
use super::tables::{gas_by_schedule, operation_time_rows, runtime_rows, sizes, ScheduleGas};
use crate::doc::{ratio, thousands, Block, Section, Table};
use crate::results::{PhaseGasRow, Results};

/// The target: ecPairing at k = 2 under EIP-6690's prices at most this many times
/// the precompile's price.
const TARGET: f64 = 1.2;

/// The hinted check's target at k = 2 and the verifier's on it at n = 1 and n = 16 (EVMMAX,
/// transaction gas over the precompile path's).
const HINTED_TARGETS: [f64; 3] = [0.9, 1.0, 1.2];

/// The instruction sets and schedules the section reads its headline figures under.
const HEADLINE: [(&str, &str, &str); 2] = [("EVMMAX", "evmmax", "eip-6690"), ("v9", "v9", "model-b-repriced")];

/// The section's paragraphs and their sentences (`text/bn254.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/bn254.md"),
    fragments: &[
        ("not-measured", &[]),
        ("intro", &[]),
        ("target", &["target", "price", "target_gas", "gas", "ratio", "verdict"]),
        ("hinted", &["k2_target", "k2", "k2_verdict", "k2_v9", "n1_target", "n1", "n1_verdict"]),
        ("hinted-n16", &["ratio", "target", "verdict"]),
        ("v9", &["gas", "ratio"]),
        ("transactions", &["ratios"]),
        ("runtime", &["ratios"]),
        ("break-even", &["phases", "no_subgroup"]),
        ("no-subgroup-phase", &[]),
        ("excess", &["excess", "target"]),
        ("decides", &["phase", "gas", "share", "ratio", "alone"]),
        ("no-phase-alone", &[]),
        ("one-phase-alone", &["phase"]),
        ("phases-alone", &["phases"]),
        ("at-or-below", &["gas"]),
        ("arithmetic", &["gas", "share", "parity", "target"]),
    ],
};

pub fn bn254(r: &Results) -> Section {
    let (id, title) = (
        "bn254".to_string(),
        "14. BN254 (EIP-196, EIP-197): ecAdd, ecMul, ecPairing and a Groth16 verifier".to_string(),
    );
    let Some(b) = &r.bn254 else {
        let blocks = vec![Block::Paragraph(PROSE.words("not-measured"))];
        return Section { id, title, blocks };
    };
    let mut blocks = vec![Block::Paragraph(PROSE.words("intro"))];

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
        // Every sentence but the last ends in a space.
        let mut words = PROSE.fill(
            "target",
            &[
                ("target", &format!("{TARGET:.1}")),
                ("price", &thousands(e.precompile_gas)),
                ("target_gas", &gas_fmt(TARGET * price)),
                ("gas", &gas_fmt(e.gas)),
                ("ratio", &ratio(x)),
                ("verdict", &if x <= TARGET { "met" } else { "missed" }),
            ],
        ) + " ";
        if let Some(v9) = gas_of(pairing, 2, "v9", "model-b-repriced") {
            words +=
                &PROSE.fill("v9", &[("gas", &gas_fmt(v9.gas)), ("ratio", &ratio(v9.gas / v9.precompile_gas as f64))]);
            words += " ";
        }
        let tx: Vec<String> = HEADLINE
            .iter()
            .filter_map(|&(label, i, s)| {
                let g = gas_of(pairing, 2, i, s)?;
                Some(format!("{label} {}", ratio(g.tx_gas? / g.precompile_tx_gas?)))
            })
            .collect();
        if !tx.is_empty() {
            words += &PROSE.fill("transactions", &[("ratios", &tx.join(", "))]);
            words += " ";
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
            words += &PROSE.fill("runtime", &[("ratios", &times.join(", "))]);
        }
        blocks.push(Block::Paragraph(words));
    }

    // The hinted check and the verifier on it: their targets, met or missed.
    let tx_ratio =
        |op: &str, k: u64, i: &str, s: &str| gas_of(op, k, i, s).and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?));
    let (hinted, verifier) = (crate::collect::bn254::HINTED, crate::collect::bn254::GROTH16_HINTED);
    if let (Some(k2), Some(n1)) =
        (tx_ratio(hinted, 2, "evmmax", "eip-6690"), tx_ratio(verifier, 1, "evmmax", "eip-6690"))
    {
        let verdict = |x: f64, target: f64| if x <= target { "met" } else { "missed" };
        let [k2_target, n1_target, n16_target] = HINTED_TARGETS;
        let mut words = PROSE.fill(
            "hinted",
            &[
                ("k2_target", &format!("{k2_target:.1}")),
                ("k2", &ratio(k2)),
                ("k2_verdict", &verdict(k2, k2_target)),
                ("k2_v9", &tx_ratio(hinted, 2, "v9", "model-b-repriced").map_or("—".into(), ratio)),
                ("n1_target", &format!("{n1_target:.1}")),
                ("n1", &ratio(n1)),
                ("n1_verdict", &verdict(n1, n1_target)),
            ],
        );
        if let Some(n16) = tx_ratio(verifier, 16, "evmmax", "eip-6690") {
            words += " ";
            words += &PROSE.fill(
                "hinted-n16",
                &[
                    ("ratio", &ratio(n16)),
                    ("target", &format!("{n16_target:.1}")),
                    ("verdict", &verdict(n16, n16_target)),
                ],
            );
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
        let phases =
            parts.iter().map(|p| format!("{} {} gas", phase_words(&p.phase), gas_fmt(p.gas))).collect::<Vec<_>>();
        let no_subgroup = if parts.iter().any(|p| p.phase == "subgroup") {
            String::new()
        } else {
            format!(" {}", PROSE.words("no-subgroup-phase"))
        };
        let mut words =
            PROSE.fill("break-even", &[("phases", &phases.join(", ")), ("no_subgroup", &no_subgroup)]) + " ";
        if excess > 0.0 {
            let target =
                if excess_target > 0.0 { format!("{} gas less", gas_fmt(excess_target)) } else { "none".into() };
            words += &PROSE.fill("excess", &[("excess", &gas_fmt(excess)), ("target", &target)]);
            words += " ";
            let alone: Vec<&str> = parts.iter().filter(|p| p.gas >= excess).map(|p| phase_words(&p.phase)).collect();
            if let Some(l) = largest {
                let alone = match alone.as_slice() {
                    [] => format!(" {}", PROSE.words("no-phase-alone")),
                    [one] => PROSE.fill("one-phase-alone", &[("phase", one)]),
                    many => PROSE.fill("phases-alone", &[("phases", &many.join(", "))]),
                };
                words += &PROSE.fill(
                    "decides",
                    &[
                        ("phase", &phase_words(&l.phase)),
                        ("gas", &gas_fmt(l.gas)),
                        ("share", &percent(l.gas / total.gas)),
                        ("ratio", &ratio(l.gas / price)),
                        ("alone", &alone),
                    ],
                );
                words += " ";
            }
        } else {
            words += &PROSE.fill("at-or-below", &[("gas", &gas_fmt(-excess))]);
            words += " ";
        }
        if total.arithmetic_gas > 0.0 {
            let lambda = |p: f64| (p - (total.gas - total.arithmetic_gas)) / total.arithmetic_gas;
            words += &PROSE.fill(
                "arithmetic",
                &[
                    ("gas", &gas_fmt(total.arithmetic_gas)),
                    ("share", &percent(total.arithmetic_gas / total.gas)),
                    ("parity", &parity_factor(lambda(price))),
                    ("target", &parity_factor(lambda(TARGET * price))),
                ],
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
    let sizes = sizes(b.gas.iter().map(|g| (g.operation.as_str(), g.k)));
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
    let time_rows = operation_time_rows(&b.time);
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
