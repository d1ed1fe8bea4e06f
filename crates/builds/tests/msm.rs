//! BLS12_G1MSM (0x0c) and BLS12_G2MSM (0x0e) as contracts: every EIP-2537 vector file of both
//! operations (EIP assets and go-ethereum, MSM and one-point `mul` files, success and failure)
//! through the native executor and the contract in v7, v8, v9 and EVMMAX, and random MSMs
//! (scalars of every size, 0 and ≥ r included; repeated points, P and −P, infinity) against blst.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use blst::*;
use common::*;
use evm384_build::{Contract, Formulas};
use evm384_evm::InstructionSet;
use evm384_gen::curves::Curve;
use evm384_gen::Program;
use evm384_vectors::Operation;
use rand::RngCore;

fn codes(c: Operation, f: Formulas) -> Vec<(InstructionSet, Vec<u8>)> {
    InstructionSet::ALL.map(|isa| (isa, c.runtime_code(Curve::Bls12_381, isa, f).unwrap())).to_vec()
}

fn long_tests() -> bool {
    evm384_testkit::long_mode()
}

/// The EVM runs take inputs up to k = 128 (the range; go-ethereum's file goes to
/// k = 4,877, run by the native executor always and in the EVM with `EVM384_LONG_TESTS=1`).
#[test]
fn every_vector_in_every_interface() {
    for (op, c) in [(Operation::G1Msm, Operation::G1Msm), (Operation::G2Msm, Operation::G2Msm)] {
        let prog = c.program(Curve::Bls12_381, Formulas::default()).unwrap();
        let codes = codes(c, Formulas::default());
        // k ≤ 128 in the EVM unless EVM384_LONG_TESTS=1
        let max = if long_tests() { usize::MAX } else { 128 * (op_point_bytes(op) + 32) };
        let n = check_vector_files(op, &prog, &codes, max);
        assert!(n > 100, "{}: {n} vectors", op.name());
    }
}

fn op_point_bytes(op: Operation) -> usize {
    if op == Operation::G1Msm {
        128
    } else {
        256
    }
}

/// A 32-byte big-endian scalar of one of several kinds: random 256-bit (most ≥ r), below 2^k
/// for small k, zero, r itself, r − 1, r + 1.
fn scalar(rng: &mut TestRng, kind: u32) -> [u8; 32] {
    const R: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    let r: [u8; 32] = hex::decode(R).unwrap().try_into().unwrap();
    let add = |x: &[u8; 32], d: i8| {
        let mut v = *x;
        if d > 0 {
            v[31] += 1;
        } else {
            v[31] -= 1;
        }
        v
    };
    let mut s = [0u8; 32];
    match kind % 8 {
        0 | 1 => rng.fill_bytes(&mut s),
        2 => rng.fill_bytes(&mut s[24..]),
        3 => s[31] = (rng.next_u32() % 17) as u8,
        4 => {}
        5 => s = r,
        6 => s = add(&r, -1),
        _ => s = add(&r, 1),
    }
    s
}

fn le(s: &[u8; 32]) -> [u8; 32] {
    let mut l = *s;
    l.reverse();
    l
}

fn msm_g1(terms: &[(blst_p1_affine, [u8; 32])]) -> blst_p1_affine {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let mut acc = blst_p1::default();
        for (p, s) in terms {
            let (mut pp, mut m) = (blst_p1::default(), blst_p1::default());
            blst_p1_from_affine(&mut pp, p);
            blst_p1_mult(&mut m, &pp, le(s).as_ptr(), 256);
            let prev = acc;
            blst_p1_add_or_double(&mut acc, &prev, &m);
        }
        let mut out = blst_p1_affine::default();
        blst_p1_to_affine(&mut out, &acc);
        out
    }
}

fn msm_g2(terms: &[(blst_p2_affine, [u8; 32])]) -> blst_p2_affine {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let mut acc = blst_p2::default();
        for (p, s) in terms {
            let (mut pp, mut m) = (blst_p2::default(), blst_p2::default());
            blst_p2_from_affine(&mut pp, p);
            blst_p2_mult(&mut m, &pp, le(s).as_ptr(), 256);
            let prev = acc;
            blst_p2_add_or_double(&mut acc, &prev, &m);
        }
        let mut out = blst_p2_affine::default();
        blst_p2_to_affine(&mut out, &acc);
        out
    }
}

/// Random MSMs of k = 1..=5 terms, natively and in every instruction set, against blst; and
/// Σ = O cases (P·s + (−P)·s) and points at infinity.
#[test]
fn random_msms_against_blst() {
    let mut rng = rng(47);
    let f = Formulas { f2mul: evm384_gen::F2Mul::V4, ..Formulas::default() };
    let (p1, p2) = (
        Operation::G1Msm.program(Curve::Bls12_381, Formulas::default()).unwrap(),
        Operation::G2Msm.program(Curve::Bls12_381, f).unwrap(),
    );
    let (c1, c2) = (codes(Operation::G1Msm, Formulas::default()), codes(Operation::G2Msm, f));
    let check = |prog: &Program, codes: &[(InstructionSet, Vec<u8>)], input: &[u8], want: Vec<u8>, what: &str| {
        assert_eq!(native_output(prog, input), Some(want.clone()), "native {what}");
        for (isa, code) in codes {
            assert_eq!(contract_output(*isa, code, input), Some(want.clone()), "{isa} {what}");
        }
    };
    let mut kind = 0;
    for k in 1..=5usize {
        let mut t1: Vec<(blst_p1_affine, [u8; 32])> = Vec::new();
        let mut t2: Vec<(blst_p2_affine, [u8; 32])> = Vec::new();
        for i in 0..k {
            kind += 1;
            let s = scalar(&mut rng, kind);
            match i {
                // a repeated point, and infinity
                1 if k > 3 => {
                    t1.push((t1[0].0, s));
                    t2.push((t2[0].0, s));
                }
                2 if k > 3 => {
                    t1.push((blst_p1_affine::default(), s));
                    t2.push((blst_p2_affine::default(), s));
                }
                _ => {
                    t1.push((random_g1(&mut rng), s));
                    t2.push((random_g2(&mut rng), s));
                }
            }
        }
        let input1: Vec<u8> = t1.iter().flat_map(|(p, s)| [encode_g1(p), s.to_vec()].concat()).collect();
        let input2: Vec<u8> = t2.iter().flat_map(|(p, s)| [encode_g2(p), s.to_vec()].concat()).collect();
        check(&p1, &c1, &input1, encode_g1(&msm_g1(&t1)), &format!("G1 k = {k}"));
        check(&p2, &c2, &input2, encode_g2(&msm_g2(&t2)), &format!("G2 k = {k}"));
    }
    // P·s + (−P)·s = O, encoded as zeros
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let (mut pn, mut qn) = (p, q);
    // SAFETY: blst reads and writes the locals.
    unsafe {
        blst_fp_cneg(&mut pn.y, &p.y, true);
        blst_fp2_cneg(&mut qn.y, &q.y, true);
    }
    let s = scalar(&mut rng, 0);
    let input1 = [encode_g1(&p), s.to_vec(), encode_g1(&pn), s.to_vec()].concat();
    let input2 = [encode_g2(&q), s.to_vec(), encode_g2(&qn), s.to_vec()].concat();
    check(&p1, &c1, &input1, vec![0; 128], "G1 P − P");
    check(&p2, &c2, &input2, vec![0; 256], "G2 Q − Q");
}

/// Points on the curve but outside the subgroup are rejected (the MSMs check subgroups, unlike
/// the additions), and so are wrong lengths and the empty input.
#[test]
fn non_subgroup_points_and_bad_lengths_halt() {
    let mut rng = rng(5);
    let (p1, p2) = (
        Operation::G1Msm.program(Curve::Bls12_381, Formulas::default()).unwrap(),
        Operation::G2Msm.program(Curve::Bls12_381, Formulas::default()).unwrap(),
    );
    let (c1, c2) = (codes(Operation::G1Msm, Formulas::default()), codes(Operation::G2Msm, Formulas::default()));
    let halts = |prog: &Program, codes: &[(InstructionSet, Vec<u8>)], input: &[u8], what: &str| {
        assert_eq!(native_output(prog, input), None, "native {what}");
        for (isa, code) in codes {
            assert_eq!(contract_output(*isa, code, input), None, "{isa} {what}");
        }
    };
    let s = scalar(&mut rng, 0);
    for _ in 0..2 {
        let p = random_e1_point(&mut rng);
        if !g1_in_subgroup_full(&p) {
            halts(&p1, &c1, &[encode_g1(&random_g1(&mut rng)), s.to_vec(), encode_g1(&p), s.to_vec()].concat(), "G1");
        }
        let q = random_e2_point(&mut rng);
        if !g2_in_subgroup_full(&q) {
            halts(&p2, &c2, &[encode_g2(&q), s.to_vec()].concat(), "G2");
        }
    }
    let good1 = [encode_g1(&random_g1(&mut rng)), s.to_vec()].concat();
    halts(&p1, &c1, &[], "G1 empty");
    halts(&p1, &c1, &good1[..159], "G1 159 bytes");
    halts(&p1, &c1, &[good1.clone(), vec![0]].concat(), "G1 161 bytes");
    halts(&p2, &c2, &good1, "G2 160 bytes");
}
