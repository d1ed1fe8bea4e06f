//! The hinted pairing check (Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4):
//! the caller's witness (e of a residue root c, a scaling factor w in proper subfields) folded
//! into the Miller loop in place of the final exponentiation ([`hinted_pairing_check_program`]),
//! for BLS12 curves and BN curves with z > 0; its size ([`hint_bytes`]). `crate::ops::hint` computes the
//! witness.

use evm384_arith::MontField;

use crate::algebra::tower::Fp12;
use crate::algebra::Moves;
use crate::curves::{Curve, ScalingSubfield};
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, InputLength, Phase, Program};

use super::ctx::{Ctx, Work};
use super::decode::decode_inputs;
use super::fp12::{call_frobenius_fp12, call_inverse_fp12, call_mul_fp12};
use super::miller_loop::{miller_loop, Folded};

/// Fp coordinates of U sent in the hinted check's witness (none where U ∈ Fp is folded into s).
fn scaling_coordinates(subfield: ScalingSubfield) -> u32 {
    match subfield {
        ScalingSubfield::Fp => 0,
        ScalingSubfield::Fp4 => 4,
    }
}

/// Bytes of the hinted check's witness before the pairs: e (Fp12, 12 field elements in the
/// tower's coefficient order), the coordinates of U where `CurveParams::hint_scaling` is Fp4
/// (U₀ + U₁·v·w: U₀.c0, U₀.c1, U₁.c0, U₁.c1), then x₀, x₁, x₂ of s = x₀ + x₁·v + x₂·v²; each
/// big-endian, below p, in the value bytes of the curve's encoding (48: EIP-2537's without its
/// 16 zero bytes; 32: EIP-196's). BLS12-381: 720; BLS12-377: 912; BN254: 480. Panics for a
/// curve without a hinted check.
pub fn hint_bytes(curve: Curve) -> u32 {
    let params = curve.params();
    witness_bytes(params.hint_scaling.expect("a curve with a hinted check"), FieldEncoding::of(&params.eip))
}

/// [`hint_bytes`] of a curve whose scaling factor lies in `subfield`, its elements encoded by
/// `encoding`.
pub(crate) fn witness_bytes(subfield: ScalingSubfield, encoding: FieldEncoding) -> u32 {
    encoding.value * (12 + scaling_coordinates(subfield) + 3)
}

/// The hinted pairing check (Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4;
/// `crate::ops::hint` works out the witness and its soundness): the caller supplies, beside the
/// pairs, e = c^(−σ) of a residue root c and a scaling factor w = U·s in a product of proper
/// subfields (U per `CurveParams::hint_scaling`, s = x₀ + x₁·v + x₂·v² ∈ Fp6), and the
/// contract returns whether c^λ = F·w for the unconjugated Miller-loop value F and
/// λ = σ·s + Σᵢ εᵢ·pⁱ (`CurveParams::hint_exponent`: BLS12's p − z, BN's
/// 6z + 2 + p − p² + p³), a multiple of r. With e folded into the Miller loop (A ← F·e^s,
/// e⁻¹ where a digit is −1), the equation is A·w·∏_{σεᵢ = 1} e^(pⁱ) = ∏_{σεᵢ = −1} e^(pⁱ):
/// - BLS12, z < 0 (λ = p + |z|, e = c⁻¹): F·e^|z|·(e^p·w) = 1; a zero e or w makes the
///   product 0, so neither needs a test;
/// - BLS12, z > 0 (λ = p − z, e = c): F·c^z·w = c^p;
/// - BN, z > 0 (e = c⁻¹): F·e^(6z+2)·(w·e^p·e^(p³)) = e^(p²), e⁻¹ computed once;
///
/// where the right side is not 1, e = 0 would satisfy it (0 = 0), so e ≠ 0 is tested.
///
/// Then F^h = 1 for h = (p¹²−1)/r: c^(λh) = 1, and w^h = 1 as the orders of the subfields'
/// elements divide h — bounded by the encoding, so no order test is made on chain — so the
/// pairing product is 1; conversely a witness exists whenever it is 1. The final
/// exponentiation is replaced by e folded into the Miller loop, Frobenius maps of e and w
/// multiplied in. Input: witness ([`hint_bytes`]) ‖ pairs (as the drop-in check's); output:
/// the 32-byte boolean of the final equation; a malformed input (a coordinate ≥ p, a point off
/// its curve or outside its subgroup, e = 0 where tested) halts. `moves`: as
/// `ProgramOptions::moves`.
///
/// Panics for a curve without a hinted check (`CurveParams::hint_scaling` is `None`).
pub fn hinted_pairing_check_program(curve: Curve, f2mul: F2Mul, moves: Moves) -> Program {
    hinted_program(curve, f2mul, moves, false)
}

/// [`hinted_pairing_check_program`] with a Miller value G of pairs the caller evaluated ahead
/// of time multiplied into F: input witness ‖ G (12 field elements as the witness encodes them,
/// the tower's coefficient order: `ops::hint::miller_value`) ‖ pairs; it returns whether
/// c^λ = F·G·w, i.e. whether the pairing product of the pairs and of those G stands for is 1.
/// G is trusted: a caller passes a constant of its own (the Groth16 verifier: e(α, β)'s Miller
/// value), never its caller's input. No pairs is not a shortcut to 1 here: G alone is checked.
pub fn hinted_pairing_check_with_factor_program(curve: Curve, f2mul: F2Mul, moves: Moves) -> Program {
    hinted_program(curve, f2mul, moves, true)
}

/// The hinted check, with the caller's Miller value G after the witness where `factor`.
fn hinted_program(curve: Curve, f2mul: F2Mul, moves: Moves, factor: bool) -> Program {
    let curve = &curve.params();
    let Some(subfield) = curve.hint_scaling else {
        panic!("{}: no hinted pairing check (its scaling factor's structure is not worked out)", curve.name)
    };
    let lambda = curve.hint_exponent();
    // e^(pⁱ) on the left (post) and on the right (target) of the equation
    let sides = |side: i8| (1..=3).filter(move |&i| lambda.loop_sign * lambda.frobenius[i - 1] == side);
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&curve.eip);
    let c = Ctx::new(&mut a, curve, moves);
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let n_u = scaling_coordinates(subfield);
    let n_g = if factor { 12 } else { 0 };
    let witness = a.alloc(12 + n_u + 3 + n_g); // e ‖ U ‖ x₀, x₁, x₂ (‖ G), loaded together
    let (we, wu, wx) = (Fp12(witness), witness + 12, witness + 12 + n_u);
    let post = Fp12(a.alloc(12)); // w·∏ e^(pⁱ) of the left side
    let target = (sides(-1).count() > 0).then(|| Fp12(a.alloc(12))); // the right side, or 1
    let digits = curve.ate_loop_digits();
    let e_inverse = digits.contains(&-1).then(|| Fp12(a.alloc(12)));
    a.phase(Phase::Decode);
    let prefix = witness_bytes(subfield, a.encoding) + n_g * a.encoding.value;
    a.check_input_length(InputLength::PrefixThenMultipleOf { prefix, unit: c.pair_bytes() });
    a.load_packed_inputs(witness, 12 + n_u + 3 + n_g, 0, c.r2);
    decode_inputs(&mut a, c, false, prefix);
    a.phase(Phase::Hint);
    a.copy(c.fb.0, c.k.one_fp12, 12); // B = s = x₀ + x₁·v + x₂·v²: zero but for
    for i in 0..3 {
        a.copy(c.fb.0 + 2 * i, wx + i, 1); // the Fp parts of its three Fp2 coefficients
    }
    if n_u > 0 {
        a.copy(c.fa.0, c.k.one_fp12, 12); // A = U = U₀ + U₁·v·w: zero but for
        a.copy(c.fa.0, wu, 2); // the coefficient of 1
        a.copy(c.fa.0 + 8, wu + 2, 2); // and that of v·w
        call_mul_fp12(&mut a, c); // U·s
        a.copy(c.fb.0, c.fa.0, 12); // B = w
    }
    if target.is_some() {
        // e ≠ 0: its first coordinate, or else one of the eleven others (one_fp12's are zero)
        a.if_(Cond::Eq(we.0, c.k.zero, 1), |a| a.assert(Cond::Ne(we.0 + 1, c.k.one_fp12 + 1, 11)));
    }
    let e_frobenius = |a: &mut Asm, i: usize| {
        a.copy(c.fa.0, we.0, 12);
        match i {
            1 | 2 => call_frobenius_fp12(a, c, i),
            _ => {
                call_frobenius_fp12(a, c, 2);
                call_frobenius_fp12(a, c, 1);
            }
        }
    };
    let left: Vec<usize> = sides(1).collect();
    if left.is_empty() {
        a.copy(post.0, c.fb.0, 12); // post = w
    }
    for (n, &i) in left.iter().enumerate() {
        if n > 0 {
            a.copy(c.fb.0, c.fa.0, 12);
        }
        e_frobenius(&mut a, i); // e^(pⁱ) (the Frobenius maps leave B alone)
        call_mul_fp12(&mut a, c); // ·w·…
    }
    if !left.is_empty() {
        a.copy(post.0, c.fa.0, 12);
    }
    if let Some(target) = target {
        for (n, i) in sides(-1).enumerate() {
            if n > 0 {
                a.copy(c.fb.0, c.fa.0, 12);
            }
            e_frobenius(&mut a, i);
            if n > 0 {
                call_mul_fp12(&mut a, c);
            }
        }
        a.copy(target.0, c.fa.0, 12);
    }
    if factor {
        a.copy(c.fa.0, post.0, 12);
        a.copy(c.fb.0, wx + 3, 12);
        call_mul_fp12(&mut a, c); // post·G
        a.copy(post.0, c.fa.0, 12);
    }
    if let Some(e_inverse) = e_inverse {
        a.copy(c.fa.0, we.0, 12);
        call_inverse_fp12(&mut a, c, c.p_minus_2()); // e ≠ 0 (tested above)
        a.copy(e_inverse.0, c.fa.0, 12);
    }
    a.phase(Phase::MillerLoop);
    if !factor {
        a.if_(Cond::NoPairs, |a| a.return_bool(Cond::NoPairs)); // empty product: 1
    }
    miller_loop(&mut a, c, &digits, Some(Folded { e: we, e_inverse }), true); // F·e^s
    c.family.assert_g2_subgroups_after_miller_loop(&mut a, c);
    a.phase(Phase::Hint);
    a.copy(c.fb.0, post.0, 12);
    call_mul_fp12(&mut a, c); // the left side
    a.phase(Phase::Output);
    a.return_bool(Cond::Eq(c.fa.0, target.map_or(c.k.one_fp12, |t| t.0), 12));
    a.finish()
}
