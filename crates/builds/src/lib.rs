//! `evm384-build`: the builds of the contracts `evm384-gen` writes — which program, written how,
//! encoded how — and the choice among them by cost.
//!
//! `evm384-gen` writes programs and encodes them; it chooses nothing. This crate holds the
//! choices (a layer above `evm384-gen` and `evm384-evm`), each for the curve it is given
//! (`evm384_gen::curves::Curve`):
//! - [`formulas`]: the formula choices of a build ([`Formulas`]; the one `evm384 build` emits
//!   by default, the cheapest under each instruction set's reference schedule:
//!   [`Formulas::cheapest`]), the moves it writes
//!   ([`Formulas::choose_moves`]), the program as the back-ends run it ([`Build`]), the hinted
//!   check as shipped ([`HINTED_FORMULAS`]), the provenance line;
//! - [`inlining`]: the subroutines inlined to fill the room under the code limit
//!   ([`inline_to_fit`]), valued in gas by `evm384-evm`'s schedule tables ([`InlineWeights`]);
//! - [`contract`]: every operation as a contract on every curve whose EIP has it ([`Contract`]
//!   on [`Operation`]);
//! - [`optimize`]: the cheapest build that fits the code limit, under a gas schedule, EIP-6690's
//!   prices or runtime in revm (`evm384 build --optimize-for`, the report's build choices).
//!
//! This file re-exports; `crates/gen/ARCHITECTURE.md` ("Formula choices") explains the design.

pub mod contract;
pub mod formulas;
pub mod inlining;
pub mod optimize;

pub use contract::Contract;
pub use evm384_gen::{Operation, MAX_CODE_SIZE, VERSION};
pub use formulas::{
    build_pairing_check, hinted_pairing_check_build, hinted_pairing_check_with_factor_build, provenance, Build,
    Formulas, HINTED_FORMULAS,
};
pub use inlining::{inline_to_fit, InlineWeights};
