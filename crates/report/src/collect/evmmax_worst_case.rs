//! EVMMAX's worst case per width: the rows of the section "EVMMAX worst case per width", from
//! the worst-case search (`evm384_worst_case`, its EVMMAX programs timed in the same run
//! as the ordinary ones).

use evm384_worst_case::WorstCaseReport;

use crate::results::EvmmaxWorstCaseRow;

/// One row per width.
pub fn rows(r: &WorstCaseReport) -> Vec<EvmmaxWorstCaseRow> {
    let o = &r.evmmax_ordinary;
    r.evmmax
        .iter()
        .map(|w| EvmmaxWorstCaseRow {
            words: w.words as u64,
            bits: 64 * w.words as u64,
            programs: r.evmmax_programs.iter().filter(|p| p.program.words == w.words).count() as u64,
            mul_gas: w.mul_gas,
            add_gas: w.add_gas,
            worst: format!("{} ({})", w.worst, w.worst_modulus),
            ns_per_gas: w.ns_per_gas,
            worst_odd: w.worst_odd.clone(),
            odd_ns_per_gas: w.odd_ns_per_gas,
            ordinary: format!("{} ({})", o.name, o.interface),
            ordinary_ns_per_gas: o.ns_per_gas,
            ratio: w.ratio,
            parity_multiplier: w.parity_multiplier,
            parity_program: format!("{} ({})", w.parity_program, w.parity_modulus),
            mul_price_at_parity: w.mul_gas as f64 * w.parity_multiplier,
            add_price_at_parity: w.add_gas as f64 * w.parity_multiplier,
            fixed_multiplier: w.fixed_multiplier,
            fixed_program: format!("{} ({})", w.fixed_program, w.fixed_modulus),
            scope: r.evmmax_scope.to_string(),
            plan: r.plan.clone(),
        })
        .collect()
}
