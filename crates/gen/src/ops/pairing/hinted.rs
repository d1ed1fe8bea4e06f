//! The hinted pairing check (Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4):
//! the caller's witness (e of a residue root c, a scaling factor w in proper subfields) folded
//! into the Miller loop in place of the final exponentiation ([`hinted_pairing_check_program`]),
//! written for the BLS12 family; its size ([`hint_bytes`]). `crate::ops::hint` computes the
//! witness.

use evm384_arith::MontField;

use crate::algebra::tower::Fp12;
use crate::algebra::Moves;
use crate::curves::{Curve, Family, ScalingSubfield};
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, InputLength, Phase, Program};

use super::ctx::{Ctx, Work};
use super::decode::decode_inputs;
use super::fp12::{call_frobenius_fp12, call_mul_fp12};
use super::miller_loop::miller_loop;

/// Fp coordinates of U sent in the hinted check's witness (none where U ∈ Fp is folded into s).
fn scaling_coordinates(subfield: ScalingSubfield) -> u32 {
    match subfield {
        ScalingSubfield::Fp => 0,
        ScalingSubfield::Fp4 => 4,
    }
}

/// Bytes of the hinted check's witness before the pairs: e (Fp12, 12 field elements in the
/// tower's coefficient order), the coordinates of U where `CurveParams::hint_scaling` is Fp4
/// (U₀ + U₁·v·w: U₀.c0, U₀.c1, U₁.c0, U₁.c1), then x₀, x₁, x₂ of s = x₀ + x₁·v + x₂·v²; 48
/// bytes each, big-endian, below p (EIP-2537's encoding without its 16 zero bytes: 4 gas of
/// calldata each). BLS12-381: 720; BLS12-377: 912. Panics for a curve without a hinted check.
pub fn hint_bytes(curve: Curve) -> u32 {
    witness_bytes(curve.params().hint_scaling.expect("a curve with a hinted check"))
}

/// [`hint_bytes`] of a curve whose scaling factor lies in `subfield`.
pub(crate) fn witness_bytes(subfield: ScalingSubfield) -> u32 {
    48 * (12 + scaling_coordinates(subfield) + 3)
}

/// The hinted pairing check (Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4 with
/// its BLS12 scaling factor; `crate::ops::hint` works out the witness and its soundness): the
/// caller supplies, beside the pairs, e (c⁻¹ for z < 0, c for z > 0) of a residue root c and a
/// scaling factor w = U·s in a product of proper subfields (U per `CurveParams::hint_scaling`,
/// s = x₀ + x₁·v + x₂·v² ∈ Fp6), and the contract returns whether c^λ = F·w for the
/// unconjugated Miller-loop product F and λ = p − z (a multiple of r):
/// - z < 0 (λ = p + |z|): F·e^|z|·(e^p·w) = 1, with e folded into the Miller loop
///   (A ← F·e^|z|); a zero e or w makes the product 0, so neither needs a test;
/// - z > 0 (λ = p − z): F·c^z·w = c^p, c folded into the loop; c = 0 would satisfy it (0 = 0),
///   so c ≠ 0 is tested (then c^p ≠ 0 makes w ≠ 0).
///
/// Then F^h = 1 for h = (p¹²−1)/r: c^(λh) = 1, and w^h = 1 as the orders of the subfields'
/// elements divide h — bounded by the encoding, so no order test is made on chain — so the
/// pairing product is 1; conversely a witness exists whenever it is 1. The final
/// exponentiation is replaced by e folded into the Miller loop and e^p (one Frobenius map) and
/// w multiplied in. Input: witness ([`hint_bytes`]) ‖ pairs (384 bytes each, as
/// PAIRING_CHECK's); output: the 32-byte boolean of the final equation; a malformed input (a
/// coordinate ≥ p, a point off its curve or outside its subgroup, c = 0 where z > 0) halts.
/// `moves`: as `ProgramOptions::moves`.
///
/// Panics for a curve without a hinted check (`CurveParams::hint_scaling` is `None`).
pub fn hinted_pairing_check_program(curve: Curve, f2mul: F2Mul, moves: Moves) -> Program {
    let curve = &curve.params();
    let Some(subfield) = curve.hint_scaling else {
        panic!("{}: no hinted pairing check (its scaling factor's structure is not worked out)", curve.name)
    };
    assert_eq!(curve.family, Family::Bls12, "the hinted check is written for BLS12 curves");
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&curve.eip);
    let c = Ctx::new(&mut a, curve, moves);
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let n_u = scaling_coordinates(subfield);
    let witness = a.alloc(12 + n_u + 3); // e ‖ U ‖ x₀, x₁, x₂, loaded together
    let (we, wu, wx) = (Fp12(witness), witness + 12, witness + 12 + n_u);
    let post = Fp12(a.alloc(12)); // z < 0: e^p·w; z > 0: w
    let target = (!curve.z_negative).then(|| Fp12(a.alloc(12))); // z > 0: c^p
    a.phase(Phase::Decode);
    let prefix = witness_bytes(subfield);
    a.check_input_length(InputLength::PrefixThenMultipleOf { prefix, unit: c.pair_bytes() });
    a.load_packed_inputs(witness, 12 + n_u + 3, 0, c.r2);
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
    if curve.z_negative {
        a.copy(c.fa.0, we.0, 12);
        call_frobenius_fp12(&mut a, c, 1); // e^p (the Frobenius maps leave B alone)
        call_mul_fp12(&mut a, c); // e^p·w
        a.copy(post.0, c.fa.0, 12);
    } else {
        // c ≠ 0: its first coordinate, or else one of the eleven others (one_fp12's are zero)
        a.if_(Cond::Eq(we.0, c.k.zero, 1), |a| a.assert(Cond::Ne(we.0 + 1, c.k.one_fp12 + 1, 11)));
        a.copy(post.0, c.fb.0, 12);
        a.copy(c.fa.0, we.0, 12);
        call_frobenius_fp12(&mut a, c, 1); // c^p
        a.copy(target.expect("z > 0").0, c.fa.0, 12);
    }
    a.phase(Phase::MillerLoop);
    a.if_(Cond::NoPairs, |a| a.return_bool(Cond::NoPairs)); // empty product: 1
    miller_loop(&mut a, c, &curve.ate_loop_digits(), Some(we), true); // F·e^|z|
    c.family.assert_g2_subgroups_after_miller_loop(&mut a, c);
    a.phase(Phase::Hint);
    a.copy(c.fb.0, post.0, 12);
    call_mul_fp12(&mut a, c); // z < 0: F·e^(p+|z|)·w; z > 0: F·c^z·w
    a.phase(Phase::Output);
    a.return_bool(Cond::Eq(c.fa.0, target.map_or(c.k.one_fp12, |t| t.0), 12));
    a.finish()
}
