//! The Groth16 verifier (`evm384_gen::ops::groth16`) in revm over the precompiles 0x06, 0x07 and
//! 0x08: arkworks' proofs of a small circuit with 1, 2 and 5 public inputs, valid and tampered,
//! arkworks' `Groth16::verify` the reference for each; a published proof (Lightprotocol's
//! groth16-solana, 9 inputs) and a published snarkjs key (arkworks' circom-compat) from
//! `testdata/groth16/`; the loader's errors.

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G2Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, PrimeField};
use ark_groth16::Groth16;
use ark_relations::lc;
use ark_relations::r1cs::{ConstraintSynthesizer, ConstraintSystemRef, SynthesisError};
use ark_snark::SNARK;
use ark_std::rand::{rngs::StdRng, SeedableRng};
use evm384_evm::{Address, RunOptions, Runner, Status};
use evm384_gen::ops::groth16::{
    calldata, encode_g1, encode_g2, proof_from_snarkjs_json, public_inputs_from_snarkjs_json, verifier_code, Backend,
    Groth16Error, VerifyingKey,
};

/// Knowledge of w with xⱼ = w^(j+1) for the public inputs x₁ … xₖ: x₁ = w·w, xⱼ₊₁ = xⱼ·w.
#[derive(Clone)]
struct Powers {
    w: Fr,
    k: usize,
}

impl Powers {
    fn inputs(&self) -> Vec<Fr> {
        let mut x = Vec::with_capacity(self.k);
        let mut acc = self.w;
        for _ in 0..self.k {
            acc *= self.w;
            x.push(acc);
        }
        x
    }
}

impl ConstraintSynthesizer<Fr> for Powers {
    fn generate_constraints(self, cs: ConstraintSystemRef<Fr>) -> Result<(), SynthesisError> {
        let w = cs.new_witness_variable(|| Ok(self.w))?;
        let mut prev = w;
        for x in self.inputs() {
            let v = cs.new_input_variable(|| Ok(x))?;
            cs.enforce_constraint(lc!() + prev, lc!() + w, lc!() + v)?;
            prev = v;
        }
        Ok(())
    }
}

fn runner(vk: &VerifyingKey) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..RunOptions::default() });
    r.deploy(&verifier_code(vk, &Backend::PRECOMPILES).expect("verifier code"));
    r
}

/// `Some(valid)` when the verifier returned its boolean, `None` when it halted.
fn verify(r: &mut Runner, input: &[u8]) -> Option<bool> {
    let e = r.run(input).expect("run");
    match e.status {
        Status::Success => {
            assert_eq!(e.output.len(), 32, "a 32-byte boolean");
            assert!(e.output[..31].iter().all(|&b| b == 0) && e.output[31] <= 1, "a boolean: {:?}", e.output);
            Some(e.output[31] == 1)
        }
        Status::Halt(_) => None,
        Status::Revert => panic!("the verifier never reverts"),
    }
}

fn g1(s: u64) -> G1Affine {
    (G1Affine::generator() * Fr::from(s)).into_affine()
}

fn g2(s: u64) -> G2Affine {
    (G2Affine::generator() * Fr::from(s)).into_affine()
}

/// A point on the twist outside the subgroup of order r (the cofactor is not 1 on G2).
fn g2_outside_subgroup() -> G2Affine {
    (1u64..)
        .filter_map(|i| G2Affine::get_point_from_x_unchecked(Fq2::new(Fq::from(i), Fq::from(1u8)), false))
        .find(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        .expect("a point outside G2")
}

fn r_be() -> [u8; 32] {
    Fr::MODULUS.to_bytes_be().try_into().unwrap()
}

/// `word` + r, big-endian (below 2²⁵⁶ for any word below r).
fn plus_r(word: &[u8]) -> [u8; 32] {
    let (mut out, mut carry) = ([0u8; 32], 0u16);
    let r = r_be();
    for i in (0..32).rev() {
        let s = word[i] as u16 + r[i] as u16 + carry;
        out[i] = s as u8;
        carry = s >> 8;
    }
    assert_eq!(carry, 0);
    out
}

/// Valid proofs for k = 1, 2 and 5 public inputs verify; each tampering is rejected as the
/// module documents, arkworks agreeing wherever it can tell.
#[test]
fn arkworks_proofs_valid_and_tampered() {
    let mut rng = StdRng::seed_from_u64(2016260);
    for k in [1usize, 2, 5] {
        let circuit = Powers { w: Fr::from(3u64 + k as u64), k };
        let (pk, ark_vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), &mut rng).unwrap();
        let proof = Groth16::<Bn254>::prove(&pk, circuit.clone(), &mut rng).unwrap();
        let inputs = circuit.inputs();
        let vk = VerifyingKey::from(&ark_vk);
        assert_eq!(vk.public_inputs(), k);
        let mut r = runner(&vk);
        let ark = |p: &ark_groth16::Proof<Bn254>, x: &[Fr]| Groth16::<Bn254>::verify(&ark_vk, x, p).unwrap();
        let who = format!("k = {k}");

        assert!(ark(&proof, &inputs), "{who}: arkworks accepts");
        assert_eq!(verify(&mut r, &calldata(&proof, &inputs)), Some(true), "{who}: valid");
        // a second proof of the same statement (fresh randomness) verifies too
        let again = Groth16::<Bn254>::prove(&pk, circuit.clone(), &mut rng).unwrap();
        assert_ne!(again.a, proof.a);
        assert_eq!(verify(&mut r, &calldata(&again, &inputs)), Some(true), "{who}: second proof");

        // each of A, B, C moved to another valid point
        let tampered = [
            ("A", ark_groth16::Proof { a: (proof.a + g1(1)).into_affine(), ..proof.clone() }),
            ("B", ark_groth16::Proof { b: (proof.b + g2(1)).into_affine(), ..proof.clone() }),
            ("C", ark_groth16::Proof { c: (proof.c + g1(1)).into_affine(), ..proof.clone() }),
            ("A at infinity", ark_groth16::Proof { a: G1Affine::identity(), ..proof.clone() }),
            ("proofs mixed", ark_groth16::Proof { c: again.c, ..proof.clone() }),
        ];
        for (what, p) in &tampered {
            assert!(!ark(p, &inputs), "{who}: arkworks rejects {what}");
            assert_eq!(verify(&mut r, &calldata(p, &inputs)), Some(false), "{who}: {what} changed");
        }
        // each public input changed
        for i in 0..k {
            let mut x = inputs.clone();
            x[i] += Fr::from(1u8);
            assert!(!ark(&proof, &x), "{who}: arkworks rejects input {i} + 1");
            assert_eq!(verify(&mut r, &calldata(&proof, &x)), Some(false), "{who}: input {i} + 1");
        }
        // a public input ≥ r: 0, as snarkjs' checkField (inputᵢ + r would be the same scalar to ecMul)
        let valid = calldata(&proof, &inputs);
        for i in 0..k {
            let at = 256 + 32 * i;
            for big in [plus_r(&valid[at..at + 32]), r_be(), [0xff; 32]] {
                let mut c = valid.clone();
                c[at..at + 32].copy_from_slice(&big);
                assert_eq!(verify(&mut r, &c), Some(false), "{who}: input {i} ≥ r ({})", hex::encode(big));
            }
        }
        // malformed points halt (the failing ecPairing call, or A's y ≥ p before it)
        let p_be: [u8; 32] = Fq::MODULUS.to_bytes_be().try_into().unwrap();
        let mut halting: Vec<(&str, Vec<u8>)> = Vec::new();
        let mut off = valid.clone();
        off[63] ^= 1; // A's y
        halting.push(("A off the curve", off));
        let mut off = valid.clone();
        off[255] ^= 1; // C's y
        halting.push(("C off the curve", off));
        let mut off = valid.clone();
        off[191] ^= 1; // B's y_real
        halting.push(("B off the curve", off));
        let mut outside = valid.clone();
        outside[64..192].copy_from_slice(&encode_g2(&g2_outside_subgroup()));
        halting.push(("B outside G2's subgroup", outside));
        let mut big_y = valid.clone();
        big_y[32..64].copy_from_slice(&p_be); // y = p: 0 mod p, but not an encoding
        halting.push(("A's y = p", big_y));
        let mut big_x = valid.clone();
        big_x[192..224].copy_from_slice(&p_be);
        halting.push(("C's x = p", big_x));
        halting.push(("one byte short", valid[..valid.len() - 1].to_vec()));
        halting.push(("one word long", [valid.clone(), vec![0u8; 32]].concat()));
        halting.push(("no inputs", valid[..256].to_vec()));
        halting.push(("empty", vec![]));
        for (what, input) in &halting {
            assert_eq!(verify(&mut r, input), None, "{who}: {what} halts");
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

fn testdata(rel: &str) -> String {
    let path = evm384_vectors::testdata(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Lightprotocol/groth16-solana's published proof with 9 public inputs (testdata/README.md):
/// arkworks and the contract accept it; a changed input, A negated and an input ≥ r do not.
#[test]
fn published_groth16_solana_proof() {
    let dir = "groth16/groth16-solana";
    let vk = VerifyingKey::from_snarkjs_json(&testdata(&format!("{dir}/verification_key.json"))).unwrap();
    let proof = proof_from_snarkjs_json(&testdata(&format!("{dir}/proof.json"))).unwrap();
    let inputs = public_inputs_from_snarkjs_json(&testdata(&format!("{dir}/public.json"))).unwrap();
    assert_eq!((vk.public_inputs(), inputs.len()), (9, 9));
    let ark_vk = ark_groth16::VerifyingKey::<Bn254> {
        alpha_g1: vk.alpha,
        beta_g2: vk.beta,
        gamma_g2: vk.gamma,
        delta_g2: vk.delta,
        gamma_abc_g1: vk.ic.clone(),
    };
    assert!(Groth16::<Bn254>::verify(&ark_vk, &inputs, &proof).unwrap(), "arkworks accepts the published proof");
    let mut r = runner(&vk);
    let valid = calldata(&proof, &inputs);
    assert_eq!(verify(&mut r, &valid), Some(true), "published proof");
    let mut x = inputs.clone();
    x[8] += Fr::from(1u8);
    assert_eq!(verify(&mut r, &calldata(&proof, &x)), Some(false), "input 8 changed");
    // groth16-solana's own wrong-proof test: A not negated by the caller (here: −A given)
    let neg = ark_groth16::Proof { a: -proof.a, ..proof.clone() };
    assert_eq!(verify(&mut r, &calldata(&neg, &inputs)), Some(false), "−A");
    let mut big = valid.clone();
    big[256..288].copy_from_slice(&r_be());
    assert_eq!(verify(&mut r, &big), Some(false), "input 0 = r");
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
