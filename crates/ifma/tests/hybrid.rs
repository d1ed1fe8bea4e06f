//! The latency path (`hybrid8`: one pairing over the lanes) against blst and against the 8-lane
//! engine, function by function.
mod common;
use blst::*;
use common::*;
use evm384_ifma::hybrid8::*;
use evm384_ifma::pairing8::{line_add, line_dbl, G1x8, G2Projx8, G2x8};
use evm384_ifma::simd::{load_fp2, load_g1, load_g2, store_fp12};
use evm384_ifma::tower8::*;
use evm384_ifma::*;

fn fp12_bin(
    f: unsafe extern "C" fn(*mut blst_fp12, *const blst_fp12, *const blst_fp12),
    a: &blst_fp12,
    b: &blst_fp12,
) -> blst_fp12 {
    let mut r = blst_fp12::default();
    unsafe { f(&mut r, a, b) };
    r
}

/// A cyclotomic element: the easy part of a random f.
fn cyclotomic(rng: &mut Rng) -> blst_fp12 {
    let f = rng.fp12();
    let mut fi = blst_fp12::default();
    let mut c = f;
    unsafe {
        blst_fp12_inverse(&mut fi, &f);
        blst_fp12_conjugate(&mut c);
        let t = fp12_bin(blst_fp12_mul, &c, &fi); // f^(p^6-1)
        let mut t2 = t;
        blst_fp12_frobenius_map(&mut t2, &t, 2);
        fp12_bin(blst_fp12_mul, &t2, &t) // ^(p^2+1)
    }
}

#[test]
fn fp12h_layout_and_products_match_blst() {
    if !require_ifma("fp12h_layout_and_products_match_blst") {
        return;
    }
    let mut rng = Rng(71);
    for _ in 0..8 {
        let (a, b) = (rng.fp12(), rng.fp12());
        unsafe {
            let (x, y) = (load_fp12h(&a), load_fp12h(&b));
            assert_eq!(store_fp12h(&x), a, "round trip");
            assert_eq!(store_fp12h(&mul_fp12h(&x, &y)), fp12_bin(blst_fp12_mul, &a, &b));
            assert_eq!(store_fp12h(&sqr_fp12h(&x)), fp12_bin(blst_fp12_mul, &a, &a));
            let mut c = a;
            blst_fp12_conjugate(&mut c);
            assert_eq!(store_fp12h(&conj_fp12h(&x)), c, "conj");
            for n in 1..=2 {
                let mut fr = blst_fp12::default();
                blst_fp12_frobenius_map(&mut fr, &a, n);
                let mut z = x;
                for _ in 0..n {
                    z = frobenius_fp12h(&z);
                }
                assert_eq!(store_fp12h(&z), fr, "frobenius^{n}");
            }
            let g = cyclotomic(&mut rng);
            let mut want = blst_fp12::default();
            blst_fp12_cyclotomic_sqr(&mut want, &g);
            assert_eq!(store_fp12h(&cyclotomic_sqr_fp12h(&load_fp12h(&g))), want, "cyclotomic sqr");
        }
    }
}

#[test]
fn sparse_line_product_matches_blst() {
    if !require_ifma("sparse_line_product_matches_blst") {
        return;
    }
    let mut rng = Rng(72);
    for _ in 0..8 {
        let f = rng.fp12();
        let (l0, l1, l2) = (rng.fp2(), rng.fp2(), rng.fp2());
        // l0 + l1·v + l2·v·w: g0 = l0, g1 = l1, h1 = l2.
        let mut line = blst_fp12::default();
        line.fp6[0].fp2[0] = l0;
        line.fp6[0].fp2[1] = l1;
        line.fp6[1].fp2[1] = l2;
        unsafe {
            let lh = load_fp12h(&line); // lanes w^0, w^2, w^3
            let got = store_fp12h(&mul_by_line_fp12h(&load_fp12h(&f), &lh));
            assert_eq!(got, fp12_bin(blst_fp12_mul, &f, &line));
        }
    }
}

/// The hybrid lines equal the 8-lane engine's lines (themselves checked through the pairing):
/// the same T after several steps, the same line coefficients.
#[test]
fn lines_match_engine() {
    if !require_ifma("lines_match_engine") {
        return;
    }
    let mut rng = Rng(73);
    let (p, q) = rng.pair();
    unsafe {
        let k = load_pairh(&p, &q);
        let (g1, g2): (G1x8, G2x8) = (load_g1([&p; 8]), load_g2([&q; 8]));
        let mut t8 = G2Projx8 { x: g2.x, y: g2.y, z: one_fp2() };
        let mut th = k.q;
        let z = blst_fp2::default();
        for step in 0..6 {
            let (l8, lh) = if step % 3 == 2 {
                (line_add(&mut t8, &g2, &g1), line_add_h(&mut th, &k))
            } else {
                (line_dbl(&mut t8, &g1), line_dbl_h(&mut th, &k))
            };
            // Lane 0 of the engine's values as an Fp12h-like vector (l0, ·, l1, l2).
            let want_l = [&l8.l0, &l8.l1, &l8.l2].map(|c| store_fp2_lane0(c));
            let got_l = store_lanes(&lh);
            assert_eq!([got_l[0], got_l[2], got_l[3]], want_l, "line, step {step}");
            let want_t = [&t8.x, &t8.y, &t8.z].map(|c| store_fp2_lane0(c));
            let got_t = store_lanes(&th);
            assert_eq!([got_t[0], got_t[1], got_t[2]], want_t, "T, step {step}");
            assert_eq!(got_t[3..], [z; 5], "unused lanes of T");
        }
    }
}

unsafe fn store_fp2_lane0(a: &Fp2x8) -> blst_fp2 {
    let f = Fp12x8([Fp6x8([*a, *a, *a]), Fp6x8([*a, *a, *a])]);
    store_fp12(&f)[0].fp6[0].fp2[0]
}

unsafe fn store_lanes(a: &Fp2x8) -> [blst_fp2; 8] {
    let (c0, c1) = (evm384_ifma::fp8::store_fp(&a.c0), evm384_ifma::fp8::store_fp(&a.c1));
    core::array::from_fn(|l| blst_fp2 { fp: [c0[l], c1[l]] })
}

#[test]
fn hybrid_pairing_equals_blst() {
    if !require_ifma("hybrid_pairing_equals_blst") {
        return;
    }
    let mut rng = Rng(74);
    for _ in 0..2 {
        let (p, q) = rng.pair();
        let want = reference::pairing(&p, &q);
        unsafe {
            let ml = miller_loop_pairs(&[(p, q)]);
            assert_eq!(reference::final_exp(&ml), want, "Miller loop");
            assert_eq!(final_exp_one(&ml), want, "final exponentiation");
        }
    }
    // Final exponentiation of arbitrary Fp12 values.
    let f = rng.fp12();
    unsafe { assert_eq!(final_exp_one(&f), reference::final_exp(&f)) };
    // Two pairs: e(P, Q)·e(-P, Q) = 1, e(P, Q)·e(P, Q) ≠ 1; infinity contributes 1.
    let (p, q) = rng.pair();
    let np = g1_neg(&p);
    unsafe {
        let one = |pairs: &[Pair]| blst_fp12_is_one(&final_exp_one(&miller_loop_pairs(pairs)));
        assert!(one(&[(p, q), (np, q)]));
        assert!(!one(&[(p, q), (p, q)]));
        assert!(one(&[(blst_p1_affine::default(), q)]));
        let two = final_exp_one(&miller_loop_pairs(&[(p, q), (blst_p1_affine::default(), q)]));
        assert_eq!(two, reference::pairing(&p, &q));
    }
    let _ = load_fp2;
}

/// The previous versions kept for A/B equal the current ones (and blst).
#[test]
fn ab_reference_variants_match() {
    if !require_ifma("ab_reference_variants_match") {
        return;
    }
    let mut rng = Rng(75);
    let (p, q) = rng.pair();
    unsafe {
        let g = cyclotomic(&mut rng);
        let gh = load_fp12h(&g);
        assert_eq!(store_fp12h(&cyclotomic_sqr_fp12h_r(&gh)), store_fp12h(&cyclotomic_sqr_fp12h(&gh)));
        let k = load_pairh(&p, &q);
        let (mut t1, mut t2) = (k.q, k.q);
        for step in 0..4 {
            let l1 = line_dbl_h(&mut t1, &k);
            let l2 = line_dbl_h_r(&mut t2, &k);
            assert_eq!(store_lanes(&t1), store_lanes(&t2), "T, step {step}");
            let (a, b) = (store_lanes(&l1), store_lanes(&l2));
            assert_eq!([a[0], a[2], a[3]], [b[0], b[2], b[3]], "line, step {step}");
        }
    }
}

/// The unreduced helpers keep their values mod p.
#[test]
fn unreduced_helpers_match_blst() {
    if !require_ifma("unreduced_helpers_match_blst") {
        return;
    }
    use evm384_ifma::consts::P2;
    use evm384_ifma::fp8::*;
    let mut rng = Rng(76);
    let a: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
    let b: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
    unsafe {
        let (x, y) = (load_fp2(core::array::from_fn(|l| &a[l])), load_fp2(core::array::from_fn(|l| &b[l])));
        let one = one_fp2();
        // Through a product by 1: the unreduced value becomes reduced.
        let d = store_lanes(&mul_fp2(&sub_nr_fp2(&x, &y, &P2), &one));
        let xi = store_lanes(&mul_fp2(&mul_by_xi_nr_fp2(&x), &one));
        for l in 0..8 {
            let mut want = blst_fp2::default();
            blst_fp2_sub(&mut want, &a[l], &b[l]);
            assert_eq!(d[l], want, "a - b lane {l}");
            let xi_c = blst_fp2 { fp: [blst_fp12_one_fp(), blst_fp12_one_fp()] };
            blst_fp2_mul(&mut want, &a[l], &xi_c);
            assert_eq!(xi[l], want, "a·ξ lane {l}");
        }
        let _ = sub_nr_fp(&x.c0, &y.c0, &P2);
    }
}

fn blst_fp12_one_fp() -> blst_fp {
    unsafe { (*blst_fp12_one()).fp6[0].fp2[0].fp[0] }
}

/// Which Miller loops go to the lanes: with the fit of the committed measurement
/// (`lanes_pay_off`), none up to 256 pairs — a full pass of the lanes costs more than its eight
/// pairs one after the other on the latency path.
#[test]
fn lanes_never_pay_off_with_the_current_fit() {
    let lanes: Vec<usize> = (1..=256).filter(|&k| lanes_pay_off(k)).collect();
    assert_eq!(lanes, Vec::<usize>::new());
}

/// The public API with the IFMA backend (latency path where the lanes do not pay off,
/// lanes above, latency final exponentiation) equals blst, for random points and checks of
/// 0..=9 pairs (some at infinity), true and false.
#[test]
fn latency_api_equals_blst() {
    if !require_ifma("latency_api_equals_blst") {
        return;
    }
    let mut rng = Rng(77);
    let i = Backend::Ifma;
    for _ in 0..3 {
        let (p, q) = rng.pair();
        let want = reference::pairing(&p, &q);
        assert_eq!(pairing_with(i, &p, &q), want);
        assert_eq!(latency::pairing(&p, &q), want);
        assert_eq!(latency_radix52::pairing(&p, &q), want);
        assert_eq!(reference::final_exp(&miller_loop_with(i, &[(p, q)])), want, "Miller loop");
    }
    let f = rng.fp12();
    assert_eq!(final_exp_with(i, &f), reference::final_exp(&f));
    assert_eq!(latency::final_exp(&f), reference::final_exp(&f));
    assert_eq!(latency_radix52::final_exp(&f), reference::final_exp(&f));
    assert_eq!(final_exp_with(i, &fp12_one()), fp12_one());
    let zero = blst_fp12::default();
    assert_eq!(final_exp_with(i, &zero), reference::final_exp(&zero), "f = 0");
    // The pairing of a point with itself repeated, and of the generators.
    let (g1, g2) = unsafe { (*blst_p1_affine_generator(), *blst_p2_affine_generator()) };
    assert_eq!(pairing_with(i, &g1, &g2), reference::pairing(&g1, &g2), "generators");
    for k in (0..=9usize).chain([24]) {
        // (a_j P_j, Q_j) and (-a_j P_j, Q_j) pairs: the product is 1; an odd k gets an infinity.
        let mut pairs: Vec<Pair> = Vec::new();
        while pairs.len() + 1 < k {
            let (p, q) = rng.pair();
            pairs.push((p, q));
            pairs.push((g1_neg(&p), q));
        }
        if pairs.len() < k {
            pairs.push((blst_p1_affine::default(), rng.g2()));
        }
        assert!(pairing_check_with(i, &pairs), "k = {k}");
        assert!(latency::pairing_check(&pairs), "k = {k}, latency");
        assert!(latency_radix52::pairing_check(&pairs), "k = {k}, radix-2^52 latency");
        if k >= 2 {
            let mut bad = pairs.clone();
            bad[0].1 = rng.g2();
            assert!(!pairing_check_with(i, &bad), "k = {k}, broken");
            assert!(!latency::pairing_check(&bad), "k = {k}, broken, latency");
            assert!(!latency_radix52::pairing_check(&bad), "k = {k}, broken, radix-2^52 latency");
            assert_eq!(
                reference::final_exp(&miller_loop_with(i, &bad)),
                reference::final_exp(&reference::miller_loop(&bad)),
                "k = {k}, Miller loop"
            );
        }
    }
}

#[test]
fn sqr_variants_match_blst() {
    if !require_ifma("sqr_variants_match_blst") {
        return;
    }
    let mut rng = Rng(78);
    for _ in 0..8 {
        let a = rng.fp12();
        unsafe {
            let x = load_fp12h(&a);
            let want = fp12_bin(blst_fp12_mul, &a, &a);
            assert_eq!(store_fp12h(&sqr_fp12h(&x)), want, "lanes");
            assert_eq!(store_fp12h(&sqr_fp12h_c(&x)), want, "complex");
        }
    }
}
