//! The witness of the hinted pairing check (`pairing::hinted_pairing_check_program`): computed
//! natively, off-chain, by the caller (`evm384 hint`).
//!
//! Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, §4: λ a multiple of r the Miller
//! loop evaluates (`CurveParams::hint_exponent`: p − z for BLS12, p ≡ z mod r, m = (z − 1)²/3;
//! 6z + 2 + p − p² + p³ for BN, the optimal-ate relation), λ = m·r; h = (p¹² − 1)/r. The
//! product F of the Miller loops has F^h = 1 iff the pairing product is 1, and F^h = 1 iff
//! there are c and a scaling factor w with c^λ = F·w, w of order prime to nothing in h′ below:
//! split h = H·h′ with H the part of h whose primes divide m (`Exponents::h_shared`), so that λ
//! is invertible mod h′. The witness is e and w = U·s, each Fp coordinate in the value bytes of
//! the curve's encoding ([`pairing::hint_bytes`](crate::ops::pairing::hint_bytes)):
//! - e = c^(−σ), σ the sign of λ's loop term: c⁻¹ for BLS12 with z < 0 and BN with z > 0, c
//!   for BLS12 with z > 0 (the contract folds e into the Miller loop and tests the equation of
//!   `pairing::hinted_pairing_check_program`);
//! - U in the proper subfield `CurveParams::hint_scaling` (Fp: folded into s, not sent; Fp4:
//!   U₀ + U₁·v·w, four Fp coordinates) and s = x₀ + x₁·v + x₂·v², three Fp coordinates.
//!
//! Soundness (the contract): w lies in Fp4·Fp6 or Fp6, whose elements have orders dividing
//! p⁴ − 1 or p⁶ − 1, both dividing h (r divides neither: the embedding degree is 12); so
//! F^h = c^(λh)·w^(−h) = 1, as λh = m·(p¹² − 1). No order test on w is made on chain.
//!
//! Completeness (this module): for t ∈ {0, 1, 2}, F₁ = F·v^t; w₁ = (F₁^h′)^s with
//! s = −h′⁻¹ mod H cancels F₁'s H-part, so F₁·w₁ has order dividing h′ and
//! c = (F₁·w₁)^(λ⁻¹ mod h′) is a λ-th root of it; the witness is U = w₁, x_t = 1 (Fp: x_t = w₁),
//! for the t where w₁ lies in the subfield (w₁^(p^k − 1) = 1). One t does: `docs/curves.md`
//! works out, per curve, that every prime part of H but one power of 3 lies in the subfield,
//! and v, a non-cube of Fp12, moves the class of F's 3-part modulo that subgroup.
//!
//! F is the generator's own Miller loop (its lines differ from other libraries' by subfield
//! factors), taken from the native executor; the powers use arkworks' Fp12 of the curve
//! (`Curve::with_ark_fp12`), whose tower is the generator's.

use ark_ff::{Field, Fp12, Fp12Config, Fp2, Fp2Config, Fp6, Fp6Config, One, Zero};
use evm384_arith::{to_be_bytes, Limbs, MontField};
use num_bigint::BigUint;

use crate::backend::native::{self, Outcome};
use crate::curves::{ark_field, ark_limbs, ArkFp12Task, Curve, CurveParams, ScalingSubfield};
use crate::ir::{F2Mul, FieldEncoding, Phase};
use crate::ops::pairing::{accumulator_slot, pairing_check_program, witness_bytes, ProgramOptions};

/// Why no witness was computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The pairs are malformed (the drop-in check halts on them too).
    #[error("invalid pairing input: {0}")]
    Invalid(&'static str),
    /// The pairing product is not 1: no witness exists.
    #[error("the pairing product is not 1: no witness exists")]
    NotOne,
    /// The curve has no hinted check (`CurveParams::hint_scaling` is `None`).
    #[error("{0}: no hinted pairing check for this curve")]
    UnsupportedCurve(&'static str),
}

fn big(x: &Limbs) -> BigUint {
    x.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while b != BigUint::from(0u8) {
        let t = &a % &b;
        a = b;
        b = t;
    }
    a
}

/// The exponents of the witness, from p, r, z and the subfield.
struct Exponents {
    h: Vec<u64>,
    /// h′: h without the primes of m.
    h_rest: Vec<u64>,
    /// s = −h′⁻¹ mod H.
    s: Vec<u64>,
    /// e = λ⁻¹ mod h′.
    e: Vec<u64>,
    lambda: Vec<u64>,
    /// p^k − 1 for the subfield Fp^k of U.
    subfield_order: Vec<u64>,
}

impl Exponents {
    fn new(curve: &CurveParams, subfield: ScalingSubfield) -> Exponents {
        let (p, r) = (big(&curve.p), big(&curve.r));
        let lambda = Self::lambda(curve);
        let h = (p.pow(12) - 1u8) / &r;
        let m = &lambda / &r;
        assert_eq!(&m * &r, lambda, "{}: λ a multiple of r", curve.name);
        let h_shared = Self::h_shared_of(&h, &m);
        let h_rest = &h / &h_shared;
        let inv = |x: &BigUint, n: &BigUint| x.modinv(n).expect("coprime");
        let s = &h_shared - inv(&(&h_rest % &h_shared), &h_shared);
        let e = inv(&(&lambda % &h_rest), &h_rest);
        let k = match subfield {
            ScalingSubfield::Fp => 1,
            ScalingSubfield::Fp4 => 4,
        };
        Exponents {
            h: h.to_u64_digits(),
            h_rest: h_rest.to_u64_digits(),
            s: s.to_u64_digits(),
            e: e.to_u64_digits(),
            lambda: lambda.to_u64_digits(),
            subfield_order: (p.pow(k) - 1u8).to_u64_digits(),
        }
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

    /// H: the largest divisor of h whose primes all divide m.
    fn h_shared_of(h: &BigUint, m: &BigUint) -> BigUint {
        let (mut shared, mut rest) = (BigUint::from(1u8), h.clone());
        loop {
            let g = gcd(rest.clone(), m.clone());
            if g == BigUint::from(1u8) {
                return shared;
            }
            rest /= &g;
            shared *= g;
        }
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

/// The witness (`pairing::hint_bytes(curve)` bytes: e as 12 field elements in the tower's
/// coefficient order, U's coordinates where the subfield is Fp4 (U₀.c0, U₀.c1, U₁.c0, U₁.c1),
/// then x₀, x₁, x₂; each 48 bytes big-endian, EIP-2537's encoding without its 16 zero bytes)
/// for `pairs` (PAIRING_CHECK's input), or why there is none.
pub fn witness(curve: Curve, pairs: &[u8], f2mul: F2Mul) -> Result<Vec<u8>, HintError> {
    let params = curve.params();
    let Some(subfield) = params.hint_scaling else {
        return Err(HintError::UnsupportedCurve(curve.name()));
    };
    let f = miller_loop_value(curve, pairs, f2mul)?;
    curve.with_ark_fp12(Witness { curve: &params, subfield, f })
}

struct Witness<'a> {
    curve: &'a CurveParams,
    subfield: ScalingSubfield,
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

/// v ∈ Fp6 ⊂ Fp12, the tower's cube root of ξ.
fn v_fp12<P: Fp12Config>() -> Fp12<P> {
    Fp12::new(Fp6::new(Fp2::zero(), Fp2::one(), Fp2::zero()), Fp6::zero())
}

/// The coordinates of U sent beside s (none for Fp, where U is folded into s), or `None` where
/// `u` does not lie in the subfield.
fn subfield_coordinates<P: Fp12Config>(subfield: ScalingSubfield, u: &Fp12<P>) -> Option<Vec<Limbs>> {
    let c = from_fp12(u);
    let (sent, zero): (&[usize], Vec<usize>) = match subfield {
        ScalingSubfield::Fp => (&[0], (1..12).collect()),
        // Fp4 = Fp2 ⊕ Fp2·v·w: the coefficients of 1 (slots 0, 1) and of v·w (slots 8, 9)
        ScalingSubfield::Fp4 => (&[0, 1, 8, 9], [2, 3, 4, 5, 6, 7, 10, 11].into()),
    };
    zero.iter().all(|&i| c[i] == [0; 6]).then(|| sent.iter().map(|&i| c[i]).collect())
}

impl ArkFp12Task for Witness<'_> {
    type Output = Result<Vec<u8>, HintError>;

    fn run<P: Fp12Config>(self) -> Self::Output {
        let curve = self.curve;
        let mut f = self.f.as_deref().map_or_else(Fp12::<P>::one, to_fp12::<P>);
        if curve.z_negative {
            f.conjugate_in_place(); // the drop-in loop conjugated f_|z|: undo it
        }
        let x = Exponents::new(curve, self.subfield);
        if f.pow(&x.h) != Fp12::one() {
            return Err(HintError::NotOne);
        }
        let v = v_fp12::<P>();
        let mut vt = Fp12::<P>::one();
        for t in 0..3 {
            let f1 = f * vt;
            let w1 = f1.pow(&x.h_rest).pow(&x.s);
            if w1.pow(&x.subfield_order) == Fp12::one() {
                let c = (f1 * w1).pow(&x.e);
                debug_assert_eq!(c.pow(&x.lambda), f1 * w1, "c is a λ-th root of F·w");
                // e = c^(−σ): the contract folds e into the loop (`hinted_pairing_check_program`)
                let e = if curve.hint_exponent().loop_sign > 0 { c.inverse().expect("c ≠ 0") } else { c };
                let u = subfield_coordinates(self.subfield, &w1).expect("w₁^(p^k − 1) = 1: w₁ lies in Fp^k");
                let one = limbs::<P>(&Fq::<P>::one());
                let (u_sent, x_t) = match self.subfield {
                    ScalingSubfield::Fp => (vec![], u[0]), // s = U·v^t
                    ScalingSubfield::Fp4 => (u, one),
                };
                let encoding = FieldEncoding::of(&curve.eip);
                let mut out = Vec::with_capacity(witness_bytes(self.subfield, encoding) as usize);
                let value = encoding.value as usize;
                let mut put = |v: &Limbs| out.extend_from_slice(&to_be_bytes(v)[48 - value..]);
                from_fp12(&e).iter().chain(&u_sent).for_each(&mut put);
                for i in 0..3 {
                    put(if i == t { &x_t } else { &[0; 6] });
                }
                return Ok(out);
            }
            vt *= v;
        }
        unreachable!("v is not a cube in Fp12: one of F, F·v, F·v² has its scaling factor in the subfield")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: &[u64]) -> BigUint {
        v.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
    }

    /// The exponents' defining congruences, and the structure `docs/curves.md` states for
    /// each curve: H, and that the subfield holds all of H's order but one factor 3 (which
    /// v, a non-cube, moves), so that one t of three completes the witness.
    #[test]
    fn exponents_and_structure_per_curve() {
        for curve in Curve::ALL {
            let c = curve.params();
            let Some(subfield) = c.hint_scaling else { continue };
            let x = Exponents::new(&c, subfield);
            let (p, r) = (big(&c.p), big(&c.r));
            let (h, h_rest, lambda) = (b(&x.h), b(&x.h_rest), b(&x.lambda));
            let h_shared = &h / &h_rest;
            assert_eq!(&h_shared * &h_rest, h);
            assert_eq!(gcd(h_rest.clone(), lambda.clone()), BigUint::from(1u8), "λ invertible mod h′");
            assert_eq!((b(&x.s) * &h_rest + 1u8) % &h_shared, BigUint::from(0u8));
            assert_eq!((b(&x.e) * &lambda) % &h_rest, BigUint::from(1u8));
            assert_eq!(&lambda % &r, BigUint::from(0u8));
            let expected = match curve {
                // 27·ℓ, ℓ = 11·10177·859267·52437899
                Curve::Bls12_381 => BigUint::from(27u8) * 11u8 * 10177u32 * 859267u32 * 52437899u32,
                // 2⁴⁸·3²·7·13·499
                Curve::Bls12_377 => (BigUint::from(1u8) << 48) * 9u8 * 7u8 * 13u8 * 499u32,
                // 3³ (gcd(m, h) = 3)
                Curve::Bn254 => BigUint::from(27u8),
            };
            assert_eq!(h_shared, expected, "{curve}: H");
            // the subfield's part of H has index 3 in H and holds the λ-th powers of H's part
            // (order H/gcd(H, λ)), so U = w₁ itself needs no λ-th root moved into c
            let sub = gcd(h_shared.clone(), b(&x.subfield_order));
            let powers = &h_shared / gcd(h_shared.clone(), lambda.clone());
            assert_eq!(&sub % &powers, BigUint::from(0u8), "{curve}: λ-th powers in the subfield");
            assert_eq!(sub * 3u8, h_shared, "{curve}: all of H but one factor 3");
            // the subfield is proper, so its elements' orders divide h
            assert_eq!(&h % b(&x.subfield_order), BigUint::from(0u8), "{curve}: p^k − 1 divides h");
            // v is not a cube in Fp12: v^((p¹²−1)/3) ≠ 1
            let n3 = ((p.pow(12) - 1u8) / 3u8).to_u64_digits();
            struct NotCube(Vec<u64>);
            impl ArkFp12Task for NotCube {
                type Output = bool;
                fn run<P: Fp12Config>(self) -> bool {
                    v_fp12::<P>().pow(&self.0) != Fp12::one()
                }
            }
            assert!(curve.with_ark_fp12(NotCube(n3)), "{curve}: v is not a cube");
        }
    }
}
