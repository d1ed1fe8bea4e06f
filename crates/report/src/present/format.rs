//! How the sections write gas and price factors.

use crate::doc::thousands;

/// Gas with thousands separators, and one decimal where it is fractional (the fractional
/// schedules): `1,234` or `1,234.5`.
pub fn gas_fmt(g: f64) -> String {
    if g.fract() == 0.0 {
        thousands(g as u64)
    } else {
        format!("{}.{}", thousands(g.trunc() as u64), ((g.fract() * 10.0).round() as u64).min(9))
    }
}

/// A parity factor λ as "×0.13 (÷7.8)": the arithmetic prices times λ reach parity.
pub fn parity_factor(f: f64) -> String {
    if !f.is_finite() {
        "–".into()
    } else if f <= 0.0 {
        "impossible".into()
    } else if f >= 1.0 {
        format!("×{f:.2} (at parity already)")
    } else {
        format!("×{f:.2} (÷{:.1})", 1.0 / f)
    }
}
