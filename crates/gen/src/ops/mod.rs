//! The operations, written over the algebra: input handling and the pairing check ([`pairing`],
//! its hinted form and witness in [`hint`]), the fast subgroup checks ([`subgroup`]), the
//! EIP-2537 additions ([`g_add`]), MSMs ([`msm`]) and maps to the curve ([`map`]), EIP-2539's
//! MUL and MULTIEXP on any on-curve point ([`mul`]), and BLS signature verification as EVM glue
//! over the operations ([`bls`]).

pub mod bls;
pub mod g_add;
pub mod hint;
pub mod map;
pub mod msm;
pub mod mul;
pub mod pairing;
pub mod subgroup;
