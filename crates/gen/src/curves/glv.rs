//! The GLV split of a scalar on a short lattice basis (Gallant, Lambert, Vanstone, CRYPTO 2001;
//! the basis by the extended Euclidean algorithm on (r, λ): Hankerson, Menezes, Vanstone, Guide
//! to Elliptic Curve Cryptography, Algorithm 3.74), for an eigenvalue λ too large for the
//! quotient split s = s₀ + s₁·λ (BN254's φ(x, y) = (β·x, y) has λ ≈ 2^192).
//!
//! The split as 256-bit word arithmetic, what the EVM code computes (`Node::ScalarHalf`) and the
//! native executor repeats ([`GlvLattice::split`]): k = s mod r; q_j = ⌊k·g_j / 2^256⌋, the high
//! word of a 512-bit product; each half h_i = \[i = 0\]·k + q₁·m₁ᵢ + q₂·m₂ᵢ mod 2^256, a signed
//! (two's complement) value with |h_i| < 2^`bits`, and h₀ + h₁·λ ≡ s (mod r). The programs keep
//! each half as h_i + 2^`bits` ([`GlvLattice::offset_halves`]), non-negative.

use num_bigint::{BigInt, BigUint, Sign};

/// The constants of the split for one (r, λ); see the module's doc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlvLattice {
    /// r, little-endian 64-bit words.
    pub r: [u64; 4],
    /// g_j = round(|b_j′|·2^256 / r) (b₁′ = b₂, b₂′ = b₁ of the basis (a₁, b₁), (a₂, b₂)):
    /// q_j approximates |c_j| of Babai's rounding c₁ = round(k·b₂/d), c₂ = round(−k·b₁/d),
    /// d = a₁b₂ − a₂b₁ = ±r.
    pub g: [[u64; 4]; 2],
    /// m_j = −sign(c_j)·(a_j, b_j), each entry a 256-bit two's complement word.
    pub m: [[[u64; 4]; 2]; 2],
    /// Bits of the halves' absolute values.
    pub bits: u32,
}

impl GlvLattice {
    /// The split for the eigenvalue `lambda` (of an endomorphism on a group of prime order
    /// `r` < 2^256).
    pub(crate) fn new(r: &BigUint, lambda: &BigUint) -> GlvLattice {
        assert!(r.bits() <= 256 && lambda < r);
        let (v1, v2) = short_basis(r, lambda);
        let det = &v1.0 * &v2.1 - &v2.0 * &v1.1;
        assert_eq!(det.magnitude(), r, "a basis of the lattice {{(a, b): a + b·λ ≡ 0 (mod r)}}");
        // Babai: c₁ = k·b₂/d, c₂ = −k·b₁/d (real); c_j's sign is that of its numerator over d
        let numerators = [v2.1.clone(), -v1.1.clone()];
        let signs = numerators.each_ref().map(|n| n.sign() == det.sign()); // true: c_j ≥ 0
        let two256 = BigUint::from(1u8) << 256u32;
        let g = numerators.each_ref().map(|n| (n.magnitude() * &two256 + r / 2u8) / r);
        let m = [(&v1, signs[0]), (&v2, signs[1])].map(|(v, positive)| {
            let s = BigInt::from(if positive { -1 } else { 1 });
            [&v.0, &v.1].map(|x| words(&twos_complement(&(&s * x))))
        });
        // |c_j − q_j·sign| < 1 + r/2^257 (g rounded, q floored, k < r), so
        // |h₀| < (1 + r/2^257)·(|a₁| + |a₂|), |h₁| likewise with b
        let most = (v1.0.magnitude() + v2.0.magnitude()).max(v1.1.magnitude() + v2.1.magnitude());
        let bound = &most + ((&most * r) >> 257u32) + 1u8;
        GlvLattice { r: words(r), g: g.map(|x| words(&x)), m, bits: bound.bits() as u32 }
    }

    /// h₀ + 2^bits and h₁ + 2^bits for the 256-bit big-endian scalar `s` (each in 1..2^(bits + 1)).
    pub(crate) fn offset_halves(&self, s: &[u8; 32]) -> [u128; 2] {
        assert!(self.bits < 128, "an offset half fits 128 bits");
        self.split(s).map(|(abs, negative)| if negative { (1 << self.bits) - abs } else { (1 << self.bits) + abs })
    }

    /// (|h₀|, h₀ < 0) and (|h₁|, h₁ < 0) for the 256-bit big-endian scalar `s`, by the word
    /// arithmetic of the module's doc.
    pub fn split(&self, s: &[u8; 32]) -> [(u128, bool); 2] {
        let two256 = BigUint::from(1u8) << 256u32;
        let big = |w: &[u64; 4]| w.iter().rev().fold(BigUint::default(), |acc, &x| (acc << 64u32) + x);
        let k = BigUint::from_bytes_be(s) % big(&self.r);
        let q = self.g.each_ref().map(|g| (&k * big(g)) >> 256u32);
        [0, 1].map(|i| {
            let start = if i == 0 { k.clone() } else { BigUint::default() };
            let h = (start + &q[0] * big(&self.m[0][i]) + &q[1] * big(&self.m[1][i])) % &two256;
            let negative = h.bit(255);
            let abs = if negative { &two256 - &h } else { h };
            assert!(abs.bits() <= self.bits as u64, "the lattice bounds each half");
            let w = words(&abs);
            ((w[0] as u128) | (w[1] as u128) << 64, negative)
        })
    }
}

/// The short basis (a₁, b₁), (a₂, b₂) of {(a, b): a + b·λ ≡ 0 (mod r)} (Guide to ECC,
/// Algorithm 3.74): the extended Euclidean algorithm on (r, λ) gives rᵢ = sᵢ·r + tᵢ·λ; with l
/// the last index where rₗ ≥ √r, (a₁, b₁) = (rₗ₊₁, −tₗ₊₁) and (a₂, b₂) the shorter of
/// (rₗ, −tₗ) and (rₗ₊₂, −tₗ₊₂).
fn short_basis(r: &BigUint, lambda: &BigUint) -> ((BigInt, BigInt), (BigInt, BigInt)) {
    let sqrt = r.sqrt();
    let (mut rs, mut ts) =
        (vec![BigInt::from(r.clone()), BigInt::from(lambda.clone())], vec![BigInt::from(0), BigInt::from(1)]);
    while rs[rs.len() - 1] != BigInt::from(0) {
        let n = rs.len();
        let q = &rs[n - 2] / &rs[n - 1];
        rs.push(&rs[n - 2] - &q * &rs[n - 1]);
        ts.push(&ts[n - 2] - &q * &ts[n - 1]);
    }
    let sqrt = BigInt::from(sqrt);
    let l = (0..rs.len()).rev().find(|&i| rs[i] >= sqrt).expect("r₀ = r ≥ √r");
    let v = |i: usize| (rs[i].clone(), -ts[i].clone());
    let norm = |v: &(BigInt, BigInt)| &v.0 * &v.0 + &v.1 * &v.1;
    let (c, d) = (v(l), v(l + 2));
    (v(l + 1), if norm(&c) <= norm(&d) { c } else { d })
}

fn twos_complement(x: &BigInt) -> BigUint {
    let two256 = BigInt::from(1u8) << 256u32;
    let v = if x.sign() == Sign::Minus { &two256 + x } else { x.clone() };
    v.to_biguint().expect("in 0..2^256")
}

fn words(x: &BigUint) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (i, d) in x.iter_u64_digits().enumerate() {
        w[i] = d;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::bn254;
    use rand::{Rng, SeedableRng};

    fn big(w: &[u64; 4]) -> BigUint {
        w.iter().rev().fold(BigUint::default(), |acc, &x| (acc << 64u32) + x)
    }

    fn signed(w: &[u64; 4]) -> BigInt {
        let v = BigInt::from(big(w));
        if w[3] >> 63 == 1 {
            v - (BigInt::from(1u8) << 256u32)
        } else {
            v
        }
    }

    /// BN254's split: λ = 36z³ + 18z² + 6z + 1 (the eigenvalue `bn254`'s tests check with
    /// arkworks), each m_j a lattice vector, halves of at most 128 bits that recombine to s mod r
    /// on edge and random scalars, both signs reached.
    #[test]
    fn bn254_halves_recombine_within_their_bound() {
        let c = bn254();
        let l = c.g1_glv_lattice();
        let r = BigInt::from(big(&l.r));
        let z = BigInt::from(c.z_abs);
        let lambda: BigInt = 36u8 * z.pow(3) + 18u8 * z.pow(2) + 6u8 * &z + 1u8;
        assert_eq!(BigInt::from(super::super::big_uint(&c.r)), r);
        for m in &l.m {
            assert_eq!((signed(&m[0]) + signed(&m[1]) * &lambda) % &r, BigInt::from(0), "a lattice vector");
        }
        assert!(l.bits <= 128, "{} bits", l.bits);
        let r_be = {
            let mut b = big(&l.r).to_bytes_be();
            b.splice(0..0, vec![0; 32 - b.len()]);
            b
        };
        let at = |delta: i64| -> [u8; 32] {
            let v = (BigInt::from(big(&l.r)) + delta).to_biguint().unwrap();
            let mut b = v.to_bytes_be();
            b.splice(0..0, vec![0; 32 - b.len()]);
            b.try_into().unwrap()
        };
        let mut scalars: Vec<[u8; 32]> = vec![[0; 32], [0xff; 32], at(-1), at(0), at(1), r_be.try_into().unwrap()];
        let mut one = [0u8; 32];
        one[31] = 1;
        scalars.push(one);
        let lam = lambda.to_biguint().unwrap().to_bytes_be();
        let mut lam_w = [0u8; 32];
        lam_w[32 - lam.len()..].copy_from_slice(&lam);
        scalars.push(lam_w);
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x61c);
        scalars.extend((0..4000).map(|_| rng.gen::<[u8; 32]>()));
        let mut signs = [[false; 2]; 2];
        for s in &scalars {
            let halves = l.split(s);
            let value = |(abs, neg): (u128, bool)| if neg { -BigInt::from(abs) } else { BigInt::from(abs) };
            let sum = value(halves[0]) + value(halves[1]) * &lambda;
            let expect = BigInt::from(BigUint::from_bytes_be(s)) % &r;
            assert_eq!(((sum - expect) % &r + &r) % &r, BigInt::from(0), "s = {}", hex::encode(s));
            for (i, h) in halves.iter().enumerate() {
                assert!(h.0 >> l.bits == 0);
                signs[i][h.1 as usize] = true;
            }
            // the programs' halves: h + 2^bits, in 1..2^(bits + 1)
            let c = BigInt::from(1u8) << l.bits;
            for (o, h) in l.offset_halves(s).into_iter().zip(halves) {
                assert!(o > 0 && BigInt::from(o) < (&c << 1u32));
                assert_eq!(BigInt::from(o) - &c, value(h));
            }
        }
        assert_eq!(signs, [[true; 2]; 2], "both halves take both signs");
    }
}
