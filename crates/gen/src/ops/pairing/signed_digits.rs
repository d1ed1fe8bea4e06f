//! Scalars in signed digits: width-w non-adjacent forms ([`window_naf_digits`]) and the loop
//! over a scalar's signed digits ([`for_signed_digits`]), shared by the Miller loop (over
//! `CurveParams::ate_loop_digits`) and the exponentiations by z.

use crate::ir::Asm;

/// The width-w non-adjacent form of n > 0 (w ≥ 2; w = 2: the non-adjacent form), most significant
/// digit first: odd digits |d| < 2^(w−1), each followed by at least w − 1 zeros (Solinas, "An
/// improved algorithm for arithmetic on a family of elliptic curves", CRYPTO 1997, §4).
pub(super) fn window_naf_digits(n: u64, w: u32) -> Vec<i8> {
    assert!(n > 0 && (2..=7).contains(&w), "n > 0, 2 ≤ w ≤ 7");
    let mut n = n as i128;
    let mut digits = Vec::new();
    while n != 0 {
        let mut d = 0;
        if n & 1 == 1 {
            d = n & ((1 << w) - 1);
            if d >= 1 << (w - 1) {
                d -= 1 << w;
            }
        }
        n = (n - d) / 2;
        digits.push(d as i8);
    }
    digits.reverse();
    digits
}

/// The width-w NAF of n > 0 whose exponentiation takes the fewest products: its non-zero
/// digits but the leading one, plus the table of odd powers up to the largest digit (one
/// squaring and a product per entry beyond x), the squaring counted as a product; the
/// narrowest of equals.
pub(super) fn cheapest_window_naf_digits(n: u64) -> Vec<i8> {
    let cost = |digits: &[i8]| {
        let top = digits.iter().map(|d| d.unsigned_abs() as usize).max().unwrap_or(1);
        let table = if top > 1 { (top - 1) / 2 + 1 } else { 0 };
        digits.iter().filter(|&&d| d != 0).count() - 1 + table
    };
    (2..=6).map(|w| window_naf_digits(n, w)).min_by_key(|d| cost(d)).expect("widths")
}

/// The binary digits of n > 0, most significant first (a leading 1).
pub(super) fn binary_digits(n: u64) -> Vec<i8> {
    core::iter::once(1).chain(crate::curves::bits_below_top(&[n]).into_iter().map(i8::from)).collect()
}

/// For each signed digit d of `digits`, most significant first: `always`, then `plus` where
/// d = 1 and `other(d)` where d is neither 0 nor 1 (−1, or a window digit ±3, ±5, …); the runs
/// of 0/1 digits as `for_bits` loops, each other digit ending its run as a 0 and followed by
/// `other(d)` (digits of 0 and 1 only: one `for_bits`).
pub(super) fn for_signed_digits(
    a: &mut Asm,
    digits: &[i8],
    always: impl FnOnce(&mut Asm) + Copy,
    plus: impl FnOnce(&mut Asm) + Copy,
    other: impl FnOnce(&mut Asm, i8) + Copy,
) {
    let mut rest = digits;
    while !rest.is_empty() {
        let run = rest.iter().position(|&d| d != 0 && d != 1).map_or(rest.len(), |i| i + 1);
        let bits: Vec<bool> = rest[..run].iter().map(|&d| d == 1).collect();
        a.for_bits(&bits, always, plus);
        let last = rest[run - 1];
        if last != 0 && last != 1 {
            other(a, last);
        }
        rest = &rest[run..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The non-adjacent form by its textbook recurrence (Reitwiesner): d = 2 − (n mod 4) for n odd.
    fn naf(n: u64) -> Vec<i8> {
        let mut n = n as u128;
        let mut digits = Vec::new();
        while n != 0 {
            let d: i8 = if n & 1 == 0 { 0 } else { 2 - (n & 3) as i8 };
            n = if d < 0 { n + 1 } else { n - d as u128 } / 2;
            digits.push(d);
        }
        digits.reverse();
        digits
    }

    /// Every width recomposes n with odd digits below 2^(w−1), w − 1 zeros after each non-zero
    /// one; w = 2 is the NAF. On BN254's and BLS12-381's |z| and on random n.
    #[test]
    fn window_naf_digits_recompose_n() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let ns = [4965661367192848881u64, 0xd201_0000_0001_0000, 1, 2, 3, 7, u64::MAX];
        for n in ns.into_iter().chain((0..200).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x | 1 << 63 >> (x % 8)
        })) {
            assert_eq!(window_naf_digits(n, 2), naf(n), "n = {n}");
            for w in 2..=7 {
                let d = window_naf_digits(n, w);
                assert_eq!(d.iter().fold(0i128, |acc, &d| 2 * acc + d as i128), n as i128, "n = {n}, w = {w}");
                assert!(
                    d.iter().all(|&d| d % 2 != 0 || d == 0)
                        && d.iter().all(|&d| (d.unsigned_abs() as u32) < 1 << (w - 1))
                );
                for (i, _) in d.iter().enumerate().filter(|(_, &v)| v != 0) {
                    assert!(d[i + 1..].iter().take(w as usize - 1).all(|&v| v == 0), "n = {n}, w = {w}");
                }
            }
        }
        // BN254's |z|: width 4, 14 non-zero digits (16 products with its table, against 23)
        let bn = cheapest_window_naf_digits(4965661367192848881);
        assert_eq!(bn, window_naf_digits(4965661367192848881, 4));
        assert_eq!(bn.iter().filter(|&&d| d != 0).count(), 14);
    }
}
