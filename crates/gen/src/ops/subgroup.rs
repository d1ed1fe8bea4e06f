//! The fast subgroup checks EIP-2537 recommends (Scott, eprint 2021/1130), for points already
//! known to be on their curve. Shared by the pairing check and the MSMs.
//!
//! - G1: φ(x, y) = (β·x, y); P ∈ G1 ⇔ φ(P) + \[z²\]P = O, i.e. \[z²\]P = (β·x, −y).
//! - G2: ψ(x, y) = (conj(x)·r₂, conj(y)·s₂); Q ∈ G2 ⇔ ψ(Q) = \[z\]Q (Scott's test for BLS12
//!   curves, 2021/1130 §4), i.e. for z < 0 ψ(Q) + [|z|]Q = O, [|z|]Q = (conj(x)·r₂, −conj(y)·s₂),
//!   and for z > 0 \[z\]Q = (conj(x)·r₂, conj(y)·s₂). For a BN curve's G2 (BN254's pairing
//!   check) ψ(Q) = \[6z²\]Q (El Housni, Guillevic, Piellard, eprint 2022/352 §4.3), or the Miller
//!   loop's final T = ψ(−ψ²(Q)) (`ops::pairing`'s `bn_closing_lines`); BN's G1 has cofactor 1.
//!
//! Either way the multiple is computed in Jacobian coordinates over the bits of the fixed
//! exponent and compared with the endomorphism's image scaled by Z², Z³ (no inversion). The
//! pairing check takes [|z|]Q for G2 from its Miller loop, in homogeneous projective
//! coordinates, and compares it scaled by Z (`assert_projective_t_is_psi_q`).

use crate::algebra::curve::{
    call_dbl_parts_g2, call_dbl_update_g2, call_madd_g2, dbl_jacobian, madd_jacobian, G2Regs, Jac, Proj,
};
use crate::algebra::tower::{conj_fp2, mul_fp2, neg_fp2, sqr_fp2, Fp2, TowerConsts};
use crate::ir::{Asm, Cond, Slot};

/// INVALID unless (x, y) ∈ G1: R = \[z²\]P accumulated in `r` (bits of z² below the top),
/// then x(R) = β·x, y(R) = −y, R ≠ O. Subroutines `dbl_g1`, `madd_g1`.
pub(crate) fn assert_in_g1(a: &mut Asm, k: &TowerConsts, beta: Slot, r: Jac, (x, y): (Slot, Slot), z2_bits: &[bool]) {
    assert_eq!(y, x + 1, "(x, y) in consecutive slots");
    a.copy(r.x(), x, 2); // R = (x, y, 1)
    a.copy(r.z(), k.one, 1);
    a.for_bits(
        z2_bits,
        |a| a.call("dbl_g1", move |a| a.scoped(|a| dbl_jacobian(a, r))),
        |a| {
            a.call("madd_g1", move |a| {
                a.scoped(|a| {
                    let rr = a.alloc(1);
                    madd_jacobian(a, r, x, y, rr);
                })
            })
        },
    ); // R = [z²]P
    let zero = k.zero;
    a.scoped(|a| {
        let zz = a.alloc(1);
        let t = a.alloc(1);
        a.mul(zz, r.z(), r.z()); // Z²
        a.mul(t, beta, x);
        a.mul(t, t, zz); // β·x·Z²
        a.assert(Cond::Eq(r.x(), t, 1)); // x(R) = β·x
        a.mul(zz, zz, r.z()); // Z³
        a.sub(t, zero, y);
        a.mul(t, t, zz); // -y·Z³
        a.assert(Cond::Eq(r.y(), t, 1)); // y(R) = -y
        a.assert(Cond::Ne(r.z(), zero, 1)); // R ≠ O
    });
}

/// INVALID unless Q = (g.qx, g.qy) ∈ G2: T = [|z|]Q accumulated in `g.t` (bits of |z| below
/// the top), then [`assert_t_is_minus_psi_q`].
pub(crate) fn assert_in_g2(a: &mut Asm, k: &TowerConsts, g: G2Regs, psi: (Fp2, Fp2), z_bits: &[bool]) {
    let (x, t) = (g.qx, g.t);
    a.copy(t.x(), x.0, 4); // T = (x, y, 1)
    a.copy(t.z(), k.one, 2);
    a.for_bits(
        z_bits,
        |a| {
            call_dbl_parts_g2(a, g);
            call_dbl_update_g2(a, g);
        },
        |a| call_madd_g2(a, g),
    ); // T = [|z|]Q
    assert_t_is_minus_psi_q(a, k, g, psi);
}

/// INVALID unless T (`g.t`, Jacobian) = −ψ(Q) for Q = (g.qx, g.qy) and T ≠ O: with T = [|z|]Q
/// this is the G2 membership test. The pairing check's Miller loop leaves exactly T = [|z|]Q in
/// each pair record (its doublings and additions are the same subroutines), so it tests its
/// pairs there, after the loop, instead of multiplying again.
/// A subroutine (`t_is_minus_psi_q`): the pairing check calls it from two places.
pub(crate) fn assert_t_is_minus_psi_q(a: &mut Asm, k: &TowerConsts, g: G2Regs, psi: (Fp2, Fp2)) {
    let k = *k;
    a.call("t_is_minus_psi_q", move |a| t_is_minus_psi_q(a, &k, g, psi));
}

fn t_is_minus_psi_q(a: &mut Asm, k: &TowerConsts, g: G2Regs, (psi_r2, psi_s2): (Fp2, Fp2)) {
    let (x, y, t) = (g.qx, g.qy, g.t);
    a.scoped(|a| {
        let zz = Fp2(a.alloc(2));
        let u = Fp2(a.alloc(2));
        sqr_fp2(a, zz, Fp2(t.z())); // Z²
        conj_fp2(a, k, u, x);
        mul_fp2(a, u, u, psi_r2);
        mul_fp2(a, u, u, zz); // conj(x)·r₂·Z²
        a.assert(Cond::Eq(t.x(), u.0, 2)); // x(T) = x(ψ(Q))
        mul_fp2(a, zz, zz, Fp2(t.z())); // Z³
        conj_fp2(a, k, u, y);
        mul_fp2(a, u, u, psi_s2);
        neg_fp2(a, k, u, u);
        mul_fp2(a, u, u, zz); // -conj(y)·s₂·Z³
        a.assert(Cond::Eq(t.y(), u.0, 2)); // y(T) = -y(ψ(Q))
        a.assert(Cond::Ne(t.z(), k.zero, 2)); // T ≠ O
    });
}

/// INVALID unless T (homogeneous projective: x = X/Z, y = Y/Z) = −ψ(Q) (`minus`, for z < 0) or
/// ψ(Q) (z > 0) for Q = (qx, qy) and T ≠ O: X = conj(xQ)·r₂·Z, Y = ∓conj(yQ)·s₂·Z, Z ≠ 0. With
/// T = [|z|]Q, as a BLS12 pairing check's Miller loop leaves it in each pair record, this is the
/// G2 membership test ψ(Q) = \[z\]Q (BN: T = \[6z²\]Q, or the loop's final T with −ψ²(Q) as the
/// point, `ops::pairing`). A subroutine (`projective_t_is_minus_psi_q`, or
/// `projective_t_is_psi_q`): the pairing check calls it from two places.
pub(crate) fn assert_projective_t_is_psi_q(
    a: &mut Asm,
    k: &TowerConsts,
    t: Proj,
    q: (Fp2, Fp2),
    psi: (Fp2, Fp2),
    minus: bool,
) {
    let k = *k;
    let name = if minus { "projective_t_is_minus_psi_q" } else { "projective_t_is_psi_q" };
    a.call(name, move |a| projective_t_is_psi_q(a, &k, t, q, psi, minus));
}

fn projective_t_is_psi_q(a: &mut Asm, k: &TowerConsts, t: Proj, (x, y): (Fp2, Fp2), (r2, s2): (Fp2, Fp2), minus: bool) {
    let z = Fp2(t.z());
    a.scoped(|a| {
        let u = Fp2(a.alloc(2));
        conj_fp2(a, k, u, x);
        mul_fp2(a, u, u, r2);
        mul_fp2(a, u, u, z); // conj(x)·r₂·Z
        a.assert(Cond::Eq(t.x(), u.0, 2)); // x(T) = x(ψ(Q))
        conj_fp2(a, k, u, y);
        mul_fp2(a, u, u, s2);
        if minus {
            neg_fp2(a, k, u, u);
        }
        mul_fp2(a, u, u, z); // ∓conj(y)·s₂·Z
        a.assert(Cond::Eq(t.y(), u.0, 2)); // y(T) = ∓y(ψ(Q))
        a.assert(Cond::Ne(t.z(), k.zero, 2)); // T ≠ O
    });
}
