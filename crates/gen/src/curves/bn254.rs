//! BN254 (alt_bn128; Barreto–Naehrig, "Pairing-friendly elliptic curves of prime order", SAC
//! 2005; EIP-196/197): z = 4965661367192848881 > 0, p = 36z⁴ + 36z³ + 24z² + 6z + 1,
//! r = 36z⁴ + 36z³ + 18z² + 6z + 1, the tower Fp2 = Fp[u]/(u² + 1), Fp6 = Fp2[v]/(v³ − ξ) with
//! ξ = 9 + u, Fp12 = Fp6[w]/(w² − v) (arkworks' `ark-bn254` tower), G1: y² = x³ + 3 (cofactor
//! 1: on the curve is in G1) and the D-type twist E′: y² = x³ + 3/ξ carrying G2. Every value
//! carries the formula that defines it; `tests` recompute each from `p` and `z` and check them
//! against arkworks' `ark-bn254`.
//!
//! What BN's optimal ate pairing needs beyond BLS12's data (Vercauteren, "Optimal pairings",
//! IEEE TIT 2010, eprint 2008/096):
//! - the Miller loop over the signed digits of 6z + 2 (`CurveParams::ate_loop_digits`), then two
//!   closing lines through Q₁ = π(Q) and −Q₂ = −π²(Q), the p- and p²-power Frobenius of Q
//!   on E(Fp12) brought back to the twist: Q₁ = ψ(Q) = (conj(x)·r₂, conj(y)·s₂) and
//!   ψ²(Q) = (N(r₂)·x, N(s₂)·y) = (γ₂,₂·x, −y), so −Q₂ = (γ₂,₂·x, y) (`psi_r2`, `psi_s2`,
//!   `CurveParams::psi2_coefficients`; test `psi_is_untwist_frobenius_twist`);
//! - the G2 subgroup test ψ(Q) = [6z²]Q (6z² = t − 1 ≡ p mod r; El Housni–Guillevic–Piellard, eprint
//!   2022/352 §4.3, arkworks' `is_in_correct_subgroup_assuming_on_curve`;
//!   `CurveParams::psi_eigenvalue`; test `g2_subgroup_test_agrees_with_order_r`).

use super::{CurveParams, Family, Tower, Twist};

/// BN254 (z = 4965661367192848881).
pub fn bn254() -> CurveParams {
    CurveParams {
        name: "BN254",
        family: Family::Bn,
        // p = 36z⁴ + 36z³ + 24z² + 6z + 1 (test `p_and_r_follow_from_z_and_equal_arkworks`)
        p: [
            0x3c208c16d87cfd47,
            0x97816a916871ca8d,
            0xb85045b68181585d,
            0x30644e72e131a029,
            0x0000000000000000,
            0x0000000000000000,
        ],
        // r = 36z⁴ + 36z³ + 18z² + 6z + 1
        r: [
            0x43e1f593f0000001,
            0x2833e84879b97091,
            0xb85045b68181585d,
            0x30644e72e131a029,
            0x0000000000000000,
            0x0000000000000000,
        ],
        z_abs: 4965661367192848881,
        z_negative: false,
        tower: Tower { u_squared: -1, xi: [9, 1] },
        twist: Twist::D,
        b: 3,
        // b′ = b/ξ = 3/(9 + u)
        b_twist: [
            [
                0x3267e6dc24a138e5,
                0xb5b4c5e559dbefa3,
                0x81be18991be06ac3,
                0x2b149d40ceb8aaae,
                0x0000000000000000,
                0x0000000000000000,
            ],
            [
                0xe4a2bd0685c315d2,
                0xa74fa084e52d1852,
                0xcd2cafadeed8fdf4,
                0x009713b03af0fed4,
                0x0000000000000000,
                0x0000000000000000,
            ],
        ],
        // β = 18z³ + 18z² + 9z + 1, the cube root of unity with φ(P) = [36z³ + 18z² + 6z + 1]P
        // = −[p²]P on G1 (φ(x, y) = (β·x, y); p ≡ 6z², p² ≡ 36z⁴ ≡ −(36z³ + 18z² + 6z + 1)
        // mod r), so that E(x, y) = (β·x, −y) = [p²] on G1 as ψ² is on G2, BLS12's convention
        // (there p ≡ z, φ(P) = −[z²]P). arkworks' G1 `ENDO_COEFFS` is the other root,
        // β² = −(18z³ + 18z² + 9z + 2), of eigenvalue −(36z³ + 18z² + 6z + 2)
        // (test `endomorphisms_and_their_eigenvalues`).
        beta: [
            0x5763473177fffffe,
            0xd4f263f1acdb5c4f,
            0x59e26bcea0d48bac,
            0x0000000000000000,
            0x0000000000000000,
            0x0000000000000000,
        ],
        // r₂ = ξ^((p-1)/3), s₂ = ξ^((p-1)/2) (D-type twist): arkworks' `TWIST_MUL_BY_Q_X`,
        // `TWIST_MUL_BY_Q_Y`
        psi_r2: [
            [
                0x99e39557176f553d,
                0xb78cc310c2c3330c,
                0x4c0bec3cf559b143,
                0x2fb347984f7911f7,
                0x0000000000000000,
                0x0000000000000000,
            ],
            [
                0x1665d51c640fcba2,
                0x32ae2a1d0b7c9dce,
                0x4ba4cc8bd75a0794,
                0x16c9e55061ebae20,
                0x0000000000000000,
                0x0000000000000000,
            ],
        ],
        psi_s2: [
            [
                0xdc54014671a0135a,
                0xdbaae0eda9c95998,
                0xdc5ec698b6e2f9b9,
                0x063cf305489af5dc,
                0x0000000000000000,
                0x0000000000000000,
            ],
            [
                0x82d37f632623b0e3,
                0x21807dc98fa25bd2,
                0x0704b5a7ec796f2b,
                0x07c03cbcac41049a,
                0x0000000000000000,
                0x0000000000000000,
            ],
        ],
        // γₙ,ᵢ = ξ^(i·(pⁿ-1)/6)
        frobenius: [
            [
                [
                    [
                        0xd60b35dadcc9e470,
                        0x5c521e08292f2176,
                        0xe8b99fdd76e68b60,
                        0x1284b71c2865a7df,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0xca5cf05f80f362ac,
                        0x747992778eeec7e5,
                        0xa6327cfe12150b8e,
                        0x246996f3b4fae7e6,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x99e39557176f553d,
                        0xb78cc310c2c3330c,
                        0x4c0bec3cf559b143,
                        0x2fb347984f7911f7,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x1665d51c640fcba2,
                        0x32ae2a1d0b7c9dce,
                        0x4ba4cc8bd75a0794,
                        0x16c9e55061ebae20,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0xdc54014671a0135a,
                        0xdbaae0eda9c95998,
                        0xdc5ec698b6e2f9b9,
                        0x063cf305489af5dc,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x82d37f632623b0e3,
                        0x21807dc98fa25bd2,
                        0x0704b5a7ec796f2b,
                        0x07c03cbcac41049a,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x848a1f55921ea762,
                        0xd33365f7be94ec72,
                        0x80f3c0b75a181e84,
                        0x05b54f5e64eea801,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0xc13b4711cd2b8126,
                        0x3685d2ea1bdec763,
                        0x9f3a80b03b0b1c92,
                        0x2c145edbe7fd8aee,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x2ea2c810eab7692f,
                        0x425c459b55aa1bd3,
                        0xe93a3661a4353ff4,
                        0x0183c1e74f798649,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x24c6b8ee6e0c2c4b,
                        0xb080cb99678e2ac0,
                        0xa27fb246c7729f7d,
                        0x12acf2ca76fd0675,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
            ],
            [
                [
                    [
                        0xe4bd44e5607cfd49,
                        0xc28f069fbb966e3d,
                        0x5e6dd9e7e0acccb0,
                        0x30644e72e131a029,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0xe4bd44e5607cfd48,
                        0xc28f069fbb966e3d,
                        0x5e6dd9e7e0acccb0,
                        0x30644e72e131a029,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x3c208c16d87cfd46,
                        0x97816a916871ca8d,
                        0xb85045b68181585d,
                        0x30644e72e131a029,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x5763473177fffffe,
                        0xd4f263f1acdb5c4f,
                        0x59e26bcea0d48bac,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x5763473177ffffff,
                        0xd4f263f1acdb5c4f,
                        0x59e26bcea0d48bac,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
            ],
            [
                [
                    [
                        0xe86f7d391ed4a67f,
                        0x894cb38dbe55d24a,
                        0xefe9608cd0acaa90,
                        0x19dc81cfcc82e4bb,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x7694aa2bf4c0c101,
                        0x7f03a5e397d439ec,
                        0x06cbeee33576139d,
                        0x00abf8b60be77d73,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x7b746ee87bdcfb6d,
                        0x805ffd3d5d6942d3,
                        0xbaff1c77959f25ac,
                        0x0856e078b755ef0a,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x380cab2baaa586de,
                        0x0fdf31bf98ff2631,
                        0xa9f30e6dec26094f,
                        0x04f1de41b3d1766f,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x5fcc8ad066dce9ed,
                        0xbbd689a3bea870f4,
                        0xdbf17f1dca9e5ea3,
                        0x2a275b6d9896aa4c,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0xb94d0cb3b2594c64,
                        0x7600ecc7d8cf6eba,
                        0xb14b900e9507e932,
                        0x28a411b634f09b8f,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0x0e1a92bc3ccbf066,
                        0xe633094575b06bcb,
                        0x19bee0f7b5b2444e,
                        0x0bc58c6611c08dab,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x5fe3ed9d730c239f,
                        0xa44a9e08737f96e5,
                        0xfeb0f6ef0cd21d04,
                        0x23d5e999e1910a12,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
                [
                    [
                        0xebde847076261b43,
                        0x2ed68098967c84a5,
                        0x711699fa3b4d3f69,
                        0x13c49044952c0905,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                    [
                        0x1f25041384282499,
                        0x3e2ddaea20028021,
                        0x9fb1b2282a48633d,
                        0x16db366a59b1dd0b,
                        0x0000000000000000,
                        0x0000000000000000,
                    ],
                ],
            ],
        ],
        // EIP-197's generators (arkworks' `G1Affine::generator()`, `G2Affine::generator()`):
        // G1 = (1, 2)
        g1: [
            [
                0x0000000000000001,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
            ],
            [
                0x0000000000000002,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
                0x0000000000000000,
            ],
        ],
        g2: [
            [
                [
                    0x46debd5cd992f6ed,
                    0x674322d4f75edadd,
                    0x426a00665e5c4479,
                    0x1800deef121f1e76,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0x97e485b7aef312c2,
                    0xf1aa493335a9e712,
                    0x7260bfb731fb5d25,
                    0x198e9393920d483a,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
            ],
            [
                [
                    0x4ce6cc0166fa7daa,
                    0xe3d1e7690c43d37b,
                    0x4aab71808dcb408f,
                    0x12c85ea5db8c6deb,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
                [
                    0x55acdadcd122975b,
                    0xbc4b313370b38ef3,
                    0xec9e99ad690c3395,
                    0x090689d0585ff075,
                    0x0000000000000000,
                    0x0000000000000000,
                ],
            ],
        ],
        eip: super::Eip::EIP196,
        // the hinted check (eprint 2024/640) is written for BLS12 curves only
        hint_scaling: None,
    }
}

#[cfg(test)]
mod tests {
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
}
