//! Each node's encoding: calls, loops over bits, windows, pairs, inputs and scalar windows,
//! conditions, input checks, returns, phase marks.

use super::code::Label;
use super::emitter::{Emitter, Isa};
use super::opc::*;
use crate::ir::{InputLength, Node, INPUT_PTR_ADDR, PAIR_END_ADDR};
use evm384_arith::isa::Interface;

/// Bit loops with at most this many ones are emitted as counted runs (see `for_bits_sparse`).
const SPARSE_SET_BITS: usize = 16;

impl Emitter<'_> {
    pub(super) fn node(&mut self, n: &Node) {
        let pairs = self.prog.pairs;
        let vb = self.slot_bytes();
        match n {
            Node::Op { .. } => self.arith_run(std::slice::from_ref(n)),
            Node::Copy { dst, src, n } => self.copy_slots(*dst, *src, *n),
            Node::Call(id) => {
                let ret = self.label();
                self.push_label(ret);
                let sub = self.subs[*id];
                self.jump_to(sub);
                self.place(ret);
            }
            Node::ForBits { bits, always, if_set } => {
                if bits.iter().filter(|&&b| b).count() <= SPARSE_SET_BITS {
                    self.for_bits_sparse(bits, always, if_set);
                } else {
                    for chunk in bits.chunks(255) {
                        self.for_bits_chunk(chunk, always, if_set);
                    }
                }
            }
            Node::ForWindows { windows, table, n, tmp, always, then } if self.opts.straight_windows => {
                for w in windows {
                    for _ in 0..w.sqr {
                        self.block(always);
                    }
                    self.copy_slots(*tmp, table + n * w.entry, *n); // tmp ← table[entry]
                    self.block(then);
                }
            }
            Node::ForWindows { windows, table, n, tmp, always, then } => {
                self.for_windows(windows, (*table, *n, *tmp), always, then)
            }
            Node::ForEachPair { read, body } => match self.pair_cache {
                Some(cache) => self.for_each_pair_cached(*read, body, cache),
                None => {
                    let base = self.pair_base_addr();
                    self.push(base); // [a]
                    self.records_from(*read, body);
                }
            },
            Node::CachePairs { .. } => {
                if let Some(cache) = self.pair_cache {
                    self.load_pair_cache(cache);
                }
            }
            Node::ForEachInput { start, stride, body } => {
                let (top, done) = (self.label(), self.label());
                self.push(*start as u64);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MSTORE); // ptr = start
                self.place(top);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                self.op(CALLDATASIZE);
                self.op(GT); // size > ptr
                self.op(ISZERO);
                self.jumpi_to(done);
                self.block(body);
                self.push(*stride as u64);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                self.op(ADD);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MSTORE); // ptr += stride
                self.jump_to(top);
                self.place(done);
            }
            Node::ScalarHalf { .. } | Node::Scalar { .. } if vb < 32 => {
                self.unsupported.get_or_insert("a 256-bit scalar word in a record slot narrower than 32 bytes");
            }
            Node::ScalarHalf { offset, slot, split, high } => {
                self.scalar_half(*offset, split, *high); // [half]
                self.push(vb * (pairs.record - slot) as u64);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // [half, record slot address]
                self.op(MSTORE);
            }
            Node::Scalar { offset, slot } => {
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                if *offset > 0 {
                    self.push(*offset as u64);
                    self.op(ADD);
                }
                self.op(CALLDATALOAD); // [s]
                self.push(vb * (pairs.record - slot) as u64);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // [s, record slot address]
                self.op(MSTORE);
            }
            Node::ForScalarWindows { width, windows, scalar, table, entry, tmp, records: Some(n), double, add } => {
                let rec = vb * pairs.record as u64;
                let outer = self.label();
                self.push((width * (windows - 1)) as u64); // [shift]
                self.place(outer);
                for i in 0..*n as u64 {
                    let a = self.pair_base_addr() + rec * i;
                    self.push(a + vb * *scalar as u64);
                    self.op(MLOAD);
                    self.op(DUP2);
                    self.op(SHR);
                    self.push((1u64 << width) - 1);
                    self.op(AND); // [shift, digit]
                    self.push(vb * *entry as u64);
                    self.op(MUL);
                    self.push(a + vb * *table as u64);
                    self.op(ADD); // [shift, entry address]
                    self.record_entry(*entry, *tmp);
                    self.block(add);
                }
                self.next_window(*width, double, outer);
            }
            Node::ForScalarWindows { width, windows, scalar, table, entry, tmp, records: None, double, add } => {
                let rec = vb * pairs.record as u64;
                let (outer, inner, done) = (self.label(), self.label(), self.label());
                self.push((width * (windows - 1)) as u64); // [shift]
                self.place(outer);
                let base = self.pair_base_addr();
                self.push(base); // [shift, a]
                self.exit_after_last_record(done); // no record: no window additions
                self.place(inner);
                self.op(DUP1);
                if *scalar > 0 {
                    self.push(vb * *scalar as u64);
                    self.op(ADD);
                }
                self.op(MLOAD); // [shift, a, s]
                self.op(DUP3);
                self.op(SHR);
                self.push((1u64 << width) - 1);
                self.op(AND); // [shift, a, digit]
                self.push(vb * *entry as u64);
                self.op(MUL);
                self.op(DUP2);
                self.op(ADD);
                self.push(vb * *table as u64);
                self.op(ADD); // [shift, a, entry address]
                self.record_entry(*entry, *tmp); // tmp ← the entry
                self.block(add);
                self.next_record(rec, inner); // tested at the bottom: one jump a record
                self.place(done);
                self.op(POP); // [shift]
                self.next_window(*width, double, outer);
            }
            Node::If(c, body) => {
                let skip = self.label();
                self.cond(c);
                self.op(ISZERO);
                self.jumpi_to(skip);
                self.block(body);
                self.place(skip);
            }
            Node::Assert(c) => {
                self.cond(c);
                self.op(ISZERO);
                let inv = self.invalid;
                self.jumpi_to(inv);
            }
            Node::CheckInputLength(InputLength::MultipleOf(unit)) => {
                let inv = self.invalid;
                self.op(CALLDATASIZE);
                self.op(ISZERO);
                self.jumpi_to(inv); // empty input
                self.push(*unit as u64);
                self.op(CALLDATASIZE);
                self.op(MOD);
                self.jumpi_to(inv); // size % unit != 0
            }
            Node::CheckInputLength(InputLength::MultipleOfOrEmpty(unit)) => {
                let inv = self.invalid;
                self.push(*unit as u64);
                self.op(CALLDATASIZE);
                self.op(MOD);
                self.jumpi_to(inv); // size % unit != 0
            }
            Node::CheckInputLength(InputLength::PrefixThenMultipleOf { prefix, unit }) => {
                let inv = self.invalid;
                self.push(*prefix as u64 + 1);
                self.op(CALLDATASIZE);
                self.op(LT);
                self.jumpi_to(inv); // size < prefix + 1
                self.push(*unit as u64);
                self.push(*prefix as u64);
                self.op(CALLDATASIZE);
                self.op(SUB);
                self.op(MOD);
                self.jumpi_to(inv); // (size − prefix) % unit != 0
            }
            Node::CheckInputLength(InputLength::Exactly(len)) => {
                let inv = self.invalid;
                self.push(*len as u64);
                self.op(CALLDATASIZE);
                self.op(EQ);
                self.op(ISZERO);
                self.jumpi_to(inv); // size != len
            }
            Node::ReturnFields { slots, one, tmp } => {
                match *self.isa {
                    Isa::Evm384(i) => self.return_fields_evm384(i, slots, *one, *tmp),
                    Isa::Evmmax(_) => self.return_fields_evmmax(slots),
                    Isa::Evm if self.wide() => self.return_fields_evm384(Interface::V8, slots, *one, *tmp),
                    Isa::Evm => self.return_fields_evm(slots),
                }
                let len = self.prog.encoding.bytes() as u64 * slots.len() as u64;
                self.push(len);
                let base = self.pair_base_addr();
                self.push(base);
                self.op(RETURN);
            }
            Node::LoadInput { dst, offset, r2 } => self.load_input(*dst, *offset, *r2),
            Node::LoadInputs { dst, n, offset, r2, packed } => match *self.isa {
                Isa::Evm384(i) => self.load_inputs_evm384(i, *dst, *n, *offset, *r2, *packed),
                Isa::Evmmax(_) => self.load_inputs_evmmax(*dst, *n, *offset, *packed),
                Isa::Evm if self.wide() => self.load_inputs_evm384(Interface::V8, *dst, *n, *offset, *r2, *packed),
                Isa::Evm => self.load_inputs_evm(*dst, *n, *offset, *packed),
            },
            Node::AppendPair => {
                let rec = vb * pairs.record as u64;
                self.append_work(); // array[end] ← work
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.push(rec);
                self.op(ADD);
                self.push(PAIR_END_ADDR as u64);
                self.op(MSTORE); // end += record
            }
            Node::Phase(p) => self.marks.push((self.code.len(), *p)),
            Node::ReturnBool(c) => {
                self.cond(c);
                self.op(PUSH0);
                self.op(MSTORE);
                self.push(32);
                self.op(PUSH0);
                self.op(RETURN);
            }
            Node::ReturnMemory if matches!(*self.isa, Isa::Evmmax(_)) || self.layout.shared.is_some() => {
                self.unsupported.get_or_insert("ReturnMemory (a dump of every slot)");
            }
            Node::ReturnMemory => {
                let slots = self.layout.slots as u64;
                self.push(slots);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // end - slot 0's address
                self.push(slots);
                self.op(RETURN);
            }
        }
    }

    /// [shift] after a window's additions: done at shift 0, else `width` doublings (straight: no
    /// loop control per doubling), shift − width, and back to `outer`.
    fn next_window(&mut self, width: u32, double: &[Node], outer: Label) {
        let end = self.label();
        self.op(DUP1);
        self.op(ISZERO);
        self.jumpi_to(end);
        for _ in 0..width {
            self.block(double);
        }
        self.push(width as u64);
        self.op(SWAP1);
        self.op(SUB); // [shift − width]
        self.jump_to(outer);
        self.place(end);
        self.op(POP);
    }

    /// [a] → []: `body` for each record from address a to the array's end, its first `read`
    /// slots brought into the work record and its written-back part stored after it.
    pub(super) fn records_from(&mut self, read: u32, body: &[Node]) {
        let rec = self.slot_bytes() * self.prog.pairs.record as u64;
        let (top, done) = (self.label(), self.label());
        self.exit_after_last_record(done); // no record at all
        self.place(top); // a do-while loop: one JUMPI a record, no JUMP back
        self.record_to_work(read); // work ← record a (its first `read` slots)
        self.block(body);
        self.work_to_record(); // record.T ← work.T
        self.next_record(rec, top);
        self.place(done);
        self.op(POP);
    }

    /// [a] → [a + rec]: back to `top` while a record starts at a + rec (before the array's end).
    fn next_record(&mut self, rec: u64, top: Label) {
        self.push(rec);
        self.op(ADD);
        self.op(DUP1);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(GT); // end > a
        self.jumpi_to(top);
    }

    /// [a] → [a]: jumps to `done` unless a record starts at a (a < the array's end).
    fn exit_after_last_record(&mut self, done: Label) {
        self.op(DUP1);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(GT); // end > a
        self.op(ISZERO);
        self.jumpi_to(done);
    }
}
