//! Section 13, the EIP-2537 precompiles' own time per gas, and their prices at EIP-7904's
//! targets (`collect::precompile_cost`).

use super::prose::Prose;
use crate::doc::{duration_ns, ratio, thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/precompile_cost.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/precompile_cost.md"),
    fragments: &[("not-measured", &[]), ("method", &["empty"])],
};

pub fn precompile_cost(r: &Results) -> Section {
    let (id, title) = ("precompile-cost".to_string(), "13. EIP-2537 precompiles: time per gas".to_string());
    if r.precompile_cost.is_empty() {
        return Section { id, title, blocks: vec![Block::Paragraph(PROSE.words("not-measured"))] };
    }
    let mut t = Table::new(
        "Each precompile's own time per gas, and its price at EIP-7904's targets",
        &[
            "precompile",
            "implementation",
            "k",
            "gas (EIP-2537)",
            "own time",
            "ns/gas",
            "price at 60 Mgas/s",
            "÷ EIP-2537",
            "price at 100 Mgas/s",
            "÷ EIP-2537",
        ],
    );
    for p in &r.precompile_cost {
        t.row(vec![
            format!("{} ({})", p.precompile, p.address),
            p.implementation.clone(),
            p.k.to_string(),
            thousands(p.gas),
            duration_ns(p.ns),
            format!("{:.2}", p.ns_per_gas),
            thousands(p.price_60_mgas.ceil() as u64),
            ratio(p.price_60_mgas / p.gas as f64),
            thousands(p.price_100_mgas.ceil() as u64),
            ratio(p.price_100_mgas / p.gas as f64),
        ]);
    }
    let empty = r.precompile_cost.iter().map(|p| p.empty_call_ns).fold(f64::INFINITY, f64::min);
    Section {
        id,
        title,
        blocks: vec![
            Block::Paragraph(PROSE.fill("method", &[("empty", &duration_ns(empty))])),
            Block::Table(if t.rows.len() > 32 {
                let n = t.rows.len();
                t.folded(format!("Every precompile at every k: {n} rows"))
            } else {
                t
            }),
        ],
    }
}
