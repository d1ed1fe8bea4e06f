//! The formula choices of one build ([`Formulas`]) and what a build decides with them — the
//! moves ([`Formulas::choose_moves`]), the back-end's options, and with `inline` the
//! subroutines written out to fill the room left under the code limit ([`inline_to_fit`]) —
//! the hinted check as shipped, and the provenance line.

use evm384_evm::{RunOptions, Runner, Status};
use evm384_gen::backend::bytecode::{self, AssembleOptions};
use evm384_gen::backend::native;
use evm384_gen::ir::inline;
use evm384_gen::ops::{hint, pairing};
use evm384_gen::{
    curves::Curve, generator_pairs_input, generator_pairs_product_one, pairing_check_program, F2Mul, InstructionSet,
    Interface, Moves, Operation, Program, ProgramOptions, Squaring, MAX_CODE_SIZE, VERSION,
};

use crate::inlining::{inline_to_fit, InlineWeights};

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

    /// The curve whose pairing-check builds [`Formulas::cheapest`] was costed on
    /// (`tests/cheapest.rs` reruns the choice there).
    pub const CHEAPEST_COSTED_ON: Curve = Curve::Bls12_381;

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

    /// The build of the pairing check `evm384 build pairing-check` emits for `isa` when no
    /// formula option is given: the cheapest at k = 2 under the instruction set's reference
    /// schedule ([`crate::optimize::Target::reference`]) — v7 and v8 under `model-b`, v9 under
    /// `model-b-repriced`, EVMMAX under EIP-6690's prices (the other interfaces take v7's) — among the [`Formulas::all`] that fit
    /// [`MAX_CODE_SIZE`]. Gas is exact, so this is what [`crate::optimize::choose`] picks for
    /// that target; it is stated here as constants so that nothing is costed at run time
    /// (`tests/cheapest.rs` runs the choice and asserts it picks exactly these). Distinct from
    /// [`Formulas::default`], the plain build the other operations and the pinned hashes use.
    /// Costed on [`Formulas::CHEAPEST_COSTED_ON`]'s builds; the default on every curve.
    pub fn cheapest(isa: impl Into<InstructionSet>) -> Formulas {
        let (squaring, f2mul, unroll, inline) = match isa.into() {
            // a few gas below Granger–Scott's own squaring, which v8 and v9 choose
            InstructionSet::Evm384(Interface::V7) => (Squaring::GrangerScottProducts, F2Mul::V4, 4, true),
            InstructionSet::Evm384(Interface::V8) => (Squaring::GrangerScott, F2Mul::V4, 4, true),
            InstructionSet::Evm384(Interface::V9) => (Squaring::GrangerScott, F2Mul::V4, 4, true),
            InstructionSet::Evmmax => (Squaring::GrangerScott, F2Mul::V4, 4, true),
            // Today's EVM, not costed (it serves one-word fields, not the costing curve):
            // EVMMAX's formulas, whose products and additions cost alike there too.
            InstructionSet::Evm => (Squaring::GrangerScott, F2Mul::V4, 4, true),
            // The earlier interfaces and v7s are not costed separately: v7's formulas.
            InstructionSet::Evm384(_) => (Squaring::GrangerScottProducts, F2Mul::V4, 4, true),
        };
        Formulas { f2mul, squaring, unroll, inline }
    }

    /// The formulas `evm384 build` writes `op` with for `isa` when no formula option is given:
    /// [`Formulas::cheapest`] for the pairing check, [`Formulas::default`] inlined for the other
    /// operations (which use only `f2mul` and `inline`: `Contract::runtime_code`).
    pub fn build_default(op: Operation, isa: impl Into<InstructionSet>) -> Formulas {
        match op {
            Operation::PairingCheck => Formulas::cheapest(isa),
            _ => Formulas { inline: true, ..Formulas::default() },
        }
    }

    /// `curve`'s pairing-check program with these formulas and MCOPY moves (the native
    /// reference; a build chooses its moves: [`Formulas::pairing_check_build`]).
    pub fn program(self, curve: Curve) -> Program {
        self.program_with(curve, Moves::default())
    }

    /// `curve`'s pairing-check program with these formulas and these moves.
    pub fn program_with(self, curve: Curve, moves: Moves) -> Program {
        pairing_check_program(
            curve,
            self.f2mul,
            ProgramOptions { squaring: self.squaring, moves, ..ProgramOptions::default() },
        )
    }

    /// The bytecode back-end's choices of this build (before inlining, which changes the program).
    pub fn assemble_options(self) -> AssembleOptions {
        AssembleOptions { unroll: self.unroll, ..Default::default() }
    }

    /// Runtime code of `curve`'s pairing check for `isa` (may exceed [`MAX_CODE_SIZE`]: check
    /// before deploying); panics where [`Formulas::try_runtime_code`] fails.
    pub fn runtime_code(self, curve: Curve, isa: impl Into<InstructionSet>) -> Vec<u8> {
        let isa = isa.into();
        self.try_runtime_code(curve, isa).unwrap_or_else(|e| panic!("{curve} {self}, {isa}: {e}"))
    }

    /// Runtime code of `curve`'s pairing check for `isa`, or why it cannot be assembled
    /// (EVMMAX: more registers needed at once than one field context has).
    pub fn try_runtime_code(self, curve: Curve, isa: InstructionSet) -> Result<Vec<u8>, bytecode::AssembleError> {
        self.pairing_check_build(curve, isa).try_code(isa)
    }

    /// This build of `curve`'s pairing check (its EIP's PAIRING_CHECK, PAIRING or ecPairing)
    /// for `isa` (moves chosen by [`Formulas::choose_moves`], inlining profiled on its
    /// generators at k = 2).
    pub fn pairing_check_build(self, curve: Curve, isa: impl Into<InstructionSet>) -> Build {
        self.build(|moves| self.program_with(curve, moves), isa, || generator_pairs_input(curve, 2))
    }

    /// The moves a build of the program `prog` writes for `isa` ([`Moves`]), with that program.
    /// EVM384: additions of zero (6 against 33 gas an Fp6 in v9 under model-b-repriced) where
    /// the program written with them fits [`MAX_CODE_SIZE`] before inlining (inlining then
    /// fills the room left), MCOPYs (~10 against ~102 bytes an Fp6) where it does not — the v7
    /// build with f2mul v3 and loops unrolled x4: 24,351 bytes with copies, over with additions. EVMMAX: always copies (a copy there is
    /// already one strided ADDMODX of zero, so without inlining both give the same code, and
    /// inlined the copies forward into the subroutines' registers where additions cannot: the
    /// build `--optimize-for eip-6690` picks cost 816 gas more at k = 2 with additions). Today's
    /// EVM: always copies (an addition of zero is an ADDMOD, 31 gas a slot with its operands,
    /// against one MCOPY of 30 gas for an Fp6's six words). `prog` writes the program with the
    /// moves it is given (`ProgramOptions::moves`).
    pub fn choose_moves(self, prog: impl Fn(Moves) -> Program, isa: impl Into<InstructionSet>) -> (Moves, Program) {
        let isa = isa.into();
        if matches!(isa, InstructionSet::Evmmax | InstructionSet::Evm) {
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
    /// representative input of the program; computed only when inlining) as
    /// [`InlineWeights::for_instruction_set`] prices them. With `inline`, the exponentiations
    /// are also written out straight (`AssembleOptions::straight_windows`: no loop control, more
    /// code, less room to inline) where the program then still fits [`MAX_CODE_SIZE`] before
    /// inlining and the build, inlined to fit, costs less gas on `profile_input` than the one
    /// with loops (the gas the EVM charges by default: EIP-6690's for EVMMAX, evmone's prices
    /// for EVM384, Osaka's for today's EVM). Programs without `mul_fp12` ignore the moves.
    pub fn build(
        self,
        prog: impl Fn(Moves) -> Program,
        isa: impl Into<InstructionSet>,
        profile_input: impl FnOnce() -> Vec<u8>,
    ) -> Build {
        let isa = isa.into();
        let (moves, prog) = self.choose_moves(prog, isa);
        self.build_with_moves(prog, moves, isa, profile_input, InlineWeights::for_instruction_set(isa))
    }

    /// [`Formulas::build`] of `prog`, written with `moves` (the caller's choice, not the rule's),
    /// inlining valued by `weights`.
    pub fn build_with_moves(
        self,
        prog: Program,
        moves: Moves,
        isa: impl Into<InstructionSet>,
        profile_input: impl FnOnce() -> Vec<u8>,
        weights: InlineWeights,
    ) -> Build {
        let isa = isa.into();
        let loops = self.assemble_options();
        if !self.inline {
            return Build { program: prog, options: loops, moves };
        }
        let input = profile_input();
        let inlined = |options| {
            let mask = inline_to_fit(&prog, isa, options, &input, MAX_CODE_SIZE, weights);
            Build { program: inline::inline_calls(&prog, mask), options, moves }
        };
        let with_loops = inlined(loops);
        let straight = AssembleOptions { straight_windows: true, ..loops };
        if !bytecode::try_assemble(&prog, isa, straight).is_ok_and(|code| code.len() <= MAX_CODE_SIZE) {
            return with_loops;
        }
        let with_straight = inlined(straight);
        match (gas_on(&with_straight, isa, &input), gas_on(&with_loops, isa, &input)) {
            (Some(s), Some(l)) if s < l => with_straight,
            _ => with_loops,
        }
    }
}

/// The gas the EVM charges by default (`RunOptions::default()`) for `build`'s code on `input`,
/// where it fits [`MAX_CODE_SIZE`] and the call succeeds.
fn gas_on(build: &Build, isa: InstructionSet, input: &[u8]) -> Option<u64> {
    let code = build.try_code(isa).ok().filter(|c| c.len() <= MAX_CODE_SIZE)?;
    let mut r = Runner::new(RunOptions::default().with_instruction_set(isa));
    r.deploy(&code);
    let e = r.run(input).ok()?;
    (e.status == Status::Success).then_some(e.gas_used)
}

/// One build of a program: the program as the back-ends run it (inlined where the build
/// inlines; the native executor runs this same program) and the bytecode back-end's choices.
#[derive(Clone, Debug)]
pub struct Build {
    pub program: Program,
    pub options: AssembleOptions,
    /// The moves the program was written with ([`Formulas::choose_moves`]).
    pub moves: Moves,
}

impl Build {
    /// The runtime code for `isa`, or why it cannot be assembled.
    pub fn try_code(&self, isa: impl Into<InstructionSet>) -> Result<Vec<u8>, bytecode::AssembleError> {
        bytecode::try_assemble(&self.program, isa.into(), self.options)
    }

    /// [`Build::try_code`] with the code offset where each phase starts (for gas per phase).
    pub fn try_code_with_phase_marks(
        &self,
        isa: impl Into<InstructionSet>,
    ) -> Result<(Vec<u8>, bytecode::PhaseMarks), bytecode::AssembleError> {
        bytecode::try_assemble_with_phase_marks(&self.program, isa.into(), self.options)
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

/// This build of the hinted pairing check (`pairing::hinted_pairing_check_program`) on `curve`
/// for `isa` (inlining profiled on the witness of two pairs whose product is one). Panics for a
/// curve without a hinted check (`CurveParams::hinted_check`).
pub fn hinted_pairing_check_build(curve: Curve, formulas: Formulas, isa: impl Into<InstructionSet>) -> Build {
    let prog = |moves| pairing::hinted_pairing_check_program(curve, formulas.f2mul, moves);
    formulas.build(prog, isa, || {
        let pairs = generator_pairs_product_one(curve);
        let witness = hint::witness(curve, &pairs, formulas.f2mul).expect("the product is one");
        [witness, pairs].concat()
    })
}

/// This build of the hinted check with a Miller factor
/// (`pairing::hinted_pairing_check_with_factor_program`, the Groth16 verifier's) on `curve` for
/// `isa` (inlining profiled on two pairs whose product is one: the first as the factor).
pub fn hinted_pairing_check_with_factor_build(
    curve: Curve,
    formulas: Formulas,
    isa: impl Into<InstructionSet>,
) -> Build {
    let prog = |moves| pairing::hinted_pairing_check_with_factor_program(curve, formulas.f2mul, moves);
    formulas.build(prog, isa, || {
        let pairs = generator_pairs_product_one(curve);
        let witness = hint::witness(curve, &pairs, formulas.f2mul).expect("the product is one");
        let half = pairs.len() / 2;
        let factor = hint::miller_value(curve, &pairs[..half], formulas.f2mul).expect("well-formed pairs");
        [witness, factor, pairs[half..].to_vec()].concat()
    })
}

/// Runtime code (or, with `init`, init code that deploys it) of `curve`'s pairing-check
/// contract with the plain formulas ([`Formulas::default`]) but `f2mul`.
pub fn build_pairing_check(curve: Curve, interface: impl Into<InstructionSet>, f2mul: F2Mul, init: bool) -> Vec<u8> {
    let runtime = Formulas { f2mul, ..Formulas::default() }.runtime_code(curve, interface);
    if init {
        bytecode::init_code(&runtime)
    } else {
        runtime
    }
}

/// A one-line provenance note for generated code of `curve`'s pairing check (for stderr, never
/// inside the code): the formulas and the moves of the build (`Build::moves`), and whether the
/// formulas are [`Formulas::cheapest`] on the curve it was costed on
/// ([`Formulas::CHEAPEST_COSTED_ON`]; then the schedule they are cheapest under; the interfaces
/// outside `Interface::MAIN` take v7's, uncosted).
pub fn provenance(
    curve: Curve,
    interface: impl Into<InstructionSet>,
    formulas: Formulas,
    moves: Moves,
    code_len: usize,
) -> String {
    let interface = interface.into();
    let c = native::run(&formulas.program_with(curve, moves), &generator_pairs_input(curve, 1)).counts.total();
    let costed = match interface {
        InstructionSet::Evm384(i) => Interface::MAIN.contains(&i),
        InstructionSet::Evmmax => true,
        InstructionSet::Evm => false,
    };
    let cheapest = formulas == Formulas::cheapest(interface) && curve == Formulas::CHEAPEST_COSTED_ON;
    let cheapest = if cheapest && !costed && interface == InstructionSet::Evm {
        " (EVMMAX's cheapest build, not costed on today's EVM)".to_string()
    } else if cheapest && !costed {
        " (v7's cheapest build, not costed in this interface)".to_string()
    } else if cheapest {
        format!(
            " (the cheapest build under {} at k = {})",
            crate::optimize::Target::reference(interface).name(),
            crate::optimize::COST_K
        )
    } else {
        String::new()
    };
    format!(
        "evm384-gen {VERSION}: {} {}, interface {interface}, {formulas}, {}{cheapest}, {code_len} bytes; \
         k=1: {} ADDMOD384, {} SUBMOD384, {} MULMODMONT384",
        curve.params().name,
        Operation::PairingCheck,
        moves.describe(),
        c.addmod384,
        c.submod384,
        c.mulmodmont384
    )
}
