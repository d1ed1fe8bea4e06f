//! Every BLS12-381 build the generator ships, by SHA-256 of its bytecode, against the list in
//! `tests/data/bls12-381-build-hashes.txt`: a refactor of the generator must leave every build
//! byte-identical, and a change that means to alter code shows here which builds it altered.
//! `EVM384_BLESS=1` rewrites the list (review its diff before committing it).
//!
//! The builds: the seven EIP-2537 operations with the default formulas; the pairing check with
//! every formula choice `evm384 build pairing-check` offers (over the code limit too: its hash
//! is of the code it would emit); the hinted check as shipped; the BLS glue of each kind over the
//! precompiles and over contracts at fixed addresses — each in v7, v8, v9 and EVMMAX.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use evm384_build::{hinted_pairing_check_build, Contract, Formulas, HINTED_FORMULAS};
use evm384_gen::curves::Curve;
use evm384_gen::glue::address;
use evm384_gen::glue::bls::{glue_code, Backend, Glue, ETH_DST};
use evm384_gen::InstructionSet;
use evm384_vectors::Operation;
use sha2::{Digest, Sha256};

const LIST: &str = "tests/data/bls12-381-build-hashes.txt";

fn line(name: &str, code: Result<Vec<u8>, String>) -> String {
    match code {
        Ok(code) => format!("{} {:>6} {name}", hex::encode(Sha256::digest(&code)), code.len()),
        Err(e) => format!("{:64} {:>6} {name}: {e}", "-", "-"),
    }
}

fn builds() -> Vec<String> {
    let mut lines = Vec::new();
    for isa in InstructionSet::ALL {
        for op in Operation::ALL {
            let code = op.runtime_code(Curve::Bls12_381, isa, Formulas::default()).map_err(|e| e.to_string());
            lines.push(line(&format!("{isa} {}", op.name()), code));
        }
        for f in Formulas::all() {
            lines.push(line(
                &format!("{isa} pairing-check {f}"),
                f.try_runtime_code(Curve::Bls12_381, isa).map_err(|e| e.to_string()),
            ));
        }
        let hinted =
            hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, isa).try_code(isa).map_err(|e| e.to_string());
        lines.push(line(&format!("{isa} pairing-check-hinted"), hinted));
        let contracts = Backend {
            g1_msm: address(0xa1),
            map_fp2_to_g2: address(0xa2),
            g2_add: address(0xa3),
            pairing_check: address(0xa4),
        };
        for glue in [Glue::HashToG2, Glue::Verify, Glue::AggregateVerify] {
            for (backend, over) in [(Backend::PRECOMPILES, "precompiles"), (contracts, "contracts")] {
                // The glue is plain EVM code: the same for every instruction set; listed once.
                if isa == InstructionSet::ALL[0] {
                    lines.push(line(&format!("glue {glue:?} over {over}"), Ok(glue_code(glue, ETH_DST, &backend))));
                }
            }
        }
    }
    lines
}

#[test]
fn every_build_is_byte_identical_to_the_list() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(LIST);
    let now = builds().join("\n") + "\n";
    if evm384_testkit::bless() {
        std::fs::write(&path, &now).unwrap();
        println!("wrote {}", path.display());
        return;
    }
    let listed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let changed: Vec<String> = listed
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("  listed: {a}\n  now:    {b}"))
        .collect();
    assert!(
        changed.is_empty() && listed.lines().count() == now.lines().count(),
        "{} build(s) differ from {LIST} ({} listed, {} now); EVM384_BLESS=1 rewrites it:\n{}",
        changed.len(),
        listed.lines().count(),
        now.lines().count(),
        changed.join("\n")
    );
}
