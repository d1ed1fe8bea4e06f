//! The tower over RNS Fp (`rns::field`), in blst's tower (Fp2 = Fp[u]/(u²+1), Fp6 = Fp2[v]/(v³−ξ),
//! ξ = u+1, Fp12 = Fp6[w]/(w²−v)), the tower of the latency path.
//!
//! Every output coefficient is one `reduce` of a sum of products: additions happen on operands
//! (residue-wise, before the products) or inside the accumulator, never between reductions.
//! Linear terms (the ∓2f of the cyclotomic squaring) enter the sum as products by constants, and
//! a common scalar factor (its 3) enters `reduce_scaled`.
//!
//! Bounds (`rns::field`'s module comment): inputs are below 32p (what `reduce` and `neg` leave); operands
//! built from them by additions stay below 400p, and every sum here, times its factor, stays
//! below 2^16·p² (the largest: the Fp12 product's 12 terms of 32p·64p, the doubling line's
//! (B + F)² − 12E² and ξZ²·12), a quarter of what `reduce` allows.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::rns::{conversions::*, field::*, reduction::*};
use blst::*;
use core::mem::MaybeUninit;
use std::sync::OnceLock;

#[derive(Clone, Copy)]
#[repr(C)]
pub struct Fp2r {
    pub c0: Rns,
    pub c1: Rns,
}

/// The six Fp2 coefficients in blst's order: g0, g1, g2 (fp6[0]), h0, h1, h2 (fp6[1]) of
/// (g0 + g1·v + g2·v²) + (h0 + h1·v + h2·v²)·w.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Fp12r(pub [Fp2r; 6]);

/// Constants of the tower as residues (computed once from blst values).
pub(crate) struct Consts {
    /// −2/3 and 1/3: the ∓2f terms of the cyclotomic squaring under the factors 3 and 6.
    neg_two_thirds: [[u64; 8]; 2],
    pub(crate) third: [[u64; 8]; 2],
    pub(crate) one: [[u64; 8]; 2],
    /// Frobenius: γ_k = ξ^(k(p−1)/6) for the coefficient of w^k, as (re, im, −re).
    frob: [[[[u64; 8]; 2]; 3]; 6],
    /// The p²-Frobenius: δ_k = ξ^(k(p²−1)/6), in Fp, for the coefficient of w^k.
    frob2: [[[u64; 8]; 2]; 6],
}

pub(crate) fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let fp = |x: u64| {
            let mut r = blst_fp::default();
            // SAFETY: blst reads six limbs, writes r.
            unsafe { blst_fp_from_uint64(&mut r, [x, 0, 0, 0, 0, 0].as_ptr()) };
            r
        };
        let mut third = blst_fp::default();
        let mut neg_two_thirds = blst_fp::default();
        // SAFETY: blst reads and writes field elements.
        unsafe {
            blst_fp_inverse(&mut third, &fp(3));
            blst_fp_add(&mut neg_two_thirds, &third, &third);
            blst_fp_cneg(&mut neg_two_thirds, &neg_two_thirds, true);
        }
        // the coefficient of w^k in (w^k)^(p^n): blst's Frobenius map of the one-hot element
        let frobenius_of_w = |k: usize, n: usize| {
            let mut e = blst_fp12::default();
            let i = W_POWER[k];
            e.fp6[i / 3].fp2[i % 3].fp[0] = fp(1);
            let mut r = blst_fp12::default();
            // SAFETY: blst reads e, writes r.
            unsafe { blst_fp12_frobenius_map(&mut r, &e, n) };
            r.fp6[i / 3].fp2[i % 3].fp
        };
        let frob = core::array::from_fn(|k| {
            let g = frobenius_of_w(k, 1); // γ_k
            let mut neg_re = blst_fp::default();
            // SAFETY: blst reads and writes field elements.
            unsafe { blst_fp_cneg(&mut neg_re, &g[0], true) };
            [residues(&g[0]), residues(&g[1]), residues(&neg_re)]
        });
        let frob2 = core::array::from_fn(|k| residues(&frobenius_of_w(k, 2)[0])); // δ_k (in Fp)
        Consts {
            neg_two_thirds: residues(&neg_two_thirds),
            third: residues(&third),
            one: residues(&fp(1)),
            frob,
            frob2,
        }
    })
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn konst(r: &[[u64; 8]; 2]) -> Rns {
    from_lanes(&r[0], &r[1])
}

// ---------------------------------------------------------------- Fp2 (`add_fp2r` adds bounds;
// `neg_fp2r` needs an input below 32p)

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn neg_fp2r(a: &Fp2r) -> Fp2r {
    Fp2r { c0: neg(&a.c0), c1: neg(&a.c1) }
}

// ---------------------------------------------------------------- Fp12

/// The one of Fp12.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn one_fp12r() -> Fp12r {
    let one = konst(&consts().one);
    let zero = from_lanes(&[0; 8], &[0; 8]);
    let z2 = Fp2r { c0: zero, c1: zero };
    let mut r = [z2; 6];
    r[0].c0 = one;
    Fp12r(r)
}

/// The p^6-Frobenius (conjugation over Fp6): the odd powers of w negated.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn conj_fp12r(a: &Fp12r) -> Fp12r {
    let mut r = a.0;
    for i in 3..6 {
        r[i] = neg_fp2r(&a.0[i]);
    }
    Fp12r(r)
}

/// a^p: the coefficient c_k of w^k ↦ conj(c_k)·γ_k, γ_k = ξ^(k(p−1)/6); with c = x + y·u and
/// γ = s + t·u: conj(c)·γ = (xs + yt) + (xt − ys)·u.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn frobenius_fp12r(a: &Fp12r) -> Fp12r {
    let k = consts();
    let mut r = Reductions::<10>::new();
    // in blst's order, so that the results land in place: coefficient i = 1..5 of the output
    for i in 1..6 {
        let (j, c) = (POWER_AT[i], &a.0[i]);
        let (s, t, ns) = (konst(&k.frob[j][0]), konst(&k.frob[j][1]), konst(&k.frob[j][2]));
        r.set(2 * i - 2, &dot(&[(&c.c0, &s), (&c.c1, &t)]), 1);
        r.set(2 * i - 1, &dot(&[(&c.c0, &t), (&c.c1, &ns)]), 1);
    }
    let mut out = MaybeUninit::<Fp12r>::uninit();
    let op = out.as_mut_ptr() as *mut Fp2r;
    // SAFETY: coefficient 0 (γ_0 = 1: the conjugate), then coefficients 1..5 (ten Rns, `Fp12r` is
    // repr(C)) by the batch: written whole
    unsafe {
        op.write(Fp2r { c0: a.0[0].c0, c1: neg(&a.0[0].c1) });
        r.finish_raw(op.add(1) as *mut Rns);
        out.assume_init()
    }
}

/// a^(p²): the coefficient c_k of w^k ↦ c_k·δ_k, δ_k = ξ^(k(p²−1)/6) in Fp (the p²-Frobenius
/// fixes Fp2); δ_3 = ξ^((p²−1)/2) = −1 (ξ is not a square in Fp2): a negation. 8 reductions,
/// against 20 for `frobenius_fp12r` twice.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn frobenius2_fp12r(a: &Fp12r) -> Fp12r {
    let k = consts();
    let mut r = Reductions::<8>::new();
    // blst's coefficients 1, 2, 3, 5 (w², w⁴, w, w⁵) by the batch; 0 (w⁰) kept, 4 (w³) negated
    for (n, i) in [1, 2, 3, 5].into_iter().enumerate() {
        set_pair(&mut r, n, prod_fp(&a.0[i], &konst(&k.frob2[POWER_AT[i]])), 1);
    }
    let r = r.finish();
    let at = |n: usize| Fp2r { c0: r[2 * n], c1: r[2 * n + 1] };
    Fp12r([a.0[0], at(0), at(1), at(2), neg_fp2r(&a.0[4]), at(3)])
}

/// `$body` six times, with `$i` = 0..5 a constant in each copy: the tower's loops over the six
/// powers of w written out, so that their index arithmetic and branches fold away (LLVM keeps
/// these loops rolled: a body of ~40 IFMA is over its unrolling threshold).
macro_rules! unroll6 {
    ($i:ident => $body:block) => {
        unroll6!(@ $i [0 1 2 3 4 5] $body)
    };
    (@ $i:ident [$($k:literal)*] $body:block) => {{
        $({
            let $i: usize = $k;
            $body
        })*
    }};
}

/// The coefficient of w^k, k = 0..5 (Fp12 = Fp2[w]/(w⁶ − ξ)), in `Fp12r`'s blst order.
const W_POWER: [usize; 6] = [0, 3, 1, 4, 2, 5];

/// The power of w of blst's coefficient i (`W_POWER` inverted).
const POWER_AT: [usize; 6] = {
    let mut r = [0; 6];
    let mut k = 0;
    while k < 6 {
        r[W_POWER[k]] = k;
        k += 1;
    }
    r
};

/// a·b, schoolbook over Fp12 = Fp2[w]/(w⁶ − ξ): c_k = Σ_{i+j=k} a_i·b_j + ξ·Σ_{i+j=k+6} a_i·b_j,
/// every Fp coefficient one sum of 12 products and one reduction (Karatsuba's savings are in
/// products, which cost 4 IFMA here against ~75 vector operations for a reduction).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn mul_fp12r(a: &Fp12r, b: &Fp12r) -> Fp12r {
    into_new(|o| mul_by_terms(a, &all_terms(b), o))
}

/// `mul_by_line_fp12r` written into `out`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn mul_by_line_into_fp12r(a: &Fp12r, l: &LineR, out: &mut MaybeUninit<Fp12r>) {
    mul_by_terms(a, &[(0, &l.l0), (2, &l.l1), (3, &l.l2)], out)
}

/// The line l0 + l1·w² + l2·w³ as an Fp12 element (the Miller loop's first product, by 1):
/// l0 (below 64p) reduced, 2 reductions against `mul_by_line_into_fp12r`'s 12.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn line_into_fp12r(l: &LineR, out: &mut MaybeUninit<Fp12r>) {
    let one = konst(&consts().one);
    let [c0, c1] = reduce_scaled(&[mul_wide(&l.l0.c0, &one), mul_wide(&l.l0.c1, &one)], [1; 2]);
    let zero = from_lanes(&[0; 8], &[0; 8]);
    let mut r = [Fp2r { c0: zero, c1: zero }; 6];
    r[W_POWER[0]] = Fp2r { c0, c1 };
    r[W_POWER[2]] = l.l1;
    r[W_POWER[3]] = l.l2;
    out.write(Fp12r(r));
}

/// a·Σ b_j·w^(e_j) for the listed terms (w-power, coefficient): c_k = Σ a_i·b_j over i + e_j = k,
/// times ξ where i + e_j = k + 6. With a_i = x + y·u, b_j = s + t·u: a_i·b_j = (xs − yt) +
/// (xt + ys)·u and ξ·a_i·b_j = (x(s − t) − y(s + t)) + (x(s + t) + y(s − t))·u. The b_j must be
/// below 64p (their negations), the a_i below 32p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mul_by_terms<const J: usize>(a: &Fp12r, bs: &[(usize, &Fp2r); J], out: &mut MaybeUninit<Fp12r>) {
    let mut r = Reductions::<12>::new();
    mul_by_terms_sums(a, bs, &mut r);
    r.finish_uninit(fp12_as_uninit_sums(out));
}

/// The operands `mac_term` needs of b = s + t·u: s, t, −t, s − t, s + t, −(s + t)
/// (negations from 64p: b below 64p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn term_operands(b: &Fp2r) -> [Rns; 6] {
    let (s, t) = (b.c0, b.c1);
    let (ns, nt) = (neg64(&s), neg64(&t));
    [s, t, nt, add_nr(&s, &nt), add_nr(&s, &t), add_nr(&ns, &nt)]
}

/// (re, im) += (x + y·u)·b, or ξ·(x + y·u)·b where the power of w wraps past w⁶ = ξ, with b's
/// `term_operands`: a·b = (xs − yt) + (xt + ys)·u, ξ·a·b = (x(s − t) − y(s + t)) +
/// (x(s + t) + y(s − t))·u.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mac_term(re: &mut RnsWide, im: &mut RnsWide, x: &Rns, y: &Rns, b: &[Rns; 6], times_xi: bool) {
    let [s, t, nt, s_t, spt, n_spt] = b;
    if !times_xi {
        mac(re, x, s); // xs − yt
        mac(re, y, nt);
        mac(im, x, t); // xt + ys
        mac(im, y, s);
    } else {
        mac(re, x, s_t); // x(s − t) − y(s + t)
        mac(re, y, n_spt);
        mac(im, x, spt); // x(s + t) + y(s − t)
        mac(im, y, s_t);
    }
}

/// The 12 sums of `mul_by_terms` into the batch r, in blst's order (re, im of g0, g1, g2, h0, h1,
/// h2), each output coefficient's sums accumulated whole before the next and handed to the batch
/// as formed (their accumulators stay in registers; accumulating term by term into all twelve
/// kept them in memory, a load and a store per IFMA). The terms' powers e_j are below 6.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mul_by_terms_sums<const J: usize>(a: &Fp12r, bs: &[(usize, &Fp2r); J], r: &mut Reductions<12>) {
    mul_by_terms_sums_at(a, bs, r, W_POWER.map(Some));
}

/// The sums of `mul_by_terms` for the powers k of w with `at[k]` = Some(n), as pair n of the
/// batch r (the rest not computed).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mul_by_terms_sums_at<const J: usize, const N: usize>(
    a: &Fp12r,
    bs: &[(usize, &Fp2r); J],
    r: &mut Reductions<N>,
    at: [Option<usize>; 6],
) {
    let mut ops = [[a.0[0].c0; 6]; J];
    for j in 0..J {
        ops[j] = term_operands(bs[j].1);
    }
    unroll6!(k => {
        if let Some(n) = at[k] {
            let (mut re, mut im) = (wide_zero(), wide_zero());
            for j in 0..J {
                let i = (k + 6 - bs[j].0) % 6; // a_i·b_j·w^(i + e_j) lands on w^k
                let ai = &a.0[W_POWER[i]];
                mac_term(&mut re, &mut im, &ai.c0, &ai.c1, &ops[j], i + bs[j].0 >= 6);
            }
            set_pair(r, n, [re, im], 1);
        }
    });
}

/// blst's coefficients (g0, g1, g2) of a·b (w-powers 0, 2, 4): `mul_fp12r`'s sums for half its
/// outputs (the easy part's f·conj(f), whose other half is 0). 6 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn mul_fp6_half_fp12r(a: &Fp12r, b: &Fp12r) -> [Fp2r; 3] {
    let mut r = Reductions::<6>::new();
    mul_by_terms_sums_at(a, &all_terms(b), &mut r, [Some(0), None, Some(1), None, Some(2), None]);
    // SAFETY: [Fp2r; 3] is repr(C): six Rns in the batch's order
    unsafe { r.finish_as() }
}

/// The twelve sums of a·b (`mul_fp12r`) as sums 0..12 of the batch r.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn mul_sums_fp12r<const N: usize>(a: &Fp12r, b: &Fp12r, r: &mut Reductions<N>) {
    mul_by_terms_sums_at(a, &all_terms(b), r, W_POWER.map(Some));
}

/// The coefficients (g1, g2, h0, h2) of a·b (Karabina's compressed form, `rns::cyclotomic`) as
/// pairs 0..4 of the batch r: `mul_fp12r`'s sums for four of its six outputs.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn mul_compressed_sums_fp12r<const N: usize>(a: &Fp12r, b: &Fp12r, r: &mut Reductions<N>) {
    // w-power k of blst's g1, g2, h0, h2: 2, 4, 1, 5 (`W_POWER`)
    mul_by_terms_sums_at(a, &all_terms(b), r, [None, Some(2), Some(0), None, Some(1), Some(3)]);
}

/// a², schoolbook over Fp12 = Fp2[w]/(w⁶ − ξ) with the symmetric products once:
/// c_k = Σ_{i<j, i+j≡k} 2·a_i·a_j (·ξ where i + j ≥ 6) + a_{k/2}², 21 Fp2 products against
/// `mul_fp12r`'s 36, the squares a_0², a_1², a_2² (no ξ) complex squarings of two Fp products
/// (78 Fp products in all, against 144 for a product). The doubled a_i (below
/// 64p) times a_j's operands (below 128p), (x + y)(x − y) below 64p·96p: at most 8 Fp products
/// a sum, below 2^16·p².
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn sqr_fp12r(a: &Fp12r) -> Fp12r {
    into_new(|o| sqr_into_fp12r(a, o))
}

/// `sqr_fp12r` written into `out`.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn sqr_into_fp12r(a: &Fp12r, out: &mut MaybeUninit<Fp12r>) {
    let c =
        [&a.0[W_POWER[0]], &a.0[W_POWER[1]], &a.0[W_POWER[2]], &a.0[W_POWER[3]], &a.0[W_POWER[4]], &a.0[W_POWER[5]]];
    let mut ops = [[a.0[0].c0; 6]; 6];
    for j in 0..6 {
        ops[j] = term_operands(c[j]);
    }
    let mut twice = [c[0].c0; 12]; // 2a_i: x, y of each
    for i in 0..6 {
        twice[2 * i] = add_nr(&c[i].c0, &c[i].c0);
        twice[2 * i + 1] = add_nr(&c[i].c1, &c[i].c1);
    }
    let mut r = Reductions::<12>::new();
    unroll6!(k => {
        let (mut re, mut im) = (wide_zero(), wide_zero());
        unroll6!(i => {
            let j = (k + 6 - i) % 6; // a_i·a_j lands on w^k
            if i == j && 2 * i < 6 {
                // a_i² = (x + y)(x − y) + 2xy·u (complex squaring: two products, not four)
                let [_, _, _, x_y, xpy, _] = &ops[i];
                mac(&mut re, xpy, x_y);
                mac(&mut im, &c[i].c0, &twice[2 * i + 1]);
            } else if i == j {
                // ξ·a_i²
                mac_term(&mut re, &mut im, &c[i].c0, &c[i].c1, &ops[i], true);
            } else if i < j {
                // 2·a_i·a_j
                mac_term(&mut re, &mut im, &twice[2 * i], &twice[2 * i + 1], &ops[j], i + j >= 6);
            }
        });
        set_pair(&mut r, W_POWER[k], [re, im], 1);
    });
    r.finish_uninit(fp12_as_uninit_sums(out));
}

/// A compiler barrier between the sums of one reduction batch: without it LLVM computes the
/// products of all of them side by side and spills their accumulators and operands (the
/// cyclotomic squaring: 102 stores of 512 bits a call, 58 with it; on AMD Zen 4 a store takes
/// about two IFMA issue slots, `issue_micro`). The core reorders across it anyway.
#[inline(always)]
fn one_sum_at_a_time() {
    // SAFETY: an empty statement; only its (default) memory clobber matters
    unsafe { core::arch::asm!("", options(nostack, preserves_flags)) };
}

/// Sums 2n and 2n + 1 of a reduction batch (an Fp2 value's two coefficients, times s), then
/// `one_sum_at_a_time`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn set_pair<const N: usize>(r: &mut Reductions<N>, n: usize, [re, im]: [RnsWide; 2], s: usize) {
    r.set(2 * n, &re, s);
    r.set(2 * n + 1, &im, s);
    one_sum_at_a_time();
}

/// The twelve Fp coefficients of an Fp12 element in blst's order (c0, c1 of g0, g1, g2, h0, h1,
/// h2), the order of a reduction batch's results.
#[inline]
fn fp12_as_sums(a: &mut Fp12r) -> &mut [Rns; 12] {
    // SAFETY: Fp12r and Fp2r are repr(C): [Fp2r; 6] is twelve Rns in this order, same alignment
    unsafe { &mut *(a as *mut Fp12r as *mut [Rns; 12]) }
}

/// The same for uninitialised memory (where `Reductions::finish_uninit` writes a result: with the
/// result returned, each Fp12 product, squaring and line product zeroed an array first and then
/// copied it, 1.5 KB of stores, which the writes in place save).
#[inline]
fn fp12_as_uninit_sums(a: &mut MaybeUninit<Fp12r>) -> &mut MaybeUninit<[Rns; 12]> {
    // SAFETY: as `fp12_as_sums`
    unsafe { &mut *(a as *mut MaybeUninit<Fp12r> as *mut MaybeUninit<[Rns; 12]>) }
}

/// The value an `_into` function writes (every `_into` here writes all of `out`).
#[inline(always)]
fn into_new(f: impl FnOnce(&mut MaybeUninit<Fp12r>)) -> Fp12r {
    let mut o = MaybeUninit::uninit();
    f(&mut o);
    // SAFETY: written whole by f
    unsafe { o.assume_init() }
}

/// The six coefficients of a in w-power order, as `mul_by_terms` takes them.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn all_terms(a: &Fp12r) -> [(usize, &Fp2r); 6] {
    [
        (0, &a.0[W_POWER[0]]),
        (1, &a.0[W_POWER[1]]),
        (2, &a.0[W_POWER[2]]),
        (3, &a.0[W_POWER[3]]),
        (4, &a.0[W_POWER[4]]),
        (5, &a.0[W_POWER[5]]),
    ]
}

// ---------------------------------------------------------------- lines (eprint 2010/354 §5,
// homogeneous projective coordinates; the 8-lane engine's `line_dbl` and `line_add` scale the
// lines the same way up to factors in Fp2)

/// The line l0 + l1·w² + l2·w³ evaluated at P.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct LineR {
    pub l0: Fp2r,
    pub l1: Fp2r,
    pub l2: Fp2r,
}

/// A pair prepared for the Miller loop: Q (affine), −Q's coordinates negated where the lines
/// need them, and P's coordinates (−xP, yP).
#[derive(Clone, Copy)]
pub struct PairR {
    pub xq: Fp2r,
    pub yq: Fp2r,
    pub nxq: Fp2r,
    pub nyq: Fp2r,
    pub nxp: Rns,
    pub yp: Rns,
}

// ---------------------------------------------------------------- inversion (the final
// exponentiation's easy part)

/// ξ·a = (a0 − a1) + (a0 + a1)·u for a below 32p: below 64p, a product operand.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn mul_by_xi_fp2r(a: &Fp2r) -> Fp2r {
    Fp2r { c0: add(&a.c0, &neg(&a.c1)), c1: add(&a.c0, &a.c1) }
}

/// a + k·b, folded once (`rns::fold_sum`): residues below 2m.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn fold_sum_fp2r(a: &Fp2r, k: u32, b: &Fp2r) -> Fp2r {
    Fp2r { c0: fold_sum([(1, &a.c0), (k, &b.c0)]), c1: fold_sum([(1, &a.c1), (k, &b.c1)]) }
}

/// −a for a below 64p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn neg64_fp2r(a: &Fp2r) -> Fp2r {
    Fp2r { c0: neg64(&a.c0), c1: neg64(&a.c1) }
}

#[cfg(test)]
/// 1/b in Fp6 = Fp2[v]/(v³ − ξ) (b reduced, nonzero; 0 gives 0, as blst): 1/b = (t0, t1, t2)/N
/// (`inv_fp6r_parts`); 1/N = conj(N)/(N0² + N1²), the Fp inverse by blst (one conversion each
/// way). 17 reductions in five batches, and the Fp inversion.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn inv_fp6r(b: &[Fp2r; 3]) -> [Fp2r; 3] {
    let (t, n) = inv_fp6r_parts(b);
    let [norm] = reduce_scaled(&[dot(&[(&n.c0, &n.c0), (&n.c1, &n.c1)])], [1]); // N0² + N1² in Fp
    let inv = from_fp(&fp_inv(&to_fp(&norm)));
    let [i0, i1] = reduce_scaled(&[mul_wide(&n.c0, &inv), mul_wide(&neg(&n.c1), &inv)], [1; 2]); // 1/N
    mul_fp6_by_fp2r(&t, &Fp2r { c0: i0, c1: i1 })
}

/// 1/b up to a factor in Fp, without an inversion: (a, ν) with 1/b = a/ν, a = (t0, t1, t2)·conj(N)
/// and ν = N0² + N1² (`inv_fp6r_parts`; 0 for b = 0). 15 reductions in four batches.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn inv_fp6r_scaled(b: &[Fp2r; 3]) -> ([Fp2r; 3], Rns) {
    let (t, n) = inv_fp6r_parts(b);
    let mut r = Reductions::<7>::new();
    let nc = Fp2r { c0: n.c0, c1: neg(&n.c1) }; // conj(N)
    for i in 0..3 {
        set_pair(&mut r, i, prod2(&t[i], &nc), 1);
    }
    r.set(6, &dot(&[(&n.c0, &n.c0), (&n.c1, &n.c1)]), 1);
    let r = r.finish();
    ([0, 1, 2].map(|i| Fp2r { c0: r[2 * i], c1: r[2 * i + 1] }), r[6])
}

/// (t0, t1, t2) and N of 1/b = (t0, t1, t2)/N: t0 = b0² − ξb1b2, t1 = ξb2² − b0b1,
/// t2 = b1² − b0b2, N = b0t0 + ξ(b2t1 + b1t2) in Fp2. 8 reductions in two batches.
#[target_feature(enable = "avx512f,avx512ifma")]
fn inv_fp6r_parts(b: &[Fp2r; 3]) -> ([Fp2r; 3], Fp2r) {
    let [b0, b1, b2] = b;
    let (xb1, xb2) = (mul_by_xi_fp2r(b1), mul_by_xi_fp2r(b2)); // below 64p
    let nb0 = neg_fp2r(b0);
    let [t00, t01] = prod2_sum(b0, b0, &neg64_fp2r(&xb1), b2); // b0² − ξb1·b2
    let [t10, t11] = prod2_sum(&xb2, b2, &nb0, b1); // ξb2·b2 − b0b1
    let [t20, t21] = prod2_sum(b1, b1, &nb0, b2); // b1² − b0b2
    let r = reduce_scaled(&[t00, t01, t10, t11, t20, t21], [1; 6]);
    let t = [Fp2r { c0: r[0], c1: r[1] }, Fp2r { c0: r[2], c1: r[3] }, Fp2r { c0: r[4], c1: r[5] }];
    let nt1 = [neg(&t[0].c1), neg(&t[1].c1), neg(&t[2].c1)];
    // N = b0·t0 + ξb2·t1 + ξb1·t2
    let n0 = dot(&[
        (&b0.c0, &t[0].c0),
        (&b0.c1, &nt1[0]),
        (&xb2.c0, &t[1].c0),
        (&xb2.c1, &nt1[1]),
        (&xb1.c0, &t[2].c0),
        (&xb1.c1, &nt1[2]),
    ]);
    let n1 = dot(&[
        (&b0.c0, &t[0].c1),
        (&b0.c1, &t[0].c0),
        (&xb2.c0, &t[1].c1),
        (&xb2.c1, &t[1].c0),
        (&xb1.c0, &t[2].c1),
        (&xb1.c1, &t[2].c0),
    ]);
    let [n0, n1] = reduce_scaled(&[n0, n1], [1; 2]);
    (t, Fp2r { c0: n0, c1: n1 })
}

#[cfg(test)]
/// (a0, a1, a2)·x for x in Fp2: 6 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_fp6_by_fp2r(a: &[Fp2r; 3], x: &Fp2r) -> [Fp2r; 3] {
    let mut r = Reductions::<6>::new();
    for i in 0..3 {
        set_pair(&mut r, i, prod2(&a[i], x), 1);
    }
    let r = r.finish();
    [0, 1, 2].map(|i| Fp2r { c0: r[2 * i], c1: r[2 * i + 1] })
}

/// a·(g0 + g1·v + g2·v²) for an element of Fp6 (v = w²), as a full product (once a final
/// exponentiation: `mul_by_terms` with these three terms would share the line product's
/// instance, whose constant powers of w are what keeps that one fast).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn mul_by_fp6r(a: &Fp12r, g: &[Fp2r; 3]) -> Fp12r {
    let zero = from_lanes(&[0; 8], &[0; 8]);
    let z2 = Fp2r { c0: zero, c1: zero };
    mul_fp12r(a, &Fp12r([g[0], g[1], g[2], z2, z2, z2]))
}

/// The two Fp sums of the Fp2 product a·b (b1 below 32p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn prod2(a: &Fp2r, b: &Fp2r) -> [RnsWide; 2] {
    let nb1 = neg(&b.c1);
    [dot(&[(&a.c0, &b.c0), (&a.c1, &nb1)]), dot(&[(&a.c0, &b.c1), (&a.c1, &b.c0)])]
}

/// a·b + c·d (b1, d1 below 32p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn prod2_sum(a: &Fp2r, b: &Fp2r, c: &Fp2r, d: &Fp2r) -> [RnsWide; 2] {
    let (nb1, nd1) = (neg(&b.c1), neg(&d.c1));
    [
        dot(&[(&a.c0, &b.c0), (&a.c1, &nb1), (&c.c0, &d.c0), (&c.c1, &nd1)]),
        dot(&[(&a.c0, &b.c1), (&a.c1, &b.c0), (&c.c0, &d.c1), (&c.c1, &d.c0)]),
    ]
}

/// a·x for x in Fp.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn prod_fp(a: &Fp2r, x: &Rns) -> [RnsWide; 2] {
    [mul_wide(&a.c0, x), mul_wide(&a.c1, x)]
}

/// `line_dbl_r` with the line written into `line` (all of it: the Miller loop's line buffer;
/// returned, the line was copied out of a temporary).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn line_dbl_into_r(t: &mut [Fp2r; 3], k: &PairR, line: &mut MaybeUninit<LineR>) {
    let mut r = Reductions::<10>::new();
    line_dbl_sums(t, &mut r);
    let mut o = MaybeUninit::uninit();
    r.finish_uninit(&mut o);
    // SAFETY: finish_uninit writes all ten
    line_dbl_finish(unsafe { o.assume_init_ref() }, t, k, line)
}

/// The first level of `line_dbl_r`: sums of [A = XY, B = Y², E = ξZ², X², H = YZ] and their
/// factors [1, 1, 12, 3, 2].
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn line_dbl_sums(t: &[Fp2r; 3], r: &mut Reductions<10>) {
    let [x, y, z] = *t;
    set_pair(r, 0, prod2(&x, &y), 1);
    set_pair(r, 1, prod2(&y, &y), 1);
    // ξZ² = (z0² − z1² − 2z0z1) + (z0² − z1² + 2z0z1)·u
    let (nz1, z1_2) = (neg(&z.c1), add_nr(&z.c1, &z.c1));
    let nz1_2 = add_nr(&nz1, &nz1);
    let e0 = dot(&[(&z.c0, &z.c0), (&z.c1, &nz1), (&z.c0, &nz1_2)]);
    let e1 = dot(&[(&z.c0, &z.c0), (&z.c1, &nz1), (&z.c0, &z1_2)]);
    set_pair(r, 2, [e0, e1], 12);
    set_pair(r, 3, prod2(&x, &x), 3);
    set_pair(r, 4, prod2(&y, &z), 2);
}

/// The second level of `line_dbl_r` from the first's reductions r.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn line_dbl_finish(r: &[Rns], t: &mut [Fp2r; 3], k: &PairR, line: &mut MaybeUninit<LineR>) {
    let [a, b, e, x3, h] = [0, 1, 2, 3, 4].map(|i| Fp2r { c0: r[2 * i], c1: r[2 * i + 1] });
    // the linear combinations each folded once (`fold_sum`), −E as 32p − E
    let ne = Fp2r { c0: neg_nr(&e.c0), c1: neg_nr(&e.c1) };
    // B − F = B + 3·(−E), B + F = B + 3E
    let bmf = fold_sum_fp2r(&b, 3, &ne);
    let bpf = fold_sum_fp2r(&b, 3, &e);
    // 12·(−E) and 12E, operands of −12E² = E·(−12E)
    let (ne12_0, ne12_1, e12_1) = (fold_sum([(12, &ne.c0)]), fold_sum([(12, &ne.c1)]), fold_sum([(12, &e.c1)]));
    let mut red = Reductions::<10>::new();
    // X3/2 = (B − F)·A (the large operand first: `prod2` negates the second's c1)
    set_pair(&mut red, 0, prod2(&bmf, &a), 2);
    // Y3 = (B + F)² − 12E²: re = s0² − s1² − 12(e0² − e1²), im = 2s0s1 − 24e0e1 (s = B + F)
    let nbpf1 = fold_sum([(1, &neg_nr(&b.c1)), (3, &ne.c1)]); // −(B + F).c1
    let bpf0_2 = add_nr(&bpf.c0, &bpf.c0);
    let y3_0 = dot(&[(&bpf.c0, &bpf.c0), (&bpf.c1, &nbpf1), (&e.c0, &ne12_0), (&e.c1, &e12_1)]);
    let y3_1 = dot(&[(&bpf.c1, &bpf0_2), (&e.c0, &ne12_1), (&e.c1, &ne12_0)]);
    set_pair(&mut red, 1, [y3_0, y3_1], 1);
    set_pair(&mut red, 2, prod2(&b, &h), 4);
    set_pair(&mut red, 3, prod_fp(&x3, &k.nxp), 1);
    set_pair(&mut red, 4, prod_fp(&h, &k.yp), 1);
    let lp = line.as_mut_ptr();
    // SAFETY: l0 a field of the line; X3, Y3, Z3 into t (6 Rns), l1, l2 into the line's two
    // adjacent fields (4 Rns, `LineR` is repr(C)): every field written
    unsafe {
        // B − E, below 49p: not reduced (`mul_by_terms` takes < 64p)
        core::ptr::addr_of_mut!((*lp).l0).write(fold_sum_fp2r(&b, 1, &ne));
        red.finish_split(t.as_mut_ptr() as *mut Rns, 6, core::ptr::addr_of_mut!((*lp).l1) as *mut Rns);
    }
}

/// `line_add_r` with the line written into `line` (all of it), T's new coordinates in place.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn line_add_into_r(t: &mut [Fp2r; 3], k: &PairR, line: &mut MaybeUninit<LineR>) {
    let (x, y, z) = (&t[0], &t[1], &t[2]);
    let one = konst(&consts().one);
    // θ = Y·1 + Z·(−yQ), λ = X·1 + Z·(−xQ)
    let [th0, th1] = {
        let [p0, p1] = prod2(z, &k.nyq);
        let mut p = [p0, p1];
        mac(&mut p[0], &y.c0, &one);
        mac(&mut p[1], &y.c1, &one);
        p
    };
    let [la0, la1] = {
        let [p0, p1] = prod2(z, &k.nxq);
        let mut p = [p0, p1];
        mac(&mut p[0], &x.c0, &one);
        mac(&mut p[1], &x.c1, &one);
        p
    };
    let r = reduce_scaled(&[th0, th1, la0, la1], [1; 4]);
    let (th, la) = (Fp2r { c0: r[0], c1: r[1] }, Fp2r { c0: r[2], c1: r[3] });
    let [d0, d1] = prod2(&la, &la);
    let [s0, s1] = prod2(&th, &th);
    let r = reduce_scaled(&[d0, d1, s0, s1], [1; 4]);
    let (d, th2) = (Fp2r { c0: r[0], c1: r[1] }, Fp2r { c0: r[2], c1: r[3] });
    let nla = Fp2r { c0: neg(&la.c0), c1: neg(&la.c1) };
    let mut red = Reductions::<12>::new();
    set_pair(&mut red, 0, prod2(&la, &d), 1); // E
    set_pair(&mut red, 1, prod2(z, &th2), 1); // F
    set_pair(&mut red, 2, prod2(x, &d), 1); // G
    set_pair(&mut red, 3, prod2_sum(&th, &k.xq, &nla, &k.yq), 1); // l0
    set_pair(&mut red, 4, prod_fp(&th, &k.nxp), 1); // l1
    set_pair(&mut red, 5, prod_fp(&la, &k.yp), 1); // l2
    let mut efg = MaybeUninit::<[Rns; 6]>::uninit();
    // SAFETY: E, F, G into efg (6 Rns), l0, l1, l2 into the line (6 Rns, `LineR` is repr(C)):
    // both written whole
    let r = unsafe {
        red.finish_split(efg.as_mut_ptr() as *mut Rns, 6, line.as_mut_ptr() as *mut Rns);
        efg.assume_init()
    };
    let [e, f, g] = [0, 1, 2].map(|i| Fp2r { c0: r[2 * i], c1: r[2 * i + 1] });
    let ne = Fp2r { c0: neg_nr(&e.c0), c1: neg_nr(&e.c1) }; // 32p − E (an operand)
    let (nf, ng) = (Fp2r { c0: neg_nr(&f.c0), c1: neg_nr(&f.c1) }, Fp2r { c0: neg_nr(&g.c0), c1: neg_nr(&g.c1) });
    // E + F − 2G and 3G − E − F, each folded once (`fold_sum`)
    let h = Fp2r {
        c0: fold_sum([(1, &e.c0), (1, &f.c0), (2, &ng.c0)]),
        c1: fold_sum([(1, &e.c1), (1, &f.c1), (2, &ng.c1)]),
    };
    let gmh = Fp2r {
        c0: fold_sum([(3, &g.c0), (1, &ne.c0), (1, &nf.c0)]),
        c1: fold_sum([(3, &g.c1), (1, &ne.c1), (1, &nf.c1)]),
    };
    let mut red = Reductions::<6>::new();
    set_pair(&mut red, 0, prod2(&h, &la), 1); // X3 = λH (the large operand first: `prod2` negates the second's c1)
    set_pair(&mut red, 1, prod2_sum(&gmh, &th, &ne, y), 1); // Y3 = θ(3G − E − F) − YE
    set_pair(&mut red, 2, prod2(z, &e), 1); // Z3 = ZE
                                            // SAFETY: [Fp2r; 3] is six Rns in this order (repr(C))
    red.finish_into(unsafe { &mut *(t as *mut [Fp2r; 3] as *mut [Rns; 6]) });
}

/// x² + ξy², x = a + b·u, y = c + d·u: with the complex squarings x² = (a + b)(a − b) + 2ab·u
/// and y² = P + 2cd·u, P = (c + d)(c − d), x² + ξy² = ((a + b)(a − b) + P − 2cd) +
/// (2ab + P + 2cd)·u: P once, the start of both sums (7 products for the two, against 11
/// written out). Operands below 64p: each sum below 2^14·p².
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn sqr_plus_xi_sqr(x: &Fp2r, y: &Fp2r) -> [RnsWide; 2] {
    let (a, b, c, d) = (&x.c0, &x.c1, &y.c0, &y.c1);
    let (nb, nd) = (neg(b), neg(d));
    let (b2, d2, nd2) = (add_nr(b, b), add_nr(d, d), add_nr(&nd, &nd));
    let p = mul_wide(&add_nr(c, d), &add_nr(c, &nd)); // (c + d)(c − d)
    let (mut re, mut im) = (p, p);
    mac(&mut re, &add_nr(a, b), &add_nr(a, &nb)); // (a + b)(a − b)
    mac(&mut re, c, &nd2); // −2cd
    mac(&mut im, a, &b2); // 2ab
    mac(&mut im, c, &d2); // 2cd
    [re, im]
}

/// 3(x² + ξy²) − 2e as (3, the sum) for x = g[x], y = g[y], e = g[e] (`sqr_plus_xi_sqr`): −2e/3
/// enters as e times k23 = −2/3 (`reduce_scaled` multiplies by 3; below 64p).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn sqr_xi_sum<const N: usize>(g: &[Fp2r; N], x: usize, y: usize, e: usize, k23: &Rns) -> [RnsWide; 2] {
    let [mut re, mut im] = sqr_plus_xi_sqr(&g[x], &g[y]);
    mac(&mut re, &g[e].c0, k23);
    mac(&mut im, &g[e].c1, k23);
    [re, im]
}

/// 3·2xy + 2e, or 3·2ξxy + 2e, as (6, the sum): xy = (ac − bd) + (ad + bc)·u,
/// ξxy = (ac − bd − ad − bc) + (ac − bd + ad + bc)·u, and e/3 enters as e times 1/3.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(crate) fn prod_sum<const N: usize>(
    g: &[Fp2r; N],
    x: usize,
    y: usize,
    e: usize,
    times_xi: bool,
    k13: &Rns,
) -> [RnsWide; 2] {
    let (a, b, c, d) = (&g[x].c0, &g[x].c1, &g[y].c0, &g[y].c1);
    let nd = neg(d);
    if times_xi {
        let nc = neg(c);
        let (c_nd, nc_nd, c_d) = (add_nr(c, &nd), add_nr(&nc, &nd), add_nr(c, d));
        [dot(&[(a, &c_nd), (b, &nc_nd), (&g[e].c0, k13)]), dot(&[(a, &c_d), (b, &c_nd), (&g[e].c1, k13)])]
    } else {
        [dot(&[(a, c), (b, &nd), (&g[e].c0, k13)]), dot(&[(a, d), (b, c), (&g[e].c1, k13)])]
    }
}

/// Granger–Scott cyclotomic squaring (eprint 2009/565, §3.2; blst's `cyclotomic_sqr_fp12`) of
/// an exact value: the reference path (`rns::pairing::final_exp_gs_r`). The fast path squares
/// values carried up to a factor in Fp, mostly in Karabina's compressed form
/// (`rns::cyclotomic`; decompressed there without the inversion that made Karabina's form cost
/// more than it saved: its decompression needed an Fp2 inversion per exponentiation).
///
/// three Fp4 squarings (x + y·s)² = (x² + ξy²) + 2xy·s over the pairs (g0, h1), (h0, g2),
/// (g1, h2), then 3t ∓ 2f: g's from `sqr_xi_sum`, h's from `prod_sum`. 12 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn cyclotomic_sqr_fp12r(f: &Fp12r) -> Fp12r {
    let mut out = *f;
    cyclotomic_sqr_into_fp12r(f, &mut out);
    out
}

/// `cyclotomic_sqr_fp12r` written into `out` (the exponentiations' squarings: with the result
/// returned, each step's value was copied, 1.5 KB, from a temporary into its variable).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn cyclotomic_sqr_into_fp12r(f: &Fp12r, out: &mut Fp12r) {
    let k = consts();
    let (k23, k13) = (konst(&k.neg_two_thirds), konst(&k.third));
    let g = &f.0;
    // into the reduction batch as they are formed, in blst's order (g0, g1, g2, h0, h1, h2)
    let mut r = Reductions::<12>::new();
    set_pair(&mut r, 0, sqr_xi_sum(g, 0, 4, 0, &k23), 3); // g0 = 3(g0² + ξh1²) − 2g0
    set_pair(&mut r, 1, sqr_xi_sum(g, 3, 2, 1, &k23), 3); // g1 = 3(h0² + ξg2²) − 2g1
    set_pair(&mut r, 2, sqr_xi_sum(g, 1, 5, 2, &k23), 3); // g2 = 3(g1² + ξh2²) − 2g2
    set_pair(&mut r, 3, prod_sum(g, 1, 5, 3, true, &k13), 6); // h0 = 3·2ξ·g1h2 + 2h0
    set_pair(&mut r, 4, prod_sum(g, 0, 4, 4, false, &k13), 6); // h1 = 3·2·g0h1 + 2h1
    set_pair(&mut r, 5, prod_sum(g, 3, 2, 5, false, &k13), 6); // h2 = 3·2·h0g2 + 2h2
    r.finish_into(fp12_as_sums(out));
}

#[cfg(test)]
/// Is a = 1 (coefficients at most 32p)? Coefficient by coefficient modulo p (`rns::eq_mod_p`), in
/// place of `store_fp12r` and blst's `blst_fp12_is_one` (twelve conversions).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn is_one_fp12r(a: &Fp12r) -> bool {
    let one = one_fp12r();
    let mut all = true;
    for i in 0..6 {
        all &= eq_mod_p(&a.0[i].c0, &one.0[i].c0) & eq_mod_p(&a.0[i].c1, &one.0[i].c1);
    }
    all
}

// ---------------------------------------------------------------- blst values in and out

#[target_feature(enable = "avx512f,avx512ifma")]
pub fn load_fp12r(f: &blst_fp12) -> Fp12r {
    Fp12r(core::array::from_fn(|i| {
        let c = &f.fp6[i / 3].fp2[i % 3].fp;
        Fp2r { c0: from_fp(&c[0]), c1: from_fp(&c[1]) }
    }))
}

#[target_feature(enable = "avx512f,avx512ifma")]
pub fn store_fp12r(a: &Fp12r) -> blst_fp12 {
    store_times_fp12r(a, None)
}

/// a·k in blst's form (k = 1 when None): the twelve conversions side by side (`rns::to_fp_batch`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn store_times_fp12r(a: &Fp12r, k: Option<&Rns>) -> blst_fp12 {
    // SAFETY: Fp12r and Fp2r are repr(C): [Fp2r; 6] is twelve Rns in blst's order
    let c = to_fp_batch(unsafe { &*(a as *const Fp12r as *const [Rns; 12]) }, k);
    let mut f = blst_fp12::default();
    for i in 0..6 {
        f.fp6[i / 3].fp2[i % 3].fp = [c[2 * i], c[2 * i + 1]];
    }
    f
}
