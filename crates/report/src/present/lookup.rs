//! Figures of the pairing check the sections share, read from the results.

use crate::results::Results;

/// The numbers of pairs k the file measured, in its order.
pub fn pairs_measured(r: &Results) -> Vec<u64> {
    let mut v: Vec<u64> = r.precompile_gas.iter().map(|p| p.k).collect();
    v.dedup();
    v
}

/// The pairing-check contract's gas at `k` in `interface` under `schedule`, of `phase` (or
/// `total`).
pub fn pairing_check_gas(r: &Results, k: u64, interface: &str, schedule: &str, phase: &str) -> Option<f64> {
    r.gas
        .iter()
        .find(|g| g.k == k && g.interface == interface && g.schedule == schedule && g.phase == phase)
        .map(|g| g.gas)
}
