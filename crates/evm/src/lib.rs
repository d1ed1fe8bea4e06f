//! The EVM384 opcodes (`ADDMOD384`, `SUBMOD384`, `MULMODMONT384`; `docs/evm384-semantics.md`) inside
//! revm 43, with selectable gas schedules and a runner that executes code as a real call to a
//! contract account.
//!
//! - [`opcodes`]: the instruction functions, one per opcode, generic over the interface;
//! - [`analysis`]: jump-destination analysis, one rule per instruction set (v9's and EVMMAX's
//!   immediates are skipped);
//! - [`handler`]: revm's handler applying that rule to code created during a transaction;
//! - [`bench`](mod@bench): the programs measuring each opcode's in-EVM cost (CLI `bench ops`, criterion);
//! - [`schedule`]: gas schedules as tables, and the gas of one run under every schedule;
//! - [`meter`]: the opcode histogram and frame gas (a revm inspector);
//! - [`runner`]: [`execute`], [`Runner`], [`call_precompile`];
//! - [`disasm`]: disassembly that decodes EVM384 operands;
//! - [`conformance`]: the EIP-6690 conformance suite of `testdata/eip6690/` run on [`evmmax`];
//! - [`evmmax`]: EIP-6690 (EVMMAX) execution semantics per call frame: field contexts,
//!   registers, every halt condition, the gas tables and the instructions in revm.

pub mod analysis;
pub mod bench;
pub mod conformance;
pub mod disasm;
pub mod evmmax;
pub mod handler;
pub mod meter;
pub mod opcodes;
pub mod runner;
pub mod schedule;
pub mod today;
pub mod transaction;

pub use evm384_arith::isa::{InstructionSet, Interface, Op, Operands};
pub use meter::{OpcodeCounts, PhaseTracker, PhaseUsage, SETUP_PHASE};
pub use revm::precompile::Precompiles;
pub use revm::primitives::hardfork::SpecId;
pub use revm::primitives::Address;
pub use runner::{
    call_precompile, execute, precompile_caller_code, Creation, Execution, Extension, RunError, RunOptions, Runner,
    Status, BLS12_PAIRING_CHECK, CALLER, CONTRACT, DEFAULT_GAS_LIMIT, FACTORY, FACTORY2,
};
pub use schedule::{gas_by_schedule, Decigas, GasBySchedule, Schedule};
pub use today::{EvmSchedule, Precompile};
pub use transaction::transaction_gas;

/// The mnemonic of an opcode byte: revm's names, the EVM384 names for `0xc0..=0xc2`, and
/// `0xNN` for bytes that are no opcode.
pub fn mnemonic(opcode: u8) -> String {
    if let Some(op) = Op::from_opcode(opcode) {
        return op.name().to_string();
    }
    match revm::bytecode::OpCode::new(opcode) {
        Some(op) => op.as_str().to_string(),
        None => format!("0x{opcode:02x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::mnemonic;

    #[test]
    fn mnemonics() {
        assert_eq!(mnemonic(0xc2), "MULMODMONT384");
        assert_eq!(mnemonic(0x6f), "PUSH16");
        assert_eq!(mnemonic(0x5b), "JUMPDEST");
        assert_eq!(mnemonic(0xc3), "0xc3");
    }
}
