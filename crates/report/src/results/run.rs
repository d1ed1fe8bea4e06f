//! The whole file: one report run's results, section by section.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::arithmetic::{ArithBench, Calibration};
use super::bn254::Bn254;
use super::curves::{CurveGasRow, CurveTimeRow};
use super::interfaces::{InterfaceLoop, InterfacePairingRow};
use super::operations::{OperationGasRow, OperationTimeRow};
use super::pairing_check::{Breakdown, CountRow, GasRow, PrecompileGas, PublishedCount, RuntimeRow, VectorResult};
use super::parity::{BuildChoiceRow, FinalExpCounts, KMaxRow, ParityRow};
use super::summary::Summary;
use super::time_per_gas::{EvmmaxWorstCaseRow, PrecompileCostRow, WorstCase};
use crate::machine::Machine;

/// Version of the results layout; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

/// Every number of one report run: the whole `results.json`.
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
    /// Every EIP-2537 operation as today's bytecode (section 17, interface `evm`): gas under
    /// each `EvmSchedule` beside the precompile's price under it, and runtime beside the
    /// precompile. Empty in files written before them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evm_bls12_381_gas: Vec<OperationGasRow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evm_bls12_381_time: Vec<OperationTimeRow>,
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
