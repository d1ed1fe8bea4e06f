//! Section 17's BLS12-381 rows: every EIP-2537 operation as today's bytecode
//! (`InstructionSet::Evm`: two-word values, the arithmetic in plain EVM code), as `evm384 build
//! --interface evm` emits it, on section 10's inputs (the pairing check on section 4's pairs at
//! k = 2, the MSMs at k = 1): its output equal to revm's precompile's, its gas under each of
//! `EvmSchedule` beside the precompile's price under the same schedule, and its runtime beside
//! the precompile's, measured together. BN254's rows come with section 14 (`collect::bn254`).

use evm384_build::{Contract, Formulas, Operation};
use evm384_evm::{call_precompile, precompile_caller_code, transaction_gas, EvmSchedule, InstructionSet, Precompile};
use evm384_evm::{Execution, RunOptions, Status};
use evm384_gen::curves::Curve;
use evm384_timing::{Plan, Ratio};

use crate::collect::operations::{input, precompile_address, runner, time_calls};
use crate::results::{OperationGasRow, OperationTimeRow};

/// The pairs of the pairing check's row.
pub const PAIRS: u64 = 2;

/// The precompile whose price an operation's row divides by.
pub fn precompile(op: Operation) -> Precompile {
    match op {
        Operation::G1Add => Precompile::Bls12G1Add,
        Operation::G2Add => Precompile::Bls12G2Add,
        Operation::G1Msm => Precompile::Bls12G1Msm,
        Operation::G2Msm => Precompile::Bls12G2Msm,
        Operation::PairingCheck => Precompile::Bls12PairingCheck,
        Operation::MapFpToG1 => Precompile::Bls12MapFpToG1,
        Operation::MapFp2ToG2 => Precompile::Bls12MapFp2ToG2,
        Operation::G1Mul | Operation::G2Mul => unreachable!("EIP-2537 has no MUL"),
    }
}

/// One gas row per `EvmSchedule` of `ex`, a run of today's EVM code (charged at Osaka's
/// prices, its opcodes counted) on `calldata`, beside `p`'s price under the same schedule for
/// `input` (the precompile's input: `calldata` but for the hinted check's witness).
pub fn schedule_rows(
    operation: &str,
    k: u64,
    code_bytes: u64,
    ex: &Execution,
    input: &[u8],
    calldata: &[u8],
    p: Precompile,
) -> Result<Vec<OperationGasRow>, String> {
    let spec = RunOptions::default().spec;
    let counts = ex.counts.as_ref().ok_or("no opcode counts")?;
    EvmSchedule::ALL
        .into_iter()
        .map(|s| {
            let gas = s.execution_gas(ex.gas_used, counts)? as f64;
            let price = s.precompile_gas(p, input.len());
            Ok(OperationGasRow {
                operation: operation.into(),
                k,
                interface: InstructionSet::Evm.name().into(),
                schedule: s.name().into(),
                gas,
                precompile_gas: price,
                code_bytes,
                tx_gas: Some(transaction_gas(spec, calldata, gas)),
                precompile_tx_gas: Some(transaction_gas(spec, input, price as f64)),
            })
        })
        .collect()
}

/// Gas and runtime rows of every EIP-2537 operation on today's EVM (interface `evm`).
pub fn bls12_381(
    plan: Plan,
    progress: &mut dyn FnMut(String),
) -> Result<(Vec<OperationGasRow>, Vec<OperationTimeRow>), String> {
    let isa = InstructionSet::Evm;
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    for op in Operation::ALL {
        progress(format!("{op} as today's bytecode beside its precompile"));
        let (k, input) = match op {
            Operation::PairingCheck => (PAIRS, crate::baseline::pairing_input(PAIRS as usize, 0x5eed + PAIRS)),
            _ => (1, input(op, 1)),
        };
        let code = op.runtime_code(Curve::Bls12_381, isa, Formulas::build_default(op, isa))?;
        let pre = call_precompile(precompile_address(op), &input, &RunOptions::default()).map_err(|e| e.to_string())?;
        let ex = runner(isa, &code, true).run(&input).map_err(|e| e.to_string())?;
        if pre.status != Status::Success || ex.status != Status::Success || ex.output != pre.output {
            return Err(format!("{op} on today's EVM disagrees with its precompile: {:?}", ex.status));
        }
        gas.extend(schedule_rows(op.name(), k, code.len() as u64, &ex, &input, &input, precompile(op))?);
        let base = runner(
            InstructionSet::Evm384(evm384_evm::Interface::V7),
            &precompile_caller_code(precompile_address(op)),
            false,
        );
        let mut calls = vec![(base, &input[..]), (runner(isa, &code, false), &input[..])];
        let m = time_calls(plan, k, &mut calls);
        for (implementation, s) in ["precompile", "contract-evm"].into_iter().zip(&m) {
            let r = Ratio::of(s, &m[0]);
            time.push(OperationTimeRow {
                operation: op.name().into(),
                k,
                implementation: implementation.into(),
                stats: s.wall.clone(),
                ratio_to_precompile: r.median,
                ratio_to_precompile_min: r.min,
            });
        }
    }
    Ok((gas, time))
}
