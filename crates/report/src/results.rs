//! `results.json`: every number of a report run, machine-readable. The schema is
//! `results.schema.json` beside this crate's `Cargo.toml` (JSON Schema draft 2020-12); a test
//! validates generated results against it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::machine::Machine;
use evm384_timing::Stats;

/// Version of the results layout; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Results {
    pub schema_version: u32,
    /// The exact command that produced the file.
    pub command: String,
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// `quick` or `full`.
    pub mode: String,
    pub machine: Machine,
    /// Tool and library versions (`rustc`, `evm384`, `revm`, `blst`).
    pub tools: BTreeMap<String, String>,
    /// Runtime code size of the pairing-check contract per interface, in bytes (limit 24,576).
    pub code_bytes: BTreeMap<String, u64>,
    pub correctness: Vec<VectorResult>,
    pub counts: Vec<CountRow>,
    pub published_counts: Vec<PublishedCount>,
    pub gas: Vec<GasRow>,
    pub precompile_gas: Vec<PrecompileGas>,
    pub gas_breakdown: Vec<Breakdown>,
    pub runtime: Vec<RuntimeRow>,
    /// Where parity with the precompile lies, per k, interface and schedule.
    pub parity: Vec<ParityRow>,
    /// The largest k that fits one transaction (Osaka's 2^24 cap), per interface and schedule.
    pub k_max: Vec<KMaxRow>,
    /// The same for the precompile called from a contract.
    pub precompile_k_max: u64,
    /// Cost-aware generation: the cheapest fitting formulas per interface and gas schedule.
    #[serde(default)]
    pub build_choices: Vec<BuildChoiceRow>,
    /// Final-exponentiation operation counts per squaring (Granger–Scott, Karabina) and f2mul.
    #[serde(default)]
    pub final_exp_counts: Vec<FinalExpCounts>,
    /// The arithmetic beside blst and each opcode's cost in revm (`evm384 bench ops`).
    pub arith: ArithBench,
    /// The IFMA pairing beside blst (`evm384 bench native`); `None` where it was not measured.
    pub native_pairing: Option<crate::collect::native::BenchReport>,
    /// Why `native_pairing` is what it is (backend, or why it was not measured).
    pub native_pairing_note: String,
    pub calibration: Calibration,
    /// The worst-case search (`evm384 worst-case`): per schedule, the EVM384 and the ordinary
    /// program that buy the most time per gas. Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst_case: Option<WorstCase>,
    /// The other EIP-2537 operations as contracts (G1ADD, G1MSM, G2ADD, G2MSM): gas and runtime beside their
    /// precompiles. Empty in files written before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations_gas: Vec<OperationGasRow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations_time: Vec<OperationTimeRow>,
    /// Another curve's operations as contracts (BLS12-377, EIP-2539): gas beside the EIP's
    /// proposed prices, runtime beside arkworks. Empty in files written before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub curves_gas: Vec<CurveGasRow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub curves_time: Vec<CurveTimeRow>,
    /// EVMMAX (EIP-6690) per width: the worst program of the worst-case search under the EIP's
    /// prices against the worst ordinary program, and the price that reaches parity. Empty in
    /// files written before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evmmax_worst_case: Vec<EvmmaxWorstCaseRow>,
    /// Every EIP-2537 precompile's own time per gas (revm's, blst; PAIRING_CHECK also on the IFMA
    /// backend) and its price at EIP-7904's targets. Empty in files written before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub precompile_cost: Vec<PrecompileCostRow>,
    /// BN254 (EIP-196, EIP-197): ecAdd, ecMul and ecPairing as contracts and the Groth16
    /// verifier over them, beside revm's precompiles. Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254: Option<Bn254>,
    /// The EVM384 notes' f6m_mul synthetic loop per interface (the generator's program in every
    /// interface and EVMMAX, the notes' own bytecode, the native executor), beside the notes'
    /// published figures. Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interfaces: Option<InterfaceLoop>,
    /// The pairing check in every interface (v1 … v9, v7s): code size, gas, transaction gas,
    /// runtime beside v7's. Empty in files written before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interface_pairing: Vec<InterfacePairingRow>,
    pub summary: Summary,
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

/// Gas of another curve's operation as a contract on the measured input under one schedule.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CurveGasRow {
    /// `bls12-377`.
    pub curve: String,
    /// `g1-add`, `g1-mul`, `g1-msm`, `g2-add`, `g2-mul`, `g2-msm`, `pairing-check`.
    pub operation: String,
    /// Points (MULTIEXP) or pairs (PAIRING) in the input; 1 otherwise.
    pub k: u64,
    /// `v7`, `v8`, `v9`, `evmmax`.
    pub interface: String,
    /// A gas schedule, or `eip-6690` (EVMMAX).
    pub schedule: String,
    pub gas: f64,
    /// The curve's EIP's proposed price for the same input (EIP-2539).
    pub eip_price: u64,
    pub code_bytes: u64,
    /// What the transaction calling the contract pays, and one calling a precompile charging
    /// `eip_price` with the same input (as [`GasRow::tx_gas`]).
    pub tx_gas: f64,
    pub eip_price_tx_gas: f64,
}

/// Runtime of another curve's operation: arkworks natively, the contract in one interface, or
/// the BLS12-381 contract of the same operation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CurveTimeRow {
    pub curve: String,
    pub operation: String,
    pub k: u64,
    /// `arkworks`, `contract-v7`, `contract-v9`, `contract-evmmax`, `bls12-381-contract-v9`.
    pub implementation: String,
    pub stats: Stats,
    pub ratio_to_arkworks: f64,
    pub ratio_to_arkworks_min: f64,
}

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
    /// `v7`, `v9`, `evmmax`.
    pub interface: String,
    /// `model-b`, `model-b-repriced`, or `eip-6690` (EVMMAX).
    pub schedule: String,
    pub gas: f64,
    /// What revm's precompile charged for the same input.
    pub precompile_gas: u64,
    pub code_bytes: u64,
    /// What the transaction calling the contract pays (as [`GasRow::tx_gas`]; the hinted
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

/// The worst-case search in a result file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WorstCase {
    /// Programs measured (EVM384 in v7 and v9, and ordinary ones).
    pub programs: usize,
    /// The harness plan.
    pub plan: String,
    pub rows: Vec<WorstCaseRow>,
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

/// The contract's gas at one k under one schedule, split by the opcode classes a schedule
/// prices, and the break-even factor of each class: scaling that class's prices by the factor
/// (others unchanged) makes the contract cost exactly the precompile's price. A factor ≤ 0
/// means no price of that class alone reaches parity (the rest already costs more).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ParityRow {
    pub k: u64,
    pub interface: String,
    pub schedule: String,
    /// `32600·k + 37700`.
    pub precompile_price: u64,
    pub contract_gas: f64,
    /// Gas of the modular arithmetic of the whole run, the operation-count floor: the static
    /// gas of the EVM384 opcodes, or (interface `evmmax`) what ADDMODX/SUBMODX/MULMODX charged.
    /// The name predates EVMMAX and is kept for the committed files.
    pub floor_evm384_gas: f64,
    /// Static gas of PUSH0..PUSH32 and DUP1..DUP16.
    pub push_dup_gas: f64,
    /// Static gas of MLOAD, MSTORE, MSTORE8, MCOPY.
    pub memory_ops_gas: f64,
    /// Everything else: control flow, calldata, dynamic gas (memory expansion, copy words).
    pub other_gas: f64,
    pub break_even_evm384: f64,
    pub break_even_push_dup: f64,
    pub break_even_memory_ops: f64,
}

/// The largest number of pairs one transaction can check under the 2^24 cap.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KMaxRow {
    pub interface: String,
    pub schedule: String,
    /// 0 when not even one pair fits.
    pub k_max: u64,
    /// Execution gas plus intrinsic gas (21,000 and calldata) at `k_max`.
    pub tx_gas_at_k_max: f64,
}

/// The formula choice `build --optimize-for` makes for one interface and gas schedule (k = 2).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BuildChoiceRow {
    pub interface: String,
    /// A schedule name.
    pub target: String,
    /// The chosen formulas (e.g. `f2mul v4, granger-scott squaring`).
    pub chosen: String,
    pub chosen_gas: f64,
    /// Gas of the default build (the one the other sections measure).
    pub default_gas: f64,
    pub candidates: Vec<BuildCandidate>,
}

/// One formula choice: its code size and gas (`None` over the 24,576-byte limit).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BuildCandidate {
    pub formulas: String,
    pub code_bytes: u64,
    pub gas: Option<f64>,
}

/// Final-exponentiation counts (k = 1) for one squaring and f2mul.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FinalExpCounts {
    pub squaring: String,
    pub f2mul: String,
    pub addmod384: u64,
    pub submod384: u64,
    pub mulmodmont384: u64,
    pub copies: u64,
    pub calls: u64,
}

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

/// The headline numbers, all measured in this run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub k2_gas_v7_model_b: f64,
    pub k2_gas_v9_model_b_repriced: f64,
    pub precompile_gas_k2: u64,
    pub k2_time_ratio_v7_to_precompile: f64,
    pub k2_time_ratio_v7_to_blst: f64,
    pub v8_to_v7_time_ratio: f64,
    pub k2_gas_ratio_v7_model_b_to_precompile: f64,
    /// Native blst (multi-Miller loop, the precompile's validation) over the precompile called
    /// through revm: the EVM call's overhead; at most about 1 when the baseline is fair.
    pub k2_time_ratio_blst_to_precompile: f64,
    /// The same ratios of minimums.
    pub k2_time_ratio_v7_to_precompile_min: f64,
    pub k2_time_ratio_blst_to_precompile_min: f64,
    /// v9 contract time over the precompile's (medians). Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_v9_to_precompile: Option<f64>,
    /// v9 gas under model-b-repriced over the precompile's price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_ratio_v9_model_b_repriced_to_precompile: Option<f64>,
    /// 0x0f on this project's pairing (`evm384-precompile`) over revm's 0x0f, both called from
    /// a contract in revm (medians).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_precompile_ifma_to_precompile: Option<f64>,
    /// The pairing backend that row ran on: `Ifma`, or `Blst` on a CPU without IFMA.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precompile_ifma_backend: Option<String>,
    /// blst compiled to wasm32 and run in wasmtime (`blst-wasm-wasmtime`, engine in
    /// `tools.wasmtime`) over native blst (medians). Absent in files written before it, and
    /// where the build had no wasm module.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_wasm_to_blst: Option<f64>,
    /// k = 2 gas of the cheapest build `build --optimize-for` finds (section 4's choices), v7
    /// under model-b and v9 under model-b-repriced; the keys above measure the default build.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_best_v7_model_b: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_best_v9_model_b_repriced: Option<f64>,
    /// The EVMMAX (EIP-6690) contract at k = 2: its gas under EIP-6690's prices, that over the
    /// precompile's price and over the v9 contract's model-b-repriced gas, and its time over
    /// the precompile's and the v9 contract's (medians). Absent in files written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_ratio_evmmax_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_ratio_evmmax_to_v9_model_b_repriced: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_evmmax_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_evmmax_to_v9: Option<f64>,
    /// k = 2 gas of the cheapest EVMMAX build (`build --interface evmmax --optimize-for eip-6690`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_best_evmmax: Option<f64>,
    /// k = 2 gas of the hinted pairing check in v9 under model B repriced (witness included in
    /// the calldata, not in the execution gas).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_hinted_v9_model_b_repriced: Option<f64>,
    /// The same over the precompile's price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_gas_ratio_hinted_v9_model_b_repriced_to_precompile: Option<f64>,
    /// k = 2 time of the hinted check in v9 over the precompile's (medians).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_time_ratio_hinted_v9_to_precompile: Option<f64>,
    /// What a transaction pays at k = 2 (`GasRow::tx_gas`: 21,000, calldata or EIP-7623's
    /// floor, execution) calling the contract over what one calling the precompile with the same
    /// pairs pays: v7 under model B, v9 under model B repriced, EVMMAX under EIP-6690's prices,
    /// and the hinted check in v9 under model B repriced (its witness in the calldata). Absent
    /// in files written before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_tx_gas_ratio_v7_model_b: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_tx_gas_ratio_v9_model_b_repriced: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_tx_gas_ratio_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k2_tx_gas_ratio_hinted_v9_model_b_repriced: Option<f64>,
    /// BN254's ecPairing contract at k = 2 (`Results::bn254`): its gas in EVMMAX under EIP-6690's
    /// prices, that over the precompile's 113,000 (EIP-1108), and its time over revm's 0x08
    /// (medians); the same for the v9 contract under model B repriced. Absent in files written
    /// before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_gas_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_gas_ratio_evmmax_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_time_ratio_evmmax_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_gas_v9_model_b_repriced: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_gas_ratio_v9_model_b_repriced_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_time_ratio_v9_to_precompile: Option<f64>,
}
