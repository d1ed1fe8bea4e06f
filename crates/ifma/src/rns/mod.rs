//! The latency engine: ONE pairing product over a residue number system. Each Fp element is its
//! residues modulo 16 primes near 2^50 in two vectors; products are lane-wise and the reduction
//! modulo p is done once per sum of products.
//!
//! `field` (representation, products, additions) → `reduction` (the RNS Montgomery reduction,
//! batched) → `conversions` (blst values in and out, Fp inversion) → `tower` (Fp2/Fp6/Fp12,
//! lines, Granger–Scott squaring, Frobenius) → `cyclotomic` (the final exponentiation's values up
//! to a factor in Fp: Karabina's compressed squarings decompressed without inversion) →
//! `pairing` (Miller loop, final exponentiation, checks); `subgroup` (G1 and G2 membership).
//!
//! Every function needs avx512f + avx512ifma: the crate reaches them only through `dispatch`.
pub(crate) mod conversions;
pub(crate) mod cyclotomic;
pub(crate) mod field;
pub(crate) mod pairing;
pub(crate) mod reduction;
pub(crate) mod subgroup;
pub(crate) mod tower;

#[cfg(test)]
mod tests;
