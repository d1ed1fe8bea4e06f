//! The back-ends of a `crate::ir::Program`: the native executor and per-phase counter on
//! `evm384-arith` ([`native`]), and bytecode for EVM384 (interfaces v7, v8, v9) and EVMMAX
//! ([`bytecode`], with slots mapped to EVMMAX registers by [`registers`]).

pub mod bytecode;
pub mod native;
pub mod registers;
