//! The EVM384 side of the bytecode back-end (every interface): slots are 48-byte memory words
//! (at `ir::SLOTS_ADDR` + 48·slot, or at v6's registers: [`Layout`]), arithmetic is
//! `evm384_arith::isa::encode`, copies are MCOPY. Today's EVM over a two-word field keeps v8's
//! memory (`evm_wide`): its input, output and sign code is this file's in v8, the arithmetic
//! inside it dispatched by the emitter.

use evm384_arith::isa::{encode, Addressing, Interface, Modulus, Op, Operands, V6_PARAMS_ADDR, V6_REGISTER_BYTES};
use evm384_arith::{to_be_bytes, to_le_bytes, Limbs, BLS12_381_P};

use super::code::Label;
use super::emitter::Emitter;
use super::opc::*;
use super::AssembleError;
use crate::backend::registers::Registers;
use crate::ir::{Node, Program, INPUT_PTR_ADDR, PAIR_END_ADDR, PARAMS_ADDR, SLOTS_ADDR};

/// Where an interface's code keeps its slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    /// Byte address of slot 0 (or register 0 of `registers`): `ir::SLOTS_ADDR`, or (v6) register
    /// 3, the first one past the params and the two words at 64 and 96.
    pub slots: u32,
    /// Bytes of a slot: EVM384's 48, today's EVM's 32 (`evm::layout`).
    pub bytes: u32,
    /// A slot past the program's own (v1: where a subtraction into its subtrahend keeps it).
    pub scratch: Option<u32>,
    /// v6 with more slots than registers: the slots shared by liveness (`registers`), the
    /// pair records at `pairs` onwards.
    pub shared: Option<Shared>,
}

/// Slots mapped to v6 registers by liveness (the EVMMAX back-end's map, `registers.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Shared {
    registers: Registers,
    /// The first pair-record slot (`Program::pairs.base`) and its byte address.
    base: u32,
    pairs: u32,
}

/// v6's first register holding a slot (registers 0..3 hold the params and the two words).
const V6_FIRST_SLOT_REGISTER: u32 = 3;
/// v6's registers for slots.
const V6_SLOT_REGISTERS: u32 = V6_PARAMS_ADDR / V6_REGISTER_BYTES - V6_FIRST_SLOT_REGISTER;
/// The first v6 slot index past the parameter register (12288..12344): where pair records go.
const V6_PAIRS_SLOT: u32 = V6_SLOT_REGISTERS + 2;

impl Layout {
    /// The layout of `iface`, and the program it runs (v1 and v6 move the pair records up: v1
    /// to make room for its scratch slot, v6 past the parameter register).
    pub(super) fn of(prog: &Program, iface: Interface) -> Result<(Layout, Option<Program>), AssembleError> {
        let default = Layout { slots: SLOTS_ADDR, bytes: 48, scratch: None, shared: None };
        match iface.addressing() {
            Addressing::StackItems { out: false, .. } => {
                let mut moved = prog.clone();
                moved.pairs.base += 1;
                Ok((Layout { scratch: Some(prog.pairs.base), ..default }, Some(moved)))
            }
            Addressing::StackItems { modulus: Modulus::Bls12_381, .. } if prog.field.m != BLS12_381_P => Err(
                AssembleError::Interface(format!("{iface} has BLS12-381's p built in; this program's modulus differs")),
            ),
            Addressing::Registers => {
                let slots = V6_FIRST_SLOT_REGISTER * V6_REGISTER_BYTES;
                if prog.pairs.base <= V6_SLOT_REGISTERS {
                    let mut moved = prog.clone();
                    moved.pairs.base = V6_PAIRS_SLOT;
                    return Ok((Layout { slots, ..default }, Some(moved)));
                }
                let registers = Registers::allocate(prog).map_err(|e| v6_too_many(e.needed))?;
                if registers.used > V6_SLOT_REGISTERS {
                    return Err(v6_too_many(registers.used));
                }
                let shared = Shared { registers, base: prog.pairs.base, pairs: slots + 48 * V6_PAIRS_SLOT };
                Ok((Layout { slots, shared: Some(shared), ..default }, None))
            }
            _ => Ok((default, None)),
        }
    }

    /// Byte address of a slot.
    pub(super) fn addr(&self, s: u32) -> u32 {
        match &self.shared {
            Some(sh) if s < sh.base => self.slots + 48 * u32::from(sh.registers.of(s)),
            Some(sh) => sh.pairs + 48 * (s - sh.base),
            None => self.slots + self.bytes * s,
        }
    }

    /// Byte address of constant `i`, `None` if the program never reads it (shared registers).
    fn const_addr(&self, i: u32) -> Option<u32> {
        match &self.shared {
            Some(sh) => sh.registers.get(i).map(|r| self.slots + 48 * u32::from(r)),
            None => Some(self.addr(i)),
        }
    }
}

fn v6_too_many(needed: u32) -> AssembleError {
    AssembleError::Interface(format!(
        "v6 has {V6_SLOT_REGISTERS} registers for slots; this program needs {needed} at once"
    ))
}

/// Memory image `0..slots + 48·consts`: params (p, inv), the input pointer (0), the end of
/// the (empty) pair array, the constant slots.
fn data_blob(prog: &Program, iface: Interface, layout: &Layout) -> Vec<u8> {
    let slot_addr = |s: u32| layout.addr(s);
    let consts_end = (0..prog.consts.len() as u32).filter_map(|i| layout.const_addr(i)).map(|a| a + 48).max();
    let mut b = vec![0u8; consts_end.unwrap_or(layout.slots) as usize];
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
        if let Some(a) = layout.const_addr(i as u32) {
            let a = a as usize;
            b[a..a + 48].copy_from_slice(&value_bytes(iface, v));
        }
    }
    b
}

/// A 48-byte value as stored in memory by the interface.
pub(crate) fn value_bytes(iface: Interface, v: &Limbs) -> [u8; 48] {
    if iface.big_endian_values() {
        to_be_bytes(v)
    } else {
        to_le_bytes(v)
    }
}

impl Emitter<'_> {
    /// memory[0..] ← the data blob: params, the two words at 64 and 96, the constants; v6 also copies p ‖ inv into its parameter register, and
    /// interfaces without a memory check (v3, v5) first expand memory over every slot.
    pub(super) fn prologue_evm384(&mut self, iface: Interface, data: Label) -> Vec<u8> {
        if !iface.checks_memory() {
            self.op(PUSH0);
            let top = self.slot_addr(self.prog.pairs.base) as u64 - 1;
            self.push(top);
            self.op(MSTORE8);
        }
        let blob = data_blob(self.prog, iface, &self.layout);
        self.push(blob.len() as u64);
        self.push_label(data);
        self.op(PUSH0);
        self.op(CODECOPY);
        if iface == Interface::V6 {
            self.push(56);
            self.push_label(data); // p ‖ inv lead the blob (PARAMS_ADDR = 0)
            self.push(V6_PARAMS_ADDR as u64);
            self.op(CODECOPY);
        }
        blob
    }

    /// One instruction. v1 writes over `x`: when `out` is another slot, `x` is copied there
    /// first, and a difference into its own subtrahend keeps the subtrahend in the scratch slot.
    pub(super) fn arith_evm384(&mut self, iface: Interface, n: &Node) {
        let Node::Op { op, out, x, y } = *n else { unreachable!("arithmetic only") };
        if iface.addressing() == (Addressing::StackItems { out: false, modulus: Modulus::Operand }) && out != x {
            let commutative = op != Op::SubMod384;
            if out == y && commutative {
                return self.arith_evm384(iface, &Node::Op { op, out, x: y, y: x });
            }
            let y = if out == y {
                let scratch = self.layout.scratch.expect("v1's layout has a scratch slot");
                self.copy_in_memory(scratch, y, 1);
                scratch
            } else {
                y
            };
            self.copy_in_memory(out, x, 1);
            return self.arith_evm384(iface, &Node::Op { op, out, x: out, y });
        }
        let params = if iface == Interface::V6 { V6_PARAMS_ADDR } else { PARAMS_ADDR };
        let ops = Operands { out: self.slot_addr(out), x: self.slot_addr(x), y: self.slot_addr(y), params };
        match encode(iface, op, &ops, self.prog.field.inv) {
            Ok(code) => self.code.extend(&code),
            Err(e) => {
                self.encode_error.get_or_insert(e);
            }
        }
    }

    /// Pushes sgn0(x) (`Cond::Sgn0`): each coefficient out of Montgomery form into `tmp`, then
    /// its lowest byte's parity (byte 0 in v7/v9, byte 47 in v8).
    pub(super) fn sgn0_evm384(&mut self, iface: Interface, x: u32, n: u32, one: u32, tmp: u32) {
        let t = self.slot_addr(tmp) as u64;
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
            e.arith_run(&[Node::Op { op: Op::MulModMont384, out: tmp, x: s, y: one }]);
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
        let out = self.slot_addr(self.prog.pairs.base) as u64;
        let len = self.prog.encoding.bytes() as u64;
        let d = self.slot_addr(tmp) as u64;
        for (i, &s) in slots.iter().enumerate() {
            let at = out + len * i as u64;
            self.arith_run(&[Node::Op { op: Op::MulModMont384, out: tmp, x: s, y: one }]);
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

    /// The big-endian field element x of the current pair (`FieldEncoding::bytes`) → slot `dst`
    /// (interface order): x must be below p (`checked_words`); then `dst` ← x·R² / R = x·R.
    pub(super) fn load_input_evm384(&mut self, iface: Interface, dst: u32, offset: u32, r2: u32) {
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.push(offset as u64);
        self.op(ADD); // [a]
        let two_words = self.checked_words(self.prog.encoding.bytes()); // [hi, lo] or [lo]
        let d = self.slot_addr(dst) as u64;
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
        self.arith_run(&[Node::Op { op: Op::MulModMont384, out: dst, x: dst, y: r2 }]);
    }

    /// [i] → [i + 1] back at `top` while i + 1 < n, else [] past it: the end of a loop over n
    /// input elements.
    pub(super) fn next_element(&mut self, n: u32, top: Label) {
        self.push(1);
        self.op(ADD);
        self.op(DUP1);
        self.push(n as u64);
        self.op(GT); // n > i + 1
        self.jumpi_to(top);
        self.op(POP);
    }

    /// [i] → [i, a]: the calldata address of element i of `len` bytes at `offset` of the
    /// current input.
    pub(super) fn element_address(&mut self, len: u32, offset: u32) {
        self.op(DUP1);
        self.push(len as u64);
        self.op(MUL);
        self.push(offset as u64);
        self.op(ADD);
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.op(ADD);
    }

    /// [a] → [hi, lo] (`len` > 32) or [lo] (`len` ≤ 32): the `len`-byte big-endian field
    /// element at calldata a as its bits 256.. (`hi`, below 2^128) and its low 256 bits (`lo`);
    /// INVALID unless the element is below p. Over 48 bytes (EIP-2537's 64) its top `len` − 48
    /// bytes must be zero and the rest below p; of 32 bytes or fewer (EIP-196's 32, where p <
    /// 2^256 since `FieldEncoding::check` has p fit the value) one comparison with p does.
    /// Calldata is read by CALLDATALOAD: bytes past its end are zero.
    pub(super) fn checked_words(&mut self, len: u32) -> bool {
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
        self.element_address(len, offset); // [i, a]
        let two_words = self.checked_words(len); // [i, hi, lo] or [i, lo]
        self.op(if two_words { DUP3 } else { DUP2 });
        self.push(48);
        self.op(MUL);
        self.push_slot_addr(dst);
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
        self.next_element(n, top); // []
        for i in 0..n {
            self.arith_run(&[Node::Op { op: Op::MulModMont384, out: dst + i, x: dst + i, y: r2 }]);
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
