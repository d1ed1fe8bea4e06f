//! The Groth16 verifier (`evm384_gen::glue::groth16`) in revm over the precompiles 0x06, 0x07 and
//! 0x08: arkworks' proofs of a small circuit with 1, 2 and 5 public inputs, valid and tampered,
//! arkworks' `Groth16::verify` the reference for each; a published proof (Lightprotocol's
//! groth16-solana, 9 inputs) and a published snarkjs key (arkworks' circom-compat) from
//! `testdata/groth16/`; proofs snarkjs (circom) and gnark made for `testdata/groth16/`, read
//! from their own files; the loaders' errors. The proofs and their tamperings are shared with the
//! verifier over this project's contracts (`crates/builds/tests/groth16_contracts.rs`):
//! `common_groth16`.

mod common_groth16;

use ark_bn254::{Bn254, Fq, Fr, G1Affine};
use ark_ec::CurveGroup;
use ark_ff::PrimeField;
use ark_groth16::Groth16;
use ark_snark::SNARK;
use ark_std::rand::{rngs::StdRng, SeedableRng};
use common_groth16::{
    g1, g2, g2_outside_subgroup, gnark, gnark_file, groth16_solana, snarkjs_circom, testdata, verify, Powers, Setup,
};
use evm384_evm::{Address, RunOptions, Runner, Status};
use evm384_gen::glue::groth16::{
    calldata, encode_g1, encode_g2, proof_from_gnark, public_inputs_from_gnark, public_inputs_from_snarkjs_json,
    verifier_code, Backend, Groth16Error, VerifyingKey,
};

fn runner(vk: &VerifyingKey) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() });
    r.deploy(&verifier_code(vk, &Backend::PRECOMPILES).expect("verifier code"));
    r
}

/// Valid proofs for k = 1, 2 and 5 public inputs verify; each tampering is rejected as the
/// module documents, arkworks agreeing wherever it can tell.
#[test]
fn arkworks_proofs_valid_and_tampered() {
    let mut rng = StdRng::seed_from_u64(2016260);
    for k in [1usize, 2, 5] {
        let setup = Setup::new(Powers { w: Fr::from(3u64 + k as u64), k }, &mut rng);
        let mut r = runner(&setup.vk);
        for case in setup.cases() {
            case.check_ark(&setup.ark_vk);
            assert_eq!(verify(&mut r, &case.calldata), case.want, "k = {k}: {}", case.what);
        }
    }
}

/// A key with no public input (IC₀ alone): vk_x = IC₀, no call but the pairing.
#[test]
fn no_public_input() {
    let mut rng = StdRng::seed_from_u64(0);
    let circuit = Powers { w: Fr::from(7u8), k: 0 };
    let (pk, ark_vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), &mut rng).unwrap();
    let proof = Groth16::<Bn254>::prove(&pk, circuit, &mut rng).unwrap();
    let mut r = runner(&VerifyingKey::from(&ark_vk));
    assert_eq!(verify(&mut r, &calldata(&proof, &[])), Some(true));
    let bad = ark_groth16::Proof { c: (proof.c + g1(2)).into_affine(), ..proof };
    assert_eq!(verify(&mut r, &calldata(&bad, &[])), Some(false));
}

/// Lightprotocol/groth16-solana's published proof with 9 public inputs (testdata/README.md):
/// arkworks and the contract accept it; a changed input, A negated and an input ≥ r do not.
#[test]
fn published_groth16_solana_proof() {
    let (vk, cases) = groth16_solana();
    let ark_vk = common_groth16::ark_vk(&vk);
    let mut r = runner(&vk);
    for case in cases {
        case.check_ark(&ark_vk);
        assert_eq!(verify(&mut r, &case.calldata), case.want, "{}", case.what);
    }
}

/// The proofs snarkjs (from a circom circuit) and gnark made, read from their own files: each
/// verifies, its rerandomisation too, and every tampering is rejected, arkworks agreeing.
#[test]
fn snarkjs_and_gnark_proofs() {
    for (tool, (vk, cases)) in [("snarkjs", snarkjs_circom()), ("gnark", gnark())] {
        let ark_vk = common_groth16::ark_vk(&vk);
        let mut r = runner(&vk);
        for case in cases {
            case.check_ark(&ark_vk);
            assert_eq!(verify(&mut r, &case.calldata), case.want, "{tool}: {}", case.what);
        }
    }
}

/// gnark's two key encodings give one key, and its two proof encodings one proof: the Solidity
/// form's 256 bytes are A ‖ B ‖ C as EIP-197 encodes them, the verifier's calldata.
#[test]
fn gnark_encodings_agree() {
    let vk = VerifyingKey::from_gnark(&gnark_file("verifying_key.bin")).unwrap();
    assert_eq!(VerifyingKey::from_gnark(&gnark_file("verifying_key.raw.bin")).unwrap(), vk);
    let proof = proof_from_gnark(&gnark_file("proof.bin")).unwrap();
    let solidity = gnark_file("proof.solidity.bin");
    assert_eq!(proof_from_gnark(&solidity).unwrap(), proof);
    assert_eq!(calldata(&proof, &[])[..], solidity[..]);
}

/// gnark's files with a fault: the loaders name it.
#[test]
fn gnark_loader_errors() {
    let key = gnark_file("verifying_key.bin");
    let raw = gnark_file("verifying_key.raw.bin");
    let proof = gnark_file("proof.bin");
    let public = gnark_file("public_witness.bin");
    let edit = |bytes: &[u8], f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = bytes.to_vec();
        f(&mut b);
        b
    };
    let p = num_bigint::BigUint::from(Fq::MODULUS).to_bytes_be();
    let key_err = |b: Vec<u8>| VerifyingKey::from_gnark(&b).unwrap_err();
    let proof_err = |b: Vec<u8>| proof_from_gnark(&b).unwrap_err();
    let public_err = |b: Vec<u8>| public_inputs_from_gnark(&b).unwrap_err();
    let n = key.len();
    let cases: Vec<(Groth16Error, &str)> = vec![
        (key_err(vec![]), "verifying key: ends inside α (G1.Alpha) (0 bytes)"),
        (key_err(key[..n - 1].to_vec()), "verifying key: ends inside the count of CommitmentKeys"),
        (key_err([key.clone(), vec![0]].concat()), "verifying key: 1 bytes after the count of CommitmentKeys"),
        (key_err(edit(&key, &|b| b[n - 1] = 1)), "verifying key: 1 commitment keys: gnark's commitment extension"),
        (key_err(edit(&key, &|b| b[n - 5] = 2)), "verifying key: 2 lists of committed inputs"),
        (
            key_err(edit(&key, &|b| b[0] = 0x40)),
            "α (G1.Alpha): flagged as the point at infinity but its bytes are not zero",
        ),
        // raw α with x = p
        (key_err(edit(&raw, &|b| b[..32].copy_from_slice(&p))), "α (G1.Alpha) word 0"),
        // raw α moved off the curve
        (key_err(edit(&raw, &|b| b[63] ^= 1)), "α (G1.Alpha): not on BN254's G1 curve"),
        (key_err(edit(&raw, &|b| b[127] ^= 1)), "β (G1.Beta): not on BN254's G1 curve"),
        // raw β ∈ G2 outside its subgroup
        (
            key_err(edit(&raw, &|b| b[128..256].copy_from_slice(&encode_g2(&g2_outside_subgroup())))),
            "β (G2.Beta): on the G2 curve but outside",
        ),
        (key_err(edit(&raw, &|b| b[576..580].copy_from_slice(&[0, 0, 0, 5]))), "ends inside K[4]"),
        (proof_err(proof[..60].to_vec()), "proof: ends inside B (Bs)"),
        (proof_err(edit(&proof, &|b| b[131] = 1)), "proof: 1 commitments"),
        // a proof of knowledge (1, 2) where no commitment is
        (proof_err(edit(&proof, &|b| (b[132], b[163]) = (0x80, 1))), "proof: a proof of knowledge of commitments"),
        (proof_err([proof.clone(), vec![7]].concat()), "proof: 1 bytes after CommitmentPok"),
        (public_err(edit(&public, &|b| b[7] = 1)), "public witness: 1 secret values"),
        (public_err(edit(&public, &|b| b[11] = 4)), "public witness: 3 public values but a vector of 4"),
        (public_err(edit(&public, &|b| b[12..44].fill(0xff))), "public[0]:"),
        (public_err(public[..100].to_vec()), "public witness: ends inside public[2]"),
    ];
    for (err, want) in cases {
        assert!(err.to_string().contains(want), "{err} (want {want:?})");
    }
    // a compressed x with no point on G1 above it (x = 0: y² = 3 is no square mod p)
    let mut no_point = key.clone();
    no_point[..32].fill(0);
    no_point[0] = 0x80;
    let err = key_err(no_point);
    assert!(matches!(&err, Groth16Error::NoSuchX { group: "G1", .. }), "{err}");
}

/// arkworks' circom-compat ships snarkjs' `verification_key.json` of a 1-input circuit: it
/// loads, its points agree with the file's decimals, and the verifier built for it rejects
/// a proof made of generators (and halts on a short input).
#[test]
fn published_snarkjs_key_loads() {
    let text = testdata("groth16/circom-compat/verification_key.json");
    let vk = VerifyingKey::from_snarkjs_json(&text).unwrap();
    assert_eq!(vk.public_inputs(), 1);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let dec = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    // EIP-197 order of β: x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real, snarkjs' [[x_real, x_imaginary], …]
    let beta = encode_g2(&vk.beta);
    let words: Vec<String> = beta.chunks(32).map(|w| num_bigint::BigUint::from_bytes_be(w).to_string()).collect();
    let b = &json["vk_beta_2"];
    assert_eq!(words, [dec(&b[0][1]), dec(&b[0][0]), dec(&b[1][1]), dec(&b[1][0])]);
    let alpha = encode_g1(&vk.alpha);
    assert_eq!(num_bigint::BigUint::from_bytes_be(&alpha[..32]).to_string(), dec(&json["vk_alpha_1"][0]));
    let mut r = runner(&vk);
    let junk = ark_groth16::Proof { a: g1(1), b: g2(1), c: g1(1) };
    assert_eq!(verify(&mut r, &calldata(&junk, &[Fr::from(33u8)])), Some(false));
    assert_eq!(verify(&mut r, &calldata(&junk, &[])), None);
}

/// The loader's errors name what is wrong.
#[test]
fn snarkjs_loader_errors() {
    let text = testdata("groth16/circom-compat/verification_key.json");
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        f(&mut v);
        VerifyingKey::from_snarkjs_json(&v.to_string()).unwrap_err()
    };
    let p = num_bigint::BigUint::from(Fq::MODULUS).to_string();
    let cases: Vec<(Groth16Error, &str)> = vec![
        (VerifyingKey::from_snarkjs_json("{").unwrap_err(), "not JSON of snarkjs' shape"),
        (edit(&|v| v["protocol"] = "plonk".into()), "protocol \"plonk\""),
        (edit(&|v| v["curve"] = "bls12381".into()), "curve \"bls12381\""),
        (edit(&|v| v["nPublic"] = 2.into()), "nPublic is 2 but IC has 2 points"),
        (edit(&|v| v["nPublic"] = u64::MAX.into()), "but IC has 2 points"),
        (edit(&|v| v["nPublic"] = (-1).into()), "not JSON of snarkjs' shape"),
        (edit(&|v| v["vk_beta_2"][0] = serde_json::json!(["1", "2", "3"])), "not JSON of snarkjs' shape"),
        (edit(&|v| v["IC"][1][0] = "12ab".into()), "IC[1][0]: \"12ab\" is not a decimal integer"),
        (edit(&|v| v["IC"][1][0] = p.clone().into()), "IC[1][0]"),
        (edit(&|v| v["IC"][1][1] = "5".into()), "IC[1]: not on BN254's G1 curve"),
        (edit(&|v| v["vk_alpha_1"][2] = "2".into()), "vk_alpha_1: z = 2"),
        (edit(&|v| v["vk_gamma_2"][0][0] = "1".into()), "γ (vk_gamma_2): not on BN254's G2 curve"),
        (edit(&|v| v["IC"] = serde_json::json!([])), "nPublic is 1 but IC has 0 points"),
        (edit(&|v| v["IC"][0] = serde_json::json!(["1"])), "IC[0]: 1 coordinates"),
    ];
    for (err, want) in cases {
        assert!(err.to_string().contains(want), "{err} (want {want:?})");
    }
    // β outside G2's subgroup
    let q = g2_outside_subgroup();
    let err = edit(&|v| {
        v["vk_beta_2"] = serde_json::json!([
            [q.x.c0.to_string(), q.x.c1.to_string()],
            [q.y.c0.to_string(), q.y.c1.to_string()],
            ["1", "0"]
        ])
    });
    assert!(matches!(&err, Groth16Error::NotInSubgroup { field } if field.contains("vk_beta_2")), "{err}");
    // public inputs ≥ r
    let r = num_bigint::BigUint::from(Fr::MODULUS).to_string();
    let err = public_inputs_from_snarkjs_json(&format!("[\"1\", \"{r}\"]")).unwrap_err();
    assert!(err.to_string().starts_with("public[1]:"), "{err}");
}

/// The verifier's gas over the precompiles at 1, 2, 4, 8 and 16 inputs (printed), and the code
/// size; a backend address without code halts.
#[test]
fn gas_and_backend_without_code() {
    let mut rng = StdRng::seed_from_u64(1);
    for k in [1usize, 2, 4, 8, 16] {
        let circuit = Powers { w: Fr::from(5u8), k };
        let (pk, ark_vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), &mut rng).unwrap();
        let proof = Groth16::<Bn254>::prove(&pk, circuit.clone(), &mut rng).unwrap();
        let vk = VerifyingKey::from(&ark_vk);
        let code = verifier_code(&vk, &Backend::PRECOMPILES).unwrap();
        let mut r = Runner::new(RunOptions::default());
        r.deploy(&code);
        let e = r.run(&calldata(&proof, &circuit.inputs())).unwrap();
        assert_eq!(e.status, Status::Success);
        assert_eq!(e.output[31], 1);
        // EIP-1108: 45,000 + 34,000·4 for the pairing, 6,000 + 150 per input
        let precompiles = 45_000 + 4 * 34_000 + k as u64 * (6_000 + 150);
        assert!(e.gas_used > precompiles && e.gas_used < precompiles + 3_000 + 600 * k as u64, "{k}: {}", e.gas_used);
        eprintln!(
            "groth16 verifier, {k} inputs: {} bytes of code, {} gas ({} in the precompiles' prices, {} glue and calls)",
            code.len(),
            e.gas_used,
            precompiles,
            e.gas_used - precompiles
        );
    }
    // contracts standing in for the precompiles: an address without code halts
    let circuit = Powers { w: Fr::from(5u8), k: 1 };
    let (pk, ark_vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), &mut rng).unwrap();
    let proof = Groth16::<Bn254>::prove(&pk, circuit.clone(), &mut rng).unwrap();
    let vk = VerifyingKey::from(&ark_vk);
    let at = |b: u8| {
        let mut a = [0u8; 20];
        a[0] = 0xb0;
        a[19] = b;
        a
    };
    let backend = Backend { ec_add: at(6), ec_mul: at(7), ec_pairing: at(8) };
    for missing in [None, Some(0), Some(1), Some(2)] {
        let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() });
        for (i, a) in [backend.ec_add, backend.ec_mul, backend.ec_pairing].iter().enumerate() {
            if Some(i) != missing {
                // MSTORE(0, 1); RETURN(0, 64): a stub answering every call
                r.deploy_at(Address::new(*a), &[0x60, 1, 0x5f, 0x52, 0x60, 0x40, 0x5f, 0xf3]);
            }
        }
        r.deploy(&verifier_code(&vk, &backend).unwrap());
        let got = verify(&mut r, &calldata(&proof, &circuit.inputs()));
        match missing {
            None => assert_eq!(got, Some(true), "stubs everywhere: the stub's 1"),
            Some(i) => assert_eq!(got, None, "no code at operation {i}"),
        }
    }
}

/// A key whose code would pass the EIP-170 limit is refused, not truncated.
#[test]
fn too_many_inputs_is_an_error() {
    let vk = VerifyingKey { alpha: g1(1), beta: g2(1), gamma: g2(1), delta: g2(1), ic: vec![g1(1); 400] };
    let err = verifier_code(&vk, &Backend::PRECOMPILES).unwrap_err();
    assert!(matches!(err, Groth16Error::CodeTooLarge { inputs: 399, .. }), "{err}");
    let off = VerifyingKey { alpha: G1Affine::new_unchecked(Fq::from(1u8), Fq::from(3u8)), ..vk };
    assert!(matches!(verifier_code(&off, &Backend::PRECOMPILES), Err(Groth16Error::NotOnCurve { .. })));
}
