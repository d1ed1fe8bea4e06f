//! The operations, written over the algebra: input handling and the pairing check ([`pairing`],
//! the hinted check's witness in [`hint`]), the fast subgroup checks ([`subgroup`]), the
//! EIP-2537 additions ([`g_add`]), MSMs ([`msm`]) and maps to the curve ([`map`]), EIP-2539's
//! MUL and MULTIEXP on any on-curve point ([`mul`]). Each program's entry point takes the
//! curve's handle, `Curve`.

pub mod g_add;
pub mod hint;
pub mod map;
pub mod msm;
pub mod mul;
pub mod pairing;
pub mod subgroup;
