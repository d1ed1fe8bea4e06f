//! blst values in and out of RNS: `from_fp`, `to_fp` (the CRT), `to_fp_batch` (eight CRTs a
//! vector), and the Fp inversions of the latency path (`fp_inv`, `fp_inv_blst` its reference).
// Safety of every pub function: it needs avx512f + avx512ifma.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use super::field::*;
use super::reduction::*;
use crate::consts::P;
use crate::lanes::field::{carry_s, words_to_limbs};
use blst::*;
use core::arch::x86_64::*;
use std::sync::OnceLock;

// ---------------------------------------------------------------- blst values in and out

/// Constants of the conversions.
pub(super) struct Conv {
    /// M mod p (blst's form): `residues`.
    m: blst_fp,
    /// Residues of the integer M²·2^−384 mod p: `from_fp` multiplies blst's raw limbs
    /// (a·2^384 mod p) by it into a·M.
    k_in: [[u64; 8]; 2],
    /// Residues of 2^384 mod p: `to_fp` multiplies by it into a·2^384 (blst's raw limbs).
    k_out: [[u64; 8]; 2],
    /// M/m_i and M as integers (64-bit words, least significant first).
    m_over: [[u64; 7]; 8],
    m_int: [u64; 7],
    /// The same in radix 2^52 (`raw_to_fp_x8`: M/m_i < 2^350 in seven limbs, M < 2^400 in eight).
    m_over52: [[u64; 8]; 8],
    m_int52: [u64; 8],
}

/// p as 64-bit words.
pub(super) const P64: [u64; 7] = {
    let mut p = [0u64; 7];
    let mut i = 0;
    while i < 6 {
        p[i] = crate::consts::P_MINUS_2[i];
        i += 1;
    }
    p[0] += 2; // no carry: the low word of p − 2 is ...aaa9
    p
};

/// x as an element of Fp (blst's form).
pub(crate) fn fp_from_u64(x: u64) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads six limbs, writes r.
    unsafe { blst_fp_from_uint64(&mut r, [x, 0, 0, 0, 0, 0].as_ptr()) };
    r
}

/// a·b in blst's form.
pub(crate) fn fp_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads a, b, writes r.
    unsafe { blst_fp_mul(&mut r, a, b) };
    r
}

/// 1/a in blst's form (0 ↦ 0, as blst), in **variable time**: ruint's Lehmer extended Euclid on
/// blst's raw limbs a·R (R = 2^384) gives (a·R)⁻¹, and one Montgomery product by R³ mod p makes
/// it a⁻¹·R. Every value inverted here is public (the pairing's factor t, the easy part's norm,
/// constants: README's constant-time table); it is faster than blst's constant-time
/// `blst_fp_inverse` (`fp_inv_blst`, its reference).
pub fn fp_inv(a: &blst_fp) -> blst_fp {
    use ruint::aliases::U384;
    // p, and R³ mod p as blst's raw limbs
    static K: OnceLock<(U384, blst_fp)> = OnceLock::new();
    let (p, r3) = K.get_or_init(|| {
        let p = U384::from_limbs(core::array::from_fn(|i| P64[i]));
        (p, blst_fp { l: U384::from(2u64).pow_mod(U384::from(3 * 384u64), p).into_limbs() })
    });
    match U384::from_limbs(a.l).inv_mod(*p) {
        Some(u) => fp_mul(&blst_fp { l: u.into_limbs() }, r3),
        None => blst_fp::default(),
    }
}

#[cfg(test)]
/// 1/a in blst's form by blst's constant-time inversion: `fp_inv`'s reference.
pub fn fp_inv_blst(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads a, writes r.
    unsafe { blst_fp_inverse(&mut r, a) };
    r
}

/// Π of base B's moduli but lane `skip` (8: none), as an integer.
pub(super) fn big_prod(skip: usize) -> [u64; 7] {
    let mut r = [1u64, 0, 0, 0, 0, 0, 0];
    for l in (0..8).filter(|&l| l != skip) {
        let mut carry = 0u128;
        for w in r.iter_mut() {
            let t = *w as u128 * modulus(0, l) as u128 + carry;
            *w = t as u64;
            carry = t >> 64;
        }
    }
    r
}

pub(super) fn conv() -> &'static Conv {
    static C: OnceLock<Conv> = OnceLock::new();
    C.get_or_init(|| {
        let m = (0..8).fold(fp_from_u64(1), |a, l| fp_mul(&a, &fp_from_u64(modulus(0, l))));
        let mut r384 = fp_from_u64(1); // 2^384 = (2^64)^6
        let mut w64 = blst_fp::default();
        // SAFETY: blst reads six limbs, writes w64.
        unsafe { blst_fp_from_uint64(&mut w64, [0, 1, 0, 0, 0, 0].as_ptr()) };
        for _ in 0..6 {
            r384 = fp_mul(&r384, &w64);
        }
        // residues(v) is the integer v·M: v = M·2^−384 gives M²·2^−384, v = 2^384·M⁻¹ gives 2^384
        let k_in = residues_with(&fp_mul(&m, &fp_inv(&r384)), &m);
        let k_out = residues_with(&fp_mul(&r384, &fp_inv(&m)), &m);
        let (m_over, m_int): ([[u64; 7]; 8], _) = (core::array::from_fn(big_prod), big_prod(8));
        let m_over52 = m_over.map(|w| words_to_limbs(&w));
        Conv { m, k_in, k_out, m_over, m_int, m_over52, m_int52: words_to_limbs(&m_int) }
    })
}

/// The element of blst's form a as RNS (x = a·M mod p, below 17p): blst's raw limbs (a·2^384 mod
/// p) split into radix-2^52 limbs, their residues by one matrix product per base, and one
/// product by the integer M²·2^−384.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn from_fp(a: &blst_fp) -> Rns {
    let xv = ld(&words_to_limbs(&a.l));
    let raw = Rns { b: base_extend_mont(xv, &TABLES.limb[0], 0), c: base_extend_mont(xv, &TABLES.limb[1], 1) };
    let c = conv();
    mul(&raw, &from_lanes(&c.k_in[0], &c.k_in[1]))
}

/// `from_fp`'s residues, bases B and B', by scalar arithmetic (constants, tests).
pub fn residues(a: &blst_fp) -> [[u64; 8]; 2] {
    residues_with(a, &conv().m)
}

pub(super) fn residues_with(a: &blst_fp, m_mod_p: &blst_fp) -> [[u64; 8]; 2] {
    let x = fp_mul(a, m_mod_p);
    let mut limbs = [0u64; 6];
    // SAFETY: blst reads x, writes six limbs.
    unsafe { blst_uint64_from_fp(limbs.as_mut_ptr(), &x) };
    let lanes = |k: usize| -> [u64; 8] {
        core::array::from_fn(|l| {
            let m = modulus(k, l);
            let r = limbs.iter().rev().fold(0u64, |r, &d| ((((r as u128) << 64) + d as u128) % m as u128) as u64);
            mulmod(r, TABLES.f[k][l], m)
        })
    };
    [lanes(0), lanes(1)]
}

/// The element with these residues (stored form: times the lane factors; each < 2^52).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn from_lanes(b: &[u64; 8], c: &[u64; 8]) -> Rns {
    Rns { b: ld(b), c: ld(c) }
}

/// Residues of base k, as integers.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn lanes(x: &Rns, k: usize) -> [u64; 8] {
    let mut r = [0u64; 8];
    // SAFETY: 64-byte unaligned write into an [u64; 8].
    unsafe { _mm512_storeu_si512(r.as_mut_ptr() as *mut _, if k == 0 { x.b } else { x.c }) };
    r
}

/// The integer x < M the residues stand for, as (ξ_i, α): x = Σ ξ_i·(M/m_i) − α·M (CRT in B,
/// with ξ_i = x·(M/m_i)⁻¹ mod m_i below 2m_i).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn crt(x: &Rns) -> ([u64; 8], u64) {
    let xi = lanes(&Rns { b: crt_xi(x), c: x.c }, 0);
    // Σ ξ_i/m_i = α + x/M with x/M < 2^−14: round to the nearest integer
    let s: f64 = (0..8).map(|i| xi[i] as f64 / modulus(0, i) as f64).sum();
    (xi, s.round() as u64)
}

/// The CRT's ξ_i = x·(M/m_i)⁻¹ mod m_i (below 2m_i) in lane i: one Montgomery step of the B
/// residues (stored form) by `Tables::crt`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn crt_xi(x: &Rns) -> __m512i {
    mont_lane(x.b, ld(&TABLES.crt), 0)
}

/// The element of Fp (blst's form) that x stands for: y = x·2^384 (one product), its integer by
/// the CRT in base B (64-bit words), reduced mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn to_fp(x: &Rns) -> blst_fp {
    let c = conv();
    raw_to_fp(&mul(x, &from_lanes(&c.k_out[0], &c.k_out[1])))
}

/// The elements x_n·k (k = 1 when None) in blst's form: `to_fp` of N values with their products
/// by k·2^384 in one reduction batch (one product each, not two, and side by side, where N
/// calls of `to_fp` wait on one reduction each).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn to_fp_batch<const N: usize>(x: &[Rns; N], k: Option<&Rns>) -> [blst_fp; N] {
    let c = conv();
    let k_out = from_lanes(&c.k_out[0], &c.k_out[1]);
    let k = match k {
        Some(k) => mul(k, &k_out),
        None => k_out,
    };
    let mut r = Reductions::<N>::new();
    for n in 0..N {
        r.set(n, &mul_wide(&x[n], &k), 1);
    }
    let y = r.finish();
    // eight at a time in the lanes (`raw_to_fp_x8`), the last chunk padded with zeros
    let mut out = [blst_fp::default(); N];
    for (ys, os) in y.chunks(8).zip(out.chunks_mut(8)) {
        let mut chunk = [Rns { b: _mm512_setzero_si512(), c: _mm512_setzero_si512() }; 8];
        chunk[..ys.len()].copy_from_slice(ys);
        let fps = raw_to_fp_x8(&chunk);
        os.copy_from_slice(&fps[..os.len()]);
    }
    out
}

/// `raw_to_fp` of eight values at once, one value a lane: each value's ξ_i as in `crt`; the
/// 8×8 block turned so that vector i holds ξ_i of the eight values; α = round(Σ ξ_i/m_i) in
/// double precision (x/M < 2^−14, so the sum is that close to α); the integer
/// Σ ξ_i·(M/m_i) − α·M (below 17p) in radix 2^52 by IFMA; mod p by the quotient less one,
/// estimated from the top two limbs, and two conditional subtractions of p; blst's 64-bit
/// words. `raw_to_fp` is its scalar reference (`rns/tests.rs`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn raw_to_fp_x8(y: &[Rns; 8]) -> [blst_fp; 8] {
    let c = conv();
    let z = _mm512_setzero_si512();
    // ξ of value v in lanes i (`crt_xi`), then vector i = ξ_i of values 0..8 (gathered by columns)
    let rows: [Stored; 8] = core::array::from_fn(|v| Stored::new(crt_xi(&y[v])));
    let column = _mm512_setr_epi64(0, 8, 16, 24, 32, 40, 48, 56);
    // SAFETY: the gathers read rows[0..8].0[i], within the 8×8 array of u64
    let xi: [__m512i; 8] =
        core::array::from_fn(|i| unsafe { _mm512_i64gather_epi64::<8>(column, rows[0].0.as_ptr().add(i) as *const _) });
    // u64 below 2^52 to double, exactly: the bits under the exponent of 2^52
    let two52 = _mm512_set1_pd(4_503_599_627_370_496.0);
    let to_f64 = |v: __m512i| _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(v, _mm512_castpd_si512(two52))), two52);
    let mut s = _mm512_setzero_pd();
    for i in 0..8 {
        s = _mm512_fmadd_pd(to_f64(xi[i]), _mm512_set1_pd(1.0 / modulus(0, i) as f64), s);
    }
    // α ≤ 16: rounded to the nearest integer, back to u64 through the same exponent
    let alpha = _mm512_and_si512(
        _mm512_castpd_si512(_mm512_add_pd(_mm512_roundscale_pd::<0x08>(s), two52)),
        _mm512_set1_epi64(MASK52 as i64),
    );
    // Σ ξ_i·(M/m_i): columns of 16 terms below 2^52
    let mut acc = [z; 8];
    for i in 0..8 {
        for j in 0..7 {
            let k = _mm512_set1_epi64(c.m_over52[i][j] as i64);
            acc[j] = _mm512_madd52lo_epu64(acc[j], xi[i], k);
            acc[j + 1] = _mm512_madd52hi_epu64(acc[j + 1], xi[i], k);
        }
    }
    // − α·M (α·M's top column is 0: M's top limb is below 2^44)
    for j in 0..8 {
        let k = _mm512_set1_epi64(c.m_int52[j] as i64);
        acc[j] = _mm512_sub_epi64(acc[j], _mm512_madd52lo_epu64(z, alpha, k));
        if j < 7 {
            acc[j + 1] = _mm512_sub_epi64(acc[j + 1], _mm512_madd52hi_epu64(z, alpha, k));
        }
    }
    carry_s(&mut acc); // the integer y < 17p, limbs below 2^52
                       // q = ⌊y/p⌋ − 1 (at least 0) from the top two limbs, y − q·p below 3p
    let scale = _mm512_set1_pd(2f64.powi(312) / p_f64());
    let top = _mm512_fmadd_pd(to_f64(acc[7]), _mm512_set1_pd(2f64.powi(52)), to_f64(acc[6]));
    let est = _mm512_sub_pd(_mm512_roundscale_pd::<0x09>(_mm512_mul_pd(top, scale)), _mm512_set1_pd(1.0));
    let est = _mm512_max_pd(est, _mm512_setzero_pd());
    let q = _mm512_and_si512(_mm512_castpd_si512(_mm512_add_pd(est, two52)), _mm512_set1_epi64(MASK52 as i64));
    for j in 0..8 {
        let k = _mm512_set1_epi64(P[j] as i64);
        acc[j] = _mm512_sub_epi64(acc[j], _mm512_madd52lo_epu64(z, q, k));
        if j < 7 {
            acc[j + 1] = _mm512_sub_epi64(acc[j + 1], _mm512_madd52hi_epu64(z, q, k));
        }
    }
    carry_s(&mut acc);
    // y − p where that is not negative, twice: y < p
    for _ in 0..2 {
        let mut t: [__m512i; 8] = core::array::from_fn(|j| _mm512_sub_epi64(acc[j], _mm512_set1_epi64(P[j] as i64)));
        carry_s(&mut t);
        let keep = _mm512_cmplt_epi64_mask(t[7], z); // lanes where y < p
        acc = core::array::from_fn(|j| _mm512_mask_blend_epi64(keep, t[j], acc[j]));
    }
    // radix 2^52 → six 64-bit words a lane
    let sh = |v: __m512i, n: u32| _mm512_srlv_epi64(v, _mm512_set1_epi64(n as i64));
    let sl = |v: __m512i, n: u32| _mm512_sllv_epi64(v, _mm512_set1_epi64(n as i64));
    let words = [
        _mm512_or_si512(acc[0], sl(acc[1], 52)),
        _mm512_or_si512(sh(acc[1], 12), sl(acc[2], 40)),
        _mm512_or_si512(sh(acc[2], 24), sl(acc[3], 28)),
        _mm512_or_si512(sh(acc[3], 36), sl(acc[4], 16)),
        _mm512_or_si512(_mm512_or_si512(sh(acc[4], 48), sl(acc[5], 4)), sl(acc[6], 56)),
        _mm512_or_si512(sh(acc[6], 8), sl(acc[7], 44)),
    ];
    let w: [Stored; 6] = words.map(|v| Stored::new(v));
    core::array::from_fn(|v| blst_fp { l: core::array::from_fn(|k| w[k].0[v]) })
}

/// The element of Fp (blst's form) whose raw limbs y ≡ a·2^384 stands for (y a reduction's
/// output): its integer by the CRT in base B (64-bit words), reduced mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn raw_to_fp(y: &Rns) -> blst_fp {
    let c = conv();
    let (xi, alpha) = crt(y);
    // Σ ξ_i·(M/m_i): columns of 8 products below 2^115
    let mut acc = [0u128; 7];
    for i in 0..8 {
        for j in 0..7 {
            acc[j] += xi[i] as u128 * c.m_over[i][j] as u128;
        }
    }
    // − α·M, then carries (the result is y < 17p < 2^386)
    let mut r = [0u64; 7];
    let (mut carry, mut borrow) = (0u128, 0u128);
    for j in 0..7 {
        let t = acc[j] + carry;
        carry = t >> 64;
        let s = alpha as u128 * c.m_int[j] as u128 + borrow;
        borrow = s >> 64;
        let (d, under) = (t as u64).overflowing_sub(s as u64);
        r[j] = d;
        borrow += under as u128;
    }
    // y mod p: subtract ⌊y/p⌋ − 1 times p (estimated in floating point), then at most twice p
    let top = r[6] as f64 * 2f64.powi(384) + r[5] as f64 * 2f64.powi(320) + r[4] as f64 * 2f64.powi(256);
    let q = ((top / p_f64()) as u64).saturating_sub(1);
    sub_mul_p(&mut r, q);
    while !lt_p(&r) {
        sub_mul_p(&mut r, 1);
    }
    blst_fp { l: [r[0], r[1], r[2], r[3], r[4], r[5]] }
}

/// r −= q·p (r ≥ q·p).
pub(super) fn sub_mul_p(r: &mut [u64; 7], q: u64) {
    let (mut carry, mut borrow) = (0u128, 0u64);
    for j in 0..7 {
        let s = q as u128 * P64[j] as u128 + carry;
        carry = s >> 64;
        let (d1, b1) = r[j].overflowing_sub(s as u64);
        let (d2, b2) = d1.overflowing_sub(borrow);
        r[j] = d2;
        borrow = (b1 | b2) as u64;
    }
}

pub(super) fn lt_p(r: &[u64; 7]) -> bool {
    for j in (0..7).rev() {
        if r[j] != P64[j] {
            return r[j] < P64[j];
        }
    }
    false
}

#[cfg(test)]
/// x/p as a float (the bound of the value the residues stand for, for tests): x = Σ ξ_i·(M/m_i) − αM.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn value_over_p(x: &Rns) -> f64 {
    let (xi, alpha) = crt(x);
    // x/M = Σ ξ_i/m_i − α, and M/p
    let frac: f64 = (0..8).map(|i| xi[i] as f64 / modulus(0, i) as f64).sum::<f64>() - alpha as f64;
    let m_over_p = (0..8).map(|i| modulus(0, i) as f64).product::<f64>() / p_f64();
    frac * m_over_p
}

pub(super) fn p_f64() -> f64 {
    P.iter().rev().fold(0.0, |a, &l| a * 2f64.powi(52) + l as f64)
}
