//! Section 12, EVMMAX's worst case per width: the worst program of the worst-case search under
//! EIP-6690's prices against the worst ordinary program, and the prices that reach parity
//! (`collect::evmmax_worst_case`).

use super::prose::Prose;
use crate::doc::{ratio, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/evmmax_worst_case.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/evmmax_worst_case.md"),
    fragments: &[("not-measured", &[]), ("method", &["scope", "programs", "plan", "ordinary", "ordinary_ns_per_gas"])],
};

pub fn evmmax_worst_case(r: &Results) -> Section {
    let (id, title) = ("evmmax-worst-case".to_string(), "12. EVMMAX worst case per width".to_string());
    let Some(first) = r.evmmax_worst_case.first() else {
        return Section { id, title, blocks: vec![Block::Paragraph(PROSE.words("not-measured"))] };
    };
    let mut t = Table::new(
        "EVMMAX (EIP-6690) per width: the worst program under the EIP's prices, and the price for parity with the worst ordinary program",
        &[
            "words (bits)",
            "MULMODX / ADDMODX gas",
            "worst program (modulus)",
            "ns/gas",
            "÷ ordinary",
            "worst odd-modulus program",
            "ns/gas",
            "parity: × per-width costs",
            "program needing it",
            "MULMODX / ADDMODX at parity",
            "fixed costs ×",
            "program needing it",
        ],
    );
    for w in &r.evmmax_worst_case {
        t.row(vec![
            format!("{} ({})", w.words, w.bits),
            format!("{} / {}", w.mul_gas, w.add_gas),
            w.worst.clone(),
            format!("{:.2}", w.ns_per_gas),
            ratio(w.ratio),
            w.worst_odd.clone(),
            format!("{:.2}", w.odd_ns_per_gas),
            ratio(w.parity_multiplier),
            w.parity_program.clone(),
            format!("{:.1} / {:.1}", w.mul_price_at_parity, w.add_price_at_parity),
            ratio(w.fixed_multiplier),
            w.fixed_program.clone(),
        ]);
    }
    let programs: u64 = r.evmmax_worst_case.iter().map(|w| w.programs).sum();
    Section {
        id,
        title,
        blocks: vec![
            Block::Paragraph(PROSE.fill(
                "method",
                &[
                    ("scope", &first.scope),
                    ("programs", &programs),
                    ("plan", &first.plan),
                    ("ordinary", &first.ordinary),
                    ("ordinary_ns_per_gas", &format!("{:.2}", first.ordinary_ns_per_gas)),
                ],
            )),
            Block::Table(t),
        ],
    }
}
