//! The hinted pairing check (Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4,
//! with a unitary witness): the caller's witness u folded into the Miller loop in place of the
//! final exponentiation ([`hinted_pairing_check_program`]), for BLS12 curves and BN curves
//! with z > 0; its size ([`hint_bytes`]). `crate::ops::hint` computes the witness and works out
//! why the check is sound and complete.

use evm384_arith::MontField;

use crate::algebra::tower::{conj_fp12, neg_fp6, Fp12};
use crate::algebra::Moves;
use crate::curves::Curve;
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, InputLength, Phase, Program};

use super::ctx::{Ctx, Work};
use super::decode::decode_inputs;
use super::fp12::{call_frobenius_fp12, call_mul_fp12, call_sqr_fp12};
use super::miller_loop::{miller_loop, Folded};

/// Bytes of the hinted check's witness before the pairs: u (Fp12, 12 field elements in the
/// tower's coefficient order), each big-endian, below p, in the value bytes of the curve's
/// encoding (48: EIP-2537's without its 16 zero bytes; 32: EIP-196's). BLS12-381 and
/// BLS12-377: 576; BN254: 384. Panics for a curve without a hinted check.
pub fn hint_bytes(curve: Curve) -> u32 {
    let params = curve.params();
    assert!(params.hinted_check, "a curve with a hinted check");
    witness_bytes(FieldEncoding::of(&params.eip))
}

/// [`hint_bytes`] of a curve whose elements `encoding` encodes.
fn witness_bytes(encoding: FieldEncoding) -> u32 {
    encoding.value * 12
}

/// The hinted pairing check (Novakovic, Eagen, eprint 2024/640, §4; `crate::ops::hint` works
/// out the witness, its soundness and completeness): the caller supplies, beside the pairs, u
/// in Fp12, and the contract returns whether u is unitary (u·ū = 1, ū = u^(p⁶) its conjugate)
/// and u^(2λ) = ±F^(p⁶−1) for the unconjugated Miller-loop value F and
/// λ = σ·s + Σᵢ εᵢ·pⁱ (`CurveParams::hint_exponent`: BLS12's p − z, BN's 6z + 2 + p − p² + p³),
/// a multiple of r. With u^σ folded into the Miller loop (G = F·u^(σs): u^(−σ) = ū^σ where a
/// digit is −1), the equation is G·Y² = ±Ḡ with Y = ∏ᵢ (u^(pⁱ))^(εᵢ), as Ḡ/G = (F̄/F)·u^(−2σs)
/// and F̄/F = F^(p⁶−1). Then F^h = 1 for h = (p¹²−1)/r, so the pairing product is 1;
/// conversely a witness exists whenever it is 1. Input: witness ([`hint_bytes`]) ‖ pairs (as the
/// drop-in check's); output: the 32-byte boolean of the equation (false where u is not
/// unitary); a malformed input (a coordinate ≥ p, a point off its curve or outside its
/// subgroup) halts, as does G = 0 (which no valid pairs give). `moves`: as `ProgramOptions::moves`.
///
/// Panics for a curve without a hinted check (`CurveParams::hinted_check`).
pub fn hinted_pairing_check_program(curve: Curve, f2mul: F2Mul, moves: Moves) -> Program {
    hinted_program(curve, f2mul, moves, false)
}

/// [`hinted_pairing_check_program`] with a Miller value G of pairs the caller evaluated ahead
/// of time multiplied into F: input witness ‖ G (12 field elements as the witness encodes them,
/// the tower's coefficient order: `ops::hint::miller_value`) ‖ pairs; it returns whether
/// the pairing product of the pairs and of those G stands for is 1 (the witness is that of
/// all of them). G is trusted: a caller passes a constant of its own (the Groth16 verifier:
/// e(α, β)'s Miller value), never its caller's input. No pairs is not a shortcut to 1 here: G
/// alone is checked.
pub fn hinted_pairing_check_with_factor_program(curve: Curve, f2mul: F2Mul, moves: Moves) -> Program {
    hinted_program(curve, f2mul, moves, true)
}

/// The hinted check, with the caller's Miller value G after the witness where `factor`.
fn hinted_program(curve: Curve, f2mul: F2Mul, moves: Moves, factor: bool) -> Program {
    let curve = &curve.params();
    assert!(curve.hinted_check, "{}: no hinted pairing check (see CurveParams::hinted_check)", curve.name);
    let lambda = curve.hint_exponent();
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&curve.eip);
    let c = Ctx::new(&mut a, curve, moves);
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let n_g = if factor { 12 } else { 0 };
    let witness = a.alloc(12 + n_g); // u (‖ G), loaded together
    let u = Fp12(witness);
    let u_bar = Fp12(a.alloc(12));
    let y = Fp12(a.alloc(12)); // Y = ∏ᵢ (u^(pⁱ))^(εᵢ)
    let g_bar = Fp12(a.alloc(12));
    a.phase(Phase::Decode);
    let prefix = witness_bytes(a.encoding) + n_g * a.encoding.value;
    a.check_input_length(InputLength::PrefixThenMultipleOf { prefix, unit: c.pair_bytes() });
    a.load_packed_inputs(witness, 12 + n_g, 0, c.r2);
    decode_inputs(&mut a, c, false, prefix);
    a.phase(Phase::Hint);
    conj_fp12(&mut a, &c.k, u_bar, u);
    a.copy(c.fa.0, u.0, 12);
    a.copy(c.fb.0, u_bar.0, 12);
    call_mul_fp12(&mut a, c); // u·ū
    let one = c.k.one_fp12;
    a.if_(Cond::Ne(c.fa.0, one, 12), |a| a.return_bool(Cond::Eq(c.fa.0, one, 12))); // not unitary: false
                                                                                    // Y: u^(pⁱ) for εᵢ = 1, ū^(pⁱ) = (u^(pⁱ))⁻¹ for εᵢ = −1 (the Frobenius maps leave B alone)
    let mut first = true;
    for (i, &e) in lambda.frobenius.iter().enumerate().filter(|(_, &e)| e != 0) {
        a.copy(c.fa.0, if e > 0 { u.0 } else { u_bar.0 }, 12);
        match i + 1 {
            n @ (1 | 2) => call_frobenius_fp12(&mut a, c, n),
            _ => {
                call_frobenius_fp12(&mut a, c, 2);
                call_frobenius_fp12(&mut a, c, 1);
            }
        }
        if !first {
            a.copy(c.fb.0, y.0, 12);
            call_mul_fp12(&mut a, c);
        }
        a.copy(y.0, c.fa.0, 12);
        first = false;
    }
    a.phase(Phase::MillerLoop);
    if !factor {
        a.if_(Cond::NoPairs, |a| a.return_bool(Cond::NoPairs)); // empty product: 1
    }
    let (e, e_inverse) = if lambda.loop_sign > 0 { (u, u_bar) } else { (u_bar, u) };
    let digits = curve.ate_loop_digits();
    let folded = Folded { e, e_inverse: digits.contains(&-1).then_some(e_inverse) };
    miller_loop(&mut a, c, &digits, Some(folded), true); // G = F·u^(σs)
    c.family.assert_g2_subgroups_after_miller_loop(&mut a, c);
    a.phase(Phase::Hint);
    if factor {
        a.copy(c.fb.0, witness + 12, 12);
        call_mul_fp12(&mut a, c); // G·(the caller's Miller value)
    }
    // G ≠ 0 (its first coordinate, or else one of the eleven others; one_fp12's are zero), so
    // that G·Y² = ±Ḡ says u^(2λ) = ±F^(p⁶−1); valid pairs never give 0 (no line vanishes at P)
    a.if_(Cond::Eq(c.fa.0, c.k.zero, 1), |a| a.assert(Cond::Ne(c.fa.0 + 1, one + 1, 11)));
    conj_fp12(&mut a, &c.k, g_bar, c.fa);
    if !first {
        a.copy(c.fb.0, c.fa.0, 12);
        a.copy(c.fa.0, y.0, 12);
        call_sqr_fp12(&mut a, c); // Y²
        call_mul_fp12(&mut a, c); // G·Y²
    }
    a.phase(Phase::Output);
    a.if_(Cond::Eq(c.fa.0, g_bar.0, 12), |a| a.return_bool(Cond::Eq(c.fa.0, g_bar.0, 12)));
    neg_fp6(&mut a, &c.k, g_bar.c(0), g_bar.c(0));
    neg_fp6(&mut a, &c.k, g_bar.c(1), g_bar.c(1)); // −Ḡ
    a.return_bool(Cond::Eq(c.fa.0, g_bar.0, 12));
    a.finish()
}
