//! The gas of the EVMMAX instructions: EIP-6690's tables by modulus width.

use evm384_arith::modx::MAX_LIMBS;

/// Gas of the EVMMAX instructions by modulus width (index: words − 1, 64 to 768 bits).
pub struct GasTable {
    /// SETMODX's static part.
    pub setmodx_base: u64,
    /// LOADX's and STOREX's static cost (`COST_LOADX_BASE`, `COST_STOREX_BASE`).
    pub loadx_base: u64,
    pub storex_base: u64,
    /// SETMODX's dynamic part for an odd modulus.
    pub setmodx_odd: [u64; MAX_LIMBS],
    /// ADDMODX / SUBMODX per operation.
    pub add_sub: [u64; MAX_LIMBS],
    /// MULMODX per operation (also LOADX / STOREX per value for odd moduli).
    pub mul: [u64; MAX_LIMBS],
}

/// The EIP's tables (its linear and quadratic cost models, rounded).
pub const GAS: GasTable = GasTable {
    setmodx_base: 1,
    loadx_base: 1,
    storex_base: 1,
    setmodx_odd: [23, 26, 29, 32, 36, 39, 42, 45, 48, 51, 54, 58],
    add_sub: [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2],
    mul: [1, 1, 1, 2, 2, 3, 4, 5, 7, 8, 10, 12],
};
