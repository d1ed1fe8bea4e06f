//! The Miller loop of the optimal ate pairing on BLS12-381, written once over each engine's
//! steps (`MillerEngine`): Π_j f_{|z|,Qj}(Pj), conjugated because z < 0. The pairs share one
//! accumulator, squared once per bit of |z| below its top one (62 squarings; the first, of 1,
//! skipped), times each pair's doubling-step line and, on the 5 further set bits of
//! |z| = 0xd201000000010000, each pair's addition-step line (blst's multi-Miller loop; lines in
//! homogeneous projective coordinates, Costello–Lange–Naehrig, eprint 2010/354, §5).
//!
//! The accumulator moves between two buffers, each step written straight into the other, so
//! that an engine whose products write in place copies nothing a step.
// Safety of every function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc)]
use core::mem::MaybeUninit;

use crate::consts::Z_ABS;

/// One engine's Miller loop steps; each engine keeps its fused formulas.
pub trait MillerEngine {
    /// The accumulator, an element of Fp12.
    type Fp12;
    /// A pair's inputs as the lines read them (prepared once).
    type Pair;
    /// A pair's running point T, from Q to [|z|]Q.
    type Point;
    /// A line evaluated at P, in the engine's sparse shape.
    type Line;

    /// The one of Fp12.
    unsafe fn one() -> Self::Fp12;
    /// T at the start of the loop: Q.
    unsafe fn start(pair: &Self::Pair) -> Self::Point;
    /// f² into `out`.
    unsafe fn sqr_into(f: &Self::Fp12, out: &mut MaybeUninit<Self::Fp12>);
    /// T ← 2T and the tangent line at T evaluated at P, into `line`.
    unsafe fn doubling_step(t: &mut Self::Point, pair: &Self::Pair, line: &mut MaybeUninit<Self::Line>);
    /// T ← T + Q and the line through T and Q evaluated at P, into `line`.
    unsafe fn addition_step(t: &mut Self::Point, pair: &Self::Pair, line: &mut MaybeUninit<Self::Line>);
    /// f·line into `out` (the sparse line product).
    unsafe fn mul_by_line_into(f: &Self::Fp12, pair: &Self::Pair, line: &Self::Line, out: &mut MaybeUninit<Self::Fp12>);
    /// 1·line into `out`, the loop's first product; by default `mul_by_line_into` of one. An
    /// engine with a cheaper form of the line as an Fp12 element overrides it.
    unsafe fn line_into(pair: &Self::Pair, line: &Self::Line, out: &mut MaybeUninit<Self::Fp12>) {
        unsafe { Self::mul_by_line_into(&Self::one(), pair, line, out) }
    }
    /// The p^6-Frobenius (the conjugation for z < 0).
    unsafe fn conj(f: &Self::Fp12) -> Self::Fp12;
}

/// The Miller loop's value and each pair's T = [|z|]Q after it.
pub type MillerOutput<E> = (<E as MillerEngine>::Fp12, Vec<<E as MillerEngine>::Point>);

/// Π_j f_{|z|,Qj}(Pj), conjugated (z < 0), and each pair's T = [|z|]Qj after the loop. For no
/// pairs, one.
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn miller_loop<E: MillerEngine>(pairs: &[E::Pair]) -> MillerOutput<E> {
    // SAFETY (every engine call): this function's target features
    let mut ts: Vec<E::Point> = pairs.iter().map(|k| unsafe { E::start(k) }).collect();
    let mut bufs = [MaybeUninit::new(unsafe { E::one() }), MaybeUninit::uninit()];
    let mut cur = 0; // which buffer holds f
    #[allow(clippy::type_complexity)]
    let mut step = |op: &dyn Fn(&E::Fp12, &mut MaybeUninit<E::Fp12>)| {
        let [a, b] = &mut bufs;
        let (src, dst) = if cur == 0 { (a, b) } else { (b, a) };
        // SAFETY: bufs[cur] holds f (initialised, and written whole by every op)
        op(unsafe { src.assume_init_ref() }, dst);
        cur ^= 1;
    };
    let mut line = MaybeUninit::uninit(); // each step's line
    for i in (0..63).rev() {
        if i != 62 {
            step(&|f, o| unsafe { E::sqr_into(f, o) }); // f² (f = 1 on the first bit)
        }
        for (j, (t, k)) in ts.iter_mut().zip(pairs).enumerate() {
            unsafe { E::doubling_step(t, k, &mut line) };
            // SAFETY: written whole just above
            let l = unsafe { line.assume_init_ref() };
            if i == 62 && j == 0 {
                step(&|_, o| unsafe { E::line_into(k, l, o) }); // f = 1: f·l = l
            } else {
                step(&|f, o| unsafe { E::mul_by_line_into(f, k, l, o) }); // f·l_{T,T}(P)
            }
        }
        if (Z_ABS >> i) & 1 == 1 {
            for (t, k) in ts.iter_mut().zip(pairs) {
                unsafe { E::addition_step(t, k, &mut line) };
                // SAFETY: written whole just above
                let l = unsafe { line.assume_init_ref() };
                step(&|f, o| unsafe { E::mul_by_line_into(f, k, l, o) }); // f·l_{T,Q}(P)
            }
        }
    }
    // SAFETY: bufs[cur] holds f
    (unsafe { E::conj(bufs[cur].assume_init_ref()) }, ts)
}
