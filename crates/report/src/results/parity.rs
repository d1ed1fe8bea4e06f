//! Where parity with the precompile lies, the largest k per transaction, and cost-aware
//! generation's formula choices (section 4).

use serde::{Deserialize, Serialize};

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
