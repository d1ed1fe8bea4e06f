//! Contracts in plain EVM code over the operations, which they STATICCALL at addresses fixed at
//! build time (the precompiles, or this project's contracts standing in for them): BLS signature
//! verification and hash-to-G2 over the EIP-2537 operations ([`bls`]) and a BN254 Groth16
//! verifier over ecAdd, ecMul and ecPairing ([`groth16`]), both written with one writer
//! (`writer.rs`: STATICCALL with its checks, one INVALID).

pub mod bls;
pub mod groth16;
mod writer;

pub use writer::address;
