//! Jump-destination analysis and code preparation per interface.
//!
//! revm's own analysis (`Bytecode::new_legacy`) knows only PUSH immediates: it treats an
//! unknown opcode such as `0xc0` as one byte. That is right for v7/v8, whose EVM384 opcodes
//! have no immediate, but wrong for v9 (`docs/evm384-semantics.md`, "Jump destinations in v9"), where each
//! EVM384 opcode is followed by a 16-byte immediate that the analysis must skip:
//! 1. a `0x5b` byte inside the immediate is data, not a JUMPDEST;
//! 2. a `0x60..=0x7f` byte inside the immediate is data, not a PUSH that would hide a real
//!    JUMPDEST after the instruction;
//! 3. an immediate truncated by the end of the code reads its missing bytes as zero (our choice,
//!    the same rule as PUSH), and the code is padded so that the read stays in bounds.
//!
//! EVMMAX's ADDMODX/SUBMODX/MULMODX carry a 7-byte immediate with the same three rules.
//! For v9 and EVMMAX we build revm's [`JumpTable`] ourselves and hand revm the analysed, padded
//! code. [`analyze`] is the one rule per instruction set, applied wherever code enters the EVM:
//! code placed in state by the runner, and init code and created code of CREATE, CREATE2 and
//! creation transactions (`crate::handler`).

use evm384_arith::isa::{InstructionSet, Op, IMMEDIATE_LEN};
use revm::bytecode::{opcode, Bytecode, JumpTable};
use revm::primitives::Bytes;

use crate::Interface;

/// Zero bytes appended to v9 code: the longest immediate (PUSH32, 32 bytes) plus one STOP.
/// That also covers a truncated 16-byte EVM384 immediate and the 1-byte immediates of
/// DUPN/SWAPN/EXCHANGE, so no instruction ever reads past the buffer (the invariant
/// `Bytecode::new_analyzed` requires), and execution falling off the end meets a STOP.
const PADDING: usize = 32 + 1;

/// Length of the immediate that follows `byte` in v9 code.
fn immediate_len_v9(byte: u8) -> usize {
    if (opcode::PUSH1..=opcode::PUSH32).contains(&byte) {
        (byte - opcode::PUSH1 + 1) as usize
    } else if Op::from_opcode(byte).is_some() {
        IMMEDIATE_LEN
    } else {
        0
    }
}

/// The valid jump destinations of v9 code: one flag per byte, `true` for a JUMPDEST opcode
/// (not for a `0x5b` byte inside a PUSH or EVM384 immediate).
pub fn jumpdests_v9(code: &[u8]) -> Vec<bool> {
    jumpdests_with(code, immediate_len_v9)
}

/// The valid jump destinations of code whose opcodes carry the immediates `immediate_len` says:
/// one flag per byte, `true` for a JUMPDEST that begins an instruction.
pub fn jumpdests_with(code: &[u8], immediate_len: impl Fn(u8) -> usize) -> Vec<bool> {
    let mut dests = vec![false; code.len()];
    let mut pc = 0;
    while pc < code.len() {
        let byte = code[pc];
        dests[pc] = byte == opcode::JUMPDEST;
        pc += 1 + immediate_len(byte);
    }
    dests
}

/// Packs per-byte flags into revm's bit map (bit `pc % 8` of byte `pc / 8`).
fn jump_table(dests: &[bool]) -> JumpTable {
    let mut bits = vec![0u8; dests.len().div_ceil(8)];
    for (pc, _) in dests.iter().enumerate().filter(|(_, &d)| d) {
        bits[pc / 8] |= 1 << (pc % 8);
    }
    JumpTable::from_slice(&bits, dests.len())
}

/// Whether `isa` has immediates that revm's own analysis does not know (v9, EVMMAX).
pub fn has_own_analysis(isa: InstructionSet) -> bool {
    matches!(isa, InstructionSet::Evm384(Interface::V9) | InstructionSet::Evmmax)
}

/// The analysed [`Bytecode`] of `code` under `isa`: revm's analysis for every interface but v9
/// (their operands are stack items), ours for v9
/// (16-byte immediates skipped) and EVMMAX (7-byte immediates skipped).
pub fn analyze(isa: InstructionSet, code: &[u8]) -> Bytecode {
    if code.is_empty() || !has_own_analysis(isa) {
        return Bytecode::new_legacy(Bytes::copy_from_slice(code));
    }
    let dests = match isa {
        InstructionSet::Evmmax => jumpdests_with(code, crate::evmmax::immediate_len),
        InstructionSet::Evm384(_) => jumpdests_v9(code),
        InstructionSet::Evm => unreachable!("today's EVM is analysed by revm"),
    };
    with_jumpdests(code, &dests)
}

/// `code` padded with [`PADDING`] zero bytes, with the given jump destinations.
fn with_jumpdests(code: &[u8], dests: &[bool]) -> Bytecode {
    let table = jump_table(dests);
    let mut padded = Vec::with_capacity(code.len() + PADDING);
    padded.extend_from_slice(code);
    padded.resize(code.len() + PADDING, opcode::STOP);
    // SAFETY: `padded` ends with PADDING zero bytes, enough for any immediate read starting
    // inside `code` (see PADDING); the table covers `code.len()` bits; the code is non-empty.
    unsafe { Bytecode::new_analyzed(Bytes::from(padded), code.len(), table) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediates_are_skipped() {
        // c0 <16 bytes with 5b and 60 inside> 5b
        let mut code = vec![0xc0];
        code.extend_from_slice(&[0x5b, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7f]);
        code.push(0x5b);
        let dests = jumpdests_v9(&code);
        assert_eq!(dests.iter().filter(|&&d| d).count(), 1);
        assert!(dests[17]);
        let bc = analyze(InstructionSet::Evm384(Interface::V9), &code);
        let table = bc.legacy_jump_table().unwrap();
        assert!(!table.is_valid(1) && table.is_valid(17));
    }

    #[test]
    fn truncated_immediate_is_padded() {
        let bc = analyze(InstructionSet::Evm384(Interface::V9), &[0x5b, 0xc2, 0x5b]);
        assert_eq!(bc.original_byte_slice(), &[0x5b, 0xc2, 0x5b]);
        assert_eq!(bc.bytecode().len(), 3 + PADDING);
        let table = bc.legacy_jump_table().unwrap();
        assert!(table.is_valid(0) && !table.is_valid(2));
    }

    #[test]
    fn v7_uses_revm_analysis() {
        for interface in [Interface::V7, Interface::V8] {
            let table = analyze(InstructionSet::Evm384(interface), &[0xc0, 0x5b]).legacy_jump_table().unwrap().clone();
            assert!(table.is_valid(1));
        }
    }
}
