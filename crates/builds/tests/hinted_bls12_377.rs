//! The hinted pairing check on BLS12-377 (`pairing::hinted_pairing_check_program` with z > 0
//! and the scaling factor's U in Fp4; witness by `hint::witness`), against arkworks'
//! `ark-bls12-377`: true for pairs whose product is 1 natively and in v7, v8, v9 and EVMMAX (the
//! shipped build), no witness for a product ≠ 1, every wrong witness rejected, c = 0 and
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
use evm384_gen::curves::{bls12_377, Curve};
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

fn element(x: &[u8], i: usize) -> [u8; 48] {
    x[48 * i..48 * i + 48].try_into().unwrap()
}

/// One field element of the witness (index i of the 19, 48 bytes each) replaced by `v`.
fn with_element(input: &[u8], i: usize, v: &[u8; 48]) -> Vec<u8> {
    let mut x = input.to_vec();
    x[48 * i..48 * i + 48].copy_from_slice(v);
    x
}

fn small(v: u8) -> [u8; 48] {
    let mut x = [0u8; 48];
    x[47] = v;
    x
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
    assert_eq!(n, 19 * 48, "c (12) ‖ U (4) ‖ x₀, x₁, x₂");
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

    // the witness: c (0..12), U = U₀ + U₁·v·w (12..16), then x₀, x₁, x₂ (16..19) with s = v^t
    let zero = [0u8; 48];
    let t = (0..3).find(|&t| element(&input, 16 + t) == small(1)).expect("s = v^t");
    assert!((0..3).all(|i| i == t || element(&input, 16 + i) == zero), "s = v^t");
    assert_eq!(check.result(&with_element(&input, 0, &small(2)), "c changed"), Some(false));
    assert_eq!(check.result(&with_element(&input, 11, &small(1)), "c changed"), Some(false));
    let c_zero = (0..12).fold(input.clone(), |x, i| with_element(&x, i, &zero));
    assert_eq!(check.result(&c_zero, "c = 0"), None, "c = 0 would satisfy F·c^z·w = c^p: it halts");
    let c_one = (1..12).fold(with_element(&input, 0, &small(1)), |x, i| with_element(&x, i, &zero));
    assert_eq!(check.result(&c_one, "c = 1"), Some(false));
    for i in 12..16 {
        assert_eq!(check.result(&with_element(&input, i, &small(3)), "U changed"), Some(false), "U coordinate {i}");
    }
    let u_zero = (12..16).fold(input.clone(), |x, i| with_element(&x, i, &zero));
    assert_eq!(check.result(&u_zero, "U = 0"), Some(false));
    for wrong in (0..3).filter(|&i| i != t) {
        let moved = with_element(&with_element(&input, 16 + t, &zero), 16 + wrong, &small(1));
        assert_eq!(check.result(&moved, "a wrong power of v"), Some(false), "t = {t}, moved to {wrong}");
        assert_eq!(check.result(&with_element(&input, 16 + wrong, &small(1)), "s with two terms"), Some(false));
    }
    // a coordinate not below p: the encoding check halts
    let p_bytes = evm384_arith::to_be_bytes(&bls12_377().p);
    assert_eq!(check.result(&with_element(&input, 5, &p_bytes), "a coordinate of c = p"), None);
    assert_eq!(check.result(&with_element(&input, 13, &p_bytes), "a coordinate of U = p"), None);
    // c·2 with U·2^λ: another witness of the same product, true (2^λ = 2^(p − z) = 2^(1 − z)
    // in Fp, and U·2^λ stays in Fp4); c·2 alone: false
    let f = evm384_arith::MontField::new(bls12_377().p);
    let scale = |bytes: &mut Vec<u8>, i: usize, by: &[u64; 6]| {
        let v = evm384_arith::from_be_bytes(&element(bytes, i));
        let r = f.from_mont(&f.mul(&f.to_mont(&v), &f.to_mont(by)));
        bytes[48 * i..48 * i + 48].copy_from_slice(&evm384_arith::to_be_bytes(&r));
    };
    let mut c2 = input.clone();
    (0..12).for_each(|i| scale(&mut c2, i, &[2, 0, 0, 0, 0, 0]));
    assert_eq!(check.result(&c2, "c·2"), Some(false));
    let two_mont = f.to_mont(&[2, 0, 0, 0, 0, 0]);
    let mut two_z = f.to_mont(&[1, 0, 0, 0, 0, 0]);
    for bit in (0..64).rev() {
        two_z = f.mul(&two_z, &two_z);
        if bls12_377().z_abs >> bit & 1 == 1 {
            two_z = f.mul(&two_z, &two_mont);
        }
    }
    let two_lambda = f.from_mont(&f.mul(&two_mont, &f.inverse(&two_z))); // 2^(1 − z)
    (12..16).for_each(|i| scale(&mut c2, i, &two_lambda));
    assert_eq!(check.result(&c2, "c·2, U·2^λ"), Some(true));
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
