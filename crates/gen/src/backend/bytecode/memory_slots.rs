//! Slots kept in memory, one word or more each (EVM384's 48 bytes, today's EVM's 32:
//! `Layout::bytes`): the moves every such instruction set shares, by MCOPY.

use super::emitter::Emitter;
use super::opc::*;
use crate::ir::PAIR_END_ADDR;

impl Emitter<'_> {
    pub(super) fn copy_in_memory(&mut self, dst: u32, src: u32, n: u32) {
        let b = self.layout.bytes as u64;
        self.push(b * n as u64);
        self.push_slot_addr(src);
        self.push_slot_addr(dst);
        self.op(MCOPY); // MCOPY(dst, src, len)
    }

    pub(super) fn record_to_work_in_memory(&mut self, read: u32) {
        let b = self.layout.bytes as u64;
        let l = self.prog.pairs;
        self.push(b * read as u64);
        self.op(DUP2);
        self.push_slot_addr(l.work);
        self.op(MCOPY); // work ← record
    }

    pub(super) fn work_to_record_in_memory(&mut self) {
        let b = self.layout.bytes as u64;
        let l = self.prog.pairs;
        let (wb_off, wb_n) = l.writeback;
        self.push(b * wb_n as u64);
        self.push_slot_addr(l.work + wb_off);
        self.op(DUP3);
        self.push(b * wb_off as u64);
        self.op(ADD);
        self.op(MCOPY); // record.T ← work.T
    }

    pub(super) fn append_work_in_memory(&mut self) {
        let b = self.layout.bytes as u64;
        let l = self.prog.pairs;
        self.push(b * l.record as u64);
        self.push_slot_addr(l.work);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(MCOPY); // array[end] ← work
    }

    /// MCOPY of the entry, its address computed on the stack (the same code for every entry).
    pub(super) fn table_entry_in_memory(&mut self, eb: u32, (table, n, tmp): (u32, u32, u32)) {
        let b = self.layout.bytes as u64;
        let len = b * n as u64;
        self.push(len);
        self.op(DUP2);
        self.push(248);
        self.op(SHR);
        self.push((1 << eb) - 1);
        self.op(AND); // [w, len, entry]
        self.push(len);
        self.op(MUL);
        self.push_slot_addr(table);
        self.op(ADD); // [w, len, src]
        self.push_slot_addr(tmp);
        self.op(MCOPY); // tmp ← table[entry]
    }
}
