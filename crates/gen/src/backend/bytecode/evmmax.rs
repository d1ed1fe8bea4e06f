//! The EVMMAX side of the bytecode back-end (EIP-6690, the text pinned in `evm384-evm`'s
//! `evmmax` module): one field context (id 0) over p with 256 registers, each slot in the
//! register [`Registers::allocate`] gives it. A register holds the slot's raw residue r (what
//! EVM384 memory holds: Montgomery form with R = 2^384) as the value r·R⁻¹ mod p, the one LOADX
//! returns and STOREX takes: MULMODX multiplies values, so on residues it computes r₁·r₂·R⁻¹ as
//! MULMODMONT384 does, whatever radix the context uses inside (2^64 a word: 2^384 at six words,
//! 2^256 at four). So a constant v is STOREXed as v·R⁻¹ mod p, and an input x straight into
//! Montgomery form (its residue x·R).
//!
//! Values: EIP-6690 sizes a field context's values in 64-bit words, as many as the modulus needs
//! (SETMODX; `evm384_evm::evmmax`: `element_size`, 8·⌈bits(p)/64⌉ bytes), and prices the
//! arithmetic by that width: [`element_size`] is 48 for BLS12-381's and BLS12-377's p, 32 for a p
//! below 2^256 (BN254), whose context is cheaper. Every value in memory, p included, takes that
//! many bytes, big-endian.
//!
//! Memory: p (SETMODX's operand) at 0, the input pointer and the end of the pair-record array at
//! 64 and 96 as in EVM384 code, two scratch areas of 12 values (LOADX targets for equality tests
//! and the window table), two words where the program asks for a pair cache (`PairCache`), the
//! constants (canonical), then the pair records (canonical values, moved by STOREX/LOADX; LOADX
//! never expands memory, so an MSTORE at the record's end expands it first).
//!
//! Pair cache (`Node::CachePairs`): the first records live in registers above the allocated
//! ones; a pass over the pairs copies each into the work record and back (an addition's gas a
//! value), unrolled, entered by one computed jump, before the loop over the records beyond.
//!
//! Arithmetic: a run of consecutive operations of one kind whose outputs and inputs advance by
//! constant strides, with no operation reading an earlier one's output (EIP-6690 computes every
//! result before writing any), becomes one instruction with `count` > 1 (an Fp2 or Fp6
//! addition is one ADDMODX). Copies are `ADDMODX(dst, src, ZERO)`, strided the same way.

use evm384_arith::isa::Op;

use super::code::Label;
use super::emitter::{Emitter, Isa};
use super::opc::*;
use crate::backend::registers::{Registers, ALLOCATED, USABLE, ZERO};
use crate::ir::{bit_len, Node, Program, INPUT_PTR_ADDR, PAIR_END_ADDR};

/// p, big-endian (SETMODX reads it here).
const MODULUS_ADDR: u64 = 0;
/// Values one scratch area holds (an Fp12).
const SCRATCH_VALUES: u64 = 12;
/// Two scratch areas after the two words at 64 and 96: A here, B after it.
const SCRATCH_A: u64 = 128;

/// The field context's id.
const CONTEXT: u64 = 0;

/// Bytes of one value of the program's EVMMAX field context, in memory and in a register
/// (EIP-6690's SETMODX: 8 per 64-bit word of p): 48 for BLS12-381's p, 32 for BN254's.
pub fn element_size(prog: &Program) -> u64 {
    8 * bit_len(&prog.field.m).div_ceil(64) as u64
}

/// The second scratch area.
fn scratch_b(prog: &Program) -> u64 {
    SCRATCH_A + element_size(prog) * SCRATCH_VALUES
}

/// Two words after the scratch areas where the program asks for a pair cache
/// (`Node::CachePairs`): how many cached records exist, and whether records lie beyond them.
fn cached_count_addr(prog: &Program) -> u64 {
    scratch_b(prog) + element_size(prog) * SCRATCH_VALUES
}

/// The word after [`cached_count_addr`]: non-zero where records lie beyond the cached ones.
fn more_records_addr(prog: &Program) -> u64 {
    cached_count_addr(prog) + 32
}

/// The `records` a program's `Node::CachePairs` asks for.
fn asked_pair_cache(prog: &Program) -> Option<u32> {
    prog.main.iter().find_map(|n| match n {
        Node::CachePairs { records } => Some(*records),
        _ => None,
    })
}

/// The constants, canonical, STOREXed into registers 0.. at entry.
fn consts_addr(prog: &Program) -> u64 {
    cached_count_addr(prog) + if asked_pair_cache(prog).is_some() { 64 } else { 0 }
}

/// Whether the program writes memory from the first pair record on with bytes other than
/// canonical values: full 256-bit scalar words in its records (`Node::Scalar`), or the input
/// elements `Node::LoadInputs` copies there.
fn writes_words_at_pair_base(prog: &Program) -> bool {
    fn walk(nodes: &[Node]) -> bool {
        nodes
            .iter()
            .any(|n| matches!(n, Node::Scalar { .. } | Node::LoadInputs { .. }) || n.blocks().into_iter().any(walk))
    }
    walk(&prog.main) || prog.subs.iter().any(|s| walk(&s.body))
}

/// Memory address of the first pair record.
pub(super) fn pair_base_addr(prog: &Program) -> u64 {
    consts_addr(prog) + element_size(prog) * prog.consts.len() as u64
}

/// The last `len` bytes of a 48-byte big-endian value (its top bytes zero where it is below
/// 2^(8·len)).
fn low_bytes(be: &[u8; 48], len: u64) -> &[u8] {
    &be[48 - len as usize..]
}

/// The first pair records kept in registers above the allocated ones (`Node::CachePairs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PairCache {
    /// The register of the first cached record's first slot.
    first: u8,
    /// Records cached (each `Program::pairs.record` registers).
    pub(super) records: u32,
}

impl PairCache {
    /// The cache `prog` asks for, as many of its records as fit the registers `regs` leaves.
    pub(super) fn of(prog: &Program, regs: &Registers) -> Option<PairCache> {
        let asked = asked_pair_cache(prog)?;
        let fit = USABLE.saturating_sub(regs.used) / prog.pairs.record.max(1);
        let records = asked.min(fit);
        (records > 0).then_some(PairCache { first: regs.used as u8, records })
    }

    /// The register of cached record `i`'s first slot.
    fn register(self, prog: &Program, i: u32) -> u8 {
        self.first + (i * prog.pairs.record) as u8
    }
}

/// The 7-byte immediate of ADDMODX / SUBMODX / MULMODX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strided {
    out: u8,
    out_stride: u8,
    x: u8,
    x_stride: u8,
    y: u8,
    y_stride: u8,
    count: u8,
}

impl Strided {
    fn bytes(self) -> [u8; 7] {
        [self.out, self.out_stride, self.x, self.x_stride, self.y, self.y_stride, self.count]
    }
}

fn opcode(op: Op) -> u8 {
    match op {
        Op::AddMod384 => 0xc3,     // ADDMODX
        Op::SubMod384 => 0xc4,     // SUBMODX
        Op::MulModMont384 => 0xc5, // MULMODX
    }
}

/// Splits a run of `(op, out, x, y)` register operations into strided instructions, in order:
/// greedily, each instruction as long as its operations keep one stride per operand (out's
/// at least 1), stay within the text's bound `idx + stride·count < 256`, and read nothing an
/// earlier operation of the same instruction writes. Additions and products may swap x and y.
fn strided(ops: &[(Op, u8, u8, u8)]) -> Vec<(Op, Strided)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        let (op, o, x, y) = ops[i];
        let mut s = Strided { out: o, out_stride: 1, x, x_stride: 0, y, y_stride: 0, count: 1 };
        let mut written = vec![o];
        let commutes = op != Op::SubMod384;
        let mut j = i + 1;
        while j < ops.len() && s.count < u8::MAX {
            let (op2, o2, x2, y2) = ops[j];
            if op2 != op || written.contains(&x2) || written.contains(&y2) {
                break;
            }
            let orientations: &[(u8, u8)] = if commutes { &[(x2, y2), (y2, x2)] } else { &[(x2, y2)] };
            let next = orientations.iter().find_map(|&(a, b)| extend(&s, o2, a, b));
            match next {
                Some(n) => {
                    s = n;
                    written.push(o2);
                    j += 1;
                }
                None => break,
            }
        }
        out.push((op, s));
        i = j;
    }
    out
}

/// `s` with one more operation `(o, x, y)`, if it continues every stride.
fn extend(s: &Strided, o: u8, x: u8, y: u8) -> Option<Strided> {
    let c = s.count as i32;
    // the stride each operand needs: fixed after the first operation, chosen by the second
    let stride = |base: u8, cur: u8, v: u8| -> Option<u8> {
        let d = v as i32 - base as i32;
        if c == 1 {
            u8::try_from(d).ok()
        } else if d == cur as i32 * c {
            Some(cur)
        } else {
            None
        }
    };
    let n = Strided {
        out_stride: stride(s.out, s.out_stride, o).filter(|&d| d >= 1)?,
        x_stride: stride(s.x, s.x_stride, x)?,
        y_stride: stride(s.y, s.y_stride, y)?,
        count: s.count + 1,
        ..*s
    };
    let within = |idx: u8, stride: u8| (idx as u32 + stride as u32 * n.count as u32) < ALLOCATED;
    (within(n.out, n.out_stride) && within(n.x, n.x_stride) && within(n.y, n.y_stride)).then_some(n)
}

impl Emitter<'_> {
    pub(super) fn reg(&self, slot: u32) -> u8 {
        let Isa::Evmmax(r) = self.isa else { unreachable!("EVMMAX only") };
        r.of(slot)
    }

    fn strided_op(&mut self, op: Op, s: Strided) {
        self.op(opcode(op));
        self.code.extend(&s.bytes());
    }

    /// CODECOPY p and the constants, the end of the (empty) pair array, SETMODX, one STOREX of
    /// every constant (registers 0..: constants are placed first).
    pub(super) fn prologue_evmmax(&mut self, data: Label) -> Vec<u8> {
        let prog = self.prog;
        let f = &prog.field;
        let w = element_size(prog);
        let mut blob = low_bytes(&evm384_arith::to_be_bytes(&f.m), w).to_vec();
        for (i, v) in prog.consts.iter().enumerate() {
            assert!(self.reg(i as u32) == i as u8, "constants sit in registers 0..");
            blob.extend_from_slice(low_bytes(&evm384_arith::to_be_bytes(&f.from_mont(v)), w));
            // STOREX gives v·R⁻¹·R = v
        }
        let n = prog.consts.len() as u64;
        self.push(w);
        self.push_label(data);
        self.push(MODULUS_ADDR);
        self.op(CODECOPY); // p
        self.push(w * n);
        self.push_label(data);
        self.push(w);
        self.op(ADD);
        self.push(consts_addr(prog));
        self.op(CODECOPY); // the constants
        self.push(pair_base_addr(prog));
        self.push(PAIR_END_ADDR as u64);
        self.op(MSTORE);
        self.push(ALLOCATED as u64); // alloc_count
        self.push(w); // modulus_size
        self.push(MODULUS_ADDR); // modulus_offset
        self.push(CONTEXT); // id
        self.op(SETMODX);
        if n > 0 {
            self.storex(0, consts_addr(prog), n);
        }
        blob
    }

    /// LOADX: memory `dest` ← `count` registers from `source` (canonical, big-endian).
    fn loadx(&mut self, dest: u64, source: u8, count: u64) {
        self.push(count);
        self.push(source as u64);
        self.push(dest);
        self.op(LOADX);
    }

    /// STOREX: `count` registers from `dest` ← memory `source`.
    fn storex(&mut self, dest: u8, source: u64, count: u64) {
        self.push(count);
        self.push(source);
        self.push(dest as u64);
        self.op(STOREX);
    }

    pub(super) fn arith_evmmax(&mut self, ops: &[Node]) {
        let regs: Vec<(Op, u8, u8, u8)> = ops
            .iter()
            .map(|n| {
                let Node::Op { op, out, x, y } = *n else { unreachable!("arithmetic only") };
                (op, self.reg(out), self.reg(x), self.reg(y))
            })
            .collect();
        for (op, s) in strided(&regs) {
            self.strided_op(op, s);
        }
    }

    /// `dst..dst+n` ← `src..src+n` as `ADDMODX(dst, src, ZERO)` (all read before any is
    /// written, so overlapping ranges copy like memmove).
    pub(super) fn copy_evmmax(&mut self, dst: u32, src: u32, n: u32) {
        self.copy_registers(self.reg(dst), self.reg(src), n);
    }

    /// Registers `dst..dst+n` ← `src..src+n`, as [`Emitter::copy_evmmax`].
    fn copy_registers(&mut self, dst: u8, src: u8, n: u32) {
        let s = Strided { out: dst, out_stride: 1, x: src, x_stride: 1, y: ZERO, y_stride: 0, count: n as u8 };
        self.strided_op(Op::AddMod384, s);
    }

    /// `Node::CachePairs`: each cached record that exists STOREXed into its registers, their
    /// count at [`cached_count_addr`] (memory starts zero), and whether more records follow at
    /// [`more_records_addr`].
    pub(super) fn load_pair_cache(&mut self, cache: PairCache) {
        let done = self.label();
        let (rec, values) = (self.record_bytes(), self.prog.pairs.record as u64);
        let base = pair_base_addr(self.prog);
        let (count_at, more_at) = (cached_count_addr(self.prog), more_records_addr(self.prog));
        for i in 0..cache.records {
            let addr = base + rec * i as u64;
            self.push(addr);
            self.record_exists(); // [end > addr]
            self.op(ISZERO);
            self.jumpi_to(done);
            self.storex(cache.register(self.prog, i), addr, values);
            self.push(i as u64 + 1);
            self.push(count_at);
            self.op(MSTORE);
        }
        self.place(done);
        self.push(base + rec * cache.records as u64);
        self.record_exists();
        self.push(more_at);
        self.op(MSTORE);
    }

    /// [addr] → [end > addr]: whether a record starts at addr.
    fn record_exists(&mut self) {
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(GT);
    }

    /// `Node::ForEachPair` under a pair cache: one computed jump (by the count of cached
    /// records that exist, n) into a run of passes, the last n of which run: each brings a
    /// cached record's first `read` registers into the work record, runs `body` and copies
    /// the written-back part back (a copy costs an addition's gas a value, against a
    /// product's for STOREX and LOADX, and the passes have no loop control); then the records
    /// beyond the cache, if any, through memory. Each pass's code has the same length, so the
    /// jump's target is the run's end less n passes.
    pub(super) fn for_each_pair_cached(&mut self, read: u32, body: &[Node], cache: PairCache) {
        let l = self.prog.pairs;
        let (wb_off, wb_n) = l.writeback;
        let work = self.reg(l.work);
        let (passes_end, done) = (self.label(), self.label());
        let (count_at, more_at) = (cached_count_addr(self.prog), more_records_addr(self.prog));
        self.op(PUSH2);
        let len_at = self.len();
        self.extend(&[0, 0]); // one pass's bytes, written below
        self.push(count_at);
        self.op(MLOAD);
        self.op(MUL);
        self.push_label(passes_end);
        self.op(SUB);
        self.op(JUMP);
        let mut pass_len = None;
        for i in (0..cache.records).rev() {
            let first = cache.register(self.prog, i);
            let start = self.len();
            self.op(JUMPDEST);
            self.copy_registers(work, first, read);
            self.block(body);
            self.copy_registers(first + wb_off as u8, work + wb_off as u8, wb_n);
            let len = self.len() - start;
            assert_eq!(*pass_len.get_or_insert(len), len, "the passes over cached records are alike");
        }
        let pass_len = u16::try_from(pass_len.expect("a cached record")).expect("a pass under 64 KB");
        self.code.bytes[len_at..len_at + 2].copy_from_slice(&pass_len.to_be_bytes());
        self.place(passes_end);
        self.push(more_at);
        self.op(MLOAD);
        self.op(ISZERO);
        self.jumpi_to(done);
        let rest = pair_base_addr(self.prog) + self.record_bytes() * cache.records as u64;
        self.push(rest);
        self.records_from(read, body);
        self.place(done);
    }

    /// Bytes of one pair record in memory.
    fn record_bytes(&self) -> u64 {
        element_size(self.prog) * self.prog.pairs.record as u64
    }

    pub(super) fn record_to_work_evmmax(&mut self, read: u32) {
        let l = self.prog.pairs;
        self.push(read as u64);
        self.op(DUP2);
        let w = self.reg(l.work);
        self.push(w as u64);
        self.op(STOREX); // work ← record
    }

    pub(super) fn work_to_record_evmmax(&mut self) {
        let l = self.prog.pairs;
        let (wb_off, wb_n) = l.writeback;
        self.push(wb_n as u64);
        let w = self.reg(l.work + wb_off);
        self.push(w as u64);
        self.op(DUP3);
        let at = element_size(self.prog) * wb_off as u64;
        self.push(at);
        self.op(ADD);
        self.op(LOADX); // record.T ← work.T
    }

    pub(super) fn append_work_evmmax(&mut self) {
        let l = self.prog.pairs;
        let last_word = (element_size(self.prog) * l.record as u64).saturating_sub(32);
        self.op(PUSH0);
        self.push(last_word);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(ADD);
        self.op(MSTORE); // memory expanded to the record's end
        self.push(l.record as u64);
        let w = self.reg(l.work);
        self.push(w as u64);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(LOADX); // array[end] ← work
    }

    /// Registers are addressed by immediates, so the entry chosen at run time goes through
    /// memory: LOADX from the computed register, STOREX into `tmp`.
    pub(super) fn table_entry_evmmax(&mut self, eb: u32, (table, n, tmp): (u32, u32, u32)) {
        assert!(n as u64 <= SCRATCH_VALUES);
        self.push(n as u64);
        self.op(DUP2);
        self.push(248);
        self.op(SHR);
        self.push((1 << eb) - 1);
        self.op(AND); // [w, n, entry]
        if n > 1 {
            self.push(n as u64);
            self.op(MUL);
        }
        let t = self.reg(table);
        self.push(t as u64);
        self.op(ADD); // [w, n, register]
        self.push(SCRATCH_A);
        self.op(LOADX);
        let tmp = self.reg(tmp);
        self.storex(tmp, SCRATCH_A, n as u64); // tmp ← table[entry]
    }

    /// LOADX converts out of Montgomery form and writes big-endian: each value (`w` bytes) at
    /// the end of its element (`len` bytes, the program's `FieldEncoding::bytes`: 32 or 64, no
    /// fewer than `w`), after memory is expanded over all of them; the `len` − `w` bytes before
    /// it are the pad. The output overlaps the first pair record, if any. With EIP-2537's
    /// elements over 48-byte values the 16-byte pads stay zero where that record has zero bytes
    /// there — fresh memory, or the EIP-2537 MSMs' records (a scalar half below 2^128, then the
    /// table's O) — and are cleared where a record holds a full 256-bit word (`Node::Scalar`,
    /// EIP-2539's MUL and MULTIEXP), whose top bytes fall on the first pad, or where
    /// `Node::LoadInputs` left input bytes; other pads are cleared.
    pub(super) fn return_fields_evmmax(&mut self, slots: &[u32]) {
        let out = pair_base_addr(self.prog);
        let len = self.prog.encoding.bytes() as u64;
        let w = element_size(self.prog);
        assert!(len >= w && len.is_multiple_of(32), "an element of one or two words holds the value");
        self.op(PUSH0);
        self.push(out + len * slots.len() as u64 - 32);
        self.op(MSTORE);
        let pad = len - w;
        if pad > 0 && (writes_words_at_pair_base(self.prog) || w != 48) {
            for i in 0..slots.len() as u64 {
                for at in (0..pad).step_by(32) {
                    self.op(PUSH0);
                    self.push(out + len * i + at);
                    self.op(MSTORE); // bytes of the pad, then what LOADX overwrites
                }
            }
        }
        for (i, &s) in slots.iter().enumerate() {
            let r = self.reg(s);
            self.loadx(out + len * i as u64 + pad, r, 1);
        }
    }

    /// Pushes sgn0(x) (`Cond::Sgn0`): the coefficients LOADXed (canonical, big-endian), then
    /// the parity of the last byte of each (the word ending there; `w` ≥ 8 and SCRATCH_A ≥ 32
    /// keep its address in range).
    pub(super) fn sgn0_evmmax(&mut self, x: u32, n: u32) {
        assert!(n == 1 || n == 2);
        let w = element_size(self.prog);
        let r = self.reg(x);
        self.loadx(SCRATCH_A, r, n as u64);
        self.push(SCRATCH_A + w - 32);
        self.op(MLOAD);
        self.push(1);
        self.op(AND); // [s0]
        if n == 2 {
            self.value_is_zero(SCRATCH_A, w); // [s0, x0 = 0]
            self.push(SCRATCH_A + 2 * w - 32);
            self.op(MLOAD);
            self.push(1);
            self.op(AND);
            self.op(AND);
            self.op(OR); // s0 ∨ (x0 = 0 ∧ s1)
        }
    }

    /// Pushes 1 iff the `w`-byte value at memory `a` is zero (its words ORed: those at a and
    /// a + w − 32 for 32 < w ≤ 64; the top `w` bytes of the word at a below 32).
    fn value_is_zero(&mut self, a: u64, w: u64) {
        match w {
            0..32 => {
                self.push(a);
                self.op(MLOAD);
                self.push(8 * (32 - w));
                self.op(SHR);
            }
            32 => {
                self.push(a);
                self.op(MLOAD);
            }
            _ => {
                self.push(a);
                self.op(MLOAD);
                self.push(a + w - 32);
                self.op(MLOAD);
                self.op(OR);
            }
        }
        self.op(ISZERO);
    }

    /// Both ranges LOADXed (canonical values: equal iff the residues are), then compared.
    pub(super) fn slots_equal_evmmax(&mut self, a: u32, b: u32, n: u32) {
        assert!(n as u64 <= SCRATCH_VALUES);
        let (ra, rb) = (self.reg(a), self.reg(b));
        let w = element_size(self.prog);
        self.loadx(SCRATCH_A, ra, n as u64);
        self.loadx(scratch_b(self.prog), rb, n as u64);
        self.memory_equal(SCRATCH_A, scratch_b(self.prog), w * n as u64);
    }

    /// The field element (the program's `FieldEncoding::bytes`): its last `w` bytes
    /// CALLDATACOPYed (`input_value_to_memory`) and STOREXed, which converts to Montgomery form
    /// and halts the frame exceptionally unless the value is below p (as INVALID does,
    /// consuming all gas).
    pub(super) fn load_input_evmmax(&mut self, dst: u32, offset: u32) {
        let len = self.prog.encoding.bytes();
        self.input_value_to_memory(offset, len, SCRATCH_A);
        let d = self.reg(dst);
        self.storex(d, SCRATCH_A, 1);
    }

    /// The `len`-byte big-endian field element at `offset` of the current input: INVALID
    /// unless the bytes before its last `w` are zero (EIP-2537's 16 of 64 at w = 48); those
    /// `w` bytes CALLDATACOPYed to memory `to` (bytes past the calldata's end copy as zero).
    /// `len` ≥ `w`: `FieldEncoding::check` has p fit the element's value bytes, which EVMMAX
    /// rounds up to words (`load_inputs_evmmax` reports the packed case where it does not).
    fn input_value_to_memory(&mut self, offset: u32, len: u32, to: u64) {
        let w = element_size(self.prog);
        let top = len as u64 - w;
        let inv = self.invalid;
        self.push(INPUT_PTR_ADDR as u64);
        self.op(MLOAD);
        self.push(offset as u64);
        self.op(ADD); // [a]
        for at in (0..top).step_by(32) {
            self.op(DUP1);
            if at > 0 {
                self.push(at);
                self.op(ADD);
            }
            self.op(CALLDATALOAD);
            if top - at < 32 {
                self.push(8 * (32 - (top - at)));
                self.op(SHR);
            }
            self.jumpi_to(inv); // the bytes before the value must be zero
        }
        if top > 0 {
            self.push(top);
            self.op(ADD);
        } // [a + top]
        self.push(w);
        self.op(SWAP1);
        self.push(to);
        self.op(CALLDATACOPY); // CALLDATACOPY(to, a + top, w)
    }
}

impl Emitter<'_> {
    /// `Node::LoadInputs`: each element's bytes before its last `w` checked and those `w`
    /// CALLDATACOPYed side by side where the pair records would start (free until the first
    /// record), then one STOREX of all n (which halts unless each is below p); `packed` values
    /// as wide as a register: all n by one CALLDATACOPY.
    pub(super) fn load_inputs_evmmax(&mut self, dst: u32, n: u32, offset: u32, packed: bool) {
        let scratch = pair_base_addr(self.prog);
        let w = element_size(self.prog);
        let len = self.prog.encoding.element_bytes(packed);
        if (len as u64) < w {
            // a packed value narrower than the context's words (p of 8k + 1 .. 8k + 7 bytes)
            self.unsupported.get_or_insert("a packed field element narrower than EVMMAX's value");
            return;
        }
        if len as u64 == w {
            self.push(w * n as u64);
            self.push(INPUT_PTR_ADDR as u64);
            self.op(MLOAD);
            self.push(offset as u64);
            self.op(ADD);
            self.push(scratch);
            self.op(CALLDATACOPY); // CALLDATACOPY(scratch, ptr + offset, w·n)
        } else {
            for i in 0..n {
                self.input_value_to_memory(offset + len * i, len, scratch + w * i as u64);
            }
        }
        let d = self.reg(dst);
        self.storex(d, scratch, n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(out: u8, os: u8, x: u8, xs: u8, y: u8, ys: u8, count: u8) -> Strided {
        Strided { out, out_stride: os, x, x_stride: xs, y, y_stride: ys, count }
    }

    #[test]
    fn consecutive_operations_become_one_strided_instruction() {
        use Op::*;
        // an Fp2 addition: (10, 11) = (20, 21) + (30, 31)
        let ops = [(AddMod384, 10, 20, 30), (AddMod384, 11, 21, 31)];
        assert_eq!(strided(&ops), vec![(AddMod384, s(10, 1, 20, 1, 30, 1, 2))]);
        // a product by one constant, strides 2, 1 and 0
        let ops = [(MulModMont384, 10, 20, 5), (MulModMont384, 12, 21, 5), (MulModMont384, 14, 22, 5)];
        assert_eq!(strided(&ops), vec![(MulModMont384, s(10, 2, 20, 1, 5, 0, 3))]);
        // x and y swapped in the second addition
        let ops = [(AddMod384, 10, 20, 30), (AddMod384, 11, 31, 21)];
        assert_eq!(strided(&ops), vec![(AddMod384, s(10, 1, 20, 1, 30, 1, 2))]);
        // ... but not in a subtraction
        let ops = [(SubMod384, 10, 20, 30), (SubMod384, 11, 31, 21)];
        assert_eq!(strided(&ops).len(), 2);
    }

    #[test]
    fn a_run_breaks_where_sequential_and_strided_semantics_differ() {
        use Op::*;
        // the second reads the first's output: two instructions
        let ops = [(AddMod384, 10, 20, 30), (AddMod384, 11, 10, 31)];
        assert_eq!(strided(&ops).len(), 2);
        // other kinds, broken strides, a negative stride
        assert_eq!(strided(&[(AddMod384, 10, 20, 30), (SubMod384, 11, 21, 31)]).len(), 2);
        assert_eq!(strided(&[(AddMod384, 10, 20, 30), (AddMod384, 11, 21, 31), (AddMod384, 13, 22, 32)]).len(), 2);
        assert_eq!(strided(&[(AddMod384, 10, 20, 30), (AddMod384, 9, 21, 31)]).len(), 2);
        // the bound idx + stride·count < 256
        let ops = [(AddMod384, 252, 20, 30), (AddMod384, 253, 21, 31), (AddMod384, 254, 22, 32)];
        assert_eq!(strided(&ops), vec![(AddMod384, s(252, 1, 20, 1, 30, 1, 3))]);
        let ops = [(AddMod384, 250, 20, 30), (AddMod384, 252, 21, 31), (AddMod384, 254, 22, 32)];
        assert_eq!(strided(&ops).len(), 2, "254 + 2·3 ≥ 256");
    }
}
