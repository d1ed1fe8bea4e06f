//! The bytecode back-end: encodes a [`Program`] for EVM384 interface v7, v8 or v9, or for EVMMAX
//! (EIP-6690). The control flow is shared; what differs per instruction set — arithmetic,
//! copies, moving pair records, equality tests, reading an input field element, the prologue —
//! is in `evm384` and `evmmax`.
//!
//! - Arithmetic: `PUSH16 word; OP` (v7, v8) or `OP imm16` (v9), via `evm384_arith::isa::encode`;
//!   EVMMAX: `OP imm7` on registers ([`crate::backend::registers`]), consecutive operations merged into
//!   one strided instruction where they form one.
//! - Subroutines: each body once, `JUMPDEST body JUMP`, entered with the return address on the
//!   stack (`PUSH2 ret PUSH2 sub JUMP ret: JUMPDEST`).
//! - Bit loops: the bits and a sentinel one in a PUSH32 word, shifted left once per iteration.
//! - Pair loop: the record address on the stack; records are copied to/from the work record
//!   (EVM384: MCOPY; EVMMAX: STOREX/LOADX).
//! - Constants (and EVM384's `params`): CODECOPY of a data blob at the start.
//! - Input: CALLDATALOAD, range checks on 256-bit words; EVM384 reverses bytes (v7, v9) by a
//!   subroutine, EVMMAX STOREXes the big-endian value.
//! - Every failure jumps to one `JUMPDEST INVALID`.

pub mod code;
mod evm384;
mod evmmax;

use evm384_arith::isa::{InstructionSet, Interface};

use crate::backend::registers::{Registers, TooManyRegisters};
use crate::ir::{Cond, InputLength, Node, Phase, Program, Window, INPUT_PTR_ADDR, PAIR_END_ADDR};

pub use evm384::{data_blob_len, value_bytes};
pub use evmmax::element_size as evmmax_element_size;

pub(crate) mod opc {
    pub const ADD: u8 = 0x01;
    pub const SUB: u8 = 0x03;
    pub const MUL: u8 = 0x02;
    pub const DIV: u8 = 0x04;
    pub const MOD: u8 = 0x06;
    pub const LT: u8 = 0x10;
    pub const GT: u8 = 0x11;
    pub const EQ: u8 = 0x14;
    pub const ISZERO: u8 = 0x15;
    pub const AND: u8 = 0x16;
    pub const OR: u8 = 0x17;
    pub const XOR: u8 = 0x18;
    pub const SHL: u8 = 0x1b;
    pub const SHR: u8 = 0x1c;
    pub const CALLDATALOAD: u8 = 0x35;
    pub const CALLDATASIZE: u8 = 0x36;
    pub const CALLDATACOPY: u8 = 0x37;
    pub const CODECOPY: u8 = 0x39;
    pub const EXTCODESIZE: u8 = 0x3b;
    pub const POP: u8 = 0x50;
    pub const MLOAD: u8 = 0x51;
    pub const MSTORE: u8 = 0x52;
    pub const MSTORE8: u8 = 0x53;
    pub const JUMP: u8 = 0x56;
    pub const JUMPI: u8 = 0x57;
    pub const GAS: u8 = 0x5a;
    pub const JUMPDEST: u8 = 0x5b;
    pub const MCOPY: u8 = 0x5e;
    pub const PUSH0: u8 = 0x5f;
    pub const PUSH1: u8 = 0x60;
    pub const PUSH2: u8 = 0x61;
    pub const PUSH16: u8 = 0x6f;
    pub const PUSH20: u8 = 0x73;
    pub const PUSH32: u8 = 0x7f;
    pub const DUP1: u8 = 0x80;
    pub const DUP2: u8 = 0x81;
    pub const DUP3: u8 = 0x82;
    pub const SWAP1: u8 = 0x90;
    pub const SWAP2: u8 = 0x91;
    pub const SETMODX: u8 = 0xc0;
    pub const LOADX: u8 = 0xc1;
    pub const STOREX: u8 = 0xc2;
    pub const RETURN: u8 = 0xf3;
    pub const STATICCALL: u8 = 0xfa;
    pub const INVALID: u8 = 0xfe;
}
use opc::*;

use code::{Code, Label};

/// Bit loops with at most this many ones are emitted as counted runs (see `for_bits_sparse`).
const SPARSE_SET_BITS: usize = 16;

/// Back-end choices that change the code but not the operation sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AssembleOptions {
    /// Counted loops (runs of squarings and doublings over the sparse bits of z) repeat this
    /// many copies of their body per iteration: fewer iterations (26 gas of control each)
    /// for more code. 1: no unrolling.
    pub unroll: u32,
    /// Sliding-window exponentiations (`Node::ForWindows`: the Fermat inversion) as straight-line
    /// code, every squaring and table product written out with its entry known: no loop control
    /// (about 40 gas per window), some 8 KB more code (v9) per exponentiation.
    /// For contracts with room to spare (the point additions), not the pairing check.
    pub straight_windows: bool,
}

impl Default for AssembleOptions {
    fn default() -> Self {
        AssembleOptions { unroll: 1, straight_windows: false }
    }
}

/// Why a program cannot be assembled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AssembleError {
    /// A label beyond PUSH2's reach.
    #[error("code too large for PUSH2 labels: {0} bytes")]
    TooLarge(usize),
    #[error(transparent)]
    Registers(#[from] TooManyRegisters),
    #[error("{0} cannot be expressed in EVMMAX code, nor in v6 code with registers shared by liveness")]
    Unsupported(&'static str),
    /// The program does not fit the interface (v4/v5's built-in modulus, v6's registers).
    #[error("{0}")]
    Interface(String),
    /// An instruction's operands cannot be written in the interface (v7s: offsets of 16 bits).
    #[error("{0}")]
    Encode(#[from] evm384_arith::isa::EncodeError),
}

/// The instruction set being emitted, with what it needs.
enum Isa {
    Evm384(Interface),
    /// EVMMAX, with the register of every slot.
    Evmmax(Registers),
}

impl Isa {
    /// What emitting `prog` for `set` needs (for EVMMAX: the registers, by liveness).
    fn of(prog: &Program, set: InstructionSet) -> Result<Isa, TooManyRegisters> {
        Ok(match set {
            InstructionSet::Evm384(i) => Isa::Evm384(i),
            InstructionSet::Evmmax => Isa::Evmmax(Registers::allocate(prog)?),
        })
    }
}

struct Emitter<'a> {
    prog: &'a Program,
    isa: &'a Isa,
    opts: AssembleOptions,
    code: Code,
    invalid: Label,
    bswap: Label,
    subs: Vec<Label>,
    /// Code offset of every phase marker, in emission order.
    marks: Vec<(usize, Phase)>,
    /// The first node the instruction set cannot express.
    unsupported: Option<&'static str>,
    /// Where the slots are (EVM384; EVMMAX keeps them in registers).
    layout: evm384::Layout,
    /// The first instruction whose operands the interface cannot encode.
    encode_error: Option<evm384_arith::isa::EncodeError>,
}

/// Encodes the program as runtime code for `iface`.
pub fn assemble(prog: &Program, iface: Interface) -> Vec<u8> {
    assemble_with(prog, iface, AssembleOptions::default())
}

/// [`assemble`] with back-end choices.
pub fn assemble_with(prog: &Program, iface: Interface, opts: AssembleOptions) -> Vec<u8> {
    assemble_all(prog, iface.into(), opts).0
}

/// Runtime code for any instruction set, EVMMAX included (where a program can fail to fit the
/// registers of one field context, or use a node EVMMAX cannot express).
pub fn try_assemble(prog: &Program, isa: InstructionSet, opts: AssembleOptions) -> Result<Vec<u8>, AssembleError> {
    try_assemble_all(prog, isa, opts).map(|(code, _, _)| code)
}

/// Code size of each part: `main`, every subroutine by name, and `data`.
pub type SizeMap = Vec<(&'static str, usize)>;

/// [`assemble`], also returning the size of each part (for size budgeting).
pub fn assemble_with_map(prog: &Program, isa: impl Into<InstructionSet>) -> (Vec<u8>, SizeMap) {
    let (code, map, _) = assemble_all(prog, isa.into(), AssembleOptions::default());
    (code, map)
}

/// Code offsets where each phase begins: an instruction at one of these offsets starts that
/// phase (a phase marker emits no code; the last marker at an offset wins). An EVM inspector
/// that switches phase at these offsets attributes every executed instruction, subroutines
/// included, to the phase that was running — exact per-phase gas.
pub type PhaseMarks = Vec<(usize, Phase)>;

/// [`assemble`], also returning the [`PhaseMarks`].
pub fn assemble_with_phase_marks(prog: &Program, isa: impl Into<InstructionSet>) -> (Vec<u8>, PhaseMarks) {
    let isa = isa.into();
    try_assemble_with_phase_marks(prog, isa, AssembleOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// [`try_assemble`], also returning the [`PhaseMarks`].
pub fn try_assemble_with_phase_marks(
    prog: &Program,
    isa: InstructionSet,
    opts: AssembleOptions,
) -> Result<(Vec<u8>, PhaseMarks), AssembleError> {
    let (code, _, mut marks) = try_assemble_all(prog, isa, opts)?;
    // Keep the last marker at each offset (consecutive markers with no code between them).
    marks.reverse();
    let mut seen = std::collections::HashSet::new();
    marks.retain(|(pc, _)| seen.insert(*pc));
    marks.reverse();
    Ok((code, marks))
}

fn assemble_all(prog: &Program, isa: InstructionSet, opts: AssembleOptions) -> (Vec<u8>, SizeMap, PhaseMarks) {
    try_assemble_all(prog, isa, opts).unwrap_or_else(|e| panic!("{e}"))
}

/// The code, its size map and phase marks.
pub(crate) fn try_assemble_all(
    prog: &Program,
    isa: InstructionSet,
    opts: AssembleOptions,
) -> Result<(Vec<u8>, SizeMap, PhaseMarks), AssembleError> {
    let (layout, moved) = match isa {
        InstructionSet::Evm384(i) => evm384::Layout::of(prog, i)?,
        InstructionSet::Evmmax => (evm384::Layout { slots: crate::ir::SLOTS_ADDR, scratch: None, shared: None }, None),
    };
    let prog = moved.as_ref().unwrap_or(prog);
    emit(prog, &Isa::of(prog, isa)?, layout, opts)
}

fn emit(
    prog: &Program,
    isa: &Isa,
    layout: evm384::Layout,
    opts: AssembleOptions,
) -> Result<(Vec<u8>, SizeMap, PhaseMarks), AssembleError> {
    let mut map = Vec::new();
    let mut e = Emitter {
        prog,
        isa,
        opts,
        code: Code::new(),
        invalid: 0,
        bswap: 0,
        subs: Vec::new(),
        marks: Vec::new(),
        unsupported: None,
        layout,
        encode_error: None,
    };
    e.invalid = e.label();
    e.bswap = e.label();
    e.subs = (0..prog.subs.len()).map(|_| e.label()).collect();
    let data = e.label();
    let blob = e.prologue(data);
    e.block(&prog.main);
    e.op(INVALID);
    map.push(("main", e.code.len()));
    let called = called_subs(prog);
    for (i, sub) in prog.subs.iter().enumerate() {
        if !called[i] {
            continue; // inlined at every call site (`inline::inline_calls`)
        }
        let start = e.code.len();
        let l = e.subs[i];
        e.place(l);
        e.block(&sub.body);
        e.op(JUMP);
        map.push((sub.name, e.code.len() - start));
    }
    let invalid = e.invalid;
    e.place(invalid);
    e.op(INVALID);
    if matches!(e.isa, Isa::Evm384(i) if *i != Interface::V8) {
        e.bswap_lanes_sub();
    }
    if let Some(what) = e.unsupported {
        return Err(AssembleError::Unsupported(what));
    }
    if let Some(err) = e.encode_error {
        return Err(err.into());
    }
    e.code.mark(data);
    e.code.extend(&blob);
    map.push(("data", blob.len()));
    let code = e.code.finish().map_err(AssembleError::TooLarge)?;
    Ok((code, map, e.marks))
}

/// Which subroutines some call reaches (from `main`, or from a reached subroutine).
fn called_subs(prog: &Program) -> Vec<bool> {
    fn visit(nodes: &[Node], prog: &Program, seen: &mut Vec<bool>) {
        for n in nodes {
            match n {
                Node::Call(i) => {
                    if !seen[*i] {
                        seen[*i] = true;
                        visit(&prog.subs[*i].body, prog, seen);
                    }
                }
                other => other.blocks().into_iter().for_each(|b| visit(b, prog, seen)),
            }
        }
    }
    let mut seen = vec![false; prog.subs.len()];
    visit(&prog.main, prog, &mut seen);
    seen
}

/// Init code: copies the runtime code to memory and returns it.
pub fn init_code(runtime: &[u8]) -> Vec<u8> {
    const PREFIX: usize = 11;
    let n = (runtime.len() as u16).to_be_bytes();
    let mut c = vec![PUSH2, n[0], n[1], DUP1, PUSH2, 0, PREFIX as u8, PUSH0, CODECOPY, PUSH0, RETURN];
    assert_eq!(c.len(), PREFIX);
    c.extend_from_slice(runtime);
    c
}

impl std::ops::Deref for Emitter<'_> {
    type Target = Code;
    fn deref(&self) -> &Code {
        &self.code
    }
}

impl std::ops::DerefMut for Emitter<'_> {
    fn deref_mut(&mut self) -> &mut Code {
        &mut self.code
    }
}

impl Emitter<'_> {
    fn block(&mut self, nodes: &[Node]) {
        let mut i = 0;
        while i < nodes.len() {
            if let Isa::Evmmax(_) = *self.isa {
                // a run of arithmetic: strided instructions where the run allows
                let run = nodes[i..].iter().take_while(|n| matches!(n, Node::Op { .. })).count();
                if run > 0 {
                    self.arith_run(&nodes[i..i + run]);
                    i += run;
                    continue;
                }
            }
            // a run of calls: chained (each returns into the next)
            let calls: Vec<usize> =
                nodes[i..].iter().map_while(|n| if let Node::Call(id) = n { Some(*id) } else { None }).collect();
            if calls.len() > 1 {
                self.chained_calls(&calls);
                i += calls.len();
                continue;
            }
            self.node(&nodes[i]);
            i += 1;
        }
    }

    /// Consecutive calls, chained: the return label and the entries of the second to the last
    /// subroutine pushed beneath the first's, so each subroutine's return jumps straight into
    /// the next (per call after the first: one PUSH2, JUMP and JUMPDEST fewer, 10 gas).
    fn chained_calls(&mut self, ids: &[usize]) {
        let ret = self.label();
        self.push_label(ret);
        for &id in ids[1..].iter().rev() {
            let entry = self.subs[id];
            self.push_label(entry);
        }
        let first = self.subs[ids[0]];
        self.jump_to(first);
        self.place(ret);
    }

    fn node(&mut self, n: &Node) {
        let pairs = self.prog.pairs;
        let vb = self.slot_bytes();
        match n {
            Node::Op { .. } => self.arith_run(std::slice::from_ref(n)),
            Node::Copy { dst, src, n } => self.copy_slots(*dst, *src, *n),
            Node::Call(id) => {
                let ret = self.label();
                self.push_label(ret);
                let sub = self.subs[*id];
                self.jump_to(sub);
                self.place(ret);
            }
            Node::ForBits { bits, always, if_set } => {
                if bits.iter().filter(|&&b| b).count() <= SPARSE_SET_BITS {
                    self.for_bits_sparse(bits, always, if_set);
                } else {
                    for chunk in bits.chunks(255) {
                        self.for_bits_chunk(chunk, always, if_set);
                    }
                }
            }
            Node::ForWindows { windows, table, n, tmp, always, then } if self.opts.straight_windows => {
                for w in windows {
                    for _ in 0..w.sqr {
                        self.block(always);
                    }
                    self.copy_slots(*tmp, table + n * w.entry, *n); // tmp ← table[entry]
                    self.block(then);
                }
            }
            Node::ForWindows { windows, table, n, tmp, always, then } => {
                self.for_windows(windows, (*table, *n, *tmp), always, then)
            }
            Node::ForEachPair { read, body } => {
                let rec = vb * pairs.record as u64;
                let (top, done) = (self.label(), self.label());
                let base = self.pair_base_addr();
                self.push(base); // [a]
                self.exit_after_last_record(done); // no record at all
                self.place(top); // a do-while loop: one JUMPI a record, no JUMP back
                self.record_to_work(*read); // work ← record a (its first `read` slots)
                self.block(body);
                self.work_to_record(); // record.T ← work.T
                self.push(rec);
                self.op(ADD);
                self.op(DUP1);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(GT); // end > a
                self.jumpi_to(top);
                self.place(done);
                self.op(POP);
            }
            Node::ForEachInput { start, stride, body } => {
                let (top, done) = (self.label(), self.label());
                self.push(*start as u64);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MSTORE); // ptr = start
                self.place(top);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                self.op(CALLDATASIZE);
                self.op(GT); // size > ptr
                self.op(ISZERO);
                self.jumpi_to(done);
                self.block(body);
                self.push(*stride as u64);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                self.op(ADD);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MSTORE); // ptr += stride
                self.jump_to(top);
                self.place(done);
            }
            Node::ScalarHalf { .. } | Node::Scalar { .. } if vb < 32 => {
                self.unsupported.get_or_insert("a 256-bit scalar word in a record slot narrower than 32 bytes");
            }
            Node::ScalarHalf { offset, slot, r, lambda, high } => {
                let mut rw = [0u8; 32];
                for (i, limb) in r.iter().enumerate() {
                    rw[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
                }
                self.push32(&rw);
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                self.push(*offset as u64);
                self.op(ADD);
                self.op(CALLDATALOAD); // [r, s]
                self.op(MOD); // [s' = s mod r]
                self.op(PUSH16);
                self.code.extend(&lambda.to_be_bytes());
                self.op(SWAP1); // [λ, s']
                self.op(if *high { DIV } else { MOD }); // [half]
                self.push(vb * (pairs.record - slot) as u64);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // [half, record slot address]
                self.op(MSTORE);
            }
            Node::Scalar { offset, slot } => {
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD);
                if *offset > 0 {
                    self.push(*offset as u64);
                    self.op(ADD);
                }
                self.op(CALLDATALOAD); // [s]
                self.push(vb * (pairs.record - slot) as u64);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // [s, record slot address]
                self.op(MSTORE);
            }
            Node::ForScalarWindows { width, windows, scalar, table, entry, tmp, double, add } => {
                let rec = vb * pairs.record as u64;
                let (outer, inner, done, end) = (self.label(), self.label(), self.label(), self.label());
                self.push((width * (windows - 1)) as u64); // [shift]
                self.place(outer);
                let base = self.pair_base_addr();
                self.push(base); // [shift, a]
                self.place(inner);
                self.exit_after_last_record(done);
                self.op(DUP1);
                if *scalar > 0 {
                    self.push(vb * *scalar as u64);
                    self.op(ADD);
                }
                self.op(MLOAD); // [shift, a, s]
                self.op(DUP3);
                self.op(SHR);
                self.push((1u64 << width) - 1);
                self.op(AND); // [shift, a, digit]
                self.push(vb * *entry as u64);
                self.op(MUL);
                self.op(DUP2);
                self.op(ADD);
                self.push(vb * *table as u64);
                self.op(ADD); // [shift, a, entry address]
                self.record_entry(*entry, *tmp); // tmp ← the entry
                self.block(add);
                self.push(rec);
                self.op(ADD);
                self.jump_to(inner);
                self.place(done);
                self.op(POP); // [shift]
                self.op(DUP1);
                self.op(ISZERO);
                self.jumpi_to(end);
                self.repeat(*width as u64, double);
                self.push(*width as u64);
                self.op(SWAP1);
                self.op(SUB); // [shift − width]
                self.jump_to(outer);
                self.place(end);
                self.op(POP);
            }
            Node::If(c, body) => {
                let skip = self.label();
                self.cond(c);
                self.op(ISZERO);
                self.jumpi_to(skip);
                self.block(body);
                self.place(skip);
            }
            Node::Assert(c) => {
                self.cond(c);
                self.op(ISZERO);
                let inv = self.invalid;
                self.jumpi_to(inv);
            }
            Node::CheckInputLength(InputLength::MultipleOf(unit)) => {
                let inv = self.invalid;
                self.op(CALLDATASIZE);
                self.op(ISZERO);
                self.jumpi_to(inv); // empty input
                self.push(*unit as u64);
                self.op(CALLDATASIZE);
                self.op(MOD);
                self.jumpi_to(inv); // size % unit != 0
            }
            Node::CheckInputLength(InputLength::MultipleOfOrEmpty(unit)) => {
                let inv = self.invalid;
                self.push(*unit as u64);
                self.op(CALLDATASIZE);
                self.op(MOD);
                self.jumpi_to(inv); // size % unit != 0
            }
            Node::CheckInputLength(InputLength::PrefixThenMultipleOf { prefix, unit }) => {
                let inv = self.invalid;
                self.push(*prefix as u64 + 1);
                self.op(CALLDATASIZE);
                self.op(LT);
                self.jumpi_to(inv); // size < prefix + 1
                self.push(*unit as u64);
                self.push(*prefix as u64);
                self.op(CALLDATASIZE);
                self.op(SUB);
                self.op(MOD);
                self.jumpi_to(inv); // (size − prefix) % unit != 0
            }
            Node::CheckInputLength(InputLength::Exactly(len)) => {
                let inv = self.invalid;
                self.push(*len as u64);
                self.op(CALLDATASIZE);
                self.op(EQ);
                self.op(ISZERO);
                self.jumpi_to(inv); // size != len
            }
            Node::ReturnFields { slots, one, tmp } => {
                match *self.isa {
                    Isa::Evm384(i) => self.return_fields_evm384(i, slots, *one, *tmp),
                    Isa::Evmmax(_) => self.return_fields_evmmax(slots),
                }
                let len = self.prog.encoding.bytes() as u64 * slots.len() as u64;
                self.push(len);
                let base = self.pair_base_addr();
                self.push(base);
                self.op(RETURN);
            }
            Node::LoadInput { dst, offset, r2 } => self.load_input(*dst, *offset, *r2),
            Node::LoadInputs { dst, n, offset, r2, packed } => match *self.isa {
                Isa::Evm384(i) => self.load_inputs_evm384(i, *dst, *n, *offset, *r2, *packed),
                Isa::Evmmax(_) => self.load_inputs_evmmax(*dst, *n, *offset, *packed),
            },
            Node::AppendPair => {
                let rec = vb * pairs.record as u64;
                self.append_work(); // array[end] ← work
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.push(rec);
                self.op(ADD);
                self.push(PAIR_END_ADDR as u64);
                self.op(MSTORE); // end += record
            }
            Node::Phase(p) => self.marks.push((self.code.len(), *p)),
            Node::ReturnBool(c) => {
                self.cond(c);
                self.op(PUSH0);
                self.op(MSTORE);
                self.push(32);
                self.op(PUSH0);
                self.op(RETURN);
            }
            Node::ReturnMemory if matches!(*self.isa, Isa::Evmmax(_)) || self.layout.shared.is_some() => {
                self.unsupported.get_or_insert("ReturnMemory (a dump of every slot)");
            }
            Node::ReturnMemory => {
                let slots = self.layout.slots as u64;
                self.push(slots);
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                self.op(SUB); // end - slot 0's address
                self.push(slots);
                self.op(RETURN);
            }
        }
    }

    /// Sparse bits (|z| has 5 ones below its top bit): each run of zeros ending in a one becomes
    /// a counted loop of `always` followed by one `if_set`. A counted iteration costs 26 gas of
    /// control flow against 55 for the PUSH32 bit loop, for ~20 extra bytes per run.
    fn for_bits_sparse(&mut self, bits: &[bool], always: &[Node], if_set: &[Node]) {
        let mut run = 0u64;
        for (i, &b) in bits.iter().enumerate() {
            run += 1;
            if b || i + 1 == bits.len() {
                self.repeat(run, always);
                if b {
                    self.block(if_set);
                }
                run = 0;
            }
        }
    }

    /// `body` `n` times: inline once, else a loop with the counter on the stack (26 gas of
    /// control per iteration: PUSH1 SWAP1 SUB DUP1 PUSH2 JUMPI JUMPDEST), unrolled by
    /// `AssembleOptions::unroll`.
    fn repeat(&mut self, n: u64, body: &[Node]) {
        // Unrolled by u: the n mod u leftover bodies inline, then a loop of n / u iterations over
        // u copies (inline when once).
        let u = self.opts.unroll.max(1) as u64;
        let leftover: Vec<Node> = (0..n % u).flat_map(|_| body.iter().cloned()).collect();
        self.block(&leftover);
        let q = n / u;
        let unrolled: Vec<Node>;
        let body = if u == 1 {
            body
        } else {
            unrolled = (0..u).flat_map(|_| body.iter().cloned()).collect();
            &unrolled
        };
        match q {
            0 => {}
            1 => self.block(body),
            _ => {
                let top = self.label();
                self.push(q);
                self.place(top);
                self.block(body);
                self.push(1);
                self.op(SWAP1);
                self.op(SUB); // q - 1
                self.op(DUP1);
                self.jumpi_to(top);
                self.op(POP);
            }
        }
    }

    /// One PUSH32 loop over ≤ 255 bits: word = bits ‖ 1 ‖ 0…, top bit = current bit.
    fn for_bits_chunk(&mut self, bits: &[bool], always: &[Node], if_set: &[Node]) {
        assert!(bits.len() <= 255);
        if bits.is_empty() {
            return;
        }
        let mut w = [0u8; 32];
        for (i, &b) in bits.iter().chain(std::iter::once(&true)).enumerate() {
            if b {
                w[i / 8] |= 0x80 >> (i % 8);
            }
        }
        let (top, skip) = (self.label(), self.label());
        self.push32(&w);
        self.place(top);
        self.block(always);
        self.op(DUP1);
        self.push(255);
        self.op(SHR); // current bit
        self.op(ISZERO);
        self.jumpi_to(skip);
        self.block(if_set);
        self.place(skip);
        self.push(1);
        self.op(SHL); // next bit
        self.op(DUP1);
        self.push(1);
        self.op(SHL); // zero once only the sentinel is left
        self.jumpi_to(top);
        self.op(POP);
    }

    /// The windows, one byte each (`sqr` in the high bits, `entry` in the low `eb` bits), packed
    /// 32 to a PUSH32 word (first window in the top byte), every word pushed at entry above a
    /// zero sentinel. Per window: the squarings as a jump into a run of copies of `always`,
    /// `sqr` copies before its end (Duff's device, Duff 1983: one computed jump a window
    /// instead of a counted loop's control per squaring); one MCOPY of the entry (its address
    /// computed on the stack, so the same code serves every entry); `then`. A word is zero once
    /// its windows are shifted out (every byte is non-zero since `sqr ≥ 1`); the next word
    /// follows, and the sentinel ends the loop.
    fn for_windows(&mut self, windows: &[Window], (table, n, tmp): (u32, u32, u32), always: &[Node], then: &[Node]) {
        let max_entry = windows.iter().map(|w| w.entry).max().expect("a window");
        let eb = (32 - max_entry.leading_zeros()).max(1);
        let most = windows.iter().map(|w| w.sqr).max().expect("a window");
        assert!(windows.iter().all(|w| w.sqr >= 1) && most < 1 << (8 - eb), "a window does not fit one byte");
        self.push(0); // sentinel
        for chunk in windows.chunks(32).rev() {
            let mut word = [0u8; 32];
            for (i, w) in chunk.iter().enumerate() {
                word[i] = ((w.sqr << eb) | w.entry) as u8;
            }
            self.push32(&word);
        } // [0, …, w]
        let (top, end) = (self.label(), self.label());
        self.place(top);
        self.op(DUP1);
        self.push(256 - 8 + eb as u64);
        self.op(SHR); // [w, sqr]
        self.op(PUSH2);
        let len_at = self.len();
        self.extend(&[0, 0]); // bytes of one copy, written below
        self.op(MUL);
        self.push_label(end);
        self.op(SUB); // [w, end - sqr·copy]
        self.op(JUMP);
        let mut copy_len = None;
        for _ in 0..most {
            let start = self.len();
            self.op(JUMPDEST);
            self.block(always);
            let len = self.len() - start;
            assert_eq!(*copy_len.get_or_insert(len), len, "the copies of a squaring must be alike");
        }
        let copy_len = u16::try_from(copy_len.expect("most ≥ 1")).expect("a squaring under 64 KB");
        self.code.bytes[len_at..len_at + 2].copy_from_slice(&copy_len.to_be_bytes());
        self.mark(end); // [w]
        self.table_entry(eb, (table, n, tmp)); // tmp ← table[entry]
        self.block(then);
        self.push(8);
        self.op(SHL); // next window
        self.op(DUP1);
        self.jumpi_to(top);
        self.op(POP); // the next word
        self.op(DUP1);
        self.jumpi_to(top);
        self.op(POP); // the sentinel
    }

    /// Pushes 1 iff memory `a..a+len` equals `b..b+len` (32-byte words; an overlapping last word
    /// where `len` is no multiple of 32; under 32 bytes, the top `len` bytes of one word each).
    fn memory_equal(&mut self, a: u64, b: u64, len: u64) {
        if len < 32 {
            for x in [a, b] {
                self.push(x);
                self.op(MLOAD);
                self.push(8 * (32 - len));
                self.op(SHR);
            }
            self.op(EQ);
            return;
        }
        let mut offs: Vec<u64> = (0..len / 32).map(|i| 32 * i).collect();
        if !len.is_multiple_of(32) {
            offs.push(len - 32);
        }
        for (i, o) in offs.into_iter().enumerate() {
            self.push(a + o);
            self.op(MLOAD);
            self.push(b + o);
            self.op(MLOAD);
            self.op(EQ);
            if i > 0 {
                self.op(AND);
            }
        }
    }

    // ---- what differs per instruction set (evm384.rs, evmmax.rs) ------------------------------

    /// Memory image to CODECOPY at entry, after emitting the prologue that copies it.
    fn prologue(&mut self, data: Label) -> Vec<u8> {
        match *self.isa {
            Isa::Evm384(i) => self.prologue_evm384(i, data),
            Isa::Evmmax(_) => self.prologue_evmmax(data),
        }
    }

    /// Bytes a value takes in memory, as a pair record's slot: EVM384's 48, EVMMAX's element
    /// size ([`evmmax::element_size`]).
    fn slot_bytes(&self) -> u64 {
        match *self.isa {
            Isa::Evm384(_) => 48,
            Isa::Evmmax(_) => evmmax::element_size(self.prog),
        }
    }

    /// Byte address of an EVM384 slot in this interface's layout.
    fn slot_addr(&self, s: u32) -> u32 {
        self.layout.addr(s)
    }

    /// `PUSH` the byte address of an EVM384 slot.
    fn push_slot_addr(&mut self, s: u32) {
        let a = self.slot_addr(s);
        self.push(a as u64);
    }

    /// Memory address of the first pair record.
    fn pair_base_addr(&self) -> u64 {
        match *self.isa {
            Isa::Evm384(_) => self.slot_addr(self.prog.pairs.base) as u64,
            Isa::Evmmax(_) => evmmax::pair_base_addr(self.prog),
        }
    }

    /// A run of consecutive `Node::Op`.
    fn arith_run(&mut self, ops: &[Node]) {
        match *self.isa {
            Isa::Evm384(i) => ops.iter().for_each(|n| self.arith_evm384(i, n)),
            Isa::Evmmax(_) => self.arith_evmmax(ops),
        }
    }

    fn copy_slots(&mut self, dst: u32, src: u32, n: u32) {
        match *self.isa {
            Isa::Evm384(_) => self.copy_evm384(dst, src, n),
            Isa::Evmmax(_) => self.copy_evmmax(dst, src, n),
        }
    }

    /// [a] → [a]: the work record ← the pair record at a.
    fn record_to_work(&mut self, read: u32) {
        match *self.isa {
            Isa::Evm384(_) => self.record_to_work_evm384(read),
            Isa::Evmmax(_) => self.record_to_work_evmmax(read),
        }
    }

    /// [a] → [a]: the written-back part of the pair record at a ← the work record's.
    fn work_to_record(&mut self) {
        match *self.isa {
            Isa::Evm384(_) => self.work_to_record_evm384(),
            Isa::Evmmax(_) => self.work_to_record_evmmax(),
        }
    }

    /// The work record → the end of the pair-record array (the end pointer is not advanced).
    fn append_work(&mut self) {
        match *self.isa {
            Isa::Evm384(_) => self.append_work_evm384(),
            Isa::Evmmax(_) => self.append_work_evmmax(),
        }
    }

    /// [w] → [w]: `tmp` ← table entry (the low `eb` bits of w's top byte).
    fn table_entry(&mut self, eb: u32, (table, n, tmp): (u32, u32, u32)) {
        match *self.isa {
            Isa::Evm384(_) => self.table_entry_evm384(eb, (table, n, tmp)),
            Isa::Evmmax(_) => self.table_entry_evmmax(eb, (table, n, tmp)),
        }
    }

    /// [a] → [a]: jumps to `done` unless a record starts at a (a < the array's end).
    fn exit_after_last_record(&mut self, done: Label) {
        self.op(DUP1);
        self.push(PAIR_END_ADDR as u64);
        self.op(MLOAD);
        self.op(GT); // end > a
        self.op(ISZERO);
        self.jumpi_to(done);
    }

    /// [address] → []: slots `tmp..tmp+n` ← the `n` values stored in memory at `address`
    /// (a record's table entry).
    fn record_entry(&mut self, n: u32, tmp: u32) {
        match *self.isa {
            Isa::Evm384(_) => {
                self.push(48 * n as u64);
                self.op(SWAP1);
                self.push_slot_addr(tmp);
                self.op(MCOPY); // MCOPY(tmp, address, 48·n)
            }
            Isa::Evmmax(_) => {
                self.push(n as u64);
                self.op(SWAP1);
                let r = self.reg(tmp);
                self.push(r as u64);
                self.op(STOREX); // STOREX(tmp's register, address, n)
            }
        }
    }

    /// Pushes 1 iff slots `a..a+n` equal `b..b+n`.
    fn slots_equal(&mut self, a: u32, b: u32, n: u32) {
        match *self.isa {
            Isa::Evm384(_) => {
                let (a, b) = (self.slot_addr(a) as u64, self.slot_addr(b) as u64);
                self.memory_equal(a, b, 48 * n as u64)
            }
            Isa::Evmmax(_) => self.slots_equal_evmmax(a, b, n),
        }
    }

    /// `dst` ← x·R for the input field element x at `offset` of the current pair, or INVALID.
    fn load_input(&mut self, dst: u32, offset: u32, r2: u32) {
        match *self.isa {
            Isa::Evm384(i) => self.load_input_evm384(i, dst, offset, r2),
            Isa::Evmmax(_) => self.load_input_evmmax(dst, offset),
        }
    }

    /// Pushes 1/0 (or, for `InputNonZero`, any non-zero word / 0).
    fn cond(&mut self, c: &Cond) {
        match *c {
            Cond::Eq(a, b, n) => self.slots_equal(a, b, n),
            Cond::Ne(a, b, n) => {
                self.cond(&Cond::Eq(a, b, n));
                self.op(ISZERO);
            }
            Cond::InputNonZero { offset, len } => {
                self.push(INPUT_PTR_ADDR as u64);
                self.op(MLOAD); // [ptr]
                for (i, o) in (0..len).step_by(32).enumerate() {
                    self.op(if i == 0 { DUP1 } else { DUP2 });
                    self.push((offset + o) as u64);
                    self.op(ADD);
                    self.op(CALLDATALOAD);
                    if i > 0 {
                        self.op(OR);
                    }
                }
                self.op(SWAP1);
                self.op(POP);
            }
            Cond::InputZero { offset, len } => {
                self.cond(&Cond::InputNonZero { offset, len });
                self.op(ISZERO);
            }
            Cond::NoPairs => {
                self.push(PAIR_END_ADDR as u64);
                self.op(MLOAD);
                let base = self.pair_base_addr();
                self.push(base);
                self.op(EQ);
            }
            Cond::Sgn0 { x, n, one, tmp } => match *self.isa {
                Isa::Evm384(i) => self.sgn0_evm384(i, x, n, one, tmp),
                Isa::Evmmax(_) => self.sgn0_evmmax(x, n),
            },
            Cond::Not(ref c) => {
                self.cond(c);
                self.op(ISZERO);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_code_returns_the_runtime() {
        let c = init_code(&[1, 2, 3]);
        assert_eq!(&c[11..], &[1, 2, 3]);
        assert_eq!(c[1..3], [0, 3]);
    }
}
