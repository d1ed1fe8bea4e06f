//! Curves as data (constantine's habit: a curve is a parameter block, not code): one module
//! per curve with its parameters and map constants. Every value is a canonical integer (not
//! Montgomery form), six little-endian 64-bit limbs, and carries the formula that defines it;
//! each curve's tests recompute every value from `p` and `z` alone.

use evm384_arith::Limbs;
use evm384_vectors::Operation::{self, *};

mod bls12_377;
mod bls12_381;
mod bls12_381_map;
mod bn254;
mod glv;
#[cfg(test)]
pub(crate) mod model;

pub use bls12_377::bls12_377;
pub use bls12_381::bls12_381;
pub(crate) use bls12_381::G1_GENERATOR;
pub(crate) use bls12_381_map::{bls12_381_map_params, MapParams};
pub use bn254::bn254;
pub use glv::GlvLattice;

/// The curves the generator writes for: the handle every program is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Curve {
    /// BLS12-381 (EIP-2537).
    Bls12_381,
    /// BLS12-377 (EIP-2539).
    Bls12_377,
    /// BN254, alt_bn128 (EIP-196, EIP-197: Ethereum's ecAdd, ecMul, ecPairing).
    Bn254,
}

impl Curve {
    pub const ALL: [Curve; 3] = [Curve::Bls12_381, Curve::Bls12_377, Curve::Bn254];

    /// `bls12-381`, `bls12-377` or `bn254`.
    pub fn name(self) -> &'static str {
        match self {
            Curve::Bls12_381 => "bls12-381",
            Curve::Bls12_377 => "bls12-377",
            Curve::Bn254 => "bn254",
        }
    }

    pub fn params(self) -> CurveParams {
        match self {
            Curve::Bls12_381 => bls12_381(),
            Curve::Bls12_377 => bls12_377(),
            Curve::Bn254 => bn254(),
        }
    }

    /// What the curve's precompile EIP asks of its operations (`CurveParams::eip`).
    pub(crate) fn eip(self) -> Eip {
        self.params().eip
    }

    /// The constants of the maps to G1 and G2 (RFC 9380), where the EIP specifies a map.
    pub(crate) fn map_params(self) -> Option<MapParams> {
        match self {
            Curve::Bls12_381 => Some(bls12_381_map_params()),
            Curve::Bls12_377 | Curve::Bn254 => None,
        }
    }
}

impl Curve {
    /// Runs `task` in arkworks' Fp12 of this curve, whose tower is the generator's (each curve's
    /// tests check β, ξ and the Frobenius coefficients against it): how the hinted check's
    /// witness computes its powers without naming a curve.
    pub(crate) fn with_ark_fp12<T: ArkFp12Task>(self, task: T) -> T::Output {
        match self {
            Curve::Bls12_381 => task.run::<ark_bls12_381::Fq12Config>(),
            Curve::Bls12_377 => task.run::<ark_bls12_377::Fq12Config>(),
            Curve::Bn254 => task.run::<ark_bn254::Fq12Config>(),
        }
    }
}

/// A canonical value as an element of arkworks' prime field `F` (reduced mod its modulus).
pub(crate) fn ark_field<F: ark_ff::PrimeField>(x: &Limbs) -> F {
    F::from_le_bytes_mod_order(&x.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>())
}

/// An element of arkworks' prime field as a canonical value.
pub(crate) fn ark_limbs<F: ark_ff::PrimeField>(x: &F) -> Limbs {
    use ark_ff::BigInteger;
    let bytes = x.into_bigint().to_bytes_le();
    core::array::from_fn(|i| {
        let mut word = [0u8; 8];
        for (j, b) in bytes.iter().skip(8 * i).take(8).enumerate() {
            word[j] = *b;
        }
        u64::from_le_bytes(word)
    })
}

/// A computation generic over arkworks' Fp12 (`Curve::with_ark_fp12`).
pub(crate) trait ArkFp12Task {
    type Output;
    fn run<P: ark_ff::Fp12Config>(self) -> Self::Output;
}

/// The rules of a curve's precompile EIP that decide which program an operation gets and how
/// its input and output are encoded (every EIP here encodes the point at infinity as zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eip {
    pub number: u32,
    /// The operations it specifies completely (EIP-196/197: ecAdd as G1ADD, ecMul as G1MUL,
    /// ecPairing as the pairing check; EIP-2539 no maps).
    pub operations: &'static [Operation],
    /// Bytes of a field element: 64 (EIP-2537 and EIP-2539: 16 zero bytes, then 48 of value)
    /// or 32 (EIP-196/197: the value big-endian).
    pub element_bytes: u32,
    /// An input shorter than the operation's is read as if padded with zeros on the right, and
    /// bytes beyond it are ignored (EIP-196's ecAdd and ecMul); otherwise a wrong length fails.
    pub zero_padded_input: bool,
    /// The pairing of no pairs is one (EIP-197: an empty input returns 1); otherwise an empty
    /// input fails (EIP-2537).
    pub empty_pairing_is_one: bool,
    /// A G2 coordinate a + b·u is encoded b ‖ a (EIP-197); otherwise a ‖ b (EIP-2537).
    pub g2_imaginary_first: bool,
    /// The MSM's points must lie in the prime-order subgroup (EIP-2537): it checks them, so the
    /// scalar may be reduced mod r and split by an endomorphism. Otherwise (EIP-2539) any
    /// on-curve point is multiplied by the unreduced scalar.
    pub msm_in_subgroup: bool,
}

impl Eip {
    /// EIP-2537 (BLS12-381).
    pub const EIP2537: Eip = Eip {
        number: 2537,
        operations: &Operation::ALL,
        msm_in_subgroup: true,
        element_bytes: 64,
        zero_padded_input: false,
        empty_pairing_is_one: false,
        g2_imaginary_first: false,
    };
    /// EIP-2539 (BLS12-377): EIP-2537's encoding and rules, single MULs, MULTIEXPs of any
    /// on-curve point, no maps.
    pub(crate) const EIP2539: Eip = Eip {
        number: 2539,
        operations: &[G1Add, G1Mul, G1Msm, G2Add, G2Mul, G2Msm, PairingCheck],
        msm_in_subgroup: false,
        ..Eip::EIP2537
    };
    /// EIP-196 and EIP-197 (BN254): ecAdd, ecMul, ecPairing.
    pub const EIP196: Eip = Eip {
        number: 196,
        operations: &[G1Add, G1Mul, PairingCheck],
        msm_in_subgroup: false,
        element_bytes: 32,
        zero_padded_input: true,
        empty_pairing_is_one: true,
        g2_imaginary_first: true,
    };
}

impl core::fmt::Display for Curve {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Curve {
    type Err = String;
    fn from_str(s: &str) -> Result<Curve, String> {
        Curve::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| format!("unknown curve '{s}': expected bls12-381, bls12-377 or bn254"))
    }
}

/// The extension tower of a BLS12 or BN curve: Fp2 = Fp\[u\]/(u² − β), Fp6 = Fp2\[v\]/(v³ − ξ),
/// Fp12 = Fp6\[w\]/(w² − v), with β and ξ small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tower {
    /// β = u², a quadratic non-residue of Fp (a small negative integer).
    pub u_squared: i64,
    /// ξ = xi\[0\] + xi\[1\]·u, a sextic non-residue of Fp2.
    pub xi: [u64; 2],
}

impl Tower {
    /// blst's tower (BLS12-381): u² = −1, ξ = 1 + u.
    pub(crate) const BLST: Tower = Tower { u_squared: -1, xi: [1, 1] };
}

/// The sextic twist E′ carrying G2, which decides the untwisting map and so the shape of the
/// Miller loop's lines (arkworks' `TwistType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twist {
    /// Multiplicative: E′: y² = x³ + b·ξ, untwisted (x′/w², y′/w³).
    M,
    /// Divisive: E′: y² = x³ + b/ξ, untwisted (x′·w², y′·w³).
    D,
}

/// The family of a pairing-friendly curve: its polynomials p(z), r(z), t(z) and so its Miller
/// loop (`CurveParams::ate_loop_digits`), the eigenvalue of ψ on G2 (`CurveParams::psi_eigenvalue`)
/// and the final exponentiation's hard part. Both have embedding degree 12 and a sextic twist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Barreto–Lynn–Scott, k = 12: p = (z−1)²(z⁴−z²+1)/3 + z, r = z⁴ − z² + 1, t = z + 1;
    /// optimal ate loop over z.
    Bls12,
    /// Barreto–Naehrig: p = 36z⁴ + 36z³ + 24z² + 6z + 1, r = 36z⁴ + 36z³ + 18z² + 6z + 1,
    /// t = 6z² + 1 (#E(Fp) = r: G1 has cofactor 1); optimal ate loop over 6z + 2 and two closing
    /// lines through ψ(Q) and −ψ²(Q) (Vercauteren, eprint 2008/096).
    Bn,
}

/// The parameters of a pairing-friendly curve of the BLS12 or BN family (`family`).
#[derive(Clone, Debug)]
pub struct CurveParams {
    pub name: &'static str,
    /// The family, which says which polynomials in z give p and r.
    pub family: Family,
    /// Base field modulus p = (z-1)²(z⁴-z²+1)/3 + z (BLS12), 36z⁴ + 36z³ + 24z² + 6z + 1 (BN).
    pub p: Limbs,
    /// Group order r = z⁴ - z² + 1 (BLS12), 36z⁴ + 36z³ + 18z² + 6z + 1 (BN).
    pub r: Limbs,
    /// |z|, the absolute value of the seed; `z_negative` gives its sign.
    pub z_abs: u64,
    pub z_negative: bool,
    /// The tower over Fp.
    pub tower: Tower,
    /// The twist carrying G2.
    pub twist: Twist,
    /// G1: y² = x³ + b.
    pub b: u64,
    /// b′ of the twist E′: y² = x³ + b′ (b·ξ for an M-type twist, b/ξ for a D-type one), as
    /// [c0, c1].
    pub b_twist: [Limbs; 2],
    /// β: a primitive cube root of unity in Fp, φ(x, y) = (β·x, y) on G1, the one with
    /// φ(P) = −\[p²\]P on G1 (BLS12: −\[z²\]P; BN: [36z³ + 18z² + 6z + 1]P), so that
    /// E(x, y) = (β·x, −y) = \[p²\] on G1 as ψ² is on G2 (`glv_coefficient`).
    pub beta: Limbs,
    /// r₂ ∈ Fp2 (as [c0, c1]) with ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) on G2, the untwist–
    /// Frobenius–twist map: r₂ = 1/ξ^((p-1)/3) for an M-type twist, ξ^((p-1)/3) for a D-type one.
    pub psi_r2: [Limbs; 2],
    /// s₂ = 1/ξ^((p-1)/2) (M-type), ξ^((p-1)/2) (D-type).
    pub psi_s2: [Limbs; 2],
    /// Frobenius coefficients γ[n-1]\[i-1\] = ξ^(i·(pⁿ-1)/6) ∈ Fp2, n = 1, 2, 3, i = 1..5:
    /// (Σ fᵢ wⁱ)^(pⁿ) = Σ conjⁿ(fᵢ)·γₙ,ᵢ·wⁱ.
    pub frobenius: [[[Limbs; 2]; 5]; 3],
    /// The generator of G1 the curve's EIP names, (x, y).
    pub g1: [Limbs; 2],
    /// The generator of G2 the curve's EIP names, ((x.c0, x.c1), (y.c0, y.c1)).
    pub g2: [[Limbs; 2]; 2],
    /// The precompile EIP the curve's contracts follow: its operations and encoding.
    pub eip: Eip,
    /// Whether the hinted pairing check is written for the curve (`ops::pairing::hinted`: BLS12
    /// curves, and BN curves with z > 0; a BN curve with z < 0 conjugates f and negates T before
    /// its closing lines, which only the final exponentiation forgives).
    pub hinted_check: bool,
}

/// The multiple λ of r whose root the hinted check takes (eprint 2024/640 §4), written
/// as the Miller loop evaluates it: λ = `loop_sign`·s + Σᵢ `frobenius[i − 1]`·pⁱ, s = |the
/// loop's scalar| (|z| for BLS12, |6z + 2| for BN): BLS12's λ = p − z, BN's optimal-ate
/// relation λ = 6z + 2 + p − p² + p³ (Vercauteren, eprint 2008/096 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HintExponent {
    /// The sign of the loop's term: −1 or 1.
    pub(crate) loop_sign: i8,
    /// The coefficients of p, p², p³: each −1, 0 or 1.
    pub(crate) frobenius: [i8; 3],
}

impl CurveParams {
    /// λ of the hinted check, from the family and the sign of z ([`HintExponent`]).
    pub(crate) fn hint_exponent(&self) -> HintExponent {
        let z_sign = if self.z_negative { -1 } else { 1 };
        match self.family {
            Family::Bls12 => HintExponent { loop_sign: -z_sign, frobenius: [1, 0, 0] },
            Family::Bn => HintExponent { loop_sign: z_sign, frobenius: [1, -1, 1] },
        }
    }

    /// Bits of |z| below the leading one, most significant first (the exponentiation by z
    /// iterates over these, and a BLS12 curve's Miller loop: `ate_loop_digits`).
    pub(crate) fn z_bits(&self) -> Vec<bool> {
        bits_below_top(&[self.z_abs])
    }

    /// Bits of z² below the leading one (BLS12's G1 subgroup check; BN's G1 has cofactor 1).
    pub(crate) fn z2_bits(&self) -> Vec<bool> {
        let z2 = (self.z_abs as u128) * (self.z_abs as u128);
        bits_below_top(&[z2 as u64, (z2 >> 64) as u64])
    }

    /// Whether E(Fp) has prime order r, so that every point of the curve is in G1 and a scalar
    /// may be reduced mod r and split by the endomorphism: a BN curve's #E(Fp) = p + 1 − t with
    /// t = 6z² + 1 is r; a BLS12 curve's has the cofactor (z − 1)²/3.
    pub(crate) fn g1_curve_has_prime_order(&self) -> bool {
        self.family == Family::Bn
    }

    /// The GLV split on a lattice basis for φ(x, y) = (β·x, y) on G1, of eigenvalue
    /// λ = −p² mod r (`beta`).
    pub(crate) fn g1_glv_lattice(&self) -> GlvLattice {
        let (p, r) = (big_uint(&self.p), big_uint(&self.r));
        GlvLattice::new(&r, &(&r - (&p * &p % &r)))
    }

    /// λ = z², the eigenvalue of the endomorphism E(x, y) = (c·x, −y) on both groups that the
    /// MSMs split scalars for (GLV): s = s₀ + s₁·λ, both halves below λ < 2^128 since
    /// r = λ² − λ + 1. BLS12 only (BN's eigenvalue p² mod r has 254 bits: its GLV split needs a
    /// lattice basis).
    pub(crate) fn glv_lambda(&self) -> u128 {
        (self.z_abs as u128) * (self.z_abs as u128)
    }

    /// c of E(x, y) = (c·x, −y) = \[p²\](x, y) (BLS12: p ≡ z mod r, so \[z²\]), on G1 (`g2` false)
    /// or G2 (the BLS12 derivation below; BN's is `curves::bn254`'s test
    /// `endomorphisms_and_their_eigenvalues`):
    /// - G1: E = −φ with φ(x, y) = (β·x, y), since φ(P) = −\[z²\]P (the subgroup check's identity): c = β;
    /// - G2: E = ψ² = (N(r₂)·x, N(s₂)·y) with N(a) = a·conj(a) ∈ Fp, since ψ(Q) = −[|z|]Q gives
    ///   ψ²(Q) = \[z²\]Q; N(s₂) = −1 (checked by `tests::endomorphisms_of_eigenvalue_z2`): c = N(r₂).
    pub(crate) fn glv_coefficient(&self, g2: bool) -> Limbs {
        if !g2 {
            return self.beta;
        }
        let f = evm384_arith::MontField::new(self.p);
        let [c0, c1] = self.psi_r2.map(|v| f.to_mont(&v));
        let n = evm384_arith::addmod384(&f.mul(&c0, &c0), &f.mul(&c1, &c1), &self.p);
        f.from_mont(&n)
    }

    /// r as four 64-bit words (it fits 256 bits: the EVM code reduces scalars with MOD).
    pub(crate) fn r_words(&self) -> [u64; 4] {
        assert!(self.r[4] == 0 && self.r[5] == 0, "r below 2^256");
        [self.r[0], self.r[1], self.r[2], self.r[3]]
    }

    /// Whether E(Fp) has a point of order two, (x, 0) with x³ = −b: a BLS12 curve's trace of
    /// Frobenius is t = z + 1, so #E(Fp) = p + 1 − t = p − z, even iff z is odd (BLS12-377:
    /// yes, its three points (−1, 0), (−ω, 0), (−ω², 0); BLS12-381: no). A BN curve's #E(Fp)
    /// is the odd prime r: no. Where it has none, eprint 2015/1060's Algorithm 7 is complete on
    /// E(Fp) (`algebra::curve`'s `add_exact` explains the exception).
    pub(crate) fn g1_has_two_torsion(&self) -> bool {
        self.family == Family::Bls12 && self.z_abs & 1 == 1
    }

    /// The signed binary digits of the optimal ate Miller loop's scalar, most significant
    /// first (the leading digit is 1): |z| in binary for BLS12 (the leading one, then
    /// `z_bits`); |6z + 2| for BN, its non-adjacent form with a leading 1 0 −1 (3·2^k) written
    /// 1 1 (one doubling fewer, as many additions: arkworks' `BnConfig::ATE_LOOP_COUNT`, which
    /// lists them least significant first). The loop's value is negated for z < 0.
    pub(crate) fn ate_loop_digits(&self) -> Vec<i8> {
        let n: u128 = match self.family {
            Family::Bls12 => return core::iter::once(1).chain(self.z_bits().into_iter().map(i8::from)).collect(),
            Family::Bn if self.z_negative => 6 * self.z_abs as u128 - 2,
            Family::Bn => 6 * self.z_abs as u128 + 2,
        };
        let (mut n, mut digits) = (n, Vec::new()); // NAF, least significant first
        while n != 0 {
            let d: i8 = if n & 1 == 0 { 0 } else { 2 - (n & 3) as i8 };
            n = ((n as i128 - d as i128) / 2) as u128;
            digits.push(d);
        }
        digits.reverse();
        if digits.starts_with(&[1, 0, -1]) {
            digits.splice(0..3, [1, 1]);
        }
        digits
    }

    /// (|t − 1|, t − 1 < 0): the eigenvalue of ψ on G2, t − 1 ≡ p (mod r), t the trace of
    /// Frobenius. The G2 subgroup test is ψ(Q) = [t − 1]Q: z for BLS12 (Scott, eprint
    /// 2021/1130), 6z² for BN (El Housni, Guillevic, Piellard, eprint 2022/352 §4.3).
    pub fn psi_eigenvalue(&self) -> (u128, bool) {
        match self.family {
            Family::Bls12 => (self.z_abs as u128, self.z_negative),
            Family::Bn => ((self.z_abs as u128).pow(2).checked_mul(6).expect("6z² below 2^128"), false),
        }
    }

    /// [N(r₂), N(s₂)] ∈ Fp, N(a) = a·conj(a) = a₀² − u²·a₁²: ψ²(x, y) = (N(r₂)·x, N(s₂)·y), the
    /// p²-power Frobenius brought to the twist (no conjugation); N(s₂) = −1 for every sextic
    /// twist here (ξ^((p²−1)/2) = −1, ξ a non-square of Fp2). BN's Miller loop closes with a
    /// line through −ψ²(Q) = (N(r₂)·x, y).
    pub(crate) fn psi2_coefficients(&self) -> [Limbs; 2] {
        let f = evm384_arith::MontField::new(self.p);
        let minus_u2 = f.to_mont(&[self.tower.u_squared.unsigned_abs(), 0, 0, 0, 0, 0]);
        assert!(self.tower.u_squared < 0, "u² a small negative integer");
        [self.psi_r2, self.psi_s2].map(|a| {
            let [c0, c1] = a.map(|v| f.to_mont(&v));
            let c1_sq = f.mul(&f.mul(&c1, &c1), &minus_u2);
            f.from_mont(&evm384_arith::addmod384(&f.mul(&c0, &c0), &c1_sq, &self.p))
        })
    }
}

/// The binary expansion of a little-endian multi-word integer, most significant bit first,
/// without its leading one.
pub(crate) fn bits_below_top(words: &[u64]) -> Vec<bool> {
    let mut bits: Vec<bool> =
        (0..64 * words.len()).rev().map(|i| (words[i / 64] >> (i % 64)) & 1 == 1).skip_while(|b| !b).collect();
    bits.remove(0);
    bits
}

fn big_uint(v: &Limbs) -> num_bigint::BigUint {
    v.iter().rev().fold(num_bigint::BigUint::default(), |acc, &w| (acc << 64u32) + w)
}

#[cfg(test)]
mod tests {
    #[test]
    fn bits_below_top() {
        assert_eq!(super::bits_below_top(&[0b1101]), vec![true, false, true]);
        assert_eq!(super::bits_below_top(&[0, 1]), vec![false; 64]);
    }

    /// E(Fp) has a point of order two exactly where #E(Fp) = h·r is even, r odd (where arkworks'
    /// G1 cofactor h is even), and prime order exactly where h is one.
    #[test]
    fn two_torsion_and_prime_order_from_the_cofactor() {
        use super::Curve;
        use ark_ec::CurveConfig;
        for (curve, cofactor) in [
            (Curve::Bls12_381, ark_bls12_381::g1::Config::COFACTOR),
            (Curve::Bls12_377, ark_bls12_377::g1::Config::COFACTOR),
            (Curve::Bn254, ark_bn254::g1::Config::COFACTOR),
        ] {
            let c = curve.params();
            assert_eq!(c.g1_has_two_torsion(), cofactor[0].is_multiple_of(2), "{curve}");
            assert_eq!(c.g1_curve_has_prime_order(), cofactor == [1], "{curve}");
        }
        assert!(Curve::Bls12_377.params().g1_has_two_torsion());
    }
}
