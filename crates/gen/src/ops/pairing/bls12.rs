//! The BLS12 family's part of the pairing check: the Miller loop over z (f_|z|, conjugated for
//! z < 0), the hard part of the final exponentiation, G1 tested while decoding and G2 on the
//! Miller loop's final T.
//!
//! - Vercauteren, "Optimal pairings", eprint 2008/096 (the loop over z);
//! - the hard part follows Hayashida, Hayasaka, Teruya, eprint 2020/875:
//!   3·Φ₁₂(p)/r = (z-1)²·(z+p)·(z²+p²-1) + 3 for every BLS12 curve (p = (z−1)²·r/3 + z), z
//!   signed: each power of z is an exponentiation by |z|, conjugated for z < 0 (the result is
//!   the pairing cubed, which the comparison with one does not see: 3 is prime to r);
//! - Scott, eprint 2021/1130 and EIP-2537: G1 by φ(P) + [z²]P = O, G2 by ψ(Q) = [z]Q.

use crate::algebra::tower::*;
use crate::algebra::Squaring;
use crate::curves::{bits_below_top, CurveParams};
use crate::ir::{Asm, Phase, Slot};
use crate::ops::subgroup::{assert_in_g1, assert_projective_t_is_psi_q};

use super::ctx::Ctx;
use super::family::FamilyPairing;
use super::final_exp::{exp_by_z_with, final_exp_easy_part};
use super::fp12::{call_cyclotomic_sqr_fp12, call_frobenius_fp12, call_mul_fp12, call_sqr_fp12_in_mul_fp6_regs};
use super::signed_digits::binary_digits;

/// The BLS12 family (BLS12-381, BLS12-377).
#[derive(Debug)]
pub(super) struct Bls12;

impl FamilyPairing for Bls12 {
    fn psi2_r2(&self, _: &mut Asm, _: &CurveParams) -> Option<Slot> {
        None
    }

    fn exp_by_z_digits(&self, z_abs: u64) -> Vec<i8> {
        binary_digits(z_abs)
    }

    /// φ(P) + [z²]P = O with φ(x, y) = (β·x, y).
    fn assert_in_g1(&self, a: &mut Asm, c: Ctx) {
        let z2 = (c.z_abs as u128) * (c.z_abs as u128);
        let z2_bits = bits_below_top(&[z2 as u64, (z2 >> 64) as u64]);
        a.phase(Phase::Subgroup);
        assert_in_g1(a, &c.k, c.beta, c.r1, (c.w.px3(), c.w.py()), &z2_bits);
    }

    fn assert_g2_test_sound(&self, _: &CurveParams) {}

    /// f_z = conj(f_|z|) after the final exponentiation for z < 0 (f_{−|z|} = 1/f_{|z|} up to a
    /// factor the final exponentiation removes, and 1/f = conj(f) after it); into A.
    fn end_miller_loop(&self, a: &mut Asm, c: Ctx, f: Fp12, _test_g2: bool) {
        if c.z_negative {
            conj_fp12(a, &c.k, c.fa, f);
        } else if f.0 != c.fa.0 {
            a.copy(c.fa.0, f.0, 12);
        }
    }

    /// Nothing: λ = p − z takes f_|z| as it is.
    fn end_folded_miller_loop(&self, _: &mut Asm, _: Ctx, _test_g2: bool) {}

    fn assert_g2_subgroups_after_miller_loop(&self, a: &mut Asm, c: Ctx) {
        assert_g2_subgroups_after_miller_loop(a, c)
    }

    fn final_exp(&self, a: &mut Asm, c: Ctx, squaring: Squaring) {
        final_exp_bls12(a, c, squaring)
    }
}

/// The G2 subgroup test of every pair record of a BLS12 curve: after the Miller loop the
/// record's T is [|z|]Q
/// (the loop's doublings and additions are the subgroup test's own subroutines), so
/// T = −ψ(Q) (z < 0) or T = ψ(Q) (z > 0), T ≠ O, tests ψ(Q) = [z]Q, Q ∈ G2, without a
/// multiplication of its own.
fn assert_g2_subgroups_after_miller_loop(a: &mut Asm, c: Ctx) {
    a.phase(Phase::Subgroup);
    let w = c.w;
    a.for_each_pair(|a| {
        assert_projective_t_is_psi_q(a, &c.k, w.t(), (w.qx(), w.qy()), (c.psi_r2, c.psi_s2), c.z_negative)
    });
}

/// BLS12: A ← A^((p¹²-1)/r) (up to the harmless cube, see the module header): easy part
/// f^((p⁶-1)(p²+1)), then the hard part 3·Φ₁₂(p)/r = (z-1)²·(z+p)·(z²+p²-1) + 3.
fn final_exp_bls12(a: &mut Asm, c: Ctx, squaring: Squaring) {
    let (fa, fb, k) = (c.fa, c.fb, c.k);
    let exp_by_z = |a: &mut Asm| exp_by_z_with(a, c, squaring);
    // A ← A^(z-1) = A^z·conj(A), A first copied to `save` when `keep` (or when the squaring is
    // Karabina's, whose exp_by_z does not leave its base in B; Granger–Scott's does, so B is
    // conjugated in place and the copy saved)
    let exp_by_z_minus_1 = |a: &mut Asm, save: Fp12, keep: bool| {
        let base_in_b = squaring != Squaring::Karabina;
        if keep || !base_in_b {
            a.copy(save.0, fa.0, 12);
        }
        exp_by_z(a); // A^z
        conj_fp12(a, &k, fb, if base_in_b { fb } else { save }); // B = conj(A) = A⁻¹ (cyclotomic)
        call_mul_fp12(a, c); // A^(z-1)
    };
    a.scoped(|a| {
        let y0 = Fp12(a.alloc(12));
        let y1 = Fp12(a.alloc(12));
        final_exp_easy_part(a, c);
        // hard part
        exp_by_z_minus_1(a, y0, true); // m^(z-1), y0 = m
        exp_by_z_minus_1(a, y1, false); // a = m^((z-1)²)
        a.copy(y1.0, fa.0, 12); // y1 = a
        exp_by_z(a);
        a.copy(fb.0, fa.0, 12); // B = a^z (the Frobenius maps leave B alone)
        a.copy(fa.0, y1.0, 12);
        call_frobenius_fp12(a, c, 1); // a^p
        call_mul_fp12(a, c); // b = a^(z+p)
        a.copy(y1.0, fa.0, 12); // y1 = b
        exp_by_z(a);
        exp_by_z(a);
        a.copy(fb.0, fa.0, 12); // B = b^(z²)
        a.copy(fa.0, y1.0, 12);
        call_frobenius_fp12(a, c, 2); // b^(p²)
        call_mul_fp12(a, c); // b^(z²+p²)
        conj_fp12(a, &k, fb, y1);
        call_mul_fp12(a, c); // c = b^(z²+p²-1)
        a.copy(fb.0, fa.0, 12); // B = c (the squarings leave B alone)
        match squaring {
            Squaring::GrangerScott | Squaring::GrangerScottProducts => {
                a.copy(fa.0, y0.0, 12); // m²:
                call_cyclotomic_sqr_fp12(a, c, squaring == Squaring::GrangerScottProducts);
            }
            Squaring::Karabina => {
                // m² by the Miller loop's squaring, in the mul_fp6 registers (no second routine)
                a.copy(c.m6.xy().0, y0.0, 12);
                call_sqr_fp12_in_mul_fp6_regs(a, c);
                a.copy(fa.0, c.m6.xy().0, 12);
            }
        }
        call_mul_fp12(a, c); // c·m²
        a.copy(fb.0, y0.0, 12);
        call_mul_fp12(a, c); // c·m³ = m^(3·Φ₁₂(p)/r)
    });
}
