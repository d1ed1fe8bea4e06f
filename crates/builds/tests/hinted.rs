//! The hinted pairing check (`pairing::hinted_pairing_check_program`, witness by `hint::witness`):
//! true for pairs whose product is 1 (random, and every EIP-2537 vector with result 1) natively
//! and in v7, v9 and EVMMAX; no witness for a product ≠ 1; every wrong witness rejected; the
//! transaction beside the precompile's.

#[path = "../../gen/tests/common/mod.rs"]
mod common;
mod hinted_common;

use common::*;
use evm384_build::{hinted_pairing_check_build, HINTED_FORMULAS};
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::curves::{bls12_381, Curve};
use evm384_gen::ops::hint::{witness, HintError};
use evm384_gen::ops::pairing::hint_bytes;
use evm384_gen::F2Mul;
use evm384_vectors::{Expected, Operation};
use hinted_common::Check;

const SETS: [InstructionSet; 3] =
    [InstructionSet::Evm384(Interface::V7), InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax];

fn hinted_input(pairs: &[u8]) -> Vec<u8> {
    let w = witness(Curve::Bls12_381, pairs, F2Mul::V3).expect("a witness");
    assert_eq!(w.len(), hint_bytes(Curve::Bls12_381) as usize);
    [w, pairs.to_vec()].concat()
}

/// One field element of the witness (index i of the 15, 48 bytes each) replaced by `v`.
fn with_element(input: &[u8], i: usize, v: &[u8; 48]) -> Vec<u8> {
    let mut x = input.to_vec();
    x[48 * i..48 * i + 48].copy_from_slice(v);
    x
}

#[test]
fn true_for_products_of_one_and_every_wrong_witness_rejected() {
    let check = Check::new(Curve::Bls12_381, &SETS);
    let mut rng = rng(640);
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let mut pn = p;
    // SAFETY: blst reads and writes the locals.
    unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
    let (p2, q2) = (random_g1(&mut rng), random_g2(&mut rng));
    let mut p2n = p2;
    unsafe { blst::blst_fp_cneg(&mut p2n.y, &p2.y, true) };
    let pairs = encode_pairs(&[(p, q), (pn, q)]);
    let input = hinted_input(&pairs);
    assert_eq!(check.result(&input, "e(P, Q)·e(−P, Q)"), Some(true));
    let four = encode_pairs(&[(p, q), (p2, q2), (pn, q), (p2n, q2)]);
    assert_eq!(check.result(&hinted_input(&four), "k = 4"), Some(true));
    // every pair at infinity: the empty product
    let inf = encode_pairs(&[(blst::blst_p1_affine::default(), q)]);
    assert_eq!(check.result(&hinted_input(&inf), "infinity"), Some(true));
    // ... which is true whatever the witness (no product to scale)
    let any = [input[..hint_bytes(Curve::Bls12_381) as usize].to_vec(), inf].concat();
    assert_eq!(check.result(&any, "infinity, another input's witness"), Some(true));

    // a product ≠ 1 has no witness; with another input's witness the check is false
    let not_one = encode_pairs(&[(p, q), (p2, q2)]);
    assert_eq!(witness(Curve::Bls12_381, &not_one, F2Mul::V3), Err(HintError::NotOne));
    let borrowed = [input[..hint_bytes(Curve::Bls12_381) as usize].to_vec(), not_one].concat();
    assert_eq!(check.result(&borrowed, "a product ≠ 1 with a borrowed witness"), Some(false));
    let borrowed = [input[..hint_bytes(Curve::Bls12_381) as usize].to_vec(), four.clone()].concat();
    assert_eq!(check.result(&borrowed, "another input's witness"), Some(false));

    // witness elements: d = c⁻¹ (0..12), then x₀, x₁, x₂ of w = x₀ + x₁·v + x₂·v² (12..15), one
    // of them a ∈ Fp (at 12 + t), the others 0; every change but the encoding's gives false
    let one = {
        let mut v = [0u8; 48];
        v[47] = 1;
        v
    };
    let two = {
        let mut v = [0u8; 48];
        v[47] = 2;
        v
    };
    let zero = [0u8; 48];
    let element = |x: &[u8], i: usize| -> [u8; 48] { x[48 * i..48 * i + 48].try_into().unwrap() };
    let t = (0..3).find(|&t| element(&input, 12 + t) != zero).expect("a ≠ 0");
    assert!((0..3).all(|i| i == t || element(&input, 12 + i) == zero), "w = a·v^t");
    let a = element(&input, 12 + t);
    assert_eq!(check.result(&with_element(&input, 0, &two), "d changed"), Some(false));
    assert_eq!(check.result(&with_element(&input, 11, &one), "d changed"), Some(false));
    let d_zero = (0..12).fold(input.clone(), |x, i| with_element(&x, i, &zero));
    assert_eq!(check.result(&d_zero, "d = 0"), Some(false), "a zero d needs no test of its own");
    assert_eq!(check.result(&with_element(&input, 12 + t, &two), "a = 2"), Some(false));
    assert_eq!(check.result(&with_element(&input, 12 + t, &zero), "w = 0"), Some(false));
    for wrong in (0..3).filter(|&i| i != t) {
        // a at the wrong power of v: w = a·v^i, i ≠ t
        let moved = with_element(&with_element(&input, 12 + t, &zero), 12 + wrong, &a);
        assert_eq!(check.result(&moved, "a wrong power of v"), Some(false), "t = {t}, moved to {wrong}");
        // w with a second coordinate: an element of Fp6 that is not a·v^t
        assert_eq!(check.result(&with_element(&input, 12 + wrong, &one), "w with two coordinates"), Some(false));
    }
    // a coordinate of w, or of d, not below p: the encoding check halts
    let p_bytes = evm384_arith::to_be_bytes(&bls12_381().p);
    assert_eq!(check.result(&with_element(&input, 12 + (t + 1) % 3, &p_bytes), "x = p"), None);
    assert_eq!(check.result(&with_element(&input, 5, &p_bytes), "a coordinate of d = p"), None);
    // d and a scaled consistently, d·2 and a·2^(−λ): another witness of the same product, true
    // (c/2 is a λ-th root of F·w·2^(−λ), w·2^(−λ) still in Fp6); d·2 alone: false
    let f = evm384_arith::MontField::new(bls12_381().p);
    let scale = |bytes: &mut Vec<u8>, i: usize, by: &[u64; 6]| {
        let at = 48 * i;
        let v = evm384_arith::from_be_bytes(bytes[at..at + 48].try_into().unwrap());
        let r = f.from_mont(&f.mul(&f.to_mont(&v), &f.to_mont(by)));
        bytes[at..at + 48].copy_from_slice(&evm384_arith::to_be_bytes(&r));
    };
    let mut d2 = input.clone();
    for i in 0..12 {
        scale(&mut d2, i, &[2, 0, 0, 0, 0, 0]);
    }
    assert_eq!(check.result(&d2, "d·2"), Some(false));
    // 2^(−λ) = 2^(−(p + |z|)) = 2^(−1−|z|) in Fp
    let pow = |x: &[u64; 6], e: u64| {
        let (mut r, mut b) = (f.to_mont(&[1, 0, 0, 0, 0, 0]), f.to_mont(x));
        for bit in 0..64 {
            if e >> bit & 1 == 1 {
                r = f.mul(&r, &b);
            }
            b = f.mul(&b, &b);
        }
        r
    };
    let two_z = pow(&[2, 0, 0, 0, 0, 0], evm384_arith::BLS12_381_Z_ABS); // 2^|z|
    let two_lambda_inv = f.from_mont(&f.inverse(&f.mul(&two_z, &f.to_mont(&[2, 0, 0, 0, 0, 0]))));
    scale(&mut d2, 12 + t, &two_lambda_inv);
    assert_eq!(check.result(&d2, "d·2, a·2^(−λ)"), Some(true));
    // lengths: no pairs, a partial pair
    assert_eq!(check.result(&input[..hint_bytes(Curve::Bls12_381) as usize], "no pairs"), None);
    assert_eq!(check.result(&input[..input.len() - 1], "a partial pair"), None);
}

/// Every EIP-2537 PAIRING_CHECK vector whose product is 1, with its witness, is true; those whose
/// product is not 1 have none.
#[test]
fn pairing_vectors() {
    let check = Check::new(Curve::Bls12_381, &SETS);
    let (mut ones, mut others) = (0, 0);
    for (file, cases) in evm384_vectors::load_operation_files(Operation::PairingCheck).unwrap() {
        for case in cases {
            let Expected::Output(out) = &case.expected else { continue };
            let is_one = out[31] == 1;
            match witness(Curve::Bls12_381, &case.input, F2Mul::V3) {
                Ok(w) => {
                    assert!(is_one, "{file} {}: a witness for a product ≠ 1", case.name);
                    if ones < 12 || evm384_testkit::long_mode() {
                        let input = [w, case.input.clone()].concat();
                        assert_eq!(check.result(&input, &case.name), Some(true), "{file} {}", case.name);
                    }
                    ones += 1;
                }
                Err(e) => {
                    assert!(!is_one && e == HintError::NotOne, "{file} {}: {e}", case.name);
                    others += 1;
                }
            }
        }
    }
    assert!(ones > 10 && others > 10, "{ones} true, {others} false");
}

/// The transaction of the hinted check (witness ‖ pairs: intrinsic gas, calldata, and the
/// contract's execution under v9's model B repriced, or EIP-6690's prices for EVMMAX) beside
/// the transaction calling PAIRING_CHECK with the same two pairs (102,900 gas of execution):
/// the hinted one costs at most 1.5 times as much in v9.
#[test]
fn transaction_gas_beside_the_precompile_at_k_2() {
    // ([s]G1, [t]G2), ([t]G1, −[s]G2): a product of one whose Miller-loop value is dense (the
    // pairs (P, Q), (−P, Q) give one in Fp6, and a witness with many zero bytes)
    let mut rng = rng(2640);
    let scalar = |rng: &mut TestRng| {
        let mut s = [0u8; 32];
        rand::RngCore::fill_bytes(rng, &mut s);
        s[31] &= 0x3f;
        s
    };
    let (s, t) = (scalar(&mut rng), scalar(&mut rng));
    let mut q2 = g2_mul(&s);
    // SAFETY: blst reads and writes the locals.
    unsafe { blst::blst_fp2_cneg(&mut q2.y, &g2_mul(&s).y, true) };
    let pairs = encode_pairs(&[(g1_mul(&s), g2_mul(&t)), (g1_mul(&t), q2)]);
    let input = hinted_input(&pairs);
    let opts = RunOptions::default();
    let spec = opts.spec;
    let mut at = [0u8; 20];
    at[19] = Operation::PairingCheck.address_byte();
    let pre = evm384_evm::call_precompile(evm384_evm::Address::new(at), &pairs, &opts).expect("precompile");
    assert_eq!(pre.status, Status::Success);
    assert_eq!(pre.gas_used, 102_900);
    let pre_tx = evm384_evm::transaction_gas(spec, &pairs, pre.gas_used as f64);
    eprintln!("precompile: execution {}, transaction {pre_tx} ({} bytes of pairs)", pre.gas_used, pairs.len());
    for isa in [InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax] {
        let code = hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, isa).try_code(isa).unwrap();
        let mut r = Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
        r.deploy(&code);
        let e = r.run(&input).expect("run");
        assert_eq!(e.status, Status::Success);
        assert_eq!(e.output[31], 1);
        let (schedule, gas) = match (isa, &e.gas_by_schedule) {
            (InstructionSet::Evmmax, _) => ("eip-6690", e.gas_used as f64),
            (_, Some(by)) => ("model-b-repriced", by.gas(evm384_evm::Schedule::ModelBRepriced)),
            (_, None) => panic!("no gas by schedule"),
        };
        let tx = evm384_evm::transaction_gas(spec, &input, gas);
        let ratio = tx / pre_tx;
        eprintln!(
            "hinted {isa} ({schedule}): witness {} bytes, execution {gas}, transaction {tx}, {ratio:.3}x the precompile's",
            hint_bytes(Curve::Bls12_381)
        );
        if isa == InstructionSet::Evm384(Interface::V9) {
            assert!(ratio <= 1.5, "hinted transaction {tx} over the precompile's {pre_tx}: {ratio:.3}");
        }
    }
}
