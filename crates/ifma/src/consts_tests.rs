//! Recomputes every constant of src/consts.rs from p (num-bigint), as tools/gen_consts.py does.
use crate::consts::*;
use num_bigint::BigUint;

fn p() -> BigUint {
    BigUint::parse_bytes(
        b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        16,
    )
    .unwrap()
}

fn limbs(x: &BigUint) -> [u64; 8] {
    let m = (BigUint::from(1u8) << 52) - 1u8;
    core::array::from_fn(|i| {
        let l = (x >> (52 * i)) & &m;
        l.to_u64_digits().first().copied().unwrap_or(0)
    })
}

fn r() -> BigUint {
    BigUint::from(1u8) << 416
}

fn mont(x: u64) -> [u64; 8] {
    limbs(&((BigUint::from(x) * r()) % p()))
}

/// (a0 + a1u)(b0 + b1u) mod p, u^2 = -1.
fn fp2_mul(a: &(BigUint, BigUint), b: &(BigUint, BigUint)) -> (BigUint, BigUint) {
    let p = p();
    let c0 = (&a.0 * &b.0 + &p * &p - (&a.1 * &b.1) % &p * 1u8) % &p;
    let c1 = (&a.0 * &b.1 + &a.1 * &b.0) % &p;
    (c0, c1)
}

#[test]
fn field_constants() {
    let p = p();
    assert_eq!(P, limbs(&p));
    assert_eq!(P2, limbs(&(&p * 2u8)));
    // N0·p ≡ -1 (mod 2^52)
    let two52 = BigUint::from(1u8) << 52;
    assert_eq!((BigUint::from(N0) * &p + 1u8) % &two52, BigUint::from(0u8));
    assert_eq!(RR, limbs(&((r() * r()) % &p)));
    assert_eq!(ONE, mont(1));
    assert_eq!(TWELVE, mont(12));
    assert_eq!(LIMBS * 52, 416);
    let mp2 = BigUint::from(1024u32) * &p * &p;
    let mask = (BigUint::from(1u8) << 52usize) - 1u8;
    let cols: [u64; 16] = core::array::from_fn(|i| {
        let c: BigUint = (&mp2 >> (52 * i)) & &mask;
        c.to_u64_digits().first().copied().unwrap_or(0)
    });
    assert_eq!(MP2, cols);
    let pm2 = &p - 2u8;
    let w = pm2.to_u64_digits();
    assert_eq!(&P_MINUS_2[..], &w[..]);
}

#[test]
fn frobenius_constants() {
    // FROB_W[k] = ξ^(k(p-1)/6), ξ = 1 + u.
    let p = p();
    for k in 0..6u32 {
        let e = (&p - 1u8) * k / 6u8;
        let mut acc = (BigUint::from(1u8), BigUint::from(0u8));
        let xi = (BigUint::from(1u8), BigUint::from(1u8));
        for i in (0..e.bits()).rev() {
            acc = fp2_mul(&acc, &acc);
            if e.bit(i) {
                acc = fp2_mul(&acc, &xi);
            }
        }
        let to_mont = |x: &BigUint| limbs(&((x * r()) % &p));
        assert_eq!(FROB_W[k as usize], [to_mont(&acc.0), to_mont(&acc.1)], "k = {k}");
    }
}

#[test]
fn z_is_the_bls_parameter() {
    // p = (z - 1)^2 (z^4 - z^2 + 1)/3 + z with z = -|z|.
    let z = BigUint::from(Z_ABS); // work with z = -|z|: (z-1)^2 = (|z|+1)^2, z^4 - z^2 + 1 as is
    let zp1 = &z + 1u8;
    let lhs = (&zp1 * &zp1) * (z.pow(4) - z.pow(2) + 1u8) / 3u8;
    assert_eq!(lhs - &z, p());
}

#[test]
fn z_bits() {
    // Z_ABS_BITS of pairing8 (private): |z| = 2^63 + 2^62 + 2^60 + 2^57 + 2^48 + 2^16.
    assert_eq!(Z_ABS, (1 << 63) + (1 << 62) + (1 << 60) + (1 << 57) + (1 << 48) + (1 << 16));
}
