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
//!   that have BMI2 and ADX, portable `u128` code elsewhere.
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

/// Number of bytes in one EVM384 value.
pub const VALUE_BYTES: usize = 48;

/// `out = x + y`, minus `m` once if the (385-bit) sum is `>= m`; truncated to 384 bits.
#[inline]
pub fn addmod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    portable::addmod384(x, y, m)
}

/// `out = x - y`, plus `m` (mod 2^384) if the subtraction borrowed.
#[inline]
pub fn submod384(x: &Limbs, y: &Limbs, m: &Limbs) -> Limbs {
    portable::submod384(x, y, m)
}

/// Montgomery product `x * y * 2^-384 mod m` with word-by-word reduction by `inv`
/// (`inv = -m^-1 mod 2^64` when `m` is odd), then one conditional subtraction.
#[inline]
pub fn mulmodmont384(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::has_mulx_adx() {
            // SAFETY: the CPU supports BMI2 and ADX (checked at run time just above).
            return unsafe { x86_64::mulmodmont384_mulx(x, y, m, inv) };
        }
    }
    portable::mulmodmont384(x, y, m, inv)
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
