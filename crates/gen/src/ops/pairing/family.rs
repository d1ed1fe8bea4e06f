//! What a family decides in the pairing programs, written once per family (`bls12.rs`,
//! `bn.rs`, as arkworks' `Bls12` and `Bn` models and constantine's per-family pairing files
//! do) and chosen once per program ([`of`], kept in `Ctx::family`); everything else is the
//! same code for every curve.

use crate::algebra::tower::Fp12;
use crate::algebra::Squaring;
use crate::curves::{CurveParams, Family};
use crate::ir::{Asm, Slot};

use super::bls12::Bls12;
use super::bn::Bn;
use super::ctx::Ctx;

/// One family's part of the pairing check.
pub(super) trait FamilyPairing: core::fmt::Debug + Sync {
    /// The family's constant beyond those every family uses (BN's N(r₂) for ψ², else none),
    /// allocated after them.
    fn psi2_r2(&self, a: &mut Asm, c: &CurveParams) -> Option<Slot>;

    /// The signed digits of |z| the exponentiations by z run over, most significant first (a
    /// leading 1).
    fn exp_by_z_digits(&self, z_abs: u64) -> Vec<i8>;

    /// INVALID unless the work record's P, decoded and on the curve, is in G1.
    fn assert_in_g1(&self, a: &mut Asm, c: Ctx);

    /// Panics where the family's G2 test would not be sound for `curve` (the program is then
    /// not written).
    fn assert_g2_test_sound(&self, curve: &CurveParams);

    /// The end of the Miller loop run over |its scalar| (`CurveParams::ate_loop_digits`): the
    /// accumulator `f` made the optimal ate pairing's Miller value and left in A, and, with
    /// `test_g2`, the G2 tests the family makes there.
    fn end_miller_loop(&self, a: &mut Asm, c: Ctx, f: Fp12, test_g2: bool);

    /// The end of the hinted check's Miller loop (A holding F·e^s unconjugated,
    /// `miller_loop::Folded`): what F still needs to be the Miller value of the hinted check's
    /// λ (`CurveParams::hint_exponent`), with the G2 tests made there.
    fn end_folded_miller_loop(&self, a: &mut Asm, c: Ctx, test_g2: bool);

    /// The G2 tests of every pair record the family makes after the Miller loop, on its final T.
    fn assert_g2_subgroups_after_miller_loop(&self, a: &mut Asm, c: Ctx);

    /// A ← A^((p¹²-1)/r), up to a fixed power prime to r (the check compares with one, and
    /// x^e = 1 ⇔ x = 1 for x of order r and e prime to r): the easy part, then the family's
    /// hard part.
    fn final_exp(&self, a: &mut Asm, c: Ctx, squaring: Squaring);
}

/// The family's part of the pairing check.
pub(super) fn of(family: Family) -> &'static dyn FamilyPairing {
    match family {
        Family::Bls12 => &Bls12,
        Family::Bn => &Bn,
    }
}
