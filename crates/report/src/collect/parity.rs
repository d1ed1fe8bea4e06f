//! Where parity with the precompile lies: for each interface, schedule and k, the contract's gas
//! split by opcode class, the operation-count floor (the EVM384 arithmetic alone), the factor
//! by which one class's prices would have to change for the contract to cost no more than the
//! precompile (`32600·k + 37700`), and the largest k that fits one transaction under Osaka's
//! per-transaction gas cap (EIP-7825, 2^24).

use std::collections::BTreeMap;

use evm384_evm::{InstructionSet, OpcodeCounts, RunOptions, Runner, Schedule, Status};
use evm384_gen::curves::Curve;
use evm384_gen::generator_pairs_input;

use crate::collect::gas::{precompile_price, Contract, EvmmaxContract, EVMMAX_SCHEDULE};
use crate::results::{KMaxRow, ParityRow};

/// Osaka's per-transaction gas cap (EIP-7825).
pub const TX_GAS_CAP: u64 = 1 << 24;

/// The intrinsic gas of a transaction carrying `calldata` to a contract (EIP-2028 calldata
/// prices; the EIP-7623 floor is far below a pairing check's execution gas).
pub fn intrinsic_gas(calldata: &[u8]) -> u64 {
    21_000 + calldata.iter().map(|&b| if b == 0 { 4 } else { 16 }).sum::<u64>()
}

/// An opcode class: its name, and which opcodes it holds.
type OpcodeClass = (&'static str, fn(u8) -> bool);

/// Opcode classes whose prices a schedule sets.
const CLASSES: [OpcodeClass; 3] = [
    ("evm384", |op| (0xc0..=0xc2).contains(&op)),
    ("push_dup", |op| (0x5f..=0x8f).contains(&op)),
    ("memory", |op| matches!(op, 0x51 | 0x52 | 0x53 | 0x5e)), // MLOAD, MSTORE, MSTORE8, MCOPY (static part)
];

/// One run of the contract on `k` generator pairs: its opcode histogram and gas per schedule.
struct Run {
    counts: OpcodeCounts,
    gas: BTreeMap<Schedule, f64>,
    intrinsic: u64,
}

fn run(c: &Contract, k: usize) -> Result<Run, String> {
    let input = generator_pairs_input(Curve::Bls12_381, k);
    let mut r = Runner::new(RunOptions { interface: c.interface, count_opcodes: true, ..Default::default() });
    r.deploy(&c.code);
    let ex = r.run(&input).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("contract {} halted at k = {k}: {:?}", c.interface, ex.status));
    }
    let by = ex.gas_by_schedule.ok_or("no gas by schedule")?;
    Ok(Run {
        counts: ex.counts.ok_or("no opcode counts")?,
        gas: Schedule::ALL.into_iter().map(|s| (s, by.gas(s))).collect(),
        intrinsic: intrinsic_gas(&input),
    })
}

/// The parity rows for `ks` and the largest k per interface and schedule.
pub fn parity(contracts: &[Contract], ks: &[u64]) -> Result<(Vec<ParityRow>, Vec<KMaxRow>), String> {
    let mut rows = Vec::new();
    let mut kmax = Vec::new();
    for c in contracts {
        let base = Schedule::Evmone.gas_table(RunOptions::default().spec);
        // Static gas of the opcodes of one class under one schedule.
        let class_gas = |counts: &OpcodeCounts, s: Schedule, class: fn(u8) -> bool| -> f64 {
            counts
                .iter()
                .filter(|(op, _)| class(*op))
                .map(|(op, n)| n as f64 * s.static_decigas(&base, op) as f64 / 10.0)
                .sum()
        };
        let mut runs: BTreeMap<usize, Run> = BTreeMap::new();
        for &k in ks {
            runs.insert(k as usize, run(c, k as usize)?);
        }
        for &k in ks {
            let r = &runs[&(k as usize)];
            for s in Schedule::ALL {
                let total = r.gas[&s];
                let price = precompile_price(k) as f64;
                let by_class: Vec<f64> = CLASSES.iter().map(|(_, f)| class_gas(&r.counts, s, *f)).collect();
                // Scale one class's prices by λ: total − G + λ·G = price.
                let break_even = |g: f64| if g > 0.0 { (price - (total - g)) / g } else { 0.0 };
                rows.push(ParityRow {
                    k,
                    interface: c.interface.name().into(),
                    schedule: s.name().into(),
                    precompile_price: price as u64,
                    contract_gas: total,
                    floor_evm384_gas: by_class[0],
                    push_dup_gas: by_class[1],
                    memory_ops_gas: by_class[2],
                    other_gas: total - by_class.iter().sum::<f64>(),
                    break_even_evm384: break_even(by_class[0]),
                    break_even_push_dup: break_even(by_class[1]),
                    break_even_memory_ops: break_even(by_class[2]),
                });
            }
        }
        let (k1, k2) = (ks[ks.len() - 2] as usize, ks[ks.len() - 1] as usize);
        for s in Schedule::ALL {
            let mut tx = |k: usize| -> Result<f64, String> {
                if let std::collections::btree_map::Entry::Vacant(e) = runs.entry(k) {
                    e.insert(run(c, k)?);
                }
                let r = &runs[&k];
                Ok(r.gas[&s] + r.intrinsic as f64)
            };
            let (k_max, tx_gas_at_k_max) = largest_k(&mut tx, k1, k2)?;
            kmax.push(KMaxRow {
                interface: c.interface.name().into(),
                schedule: s.name().into(),
                k_max,
                tx_gas_at_k_max,
            });
        }
    }
    Ok((rows, kmax))
}

/// Largest k under the transaction cap, for the transaction gas `tx(k)` (execution plus
/// intrinsic): start from the affine fit through `k1 < k2`, then step with real runs until k
/// fits and k + 1 does not. Returns k (0 when not even one pair fits) and `tx(k)`.
pub(crate) fn largest_k(
    tx: &mut dyn FnMut(usize) -> Result<f64, String>,
    k1: usize,
    k2: usize,
) -> Result<(u64, f64), String> {
    let cap = TX_GAS_CAP as f64;
    let (g1, g2) = (tx(k1)?, tx(k2)?);
    let per_pair = (g2 - g1) / (k2 - k1) as f64;
    let mut k = (((cap - g2) / per_pair).floor() as i64 + k2 as i64).max(1) as usize;
    loop {
        match (tx(k)? <= cap, tx(k + 1)? <= cap) {
            (true, false) => break,
            (true, true) => k += 1,
            (false, _) if k > 1 => k -= 1,
            (false, _) => break,
        }
    }
    let g = tx(k)?;
    Ok((if g <= cap { k as u64 } else { 0 }, g))
}

/// The parity rows of the EVMMAX contract under EIP-6690's prices (schedule `eip-6690`): the
/// floor is the gas its ADDMODX/SUBMODX/MULMODX charged (per operation × count, from the
/// meter's gas by opcode); PUSH/DUP and memory operations are priced as in every schedule.
pub fn evmmax_parity(c: &EvmmaxContract, ks: &[u64]) -> Result<Vec<ParityRow>, String> {
    let opts = RunOptions { count_opcodes: true, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
    let mut r = Runner::new(opts);
    r.deploy(&c.code);
    let base = Schedule::Evmone.gas_table(r.options().spec);
    let mut rows = Vec::new();
    for &k in ks {
        let (ex, phases) =
            r.run_phased(&generator_pairs_input(Curve::Bls12_381, k as usize), &[]).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("contract evmmax halted at k = {k}: {:?}", ex.status));
        }
        let charged = |op: u8| phases.iter().map(|u| u.gas_by_opcode[op as usize]).sum::<u64>() as f64;
        let static_gas = |class: fn(u8) -> bool| -> f64 {
            phases
                .iter()
                .flat_map(|u| u.counts.iter())
                .filter(|(op, _)| class(*op))
                .map(|(op, n)| n as f64 * Schedule::Evmone.static_decigas(&base, op) as f64 / 10.0)
                .sum()
        };
        let total = ex.gas_used as f64;
        let price = precompile_price(k) as f64;
        let arith: f64 = (0xc3..=0xc5).map(charged).sum();
        let (push_dup, memory) = (static_gas(CLASSES[1].1), static_gas(CLASSES[2].1));
        let break_even = |g: f64| if g > 0.0 { (price - (total - g)) / g } else { 0.0 };
        rows.push(ParityRow {
            k,
            interface: InstructionSet::Evmmax.name().into(),
            schedule: EVMMAX_SCHEDULE.into(),
            precompile_price: price as u64,
            contract_gas: total,
            floor_evm384_gas: arith,
            push_dup_gas: push_dup,
            memory_ops_gas: memory,
            other_gas: total - arith - push_dup - memory,
            break_even_evm384: break_even(arith),
            break_even_push_dup: break_even(push_dup),
            break_even_memory_ops: break_even(memory),
        });
    }
    Ok(rows)
}

/// The largest k of the EVMMAX contract under EIP-6690's prices (schedule `eip-6690`).
pub fn evmmax_k_max(c: &EvmmaxContract, ks: &[u64]) -> Result<KMaxRow, String> {
    let opts = RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
    let mut r = Runner::new(opts);
    r.deploy(&c.code);
    let mut tx = |k: usize| -> Result<f64, String> {
        let input = generator_pairs_input(Curve::Bls12_381, k);
        let ex = r.run(&input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("contract evmmax halted at k = {k}: {:?}", ex.status));
        }
        Ok((ex.gas_used + intrinsic_gas(&input)) as f64)
    };
    let (k1, k2) = (ks[ks.len() - 2] as usize, ks[ks.len() - 1] as usize);
    let (k_max, tx_gas_at_k_max) = largest_k(&mut tx, k1, k2)?;
    Ok(KMaxRow { interface: "evmmax".into(), schedule: EVMMAX_SCHEDULE.into(), k_max, tx_gas_at_k_max })
}

/// The precompile's own limit under the same cap and the same calldata: the largest k with
/// `32600·k + 37700` plus the transaction's intrinsic gas ≤ 2^24 (without the intrinsic gas
/// the limit is 513 pairs).
pub fn precompile_k_max() -> u64 {
    let tx = |k: u64| precompile_price(k) + intrinsic_gas(&generator_pairs_input(Curve::Bls12_381, k as usize));
    let mut k = 1u64;
    while tx(k + 1) <= TX_GAS_CAP {
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intrinsic_gas_follows_eip_2028() {
        assert_eq!(intrinsic_gas(&[]), 21_000);
        assert_eq!(intrinsic_gas(&[0, 0, 1]), 21_000 + 4 + 4 + 16);
    }

    #[test]
    fn the_precompile_fits_hundreds_of_pairs() {
        let k = precompile_k_max();
        let tx = |k: u64| precompile_price(k) + intrinsic_gas(&generator_pairs_input(Curve::Bls12_381, k as usize));
        assert!(tx(k) <= TX_GAS_CAP && tx(k + 1) > TX_GAS_CAP);
        // Without the transaction around it the formula alone allows 513 pairs.
        assert_eq!((TX_GAS_CAP - 37_700) / 32_600, 513);
        assert!(k < 513);
    }
}
