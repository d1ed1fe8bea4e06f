//! The EIP-2537 point additions BLS12_G1ADD (0x0b) and BLS12_G2ADD (0x0d), written once for
//! both groups (the coordinate field is a [`Deg`]) against the emitter.
//!
//! EIP-2537: the input is exactly two points (128 bytes each in G1, 256 in G2; a field element
//! is 64 bytes, 16 zero bytes then the value below p big-endian; all zero encodes the point at
//! infinity); each point must be on the curve (y² = x³ + b, resp. b·ξ on the twist), with no
//! subgroup check; the output is the sum in the same encoding. Any failure halts (INVALID in
//! the contract, as the precompile's failure consumes all gas).
//!
//! The sum in affine coordinates with one inversion (Silverman, "The Arithmetic of Elliptic
//! Curves", III.2.3): λ = (y₂ − y₁)/(x₂ − x₁), or λ = 3x₁²/(2y₁) when P₁ = P₂; x₃ = λ² − x₁ −
//! x₂, y₃ = λ(x₁ − x₃) − y₁; P + O = P; P + (−P) = O; and P + P = O for a point of order two
//! (y = 0), tested only where E(Fp) has such points (`CurveParams::g1_has_two_torsion`:
//! BLS12-377's G1, whose doubling would otherwise divide by zero); the twists E′(Fp2) of
//! BLS12-381 and BLS12-377 have odd order (`tests/bls12_377_mul.rs::twist_has_odd_order`),
//! so no point of theirs has y = 0.

use evm384_arith::MontField;

use crate::algebra::curve::Deg;
pub use crate::algebra::curve::Group;
use crate::algebra::curve::{add_f, assert_on_curve, inverse_f, mul_f, sqr_f, sub_f, Affine, PointConsts};
use crate::algebra::tower::InvFpRegs;
use crate::curves::{Curve, Eip};
use crate::ir::{Asm, Cond, F2Mul, FieldEncoding, InputLength, Program, Slot};

/// The offset of each coordinate slot (x, y; over Fp2 x.c0, x.c1, y.c0, y.c1) in an encoded
/// point: `Eip::element_bytes` apart, an Fp2 value's two halves swapped where the EIP writes
/// the imaginary part first (EIP-197).
pub(crate) fn coordinate_offsets(eip: &Eip, d: Deg) -> Vec<u32> {
    let swap = eip.g2_imaginary_first && d == Deg::Fp2;
    (0..2 * d.n()).map(|j| eip.element_bytes * if swap { j ^ 1 } else { j }).collect()
}

/// `slots` (in the tower's order, x then y) in the order the EIP encodes them.
fn encoding_order(eip: &Eip, d: Deg, slots: Vec<Slot>) -> Vec<Slot> {
    let swap = eip.g2_imaginary_first && d == Deg::Fp2;
    (0..slots.len()).map(|j| slots[if swap { j ^ 1 } else { j }]).collect()
}

/// The G1ADD or G2ADD program of `curve`, in its EIP's encoding (`Curve::eip`: EIP-196's ecAdd
/// is G1ADD with 32-byte elements, its input zero-padded on the right and the rest ignored).
pub fn point_add_program(curve: Curve, f2mul: F2Mul, g: Group) -> Program {
    let (eip, curve) = (curve.eip(), &curve.params());
    let field = MontField::new(curve.p);
    let mut a = Asm::new(field, f2mul);
    a.tower = curve.tower;
    a.encoding = FieldEncoding::of(&eip);
    let d = g.deg();
    let n = d.n();
    let PointConsts { k, r2, one_raw, b, p_minus_2 } = PointConsts::new(&mut a, curve, g);
    let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
    let p1 = Affine { d, base: a.alloc(2 * n) };
    let p2 = Affine { d, base: a.alloc(2 * n) };
    let (num, den) = (a.alloc(n), a.alloc(n));
    let sum = Affine { d, base: a.alloc(2 * n) };
    let tmp = a.alloc(1);
    let bytes = g.point_bytes(eip.element_bytes);
    let coordinate = coordinate_offsets(&eip, d);

    if !eip.zero_padded_input {
        a.check_input_length(InputLength::Exactly(2 * bytes));
    }
    let nonzero = |i: u32| Cond::InputNonZero { offset: i * bytes, len: bytes };
    let zero = |i: u32| Cond::InputZero { offset: i * bytes, len: bytes };
    for (i, p) in [p1, p2].into_iter().enumerate() {
        a.if_(nonzero(i as u32), |a| {
            for (j, s) in p.slots().into_iter().enumerate() {
                a.load_input(s, i as u32 * bytes + coordinate[j], r2);
            }
            assert_on_curve(a, d, p.x(), p.y(), b);
        }); // else: zero slots, which encode infinity
    }
    let ret = |a: &mut Asm, p: Affine| a.return_fields(&encoding_order(&eip, d, p.slots()), one_raw, tmp);
    a.if_(zero(0), |a| ret(a, p2)); // O + Q = Q
    a.if_(zero(1), |a| ret(a, p1)); // P + O = P
    a.if_(Cond::Eq(p1.x(), p2.x(), n), |a| {
        a.if_(Cond::Ne(p1.y(), p2.y(), n), |a| {
            a.copy(sum.base, k.zero, 2 * n); // P + (−P) = O, encoded as zeros
            ret(a, sum)
        });
        if g == Group::G1 && curve.g1_has_two_torsion() {
            a.if_(Cond::Eq(p1.y(), k.zero, n), |a| {
                a.copy(sum.base, k.zero, 2 * n); // P + P = O for P = (x, 0) of order two
                ret(a, sum)
            });
        }
        sqr_f(a, d, num, p1.x());
        add_f(a, d, den, num, num);
        add_f(a, d, num, den, num); // 3x₁²
        add_f(a, d, den, p1.y(), p1.y()); // 2y₁
    });
    a.if_(Cond::Ne(p1.x(), p2.x(), n), |a| {
        sub_f(a, d, num, p2.y(), p1.y());
        sub_f(a, d, den, p2.x(), p1.x());
    });
    inverse_f(&mut a, d, &k, inv, p_minus_2, den);
    mul_f(&mut a, d, num, num, den); // λ
    sqr_f(&mut a, d, sum.x(), num);
    sub_f(&mut a, d, sum.x(), sum.x(), p1.x());
    sub_f(&mut a, d, sum.x(), sum.x(), p2.x()); // x₃ = λ² − x₁ − x₂
    sub_f(&mut a, d, sum.y(), p1.x(), sum.x());
    mul_f(&mut a, d, sum.y(), sum.y(), num);
    sub_f(&mut a, d, sum.y(), sum.y(), p1.y()); // y₃ = λ(x₁ − x₃) − y₁
    ret(&mut a, sum);
    a.finish()
}
