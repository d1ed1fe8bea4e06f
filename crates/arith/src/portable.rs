//! Portable implementations on `u128` arithmetic.

use crate::Limbs;

/// `(lo, carry)` of `a + b + carry`.
#[inline(always)]
pub(crate) fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `(lo, borrow)` of `a - b - borrow`; `borrow` is 0 or 1.
#[inline(always)]
pub(crate) fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, (t >> 127) as u64)
}

/// `(lo, hi)` of `a + b * c + carry` (never overflows 128 bits).
#[inline(always)]
pub(crate) fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `x - m` (wrapping) and whether it borrowed.
#[inline(always)]
fn sub_limbs(x: &Limbs, m: &Limbs) -> (Limbs, u64) {
    let mut out = [0u64; 6];
    let mut borrow = 0;
    for i in 0..6 {
        (out[i], borrow) = sbb(x[i], m[i], borrow);
    }
    (out, borrow)
}

/// Keeps `t - m` when the 385-bit value `top·2^384 + t` is `>= m`, else `t`.
#[inline(always)]
pub(crate) fn final_subtract(t: &Limbs, top: u64, m: &Limbs) -> Limbs {
    let (d, borrow) = sub_limbs(t, m);
    // t >= m  <=>  top is set, or the 384-bit subtraction did not borrow.
    if top != 0 || borrow == 0 {
        d
    } else {
        *t
    }
}

#[cfg_attr(not(feature = "variants"), allow(dead_code))] // used by `variants` only
pub fn addmod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let mut s = [0u64; 6];
    let mut carry = 0;
    for i in 0..6 {
        (s[i], carry) = adc(x[i], y[i], carry);
    }
    final_subtract(&s, carry, m)
}

#[cfg_attr(not(feature = "variants"), allow(dead_code))] // used by `variants` only
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (d, borrow) = sub_limbs(x, y);
    if borrow == 0 {
        return d;
    }
    let mut out = [0u64; 6];
    let mut carry = 0;
    for i in 0..6 {
        (out[i], carry) = adc(d[i], m[i], carry);
    }
    out
}

/// CIOS Montgomery multiplication (Koç–Acar–Kaliski 1996, "Coarsely Integrated Operand
/// Scanning"). It picks the same `u_i` as the spec's separated scanning, so the result is
/// identical for every input. With unreduced inputs the accumulator stays below 2^386 between
/// rounds, hence the two extra words `t[6]`, `t[7]`.
#[inline(always)]
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    let mut t = [0u64; 8];
    for &yi in y {
        // t += x * y[i]
        let mut c = 0;
        for j in 0..6 {
            (t[j], c) = mac(t[j], x[j], yi, c);
        }
        let (t6, c6) = adc(t[6], c, 0);
        t[6] = t6;
        t[7] = c6;
        // t = (t + u * m) / 2^64, with u chosen so that the low word vanishes
        let u = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], u, m[0], 0);
        for j in 1..6 {
            (t[j - 1], c) = mac(t[j], u, m[j], c);
        }
        let (t5, c5) = adc(t[6], c, 0);
        t[5] = t5;
        t[6] = t[7] + c5;
    }
    let lo: Limbs = [t[0], t[1], t[2], t[3], t[4], t[5]];
    final_subtract(&lo, t[6], m)
}

/// Variant for comparison: FIPS ("Finely Integrated Product Scanning", Koç–Acar–Kaliski 1996)
/// on `u128`, i.e. column by column with a three-word accumulator. It picks the same `u_i` as the
/// spec (column `k`'s low word before adding `u_k*m_0` is word `k` of the spec's `T`) and drops
/// each low word only after its carry has been propagated, so it is exact for any `inv`.
#[inline(always)]
#[cfg_attr(not(feature = "variants"), allow(dead_code))] // used by `variants` only
pub fn mulmodmont384_fips(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    // acc = (lo: u128, hi: u64); adding a 128-bit product never loses bits: a column has at
    // most 12 products plus the shifted-in carry, < 2^132.
    #[inline(always)]
    fn acc_add(lo: &mut u128, hi: &mut u64, a: u64, b: u64) {
        let p = (a as u128) * (b as u128);
        let (s, c) = lo.overflowing_add(p);
        *lo = s;
        *hi += c as u64;
    }
    let mut u = [0u64; 6];
    let mut out = [0u64; 6];
    let (mut lo, mut hi) = (0u128, 0u64);
    for k in 0..6 {
        for i in 0..k {
            acc_add(&mut lo, &mut hi, x[i], y[k - i]);
            acc_add(&mut lo, &mut hi, u[i], m[k - i]);
        }
        acc_add(&mut lo, &mut hi, x[k], y[0]);
        u[k] = (lo as u64).wrapping_mul(inv);
        acc_add(&mut lo, &mut hi, u[k], m[0]);
        lo = (lo >> 64) | ((hi as u128) << 64);
        hi = 0;
    }
    for k in 6..11 {
        for i in k - 5..6 {
            acc_add(&mut lo, &mut hi, x[i], y[k - i]);
            acc_add(&mut lo, &mut hi, u[i], m[k - i]);
        }
        out[k - 6] = lo as u64;
        lo = (lo >> 64) | ((hi as u128) << 64);
        hi = 0;
    }
    out[5] = lo as u64;
    final_subtract(&out, (lo >> 64) as u64, m)
}

/// Branchless variant of [`addmod384`] (mask select instead of `if`): same result.
#[inline(always)]
#[cfg_attr(not(feature = "variants"), allow(dead_code))] // used by `variants` only
pub fn addmod384_branchless(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let mut s = [0u64; 6];
    let mut carry = 0;
    for i in 0..6 {
        (s[i], carry) = adc(x[i], y[i], carry);
    }
    let (d, borrow) = sub_limbs(&s, m);
    // s < m  <=>  no carry out of the sum and the 384-bit subtraction borrowed.
    let keep_s = (borrow & !carry & 1).wrapping_neg();
    core::array::from_fn(|i| (s[i] & keep_s) | (d[i] & !keep_s))
}

/// Branchless variant of [`submod384`]: `x - y + (m & -borrow)`.
#[inline(always)]
pub fn submod384_branchless(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (d, borrow) = sub_limbs(x, y);
    let mask = borrow.wrapping_neg();
    let mut out = [0u64; 6];
    let mut carry = 0;
    for i in 0..6 {
        (out[i], carry) = adc(d[i], m[i] & mask, carry);
    }
    out
}
