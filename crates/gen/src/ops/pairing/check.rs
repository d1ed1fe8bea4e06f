//! The PAIRING_CHECK program ([`pairing_check_program`]: EIP-2537's on BLS12-381, EIP-2539's
//! PAIRING on BLS12-377, EIP-197's ecPairing on BN254) and its final exponentiation alone
//! ([`final_exp_program`]).

use evm384_arith::MontField;

use crate::algebra::{Moves, Squaring};
use crate::curves::{Curve, CurveParams};
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, InputLength, Phase, Program, Slot};

use super::ctx::{Ctx, Work};
use super::decode::decode_inputs;
use super::miller_loop::miller_loop;

/// Options of the generated program (the defaults give the deployable contract).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramOptions {
    /// Halt at this phase marker returning all memory (tests compare it with the native run).
    pub stop_before: Option<Phase>,
    /// Leave out the on-curve and subgroup checks (only to measure the decoding phase's gas:
    /// the program is then no valid PAIRING_CHECK).
    pub skip_checks: bool,
    /// The squarings of the final exponentiation's exponentiations by z.
    pub squaring: Squaring,
    /// `mul_fp12`'s moves: MCOPYs (the default, smaller) or additions of zero (cheaper, larger);
    /// `Formulas::build` chooses.
    pub moves: Moves,
}

/// The whole PAIRING_CHECK program of `curve`: decoding and validation, the multi-Miller loop,
/// the final exponentiation, the comparison with one.
pub fn pairing_check_program(curve: Curve, f2mul: F2Mul, opts: ProgramOptions) -> Program {
    pairing_check_program_for(&curve.params(), f2mul, opts)
}

/// [`pairing_check_program`] for any BLS12 or BN parameter block (the tests' curves too).
pub(super) fn pairing_check_program_for(curve: &CurveParams, f2mul: F2Mul, opts: ProgramOptions) -> Program {
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&curve.eip);
    let c = Ctx::new(&mut a, curve, opts.moves);
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let stop = |a: &mut Asm, p: Phase| {
        a.phase(p);
        if opts.stop_before == Some(p) {
            a.return_memory();
            true
        } else {
            false
        }
    };
    if !stop(&mut a, Phase::Decode) {
        a.check_input_length(if curve.eip.empty_pairing_is_one {
            InputLength::MultipleOfOrEmpty(c.pair_bytes()) // EIP-197: no pairs, 1
        } else {
            InputLength::MultipleOf(c.pair_bytes())
        });
        decode_inputs(&mut a, c, opts.skip_checks, 0);
        if !stop(&mut a, Phase::MillerLoop) {
            a.if_(Cond::NoPairs, |a| a.return_bool(Cond::NoPairs)); // empty product: 1
            let test_g2 = !opts.skip_checks;
            if test_g2 {
                c.family.assert_g2_test_sound(curve);
            }
            miller_loop(&mut a, c, &curve.ate_loop_digits(), None, test_g2);
            if test_g2 {
                c.family.assert_g2_subgroups_after_miller_loop(&mut a, c);
            }
            if !stop(&mut a, Phase::FinalExp) {
                a.call("final_exp", move |a| c.family.final_exp(a, c, opts.squaring));
                if !stop(&mut a, Phase::Output) {
                    a.return_bool(Cond::Eq(c.fa.0, c.k.one_fp12, 12));
                }
            }
        }
    }
    a.finish()
}

/// Slot of the Fp12 accumulator A (the Miller-loop value, then the pairing value).
pub fn accumulator_slot(curve: Curve, f2mul: F2Mul) -> Slot {
    accumulator_slot_for(&curve.params(), f2mul)
}

/// [`accumulator_slot`] for any BLS12 or BN parameter block.
pub(super) fn accumulator_slot_for(curve: &CurveParams, f2mul: F2Mul) -> Slot {
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    Ctx::new(&mut a, curve, Moves::default()).fa.0
}

/// The final exponentiation alone, on the constant `f` (12 Montgomery limbs, w-power order of
/// the slots as in `Fp12`): halts returning memory, the result in the accumulator slots (see
/// [`accumulator_slot`]). For tests and debugging of the final exponentiation on values no
/// Miller loop would produce (e.g. to reach Karabina's g2 = 0 branch).
pub fn final_exp_program(curve: Curve, f2mul: F2Mul, squaring: Squaring, f: &[evm384_arith::Limbs; 12]) -> Program {
    let curve = curve.params();
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    let c = Ctx::new(&mut a, &curve, Moves::default());
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let src = a.const_raw(f);
    a.copy(c.fa.0, src, 12);
    a.call("final_exp", move |a| c.family.final_exp(a, c, squaring));
    a.return_memory();
    a.finish()
}
