//! The wasm module against independent references: revm's own 0x0f (stock, blst inside) for
//! every answer and rejection class, arkworks' Fq6 for the Fp6 loop.
//!
//! Without a built module (no clang wasm32 target / wasm-ld) each test prints `SKIPPED …`;
//! `EVM384_REQUIRE_WASM=1` turns that into a failure.

use ark_bls12_381::{Fq, Fq2, Fq6};
use ark_ff::{BigInteger, Field, PrimeField};
use blst::*;
use evm384_precompile::{encode_pair, PrecompileHalt};
use evm384_wasm::{InputError, PairingCheck, WasmError, FP6_BYTES, PAIR_BYTES};
use revm::precompile::bls12_381_const::PAIRING_ADDRESS;
use revm::precompile::{PrecompileSpecId, Precompiles};

fn module(test: &str) -> Option<PairingCheck> {
    match PairingCheck::new() {
        Ok(m) => Some(m),
        Err(WasmError::Unavailable(why)) => {
            evm384_testkit::skip(evm384_testkit::Requirement::Wasm, test, why);
            None
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

/// revm's stock 0x0f (Osaka): the product's bit, or the halt reason.
fn revm_pairing_check(input: &[u8]) -> Result<bool, PrecompileHalt> {
    let set = Precompiles::new(PrecompileSpecId::OSAKA);
    let out = set.get(&PAIRING_ADDRESS).expect("0x0f in Osaka").execute(input, u64::MAX, 0).expect("no fatal error");
    match out.halt_reason() {
        Some(h) => Err(h.clone()),
        None => Ok(out.bytes[31] == 1),
    }
}

fn as_halt(e: InputError) -> PrecompileHalt {
    match e {
        InputError::PairingInputLength => PrecompileHalt::Bls12381PairingInputLength,
        InputError::FpPaddingInvalid => PrecompileHalt::Bls12381FpPaddingInvalid,
        InputError::NonCanonicalFp => PrecompileHalt::NonCanonicalFp,
        InputError::G1NotOnCurve => PrecompileHalt::Bls12381G1NotOnCurve,
        InputError::G1NotInSubgroup => PrecompileHalt::Bls12381G1NotInSubgroup,
        InputError::G2NotOnCurve => PrecompileHalt::Bls12381G2NotOnCurve,
        InputError::G2NotInSubgroup => PrecompileHalt::Bls12381G2NotInSubgroup,
    }
}

fn agree(m: &mut PairingCheck, input: &[u8], what: &str) -> Result<bool, PrecompileHalt> {
    let want = revm_pairing_check(input);
    let got = m.run(input).unwrap_or_else(|e| panic!("{what}: {e}")).map_err(as_halt);
    assert_eq!(got, want, "{what}");
    got
}

fn g1_mul(s: u64) -> blst_p1_affine {
    let (mut p, mut a) = (blst_p1::default(), blst_p1_affine::default());
    // SAFETY: static generator, 8-byte scalar.
    unsafe {
        blst_p1_mult(&mut p, blst_p1_generator(), s.to_le_bytes().as_ptr(), 64);
        blst_p1_to_affine(&mut a, &p);
    }
    a
}

fn g2_mul(s: u64) -> blst_p2_affine {
    let (mut q, mut a) = (blst_p2::default(), blst_p2_affine::default());
    // SAFETY: as in `g1_mul`.
    unsafe {
        blst_p2_mult(&mut q, blst_p2_generator(), s.to_le_bytes().as_ptr(), 64);
        blst_p2_to_affine(&mut a, &q);
    }
    a
}

fn g1_neg(p: &blst_p1_affine) -> blst_p1_affine {
    let (mut j, mut a) = (blst_p1::default(), blst_p1_affine::default());
    // SAFETY: blst reads and writes valid points.
    unsafe {
        blst_p1_from_affine(&mut j, p);
        blst_p1_cneg(&mut j, true);
        blst_p1_to_affine(&mut a, &j);
    }
    a
}

/// `k` pairs `([aᵢ]G1, [bᵢ]G2)`; with `one`, the last G1 point makes the product one.
fn input(k: usize, one: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut sum = 0u64;
    for i in 0..k {
        let (a, b) = (3 + 7 * i as u64, 5 + 11 * i as u64);
        if one && i == k - 1 {
            out.extend_from_slice(&encode_pair(&g1_neg(&g1_mul(sum)), &g2_mul(1)));
        } else {
            sum += a * b;
            out.extend_from_slice(&encode_pair(&g1_mul(a), &g2_mul(b)));
        }
    }
    out
}

#[test]
fn valid_inputs_agree_with_revm() {
    let Some(mut m) = module("valid_inputs_agree_with_revm") else { return };
    for k in 1..=3 {
        assert_eq!(agree(&mut m, &input(k, false), &format!("k = {k}, random")), Ok(false));
    }
    for k in 2..=3 {
        assert_eq!(agree(&mut m, &input(k, true), &format!("k = {k}, product one")), Ok(true));
    }
    // The memory is reused and grown: a long input after short ones, then a short one again.
    assert_eq!(agree(&mut m, &input(20, true), "k = 20"), Ok(true));
    assert_eq!(agree(&mut m, &input(2, true), "k = 2 after k = 20"), Ok(true));
}

/// p, big-endian.
fn p_be() -> [u8; 48] {
    let mut b = [0u8; 48];
    b.copy_from_slice(&Fq::MODULUS.to_bytes_be());
    b
}

/// A point on E(Fp): y² = x³ + 4 outside G1 (the first x = 0, 1, … with a root; E(Fp) has a
/// large cofactor, so such a point is almost never in G1).
fn g1_off_subgroup() -> blst_p1_affine {
    for x in 0u64.. {
        let xf = Fq::from(x);
        if let Some(y) = (xf * xf * xf + Fq::from(4u64)).sqrt() {
            let p = blst_p1_affine { x: fp(&xf), y: fp(&y) };
            // SAFETY: blst reads the point.
            if unsafe { blst_p1_affine_on_curve(&p) && !blst_p1_affine_in_g1(&p) } {
                return p;
            }
        }
    }
    unreachable!()
}

/// The same on E'(Fp2): y² = x³ + 4(u + 1).
fn g2_off_subgroup() -> blst_p2_affine {
    let b = Fq2::new(Fq::from(4u64), Fq::from(4u64));
    for x in 0u64.. {
        let xf = Fq2::new(Fq::from(x), Fq::from(1u64));
        if let Some(y) = (xf * xf * xf + b).sqrt() {
            let q = blst_p2_affine { x: fp2(&xf), y: fp2(&y) };
            // SAFETY: blst reads the point.
            if unsafe { blst_p2_affine_on_curve(&q) && !blst_p2_affine_in_g2(&q) } {
                return q;
            }
        }
    }
    unreachable!()
}

fn fp(x: &Fq) -> blst_fp {
    let mut out = blst_fp::default();
    let be = x.into_bigint().to_bytes_be();
    // SAFETY: 48 bytes.
    unsafe { blst_fp_from_bendian(&mut out, be.as_ptr()) };
    out
}

fn fp2(x: &Fq2) -> blst_fp2 {
    blst_fp2 { fp: [fp(&x.c0), fp(&x.c1)] }
}

#[test]
fn every_rejection_class_agrees_with_revm() {
    let Some(mut m) = module("every_rejection_class_agrees_with_revm") else { return };
    let good = input(2, true);
    let mut cases: Vec<(&str, Vec<u8>, Option<InputError>)> = vec![
        ("empty", vec![], Some(InputError::PairingInputLength)),
        ("383 bytes", good[..383].to_vec(), Some(InputError::PairingInputLength)),
    ];
    let mut x = good[..PAIR_BYTES].to_vec();
    x.push(0);
    cases.push(("385 bytes", x, Some(InputError::PairingInputLength)));
    // Padding of each of the six coordinates, in the second pair (checked before any value).
    for c in 0..6 {
        let mut x = good.clone();
        x[PAIR_BYTES + 64 * c + 15] = 1;
        cases.push(("padding", x, Some(InputError::FpPaddingInvalid)));
    }
    // A padding fault in pair 2 wins over an off-curve point in pair 1 (all paddings first).
    let mut x = good.clone();
    x[16 + 47] ^= 1;
    x[PAIR_BYTES] = 1;
    cases.push(("padding before values", x, Some(InputError::FpPaddingInvalid)));
    // p itself, and p with a changed low byte (> p), in each coordinate.
    for c in 0..6 {
        for bump in [0u8, 1] {
            let mut x = good.clone();
            let mut v = p_be();
            v[47] = v[47].wrapping_add(bump);
            x[64 * c + 16..64 * c + 64].copy_from_slice(&v);
            cases.push(("value ≥ p", x, Some(InputError::NonCanonicalFp)));
        }
    }
    let mut x = good.clone();
    x[16 + 47] ^= 1;
    cases.push(("G1 off the curve", x, Some(InputError::G1NotOnCurve)));
    let mut x = good.clone();
    x[128 + 16 + 47] ^= 1;
    cases.push(("G2 off the curve", x, Some(InputError::G2NotOnCurve)));
    let (p_bad, q_bad) = (g1_off_subgroup(), g2_off_subgroup());
    cases.push(("G1 outside G1", encode_pair(&p_bad, &g2_mul(3)).to_vec(), Some(InputError::G1NotInSubgroup)));
    cases.push(("G2 outside G2", encode_pair(&g1_mul(3), &q_bad).to_vec(), Some(InputError::G2NotInSubgroup)));
    // A point's subgroup is checked even when its partner is infinity.
    let inf1 = blst_p1_affine::default();
    let inf2 = blst_p2_affine::default();
    cases.push(("G1 outside G1, G2 infinity", encode_pair(&p_bad, &inf2).to_vec(), Some(InputError::G1NotInSubgroup)));
    cases.push(("G2 outside G2, G1 infinity", encode_pair(&inf1, &q_bad).to_vec(), Some(InputError::G2NotInSubgroup)));
    // Pair order decides which failure is reported.
    let bad_g2_first = [encode_pair(&g1_mul(2), &q_bad), encode_pair(&p_bad, &g2_mul(2))].concat();
    cases.push(("G2 fault in pair 1, G1 fault in pair 2", bad_g2_first, Some(InputError::G2NotInSubgroup)));
    // Infinity: pairs with a point at infinity are left out; none left gives true.
    cases.push(("both infinity", encode_pair(&inf1, &inf2).to_vec(), None));
    cases.push(("G1 infinity", encode_pair(&inf1, &g2_mul(5)).to_vec(), None));
    cases.push(("G2 infinity", encode_pair(&g1_mul(5), &inf2).to_vec(), None));
    cases.push((
        "infinity beside a product of one",
        [encode_pair(&inf1, &g2_mul(9)).to_vec(), good.clone()].concat(),
        None,
    ));
    cases.push((
        "infinity beside a random pair",
        [encode_pair(&g1_mul(9), &inf2).to_vec(), input(1, false)].concat(),
        None,
    ));
    // (0, 2) is on E (2² = 0³ + 4) and not in G1.
    let mut x = vec![0u8; PAIR_BYTES];
    x[127] = 2;
    x[128..].copy_from_slice(&encode_pair(&inf1, &g2_mul(1))[128..]);
    cases.push(("(0, 2)", x, None));

    for (what, x, want) in &cases {
        let got = agree(&mut m, x, what);
        if let Some(e) = want {
            assert_eq!(got, Err(as_halt(*e)), "{what}");
        }
    }
    // Still answering after every rejection.
    assert_eq!(agree(&mut m, &good, "valid after rejections"), Ok(true));
}

fn fq6_bytes(x: &Fq6) -> [u8; FP6_BYTES] {
    let mut out = [0u8; FP6_BYTES];
    for (i, c) in [x.c0.c0, x.c0.c1, x.c1.c0, x.c1.c1, x.c2.c0, x.c2.c1].iter().enumerate() {
        out[48 * i..48 * (i + 1)].copy_from_slice(&c.into_bigint().to_bytes_be());
    }
    out
}

fn fq6(seed: u64) -> Fq6 {
    let f = |i: u64| Fq::from(seed.wrapping_mul(0x9e3779b97f4a7c15).wrapping_add(i)).pow([seed + i + 3]);
    Fq6::new(Fq2::new(f(1), f(2)), Fq2::new(f(3), f(4)), Fq2::new(f(5), f(6)))
}

#[test]
fn f6m_mul_loop_agrees_with_arkworks() {
    let Some(mut m) = module("f6m_mul_loop_agrees_with_arkworks") else { return };
    let (a, b) = (fq6(1), fq6(2));
    for n in [0u32, 1, 2, 100] {
        // r4 = a·b, r5 = a·r4, then ten products a round, each of the two before it.
        let mut r = [a, a, a, a * b, a * (a * b)];
        for _ in 0..n {
            for k in 0..10 {
                let i = k % 5;
                r[i] = r[(i + 3) % 5] * r[(i + 4) % 5];
            }
        }
        let got = m.f6m_mul_loop(&fq6_bytes(&a), &fq6_bytes(&b), n).unwrap().unwrap();
        assert_eq!(got, fq6_bytes(&r[4]), "n = {n}");
    }
    let mut bad = fq6_bytes(&a);
    bad[48 * 3..48 * 4].copy_from_slice(&p_be());
    assert_eq!(m.f6m_mul_loop(&bad, &fq6_bytes(&b), 1).unwrap(), Err(InputError::NonCanonicalFp));
}

#[test]
fn wasmtime_version_is_the_locked_one() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
    let entry = lock.split("[[package]]").find(|p| p.contains("\nname = \"wasmtime\"\n")).expect("wasmtime locked");
    assert!(entry.contains(&format!("\nversion = \"{}\"\n", evm384_wasm::WASMTIME_VERSION)), "{entry}");
    assert!(evm384_wasm::ENGINE.contains(evm384_wasm::WASMTIME_VERSION));
}
