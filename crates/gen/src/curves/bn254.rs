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
        // H = 3³ (λ = 6z + 2 + p − p² + p³), 3² ∥ p − 1: `docs/curves.md`
        hinted_check: true,
    }
}

#[cfg(test)]
mod tests;
