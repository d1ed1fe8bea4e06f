//! BN254's pairing check written by the same `ops::pairing` program over `curves::bn254` (the BN
//! family: the optimal ate loop over the signed digits of 6z + 2 with its two closing lines, the
//! hard part of Fuentes-Castañeda–Knapp–Rodríguez-Henríquez, G2 tested on the Miller loop's final
//! T, or by ψ(Q) = [6z²]Q beside P = O, G1 of cofactor 1), against arkworks' `ark-bn254`, in EIP-197's encoding (32-byte big-endian
//! field elements; G2 as x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real; all zeros for infinity;
//! an empty input is the empty product, one).
//!
//! - `hard_part_exponent`: the λᵢ of the hard part derived from p(z), r(z) with big integers,
//!   and the addition chain of `final_exp_bn` (its comment) replayed on exponents;
//! - `miller_loop_value_equals_arkworks`: the accumulator before the final exponentiation, raised
//!   by arkworks' final exponentiation, is arkworks' pairing (k = 1, 2, 3);
//! - `pairing_value_equals_arkworks`: the value before the comparison with one is arkworks'
//!   `multi_pairing` itself (both raise to 2z(6z²+3z+1)·(p¹²−1)/r), every Fp2 product and
//!   final-exponentiation squaring (k = 1, 2, 3);
//! - `pairing_check_answers`: products of one and not, infinity in either slot, malformed inputs
//!   (natively, and in EVM384 v7, v8, v9 and EVMMAX);
//! - `g2_test_on_the_miller_loop_t`: the number theory behind the G2 test of a pair with a
//!   record on the Miller loop's final T (α = 6z + 2 + ψ − ψ² + ψ³ has no kernel in E′(Fp2)
//!   beyond G2), and why the loop meets no exceptional addition for Q ∈ G2;
//! - `g2_subgroup_test_equals_full_multiplication`: the program's G2 tests (on the final T
//!   beside a finite P, ψ(Q) = [6z²]Q beside P = O) against [r]Q = O and arkworks'
//!   `is_in_correct_subgroup_assuming_on_curve`, on points in and out of G2, natively;
//! - (the branches of a negative z, on BN-P254, whose parameter set the test makes from z: a
//!   unit test of `ops::pairing`, which writes programs for parameter blocks outside `Curve`);
//! - `inlined_program_gives_the_same_answers`: the program with its subroutines inlined;
//! - `gas_in_the_evm`: code sizes, and k = 1, 2 in EVM384 v9 and EVMMAX, gas per phase (printed).

mod common;

use ark_bn254::{Bn254, Fq, Fq12, Fq2, Fq6, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::{MillerLoopOutput, Pairing};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, One, PrimeField, UniformRand, Zero};
use evm384_arith::isa::Interface;
use evm384_gen::backend::bytecode::{assemble_with_phase_marks, try_assemble, AssembleOptions};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::{bn254, Curve};
use evm384_gen::ops::pairing::{accumulator_slot, pairing_check_program, ProgramOptions};
use evm384_gen::{F2Mul, InstructionSet, Moves, Phase, Program, Squaring};
use num_bigint::BigInt;
use rand::SeedableRng;

type Rng = rand::rngs::StdRng;

fn fq_bytes(x: &Fq) -> Vec<u8> {
    x.into_bigint().to_bytes_be() // 32 bytes
}

fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 64],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

/// EIP-197: the imaginary half first.
fn g2_bytes(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0; 128],
        Some((x, y)) => [fq_bytes(&x.c1), fq_bytes(&x.c0), fq_bytes(&y.c1), fq_bytes(&y.c0)].concat(),
    }
}

fn pairs_bytes(pairs: &[(G1Affine, G2Affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [g1_bytes(p), g2_bytes(q)].concat()).collect()
}

fn random_pairs(rng: &mut Rng, k: usize) -> Vec<(G1Affine, G2Affine)> {
    (0..k).map(|_| (G1Projective::rand(rng).into_affine(), G2Projective::rand(rng).into_affine())).collect()
}

/// ∏ e(Pᵢ, Qᵢ) by arkworks (which skips pairs with a point at infinity).
fn ark_product(pairs: &[(G1Affine, G2Affine)]) -> Fq12 {
    let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) = pairs.iter().copied().unzip();
    Bn254::multi_pairing(ps, qs).0
}

/// A random point of the twist E′(Fp2): y² = x³ + b′ (almost surely outside G2: the cofactor
/// 2p − r has 254 bits).
fn twist_point(rng: &mut Rng) -> G2Affine {
    loop {
        if let Some(q) = G2Affine::get_point_from_x_unchecked(Fq2::rand(rng), false) {
            assert!(q.is_on_curve());
            return q;
        }
    }
}

fn g2_in_subgroup_full(q: &G2Affine) -> bool {
    q.mul_bigint(Fr::MODULUS).is_zero()
}

/// The Fp12 at `at` of a native memory dump (12 Montgomery slots, the tower's order).
fn fp12_at(m: &[[u64; 6]], at: usize) -> Fq12 {
    let field = evm384_arith::MontField::new(bn254().p);
    let fq = |x: &[u64; 6]| Fq::from_le_bytes_mod_order(&x.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>());
    let c: Vec<Fq> = (0..12).map(|i| fq(&field.from_mont(&m[at + i]))).collect();
    let f2 = |i: usize| Fq2::new(c[i], c[i + 1]);
    Fq12::new(Fq6::new(f2(0), f2(2), f2(4)), Fq6::new(f2(6), f2(8), f2(10)))
}

/// The accumulator when the program halts at `stop`.
fn accumulator(prog: &Program, f2mul: F2Mul, input: &[u8]) -> Fq12 {
    let Outcome::Memory(m) = native::run(prog, input).outcome else { panic!("no memory dump") };
    fp12_at(&m, accumulator_slot(Curve::Bn254, f2mul) as usize)
}

/// The 32-byte answer.
fn answer(one: bool) -> Vec<u8> {
    let mut o = vec![0; 32];
    o[31] = one as u8;
    o
}

/// 2z(6z²+3z+1)·Φ₁₂(p)/r = λ₀ + λ₁p + λ₂p² + λ₃p³ (Fuentes-Castañeda, Knapp,
/// Rodríguez-Henríquez, SAC 2011), derived: the quotient of 2z(6z²+3z+1)·Φ₁₂(p(z)) by r(z) is
/// exact at every z, and its base-p(z) digits are the λᵢ; both sides are polynomials of degree
/// 15 in z, so agreement at 41 integers (negative ones included) is their identity. Then the
/// chain of `final_exp_bn`, replayed on exponents, ends at that exponent; and the power
/// 2z(6z²+3z+1) is coprime to r for BN254.
#[test]
fn hard_part_exponent() {
    let poly_p = |z: &BigInt| -> BigInt { 36 * z.pow(4) + 36 * z.pow(3) + 24 * z.pow(2) + 6 * z + 1 };
    let poly_r = |z: &BigInt| -> BigInt { 36 * z.pow(4) + 36 * z.pow(3) + 18 * z.pow(2) + 6 * z + 1 };
    let lambdas = |z: &BigInt| {
        [
            12 * z.pow(3) + 12 * z.pow(2) + 6 * z + 1,
            12 * z.pow(3) + 6 * z.pow(2) + 4 * z,
            12 * z.pow(3) + 6 * z.pow(2) + 6 * z,
            12 * z.pow(3) + 6 * z.pow(2) + 4 * z - 1,
        ]
    };
    let curve = bn254();
    let z_bn254 = BigInt::from(curve.z_abs);
    for z in (-20..=20).map(BigInt::from).chain([z_bn254.clone()]) {
        let (p, r) = (poly_p(&z), poly_r(&z));
        let phi = p.pow(4) - p.pow(2) + 1;
        let e = 2 * &z * (6 * z.pow(2) + 3 * &z + 1) * &phi;
        assert_eq!(&e % &r, BigInt::zero(), "r(z) divides 2z(6z²+3z+1)·Φ₁₂(p(z)) at z = {z}");
        let e = e / &r;
        let l = lambdas(&z);
        assert_eq!(&l[0] + &l[1] * &p + &l[2] * p.pow(2) + &l[3] * p.pow(3), e, "z = {z}");
        // the chain, step by step as `final_exp_bn` writes it (exponents of m)
        let m = BigInt::one();
        let a = &m * &z; // exp_by_z
        let b = 2 * &a; // squaring
        let x = 2 * &b; // squaring
        let a = &x + &b; // 6z
        let y = &a * &z; // exp_by_z: 6z²
        let a = &y * &z; // exp_by_z: 6z³
        let a = 2 * a; // squaring: 12z³
        let a = a + &y; // 12z³ + 6z²
        let x = a + &x; // λ₁
        let b = &x + &b; // λ₂
        let y = &b + &y + &m; // λ₀
        let a = &x - &m; // λ₃
        let a = a * &p + &b;
        let a = a * &p + &x;
        let a = a * &p + &y;
        assert_eq!([&y, &x, &b], [&l[0], &l[1], &l[2]], "z = {z}");
        assert_eq!(a, e, "the chain's exponent, z = {z}");
    }
    // the fixed power is coprime to r (r prime, 0 < 2z(6z²+3z+1) < r)
    let z = z_bn254;
    let power = 2 * &z * (6 * z.pow(2) + 3 * &z + 1);
    let r = poly_r(&z);
    assert!(power > BigInt::zero() && power < r);
    assert_eq!(r, BigInt::from_bytes_le(num_bigint::Sign::Plus, &Fr::MODULUS.to_bytes_le()));
}

/// The G2 test of a pair with a record (`ops::pairing`'s `bn_closing_lines`): the final
/// T = [6z+2]Q + ψ(Q) − ψ²(Q) equals −ψ³(Q) iff α(Q) = O for α = 6z + 2 + ψ − ψ² + ψ³
/// (Vercauteren's short vector: 6z + 2 + p − p² + p³ ≡ 0 mod r, as polynomials), and α's kernel
/// in E′(Fp2) is G2: with ψ² = tψ − p, α = a + bψ, a = 6z + 2 + p − tp, b = 1 − t + t² − p, of
/// degree N(α) = a² + abt + b²p (p ∤ a: separable), and gcd(N(α), h) = 1, r ∥ N(α) for the
/// cofactor h = 2p − r of #E′(Fp2) = r·h (arkworks' G2 `COFACTOR`). And the additions the loop
/// makes for Q ∈ G2 are never exceptional: T + Q₁ with T = [6z+2]Q, Q₁ = [p]Q, and T′ − Q₂ with
/// T′ = [6z+2+p]Q, Q₂ = [p²]Q, are neither doublings nor sums of opposite points.
#[test]
fn g2_test_on_the_miller_loop_t() {
    use ark_ec::CurveConfig;
    let c = bn254();
    let big = |x: &[u64; 6]| x.iter().rev().fold(BigInt::zero(), |acc, &l| (acc << 64) + l);
    let (z, p, r) = (BigInt::from(c.z_abs), big(&c.p), big(&c.r));
    let t: BigInt = 6 * z.pow(2) + 1;
    assert_eq!(BigInt::from(c.psi_eigenvalue().0), &t - 1);
    let h = 2 * &p - &r;
    let ark_h =
        <ark_bn254::g2::Config as CurveConfig>::COFACTOR.iter().rev().fold(BigInt::zero(), |acc, &l| (acc << 64) + l);
    assert_eq!(h, ark_h, "#E′(Fp2) = r·(2p − r)");
    let six_z_2 = 6 * &z + 2;
    assert_eq!((&six_z_2 + &p - p.pow(2) + p.pow(3)) % &r, BigInt::zero(), "the short vector");
    let a = &six_z_2 + &p - &t * &p;
    let b = 1 - &t + t.pow(2) - &p;
    assert_ne!(&a % &p, BigInt::zero(), "α separable");
    let n = &a * &a + &a * &b * &t + &b * &b * &p;
    assert_eq!(&n % &r, BigInt::zero(), "G2 ⊂ ker α");
    assert_ne!(&n % (&r * &r), BigInt::zero(), "r ∥ N(α)");
    let gcd = |mut x: BigInt, mut y: BigInt| {
        while !y.is_zero() {
            (x, y) = (y.clone(), x % y);
        }
        x
    };
    assert_eq!(gcd(n, h), BigInt::one(), "no kernel outside G2");
    for k in [&six_z_2 - &p, &six_z_2 + &p, &six_z_2 + &p - p.pow(2), &six_z_2 + &p + p.pow(2)] {
        assert_ne!(k % &r, BigInt::zero(), "an exceptional addition");
    }
    // the generator's own check, asserted when it writes a BN program
    assert!(evm384_gen::ops::pairing::bn_loop_t_tests_g2(&c));
    assert!(!evm384_gen::ops::pairing::bn_loop_t_tests_g2(&evm384_gen::curves::bls12_381()));
}

/// The Miller loop's value (stop before the final exponentiation), raised by arkworks' final
/// exponentiation, is arkworks' pairing: the lines differ from arkworks' by factors in proper
/// subfields, which the final exponentiation removes.
#[test]
fn miller_loop_value_equals_arkworks() {
    let mut rng = Rng::seed_from_u64(254);
    let pairs = random_pairs(&mut rng, 3);
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let opts = ProgramOptions { stop_before: Some(Phase::FinalExp), ..ProgramOptions::default() };
        let prog = pairing_check_program(Curve::Bn254, f2mul, opts);
        for k in 1..=3 {
            let f = accumulator(&prog, f2mul, &pairs_bytes(&pairs[..k]));
            let got = Bn254::final_exponentiation(MillerLoopOutput(f)).expect("non-zero").0;
            assert_eq!(got, ark_product(&pairs[..k]), "{f2mul} k = {k}");
        }
    }
}

/// The value before the comparison with one equals arkworks' `multi_pairing` (not only a power
/// of it: arkworks' hard part raises to the same 2z(6z²+3z+1)·Φ₁₂(p)/r), for every Fp2
/// product and final-exponentiation squaring, and with `mul_fp12`'s moves as additions.
#[test]
fn pairing_value_equals_arkworks() {
    let mut rng = Rng::seed_from_u64(197);
    let pairs = random_pairs(&mut rng, 3);
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for (squaring, moves) in [
            (Squaring::GrangerScott, Moves::Copies),
            (Squaring::GrangerScottProducts, Moves::Copies),
            (Squaring::Karabina, Moves::Copies),
            (Squaring::GrangerScott, Moves::Additions),
        ] {
            let opts =
                ProgramOptions { stop_before: Some(Phase::Output), squaring, moves, ..ProgramOptions::default() };
            let prog = pairing_check_program(Curve::Bn254, f2mul, opts);
            for k in 1..=3 {
                let got = accumulator(&prog, f2mul, &pairs_bytes(&pairs[..k]));
                let want = ark_product(&pairs[..k]);
                assert!(!want.is_one());
                assert_eq!(got, want, "{f2mul} {squaring:?} {moves:?} k = {k}");
            }
        }
    }
}

/// The cases of the pairing check: (what, input, expected answer; `None`: the call fails).
fn cases() -> Vec<(String, Vec<u8>, Option<Vec<u8>>)> {
    let mut rng = Rng::seed_from_u64(196);
    let mut out = Vec::new();
    let (g, h) = (G1Projective::generator(), G2Projective::generator());
    let (o1, o2) = (G1Affine::identity(), G2Affine::identity());
    let mut valid = |what: String, pairs: Vec<(G1Affine, G2Affine)>, one: bool| {
        assert_eq!(ark_product(&pairs).is_one(), one, "{what}: arkworks");
        out.push((what, pairs_bytes(&pairs), Some(answer(one))));
    };
    // e(aG, bH)·e(−abG, H) = 1, and longer products
    for k in 2..=4 {
        let (mut pairs, mut sum) = (Vec::new(), Fr::zero());
        for _ in 0..k - 1 {
            let (x, y) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
            sum += x * y;
            pairs.push(((g * x).into_affine(), (h * y).into_affine()));
        }
        pairs.push(((-(g * sum)).into_affine(), h.into_affine()));
        valid(format!("k = {k}, product one"), pairs, true);
    }
    let [(p, q), (p2, q2)] = random_pairs(&mut rng, 2)[..] else { unreachable!() };
    valid("k = 2, e(P, Q)·e(P, −Q)".into(), vec![(p, q), (p, -q)], true);
    valid("k = 2, e(P, Q)·e(−P, Q)".into(), vec![(p, q), (-p, q)], true);
    valid("k = 1, random".into(), vec![(p, q)], false);
    valid("k = 2, random".into(), vec![(p, q), (p2, q2)], false);
    valid("k = 3, random".into(), random_pairs(&mut rng, 3), false);
    valid(
        "k = 2, e(aG, bH)·e(−abG, 2H)".into(),
        {
            let (x, y) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
            vec![
                ((g * x).into_affine(), (h * y).into_affine()),
                ((-(g * (x * y))).into_affine(), (h + h).into_affine()),
            ]
        },
        false,
    );
    valid("k = 1, e(P, O)".into(), vec![(p, o2)], true);
    valid("k = 1, e(O, Q)".into(), vec![(o1, q)], true);
    valid("k = 1, e(O, O)".into(), vec![(o1, o2)], true);
    valid("k = 3, every pair with a point at infinity".into(), vec![(o1, q), (p, o2), (o1, o2)], true);
    valid("k = 3, e(P, Q)·e(O, Q)·e(P, −Q)".into(), vec![(p, q), (o1, q), (p, -q)], true);
    valid("k = 2, e(P, Q)·e(P, O)".into(), vec![(p, q), (p, o2)], false);
    // malformed inputs fail
    let mut fail = |what: &str, input: Vec<u8>| out.push((what.to_string(), input, None));
    let off = loop {
        let t = twist_point(&mut rng);
        if !g2_in_subgroup_full(&t) {
            break t;
        }
    };
    fail("G2 point outside G2", pairs_bytes(&[(p, off)]));
    fail("G2 point outside G2, P = O", pairs_bytes(&[(o1, off)]));
    fail("G2 point outside G2 in the second pair", pairs_bytes(&[(p, q), (p, off)]));
    fail("G2 point plus a point outside G2", pairs_bytes(&[(p, (q + off).into_affine())]));
    let good = pairs_bytes(&[(p, q)]);
    let damaged = |at: usize, f: &dyn Fn(&mut [u8])| {
        let mut v = good.clone();
        f(&mut v[at..]);
        v
    };
    let modulus = Fq::MODULUS.to_bytes_be(); // 32 bytes
    fail("G1 point off the curve", damaged(63, &|b| b[0] ^= 1));
    fail("G2 point off the twist", damaged(191, &|b| b[0] ^= 1));
    fail("G2 point off the twist, P = O", [vec![0; 64], good[64..191].to_vec(), vec![good[191] ^ 1]].concat());
    fail("G1 x = p", damaged(0, &|b| b[..32].copy_from_slice(&modulus)));
    fail("G2 x_real = p", damaged(64 + 32, &|b| b[..32].copy_from_slice(&modulus)));
    fail("G2 y_imaginary = p", damaged(64 + 64, &|b| b[..32].copy_from_slice(&modulus)));
    fail("length 191", good[..191].to_vec());
    fail("length 193", [good.clone(), vec![0]].concat());
    fail("length 385", [good.clone(), good.clone(), vec![0]].concat());
    out.push(("length 0: the empty product".into(), vec![], Some(answer(true))));
    out
}

#[test]
fn pairing_check_answers() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let prog = pairing_check_program(Curve::Bn254, f2mul, ProgramOptions::default());
        let codes: Vec<(InstructionSet, Vec<u8>)> = InstructionSet::ALL
            .into_iter()
            .chain([InstructionSet::Evm])
            .map(|isa| (isa, try_assemble(&prog, isa, AssembleOptions::default()).expect("assembles")))
            .collect();
        for (what, input, want) in cases() {
            let native = match native::run(&prog, &input).outcome {
                Outcome::Bool(one) => Some(answer(one)),
                Outcome::Invalid(_) => None,
                other => panic!("{what}: unexpected outcome {other:?}"),
            };
            assert_eq!(native, want, "{f2mul} natively: {what}");
            if f2mul == F2Mul::V3 {
                for (isa, code) in &codes {
                    assert_eq!(common::contract_output(*isa, code, &input), want, "{f2mul} {isa}: {what}");
                }
            }
        }
    }
}

/// The G2 tests (beside a finite P on the Miller loop's final T, beside P = O by
/// ψ(Q) = [6z²]Q while decoding) against [r]Q = O and arkworks'
/// `is_in_correct_subgroup_assuming_on_curve`: random points of the twist (outside G2), G2 points,
/// and G2 points plus a point outside, alone and as the second of two pairs, natively.
#[test]
fn g2_subgroup_test_equals_full_multiplication() {
    let prog = pairing_check_program(Curve::Bn254, F2Mul::V3, ProgramOptions::default());
    let mut rng = Rng::seed_from_u64(2022);
    let p = G1Projective::rand(&mut rng).into_affine();
    let (mut inside, mut outside) = (0, 0);
    for i in 0..8 {
        let points = [
            twist_point(&mut rng),
            G2Projective::rand(&mut rng).into_affine(),
            (G2Projective::rand(&mut rng) + twist_point(&mut rng)).into_affine(),
        ];
        for (j, q) in points.iter().enumerate() {
            let full = g2_in_subgroup_full(q);
            assert_eq!(full, q.is_in_correct_subgroup_assuming_on_curve(), "arkworks' test {i}.{j}");
            assert_eq!(full, j == 1, "point {i}.{j}");
            if full {
                inside += 1
            } else {
                outside += 1
            }
            let good = (p, G2Projective::rand(&mut rng).into_affine());
            for pairs in [vec![(p, *q)], vec![(G1Affine::identity(), *q)], vec![good, (p, *q)]] {
                let ok = !matches!(native::run(&prog, &pairs_bytes(&pairs)).outcome, Outcome::Invalid(_));
                assert_eq!(
                    ok,
                    full,
                    "point {i}.{j}, pairs {}, P = O: {}",
                    pairs.len(),
                    pairs[pairs.len() - 1].0.is_zero()
                );
            }
        }
    }
    assert_eq!((inside, outside), (8, 16));
}

/// k = 1, 2 in EVM384 v9 and EVMMAX (the default formulas, no inlining): the answer and the gas
/// under each instruction set's schedules, printed; and the code size.
#[test]
fn gas_in_the_evm() {
    use evm384_evm::{RunOptions, Runner, Status};
    let mut rng = Rng::seed_from_u64(1);
    let pairs = random_pairs(&mut rng, 2);
    let one = {
        let (x, y) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
        let (g, h) = (G1Projective::generator(), G2Projective::generator());
        vec![((g * x).into_affine(), (h * y).into_affine()), ((-(g * (x * y))).into_affine(), h.into_affine())]
    };
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let prog = pairing_check_program(Curve::Bn254, f2mul, ProgramOptions::default());
        let sizes: Vec<String> = InstructionSet::ALL
            .iter()
            .map(|&isa| {
                format!("{isa} {}", try_assemble(&prog, isa, AssembleOptions::default()).expect("assembles").len())
            })
            .collect();
        eprintln!("BN254 pairing check, f2mul {f2mul}, code bytes: {}", sizes.join(", "));
        for isa in [InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax] {
            let (code, marks) = assemble_with_phase_marks(&prog, isa);
            assert!(code.len() <= evm384_gen::MAX_CODE_SIZE, "{f2mul} {isa}: {} bytes", code.len());
            let marks: Vec<(usize, u8)> = marks.iter().map(|&(pc, p)| (pc, p as u8)).collect();
            let opts = RunOptions { gas_limit: 1 << 40, ..RunOptions::default() };
            let mut r = Runner::new(opts.with_instruction_set(isa));
            r.deploy(&code);
            let mut line = format!("BN254 pairing check, f2mul {f2mul}, {isa}: {} bytes", code.len());
            for (k, input, want) in
                [(1, pairs_bytes(&pairs[..1]), false), (2, pairs_bytes(&pairs), false), (2, pairs_bytes(&one), true)]
            {
                let (e, phases) = r.run_phased(&input, &marks).expect("run");
                assert_eq!(e.status, Status::Success, "{isa} k = {k}");
                assert_eq!(e.output, answer(want), "{isa} k = {k}");
                line += &format!("\n  k = {k} ({}): {} gas", if want { "one" } else { "random" }, e.gas_used);
                if let Some(g) = &e.gas_by_schedule {
                    let all: Vec<String> = g.iter().map(|(s, v)| format!("{s} {v}")).collect();
                    line += &format!(" ({})", all.join(", "));
                }
                let by_phase: Vec<String> = Phase::ALL
                    .iter()
                    .filter_map(|&p| {
                        phases.iter().find(|u| u.phase == p as u8).map(|u| format!("{} {}", p.name(), u.gas_used))
                    })
                    .collect();
                line += &format!("; by phase (charged schedule): {}", by_phase.join(", "));
            }
            eprintln!("{line}");
        }
    }
}

/// The program with subroutines written out at their call sites (`ir::inline::inline_calls`,
/// as the builds inline; the Miller loop's steps are subroutines here, their pair loops inside)
/// gives the same answers: every subroutine, natively; the Miller loop's steps, natively and in
/// EVMMAX.
#[test]
fn inlined_program_gives_the_same_answers() {
    use evm384_gen::ir::inline::inline_calls;
    let prog = pairing_check_program(Curve::Bn254, F2Mul::V3, ProgramOptions::default());
    let steps = prog
        .subs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.name.starts_with("miller_loop_"))
        .fold(0u64, |mask, (i, _)| mask | 1 << i);
    assert_eq!(steps.count_ones(), 3, "the Miller loop's doubling, addition and subtraction steps");
    let all = inline_calls(&prog, u64::MAX);
    let loop_steps = inline_calls(&prog, steps);
    let code = try_assemble(&loop_steps, InstructionSet::Evmmax, AssembleOptions::default()).expect("assembles");
    for (i, (what, input, want)) in cases().into_iter().enumerate() {
        for (name, p) in [("every subroutine", &all), ("the loop's steps", &loop_steps)] {
            let got = match native::run(p, &input).outcome {
                Outcome::Bool(one) => Some(answer(one)),
                Outcome::Invalid(_) => None,
                other => panic!("{what}: unexpected outcome {other:?}"),
            };
            assert_eq!(got, want, "{name} inlined, natively: {what}");
        }
        if i % 3 == 0 {
            assert_eq!(common::contract_output(InstructionSet::Evmmax, &code, &input), want, "inlined, evmmax: {what}");
        }
    }
}
