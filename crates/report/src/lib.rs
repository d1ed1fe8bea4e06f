//! The measurement report (`evm384 report`).
//!
//! Building blocks, independent of what is measured:
//! - timing: the project's one harness, `evm384-timing` (warm-up, equal-duration interleaved
//!   samples, wall and thread CPU time, median, minimum and spread);
//! - [`machine`]: what machine and tools produced the numbers;
//! - [`doc`], [`render`], [`chart`]: a small document model rendered to Markdown and to
//!   self-contained HTML with inline SVG charts.
//!
//! The report itself:
//! - [`baseline`]: the native blst PAIRING_CHECK and deterministic inputs;
//! - [`collect`]: every measurement, one submodule per section;
//! - [`groth16_circuit`]: Groth16 proofs of a small BN254 circuit (the verifier's rows);
//! - [`results`]: the machine-readable results (`results.json`, schema `results.schema.json`);
//! - [`present`]: results → document; [`write`](mod@write): the report folder;
//! - [`optimize`]: cost-aware choice among the generator's formula variants (`build --optimize-for`);
//! - [`headline`]: the README's headline table from the committed result files (`--readme-table`).

pub mod baseline;
pub mod chart;
pub mod collect;
pub mod doc;
pub mod groth16_circuit;
pub mod headline;
pub mod machine;
pub mod present;
pub mod render;
pub mod results;
pub mod write;

/// The cost-aware choice among builds, `evm384-build`'s (re-exported for the report's callers).
pub use evm384_build::optimize;
