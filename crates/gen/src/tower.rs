//! The blst tower written against the emitter:
//! Fp2 = Fp[u]/(u²+1), Fp6 = Fp2[v]/(v³-ξ) with ξ = u+1, Fp12 = Fp6[w]/(w²-v).
//!
//! Elements are groups of consecutive slots: Fp2 = (c0, c1), Fp6 = (c0, c1, c2) of Fp2,
//! Fp12 = (c0, c1) of Fp6, so an element is copied by one MCOPY. Unless a comment says
//! otherwise, `out` may alias any input (every input is read before `out` is written).
//!
//! Bibliography: Devegili, Ó hÉigeartaigh, Scott, Dahab, "Multiplication and squaring on
//! pairing-friendly fields", eprint 2006/471 (Karatsuba and complex squaring);
//! Granger, Scott, "Faster squaring in the cyclotomic subgroup of sixth degree extensions",
//! eprint 2009/565 (cyclotomic squaring).

use crate::ir::{Asm, Slot};
use crate::F2Mul;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp2(pub Slot);
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp6(pub Slot);
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp12(pub Slot);

impl Fp2 {
    pub fn c0(self) -> Slot {
        self.0
    }
    pub fn c1(self) -> Slot {
        self.0 + 1
    }
}
impl Fp6 {
    pub fn c(self, i: u32) -> Fp2 {
        Fp2(self.0 + 2 * i)
    }
}
impl Fp12 {
    pub fn c(self, i: u32) -> Fp6 {
        Fp6(self.0 + 6 * i)
    }
}

/// Constant slots the tower needs (Montgomery form).
#[derive(Clone, Copy, Debug)]
pub struct TowerConsts {
    pub zero: Slot,
    /// (1, 0): one in Fp (slot `one`) followed by zero, also one in Fp2.
    pub one: Slot,
    /// One in Fp12 (12 slots).
    pub one_fp12: Slot,
}

impl TowerConsts {
    pub fn new(a: &mut Asm) -> TowerConsts {
        let one = [1, 0, 0, 0, 0, 0];
        let zero = [0u64; 6];
        let mut v = vec![one];
        v.extend(std::iter::repeat_n(zero, 11));
        let one_fp12 = a.const_mont(&v);
        TowerConsts { zero: one_fp12 + 1, one: one_fp12, one_fp12 }
    }
}

// ---- Fp2 ---------------------------------------------------------------------------------

pub fn add_fp2(a: &mut Asm, out: Fp2, x: Fp2, y: Fp2) {
    a.add(out.c0(), x.c0(), y.c0()); // x0 + y0
    a.add(out.c1(), x.c1(), y.c1()); // x1 + y1
}

pub fn sub_fp2(a: &mut Asm, out: Fp2, x: Fp2, y: Fp2) {
    a.sub(out.c0(), x.c0(), y.c0()); // x0 - y0
    a.sub(out.c1(), x.c1(), y.c1()); // x1 - y1
}

/// out = -x (0 - x stays canonical, unlike p - x which gives p for x = 0).
pub fn neg_fp2(a: &mut Asm, k: &TowerConsts, out: Fp2, x: Fp2) {
    a.sub(out.c0(), k.zero, x.c0());
    a.sub(out.c1(), k.zero, x.c1());
}

/// out = conj(x) = x0 - x1·u.
pub fn conj_fp2(a: &mut Asm, k: &TowerConsts, out: Fp2, x: Fp2) {
    a.copy(out.c0(), x.c0(), 1);
    a.sub(out.c1(), k.zero, x.c1());
}

/// out = x·y. "v3": Karatsuba, 3 mul (eprint 2006/471 §3); "v4": schoolbook, 4 mul.
pub fn mul_fp2(a: &mut Asm, out: Fp2, x: Fp2, y: Fp2) {
    match a.f2mul {
        F2Mul::V3 => a.scoped(|a| {
            let t0 = a.alloc(1);
            let t1 = a.alloc(1);
            let s = a.alloc(1);
            let t = a.alloc(1);
            a.mul(t0, x.c0(), y.c0()); // t0 = x0·y0
            a.mul(t1, x.c1(), y.c1()); // t1 = x1·y1
            a.add(s, x.c0(), x.c1()); // x0 + x1
            a.add(t, y.c0(), y.c1()); // y0 + y1
            a.mul(s, s, t); // (x0+x1)(y0+y1)
            a.sub(out.c0(), t0, t1); // c0 = x0y0 - x1y1
            a.sub(s, s, t0);
            a.sub(out.c1(), s, t1); // c1 = (x0+x1)(y0+y1) - x0y0 - x1y1
        }),
        F2Mul::V4 => a.scoped(|a| {
            let t0 = a.alloc(1);
            let t1 = a.alloc(1);
            let t2 = a.alloc(1);
            let t3 = a.alloc(1);
            a.mul(t0, x.c0(), y.c0()); // x0·y0
            a.mul(t1, x.c1(), y.c1()); // x1·y1
            a.mul(t2, x.c0(), y.c1()); // x0·y1
            a.mul(t3, x.c1(), y.c0()); // x1·y0
            a.sub(out.c0(), t0, t1); // c0 = x0y0 - x1y1
            a.add(out.c1(), t2, t3); // c1 = x0y1 + x1y0
        }),
    }
}

/// out = x² by complex squaring: (x0+x1)(x0-x1) + 2·x0·x1·u (2 mul).
pub fn sqr_fp2(a: &mut Asm, out: Fp2, x: Fp2) {
    a.scoped(|a| {
        let s = a.alloc(1);
        let d = a.alloc(1);
        let t = a.alloc(1);
        a.add(s, x.c0(), x.c1()); // x0 + x1
        a.sub(d, x.c0(), x.c1()); // x0 - x1
        a.mul(t, x.c0(), x.c1()); // x0·x1
        a.mul(out.c0(), s, d); // c0 = x0² - x1²
        a.add(out.c1(), t, t); // c1 = 2·x0·x1
    });
}

/// out = x·ξ = (x0 - x1) + (x0 + x1)·u. In place it takes one more addition instead of a copy
/// (x1' = x0 + x1, x0' = 2·x0 - x1'), cheaper than an MCOPY in every schedule.
/// `out` must be `x` or not overlap it.
pub fn mul_by_xi_fp2(a: &mut Asm, out: Fp2, x: Fp2) {
    if out == x {
        a.add(x.c1(), x.c0(), x.c1()); // x1' = x0 + x1
        a.add(x.c0(), x.c0(), x.c0()); // 2·x0
        a.sub(x.c0(), x.c0(), x.c1()); // x0' = 2·x0 - x0 - x1 = x0 - x1
    } else {
        assert!(out.0.abs_diff(x.0) >= 2, "mul_by_xi_fp2: partial overlap");
        a.sub(out.c0(), x.c0(), x.c1()); // c0 = x0 - x1
        a.add(out.c1(), x.c0(), x.c1()); // c1 = x0 + x1
    }
}

/// out = x·s for s ∈ Fp.
pub fn mul_fp2_by_fp(a: &mut Asm, out: Fp2, x: Fp2, s: Slot) {
    a.mul(out.c0(), x.c0(), s);
    a.mul(out.c1(), x.c1(), s);
}

// ---- Fp6 ---------------------------------------------------------------------------------

pub fn add_fp6(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
    for i in 0..3 {
        add_fp2(a, out.c(i), x.c(i), y.c(i));
    }
}

pub fn sub_fp6(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
    for i in 0..3 {
        sub_fp2(a, out.c(i), x.c(i), y.c(i));
    }
}

pub fn neg_fp6(a: &mut Asm, k: &TowerConsts, out: Fp6, x: Fp6) {
    for i in 0..3 {
        neg_fp2(a, k, out.c(i), x.c(i));
    }
}

/// out = x·v = ξ·x2 + x0·v + x1·v².
pub fn mul_by_v_fp6(a: &mut Asm, out: Fp6, x: Fp6) {
    a.scoped(|a| {
        let t = Fp2(a.alloc(2));
        mul_by_xi_fp2(a, t, x.c(2)); // ξ·x2
        a.copy(out.c(2).0, x.c(1).0, 2); // c2 = x1
        a.copy(out.c(1).0, x.c(0).0, 2); // c1 = x0
        a.copy(out.c(0).0, t.0, 2); // c0 = ξ·x2
    });
}

/// out = x + y·v = (x0 + ξ·y2, x1 + y0, x2 + y1), without the copies of a separate `mul_by_v`.
/// `out` must not alias `y`.
pub fn add_mul_by_v_fp6(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
    a.scoped(|a| {
        let t = Fp2(a.alloc(2));
        mul_by_xi_fp2(a, t, y.c(2)); // ξ·y2
        add_fp2(a, out.c(2), x.c(2), y.c(1));
        add_fp2(a, out.c(1), x.c(1), y.c(0));
        add_fp2(a, out.c(0), x.c(0), t);
    });
}

/// out = x·y, Karatsuba over Fp2 (6 mul_fp2; eprint 2006/471 §4).
/// `out` must not alias `x` or `y`.
pub fn mul_fp6_inline(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
    a.scoped(|a| {
        let t0 = Fp2(a.alloc(2));
        let t1 = Fp2(a.alloc(2));
        let t2 = Fp2(a.alloc(2));
        let s = Fp2(a.alloc(2));
        let t = Fp2(a.alloc(2));
        mul_fp2(a, t0, x.c(0), y.c(0)); // t0 = x0·y0
        mul_fp2(a, t1, x.c(1), y.c(1)); // t1 = x1·y1
        mul_fp2(a, t2, x.c(2), y.c(2)); // t2 = x2·y2
        // c0 = ξ·((x1+x2)(y1+y2) - t1 - t2) + t0
        add_fp2(a, s, x.c(1), x.c(2));
        add_fp2(a, t, y.c(1), y.c(2));
        mul_fp2(a, s, s, t);
        sub_fp2(a, s, s, t1);
        sub_fp2(a, s, s, t2);
        mul_by_xi_fp2(a, s, s);
        add_fp2(a, out.c(0), s, t0);
        // c1 = (x0+x1)(y0+y1) - t0 - t1 + ξ·t2
        add_fp2(a, s, x.c(0), x.c(1));
        add_fp2(a, t, y.c(0), y.c(1));
        mul_fp2(a, s, s, t);
        sub_fp2(a, s, s, t0);
        sub_fp2(a, s, s, t1);
        mul_by_xi_fp2(a, t, t2);
        add_fp2(a, out.c(1), s, t);
        // c2 = (x0+x2)(y0+y2) - t0 - t2 + t1
        add_fp2(a, s, x.c(0), x.c(2));
        add_fp2(a, t, y.c(0), y.c(2));
        mul_fp2(a, s, s, t);
        sub_fp2(a, s, s, t0);
        sub_fp2(a, s, s, t2);
        add_fp2(a, out.c(2), s, t1);
    });
}

/// Fixed slots of the `mul_fp6` subroutine: z = x·y.
#[derive(Clone, Copy, Debug)]
pub struct MulFp6Regs {
    pub x: Fp6,
    pub y: Fp6,
    pub z: Fp6,
}

impl MulFp6Regs {
    pub fn alloc(a: &mut Asm) -> MulFp6Regs {
        let x = Fp6(a.alloc(6));
        let y = Fp6(a.alloc(6));
        let z = Fp6(a.alloc(6));
        MulFp6Regs { x, y, z }
    }
}

/// out = x·y through the `mul_fp6` subroutine (copies in and out; `out` may alias).
pub fn mul_fp6(a: &mut Asm, r: MulFp6Regs, out: Fp6, x: Fp6, y: Fp6) {
    a.copy(r.x.0, x.0, 6);
    a.copy(r.y.0, y.0, 6);
    a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
    a.copy(out.0, r.z.0, 6);
}

/// Fixed slots of the `mul_by_01_fp6` subroutine: z = x·(b0 + b1·v).
#[derive(Clone, Copy, Debug)]
pub struct MulBy01Regs {
    pub x: Fp6,
    pub b0: Fp2,
    pub b1: Fp2,
    pub z: Fp6,
}

impl MulBy01Regs {
    pub fn alloc(a: &mut Asm) -> MulBy01Regs {
        let x = Fp6(a.alloc(6));
        let b0 = Fp2(a.alloc(2));
        let b1 = Fp2(a.alloc(2));
        let z = Fp6(a.alloc(6));
        MulBy01Regs { x, b0, b1, z }
    }
}

/// Calls the `mul_by_01_fp6` subroutine on its registers.
pub fn call_mul_by_01_fp6(a: &mut Asm, r: MulBy01Regs) {
    a.call("mul_by_01_fp6", move |a| mul_by_01_fp6(a, r.z, r.x, r.b0, r.b1));
}

/// out = x·(b0 + b1·v) (5 mul_fp2). `out` must not alias `x`.
pub fn mul_by_01_fp6(a: &mut Asm, out: Fp6, x: Fp6, b0: Fp2, b1: Fp2) {
    a.scoped(|a| {
        let t0 = Fp2(a.alloc(2));
        let t1 = Fp2(a.alloc(2));
        let s = Fp2(a.alloc(2));
        let t = Fp2(a.alloc(2));
        mul_fp2(a, t0, x.c(0), b0); // t0 = x0·b0
        mul_fp2(a, t1, x.c(1), b1); // t1 = x1·b1
        // c0 = ξ·x2·b1 + t0   (x2·b1·v³ = ξ·x2·b1)
        mul_fp2(a, s, x.c(2), b1);
        mul_by_xi_fp2(a, s, s);
        add_fp2(a, out.c(0), s, t0);
        // c2 = x2·b0 + t1
        mul_fp2(a, s, x.c(2), b0);
        add_fp2(a, out.c(2), s, t1);
        // c1 = (x0+x1)(b0+b1) - t0 - t1
        add_fp2(a, s, x.c(0), x.c(1));
        add_fp2(a, t, b0, b1);
        mul_fp2(a, s, s, t);
        sub_fp2(a, s, s, t0);
        sub_fp2(a, out.c(1), s, t1);
    });
}

/// out = x·(b1·v) = ξ·x2·b1 + x0·b1·v + x1·b1·v² (3 mul_fp2). `out` must not alias `x`.
pub fn mul_by_1_fp6(a: &mut Asm, out: Fp6, x: Fp6, b1: Fp2) {
    mul_fp2(a, out.c(0), x.c(2), b1);
    mul_by_xi_fp2(a, out.c(0), out.c(0)); // c0 = ξ·x2·b1
    mul_fp2(a, out.c(1), x.c(0), b1); // c1 = x0·b1
    mul_fp2(a, out.c(2), x.c(1), b1); // c2 = x1·b1
}

// ---- Fp12 --------------------------------------------------------------------------------

/// out = conj(x) = x0 - x1·w (the p⁶-Frobenius).
pub fn conj_fp12(a: &mut Asm, k: &TowerConsts, out: Fp12, x: Fp12) {
    a.copy(out.c(0).0, x.c(0).0, 6);
    neg_fp6(a, k, out.c(1), x.c(1));
}

/// out = x·y, Karatsuba over Fp6 (3 products through the `mul_fp6` subroutine):
/// c0 = t0 + t1·v, c1 = (x0+x1)(y0+y1) - t0 - t1 with t0 = x0·y0, t1 = x1·y1.
/// Operands are built in the subroutine's registers, so only 5 copies are needed.
/// `out` may alias `x` or `y`.
pub fn mul_fp12(a: &mut Asm, r: MulFp6Regs, out: Fp12, x: Fp12, y: Fp12) {
    a.scoped(|a| {
        let t0 = Fp6(a.alloc(6));
        let u = Fp6(a.alloc(6));
        a.copy(r.x.0, x.c(0).0, 6);
        a.copy(r.y.0, y.c(0).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
        a.copy(t0.0, r.z.0, 6); // t0 = x0·y0
        a.copy(r.x.0, x.c(1).0, 6);
        a.copy(r.y.0, y.c(1).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t1 = x1·y1
        add_fp6(a, r.x, x.c(0), x.c(1)); // x0 + x1
        add_fp6(a, r.y, y.c(0), y.c(1)); // y0 + y1
        add_fp6(a, u, t0, r.z); // t0 + t1
        add_mul_by_v_fp6(a, out.c(0), t0, r.z); // c0 = t0 + t1·v
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // (x0+x1)(y0+y1)
        sub_fp6(a, out.c(1), r.z, u); // c1 = (x0+x1)(y0+y1) - t0 - t1
    });
}

/// out = x² by complex squaring over Fp6 (2 products through `mul_fp6`, 2 copies):
/// with t = x0·x1, (x0+x1)(x0+x1·v) = x0² + x1²·v + t + t·v, so
/// c0 = (x0+x1)(x0+x1·v) - t - t·v, c1 = 2t. `out` may alias `x`.
pub fn sqr_fp12(a: &mut Asm, r: MulFp6Regs, out: Fp12, x: Fp12) {
    a.scoped(|a| {
        let u = Fp6(a.alloc(6));
        a.copy(r.x.0, x.c(0).0, 6);
        a.copy(r.y.0, x.c(1).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t = x0·x1
        add_fp6(a, r.x, r.x, x.c(1)); // x0 + x1
        add_mul_by_v_fp6(a, r.y, x.c(0), x.c(1)); // x0 + x1·v
        add_mul_by_v_fp6(a, u, r.z, r.z); // t + t·v
        add_fp6(a, out.c(1), r.z, r.z); // c1 = 2t
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
        sub_fp6(a, out.c(0), r.z, u); // c0 = x0² + x1²·v
    });
}

/// Squaring in Fp4 = Fp2[s]/(s² - ξ): (o0, o1) = (x0² + ξ·x1², 2·x0·x1) (3 sqr_fp2).
/// Outputs must not alias inputs.
fn sqr_fp4(a: &mut Asm, o0: Fp2, o1: Fp2, x0: Fp2, x1: Fp2) {
    a.scoped(|a| {
        let t0 = Fp2(a.alloc(2));
        let t1 = Fp2(a.alloc(2));
        sqr_fp2(a, t0, x0); // x0²
        sqr_fp2(a, t1, x1); // x1²
        add_fp2(a, o1, x0, x1);
        sqr_fp2(a, o1, o1);
        sub_fp2(a, o1, o1, t0);
        sub_fp2(a, o1, o1, t1); // o1 = (x0+x1)² - x0² - x1² = 2·x0·x1
        mul_by_xi_fp2(a, t1, t1);
        add_fp2(a, o0, t0, t1); // o0 = x0² + ξ·x1²
    });
}

/// out = x² for x in the cyclotomic subgroup (Granger–Scott, eprint 2009/565 §3.2).
/// Seeing Fp12 as Fp4[w]/(w³ - s), s = w³, x = A + B·w + C·w² with
/// A = x00 + x11·s, B = x10 + x02·s, C = x01 + x12·s (xij = coefficient j of x.ci):
/// x² = (3A² - 2·conj(A)) + (3s·C² + 2·conj(B))·w + (3B² - 2·conj(C))·w².
pub fn cyclotomic_sqr_fp12(a: &mut Asm, out: Fp12, x: Fp12) {
    a.scoped(|a| {
        let (x00, x01, x02) = (x.c(0).c(0), x.c(0).c(1), x.c(0).c(2));
        let (x10, x11, x12) = (x.c(1).c(0), x.c(1).c(1), x.c(1).c(2));
        let (o00, o01, o02) = (out.c(0).c(0), out.c(0).c(1), out.c(0).c(2));
        let (o10, o11, o12) = (out.c(1).c(0), out.c(1).c(1), out.c(1).c(2));
        let a0 = Fp2(a.alloc(2));
        let a1 = Fp2(a.alloc(2));
        let b0 = Fp2(a.alloc(2));
        let b1 = Fp2(a.alloc(2));
        let c0 = Fp2(a.alloc(2));
        let c1 = Fp2(a.alloc(2));
        let t = Fp2(a.alloc(2));
        sqr_fp4(a, a0, a1, x00, x11); // A² = a0 + a1·s
        sqr_fp4(a, b0, b1, x10, x02); // B²
        sqr_fp4(a, c0, c1, x01, x12); // C²
        // w⁰: 3·a0 - 2·x00 ; w³: 3·a1 + 2·x11
        sub_fp2(a, t, a0, x00);
        add_fp2(a, t, t, t);
        add_fp2(a, o00, t, a0); // 3·a0 - 2·x00
        add_fp2(a, t, a1, x11);
        add_fp2(a, t, t, t);
        add_fp2(a, o11, t, a1); // 3·a1 + 2·x11
        // s·C² = ξ·c1 + c0·s. w¹: 3·ξ·c1 + 2·x10 ; w⁴: 3·c0 - 2·x02
        mul_by_xi_fp2(a, c1, c1);
        add_fp2(a, t, c1, x10);
        add_fp2(a, t, t, t);
        add_fp2(a, o10, t, c1); // 3·ξ·c1 + 2·x10
        sub_fp2(a, t, c0, x02);
        add_fp2(a, t, t, t);
        add_fp2(a, o02, t, c0); // 3·c0 - 2·x02
        // w²: 3·b0 - 2·x01 ; w⁵: 3·b1 + 2·x12
        sub_fp2(a, t, b0, x01);
        add_fp2(a, t, t, t);
        add_fp2(a, o01, t, b0); // 3·b0 - 2·x01
        add_fp2(a, t, b1, x12);
        add_fp2(a, t, t, t);
        add_fp2(a, o12, t, b1); // 3·b1 + 2·x12
    });
}

/// Fp12 coefficient slots in w-power order: wⁱ for i = 0..5 is (c0.c0, c1.c0, c0.c1, c1.c1,
/// c0.c2, c1.c2).
pub fn w_powers(x: Fp12) -> [Fp2; 6] {
    [x.c(0).c(0), x.c(1).c(0), x.c(0).c(1), x.c(1).c(1), x.c(0).c(2), x.c(1).c(2)]
}

/// Constant slots for the Frobenius maps (Montgomery): γ₁,ᵢ = ξ^(i(p-1)/6) ∈ Fp2 and
/// γ₂,ᵢ = ξ^(i(p²-1)/6), which lies in Fp (only its c0 is stored).
#[derive(Clone, Copy, Debug)]
pub struct FrobeniusConsts {
    pub gamma1: [Fp2; 5],
    pub gamma2: [Slot; 5],
}

impl FrobeniusConsts {
    pub fn new(a: &mut Asm, c: &crate::params::CurveParams) -> FrobeniusConsts {
        let gamma1 = core::array::from_fn(|i| Fp2(a.const_mont(&c.frobenius[0][i])));
        let gamma2 = core::array::from_fn(|i| {
            assert_eq!(c.frobenius[1][i][1], [0; 6], "γ₂ lies in Fp");
            a.const_mont(&[c.frobenius[1][i][0]])
        });
        FrobeniusConsts { gamma1, gamma2 }
    }
}

/// x ← x^(pⁿ), n = 1, 2: the coefficient of wⁱ becomes conjⁿ(xᵢ)·γₙ,ᵢ (conj² = identity).
pub fn frobenius_fp12(a: &mut Asm, k: &TowerConsts, fc: &FrobeniusConsts, x: Fp12, n: usize) {
    let w = w_powers(x);
    match n {
        1 => {
            for xi in w {
                a.sub(xi.c1(), k.zero, xi.c1()); // conj
            }
            for (wi, g) in w[1..].iter().zip(fc.gamma1) {
                mul_fp2(a, *wi, *wi, g); // conj(xᵢ)·γ₁,ᵢ
            }
        }
        2 => {
            for (wi, g) in w[1..].iter().zip(fc.gamma2) {
                mul_fp2_by_fp(a, *wi, *wi, g); // xᵢ·γ₂,ᵢ
            }
        }
        _ => panic!("frobenius_fp12: n = {n} not supported (use n = 1, 2)"),
    }
}

/// Fixed slots of the Fermat inversion subroutine: `r = x^(p-2)`.
#[derive(Clone, Copy, Debug)]
pub struct InvFpRegs {
    pub x: Slot,
    pub r: Slot,
}

/// r ← x^(p-2) = x⁻¹ by square-and-multiply over the bits of p-2 (a runtime bit loop).
pub fn inverse_fp(a: &mut Asm, regs: InvFpRegs, bits: Vec<bool>) {
    a.call("inverse_fp", move |a| {
        a.copy(regs.r, regs.x, 1); // leading bit of p-2
        a.for_bits(&bits, |a| a.mul(regs.r, regs.r, regs.r), |a| a.mul(regs.r, regs.r, regs.x));
    });
}

/// out = x⁻¹ = conj(x)/(x0² + x1²).
pub fn inverse_fp2(a: &mut Asm, k: &TowerConsts, inv: InvFpRegs, bits: Vec<bool>, out: Fp2, x: Fp2) {
    a.scoped(|a| {
        let t = a.alloc(1);
        a.mul(inv.x, x.c0(), x.c0()); // x0²
        a.mul(t, x.c1(), x.c1()); // x1²
        a.add(inv.x, inv.x, t); // n = x0² + x1²
        inverse_fp(a, inv, bits); // 1/n
        a.mul(out.c0(), x.c0(), inv.r); // x0/n
        a.mul(t, x.c1(), inv.r);
        a.sub(out.c1(), k.zero, t); // -x1/n
    });
}
