//! The tower written against the emitter: Fp2 = Fp\[u\]/(u² − β), Fp6 = Fp2\[v\]/(v³ − ξ),
//! Fp12 = Fp6\[w\]/(w² − v) with the `Asm`'s β and ξ (`Asm::tower`): blst's (β = −1, ξ = 1 + u,
//! BLS12-381) with its fused formulas, or any small β and ξ = ξ0 + ξ1·u (BLS12-377: β = −5,
//! ξ = u), a product by a small constant c being additions for |c| ≤ 2 and one product by a
//! constant slot otherwise.
//!
//! Elements are groups of consecutive slots: Fp2 = (c0, c1), Fp6 = (c0, c1, c2) of Fp2,
//! Fp12 = (c0, c1) of Fp6, so an element is copied by one MCOPY. Unless a comment says
//! otherwise, `out` may alias any input (every input is read before `out` is written).
//!
//! Bibliography: Devegili, Ó hÉigeartaigh, Scott, Dahab, "Multiplication and squaring on
//! pairing-friendly fields", eprint 2006/471 (Karatsuba and complex squaring);
//! Granger, Scott, "Faster squaring in the cyclotomic subgroup of sixth degree extensions",
//! eprint 2009/565 (cyclotomic squaring); Karabina, "Squaring in cyclotomic subgroups",
//! eprint 2010/542 (compressed squaring and decompression).

mod cyclotomic;
mod elements;
mod fp12;
mod fp2;
mod fp6;
mod frobenius;
mod inversion;
mod karabina;
mod sliding_window;
mod small_multiples;

pub use cyclotomic::cyclotomic_sqr_fp12;
pub(crate) use elements::w_powers;
pub use elements::{Fp12, Fp2, Fp6, TowerConsts};
pub(crate) use fp12::sqr_fp12_in_mul_fp6_regs;
pub use fp12::{conj_fp12, mul_fp12, sqr_fp12};
pub(crate) use fp2::mul_fp2_by_fp;
pub use fp2::{add_fp2, add_mul_by_xi_fp2, conj_fp2, mul_by_xi_fp2, mul_fp2, neg_fp2, sqr_fp2, sub_fp2};
pub use fp6::{add_fp6, mul_by_01_fp6, mul_by_1_fp6, mul_by_v_fp6, mul_fp6, neg_fp6, sub_fp6, MulFp6Regs};
pub(crate) use fp6::{add_mul_by_v_fp6, call_mul_by_01_fp6, mul_by_0_fp6, mul_fp6_inline, MulBy01Regs};
pub use frobenius::{frobenius_fp12, FrobeniusConsts};
pub use inversion::{inverse_fp, inverse_fp2, InvFpRegs};
pub(crate) use karabina::copy_compressed_fp12;
pub use karabina::{compressed_cyclotomic_sqr_fp12, karabina_g0, karabina_g1_fraction, karabina_parts};
pub(crate) use sliding_window::pow_sliding;
