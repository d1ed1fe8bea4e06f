//! The emitter's state, and the operations whose encoding differs per instruction set,
//! dispatched to `evm384` and `evmmax`.

use evm384_arith::isa::{InstructionSet, Interface};

use super::code::{Code, Label};
use super::evm_wide::WideSubs;
use super::opc::{MCOPY, STOREX, SWAP1};
use super::{evm384, evmmax, AssembleOptions};
use crate::backend::registers::{Registers, TooManyRegisters};
use crate::ir::{Node, Phase, Program};

/// The instruction set being emitted, with what it needs.
pub(super) enum Isa {
    Evm384(Interface),
    /// EVMMAX, with the register of every slot.
    Evmmax(Registers),
    /// Today's EVM: ADDMOD and MULMOD on one-word slots in memory.
    Evm,
}

impl Isa {
    /// What emitting `prog` for `set` needs (for EVMMAX: the registers, by liveness).
    pub(super) fn of(prog: &Program, set: InstructionSet) -> Result<Isa, TooManyRegisters> {
        Ok(match set {
            InstructionSet::Evm384(i) => Isa::Evm384(i),
            InstructionSet::Evmmax => Isa::Evmmax(Registers::allocate(prog)?),
            InstructionSet::Evm => Isa::Evm,
        })
    }
}

/// The code being written for one program and instruction set, and what its nodes need.
pub(super) struct Emitter<'a> {
    pub(super) prog: &'a Program,
    pub(super) isa: &'a Isa,
    pub(super) opts: AssembleOptions,
    pub(super) code: Code,
    pub(super) invalid: Label,
    pub(super) bswap: Label,
    pub(super) subs: Vec<Label>,
    /// Code offset of every phase marker, in emission order.
    pub(super) marks: Vec<(usize, Phase)>,
    /// The first node the instruction set cannot express.
    pub(super) unsupported: Option<&'static str>,
    /// Where the slots are (EVM384; EVMMAX keeps them in registers).
    pub(super) layout: evm384::Layout,
    /// The first instruction whose operands the interface cannot encode.
    pub(super) encode_error: Option<evm384_arith::isa::EncodeError>,
    /// Today's EVM over a two-word field: the subroutines of its three operations.
    pub(super) wide_subs: WideSubs,
    /// EVMMAX: the pair records kept in registers (`Node::CachePairs`).
    pub(super) pair_cache: Option<evmmax::PairCache>,
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
    pub(super) fn block(&mut self, nodes: &[Node]) {
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

    /// Memory image to CODECOPY at entry, after emitting the prologue that copies it.
    pub(super) fn prologue(&mut self, data: Label) -> Vec<u8> {
        match *self.isa {
            Isa::Evm384(i) => self.prologue_evm384(i, data),
            Isa::Evmmax(_) => self.prologue_evmmax(data),
            Isa::Evm => self.prologue_evm(data),
        }
    }

    /// Bytes a value takes in memory, as a pair record's slot: EVM384's 48, EVMMAX's element
    /// size ([`evmmax::element_size`]), today's EVM's 32.
    pub(super) fn slot_bytes(&self) -> u64 {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.layout.bytes as u64,
            Isa::Evmmax(_) => evmmax::element_size(self.prog),
        }
    }

    /// Byte address of an EVM384 slot in this interface's layout.
    pub(super) fn slot_addr(&self, s: u32) -> u32 {
        self.layout.addr(s)
    }

    /// `PUSH` the byte address of an EVM384 slot.
    pub(super) fn push_slot_addr(&mut self, s: u32) {
        let a = self.slot_addr(s);
        self.push(a as u64);
    }

    /// Memory address of the first pair record.
    pub(super) fn pair_base_addr(&self) -> u64 {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.slot_addr(self.prog.pairs.base) as u64,
            Isa::Evmmax(_) => evmmax::pair_base_addr(self.prog),
        }
    }

    /// A run of consecutive `Node::Op`.
    pub(super) fn arith_run(&mut self, ops: &[Node]) {
        match *self.isa {
            Isa::Evm384(i) => ops.iter().for_each(|n| self.arith_evm384(i, n)),
            Isa::Evmmax(_) => self.arith_evmmax(ops),
            Isa::Evm if self.wide() => {
                let subs = self.wide_subs;
                ops.iter().for_each(|n| self.arith_evm_wide(&subs, n))
            }
            Isa::Evm => ops.iter().for_each(|n| self.arith_evm(n)),
        }
    }

    pub(super) fn copy_slots(&mut self, dst: u32, src: u32, n: u32) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.copy_in_memory(dst, src, n),
            Isa::Evmmax(_) => self.copy_evmmax(dst, src, n),
        }
    }

    /// [a] → [a]: the work record ← the pair record at a.
    pub(super) fn record_to_work(&mut self, read: u32) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.record_to_work_in_memory(read),
            Isa::Evmmax(_) => self.record_to_work_evmmax(read),
        }
    }

    /// [a] → [a]: the written-back part of the pair record at a ← the work record's.
    pub(super) fn work_to_record(&mut self) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.work_to_record_in_memory(),
            Isa::Evmmax(_) => self.work_to_record_evmmax(),
        }
    }

    /// The work record → the end of the pair-record array (the end pointer is not advanced).
    pub(super) fn append_work(&mut self) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.append_work_in_memory(),
            Isa::Evmmax(_) => self.append_work_evmmax(),
        }
    }

    /// [w] → [w]: `tmp` ← table entry (the low `eb` bits of w's top byte).
    pub(super) fn table_entry(&mut self, eb: u32, (table, n, tmp): (u32, u32, u32)) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => self.table_entry_in_memory(eb, (table, n, tmp)),
            Isa::Evmmax(_) => self.table_entry_evmmax(eb, (table, n, tmp)),
        }
    }

    /// [address] → []: slots `tmp..tmp+n` ← the `n` values stored in memory at `address`
    /// (a record's table entry).
    pub(super) fn record_entry(&mut self, n: u32, tmp: u32) {
        match *self.isa {
            Isa::Evm384(_) | Isa::Evm => {
                let len = self.slot_bytes() * n as u64;
                self.push(len);
                self.op(SWAP1);
                self.push_slot_addr(tmp);
                self.op(MCOPY); // MCOPY(tmp, address, len)
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

    /// `dst` ← x·R for the input field element x at `offset` of the current pair, or INVALID.
    pub(super) fn load_input(&mut self, dst: u32, offset: u32, r2: u32) {
        match *self.isa {
            Isa::Evm384(i) => self.load_input_evm384(i, dst, offset, r2),
            Isa::Evmmax(_) => self.load_input_evmmax(dst, offset),
            Isa::Evm if self.wide() => self.load_input_evm384(Interface::V8, dst, offset, r2),
            Isa::Evm => self.load_input_evm(dst, offset),
        }
    }
}
