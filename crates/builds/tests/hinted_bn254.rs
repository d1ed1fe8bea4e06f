//! The hinted pairing check on BN254 (`pairing::hinted_pairing_check_program` with BN's
//! λ = 6z + 2 + p − p² + p³, the unitary witness u folded into the loop and ū = u⁻¹ on its −1
//! digits; witness by `hint::witness`), against arkworks' `ark-bn254`: true for pairs whose
//! product is 1 natively and in v7, v8, v9, EVMMAX and today's EVM (the shipped build), no
//! witness for a product ≠ 1, every changed witness coordinate rejected (u = 0 included: it is
//! not unitary), malformed pairs halting; every EIP-197
//! vector answered as revm's 0x08 answers it; the gas beside ecPairing's contract and EIP-1108's
//! price.

mod hinted_common;

use ark_bn254::{Bn254, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{One, UniformRand};
use evm384_build::{hinted_pairing_check_build, Contract, Formulas, HINTED_FORMULAS};
use evm384_evm::{call_precompile, Address, InstructionSet, Interface, RunOptions, Status};
use evm384_gen::curves::Curve;
use evm384_gen::glue::groth16::{encode_g1, encode_g2};
use evm384_gen::ops::hint::{witness, HintError};
use evm384_gen::ops::pairing::hint_bytes;
use evm384_gen::{F2Mul, Operation};
use evm384_vectors::load_bn254_files;
use hinted_common::{priced_gas, Check};
use rand::SeedableRng;

type Rng = rand::rngs::StdRng;

const SETS: [InstructionSet; 5] = [
    InstructionSet::Evm384(Interface::V7),
    InstructionSet::Evm384(Interface::V8),
    InstructionSet::Evm384(Interface::V9),
    InstructionSet::Evmmax,
    InstructionSet::Evm,
];

/// Bytes of one witness element (EIP-196's 32-byte values).
const E: usize = 32;

fn pairs_bytes(pairs: &[(G1Affine, G2Affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [&encode_g1(p)[..], &encode_g2(q)[..]].concat()).collect()
}

/// k pairs (aᵢG, bᵢH) and one (−Σ aᵢbᵢ G, H): a product of one by bilinearity (arkworks checks).
fn product_one(rng: &mut Rng, k: usize) -> Vec<(G1Affine, G2Affine)> {
    let (g, h) = (G1Projective::generator(), G2Projective::generator());
    let mut sum = Fr::from(0u8);
    let mut pairs = Vec::new();
    for _ in 0..k {
        let (a, b) = (Fr::rand(rng), Fr::rand(rng));
        sum += a * b;
        pairs.push(((g * a).into_affine(), (h * b).into_affine()));
    }
    pairs.push(((g * -sum).into_affine(), h.into_affine()));
    let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) = pairs.iter().copied().unzip();
    assert!(Bn254::multi_pairing(ps, qs).0.is_one());
    pairs
}

/// A point of the twist E′(Fp2) outside G2 (the cofactor 2p − r has 254 bits).
fn twist_point(rng: &mut Rng) -> G2Affine {
    loop {
        if let Some(q) = G2Affine::get_point_from_x_unchecked(Fq2::rand(rng), false) {
            assert!(q.is_on_curve() && !q.is_in_correct_subgroup_assuming_on_curve());
            return q;
        }
    }
}

fn hinted_input(pairs: &[u8]) -> Vec<u8> {
    let w = witness(Curve::Bn254, pairs, F2Mul::V3).expect("a witness");
    assert_eq!(w.len(), hint_bytes(Curve::Bn254) as usize);
    [w, pairs.to_vec()].concat()
}

#[test]
fn true_for_products_of_one_and_every_wrong_witness_rejected() {
    let check = Check::new(Curve::Bn254, &SETS);
    let mut rng = Rng::seed_from_u64(197);
    let two = pairs_bytes(&product_one(&mut rng, 1));
    let input = hinted_input(&two);
    assert_eq!(check.result(&input, "e(aG, bH)·e(−abG, H)"), Some(true));
    let four = pairs_bytes(&product_one(&mut rng, 3));
    assert_eq!(check.result(&hinted_input(&four), "k = 4"), Some(true));
    // every pair with a point at infinity: the empty product, true whatever the witness
    let inf = pairs_bytes(&[(G1Affine::identity(), G2Projective::generator().into_affine())]);
    assert_eq!(check.result(&hinted_input(&inf), "infinity"), Some(true));
    let n = hint_bytes(Curve::Bn254) as usize;
    assert_eq!(check.result(&[&input[..n], &inf[..]].concat(), "infinity, another witness"), Some(true));

    // a product ≠ 1 has no witness; with another input's witness the check is false
    let g = G1Projective::generator().into_affine();
    let not_one = pairs_bytes(&[(g, G2Projective::generator().into_affine())]);
    assert_eq!(witness(Curve::Bn254, &not_one, F2Mul::V3), Err(HintError::NotOne));
    assert_eq!(check.result(&[&input[..n], &not_one[..]].concat(), "a borrowed witness"), Some(false));
    assert_eq!(check.result(&[&input[..n], &four[..]].concat(), "another input's witness"), Some(false));
    // malformed pairs have no witness either, and halt whatever the witness
    let outside = pairs_bytes(&[(g, twist_point(&mut rng)), (g, twist_point(&mut rng))]);
    assert!(matches!(witness(Curve::Bn254, &outside, F2Mul::V3), Err(HintError::Invalid(_))));
    assert_eq!(check.result(&[&input[..n], &outside[..]].concat(), "Q outside G2"), None);

    hinted_common::assert_every_changed_witness_rejected(&check, Curve::Bn254, &input);
    // lengths: no pairs, a partial pair, a short witness
    assert_eq!(check.result(&input[..n], "no pairs"), None);
    assert_eq!(check.result(&input[..input.len() - 1], "a partial pair"), None);
    assert_eq!(check.result(&input[E..], "a witness one element short"), None);
}

/// Random products of one, k = 1..4 pairs (k = 1: P = O or Q = O), every one true; the same
/// pairs with one scalar changed have no witness.
#[test]
fn random_products_of_one() {
    let check = Check::new(Curve::Bn254, &[InstructionSet::Evmmax]);
    let mut rng = Rng::seed_from_u64(1108);
    for k in 1..=3 {
        let pairs = product_one(&mut rng, k);
        let bytes = pairs_bytes(&pairs);
        assert_eq!(check.result(&hinted_input(&bytes), "product one"), Some(true), "k = {}", k + 1);
        let mut broken = pairs.clone();
        broken[0].0 = (broken[0].0 + G1Affine::generator()).into_affine();
        assert_eq!(witness(Curve::Bn254, &pairs_bytes(&broken), F2Mul::V3), Err(HintError::NotOne));
    }
}

/// Every EIP-197 vector of `testdata/bn254/` (go-ethereum's `bn256Pairing.json`, the project's
/// adversarial files) against revm's 0x08 in the same run: where 0x08 answers 1 the hint exists
/// and the check answers true; where it answers 0 there is no witness and the check with another
/// input's witness answers false; where 0x08 fails, so does the hint, and the check halts. The
/// empty input (0x08: 1) gives the check no pair: it halts. The check in v9 and EVMMAX beside
/// the native program.
#[test]
fn every_eip197_vector_as_revm() {
    let check =
        Check::new(Curve::Bn254, &[InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax, InstructionSet::Evm]);
    let n = hint_bytes(Curve::Bn254) as usize;
    let borrowed = hinted_input(&pairs_bytes(&product_one(&mut Rng::seed_from_u64(8), 1)))[..n].to_vec();
    let mut ecpairing = [0u8; 20];
    ecpairing[19] = 0x08;
    let (mut answers, mut failures) = (0, 0);
    for (file, cases) in load_bn254_files(Operation::PairingCheck).unwrap() {
        for case in cases {
            let what = format!("{file} {}", case.name);
            let pre = call_precompile(Address::new(ecpairing), &case.input, &RunOptions::default()).unwrap();
            let revm = (pre.status == Status::Success).then(|| pre.output[31] == 1);
            let hint = witness(Curve::Bn254, &case.input, F2Mul::V3);
            let with_borrowed = [borrowed.as_slice(), &case.input].concat();
            match revm {
                _ if case.input.is_empty() => assert_eq!(check.result(&with_borrowed, &what), None),
                Some(true) => {
                    let w = hint.unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(check.result(&[w, case.input.clone()].concat(), &what), Some(true));
                }
                Some(false) => {
                    assert_eq!(hint, Err(HintError::NotOne), "{what}");
                    assert_eq!(check.result(&with_borrowed, &what), Some(false));
                }
                None => {
                    assert!(hint.is_err(), "{what}: a witness for input 0x08 refuses");
                    assert_eq!(check.result(&with_borrowed, &what), None);
                }
            }
            answers += revm.is_some() as usize;
            failures += revm.is_none() as usize;
        }
    }
    eprintln!("{answers} answers and {failures} failures of 0x08 matched by the hinted check");
    assert!(answers > 10 && failures > 10);
}

/// The hinted check's gas beside ecPairing's contract (the drop-in, its default build) and
/// EIP-1108's price, at k = 2, each as the transaction pays it (printed; the report is the
/// figure of record).
#[test]
fn gas_beside_the_drop_in() {
    let mut rng = Rng::seed_from_u64(1108);
    let pairs = pairs_bytes(&product_one(&mut rng, 1));
    let hinted = hinted_input(&pairs);
    let spec = RunOptions::default().spec;
    let price_tx = evm384_evm::transaction_gas(spec, &pairs, 45_000.0 + 34_000.0 * 2.0);
    eprintln!("EIP-1108's ecPairing at k = 2: 113000, transaction {price_tx}");
    for isa in SETS {
        let code = hinted_pairing_check_build(Curve::Bn254, HINTED_FORMULAS, isa).try_code(isa).unwrap();
        let (schedule, gas) = priced_gas(isa, &code, &hinted);
        let drop_in = Operation::PairingCheck.runtime_code(Curve::Bn254, isa, Formulas::default()).unwrap();
        let (_, drop_in_gas) = priced_gas(isa, &drop_in, &pairs);
        let tx = evm384_evm::transaction_gas(spec, &hinted, gas);
        let drop_in_tx = evm384_evm::transaction_gas(spec, &pairs, drop_in_gas);
        eprintln!(
            "{isa} ({schedule}): hinted {gas} (transaction {tx}, {:.3}x the price's), ecPairing contract \
             {drop_in_gas} (transaction {drop_in_tx}, {:.3}x)",
            tx / price_tx,
            drop_in_tx / price_tx
        );
    }
}

/// The check with a Miller factor G (`hinted_pairing_check_with_factor_program`): pairs whose
/// product is one split into G (the first pair's Miller value) and the rest: true; G of another
/// pair, or G changed: false; all pairs in G and only a pair with a point at infinity passed:
/// true (no shortcut past G), G of one pair alone: false; no pair, or G cut short: a halt.
#[test]
fn with_a_miller_factor() {
    use evm384_build::hinted_pairing_check_with_factor_build;
    use evm384_gen::ops::hint::miller_value;
    use evm384_gen::ops::pairing::hinted_pairing_check_with_factor_program;
    let prog = hinted_pairing_check_with_factor_program(Curve::Bn254, F2Mul::V3, evm384_gen::Moves::Copies);
    let codes: Vec<(InstructionSet, Vec<u8>)> = [InstructionSet::Evmmax, InstructionSet::Evm384(Interface::V9)]
        .into_iter()
        .map(|isa| {
            (isa, hinted_pairing_check_with_factor_build(Curve::Bn254, HINTED_FORMULAS, isa).try_code(isa).unwrap())
        })
        .collect();
    let result = |input: &[u8], what: &str| {
        let want = hinted_common::native_result(&prog, input);
        for (isa, code) in &codes {
            assert_eq!(hinted_common::contract(*isa, code, input), want, "{isa}: {what}");
        }
        want
    };
    let mut rng = Rng::seed_from_u64(254);
    let pairs = product_one(&mut rng, 2); // three pairs
    let bytes = pairs_bytes(&pairs);
    let w = witness(Curve::Bn254, &bytes, F2Mul::V3).unwrap();
    let g = miller_value(Curve::Bn254, &bytes[..192], F2Mul::V3).unwrap();
    assert_eq!(g.len(), 12 * E);
    assert_eq!(result(&[&w[..], &g, &bytes[192..]].concat(), "G of the first pair"), Some(true));
    let g_other = miller_value(Curve::Bn254, &bytes[192..384], F2Mul::V3).unwrap();
    assert_eq!(result(&[&w[..], &g_other, &bytes[192..]].concat(), "G of another pair"), Some(false));
    let mut g_changed = g.clone();
    g_changed[E - 1] ^= 1;
    assert_eq!(result(&[&w[..], &g_changed, &bytes[192..]].concat(), "G changed"), Some(false));
    let g_all = miller_value(Curve::Bn254, &bytes, F2Mul::V3).unwrap();
    // a pair with a point at infinity is skipped: the loop runs over no pair, G alone counts
    let inf = pairs_bytes(&[(G1Affine::identity(), G2Projective::generator().into_affine())]);
    assert_eq!(result(&[&w[..], &g_all, &inf].concat(), "every pair in G"), Some(true));
    assert_eq!(result(&[&w[..], &g, &inf].concat(), "G alone, not one"), Some(false));
    assert_eq!(result(&[&w[..], &g_all].concat(), "no pairs at all"), None);
    assert_eq!(result(&[&w[..], &g[..11 * E]].concat(), "G cut short"), None);
    // G = 0 makes the loop's value 0, which satisfies G·Y² = ±Ḡ: the check halts on it
    assert_eq!(result(&[&w[..], &[0u8; 12 * E], &bytes[192..]].concat(), "G = 0"), None);
}
