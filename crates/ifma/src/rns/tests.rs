//! RNS Fp (`crate::rns`) against blst and a big-integer model of its constants.
#![allow(clippy::needless_range_loop)]

use crate::common::*;
use blst::*;
use rns::{Rns, MODULI_C, TABLES};

/// The RNS field's items under one name, as the tests call them.
mod rns {
    pub(super) use crate::rns::{conversions::*, field::*, reduction::*};
}
use num_bigint::BigUint;
use proptest::prelude::*;

fn p() -> BigUint {
    BigUint::parse_bytes(
        b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        16,
    )
    .unwrap()
}

fn moduli(k: usize) -> Vec<BigUint> {
    (0..8).map(|l| BigUint::from((1u64 << 50) - MODULI_C[8 * k + l])).collect()
}

fn prod(ms: &[BigUint]) -> BigUint {
    ms.iter().fold(BigUint::from(1u32), |a, m| a * m)
}

fn inv(a: &BigUint, m: &BigUint) -> BigUint {
    a.modpow(&(m - 2u32), m) // m prime
}

fn u(x: &BigUint) -> u64 {
    x.to_u64_digits().first().copied().unwrap_or(0)
}

fn is_prime(n: u64) -> bool {
    let mulmod = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = mulmod(r, b);
            }
            b = mulmod(b, b);
            e >>= 1;
        }
        r
    };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    // deterministic for n < 3.3e24
    [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41].iter().all(|&a| {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..s).any(|_| {
            x = mulmod(x, x);
            x == n - 1
        })
    })
}

#[test]
fn moduli_are_distinct_primes_below_2_50() {
    for (i, &c) in MODULI_C.iter().enumerate() {
        let m = (1u64 << 50) - c;
        assert!(is_prime(m), "2^50 - {c} is not prime");
        assert!(!MODULI_C[..i].contains(&c));
    }
    // M, M' > 2^399 > 2^19·p: the headroom of the module comment's bound
    for k in 0..2 {
        assert!(prod(&moduli(k)).bits() >= 400);
    }
}

/// Every table entry recomputed with big integers from its definition in `rns::Tables`.
#[test]
fn tables_match_their_definitions() {
    let (p, mb, mc) = (p(), moduli(0), moduli(1));
    let (bm, bmp) = (prod(&mb), prod(&mc));
    let two = BigUint::from(2u32);
    for k in 0..2 {
        let ms = if k == 0 { &mb } else { &mc };
        for l in 0..8 {
            let m = &ms[l];
            assert_eq!(TABLES.m[k][l], u(m));
            let r52 = BigUint::from(1u64 << 52);
            assert_eq!((BigUint::from(TABLES.minv[k][l]) * m) % &r52, BigUint::from(1u32), "minv");
            assert_eq!(BigUint::from(TABLES.f[k][l]), factor(k, l), "f");
            assert_eq!(u(&(p.clone() * 32u32 * factor(k, l) % m)) + 2 * u(m), TABLES.neg[k][l], "neg");
        }
    }
    for i in 0..8 {
        let m = &mb[i];
        let r52 = two.modpow(&BigUint::from(52u32), m);
        let mi = &bm / m;
        let t = ((m - inv(&(&p % m), m)) * inv(&(&mi % m), m)) % m;
        assert_eq!(TABLES.t[i], u(&t), "t[{i}]");
        let f = factor(0, i);
        for j in 0..8 {
            let mj = &mc[j];
            // steps 2 and 3: (M/m_i)·p·M⁻¹·(M'/m'_j)⁻¹
            let c13 = (&mi % mj) * &p * inv(&(&bm % mj), mj) * inv(&((&bmp / mj) % mj), mj) % mj;
            assert_eq!(TABLES.c13[i][j], u(&c13), "c13");
            assert_eq!(TABLES.g[j][i], u(&(((&bmp / mj) % m) * &f % m)), "g");
        }
        assert_eq!(TABLES.h[i], u(&((m - &bmp % m) * &f % m)), "h");
        assert_eq!(TABLES.crt[i], u(&(inv(&(&mi % m), m) * &r52 * inv(&f, m) % m)), "crt");
        let mj = &mc[i];
        let minv = inv(&(&bm % mj), mj);
        let mpj = (&bmp / mj) % mj;
        let r52 = two.modpow(&BigUint::from(52u32), mj);
        assert_eq!(TABLES.a13[i], u(&(&minv * &mpj * r52 % mj)), "a13");
        for k in 0..2 {
            for l in 0..8 {
                let m = if k == 0 { &mb[l] } else { &mc[l] };
                let row = two.modpow(&BigUint::from(52 * i as u32 + 52), m) * factor(k, l) % m;
                assert_eq!(TABLES.limb[k][i][l], u(&row), "limb");
            }
        }
    }
}

/// Step 1's constant in B: T_i = (−p⁻¹)·(M/m_i)⁻¹ mod m_i.
fn step1_constant(i: usize) -> BigUint {
    let (p, mb) = (p(), moduli(0));
    let m = &mb[i];
    ((m - inv(&(&p % m), m)) * inv(&((prod(&mb) / m) % m), m)) % m
}

/// The factor of lane l's stored residues in base k: in B the square root f ≤ m/2 of
/// T_l·2^52 mod m_l (found by search over the stored value: f² ≡ T_l·2^52 is checked), in B'
/// (M'/m'_l)⁻¹ mod m'_l.
fn factor(k: usize, l: usize) -> BigUint {
    let ms = moduli(k);
    let m = &ms[l];
    if k == 0 {
        let f = BigUint::from(TABLES.f[0][l]);
        let want = step1_constant(l) * BigUint::from(2u32).modpow(&BigUint::from(52u32), m) % m;
        assert_eq!(&f * &f % m, want, "B lane {l}: f² = T·2^52");
        assert!(&f + &f < *m, "B lane {l}: the smaller root");
        f
    } else {
        inv(&((prod(&ms) / m) % m), m)
    }
}

/// The element standing for the integer x (any x < M): its residues times the lane factors.
fn from_integer(x: &BigUint) -> Rns {
    let lanes = |k: usize| -> [u64; 8] {
        let ms = moduli(k);
        core::array::from_fn(|l| u(&(x * factor(k, l) % &ms[l])))
    };
    unsafe { rns::from_lanes(&lanes(0), &lanes(1)) }
}

/// a·M mod p, the canonical integer of a (blst value).
fn integer_of(a: &blst_fp) -> BigUint {
    let mut w = [0u64; 6];
    unsafe { blst_uint64_from_fp(w.as_mut_ptr(), a) };
    let a = w.iter().rev().fold(BigUint::from(0u32), |acc, &d| (acc << 64u32) + d);
    a * prod(&moduli(0)) % p()
}

fn blst_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_mul(&mut r, a, b) };
    r
}

fn blst_add(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_add(&mut r, a, b) };
    r
}

fn blst_sub(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_sub(&mut r, a, b) };
    r
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn rns_ops_match_blst(seed in any::<u64>()) {
        if !require_ifma("rns_ops_match_blst") {
            return Ok(());
        }
        let mut rng = Rng(seed);
        let (a, b) = (rng.fp(), rng.fp());
        unsafe {
            let (x, y) = (rns::from_fp(&a), rns::from_fp(&b));
            prop_assert_eq!(rns::to_fp(&x), a, "round trip");
            let xy = rns::mul(&x, &y);
            prop_assert_eq!(rns::to_fp(&xy), blst_mul(&a, &b), "mul");
            prop_assert!(rns::value_over_p(&xy) < 17.0);
            prop_assert_eq!(rns::to_fp(&rns::add(&x, &y)), blst_add(&a, &b), "add");
            prop_assert_eq!(rns::to_fp(&rns::sub(&x, &y)), blst_sub(&a, &b), "sub");
            prop_assert_eq!(rns::to_fp(&rns::neg(&x)), blst_sub(&blst_fp::default(), &a), "neg");
            let s = rns::add_nr(&x, &y);
            let ab = blst_add(&a, &b);
            prop_assert_eq!(rns::to_fp(&rns::mul(&s, &s)), blst_mul(&ab, &ab), "add_nr operands");
        }
    }

    /// Sums of K products of operands as large as the module comment allows (K·c² < 2^18, here
    /// c up to 64, K up to 64): the value of the sum, and the result's bound.
    #[test]
    fn rns_sums_of_large_products(seed in any::<u64>(), k in 1usize..=64, c in 1u32..=64) {
        if !require_ifma("rns_sums_of_large_products") {
            return Ok(());
        }
        prop_assume!((k as u64) * (c as u64) * (c as u64) < 1 << 18);
        let mut rng = Rng(seed);
        let p = p();
        let mut w = unsafe { rns::wide_zero() };
        let mut want = blst_fp::default();
        for _ in 0..k {
            let (a, b) = (rng.fp(), rng.fp());
            // a·M mod p plus a multiple of p just below c·p
            let big = |v: &blst_fp, extra: u32| from_integer(&(integer_of(v) + &p * extra));
            let (ea, eb) = ((rng.next() % c as u64) as u32, c - 1);
            let (x, y) = (big(&a, ea), big(&b, eb));
            unsafe { rns::mac(&mut w, &x, &y) };
            want = blst_add(&want, &blst_mul(&a, &b));
        }
        let r = unsafe { rns::reduce(&w) };
        let (got, bound) = unsafe { (rns::to_fp(&r), rns::value_over_p(&r)) };
        prop_assert_eq!(got, want);
        prop_assert!(bound < 17.0, "result {} p", bound);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// `to_fp_batch` (the conversions eight to a vector) against `to_fp` one value at a time
    /// (the scalar CRT): values from `from_fp`, representatives of 0 and of a up to 31p more,
    /// and reduction outputs near their bound; 12 values (a chunk of 8 and one padded) and 3.
    #[test]
    fn to_fp_batch_matches_to_fp(seed in any::<u64>()) {
        if !require_ifma("to_fp_batch_matches_to_fp") {
            return Ok(());
        }
        let mut rng = Rng(seed);
        let p = p();
        let xs: [rns::Rns; 12] = core::array::from_fn(|n| {
            let a = rng.fp();
            let extra = (rng.next() % 32) as u32;
            match n % 4 {
                0 => unsafe { rns::from_fp(&a) },
                1 => from_integer(&(integer_of(&a) + &p * extra)),
                2 => from_integer(&(&p * extra)), // 0 mod p
                _ => {
                    // a sum of 64 products of operands below 8p, reduced
                    let mut w = unsafe { rns::wide_zero() };
                    for _ in 0..64 {
                        let (b, c) = (rng.fp(), rng.fp());
                        let big = |v: &blst_fp| from_integer(&(integer_of(v) + &p * 7u32));
                        unsafe { rns::mac(&mut w, &big(&b), &big(&c)) };
                    }
                    unsafe { rns::reduce(&w) }
                }
            }
        });
        let k = unsafe { rns::from_fp(&rng.fp()) };
        unsafe {
            let one_by_one: Vec<blst_fp> = xs.iter().map(|x| rns::to_fp(x)).collect();
            prop_assert_eq!(rns::to_fp_batch(&xs, None).to_vec(), one_by_one.clone());
            let times_k: Vec<blst_fp> = xs.iter().map(|x| rns::to_fp(&rns::mul(x, &k))).collect();
            prop_assert_eq!(rns::to_fp_batch(&xs, Some(&k)).to_vec(), times_k);
            let three: [rns::Rns; 3] = [xs[1], xs[2], xs[3]];
            prop_assert_eq!(rns::to_fp_batch(&three, None).to_vec(), one_by_one[1..4].to_vec());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// `eq_mod_p` on representatives anywhere up to 32p: equal exactly when the Fp values are.
    #[test]
    fn rns_eq_mod_p_matches_blst(seed in any::<u64>(), i in 0u32..=32, j in 0u32..=32, same in any::<bool>()) {
        if !require_ifma("rns_eq_mod_p_matches_blst") {
            return Ok(());
        }
        let mut rng = Rng(seed);
        let a = rng.fp();
        let b = if same { a } else { rng.fp() };
        let p = p();
        // a·M mod p plus i·p, at most 32p
        let rep = |v: &blst_fp, i: u32| {
            let n = integer_of(v);
            from_integer(&(if n == BigUint::from(0u32) { &p * i } else { n + &p * i.min(31) }))
        };
        let (x, y) = (rep(&a, i), rep(&b, j));
        prop_assert_eq!(unsafe { rns::eq_mod_p(&x, &y) }, a == b);
        prop_assert_eq!(unsafe { rns::eq_mod_p(&y, &x) }, a == b);
    }
}

/// `is_one_fp12r` against blst's `blst_fp12_is_one` on 1 in several representations (reduced,
/// conjugated: zeros as 32p; a zero as 31p), on elements one coefficient away from 1, and on
/// random elements.
#[test]
fn rns_is_one_matches_blst() {
    if !require_ifma("rns_is_one_matches_blst") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(43);
    let p = p();
    unsafe {
        let one = one_fp12r();
        let mut cases = vec![(one, true), (conj_fp12r(&one), true), (mul_fp12r(&one, &one), true)];
        for i in 0..6 {
            for c in 0..2 {
                let mut zero_as_31p = one;
                let mut off = one;
                let v = if i == 0 && c == 0 { integer_of(&fp_one()) } else { BigUint::from(0u32) };
                let coeff = |a: &mut Fp12r, x: Rns| if c == 0 { a.0[i].c0 = x } else { a.0[i].c1 = x };
                coeff(&mut zero_as_31p, from_integer(&(&v + &p * 31u32)));
                coeff(&mut off, from_integer(&(&v + 1u32)));
                cases.push((zero_as_31p, true));
                cases.push((off, false));
            }
        }
        for _ in 0..8 {
            cases.push((load_fp12r(&rng.fp12()), false));
        }
        for (n, (x, want)) in cases.iter().enumerate() {
            assert_eq!(blst_fp12_is_one(&store_fp12r(x)), *want, "case {n}: blst");
            assert_eq!(is_one_fp12r(x), *want, "case {n}");
        }
    }
}

fn fp_one() -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_from_uint64(&mut r, [1u64, 0, 0, 0, 0, 0].as_ptr()) };
    r
}

/// 20,000 dependent squarings and products, against blst step by step at the end.
#[test]
fn rns_long_chain_matches_blst() {
    if !require_ifma("rns_long_chain_matches_blst") {
        return;
    }
    let mut rng = Rng(7);
    let (a0, b) = (rng.fp(), rng.fp());
    let (mut a, mut x) = (a0, unsafe { rns::from_fp(&a0) });
    let y = unsafe { rns::from_fp(&b) };
    for i in 0..10_000 {
        a = blst_mul(&blst_mul(&a, &a), &b);
        x = unsafe { rns::mul(&rns::mul(&x, &x), &y) };
        if i % 1000 == 999 {
            assert_eq!(unsafe { rns::to_fp(&x) }, a, "step {i}");
        }
    }
}

/// The cyclotomic squaring over RNS against blst's, on final-exponentiation outputs, chained.
#[test]
fn rns_cyclotomic_sqr_matches_blst() {
    if !require_ifma("rns_cyclotomic_sqr_matches_blst") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(11);
    for _ in 0..4 {
        let f = crate::dispatch::reference::final_exp(&rng.fp12());
        let (mut want, mut x) = (f, unsafe { load_fp12r(&f) });
        for i in 0..200 {
            unsafe { blst_fp12_cyclotomic_sqr(&mut want, &want) };
            x = unsafe { cyclotomic_sqr_fp12r(&x) };
            if i % 50 == 0 || i == 199 {
                assert!(unsafe { store_fp12r(&x) } == want, "squaring {i}");
            }
        }
        for c in &x.0 {
            for v in [&c.c0, &c.c1] {
                assert!(unsafe { rns::value_over_p(v) } < 17.0);
            }
        }
    }
}

/// The Fp12 product over RNS against blst's, on random elements, chained.
#[test]
fn rns_fp12_mul_matches_blst() {
    if !require_ifma("rns_fp12_mul_matches_blst") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(13);
    for _ in 0..8 {
        let (f, g) = (rng.fp12(), rng.fp12());
        let (mut want, mut x, y) = (f, unsafe { load_fp12r(&f) }, unsafe { load_fp12r(&g) });
        let (mut want_sq, mut s) = (f, x);
        for i in 0..100 {
            unsafe { blst_fp12_mul(&mut want, &want, &g) };
            x = unsafe { mul_fp12r(&x, &y) };
            unsafe { blst_fp12_sqr(&mut want_sq, &want_sq) };
            s = unsafe { sqr_fp12r(&s) };
            if i % 25 == 0 || i == 99 {
                assert!(unsafe { store_fp12r(&x) } == want, "product {i}");
                assert!(unsafe { store_fp12r(&s) } == want_sq, "square {i}");
            }
        }
    }
}

/// The RNS final exponentiation equals blst's: random elements of Fp12, Miller loop outputs,
/// and 1.
#[test]
fn rns_final_exp_matches_blst() {
    if !require_ifma("rns_final_exp_matches_blst") {
        return;
    }
    use crate::dispatch::reference;
    use crate::rns::pairing::{final_exp_gs_r, final_exp_rns};
    use crate::rns::tower::{load_fp12r, store_fp12r};
    let mut rng = Rng(19);
    let mut inputs = vec![crate::dispatch::fp12_one()];
    for _ in 0..3 {
        inputs.push(rng.fp12());
        let pairs = [rng.pair(), rng.pair()];
        inputs.push(reference::miller_loop(&pairs));
    }
    for (i, f) in inputs.iter().enumerate() {
        assert!(unsafe { final_exp_rns(f) } == reference::final_exp(f), "input {i}");
        let gs = unsafe { store_fp12r(&final_exp_gs_r(&load_fp12r(f))) };
        assert!(gs == reference::final_exp(f), "input {i}, Granger–Scott");
    }
}

/// The Fp6 inversion of the easy part (`inv_fp6r`) against blst's Fp12 inversion of the same
/// element embedded as (b, 0): random elements, ones with zero coefficients, and 0 (whose
/// "inverse" is 0, as blst's).
#[test]
fn rns_fp6_inverse_matches_blst() {
    if !require_ifma("rns_fp6_inverse_matches_blst") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(29);
    let mut cases = Vec::new();
    for k in 0..12 {
        let mut f = blst_fp12::default();
        for j in 0..3 {
            // k = 1..=7: one pattern of zero coefficients each (k's bits), k = 0: all zero
            if k >= 8 || (k >> j) & 1 == 1 {
                f.fp6[0].fp2[j] = rng.fp2();
            }
        }
        cases.push(f);
    }
    for (i, f) in cases.iter().enumerate() {
        let mut want = blst_fp12::default();
        unsafe { blst_fp12_inverse(&mut want, f) };
        let x = unsafe { load_fp12r(f) };
        let inv = unsafe { inv_fp6r(&[x.0[0], x.0[1], x.0[2]]) };
        let zero = x.0[3]; // h0 = 0
        let got = unsafe { store_fp12r(&Fp12r([inv[0], inv[1], inv[2], zero, zero, zero])) };
        assert!(got == want, "case {i}");
    }
}

/// The easy part over RNS, its inversion included, against blst's conj(f)·f⁻¹ raised to p² + 1.
#[test]
fn rns_easy_part_matches_blst() {
    if !require_ifma("rns_easy_part_matches_blst") {
        return;
    }
    use crate::rns::pairing::easy_part_r;
    use crate::rns::tower::*;
    let mut rng = Rng(31);
    for i in 0..4 {
        let f = if i % 2 == 0 { rng.fp12() } else { crate::dispatch::reference::miller_loop(&[rng.pair()]) };
        let (mut t, mut fi, mut fr) = (f, blst_fp12::default(), blst_fp12::default());
        unsafe {
            blst_fp12_conjugate(&mut t);
            blst_fp12_inverse(&mut fi, &f);
            blst_fp12_mul(&mut t, &t, &fi); // f^(p^6 − 1)
            blst_fp12_frobenius_map(&mut fr, &t, 2);
            blst_fp12_mul(&mut t, &t, &fr); // ^(p^2 + 1)
        }
        let got = unsafe { store_fp12r(&easy_part_r(&load_fp12r(&f))) };
        assert!(got == t, "input {i}");
    }
}

/// Frobenius and conjugation against blst.
#[test]
fn rns_frobenius_matches_blst() {
    if !require_ifma("rns_frobenius_matches_blst") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(23);
    let f = rng.fp12();
    let x = unsafe { load_fp12r(&f) };
    let mut want = blst_fp12::default();
    unsafe { blst_fp12_frobenius_map(&mut want, &f, 1) };
    assert!(unsafe { store_fp12r(&frobenius_fp12r(&x)) } == want, "frobenius");
    unsafe { blst_fp12_conjugate(&mut want) };
    assert!(unsafe { store_fp12r(&conj_fp12r(&frobenius_fp12r(&x))) } == want, "conjugate");
    unsafe { blst_fp12_frobenius_map(&mut want, &f, 2) };
    assert!(unsafe { store_fp12r(&frobenius2_fp12r(&x)) } == want, "frobenius of power 2");
}

/// Pairings and pairing products over RNS equal blst's.
#[test]
fn rns_pairing_matches_blst() {
    if !require_ifma("rns_pairing_matches_blst") {
        return;
    }
    use crate::dispatch::reference;
    use crate::rns::pairing::pairing_product_rns;
    let mut rng = Rng(29);
    for k in [1usize, 2, 3] {
        let pairs: Vec<_> = (0..k).map(|_| rng.pair()).collect();
        let want = reference::final_exp(&reference::miller_loop(&pairs));
        assert!(unsafe { pairing_product_rns(&pairs) } == want, "{k} pairs");
    }
    // e(P, Q)·e(−P, Q) = 1, with a point at infinity among the pairs
    let (p, q) = rng.pair();
    let mut np = p;
    unsafe { blst_fp_cneg(&mut np.y, &p.y, true) };
    let inf = (blst_p1_affine::default(), q);
    assert!(unsafe { blst_fp12_is_one(&pairing_product_rns(&[(p, q), inf, (np, q)])) });
}

/// The tower at its input bound: operands whose representatives lie in (15p, 32p] (negations,
/// conjugates), against blst.
#[test]
fn rns_tower_at_the_input_bound() {
    if !require_ifma("rns_tower_at_the_input_bound") {
        return;
    }
    use crate::rns::tower::*;
    let mut rng = Rng(31);
    let (f, g) = (rng.fp12(), rng.fp12());
    unsafe {
        let (x, y) = (load_fp12r(&f), load_fp12r(&g));
        let neg_all = |a: &Fp12r| Fp12r(core::array::from_fn(|i| neg_fp2r(&a.0[i])));
        let (nx, ny) = (neg_all(&x), neg_all(&y));
        for c in nx.0.iter() {
            let v = rns::value_over_p(&c.c0);
            assert!(v > 15.0, "representatives above 15p: {v}");
        }
        let mut want = blst_fp12::default();
        blst_fp12_mul(&mut want, &f, &g);
        assert!(store_fp12r(&mul_fp12r(&nx, &ny)) == want, "(−f)(−g) = fg");
        blst_fp12_sqr(&mut want, &f);
        assert!(store_fp12r(&sqr_fp12r(&nx)) == want, "(−f)² = f²");
        // conj of a cyclotomic element: h's near 32p
        let c = crate::dispatch::reference::final_exp(&f);
        let mut cc = c;
        blst_fp12_conjugate(&mut cc);
        let xc = conj_fp12r(&load_fp12r(&c));
        blst_fp12_cyclotomic_sqr(&mut want, &cc);
        assert!(store_fp12r(&cyclotomic_sqr_fp12r(&xc)) == want, "cyclotomic squaring");
        blst_fp12_frobenius_map(&mut want, &cc, 1);
        assert!(store_fp12r(&frobenius_fp12r(&xc)) == want, "frobenius");
        // up to a factor (`rns::cyclotomic`): t·f negated whole is (−t)·f, every representative
        // near 32p, the factor's too
        use crate::rns::cyclotomic::*;
        let sc = scaled_by(&cc, &rng.fp());
        let nsc = ScaledFp12r { f: neg_all(&sc.f), s: rns::neg(&sc.s) };
        assert!(rns::value_over_p(&nsc.s) > 15.0);
        blst_fp12_cyclotomic_sqr(&mut want, &cc);
        let mut sq = core::mem::MaybeUninit::uninit();
        scaled_sqr_into_r(&nsc, &mut sq);
        assert!(store_fp12r(&unscale_r(sq.assume_init_ref())) == want, "Granger–Scott squaring up to a factor");
        blst_fp12_mul(&mut want, &cc, &cc);
        assert!(store_fp12r(&unscale_r(&scaled_mul_r(&nsc, &nsc))) == want, "product up to a factor");
        let mut want4 = cc;
        for _ in 0..4 {
            blst_fp12_cyclotomic_sqr(&mut want4, &want4);
        }
        let got = decompress_r(&compressed_pow2_r(&compress_r(&nsc), 4)).expect("f is not in a subfield");
        assert!(store_fp12r(&unscale_r(&got)) == want4, "compressed squarings and decompression");
    }
}

/// A reduction batch (`rns::Reductions`) whose sums are set out of order, with factors, gives
/// what `reduce_scaled` gives (and blst's values); finishing it before every sum is set panics.
#[test]
fn rns_reduction_batch_matches_reduce_scaled() {
    if !require_ifma("rns_reduction_batch_matches_reduce_scaled") {
        return;
    }
    let mut rng = Rng(41);
    let s = [3, 1, 12, 6, 2];
    unsafe {
        let xs: Vec<(blst_fp, blst_fp)> = (0..5).map(|_| (rng.fp(), rng.fp())).collect();
        let w: [rns::RnsWide; 5] =
            core::array::from_fn(|n| rns::mul_wide(&rns::from_fp(&xs[n].0), &rns::from_fp(&xs[n].1)));
        let want = rns::reduce_scaled(&w, s);
        let mut batch = rns::Reductions::<5>::new();
        for n in [4, 0, 2, 1, 3] {
            batch.set(n, &w[n], s[n]);
        }
        let got = batch.finish();
        for n in 0..5 {
            let mut scale = blst_fp::default();
            blst_fp_from_uint64(&mut scale, [s[n] as u64, 0, 0, 0, 0, 0].as_ptr());
            let blst = blst_mul(&blst_mul(&xs[n].0, &xs[n].1), &scale);
            assert_eq!(rns::to_fp(&got[n]), blst, "sum {n}: the value");
            assert_eq!(rns::lanes(&got[n], 0), rns::lanes(&want[n], 0), "sum {n}: B residues");
            assert_eq!(rns::lanes(&got[n], 1), rns::lanes(&want[n], 1), "sum {n}: B' residues");
        }
        let mut partial = rns::Reductions::<5>::new();
        for n in 0..4 {
            partial.set(n, &w[n], 1);
        }
        let unfinished = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| partial.finish()));
        assert!(unfinished.is_err(), "finish with sum 4 unset must panic");
    }
}

/// t·f for f in blst's form and t in Fp, as `rns::cyclotomic` carries it.
unsafe fn scaled_by(f: &blst_fp12, t: &blst_fp) -> crate::rns::cyclotomic::ScaledFp12r {
    use crate::rns::{cyclotomic::*, tower::*};
    let mut ft = *f;
    for c in ft.fp6.iter_mut().flat_map(|a| a.fp2.iter_mut()).flat_map(|b| b.fp.iter_mut()) {
        *c = blst_mul(c, t);
    }
    with_factor_r(&load_fp12r(&ft), &rns::from_fp(t))
}

/// The exponentiation by |z| up to a factor in Fp (`rns::cyclotomic`: Granger–Scott squarings
/// homogeneous in t, compressed squarings, decompression without inversion) against blst's
/// square and multiply, on cyclotomic elements times random factors; the Granger–Scott path on
/// the same values; and the case the compressed form cannot decompress (f = 1: None, and
/// `exp_by_z` falls back).
#[test]
fn rns_compressed_exp_matches_blst() {
    if !require_ifma("rns_compressed_exp_matches_blst") {
        return;
    }
    use crate::consts::Z_ABS;
    use crate::cyclotomic::{pow_z_abs, Cyclotomic};
    use crate::dispatch::reference;
    use crate::rns::{cyclotomic::*, tower::*};
    let mut k = [0u8; 32];
    k[..8].copy_from_slice(&Z_ABS.to_le_bytes());
    let mut rng = Rng(47);
    unsafe {
        for i in 0..3 {
            let f = reference::final_exp(&rng.fp12());
            let want = fp12_pow(&f, &k);
            let x = scaled_by(&f, &rng.fp());
            let got = pow_z_abs_compressed(&x).expect("f is not in a subfield");
            assert!(store_fp12r(&unscale_r(&got)) == want, "compressed, input {i}");
            assert!(store_fp12r(&unscale_r(&pow_z_abs(&x))) == want, "Granger–Scott, input {i}");
            let mut conj = want;
            blst_fp12_conjugate(&mut conj);
            assert!(store_fp12r(&unscale_r(&x.exp_by_z())) == conj, "exp_by_z, input {i}");
        }
        let one = scaled_by(&crate::dispatch::fp12_one(), &rng.fp());
        assert!(pow_z_abs_compressed(&one).is_none());
        assert!(store_fp12r(&unscale_r(&one.exp_by_z())) == crate::dispatch::fp12_one());
    }
}

/// `is_one_scaled_r` against blst on t·f: 1 and random cyclotomic f under random factors t,
/// t·1 with one coefficient off, and the zero value (t = 0).
#[test]
fn rns_is_one_scaled_matches_blst() {
    if !require_ifma("rns_is_one_scaled_matches_blst") {
        return;
    }
    use crate::dispatch::reference;
    use crate::rns::{cyclotomic::*, tower::*};
    let mut rng = Rng(53);
    let one = crate::dispatch::fp12_one();
    unsafe {
        let mut cases = Vec::new();
        for _ in 0..4 {
            cases.push((scaled_by(&one, &rng.fp()), true));
            cases.push((scaled_by(&reference::final_exp(&rng.fp12()), &rng.fp()), false));
        }
        for i in 0..6 {
            for c in 0..2 {
                let mut off = scaled_by(&one, &rng.fp());
                let x = if c == 0 { &mut off.f.0[i].c0 } else { &mut off.f.0[i].c1 };
                *x = rns::add(x, &rns::from_fp(&fp_one()));
                cases.push((off, false));
            }
        }
        let zero = rns::from_fp(&blst_fp::default());
        cases.push((ScaledFp12r { f: Fp12r([Fp2r { c0: zero, c1: zero }; 6]), s: zero }, false));
        for (n, (x, want)) in cases.iter().enumerate() {
            assert_eq!(is_one_scaled_r(x), *want, "case {n}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// `rns::fp_inv` (variable time, ruint's extended Euclid) against blst's constant-time
    /// inversion, on random elements and the edge cases 0, 1, −1, 2 (scalar code: no IFMA needed).
    #[test]
    fn fp_inv_matches_blst(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let one = fp_from_words(&[1, 0, 0, 0, 0, 0]);
        let two = blst_add(&one, &one);
        let minus_one = blst_sub(&blst_fp::default(), &one);
        for a in [rng.fp(), rng.fp(), blst_fp::default(), one, two, minus_one] {
            let inv = rns::fp_inv(&a);
            prop_assert_eq!(inv, rns::fp_inv_blst(&a));
            if a != blst_fp::default() {
                prop_assert_eq!(blst_mul(&a, &inv), one);
            }
        }
        prop_assert_eq!(rns::fp_inv(&blst_fp::default()), blst_fp::default());
    }
}
