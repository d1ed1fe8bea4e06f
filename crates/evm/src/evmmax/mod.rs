//! EVMMAX (EIP-6690) execution semantics: the per-call-frame field contexts and their virtual
//! registers, every assertion of the text as an exceptional halt ([`EvmmaxHalt`]), and the gas
//! of each instruction from the EIP's tables ([`GAS`]). The text followed is ethereum/EIPs
//! `EIPS/eip-6690.md` at commit f767a1e8078e17c9b381a91d35a09492189ede1b (status Stagnant).
//!
//! Its rooms, each importing only from those listed before it:
//! - `gas`: the EIP's tables ([`GAS`]); `halt`: what halts an instruction, the frame's limits;
//!   `immediate`: the arithmetic instructions and their 7-byte immediate;
//! - `context`: one field context ([`FieldContext`]): its registers and strided arithmetic;
//! - `state`: one call frame's contexts ([`EvmmaxState`]), each instruction's checks and gas,
//!   interpreter-independent;
//! - `frames`: the states of a transaction's frames by call depth ([`EvmmaxFrames`]) and the
//!   host that keeps them ([`EvmmaxHost`]);
//! - `code`: EVMMAX code as bytes (names, listing, immediate lengths: the analysis hook, which
//!   `crate::analysis` calls for the jump destinations);
//! - `instructions`: the instructions in revm ([`install`]): they read the stack and EVM memory,
//!   check memory ranges, charge memory expansion (which, per the EIP, counts the frame's
//!   allocated registers too: [`EvmmaxState::allocated_bytes`], also for every ordinary
//!   instruction that expands memory), and call the state. The arithmetic is
//!   `evm384_arith::modx`.
//!
//! Readings of the text where it is loose, kept explicit:
//! - LOADX and STOREX charge `COST_LOADX_BASE` / `COST_STOREX_BASE` (1 each), which the constants
//!   table calls their "static cost" although their execution steps do not say "charge".
//! - LOADX's range "`[source, source + count]` within the value space" is read as
//!   `source + count ≤ registers` (the `count` registers from `source`), as for STOREX.
//! - LOADX of a power-of-two context charges `(element_size + 31) / 32 · 3` once, as the text
//!   says (not per value); STOREX's "cost_mem_copy(count · element_size)" is read as MCOPY's
//!   copy cost, `3 · ⌈count · element_size / 32⌉`.
//! - The arithmetic bounds check is on the last register touched, `idx + stride · (count − 1) <
//!   registers` for out, x and y, as the text's prose ("all accessed values fall within
//!   bounds") and go-ethereum's, evmone's and ethereumjs's implementations have it; the text's
//!   formula `max(idx + stride · count) < registers` is one stride off (an erratum:
//!   `crates/evm/README.md`).

mod code;
mod context;
mod frames;
mod gas;
mod halt;
mod immediate;
mod instructions;
mod state;
#[cfg(test)]
mod tests;

pub use code::{immediate_len, listing, mnemonic, IMMEDIATE_LEN};
pub use context::FieldContext;
pub use frames::{EvmmaxFrames, EvmmaxHost};
pub use gas::{GasTable, GAS};
pub use halt::{EvmmaxHalt, MAX_ALLOC, MAX_ID, MAX_REGISTER_BYTES};
pub use immediate::{ArithImmediate, ArithOp};
pub use instructions::install;
pub use state::{EvmmaxState, SetModX};
