//! x86-64 fast path: the CIOS loop compiled with BMI2 (MULX) and ADX (ADCX/ADOX) enabled.

use crate::Limbs;

/// Whether this CPU has MULX (BMI2) and ADCX/ADOX (ADX). Cached by `std`'s feature detection.
#[inline]
pub fn has_mulx_adx() -> bool {
    std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
}

/// # Safety
/// The CPU must support BMI2 and ADX.
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mulmodmont384_mulx(x: &Limbs, y: &Limbs, m: &Limbs, inv: u64) -> Limbs {
    crate::portable::mulmodmont384(x, y, m, inv)
}
