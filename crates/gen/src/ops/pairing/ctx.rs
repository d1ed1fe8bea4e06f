//! The pairing programs' work record ([`Work`]) and what their subroutines share ([`Ctx`]):
//! constants and fixed registers.

use crate::algebra::curve::{Deg, Jac, Line, LineShape, Proj, TwistB3};
use crate::algebra::tower::*;
use crate::algebra::Moves;
use crate::curves::{CurveParams, Eip};
use crate::ir::{Asm, Slot};

use super::family::{self, FamilyPairing};

/// The work record of one pair: P as (-3·xP, yP) (the lines' scaling, see
/// `curve::line_dbl_projective`), T homogeneous projective, Q affine (12 slots). P and T lead,
/// so that a doubling step brings only them in (`Work::P_AND_T`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Work(pub Slot);

impl Work {
    pub(super) const SLOTS: u32 = 12;
    /// The leading slots a doubling step reads: P and T.
    pub(crate) const P_AND_T: u32 = 8;
    /// The part a Miller-loop step updates: T, `(offset, slots)`.
    pub(crate) const T_PART: (u32, u32) = (2, 6);
    /// −3·xP.
    pub(crate) fn px3(self) -> Slot {
        self.0
    }
    /// yP.
    pub(super) fn py(self) -> Slot {
        self.0 + 1
    }
    pub(super) fn t(self) -> Proj {
        Proj { d: Deg::Fp2, base: self.0 + 2 }
    }
    pub(super) fn qx(self) -> Fp2 {
        Fp2(self.0 + 8)
    }
    pub(super) fn qy(self) -> Fp2 {
        Fp2(self.0 + 10)
    }
}

/// Everything the program's subroutines need: constants and fixed registers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    pub k: TowerConsts,
    pub frob: FrobeniusConsts,
    /// R² mod p (raw): MULMODMONT384(x, R²) = x·R, to Montgomery form.
    pub r2: Slot,
    pub b_g1: Slot,
    pub b_g2: Fp2,
    pub beta: Slot,
    pub psi_r2: Fp2,
    pub psi_s2: Fp2,
    /// How the doubling line applies the twist's 3b′.
    pub b3_twist: TwistB3,
    pub w: Work,
    pub line: Line,
    pub fa: Fp12,
    pub fb: Fp12,
    pub m6: MulFp6Regs,
    pub m01: MulBy01Regs,
    pub inv: InvFpRegs,
    /// G1 subgroup-check accumulator (Jacobian over Fp).
    pub r1: Jac,
    pub z_abs: u64,
    /// The sign of z: A^z = conj(A^|z|) in the cyclotomic subgroup, f_z = conj(f_|z|) after
    /// the final exponentiation.
    pub z_negative: bool,
    /// What the family (BLS12 or BN) decides: the Miller loop's end, the final exponentiation's
    /// hard part, the digits of the exponentiations by z, where the subgroup tests are made.
    pub family: &'static dyn FamilyPairing,
    /// (|t − 1|, t − 1 < 0), the eigenvalue of ψ on G2 (`CurveParams::psi_eigenvalue`).
    pub psi_eigenvalue: (u128, bool),
    /// BN only: N(r₂) ∈ Fp (Montgomery), ψ²(x, y) = (N(r₂)·x, −y) (`psi2_coefficients`).
    pub psi2_r2: Option<Slot>,
    pub p: evm384_arith::Limbs,
    /// How `mul_fp12` (and the Miller loop's in-place squaring) move Fp6 values.
    pub moves: Moves,
    /// The EIP's encoding of a pair: element size, G2's order of halves (`Eip`).
    pub eip: Eip,
}

impl Ctx {
    pub(super) fn new(a: &mut Asm, c: &CurveParams, moves: Moves) -> Ctx {
        let family = family::of(c.family);
        let k = TowerConsts::new(a);
        let frob = FrobeniusConsts::new(a, c);
        let r2 = a.const_raw(&[a.field.r2]);
        let b_g1 = a.const_mont(&[[c.b, 0, 0, 0, 0, 0]]);
        let b_g2 = Fp2(a.const_mont(&c.b_twist));
        let beta = a.const_mont(&[c.beta]);
        let psi_r2 = Fp2(a.const_mont(&c.psi_r2));
        let psi_s2 = Fp2(a.const_mont(&c.psi_s2));
        let b3_twist = TwistB3::new(a, c);
        let w = Work(a.alloc(Work::SLOTS));
        let fa = Fp12(a.alloc(12));
        let fb = Fp12(a.alloc(12));
        let m6 = MulFp6Regs::alloc(a);
        let m01 = MulBy01Regs::alloc(a);
        // the line's first two stored values are (b0, b1): no copy before mul_by_01_fp6
        let line = Line { base: m01.b0.0, shape: LineShape::of(c.twist) };
        let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
        let r1 = Jac { d: Deg::Fp, base: a.alloc(3) };
        // after every constant both families use, so that their slots do not move
        let psi2_r2 = family.psi2_r2(a, c);
        Ctx {
            k,
            frob,
            r2,
            b_g1,
            b_g2,
            beta,
            psi_r2,
            psi_s2,
            b3_twist,
            w,
            line,
            fa,
            fb,
            m6,
            m01,
            inv,
            r1,
            z_abs: c.z_abs,
            z_negative: c.z_negative,
            family,
            psi_eigenvalue: c.psi_eigenvalue(),
            psi2_r2,
            p: c.p,
            moves,
            eip: c.eip,
        }
    }

    /// Bytes of an encoded G1 point (two elements).
    pub(super) fn g1_bytes(&self) -> u32 {
        2 * self.eip.element_bytes
    }

    /// Bytes of an encoded pair: G1 then G2 (six elements).
    pub(crate) fn pair_bytes(&self) -> u32 {
        6 * self.eip.element_bytes
    }

    /// p - 2, the Fermat exponent of the inversion.
    pub(crate) fn p_minus_2(&self) -> evm384_arith::Limbs {
        let mut e = self.p;
        e[0] -= 2; // p is odd and > 2: no borrow
        e
    }
}
