//! Randomised differential tests of the fast path (and the reference path) against a
//! big-integer model of SPEC-EVM384.md, including non-canonical inputs, random odd moduli of
//! 64..384 bits, even and zero moduli, and garbage `inv`.

use evm384_arith::{
    addmod384, mulmodmont384, mulmodmont384_portable, neg_inverse_mod_2_64, reference, submod384,
    Limbs,
};
use num_bigint::BigUint;
use proptest::prelude::*;

fn big(x: &Limbs) -> BigUint {
    BigUint::from_slice(&x.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
}

fn two_384() -> BigUint {
    BigUint::from(1u8) << 384
}

/// The spec's single conditional subtraction, mod 2^384.
fn reduce_once(s: BigUint, m: &BigUint) -> BigUint {
    if &s >= m {
        (s + two_384() - m) % two_384()
    } else {
        s
    }
}

fn model_add(x: &Limbs, y: &Limbs, m: &Limbs) -> BigUint {
    reduce_once(big(x) + big(y), &big(m))
}

fn model_sub(x: &Limbs, y: &Limbs, m: &Limbs) -> BigUint {
    let (x, y, m) = (big(x), big(y), big(m));
    if x >= y {
        x - y
    } else {
        (x + m + two_384() - y) % two_384()
    }
}

fn model_mulmont(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> BigUint {
    let bm = big(m);
    let mut t = big(x) * big(y);
    let word = BigUint::from(u64::MAX) + 1u8;
    for i in 0..6 {
        let ti = (&t >> (64 * i)) % &word;
        let u = (ti * inv) % &word;
        t += (u * &bm) << (64 * i);
    }
    reduce_once(t >> 384, &bm)
}

/// A 384-bit value of any shape: uniform, sparse, or all-ones words.
fn value() -> impl Strategy<Value = Limbs> {
    prop_oneof![
        any::<[u64; 6]>(),
        prop::array::uniform6(prop_oneof![Just(0u64), Just(u64::MAX), Just(1u64), any::<u64>()]),
    ]
}

/// An odd modulus of 64..=384 bits with its correct `inv`.
fn odd_modulus() -> impl Strategy<Value = (Limbs, u64)> {
    (any::<[u64; 6]>(), 64u32..=384).prop_map(|(mut m, bits)| {
        for (i, w) in m.iter_mut().enumerate() {
            let lo = 64 * i as u32;
            if bits <= lo {
                *w = 0;
            } else if bits - lo < 64 {
                *w &= (1u64 << (bits - lo)) - 1;
            }
        }
        let top = (bits - 1) as usize;
        m[top / 64] |= 1 << (top % 64);
        m[0] |= 1;
        (m, neg_inverse_mod_2_64(m[0]))
    })
}

fn limbs_of(b: &BigUint) -> Limbs {
    let d = b.to_u64_digits();
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn matches_model_with_odd_moduli((m, inv) in odd_modulus(), x in value(), y in value()) {
        prop_assert_eq!(big(&addmod384(&x, &y, &m)), model_add(&x, &y, &m));
        prop_assert_eq!(big(&submod384(&x, &y, &m)), model_sub(&x, &y, &m));
        let want = limbs_of(&model_mulmont(&x, &y, &m, inv));
        prop_assert_eq!(mulmodmont384(&x, &y, &m, inv), want);
        prop_assert_eq!(mulmodmont384_portable(&x, &y, &m, inv), want);
        prop_assert_eq!(reference::mulmodmont384(&x, &y, &m, inv), want);
    }

    #[test]
    fn matches_model_with_garbage_modulus_and_inv(m in value(), inv in any::<u64>(), x in value(), y in value()) {
        prop_assert_eq!(big(&addmod384(&x, &y, &m)), model_add(&x, &y, &m));
        prop_assert_eq!(big(&submod384(&x, &y, &m)), model_sub(&x, &y, &m));
        prop_assert_eq!(big(&reference::addmod384(&x, &y, &m)), model_add(&x, &y, &m));
        prop_assert_eq!(big(&reference::submod384(&x, &y, &m)), model_sub(&x, &y, &m));
        let want = limbs_of(&model_mulmont(&x, &y, &m, inv));
        prop_assert_eq!(mulmodmont384(&x, &y, &m, inv), want);
        prop_assert_eq!(mulmodmont384_portable(&x, &y, &m, inv), want);
    }

    #[test]
    fn zero_modulus_is_deterministic(x in value(), y in value(), inv in any::<u64>()) {
        let m = [0u64; 6];
        prop_assert_eq!(big(&addmod384(&x, &y, &m)), model_add(&x, &y, &m));
        prop_assert_eq!(limbs_of(&model_mulmont(&x, &y, &m, inv)), mulmodmont384(&x, &y, &m, inv));
    }
}
