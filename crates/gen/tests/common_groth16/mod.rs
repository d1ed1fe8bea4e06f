//! Shared by the Groth16 verifier's tests (`crates/gen/tests/groth16.rs`, over revm's
//! precompiles; `crates/builds/tests/groth16_contracts.rs`, over this project's contracts): the
//! small circuit arkworks proves, the calls each proof is checked with (valid, tampered,
//! malformed) and what the verifier must answer to each, the published groth16-solana proof and
//! the proofs snarkjs (circom) and gnark made for `testdata/groth16/`.
#![allow(dead_code)]

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G2Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, PrimeField};
use ark_groth16::{Groth16, Proof};
use ark_snark::SNARK;
use ark_std::rand::{rngs::StdRng, SeedableRng};
use evm384_evm::{Runner, Status};
use evm384_gen::glue::groth16::{
    calldata, encode_g2, proof_from_gnark, proof_from_snarkjs_json, public_inputs_from_gnark,
    public_inputs_from_snarkjs_json, VerifyingKey,
};

/// The circuit (knowledge of w with xⱼ = w^(j+1) for the public inputs), the report's own.
#[path = "../../../report/src/groth16_circuit.rs"]
mod circuit;
pub use circuit::Powers;

/// A `Powers` circuit's key (arkworks' and the verifier's), a proof, a second proof of the same
/// statement (fresh randomness) and the public inputs.
pub struct Setup {
    pub ark_vk: ark_groth16::VerifyingKey<Bn254>,
    pub vk: VerifyingKey,
    pub proof: Proof<Bn254>,
    pub again: Proof<Bn254>,
    pub inputs: Vec<Fr>,
}

impl Setup {
    pub fn new(circuit: Powers, rng: &mut StdRng) -> Setup {
        let (pk, ark_vk) = Groth16::<Bn254>::circuit_specific_setup(circuit.clone(), rng).unwrap();
        let proof = Groth16::<Bn254>::prove(&pk, circuit.clone(), rng).unwrap();
        let again = Groth16::<Bn254>::prove(&pk, circuit.clone(), rng).unwrap();
        assert_ne!(again.a, proof.a);
        let vk = VerifyingKey::from(&ark_vk);
        assert_eq!(vk.public_inputs(), circuit.k);
        Setup { ark_vk, vk, proof, again, inputs: circuit.inputs() }
    }

    /// The calls of [`cases`] for this proof.
    pub fn cases(&self) -> Vec<Case> {
        cases(&self.proof, &self.again, &self.inputs)
    }
}

/// One call of the verifier and what it must answer.
pub struct Case {
    pub what: String,
    pub calldata: Vec<u8>,
    /// `Some(valid)`: the verifier returns this boolean; `None`: it halts.
    pub want: Option<bool>,
    /// The proof and inputs the calldata encodes, where arkworks can judge them (its answer is
    /// then `want`'s boolean).
    pub ark: Option<(Proof<Bn254>, Vec<Fr>)>,
}

impl Case {
    fn judged(what: impl Into<String>, proof: &Proof<Bn254>, inputs: &[Fr], want: bool) -> Case {
        Case {
            what: what.into(),
            calldata: calldata(proof, inputs),
            want: Some(want),
            ark: Some((proof.clone(), inputs.to_vec())),
        }
    }

    fn raw(what: impl Into<String>, calldata: Vec<u8>, want: Option<bool>) -> Case {
        Case { what: what.into(), calldata, want, ark: None }
    }

    /// Checks arkworks' answer against `want` (when arkworks can judge the case).
    pub fn check_ark(&self, vk: &ark_groth16::VerifyingKey<Bn254>) {
        if let Some((proof, inputs)) = &self.ark {
            let ark = Groth16::<Bn254>::verify(vk, inputs, proof).unwrap();
            assert_eq!(Some(ark), self.want, "{}: arkworks", self.what);
        }
    }
}

/// The calls a valid `proof` of `inputs` is checked with (`again`: another valid proof of the
/// same statement), as `glue::groth16` documents their outcomes: both proofs verify; each of A,
/// B, C moved to another valid point, A at infinity, C taken from the other proof, each public
/// input changed, and each input ≥ r (0, as snarkjs' checkField: inputᵢ + r would be the same
/// scalar to ecMul) return 0; malformed points and calldata of the wrong length halt (the
/// failing ecPairing call, or A's y ≥ p before it).
pub fn cases(proof: &Proof<Bn254>, again: &Proof<Bn254>, inputs: &[Fr]) -> Vec<Case> {
    let k = inputs.len();
    let mut out = vec![Case::judged("valid", proof, inputs, true), Case::judged("second proof", again, inputs, true)];
    // each of A, B, C moved to another valid point
    let tampered = [
        ("A changed", Proof { a: (proof.a + g1(1)).into_affine(), ..proof.clone() }),
        ("B changed", Proof { b: (proof.b + g2(1)).into_affine(), ..proof.clone() }),
        ("C changed", Proof { c: (proof.c + g1(1)).into_affine(), ..proof.clone() }),
        ("A at infinity", Proof { a: G1Affine::identity(), ..proof.clone() }),
        ("proofs mixed", Proof { c: again.c, ..proof.clone() }),
    ];
    for (what, p) in &tampered {
        out.push(Case::judged(*what, p, inputs, false));
    }
    // each public input changed
    for i in 0..k {
        let mut x = inputs.to_vec();
        x[i] += Fr::from(1u8);
        out.push(Case::judged(format!("input {i} + 1"), proof, &x, false));
    }
    // a public input ≥ r: 0
    let valid = calldata(proof, inputs);
    for i in 0..k {
        let at = 256 + 32 * i;
        for big in [plus_r(&valid[at..at + 32]), r_be(), [0xff; 32]] {
            let mut c = valid.clone();
            c[at..at + 32].copy_from_slice(&big);
            out.push(Case::raw(format!("input {i} ≥ r ({})", hex::encode(big)), c, Some(false)));
        }
    }
    // malformed points and lengths halt
    let p_be: [u8; 32] = Fq::MODULUS.to_bytes_be().try_into().unwrap();
    let edit = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut c = valid.clone();
        f(&mut c);
        c
    };
    let halting = [
        ("A off the curve", edit(&|c| c[63] ^= 1)),  // A's y
        ("C off the curve", edit(&|c| c[255] ^= 1)), // C's y
        ("B off the curve", edit(&|c| c[191] ^= 1)), // B's y_real
        ("B outside G2's subgroup", edit(&|c| c[64..192].copy_from_slice(&encode_g2(&g2_outside_subgroup())))),
        ("A's y = p", edit(&|c| c[32..64].copy_from_slice(&p_be))), // y = p: 0 mod p, but not an encoding
        ("C's x = p", edit(&|c| c[192..224].copy_from_slice(&p_be))),
        ("one byte short", valid[..valid.len() - 1].to_vec()),
        ("one word long", [valid.clone(), vec![0u8; 32]].concat()),
        ("no inputs", valid[..256].to_vec()),
        ("empty", vec![]),
    ];
    for (what, c) in halting {
        out.push(Case::raw(format!("{what} halts"), c, None));
    }
    out
}

/// `Some(valid)` when the verifier returned its boolean, `None` when it halted.
pub fn verify(r: &mut Runner, input: &[u8]) -> Option<bool> {
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

pub fn g1(s: u64) -> G1Affine {
    (G1Affine::generator() * Fr::from(s)).into_affine()
}

pub fn g2(s: u64) -> G2Affine {
    (G2Affine::generator() * Fr::from(s)).into_affine()
}

/// A point on the twist outside the subgroup of order r (the cofactor is not 1 on G2).
pub fn g2_outside_subgroup() -> G2Affine {
    (1u64..)
        .filter_map(|i| G2Affine::get_point_from_x_unchecked(Fq2::new(Fq::from(i), Fq::from(1u8)), false))
        .find(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        .expect("a point outside G2")
}

pub fn r_be() -> [u8; 32] {
    Fr::MODULUS.to_bytes_be().try_into().unwrap()
}

/// `word` + r, big-endian (below 2²⁵⁶ for any word below r).
pub fn plus_r(word: &[u8]) -> [u8; 32] {
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

pub fn testdata(rel: &str) -> String {
    let path = evm384_vectors::testdata(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// arkworks' form of a verifier's key.
pub fn ark_vk(vk: &VerifyingKey) -> ark_groth16::VerifyingKey<Bn254> {
    ark_groth16::VerifyingKey::<Bn254> {
        alpha_g1: vk.alpha,
        beta_g2: vk.beta,
        gamma_g2: vk.gamma,
        delta_g2: vk.delta,
        gamma_abc_g1: vk.ic.clone(),
    }
}

/// Lightprotocol/groth16-solana's published proof with 9 public inputs (testdata/README.md):
/// its key and its calls: the proof verifies; input 8 changed and −A (groth16-solana's own
/// wrong-proof test: A not negated by the caller) return 0, and so does input 0 = r.
pub fn groth16_solana() -> (VerifyingKey, Vec<Case>) {
    let dir = "groth16/groth16-solana";
    let vk = VerifyingKey::from_snarkjs_json(&testdata(&format!("{dir}/verification_key.json"))).unwrap();
    let proof = proof_from_snarkjs_json(&testdata(&format!("{dir}/proof.json"))).unwrap();
    let inputs = public_inputs_from_snarkjs_json(&testdata(&format!("{dir}/public.json"))).unwrap();
    assert_eq!((vk.public_inputs(), inputs.len()), (9, 9));
    let mut x = inputs.clone();
    x[8] += Fr::from(1u8);
    let neg = Proof { a: -proof.a, ..proof.clone() };
    let mut big = calldata(&proof, &inputs);
    big[256..288].copy_from_slice(&r_be());
    let cases = vec![
        Case::judged("published proof", &proof, &inputs, true),
        Case::judged("input 8 changed", &proof, &x, false),
        Case::judged("−A", &neg, &inputs, false),
        Case::raw("input 0 = r", big, Some(false)),
    ];
    (vk, cases)
}

/// The calls of [`cases`] for a proof a tool made, the second proof its rerandomisation
/// (arkworks' `rerandomize_proof`, eprint 2020/811 figure 1).
pub fn tool_cases(vk: &VerifyingKey, proof: &Proof<Bn254>, inputs: &[Fr]) -> Vec<Case> {
    let mut rng = StdRng::seed_from_u64(20161260);
    let again = Groth16::<Bn254>::rerandomize_proof(&ark_vk(vk), proof, &mut rng);
    cases(proof, &again, inputs)
}

/// The proofs snarkjs made from a circom circuit (`testdata/groth16/snarkjs-circom/`, 3 public
/// inputs): the key, and the calls of [`tool_cases`] for both proofs, each proof with the other's
/// inputs returning 0.
pub fn snarkjs_circom() -> (VerifyingKey, Vec<Case>) {
    let dir = "groth16/snarkjs-circom";
    let vk = VerifyingKey::from_snarkjs_json(&testdata(&format!("{dir}/verification_key.json"))).unwrap();
    let read = |suffix: &str| {
        let proof = proof_from_snarkjs_json(&testdata(&format!("{dir}/proof{suffix}.json"))).unwrap();
        let inputs = public_inputs_from_snarkjs_json(&testdata(&format!("{dir}/public{suffix}.json"))).unwrap();
        (proof, inputs)
    };
    let (one, two) = (read(""), read("-2"));
    assert_eq!((vk.public_inputs(), one.1.len(), two.1.len()), (3, 3, 3));
    let mut out = tool_cases(&vk, &one.0, &one.1);
    out.extend(tool_cases(&vk, &two.0, &two.1));
    out.push(Case::judged("proof 2 with inputs 1", &two.0, &one.1, false));
    out.push(Case::judged("proof 1 with inputs 2", &one.0, &two.1, false));
    (vk, out)
}

/// A file of `testdata/groth16/gnark/` as bytes.
pub fn gnark_file(name: &str) -> Vec<u8> {
    let path = evm384_vectors::testdata(&format!("groth16/gnark/{name}"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// gnark's proof (`testdata/groth16/gnark/`, 3 public inputs): the key, and the calls of
/// [`tool_cases`].
pub fn gnark() -> (VerifyingKey, Vec<Case>) {
    let vk = VerifyingKey::from_gnark(&gnark_file("verifying_key.bin")).unwrap();
    let proof = proof_from_gnark(&gnark_file("proof.bin")).unwrap();
    let inputs = public_inputs_from_gnark(&gnark_file("public_witness.bin")).unwrap();
    assert_eq!((vk.public_inputs(), inputs.len()), (3, 3));
    let cases = tool_cases(&vk, &proof, &inputs);
    (vk, cases)
}
