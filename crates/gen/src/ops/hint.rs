//! The witness of the hinted pairing check (`pairing::hinted_pairing_check_program`): computed
//! natively, off-chain, by the caller (`evm384 hint`).
//!
//! Novakovic, Eagen, "On Proving Pairings", eprint 2024/640, with BLS12-381's scaling factor
//! (λ = p − z = 3ℓ²·r, h = (p¹²−1)/r = 27·ℓ·h₃ with gcd(27ℓ, h₃) = 1). The witness is
//! d = c⁻¹ (Fp12) and w = x₀ + x₁·v + x₂·v² ∈ Fp6 (x₀, x₁, x₂ ∈ Fp; Fp6 = Fp2[v] ⊂ Fp12), 15
//! field elements of 48 bytes, [`HINT_BYTES`]; the contract accepts iff F·d^λ·w = 1 for the
//! unconjugated Miller-loop product F.
//!
//! Soundness: if F·d^λ·w = 1 then d and w are units (so d ≠ 0 needs no test), c = d⁻¹ has
//! c^λ = F·w, and F^h = c^(λh)·w^(−h) = 1: λh = 3ℓ²·(p¹²−1) kills c, and w, an element of the
//! proper subfield Fp6, has w^(p⁶−1) = 1 with p⁶−1 | h (r ∤ p⁶−1: the embedding degree is 12).
//! The order of w is thus bounded by its encoding — three Fp coordinates over 1, v, v² — and
//! needs no test on chain (the previous witness sent w = a·b with a^ℓ = 1 and b²⁷ = 1 tested,
//! c beside c⁻¹ with c·c⁻¹ = 1 tested). F^h = 1 iff the pairing product is 1.
//!
//! Completeness (this module): w = a·v^t with a ∈ Fp and t ∈ {0, 1, 2}. The ℓ-part of Fp12* lies
//! in Fp* (ℓ | p − 1, ℓ ∤ (p¹²−1)/(p−1) ≡ 12 mod ℓ) and its 3-part (order 27) in Fp3 ⊂ Fp6, and
//! since 3 ∥ λ only the class of the 3-part modulo cubes has to be cancelled: v is not a cube in
//! Fp12, so one t of the three does it. For F₁ = F·v^t (F₁^h = 1):
//! - w₁ = (F₁^h₃)^s with s = −h₃⁻¹ mod 27ℓ has order dividing 27ℓ and F₁·w₁ has order dividing h₃;
//! - c₁ = (F₁·w₁)^e with e = λ⁻¹ mod h₃ is a λ-th root: c₁^λ = F₁·w₁;
//! - w₁ = a·b with a = w₁^(27·(27⁻¹ mod ℓ)) of order ℓ (in Fp) and b = w₁^(ℓ·(ℓ⁻¹ mod 27)) of
//!   order dividing 27 (CRT); for the right t, b is a cube in the group of order 27, b = y^λ
//!   with y a power of g₂₇ = v^((p¹²−1)/27) (found by trying the 27), so that
//!   F·v^t·a = (c₁·y⁻¹)^λ: d = y·c₁⁻¹ and w = a·v^t (x_t = a, the two others 0).
//!
//! F is the generator's own Miller loop (its lines differ from other libraries' by subfield
//! factors), taken from the native executor; the powers use arkworks' Fq12, whose tower is the
//! generator's (Fp2 = Fp[u]/(u²+1), Fp6 = Fp2[v]/(v³ − (u+1)), Fp12 = Fp6[w]/(w² − v)).

use ark_bls12_381::{Fq, Fq12, Fq2, Fq6};
use ark_ff::{BigInt, Field, One, PrimeField, Zero};
use evm384_arith::{to_be_bytes, Limbs, MontField};
use num_bigint::BigUint;

use crate::backend::native::{self, Outcome};
use crate::curves::CurveParams;
use crate::ir::{F2Mul, Phase};
use crate::ops::pairing::ProgramOptions;
use crate::ops::pairing::{pairing_check_program, HINT_BYTES};

/// Why no witness was computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The pairs are malformed (the drop-in check halts on them too).
    #[error("invalid pairing input: {0}")]
    Invalid(&'static str),
    /// The pairing product is not 1: no witness exists.
    #[error("the pairing product is not 1: no witness exists")]
    NotOne,
    /// The witness is computed in arkworks' BLS12-381 Fq12, and the residue-root structure
    /// (`CurveParams::residue_ell`) is worked out for BLS12-381 only.
    #[error("{0}: no hinted check (its witness is computed for BLS12-381 only)")]
    UnsupportedCurve(&'static str),
}

fn big(x: &Limbs) -> BigUint {
    x.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l)
}

fn fq(x: &Limbs) -> Fq {
    Fq::from_bigint(BigInt::new(*x)).expect("canonical value below p")
}

fn limbs(x: &Fq) -> Limbs {
    x.into_bigint().0
}

/// Our Fp12 (12 canonical values, tower order) as arkworks'.
fn to_fq12(v: &[Limbs]) -> Fq12 {
    let f2 = |i: usize| Fq2::new(fq(&v[2 * i]), fq(&v[2 * i + 1]));
    Fq12::new(Fq6::new(f2(0), f2(1), f2(2)), Fq6::new(f2(3), f2(4), f2(5)))
}

fn from_fq12(f: &Fq12) -> Vec<Limbs> {
    let mut out = Vec::with_capacity(12);
    for c6 in [f.c0, f.c1] {
        for c2 in [c6.c0, c6.c1, c6.c2] {
            out.push(limbs(&c2.c0));
            out.push(limbs(&c2.c1));
        }
    }
    out
}

/// The exponents of the witness, from p, r and z.
struct Exponents {
    h: Vec<u64>,
    h3: Vec<u64>,
    s: Vec<u64>,
    e: Vec<u64>,
    lambda: Vec<u64>,
    to_ell_part: Vec<u64>,
    to_27_part: Vec<u64>,
    /// (p¹²−1)/27: g₂₇ = v^that generates the elements of order dividing 27.
    n_27: Vec<u64>,
}

fn exponents(curve: &CurveParams) -> Exponents {
    let (p, r) = (big(&curve.p), big(&curve.r));
    let ell = BigUint::from(curve.residue_ell.expect("the residue-root structure of this curve"));
    let lambda = &p + curve.z_abs; // p − z
    let h = (p.pow(12) - 1u8) / &r;
    let m27 = &ell * 27u8;
    let h3 = &h / &m27;
    let inv = |x: &BigUint, m: &BigUint| x.modinv(m).expect("coprime");
    let s = &m27 - inv(&(&h3 % &m27), &m27); // −h₃⁻¹ mod 27ℓ
    let e = inv(&(&lambda % &h3), &h3);
    let to_ell_part = BigUint::from(27u8) * inv(&BigUint::from(27u8), &ell);
    let to_27_part = &ell * inv(&(&ell % 27u8), &BigUint::from(27u8));
    let n = p.pow(12) - 1u8;
    Exponents {
        n_27: (&n / 27u8).to_u64_digits(),
        h: h.to_u64_digits(),
        h3: h3.to_u64_digits(),
        s: s.to_u64_digits(),
        e: e.to_u64_digits(),
        lambda: lambda.to_u64_digits(),
        to_ell_part: to_ell_part.to_u64_digits(),
        to_27_part: to_27_part.to_u64_digits(),
    }
}

/// The unconjugated Miller-loop product F of the generator's loop for `pairs` (`None`: no
/// pair without a point at infinity, F = 1).
fn miller_loop_product(curve: &CurveParams, pairs: &[u8], f2mul: F2Mul) -> Result<Fq12, HintError> {
    let opts = ProgramOptions { stop_before: Some(Phase::FinalExp), ..ProgramOptions::default() };
    let prog = pairing_check_program(curve, f2mul, opts);
    let slot = crate::ops::pairing::accumulator_slot(curve, f2mul) as usize;
    match native::run(&prog, pairs).outcome {
        Outcome::Memory(m) => {
            let field = MontField::new(curve.p);
            let v: Vec<Limbs> = m[slot..slot + 12].iter().map(|x| field.from_mont(x)).collect();
            Ok(to_fq12(&v).conjugate_in_place().to_owned()) // the loop conjugated F: undo it
        }
        Outcome::Bool(true) => Ok(Fq12::one()), // every pair had a point at infinity
        Outcome::Invalid(why) => Err(HintError::Invalid(why)),
        other => unreachable!("the pairing program ends with memory, a boolean or INVALID: {other:?}"),
    }
}

/// v ∈ Fp6 ⊂ Fp12, the tower's cube root of ξ = u + 1: not a cube in Fp12.
fn v_fq12() -> Fq12 {
    Fq12::new(Fq6::new(Fq2::zero(), Fq2::one(), Fq2::zero()), Fq6::zero())
}

/// The witness (`HINT_BYTES` bytes: d = c⁻¹ as 12 field elements in the tower's coefficient
/// order, then x₀, x₁, x₂ of w = x₀ + x₁·v + x₂·v², each 48 bytes big-endian, EIP-2537's
/// encoding without its 16 zero bytes) for `pairs` (PAIRING_CHECK's input), or why there is none.
pub fn witness(curve: &CurveParams, pairs: &[u8], f2mul: F2Mul) -> Result<Vec<u8>, HintError> {
    if curve.p != evm384_arith::BLS12_381_P || curve.residue_ell.is_none() {
        return Err(HintError::UnsupportedCurve(curve.name));
    }
    let f = miller_loop_product(curve, pairs, f2mul)?;
    let x = exponents(curve);
    if f.pow(&x.h) != Fq12::one() {
        return Err(HintError::NotOne);
    }
    let v = v_fq12();
    let g27 = v.pow(&x.n_27);
    let g27_lambda = g27.pow(&x.lambda);
    let mut vt = Fq12::one();
    for t in 0..3 {
        let f1 = f * vt;
        let w1 = f1.pow(&x.h3).pow(&x.s);
        let c1 = (f1 * w1).pow(&x.e);
        debug_assert_eq!(c1.pow(&x.lambda), f1 * w1, "c₁ is a λ-th root of F₁·w₁");
        let a = w1.pow(&x.to_ell_part);
        let b = w1.pow(&x.to_27_part);
        debug_assert_eq!(a * b, w1);
        // y = g₂₇^j with y^λ = b, if b is a cube in the group of order 27
        let (mut y, mut y_lambda) = (Fq12::one(), Fq12::one());
        for _ in 0..27 {
            if y_lambda == b {
                let d = y * c1.inverse().expect("c₁ ≠ 0");
                let a_fp = from_fq12(&a);
                assert!(a_fp[1..].iter().all(|v| *v == [0; 6]), "the ℓ-part of w lies in Fp");
                debug_assert_eq!(f * vt * a * d.pow(&x.lambda), Fq12::one(), "F·d^λ·w = 1");
                let mut out = Vec::with_capacity(HINT_BYTES as usize);
                let mut put = |v: &Limbs| out.extend_from_slice(&to_be_bytes(v));
                from_fq12(&d).iter().for_each(&mut put);
                for i in 0..3 {
                    put(if i == t { &a_fp[0] } else { &[0; 6] });
                }
                return Ok(out);
            }
            y *= g27;
            y_lambda *= g27_lambda;
        }
        vt *= v;
    }
    unreachable!("v is not a cube: one of F, F·v, F·v² has a 27-part that is a cube")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_have_the_stated_properties() {
        let c = crate::curves::bls12_381();
        let x = exponents(&c);
        let b = |v: &[u64]| v.iter().rev().fold(BigUint::from(0u8), |acc, &l| (acc << 64) + l);
        let ell = BigUint::from(c.residue_ell.unwrap());
        let m27 = &ell * 27u8;
        // s·h₃ ≡ −1 (mod 27ℓ), e·λ ≡ 1 (mod h₃); the CRT exponents sum to 1 mod 27ℓ
        assert_eq!((b(&x.s) * b(&x.h3) + 1u8) % &m27, BigUint::from(0u8));
        assert_eq!((b(&x.e) * b(&x.lambda)) % b(&x.h3), BigUint::from(1u8));
        assert_eq!((b(&x.to_ell_part) + b(&x.to_27_part)) % &m27, BigUint::from(1u8));
        assert_eq!(b(&x.h), b(&x.h3) * &m27);
        // 3 ∥ λ; v is not a cube, so g₂₇ = v^((p¹²−1)/27) has order 27 exactly
        assert_eq!(b(&x.lambda) % 3u8, BigUint::from(0u8));
        assert_ne!(b(&x.lambda) % 9u8, BigUint::from(0u8));
        let n_3 = (big(&c.p).pow(12) - 1u8) / 3u8; // x^((p¹²−1)/3) = 1 iff x is a cube
        assert_ne!(v_fq12().pow(n_3.to_u64_digits()), Fq12::one(), "v is not a cube in Fp12");
        let g27 = v_fq12().pow(&x.n_27);
        assert_eq!(g27.pow([27u64]), Fq12::one());
        assert_ne!(g27.pow([9u64]), Fq12::one());
    }
}
