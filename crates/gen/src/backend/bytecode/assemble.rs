//! The back-end's entry points: a program's runtime code for an instruction set, with its
//! options, errors, size map and phase marks; the layout of the code (main, the subroutines
//! called, the INVALID target, EVM384's byte-reversal subroutine, the data blob).

use evm384_arith::isa::{InstructionSet, Interface};

use super::code::Code;
use super::emitter::{Emitter, Isa};
use super::opc::{INVALID, JUMP};
use super::{evm, evm384, evmmax};
use crate::backend::registers::TooManyRegisters;
use crate::ir::{Node, Phase, Program};

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
    /// Builds choose it where the code then still fits (`evm384_build`: the point operations,
    /// and the inlined pairing checks where it also costs less gas).
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

/// Encodes the program as runtime code for `iface`.
pub fn assemble(prog: &Program, iface: Interface) -> Vec<u8> {
    assemble_with(prog, iface, AssembleOptions::default())
}

/// [`assemble`] with back-end choices.
pub(crate) fn assemble_with(prog: &Program, iface: Interface, opts: AssembleOptions) -> Vec<u8> {
    assemble_all(prog, iface.into(), opts).0
}

/// Runtime code for any instruction set, EVMMAX included (where a program can fail to fit the
/// registers of one field context, or use a node EVMMAX cannot express).
pub fn try_assemble(prog: &Program, isa: InstructionSet, opts: AssembleOptions) -> Result<Vec<u8>, AssembleError> {
    try_assemble_all(prog, isa, opts).map(|(code, _, _)| code)
}

/// Code size of each part: `main`, every subroutine by name, and `data`.
pub(crate) type SizeMap = Vec<(&'static str, usize)>;

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
fn try_assemble_all(
    prog: &Program,
    isa: InstructionSet,
    opts: AssembleOptions,
) -> Result<(Vec<u8>, SizeMap, PhaseMarks), AssembleError> {
    let (layout, moved) = match isa {
        InstructionSet::Evm384(i) => evm384::Layout::of(prog, i)?,
        InstructionSet::Evmmax => {
            (evm384::Layout { slots: crate::ir::SLOTS_ADDR, bytes: 48, scratch: None, shared: None }, None)
        }
        InstructionSet::Evm => (evm::layout(prog)?, None),
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
        wide_subs: [0; 3],
        pair_cache: match isa {
            Isa::Evmmax(regs) => evmmax::PairCache::of(prog, regs),
            _ => None,
        },
    };
    e.invalid = e.label();
    e.bswap = e.label();
    e.wide_subs = [e.label(), e.label(), e.label()];
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
    if matches!(e.isa, Isa::Evm) && e.wide() {
        let subs = e.wide_subs;
        e.wide_subs(&subs);
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
