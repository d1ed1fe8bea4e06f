//! The optimal ate multi-Miller loop (Vercauteren, "Optimal pairings", eprint 2008/096) over
//! the signed digits of its scalar, its doubling and addition steps with their lines in
//! homogeneous projective coordinates (Costello, Lange, Naehrig, eprint 2009/615; Aranha et al.,
//! eprint 2010/354), every pair's line multiplied into one accumulator.

use crate::algebra::curve::{line_add_projective, line_dbl_projective};
use crate::algebra::tower::*;
use crate::ir::Asm;

use super::ctx::{Ctx, Work};
use super::fp12::{call_mul_by_line, call_mul_fp12, call_sqr_fp12, call_sqr_fp12_in_mul_fp6_regs};
use super::signed_digits::for_signed_digits;

/// Pair records the loop keeps out of memory where the back-end can (`Node::CachePairs`).
const CACHED_PAIRS: u32 = 2;

pub(super) fn call_line_dbl(a: &mut Asm, c: Ctx) {
    let w = c.w;
    a.call("line_dbl", move |a| line_dbl_projective(a, c.line, c.b3_twist, w.t(), w.px3(), w.py()));
}

pub(super) fn call_line_add(a: &mut Asm, c: Ctx) {
    let w = c.w;
    a.call("line_add", move |a| line_add_projective(a, c.line, w.t(), (w.qx(), w.qy()), w.px3(), w.py()));
}

/// A ← ∏ᵢ fᵢ(Pᵢ), the optimal ate Miller loop (Vercauteren, eprint 2008/096) over the signed
/// digits of its scalar (`CurveParams::ate_loop_digits`: |z| for BLS12, |6z + 2| for BN), most
/// significant first; one accumulator for all pairs, squared once per digit; each pair's T lives
/// in its record and is updated through the work record. A digit 1 adds Q (T ← T + Q), a digit
/// −1 subtracts it (T ← T − Q: the same addition step with yQ negated in the work record, which
/// the pair loop does not write back, `Work::T_PART`). Digits 0 and 1 only (BLS12): the runs
/// are `for_bits` loops, a doubling pass over the pairs then an addition pass. Signed digits
/// (BN's 6z + 2: 22 non-zero digits): each digit is one call (the calls chained) to its step,
/// whose one pass over the pairs doubles and, for a non-zero digit, adds. The first
/// `CACHED_PAIRS` records stay out of memory where the back-end can (`Node::CachePairs`: EVMMAX
/// registers); a build profiled on two pairs gains most from two. The family ends the loop (`FamilyPairing::end_miller_loop`): BLS12's f_{|z|} conjugated for
/// z < 0; BN's f_{|6z+2|} with its two closing lines and, with `test_g2`, the G2 test of every
/// record on the final T.
///
/// With `folded` (the hinted check's e = u^σ of its unitary witness u, and e⁻¹ = ū^σ where the
/// digits have a −1): A starts at e and is multiplied by e after every addition and by e⁻¹
/// after every subtraction, so that the loop yields F·e^s for s = |the loop's scalar| (the exponent of e follows the
/// square-and-multiply pattern of the digits), F unconjugated (F^h = 1 iff the pairing product
/// is 1, h = (p¹²−1)/r) but closed by the family (`FamilyPairing::end_folded_miller_loop`).
///
/// Without `folded` the accumulator f lives in the `mul_fp6` registers (`MulFp6Regs::xy`), so
/// its squarings copy nothing in (`sqr_fp12_in_mul_fp6_regs`); A gets f at the end. With
/// `folded` it is A itself (the loop's `mul_fp12` uses those registers).
pub(super) fn miller_loop(a: &mut Asm, c: Ctx, digits: &[i8], folded: Option<Folded>, test_g2: bool) {
    assert_eq!(digits.first(), Some(&1), "the loop's scalar has a leading digit 1");
    assert!(digits.len() >= 2, "a loop scalar of at least two digits");
    if let Some(fold) = folded {
        assert_eq!(fold.e_inverse.is_some(), digits.contains(&-1), "e⁻¹ folded exactly where a digit is −1");
    }
    a.cache_pairs(CACHED_PAIRS);
    let f = if folded.is_none() { c.m6.xy() } else { c.fa };
    let sqr = move |a: &mut Asm| match folded {
        None => call_sqr_fp12_in_mul_fp6_regs(a, c),
        Some(_) => call_sqr_fp12(a, c),
    };
    // f = f·e^d for the witness e folded in (e⁻¹ for d = −1)
    let fold = move |a: &mut Asm, d: i8| {
        let by = match (folded, d) {
            (Some(fold), 1) => fold.e,
            (Some(fold), -1) => fold.e_inverse.expect("e⁻¹ where a digit is −1"),
            _ => return,
        };
        a.copy(c.fb.0, by.0, 12);
        call_mul_fp12(a, c);
    };
    // one pair's lines: the tangent (T = 2T) or the chord (T = T ± Q), multiplied into f
    let tangent = move |a: &mut Asm| {
        call_line_dbl(a, c);
        call_mul_by_line(a, c, f);
    };
    let chord = move |a: &mut Asm| {
        call_line_add(a, c);
        call_mul_by_line(a, c, f);
    };
    let dbl_step = move |a: &mut Asm| a.for_each_pair_reading(Work::P_AND_T, tangent);
    let add_step = move |a: &mut Asm, d: i8| {
        if d == 1 {
            a.for_each_pair(chord);
            fold(a, 1);
        }
    };
    match folded {
        None => {
            a.copy(f.0, c.k.one_fp12, 12); // f = 1
                                           // first bit peeled: f² = 1 needs no squaring
        }
        Some(fold) => {
            a.copy(f.0, fold.e.0, 12); // f = e (the leading digit)
            sqr(a);
        }
    }
    if digits.contains(&-1) {
        // A signed scalar (BN's 6z + 2: 22 non-zero digits against BLS12-381's 5): each digit's
        // steps share one pass over the pairs (the tangent's line, then the chord's), and
        // every digit after the first is a call to its step, the calls chained.
        let pair_pass = move |a: &mut Asm, d: i8| {
            let read = if d == 0 { Work::P_AND_T } else { Work::SLOTS };
            a.for_each_pair_reading(read, |a| {
                a.call("pair_dbl", tangent);
                if d == -1 {
                    neg_fp2(a, &c.k, c.w.qy(), c.w.qy()); // −Q in the work record (not written back)
                }
                if d != 0 {
                    a.call("pair_add", chord);
                }
            });
            fold(a, d);
        };
        pair_pass(a, digits[1]);
        for &d in &digits[2..] {
            let name = match d {
                0 => "miller_loop_dbl_step",
                1 => "miller_loop_dbl_add_step",
                _ => "miller_loop_dbl_sub_step",
            };
            a.call(name, move |a| {
                sqr(a); // f = f²
                pair_pass(a, d);
            });
        }
    } else {
        dbl_step(a);
        add_step(a, digits[1]);
        for_signed_digits(
            a,
            &digits[2..],
            move |a| {
                sqr(a); // f = f²
                dbl_step(a);
            },
            move |a| add_step(a, 1),
            |_, _| unreachable!("digits 0 and 1"),
        );
    }
    match folded {
        None => c.family.end_miller_loop(a, c, f, test_g2),
        Some(_) => c.family.end_folded_miller_loop(a, c, test_g2),
    }
}

/// What the hinted check folds into the Miller loop: e = u^σ, and e⁻¹ = ū^σ for a scalar with
/// digits −1.
#[derive(Clone, Copy, Debug)]
pub(super) struct Folded {
    pub(super) e: Fp12,
    pub(super) e_inverse: Option<Fp12>,
}
