//! Fp12 = Fp6\[w\]/(w² − v): conjugation, moves of Fp6 operands, Karatsuba products and
//! complex squarings through the `mul_fp6` subroutine.

use super::{
    add_fp2, add_fp6, add_mul_by_v_fp6, mul_by_xi_fp2, mul_fp6_inline, neg_fp6, sub_fp2, sub_fp6, Fp12, Fp2, Fp6,
    MulFp6Regs, TowerConsts,
};
use crate::algebra::Moves;
use crate::ir::{Asm, Slot};

/// out = conj(x) = x0 - x1·w (the p⁶-Frobenius). In place it only negates x1.
pub fn conj_fp12(a: &mut Asm, k: &TowerConsts, out: Fp12, x: Fp12) {
    if out != x {
        a.copy(out.c(0).0, x.c(0).0, 6);
    }
    neg_fp6(a, k, out.c(1), x.c(1));
}

/// dst ← src (`n` slots) by additions of zero: n ADDMOD384 against MCOPY's 3 + 3 per word and
/// its three operands, 6 against 33 gas for an Fp6 in v9 under model-b-repriced, 24 against
/// 39 in v7 under model-b; 17 bytes a slot in v9 against 10 in all. For copies on hot paths.
/// `dst` and `src` must not overlap.
pub(crate) fn move_by_additions(a: &mut Asm, k: &TowerConsts, dst: Slot, src: Slot, n: u32) {
    assert!(dst.abs_diff(src) >= n, "move_by_additions: overlapping ranges");
    for i in 0..n {
        a.add(dst + i, src + i, k.zero);
    }
}

/// dst ← src (`n` slots, not overlapping) as `moves` says: one MCOPY, or additions of zero
/// ([`move_by_additions`]).
pub(crate) fn move_slots(a: &mut Asm, k: &TowerConsts, moves: Moves, dst: Slot, src: Slot, n: u32) {
    match moves {
        Moves::Copies => a.copy(dst, src, n),
        Moves::Additions => move_by_additions(a, k, dst, src, n),
    }
}

/// out = x·y, Karatsuba over Fp6 (3 products through the `mul_fp6` subroutine):
/// c0 = t0 + t1·v, c1 = (x0+x1)(y0+y1) - t0 - t1 with t0 = x0·y0, t1 = x1·y1.
/// Operands are built in the subroutine's registers, so only 5 moves are needed (MCOPYs or
/// additions of zero, as `moves` says: `move_slots`). `out` may alias `x` or `y`; neither may
/// lie in r's registers.
pub fn mul_fp12(a: &mut Asm, k: &TowerConsts, moves: Moves, r: MulFp6Regs, out: Fp12, x: Fp12, y: Fp12) {
    a.scoped(|a| {
        let t0 = Fp6(a.alloc(6));
        let u = Fp6(a.alloc(6));
        move_slots(a, k, moves, r.x.0, x.c(0).0, 6);
        move_slots(a, k, moves, r.y.0, y.c(0).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
        move_slots(a, k, moves, t0.0, r.z.0, 6); // t0 = x0·y0
        move_slots(a, k, moves, r.x.0, x.c(1).0, 6);
        move_slots(a, k, moves, r.y.0, y.c(1).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t1 = x1·y1
        add_fp6(a, r.x, x.c(0), x.c(1)); // x0 + x1
        add_fp6(a, r.y, y.c(0), y.c(1)); // y0 + y1
        add_fp6(a, u, t0, r.z); // t0 + t1
        add_mul_by_v_fp6(a, out.c(0), t0, r.z); // c0 = t0 + t1·v
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // (x0+x1)(y0+y1)
        sub_fp6(a, out.c(1), r.z, u); // c1 = (x0+x1)(y0+y1) - t0 - t1
    });
}

/// out = x² by complex squaring over Fp6 (2 products through `mul_fp6`, 2 copies):
/// with t = x0·x1, (x0+x1)(x0+x1·v) = x0² + x1²·v + t + t·v, so
/// c0 = (x0+x1)(x0+x1·v) - t - t·v, c1 = 2t. `out` may alias `x`.
pub fn sqr_fp12(a: &mut Asm, r: MulFp6Regs, out: Fp12, x: Fp12) {
    a.scoped(|a| {
        let u = Fp6(a.alloc(6));
        a.copy(r.x.0, x.c(0).0, 6);
        a.copy(r.y.0, x.c(1).0, 6);
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t = x0·x1
        add_fp6(a, r.x, r.x, x.c(1)); // x0 + x1
        add_mul_by_v_fp6(a, r.y, x.c(0), x.c(1)); // x0 + x1·v
        add_mul_by_v_fp6(a, u, r.z, r.z); // t + t·v
        add_fp6(a, out.c(1), r.z, r.z); // c1 = 2t
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y));
        sub_fp6(a, out.c(0), r.z, u); // c0 = x0² + x1²·v
    });
}

/// f ← f² for f = x0 + x1·w living in the `mul_fp6` registers (x0 in r.x, x1 in r.y, see
/// [`MulFp6Regs::xy`]): the complex squaring of [`sqr_fp12`] with no MCOPY. The first product
/// t = x0·x1 takes its operands where they are; r.x, r.y are turned into x0 + x1 and
/// x0 + x1·v in place (x1·v = (ξ·x12, x10, x11), so x0 + x1·v = (x0 + x1) - x1 + x1·v,
/// written c2, c1, c0 while x1 is still read); c1 = 2t goes back into r.y as `moves` says
/// ([`move_slots`]). 40 additions and subtractions and one move against 34 and two 6-slot
/// MCOPYs.
pub(crate) fn sqr_fp12_in_mul_fp6_regs(a: &mut Asm, k: &TowerConsts, moves: Moves, r: MulFp6Regs) {
    let (x0, x1) = (r.x, r.y); // f = r.xy()
    a.scoped(|a| {
        let t2 = Fp6(a.alloc(6));
        let u = Fp6(a.alloc(6));
        let xi_x12 = Fp2(a.alloc(2));
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // z = t = x0·x1
        add_fp6(a, t2, r.z, r.z); // 2t
        add_mul_by_v_fp6(a, u, r.z, r.z); // t + t·v
        mul_by_xi_fp2(a, xi_x12, x1.c(2)); // ξ·x12
        add_fp6(a, r.x, x0, x1); // r.x = s = x0 + x1
        for (i, x1v) in [(2, x1.c(1)), (1, x1.c(0)), (0, xi_x12)] {
            sub_fp2(a, r.y.c(i), r.x.c(i), x1.c(i)); // sᵢ - x1ᵢ = x0ᵢ
            add_fp2(a, r.y.c(i), r.y.c(i), x1v); // r.y = x0 + x1·v
        }
        a.call("mul_fp6", move |a| mul_fp6_inline(a, r.z, r.x, r.y)); // (x0+x1)(x0+x1·v)
        sub_fp6(a, r.x, r.z, u); // c0 = x0² + x1²·v
        move_slots(a, k, moves, r.y.0, t2.0, 6); // c1 = 2t
    });
}
