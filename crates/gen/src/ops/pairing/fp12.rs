//! The Fp12 subroutines of the pairing programs, on the registers A and B (`Ctx::fa`,
//! `Ctx::fb`): `mul_fp12` is A ← A·B, the others work on A in place; the Miller loop's
//! accumulator kept in `mul_fp6`'s registers (`MulFp6Regs::xy`) has its own squaring.

use crate::algebra::tower::*;
use crate::curves::Twist;
use crate::ir::Asm;

use super::ctx::Ctx;

pub(super) fn call_mul_fp12(a: &mut Asm, c: Ctx) {
    a.call("mul_fp12", move |a| mul_fp12(a, &c.k, c.moves, c.m6, c.fa, c.fa, c.fb));
}

pub(super) fn call_sqr_fp12(a: &mut Asm, c: Ctx) {
    a.call("sqr_fp12", move |a| sqr_fp12(a, c.m6, c.fa, c.fa));
}

/// f ← f² for the Miller-loop accumulator kept in the `mul_fp6` registers (`MulFp6Regs::xy`).
pub(super) fn call_sqr_fp12_in_mul_fp6_regs(a: &mut Asm, c: Ctx) {
    a.call("sqr_fp12_in_mul_fp6_regs", move |a| sqr_fp12_in_mul_fp6_regs(a, &c.k, c.moves, c.m6));
}

/// `products`: each Fp4 squaring's 2·x0·x1 as a product (`Squaring::GrangerScottProducts`).
pub(super) fn call_cyclotomic_sqr_fp12(a: &mut Asm, c: Ctx, products: bool) {
    a.call("cyclotomic_sqr_fp12", move |a| cyclotomic_sqr_fp12(a, c.fa, c.fa, products));
}

pub(super) fn call_frobenius_fp12(a: &mut Asm, c: Ctx, n: usize) {
    let name = ["frobenius1_fp12", "frobenius2_fp12"][n - 1];
    a.call(name, move |a| frobenius_fp12(a, &c.k, &c.frob, c.fa, n));
}

/// A ← A·ℓ for the sparse line ℓ = L0 + L1·w (13 mul_fp2, Karatsuba over Fp6 as in
/// eprint 2010/354 §4): t0 = a0·L0, t1 = a1·L1, A = (t0 + t1·v) + ((a0+a1)(L0 + L1) − t0 − t1)·w,
/// with the line's shape (`curve::LineShape`) from the twist:
/// - M-type, L0 = K + X·v, L1 = Y·v: t1 = a1·(Y·v) (3 mul_fp2), t0 and (a0+a1)·(K + (X+Y)·v)
///   by `mul_by_01_fp6` (5 each);
/// - D-type, L0 = Y, L1 = X + K·v: t0 = a0·Y (3), t1 and (a0+a1)·((X+Y) + K·v) by
///   `mul_by_01_fp6`.
///
/// The two dense-by-sparse products share the `mul_by_01_fp6` subroutine; its operands are built
/// in place (the line itself lives in its registers, its first two stored values = (b0, b1)), so
/// one copy per line suffices (measured: the copy of (K, X) saved 30 gas per line in every
/// interface). `f` is the accumulator A (one per program: the name identifies the body).
pub(super) fn call_mul_by_line(a: &mut Asm, c: Ctx, f: Fp12) {
    a.call("mul_by_line", move |a| {
        a.scoped(|a| {
            let (a0, a1, l, r) = (f.c(0), f.c(1), c.line, c.m01);
            assert_eq!(r.b0.0, l.stored(0).0, "the line lives in the mul_by_01_fp6 registers");
            assert_eq!(r.b1.0, l.stored(1).0); // (b0, b1) = the line's first two values, no copy
            match l.shape.twist {
                Twist::M => {
                    let t1 = Fp6(a.alloc(6));
                    let w = Fp6(a.alloc(6));
                    mul_by_1_fp6(a, t1, a1, l.y()); // t1 = a1·Y·v
                    a.copy(r.x.0, a0.0, 6);
                    call_mul_by_01_fp6(a, r); // z = t0 = a0·(K + X·v)
                    add_fp6(a, r.x, r.x, a1); // a0 + a1
                    add_fp2(a, r.b1, l.x(), l.y()); // X + Y
                    add_fp6(a, w, r.z, t1); // t0 + t1
                    add_mul_by_v_fp6(a, a0, r.z, t1); // A.c0 = t0 + t1·v
                    call_mul_by_01_fp6(a, r); // (a0+a1)·(K + (X+Y)·v)
                    sub_fp6(a, a1, r.z, w); // A.c1 = a0·L1 + a1·L0
                }
                Twist::D => {
                    let t0 = Fp6(a.alloc(6));
                    let w = Fp6(a.alloc(6));
                    mul_by_0_fp6(a, t0, a0, l.y()); // t0 = a0·Y
                    a.copy(r.x.0, a1.0, 6);
                    call_mul_by_01_fp6(a, r); // z = t1 = a1·(X + K·v)
                    add_fp6(a, r.x, r.x, a0); // a0 + a1
                    add_fp2(a, r.b0, l.x(), l.y()); // X + Y
                    add_fp6(a, w, t0, r.z); // t0 + t1
                    add_mul_by_v_fp6(a, a0, t0, r.z); // A.c0 = t0 + t1·v
                    call_mul_by_01_fp6(a, r); // (a0+a1)·((X+Y) + K·v)
                    sub_fp6(a, a1, r.z, w); // A.c1 = a0·L1 + a1·L0
                }
            }
        })
    });
}

/// A ← A⁻¹ = (a0 - a1·w)/(a0² - a1²·v), with the Fp6 inverse
/// (x0 + x1·v + x2·v²)⁻¹ = (c0 + c1·v + c2·v²)/(x0·c0 + ξ·(x2·c1 + x1·c2)),
/// c0 = x0² - ξ·x1·x2, c1 = ξ·x2² - x0·x1, c2 = x1² - x0·x2.
pub(super) fn call_inverse_fp12(a: &mut Asm, c: Ctx, p_minus_2: evm384_arith::Limbs) {
    a.call("inverse_fp12", move |a| {
        a.scoped(|a| {
            let (a0, a1) = (c.fa.c(0), c.fa.c(1));
            let t = Fp6(a.alloc(6));
            let u = Fp6(a.alloc(6));
            mul_fp6(a, c.m6, t, a0, a0); // a0²
            mul_fp6(a, c.m6, u, a1, a1); // a1²
            mul_by_v_fp6(a, u, u);
            sub_fp6(a, t, t, u); // x = a0² - a1²·v ∈ Fp6
            let (x0, x1, x2) = (t.c(0), t.c(1), t.c(2));
            let (c0, c1, c2) = (u.c(0), u.c(1), u.c(2));
            let s = Fp2(a.alloc(2));
            let n = Fp2(a.alloc(2));
            sqr_fp2(a, c0, x0);
            mul_fp2(a, s, x1, x2);
            mul_by_xi_fp2(a, s, s);
            sub_fp2(a, c0, c0, s); // c0 = x0² - ξ·x1·x2
            sqr_fp2(a, c1, x2);
            mul_by_xi_fp2(a, c1, c1);
            mul_fp2(a, s, x0, x1);
            sub_fp2(a, c1, c1, s); // c1 = ξ·x2² - x0·x1
            sqr_fp2(a, c2, x1);
            mul_fp2(a, s, x0, x2);
            sub_fp2(a, c2, c2, s); // c2 = x1² - x0·x2
            mul_fp2(a, n, x2, c1);
            mul_fp2(a, s, x1, c2);
            add_fp2(a, n, n, s);
            mul_by_xi_fp2(a, n, n);
            mul_fp2(a, s, x0, c0);
            add_fp2(a, n, n, s); // N = x0·c0 + ξ·(x2·c1 + x1·c2) ∈ Fp2
            inverse_fp2(a, &c.k, c.inv, p_minus_2, n, n); // 1/N
            for i in 0..3 {
                mul_fp2(a, u.c(i), u.c(i), n); // x⁻¹ = (c0, c1, c2)/N
            }
            mul_fp6(a, c.m6, a0, a0, u); // a0·x⁻¹
            mul_fp6(a, c.m6, a1, a1, u);
            neg_fp6(a, &c.k, a1, a1); // -a1·x⁻¹
        })
    });
}
