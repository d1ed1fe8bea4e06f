//! The constants themselves: canonical, equal to the RFC 9380 text, h_eff from z (and the G2
//! one as Budroni–Pintore's method), Z the first candidate meeting the RFC's criteria.

use super::model::{big, fp2, g1_suite, g2_suite, hex_int, p, Curve, Field, Fp, Fp2, Point};
use super::perturbation::constants_mut;
use crate::curves::bls12_381_map_params;
use evm384_arith::Limbs;
use num_bigint::{BigInt, BigUint};

#[test]
fn constants_are_canonical() {
    let mut m = bls12_381_map_params();
    for (name, words) in constants_mut(&mut m) {
        if !name.ends_with("h_eff") {
            assert!(big(words) < *p(), "{name} is not below p");
        }
    }
}

/// An RFC 9380 Appendix E.3 value: "0xA + 0xB * I", "0xB * I" or "0xA".
fn rfc_fp2(v: &str) -> [BigUint; 2] {
    if let Some((a, b)) = v.split_once(" + ") {
        [hex_int(a), hex_int(b.strip_suffix(" * I").expect("` * I`"))]
    } else if let Some(b) = v.strip_suffix(" * I") {
        [BigUint::from(0u8), hex_int(b)]
    } else {
        [hex_int(v), BigUint::from(0u8)]
    }
}

/// The values equal the lines of RFC 9380 kept in `testdata/rfc9380/bls12381_constants.txt`,
/// with the RFC's indexing; the small G2 values are recomputed from their formulas.
#[test]
fn constants_match_the_rfc_text() {
    let m = bls12_381_map_params();
    let path = evm384_vectors::testdata("rfc9380/bls12381_constants.txt");
    let file = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sections: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in file.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(title) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            sections.push((title.to_string(), Vec::new()));
        } else {
            let (k, v) = line.split_once(" = ").expect("`name = value`");
            sections.last_mut().expect("a [section] first").1.push((k.to_string(), v.to_string()));
        }
    }
    let titles: Vec<&str> = sections.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(
        titles,
        [
            "RFC 9380 §8.8.1 BLS12381G1_XMD:SHA-256_SSWU_RO_",
            "RFC 9380 Appendix E.2 11-isogeny map for BLS12-381 G1",
            "RFC 9380 §8.8.2 BLS12381G2_XMD:SHA-256_SSWU_RO_",
            "RFC 9380 Appendix E.3 3-isogeny map for BLS12-381 G2",
        ]
    );
    let get = |s: usize, key: &str| -> &str {
        let found: Vec<&str> = sections[s].1.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect();
        assert_eq!(found.len(), 1, "{key} in [{}]", sections[s].0);
        found[0]
    };

    // §8.8.1
    assert_eq!(get(0, "Z"), "11");
    assert_eq!(big(&m.g1_sswu_z), BigUint::from(11u8));
    assert_eq!(big(&m.g1_sswu_a), hex_int(get(0, "A'")));
    assert_eq!(big(&m.g1_sswu_b), hex_int(get(0, "B'")));
    assert_eq!(BigUint::from(m.g1_h_eff), hex_int(get(0, "h_eff")));
    // Appendix E.2: k_(j,i) is entry i of table j; nothing beyond the table
    let g1_tables: [&[Limbs]; 4] = [&m.g1_iso_x_num, &m.g1_iso_x_den, &m.g1_iso_y_num, &m.g1_iso_y_den];
    for (j, table) in (1..).zip(g1_tables) {
        for (i, c) in table.iter().enumerate() {
            assert_eq!(big(c), hex_int(get(1, &format!("k_({j},{i})"))), "G1 k_({j},{i})");
        }
    }
    assert_eq!(sections[1].1.len(), 12 + 10 + 16 + 15);

    // §8.8.2: A' = 240·I, B' = 1012·(1 + I), Z = -(2 + I)
    assert_eq!(get(2, "A'"), "240 * I");
    assert_eq!(get(2, "B'"), "1012 * (1 + I)");
    assert_eq!(get(2, "Z"), "-(2 + I)");
    assert_eq!(fp2(&m.g2_sswu_a), Fp2::small(240).mul(&Fp2::i()));
    assert_eq!(fp2(&m.g2_sswu_b), Fp2::small(1012).mul(&Fp2::one().add(&Fp2::i())));
    assert_eq!(fp2(&m.g2_sswu_z), Fp2::small(2).add(&Fp2::i()).neg());
    assert_eq!(big(&m.g2_h_eff), hex_int(get(2, "h_eff")));
    // Appendix E.3
    let g2_tables: [&[[Limbs; 2]]; 4] = [&m.g2_iso_x_num, &m.g2_iso_x_den, &m.g2_iso_y_num, &m.g2_iso_y_den];
    for (j, table) in (1..).zip(g2_tables) {
        for (i, c) in table.iter().enumerate() {
            assert_eq!([big(&c[0]), big(&c[1])], rfc_fp2(get(3, &format!("k_({j},{i})"))), "G2 k_({j},{i})");
        }
    }
    assert_eq!(sections[3].1.len(), 4 + 2 + 4 + 3);
}

/// G1: h_eff = 1 - z (RFC 9380 §8.8.1). G2: h_eff = 3·(z² - 1)·h₂ with the G2 cofactor
/// h₂ = (z⁸ - 4z⁷ + 5z⁶ - 4z⁴ + 6z³ - 4z² - 4z + 13)/9 (the BLS12 family formula,
/// draft-irtf-cfrg-pairing-friendly-curves), the scalar of Budroni–Pintore's method; that
/// method itself is checked against h_eff·P in `g2_h_eff_is_the_budroni_pintore_method`.
#[test]
fn h_eff_follows_from_z() {
    let m = bls12_381_map_params();
    let c = crate::curves::bls12_381();
    assert!(c.z_negative);
    let z = -BigInt::from(c.z_abs);
    assert_eq!(BigInt::from(m.g1_h_eff), BigInt::from(1u8) - &z);
    let zp = |k: u32| z.pow(k);
    let h2_times_9 = zp(8) - 4 * zp(7) + 5 * zp(6) - 4 * zp(4) + 6 * zp(3) - 4 * zp(2) - 4 * &z + 13;
    assert_eq!(&h2_times_9 % 9, BigInt::from(0u8));
    let h_eff = 3 * (zp(2) - 1) * (h2_times_9 / 9);
    assert_eq!(BigInt::from(big(&m.g2_h_eff)), h_eff);
}

/// RFC 9380 Appendix G.3: clear_cofactor_bls12381_g2 via ψ, with ψ's constants
/// 1/(1 + I)^((p-1)/3) and 1/(1 + I)^((p-1)/2), which are [`crate::curves`]'s ψ constants,
/// equals h_eff·P.
#[test]
fn g2_h_eff_is_the_budroni_pintore_method() {
    let c = crate::curves::bls12_381();
    let suite = g2_suite(&bls12_381_map_params());
    let e = &suite.e;
    let (c1, c2) = (fp2(&c.psi_r2), fp2(&c.psi_s2));
    let psi = |pt: &Point<Fp2>| match pt {
        Point::Infinity => Point::Infinity,
        Point::Affine(x, y) => Point::Affine(c1.mul(&x.conj()), c2.mul(&y.conj())),
    };
    // z·P with z = -|z|
    let times_z = |pt: &Point<Fp2>| e.neg(&e.mul(pt, &BigUint::from(c.z_abs)));
    for u in [Fp2::small(1), Fp2(Fp::small(3), Fp::small(5)), Fp2(Fp::small(0), Fp::small(7))] {
        let pt = suite.map_to_curve(&u).unwrap();
        let t1 = times_z(&pt);
        let t2 = psi(&pt);
        let t3 = psi(&psi(&e.add(&pt, &pt)));
        let t3 = e.add(&t3, &e.neg(&t2));
        let t2 = times_z(&e.add(&t1, &t2));
        let t3 = e.add(&e.add(&t3, &t2), &e.neg(&t1));
        let q = e.add(&t3, &e.neg(&pt));
        assert_eq!(q, suite.clear_cofactor(&pt), "u = {u:?}");
        assert!(suite.in_subgroup(&q));
    }
}

/// Criteria 1-4 for Z of RFC 9380 §6.6.2 on E': y² = g(x).
fn is_good_z<F: Field>(e: &Curve<F>, z: &F) -> bool {
    !z.is_square()
        && *z != F::one().neg()
        && cubic_has_no_root(&[e.b.sub(z), e.a.clone(), F::zero()])
        && e.g(&e.b.div(&z.mul(&e.a))).is_square()
}

/// A monic cubic x³ + f2·x² + f1·x + f0 (`f` = [f0, f1, f2]) is irreducible iff it has no
/// root in F, iff gcd(x^q - x, f) = 1 (x^q - x is the product of all x - a, a ∈ F).
fn cubic_has_no_root<F: Field>(f: &[F; 3]) -> bool {
    // a·b mod f on residues of degree < 3
    let mulmod = |a: &[F; 3], b: &[F; 3]| -> [F; 3] {
        let mut prod = vec![F::zero(); 5];
        for i in 0..3 {
            for j in 0..3 {
                prod[i + j] = prod[i + j].add(&a[i].mul(&b[j]));
            }
        }
        for k in (3..5).rev() {
            let t = prod[k].clone();
            for (i, fi) in f.iter().enumerate() {
                prod[k - 3 + i] = prod[k - 3 + i].sub(&t.mul(fi));
            }
        }
        [prod[0].clone(), prod[1].clone(), prod[2].clone()]
    };
    let x = [F::zero(), F::one(), F::zero()];
    let q = F::order();
    let mut acc = [F::one(), F::zero(), F::zero()];
    for i in (0..q.bits()).rev() {
        acc = mulmod(&acc, &acc);
        if q.bit(i) {
            acc = mulmod(&acc, &x);
        }
    }
    // gcd(f, x^q - x) by Euclid on coefficient vectors (lowest degree first, no trailing zero)
    let trim = |mut v: Vec<F>| {
        while v.last().is_some_and(|c| c.is_zero()) {
            v.pop();
        }
        v
    };
    let rem = |a: &[F], b: &[F]| -> Vec<F> {
        let mut r = a.to_vec();
        let lead_inv = b.last().expect("non-zero divisor").inv0();
        while r.len() >= b.len() {
            let t = r.last().unwrap().mul(&lead_inv);
            let shift = r.len() - b.len();
            for (i, bi) in b.iter().enumerate() {
                r[shift + i] = r[shift + i].sub(&t.mul(bi));
            }
            r.pop();
            r = trim(r);
        }
        r
    };
    let mut a = vec![f[0].clone(), f[1].clone(), f[2].clone(), F::one()];
    let mut b = trim(vec![acc[0].clone(), acc[1].sub(&F::one()), acc[2].clone()]);
    while !b.is_empty() {
        let next = rem(&a, &b);
        a = b;
        b = next;
    }
    a.len() == 1
}

/// The search of RFC 9380 Appendix H.2 (find_z_sswu): candidates ctr, -ctr for
/// ctr = gen, gen + 1, …, the first meeting criteria 1-4.
fn find_z<F: Field>(e: &Curve<F>, gen: F) -> F {
    let mut ctr = gen;
    for _ in 0..64 {
        for cand in [ctr.clone(), ctr.neg()] {
            if is_good_z(e, &cand) {
                return cand;
            }
        }
        ctr = ctr.add(&F::one());
    }
    panic!("no Z found")
}

/// Z is the RFC's choice: the first candidate meeting the criteria in Appendix H.2's order
/// (F.gen() is 1 in Fp, I in Fp2).
#[test]
fn z_is_the_first_good_candidate() {
    let m = bls12_381_map_params();
    let (g1, g2) = (g1_suite(&m), g2_suite(&m));
    assert!(is_good_z(&g1.e_prime, &g1.z) && is_good_z(&g2.e_prime, &g2.z));
    assert_eq!(find_z(&g1.e_prime, Fp::one()), g1.z);
    assert_eq!(find_z(&g2.e_prime, Fp2::i()), g2.z);
    // the irreducibility test sees roots: (x - 1)(x - 2)(x - 3) = x³ - 6x² + 11x - 6
    assert!(!cubic_has_no_root(&[Fp::small(6).neg(), Fp::small(11), Fp::small(6).neg()]));
    assert!(!cubic_has_no_root(&[Fp2::small(6).neg(), Fp2::small(11), Fp2::small(6).neg()]));
}
