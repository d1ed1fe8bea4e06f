//! Metering: the histogram of executed opcodes and the gas of the outermost call frame,
//! gathered by a revm [`Inspector`] (only `inspect_tx` runs it; `transact` does not).

use revm::interpreter::interpreter::EthInterpreter;
use revm::interpreter::interpreter_types::{Jumps, LoopControl};
use revm::interpreter::{CallInputs, CallOutcome, CreateInputs, CreateOutcome, Interpreter, InterpreterResult};
use revm::Inspector;

use crate::mnemonic;

/// How many times each opcode byte was executed (all call depths together).
#[derive(Clone, PartialEq, Eq)]
pub struct OpcodeCounts(pub [u64; 256]);

impl Default for OpcodeCounts {
    fn default() -> Self {
        OpcodeCounts([0; 256])
    }
}

impl core::fmt::Debug for OpcodeCounts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(self.named()).finish()
    }
}

impl OpcodeCounts {
    /// Executions of `opcode`.
    pub fn get(&self, opcode: u8) -> u64 {
        self.0[opcode as usize]
    }

    /// `(opcode, count)` for every opcode executed at least once, by opcode byte.
    pub fn iter(&self) -> impl Iterator<Item = (u8, u64)> + '_ {
        (0..=255u8).map(|op| (op, self.0[op as usize])).filter(|&(_, n)| n > 0)
    }

    /// `(mnemonic, count)` for every opcode executed at least once, by opcode byte.
    pub fn named(&self) -> impl Iterator<Item = (String, u64)> + '_ {
        self.named_with(mnemonic)
    }

    /// The same with another opcode naming (e.g. `evmmax::mnemonic` for EVMMAX code).
    pub fn named_with(&self, name: fn(u8) -> String) -> impl Iterator<Item = (String, u64)> + '_ {
        self.iter().map(move |(op, n)| (name(op), n))
    }

    /// Instructions executed in all.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds another histogram to this one.
    pub fn add(&mut self, other: &OpcodeCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }
}

/// Phase before the first marker is reached (setup code).
pub const SETUP_PHASE: u8 = u8::MAX;

/// What one phase of an execution used: its execution gas and its opcode histogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseUsage {
    /// The caller's phase id ([`SETUP_PHASE`] for code before the first marker).
    pub phase: u8,
    /// Gas spent by instructions of this phase (static and dynamic, e.g. memory expansion).
    pub gas_used: u64,
    pub counts: OpcodeCounts,
    /// `gas_used` by opcode: what each instruction charged, static and dynamic (EVMMAX's
    /// arithmetic charges per operation × count, which the histogram alone cannot tell).
    pub gas_by_opcode: Vec<u64>,
}

/// Attributes each instruction of the outermost frame to a phase: the phase switches when
/// execution reaches a marked code offset, and stays in force through jumps and subroutines
/// until the next marker. Gas of an instruction is the drop in remaining gas between its step
/// and the next one; the last instruction gets whatever the frame spent beyond that.
#[derive(Clone, Debug, Default)]
pub struct PhaseTracker {
    /// Phase id starting at each code offset (`SETUP_PHASE` = no marker).
    marks: Vec<u8>,
    current: u8,
    /// Remaining gas at the previous step of the outermost frame, and that step's opcode.
    last_remaining: Option<u64>,
    last_opcode: u8,
    charged: u64,
    usage: Vec<PhaseUsage>,
}

impl PhaseTracker {
    /// A tracker for code with `(offset, phase)` markers.
    pub fn new(marks: &[(usize, u8)]) -> PhaseTracker {
        let len = marks.iter().map(|&(pc, _)| pc + 1).max().unwrap_or(0);
        let mut table = vec![SETUP_PHASE; len];
        for &(pc, phase) in marks {
            table[pc] = phase;
        }
        PhaseTracker { marks: table, current: SETUP_PHASE, ..PhaseTracker::default() }
    }

    fn entry(&mut self, phase: u8) -> &mut PhaseUsage {
        let i = match self.usage.iter().position(|u| u.phase == phase) {
            Some(i) => i,
            None => {
                self.usage.push(PhaseUsage {
                    phase,
                    gas_used: 0,
                    counts: OpcodeCounts::default(),
                    gas_by_opcode: vec![0; 256],
                });
                self.usage.len() - 1
            }
        };
        &mut self.usage[i]
    }

    fn step(&mut self, pc: usize, opcode: u8, remaining: u64) {
        if let Some(last) = self.last_remaining {
            let spent = last.saturating_sub(remaining);
            self.charged += spent;
            let (current, last_op) = (self.current, self.last_opcode);
            let e = self.entry(current);
            e.gas_used += spent;
            e.gas_by_opcode[last_op as usize] += spent;
        }
        if let Some(&phase) = self.marks.get(pc) {
            if phase != SETUP_PHASE {
                self.current = phase;
            }
        }
        let current = self.current;
        self.entry(current).counts.0[opcode as usize] += 1;
        self.last_remaining = Some(remaining);
        self.last_opcode = opcode;
    }

    fn finish(&mut self, frame_gas: u64) {
        let rest = frame_gas.saturating_sub(self.charged);
        let (current, last_op) = (self.current, self.last_opcode);
        let e = self.entry(current);
        e.gas_used += rest;
        e.gas_by_opcode[last_op as usize] += rest;
        self.charged = frame_gas;
    }

    /// Usage per phase, in order of first appearance.
    pub fn usage(&self) -> &[PhaseUsage] {
        &self.usage
    }
}

/// The inspector: counts opcodes when `counting`, and records the gas spent by the outermost
/// frame (the execution gas of the call, without intrinsic gas or the EIP-7623 floor).
#[derive(Clone, Debug, Default)]
pub struct Meter {
    /// Whether [`Inspector::step`] counts opcodes.
    pub counting: bool,
    /// The histogram.
    pub counts: OpcodeCounts,
    /// Frames entered and not yet left.
    depth: usize,
    /// Gas spent by the outermost frame, once it has ended.
    pub frame_gas: Option<u64>,
    /// Per-phase attribution of the outermost frame, when asked for.
    pub phases: Option<PhaseTracker>,
}

impl Meter {
    /// Clears the results of the previous transaction.
    pub fn reset(&mut self, counting: bool) {
        *self = Meter { counting, ..Meter::default() };
    }

    fn enter(&mut self) {
        self.depth += 1;
    }

    fn leave(&mut self, gas_spent: u64) {
        self.depth -= 1;
        if self.depth == 0 {
            self.frame_gas = Some(gas_spent);
            if let Some(t) = &mut self.phases {
                t.finish(gas_spent);
            }
        }
    }
}

impl<CTX> Inspector<CTX, EthInterpreter> for Meter {
    fn step(&mut self, interp: &mut Interpreter<EthInterpreter>, _context: &mut CTX) {
        if self.counting && !interp.bytecode.is_end() {
            let opcode = interp.bytecode.opcode();
            self.counts.0[opcode as usize] += 1;
            if self.depth == 1 {
                if let Some(t) = &mut self.phases {
                    t.step(interp.bytecode.pc(), opcode, interp.gas.remaining());
                }
            }
        }
    }

    fn call(&mut self, _context: &mut CTX, _inputs: &mut CallInputs) -> Option<CallOutcome> {
        self.enter();
        None
    }

    fn call_end(&mut self, _context: &mut CTX, _inputs: &CallInputs, outcome: &mut CallOutcome) {
        self.leave(frame_gas(&outcome.result));
    }

    fn create(&mut self, _context: &mut CTX, _inputs: &mut CreateInputs) -> Option<CreateOutcome> {
        self.enter();
        None
    }

    fn create_end(&mut self, _context: &mut CTX, _inputs: &CreateInputs, outcome: &mut CreateOutcome) {
        self.leave(frame_gas(&outcome.result));
    }
}

/// Gas a finished frame consumed: an exceptional halt consumes the frame's whole gas limit
/// (revm leaves the interpreter's counter as it was and settles that later).
fn frame_gas(result: &InterpreterResult) -> u64 {
    if result.result.is_halt() {
        result.gas.limit()
    } else {
        result.gas.total_gas_spent()
    }
}
