//! BLS12_G1ADD (0x0b) and BLS12_G2ADD (0x0d) as contracts: every EIP-2537 vector file of both
//! operations (EIP assets and go-ethereum, success and failure) through the native executor and
//! the contract in v7, v8, v9 and EVMMAX, and random sums against blst.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use common::*;
use evm384_build::{Contract, Formulas, Operation};
use evm384_evm::InstructionSet;
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::curves::Curve;
use evm384_gen::{F2Mul, Program};

/// BLS12-381's G1ADD or G2ADD program with `f2mul`.
fn add_program(op: Operation, f2mul: F2Mul) -> Program {
    op.program(Curve::Bls12_381, Formulas { f2mul, ..Formulas::default() }).unwrap()
}

fn programs() -> [(Operation, Program); 2] {
    [
        (Operation::G1Add, add_program(Operation::G1Add, F2Mul::V3)),
        (Operation::G2Add, add_program(Operation::G2Add, F2Mul::V3)),
    ]
}

#[test]
fn every_vector_in_every_interface() {
    for (op, prog) in programs() {
        // the deployed build (inversion written out straight) and the looped one
        let contract: Operation = op.name().parse().unwrap();
        let codes: Vec<(InstructionSet, Vec<u8>)> = InstructionSet::ALL
            .into_iter()
            .flat_map(|isa| {
                let looped = try_assemble(&prog, isa, AssembleOptions::default()).unwrap();
                [(isa, contract.runtime_code(Curve::Bls12_381, isa, Formulas::default()).unwrap()), (isa, looped)]
            })
            .collect();
        let n = check_vector_files(op, &prog, &codes, usize::MAX);
        assert!(n > 100, "{}: {n} vectors", op.name());
    }
}

/// Random points (in the subgroups and, since the additions check no subgroup, off them), their
/// doubles, negatives and infinity, against blst's sums: natively and through the contract in
/// every instruction set.
#[test]
fn random_sums_against_blst() {
    let mut rng = rng(31);
    let g1 = add_program(Operation::G1Add, F2Mul::V3);
    let g2 = add_program(Operation::G2Add, F2Mul::V4);
    let codes = |c: Operation, f2mul| -> Vec<(InstructionSet, Vec<u8>)> {
        let f = Formulas { f2mul, ..Formulas::default() };
        InstructionSet::ALL.map(|isa| (isa, c.runtime_code(Curve::Bls12_381, isa, f).unwrap())).to_vec()
    };
    let (c1, c2) = (codes(Operation::G1Add, F2Mul::V3), codes(Operation::G2Add, F2Mul::V4));
    let check = |prog: &Program, codes: &[(InstructionSet, Vec<u8>)], input: &[u8], want: Vec<u8>, what: &str| {
        assert_eq!(native_output(prog, input), Some(want.clone()), "native {what}");
        for (isa, code) in codes {
            assert_eq!(contract_output(*isa, code, input), Some(want.clone()), "{isa} {what}");
        }
    };
    for round in 0..6 {
        let (p, q) = if round % 2 == 0 {
            (random_g1(&mut rng), random_g1(&mut rng))
        } else {
            (random_e1_point(&mut rng), random_e1_point(&mut rng))
        };
        let (p2, q2) = if round % 2 == 0 {
            (random_g2(&mut rng), random_g2(&mut rng))
        } else {
            (random_e2_point(&mut rng), random_e2_point(&mut rng))
        };
        let mut pn = p;
        let mut p2n = p2;
        // SAFETY: blst reads and writes the locals.
        unsafe {
            blst::blst_fp_cneg(&mut pn.y, &p.y, true);
            blst::blst_fp2_cneg(&mut p2n.y, &p2.y, true);
        }
        let inf1 = blst::blst_p1_affine::default();
        let inf2 = blst::blst_p2_affine::default();
        for (a, b) in [(p, q), (p, p), (p, pn), (p, inf1), (inf1, q), (inf1, inf1)] {
            let input = [encode_g1(&a), encode_g1(&b)].concat();
            check(&g1, &c1, &input, encode_g1(&blst_add_g1(&a, &b)), &format!("G1 round {round}"));
        }
        for (a, b) in [(p2, q2), (p2, p2), (p2, p2n), (p2, inf2), (inf2, q2)] {
            let input = [encode_g2(&a), encode_g2(&b)].concat();
            check(&g2, &c2, &input, encode_g2(&blst_add_g2(&a, &b)), &format!("G2 round {round}"));
        }
    }
}
