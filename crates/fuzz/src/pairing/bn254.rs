//! BN254's cases of `evm384 fuzz pairing --curve bn254`: ecPairing inputs (0x08) in EIP-197's
//! encoding, made with arkworks' `ark-bn254`, then damaged by one mutation ([`Mutation::BN254`]).
//!
//! EIP-197: a multiple of 192 bytes, each pair G1 (x ‖ y) ‖ G2 (x_imaginary ‖ x_real ‖
//! y_imaginary ‖ y_real), every element 32 bytes big-endian; (0, 0) (all zeros) is the point at
//! infinity; a coordinate ≥ p, a point off its curve or a G2 point outside the subgroup fails the
//! call; the empty input is the empty product, one.

use ark_bn254::{Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField, UniformRand, Zero};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{mix, Mutation, PairingCase};

/// Bytes of one pair: G1 (2 × 32) ‖ G2 (4 × 32) (EIP-197).
pub const PAIR: usize = 192;

/// Bytes of one field element (EIP-197: 32, big-endian).
const ELEMENT: usize = 32;

/// Offset of G2 in a pair.
const G2: usize = 2 * ELEMENT;

fn fq_bytes(x: &Fq) -> Vec<u8> {
    x.into_bigint().to_bytes_be() // 32 bytes: p < 2^254
}

fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; G2],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

/// EIP-197: the imaginary half of each Fp2 coordinate first.
fn g2_bytes(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0; PAIR - G2],
        Some((x, y)) => [fq_bytes(&x.c1), fq_bytes(&x.c0), fq_bytes(&y.c1), fq_bytes(&y.c0)].concat(),
    }
}

/// p as 32 big-endian bytes.
pub fn modulus_bytes() -> [u8; ELEMENT] {
    let mut b = [0u8; ELEMENT];
    b.copy_from_slice(&Fq::MODULUS.to_bytes_be());
    b
}

/// `a + b` of two 32-byte big-endian numbers (no carry out for the sums made here: both below
/// 2^255).
fn add_be(a: &[u8], b: &[u8]) -> [u8; ELEMENT] {
    let mut out = [0u8; ELEMENT];
    let mut carry = 0u16;
    for i in (0..ELEMENT).rev() {
        let s = a[i] as u16 + b[i] as u16 + carry;
        out[i] = s as u8;
        carry = s >> 8;
    }
    out
}

/// A point of the twist E′(Fp2): y² = x³ + 3/(9 + u) outside G2 (x random until the right side
/// is a square; the cofactor 2p − r has 254 bits, so almost every point is outside).
pub fn twist_point_outside_g2(rng: &mut SmallRng) -> G2Affine {
    loop {
        let greatest = rng.gen_bool(0.5);
        if let Some(q) = G2Affine::get_point_from_x_unchecked(Fq2::rand(rng), greatest) {
            if q.is_on_curve() && !q.is_in_correct_subgroup_assuming_on_curve() {
                return q;
            }
        }
    }
}

/// The number of pairs: now and then 0 (the empty input, one), mostly 1..=4, sometimes up to
/// `max_k`.
fn pair_count(rng: &mut SmallRng, max_k: usize) -> usize {
    match rng.gen_range(0..20) {
        0 => 0,
        1 => rng.gen_range(1..=max_k),
        _ => rng.gen_range(1..=4.min(max_k)),
    }
}

/// k valid pairs: with k ≥ 2 half the time a product of one, e(a₁G, b₁H)···e(aₖ₋₁G, bₖ₋₁H) times
/// e(−ΣaᵢbᵢG, H) or e(ΣaᵢbᵢG, −H) (bilinearity), else random multiples of the generators.
fn valid_pairs(rng: &mut SmallRng, k: usize) -> Vec<(G1Affine, G2Affine)> {
    let (g, h) = (G1Projective::generator(), G2Projective::generator());
    let mut pairs = Vec::with_capacity(k);
    if k >= 2 && rng.gen_bool(0.5) {
        let mut sum = Fr::zero();
        for _ in 0..k - 1 {
            let (a, b) = (Fr::rand(rng), Fr::rand(rng));
            sum += a * b;
            pairs.push(((g * a).into_affine(), (h * b).into_affine()));
        }
        let last = if rng.gen_bool(0.5) {
            ((-(g * sum)).into_affine(), h.into_affine())
        } else {
            ((g * sum).into_affine(), (-h).into_affine())
        };
        pairs.push(last);
    } else {
        for _ in 0..k {
            pairs.push(((g * Fr::rand(rng)).into_affine(), (h * Fr::rand(rng)).into_affine()));
        }
    }
    pairs
}

/// The element at `at` plus one, mod p: a point whose y it is leaves its curve (y² ≠ (y + 1)²
/// unless 2y + 1 = 0, which no point of these curves has as y: it would need x³ + b = 1/4).
fn increment_element(input: &mut [u8], at: usize) {
    let y = Fq::from_be_bytes_mod_order(&input[at..at + ELEMENT]) + Fq::from(1u64);
    input[at..at + ELEMENT].copy_from_slice(&fq_bytes(&y));
}

/// Case `index` of the stream `seed` on BN254 (k at most `max_k`).
pub fn case(seed: u64, index: u64, max_k: usize) -> PairingCase {
    let mut rng = SmallRng::seed_from_u64(mix(seed, index) ^ 0x0bd2_5400_0000_0008);
    let k = pair_count(&mut rng, max_k.max(1));
    let pairs = valid_pairs(&mut rng, k);
    let mut input: Vec<u8> = pairs.iter().flat_map(|(p, q)| [g1_bytes(p), g2_bytes(q)].concat()).collect();
    // the empty input takes no mutation but a bad length
    let mutation = if k == 0 {
        [Mutation::Valid, Mutation::BadLength][rng.gen_range(0..2)]
    } else {
        Mutation::BN254[rng.gen_range(0..Mutation::BN254.len())]
    };
    let pair = rng.gen_range(0..k.max(1)) * PAIR;
    let coordinate = pair + ELEMENT * rng.gen_range(0..6);
    match mutation {
        Mutation::Valid => {}
        Mutation::BitFlip => {
            let bit = rng.gen_range(0..input.len() * 8);
            input[bit / 8] ^= 1 << (bit % 8);
        }
        Mutation::CoordinateP => input[coordinate..coordinate + ELEMENT].copy_from_slice(&modulus_bytes()),
        Mutation::CoordinatePPlus1 => {
            let mut one = [0u8; ELEMENT];
            one[ELEMENT - 1] = 1;
            input[coordinate..coordinate + ELEMENT].copy_from_slice(&add_be(&modulus_bytes(), &one));
        }
        Mutation::CoordinatePlusP => {
            let x_plus_p = add_be(&input[coordinate..coordinate + ELEMENT], &modulus_bytes());
            input[coordinate..coordinate + ELEMENT].copy_from_slice(&x_plus_p);
        }
        Mutation::Coordinate2Pow256Minus1 => input[coordinate..coordinate + ELEMENT].fill(0xff),
        Mutation::G1OffCurve => increment_element(&mut input, pair + ELEMENT),
        Mutation::G2OffTwist => increment_element(&mut input, pair + PAIR - ELEMENT), // y_real
        Mutation::G2OutsideSubgroup => {
            input[pair + G2..pair + PAIR].copy_from_slice(&g2_bytes(&twist_point_outside_g2(&mut rng)))
        }
        Mutation::G1Infinity => input[pair..pair + G2].fill(0),
        Mutation::G2Infinity => input[pair + G2..pair + PAIR].fill(0),
        Mutation::BothInfinity => input[pair..pair + PAIR].fill(0),
        Mutation::SwappedG2Halves => {
            // x_real ‖ x_imaginary ‖ y_real ‖ y_imaginary: EIP-2537's order, not EIP-197's
            for c in [pair + G2, pair + G2 + 2 * ELEMENT] {
                let (imaginary, real) = input[c..c + 2 * ELEMENT].split_at_mut(ELEMENT);
                imaginary.swap_with_slice(real);
            }
        }
        Mutation::BadLength => {
            if k > 0 && rng.gen_bool(0.5) {
                input.truncate(input.len() - rng.gen_range(1..PAIR));
            } else {
                input.extend((0..rng.gen_range(1..PAIR)).map(|_| rng.gen::<u8>()));
            }
        }
        // BLS12-381's classes (`Mutation::ALL`) that BN254 lacks: 16-byte padding, a coordinate
        // of 381 bits, G1 outside its subgroup (cofactor 1); never drawn here
        Mutation::Coordinate2Pow381Minus1 | Mutation::NonZeroPadding | Mutation::G1OutsideSubgroup => {}
    }
    PairingCase { index, k, mutation, input }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bn254::Bn254;
    use ark_ec::pairing::Pairing;
    use ark_ff::One;

    /// The input decoded as EIP-197 says, or `None` where the call must fail; then the product.
    fn reference(input: &[u8]) -> Option<bool> {
        if !input.len().is_multiple_of(PAIR) {
            return None;
        }
        let element = |b: &[u8]| -> Option<Fq> { (b < &modulus_bytes()[..]).then(|| Fq::from_be_bytes_mod_order(b)) };
        let (mut ps, mut qs) = (Vec::new(), Vec::new());
        for pair in input.chunks(PAIR) {
            let e: Vec<Fq> = pair.chunks(ELEMENT).map(element).collect::<Option<_>>()?;
            let p = if e[0].is_zero() && e[1].is_zero() {
                G1Affine::identity()
            } else {
                G1Affine::new_unchecked(e[0], e[1])
            };
            let x = Fq2::new(e[3], e[2]);
            let y = Fq2::new(e[5], e[4]);
            let q = if x.is_zero() && y.is_zero() { G2Affine::identity() } else { G2Affine::new_unchecked(x, y) };
            if !p.is_on_curve() || !q.is_on_curve() || !q.is_in_correct_subgroup_assuming_on_curve() {
                return None;
            }
            ps.push(p);
            qs.push(q);
        }
        Some(Bn254::multi_pairing(ps, qs).0.is_one())
    }

    #[test]
    fn every_bn254_class_is_drawn_and_does_what_it_says() {
        let cs: Vec<PairingCase> = (0..300).map(|i| case(13, i, 8)).collect();
        for m in Mutation::BN254 {
            assert!(cs.iter().any(|c| c.mutation == m), "{m:?} never drawn");
        }
        assert!(cs.iter().any(|c| c.k == 0) && cs.iter().any(|c| c.k > 4));
        let (mut ones, mut not_ones) = (0, 0);
        for c in &cs {
            let got = reference(&c.input);
            match c.mutation {
                Mutation::BadLength => assert!(!c.input.len().is_multiple_of(PAIR), "case {}", c.index),
                _ => assert_eq!(c.input.len(), c.k * PAIR, "case {}", c.index),
            }
            match c.mutation {
                Mutation::Valid | Mutation::G1Infinity | Mutation::G2Infinity | Mutation::BothInfinity => {
                    let one = got.unwrap_or_else(|| panic!("case {}: {:?} rejected", c.index, c.mutation));
                    if c.mutation == Mutation::Valid {
                        ones += one as usize;
                        not_ones += !one as usize;
                    }
                }
                Mutation::BitFlip => {}
                // same residue as a valid input, yet not canonical
                _ => assert_eq!(got, None, "case {}: {:?} accepted", c.index, c.mutation),
            }
        }
        assert!(ones > 3 && not_ones > 3, "{ones} products of one, {not_ones} not");
        // reproducible
        assert_eq!(case(13, 5, 8).input, case(13, 5, 8).input);
    }

    #[test]
    fn twist_points_outside_g2_are_on_the_twist() {
        let mut rng = SmallRng::seed_from_u64(197);
        for _ in 0..4 {
            let q = twist_point_outside_g2(&mut rng);
            assert!(q.is_on_curve());
            assert!(!q.mul_bigint(Fr::MODULUS).is_zero(), "[r]Q ≠ O");
        }
    }
}
