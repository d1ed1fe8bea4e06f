//! (8x1)-way Fp and the tower against blst, lane by lane.

use crate::common::*;
use crate::consts::{P, P2};
use crate::lanes::field::*;
use crate::lanes::io::*;
use crate::lanes::tower::*;
use blst::*;
use proptest::prelude::*;

fn refs<T>(a: &[T; 8]) -> [&T; 8] {
    core::array::from_fn(|l| &a[l])
}

fn fp_bin(f: unsafe extern "C" fn(*mut blst_fp, *const blst_fp, *const blst_fp), a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { f(&mut r, a, b) };
    r
}

/// Checks mul/sqr/add/sub/neg of 8 lanes against blst.
fn check_fp_ops(a: &[blst_fp; 8], b: &[blst_fp; 8]) {
    unsafe {
        let (x, y) = (load_fp(refs(a)), load_fp(refs(b)));
        let mul = store_fp(&mul_fp(&x, &y));
        let sqr = store_fp(&sqr_fp(&x));
        let add = store_fp(&add_fp(&x, &y));
        let sub = store_fp(&sub_fp(&x, &y));
        let neg = store_fp(&neg_fp(&x));
        let nr = store_fp(&mul_fp(&add_nr_fp(&x, &y), &add_nr_fp(&y, &x)));
        for l in 0..8 {
            assert_eq!(mul[l], fp_bin(blst_fp_mul, &a[l], &b[l]), "mul lane {l}");
            assert_eq!(sqr[l], fp_bin(blst_fp_mul, &a[l], &a[l]), "sqr lane {l}");
            assert_eq!(add[l], fp_bin(blst_fp_add, &a[l], &b[l]), "add lane {l}");
            assert_eq!(sub[l], fp_bin(blst_fp_sub, &a[l], &b[l]), "sub lane {l}");
            assert_eq!(neg[l], fp_bin(blst_fp_sub, &blst_fp::default(), &a[l]), "neg lane {l}");
            let s = fp_bin(blst_fp_add, &a[l], &b[l]);
            assert_eq!(nr[l], fp_bin(blst_fp_mul, &s, &s), "unreduced mul inputs lane {l}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn fp8_ops_match_blst(seed in any::<u64>()) {
        if !require_ifma("fp8_ops_match_blst") {
            return Ok(());
        }
        let mut rng = Rng(seed);
        let a: [blst_fp; 8] = core::array::from_fn(|_| rng.fp());
        let b: [blst_fp; 8] = core::array::from_fn(|_| rng.fp());
        check_fp_ops(&a, &b);
    }
}

#[test]
fn fp8_edge_values() {
    if !require_ifma("fp8_edge_values") {
        return;
    }
    let p = P;
    let pm1 = {
        let mut w = crate::lanes::field::limbs_to_words(&p);
        w[0] -= 1;
        fp_from_words(&w)
    };
    let e = [
        fp_from_words(&[0; 6]),
        fp_from_words(&[1, 0, 0, 0, 0, 0]),
        pm1,
        pm1,
        fp_from_words(&[0; 6]),
        pm1,
        fp_from_words(&[2, 0, 0, 0, 0, 0]),
        pm1,
    ];
    let f = [
        pm1,
        pm1,
        pm1,
        fp_from_words(&[0; 6]),
        fp_from_words(&[0; 6]),
        fp_from_words(&[1, 0, 0, 0, 0, 0]),
        pm1,
        fp_from_words(&[3, 0, 0, 0, 0, 0]),
    ];
    check_fp_ops(&e, &f);
}

/// Raw Fp8 values at the invariant's bound: 2p - 1 (≡ p - 1) and p (≡ 0) behave as their residues.
#[test]
fn fp8_bound_values() {
    if !require_ifma("fp8_bound_values") {
        return;
    }
    let mut two_p_m1 = P2;
    two_p_m1[0] -= 1;
    let mut p_m1 = P;
    p_m1[0] -= 1;
    let mut rng = Rng(7);
    let b: [blst_fp; 8] = core::array::from_fn(|_| rng.fp());
    unsafe {
        let hi = pack_fp(&[two_p_m1; 8]);
        let lo = pack_fp(&[p_m1; 8]);
        let pp = pack_fp(&[P; 8]);
        let z = zero_fp();
        let y = load_fp(refs(&b));
        let same = |u: &Fp8, v: &Fp8| assert_eq!(store_fp(u), store_fp(v));
        same(&hi, &lo);
        same(&mul_fp(&hi, &y), &mul_fp(&lo, &y));
        same(&mul_fp(&hi, &hi), &mul_fp(&lo, &lo));
        same(&sqr_fp(&hi), &sqr_fp(&lo));
        same(&add_fp(&hi, &hi), &add_fp(&lo, &lo));
        same(&sub_fp(&hi, &y), &sub_fp(&lo, &y));
        same(&sub_fp(&y, &hi), &sub_fp(&y, &lo));
        same(&sub_fp(&z, &hi), &sub_fp(&z, &lo));
        same(&mul_fp(&add_nr_fp(&hi, &hi), &add_nr_fp(&hi, &hi)), &sqr_fp(&add_fp(&lo, &lo)));
        // 3t ∓ 2x at the extremes: residues right, result normalised and < 2p.
        let below_2p = |u: &Fp8| {
            for l in unpack_fp(u) {
                assert!(l.iter().all(|&v| v < 1 << 52));
                assert!(l.iter().rev().cmp(P2.iter().rev()) == core::cmp::Ordering::Less);
            }
        };
        for (t, tl) in [(&hi, &lo), (&z, &z), (&y, &y), (&pp, &z)] {
            for (x, xl) in [(&hi, &lo), (&z, &z), (&y, &y), (&pp, &z)] {
                let m = lin3_fp(t, x, true);
                let pl = lin3_fp(t, x, false);
                below_2p(&m);
                below_2p(&pl);
                let t3 = add_fp(&add_fp(tl, tl), tl);
                same(&m, &sub_fp(&t3, &add_fp(xl, xl)));
                same(&pl, &add_fp(&t3, &add_fp(xl, xl)));
            }
        }
        // fused a + kp - b - c (+ d) at the extremes.
        let vals = [(&hi, &lo), (&z, &z), (&y, &y), (&pp, &z)];
        for (a, al) in vals {
            for (b, bl) in vals {
                for (c, cl) in vals {
                    let r = sub2_k_fp(a, b, c, 4);
                    below_2p(&r);
                    same(&r, &sub_fp(&sub_fp(al, bl), cl));
                    let c2 = add_nr_fp(c, c); // < 4p with k = 8
                    let r = sub2_k_fp(a, b, &c2, 8);
                    below_2p(&r);
                    same(&r, &sub_fp(&sub_fp(al, bl), &add_fp(cl, cl)));
                    let r = sub2_add_fp(a, b, c, a);
                    below_2p(&r);
                    same(&r, &add_fp(&sub_fp(&sub_fp(al, bl), cl), al));
                }
            }
        }
        same(&pp, &z);
        same(&add_fp(&pp, &pp), &z);
        assert_eq!(is_zero_fp(&pp), 0xff);
        assert_eq!(eq_fp(&hi, &lo), 0xff);
    }
}

#[test]
fn fp8_inverse() {
    if !require_ifma("fp8_inverse") {
        return;
    }
    let mut rng = Rng(11);
    let a: [blst_fp; 8] = core::array::from_fn(|_| rng.fp());
    unsafe {
        let r = store_fp(&inv_fp(&load_fp(refs(&a))));
        let r2 = store_fp(&inv_fermat_fp(&load_fp(refs(&a))));
        assert_eq!(store_fp(&inv_fp(&zero_fp())), store_fp(&zero_fp()));
        for l in 0..8 {
            assert_eq!(r2[l], r[l], "fermat lane {l}");
            let mut want = blst_fp::default();
            blst_fp_inverse(&mut want, &a[l]);
            assert_eq!(r[l], want, "lane {l}");
        }
    }
}

fn fp12_lanes(x: &Fp12x8) -> [blst_fp12; 8] {
    unsafe { store_fp12(x) }
}

#[test]
fn fp2_mul_sqr_inv_match_blst() {
    if !require_ifma("fp2_mul_sqr_inv_match_blst") {
        return;
    }
    let mut rng = Rng(3);
    for _ in 0..8 {
        let a: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
        let b: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
        unsafe {
            let (x, y) = (load_fp2(refs(&a)), load_fp2(refs(&b)));
            // Place the Fp2 results in an Fp12 to reuse store_fp12.
            let wrap = |c: Fp2x8| Fp12x8([Fp6x8([c, zero_fp2(), zero_fp2()]), zero_fp6()]);
            let m = fp12_lanes(&wrap(mul_fp2(&x, &y)));
            let s = fp12_lanes(&wrap(sqr_fp2(&x)));
            let i = fp12_lanes(&wrap(inv_fp2(&x)));
            let xi = fp12_lanes(&wrap(mul_by_xi_fp2(&x)));
            for l in 0..8 {
                let mut w = blst_fp2::default();
                blst_fp2_mul(&mut w, &a[l], &b[l]);
                assert_eq!(m[l].fp6[0].fp2[0], w, "mul lane {l}");
                blst_fp2_sqr(&mut w, &a[l]);
                assert_eq!(s[l].fp6[0].fp2[0], w, "sqr lane {l}");
                blst_fp2_inverse(&mut w, &a[l]);
                assert_eq!(i[l].fp6[0].fp2[0], w, "inv lane {l}");
                let xi_c = blst_fp2 { fp: [fp_from_words(&[1, 0, 0, 0, 0, 0]), fp_from_words(&[1, 0, 0, 0, 0, 0])] };
                blst_fp2_mul(&mut w, &a[l], &xi_c);
                assert_eq!(xi[l].fp6[0].fp2[0], w, "xi lane {l}");
            }
        }
    }
}

#[test]
fn fp12_ops_match_blst() {
    if !require_ifma("fp12_ops_match_blst") {
        return;
    }
    let mut rng = Rng(5);
    let a: [blst_fp12; 8] = core::array::from_fn(|_| rng.fp12());
    let b: [blst_fp12; 8] = core::array::from_fn(|_| rng.fp12());
    let l6: [blst_fp6; 8] = core::array::from_fn(|_| blst_fp6 { fp2: [rng.fp2(), rng.fp2(), blst_fp2::default()] });
    let l2: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
    unsafe {
        let (x, y) = (load_fp12(refs(&a)), load_fp12(refs(&b)));
        let m = fp12_lanes(&mul_fp12(&x, &y));
        let s = fp12_lanes(&sqr_fp12(&x));
        let inv = fp12_lanes(&inv_fp12(&x));
        let fr = fp12_lanes(&frobenius_fp12(&x));
        let cj = fp12_lanes(&conj_fp12(&x));
        // Sparse line product in blst's xy00z0 shape: (x, y, 0) + (0, z, 0)·w.
        let l0 = load_fp2(core::array::from_fn(|l| &l6[l].fp2[0]));
        let l1 = load_fp2(core::array::from_fn(|l| &l6[l].fp2[1]));
        let lz = load_fp2(refs(&l2));
        let ml = fp12_lanes(&mul_by_line_fp12(&x, &l0, &l1, &lz));
        for l in 0..8 {
            let mut w = blst_fp12::default();
            blst_fp12_mul(&mut w, &a[l], &b[l]);
            assert_eq!(m[l], w, "mul lane {l}");
            blst_fp12_sqr(&mut w, &a[l]);
            assert_eq!(s[l], w, "sqr lane {l}");
            blst_fp12_inverse(&mut w, &a[l]);
            assert_eq!(inv[l], w, "inv lane {l}");
            blst_fp12_frobenius_map(&mut w, &a[l], 1);
            assert_eq!(fr[l], w, "frobenius lane {l}");
            w = a[l];
            blst_fp12_conjugate(&mut w);
            assert_eq!(cj[l], w, "conj lane {l}");
            // blst's xy00z0 operand: fp2[0] = x, fp2[1] = y, fp2[2] = z (the w·v coefficient).
            let line = blst_fp6 { fp2: [l6[l].fp2[0], l6[l].fp2[1], l2[l]] };
            blst_fp12_mul_by_xy00z0(&mut w, &a[l], &line);
            assert_eq!(ml[l], w, "line lane {l}");
        }
    }
}

#[test]
fn cyclotomic_sqr_matches_blst() {
    if !require_ifma("cyclotomic_sqr_matches_blst") {
        return;
    }
    // Cyclotomic elements: final exponentiations of random Fp12.
    let mut rng = Rng(9);
    let a: [blst_fp12; 8] = core::array::from_fn(|_| {
        let mut w = blst_fp12::default();
        unsafe { blst_final_exp(&mut w, &rng.fp12()) };
        w
    });
    unsafe {
        let x = load_fp12(refs(&a));
        let c = fp12_lanes(&cyclotomic_sqr_fp12(&x));
        let s = fp12_lanes(&sqr_fp12(&x));
        for l in 0..8 {
            let mut w = blst_fp12::default();
            blst_fp12_cyclotomic_sqr(&mut w, &a[l]);
            assert_eq!(c[l], w, "lane {l}");
            assert_eq!(s[l], w, "plain square lane {l}");
        }
    }
}

#[test]
fn limb_conversions_roundtrip() {
    let mut rng = Rng(1);
    for _ in 0..100 {
        let w: [u64; 6] = core::array::from_fn(|_| rng.next());
        assert_eq!(limbs_to_words(&words_to_limbs(&w)), w);
    }
}

/// mul_fp2 at its input bound: coefficients 8p - 1 (sums of unreduced sums), lazy reduction.
#[test]
fn fp2_mul_at_input_bound() {
    if !require_ifma("fp2_mul_at_input_bound") {
        return;
    }
    let mut rng = Rng(13);
    let a: [blst_fp2; 8] = core::array::from_fn(|_| rng.fp2());
    let mut two_p_m1 = P2;
    two_p_m1[0] -= 1;
    unsafe {
        let hi = pack_fp(&[two_p_m1; 8]); // 2p - 1 ≡ p - 1
        let hi2 = Fp2x8 { c0: hi, c1: hi };
        let big = add_nr_fp2(&add_nr_fp2(&hi2, &hi2), &add_nr_fp2(&hi2, &hi2)); // 8p - 4 per coefficient
        let x = load_fp2(refs(&a));
        let wrap = |c: Fp2x8| Fp12x8([Fp6x8([c, zero_fp2(), zero_fp2()]), zero_fp6()]);
        let got = fp12_lanes(&wrap(mul_fp2(&big, &big)));
        let got2 = fp12_lanes(&wrap(mul_fp2(&x, &big)));
        let four = add_fp2(&add_fp2(&hi2, &hi2), &add_fp2(&hi2, &hi2)); // reduced, same residue
        let want = fp12_lanes(&wrap(sqr_fp2(&four)));
        let want2 = fp12_lanes(&wrap(mul_fp2(&x, &four)));
        for l in 0..8 {
            assert_eq!(got[l], want[l], "lane {l}");
            assert_eq!(got2[l], want2[l], "lane {l}");
            // and the value is (4h(1+u))^2 per blst, h the residue of the raw 2p - 1
            let h = store_fp(&hi)[l];
            let c = blst_fp2 { fp: [h, h] };
            let mut c4 = blst_fp2::default();
            blst_fp2_add(&mut c4, &c, &c);
            blst_fp2_add(&mut c4, &c4, &c4);
            let mut w = blst_fp2::default();
            blst_fp2_sqr(&mut w, &c4);
            assert_eq!(want[l].fp6[0].fp2[0], w);
        }
    }
}

/// Karabina: compressed squarings + simultaneous decompression give the same f^z as
/// Granger–Scott, per lane, including lanes equal to 1 (denominator 0: the fallback path).
#[test]
fn compressed_exp_by_z_matches() {
    if !require_ifma("compressed_exp_by_z_matches") {
        return;
    }
    use crate::lanes::pairing::*;
    let mut rng = Rng(17);
    let mut a: [blst_fp12; 8] = core::array::from_fn(|_| {
        let mut w = blst_fp12::default();
        unsafe { blst_final_exp(&mut w, &rng.fp12()) };
        w
    });
    unsafe {
        let x = load_fp12(refs(&a));
        let want = fp12_lanes(&exp_by_z(&x));
        let got = fp12_lanes(&exp_by_z_compressed(&x));
        for l in 0..8 {
            assert_eq!(got[l], want[l], "lane {l}");
        }
        // compressed squaring = the kept coefficients of the full one
        let c = cyclotomic_sqr_compressed_fp12(&compress_fp12(&x));
        let full = cyclotomic_sqr_fp12(&x);
        let back = fp12_lanes(&Fp12x8([Fp6x8([zero_fp2(), c.g1, c.g2]), Fp6x8([c.h0, zero_fp2(), c.h2])]));
        let f = fp12_lanes(&full);
        for l in 0..8 {
            assert_eq!(back[l].fp6[0].fp2[1..], f[l].fp6[0].fp2[1..]);
            assert_eq!(back[l].fp6[1].fp2[0], f[l].fp6[1].fp2[0]);
            assert_eq!(back[l].fp6[1].fp2[2], f[l].fp6[1].fp2[2]);
        }
        // lanes 2 and 5 equal to 1
        a[2] = crate::dispatch::fp12_one();
        a[5] = crate::dispatch::fp12_one();
        let x = load_fp12(refs(&a));
        let want = fp12_lanes(&exp_by_z(&x));
        let got = fp12_lanes(&exp_by_z_compressed(&x));
        for l in 0..8 {
            assert_eq!(got[l], want[l], "lane {l}");
        }
        assert_eq!(got[2], crate::dispatch::fp12_one());
    }
}
