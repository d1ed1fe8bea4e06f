//! BLS12-377's G1MUL, G2MUL, G1MULTIEXP and G2MULTIEXP (EIP-2539) written by `ops::mul` over
//! `curves::bls12_377`: natively and in v7, v8, v9 and EVMMAX against arkworks'
//! `ark-bls12-377` `mul_bigint` by the full 256-bit scalar (sums for MULTIEXP), on random
//! subgroup points, random points of E(Fp) and E′(Fp2) outside the subgroups, the points of
//! order 2 and 3 of E(Fp) (E′(Fp2) has none), G + T (T of order 2) with the scalars
//! whose window prefixes hit the complete addition's exceptional pairs, infinity, the scalars 0,
//! 1, r − 1, r, r + 1, r + 2, 2^256 − 1, and MULTIEXP with k = 1, 2, 3 mixed; and every
//! malformed input halts: off the curve, a coordinate ≥ p, non-zero padding, a wrong length.
//!
//! The cases are also the committed vector files
//! `testdata/eip2539/{,fail-}{mul,multiexp}_G{1,2}_bls12377.json` (EIP-2537's JSON format),
//! which `EVM384_BLESS=1` rewrites from arkworks; the test checks the files equal what arkworks
//! gives now and that the contracts pass them. `EVM384_LONG_TESTS=1` adds a random sweep.

mod common;
mod common_bls12_377;

use common_bls12_377::{bless_or_check, g1_bytes, g1_off_subgroup, g2_bytes, g2_off_subgroup, Case};

use ark_bls12_377::{g1, g2, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{AffineRepr, CurveConfig, CurveGroup};
use ark_ff::{BigInteger, Field, PrimeField, UniformRand, Zero};
use evm384_gen::algebra::curve::{add_complete, add_exact, Deg, Group, Proj, B3};
use evm384_gen::algebra::tower::TowerConsts;
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::{bls12_377, Curve};
use evm384_gen::ir::Asm;
use evm384_gen::ops::mul::{mul_program, Records};
use evm384_gen::{F2Mul, InstructionSet, Program};
use rand::{Rng, SeedableRng};

type Rng64 = rand::rngs::StdRng;

/// A 256-bit scalar, little-endian words.
type Scalar = [u64; 4];

fn scalar_bytes(s: &Scalar) -> Vec<u8> {
    s.iter().rev().flat_map(|w| w.to_be_bytes()).collect()
}

/// k·r + c (mod 2^256; the cases stay below it).
fn r_times_plus(k: u64, c: u64) -> Scalar {
    let r = Fr::MODULUS.0;
    let (mut out, mut carry) = ([0u64; 4], c as u128);
    for i in 0..4 {
        let v = r[i] as u128 * k as u128 + carry;
        out[i] = v as u64;
        carry = v >> 64;
    }
    out
}

/// The scalars every point is multiplied by.
fn scalars(rng: &mut Rng64) -> Vec<(String, Scalar)> {
    // the exceptional prefixes of G + T (T of order 2): the last window adds digit d to
    // acc = 16q·P with 16q − d = k·r, k odd, so acc − d·P = k·r·(G + T) = T: s = k·r + 2d,
    // d = −k·r mod 16
    let exceptional = |k: u64| {
        let d = (16 - (r_times_plus(k, 0)[0] % 16)) % 16;
        (format!("{k}r+{}", 2 * d), r_times_plus(k, 2 * d))
    };
    vec![
        ("0".into(), [0; 4]),
        ("1".into(), [1, 0, 0, 0]),
        ("2".into(), [2, 0, 0, 0]),
        ("r-1".into(), {
            let mut r = Fr::MODULUS.0;
            r[0] -= 1;
            r
        }),
        ("r".into(), r_times_plus(1, 0)),
        ("r+1".into(), r_times_plus(1, 1)),
        ("r+2".into(), r_times_plus(1, 2)),
        exceptional(1),
        exceptional(3),
        ("2^256-1".into(), [u64::MAX; 4]),
        ("random".into(), rng.gen()),
    ]
}

/// The expected multiple, by arkworks' `mul_bigint` of the full scalar.
fn mul_g1(p: &G1Affine, s: &Scalar) -> G1Affine {
    p.mul_bigint(s).into_affine()
}
fn mul_g2(p: &G2Affine, s: &Scalar) -> G2Affine {
    p.mul_bigint(s).into_affine()
}

/// The three points of order 2 of E(Fp): (x, 0) with x³ = −1, i.e. x = −1, −ω, −ω² (ω a
/// primitive cube root of unity, (−1 ± √−3)/2).
fn g1_order_two() -> [G1Affine; 3] {
    let s = (-Fq::from(3u8)).sqrt().expect("p ≡ 1 mod 3");
    let half = Fq::from(2u8).inverse().unwrap();
    let w = (-Fq::ONE + s) * half;
    [-Fq::ONE, -w, -w * w].map(|x| {
        let t = G1Affine::new_unchecked(x, Fq::zero());
        assert!(!t.is_zero() && (t + t).is_zero());
        t
    })
}

/// (0, 1), of order 3 (x = 0 is a flex of y² = x³ + 1).
fn g1_order_three() -> G1Affine {
    let t = G1Affine::new_unchecked(Fq::zero(), Fq::ONE);
    assert!((t + t + t).is_zero());
    t
}

/// A point (0, ±√b′) of order 3 on E′(Fp2), if b′ were a square (it is not).
fn g2_order_three() -> Option<G2Affine> {
    g2::Config::COEFF_B.sqrt().map(|y| {
        let t = G2Affine::new_unchecked(Fq2::zero(), y);
        assert!((t + t + t).is_zero());
        t
    })
}

/// E′(Fp2) has no point of order 2 (its order h₂·r is odd, so the G2 programs never reach the
/// exceptional pairs, which [`add_exact`] handles anyway) nor of order 3; E(Fp) has both.
#[test]
fn twist_has_odd_order() {
    assert_eq!(g2::Config::COFACTOR[0] & 1, 1, "h2 odd");
    assert_eq!(Fr::MODULUS.0[0] & 1, 1, "r odd");
    assert_eq!(g1::Config::COFACTOR[0] & 1, 0, "h1 even: E(Fp) has points of order 2");
    // and no point of order 3 (3 ∤ h₂; 2^64 ≡ 1 mod 3), so no (0, ±√b′) either
    let h2_mod_3 = g2::Config::COFACTOR.iter().map(|&w| (w % 3) as u32).sum::<u32>() % 3;
    assert_ne!(h2_mod_3, 0, "3 ∤ h2");
    assert!(g2_order_three().is_none());
}

/// A point of E(Fp) or E′(Fp2) in EIP-2539's encoding (each Fp component 64 bytes).
fn pt_bytes<C: SWCurveConfig>(p: &Affine<C>) -> Vec<u8> {
    let fp = |x: &C::BaseField| -> Vec<u8> {
        x.to_base_prime_field_elements()
            .flat_map(|c| {
                let be = c.into_bigint().to_bytes_be();
                [vec![0; 64 - be.len()], be].concat()
            })
            .collect()
    };
    match p.xy() {
        None => vec![0; 128 * C::BaseField::extension_degree() as usize],
        Some((x, y)) => [fp(&x), fp(&y)].concat(),
    }
}

/// MUL's valid cases: every point by every scalar.
fn mul_cases<C: SWCurveConfig>(points: &[(String, Affine<C>)], scalars: &[(String, Scalar)]) -> Vec<Case> {
    let mut out = Vec::new();
    for (pn, p) in points {
        for (sn, s) in scalars {
            let want = p.mul_bigint(s).into_affine();
            out.push((format!("{pn} * {sn}"), [pt_bytes(p), scalar_bytes(s)].concat(), Some(pt_bytes(&want))));
        }
    }
    out
}

/// MULTIEXP's valid cases: each a list of (point, scalar) records.
/// A named MULTIEXP input: its (point, scalar) records.
type NamedRecords<C> = (String, Vec<(Affine<C>, Scalar)>);

fn multiexp_cases<C: SWCurveConfig>(sets: &[NamedRecords<C>]) -> Vec<Case> {
    sets.iter()
        .map(|(name, recs)| {
            let input: Vec<u8> = recs.iter().flat_map(|(p, s)| [pt_bytes(p), scalar_bytes(s)].concat()).collect();
            let sum = recs.iter().fold(Projective::<C>::zero(), |acc, (p, s)| acc + p.mul_bigint(s));
            (name.clone(), input, Some(pt_bytes(&sum.into_affine())))
        })
        .collect()
}

/// Malformed inputs built from one good record (`bytes`: the point's length), which halt.
fn failing(good: &[u8], bytes: usize, lengths: &[usize]) -> Vec<Case> {
    let mut off_curve = good.to_vec();
    off_curve[bytes - 1] ^= 1;
    let mut padding = good.to_vec();
    padding[0] = 1;
    let mut x_at_p = good.to_vec();
    x_at_p[16..64].copy_from_slice(&Fq::MODULUS.to_bytes_be());
    let mut y_at_p = good.to_vec();
    y_at_p[bytes / 2 + 16..bytes / 2 + 64].copy_from_slice(&Fq::MODULUS.to_bytes_be());
    let mut out: Vec<Case> = vec![
        ("off the curve".into(), off_curve, None),
        ("non-zero padding".into(), padding, None),
        ("x = p".into(), x_at_p, None),
        ("y = p".into(), y_at_p, None),
    ];
    for &len in lengths {
        let input: Vec<u8> = good.iter().copied().cycle().take(len).collect();
        out.push((format!("length {len}"), input, None));
    }
    out
}

fn g1_points(rng: &mut Rng64) -> Vec<(String, G1Affine)> {
    let g = G1Projective::rand(rng).into_affine();
    let [t1, t2, t3] = g1_order_two();
    vec![
        ("G1 point".into(), g),
        ("E(Fp) point outside G1".into(), g1_off_subgroup(rng)),
        ("(-1, 0) of order 2".into(), t1),
        ("(-w, 0) of order 2".into(), t2),
        ("(-w^2, 0) of order 2".into(), t3),
        ("(0, 1) of order 3".into(), g1_order_three()),
        ("G + (-1, 0)".into(), (g + t1).into_affine()),
        ("infinity".into(), G1Affine::identity()),
    ]
}

fn g2_points(rng: &mut Rng64) -> Vec<(String, G2Affine)> {
    // E′(Fp2) has no point of order 2 or 3 (`twist_has_odd_order`)
    vec![
        ("G2 point".into(), G2Projective::rand(rng).into_affine()),
        ("E'(Fp2) point outside G2".into(), g2_off_subgroup(rng)),
        ("infinity".into(), G2Affine::identity()),
    ]
}

fn mul_g1_cases() -> Vec<Case> {
    let mut rng = Rng64::seed_from_u64(2539);
    let points = g1_points(&mut rng);
    let mut out = mul_cases(&points, &scalars(&mut rng));
    let good = out[10].1.clone(); // G1 point * random
    out.extend(failing(&good, 128, &[159, 161, 0, 320]));
    out
}

fn mul_g2_cases() -> Vec<Case> {
    let mut rng = Rng64::seed_from_u64(2539);
    let points = g2_points(&mut rng);
    let mut out = mul_cases(&points, &scalars(&mut rng));
    let good = out[10].1.clone(); // G2 point * random
    out.extend(failing(&good, 256, &[287, 289, 0, 576]));
    out
}

fn multiexp_g1_cases() -> Vec<Case> {
    let mut rng = Rng64::seed_from_u64(2540);
    let g = G1Projective::rand(&mut rng).into_affine();
    let off = g1_off_subgroup(&mut rng);
    let [t1, t2, _] = g1_order_two();
    let (s1, s2, s3): (Scalar, Scalar, Scalar) = (rng.gen(), rng.gen(), rng.gen());
    let gt = (g + t1).into_affine();
    let sets: Vec<NamedRecords<g1::Config>> = vec![
        ("k=1 off-subgroup".into(), vec![(off, s1)]),
        ("k=2 G1 + off-subgroup".into(), vec![(g, s1), (off, s2)]),
        ("k=2 P and -P".into(), vec![(off, s1), ((-off), s1)]),
        ("k=2 T1 + T2 odd scalars".into(), vec![(t1, [1, 0, 0, 0]), (t2, [3, 0, 0, 0])]),
        (
            "k=3 infinity, G+T * (r+30), order 2".into(),
            vec![(G1Affine::identity(), s3), (gt, r_times_plus(1, 30)), (t2, [u64::MAX; 4])],
        ),
        ("k=3 G1, off-subgroup, scalar 0".into(), vec![(g, s3), (off, [u64::MAX; 4]), (gt, [0; 4])]),
    ];
    let mut out = multiexp_cases(&sets);
    let good = out[0].1.clone();
    out.extend(failing(&good, 128, &[0, 161]));
    out
}

fn multiexp_g2_cases() -> Vec<Case> {
    let mut rng = Rng64::seed_from_u64(2540);
    let g = G2Projective::rand(&mut rng).into_affine();
    let off = g2_off_subgroup(&mut rng);
    let (s1, s2, s3): (Scalar, Scalar, Scalar) = (rng.gen(), rng.gen(), rng.gen());
    let sets: Vec<NamedRecords<g2::Config>> = vec![
        ("k=1 off-subgroup".into(), vec![(off, s1)]),
        ("k=2 G2 + off-subgroup".into(), vec![(g, s1), (off, s2)]),
        ("k=2 P and -P".into(), vec![(off, s1), ((-off), s1)]),
        (
            "k=3 infinity, G2 * r, off-subgroup".into(),
            vec![(G2Affine::identity(), s3), (g, r_times_plus(1, 0)), (off, [u64::MAX; 4])],
        ),
    ];
    let mut out = multiexp_cases(&sets);
    let good = out[0].1.clone();
    out.extend(failing(&good, 256, &[0, 289]));
    out
}

struct Contract {
    prog: Program,
    codes: Vec<(InstructionSet, Vec<u8>)>,
}

impl Contract {
    fn new(g: Group, records: Records) -> Contract {
        let prog = mul_program(Curve::Bls12_377, F2Mul::V3, g, records);
        let codes = InstructionSet::ALL
            .iter()
            .map(|&isa| {
                let code = try_assemble(&prog, isa, AssembleOptions::default()).unwrap();
                assert!(code.len() <= 24_576, "{g:?} {records:?} {isa}: {} bytes", code.len());
                eprintln!("{g:?} {records:?} {isa}: {} bytes", code.len());
                (isa, code)
            })
            .collect();
        Contract { prog, codes }
    }

    /// Natively and in every instruction set: the same answer, which is returned.
    fn run(&self, input: &[u8], what: &str) -> Option<Vec<u8>> {
        let native = common::native_output(&self.prog, input);
        for (isa, code) in &self.codes {
            assert_eq!(common::contract_output(*isa, code, input), native, "{isa}: {what}");
        }
        native
    }
}

/// The committed files equal what arkworks gives now (`EVM384_BLESS=1` rewrites them), and
/// every case of them passes natively and in every instruction set.
fn check(op: &str, g: Group, records: Records, cases: Vec<Case>) {
    let name = |what: &str| {
        let what = what.replace('+', "plus").replace('-', "minus").replace('^', "pow");
        format!("bls12377_{op}_{}", what.replace(|c: char| !c.is_ascii_alphanumeric(), "_"))
    };
    let c = Contract::new(g, records);
    for (file, case, input, want) in bless_or_check(op, &cases, name) {
        assert_eq!(c.run(&input, &case), want, "{file} {case}");
    }
}

#[test]
fn g1_mul_equals_arkworks() {
    check("mul_G1", Group::G1, Records::One, mul_g1_cases());
}

#[test]
fn g2_mul_equals_arkworks() {
    check("mul_G2", Group::G2, Records::One, mul_g2_cases());
}

#[test]
fn g1_multiexp_equals_arkworks() {
    check("multiexp_G1", Group::G1, Records::Many, multiexp_g1_cases());
}

#[test]
fn g2_multiexp_equals_arkworks() {
    check("multiexp_G2", Group::G2, Records::Many, multiexp_g2_cases());
}

/// `EVM384_LONG_TESTS=1`: random points of E(Fp) and E′(Fp2) (in the subgroups and not, and
/// G1 points plus a point of order 2) by random scalars, natively against arkworks, and a
/// share of them in every instruction set.
#[test]
fn random_sweep_in_long_mode() {
    if !evm384_testkit::long_mode() {
        eprintln!("SKIPPED (EVM384_LONG_TESTS=1 runs it)");
        return;
    }
    let mut rng = Rng64::seed_from_u64(377);
    let (c1, c2) = (Contract::new(Group::G1, Records::One), Contract::new(Group::G2, Records::One));
    let ts = g1_order_two();
    for i in 0..1000 {
        let s: Scalar = rng.gen();
        let p = match i % 3 {
            0 => G1Projective::rand(&mut rng).into_affine(),
            1 => g1_off_subgroup(&mut rng),
            _ => (G1Projective::rand(&mut rng) + ts[i % 3]).into_affine(),
        };
        let input = [g1_bytes(&p), scalar_bytes(&s)].concat();
        let want = Some(g1_bytes(&mul_g1(&p, &s)));
        if i % 10 == 0 {
            assert_eq!(c1.run(&input, "sweep"), want);
        } else {
            assert_eq!(common::native_output(&c1.prog, &input), want);
        }
        let q = if i % 2 == 0 { G2Projective::rand(&mut rng).into_affine() } else { g2_off_subgroup(&mut rng) };
        let input = [g2_bytes(&q), scalar_bytes(&s)].concat();
        let want = Some(g2_bytes(&mul_g2(&q, &s)));
        if i % 10 == 0 {
            assert_eq!(c2.run(&input, "sweep"), want);
        } else {
            assert_eq!(common::native_output(&c2.prog, &input), want);
        }
    }
}

/// The program of one addition U ← U + V on constant points of E(Fp), returning U's X, Y, Z
/// (canonical), by `add_complete` alone (`exact` false) or `add_exact`.
fn one_addition(u: (Fq, Fq, Fq), v: (Fq, Fq, Fq), exact: bool) -> [Fq; 3] {
    let curve = bls12_377();
    let mut a = Asm::new(evm384_arith::MontField::new(curve.p), F2Mul::V3);
    a.tower = curve.tower;
    let k = TowerConsts::new(&mut a);
    let one_raw = a.const_raw(&[[1, 0, 0, 0, 0, 0]]);
    let b3 = B3::new(&mut a, &curve, Group::G1);
    let limbs = |x: &Fq| {
        let b = x.into_bigint().0;
        [b[0], b[1], b[2], b[3], b[4], b[5]]
    };
    let cu = a.const_mont(&[limbs(&u.0), limbs(&u.1), limbs(&u.2)]);
    let cv = a.const_mont(&[limbs(&v.0), limbs(&v.1), limbs(&v.2)]);
    let (pu, pv, save) = (Proj::alloc(&mut a, Deg::Fp), Proj::alloc(&mut a, Deg::Fp), Proj::alloc(&mut a, Deg::Fp));
    let tmp = a.alloc(1);
    a.copy(pu.base, cu, 3);
    a.copy(pv.base, cv, 3);
    if exact {
        add_exact(&mut a, pu, pv, b3, &k, save);
    } else {
        add_complete(&mut a, pu, pv, b3);
    }
    a.return_fields(&[pu.x(), pu.y(), pu.z()], one_raw, tmp);
    let prog = a.finish();
    let Outcome::Output(out) = native::run(&prog, &[]).outcome else { panic!("no output") };
    let f = |i: usize| Fq::from_be_bytes_mod_order(&out[64 * i..64 * i + 64]);
    [f(0), f(1), f(2)]
}

/// The exceptional pairs are real: Algorithm 7 alone gives (0 : 0 : 0) for O + T, T + O and
/// (G + T) + G (T of order 2, so the difference of the summands has order 2), and for
/// T₁ + T₂; `add_exact` gives the sums (T, 2G + T, T₃), compared affinely with arkworks.
#[test]
fn complete_addition_fails_where_the_difference_has_order_two() {
    let mut rng = Rng64::seed_from_u64(7);
    let [t1, t2, t3] = g1_order_two();
    let g = G1Projective::rand(&mut rng).into_affine();
    let gt = (g + t1).into_affine();
    let proj = |p: &G1Affine| match p.xy() {
        None => (Fq::zero(), Fq::ONE, Fq::zero()),
        Some((x, y)) => {
            // a non-trivial Z, so the test does not rely on Z = 1
            let z = Fq::from(5u8);
            (x * z, y * z, z)
        }
    };
    let affine = |[x, y, z]: [Fq; 3]| {
        if z.is_zero() {
            assert!(!y.is_zero(), "(0 : 0 : 0)");
            G1Affine::identity()
        } else {
            let zi = z.inverse().unwrap();
            G1Affine::new_unchecked(x * zi, y * zi)
        }
    };
    let o = G1Affine::identity();
    for (what, u, v) in
        [("O + T", o, t1), ("T + O", t1, o), ("(G + T) + G", gt, g), ("G + (G + T)", g, gt), ("T1 + T2", t1, t2)]
    {
        let plain = one_addition(proj(&u), proj(&v), false);
        assert_eq!(plain, [Fq::zero(); 3], "{what}: Algorithm 7 gives (0 : 0 : 0)");
        let exact = affine(one_addition(proj(&u), proj(&v), true));
        assert_eq!(exact, (u + v).into_affine(), "{what}: add_exact");
    }
    assert_eq!((t1 + t2).into_affine(), t3);
    // elsewhere add_exact is Algorithm 7's sum
    // (elsewhere, a sum with Y = 0 and Z ≠ 0, (G + T) + (−G) = T, is no failure)
    for (u, v) in [(g, g), (gt, gt), (t1, t1), (o, o), (g, -g), (gt, -g), (t1, g), (o, g)] {
        let exact = one_addition(proj(&u), proj(&v), true);
        assert_eq!(exact, one_addition(proj(&u), proj(&v), false), "{u} + {v}");
        assert_eq!(affine(exact), (u + v).into_affine());
    }
}

/// The programs fit EIP-170 in every instruction set (sizes printed), and the gas of G1MUL and
/// G2MUL at one subgroup point and a random scalar in v9 under the default schedule (evmone's
/// prices, `RunOptions::default`), printed for the report.
#[test]
fn sizes_and_gas() {
    use evm384_evm::{RunOptions, Runner};
    let mut rng = Rng64::seed_from_u64(1);
    let s: Scalar = rng.gen();
    let inputs = [
        (Group::G1, [g1_bytes(&G1Projective::rand(&mut rng).into_affine()), scalar_bytes(&s)].concat()),
        (Group::G2, [g2_bytes(&G2Projective::rand(&mut rng).into_affine()), scalar_bytes(&s)].concat()),
    ];
    for (g, input) in inputs {
        for records in [Records::One, Records::Many] {
            let c = Contract::new(g, records);
            if records == Records::Many {
                continue;
            }
            let isa = InstructionSet::Evm384(evm384_gen::Interface::V9);
            let code = &c.codes.iter().find(|(i, _)| *i == isa).unwrap().1;
            let mut r = Runner::new(RunOptions::default().with_instruction_set(isa));
            r.deploy(code);
            let e = r.run(&input).expect("run");
            assert_eq!(Some(e.output.clone()), common::native_output(&c.prog, &input));
            eprintln!("{g:?}MUL v9 gas (RunOptions::default schedule): {}", e.gas_used);
        }
    }
    // the routing: BLS12-377's MUL and MULTIEXP are these programs; BLS12-381 has no MUL
    use evm384_gen::{operation_program, Operation, ProgramOptions};
    for op in [Operation::G1Mul, Operation::G2Mul, Operation::G1Msm, Operation::G2Msm] {
        assert!(operation_program(Curve::Bls12_377, op, F2Mul::V3, ProgramOptions::default()).is_ok());
    }
    for op in [Operation::G1Mul, Operation::G2Mul] {
        assert!(operation_program(Curve::Bls12_381, op, F2Mul::V3, ProgramOptions::default()).is_err());
    }
}

/// The vectors reach the fallback of `add_exact` in the programs (so it is no dead code): the
/// native executor's counts of G1MUL at G + T by r + 30 (the last window's addition is an
/// exceptional pair) exceed those at G, and at T (table entry 3T = O + T) those at the point
/// (0, 1) of order 3, by the same scalars; the results equal arkworks' (as in the vectors).
#[test]
fn the_fallback_runs_on_the_crafted_inputs() {
    let prog = mul_program(Curve::Bls12_377, F2Mul::V3, Group::G1, Records::One);
    let mut rng = Rng64::seed_from_u64(11);
    let g = G1Projective::rand(&mut rng).into_affine();
    let [t, _, _] = g1_order_two();
    let gt = (g + t).into_affine();
    let run = |p: &G1Affine, s: &Scalar| {
        let input = [g1_bytes(p), scalar_bytes(s)].concat();
        let r = native::run(&prog, &input);
        let Outcome::Output(out) = r.outcome else { panic!("no output") };
        assert_eq!(out, g1_bytes(&mul_g1(p, s)));
        let c = r.counts.total();
        (c.mulmodmont384, c.copies)
    };
    let s = r_times_plus(1, 30);
    let (plain, crafted) = (run(&g, &s), run(&gt, &s));
    assert!(crafted.0 > plain.0, "G + T by r + 30: {crafted:?} against G: {plain:?}");
    let s = [1, 0, 0, 0];
    let (plain, crafted) = (run(&g1_order_three(), &s), run(&t, &s));
    assert!(crafted.1 > plain.1, "T by 1: {crafted:?} against (0, 1): {plain:?}");
}
