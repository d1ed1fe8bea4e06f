//! Exponentiation by a fixed odd exponent: its left-to-right sliding-window chain, and the
//! subroutine that runs it.

use crate::ir::{Asm, Slot, Window};
use evm384_arith::Limbs;

/// Window width of the Fermat inversion: for p - 2 of BLS12-381 (381 bits, 229 ones) the
/// sliding-window chains cost (squarings + other products, table included; computed by
/// `sliding_window_chain`) w = 1 (binary): 380 + 228 = 608, w = 2: 380 + 144 = 524,
/// w = 3: 380 + 109 = 489, w = 4: 378 + 85 = 463, w = 5: 378 + 82 = 460, w = 6: 378 + 88 = 466.
/// w = 4: within 3 products of the best, with an 8-slot table, 7 precomputation products
/// (code size) and one byte per window (5-bit squaring count, 3-bit entry).
pub(crate) const INV_WINDOW: u32 = 4;

/// Left-to-right sliding-window chain of an odd exponent e (little-endian words), windows of
/// at most `w` bits ending in a one (Knuth, TAOCP vol. 2 §4.6.3; Handbook of Applied
/// Cryptography, Alg. 14.85): e = d₀·2^(s₁+…+sₙ) + Σᵢ dᵢ·2^(sᵢ₊₁+…+sₙ), dᵢ odd < 2^w.
/// Returns the first window's entry (d₀ = 2·entry + 1) and the remaining windows, each
/// (squarings sᵢ = zeros skipped + window length, entry (dᵢ - 1)/2).
pub(crate) fn sliding_window_chain(e: &[u64], w: u32) -> (u32, Vec<Window>) {
    let bits: Vec<bool> =
        (0..64 * e.len()).rev().map(|i| (e[i / 64] >> (i % 64)) & 1 == 1).skip_while(|b| !b).collect();
    assert!(bits.last() == Some(&true), "sliding_window_chain: the exponent must be odd");
    let (mut first, mut windows) = (None, Vec::new());
    let (mut i, mut zeros) = (0, 0);
    while i < bits.len() {
        if !bits[i] {
            zeros += 1; // a squaring with no multiplication
            i += 1;
            continue;
        }
        let mut j = (i + w as usize).min(bits.len());
        while !bits[j - 1] {
            j -= 1; // the window ends in a one: odd digit
        }
        let d = bits[i..j].iter().fold(0u32, |v, &b| 2 * v + b as u32);
        match first {
            None => first = Some((d - 1) / 2),
            Some(_) => windows.push(Window { sqr: zeros + (j - i) as u32, entry: (d - 1) / 2 }),
        }
        zeros = 0;
        i = j;
    }
    (first.expect("non-zero exponent"), windows)
}

/// `r` ← x^e for an odd exponent e, as the subroutine `name` (one per field and exponent): the
/// left-to-right sliding-window chain of [`sliding_window_chain`] (windows of [`INV_WINDOW`]
/// bits) over the table of odd powers x, x³, …, x^(2^w − 1). Values are `n` slots each, squared
/// and multiplied by `sqr(a, out, x)` and `mul(a, out, x, y)` (Fp, or Fp2 through
/// `curve::pow_f`).
pub(crate) fn pow_sliding(
    a: &mut Asm,
    name: &'static str,
    (x, r, n): (Slot, Slot, u32),
    e: Limbs,
    sqr: fn(&mut Asm, Slot, Slot),
    mul: fn(&mut Asm, Slot, Slot, Slot),
) {
    a.call(name, move |a| {
        a.scoped(|a| {
            let (first, windows) = sliding_window_chain(&e, INV_WINDOW);
            let m = 1 << (INV_WINDOW - 1);
            let t = a.alloc(m * n);
            let x2 = a.alloc(n);
            let tmp = a.alloc(n);
            a.copy(t, x, n); // t₀ = x
            sqr(a, x2, x); // x²
            for i in 1..m {
                mul(a, t + i * n, t + (i - 1) * n, x2); // tᵢ = x^(2i+1)
            }
            a.copy(r, t + first * n, n); // r = x^d₀
            a.for_windows(&windows, (t, n, tmp), |a| sqr(a, r, r), |a| mul(a, r, r, tmp));
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain recomposes e: d₀, then e ← e·2^sᵢ + dᵢ per window.
    #[test]
    fn sliding_window_chain_recomposes_p_minus_2() {
        let mut e = crate::curves::bls12_381().p;
        e[0] -= 2;
        for w in 1..=6 {
            let (first, windows) = sliding_window_chain(&e, w);
            let mut v = num_bigint::BigUint::from(2 * first + 1);
            for win in &windows {
                assert!(win.entry < 1 << (w - 1));
                v = (v << win.sqr) + (2 * win.entry + 1);
            }
            let want = e.iter().rev().fold(num_bigint::BigUint::from(0u8), |acc, &l| (acc << 64) + l);
            assert_eq!(v, want, "w = {w}");
        }
        // the numbers quoted at `INV_WINDOW` (w = 4): 377 + 1 (x²) squarings, 78 windows + 7
        // table products
        let (_, windows) = sliding_window_chain(&e, INV_WINDOW);
        assert_eq!(windows.iter().map(|w| w.sqr).sum::<u32>(), 377);
        assert_eq!(windows.len(), 78);
    }
}
