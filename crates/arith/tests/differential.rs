//! Randomised differential tests of the fast path (and the reference path) against a
//! big-integer model of docs/evm384-semantics.md, including non-canonical inputs, random odd moduli of
//! 64..384 bits, even and zero moduli, and garbage `inv`.

use evm384_arith::{
    addmod384, mulmodmont384, mulmodmont384_portable, neg_inverse_mod_2_64, reference, submod384, variants, Limbs,
};
use proptest::prelude::*;

// The independent side: `evm384-model`, the big-integer model (one model for the workspace).
use evm384_model::{addmod384 as model_add, mulmodmont384 as model_mulmont, submod384 as model_sub};

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn matches_model_with_odd_moduli((m, inv) in odd_modulus(), x in value(), y in value()) {
        prop_assert_eq!(addmod384(&x, &y, &m), model_add(&x, &y, &m));
        prop_assert_eq!(submod384(&x, &y, &m), model_sub(&x, &y, &m));
        let want = model_mulmont(&x, &y, &m, inv);
        prop_assert_eq!(mulmodmont384(&x, &y, &m, inv), want);
        prop_assert_eq!(mulmodmont384_portable(&x, &y, &m, inv), want);
        prop_assert_eq!(reference::mulmodmont384(&x, &y, &m, inv), want);
    }

    #[test]
    fn matches_model_with_garbage_modulus_and_inv(m in value(), inv in any::<u64>(), x in value(), y in value()) {
        prop_assert_eq!(addmod384(&x, &y, &m), model_add(&x, &y, &m));
        prop_assert_eq!(submod384(&x, &y, &m), model_sub(&x, &y, &m));
        prop_assert_eq!(reference::addmod384(&x, &y, &m), model_add(&x, &y, &m));
        prop_assert_eq!(reference::submod384(&x, &y, &m), model_sub(&x, &y, &m));
        let want = model_mulmont(&x, &y, &m, inv);
        prop_assert_eq!(mulmodmont384(&x, &y, &m, inv), want);
        prop_assert_eq!(mulmodmont384_portable(&x, &y, &m, inv), want);
    }

    #[test]
    fn zero_modulus_is_deterministic(x in value(), y in value(), inv in any::<u64>()) {
        let m = [0u64; 6];
        prop_assert_eq!(addmod384(&x, &y, &m), model_add(&x, &y, &m));
        prop_assert_eq!(model_mulmont(&x, &y, &m, inv), mulmodmont384(&x, &y, &m, inv));
    }
}

/// Every Montgomery-product implementation (the dispatched one, the portable fallback, the asm
/// and the `u128` variants) must agree with `want`.
fn check_all_mul(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64, want: &Limbs) -> Result<(), TestCaseError> {
    prop_assert_eq!(&mulmodmont384(x, y, m, inv), want, "dispatched");
    prop_assert_eq!(&mulmodmont384_portable(x, y, m, inv), want, "portable");
    prop_assert_eq!(&variants::mulmodmont384_cios(x, y, m, inv), want, "cios");
    prop_assert_eq!(&variants::mulmodmont384_fips(x, y, m, inv), want, "fips");
    if let Some(got) = variants::mulmodmont384_asm(x, y, m, inv) {
        prop_assert_eq!(&got, want, "asm");
    }
    if let Some(got) = variants::mulmodmont384_cios_mulx(x, y, m, inv) {
        prop_assert_eq!(&got, want, "cios+mulx");
    }
    Ok(())
}

/// Every ADDMOD384/SUBMOD384 implementation must agree with the big-integer model.
fn check_all_addsub(x: &Limbs, y: &Limbs, m: &Limbs) -> Result<(), TestCaseError> {
    let (add, sub) = (model_add(x, y, m), model_sub(x, y, m));
    prop_assert_eq!(addmod384(x, y, m), add, "addmod384");
    prop_assert_eq!(variants::addmod384_branchy(x, y, m), add, "addmod384_branchy");
    prop_assert_eq!(variants::addmod384_branchless(x, y, m), add, "addmod384_branchless");
    if let Some(got) = variants::addmod384_asm(x, y, m) {
        prop_assert_eq!(got, add, "addmod384_asm");
    }
    prop_assert_eq!(submod384(x, y, m), sub, "submod384");
    prop_assert_eq!(variants::submod384_branchy(x, y, m), sub, "submod384_branchy");
    prop_assert_eq!(variants::submod384_branchless(x, y, m), sub, "submod384_branchless");
    if let Some(got) = variants::submod384_asm(x, y, m) {
        prop_assert_eq!(got, sub, "submod384_asm");
    }
    Ok(())
}

use evm384_arith::BLS12_381_P as P;

/// Limbs that stress carry chains: 0, 1, all-ones, all-ones minus one, the top bit alone, the top
/// bit minus one, or anything.
fn edge_limb() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1u64),
        Just(u64::MAX),
        Just(u64::MAX - 1),
        Just(1u64 << 63),
        Just((1u64 << 63) - 1),
        any::<u64>(),
    ]
}

/// Whole values that stress carry chains: all limbs from `edge_limb`, or special constants
/// (2^384 - 1, 2^384 - 2, 2^383, p, p - 1, 2p mod 2^384, 0, 1).
fn edge_value() -> impl Strategy<Value = Limbs> {
    let mut pm1 = P;
    pm1[0] -= 1;
    let mut two_p = [0u64; 6];
    let mut c = 0u64;
    for i in 0..6 {
        two_p[i] = (P[i] << 1) | c;
        c = P[i] >> 63;
    }
    prop_oneof![
        3 => prop::array::uniform6(edge_limb()),
        1 => Just([u64::MAX; 6]),
        1 => Just([u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX]),
        1 => Just([0, 0, 0, 0, 0, 1u64 << 63]),
        1 => Just(P),
        1 => Just(pm1),
        1 => Just(two_p),
        1 => Just([0u64; 6]),
        1 => Just([1, 0, 0, 0, 0, 0]),
    ]
}

/// `inv` values that stress the reduction: 0, 1, all-ones, the top bit, BLS12-381's, anything.
fn edge_inv() -> impl Strategy<Value = u64> {
    prop_oneof![Just(0u64), Just(1u64), Just(u64::MAX), Just(1u64 << 63), Just(0x89f3fffcfffcfffd), any::<u64>(),]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20000))]

    /// Carry edge cases of the assembly (all-ones limbs, m = 2^384 - 1, inv = 0 / all-ones,
    /// unreduced and garbage inputs) against the big-integer model.
    #[test]
    fn carry_edge_cases_match_model(m in edge_value(), inv in edge_inv(), x in edge_value(), y in edge_value()) {
        let want = model_mulmont(&x, &y, &m, inv);
        check_all_mul(&x, &y, &m, inv, &want)?;
        check_all_addsub(&x, &y, &m)?;
    }

    /// The same with a valid odd modulus (and its correct inv) but edge-shaped inputs.
    #[test]
    fn carry_edge_inputs_with_odd_moduli((m, inv) in odd_modulus(), x in edge_value(), y in edge_value()) {
        let want = model_mulmont(&x, &y, &m, inv);
        check_all_mul(&x, &y, &m, inv, &want)?;
    }

    /// All implementations agree with each other and with the reference on uniform inputs.
    #[test]
    fn all_variants_match_reference(m in value(), inv in any::<u64>(), x in value(), y in value()) {
        let want = reference::mulmodmont384(&x, &y, &m, inv);
        check_all_mul(&x, &y, &m, inv, &want)?;
        check_all_addsub(&x, &y, &m)?;
    }
}

/// Deterministic cross product of the sharpest edge cases (every pair of edge inputs against
/// every edge modulus and inv), so that they are covered on every run, not only by chance.
#[test]
fn carry_edge_cross_product() {
    let mut pm1 = P;
    pm1[0] -= 1;
    let ones = [u64::MAX; 6];
    let vals: [Limbs; 8] = [
        [0; 6],
        [1, 0, 0, 0, 0, 0],
        ones,
        [u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX],
        [0, 0, 0, 0, 0, 1 << 63],
        P,
        pm1,
        [u64::MAX, 0, u64::MAX, 0, u64::MAX, 0],
    ];
    let mods: [Limbs; 6] = [ones, [0; 6], P, [1, 0, 0, 0, 0, 0], [u64::MAX, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, u64::MAX]];
    let invs = [0u64, 1, u64::MAX, 1 << 63, 0x89f3fffcfffcfffd];
    for x in &vals {
        for y in &vals {
            for m in &mods {
                for &inv in invs.iter().chain([neg_inverse_mod_2_64(m[0] | 1)].iter()) {
                    let want = model_mulmont(x, y, m, inv);
                    check_all_mul(x, y, m, inv, &want)
                        .unwrap_or_else(|e| panic!("x={x:x?} y={y:x?} m={m:x?} inv={inv:#x}: {e}"));
                    check_all_addsub(x, y, m).unwrap_or_else(|e| panic!("x={x:x?} y={y:x?} m={m:x?}: {e}"));
                }
            }
        }
    }
}
