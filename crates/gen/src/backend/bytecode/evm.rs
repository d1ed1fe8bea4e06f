//! Today's EVM side of the bytecode back-end (no new opcode). A field of 257..381 bits takes two
//! words a value: `evm_wide`. A field below 2^256 (BN254's) takes one, each slot a 32-byte memory
//! word at `ir::SLOTS_ADDR` + 32·slot ([`layout`]) holding the slot's raw residue r (what EVM384
//! memory holds: Montgomery form with R = 2^384) as the value r·R⁻¹ mod p, big-endian, as an
//! EVMMAX register does: MULMOD multiplies values, so on residues it computes r₁·r₂·R⁻¹ as
//! MULMODMONT384 does. So a constant v is stored as v·R⁻¹ mod p, an input x as itself (its
//! residue is x·R), and an output is the word itself.
//!
//! Arithmetic, p read from memory 0 each time (`PUSH0 MLOAD`: two bytes, against PUSH32's 33):
//! x + y is `ADDMOD(x, y, p)`, x·y `MULMOD(x, y, p)`, x − y `ADDMOD(x, p − y, p)` (y < p, so
//! p − y fits a word, and ADDMOD reduces p itself to 0). Copies, pair records and window tables
//! move by MCOPY (`memory_slots`).

use evm384_arith::isa::Op;
use evm384_arith::to_be_bytes;

use super::code::Label;
use super::emitter::Emitter;
use super::evm384::Layout;
use super::opc::*;
use super::AssembleError;
use crate::ir::{bit_len, Node, Program, INPUT_PTR_ADDR, PAIR_END_ADDR, PARAMS_ADDR, SLOTS_ADDR};

/// Bytes of a slot: one EVM word.
const WORD: u32 = 32;

/// The layout of today's EVM code: one word a slot for a field below 2^256; 48 bytes, v8's, for
/// one below 2^381 (`evm_wide`: R = 2^384 must exceed 4p).
pub(super) fn layout(prog: &Program) -> Result<Layout, AssembleError> {
    match bit_len(&prog.field.m) {
        0..=256 => Ok(Layout { slots: SLOTS_ADDR, bytes: WORD, scratch: None, shared: None }),
        257..=381 => Ok(Layout { slots: SLOTS_ADDR, bytes: 48, scratch: None, shared: None }),
        bits => Err(AssembleError::Interface(format!(
            "today's EVM back-end (evm) takes fields below 2^381; this p has {bits} bits"
        ))),
    }
}

/// The low 32 bytes of a value below 2^256, big-endian.
fn word(v: &evm384_arith::Limbs) -> [u8; 32] {
    let mut w = [0u8; 32];
    w.copy_from_slice(&to_be_bytes(v)[16..]);
    w
}

impl Emitter<'_> {
    /// Whether the field takes two words (`evm_wide`).
    pub(super) fn wide(&self) -> bool {
        self.layout.bytes == 48
    }

    /// memory[0..] ← p (one-word fields), the input pointer (0), the end of the (empty) pair
    /// array, the constants (one-word fields: as values; two-word fields: as residues, 48 bytes
    /// big-endian): one CODECOPY of the blob returned.
    pub(super) fn prologue_evm(&mut self, data: Label) -> Vec<u8> {
        let prog = self.prog;
        let f = &prog.field;
        let consts_end = self.slot_addr(prog.consts.len() as u32) as usize;
        let mut b = vec![0u8; consts_end.max(self.layout.slots as usize)];
        let end = self.slot_addr(prog.pairs.base) as u64;
        let w = PAIR_END_ADDR as usize;
        b[w + 24..w + 32].copy_from_slice(&end.to_be_bytes());
        let _ = INPUT_PTR_ADDR; // stays zero
        if self.wide() {
            for (i, v) in prog.consts.iter().enumerate() {
                let a = self.slot_addr(i as u32) as usize;
                b[a..a + 48].copy_from_slice(&to_be_bytes(v));
            }
        } else {
            let p = PARAMS_ADDR as usize;
            b[p..p + 32].copy_from_slice(&word(&f.m));
            for (i, v) in prog.consts.iter().enumerate() {
                let a = self.slot_addr(i as u32) as usize;
                b[a..a + 32].copy_from_slice(&word(&f.from_mont(v))); // the residue v as v·R⁻¹
            }
        }
        self.push(b.len() as u64);
        self.push_label(data);
        self.op(PUSH0);
        self.op(CODECOPY);
        b
    }

    /// One operation on words in memory, p from memory 0.
    pub(super) fn arith_evm(&mut self, n: &Node) {
        let Node::Op { op, out, x, y } = *n else { unreachable!("arithmetic only") };
        self.op(PUSH0);
        self.op(MLOAD); // [p]
        self.push_slot_addr(y);
        self.op(MLOAD); // [p, y]
        if op == Op::SubMod384 {
            self.op(DUP2);
            self.op(SUB); // [p, p − y]
        }
        self.push_slot_addr(x);
        self.op(MLOAD);
        self.op(if op == Op::MulModMont384 { MULMOD } else { ADDMOD });
        self.push_slot_addr(out);
        self.op(MSTORE);
    }

    /// Pushes sgn0(x) (`Cond::Sgn0`): the parity of each coefficient's value.
    pub(super) fn sgn0_evm(&mut self, x: u32, n: u32) {
        assert!(n == 1 || n == 2);
        let parity = |e: &mut Self, s: u32| {
            e.push_slot_addr(s);
            e.op(MLOAD);
            e.push(1);
            e.op(AND);
        };
        parity(self, x); // [s0]
        if n == 2 {
            self.push_slot_addr(x);
            self.op(MLOAD);
            self.op(ISZERO); // [s0, x0 = 0]
            parity(self, x + 1);
            self.op(AND);
            self.op(OR); // s0 ∨ (x0 = 0 ∧ s1)
        }
    }

    /// Each slot's word written as the program's encoding says (its `len` − 32 leading bytes
    /// zero) from the address where the pair records would start; the caller RETURNs them.
    pub(super) fn return_fields_evm(&mut self, slots: &[u32]) {
        let out = self.slot_addr(self.prog.pairs.base) as u64;
        let len = self.prog.encoding.bytes() as u64;
        assert!(len >= 32 && len.is_multiple_of(32), "an element of whole words holds the value");
        for (i, &s) in slots.iter().enumerate() {
            let at = out + len * i as u64;
            for pad in (0..len - 32).step_by(32) {
                self.op(PUSH0);
                self.push(at + pad);
                self.op(MSTORE);
            }
            self.push_slot_addr(s);
            self.op(MLOAD);
            self.push(at + len - 32);
            self.op(MSTORE);
        }
    }

    /// The field element at `offset` of the current input, checked below p, → slot `dst`.
    pub(super) fn load_input_evm(&mut self, dst: u32, offset: u32) {
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.push(offset as u64);
        self.op(ADD); // [a]
        self.checked_word(self.prog.encoding.bytes()); // [x]
        self.push_slot_addr(dst);
        self.op(MSTORE);
    }

    /// `Node::LoadInputs`: a runtime loop over the n elements, each checked below p and stored
    /// at the slot address computed on the stack.
    pub(super) fn load_inputs_evm(&mut self, dst: u32, n: u32, offset: u32, packed: bool) {
        let len = self.prog.encoding.element_bytes(packed);
        let top = self.label();
        self.op(PUSH0); // [i]
        self.place(top);
        self.element_address(len, offset); // [i, a]
        self.checked_word(len); // [i, x]
        self.op(DUP2);
        self.push(WORD as u64);
        self.op(MUL);
        self.push_slot_addr(dst);
        self.op(ADD); // [i, x, d]
        self.op(MSTORE); // [i]
        self.next_element(n, top); // []
    }

    /// [a] → [x]: the `len`-byte element at calldata a, INVALID unless below p (over 32 bytes,
    /// `checked_words` has its bits 256.. zero, as p < 2^256).
    fn checked_word(&mut self, len: u32) {
        if self.checked_words(len) {
            self.op(SWAP1);
            self.op(POP);
        }
    }
}
