//! The 8-lane engine: eight independent pairings (or pairing products) at once, one per 64-bit
//! lane of a 512-bit vector, over an (8x1)-way Fp in radix 2^52 (Montgomery, R = 2^416).
//!
//! `field` (eight Montgomery products per instruction stream, lazy double-width values) →
//! `tower` (Fp2/Fp6/Fp12, sparse line product, Granger–Scott and Karabina cyclotomic squarings,
//! Frobenius) → `pairing` (lines, multi-Miller loop, final exponentiation) → `io` (blst values in
//! and out).
//!
//! Every function needs avx512f + avx512ifma: the crate reaches them only through `dispatch`.
pub(crate) mod field;
pub(crate) mod io;
pub(crate) mod pairing;
pub(crate) mod tower;

#[cfg(test)]
mod tests;
