//! `results.json`: every number of a report run, machine-readable. The schema is
//! `results.schema.json` beside this crate's `Cargo.toml` (JSON Schema draft 2020-12); a test
//! validates generated results against it.
//!
//! [`Results`] is the whole file; its rows' types live one file per group of sections.

mod arithmetic;
mod bn254;
mod curves;
mod interfaces;
mod operations;
mod pairing_check;
mod parity;
mod run;
mod summary;
mod time_per_gas;

pub use arithmetic::{ArithBench, ArithPair, Calibration, OpCost};
pub use bn254::{Bn254, PhaseGasRow};
pub use curves::{CurveGasRow, CurveTimeRow};
pub use interfaces::{InterfaceLoop, InterfaceLoopRow, InterfacePairingRow, NotMeasured, PublishedLoopRow};
pub use operations::{OperationGasRow, OperationTimeRow};
pub use pairing_check::{Breakdown, CountRow, GasRow, PrecompileGas, PublishedCount, RuntimeRow, VectorResult};
pub use parity::{BuildCandidate, BuildChoiceRow, FinalExpCounts, KMaxRow, ParityRow};
pub use run::{Results, SCHEMA_VERSION};
pub use summary::Summary;
pub use time_per_gas::{EvmmaxWorstCaseRow, PrecompileCostRow, WorstCase, WorstCaseRow};
