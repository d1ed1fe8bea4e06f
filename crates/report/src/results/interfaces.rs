//! The interfaces: the EVM384 notes' f6m_mul loop and the pairing check in every interface
//! (sections 15 and 16).

use serde::{Deserialize, Serialize};

use evm384_timing::Stats;

/// The f6m_mul synthetic loop of the EVM384 notes, timed per interface in one run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InterfaceLoop {
    /// Loop iterations of the generator's program (`evm384_gen::F6M_MUL_LOOP_ITERATIONS`).
    pub iterations: u32,
    /// The harness plan.
    pub plan: String,
    /// Every implementation timed, in table order, measured together.
    pub rows: Vec<InterfaceLoopRow>,
    /// Implementations not measured, with why (an interface the generator cannot encode the
    /// loop in, a published bytecode this EVM does not run as published).
    #[serde(default)]
    pub not_measured: Vec<NotMeasured>,
    /// The notes' published figures (`testdata/evm384/f6m_mul/published.json`).
    pub published: Vec<PublishedLoopRow>,
}

/// One implementation of the loop, timed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InterfaceLoopRow {
    /// `generator-v7`, `generator-evmmax`, `evm384_f6m_mul-v7` (the notes' bytecode),
    /// `native-executor`, ….
    pub implementation: String,
    /// `v1` … `v9`, `v7s`, `evmmax`, or `native`.
    pub interface: String,
    /// `generator` (this project's program), `published` (the notes' bytecode) or `native`.
    pub code: String,
    /// Fp6 products per run.
    pub products: u64,
    /// Runtime code size (EVM rows).
    pub code_bytes: Option<u64>,
    /// Execution gas per run under `schedule`, the instruction set's reference schedule
    /// (`model-b` for EVM384 but v9's `model-b-repriced`, `eip-6690` for EVMMAX).
    pub gas: Option<f64>,
    pub schedule: Option<String>,
    /// Execution gas under evmone's prices (EVM384 rows): what the notes' benchmarks report.
    pub gas_evmone: Option<f64>,
    /// Wall time per run.
    pub stats: Stats,
    pub cpu_stats: Option<Stats>,
    pub calls_per_sample: u64,
    /// Ratios to the generator's v7 program in the same run, of medians and of minimums.
    pub ratio_to_v7: f64,
    pub ratio_to_v7_min: f64,
}

/// An implementation the section could not measure.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NotMeasured {
    pub implementation: String,
    pub why: String,
}

/// One figure of the notes, as published (machines differ: compare ratios).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PublishedLoopRow {
    /// `interface-update`, `interface-update-wasm`, `update-3-endianness`.
    pub figure: String,
    /// The bar's label (`v7 (Huff)`).
    pub label: String,
    /// The EVM384 interface, or `None` for a wasm engine.
    pub interface: Option<String>,
    /// `yul`, `huff`, or the wasm program.
    pub language: String,
    pub engine: String,
    pub ms: f64,
    /// Over the same figure's v7 row.
    pub ratio_to_v7: Option<f64>,
    /// Gas as the notes' evmone reported it (EVM rows of `interface-update`).
    pub gas_used: Option<u64>,
    /// `repo@commit:path`.
    pub source: String,
}

/// The pairing check in one interface (`collect::interface_pairing`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InterfacePairingRow {
    /// `v1` … `v9`, `v7s`.
    pub interface: String,
    /// Pairs of the gas and runtime input.
    pub k: u64,
    /// Runtime code size; `fits`: at most 24,576 bytes (EIP-170).
    pub code_bytes: usize,
    pub fits: bool,
    /// How the build moves `mul_fp12`'s operands (`additions` or `copies`).
    pub moves: String,
    /// Execution gas per schedule name (`evmone`, `model-b`, `model-b-repriced`).
    pub gas: Vec<(String, f64)>,
    /// What the transaction pays per schedule: 21,000, calldata or EIP-7623's floor, execution.
    pub transaction_gas: Vec<(String, f64)>,
    /// Median wall time per call, and its ratio to v7's (medians, minimums) in the same run.
    pub median_ns: f64,
    pub ratio_to_v7: f64,
    pub ratio_to_v7_min: f64,
}
