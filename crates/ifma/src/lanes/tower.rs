//! The BLS12-381 tower over (8x1)-way Fp, blst's tower exactly:
//! Fp2 = Fp[u]/(u^2+1), Fp6 = Fp2[v]/(v^3-ξ) with ξ = u+1, Fp12 = Fp6[w]/(w^2-v).
//! Every function works lane-wise: lane l of the output depends on lane l of the inputs only.
//! Values are reduced ([0, 2p) per coefficient) unless the name ends in `_nr`.
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment);
// index loops over limbs and columns read like the formulas.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::{FROB_W, P};

/// 4p as limbs (not normalised): the kp of `sub_nr_fp` for operands < 4p.
const P4: [u64; 8] = {
    let mut r = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        r[i] = 4 * P[i];
        i += 1;
    }
    r
};
use crate::lanes::field::*;

#[derive(Clone, Copy)]
pub struct Fp2x8 {
    pub c0: Fp8,
    pub c1: Fp8,
}
/// c0 + c1·v + c2·v^2.
#[derive(Clone, Copy)]
pub struct Fp6x8(pub [Fp2x8; 3]);
/// c0 + c1·w.
#[derive(Clone, Copy)]
pub struct Fp12x8(pub [Fp6x8; 2]);

/// An Fp2 value awaiting reduction (lazy reduction: sums and differences of products are
/// formed double-width and reduced once, `Wide8`).
#[derive(Clone, Copy)]
pub struct Fp2Wide {
    pub c0: Wide8,
    pub c1: Wide8,
}

/// Karabina's compressed form (eprint 2010/542, §4) in blst's tower: the four coefficients
/// (g1, g2, h0, h2) of f = (g0 + g1·v + g2·v^2) + (h0 + h1·v + h2·v^2)·w; for f in the cyclotomic
/// subgroup they determine g0 and h1 (`decompress_fp12`), and their squares only need each other.
#[derive(Clone, Copy)]
pub struct Compressed8 {
    pub g1: Fp2x8,
    pub g2: Fp2x8,
    pub h0: Fp2x8,
    pub h2: Fp2x8,
}

macro_rules! ifma {
    ($($item:item)*) => { $( #[target_feature(enable = "avx512f,avx512ifma")] $item )* };
}

// ---------------------------------------------------------------- Fp2
ifma! {
#[inline]
pub fn zero_fp2() -> Fp2x8 { Fp2x8 { c0: zero_fp(), c1: zero_fp() } }
#[inline]
pub fn one_fp2() -> Fp2x8 { Fp2x8 { c0: one_fp(), c1: zero_fp() } }
#[inline]
pub fn splat_fp2(c: &[[u64; 8]; 2]) -> Fp2x8 { Fp2x8 { c0: splat_fp(&c[0]), c1: splat_fp(&c[1]) } }
#[inline]
pub fn add_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: add_fp(&a.c0, &b.c0), c1: add_fp(&a.c1, &b.c1) } }
/// a + b, < 4p per coefficient: only as an input of `mul_fp2`.
#[inline]
pub fn add_nr_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: add_nr_fp(&a.c0, &b.c0), c1: add_nr_fp(&a.c1, &b.c1) } }
#[inline]
pub fn sub_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: sub_fp(&a.c0, &b.c0), c1: sub_fp(&a.c1, &b.c1) } }
#[inline]
pub fn dbl_fp2(a: &Fp2x8) -> Fp2x8 { add_fp2(a, a) }
#[inline]
pub fn mul3_fp2(a: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: mul3_fp(&a.c0), c1: mul3_fp(&a.c1) } }
#[inline]
pub fn neg_fp2(a: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: neg_fp(&a.c0), c1: neg_fp(&a.c1) } }
/// a0 - a1·u, the p-power Frobenius of Fp2.
#[inline]
pub fn conj_fp2(a: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: a.c0, c1: neg_fp(&a.c1) } }
#[inline]
pub fn select_fp2(m: Lanes, a: &Fp2x8, b: &Fp2x8) -> Fp2x8 {
    Fp2x8 { c0: select_fp(m, &a.c0, &b.c0), c1: select_fp(m, &a.c1, &b.c1) }
}
/// a·ξ = (a0 - a1) + (a0 + a1)·u.
#[inline]
pub fn mul_by_xi_fp2(a: &Fp2x8) -> Fp2x8 { Fp2x8 { c0: sub_fp(&a.c0, &a.c1), c1: add_fp(&a.c0, &a.c1) } }
/// a·s, s ∈ Fp.
#[inline]
pub fn mul_by_fp_fp2(a: &Fp2x8, s: &Fp8) -> Fp2x8 { Fp2x8 { c0: mul_fp(&a.c0, s), c1: mul_fp(&a.c1, s) } }

/// Karatsuba, unreduced: (a0 + a1u)(b0 + b1u) = (a0b0 - a1b1) + ((a0+a1)(b0+b1) - a0b0 - a1b1)u.
/// Inputs < 8p per coefficient (sums of `_nr` sums allowed): the Karatsuba sums stay < 16p.
#[inline]
pub fn mul_wide_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2Wide {
    let t0 = mul_wide_fp(&a.c0, &b.c0);                                   // a0·b0
    let t1 = mul_wide_fp(&a.c1, &b.c1);                                   // a1·b1
    let t2 = mul_wide_fp(&add_nr_fp(&a.c0, &a.c1), &add_nr_fp(&b.c0, &b.c1)); // (a0+a1)(b0+b1)
    let c0 = sub_wide_fp(&t0, &t1);                                       // a0b0 - a1b1
    let c1 = sub_wide_fp(&sub_wide_fp(&t2, &t0), &t1);                    // a0b1 + a1b0
    Fp2Wide { c0, c1 }
}
#[inline]
pub fn add_wide_fp2(a: &Fp2Wide, b: &Fp2Wide) -> Fp2Wide {
    Fp2Wide { c0: add_wide_fp(&a.c0, &b.c0), c1: add_wide_fp(&a.c1, &b.c1) }
}
#[inline]
pub fn sub_wide_fp2(a: &Fp2Wide, b: &Fp2Wide) -> Fp2Wide {
    Fp2Wide { c0: sub_wide_fp(&a.c0, &b.c0), c1: sub_wide_fp(&a.c1, &b.c1) }
}
/// a·ξ = (a0 - a1) + (a0 + a1)u, unreduced.
#[inline]
pub fn mul_by_xi_wide_fp2(a: &Fp2Wide) -> Fp2Wide {
    Fp2Wide { c0: sub_wide_fp(&a.c0, &a.c1), c1: add_wide_fp(&a.c0, &a.c1) }
}
#[inline]
pub fn redc_wide_fp2(a: &Fp2Wide) -> Fp2x8 {
    Fp2x8 { c0: redc_wide_fp(&a.c0), c1: redc_wide_fp(&a.c1) }
}

/// Karatsuba with lazy reduction: 3 products, 2 Montgomery reductions (not 3), no modular
/// subtraction. Inputs < 8p per coefficient. Faster than 3 reductions and modular subtractions
/// (the schoolbook product with 4 reductions).
#[inline(never)]
pub fn mul_fp2(a: &Fp2x8, b: &Fp2x8) -> Fp2x8 {
    redc_wide_fp2(&mul_wide_fp2(a, b))
}

/// (a0 + a1u)^2 = (a0+a1)(a0-a1) + 2a0a1·u. 2 mul_fp. Input < 4p per coefficient (a0 - a1 as
/// a0 + 4p - a1, unreduced: one carry chain, not sub_fp's two).
#[inline(never)]
pub fn sqr_fp2(a: &Fp2x8) -> Fp2x8 {
    let c0 = mul_fp(&add_nr_fp(&a.c0, &a.c1), &sub_nr_fp(&a.c0, &a.c1, &P4)); // a0^2 - a1^2, a0 + 4p - a1
    let c1 = mul_fp(&add_nr_fp(&a.c0, &a.c0), &a.c1);                 // 2a0a1
    Fp2x8 { c0, c1 }
}

/// 1/a = (a0 - a1u)/(a0^2 + a1^2); 0 ↦ 0.
pub fn inv_fp2(a: &Fp2x8) -> Fp2x8 {
    let n = add_fp(&sqr_fp(&a.c0), &sqr_fp(&a.c1)); // a0^2 + a1^2 ∈ Fp
    let ni = inv_fp(&n);
    Fp2x8 { c0: mul_fp(&a.c0, &ni), c1: neg_fp(&mul_fp(&a.c1, &ni)) }
}

#[inline]
pub fn eq_fp2(a: &Fp2x8, b: &Fp2x8) -> Lanes { eq_fp(&a.c0, &b.c0) & eq_fp(&a.c1, &b.c1) }
}

// ---------------------------------------------------------------- Fp6
ifma! {
#[inline]
pub fn zero_fp6() -> Fp6x8 { Fp6x8([zero_fp2(); 3]) }
#[inline]
pub fn one_fp6() -> Fp6x8 { Fp6x8([one_fp2(), zero_fp2(), zero_fp2()]) }
#[inline]
pub fn add_fp6(a: &Fp6x8, b: &Fp6x8) -> Fp6x8 {
    Fp6x8([add_fp2(&a.0[0], &b.0[0]), add_fp2(&a.0[1], &b.0[1]), add_fp2(&a.0[2], &b.0[2])])
}
#[inline]
pub fn add_nr_fp6(a: &Fp6x8, b: &Fp6x8) -> Fp6x8 {
    Fp6x8([add_nr_fp2(&a.0[0], &b.0[0]), add_nr_fp2(&a.0[1], &b.0[1]), add_nr_fp2(&a.0[2], &b.0[2])])
}
#[inline]
pub fn sub_fp6(a: &Fp6x8, b: &Fp6x8) -> Fp6x8 {
    Fp6x8([sub_fp2(&a.0[0], &b.0[0]), sub_fp2(&a.0[1], &b.0[1]), sub_fp2(&a.0[2], &b.0[2])])
}
#[inline]
pub fn neg_fp6(a: &Fp6x8) -> Fp6x8 { Fp6x8([neg_fp2(&a.0[0]), neg_fp2(&a.0[1]), neg_fp2(&a.0[2])]) }
#[inline]
pub fn select_fp6(m: Lanes, a: &Fp6x8, b: &Fp6x8) -> Fp6x8 {
    Fp6x8([select_fp2(m, &a.0[0], &b.0[0]), select_fp2(m, &a.0[1], &b.0[1]), select_fp2(m, &a.0[2], &b.0[2])])
}
/// a·v = ξa2 + a0·v + a1·v^2.
#[inline]
pub fn mul_by_v_fp6(a: &Fp6x8) -> Fp6x8 { Fp6x8([mul_by_xi_fp2(&a.0[2]), a.0[0], a.0[1]]) }

/// Karatsuba over Fp2 (6 Fp2 products, 18 mul_fp), v^3 = ξ, lazy: the coefficients are formed
/// double-width and reduced once each (6 reductions, not 12 + 12 modular additions):
/// c0 = a0b0 + ξ((a1+a2)(b1+b2) - a1b1 - a2b2), c1 = (a0+a1)(b0+b1) - a0b0 - a1b1 + ξa2b2,
/// c2 = (a0+a2)(b0+b2) - a0b0 - a2b2 + a1b1. Inputs < 4p per coefficient.
pub fn mul_fp6(a: &Fp6x8, b: &Fp6x8) -> Fp6x8 {
    let [a0, a1, a2] = &a.0;
    let [b0, b1, b2] = &b.0;
    let t0 = mul_wide_fp2(a0, b0);                                        // a0b0
    let t1 = mul_wide_fp2(a1, b1);                                        // a1b1
    let t2 = mul_wide_fp2(a2, b2);                                        // a2b2
    let s12 = mul_wide_fp2(&add_nr_fp2(a1, a2), &add_nr_fp2(b1, b2));     // (a1+a2)(b1+b2)
    let s01 = mul_wide_fp2(&add_nr_fp2(a0, a1), &add_nr_fp2(b0, b1));     // (a0+a1)(b0+b1)
    let s02 = mul_wide_fp2(&add_nr_fp2(a0, a2), &add_nr_fp2(b0, b2));     // (a0+a2)(b0+b2)
    let m12 = sub_wide_fp2(&sub_wide_fp2(&s12, &t1), &t2);                // a1b2 + a2b1
    let c0 = add_wide_fp2(&t0, &mul_by_xi_wide_fp2(&m12));                // a0b0 + ξ(a1b2 + a2b1)
    let m01 = sub_wide_fp2(&sub_wide_fp2(&s01, &t0), &t1);                // a0b1 + a1b0
    let c1 = add_wide_fp2(&m01, &mul_by_xi_wide_fp2(&t2));                // + ξa2b2
    let m02 = sub_wide_fp2(&sub_wide_fp2(&s02, &t0), &t2);                // a0b2 + a2b0
    let c2 = add_wide_fp2(&m02, &t1);                                     // + a1b1
    Fp6x8([redc_wide_fp2(&c0), redc_wide_fp2(&c1), redc_wide_fp2(&c2)])
}

/// `mul_by_01_fp6` before its reductions: the three Fp2 coefficients double-width.
#[inline]
pub fn mul_by_01_wide_fp6(a: &Fp6x8, x: &Fp2x8, y: &Fp2x8) -> [Fp2Wide; 3] {
    let [a0, a1, a2] = &a.0;
    let t0 = mul_wide_fp2(a0, x);                                         // a0x
    let t1 = mul_wide_fp2(a1, y);                                         // a1y
    let s = mul_wide_fp2(&add_nr_fp2(a0, a1), &add_nr_fp2(x, y));         // (a0+a1)(x+y)
    let c0 = add_wide_fp2(&t0, &mul_by_xi_wide_fp2(&mul_wide_fp2(a2, y))); // a0x + ξa2y
    let c1 = sub_wide_fp2(&sub_wide_fp2(&s, &t0), &t1);                   // a0y + a1x
    let c2 = add_wide_fp2(&t1, &mul_wide_fp2(a2, x));                     // a1y + a2x
    [c0, c1, c2]
}

/// `mul_by_1_fp6` double-width: ξa2y + a0y·v + a1y·v^2.
#[inline]
pub fn mul_by_1_wide_fp6(a: &Fp6x8, y: &Fp2x8) -> [Fp2Wide; 3] {
    let [a0, a1, a2] = &a.0;
    [mul_by_xi_wide_fp2(&mul_wide_fp2(a2, y)), mul_wide_fp2(a0, y), mul_wide_fp2(a1, y)]
}

/// 1/a: c0 = a0^2 - ξa1a2, c1 = ξa2^2 - a0a1, c2 = a1^2 - a0a2, t = a0c0 + ξ(a2c1 + a1c2), 1/a = c/t.
pub fn inv_fp6(a: &Fp6x8) -> Fp6x8 {
    let [a0, a1, a2] = &a.0;
    let c0 = sub_fp2(&sqr_fp2(a0), &mul_by_xi_fp2(&mul_fp2(a1, a2)));  // a0^2 - ξa1a2
    let c1 = sub_fp2(&mul_by_xi_fp2(&sqr_fp2(a2)), &mul_fp2(a0, a1));  // ξa2^2 - a0a1
    let c2 = sub_fp2(&sqr_fp2(a1), &mul_fp2(a0, a2));                  // a1^2 - a0a2
    let t = add_fp2(&mul_fp2(a0, &c0),
                    &mul_by_xi_fp2(&add_fp2(&mul_fp2(a2, &c1), &mul_fp2(a1, &c2)))); // N(a) ∈ Fp2
    let ti = inv_fp2(&t);
    Fp6x8([mul_fp2(&c0, &ti), mul_fp2(&c1, &ti), mul_fp2(&c2, &ti)])
}
}

// ---------------------------------------------------------------- Fp12
ifma! {
#[inline]
pub fn one_fp12() -> Fp12x8 { Fp12x8([one_fp6(), zero_fp6()]) }
/// a0 - a1·w, the p^6-power Frobenius (inverse in the cyclotomic subgroup).
#[inline]
pub fn conj_fp12(a: &Fp12x8) -> Fp12x8 { Fp12x8([a.0[0], neg_fp6(&a.0[1])]) }
#[inline]
pub fn select_fp12(m: Lanes, a: &Fp12x8, b: &Fp12x8) -> Fp12x8 {
    Fp12x8([select_fp6(m, &a.0[0], &b.0[0]), select_fp6(m, &a.0[1], &b.0[1])])
}

/// Karatsuba over Fp6 (3 mul_fp6 = 54 Fp products): c0 = a0b0 + v·a1b1,
/// c1 = (a0+a1)(b0+b1) - a0b0 - a1b1. (Lazy reduction across the Fp6 products as well, tried:
/// slower here, the double-width Fp6 values spill.)
pub fn mul_fp12(a: &Fp12x8, b: &Fp12x8) -> Fp12x8 {
    let t0 = mul_fp6(&a.0[0], &b.0[0]);                                   // a0b0
    let t1 = mul_fp6(&a.0[1], &b.0[1]);                                   // a1b1
    let s = mul_fp6(&add_nr_fp6(&a.0[0], &a.0[1]), &add_nr_fp6(&b.0[0], &b.0[1])); // (a0+a1)(b0+b1)
    let c0 = add_fp6(&t0, &mul_by_v_fp6(&t1));                            // a0b0 + v·a1b1
    let c1 = sub_fp6(&sub_fp6(&s, &t0), &t1);                             // a0b1 + a1b0
    Fp12x8([c0, c1])
}

/// Complex squaring (2 mul_fp6): t = a0a1, c0 = (a0+a1)(a0+v·a1) - t - v·t, c1 = 2t; c0 per
/// coefficient as one fused reduction (`sub2_k_fp`, `sub2_add_fp`: 2 carry chains, not 4-6).
pub fn sqr_fp12(a: &Fp12x8) -> Fp12x8 {
    let [a0, a1] = &a.0;
    let t = mul_fp6(a0, a1);                                              // a0a1
    let s = mul_fp6(&add_nr_fp6(a0, a1), &add_nr_fp6(a0, &mul_by_v_fp6(a1))); // (a0+a1)(a0+v·a1)
    // c0 = s - t - v·t, v·t = (ξt2, t0, t1), each coefficient one fused reduction:
    let [s0, s1, s2] = &s.0;
    let [t0, t1, t2] = &t.0;
    let c0 = Fp6x8([
        Fp2x8 {
            c0: sub2_add_fp(&s0.c0, &t0.c0, &t2.c0, &t2.c1),             // - (t2.c0 - t2.c1)
            c1: sub2_k_fp(&s0.c1, &t0.c1, &add_nr_fp(&t2.c0, &t2.c1), 8), // - (t2.c0 + t2.c1)
        },
        Fp2x8 { c0: sub2_k_fp(&s1.c0, &t1.c0, &t0.c0, 4), c1: sub2_k_fp(&s1.c1, &t1.c1, &t0.c1, 4) },
        Fp2x8 { c0: sub2_k_fp(&s2.c0, &t2.c0, &t1.c0, 4), c1: sub2_k_fp(&s2.c1, &t2.c1, &t1.c1, 4) },
    ]);
    let c1 = add_fp6(&t, &t);                                             // 2a0a1
    Fp12x8([c0, c1])
}
/// f·(l0 + l1·v + l2·v·w), blst's `mul_by_xy00z0_fp12` shape (13 mul_fp2):
/// with f = a + b·w, L0 = l0 + l1·v, L1 = l2·v: c0 = a·L0 + v·(b·L1), c1 = (a+b)(L0+L1) - a·L0 - b·L1.
/// Lazy across the Fp6 products: the three Fp6 products stay double-width and the six output
/// coefficients are reduced once (6 Fp2 reductions, not 9, and no modular additions); a + b and
/// l1 + l2 unreduced (< 4p): faster than reducing each product.
pub fn mul_by_line_fp12(f: &Fp12x8, l0: &Fp2x8, l1: &Fp2x8, l2: &Fp2x8) -> Fp12x8 {
    let [a, b] = &f.0;
    let t0 = mul_by_01_wide_fp6(a, l0, l1);                               // a·L0
    let t1 = mul_by_1_wide_fp6(b, l2);                                    // b·L1
    let s = mul_by_01_wide_fp6(&add_nr_fp6(a, b), l0, &add_nr_fp2(l1, l2)); // (a+b)(L0+L1)
    let c0 = [
        redc_wide_fp2(&add_wide_fp2(&t0[0], &mul_by_xi_wide_fp2(&t1[2]))), // a·L0 + v·b·L1
        redc_wide_fp2(&add_wide_fp2(&t0[1], &t1[0])),
        redc_wide_fp2(&add_wide_fp2(&t0[2], &t1[1])),
    ];
    let c1 = [
        redc_wide_fp2(&sub_wide_fp2(&sub_wide_fp2(&s[0], &t0[0]), &t1[0])),  // a·L1 + b·L0
        redc_wide_fp2(&sub_wide_fp2(&sub_wide_fp2(&s[1], &t0[1]), &t1[1])),
        redc_wide_fp2(&sub_wide_fp2(&sub_wide_fp2(&s[2], &t0[2]), &t1[2])),
    ];
    Fp12x8([Fp6x8(c0), Fp6x8(c1)])
}

/// 1/a = (a0 - a1·w)/(a0^2 - v·a1^2).
pub fn inv_fp12(a: &Fp12x8) -> Fp12x8 {
    let [a0, a1] = &a.0;
    let t0 = mul_fp6(a0, a0);                                             // a0^2
    let t1 = mul_fp6(a1, a1);                                             // a1^2
    let n = inv_fp6(&sub_fp6(&t0, &mul_by_v_fp6(&t1)));                   // 1/(a0^2 - v·a1^2)
    Fp12x8([mul_fp6(a0, &n), neg_fp6(&mul_fp6(a1, &n))])
}

/// f^p: coefficient of w^k (k = 0..5; g_j ↔ w^(2j), h_j ↔ w^(2j+1)) ↦ conj(c)·ξ^(k(p-1)/6).
pub fn frobenius_fp12(a: &Fp12x8) -> Fp12x8 {
    let g = &a.0[0].0;
    let h = &a.0[1].0;
    let fr = |c: &Fp2x8, k: usize| mul_fp2(&conj_fp2(c), &splat_fp2(&FROB_W[k]));
    Fp12x8([
        Fp6x8([conj_fp2(&g[0]), fr(&g[1], 2), fr(&g[2], 4)]),
        Fp6x8([fr(&h[0], 1), fr(&h[1], 3), fr(&h[2], 5)]),
    ])
}

/// x^2 unreduced: (x0+x1)(x0-x1) + 2x0x1·u. Input < 4p per coefficient (x0 - x1 taken as
/// x0 + 4p - x1 < 8p, one carry chain instead of sub_fp's two; products < 64p^2).
#[inline]
fn sqr_wide_fp2(x: &Fp2x8) -> Fp2Wide {
    Fp2Wide {
        c0: mul_wide_fp(&add_nr_fp(&x.c0, &x.c1), &sub_nr_fp(&x.c0, &x.c1, &P4)), // x0^2 - x1^2
        c1: mul_wide_fp(&add_nr_fp(&x.c0, &x.c0), &x.c1),                  // 2x0x1
    }
}
/// (x + y·s)^2 in Fp4 = Fp2[s]/(s^2 - ξ): (x^2 + ξy^2, (x+y)^2 - x^2 - y^2), lazy: 6 products,
/// 4 reductions. Inputs reduced.
#[inline]
pub fn sqr_fp4(x: &Fp2x8, y: &Fp2x8) -> (Fp2x8, Fp2x8) {
    let x2 = sqr_wide_fp2(x);                                             // x^2
    let y2 = sqr_wide_fp2(y);                                             // y^2
    let s = sqr_wide_fp2(&add_nr_fp2(x, y));                              // (x+y)^2, x + y < 4p
    let r0 = add_wide_fp2(&x2, &mul_by_xi_wide_fp2(&y2));                 // x^2 + ξy^2
    let r1 = sub_wide_fp2(&sub_wide_fp2(&s, &x2), &y2);                   // 2xy
    (redc_wide_fp2(&r0), redc_wide_fp2(&r1))
}

/// 3t ∓ 2x per coefficient (`lin3_fp`).
#[inline]
pub fn lin3_fp2(t: &Fp2x8, x: &Fp2x8, minus: bool) -> Fp2x8 {
    Fp2x8 { c0: lin3_fp(&t.c0, &x.c0, minus), c1: lin3_fp(&t.c1, &x.c1, minus) }
}

/// Granger–Scott squaring in the cyclotomic subgroup (eprint 2009/565, §3.2): with s = w^3,
/// f = A + B·w + C·w^2 over Fp4, A = g0 + h1·s, B = h0 + g2·s, C = g1 + h2·s,
/// f^2 = (3A^2 - 2·conj(A)) + (3s·C^2 + 2·conj(B))·w + (3B^2 - 2·conj(C))·w^2. 9 sqr_fp2.
pub fn cyclotomic_sqr_fp12(f: &Fp12x8) -> Fp12x8 {
    let [g0, g1, g2] = &f.0[0].0;
    let [h0, h1, h2] = &f.0[1].0;
    let (a0, a1) = sqr_fp4(g0, h1);                                       // A^2
    let (b0, b1) = sqr_fp4(h0, g2);                                       // B^2
    let (c0, c1) = sqr_fp4(g1, h2);                                       // C^2
    let c0s = mul_by_xi_fp2(&c1);                                         // s·C^2 = ξc1 + c0·s
    let three_minus = |t: &Fp2x8, x: &Fp2x8| lin3_fp2(t, x, true);       // 3t - 2x
    let three_plus = |t: &Fp2x8, x: &Fp2x8| lin3_fp2(t, x, false);       // 3t + 2x
    Fp12x8([
        Fp6x8([three_minus(&a0, g0), three_minus(&b0, g1), three_minus(&c0, g2)]),
        Fp6x8([three_plus(&c0s, h0), three_plus(&a1, h1), three_plus(&b1, h2)]),
    ])
}

#[inline]
pub fn compress_fp12(f: &Fp12x8) -> Compressed8 {
    Compressed8 { g1: f.0[0].0[1], g2: f.0[0].0[2], h0: f.0[1].0[0], h2: f.0[1].0[2] }
}

#[cfg(test)]
/// Compressed squaring: the Granger–Scott formulas restricted to the kept coefficients
/// (B = h0 + g2·s, C = g1 + h2·s): with B^2 = (b0, b1), C^2 = (c0, c1),
/// g1' = 3b0 - 2g1, g2' = 3c0 - 2g2, h0' = 3ξc1 + 2h0, h2' = 3b1 + 2h2. 12 Fp products, not 18.
/// The 3t ∓ 2x steps fused (`lin3_fp`) and x0 - x1 unreduced in `sqr_wide_fp2`: each faster
/// than the unfused step.
pub fn cyclotomic_sqr_compressed_fp12(c: &Compressed8) -> Compressed8 {
    let mut r = *c;
    cyclotomic_sqr_compressed_fp12_assign(&mut r);
    r
}

/// `cyclotomic_sqr_compressed_fp12` in place: each coefficient written where it was read, not
/// returned and copied (4 KB a squaring otherwise, in the exponentiations' loops).
pub fn cyclotomic_sqr_compressed_fp12_assign(c: &mut Compressed8) {
    let (b0, b1) = sqr_fp4(&c.h0, &c.g2);                                 // B^2
    let (c0, c1) = sqr_fp4(&c.g1, &c.h2);                                 // C^2
    c.g1 = lin3_fp2(&b0, &c.g1, true);                                    // 3t - 2x
    c.g2 = lin3_fp2(&c0, &c.g2, true);
    c.h0 = lin3_fp2(&mul_by_xi_fp2(&c1), &c.h0, false);                   // 3t + 2x
    c.h2 = lin3_fp2(&b1, &c.h2, false);
}

/// The numerators and denominator of the decompression. From f·conj(f) = a^2 - v·b^2 = 1
/// (a = (g0, g1, g2), b = (h0, h1, h2)), the v and v^2 coefficients are linear in (g0, h1):
/// 2g1·g0 - 2ξh2·h1 = r1 = h0^2 - ξg2^2 and 2g2·g0 - 2h0·h1 = r2 = ξh2^2 - g1^2, so (Cramer)
/// g0 = (ξh2·r2 - h0·r1)/D, h1 = (g1·r2 - g2·r1)/D with D = 2(ξg2h2 - g1h0).
/// Returns (g0·D, h1·D, D); D = 0 (e.g. f = 1) needs the uncompressed path.
pub fn decompress_parts_fp12(c: &Compressed8) -> (Fp2x8, Fp2x8, Fp2x8) {
    let r1 = sub_fp2(&sqr_fp2(&c.h0), &mul_by_xi_fp2(&sqr_fp2(&c.g2)));  // h0^2 - ξg2^2
    let r2 = sub_fp2(&mul_by_xi_fp2(&sqr_fp2(&c.h2)), &sqr_fp2(&c.g1));  // ξh2^2 - g1^2
    let d = dbl_fp2(&sub_fp2(&mul_by_xi_fp2(&mul_fp2(&c.g2, &c.h2)), &mul_fp2(&c.g1, &c.h0))); // D
    let g0 = sub_fp2(&mul_fp2(&mul_by_xi_fp2(&c.h2), &r2), &mul_fp2(&c.h0, &r1)); // g0·D
    let h1 = sub_fp2(&mul_fp2(&c.g1, &r2), &mul_fp2(&c.g2, &r1));        // h1·D
    (g0, h1, d)
}

/// f from its compressed form, given 1/D.
pub fn decompress_fp12(c: &Compressed8, g0d: &Fp2x8, h1d: &Fp2x8, d_inv: &Fp2x8) -> Fp12x8 {
    Fp12x8([
        Fp6x8([mul_fp2(g0d, d_inv), c.g1, c.g2]),
        Fp6x8([c.h0, mul_fp2(h1d, d_inv), c.h2]),
    ])
}

#[inline]
pub fn is_zero_fp2(a: &Fp2x8) -> Lanes { is_zero_fp(&a.c0) & is_zero_fp(&a.c1) }

/// Lane `j` of a in all eight lanes.
pub fn broadcast_lane_fp12(a: &Fp12x8, j: u32) -> Fp12x8 {
    let b2 = |c: &Fp2x8| Fp2x8 { c0: broadcast_lane_fp(&c.c0, j), c1: broadcast_lane_fp(&c.c1, j) };
    Fp12x8(core::array::from_fn(|i| Fp6x8(core::array::from_fn(|k| b2(&a.0[i].0[k])))))
}

/// Lanes where a == b.
pub fn eq_fp12(a: &Fp12x8, b: &Fp12x8) -> Lanes {
    let mut m: Lanes = 0xff;
    for i in 0..2 {
        for j in 0..3 {
            m &= eq_fp2(&a.0[i].0[j], &b.0[i].0[j]);
        }
    }
    m
}

/// Lanes where a == 1.
pub fn is_one_fp12(a: &Fp12x8) -> Lanes { eq_fp12(a, &one_fp12()) }
}
