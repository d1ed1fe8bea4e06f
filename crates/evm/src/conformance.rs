//! The EIP-6690 (EVMMAX) conformance suite (`testdata/eip6690/`, loaded by
//! `evm384_vectors::eip6690`) run on this crate's EVMMAX, the way its README asks of any EVM:
//! the case's accounts placed at their addresses, its code as the called contract, one call
//! with its calldata and gas limit.

use evm384_vectors::eip6690::Case;

use crate::{Address, Extension, RunOptions, Runner, Status};

/// What differs between this crate's execution of `case` and the case's expectation (status,
/// output, execution gas; for a halt that differs, revm's reason too), one line each; empty
/// when it conforms.
pub fn check_case(case: &Case) -> Vec<String> {
    let mut runner =
        Runner::new(RunOptions { extension: Extension::Evmmax, gas_limit: case.gas_limit, ..RunOptions::default() });
    for (address, code) in &case.accounts {
        runner.deploy_at(Address::new(*address), code);
    }
    runner.deploy(&case.code);
    match runner.run(&case.calldata) {
        Ok(e) => {
            let mut problems = case.mismatches(e.status.name(), &e.output, e.gas_used);
            if let (false, Status::Halt(reason)) = (problems.is_empty(), &e.status) {
                problems.push(format!("revm: {reason}"));
            }
            problems
        }
        Err(e) => vec![format!("did not run: {e}")],
    }
}
