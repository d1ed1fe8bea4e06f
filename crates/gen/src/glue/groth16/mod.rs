//! A Groth16 verifier (eprint 2016/260, §3.2) over BN254 as a contract: plain EVM glue over
//! ecAdd (0x06), ecMul (0x07) and ecPairing (0x08) of EIP-196/197, which it STATICCALLs at
//! addresses fixed at build time ([`Backend`]): the precompiles themselves (what the verifiers
//! that snarkjs and gnark export do, the baseline) or contracts standing in for them.
//!
//! The contract has the shape of snarkjs' `verifier_groth16.sol`: the verifying key as constants
//! in the code (here a data section after the code, copied to memory by CODECOPY), the
//! public inputs' combination vk_x = IC₀ + Σ inputᵢ·ICᵢ by one ecMul and one ecAdd per input,
//! then the verification equation e(A, B) = e(α, β)·e(vk_x, γ)·e(C, δ) as one 4-pair check,
//! e(−A, B)·e(α, β)·e(vk_x, γ)·e(C, δ) = 1, with −A = (x, (p − y) mod p).
//!
//! Calldata ABI (32-byte big-endian words; points as EIP-197 encodes them, (0, 0) the point at
//! infinity): `A (G1: x ‖ y, 64 bytes) ‖ B (G2: x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real, 128)
//! ‖ C (G1, 64) ‖ input₁ … inputₙ (32 each)`, n fixed by the key. Output: a 32-byte boolean.
//!
//! Outcomes, in the order the contract meets them:
//! - a calldata length other than 256 + 32n halts (INVALID);
//! - a public input ≥ r (the scalar field's order) returns 0, as snarkjs' verifier does (its
//!   `checkField`), before any call;
//! - A's y ≥ p halts (the negation would hide an encoding error ecPairing reports for the other
//!   points); any other malformed point (a coordinate ≥ p, a point off the curve, B outside the
//!   order-r subgroup) fails the ecPairing call, and a failing call halts, as in [`super::bls`]
//!   (snarkjs' verifier returns 0 instead: both reject). So does a backend address that is no
//!   precompile and has no code (EXTCODESIZE 0);
//! - otherwise the pairing check's answer: 1 for a valid proof, 0 for a well-formed one that
//!   fails.
//!
//! On the hinted pairing check ([`hinted_verifier_code`]) the calldata ends with the check's
//! witness for the four pairs ([`hinted_calldata`] computes it from the proof, as a prover
//! would), copied before the pairs of the call; the outcomes are the same, a wrong witness
//! returning 0.
//!
//! The key comes from snarkjs' `verification_key.json` ([`VerifyingKey::from_snarkjs_json`]),
//! from gnark's serialisation ([`VerifyingKey::from_gnark`]) or from arkworks
//! (`From<&ark_groth16::VerifyingKey<Bn254>>`); each is checked ([`VerifyingKey::check`]) before
//! code is written for it. Proofs and public inputs are read from the same tools' files
//! (`snarkjs.rs`, `gnark.rs`).

mod code;
mod gnark;
mod snarkjs;

use ark_bn254::{Bn254, Fr, G1Affine, G2Affine};
use ark_ff::{BigInteger, PrimeField};

use super::writer::address;
use crate::curves::Curve;
use crate::ir::F2Mul;
use crate::ops::hint::{witness, HintError};

pub use code::{hinted_verifier_code, verifier_code};
pub use gnark::{proof_from_gnark, public_inputs_from_gnark};
pub use snarkjs::{proof_from_snarkjs_json, public_inputs_from_snarkjs_json};

/// Where the glue finds the EIP-196/197 operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backend {
    pub ec_add: [u8; 20],
    pub ec_mul: [u8; 20],
    pub ec_pairing: [u8; 20],
}

impl Backend {
    /// The precompiles of EIP-196 and EIP-197 (Byzantium; EIP-1108's prices since Istanbul).
    pub const PRECOMPILES: Backend =
        Backend { ec_add: address(0x06), ec_mul: address(0x07), ec_pairing: address(0x08) };
}

/// A Groth16 verifying key over BN254: the verification equation's constants α ∈ G1, β, γ, δ ∈ G2
/// and the public inputs' bases IC₀ … ICₙ ∈ G1 (eprint 2016/260's [(β·uᵢ + α·vᵢ + wᵢ)/γ]₁, what
/// snarkjs names `IC` and arkworks `gamma_abc_g1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyingKey {
    pub alpha: G1Affine,
    pub beta: G2Affine,
    pub gamma: G2Affine,
    pub delta: G2Affine,
    pub ic: Vec<G1Affine>,
}

/// What is wrong with a key, a proof or public inputs read from snarkjs' JSON or gnark's binary
/// files, or with a key the verifier is built for.
#[derive(Debug, thiserror::Error)]
pub enum Groth16Error {
    #[error("not JSON of snarkjs' shape: {0}")]
    Json(#[from] serde_json::Error),
    #[error("protocol {0:?}: only groth16 is verified")]
    Protocol(String),
    #[error("curve {0:?}: only bn128 (BN254, alt_bn128) is verified")]
    Curve(String),
    #[error("{field}: {value:?} is not a decimal integer")]
    NotDecimal { field: String, value: String },
    #[error("{field}: {value} is not below {bound}")]
    OutOfRange { field: String, value: String, bound: &'static str },
    #[error("{field}: {count} coordinates, expected 2 (affine) or 3 (z = 1, or z = 0 at infinity)")]
    Coordinates { field: String, count: usize },
    #[error("{field}: z = {z}, expected 1 (affine) or 0 (the point at infinity)")]
    NotAffine { field: String, z: String },
    #[error("{field}: not on BN254's {group} curve")]
    NotOnCurve { field: String, group: &'static str },
    #[error("{field}: on the G2 curve but outside its subgroup of order r")]
    NotInSubgroup { field: String },
    #[error("the key has no IC point (IC₀ is required)")]
    NoIc,
    #[error("nPublic is {n_public} but IC has {ic} points (nPublic + 1 expected)")]
    PublicCount { n_public: usize, ic: usize },
    #[error("{inputs} public inputs, but the key takes {expected}")]
    InputCount { inputs: usize, expected: usize },
    #[error("no witness for the hinted check: {0}")]
    Hint(#[from] HintError),
    #[error("{file}: ends inside {field} ({len} bytes)")]
    Truncated { file: &'static str, field: String, len: usize },
    #[error("{file}: {extra} bytes after {last}")]
    TrailingBytes { file: &'static str, extra: usize, last: &'static str },
    #[error("{field}: flagged as the point at infinity but its bytes are not zero")]
    BadInfinity { field: String },
    #[error("{field}: no point of BN254's {group} curve has this x")]
    NoSuchX { field: String, group: &'static str },
    #[error("{file}: {what}: gnark's commitment extension of Groth16 is not verified")]
    Commitments { file: &'static str, what: String },
    #[error("public witness: {secret} secret values: a full witness (gnark's `witness.Public()` is the public part)")]
    SecretWitness { secret: u32 },
    #[error("public witness: {public} public values but a vector of {len}")]
    WitnessLength { public: u32, len: u32 },
    #[error("{inputs} public inputs give {bytes} bytes of runtime code, over the EIP-170 limit of {limit} bytes")]
    CodeTooLarge { inputs: usize, bytes: usize, limit: usize },
}

/// [`Groth16Error::NotOnCurve`] unless `p` is on G1 (cofactor 1: on the curve is in the group).
fn check_g1(field: &str, p: &G1Affine) -> Result<(), Groth16Error> {
    if p.is_on_curve() {
        Ok(())
    } else {
        Err(Groth16Error::NotOnCurve { field: field.into(), group: "G1" })
    }
}

/// Unless `p` is on the twist and in its subgroup of order r, the error saying which.
fn check_g2(field: &str, p: &G2Affine) -> Result<(), Groth16Error> {
    if !p.is_on_curve() {
        return Err(Groth16Error::NotOnCurve { field: field.into(), group: "G2" });
    }
    if !p.is_in_correct_subgroup_assuming_on_curve() {
        return Err(Groth16Error::NotInSubgroup { field: field.into() });
    }
    Ok(())
}

impl VerifyingKey {
    /// Every point on its curve, β, γ and δ in G2's subgroup, and IC₀ present: otherwise the
    /// verifier would halt on every proof. Errors name the points as snarkjs' JSON does.
    pub fn check(&self) -> Result<(), Groth16Error> {
        if self.ic.is_empty() {
            return Err(Groth16Error::NoIc);
        }
        check_g1("α (vk_alpha_1)", &self.alpha)?;
        check_g2("β (vk_beta_2)", &self.beta)?;
        check_g2("γ (vk_gamma_2)", &self.gamma)?;
        check_g2("δ (vk_delta_2)", &self.delta)?;
        for (i, p) in self.ic.iter().enumerate() {
            check_g1(&format!("IC[{i}]"), p)?;
        }
        Ok(())
    }

    /// n, the number of public inputs (IC has n + 1 points).
    pub fn public_inputs(&self) -> usize {
        self.ic.len().saturating_sub(1)
    }

    /// The verifier's calldata length: A ‖ B ‖ C ‖ n inputs.
    pub fn calldata_len(&self) -> usize {
        PROOF_BYTES as usize + 32 * self.public_inputs()
    }
}

impl From<&ark_groth16::VerifyingKey<Bn254>> for VerifyingKey {
    fn from(vk: &ark_groth16::VerifyingKey<Bn254>) -> VerifyingKey {
        VerifyingKey {
            alpha: vk.alpha_g1,
            beta: vk.beta_g2,
            gamma: vk.gamma_g2,
            delta: vk.delta_g2,
            ic: vk.gamma_abc_g1.clone(),
        }
    }
}

/// A field element as one 32-byte big-endian word.
fn word<F: PrimeField>(f: &F) -> [u8; 32] {
    let mut w = [0u8; 32];
    let be = f.into_bigint().to_bytes_be();
    w[32 - be.len()..].copy_from_slice(&be);
    w
}

/// EIP-196's encoding of a G1 point: x ‖ y, (0, 0) at infinity.
pub fn encode_g1(p: &G1Affine) -> [u8; 64] {
    let mut out = [0u8; 64];
    if !p.infinity {
        out[..32].copy_from_slice(&word(&p.x));
        out[32..].copy_from_slice(&word(&p.y));
    }
    out
}

/// EIP-197's encoding of a G2 point: x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real, zeros at
/// infinity.
pub fn encode_g2(p: &G2Affine) -> [u8; 128] {
    let mut out = [0u8; 128];
    if !p.infinity {
        for (i, f) in [p.x.c1, p.x.c0, p.y.c1, p.y.c0].iter().enumerate() {
            out[32 * i..32 * i + 32].copy_from_slice(&word(f));
        }
    }
    out
}

/// The verifier's calldata for `proof` and `inputs`: A ‖ B ‖ C ‖ input₁ … inputₙ.
pub fn calldata(proof: &ark_groth16::Proof<Bn254>, inputs: &[Fr]) -> Vec<u8> {
    let mut out = Vec::with_capacity(PROOF_BYTES as usize + 32 * inputs.len());
    out.extend_from_slice(&encode_g1(&proof.a));
    out.extend_from_slice(&encode_g2(&proof.b));
    out.extend_from_slice(&encode_g1(&proof.c));
    for x in inputs {
        out.extend_from_slice(&word(x));
    }
    out
}

/// The four pairs the verifier passes to the pairing check for `proof` and `inputs` (768 bytes):
/// −A ‖ B, α ‖ β, vk_x ‖ γ, C ‖ δ, vk_x = IC₀ + Σ inputᵢ·ICᵢ, each point as EIP-197 encodes it.
pub fn pairing_input(vk: &VerifyingKey, proof: &ark_groth16::Proof<Bn254>, inputs: &[Fr]) -> Vec<u8> {
    use ark_ec::{AffineRepr, CurveGroup};
    let vk_x = vk.ic.iter().skip(1).zip(inputs).fold(vk.ic[0].into_group(), |acc, (ic, x)| acc + *ic * x);
    let g1 = [-proof.a, vk.alpha, vk_x.into_affine(), proof.c];
    let g2 = [proof.b, vk.beta, vk.gamma, vk.delta];
    g1.iter().zip(&g2).flat_map(|(p, q)| [encode_g1(p).as_slice(), &encode_g2(q)].concat()).collect()
}

/// The hinted verifier's calldata ([`hinted_verifier_code`]): [`calldata`] followed by the hinted
/// check's witness for the verifier's pairs ([`pairing_input`]; `f2mul` the check's build's), or
/// [`Groth16Error::Hint`] where there is none (the proof does not verify, or a point is
/// malformed). Inputs must number the key's public inputs.
pub fn hinted_calldata(
    vk: &VerifyingKey,
    proof: &ark_groth16::Proof<Bn254>,
    inputs: &[Fr],
    f2mul: F2Mul,
) -> Result<Vec<u8>, Groth16Error> {
    if inputs.len() != vk.public_inputs() {
        return Err(Groth16Error::InputCount { inputs: inputs.len(), expected: vk.public_inputs() });
    }
    let w = witness(Curve::Bn254, &pairing_input(vk, proof, inputs), f2mul)?;
    Ok([calldata(proof, inputs), w].concat())
}

/// Bytes of A ‖ B ‖ C in the calldata.
pub(super) const PROOF_BYTES: u64 = 64 + 128 + 64;
