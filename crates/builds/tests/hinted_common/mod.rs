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

/// The unitary witness u of `input` (witness ‖ pairs, a product of one whose Miller value is
/// dense) against every way to change it, as `Check::result` answers: each of u's 12
/// coordinates changed, u = 0, u = 1 and ū = u⁻¹: false (the first two are not unitary, the
/// others fail the equation); −u: true (another witness: (−u)^(2λ) = u^(2λ)); a coordinate
/// p: a halt (the encoding); the witness one element short: a halt.
pub fn assert_every_changed_witness_rejected(check: &Check, curve: Curve, input: &[u8]) {
    let params = curve.params();
    let n = evm384_gen::ops::pairing::hint_bytes(curve) as usize;
    let e = n / 12; // the value bytes of the curve's encoding: 48 (EIP-2537), 32 (EIP-196)
    assert_eq!((n % 12, e), (0, params.eip.element_bytes.min(48) as usize), "u: 12 elements");
    let f = evm384_arith::MontField::new(params.p);
    let value = |x: &[u8], i: usize| {
        let mut wide = [0u8; 48];
        wide[48 - e..].copy_from_slice(&x[e * i..e * i + e]);
        evm384_arith::from_be_bytes(&wide)
    };
    let with = |x: &[u8], i: usize, v: &[u64; 6]| {
        let mut y = x.to_vec();
        y[e * i..e * i + e].copy_from_slice(&evm384_arith::to_be_bytes(v)[48 - e..]);
        y
    };
    let negated =
        |x: &[u8], from: usize| (from..12).fold(x.to_vec(), |y, i| with(&y, i, &f.sub(&[0; 6], &value(&y, i))));
    assert_eq!(check.result(input, "the witness"), Some(true));
    for i in 0..12 {
        let v = value(input, i);
        let changed = if v == [0; 6] { [1, 0, 0, 0, 0, 0] } else { f.add(&v, &v) };
        assert_eq!(check.result(&with(input, i, &changed), "u changed"), Some(false), "{curve}: coordinate {i}");
    }
    let zero = (0..12).fold(input.to_vec(), |y, i| with(&y, i, &[0; 6]));
    assert_eq!(check.result(&zero, "u = 0"), Some(false), "{curve}");
    assert_eq!(check.result(&with(&zero, 0, &[1, 0, 0, 0, 0, 0]), "u = 1"), Some(false), "{curve}");
    assert_eq!(check.result(&negated(input, 6), "ū"), Some(false), "{curve}");
    assert_eq!(check.result(&negated(input, 0), "−u"), Some(true), "{curve}");
    assert_eq!(check.result(&with(input, 5, &params.p), "a coordinate p"), None, "{curve}");
    assert_eq!(check.result(&input[e..], "a witness one element short"), None, "{curve}");
}
