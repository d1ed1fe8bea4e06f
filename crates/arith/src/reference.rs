//! The spec's formulas transcribed literally (`docs/evm384-semantics.md`, "The arithmetic"): slow, simple, and
//! the yardstick the fast path is tested against.

use crate::Limbs;

/// A little-endian big integer with a fixed number of 64-bit words.
type Wide = [u64; 14];

fn widen(x: &Limbs) -> Wide {
    let mut w = [0u64; 14];
    w[..6].copy_from_slice(x);
    w
}

fn add(a: &Wide, b: &Wide) -> Wide {
    let mut out = [0u64; 14];
    let mut carry = 0u128;
    for i in 0..14 {
        let s = a[i] as u128 + b[i] as u128 + carry;
        out[i] = s as u64;
        carry = s >> 64;
    }
    out
}

fn mul(a: &Wide, b: &Wide) -> Wide {
    let mut out = [0u64; 14];
    for i in 0..14 {
        let mut carry = 0u128;
        for j in 0..14 - i {
            let s = out[i + j] as u128 + (a[i] as u128) * (b[j] as u128) + carry;
            out[i + j] = s as u64;
            carry = s >> 64;
        }
    }
    out
}

fn ge(a: &Wide, b: &Wide) -> bool {
    for i in (0..14).rev() {
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

/// `(a - b) mod 2^384`.
fn sub_mod_2_384(a: &Wide, b: &Wide) -> Limbs {
    let mut out = [0u64; 6];
    let mut borrow = 0i128;
    for i in 0..6 {
        let d = a[i] as i128 - b[i] as i128 - borrow;
        out[i] = d as u64;
        borrow = (d < 0) as i128;
    }
    out
}

fn low384(a: &Wide) -> Limbs {
    a[..6].try_into().unwrap()
}

/// `out = (s - m) mod 2^384 if s >= m, else s`: the single conditional subtraction.
fn reduce_once(s: &Wide, m: &Limbs) -> Limbs {
    let m = widen(m);
    if ge(s, &m) {
        sub_mod_2_384(s, &m)
    } else {
        low384(s)
    }
}

/// ADDMOD384: `s = x + y; out = (s - m) mod 2^384 if s >= m, else s`.
pub fn addmod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    reduce_once(&add(&widen(x), &widen(y)), m)
}

/// SUBMOD384: `out = x - y if x >= y, else (x - y + m) mod 2^384`.
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (x, y) = (widen(x), widen(y));
    if ge(&x, &y) {
        sub_mod_2_384(&x, &y)
    } else {
        // x - y + m = (x + m) - y, computed mod 2^384
        sub_mod_2_384(&add(&x, &widen(m)), &y)
    }
}

/// MULMODMONT384: `T = x*y; for i in 0..6 { u = T_i * inv mod 2^64; T += u*m << 64i };
/// t = T >> 384; out = (t - m) mod 2^384 if t >= m, else t`.
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    let mut t = mul(&widen(x), &widen(y));
    let wm = widen(m);
    for i in 0..6 {
        let u = t[i].wrapping_mul(inv);
        let mut shifted = [0u64; 14];
        shifted[i] = u;
        t = add(&t, &mul(&shifted, &wm));
    }
    let mut high = [0u64; 14];
    high[..8].copy_from_slice(&t[6..]);
    reduce_once(&high, m)
}
