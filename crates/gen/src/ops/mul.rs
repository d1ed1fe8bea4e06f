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
//! on-curve point is in G1, so one point's scalar is reduced mod r and split for GLV on a short
//! lattice basis ([`crate::curves::GlvLattice`]): s·P = h₀·P + h₁·φ(P), φ(x, y) = (β·x, y),
//! signed halves of at most `bits` (127) bits. With c = 2^bits and P + φ(P) + φ²(P) = O,
//! s·P = (h₀ + c)·P + (h₁ + c)·φ(P) + c·φ²(P): two records, the table of P with h₀ + c and that
//! of φ(P) (φ entry by entry: one product by β each) with h₁ + c, both non-negative, so no
//! sign is tested and no table negated; the accumulator starts at 2^e·φ²(P) (a table entry
//! times β) for the windows' doublings to make it c·φ²(P). The point at infinity returns at
//! once, so there are always two records and the window loop over them is unrolled.
//!
//! Method:
//! - each point with a non-zero encoding gets a record (two under GLV): its scalar as one word
//!   (`Node::Scalar`, or a half: `Node::ScalarHalf`) and the table j·P, j = 0..2^w, in
//!   homogeneous projective coordinates;
//! - Straus' interleaved windows (`Node::ForScalarWindows`, as in [`crate::ops::msm`]): one
//!   accumulator, ⌈bits/w⌉ windows (256 bits, 128 under GLV), w doublings per window shared
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

use crate::algebra::curve::{add_complete, add_exact, assert_on_curve, dbl_complete, Group, PointConsts, Proj, B3};
use crate::curves::Curve;
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, GlvSplit, InputLength, Phase, Program};
use crate::ops::g_add::coordinate_offsets;
use crate::ops::msm::{Straus, SCALAR_BYTES, WINDOW_BITS};

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
    // one point where every point of the curve is in G1 (BN254's ecMul): the lattice split
    let glv = (g == Group::G1 && curve.g1_curve_has_prime_order() && records == Records::One && eip.zero_padded_input)
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
    // the records of the point (one, two under GLV) and its scalar
    let point_records = |a: &mut Asm| {
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
        // the table of P with h₀ + c, then of φ(P), φ(X : Y : Z) = (β·X : Y : Z), with h₁ + c
        st.write_table(a, add);
        a.scalar_half(bytes, 0, GlvSplit::Lattice(lattice.clone()), false);
        for j in 1..st.entries() {
            a.mul(st.table(j).x(), st.table(j).x(), *beta);
        }
        a.append_pair();
        a.scalar_half(bytes, 0, GlvSplit::Lattice(lattice.clone()), true);
    };
    // a point at infinity adds nothing: no record
    let record = |a: &mut Asm| a.if_(Cond::InputNonZero { offset: 0, len: bytes }, point_records);
    match (records, eip.zero_padded_input) {
        (Records::One, true) if glv.is_some() => {
            // O for O, else exactly two records
            a.if_(Cond::InputZero { offset: 0, len: bytes }, |a| st.return_infinity(a));
            point_records(&mut a);
        }
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

    let Some((lattice, beta)) = glv else { return st.sum_and_return(a, SCALAR_BITS, dbl, add) };
    // (h₀ + c)·P + (h₁ + c)·φ(P) + c·φ²(P) = s·P, c = 2^bits, as P + φ(P) + φ²(P) = O on G1: the
    // accumulator starts at 2^e·φ²(P) = φ(table entry 2^e of φ(P)), which the windows' doublings
    // (WINDOW_BITS·⌊bits/WINDOW_BITS⌋ of them) make c·φ²(P)
    let entry = st.table(1 << (lattice.bits % WINDOW_BITS));
    let start = move |a: &mut Asm, acc: Proj| {
        a.mul(acc.x(), entry.x(), beta);
        a.copy(acc.y(), entry.y(), 2 * d.n()); // Y, Z
    };
    st.sum_and_return_from(a, (lattice.bits + 1, Some(2)), start, dbl, add)
}
