//! The arithmetic beside blst and the gas prices derived on the machine (sections 6 and 7).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use evm384_timing::Stats;

/// The arithmetic beside blst, and each EVM384 opcode's cost in revm (`evm384 bench ops`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArithBench {
    /// The `mulmodmont384` path in use (`asm-mulx-adx` or `portable`).
    pub backend: String,
    /// Dependent operations per measured call (both sides).
    pub chain: u64,
    pub pairs: Vec<ArithPair>,
    /// ns per opcode beyond a POP, in revm.
    pub evm_ns_per_op: BTreeMap<String, OpCost>,
    pub evm_method: String,
}

/// One of our operations against blst's, measured together; ns per operation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArithPair {
    pub ours: String,
    pub blst: String,
    pub ours_ns: Stats,
    pub blst_ns: Stats,
    /// ours / blst, of medians and of minimums.
    pub ratio: f64,
    pub ratio_min: f64,
}

/// Cost per instruction, median and minimum.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct OpCost {
    pub median_ns: f64,
    pub min_ns: f64,
}

/// Gas prices derived on this machine (the EVM384 notes' appendices A and B).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Calibration {
    /// ns per opcode in revm, straight-line program minus the same program with POP.
    pub evm_ns_per_op: BTreeMap<String, f64>,
    /// KECCAK256 ns per call at 32, 136 and 192 bytes, same method.
    pub keccak_ns: BTreeMap<String, f64>,
    /// KECCAK256's gas at those sizes (30 + 6 per word).
    pub keccak_gas: BTreeMap<String, u64>,
    /// Model A: 1 gas = 10 ns; price = 1 + ceil(ns / 10).
    pub model_a: BTreeMap<String, u64>,
    /// Model B: gas per ns of KECCAK256 (mean over the sizes) times ns, rounded up.
    pub model_b: BTreeMap<String, u64>,
    /// The published prices: model A 2/2/6, model B 1/1/3.
    pub published_model_a: BTreeMap<String, u64>,
    pub published_model_b: BTreeMap<String, u64>,
}
