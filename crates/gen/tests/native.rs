//! The native executor against blst: pairing values, bilinearity, subgroup checks, vectors.

mod common;

use common::*;
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::{bls12_381, Curve};
use evm384_gen::ops::pairing::accumulator_slot;
use evm384_gen::{pairing_check_program, F2Mul, Phase, ProgramOptions, Squaring};

fn pairing_value(input: &[u8], f2mul: F2Mul) -> Vec<[u64; 6]> {
    let prog = pairing_check_program(
        Curve::Bls12_381,
        f2mul,
        ProgramOptions { stop_before: Some(Phase::Output), ..Default::default() },
    );
    let a = accumulator_slot(Curve::Bls12_381, f2mul) as usize;
    match native::run(&prog, input).outcome {
        Outcome::Memory(m) => m[a..a + 12].to_vec(),
        o => panic!("unexpected {o:?}"),
    }
}

#[test]
fn pairing_value_equals_blst() {
    let mut rng = rng(1);
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for k in 1..=2 {
            let pairs: Vec<_> = (0..k).map(|_| (random_g1(&mut rng), random_g2(&mut rng))).collect();
            let mine = pairing_value(&encode_pairs(&pairs), f2mul);
            let want = blst_pairing_product(&pairs);
            assert_eq!(mine, fp12_limbs(&want), "pairing value differs from blst's, k={k} {f2mul}");
        }
    }
}

/// Every vector through the native executor with every program a build can choose (Fp2
/// multiplication and final exponentiation's squaring; unrolling and inlining are the back-end's
/// and `evm384-build`'s, run on these same programs there).
#[test]
fn all_pairing_vectors_pass_natively() {
    for (f2mul, squaring) in [F2Mul::V3, F2Mul::V4].into_iter().flat_map(|f| Squaring::ALL.map(|s| (f, s))) {
        let formulas = format!("f2mul {f2mul}, {squaring} squaring");
        let program =
            pairing_check_program(Curve::Bls12_381, f2mul, ProgramOptions { squaring, ..ProgramOptions::default() });
        let check = evm384_gen::NativePairingCheck::with_program(program);
        for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
            for v in cases {
                let got = check.check(&v.input);
                match v.pairing_result(file).unwrap() {
                    Some(b) => assert_eq!(got, Ok(b), "{file} {} ({formulas})", v.name),
                    None => assert!(got.is_err(), "{file} {} ({formulas}): expected an error, got {got:?}", v.name),
                }
            }
        }
    }
}

#[test]
fn bilinearity_and_perturbation() {
    let mut rng = rng(2);
    for k in 1..=4usize {
        // e(aP, Q)·e(P, -aQ)·∏ e(Pi, Qi)e(-Pi, Qi) = 1
        let mut s = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rng, &mut s);
        s[31] &= 0x3f;
        let mut neg = s;
        let p = g1_mul(&s);
        // -[s]G2 = [r - s]G2
        let r =
            num_bigint::BigUint::parse_bytes(b"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16)
                .unwrap();
        let rs = (&r - num_bigint::BigUint::from_bytes_le(&s)).to_bytes_le();
        neg.fill(0);
        neg[..rs.len()].copy_from_slice(&rs);
        let one = {
            let mut o = [0u8; 32];
            o[0] = 1;
            o
        };
        let mut pairs = vec![(p, g2_mul(&one)), (g1_mul(&one), g2_mul(&neg))];
        for _ in 2..k {
            let q = random_g2(&mut rng);
            let p1 = random_g1(&mut rng);
            let mut pn = p1;
            unsafe { blst::blst_fp_cneg(&mut pn.y, &p1.y, true) };
            pairs.push((p1, q));
            pairs.push((pn, q));
        }
        let input = encode_pairs(&pairs);
        assert_eq!(evm384_gen::native_pairing_check(Curve::Bls12_381, &input, F2Mul::V3), Ok(true), "k={k}");
        assert_eq!(evm384_gen::native_pairing_check(Curve::Bls12_381, &input, F2Mul::V4), Ok(true), "k={k}");
        // perturb: replace one G2 point by another valid point
        let mut bad = pairs.clone();
        bad[0].1 = random_g2(&mut rng);
        assert_eq!(
            evm384_gen::native_pairing_check(Curve::Bls12_381, &encode_pairs(&bad), F2Mul::V3),
            Ok(false),
            "k={k}"
        );
    }
}

#[test]
fn subgroup_checks_agree_with_full_r_multiplication() {
    let mut rng = rng(3);
    let g2 = random_g2(&mut rng);
    let g1 = random_g1(&mut rng);
    for _ in 0..6 {
        let p = random_e1_point(&mut rng);
        let want = g1_in_subgroup_full(&p);
        let got = evm384_gen::native_pairing_check(Curve::Bls12_381, &encode_pairs(&[(p, g2)]), F2Mul::V3);
        assert_eq!(got.is_ok(), want, "G1 point, full test says in-subgroup = {want}");
        let q = random_e2_point(&mut rng);
        let want = g2_in_subgroup_full(&q);
        let got = evm384_gen::native_pairing_check(Curve::Bls12_381, &encode_pairs(&[(g1, q)]), F2Mul::V3);
        assert_eq!(got.is_ok(), want, "G2 point, full test says in-subgroup = {want}");
        // a point at infinity on the other side still validates this one
        let inf1 = blst::blst_p1_affine::default();
        let got = evm384_gen::native_pairing_check(Curve::Bls12_381, &encode_pairs(&[(inf1, q)]), F2Mul::V3);
        assert!(got.is_err());
    }
    for _ in 0..4 {
        let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
        assert!(g1_in_subgroup_full(&p) && g2_in_subgroup_full(&q));
        assert!(evm384_gen::native_pairing_check(Curve::Bls12_381, &encode_pairs(&[(p, q)]), F2Mul::V3).is_ok());
    }
}

#[test]
fn encoding_errors_are_detected_in_order() {
    let mut rng = rng(4);
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let good = encode_pairs(&[(p, q)]);
    let p_be =
        hex::decode("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab")
            .unwrap();
    let err =
        |input: &[u8]| evm384_gen::native_pairing_check(Curve::Bls12_381, input, F2Mul::V3).unwrap_err().to_string();
    for field in 0..6 {
        // value = p: not canonical
        let mut bad = good.clone();
        bad[64 * field + 16..64 * field + 64].copy_from_slice(&p_be);
        assert!(err(&bad).contains("not below p"), "field {field}: {}", err(&bad));
        // value = p - 1: canonical, so the failure is the curve equation
        bad[64 * field + 63] -= 1;
        assert!(err(&bad).contains("curve"), "field {field}: {}", err(&bad));
        // a non-zero byte in the 16-byte padding
        let mut bad = good.clone();
        bad[64 * field + 15] = 1;
        assert!(err(&bad).contains("top bytes"), "field {field}: {}", err(&bad));
    }
    assert!(err(&[]).contains("length"));
    assert!(err(&good[..383]).contains("length"));
    assert!(err(&[good.clone(), vec![0; 1]].concat()).contains("length"));
}

/// The sliding-window `inverse_fp` against MontField's Fermat inverse and blst's inverse
/// (both Montgomery with R = 2^384, so limbs compare directly).
#[test]
fn inverse_fp_equals_montfield_and_blst() {
    let xs = inversion_inputs(&mut rng(3), 40);
    let (prog, out) = inverse_fp_program(&xs);
    let Outcome::Memory(m) = native::run(&prog, &[]).outcome else { panic!("no dump") };
    let f = evm384_arith::MontField::new(bls12_381().p);
    for (i, x) in xs.iter().enumerate() {
        let got = m[out as usize + i];
        assert_eq!(got, f.inverse(x), "MontField, x = {x:x?}");
        let mut b = blst::blst_fp::default();
        unsafe { blst::blst_fp_inverse(&mut b, &blst::blst_fp { l: *x }) };
        assert_eq!(got, b.l, "blst, x = {x:x?}");
        if *x != [0; 6] {
            assert_eq!(f.mul(&got, x), f.one, "x·x⁻¹ = 1");
        }
    }
}
