//! (8x1)-way Fp: eight independent elements of Fp, one per 64-bit lane of a 512-bit vector.
//!
//! Representation: radix 2^52, 8 limbs (`Fp8.0[i]` holds limb i of all eight lanes), Montgomery
//! form with R = 2^416. Invariant of every stored value: limbs < 2^52, value in [0, 2p).
//! p < 2^381 leaves 35 bits of headroom below R, so a Montgomery product of inputs below 2^16·p
//! is < (2^32·p^2 + R·p)/R < 2p with no final subtraction (the `_nr` sums below rely on it).
//!
//! Products use VPMADD52LUQ/VPMADD52HUQ (low/high 52 bits of a 52x52-bit product, added to a
//! 64-bit accumulator): a column accumulates at most 32 terms < 2^52 plus carries, < 2^58.
//! Every function here needs avx512f+avx512ifma; they are only reachable through `crate::engine`
//! entry points called after runtime detection.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment);
// index loops over limbs and columns read like the formulas.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::{N0, ONE, P, P2};
use core::arch::x86_64::*;

const MASK52: u64 = (1 << 52) - 1;

/// Eight elements of Fp, limb-major: `0[i]` = limb i (52 bits) of lanes 0..8.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Fp8(pub [__m512i; 8]);

/// Lane mask (bit l = lane l).
pub type Lanes = __mmask8;

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn bcast(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// The same constant (radix-2^52 limbs) in all lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn splat_fp(c: &[u64; 8]) -> Fp8 {
    Fp8(vecs!(8, |i| bcast(c[i])))
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn zero_fp() -> Fp8 {
    Fp8([_mm512_setzero_si512(); 8])
}

/// Montgomery form of 1 in all lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn one_fp() -> Fp8 {
    splat_fp(&ONE)
}

/// Packs lanes: `limbs[lane][i]` → vector i.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn pack_fp(limbs: &[[u64; 8]; 8]) -> Fp8 {
    Fp8(core::array::from_fn(|i| {
        let col: [u64; 8] = core::array::from_fn(|l| limbs[l][i]);
        // SAFETY: 64-byte read from a [u64; 8] on the stack.
        unsafe { _mm512_loadu_si512(col.as_ptr() as *const _) }
    }))
}

/// Unpacks lanes: vector i → `out[lane][i]`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn unpack_fp(a: &Fp8) -> [[u64; 8]; 8] {
    let mut cols = [[0u64; 8]; 8];
    for i in 0..8 {
        // SAFETY: 64-byte write into a [u64; 8].
        unsafe { _mm512_storeu_si512(cols[i].as_mut_ptr() as *mut _, a.0[i]) };
    }
    core::array::from_fn(|l| core::array::from_fn(|i| cols[i][l]))
}

/// Carries limbs ≥ 2^52 (each < 2^63) upward: limbs < 2^52 except the top one.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn carry_u(r: &mut [__m512i; 8]) {
    let m = bcast(MASK52);
    for i in 0..7 {
        r[i + 1] = _mm512_add_epi64(r[i + 1], _mm512_srli_epi64::<52>(r[i])); // r[i+1] += r[i] >> 52
        r[i] = _mm512_and_si512(r[i], m); // r[i] mod 2^52
    }
}

/// Same for signed limbs (|limb| < 2^62): the sign ends in the top limb.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn carry_s(r: &mut [__m512i; 8]) {
    let m = bcast(MASK52);
    for i in 0..7 {
        r[i + 1] = _mm512_add_epi64(r[i + 1], _mm512_srai_epi64::<52>(r[i])); // floor(r[i] / 2^52)
        r[i] = _mm512_and_si512(r[i], m);
    }
}

/// Normalised value in [0, 4p) → [0, 2p): subtracts 2p in the lanes where that stays ≥ 0.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn reduce_2p(r: [__m512i; 8]) -> Fp8 {
    let mut t: [__m512i; 8] = vecs!(8, |i| _mm512_sub_epi64(r[i], bcast(P2[i]))); // r - 2p
    carry_s(&mut t);
    let neg = _mm512_cmplt_epi64_mask(t[7], _mm512_setzero_si512()); // lanes where r < 2p
    Fp8(vecs!(8, |i| _mm512_mask_blend_epi64(neg, t[i], r[i])))
}

/// a + b mod p, in [0, 2p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn add_fp(a: &Fp8, b: &Fp8) -> Fp8 {
    let mut r: [__m512i; 8] = vecs!(8, |i| _mm512_add_epi64(a.0[i], b.0[i])); // < 4p
    carry_u(&mut r);
    reduce_2p(r)
}

/// a + b, normalised but not reduced (< 4p): only as an input of `mul_fp`/`sqr_fp`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn add_nr_fp(a: &Fp8, b: &Fp8) -> Fp8 {
    let mut r: [__m512i; 8] = vecs!(8, |i| _mm512_add_epi64(a.0[i], b.0[i]));
    carry_u(&mut r);
    Fp8(r)
}

/// a + kp - b (kp a multiple of p given as limbs), normalised but not reduced (< a + kp): for
/// b < kp it is nonnegative; only as an input of products (the latency path's operands).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub_nr_fp(a: &Fp8, b: &Fp8, kp: &[u64; 8]) -> Fp8 {
    let mut r: [__m512i; 8] = vecs!(8, |i| {
        _mm512_sub_epi64(_mm512_add_epi64(a.0[i], bcast(kp[i])), b.0[i]) // limbs may be < 0
    });
    carry_s(&mut r);
    Fp8(r)
}

/// a - b mod p, in [0, 2p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub_fp(a: &Fp8, b: &Fp8) -> Fp8 {
    let mut r: [__m512i; 8] = vecs!(8, |i| {
        _mm512_sub_epi64(_mm512_add_epi64(a.0[i], bcast(P2[i])), b.0[i]) // a + 2p - b in (0, 4p)
    });
    carry_s(&mut r);
    reduce_2p(r)
}

/// 3t - 2x (`minus`) or 3t + 2x mod p, in [0, 2p): the Granger–Scott output step fused. Limb-wise
/// 3t + 4p - 2x (or 3t + 2x) in (0, 10p), one carry, then the quotient estimate
/// q = ⌊r_7·⌊2^52/(p_7+1)⌋ / 2^52⌋ ≤ ⌊r/p⌋ (r_7 = top limb, p_7 that of p) subtracted as q·p with
/// IFMA: r - q·p ∈ [0, 1.001p) (q is short by at most 1). 2 carry chains, not the 6 of
/// sub_fp + dbl_fp + add_fp. Used by `lanes::tower::cyclotomic_sqr_compressed_fp12_assign`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn lin3_fp(t: &Fp8, x: &Fp8, minus: bool) -> Fp8 {
    let r: [__m512i; 8] = vecs!(8, |i| {
        let t3 = _mm512_add_epi64(_mm512_add_epi64(t.0[i], t.0[i]), t.0[i]); // 3t_i < 2^54
        let x2 = _mm512_add_epi64(x.0[i], x.0[i]); // 2x_i < 2^53
        if minus {
            _mm512_sub_epi64(_mm512_add_epi64(t3, bcast(4 * P[i])), x2) // 3t + 4p - 2x
        } else {
            _mm512_add_epi64(t3, x2)
        }
    });
    reduce_small_fp(r) // value in (0, 10p)
}

/// A value in [0, 16p) given as signed limbs (|limb| < 2^58) → [0, 2p): one carry, then the
/// quotient estimate q = ⌊r_7·⌊2^52/(p_7+1)⌋ / 2^52⌋ ≤ ⌊r/p⌋ (short by at most 1) subtracted as
/// q·p with IFMA, one more carry. 2 carry chains.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn reduce_small_fp(mut r: [__m512i; 8]) -> Fp8 {
    carry_s(&mut r); // top limb r[7] < 2^23
    const M: u64 = (1u64 << 52) / (P[7] + 1);
    let z = _mm512_setzero_si512();
    let q = _mm512_madd52hi_epu64(z, r[7], bcast(M)); // ≤ ⌊r/p⌋, ≥ ⌊r/p⌋ - 1
    for i in 0..8 {
        r[i] = _mm512_sub_epi64(r[i], _mm512_madd52lo_epu64(z, q, bcast(P[i]))); // - lo(q·p_i)
        if i < 7 {
            r[i + 1] = _mm512_sub_epi64(r[i + 1], _mm512_madd52hi_epu64(z, q, bcast(P[i])));
            // - hi(q·p_i)
        }
    }
    carry_s(&mut r); // r - q·p ∈ [0, 1.01p)
    Fp8(r)
}

/// a + k·p - b - c mod p, in [0, 2p), for inputs with a + k·p - b - c in [0, 16p) (e.g. k = 4,
/// all < 2p; k = 8 with c < 4p): two modular subtractions fused (2 carry chains, not 4).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub2_k_fp(a: &Fp8, b: &Fp8, c: &Fp8, k: u64) -> Fp8 {
    reduce_small_fp(vecs!(8, |i| {
        _mm512_sub_epi64(_mm512_add_epi64(a.0[i], bcast(k * P[i])), _mm512_add_epi64(b.0[i], c.0[i]))
    }))
}

/// a + 6p - b - c + d (inputs < 2p: in (2p, 10p)) mod p, in [0, 2p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub2_add_fp(a: &Fp8, b: &Fp8, c: &Fp8, d: &Fp8) -> Fp8 {
    reduce_small_fp(vecs!(8, |i| {
        let pos = _mm512_add_epi64(_mm512_add_epi64(a.0[i], d.0[i]), bcast(6 * P[i]));
        _mm512_sub_epi64(pos, _mm512_add_epi64(b.0[i], c.0[i]))
    }))
}

/// 2a mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn dbl_fp(a: &Fp8) -> Fp8 {
    add_fp(a, a)
}

/// 3a mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mul3_fp(a: &Fp8) -> Fp8 {
    add_fp(&dbl_fp(a), a)
}

/// -a mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn neg_fp(a: &Fp8) -> Fp8 {
    sub_fp(&zero_fp(), a)
}

/// Lane `j` of a in all eight lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn broadcast_lane_fp(a: &Fp8, j: u32) -> Fp8 {
    let idx = bcast(j as u64);
    Fp8(vecs!(8, |i| _mm512_permutexvar_epi64(idx, a.0[i])))
}

/// Per lane: `mask` set → a, clear → b.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn select_fp(mask: Lanes, a: &Fp8, b: &Fp8) -> Fp8 {
    Fp8(vecs!(8, |i| _mm512_mask_blend_epi64(mask, b.0[i], a.0[i])))
}

/// A double-width value for lazy reduction: 16 columns of radix 2^52 (signed 64-bit, not
/// normalised) and a bound: the value lies in [0, bound·p^2). The bound is tracked at run time by
/// the same straight-line code for every input (it never depends on data), and `redc_wide_fp`
/// asserts (debug builds, so the tests) that it stays below 2^32, where the result is < 2p.
/// `mag` bounds the columns: |t_k| < mag·2^52; it must stay below 2^10 (|t_k| < 2^62, and the
/// reduction adds < 2^58).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Wide8 {
    pub t: [__m512i; 16],
    pub bound: u64,
    pub mag: u64,
}

/// The 16 product columns of a·b (each < 2^56), no reduction. Inputs < 16p: a·b < 256p^2.
/// Out of line: inlined, LLVM interleaved the two or three products of an Fp2 step and spilled
/// their 16 accumulators each, which put store-and-reload latencies inside the accumulation
/// chains (the 8-lane Miller loop and final exponentiation ran slower inlined). Alone, the 16 columns, 8 limbs of b and one of a fit the 32 registers.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
pub fn mul_wide_fp(a: &Fp8, b: &Fp8) -> Wide8 {
    let mut t = [_mm512_setzero_si512(); 16];
    for i in 0..8 {
        for j in 0..8 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a.0[i], b.0[j]); // lo(a_i·b_j)
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a.0[i], b.0[j]); // hi(a_i·b_j)
        }
    }
    Wide8 { t, bound: 256, mag: 16 } // columns: 16 terms < 2^52
}

/// x + y.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn add_wide_fp(x: &Wide8, y: &Wide8) -> Wide8 {
    Wide8 { t: vecs!(16, |k| _mm512_add_epi64(x.t[k], y.t[k])), bound: x.bound + y.bound, mag: x.mag + y.mag }
}

/// x - y + c·1024p^2 with c = ⌈bound(y)/1024⌉: ≡ x - y (mod p), ≥ 0.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub_wide_fp(x: &Wide8, y: &Wide8) -> Wide8 {
    let c = y.bound.div_ceil(1024);
    Wide8 {
        t: vecs!(16, |k| {
            let off = bcast(crate::consts::MP2[k] * c); // c·MP2 column k (< 2^60)
            _mm512_add_epi64(_mm512_sub_epi64(x.t[k], y.t[k]), off)
        }),
        bound: x.bound + 1024 * c,
        mag: x.mag + y.mag + c,
    }
}

/// Montgomery reduction of a lazy value: < 2p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn redc_wide_fp(x: &Wide8) -> Fp8 {
    debug_assert!(x.bound < 1 << 32, "lazy value bound {}·p^2 too large", x.bound);
    debug_assert!(x.mag < 1 << 10, "lazy columns up to {}·2^52", x.mag);
    redc_fp(x.t)
}

/// Word-by-word Montgomery reduction of a 16-column product t (columns |t_k| < 2^60, value ≥ 0):
/// for i in 0..8, m = t[i]·N0 mod 2^52, t += m·p·2^(52i), carry t[i] >> 52 (t[i] ≡ 0 mod 2^52).
/// Returns t / 2^416 normalised; < 2p for a product of inputs < 2^16·p (module comment).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn redc_fp(mut t: [__m512i; 16]) -> Fp8 {
    let z = _mm512_setzero_si512();
    let n0 = bcast(N0);
    for i in 0..8 {
        let m = _mm512_madd52lo_epu64(z, t[i], n0); // m = t[i]·(-1/p) mod 2^52
        for j in 0..8 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], m, bcast(P[j])); // + lo(m·p_j)
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], m, bcast(P[j])); // + hi(m·p_j)
        }
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srai_epi64::<52>(t[i])); // exact carry of the zeroed column
    }
    let mut r: [__m512i; 8] = vecs!(8, |i| t[8 + i]);
    carry_s(&mut r); // columns may be negative; the value is not
    Fp8(r)
}

/// a·b·2^-416 mod p, in [0, 2p). Inputs may be unreduced (< 2^16·p), limbs < 2^52.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mul_fp(a: &Fp8, b: &Fp8) -> Fp8 {
    redc_fp(mul_wide_fp(a, b).t)
}

/// a^2·2^-416 mod p: the 28 cross products once, doubled, plus the 8 squares (88 IFMA, not 128).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sqr_fp(a: &Fp8) -> Fp8 {
    let mut t = [_mm512_setzero_si512(); 16];
    for i in 0..8 {
        for j in i + 1..8 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a.0[i], a.0[j]); // lo(a_i·a_j), i < j
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a.0[i], a.0[j]);
        }
    }
    for k in 0..16 {
        t[k] = _mm512_add_epi64(t[k], t[k]); // 2·Σ_{i<j} a_i·a_j
    }
    for i in 0..8 {
        t[2 * i] = _mm512_madd52lo_epu64(t[2 * i], a.0[i], a.0[i]); // + a_i^2
        t[2 * i + 1] = _mm512_madd52hi_epu64(t[2 * i + 1], a.0[i], a.0[i]);
    }
    redc_fp(t)
}

/// Canonical value in [0, p): from [0, 2p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn canon_fp(a: &Fp8) -> Fp8 {
    let mut t: [__m512i; 8] = vecs!(8, |i| _mm512_sub_epi64(a.0[i], bcast(P[i])));
    carry_s(&mut t);
    let neg = _mm512_cmplt_epi64_mask(t[7], _mm512_setzero_si512());
    Fp8(vecs!(8, |i| _mm512_mask_blend_epi64(neg, t[i], a.0[i])))
}

/// Lanes where a ≡ b (mod p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn eq_fp(a: &Fp8, b: &Fp8) -> Lanes {
    let (a, b) = (canon_fp(a), canon_fp(b));
    let mut m: Lanes = 0xff;
    for i in 0..8 {
        m &= _mm512_cmpeq_epi64_mask(a.0[i], b.0[i]);
    }
    m
}

/// Lanes where a ≡ 0.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn is_zero_fp(a: &Fp8) -> Lanes {
    eq_fp(a, &zero_fp())
}

#[cfg(test)]
/// a^e (e little-endian 64-bit words), left to right square-and-multiply.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pow_fp(a: &Fp8, e: &[u64]) -> Fp8 {
    let mut r = one_fp();
    for w in e.iter().rev() {
        for bit in (0..64).rev() {
            r = sqr_fp(&r);
            if (w >> bit) & 1 == 1 {
                r = mul_fp(&r, a);
            }
        }
    }
    r
}

#[cfg(test)]
/// a^-1 = a^(p-2) (Fermat, 8 lanes: ~460 products); 0 ↦ 0. Reference for `inv_fp`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn inv_fermat_fp(a: &Fp8) -> Fp8 {
    pow_fp(a, &crate::consts::P_MINUS_2)
}

/// a^-1 per lane: the eight values leave the lanes and are inverted together with
/// Montgomery's trick (prefix products, one `blst_fp_inverse`, 21 scalar products), then return.
/// Zero lanes stay 0. Several times cheaper than `inv_fermat_fp` in the lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn inv_fp(a: &Fp8) -> Fp8 {
    use blst::*;
    // SAFETY: load_fp/store_fp need this function's own target features; blst
    // reads and writes locals.
    unsafe {
        let x = store_fp(a);
        let zero = blst_fp::default();
        let one = *blst_fp12_one();
        let one = one.fp6[0].fp2[0].fp[0];
        let live: [bool; 8] = core::array::from_fn(|l| x[l] != zero);
        let y: [blst_fp; 8] = core::array::from_fn(|l| if live[l] { x[l] } else { one });
        let mut prefix = [one; 8];
        let mut acc = one;
        for l in 0..8 {
            prefix[l] = acc; // y_0···y_{l-1}
            blst_fp_mul(&mut acc, &acc, &y[l]);
        }
        blst_fp_inverse(&mut acc, &acc); // 1/(y_0···y_7)
        let mut out = [zero; 8];
        for l in (0..8).rev() {
            blst_fp_mul(&mut out[l], &acc, &prefix[l]); // 1/y_l
            blst_fp_mul(&mut acc, &acc, &y[l]); // 1/(y_0···y_{l-1})
        }
        for l in 0..8 {
            if !live[l] {
                out[l] = zero;
            }
        }
        load_fp(core::array::from_fn(|l| &out[l]))
    }
}

// ---------------------------------------------------------------- lanes ↔ blst_fp

/// 64-bit words (little-endian; six for Fp, seven for the RNS conversions' integers below
/// 2^416) → eight 52-bit limbs.
#[inline]
pub fn words_to_limbs<const W: usize>(w: &[u64; W]) -> [u64; 8] {
    core::array::from_fn(|i| {
        let off = 52 * i;
        let (idx, sh) = (off / 64, off % 64);
        let mut v = if idx < W { w[idx] >> sh } else { 0 };
        if sh > 12 && idx + 1 < W {
            v |= w[idx + 1] << (64 - sh); // the limb straddles two words
        }
        v & MASK52
    })
}

/// Eight 52-bit limbs → six 64-bit words (value < 2^384).
pub fn limbs_to_words(l: &[u64; 8]) -> [u64; 6] {
    let mut w = [0u64; 6];
    for (i, &x) in l.iter().enumerate() {
        let off = 52 * i;
        let (idx, sh) = (off / 64, off % 64);
        w[idx] |= x << sh;
        if sh > 12 && idx + 1 < 6 {
            w[idx + 1] |= x >> (64 - sh);
        }
    }
    w
}

/// Canonical value of a blst_fp as 52-bit limbs.
pub fn fp_to_limbs(a: &blst::blst_fp) -> [u64; 8] {
    let mut w = [0u64; 6];
    // SAFETY: blst writes 6 words.
    unsafe { blst::blst_uint64_from_fp(w.as_mut_ptr(), a) };
    words_to_limbs(&w)
}

/// blst_fp of a canonical value given as 52-bit limbs.
pub fn limbs_to_fp(l: &[u64; 8]) -> blst::blst_fp {
    let w = limbs_to_words(l);
    let mut r = blst::blst_fp::default();
    // SAFETY: blst reads 6 words.
    unsafe { blst::blst_fp_from_uint64(&mut r, w.as_ptr()) };
    r
}

/// Eight blst_fp → Fp8 (Montgomery, R = 2^416): canonical limbs times RR.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load_fp(xs: [&blst::blst_fp; 8]) -> Fp8 {
    let limbs: [[u64; 8]; 8] = core::array::from_fn(|l| fp_to_limbs(xs[l]));
    mul_fp(&pack_fp(&limbs), &splat_fp(&crate::consts::RR)) // x·R^2/R = x·R
}

/// Fp8 → eight blst_fp: x·1/R, then < p.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn store_fp(a: &Fp8) -> [blst::blst_fp; 8] {
    let mut one = [0u64; 8];
    one[0] = 1;
    let c = canon_fp(&mul_fp(a, &splat_fp(&one))); // x ≤ p, then x mod p
    let limbs = unpack_fp(&c);
    core::array::from_fn(|l| limbs_to_fp(&limbs[l]))
}
