//! The latency path: ONE pairing spread over the lanes (the hybrid layouts of avxbls, Cheng et
//! al.: the independent products of one formula level share one vector multiplication).
//!
//! # Layout
//! An Fp12 value is one `Fp2x8` ("Fp12h"): lane k holds the coefficient of w^k, k = 0..5, in
//! blst's tower (g_j = coefficient of w^(2j), h_j = coefficient of w^(2j+1), w^6 = v^3 = ξ);
//! lanes 6 and 7 are 0 (mod p). A G2 point in homogeneous projective coordinates is one `Fp2x8`
//! with lanes (X, Y, Z), a line one `Fp2x8` with l0, l1, l2 in the lanes of w^0, w^2, w^3.
//!
//! # Products
//! Every step is a few "rounds": one lane-wise Fp2 product (Karatsuba: 3 IFMA products of 8
//! lanes) whose operands are gathered into the lanes by permutes, all rounds of a step
//! accumulated double-width in the IFMA accumulators themselves (`mac_wide_fp`) and reduced
//! once. f·g = Σ_d rot_d(f) ⊙ g_d (schoolbook over w: rot_d(f) lane k = f_{k-d}, or
//! ξ·f_{k-d+6} where k < d): 6 rounds; f·line: 3 rounds; f^2: 4 rounds (each lane's products
//! a_i·a_j, i ≤ j, the factor 2 in the operands; fewer rounds with additions after the
//! reduction measured slower); the cyclotomic squaring: 2 rounds and the ∓2f term; `line_dbl_h`:
//! 2 levels of 1 round, constants (3, 4, 12ξ, -12) folded into unreduced operands so that no
//! modular addition sits between the levels; `line_add_h` (5 times a pairing): 4 levels of
//! `mul_fp2`. Per step, IFMA work (a round 384 IFMA, a reduction of an Fp2 vector 272) is
//! ~75% of the time; the rest is permutes and additions.
//!
//! `examples/hybrid_micro` measures every step against blst's function for the same work;
//! published figures: `evm384 bench native` and the committed files under `results/`.
//!
//! Every function needs avx512f + avx512ifma (module comment of `fp8`). Values are reduced
//! ([0, 2p) per coefficient) like in `tower8`, except the `_nr` operands and a line's l0
//! (< 4p: lines are only product operands).
// Safety of every pub function: it needs avx512f + avx512ifma (module comment of `fp8`);
// index loops over limbs and columns read like the formulas.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::{FROB_W, ONE, P2, Z_ABS};
use crate::cyclotomic::{hard_part, Cyclotomic};
use crate::fp8::*;
use crate::tower8::*;
use core::arch::x86_64::*;

/// Lanes 0..5: the six coefficients of an Fp12 value.
pub const LIVE12: Lanes = 0x3f;
/// Lanes of the odd powers of w (h_0, h_1, h_2): the p^6-Frobenius negates them.
const ODD: Lanes = 0x2a;

/// rot_d index (`perm2`: < 8 from f, ≥ 8 from ξ·f): lane k ← f_{k-d}, or (ξf)_{k-d+6} for k < d.
const ROT: [[i64; 8]; 6] = {
    let mut r = [[0i64; 8]; 6];
    let mut d = 0;
    while d < 6 {
        let mut k = 0;
        while k < 6 {
            r[d][k] = if k >= d { (k - d) as i64 } else { (8 + k + 6 - d) as i64 };
            k += 1;
        }
        d += 1;
    }
    r
};

/// k1·a + k2·b in radix 2^52 (signed carries; the result must be ≥ 0).
const fn lin(a: [u64; 8], k1: i64, b: [u64; 8], k2: i64) -> [u64; 8] {
    let mut r = [0u64; 8];
    let mut carry: i64 = 0;
    let mut i = 0;
    while i < 8 {
        let v = k1 * a[i] as i64 + k2 * b[i] as i64 + carry;
        r[i] = (v & ((1 << 52) - 1)) as u64;
        carry = v >> 52; // floor division by 2^52
        i += 1;
    }
    r
}
/// 2 in Montgomery form: 2·(R mod p) < 2p.
const TWO: [u64; 8] = lin(ONE, 2, ONE, 0);
/// -2 in Montgomery form: 2p - 2·(R mod p), in (0, 2p).
const NEG_TWO: [u64; 8] = lin(P2, 1, ONE, -2);

/// 6p: subtrahends below 6p stay nonnegative (`sub_nr_fp2`).
const P6: [u64; 8] = lin(P2, 3, P2, 0);

/// Lane d in every lane.
const BCAST: [[i64; 8]; 6] = [[0; 8], [1; 8], [2; 8], [3; 8], [4; 8], [5; 8]];

/// Two Fp6 values in lanes 0..2 and 3..5 (coefficients of v^0, v^1, v^2): rot_d within each
/// group of three (v^3 = ξ: the wrapped terms from ξ·a, indices ≥ 8), and b_d of each group.
const ROT6: [[i64; 8]; 3] =
    [[0, 1, 2, 3, 4, 5, 0, 0], [8 + 2, 0, 1, 8 + 5, 3, 4, 0, 0], [8 + 1, 8 + 2, 0, 8 + 4, 8 + 5, 3, 0, 0]];
const PICK6: [[i64; 8]; 3] = [[0, 0, 0, 3, 3, 3, 0, 0], [1, 1, 1, 4, 4, 4, 0, 0], [2, 2, 2, 5, 5, 5, 0, 0]];

/// One (P, Q) pair prepared for the lines: the constant operands of their products.
#[derive(Clone, Copy)]
pub struct Pairh {
    /// (xQ, yQ, 1): the start of T.
    pub q: Fp2x8,
    /// (yQ, xQ) in lanes 0, 1: the first level of `line_add_h`.
    pub yx: Fp2x8,
    /// -xP, yP in lanes 4, 5: the right operands of `line_dbl_h_r`'s second level.
    pub kd: Fp2x8,
    /// xQ, yQ, -xP, yP in lanes 3..6: the right operands of `line_add_h`'s third level.
    pub ka: Fp2x8,
    /// -xP, yP in lanes 3, 4: the right operands of `line_dbl_h`'s second level.
    pub kd2: Fp2x8,
}

/// An Fp2 operand with its Karatsuba sum: [c0, c1, c0 + c1].
type Kara = [Fp8; 3];

macro_rules! ifma {
    ($($item:item)*) => { $( #[target_feature(enable = "avx512f,avx512ifma")] $item )* };
}

ifma! {
// ---------------------------------------------------------------- lane moves
#[inline]
fn ix(i: [i64; 8]) -> __m512i {
    // SAFETY: 64-byte read of a [i64; 8].
    unsafe { _mm512_loadu_si512(i.as_ptr() as *const _) }
}

/// Lane l ← lane idx[l] of a where m has bit l, else 0.
#[inline]
pub fn perm_fp(m: Lanes, idx: [i64; 8], a: &Fp8) -> Fp8 {
    let v = ix(idx);
    Fp8(vecs!(8, |i| _mm512_maskz_permutexvar_epi64(m, v, a.0[i])))
}

/// Lane l ← lane idx[l] of a‖b (idx < 8: a, ≥ 8: b) where m has bit l, else 0.
#[inline]
pub fn perm2_fp(m: Lanes, idx: [i64; 8], a: &Fp8, b: &Fp8) -> Fp8 {
    let v = ix(idx);
    Fp8(vecs!(8, |i| _mm512_maskz_permutex2var_epi64(m, a.0[i], v, b.0[i])))
}

#[inline]
pub fn perm_fp2(m: Lanes, idx: [i64; 8], a: &Fp2x8) -> Fp2x8 {
    Fp2x8 { c0: perm_fp(m, idx, &a.c0), c1: perm_fp(m, idx, &a.c1) }
}

/// Lane j of a in every lane.
#[inline]
pub fn bcast_fp2(a: &Fp2x8, j: i64) -> Fp2x8 {
    perm_fp2(0xff, [j; 8], a)
}

/// Lane l of the result = lane l of srcs[l] (lanes past srcs.len(): 0).
#[inline]
pub fn pick_fp2(srcs: &[&Fp2x8]) -> Fp2x8 {
    let mut r = zero_fp2();
    for (l, s) in srcs.iter().enumerate() {
        r = select_fp2(1 << l, s, &r);
    }
    r
}

/// Lane l ← lane idx[l] of a where m has bit l, else 0 (double-width).
#[inline]
pub fn perm_wide_fp(m: Lanes, idx: [i64; 8], a: &Wide8) -> Wide8 {
    let v = ix(idx);
    Wide8 {
        t: vecs!(16, |k| _mm512_maskz_permutexvar_epi64(m, v, a.t[k])),
        bound: a.bound,
        mag: a.mag,
    }
}

#[inline]
pub fn perm_wide_fp2(m: Lanes, idx: [i64; 8], a: &Fp2Wide) -> Fp2Wide {
    Fp2Wide { c0: perm_wide_fp(m, idx, &a.c0), c1: perm_wide_fp(m, idx, &a.c1) }
}

/// Per lane: m set → a, clear → b (double-width; the bounds of the larger).
#[inline]
pub fn select_wide_fp(m: Lanes, a: &Wide8, b: &Wide8) -> Wide8 {
    Wide8 {
        t: vecs!(16, |k| _mm512_mask_blend_epi64(m, b.t[k], a.t[k])),
        bound: a.bound.max(b.bound),
        mag: a.mag.max(b.mag),
    }
}

#[inline]
pub fn select_wide_fp2(m: Lanes, a: &Fp2Wide, b: &Fp2Wide) -> Fp2Wide {
    Fp2Wide { c0: select_wide_fp(m, &a.c0, &b.c0), c1: select_wide_fp(m, &a.c1, &b.c1) }
}

#[inline]
pub fn sub_nr_fp2(a: &Fp2x8, b: &Fp2x8, kp: &[u64; 8]) -> Fp2x8 {
    Fp2x8 { c0: sub_nr_fp(&a.c0, &b.c0, kp), c1: sub_nr_fp(&a.c1, &b.c1, kp) }
}

/// Lane-wise a | b: the union of two zero-masked gathers with disjoint lanes.
#[inline]
fn or_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 {
    Fp2x8 {
        c0: Fp8(vecs!(8, |i| _mm512_or_si512(a.c0.0[i], b.c0.0[i]))),
        c1: Fp8(vecs!(8, |i| _mm512_or_si512(a.c1.0[i], b.c1.0[i]))),
    }
}

#[inline]
pub fn perm2_fp2(m: Lanes, idx: [i64; 8], a: &Fp2x8, b: &Fp2x8) -> Fp2x8 {
    Fp2x8 { c0: perm2_fp(m, idx, &a.c0, &b.c0), c1: perm2_fp(m, idx, &a.c1, &b.c1) }
}

/// a·ξ = (a0 - a1) + (a0 + a1)u, unreduced: < 4p for reduced a (only as a product operand).
#[inline]
pub fn mul_by_xi_nr_fp2(a: &Fp2x8) -> Fp2x8 {
    Fp2x8 { c0: sub_nr_fp(&a.c0, &a.c1, &P2), c1: add_nr_fp(&a.c0, &a.c1) }
}

/// An Fp2 operand with its Karatsuba sum.
#[inline]
fn kara(a: &Fp2x8) -> Kara {
    [a.c0, a.c1, add_nr_fp(&a.c0, &a.c1)]
}

/// 12a = 4·3a.
#[inline]
fn mul12_fp2(a: &Fp2x8) -> Fp2x8 {
    dbl_fp2(&dbl_fp2(&mul3_fp2(a)))
}

// ---------------------------------------------------------------- Fp12h
#[inline]
pub fn one_fp12h() -> Fp2x8 {
    select_fp2(1, &one_fp2(), &zero_fp2())
}

/// a^(p^6) = conj(a): the odd powers of w negated.
#[inline]
pub fn conj_fp12h(a: &Fp2x8) -> Fp2x8 {
    select_fp2(ODD, &neg_fp2(a), a)
}

/// acc_{0,1,2} += rot(a) ⊙ pick(b), the three Karatsuba products of Fp2 per lane
/// (a0b0, a1b1, (a0+a1)(b0+b1)); `ax` = ξa, `s` = the c0 + c1 sums of a, ξa, b; `rot` indexes
/// a‖ξa, `pick` indexes b.
#[inline]
fn mac_rot(acc: &mut [Wide8; 3], a: &Fp2x8, ax: &Fp2x8, s: &[Fp8; 3], b: &Fp2x8, rot: [i64; 8], pick: [i64; 8]) {
    let x = [perm2_fp(LIVE12, rot, &a.c0, &ax.c0),                       // rot(a).c0
             perm2_fp(LIVE12, rot, &a.c1, &ax.c1),                       // rot(a).c1
             perm2_fp(LIVE12, rot, &s[0], &s[1])];                       // rot(a).c0 + .c1
    let y = [perm_fp(0xff, pick, &b.c0), perm_fp(0xff, pick, &b.c1), perm_fp(0xff, pick, &s[2])];
    mac_k(acc, &x, &y);                                                   // + a0b0, a1b1, (a0+a1)(b0+b1)
}

/// x ⊙ y per lane into fresh Karatsuba accumulators (zeroed in registers, not in memory:
/// measured ~4% of the pairing in `memset` with zeroed accumulators in memory).
#[inline]
fn mul_k(x: &Kara, y: &Kara) -> [Wide8; 3] {
    [mul_wide_fp(&x[0], &y[0]), mul_wide_fp(&x[1], &y[1]), mul_wide_fp(&x[2], &y[2])]
}

#[inline]
fn perm_k(m: Lanes, idx: [i64; 8], a: &Kara) -> Kara {
    [perm_fp(m, idx, &a[0]), perm_fp(m, idx, &a[1]), perm_fp(m, idx, &a[2])]
}

#[inline]
fn perm2_k(m: Lanes, idx: [i64; 8], a: &Kara, b: &Kara) -> Kara {
    [perm2_fp(m, idx, &a[0], &b[0]), perm2_fp(m, idx, &a[1], &b[1]), perm2_fp(m, idx, &a[2], &b[2])]
}

/// acc += x ⊙ y per lane (the three Karatsuba accumulators of Fp2).
#[inline]
fn mac_k(acc: &mut [Wide8; 3], x: &Kara, y: &Kara) {
    for i in 0..3 {
        mac_wide_fp(&mut acc[i], &x[i], &y[i]);
    }
}

/// The Fp2 value of the accumulators: c0 = Σx0y0 - Σx1y1, c1 = Σ(x0+x1)(y0+y1) - Σx0y0 - Σx1y1.
#[inline]
fn redc_karatsuba(acc: &[Wide8; 3]) -> Fp2x8 {
    let c0 = sub_wide_fp(&acc[0], &acc[1]);
    let c1 = sub_wide_fp(&sub_wide_fp(&acc[2], &acc[0]), &acc[1]);
    Fp2x8 { c0: redc_wide_fp(&c0), c1: redc_wide_fp(&c1) }
}

/// Σ_{d ∈ ds} rot[d](a) ⊙ pick[d](b), reduced: c0 = Σa0b0 - Σa1b1,
/// c1 = Σ(a0+a1)(b0+b1) - Σa0b0 - Σa1b1.
#[inline]
fn mul_rot(a: &Fp2x8, b: &Fp2x8, rot: &[[i64; 8]], pick: &[[i64; 8]], ds: &[usize]) -> Fp2x8 {
    redc_wide_fp2(&mul_rot_wide(a, b, rot, pick, ds))
}

#[inline]
fn mul_rot_wide(a: &Fp2x8, b: &Fp2x8, rot: &[[i64; 8]], pick: &[[i64; 8]], ds: &[usize]) -> Fp2Wide {
    let ax = mul_by_xi_nr_fp2(a);                                            // ξ·a: w^6 = v^3 = ξ
    let s = [add_nr_fp(&a.c0, &a.c1), add_nr_fp(&ax.c0, &ax.c1), add_nr_fp(&b.c0, &b.c1)];
    let (d0, rest) = ds.split_first().expect("at least one product");
    let x = [perm2_fp(LIVE12, rot[*d0], &a.c0, &ax.c0), perm2_fp(LIVE12, rot[*d0], &a.c1, &ax.c1),
             perm2_fp(LIVE12, rot[*d0], &s[0], &s[1])];
    let y = [perm_fp(0xff, pick[*d0], &b.c0), perm_fp(0xff, pick[*d0], &b.c1), perm_fp(0xff, pick[*d0], &s[2])];
    let mut acc = mul_k(&x, &y);
    for &d in rest {
        mac_rot(&mut acc, a, &ax, &s, b, rot[d], pick[d]);
    }
    let c0 = sub_wide_fp(&acc[0], &acc[1]);                               // Σ a0b0 - a1b1
    let c1 = sub_wide_fp(&sub_wide_fp(&acc[2], &acc[0]), &acc[1]);        // Σ a0b1 + a1b0
    Fp2Wide { c0, c1 }
}

#[inline]
fn mul_rot_fp12h(a: &Fp2x8, b: &Fp2x8, ds: &[usize]) -> Fp2x8 {
    mul_rot(a, b, &ROT, &BCAST, ds)
}

/// a·b in Fp12: 6 lane-wise Fp2 products (18 IFMA multiplications of 8 lanes), 2 reductions.
pub fn mul_fp12h(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 {
    mul_rot_fp12h(a, b, &[0, 1, 2, 3, 4, 5])
}

/// a^2 by complex squaring over Fp6 (the previous `sqr_fp12h`, kept to A/B; a = a0 + a1·w,
/// a0 = (g0, g1, g2), a1 = (h0, h1, h2)):
/// t = a0·a1, s = (a0 + a1)(a0 + v·a1), a^2 = (s - t - v·t) + 2t·w. The two Fp6 products are
/// one lane-wise product of two Fp6 values side by side (lanes 0..2, 3..5; 3 Fp2 products per
/// lane), half the work of `mul_fp12h`.
pub fn sqr_fp12h_c(a: &Fp2x8) -> Fp2x8 {
    let ax = mul_by_xi_fp2(a);                                            // ξa
    let a0 = perm_fp2(0x3f, [0, 2, 4, 0, 2, 4, 0, 0], a);                 // [a0, a0]
    let a1 = perm_fp2(0x38, [0, 0, 0, 1, 3, 5, 0, 0], a);                 // [0, a1]
    let l = add_nr_fp2(&a0, &a1);                                         // [a0, a0 + a1]
    let va1 = Fp2x8 {                                                     // [a1, v·a1] = [h0 h1 h2, ξh2 h0 h1]
        c0: perm2_fp(0x3f, [1, 3, 5, 8 + 5, 1, 3, 0, 0], &a.c0, &ax.c0),
        c1: perm2_fp(0x3f, [1, 3, 5, 8 + 5, 1, 3, 0, 0], &a.c1, &ax.c1),
    };
    let a0h = perm_fp2(0x38, [0, 0, 0, 0, 2, 4, 0, 0], a);                // [0, a0]
    let r = add_nr_fp2(&va1, &a0h);                                       // [a1, a0 + v·a1]
    let w = mul_rot(&l, &r, &ROT6, &PICK6, &[0, 1, 2]);                  // [t, s] (Fp6 each)
    // w^0..w^5 ← s0 - t0 - ξt2, 2t0, s1 - t1 - t0, 2t1, s2 - t2 - t1, 2t2
    let x = perm_fp2(LIVE12, [3, 0, 4, 1, 5, 2, 0, 0], &w);               // [s0, t0, s1, t1, s2, t2]
    let y = perm_fp2(LIVE12, [0, 0, 1, 1, 2, 2, 0, 0], &w);               // [t0, t0, t1, t1, t2, t2]
    let z = perm_fp2(0x15, [2, 0, 0, 0, 1, 0, 0, 0], &w);                 // [t2, 0, t0, 0, t1, 0]
    let z = select_fp2(0x01, &mul_by_xi_fp2(&z), &z);                     // (v·t) in the even lanes
    let yz = select_fp2(ODD, &neg_fp2(&y), &add_fp2(&y, &z));            // [t0 + ξt2, -t0, ..]
    sub_fp2(&x, &yz)
}

/// a^2 lane by lane: lane k = Σ_{i+j ≡ k mod 6} a_i·a_j (·ξ when
/// i + j ≥ 6), each unordered pair once with the factor 2 on its second operand: 4 rounds
/// (3 in the odd lanes) of u ∈ a‖ξa by v ∈ a‖2a, one reduction, no addition after it.
/// Faster in `hybrid_micro` than `sqr_fp12h_c` (3 rounds, but modular additions after the
/// reduction) and than `mul_fp12h(a, a)`.
pub fn sqr_fp12h(a: &Fp2x8) -> Fp2x8 {
    const U: [[i64; 8]; 4] = [
        [0, 0, 1, 0, 2, 0, 0, 0],
        [8 + 3, 8 + 2, 8 + 4, 1, 8 + 5, 1, 0, 0],
        [8 + 1, 8 + 3, 0, 8 + 4, 0, 2, 0, 0],
        [8 + 2, 0, 8 + 3, 0, 1, 0, 0, 0],
    ];
    const V: [[i64; 8]; 4] = [
        [0, 8 + 1, 1, 8 + 3, 2, 8 + 5, 0, 0],
        [3, 8 + 5, 4, 8 + 2, 5, 8 + 4, 0, 0],
        [8 + 5, 8 + 4, 8 + 2, 8 + 5, 8 + 4, 8 + 3, 0, 0],
        [8 + 4, 0, 8 + 5, 0, 8 + 3, 0, 0, 0],
    ];
    let ax = mul_by_xi_nr_fp2(a);                                         // ξa < 4p
    let a2 = add_nr_fp2(a, a);                                            // 2a < 4p
    let ka = kara(a);
    let kx = kara(&ax);
    let k2 = kara(&a2);
    let mut acc = mul_k(&perm2_k(LIVE12, U[0], &ka, &kx), &perm2_k(LIVE12, V[0], &ka, &k2));
    for r in 1..4 {
        let m = if r == 3 { 0x15 } else { LIVE12 };                      // the odd lanes have 3 terms
        mac_k(&mut acc, &perm2_k(m, U[r], &ka, &kx), &perm2_k(m, V[r], &ka, &k2));
    }
    redc_karatsuba(&acc)
}

/// f·(l0 + l1·v + l2·v·w), the line in the lanes of w^0, w^2, w^3: 3 lane-wise Fp2 products.
pub fn mul_by_line_fp12h(f: &Fp2x8, l: &Fp2x8) -> Fp2x8 {
    mul_rot_fp12h(f, l, &[0, 2, 3])
}

/// Granger–Scott squaring in the cyclotomic subgroup (eprint 2009/565 §3.2, as
/// `tower8::cyclotomic_sqr_fp12`): over Fp4 = Fp2[s]/(s^2 - ξ), s = w^3, A = (g0, h1),
/// B = (h0, g2), C = (g1, h2) are the lane pairs (0, 3), (1, 4), (2, 5): x = lanes 0..2,
/// y = lanes 3..5. With X^2 = (x^2 + ξy^2) + 2xy·s, f^2 = (3A^2 - 2conj(A)) +
/// (3s·C^2 + 2conj(B))w + (3B^2 - 2conj(C))w^2, i.e. lane by lane (w^0..w^5):
/// 3(x_A^2 + ξy_A^2) - 2g0, 3ξ·2x_Cy_C + 2h0, 3(x_B^2 + ξy_B^2) - 2g1, 3·2x_Ay_A + 2h1,
/// 3(x_C^2 + ξy_C^2) - 2g2, 3·2x_By_B + 2h2: every lane is u1·v1 + u2·v2 + f·(∓2) with its
/// factors gathered from f, 3f, 3ξf, all accumulated double-width and reduced once (no
/// modular addition after the products). Faster in `hybrid_micro` than
/// `cyclotomic_sqr_fp12h_r` (the Fp4 squares as separate products, reduced additions after
/// them).
pub fn cyclotomic_sqr_fp12h(f: &Fp2x8) -> Fp2x8 {
    let fx = mul_by_xi_nr_fp2(f);                                         // ξf < 4p
    let f3 = add_nr_fp2(&add_nr_fp2(f, f), f);                            // 3f < 6p
    let fx3 = add_nr_fp2(&add_nr_fp2(&fx, &fx), &fx);                     // 3ξf < 12p (sums < 24p, by f's < 4p)
    let a = [f3.c0, f3.c1, add_nr_fp(&f3.c0, &f3.c1)];                    // 3f with its c0 + c1
    let ax = [fx3.c0, fx3.c1, add_nr_fp(&fx3.c0, &fx3.c1)];               // 3ξf
    let b = [f.c0, f.c1, add_nr_fp(&f.c0, &f.c1)];                        // f
    let u1 = perm2_k(LIVE12, [0, 8 + 2, 1, 0, 2, 1, 0, 0], &a, &ax);      // [3x_A, 3ξx_C, 3x_B, 3x_A, 3x_C, 3x_B]
    let v1 = perm_k(LIVE12, [0, 5, 1, 3, 2, 4, 0, 0], &b);                // [x_A, y_C, x_B, y_A, x_C, y_B]
    let mut acc = mul_k(&u1, &v1);
    let u2 = perm2_k(LIVE12, [8 + 3, 8 + 5, 8 + 4, 3, 8 + 5, 4, 0, 0], &a, &ax); // [3ξy_A, 3ξy_C, 3ξy_B, 3y_A, 3ξy_C, 3y_B]
    let v2 = perm_k(LIVE12, [3, 2, 4, 0, 5, 1, 0, 0], &b);                // [y_A, x_C, y_B, x_A, y_C, x_B]
    mac_k(&mut acc, &u2, &v2);
    // ∓2f as products by the constants ∓2 (c1 = 0): measured 3-6% faster than adding it
    // after the reduction with modular additions.
    let k = select_fp(0x15, &splat_fp(&NEG_TWO), &splat_fp(&TWO));        // -2 (g's), +2 (h's)
    mac_wide_fp(&mut acc[0], &b[0], &k);                                  // + f.c0·(∓2)
    mac_wide_fp(&mut acc[2], &b[2], &k);                                  // + (f.c0 + f.c1)·(∓2)
    redc_karatsuba(&acc)
}

/// `cyclotomic_sqr_fp12h` with the Fp4 combination reduced (not double-width): kept to A/B.
pub fn cyclotomic_sqr_fp12h_r(f: &Fp2x8) -> Fp2x8 {
    let x = perm_fp2(0x07, [0, 1, 2, 0, 0, 0, 0, 0], f);                 // x_A, x_B, x_C
    let y = perm_fp2(0x07, [3, 4, 5, 0, 0, 0, 0, 0], f);                 // y_A, y_B, y_C
    let xpy = add_nr_fp2(&x, &y);                                         // x + y
    let xpxy = add_nr_fp2(&x, &mul_by_xi_fp2(&y));                        // x + ξy
    let l = select_fp2(0x38, &perm_fp2(0x38, [0, 0, 0, 0, 1, 2, 0, 0], &xpy), &x); // [x, x+y]
    let r = select_fp2(0x38, &perm_fp2(0x38, [0, 0, 0, 0, 1, 2, 0, 0], &xpxy), &y); // [y, x+ξy]
    let p = mul_fp2(&l, &r);                                              // [xy, (x+y)(x+ξy)]
    let m = perm_fp2(0x38, [0, 0, 0, 0, 1, 2, 0, 0], &p);                 // xy in lanes 3..5
    let q = sub_fp2(&sub_fp2(&p, &m), &mul_by_xi_fp2(&m));                // [xy, x^2 + ξy^2]
    let q = select_fp2(0x07, &dbl_fp2(&q), &q);                           // [2xy, x^2 + ξy^2] = [r1, r0]
    let t = perm_fp2(LIVE12, [3, 2, 4, 0, 5, 1, 0, 0], &q);
    let t = select_fp2(0x02, &mul_by_xi_fp2(&t), &t);
    let u = select_fp2(0x15, &sub_fp2(&t, f), &add_fp2(&t, f));           // t - f (g's), t + f (h's)
    add_fp2(&dbl_fp2(&u), &t)                                             // 3t ∓ 2f
}

/// a^p: the coefficient of w^k ↦ conj(c)·ξ^(k(p-1)/6) (one lane-wise product by constants).
pub fn frobenius_fp12h(a: &Fp2x8) -> Fp2x8 {
    let k = Fp2x8 {
        c0: pack_fp(&core::array::from_fn(|l| if l < 6 { FROB_W[l][0] } else { [0; 8] })),
        c1: pack_fp(&core::array::from_fn(|l| if l < 6 { FROB_W[l][1] } else { [0; 8] })),
    };
    mul_fp2(&conj_fp2(a), &k)
}

// ---------------------------------------------------------------- lines
/// T ← 2T and the tangent line at P (the formulas of `pairing8::line_dbl`, 2010/354 §5), two
/// levels of lane-wise products whose operands carry the constants, so that no modular
/// addition sits between them: [XY, Y^2, E = (4Z)(3ξZ) = 12ξZ^2 = 3b'Z^2, (3X)X, H = (2Y)Z],
/// then with B = Y^2, F = 3E: [X3 = (2XY)(B-F), (B+F)^2, Z3 = (4B)H, -3X^2·xP, H·yP, (-12E)E];
/// Y3 = (B+F)^2 - 12E^2; line (B - E, -3X^2·xP, H·yP). Operands are unreduced (< 24p), each
/// product's Karatsuba sums stay below 256p^2 (the bound `mac_wide_fp` books).
pub fn line_dbl_h(t: &mut Fp2x8, k: &Pairh) -> Fp2x8 {
    let t2 = add_nr_fp2(t, t);                                            // 2T
    let t3 = add_nr_fp2(&t2, t);                                          // 3T
    let t4 = add_nr_fp2(&t2, &t2);                                        // 4T < 8p
    let xt = mul_by_xi_fp2(t);                                            // ξT
    let x3 = add_nr_fp2(&add_nr_fp2(&xt, &xt), &xt);                      // 3ξT < 6p
    let u = or_fp2(&perm2_fp2(0x13, [0, 1, 0, 0, 8 + 1, 0, 0, 0], t, &t2),
                   &perm2_fp2(0x0c, [0, 0, 8 + 2, 0, 0, 0, 0, 0], &t3, &t4)); // [X, Y, 4Z, 3X, 2Y]
    let v = perm2_fp2(0x1f, [1, 1, 8 + 2, 0, 2, 0, 0, 0], t, &x3);        // [Y, Y, 3ξZ, X, Z]
    let acc = mul_k(&kara(&u), &kara(&v));
    let p1 = redc_karatsuba(&acc);                                        // [A = XY, B, E, 3X^2, H = 2YZ]
    let b = bcast_fp2(&p1, 1);                                            // B = Y^2
    let e = bcast_fp2(&p1, 2);                                            // E = 3b'Z^2
    let e3 = add_nr_fp2(&add_nr_fp2(&e, &e), &e);                         // F = 3E < 6p
    let bpf = add_nr_fp2(&b, &e3);                                        // B + F < 8p
    let bmf = sub_nr_fp2(&b, &e3, &P6);                                   // B - F (+6p) < 8p
    let b2 = add_nr_fp2(&b, &b);
    let b4 = add_nr_fp2(&b2, &b2);                                        // 4B
    let ne = sub_nr_fp2(&zero_fp2(), &e, &P2);                            // -E (+2p)
    let n2 = add_nr_fp2(&ne, &ne);
    let n4 = add_nr_fp2(&n2, &n2);
    let n12 = add_nr_fp2(&add_nr_fp2(&n4, &n4), &n4);                     // -12E < 24p
    let a2 = add_nr_fp2(&p1, &p1);                                        // 2A in lane 0
    let u2 = pick_fp2(&[&a2, &bpf, &b4, &p1, &p1, &n12]);                 // [2A, B+F, 4B, 3X^2, H, -12E]
    let v2 = select_fp2(0x07, &pick_fp2(&[&bmf, &bpf, &bcast_fp2(&p1, 4)]),
                        &select_fp2(0x20, &e, &k.kd2));                   // [B-F, B+F, H, -xP, yP, E]
    let acc = mul_k(&kara(&u2), &kara(&v2));
    let p2 = redc_karatsuba(&acc);                                        // [X3, (B+F)^2, Z3, l1, l2, -12E^2]
    *t = add_fp2(&perm_fp2(0x07, [0, 1, 2, 0, 0, 0, 0, 0], &p2),
                 &perm_fp2(0x02, [0, 5, 0, 0, 0, 0, 0, 0], &p2));         // [X3, Y3, Z3]
    let l0 = sub_nr_fp2(&b, &e, &P2);                                     // B - E (+2p) < 4p
    select_fp2(0x01, &l0, &perm_fp2(0x0c, [0, 0, 3, 4, 0, 0, 0, 0], &p2)) // (l0, ·, l1, l2)
}

/// `line_dbl_h` with reduced additions between the levels (kept to A/B).
/// T ← 2T and the tangent line at P (the formulas of `pairing8::line_dbl`, 2010/354 §5), two
/// levels of products: [XY, Y^2, Z^2, X^2, (Y+Z)^2], then with B = Y^2, C = Z^2, E = 12ξC,
/// F = 3E, H = (Y+Z)^2 - B - C: [XY(B-F), E^2, (B+F)^2, BH, -3X^2·xP, H·yP];
/// X3 = 2XY(B-F), Y3 = (B+F)^2 - 12E^2, Z3 = 4BH, line (B - E, -3X^2·xP, H·yP).
pub fn line_dbl_h_r(t: &mut Fp2x8, k: &Pairh) -> Fp2x8 {
    let z4 = perm_fp2(0x10, [0, 0, 0, 0, 2, 0, 0, 0], t);                // Z in lane 4
    let l = add_nr_fp2(&perm_fp2(0x1f, [0, 1, 2, 0, 1, 0, 0, 0], t), &z4); // [X, Y, Z, X, Y+Z]
    let r = add_nr_fp2(&perm_fp2(0x1f, [1, 1, 2, 0, 1, 0, 0, 0], t), &z4); // [Y, Y, Z, X, Y+Z]
    let p1 = mul_fp2(&l, &r);                                             // [A=XY, B, C, X^2, (Y+Z)^2]
    let b = bcast_fp2(&p1, 1);                                            // B = Y^2
    let c = bcast_fp2(&p1, 2);                                            // C = Z^2
    let e = mul12_fp2(&mul_by_xi_fp2(&c));                                // E = 3b'C = 12ξZ^2
    let f = mul3_fp2(&e);                                                 // F = 3E
    let h = sub_fp2(&sub_fp2(&bcast_fp2(&p1, 4), &b), &c);                // H = 2YZ
    let x2 = mul3_fp2(&bcast_fp2(&p1, 3));                                // 3X^2
    let bpf = add_fp2(&b, &f);                                            // B + F
    let bmf = sub_fp2(&b, &f);                                            // B - F
    let l2 = pick_fp2(&[&p1, &e, &bpf, &b, &x2, &h]);                     // [A, E, B+F, B, 3X^2, H]
    let r2 = select_fp2(0x0f, &pick_fp2(&[&bmf, &e, &bpf, &h]), &k.kd);   // [B-F, E, B+F, H, -xP, yP]
    let p2 = mul_fp2(&l2, &r2);                                           // [A(B-F), E^2, (B+F)^2, BH, l1, l2]
    let u = perm_fp2(0x07, [0, 2, 3, 0, 0, 0, 0, 0], &p2);                // [A(B-F), (B+F)^2, BH]
    let w = perm_fp2(0x02, [0, 1, 0, 0, 0, 0, 0, 0], &p2);                // [0, E^2, 0]
    let v = sub_fp2(&u, &mul12_fp2(&w));                                  // [A(B-F), Y3, BH]
    let v2 = dbl_fp2(&v);
    *t = select_fp2(0x01, &v2, &select_fp2(0x04, &dbl_fp2(&v2), &v));     // [2A(B-F), Y3, 4BH]
    let l0 = sub_fp2(&b, &e);                                             // B - E = Y^2 - 3b'Z^2
    select_fp2(0x01, &l0, &perm_fp2(0x0c, [0, 0, 4, 5, 0, 0, 0, 0], &p2)) // (l0, ·, l1, l2)
}

/// T ← T + Q and the chord through T and Q at P (`pairing8::line_add`), four levels:
/// [yQ·Z, xQ·Z] → θ = Y - yQ·Z, λ = X - xQ·Z; [λ^2, θ^2]; with D = λ^2:
/// [E = λD, F = Zθ^2, G = XD, θxQ, λyQ, -θxP, λyP]; H = E + F - 2G: [λH, θ(G-H), YE, ZE];
/// X3 = λH, Y3 = θ(G-H) - YE, Z3 = ZE, line (θxQ - λyQ, -θxP, λyP).
pub fn line_add_h(t: &mut Fp2x8, k: &Pairh) -> Fp2x8 {
    let z = bcast_fp2(t, 2);                                              // Z
    let p1 = mul_fp2(&k.yx, &z);                                          // [yQ·Z, xQ·Z]
    let tl = sub_fp2(&perm_fp2(0x03, [1, 0, 0, 0, 0, 0, 0, 0], t), &p1);  // [θ, λ]
    let sw = perm_fp2(0x03, [1, 0, 0, 0, 0, 0, 0, 0], &tl);               // [λ, θ]
    let p2 = mul_fp2(&sw, &sw);                                           // [D = λ^2, θ^2]
    let th = bcast_fp2(&tl, 0);                                           // θ
    let la = bcast_fp2(&tl, 1);                                           // λ
    let x = bcast_fp2(t, 0);                                              // X
    let l3 = pick_fp2(&[&la, &z, &x, &th, &la, &th, &la]);                // [λ, Z, X, θ, λ, θ, λ]
    let r3 = select_fp2(0x07, &perm_fp2(0x07, [0, 1, 0, 0, 0, 0, 0, 0], &p2), &k.ka); // [D, θ^2, D, xQ, yQ, -xP, yP]
    let p3 = mul_fp2(&l3, &r3);                                           // [E, F, G, θxQ, λyQ, l1, l2]
    let e = bcast_fp2(&p3, 0);                                            // E = λ^3
    let g = bcast_fp2(&p3, 2);                                            // G = Xλ^2
    let h = sub_fp2(&add_fp2(&e, &bcast_fp2(&p3, 1)), &dbl_fp2(&g));      // H = E + F - 2G
    let gmh = sub_fp2(&g, &h);                                            // G - H
    let l4 = pick_fp2(&[&la, &th, &bcast_fp2(t, 1), &z]);                 // [λ, θ, Y, Z]
    let r4 = pick_fp2(&[&h, &gmh, &e, &e]);                               // [H, G-H, E, E]
    let p4 = mul_fp2(&l4, &r4);                                           // [λH, θ(G-H), YE, ZE]
    let u = perm_fp2(0x07, [0, 1, 3, 0, 0, 0, 0, 0], &p4);                // [λH, θ(G-H), ZE]
    let w = perm_fp2(0x02, [0, 2, 0, 0, 0, 0, 0, 0], &p4);                // [0, YE, 0]
    *t = sub_fp2(&u, &w);                                                 // [X3, Y3, Z3]
    let l0 = sub_fp2(&bcast_fp2(&p3, 3), &bcast_fp2(&p3, 4));             // θxQ - λyQ
    select_fp2(0x01, &l0, &perm_fp2(0x0c, [0, 0, 5, 6, 0, 0, 0, 0], &p3)) // (l0, ·, l1, l2)
}

// ---------------------------------------------------------------- Miller loop, final exp
/// Multi-Miller loop of k pairs for ONE pairing product, the lanes inside each step:
/// Π_j f_{|z|,Qj}(Pj), conjugated (z < 0). Same steps as `pairing8::miller_loop_x8`.
pub fn miller_loop_h(pairs: &[Pairh]) -> Fp2x8 {
    let mut ts: Vec<Fp2x8> = pairs.iter().map(|k| k.q).collect();
    let mut f = one_fp12h();
    for i in (0..63).rev() {
        if i != 62 {
            f = sqr_fp12h(&f);                                            // f^2 (f = 1 on the first bit)
        }
        for (t, k) in ts.iter_mut().zip(pairs) {
            let l = line_dbl_h(t, k);
            f = mul_by_line_fp12h(&f, &l);                                // f·l_{T,T}(P)
        }
        if (Z_ABS >> i) & 1 == 1 {
            for (t, k) in ts.iter_mut().zip(pairs) {
                let l = line_add_h(t, k);
                f = mul_by_line_fp12h(&f, &l);                            // f·l_{T,Q}(P)
            }
        }
    }
    conj_fp12h(&f)                                                        // z < 0
}

/// The easy part f^((p^6-1)(p^2+1)) given 1/f.
pub fn easy_part_h(f: &Fp2x8, f_inv: &Fp2x8) -> Fp2x8 {
    let t = mul_fp12h(&conj_fp12h(f), f_inv);                           // f^(p^6-1)
    mul_fp12h(&frobenius_fp12h(&frobenius_fp12h(&t)), &t)               // t^(p^2+1)
}
}

/// An Fp12 value of the cyclotomic subgroup in the hybrid layout, for `cyclotomic::hard_part`.
#[derive(Clone, Copy)]
pub struct Fp12h(pub Fp2x8);

impl Cyclotomic for Fp12h {
    #[inline]
    unsafe fn mul(&self, other: &Self) -> Self {
        Fp12h(unsafe { mul_fp12h(&self.0, &other.0) })
    }
    #[inline]
    unsafe fn sqr(&self) -> Self {
        Fp12h(unsafe { cyclotomic_sqr_fp12h(&self.0) })
    }
    #[inline]
    unsafe fn conj(&self) -> Self {
        Fp12h(unsafe { conj_fp12h(&self.0) })
    }
    #[inline]
    unsafe fn frobenius(&self) -> Self {
        Fp12h(unsafe { frobenius_fp12h(&self.0) })
    }
}

// ---------------------------------------------------------------- blst types in and out
use blst::*;

/// An Fp12 into the hybrid layout (lane k = coefficient of w^k).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_fp12h(f: &blst_fp12) -> Fp2x8 {
    let z = blst_fp2::default();
    let g = &f.fp6[0].fp2;
    let h = &f.fp6[1].fp2;
    crate::simd::load_fp2([&g[0], &h[0], &g[1], &h[1], &g[2], &h[2], &z, &z])
}

#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn store_fp12h(a: &Fp2x8) -> blst_fp12 {
    let c0 = store_fp(&a.c0);
    let c1 = store_fp(&a.c1);
    let mut f = blst_fp12::default();
    for k in 0..6 {
        f.fp6[k % 2].fp2[k / 2].fp = [c0[k], c1[k]];
    }
    f
}

/// A pair prepared for `miller_loop_h` (neither point at infinity).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_pairh(p: &blst_p1_affine, q: &blst_p2_affine) -> Pairh {
    let z = blst_fp::default();
    let one = (*blst_fp12_one()).fp6[0].fp2[0].fp[0];
    let (x, y) = (&q.x.fp, &q.y.fp);
    let lanes = |s: [&blst_fp; 8], t: [&blst_fp; 8]| Fp2x8 { c0: load_fp(s), c1: load_fp(t) };
    let q3 = lanes([&x[0], &y[0], &one, &z, &z, &z, &z, &z], [&x[1], &y[1], &z, &z, &z, &z, &z, &z]);
    let yx = lanes([&y[0], &x[0], &z, &z, &z, &z, &z, &z], [&y[1], &x[1], &z, &z, &z, &z, &z, &z]);
    let neg_x = neg_fp(&load_fp([&p.x; 8]));
    let py = load_fp([&p.y; 8]);
    let zero = zero_fp();
    // (-xP, 0) in lanes 4 (kd), 5 (ka); (yP, 0) in lanes 5 (kd), 6 (ka)
    let kd = Fp2x8 { c0: select_fp(0x20, &py, &select_fp(0x10, &neg_x, &zero)), c1: zero };
    let xq = lanes([&z, &z, &z, &x[0], &y[0], &z, &z, &z], [&z, &z, &z, &x[1], &y[1], &z, &z, &z]);
    let ka = Fp2x8 { c0: select_fp(0x40, &py, &select_fp(0x20, &neg_x, &xq.c0)), c1: xq.c1 };
    let kd2 = Fp2x8 { c0: select_fp(0x10, &py, &select_fp(0x08, &neg_x, &zero)), c1: zero };
    Pairh { q: q3, yx, kd, ka, kd2 }
}

/// Π Miller loops of the pairs (points at infinity skipped), in the hybrid layout.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn miller_loop_pairs(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> blst_fp12 {
    let live: Vec<Pairh> = pairs
        .iter()
        .filter(|(p, q)| !(blst_p1_affine_is_inf(p) || blst_p2_affine_is_inf(q)))
        .map(|(p, q)| load_pairh(p, q))
        .collect();
    if live.is_empty() {
        return *blst_fp12_one();
    }
    store_fp12h(&miller_loop_h(&live))
}

/// blst's final exponentiation, f^(3(p^12-1)/r), in the hybrid layout (1/f by blst).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn final_exp_one(f: &blst_fp12) -> blst_fp12 {
    let mut fi = blst_fp12::default();
    blst_fp12_inverse(&mut fi, f);
    let y = easy_part_h(&load_fp12h(f), &load_fp12h(&fi));
    let ys = store_fp12h(&y);
    if blst_fp12_is_one(&ys) {
        return ys; // 1 stays 1 (and needs no hard part)
    }
    // SAFETY: this function's features; y is cyclotomic (the easy part's output).
    store_fp12h(&unsafe { hard_part(&Fp12h(y)) }.0)
}
