//! EIP-2537 PAIRING_CHECK vectors (testdata/eip2537): every success vector through the engine,
//! the dispatching API, the batch (8 checks at once, one per lane) and blst; every failure vector
//! rejected by decoding or by `validate_pairs`.
use blst::*;
use evm384_ifma::*;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/eip2537")
}

fn load(rel: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    serde_json::from_str(&text).unwrap()
}

const P_BE: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

/// 64-byte big-endian field element: 16 zero bytes, then < p.
fn fp(b: &[u8]) -> Option<blst_fp> {
    if b[..16].iter().any(|&x| x != 0) || b[16..] >= hex::decode(P_BE).unwrap()[..] {
        return None;
    }
    let mut r = blst_fp::default();
    unsafe { blst_fp_from_bendian(&mut r, b[16..].as_ptr()) };
    Some(r)
}

/// Input → pairs (None: the encoding itself is invalid).
fn decode(input: &[u8]) -> Option<Vec<Pair>> {
    if input.is_empty() || !input.len().is_multiple_of(384) {
        return None;
    }
    input
        .chunks(384)
        .map(|c| {
            let p = blst_p1_affine { x: fp(&c[0..64])?, y: fp(&c[64..128])? };
            let q = blst_p2_affine {
                x: blst_fp2 { fp: [fp(&c[128..192])?, fp(&c[192..256])?] },
                y: blst_fp2 { fp: [fp(&c[256..320])?, fp(&c[320..384])?] },
            };
            Some((p, q))
        })
        .collect()
}

const OK_FILES: [&str; 3] = [
    "eips-assets/pairing_check_bls.json",
    "go-ethereum/blsPairing.json",
    "eest-derived/pairing_check_bls_eest_extra.json",
];
const FAIL_FILES: [&str; 3] = [
    "eips-assets/fail-pairing_check_bls.json",
    "go-ethereum/fail-blsPairing.json",
    "eest-derived/fail-pairing_check_bls_eest_extra.json",
];

#[test]
fn success_vectors() {
    let mut cases: Vec<(String, Vec<Pair>, bool)> = Vec::new();
    for f in OK_FILES {
        for v in load(f) {
            let name = v["Name"].as_str().unwrap_or("?").to_string();
            let pairs = decode(&hex::decode(v["Input"].as_str().unwrap()).unwrap()).expect(&name);
            let out = hex::decode(v["Expected"].as_str().unwrap()).unwrap();
            assert_eq!(out.len(), 32);
            assert!(out[..31].iter().all(|&x| x == 0) && out[31] <= 1, "{name}");
            assert_eq!(validate_pairs(&pairs), Ok(()), "{name}");
            cases.push((format!("{f}: {name}"), pairs, out[31] == 1));
        }
    }
    assert!(cases.len() >= 100, "only {} vectors found", cases.len());
    assert!(cases.iter().any(|c| c.2) && cases.iter().any(|c| !c.2));
    for (name, pairs, want) in &cases {
        assert_eq!(reference::pairing_check(pairs), *want, "blst {name}");
        assert_eq!(engine::pairing_check(pairs), *want, "engine {name}");
        assert_eq!(pairing_check_with(Backend::Ifma, pairs), *want, "api {name}");
    }
    // All vectors again, 8 checks at a time, one per lane (lanes of different lengths).
    let refs: Vec<&[Pair]> = cases.iter().map(|c| c.1.as_slice()).collect();
    let got = pairing_check_batch_with(Backend::Ifma, &refs);
    for (i, c) in cases.iter().enumerate() {
        assert_eq!(got[i], c.2, "batch {}", c.0);
    }
}

#[test]
fn failure_vectors_are_rejected() {
    let mut n = 0;
    for f in FAIL_FILES {
        for v in load(f) {
            let name = v["Name"].as_str().unwrap_or("?");
            let input = hex::decode(v["Input"].as_str().unwrap()).unwrap();
            if let Some(pairs) = decode(&input) {
                assert!(validate_pairs(&pairs).is_err(), "{f}: {name} accepted");
            }
            n += 1;
        }
    }
    assert!(n >= 20, "only {n} failure vectors");
}
