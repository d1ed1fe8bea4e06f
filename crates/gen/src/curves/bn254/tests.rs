//! BN254's values recomputed from `p` and `z` and checked against arkworks' `ark-bn254`: p, r,
//! the tower, the twist, the generators, ψ and the Frobenius constants, the endomorphisms'
//! eigenvalues, the subgroup test, the ate loop's digits, and the optimal ate pairing itself.

use super::*;
use crate::curves::model::{big, Fp2Model};
use crate::curves::{bls12_377, bls12_381};
use ark_bn254::{Bn254, Fq, Fq12, Fq2, Fq6, Fr, G1Affine, G2Affine, G2Projective};
use ark_ec::pairing::{MillerLoopOutput, Pairing};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, Field, One, PrimeField, UniformRand, Zero};
use evm384_arith::Limbs;
use num_bigint::{BigInt, BigUint};
use rand::SeedableRng;

fn fq(x: &Limbs) -> Fq {
    crate::curves::ark_field(x)
}
fn fq2(x: &[Limbs; 2]) -> Fq2 {
    Fq2::new(fq(&x[0]), fq(&x[1]))
}
fn limbs(x: Fq) -> Limbs {
    crate::curves::ark_limbs(&x)
}
fn fr_big(x: Fr) -> BigUint {
    BigUint::from_bytes_le(&x.into_bigint().to_bytes_le())
}
/// a ∈ Fp as an element of Fp2.
fn fq2_of(a: Fq) -> Fq2 {
    Fq2::new(a, Fq::zero())
}
fn conj(v: Fq2) -> Fq2 {
    Fq2::new(v.c0, -v.c1)
}
/// ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) with the parameter set's constants.
fn psi(c: &CurveParams, q: G2Affine) -> G2Affine {
    G2Affine::new_unchecked(conj(q.x) * fq2(&c.psi_r2), conj(q.y) * fq2(&c.psi_s2))
}
/// (z, r) as big integers.
fn z_and_r(c: &CurveParams) -> (BigUint, BigUint) {
    (BigUint::from(c.z_abs), big(&c.r))
}

#[test]
fn p_and_r_follow_from_z_and_equal_arkworks() {
    let c = bn254();
    assert_eq!(c.family, Family::Bn);
    let z = BigUint::from(c.z_abs); // z > 0
    let p = 36u8 * z.pow(4) + 36u8 * z.pow(3) + 24u8 * z.pow(2) + 6u8 * &z + 1u8;
    let r = 36u8 * z.pow(4) + 36u8 * z.pow(3) + 18u8 * z.pow(2) + 6u8 * &z + 1u8;
    assert_eq!(big(&c.p), p);
    assert_eq!(big(&c.r), r);
    assert_eq!(p, BigUint::from_bytes_le(&Fq::MODULUS.to_bytes_le()));
    assert_eq!(r, BigUint::from_bytes_le(&Fr::MODULUS.to_bytes_le()));
    assert_eq!([c.z_abs], <ark_bn254::Config as ark_ec::bn::BnConfig>::X);
    assert_eq!(c.z_negative, <ark_bn254::Config as ark_ec::bn::BnConfig>::X_IS_NEGATIVE);
    // #E(Fp) = p + 1 − t with t = 6z² + 1 is r: G1 has cofactor 1, and no point of order two
    assert_eq!(&p + 1u8 - (6u8 * z.pow(2) + 1u8), r);
    assert!(!c.g1_has_two_torsion());
    // both fit the 256-bit words of EIP-196's encoding and of 4-word EVMMAX contexts
    assert!(p.bits() <= 256 && r.bits() <= 256);
    assert_eq!(c.r_words().len(), 4);
}

#[test]
fn tower_twist_b_and_generators() {
    let c = bn254();
    let m = Fp2Model::new(&c);
    let p = big(&c.p);
    // u² = −1 is a non-residue of Fp (p ≡ 3 mod 4); ξ = 9 + u a sextic non-residue of Fp2:
    // ξ^((p²−1)/2) ≠ 1, ξ^((p²−1)/3) ≠ 1
    assert_eq!(&p % 4u8, BigUint::from(3u8));
    let xi = m.xi();
    assert_ne!(m.pow(&xi, &((p.pow(2) - 1u8) / 2u8)), m.one());
    assert_ne!(m.pow(&xi, &((p.pow(2) - 1u8) / 3u8)), m.one());
    // arkworks' tower: u² = −1, ξ = 9 + u, w² = v
    use ark_ff::fields::models::{fp12_2over3over2::Fp12Config, fp2::Fp2Config, fp6_3over2::Fp6Config};
    assert_eq!(ark_bn254::Fq2Config::NONRESIDUE, Fq::from(c.tower.u_squared));
    assert_eq!(ark_bn254::Fq6Config::NONRESIDUE, Fq2::new(Fq::from(c.tower.xi[0]), Fq::from(c.tower.xi[1])));
    assert_eq!(ark_bn254::Fq12Config::NONRESIDUE, Fq6::new(Fq2::zero(), Fq2::one(), Fq2::zero()));
    assert!(matches!(<ark_bn254::Config as ark_ec::bn::BnConfig>::TWIST_TYPE, ark_ec::bn::TwistType::D));
    // b′ = b/ξ (D-type twist), arkworks' G2 `COEFF_B`
    assert_eq!(m.mul(&m.of(&c.b_twist), &xi), m.small(c.b as i64));
    use ark_ec::short_weierstrass::SWCurveConfig;
    assert_eq!(ark_bn254::g2::Config::COEFF_B, fq2(&c.b_twist));
    assert_eq!(ark_bn254::g1::Config::COEFF_B, Fq::from(c.b));
    // the generators are arkworks' (EIP-197's), on their curves
    let (g1, g2) = (G1Affine::generator(), G2Affine::generator());
    assert_eq!(c.g1, [limbs(g1.x), limbs(g1.y)]);
    assert_eq!(c.g2, [[limbs(g2.x.c0), limbs(g2.x.c1)], [limbs(g2.y.c0), limbs(g2.y.c1)]]);
    assert_eq!(g1.y * g1.y, g1.x * g1.x * g1.x + Fq::from(c.b));
    assert_eq!(g2.y * g2.y, g2.x * g2.x * g2.x + fq2(&c.b_twist));
}

#[test]
fn psi_and_frobenius_constants_follow_from_p_and_equal_arkworks() {
    let c = bn254();
    let m = Fp2Model::new(&c);
    let p = big(&c.p);
    let xi = m.xi();
    assert_eq!(m.of(&c.psi_r2), m.pow(&xi, &((&p - 1u8) / 3u8)));
    assert_eq!(m.of(&c.psi_s2), m.pow(&xi, &((&p - 1u8) / 2u8)));
    for n in 1..=3u32 {
        for i in 1..=5u32 {
            let e = (p.pow(n) - 1u8) * i / 6u8;
            assert_eq!(m.of(&c.frobenius[n as usize - 1][i as usize - 1]), m.pow(&xi, &e), "γ{n},{i}");
        }
    }
    use ark_ec::bn::BnConfig;
    use ark_ff::fields::models::{fp12_2over3over2::Fp12Config, fp6_3over2::Fp6Config};
    assert_eq!(ark_bn254::Config::TWIST_MUL_BY_Q_X, fq2(&c.psi_r2));
    assert_eq!(ark_bn254::Config::TWIST_MUL_BY_Q_Y, fq2(&c.psi_s2));
    // arkworks' Fp12 coefficients ξ^((pⁿ−1)/6) are γₙ,₁; its Fp6 ones ξ^((pⁿ−1)/3) γₙ,₂
    for n in 1..=3 {
        assert_eq!(ark_bn254::Fq12Config::FROBENIUS_COEFF_FP12_C1[n], fq2(&c.frobenius[n - 1][0]));
        assert_eq!(ark_bn254::Fq6Config::FROBENIUS_COEFF_FP6_C1[n], fq2(&c.frobenius[n - 1][1]));
    }
    // every value canonical (< p)
    let all = c.frobenius.iter().flatten().chain([&c.psi_r2, &c.psi_s2, &c.b_twist]).flatten();
    for v in all.chain([&c.beta]) {
        assert!(big(v) < p);
    }
}

/// The D-type untwisting map E′(Fp2) → E(Fp12), (x, y) ↦ (x·w², y·w³), in arkworks' Fq12
/// (w² = v, w³ = v·w).
fn untwist(x: Fq2, y: Fq2) -> (Fq12, Fq12) {
    let z = Fq2::zero();
    (Fq12::new(Fq6::new(z, x, z), Fq6::zero()), Fq12::new(Fq6::zero(), Fq6::new(z, y, z)))
}
/// The inverse of `untwist` on its image: (X·w⁻², Y·w⁻³) ∈ Fp2 (asserted).
fn twist(x: Fq12, y: Fq12) -> G2Affine {
    let w = Fq12::new(Fq6::zero(), Fq6::one());
    let (x, y) = (x * (w * w).inverse().unwrap(), y * (w * w * w).inverse().unwrap());
    let in_fp2 = |a: Fq12| {
        assert!(a.c1.is_zero() && a.c0.c1.is_zero() && a.c0.c2.is_zero(), "not in Fp2");
        a.c0.c0
    };
    G2Affine::new_unchecked(in_fp2(x), in_fp2(y))
}
fn random_g2(rng: &mut impl rand::Rng) -> G2Affine {
    (G2Projective::generator() * Fr::rand(rng)).into_affine()
}
/// A random point of E′(Fp2), almost surely outside G2 (the cofactor 2p − r is ~2^254).
fn random_twist_point(rng: &mut impl rand::Rng) -> G2Affine {
    loop {
        if let Some(q) = G2Affine::get_point_from_x_unchecked(Fq2::rand(rng), false) {
            assert!(q.is_on_curve());
            return q;
        }
    }
}

/// ψ = twist ∘ π ∘ untwist (π the p-power Frobenius of E(Fp12)), and ψ² likewise with π²,
/// computed in arkworks' Fq12 on random points of E′(Fp2) in and out of G2: ψ with r₂, s₂ and
/// ψ² with `psi2_coefficients` (N(r₂), N(s₂)) = (γ₂,₂, γ₂,₃) = (γ₂,₂, −1) agree with it, and ψ
/// with arkworks' own map (`mul_by_char` of its G2Prepared: x^p·TWIST_MUL_BY_Q_X, …).
#[test]
fn psi_is_untwist_frobenius_twist() {
    let c = bn254();
    let [n_r2, n_s2] = c.psi2_coefficients();
    assert_eq!([n_r2, n_s2], [c.frobenius[1][1][0], c.frobenius[1][2][0]]);
    assert_eq!(c.frobenius[1][1][1], [0; 6]);
    assert_eq!(c.frobenius[1][2][1], [0; 6]);
    assert_eq!(big(&n_s2), big(&c.p) - 1u8, "N(s₂) = ξ^((p²−1)/2) = −1");
    let mut rng = rand::rngs::StdRng::seed_from_u64(254);
    let points: Vec<G2Affine> =
        (0..8).map(|i| if i < 4 { random_g2(&mut rng) } else { random_twist_point(&mut rng) }).collect();
    for q in points {
        let (x, y) = untwist(q.x, q.y);
        let psi_q = psi(&c, q);
        assert_eq!(twist(x.frobenius_map(1), y.frobenius_map(1)), psi_q);
        assert!(psi_q.is_on_curve());
        let psi2_q = G2Affine::new_unchecked(q.x * fq2_of(fq(&n_r2)), q.y * fq2_of(fq(&n_s2)));
        assert_eq!(twist(x.frobenius_map(2), y.frobenius_map(2)), psi2_q);
        assert_eq!(psi(&c, psi_q), psi2_q);
        let mut ark = q;
        ark.x.frobenius_map_in_place(1);
        ark.y.frobenius_map_in_place(1);
        use ark_ec::bn::BnConfig;
        let ark = G2Affine::new_unchecked(
            ark.x * ark_bn254::Config::TWIST_MUL_BY_Q_X,
            ark.y * ark_bn254::Config::TWIST_MUL_BY_Q_Y,
        );
        assert_eq!(ark, psi_q);
    }
}

/// G2 membership by ψ(Q) = [6z²]Q (eprint 2022/352 §4.3: 6z² = t − 1 ≡ p mod r, the
/// eigenvalue of ψ on G2) against the definition [r]Q = O, on points in G2 and on points of
/// E′(Fp2) outside it; `psi_eigenvalue` gives 6z².
#[test]
fn g2_subgroup_test_agrees_with_order_r() {
    let c = bn254();
    let (z, r) = z_and_r(&c);
    let (k, negative) = c.psi_eigenvalue();
    assert!(!negative);
    assert_eq!(BigUint::from(k), 6u8 * z.pow(2));
    assert_eq!(big(&c.p) % &r, BigUint::from(k), "p ≡ 6z² (mod r)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(197);
    let test = |q: G2Affine| psi(&c, q) == (q * Fr::from(k)).into_affine();
    let order_r = |q: G2Affine| q.mul_bigint(Fr::MODULUS).is_zero();
    let (mut inside, mut outside) = (0, 0);
    let points: Vec<G2Affine> =
        (0..12).map(|i| if i < 4 { random_g2(&mut rng) } else { random_twist_point(&mut rng) }).collect();
    for q in points {
        assert_eq!(test(q), order_r(q));
        assert_eq!(test(q), q.is_in_correct_subgroup_assuming_on_curve());
        if order_r(q) {
            inside += 1
        } else {
            outside += 1
        }
    }
    assert_eq!((inside, outside), (4, 8));
    // a G2 point plus a point of E′(Fp2) outside G2
    let q = (random_g2(&mut rng) + random_twist_point(&mut rng)).into_affine();
    assert!(!test(q) && !order_r(q));
}

/// φ(x, y) = (β·x, y) = −[p²] = [36z³ + 18z² + 6z + 1] on G1 and ψ² = [p²] on G2 (so
/// E(x, y) = (c·x, −y) = [p²] on both, `glv_coefficient`); arkworks' GLV endomorphisms
/// (x, y) ↦ (β²·x, y) with its `LAMBDA`s.
#[test]
fn endomorphisms_and_their_eigenvalues() {
    let c = bn254();
    let (z, r) = z_and_r(&c);
    let p = big(&c.p);
    let beta = big(&c.beta);
    assert_eq!(beta, 18u8 * z.pow(3) + 18u8 * z.pow(2) + 9u8 * &z + 1u8);
    assert_ne!(beta, BigUint::from(1u8));
    assert_eq!(beta.modpow(&BigUint::from(3u8), &p), BigUint::from(1u8));
    let lambda = 36u8 * z.pow(3) + 18u8 * z.pow(2) + 6u8 * &z + 1u8;
    assert_eq!((&lambda + p.pow(2)) % &r, BigUint::from(0u8), "λ ≡ −p² (mod r)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(196);
    let lambda_fr = Fr::from(lambda.clone());
    let p2_fr = Fr::from(p.pow(2) % &r);
    for _ in 0..3 {
        let g = (ark_bn254::G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
        assert_eq!(G1Affine::new(g.x * fq(&c.beta), g.y), (g * lambda_fr).into_affine());
        let e = G1Affine::new(g.x * fq(&c.glv_coefficient(false)), -g.y);
        assert_eq!(e, (g * p2_fr).into_affine());
        let q = random_g2(&mut rng);
        let e = G2Affine::new(q.x * fq2_of(fq(&c.glv_coefficient(true))), -q.y);
        assert_eq!(e, (q * p2_fr).into_affine());
    }
    // arkworks' roots: β² on both groups, eigenvalue −(λ + 1) on G1, λ on G2
    use ark_ec::scalar_mul::glv::GLVConfig;
    let beta2 = fq(&c.beta).square();
    assert_eq!(ark_bn254::g1::Config::ENDO_COEFFS[0], beta2);
    assert_eq!(ark_bn254::g2::Config::ENDO_COEFFS[0], fq2_of(beta2));
    assert_eq!(fr_big(ark_bn254::g1::Config::LAMBDA), &r - &lambda - 1u8);
    assert_eq!(fr_big(ark_bn254::g2::Config::LAMBDA), lambda);
    assert_eq!(limbs(fq(&c.beta)), c.beta, "β canonical");
}

/// ψ² = (N(r₂)·x, N(s₂)·y) on every curve's twist: N(s₂) = −1, N(r₂) a primitive cube root
/// of unity (ξ^((p²−1)/3) for a D-type twist, its inverse for an M-type one), BLS12's GLV
/// coefficient on G2.
#[test]
fn psi2_coefficients_on_every_curve() {
    for c in [bn254(), bls12_381(), bls12_377()] {
        let m = Fp2Model::new(&c);
        let p = big(&c.p);
        let [n_r2, n_s2] = c.psi2_coefficients().map(|v| big(&v));
        assert_eq!(n_s2, &p - 1u8, "{}", c.name);
        assert_eq!(n_r2, big(&c.glv_coefficient(true)), "{}", c.name);
        assert_ne!(n_r2, BigUint::from(1u8));
        assert_eq!(n_r2.modpow(&BigUint::from(3u8), &p), BigUint::from(1u8));
        let gamma22 = m.pow(&m.xi(), &((p.pow(2) - 1u8) / 3u8));
        let n = (n_r2.clone(), BigUint::from(0u8));
        match c.twist {
            Twist::D => assert_eq!(n, gamma22, "{}", c.name),
            Twist::M => assert_eq!(m.mul(&n, &gamma22), m.one(), "{}", c.name),
        }
    }
}

/// The digits of the Miller loop, most significant first: 6z + 2 for BN254 (arkworks'
/// `ATE_LOOP_COUNT`, which it lists least significant first), |z| for the BLS12 curves (the
/// leading one, then `z_bits`).
#[test]
fn ate_loop_digits() {
    let value = |d: &[i8]| d.iter().fold(BigInt::from(0), |acc, &d| 2 * acc + d);
    let c = bn254();
    let d = c.ate_loop_digits();
    assert_eq!(value(&d), BigInt::from(6u8) * c.z_abs + 2);
    let ark: Vec<i8> = <ark_bn254::Config as ark_ec::bn::BnConfig>::ATE_LOOP_COUNT.iter().rev().copied().collect();
    assert_eq!(d, ark);
    // 64 doublings and 21 additions: the NAF of 6z + 2 (66 digits, 22 non-zero) with its
    // leading 1 0 −1 written 1 1
    assert_eq!((d.len(), d.iter().filter(|&&d| d != 0).count()), (65, 22));
    assert!(d[2..].windows(2).all(|w| w[0] == 0 || w[1] == 0), "non-adjacent below the top");
    for c in [bls12_381(), bls12_377()] {
        let d = c.ate_loop_digits();
        assert_eq!(value(&d), BigInt::from(c.z_abs));
        let bits: Vec<i8> = core::iter::once(1).chain(c.z_bits().into_iter().map(i8::from)).collect();
        assert_eq!(d, bits, "{}", c.name);
    }
}

/// The optimal ate pairing written from this parameter set alone — the digits of 6z + 2,
/// the lines through T and ±Q, then through Q₁ = ψ(Q) and −Q₂ = −ψ²(Q) — on untwisted points
/// in arkworks' Fq12 with affine lines, equals arkworks' pairing after the final
/// exponentiation (the lines differ from arkworks' projective ones by factors the final
/// exponentiation removes).
#[test]
fn optimal_ate_from_these_constants_equals_arkworks() {
    let c = bn254();
    let [n_r2, _] = c.psi2_coefficients();
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    let p = (ark_bn254::G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
    let q = random_g2(&mut rng);
    let in_fq12 = |a: Fq| Fq12::new(Fq6::new(fq2_of(a), Fq2::zero(), Fq2::zero()), Fq6::zero());
    let (xp, yp) = (in_fq12(p.x), in_fq12(p.y));
    // the line through T and S (the tangent if T = S) evaluated at P, and T + S, on E(Fp12)
    let step = |f: &mut Fq12, t: (Fq12, Fq12), s: (Fq12, Fq12)| -> (Fq12, Fq12) {
        let l = if t == s {
            (t.0.square() * in_fq12(Fq::from(3u64))) * (t.1 + t.1).inverse().unwrap()
        } else {
            (s.1 - t.1) * (s.0 - t.0).inverse().unwrap()
        };
        *f *= (yp - t.1) - l * (xp - t.0);
        let x = l.square() - t.0 - s.0;
        (x, l * (t.0 - x) - t.1)
    };
    let uq = untwist(q.x, q.y);
    let neg_uq = (uq.0, -uq.1);
    let digits = c.ate_loop_digits();
    let (mut f, mut t) = (Fq12::one(), uq);
    for &d in &digits[1..] {
        f.square_in_place();
        t = step(&mut f, t, t);
        match d {
            1 => t = step(&mut f, t, uq),
            -1 => t = step(&mut f, t, neg_uq),
            _ => {}
        }
    }
    let q1 = psi(&c, q);
    let neg_q2 = G2Affine::new_unchecked(q.x * fq2_of(fq(&n_r2)), q.y); // −ψ²(Q)
    t = step(&mut f, t, untwist(q1.x, q1.y));
    step(&mut f, t, untwist(neg_q2.x, neg_q2.y));
    let ours = Bn254::final_exponentiation(MillerLoopOutput(f)).unwrap();
    assert_eq!(ours, Bn254::pairing(p, q));
}
