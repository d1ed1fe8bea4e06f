//! The programs as the builds take them: each operation's on each curve, as the curve's EIP
//! rules it ([`operation_program`]), the pairing check run on the native executor (the
//! contract's algorithm natively: [`native_pairing_check`], [`count_pairing_check`]) and the
//! inputs the builds profile and cost them on ([`generator_pairs_input`], [`profile_input`]); the EVM384 notes'
//! f6m_mul loop ([`f6m_mul_loop_program`]). The builds themselves (formula choices, moves,
//! inlining, the contracts) are `evm384-build`'s.

use crate::algebra::curve::Group;
use crate::algebra::tower::{mul_fp6_inline, Fp6};
use crate::backend::native::{self, Outcome, PhaseCounts};
use crate::curves::{Curve, CurveParams};
use crate::ir::{Asm, F2Mul, Program};
use crate::ops::pairing::{pairing_check_program, ProgramOptions};
use crate::ops::{g_add, map, msm, mul};
use evm384_arith::{Limbs, MontField};

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

/// The program of `op` on `curve` with Fp2 multiplication `f2mul` (the pairing check's other
/// options in `opts`; the other operations have none), or why there is none, as the curve's
/// EIP rules it (`Curve::eip`): the additions (`ops::g_add`) and the pairing check
/// (`ops::pairing`) on every curve; the MSMs with subgroup checks, the scalar reduced and split
/// by GLV (`ops::msm`) where the EIP asks for subgroup points (EIP-2537), otherwise (EIP-2539's
/// MULTIEXPs) any on-curve point by the unreduced scalar (`ops::mul`), as are the single-point
/// MULs where the EIP has them; the maps (`ops::map`) where the EIP specifies one
/// (`Curve::map_params`: EIP-2539 specifies none).
pub fn operation_program(curve: Curve, op: Operation, f2mul: F2Mul, opts: ProgramOptions) -> Result<Program, String> {
    let eip = curve.eip();
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
    Ok(match op {
        Operation::G1Add | Operation::G2Add => g_add::point_add_program(curve, f2mul, group),
        Operation::PairingCheck => pairing_check_program(curve, f2mul, opts),
        Operation::G1Msm | Operation::G2Msm if eip.msm_in_subgroup => msm::msm_program(curve, f2mul, group),
        Operation::G1Msm | Operation::G2Msm => mul::mul_program(curve, f2mul, group, mul::Records::Many),
        Operation::G1Mul | Operation::G2Mul => mul::mul_program(curve, f2mul, group, mul::Records::One),
        Operation::MapFpToG1 | Operation::MapFp2ToG2 => map::map_program(curve, f2mul, group),
    })
}

/// Runs the contract's algorithm natively: `Ok(true)` iff ∏ e(Pᵢ, Qᵢ) = 1 on `curve`.
pub fn native_pairing_check(curve: Curve, input: &[u8], f2mul: F2Mul) -> Result<bool, Error> {
    NativePairingCheck::new(curve, f2mul).check(input)
}

/// The native executor with the program generated once (for repeated runs and timing: the
/// "same algorithm, native" row).
pub struct NativePairingCheck {
    program: Program,
}

impl NativePairingCheck {
    pub fn new(curve: Curve, f2mul: F2Mul) -> NativePairingCheck {
        NativePairingCheck::with_program(pairing_check_program(curve, f2mul, ProgramOptions::default()))
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

/// Exact per-phase operation counts of `curve`'s pairing check for `k` valid pairs (none at
/// infinity): the counts do not depend on the points' values, so multiples of the generators
/// are used.
pub fn count_pairing_check(curve: Curve, k: usize, f2mul: F2Mul) -> PhaseCounts {
    let prog = pairing_check_program(curve, f2mul, ProgramOptions::default());
    native::run(&prog, &generator_pairs_input(curve, k)).counts
}

/// `k` pairs (G1 generator, G2 generator) of `curve` in its EIP's encoding (`CurveParams::eip`:
/// 64-byte elements for EIP-2537 and EIP-2539, 32-byte ones with G2's imaginary half first for
/// EIP-197).
pub fn generator_pairs_input(curve: Curve, k: usize) -> Vec<u8> {
    let curve = curve.params();
    encode_pair(&curve, &curve.g1, &curve.g2).repeat(k)
}

/// A representative valid input of `op` on `curve` in its EIP's encoding, what the builds
/// profile `op` on (`evm384_build::inline_to_fit`): the additions G + 2G (2G by the addition's
/// own program, so no branch for doubling or infinity is taken), the multiplications G by a
/// fixed 252-bit scalar of alternating bits (two pairs, G and 2G, for an MSM), the maps G's x,
/// the pairing check two generator pairs ([`generator_pairs_input`]). The scalar is below every
/// curve's r. Counts depend on the values only through the scalar's bits. An operation the
/// curve's EIP lacks is the error [`operation_program`] gives.
pub fn profile_input(curve: Curve, op: Operation) -> Result<Vec<u8>, String> {
    operation_program(curve, op, F2Mul::default(), ProgramOptions::default())?;
    const SCALAR: [u8; 32] = {
        let mut s = [0x5a; 32];
        s[0] = 0x0a;
        s
    };
    let params = curve.params();
    let (p, q) = (&params.g1, &params.g2);
    let pair = encode_pair(&params, p, q);
    let n = params.eip.element_bytes as usize;
    let (g1, g2) = (pair[..2 * n].to_vec(), pair[2 * n..].to_vec());
    let double = |g: &[u8], op: Operation| -> Result<Vec<u8>, String> {
        let prog = operation_program(curve, op, F2Mul::default(), ProgramOptions::default())?;
        match native::run(&prog, &[g, g].concat()).outcome {
            Outcome::Output(sum) => Ok(sum),
            other => Err(format!("{curve} {op}: G + G gave {other:?}")),
        }
    };
    Ok(match op {
        Operation::G1Add => [g1.clone(), double(&g1, Operation::G1Add)?].concat(),
        Operation::G2Add => [g2.clone(), double(&g2, Operation::G2Add)?].concat(),
        Operation::G1Mul => [g1, SCALAR.to_vec()].concat(),
        Operation::G2Mul => [g2, SCALAR.to_vec()].concat(),
        Operation::G1Msm => [g1.clone(), SCALAR.to_vec(), double(&g1, Operation::G1Add)?, SCALAR.to_vec()].concat(),
        Operation::G2Msm => [g2.clone(), SCALAR.to_vec(), double(&g2, Operation::G2Add)?, SCALAR.to_vec()].concat(),
        Operation::MapFpToG1 => g1[..n].to_vec(),
        Operation::MapFp2ToG2 => g2[..2 * n].to_vec(),
        Operation::PairingCheck => generator_pairs_input(curve, 2),
    })
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

/// The pairs (G1, G2), (−G1, G2) of `curve` in its EIP's encoding: a valid pairing-check input
/// whose product is one (so that a hinted check's witness exists).
pub fn generator_pairs_product_one(curve: Curve) -> Vec<u8> {
    let curve = curve.params();
    let neg_y = MontField::new(curve.p).sub(&[0; 6], &curve.g1[1]); // p − y
    [encode_pair(&curve, &curve.g1, &curve.g2), encode_pair(&curve, &[curve.g1[0], neg_y], &curve.g2)].concat()
}

/// Iterations of the f6m_mul synthetic loop as the EVM384 notes ran it (ewasm/evm384_f6m_mul:
/// `for {} lt(i, 135)` in `src/v1/benchmark.yul`, `F6M_MUL_BENCH_NUM_ITERS` in
/// `src/v7/f6m_mul_v7.huff`; ewasm/scout.ts, branch `f6m_mul_loop-standalone`, `main.ts`).
pub const F6M_MUL_LOOP_ITERATIONS: u32 = 135;

/// Fp6 products per iteration of the loop.
pub(crate) const F6M_MUL_LOOP_PRODUCTS_PER_ITERATION: u32 = 10;

/// The loop's operands a and b: six Fp coefficients each (c0.real, c0.imaginary, c1.., c2..),
/// 48 bytes little-endian in Montgomery form (R = 2^384), as ewasm/evm384_f6m_mul's
/// `src/v1/benchmark.yul` (at the commit `testdata/README.md` names) stores them at
/// `point1_a` and `point2_A`, and `src/v7/f6m_mul_v7.huff`'s `F6M_MUL_BENCH` at memory 48
/// onwards; `testdata/evm384/f6m_mul/loop.json` holds the same values.
const F6M_MUL_LOOP_OPERANDS: [[&str; 6]; 2] = [
    [
        "8f2990f3e598f5b1b8f480a3c388306bc023fac151c0104d13ec3aa18159940272d1c8c528a1ce3bcaa280a8e735aa0d",
        "992d7a27906d4cd530b23a7e8c48c0778f8653fbc3332d63db24339d8bc65d7ee83b6e91c6550f5aceab102e88e91809",
        "7299907146816f08c4c6a394e91374ed6ff3618a57358cfb124ee6ab4c560e5cac40700b41e2ee8674680728f0c5a618",
        "0fd77f62b39eb952a0f8d21cec1f93b1d62dd7923aa86882ddf7dd4d3532b0b7ede8f3fc89fa4a79574067e2d9a9d200",
        "7a69de46b13d8cb4c4833224aaf9ef7ea6a48975ab35c6e123b8539ab84c381a2533401a73c4e79f47d714899d01ac13",
        "a9fa0b0d8156c36a1a9ddacb73ef278f4d149b560e88789f2bfeb9f708b6cc2f988927bfe0186d5bf9cb40cb07f21b18",
    ],
    [
        "ecd347c808af644c7a3a971a556576f434e302b6b490004fb418a4a7da330a6743adeca931169b8b92e91df73ae1e115",
        "12a2829e11e843d764d5e3b80e75432d93f69b23ad79c38d43ebbc9bd2b17b9e903033351357b03602624762e5ad360d",
        "d7f9857dce663301f393f9fac66f5c49168494e0d20797a6c4f96327ed4fa47dd36d0078d217a712407d35046871d40f",
        "2f1b767f6c1ec190eb76a0bce7906ad2e4a7548d03e8aa745e34e1bf49d83ad64c04f57fb4d31039cb4cf01987fda213",
        "7b3f8da2f2ae47885890b0d433a3eeed2f9f37cbcfc444e4f1d880390fcdb76518d558857be01b2b10a8010bcdc6d606",
        "319c02f6132c8a786377868b5825ada9a5fe303e9ae3b03ce56e90734a17ce970c88b321012cf8dabb58211e3d50f610",
    ],
];

/// The f6m_mul loop's operands a and b in Montgomery form (R = 2^384) modulo BLS12-381's p.
pub fn f6m_mul_loop_operands() -> [[Limbs; 6]; 2] {
    F6M_MUL_LOOP_OPERANDS.map(|x| {
        x.map(|h| {
            let b: [u8; 48] = hex::decode(h).expect("hex").try_into().expect("48 bytes");
            evm384_arith::from_le_bytes(&b)
        })
    })
}

/// Fp6 products the loop of [`f6m_mul_loop_program`] computes: two before the loop, ten per
/// iteration.
pub fn f6m_mul_loop_products(iterations: u32) -> u64 {
    2 + u64::from(F6M_MUL_LOOP_PRODUCTS_PER_ITERATION) * u64::from(iterations)
}

/// The f6m_mul synthetic loop of the EVM384 notes ("EVM384 -- Update on the interface" and
/// "EVM384 Update 3": "the f6m_mul synthetic pairing check", a stand-in for a pairing's Fp6
/// products) with this crate's tower: over BLS12-381's Fp6 = Fp2\[v\]/(v³ − (1 + u)),
/// Fp2 = Fp\[u\]/(u² + 1), r4 = a·b, r5 = a·r4, then per iteration ten products each of the two
/// before it (r1 = r4·r5, r2 = r5·r1, r3 = r1·r2, r4 = r2·r3, r5 = r3·r4, twice), as
/// ewasm/evm384_f6m_mul's Yul versions (`src/v1/benchmark.yul`) and the wasmsnark loop
/// (ewasm/scout.ts, `f6m_mul_loop-standalone`) run it; returns r5 (six field elements in the
/// program's encoding, EIP-2537's by default). Each product is `mul_fp6_inline` (Karatsuba over
/// Fp2, eprint 2006/471 §4) with Fp2 products by Karatsuba (`F2Mul::V3`), the formulas of the
/// notes' loop (six Fp2 products of three Fp products each); the operands are constants
/// ([`f6m_mul_loop_operands`]) and the input is ignored. The notes' Huff versions (v6, v7, v8)
/// instead repeat a·b 1,350 times into the same slots: the same products without the chain, two
/// fewer than here at 135 iterations.
pub fn f6m_mul_loop_program(iterations: u32) -> Program {
    let mut a = Asm::new(MontField::new(evm384_arith::BLS12_381_P), F2Mul::V3);
    let [x, y] = f6m_mul_loop_operands();
    let (x, y) = (Fp6(a.const_raw(&x)), Fp6(a.const_raw(&y)));
    let one_raw = a.const_raw(&[[1, 0, 0, 0, 0, 0]]); // ReturnFields' conversion out of Montgomery form
    let r: [Fp6; 5] = std::array::from_fn(|_| Fp6(a.alloc(6)));
    let tmp = a.alloc(1);
    mul_fp6_inline(&mut a, r[3], x, y); // r4 = a·b
    mul_fp6_inline(&mut a, r[4], x, r[3]); // r5 = a·r4
    if iterations > 0 {
        let zeros = vec![false; iterations as usize];
        a.for_bits(
            &zeros,
            |a| {
                for _ in 0..F6M_MUL_LOOP_PRODUCTS_PER_ITERATION / 5 {
                    for i in 0..5 {
                        // r[i] = r[i − 2]·r[i − 1], indices mod 5
                        mul_fp6_inline(a, r[i], r[(i + 3) % 5], r[(i + 4) % 5]);
                    }
                }
            },
            |_| {},
        );
    }
    let out: Vec<_> = (0..6).map(|i| r[4].0 + i).collect();
    a.return_fields(&out, one_raw, tmp);
    a.finish()
}
