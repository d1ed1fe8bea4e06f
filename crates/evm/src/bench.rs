//! Programs measuring the in-EVM cost of each EVM384 opcode: a long straight-line v7 program
//! of `PUSH16 w; OP` against the same program with every `OP` replaced by `POP`. The
//! difference, per instruction, is what the opcode costs beyond popping its word: its
//! interpreter dispatch, memory expansion check, loads, arithmetic and store. Both programs are
//! measured together by the project's harness (`evm384-timing`).

use evm384_arith::isa::{encode, Op, Operands};
use evm384_timing::{measure_pair, Plan};

use crate::{Interface, RunOptions, Runner, Schedule, Status};

/// POP opcode byte.
const POP: u8 = 0x50;

/// BLS12-381 p and `-p^-1 mod 2^64` (the modulus every benchmark uses).
pub use evm384_arith::{BLS12_381_P as P, BLS12_381_P_INV as P_INV};

/// Two arbitrary field elements below p (little-endian limbs).
pub const X: [u64; 6] = [0x0123456789abcdef, 1, 2, 3, 4, 0x0123456789abcdef];
pub const Y: [u64; 6] = [0xfedcba9876543210, 5, 6, 7, 8, 0x0fedcba987654321];

/// Calldata of the programs (v7 layout): x at 0, y at 48, p at 96, inv at 144.
pub fn calldata() -> Vec<u8> {
    let mut cd = Vec::with_capacity(152);
    for v in [X, Y, P] {
        cd.extend_from_slice(&evm384_arith::to_le_bytes(&v));
    }
    cd.extend_from_slice(&P_INV.to_le_bytes());
    cd
}

/// `CALLDATACOPY(0, 0, CALLDATASIZE)`, then `n` times `PUSH16 w; op` (or `POP` when `op` is
/// `None`) with out = x = 0, y = 48, params = 96 (each result feeds the next), then STOP.
pub fn program(op: Option<Op>, n: usize) -> Vec<u8> {
    let operands = Operands { out: 0, x: 0, y: 48, params: 96 };
    let mut code = vec![0x36, 0x60, 0x00, 0x60, 0x00, 0x37];
    for _ in 0..n {
        let mut instr = encode(Interface::V7, op.unwrap_or(Op::AddMod384), &operands, 0).expect("v7 takes any offsets");
        if op.is_none() {
            *instr.last_mut().unwrap() = POP;
        }
        code.extend_from_slice(&instr);
    }
    code.push(0x00);
    code
}

/// A runner for `program` (v7, evmone gas, no counting).
pub fn runner(op: Option<Op>, n: usize) -> Runner {
    let opts = RunOptions {
        interface: Interface::V7,
        schedule: Schedule::Evmone,
        count_opcodes: false,
        ..RunOptions::default()
    };
    let mut runner = Runner::new(opts);
    runner.deploy(&program(op, n));
    runner
}

/// Nanoseconds per instruction that one program costs beyond another, each run `n`
/// instructions long: medians and minimums of the difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InstructionCost {
    pub median_ns: f64,
    pub min_ns: f64,
}

/// `(with_op − with_pop) / n` of two runners measured together (interleaved, equal-duration
/// samples), negative differences clamped to zero. Both runners must already hold their code.
pub fn ns_per_instruction(
    plan: Plan,
    with_op: &mut Runner,
    with_pop: &mut Runner,
    calldata: &[u8],
    n: usize,
) -> InstructionCost {
    let run = |r: &mut Runner| {
        let exec = r.run(calldata).expect("benchmark program runs");
        assert_eq!(exec.status, Status::Success, "benchmark program halted");
    };
    let (a, b) = measure_pair(plan, || run(with_op), || run(with_pop));
    let per = |x: f64, y: f64| ((x - y) / n as f64).max(0.0);
    InstructionCost { median_ns: per(a.median_ns(), b.median_ns()), min_ns: per(a.min_ns(), b.min_ns()) }
}

/// Nanoseconds one `op` costs in revm beyond a POP, from `n`-instruction programs.
pub fn evm_ns_per_op(op: Op, n: usize, plan: Plan) -> InstructionCost {
    ns_per_instruction(plan, &mut runner(Some(op), n), &mut runner(None, n), &calldata(), n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_run_and_differ_only_in_the_op() {
        let (a, b) = (program(Some(Op::MulModMont384), 3), program(None, 3));
        assert_eq!(a.len(), b.len());
        assert_eq!(a.iter().zip(&b).filter(|(x, y)| x != y).count(), 3);
        for op in [Some(Op::MulModMont384), None] {
            let exec = runner(op, 10).run(&calldata()).unwrap();
            assert_eq!(exec.status, Status::Success);
        }
    }

    #[test]
    fn modulus_constants_agree() {
        assert_eq!(evm384_arith::neg_inverse_mod_2_64(P[0]), P_INV);
    }
}
