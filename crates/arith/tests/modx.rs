//! EVMMAX field-context arithmetic (`evm384_arith::modx`) against a big-integer model, for
//! every width from 1 to 12 words: odd moduli (Montgomery form, R = 2^(64·limbs)) and powers
//! of two, through STOREX's conversion, ADDMODX / SUBMODX / MULMODX and LOADX's conversion.

use evm384_arith::modx::{Limbs768, ModX, MAX_LIMBS};
use num_bigint::BigUint;
use proptest::prelude::*;

fn big(x: &Limbs768) -> BigUint {
    BigUint::from_slice(&x.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
}

fn words(b: &BigUint) -> Limbs768 {
    let d = b.to_u64_digits();
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

/// A modulus of exactly `bits` bits: odd, or 2^(bits − 1).
fn modulus(seed: Limbs768, bits: u32, odd: bool) -> BigUint {
    if !odd {
        return BigUint::from(1u8) << (bits - 1);
    }
    let mut m = big(&seed) % (BigUint::from(1u8) << bits);
    m |= BigUint::from(1u8) << (bits - 1);
    m |= BigUint::from(1u8);
    m.max(BigUint::from(3u8))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_width_matches_the_model(
        limbs in 1usize..=MAX_LIMBS,
        top in 0u32..64,
        odd in any::<bool>(),
        seed in any::<[u64; 12]>(),
        a in any::<[u64; 12]>(),
        b in any::<[u64; 12]>(),
    ) {
        // A modulus whose padded size is exactly `limbs` words.
        let bits = (64 * (limbs as u32 - 1) + 1 + top).max(2);
        let bits = if odd { bits } else { bits.max(3) };
        let m = modulus(seed, bits, odd);
        let ctx = ModX::new(words(&m)).unwrap();
        let (a, b) = (big(&a) % &m, big(&b) % &m);
        let r = BigUint::from(1u8) << (64 * ctx.limbs());
        let (ia, ib) = (ctx.to_internal(&words(&a)).unwrap(), ctx.to_internal(&words(&b)).unwrap());
        // Through the internal form: canonical results.
        prop_assert_eq!(big(&ctx.to_canonical(&ctx.mul(&ia, &ib))), (&a * &b) % &m);
        prop_assert_eq!(big(&ctx.to_canonical(&ctx.add(&ia, &ib))), (&a + &b) % &m);
        prop_assert_eq!(big(&ctx.to_canonical(&ctx.sub(&ia, &ib))), (&a + &m - &b) % &m);
        if odd {
            // The internal form itself: x·R mod m, and the raw product x·y·R⁻¹ mod m.
            prop_assert_eq!(big(&ia), (&a * &r) % &m);
            let r_inv = r.modinv(&m).unwrap();
            prop_assert_eq!(big(&ctx.mul(&words(&a), &words(&b))), (&a * &b * &r_inv) % &m);
        } else {
            prop_assert_eq!(big(&ia), a.clone());
        }
        // A value at or above m is refused.
        prop_assert!(ctx.to_internal(&words(&m)).is_none());
        let above = &m + &a;
        if above.bits() <= 64 * MAX_LIMBS as u64 {
            prop_assert!(ctx.to_internal(&words(&above)).is_none());
        }
    }
}

/// Edge moduli: the smallest (3, 4), the largest (2^768 − 1, 2^767), one word exactly full
/// (2^64 − 1), six words full (2^384 − 1: the 6-word fixed-width add/sub with a carry out of
/// 384 bits), and BLS12-381's p (the 6-word assembly path).
#[test]
fn edge_moduli() {
    let p = BigUint::parse_bytes(
        b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        16,
    )
    .unwrap();
    let one = BigUint::from(1u8);
    for m in [
        BigUint::from(3u8),
        BigUint::from(4u8),
        (&one << 768) - 1u8,
        &one << 767,
        (&one << 64) - 1u8,
        (&one << 384) - 1u8,
        p,
    ] {
        let ctx = ModX::new(words(&m)).unwrap();
        for (a, b) in [(0u8, 0u8), (1, 2), (2, 2)] {
            let (a, b) = (BigUint::from(a) % &m, BigUint::from(b) % &m);
            let mx = &m - 1u8;
            for (x, y) in [(&a, &b), (&mx, &mx), (&mx, &a)] {
                let (ix, iy) = (ctx.to_internal(&words(x)).unwrap(), ctx.to_internal(&words(y)).unwrap());
                assert_eq!(big(&ctx.to_canonical(&ctx.mul(&ix, &iy))), (x * y) % &m, "m = {m:x}");
                assert_eq!(big(&ctx.to_canonical(&ctx.add(&ix, &iy))), (x + y) % &m, "m = {m:x}");
                assert_eq!(big(&ctx.to_canonical(&ctx.sub(&ix, &iy))), (x + &m - y) % &m, "m = {m:x}");
            }
        }
    }
}
