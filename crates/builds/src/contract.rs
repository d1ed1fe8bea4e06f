//! Every operation as a contract on every curve whose EIP has it: [`Contract`] on
//! `evm384_vectors::Operation`.

use evm384_gen::backend::bytecode;
use evm384_gen::curves::Curve;
use evm384_gen::ir::inline;
use evm384_gen::{operation_program, profile_input, InstructionSet, Operation, Program, ProgramOptions, MAX_CODE_SIZE};

use crate::{inline_to_fit, Formulas, InlineWeights};

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
    /// still fits [`MAX_CODE_SIZE`], and with `formulas.inline` their subroutines out at their
    /// call sites as [`inline_to_fit`] chooses them on [`profile_input`].
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
            _ => {
                let prog = self.program(curve, formulas)?;
                let prog = if formulas.inline {
                    inlined_to_fit(&prog, isa, formulas, &profile_input(curve, self)?)
                } else {
                    prog
                };
                assemble_fitting(&prog, isa, formulas)
            }
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

/// `prog` with the subroutines [`inline_to_fit`] chooses on `input` written out, within
/// [`MAX_CODE_SIZE`] with the exponentiations straight where they alone fit, else as loops.
fn inlined_to_fit(prog: &Program, isa: InstructionSet, formulas: Formulas, input: &[u8]) -> Program {
    let options = formulas.assemble_options();
    let weights = InlineWeights::for_instruction_set(isa);
    for opts in [bytecode::AssembleOptions { straight_windows: true, ..options }, options] {
        if bytecode::try_assemble(prog, isa, opts).is_ok_and(|code| code.len() <= MAX_CODE_SIZE) {
            return inline::inline_calls(prog, inline_to_fit(prog, isa, opts, input, MAX_CODE_SIZE, weights));
        }
    }
    prog.clone()
}
