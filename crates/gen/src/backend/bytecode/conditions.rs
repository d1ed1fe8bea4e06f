//! Conditions as a word on the stack: equality of slots or memory, the input's words, the
//! empty pair array, a GLV half's sign, RFC 9380's sgn0, negation.

use super::emitter::{Emitter, Isa};
use super::opc::*;
use crate::ir::{Cond, INPUT_PTR_ADDR, PAIR_END_ADDR};
use evm384_arith::isa::Interface;

impl Emitter<'_> {
    /// Pushes 1/0 (or, for `InputNonZero`, any non-zero word / 0).
    pub(super) fn cond(&mut self, c: &Cond) {
        match *c {
            Cond::Eq(a, b, n) => self.slots_equal(a, b, n),
            Cond::Ne(a, b, n) => {
                self.cond(&Cond::Eq(a, b, n));
                self.op(ISZERO);
            }
            Cond::InputNonZero { offset, len } => {
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD); // [ptr]
                for (i, o) in (0..len).step_by(32).enumerate() {
                    self.op(if i == 0 { DUP1 } else { DUP2 });
                    self.push((offset + o) as u64);
                    self.op(ADD);
                    self.op(CALLDATALOAD);
                    if i > 0 {
                        self.op(OR);
                    }
                }
                self.op(SWAP1);
                self.op(POP);
            }
            Cond::InputZero { offset, len } => {
                self.cond(&Cond::InputNonZero { offset, len });
                self.op(ISZERO);
            }
            Cond::NoPairs => {
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                let base = self.pair_base_addr();
                self.push(base);
                self.op(EQ);
            }
            Cond::Sgn0 { x, n, one, tmp } => match *self.isa {
                Isa::Evm384(i) => self.sgn0_evm384(i, x, n, one, tmp),
                Isa::Evmmax(_) => self.sgn0_evmmax(x, n),
                Isa::Evm if self.wide() => self.sgn0_evm384(Interface::V8, x, n, one, tmp),
                Isa::Evm => self.sgn0_evm(x, n),
            },
            Cond::Not(ref c) => {
                self.cond(c);
                self.op(ISZERO);
            }
        }
    }

    /// Pushes 1 iff slots `a..a+n` equal `b..b+n`.
    fn slots_equal(&mut self, a: u32, b: u32, n: u32) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => {
                let (a, b) = (self.slot_addr(a) as u64, self.slot_addr(b) as u64);
                self.memory_equal(a, b, self.slot_bytes() * n as u64)
            }
            Isa::Evmmax(_) => self.slots_equal_evmmax(a, b, n),
        }
    }

    /// Pushes 1 iff memory `a..a+len` equals `b..b+len` (32-byte words; an overlapping last word
    /// where `len` is no multiple of 32; under 32 bytes, the top `len` bytes of one word each).
    pub(super) fn memory_equal(&mut self, a: u64, b: u64, len: u64) {
        if len < 32 {
            for x in [a, b] {
                self.push(x);
                self.op(MLOAD);
                self.push(8 * (32 - len));
                self.op(SHR);
            }
            self.op(EQ);
            return;
        }
        let mut offs: Vec<u64> = (0..len / 32).map(|i| 32 * i).collect();
        if !len.is_multiple_of(32) {
            offs.push(len - 32);
        }
        for (i, o) in offs.into_iter().enumerate() {
            self.push(a + o);
            self.op(MLOAD);
            self.push(b + o);
            self.op(MLOAD);
            self.op(EQ);
            if i > 0 {
                self.op(AND);
            }
        }
    }
}
