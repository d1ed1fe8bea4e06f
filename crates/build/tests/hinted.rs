//! The hinted pairing check (`pairing::hinted_pairing_check_program`, witness by `hint::witness`):
//! true for pairs whose product is 1 (random, and every EIP-2537 vector with result 1) natively
//! and in v7, v9 and EVMMAX; no witness for a product ≠ 1; every wrong witness rejected.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use common::*;
use evm384_build::{hinted_pairing_check_build, HINTED_FORMULAS};
use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::bls12_381;
use evm384_gen::ops::hint::{witness, HintError};
use evm384_gen::ops::pairing::{hinted_pairing_check_program, HINT_BYTES};
use evm384_gen::{F2Mul, Program, MAX_CODE_SIZE};
use evm384_vectors::{Expected, Operation};

const SETS: [InstructionSet; 3] =
    [InstructionSet::Evm384(Interface::V7), InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax];

/// `Some(result)` on success, `None` on a halt.
fn contract(isa: InstructionSet, code: &[u8], input: &[u8]) -> Option<bool> {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    let e = r.run(input).expect("run");
    match e.status {
        Status::Success => {
            assert_eq!(e.output.len(), 32);
            Some(e.output[31] == 1)
        }
        Status::Halt(_) => None,
        Status::Revert => panic!("{isa}: reverted"),
    }
}

fn native_result(prog: &Program, input: &[u8]) -> Option<bool> {
    match native::run(prog, input).outcome {
        Outcome::Bool(b) => Some(b),
        Outcome::Invalid(_) => None,
        other => panic!("unexpected outcome {other:?}"),
    }
}

struct Check {
    prog: Program,
    codes: Vec<(InstructionSet, Vec<u8>)>,
}

impl Check {
    fn new() -> Check {
        // the reference: the plain program (calls, no inlining); the contracts: the shipped build
        let prog = hinted_pairing_check_program(&bls12_381(), F2Mul::V3, evm384_gen::Moves::Copies);
        let codes: Vec<_> = SETS
            .iter()
            .map(|&isa| {
                let code = hinted_pairing_check_build(HINTED_FORMULAS, isa).try_code(isa).unwrap();
                eprintln!("hinted check {isa} ({HINTED_FORMULAS}): {} bytes", code.len());
                assert!(code.len() <= MAX_CODE_SIZE);
                (isa, code)
            })
            .collect();
        Check { prog, codes }
    }

    /// The result in every implementation, which must agree.
    fn result(&self, input: &[u8], what: &str) -> Option<bool> {
        let want = native_result(&self.prog, input);
        for (isa, code) in &self.codes {
            assert_eq!(contract(*isa, code, input), want, "{isa} disagrees with native: {what}");
        }
        want
    }
}

fn hinted_input(pairs: &[u8]) -> Vec<u8> {
    let w = witness(&bls12_381(), pairs, F2Mul::V3).expect("a witness");
    assert_eq!(w.len(), HINT_BYTES as usize);
    [w, pairs.to_vec()].concat()
}

/// One field element of the witness (index i of the 37) replaced by `v` (canonical, < p).
fn with_element(input: &[u8], i: usize, v: &[u8; 48]) -> Vec<u8> {
    let mut x = input.to_vec();
    x[64 * i + 16..64 * i + 64].copy_from_slice(v);
    x
}

#[test]
fn true_for_products_of_one_and_every_wrong_witness_rejected() {
    let check = Check::new();
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

    // a product ≠ 1 has no witness; with another input's witness the check is false
    let not_one = encode_pairs(&[(p, q), (p2, q2)]);
    assert_eq!(witness(&bls12_381(), &not_one, F2Mul::V3), Err(HintError::NotOne));
    let borrowed = [input[..HINT_BYTES as usize].to_vec(), not_one].concat();
    assert_eq!(check.result(&borrowed, "a product ≠ 1 with a borrowed witness"), Some(false));
    let borrowed = [input[..HINT_BYTES as usize].to_vec(), four.clone()].concat();
    assert_eq!(check.result(&borrowed, "another input's witness"), Some(false));

    // witness elements: c (0..12), c⁻¹ (12..24), b (24..36), a (36)
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
    assert_eq!(check.result(&with_element(&input, 0, &two), "c changed"), None, "c·c⁻¹ ≠ 1 halts");
    assert_eq!(check.result(&with_element(&input, 13, &one), "c⁻¹ changed"), None);
    assert_eq!(check.result(&with_element(&input, 36, &two), "a = 2"), None, "a^ℓ ≠ 1 halts");
    assert_eq!(check.result(&with_element(&input, 25, &two), "b changed"), None, "b²⁷ ≠ 1 halts");
    // c and c⁻¹ scaled consistently (c·2, c⁻¹/2): the final equation fails
    let (mut c2, mut ci2) = (input.clone(), input.clone());
    let f = evm384_arith::MontField::new(bls12_381().p);
    let scale = |bytes: &mut Vec<u8>, i: usize, by: &[u64; 6]| {
        let at = 64 * i + 16;
        let v = evm384_arith::from_be_bytes(bytes[at..at + 48].try_into().unwrap());
        let r = f.from_mont(&f.mul(&f.to_mont(&v), &f.to_mont(by)));
        bytes[at..at + 48].copy_from_slice(&evm384_arith::to_be_bytes(&r));
    };
    let half = f.from_mont(&f.inverse(&f.to_mont(&[2, 0, 0, 0, 0, 0])));
    for i in 0..12 {
        scale(&mut c2, i, &[2, 0, 0, 0, 0, 0]);
        scale(&mut ci2, 12 + i, &half);
    }
    let scaled = [c2[..12 * 64].to_vec(), ci2[12 * 64..].to_vec()].concat();
    assert_eq!(check.result(&scaled, "c·2, c⁻¹/2"), Some(false));
    // lengths: no pairs, a partial pair
    assert_eq!(check.result(&input[..HINT_BYTES as usize], "no pairs"), None);
    assert_eq!(check.result(&input[..input.len() - 1], "a partial pair"), None);
}

/// Every EIP-2537 PAIRING_CHECK vector whose product is 1, with its witness, is true; those whose
/// product is not 1 have none.
#[test]
fn pairing_vectors() {
    let check = Check::new();
    let (mut ones, mut others) = (0, 0);
    for (file, cases) in evm384_vectors::load_operation_files(Operation::PairingCheck).unwrap() {
        for case in cases {
            let Expected::Output(out) = &case.expected else { continue };
            let is_one = out[31] == 1;
            match witness(&bls12_381(), &case.input, F2Mul::V3) {
                Ok(w) => {
                    assert!(is_one, "{file} {}: a witness for a product ≠ 1", case.name);
                    if ones < 12 || std::env::var("EVM384_LONG_TESTS").is_ok_and(|v| v == "1") {
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
