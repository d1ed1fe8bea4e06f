//! Disassembly that decodes EVM384 operands: from the v9 immediate, or (v6, v7, v8, v7s) from
//! the PUSH that directly precedes the opcode, when there is one.

use core::fmt;

use evm384_arith::isa::{Addressing, Op, Operands};
use revm::bytecode::opcode;

use crate::{mnemonic, Interface};

/// One decoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// Offset of the opcode byte.
    pub pc: usize,
    pub opcode: u8,
    /// Immediate bytes as present in the code (shorter than declared if truncated).
    pub immediate: Vec<u8>,
    /// Declared immediate length (PUSHn: n; v9 EVM384: 16).
    pub immediate_len: usize,
    /// EVM384 offsets, when known statically.
    pub operands: Option<Operands>,
}

impl Instruction {
    pub fn is_truncated(&self) -> bool {
        self.immediate.len() < self.immediate_len
    }
}

/// Immediate length of `byte` in `interface`.
fn immediate_len(interface: Interface, byte: u8) -> usize {
    if (opcode::PUSH1..=opcode::PUSH32).contains(&byte) {
        (byte - opcode::PUSH1 + 1) as usize
    } else if Op::from_opcode(byte).is_some() {
        interface.immediate_len()
    } else {
        0
    }
}

/// The operands of an EVM384 opcode whose one stack word was pushed by `prev` (a complete
/// PUSH): v7/v8's and v7s' packed offsets, v6's register indices. v1–v5 take several stack
/// items, shown as pushed.
fn pushed_operands(interface: Interface, prev: &Instruction) -> Option<Operands> {
    let is_push = (opcode::PUSH1..=opcode::PUSH32).contains(&prev.opcode);
    if !is_push || prev.is_truncated() {
        return None;
    }
    let mut word = [0u8; 32];
    word[32 - prev.immediate.len()..].copy_from_slice(&prev.immediate);
    let low = u64::from_be_bytes(word[24..].try_into().unwrap());
    match interface.addressing() {
        Addressing::PackedWord { field_bytes: 4 } => Some(Operands::from_stack_word(&word)),
        Addressing::PackedWord { .. } => Some(Operands::from_v7s_word(low)),
        Addressing::Registers => Some(Operands::from_v6_word(low)),
        Addressing::StackItems { .. } | Addressing::Immediate => None,
    }
}

/// Decodes `code` instruction by instruction.
pub fn disassemble(interface: Interface, code: &[u8]) -> Vec<Instruction> {
    let mut out: Vec<Instruction> = Vec::new();
    let mut pc = 0;
    while pc < code.len() {
        let byte = code[pc];
        let len = immediate_len(interface, byte);
        let immediate = code[pc + 1..code.len().min(pc + 1 + len)].to_vec();
        let operands = match (Op::from_opcode(byte), interface) {
            (None, _) => None,
            (Some(_), Interface::V9) => Some(Operands::from_immediate(&immediate)),
            (Some(_), _) => out.last().and_then(|prev| pushed_operands(interface, prev)),
        };
        out.push(Instruction { pc, opcode: byte, immediate, immediate_len: len, operands });
        pc += 1 + len;
    }
    out
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04x}: {}", self.pc, mnemonic(self.opcode))?;
        match (&self.operands, Op::from_opcode(self.opcode)) {
            (Some(o), _) => write!(f, " out={:#x} x={:#x} y={:#x} params={:#x}", o.out, o.x, o.y, o.params)?,
            (None, Some(_)) => f.write_str(" (operands from the stack)")?,
            (None, None) if self.immediate_len > 0 => write!(f, " 0x{}", hex::encode(&self.immediate))?,
            _ => {}
        }
        if self.is_truncated() {
            write!(f, " (truncated: {} of {} immediate bytes)", self.immediate.len(), self.immediate_len)?;
        }
        Ok(())
    }
}

/// The whole listing, one instruction a line.
pub fn listing(interface: Interface, code: &[u8]) -> String {
    disassemble(interface, code).iter().map(|i| format!("{i}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use evm384_arith::isa::encode;

    #[test]
    fn decodes_operands_in_every_interface() {
        let ops = Operands { out: 0x900, x: 0x30, y: 0x60, params: 0x90 };
        for interface in Interface::MAIN {
            let code = encode(interface, Op::MulModMont384, &ops, 0).unwrap();
            let text = listing(interface, &code);
            assert!(text.contains("MULMODMONT384 out=0x900 x=0x30 y=0x60 params=0x90"), "{interface}: {text}");
        }
    }

    #[test]
    fn v7_without_push_and_truncated_v9() {
        assert!(listing(Interface::V7, &[0x80, 0xc0]).contains("ADDMOD384 (operands from the stack)"));
        let text = listing(Interface::V9, &[0xc1, 1, 0, 0, 0]);
        assert!(text.contains("SUBMOD384 out=0x1 x=0x0 y=0x0 params=0x0 (truncated: 4 of 16"), "{text}");
        assert_eq!(listing(Interface::V7, &[0x60, 0x5b]), "0000: PUSH1 0x5b\n");
    }
}
