//! The model run through the vectors: RFC 9380's expand_message_xmd (Appendix K) and suite
//! vectors (Appendix J), and every shipped EIP-2537 MAP_FP_TO_G1 / MAP_FP2_TO_G2 case.

use super::model::{
    decode_elem, dst_prime, elem, encode_elem, encode_point, expand_message_xmd, g1_suite, g2_suite, hash_to_field,
    hex_int, l_bytes, msg_prime, p, point, rfc9380_json, text, Field, Fp, Fp2, Point, Suite,
};
use crate::curves::bls12_381_map_params;
use evm384_vectors::{load, load_operation_files, testdata_dir, Expected, Operation};
use num_bigint::BigUint;

/// RFC 9380 Appendix K.1 and K.2: expand_message_xmd(SHA-256), short and long DST.
#[test]
fn expand_message_xmd_vectors() {
    let mut n = 0;
    for file in ["expand_message_xmd_sha256.json", "expand_message_xmd_sha256_long_dst.json"] {
        let j = rfc9380_json(file);
        assert_eq!((text(&j, "name"), text(&j, "hash")), ("expand_message_xmd", "SHA256"));
        let dst = text(&j, "DST").as_bytes();
        for t in j["tests"].as_array().expect("tests") {
            let msg = text(t, "msg").as_bytes();
            let len = usize::from_str_radix(text(t, "len_in_bytes").trim_start_matches("0x"), 16).unwrap();
            let dp = dst_prime(dst);
            assert_eq!(hex::encode(&dp), text(t, "DST_prime"), "{file}");
            assert_eq!(hex::encode(msg_prime(msg, len, &dp)), text(t, "msg_prime"), "{file}");
            assert_eq!(hex::encode(expand_message_xmd(msg, dst, len)), text(t, "uniform_bytes"), "{file}");
            n += 1;
        }
    }
    assert_eq!(n, 20);
}

/// One RFC 9380 Appendix J suite file: hash_to_field (u), map_to_curve (Q0, Q1 or Q),
/// clear_cofactor of their sum (P); `ro`: hash_to_curve, else encode_to_curve.
fn check_suite_vectors<F: Field>(suite: &Suite<F>, file: &str, ro: bool) -> usize {
    let j = rfc9380_json(file);
    assert_eq!(hex_int(text(&j["field"], "p")), *p());
    assert_eq!(hex_int(text(&j["field"], "m")), BigUint::from(F::M));
    assert_eq!(hex_int(text(&j, "L")), BigUint::from(l_bytes()));
    assert_eq!(elem::<F>(text(&j, "Z")), suite.z);
    assert_eq!(j["randomOracle"].as_bool(), Some(ro));
    let dst = text(&j, "dst").as_bytes();
    let q_keys: &[&str] = if ro { &["Q0", "Q1"] } else { &["Q"] };
    let cases = j["vectors"].as_array().expect("vectors");
    for case in cases {
        let msg = text(case, "msg");
        let us: Vec<F> = hash_to_field(msg.as_bytes(), dst, q_keys.len());
        let want_u: Vec<F> = case["u"].as_array().unwrap().iter().map(|s| elem(s.as_str().unwrap())).collect();
        assert_eq!(us, want_u, "{file} msg {msg:?}: u");
        let mut sum = Point::Infinity;
        for (u, key) in us.iter().zip(q_keys) {
            let q = suite.map_to_curve(u).expect("square root");
            assert_eq!(q, point(&case[*key]), "{file} msg {msg:?}: {key}");
            sum = suite.e.add(&sum, &q);
        }
        let pt = suite.clear_cofactor(&sum);
        assert_eq!(pt, point(&case["P"]), "{file} msg {msg:?}: P");
        assert!(suite.in_subgroup(&pt));
    }
    cases.len()
}

/// RFC 9380 Appendix J.9.1 (BLS12381G1_XMD:SHA-256_SSWU_RO_), J.9.2 (…_NU_).
#[test]
fn g1_suite_vectors() {
    let suite = g1_suite(&bls12_381_map_params());
    assert_eq!(check_suite_vectors(&suite, "bls12381g1_xmd_sha256_sswu_ro.json", true), 5);
    assert_eq!(check_suite_vectors(&suite, "bls12381g1_xmd_sha256_sswu_nu.json", false), 5);
}

/// RFC 9380 Appendix J.10.1 (BLS12381G2_XMD:SHA-256_SSWU_RO_), J.10.2 (…_NU_).
#[test]
fn g2_suite_vectors() {
    let suite = g2_suite(&bls12_381_map_params());
    assert_eq!(check_suite_vectors(&suite, "bls12381g2_xmd_sha256_sswu_ro.json", true), 5);
    assert_eq!(check_suite_vectors(&suite, "bls12381g2_xmd_sha256_sswu_nu.json", false), 5);
}

// ---------------------------------------------------------------- EIP-2537 vectors

/// Every shipped MAP_FP_TO_G1 / MAP_FP2_TO_G2 file: success cases give Expected =
/// encode(clear_cofactor(map_to_curve(u))), failure cases have an input that does not decode.
fn check_eip_vectors<F: Field>(suite: &Suite<F>, op: Operation) -> (usize, usize) {
    let (mut ok, mut rejected) = (0, 0);
    for (file, cases) in load_operation_files(op).expect("vector files") {
        for case in cases {
            match &case.expected {
                Expected::Output(out) => {
                    let u: F = decode_elem(&case.input).unwrap_or_else(|| panic!("{file} {}: input", case.name));
                    let pt = suite.eip_map(&u).expect("square root");
                    assert_eq!(hex::encode(encode_point(&pt)), hex::encode(out), "{file} {}", case.name);
                    assert!(suite.in_subgroup(&pt), "{file} {}", case.name);
                    ok += 1;
                }
                Expected::Error(_) => {
                    assert!(decode_elem::<F>(&case.input).is_none(), "{file} {}", case.name);
                    rejected += 1;
                }
            }
        }
    }
    (ok, rejected)
}

#[test]
fn eip2537_map_fp_to_g1_vectors() {
    let suite = g1_suite(&bls12_381_map_params());
    assert_eq!(check_eip_vectors(&suite, Operation::MapFpToG1), (5 + 105, 5 + 5));
}

#[test]
fn eip2537_map_fp2_to_g2_vectors() {
    let suite = g2_suite(&bls12_381_map_params());
    assert_eq!(check_eip_vectors(&suite, Operation::MapFp2ToG2), (5 + 105, 5 + 5));
}

/// The EIP's own five cases per map are RFC 9380's encode_to_curve vectors (J.9.2, J.10.2):
/// Input = u, Expected = P, and the case name carries the message's first 8 bytes in hex.
#[test]
fn eip2537_inputs_are_the_rfc_encode_to_curve_vectors() {
    fn check<F: Field>(eip_file: &str, rfc_file: &str, prefix: &str) {
        let eip = load(&testdata_dir().join("eip2537/eips-assets").join(eip_file)).expect("EIP file");
        let rfc = rfc9380_json(rfc_file);
        let vectors = rfc["vectors"].as_array().unwrap();
        assert_eq!(eip.len(), vectors.len());
        for (case, v) in eip.iter().zip(vectors) {
            let msg = text(v, "msg").as_bytes();
            assert_eq!(case.name, format!("{prefix}{}", hex::encode(&msg[..msg.len().min(8)])));
            let u: F = elem(v["u"][0].as_str().unwrap());
            assert_eq!(case.input, encode_elem(&u), "{}", case.name);
            assert_eq!(case.expected, Expected::Output(encode_point(&point::<F>(&v["P"]))), "{}", case.name);
        }
    }
    check::<Fp>("map_fp_to_G1_bls.json", "bls12381g1_xmd_sha256_sswu_nu.json", "bls_g1map_");
    check::<Fp2>("map_fp2_to_G2_bls.json", "bls12381g2_xmd_sha256_sswu_nu.json", "bls_g2map_");
}
