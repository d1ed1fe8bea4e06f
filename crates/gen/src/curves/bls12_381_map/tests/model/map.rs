//! The model's curves and maps: the chord-and-tangent law, RFC 9380's simplified SWU map
//! (§6.6.2), the isogenies (Appendix E) and cofactor clearing (§7), each suite built from
//! [`MapParams`] alone.

use super::field::{big, fp, fp2, r, Field, Fp, Fp2};
use crate::curves::{bls12_381_map_params, MapParams};
use num_bigint::BigUint;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Point<F> {
    Infinity,
    Affine(F, F),
}

/// y² = x³ + a·x + b.
#[derive(Clone, Debug)]
pub(crate) struct Curve<F> {
    pub a: F,
    pub b: F,
}

impl<F: Field> Curve<F> {
    /// g(x) = x³ + a·x + b.
    pub(crate) fn g(&self, x: &F) -> F {
        x.square().add(&self.a).mul(x).add(&self.b)
    }
    pub(crate) fn contains(&self, pt: &Point<F>) -> bool {
        match pt {
            Point::Infinity => true,
            Point::Affine(x, y) => y.square() == self.g(x),
        }
    }
    pub(crate) fn neg(&self, pt: &Point<F>) -> Point<F> {
        match pt {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => Point::Affine(x.clone(), y.neg()),
        }
    }
    /// The chord-and-tangent law in affine coordinates.
    pub(crate) fn add(&self, p1: &Point<F>, p2: &Point<F>) -> Point<F> {
        let (x1, y1, x2, y2) = match (p1, p2) {
            (Point::Infinity, _) => return p2.clone(),
            (_, Point::Infinity) => return p1.clone(),
            (Point::Affine(x1, y1), Point::Affine(x2, y2)) => (x1, y1, x2, y2),
        };
        let slope = if x1 != x2 {
            y2.sub(y1).div(&x2.sub(x1))
        } else if y1.add(y2).is_zero() {
            return Point::Infinity;
        } else {
            x1.square().mul(&F::small(3)).add(&self.a).div(&y1.add(y1))
        };
        let x3 = slope.square().sub(x1).sub(x2);
        let y3 = slope.mul(&x1.sub(&x3)).sub(y1);
        Point::Affine(x3, y3)
    }
    /// k·P, double-and-add from the top bit.
    pub(crate) fn mul(&self, pt: &Point<F>, k: &BigUint) -> Point<F> {
        let mut acc = Point::Infinity;
        for i in (0..k.bits()).rev() {
            acc = self.add(&acc, &acc);
            if k.bit(i) {
                acc = self.add(&acc, pt);
            }
        }
        acc
    }
}

/// Σ cᵢ·xⁱ, plus x^len(c) when `monic` (Horner's rule).
fn poly<F: Field>(c: &[F], monic: bool, x: &F) -> F {
    let top = if monic { F::one() } else { F::zero() };
    c.iter().rev().fold(top, |acc, ci| acc.mul(x).add(ci))
}

/// An isogeny map as RFC 9380 Appendix E gives it (the denominators' leading 1 implicit).
pub(crate) struct Isogeny<F> {
    x_num: Vec<F>,
    x_den: Vec<F>,
    y_num: Vec<F>,
    y_den: Vec<F>,
}

impl<F: Field> Isogeny<F> {
    /// iso_map (RFC 9380 §6.6.3): a vanishing denominator gives the point at infinity.
    pub(crate) fn map(&self, pt: &Point<F>) -> Point<F> {
        let Point::Affine(x, y) = pt else { return Point::Infinity };
        let (x_den, y_den) = (poly(&self.x_den, true, x), poly(&self.y_den, true, x));
        if x_den.is_zero() || y_den.is_zero() {
            return Point::Infinity;
        }
        Point::Affine(poly(&self.x_num, false, x).div(&x_den), y.mul(&poly(&self.y_num, false, x)).div(&y_den))
    }
}

/// One suite's map, built from [`MapParams`] only (plus E's b from [`crate::curves`]).
pub(crate) struct Suite<F> {
    /// E': y² = x³ + A'·x + B'.
    pub e_prime: Curve<F>,
    pub z: F,
    pub iso: Isogeny<F>,
    /// E: y² = x³ + 4 (G1), y² = x³ + 4·(1 + I) (G2).
    pub e: Curve<F>,
    pub h_eff: BigUint,
}

pub(crate) fn g1_suite(m: &MapParams) -> Suite<Fp> {
    let b = crate::curves::bls12_381().b;
    Suite {
        e_prime: Curve { a: fp(&m.g1_sswu_a), b: fp(&m.g1_sswu_b) },
        z: fp(&m.g1_sswu_z),
        iso: Isogeny {
            x_num: m.g1_iso_x_num.iter().map(fp).collect(),
            x_den: m.g1_iso_x_den.iter().map(fp).collect(),
            y_num: m.g1_iso_y_num.iter().map(fp).collect(),
            y_den: m.g1_iso_y_den.iter().map(fp).collect(),
        },
        e: Curve { a: Fp::zero(), b: Fp::small(b) },
        h_eff: BigUint::from(m.g1_h_eff),
    }
}

pub(crate) fn g2_suite(m: &MapParams) -> Suite<Fp2> {
    let b = crate::curves::bls12_381().b;
    Suite {
        e_prime: Curve { a: fp2(&m.g2_sswu_a), b: fp2(&m.g2_sswu_b) },
        z: fp2(&m.g2_sswu_z),
        iso: Isogeny {
            x_num: m.g2_iso_x_num.iter().map(fp2).collect(),
            x_den: m.g2_iso_x_den.iter().map(fp2).collect(),
            y_num: m.g2_iso_y_num.iter().map(fp2).collect(),
            y_den: m.g2_iso_y_den.iter().map(fp2).collect(),
        },
        // b·ξ with ξ = 1 + I
        e: Curve { a: Fp2::zero(), b: Fp2(Fp::small(b), Fp::small(b)) },
        h_eff: big(&m.g2_h_eff),
    }
}

impl<F: Field> Suite<F> {
    /// map_to_curve_simple_swu (RFC 9380 §6.6.2, the non-optimised steps 1-10) onto E';
    /// `None` when a square root it takes does not exist (only with wrong constants).
    pub(crate) fn simple_swu(&self, u: &F) -> Option<Point<F>> {
        let (a, b, z) = (&self.e_prime.a, &self.e_prime.b, &self.z);
        let z_u2 = z.mul(&u.square());
        // 1. tv1 = inv0(Z²·u⁴ + Z·u²)
        let tv1 = z_u2.square().add(&z_u2).inv0();
        // 2-3. x1 = (-B/A)·(1 + tv1), or B/(Z·A) when tv1 = 0
        let x1 = if tv1.is_zero() { b.div(&z.mul(a)) } else { b.neg().div(a).mul(&F::one().add(&tv1)) };
        // 4-6. gx1 = g(x1), x2 = Z·u²·x1, gx2 = g(x2)
        let gx1 = self.e_prime.g(&x1);
        let x2 = z_u2.mul(&x1);
        let gx2 = self.e_prime.g(&x2);
        // 7-8. the first of x1, x2 whose g is a square
        let (x, y) = if gx1.is_square() { (x1, gx1.sqrt()?) } else { (x2, gx2.sqrt()?) };
        // 9. sgn0(y) = sgn0(u)
        let y = if u.sgn0() != y.sgn0() { y.neg() } else { y };
        Some(Point::Affine(x, y))
    }

    /// map_to_curve (RFC 9380 §6.6.3): simplified SWU onto E', then iso_map onto E.
    pub(crate) fn map_to_curve(&self, u: &F) -> Option<Point<F>> {
        Some(self.iso.map(&self.simple_swu(u)?))
    }

    /// clear_cofactor (RFC 9380 §7): h_eff·P.
    pub(crate) fn clear_cofactor(&self, pt: &Point<F>) -> Point<F> {
        self.e.mul(pt, &self.h_eff)
    }

    /// EIP-2537 MAP_FP_TO_G1 / MAP_FP2_TO_G2: clear_cofactor(map_to_curve(u)).
    pub(crate) fn eip_map(&self, u: &F) -> Option<Point<F>> {
        Some(self.clear_cofactor(&self.map_to_curve(u)?))
    }

    /// P on E and r·P = O.
    pub(crate) fn in_subgroup(&self, pt: &Point<F>) -> bool {
        self.e.contains(pt) && self.e.mul(pt, &r()) == Point::Infinity
    }
}

/// Both isogenies map points of E' (from the SWU map, including u = 0, the exceptional
/// case) onto E, and are group homomorphisms on them.
#[test]
fn isogenies_map_e_prime_onto_e() {
    fn check<F: Field>(suite: &Suite<F>, us: &[F]) {
        assert_eq!(suite.e.a, F::zero());
        let pts: Vec<Point<F>> = us.iter().map(|u| suite.simple_swu(u).expect("square root")).collect();
        for (i, pt) in pts.iter().enumerate() {
            assert!(suite.e_prime.contains(pt), "SWU({:?}) on E'", us[i]);
            let img = suite.iso.map(pt);
            assert!(matches!(img, Point::Affine(..)) && suite.e.contains(&img), "iso(SWU({:?})) on E", us[i]);
            let other = &pts[(i + 1) % pts.len()];
            let sum = suite.e_prime.add(pt, other);
            assert_eq!(suite.iso.map(&sum), suite.e.add(&img, &suite.iso.map(other)));
            assert_eq!(suite.iso.map(&suite.e_prime.add(pt, pt)), suite.e.add(&img, &img));
            assert_eq!(suite.iso.map(&suite.e_prime.neg(pt)), suite.e.neg(&img));
        }
    }
    let m = bls12_381_map_params();
    check(&g1_suite(&m), &[0, 1, 2, 3, 5, 1_234_567].map(Fp::small));
    check(
        &g2_suite(&m),
        &[(0, 0), (1, 0), (0, 1), (3, 7), (12_345, 678)].map(|(a, b)| Fp2(Fp::small(a), Fp::small(b))),
    );
}
