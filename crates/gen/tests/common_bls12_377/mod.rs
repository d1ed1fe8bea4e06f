//! BLS12-377 in EIP-2539's encoding (EIP-2537's: 64-byte field elements, 16 zero bytes then
//! the value big-endian; Fp2 c0 ‖ c1; all zeros for the point at infinity), and points outside
//! the prime-order subgroups, from arkworks' `ark-bls12-377` (a module of its own: the
//! `evm384-build` tests share `common` without arkworks).
#![allow(dead_code)]

use ark_bls12_377::{g1, g2, Fq, Fq2, G1Affine, G2Affine};
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field, PrimeField, UniformRand};

pub fn fq_bytes(x: &Fq) -> Vec<u8> {
    let mut be = x.into_bigint().to_bytes_be();
    while be.len() < 64 {
        be.insert(0, 0);
    }
    be
}

pub fn fq2_bytes(x: &Fq2) -> Vec<u8> {
    [fq_bytes(&x.c0), fq_bytes(&x.c1)].concat()
}

pub fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 128],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

pub fn g2_bytes(p: &G2Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 256],
        Some((x, y)) => [fq2_bytes(&x), fq2_bytes(&y)].concat(),
    }
}

/// A point of E(Fp) outside G1: a random x with x³ + b a square, the cofactor not cleared.
pub fn g1_off_subgroup(rng: &mut rand::rngs::StdRng) -> G1Affine {
    loop {
        let x = Fq::rand(rng);
        if let Some(y) = (x.square() * x + g1::Config::COEFF_B).sqrt() {
            let p = G1Affine::new_unchecked(x, y);
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                return p;
            }
        }
    }
}

/// A point of E′(Fp2) outside G2, the cofactor not cleared.
pub fn g2_off_subgroup(rng: &mut rand::rngs::StdRng) -> G2Affine {
    loop {
        let x = Fq2::rand(rng);
        if let Some(y) = (x.square() * x + g2::Config::COEFF_B).sqrt() {
            let p = G2Affine::new_unchecked(x, y);
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                return p;
            }
        }
    }
}

/// A case: its description, the input, the expected output (`None`: the call must fail).
pub type Case = (String, Vec<u8>, Option<Vec<u8>>);

/// A committed case: its file, its name, the input and the expected output (`None`: failure).
pub type FileCase = (String, String, Vec<u8>, Option<Vec<u8>>);

/// The cases as the EIP-2537-format files `{stem}_bls12377.json` (`Input`, `Expected`, `Name`)
/// and `fail-{stem}_bls12377.json` (`Input`, `ExpectedError`, `Name`) of `testdata/eip2539`,
/// each case named by `name`: `EVM384_BLESS=1` writes them; otherwise they must equal what the
/// cases give now. Returns every case of the committed files.
pub fn bless_or_check(stem: &str, cases: &[Case], name: impl Fn(&str) -> String) -> Vec<FileCase> {
    let valid: Vec<serde_json::Value> = cases
        .iter()
        .filter_map(|(w, i, e)| {
            e.as_ref()
                .map(|e| serde_json::json!({"Input": hex::encode(i), "Expected": hex::encode(e), "Name": name(w)}))
        })
        .collect();
    let failing: Vec<serde_json::Value> = cases
        .iter()
        .filter(|(_, _, e)| e.is_none())
        .map(|(w, i, _)| serde_json::json!({"Input": hex::encode(i), "ExpectedError": w, "Name": name(w)}))
        .collect();
    let text = |v: &Vec<serde_json::Value>| serde_json::to_string_pretty(v).unwrap() + "\n";
    let dir = evm384_vectors::testdata("eip2539");
    let mut committed = Vec::new();
    for (file, text) in
        [(format!("{stem}_bls12377.json"), text(&valid)), (format!("fail-{stem}_bls12377.json"), text(&failing))]
    {
        let path = dir.join(&file);
        if evm384_testkit::bless() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(on_disk, text, "{file} differs from what arkworks gives (EVM384_BLESS=1 rewrites it)");
        for case in evm384_vectors::load(&path).unwrap() {
            let want = match case.expected {
                evm384_vectors::Expected::Output(o) => Some(o),
                evm384_vectors::Expected::Error(_) => None,
            };
            committed.push((file.clone(), case.name, case.input, want));
        }
    }
    committed
}
