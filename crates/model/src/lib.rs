//! The big-integer model of the three opcodes (`docs/evm384-semantics.md`), written with
//! `num-bigint` and nothing of `evm384-arith`: the independent side of every differential test
//! (`evm384-arith`'s tests) and fuzzer (`evm384 fuzz ops`).

use num_bigint::BigUint;

/// A 384-bit value, least-significant limb first (`evm384_arith::Limbs`).
pub type Limbs = [u64; 6];

/// A 384-bit value as a big integer.
pub fn big(x: &Limbs) -> BigUint {
    BigUint::from_slice(&x.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
}

/// A big integer below 2^384 as limbs (higher bits are dropped).
pub fn limbs(b: &BigUint) -> Limbs {
    let d = b.to_u64_digits();
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
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

/// ADDMOD384: x + y (385 bits), minus m once if the sum is ≥ m, mod 2^384.
pub fn addmod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    limbs(&reduce_once(big(x) + big(y), &big(m)))
}

/// SUBMOD384: x − y, plus m (mod 2^384) if it borrowed.
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    let (x, y, m) = (big(x), big(y), big(m));
    limbs(&if x >= y { x - y } else { (x + m + two_384() - y) % two_384() })
}

/// MULMODMONT384: x·y, six word-by-word reductions by `inv` (u = t_i·inv mod 2^64,
/// t += u·m·2^(64i)), the top 384 bits, minus m once if ≥ m, mod 2^384.
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    let bm = big(m);
    let mut t = big(x) * big(y);
    let word = BigUint::from(u64::MAX) + 1u8;
    for i in 0..6 {
        let ti = (&t >> (64 * i)) % &word;
        let u = (ti * inv) % &word;
        t += (u * &bm) << (64 * i);
    }
    limbs(&reduce_once(t >> 384, &bm))
}
