//! Fp6 = Fp2\[v\]/(v³ − ξ): additions, products by v, Karatsuba products (inline and as the
//! `mul_fp6` subroutine), products by sparse elements.

use super::{add_fp2, add_mul_by_xi_fp2, mul_by_xi_fp2, mul_fp2, neg_fp2, sub_fp2, Fp12, Fp2, Fp6, TowerConsts};
use crate::ir::Asm;

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
pub(crate) fn add_mul_by_v_fp6(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
    if a.tower != crate::curves::Tower::BLST {
        add_fp2(a, out.c(2), x.c(2), y.c(1));
        add_fp2(a, out.c(1), x.c(1), y.c(0));
        return add_mul_by_xi_fp2(a, out.c(0), x.c(0), y.c(2)); // x0 + ξ·y2, no scratch
    }
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
pub(crate) fn mul_fp6_inline(a: &mut Asm, out: Fp6, x: Fp6, y: Fp6) {
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
        add_mul_by_xi_fp2(a, out.c(0), t0, s);
        // c1 = (x0+x1)(y0+y1) - t0 - t1 + ξ·t2
        add_fp2(a, s, x.c(0), x.c(1));
        add_fp2(a, t, y.c(0), y.c(1));
        mul_fp2(a, s, s, t);
        sub_fp2(a, s, s, t0);
        sub_fp2(a, s, s, t1);
        if a.tower == crate::curves::Tower::BLST {
            mul_by_xi_fp2(a, t, t2);
            add_fp2(a, out.c(1), s, t);
        } else {
            add_mul_by_xi_fp2(a, out.c(1), s, t2); // no scratch for ξ·t2
        }
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

impl MulFp6Regs {
    /// x ‖ y as one Fp12 (allocated consecutively): a value kept there is already in place as
    /// the operands of a product of its halves (see
    /// [`sqr_fp12_in_mul_fp6_regs`](super::sqr_fp12_in_mul_fp6_regs)).
    pub(crate) fn xy(self) -> Fp12 {
        assert_eq!(self.y.0, self.x.0 + 6, "MulFp6Regs: y follows x");
        Fp12(self.x.0)
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
pub(crate) struct MulBy01Regs {
    pub x: Fp6,
    pub b0: Fp2,
    pub b1: Fp2,
    pub z: Fp6,
}

impl MulBy01Regs {
    /// Two free slots follow b1, so a sparse line's three Fp2 values can live at b0 (see
    /// `curve::LineShape` and `mul_by_line`).
    pub(crate) fn alloc(a: &mut Asm) -> MulBy01Regs {
        let x = Fp6(a.alloc(6));
        let b0 = Fp2(a.alloc(2));
        let b1 = Fp2(a.alloc(2));
        let _line_c4 = a.alloc(2);
        let z = Fp6(a.alloc(6));
        MulBy01Regs { x, b0, b1, z }
    }
}

/// Calls the `mul_by_01_fp6` subroutine on its registers.
pub(crate) fn call_mul_by_01_fp6(a: &mut Asm, r: MulBy01Regs) {
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
        add_mul_by_xi_fp2(a, out.c(0), t0, s);
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
/// (ξ out of place: one addition fewer than in place.)
pub fn mul_by_1_fp6(a: &mut Asm, out: Fp6, x: Fp6, b1: Fp2) {
    a.scoped(|a| {
        let t = Fp2(a.alloc(2));
        mul_fp2(a, t, x.c(2), b1); // x2·b1
        mul_by_xi_fp2(a, out.c(0), t); // c0 = ξ·x2·b1
        mul_fp2(a, out.c(1), x.c(0), b1); // c1 = x0·b1
        mul_fp2(a, out.c(2), x.c(1), b1); // c2 = x1·b1
    });
}

/// out = x·b0 for b0 ∈ Fp2 (3 mul_fp2; the Fp6 half of a D-type line free of v, see
/// `curve::LineShape`). `out` may alias `x`.
pub(crate) fn mul_by_0_fp6(a: &mut Asm, out: Fp6, x: Fp6, b0: Fp2) {
    for i in 0..3 {
        mul_fp2(a, out.c(i), x.c(i), b0);
    }
}
