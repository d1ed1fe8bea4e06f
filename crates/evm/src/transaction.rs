//! What a transaction pays: its intrinsic gas (21,000, and calldata at EIP-2028's 4 gas a zero
//! byte and 16 a non-zero one) plus its execution gas, or EIP-7623's calldata floor (10 gas a
//! token, a token per zero byte and four per non-zero one) where that is larger — revm's own
//! rule (`calculate_initial_tx_gas`), so that a contract's transaction and a precompile's are
//! priced alike.

use revm::context_interface::cfg::gas::calculate_initial_tx_gas;
use revm::primitives::hardfork::SpecId;

/// The gas a call transaction carrying `calldata` pays under `spec` when its execution (the
/// called code's gas, under whatever schedule) costs `execution`: max(21,000 + calldata +
/// execution, EIP-7623's floor) from Prague on, 21,000 + calldata + execution before.
pub fn transaction_gas(spec: SpecId, calldata: &[u8], execution: f64) -> f64 {
    let g = calculate_initial_tx_gas(spec, calldata, false, 0, 0, 0, None);
    (g.initial_regular_gas as f64 + execution).max(g.floor_gas as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calldata_and_floor_follow_eip_2028_and_eip_7623() {
        // 3 zero and 2 non-zero bytes: 3·4 + 2·16 = 44 gas of calldata; 3 + 2·4 = 11 tokens
        let data = [0u8, 1, 0, 2, 0];
        assert_eq!(transaction_gas(SpecId::PRAGUE, &data, 1000.0), 21_000.0 + 44.0 + 1000.0);
        // little execution: the floor, 21,000 + 10·11
        assert_eq!(transaction_gas(SpecId::PRAGUE, &data, 0.0), 21_000.0 + 110.0);
        // before Prague, no floor
        assert_eq!(transaction_gas(SpecId::CANCUN, &data, 0.0), 21_000.0 + 44.0);
        // a 2,368-byte witness of non-zero bytes alone: 2,368·16 = 37,888 gas of calldata
        let w = vec![0xa5u8; 2368];
        assert_eq!(transaction_gas(SpecId::PRAGUE, &w, 100_000.0), 21_000.0 + 37_888.0 + 100_000.0);
    }
}
