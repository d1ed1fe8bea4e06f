//! The model's fields on big integers: Fp and Fp2 = Fp[I]/(I² + 1) with RFC 9380's inv0,
//! is_square, sqrt and sgn0 (§4, Appendix I), written from the RFC's pseudocode.

use evm384_arith::Limbs;
use num_bigint::BigUint;
use std::sync::OnceLock;

/// Little-endian 64-bit words → integer.
pub(crate) fn big(words: &[u64]) -> BigUint {
    words.iter().rev().fold(BigUint::from(0u8), |acc, w| (acc << 64) + BigUint::from(*w))
}

/// "0x…" (or bare) hexadecimal → integer.
pub(crate) fn hex_int(s: &str) -> BigUint {
    let digits = s.strip_prefix("0x").unwrap_or(s);
    BigUint::parse_bytes(digits.as_bytes(), 16).unwrap_or_else(|| panic!("not hex: {s:?}"))
}

/// p, from [`crate::curves`] (whose tests derive it from z).
pub(crate) fn p() -> &'static BigUint {
    static P: OnceLock<BigUint> = OnceLock::new();
    P.get_or_init(|| big(&crate::curves::bls12_381().p))
}

/// r, the order of G1 and G2.
pub(crate) fn r() -> BigUint {
    big(&crate::curves::bls12_381().r)
}

/// A finite field of characteristic p, an element stored as its m coordinates over Fp.
pub(crate) trait Field: Clone + PartialEq + core::fmt::Debug {
    /// The degree m over Fp.
    const M: usize;
    /// The element with these coordinates (each reduced mod p).
    fn from_coords(c: &[BigUint]) -> Self;
    fn coords(&self) -> Vec<BigUint>;
    fn add(&self, o: &Self) -> Self;
    fn sub(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    /// inv0 (RFC 9380 §4): the inverse, and 0 for 0.
    fn inv0(&self) -> Self;
    /// is_square (RFC 9380 §4): true for 0 and the non-zero squares.
    fn is_square(&self) -> bool;
    /// A square root, or `None` for a non-square.
    fn sqrt(&self) -> Option<Self>;
    /// sgn0 (RFC 9380 §4.1).
    fn sgn0(&self) -> bool;

    fn small(n: u64) -> Self {
        let mut c = vec![BigUint::from(0u8); Self::M];
        c[0] = BigUint::from(n);
        Self::from_coords(&c)
    }
    fn zero() -> Self {
        Self::small(0)
    }
    fn one() -> Self {
        Self::small(1)
    }
    fn neg(&self) -> Self {
        Self::zero().sub(self)
    }
    fn square(&self) -> Self {
        self.mul(self)
    }
    fn is_zero(&self) -> bool {
        *self == Self::zero()
    }
    fn div(&self, o: &Self) -> Self {
        self.mul(&o.inv0())
    }
    fn pow(&self, e: &BigUint) -> Self {
        let mut acc = Self::one();
        for i in (0..e.bits()).rev() {
            acc = acc.square();
            if e.bit(i) {
                acc = acc.mul(self);
            }
        }
        acc
    }
    /// q = p^m.
    fn order() -> BigUint {
        p().pow(Self::M as u32)
    }
}

/// Fp, always reduced.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Fp(pub BigUint);

impl Field for Fp {
    const M: usize = 1;
    fn from_coords(c: &[BigUint]) -> Self {
        assert_eq!(c.len(), 1);
        Fp(&c[0] % p())
    }
    fn coords(&self) -> Vec<BigUint> {
        vec![self.0.clone()]
    }
    fn add(&self, o: &Self) -> Self {
        Fp((&self.0 + &o.0) % p())
    }
    fn sub(&self, o: &Self) -> Self {
        Fp((&self.0 + p() - &o.0) % p())
    }
    fn mul(&self, o: &Self) -> Self {
        Fp(&self.0 * &o.0 % p())
    }
    fn inv0(&self) -> Self {
        if self.is_zero() {
            return Fp::zero();
        }
        Fp(self.0.modinv(p()).expect("p is prime"))
    }
    /// Euler's criterion: x^((p-1)/2) is 0 or 1.
    fn is_square(&self) -> bool {
        self.0.modpow(&((p() - 1u8) >> 1), p()) <= BigUint::from(1u8)
    }
    /// RFC 9380 Appendix I.1 (q = p ≡ 3 mod 4): x^((q+1)/4), kept when it squares to x.
    fn sqrt(&self) -> Option<Self> {
        let z = Fp(self.0.modpow(&((p() + 1u8) >> 2), p()));
        (z.square() == *self).then_some(z)
    }
    /// RFC 9380 §4.1, m = 1: x mod 2.
    fn sgn0(&self) -> bool {
        self.0.bit(0)
    }
}

/// Fp2 = Fp[I]/(I² + 1), (c0, c1) = c0 + c1·I.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Fp2(pub Fp, pub Fp);

impl Fp2 {
    pub(crate) fn i() -> Self {
        Fp2(Fp::zero(), Fp::one())
    }
    pub(crate) fn conj(&self) -> Self {
        Fp2(self.0.clone(), self.1.neg())
    }
}

/// c1 = sqrt(-1) = I, c2 = sqrt(c1), c3 = sqrt(-c1) of RFC 9380 Appendix I.3. As p ≡ 3 mod 8,
/// -2 is a square in Fp (2 is not): with s² = -2, (s·I)² = 2, and as (1 + I)² = 2·I,
/// sqrt(I) = (1 + I)/(s·I); then sqrt(-I) = I·sqrt(I). Each is checked by squaring.
fn sqrt_9mod16_constants() -> &'static [Fp2; 3] {
    static C: OnceLock<[Fp2; 3]> = OnceLock::new();
    C.get_or_init(|| {
        let s = Fp::small(2).neg().sqrt().expect("-2 is a square mod p");
        let c1 = Fp2::i();
        let c2 = Fp2(Fp::one(), Fp::one()).div(&Fp2(Fp::zero(), s));
        let c3 = c1.mul(&c2);
        assert_eq!(c1.square(), Fp2::one().neg());
        assert_eq!(c2.square(), c1);
        assert_eq!(c3.square(), c1.neg());
        [c1, c2, c3]
    })
}

impl Field for Fp2 {
    const M: usize = 2;
    fn from_coords(c: &[BigUint]) -> Self {
        assert_eq!(c.len(), 2);
        Fp2(Fp::from_coords(&c[..1]), Fp::from_coords(&c[1..]))
    }
    fn coords(&self) -> Vec<BigUint> {
        vec![self.0 .0.clone(), self.1 .0.clone()]
    }
    fn add(&self, o: &Self) -> Self {
        Fp2(self.0.add(&o.0), self.1.add(&o.1))
    }
    fn sub(&self, o: &Self) -> Self {
        Fp2(self.0.sub(&o.0), self.1.sub(&o.1))
    }
    fn mul(&self, o: &Self) -> Self {
        Fp2(self.0.mul(&o.0).sub(&self.1.mul(&o.1)), self.0.mul(&o.1).add(&self.1.mul(&o.0)))
    }
    /// 1/x = conj(x)/N(x), N(x) = x0² + x1² ∈ Fp.
    fn inv0(&self) -> Self {
        let n = self.0.square().add(&self.1.square()).inv0();
        Fp2(self.0.mul(&n), self.1.neg().mul(&n))
    }
    /// RFC 9380 Appendix I.5: x is a square iff N(x)^((p-1)/2) ≠ -1.
    fn is_square(&self) -> bool {
        let norm = self.0.square().add(&self.1.square());
        norm.0.modpow(&((p() - 1u8) >> 1), p()) != p() - 1u8
    }
    /// RFC 9380 Appendix I.3 (sqrt_9mod16, q = p² ≡ 9 mod 16): of the four candidates
    /// t, c1·t, c2·t, c3·t with t = x^((q+7)/16), one whose square is x (the RFC's CMOVs
    /// pick such a one when x is a square).
    fn sqrt(&self) -> Option<Self> {
        let [c1, c2, c3] = sqrt_9mod16_constants();
        let t = self.pow(&((Self::order() + 7u8) >> 4));
        [c1.mul(&t), c2.mul(&t), c3.mul(&t), t].into_iter().find(|z| z.square() == *self)
    }
    /// RFC 9380 §4.1, m = 2: sgn0(x0), or sgn0(x1) when x0 = 0.
    fn sgn0(&self) -> bool {
        self.0.sgn0() || (self.0.is_zero() && self.1.sgn0())
    }
}

pub(crate) fn fp(l: &Limbs) -> Fp {
    Fp::from_coords(&[big(l)])
}

pub(crate) fn fp2(l: &[Limbs; 2]) -> Fp2 {
    Fp2::from_coords(&[big(&l[0]), big(&l[1])])
}

#[test]
fn field_model_is_consistent() {
    fn check<F: Field>(samples: &[F]) {
        let euler = (F::order() - 1u8) >> 1;
        let mut squares = 0;
        for x in samples {
            let is_sq = x.pow(&euler) == F::one() || x.is_zero();
            assert_eq!(x.is_square(), is_sq, "{x:?}");
            assert_eq!(x.sqrt().is_some(), is_sq, "{x:?}");
            if let Some(s) = x.sqrt() {
                assert_eq!(s.square(), *x);
                squares += 1;
            }
            if !x.is_zero() {
                assert_eq!(x.mul(&x.inv0()), F::one());
            }
        }
        assert!(squares > 0 && squares < samples.len(), "samples of both kinds");
        assert_eq!(F::zero().inv0(), F::zero());
    }
    check(&(0..12).map(Fp::small).collect::<Vec<_>>());
    check(&(0..12).map(|i| Fp2(Fp::small(i), Fp::small(3 * i + 1))).collect::<Vec<_>>());
    // sgn0 (RFC 9380 §4.1)
    let s = |a: u64, b: u64| Fp2(Fp::small(a), Fp::small(b)).sgn0();
    assert!(s(1, 0) && s(0, 1) && s(1, 2) && !s(2, 1) && !s(0, 0) && !s(0, 2));
    assert!(!Fp::small(1).neg().sgn0() && Fp::small(2).neg().sgn0());
}
