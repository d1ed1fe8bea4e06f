//! The EIP-2537 multi-scalar multiplications BLS12_G1MSM (0x0c) and BLS12_G2MSM (0x0e), written
//! once for both groups against the emitter.
//!
//! EIP-2537: the input is k ≥ 1 records of a point (128 bytes in G1, 256 in G2, encoded as for
//! the additions) followed by a 32-byte big-endian scalar (any 256-bit value); every point must
//! be on its curve and in the prime-order subgroup (the point at infinity is both); the output
//! is Σ sᵢ·Pᵢ in the point encoding. Any failure halts (INVALID).
//!
//! Method:
//! - each point is validated (on-curve, then the fast subgroup check of [`crate::ops::subgroup`]);
//! - its scalar is reduced mod r and split for GLV (Gallant, Lambert, Vanstone, CRYPTO 2001) as
//!   s = s₀ + s₁·z², both halves below 2^128, with the endomorphism E(x, y) = (c·x, −y) of
//!   eigenvalue z² on both groups (`CurveParams::glv_coefficient`): s·P = s₀·P + s₁·E(P);
//! - each half gets a record: its scalar and the table j·P (resp. j·E(P)), j = 0..2^w, in
//!   homogeneous projective coordinates (E applied entry by entry: one multiplication by c and
//!   one negation each);
//! - Straus' interleaved windows (`Node::ForScalarWindows`): one accumulator, w doublings per
//!   window shared by all records, one table addition per record and window;
//! - additions and doublings with the complete formulas of Renes, Costello, Batina,
//!   eprint 2015/1060 (Algorithms 7 and 9, a = 0), so the table's zero entry (the point at
//!   infinity), doublings of it and sums P + P need no branch (BLS12-381's E(Fp) and E'(Fp2)
//!   have no point of order two, the formulas' completeness condition; EIP-2539's MUL and
//!   MULTIEXP, on BLS12-377 whose E(Fp) has such points and without subgroup checks, are
//!   [`crate::ops::mul`]'s);
//! - one inversion at the end to affine coordinates.
//!
//! Interleaving the 2k half-size scalars shares the 128 doublings among all points: per point
//! the cost is its subgroup check, 2·(2^w − 2) table additions and 2·128/w window additions.

use evm384_arith::MontField;

use crate::algebra::curve::{
    add_complete, assert_on_curve, dbl_complete, inverse_f, mul_f, sub_f, Affine, DblParts, Deg, G2Regs, Group, Jac,
    PointConsts, Proj, B3,
};
use crate::algebra::tower::{Fp2, InvFpRegs};
use crate::curves::Curve;
use crate::ir::F2Mul;
use crate::ir::{Asm, GlvSplit, InputLength, Phase, Program, Slot};
use crate::ops::subgroup::{assert_in_g1, assert_in_g2};

/// Bits per window (table of 2^WINDOW_BITS entries per record).
pub(crate) const WINDOW_BITS: u32 = 4;

/// Bits of each GLV half (both are below z² < 2^128).
const HALF_BITS: u32 = 128;

/// Bytes of one EIP-2537 scalar.
pub(crate) const SCALAR_BYTES: u32 = 32;

/// The G1MSM or G2MSM program of `curve` (EIP-2537's rules: points in the subgroup).
pub(crate) fn msm_program(curve: Curve, f2mul: F2Mul, g: Group) -> Program {
    let curve = &curve.params();
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    let d = g.deg();
    let n = d.n();
    let consts = PointConsts::new(&mut a, curve, g);
    let b3 = B3::new(&mut a, curve, g);
    let endo = a.const_mont(&[curve.glv_coefficient(g == Group::G2)]);
    let z_bits = curve.z_bits();
    let z2_bits = curve.z2_bits();
    let st = Straus::alloc(&mut a, g, consts, false);
    let (k, r2, b_curve, p, acc, tmp) = (st.consts.k, st.consts.r2, st.consts.b, st.p, st.acc, st.tmp);
    let (r1, g2) = match g {
        Group::G1 => (Some(Jac { d, base: a.alloc(3) }), None),
        Group::G2 => {
            let t = Jac { d, base: a.alloc(6) };
            let dbl = DblParts::alloc(&mut a, d);
            (None, Some(G2Regs { t, qx: Fp2(p.x()), qy: Fp2(p.y()), dbl, r: Fp2(a.alloc(2)) }))
        }
    };
    let (beta, psi) = match g {
        Group::G1 => (a.const_mont(&[curve.beta]), None),
        Group::G2 => (0, Some((Fp2(a.const_mont(&curve.psi_r2)), Fp2(a.const_mont(&curve.psi_s2))))),
    };

    let add = move |a: &mut Asm| a.call("add_complete", move |a| a.scoped(|a| add_complete(a, acc, tmp, b3)));
    let dbl = move |a: &mut Asm| a.call("dbl_complete", move |a| a.scoped(|a| dbl_complete(a, acc, b3)));
    let bytes = g.point_bytes(64); // EIP-2537 (the only EIP whose MSMs check subgroups)
    let stride = bytes + SCALAR_BYTES;
    let split = GlvSplit::Quotient { r: curve.r_words(), lambda: curve.glv_lambda() };

    a.phase(Phase::Decode);
    a.check_input_length(InputLength::MultipleOf(stride));
    a.for_each_input(stride, |a| {
        // a point at infinity adds nothing: no record
        a.if_(crate::ir::Cond::InputNonZero { offset: 0, len: bytes }, |a| {
            for (j, s) in p.slots().into_iter().enumerate() {
                a.load_input(s, 64 * j as u32, r2);
            }
            a.phase(Phase::OnCurve);
            assert_on_curve(a, d, p.x(), p.y(), b_curve);
            a.phase(Phase::Subgroup);
            match (r1, g2, psi) {
                (Some(r), _, _) => assert_in_g1(a, &k, beta, r, (p.x(), p.y()), &z2_bits),
                (_, Some(g2), Some(psi)) => assert_in_g2(a, &k, g2, psi, &z_bits),
                _ => unreachable!("one check per group"),
            }
            a.phase(Phase::Decode);
            st.write_table(a, add);
            a.scalar_half(bytes, 0, split.clone(), false); // s₀ = s mod z²
                                                           // the table j·E(P) = E(j·P): X ← c·X, Y ← −Y
            for j in 1..st.entries() {
                let t = st.table(j);
                for i in 0..n {
                    a.mul(t.x() + i, t.x() + i, endo);
                }
                sub_f(a, d, t.y(), k.zero, t.y());
            }
            a.append_pair();
            a.scalar_half(bytes, 0, split.clone(), true); // s₁ = ⌊s / z²⌋
        });
    });

    st.sum_and_return(a, HALF_BITS, dbl, add)
}

/// What an MSM's program keeps besides its checks, written once for the MSMs here and EIP-2539's
/// multiplications (`ops::mul`): the work record (the scalar's slot, then the table of 2^w
/// projective points j·P), the current point, the accumulator and the addend, the output.
pub(crate) struct Straus {
    pub consts: PointConsts,
    pub d: Deg,
    /// The work record (its slot 0 the scalar word, then the table).
    pub work: Slot,
    /// The current input point, affine.
    pub p: Affine,
    pub acc: Proj,
    pub tmp: Proj,
    /// Where an exact addition keeps U (`algebra::curve::add_exact`), when asked for.
    pub save: Option<Proj>,
    inv: InvFpRegs,
    out: Affine,
    zero_out: Slot,
}

impl Straus {
    /// Allocates the record layout and the registers (`save`: also a point for `add_exact`).
    pub(crate) fn alloc(a: &mut Asm, g: Group, consts: PointConsts, save: bool) -> Straus {
        let d = g.deg();
        let n = d.n();
        let record = 1 + (1u32 << WINDOW_BITS) * 3 * n;
        let work = a.alloc(record);
        a.set_pair_layout(work, record, (0, 0));
        let p = Affine { d, base: a.alloc(2 * n) };
        let acc = Proj::alloc(a, d);
        let tmp = Proj::alloc(a, d);
        let save = save.then(|| Proj::alloc(a, d));
        let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
        let out = Affine { d, base: a.alloc(2 * n) };
        let zero_out = a.alloc(1);
        Straus { consts, d, work, p, acc, tmp, save, inv, out, zero_out }
    }

    /// Table entries per record.
    pub(crate) fn entries(&self) -> u32 {
        1 << WINDOW_BITS
    }

    /// Table entry `j` of the work record.
    pub(crate) fn table(&self, j: u32) -> Proj {
        Proj { d: self.d, base: self.work + 1 + j * 3 * self.d.n() }
    }

    /// Writes the table j·P, j = 0..2^w (O, P, then repeated additions of P by `add`, which
    /// adds `tmp` to `acc`) and appends the work record.
    pub(crate) fn write_table(&self, a: &mut Asm, add: impl Fn(&mut Asm)) {
        let (k, n, entry, acc) = (&self.consts.k, self.d.n(), 3 * self.d.n(), self.acc);
        let t0 = self.table(0);
        a.copy(t0.x(), k.zero, n);
        a.copy(t0.y(), k.one, n); // (1, 0) in Fp2
        a.copy(t0.z(), k.zero, n);
        a.copy(acc.x(), self.p.x(), 2 * n);
        a.copy(acc.z(), k.one, n);
        a.copy(self.tmp.base, acc.base, entry);
        a.copy(self.table(1).base, acc.base, entry);
        for j in 2..self.entries() {
            add(a);
            a.copy(self.table(j).base, acc.base, entry);
        }
        a.append_pair();
    }

    /// Returns O, encoded as zeros.
    pub(crate) fn return_infinity(&self, a: &mut Asm) {
        a.copy(self.out.base, self.consts.k.zero, 2 * self.d.n());
        a.return_fields(&self.out.slots(), self.consts.one_raw, self.zero_out);
    }

    /// Straus' interleaved windows over the records' scalars of `bits` bits (`dbl` doubles
    /// `acc`, `add` adds `tmp` to it), then Σ sᵢ·Pᵢ returned in affine coordinates (one
    /// inversion; O encoded as zeros).
    pub(crate) fn sum_and_return(
        self,
        a: Asm,
        bits: u32,
        dbl: impl FnOnce(&mut Asm),
        add: impl FnOnce(&mut Asm),
    ) -> Program {
        let (k, n) = (self.consts.k, self.d.n());
        let start = move |a: &mut Asm, acc: Proj| {
            a.copy(acc.x(), k.zero, n); // O
            a.copy(acc.y(), k.one, n);
            a.copy(acc.z(), k.zero, n);
        };
        self.sum_and_return_from(a, (bits, None), start, dbl, add)
    }

    /// [`Straus::sum_and_return`] with the accumulator set by `start` (it is doubled
    /// `WINDOW_BITS`·(windows − 1) times) and `records` as [`crate::ir::Node::ForScalarWindows`]'s.
    pub(crate) fn sum_and_return_from(
        self,
        mut a: Asm,
        (bits, records): (u32, Option<u32>),
        start: impl FnOnce(&mut Asm, Proj),
        dbl: impl FnOnce(&mut Asm),
        add: impl FnOnce(&mut Asm),
    ) -> Program {
        let Straus { consts, d, acc, tmp, inv, out, zero_out, .. } = self;
        let (k, n) = (consts.k, d.n());
        a.phase(Phase::ScalarMul);
        start(&mut a, acc);
        let windows = bits.div_ceil(WINDOW_BITS);
        a.for_scalar_windows((WINDOW_BITS, windows), (0, 1, 3 * n), tmp.base, records, dbl, add);

        a.phase(Phase::Output);
        a.if_(crate::ir::Cond::Eq(acc.z(), k.zero, n), |a| self.return_infinity(a));
        a.copy(out.base, acc.z(), n);
        inverse_f(&mut a, d, &k, inv, consts.p_minus_2, out.base); // 1/Z
        mul_f(&mut a, d, out.y(), acc.y(), out.x()); // y = Y/Z
        mul_f(&mut a, d, out.x(), acc.x(), out.x()); // x = X/Z
        a.return_fields(&out.slots(), consts.one_raw, zero_out);
        a.finish()
    }
}
