//! EIP-2539's scalar multiplications G1MUL, G2MUL and multi-scalar multiplications
//! G1MULTIEXP, G2MULTIEXP, written once over the curve (`CurveParams`) and the group against
//! the emitter; the programs of BLS12-377 and BN254's ecMul (`programs::operation_program`).
//!
//! EIP-2539 (BLS12-377, EIP-2537's encodings): MUL's input is exactly one point (128 bytes in
//! G1, 256 in G2) followed by a 32-byte big-endian scalar; MULTIEXP's is k ≥ 1 such records
//! (an empty input is taken as an invalid length, as EIP-2537 rules for its MSMs: EIP-2539
//! states no k = 0 case). Every point must be on its curve
//! (y² = x³ + b, resp. b′ on the twist; the point at infinity, all zeros, is accepted), with
//! coordinates below p and zero padding; EIP-2539 asks for subgroup checks in PAIRING only, so
//! any point of E(Fp) resp. E′(Fp2) is multiplied, and its scalar is used as the full 256-bit
//! integer: neither a reduction mod r nor an endomorphism split (GLV) is valid outside the
//! prime-order subgroups. The output is Σ sᵢ·Pᵢ in the point encoding. Any failure halts
//! (INVALID).
//!
//! Where E(Fp) has prime order r (BN254's G1: `CurveParams::g1_curve_has_prime_order`), every
//! on-curve point is in G1, so the scalar is reduced mod r and split for GLV on a short lattice
//! basis ([`crate::curves::GlvLattice`]): s·P = h₀·P + h₁·φ(P), φ(x, y) = (β·x, y), signed
//! halves of at most 127 bits; each half is a record over the table of sign(hᵢ)·P resp.
//! sign(hᵢ)·φ(P) (φ entry by entry: one product by β each), so the windows cover 127 bits.
//!
//! Method:
//! - each point with a non-zero encoding gets a record (two under GLV): its scalar as one word
//!   (`Node::Scalar`, or a half: `Node::ScalarHalf`) and the table j·P, j = 0..2^w, in
//!   homogeneous projective coordinates;
//! - Straus' interleaved windows (`Node::ForScalarWindows`, as in [`crate::ops::msm`]): one
//!   accumulator, ⌈bits/w⌉ windows (256 bits, 127 under GLV), w doublings per window shared
//!   by all records (written out, no loop control), one table addition per record and window;
//! - doublings by eprint 2015/1060 Algorithm 9 (complete for a = 0, whatever the point's
//!   order); additions by Algorithm 7 alone where E(Fp) has no point of order two (BN254's G1,
//!   of prime order: `CurveParams::g1_has_two_torsion`), otherwise by [`add_exact`]:
//!   Algorithm 7, which on E(Fp) of even order fails (gives
//!   (0 : 0 : 0)) exactly when the difference of the summands has order two (Bosma–Lenstra),
//!   with the exact sum computed in that case — the inputs reach it (a point of order two,
//!   whose table entry 3T = 2T + T is such a pair, or G + T with a scalar prefix near r);
//! - one inversion at the end to affine coordinates.

use evm384_arith::MontField;

use crate::algebra::curve::{add_complete, add_exact, assert_on_curve, dbl_complete, sub_f, Group, PointConsts, B3};
use crate::curves::Curve;
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, GlvSplit, InputLength, Phase, Program};
use crate::ops::g_add::coordinate_offsets;
use crate::ops::msm::{Straus, SCALAR_BYTES};

/// Bits of a scalar (used unreduced).
const SCALAR_BITS: u32 = 256;

/// How many (point, scalar) records the input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Records {
    /// Exactly one (G1MUL, G2MUL).
    One,
    /// Any k ≥ 1 (G1MULTIEXP, G2MULTIEXP).
    Many,
}

/// The G1MUL/G2MUL (`Records::One`) or G1MULTIEXP/G2MULTIEXP (`Records::Many`) program of
/// `curve`, any on-curve point, the scalar unreduced, in its EIP's encoding (EIP-196's ecMul is
/// G1MUL with 32-byte elements, its input zero-padded on the right and the rest ignored: one
/// record read at offset 0 whatever the length).
pub fn mul_program(curve: Curve, f2mul: F2Mul, g: Group, records: Records) -> Program {
    let (eip, curve) = (curve.eip(), &curve.params());
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&eip);
    let d = g.deg();
    let consts = PointConsts::new(&mut a, curve, g);
    let b3 = B3::new(&mut a, curve, g);
    // Algorithm 7 alone where E(Fp) has no point of order two (G1 of odd order: BN254's)
    let exact = g == Group::G2 || curve.g1_has_two_torsion();
    // where every point of the curve is in G1 (BN254), s·P = h₀·P + h₁·φ(P) on the lattice split
    let glv = (g == Group::G1 && curve.g1_curve_has_prime_order())
        .then(|| (Box::new(curve.g1_glv_lattice()), a.const_mont(&[curve.beta])));
    let st = Straus::alloc(&mut a, g, consts, exact);
    let (k, r2, b_curve, p, acc, tmp) = (st.consts.k, st.consts.r2, st.consts.b, st.p, st.acc, st.tmp);
    let save = st.save;

    let add = move |a: &mut Asm| match save {
        Some(save) => a.call("add_exact", move |a| a.scoped(|a| add_exact(a, acc, tmp, b3, &k, save))),
        None => a.call("add_complete", move |a| a.scoped(|a| add_complete(a, acc, tmp, b3))),
    };
    let dbl = move |a: &mut Asm| a.call("dbl_complete", move |a| a.scoped(|a| dbl_complete(a, acc, b3)));
    let bytes = g.point_bytes(eip.element_bytes);
    let stride = bytes + SCALAR_BYTES;
    let coordinate = coordinate_offsets(&eip, d);

    a.phase(Phase::Decode);
    let record = |a: &mut Asm| {
        // a point at infinity adds nothing: no record
        a.if_(Cond::InputNonZero { offset: 0, len: bytes }, |a| {
            for (j, s) in p.slots().into_iter().enumerate() {
                a.load_input(s, coordinate[j], r2);
            }
            a.phase(Phase::OnCurve);
            assert_on_curve(a, d, p.x(), p.y(), b_curve);
            a.phase(Phase::Decode);
            let Some((lattice, beta)) = &glv else {
                st.write_table(a, add);
                return a.scalar(bytes, 0); // s, all 256 bits
            };
            let negative = |high| Cond::GlvHalfNegative { offset: bytes, lattice: lattice.clone(), high };
            let negate_table = |a: &mut Asm| {
                for j in 1..st.entries() {
                    sub_f(a, d, st.table(j).y(), k.zero, st.table(j).y());
                }
            };
            // the table of sign(h₀)·P, with |h₀|
            a.if_(negative(false), |a| sub_f(a, d, p.y(), k.zero, p.y()));
            st.write_table(a, add);
            a.scalar_half(bytes, 0, GlvSplit::Lattice(lattice.clone()), false);
            // the table of sign(h₁)·φ(P), φ(X : Y : Z) = (β·X : Y : Z), with |h₁|
            for j in 1..st.entries() {
                a.mul(st.table(j).x(), st.table(j).x(), *beta);
            }
            a.if_(negative(false), negate_table);
            a.if_(negative(true), negate_table);
            a.append_pair();
            a.scalar_half(bytes, 0, GlvSplit::Lattice(lattice.clone()), true);
        });
    };
    match (records, eip.zero_padded_input) {
        (Records::One, true) => record(&mut a),
        (Records::One, false) => {
            a.check_input_length(InputLength::Exactly(stride));
            a.for_each_input(stride, record);
        }
        (Records::Many, _) => {
            a.check_input_length(InputLength::MultipleOf(stride));
            a.for_each_input(stride, record);
        }
    }

    let bits = glv.as_ref().map_or(SCALAR_BITS, |(l, _)| l.bits);
    st.sum_and_return(a, bits, dbl, add)
}
