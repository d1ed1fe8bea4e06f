//! The EIP-2537 vectors of every operation through its contract (v7, v8, v9, EVMMAX) and through
//! revm's precompile.

use evm384_evm::{Address, Runner, Status};

use evm384_vectors::{Case, Expected};

use crate::results::VectorResult;

/// Whether an execution matches a vector: the expected output, or an exceptional halt.
pub fn passes(status: &Status, output: &[u8], v: &Case) -> bool {
    match &v.expected {
        Expected::Output(want) => *status == Status::Success && output == want.as_slice(),
        Expected::Error(_) => matches!(status, Status::Halt(_)),
    }
}

/// Runs `vectors` through a runner with the contract deployed (`precompile = None`) or through
/// the precompile at the given address.
pub fn run_file(
    file: &str,
    vectors: &[Case],
    runner: &mut Runner,
    implementation: &str,
    precompile: Option<Address>,
) -> VectorResult {
    let (mut passed, mut failed) = (0, 0);
    for v in vectors {
        let ex = match precompile {
            Some(at) => runner.call(at, &v.input),
            None => runner.run(&v.input),
        };
        match ex {
            Ok(ex) if passes(&ex.status, &ex.output, v) => passed += 1,
            _ => failed += 1,
        }
    }
    VectorResult { file: file.into(), implementation: implementation.into(), passed, failed }
}
