//! Every operation as a contract on every curve whose EIP has it: [`Contract`] on
//! `evm384_vectors::Operation`.

use evm384_gen::backend::bytecode;
use evm384_gen::curves::Curve;
use evm384_gen::{operation_program, InstructionSet, Operation, Program, ProgramOptions, MAX_CODE_SIZE};

use crate::Formulas;

/// Every operation written as a contract.
pub trait Contract {
    /// The program on `curve` with these formulas (all but the pairing check use only
    /// `f2mul`), or why there is none (an operation the curve's EIP lacks).
    fn program(self, curve: Curve, formulas: Formulas) -> Result<Program, String>;

    /// Runtime code on `curve` for `isa` (may exceed [`MAX_CODE_SIZE`]: check before
    /// deploying), or why there is none (an operation the curve's EIP lacks, or code that
    /// cannot be assembled). The pairing check is [`Formulas::pairing_check_build`] (inlined
    /// where `formulas` say); the other operations, small contracts, write their
    /// exponentiations out straight (`AssembleOptions::straight_windows`) where the code then
    /// still fits [`MAX_CODE_SIZE`].
    fn runtime_code(self, curve: Curve, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, String>;
}

impl Contract for Operation {
    fn program(self, curve: Curve, formulas: Formulas) -> Result<Program, String> {
        match self {
            Operation::PairingCheck => Ok(formulas.program(curve)),
            other => operation_program(curve, other, formulas.f2mul, ProgramOptions::default()),
        }
    }

    fn runtime_code(self, curve: Curve, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, String> {
        let code = match self {
            Operation::PairingCheck => formulas.pairing_check_build(curve, isa).try_code(isa),
            _ => assemble_fitting(&self.program(curve, formulas)?, isa, formulas),
        };
        code.map_err(|e| format!("{curve} {self}, {isa}: {e}"))
    }
}

/// `prog` with its exponentiations written out straight where the code then still fits
/// [`MAX_CODE_SIZE`], else as loops.
fn assemble_fitting(
    prog: &Program,
    isa: InstructionSet,
    formulas: Formulas,
) -> Result<Vec<u8>, bytecode::AssembleError> {
    let options = formulas.assemble_options();
    let straight = bytecode::AssembleOptions { straight_windows: true, ..options };
    match bytecode::try_assemble(prog, isa, straight) {
        Ok(code) if code.len() <= MAX_CODE_SIZE => return Ok(code),
        _ => {} // too large (any other error recurs below)
    }
    bytecode::try_assemble(prog, isa, options)
}
