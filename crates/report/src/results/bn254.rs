//! BN254's operations and the Groth16 verifier as contracts (section 14).

use serde::{Deserialize, Serialize};

use super::operations::{OperationGasRow, OperationTimeRow};
use super::parity::KMaxRow;

/// BN254's operations as contracts beside revm's precompiles 0x06, 0x07 and 0x08 (EIP-1108's
/// prices), and the Groth16 verifier over both.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bn254 {
    /// `ec-add`, `ec-mul`, `ec-pairing` (k pairs) and `groth16-verify` (k public inputs; its
    /// `precompile_gas` is the same verifier's over the precompiles): gas per interface and
    /// schedule, and what the transactions pay.
    pub gas: Vec<OperationGasRow>,
    /// Runtime beside `precompile` (the verifier: `precompiles`), measured together.
    pub time: Vec<OperationTimeRow>,
    /// The ecPairing contracts' gas per phase (and `total`).
    pub phases: Vec<PhaseGasRow>,
    /// The largest k per transaction under the 2^24 cap: the ecPairing contracts, and the
    /// precompile (interface `precompile`, schedule `eip-1108`).
    pub k_max: Vec<KMaxRow>,
}

/// A contract's gas in one phase of its run under one schedule.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PhaseGasRow {
    pub k: u64,
    pub interface: String,
    pub schedule: String,
    /// `total`, `setup` (before the first phase), or a phase name.
    pub phase: String,
    pub gas: f64,
    /// The modular arithmetic's part of `gas`: what ADDMODX/SUBMODX/MULMODX charged (EVMMAX),
    /// or the static gas of ADDMOD384/SUBMOD384/MULMODMONT384 under the schedule (EVM384).
    pub arithmetic_gas: f64,
}
