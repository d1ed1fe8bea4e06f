//! The map constants checked against an independent model on big integers ([`model`]), run on
//! the constants of [`crate::curves::bls12_381_map_params`]: the constants themselves
//! ([`constants`]: the RFC text, h_eff from z, the choice of Z), the RFC 9380 and EIP-2537
//! vectors ([`vectors`]), and every constant shown to matter ([`perturbation`]).

mod constants;
mod model;
mod perturbation;
mod vectors;
