//! Granger–Scott's squaring in the cyclotomic subgroup (eprint 2009/565): fused at the Fp
//! level on blst's tower, through Fp4 squarings in Fp2 on any other.

use super::{add_fp2, add_mul_by_xi_fp2, mul_by_xi_fp2, sqr_fp2, sub_fp2, Fp12, Fp2};
use crate::ir::{Asm, F2Mul, Slot};

/// out = x² for x in the cyclotomic subgroup (Granger–Scott, eprint 2009/565 §3.2).
/// Seeing Fp12 as Fp4\[w\]/(w³ - s), s = w³, x = A + B·w + C·w² with
/// A = x00 + x11·s, B = x10 + x02·s, C = x01 + x12·s (xij = coefficient j of x.ci):
/// x² = (3A² - 2·conj(A)) + (3s·C² + 2·conj(B))·w + (3B² - 2·conj(C))·w².
/// Each Fp4 squaring is fused with its two outputs at the Fp level (`gs_fp4_products`,
/// `gs_fp4_outputs`): the doublings of its Fp2 squarings fold into the outputs' 3v ∓ 2w.
/// Per squaring, 18 products and 89 additions and subtractions (against 95 with the Fp4
/// squarings formed in Fp2 first); with `products`, x0·x1 as an Fp2 product (f2mul v3: 21 and
/// 83, against 21 and 89; v4: 24 and 80, as before).
pub fn cyclotomic_sqr_fp12(a: &mut Asm, out: Fp12, x: Fp12, products: bool) {
    if a.tower != crate::curves::Tower::BLST {
        return cyclotomic_sqr_fp12_by_fp4(a, out, x);
    }
    a.scoped(|a| {
        let (x00, x01, x02) = (x.c(0).c(0), x.c(0).c(1), x.c(0).c(2));
        let (x10, x11, x12) = (x.c(1).c(0), x.c(1).c(1), x.c(1).c(2));
        let (o00, o01, o02) = (out.c(0).c(0), out.c(0).c(1), out.c(0).c(2));
        let (o10, o11, o12) = (out.c(1).c(0), out.c(1).c(1), out.c(1).c(2));
        // every product first: the outputs overwrite inputs of the other Fp4 squarings
        let pa = gs_fp4_products(a, x00, x11, products); // A²
        let pb = gs_fp4_products(a, x10, x02, products); // B²
        let pc = gs_fp4_products(a, x01, x12, products); // C²
        gs_fp4_outputs(a, pa, (o00, x00), (o11, x11), false); // w⁰: 3·A²₀ - 2·x00 ; w³: 3·A²₁ + 2·x11
        gs_fp4_outputs(a, pb, (o01, x01), (o12, x12), false); // w²: 3·B²₀ - 2·x01 ; w⁵: 3·B²₁ + 2·x12
        gs_fp4_outputs(a, pc, (o02, x02), (o10, x10), true); // w⁴: 3·C²₀ - 2·x02 ; w¹: 3ξ·C²₁ + 2·x10
    });
}

/// Granger–Scott's cyclotomic squaring (as [`cyclotomic_sqr_fp12`]) over any tower, its three
/// Fp4 squarings (a + b·s)² = (a² + ξ·b²) + ((a + b)² − a² − b²)·s formed in Fp2 first.
fn cyclotomic_sqr_fp12_by_fp4(a: &mut Asm, out: Fp12, x: Fp12) {
    let xs = |i: u32, j: u32| x.c(i).c(j);
    let os = |i: u32, j: u32| out.c(i).c(j);
    a.scoped(|a| {
        // A = x00 + x11·s, B = x10 + x02·s, C = x01 + x12·s: their squares, before any output
        let sq: Vec<(Fp2, Fp2)> = [(xs(0, 0), xs(1, 1)), (xs(1, 0), xs(0, 2)), (xs(0, 1), xs(1, 2))]
            .into_iter()
            .map(|(lo, hi)| {
                let (c0, c1) = (Fp2(a.alloc(2)), Fp2(a.alloc(2)));
                a.scoped(|a| {
                    let (t0, t1) = (Fp2(a.alloc(2)), Fp2(a.alloc(2)));
                    sqr_fp2(a, t0, lo);
                    sqr_fp2(a, t1, hi);
                    add_fp2(a, c1, lo, hi);
                    sqr_fp2(a, c1, c1);
                    sub_fp2(a, c1, c1, t0);
                    sub_fp2(a, c1, c1, t1); // 2·lo·hi
                    add_mul_by_xi_fp2(a, c0, t0, t1); // lo² + ξ·hi²
                });
                (c0, c1)
            })
            .collect();
        // out = 3v − 2w (minus) or 3v + 2w, as 2·(v ∓ w) + v
        let out3 = |a: &mut Asm, o: Fp2, v: Fp2, w: Fp2, minus: bool| {
            a.scoped(|a| {
                let t = Fp2(a.alloc(2));
                if minus {
                    sub_fp2(a, t, v, w);
                } else {
                    add_fp2(a, t, v, w);
                }
                add_fp2(a, t, t, t);
                add_fp2(a, o, t, v);
            });
        };
        let (a2, b2, c2) = (sq[0], sq[1], sq[2]);
        out3(a, os(0, 0), a2.0, xs(0, 0), true); // w⁰: 3·A²₀ − 2·x00
        out3(a, os(1, 1), a2.1, xs(1, 1), false); // w³: 3·A²₁ + 2·x11
        out3(a, os(0, 1), b2.0, xs(0, 1), true); // w²: 3·B²₀ − 2·x01
        out3(a, os(1, 2), b2.1, xs(1, 2), false); // w⁵: 3·B²₁ + 2·x12
        out3(a, os(0, 2), c2.0, xs(0, 2), true); // w⁴: 3·C²₀ − 2·x02
        let t = Fp2(a.alloc(2));
        mul_by_xi_fp2(a, t, c2.1);
        out3(a, os(1, 0), t, xs(1, 0), false); // w¹: 3ξ·C²₁ + 2·x10
    });
}

/// The products of one Fp4 squaring (x0 + x1·s)² = (x0² + ξ·x1²) + 2·x0·x1·s, as
/// [`gs_fp4_outputs`] takes them. With x0 = a + b·u, x1 = c + d·u:
/// P1 = (a+b)(a−b), P2 = a·b, P3 = (c+d)(c−d), P4 = c·d, so that
/// x0² + ξ·x1² = (P1 + P3 − 2P4) + (2P2 + P3 + 2P4)·u; and 2·x0·x1 either from the complex
/// squaring of x0 + x1 (e = a + c, f = b + d: (e+f)(e−f) − P1 − P3 + 2(e·f − P2 − P4)·u), or
/// with `products` as the Fp2 product x0·x1 = g + h·u (f2mul v3: Karatsuba on a+b and c+d,
/// which the squarings already formed; v4: schoolbook), doubled in the outputs. The slots
/// belong to the caller's scope.
fn gs_fp4_products(a: &mut Asm, x0: Fp2, x1: Fp2, products: bool) -> Fp4Products {
    let p = [0; 4].map(|_| a.alloc(1));
    let [g, h] = [0; 2].map(|_| a.alloc(1));
    let (xa, xb, xc, xd) = (x0.c0(), x0.c1(), x1.c0(), x1.c1());
    a.scoped(|a| {
        let [s0, d0, s1, d1] = [0; 4].map(|_| a.alloc(1));
        a.add(s0, xa, xb);
        a.sub(d0, xa, xb);
        a.mul(p[0], s0, d0); // P1 = a² − b²
        a.mul(p[1], xa, xb); // P2 = a·b
        a.add(s1, xc, xd);
        a.sub(d1, xc, xd);
        a.mul(p[2], s1, d1); // P3 = c² − d²
        a.mul(p[3], xc, xd); // P4 = c·d
        if !products {
            a.add(s0, xa, xc); // e
            a.add(s1, xb, xd); // f
            a.add(d0, s0, s1);
            a.sub(d1, s0, s1);
            a.mul(g, d0, d1); // e² − f²
            a.mul(h, s0, s1); // e·f
            return;
        }
        match a.f2mul {
            F2Mul::V3 => {
                a.mul(g, xa, xc); // a·c
                a.mul(d0, xb, xd); // b·d
                a.mul(h, s0, s1); // (a+b)(c+d)
                a.sub(h, h, g);
                a.sub(h, h, d0); // h = a·d + b·c
                a.sub(g, g, d0); // g = a·c − b·d
            }
            F2Mul::V4 => {
                a.mul(g, xa, xc);
                a.mul(d0, xb, xd);
                a.sub(g, g, d0); // g = a·c − b·d
                a.mul(h, xa, xd);
                a.mul(d0, xb, xc);
                a.add(h, h, d0); // h = a·d + b·c
            }
        }
    });
    if products {
        Fp4Products::WithProduct { p, g, h }
    } else {
        Fp4Products::WithSquare { p, e2f2: g, ef: h }
    }
}

/// What [`gs_fp4_products`] leaves for [`gs_fp4_outputs`]: P1..P4 and how 2·x0·x1 is known.
#[derive(Clone, Copy)]
enum Fp4Products {
    /// 2·x0·x1 = (e2f2 − P1 − P3) + 2(ef − P2 − P4)·u.
    WithSquare { p: [Slot; 4], e2f2: Slot, ef: Slot },
    /// 2·x0·x1 = 2g + 2h·u.
    WithProduct { p: [Slot; 4], g: Slot, h: Slot },
}

/// The two Granger–Scott outputs of one Fp4 squaring from its products ([`gs_fp4_products`]):
/// lo = 3·(x0² + ξ·x1²) − 2·y and hi = 3·H + 2·z with H = 2·x0·x1, or 3ξ·H + 2·z with `xi`;
/// each coefficient as 2·(v − y) + v, 2·(v + z) + v, or 2·(3v + z) where v is half of it, so
/// the doublings of the Fp2 squarings and of 2·x0·x1 cost nothing of their own. `lo` may alias
/// `y` and `hi` may alias `z`; the products' slots are overwritten.
fn gs_fp4_outputs(a: &mut Asm, pr: Fp4Products, (lo, y): (Fp2, Fp2), (hi, z): (Fp2, Fp2), xi: bool) {
    // out = 3v − 2w, or 3v + 2w with `plus`; v kept
    let three_v_2w = |a: &mut Asm, out: Slot, v: Slot, w: Slot, plus: bool, t: Slot| {
        if plus {
            a.add(t, v, w);
        } else {
            a.sub(t, v, w);
        }
        a.add(t, t, t);
        a.add(out, t, v);
    };
    // out = 6v + 2w = 2(3v + w); v kept
    let six_v_2w = |a: &mut Asm, out: Slot, v: Slot, w: Slot, t: Slot| {
        a.add(t, v, v);
        a.add(t, t, v);
        a.add(t, t, w);
        a.add(out, t, t);
    };
    let ([p1, p2, p3, p4], half) = match pr {
        Fp4Products::WithSquare { p, .. } => (p, false),
        Fp4Products::WithProduct { p, .. } => (p, true),
    };
    a.scoped(|a| {
        let [l0, l1, t] = [0; 3].map(|_| a.alloc(1));
        a.add(p1, p1, p3); // u = P1 + P3
        a.add(p2, p2, p4); // q = P2 + P4
        a.sub(l0, p1, p4);
        a.sub(l0, l0, p4); // (x0² + ξx1²)₀ = u − 2P4
        a.add(l1, p2, p2);
        a.add(l1, l1, p3); // (x0² + ξx1²)₁ = 2q + P3
        three_v_2w(a, lo.c0(), l0, y.c0(), false, t);
        three_v_2w(a, lo.c1(), l1, y.c1(), false, t);
        // H = 2·x0·x1 = (H₀, 2h), or with products (2g, 2h)
        let (h0, h) = match pr {
            Fp4Products::WithSquare { e2f2, ef, .. } => {
                a.sub(e2f2, e2f2, p1); // H₀ = (e² − f²) − u
                a.sub(ef, ef, p2); // h = e·f − q
                (e2f2, ef)
            }
            Fp4Products::WithProduct { g, h, .. } => (g, h),
        };
        match (xi, half) {
            (false, false) => {
                three_v_2w(a, hi.c0(), h0, z.c0(), true, t);
                six_v_2w(a, hi.c1(), h, z.c1(), t);
            }
            (false, true) => {
                six_v_2w(a, hi.c0(), h0, z.c0(), t);
                six_v_2w(a, hi.c1(), h, z.c1(), t);
            }
            (true, false) => {
                // ξ·H = (H₀ − 2h) + (H₀ + 2h)·u
                a.add(t, h, h);
                a.sub(l0, h0, t);
                a.add(l1, h0, t);
                three_v_2w(a, hi.c0(), l0, z.c0(), true, t);
                three_v_2w(a, hi.c1(), l1, z.c1(), true, t);
            }
            (true, true) => {
                // ξ·H = 2(g − h) + 2(g + h)·u
                a.sub(l0, h0, h);
                a.add(l1, h0, h);
                six_v_2w(a, hi.c0(), l0, z.c0(), t);
                six_v_2w(a, hi.c1(), l1, z.c1(), t);
            }
        }
    });
}
