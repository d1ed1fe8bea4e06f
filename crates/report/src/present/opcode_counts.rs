//! Section 2, opcode counts: the EVM384 operations of the pairing check per phase from the
//! generator's counter back-end, beside the published EVMcurves counts (`collect::counts`).

use super::prose::Prose;
use crate::doc::{thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/opcode_counts.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/opcode_counts.md"),
    fragments: &[("intro", &[]), ("published-source", &["source"])],
};

pub fn opcode_counts(r: &Results) -> Section {
    let mut blocks = vec![Block::Paragraph(PROSE.words("intro"))];
    for k in [1u64, 2] {
        let mut t = Table::new(
            format!("k = {k}: ADDMOD384 / SUBMOD384 / MULMODMONT384"),
            &[
                "phase",
                "v3 add",
                "v3 sub",
                "v3 mul",
                "v4 add",
                "v4 sub",
                "v4 mul",
                "published add",
                "published sub",
                "published mul",
            ],
        );
        let phases: Vec<&str> = {
            let mut v: Vec<&str> = r.counts.iter().filter(|c| c.k == k).map(|c| c.phase.as_str()).collect();
            let mut seen = std::collections::HashSet::new();
            v.retain(|p| seen.insert(*p));
            v
        };
        for p in phases {
            let get = |f2: &str| r.counts.iter().find(|c| c.k == k && c.f2mul == f2 && c.phase == p);
            let mut row = vec![p.to_string()];
            for f2 in ["v3", "v4"] {
                match get(f2) {
                    Some(c) => row.extend([thousands(c.addmod384), thousands(c.submod384), thousands(c.mulmodmont384)]),
                    None => row.extend(["–".into(), "–".into(), "–".into()]),
                }
            }
            match r.published_counts.iter().find(|c| c.phase == p).filter(|_| k == 1) {
                Some(c) => row.extend([thousands(c.addmod384), thousands(c.submod384), thousands(c.mulmodmont384)]),
                None => row.extend(["".into(), "".into(), "".into()]),
            }
            t.row(row);
        }
        blocks.push(Block::Table(t));
    }
    if let Some(src) = r.published_counts.first() {
        blocks.push(Block::Paragraph(PROSE.fill("published-source", &[("source", &src.source)])));
    }
    Section { id: "counts".into(), title: "2. Opcode counts".into(), blocks }
}
