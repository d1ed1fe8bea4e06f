//! 384-bit modular arithmetic with exactly the semantics of the EVM384 opcodes
//! (`ADDMOD384`, `SUBMOD384`, `MULMODMONT384`; see `SPEC-EVM384.md`).
//!
//! Values are six 64-bit limbs, least significant first ([`Limbs`]). Nothing is validated: the
//! modulus may be even or zero, `inv` may be wrong and inputs may exceed the modulus. Every result
//! is nevertheless fully determined: one conditional subtraction, results truncated to 384 bits.
//!
//! Two implementations live side by side (constantine's habit of keeping the reference path):
//! - [`reference`]: the spec's formulas transcribed literally (full product, then word-by-word
//!   reduction), slow and obviously right;
//! - the fast path ([`addmod384`], [`submod384`], [`mulmodmont384`]): CIOS Montgomery
//!   multiplication (Koç, Acar, Kaliski 1996), using MULX/ADCX/ADOX assembly on x86-64 CPUs
//!   that have BMI2 and ADX, portable `u128` code elsewhere; branchless add/sub (assembly on
//!   x86-64, masks elsewhere).
//!
//! ## Measured (`cargo bench -p evm384-arith --bench ab`, BLS12-381 p, Montgomery-form inputs)
//!
//! 2 GHz Xeon (Sapphire Rapids class, BMI2/ADX/AVX-512), 2 cores shared with other builds (load
//! average 5–9), so every number is noisy; the `ab` bench interleaves all candidates in one
//! process (400 rounds of 20,000 calls each) and reports the minimum (least disturbed) and the
//! median per call. Final run, ns min / median (ratio of mins to `blst_fp_mul`):
//!
//! | operation | variant | ns | vs blst |
//! |---|---|---|---|
//! | mul | `blst_fp_mul` (blst 0.3.17, its MULX path) | 41.9 / 68.3 | 1.00 |
//! | mul | **`mulmodmont384`** (dispatched: asm, CIOS order) | 40.6 / 66.1 | **0.97** |
//! | mul | asm, blst's interleaved schedule (removed) | 41.3 / 64.4 | 0.99 |
//! | mul | CIOS `u128` + `target_feature(bmi2,adx)` | 64.3 / 103 | 1.53 |
//! | mul | CIOS `u128` portable (the fallback) | 58.3 / 117 | 1.39 |
//! | mul | FIPS (product scanning) `u128` | 86.8 / 315 | 2.07 |
//!
//! In quieter runs: `blst_fp_mul` 36.0 ns, asm (CIOS order) 35.1 ns (0.975x), interleaved
//! 36.3–36.5 ns (1.01x); the CIOS-order asm was ahead of the interleaved one in all 5 runs.
//! Criterion (`--bench arith`, same process, slope estimates, much more disturbed by the other
//! jobs): `blst_fp_mul` 95.5 / 97.6 ns, `mulmodmont384` 62.8 / 71.1 ns.
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
mod portable;
pub mod reference;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub use bytes::{from_be_bytes, from_le_bytes, to_be_bytes, to_le_bytes};
pub use field::{neg_inverse_mod_2_64, MontField};

/// A 384-bit integer: six 64-bit limbs, least significant first.
pub type Limbs = [u64; 6];

/// The BLS12-381 base-field modulus p, the modulus EVM384 was proposed for (benchmarks and
/// tests use it; the generator's curve parameters restate it with its defining formula).
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
    // x86-64: ADD/ADC + SUB/SBB + CMOV assembly, baseline instructions only (no dispatch).
    // Measured 4.5 ns vs 12.6 ns for the branchy `u128` code on unpredictable inputs (2.8x),
    // 4.4 vs 7.5 ns on fixed inputs (1.7x); branchless `u128` is 9.0 / 8.3 ns.
    #[cfg(target_arch = "x86_64")]
    {
        x86_64::addmod384_asm(x, y, m)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // Branchless: 9.0 ns vs 12.6 ns branchy on unpredictable inputs (measured on x86-64),
        // 8.3 vs 7.5 ns on fixed ones.
        portable::addmod384_branchless(x, y, m)
    }
}

/// `out = x - y`, plus `m` (mod 2^384) if the subtraction borrowed.
#[inline]
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    // x86-64 with ADX: SUB/SBB, then CMOV-selected m words added with ADCX (which keeps ZF).
    // Measured 4.0 ns vs 11.0 ns branchy `u128` on unpredictable inputs (2.8x) and vs 5.0 ns
    // branchless `u128` (1.25x); 4.4 vs 5.8 ns branchy on fixed inputs.
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            // SAFETY: the CPU supports ADX (checked at run time just above).
            return unsafe { x86_64::submod384_asm(x, y, m) };
        }
    }
    // Branchless: 5.0 ns vs 11.0 ns branchy on unpredictable inputs (2.2x), same (5.7 vs
    // 5.8 ns) on fixed ones.
    fallback::submod384(x, y, m)
}

/// Montgomery product `x * y * 2^-384 mod m` with word-by-word reduction by `inv`
/// (`inv = -m^-1 mod 2^64` when `m` is odd), then one conditional subtraction.
#[inline]
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    // x86-64 with BMI2+ADX: inline assembly, two carry chains. Measured 40.6 ns (min) vs
    // 41.9 ns for blst_fp_mul (0.97x; 35.1 vs 36.0 in quieter runs), vs 64.3 ns for the same
    // CIOS in `u128` compiled with BMI2/ADX enabled (1.6x faster) and 58.3 ns portable (1.4x).
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            // SAFETY: the CPU supports BMI2 and ADX (checked at run time just above).
            return unsafe { x86_64::mulmodmont384_asm(x, y, m, inv) };
        }
    }
    // CIOS on `u128`: 1.5x faster than FIPS (product scanning) on `u128` (58.3 vs 86.8 ns
    // min), and no slower than itself compiled with BMI2/ADX (64.3 ns), so it stays the
    // fallback.
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

/// The portable (`u128`) Montgomery product, exposed for benchmarks and tests of the dispatch.
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

/// Every implementation of the fast path, for benchmarks and differential tests. Functions that
/// need CPU features return `None` when the CPU lacks them.
#[doc(hidden)]
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
