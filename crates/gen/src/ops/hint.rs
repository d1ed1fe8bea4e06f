//! The witness of the hinted pairing check (`pairing::hinted_pairing_check_program`): computed
//! natively, off-chain, by the caller (`evm384 hint`).
//!
//! Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4, prove ∏ e(Pᵢ, Qᵢ) = 1 by a
//! λ-th root of the Miller-loop product F, λ = m·r a multiple of r that the Miller loop
//! evaluates (`CurveParams::hint_exponent`: p − z for BLS12, p ≡ z mod r; 6z + 2 + p − p² + p³
//! for BN, the optimal-ate relation). Here the root is taken in the unitary group
//! U = {u : u·ū = 1} of Fp12 (ū = u^(p⁶)), cyclic of order N = p⁶ + 1, where no scaling factor
//! is needed: F^h = 1 (h = (p¹² − 1)/r) iff D = F^(p⁶−1) = F̄/F, an element of U, has
//! D^(N/r) = 1. Let n = N/(2r), an odd number (N ≡ 2 mod 4, r odd); the witness is u ∈ U with
//! u^(2λ) = ε·D, ε = ±1.
//!
//! Soundness (the contract tests u·ū = 1, G ≠ 0 and G·Y² = ±Ḡ, i.e. u^(2λ) = ±D):
//! F^h = D^(N/r) = (±1)^(N/r)·u^(2λN/r) = 1, as N/r = 2n is even and 2λN/r = 2m·N is a
//! multiple of u's order.
//! No order test and no subfield: the same witness shape for every curve.
//!
//! Completeness (this module): where F^h = 1, D^(2n) = 1; in the cyclic U of order 2·(odd),
//! exactly one of D, −D has odd order, hence order dividing n: D′. 2λ is prime to n
//! (`tests::exponents_per_curve` checks it for each curve: r² ∤ N and gcd(m, n) = 1), so
//! u = D′^t with t = (2λ)⁻¹ mod n has u^(2λ) = D′. Where D^(2n) ≠ 1 no witness exists.
//!
//! F is the generator's own Miller loop (its lines differ from other libraries' by subfield
//! factors, which D does not see), taken from the native executor; the powers use arkworks'
//! Fp12 of the curve (`Curve::with_ark_fp12`), whose tower is the generator's.

use ark_ff::{Field, Fp12, Fp12Config, Fp2, Fp2Config, Fp6, Fp6Config, One};
use evm384_arith::{to_be_bytes, Limbs, MontField};
use num_bigint::BigUint;

use crate::backend::native::{self, Outcome};
use crate::curves::{ark_field, ark_limbs, ArkFp12Task, Curve, CurveParams};
use crate::ir::{F2Mul, FieldEncoding, Phase};
use crate::ops::pairing::{accumulator_slot, pairing_check_program, ProgramOptions};

/// Why no witness was computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The pairs are malformed (the drop-in check halts on them too).
    #[error("invalid pairing input: {0}")]
    Invalid(&'static str),
    /// The pairing product is not 1: no witness exists.
    #[error("the pairing product is not 1: no witness exists")]
    NotOne,
    /// The curve has no hinted check (`CurveParams::hinted_check`).
    #[error("{0}: no hinted pairing check for this curve")]
    UnsupportedCurve(&'static str),
}

fn big(x: &Limbs) -> BigUint {
    x.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
}

/// The exponents of the witness, from p, r and z.
struct Exponents {
    /// n = (p⁶ + 1)/(2r), odd.
    n: Vec<u64>,
    /// t = (2λ)⁻¹ mod n.
    t: Vec<u64>,
    lambda: Vec<u64>,
}

impl Exponents {
    fn new(curve: &CurveParams) -> Exponents {
        let (p, r) = (big(&curve.p), big(&curve.r));
        let lambda = Self::lambda(curve);
        assert_eq!(&lambda % &r, BigUint::from(0u8), "{}: λ a multiple of r", curve.name);
        let n = (p.pow(6) + 1u8) / (&r * 2u8);
        let t = (&lambda * 2u8 % &n).modinv(&n).expect("2λ prime to n");
        Exponents { n: n.to_u64_digits(), t: t.to_u64_digits(), lambda: lambda.to_u64_digits() }
    }

    /// λ = σ·s + Σᵢ εᵢ·pⁱ (`CurveParams::hint_exponent`), s the value of the Miller loop's digits.
    fn lambda(curve: &CurveParams) -> BigUint {
        use num_bigint::BigInt;
        let shape = curve.hint_exponent();
        let s = curve.ate_loop_digits().iter().fold(BigInt::from(0), |acc, &d| 2 * acc + d);
        let p = BigInt::from(big(&curve.p));
        let mut lambda = shape.loop_sign * s;
        for (i, &e) in shape.frobenius.iter().enumerate() {
            lambda += e * p.pow(i as u32 + 1);
        }
        lambda.to_biguint().expect("λ > 0")
    }
}

/// The generator's Miller-loop value for `pairs` (12 canonical coordinates in the tower's
/// order: f_|z|, conjugated for z < 0, as the drop-in check computes it), or `None` where no
/// pair is without a point at infinity (F = 1).
fn miller_loop_value(curve: Curve, pairs: &[u8], f2mul: F2Mul) -> Result<Option<Vec<Limbs>>, HintError> {
    let opts = ProgramOptions { stop_before: Some(Phase::FinalExp), ..ProgramOptions::default() };
    let prog = pairing_check_program(curve, f2mul, opts);
    let slot = accumulator_slot(curve, f2mul) as usize;
    match native::run(&prog, pairs).outcome {
        Outcome::Memory(m) => {
            let field = MontField::new(curve.params().p);
            Ok(Some(m[slot..slot + 12].iter().map(|x| field.from_mont(x)).collect()))
        }
        Outcome::Bool(true) => Ok(None),
        Outcome::Invalid(why) => Err(HintError::Invalid(why)),
        other => unreachable!("the pairing program ends with memory, a boolean or INVALID: {other:?}"),
    }
}

/// The Miller value F of `pairs` the hinted check computes (unconjugated; 1 where every pair
/// has a point at infinity), as `pairing::hinted_pairing_check_with_factor_program` takes its
/// factor G: 12 field elements in the tower's coefficient order, each big-endian in the value
/// bytes of the curve's encoding; or why the pairs are malformed.
pub fn miller_value(curve: Curve, pairs: &[u8], f2mul: F2Mul) -> Result<Vec<u8>, HintError> {
    let params = curve.params();
    let field = MontField::new(params.p);
    let mut f = miller_loop_value(curve, pairs, f2mul)?.unwrap_or_else(|| {
        let mut one = vec![[0u64; 6]; 12];
        one[0][0] = 1;
        one
    });
    if params.z_negative {
        for x in &mut f[6..] {
            *x = field.from_mont(&field.sub(&[0; 6], &field.to_mont(x))); // undo the drop-in's conjugation
        }
    }
    let value = FieldEncoding::of(&params.eip).value as usize;
    Ok(f.iter().flat_map(|x| to_be_bytes(x)[48 - value..].to_vec()).collect())
}

/// The witness (`pairing::hint_bytes(curve)` bytes: u as 12 field elements in the tower's
/// coefficient order, each big-endian in the value bytes of the curve's encoding) for `pairs`
/// (the pairing check's input), or why there is none.
pub fn witness(curve: Curve, pairs: &[u8], f2mul: F2Mul) -> Result<Vec<u8>, HintError> {
    let params = curve.params();
    if !params.hinted_check {
        return Err(HintError::UnsupportedCurve(curve.name()));
    }
    let f = miller_loop_value(curve, pairs, f2mul)?;
    curve.with_ark_fp12(Witness { curve: &params, f })
}

struct Witness<'a> {
    curve: &'a CurveParams,
    f: Option<Vec<Limbs>>,
}

type Fq<P> = <<<P as Fp12Config>::Fp6Config as Fp6Config>::Fp2Config as Fp2Config>::Fp;

fn fq<P: Fp12Config>(x: &Limbs) -> Fq<P> {
    ark_field(x)
}

fn limbs<P: Fp12Config>(x: &Fq<P>) -> Limbs {
    ark_limbs(x)
}

/// Our Fp12 (12 canonical values, tower order) as arkworks'.
fn to_fp12<P: Fp12Config>(v: &[Limbs]) -> Fp12<P> {
    let f2 = |i: usize| Fp2::new(fq::<P>(&v[2 * i]), fq::<P>(&v[2 * i + 1]));
    Fp12::new(Fp6::new(f2(0), f2(1), f2(2)), Fp6::new(f2(3), f2(4), f2(5)))
}

fn from_fp12<P: Fp12Config>(f: &Fp12<P>) -> Vec<Limbs> {
    let mut out = Vec::with_capacity(12);
    for c6 in [f.c0, f.c1] {
        for c2 in [c6.c0, c6.c1, c6.c2] {
            out.push(limbs::<P>(&c2.c0));
            out.push(limbs::<P>(&c2.c1));
        }
    }
    out
}

impl ArkFp12Task for Witness<'_> {
    type Output = Result<Vec<u8>, HintError>;

    fn run<P: Fp12Config>(self) -> Self::Output {
        let curve = self.curve;
        let mut f = self.f.as_deref().map_or_else(Fp12::<P>::one, to_fp12::<P>);
        if curve.z_negative {
            f.conjugate_in_place(); // the drop-in loop conjugated f_|z|: undo it
        }
        let x = Exponents::new(curve);
        let mut d = f;
        d.conjugate_in_place();
        d *= f.inverse().ok_or(HintError::NotOne)?; // D = F̄/F
        let d_odd = [d, -d].into_iter().find(|d| d.pow(&x.n) == Fp12::one()).ok_or(HintError::NotOne)?;
        let u = d_odd.pow(&x.t);
        debug_assert_eq!(u.pow(&x.lambda).square(), d_odd, "u^(2λ) = ±F^(p⁶−1)");
        let value = FieldEncoding::of(&curve.eip).value as usize;
        Ok(from_fp12(&u).iter().flat_map(|v| to_be_bytes(v)[48 - value..].to_vec()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
        while b != BigUint::from(0u8) {
            let t = &a % &b;
            a = b;
            b = t;
        }
        a
    }

    fn b(v: &[u64]) -> BigUint {
        v.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
    }

    /// For each curve with a hinted check, what soundness and completeness rest on, from p, r
    /// and z: λ ≡ 0 mod r; r divides N = p⁶ + 1 once; n = N/(2r) is odd (so N/r = 2n is even);
    /// 2λ is prime to n (gcd(m, n) = 1), and t inverts it.
    #[test]
    fn exponents_per_curve() {
        for curve in Curve::ALL {
            let c = curve.params();
            if !c.hinted_check {
                continue;
            }
            let x = Exponents::new(&c);
            let (p, r) = (big(&c.p), big(&c.r));
            let (n, t, lambda) = (b(&x.n), b(&x.t), b(&x.lambda));
            let big_n = p.pow(6) + 1u8;
            assert_eq!(&lambda % &r, BigUint::from(0u8), "{curve}: r | λ");
            assert_eq!(&big_n % &r, BigUint::from(0u8), "{curve}: r | p⁶ + 1");
            assert_ne!((&big_n / &r) % &r, BigUint::from(0u8), "{curve}: r² ∤ p⁶ + 1");
            assert_eq!(&n * 2u8 * &r, big_n, "{curve}: N = 2rn");
            assert_eq!(&n % 2u8, BigUint::from(1u8), "{curve}: n odd");
            assert_eq!(gcd(&lambda / &r, n.clone()), BigUint::from(1u8), "{curve}: gcd(m, n) = 1");
            assert_eq!((t * 2u8 * lambda) % &n, BigUint::from(1u8), "{curve}: t·2λ ≡ 1 mod n");
        }
    }
}
