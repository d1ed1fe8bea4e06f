//! The Frobenius maps x ↦ x^p, x^(p²) on Fp12.

use super::{mul_fp2, mul_fp2_by_fp, w_powers, Fp12, Fp2, TowerConsts};
use crate::ir::{Asm, Slot};

/// Constant slots for the Frobenius maps (Montgomery): γ₁,ᵢ = ξ^(i(p-1)/6) ∈ Fp2 and
/// γ₂,ᵢ = ξ^(i(p²-1)/6), which lies in Fp (only its c0 is stored).
#[derive(Clone, Copy, Debug)]
pub struct FrobeniusConsts {
    pub gamma1: [Fp2; 5],
    pub gamma2: [Slot; 5],
}

impl FrobeniusConsts {
    pub fn new(a: &mut Asm, c: &crate::curves::CurveParams) -> FrobeniusConsts {
        let gamma1 = core::array::from_fn(|i| Fp2(a.const_mont(&c.frobenius[0][i])));
        let gamma2 = core::array::from_fn(|i| {
            assert_eq!(c.frobenius[1][i][1], [0; 6], "γ₂ lies in Fp");
            a.const_mont(&[c.frobenius[1][i][0]])
        });
        FrobeniusConsts { gamma1, gamma2 }
    }
}

/// x ← x^(pⁿ), n = 1, 2: the coefficient of wⁱ becomes conjⁿ(xᵢ)·γₙ,ᵢ (conj² = identity).
pub fn frobenius_fp12(a: &mut Asm, k: &TowerConsts, fc: &FrobeniusConsts, x: Fp12, n: usize) {
    let w = w_powers(x);
    match n {
        1 => {
            for xi in w {
                a.sub(xi.c1(), k.zero, xi.c1()); // conj
            }
            for (wi, g) in w[1..].iter().zip(fc.gamma1) {
                mul_fp2(a, *wi, *wi, g); // conj(xᵢ)·γ₁,ᵢ
            }
        }
        2 => {
            for (wi, g) in w[1..].iter().zip(fc.gamma2) {
                mul_fp2_by_fp(a, *wi, *wi, g); // xᵢ·γ₂,ᵢ
            }
        }
        _ => panic!("frobenius_fp12: n = {n} not supported (use n = 1, 2)"),
    }
}
