//! The final exponentiation alone (`pairing::final_exp_program`) against blst's
//! `blst_final_exp`, with both squarings (Granger–Scott and Karabina's compressed squaring),
//! on random values, on 1, and on a value that reaches Karabina's g2 = 0 branch; and the same
//! program in revm (v7, v8, v9) against the native run.

mod common;

use blst::*;
use common::*;
use evm384_arith::{from_be_bytes, Limbs, MontField};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::{bls12_381, Curve};
use evm384_gen::ops::pairing::{accumulator_slot, final_exp_program};
use evm384_gen::{F2Mul, Squaring};
use rand::Rng;

/// f with easy(f) = m and m^(2^16) = g, where g is cyclotomic with g2 = 0 (its w¹ coefficient,
/// c1.c0), g ≠ 1: the first exponentiation by z saves m^(2^16) (bit 16 is |z|'s lowest set
/// bit) and decompresses it through the g2 = 0 branch. Canonical big-endian hex, in slot order
/// (c0.c0.c0, c0.c0.c1, c0.c1.c0, …); found by `tests/data/karabina_g2_zero.py` (root finding
/// over Fp2 on a one-parameter family of cyclotomic elements). `g2_zero_branch_is_reached`
/// checks the property with blst.
const F_G2_ZERO: [&str; 12] = [
    "13df489c57b0d85f8516839b5a93f004f9e4a9e5035cfd8fb9af2bab187467f13a013dfcd9af93aad02315994acbad48",
    "189a79cb68515116fec4bd24130949243646700224cf7f4ef968b33547e54c35e64239b7d0c04bcbe26abf370a3f174c",
    "04ef35b612764465860badbb1fc38fa18253618c0f47eebbeb0186df1c3b08c3fedd6740ec284a76dfb1ccdda0808897",
    "02815c3b1fb7a41f5687344b830d7b57a3544280fc4fccb150941bc136e530c96cd91ef5a97f39cd2d6b160d054bd32e",
    "16c9fcb179aa9ef5df88675e1afebb68483b637b486c266b6378163a8602baeb7e74f5254139221cc3c85ed90b4ac85a",
    "0055cc6f16db1385a23afe176901927be931a2a44d19fb3bb33f6c35c0232fcfe473c5c32a176e42fa676694b08a6308",
    "0ca90a6d4951ed2dfc1a22ad317b182a3d71635b8b89e96dc3db3949e0abca0e36344c96fc5c02c10be20c9d992cd820",
    "18e15f33eda10f9177376c0e47dc87917bfede7e721b2911486d3c7b20314b1e586645b69a0284c8ff81461ff19f4861",
    "0b4ba4b7fa48b342112b85d76bac79446fd0924c72b493056935cfad2e02ff3227e7e6ee47bbcc4649f66afdfd57207c",
    "06fe17456ec7bbeaa7c4e12d32708c826cc726be39cd46cb4539eac557f601b003dd16ffa8bd2b55187d7312eb273a34",
    "04ab4947a61028b72747290bd7f46fe30b4e46dceba9b23059ec709539ad51785477557b814f006d0be7442687ce6269",
    "0c42930b3e2a020d414d45001d3dd0087de84e22ce8f786c974b79020f00d2a1ea5d2da1c62d9215b2daec2d87c4c88c",
];

fn field() -> MontField {
    MontField::new(bls12_381().p)
}

fn f_g2_zero() -> [Limbs; 12] {
    let f = field();
    core::array::from_fn(|i| {
        let b: [u8; 48] = hex::decode(F_G2_ZERO[i]).unwrap().try_into().unwrap();
        f.to_mont(&from_be_bytes(&b))
    })
}

fn random_fp12(rng: &mut TestRng) -> [Limbs; 12] {
    let f = field();
    core::array::from_fn(|_| {
        let mut x = [0u64; 6];
        x.iter_mut().for_each(|l| *l = rng.gen());
        x[5] &= (1 << 61) - 1;
        f.mul(&x, &f.r2) // reduced below p
    })
}

fn one_fp12() -> [Limbs; 12] {
    core::array::from_fn(|i| if i == 0 { field().one } else { [0; 6] })
}

fn to_blst(x: &[Limbs; 12]) -> blst_fp12 {
    let mut f = blst_fp12::default();
    for (i, l) in x.iter().enumerate() {
        f.fp6[i / 6].fp2[(i / 2) % 3].fp[i % 2].l = *l;
    }
    f
}

fn blst_final_exp_of(x: &[Limbs; 12]) -> Vec<Limbs> {
    let mut out = blst_fp12::default();
    unsafe { blst_final_exp(&mut out, &to_blst(x)) };
    fp12_limbs(&out)
}

fn native_final_exp(x: &[Limbs; 12], f2mul: F2Mul, squaring: Squaring) -> Vec<Limbs> {
    let prog = final_exp_program(Curve::Bls12_381, f2mul, squaring, x);
    let a = accumulator_slot(Curve::Bls12_381, f2mul) as usize;
    match native::run(&prog, &[]).outcome {
        Outcome::Memory(m) => m[a..a + 12].to_vec(),
        o => panic!("unexpected {o:?}"),
    }
}

#[test]
fn final_exp_equals_blst_with_both_squarings() {
    let mut rng = rng(21);
    let mut inputs = vec![("g2 = 0 branch", f_g2_zero()), ("one", one_fp12())];
    for i in 0..3 {
        inputs.push((["random 1", "random 2", "random 3"][i], random_fp12(&mut rng)));
    }
    for (name, x) in &inputs {
        let want = blst_final_exp_of(x);
        for squaring in Squaring::ALL {
            for f2mul in [F2Mul::V3, F2Mul::V4] {
                assert_eq!(native_final_exp(x, f2mul, squaring), want, "{name}: {squaring} {f2mul}");
            }
        }
    }
}

/// The crafted input does reach the branch: with blst, m = f^((p⁶-1)(p²+1)) and m^(2^16) has a
/// zero w¹ coefficient (c1.c0) and is not 1.
#[test]
fn g2_zero_branch_is_reached() {
    unsafe {
        let f = to_blst(&f_g2_zero());
        let (mut t, mut inv, mut m) = (blst_fp12::default(), blst_fp12::default(), blst_fp12::default());
        blst_fp12_inverse(&mut inv, &f);
        let mut conj = f;
        blst_fp12_conjugate(&mut conj);
        blst_fp12_mul(&mut t, &conj, &inv); // f^(p⁶-1)
        let mut t2 = t;
        blst_fp12_frobenius_map(&mut t2, &t, 2);
        blst_fp12_mul(&mut m, &t2, &t); // m = f^((p⁶-1)(p²+1))
        for _ in 0..16 {
            let prev = m;
            blst_fp12_sqr(&mut m, &prev);
        }
        let limbs = fp12_limbs(&m);
        assert_eq!(limbs[6..8], [[0u64; 6]; 2], "w¹ coefficient (g2) of m^(2^16) is zero");
        assert!(!blst_fp12_is_one(&m), "m^(2^16) ≠ 1");
        assert!(limbs[4..6] != [[0u64; 6]; 2], "g3 ≠ 0: the branch divides by it");
    }
}

/// The Karabina final exponentiation in revm equals the native run, slot for slot.
#[test]
fn karabina_final_exp_in_the_evm_equals_native() {
    for x in [f_g2_zero(), random_fp12(&mut rng(22))] {
        assert_evm_memory_equals_native(&final_exp_program(Curve::Bls12_381, F2Mul::V3, Squaring::Karabina, &x));
    }
}
