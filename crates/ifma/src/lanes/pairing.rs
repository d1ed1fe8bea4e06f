//! Optimal ate pairing on BLS12-381 over the (8x1)-way tower: eight independent pairings, one per
//! lane. Lines in homogeneous projective coordinates (Costello–Lange–Naehrig, eprint 2010/354,
//! §5 for y^2 = x^3 + b; the same operation counts as Aranha et al., eprint 2010/526, §4),
//! evaluated into blst's sparse shape l0 + l1·v + l2·v·w (its `mul_by_xy00z0_fp12`).
//!
//! Untwisting (M-type twist E': y^2 = x^3 + 4ξ, ψ(x', y') = (x'/w^2, y'/w^3)): the line through
//! untwisted points, evaluated at P = (xP, yP) and multiplied by w^3 and by a factor in Fp2 (both
//! lie in Fp4, killed by the final exponentiation), is (λ'x' - y') - λ'·xP·v + yP·v·w with λ' the
//! slope on E'.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment);
// index loops over limbs and columns read like the formulas.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::TWELVE;
use crate::cyclotomic::{hard_part, pow_z_abs, Cyclotomic};
use crate::lanes::field::*;
use crate::lanes::tower::*;
use crate::miller::{miller_loop, MillerEngine};
use core::mem::MaybeUninit;

/// Eight G1 points (affine, Montgomery), with -xP precomputed for the lines.
#[derive(Clone, Copy)]
pub struct G1x8 {
    pub neg_x: Fp8,
    pub y: Fp8,
}

/// Eight G2 points, affine.
#[derive(Clone, Copy)]
pub struct G2x8 {
    pub x: Fp2x8,
    pub y: Fp2x8,
}

/// Eight G2 points, homogeneous projective (x = X/Z, y = Y/Z).
#[derive(Clone, Copy)]
pub struct G2Projx8 {
    pub x: Fp2x8,
    pub y: Fp2x8,
    pub z: Fp2x8,
}

/// A line l0 + l1·v + l2·v·w evaluated at P.
#[derive(Clone, Copy)]
pub struct Line8 {
    pub l0: Fp2x8,
    pub l1: Fp2x8,
    pub l2: Fp2x8,
}

/// The squaring counts k with |z| = Σ 2^k: 63, 62, 60, 57, 48, 16.
const Z_ABS_BITS: [u32; 6] = [16, 48, 57, 60, 62, 63];

macro_rules! ifma {
    ($($item:item)*) => { $( #[target_feature(enable = "avx512f,avx512ifma")] $item )* };
}

ifma! {
/// T ← 2T and the tangent line at T evaluated at P. With B = Y^2, C = Z^2, E = 3b'C, F = 3E:
/// X3 = 2XY(B - F), Y3 = (B + F)^2 - 12E^2, Z3 = 4B·H with H = (Y+Z)^2 - B - C = 2YZ
/// (2010/354 §5 scaled by 4); line (Y^2 - 3b'Z^2) - 3X^2·xP·v + 2YZ·yP·v·w.
pub fn line_dbl(t: &mut G2Projx8, p: &G1x8) -> Line8 {
    let a = mul_fp2(&t.x, &t.y);                                      // A = XY
    let b = sqr_fp2(&t.y);                                            // B = Y^2
    let c = sqr_fp2(&t.z);                                            // C = Z^2
    let xi_c = mul_by_xi_fp2(&c);                                     // ξZ^2
    let e = Fp2x8 { c0: mul_fp(&xi_c.c0, &splat_fp(&TWELVE)),
                    c1: mul_fp(&xi_c.c1, &splat_fp(&TWELVE)) };       // E = 3b'Z^2 = 12ξZ^2
    let f = mul3_fp2(&e);                                             // F = 3E = 9b'Z^2
    let x2 = sqr_fp2(&t.x);                                           // X^2
    let h = sub_fp2(&sub_fp2(&sqr_fp2(&add_fp2(&t.y, &t.z)), &b), &c); // H = 2YZ
    let x3 = dbl_fp2(&mul_fp2(&a, &sub_fp2(&b, &f)));                 // X3 = 2XY(B - F)
    let e2 = sqr_fp2(&e);                                             // E^2
    let e2_12 = dbl_fp2(&dbl_fp2(&mul3_fp2(&e2)));                    // 12E^2
    let y3 = sub_fp2(&sqr_fp2(&add_fp2(&b, &f)), &e2_12);             // Y3 = (B+F)^2 - 12E^2
    let z3 = dbl_fp2(&dbl_fp2(&mul_fp2(&b, &h)));                     // Z3 = 4BH = 8Y^3Z
    let l0 = sub_fp2(&b, &e);                                         // Y^2 - 3b'Z^2
    let l1 = mul_by_fp_fp2(&mul3_fp2(&x2), &p.neg_x);                 // -3X^2·xP
    let l2 = mul_by_fp_fp2(&h, &p.y);                                 // 2YZ·yP
    *t = G2Projx8 { x: x3, y: y3, z: z3 };
    Line8 { l0, l1, l2 }
}

/// T ← T + Q (Q affine) and the chord through T and Q evaluated at P. With θ = Y - yQ·Z,
/// λ = X - xQ·Z: D = λ^2, E = λ^3, F = Zθ^2, G = XD, H = E + F - 2G,
/// X3 = λH, Y3 = θ(G - H) - YE, Z3 = ZE; line (θxQ - λyQ) - θ·xP·v + λ·yP·v·w.
pub fn line_add(t: &mut G2Projx8, q: &G2x8, p: &G1x8) -> Line8 {
    let th = sub_fp2(&t.y, &mul_fp2(&q.y, &t.z));                     // θ = Y - yQ·Z
    let la = sub_fp2(&t.x, &mul_fp2(&q.x, &t.z));                     // λ = X - xQ·Z
    let d = sqr_fp2(&la);                                             // D = λ^2
    let e = mul_fp2(&la, &d);                                         // E = λ^3
    let f = mul_fp2(&t.z, &sqr_fp2(&th));                             // F = Zθ^2
    let g = mul_fp2(&t.x, &d);                                        // G = Xλ^2
    let h = sub_fp2(&add_fp2(&e, &f), &dbl_fp2(&g));                  // H = E + F - 2G
    let x3 = mul_fp2(&la, &h);                                        // X3 = λH
    let y3 = sub_fp2(&mul_fp2(&th, &sub_fp2(&g, &h)), &mul_fp2(&t.y, &e)); // Y3 = θ(G-H) - YE
    let z3 = mul_fp2(&t.z, &e);                                       // Z3 = ZE
    let l0 = sub_fp2(&mul_fp2(&th, &q.x), &mul_fp2(&la, &q.y));       // θxQ - λyQ
    let l1 = mul_by_fp_fp2(&th, &p.neg_x);                            // -θ·xP
    let l2 = mul_by_fp_fp2(&la, &p.y);                                // λ·yP
    *t = G2Projx8 { x: x3, y: y3, z: z3 };
    Line8 { l0, l1, l2 }
}

/// f·line in the lanes of `active`, f elsewhere (the line is replaced by 1 = (1, 0, 0)).
fn mul_by_line_masked(f: &Fp12x8, l: &Line8, active: Lanes) -> Fp12x8 {
    if active == 0xff {
        return mul_by_line_fp12(f, &l.l0, &l.l1, &l.l2);
    }
    let z = zero_fp2();
    let l0 = select_fp2(active, &l.l0, &one_fp2());
    let l1 = select_fp2(active, &l.l1, &z);
    let l2 = select_fp2(active, &l.l2, &z);
    mul_by_line_fp12(f, &l0, &l1, &l2)
}

}

/// One pair a lane: lane l holds the pair of lane l's product; `active` names the lanes where
/// the pair contributes (inactive: padding or a point at infinity, whose coordinates must still
/// be finite field elements).
#[derive(Clone, Copy)]
pub struct LanePair {
    pub p: G1x8,
    pub q: G2x8,
    pub active: Lanes,
}

ifma! {
/// Multi-Miller loop of the optimal ate pairing, per lane: Π_j f_{|z|,Qj}(Pj), conjugated
/// because z < 0 (`crate::miller`). Pair j contributes in the lanes of `pairs[j].active` only.
pub fn miller_loop_x8(pairs: &[LanePair]) -> Fp12x8 {
    // SAFETY: this function's target features
    unsafe { miller_loop::<LanesMiller>(pairs) }.0
}
}

/// The 8-lane engine's Miller loop steps (`line_dbl`, `line_add`, the sparse line product with
/// inactive lanes' lines replaced by 1, `sqr_fp12`).
pub struct LanesMiller;

impl MillerEngine for LanesMiller {
    type Fp12 = Fp12x8;
    type Pair = LanePair;
    type Point = G2Projx8;
    type Line = Line8;

    #[inline]
    unsafe fn one() -> Fp12x8 {
        unsafe { one_fp12() }
    }
    #[inline]
    unsafe fn start(k: &LanePair) -> G2Projx8 {
        G2Projx8 { x: k.q.x, y: k.q.y, z: unsafe { one_fp2() } }
    }
    #[inline]
    unsafe fn sqr_into(f: &Fp12x8, out: &mut MaybeUninit<Fp12x8>) {
        out.write(unsafe { sqr_fp12(f) });
    }
    #[inline]
    unsafe fn doubling_step(t: &mut G2Projx8, k: &LanePair, line: &mut MaybeUninit<Line8>) {
        line.write(unsafe { line_dbl(t, &k.p) });
    }
    #[inline]
    unsafe fn addition_step(t: &mut G2Projx8, k: &LanePair, line: &mut MaybeUninit<Line8>) {
        line.write(unsafe { line_add(t, &k.q, &k.p) });
    }
    #[inline]
    unsafe fn mul_by_line_into(f: &Fp12x8, k: &LanePair, l: &Line8, out: &mut MaybeUninit<Fp12x8>) {
        out.write(unsafe { mul_by_line_masked(f, l, k.active) });
    }
    #[inline]
    unsafe fn conj(f: &Fp12x8) -> Fp12x8 {
        unsafe { conj_fp12(f) }
    }
}

ifma! {
/// f^|z| with compressed squarings (Karabina, eprint 2010/542): 63 compressed squarings keep
/// f^(2^k) for the six k of `Z_ABS_BITS`, decompressed together with one Fp2 inversion
/// (Montgomery's simultaneous inversion), then 5 multiplications. Lanes where a denominator is
/// 0 (f in a subfield, e.g. f = 1) take the Granger–Scott result. Faster than Granger–Scott
/// squarings; the Fermat inversion in the lanes instead of `inv_fp`'s batched
/// scalar one did not pay there.
fn pow_z_abs_compressed(f: &Fp12x8) -> Fp12x8 {
    let mut c = compress_fp12(f);
    let mut kept = [c; 6];
    let mut next = 0;
    for i in 1..=63 {
        cyclotomic_sqr_compressed_fp12_assign(&mut c);                // f^(2^i), compressed
        if Z_ABS_BITS[next] == i {
            kept[next] = c;
            next += 1;
        }
    }
    let parts: [(Fp2x8, Fp2x8, Fp2x8); 6] = core::array::from_fn(|j| decompress_parts_fp12(&kept[j]));
    let mut degenerate: Lanes = 0;
    for pt in &parts {
        degenerate |= is_zero_fp2(&pt.2);
    }
    // Simultaneous inversion: prefix products of the D's, one inversion, back-substitution.
    let mut prefix = [parts[0].2; 6];
    for j in 1..6 {
        prefix[j] = mul_fp2(&prefix[j - 1], &parts[j].2);             // D_0···D_j
    }
    let mut inv = inv_fp2(&prefix[5]);                                // 1/(D_0···D_5)
    let mut d_inv = [inv; 6];
    for j in (1..6).rev() {
        d_inv[j] = mul_fp2(&inv, &prefix[j - 1]);                     // 1/D_j
        inv = mul_fp2(&inv, &parts[j].2);                             // 1/(D_0···D_{j-1})
    }
    d_inv[0] = inv;
    let mut r = decompress_fp12(&kept[0], &parts[0].0, &parts[0].1, &d_inv[0]);
    for j in 1..6 {
        r = mul_fp12(&r, &decompress_fp12(&kept[j], &parts[j].0, &parts[j].1, &d_inv[j]));
    }
    if degenerate != 0 {
        // SAFETY: this function's features; f is cyclotomic (its precondition).
        r = select_fp12(degenerate, &unsafe { pow_z_abs(f) }, &r);
    }
    r
}

/// f^z = conj(f^|z|) (z < 0, f cyclotomic), compressed squarings.
pub fn exp_by_z_compressed(f: &Fp12x8) -> Fp12x8 {
    conj_fp12(&pow_z_abs_compressed(f))
}

#[cfg(test)]
/// f^z = conj(f^|z|) (z < 0, f cyclotomic).
pub fn exp_by_z(f: &Fp12x8) -> Fp12x8 {
    // SAFETY: this function's features; f is cyclotomic (its precondition).
    conj_fp12(&unsafe { pow_z_abs(f) })
}

/// f^((p^12-1)/r · 3), the exponent blst's `final_exp` uses:
/// easy part f^((p^6-1)(p^2+1)); hard part through 3Φ12(p)/r = (z-1)^2(z+p)(z^2+p^2-1) + 3
/// (Hayashida–Hayasaka–Teruya, eprint 2020/875), 5 exponentiations by z with compressed
/// squarings. Lanes whose easy part is 1 (idle lanes, points at infinity) end as 1; they compute
/// on a copy of a live lane meanwhile, so that the compressed path never meets its f = 1 case.
pub fn final_exp_x8(f: &Fp12x8) -> Fp12x8 {
    let t = mul_fp12(&conj_fp12(f), &inv_fp12(f));                    // f^(p^6-1)
    let y = mul_fp12(&frobenius_fp12(&frobenius_fp12(&t)), &t);       // y = f^((p^6-1)(p^2+1))
    let ones = is_one_fp12(&y);
    if ones == 0xff {
        return one_fp12();
    }
    let y = if ones == 0 { y } else {
        select_fp12(ones, &broadcast_lane_fp12(&y, (!ones).trailing_zeros()), &y)
    };
    // SAFETY: the caller's features; y is cyclotomic (the easy part's output).
    let r = unsafe { hard_part(&y) };
    if ones == 0 { r } else { select_fp12(ones, &one_fp12(), &r) }
}

}

impl Cyclotomic for Fp12x8 {
    #[inline]
    unsafe fn mul(&self, other: &Self) -> Self {
        unsafe { mul_fp12(self, other) }
    }
    #[inline]
    unsafe fn sqr(&self) -> Self {
        unsafe { cyclotomic_sqr_fp12(self) }
    }
    #[inline]
    unsafe fn conj(&self) -> Self {
        unsafe { conj_fp12(self) }
    }
    #[inline]
    unsafe fn frobenius(&self) -> Self {
        unsafe { frobenius_fp12(self) }
    }
    /// Compressed squarings (`exp_by_z_compressed`).
    #[inline]
    unsafe fn exp_by_z(&self) -> Self {
        unsafe { exp_by_z_compressed(self) }
    }
}
