//! Big-integer arithmetic for the curves' tests, independent of the generator: Fp2 of a
//! curve's tower, u² = β.

use super::{CurveParams, Limbs};
use num_bigint::{BigInt, BigUint};

pub(crate) fn big(x: &Limbs) -> BigUint {
    x.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
}

/// Fp2 = Fp[u]/(u² − β) of `curve.tower`, elements as (c0, c1).
pub(crate) struct Fp2Model {
    p: BigInt,
    beta: BigInt,
    xi: [u64; 2],
}

pub(crate) type Fp2 = (BigUint, BigUint);

impl Fp2Model {
    pub(crate) fn new(curve: &CurveParams) -> Fp2Model {
        let p = BigInt::from(big(&curve.p));
        Fp2Model { p, beta: BigInt::from(curve.tower.u_squared), xi: curve.tower.xi }
    }
    fn reduce(&self, v: BigInt) -> BigUint {
        (((v % &self.p) + &self.p) % &self.p).to_biguint().expect("non-negative")
    }
    pub(crate) fn of(&self, v: &[Limbs; 2]) -> Fp2 {
        (big(&v[0]), big(&v[1]))
    }
    pub(crate) fn small(&self, c0: i64) -> Fp2 {
        (self.reduce(BigInt::from(c0)), BigUint::from(0u8))
    }
    pub(crate) fn one(&self) -> Fp2 {
        self.small(1)
    }
    pub(crate) fn xi(&self) -> Fp2 {
        (BigUint::from(self.xi[0]), BigUint::from(self.xi[1]))
    }
    pub(crate) fn mul(&self, a: &Fp2, b: &Fp2) -> Fp2 {
        let (a0, a1, b0, b1) = (
            BigInt::from(a.0.clone()),
            BigInt::from(a.1.clone()),
            BigInt::from(b.0.clone()),
            BigInt::from(b.1.clone()),
        );
        (self.reduce(&a0 * &b0 + &self.beta * &a1 * &b1), self.reduce(&a0 * &b1 + &a1 * &b0))
    }
    pub(crate) fn pow(&self, a: &Fp2, e: &BigUint) -> Fp2 {
        let mut acc = self.one();
        for i in (0..e.bits()).rev() {
            acc = self.mul(&acc, &acc);
            if e.bit(i) {
                acc = self.mul(&acc, a);
            }
        }
        acc
    }
}
