//! The Groth16 verifier on the hinted pairing check (`glue::groth16::hinted_verifier_code`):
//! the BN254 hinted check with a Miller factor (e(α, β)'s, the key's constant), its shipped
//! build, deployed at a chosen address in EVMMAX, v9 and v7,
//! ecAdd and ecMul the precompiles; the calldata the plain verifier's followed by the witness
//! (`hinted_calldata`). Every call of `common_groth16` (arkworks' proofs of a small circuit,
//! valid and tampered, the published groth16-solana proof and the proofs snarkjs and gnark made)
//! gets the plain verifier's
//! answer, a valid proof's witness appended where the proof has none of its own; every changed
//! witness element is rejected; random proofs never seen before agree with arkworks. The gas
//! beside the plain verifier's on the precompiles is printed, each with what the transaction
//! pays.

#[path = "../../gen/tests/common_groth16/mod.rs"]
mod common_groth16;

use ark_bn254::{Bn254, Fr};
use ark_groth16::Groth16;
use ark_snark::SNARK;
use ark_std::rand::{rngs::StdRng, SeedableRng};
use ark_std::UniformRand;
use common_groth16::{gnark, groth16_solana, snarkjs_circom, verify, Powers, Setup};
use evm384_build::{hinted_pairing_check_with_factor_build, HINTED_FORMULAS};
use evm384_evm::{Address, InstructionSet, Interface, RunOptions, Runner};
use evm384_gen::curves::Curve;
use evm384_gen::glue::groth16::{hinted_calldata, hinted_verifier_code, verifier_code, Backend, VerifyingKey};
use evm384_gen::ops::pairing::hint_bytes;
use evm384_gen::F2Mul;

/// The hinted check's address (no precompile there); ecAdd and ecMul are the precompiles.
const HINTED: [u8; 20] = {
    let mut a = [0u8; 20];
    a[0] = 0xb0;
    a[19] = 0x08;
    a
};

const BACKEND: Backend = Backend { ec_pairing: HINTED, ..Backend::PRECOMPILES };

const SETS: [InstructionSet; 3] =
    [InstructionSet::Evmmax, InstructionSet::Evm384(Interface::V9), InstructionSet::Evm384(Interface::V7)];

/// The plain verifier on the precompiles and the hinted one over the check in `isa`.
struct Verifiers {
    plain: Runner,
    hinted: Runner,
}

impl Verifiers {
    fn new(isa: InstructionSet, vk: &VerifyingKey) -> Verifiers {
        let mut plain = Runner::new(RunOptions::default());
        plain.deploy(&verifier_code(vk, &Backend::PRECOMPILES).unwrap());
        let mut hinted = Runner::new(RunOptions::default().with_instruction_set(isa));
        let check = hinted_pairing_check_with_factor_build(Curve::Bn254, HINTED_FORMULAS, isa).try_code(isa).unwrap();
        hinted.deploy_at(Address::new(HINTED), &check);
        hinted.deploy(&hinted_verifier_code(vk, &BACKEND).unwrap());
        Verifiers { plain, hinted }
    }
}

#[test]
fn answers_as_the_plain_verifier_and_rejects_every_changed_witness() {
    let mut rng = StdRng::seed_from_u64(2024640);
    let n = hint_bytes(Curve::Bn254) as usize;
    for k in [1usize, 2] {
        let setup = Setup::new(Powers { w: Fr::from(5u64 + k as u64), k }, &mut rng);
        let valid = hinted_calldata(&setup.vk, &setup.proof, &setup.inputs, F2Mul::V3).unwrap();
        let borrowed = &valid[valid.len() - n..];
        for isa in SETS {
            let mut v = Verifiers::new(isa, &setup.vk);
            for case in setup.cases() {
                case.check_ark(&setup.ark_vk);
                let input = match (&case.ark, case.want) {
                    (Some((proof, inputs)), Some(true)) => {
                        hinted_calldata(&setup.vk, proof, inputs, F2Mul::V3).unwrap()
                    }
                    _ => [case.calldata.clone(), borrowed.to_vec()].concat(),
                };
                assert_eq!(verify(&mut v.plain, &case.calldata), case.want, "k = {k}: {} (plain)", case.what);
                assert_eq!(verify(&mut v.hinted, &input), case.want, "k = {k}: {} ({isa} hinted)", case.what);
            }
            // every witness element changed (u's 12): 0 (u is no longer unitary); the witness
            // cut short: a halt
            for i in 0..n / 32 {
                let mut c = valid.clone();
                let at = valid.len() - n + 32 * i + 31;
                c[at] ^= 1;
                assert_eq!(verify(&mut v.hinted, &c), Some(false), "k = {k}, {isa}: witness element {i} changed");
            }
            assert_eq!(verify(&mut v.hinted, &valid[..valid.len() - 32]), None, "a witness one element short");
            assert_eq!(verify(&mut v.hinted, &valid[..valid.len() - n]), None, "no witness");
        }
        // a proof with no witness: the helper says so
        let mut wrong = setup.inputs.clone();
        wrong[0] += Fr::from(1u8);
        assert!(hinted_calldata(&setup.vk, &setup.proof, &wrong, F2Mul::V3).is_err());
        assert!(hinted_calldata(&setup.vk, &setup.proof, &wrong[1..], F2Mul::V3).is_err(), "too few inputs");
    }
}

/// The published groth16-solana proof, the proofs snarkjs and gnark made with their tamperings,
/// and random statements never seen by the other tests: the hinted verifier accepts what
/// arkworks accepts.
#[test]
fn published_and_random_proofs_agree_with_arkworks() {
    let n = hint_bytes(Curve::Bn254) as usize;
    for (source, (vk, cases)) in
        [("groth16-solana", groth16_solana()), ("snarkjs", snarkjs_circom()), ("gnark", gnark())]
    {
        let mut v = Verifiers::new(InstructionSet::Evmmax, &vk);
        let ark_vk = common_groth16::ark_vk(&vk);
        for case in &cases {
            let Some((proof, inputs)) = &case.ark else { continue };
            let ark = Groth16::<Bn254>::verify(&ark_vk, inputs, proof).unwrap();
            let input = match hinted_calldata(&vk, proof, inputs, F2Mul::V3) {
                Ok(c) => c,
                Err(_) => [case.calldata.clone(), vec![1u8; n]].concat(),
            };
            assert_eq!(verify(&mut v.hinted, &input), Some(ark), "{source}: {}", case.what);
        }
    }
    let mut rng = StdRng::seed_from_u64(u64::from_le_bytes(*b"unseen!!"));
    let setup = Setup::new(Powers { w: Fr::rand(&mut rng), k: 3 }, &mut rng);
    let mut v = Verifiers::new(InstructionSet::Evmmax, &setup.vk);
    let c = hinted_calldata(&setup.vk, &setup.proof, &setup.inputs, F2Mul::V3).unwrap();
    assert_eq!(verify(&mut v.hinted, &c), Some(true));
}

/// Gas at n = 1, 4 and 16 public inputs: the hinted verifier (ecAdd, ecMul the precompiles; the
/// hinted check in EVMMAX, its gas EIP-6690's) beside the plain verifier on the precompiles,
/// each as the transaction pays it (printed; the report is the figure of record).
#[test]
fn gas_beside_the_precompile_verifier() {
    let mut rng = StdRng::seed_from_u64(16);
    let spec = RunOptions::default().spec;
    for k in [1usize, 4, 16] {
        let setup = Setup::new(Powers { w: Fr::from(7u64), k }, &mut rng);
        let mut v = Verifiers::new(InstructionSet::Evmmax, &setup.vk);
        let plain_in = evm384_gen::glue::groth16::calldata(&setup.proof, &setup.inputs);
        let hinted_in = hinted_calldata(&setup.vk, &setup.proof, &setup.inputs, F2Mul::V3).unwrap();
        let plain = v.plain.run(&plain_in).unwrap();
        let hinted = v.hinted.run(&hinted_in).unwrap();
        assert_eq!((plain.output[31], hinted.output[31]), (1, 1));
        let tx_plain = evm384_evm::transaction_gas(spec, &plain_in, plain.gas_used as f64);
        let tx_hinted = evm384_evm::transaction_gas(spec, &hinted_in, hinted.gas_used as f64);
        eprintln!(
            "n = {k}: precompile verifier {} gas (transaction {tx_plain}), hinted verifier (EVMMAX) {} gas \
             (transaction {tx_hinted}, {:.3}x)",
            plain.gas_used,
            hinted.gas_used,
            tx_hinted / tx_plain
        );
    }
}
