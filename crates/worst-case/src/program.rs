//! A program of the EVM384 and ordinary families, and the loop every one of them is built on.

use evm384_arith::{to_le_bytes, BLS12_381_P, BLS12_381_P_INV};
use evm384_evm::Interface;
use serde::Serialize;

use crate::asm::{Asm, DUP1, JUMPDEST, JUMPI, MSTORE, MSTORE8, STOP, SUB, SWAP1};

/// Bytes of memory each spread program addresses.
pub const MEMORY_SIZES: [u32; 3] = [1 << 16, 1 << 20, 1 << 21];

/// Instructions in one loop body.
pub(crate) const BODY: usize = 64;

/// Where the modulus and `inv` live (v7/v9 little-endian): p at 0, inv at 48.
pub(crate) const PARAMS: u32 = 0;

/// A program to measure.
#[derive(Clone, Debug, Serialize)]
pub struct Program {
    pub name: String,
    /// `evm384` or `ordinary`.
    pub kind: &'static str,
    pub interface: &'static str,
    /// Memory the program expands to and addresses, bytes.
    pub memory_bytes: u32,
    #[serde(skip)]
    pub code: Vec<u8>,
    #[serde(skip)]
    pub(crate) interface_value: Interface,
}

/// `setup` (params, memory expanded to `memory` bytes), then `n` times `body`, then STOP.
pub(crate) fn looped(memory: u32, n: u64, mut body: impl FnMut(&mut Asm)) -> Vec<u8> {
    let mut a = Asm(Vec::new());
    // p and inv at PARAMS (little-endian, as v7/v9 read them).
    let mut params = [0u8; 64];
    params[..48].copy_from_slice(&to_le_bytes(&BLS12_381_P));
    params[48..56].copy_from_slice(&BLS12_381_P_INV.to_le_bytes());
    a.push_word(params[..32].try_into().expect("32")).push(PARAMS as u64).op(MSTORE);
    a.push_word(params[32..].try_into().expect("32")).push(PARAMS as u64 + 32).op(MSTORE);
    a.push(0).push(memory as u64 - 1).op(MSTORE8);
    a.push(n);
    let top = a.here();
    a.op(JUMPDEST);
    body(&mut a);
    // counter − 1; loop while non-zero.
    a.push(1).op(SWAP1).op(SUB).op(DUP1).push(top as u64).op(JUMPI).op(STOP);
    a.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_memory_fits_one_transaction() {
        // 3w + w²/512 for 2 MiB: below Osaka's 2^24 transaction cap.
        let w = (*MEMORY_SIZES.last().unwrap() / 32) as u64;
        assert!(3 * w + w * w / 512 < 1 << 24);
    }
}
