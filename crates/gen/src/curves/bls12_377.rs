//! BLS12-377 (Zexe, eprint 2018/962; EIP-2539): z = 0x8508c00000000001 > 0, the tower
//! Fp2 = Fp[u]/(u² + 5), Fp6 = Fp2[v]/(v³ − u), and a D-type twist E′: y² = x³ + 1/u. Every
//! value carries the formula that defines it; `tests` recompute each from `p` and `z` and
//! check them against arkworks' `ark-bls12-377`.

use super::{CurveParams, Tower, Twist};

/// BLS12-377 (z = 0x8508c00000000001).
pub fn bls12_377() -> CurveParams {
    CurveParams {
        name: "BLS12-377",
        family: super::Family::Bls12,
        // p = (z-1)²(z⁴-z²+1)/3 + z (test `p_and_r_follow_from_z`)
        p: [
            0x8508c00000000001,
            0x170b5d4430000000,
            0x1ef3622fba094800,
            0x1a22d9f300f5138f,
            0xc63b05c06ca1493b,
            0x01ae3a4617c510ea,
        ],
        // r = z⁴ - z² + 1
        r: [
            0x0a11800000000001,
            0x59aa76fed0000001,
            0x60b44d1e5c37b001,
            0x12ab655e9a2ca556,
            0x0000000000000000,
            0x0000000000000000,
        ],
        z_abs: 0x8508c00000000001,
        z_negative: false,
        tower: Tower { u_squared: -5, xi: [0, 1] },
        twist: Twist::D,
        b: 1,
        // b′ = b/ξ = 1/u = −u/5
        b_twist: [
            [0; 6],
            [
                0x1c9ed9999999999a,
                0x0dd39e5c1ccccccd,
                0x129207b63c6bf800,
                0xdc7b4f91cd5fd889,
                0x43bd03737460c589,
                0x010222f6db0fd6f3,
            ],
        ],
        // the cube root of unity with φ(P) = −[z²]P on G1 (test `endomorphisms_of_eigenvalue_z2`)
        beta: [
            0xffffffffffffffff,
            0xd1e945779fffffff,
            0x59064ee822fb5bff,
            0xb8882a75cc9bc8e3,
            0xbc8756ba8f8c524e,
            0x01ae3a4617c510ea,
        ],
        // r₂ = ξ^((p-1)/3), s₂ = ξ^((p-1)/2) (D-type twist)
        psi_r2: [
            [
                0x8508c00000000002,
                0x452217cc90000000,
                0xc5ed1347970dec00,
                0x619aaf7d34594aab,
                0x09b3af05dd14f6ec,
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
        psi_s2: [
            [
                0x6e76d5ecf1391c63,
                0x99588459bff27d8e,
                0xbce649cf436b0f62,
                0x400398f50ad1dec1,
                0xc0c534db1a79beb1,
                0x01680a40796537ca,
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
        // γₙ,ᵢ = ξ^(i·(pⁿ-1)/6)
        frobenius: [
            [
                [
                    [
                        0xe938a9d1104f2031,
                        0xb57668e558eb0188,
                        0xc681bf34a3aa559d,
                        0x5c8a45e0f94ebc8e,
                        0x33c1e30682567f91,
                        0x009a9975399c0196,
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
                        0x8508c00000000002,
                        0x452217cc90000000,
                        0xc5ed1347970dec00,
                        0x619aaf7d34594aab,
                        0x09b3af05dd14f6ec,
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
                        0x6e76d5ecf1391c63,
                        0x99588459bff27d8e,
                        0xbce649cf436b0f62,
                        0x400398f50ad1dec1,
                        0xc0c534db1a79beb1,
                        0x01680a40796537ca,
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
                        0x8508c00000000001,
                        0x452217cc90000000,
                        0xc5ed1347970dec00,
                        0x619aaf7d34594aab,
                        0x09b3af05dd14f6ec,
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
                        0x853e2c1be0e9fc32,
                        0xe3e21b7467077c05,
                        0xf6648a9a9fc0b9c4,
                        0xe379531411832232,
                        0x8d0351d498233f1f,
                        0x00cd70cb3fc93634,
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
                        0x8508c00000000002,
                        0x452217cc90000000,
                        0xc5ed1347970dec00,
                        0x619aaf7d34594aab,
                        0x09b3af05dd14f6ec,
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
                        0x8508c00000000001,
                        0x452217cc90000000,
                        0xc5ed1347970dec00,
                        0x619aaf7d34594aab,
                        0x09b3af05dd14f6ec,
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
                        0x8508c00000000000,
                        0x170b5d4430000000,
                        0x1ef3622fba094800,
                        0x1a22d9f300f5138f,
                        0xc63b05c06ca1493b,
                        0x01ae3a4617c510ea,
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
                        0xffffffffffffffff,
                        0xd1e945779fffffff,
                        0x59064ee822fb5bff,
                        0xb8882a75cc9bc8e3,
                        0xbc8756ba8f8c524e,
                        0x01ae3a4617c510ea,
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
                        0x0000000000000000,
                        0xd1e94577a0000000,
                        0x59064ee822fb5bff,
                        0xb8882a75cc9bc8e3,
                        0xbc8756ba8f8c524e,
                        0x01ae3a4617c510ea,
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
                        0x6e76d5ecf1391c63,
                        0x99588459bff27d8e,
                        0xbce649cf436b0f62,
                        0x400398f50ad1dec1,
                        0xc0c534db1a79beb1,
                        0x01680a40796537ca,
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
                        0x8508c00000000000,
                        0x170b5d4430000000,
                        0x1ef3622fba094800,
                        0x1a22d9f300f5138f,
                        0xc63b05c06ca1493b,
                        0x01ae3a4617c510ea,
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
                        0x1691ea130ec6e39e,
                        0x7db2d8ea700d8272,
                        0x620d1860769e389d,
                        0xda1f40fdf62334cd,
                        0x0575d0e552278a89,
                        0x004630059e5fd920,
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
                        0x0000000000000001,
                        0x0000000000000000,
                        0x0000000000000000,
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
                        0x6e76d5ecf1391c63,
                        0x99588459bff27d8e,
                        0xbce649cf436b0f62,
                        0x400398f50ad1dec1,
                        0xc0c534db1a79beb1,
                        0x01680a40796537ca,
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
        ],
        g1: [
            [
                0xeab9b16eb21be9ef,
                0xd5481512ffcd394e,
                0x188282c8bd37cb5c,
                0x85951e2caa9d41bb,
                0xc8fc6225bf87ff54,
                0x008848defe740a67,
            ],
            [
                0xfd82de55559c8ea6,
                0xc2fe3d3634a9591a,
                0x6d182ad44fb82305,
                0xbd7fb348ca3e52d9,
                0x1f674f5d30afeec4,
                0x01914a69c5102eff,
            ],
        ],
        g2: [
            [
                [
                    0x74e3e48f7c005196,
                    0x71889f52bb535402,
                    0x7ea501f557db6b9b,
                    0xc565f071203e5031,
                    0xc89630a2a3841d01,
                    0x018480be71c785fe,
                ],
                [
                    0xb26bfefa6ea16afe,
                    0x5cf89984bff76fe6,
                    0xe7223ece0799c9de,
                    0x532777ee6651cecb,
                    0x70dc5a51b1b140d5,
                    0x00ea6040e7004031,
                ],
            ],
            [
                [
                    0xf094094409fd4ddf,
                    0xf2cf88886d8c7c2e,
                    0xe458c282f832d204,
                    0xde03ed7274b49a58,
                    0xd960736bcbb2efb4,
                    0x00690d665d446f7b,
                ],
                [
                    0xd9a1cdd185eb8f93,
                    0x4279b83f5e52270b,
                    0x2463b01acee304c2,
                    0x61ef11ac3d591bf1,
                    0x9e549da3151a70aa,
                    0x00f8169fd2835518,
                ],
            ],
        ],
        eip: super::Eip::EIP2539,
        hinted_check: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::model::{big, Fp2Model};
    use ark_bls12_377::{Fq, Fq2, G1Affine, G2Affine};
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::{BigInteger, PrimeField};
    use evm384_arith::Limbs;
    use num_bigint::BigUint;

    fn fq(x: &Limbs) -> Fq {
        crate::curves::ark_field(x)
    }
    fn fq2(x: &[Limbs; 2]) -> Fq2 {
        Fq2::new(fq(&x[0]), fq(&x[1]))
    }
    fn limbs(x: Fq) -> Limbs {
        crate::curves::ark_limbs(&x)
    }

    #[test]
    fn generators_are_arkworks() {
        let c = bls12_377();
        let (g1, g2) = (G1Affine::generator(), G2Affine::generator());
        assert_eq!(c.g1, [limbs(g1.x), limbs(g1.y)]);
        assert_eq!(c.g2, [[limbs(g2.x.c0), limbs(g2.x.c1)], [limbs(g2.y.c0), limbs(g2.y.c1)]]);
    }

    #[test]
    fn p_and_r_follow_from_z_and_equal_arkworks() {
        let c = bls12_377();
        let z = BigUint::from(c.z_abs); // z > 0
        let r = z.pow(4) - z.pow(2) + 1u8;
        assert_eq!(big(&c.r), r);
        let p = (&z - 1u8).pow(2) * &r / 3u8 + &z;
        assert_eq!(big(&c.p), p);
        assert_eq!(p, BigUint::from_bytes_le(&Fq::MODULUS.to_bytes_le()));
        assert_eq!(r, BigUint::from_bytes_le(&ark_bls12_377::Fr::MODULUS.to_bytes_le()));
    }

    #[test]
    fn tower_twist_and_b() {
        let c = bls12_377();
        let m = Fp2Model::new(&c);
        // u² = −5 is a non-residue of Fp; ξ = u, a sextic non-residue of Fp2: ξ^((p²−1)/2) ≠ 1,
        // ξ^((p²−1)/3) ≠ 1
        let p = big(&c.p);
        assert_eq!((&p - 5u8).modpow(&((&p - 1u8) / 2u8), &p), &p - 1u8, "−5 is a non-residue");
        let xi = m.xi();
        assert_ne!(m.pow(&xi, &((p.pow(2) - 1u8) / 2u8)), m.one());
        assert_ne!(m.pow(&xi, &((p.pow(2) - 1u8) / 3u8)), m.one());
        // b′ = b/ξ, and arkworks' G2 generator lies on E′: y² = x³ + b′ (the D-type twist)
        assert_eq!(m.mul(&m.of(&c.b_twist), &xi), m.small(c.b as i64));
        let g2 = G2Affine::generator();
        assert_eq!(g2.y * g2.y, g2.x * g2.x * g2.x + fq2(&c.b_twist));
        let g1 = G1Affine::generator();
        assert_eq!(g1.y * g1.y, g1.x * g1.x * g1.x + Fq::from(c.b));
    }

    #[test]
    fn psi_and_frobenius_constants_follow_from_p() {
        let c = bls12_377();
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
        // arkworks' Fp6 Frobenius coefficient ξ^((p−1)/3) is γ₁,₂
        use ark_ff::fields::models::fp6_3over2::Fp6Config;
        assert_eq!(ark_bls12_377::Fq6Config::FROBENIUS_COEFF_FP6_C1[1], fq2(&c.frobenius[0][1]));
    }

    /// ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) acts on G2 as [p] = [z] (p ≡ z mod r), and
    /// φ(x, y) = (β·x, y) on G1 as −[z²]: both checked on arkworks' generators.
    #[test]
    fn endomorphisms_of_eigenvalue_z2() {
        let c = bls12_377();
        let z = ark_bls12_377::Fr::from(c.z_abs);
        let q = G2Affine::generator();
        let conj = |v: Fq2| Fq2::new(v.c0, -v.c1);
        let psi = G2Affine::new(conj(q.x) * fq2(&c.psi_r2), conj(q.y) * fq2(&c.psi_s2));
        assert_eq!(psi, (q * z).into_affine());
        let g = G1Affine::generator();
        let phi = G1Affine::new(g.x * fq(&c.beta), g.y);
        assert_eq!(phi, (-(g * (z * z))).into_affine());
        assert_eq!(limbs(fq(&c.beta)), c.beta, "β canonical");
    }
}
