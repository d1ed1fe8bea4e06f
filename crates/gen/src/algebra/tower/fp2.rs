//! Fp2 = Fp\[u\]/(u² − β): additions, Karatsuba or schoolbook products, complex squaring,
//! products by ξ.

use super::small_multiples::{add_small_multiple, small_combination};
use super::{Fp2, TowerConsts};
use crate::ir::{Asm, F2Mul, Slot};

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

/// out = x·y. "v3": Karatsuba, 3 mul (eprint 2006/471 §3); "v4": schoolbook, 4 mul; for
/// u² = β ≠ −1 one more, β·x1y1 (`add_small_multiple`: a product by the constant β for
/// |β| ≥ 3).
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
            if a.tower.u_squared == -1 {
                a.sub(out.c0(), t0, t1); // c0 = x0y0 - x1y1
                a.sub(s, s, t0);
                a.sub(out.c1(), s, t1); // c1 = (x0+x1)(y0+y1) - x0y0 - x1y1
            } else {
                a.sub(s, s, t0);
                a.sub(out.c1(), s, t1); // c1 = (x0+x1)(y0+y1) - x0y0 - x1y1 (x, y read)
                add_small_multiple(a, out.c0(), t0, t1, a.tower.u_squared); // c0 = x0y0 + β·x1y1
            }
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
            add_small_multiple(a, out.c0(), t0, t1, a.tower.u_squared); // c0 = x0y0 + β·x1y1
            a.add(out.c1(), t2, t3); // c1 = x0y1 + x1y0
        }),
    }
}

/// out = x² by complex squaring: (x0+x1)(x0-x1) + 2·x0·x1·u (2 mul) for u² = −1; for
/// u² = β, x0² + β·x1² + 2·x0·x1·u, β·x1² by `add_small_multiple` (3 mul and, for |β| ≥ 3, a
/// product by the constant β: six instructions, against eight for the complex squaring
/// (x0 + x1)(x0 + β·x1) − (1 + β)·x0·x1, whose two small multiples cost a product each).
pub fn sqr_fp2(a: &mut Asm, out: Fp2, x: Fp2) {
    let beta = a.tower.u_squared;
    if beta != -1 {
        return a.scoped(|a| {
            let [v, s, d] = [0; 3].map(|_| a.alloc(1));
            a.mul(v, x.c0(), x.c1()); // x0·x1
            a.mul(s, x.c0(), x.c0()); // x0²
            a.mul(d, x.c1(), x.c1()); // x1²
            add_small_multiple(a, out.c0(), s, d, beta); // c0 = x0² + β·x1²
            a.add(out.c1(), v, v); // c1 = 2·x0·x1
        });
    }
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
    if a.tower.xi != [1, 1] || a.tower.u_squared != -1 {
        // ξ = ξ0 + ξ1·u: x·ξ = (ξ0·x0 + β·ξ1·x1) + (ξ1·x0 + ξ0·x1)·u; in place c0 goes to
        // scratch first (c1 is written by its last operation, after x is read)
        let ([xi0, xi1], beta) = (a.tower.xi.map(|c| c as i64), a.tower.u_squared);
        if out.0.abs_diff(x.0) >= 2 {
            small_combination(a, out.c0(), (x.c0(), xi0), (x.c1(), beta * xi1));
            small_combination(a, out.c1(), (x.c1(), xi0), (x.c0(), xi1));
            return;
        }
        assert!(out == x, "mul_by_xi_fp2: partial overlap");
        return a.scoped(|a| {
            let t = a.alloc(1);
            small_combination(a, t, (x.c0(), xi0), (x.c1(), beta * xi1));
            small_combination(a, out.c1(), (x.c1(), xi0), (x.c0(), xi1));
            a.copy(out.c0(), t, 1);
        });
    }
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

/// out = x + ξ·y = (x0 + y0 - y1) + (x1 + y0 + y1)·u: 4 additions against 5 for an in-place
/// `mul_by_xi_fp2` then `add_fp2` (one ADDMOD384/SUBMOD384 saved, 4 gas in v7 and 1 in v9 under
/// model-b). Measured with the out-of-place ξ in `mul_by_1_fp6` and `cyclotomic_sqr_fp12`
/// (k = 2, model-b): 7,592 gas less in v7, 1,886 in v9. `out` may alias `x`, not `y`.
pub fn add_mul_by_xi_fp2(a: &mut Asm, out: Fp2, x: Fp2, y: Fp2) {
    assert!(out.0.abs_diff(y.0) >= 2, "add_mul_by_xi_fp2: out overlaps y");
    if a.tower != crate::curves::Tower::BLST {
        // (x0 + ξ0·y0 + β·ξ1·y1) + (x1 + ξ1·y0 + ξ0·y1)·u, each a chain of small multiples
        // (ξ = u: x0 − 5·y1 and x1 + y0, three instructions)
        let ([xi0, xi1], beta) = (a.tower.xi.map(|c| c as i64), a.tower.u_squared);
        for (o, xc, terms) in [
            (out.c0(), x.c0(), [(y.c0(), xi0), (y.c1(), beta * xi1)]),
            (out.c1(), x.c1(), [(y.c0(), xi1), (y.c1(), xi0)]),
        ] {
            let mut acc = xc;
            for (ys, c) in terms.into_iter().filter(|&(_, c)| c != 0) {
                add_small_multiple(a, o, acc, ys, c);
                acc = o;
            }
            a.copy(o, acc, 1); // nothing unless ξ had no term here
        }
        return;
    }
    a.add(out.c0(), x.c0(), y.c0());
    a.sub(out.c0(), out.c0(), y.c1()); // c0 = x0 + y0 - y1
    a.add(out.c1(), x.c1(), y.c0());
    a.add(out.c1(), out.c1(), y.c1()); // c1 = x1 + y0 + y1
}

/// out = x·s for s ∈ Fp.
pub(crate) fn mul_fp2_by_fp(a: &mut Asm, out: Fp2, x: Fp2, s: Slot) {
    a.mul(out.c0(), x.c0(), s);
    a.mul(out.c1(), x.c1(), s);
}
