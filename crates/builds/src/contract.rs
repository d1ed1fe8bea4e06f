//! Every EIP-2537 operation as a contract: [`Contract`] on `evm384_vectors::Operation`.

use evm384_gen::backend::bytecode;
use evm384_gen::curves::Curve;
use evm384_gen::{
    operation_program, operation_program_on, InstructionSet, Operation, Program, ProgramOptions, MAX_CODE_SIZE,
};

use crate::Formulas;

/// Every EIP-2537 operation written as a contract.
pub trait Contract {
    /// The program with these formulas (all but the pairing check use only `f2mul`).
    /// Panics for `Operation::EXTRA` (EIP-2539's MULs, which BLS12-381 lacks: see
    /// [`Contract::runtime_code_on`]).
    fn program(self, formulas: Formulas) -> Program;

    /// Runtime code for `isa` (may exceed [`MAX_CODE_SIZE`]: check before deploying). The
    /// other operations, small contracts, write their exponentiations out straight
    /// (`AssembleOptions::straight_windows`) where the code then still fits [`MAX_CODE_SIZE`].
    fn runtime_code(self, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, bytecode::AssembleError>;

    /// [`Contract::runtime_code`] on `curve`, or why there is none (an operation not written
    /// for that curve, or code that cannot be assembled).
    fn runtime_code_on(self, curve: Curve, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, String>;
}

impl Contract for Operation {
    fn program(self, formulas: Formulas) -> Program {
        match self {
            Operation::PairingCheck => formulas.program(),
            other => operation_program(other, formulas.f2mul, ProgramOptions::default()),
        }
    }

    fn runtime_code(self, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, bytecode::AssembleError> {
        if self == Operation::PairingCheck {
            return formulas.try_runtime_code(isa);
        }
        assemble_fitting(&self.program(formulas), isa, formulas)
    }

    fn runtime_code_on(self, curve: Curve, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, String> {
        // the default curve's builds (the pairing check's formulas); its EIP may lack an
        // operation, which `operation_program_on` says
        if curve == Curve::default() && !Operation::EXTRA.contains(&self) {
            return self.runtime_code(isa, formulas).map_err(|e| format!("{self}, {isa}: {e}"));
        }
        let prog = operation_program_on(curve, self, formulas.f2mul, ProgramOptions::default())?;
        let code = if self == Operation::PairingCheck {
            formulas.pairing_check_build_on(curve, isa).try_code(isa) // inlined where `formulas` say
        } else {
            assemble_fitting(&prog, isa, formulas)
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
