//! The EIP-2537 pairing vectors through the contract (v7, v8, v9) and through revm's 0x0f.

use evm384_evm::{Runner, Status, BLS12_PAIRING_CHECK};

use evm384_vectors::{Case, Expected};

use crate::results::VectorResult;

/// Whether an execution matches a vector: the expected output, or an exceptional halt.
pub fn passes(status: &Status, output: &[u8], v: &Case) -> bool {
    match &v.expected {
        Expected::Output(want) => *status == Status::Success && output == want.as_slice(),
        Expected::Error(_) => matches!(status, Status::Halt(_)),
    }
}

/// Runs `vectors` through a runner with the contract deployed (`to = None`) or through the
/// precompile.
pub fn run_file(file: &str, vectors: &[Case], runner: &mut Runner, implementation: &str) -> VectorResult {
    let (mut passed, mut failed) = (0, 0);
    for v in vectors {
        let ex = if implementation == "precompile" {
            runner.call(BLS12_PAIRING_CHECK, &v.input)
        } else {
            runner.run(&v.input)
        };
        match ex {
            Ok(ex) if passes(&ex.status, &ex.output, v) => passed += 1,
            _ => failed += 1,
        }
    }
    VectorResult { file: file.into(), implementation: implementation.into(), passed, failed }
}
