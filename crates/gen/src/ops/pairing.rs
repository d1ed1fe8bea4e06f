//! The EIP-2537 PAIRING_CHECK program (and EIP-2539's PAIRING, the same encoding, rules and
//! output, over BLS12-377): input decoding and validation, fast subgroup checks, the optimal
//! ate multi-Miller loop and the final exponentiation, written against the emitter once for
//! any BLS12 or BN curve of `CurveParams`: the family (`Family`: the loop's scalar z or 6z + 2
//! in signed digits, BN's two closing lines, the hard part of the final exponentiation, the
//! subgroup tests), the tower (u² = β, ξ), the twist (M or D: the lines' shape,
//! `curve::LineShape`, and b′), and the sign of z (z < 0: BLS12-381, the Miller loop's
//! f_|z| conjugated, every exponentiation by z conjugated, G2 tested by ψ(Q) = −[|z|]Q; z > 0:
//! BLS12-377 and BN254, none of these conjugations, ψ(Q) = \[z\]Q, or \[6z²\]Q for BN; a BN
//! curve's G1 has cofactor 1, so on the curve is in G1).
//!
//! Bibliography:
//! - Vercauteren, "Optimal pairings", eprint 2008/096 (the loop over z for BLS12, over 6z + 2
//!   with two closing lines for BN);
//! - Aranha et al., eprint 2010/354 (projective lines, sparse multiplication); Costello, Lange,
//!   Naehrig, eprint 2009/615 (the lines for either twist type);
//! - Scott et al., eprint 2008/490 and Fuentes-Castañeda et al. (final exponentiation); the hard
//!   part follows Hayashida, Hayasaka, Teruya, eprint 2020/875:
//!   3·Φ₁₂(p)/r = (z-1)²·(z+p)·(z²+p²-1) + 3 for every BLS12 curve (p = (z−1)²·r/3 + z), z
//!   signed: each power of z is an exponentiation by |z|, conjugated for z < 0;
//!   BN's hard part: Fuentes-Castañeda, Knapp, Rodríguez-Henríquez, "Faster hashing to G2"
//!   (SAC 2011), λ₀ + λ₁p + λ₂p² + λ₃p³ = 2z(6z²+3z+1)·Φ₁₂(p)/r (`final_exp_bn`);
//! - Granger, Scott, eprint 2009/565 (cyclotomic squaring);
//! - Scott, eprint 2021/1130 and EIP-2537 (endomorphism subgroup checks); for BN's G2
//!   ψ(Q) = \[6z²\]Q (El Housni, Guillevic, Piellard, eprint 2022/352 §4.3) beside P = O, and on
//!   the Miller loop's final T otherwise (`bn_closing_lines`; the kernel argument of Dai, Lin,
//!   Zhao, Zhou, eprint 2022/348).
//!
//! Subroutines take their arguments in fixed slots (`Ctx`): A and B are the Fp12 registers
//! (`mul_fp12`: A ← A·B; `sqr_fp12`, `cyclotomic_sqr_fp12`, `mul_by_line`, `frobenius*`,
//! `inverse_fp12`, `exp_by_z`, `final_exp` work on A in place). The PAIRING_CHECK's Miller loop
//! keeps its accumulator in `mul_fp6`'s registers x ‖ y instead (`MulFp6Regs::xy`; there
//! `mul_by_line` and `sqr_fp12_in_mul_fp6_regs` work on it in place) and leaves f_z in A
//! (conj(f) for z < 0).

use evm384_arith::MontField;

use crate::algebra::curve::{
    assert_on_curve, line_add_projective, line_dbl_projective, Deg, Jac, Line, LineShape, Proj, TwistB3,
};
use crate::algebra::tower::*;
use crate::algebra::{Moves, Squaring};
use crate::curves::{CurveParams, Eip, Family, ScalingSubfield, Twist};
use crate::ir::F2Mul;
use crate::ir::{Asm, Cond, FieldEncoding, InputLength, Phase, Program, Slot};
use crate::ops::g_add::coordinate_offsets;
use crate::ops::subgroup::{assert_in_g1, assert_projective_t_is_psi_q};

/// Options of the generated program (the defaults give the deployable contract).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramOptions {
    /// Halt at this phase marker returning all memory (tests compare it with the native run).
    pub stop_before: Option<Phase>,
    /// Leave out the on-curve and subgroup checks (only to measure the decoding phase's gas:
    /// the program is then no valid PAIRING_CHECK).
    pub skip_checks: bool,
    /// The squarings of the final exponentiation's exponentiations by z.
    pub squaring: Squaring,
    /// `mul_fp12`'s moves: MCOPYs (the default, smaller) or additions of zero (cheaper, larger);
    /// `Formulas::build` chooses.
    pub moves: Moves,
}

/// The work record of one pair: P as (-3·xP, yP) (the lines' scaling, see
/// [`line_dbl_projective`]), T homogeneous projective, Q affine (12 slots). P and T lead, so
/// that a doubling step brings only them in (`Work::P_AND_T`).
#[derive(Clone, Copy, Debug)]
pub struct Work(pub Slot);

impl Work {
    pub const SLOTS: u32 = 12;
    /// The leading slots a doubling step reads: P and T.
    pub const P_AND_T: u32 = 8;
    /// The part a Miller-loop step updates: T, `(offset, slots)`.
    pub const T_PART: (u32, u32) = (2, 6);
    /// −3·xP.
    pub fn px3(self) -> Slot {
        self.0
    }
    /// yP.
    pub fn py(self) -> Slot {
        self.0 + 1
    }
    pub fn t(self) -> Proj {
        Proj { d: Deg::Fp2, base: self.0 + 2 }
    }
    pub fn qx(self) -> Fp2 {
        Fp2(self.0 + 8)
    }
    pub fn qy(self) -> Fp2 {
        Fp2(self.0 + 10)
    }
}

/// Everything the program's subroutines need: constants and fixed registers.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub k: TowerConsts,
    pub frob: FrobeniusConsts,
    /// R² mod p (raw): MULMODMONT384(x, R²) = x·R, to Montgomery form.
    pub r2: Slot,
    pub b_g1: Slot,
    pub b_g2: Fp2,
    pub beta: Slot,
    pub psi_r2: Fp2,
    pub psi_s2: Fp2,
    /// How the doubling line applies the twist's 3b′.
    pub b3_twist: TwistB3,
    pub w: Work,
    pub line: Line,
    pub fa: Fp12,
    pub fb: Fp12,
    pub m6: MulFp6Regs,
    pub m01: MulBy01Regs,
    pub inv: InvFpRegs,
    /// G1 subgroup-check accumulator (Jacobian over Fp).
    pub r1: Jac,
    pub z_abs: u64,
    /// The sign of z: A^z = conj(A^|z|) in the cyclotomic subgroup, f_z = conj(f_|z|) after
    /// the final exponentiation.
    pub z_negative: bool,
    /// The family: BLS12 or BN (the Miller loop's closing lines, the final exponentiation's
    /// hard part, where the subgroup tests are made).
    pub family: Family,
    /// (|t − 1|, t − 1 < 0), the eigenvalue of ψ on G2 (`CurveParams::psi_eigenvalue`).
    pub psi_eigenvalue: (u128, bool),
    /// BN only: N(r₂) ∈ Fp (Montgomery), ψ²(x, y) = (N(r₂)·x, −y) (`psi2_coefficients`).
    pub psi2_r2: Option<Slot>,
    pub p: evm384_arith::Limbs,
    /// How `mul_fp12` (and the Miller loop's in-place squaring) move Fp6 values.
    pub moves: Moves,
    /// The EIP's encoding of a pair: element size, G2's order of halves (`Eip`).
    pub eip: Eip,
}

impl Ctx {
    fn new(a: &mut Asm, c: &CurveParams, moves: Moves) -> Ctx {
        let k = TowerConsts::new(a);
        let frob = FrobeniusConsts::new(a, c);
        let r2 = a.const_raw(&[a.field.r2]);
        let b_g1 = a.const_mont(&[[c.b, 0, 0, 0, 0, 0]]);
        let b_g2 = Fp2(a.const_mont(&c.b_twist));
        let beta = a.const_mont(&[c.beta]);
        let psi_r2 = Fp2(a.const_mont(&c.psi_r2));
        let psi_s2 = Fp2(a.const_mont(&c.psi_s2));
        let b3_twist = TwistB3::new(a, c);
        let w = Work(a.alloc(Work::SLOTS));
        let fa = Fp12(a.alloc(12));
        let fb = Fp12(a.alloc(12));
        let m6 = MulFp6Regs::alloc(a);
        let m01 = MulBy01Regs::alloc(a);
        // the line's first two stored values are (b0, b1): no copy before mul_by_01_fp6
        let line = Line { base: m01.b0.0, shape: LineShape::of(c.twist) };
        let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
        let r1 = Jac { d: Deg::Fp, base: a.alloc(3) };
        // after every BLS12 constant, so that their slots do not move
        let psi2_r2 = (c.family == Family::Bn).then(|| a.const_mont(&[c.psi2_coefficients()[0]]));
        Ctx {
            k,
            frob,
            r2,
            b_g1,
            b_g2,
            beta,
            psi_r2,
            psi_s2,
            b3_twist,
            w,
            line,
            fa,
            fb,
            m6,
            m01,
            inv,
            r1,
            z_abs: c.z_abs,
            z_negative: c.z_negative,
            family: c.family,
            psi_eigenvalue: c.psi_eigenvalue(),
            psi2_r2,
            p: c.p,
            moves,
            eip: c.eip,
        }
    }

    /// Bytes of an encoded G1 point (two elements).
    fn g1_bytes(&self) -> u32 {
        2 * self.eip.element_bytes
    }

    /// Bytes of an encoded pair: G1 then G2 (six elements).
    fn pair_bytes(&self) -> u32 {
        6 * self.eip.element_bytes
    }

    fn params_bits(&self) -> (Vec<bool>, Vec<bool>) {
        let z = crate::curves::bits_below_top(&[self.z_abs]);
        let z2 = (self.z_abs as u128) * (self.z_abs as u128);
        let z2 = crate::curves::bits_below_top(&[z2 as u64, (z2 >> 64) as u64]);
        (z, z2)
    }

    /// p - 2, the Fermat exponent of the inversion.
    fn p_minus_2(&self) -> evm384_arith::Limbs {
        let mut e = self.p;
        e[0] -= 2; // p is odd and > 2: no borrow
        e
    }
}

// ---- Fp12 subroutines (A and B registers) --------------------------------------------------

fn call_mul_fp12(a: &mut Asm, c: Ctx) {
    a.call("mul_fp12", move |a| mul_fp12(a, &c.k, c.moves, c.m6, c.fa, c.fa, c.fb));
}

fn call_sqr_fp12(a: &mut Asm, c: Ctx) {
    a.call("sqr_fp12", move |a| sqr_fp12(a, c.m6, c.fa, c.fa));
}

/// f ← f² for the Miller-loop accumulator kept in the `mul_fp6` registers (`MulFp6Regs::xy`).
fn call_sqr_fp12_in_mul_fp6_regs(a: &mut Asm, c: Ctx) {
    a.call("sqr_fp12_in_mul_fp6_regs", move |a| sqr_fp12_in_mul_fp6_regs(a, &c.k, c.moves, c.m6));
}

/// `products`: each Fp4 squaring's 2·x0·x1 as a product (`Squaring::GrangerScottProducts`).
fn call_cyclotomic_sqr_fp12(a: &mut Asm, c: Ctx, products: bool) {
    a.call("cyclotomic_sqr_fp12", move |a| cyclotomic_sqr_fp12(a, c.fa, c.fa, products));
}

fn call_frobenius_fp12(a: &mut Asm, c: Ctx, n: usize) {
    let name = ["frobenius1_fp12", "frobenius2_fp12"][n - 1];
    a.call(name, move |a| frobenius_fp12(a, &c.k, &c.frob, c.fa, n));
}

/// A ← A·ℓ for the sparse line ℓ = L0 + L1·w (13 mul_fp2, Karatsuba over Fp6 as in
/// eprint 2010/354 §4): t0 = a0·L0, t1 = a1·L1, A = (t0 + t1·v) + ((a0+a1)(L0 + L1) − t0 − t1)·w,
/// with the line's shape ([`LineShape`]) from the twist:
/// - M-type, L0 = K + X·v, L1 = Y·v: t1 = a1·(Y·v) (3 mul_fp2), t0 and (a0+a1)·(K + (X+Y)·v)
///   by `mul_by_01_fp6` (5 each);
/// - D-type, L0 = Y, L1 = X + K·v: t0 = a0·Y (3), t1 and (a0+a1)·((X+Y) + K·v) by
///   `mul_by_01_fp6`.
///
/// The two dense-by-sparse products share the `mul_by_01_fp6` subroutine; its operands are built
/// in place (the line itself lives in its registers, its first two stored values = (b0, b1)), so
/// one copy per line suffices (measured: the copy of (K, X) saved 30 gas per line in every
/// interface). `f` is the accumulator A (one per program: the name identifies the body).
fn call_mul_by_line(a: &mut Asm, c: Ctx, f: Fp12) {
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
fn call_inverse_fp12(a: &mut Asm, c: Ctx, p_minus_2: evm384_arith::Limbs) {
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

/// A ← A^z for A in the cyclotomic subgroup: square-and-multiply over |z| (B keeps the base,
/// and still holds it on return), then, for z < 0, conjugation, the inverse in the cyclotomic
/// subgroup (for z > 0 A^|z| is A^z).
fn call_exp_by_z(a: &mut Asm, c: Ctx, z_bits: Vec<bool>, products: bool) {
    a.call("exp_by_z", move |a| {
        a.copy(c.fb.0, c.fa.0, 12); // B = base
        a.for_bits(&z_bits, |a| call_cyclotomic_sqr_fp12(a, c, products), |a| call_mul_fp12(a, c));
        if c.z_negative {
            conj_fp12(a, &c.k, c.fa, c.fa);
        }
    });
}

/// [`call_exp_by_z`] over the non-adjacent form of |z| (`naf_digits`, leading 1): a digit −1
/// multiplies by conj(B) = B⁻¹ (`mul_fp12_by_conj`: B conjugated in place and back, 12
/// negations against a product saved per such digit; BN254's z: 24 non-zero digits against 28 ones in binary, so
/// 4 products fewer per exponentiation). B still holds the base on return.
fn call_exp_by_z_signed(a: &mut Asm, c: Ctx, digits: Vec<i8>, products: bool) {
    assert_eq!(digits.first(), Some(&1), "a leading digit 1");
    a.call("exp_by_z", move |a| {
        a.copy(c.fb.0, c.fa.0, 12); // B = base
        let mul_by_inverse = move |a: &mut Asm| {
            a.call("mul_fp12_by_conj", move |a| {
                conj_fp12(a, &c.k, c.fb, c.fb); // B = base⁻¹ (cyclotomic)
                call_mul_fp12(a, c);
                conj_fp12(a, &c.k, c.fb, c.fb); // B = base
            })
        };
        for_signed_digits(
            a,
            &digits[1..],
            |a| call_cyclotomic_sqr_fp12(a, c, products),
            |a| call_mul_fp12(a, c),
            mul_by_inverse,
        );
        if c.z_negative {
            conj_fp12(a, &c.k, c.fa, c.fa);
        }
    });
}

/// The non-adjacent form of n > 0, most significant digit first (a leading 1).
fn naf_digits(mut n: u64) -> Vec<i8> {
    assert!(n > 0 && n < 1 << 63, "0 < n < 2^63");
    let mut digits = Vec::new();
    while n != 0 {
        let d: i8 = if n & 1 == 0 { 0 } else { 2 - (n & 3) as i8 };
        n = if d < 0 { n + 1 } else { n - d as u64 } / 2;
        digits.push(d);
    }
    digits.reverse();
    digits
}

/// For each signed digit d of `digits`, most significant first: `always`, then `plus` where
/// d = 1 and `minus` where d = −1; the runs of 0/1 digits as `for_bits` loops, each −1 ending
/// its run as a 0 and followed by `minus` (digits without −1: one `for_bits`).
fn for_signed_digits(
    a: &mut Asm,
    digits: &[i8],
    always: impl FnOnce(&mut Asm) + Copy,
    plus: impl FnOnce(&mut Asm) + Copy,
    minus: impl FnOnce(&mut Asm) + Copy,
) {
    let mut rest = digits;
    while !rest.is_empty() {
        let run = rest.iter().position(|&d| d == -1).map_or(rest.len(), |i| i + 1);
        let bits: Vec<bool> = rest[..run].iter().map(|&d| d == 1).collect();
        a.for_bits(&bits, always, plus);
        if rest[run - 1] == -1 {
            minus(a);
        }
        rest = &rest[run..];
    }
}

/// A ← A^z for A in the cyclotomic subgroup by compressed squarings (Karabina, eprint 2010/542;
/// the exponentiation of Aranha, Karabina, Longa, Gebotys, López, eprint 2010/526 §5.2):
/// A^(2^i) for the set bits i of |z| in compressed form (g2..g5 in B, squared in place),
/// each saved with the numerator and denominator of its g1, then all decompressed with one
/// Fp2 inversion (Montgomery's trick: Montgomery, Math. Comp. 48 (1987) §10.3.1: prefix
/// products dᵢ' = d₀·…·dᵢ while squaring, t = dₙ₋₁'⁻¹, then going back dᵢ⁻¹ = t·dᵢ₋₁',
/// t ← t·dᵢ), multiplied, and conjugated (z < 0). The per-value work is in two subroutines on
/// fixed registers, so the code grows by copies only. A denominator is zero only if A = 1,
/// and then all are (see `karabina_g1_fraction`).
fn call_exp_by_z_compressed(a: &mut Asm, c: Ctx) {
    a.call("exp_by_z", move |a| {
        a.scoped(|a| {
            let set: Vec<u32> = (0..64).filter(|i| (c.z_abs >> i) & 1 == 1).collect();
            let n = set.len();
            let saves: Vec<Fp12> = (0..n).map(|_| Fp12(a.alloc(12))).collect();
            let dens: Vec<Fp2> = (0..n).map(|_| Fp2(a.alloc(2))).collect();
            let pres: Vec<Fp2> = (0..n).map(|_| Fp2(a.alloc(2))).collect();
            // registers of the two subroutines
            let den = Fp2(a.alloc(2)); // dᵢ
            let pre = Fp2(a.alloc(2)); // d₀·…·dᵢ while squaring; dᵢ₋₁' going back
            let t = Fp2(a.alloc(2)); // (d₀·…·dᵢ)⁻¹ going back
            copy_compressed_fp12(a, c.fb, c.fa); // B = compressed A
            a.copy(pre.0, c.k.one, 2);
            let mut done = 0;
            for (j, &i) in set.iter().enumerate() {
                let run = vec![false; (i - done) as usize];
                if !run.is_empty() {
                    a.for_bits(
                        &run,
                        |a| a.call("compressed_sqr_fp12", move |a| compressed_cyclotomic_sqr_fp12(a, c.fb)),
                        |_| {},
                    );
                }
                done = i; // B = A^(2^i), compressed
                a.call("karabina_g1_fraction", move |a| {
                    karabina_g1_fraction(a, &c.k, c.fb, den);
                    mul_fp2(a, pre, pre, den); // d₀·…·dᵢ
                });
                copy_compressed_fp12(a, saves[j], c.fb); // g2..g5 and num
                a.copy(dens[j].0, den.0, 2);
                a.copy(pres[j].0, pre.0, 2);
            }
            inverse_fp2(a, &c.k, c.inv, c.p_minus_2(), t, pre); // t = (d₀·…·dₙ₋₁)⁻¹
            for j in (0..n).rev() {
                copy_compressed_fp12(a, c.fb, saves[j]);
                a.copy(den.0, dens[j].0, 2);
                a.copy(pre.0, if j == 0 { c.k.one } else { pres[j - 1].0 }, 2);
                a.call("karabina_decompress", move |a| {
                    let g1 = karabina_parts(c.fb)[1];
                    mul_fp2(a, pre, pre, t); // dⱼ⁻¹ = t·d₀·…·dⱼ₋₁
                    mul_fp2(a, t, t, den); // t = (d₀·…·dⱼ₋₁)⁻¹
                    mul_fp2(a, g1, g1, pre); // g1 = num/dⱼ
                    karabina_g0(a, &c.k, c.fb);
                }); // B = A^(2^set[j])
                if j == n - 1 {
                    a.copy(c.fa.0, c.fb.0, 12);
                } else {
                    call_mul_fp12(a, c);
                }
            }
            if c.z_negative {
                conj_fp12(a, &c.k, c.fa, c.fa);
            }
        })
    });
}

/// A ← A^z (A cyclotomic) by the exponentiation `squaring` chooses.
/// BN: over the non-adjacent form of |z| ([`call_exp_by_z_signed`]; Karabina's compressed
/// squarings over its binary form).
fn exp_by_z_with(a: &mut Asm, c: Ctx, squaring: Squaring) {
    let (z_bits, _) = c.params_bits();
    let products = squaring == Squaring::GrangerScottProducts;
    match squaring {
        Squaring::GrangerScott | Squaring::GrangerScottProducts if c.family == Family::Bn => {
            call_exp_by_z_signed(a, c, naf_digits(c.z_abs), products)
        }
        Squaring::GrangerScott | Squaring::GrangerScottProducts => call_exp_by_z(a, c, z_bits, products),
        Squaring::Karabina => call_exp_by_z_compressed(a, c),
    }
}

/// The easy part of the final exponentiation, A ← A^((p⁶-1)(p²+1)) (then cyclotomic).
fn final_exp_easy_part(a: &mut Asm, c: Ctx) {
    let (fa, fb, k) = (c.fa, c.fb, c.k);
    conj_fp12(a, &k, fb, fa); // B = f^(p⁶) (inverse_fp12 leaves B alone)
    call_inverse_fp12(a, c, c.p_minus_2()); // A = f⁻¹
    call_mul_fp12(a, c); // A = g = f^(p⁶-1)
    a.copy(fb.0, fa.0, 12);
    call_frobenius_fp12(a, c, 2);
    call_mul_fp12(a, c); // A = m = g^(p²+1), cyclotomic
}

/// A ← A^((p¹²-1)/r) up to a fixed power coprime to r (the check compares with one, and
/// x^e = 1 ⇔ x = 1 for x of order r and e coprime to r): the easy part, then the family's
/// hard part ([`final_exp_bls12`], [`final_exp_bn`]).
fn final_exp(a: &mut Asm, c: Ctx, squaring: Squaring) {
    match c.family {
        Family::Bls12 => final_exp_bls12(a, c, squaring),
        Family::Bn => final_exp_bn(a, c, squaring),
    }
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

/// BN: A ← A^(2z·(6z²+3z+1)·(p¹²-1)/r), the pairing raised to 2z·(6z²+3z+1), a fixed power
/// coprime to r (0 < 2z·(6z²+3z+1) < r, r prime), which the comparison with one does not see
/// (arkworks' `Bn254::final_exponentiation` raises to the same power). Easy part
/// m = f^((p⁶-1)(p²+1)), then the hard part of Fuentes-Castañeda, Knapp, Rodríguez-Henríquez
/// ("Faster hashing to G2", SAC 2011, its BN final exponentiation):
/// 2z·(6z²+3z+1)·Φ₁₂(p)/r = λ₀ + λ₁·p + λ₂·p² + λ₃·p³ as polynomials in z
/// (p = 36z⁴+36z³+24z²+6z+1, r = 36z⁴+36z³+18z²+6z+1; `tests/bn254_pairing.rs` derives them), with
/// λ₀ = 12z³+12z²+6z+1, λ₁ = 12z³+6z²+4z, λ₂ = 12z³+6z²+6z, λ₃ = 12z³+6z²+4z−1,
/// so that λ₂ = λ₁ + 2z, λ₀ = λ₂ + 6z² + 1, λ₃ = λ₁ − 1, evaluated by Horner:
/// (((m^λ₃)^p·m^λ₂)^p·m^λ₁)^p·m^λ₀. The chain (exponent of m after each step; three
/// exponentiations by z, three cyclotomic squarings, ten products, three p-power Frobenius maps,
/// so no p³-power map):
/// ```text
///  A = m^z                 exp_by_z
///  b = m^2z                squaring
///  x = m^4z                squaring
///  A = m^6z                x·b
///  y = m^6z²               exp_by_z
///  A = m^6z³               exp_by_z
///  A = m^12z³              squaring
///  A = m^(12z³+6z²)        ·y
///  x = m^λ₁                ·x   (12z³+6z²+4z)
///  b = m^λ₂                ·b   (λ₁ + 2z)
///  y = m^λ₀                ·y·m (λ₂ + 6z² + 1)
///  A = m^λ₃                x·conj(m) (λ₁ − 1; conj(m) = m⁻¹, m cyclotomic)
///  A = m^(λ₃p + λ₂)        Frobenius, ·b
///  A = m^(λ₃p² + λ₂p + λ₁) Frobenius, ·x
///  A = m^(λ₃p³ + λ₂p² + λ₁p + λ₀)  Frobenius, ·y
/// ```
/// z signed: `exp_by_z` conjugates for z < 0, and the identities hold as polynomials.
fn final_exp_bn(a: &mut Asm, c: Ctx, squaring: Squaring) {
    let (fa, fb, k) = (c.fa, c.fb, c.k);
    let exp_by_z = |a: &mut Asm| exp_by_z_with(a, c, squaring);
    let sqr = |a: &mut Asm| match squaring {
        Squaring::GrangerScott | Squaring::GrangerScottProducts => {
            call_cyclotomic_sqr_fp12(a, c, squaring == Squaring::GrangerScottProducts)
        }
        Squaring::Karabina => {
            // by the Miller loop's squaring, in the mul_fp6 registers (no second routine)
            a.copy(c.m6.xy().0, fa.0, 12);
            call_sqr_fp12_in_mul_fp6_regs(a, c);
            a.copy(fa.0, c.m6.xy().0, 12);
        }
    };
    let mul_by = |a: &mut Asm, x: Fp12| {
        a.copy(fb.0, x.0, 12);
        call_mul_fp12(a, c);
    };
    a.scoped(|a| {
        let [m, b, x, y] = [0; 4].map(|_| Fp12(a.alloc(12)));
        final_exp_easy_part(a, c);
        a.copy(m.0, fa.0, 12); // m
        exp_by_z(a); // m^z
        sqr(a);
        a.copy(b.0, fa.0, 12); // b = m^2z
        sqr(a);
        a.copy(x.0, fa.0, 12); // x = m^4z
        mul_by(a, b); // m^6z
        exp_by_z(a);
        a.copy(y.0, fa.0, 12); // y = m^6z²
        exp_by_z(a); // m^6z³
        sqr(a); // m^12z³
        mul_by(a, y); // m^(12z³+6z²)
        mul_by(a, x);
        a.copy(x.0, fa.0, 12); // x = m^λ₁
        mul_by(a, b);
        a.copy(b.0, fa.0, 12); // b = m^λ₂ = m^(λ₁+2z)
        mul_by(a, y);
        mul_by(a, m);
        a.copy(y.0, fa.0, 12); // y = m^λ₀ = m^(λ₂+6z²+1)
        a.copy(fa.0, x.0, 12);
        conj_fp12(a, &k, fb, m); // B = m⁻¹
        call_mul_fp12(a, c); // m^λ₃ = m^(λ₁−1)
        for coefficient in [b, x, y] {
            // Horner over m^λ₂, m^λ₁, m^λ₀: A ← A^p·m^λᵢ
            call_frobenius_fp12(a, c, 1);
            mul_by(a, coefficient);
        }
    });
}

// ---- Miller loop ---------------------------------------------------------------------------

fn call_line_dbl(a: &mut Asm, c: Ctx) {
    let w = c.w;
    a.call("line_dbl", move |a| line_dbl_projective(a, c.line, c.b3_twist, w.t(), w.px3(), w.py()));
}

fn call_line_add(a: &mut Asm, c: Ctx) {
    let w = c.w;
    a.call("line_add", move |a| line_add_projective(a, c.line, w.t(), (w.qx(), w.qy()), w.px3(), w.py()));
}

/// A ← ∏ᵢ fᵢ(Pᵢ), the optimal ate Miller loop (Vercauteren, eprint 2008/096) over the signed
/// digits of its scalar (`CurveParams::ate_loop_digits`: |z| for BLS12, |6z + 2| for BN), most
/// significant first; one accumulator for all pairs, squared once per digit; each pair's T lives
/// in its record and is updated through the work record. A digit 1 adds Q (T ← T + Q), a digit
/// −1 subtracts it (T ← T − Q: the same addition step with yQ negated in the work record, which
/// the pair loop does not write back, `Work::T_PART`). The runs of 0/1 digits are `for_bits`
/// loops; a −1 ends its run as a 0 (its squaring and doubling), then the subtraction follows.
/// - BLS12: f_{|z|}, conjugated for z < 0 (f_{−|z|} = 1/f_{|z|} up to a factor the final
///   exponentiation removes, and 1/f = conj(f) after it);
/// - BN: f_{|6z+2|}, for z < 0 conjugated and T negated (f_{6z+2}, T = [6z+2]Q), then the two
///   closing lines and, with `test_g2`, the G2 test of every record on the final T
///   (`bn_closing_lines`).
///
/// With `folded` (the hinted check's witness e; BLS12 only): A starts at e and is multiplied by
/// e after every addition step, so that the loop yields F·e^|z| (the exponent of e follows the
/// square-and-multiply pattern of |z|), and F stays unconjugated (F^h = 1 iff the pairing
/// product is 1, h = (p¹²−1)/r).
///
/// Without `folded` the accumulator f lives in the `mul_fp6` registers (`MulFp6Regs::xy`), so
/// its squarings copy nothing in (`sqr_fp12_in_mul_fp6_regs`); A gets f at the end. With
/// `folded` it is A itself (the loop's `mul_fp12` uses those registers).
fn miller_loop(a: &mut Asm, c: Ctx, digits: &[i8], folded: Option<Fp12>, test_g2: bool) {
    assert_eq!(digits.first(), Some(&1), "the loop's scalar has a leading digit 1");
    assert!(digits.len() >= 2, "a loop scalar of at least two digits");
    assert!(folded.is_none() || c.family == Family::Bls12, "the hinted check is written for BLS12 curves");
    let f = if folded.is_none() { c.m6.xy() } else { c.fa };
    let sqr = move |a: &mut Asm| match folded {
        None => call_sqr_fp12_in_mul_fp6_regs(a, c),
        Some(_) => call_sqr_fp12(a, c),
    };
    let dbl_step = move |a: &mut Asm| {
        a.for_each_pair_reading(Work::P_AND_T, |a| {
            call_line_dbl(a, c); // T = 2T, ℓ = tangent at T
            call_mul_by_line(a, c, f); // f = f·ℓ(P)
        })
    };
    let add_step = move |a: &mut Asm| {
        a.for_each_pair(|a| {
            call_line_add(a, c); // T = T + Q, ℓ = chord
            call_mul_by_line(a, c, f);
        });
        if let Some(e) = folded {
            a.copy(c.fb.0, e.0, 12);
            call_mul_fp12(a, c); // f = f·e
        }
    };
    let sub_step = move |a: &mut Asm| {
        let w = c.w;
        a.for_each_pair(|a| {
            neg_fp2(a, &c.k, w.qy(), w.qy()); // −Q in the work record (not written back)
            call_line_add(a, c); // T = T − Q, ℓ = chord
            call_mul_by_line(a, c, f);
        });
    };
    let signed_step = |a: &mut Asm, d: i8| match d {
        1 => add_step(a),
        -1 => sub_step(a),
        _ => {}
    };
    match folded {
        None => {
            a.copy(f.0, c.k.one_fp12, 12); // f = 1
                                           // first bit peeled: f² = 1 needs no squaring
        }
        Some(e) => {
            a.copy(f.0, e.0, 12); // f = e (the top bit of |z|)
            sqr(a);
        }
    }
    dbl_step(a);
    signed_step(a, digits[1]);
    // A signed scalar (BN's 6z + 2: 22 non-zero digits against BLS12-381's 5) splits the loop
    // into many runs, each with its steps written out: there the steps are subroutines, a call
    // at each place (the build's inliner may write them out again where the code has room).
    let steps_as_subroutines = digits.contains(&-1);
    let sqr_dbl_step = move |a: &mut Asm| {
        let body = move |a: &mut Asm| {
            sqr(a); // f = f²
            dbl_step(a);
        };
        if steps_as_subroutines {
            a.call("miller_loop_dbl_step", body);
        } else {
            body(a);
        }
    };
    let add_step = move |a: &mut Asm| match steps_as_subroutines {
        true => a.call("miller_loop_add_step", add_step),
        false => add_step(a),
    };
    let sub_step = move |a: &mut Asm| match steps_as_subroutines {
        true => a.call("miller_loop_sub_step", sub_step),
        false => sub_step(a),
    };
    for_signed_digits(a, &digits[2..], sqr_dbl_step, add_step, sub_step);
    if folded.is_none() {
        match c.family {
            Family::Bls12 if c.z_negative => {
                conj_fp12(a, &c.k, c.fa, f); // f_z = conj(f_|z|) after the final exponentiation
            }
            Family::Bls12 => {}
            Family::Bn => bn_closing_lines(a, c, f, test_g2),
        }
        if !(c.family == Family::Bls12 && c.z_negative) && f.0 != c.fa.0 {
            a.copy(c.fa.0, f.0, 12);
        }
    }
}

/// BN's closing lines (Vercauteren, eprint 2008/096 §4: the optimal ate pairing of a BN curve
/// is f_{6z+2,Q}·ℓ_{[6z+2]Q,Q₁}·ℓ_{[6z+2]Q+Q₁,−Q₂}, from the short vector
/// 6z + 2 + p − p² + p³ ≡ 0 mod r; Aranha et al., eprint 2010/354, Alg. 1 lines 8–11), on the
/// accumulator `f`: for z < 0 first f ← conj(f) and T ← −T (the loop ran over |6z + 2|), then
/// per pair T ← T + Q₁, f ← f·ℓ, and T ← T − Q₂, f ← f·ℓ, with Q₁ = π(Q) = ψ(Q) =
/// (conj(xQ)·r₂, conj(yQ)·s₂) and −Q₂ = −π²(Q) = −ψ²(Q) = (N(r₂)·xQ, yQ) (ψ² = (N(r₂)·x, N(s₂)·y),
/// N(s₂) = −1: `CurveParams::psi2_coefficients`). Both points are made in the work record's Q
/// (−Q₂ first, from Q, into scratch), which the pair loop does not write back.
///
/// With `test_g2`, the G2 test of the pair on the final T, without a multiplication of its own:
/// T = [6z+2]Q + ψ(Q) − ψ²(Q) is −ψ³(Q) = ψ(−Q₂) exactly when α(Q) = O for the endomorphism
/// α = 6z + 2 + ψ − ψ² + ψ³ of the twist, which is zero on G2 (ψ = [p] there and the short
/// vector above). α = a + b·ψ with a = 6z + 2 + p − t·p, b = 1 − t + t² − p (ψ² = t·ψ − p, t the
/// trace), separable (p ∤ a), so its kernel has N(α) = a² + a·b·t + b²·p points, and its
/// kernel in E′(Fp2) (of order r·h, h = 2p − r) has an order dividing gcd(N(α), r·h); where
/// gcd(N(α), h) = 1 and r ∥ N(α) (BN254, BN-P254: [`bn_loop_t_tests_g2`], asserted when the
/// program is written) α(Q) = O ⇔ Q ∈ G2 (the argument of Dai, Lin, Zhao, Zhou, eprint
/// 2022/348, for endomorphism-based membership tests, applied to the loop's own endomorphism).
/// The test, X = x(ψ(−Q₂))·Z, Y = y(ψ(−Q₂))·Z, Z ≠ 0, is BLS12's
/// (`assert_projective_t_is_psi_q` with −Q₂ as its point). The projective steps are exact but
/// where T = ±(the point added) or T = O: T = −S gives (0 : Y : 0), T = S and O + S give
/// (0 : 0 : 0), which stays there, so such an input ends at Z = 0 and is refused; for Q ∈ G2
/// none arises (every multiple [k]Q the loop meets has 1 < k < r − 1, and 6z + 2 ≢ ±p,
/// 6z + 2 + p ≢ ±p² mod r: also asserted).
fn bn_closing_lines(a: &mut Asm, c: Ctx, f: Fp12, test_g2: bool) {
    let (w, k) = (c.w, c.k);
    let n_r2 = c.psi2_r2.expect("N(r₂) for a BN curve");
    if c.z_negative {
        conj_fp12(a, &k, f, f); // f_{6z+2} = conj(f_{|6z+2|}) after the final exponentiation
    }
    a.for_each_pair(|a| {
        a.scoped(|a| {
            if c.z_negative {
                let ty = Fp2(w.t().y());
                neg_fp2(a, &k, ty, ty); // T = [6z + 2]Q (written back with T)
            }
            let minus_q2 = a.alloc(4); // (N(r₂)·xQ, yQ), beside each other as in Q
            mul_fp2_by_fp(a, Fp2(minus_q2), w.qx(), n_r2);
            a.copy(minus_q2 + 2, w.qy().0, 2);
            conj_fp2(a, &k, w.qx(), w.qx());
            mul_fp2(a, w.qx(), w.qx(), c.psi_r2);
            conj_fp2(a, &k, w.qy(), w.qy());
            mul_fp2(a, w.qy(), w.qy(), c.psi_s2); // Q₁ = ψ(Q)
            call_line_add(a, c); // T = T + Q₁
            call_mul_by_line(a, c, f);
            a.copy(w.qx().0, minus_q2, 4); // −Q₂
            call_line_add(a, c); // T = T − Q₂
            call_mul_by_line(a, c, f);
            if test_g2 {
                // T = ψ(−Q₂) = −ψ³(Q), T ≠ O: Q ∈ G2
                assert_projective_t_is_psi_q(a, &k, w.t(), (w.qx(), w.qy()), (c.psi_r2, c.psi_s2), false);
            }
        })
    });
}

/// Whether BN's Miller loop's final T tests G2 membership (`bn_closing_lines`), from p, r and z:
/// α = a + b·ψ, a = 6z + 2 + p − t·p, b = 1 − t + t² − p, t = 6z² + 1, is separable (p ∤ a),
/// r ∥ N(α) = a² + a·b·t + b²·p and gcd(N(α), 2p − r) = 1; and no addition the loop makes for
/// Q ∈ G2 is exceptional: 6z + 2 ≢ ±p, 6z + 2 + p ≢ ±p² (mod r).
pub fn bn_loop_t_tests_g2(curve: &CurveParams) -> bool {
    use num_bigint::BigInt;
    let big = |x: &evm384_arith::Limbs| x.iter().rev().fold(BigInt::from(0), |acc, &l| (acc << 64) + l);
    let (p, r) = (big(&curve.p), big(&curve.r));
    let z = if curve.z_negative { -BigInt::from(curve.z_abs) } else { BigInt::from(curve.z_abs) };
    let t: BigInt = 6 * &z * &z + 1;
    let six_z_2: BigInt = 6 * &z + 2;
    let a: BigInt = &six_z_2 + &p - &t * &p;
    let b: BigInt = 1 - &t + &t * &t - &p;
    let n: BigInt = &a * &a + &a * &b * &t + &b * &b * &p;
    let (mut x, mut y): (BigInt, BigInt) = (n.clone(), 2 * &p - &r);
    while y != BigInt::from(0) {
        (x, y) = (y.clone(), x % y);
    }
    let zero = BigInt::from(0);
    let p2 = &p * &p;
    let not_exceptional =
        [&six_z_2 - &p, &six_z_2 + &p, &six_z_2 + &p - &p2, &six_z_2 + &p + &p2].into_iter().all(|k| k % &r != zero);
    curve.family == Family::Bn
        && &a % &p != zero
        && &n % &r == zero
        && &n % (&r * &r) != zero
        && x == BigInt::from(1)
        && not_exceptional
}

// ---- input decoding and validation ----------------------------------------------------------

/// Reads one Fp of the current input pair into `dst`, in Montgomery form.
fn decode_fp(a: &mut Asm, c: Ctx, dst: Slot, offset: u32) {
    a.load_input(dst, offset, c.r2); // x·R for x < p (INVALID otherwise)
}

/// G1 point of the current pair → (xP, yP) in the work record, validated: on the curve, then
/// for BLS12 φ(P) + [z²]P = O with φ(x, y) = (β·x, y) (a BN curve's G1 is all of E(Fp),
/// #E(Fp) = r: on the curve is in G1).
fn decode_g1(a: &mut Asm, c: Ctx, z2_bits: &[bool], skip_checks: bool) {
    let (x, y) = (c.w.px3(), c.w.py());
    decode_fp(a, c, x, 0);
    decode_fp(a, c, y, c.eip.element_bytes);
    if skip_checks {
        return;
    }
    a.phase(Phase::OnCurve);
    assert_on_curve(a, Deg::Fp, x, y, c.b_g1);
    if c.family == Family::Bls12 {
        a.phase(Phase::Subgroup);
        assert_in_g1(a, &c.k, c.beta, c.r1, (x, y), z2_bits);
    }
    a.phase(Phase::Decode);
}

/// G2 point of the current pair → Q in the work record, validated: on the twist, then, beside
/// P = O (no record: the Miller loop does not test Q), ψ(Q) = [t − 1]Q with
/// ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) (BLS12: [z]Q, Scott, eprint 2021/1130; BN: [6z²]Q,
/// El Housni, Guillevic, Piellard, eprint 2022/352 §4.3; t − 1 ≡ p mod r, the eigenvalue of ψ
/// on G2: `CurveParams::psi_eigenvalue`). Uses T as the accumulator. A pair with a record is
/// tested on the Miller loop's T (`assert_g2_subgroups_after_miller_loop`, `bn_closing_lines`).
fn decode_g2(a: &mut Asm, c: Ctx, skip_checks: bool) {
    let (x, y) = (c.w.qx(), c.w.qy());
    let at = coordinate_offsets(&c.eip, Deg::Fp2); // x.c0, x.c1, y.c0, y.c1 after G1
    for (j, s) in [x.c0(), x.c1(), y.c0(), y.c1()].into_iter().enumerate() {
        decode_fp(a, c, s, c.g1_bytes() + at[j]);
    }
    if skip_checks {
        return;
    }
    a.phase(Phase::OnCurve);
    assert_on_curve(a, Deg::Fp2, x.0, y.0, c.b_g2.0); // b′ of the twist
    let (e, minus) = c.psi_eigenvalue;
    let bits = crate::curves::bits_below_top(&[e as u64, (e >> 64) as u64]);
    a.if_(Cond::InputZero { offset: 0, len: c.g1_bytes() }, |a| {
        a.phase(Phase::Subgroup);
        assert_in_g2_by_miller_loop_steps(a, c, &bits, minus);
    });
    a.phase(Phase::Decode);
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

/// INVALID unless the work record's Q is in G2 by ψ(Q) = [±n]Q (`bits`: n below its leading
/// one; `minus`: the sign; n = |z| for BLS12, 6z² for BN), for a pair whose P is O (it gets no
/// record, so the Miller loop does not test it): T = [n]Q by the Miller loop's own doubling and
/// addition steps (their lines, evaluated at whatever P the record holds, are not used), then
/// T = ±ψ(Q) as after the loop.
fn assert_in_g2_by_miller_loop_steps(a: &mut Asm, c: Ctx, bits: &[bool], minus: bool) {
    let (w, t) = (c.w, c.w.t());
    a.copy(t.x(), w.qx().0, 4); // T = (xQ : yQ : 1)
    a.copy(t.z(), c.k.one, 2);
    a.for_bits(bits, |a| call_line_dbl(a, c), |a| call_line_add(a, c)); // T = [n]Q
    assert_projective_t_is_psi_q(a, &c.k, t, (w.qx(), w.qy()), (c.psi_r2, c.psi_s2), minus);
}

/// Decodes and validates every input pair from calldata byte `start` on; pairs without a point
/// at infinity are appended to the pair-record array as (−3·xP, yP, T = Q, Q).
fn decode_inputs(a: &mut Asm, c: Ctx, skip_checks: bool, start: u32) {
    let (_, z2_bits) = c.params_bits();
    let g1 = || Cond::InputNonZero { offset: 0, len: c.g1_bytes() };
    let g2 = || Cond::InputNonZero { offset: c.g1_bytes(), len: 2 * c.g1_bytes() };
    a.for_each_input_from(start, c.pair_bytes(), |a| {
        a.if_(g1(), |a| decode_g1(a, c, &z2_bits, skip_checks)); // all-zero encodes infinity
        a.if_(g2(), |a| decode_g2(a, c, skip_checks));
        a.if_(g1(), |a| {
            a.if_(g2(), |a| {
                let w = c.w;
                a.scoped(|a| {
                    let t = a.alloc(1);
                    a.add(t, w.px3(), w.px3());
                    a.add(t, t, w.px3());
                    a.sub(w.px3(), c.k.zero, t); // -3·xP
                });
                let t = w.t();
                a.copy(t.x(), w.qx().0, 4); // T = Q
                a.copy(t.z(), c.k.one, 2);
                a.append_pair();
            })
        });
    });
}

/// The whole PAIRING_CHECK program.
pub fn pairing_check_program(curve: &CurveParams, f2mul: F2Mul, opts: ProgramOptions) -> Program {
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&curve.eip);
    let c = Ctx::new(&mut a, curve, opts.moves);
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let stop = |a: &mut Asm, p: Phase| {
        a.phase(p);
        if opts.stop_before == Some(p) {
            a.return_memory();
            true
        } else {
            false
        }
    };
    if !stop(&mut a, Phase::Decode) {
        a.check_input_length(if curve.eip.empty_pairing_is_one {
            InputLength::MultipleOfOrEmpty(c.pair_bytes()) // EIP-197: no pairs, 1
        } else {
            InputLength::MultipleOf(c.pair_bytes())
        });
        decode_inputs(&mut a, c, opts.skip_checks, 0);
        if !stop(&mut a, Phase::MillerLoop) {
            a.if_(Cond::NoPairs, |a| a.return_bool(Cond::NoPairs)); // empty product: 1
            let test_g2 = !opts.skip_checks;
            if test_g2 && curve.family == Family::Bn {
                assert!(bn_loop_t_tests_g2(curve), "{}: the Miller loop's T does not test G2", curve.name);
            }
            miller_loop(&mut a, c, &curve.ate_loop_digits(), None, test_g2);
            if !opts.skip_checks && curve.family == Family::Bls12 {
                assert_g2_subgroups_after_miller_loop(&mut a, c); // BN's: on the loop's final T
            }
            if !stop(&mut a, Phase::FinalExp) {
                a.call("final_exp", move |a| final_exp(a, c, opts.squaring));
                if !stop(&mut a, Phase::Output) {
                    a.return_bool(Cond::Eq(c.fa.0, c.k.one_fp12, 12));
                }
            }
        }
    }
    a.finish()
}

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
pub fn hint_bytes(curve: &CurveParams) -> u32 {
    let subfield = curve.hint_scaling.expect("a curve with a hinted check");
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
pub fn hinted_pairing_check_program(curve: &CurveParams, f2mul: F2Mul, moves: Moves) -> Program {
    let Some(subfield) = curve.hint_scaling else {
        panic!("{}: no hinted pairing check (its scaling factor's structure is not worked out)", curve.name)
    };
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
    let prefix = hint_bytes(curve);
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
    assert_g2_subgroups_after_miller_loop(&mut a, c);
    a.phase(Phase::Hint);
    a.copy(c.fb.0, post.0, 12);
    call_mul_fp12(&mut a, c); // z < 0: F·e^(p+|z|)·w; z > 0: F·c^z·w
    a.phase(Phase::Output);
    a.return_bool(Cond::Eq(c.fa.0, target.map_or(c.k.one_fp12, |t| t.0), 12));
    a.finish()
}

/// Slot of the Fp12 accumulator A (the Miller-loop value, then the pairing value).
pub fn accumulator_slot(curve: &CurveParams, f2mul: F2Mul) -> Slot {
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    Ctx::new(&mut a, curve, Moves::default()).fa.0
}

/// The final exponentiation alone, on the constant `f` (12 Montgomery limbs, w-power order of
/// the slots as in `Fp12`): halts returning memory, the result in the accumulator slots (see
/// [`accumulator_slot`]). For tests and debugging of the final exponentiation on values no
/// Miller loop would produce (e.g. to reach Karabina's g2 = 0 branch).
pub fn final_exp_program(
    curve: &CurveParams,
    f2mul: F2Mul,
    squaring: Squaring,
    f: &[evm384_arith::Limbs; 12],
) -> Program {
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    let c = Ctx::new(&mut a, curve, Moves::default());
    a.set_pair_layout(c.w.0, Work::SLOTS, Work::T_PART);
    let src = a.const_raw(f);
    a.copy(c.fa.0, src, 12);
    a.call("final_exp", move |a| final_exp(a, c, squaring));
    a.return_memory();
    a.finish()
}
