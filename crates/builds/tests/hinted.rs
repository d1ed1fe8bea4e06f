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
use evm384_gen::curves::Curve;
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

/// ([s]G1, [t]G2), ([t]G1, −[s]G2) for random s, t: a product of one whose Miller-loop value
/// is dense (the pairs (P, Q), (−P, Q) have one in Fp6, whose witness is 1).
fn dense_product_of_one(rng: &mut TestRng) -> Vec<u8> {
    let mut scalar = || {
        let mut s = [0u8; 32];
        rand::RngCore::fill_bytes(rng, &mut s);
        s[31] &= 0x3f;
        s
    };
    let (s, t) = (scalar(), scalar());
    let mut q_neg = g2_mul(&s);
    // SAFETY: blst reads and writes the locals.
    unsafe { blst::blst_fp2_cneg(&mut q_neg.y, &g2_mul(&s).y, true) };
    encode_pairs(&[(g1_mul(&s), g2_mul(&t)), (g1_mul(&t), q_neg)])
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

    let dense = hinted_input(&dense_product_of_one(&mut rng));
    let n = hint_bytes(Curve::Bls12_381) as usize;

    // a product ≠ 1 has no witness; with another input's witness the check is false
    let not_one = encode_pairs(&[(p, q), (p2, q2)]);
    assert_eq!(witness(Curve::Bls12_381, &not_one, F2Mul::V3), Err(HintError::NotOne));
    let borrowed = [dense[..n].to_vec(), not_one].concat();
    assert_eq!(check.result(&borrowed, "a product ≠ 1 with a borrowed witness"), Some(false));
    let borrowed = [dense[..n].to_vec(), four.clone()].concat();
    assert_eq!(check.result(&borrowed, "another input's witness"), Some(false));
    hinted_common::assert_every_changed_witness_rejected(&check, Curve::Bls12_381, &dense);
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
    let pairs = dense_product_of_one(&mut rng(2640));
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
