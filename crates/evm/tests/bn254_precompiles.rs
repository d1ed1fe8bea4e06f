//! The baseline for BN254: every case of every vector file of `testdata/bn254/` (go-ethereum's
//! `bn256Add.json`, `bn256ScalarMul.json`, `bn256Pairing.json` and the adversarial files made with
//! arkworks, `evm384_vectors::BN254_FILES`) through revm's precompiles ecAdd (0x06), ecMul (0x07)
//! (EIP-196) and ecPairing (0x08, EIP-197) in our runner, two ways:
//!
//! - a transaction to the precompile's address: a valid case returns exactly `Expected` at
//!   exactly EIP-1108's price (ecAdd 150, ecMul 6,000, ecPairing 45,000 + 34,000·k), which is
//!   also the file's `Gas` where it states one; a failing case halts (with revm's error for the
//!   reason its `ExpectedError` names), returns nothing and consumes all the gas given to it
//!   (EIP-196/197: the call fails);
//! - STATICCALL from a contract (`precompile_caller_code`, the way contracts call them): the
//!   same output, or a revert with no data when the precompile failed.

use evm384_evm::{precompile_caller_code, Address, RunOptions, Runner, Status};
use evm384_vectors::{load_bn254_files, Expected, Operation};

#[test]
fn every_bn254_vector_through_revm_precompiles() {
    let opts = RunOptions { count_opcodes: false, ..Default::default() };
    let mut direct = Runner::new(opts.clone());
    let mut counts = Vec::new();
    for op in [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck] {
        let mut address = [0u8; 20];
        address[19] = op.bn254_address_byte().unwrap();
        let address = Address::new(address);
        let mut caller = Runner::new(opts.clone());
        caller.deploy(&precompile_caller_code(address));
        for (file, cases) in load_bn254_files(op).unwrap() {
            let (mut ok, mut failed) = (0, 0);
            for case in &cases {
                let at = format!("{file} {}", case.name);
                let e = direct.call(address, &case.input).unwrap();
                let via_contract = caller.run(&case.input).unwrap();
                match &case.expected {
                    Expected::Output(out) => {
                        assert_eq!(e.status, Status::Success, "{at}");
                        assert_eq!(&e.output, out, "{at}");
                        let price = op.bn254_gas(case.input.len()).unwrap();
                        assert_eq!(e.gas_used, price, "{at}: gas against EIP-1108");
                        if let Some(gas) = case.gas {
                            assert_eq!(gas, price, "{at}: the file's Gas against EIP-1108");
                        }
                        assert_eq!(via_contract.status, Status::Success, "{at}: via STATICCALL");
                        assert_eq!(&via_contract.output, out, "{at}: via STATICCALL");
                        ok += 1;
                    }
                    Expected::Error(reason) => {
                        let Status::Halt(halt) = &e.status else { panic!("{at}: {:?}", e.status) };
                        // the made files' reasons against revm 43's halt for them; go-ethereum's
                        // files have no failing cases
                        let revm_says = match reason.as_str() {
                            "coordinate not less than p" => "field point not a member of bn254 curve",
                            "point not on curve" | "G2 point not in subgroup" => "failed to create affine g point",
                            "input length not a multiple of 192" => "bn254 invalid pair length",
                            other => panic!("{at}: unknown ExpectedError {other:?}"),
                        };
                        assert!(halt.contains(revm_says), "{at}: {reason} but revm halts with {halt}");
                        assert!(e.output.is_empty(), "{at}");
                        assert_eq!(e.gas_used, opts.gas_limit, "{at}: a failing call consumes all its gas");
                        assert_eq!(via_contract.status, Status::Revert, "{at}: via STATICCALL");
                        assert!(via_contract.output.is_empty(), "{at}: via STATICCALL");
                        failed += 1;
                    }
                }
            }
            assert_eq!(ok + failed, cases.len());
            counts.push((file, ok, failed));
        }
    }
    let total: usize = counts.iter().map(|(_, ok, failed)| ok + failed).sum();
    eprintln!("BN254 vectors through revm's 0x06/0x07/0x08 (file, valid, failing): {counts:?}; {total} in all");
}
