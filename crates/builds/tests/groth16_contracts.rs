//! The Groth16 verifier (`evm384_gen::glue::groth16`) over this project's BN254 contracts: ecAdd
//! (`Operation::G1Add`), ecMul (`Operation::G1Mul`) and ecPairing (`Operation::PairingCheck`)
//! in their default builds (`Formulas::build_default`) placed at chosen addresses in one revm
//! state, the verifier built over those addresses (`groth16::Backend`), beside the same
//! verifier over revm's precompiles 0x06, 0x07 and 0x08. The glue is plain EVM; the operations
//! run in the chosen instruction set (EVMMAX, v9 and v7; v8 too under `EVM384_LONG_TESTS=1`).
//!
//! Every call of `common_groth16` (arkworks' proofs of a small circuit, valid and tampered,
//! and the published groth16-solana proof) gets the same answer over both back-ends: the
//! boolean, or the halt. The verifier's gas at 1, 2, 4, 8 and 16 public inputs is printed beside
//! the precompile-based verifier's, each with what the transaction pays
//! (`evm384_evm::transaction_gas`); EVMMAX under EIP-6690's prices, EVM384 under its instruction
//! set's reference schedule (`optimize::Target::reference`: `model-b-repriced` for v9,
//! `model-b` for v7 and v8). Runtime is the report's to measure, not a test's.

#[path = "../../gen/tests/common_groth16/mod.rs"]
mod common_groth16;

use std::sync::OnceLock;

use ark_bn254::Fr;
use ark_ec::CurveGroup;
use ark_std::rand::{rngs::StdRng, SeedableRng};
use common_groth16::{groth16_solana, verify, Case, Powers, Setup};
use evm384_build::optimize::Target;
use evm384_build::{Contract, Formulas, Operation, MAX_CODE_SIZE};
use evm384_evm::{Address, Execution, InstructionSet, Interface, RunOptions, Runner, Status};
use evm384_gen::curves::Curve;
use evm384_gen::glue::groth16::{calldata, encode_g1, encode_g2, verifier_code, Backend, VerifyingKey};

fn long() -> bool {
    evm384_testkit::long_mode()
}

/// The instruction sets the operations run in: EVMMAX, v9 and v7 (v8 in the long run).
fn sets() -> Vec<InstructionSet> {
    let mut sets =
        vec![InstructionSet::Evmmax, InstructionSet::Evm384(Interface::V9), InstructionSet::Evm384(Interface::V7)];
    if long() {
        sets.push(InstructionSet::Evm384(Interface::V8));
    }
    sets
}

/// ecAdd, ecMul and ecPairing, in the order of [`BACKEND`]'s fields.
const OPS: [Operation; 3] = [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck];

/// Where the contracts are placed: 0xb0…06, 0xb0…07, 0xb0…08 (no precompile there).
const fn at(b: u8) -> [u8; 20] {
    let mut a = [0u8; 20];
    a[0] = 0xb0;
    a[19] = b;
    a
}

const BACKEND: Backend = Backend { ec_add: at(0x06), ec_mul: at(0x07), ec_pairing: at(0x08) };

/// The three operations' runtime code in `isa` (built once per instruction set for all tests).
fn operation_codes(isa: InstructionSet) -> &'static [Vec<u8>; 3] {
    static CODES: [OnceLock<[Vec<u8>; 3]>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = InstructionSet::ALL.iter().position(|&i| i == isa).expect("one of v7, v8, v9 and EVMMAX");
    CODES[slot].get_or_init(|| {
        OPS.map(|op| {
            let code = op.runtime_code(Curve::Bn254, isa, Formulas::build_default(op, isa)).unwrap();
            assert!(code.len() <= MAX_CODE_SIZE, "{op} {isa}: {} bytes", code.len());
            code
        })
    })
}

/// One verifying key's verifier over the precompiles and over the contracts in `isa`.
struct Verifiers {
    isa: InstructionSet,
    precompiles: Runner,
    contracts: Runner,
}

impl Verifiers {
    /// `counting`: count opcodes (for the gas under other schedules than the one charged).
    fn new(isa: InstructionSet, vk: &VerifyingKey, counting: bool) -> Verifiers {
        let opts = RunOptions { count_opcodes: counting, ..RunOptions::default() };
        let mut precompiles = Runner::new(opts.clone());
        precompiles.deploy(&verifier_code(vk, &Backend::PRECOMPILES).unwrap());
        let mut contracts = Runner::new(opts.with_instruction_set(isa));
        let addresses = [BACKEND.ec_add, BACKEND.ec_mul, BACKEND.ec_pairing];
        for (code, a) in operation_codes(isa).iter().zip(addresses) {
            contracts.deploy_at(Address::new(a), code);
        }
        contracts.deploy(&verifier_code(vk, &BACKEND).unwrap());
        Verifiers { isa, precompiles, contracts }
    }

    /// The case's answer over both back-ends is the one it wants.
    fn check(&mut self, case: &Case, who: &str) {
        let isa = self.isa;
        assert_eq!(verify(&mut self.precompiles, &case.calldata), case.want, "{who}: {} (precompiles)", case.what);
        assert_eq!(verify(&mut self.contracts, &case.calldata), case.want, "{who}: {} ({isa} contracts)", case.what);
    }
}

/// Valid arkworks proofs for k = 1, 2 (and 5 in the long run) public inputs verify over the
/// contracts, and every tampering gets the precompiles' answer: 0 for a well-formed proof that
/// fails or an input ≥ r, a halt for a malformed point or length.
#[test]
fn arkworks_proofs_over_contracts_as_over_precompiles() {
    let mut rng = StdRng::seed_from_u64(2016260);
    let ks: &[usize] = if long() { &[1, 2, 5] } else { &[1, 2] };
    for &k in ks {
        let setup = Setup::new(Powers { w: Fr::from(3u64 + k as u64), k }, &mut rng);
        let cases = setup.cases();
        for case in &cases {
            case.check_ark(&setup.ark_vk);
        }
        for isa in sets() {
            let mut v = Verifiers::new(isa, &setup.vk, false);
            for case in &cases {
                v.check(case, &format!("k = {k}"));
            }
        }
        let rejected = cases.iter().filter(|c| c.want != Some(true)).count();
        eprintln!("k = {k}: {} valid and {rejected} tampered calls agree over both back-ends", cases.len() - rejected);
    }
}

/// Lightprotocol/groth16-solana's published proof (9 public inputs): accepted over the
/// contracts; its changed input, −A and an input = r rejected, as over the precompiles.
#[test]
fn published_groth16_solana_proof_over_contracts() {
    let (vk, cases) = groth16_solana();
    let ark_vk = common_groth16::ark_vk(&vk);
    for case in &cases {
        case.check_ark(&ark_vk);
    }
    for isa in sets() {
        let mut v = Verifiers::new(isa, &vk, false);
        for case in &cases {
            v.check(case, "groth16-solana");
        }
    }
}

/// Execution gas under `isa`'s reference schedule (EIP-6690's prices for EVMMAX).
fn reference_gas(isa: InstructionSet, e: &Execution) -> f64 {
    Target::reference(isa).gas(e).expect("opcodes counted")
}

/// The verifier's gas at 1, 2, 4, 8 and 16 public inputs over the contracts in each instruction
/// set (under its reference schedule) beside the verifier over the precompiles (EIP-1108's
/// prices), execution and transaction (printed; the report is the figure of record).
#[test]
fn gas_beside_the_precompile_verifier() {
    let mut rng = StdRng::seed_from_u64(1);
    let spec = RunOptions::default().spec;
    let sets = sets();
    eprintln!("groth16 verifier gas: execution / transaction (the ratio to the precompile verifier's transaction)");
    for k in [1usize, 2, 4, 8, 16] {
        let setup = Setup::new(Powers { w: Fr::from(5u8), k }, &mut rng);
        let input = calldata(&setup.proof, &setup.inputs);
        let mut row = Vec::new();
        let mut precompile_tx = None;
        for &isa in &sets {
            let mut v = Verifiers::new(isa, &setup.vk, true);
            if precompile_tx.is_none() {
                let e = v.precompiles.run(&input).unwrap();
                assert_eq!((&e.status, e.output[31]), (&Status::Success, 1), "k = {k}: precompiles");
                let tx = evm384_evm::transaction_gas(spec, &input, e.gas_used as f64);
                row.push(format!("precompiles {} / {tx}", e.gas_used));
                precompile_tx = Some(tx);
            }
            let e = v.contracts.run(&input).unwrap();
            assert_eq!((&e.status, e.output[31]), (&Status::Success, 1), "k = {k}: {isa} contracts");
            let gas = reference_gas(isa, &e);
            let tx = evm384_evm::transaction_gas(spec, &input, gas);
            row.push(format!(
                "{isa} ({}) {gas} / {tx} ({:.2}x)",
                Target::reference(isa).name(),
                tx / precompile_tx.unwrap()
            ));
        }
        eprintln!("k = {k:2}: {}", row.join(", "));
    }
    // what the calls cost alone (k = 1's proof): ecPairing at 4 pairs, ecMul by the input,
    // ecAdd, each called directly beside EIP-1108's price
    let setup = Setup::new(Powers { w: Fr::from(5u8), k: 1 }, &mut rng);
    let (vk, x) = (&setup.vk, setup.inputs[0]);
    let product = (vk.ic[1] * x).into_affine();
    let vk_x = (vk.ic[0] + product).into_affine();
    let calls = [
        (Operation::G1Add, [encode_g1(&vk.ic[0]), encode_g1(&product)].concat()),
        (Operation::G1Mul, [encode_g1(&vk.ic[1]).to_vec(), calldata(&setup.proof, &[x])[256..].to_vec()].concat()),
        (
            Operation::PairingCheck,
            [
                encode_g1(&-setup.proof.a).to_vec(),
                encode_g2(&setup.proof.b).to_vec(),
                encode_g1(&vk.alpha).to_vec(),
                encode_g2(&vk.beta).to_vec(),
                encode_g1(&vk_x).to_vec(),
                encode_g2(&vk.gamma).to_vec(),
                encode_g1(&setup.proof.c).to_vec(),
                encode_g2(&vk.delta).to_vec(),
            ]
            .concat(),
        ),
    ];
    let addresses = [BACKEND.ec_add, BACKEND.ec_mul, BACKEND.ec_pairing];
    for &isa in &sets {
        let mut v = Verifiers::new(isa, vk, true);
        let mut row = Vec::new();
        for ((op, input), a) in calls.iter().zip(addresses) {
            let mut pre = [0u8; 20];
            pre[19] = op.bn254_address_byte().unwrap();
            let want = v.precompiles.call(Address::new(pre), input).unwrap();
            let e = v.contracts.call(Address::new(a), input).unwrap();
            assert_eq!((&e.status, &e.output), (&Status::Success, &want.output), "{isa} {op}");
            if *op == Operation::PairingCheck {
                assert_eq!(e.output[31], 1, "{isa}: the verification equation holds");
            }
            let name = ["ecAdd", "ecMul", "ecPairing (4 pairs)"][OPS.iter().position(|o| o == op).unwrap()];
            row.push(format!("{name} {} (EIP-1108 {})", reference_gas(isa, &e), op.bn254_gas(input.len()).unwrap()));
        }
        eprintln!("calls alone in {isa} ({}): {}", Target::reference(isa).name(), row.join(", "));
    }
}
