//! Results → the report document: the answer first (section 0), then the sections behind it —
//! tables, charts and paragraphs. One file per section; each section's paragraphs are Markdown
//! in `text/<section>.md`, filled by [`prose`].

mod answer;
mod bls12_377;
mod bn254;
mod calibration;
mod correctness;
mod evmification;
mod evmmax_worst_case;
mod f6m_mul_loop;
mod format;
mod heading;
mod interface_pairing;
mod interpretation;
mod lookup;
mod native;
mod opcode_counts;
mod other_operations;
mod pairing_gas;
mod pairing_runtime;
mod parity;
mod precompile_cost;
pub mod prose;
mod tables;
mod worst_case;

#[cfg(test)]
mod tests;

use crate::doc::Document;
use crate::results::Results;

/// The document, its figures credited to `results.json` (the file written beside it).
pub fn document(r: &Results) -> Document {
    document_from(r, "results.json")
}

/// The document, naming `source` (e.g. `results/<cpu>-<date>.json`) as the file its figures
/// come from.
pub fn document_from(r: &Results, source: &str) -> Document {
    let ks = lookup::pairs_measured(r);
    Document {
        title: heading::TITLE.into(),
        meta: heading::meta(r),
        sections: vec![
            answer::answer(r, &ks, source),
            correctness::correctness(r),
            opcode_counts::opcode_counts(r),
            pairing_gas::pairing_gas(r, &ks),
            parity::parity(r, &ks),
            pairing_runtime::pairing_runtime(r, &ks),
            native::native(r),
            calibration::calibration(r),
            worst_case::worst_case(r),
            interpretation::interpretation(r),
            other_operations::other_operations(r),
            bls12_377::bls12_377(r),
            evmmax_worst_case::evmmax_worst_case(r),
            precompile_cost::precompile_cost(r),
            bn254::bn254(r),
            f6m_mul_loop::f6m_mul_loop(r),
            interface_pairing::interface_pairing(r),
            evmification::evmification(r),
        ],
    }
}
