//! The pairing programs' input: each pair decoded into Montgomery form and validated (on its
//! curve, in its subgroup: Scott, eprint 2021/1130 and EIP-2537's endomorphism tests), pairs
//! without a point at infinity appended to the pair records.

use crate::algebra::curve::{assert_on_curve, Deg};
use crate::ir::{Asm, Cond, Phase, Slot};
use crate::ops::g_add::coordinate_offsets;
use crate::ops::subgroup::assert_projective_t_is_psi_q;

use super::ctx::Ctx;
use super::miller_loop::{call_line_add, call_line_dbl};

/// Reads one Fp of the current input pair into `dst`, in Montgomery form.
fn decode_fp(a: &mut Asm, c: Ctx, dst: Slot, offset: u32) {
    a.load_input(dst, offset, c.r2); // x·R for x < p (INVALID otherwise)
}

/// G1 point of the current pair → (xP, yP) in the work record, validated: on the curve, then in
/// G1 as the family tests it (`FamilyPairing::assert_in_g1`).
fn decode_g1(a: &mut Asm, c: Ctx, skip_checks: bool) {
    let (x, y) = (c.w.px3(), c.w.py());
    decode_fp(a, c, x, 0);
    decode_fp(a, c, y, c.eip.element_bytes);
    if skip_checks {
        return;
    }
    a.phase(Phase::OnCurve);
    assert_on_curve(a, Deg::Fp, x, y, c.b_g1);
    c.family.assert_in_g1(a, c);
    a.phase(Phase::Decode);
}

/// G2 point of the current pair → Q in the work record, validated: on the twist, then, beside
/// P = O (no record: the Miller loop does not test Q), ψ(Q) = [t − 1]Q with
/// ψ(x, y) = (conj(x)·r₂, conj(y)·s₂) (BLS12: [z]Q, Scott, eprint 2021/1130; BN: [6z²]Q,
/// El Housni, Guillevic, Piellard, eprint 2022/352 §4.3; t − 1 ≡ p mod r, the eigenvalue of ψ
/// on G2: `CurveParams::psi_eigenvalue`). Uses T as the accumulator. A pair with a record is
/// tested on the Miller loop's T (`FamilyPairing::assert_g2_subgroups_after_miller_loop`, BN's closing lines).
fn decode_g2(a: &mut Asm, c: Ctx, skip_checks: bool) {
    let (x, y) = (c.w.qx(), c.w.qy());
    let at = coordinate_offsets(&c.eip, Deg::Fp2); // x.c0, x.c1, y.c0, y.c1 after G1
    for (j, s) in [x.c0(), x.c1(), y.c0(), y.c1()].into_iter().enumerate() {
        decode_fp(a, c, s, c.g1_bytes() + at[j]);
    }
    if skip_checks {
        return;
    }
    a.phase(Phase::OnCurve);
    assert_on_curve(a, Deg::Fp2, x.0, y.0, c.b_g2.0); // b′ of the twist
    let (e, minus) = c.psi_eigenvalue;
    let bits = crate::curves::bits_below_top(&[e as u64, (e >> 64) as u64]);
    a.if_(Cond::InputZero { offset: 0, len: c.g1_bytes() }, |a| {
        a.phase(Phase::Subgroup);
        assert_in_g2_by_miller_loop_steps(a, c, &bits, minus);
    });
    a.phase(Phase::Decode);
}

/// INVALID unless the work record's Q is in G2 by ψ(Q) = [±n]Q (`bits`: n below its leading
/// one; `minus`: the sign; n = |z| for BLS12, 6z² for BN), for a pair whose P is O (it gets no
/// record, so the Miller loop does not test it): T = [n]Q by the Miller loop's own doubling and
/// addition steps (their lines, evaluated at whatever P the record holds, are not used), then
/// T = ±ψ(Q) as after the loop.
fn assert_in_g2_by_miller_loop_steps(a: &mut Asm, c: Ctx, bits: &[bool], minus: bool) {
    let (w, t) = (c.w, c.w.t());
    a.copy(t.x(), w.qx().0, 4); // T = (xQ : yQ : 1)
    a.copy(t.z(), c.k.one, 2);
    a.for_bits(bits, |a| call_line_dbl(a, c), |a| call_line_add(a, c)); // T = [n]Q
    assert_projective_t_is_psi_q(a, &c.k, t, (w.qx(), w.qy()), (c.psi_r2, c.psi_s2), minus);
}

/// Decodes and validates every input pair from calldata byte `start` on; pairs without a point
/// at infinity are appended to the pair-record array as (−3·xP, yP, T = Q, Q).
pub(super) fn decode_inputs(a: &mut Asm, c: Ctx, skip_checks: bool, start: u32) {
    let g1 = || Cond::InputNonZero { offset: 0, len: c.g1_bytes() };
    let g2 = || Cond::InputNonZero { offset: c.g1_bytes(), len: 2 * c.g1_bytes() };
    a.for_each_input_from(start, c.pair_bytes(), |a| {
        a.if_(g1(), |a| decode_g1(a, c, skip_checks)); // all-zero encodes infinity
        a.if_(g2(), |a| decode_g2(a, c, skip_checks));
        a.if_(g1(), |a| {
            a.if_(g2(), |a| {
                let w = c.w;
                a.scoped(|a| {
                    let t = a.alloc(1);
                    a.add(t, w.px3(), w.px3());
                    a.add(t, t, w.px3());
                    a.sub(w.px3(), c.k.zero, t); // -3·xP
                });
                let t = w.t();
                a.copy(t.x(), w.qx().0, 4); // T = Q
                a.copy(t.z(), c.k.one, 2);
                a.append_pair();
            })
        });
    });
}
