//! Section 1, correctness: every EIP-2537 vector file through every contract and the
//! precompile (`collect::correctness`).

use super::prose::Prose;
use crate::doc::{thousands, Block, Section, Table};
use crate::results::Results;

/// The section's paragraph (`text/correctness.md`).
pub(super) const PROSE: Prose =
    Prose { text: include_str!("text/correctness.md"), fragments: &[("vectors", &["passed", "failed", "code_sizes"])] };

pub fn correctness(r: &Results) -> Section {
    let mut t = Table::new(
        "EIP-2537 vectors of every operation (files of the EIP's assets and go-ethereum): passed / failed",
        &["file", "contract-v7", "contract-v8", "contract-v9", "contract-evmmax", "precompile"],
    );
    let mut files: Vec<&str> = r.correctness.iter().map(|c| c.file.as_str()).collect();
    files.dedup();
    for f in files {
        let cell = |imp: &str| {
            r.correctness
                .iter()
                .find(|c| c.file == f && c.implementation == imp)
                .map(|c| format!("{} / {}", c.passed, c.failed))
                .unwrap_or_else(|| "–".into())
        };
        let imps = ["contract-v7", "contract-v8", "contract-v9", "contract-evmmax", "precompile"];
        t.row(std::iter::once(f.to_string()).chain(imps.map(cell)).collect());
    }
    let n_files = t.rows.len();
    let failed: u64 = r.correctness.iter().map(|c| c.failed).sum();
    let passed: u64 = r.correctness.iter().map(|c| c.passed).sum();
    let code_sizes =
        r.code_bytes.iter().map(|(i, n)| format!("{i} {} bytes", thousands(*n))).collect::<Vec<_>>().join(", ");
    Section {
        id: "correctness".into(),
        title: "1. Correctness".into(),
        blocks: vec![
            Block::Paragraph(
                PROSE.fill("vectors", &[("passed", &passed), ("failed", &failed), ("code_sizes", &code_sizes)]),
            ),
            Block::Table(t.folded(format!(
                "Per file: {} vector files through 5 implementations, {passed} passed, {failed} failed",
                n_files
            ))),
        ],
    }
}
