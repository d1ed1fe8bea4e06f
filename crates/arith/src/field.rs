//! A prime field in Montgomery form built on the EVM384 operations, used by the generator's
//! native executor and by tests to derive constants from the modulus alone.

use crate::{addmod384, mulmodmont384, submod384, Limbs};

/// A modulus with its Montgomery constants (R = 2^384).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MontField {
    /// The modulus `m` (odd, below 2^383 so that lazy sums stay in range).
    pub m: Limbs,
    /// `-m^-1 mod 2^64`.
    pub inv: u64,
    /// `R mod m`: one in Montgomery form.
    pub one: Limbs,
    /// `R^2 mod m`: multiplying by it converts into Montgomery form.
    pub r2: Limbs,
}

impl MontField {
    /// Derives `inv`, `R mod m` and `R^2 mod m` from an odd modulus.
    pub fn new(m: Limbs) -> Self {
        assert!(m[0] & 1 == 1, "Montgomery arithmetic needs an odd modulus");
        let inv = neg_inverse_mod_2_64(m[0]);
        // R mod m by 384 doublings of 1 (each reduced once: valid while m < 2^384).
        let mut one = [1u64, 0, 0, 0, 0, 0];
        for _ in 0..384 {
            one = addmod384(&one, &one, &m);
        }
        let mut r2 = one;
        for _ in 0..384 {
            r2 = addmod384(&r2, &r2, &m);
        }
        MontField { m, inv, one, r2 }
    }

    pub fn add(&self, x: &Limbs, y: &Limbs) -> Limbs {
        addmod384(x, y, &self.m)
    }

    pub fn sub(&self, x: &Limbs, y: &Limbs) -> Limbs {
        submod384(x, y, &self.m)
    }

    pub fn mul(&self, x: &Limbs, y: &Limbs) -> Limbs {
        mulmodmont384(x, y, &self.m, self.inv)
    }

    /// `x·R mod m` for a canonical `x < m`.
    pub fn to_mont(&self, x: &Limbs) -> Limbs {
        self.mul(x, &self.r2)
    }

    /// `x·R^-1 mod m`, canonical.
    pub fn from_mont(&self, x: &Limbs) -> Limbs {
        self.mul(x, &[1, 0, 0, 0, 0, 0])
    }

    /// `x^e` in Montgomery form, `e` as little-endian 64-bit words (square-and-multiply).
    pub fn pow(&self, x: &Limbs, e: &[u64]) -> Limbs {
        let mut acc = self.one;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                acc = self.mul(&acc, &acc);
                if (word >> bit) & 1 == 1 {
                    acc = self.mul(&acc, x);
                }
            }
        }
        acc
    }

    /// `x^-1` in Montgomery form by Fermat (`x^(m-2)`); zero maps to zero. Assumes `m` prime.
    pub fn inverse(&self, x: &Limbs) -> Limbs {
        let mut e = self.m;
        e[0] -= 2; // m is odd and > 2, so no borrow
        self.pow(x, &e)
    }
}

/// `-a^-1 mod 2^64` for odd `a`, by Newton iteration (each step doubles the correct bits).
pub fn neg_inverse_mod_2_64(a: u64) -> u64 {
    let mut x: u64 = 1;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BLS12-381 base field modulus.
    use crate::BLS12_381_P as P;

    #[test]
    fn derives_the_published_bls12_381_inv() {
        assert_eq!(MontField::new(P).inv, 0x89f3fffcfffcfffd);
        assert_eq!(crate::BLS12_381_P_INV, 0x89f3fffcfffcfffd);
    }

    #[test]
    fn round_trips_and_inverts() {
        let f = MontField::new(P);
        let x = [7, 11, 13, 17, 19, 0x0123];
        let xm = f.to_mont(&x);
        assert_eq!(f.from_mont(&xm), x);
        assert_eq!(f.mul(&xm, &f.inverse(&xm)), f.one);
        assert_eq!(f.from_mont(&f.one), [1, 0, 0, 0, 0, 0]);
    }
}
