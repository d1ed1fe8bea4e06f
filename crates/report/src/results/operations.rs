//! The other EIP-2537 operations as contracts beside their precompiles (section 10; BN254's
//! rows too).

use serde::{Deserialize, Serialize};

use evm384_timing::Stats;

/// `k` where a file written before it has none: 1, as for the additions.
fn one() -> u64 {
    1
}

/// Gas of one operation's contract on the measured input under one schedule.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OperationGasRow {
    /// `g1-add`, `g1-msm`, `g2-add`, `g2-msm`.
    pub operation: String,
    /// Points in the input (the MSMs' k; 1 for the additions, as in files written before k).
    #[serde(default = "one")]
    pub k: u64,
    /// `v7`, `v9`, `evmmax`, `evm` (today's EVM, BN254's rows).
    pub interface: String,
    /// `model-b`, `model-b-repriced`, `eip-6690` (EVMMAX), or one of `evm384_evm::EvmSchedule`'s
    /// (today's EVM).
    pub schedule: String,
    pub gas: f64,
    /// What revm's precompile charged for the same input (today's EVM's rows: its price under
    /// the row's schedule, `EvmSchedule::precompile_gas`).
    pub precompile_gas: u64,
    pub code_bytes: u64,
    /// What the transaction calling the contract pays (as [`GasRow::tx_gas`](super::GasRow::tx_gas); the hinted
    /// check's calldata holds its witness too), and the same for a transaction calling the
    /// precompile (BLS verification: the glue over the precompiles) with the same input.
    /// Absent in files written before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_gas: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precompile_tx_gas: Option<f64>,
}

/// Runtime of one operation's implementation: the precompile called from a contract, or the
/// contract in one interface.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OperationTimeRow {
    pub operation: String,
    /// As in [`OperationGasRow::k`].
    #[serde(default = "one")]
    pub k: u64,
    /// `precompile`, `contract-v7`, `contract-v9`, `contract-evmmax`.
    pub implementation: String,
    pub stats: Stats,
    pub ratio_to_precompile: f64,
    pub ratio_to_precompile_min: f64,
}
