//! 384-bit modular arithmetic with exactly the semantics of the EVM384 opcodes
//! (`ADDMOD384`, `SUBMOD384`, `MULMODMONT384`; see `docs/evm384-semantics.md`).
//!
//! Values are six 64-bit limbs, least significant first ([`Limbs`]). Nothing is validated: the
//! modulus may be even or zero, `inv` may be wrong and inputs may exceed the modulus. Every result
//! is nevertheless fully determined: one conditional subtraction, results truncated to 384 bits.
//!
//! Two implementations live side by side (constantine's habit of keeping the reference path):
//! - [`reference`](mod@reference): the spec's formulas transcribed literally (full product, then word-by-word
//!   reduction), slow and obviously right;
//! - the fast path ([`addmod384`], [`submod384`], [`mulmodmont384`]): CIOS Montgomery
//!   multiplication (Koç, Acar, Kaliski 1996), using MULX/ADCX/ADOX assembly on x86-64 CPUs
//!   that have BMI2 and ADX, portable `u128` code elsewhere; branchless add/sub (assembly on
//!   x86-64, masks elsewhere).
//!
//! ## Choosing among variants
//!
//! Every variant of the fast path is kept for comparison behind the `variants` feature and
//! measured against blst by `cargo bench -p evm384-arith --bench ab` (the project's harness:
//! all candidates interleaved in one process, medians and minimums). The dispatched choices
//! below are the variants that measured fastest there; published figures come from
//! `evm384 bench ops` and the committed files under `results/`, never from comments.
//!
//! ADDMOD384 / SUBMOD384, ns min / median. Fixed inputs (branches perfectly predicted):
//! add branchy 7.5 / 8.4, branchless `u128` 8.3 / 9.3, **asm 4.4 / 4.8**;
//! sub branchy 5.8 / 7.1, branchless `u128` 5.7 / 6.4, **asm 4.4 / 4.8**.
//! 256 random input pairs (branches unpredictable): add branchy 12.6 / 16.8, branchless
//! 9.0 / 13.3, **asm 4.5 / 8.1**; sub branchy 11.0 / 14.0, branchless 5.0 / 9.0,
//! **asm 4.0 / 6.1**.
//!
//! Tests check the fast path against the reference, against a big-integer model (proptest), and
//! against the published vectors.

mod bytes;
mod field;
pub mod isa;
pub mod modx;
mod portable;
pub mod reference;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub use bytes::{from_be_bytes, from_le_bytes, to_be_bytes, to_le_bytes};
pub use field::{neg_inverse_mod_2_64, MontField};

/// A 384-bit integer: six 64-bit limbs, least significant first.
pub type Limbs = [u64; 6];

/// |z| for BLS12-381's parameter z = −0xd201000000010000, from which p and r follow (the
/// generator's curve parameters and the IFMA pairing's loops use it; `evm384-gen`'s test
/// `p_and_r_follow_from_z` derives p from it).
pub const BLS12_381_Z_ABS: u64 = 0xd201000000010000;

/// The BLS12-381 base-field modulus p, the modulus EVM384 was proposed for (benchmarks, tests,
/// the generator's curve parameters and the IFMA crate's constants use it; `evm384-gen`'s tests
/// recompute it from z).
pub const BLS12_381_P: Limbs = [
    0xb9feffffffffaaab,
    0x1eabfffeb153ffff,
    0x6730d2a0f6b0f624,
    0x64774b84f38512bf,
    0x4b1ba7b6434bacd7,
    0x1a0111ea397fe69a,
];

/// `-p^-1 mod 2^64` for [`BLS12_381_P`] (test `derives_the_published_bls12_381_inv` recomputes it).
pub const BLS12_381_P_INV: u64 = 0x89f3fffcfffcfffd;

/// Number of bytes in one EVM384 value.
pub const VALUE_BYTES: usize = 48;

/// `out = x + y`, minus `m` once if the (385-bit) sum is `>= m`; truncated to 384 bits.
#[inline]
pub fn addmod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    // x86-64: ADD/ADC + SUB/SBB + CMOV assembly, baseline instructions only (no dispatch);
    // faster than the branchy and the branchless `u128` code in the `ab` bench, on predictable
    // and unpredictable inputs alike.
    #[cfg(target_arch = "x86_64")]
    {
        x86_64::addmod384_asm(x, y, m)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // Branchless: much faster than branchy code on unpredictable inputs, about as fast on
        // fixed ones (`ab` bench, on x86-64).
        portable::addmod384_branchless(x, y, m)
    }
}

/// `out = x - y`, plus `m` (mod 2^384) if the subtraction borrowed.
#[inline]
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    // x86-64 with ADX: SUB/SBB, then CMOV-selected m words added with ADCX (which keeps ZF);
    // faster than both `u128` variants in the `ab` bench.
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            // SAFETY: the CPU supports ADX (checked at run time just above).
            return unsafe { x86_64::submod384_asm(x, y, m) };
        }
    }
    // Branchless: faster than branchy code on unpredictable inputs, the same on fixed ones.
    fallback::submod384(x, y, m)
}

/// Montgomery product `x * y * 2^-384 mod m` with word-by-word reduction by `inv`
/// (`inv = -m^-1 mod 2^64` when `m` is odd), then one conditional subtraction.
#[inline]
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    // x86-64 with BMI2+ADX: inline assembly, two carry chains; on par with blst_fp_mul and
    // well ahead of the same CIOS in `u128` (portable or compiled with BMI2/ADX) in the `ab`
    // bench.
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            // SAFETY: the CPU supports BMI2 and ADX (checked at run time just above).
            return unsafe { x86_64::mulmodmont384_asm(x, y, m, inv) };
        }
    }
    // CIOS on `u128`: faster than FIPS (product scanning) on `u128` and no slower than itself
    // compiled with BMI2/ADX in the `ab` bench, so it stays the fallback.
    fallback::mulmodmont384(x, y, m, inv)
}

/// The portable paths behind a run-time dispatch. On x86-64 they are kept out of line so that
/// the dispatching wrappers stay small enough to inline into every caller (the fast path is
/// then the inlined assembly); elsewhere they are the only path and are inlined.
mod fallback {
    use crate::{portable, Limbs};

    #[cfg_attr(target_arch = "x86_64", inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
    pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
        portable::submod384_branchless(x, y, m)
    }

    #[cfg_attr(target_arch = "x86_64", inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
    pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
        portable::mulmodmont384(x, y, m, inv)
    }
}

/// The portable (`u128`) Montgomery product, for benchmarks and tests of the dispatch (feature
/// `variants`).
#[cfg(feature = "variants")]
#[inline]
pub fn mulmodmont384_portable(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    portable::mulmodmont384(x, y, m, inv)
}

/// Which implementation [`mulmodmont384`] dispatches to on this CPU.
pub fn mulmodmont384_backend() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            return "x86-64 MULX/ADCX/ADOX assembly";
        }
    }
    "portable u128"
}

/// Every implementation of the fast path, for the A/B benchmarks and the differential tests:
/// not part of the public API, compiled only with the `variants` feature (the crate's own tests
/// and benches enable it). Functions that need CPU features return `None` when the CPU lacks
/// them.
#[cfg(feature = "variants")]
pub mod variants {
    use crate::{portable, Limbs};

    /// The dispatched MULX/ADCX/ADOX assembly (plain CIOS order), x86-64 with BMI2 and ADX only.
    #[inline]
    pub fn mulmodmont384_asm(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Option<Limbs> {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::x86_64::has_mulx_adx() {
                // SAFETY: the CPU supports BMI2 and ADX (checked just above).
                return Some(unsafe { crate::x86_64::mulmodmont384_asm(x, y, m, inv) });
            }
        }
        let _ = (x, y, m, inv);
        None
    }

    /// The portable CIOS `u128` loop compiled with `target_feature(bmi2, adx)`.
    #[inline]
    pub fn mulmodmont384_cios_mulx(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Option<Limbs> {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::x86_64::has_mulx_adx() {
                // SAFETY: the CPU supports BMI2 and ADX (checked just above).
                return Some(unsafe { crate::x86_64::mulmodmont384_mulx_u128(x, y, m, inv) });
            }
        }
        let _ = (x, y, m, inv);
        None
    }

    /// Portable CIOS on `u128` (the fallback).
    #[inline]
    pub fn mulmodmont384_cios(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
        portable::mulmodmont384(x, y, m, inv)
    }

    /// ADDMOD384 in inline assembly (x86-64 only).
    #[inline]
    pub fn addmod384_asm(x: &Limbs, y: &Limbs, m: &Limbs) -> Option<Limbs> {
        #[cfg(target_arch = "x86_64")]
        {
            return Some(crate::x86_64::addmod384_asm(x, y, m));
        }
        #[allow(unreachable_code)]
        {
            let _ = (x, y, m);
            None
        }
    }

    /// SUBMOD384 in inline assembly (x86-64 with ADX only).
    #[inline]
    pub fn submod384_asm(x: &Limbs, y: &Limbs, m: &Limbs) -> Option<Limbs> {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::x86_64::has_mulx_adx() {
                // SAFETY: the CPU supports ADX (checked just above).
                return Some(unsafe { crate::x86_64::submod384_asm(x, y, m) });
            }
        }
        let _ = (x, y, m);
        None
    }

    /// Portable ADDMOD384 with an `if` (the original).
    #[inline]
    pub fn addmod384_branchy(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
        portable::addmod384(x, y, m)
    }

    /// Portable SUBMOD384 with an `if` (the original).
    #[inline]
    pub fn submod384_branchy(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
        portable::submod384(x, y, m)
    }

    /// Portable branchless ADDMOD384.
    #[inline]
    pub fn addmod384_branchless(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
        portable::addmod384_branchless(x, y, m)
    }

    /// Portable branchless SUBMOD384.
    #[inline]
    pub fn submod384_branchless(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
        portable::submod384_branchless(x, y, m)
    }

    /// Portable FIPS (product scanning) on `u128`.
    #[inline]
    pub fn mulmodmont384_fips(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
        portable::mulmodmont384_fips(x, y, m, inv)
    }
}
