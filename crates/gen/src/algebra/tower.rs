//! The tower written against the emitter: Fp2 = Fp\[u\]/(u² − β), Fp6 = Fp2\[v\]/(v³ − ξ),
//! Fp12 = Fp6\[w\]/(w² − v) with the `Asm`'s β and ξ (`Asm::tower`): blst's (β = −1, ξ = 1 + u,
//! BLS12-381) with its fused formulas, or any small β and ξ = ξ0 + ξ1·u (BLS12-377: β = −5,
//! ξ = u), a product by a small constant c being additions for |c| ≤ 2 and one product by a
//! constant slot otherwise.
//!
//! Elements are groups of consecutive slots: Fp2 = (c0, c1), Fp6 = (c0, c1, c2) of Fp2,
//! Fp12 = (c0, c1) of Fp6, so an element is copied by one MCOPY. Unless a comment says
//! otherwise, `out` may alias any input (every input is read before `out` is written).
//!
//! Bibliography: Devegili, Ó hÉigeartaigh, Scott, Dahab, "Multiplication and squaring on
//! pairing-friendly fields", eprint 2006/471 (Karatsuba and complex squaring);
//! Granger, Scott, "Faster squaring in the cyclotomic subgroup of sixth degree extensions",
//! eprint 2009/565 (cyclotomic squaring); Karabina, "Squaring in cyclotomic subgroups",
//! eprint 2010/542 (compressed squaring and decompression).

use evm384_arith::Limbs;

use crate::algebra::Moves;
use crate::ir::F2Mul;
use crate::ir::{Asm, Cond, Slot, Window};

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

/// The constant slot of the small integer c (mod p, Montgomery form).
fn small_const(a: &mut Asm, c: i64) -> Slot {
    let m = [c.unsigned_abs(), 0, 0, 0, 0, 0];
    let v = if c < 0 { evm384_arith::submod384(&[0; 6], &m, &a.field.m) } else { m };
    a.const_mont(&[v])
}

/// out = x + c·y for a small integer c (`out` may alias `x` or `y`): the products by a
/// tower's small constants. |c| ≤ 2 by additions; otherwise |c|·y is one product by a constant
/// slot (two instructions, against three or more additions for |c| ≥ 3).
fn add_small_multiple(a: &mut Asm, out: Slot, x: Slot, y: Slot, c: i64) {
    match c {
        0 => {
            if out != x {
                a.copy(out, x, 1);
            }
        }
        1 => a.add(out, x, y),
        -1 => a.sub(out, x, y),
        _ => a.scoped(|a| {
            let t = a.alloc(1);
            if c.unsigned_abs() == 2 {
                a.add(t, y, y);
            } else {
                let k = small_const(a, c.abs());
                a.mul(t, y, k);
            }
            if c > 0 {
                a.add(out, x, t);
            } else {
                a.sub(out, x, t);
            }
        }),
    }
}

/// out = c·y for a small integer c ≠ 0: a copy, a doubling, or one product by a constant slot.
fn small_multiple(a: &mut Asm, out: Slot, y: Slot, c: i64) {
    match c {
        0 => panic!("small_multiple by 0"),
        1 => a.copy(out, y, 1),
        2 => a.add(out, y, y),
        _ => {
            let k = small_const(a, c);
            a.mul(out, y, k);
        }
    }
}

/// out = cx·x + cy·y for small integers; `out` may alias `x`, not `y` unless cx ∈ {0, 1}.
/// cx ∉ {0, 1} (BN254's ξ = 9 + u: x·ξ = (9·x0 − x1) + (9·x1 + x0)·u): cx·x by
/// [`small_multiple`], then cy·y added.
fn small_combination(a: &mut Asm, out: Slot, (x, cx): (Slot, i64), (y, cy): (Slot, i64)) {
    match cx {
        0 => small_multiple(a, out, y, cy),
        1 => add_small_multiple(a, out, x, y, cy),
        _ => {
            assert_ne!(out, y, "small_combination: out aliases y");
            small_multiple(a, out, x, cx);
            add_small_multiple(a, out, out, y, cy);
        }
    }
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
    /// the operands of a product of its halves (see [`sqr_fp12_in_mul_fp6_regs`]).
    pub fn xy(self) -> Fp12 {
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
pub struct MulBy01Regs {
    pub x: Fp6,
    pub b0: Fp2,
    pub b1: Fp2,
    pub z: Fp6,
}

impl MulBy01Regs {
    /// Two free slots follow b1, so a sparse line's three Fp2 values can live at b0 (see
    /// `curve::LineShape` and `mul_by_line`).
    pub fn alloc(a: &mut Asm) -> MulBy01Regs {
        let x = Fp6(a.alloc(6));
        let b0 = Fp2(a.alloc(2));
        let b1 = Fp2(a.alloc(2));
        let _line_c4 = a.alloc(2);
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
pub fn mul_by_0_fp6(a: &mut Asm, out: Fp6, x: Fp6, b0: Fp2) {
    for i in 0..3 {
        mul_fp2(a, out.c(i), x.c(i), b0);
    }
}

// ---- Fp12 --------------------------------------------------------------------------------

/// out = conj(x) = x0 - x1·w (the p⁶-Frobenius). In place it only negates x1.
pub fn conj_fp12(a: &mut Asm, k: &TowerConsts, out: Fp12, x: Fp12) {
    if out != x {
        a.copy(out.c(0).0, x.c(0).0, 6);
    }
    neg_fp6(a, k, out.c(1), x.c(1));
}

/// dst ← src (`n` slots) by additions of zero: n ADDMOD384 against MCOPY's 3 + 3 per word and
/// its three operands, 6 against 33 gas for an Fp6 in v9 under model-b-repriced, 24 against
/// 39 in v7 under model-b; 17 bytes a slot in v9 against 10 in all. For copies on hot paths.
/// `dst` and `src` must not overlap.
pub fn move_by_additions(a: &mut Asm, k: &TowerConsts, dst: Slot, src: Slot, n: u32) {
    assert!(dst.abs_diff(src) >= n, "move_by_additions: overlapping ranges");
    for i in 0..n {
        a.add(dst + i, src + i, k.zero);
    }
}

/// dst ← src (`n` slots, not overlapping) as `moves` says: one MCOPY, or additions of zero
/// ([`move_by_additions`]).
pub fn move_slots(a: &mut Asm, k: &TowerConsts, moves: Moves, dst: Slot, src: Slot, n: u32) {
    match moves {
        Moves::Copies => a.copy(dst, src, n),
        Moves::Additions => move_by_additions(a, k, dst, src, n),
    }
}

/// out = x·y, Karatsuba over Fp6 (3 products through the `mul_fp6` subroutine):
/// c0 = t0 + t1·v, c1 = (x0+x1)(y0+y1) - t0 - t1 with t0 = x0·y0, t1 = x1·y1.
/// Operands are built in the subroutine's registers, so only 5 moves are needed (MCOPYs or
/// additions of zero, as `moves` says: [`move_slots`]). `out` may alias `x` or `y`; neither may
/// lie in r's registers.
pub fn mul_fp12(a: &mut Asm, k: &TowerConsts, moves: Moves, r: MulFp6Regs, out: Fp12, x: Fp12, y: Fp12) {
    a.scoped(|a| {
        let t0 = Fp6(a.alloc(6));
        let u = Fp6(a.alloc(6));
        move_slots(a, k, moves, r.x.0, x.c(0).0, 6);
        move_slots(a, k, moves, r.y.0, y.c(0).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
        move_slots(a, k, moves, t0.0, r.z.0, 6); // t0 = x0·y0
        move_slots(a, k, moves, r.x.0, x.c(1).0, 6);
        move_slots(a, k, moves, r.y.0, y.c(1).0, 6);
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

/// f ← f² for f = x0 + x1·w living in the `mul_fp6` registers (x0 in r.x, x1 in r.y, see
/// [`MulFp6Regs::xy`]): the complex squaring of [`sqr_fp12`] with no MCOPY. The first product
/// t = x0·x1 takes its operands where they are; r.x, r.y are turned into x0 + x1 and
/// x0 + x1·v in place (x1·v = (ξ·x12, x10, x11), so x0 + x1·v = (x0 + x1) - x1 + x1·v,
/// written c2, c1, c0 while x1 is still read); c1 = 2t goes back into r.y as `moves` says
/// ([`move_slots`]). 40 additions and subtractions and one move against 34 and two 6-slot
/// MCOPYs.
pub fn sqr_fp12_in_mul_fp6_regs(a: &mut Asm, k: &TowerConsts, moves: Moves, r: MulFp6Regs) {
    let (x0, x1) = (r.x, r.y); // f = r.xy()
    a.scoped(|a| {
        let t2 = Fp6(a.alloc(6));
        let u = Fp6(a.alloc(6));
        let xi_x12 = Fp2(a.alloc(2));
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t = x0·x1
        add_fp6(a, t2, r.z, r.z); // 2t
        add_mul_by_v_fp6(a, u, r.z, r.z); // t + t·v
        mul_by_xi_fp2(a, xi_x12, x1.c(2)); // ξ·x12
        add_fp6(a, r.x, x0, x1); // r.x = s = x0 + x1
        for (i, x1v) in [(2, x1.c(1)), (1, x1.c(0)), (0, xi_x12)] {
            sub_fp2(a, r.y.c(i), r.x.c(i), x1.c(i)); // sᵢ - x1ᵢ = x0ᵢ
            add_fp2(a, r.y.c(i), r.y.c(i), x1v); // r.y = x0 + x1·v
        }
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // (x0+x1)(x0+x1·v)
        sub_fp6(a, r.x, r.z, u); // c0 = x0² + x1²·v
        move_slots(a, k, moves, r.y.0, t2.0, 6); // c1 = 2t
    });
}

/// out = x² for x in the cyclotomic subgroup (Granger–Scott, eprint 2009/565 §3.2).
/// Seeing Fp12 as Fp4\[w\]/(w³ - s), s = w³, x = A + B·w + C·w² with
/// A = x00 + x11·s, B = x10 + x02·s, C = x01 + x12·s (xij = coefficient j of x.ci):
/// x² = (3A² - 2·conj(A)) + (3s·C² + 2·conj(B))·w + (3B² - 2·conj(C))·w².
/// Each Fp4 squaring is fused with its two outputs at the Fp level (`gs_fp4_products`,
/// `gs_fp4_outputs`): the doublings of its Fp2 squarings fold into the outputs' 3v ∓ 2w.
/// Per squaring, 18 products and 89 additions and subtractions (against 95 with the Fp4
/// squarings formed in Fp2 first); with `products`, x0·x1 as an Fp2 product (f2mul v3: 21 and
/// 83, against 21 and 89; v4: 24 and 80, as before).
pub fn cyclotomic_sqr_fp12(a: &mut Asm, out: Fp12, x: Fp12, products: bool) {
    if a.tower != crate::curves::Tower::BLST {
        return cyclotomic_sqr_fp12_by_fp4(a, out, x);
    }
    a.scoped(|a| {
        let (x00, x01, x02) = (x.c(0).c(0), x.c(0).c(1), x.c(0).c(2));
        let (x10, x11, x12) = (x.c(1).c(0), x.c(1).c(1), x.c(1).c(2));
        let (o00, o01, o02) = (out.c(0).c(0), out.c(0).c(1), out.c(0).c(2));
        let (o10, o11, o12) = (out.c(1).c(0), out.c(1).c(1), out.c(1).c(2));
        // every product first: the outputs overwrite inputs of the other Fp4 squarings
        let pa = gs_fp4_products(a, x00, x11, products); // A²
        let pb = gs_fp4_products(a, x10, x02, products); // B²
        let pc = gs_fp4_products(a, x01, x12, products); // C²
        gs_fp4_outputs(a, pa, (o00, x00), (o11, x11), false); // w⁰: 3·A²₀ - 2·x00 ; w³: 3·A²₁ + 2·x11
        gs_fp4_outputs(a, pb, (o01, x01), (o12, x12), false); // w²: 3·B²₀ - 2·x01 ; w⁵: 3·B²₁ + 2·x12
        gs_fp4_outputs(a, pc, (o02, x02), (o10, x10), true); // w⁴: 3·C²₀ - 2·x02 ; w¹: 3ξ·C²₁ + 2·x10
    });
}

/// Granger–Scott's cyclotomic squaring (as [`cyclotomic_sqr_fp12`]) over any tower, its three
/// Fp4 squarings (a + b·s)² = (a² + ξ·b²) + ((a + b)² − a² − b²)·s formed in Fp2 first.
fn cyclotomic_sqr_fp12_by_fp4(a: &mut Asm, out: Fp12, x: Fp12) {
    let xs = |i: u32, j: u32| x.c(i).c(j);
    let os = |i: u32, j: u32| out.c(i).c(j);
    a.scoped(|a| {
        // A = x00 + x11·s, B = x10 + x02·s, C = x01 + x12·s: their squares, before any output
        let sq: Vec<(Fp2, Fp2)> = [(xs(0, 0), xs(1, 1)), (xs(1, 0), xs(0, 2)), (xs(0, 1), xs(1, 2))]
            .into_iter()
            .map(|(lo, hi)| {
                let (c0, c1) = (Fp2(a.alloc(2)), Fp2(a.alloc(2)));
                a.scoped(|a| {
                    let (t0, t1) = (Fp2(a.alloc(2)), Fp2(a.alloc(2)));
                    sqr_fp2(a, t0, lo);
                    sqr_fp2(a, t1, hi);
                    add_fp2(a, c1, lo, hi);
                    sqr_fp2(a, c1, c1);
                    sub_fp2(a, c1, c1, t0);
                    sub_fp2(a, c1, c1, t1); // 2·lo·hi
                    add_mul_by_xi_fp2(a, c0, t0, t1); // lo² + ξ·hi²
                });
                (c0, c1)
            })
            .collect();
        // out = 3v − 2w (minus) or 3v + 2w, as 2·(v ∓ w) + v
        let out3 = |a: &mut Asm, o: Fp2, v: Fp2, w: Fp2, minus: bool| {
            a.scoped(|a| {
                let t = Fp2(a.alloc(2));
                if minus {
                    sub_fp2(a, t, v, w);
                } else {
                    add_fp2(a, t, v, w);
                }
                add_fp2(a, t, t, t);
                add_fp2(a, o, t, v);
            });
        };
        let (a2, b2, c2) = (sq[0], sq[1], sq[2]);
        out3(a, os(0, 0), a2.0, xs(0, 0), true); // w⁰: 3·A²₀ − 2·x00
        out3(a, os(1, 1), a2.1, xs(1, 1), false); // w³: 3·A²₁ + 2·x11
        out3(a, os(0, 1), b2.0, xs(0, 1), true); // w²: 3·B²₀ − 2·x01
        out3(a, os(1, 2), b2.1, xs(1, 2), false); // w⁵: 3·B²₁ + 2·x12
        out3(a, os(0, 2), c2.0, xs(0, 2), true); // w⁴: 3·C²₀ − 2·x02
        let t = Fp2(a.alloc(2));
        mul_by_xi_fp2(a, t, c2.1);
        out3(a, os(1, 0), t, xs(1, 0), false); // w¹: 3ξ·C²₁ + 2·x10
    });
}

/// The products of one Fp4 squaring (x0 + x1·s)² = (x0² + ξ·x1²) + 2·x0·x1·s, as
/// [`gs_fp4_outputs`] takes them. With x0 = a + b·u, x1 = c + d·u:
/// P1 = (a+b)(a−b), P2 = a·b, P3 = (c+d)(c−d), P4 = c·d, so that
/// x0² + ξ·x1² = (P1 + P3 − 2P4) + (2P2 + P3 + 2P4)·u; and 2·x0·x1 either from the complex
/// squaring of x0 + x1 (e = a + c, f = b + d: (e+f)(e−f) − P1 − P3 + 2(e·f − P2 − P4)·u), or
/// with `products` as the Fp2 product x0·x1 = g + h·u (f2mul v3: Karatsuba on a+b and c+d,
/// which the squarings already formed; v4: schoolbook), doubled in the outputs. The slots
/// belong to the caller's scope.
fn gs_fp4_products(a: &mut Asm, x0: Fp2, x1: Fp2, products: bool) -> Fp4Products {
    let p = [0; 4].map(|_| a.alloc(1));
    let [g, h] = [0; 2].map(|_| a.alloc(1));
    let (xa, xb, xc, xd) = (x0.c0(), x0.c1(), x1.c0(), x1.c1());
    a.scoped(|a| {
        let [s0, d0, s1, d1] = [0; 4].map(|_| a.alloc(1));
        a.add(s0, xa, xb);
        a.sub(d0, xa, xb);
        a.mul(p[0], s0, d0); // P1 = a² − b²
        a.mul(p[1], xa, xb); // P2 = a·b
        a.add(s1, xc, xd);
        a.sub(d1, xc, xd);
        a.mul(p[2], s1, d1); // P3 = c² − d²
        a.mul(p[3], xc, xd); // P4 = c·d
        if !products {
            a.add(s0, xa, xc); // e
            a.add(s1, xb, xd); // f
            a.add(d0, s0, s1);
            a.sub(d1, s0, s1);
            a.mul(g, d0, d1); // e² − f²
            a.mul(h, s0, s1); // e·f
            return;
        }
        match a.f2mul {
            F2Mul::V3 => {
                a.mul(g, xa, xc); // a·c
                a.mul(d0, xb, xd); // b·d
                a.mul(h, s0, s1); // (a+b)(c+d)
                a.sub(h, h, g);
                a.sub(h, h, d0); // h = a·d + b·c
                a.sub(g, g, d0); // g = a·c − b·d
            }
            F2Mul::V4 => {
                a.mul(g, xa, xc);
                a.mul(d0, xb, xd);
                a.sub(g, g, d0); // g = a·c − b·d
                a.mul(h, xa, xd);
                a.mul(d0, xb, xc);
                a.add(h, h, d0); // h = a·d + b·c
            }
        }
    });
    if products {
        Fp4Products::WithProduct { p, g, h }
    } else {
        Fp4Products::WithSquare { p, e2f2: g, ef: h }
    }
}

/// What [`gs_fp4_products`] leaves for [`gs_fp4_outputs`]: P1..P4 and how 2·x0·x1 is known.
#[derive(Clone, Copy)]
enum Fp4Products {
    /// 2·x0·x1 = (e2f2 − P1 − P3) + 2(ef − P2 − P4)·u.
    WithSquare { p: [Slot; 4], e2f2: Slot, ef: Slot },
    /// 2·x0·x1 = 2g + 2h·u.
    WithProduct { p: [Slot; 4], g: Slot, h: Slot },
}

/// The two Granger–Scott outputs of one Fp4 squaring from its products ([`gs_fp4_products`]):
/// lo = 3·(x0² + ξ·x1²) − 2·y and hi = 3·H + 2·z with H = 2·x0·x1, or 3ξ·H + 2·z with `xi`;
/// each coefficient as 2·(v − y) + v, 2·(v + z) + v, or 2·(3v + z) where v is half of it, so
/// the doublings of the Fp2 squarings and of 2·x0·x1 cost nothing of their own. `lo` may alias
/// `y` and `hi` may alias `z`; the products' slots are overwritten.
fn gs_fp4_outputs(a: &mut Asm, pr: Fp4Products, (lo, y): (Fp2, Fp2), (hi, z): (Fp2, Fp2), xi: bool) {
    // out = 3v − 2w, or 3v + 2w with `plus`; v kept
    let three_v_2w = |a: &mut Asm, out: Slot, v: Slot, w: Slot, plus: bool, t: Slot| {
        if plus {
            a.add(t, v, w);
        } else {
            a.sub(t, v, w);
        }
        a.add(t, t, t);
        a.add(out, t, v);
    };
    // out = 6v + 2w = 2(3v + w); v kept
    let six_v_2w = |a: &mut Asm, out: Slot, v: Slot, w: Slot, t: Slot| {
        a.add(t, v, v);
        a.add(t, t, v);
        a.add(t, t, w);
        a.add(out, t, t);
    };
    let ([p1, p2, p3, p4], half) = match pr {
        Fp4Products::WithSquare { p, .. } => (p, false),
        Fp4Products::WithProduct { p, .. } => (p, true),
    };
    a.scoped(|a| {
        let [l0, l1, t] = [0; 3].map(|_| a.alloc(1));
        a.add(p1, p1, p3); // u = P1 + P3
        a.add(p2, p2, p4); // q = P2 + P4
        a.sub(l0, p1, p4);
        a.sub(l0, l0, p4); // (x0² + ξx1²)₀ = u − 2P4
        a.add(l1, p2, p2);
        a.add(l1, l1, p3); // (x0² + ξx1²)₁ = 2q + P3
        three_v_2w(a, lo.c0(), l0, y.c0(), false, t);
        three_v_2w(a, lo.c1(), l1, y.c1(), false, t);
        // H = 2·x0·x1 = (H₀, 2h), or with products (2g, 2h)
        let (h0, h) = match pr {
            Fp4Products::WithSquare { e2f2, ef, .. } => {
                a.sub(e2f2, e2f2, p1); // H₀ = (e² − f²) − u
                a.sub(ef, ef, p2); // h = e·f − q
                (e2f2, ef)
            }
            Fp4Products::WithProduct { g, h, .. } => (g, h),
        };
        match (xi, half) {
            (false, false) => {
                three_v_2w(a, hi.c0(), h0, z.c0(), true, t);
                six_v_2w(a, hi.c1(), h, z.c1(), t);
            }
            (false, true) => {
                six_v_2w(a, hi.c0(), h0, z.c0(), t);
                six_v_2w(a, hi.c1(), h, z.c1(), t);
            }
            (true, false) => {
                // ξ·H = (H₀ − 2h) + (H₀ + 2h)·u
                a.add(t, h, h);
                a.sub(l0, h0, t);
                a.add(l1, h0, t);
                three_v_2w(a, hi.c0(), l0, z.c0(), true, t);
                three_v_2w(a, hi.c1(), l1, z.c1(), true, t);
            }
            (true, true) => {
                // ξ·H = 2(g − h) + 2(g + h)·u
                a.sub(l0, h0, h);
                a.add(l1, h0, h);
                six_v_2w(a, hi.c0(), l0, z.c0(), t);
                six_v_2w(a, hi.c1(), l1, z.c1(), t);
            }
        }
    });
}

/// Karabina's names for the coefficients of x ∈ Fp12 (eprint 2010/542 §3, with
/// Fp12 = Fp2\[w\]/(w⁶ - ξ)): (g0, g1, g2, g3, g4, g5) are the coefficients of
/// (w⁰, w³, w¹, w⁴, w², w⁵). A cyclotomic x is determined by g2..g5 (its "compressed form");
/// in the slots of an `Fp12` register g4, g3, g2 are consecutive (c0.c1 is w², c0.c2 is w⁴,
/// c1.c0 is w¹), then g1 (c1.c1), then g5 (c1.c2).
pub fn karabina_parts(x: Fp12) -> [Fp2; 6] {
    let w = w_powers(x);
    [w[0], w[3], w[1], w[4], w[2], w[5]]
}

/// Copies the compressed form g2..g5 (slots 2..8 and 10..12 of the register) and the g1 slots
/// between them (8..10, never read by the compressed squaring) from `src` to `dst`.
pub fn copy_compressed_fp12(a: &mut Asm, dst: Fp12, src: Fp12) {
    a.copy(dst.0 + 2, src.0 + 2, 10); // g4 g3 g2 g1 g5 (one MCOPY, g1 along)
}

/// Karabina's compressed cyclotomic squaring, in place on g2..g5 of x (eprint 2010/542 §4;
/// Aranha, Karabina, Longa, Gebotys, López, eprint 2010/526 §5.2), for x in the cyclotomic
/// subgroup: h2 = 2·g2 + 3ξ·(2g4g5), h3 = 3·(g4² + ξ·g5²) - 2·g3, h4 = 3·(g2² + ξ·g3²) - 2·g4,
/// h5 = 2·g5 + 3·(2g2g3). 6 sqr_fp2 (12 products) against the 9 of Granger–Scott;
/// the products 2gᵢgⱼ are (gᵢ + gⱼ)² - gᵢ² - gⱼ². g0 and g1 are left stale (see
/// [`karabina_g1_fraction`], [`karabina_g0`]).
pub fn compressed_cyclotomic_sqr_fp12(a: &mut Asm, x: Fp12) {
    let [_, _, g2, g3, g4, g5] = karabina_parts(x);
    a.scoped(|a| {
        let [s2, s3, s4, s5, t23, t45, t, u] = core::array::from_fn(|_| Fp2(a.alloc(2)));
        sqr_fp2(a, s2, g2);
        sqr_fp2(a, s3, g3);
        sqr_fp2(a, s4, g4);
        sqr_fp2(a, s5, g5);
        add_fp2(a, t, g2, g3);
        sqr_fp2(a, t23, t);
        sub_fp2(a, t23, t23, s2);
        sub_fp2(a, t23, t23, s3); // 2·g2·g3
        add_fp2(a, t, g4, g5);
        sqr_fp2(a, t45, t);
        sub_fp2(a, t45, t45, s4);
        sub_fp2(a, t45, t45, s5); // 2·g4·g5
        mul_by_xi_fp2(a, t, t45); // ξ·2g4g5
        add_fp2(a, g2, g2, t);
        add_fp2(a, g2, g2, g2);
        add_fp2(a, g2, g2, t); // h2 = 2·(g2 + ξ·2g4g5) + ξ·2g4g5
        add_mul_by_xi_fp2(a, u, s4, s5); // g4² + ξ·g5²
        sub_fp2(a, g3, u, g3);
        add_fp2(a, g3, g3, g3);
        add_fp2(a, g3, g3, u); // h3 = 2·(u - g3) + u
        add_mul_by_xi_fp2(a, u, s2, s3); // g2² + ξ·g3²
        sub_fp2(a, g4, u, g4);
        add_fp2(a, g4, g4, g4);
        add_fp2(a, g4, g4, u); // h4 = 2·(u - g4) + u
        add_fp2(a, g5, g5, t23);
        add_fp2(a, g5, g5, g5);
        add_fp2(a, g5, g5, t23); // h5 = 2·(g5 + 2g2g3) + 2g2g3
    });
}

/// The first step of Karabina's decompression (eprint 2010/542 §5): g1 = num/den with
/// num = ξ·g5² + 3·g4² - 2·g3, den = 4·g2 when g2 ≠ 0, and num = 2·g4·g5, den = g3 when
/// g2 = 0. When g3 is zero too, x = 1 (a cyclotomic x with g2 = g3 = 0 lies in Fp4, whose
/// intersection with the cyclotomic subgroup is {1}); then (num, den) = (0, 0), and since the
/// group has odd order every power decompressed with x is 1 too: all denominators are zero,
/// the Fermat inversion maps 0 to 0, and g1 = 0·0 = 0 is still right (tested with x = 1).
/// num is written to x's g1 slots, den to `den`.
pub fn karabina_g1_fraction(a: &mut Asm, k: &TowerConsts, x: Fp12, den: Fp2) {
    let [_, g1, g2, g3, g4, g5] = karabina_parts(x);
    let zero2 = Cond::Eq(g2.0, k.zero, 2);
    a.if_(Cond::Ne(g2.0, k.zero, 2), |a| {
        a.scoped(|a| {
            let t = Fp2(a.alloc(2));
            let u = Fp2(a.alloc(2));
            sqr_fp2(a, t, g4);
            add_fp2(a, u, t, t);
            add_fp2(a, u, u, t); // 3·g4²
            sub_fp2(a, u, u, g3);
            sub_fp2(a, u, u, g3); // 3·g4² - 2·g3
            sqr_fp2(a, t, g5);
            add_mul_by_xi_fp2(a, g1, u, t); // num = ξ·g5² + 3·g4² - 2·g3
            add_fp2(a, den, g2, g2);
            add_fp2(a, den, den, den); // den = 4·g2
        })
    });
    a.if_(zero2, |a| {
        mul_fp2(a, g1, g4, g5);
        add_fp2(a, g1, g1, g1); // num = 2·g4·g5
        a.copy(den.0, g3.0, 2); // den = g3
    });
}

/// The second step of Karabina's decompression (eprint 2010/542 §5), once g1 is known:
/// g0 = ξ·(2·g1² + g2·g5 - 3·g3·g4) + 1.
pub fn karabina_g0(a: &mut Asm, k: &TowerConsts, x: Fp12) {
    let [g0, g1, g2, g3, g4, g5] = karabina_parts(x);
    a.scoped(|a| {
        let s = Fp2(a.alloc(2));
        let t = Fp2(a.alloc(2));
        let u = Fp2(a.alloc(2));
        sqr_fp2(a, s, g1);
        add_fp2(a, s, s, s); // 2·g1²
        mul_fp2(a, t, g2, g5);
        add_fp2(a, s, s, t); // 2·g1² + g2·g5
        mul_fp2(a, t, g3, g4);
        add_fp2(a, u, t, t);
        add_fp2(a, u, u, t); // 3·g3·g4
        sub_fp2(a, s, s, u);
        mul_by_xi_fp2(a, g0, s);
        a.add(g0.c0(), g0.c0(), k.one); // + 1
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
    pub fn new(a: &mut Asm, c: &crate::curves::CurveParams) -> FrobeniusConsts {
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

/// Window width of the Fermat inversion: for p - 2 of BLS12-381 (381 bits, 229 ones) the
/// sliding-window chains cost (squarings + other products, table included; computed by
/// `sliding_window_chain`) w = 1 (binary): 380 + 228 = 608, w = 2: 380 + 144 = 524,
/// w = 3: 380 + 109 = 489, w = 4: 378 + 85 = 463, w = 5: 378 + 82 = 460, w = 6: 378 + 88 = 466.
/// w = 4: within 3 products of the best, with an 8-slot table, 7 precomputation products
/// (code size) and one byte per window (5-bit squaring count, 3-bit entry).
pub const INV_WINDOW: u32 = 4;

/// Left-to-right sliding-window chain of an odd exponent e (little-endian words), windows of
/// at most `w` bits ending in a one (Knuth, TAOCP vol. 2 §4.6.3; Handbook of Applied
/// Cryptography, Alg. 14.85): e = d₀·2^(s₁+…+sₙ) + Σᵢ dᵢ·2^(sᵢ₊₁+…+sₙ), dᵢ odd < 2^w.
/// Returns the first window's entry (d₀ = 2·entry + 1) and the remaining windows, each
/// (squarings sᵢ = zeros skipped + window length, entry (dᵢ - 1)/2).
pub fn sliding_window_chain(e: &[u64], w: u32) -> (u32, Vec<Window>) {
    let bits: Vec<bool> =
        (0..64 * e.len()).rev().map(|i| (e[i / 64] >> (i % 64)) & 1 == 1).skip_while(|b| !b).collect();
    assert!(bits.last() == Some(&true), "sliding_window_chain: the exponent must be odd");
    let (mut first, mut windows) = (None, Vec::new());
    let (mut i, mut zeros) = (0, 0);
    while i < bits.len() {
        if !bits[i] {
            zeros += 1; // a squaring with no multiplication
            i += 1;
            continue;
        }
        let mut j = (i + w as usize).min(bits.len());
        while !bits[j - 1] {
            j -= 1; // the window ends in a one: odd digit
        }
        let d = bits[i..j].iter().fold(0u32, |v, &b| 2 * v + b as u32);
        match first {
            None => first = Some((d - 1) / 2),
            Some(_) => windows.push(Window { sqr: zeros + (j - i) as u32, entry: (d - 1) / 2 }),
        }
        zeros = 0;
        i = j;
    }
    (first.expect("non-zero exponent"), windows)
}

/// r ← x^e = x⁻¹ for e = p - 2 (Fermat), by the sliding-window chain of e with table
/// x, x³, …, x^(2^w - 1) (one squaring and 2^(w-1) - 1 products), then per window a counted
/// loop of squarings and one product with the table entry (data-driven: the chain is a few
/// PUSH32 words, see `Node::ForWindows`).
/// Measured against square-and-multiply over the bits of p - 2 (380 squarings, 228 products):
/// 378 squarings + 85 products, 145 MULMODMONT384 fewer per inversion; measured final-exp phase
/// (one inversion per check) under model-b: 5,781 gas less in v7, 5,346 in v9 (the loop control
/// is cheaper too: 29 gas per squaring in a counted run against 55 per bit in the PUSH32 loop;
/// the counted runs have since become one computed jump a window, see `Node::ForWindows`).
pub fn inverse_fp(a: &mut Asm, regs: InvFpRegs, e: Limbs) {
    pow_sliding(a, "inverse_fp", (regs.x, regs.r, 1), e, |a, o, x| a.mul(o, x, x), |a, o, x, y| a.mul(o, x, y));
}

/// `r` ← x^e for an odd exponent e, as the subroutine `name` (one per field and exponent): the
/// left-to-right sliding-window chain of [`sliding_window_chain`] (windows of [`INV_WINDOW`]
/// bits) over the table of odd powers x, x³, …, x^(2^w − 1). Values are `n` slots each, squared
/// and multiplied by `sqr(a, out, x)` and `mul(a, out, x, y)` (Fp, or Fp2 through
/// `curve::pow_f`).
pub fn pow_sliding(
    a: &mut Asm,
    name: &'static str,
    (x, r, n): (Slot, Slot, u32),
    e: Limbs,
    sqr: fn(&mut Asm, Slot, Slot),
    mul: fn(&mut Asm, Slot, Slot, Slot),
) {
    a.call(name, move |a| {
        a.scoped(|a| {
            let (first, windows) = sliding_window_chain(&e, INV_WINDOW);
            let m = 1 << (INV_WINDOW - 1);
            let t = a.alloc(m * n);
            let x2 = a.alloc(n);
            let tmp = a.alloc(n);
            a.copy(t, x, n); // t₀ = x
            sqr(a, x2, x); // x²
            for i in 1..m {
                mul(a, t + i * n, t + (i - 1) * n, x2); // tᵢ = x^(2i+1)
            }
            a.copy(r, t + first * n, n); // r = x^d₀
            a.for_windows(&windows, (t, n, tmp), |a| sqr(a, r, r), |a| mul(a, r, r, tmp));
        })
    });
}

/// out = x⁻¹ = conj(x)/(x0² − β·x1²) (u² = β).
pub fn inverse_fp2(a: &mut Asm, k: &TowerConsts, inv: InvFpRegs, e: Limbs, out: Fp2, x: Fp2) {
    a.scoped(|a| {
        let t = a.alloc(1);
        a.mul(inv.x, x.c0(), x.c0()); // x0²
        a.mul(t, x.c1(), x.c1()); // x1²
        add_small_multiple(a, inv.x, inv.x, t, -a.tower.u_squared); // n = x0² − β·x1²
        inverse_fp(a, inv, e); // 1/n
        a.mul(out.c0(), x.c0(), inv.r); // x0/n
        a.mul(t, x.c1(), inv.r);
        a.sub(out.c1(), k.zero, t); // -x1/n
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain recomposes e: d₀, then e ← e·2^sᵢ + dᵢ per window.
    #[test]
    fn sliding_window_chain_recomposes_p_minus_2() {
        let mut e = crate::curves::bls12_381().p;
        e[0] -= 2;
        for w in 1..=6 {
            let (first, windows) = sliding_window_chain(&e, w);
            let mut v = num_bigint::BigUint::from(2 * first + 1);
            for win in &windows {
                assert!(win.entry < 1 << (w - 1));
                v = (v << win.sqr) + (2 * win.entry + 1);
            }
            let want = e.iter().rev().fold(num_bigint::BigUint::from(0u8), |acc, &l| (acc << 64) + l);
            assert_eq!(v, want, "w = {w}");
        }
        // the numbers quoted at `INV_WINDOW` (w = 4): 377 + 1 (x²) squarings, 78 windows + 7
        // table products
        let (_, windows) = sliding_window_chain(&e, INV_WINDOW);
        assert_eq!(windows.iter().map(|w| w.sqr).sum::<u32>(), 377);
        assert_eq!(windows.len(), 78);
    }
}
