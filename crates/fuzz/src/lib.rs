//! Reliability at scale: differential fuzzing of the EVM384 opcodes (fast path, reference path,
//! big-integer model, revm in v7/v8/v9), of the pairing-check contract against revm's
//! precompile 0x0f (and BN254's against 0x08), of random bytecode through revm, and the worst-case search for programs
//! that run longest per unit of gas under each schedule.
//!
//! - [`model`]: the big-integer model of the opcodes (the independent side);
//! - [`ops`]: `evm384 fuzz ops`;
//! - [`pairing`]: `evm384 fuzz pairing` (BLS12-381 against revm's 0x0f; BN254's ecPairing against
//!   revm's 0x08, EIP-197: [`pairing::bn254`]);
//! - [`bytecode`]: `evm384 fuzz bytecode` and the libFuzzer target of `fuzz/`;
//! - [`worst_case`]: `evm384 worst-case`.
//!
//! Every case is a function of `(seed, index)`: a reported case is replayed with
//! `--seed S --first-case INDEX --cases 1`. Work is spread over rayon's pool (all cores).

pub mod bytecode;
pub mod model;
pub mod ops;
pub mod pairing;
pub mod worst_case;
