//! Gas prices derived on this machine (the EVM384 notes' Appendix A, "1 gas = 10 ns", and
//! Appendix B, prices relative to KECCAK256): ns per opcode measured in revm as the difference
//! between a long straight-line program of the opcode and the same program with the opcode
//! replaced by POP.

use std::collections::BTreeMap;

use evm384_evm::{bench, Interface, Op, RunOptions, Runner};

use crate::results::Calibration;
use evm384_timing::Plan;

/// Instructions per straight-line program.
const N: usize = 1000;
const POP: u8 = 0x50;
const KECCAK256: u8 = 0x20;

/// `N` times `PUSH1 len; PUSH1 0; KECCAK256 (or POP); POP`, after expanding memory to 256 bytes
/// (`MSTORE8(255, 0)`) so that neither variant pays memory expansion inside the measured part.
fn keccak_program(len: u8, hash: bool) -> Vec<u8> {
    let mut code = vec![0x60, 0x00, 0x60, 0xff, 0x53];
    for _ in 0..N {
        code.extend_from_slice(&[0x60, len, 0x60, 0x00, if hash { KECCAK256 } else { POP }, POP]);
    }
    code.push(0x00);
    code
}

fn runner(code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { interface: Interface::V7, count_opcodes: false, ..Default::default() });
    r.deploy(code);
    r
}

/// ns per instruction: (program with the opcode − the same program with POP) / N, medians of
/// interleaved samples (`evm384_evm::bench::ns_per_instruction`).
fn ns_per_instruction(plan: Plan, with_op: &[u8], with_pop: &[u8], calldata: &[u8]) -> f64 {
    bench::ns_per_instruction(plan, &mut runner(with_op), &mut runner(with_pop), calldata, N).median_ns
}

/// Measures the EVM384 opcodes (programs of [`evm384_evm::bench`]) and KECCAK256, and derives
/// model A and model B prices.
pub fn calibrate(plan: Plan) -> Calibration {
    let calldata = bench::calldata();
    let pop = bench::program(None, N);
    let mut evm_ns_per_op = BTreeMap::new();
    for op in Op::ALL {
        let ns = ns_per_instruction(plan, &bench::program(Some(op), N), &pop, &calldata);
        evm_ns_per_op.insert(op.name().to_string(), ns);
    }
    let mut keccak_ns = BTreeMap::new();
    let mut keccak_gas = BTreeMap::new();
    for len in [32u8, 136, 192] {
        let ns = ns_per_instruction(plan, &keccak_program(len, true), &keccak_program(len, false), &[]);
        keccak_ns.insert(len.to_string(), ns);
        keccak_gas.insert(len.to_string(), 30 + 6 * (len as u64).div_ceil(32));
    }
    derive_prices(evm_ns_per_op, keccak_ns, keccak_gas)
}

/// Model A (1 gas = 10 ns, plus a base of 1) and model B (gas per ns of KECCAK256).
pub fn derive_prices(
    evm_ns_per_op: BTreeMap<String, f64>,
    keccak_ns: BTreeMap<String, f64>,
    keccak_gas: BTreeMap<String, u64>,
) -> Calibration {
    let rates: Vec<f64> =
        keccak_ns.iter().filter(|(_, &ns)| ns > 0.0).map(|(len, ns)| keccak_gas[len] as f64 / ns).collect();
    let gas_per_ns = if rates.is_empty() { 0.0 } else { rates.iter().sum::<f64>() / rates.len() as f64 };
    let model_a = evm_ns_per_op.iter().map(|(k, ns)| (k.clone(), 1 + (ns / 10.0).ceil() as u64)).collect();
    let model_b = evm_ns_per_op.iter().map(|(k, ns)| (k.clone(), (ns * gas_per_ns).ceil().max(1.0) as u64)).collect();
    let published = |a: u64, s: u64, m: u64| {
        [("ADDMOD384", a), ("SUBMOD384", s), ("MULMODMONT384", m)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    };
    Calibration {
        evm_ns_per_op,
        keccak_ns,
        keccak_gas,
        model_a,
        model_b,
        published_model_a: published(2, 2, 6),
        published_model_b: published(1, 1, 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keccak_programs_differ_only_in_the_measured_opcode() {
        let (a, b) = (keccak_program(136, true), keccak_program(136, false));
        assert_eq!(a.len(), b.len());
        assert_eq!(a.iter().zip(&b).filter(|(x, y)| x != y).count(), N);
        let mut r = Runner::new(RunOptions::default());
        r.deploy(&a);
        let ex = r.run(&[]).unwrap();
        assert_eq!(ex.status, evm384_evm::Status::Success);
        assert_eq!(ex.counts.unwrap().get(KECCAK256), N as u64);
    }

    #[test]
    fn prices_follow_the_appendix_formulas() {
        let ns = BTreeMap::from([("MULMODMONT384".to_string(), 25.0), ("ADDMOD384".to_string(), 4.0)]);
        let kns = BTreeMap::from([("32".to_string(), 360.0)]);
        let kgas = BTreeMap::from([("32".to_string(), 36u64)]);
        let c = derive_prices(ns, kns, kgas);
        assert_eq!(c.model_a["MULMODMONT384"], 4); // 1 + ceil(2.5)
        assert_eq!(c.model_a["ADDMOD384"], 2); // 1 + ceil(0.4)
        assert_eq!(c.model_b["MULMODMONT384"], 3); // 25 ns × 0.1 gas/ns = 2.5 → 3
        assert_eq!(c.model_b["ADDMOD384"], 1);
    }
}
