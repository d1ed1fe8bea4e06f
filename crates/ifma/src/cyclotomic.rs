//! The hard part of the final exponentiation, written once for every engine's Fp12: the
//! operations of the cyclotomic subgroup it needs (`Cyclotomic`), implemented by the 8-lane
//! engine (`lanes::tower::Fp12x8`) and the latency engine (`rns::tower::Fp12r`, and
//! `rns::cyclotomic::ScaledFp12r`, its values up to a factor in Fp).
//!
//! Every function needs avx512f + avx512ifma (the implementations' operations do).
// Safety of every function: it needs avx512f + avx512ifma (`lanes::field`'s module comment), and its
// arguments in the cyclotomic subgroup.
#![allow(clippy::missing_safety_doc)]
use crate::consts::Z_ABS;

/// An element of the cyclotomic subgroup of Fp12 in one engine's representation.
pub trait Cyclotomic: Copy {
    unsafe fn mul(&self, other: &Self) -> Self;
    /// The square (Granger–Scott, eprint 2009/565 §3.2, or another formula valid in the
    /// subgroup).
    unsafe fn sqr(&self) -> Self;
    /// `sqr` into `out`; by default through `sqr`. An engine whose squaring can write its
    /// result in place overrides it (the exponentiation by |z| then copies nothing a step).
    unsafe fn sqr_into(&self, out: &mut Self) {
        *out = unsafe { self.sqr() };
    }
    /// The inverse in the subgroup: the p^6-Frobenius (w ↦ −w).
    unsafe fn conj(&self) -> Self;
    /// The p-Frobenius.
    unsafe fn frobenius(&self) -> Self;
    /// The p²-Frobenius; by default `frobenius` twice. An engine with the map of power 2 (its
    /// constants in Fp) overrides it.
    unsafe fn frobenius2(&self) -> Self {
        unsafe { self.frobenius().frobenius() }
    }
    /// self^z, z < 0 the curve's parameter; by default `pow_z_abs` and `conj`. An engine with a
    /// faster exponentiation (compressed squarings) overrides it.
    unsafe fn exp_by_z(&self) -> Self {
        unsafe { pow_z_abs(self).conj() }
    }
}

/// x^|z|: 63 squarings and 5 products (`pow`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn pow_z_abs<G: Cyclotomic>(x: &G) -> G {
    unsafe { pow(x, Z_ABS) }
}

/// x^e (e ≥ 1): square and multiply over the bits of e below its top one. The value alternates
/// between two buffers, each squaring written straight into the other (`sqr_into`): with
/// `r = r.sqr()` each step's result was copied from a temporary into r.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn pow<G: Cyclotomic>(x: &G, e: u64) -> G {
    assert!(e != 0, "pow: the exponent 0");
    let (mut a, mut b) = (*x, *x);
    let mut in_a = true; // which buffer holds the value
    for i in (0..63 - e.leading_zeros()).rev() {
        // SAFETY (every step): this function's target features; a, b and x are cyclotomic
        if in_a {
            unsafe { a.sqr_into(&mut b) };
        } else {
            unsafe { b.sqr_into(&mut a) };
        }
        in_a = !in_a;
        if (e >> i) & 1 == 1 {
            if in_a {
                b = unsafe { a.mul(x) };
            } else {
                a = unsafe { b.mul(x) };
            }
            in_a = !in_a;
        }
    }
    if in_a {
        a
    } else {
        b
    }
}

/// y^(3Φ12(p)/r), the hard part with blst's exponent (Hayashida–Hayasaka–Teruya, eprint
/// 2020/875): 3Φ12(p)/r = (z − 1)²(z + p)(z² + p² − 1) + 3, five exponentiations by z.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn hard_part<G: Cyclotomic>(y: &G) -> G {
    unsafe {
        let a = y.exp_by_z().mul(&y.conj()); // y^(z-1)
        let a = a.exp_by_z().mul(&a.conj()); // y^((z-1)^2)
        let b = a.exp_by_z().mul(&a.frobenius()); // a^(z+p)
        let c = b.exp_by_z().exp_by_z().mul(&b.conj()); // b^(z^2-1)
        let c = c.mul(&b.frobenius2()); // b^(z^2+p^2-1)
        let y3 = y.sqr().mul(y); // y^3
        c.mul(&y3) // y^(3Φ12(p)/r)
    }
}
