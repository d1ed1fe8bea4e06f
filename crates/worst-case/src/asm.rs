//! A tiny assembler, the opcode bytes the programs use, and reproducible pseudo-random offsets.

/// A tiny assembler: the code written so far.
pub(crate) struct Asm(pub(crate) Vec<u8>);

impl Asm {
    pub(crate) fn op(&mut self, b: u8) -> &mut Self {
        self.0.push(b);
        self
    }
    /// PUSH of the shortest width that holds `v`.
    pub(crate) fn push(&mut self, v: u64) -> &mut Self {
        let bytes = (64 - v.leading_zeros()).div_ceil(8).max(1) as usize;
        self.0.push(0x5f + bytes as u8);
        self.0.extend_from_slice(&v.to_be_bytes()[8 - bytes..]);
        self
    }
    pub(crate) fn push_word(&mut self, w: [u8; 32]) -> &mut Self {
        self.0.push(0x7f);
        self.0.extend_from_slice(&w);
        self
    }
    pub(crate) fn here(&self) -> usize {
        self.0.len()
    }
}

pub(crate) const STOP: u8 = 0x00;
pub(crate) const ADD: u8 = 0x01;
pub(crate) const MUL: u8 = 0x02;
pub(crate) const SUB: u8 = 0x03;
pub(crate) const DIV: u8 = 0x04;
pub(crate) const ADDMOD: u8 = 0x08;
pub(crate) const MULMOD: u8 = 0x09;
pub(crate) const EXP: u8 = 0x0a;
pub(crate) const KECCAK256: u8 = 0x20;
pub(crate) const POP: u8 = 0x50;
pub(crate) const MLOAD: u8 = 0x51;
pub(crate) const MSTORE: u8 = 0x52;
pub(crate) const MSTORE8: u8 = 0x53;
pub(crate) const JUMPI: u8 = 0x57;
pub(crate) const JUMPDEST: u8 = 0x5b;
pub(crate) const MCOPY: u8 = 0x5e;
pub(crate) const DUP1: u8 = 0x80;
pub(crate) const DUP3: u8 = 0x82;
pub(crate) const SWAP1: u8 = 0x90;

/// SplitMix64, for reproducible offsets.
pub(crate) struct Offsets(pub(crate) u64);

impl Offsets {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// An offset in [64, memory − 64), a multiple of 8.
    pub(crate) fn within(&mut self, memory: u32) -> u32 {
        64 + (self.next() % (memory as u64 - 128)) as u32 / 8 * 8
    }
}
