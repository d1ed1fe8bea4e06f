//! The BN family's part of the pairing check: the Miller loop over 6z + 2 with its two closing
//! lines, the hard part of the final exponentiation, the exponentiations by z over the
//! non-adjacent form of |z|, G2 tested on the Miller loop's final T; G1 has cofactor 1
//! (#E(Fp) = r), so on the curve is in G1.
//!
//! - Vercauteren, "Optimal pairings", eprint 2008/096 §4 (the loop over 6z + 2, two closing
//!   lines); Aranha et al., eprint 2010/354, Alg. 1;
//! - Fuentes-Castañeda, Knapp, Rodríguez-Henríquez, "Faster hashing to G2" (SAC 2011):
//!   λ₀ + λ₁p + λ₂p² + λ₃p³ = 2z(6z²+3z+1)·Φ₁₂(p)/r ([`final_exp_bn`]);
//! - El Housni, Guillevic, Piellard, eprint 2022/352 §4.3 (ψ(Q) = \[6z²\]Q beside P = O); the
//!   kernel argument of Dai, Lin, Zhao, Zhou, eprint 2022/348, for the test on the Miller loop's
//!   final T ([`bn_closing_lines`]).

use crate::algebra::tower::*;
use crate::algebra::Squaring;
use crate::curves::{CurveParams, Family};
use crate::ir::{Asm, Slot};
use crate::ops::subgroup::assert_projective_t_is_psi_q;

use super::ctx::Ctx;
use super::family::FamilyPairing;
use super::final_exp::{exp_by_z_with, final_exp_easy_part};
use super::fp12::{
    call_cyclotomic_sqr_fp12, call_frobenius_fp12, call_mul_by_line, call_mul_fp12, call_sqr_fp12_in_mul_fp6_regs,
};
use super::miller_loop::call_line_add;
use super::signed_digits::cheapest_window_naf_digits;

/// The BN family (BN254).
#[derive(Debug)]
pub(super) struct Bn;

impl FamilyPairing for Bn {
    /// N(r₂), after every constant both families use.
    fn psi2_r2(&self, a: &mut Asm, c: &CurveParams) -> Option<Slot> {
        Some(a.const_mont(&[c.psi2_coefficients()[0]]))
    }

    /// The width-w non-adjacent form of |z| of fewest products (`cheapest_window_naf_digits`;
    /// BN254's z: 14 non-zero digits up to ±7 at w = 4, against 24 in non-adjacent form and 28
    /// ones in binary).
    fn exp_by_z_digits(&self, z_abs: u64) -> Vec<i8> {
        cheapest_window_naf_digits(z_abs)
    }

    /// Nothing: G1 = E(Fp).
    fn assert_in_g1(&self, _: &mut Asm, _: Ctx) {}

    fn assert_g2_test_sound(&self, curve: &CurveParams) {
        assert!(bn_loop_t_tests_g2(curve), "{}: the Miller loop's T does not test G2", curve.name);
    }

    /// The closing lines ([`bn_closing_lines`]); into A.
    fn end_miller_loop(&self, a: &mut Asm, c: Ctx, f: Fp12, test_g2: bool) {
        bn_closing_lines(a, c, f, test_g2);
        if f.0 != c.fa.0 {
            a.copy(c.fa.0, f.0, 12);
        }
    }

    /// The closing lines on A: λ = 6z + 2 + p − p² + p³ takes f_{6z+2} with both, for z > 0
    /// (for z < 0 the loop's value is conjugated and T negated: no hinted check is written).
    fn end_folded_miller_loop(&self, a: &mut Asm, c: Ctx, test_g2: bool) {
        assert!(!c.z_negative, "the hinted check on a BN curve is written for z > 0");
        bn_closing_lines(a, c, c.fa, test_g2);
    }

    /// Nothing: made on the Miller loop's final T ([`bn_closing_lines`]).
    fn assert_g2_subgroups_after_miller_loop(&self, _: &mut Asm, _: Ctx) {}

    fn final_exp(&self, a: &mut Asm, c: Ctx, squaring: Squaring) {
        final_exp_bn(a, c, squaring)
    }
}

/// BN's closing lines (Vercauteren, eprint 2008/096 §4: the optimal ate pairing of a BN curve
/// is f_{6z+2,Q}·ℓ_{[6z+2]Q,Q₁}·ℓ_{[6z+2]Q+Q₁,−Q₂}, from the short vector
/// 6z + 2 + p − p² + p³ ≡ 0 mod r; Aranha et al., eprint 2010/354, Alg. 1 lines 8–11), on the
/// accumulator `f`: for z < 0 first f ← conj(f) and T ← −T (the loop ran over |6z + 2|), then
/// per pair T ← T + Q₁, f ← f·ℓ, and T ← T − Q₂, f ← f·ℓ, with Q₁ = π(Q) = ψ(Q) =
/// (conj(xQ)·r₂, conj(yQ)·s₂) and −Q₂ = −π²(Q) = −ψ²(Q) = (N(r₂)·xQ, yQ) (ψ² = (N(r₂)·x, N(s₂)·y),
/// N(s₂) = −1: `CurveParams::psi2_coefficients`). Both points are made in the work record's Q
/// (−Q₂ first, from Q, into scratch), which the pair loop does not write back.
///
/// With `test_g2`, the G2 test of the pair on the final T, without a multiplication of its own:
/// T = [6z+2]Q + ψ(Q) − ψ²(Q) is −ψ³(Q) = ψ(−Q₂) exactly when α(Q) = O for the endomorphism
/// α = 6z + 2 + ψ − ψ² + ψ³ of the twist, which is zero on G2 (ψ = [p] there and the short
/// vector above). α = a + b·ψ with a = 6z + 2 + p − t·p, b = 1 − t + t² − p (ψ² = t·ψ − p, t the
/// trace), separable (p ∤ a), so its kernel has N(α) = a² + a·b·t + b²·p points, and its
/// kernel in E′(Fp2) (of order r·h, h = 2p − r) has an order dividing gcd(N(α), r·h); where
/// gcd(N(α), h) = 1 and r ∥ N(α) (BN254, BN-P254: [`bn_loop_t_tests_g2`], asserted when the
/// program is written) α(Q) = O ⇔ Q ∈ G2 (the argument of Dai, Lin, Zhao, Zhou, eprint
/// 2022/348, for endomorphism-based membership tests, applied to the loop's own endomorphism).
/// The test, X = x(ψ(−Q₂))·Z, Y = y(ψ(−Q₂))·Z, Z ≠ 0, is BLS12's
/// (`assert_projective_t_is_psi_q` with −Q₂ as its point). The projective steps are exact but
/// where T = ±(the point added) or T = O: T = −S gives (0 : Y : 0), T = S and O + S give
/// (0 : 0 : 0), which stays there, so such an input ends at Z = 0 and is refused; for Q ∈ G2
/// none arises (every multiple [k]Q the loop meets has 1 < k < r − 1, and 6z + 2 ≢ ±p,
/// 6z + 2 + p ≢ ±p² mod r: also asserted).
fn bn_closing_lines(a: &mut Asm, c: Ctx, f: Fp12, test_g2: bool) {
    let (w, k) = (c.w, c.k);
    let n_r2 = c.psi2_r2.expect("N(r₂) for a BN curve");
    if c.z_negative {
        conj_fp12(a, &k, f, f); // f_{6z+2} = conj(f_{|6z+2|}) after the final exponentiation
    }
    a.for_each_pair(|a| {
        a.scoped(|a| {
            if c.z_negative {
                let ty = Fp2(w.t().y());
                neg_fp2(a, &k, ty, ty); // T = [6z + 2]Q (written back with T)
            }
            let minus_q2 = a.alloc(4); // (N(r₂)·xQ, yQ), beside each other as in Q
            mul_fp2_by_fp(a, Fp2(minus_q2), w.qx(), n_r2);
            a.copy(minus_q2 + 2, w.qy().0, 2);
            conj_fp2(a, &k, w.qx(), w.qx());
            mul_fp2(a, w.qx(), w.qx(), c.psi_r2);
            conj_fp2(a, &k, w.qy(), w.qy());
            mul_fp2(a, w.qy(), w.qy(), c.psi_s2); // Q₁ = ψ(Q)
            call_line_add(a, c); // T = T + Q₁
            call_mul_by_line(a, c, f);
            a.copy(w.qx().0, minus_q2, 4); // −Q₂
            call_line_add(a, c); // T = T − Q₂
            call_mul_by_line(a, c, f);
            if test_g2 {
                // T = ψ(−Q₂) = −ψ³(Q), T ≠ O: Q ∈ G2
                assert_projective_t_is_psi_q(a, &k, w.t(), (w.qx(), w.qy()), (c.psi_r2, c.psi_s2), false);
            }
        })
    });
}

/// Whether BN's Miller loop's final T tests G2 membership (`bn_closing_lines`), from p, r and z:
/// α = a + b·ψ, a = 6z + 2 + p − t·p, b = 1 − t + t² − p, t = 6z² + 1, is separable (p ∤ a),
/// r ∥ N(α) = a² + a·b·t + b²·p and gcd(N(α), 2p − r) = 1; and no addition the loop makes for
/// Q ∈ G2 is exceptional: 6z + 2 ≢ ±p, 6z + 2 + p ≢ ±p² (mod r).
pub fn bn_loop_t_tests_g2(curve: &CurveParams) -> bool {
    use num_bigint::BigInt;
    let big = |x: &evm384_arith::Limbs| x.iter().rev().fold(BigInt::from(0), |acc, &l| (acc << 64) + l);
    let (p, r) = (big(&curve.p), big(&curve.r));
    let z = if curve.z_negative { -BigInt::from(curve.z_abs) } else { BigInt::from(curve.z_abs) };
    let t: BigInt = 6 * &z * &z + 1;
    let six_z_2: BigInt = 6 * &z + 2;
    let a: BigInt = &six_z_2 + &p - &t * &p;
    let b: BigInt = 1 - &t + &t * &t - &p;
    let n: BigInt = &a * &a + &a * &b * &t + &b * &b * &p;
    let (mut x, mut y): (BigInt, BigInt) = (n.clone(), 2 * &p - &r);
    while y != BigInt::from(0) {
        (x, y) = (y.clone(), x % y);
    }
    let zero = BigInt::from(0);
    let p2 = &p * &p;
    let not_exceptional =
        [&six_z_2 - &p, &six_z_2 + &p, &six_z_2 + &p - &p2, &six_z_2 + &p + &p2].into_iter().all(|k| k % &r != zero);
    curve.family == Family::Bn
        && &a % &p != zero
        && &n % &r == zero
        && &n % (&r * &r) != zero
        && x == BigInt::from(1)
        && not_exceptional
}

/// BN: A ← A^(2z·(6z²+3z+1)·(p¹²-1)/r), the pairing raised to 2z·(6z²+3z+1), a fixed power
/// coprime to r (0 < 2z·(6z²+3z+1) < r, r prime), which the comparison with one does not see
/// (arkworks' `Bn254::final_exponentiation` raises to the same power). Easy part
/// m = f^((p⁶-1)(p²+1)), then the hard part of Fuentes-Castañeda, Knapp, Rodríguez-Henríquez
/// ("Faster hashing to G2", SAC 2011, its BN final exponentiation):
/// 2z·(6z²+3z+1)·Φ₁₂(p)/r = λ₀ + λ₁·p + λ₂·p² + λ₃·p³ as polynomials in z
/// (p = 36z⁴+36z³+24z²+6z+1, r = 36z⁴+36z³+18z²+6z+1; `tests/bn254_pairing.rs` derives them), with
/// λ₀ = 12z³+12z²+6z+1, λ₁ = 12z³+6z²+4z, λ₂ = 12z³+6z²+6z, λ₃ = 12z³+6z²+4z−1,
/// so that λ₂ = λ₁ + 2z, λ₀ = λ₂ + 6z² + 1, λ₃ = λ₁ − 1, evaluated by Horner:
/// (((m^λ₃)^p·m^λ₂)^p·m^λ₁)^p·m^λ₀. The chain (exponent of m after each step; three
/// exponentiations by z, three cyclotomic squarings, ten products, three p-power Frobenius maps,
/// so no p³-power map):
/// ```text
///  A = m^z                 exp_by_z
///  b = m^2z                squaring
///  x = m^4z                squaring
///  A = m^6z                x·b
///  y = m^6z²               exp_by_z
///  A = m^6z³               exp_by_z
///  A = m^12z³              squaring
///  A = m^(12z³+6z²)        ·y
///  x = m^λ₁                ·x   (12z³+6z²+4z)
///  b = m^λ₂                ·b   (λ₁ + 2z)
///  y = m^λ₀                ·y·m (λ₂ + 6z² + 1)
///  A = m^λ₃                x·conj(m) (λ₁ − 1; conj(m) = m⁻¹, m cyclotomic)
///  A = m^(λ₃p + λ₂)        Frobenius, ·b
///  A = m^(λ₃p² + λ₂p + λ₁) Frobenius, ·x
///  A = m^(λ₃p³ + λ₂p² + λ₁p + λ₀)  Frobenius, ·y
/// ```
/// z signed: `exp_by_z` conjugates for z < 0, and the identities hold as polynomials.
fn final_exp_bn(a: &mut Asm, c: Ctx, squaring: Squaring) {
    let (fa, fb, k) = (c.fa, c.fb, c.k);
    let exp_by_z = |a: &mut Asm| exp_by_z_with(a, c, squaring);
    let sqr = |a: &mut Asm| match squaring {
        Squaring::GrangerScott | Squaring::GrangerScottProducts => {
            call_cyclotomic_sqr_fp12(a, c, squaring == Squaring::GrangerScottProducts)
        }
        Squaring::Karabina => {
            // by the Miller loop's squaring, in the mul_fp6 registers (no second routine)
            a.copy(c.m6.xy().0, fa.0, 12);
            call_sqr_fp12_in_mul_fp6_regs(a, c);
            a.copy(fa.0, c.m6.xy().0, 12);
        }
    };
    let mul_by = |a: &mut Asm, x: Fp12| {
        a.copy(fb.0, x.0, 12);
        call_mul_fp12(a, c);
    };
    a.scoped(|a| {
        let [m, b, x, y] = [0; 4].map(|_| Fp12(a.alloc(12)));
        final_exp_easy_part(a, c);
        a.copy(m.0, fa.0, 12); // m
        exp_by_z(a); // m^z
        sqr(a);
        a.copy(b.0, fa.0, 12); // b = m^2z
        sqr(a);
        a.copy(x.0, fa.0, 12); // x = m^4z
        mul_by(a, b); // m^6z
        exp_by_z(a);
        a.copy(y.0, fa.0, 12); // y = m^6z²
        exp_by_z(a); // m^6z³
        sqr(a); // m^12z³
        mul_by(a, y); // m^(12z³+6z²)
        mul_by(a, x);
        a.copy(x.0, fa.0, 12); // x = m^λ₁
        mul_by(a, b);
        a.copy(b.0, fa.0, 12); // b = m^λ₂ = m^(λ₁+2z)
        mul_by(a, y);
        mul_by(a, m);
        a.copy(y.0, fa.0, 12); // y = m^λ₀ = m^(λ₂+6z²+1)
        a.copy(fa.0, x.0, 12);
        conj_fp12(a, &k, fb, m); // B = m⁻¹
        call_mul_fp12(a, c); // m^λ₃ = m^(λ₁−1)
        for coefficient in [b, x, y] {
            // Horner over m^λ₂, m^λ₁, m^λ₀: A ← A^p·m^λᵢ
            call_frobenius_fp12(a, c, 1);
            mul_by(a, coefficient);
        }
    });
}
