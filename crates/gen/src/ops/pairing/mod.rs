//! The pairing check (EIP-2537's PAIRING_CHECK on BLS12-381, EIP-2539's PAIRING on BLS12-377 —
//! the same encoding, rules and output —, EIP-197's ecPairing on BN254) and its hinted form,
//! written against the emitter once for any BLS12 or BN curve of `CurveParams`: input decoding
//! and validation, fast subgroup checks, the optimal ate multi-Miller loop and the final
//! exponentiation. What the family decides — the end of the Miller loop (BN's two closing
//! lines), the hard part of the final exponentiation, the digits of the exponentiations by z,
//! where G1 and G2 are tested — is written once per family (`bls12.rs`, `bn.rs`) and chosen
//! once per program (`family.rs`). The rest is data: the tower (u² = β, ξ), the twist (M or D:
//! the lines' shape, `curve::LineShape`, and b′), and the sign of z (z < 0: BLS12-381, the
//! Miller loop's f_|z| conjugated, every exponentiation by z conjugated, G2 tested by
//! ψ(Q) = −[|z|]Q; z > 0: BLS12-377 and BN254, none of these conjugations, ψ(Q) = \[z\]Q, or
//! \[6z²\]Q for BN).
//!
//! Bibliography (each family's in its file):
//! - Vercauteren, "Optimal pairings", eprint 2008/096;
//! - Aranha et al., eprint 2010/354 (projective lines, sparse multiplication); Costello, Lange,
//!   Naehrig, eprint 2009/615 (the lines for either twist type);
//! - Scott et al., eprint 2008/490 and Fuentes-Castañeda et al. (final exponentiation);
//! - Granger, Scott, eprint 2009/565 (cyclotomic squaring); Karabina, eprint 2010/542
//!   (compressed squaring);
//! - Scott, eprint 2021/1130 and EIP-2537 (endomorphism subgroup checks);
//! - Novakovic, Eagen, eprint 2024/640 (the hinted check, `hinted.rs`).
//!
//! Subroutines take their arguments in fixed slots (`ctx.rs`): A and B are the Fp12 registers
//! (`mul_fp12`: A ← A·B; `sqr_fp12`, `cyclotomic_sqr_fp12`, `mul_by_line`, `frobenius*`,
//! `inverse_fp12`, `exp_by_z`, `final_exp` work on A in place). The PAIRING_CHECK's Miller loop
//! keeps its accumulator in `mul_fp6`'s registers x ‖ y instead (`MulFp6Regs::xy`; there
//! `mul_by_line` and `sqr_fp12_in_mul_fp6_regs` work on it in place) and leaves f_z in A
//! (conj(f) for z < 0).

mod bls12;
mod bn;
mod check;
mod ctx;
mod decode;
mod family;
mod final_exp;
mod fp12;
mod hinted;
mod miller_loop;
mod signed_digits;
#[cfg(test)]
mod tests;

pub use bn::bn_loop_t_tests_g2;
pub use check::{accumulator_slot, final_exp_program, pairing_check_program, ProgramOptions};
pub use hinted::{hint_bytes, hinted_pairing_check_program, hinted_pairing_check_with_factor_program};
