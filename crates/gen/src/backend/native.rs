//! The native back-end: executes a [`Program`] on `evm384-arith` with the memory layout of the
//! bytecode (slot for slot), counting every operation per phase. It is the reference the EVM run
//! is compared with, a debugger (`ReturnMemory` dumps), and the op counter.

use std::collections::BTreeMap;

use evm384_arith::{addmod384, from_be_bytes, isa::Op, mulmodmont384, submod384, Limbs};

use crate::ir::{Cond, GlvSplit, InputLength, Node, Phase, Program, Slot};

/// Operation counts of one phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    pub addmod384: u64,
    pub submod384: u64,
    pub mulmodmont384: u64,
    /// MCOPY instructions and the slots they move.
    pub copies: u64,
    pub copied_slots: u64,
    pub calls: u64,
}

impl OpCounts {
    fn add(&mut self, o: &OpCounts) {
        self.addmod384 += o.addmod384;
        self.submod384 += o.submod384;
        self.mulmodmont384 += o.mulmodmont384;
        self.copies += o.copies;
        self.copied_slots += o.copied_slots;
        self.calls += o.calls;
    }
}

/// Counts per phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseCounts(pub BTreeMap<Phase, OpCounts>);

impl PhaseCounts {
    pub fn get(&self, p: Phase) -> OpCounts {
        self.0.get(&p).copied().unwrap_or_default()
    }
    pub fn total(&self) -> OpCounts {
        let mut t = OpCounts::default();
        for c in self.0.values() {
            t.add(c);
        }
        t
    }
}

/// How a native run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// RETURN of a 32-byte boolean.
    Bool(bool),
    /// INVALID, with the reason (for diagnostics only: the EVM cannot tell them apart).
    Invalid(&'static str),
    /// `ReturnMemory`: all slots up to the end of the pair-record array.
    Memory(Vec<Limbs>),
    /// `ReturnFields`: the encoded field elements.
    Output(Vec<u8>),
}

/// A native run: outcome and per-phase counts.
#[derive(Clone, Debug)]
pub struct NativeRun {
    pub outcome: Outcome,
    pub counts: PhaseCounts,
    /// How often each subroutine (`Program::subs`, by index) was called.
    pub sub_calls: Vec<u64>,
}

enum Halt {
    Done(Outcome),
}

struct Machine<'a> {
    prog: &'a Program,
    mem: Vec<Limbs>,
    input: &'a [u8],
    input_pos: usize,
    pair_end: Slot,
    phase: Phase,
    /// Counts of the running phase, added to `counts` when the phase changes (a map lookup per
    /// operation tripled the executor's run time).
    current: OpCounts,
    counts: PhaseCounts,
    /// Calls of each subroutine (by id).
    sub_calls: Vec<u64>,
}

/// Runs the program on `input` (the calldata).
pub fn run(prog: &Program, input: &[u8]) -> NativeRun {
    let mut mem = vec![[0u64; 6]; prog.pairs.base as usize];
    mem[..prog.consts.len()].copy_from_slice(&prog.consts);
    let mut m = Machine {
        prog,
        mem,
        input,
        input_pos: 0,
        pair_end: prog.pairs.base,
        phase: Phase::Decode,
        current: OpCounts::default(),
        counts: PhaseCounts::default(),
        sub_calls: vec![0; prog.subs.len()],
    };
    let outcome = match m.block(&prog.main) {
        Ok(()) => Outcome::Invalid("fell off the end of the program"),
        Err(Halt::Done(o)) => o,
    };
    m.flush_counts();
    NativeRun { outcome, counts: m.counts, sub_calls: m.sub_calls }
}

impl Machine<'_> {
    /// `len` bytes at `offset` of the current input; bytes past the calldata's end read as
    /// zero, as CALLDATALOAD and CALLDATACOPY read them.
    fn input_bytes(&self, offset: u32, len: usize) -> Vec<u8> {
        let s = self.input_pos + offset as usize;
        (s..s + len).map(|i| self.input.get(i).copied().unwrap_or(0)).collect()
    }

    /// The `len`-byte big-endian field element at `offset` of the current input → `dst` (x·R),
    /// INVALID unless below p (`Node::LoadInput`, `Node::LoadInputs`; `len` is the encoding's
    /// `FieldEncoding::element_bytes`).
    fn load_element(&mut self, dst: Slot, offset: u32, len: u32, r2: Slot) -> Result<(), Halt> {
        let bytes = self.input_bytes(offset, len as usize);
        let (top, value) = bytes.split_at(bytes.len().saturating_sub(48));
        if top.iter().any(|&x| x != 0) {
            return Err(Halt::Done(Outcome::Invalid("invalid field element encoding (top bytes)")));
        }
        let mut be = [0u8; 48];
        be[48 - value.len()..].copy_from_slice(value);
        let v = from_be_bytes(&be);
        let f = &self.prog.field;
        if !less_than(&v, &f.m) {
            return Err(Halt::Done(Outcome::Invalid("field element not below p")));
        }
        // x·R² / R = x·R, one MULMODMONT384 as in the EVM384 code
        self.mem[dst as usize] = mulmodmont384(&v, &self.mem[r2 as usize], &f.m, f.inv);
        self.count().mulmodmont384 += 1;
        Ok(())
    }

    fn count(&mut self) -> &mut OpCounts {
        &mut self.current
    }

    /// Adds the running phase's counts to the per-phase totals.
    fn flush_counts(&mut self) {
        let done = std::mem::take(&mut self.current);
        self.counts.0.entry(self.phase).or_default().add(&done);
    }

    fn copy(&mut self, dst: Slot, src: Slot, n: u32) {
        let end = (dst.max(src) + n) as usize;
        if self.mem.len() < end {
            self.mem.resize(end, [0; 6]);
        }
        self.mem.copy_within(src as usize..(src + n) as usize, dst as usize);
        let c = self.count();
        c.copies += 1;
        c.copied_slots += n as u64;
    }

    fn cond(&mut self, c: &Cond) -> bool {
        let eq = |m: &Self, a: Slot, b: Slot, n: u32| {
            (0..n as usize).all(|i| m.mem[a as usize + i] == m.mem[b as usize + i])
        };
        match c {
            Cond::Eq(a, b, n) => eq(self, *a, *b, *n),
            Cond::Ne(a, b, n) => !eq(self, *a, *b, *n),
            Cond::InputNonZero { offset, len } => self.input_bytes(*offset, *len as usize).iter().any(|&b| b != 0),
            Cond::InputZero { offset, len } => !self.cond(&Cond::InputNonZero { offset: *offset, len: *len }),
            Cond::NoPairs => self.pair_end == self.prog.pairs.base,
            Cond::Sgn0 { x, n, .. } => {
                let f = &self.prog.field;
                let v: Vec<Limbs> = (0..*n).map(|i| f.from_mont(&self.mem[(x + i) as usize])).collect();
                self.count().mulmodmont384 += *n as u64; // EVM384's conversions
                let odd = |l: &Limbs| l[0] & 1 == 1;
                odd(&v[0]) || (*n == 2 && v[0] == [0; 6] && odd(&v[1]))
            }
            Cond::Not(c) => !self.cond(c),
        }
    }

    fn block(&mut self, nodes: &[Node]) -> Result<(), Halt> {
        for n in nodes {
            self.node(n)?;
        }
        Ok(())
    }

    fn node(&mut self, n: &Node) -> Result<(), Halt> {
        let f = &self.prog.field;
        match n {
            Node::Op { op, out, x, y } => {
                let (xv, yv) = (&self.mem[*x as usize], &self.mem[*y as usize]);
                let r = match op {
                    Op::AddMod384 => addmod384(xv, yv, &f.m),
                    Op::SubMod384 => submod384(xv, yv, &f.m),
                    Op::MulModMont384 => mulmodmont384(xv, yv, &f.m, f.inv),
                };
                self.mem[*out as usize] = r;
                let c = self.count();
                match op {
                    Op::AddMod384 => c.addmod384 += 1,
                    Op::SubMod384 => c.submod384 += 1,
                    Op::MulModMont384 => c.mulmodmont384 += 1,
                }
            }
            Node::Copy { dst, src, n } => self.copy(*dst, *src, *n),
            Node::Call(id) => {
                self.count().calls += 1;
                self.sub_calls[*id] += 1;
                let prog = self.prog;
                self.block(&prog.subs[*id].body)?;
            }
            Node::ForBits { bits, always, if_set } => {
                for &b in bits {
                    self.block(always)?;
                    if b {
                        self.block(if_set)?;
                    }
                }
            }
            Node::ForWindows { windows, table, n, tmp, always, then } => {
                for w in windows {
                    for _ in 0..w.sqr {
                        self.block(always)?;
                    }
                    self.copy(*tmp, table + n * w.entry, *n);
                    self.block(then)?;
                }
            }
            Node::ForEachPair { read, body } => {
                let l = self.prog.pairs;
                let mut rec = l.base;
                while rec < self.pair_end {
                    self.copy(l.work, rec, *read);
                    self.block(body)?;
                    self.copy(rec + l.writeback.0, l.work + l.writeback.0, l.writeback.1);
                    rec += l.record;
                }
            }
            Node::ForEachInput { start, stride, body } => {
                self.input_pos = *start as usize;
                while self.input_pos < self.input.len() {
                    self.block(body)?;
                    self.input_pos += *stride as usize;
                }
            }
            Node::ScalarHalf { offset, slot, split, high } => {
                let word: [u8; 32] = self.input_bytes(*offset, 32).try_into().expect("32 bytes");
                let v = match split {
                    GlvSplit::Quotient { r, lambda } => {
                        let (hi, lo) = split_scalar(&word, r, *lambda);
                        if *high {
                            hi
                        } else {
                            lo
                        }
                    }
                    GlvSplit::Lattice(l) => l.offset_halves(&word)[*high as usize],
                };
                let rec = (self.pair_end - self.prog.pairs.record + slot) as usize;
                self.mem[rec] = [v as u64, (v >> 64) as u64, 0, 0, 0, 0];
            }
            Node::Scalar { offset, slot } => {
                let mut v = [0u64; 6]; // the 256-bit word, little-endian limbs
                for (i, c) in self.input_bytes(*offset, 32).rchunks(8).enumerate() {
                    v[i] = u64::from_be_bytes(c.try_into().expect("8 bytes"));
                }
                let rec = (self.pair_end - self.prog.pairs.record + slot) as usize;
                self.mem[rec] = v;
            }
            Node::ForScalarWindows { width, windows, scalar, table, entry, tmp, records, double, add } => {
                let l = self.prog.pairs;
                if let Some(n) = records {
                    assert_eq!(self.pair_end, l.base + n * l.record, "ForScalarWindows: not {n} records");
                }
                for j in (0..*windows).rev() {
                    if j + 1 < *windows {
                        for _ in 0..*width {
                            self.block(double)?;
                        }
                    }
                    let mut rec = l.base;
                    while rec < self.pair_end {
                        let s = self.mem[(rec + scalar) as usize];
                        // bits shift .. shift + width of the 256-bit word (EVM: SHR, AND)
                        let shift = (width * j) as usize;
                        let bit = |i: usize| i < 256 && (s[i / 64] >> (i % 64)) & 1 == 1;
                        let d = (0..*width as usize).fold(0u32, |d, i| d | (bit(shift + i) as u32) << i);
                        self.copy(*tmp, rec + table + entry * d, *entry);
                        self.block(add)?;
                        rec += l.record;
                    }
                }
            }
            Node::If(c, body) => {
                if self.cond(c) {
                    self.block(body)?;
                }
            }
            Node::Assert(c) => {
                if !self.cond(c) {
                    return Err(Halt::Done(Outcome::Invalid(match c {
                        Cond::Eq(..) => "point not on curve or not in subgroup",
                        _ => "point at infinity after subgroup multiplication",
                    })));
                }
            }
            Node::CheckInputLength(length) => {
                let n = self.input.len();
                let ok = match *length {
                    InputLength::MultipleOf(unit) => n > 0 && n.is_multiple_of(unit as usize),
                    InputLength::MultipleOfOrEmpty(unit) => n.is_multiple_of(unit as usize),
                    InputLength::Exactly(len) => n == len as usize,
                    InputLength::PrefixThenMultipleOf { prefix, unit } => {
                        n > prefix as usize && (n - prefix as usize).is_multiple_of(unit as usize)
                    }
                };
                if !ok {
                    return Err(Halt::Done(Outcome::Invalid("invalid input length")));
                }
            }
            Node::LoadInput { dst, offset, r2 } => self.load_element(*dst, *offset, self.prog.encoding.bytes(), *r2)?,
            Node::LoadInputs { dst, n, offset, r2, packed } => {
                let len = self.prog.encoding.element_bytes(*packed);
                for i in 0..*n {
                    self.load_element(dst + i, offset + len * i, len, *r2)?;
                }
            }
            Node::AppendPair => {
                let l = self.prog.pairs;
                self.copy(self.pair_end, l.work, l.record);
                self.pair_end += l.record;
            }
            Node::CachePairs { .. } => {} // where the records live: a back-end's concern
            Node::Phase(p) => {
                self.flush_counts();
                self.phase = *p;
            }
            Node::ReturnBool(c) => return Err(Halt::Done(Outcome::Bool(self.cond(c)))),
            Node::ReturnFields { slots, .. } => {
                let e = self.prog.encoding;
                let mut out = Vec::with_capacity((e.bytes() as usize) * slots.len());
                for &s in slots {
                    // the value below p < 2^(8·value): its top 48 − value bytes are zero
                    let be = evm384_arith::to_be_bytes(&f.from_mont(&self.mem[s as usize]));
                    out.extend(std::iter::repeat_n(0, e.padding as usize));
                    out.extend_from_slice(&be[48 - e.value as usize..]);
                }
                self.count().mulmodmont384 += slots.len() as u64; // EVM384's conversion
                return Err(Halt::Done(Outcome::Output(out)));
            }
            Node::ReturnMemory => {
                let mut m = self.mem.clone();
                m.resize(self.pair_end as usize, [0; 6]);
                return Err(Halt::Done(Outcome::Memory(m)));
            }
        }
        Ok(())
    }
}

/// (⌊s'/λ⌋, s' mod λ) for s' = s mod r, s a 256-bit big-endian word (what the EVM code of
/// `Node::ScalarHalf` computes with MOD and DIV). Both halves fit 128 bits when r < λ²
/// (λ = z² for BLS12: r = λ² − λ + 1).
pub(crate) fn split_scalar(s: &[u8; 32], r: &[u64; 4], lambda: u128) -> (u128, u128) {
    let mut v = [0u64; 4]; // little-endian limbs
    for (i, c) in s.rchunks(8).enumerate() {
        v[i] = u64::from_be_bytes(c.try_into().expect("8 bytes"));
    }
    while !less_than4(&v, r) {
        let mut borrow = false;
        for i in 0..4 {
            let (d, b1) = v[i].overflowing_sub(r[i]);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            v[i] = d;
            borrow = b1 || b2;
        }
    }
    // binary long division by λ, remainder kept below λ (it may need 129 bits when doubled)
    let (mut q, mut rem) = ([0u64; 4], 0u128);
    for i in (0..256).rev() {
        let carry = rem >> 127 == 1;
        rem = rem << 1 | (v[i / 64] >> (i % 64) & 1) as u128;
        if carry || rem >= lambda {
            rem = rem.wrapping_sub(lambda);
            q[i / 64] |= 1 << (i % 64);
        }
    }
    assert!(q[2] == 0 && q[3] == 0, "r < λ² keeps the high half below 2^128");
    ((q[0] as u128) | (q[1] as u128) << 64, rem)
}

fn less_than4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    for i in (0..4).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

fn less_than(a: &Limbs, b: &Limbs) -> bool {
    for i in (0..6).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}
