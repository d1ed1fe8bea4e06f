//! The algebra's tower over BLS12-377's tower (u² = −5, ξ = u; `curves::bls12_377`), run by
//! the native executor against arkworks' `ark-bls12-377` on random values, with either Fp2
//! product: Fp2 products, squarings, products by ξ (in place and not), x + ξ·y, inversion;
//! Fp12 products and squarings; the cyclotomic squaring of Granger–Scott and Karabina's
//! compressed squaring with decompression on cyclotomic values; the Frobenius maps. The same
//! programs run in revm (v7, v8, v9) slot for slot as the native run.

mod common;

use ark_bls12_377::{Fq, Fq12, Fq2, Fq6};
use ark_ff::{BigInteger, Field, PrimeField, UniformRand};
use evm384_arith::{Limbs, MontField};
use evm384_gen::algebra::tower::*;
use evm384_gen::algebra::Moves;
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::{bls12_377, CurveParams};
use evm384_gen::ir::{Asm, Slot};
use evm384_gen::{F2Mul, Program};
use rand::SeedableRng;

fn curve() -> CurveParams {
    bls12_377()
}

fn limbs(x: Fq) -> Limbs {
    let b = x.into_bigint().to_bytes_le();
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

fn fq(x: &Limbs) -> Fq {
    Fq::from_le_bytes_mod_order(&x.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>())
}

fn fq2_limbs(x: Fq2) -> Vec<Limbs> {
    vec![limbs(x.c0), limbs(x.c1)]
}

fn fq12_limbs(x: Fq12) -> Vec<Limbs> {
    [x.c0, x.c1].iter().flat_map(|f6: &Fq6| [f6.c0, f6.c1, f6.c2].into_iter().flat_map(fq2_limbs)).collect()
}

fn fq12_of(v: &[Limbs]) -> Fq12 {
    let f2 = |i: usize| Fq2::new(fq(&v[i]), fq(&v[i + 1]));
    Fq12::new(Fq6::new(f2(0), f2(2), f2(4)), Fq6::new(f2(6), f2(8), f2(10)))
}

/// An emitter for BLS12-377's tower.
fn asm(f2mul: F2Mul) -> Asm {
    let c = curve();
    let mut a = Asm::new(MontField::new(c.p), f2mul);
    a.tower = c.tower;
    a
}

/// Ends `a` with a dump of memory and runs it natively; returns `n` canonical values from
/// `out`, and checks that revm's memory equals the native slots.
fn run(mut a: Asm, out: Slot, n: u32) -> Vec<Limbs> {
    let field = a.field;
    let end = a.alloc(1);
    a.set_pair_layout(end, 1, (0, 0));
    a.return_memory();
    let prog: Program = a.finish();
    let Outcome::Memory(m) = native::run(&prog, &[]).outcome else { panic!("no memory dump") };
    common::assert_evm_memory_equals_native(&prog);
    (out..out + n).map(|s| field.from_mont(&m[s as usize])).collect()
}

fn rng() -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(377)
}

const F2MULS: [F2Mul; 2] = [F2Mul::V3, F2Mul::V4];

#[test]
fn fp2_arithmetic_equals_arkworks() {
    let mut rng = rng();
    let xi = Fq2::new(Fq::from(0u8), Fq::from(1u8));
    for f2mul in F2MULS {
        for _ in 0..4 {
            let (x, y) = (Fq2::rand(&mut rng), Fq2::rand(&mut rng));
            let mut a = asm(f2mul);
            let k = TowerConsts::new(&mut a);
            let (xs, ys) = (Fp2(a.const_mont(&fq2_limbs(x))), Fp2(a.const_mont(&fq2_limbs(y))));
            let out = a.alloc(12);
            let o = |i: u32| Fp2(out + 2 * i);
            mul_fp2(&mut a, o(0), xs, ys);
            sqr_fp2(&mut a, o(1), xs);
            mul_by_xi_fp2(&mut a, o(2), xs);
            a.copy(o(3).0, xs.0, 2);
            mul_by_xi_fp2(&mut a, o(3), o(3)); // in place
            add_mul_by_xi_fp2(&mut a, o(4), xs, ys);
            let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
            let mut e = curve().p;
            e[0] -= 2;
            inverse_fp2(&mut a, &k, inv, e, o(5), xs);
            let got = run(a, out, 12);
            let want = [x * y, x.square(), x * xi, x * xi, x + xi * y, x.inverse().unwrap()];
            for (i, w) in want.iter().enumerate() {
                assert_eq!(got[2 * i..2 * i + 2], fq2_limbs(*w)[..], "{f2mul}: result {i}");
            }
        }
    }
}

#[test]
fn fp12_arithmetic_and_frobenius_equal_arkworks() {
    let mut rng = rng();
    for f2mul in F2MULS {
        let (x, y) = (Fq12::rand(&mut rng), Fq12::rand(&mut rng));
        let mut a = asm(f2mul);
        let k = TowerConsts::new(&mut a);
        let fc = FrobeniusConsts::new(&mut a, &curve());
        let r = MulFp6Regs::alloc(&mut a);
        let (xs, ys) = (Fp12(a.const_mont(&fq12_limbs(x))), Fp12(a.const_mont(&fq12_limbs(y))));
        let out = a.alloc(48);
        let o = |i: u32| Fp12(out + 12 * i);
        mul_fp12(&mut a, &k, Moves::Copies, r, o(0), xs, ys);
        sqr_fp12(&mut a, r, o(1), xs);
        a.copy(o(2).0, xs.0, 12);
        frobenius_fp12(&mut a, &k, &fc, o(2), 1);
        a.copy(o(3).0, xs.0, 12);
        frobenius_fp12(&mut a, &k, &fc, o(3), 2);
        let got = run(a, out, 48);
        let mut f1 = x;
        f1.frobenius_map_in_place(1);
        let mut f2 = x;
        f2.frobenius_map_in_place(2);
        for (i, w) in [x * y, x.square(), f1, f2].iter().enumerate() {
            assert_eq!(fq12_of(&got[12 * i..12 * i + 12]), *w, "{f2mul}: result {i}");
        }
    }
}

/// A random element of the cyclotomic subgroup: f^((p⁶ − 1)(p² + 1)).
fn cyclotomic(rng: &mut rand::rngs::StdRng) -> Fq12 {
    let f = Fq12::rand(rng);
    let mut g = f;
    g.conjugate_in_place();
    let g = g * f.inverse().unwrap(); // f^(p⁶ − 1)
    let mut h = g;
    h.frobenius_map_in_place(2);
    h * g
}

#[test]
fn cyclotomic_squarings_equal_arkworks() {
    let mut rng = rng();
    for f2mul in F2MULS {
        for products in [false, true] {
            let x = cyclotomic(&mut rng);
            let mut a = asm(f2mul);
            let k = TowerConsts::new(&mut a);
            let xs = Fp12(a.const_mont(&fq12_limbs(x)));
            let out = a.alloc(24);
            let (gs, kb) = (Fp12(out), Fp12(out + 12));
            cyclotomic_sqr_fp12(&mut a, gs, xs, products);
            // Karabina: compress, square twice, decompress (g1 = num/den, then g0)
            a.copy(kb.0, xs.0, 12);
            compressed_cyclotomic_sqr_fp12(&mut a, kb);
            compressed_cyclotomic_sqr_fp12(&mut a, kb);
            let den = Fp2(a.alloc(2));
            karabina_g1_fraction(&mut a, &k, kb, den);
            let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
            let g1 = karabina_parts(kb)[1];
            let d = Fp2(a.alloc(2));
            let mut e = curve().p;
            e[0] -= 2;
            inverse_fp2(&mut a, &k, inv, e, d, den);
            mul_fp2(&mut a, g1, g1, d);
            karabina_g0(&mut a, &k, kb);
            let got = run(a, out, 24);
            assert_eq!(fq12_of(&got[..12]), x.square(), "{f2mul} Granger–Scott, products {products}");
            assert_eq!(fq12_of(&got[12..]), x.square().square(), "{f2mul} Karabina");
        }
    }
}
