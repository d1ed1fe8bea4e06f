//! Another curve's operations as contracts (BLS12-377, EIP-2539; section 11).

use serde::{Deserialize, Serialize};

use evm384_timing::Stats;

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
    /// `eip_price` with the same input (as [`GasRow::tx_gas`](super::GasRow::tx_gas)).
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
