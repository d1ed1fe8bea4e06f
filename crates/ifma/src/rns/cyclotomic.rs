//! The final exponentiation's cyclotomic-subgroup arithmetic over RNS (`rns::tower`) with a factor
//! in Fp carried along instead of inverted: a value t·f, f in the cyclotomic subgroup, t in Fp*
//! (`ScaledFp12r`). The factor costs one more reduction a product or squaring (t's own), and
//! buys two things:
//! - Karabina's compressed squarings (eprint 2010/542) without the Fp inversion their
//!   decompression needs: the decompressed value is t'·f with a new factor t' (`decompress_r`).
//!   The exponentiation by |z| then runs 57 of its 63 squarings compressed (9 reductions each
//!   against Granger–Scott's 12 plus one; `pow_z_abs_compressed`);
//! - the easy part without its Fp6 inversion (`inv_fp6r_scaled`): the one inversion left is at
//!   the very end (`store_unscaled_r`), and a pairing check needs none (`is_one_scaled_r`).
//!
//! The hard part is `cyclotomic::hard_part`, written once: the factor passes through products
//! (t_a·t_b), conjugation and the Frobenius map (t in Fp is fixed by both) unchanged in form.
//!
//! Bounds (`rns::tower`'s): inputs below 32p, s = t/3 a reduction's output (below 32p) and −2t/3
//! below 64p, so that the largest sums here, the squarings' 3(x² + ξy²) − 2t·e, stay below
//! 3·(2^14 + 2^11)·p² < 2^16·p²; `rns/tests.rs` drives every input, s included, near 32p.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc)]
use crate::consts::Z_ABS;
use crate::cyclotomic::{pow_z_abs, Cyclotomic};
use crate::rns::tower::*;
use crate::rns::{conversions::*, field::*, reduction::*};
use blst::{blst_fp, blst_fp12};
use core::mem::MaybeUninit;

/// t·f for f in the cyclotomic subgroup: f (the twelve coefficients of t·f) and s = t/3, the
/// factor of Granger–Scott's and Karabina's linear terms (t = 1: s = 1/3).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct ScaledFp12r {
    pub f: Fp12r,
    pub s: Rns,
}

/// Karabina's compressed form of t·f: the coefficients (g1, g2, h0, h2) of t·f in blst's order,
/// and s = t/3 (as `ScaledFp12r`).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct CompressedR {
    pub g: [Fp2r; 4],
    pub s: Rns,
}

/// f·t, given t (s = t/3: one reduction).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn with_factor_r(f: &Fp12r, t: &Rns) -> ScaledFp12r {
    let [s] = reduce_scaled(&[mul_wide(t, &konst(&consts().third))], [1]);
    ScaledFp12r { f: *f, s }
}

/// The 3s = t of a value, reduced.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn factor(s: &Rns) -> Rns {
    let [t] = reduce_scaled(&[mul_wide(s, &konst(&consts().one))], [3]);
    t
}

/// 1/t, by blst (one conversion each way).
#[target_feature(enable = "avx512f,avx512ifma")]
fn inverse_factor(a: &ScaledFp12r) -> Rns {
    from_fp(&fp_inv(&to_fp(&factor(&a.s))))
}

#[cfg(test)]
/// f itself: t·f times 1/t (`inverse_factor`, 12 reductions).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn unscale_r(a: &ScaledFp12r) -> Fp12r {
    let inv = inverse_factor(a);
    let mut r = Reductions::<12>::new();
    for i in 0..6 {
        r.set(2 * i, &mul_wide(&a.f.0[i].c0, &inv), 1);
        r.set(2 * i + 1, &mul_wide(&a.f.0[i].c1, &inv), 1);
    }
    // SAFETY: `Fp12r` is repr(C), twelve Rns in the batch's order
    unsafe { r.finish_as() }
}

/// f itself in blst's form: `unscale_r` and `store_fp12r` in one (the product by 1/t joins the
/// conversions' products by 2^384: one product a coefficient, not two).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn store_unscaled_r(a: &ScaledFp12r) -> blst_fp12 {
    store_times_fp12r(&a.f, Some(&inverse_factor(a)))
}

/// `store_unscaled_r` of each value with one Fp inversion for all (Montgomery's simultaneous
/// inversion, in blst's form: 3(n − 1) products).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn store_unscaled_all_r(a: &[ScaledFp12r]) -> Vec<blst_fp12> {
    let t: Vec<blst_fp> = a.iter().map(|x| to_fp(&factor(&x.s))).collect();
    let mut prefix = t.clone(); // t_0···t_k
    for k in 1..t.len() {
        prefix[k] = fp_mul(&prefix[k - 1], &t[k]);
    }
    let mut inv = match prefix.last() {
        Some(p) => fp_inv(p), // 1/(t_0···t_{n−1})
        None => return Vec::new(),
    };
    let mut out = vec![blst_fp12::default(); a.len()];
    for k in (0..a.len()).rev() {
        let inv_k = if k == 0 { inv } else { fp_mul(&inv, &prefix[k - 1]) }; // 1/t_k
        inv = fp_mul(&inv, &t[k]); // 1/(t_0···t_{k−1})
        out[k] = store_times_fp12r(&a[k].f, Some(&from_fp(&inv_k)));
    }
    out
}

/// Is f = 1? t·f must be t·1: its constant coefficient t (and t ≠ 0), the other eleven 0, all
/// modulo p (`rns::eq_mod_p`). No inversion.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn is_one_scaled_r(a: &ScaledFp12r) -> bool {
    let zero = from_lanes(&[0; 8], &[0; 8]);
    let t = factor(&a.s);
    let mut ok = !eq_mod_p(&t, &zero) & eq_mod_p(&a.f.0[0].c0, &t) & eq_mod_p(&a.f.0[0].c1, &zero);
    for i in 1..6 {
        ok &= eq_mod_p(&a.f.0[i].c0, &zero) & eq_mod_p(&a.f.0[i].c1, &zero);
    }
    ok
}

/// Granger–Scott's squaring (`cyclotomic_sqr_fp12r`) made homogeneous by t: 3(x² + ξy²) − 2t·e,
/// 6(xy·(ξ) + (t/3)·e), and s' = 3s² (t' = t²). 13 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn scaled_sqr_into_r(a: &ScaledFp12r, out: &mut MaybeUninit<ScaledFp12r>) {
    let g = &a.f.0;
    let ns = neg(&a.s);
    let k23 = add_nr(&ns, &ns); // −2t/3, below 64p
    let mut r = Reductions::<13>::new();
    set_pair(&mut r, 0, sqr_xi_sum(g, 0, 4, 0, &k23), 3); // g0 = 3(g0² + ξh1²) − 2t·g0
    set_pair(&mut r, 1, sqr_xi_sum(g, 3, 2, 1, &k23), 3); // g1 = 3(h0² + ξg2²) − 2t·g1
    set_pair(&mut r, 2, sqr_xi_sum(g, 1, 5, 2, &k23), 3); // g2 = 3(g1² + ξh2²) − 2t·g2
    set_pair(&mut r, 3, prod_sum(g, 1, 5, 3, true, &a.s), 6); // h0 = 6(ξ·g1h2 + (t/3)·h0)
    set_pair(&mut r, 4, prod_sum(g, 0, 4, 4, false, &a.s), 6); // h1 = 6(g0h1 + (t/3)·h1)
    set_pair(&mut r, 5, prod_sum(g, 3, 2, 5, false, &a.s), 6); // h2 = 6(h0g2 + (t/3)·h2)
    r.set(12, &mul_wide(&a.s, &a.s), 3);
    // SAFETY: `ScaledFp12r` is repr(C): thirteen Rns in the batch's order
    unsafe { r.finish_raw(out.as_mut_ptr() as *mut Rns) }
}

/// (t_a·f_a)(t_b·f_b): `mul_fp12r`, and s = 3·s_a·s_b. 13 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn scaled_mul_r(a: &ScaledFp12r, b: &ScaledFp12r) -> ScaledFp12r {
    let mut out = MaybeUninit::uninit();
    scaled_mul_into_r(a, b, &mut out);
    // SAFETY: written whole
    unsafe { out.assume_init() }
}

/// `scaled_mul_r` written into `out`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn scaled_mul_into_r(a: &ScaledFp12r, b: &ScaledFp12r, out: &mut MaybeUninit<ScaledFp12r>) {
    let mut r = Reductions::<13>::new();
    mul_sums_fp12r(&a.f, &b.f, &mut r);
    r.set(12, &mul_wide(&a.s, &b.s), 3);
    // SAFETY: `ScaledFp12r` is repr(C): thirteen Rns in the batch's order
    unsafe { r.finish_raw(out.as_mut_ptr() as *mut Rns) }
}

/// The compressed form of (t_a·f_a)(t_b·f_b), written into `out`: `scaled_mul_into_r` for the
/// four coefficients it keeps. 9 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn scaled_mul_compressed_into_r(a: &ScaledFp12r, b: &ScaledFp12r, out: &mut MaybeUninit<CompressedR>) {
    let mut r = Reductions::<9>::new();
    mul_compressed_sums_fp12r(&a.f, &b.f, &mut r);
    r.set(8, &mul_wide(&a.s, &b.s), 3);
    // SAFETY: `CompressedR` is repr(C): nine Rns in the batch's order
    unsafe { r.finish_raw(out.as_mut_ptr() as *mut Rns) }
}

/// The compressed form.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn compress_r(a: &ScaledFp12r) -> CompressedR {
    let g = &a.f.0;
    CompressedR { g: [g[1], g[2], g[3], g[5]], s: a.s }
}

/// The compressed squaring of t·f into t²·f²: Granger–Scott's formulas restricted to
/// (g1, g2, h0, h2) (Karabina, eprint 2010/542, §4), homogeneous by t as in `scaled_sqr_into_r`:
/// g1' = 3(h0² + ξg2²) − 2t·g1, g2' = 3(g1² + ξh2²) − 2t·g2, h0' = 6(ξg1h2 + (t/3)·h0),
/// h2' = 6(h0g2 + (t/3)·h2), s' = 3s². 9 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn compressed_sqr_into_r(c: &CompressedR, out: &mut MaybeUninit<CompressedR>) {
    let g = &c.g; // 0: g1, 1: g2, 2: h0, 3: h2
    let ns = neg(&c.s);
    let k23 = add_nr(&ns, &ns); // −2t/3, below 64p
    let mut r = Reductions::<9>::new();
    set_pair(&mut r, 0, sqr_xi_sum(g, 2, 1, 0, &k23), 3);
    set_pair(&mut r, 1, sqr_xi_sum(g, 0, 3, 1, &k23), 3);
    set_pair(&mut r, 2, prod_sum(g, 0, 3, 2, true, &c.s), 6);
    set_pair(&mut r, 3, prod_sum(g, 2, 1, 3, false, &c.s), 6);
    r.set(8, &mul_wide(&c.s, &c.s), 3);
    // SAFETY: `CompressedR` is repr(C): nine Rns in the batch's order
    unsafe { r.finish_raw(out.as_mut_ptr() as *mut Rns) }
}

#[cfg(test)]
/// c^(2^k), compressed squarings between two buffers (each written straight into the other, as
/// in `pow_z_abs_compressed_into`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn compressed_pow2_r(c: &CompressedR, k: u32) -> CompressedR {
    let mut bufs = [MaybeUninit::new(*c), MaybeUninit::uninit()];
    for i in 0..k as usize {
        let [a, b] = &mut bufs;
        let (src, dst) = if i % 2 == 0 { (a, b) } else { (b, a) };
        // SAFETY: the buffer of step i holds the value (initialised, and written whole by every step)
        compressed_sqr_into_r(unsafe { src.assume_init_ref() }, dst);
    }
    // SAFETY: as above
    unsafe { bufs[k as usize % 2].assume_init() }
}

#[cfg(test)]
/// t·f from its compressed form, as t'·f with t' = t·N(D) (no inversion; None when D = 0, f in a
/// proper subfield such as f = 1, where the compressed form does not determine f). With
/// c = t·(g1, g2, h0, h2), three levels (f·conj(f) = 1 gives g0 and h1 by Cramer's rule,
/// `tower8::decompress_parts_fp12`):
/// R1 = h0² − ξg2², R2 = ξh2² − g1², D = 2(ξg2h2 − g1h0) (t² times the unscaled values);
/// G0 = ξh2·R2 − h0·R1, H1 = g1·R2 − g2·R1 (t³·D_f·g0, t³·D_f·h1), n = N(D) = D0² + D1²;
/// t·n·f = (conj(D)·G0, n·g1, n·g2, n·h0, conj(D)·H1, n·h2), s' = s·n. 24 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn decompress_r(c: &CompressedR) -> Option<ScaledFp12r> {
    let mut out = MaybeUninit::uninit();
    // SAFETY: written whole when true
    decompress_into_r(c, &mut out).then(|| unsafe { out.assume_init() })
}

/// `decompress_r` written into `out`; false (and `out` unwritten) when D = 0.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn decompress_into_r(c: &CompressedR, out: &mut MaybeUninit<ScaledFp12r>) -> bool {
    let [g1, g2, h0, h2] = &c.g;
    let times_u = |x: &Fp2r| Fp2r { c0: neg(&x.c1), c1: x.c0 }; // u·x: (u·x)² = −x²
    let mut r = Reductions::<6>::new();
    set_pair(&mut r, 0, sqr_plus_xi_sqr(h0, &times_u(g2)), 1); // R1 = h0² + ξ(u·g2)²
    set_pair(&mut r, 1, sqr_plus_xi_sqr(&times_u(g1), h2), 1); // R2 = (u·g1)² + ξh2²
    set_pair(&mut r, 2, prod2_sum(&mul_by_xi_fp2r(g2), h2, &neg_fp2r(g1), h0), 2); // D
    let l1 = r.finish();
    let (r1, r2, d) = (Fp2r { c0: l1[0], c1: l1[1] }, Fp2r { c0: l1[2], c1: l1[3] }, Fp2r { c0: l1[4], c1: l1[5] });
    let mut r = Reductions::<5>::new();
    set_pair(&mut r, 0, prod2_sum(&mul_by_xi_fp2r(h2), &r2, &neg_fp2r(h0), &r1), 1); // G0
    set_pair(&mut r, 1, prod2_sum(g1, &r2, &neg_fp2r(g2), &r1), 1); // H1
    r.set(4, &dot(&[(&d.c0, &d.c0), (&d.c1, &d.c1)]), 1); // n
    let l2 = r.finish();
    let (g0d, h1d, n) = (Fp2r { c0: l2[0], c1: l2[1] }, Fp2r { c0: l2[2], c1: l2[3] }, l2[4]);
    if eq_mod_p(&n, &from_lanes(&[0; 8], &[0; 8])) {
        return false;
    }
    let dc = Fp2r { c0: d.c0, c1: neg(&d.c1) }; // conj(D)
    let mut r = Reductions::<13>::new();
    set_pair(&mut r, 0, prod2(&g0d, &dc), 1); // g0
    set_pair(&mut r, 1, prod_fp(g1, &n), 1);
    set_pair(&mut r, 2, prod_fp(g2, &n), 1);
    set_pair(&mut r, 3, prod_fp(h0, &n), 1);
    set_pair(&mut r, 4, prod2(&h1d, &dc), 1); // h1
    set_pair(&mut r, 5, prod_fp(h2, &n), 1);
    r.set(12, &mul_wide(&c.s, &n), 1);
    // SAFETY: `ScaledFp12r` is repr(C): thirteen Rns in the batch's order
    unsafe { r.finish_raw(out.as_mut_ptr() as *mut Rns) };
    true
}

/// The shortest run of squarings between two set bits of |z| done compressed: a run pays one
/// decompression (`decompress_r`, 3 levels of 24 reductions) and saves 4 reductions a squaring
/// (`compressed_sqr_into_r`'s 9 against `scaled_sqr_into_r`'s 13; the product that starts it
/// costs less, `scaled_mul_compressed_into_r`). For |z| this compresses the runs of 9, 32 and
/// 16, which was faster than compressing the last two alone.
const COMPRESSED_RUN_MIN: u32 = 6;

/// x^|z|, square and multiply over the set bits of |z| from the top, each run of squarings up
/// to the next set bit (or the end) compressed and decompressed once when it is long enough
/// (`COMPRESSED_RUN_MIN`), else by Granger–Scott squarings: for |z| = 0xd201000000010000 runs of
/// 1, 2, 3, 9, 32 and 16 squarings, the last three compressed (57 of the 63), three
/// decompressions, no inversion. None when a decompression meets D = 0 (`decompress_r`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pow_z_abs_compressed(x: &ScaledFp12r) -> Option<ScaledFp12r> {
    let mut out = MaybeUninit::uninit();
    // SAFETY: written whole when true
    pow_z_abs_compressed_into(x, &mut out).then(|| unsafe { out.assume_init() })
}

/// `pow_z_abs_compressed` written into `out` (false, `out` unspecified, when a decompression
/// meets D = 0). Every step writes its result straight where the next one reads it: two buffers
/// for the value besides `out`, which the last step writes, and two for the compressed runs (no
/// copies of 1–1.6 KB values between the steps).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn pow_z_abs_compressed_into(x: &ScaledFp12r, out: &mut MaybeUninit<ScaledFp12r>) -> bool {
    let mut t = [const { MaybeUninit::<ScaledFp12r>::uninit() }; 2];
    let mut c = [const { MaybeUninit::<CompressedR>::uninit() }; 2];
    let out: *mut MaybeUninit<ScaledFp12r> = out;
    let t: [*mut MaybeUninit<ScaledFp12r>; 2] = [&mut t[0], &mut t[1]];
    let c: [*mut MaybeUninit<CompressedR>; 2] = [&mut c[0], &mut c[1]];
    // the value: x, out or one of t (initialised there)
    let mut r: *const ScaledFp12r = x;
    // the buffer of t that does not hold r
    let free = |r: *const ScaledFp12r| if r == t[0] as *const ScaledFp12r { t[1] } else { t[0] };
    // r·x^times = x^(|z| >> bit), times: the product by x of the last set bit still to do
    let mut bit = 63 - Z_ABS.leading_zeros();
    let mut times = false;
    // SAFETY (every step): each reads an initialised value (x, or a buffer an earlier step wrote
    // whole) and writes a different buffer whole
    unsafe {
        loop {
            let below = Z_ABS & ((1u64 << bit) - 1);
            let next = (below != 0).then(|| 63 - below.leading_zeros());
            let run = bit - next.unwrap_or(0);
            let last = next.is_none();
            if run >= COMPRESSED_RUN_MIN {
                // the product straight into the compressed form (`scaled_mul_compressed_into_r`)
                if times {
                    scaled_mul_compressed_into_r(&*r, x, &mut *c[0]);
                } else {
                    (*c[0]).write(compress_r(&*r));
                }
                for i in 0..run as usize {
                    compressed_sqr_into_r((*c[i % 2]).assume_init_ref(), &mut *c[(i + 1) % 2]);
                }
                let dst = if last { out } else { free(r) };
                if !decompress_into_r((*c[run as usize % 2]).assume_init_ref(), &mut *dst) {
                    return false;
                }
                r = dst as *const ScaledFp12r;
            } else {
                if times {
                    let dst = if last && run == 0 { out } else { free(r) };
                    scaled_mul_into_r(&*r, x, &mut *dst);
                    r = dst as *const ScaledFp12r;
                }
                for i in 0..run {
                    let dst = if last && i + 1 == run { out } else { free(r) };
                    scaled_sqr_into_r(&*r, &mut *dst);
                    r = dst as *const ScaledFp12r;
                }
            }
            match next {
                Some(n) => (times, bit) = (true, n),
                None => {
                    if r != out as *const ScaledFp12r {
                        (*out).write(*r); // x^1 (|z| = 1) only
                    }
                    return true;
                }
            }
        }
    }
}

impl Cyclotomic for ScaledFp12r {
    #[inline]
    unsafe fn mul(&self, other: &Self) -> Self {
        unsafe { scaled_mul_r(self, other) }
    }
    #[inline]
    unsafe fn sqr(&self) -> Self {
        let mut out = MaybeUninit::uninit();
        // SAFETY: the caller's target features; written whole
        unsafe {
            scaled_sqr_into_r(self, &mut out);
            out.assume_init()
        }
    }
    #[inline]
    unsafe fn sqr_into(&self, out: &mut Self) {
        // SAFETY: the caller's target features; a `Self` as uninitialised memory, written whole
        unsafe { scaled_sqr_into_r(self, &mut *(out as *mut Self as *mut MaybeUninit<Self>)) }
    }
    #[inline]
    unsafe fn conj(&self) -> Self {
        ScaledFp12r { f: unsafe { conj_fp12r(&self.f) }, s: self.s }
    }
    #[inline]
    unsafe fn frobenius(&self) -> Self {
        ScaledFp12r { f: unsafe { frobenius_fp12r(&self.f) }, s: self.s }
    }
    #[inline]
    unsafe fn frobenius2(&self) -> Self {
        ScaledFp12r { f: unsafe { frobenius2_fp12r(&self.f) }, s: self.s }
    }
    /// Compressed (`pow_z_abs_compressed`); where that meets D = 0, Granger–Scott's squarings.
    unsafe fn exp_by_z(&self) -> Self {
        // SAFETY: the caller's target features; self is cyclotomic up to its factor
        unsafe {
            match pow_z_abs_compressed(self) {
                Some(r) => r.conj(),
                None => pow_z_abs(self).conj(),
            }
        }
    }
}
