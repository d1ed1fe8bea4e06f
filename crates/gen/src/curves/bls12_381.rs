//! BLS12-381 (z = −0xd201000000010000): its parameters, each with the formula that defines it
//! (`tests` recompute every one from `p` and `z`).

use evm384_arith::Limbs;

use super::{CurveParams, Tower, Twist};

const ZERO: Limbs = [0; 6];

/// BLS12-381 (z = -0xd201000000010000).
pub fn bls12_381() -> CurveParams {
    CurveParams {
        name: "BLS12-381",
        family: super::Family::Bls12,
        p: evm384_arith::BLS12_381_P, // = (z-1)²(z⁴-z²+1)/3 + z (test `p_and_r_follow_from_z`)
        r: [0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48, 0, 0],
        z_abs: evm384_arith::BLS12_381_Z_ABS,
        z_negative: true,
        tower: Tower::BLST,
        twist: Twist::M,
        b: 4,
        b_twist: [[4, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]], // b·ξ = 4 + 4·u
        beta: [
            0x2e01fffffffefffe,
            0xde17d813620a0002,
            0xddb3a93be6f89688,
            0xba69c6076a0f77ea,
            0x5f19672fdf76ce51,
            0x0000000000000000,
        ],
        psi_r2: [ZERO, P_MINUS_XI3_C1_PLUS_1],
        psi_s2: [G_C, G_A],
        frobenius: [
            [
                [
                    [
                        0x8d0775ed92235fb8,
                        0xf67ea53d63e7813d,
                        0x7b2443d784bab9c4,
                        0x0fd603fd3cbd5f4f,
                        0xc231beb4202c0d1f,
                        0x1904d3bf02bb0667,
                    ],
                    [
                        0x2cf78a126ddc4af3,
                        0x282d5ac14d6c7ec2,
                        0xec0c8ec971f63c5f,
                        0x54a14787b6c7b36f,
                        0x88e9e902231f9fb8,
                        0x00fc3e2b36c4e032,
                    ],
                ],
                [ZERO, P_MINUS_XI3_C1],
                [G_A, G_A],
                [P_MINUS_XI3_C1_PLUS_1, ZERO],
                [
                    [
                        0x9b18fae980078116,
                        0xc63a3e6e257f8732,
                        0x8beadf4d8e9c0566,
                        0xf39816240c0b8fee,
                        0xdf47fa6b48b1e045,
                        0x05b2cfd9013a5fd8,
                    ],
                    [
                        0x1ee605167ff82995,
                        0x5871c1908bd478cd,
                        0xdb45f3536814f0bd,
                        0x70df3560e77982d0,
                        0x6bd3ad4afa99cc91,
                        0x144e4211384586c1,
                    ],
                ],
            ],
            [
                [BETA_PLUS_1, ZERO],
                [BETA, ZERO],
                [P_MINUS_1, ZERO],
                [P_MINUS_XI3_C1, ZERO],
                [P_MINUS_XI3_C1_PLUS_1, ZERO],
            ],
            [[G_C, G_A], [ZERO, [1, 0, 0, 0, 0, 0]], [G_C, G_C], [P_MINUS_1, ZERO], [G_A, G_C]],
        ],
        g1: [
            [
                0xfb3af00adb22c6bb,
                0x6c55e83ff97a1aef,
                0xa14e3a3f171bac58,
                0xc3688c4f9774b905,
                0x2695638c4fa9ac0f,
                0x17f1d3a73197d794,
            ],
            [
                0x0caa232946c5e7e1,
                0xd03cc744a2888ae4,
                0x00db18cb2c04b3ed,
                0xfcf5e095d5d00af6,
                0xa09e30ed741d8ae4,
                0x08b3f481e3aaa0f1,
            ],
        ],
        g2: [
            [
                [
                    0xd48056c8c121bdb8,
                    0x0bac0326a805bbef,
                    0xb4510b647ae3d177,
                    0xc6e47ad4fa403b02,
                    0x260805272dc51051,
                    0x024aa2b2f08f0a91,
                ],
                [
                    0xe5ac7d055d042b7e,
                    0x334cf11213945d57,
                    0xb5da61bbdc7f5049,
                    0x596bd0d09920b61a,
                    0x7dacd3a088274f65,
                    0x13e02b6052719f60,
                ],
            ],
            [
                [
                    0xe193548608b82801,
                    0x923ac9cc3baca289,
                    0x6d429a695160d12c,
                    0xadfd9baa8cbdd3a7,
                    0x8cc9cdc6da2e351a,
                    0x0ce5d527727d6e11,
                ],
                [
                    0xaaa9075ff05f79be,
                    0x3f370d275cec1da1,
                    0x267492ab572e99ab,
                    0xcb3e287e85a763af,
                    0x32acd2b02bc28b99,
                    0x0606c4a02ea734cc,
                ],
            ],
        ],
        eip: super::Eip::EIP2537,
        hinted_check: true,
    }
}

// Shared values of the tables above (each is a root of unity appearing several times).
const BETA: Limbs = [
    0x2e01fffffffefffe,
    0xde17d813620a0002,
    0xddb3a93be6f89688,
    0xba69c6076a0f77ea,
    0x5f19672fdf76ce51,
    0x0000000000000000,
];
const BETA_PLUS_1: Limbs = [
    0x2e01fffffffeffff,
    0xde17d813620a0002,
    0xddb3a93be6f89688,
    0xba69c6076a0f77ea,
    0x5f19672fdf76ce51,
    0x0000000000000000,
];
const P_MINUS_1: Limbs = [
    0xb9feffffffffaaaa,
    0x1eabfffeb153ffff,
    0x6730d2a0f6b0f624,
    0x64774b84f38512bf,
    0x4b1ba7b6434bacd7,
    0x1a0111ea397fe69a,
];
const P_MINUS_XI3_C1: Limbs = [
    0x8bfd00000000aaac,
    0x409427eb4f49fffd,
    0x897d29650fb85f9b,
    0xaa0d857d89759ad4,
    0xec02408663d4de85,
    0x1a0111ea397fe699,
];
const P_MINUS_XI3_C1_PLUS_1: Limbs = [
    0x8bfd00000000aaad,
    0x409427eb4f49fffd,
    0x897d29650fb85f9b,
    0xaa0d857d89759ad4,
    0xec02408663d4de85,
    0x1a0111ea397fe699,
];
const G_A: Limbs = [
    0xc81084fbede3cc09,
    0xee67992f72ec05f4,
    0x77f76e17009241c5,
    0x48395dabc2d3435e,
    0x6831e36d6bd17ffe,
    0x06af0e0437ff400b,
];
const G_C: Limbs = [
    0xf1ee7b04121bdea2,
    0x304466cf3e67fa0a,
    0xef396489f61eb45e,
    0x1c3dedd930b1cf60,
    0xe2e9c448d77a2cd9,
    0x135203e60180a68e,
];

/// The BLS12-381 G1 generator (x, y), big-endian hex.
pub(crate) const G1_GENERATOR: [&str; 2] = [
    "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
    "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
];

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    fn big(x: &Limbs) -> BigUint {
        let mut v = BigUint::from(0u8);
        for limb in x.iter().rev() {
            v = (v << 64) + BigUint::from(*limb);
        }
        v
    }

    /// Fp2 arithmetic on big integers (u² = -1), independent of the generator.
    fn mul2(a: &(BigUint, BigUint), b: &(BigUint, BigUint), p: &BigUint) -> (BigUint, BigUint) {
        let c0 = (&a.0 * &b.0 + p * p - (&a.1 * &b.1) % (p * p)) % p;
        let c1 = (&a.0 * &b.1 + &a.1 * &b.0) % p;
        (c0, c1)
    }
    fn pow2(a: &(BigUint, BigUint), e: &BigUint, p: &BigUint) -> (BigUint, BigUint) {
        let mut acc = (BigUint::from(1u8), BigUint::from(0u8));
        for i in (0..e.bits()).rev() {
            acc = mul2(&acc, &acc, p);
            if e.bit(i) {
                acc = mul2(&acc, a, p);
            }
        }
        acc
    }
    fn inv2(a: &(BigUint, BigUint), p: &BigUint) -> (BigUint, BigUint) {
        pow2(a, &(p * p - 2u8), p)
    }

    #[test]
    fn p_and_r_follow_from_z() {
        let c = bls12_381();
        let z = BigUint::from(c.z_abs); // z = -|z|
                                        // r = z⁴ - z² + 1 (even powers: sign-free)
        let r = z.pow(4) - z.pow(2) + 1u8;
        assert_eq!(big(&c.r), r);
        // p = (z-1)²·r/3 + z with z negative: (|z|+1)²·r/3 - |z|
        let p = (&z + 1u8).pow(2) * &r / 3u8 - &z;
        assert_eq!(big(&c.p), p);
    }

    #[test]
    fn beta_is_a_cube_root_of_unity() {
        let c = bls12_381();
        let p = big(&c.p);
        let beta = big(&c.beta);
        assert_ne!(beta, BigUint::from(1u8));
        assert_eq!(beta.modpow(&BigUint::from(3u8), &p), BigUint::from(1u8));
    }

    #[test]
    fn psi_and_frobenius_constants_follow_from_p() {
        let c = bls12_381();
        let p = big(&c.p);
        let xi = (BigUint::from(1u8), BigUint::from(1u8));
        let as_pair = |v: &[Limbs; 2]| (big(&v[0]), big(&v[1]));
        // r₂ = 1/ξ^((p-1)/3), s₂ = 1/ξ^((p-1)/2)
        let r2 = inv2(&pow2(&xi, &((&p - 1u8) / 3u8), &p), &p);
        let s2 = inv2(&pow2(&xi, &((&p - 1u8) / 2u8), &p), &p);
        assert_eq!(as_pair(&c.psi_r2), r2);
        assert_eq!(as_pair(&c.psi_s2), s2);
        // γₙ,ᵢ = ξ^(i·(pⁿ-1)/6)
        for n in 1..=3u32 {
            for i in 1..=5u32 {
                let e = (p.pow(n) - 1u8) * i / 6u8;
                assert_eq!(as_pair(&c.frobenius[n as usize - 1][i as usize - 1]), pow2(&xi, &e, &p), "γ{n},{i}");
            }
        }
    }

    #[test]
    fn endomorphisms_of_eigenvalue_z2() {
        let c = bls12_381();
        let p = big(&c.p);
        let r = big(&c.r);
        let lambda = BigUint::from(c.glv_lambda());
        // λ = z² is a primitive sixth root of unity mod r (−λ a cube root: φ's eigenvalue), and
        // r = λ² − λ + 1 < λ²
        assert_eq!(lambda.modpow(&BigUint::from(3u8), &r), &r - 1u8);
        assert_eq!(&lambda * &lambda - &lambda + 1u8, r);
        // N(s₂) = −1 and c = N(r₂) a non-trivial cube root of unity in Fp
        let norm = |v: &[Limbs; 2]| (big(&v[0]).pow(2) + big(&v[1]).pow(2)) % &p;
        assert_eq!(norm(&c.psi_s2), &p - 1u8);
        let c2 = big(&c.glv_coefficient(true));
        assert_eq!(c2, norm(&c.psi_r2));
        assert_eq!(c2.modpow(&BigUint::from(3u8), &p), BigUint::from(1u8));
        assert_ne!(c2, BigUint::from(1u8));
        assert_eq!(c.glv_coefficient(false), c.beta);
    }

    #[test]
    fn generators_are_arkworks() {
        use ark_bls12_381::{G1Affine, G2Affine};
        use ark_ec::AffineRepr;
        let limbs = |x| crate::curves::ark_limbs(&x);
        let c = bls12_381();
        let (g1, g2) = (G1Affine::generator(), G2Affine::generator());
        assert_eq!(c.g1, [limbs(g1.x), limbs(g1.y)]);
        assert_eq!(c.g2, [[limbs(g2.x.c0), limbs(g2.x.c1)], [limbs(g2.y.c0), limbs(g2.y.c1)]]);
        assert_eq!(hex::encode(evm384_arith::to_be_bytes(&c.g1[0])), G1_GENERATOR[0]);
    }

    #[test]
    fn bit_expansions() {
        let c = bls12_381();
        assert_eq!(c.z_bits().len(), 63);
        assert_eq!(c.z2_bits().len(), 127);
    }
}
