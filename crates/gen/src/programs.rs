//! The programs as the builds take them: each operation's on each curve, as the curve's EIP
//! rules it ([`operation_program_on`]); those of the default curve (BLS12-381, EIP-2537) with
//! the pairing check's options, their run on the native executor (the contract's algorithm
//! natively: [`native_pairing_check`], [`count_pairing_check`]) and the inputs the builds profile
//! and cost them on ([`generator_pairs_input`]). The builds themselves (formula choices, moves,
//! inlining, the contracts) are `evm384-build`'s.

use crate::algebra::curve::Group;
use crate::backend::native::{self, Outcome, PhaseCounts};
use crate::curves::{Curve, CurveParams};
use evm384_arith::{Limbs, MontField};
use crate::ir::{F2Mul, Program};
use crate::ops::pairing::{self, ProgramOptions};
use crate::ops::{g_add, map, msm, mul};

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

/// The BLS12_G1ADD (0x0b) program of the default curve.
pub fn g1_add_program(f2mul: F2Mul) -> Program {
    g_add::point_add_program(Curve::default(), f2mul, g_add::Group::G1)
}

/// The BLS12_G2ADD (0x0d) program of the default curve.
pub fn g2_add_program(f2mul: F2Mul) -> Program {
    g_add::point_add_program(Curve::default(), f2mul, g_add::Group::G2)
}

/// The PAIRING_CHECK program of the default curve.
pub fn pairing_check_program(f2mul: F2Mul, opts: ProgramOptions) -> Program {
    pairing::pairing_check_program(&Curve::default().params(), f2mul, opts)
}

/// The program of the EIP-2537 operation `op` on the default curve (BLS12-381) with Fp2
/// multiplication `f2mul` (the pairing check's other options in `opts`; the other operations
/// have none). Panics for an operation EIP-2537 lacks ([`operation_program_on`] says why).
pub fn operation_program(op: Operation, f2mul: F2Mul, opts: ProgramOptions) -> Program {
    operation_program_on(Curve::default(), op, f2mul, opts).unwrap_or_else(|e| panic!("{e}"))
}

/// The program of `op` on `curve`, or why there is none, as the curve's EIP rules it
/// ([`Curve::eip`]): the additions (`ops::g_add`) and the pairing check (`ops::pairing`) on
/// every curve; the MSMs with subgroup checks, the scalar reduced and split by GLV
/// (`ops::msm`) where the EIP asks for subgroup points (EIP-2537), otherwise (EIP-2539's
/// MULTIEXPs) any on-curve point by the unreduced scalar (`ops::mul`), as are the single-point
/// MULs where the EIP has them; the maps (`ops::map`) where the EIP specifies one
/// ([`Curve::map_params`]: EIP-2539 specifies none).
pub fn operation_program_on(
    curve: Curve,
    op: Operation,
    f2mul: F2Mul,
    opts: ProgramOptions,
) -> Result<Program, String> {
    let (params, eip) = (curve.params(), curve.eip());
    if !eip.operations.contains(&op) {
        return Err(match op {
            Operation::G1Mul | Operation::G2Mul if eip.msm_in_subgroup => {
                format!("{curve} {op}: EIP-{} has no G1MUL/G2MUL: use G1MSM/G2MSM with one pair", eip.number)
            }
            Operation::MapFpToG1 | Operation::MapFp2ToG2 => {
                format!("{curve} {op}: EIP-{} specifies no map to the curve", eip.number)
            }
            _ => format!("{curve} {op}: EIP-{} has no such operation", eip.number),
        });
    }
    let group = match op {
        Operation::G1Add | Operation::G1Msm | Operation::G1Mul | Operation::MapFpToG1 => Group::G1,
        _ => Group::G2,
    };
    match op {
        Operation::G1Add | Operation::G2Add => Ok(g_add::point_add_program(curve, f2mul, group)),
        Operation::PairingCheck => Ok(pairing::pairing_check_program(&params, f2mul, opts)),
        Operation::G1Msm | Operation::G2Msm if eip.msm_in_subgroup => Ok(msm::msm_program(&params, f2mul, group)),
        Operation::G1Msm | Operation::G2Msm => Ok(mul::mul_program(curve, f2mul, group, mul::Records::Many)),
        Operation::G1Mul | Operation::G2Mul => Ok(mul::mul_program(curve, f2mul, group, mul::Records::One)),
        Operation::MapFpToG1 | Operation::MapFp2ToG2 => {
            let m = curve.map_params().ok_or_else(|| format!("{curve} {op}: no map constants"))?;
            Ok(map::map_program(&params, &m, f2mul, group))
        }
    }
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
        NativePairingCheck::with_program(pairing_check_program(f2mul, ProgramOptions::default()))
    }

    /// The check with this PAIRING_CHECK program (other options, or a build's program:
    /// `evm384_build::Formulas::program`).
    pub fn with_program(program: Program) -> NativePairingCheck {
        NativePairingCheck { program }
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

/// `k` pairs (G1 generator, G2 generator) of BLS12-381 in EIP-2537 encoding (for counting).
pub fn generator_pairs_input(k: usize) -> Vec<u8> {
    generator_pairs_input_on(&Curve::default().params(), k)
}

/// `k` pairs (G1 generator, G2 generator) of `curve` in its EIP's encoding (`CurveParams::eip`:
/// 64-byte elements for EIP-2537 and EIP-2539, 32-byte ones with G2's imaginary half first for
/// EIP-197).
pub fn generator_pairs_input_on(curve: &CurveParams, k: usize) -> Vec<u8> {
    encode_pair(curve, &curve.g1, &curve.g2).repeat(k)
}

/// One pair (P, Q) in `curve`'s EIP encoding.
fn encode_pair(curve: &CurveParams, p: &[Limbs; 2], q: &[[Limbs; 2]; 2]) -> Vec<u8> {
    let eip = curve.eip;
    let element = |v: &Limbs| -> Vec<u8> {
        let be = evm384_arith::to_be_bytes(v); // 48 bytes
        match eip.element_bytes {
            64 => [&[0u8; 16][..], &be[..]].concat(),
            n => be[48 - n as usize..].to_vec(), // the value fits: p < 2^(8n)
        }
    };
    let half = |x: &[Limbs; 2]| if eip.g2_imaginary_first { [x[1], x[0]] } else { *x };
    let [x, y] = q.map(|c| half(&c));
    [p[0], p[1], x[0], x[1], y[0], y[1]].iter().flat_map(element).collect()
}

/// The pairs (G1, G2), (−G1, G2) of BLS12-381: a valid PAIRING_CHECK input whose product is one
/// (so that a hinted check's witness exists).
pub fn generator_pairs_product_one() -> Vec<u8> {
    generator_pairs_product_one_on(&Curve::default().params())
}

/// The pairs (G1, G2), (−G1, G2) of `curve` in its EIP's encoding.
pub fn generator_pairs_product_one_on(curve: &CurveParams) -> Vec<u8> {
    let neg_y = MontField::new(curve.p).sub(&[0; 6], &curve.g1[1]); // p − y
    [encode_pair(curve, &curve.g1, &curve.g2), encode_pair(curve, &[curve.g1[0], neg_y], &curve.g2)].concat()
}
