//! `evm384-gen`: writes cryptography as EVM384 or EVMMAX bytecode — every EIP-2537 operation
//! for BLS12-381 (drop-ins for its precompiles), EIP-2539's for BLS12-377 and EIP-196/197's for
//! BN254, BLS signature verification and a Groth16 verifier over them, the hinted pairing
//! check — and runs the very same programs natively. [`curves::Curve`] is the handle every
//! program is written for.
//!
//! Layers as folders, each importing only from those above it in this list (blst's habit:
//! nothing above `algebra` names the modulus, nothing above `ir` knows a back-end):
//! - [`curves`]: curves as data, one module per curve, each value with its defining formula;
//! - [`ir`]: the emitter ([`ir::Asm`]): slots, constants, subroutines, loops, conditions, and
//!   passes over the program it records (inlining);
//! - [`backend`]: the native executor and counter, bytecode for EVM384 and EVMMAX, EVMMAX
//!   register allocation;
//! - [`algebra`]: the tower, point arithmetic, the Miller loop's lines;
//! - [`ops`]: pairing check, subgroup checks, additions, MSMs, maps, the hint;
//! - [`programs`]: each operation's program on each curve, the pairing check run natively, and
//!   the inputs builds are profiled on;
//! - [`glue`]: contracts in plain EVM code that STATICCALL the operations: BLS signature
//!   verification, a Groth16 verifier.
//!
//! The builds — formula choices, moves, inlining to fit the code limit, the contracts (`Contract`
//! on `Operation`) and the cost-aware choice among builds — are the crate `evm384-build`'s:
//! this crate writes programs and encodes them, it chooses nothing.
//!
//! This file re-exports; `ARCHITECTURE.md` (next to `Cargo.toml`) explains the design.

pub mod algebra;
pub mod backend;
pub mod curves;
pub mod glue;
pub mod ir;
pub mod ops;
pub mod programs;

pub use algebra::{Moves, Squaring};
pub use backend::native::{OpCounts, Outcome, PhaseCounts};
pub use evm384_arith::isa::{InstructionSet, Interface};
pub use ir::{F2Mul, Phase, Program};
pub use ops::pairing::{pairing_check_program, ProgramOptions};
pub use programs::*;
