//! Reliability at scale: differential fuzzing of the EVM384 opcodes (fast path, reference path,
//! big-integer model `evm384-model`, revm in v7/v8/v9), of the pairing-check contract against
//! revm's precompile 0x0f (and BN254's against 0x08), and of random bytecode through revm. (The
//! worst-case ns-per-gas search, a measurement, is `evm384-worst-case`.)
//!
//! - [`ops`]: `evm384 fuzz ops`;
//! - [`pairing`]: `evm384 fuzz pairing` (BLS12-381 against revm's 0x0f; BN254's ecPairing against
//!   revm's 0x08, EIP-197: [`pairing::bn254`]);
//! - [`bytecode`]: `evm384 fuzz bytecode` and the libFuzzer target of `fuzz/`.
//!
//! Every case is a function of `(seed, index)`: a reported case is replayed with
//! `--seed S --first-case INDEX --cases 1`. Work is spread over rayon's pool (all cores).

pub mod bytecode;
pub mod ops;
pub mod pairing;
