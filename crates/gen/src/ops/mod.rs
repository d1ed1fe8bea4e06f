//! The operations, written over the algebra: input handling and the pairing check ([`pairing`],
//! its hinted form and witness in [`hint`]), the fast subgroup checks ([`subgroup`]), the
//! EIP-2537 additions ([`g_add`]), MSMs ([`msm`]) and maps to the curve ([`map`]), EIP-2539's
//! MUL and MULTIEXP on any on-curve point ([`mul`]), BLS signature verification as EVM glue
//! over the operations ([`bls`]) and a BN254 Groth16 verifier as EVM glue over ecAdd, ecMul and
//! ecPairing ([`groth16`]), both written with [`glue`]'s helpers.

pub mod bls;
pub mod g_add;
pub mod glue;
pub mod groth16;
pub mod hint;
pub mod map;
pub mod msm;
pub mod mul;
pub mod pairing;
pub mod subgroup;
