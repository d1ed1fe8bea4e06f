//! The pairing check's vectors, operation counts, gas and runtime (sections 1, 2, 3 and 5).

use serde::{Deserialize, Serialize};

use evm384_timing::Stats;

/// One vector file through one implementation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VectorResult {
    pub file: String,
    /// `contract-v7`, `contract-v8`, `contract-v9`, `contract-evmmax`, `precompile`.
    pub implementation: String,
    pub passed: u64,
    pub failed: u64,
}

/// Exact EVM384 operation counts of one phase (from the counter back-end).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CountRow {
    pub k: u64,
    pub f2mul: String,
    /// `decode`, `on-curve`, `subgroup`, `miller-loop`, `final-exp`, `output`, or `total`.
    pub phase: String,
    pub addmod384: u64,
    pub submod384: u64,
    pub mulmodmont384: u64,
}

/// A published count shown for comparison, with its source.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PublishedCount {
    pub phase: String,
    pub addmod384: u64,
    pub submod384: u64,
    pub mulmodmont384: u64,
    pub source: String,
}

/// Execution gas of the contract (or of one phase of it) under one schedule.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GasRow {
    pub k: u64,
    pub interface: String,
    pub schedule: String,
    /// `total`, or a phase name.
    pub phase: String,
    pub gas: f64,
    /// What the transaction calling the contract with the measured input pays (`total` rows):
    /// 21,000 + calldata (EIP-2028) + `gas`, or EIP-7623's calldata floor where larger
    /// (`evm384_evm::transaction_gas`). Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_gas: Option<f64>,
}

/// The precompile's price by the EIP-2537 formula and as charged by revm, same input.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PrecompileGas {
    pub k: u64,
    /// `32600·k + 37700`.
    pub formula: u64,
    /// What revm's 0x0f charged.
    pub measured: u64,
    /// What a transaction calling 0x0f with the same input pays (as [`GasRow::tx_gas`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_gas: Option<u64>,
}

/// Where the gas goes (the critique's question): EVM384 arithmetic vs the rest.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Breakdown {
    pub k: u64,
    pub interface: String,
    pub schedule: String,
    /// Static gas of ADDMOD384/SUBMOD384/MULMODMONT384.
    pub evm384_arith: f64,
    /// Static gas of PUSH* (the PUSH16 operand words in v7/v8 dominate).
    pub pushes: f64,
    /// Everything else outside input handling: jumps, DUP/SWAP, MCOPY, MLOAD/MSTORE, memory.
    pub control_and_copies: f64,
    /// Gas of the decode, on-curve and subgroup phases (all opcodes).
    pub input_handling: f64,
    pub total: f64,
}

/// Runtime of one implementation at one k.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RuntimeRow {
    pub k: u64,
    /// `blst`, `blst-wasm-wasmtime`, `precompile`, `precompile-ifma`, `contract-v7`,
    /// `contract-v8`, `contract-v9`, `contract-evmmax`, `native-executor`
    /// (`collect::runtime::IMPLEMENTATIONS`).
    pub implementation: String,
    /// Wall time per call.
    pub stats: Stats,
    /// Thread CPU time per call (`None` where the platform has no per-thread CPU clock).
    pub cpu_stats: Option<Stats>,
    /// Calls per timed sample (samples last alike for every implementation).
    pub calls_per_sample: u64,
    /// Ratios of medians.
    pub ratio_to_blst: f64,
    pub ratio_to_precompile: f64,
    /// Ratios of minimums.
    pub ratio_to_blst_min: f64,
    pub ratio_to_precompile_min: f64,
}
