//! The pairing check on a curve no `Curve` names, written from its parameter block alone: a BN
//! curve with z < 0 (the generator's curves have none), to run the sign's branches (the loop
//! over |6z + 2| with f conjugated and T negated before the closing lines, the exponentiations
//! by z conjugated): BN-P254 (z = −(2⁶² + 2⁵⁵ + 1), y² = x³ + 2, Fp2 = Fp[u]/(u² + 1),
//! ξ = 1 + u, the D-type twist y² = x³ + 2/ξ; Nogami et al., Pairing 2008; Aranha et al., eprint
//! 2010/354 §3), its parameter set made here from z with a big-integer model (no arkworks crate
//! has it): the pairing check on products of one and not, the pairing value bilinear, and G2
//! points outside G2 refused beside a finite P and beside P = O.

use ark_ff::{One, Zero};
use num_bigint::{BigInt, BigUint};
use rand::SeedableRng;

use super::check::{accumulator_slot_for, pairing_check_program_for, ProgramOptions};
use crate::backend::native::{self, Outcome};
use crate::curves::{CurveParams, Eip, Family, Tower, Twist};
use crate::ir::{F2Mul, Phase};

type Rng = rand::rngs::StdRng;

type F2 = (BigUint, BigUint);
type Point = Option<(F2, F2)>;

/// Fp2 = Fp[u]/(u² + 1) and the affine group law of y² = x³ + b over it (G1 as the points
/// with both coordinates in Fp).
struct Model {
    p: BigUint,
    b: F2,
}

impl Model {
    fn f2(&self, c0: &BigUint, c1: &BigUint) -> F2 {
        (c0 % &self.p, c1 % &self.p)
    }
    fn small(&self, c: u64) -> F2 {
        self.f2(&BigUint::from(c), &BigUint::zero())
    }
    fn add(&self, a: &F2, b: &F2) -> F2 {
        self.f2(&(&a.0 + &b.0), &(&a.1 + &b.1))
    }
    fn neg(&self, a: &F2) -> F2 {
        self.f2(&(&self.p - &a.0), &(&self.p - &a.1))
    }
    fn sub(&self, a: &F2, b: &F2) -> F2 {
        self.add(a, &self.neg(b))
    }
    fn mul(&self, a: &F2, b: &F2) -> F2 {
        let pp = &self.p * &self.p;
        self.f2(&(&a.0 * &b.0 + pp - (&a.1 * &b.1) % (&self.p * &self.p)), &(&a.0 * &b.1 + &a.1 * &b.0))
    }
    fn pow(&self, a: &F2, e: &BigUint) -> F2 {
        let mut acc = self.small(1);
        for i in (0..e.bits()).rev() {
            acc = self.mul(&acc, &acc);
            if e.bit(i) {
                acc = self.mul(&acc, a);
            }
        }
        acc
    }
    fn inv(&self, a: &F2) -> F2 {
        let n = (&a.0 * &a.0 + &a.1 * &a.1) % &self.p;
        let n_inv = n.modpow(&(&self.p - 2u8), &self.p);
        self.f2(&(&a.0 * &n_inv), &((&self.p - &a.1) * &n_inv))
    }
    fn sqrt_fp(&self, a: &BigUint) -> Option<BigUint> {
        let s = a.modpow(&((&self.p + 1u8) / 4u8), &self.p); // p ≡ 3 mod 4
        (&s * &s % &self.p == a % &self.p).then_some(s)
    }
    /// A square root in Fp2 (by the norm: x₀² = (a₀ + √N(a))/2, x₁ = a₁/(2x₀)).
    fn sqrt(&self, a: &F2) -> Option<F2> {
        let n = (&a.0 * &a.0 + &a.1 * &a.1) % &self.p;
        let s = self.sqrt_fp(&n)?;
        let half = (&self.p + 1u8) / 2u8;
        for s in [s.clone(), (&self.p - &s) % &self.p] {
            let h = (&a.0 + &s) * &half % &self.p;
            if let Some(x0) = self.sqrt_fp(&h).filter(|x| !x.is_zero()) {
                let x1 = &a.1 * (2u8 * &x0).modpow(&(&self.p - 2u8), &self.p) % &self.p;
                let x = (x0, x1);
                if self.mul(&x, &x) == *a {
                    return Some(x);
                }
            }
        }
        None
    }
    fn on_curve(&self, q: &Point) -> bool {
        q.as_ref().is_none_or(|(x, y)| self.mul(y, y) == self.add(&self.mul(&self.mul(x, x), x), &self.b))
    }
    fn ec_add(&self, s: &Point, t: &Point) -> Point {
        let (Some((x1, y1)), Some((x2, y2))) = (s, t) else { return s.clone().or(t.clone()) };
        let l = if x1 == x2 {
            if self.add(y1, y2) == self.small(0) {
                return None;
            }
            let x1x1 = self.mul(x1, x1);
            self.mul(&self.add(&self.add(&x1x1, &x1x1), &x1x1), &self.inv(&self.add(y1, y1)))
        } else {
            self.mul(&self.sub(y2, y1), &self.inv(&self.sub(x2, x1)))
        };
        let x3 = self.sub(&self.sub(&self.mul(&l, &l), x1), x2);
        let y3 = self.sub(&self.mul(&l, &self.sub(x1, &x3)), y1);
        Some((x3, y3))
    }
    fn ec_mul(&self, s: &Point, k: &BigUint) -> Point {
        let mut acc = None;
        for i in (0..k.bits()).rev() {
            acc = self.ec_add(&acc, &acc);
            if k.bit(i) {
                acc = self.ec_add(&acc, s);
            }
        }
        acc
    }
    fn ec_neg(&self, s: &Point) -> Point {
        s.as_ref().map(|(x, y)| (x.clone(), self.neg(y)))
    }
}

fn limbs(v: &BigUint) -> [u64; 6] {
    let d = v.to_u64_digits();
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

fn fp_bytes(v: &BigUint) -> Vec<u8> {
    let be = v.to_bytes_be();
    [vec![0; 64 - be.len()], be].concat()
}

/// A point as EIP-2537 encodes it (G1: `g1`, x and y in Fp; G2: c0 ‖ c1 each).
fn point_bytes(q: &Point, g1: bool) -> Vec<u8> {
    match (q, g1) {
        (None, true) => vec![0; 128],
        (None, false) => vec![0; 256],
        (Some((x, y)), true) => [fp_bytes(&x.0), fp_bytes(&y.0)].concat(),
        (Some((x, y)), false) => [fp_bytes(&x.0), fp_bytes(&x.1), fp_bytes(&y.0), fp_bytes(&y.1)].concat(),
    }
}

struct Bn {
    params: CurveParams,
    g1: Model,
    g2: Model,
    r: BigUint,
    gen1: Point,
    gen2: Point,
    /// A point of the twist outside G2.
    off: Point,
}

/// BN-P254's parameter set, every value from z (as `curves::bn254` states BN254's).
fn bn_p254() -> Bn {
    let z = (1u64 << 62) + (1u64 << 55) + 1; // |z|, z < 0
    let zb: BigInt = -BigInt::from(z);
    let poly = |c2: u32| -> BigUint {
        let v: BigInt = 36 * zb.pow(4) + 36 * zb.pow(3) + c2 * zb.pow(2) + 6 * &zb + 1;
        v.to_biguint().expect("positive")
    };
    let (p, r) = (poly(24), poly(18)); // p(z), r(z)
    let g1 = Model { p: p.clone(), b: (BigUint::from(2u8), BigUint::zero()) };
    let xi = (BigUint::one(), BigUint::one());
    let one = g1.small(1);
    let e = |n: u32, num: u32, den: u32| (p.pow(n) - 1u8) * num / den;
    assert_ne!(g1.pow(&xi, &e(2, 1, 2)), one, "ξ not a square");
    assert_ne!(g1.pow(&xi, &e(2, 1, 3)), one, "ξ not a cube");
    let b_twist = g1.mul(&g1.b, &g1.inv(&xi)); // b/ξ (D-type)
    let g2 = Model { p: p.clone(), b: b_twist.clone() };
    let l2 = |v: &F2| [limbs(&v.0), limbs(&v.1)];
    let frobenius: [[[[u64; 6]; 2]; 5]; 3] =
        core::array::from_fn(|n| core::array::from_fn(|i| l2(&g1.pow(&xi, &e(n as u32 + 1, i as u32 + 1, 6)))));
    let beta = (2u64..).map(|g| BigUint::from(g).modpow(&e(1, 1, 3), &p)).find(|b| !b.is_one()).unwrap();
    // G1 = (−1, 1) (cofactor 1); G2 = [2p − r]·(a point of the twist), of order r
    let gen1: Point = Some(((&p - 1u8, BigUint::zero()), one.clone()));
    assert!(g1.on_curve(&gen1) && g1.ec_mul(&gen1, &r).is_none());
    let twist_point = |start: u64| {
        (start..)
            .find_map(|k| {
                let x = g2.f2(&BigUint::from(k), &BigUint::one());
                let y = g2.sqrt(&g2.add(&g2.mul(&g2.mul(&x, &x), &x), &g2.b))?;
                Some(Some((x, y)))
            })
            .unwrap()
    };
    let off = twist_point(1);
    assert!(g2.on_curve(&off));
    let gen2 = g2.ec_mul(&off, &(BigUint::from(2u8) * &p - &r));
    assert!(gen2.is_some() && g2.ec_mul(&gen2, &r).is_none(), "the D-type twist has order r·(2p − r)");
    assert!(g2.ec_mul(&off, &r).is_some(), "a twist point outside G2");
    let (x, y) = gen2.clone().unwrap();
    let params = CurveParams {
        name: "BN-P254",
        family: Family::Bn,
        p: limbs(&p),
        r: limbs(&r),
        z_abs: z,
        z_negative: true,
        tower: Tower { u_squared: -1, xi: [1, 1] },
        twist: Twist::D,
        b: 2,
        b_twist: l2(&b_twist),
        beta: limbs(&beta),
        psi_r2: l2(&g1.pow(&xi, &e(1, 1, 3))),
        psi_s2: l2(&g1.pow(&xi, &e(1, 1, 2))),
        frobenius,
        g1: [limbs(&(&p - 1u8)), limbs(&BigUint::one())],
        g2: [l2(&x), l2(&y)],
        // a test ABI: EIP-2537's 64-byte elements, which `point_bytes` below writes
        eip: Eip::EIP2537,
        hinted_check: false,
    };
    Bn { params, g1, g2, r, gen1, gen2, off }
}

#[test]
fn bn_curve_with_negative_z() {
    let bn = bn_p254();
    let c = &bn.params;
    assert!(super::bn_loop_t_tests_g2(c), "the loop's T tests G2 on BN-P254 too");
    let digits = c.ate_loop_digits();
    assert_eq!(
        digits.iter().fold(BigInt::zero(), |acc, &d| 2 * acc + d),
        BigInt::from(6 * c.z_abs as u128 - 2),
        "|6z + 2|"
    );
    assert!(digits.contains(&-1), "subtraction steps in the loop");
    let prog = pairing_check_program_for(c, F2Mul::V3, ProgramOptions::default());
    let run = |pairs: &[(Point, Point)]| -> Option<bool> {
        let input: Vec<u8> =
            pairs.iter().flat_map(|(p, q)| [point_bytes(p, true), point_bytes(q, false)].concat()).collect();
        match native::run(&prog, &input).outcome {
            Outcome::Bool(one) => Some(one),
            Outcome::Invalid(_) => None,
            other => panic!("unexpected outcome {other:?}"),
        }
    };
    let mut rng = Rng::seed_from_u64(2010354);
    let mut scalar = || {
        use rand::RngCore;
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        BigUint::from_bytes_le(&b) % &bn.r
    };
    let (x, y) = (scalar(), scalar());
    let (g, h) = (&bn.gen1, &bn.gen2);
    let xg = bn.g1.ec_mul(g, &x);
    let yh = bn.g2.ec_mul(h, &y);
    let minus_xyg = bn.g1.ec_neg(&bn.g1.ec_mul(g, &(&x * &y % &bn.r)));
    assert_eq!(run(&[(xg.clone(), yh.clone()), (minus_xyg.clone(), h.clone())]), Some(true), "e(xG, yH)·e(−xyG, H)");
    assert_eq!(run(&[(xg.clone(), yh.clone()), (minus_xyg, bn.g2.ec_add(h, h))]), Some(false));
    assert_eq!(run(&[(xg.clone(), yh.clone())]), Some(false), "e(xG, yH)");
    assert_eq!(run(&[(xg.clone(), yh.clone()), (bn.g1.ec_neg(&xg), yh.clone())]), Some(true));
    assert_eq!(run(&[(None, yh.clone()), (xg.clone(), None)]), Some(true), "points at infinity");
    // outside G2: refused on the Miller loop's T (finite P) and while decoding (P = O)
    assert_eq!(run(&[(xg.clone(), bn.off.clone())]), None);
    assert_eq!(run(&[(None, bn.off.clone())]), None);
    assert_eq!(run(&[(xg.clone(), yh.clone()), (xg.clone(), bn.g2.ec_add(&yh, &bn.off))]), None);
    // the pairing value is bilinear: e(xG, H) = e(G, xH), and not one
    let opts = ProgramOptions { stop_before: Some(Phase::Output), ..ProgramOptions::default() };
    let value_prog = pairing_check_program_for(c, F2Mul::V3, opts);
    let at = accumulator_slot_for(c, F2Mul::V3) as usize;
    let value = |p: &Point, q: &Point| {
        let input = [point_bytes(p, true), point_bytes(q, false)].concat();
        let Outcome::Memory(m) = native::run(&value_prog, &input).outcome else { panic!("no memory dump") };
        m[at..at + 12].to_vec()
    };
    let one = value(&xg, h);
    assert_eq!(one, value(g, &bn.g2.ec_mul(h, &x)), "e(xG, H) = e(G, xH)");
    assert_ne!(one, value(g, h));
}
