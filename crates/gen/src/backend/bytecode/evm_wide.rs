//! Today's EVM over a field of 257..384 bits (BLS12-381's, BLS12-377's): a slot is 48 bytes,
//! its raw residue big-endian as EVM384's v8 keeps it (Montgomery form with R = 2^384), and the
//! three operations are subroutines on ADD, SUB, MUL, LT and shifts that compute exactly what
//! ADDMOD384, SUBMOD384 and MULMODMONT384 do, so every slot holds what it holds in EVM384 code.
//!
//! A value below p < 2^381 is read as three 128-bit limbs: the word at a + 16 is its low 256
//! bits (limbs 1 ‖ 0), the word at a shifted right by 128 its limb 2.
//! - x + y and x − y: on the (limb 2, low word) pair with a carry or borrow by LT, then p
//!   subtracted (added) where the sum reaches p (the difference is negative), without a branch.
//! - x·y·2^−384 mod p: Montgomery's product, coarsely integrated operand scanning (Koç, Acar,
//!   Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 1996)
//!   over 128-bit limbs, so that each product of two limbs is one MUL: t + a_j·b_i + carry
//!   stays below 2^256. The running sum t sits in four scratch words; it stays below 2p after
//!   each of the three rounds (p < 2^381 < R/4), so one conditional subtraction ends it.
//!
//! Each subroutine is entered as `PUSH2 ret, PUSH out, PUSH y, PUSH x, JUMP sub`: it reads both
//! operands before it writes `out`, which may be either of them.

use evm384_arith::isa::Op;
use evm384_arith::Limbs;

use super::code::{Code, Label};
use super::emitter::Emitter;
use super::opc::*;
use crate::ir::Node;

/// Scratch words of the product's running sum t₀..t₃ (below `ir::SLOTS_ADDR`'s slots, which
/// this layout starts at [`WIDE_SLOTS_ADDR`]).
const T_ADDR: u64 = 128;

/// Where slot 0 starts in this layout: past the scratch words.
pub(super) const WIDE_SLOTS_ADDR: u32 = 256;

/// 2^128 − 1.
const MASK: u128 = u128::MAX;

/// The modulus' constants the subroutines push: p as limb 2 and low word, its 128-bit limbs,
/// and −p⁻¹ mod 2^128.
struct Modulus {
    hi: u128,
    lo: [u8; 32],
    limbs: [u128; 3],
    n0: u128,
}

impl Modulus {
    fn of(p: &Limbs) -> Modulus {
        let limb = |i: usize| p[2 * i] as u128 | (p[2 * i + 1] as u128) << 64;
        let limbs = [limb(0), limb(1), limb(2)];
        let mut lo = [0u8; 32];
        lo[..16].copy_from_slice(&limbs[1].to_be_bytes());
        lo[16..].copy_from_slice(&limbs[0].to_be_bytes());
        // p⁻¹ mod 2^128 by Newton's iteration x ← x·(2 − p·x): p·p ≡ 1 mod 8, each step doubles
        // the bits that are right (3, 6, …, 192)
        let mut x = limbs[0];
        for _ in 0..6 {
            x = x.wrapping_mul(2u128.wrapping_sub(limbs[0].wrapping_mul(x)));
        }
        debug_assert_eq!(limbs[0].wrapping_mul(x), 1);
        Modulus { hi: limbs[2], lo, limbs, n0: x.wrapping_neg() }
    }
}

/// The labels of the three subroutines (in [`Op::ALL`] order).
pub(super) type WideSubs = [Label; 3];

/// Straight-line code over named stack items: each DUP's depth is found by name.
struct Routine<'c> {
    code: &'c mut Code,
    /// Bottom first.
    stack: Vec<&'static str>,
}

impl Routine<'_> {
    fn depth(&self, name: &str) -> u8 {
        let d = self.stack.iter().rev().position(|n| *n == name).unwrap_or_else(|| panic!("{name} not on the stack"));
        assert!(d < 16, "{name} out of DUP's reach");
        d as u8
    }

    /// `opcode`, popping `pops` items and pushing `push`.
    fn op(&mut self, opcode: u8, pops: usize, push: Option<&'static str>) {
        self.code.op(opcode);
        self.stack.truncate(self.stack.len() - pops);
        self.stack.extend(push);
    }

    fn push(&mut self, v: u64, name: &'static str) {
        self.code.push(v);
        self.stack.push(name);
    }

    fn push128(&mut self, v: u128, name: &'static str) {
        self.code.op(PUSH16);
        self.code.extend(&v.to_be_bytes());
        self.stack.push(name);
    }

    fn push_word(&mut self, w: &[u8; 32], name: &'static str) {
        self.code.push32(w);
        self.stack.push(name);
    }

    fn dup(&mut self, name: &'static str) {
        let d = self.depth(name);
        self.code.op(DUP1 + d);
        self.stack.push(name);
    }

    /// SWAP1.
    fn swap1(&mut self) {
        self.code.op(SWAP1);
        let n = self.stack.len();
        self.stack.swap(n - 1, n - 2);
    }

    /// [.., a, b] → [.., f(a, b)] named `name` (b the top: ADD b a, SUB b − a, LT b < a…).
    fn bin(&mut self, opcode: u8, name: &'static str) {
        self.op(opcode, 2, Some(name));
    }

    /// [.., w] → memory[at] ← w.
    fn store(&mut self, at: u64) {
        self.code.push(at);
        self.code.op(MSTORE);
        self.stack.pop();
    }

    /// [..] → [.., memory[at]].
    fn load(&mut self, at: u64, name: &'static str) {
        self.code.push(at);
        self.code.op(MLOAD);
        self.stack.push(name);
    }

    /// [..] → [.., limb 2, low word] of the 48-byte value at the address `addr` names.
    fn load_value(&mut self, addr: &'static str, hi: &'static str, lo: &'static str) {
        self.dup(addr);
        self.op(MLOAD, 1, Some(hi));
        self.push(128, "128");
        self.bin(SHR, hi); // limb 2
        self.dup(addr);
        self.push(16, "16");
        self.bin(ADD, "a+16");
        self.op(MLOAD, 1, Some(lo)); // limbs 1 ‖ 0
    }

    /// [.., out, .., hi', lo'] → [.., out, ..]: the value (limb 2 `hi'`, low word `lo'`) at out.
    fn store_value(&mut self, out: &'static str) {
        // memory[out + 16] ← lo', then memory[out] ← hi'·2^128 + lo' / 2^128
        self.dup("lo'");
        self.dup(out);
        self.push(16, "16");
        self.bin(ADD, "out+16");
        self.op(MSTORE, 2, None);
        self.push(128, "128");
        self.bin(SHR, "lo'>>128");
        self.swap1();
        self.push(128, "128");
        self.bin(SHL, "hi'<<128");
        self.bin(OR, "word");
        self.dup(out);
        self.op(MSTORE, 2, None);
    }
}

impl Emitter<'_> {
    /// One operation as a call of its subroutine.
    pub(super) fn arith_evm_wide(&mut self, subs: &WideSubs, n: &Node) {
        let Node::Op { op, out, x, y } = *n else { unreachable!("arithmetic only") };
        let ret = self.label();
        self.push_label(ret);
        for s in [out, y, x] {
            self.push_slot_addr(s);
        }
        self.jump_to(subs[op as usize]);
        self.place(ret);
    }

    /// The three subroutines' bodies.
    pub(super) fn wide_subs(&mut self, subs: &WideSubs) {
        let m = Modulus::of(&self.prog.field.m);
        for op in Op::ALL {
            self.code.place(subs[op as usize]);
            let mut r = Routine { code: &mut self.code, stack: vec!["ret", "out", "y", "x"] };
            match op {
                Op::AddMod384 => add(&mut r, &m),
                Op::SubMod384 => sub(&mut r, &m),
                Op::MulModMont384 => mul(&mut r, &m),
            }
            // [ret, out, y, x, hi, lo] → memory[out]; [ret]
            r.store_value("out");
            for _ in 0..3 {
                r.op(POP, 1, None);
            }
            r.op(JUMP, 1, None);
            assert!(r.stack.is_empty());
        }
    }
}

/// [.., hi, lo] (below 2p) → [.., hi', lo'], less p where at least p.
fn reduce_once(r: &mut Routine, m: &Modulus) {
    // below = hi < p_hi ∨ (hi = p_hi ∧ lo < p_lo); take = 1 − below
    r.push_word(&m.lo, "p_lo");
    r.dup("lo");
    r.bin(LT, "lo<p_lo");
    r.push128(m.hi, "p_hi");
    r.dup("hi");
    r.bin(EQ, "hi=p_hi");
    r.bin(AND, "eq_and_lt");
    r.push128(m.hi, "p_hi");
    r.dup("hi");
    r.bin(LT, "hi<p_hi");
    r.bin(OR, "below");
    r.op(ISZERO, 1, Some("take"));
    // lo' = lo − take·p_lo, borrow = lo < take·p_lo, hi' = hi − take·p_hi − borrow
    r.push_word(&m.lo, "p_lo");
    r.dup("take");
    r.bin(MUL, "sub_lo");
    r.dup("sub_lo");
    r.dup("lo");
    r.bin(LT, "borrow"); // lo < sub_lo
    r.dup("take");
    r.push128(m.hi, "p_hi");
    r.bin(MUL, "sub_hi");
    r.bin(ADD, "sub_hi"); // take·p_hi + borrow
    r.dup("hi");
    r.bin(SUB, "hi'");
    r.dup("sub_lo");
    r.dup("lo");
    r.bin(SUB, "lo'");
    // [.., hi, lo, take, sub_lo, hi', lo'] → [.., hi', lo']
    finish(r);
}

/// [.., <k items>, hi', lo'] → [.., hi', lo'] with the k items between the operands' loads and
/// the result dropped (SWAP2 POP … keeps the two on top).
fn finish(r: &mut Routine) {
    while r.stack.len() > 6 {
        // drop the item beneath hi' and lo'
        r.op(SWAP2, 0, None);
        let n = r.stack.len();
        r.stack.swap(n - 1, n - 3);
        r.op(POP, 1, None);
        r.swap1();
    }
    let n = r.stack.len();
    r.stack[n - 2] = "hi'";
    r.stack[n - 1] = "lo'";
}

/// x + y, then p off where the sum reaches it.
fn add(r: &mut Routine, m: &Modulus) {
    r.load_value("x", "x_hi", "x_lo");
    r.load_value("y", "y_hi", "y_lo");
    r.dup("x_lo");
    r.dup("y_lo");
    r.bin(ADD, "lo");
    r.dup("x_lo");
    r.dup("lo");
    r.bin(LT, "carry"); // lo < x_lo: the low words wrapped
    r.dup("x_hi");
    r.bin(ADD, "hi");
    r.dup("y_hi");
    r.bin(ADD, "hi");
    r.swap1(); // [.., hi, lo]
    reduce_once(r, m);
}

/// x − y, then p on where the difference is negative.
fn sub(r: &mut Routine, m: &Modulus) {
    r.load_value("x", "x_hi", "x_lo");
    r.load_value("y", "y_hi", "y_lo");
    r.dup("y_lo");
    r.dup("x_lo");
    r.bin(SUB, "lo"); // x_lo − y_lo mod 2^256
    r.dup("y_lo");
    r.dup("x_lo");
    r.bin(LT, "borrow");
    r.dup("y_hi");
    r.bin(ADD, "y_hi+borrow");
    r.dup("x_hi");
    r.bin(SUB, "hi"); // below zero as a word: 2^256 − |hi|
    r.dup("hi");
    r.push(255, "255");
    r.bin(SHR, "neg");
    // lo' = lo + neg·p_lo, carry = lo' < lo, hi' = hi + neg·p_hi + carry (mod 2^256)
    r.push_word(&m.lo, "p_lo");
    r.dup("neg");
    r.bin(MUL, "add_lo");
    r.dup("lo");
    r.bin(ADD, "lo'");
    r.dup("lo");
    r.dup("lo'");
    r.bin(LT, "carry");
    r.push128(m.hi, "p_hi");
    r.dup("neg");
    r.bin(MUL, "add_hi");
    r.bin(ADD, "add_hi");
    r.dup("hi");
    r.bin(ADD, "hi'");
    r.swap1(); // [.., hi', lo']
    let n = r.stack.len();
    r.stack[n - 2] = "hi'";
    finish(r);
}

/// (C, t_j) ← src + a·b + C, with src a scratch word or nothing and C on the stack's top (or
/// none): t_j written at `dst`, the new C on the top.
fn mac(r: &mut Routine, src: Option<u64>, a: &'static str, b: &'static str, carry: bool, dst: u64) {
    r.dup(a);
    r.dup(b);
    r.bin(MUL, "v");
    if carry {
        r.bin(ADD, "v"); // + C, beneath
    }
    if let Some(at) = src {
        r.load(at, "t");
        r.bin(ADD, "v");
    }
    // t_j ← v mod 2^128, C ← v / 2^128
    r.dup("v");
    r.dup("mask");
    r.bin(AND, "t_j");
    r.store(dst);
    r.push(128, "128");
    r.bin(SHR, "C");
}

/// x·y·2^−384 mod p (CIOS over 128-bit limbs).
fn mul(r: &mut Routine, m: &Modulus) {
    r.push128(MASK, "mask");
    // the limbs of x and y
    let limbs = |r: &mut Routine, addr: &'static str, names: [&'static str; 3]| {
        r.load_value(addr, names[2], "w");
        r.dup("w");
        r.push(128, "128");
        r.bin(SHR, names[1]);
        r.swap1();
        r.dup("mask");
        r.bin(AND, names[0]);
    };
    limbs(r, "x", ["a0", "a1", "a2"]);
    limbs(r, "y", ["b0", "b1", "b2"]);
    let t = |j: u64| T_ADDR + 32 * j;
    let a = ["a0", "a1", "a2"];
    for (i, b) in ["b0", "b1", "b2"].into_iter().enumerate() {
        // t += a·b_i
        for (j, &aj) in a.iter().enumerate() {
            mac(r, (i > 0).then_some(t(j as u64)), aj, b, j > 0, t(j as u64));
        }
        r.store(t(3)); // t₃ ← C (t₃ was zero)
                       // m = t₀·n₀ mod 2^128; t ← (t + m·p) / 2^128
        r.load(t(0), "t0");
        r.push128(m.n0, "n0");
        r.bin(MUL, "m");
        r.dup("mask");
        r.bin(AND, "m");
        r.dup("m");
        r.push128(m.limbs[0], "p0");
        r.bin(MUL, "v");
        r.load(t(0), "t0");
        r.bin(ADD, "v");
        r.push(128, "128");
        r.bin(SHR, "C"); // the low half is zero
        for j in 1..3 {
            r.dup("m");
            r.push128(m.limbs[j], "pj");
            r.bin(MUL, "v");
            r.bin(ADD, "v"); // + C
            r.load(t(j as u64), "t");
            r.bin(ADD, "v");
            r.dup("v");
            r.dup("mask");
            r.bin(AND, "t_j");
            r.store(t(j as u64 - 1));
            r.push(128, "128");
            r.bin(SHR, "C");
        }
        r.load(t(3), "t3");
        r.bin(ADD, "t2"); // below 2^128: t < 2p after the round
        r.store(t(2));
        r.op(POP, 1, None); // m
    }
    // [.., mask, a0..a2, b0..b2] → [.., hi, lo] of t (below 2p), reduced once
    for _ in 0..7 {
        r.op(POP, 1, None);
    }
    r.load(t(2), "hi");
    r.load(t(1), "t1");
    r.push(128, "128");
    r.bin(SHL, "t1<<128");
    r.load(t(0), "t0");
    r.bin(OR, "lo");
    reduce_once(r, m);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_montgomery_constant_inverts_p() {
        let p = crate::curves::bls12_381().p;
        let m = Modulus::of(&p);
        assert_eq!(m.limbs[0].wrapping_mul(m.n0), u128::MAX, "p·n₀ ≡ −1 mod 2^128");
        assert_eq!(m.hi >> 125, 0, "p < 2^381");
    }
}
