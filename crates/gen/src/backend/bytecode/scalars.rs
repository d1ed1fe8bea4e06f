//! A scalar's GLV halves on the stack (`Node::ScalarHalf`): the quotient split by MOD and DIV,
//! the lattice split by 512-bit products' high words.

use super::emitter::Emitter;
use super::opc::*;
use crate::curves::GlvLattice;
use crate::ir::{GlvSplit, INPUT_PTR_ADDR};

impl Emitter<'_> {
    /// Pushes the `high` (or low) half of the current input's scalar at `offset` as `split`
    /// splits it: for the lattice, its absolute value.
    pub(super) fn scalar_half(&mut self, offset: u32, split: &GlvSplit, high: bool) {
        match split {
            GlvSplit::Quotient { r, lambda } => {
                self.reduced_scalar(offset, r); // [s']
                self.op(PUSH16);
                self.code.extend(&lambda.to_be_bytes());
                self.op(SWAP1); // [λ, s']
                self.op(if high { DIV } else { MOD }); // [half]
            }
            GlvSplit::Lattice(l) => {
                self.lattice_half(offset, l, high); // [h]
                let offset = 1u128 << l.bits;
                self.push_word(&[offset as u64, (offset >> 64) as u64, 0, 0]);
                self.op(ADD); // [h + 2^bits]
            }
        }
    }

    /// Pushes the signed half (a two's complement word) of the current input's scalar at
    /// `offset` as `l` splits it (`GlvLattice`'s doc: h = [low]·k + q₁·m₁ + q₂·m₂ mod 2^256).
    fn lattice_half(&mut self, offset: u32, l: &GlvLattice, high: bool) {
        let i = high as usize;
        self.reduced_scalar(offset, &l.r); // [k]
        self.op(DUP1);
        self.mul_high(&l.g[0]); // [k, q₁]
        self.push_word(&l.m[0][i]);
        self.op(MUL); // [k, q₁·m₁]
        self.op(DUP2);
        self.mul_high(&l.g[1]); // [k, q₁·m₁, q₂]
        self.push_word(&l.m[1][i]);
        self.op(MUL);
        self.op(ADD); // [k, t]
        if high {
            self.op(SWAP1);
            self.op(POP); // [t]
        } else {
            self.op(ADD); // [k + t]
        }
    }

    /// Pushes s mod r for the 32-byte big-endian s at `offset` of the current input.
    fn reduced_scalar(&mut self, offset: u32, r: &[u64; 4]) {
        self.push_word(r);
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.push(offset as u64);
        self.op(ADD);
        self.op(CALLDATALOAD); // [r, s]
        self.op(MOD);
    }

    /// [x] → [⌊x·g / 2^256⌋]: the high word of the 512-bit product, hi = mm − lo − (mm < lo)
    /// with mm = x·g mod (2^256 − 1) and lo = x·g mod 2^256 (hi·2^256 + lo ≡ hi + lo modulo
    /// 2^256 − 1).
    fn mul_high(&mut self, g: &[u64; 4]) {
        self.push(0);
        self.op(NOT); // [x, 2^256 − 1]
        self.push_word(g);
        self.op(DUP3);
        self.op(MULMOD); // [x, mm]
        self.push_word(g);
        self.op(DUP3);
        self.op(MUL); // [x, mm, lo]
        self.op(DUP2);
        self.op(DUP2);
        self.op(GT); // [x, mm, lo, lo > mm]
        self.op(SWAP2);
        self.op(SUB); // [x, lo > mm, mm − lo]
        self.op(SUB); // [x, hi]
        self.op(SWAP1);
        self.op(POP);
    }

    /// Pushes a 256-bit word (little-endian 64-bit words) by the shortest PUSH.
    fn push_word(&mut self, w: &[u64; 4]) {
        let be: Vec<u8> = w.iter().rev().flat_map(|x| x.to_be_bytes()).collect();
        let skip = be.iter().take_while(|&&b| b == 0).count().min(31);
        self.op(PUSH1 - 1 + (32 - skip) as u8);
        self.code.extend(&be[skip..]);
    }
}
