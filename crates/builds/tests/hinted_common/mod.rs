//! What the hinted check's tests share: its contracts (the shipped build) beside the plain
//! program run natively, which must agree on every input.
#![allow(dead_code)]

use evm384_build::optimize::Target;
use evm384_build::{hinted_pairing_check_build, HINTED_FORMULAS};
use evm384_evm::{InstructionSet, RunOptions, Runner, Status};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::Curve;
use evm384_gen::ops::pairing::hinted_pairing_check_program;
use evm384_gen::{F2Mul, Program, MAX_CODE_SIZE};

/// `Some(result)` on success, `None` on a halt.
pub fn contract(isa: InstructionSet, code: &[u8], input: &[u8]) -> Option<bool> {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    let e = r.run(input).expect("run");
    match e.status {
        Status::Success => {
            assert_eq!(e.output.len(), 32);
            Some(e.output[31] == 1)
        }
        Status::Halt(_) => None,
        Status::Revert => panic!("{isa}: reverted"),
    }
}

pub fn native_result(prog: &Program, input: &[u8]) -> Option<bool> {
    match native::run(prog, input).outcome {
        Outcome::Bool(b) => Some(b),
        Outcome::Invalid(_) => None,
        other => panic!("unexpected outcome {other:?}"),
    }
}

/// The hinted check of a curve: the plain program (calls, no inlining) as the reference, the
/// shipped build's contracts in `sets`.
pub struct Check {
    pub prog: Program,
    pub codes: Vec<(InstructionSet, Vec<u8>)>,
}

impl Check {
    pub fn new(curve: Curve, sets: &[InstructionSet]) -> Check {
        let prog = hinted_pairing_check_program(curve, F2Mul::V3, evm384_gen::Moves::Copies);
        let codes = sets
            .iter()
            .map(|&isa| {
                let code = hinted_pairing_check_build(curve, HINTED_FORMULAS, isa).try_code(isa).unwrap();
                eprintln!("{curve} hinted check {isa} ({HINTED_FORMULAS}): {} bytes", code.len());
                assert!(code.len() <= MAX_CODE_SIZE);
                (isa, code)
            })
            .collect();
        Check { prog, codes }
    }

    /// The result in every implementation, which must agree.
    pub fn result(&self, input: &[u8], what: &str) -> Option<bool> {
        let want = native_result(&self.prog, input);
        for (isa, code) in &self.codes {
            assert_eq!(contract(*isa, code, input), want, "{isa} disagrees with native: {what}");
        }
        want
    }
}

/// The gas of a successful run under the schedule the report prices each instruction set with
/// (v7, v8: model B; v9: model B repriced; EVMMAX: EIP-6690's), and that schedule's name.
pub fn priced_gas(isa: InstructionSet, code: &[u8], input: &[u8]) -> (&'static str, f64) {
    let mut r = Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    let e = r.run(input).expect("run");
    assert_eq!((&e.status, e.output[31]), (&Status::Success, 1), "{isa}");
    let target = Target::reference(isa);
    (target.name(), target.gas(&e).expect("opcodes counted"))
}
