//! The final exponentiation's parts every family shares: the easy part
//! f^((p⁶-1)(p²+1)) ([`final_exp_easy_part`]) and the exponentiation by z in the cyclotomic
//! subgroup ([`exp_by_z_with`]: square-and-multiply over the family's digits of |z| with
//! Granger–Scott's squaring, eprint 2009/565, or Karabina's compressed squarings). The hard
//! parts are the families' (`bls12.rs`, `bn.rs`).

use crate::algebra::tower::*;
use crate::algebra::Squaring;
use crate::ir::Asm;

use super::ctx::Ctx;
use super::fp12::{call_cyclotomic_sqr_fp12, call_frobenius_fp12, call_inverse_fp12, call_mul_fp12};
use super::signed_digits::for_signed_digits;

/// A ← A^z for A in the cyclotomic subgroup: square-and-multiply over the signed digits of |z|
/// (`digits`, a leading 1: the family's, `FamilyPairing::exp_by_z_digits`), B keeping the
/// base and still holding it on return, then, for z < 0, conjugation, the inverse in the
/// cyclotomic subgroup (for z > 0 A^|z| is A^z). A digit −1 multiplies by conj(B) = B⁻¹
/// (`mul_fp12_by_conj`: B conjugated in place and back, 12 negations against a product). Window
/// digits ±3, ±5, … (a width-w NAF) multiply by a table of the base's odd powers, made first
/// (one squaring, a product an entry), the entry or its conjugate copied into B and the base
/// copied back after the product.
fn call_exp_by_z(a: &mut Asm, c: Ctx, digits: Vec<i8>, products: bool) {
    assert_eq!(digits.first(), Some(&1), "a leading digit 1");
    let top = digits.iter().map(|d| d.unsigned_abs()).max().unwrap_or(1);
    a.call("exp_by_z", move |a| {
        a.scoped(|a| {
            a.copy(c.fb.0, c.fa.0, 12);
            // B = base; base³, base⁵, …, base^top, and the base itself while B holds another entry
            let table: Vec<Fp12> = (3..=top).step_by(2).map(|_| Fp12(a.alloc(12))).collect();
            let base = (!table.is_empty()).then(|| Fp12(a.alloc(12)));
            if let Some(base) = base {
                a.copy(base.0, c.fa.0, 12);
                call_cyclotomic_sqr_fp12(a, c, products); // A = base²
                let square = Fp12(a.alloc(12));
                a.copy(square.0, c.fa.0, 12);
                for (i, entry) in table.iter().enumerate() {
                    if i == 1 {
                        a.copy(c.fb.0, square.0, 12); // B = base²
                    }
                    call_mul_fp12(a, c); // A = base^(2i + 3)
                    a.copy(entry.0, c.fa.0, 12);
                }
                a.copy(c.fa.0, base.0, 12);
                a.copy(c.fb.0, base.0, 12);
            }
            let mul_by_inverse = move |a: &mut Asm| {
                a.call("mul_fp12_by_conj", move |a| {
                    conj_fp12(a, &c.k, c.fb, c.fb); // B = base⁻¹ (cyclotomic)
                    call_mul_fp12(a, c);
                    conj_fp12(a, &c.k, c.fb, c.fb); // B = base
                })
            };
            let table = &table;
            let other = move |a: &mut Asm, d: i8| match (d, base) {
                (-1, _) => mul_by_inverse(a),
                (_, Some(base)) => {
                    let entry = table[(d.unsigned_abs() as usize - 3) / 2];
                    match d > 0 {
                        true => a.copy(c.fb.0, entry.0, 12),
                        false => conj_fp12(a, &c.k, c.fb, entry), // entry⁻¹ (cyclotomic)
                    }
                    call_mul_fp12(a, c);
                    a.copy(c.fb.0, base.0, 12);
                }
                _ => unreachable!("a window digit without its table"),
            };
            for_signed_digits(
                a,
                &digits[1..],
                |a| call_cyclotomic_sqr_fp12(a, c, products),
                |a| call_mul_fp12(a, c),
                other,
            );
            if c.z_negative {
                conj_fp12(a, &c.k, c.fa, c.fa);
            }
        })
    });
}

/// A ← A^z for A in the cyclotomic subgroup by compressed squarings (Karabina, eprint 2010/542;
/// the exponentiation of Aranha, Karabina, Longa, Gebotys, López, eprint 2010/526 §5.2):
/// A^(2^i) for the set bits i of |z| in compressed form (g2..g5 in B, squared in place),
/// each saved with the numerator and denominator of its g1, then all decompressed with one
/// Fp2 inversion (Montgomery's trick: Montgomery, Math. Comp. 48 (1987) §10.3.1: prefix
/// products dᵢ' = d₀·…·dᵢ while squaring, t = dₙ₋₁'⁻¹, then going back dᵢ⁻¹ = t·dᵢ₋₁',
/// t ← t·dᵢ), multiplied, and conjugated (z < 0). The per-value work is in two subroutines on
/// fixed registers, so the code grows by copies only. A denominator is zero only if A = 1,
/// and then all are (see `karabina_g1_fraction`).
fn call_exp_by_z_compressed(a: &mut Asm, c: Ctx) {
    a.call("exp_by_z", move |a| {
        a.scoped(|a| {
            let set: Vec<u32> = (0..64).filter(|i| (c.z_abs >> i) & 1 == 1).collect();
            let n = set.len();
            let saves: Vec<Fp12> = (0..n).map(|_| Fp12(a.alloc(12))).collect();
            let dens: Vec<Fp2> = (0..n).map(|_| Fp2(a.alloc(2))).collect();
            let pres: Vec<Fp2> = (0..n).map(|_| Fp2(a.alloc(2))).collect();
            // registers of the two subroutines
            let den = Fp2(a.alloc(2)); // dᵢ
            let pre = Fp2(a.alloc(2)); // d₀·…·dᵢ while squaring; dᵢ₋₁' going back
            let t = Fp2(a.alloc(2)); // (d₀·…·dᵢ)⁻¹ going back
            copy_compressed_fp12(a, c.fb, c.fa); // B = compressed A
            a.copy(pre.0, c.k.one, 2);
            let mut done = 0;
            for (j, &i) in set.iter().enumerate() {
                let run = vec![false; (i - done) as usize];
                if !run.is_empty() {
                    a.for_bits(
                        &run,
                        |a| a.call("compressed_sqr_fp12", move |a| compressed_cyclotomic_sqr_fp12(a, c.fb)),
                        |_| {},
                    );
                }
                done = i; // B = A^(2^i), compressed
                a.call("karabina_g1_fraction", move |a| {
                    karabina_g1_fraction(a, &c.k, c.fb, den);
                    mul_fp2(a, pre, pre, den); // d₀·…·dᵢ
                });
                copy_compressed_fp12(a, saves[j], c.fb); // g2..g5 and num
                a.copy(dens[j].0, den.0, 2);
                a.copy(pres[j].0, pre.0, 2);
            }
            inverse_fp2(a, &c.k, c.inv, c.p_minus_2(), t, pre); // t = (d₀·…·dₙ₋₁)⁻¹
            for j in (0..n).rev() {
                copy_compressed_fp12(a, c.fb, saves[j]);
                a.copy(den.0, dens[j].0, 2);
                a.copy(pre.0, if j == 0 { c.k.one } else { pres[j - 1].0 }, 2);
                a.call("karabina_decompress", move |a| {
                    let g1 = karabina_parts(c.fb)[1];
                    mul_fp2(a, pre, pre, t); // dⱼ⁻¹ = t·d₀·…·dⱼ₋₁
                    mul_fp2(a, t, t, den); // t = (d₀·…·dⱼ₋₁)⁻¹
                    mul_fp2(a, g1, g1, pre); // g1 = num/dⱼ
                    karabina_g0(a, &c.k, c.fb);
                }); // B = A^(2^set[j])
                if j == n - 1 {
                    a.copy(c.fa.0, c.fb.0, 12);
                } else {
                    call_mul_fp12(a, c);
                }
            }
            if c.z_negative {
                conj_fp12(a, &c.k, c.fa, c.fa);
            }
        })
    });
}

/// A ← A^z (A cyclotomic) by the exponentiation `squaring` chooses: Granger–Scott's squarings
/// over the family's digits of |z| ([`call_exp_by_z`]), or Karabina's compressed squarings over
/// its binary form ([`call_exp_by_z_compressed`]).
pub(super) fn exp_by_z_with(a: &mut Asm, c: Ctx, squaring: Squaring) {
    match squaring {
        Squaring::GrangerScott | Squaring::GrangerScottProducts => {
            let products = squaring == Squaring::GrangerScottProducts;
            call_exp_by_z(a, c, c.family.exp_by_z_digits(c.z_abs), products)
        }
        Squaring::Karabina => call_exp_by_z_compressed(a, c),
    }
}

/// The easy part of the final exponentiation, A ← A^((p⁶-1)(p²+1)) (then cyclotomic).
pub(super) fn final_exp_easy_part(a: &mut Asm, c: Ctx) {
    let (fa, fb, k) = (c.fa, c.fb, c.k);
    conj_fp12(a, &k, fb, fa); // B = f^(p⁶) (inverse_fp12 leaves B alone)
    call_inverse_fp12(a, c, c.p_minus_2()); // A = f⁻¹
    call_mul_fp12(a, c); // A = g = f^(p⁶-1)
    a.copy(fb.0, fa.0, 12);
    call_frobenius_fp12(a, c, 2);
    call_mul_fp12(a, c); // A = m = g^(p²+1), cyclotomic
}
