//! Subgroup membership (`g1_in_subgroup`, `pairing_check_testing_g2`: Scott's tests over RNS) against blst's `blst_p{1,2}_affine_in_g{1,2}`, on points in
//! the subgroups, random points of the curves (outside them), points of the cofactor groups
//! (small orders: the multiples meet ±P, where the formulas degenerate) and their sums with
//! subgroup points.
mod common;
use blst::*;
use common::*;
use evm384_ifma::{backend, g1_in_subgroup, pairing_check_testing_g2, Backend, Pair};

/// r, the order of G1 and G2, little-endian.
const R: [u8; 32] = {
    let be: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd,
        0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
    ];
    let mut le = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        le[i] = be[31 - i];
        i += 1;
    }
    le
};

/// The cofactors h1 = #E(Fp)/r and h2 = #E'(Fp2)/r divided by a small factor of theirs (3, and
/// 13² = 169: E'(Fp2)'s 13-part is not cyclic), big-endian hex: a random point times r·h/q has
/// order 3 (13) or is O (`small_orders_are_what_they_say` checks the orders).
const H1_OVER_3: &str = "13242eaac71ca0722eaae38e55558e39";
const H2_OVER_169: &str = "8d5fc7522f6c4d5a3c5663541d68b60a5f9bdc250555d81be2a9b0c6483045a5b213dcb71085945e0aef29c5e8629edf4046db800a8373336b3150941cfdd";

/// Little-endian bytes of a big-endian hex scalar.
fn le_scalar(be_hex: &str) -> Vec<u8> {
    let padded = if be_hex.len() % 2 == 1 { format!("0{be_hex}") } else { be_hex.to_string() };
    let mut b = hex::decode(padded).unwrap();
    b.reverse();
    b
}

/// k·P by plain double-and-add over the bits of k (little-endian bytes): blst's `blst_p1_mult`
/// assumes a point of G1 (its endomorphism split is wrong elsewhere).
fn g1_mul_by(p: &blst_p1_affine, le: &[u8]) -> blst_p1_affine {
    let (mut j, mut r, mut a) = (blst_p1::default(), blst_p1::default(), blst_p1_affine::default());
    unsafe {
        blst_p1_from_affine(&mut j, p);
        for bit in (0..8 * le.len()).rev() {
            blst_p1_double(&mut r, &r);
            if (le[bit / 8] >> (bit % 8)) & 1 == 1 {
                blst_p1_add_or_double(&mut r, &r, &j);
            }
        }
        blst_p1_to_affine(&mut a, &r);
    }
    a
}

fn g2_mul_by(q: &blst_p2_affine, le: &[u8]) -> blst_p2_affine {
    let (mut j, mut r, mut a) = (blst_p2::default(), blst_p2::default(), blst_p2_affine::default());
    unsafe {
        blst_p2_from_affine(&mut j, q);
        for bit in (0..8 * le.len()).rev() {
            blst_p2_double(&mut r, &r);
            if (le[bit / 8] >> (bit % 8)) & 1 == 1 {
                blst_p2_add_or_double(&mut r, &r, &j);
            }
        }
        blst_p2_to_affine(&mut a, &r);
    }
    a
}

/// A point of order 3 on E (from random points until one has such a component).
fn g1_order_3(rng: &mut Rng) -> blst_p1_affine {
    loop {
        let c = g1_mul_by(&g1_mul_by(&g1_on_curve(rng), &R), &le_scalar(H1_OVER_3));
        if unsafe { !blst_p1_affine_is_inf(&c) } {
            return c;
        }
    }
}

/// A point of order 13 on E'.
fn g2_order_13(rng: &mut Rng) -> blst_p2_affine {
    loop {
        let c = g2_mul_by(&g2_mul_by(&g2_on_curve(rng), &R), &le_scalar(H2_OVER_169));
        if unsafe { !blst_p2_affine_is_inf(&c) } {
            return c;
        }
    }
}

#[test]
fn small_orders_are_what_they_say() {
    let mut rng = Rng(53);
    let p = g1_order_3(&mut rng);
    assert!(unsafe { blst_p1_affine_is_inf(&g1_mul_by(&p, &[3])) });
    let q = g2_order_13(&mut rng);
    assert!(unsafe { blst_p2_affine_is_inf(&g2_mul_by(&q, &[13])) });
}

/// A point of E(Fp): y² = x³ + 4 at a random x where the right side is a square.
fn g1_on_curve(rng: &mut Rng) -> blst_p1_affine {
    let mut four = blst_fp::default();
    unsafe { blst_fp_from_uint64(&mut four, [4, 0, 0, 0, 0, 0].as_ptr()) };
    loop {
        let x = rng.fp();
        let (mut rhs, mut y) = (blst_fp::default(), blst_fp::default());
        unsafe {
            blst_fp_sqr(&mut rhs, &x);
            blst_fp_mul(&mut rhs, &rhs, &x);
            blst_fp_add(&mut rhs, &rhs, &four);
            if blst_fp_sqrt(&mut y, &rhs) {
                let p = blst_p1_affine { x, y };
                assert!(blst_p1_affine_on_curve(&p));
                return p;
            }
        }
    }
}

/// A point of E'(Fp2): y² = x³ + 4(1 + u) at a random x where the right side is a square.
fn g2_on_curve(rng: &mut Rng) -> blst_p2_affine {
    let mut four = blst_fp::default();
    unsafe { blst_fp_from_uint64(&mut four, [4, 0, 0, 0, 0, 0].as_ptr()) };
    let b = blst_fp2 { fp: [four, four] };
    loop {
        let x = rng.fp2();
        let (mut rhs, mut y) = (blst_fp2::default(), blst_fp2::default());
        unsafe {
            blst_fp2_sqr(&mut rhs, &x);
            blst_fp2_mul(&mut rhs, &rhs, &x);
            blst_fp2_add(&mut rhs, &rhs, &b);
            if blst_fp2_sqrt(&mut y, &rhs) {
                let q = blst_p2_affine { x, y };
                assert!(blst_p2_affine_on_curve(&q));
                return q;
            }
        }
    }
}

fn g1_add(a: &blst_p1_affine, b: &blst_p1_affine) -> blst_p1_affine {
    let (mut j, mut s, mut r) = (blst_p1::default(), blst_p1::default(), blst_p1_affine::default());
    unsafe {
        blst_p1_from_affine(&mut j, a);
        blst_p1_add_or_double_affine(&mut s, &j, b);
        blst_p1_to_affine(&mut r, &s);
    }
    r
}

fn g2_add(a: &blst_p2_affine, b: &blst_p2_affine) -> blst_p2_affine {
    let (mut j, mut s, mut r) = (blst_p2::default(), blst_p2::default(), blst_p2_affine::default());
    unsafe {
        blst_p2_from_affine(&mut j, a);
        blst_p2_add_or_double_affine(&mut s, &j, b);
        blst_p2_to_affine(&mut r, &s);
    }
    r
}

/// The backend the API runs here: IFMA where it runs (`require_ifma` says when it does not),
/// blst otherwise (the fallback under `EVM384_IFMA=off`: `dispatch_env.rs`).
fn backends(test: &str) -> Vec<Backend> {
    require_ifma(test);
    vec![backend()]
}

/// Points for the G1 test: of order 3 (the multiple meets ±P: Z = 0), that plus a point of G1,
/// in G1, random on E, [r]·random (order dividing the cofactor), that plus a point of G1.
fn g1_points(rng: &mut Rng) -> Vec<blst_p1_affine> {
    let mut v = Vec::new();
    for _ in 0..6 {
        let s = g1_order_3(rng);
        v.push(s);
        v.push(g1_add(&rng.g1(), &s));
        v.push(rng.g1());
        let e = g1_on_curve(rng);
        v.push(e);
        let c = g1_mul_by(&e, &R);
        if unsafe { !blst_p1_affine_is_inf(&c) } {
            v.push(c);
            v.push(g1_add(&rng.g1(), &c));
        }
    }
    v
}

fn g2_points(rng: &mut Rng) -> Vec<blst_p2_affine> {
    let mut v = Vec::new();
    for _ in 0..4 {
        let s = g2_order_13(rng);
        v.push(s);
        v.push(g2_add(&rng.g2(), &s));
        v.push(rng.g2());
        let e = g2_on_curve(rng);
        v.push(e);
        let c = g2_mul_by(&e, &R);
        if unsafe { !blst_p2_affine_is_inf(&c) } {
            v.push(c);
            v.push(g2_add(&rng.g2(), &c));
        }
    }
    v
}

#[test]
fn g1_membership_matches_blst() {
    let mut rng = Rng(41);
    let points = g1_points(&mut rng);
    let want: Vec<bool> = points.iter().map(|p| unsafe { blst_p1_affine_in_g1(p) }).collect();
    assert!(want.iter().filter(|&&w| w).count() >= 6 && want.iter().filter(|&&w| !w).count() >= 12);
    for b in backends("g1_membership_matches_blst") {
        assert_eq!(g1_in_subgroup(&points), want, "{b:?}");
        // one at a time too (an odd batch pads with its last point)
        for (p, w) in points.iter().zip(&want) {
            assert_eq!(g1_in_subgroup(std::slice::from_ref(p)), vec![*w], "{b:?}");
        }
    }
}

#[test]
fn g2_membership_from_the_miller_loop_matches_blst() {
    let mut rng = Rng(43);
    let qs = g2_points(&mut rng);
    let want: Vec<bool> = qs.iter().map(|q| unsafe { blst_p2_affine_in_g2(q) }).collect();
    assert!(want.iter().filter(|&&w| w).count() >= 4 && want.iter().filter(|&&w| !w).count() >= 8);
    // one pair at a time, and all together; the product checked where every Q is in G2
    for b in backends("g2_membership_from_the_miller_loop_matches_blst") {
        for (q, w) in qs.iter().zip(&want) {
            let pairs: Vec<Pair> = vec![(rng.g1(), *q)];
            let (one, in_g2) = pairing_check_testing_g2(&pairs);
            assert_eq!(in_g2, vec![*w], "{b:?}");
            if *w {
                assert_eq!(one, ref_pairing_check(&pairs), "{b:?}");
            }
        }
        let pairs: Vec<Pair> = qs.iter().map(|q| (rng.g1(), *q)).collect();
        assert_eq!(pairing_check_testing_g2(&pairs).1, want, "{b:?}");
    }
}

/// e(P, Q)·e(−P, Q) = 1 through the testing check: the product is right where it matters.
#[test]
fn testing_check_gives_both_answers() {
    let mut rng = Rng(47);
    let (p, q) = rng.pair();
    let one = vec![(p, q), (g1_neg(&p), q)];
    let not_one = vec![(p, q), rng.pair()];
    for b in backends("testing_check_gives_both_answers") {
        assert_eq!(pairing_check_testing_g2(&one), (true, vec![true, true]), "{b:?}");
        assert_eq!(pairing_check_testing_g2(&not_one), (false, vec![true, true]), "{b:?}");
        assert_eq!(pairing_check_testing_g2(&[]), (true, vec![]), "{b:?}");
    }
}
