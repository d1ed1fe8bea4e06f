//! Section 7, calibration: the EVM384 opcodes' gas prices derived on this machine by the EVM384
//! notes' models A and B, beside the published ones (`collect::calibration`).

use super::prose::Prose;
use crate::doc::{Block, Section, Table};
use crate::results::Results;

/// The section's paragraph (`text/calibration.md`).
pub(super) const PROSE: Prose = Prose { text: include_str!("text/calibration.md"), fragments: &[("method", &[])] };

pub fn calibration(r: &Results) -> Section {
    let c = &r.calibration;
    let mut t = Table::new(
        "Gas prices derived on this machine",
        &[
            "opcode",
            "ns in revm",
            "model A (derived)",
            "model A (published)",
            "model B (derived)",
            "model B (published)",
        ],
    );
    for op in ["ADDMOD384", "SUBMOD384", "MULMODMONT384"] {
        t.row(vec![
            op.into(),
            format!("{:.1}", c.evm_ns_per_op.get(op).copied().unwrap_or(f64::NAN)),
            c.model_a.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.published_model_a.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.model_b.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.published_model_b.get(op).map(|v| v.to_string()).unwrap_or_default(),
        ]);
    }
    let mut k = Table::new("KECCAK256 reference (model B)", &["input bytes", "ns in revm", "gas", "gas per µs"]);
    let mut sizes: Vec<(&String, &f64)> = c.keccak_ns.iter().collect();
    sizes.sort_by_key(|(len, _)| len.parse::<u64>().unwrap_or(u64::MAX));
    for (len, ns) in sizes {
        let gas = c.keccak_gas.get(len).copied().unwrap_or(0);
        k.row(vec![len.clone(), format!("{ns:.1}"), gas.to_string(), format!("{:.2}", gas as f64 / ns * 1e3)]);
    }
    Section {
        id: "calibration".into(),
        title: "7. Calibration".into(),
        blocks: vec![Block::Paragraph(PROSE.words("method")), Block::Table(t), Block::Table(k)],
    }
}
