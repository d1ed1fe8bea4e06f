//! The builds: each EIP-2537 operation as a contract ([`Contract`]), the formula choices of a
//! build ([`Formulas`]) and what they decide — the moves, the back-end's options, and the
//! subroutines inlined to fill the room left under the code limit ([`inline_to_fit`]) — the
//! hinted check as shipped, provenance, and the native pairing check.

use evm384_arith::isa::InstructionSet;

use crate::algebra::curve;
use crate::algebra::{Moves, Squaring};
use crate::backend::bytecode::{self, try_assemble_all, AssembleOptions};
use crate::backend::native::{self, Outcome, PhaseCounts};
use crate::curves::{self, G1_GENERATOR};
use crate::ir::{inline, F2Mul, Program};
use crate::ops::pairing::ProgramOptions;
use crate::ops::{g_add, hint, map, msm, pairing};

/// Generator version, recorded in the provenance line.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// EIP-170 limit on deployed code.
pub const MAX_CODE_SIZE: usize = 24_576;

/// Why an input is rejected (the contract halts with INVALID in every case).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("invalid input: {0}")]
    Invalid(&'static str),
    #[error("unexpected program result")]
    Unexpected,
}

/// The EIP-2537 operations (one enum for the project: `evm384-vectors` owns their names,
/// precompile addresses and vector files).
pub use evm384_vectors::Operation;

/// Every EIP-2537 operation written as a contract.
pub trait Contract {
    /// The program with these formulas (all but the pairing check use only `f2mul`).
    fn program(self, formulas: Formulas) -> Program;

    /// Runtime code for `isa` (may exceed [`MAX_CODE_SIZE`]: check before deploying). The
    /// other operations, small contracts, write their exponentiations out straight
    /// (`AssembleOptions::straight_windows`) where the code then still fits [`MAX_CODE_SIZE`].
    fn runtime_code(self, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, bytecode::AssembleError>;
}

impl Contract for Operation {
    fn program(self, formulas: Formulas) -> Program {
        let curve = curves::bls12_381();
        match self {
            Operation::G1Add => g1_add_program(formulas.f2mul),
            Operation::G2Add => g2_add_program(formulas.f2mul),
            Operation::G1Msm => msm::msm_program(&curve, formulas.f2mul, curve::Group::G1),
            Operation::G2Msm => msm::msm_program(&curve, formulas.f2mul, curve::Group::G2),
            Operation::MapFpToG1 => {
                map::map_program(&curve, &curves::bls12_381_map_params(), formulas.f2mul, curve::Group::G1)
            }
            Operation::MapFp2ToG2 => {
                map::map_program(&curve, &curves::bls12_381_map_params(), formulas.f2mul, curve::Group::G2)
            }
            Operation::PairingCheck => formulas.program(),
        }
    }

    fn runtime_code(self, isa: InstructionSet, formulas: Formulas) -> Result<Vec<u8>, bytecode::AssembleError> {
        if self == Operation::PairingCheck {
            return formulas.try_runtime_code(isa);
        }
        let (prog, options) = (self.program(formulas), formulas.assemble_options());
        let straight = bytecode::AssembleOptions { straight_windows: true, ..options };
        match bytecode::try_assemble(&prog, isa, straight) {
            Ok(code) if code.len() <= MAX_CODE_SIZE => return Ok(code),
            _ => {} // too large (any other error recurs below)
        }
        bytecode::try_assemble(&prog, isa, options)
    }
}

/// The BLS12_G1ADD (0x0b) program for BLS12-381.
pub fn g1_add_program(f2mul: F2Mul) -> Program {
    g_add::point_add_program(&curves::bls12_381(), f2mul, g_add::Group::G1)
}

/// The BLS12_G2ADD (0x0d) program for BLS12-381.
pub fn g2_add_program(f2mul: F2Mul) -> Program {
    g_add::point_add_program(&curves::bls12_381(), f2mul, g_add::Group::G2)
}

/// The PAIRING_CHECK program for BLS12-381.
pub fn pairing_check_program(f2mul: F2Mul, opts: ProgramOptions) -> Program {
    pairing::pairing_check_program(&curves::bls12_381(), f2mul, opts)
}

/// The formula choices of one build of the pairing check: what `evm384 build --optimize-for`
/// chooses among (the cheapest that fits [`MAX_CODE_SIZE`] for the target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Formulas {
    pub f2mul: F2Mul,
    pub squaring: Squaring,
    /// Copies of a counted loop's body per iteration (`bytecode::AssembleOptions::unroll`):
    /// the same operations, less loop control, more code.
    pub unroll: u32,
    /// Fill the room left under [`MAX_CODE_SIZE`] by inlining the subroutines whose calls cost
    /// most per byte ([`inline_to_fit`], profiled at k = 2).
    pub inline: bool,
}

impl Default for Formulas {
    fn default() -> Self {
        Formulas { f2mul: F2Mul::default(), squaring: Squaring::default(), unroll: 1, inline: false }
    }
}

impl Formulas {
    /// The unrolling factors the optimiser tries.
    pub const UNROLL: [u32; 3] = [1, 2, 4];

    /// Every combination.
    pub fn all() -> Vec<Formulas> {
        let mut v = Vec::new();
        for f2mul in [F2Mul::V3, F2Mul::V4] {
            for squaring in Squaring::ALL {
                for unroll in Formulas::UNROLL {
                    for inline in [false, true] {
                        v.push(Formulas { f2mul, squaring, unroll, inline });
                    }
                }
            }
        }
        v
    }

    /// The PAIRING_CHECK program with these formulas and MCOPY moves (the native reference; a
    /// build chooses its moves: [`Formulas::pairing_check_build`]).
    pub fn program(self) -> Program {
        self.program_with(Moves::default())
    }

    /// The PAIRING_CHECK program with these formulas and these moves.
    pub fn program_with(self, moves: Moves) -> Program {
        pairing_check_program(
            self.f2mul,
            ProgramOptions { squaring: self.squaring, moves, ..ProgramOptions::default() },
        )
    }

    /// The bytecode back-end's choices of this build (before inlining, which changes the program).
    pub fn assemble_options(self) -> bytecode::AssembleOptions {
        bytecode::AssembleOptions { unroll: self.unroll, ..Default::default() }
    }

    /// Runtime code for `isa` (may exceed [`MAX_CODE_SIZE`]: check before deploying); panics
    /// where [`Formulas::try_runtime_code`] fails.
    pub fn runtime_code(self, isa: impl Into<InstructionSet>) -> Vec<u8> {
        let isa = isa.into();
        self.try_runtime_code(isa).unwrap_or_else(|e| panic!("{self}, {isa}: {e}"))
    }

    /// Runtime code for `isa`, or why it cannot be assembled (EVMMAX: more registers needed at
    /// once than one field context has).
    pub fn try_runtime_code(self, isa: InstructionSet) -> Result<Vec<u8>, bytecode::AssembleError> {
        self.pairing_check_build(isa).try_code(isa)
    }

    /// This build of the PAIRING_CHECK program for `isa` (moves chosen by
    /// [`Formulas::choose_moves`], inlining profiled at k = 2).
    pub fn pairing_check_build(self, isa: impl Into<InstructionSet>) -> Build {
        self.build(|moves| self.program_with(moves), isa, || generator_pairs_input(2))
    }

    /// The moves a build of the program `prog` writes for `isa` ([`Moves`]), with that program.
    /// EVM384: additions of zero (6 against 33 gas an Fp6 in v9 under model-b-repriced) where
    /// the program written with them fits [`MAX_CODE_SIZE`] before inlining (inlining then
    /// fills the room left), MCOPYs (~10 against ~102 bytes an Fp6) where it does not — the v7
    /// build with f2mul v3 and loops unrolled x4: 24,351 bytes with copies, over with additions. EVMMAX: always copies (a copy there is
    /// already one strided ADDMODX of zero, so without inlining both give the same code, and
    /// inlined the copies forward into the subroutines' registers where additions cannot: the
    /// build `--optimize-for eip-6690` picks cost 816 gas more at k = 2 with additions). `prog`
    /// writes the program with the moves it is given (`ProgramOptions::moves`).
    pub fn choose_moves(self, prog: impl Fn(Moves) -> Program, isa: impl Into<InstructionSet>) -> (Moves, Program) {
        let isa = isa.into();
        if isa == InstructionSet::Evmmax {
            return (Moves::Copies, prog(Moves::Copies));
        }
        let additions = prog(Moves::Additions);
        match bytecode::try_assemble(&additions, isa, self.assemble_options()) {
            Ok(code) if code.len() <= MAX_CODE_SIZE => (Moves::Additions, additions),
            _ => (Moves::Copies, prog(Moves::Copies)), // too large, or (EVMMAX) too many registers
        }
    }

    /// This build of the program `prog` writes (given the moves, see [`Formulas::choose_moves`])
    /// for `isa`: the moves chosen, the back-end choices, and with `inline` the program with the
    /// subroutines chosen by [`inline_to_fit`] written out at their call sites
    /// (`inline::inline_calls`), valued by the gas they save on `profile_input` (a
    /// representative input of the program; computed only when inlining). Programs without
    /// `mul_fp12` ignore the moves.
    pub fn build(
        self,
        prog: impl Fn(Moves) -> Program,
        isa: impl Into<InstructionSet>,
        profile_input: impl FnOnce() -> Vec<u8>,
    ) -> Build {
        let isa = isa.into();
        let (moves, prog) = self.choose_moves(prog, isa);
        self.build_with_moves(prog, moves, isa, profile_input)
    }

    /// [`Formulas::build`] of `prog`, written with `moves` (the caller's choice, not the rule's).
    pub fn build_with_moves(
        self,
        prog: Program,
        moves: Moves,
        isa: impl Into<InstructionSet>,
        profile_input: impl FnOnce() -> Vec<u8>,
    ) -> Build {
        let options = self.assemble_options();
        if !self.inline {
            return Build { program: prog, options, moves };
        }
        let mask = inline_to_fit(&prog, isa, options, &profile_input(), MAX_CODE_SIZE);
        Build { program: inline::inline_calls(&prog, mask), options, moves }
    }
}

/// One build of a program: the program as the back-ends run it (inlined where the build
/// inlines; the native executor runs this same program) and the bytecode back-end's choices.
#[derive(Clone, Debug)]
pub struct Build {
    pub program: Program,
    pub options: bytecode::AssembleOptions,
    /// The moves the program was written with ([`Formulas::choose_moves`]).
    pub moves: Moves,
}

impl Build {
    /// The runtime code for `isa`, or why it cannot be assembled.
    pub fn try_code(&self, isa: impl Into<InstructionSet>) -> Result<Vec<u8>, bytecode::AssembleError> {
        bytecode::try_assemble(&self.program, isa.into(), self.options)
    }
}

impl core::fmt::Display for Formulas {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "f2mul {}, {} squaring", self.f2mul, self.squaring)?;
        if self.unroll > 1 {
            write!(f, ", loops unrolled x{}", self.unroll)?;
        }
        if self.inline {
            write!(f, ", subroutines inlined to fit")?;
        }
        Ok(())
    }
}

/// The build the hinted pairing check ships with: it has no final exponentiation, so its
/// subroutines are inlined into the room that leaves under [`MAX_CODE_SIZE`]; unrolled twice,
/// which in v9 under model B repriced (k = 2) cost less gas than no unrolling and left more room
/// to inline than four times.
pub const HINTED_FORMULAS: Formulas =
    Formulas { f2mul: F2Mul::V4, squaring: Squaring::GrangerScott, unroll: 2, inline: true };

/// This build of the hinted pairing check (`pairing::hinted_pairing_check_program`) for `isa`
/// (inlining profiled on the witness of two pairs whose product is one).
pub fn hinted_pairing_check_build(formulas: Formulas, isa: impl Into<InstructionSet>) -> Build {
    let curve = curves::bls12_381();
    let prog = |moves| pairing::hinted_pairing_check_program(&curve, formulas.f2mul, moves);
    formulas.build(prog, isa, || {
        let pairs = generator_pairs_product_one();
        let witness = hint::witness(&curve, &pairs, formulas.f2mul).expect("the product is one");
        [witness, pairs].concat()
    })
}

/// Runtime code (or, with `init`, init code that deploys it) of the PAIRING_CHECK contract.
pub fn build_pairing_check(interface: impl Into<InstructionSet>, f2mul: F2Mul, init: bool) -> Vec<u8> {
    let runtime = Formulas { f2mul, ..Formulas::default() }.runtime_code(interface);
    if init {
        bytecode::init_code(&runtime)
    } else {
        runtime
    }
}

/// A one-line provenance note for generated code (for stderr, never inside the code): the
/// formulas and the moves of the build (`Build::moves`).
pub fn provenance(interface: impl Into<InstructionSet>, formulas: Formulas, moves: Moves, code_len: usize) -> String {
    let interface = interface.into();
    let c = native::run(&formulas.program_with(moves), &generator_pairs_input(1)).counts.total();
    format!(
        "evm384-gen {VERSION}: BLS12-381 PAIRING_CHECK, interface {interface}, {formulas}, {}, {code_len} bytes; \
         k=1: {} ADDMOD384, {} SUBMOD384, {} MULMODMONT384",
        moves.describe(),
        c.addmod384,
        c.submod384,
        c.mulmodmont384
    )
}

/// Runs the contract's algorithm natively: `Ok(true)` iff ∏ e(Pᵢ, Qᵢ) = 1.
pub fn native_pairing_check(input: &[u8], f2mul: F2Mul) -> Result<bool, Error> {
    NativePairingCheck::new(f2mul).check(input)
}

/// The native executor with the program generated once (for repeated runs and timing: the
/// "same algorithm, native" row).
pub struct NativePairingCheck {
    program: Program,
}

impl NativePairingCheck {
    pub fn new(f2mul: F2Mul) -> NativePairingCheck {
        NativePairingCheck::with_formulas(Formulas { f2mul, ..Formulas::default() })
    }

    pub fn with_formulas(formulas: Formulas) -> NativePairingCheck {
        NativePairingCheck { program: formulas.program() }
    }

    /// `Ok(true)` iff ∏ e(Pᵢ, Qᵢ) = 1; `Err` where the contract halts with INVALID.
    pub fn check(&self, input: &[u8]) -> Result<bool, Error> {
        match self.run(input).outcome {
            Outcome::Bool(b) => Ok(b),
            Outcome::Invalid(why) => Err(Error::Invalid(why)),
            Outcome::Memory(_) | Outcome::Output(_) => Err(Error::Unexpected),
        }
    }

    /// The run with its per-phase counts.
    pub fn run(&self, input: &[u8]) -> native::NativeRun {
        native::run(&self.program, input)
    }
}

/// Exact per-phase operation counts for `k` valid pairs (none at infinity): the counts do not
/// depend on the points' values, so multiples of the generators are used.
pub fn count_pairing_check(k: usize, f2mul: F2Mul) -> PhaseCounts {
    let prog = pairing_check_program(f2mul, ProgramOptions::default());
    native::run(&prog, &generator_pairs_input(k)).counts
}

/// `k` pairs (G1 generator, G2 generator) in EIP-2537 encoding (for counting).
pub fn generator_pairs_input(k: usize) -> Vec<u8> {
    const G2: [&str; 4] = [
        "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
        "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
        "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
        "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
    ];
    let mut one = Vec::with_capacity(384);
    for h in G1_GENERATOR.iter().chain(G2.iter()) {
        one.extend_from_slice(&[0u8; 16]);
        one.extend(hex::decode(h).expect("constant hex"));
    }
    one.repeat(k)
}

/// The pairs (G1, G2), (−G1, G2): a valid PAIRING_CHECK input whose product is one (so that
/// a hinted check's witness exists).
pub fn generator_pairs_product_one() -> Vec<u8> {
    let mut input = generator_pairs_input(2);
    let field = evm384_arith::MontField::new(curves::bls12_381().p);
    let y = &mut input[384 + 64 + 16..384 + 128]; // the second pair's yP, 48 bytes big-endian
    let mut limbs = [0u64; 6];
    for (i, chunk) in y.chunks(8).rev().enumerate() {
        limbs[i] = u64::from_be_bytes(chunk.try_into().expect("8 bytes"));
    }
    let neg = field.sub(&[0; 6], &limbs); // p − y
    for (i, chunk) in y.chunks_mut(8).rev().enumerate() {
        chunk.copy_from_slice(&neg[i].to_be_bytes());
    }
    input
}

/// Subroutines to inline (`inline::inline_calls`) so that the code stays within `limit`
/// bytes, saving as much gas as possible: a 0/1 knapsack (dynamic programming over the bytes
/// left) whose items are the subroutines. An item is worth what inlining it alone saves on
/// `profile_input` (a representative input, run by the native executor): 24 gas per call
/// (PUSH2 PUSH2 JUMP JUMPDEST JUMP JUMPDEST), 9 per copy and 4.5 per slot copied (PUSHes,
/// MCOPY's 3 + 3 per word) that the copy forwarding removes; it weighs the bytes the code grows
/// by (its body at each call site, loop unrolling included, less the copies forwarded). Values
/// and growths are not quite additive (a body may contain another inlined call), so the choice
/// is assembled and, while it does not fit, chosen again with the overshoot taken off the room;
/// what room is left is then filled greedily, the most gas per byte first. The greedy fill alone
/// (from nothing) is the other candidate; the one saving more gas on the profile is returned.
pub fn inline_to_fit(
    prog: &Program,
    isa: impl Into<InstructionSet>,
    opts: AssembleOptions,
    profile_input: &[u8],
    limit: usize,
) -> u64 {
    let isa = isa.into();
    let size = |mask: u64| {
        let inlined = inline::inline_calls(prog, mask);
        try_assemble_all(&inlined, isa, opts).map_or(usize::MAX, |(code, _, _)| code.len())
    };
    let base = size(0);
    if base > limit {
        return 0;
    }
    let run = native::run(prog, profile_input);
    let gas = |c: &native::OpCounts| 24.0 * c.calls as f64 + 9.0 * c.copies as f64 + 4.5 * c.copied_slots as f64;
    let before = gas(&run.counts.total());
    // (subroutine, gas saved, bytes added)
    let items: Vec<(usize, u64, usize)> = (0..prog.subs.len().min(64))
        .filter(|&i| run.sub_calls[i] > 0)
        .map(|i| {
            let after = gas(&native::run(&inline::inline_calls(prog, 1 << i), profile_input).counts.total());
            (i, (before - after).max(0.0) as u64, size(1 << i).saturating_sub(base))
        })
        .collect();
    let fill = |mut mask: u64| {
        let mut rest: Vec<&(usize, u64, usize)> = items.iter().filter(|(i, _, _)| mask >> i & 1 == 0).collect();
        rest.sort_by(|a, b| (b.1 as f64 / b.2.max(1) as f64).total_cmp(&(a.1 as f64 / a.2.max(1) as f64)));
        for &&(i, _, _) in &rest {
            if size(mask | 1 << i) <= limit {
                mask |= 1 << i;
            }
        }
        mask
    };
    let mut room = limit - base;
    let packed = loop {
        let mask = knapsack(&items, room);
        let got = size(mask);
        if got <= limit {
            break mask;
        }
        if room == 0 {
            break 0; // even the items that add no bytes alone do not fit together
        }
        room = room.saturating_sub(got - limit);
    };
    // the knapsack's choice, and the greedy one from nothing (it can do better where growths
    // overlap), each filled up; the one that saves more on the profile wins
    let saved = |mask: u64| before - gas(&native::run(&inline::inline_calls(prog, mask), profile_input).counts.total());
    let (a, b) = (fill(packed), fill(0));
    if saved(a) >= saved(b) {
        a
    } else {
        b
    }
}

/// The items (id, value, weight) of greatest total value within `room`, as a bit mask of ids.
fn knapsack(items: &[(usize, u64, usize)], room: usize) -> u64 {
    // best[w]: (value, mask) within weight w, over the items seen so far
    let mut best = vec![(0u64, 0u64); room + 1];
    for &(id, value, weight) in items {
        for w in (weight..=room).rev() {
            let (v, m) = best[w - weight];
            if v + value > best[w].0 {
                best[w] = (v + value, m | 1 << id);
            }
        }
    }
    best[room].1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The knapsack against every subset of a few items.
    #[test]
    fn knapsack_finds_the_best_subset() {
        let items = [(0, 60, 10), (1, 100, 20), (2, 120, 30), (3, 30, 5), (4, 1, 0)];
        for room in [0, 5, 10, 25, 30, 45, 50, 65] {
            let mut best = 0;
            for mask in 0u64..32 {
                let (v, w) =
                    items.iter().filter(|(i, _, _)| mask >> i & 1 == 1).fold((0, 0), |(v, w), it| (v + it.1, w + it.2));
                if w <= room {
                    best = best.max(v);
                }
            }
            let got = knapsack(&items, room);
            let (v, w) =
                items.iter().filter(|(i, _, _)| got >> i & 1 == 1).fold((0, 0), |(v, w), it| (v + it.1, w + it.2));
            assert!(w <= room, "room {room}: weight {w}");
            assert_eq!(v, best, "room {room}");
        }
    }
}
