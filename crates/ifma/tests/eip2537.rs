//! EIP-2537 PAIRING_CHECK vectors (testdata/eip2537): every success vector through the engine,
//! the dispatching API, the batch (8 checks at once, one per lane) and blst. (The failure
//! vectors test input validation, which this crate leaves to its caller: `validate_pairs` is
//! blst's on-curve and subgroup checks, covered by the report's baseline tests.)
mod common;
use blst::*;
use common::require_ifma;
use evm384_ifma::*;

/// 64-byte big-endian field element: 16 zero bytes, then a canonical value (< p: blst's
/// conversion reduces silently, so a value is canonical iff it converts back to itself).
fn fp(b: &[u8]) -> Option<blst_fp> {
    if b[..16].iter().any(|&x| x != 0) {
        return None;
    }
    let (mut r, mut back) = (blst_fp::default(), [0u8; 48]);
    // SAFETY: 48-byte buffers and a valid field element.
    unsafe {
        blst_fp_from_bendian(&mut r, b[16..].as_ptr());
        blst_bendian_from_fp(back.as_mut_ptr(), &r);
    }
    (back[..] == b[16..]).then_some(r)
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

#[test]
fn success_vectors() {
    if !require_ifma("success_vectors") {
        return;
    }
    let mut cases: Vec<(String, Vec<Pair>, bool)> = Vec::new();
    for (f, file_cases) in evm384_vectors::load_pairing_files().unwrap() {
        for v in file_cases {
            let Some(want) = v.pairing_result(f).unwrap() else { continue };
            let pairs = decode(&v.input).unwrap_or_else(|| panic!("{f}: {}: undecodable", v.name));
            assert_eq!(validate_pairs(&pairs), Ok(()), "{}", v.name);
            cases.push((format!("{f}: {}", v.name), pairs, want));
        }
    }
    assert!(cases.len() >= 100, "only {} vectors found", cases.len());
    assert!(cases.iter().any(|c| c.2) && cases.iter().any(|c| !c.2));
    for (name, pairs, want) in &cases {
        assert_eq!(common::ref_pairing_check(pairs), *want, "blst {name}");
        assert_eq!(pairing_check(pairs), *want, "api {name}");
    }
    // All vectors again, 8 checks at a time, one per lane (lanes of different lengths).
    let refs: Vec<&[Pair]> = cases.iter().map(|c| c.1.as_slice()).collect();
    for engine in [Engine::Lanes, Engine::Latency] {
        let got = pairing_check_batch(&refs, BatchOptions { backend: Backend::Ifma, engine, threads: Threads::All });
        for (i, c) in cases.iter().enumerate() {
            assert_eq!(got[i], c.2, "batch on {engine:?}: {}", c.0);
        }
    }
}
