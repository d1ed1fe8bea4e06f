//! The hinted pairing check on BLS12-377 (`pairing::hinted_pairing_check_program` with z > 0:
//! ū = u⁻¹ folded into the loop; witness by `hint::witness`), against arkworks'
//! `ark-bls12-377`: true for pairs whose product is 1 natively and in v7, v8, v9 and EVMMAX (the
//! shipped build), no witness for a product ≠ 1, every wrong witness rejected (u = 0 included),
//! malformed pairs halting; the gas beside BLS12-377's PAIRING contract.

#[path = "../../gen/tests/common_bls12_377/mod.rs"]
mod common_bls12_377;
mod hinted_common;

use ark_bls12_377::{Bls12_377, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::{One, UniformRand};
use common_bls12_377::{g1_bytes, g2_bytes, g2_off_subgroup};
use evm384_build::{hinted_pairing_check_build, Contract, Formulas, HINTED_FORMULAS};
use evm384_evm::{InstructionSet, Interface, RunOptions};
use evm384_gen::curves::Curve;
use evm384_gen::ops::hint::{witness, HintError};
use evm384_gen::ops::pairing::hint_bytes;
use evm384_gen::{F2Mul, Operation};
use hinted_common::{priced_gas, Check};
use rand::SeedableRng;

type Rng = rand::rngs::StdRng;

const SETS: [InstructionSet; 4] = [
    InstructionSet::Evm384(Interface::V7),
    InstructionSet::Evm384(Interface::V8),
    InstructionSet::Evm384(Interface::V9),
    InstructionSet::Evmmax,
];

fn pairs_bytes(pairs: &[(G1Affine, G2Affine)]) -> Vec<u8> {
    pairs.iter().flat_map(|(p, q)| [g1_bytes(p), g2_bytes(q)].concat()).collect()
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
    assert!(Bls12_377::multi_pairing(ps, qs).0.is_one());
    pairs
}

fn hinted_input(pairs: &[u8]) -> Vec<u8> {
    let w = witness(Curve::Bls12_377, pairs, F2Mul::V3).expect("a witness");
    assert_eq!(w.len(), hint_bytes(Curve::Bls12_377) as usize);
    [w, pairs.to_vec()].concat()
}

#[test]
fn true_for_products_of_one_and_every_wrong_witness_rejected() {
    let check = Check::new(Curve::Bls12_377, &SETS);
    let mut rng = Rng::seed_from_u64(2539);
    let two = pairs_bytes(&product_one(&mut rng, 1));
    let input = hinted_input(&two);
    assert_eq!(check.result(&input, "e(aG, bH)·e(−abG, H)"), Some(true));
    let four = pairs_bytes(&product_one(&mut rng, 3));
    assert_eq!(check.result(&hinted_input(&four), "k = 4"), Some(true));
    // every pair with a point at infinity: the empty product, true whatever the witness
    let inf = pairs_bytes(&[(G1Affine::identity(), G2Projective::generator().into_affine())]);
    assert_eq!(check.result(&hinted_input(&inf), "infinity"), Some(true));
    let n = hint_bytes(Curve::Bls12_377) as usize;
    assert_eq!(check.result(&[&input[..n], &inf[..]].concat(), "infinity, another witness"), Some(true));

    // a product ≠ 1 has no witness; with another input's witness the check is false
    let g = G1Projective::generator().into_affine();
    let not_one = pairs_bytes(&[(g, G2Projective::generator().into_affine())]);
    assert_eq!(witness(Curve::Bls12_377, &not_one, F2Mul::V3), Err(HintError::NotOne));
    assert_eq!(check.result(&[&input[..n], &not_one[..]].concat(), "a borrowed witness"), Some(false));
    assert_eq!(check.result(&[&input[..n], &four[..]].concat(), "another input's witness"), Some(false));
    // malformed pairs have no witness either, and halt whatever the witness
    let outside = pairs_bytes(&[(g, g2_off_subgroup(&mut rng)), (g, g2_off_subgroup(&mut rng))]);
    assert!(matches!(witness(Curve::Bls12_377, &outside, F2Mul::V3), Err(HintError::Invalid(_))));
    assert_eq!(check.result(&[&input[..n], &outside[..]].concat(), "Q outside G2"), None);

    hinted_common::assert_every_changed_witness_rejected(&check, Curve::Bls12_377, &input);
    // lengths: no pairs, a partial pair, a short witness
    assert_eq!(check.result(&input[..n], "no pairs"), None);
    assert_eq!(check.result(&input[..input.len() - 1], "a partial pair"), None);
    assert_eq!(check.result(&input[48..], "a witness one element short"), None);
}

/// The hinted check's gas beside BLS12-377's PAIRING contract (the drop-in, its default build)
/// and EIP-2539's price, at k = 2, each as the transaction pays it (printed; the report's
/// section 11 is the figure of record).
#[test]
fn gas_beside_the_drop_in() {
    let mut rng = Rng::seed_from_u64(377);
    let pairs = pairs_bytes(&product_one(&mut rng, 1));
    let hinted = hinted_input(&pairs);
    let spec = RunOptions::default().spec;
    let price_tx = evm384_evm::transaction_gas(spec, &pairs, 55_000.0 * 2.0 + 65_000.0);
    eprintln!("EIP-2539's PAIRING at k = 2: 175000, transaction {price_tx}");
    for isa in SETS {
        let code = hinted_pairing_check_build(Curve::Bls12_377, HINTED_FORMULAS, isa).try_code(isa).unwrap();
        let (schedule, gas) = priced_gas(isa, &code, &hinted);
        let drop_in = Operation::PairingCheck.runtime_code(Curve::Bls12_377, isa, Formulas::default()).unwrap();
        let (_, drop_in_gas) = priced_gas(isa, &drop_in, &pairs);
        let tx = evm384_evm::transaction_gas(spec, &hinted, gas);
        let drop_in_tx = evm384_evm::transaction_gas(spec, &pairs, drop_in_gas);
        eprintln!(
            "{isa} ({schedule}): hinted {gas} (transaction {tx}, {:.3}x the price's), PAIRING contract \
             {drop_in_gas} (transaction {drop_in_tx}, {:.3}x)",
            tx / price_tx,
            drop_in_tx / price_tx
        );
    }
}
