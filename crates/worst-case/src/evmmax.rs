//! EVMMAX (EIP-6690) programs for the worst-case search, and the per-width answer.
//!
//! Every width of 1..12 64-bit words (64..768 bits, EIP-6690's whole range: `evm384_arith::modx`
//! takes moduli up to 2^768 − 1), with an odd modulus (Montgomery arithmetic) and a power of two
//! (2^(64·words − 1)). Every program is `setup; loop n times { body }; STOP` like the EVM384
//! ones; its setup writes the modulus, expands memory, creates its field contexts and fills every
//! register with pseudo-random values (two seeds stored with STOREX, then squared into the rest
//! with MULMODX), so that no instruction works on zeros. Families:
//! - arithmetic (`mulmodx`, `addmodx`, `submodx`): `hot` (16 registers), `spread` (256
//!   registers, random indices), strided counts up to the register file (`c16`: random strides,
//!   `c255`: stride 1 over all 256 registers), and `multi`: as many contexts of 256 registers as
//!   the 24,576-byte cap allows at this width (12 at one word: 3,072 registers, which this
//!   implementation keeps as 96-byte slots, 288 KiB beyond the L1 cache), a SETMODX switching to
//!   a random one before every instruction;
//! - `loadx` / `storex` of 1 or 256 values at random offsets of 64 KiB of memory;
//! - SETMODX churn: `setmodx-activate` (up to 257 contexts, re-activated in random order, 1 gas each)
//!   and `setmodx-create` (as many new one-register contexts as ids and the cap allow, once:
//!   each computes its modulus's constants), `setmodx-create/alloc256` (contexts of 256
//!   registers up to the cap).
//!
//! The default scope is six programs per width and modulus kind (seconds with a short plan);
//! [`Scope::Full`] adds the rest.

use evm384_evm::evmmax::{GAS, MAX_ALLOC, MAX_ID, MAX_REGISTER_BYTES};
use serde::Serialize;

use crate::asm::{Asm, Offsets, DUP1, JUMPDEST, JUMPI, MSTORE, MSTORE8, STOP, SUB, SWAP1};

/// Widths searched, in 64-bit words.
pub const WORDS: std::ops::RangeInclusive<usize> = 1..=12;

const SETMODX: u8 = 0xc0;
const LOADX: u8 = 0xc1;
const STOREX: u8 = 0xc2;
const ADDMODX: u8 = 0xc3;
const SUBMODX: u8 = 0xc4;
const MULMODX: u8 = 0xc5;
const PUSH0: u8 = 0x5f;

/// Instructions in one loop body.
const BODY: usize = 64;

/// Where the setup's values live: the modulus at 0, the two seed values at `SEEDS`, the memory
/// LOADX/STOREX use from `DATA`.
const SEEDS: u64 = 96;
const DATA: u64 = 384;

/// LOADX/STOREX offsets: random in `[DATA, DATA + SPREAD)` (memory expanded to hold the last
/// value); the arithmetic programs expand memory to `DATA` only.
const SPREAD: u64 = 4096;

/// How many programs to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scope {
    /// Six programs per width and modulus kind: MULMODX of count 16 at random strides, ADDMODX
    /// of count 1 (the per-instruction floor), LOADX and STOREX of 256 values, SETMODX
    /// re-activation and creation (the families that were worst in the full search of
    /// `docs/eip6690-security.md`, and the churn ones).
    #[default]
    Default,
    /// Every family.
    Full,
}

/// The modulus kind of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Modulus {
    Odd,
    PowerOfTwo,
}

impl Modulus {
    pub fn name(self) -> &'static str {
        match self {
            Modulus::Odd => "odd",
            Modulus::PowerOfTwo => "power-of-two",
        }
    }
}

/// One EVMMAX program.
#[derive(Clone, Debug, Serialize)]
pub struct EvmmaxProgram {
    /// Family and variant, e.g. `mulmodx/spread/c255`.
    pub name: String,
    /// Modulus width in 64-bit words.
    pub words: usize,
    pub modulus: Modulus,
    /// Gas the EVMMAX instructions charge over the whole run from EIP-6690's per-width tables
    /// (ADDMODX/SUBMODX, MULMODX, which also prices LOADX/STOREX per value of an odd modulus,
    /// and SETMODX's odd-modulus part): the part a multiplier on the per-width costs scales.
    pub table_gas: u64,
    /// Gas the EVMMAX instructions charge beyond the tables, memory expansion excluded: the base
    /// costs (1 each) and the power-of-two LOADX/STOREX copy costs (`3 · ⌈bytes / 32⌉`). The
    /// rest of the run's gas is ordinary instructions and memory expansion.
    pub fixed_gas: u64,
    /// Whether the loop (or, for `setmodx-create`, the program) pays the per-width tables for
    /// its work: the arithmetic, and LOADX/STOREX/SETMODX of an odd modulus. The others
    /// (SETMODX re-activation, power-of-two SETMODX/LOADX/STOREX) pay fixed costs only, whatever
    /// their setup paid.
    pub priced_by_tables: bool,
    #[serde(skip)]
    pub code: Vec<u8>,
}

/// The modulus of a width, big-endian, `8 · words` bytes: odd (top bit set, pseudo-random
/// bytes) or 2^(64·words − 1).
pub fn modulus_bytes(words: usize, kind: Modulus) -> Vec<u8> {
    let mut m = vec![0u8; 8 * words];
    match kind {
        Modulus::PowerOfTwo => m[0] = 0x80,
        Modulus::Odd => {
            let mut r = Offsets(0x6690 ^ words as u64);
            for b in m.iter_mut() {
                *b = r.next() as u8;
            }
            m[0] |= 0x80;
            *m.last_mut().expect("non-empty") |= 1;
        }
    }
    m
}

/// EIP-6690's gas of the arithmetic instructions at a width, per operation.
fn arith_gas(op: u8, words: usize) -> u64 {
    match op {
        MULMODX => GAS.mul[words - 1],
        _ => GAS.add_sub[words - 1],
    }
}

fn loadx_gas(words: usize, kind: Modulus, count: u64) -> u64 {
    GAS.loadx_base
        + match kind {
            Modulus::Odd => count * GAS.mul[words - 1],
            Modulus::PowerOfTwo => (8 * words as u64).div_ceil(32) * 3,
        }
}

fn storex_gas(words: usize, kind: Modulus, count: u64) -> u64 {
    GAS.storex_base
        + match kind {
            Modulus::Odd => count * GAS.mul[words - 1],
            Modulus::PowerOfTwo => (count * 8 * words as u64).div_ceil(32) * 3,
        }
}

fn setmodx_new_gas(words: usize, kind: Modulus) -> u64 {
    GAS.setmodx_base + if kind == Modulus::Odd { GAS.setmodx_odd[words - 1] } else { 0 }
}

/// A program under construction: its code and the EVMMAX gas it has charged so far per run
/// (table, fixed).
struct Emit {
    a: Asm,
    words: usize,
    kind: Modulus,
    gas: Gas,
}

#[derive(Clone, Copy, Default)]
struct Gas {
    table: u64,
    fixed: u64,
}

impl Gas {
    fn times(self, n: u64) -> Gas {
        Gas { table: self.table * n, fixed: self.fixed * n }
    }
    fn plus(self, o: Gas) -> Gas {
        Gas { table: self.table + o.table, fixed: self.fixed + o.fixed }
    }
}

impl Emit {
    fn size(&self) -> u64 {
        8 * self.words as u64
    }
    fn arith(&mut self, op: u8, imm: [u8; 7]) {
        self.a.op(op);
        self.a.0.extend_from_slice(&imm);
        self.gas.table += imm[6] as u64 * arith_gas(op, self.words);
    }
    /// SETMODX of a new context `id` with `alloc` registers (modulus at 0).
    fn create(&mut self, id: u64, alloc: u64) {
        let size = self.size();
        self.a.push(alloc).push(size).push(0).push(id).op(SETMODX);
        self.gas.fixed += GAS.setmodx_base;
        self.gas.table += setmodx_new_gas(self.words, self.kind) - GAS.setmodx_base;
    }
    /// SETMODX of an existing context: the other operands are not read.
    fn activate(&mut self, id: u64) {
        self.a.op(PUSH0).op(PUSH0).op(PUSH0).push(id).op(SETMODX);
        self.gas.fixed += GAS.setmodx_base;
    }
    /// STOREX `count` values from memory `source` into registers from `dest`.
    fn storex(&mut self, dest: u64, source: u64, count: u64) {
        self.a.push(count).push(source).push(dest).op(STOREX);
        let g = storex_gas(self.words, self.kind, count);
        self.split(g, count);
    }
    fn loadx(&mut self, dest: u64, source: u64, count: u64) {
        self.a.push(count).push(source).push(dest).op(LOADX);
        let g = loadx_gas(self.words, self.kind, count);
        self.split(g, count);
    }
    /// LOADX's or STOREX's gas `g` for `count` values: per value from the MULMODX table for an
    /// odd modulus, a fixed copy cost for a power of two; the base fixed.
    fn split(&mut self, g: u64, count: u64) {
        let table = if self.kind == Modulus::Odd { count * GAS.mul[self.words - 1] } else { 0 };
        self.gas.table += table;
        self.gas.fixed += g - table;
    }
    /// Registers 2.. of the active context (of `registers`) from the two seeds in 0 and 1:
    /// register 2^k + i is register i squared, k = 1, 2, …
    fn fill(&mut self, registers: u64) {
        self.storex(0, SEEDS, 2);
        let mut have = 2u64;
        while have < registers {
            let count = have.min(registers - have);
            self.arith(MULMODX, [have as u8, 1, 0, 1, 0, 1, count as u8]);
            have += count;
        }
    }
}

/// `setup` (modulus, seeds, memory expanded to `memory` bytes, `contexts` of `registers` each,
/// every register filled; the last context active), then `n` times `body`, then STOP. Returns
/// the code and its EVMMAX gas.
fn looped(
    words: usize,
    kind: Modulus,
    (memory, contexts, registers): (u64, u64, u64),
    n: u64,
    mut body: impl FnMut(&mut Emit),
) -> (Vec<u8>, Gas) {
    let mut e = Emit { a: Asm(Vec::new()), words, kind, gas: Gas::default() };
    // The modulus at 0 and the seeds at SEEDS, as 32-byte words (the seeds' top bytes cleared:
    // below 2^(64·words − 8), so below either modulus).
    let mut mem = vec![0u8; DATA as usize];
    let m = modulus_bytes(words, kind);
    mem[..m.len()].copy_from_slice(&m);
    let mut r = Offsets(0x5eed ^ words as u64);
    for s in 0..2 {
        let at = SEEDS as usize + s * m.len();
        for b in &mut mem[at + 1..at + m.len()] {
            *b = r.next() as u8;
        }
    }
    for (i, chunk) in mem.chunks(32).enumerate() {
        if chunk.iter().any(|&b| b != 0) {
            e.a.push_word(chunk.try_into().expect("32")).push(32 * i as u64).op(MSTORE);
        }
    }
    e.a.push(0).push(memory.max(DATA) - 1).op(MSTORE8);
    for id in 0..contexts {
        e.create(id, registers);
        e.fill(registers);
    }
    let setup_gas = e.gas;
    e.gas = Gas::default();
    e.a.push(n);
    let top = e.a.here();
    e.a.op(JUMPDEST);
    body(&mut e);
    e.a.push(1).op(SWAP1).op(SUB).op(DUP1).push(top as u64).op(JUMPI).op(STOP);
    (e.a.0, setup_gas.plus(e.gas.times(n)))
}

/// Contexts of 256 registers that fit the cap at a width.
fn contexts_of_256(words: usize) -> u64 {
    (MAX_REGISTER_BYTES / (256 * 8 * words)) as u64
}

/// A random immediate: `count` operations with the given strides (random when `None`), every
/// index inside `registers`.
fn immediate(r: &mut Offsets, registers: u64, count: u64, stride: Option<u64>) -> [u8; 7] {
    let mut imm = [0u8; 7];
    imm[6] = count as u8;
    for k in 0..3 {
        let s = stride.unwrap_or_else(|| 1 + r.next() % ((registers - 1) / (count - 1).max(1)).clamp(1, 255));
        let span = s * (count - 1);
        let idx = r.next() % (registers - span);
        imm[2 * k] = idx as u8;
        imm[2 * k + 1] = s as u8;
    }
    imm
}

/// Every EVMMAX program of `scope` for one width and modulus kind.
pub fn programs(words: usize, kind: Modulus, scope: Scope) -> Vec<EvmmaxProgram> {
    let full = scope == Scope::Full;
    let mut out = Vec::new();
    let mut add = |name: String, (code, gas): (Vec<u8>, Gas)| {
        let priced_by_tables = !(name.starts_with("setmodx-activate")
            || kind == Modulus::PowerOfTwo && ["loadx", "storex", "setmodx"].iter().any(|f| name.starts_with(f)));
        out.push(EvmmaxProgram {
            name,
            words,
            modulus: kind,
            table_gas: gas.table,
            fixed_gas: gas.fixed,
            priced_by_tables,
            code,
        });
    };
    let seed = |s: &str| Offsets(words as u64 ^ (kind as u64) << 8 ^ s.len() as u64 ^ (s.as_bytes()[0] as u64) << 16);
    // Arithmetic: per op, the layouts below.
    let ops = [("mulmodx", MULMODX), ("addmodx", ADDMODX), ("submodx", SUBMODX)];
    for (op_name, op) in ops {
        let multi = contexts_of_256(words);
        let variants = [
            ArithLayout("hot/c1", 16, 1, 1, None, 64, op == ADDMODX),
            ArithLayout("spread/c1", 256, 1, 1, None, 64, false),
            ArithLayout("spread/c16", 256, 1, 16, None, 16, op == MULMODX),
            ArithLayout("spread/c255", 256, 1, 255, Some(1), 4, false),
            ArithLayout("multi/c1", 256, multi, 1, None, 64, false),
            ArithLayout("multi/c64", 256, multi, 64, None, 8, false),
        ];
        for ArithLayout(variant, registers, contexts, count, stride, n, default) in variants {
            if !(default || full) || (variant.starts_with("multi") && contexts < 2) {
                continue;
            }
            if op == SUBMODX && variant != "hot/c1" {
                continue; // the same code path as ADDMODX
            }
            let mut r = seed(variant);
            let switch = variant.starts_with("multi");
            let body: Vec<(u64, [u8; 7])> =
                (0..BODY).map(|_| (r.next() % contexts, immediate(&mut r, registers, count, stride))).collect();
            add(
                format!("{op_name}/{variant}"),
                looped(words, kind, (DATA, contexts, registers), n, |e| {
                    for (id, imm) in &body {
                        if switch {
                            e.activate(*id);
                        }
                        e.arith(op, *imm);
                    }
                }),
            );
        }
    }
    // LOADX / STOREX at random offsets.
    for (name, op) in [("loadx", LOADX), ("storex", STOREX)] {
        for (count, n, default) in [(1u64, 64u64, false), (256, 2, true)] {
            if !(default || full) {
                continue;
            }
            let mut r = seed(name);
            let size = 8 * words as u64;
            let body: Vec<(u64, u64)> =
                (0..BODY).map(|_| (r.next() % (256 - count + 1), DATA + r.next() % SPREAD)).collect();
            add(
                format!("{name}/c{count}"),
                looped(words, kind, (DATA + SPREAD + count * size, 1, 256), n, |e| {
                    for &(reg, at) in &body {
                        if op == LOADX {
                            e.loadx(at, reg, count);
                        } else {
                            e.storex(reg, at, count);
                        }
                    }
                }),
            );
        }
    }
    // SETMODX churn: as many one-register contexts as ids and the cap allow, re-activated in
    // random order; or created, each computing its constants once.
    let size = 8 * words as u64;
    let creatable = (MAX_ID + 1).min(MAX_REGISTER_BYTES as u64 / size);
    let mut r = seed("setmodx-activate");
    let ids: Vec<u64> = (0..BODY).map(|_| r.next() % creatable).collect();
    add("setmodx-activate".into(), churn_activate(words, kind, creatable, &ids));
    add("setmodx-create".into(), create_program(words, kind, creatable, 1));
    if full {
        let n = (MAX_REGISTER_BYTES as u64 / (MAX_ALLOC * size)).min(MAX_ID + 1);
        add("setmodx-create/alloc256".into(), create_program(words, kind, n, MAX_ALLOC));
    }
    out
}

/// The modulus in memory, memory expanded, `contexts` contexts of one register each, then a
/// loop re-activating `ids` in order.
fn churn_activate(words: usize, kind: Modulus, contexts: u64, ids: &[u64]) -> (Vec<u8>, Gas) {
    let mut e = modulus_only(words, kind);
    for id in 0..contexts {
        e.create(id, 1);
    }
    let setup = e.gas;
    e.gas = Gas::default();
    let n = 64;
    e.a.push(n);
    let top = e.a.here();
    e.a.op(JUMPDEST);
    for &id in ids {
        e.activate(id);
    }
    e.a.push(1).op(SWAP1).op(SUB).op(DUP1).push(top as u64).op(JUMPI).op(STOP);
    (e.a.0, setup.plus(e.gas.times(n)))
}

/// One arithmetic program's layout: its name, registers per context, contexts, operations per
/// instruction, an explicit stride, loop iterations, and whether the default run has it.
struct ArithLayout(&'static str, u64, u64, u64, Option<u64>, u64, bool);

/// A program that has written the modulus at 0.
fn modulus_only(words: usize, kind: Modulus) -> Emit {
    let mut e = Emit { a: Asm(Vec::new()), words, kind, gas: Gas::default() };
    let m = modulus_bytes(words, kind);
    let mut mem = [0u8; 96];
    mem[..m.len()].copy_from_slice(&m);
    for (i, chunk) in mem.chunks(32).enumerate() {
        e.a.push_word(chunk.try_into().expect("32")).push(32 * i as u64).op(MSTORE);
    }
    e
}

/// The modulus in memory, then `contexts` new contexts of `alloc` registers each, then STOP.
fn create_program(words: usize, kind: Modulus, contexts: u64, alloc: u64) -> (Vec<u8>, Gas) {
    let mut e = modulus_only(words, kind);
    for id in 0..contexts {
        e.create(id, alloc);
    }
    e.a.op(STOP);
    (e.a.0, e.gas)
}

/// Every EVMMAX program of `scope`: each width, odd then power of two.
pub fn all_programs(scope: Scope) -> Vec<EvmmaxProgram> {
    WORDS
        .flat_map(|w| [Modulus::Odd, Modulus::PowerOfTwo].into_iter().flat_map(move |k| programs(w, k, scope)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use evm384_evm::{InstructionSet, RunOptions, Runner, Status};

    /// Every program of the full scope runs to its STOP under EIP-6690's rules (no halt from a
    /// register bound, the cap, a value not below the modulus or a wrong jump), executes its
    /// EVMMAX instructions, and its EVMMAX gas is part of the run's gas.
    #[test]
    fn every_evmmax_program_runs_to_its_end() {
        let all = all_programs(Scope::Full);
        let default = all_programs(Scope::Default);
        assert!(default.len() < all.len());
        assert_eq!(default.len(), 2 * 12 * 6);
        for p in &all {
            let what = format!("{} ({} words, {})", p.name, p.words, p.modulus.name());
            assert!(p.code.len() <= 24_576, "{what}: {} bytes", p.code.len());
            let opts =
                RunOptions { count_opcodes: true, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
            let mut r = Runner::new(opts);
            r.deploy(&p.code);
            let ex = r.run(&[]).unwrap();
            assert_eq!(ex.status, Status::Success, "{what}");
            let counts = ex.counts.unwrap();
            let evmmax: u64 = (0xc0u8..=0xc5).map(|b| counts.get(b)).sum();
            assert!(evmmax >= 1, "{what}: no EVMMAX instruction");
            let evmmax_gas = p.table_gas + p.fixed_gas;
            assert!(0 < evmmax_gas && evmmax_gas < ex.gas_used, "{what}: {evmmax_gas} of {}", ex.gas_used);
        }
    }

    /// The EVMMAX gas counted while building equals the EIP's price of the instructions run: for
    /// a hot MULMODX program, the run's gas minus the same program with ADDMODX is the price
    /// difference of the loop's MULMODX (64 · 64 of them) and the setup's (every register filled
    /// by MULMODX in both).
    #[test]
    fn evmmax_gas_follows_the_tables() {
        let run = |p: &EvmmaxProgram| {
            let mut r = Runner::new(RunOptions::default().with_instruction_set(InstructionSet::Evmmax));
            r.deploy(&p.code);
            r.run(&[]).unwrap().gas_used
        };
        for words in [1, 6, 9, 12] {
            let ps = programs(words, Modulus::Odd, Scope::Full);
            let get = |n: &str| ps.iter().find(|p| p.name == n).unwrap();
            let (mul, add) = (get("mulmodx/hot/c1"), get("addmodx/hot/c1"));
            let diff = 64 * 64 * (GAS.mul[words - 1] as i64 - GAS.add_sub[words - 1] as i64);
            assert_eq!(run(mul) as i64 - run(add) as i64, diff, "{words} words");
            assert_eq!(mul.table_gas as i64 - add.table_gas as i64, diff, "{words} words");
            assert_eq!(mul.fixed_gas, add.fixed_gas);
        }
    }
}
