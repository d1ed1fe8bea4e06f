//! The EIP-2537 maps BLS12_MAP_FP_TO_G1 (0x10) and BLS12_MAP_FP2_TO_G2 (0x11), written once for
//! both groups against the emitter: RFC 9380's `clear_cofactor(iso_map(map_to_curve_simple_swu(u)))`
//! for one field element u (the suites' `encode_to_curve` without `hash_to_field`).
//!
//! EIP-2537: the input is exactly one canonical field element (64 bytes for Fp, 128 for Fp2,
//! c0 then c1); the output is the point in G1 (resp. G2) in the point encoding. Any failure halts.
//!
//! - Simplified SWU onto the isogenous curve E': y² = x³ + A'·x + B' (RFC 9380 §6.6.2, the
//!   straight-line version): tv1 = inv0(Z²·u⁴ + Z·u²); x1 = (−B'/A')·(1 + tv1), or B'/(Z·A') when
//!   tv1 = 0; gx1 = x1³ + A'·x1 + B'; x2 = Z·u²·x1; gx2 = Z³·u⁶·gx1; (x, y) = (x1, √gx1) when gx1
//!   is a square, else (x2, √gx2); y takes the sign of u (sgn0, §4.1).
//! - Square roots: in Fp (p ≡ 3 mod 4) y1 = gx1^((p+1)/4), a root iff y1² = gx1; otherwise
//!   y1² = −gx1 and √gx2 = y1·u³·√(−Z³) with the constant √(−Z³) (−Z³ is a square: Z and −1 are
//!   not), so one exponentiation serves both cases (RFC 9380 Appendix F.2's idea). In Fp2
//!   (q = p², p ≡ 3 mod 4): Adj, Rodríguez-Henríquez, "Square root computation over even extension
//!   fields", eprint 2012/685, Algorithm 9 — a₁ = a^((p−3)/4), α = a₁²·a, x₀ = a₁·a; √a = i·x₀
//!   when α = −1, else (1 + α)^((p−1)/2)·x₀; the result is checked by squaring.
//! - The isogeny (RFC 9380 Appendix E.2: 11-isogeny for G1; E.3: 3-isogeny for G2) by Horner's
//!   rule, kept projective: (X : Y : Z) = (x_num·y_den : y·y_num·x_den : x_den·y_den) (a vanishing
//!   denominator gives Z = 0, the point at infinity, as §6.6.3 requires).
//! - Cofactor clearing with the complete formulas of eprint 2015/1060: G1 by h_eff = 1 − z
//!   (double-and-add over its 64 bits); G2 by Budroni, Pintore, eprint 2017/419 (RFC 9380
//!   Appendix G.3): [z² − z − 1]P + [z − 1]ψ(P) + ψ²(2P), two multiplications by z.
//! - One inversion to affine coordinates.

use evm384_arith::{Limbs, MontField};

use crate::algebra::curve::{
    add_complete, add_f, dbl_complete, inverse_f, mul_f, pow_f, sqr_f, sub_f, Deg, Group, PowRegs, Proj, B3,
};
use crate::algebra::tower::{conj_fp2, mul_fp2, Fp2, InvFpRegs, TowerConsts};
use crate::curves::{bits_below_top, Curve};
use crate::ir::F2Mul;
use crate::ir::{Asm, Cond, InputLength, Phase, Program, Slot};

/// Constant slots the map programs reserve (the G1 isogeny alone has 53 coefficients).
const MAP_CONST_SLOTS: u32 = 128;

/// x >> s for a little-endian multi-word integer.
fn shr(x: &Limbs, s: u32) -> Limbs {
    let mut r = [0u64; 6];
    for i in 0..6 {
        r[i] = x[i] >> s | if i + 1 < 6 && s > 0 { x[i + 1] << (64 - s) } else { 0 };
    }
    r
}

/// x ± small without carry out of the low word (the callers' values allow it).
fn add_small(x: &Limbs, v: i64) -> Limbs {
    let mut r = *x;
    r[0] = r[0].checked_add_signed(v).expect("no carry out of the low word");
    r
}

/// Horner's rule: `out` ← poly(x) for the constant coefficients at `coeffs` (`len` of them,
/// `d.n()` slots each, entry i the coefficient of xⁱ), with, when `monic`, a leading 1 of
/// degree `len` (the isogeny denominators).
fn horner(a: &mut Asm, d: Deg, out: Slot, x: Slot, (coeffs, len): (Slot, u32), monic: bool) {
    let n = d.n();
    let c = |i: u32| coeffs + n * i;
    if monic {
        add_f(a, d, out, x, c(len - 1)); // x + k_(len−1)
    } else {
        a.copy(out, c(len - 1), n); // k_(len−1)
    }
    for i in (0..len - 1).rev() {
        mul_f(a, d, out, out, x);
        add_f(a, d, out, out, c(i));
    }
}

/// The MAP_FP_TO_G1 or MAP_FP2_TO_G2 program of `curve`. Panics for a curve without map
/// constants (`Curve::map_params`: its EIP specifies no map).
pub(crate) fn map_program(curve: Curve, f2mul: F2Mul, g: Group) -> Program {
    let m = &curve.map_params().unwrap_or_else(|| panic!("{curve}: no map constants (its EIP specifies no map)"));
    let curve = &curve.params();
    let field = MontField::new(curve.p);
    let mut a = Asm::with_const_slots(field, f2mul, MAP_CONST_SLOTS);
    a.tower = curve.tower;
    let d = g.deg();
    let n = d.n();
    let k = TowerConsts::new(&mut a);
    let r2 = a.const_raw(&[a.field.r2]);
    let one_raw = a.const_raw(&[[1, 0, 0, 0, 0, 0]]);
    let b3 = B3::new(&mut a, curve, g);
    let p = curve.p;
    let p_minus_2 = add_small(&p, -2);

    // E' and the SWU constants, canonical, as Fp or Fp2 values
    let fp2 = |v: &Limbs| [*v, [0; 6]];
    let (sa, sb, sz): ([Limbs; 2], [Limbs; 2], [Limbs; 2]) = match g {
        Group::G1 => (fp2(&m.g1_sswu_a), fp2(&m.g1_sswu_b), fp2(&m.g1_sswu_z)),
        Group::G2 => (m.g2_sswu_a, m.g2_sswu_b, m.g2_sswu_z),
    };
    // −B/A and B/(Z·A), computed here in Fp2 (Fp values have c1 = 0)
    let mont = |v: &[Limbs; 2]| [field.to_mont(&v[0]), field.to_mont(&v[1])];
    let mul2 = |x: &[Limbs; 2], y: &[Limbs; 2]| {
        let c0 = field.sub(&field.mul(&x[0], &y[0]), &field.mul(&x[1], &y[1]));
        let c1 = field.add(&field.mul(&x[0], &y[1]), &field.mul(&x[1], &y[0]));
        [c0, c1]
    };
    let inv2 = |x: &[Limbs; 2]| {
        let norm = field.add(&field.mul(&x[0], &x[0]), &field.mul(&x[1], &x[1]));
        let t = field.inverse(&norm);
        [field.mul(&x[0], &t), field.sub(&field.to_mont(&[0; 6]), &field.mul(&x[1], &t))]
    };
    let from2 = |x: [Limbs; 2]| [field.from_mont(&x[0]), field.from_mont(&x[1])];
    let (am, bm, zm) = (mont(&sa), mont(&sb), mont(&sz));
    let zero2 = [field.to_mont(&[0; 6]); 2];
    let neg2 = |x: &[Limbs; 2]| [field.sub(&zero2[0], &x[0]), field.sub(&zero2[1], &x[1])];
    let minus_b_over_a = from2(neg2(&mul2(&bm, &inv2(&am))));
    let b_over_za = from2(mul2(&bm, &inv2(&mul2(&zm, &am))));
    let coeff = |a: &mut Asm, v: [Limbs; 2]| a.const_mont(&v[..n as usize]);
    let (ca, cb, cz) = (coeff(&mut a, sa), coeff(&mut a, sb), coeff(&mut a, sz));
    let c_mba = coeff(&mut a, minus_b_over_a);
    let c_bza = coeff(&mut a, b_over_za);
    let table = |a: &mut Asm, vs: Vec<[Limbs; 2]>| {
        let flat: Vec<Limbs> = vs.iter().flat_map(|v| v[..n as usize].to_vec()).collect();
        a.const_mont(&flat)
    };
    let (x_num, x_den, y_num, y_den) = match g {
        Group::G1 => (
            m.g1_iso_x_num.iter().map(fp2).collect::<Vec<_>>(),
            m.g1_iso_x_den.iter().map(fp2).collect::<Vec<_>>(),
            m.g1_iso_y_num.iter().map(fp2).collect::<Vec<_>>(),
            m.g1_iso_y_den.iter().map(fp2).collect::<Vec<_>>(),
        ),
        Group::G2 => {
            (m.g2_iso_x_num.to_vec(), m.g2_iso_x_den.to_vec(), m.g2_iso_y_num.to_vec(), m.g2_iso_y_den.to_vec())
        }
    };
    let lens = [x_num.len() as u32, x_den.len() as u32, y_num.len() as u32, y_den.len() as u32];
    let (t_xn, t_xd, t_yn, t_yd) =
        (table(&mut a, x_num), table(&mut a, x_den), table(&mut a, y_num), table(&mut a, y_den));

    // working slots
    let u = a.alloc(n);
    let tu2 = a.alloc(n); // Z·u²
    let tv1 = a.alloc(n);
    let x1 = a.alloc(n);
    let gx1 = a.alloc(n);
    let x2 = a.alloc(n);
    let gx2 = a.alloc(n);
    let x = a.alloc(n);
    let y = a.alloc(n);
    let sq = a.alloc(n);
    let inv = InvFpRegs { x: a.alloc(1), r: a.alloc(1) };
    let pow = PowRegs { x: a.alloc(n), r: a.alloc(n) };
    let acc = Proj::alloc(&mut a, d);
    let tmp = Proj::alloc(&mut a, d);
    let out = a.alloc(2 * n);
    let conv = a.alloc(1); // EVM384's out-of-Montgomery scratch (sgn0, output)

    let add = move |a: &mut Asm| a.call("add_complete", move |a| a.scoped(|a| add_complete(a, acc, tmp, b3)));
    let dbl = move |a: &mut Asm| a.call("dbl_complete", move |a| a.scoped(|a| dbl_complete(a, acc, b3)));
    let neg_y = move |a: &mut Asm, pt: Proj| sub_f(a, d, pt.y(), k.zero, pt.y());
    // g(x) = (x² + A')·x + B'
    let curve_rhs = move |a: &mut Asm, out: Slot, x: Slot| {
        sqr_f(a, d, out, x);
        add_f(a, d, out, out, ca);
        mul_f(a, d, out, out, x);
        add_f(a, d, out, out, cb);
    };

    a.phase(Phase::Decode);
    a.check_input_length(InputLength::Exactly(64 * n));
    for i in 0..n {
        a.load_input(u + i, 64 * i, r2);
    }

    a.phase(Phase::Sswu);
    sqr_f(&mut a, d, tu2, u);
    mul_f(&mut a, d, tu2, tu2, cz); // Z·u²
    sqr_f(&mut a, d, tv1, tu2);
    add_f(&mut a, d, tv1, tv1, tu2); // Z²·u⁴ + Z·u²
    inverse_f(&mut a, d, &k, inv, p_minus_2, tv1); // inv0: 0 stays 0
    a.if_(Cond::Eq(tv1, k.zero, n), |a| a.copy(x1, c_bza, n)); // x1 = B'/(Z·A')
    a.if_(Cond::Ne(tv1, k.zero, n), |a| {
        add_f(a, d, x1, tv1, k.one);
        mul_f(a, d, x1, x1, c_mba); // x1 = (−B'/A')·(1 + tv1)
    });
    curve_rhs(&mut a, gx1, x1);
    mul_f(&mut a, d, x2, tu2, x1); // x2 = Z·u²·x1
    match g {
        Group::G1 => {
            // √(−Z³) (a square: Z and −1 are not), computed here
            let e = shr(&add_small(&p, 1), 2); // (p+1)/4
            let minus_z3 = field.sub(&zero2[0], &field.mul(&zm[0], &field.mul(&zm[0], &zm[0])));
            let c2 = a.const_raw(&[field.pow(&minus_z3, &e)]);
            a.copy(pow.x, gx1, 1);
            pow_f(&mut a, d, "sqrt_fp", pow, e); // y1 = gx1^((p+1)/4)
            sqr_f(&mut a, d, sq, pow.r);
            a.if_(Cond::Eq(sq, gx1, 1), |a| {
                a.copy(x, x1, 1);
                a.copy(y, pow.r, 1);
            });
            a.if_(Cond::Ne(sq, gx1, 1), |a| {
                // y1² = −gx1: √gx2 = y1·u³·√(−Z³)
                a.copy(x, x2, 1);
                a.mul(y, u, u);
                a.mul(y, y, u);
                a.mul(y, y, pow.r);
                a.mul(y, y, c2);
            });
        }
        Group::G2 => {
            let sqrt_in = a.alloc(2);
            let sqrt_out = a.alloc(2);
            let minus_one = a.const_mont(&[add_small(&p, -1), [0; 6]]);
            let e1 = shr(&add_small(&p, -3), 3); // (p−3)/8: a₁ = (a^((p−3)/8))²
            let e2 = shr(&add_small(&p, -1), 1); // (p−1)/2
            let sqrt = move |a: &mut Asm| {
                a.call("sqrt_fp2", move |a| {
                    a.scoped(|a| {
                        let (a1, x0) = (Fp2(a.alloc(2)), Fp2(a.alloc(2)));
                        let s = Fp2(sqrt_in);
                        a.copy(pow.x, sqrt_in, 2);
                        pow_f(a, Deg::Fp2, "pow_p_minus_3_over_8_fp2", pow, e1);
                        sqr_f(a, Deg::Fp2, a1.0, pow.r); // a₁ = a^((p−3)/4)
                        mul_fp2(a, x0, a1, s); // x₀ = a^((p+1)/4)
                        mul_fp2(a, a1, a1, x0); // α = a^((p−1)/2)
                        a.if_(Cond::Eq(a1.0, minus_one, 2), |a| {
                            a.sub(sqrt_out, k.zero, x0.c1());
                            a.copy(sqrt_out + 1, x0.c0(), 1); // i·x₀
                        });
                        a.if_(Cond::Ne(a1.0, minus_one, 2), |a| {
                            add_f(a, Deg::Fp2, pow.x, a1.0, k.one); // 1 + α
                            pow_f(a, Deg::Fp2, "pow_p_minus_1_over_2_fp2", pow, e2);
                            mul_fp2(a, Fp2(sqrt_out), Fp2(pow.r), x0);
                        });
                    })
                })
            };
            curve_rhs(&mut a, gx2, x2);
            a.copy(sqrt_in, gx1, 2);
            sqrt(&mut a);
            sqr_f(&mut a, d, sq, sqrt_out);
            a.if_(Cond::Eq(sq, gx1, 2), |a| {
                a.copy(x, x1, 2);
                a.copy(y, sqrt_out, 2);
            });
            a.if_(Cond::Ne(sq, gx1, 2), |a| {
                a.copy(x, x2, 2);
                a.copy(sqrt_in, gx2, 2);
                sqrt(a); // gx2 is a square when gx1 is not
                a.copy(y, sqrt_out, 2);
            });
        }
    }
    // y takes the sign of u
    let sgn0 = |s: Slot| Cond::Sgn0 { x: s, n, one: one_raw, tmp: conv };
    let neg = move |a: &mut Asm| sub_f(a, d, y, k.zero, y);
    a.if_(sgn0(u), |a| a.if_(Cond::Not(Box::new(sgn0(y))), neg));
    a.if_(Cond::Not(Box::new(sgn0(u))), |a| a.if_(sgn0(y), neg));

    a.phase(Phase::Isogeny);
    a.scoped(|a| {
        let (xn, xd, yn, yd) = (a.alloc(n), a.alloc(n), a.alloc(n), a.alloc(n));
        horner(a, d, xn, x, (t_xn, lens[0]), false);
        horner(a, d, xd, x, (t_xd, lens[1]), true);
        horner(a, d, yn, x, (t_yn, lens[2]), false);
        horner(a, d, yd, x, (t_yd, lens[3]), true);
        mul_f(a, d, acc.x(), xn, yd); // X = x_num·y_den
        mul_f(a, d, acc.y(), y, yn);
        mul_f(a, d, acc.y(), acc.y(), xd); // Y = y·y_num·x_den
        mul_f(a, d, acc.z(), xd, yd); // Z = x_den·y_den
    });

    a.phase(Phase::ClearCofactor);
    let z_bits = curve.z_bits();
    match g {
        Group::G1 => {
            // h_eff·P, double-and-add
            a.copy(tmp.base, acc.base, 3);
            a.for_bits(&bits_below_top(&[m.g1_h_eff]), dbl, add);
        }
        Group::G2 => {
            let c = a.const_mont(&[curve.glv_coefficient(true)]);
            let (psi_r2, psi_s2) = (Fp2(a.const_mont(&curve.psi_r2)), Fp2(a.const_mont(&curve.psi_s2)));
            let (pp, t1, t2, t3) =
                (Proj::alloc(&mut a, d), Proj::alloc(&mut a, d), Proj::alloc(&mut a, d), Proj::alloc(&mut a, d));
            // acc ← [z]·tmp (z < 0: [|z|], then negated)
            let mul_by_z = |a: &mut Asm| {
                let z_bits = z_bits.clone();
                a.call("mul_by_z", move |a| {
                    a.copy(acc.base, tmp.base, 6);
                    a.for_bits(&z_bits, dbl, add);
                    neg_y(a, acc);
                })
            };
            // ψ(X : Y : Z) = (conj(X)·r₂ : conj(Y)·s₂ : conj(Z))
            let psi = |a: &mut Asm, dst: Proj, src: Proj| {
                conj_fp2(a, &k, Fp2(dst.x()), Fp2(src.x()));
                mul_fp2(a, Fp2(dst.x()), Fp2(dst.x()), psi_r2);
                conj_fp2(a, &k, Fp2(dst.y()), Fp2(src.y()));
                mul_fp2(a, Fp2(dst.y()), Fp2(dst.y()), psi_s2);
                conj_fp2(a, &k, Fp2(dst.z()), Fp2(src.z()));
            };
            a.copy(pp.base, acc.base, 6); // P
            a.copy(tmp.base, pp.base, 6);
            mul_by_z(&mut a);
            a.copy(t1.base, acc.base, 6); // t1 = [z]P
            psi(&mut a, t2, pp); // t2 = ψ(P)
            a.copy(acc.base, pp.base, 6);
            dbl(&mut a); // 2P
                         // t3 = ψ²(2P) = (c·X : −Y : Z)
            a.mul(t3.x(), acc.x(), c);
            a.mul(t3.x() + 1, acc.x() + 1, c);
            sub_f(&mut a, d, t3.y(), k.zero, acc.y());
            a.copy(t3.z(), acc.z(), 2);
            a.copy(acc.base, t3.base, 6);
            a.copy(tmp.base, t2.base, 6);
            neg_y(&mut a, tmp);
            add(&mut a);
            a.copy(t3.base, acc.base, 6); // t3 = ψ²(2P) − ψ(P)
            a.copy(acc.base, t1.base, 6);
            a.copy(tmp.base, t2.base, 6);
            add(&mut a); // t1 + t2
            a.copy(tmp.base, acc.base, 6);
            mul_by_z(&mut a); // t2 = [z](t1 + t2)
            a.copy(tmp.base, t3.base, 6);
            add(&mut a); // t3 + t2
            a.copy(tmp.base, t1.base, 6);
            neg_y(&mut a, tmp);
            add(&mut a); // − t1
            a.copy(tmp.base, pp.base, 6);
            neg_y(&mut a, tmp);
            add(&mut a); // − P
        }
    }

    a.phase(Phase::Output);
    let ret = |a: &mut Asm| a.return_fields(&(out..out + 2 * n).collect::<Vec<_>>(), one_raw, conv);
    a.if_(Cond::Eq(acc.z(), k.zero, n), |a| {
        a.copy(out, k.zero, 2 * n); // O, encoded as zeros
        ret(a)
    });
    a.copy(out, acc.z(), n);
    inverse_f(&mut a, d, &k, inv, p_minus_2, out); // 1/Z
    mul_f(&mut a, d, out + n, acc.y(), out); // y = Y/Z
    mul_f(&mut a, d, out, acc.x(), out); // x = X/Z
    ret(&mut a);
    a.finish()
}
