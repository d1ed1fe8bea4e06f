//! BLS12_MAP_FP_TO_G1 (0x10) and BLS12_MAP_FP2_TO_G2 (0x11) as contracts: every EIP-2537 vector
//! file of both operations (EIP assets and go-ethereum, success and failure) through the native
//! executor and the contract in v7, v8, v9 and EVMMAX.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use common::{contract_output, native_output};

use evm384_build::{Contract, Formulas};
use evm384_evm::InstructionSet;
use evm384_gen::curves::Curve;
use evm384_gen::Program;
use evm384_vectors::Operation;

#[test]
fn every_vector_in_every_interface() {
    for (op, c) in [(Operation::MapFpToG1, Operation::MapFpToG1), (Operation::MapFp2ToG2, Operation::MapFp2ToG2)] {
        let prog = c.program(Curve::Bls12_381, Formulas::default()).unwrap();
        let codes: Vec<(InstructionSet, Vec<u8>)> = InstructionSet::ALL
            .map(|isa| (isa, c.runtime_code(Curve::Bls12_381, isa, Formulas::default()).unwrap()))
            .to_vec();
        let n = common::check_vector_files(op, &prog, &codes, usize::MAX);
        assert!(n > 10, "{}: {n} vectors", op.name());
    }
}

/// A field element's 64-byte encoding and blst's value: random below p, or 0, 1, p − 1.
fn field_element(rng: &mut common::TestRng, kind: u32) -> ([u8; 64], blst::blst_fp) {
    use rand::RngCore;
    const P_MINUS_1: &str =
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa";
    let mut be = [0u8; 48];
    match kind {
        0 => {}
        1 => be[47] = 1,
        2 => be.copy_from_slice(&hex::decode(P_MINUS_1).unwrap()),
        _ => {
            rng.fill_bytes(&mut be);
            be[0] %= 0x1a; // below p
        }
    }
    let mut enc = [0u8; 64];
    enc[16..].copy_from_slice(&be);
    let mut fp = blst::blst_fp::default();
    // SAFETY: blst reads 48 bytes and writes the local.
    unsafe { blst::blst_fp_from_bendian(&mut fp, be.as_ptr()) };
    (enc, fp)
}

/// Random field elements (and 0, 1, p − 1) through both maps natively and in every instruction
/// set, against blst's `map_to_g1` / `map_to_g2` (SSWU, isogeny and cofactor clearing).
#[test]
fn random_maps_against_blst() {
    let mut rng = common::rng(91);
    let (c1, c2) = (Operation::MapFpToG1, Operation::MapFp2ToG2);
    let (p1, p2) = (
        c1.program(Curve::Bls12_381, Formulas::default()).unwrap(),
        c2.program(Curve::Bls12_381, Formulas::default()).unwrap(),
    );
    let codes = |c: Operation| -> Vec<(InstructionSet, Vec<u8>)> {
        InstructionSet::ALL
            .map(|isa| (isa, c.runtime_code(Curve::Bls12_381, isa, Formulas::default()).unwrap()))
            .to_vec()
    };
    let (k1, k2) = (codes(c1), codes(c2));
    let check = |prog: &Program, codes: &[(InstructionSet, Vec<u8>)], input: &[u8], want: Vec<u8>, what: &str| {
        assert_eq!(native_output(prog, input), Some(want.clone()), "native {what}");
        for (isa, code) in codes {
            assert_eq!(contract_output(*isa, code, input), Some(want.clone()), "{isa} {what}");
        }
    };
    for kind in 0..10 {
        let (e0, u0) = field_element(&mut rng, kind);
        let (e1, u1) = field_element(&mut rng, (kind + 3) % 10);
        // SAFETY: blst reads the inputs and writes the locals.
        let (g1, g2) = unsafe {
            let (mut p, mut a) = (blst::blst_p1::default(), blst::blst_p1_affine::default());
            blst::blst_map_to_g1(&mut p, &u0, std::ptr::null());
            blst::blst_p1_to_affine(&mut a, &p);
            let u = blst::blst_fp2 { fp: [u0, u1] };
            let (mut q, mut b) = (blst::blst_p2::default(), blst::blst_p2_affine::default());
            blst::blst_map_to_g2(&mut q, &u, std::ptr::null());
            blst::blst_p2_to_affine(&mut b, &q);
            (a, b)
        };
        check(&p1, &k1, &e0, common::encode_g1(&g1), &format!("G1 kind {kind}"));
        check(&p2, &k2, &[e0, e1].concat(), common::encode_g2(&g2), &format!("G2 kind {kind}"));
    }
}
