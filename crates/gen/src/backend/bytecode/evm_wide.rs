//! Today's EVM over a field of 257..381 bits (BLS12-381's, BLS12-377's): a slot is 48 bytes,
//! its raw residue big-endian as EVM384's v8 keeps it (Montgomery form with R = 2^384), and the
//! three operations are subroutines on ADD, SUB, MUL, LT, GT and shifts that compute exactly
//! what ADDMOD384, SUBMOD384 and MULMODMONT384 do, so every slot holds what it holds in EVM384
//! code. Every subroutine works on the stack alone: no scratch memory, and no branch, so its gas
//! does not depend on the values.
//!
//! A value v below 2^384 at address a is two words: the word at a + 16 is v mod 2^256, the word
//! at a is v / 2^128 (so v / 2^256 is that word shifted right by 128).
//! - x + y and x − y: on the two words with a carry or borrow by LT or GT; then p is subtracted
//!   and added back where the result went below zero (the high word's sign bit says so).
//! - x·y·2^−384 mod p: Montgomery's product by finely integrated product scanning (FIPS: Koç,
//!   Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro
//!   1996) over four 96-bit digits, R = (2^96)^4. A digit product is below 2^192, so a column
//!   (at most eight products and the carry) adds up in one word with no carry until its end:
//!   each product costs one DUP or PUSH per factor, MUL and ADD. The result is below 2p
//!   (p < 2^381 < R/4), so one subtraction of p ends it.
//!
//! Each subroutine is entered as `PUSH2 ret, PUSH out, PUSH y, PUSH x, JUMP sub`: it reads both
//! operands before it writes `out`, which may be either of them.

use evm384_arith::isa::Op;
use evm384_arith::Limbs;

use super::code::{Code, Label};
use super::emitter::Emitter;
use super::opc::*;
use crate::ir::Node;

/// Bits of a digit of the product.
const DIGIT: u64 = 96;

/// 2^96 − 1.
const DIGIT_MASK: u128 = (1 << DIGIT) - 1;

/// `n` ≤ 128 bits of `v` from bit `from` on.
fn bits(v: &Limbs, from: usize, n: usize) -> u128 {
    (0..n)
        .filter(|i| (from + i) < 384 && v[(from + i) / 64] >> ((from + i) % 64) & 1 == 1)
        .fold(0, |acc, i| acc | 1 << i)
}

/// The modulus' constants the subroutines push.
struct Modulus {
    /// p / 2^256.
    hi: u128,
    /// p mod 2^256, big-endian.
    lo: [u8; 32],
    /// p's 96-bit digits, least significant first.
    digits: [u128; 4],
    /// −p⁻¹ mod 2^96.
    n0: u128,
}

impl Modulus {
    fn of(p: &Limbs) -> Modulus {
        let mut lo = [0u8; 32];
        lo[..16].copy_from_slice(&bits(p, 128, 128).to_be_bytes());
        lo[16..].copy_from_slice(&bits(p, 0, 128).to_be_bytes());
        // p⁻¹ mod 2^128 by Newton's iteration x ← x·(2 − p·x): p·p ≡ 1 mod 8, each step doubles
        // the bits that are right (3, 6, …, 192)
        let p0 = bits(p, 0, 128);
        let mut x = p0;
        for _ in 0..6 {
            x = x.wrapping_mul(2u128.wrapping_sub(p0.wrapping_mul(x)));
        }
        debug_assert_eq!(p0.wrapping_mul(x), 1);
        Modulus {
            hi: bits(p, 256, 128),
            lo,
            digits: [0, 1, 2, 3].map(|k| bits(p, 96 * k, 96)),
            n0: x.wrapping_neg() & DIGIT_MASK,
        }
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

    /// The shortest PUSH of `v`.
    fn push_u128(&mut self, v: u128, name: &'static str) {
        let n = 16 - v.leading_zeros() as usize / 8;
        if n == 0 {
            self.code.op(PUSH0);
        } else {
            self.code.op(PUSH1 + n as u8 - 1);
            self.code.extend(&v.to_be_bytes()[16 - n..]);
        }
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

    /// SWAPn: the top and the item n below it trade places.
    fn swap(&mut self, n: u8) {
        self.code.op(SWAP1 + n - 1);
        let top = self.stack.len() - 1;
        self.stack.swap(top, top - n as usize);
    }

    /// [.., a, b] → [.., f(a, b)] named `name` (b the top: ADD b a, SUB b − a, LT b < a…).
    fn bin(&mut self, opcode: u8, name: &'static str) {
        self.op(opcode, 2, Some(name));
    }

    /// [.., addr] → [.., hi, lo]: the value at addr (named `addr`, the top) as v / 2^256 and
    /// v mod 2^256.
    fn load_words(&mut self, addr: &'static str, hi: &'static str, lo: &'static str) {
        self.dup(addr);
        self.op(MLOAD, 1, Some("v>>128"));
        self.push(128, "128");
        self.bin(SHR, hi);
        self.swap(1);
        self.push(16, "16");
        self.bin(ADD, "addr+16");
        self.op(MLOAD, 1, Some(lo));
    }

    /// [.., addr] → [.., d1, d0, d2, d3]: the 96-bit digits of the value at addr (the top).
    fn load_digits(&mut self, addr: &'static str, d: [&'static str; 4]) {
        self.dup(addr);
        self.push(16, "16");
        self.bin(ADD, "addr+16");
        self.op(MLOAD, 1, Some("w")); // v mod 2^256
        self.dup("w");
        self.push_u128(DIGIT_MASK, "mask");
        self.bin(AND, d[0]);
        self.swap(1);
        self.push(DIGIT, "96");
        self.bin(SHR, "w>>96");
        self.push_u128(DIGIT_MASK, "mask");
        self.bin(AND, d[1]);
        self.swap(2);
        self.op(MLOAD, 1, Some("v")); // v / 2^128
        self.dup("v");
        self.push(64, "64");
        self.bin(SHR, "v>>64");
        self.push_u128(DIGIT_MASK, "mask");
        self.bin(AND, d[2]);
        self.swap(1);
        self.push(160, "160");
        self.bin(SHR, d[3]);
    }

    /// [.., lo, hi] → [..]: the value hi·2^256 + lo at `out`.
    fn store_words(&mut self, out: &'static str) {
        // memory[out] ← v / 2^128, then memory[out + 16] ← v mod 2^256
        self.push(128, "128");
        self.bin(SHL, "hi<<128");
        self.dup("lo");
        self.push(128, "128");
        self.bin(SHR, "lo>>128");
        self.bin(OR, "v>>128");
        self.dup(out);
        self.op(MSTORE, 2, None);
        self.dup(out);
        self.push(16, "16");
        self.bin(ADD, "out+16");
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
            // [ret, out, .., lo, hi] → memory[out]; [ret]
            r.store_words("out");
            while r.stack.len() > 1 {
                r.op(POP, 1, None);
            }
            r.op(JUMP, 1, None);
        }
    }
}

/// [.., lo, hi] (below 2p) → [.., lo', hi'], less p where at least p.
fn subtract_p(r: &mut Routine, m: &Modulus) {
    r.push_word(&m.lo, "p_lo");
    r.dup("lo");
    r.bin(SUB, "lo_d"); // lo − p_lo mod 2^256
    r.swap(2); // [lo_d, hi, lo]
    r.push_word(&m.lo, "p_lo");
    r.bin(GT, "borrow"); // p_lo > lo
    r.push_u128(m.hi, "p_hi");
    r.bin(ADD, "s");
    r.swap(1);
    r.bin(SUB, "hi"); // hi − p_hi − borrow
    let n = r.stack.len();
    r.stack[n - 2] = "lo";
    add_p_where_negative(r, m);
}

/// [.., lo, hi] (a value in −p..p, the words two's complement) → [.., lo', hi'], p added where
/// negative.
fn add_p_where_negative(r: &mut Routine, m: &Modulus) {
    r.dup("hi");
    r.push(255, "255");
    r.bin(SHR, "neg");
    r.dup("neg");
    r.push_word(&m.lo, "p_lo");
    r.bin(MUL, "np_lo");
    r.dup("lo");
    r.bin(ADD, "lo'");
    r.swap(3); // [lo', hi, neg, lo]
    r.dup("lo'");
    r.bin(LT, "carry"); // lo' < lo
    r.swap(1);
    r.push_u128(m.hi, "p_hi");
    r.bin(MUL, "np_hi");
    r.bin(ADD, "c");
    r.bin(ADD, "hi");
    let n = r.stack.len();
    r.stack[n - 2] = "lo";
}

/// x + y, then p off where the sum reaches it.
fn add(r: &mut Routine, m: &Modulus) {
    r.load_words("x", "x_hi", "x_lo");
    r.swap(2); // [.., x_lo, x_hi, y]
    r.load_words("y", "y_hi", "y_lo");
    r.dup("x_lo");
    r.bin(ADD, "lo");
    r.swap(3); // [.., lo, x_hi, y_hi, x_lo]
    r.dup("lo");
    r.bin(LT, "carry"); // lo < x_lo: the low words wrapped
    r.bin(ADD, "s");
    r.bin(ADD, "hi");
    subtract_p(r, m);
}

/// x − y, then p on where the difference is negative.
fn sub(r: &mut Routine, m: &Modulus) {
    r.load_words("x", "x_hi", "x_lo");
    r.swap(2);
    r.load_words("y", "y_hi", "y_lo");
    r.dup("x_lo");
    r.bin(SUB, "lo"); // x_lo − y_lo mod 2^256
    r.swap(3); // [.., lo, x_hi, y_hi, x_lo]
    r.dup("lo");
    r.bin(GT, "borrow"); // lo > x_lo: the low words wrapped
    r.bin(ADD, "s");
    r.swap(1);
    r.bin(SUB, "hi"); // x_hi − y_hi − borrow
    add_p_where_negative(r, m);
}

/// x·y·2^−384 mod p: FIPS over 96-bit digits a (x's), b (y's), m (the reduction's).
fn mul(r: &mut Routine, m: &Modulus) {
    let (a, b, q) = (["a0", "a1", "a2", "a3"], ["b0", "b1", "b2", "b3"], ["m0", "m1", "m2", "m3"]);
    r.load_digits("x", a);
    r.swap(4); // y on top
    r.load_digits("y", b);
    // column k: S = C + Σ a_i·b_{k−i} + Σ m_i·p_{k−i}
    for k in 0..7usize {
        for i in k.saturating_sub(3)..=k.min(3) {
            r.dup(a[i]);
            r.dup(b[k - i]);
            r.bin(MUL, "ab");
            if k > 0 || i > 0 {
                r.bin(ADD, "S");
            }
        }
        if k == 0 {
            let top = r.stack.len() - 1;
            r.stack[top] = "S";
        }
        for (i, &qi) in q.iter().enumerate().take(k.min(4)).skip(k.saturating_sub(3)) {
            r.dup(qi);
            r.push_u128(m.digits[k - i], "p_j");
            r.bin(MUL, "mp");
            r.bin(ADD, "S");
        }
        match k {
            0..=3 => {
                // m_k = S·(−p⁻¹) mod 2^96, so that S + m_k·p₀ ≡ 0 mod 2^96
                r.dup("S");
                r.push_u128(m.n0, "n0");
                r.bin(MUL, "S·n0");
                r.push_u128(DIGIT_MASK, "mask");
                r.bin(AND, q[k]);
                r.swap(1);
                r.dup(q[k]);
                r.push_u128(m.digits[0], "p0");
                r.bin(MUL, "mp");
                r.bin(ADD, "S");
                r.push(DIGIT, "96");
                r.bin(SHR, "S");
            }
            4 | 5 => {
                // u0, then u1 in place: u1·2^96
                r.dup("S");
                r.push_u128(DIGIT_MASK, "mask");
                r.bin(AND, "u");
                if k == 5 {
                    r.push(DIGIT, "96");
                    r.bin(SHL, "u1<<96");
                }
                r.swap(1);
                r.push(DIGIT, "96");
                r.bin(SHR, "S");
            }
            _ => {
                // S = u2 + u3·2^96: the result is u0 + u1·2^96 + S·2^192 (below 2p)
                r.dup("S");
                r.push(192, "192");
                r.bin(SHL, "S<<192");
                r.swap(1);
                r.push(64, "64");
                r.bin(SHR, "hi"); // [u0, u1<<96, S<<192, hi]
                r.swap(3);
                r.bin(OR, "lo");
                r.bin(OR, "lo");
                r.swap(1); // [.., lo, hi]
            }
        }
    }
    subtract_p(r, m);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digits_and_the_montgomery_constant_are_p_s() {
        for p in [crate::curves::bls12_381().p, crate::curves::bls12_377().p] {
            let m = Modulus::of(&p);
            let d = m.digits;
            assert!(d.iter().all(|d| *d <= DIGIT_MASK));
            let limb = |i: usize| p[2 * i] as u128 | (p[2 * i + 1] as u128) << 64;
            assert_eq!(d[0] | d[1] << 96, limb(0), "p mod 2^128");
            assert_eq!(d[1] >> 32 | d[2] << 64, limb(1));
            assert_eq!(d[2] >> 64 | d[3] << 32, limb(2));
            assert_eq!(m.hi, limb(2), "p / 2^256");
            assert_eq!(m.lo[..16], limb(1).to_be_bytes());
            assert_eq!(m.lo[16..], limb(0).to_be_bytes());
            assert_eq!(d[0].wrapping_mul(m.n0) & DIGIT_MASK, DIGIT_MASK, "p·n₀ ≡ −1 mod 2^96");
            assert_eq!(m.hi >> 125, 0, "p < 2^381");
        }
    }
}
