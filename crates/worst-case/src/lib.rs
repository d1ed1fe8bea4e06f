//! `evm384 worst-case`: which programs run longest per unit of gas under each schedule?
//!
//! A gas schedule is safe only if no program buys much more time per gas than ordinary EVM code
//! can (the EVM384 authors asked for "feedback about security and runtime attacks against our
//! proposed gas costs"). This crate builds families of programs, measures each one's time in
//! revm with the project's harness, counts the gas of the same run under every schedule (one
//! counting run: the opcode histogram priced by each schedule's table), and reports per
//! schedule the worst EVM384 program, the worst ordinary program, and the ratio of their ns/gas.
//!
//! Every program is `setup; loop n times { body }; STOP`, its setup expanding memory to its
//! size (so the expansion's time and gas count too). EVM384 families, in v7 and v9:
//! - the operation: MULMODMONT384, ADDMOD384, SUBMOD384, or a mix;
//! - operand offsets: hot (the first KiB), or spread pseudo-randomly over 64 KiB (the seeds'
//!   mitigation: offsets capped to 16 bits), 1 MiB, or 2 MiB (about the most memory one
//!   2^24-gas transaction can buy: 3w + w²/512 gas for w words);
//! - aliasing: `out = x = y`, or three separate places;
//! - mixes with MLOAD / MSTORE / MCOPY at spread offsets.
//!
//! Ordinary families (v7, no EVM384 opcode): KECCAK256 of 32 bytes and of 1 KiB, MULMOD / ADDMOD /
//! MUL / DIV / EXP chains on the stack, MLOAD/MSTORE and MCOPY loops at spread offsets.
//!
//! EVMMAX (EIP-6690, [`evmmax`]): every width of 1..12 words with odd and power-of-two moduli,
//! timed in the same run; per width the worst ns/gas under EIP-6690's prices against the worst
//! ordinary program at revm's standard prices, and the multiplier on EIP-6690's costs that
//! would bring that width to parity ([`EvmmaxWidth`]).
//!
//! Layers, each using only those above it:
//! - `asm`: a tiny assembler, the opcode bytes, reproducible pseudo-random offsets;
//! - `program`: [`Program`] and the loop every EVM384 and ordinary program is built on;
//! - `evm384`, `ordinary`, [`evmmax`]: the families;
//! - `verdict`: the measured programs and the worst per schedule and per width;
//! - `search`: [`worst_case`] — gas under every schedule, one timing run, the report.

mod asm;
mod evm384;
pub mod evmmax;
mod ordinary;
mod program;
mod search;
mod verdict;

pub use program::{Program, MEMORY_SIZES};
pub use search::{programs, worst_case, worst_case_scoped, WorstCaseReport};
pub use verdict::{EvmmaxMeasured, EvmmaxWidth, Measured, ScheduleWorst, Worst};
