//! Short Weierstrass (a = 0) point arithmetic in Jacobian coordinates, written once for Fp (G1)
//! and Fp2 (G2), and the Miller-loop lines built on it.
//!
//! - doubling: EFD `g1p/auto-shortw-jacobian-0.html#doubling-dbl-2009-l`
//! - mixed addition: EFD `g1p/auto-shortw-jacobian-0.html#addition-madd-2007-bl`
//! - the Miller loop's steps: doubling and mixed addition with their lines in homogeneous
//!   projective coordinates (Costello, Lange, Naehrig, eprint 2009/615; Aranha, Karabina,
//!   Longa, Gebotys, López, eprint 2010/354), the G1 point entering as (−3·xP, yP) so that the
//!   doubling line's 3·X²·xP costs no additions;
//! - complete addition and doubling in homogeneous projective coordinates (the MSMs and the
//!   maps' cofactor clearing): Renes, Costello, Batina, eprint 2015/1060, Algorithms 7 and 9;
//!   the addition made exact on curves with points of order two ([`add_exact`]: EIP-2539's
//!   MUL and MULTIEXP) by the incomplete addition add-1998-cmo-2 where Algorithm 7 fails.
//!
//! Line shapes: the line through T evaluated at P, times a subfield factor (killed by the final
//! exponentiation), is K + X·xP + Y·yP with the same K, X, Y for either twist; the untwisting
//! map decides the powers of w they multiply (`LineShape`): for the M-type twist
//! y² = x³ + b·ξ, (x'/w², y'/w³), ℓ·w³ = (K + X·v) + (Y·v)·w, blst's "xy00z0" sparse element;
//! for the D-type twist y² = x³ + b/ξ, (x'·w², y'·w³), ℓ = Y + (X + K·v)·w (arkworks'
//! `mul_by_034`). The doubling's 3b' comes from the curve's b' ([`TwistB3`]).

use crate::algebra::tower::{
    add_fp2, inverse_fp, inverse_fp2, mul_by_xi_fp2, mul_fp2, mul_fp2_by_fp, sqr_fp2, sub_fp2, Fp2, InvFpRegs,
    TowerConsts,
};
use crate::ir::{Asm, Slot};

/// The coordinate field of a point formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deg {
    Fp,
    Fp2,
}

impl Deg {
    /// Slots per coordinate.
    pub(crate) fn n(self) -> u32 {
        match self {
            Deg::Fp => 1,
            Deg::Fp2 => 2,
        }
    }
}

/// The group of a point operation (G1ADD/G2ADD, G1MSM/G2MSM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// G1 over Fp.
    G1,
    /// G2 over Fp2.
    G2,
}

impl Group {
    /// Coordinate field.
    pub(crate) fn deg(self) -> Deg {
        match self {
            Group::G1 => Deg::Fp,
            Group::G2 => Deg::Fp2,
        }
    }

    /// Bytes of one encoded point: two coordinates of `element_bytes` per Fp component.
    pub(crate) fn point_bytes(self, element_bytes: u32) -> u32 {
        2 * element_bytes * self.deg().n()
    }
}

/// The constants every point-operation program (G1ADD/G2ADD, the MSMs) starts with, in this
/// order: the tower's, R² (to Montgomery form), the raw one (out of it), the curve's b (b·ξ on
/// the twist); and p − 2, the Fermat exponent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointConsts {
    pub k: TowerConsts,
    pub r2: Slot,
    pub one_raw: Slot,
    pub b: Slot,
    pub p_minus_2: evm384_arith::Limbs,
}

impl PointConsts {
    pub(crate) fn new(a: &mut Asm, curve: &crate::curves::CurveParams, g: Group) -> PointConsts {
        let k = TowerConsts::new(a);
        let r2 = a.const_raw(&[a.field.r2]);
        let one_raw = a.const_raw(&[[1, 0, 0, 0, 0, 0]]);
        let b = match g {
            Group::G1 => a.const_mont(&[[curve.b, 0, 0, 0, 0, 0]]),
            Group::G2 => a.const_mont(&curve.b_twist),
        };
        let mut p_minus_2 = curve.p;
        p_minus_2[0] -= 2; // p is odd and > 2
        PointConsts { k, r2, one_raw, b, p_minus_2 }
    }
}

/// An affine point's slots: x then y, `deg.n()` each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Affine {
    pub d: Deg,
    pub base: Slot,
}

impl Affine {
    pub(crate) fn x(self) -> Slot {
        self.base
    }
    pub(crate) fn y(self) -> Slot {
        self.base + self.d.n()
    }
    pub(crate) fn slots(self) -> Vec<Slot> {
        (self.base..self.base + 2 * self.d.n()).collect()
    }
}

/// `x` ← x⁻¹ (Fermat, as in the final exponentiation).
pub(crate) fn inverse_f(a: &mut Asm, d: Deg, k: &TowerConsts, inv: InvFpRegs, p_minus_2: evm384_arith::Limbs, x: Slot) {
    match d {
        Deg::Fp => {
            a.copy(inv.x, x, 1);
            inverse_fp(a, inv, p_minus_2);
            a.copy(x, inv.r, 1);
        }
        Deg::Fp2 => inverse_fp2(a, k, inv, p_minus_2, Fp2(x), Fp2(x)),
    }
}

pub(crate) fn add_f(a: &mut Asm, d: Deg, out: Slot, x: Slot, y: Slot) {
    match d {
        Deg::Fp => a.add(out, x, y),
        Deg::Fp2 => add_fp2(a, Fp2(out), Fp2(x), Fp2(y)),
    }
}
pub(crate) fn sub_f(a: &mut Asm, d: Deg, out: Slot, x: Slot, y: Slot) {
    match d {
        Deg::Fp => a.sub(out, x, y),
        Deg::Fp2 => sub_fp2(a, Fp2(out), Fp2(x), Fp2(y)),
    }
}
pub(crate) fn mul_f(a: &mut Asm, d: Deg, out: Slot, x: Slot, y: Slot) {
    match d {
        Deg::Fp => a.mul(out, x, y),
        Deg::Fp2 => mul_fp2(a, Fp2(out), Fp2(x), Fp2(y)),
    }
}
pub(crate) fn sqr_f(a: &mut Asm, d: Deg, out: Slot, x: Slot) {
    match d {
        Deg::Fp => a.mul(out, x, x),
        Deg::Fp2 => sqr_fp2(a, Fp2(out), Fp2(x)),
    }
}

/// Argument and result registers of [`pow_f`]: `d.n()` slots each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PowRegs {
    pub x: Slot,
    pub r: Slot,
}

/// `regs.r` ← x^e for the Fp or Fp2 value in `regs.x` and an odd exponent e, as the subroutine
/// `name` (one per field and exponent): `tower::pow_sliding`, the Fermat inversion's chain.
pub(crate) fn pow_f(a: &mut Asm, d: Deg, name: &'static str, regs: PowRegs, e: evm384_arith::Limbs) {
    let regs = (regs.x, regs.r, d.n());
    match d {
        Deg::Fp => {
            crate::algebra::tower::pow_sliding(a, name, regs, e, |a, o, x| a.mul(o, x, x), |a, o, x, y| a.mul(o, x, y))
        }
        Deg::Fp2 => crate::algebra::tower::pow_sliding(
            a,
            name,
            regs,
            e,
            |a, o, x| sqr_fp2(a, Fp2(o), Fp2(x)),
            |a, o, x, y| mul_fp2(a, Fp2(o), Fp2(x), Fp2(y)),
        ),
    }
}

/// INVALID unless the affine point (x, y) is on y² = x³ + b (`b`: the curve's constant, one
/// Fp or Fp2 value).
pub(crate) fn assert_on_curve(a: &mut Asm, d: Deg, x: Slot, y: Slot, b: Slot) {
    a.scoped(|a| {
        let s = a.alloc(d.n());
        let t = a.alloc(d.n());
        sqr_f(a, d, t, x);
        mul_f(a, d, t, t, x);
        add_f(a, d, t, t, b); // x³ + b
        sqr_f(a, d, s, y); // y²
        a.assert(crate::ir::Cond::Eq(s, t, d.n()));
    });
}

/// A Jacobian point (X, Y, Z) = (X/Z², Y/Z³): three consecutive coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jac {
    pub d: Deg,
    pub base: Slot,
}

/// The coordinate slots X, Y, Z of a three-coordinate point laid out consecutively from `base`.
macro_rules! xyz_slots {
    ($t:ty) => {
        impl $t {
            pub fn x(self) -> Slot {
                self.base
            }
            pub fn y(self) -> Slot {
                self.base + self.d.n()
            }
            pub fn z(self) -> Slot {
                self.base + 2 * self.d.n()
            }
        }
    };
}
xyz_slots!(Jac);

/// Values of a doubling shared between its two halves and the tangent line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DblParts {
    pub a: Slot,
    pub b: Slot,
    pub zz: Slot,
    pub c: Slot,
    pub d: Slot,
    pub e: Slot,
    pub f: Slot,
}

impl DblParts {
    pub(crate) fn alloc(a: &mut Asm, d: Deg) -> DblParts {
        let n = d.n();
        DblParts {
            a: a.alloc(n),
            b: a.alloc(n),
            zz: a.alloc(n),
            c: a.alloc(n),
            d: a.alloc(n),
            e: a.alloc(n),
            f: a.alloc(n),
        }
    }
}

/// First half of T ← 2T (dbl-2009-l), T unchanged: A = X1², B = Y1², ZZ = Z1², C = B²,
/// D = 2((X1+B)² - A - C), E = 3A, F = E².
pub(crate) fn dbl_parts(a: &mut Asm, t: Jac, p: &DblParts) {
    let d = t.d;
    sqr_f(a, d, p.a, t.x()); // A = X1²
    sqr_f(a, d, p.b, t.y()); // B = Y1²
    sqr_f(a, d, p.zz, t.z()); // ZZ = Z1²
    sqr_f(a, d, p.c, p.b); // C = B²
    add_f(a, d, p.d, t.x(), p.b);
    sqr_f(a, d, p.d, p.d); // (X1+B)²
    sub_f(a, d, p.d, p.d, p.a);
    sub_f(a, d, p.d, p.d, p.c);
    add_f(a, d, p.d, p.d, p.d); // D = 2((X1+B)² - A - C)
    add_f(a, d, p.e, p.a, p.a);
    add_f(a, d, p.e, p.e, p.a); // E = 3A
    sqr_f(a, d, p.f, p.e); // F = E²
}

/// Second half of T ← 2T: X3 = F - 2D, Y3 = E·(D - X3) - 8C,
/// Z3 = (Y1+Z1)² - B - ZZ = 2·Y1·Z1 (this form reuses ZZ, which the line needs anyway).
/// Clobbers C and D.
pub(crate) fn dbl_update(a: &mut Asm, t: Jac, p: &DblParts) {
    let d = t.d;
    add_f(a, d, t.z(), t.y(), t.z());
    sqr_f(a, d, t.z(), t.z());
    sub_f(a, d, t.z(), t.z(), p.b);
    sub_f(a, d, t.z(), t.z(), p.zz); // Z3 = (Y1+Z1)² - B - ZZ
    sub_f(a, d, t.x(), p.f, p.d);
    sub_f(a, d, t.x(), t.x(), p.d); // X3 = F - 2D
    sub_f(a, d, p.d, p.d, t.x());
    mul_f(a, d, t.y(), p.e, p.d); // E·(D - X3)
    add_f(a, d, p.c, p.c, p.c);
    add_f(a, d, p.c, p.c, p.c);
    add_f(a, d, p.c, p.c, p.c); // 8C
    sub_f(a, d, t.y(), t.y(), p.c); // Y3 = E·(D - X3) - 8C
}

/// T ← 2T without the line's values (G1 subgroup check): dbl-2009-l with its two squarings-for-
/// products undone, since MULMODMONT384 squares and multiplies at one price:
/// D = 2((X1+B)² - A - C) = 4·X1·B and Z3 = (Y1+Z1)² - B - Z1² = 2·Y1·Z1; with B2 = 2B,
/// D = 2·X1·B2 and 8C = 2·B2², which saves two more additions.
/// 7 mul + 6 add + 4 sub against 8 + 8 + 8 for `dbl_parts` + `dbl_update` (measured per G1
/// check, 126 doublings, under model-b: 3,818 gas less in v7, 1,151 in v9).
/// Temporaries belong to the caller's scope.
pub(crate) fn dbl_jacobian(a: &mut Asm, t: Jac) {
    let d = t.d;
    let n = d.n();
    let (sa, sb, sc, sd, se) = (a.alloc(n), a.alloc(n), a.alloc(n), a.alloc(n), a.alloc(n));
    sqr_f(a, d, sa, t.x()); // A = X1²
    sqr_f(a, d, sb, t.y()); // B = Y1²
    mul_f(a, d, t.z(), t.y(), t.z());
    add_f(a, d, t.z(), t.z(), t.z()); // Z3 = 2·Y1·Z1
    add_f(a, d, sb, sb, sb); // B2 = 2B
    sqr_f(a, d, sc, sb); // B2² = 4C
    mul_f(a, d, sd, t.x(), sb);
    add_f(a, d, sd, sd, sd); // D = 2·X1·B2 = 4·X1·B
    add_f(a, d, se, sa, sa);
    add_f(a, d, se, se, sa); // E = 3A
    sqr_f(a, d, t.x(), se); // F = E²
    sub_f(a, d, t.x(), t.x(), sd);
    sub_f(a, d, t.x(), t.x(), sd); // X3 = F - 2D
    sub_f(a, d, sd, sd, t.x()); // D - X3
    mul_f(a, d, t.y(), se, sd); // E·(D - X3)
    add_f(a, d, sc, sc, sc); // 8C
    sub_f(a, d, t.y(), t.y(), sc); // Y3 = E·(D - X3) - 8C
}

/// T ← T + Q with Q = (x2, y2) affine (madd-2007-bl); writes r = 2·(S2 - Y1) to `r`, which with
/// Z3 = 2·Z1·H gives the chord's slope λ = r/Z3. Temporaries belong to the caller's scope.
/// When T = ±Q (only possible for points outside the prime-order subgroup) H = 0 and the result
/// has Z = 0, which then stays 0 through doublings and additions.
pub(crate) fn madd_jacobian(a: &mut Asm, t: Jac, x2: Slot, y2: Slot, r: Slot) {
    let d = t.d;
    let n = d.n();
    let z1z1 = a.alloc(n);
    let u2 = a.alloc(n);
    let s2 = a.alloc(n);
    let h = a.alloc(n);
    let hh = a.alloc(n);
    let i = a.alloc(n);
    let j = a.alloc(n);
    let v = a.alloc(n);
    sqr_f(a, d, z1z1, t.z()); // Z1Z1 = Z1²
    mul_f(a, d, u2, x2, z1z1); // U2 = X2·Z1Z1
    mul_f(a, d, s2, y2, t.z());
    mul_f(a, d, s2, s2, z1z1); // S2 = Y2·Z1·Z1Z1
    sub_f(a, d, h, u2, t.x()); // H = U2 - X1
    sqr_f(a, d, hh, h); // HH = H²
    add_f(a, d, i, hh, hh);
    add_f(a, d, i, i, i); // I = 4·HH
    mul_f(a, d, j, h, i); // J = H·I
    sub_f(a, d, r, s2, t.y());
    add_f(a, d, r, r, r); // r = 2·(S2 - Y1)
    mul_f(a, d, v, t.x(), i); // V = X1·I
    sqr_f(a, d, t.x(), r);
    sub_f(a, d, t.x(), t.x(), j);
    sub_f(a, d, t.x(), t.x(), v);
    sub_f(a, d, t.x(), t.x(), v); // X3 = r² - J - 2V
    mul_f(a, d, j, j, t.y()); // Y1·J
    sub_f(a, d, v, v, t.x());
    mul_f(a, d, t.y(), r, v);
    sub_f(a, d, t.y(), t.y(), j);
    sub_f(a, d, t.y(), t.y(), j); // Y3 = r·(V - X3) - 2·Y1·J
    add_f(a, d, t.z(), t.z(), h);
    sqr_f(a, d, t.z(), t.z());
    sub_f(a, d, t.z(), t.z(), z1z1);
    sub_f(a, d, t.z(), t.z(), hh); // Z3 = (Z1+H)² - Z1Z1 - HH
}

// ---- Miller-loop steps in homogeneous projective coordinates --------------------------------

/// T ← 2T on the twist y² = x³ + b', T = (X : Y : Z) homogeneous projective, and the
/// tangent line at T evaluated at P, given as px3 = −3·xP, py = yP (`b3`: how 3b' is
/// applied). Costello, Lange, Naehrig, eprint 2009/615 §5, in the operation order of Aranha, Karabina, Longa, Gebotys, López,
/// eprint 2010/354 eq. (10), with the point scaled by 4 (no halving) and squarings for the
/// products (in Fp2 a squaring costs 2 products against 3): with B = Y², C = Z², E = 3b'·C
/// (12ξ·C for b' = 4ξ), F = 3E, H = (Y+Z)² − B − C = 2YZ,
/// X3 = 2XY·(B − F), Y3 = (B + F)² − 12E², Z3 = 4B·H, 2XY = (X+Y)² − X² − B;
/// K = B − E, X = X²·px3, Y = H·py ([`LineShape`] places them), which is 2y·Z²·(the tangent
/// line) after y² = x³ + b' turned 3x³ − 2y² into y² − 3b' (2009/615 §5 for either twist:
/// only the powers of w the three terms multiply differ). With b' = 4ξ, 24 products and 75
/// additions and subtractions, against 29 and 83 for the Jacobian doubling (dbl-2009-l) and
/// line it replaced.
pub(crate) fn line_dbl_projective(a: &mut Asm, l: Line, b3: TwistB3, t: Proj, px3: Slot, py: Slot) {
    let (x, y, z) = (Fp2(t.x()), Fp2(t.y()), Fp2(t.z()));
    a.scoped(|a| {
        let [b, c, e, f, h, s, u] = [0; 7].map(|_| Fp2(a.alloc(2)));
        let x2 = l.x(); // X², multiplied by px3 in place at the end
        sqr_fp2(a, x2, x); // X²
        sqr_fp2(a, b, y); // B = Y²
        sqr_fp2(a, c, z); // C = Z²
        b3.mul(a, e, c, u); // E = 3b'·C
        add_fp2(a, f, e, e);
        add_fp2(a, f, f, e); // F = 3E
        add_fp2(a, h, y, z);
        sqr_fp2(a, h, h);
        sub_fp2(a, h, h, b);
        sub_fp2(a, h, h, c); // H = (Y+Z)² − B − C = 2YZ
        add_fp2(a, s, x, y);
        sqr_fp2(a, s, s);
        sub_fp2(a, s, s, x2);
        sub_fp2(a, s, s, b); // 2XY = (X+Y)² − X² − B (X, Y, Z read for the last time)
        sub_fp2(a, u, b, f);
        mul_fp2(a, x, s, u); // X3 = 2XY·(B − F)
        add_fp2(a, s, b, f);
        sqr_fp2(a, s, s); // (B + F)²
        add_fp2(a, u, e, e);
        sqr_fp2(a, u, u); // 4E²
        sub_fp2(a, y, s, u);
        sub_fp2(a, y, y, u);
        sub_fp2(a, y, y, u); // Y3 = (B + F)² − 12E²
        add_fp2(a, u, h, h);
        add_fp2(a, u, u, u);
        mul_fp2(a, z, b, u); // Z3 = 4B·H
        sub_fp2(a, l.k(), b, e); // K = B − E = Y² − 3b'·Z²
        mul_fp2_by_fp(a, l.x(), x2, px3); // X = −3X²·xP
        mul_fp2_by_fp(a, l.y(), h, py); // Y = 2YZ·yP
    });
}

/// T ← T + Q for Q = (qx, qy) affine and T homogeneous projective, and the line through T and Q
/// evaluated at P (px3 = −3·xP, py = yP): eprint 2010/354 eq. (13) (Costello, Lange, Naehrig's
/// mixed addition): with θ = Y − yQ·Z, λ = X − xQ·Z, C = θ², D = λ², E = λ·D, F = Z·C,
/// G = X·D, H = E + F − 2G: X3 = λ·H, Y3 = θ·(G − H) − Y·E, Z3 = Z·E; the line
/// λ·yP − θ·xP + (θ·xQ − λ·yQ) is taken times 3 so that its xP term is θ·px3:
/// K = 3(θ·xQ − λ·yQ), X = θ·px3, Y = 3λ·py ([`LineShape`] places them). When T = ±Q (only
/// for points outside the prime-order subgroup) λ = 0, so Z3 = 0, and doublings keep Z = 0.
pub(crate) fn line_add_projective(a: &mut Asm, l: Line, t: Proj, (qx, qy): (Fp2, Fp2), px3: Slot, py: Slot) {
    let (x, y, z) = (Fp2(t.x()), Fp2(t.y()), Fp2(t.z()));
    a.scoped(|a| {
        let [th, la, c, d, e, f, g, h, u] = [0; 9].map(|_| Fp2(a.alloc(2)));
        mul_fp2(a, th, qy, z);
        sub_fp2(a, th, y, th); // θ = Y − yQ·Z
        mul_fp2(a, la, qx, z);
        sub_fp2(a, la, x, la); // λ = X − xQ·Z
        sqr_fp2(a, c, th); // C = θ²
        sqr_fp2(a, d, la); // D = λ²
        mul_fp2(a, e, la, d); // E = λ³
        mul_fp2(a, f, z, c); // F = Z·C
        mul_fp2(a, g, x, d); // G = X·D
        add_fp2(a, h, e, f);
        sub_fp2(a, h, h, g);
        sub_fp2(a, h, h, g); // H = E + F − 2G
        mul_fp2(a, x, la, h); // X3 = λ·H
        sub_fp2(a, u, g, h);
        mul_fp2(a, u, th, u); // θ·(G − H)
        mul_fp2(a, g, y, e); // Y·E
        sub_fp2(a, y, u, g); // Y3 = θ·(G − H) − Y·E
        mul_fp2(a, z, z, e); // Z3 = Z·E
        mul_fp2(a, u, th, qx);
        mul_fp2(a, g, la, qy);
        sub_fp2(a, u, u, g); // θ·xQ − λ·yQ
        add_fp2(a, l.k(), u, u);
        add_fp2(a, l.k(), l.k(), u); // K = 3(θ·xQ − λ·yQ)
        mul_fp2_by_fp(a, l.x(), th, px3); // X = −3θ·xP
        add_fp2(a, u, la, la);
        add_fp2(a, u, u, la);
        mul_fp2_by_fp(a, l.y(), u, py); // Y = 3λ·yP
    });
}

// ---- complete formulas in homogeneous projective coordinates (eprint 2015/1060) -----------

/// A point in homogeneous projective coordinates (X : Y : Z) = (X/Z, Y/Z), O = (0 : 1 : 0).
#[derive(Clone, Copy, Debug)]
pub struct Proj {
    pub d: Deg,
    pub base: Slot,
}

impl Proj {
    pub fn alloc(a: &mut Asm, d: Deg) -> Proj {
        Proj { d, base: a.alloc(3 * d.n()) }
    }
}
xyz_slots!(Proj);

/// The constant of the complete formulas' m₃b products: 3b on G1, 3b′ on the twist.
#[derive(Clone, Copy, Debug)]
pub enum B3 {
    /// 3b ∈ Fp (G1): one product.
    Fp(Slot),
    /// 3b′ = c·(1 + u) over blst's tower (u² = −1) with c ∈ Fp in the slot (an M-type twist
    /// with ξ = 1 + u, b′ = b·ξ: BLS12-381's G2, c = 12): (x₀ + x₁u)·c(1 + u) =
    /// c(x₀ − x₁) + c(x₀ + x₁)·u, two products and two additions.
    OnePlusU(Slot),
    /// Any other 3b′ ∈ Fp2, as the Miller loop's doubling takes it ([`TwistB3`]).
    Twist(TwistB3),
}

impl B3 {
    /// The constant for `curve`'s group `g` (allocated here: for G1, and for G2 over blst's
    /// tower with b′ = b(1 + u), the Fp constant 3b; otherwise 3b′ as [`TwistB3`] has it).
    pub fn new(a: &mut Asm, curve: &crate::curves::CurveParams, g: Group) -> B3 {
        let b = [curve.b, 0, 0, 0, 0, 0];
        let fused = a.tower == crate::curves::Tower::BLST && curve.b_twist == [b, b];
        match g {
            Group::G1 => B3::Fp(a.const_mont(&[[3 * curve.b, 0, 0, 0, 0, 0]])),
            Group::G2 if fused => B3::OnePlusU(a.const_mont(&[[3 * curve.b, 0, 0, 0, 0, 0]])),
            Group::G2 => B3::Twist(TwistB3::new(a, curve)),
        }
    }
}

/// `out` ← 3b·x (G1) or 3b′·x (G2), as [`B3`] says.
pub(crate) fn mul_by_b3(a: &mut Asm, d: Deg, out: Slot, x: Slot, b3: B3) {
    match (d, b3) {
        (Deg::Fp, B3::Fp(c)) => a.mul(out, x, c),
        (Deg::Fp2, B3::OnePlusU(c)) => {
            assert!(a.tower == crate::curves::Tower::BLST, "3b′ = c·(1 + u) is fused for u² = −1");
            a.scoped(|a| {
                let t = Fp2(a.alloc(2));
                a.sub(t.c0(), x, x + 1); // x₀ − x₁
                a.add(t.c1(), x, x + 1); // x₀ + x₁
                a.mul(out, t.c0(), c);
                a.mul(out + 1, t.c1(), c);
            })
        }
        (Deg::Fp2, B3::Twist(t)) => a.scoped(|a| {
            let [product, scratch] = [0; 2].map(|_| Fp2(a.alloc(2)));
            t.mul(a, product, Fp2(x), scratch);
            a.copy(out, product.0, 2);
        }),
        (d, b3) => panic!("mul_by_b3: {b3:?} is no constant of a {d:?} point"),
    }
}

/// U ← U + V (U ≠ V as slots), complete addition for a = 0: eprint 2015/1060 Algorithm 7
/// (12M + 2·m₃b + 19a). The algorithm's X₃ is a temporary until U's X and Z are last read.
pub fn add_complete(a: &mut Asm, u: Proj, v: Proj, b3: B3) {
    let d = u.d;
    let n = d.n();
    let [t0, t1, t2, t3, t4, t5] = [0; 6].map(|_| a.alloc(n));
    let (x1, y1, z1) = (u.x(), u.y(), u.z());
    let (x2, y2, z2) = (v.x(), v.y(), v.z());
    let (x3, y3, z3) = (u.x(), u.y(), u.z());
    mul_f(a, d, t0, x1, x2); // t0 = X1·X2
    mul_f(a, d, t1, y1, y2); // t1 = Y1·Y2
    mul_f(a, d, t2, z1, z2); // t2 = Z1·Z2
    add_f(a, d, t3, x1, y1);
    add_f(a, d, t4, x2, y2);
    mul_f(a, d, t3, t3, t4);
    add_f(a, d, t4, t0, t1);
    sub_f(a, d, t3, t3, t4); // t3 = X1·Y2 + X2·Y1
    add_f(a, d, t4, y1, z1);
    add_f(a, d, t5, y2, z2);
    mul_f(a, d, t4, t4, t5);
    add_f(a, d, t5, t1, t2);
    sub_f(a, d, t4, t4, t5); // t4 = Y1·Z2 + Y2·Z1 (Y1 read for the last time)
    add_f(a, d, x3, x1, z1);
    add_f(a, d, y3, x2, z2);
    mul_f(a, d, x3, x3, y3);
    add_f(a, d, y3, t0, t2);
    sub_f(a, d, y3, x3, y3); // Y3 = X1·Z2 + X2·Z1 (X1, Z1 read for the last time)
    add_f(a, d, x3, t0, t0);
    add_f(a, d, t0, x3, t0); // t0 = 3·X1·X2
    mul_by_b3(a, d, t2, t2, b3); // t2 = 3b·Z1·Z2
    add_f(a, d, z3, t1, t2);
    sub_f(a, d, t1, t1, t2);
    mul_by_b3(a, d, y3, y3, b3);
    mul_f(a, d, x3, t4, y3);
    mul_f(a, d, t2, t3, t1);
    sub_f(a, d, x3, t2, x3); // X3 = t3·t1 − t4·Y3
    mul_f(a, d, y3, y3, t0);
    mul_f(a, d, t1, t1, z3);
    add_f(a, d, y3, t1, y3); // Y3 = t1·Z3 + Y3·t0
    mul_f(a, d, t0, t0, t3);
    mul_f(a, d, z3, z3, t4);
    add_f(a, d, z3, z3, t0); // Z3 = Z3·t4 + t0·t3
}

/// U ← U + V exactly on any points of the curve, whatever their order: [`add_complete`], then,
/// where it returned (0 : 0 : 0), the sum another way. `save` (3·n slots) keeps U's value.
///
/// Algorithm 7 is complete on curves of odd order only: it evaluates one addition law in the
/// sense of Bosma and Lenstra ("Complete systems of two addition laws for elliptic curves",
/// J. Number Theory 53, 1995; eprint 2015/1060 builds on their law), which at any pair gives
/// either the sum or (0 : 0 : 0), the latter exactly where P − Q is a point of order two (on
/// the line Y = 0). `tests/bls12_377_mul.rs` shows such pairs failing. BLS12-377's E(Fp)
/// (y² = x³ + 1) has its three points of order two, (−1, 0), (−ω, 0), (−ω², 0), so an
/// input outside G1 reaches such pairs (a table entry 3T = 2T + T = O + T, or a prefix of
/// the scalar ≡ its next digit mod r on G + T). A valid result never has Y = Z = 0 (Z = 0 is
/// O = (0 : Y : 0), Y ≠ 0), so the test is exact. Then P ≠ Q (P − Q ≠ O), and the sum is:
/// Q if P = O, P if Q = O, O if X1·Z2 = X2·Z1 (so Q = −P), otherwise the incomplete projective
/// addition, EFD `g1p/auto-shortw-projective.html#addition-add-1998-cmo-2` (Cohen, Miyaji,
/// Ono, ASIACRYPT 1998), valid for P, Q ≠ O and P ≠ ±Q.
pub fn add_exact(a: &mut Asm, u: Proj, v: Proj, b3: B3, k: &TowerConsts, save: Proj) {
    let d = u.d;
    let n = d.n();
    a.copy(save.base, u.base, 3 * n);
    add_complete(a, u, v, b3);
    let failed = crate::ir::Cond::Eq(u.y(), k.zero, 2 * n); // Y3 = Z3 = 0
    a.if_(failed.clone(), |a| {
        let (p, q) = (save, v);
        a.if_(crate::ir::Cond::Eq(p.z(), k.zero, n), |a| a.copy(u.base, q.base, 3 * n)); // O + Q
        a.if_(crate::ir::Cond::Eq(q.z(), k.zero, n), |a| a.copy(u.base, p.base, 3 * n)); // P + O
        a.if_(failed.clone(), |a| {
            a.scoped(|a| {
                let [x1z2, y1z2, z1z2, s, t, uu, vv, vvv, r] = [0; 9].map(|_| a.alloc(n));
                mul_f(a, d, x1z2, p.x(), q.z()); // X1Z2 = X1·Z2
                mul_f(a, d, t, q.x(), p.z()); // X2·Z1
                a.if_(crate::ir::Cond::Eq(x1z2, t, n), |a| {
                    // Q = −P: O = (0 : 1 : 0)
                    a.copy(u.x(), k.zero, n);
                    a.copy(u.y(), k.one, n);
                    a.copy(u.z(), k.zero, n);
                });
                a.if_(failed, |a| {
                    sub_f(a, d, t, t, x1z2); // v = X2·Z1 − X1Z2
                    mul_f(a, d, y1z2, p.y(), q.z()); // Y1Z2 = Y1·Z2
                    mul_f(a, d, z1z2, p.z(), q.z()); // Z1Z2 = Z1·Z2
                    mul_f(a, d, s, q.y(), p.z());
                    sub_f(a, d, s, s, y1z2); // u = Y2·Z1 − Y1Z2
                    sqr_f(a, d, uu, s); // uu = u²
                    sqr_f(a, d, vv, t); // vv = v²
                    mul_f(a, d, vvv, t, vv); // vvv = v·vv
                    mul_f(a, d, r, vv, x1z2); // R = vv·X1Z2
                    mul_f(a, d, uu, uu, z1z2);
                    sub_f(a, d, uu, uu, vvv);
                    sub_f(a, d, uu, uu, r);
                    sub_f(a, d, uu, uu, r); // A = uu·Z1Z2 − vvv − 2R
                    mul_f(a, d, u.x(), t, uu); // X3 = v·A
                    sub_f(a, d, r, r, uu);
                    mul_f(a, d, u.y(), s, r);
                    mul_f(a, d, vv, vvv, y1z2);
                    sub_f(a, d, u.y(), u.y(), vv); // Y3 = u·(R − A) − vvv·Y1Z2
                    mul_f(a, d, u.z(), vvv, z1z2); // Z3 = vvv·Z1Z2
                });
            })
        });
    });
}

/// U ← 2U, exception-free doubling for a = 0: eprint 2015/1060 Algorithm 9 (6M + 2S + 1·m₃b
/// + 9a), with X·Y computed first so that U is overwritten in place.
pub(crate) fn dbl_complete(a: &mut Asm, u: Proj, b3: B3) {
    let d = u.d;
    let n = d.n();
    let [t0, t1, t2, t3] = [0; 4].map(|_| a.alloc(n));
    let (x, y, z) = (u.x(), u.y(), u.z());
    sqr_f(a, d, t0, y); // t0 = Y²
    mul_f(a, d, t1, y, z); // t1 = Y·Z
    sqr_f(a, d, t2, z); // t2 = Z²
    mul_f(a, d, t3, x, y); // t3 = X·Y
    add_f(a, d, z, t0, t0);
    add_f(a, d, z, z, z);
    add_f(a, d, z, z, z); // Z3 = 8·Y²
    mul_by_b3(a, d, t2, t2, b3); // t2 = 3b·Z²
    mul_f(a, d, x, t2, z); // X3 = t2·Z3
    add_f(a, d, y, t0, t2); // Y3 = t0 + t2
    mul_f(a, d, z, t1, z); // Z3 = 8·Y³·Z
    add_f(a, d, t1, t2, t2);
    add_f(a, d, t2, t1, t2); // t2 = 9b·Z²
    sub_f(a, d, t0, t0, t2);
    mul_f(a, d, y, t0, y);
    add_f(a, d, y, x, y); // Y3 = X3 + t0·Y3
    mul_f(a, d, x, t0, t3);
    add_f(a, d, x, x, x); // X3 = 2·t0·X·Y
}

/// Where a Miller-loop line's three values go, chosen by the twist. The line through T (on
/// the twist) evaluated at P, cleared of denominators, is K + X·xP + Y·yP with K, X, Y ∈ Fp2
/// computed alike for both twists ([`line_dbl_projective`], [`line_add_projective`]); untwisting
/// places them at powers of w (w² = v, v³ = ξ, so v·w = w³):
/// - M-type, (x′/w², y′/w³), the line times w³: ℓ = K + X·w² + Y·w³ = (K + X·v) + (Y·v)·w
///   (blst's "xy00z0", arkworks' `mul_by_014`);
/// - D-type, (x′·w², y′·w³): ℓ = Y + X·w + K·w³ = Y + (X + K·v)·w (arkworks' `mul_by_034`).
///
/// The values are stored as three consecutive Fp2 slots, the two multiplying v⁰ and v¹ of one
/// Fp6 half first, so that they are `mul_by_01_fp6`'s operands in place: M-type (K, X, Y),
/// D-type (X, K, Y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineShape {
    /// The twist the shape is for.
    pub twist: crate::curves::Twist,
    /// The Fp2 slots (0, 1, 2 from the line's base) of K, X and Y.
    pub storage: [u32; 3],
    /// The powers of w that K, X and Y multiply.
    pub w_powers: [u32; 3],
}

impl LineShape {
    pub(crate) fn of(twist: crate::curves::Twist) -> LineShape {
        match twist {
            crate::curves::Twist::M => LineShape { twist, storage: [0, 1, 2], w_powers: [0, 2, 3] },
            crate::curves::Twist::D => LineShape { twist, storage: [1, 0, 2], w_powers: [3, 1, 0] },
        }
    }
}

/// A sparse line as three consecutive Fp2 slots from `base`, laid out by `shape`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub base: Slot,
    pub shape: LineShape,
}

impl Line {
    /// The i-th stored Fp2 value (i = 0, 1, 2).
    pub(crate) fn stored(self, i: u32) -> Fp2 {
        Fp2(self.base + 2 * i)
    }
    /// K, the term free of P's coordinates.
    pub(crate) fn k(self) -> Fp2 {
        self.stored(self.shape.storage[0])
    }
    /// X, the coefficient of xP (the work record holds −3·xP).
    pub(crate) fn x(self) -> Fp2 {
        self.stored(self.shape.storage[1])
    }
    /// Y, the coefficient of yP.
    pub(crate) fn y(self) -> Fp2 {
        self.stored(self.shape.storage[2])
    }
}

/// How a doubling step forms 3b′·C for the twist's b′: by the tower's ξ and additions where
/// b′ = 4ξ, otherwise by the constant 3b′ = k0 + k1·u ∈ Fp2 with
/// (x0 + x1·u)·3b′ = (k0·x0 + β·k1·x1) + (k1·x0 + k0·x1)·u, its zero terms left out
/// (`Some` slots: k0, k1, β·k1 in Montgomery form).
#[derive(Clone, Copy, Debug)]
pub enum TwistB3 {
    /// b′ = 4ξ: 3b′·C = 12·(ξ·C).
    FourXi,
    /// 3b′ = k0 + k1·u as constants.
    Const { k0: Option<Slot>, k1: Option<Slot>, beta_k1: Option<Slot> },
}

impl TwistB3 {
    /// The constants for `curve`'s b′ (allocated only where b′ ≠ 4ξ).
    pub fn new(a: &mut Asm, curve: &crate::curves::CurveParams) -> TwistB3 {
        let f = evm384_arith::MontField::new(curve.p);
        let xi = curve.tower.xi.map(|c| [c, 0, 0, 0, 0, 0]);
        let four_xi = xi.map(|c| {
            let c = f.to_mont(&c);
            f.from_mont(&f.mul(&c, &f.to_mont(&[4, 0, 0, 0, 0, 0])))
        });
        if curve.b_twist == four_xi {
            return TwistB3::FourXi;
        }
        let three = f.to_mont(&[3, 0, 0, 0, 0, 0]);
        let [k0, k1] = curve.b_twist.map(|c| f.from_mont(&f.mul(&f.to_mont(&c), &three)));
        let beta = if curve.tower.u_squared < 0 {
            f.sub(&[0; 6], &f.to_mont(&[curve.tower.u_squared.unsigned_abs(), 0, 0, 0, 0, 0]))
        } else {
            f.to_mont(&[curve.tower.u_squared as u64, 0, 0, 0, 0, 0])
        };
        let beta_k1 = f.from_mont(&f.mul(&beta, &f.to_mont(&k1)));
        let mut slot = |v: evm384_arith::Limbs| (v != [0; 6]).then(|| a.const_mont(&[v]));
        TwistB3::Const { k0: slot(k0), k1: slot(k1), beta_k1: slot(beta_k1) }
    }

    /// `out` ← 3b′·x (`out` and `x` must not overlap; `scratch` is clobbered).
    pub fn mul(self, a: &mut Asm, out: Fp2, x: Fp2, scratch: Fp2) {
        match self {
            TwistB3::FourXi => {
                mul_by_xi_fp2(a, out, x); // ξ·C
                add_fp2(a, out, out, out);
                add_fp2(a, out, out, out); // 4ξ·C
                add_fp2(a, scratch, out, out);
                add_fp2(a, out, scratch, out); // 12ξ·C = 3b′·C
            }
            TwistB3::Const { k0, k1, beta_k1 } => {
                assert!(out.0.abs_diff(x.0) >= 2, "TwistB3::mul: out overlaps x");
                let terms = |a: &mut Asm, o: Slot, t: [(Option<Slot>, Slot); 2]| {
                    let t: Vec<(Slot, Slot)> = t.into_iter().filter_map(|(k, v)| k.map(|k| (k, v))).collect();
                    match t[..] {
                        [] => panic!("3b′ = 0"),
                        [(k, v)] => a.mul(o, k, v),
                        [(k, v), (l, w)] => a.scoped(|a| {
                            let s = a.alloc(1);
                            a.mul(o, k, v);
                            a.mul(s, l, w);
                            a.add(o, o, s);
                        }),
                        _ => unreachable!(),
                    }
                };
                terms(a, out.c0(), [(k0, x.c0()), (beta_k1, x.c1())]); // k0·x0 + β·k1·x1
                terms(a, out.c1(), [(k1, x.c0()), (k0, x.c1())]); // k1·x0 + k0·x1
            }
        }
    }
}

/// Fixed slots of the Jacobian G2 point subroutines (`dbl_parts_g2`, `dbl_update_g2`,
/// `madd_g2`) of the MSMs' G2 subgroup check.
#[derive(Clone, Copy, Debug)]
pub(crate) struct G2Regs {
    pub t: Jac,
    pub qx: Fp2,
    pub qy: Fp2,
    pub dbl: DblParts,
    /// r = 2·(S2 - Y1) of the last mixed addition.
    pub r: Fp2,
}

pub(crate) fn call_dbl_parts_g2(a: &mut Asm, g: G2Regs) {
    a.call("dbl_parts_g2", move |a| dbl_parts(a, g.t, &g.dbl));
}

pub(crate) fn call_dbl_update_g2(a: &mut Asm, g: G2Regs) {
    a.call("dbl_update_g2", move |a| dbl_update(a, g.t, &g.dbl));
}

pub(crate) fn call_madd_g2(a: &mut Asm, g: G2Regs) {
    a.call("madd_g2", move |a| a.scoped(|a| madd_jacobian(a, g.t, g.qx.0, g.qy.0, g.r.0)));
}
