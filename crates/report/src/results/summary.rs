//! The headline numbers of a run.

use serde::{Deserialize, Serialize};

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
    /// BN254's hinted check at k = 2 (`ec-pairing-hinted`): what its transaction pays (the
    /// witness in the calldata) over what a transaction calling 0x08 on the same pairs pays, in
    /// EVMMAX (EIP-6690's prices) and v9 (model B repriced); the Groth16 verifier on the hinted
    /// check in EVMMAX at 1 and 16 public inputs (`groth16-verify-hinted`), the same over the
    /// verifier on the precompiles; BN254's ecMul contract in EVMMAX over the precompile's 6,000.
    /// Absent in files written before them (and n = 16 in quick runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_tx_gas_ratio_hinted_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_k2_tx_gas_ratio_hinted_v9_model_b_repriced: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groth16_n1_tx_gas_ratio_hinted_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groth16_n16_tx_gas_ratio_hinted_evmmax: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bn254_ecmul_gas_ratio_evmmax_to_precompile: Option<f64>,
    /// Today's EVM (no new opcode: ADDMOD, MULMOD) at k = 2: BN254's ecPairing contract's gas
    /// under Osaka's prices, that over the precompile's 113,000, its gas under EIP-7904's
    /// measured prices over the precompile's under the same (31,671), its time over revm's 0x08
    /// (medians), and its Osaka gas over the EVMMAX contract's EIP-6690 gas (the factor EVMMAX
    /// saves); BLS12-381's PAIRING_CHECK the same (absent: its back-end is not written). Absent
    /// in files written before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_bn254_k2_gas: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_bn254_k2_gas_ratio_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_bn254_k2_gas_ratio_to_precompile_eip7904: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_bn254_k2_time_ratio_to_precompile: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evmmax_saving_over_evm_bn254_k2: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_bls12_381_k2_gas_ratio_to_precompile: Option<f64>,
}
