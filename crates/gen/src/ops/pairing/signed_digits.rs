//! Scalars in signed digits: the non-adjacent form ([`naf_digits`]) and the loop over a
//! scalar's signed digits ([`for_signed_digits`]), shared by the Miller loop (over
//! `CurveParams::ate_loop_digits`) and the exponentiations by z.

use crate::ir::Asm;

/// The non-adjacent form of n > 0, most significant digit first (a leading 1).
pub(super) fn naf_digits(mut n: u64) -> Vec<i8> {
    assert!(n > 0 && n < 1 << 63, "0 < n < 2^63");
    let mut digits = Vec::new();
    while n != 0 {
        let d: i8 = if n & 1 == 0 { 0 } else { 2 - (n & 3) as i8 };
        n = if d < 0 { n + 1 } else { n - d as u64 } / 2;
        digits.push(d);
    }
    digits.reverse();
    digits
}

/// The binary digits of n > 0, most significant first (a leading 1).
pub(super) fn binary_digits(n: u64) -> Vec<i8> {
    core::iter::once(1).chain(crate::curves::bits_below_top(&[n]).into_iter().map(i8::from)).collect()
}

/// For each signed digit d of `digits`, most significant first: `always`, then `plus` where
/// d = 1 and `minus` where d = −1; the runs of 0/1 digits as `for_bits` loops, each −1 ending
/// its run as a 0 and followed by `minus` (digits without −1: one `for_bits`).
pub(super) fn for_signed_digits(
    a: &mut Asm,
    digits: &[i8],
    always: impl FnOnce(&mut Asm) + Copy,
    plus: impl FnOnce(&mut Asm) + Copy,
    minus: impl FnOnce(&mut Asm) + Copy,
) {
    let mut rest = digits;
    while !rest.is_empty() {
        let run = rest.iter().position(|&d| d == -1).map_or(rest.len(), |i| i + 1);
        let bits: Vec<bool> = rest[..run].iter().map(|&d| d == 1).collect();
        a.for_bits(&bits, always, plus);
        if rest[run - 1] == -1 {
            minus(a);
        }
        rest = &rest[run..];
    }
}
