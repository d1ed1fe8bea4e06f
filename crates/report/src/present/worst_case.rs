//! Section 8, worst case: per schedule the EVM384 and the ordinary programs that buy the most
//! time per gas (`evm384_worst_case`).

use super::prose::Prose;
use crate::doc::{ratio, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/worst_case.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/worst_case.md"),
    fragments: &[("not-measured", &[]), ("method", &["programs", "plan"])],
};

pub fn worst_case(r: &Results) -> Section {
    let Some(w) = &r.worst_case else {
        return Section {
            id: "worst-case".into(),
            title: "8. Worst case: time per gas".into(),
            blocks: vec![Block::Paragraph(PROSE.words("not-measured"))],
        };
    };
    let mut t = Table::new(
        "The programs that buy the most time per gas (ns per gas of the whole run, medians)",
        &[
            "schedule",
            "worst EVM384 program",
            "ns/gas",
            "worst ordinary program",
            "ns/gas",
            "ratio",
            "offsets < 2^16: ratio",
        ],
    );
    for row in &w.rows {
        t.row(vec![
            row.schedule.clone(),
            row.worst_evm384.clone(),
            format!("{:.2}", row.evm384_ns_per_gas),
            row.worst_ordinary.clone(),
            format!("{:.2}", row.ordinary_ns_per_gas),
            ratio(row.ratio),
            ratio(row.ratio_16bit),
        ]);
    }
    Section {
        id: "worst-case".into(),
        title: "8. Worst case: time per gas".into(),
        blocks: vec![
            Block::Paragraph(PROSE.fill("method", &[("programs", &w.programs), ("plan", &w.plan)])),
            Block::Table(t),
        ],
    }
}
