//! Curves as data (constantine's habit: a curve is a parameter block, not code): one module
//! per curve with its parameters and map constants. Every value is a canonical integer (not
//! Montgomery form), six little-endian 64-bit limbs, and carries the formula that defines it;
//! each curve's tests recompute every value from `p` and `z` alone.

use evm384_arith::Limbs;

mod bls12_381;
mod bls12_381_map;

pub use bls12_381::{bls12_381, G1_GENERATOR};
pub use bls12_381_map::{bls12_381_map_params, MapParams};

/// The parameters of a BLS12 curve with the blst tower
/// Fp2 = Fp[u]/(u²+1), Fp6 = Fp2[v]/(v³-ξ), Fp12 = Fp6[w]/(w²-v), ξ = u+1.
#[derive(Clone, Debug)]
pub struct CurveParams {
    pub name: &'static str,
    /// Base field modulus p = (z-1)²(z⁴-z²+1)/3 + z.
    pub p: Limbs,
    /// Group order r = z⁴ - z² + 1.
    pub r: Limbs,
    /// |z|, the absolute value of the seed; `z_negative` gives its sign.
    pub z_abs: u64,
    pub z_negative: bool,
    /// G1: y² = x³ + b; G2 (M-type twist): y² = x³ + b·ξ.
    pub b: u64,
    /// β: a primitive cube root of unity in Fp, φ(x, y) = (β·x, y) on G1.
    pub beta: Limbs,
    /// r₂ = 1/ξ^((p-1)/3) ∈ Fp2 (as [c0, c1]): ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) on G2.
    pub psi_r2: [Limbs; 2],
    /// s₂ = 1/ξ^((p-1)/2) ∈ Fp2.
    pub psi_s2: [Limbs; 2],
    /// Frobenius coefficients γ[n-1][i-1] = ξ^(i·(pⁿ-1)/6) ∈ Fp2, n = 1, 2, 3, i = 1..5:
    /// (Σ fᵢ wⁱ)^(pⁿ) = Σ conjⁿ(fᵢ)·γₙ,ᵢ·wⁱ.
    pub frobenius: [[[Limbs; 2]; 5]; 3],
    /// ℓ, the prime with (p − z)/r = 3·ℓ² (BLS12-381): 27·ℓ divides h = (p¹²−1)/r, and the
    /// hinted check's scaling factor has order dividing 27·ℓ (eprint 2024/640 §4).
    pub residue_ell: u64,
}

impl CurveParams {
    /// Bits of |z| below the leading one, most significant first (the Miller loop and
    /// the exponentiation by z iterate over these).
    pub fn z_bits(&self) -> Vec<bool> {
        bits_below_top(&[self.z_abs])
    }

    /// Bits of z² below the leading one (G1 subgroup check).
    pub fn z2_bits(&self) -> Vec<bool> {
        let z2 = (self.z_abs as u128) * (self.z_abs as u128);
        bits_below_top(&[z2 as u64, (z2 >> 64) as u64])
    }

    /// λ = z², the eigenvalue of the endomorphism E(x, y) = (c·x, −y) on both groups that the
    /// MSMs split scalars for (GLV): s = s₀ + s₁·λ, both halves below λ < 2^128 since
    /// r = λ² − λ + 1.
    pub fn glv_lambda(&self) -> u128 {
        (self.z_abs as u128) * (self.z_abs as u128)
    }

    /// c of E(x, y) = (c·x, −y) = [z²](x, y), on G1 (`g2` false) or G2:
    /// - G1: E = −φ with φ(x, y) = (β·x, y), since φ(P) = −[z²]P (the subgroup check's identity): c = β;
    /// - G2: E = ψ² = (N(r₂)·x, N(s₂)·y) with N(a) = a·conj(a) ∈ Fp, since ψ(Q) = −[|z|]Q gives
    ///   ψ²(Q) = [z²]Q; N(s₂) = −1 (checked by `tests::endomorphisms_of_eigenvalue_z2`): c = N(r₂).
    pub fn glv_coefficient(&self, g2: bool) -> Limbs {
        if !g2 {
            return self.beta;
        }
        let f = evm384_arith::MontField::new(self.p);
        let [c0, c1] = self.psi_r2.map(|v| f.to_mont(&v));
        let n = evm384_arith::addmod384(&f.mul(&c0, &c0), &f.mul(&c1, &c1), &self.p);
        f.from_mont(&n)
    }

    /// r as four 64-bit words (it fits 256 bits: the EVM code reduces scalars with MOD).
    pub fn r_words(&self) -> [u64; 4] {
        assert!(self.r[4] == 0 && self.r[5] == 0, "r below 2^256");
        [self.r[0], self.r[1], self.r[2], self.r[3]]
    }

    /// Bits of p - 2 below the leading one (Fermat inversion x^(p-2)).
    pub fn p_minus_2_bits(&self) -> Vec<bool> {
        let mut e = self.p;
        e[0] -= 2; // p is odd and > 2: no borrow
        bits_below_top(&e)
    }
}

/// The binary expansion of a little-endian multi-word integer, most significant bit first,
/// without its leading one.
pub fn bits_below_top(words: &[u64]) -> Vec<bool> {
    let mut bits: Vec<bool> =
        (0..64 * words.len()).rev().map(|i| (words[i / 64] >> (i % 64)) & 1 == 1).skip_while(|b| !b).collect();
    bits.remove(0);
    bits
}

#[cfg(test)]
mod tests {
    #[test]
    fn bits_below_top() {
        assert_eq!(super::bits_below_top(&[0b1101]), vec![true, false, true]);
        assert_eq!(super::bits_below_top(&[0, 1]), vec![false; 64]);
    }
}
