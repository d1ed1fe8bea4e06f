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
/// the pair loop does not write back, `Work::T_PART`). The runs of 0/1 digits are `for_bits`
/// loops; a −1 ends its run as a 0 (its squaring and doubling), then the subtraction follows.
/// The family ends the loop (`FamilyPairing::end_miller_loop`): BLS12's f_{|z|} conjugated for
/// z < 0; BN's f_{|6z+2|} with its two closing lines and, with `test_g2`, the G2 test of every
/// record on the final T.
///
/// With `folded` (the hinted check's witness e, and e⁻¹ where the digits have a −1): A starts
/// at e and is multiplied by e after every addition step and by e⁻¹ after every subtraction,
/// so that the loop yields F·e^s for s = |the loop's scalar| (the exponent of e follows the
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
    let f = if folded.is_none() { c.m6.xy() } else { c.fa };
    let sqr = move |a: &mut Asm| match folded {
        None => call_sqr_fp12_in_mul_fp6_regs(a, c),
        Some(_) => call_sqr_fp12(a, c),
    };
    let dbl_step = move |a: &mut Asm| {
        a.for_each_pair_reading(Work::P_AND_T, |a| {
            call_line_dbl(a, c); // T = 2T, ℓ = tangent at T
            call_mul_by_line(a, c, f); // f = f·ℓ(P)
        })
    };
    let add_step = move |a: &mut Asm| {
        a.for_each_pair(|a| {
            call_line_add(a, c); // T = T + Q, ℓ = chord
            call_mul_by_line(a, c, f);
        });
        if let Some(fold) = folded {
            a.copy(c.fb.0, fold.e.0, 12);
            call_mul_fp12(a, c); // f = f·e
        }
    };
    let sub_step = move |a: &mut Asm| {
        let w = c.w;
        a.for_each_pair(|a| {
            neg_fp2(a, &c.k, w.qy(), w.qy()); // −Q in the work record (not written back)
            call_line_add(a, c); // T = T − Q, ℓ = chord
            call_mul_by_line(a, c, f);
        });
        if let Some(e_inverse) = folded.and_then(|fold| fold.e_inverse) {
            a.copy(c.fb.0, e_inverse.0, 12);
            call_mul_fp12(a, c); // f = f·e⁻¹
        }
    };
    let signed_step = |a: &mut Asm, d: i8| match d {
        1 => add_step(a),
        -1 => sub_step(a),
        _ => {}
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
    dbl_step(a);
    signed_step(a, digits[1]);
    // A signed scalar (BN's 6z + 2: 22 non-zero digits against BLS12-381's 5) splits the loop
    // into many runs, each with its steps written out: there the steps are subroutines, a call
    // at each place (the build's inliner may write them out again where the code has room).
    let steps_as_subroutines = digits.contains(&-1);
    let sqr_dbl_step = move |a: &mut Asm| {
        let body = move |a: &mut Asm| {
            sqr(a); // f = f²
            dbl_step(a);
        };
        if steps_as_subroutines {
            a.call("miller_loop_dbl_step", body);
        } else {
            body(a);
        }
    };
    let add_step = move |a: &mut Asm| match steps_as_subroutines {
        true => a.call("miller_loop_add_step", add_step),
        false => add_step(a),
    };
    let sub_step = move |a: &mut Asm| match steps_as_subroutines {
        true => a.call("miller_loop_sub_step", sub_step),
        false => sub_step(a),
    };
    assert!(digits.iter().all(|d| d.abs() <= 1), "the loop's digits are 0 and ±1");
    for_signed_digits(a, &digits[2..], sqr_dbl_step, add_step, move |a, _| sub_step(a));
    match folded {
        None => c.family.end_miller_loop(a, c, f, test_g2),
        Some(_) => c.family.end_folded_miller_loop(a, c, test_g2),
    }
}

/// The hinted check's witness folded into the Miller loop: e, and e⁻¹ for a scalar with
/// digits −1.
#[derive(Clone, Copy, Debug)]
pub(super) struct Folded {
    pub(super) e: Fp12,
    pub(super) e_inverse: Option<Fp12>,
}
