//! The EVM384 side of the bytecode back-end (interfaces v7, v8, v9): slots are 48-byte memory
//! words at `ir::slot_addr`, arithmetic is `evm384_arith::isa::encode`, copies are MCOPY.

use evm384_arith::isa::{encode, Interface, Op, Operands};
use evm384_arith::{to_be_bytes, to_le_bytes, Limbs};

use super::opc::*;
use super::{Emitter, Label};
use crate::ir::{slot_addr, Node, Program, INPUT_PTR_ADDR, PAIR_END_ADDR, PARAMS_ADDR, SLOTS_ADDR};

/// Length of the runtime code's trailing data blob in EVM384 code.
pub fn data_blob_len(prog: &Program) -> usize {
    SLOTS_ADDR as usize + 48 * prog.consts.len()
}

/// Memory image `0..SLOTS_ADDR + 48·consts`: params (p, inv), the input pointer (0), the end of
/// the (empty) pair array, the constant slots.
fn data_blob(prog: &Program, iface: Interface) -> Vec<u8> {
    let mut b = vec![0u8; data_blob_len(prog)];
    let f = &prog.field;
    let p = PARAMS_ADDR as usize;
    b[p..p + 48].copy_from_slice(&value_bytes(iface, &f.m));
    let inv = if iface.big_endian_values() { f.inv.to_be_bytes() } else { f.inv.to_le_bytes() };
    b[p + 48..p + 56].copy_from_slice(&inv);
    let end = slot_addr(prog.pairs.base) as u64;
    let w = PAIR_END_ADDR as usize;
    b[w + 24..w + 32].copy_from_slice(&end.to_be_bytes());
    let _ = INPUT_PTR_ADDR; // stays zero
    for (i, v) in prog.consts.iter().enumerate() {
        let a = slot_addr(i as u32) as usize;
        b[a..a + 48].copy_from_slice(&value_bytes(iface, v));
    }
    b
}

/// A 48-byte value as stored in memory by the interface.
pub fn value_bytes(iface: Interface, v: &Limbs) -> [u8; 48] {
    if iface.big_endian_values() {
        to_be_bytes(v)
    } else {
        to_le_bytes(v)
    }
}

impl Emitter<'_> {
    /// memory[0..] ← the data blob: params, the two scratch words, the constants.
    pub(super) fn prologue_evm384(&mut self, iface: Interface, data: Label) -> Vec<u8> {
        let blob = data_blob(self.prog, iface);
        self.push(blob.len() as u64);
        self.push_label(data);
        self.op(PUSH0);
        self.op(CODECOPY);
        blob
    }

    pub(super) fn arith_evm384(&mut self, iface: Interface, n: &Node) {
        let Node::Op { op, out, x, y } = *n else { unreachable!("arithmetic only") };
        let ops = Operands { out: slot_addr(out), x: slot_addr(x), y: slot_addr(y), params: PARAMS_ADDR };
        self.code.extend(&encode(iface, op, &ops));
    }

    /// Pushes sgn0(x) (`Cond::Sgn0`): each coefficient out of Montgomery form into `tmp`, then
    /// its lowest byte's parity (byte 0 in v7/v9, byte 47 in v8).
    pub(super) fn sgn0_evm384(&mut self, iface: Interface, x: u32, n: u32, one: u32, tmp: u32) {
        let t = slot_addr(tmp) as u64;
        let parity = |e: &mut Self| {
            if iface.big_endian_values() {
                e.push(t + 16);
                e.op(MLOAD);
            } else {
                e.push(t);
                e.op(MLOAD);
                e.push(248);
                e.op(SHR);
            }
            e.push(1);
            e.op(AND);
        };
        let canonical = |e: &mut Self, s: u32| {
            e.arith_evm384(iface, &Node::Op { op: Op::MulModMont384, out: tmp, x: s, y: one });
        };
        canonical(self, x);
        parity(self); // [s0]
        if n == 2 {
            self.push(t);
            self.op(MLOAD);
            self.push(t + 16);
            self.op(MLOAD);
            self.op(OR);
            self.op(ISZERO); // [s0, x0 = 0]
            canonical(self, x + 1);
            parity(self);
            self.op(AND);
            self.op(OR); // s0 ∨ (x0 = 0 ∧ s1)
        }
    }

    /// Each slot converted out of Montgomery form into `tmp` (a product with the raw one), then
    /// written as the program's encoding says from the address where the pair records would
    /// start (the caller RETURNs them): an element of 64 bytes (EIP-2537: 16 zero bytes, then
    /// the value big-endian) as two words, the value's bits 256.. and its low 256 bits; one of
    /// 32 bytes (EIP-196, a value below 2^256) as the low word alone. v8 holds values big-endian
    /// already; v7 and v9 reverse the bytes of the words (as `load_input_evm384` does the other
    /// way).
    pub(super) fn return_fields_evm384(&mut self, iface: Interface, slots: &[u32], one: u32, tmp: u32) {
        let out = slot_addr(self.prog.pairs.base) as u64;
        let len = self.prog.encoding.bytes() as u64;
        let d = slot_addr(tmp) as u64;
        for (i, &s) in slots.iter().enumerate() {
            let at = out + len * i as u64;
            self.arith_evm384(iface, &Node::Op { op: Op::MulModMont384, out: tmp, x: s, y: one });
            if len == 32 {
                if iface.big_endian_values() {
                    self.push(d + 16);
                    self.op(MLOAD); // value bytes 16..48
                } else {
                    self.push(d);
                    self.op(MLOAD);
                    self.bswap256(); // the low 32 bytes, big-endian
                }
                self.push(at);
                self.op(MSTORE);
            } else if iface.big_endian_values() {
                self.push(d);
                self.op(MLOAD);
                self.push(128);
                self.op(SHR); // 16 zero bytes ‖ value bytes 0..16
                self.push(at);
                self.op(MSTORE);
                self.push(d + 16);
                self.op(MLOAD); // value bytes 16..48
                self.push(at + 32);
                self.op(MSTORE);
            } else {
                self.push(d);
                self.op(MLOAD);
                self.bswap256(); // the low 32 bytes, big-endian
                self.push(at + 32);
                self.op(MSTORE);
                self.push(d + 32);
                self.op(MLOAD);
                self.call_bswap();
                self.push(128);
                self.op(SHR); // 16 zero bytes ‖ the high 16 bytes, big-endian
                self.push(at);
                self.op(MSTORE);
            }
        }
    }

    pub(super) fn copy_evm384(&mut self, dst: u32, src: u32, n: u32) {
        self.push(48 * n as u64);
        self.push(slot_addr(src) as u64);
        self.push(slot_addr(dst) as u64);
        self.op(MCOPY); // MCOPY(dst, src, len)
    }

    pub(super) fn record_to_work_evm384(&mut self, read: u32) {
        let l = self.prog.pairs;
        self.push(48 * read as u64);
        self.op(DUP2);
        self.push(slot_addr(l.work) as u64);
        self.op(MCOPY); // work ← record
    }

    pub(super) fn work_to_record_evm384(&mut self) {
        let l = self.prog.pairs;
        let (wb_off, wb_n) = l.writeback;
        self.push(48 * wb_n as u64);
        self.push(slot_addr(l.work + wb_off) as u64);
        self.op(DUP3);
        self.push(48 * wb_off as u64);
        self.op(ADD);
        self.op(MCOPY); // record.T ← work.T
    }

    pub(super) fn append_work_evm384(&mut self) {
        let l = self.prog.pairs;
        self.push(48 * l.record as u64);
        self.push(slot_addr(l.work) as u64);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(MCOPY); // array[end] ← work
    }

    /// MCOPY of the entry, its address computed on the stack (the same code for every entry).
    pub(super) fn table_entry_evm384(&mut self, eb: u32, (table, n, tmp): (u32, u32, u32)) {
        let len = 48 * n as u64;
        self.push(len);
        self.op(DUP2);
        self.push(248);
        self.op(SHR);
        self.push((1 << eb) - 1);
        self.op(AND); // [w, len, entry]
        self.push(len);
        self.op(MUL);
        self.push(slot_addr(table) as u64);
        self.op(ADD); // [w, len, src]
        self.push(slot_addr(tmp) as u64);
        self.op(MCOPY); // tmp ← table[entry]
    }

    /// The big-endian field element x of the current pair (`FieldEncoding::bytes`) → slot `dst`
    /// (interface order): x must be below p (`checked_words`); then `dst` ← x·R² / R = x·R.
    pub(super) fn load_input_evm384(&mut self, iface: Interface, dst: u32, offset: u32, r2: u32) {
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.push(offset as u64);
        self.op(ADD); // [a]
        let two_words = self.checked_words(self.prog.encoding.bytes()); // [hi, lo] or [lo]
        let d = slot_addr(dst) as u64;
        if !two_words {
            // bytes of the slot the value leaves zero (its top 16), then the value
            self.op(PUSH0);
            if iface.big_endian_values() {
                self.push(d);
                self.op(MSTORE); // bytes d..d+32 = 0
                self.push(d + 16);
                self.op(MSTORE); // bytes d+16..d+48 = lo
            } else {
                self.push(d + 16);
                self.op(MSTORE); // bytes d+16..d+48 = 0
                self.bswap256();
                self.push(d);
                self.op(MSTORE); // bytes d..d+32 = lo little-endian
            }
        } else if iface.big_endian_values() {
            self.op(SWAP1);
            self.push(128);
            self.op(SHL);
            self.push(d);
            self.op(MSTORE); // bytes d..d+16 = hi
            self.push(d + 16);
            self.op(MSTORE); // bytes d+16..d+48 = lo
        } else {
            self.bswap256(); // [hi, bswap256(lo)]
            self.op(SWAP1);
            self.call_bswap(); // [bswap(lo), bswap128(hi)]
            self.push(d + 16);
            self.op(MSTORE); // bytes d+32..d+48 = hi little-endian
            self.push(d);
            self.op(MSTORE); // bytes d..d+32 = lo little-endian
        }
        self.arith_evm384(iface, &Node::Op { op: Op::MulModMont384, out: dst, x: dst, y: r2 });
    }

    /// [a] → [hi, lo] (`len` > 32) or [lo] (`len` ≤ 32): the `len`-byte big-endian field
    /// element at calldata a as its bits 256.. (`hi`, below 2^128) and its low 256 bits (`lo`);
    /// INVALID unless the element is below p. Over 48 bytes (EIP-2537's 64) its top `len` − 48
    /// bytes must be zero and the rest below p; of 32 bytes or fewer (EIP-196's 32, where p <
    /// 2^256 since `FieldEncoding::check` has p fit the value) one comparison with p does.
    /// Calldata is read by CALLDATALOAD: bytes past its end are zero.
    fn checked_words(&mut self, len: u32) -> bool {
        assert!((1..=64).contains(&len), "a field element of one or two words");
        let inv = self.invalid;
        let p = &self.prog.field.m;
        let mut p_lo = [0u8; 32];
        p_lo.copy_from_slice(&to_be_bytes(p)[16..]);
        if len <= 32 {
            self.op(CALLDATALOAD);
            if len < 32 {
                self.push(8 * (32 - len) as u64);
                self.op(SHR);
            } // [lo]
            self.op(DUP1);
            self.push32(&p_lo);
            self.op(GT); // p > lo
            self.op(ISZERO);
            self.jumpi_to(inv); // value >= p
            return false;
        }
        let mut p_hi = [0u8; 32];
        p_hi[16..].copy_from_slice(&to_be_bytes(p)[..16]);
        self.op(DUP1);
        self.op(CALLDATALOAD); // [a, the element's first 32 bytes]
        if len < 64 {
            self.push(8 * (64 - len) as u64);
            self.op(SHR);
        } // [a, hi] (its len − 32 bytes)
        if len > 48 {
            self.op(DUP1);
            self.push(128);
            self.op(SHR);
            self.jumpi_to(inv); // top len − 48 bytes must be zero
        }
        self.op(SWAP1);
        self.push(len as u64 - 32);
        self.op(ADD);
        self.op(CALLDATALOAD); // [hi, lo]
        self.op(DUP2);
        self.push32(&p_hi);
        self.op(GT); // p_hi > hi
        self.op(DUP3);
        self.push32(&p_hi);
        self.op(EQ); // hi == p_hi
        self.op(DUP3);
        self.push32(&p_lo);
        self.op(GT); // p_lo > lo
        self.op(AND);
        self.op(OR);
        self.op(ISZERO);
        self.jumpi_to(inv); // value >= p
        true
    }

    /// `Node::LoadInputs`: a runtime loop over the n elements (checks, byte order, store at the
    /// slot address computed on the stack), then the n conversions by R² (their operands are
    /// static: one instruction each).
    pub(super) fn load_inputs_evm384(
        &mut self,
        iface: Interface,
        dst: u32,
        n: u32,
        offset: u32,
        r2: u32,
        packed: bool,
    ) {
        let len = self.prog.encoding.element_bytes(packed);
        let top = self.label();
        self.op(PUSH0); // [i]
        self.place(top);
        self.op(DUP1);
        self.push(len as u64);
        self.op(MUL);
        self.push(offset as u64);
        self.op(ADD);
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.op(ADD); // [i, a]
        let two_words = self.checked_words(len); // [i, hi, lo] or [i, lo]
        self.op(if two_words { DUP3 } else { DUP2 });
        self.push(48);
        self.op(MUL);
        self.push(slot_addr(dst) as u64);
        self.op(ADD); // [i, hi, lo, d] or [i, lo, d]
        if !two_words {
            self.op(PUSH0);
            if iface.big_endian_values() {
                self.op(DUP2);
                self.op(MSTORE); // bytes d..d+32 = 0
                self.push(16);
                self.op(ADD);
                self.op(MSTORE); // bytes d+16..d+48 = lo
            } else {
                self.op(DUP2);
                self.push(16);
                self.op(ADD);
                self.op(MSTORE); // bytes d+16..d+48 = 0
                self.op(SWAP1);
                self.bswap256();
                self.op(SWAP1);
                self.op(MSTORE); // bytes d..d+32 = lo little-endian
            }
        } else if iface.big_endian_values() {
            self.op(DUP3);
            self.push(128);
            self.op(SHL);
            self.op(DUP2);
            self.op(MSTORE); // bytes d..d+16 = hi (d+16..d+32 zero, rewritten next)
            self.push(16);
            self.op(ADD);
            self.op(MSTORE); // bytes d+16..d+48 = lo
            self.op(POP); // [i]
        } else {
            self.op(SWAP1); // [i, hi, d, lo]
            self.bswap256();
            self.op(SWAP2); // [i, blo, d, hi]
            self.call_bswap(); // [i, blo, d, bhi]
            self.op(DUP2);
            self.push(16);
            self.op(ADD);
            self.op(MSTORE); // bytes d+32..d+48 = hi little-endian
            self.op(MSTORE); // bytes d..d+32 = lo little-endian
        }
        self.push(1);
        self.op(ADD);
        self.op(DUP1);
        self.push(n as u64);
        self.op(GT); // n > i + 1
        self.jumpi_to(top);
        self.op(POP);
        for i in 0..n {
            self.arith_evm384(iface, &Node::Op { op: Op::MulModMont384, out: dst + i, x: dst + i, y: r2 });
        }
    }

    /// [x] → [x with its 32 bytes reversed]: the bytes of each 128-bit half reversed by the
    /// subroutine, then the halves swapped.
    fn bswap256(&mut self) {
        self.call_bswap();
        self.op(DUP1);
        self.push(128);
        self.op(SHR);
        self.op(SWAP1);
        self.push(128);
        self.op(SHL);
        self.op(OR);
    }

    fn call_bswap(&mut self) {
        let ret = self.label();
        self.push_label(ret);
        self.op(SWAP1);
        let b = self.bswap;
        self.jump_to(b);
        self.place(ret);
    }

    /// [ret, x] → [y]: reverses the bytes inside each 128-bit half of x:
    /// y = ((x >> s) & M_s) | ((x & M_s) << s) for s = 8, 16, 32, 64.
    pub(super) fn bswap_lanes_sub(&mut self) {
        let b = self.bswap;
        self.place(b);
        for s in [8u32, 16, 32, 64] {
            let mut m = [0u8; 32];
            for (i, byte) in m.iter_mut().enumerate() {
                // low s bits of each 2s-bit lane: byte i (big-endian) is in lane-relative
                // position (i mod (2s/8)); the low half is the second half of the lane.
                let lane = (2 * s / 8) as usize;
                if i % lane >= lane / 2 {
                    *byte = 0xff;
                }
            }
            self.op(DUP1);
            self.push(s as u64);
            self.op(SHR);
            self.push32(&m);
            self.op(AND);
            self.op(SWAP1);
            self.push32(&m);
            self.op(AND);
            self.push(s as u64);
            self.op(SHL);
            self.op(OR);
        }
        self.op(SWAP1);
        self.op(JUMP);
    }
}
