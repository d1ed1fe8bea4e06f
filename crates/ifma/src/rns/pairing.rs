//! The pairing over RNS (`rns::tower`): the Miller loop, and blst's final exponentiation
//! f^(3(p¹²−1)/r) — the easy part here, the hard part `cyclotomic::hard_part` — on values
//! carried up to a factor in Fp (`rns::cyclotomic`: compressed squarings, one inversion at the
//! end, none for a check). The same on exact values and Granger–Scott squarings
//! (`final_exp_gs_r`, the `Cyclotomic` implementation of `Fp12r`) is kept as the reference the
//! fast path is tested against.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::cyclotomic::{hard_part, Cyclotomic};
use crate::miller::{miller_loop, MillerEngine};
use crate::rns::cyclotomic::*;
use crate::rns::tower::*;
use blst::*;
use core::mem::MaybeUninit;

impl Cyclotomic for Fp12r {
    #[inline]
    unsafe fn mul(&self, other: &Self) -> Self {
        unsafe { mul_fp12r(self, other) }
    }
    #[inline]
    unsafe fn sqr(&self) -> Self {
        unsafe { cyclotomic_sqr_fp12r(self) }
    }
    #[inline]
    unsafe fn sqr_into(&self, out: &mut Self) {
        unsafe { cyclotomic_sqr_into_fp12r(self, out) }
    }
    #[inline]
    unsafe fn conj(&self) -> Self {
        unsafe { conj_fp12r(self) }
    }
    #[inline]
    unsafe fn frobenius(&self) -> Self {
        unsafe { frobenius_fp12r(self) }
    }
    #[inline]
    unsafe fn frobenius2(&self) -> Self {
        unsafe { frobenius2_fp12r(self) }
    }
}

/// The easy part f^((p^6-1)(p^2+1)) up to a factor in Fp, without an inversion:
/// f^(p^6−1) = conj(f)/f = conj(f)²/d with d = f·conj(f) = a0² − v·a1² in Fp6 (f = a0 + a1·w;
/// the product's other half is ≡ 0), and 1/d = a/ν with ν in Fp (`inv_fp6r_scaled`), so that
/// conj(f)²·a = ν·f^(p^6−1); then (ν·m)^(p²)·(ν·m) = ν²·m^(p²+1) (ν is fixed by the Frobenius
/// map).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn easy_part_scaled_r(f: &Fp12r) -> ScaledFp12r {
    let fc = conj_fp12r(f);
    let d = mul_fp6_half_fp12r(f, &fc); // a0² − v·a1² (the other half of f·conj(f) is 0)
    let (a, nu) = inv_fp6r_scaled(&d);
    // ν·f^(p^6−1)
    let m = with_factor_r(&mul_by_fp6r(&sqr_fp12r(&fc), &a), &nu);
    // SAFETY: avx512f + avx512ifma (this function's)
    unsafe { m.frobenius2().mul(&m) }
}

#[cfg(test)]
/// The easy part f^((p^6-1)(p^2+1)) itself (`easy_part_scaled_r`, the factor divided out).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn easy_part_r(f: &Fp12r) -> Fp12r {
    unscale_r(&easy_part_scaled_r(f))
}

/// The final exponentiation up to a factor in Fp: `easy_part_scaled_r`, then
/// `cyclotomic::hard_part` on `ScaledFp12r` (compressed exponentiations, `rns::cyclotomic`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn final_exp_scaled_r(f: &Fp12r) -> ScaledFp12r {
    let y = easy_part_scaled_r(f);
    // SAFETY: avx512f + avx512ifma (this function's); y is cyclotomic up to its factor (the easy
    // part's output).
    unsafe { hard_part(&y) }
}

#[cfg(test)]
/// The final exponentiation on exact values: `easy_part_r`, then `cyclotomic::hard_part` on
/// `Fp12r` (Granger–Scott squarings, no compressed ones): the reference of `final_exp_r`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn final_exp_gs_r(f: &Fp12r) -> Fp12r {
    // SAFETY: avx512f + avx512ifma (this function's); the easy part's output is cyclotomic.
    unsafe { hard_part(&easy_part_r(f)) }
}

/// blst's final exponentiation f^(3(p^12-1)/r) over RNS.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn final_exp_rns(f: &blst_fp12) -> blst_fp12 {
    store_unscaled_r(&final_exp_scaled_r(&load_fp12r(f)))
}

// ---------------------------------------------------------------- Miller loop

/// Q and P's coordinates in RNS for the lines (neither point at infinity).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn load_pair_r(p: &blst_p1_affine, q: &blst_p2_affine) -> PairR {
    use crate::rns::{conversions::from_fp, field::neg};
    let l2 = |v: &blst_fp2| Fp2r { c0: from_fp(&v.fp[0]), c1: from_fp(&v.fp[1]) };
    let (xq, yq) = (l2(&q.x), l2(&q.y));
    PairR { xq, yq, nxq: neg_fp2r(&xq), nyq: neg_fp2r(&yq), nxp: neg(&from_fp(&p.x)), yp: from_fp(&p.y) }
}

/// Π_j f_{|z|,Qj}(Pj), conjugated (z < 0): one accumulator squared once per bit, the doubling
/// step's line and each pair's addition step's line multiplied in (blst's multi-Miller loop).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn miller_loop_r(pairs: &[PairR]) -> Fp12r {
    miller_loop_t(pairs).0
}

/// `miller_loop_r` and each pair's T = [|z|]Q after the loop (homogeneous projective).
#[target_feature(enable = "avx512f,avx512ifma")]
fn miller_loop_t(pairs: &[PairR]) -> (Fp12r, Vec<[Fp2r; 3]>) {
    // SAFETY: this function's target features
    unsafe { miller_loop::<RnsMiller>(pairs) }
}

/// The latency engine's Miller loop steps: the doubling step's 20 reductions in two levels
/// (`line_dbl_into_r`), the addition step (`line_add_into_r`), the sparse line product and the
/// squaring written into the other buffer, and the first product as the line itself.
pub struct RnsMiller;

impl MillerEngine for RnsMiller {
    type Fp12 = Fp12r;
    type Pair = PairR;
    type Point = [Fp2r; 3];
    type Line = LineR;

    #[inline]
    unsafe fn one() -> Fp12r {
        unsafe { one_fp12r() }
    }
    #[inline]
    unsafe fn start(k: &PairR) -> [Fp2r; 3] {
        [k.xq, k.yq, unsafe { one_fp12r() }.0[0]]
    }
    #[inline]
    unsafe fn sqr_into(f: &Fp12r, out: &mut MaybeUninit<Fp12r>) {
        unsafe { sqr_into_fp12r(f, out) }
    }
    #[inline]
    unsafe fn doubling_step(t: &mut [Fp2r; 3], k: &PairR, line: &mut MaybeUninit<LineR>) {
        unsafe { line_dbl_into_r(t, k, line) }
    }
    #[inline]
    unsafe fn addition_step(t: &mut [Fp2r; 3], k: &PairR, line: &mut MaybeUninit<LineR>) {
        unsafe { line_add_into_r(t, k, line) }
    }
    #[inline]
    unsafe fn mul_by_line_into(f: &Fp12r, _: &PairR, l: &LineR, out: &mut MaybeUninit<Fp12r>) {
        unsafe { mul_by_line_into_fp12r(f, l, out) }
    }
    #[inline]
    unsafe fn line_into(_: &PairR, l: &LineR, out: &mut MaybeUninit<Fp12r>) {
        unsafe { line_into_fp12r(l, out) }
    }
    #[inline]
    unsafe fn conj(f: &Fp12r) -> Fp12r {
        unsafe { conj_fp12r(f) }
    }
}

/// Is Π e(Pj, Qj) = 1, and which Qj are in G2 (`rns::subgroup::t_is_minus_psi_q` on the Miller
/// loop's T = [|z|]Qj)? For pairs of points on their curves, none at infinity, the Pj in G1.
/// When some Qj is outside G2 the product means nothing: the final exponentiation is skipped
/// and the answer is false.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pairing_check_testing_g2_rns(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> (bool, Vec<bool>) {
    if pairs.is_empty() {
        return (true, Vec::new());
    }
    let prepared: Vec<PairR> = pairs.iter().map(|(p, q)| load_pair_r(p, q)).collect();
    let (f, ts) = miller_loop_t(&prepared);
    let in_g2: Vec<bool> =
        ts.iter().zip(pairs).map(|(t, (_, q))| crate::rns::subgroup::t_is_minus_psi_q(t, q)).collect();
    if !in_g2.iter().all(|&ok| ok) {
        return (false, in_g2);
    }
    (is_one_scaled_r(&final_exp_scaled_r(&f)), in_g2)
}

/// The Miller loop of the pairs that are not at infinity (1 if none), in RNS.
#[target_feature(enable = "avx512f,avx512ifma")]
fn miller_loop_live(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> Option<Fp12r> {
    let live: Vec<PairR> = pairs
        .iter()
        // SAFETY: blst reads the points.
        .filter(|(p, q)| unsafe { !(blst_p1_affine_is_inf(p) || blst_p2_affine_is_inf(q)) })
        .map(|(p, q)| load_pair_r(p, q))
        .collect();
    if live.is_empty() {
        None
    } else {
        Some(miller_loop_r(&live))
    }
}

/// Π Miller loops (blst's value up to factors the final exponentiation kills).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn miller_loop_rns(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> blst_fp12 {
    match miller_loop_live(pairs) {
        // SAFETY: static data.
        None => unsafe { *blst_fp12_one() },
        Some(f) => store_fp12r(&f),
    }
}

/// The final exponentiation of the product of the pairs' Miller loops: blst's
/// `blst_final_exp(blst_miller_loop_n(..))`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pairing_product_rns(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> blst_fp12 {
    match miller_loop_live(pairs) {
        // SAFETY: static data.
        None => unsafe { *blst_fp12_one() },
        Some(f) => store_unscaled_r(&final_exp_scaled_r(&f)),
    }
}

/// e(P, Q) for each pair, one after the other, with one Fp inversion for all of them
/// (`store_unscaled_all_r`) instead of one each.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pairing_batch_rns(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> Vec<blst_fp12> {
    let values: Vec<Option<ScaledFp12r>> =
        pairs.iter().map(|pr| miller_loop_live(core::slice::from_ref(pr)).map(|f| final_exp_scaled_r(&f))).collect();
    let live: Vec<ScaledFp12r> = values.iter().flatten().copied().collect();
    let mut stored = store_unscaled_all_r(&live).into_iter();
    values
        .iter()
        .map(|v| match v {
            Some(_) => stored.next().expect("one stored value a live pair"),
            // SAFETY: static data.
            None => unsafe { *blst_fp12_one() },
        })
        .collect()
}

/// Is Π e(Pj, Qj) = 1? (The final exponentiation up to its factor, compared with that factor
/// times 1 in RNS: `is_one_scaled_r`, no inversion and no conversion.)
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pairing_check_rns(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> bool {
    match miller_loop_live(pairs) {
        None => true,
        Some(f) => is_one_scaled_r(&final_exp_scaled_r(&f)),
    }
}
