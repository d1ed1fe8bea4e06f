//! BLS12-377's G1ADD and G2ADD (EIP-2539, the encoding and error rules of EIP-2537) written by
//! the same `ops::g_add` program over `curves::bls12_377`: natively and in v7, v8, v9 and
//! EVMMAX against arkworks' `ark-bls12-377`, on random points (in the subgroups and not),
//! doublings, P + (−P), infinity in either slot, E(Fp)'s points of order two (T + T = O,
//! T₁ + T₂ = T₃, T + P); and every malformed input halts: off the
//! curve, a coordinate ≥ p, non-zero padding, a wrong length.
//!
//! The cases are also the committed vector files `testdata/eip2539/{,fail-}add_G{1,2}_bls12377.json`
//! (EIP-2537's JSON format), which `EVM384_BLESS=1` rewrites from arkworks; the test checks the
//! files equal what arkworks gives now and that the contracts pass them.

mod common;
mod common_bls12_377;

use common_bls12_377::{bless_or_check, g1_bytes, g1_off_subgroup, g2_bytes, Case};

use ark_bls12_377::{Fq, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::CurveGroup;
use ark_ff::{BigInteger, Field, PrimeField, UniformRand};
use evm384_gen::backend::bytecode::{try_assemble, AssembleOptions};
use evm384_gen::curves::Curve;
use evm384_gen::ops::g_add::{point_add_program, Group};
use evm384_gen::{F2Mul, InstructionSet, Program};
use rand::SeedableRng;

/// Two of E(Fp)'s points of order two: (−1, 0) and (−ω, 0), ω = (−1 + √−3)/2.
fn g1_order_two() -> (G1Affine, G1Affine) {
    let w = (-Fq::ONE + (-Fq::from(3u8)).sqrt().expect("p ≡ 1 mod 3")) * Fq::from(2u8).inverse().unwrap();
    let t = |x: Fq| G1Affine::new_unchecked(x, Fq::from(0u8));
    (t(-Fq::ONE), t(-w))
}

struct Contract {
    prog: Program,
    codes: Vec<(InstructionSet, Vec<u8>)>,
}

impl Contract {
    fn new(g: Group) -> Contract {
        let prog = point_add_program(Curve::Bls12_377, F2Mul::V3, g);
        let codes = InstructionSet::ALL
            .iter()
            .map(|&isa| {
                let code = try_assemble(&prog, isa, AssembleOptions::default()).unwrap();
                assert!(code.len() <= 24_576, "{g:?} {isa}: {} bytes", code.len());
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

/// G1ADD's cases.
fn g1_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2539);
    let gen = |rng: &mut rand::rngs::StdRng| G1Projective::rand(rng).into_affine();
    let (p, q) = (gen(&mut rng), gen(&mut rng));
    let off = g1_off_subgroup(&mut rng);
    let inf = G1Affine::identity();
    let (t1, t2) = g1_order_two();
    let cases: Vec<(&str, G1Affine, G1Affine)> = vec![
        ("P + Q", p, q),
        ("P + P", p, p),
        ("P + (−P)", p, -p),
        ("O + Q", inf, q),
        ("P + O", p, inf),
        ("O + O", inf, inf),
        ("off-subgroup points add (no subgroup check)", off, p),
        ("T + T, T = (-1, 0) of order two", t1, t1),
        ("T1 + T2, both of order two", t1, t2),
        ("T + P", t1, p),
    ];
    for (what, x, y) in cases {
        out.push((what.to_string(), [g1_bytes(&x), g1_bytes(&y)].concat(), Some(g1_bytes(&(x + y).into_affine()))));
    }
    // malformed inputs halt
    let good = [g1_bytes(&p), g1_bytes(&q)].concat();
    let mut off_curve = good.clone();
    off_curve[127] ^= 1;
    let mut padding = good.clone();
    padding[0] = 1;
    let mut at_p = good.clone();
    at_p[16..64].copy_from_slice(&Fq::MODULUS.to_bytes_be());
    for (what, input) in [
        ("off the curve", off_curve),
        ("non-zero padding", padding),
        ("x = p", at_p),
        ("short", good[..255].to_vec()),
        ("long", [good.clone(), vec![0]].concat()),
        ("empty", vec![]),
    ] {
        out.push((what.to_string(), input, None));
    }
    out
}

/// G2ADD's cases, as [`g1_cases`].
fn g2_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2539);
    let gen = |rng: &mut rand::rngs::StdRng| G2Projective::rand(rng).into_affine();
    let (p, q) = (gen(&mut rng), gen(&mut rng));
    let inf = G2Affine::identity();
    for (what, x, y) in [("P + Q", p, q), ("P + P", p, p), ("P + (−P)", p, -p), ("O + Q", inf, q), ("P + O", p, inf)]
    {
        out.push((what.to_string(), [g2_bytes(&x), g2_bytes(&y)].concat(), Some(g2_bytes(&(x + y).into_affine()))));
    }
    let good = [g2_bytes(&p), g2_bytes(&q)].concat();
    let mut off_curve = good.clone();
    off_curve[255] ^= 1;
    out.push(("off the curve".into(), off_curve, None));
    out.push(("short".into(), good[..511].to_vec(), None));
    out
}

/// The committed files equal what arkworks gives now (`EVM384_BLESS=1` rewrites them), and
/// every case of them passes natively and in every instruction set.
fn check(op: &str, g: Group, cases: Vec<Case>) {
    let name = |what: &str| format!("bls12377_{op}_{}", what.replace(|c: char| !c.is_ascii_alphanumeric(), "_"));
    let c = Contract::new(g);
    for (file, case, input, want) in bless_or_check(op, &cases, name) {
        assert_eq!(c.run(&input, &case), want, "{file} {case}");
    }
}

#[test]
fn g1_add_equals_arkworks() {
    check("add_G1", Group::G1, g1_cases());
}

#[test]
fn g2_add_equals_arkworks() {
    check("add_G2", Group::G2, g2_cases());
}
