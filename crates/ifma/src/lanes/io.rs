//! Entry points of the IFMA engine: blst types in, blst types out. Every function here is
//! `unsafe` with `#[target_feature(enable = "avx512f,avx512ifma")]`; `crate::lib` calls them only
//! after `is_x86_feature_detected!` said yes for both.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment);
// index loops over limbs and columns read like the formulas.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::lanes::field::*;
use crate::lanes::pairing::*;
use crate::lanes::tower::*;
use blst::*;

#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_fp2(xs: [&blst_fp2; 8]) -> Fp2x8 {
    Fp2x8 { c0: load_fp(xs.map(|x| &x.fp[0])), c1: load_fp(xs.map(|x| &x.fp[1])) }
}

#[cfg(test)]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_fp12(xs: [&blst_fp12; 8]) -> Fp12x8 {
    Fp12x8(core::array::from_fn(|i| Fp6x8(core::array::from_fn(|j| load_fp2(xs.map(|x| &x.fp6[i].fp2[j]))))))
}

#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn store_fp12(a: &Fp12x8) -> [blst_fp12; 8] {
    let mut out = [blst_fp12::default(); 8];
    for i in 0..2 {
        for j in 0..3 {
            let c0 = store_fp(&a.0[i].0[j].c0);
            let c1 = store_fp(&a.0[i].0[j].c1);
            for l in 0..8 {
                out[l].fp6[i].fp2[j].fp = [c0[l], c1[l]];
            }
        }
    }
    out
}

/// Lanes of G1 points (infinity lanes get the generator's coordinates, masked out by the caller).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_g1(ps: [&blst_p1_affine; 8]) -> G1x8 {
    let x = load_fp(ps.map(|p| &p.x));
    G1x8 { neg_x: neg_fp(&x), y: load_fp(ps.map(|p| &p.y)) }
}

#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_g2(qs: [&blst_p2_affine; 8]) -> G2x8 {
    G2x8 { x: load_fp2(qs.map(|q| &q.x)), y: load_fp2(qs.map(|q| &q.y)) }
}

/// The multi-Miller loop of up to 8 lanes, lane l computing Π over `lanes[l]` (k pairs each at
/// most; shorter lanes and points at infinity are masked). Lanes past `lanes.len()` are idle.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn miller_loop_lanes(lanes: &[&[(blst_p1_affine, blst_p2_affine)]]) -> Fp12x8 {
    assert!(lanes.len() <= 8);
    let k = lanes.iter().map(|l| l.len()).max().unwrap_or(0);
    // SAFETY: blst's generators are static data.
    let (g1, g2) = unsafe { (&*blst_p1_affine_generator(), &*blst_p2_affine_generator()) };
    let mut pairs = Vec::with_capacity(k);
    for j in 0..k {
        let mut mask: Lanes = 0;
        let mut pj = [g1; 8];
        let mut qj = [g2; 8];
        for (l, lane) in lanes.iter().enumerate() {
            if let Some((p, q)) = lane.get(j) {
                // SAFETY: plain reads of the points.
                let inf = unsafe { blst_p1_affine_is_inf(p) || blst_p2_affine_is_inf(q) };
                if !inf {
                    mask |= 1 << l;
                    pj[l] = p;
                    qj[l] = q;
                }
            }
        }
        pairs.push(LanePair { p: load_g1(pj), q: load_g2(qj), active: mask });
    }
    miller_loop_x8(&pairs)
}

/// Lane l: e(lanes[l]) = final_exp(Π Miller loops), the full (3x-exponent) pairing product.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn pairing_lanes(lanes: &[&[(blst_p1_affine, blst_p2_affine)]]) -> Fp12x8 {
    final_exp_x8(&miller_loop_lanes(lanes))
}

/// Lane l: is Π_j e(lanes[l][j]) = 1. Lanes past `lanes.len()` report garbage (ignore).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn pairing_check_lanes(lanes: &[&[(blst_p1_affine, blst_p2_affine)]]) -> Lanes {
    is_one_fp12(&pairing_lanes(lanes))
}
