//! Karabina's compressed squaring in the cyclotomic subgroup and its decompression (eprint
//! 2010/542).

use super::{add_fp2, add_mul_by_xi_fp2, mul_by_xi_fp2, mul_fp2, sqr_fp2, sub_fp2, w_powers, Fp12, Fp2, TowerConsts};
use crate::ir::{Asm, Cond};

/// Karabina's names for the coefficients of x ∈ Fp12 (eprint 2010/542 §3, with
/// Fp12 = Fp2\[w\]/(w⁶ - ξ)): (g0, g1, g2, g3, g4, g5) are the coefficients of
/// (w⁰, w³, w¹, w⁴, w², w⁵). A cyclotomic x is determined by g2..g5 (its "compressed form");
/// in the slots of an `Fp12` register g4, g3, g2 are consecutive (c0.c1 is w², c0.c2 is w⁴,
/// c1.c0 is w¹), then g1 (c1.c1), then g5 (c1.c2).
pub fn karabina_parts(x: Fp12) -> [Fp2; 6] {
    let w = w_powers(x);
    [w[0], w[3], w[1], w[4], w[2], w[5]]
}

/// Copies the compressed form g2..g5 (slots 2..8 and 10..12 of the register) and the g1 slots
/// between them (8..10, never read by the compressed squaring) from `src` to `dst`.
pub(crate) fn copy_compressed_fp12(a: &mut Asm, dst: Fp12, src: Fp12) {
    a.copy(dst.0 + 2, src.0 + 2, 10); // g4 g3 g2 g1 g5 (one MCOPY, g1 along)
}

/// Karabina's compressed cyclotomic squaring, in place on g2..g5 of x (eprint 2010/542 §4;
/// Aranha, Karabina, Longa, Gebotys, López, eprint 2010/526 §5.2), for x in the cyclotomic
/// subgroup: h2 = 2·g2 + 3ξ·(2g4g5), h3 = 3·(g4² + ξ·g5²) - 2·g3, h4 = 3·(g2² + ξ·g3²) - 2·g4,
/// h5 = 2·g5 + 3·(2g2g3). 6 sqr_fp2 (12 products) against the 9 of Granger–Scott;
/// the products 2gᵢgⱼ are (gᵢ + gⱼ)² - gᵢ² - gⱼ². g0 and g1 are left stale (see
/// [`karabina_g1_fraction`], [`karabina_g0`]).
pub fn compressed_cyclotomic_sqr_fp12(a: &mut Asm, x: Fp12) {
    let [_, _, g2, g3, g4, g5] = karabina_parts(x);
    a.scoped(|a| {
        let [s2, s3, s4, s5, t23, t45, t, u] = core::array::from_fn(|_| Fp2(a.alloc(2)));
        sqr_fp2(a, s2, g2);
        sqr_fp2(a, s3, g3);
        sqr_fp2(a, s4, g4);
        sqr_fp2(a, s5, g5);
        add_fp2(a, t, g2, g3);
        sqr_fp2(a, t23, t);
        sub_fp2(a, t23, t23, s2);
        sub_fp2(a, t23, t23, s3); // 2·g2·g3
        add_fp2(a, t, g4, g5);
        sqr_fp2(a, t45, t);
        sub_fp2(a, t45, t45, s4);
        sub_fp2(a, t45, t45, s5); // 2·g4·g5
        mul_by_xi_fp2(a, t, t45); // ξ·2g4g5
        add_fp2(a, g2, g2, t);
        add_fp2(a, g2, g2, g2);
        add_fp2(a, g2, g2, t); // h2 = 2·(g2 + ξ·2g4g5) + ξ·2g4g5
        add_mul_by_xi_fp2(a, u, s4, s5); // g4² + ξ·g5²
        sub_fp2(a, g3, u, g3);
        add_fp2(a, g3, g3, g3);
        add_fp2(a, g3, g3, u); // h3 = 2·(u - g3) + u
        add_mul_by_xi_fp2(a, u, s2, s3); // g2² + ξ·g3²
        sub_fp2(a, g4, u, g4);
        add_fp2(a, g4, g4, g4);
        add_fp2(a, g4, g4, u); // h4 = 2·(u - g4) + u
        add_fp2(a, g5, g5, t23);
        add_fp2(a, g5, g5, g5);
        add_fp2(a, g5, g5, t23); // h5 = 2·(g5 + 2g2g3) + 2g2g3
    });
}

/// The first step of Karabina's decompression (eprint 2010/542 §5): g1 = num/den with
/// num = ξ·g5² + 3·g4² - 2·g3, den = 4·g2 when g2 ≠ 0, and num = 2·g4·g5, den = g3 when
/// g2 = 0. When g3 is zero too, x = 1 (a cyclotomic x with g2 = g3 = 0 lies in Fp4, whose
/// intersection with the cyclotomic subgroup is {1}); then (num, den) = (0, 0), and since the
/// group has odd order every power decompressed with x is 1 too: all denominators are zero,
/// the Fermat inversion maps 0 to 0, and g1 = 0·0 = 0 is still right (tested with x = 1).
/// num is written to x's g1 slots, den to `den`.
pub fn karabina_g1_fraction(a: &mut Asm, k: &TowerConsts, x: Fp12, den: Fp2) {
    let [_, g1, g2, g3, g4, g5] = karabina_parts(x);
    let zero2 = Cond::Eq(g2.0, k.zero, 2);
    a.if_(Cond::Ne(g2.0, k.zero, 2), |a| {
        a.scoped(|a| {
            let t = Fp2(a.alloc(2));
            let u = Fp2(a.alloc(2));
            sqr_fp2(a, t, g4);
            add_fp2(a, u, t, t);
            add_fp2(a, u, u, t); // 3·g4²
            sub_fp2(a, u, u, g3);
            sub_fp2(a, u, u, g3); // 3·g4² - 2·g3
            sqr_fp2(a, t, g5);
            add_mul_by_xi_fp2(a, g1, u, t); // num = ξ·g5² + 3·g4² - 2·g3
            add_fp2(a, den, g2, g2);
            add_fp2(a, den, den, den); // den = 4·g2
        })
    });
    a.if_(zero2, |a| {
        mul_fp2(a, g1, g4, g5);
        add_fp2(a, g1, g1, g1); // num = 2·g4·g5
        a.copy(den.0, g3.0, 2); // den = g3
    });
}

/// The second step of Karabina's decompression (eprint 2010/542 §5), once g1 is known:
/// g0 = ξ·(2·g1² + g2·g5 - 3·g3·g4) + 1.
pub fn karabina_g0(a: &mut Asm, k: &TowerConsts, x: Fp12) {
    let [g0, g1, g2, g3, g4, g5] = karabina_parts(x);
    a.scoped(|a| {
        let s = Fp2(a.alloc(2));
        let t = Fp2(a.alloc(2));
        let u = Fp2(a.alloc(2));
        sqr_fp2(a, s, g1);
        add_fp2(a, s, s, s); // 2·g1²
        mul_fp2(a, t, g2, g5);
        add_fp2(a, s, s, t); // 2·g1² + g2·g5
        mul_fp2(a, t, g3, g4);
        add_fp2(a, u, t, t);
        add_fp2(a, u, u, t); // 3·g3·g4
        sub_fp2(a, s, s, u);
        mul_by_xi_fp2(a, g0, s);
        a.add(g0.c0(), g0.c0(), k.one); // + 1
    });
}
