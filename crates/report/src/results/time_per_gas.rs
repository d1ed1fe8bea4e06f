//! Time per gas: the worst-case search, EVMMAX's worst case per width and the EIP-2537
//! precompiles' own time per gas (sections 8, 12 and 13).

use serde::{Deserialize, Serialize};

/// The worst-case search in a result file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WorstCase {
    /// Programs measured (EVM384 in v7 and v9, and ordinary ones).
    pub programs: usize,
    /// The harness plan.
    pub plan: String,
    pub rows: Vec<WorstCaseRow>,
}

/// One schedule's worst programs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WorstCaseRow {
    pub schedule: String,
    /// `name (interface)` and its ns per gas.
    pub worst_evm384: String,
    pub evm384_ns_per_gas: f64,
    /// The worst EVM384 program whose offsets stay below 2^16.
    pub worst_evm384_16bit: String,
    pub evm384_16bit_ns_per_gas: f64,
    pub worst_ordinary: String,
    pub ordinary_ns_per_gas: f64,
    /// evm384 ÷ ordinary (> 1: EVM384 buys more time per gas than any ordinary program found).
    pub ratio: f64,
    pub ratio_16bit: f64,
}

/// One EVMMAX width's worst case (`evm384_worst_case::EvmmaxWidth`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EvmmaxWorstCaseRow {
    /// Modulus width in 64-bit words (1..12) and bits.
    pub words: u64,
    pub bits: u64,
    /// EVMMAX programs of this width measured (odd and power-of-two moduli).
    pub programs: u64,
    /// EIP-6690's MULMODX and ADDMODX/SUBMODX gas at this width.
    pub mul_gas: u64,
    pub add_gas: u64,
    /// `name (modulus)` of the program with the most ns per gas, and that figure.
    pub worst: String,
    pub ns_per_gas: f64,
    /// The worst program with an odd modulus.
    pub worst_odd: String,
    pub odd_ns_per_gas: f64,
    /// The worst ordinary program at revm's prices (the same for every width) and its ns/gas.
    pub ordinary: String,
    pub ordinary_ns_per_gas: f64,
    /// ns_per_gas ÷ ordinary_ns_per_gas.
    pub ratio: f64,
    /// The multiplier on EIP-6690's per-width costs (ADDMODX/SUBMODX, MULMODX — also per LOADX/
    /// STOREX value of an odd modulus — and SETMODX's odd-modulus part) that brings every program
    /// with such costs to the ordinary program's ns/gas, the program needing it, and the MULMODX
    /// and ADDMODX prices it gives.
    pub parity_multiplier: f64,
    pub parity_program: String,
    pub mul_price_at_parity: f64,
    pub add_price_at_parity: f64,
    /// For the programs the tables do not price (SETMODX re-activation, power-of-two SETMODX,
    /// LOADX, STOREX): the multiplier on their fixed costs (bases, power-of-two copy costs).
    pub fixed_multiplier: f64,
    pub fixed_program: String,
    /// `default` or `full`, and the harness plan.
    pub scope: String,
    pub plan: String,
}

/// One EIP-2537 precompile at one size: its own time, gas, and prices at EIP-7904's targets.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PrecompileCostRow {
    /// `g1-add`, `g1-msm`, `g2-add`, `g2-msm`, `pairing-check`, `map-fp-to-g1`, `map-fp2-to-g2`.
    pub precompile: String,
    /// `0x0b`..`0x11`.
    pub address: String,
    /// `revm-blst` (revm's precompile), `ifma` (`evm384-precompile` on the IFMA backend) or
    /// `evm384-precompile-blst-fallback` (the same without IFMA).
    pub implementation: String,
    /// Points (MSM) or pairs (pairing); 1 otherwise.
    pub k: u64,
    pub input_bytes: u64,
    /// Gas revm charged (the EIP-2537 price).
    pub gas: u64,
    /// A transaction calling the precompile, median and minimum, and a transaction with as much
    /// calldata to a contract that only STOPs (median; interpolated between two such calls by
    /// the input's length), ns of thread CPU time (wall time where the platform has no
    /// per-thread clock); the call's wall-time median beside them.
    pub call_ns: f64,
    pub call_ns_min: f64,
    pub call_wall_ns: f64,
    pub empty_call_ns: f64,
    /// The precompile's own time, `call_ns − empty_call_ns`, and per gas.
    pub ns: f64,
    pub ns_per_gas: f64,
    /// `ns · R / 1000` gas at R = 60 and 100 Mgas/s.
    pub price_60_mgas: f64,
    pub price_100_mgas: f64,
}
