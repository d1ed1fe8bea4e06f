//! BLS12-377's PAIRING (EIP-2539: the encoding and error rules of EIP-2537, subgroup checks
//! mandatory) written by the same `ops::pairing` program over `curves::bls12_377` (D-type
//! twist lines, z > 0): natively and in v7, v8, v9 and EVMMAX against arkworks'
//! `ark-bls12-377`.
//!
//! - `pairing_equals_arkworks` (both Fp2 products, v3 and v4): products that are one
//!   (e(aG, bH)·e(−abG, H) and longer, k = 2..4), random products that are not (k = 1, 2),
//!   infinity in either slot of a pair and in both, every pair with a point at infinity; and
//!   every malformed input halts: a G1 point on the curve outside G1 (random, plus small-order
//!   torsion, of order 2 and 3), a G2 point on the twist outside G2 (beside a finite P, tested
//!   after the Miller loop, and beside P = O, tested while decoding), points off their curves,
//!   a coordinate ≥ p, non-zero padding, lengths 0, 383, 385. The cases are the committed vector files
//!   `testdata/eip2539/{,fail-}pairing_bls12377.json` (EIP-2537's JSON format), which
//!   `EVM384_BLESS=1` rewrites from arkworks; without it the test checks that the files equal
//!   what arkworks gives now and that every contract passes them.
//! - `subgroup_checks_equal_full_multiplication`: the G1 test φ(P) = −[z²]P and the G2 test
//!   ψ(Q) = [z]Q (eprint 2021/1130) against [r]P = O on points in and out of the subgroups
//!   (random curve points, subgroup points plus small-order points): natively on every point,
//!   in the EVM (every instruction set) on a few (`EVM384_LONG_TESTS=1`: more points, all in
//!   the EVM).
//! - `pairing_value_equals_arkworks`: the Fp12 value before the comparison with one equals
//!   arkworks' `multi_pairing` (k = 1, 2; every Fp2 product and final-exponentiation squaring),
//!   natively.
//! - `code_size_and_gas`: every contract fits 24,576 bytes and is what `operation_program`
//!   gives for BLS12-377's PAIRING; prints the code sizes and the gas
//!   of k = 1, 2 in every instruction set, beside BLS12-381's program with the same options.
//!
//! The hinted check on this curve: `crates/builds/tests/hinted_bls12_377.rs`.

mod common;
mod common_bls12_377;

use common_bls12_377::{bless_or_check, g1_bytes, g2_bytes, Case};

use ark_bls12_377::{Bls12_377, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, Field, One, PrimeField, UniformRand, Zero};
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::curves::{bls12_377, Curve};
use evm384_gen::ops::pairing::{pairing_check_program, ProgramOptions};
use evm384_gen::{F2Mul, InstructionSet, Program};
use rand::SeedableRng;

type Rng = rand::rngs::StdRng;

fn long() -> bool {
    evm384_testkit::long_mode()
}

fn pairs_bytes(pairs: &[(G1Affine, G2Affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [g1_bytes(p), g2_bytes(q)].concat()).collect()
}

/// ∏ e(Pᵢ, Qᵢ) = 1 by arkworks (which skips pairs with a point at infinity).
fn product_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) = pairs.iter().copied().unzip();
    Bls12_377::multi_pairing(ps, qs).0.is_one()
}

/// The contract's 32-byte answer.
fn answer(one: bool) -> Vec<u8> {
    let mut o = vec![0; 32];
    o[31] = one as u8;
    o
}

fn g1_in_subgroup_full(p: &G1Affine) -> bool {
    p.mul_bigint(Fr::MODULUS).is_zero()
}

fn g2_in_subgroup_full(q: &G2Affine) -> bool {
    q.mul_bigint(Fr::MODULUS).is_zero()
}

/// A random point of E(Fp): y² = x³ + 1 (almost surely outside G1: the cofactor is not 1).
fn e1_point(rng: &mut Rng) -> G1Affine {
    loop {
        let x = Fq::rand(rng);
        if let Some(y) = (x.square() * x + Fq::from(1u8)).sqrt() {
            return G1Affine::new_unchecked(x, y);
        }
    }
}

/// A random point of the twist E′(Fp2): y² = x³ + b′.
fn e2_point(rng: &mut Rng) -> G2Affine {
    let b = <ark_bls12_377::g2::Config as SWCurveConfig>::COEFF_B;
    loop {
        let x = Fq2::rand(rng);
        if let Some(y) = (x.square() * x + b).sqrt() {
            return G2Affine::new_unchecked(x, y);
        }
    }
}

fn g1_off_subgroup(rng: &mut Rng) -> G1Affine {
    loop {
        let p = e1_point(rng);
        if !g1_in_subgroup_full(&p) {
            return p;
        }
    }
}

fn g2_off_subgroup(rng: &mut Rng) -> G2Affine {
    loop {
        let q = e2_point(rng);
        if !g2_in_subgroup_full(&q) {
            return q;
        }
    }
}

/// A subgroup point plus a point of small order: [r]·(a random curve point), which lies in
/// the cofactor's torsion (O excluded).
fn g1_plus_torsion(rng: &mut Rng) -> G1Affine {
    loop {
        let t = e1_point(rng).mul_bigint(Fr::MODULUS);
        if !t.is_zero() {
            return (G1Projective::rand(rng) + t).into_affine();
        }
    }
}

fn g2_plus_torsion(rng: &mut Rng) -> G2Affine {
    loop {
        let t = e2_point(rng).mul_bigint(Fr::MODULUS);
        if !t.is_zero() {
            return (G2Projective::rand(rng) + t).into_affine();
        }
    }
}

/// The program and its code in every instruction set (each within EIP-170's limit).
struct Contract {
    prog: Program,
    codes: Vec<(InstructionSet, Vec<u8>)>,
}

impl Contract {
    fn new(f2mul: F2Mul) -> Contract {
        let prog = pairing_check_program(Curve::Bls12_377, f2mul, ProgramOptions::default());
        let codes = InstructionSet::ALL
            .iter()
            .map(|&isa| {
                let code = try_assemble(&prog, isa, AssembleOptions::default()).unwrap();
                assert!(code.len() <= evm384_gen::MAX_CODE_SIZE, "{f2mul} {isa}: {} bytes", code.len());
                (isa, code)
            })
            .collect();
        Contract { prog, codes }
    }

    /// Natively, and in every instruction set unless `native_only`: the same answer, which is
    /// returned.
    fn run(&self, input: &[u8], what: &str, native_only: bool) -> Option<Vec<u8>> {
        use evm384_gen::backend::native::{self, Outcome};
        let native = match native::run(&self.prog, input).outcome {
            Outcome::Bool(one) => Some(answer(one)),
            Outcome::Invalid(_) => None,
            other => panic!("{what}: unexpected outcome {other:?}"),
        };
        if !native_only {
            for (isa, code) in &self.codes {
                assert_eq!(common::contract_output(*isa, code, input), native, "{isa}: {what}");
            }
        }
        native
    }
}

fn cases() -> Vec<Case> {
    let mut rng = Rng::seed_from_u64(2539);
    let mut out: Vec<Case> = Vec::new();
    let (g, h) = (G1Projective::generator(), G2Projective::generator());
    let (o1, o2) = (G1Affine::identity(), G2Affine::identity());
    let rp = |rng: &mut Rng| G1Projective::rand(rng).into_affine();
    let rq = |rng: &mut Rng| G2Projective::rand(rng).into_affine();
    let mut valid = |what: String, pairs: Vec<(G1Affine, G2Affine)>, one: Option<bool>| {
        let want = product_is_one(&pairs);
        if let Some(one) = one {
            assert_eq!(want, one, "{what}: arkworks");
        }
        out.push((what, pairs_bytes(&pairs), Some(answer(want))));
    };
    // ∏ e([aᵢ]G, [bᵢ]H) · e(−[Σ aᵢbᵢ]G, H) = 1
    for k in 2..=4 {
        let mut pairs = Vec::new();
        let mut sum = Fr::zero();
        for _ in 0..k - 1 {
            let (x, y) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
            sum += x * y;
            pairs.push(((g * x).into_affine(), (h * y).into_affine()));
        }
        pairs.push(((-(g * sum)).into_affine(), h.into_affine()));
        valid(format!("k = {k}, product one"), pairs, Some(true));
    }
    let (p, q) = (rp(&mut rng), rq(&mut rng));
    valid("k = 2, e(P, Q)·e(P, −Q)".into(), vec![(p, q), (p, -q)], Some(true));
    valid("k = 1, random".into(), vec![(rp(&mut rng), rq(&mut rng))], Some(false));
    valid("k = 2, random".into(), vec![(rp(&mut rng), rq(&mut rng)), (rp(&mut rng), rq(&mut rng))], Some(false));
    valid("k = 1, e(P, O)".into(), vec![(p, o2)], Some(true));
    valid("k = 1, e(O, Q)".into(), vec![(o1, q)], Some(true));
    valid("k = 1, e(O, O)".into(), vec![(o1, o2)], Some(true));
    valid("k = 3, every pair with a point at infinity".into(), vec![(o1, q), (p, o2), (o1, o2)], Some(true));
    valid("k = 3, e(P, Q)·e(O, Q)·e(P, −Q)".into(), vec![(p, q), (o1, q), (p, -q)], Some(true));
    valid("k = 2, e(P, Q)·e(P, O)".into(), vec![(p, q), (p, o2)], Some(false));
    // malformed inputs halt
    let mut fail = |what: &str, input: Vec<u8>| out.push((what.to_string(), input, None));
    let good = pairs_bytes(&[(p, q)]);
    let off1 = g1_off_subgroup(&mut rng);
    let off2 = g2_off_subgroup(&mut rng);
    let tor1 = g1_plus_torsion(&mut rng);
    let tor2 = g2_plus_torsion(&mut rng);
    assert!(off1.is_on_curve() && !g1_in_subgroup_full(&off1) && !off1.is_in_correct_subgroup_assuming_on_curve());
    assert!(off2.is_on_curve() && !g2_in_subgroup_full(&off2) && !off2.is_in_correct_subgroup_assuming_on_curve());
    assert!(tor1.is_on_curve() && !g1_in_subgroup_full(&tor1));
    assert!(tor2.is_on_curve() && !g2_in_subgroup_full(&tor2));
    fail("G1 point outside G1", pairs_bytes(&[(off1, q)]));
    fail("G1 point outside G1, Q = O", pairs_bytes(&[(off1, o2)]));
    fail("G1 point plus a point of small order", pairs_bytes(&[(tor1, q)]));
    fail("G1 point (-1, 0) of order 2", pairs_bytes(&[(G1Affine::new_unchecked(-Fq::one(), Fq::zero()), q)]));
    fail("G1 point (0, 1) of order 3", pairs_bytes(&[(G1Affine::new_unchecked(Fq::zero(), Fq::one()), q)]));
    fail("G2 point outside G2", pairs_bytes(&[(p, off2)]));
    fail("G2 point outside G2, P = O", pairs_bytes(&[(o1, off2)]));
    fail("G2 point plus a point of small order", pairs_bytes(&[(p, tor2)]));
    fail("G2 point outside G2 in the second pair", pairs_bytes(&[(p, q), (p, off2)]));
    let damaged = |at: usize, f: &dyn Fn(&mut [u8])| {
        let mut v = good.clone();
        f(&mut v[at..]);
        v
    };
    fail("G1 point off the curve", damaged(127, &|b| b[0] ^= 1));
    fail("G2 point off the twist", damaged(383, &|b| b[0] ^= 1));
    fail("G2 point off the twist, P = O", [vec![0; 128], good[128..383].to_vec(), vec![good[383] ^ 1]].concat());
    fail("G1 x = p", damaged(16, &|b| b[..48].copy_from_slice(&Fq::MODULUS.to_bytes_be())));
    fail("G2 x.c1 = p", damaged(128 + 64 + 16, &|b| b[..48].copy_from_slice(&Fq::MODULUS.to_bytes_be())));
    fail("G1 non-zero padding", damaged(64, &|b| b[0] = 1));
    fail("G2 non-zero padding", damaged(128 + 192, &|b| b[15] = 1));
    fail("length 0", vec![]);
    fail("length 383", good[..383].to_vec());
    fail("length 385", [good.clone(), vec![0]].concat());
    out
}

#[test]
fn pairing_equals_arkworks() {
    let cases = cases();
    let name = |what: &str| {
        let words: Vec<&str> = what.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
        format!("bls12377_pairing_{}", words.join("_"))
    };
    let committed = bless_or_check("pairing", &cases, name);
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let c = Contract::new(f2mul);
        for (file, case, input, want) in &committed {
            assert_eq!(c.run(input, case, false), *want, "{f2mul} {file} {case}");
        }
    }
}

#[test]
fn subgroup_checks_equal_full_multiplication() {
    let mut rng = Rng::seed_from_u64(377);
    let c = Contract::new(F2Mul::V3);
    let (p, q) = (G1Projective::rand(&mut rng).into_affine(), G2Projective::rand(&mut rng).into_affine());
    let n = if long() { 64 } else { 8 };
    let evm = if long() { n } else { 4 };
    for i in 0..n {
        // G1: a random curve point, a subgroup point, a subgroup point plus small torsion
        let g1s = [e1_point(&mut rng), G1Projective::rand(&mut rng).into_affine(), g1_plus_torsion(&mut rng)];
        for (j, x) in g1s.iter().enumerate() {
            let inside = g1_in_subgroup_full(x);
            assert_eq!(inside, x.is_in_correct_subgroup_assuming_on_curve());
            let what = format!("G1 point {i}.{j}, in G1: {inside}");
            let got = c.run(&pairs_bytes(&[(*x, q)]), &what, i >= evm);
            assert_eq!(got.is_some(), inside, "{what}");
        }
        let g2s = [e2_point(&mut rng), G2Projective::rand(&mut rng).into_affine(), g2_plus_torsion(&mut rng)];
        for (j, y) in g2s.iter().enumerate() {
            let inside = g2_in_subgroup_full(y);
            assert_eq!(inside, y.is_in_correct_subgroup_assuming_on_curve());
            // beside a finite P (tested on the Miller loop's T) and beside P = O (tested while decoding)
            for (pp, at) in [(p, "after the Miller loop"), (G1Affine::identity(), "while decoding")] {
                let what = format!("G2 point {i}.{j}, in G2: {inside}, tested {at}");
                let got = c.run(&pairs_bytes(&[(pp, *y)]), &what, i >= evm);
                assert_eq!(got.is_some(), inside, "{what}");
            }
        }
    }
}

#[test]
fn code_size_and_gas() {
    use evm384_evm::{RunOptions, Runner, Status};
    let mut rng = Rng::seed_from_u64(1);
    let pairs: Vec<(G1Affine, G2Affine)> = (0..2)
        .map(|_| (G1Projective::rand(&mut rng).into_affine(), G2Projective::rand(&mut rng).into_affine()))
        .collect();
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        // BLS12-377's contract, and BLS12-381's program with the same options for comparison
        let bls12_381 = pairing_check_program(Curve::Bls12_381, f2mul, ProgramOptions::default());
        for isa in InstructionSet::ALL {
            let c377 = Contract::new(f2mul);
            let code377 = &c377.codes.iter().find(|(i, _)| *i == isa).unwrap().1;
            let code381 = try_assemble(&bls12_381, isa, AssembleOptions::default()).unwrap();
            // `operation_program` routes BLS12-377's PAIRING to this program
            let routed = evm384_gen::operation_program(
                Curve::Bls12_377,
                evm384_gen::Operation::PairingCheck,
                f2mul,
                ProgramOptions::default(),
            )
            .unwrap();
            assert_eq!(&try_assemble(&routed, isa, AssembleOptions::default()).unwrap(), code377);
            for (name, code, input) in [
                ("BLS12-377", code377, &|k: usize| pairs_bytes(&pairs[..k]) as Vec<u8>),
                ("BLS12-381", &code381, &|k: usize| evm384_gen::generator_pairs_input(Curve::Bls12_381, k)),
            ] as [(&str, &Vec<u8>, &dyn Fn(usize) -> Vec<u8>); 2]
            {
                let opts = RunOptions { gas_limit: 1 << 40, ..RunOptions::default() };
                let mut r = Runner::new(opts.with_instruction_set(isa));
                r.deploy(code);
                let mut line = format!("{name} pairing, f2mul {f2mul}, {isa}: {} bytes", code.len());
                for k in 1..=2 {
                    let e = r.run(&input(k)).unwrap();
                    assert_eq!(e.status, Status::Success, "{name} {isa} k = {k}");
                    assert_eq!(e.output, answer(false), "{name} {isa} k = {k}");
                    line += &format!("; k = {k}: {} gas", e.gas_used);
                    if let Some(g) = &e.gas_by_schedule {
                        let all: Vec<String> = g.iter().map(|(s, v)| format!("{s} {v}")).collect();
                        line += &format!(" ({})", all.join(", "));
                    }
                }
                eprintln!("{line}");
            }
        }
    }
}

/// The pairing value itself: the program's accumulator before the output (every formula
/// choice: Fp2 product v3, v4; Granger–Scott, with products, Karabina) equals arkworks'
/// `multi_pairing` for one pair and two (both final exponentiations raise to the same power,
/// the hard part's 3·Φ₁₂(p)/r of eprint 2020/875).
#[test]
fn pairing_value_equals_arkworks() {
    use evm384_gen::backend::native::{self, Outcome};
    use evm384_gen::ops::pairing::accumulator_slot;
    use evm384_gen::{Phase, Squaring};
    let curve = bls12_377();
    let field = evm384_arith::MontField::new(curve.p);
    let fq = |x: &[u64; 6]| Fq::from_le_bytes_mod_order(&x.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>());
    let mut rng = Rng::seed_from_u64(3);
    let pairs: Vec<(G1Affine, G2Affine)> = (0..2)
        .map(|_| (G1Projective::rand(&mut rng).into_affine(), G2Projective::rand(&mut rng).into_affine()))
        .collect();
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for squaring in [Squaring::GrangerScott, Squaring::GrangerScottProducts, Squaring::Karabina] {
            let opts = ProgramOptions { stop_before: Some(Phase::Output), squaring, ..ProgramOptions::default() };
            let prog = pairing_check_program(Curve::Bls12_377, f2mul, opts);
            let at = accumulator_slot(Curve::Bls12_377, f2mul) as usize;
            for k in 1..=2 {
                let Outcome::Memory(m) = native::run(&prog, &pairs_bytes(&pairs[..k])).outcome else {
                    panic!("no memory dump")
                };
                let c: Vec<Fq> = (0..12).map(|i| fq(&field.from_mont(&m[at + i]))).collect();
                let f2 = |i: usize| Fq2::new(c[i], c[i + 1]);
                let got = ark_bls12_377::Fq12::new(
                    ark_bls12_377::Fq6::new(f2(0), f2(2), f2(4)),
                    ark_bls12_377::Fq6::new(f2(6), f2(8), f2(10)),
                );
                let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) = pairs[..k].iter().copied().unzip();
                let want = Bls12_377::multi_pairing(ps, qs).0;
                assert_eq!(got, want, "{f2mul} {squaring:?} k = {k}");
            }
        }
    }
}
