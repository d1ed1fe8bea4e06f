//! The tower over RNS Fp (`rns`), in blst's tower (Fp2 = Fp[u]/(u²+1), Fp6 = Fp2[v]/(v³−ξ),
//! ξ = u+1, Fp12 = Fp6[w]/(w²−v)): prototype of issue 12's part 1, the functions the
//! measurement compares with the radix-2^52 latency path (`hybrid`).
//!
//! Every output coefficient is one `reduce` of a sum of products: additions happen on operands
//! (residue-wise, before the products) or inside the accumulator, never between reductions.
//! Linear terms (the ∓2f of the cyclotomic squaring) enter the sum as products by constants, and
//! a common scalar factor (its 3) enters `reduce_times`.
// Safety of every pub function: it needs avx512f + avx512ifma (module comment of `fp8`).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::rns::*;
use blst::*;
use std::sync::OnceLock;

#[derive(Clone, Copy)]
pub struct Fp2r {
    pub c0: Rns,
    pub c1: Rns,
}

/// The six Fp2 coefficients in blst's order: g0, g1, g2 (fp6[0]), h0, h1, h2 (fp6[1]) of
/// (g0 + g1·v + g2·v²) + (h0 + h1·v + h2·v²)·w.
#[derive(Clone, Copy)]
pub struct Fp12r(pub [Fp2r; 6]);

/// Constants of the tower as residues (computed once from blst values).
struct Consts {
    /// −2/3 and 1/3: the ∓2f terms of the cyclotomic squaring under the factors 3 and 6.
    neg_two_thirds: [[u64; 8]; 2],
    third: [[u64; 8]; 2],
}

fn consts() -> &'static Consts {
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
        Consts { neg_two_thirds: residues(&neg_two_thirds), third: residues(&third) }
    })
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn konst(r: &[[u64; 8]; 2]) -> Rns {
    from_lanes(&r[0], &r[1])
}

/// Σ x_k·y_k over the listed products, unreduced.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn dot(terms: &[(&Rns, &Rns)]) -> RnsWide {
    let mut w = wide_zero();
    for (x, y) in terms {
        mac(&mut w, x, y);
    }
    w
}

/// The coefficient of w^k, k = 0..5 (Fp12 = Fp2[w]/(w⁶ − ξ)), in `Fp12r`'s blst order.
const W_POWER: [usize; 6] = [0, 3, 1, 4, 2, 5];

/// a·b, schoolbook over Fp12 = Fp2[w]/(w⁶ − ξ): c_k = Σ_{i+j=k} a_i·b_j + ξ·Σ_{i+j=k+6} a_i·b_j,
/// every Fp coefficient one sum of 12 products and one reduction (Karatsuba's savings are in
/// products, which cost 4 IFMA here against ~75 for a reduction). With a_i = x + y·u,
/// b_j = s + t·u: a_i·b_j = (xs − yt) + (xt + ys)·u and ξ·a_i·b_j = (x(s − t) − y(s + t)) +
/// (x(s + t) + y(s − t))·u.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn mul_fp12r(a: &Fp12r, b: &Fp12r) -> Fp12r {
    let z = wide_zero();
    // per b_j (w-power order): s, t, −t, s − t, s + t, −(s + t)
    let mut ops = [[a.0[0].c0; 6]; 6];
    for j in 0..6 {
        let bj = &b.0[W_POWER[j]];
        let (s, t) = (bj.c0, bj.c1);
        let (ns, nt) = (neg(&s), neg(&t));
        ops[j] = [s, t, nt, add_nr(&s, &nt), add_nr(&s, &t), add_nr(&ns, &nt)];
    }
    let mut w = [z; 12];
    for i in 0..6 {
        let ai = &a.0[W_POWER[i]];
        let (x, y) = (&ai.c0, &ai.c1);
        for j in 0..6 {
            let [s, t, nt, s_t, spt, n_spt] = &ops[j];
            let k = (i + j) % 6;
            let (re, im) = (2 * k, 2 * k + 1);
            if i + j < 6 {
                mac(&mut w[re], x, s); // xs − yt
                mac(&mut w[re], y, nt);
                mac(&mut w[im], x, t); // xt + ys
                mac(&mut w[im], y, s);
            } else {
                mac(&mut w[re], x, s_t); // x(s − t) − y(s + t)
                mac(&mut w[re], y, n_spt);
                mac(&mut w[im], x, spt); // x(s + t) + y(s − t)
                mac(&mut w[im], y, s_t);
            }
        }
    }
    let r = reduce_many::<1, 12>(&w);
    let mut c = a.0;
    for k in 0..6 {
        c[W_POWER[k]] = Fp2r { c0: r[2 * k], c1: r[2 * k + 1] };
    }
    Fp12r(c)
}

/// 3(x² + ξy²) − 2e as (3, the sum): x = g[x] = a + b·u, y = g[y] = c + d·u, e = g[e]:
/// x² + ξy² = (a² − b² + c² − d² − 2cd) + (2ab + c² − d² + 2cd)·u, and −2e/3 enters as e times
/// the constant −2/3 (`reduce_many::<3, _>` multiplies by 3).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn sqr_xi_sum(g: &[Fp2r; 6], x: usize, y: usize, e: usize, k23: &Rns) -> [RnsWide; 2] {
    let (a, b, c, d) = (&g[x].c0, &g[x].c1, &g[y].c0, &g[y].c1);
    let (nb, nd) = (neg(b), neg(d));
    let (b2, d2, nd2) = (add_nr(b, b), add_nr(d, d), add_nr(&nd, &nd));
    [
        dot(&[(a, a), (b, &nb), (c, c), (d, &nd), (c, &nd2), (&g[e].c0, k23)]),
        dot(&[(a, &b2), (c, c), (d, &nd), (c, &d2), (&g[e].c1, k23)]),
    ]
}

/// 3·2xy + 2e, or 3·2ξxy + 2e, as (6, the sum): xy = (ac − bd) + (ad + bc)·u,
/// ξxy = (ac − bd − ad − bc) + (ac − bd + ad + bc)·u, and e/3 enters as e times 1/3.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn prod_sum(g: &[Fp2r; 6], x: usize, y: usize, e: usize, times_xi: bool, k13: &Rns) -> [RnsWide; 2] {
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

/// Granger–Scott cyclotomic squaring (eprint 2009/565, §3.2; blst's `cyclotomic_sqr_fp12`):
/// three Fp4 squarings (x + y·s)² = (x² + ξy²) + 2xy·s over the pairs (g0, h1), (h0, g2),
/// (g1, h2), then 3t ∓ 2f: g's from `sqr_xi_sum`, h's from `prod_sum`. 12 reductions.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn cyclotomic_sqr_fp12r(f: &Fp12r) -> Fp12r {
    let k = consts();
    let (k23, k13) = (konst(&k.neg_two_thirds), konst(&k.third));
    let g = &f.0;
    let [w0, w1] = sqr_xi_sum(g, 0, 4, 0, &k23); // g0 = 3(g0² + ξh1²) − 2g0
    let [w2, w3] = sqr_xi_sum(g, 3, 2, 1, &k23); // g1 = 3(h0² + ξg2²) − 2g1
    let [w4, w5] = sqr_xi_sum(g, 1, 5, 2, &k23); // g2 = 3(g1² + ξh2²) − 2g2
    let [v0, v1] = prod_sum(g, 1, 5, 3, true, &k13); // h0 = 3·2ξ·g1h2 + 2h0
    let [v2, v3] = prod_sum(g, 0, 4, 4, false, &k13); // h1 = 3·2·g0h1 + 2h1
    let [v4, v5] = prod_sum(g, 3, 2, 5, false, &k13); // h2 = 3·2·h0g2 + 2h2
    let rg = reduce_many::<3, 6>(&[w0, w1, w2, w3, w4, w5]);
    let rh = reduce_many::<6, 6>(&[v0, v1, v2, v3, v4, v5]);
    let mut r = *g;
    for i in 0..3 {
        r[i] = Fp2r { c0: rg[2 * i], c1: rg[2 * i + 1] };
        r[3 + i] = Fp2r { c0: rh[2 * i], c1: rh[2 * i + 1] };
    }
    Fp12r(r)
}

/// Karabina's compressed cyclotomic squaring (eprint 2010/542 §4; Aranha, Karabina, Longa,
/// Gebotys, López, eprint 2010/526 §5.2) on the compressed form (g2, g3, g4, g5) = (h0, g2, g1,
/// h2) in blst's names: h2 = 3·2ξ·g4g5 + 2g2, h3 = 3(g4² + ξg5²) − 2g3, h4 = 3(g2² + ξg3²) − 2g4,
/// h5 = 3·2·g2g3 + 2g5 — four of Granger–Scott's six outputs, on the same inputs: 8 reductions
/// instead of 12. g0 and h1 (Karabina's g0, g1) are left stale (`decompress`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn compressed_sqr_fp12r(f: &Fp12r) -> Fp12r {
    let k = consts();
    let (k23, k13) = (konst(&k.neg_two_thirds), konst(&k.third));
    let g = &f.0;
    let [w0, w1] = sqr_xi_sum(g, 3, 2, 1, &k23); // g1
    let [w2, w3] = sqr_xi_sum(g, 1, 5, 2, &k23); // g2
    let [v0, v1] = prod_sum(g, 1, 5, 3, true, &k13); // h0
    let [v2, v3] = prod_sum(g, 3, 2, 5, false, &k13); // h2
    let rg = reduce_many::<3, 4>(&[w0, w1, w2, w3]);
    let rh = reduce_many::<6, 4>(&[v0, v1, v2, v3]);
    let mut r = *g;
    r[1] = Fp2r { c0: rg[0], c1: rg[1] };
    r[2] = Fp2r { c0: rg[2], c1: rg[3] };
    r[3] = Fp2r { c0: rh[0], c1: rh[1] };
    r[5] = Fp2r { c0: rh[2], c1: rh[3] };
    Fp12r(r)
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
    let mut f = blst_fp12::default();
    for i in 0..6 {
        f.fp6[i / 3].fp2[i % 3].fp = [to_fp(&a.0[i].c0), to_fp(&a.0[i].c1)];
    }
    f
}
