//! The replacement 0x0f against revm's own, inside revm and as functions: every EIP-2537
//! pairing vector (success and failure), and randomised mutations of valid inputs, must give the
//! same status, output, gas and halt reason. Where the CPU has IFMA the pairing runs on it (the
//! test says which backend it exercised; `EVM384_REQUIRE_IFMA=1` fails without it).

use blst::*;
use evm384_evm::{precompile_caller_code, RunOptions, Runner, SpecId, BLS12_PAIRING_CHECK};
use evm384_precompile::{gas, pairing_check, precompiles, Backend};
use proptest::prelude::*;
use revm::precompile::bls12_381::pairing::pairing as revm_pairing;

fn backend_note(test: &str) {
    let b = evm384_precompile::backend();
    eprintln!("{test}: pairing backend {b:?}");
    if b != Backend::Ifma && evm384_testkit::required(evm384_testkit::Requirement::Ifma) {
        panic!("{test}: EVM384_REQUIRE_IFMA=1 but the IFMA backend is not in use");
    }
}

fn runners() -> (Runner, Runner) {
    let opts = RunOptions { count_opcodes: false, ..Default::default() };
    let stock = Runner::new(opts.clone());
    let mut ours = Runner::new(opts);
    ours.set_precompiles(precompiles(SpecId::OSAKA));
    (stock, ours)
}

#[test]
fn every_vector_in_revm_as_revm_does() {
    backend_note("every_vector_in_revm_as_revm_does");
    let (mut stock, mut ours) = runners();
    let caller = precompile_caller_code(BLS12_PAIRING_CHECK);
    let (mut stock_via, mut ours_via) = runners();
    stock_via.deploy(&caller);
    ours_via.deploy(&caller);
    let (mut ok, mut failed) = (0, 0);
    for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
        for case in cases {
            let name = format!("{file}: {}", case.name);
            let want = case.pairing_result(file).unwrap();
            // The functions: the exact result, halt reason included, at the exact price and
            // one gas short of it.
            let k = (case.input.len() / 384) as u64;
            for limit in [gas(k), gas(k).saturating_sub(1), u64::MAX] {
                assert_eq!(pairing_check(&case.input, limit), revm_pairing(&case.input, limit), "{name}, gas {limit}");
            }
            // Inside revm: called directly and from a contract.
            let (a, b) = (
                stock.call(BLS12_PAIRING_CHECK, &case.input).unwrap(),
                ours.call(BLS12_PAIRING_CHECK, &case.input).unwrap(),
            );
            assert_eq!((&a.status, &a.output, a.gas_used), (&b.status, &b.output, b.gas_used), "{name}");
            let (a, b) = (stock_via.run(&case.input).unwrap(), ours_via.run(&case.input).unwrap());
            assert_eq!((&a.status, &a.output, a.gas_used), (&b.status, &b.output, b.gas_used), "{name} via a contract");
            // And the vector's own answer.
            match want {
                Some(v) => {
                    assert_eq!(b.output, [vec![0u8; 31], vec![v as u8]].concat(), "{name}");
                    ok += 1;
                }
                None => {
                    assert_ne!(b.status, evm384_evm::Status::Success, "{name}");
                    failed += 1;
                }
            }
        }
    }
    assert!(ok >= 100 && failed >= 50, "only {ok} success and {failed} failure vectors");
}

/// (a·G1, b·G2) as a 384-byte EIP-2537 pair; `negate` gives (−a·G1, b·G2).
fn pair(a: u64, b: u64, negate: bool) -> Vec<u8> {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let (mut p, mut q) = (blst_p1::default(), blst_p2::default());
        let (mut sa, mut sb) = (blst_scalar::default(), blst_scalar::default());
        blst_scalar_from_uint64(&mut sa, [a, 0, 0, 0].as_ptr());
        blst_scalar_from_uint64(&mut sb, [b, 0, 0, 0].as_ptr());
        blst_p1_mult(&mut p, blst_p1_generator(), sa.b.as_ptr(), 64);
        blst_p2_mult(&mut q, blst_p2_generator(), sb.b.as_ptr(), 64);
        blst_p1_cneg(&mut p, negate);
        let (mut pa, mut qa) = (blst_p1_affine::default(), blst_p2_affine::default());
        blst_p1_to_affine(&mut pa, &p);
        blst_p2_to_affine(&mut qa, &q);
        evm384_precompile::encode_pair(&pa, &qa).to_vec()
    }
}

/// The kinds of damage done to a valid input.
#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(usize),
    SetByte(usize, u8),
    /// Field element `i` (of 6k) set to p − 1, p, p + 1, 2^381 − 1 or 0xff…ff (48 bytes).
    SetFp(usize, u8),
    /// Point `i` (of 2k) zeroed: infinity.
    Infinity(usize),
    Truncate(usize),
    Append(u8),
    /// Point `i` (of 2k) replaced by a point of its curve outside the subgroup (from a seed).
    OffSubgroup(usize, u64),
}

/// A point of E(Fp) (`g2`: E'(Fp2)) that is not in G1 (G2): the first x from the seed up where
/// x³ + b is a square, checked by blst.
fn off_subgroup_point(seed: u64, g2: bool) -> Vec<u8> {
    // SAFETY: blst reads and writes the locals.
    unsafe {
        let fp = |w: [u64; 6]| {
            let mut r = blst_fp::default();
            blst_fp_from_uint64(&mut r, w.as_ptr());
            r
        };
        let four = fp([4, 0, 0, 0, 0, 0]);
        let fp = |v: u64| fp([v, v.rotate_left(17), 3, 0, 0, 0]);
        for t in seed.. {
            if g2 {
                let x = blst_fp2 { fp: [fp(t), fp(t ^ 0x5555)] };
                let (mut rhs, mut y) = (blst_fp2::default(), blst_fp2::default());
                blst_fp2_sqr(&mut rhs, &x);
                blst_fp2_mul(&mut rhs, &rhs, &x);
                let b = blst_fp2 { fp: [four, four] };
                blst_fp2_add(&mut rhs, &rhs, &b);
                if !blst_fp2_sqrt(&mut y, &rhs) {
                    continue;
                }
                let q = blst_p2_affine { x, y };
                if blst_p2_affine_on_curve(&q) && !blst_p2_affine_in_g2(&q) {
                    return evm384_precompile::encode_g2(&q).to_vec();
                }
            } else {
                let x = fp(t);
                let (mut rhs, mut y) = (blst_fp::default(), blst_fp::default());
                blst_fp_sqr(&mut rhs, &x);
                blst_fp_mul(&mut rhs, &rhs, &x);
                blst_fp_add(&mut rhs, &rhs, &four);
                if !blst_fp_sqrt(&mut y, &rhs) {
                    continue;
                }
                let p = blst_p1_affine { x, y };
                if blst_p1_affine_on_curve(&p) && !blst_p1_affine_in_g1(&p) {
                    return evm384_precompile::encode_g1(&p).to_vec();
                }
            }
        }
        unreachable!("half of all x give a point")
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::FlipBit),
        (any::<usize>(), any::<u8>()).prop_map(|(i, v)| Mutation::SetByte(i, v)),
        (any::<usize>(), 0u8..5).prop_map(|(i, v)| Mutation::SetFp(i, v)),
        any::<usize>().prop_map(Mutation::Infinity),
        (1usize..384).prop_map(Mutation::Truncate),
        any::<u8>().prop_map(Mutation::Append),
        (any::<usize>(), any::<u64>()).prop_map(|(i, s)| Mutation::OffSubgroup(i, s >> 8)),
    ]
}

fn apply(input: &mut Vec<u8>, m: &Mutation) {
    let (n, k) = (input.len(), input.len() / 384);
    match *m {
        Mutation::FlipBit(i) => input[(i / 8) % n] ^= 1 << (i % 8),
        Mutation::SetByte(i, v) => input[i % n] = v,
        Mutation::SetFp(i, v) => {
            let at = 64 * (i % (6 * k)) + 16;
            let value = match v {
                0..=2 => p_minus_one_plus(v),
                3 => {
                    let mut b = [0xff; 48];
                    b[0] = 0x1f;
                    b
                }
                _ => [0xff; 48],
            };
            input[at..at + 48].copy_from_slice(&value);
        }
        Mutation::Infinity(i) => {
            let (pair, g2) = ((i / 2) % k, i % 2 == 1);
            let range = if g2 { 384 * pair + 128..384 * pair + 384 } else { 384 * pair..384 * pair + 128 };
            input[range].fill(0);
        }
        Mutation::OffSubgroup(i, seed) => {
            let (pair, g2) = ((i / 2) % k, i % 2 == 1);
            let at = if g2 { 384 * pair + 128 } else { 384 * pair };
            let point = off_subgroup_point(seed, g2);
            input[at..at + point.len()].copy_from_slice(&point);
        }
        Mutation::Truncate(d) => input.truncate(n - d),
        Mutation::Append(v) => input.push(v),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Valid inputs of 1..4 pairs (product one, or a random extra pair), one to three
    /// mutations: our function and revm's agree exactly.
    #[test]
    fn mutated_inputs_agree_with_revm(
        scalars in proptest::collection::vec((1u64..u64::MAX, 1u64..u64::MAX), 1..3),
        extra in proptest::option::of((1u64..u64::MAX, 1u64..u64::MAX)),
        mutations in proptest::collection::vec(mutation(), 0..3),
    ) {
        let mut input = Vec::new();
        for &(a, b) in &scalars {
            input.extend(pair(a, b, false));
            input.extend(pair(a, b, true));
        }
        if let Some((a, b)) = extra {
            input.extend(pair(a, b, false));
        }
        for m in &mutations {
            if input.len() >= 384 {
                apply(&mut input, m);
            }
        }
        let k = (input.len() / 384) as u64;
        prop_assert_eq!(pairing_check(&input, gas(k)), revm_pairing(&input, gas(k)));
    }
}

#[test]
fn unmutated_inputs_give_both_answers() {
    backend_note("unmutated_inputs_give_both_answers");
    let one = [pair(5, 7, false), pair(5, 7, true)].concat();
    let not_one = [one.clone(), pair(3, 11, false)].concat();
    for (input, want) in [(one, 1u8), (not_one, 0u8)] {
        let k = (input.len() / 384) as u64;
        let out = pairing_check(&input, gas(k)).unwrap();
        assert_eq!(out.bytes[31], want);
        assert_eq!(Ok(out), revm_pairing(&input, gas(k)));
    }
    // p, p + 1 and 2^381 − 1 are rejected as non-canonical, p − 1 is read.
    let mut input = pair(5, 7, false);
    for (v, canonical) in [(0u8, true), (1, false), (2, false)] {
        input[16..64].copy_from_slice(&p_minus_one_plus(v));
        let r = pairing_check(&input, gas(1));
        assert_eq!(r, revm_pairing(&input, gas(1)));
        assert_eq!(r == Err(revm::precompile::PrecompileHalt::NonCanonicalFp), !canonical, "p - 1 + {v}");
    }
}

/// Every combination of {valid, outside the subgroup, off the curve, infinity} for each point of
/// three pairs: the subgroup tests run out of order (`pairing_check`'s documentation), yet the
/// halt reason must be revm's, the first failure in revm's order.
#[test]
fn failures_in_every_order_give_revm_reason() {
    backend_note("failures_in_every_order_give_revm_reason");
    let valid = [pair(5, 7, false), pair(5, 7, true), pair(3, 11, false)].concat();
    for combo in 0..4usize.pow(6) {
        let mut input = valid.clone();
        for point in 0..6 {
            let (pair, g2) = (point / 2, point % 2 == 1);
            let at = if g2 { 384 * pair + 128 } else { 384 * pair };
            let len = if g2 { 256 } else { 128 };
            let state = (combo / 4usize.pow(point as u32)) % 4;
            match state {
                0 => {}
                1 => input[at..at + len].copy_from_slice(&off_subgroup_point(point as u64 * 7 + 1, g2)),
                2 => input[at + len - 1] ^= 1, // y's last bit: off the curve
                _ => input[at..at + len].fill(0),
            }
        }
        assert_eq!(pairing_check(&input, gas(3)), revm_pairing(&input, gas(3)), "combination {combo}");
    }
}

/// p − 1 + `delta` (`delta` ≤ 2), 48 bytes big-endian: the largest coordinate and the first two
/// past it.
fn p_minus_one_plus(delta: u8) -> [u8; 48] {
    let mut v = evm384_arith::BLS12_381_P;
    v[0] = v[0] - 1 + delta as u64; // p's low limb is neither 0 nor near 2^64
    evm384_arith::to_be_bytes(&v)
}
