//! Every contract the project builds, deployed the way a chain deploys it: its init code (what
//! `evm384 build --init` writes) run by a factory's CREATE inside the EVM, the created contract
//! called by CALL from another contract — in v7, v8, v9 and EVMMAX (and on today's EVM: every
//! EIP-2537 and BN254 operation, the hinted check), each operation but the
//! pairing check built plain and as `evm384 build` writes it (inlined). Each answers every EIP-2537
//! vector of its operation exactly as the same runtime code placed in state does, and as the
//! vector expects (`common::Deployed`): the seven operations, the hinted pairing check, and the
//! BLS glue over created operation contracts.
//!
//! MSM inputs over k = 128 run with `EVM384_LONG_TESTS=1` only (go-ethereum's file goes to
//! k = 4,877), as in `msm.rs`.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use common::*;
use evm384_build::{hinted_pairing_check_build, Contract, Formulas, HINTED_FORMULAS};
use evm384_evm::{Address, Creation, InstructionSet, RunOptions, Runner, Status};
use evm384_gen::curves::Curve;
use evm384_gen::glue::bls::{glue_code, Backend, Glue, ETH_DST};
use evm384_gen::ops::hint::witness;
use evm384_gen::ops::pairing::hint_bytes;
use evm384_gen::F2Mul;
use evm384_vectors::{Expected, Operation};

fn long_tests() -> bool {
    evm384_testkit::long_mode()
}

fn opts(isa: InstructionSet) -> RunOptions {
    // a gas limit that go-ethereum's k = 4,877 MSM fits (its memory alone costs over 10⁹)
    RunOptions { count_opcodes: false, gas_limit: 1 << 40, ..RunOptions::default() }.with_instruction_set(isa)
}

/// Every vector of `op` through its contract in every instruction set, placed and created.
fn every_vector(op: Operation) {
    let max_input = match op {
        Operation::G1Msm if !long_tests() => 128 * (128 + 32),
        Operation::G2Msm if !long_tests() => 128 * (256 + 32),
        _ => usize::MAX,
    };
    let files = evm384_vectors::load_operation_files(op).unwrap();
    // the plain build and `evm384 build`'s (the pairing check's cheapest, the others inlined)
    let builds = InstructionSet::ALL.into_iter().flat_map(|isa| {
        [(isa, Formulas::default()), (isa, Formulas::build_default(op, isa))]
            .into_iter()
            .filter(move |&(_, f)| op != Operation::PairingCheck || f == Formulas::default())
    });
    for (isa, formulas) in builds {
        let code = op.runtime_code(Curve::Bls12_381, isa, formulas).unwrap();
        let mut contract = Deployed::new(opts(isa), &code);
        let mut n = 0;
        for (file, cases) in &files {
            for case in cases.iter().filter(|c| c.input.len() <= max_input) {
                let what = format!("{} {isa} {file} {}", op.name(), case.name);
                let e = contract.run(&case.input, &what);
                let got = (e.status == Status::Success).then_some(e.output);
                let want = match &case.expected {
                    Expected::Output(o) => Some(o.clone()),
                    Expected::Error(_) => None,
                };
                assert_eq!(got, want, "{what}");
                n += 1;
            }
        }
        eprintln!("{} {isa} ({formulas}): {n} vectors through the created contract", op.name());
        assert!(n > 0);
    }
}

#[test]
fn pairing_check() {
    every_vector(Operation::PairingCheck);
}

#[test]
fn g1_add() {
    every_vector(Operation::G1Add);
}

#[test]
fn g2_add() {
    every_vector(Operation::G2Add);
}

#[test]
fn g1_msm() {
    every_vector(Operation::G1Msm);
}

#[test]
fn g2_msm() {
    every_vector(Operation::G2Msm);
}

#[test]
fn map_fp_to_g1() {
    every_vector(Operation::MapFpToG1);
}

#[test]
fn map_fp2_to_g2() {
    every_vector(Operation::MapFp2ToG2);
}

/// The hinted check: the PAIRING_CHECK vectors whose product is 1, each with its witness, are
/// true (the first dozen; all with `EVM384_LONG_TESTS=1`), a wrong witness false (but where every
/// pair has a point at infinity: the empty product, true without reading the witness), a
/// witness alone (no pairs) invalid.
#[test]
fn hinted_pairing_check() {
    let mut inputs = Vec::new();
    for (_, cases) in evm384_vectors::load_operation_files(Operation::PairingCheck).unwrap() {
        for case in cases {
            let Expected::Output(out) = &case.expected else { continue };
            if out[31] == 1 && (inputs.len() < 12 || long_tests()) {
                let w = witness(Curve::Bls12_381, &case.input, F2Mul::V3).unwrap();
                inputs.push((case.name.clone(), [w, case.input.clone()].concat()));
            }
        }
    }
    for isa in InstructionSet::ALL {
        let code = hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, isa).try_code(isa).unwrap();
        let mut contract = Deployed::new(opts(isa), &code);
        for (name, input) in &inputs {
            let e = contract.run(input, &format!("hinted {isa} {name}"));
            assert_eq!((e.status, e.output[31]), (Status::Success, 1), "hinted {isa} {name}");
            let mut wrong = input.clone();
            wrong[47] ^= 1; // the witness's first coefficient, off by one bit
            let e = contract.run(&wrong, &format!("hinted {isa} {name}, wrong witness"));
            // every pair with a point at infinity: the empty product, true whatever the witness
            let hint = hint_bytes(Curve::Bls12_381) as usize;
            let empty =
                input[hint..].chunks(384).all(|p| p[..128].iter().all(|&b| b == 0) || p[128..].iter().all(|&b| b == 0));
            assert!(
                e.status != Status::Success || e.output[31] == 0 || empty,
                "hinted {isa} {name}: a wrong witness accepted"
            );
        }
        let witness_only = &inputs[0].1[..hint_bytes(Curve::Bls12_381) as usize];
        assert!(matches!(contract.run(witness_only, "hinted, no pairs").status, Status::Halt(_)));
    }
}

/// The BLS glue over operation contracts that were themselves created by CREATE (their
/// addresses known only once created, as on a chain): hash-to-G2 gives RFC 9380's points, and
/// verification of blst's signature is true, of another message's false — the same as the glue
/// and contracts placed in state.
#[test]
fn bls_glue_over_created_contracts() {
    let suite =
        evm384_vectors::load_json("rfc9380/bls12381g2_xmd_sha256_sswu_ro.json").unwrap_or_else(|e| panic!("{e}"));
    let dst = suite["dst"].as_str().unwrap().as_bytes();
    let vector = &suite["vectors"][1];
    let msg = vector["msg"].as_str().unwrap().as_bytes().to_vec();
    let mut want = Vec::new();
    for coord in ["x", "y"] {
        for c in vector["P"][coord].as_str().unwrap().split(',') {
            let v = hex::decode(c.trim_start_matches("0x")).unwrap();
            want.extend([vec![0u8; 64 - v.len()], v].concat());
        }
    }
    let (sk, pk) = keypair();
    let sig = sign(&sk, b"message");
    let verify_input = |m: &[u8]| [encode_g1(&pk), encode_g2(&sig), m.to_vec()].concat();
    let ops = [Operation::G1Msm, Operation::MapFp2ToG2, Operation::G2Add, Operation::PairingCheck];
    for isa in InstructionSet::ALL {
        let codes: Vec<Vec<u8>> =
            ops.iter().map(|op| op.runtime_code(Curve::Bls12_381, isa, Formulas::default()).unwrap()).collect();
        // Created: the four operations by CREATE, then the glue over their addresses.
        let mut created = Runner::new(opts(isa));
        let at: Vec<[u8; 20]> = codes
            .iter()
            .map(|c| {
                created.create(&evm384_gen::backend::bytecode::init_code(c), Creation::Create).unwrap().into_array()
            })
            .collect();
        let backend = Backend { g1_msm: at[0], map_fp2_to_g2: at[1], g2_add: at[2], pairing_check: at[3] };
        // Placed: the same operation code at the same addresses.
        let mut placed = Runner::new(opts(isa));
        for (code, a) in codes.iter().zip(&at) {
            placed.deploy_at(Address::new(*a), code);
        }
        for (glue, dst, input, expected) in [
            (Glue::HashToG2, dst, msg.clone(), want.clone()),
            (Glue::Verify, ETH_DST, verify_input(b"message"), bool_word(true)),
            (Glue::Verify, ETH_DST, verify_input(b"another message"), bool_word(false)),
        ] {
            let runtime = glue_code(glue, dst, &backend);
            let glue_at =
                created.create(&evm384_gen::backend::bytecode::init_code(&runtime), Creation::Create).unwrap();
            created.deploy(&call_forwarder(glue_at));
            placed.deploy(&runtime);
            let (p, c) = (placed.run(&input).unwrap(), created.run(&input).unwrap());
            assert_eq!((&p.status, &p.output), (&Status::Success, &expected), "{isa} {glue:?} placed");
            assert_eq!((&c.status, &c.output), (&Status::Success, &expected), "{isa} {glue:?} created");
        }
    }
}

fn bool_word(b: bool) -> Vec<u8> {
    let mut w = vec![0u8; 32];
    w[31] = b as u8;
    w
}

fn keypair() -> (blst::blst_scalar, blst::blst_p1_affine) {
    let ikm = [7u8; 32];
    // SAFETY: blst reads the locals and writes the outputs.
    unsafe {
        let mut sk = blst::blst_scalar::default();
        blst::blst_keygen(&mut sk, ikm.as_ptr(), ikm.len(), std::ptr::null(), 0);
        let (mut pk, mut pka) = (blst::blst_p1::default(), blst::blst_p1_affine::default());
        blst::blst_sk_to_pk_in_g1(&mut pk, &sk);
        blst::blst_p1_to_affine(&mut pka, &pk);
        (sk, pka)
    }
}

/// blst's signature of `msg` under the consensus DST, affine.
fn sign(sk: &blst::blst_scalar, msg: &[u8]) -> blst::blst_p2_affine {
    // SAFETY: blst reads the locals and writes the outputs.
    unsafe {
        let (mut h, mut sig, mut a) =
            (blst::blst_p2::default(), blst::blst_p2::default(), blst::blst_p2_affine::default());
        blst::blst_hash_to_g2(&mut h, msg.as_ptr(), msg.len(), ETH_DST.as_ptr(), ETH_DST.len(), std::ptr::null(), 0);
        blst::blst_sign_pk_in_g1(&mut sig, &h, sk);
        blst::blst_p2_to_affine(&mut a, &sig);
        a
    }
}

/// Every EIP-2537 operation on today's EVM (`InstructionSet::Evm`: two-word values, the
/// arithmetic in plain EVM code), as `evm384 build --interface evm` writes it: created by CREATE
/// and called by CALL, every vector answered as the file expects and as the same code placed in
/// state. Unless in long mode (`EVM384_LONG_TESTS=1`), inputs of at most two points or pairs:
/// a pairing there costs tens of millions of gas.
#[test]
fn eip2537_on_todays_evm_created_and_called() {
    let isa = InstructionSet::Evm;
    for op in Operation::ALL {
        let max_input = match op {
            Operation::G1Msm if !long_tests() => 2 * (128 + 32),
            Operation::G2Msm if !long_tests() => 2 * (256 + 32),
            Operation::PairingCheck if !long_tests() => 2 * 384,
            _ => usize::MAX,
        };
        let code = op.runtime_code(Curve::Bls12_381, isa, Formulas::build_default(op, isa)).unwrap();
        let files = evm384_vectors::load_operation_files(op).unwrap();
        let n = answers_every_case(&mut Deployed::new(opts(isa), &code), op, &files, max_input);
        assert!(n >= 5, "{op}: {n} cases");
    }
}

/// Runs every case of `files` of at most `max_input` bytes through `contract` on today's EVM,
/// each answered as its file expects; the number of cases.
fn answers_every_case(
    contract: &mut Deployed,
    op: Operation,
    files: &[(&str, Vec<evm384_vectors::Case>)],
    max_input: usize,
) -> usize {
    let mut n = 0;
    for (file, cases) in files {
        for case in cases.iter().filter(|c| c.input.len() <= max_input) {
            let e = contract.run(&case.input, &format!("{op} evm {file} {}", case.name));
            let got = (e.status == Status::Success).then_some(e.output);
            let want = match &case.expected {
                Expected::Output(o) => Some(o.clone()),
                Expected::Error(_) => None,
            };
            assert_eq!(got, want, "{op} evm {file} {}", case.name);
            n += 1;
        }
    }
    n
}

/// BN254's ecAdd, ecMul and ecPairing on today's EVM (`InstructionSet::Evm`: ADDMOD and MULMOD,
/// no new opcode), as `evm384 build --interface evm` writes them: created by CREATE and called
/// by CALL, every case of `testdata/bn254/` answered as the file expects and as the same code
/// placed in state.
#[test]
fn bn254_on_todays_evm_created_and_called() {
    for op in [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck] {
        let isa = InstructionSet::Evm;
        let code = op.runtime_code(Curve::Bn254, isa, Formulas::build_default(op, isa)).unwrap();
        let files = evm384_vectors::load_bn254_files(op).unwrap();
        let n = answers_every_case(&mut Deployed::new(opts(isa), &code), op, &files, usize::MAX);
        assert!(n > 40, "{op}: {n} cases");
    }
}

/// BLS12-381's hinted check on today's EVM, created by CREATE and called by CALL: true on two
/// EIP-2537 vectors whose product is one (pairs, not points at infinity) with their witness,
/// false with its first coefficient changed.
#[test]
fn hinted_check_on_todays_evm() {
    let isa = InstructionSet::Evm;
    let code = hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, isa).try_code(isa).unwrap();
    let mut contract = Deployed::new(opts(isa), &code);
    let hint = hint_bytes(Curve::Bls12_381) as usize;
    let mut checked = 0;
    for (_, cases) in evm384_vectors::load_operation_files(Operation::PairingCheck).unwrap() {
        for case in cases {
            let one = matches!(&case.expected, Expected::Output(o) if o[31] == 1);
            let finite = |input: &[u8]| {
                input.chunks(384).all(|p| p[..128].iter().any(|&b| b != 0) && p[128..].iter().any(|&b| b != 0))
            };
            if !one || checked == 2 || !finite(&case.input) {
                continue;
            }
            let w = witness(Curve::Bls12_381, &case.input, F2Mul::V3).unwrap();
            let input = [w, case.input.clone()].concat();
            let e = contract.run(&input, &format!("hinted evm {}", case.name));
            assert_eq!((e.status, e.output[31]), (Status::Success, 1), "hinted evm {}", case.name);
            let mut wrong = input.clone();
            wrong[hint - 1] ^= 1;
            let e = contract.run(&wrong, &format!("hinted evm {}, wrong witness", case.name));
            assert!(
                e.status != Status::Success || e.output[31] == 0,
                "hinted evm {}: a wrong witness accepted",
                case.name
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 2);
}
