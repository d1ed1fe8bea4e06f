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
//! The key comes from snarkjs' `verification_key.json` ([`VerifyingKey::from_snarkjs_json`]) or
//! from arkworks (`From<&ark_groth16::VerifyingKey<Bn254>>`); both are checked
//! ([`VerifyingKey::check`]) before code is written for them.

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G2Affine};
use ark_ff::{BigInteger, PrimeField};
use num_bigint::BigUint;
use serde::Deserialize;

use super::writer::{address, Writer};
use crate::backend::bytecode::opc::*;
use crate::curves::Curve;
use crate::ir::F2Mul;
use crate::ops::hint::{miller_value, witness, HintError};
use crate::ops::pairing::hint_bytes;

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

/// What is wrong with a key, a proof or public inputs read from snarkjs' JSON, or with a key the
/// verifier is built for.
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
    #[error("{inputs} public inputs give {bytes} bytes of runtime code, over the EIP-170 limit of {limit} bytes")]
    CodeTooLarge { inputs: usize, bytes: usize, limit: usize },
}

/// snarkjs' `verification_key.json` (the fields the verifier reads; `vk_alphabeta_12` is ignored).
#[derive(Deserialize)]
struct SnarkjsKey {
    protocol: String,
    curve: String,
    #[serde(rename = "nPublic")]
    n_public: usize,
    vk_alpha_1: Vec<String>,
    vk_beta_2: Vec<[String; 2]>,
    vk_gamma_2: Vec<[String; 2]>,
    vk_delta_2: Vec<[String; 2]>,
    #[serde(rename = "IC")]
    ic: Vec<Vec<String>>,
}

/// snarkjs' `proof.json`.
#[derive(Deserialize)]
struct SnarkjsProof {
    pi_a: Vec<String>,
    pi_b: Vec<[String; 2]>,
    pi_c: Vec<String>,
    protocol: String,
    curve: String,
}

/// The decimal string `value` as an integer below `modulus` (`bound` names it).
fn decimal_below(field: &str, value: &str, modulus: BigUint, bound: &'static str) -> Result<BigUint, Groth16Error> {
    let v = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
        .then(|| BigUint::parse_bytes(value.as_bytes(), 10))
        .flatten()
        .ok_or_else(|| Groth16Error::NotDecimal { field: field.into(), value: value.into() })?;
    if v >= modulus {
        return Err(Groth16Error::OutOfRange { field: field.into(), value: value.into(), bound });
    }
    Ok(v)
}

fn fq(field: &str, value: &str) -> Result<Fq, Groth16Error> {
    Ok(Fq::from(decimal_below(field, value, Fq::MODULUS.into(), "p (BN254's base field)")?))
}

/// A point's z (projective, as snarkjs writes it): `Ok(true)` at infinity (z = 0), `Ok(false)`
/// when affine (z = 1 or no z).
fn at_infinity<Z: PartialEq>(
    field: &str,
    z: Option<&Z>,
    zero: &Z,
    one: &Z,
    show: impl Fn(&Z) -> String,
) -> Result<bool, Groth16Error> {
    match z {
        None => Ok(false),
        Some(z) if z == one => Ok(false),
        Some(z) if z == zero => Ok(true),
        Some(z) => Err(Groth16Error::NotAffine { field: field.into(), z: show(z) }),
    }
}

/// A G1 point from snarkjs' [x, y, z] (decimal strings; not checked to be on the curve).
fn g1_from_snarkjs(field: &str, coords: &[String]) -> Result<G1Affine, Groth16Error> {
    if !(2..=3).contains(&coords.len()) {
        return Err(Groth16Error::Coordinates { field: field.into(), count: coords.len() });
    }
    let z = coords.get(2).map(|z| fq(&format!("{field}[2]"), z)).transpose()?;
    if at_infinity(field, z.as_ref(), &Fq::from(0u8), &Fq::from(1u8), |z| z.to_string())? {
        return Ok(G1Affine::identity());
    }
    Ok(G1Affine::new_unchecked(fq(&format!("{field}[0]"), &coords[0])?, fq(&format!("{field}[1]"), &coords[1])?))
}

/// A G2 point from snarkjs' [[x_real, x_imaginary], [y_real, y_imaginary], z] (not checked).
fn g2_from_snarkjs(field: &str, coords: &[[String; 2]]) -> Result<G2Affine, Groth16Error> {
    if !(2..=3).contains(&coords.len()) {
        return Err(Groth16Error::Coordinates { field: field.into(), count: coords.len() });
    }
    let fq2 = |i: usize| -> Result<Fq2, Groth16Error> {
        Ok(Fq2::new(fq(&format!("{field}[{i}][0]"), &coords[i][0])?, fq(&format!("{field}[{i}][1]"), &coords[i][1])?))
    };
    let z = if coords.len() == 3 { Some(fq2(2)?) } else { None };
    if at_infinity(field, z.as_ref(), &Fq2::from(0u8), &Fq2::from(1u8), |z| z.to_string())? {
        return Ok(G2Affine::identity());
    }
    Ok(G2Affine::new_unchecked(fq2(0)?, fq2(1)?))
}

fn check_groth16_bn128(protocol: &str, curve: &str) -> Result<(), Groth16Error> {
    if protocol != "groth16" {
        return Err(Groth16Error::Protocol(protocol.into()));
    }
    if curve != "bn128" {
        return Err(Groth16Error::Curve(curve.into()));
    }
    Ok(())
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
    /// Reads snarkjs' `verification_key.json` (`snarkjs zkey export verificationkey`): protocol
    /// groth16 on curve bn128, coordinates as decimal strings, G2 coordinates as
    /// [[x_real, x_imaginary], [y_real, y_imaginary], ["1", "0"]] (snarkjs' own
    /// `templates/verifier_groth16.sol.ejs` writes `vk_beta_2[0][1]`, the imaginary part, first:
    /// EIP-197's order, as [`encode_g2`]); checked as [`Self::check`] does, and nPublic against
    /// IC's length.
    pub fn from_snarkjs_json(text: &str) -> Result<VerifyingKey, Groth16Error> {
        let k: SnarkjsKey = serde_json::from_str(text)?;
        check_groth16_bn128(&k.protocol, &k.curve)?;
        let vk = VerifyingKey {
            alpha: g1_from_snarkjs("vk_alpha_1", &k.vk_alpha_1)?,
            beta: g2_from_snarkjs("vk_beta_2", &k.vk_beta_2)?,
            gamma: g2_from_snarkjs("vk_gamma_2", &k.vk_gamma_2)?,
            delta: g2_from_snarkjs("vk_delta_2", &k.vk_delta_2)?,
            ic: k
                .ic
                .iter()
                .enumerate()
                .map(|(i, p)| g1_from_snarkjs(&format!("IC[{i}]"), p))
                .collect::<Result<_, _>>()?,
        };
        if k.n_public.checked_add(1) != Some(vk.ic.len()) {
            return Err(Groth16Error::PublicCount { n_public: k.n_public, ic: vk.ic.len() });
        }
        vk.check()?;
        Ok(vk)
    }

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

/// Reads snarkjs' `proof.json` (`pi_a`, `pi_b`, `pi_c`; G2 as in the key). Coordinates must be
/// below p; the points are not checked (that is the verifier's work).
pub fn proof_from_snarkjs_json(text: &str) -> Result<ark_groth16::Proof<Bn254>, Groth16Error> {
    let p: SnarkjsProof = serde_json::from_str(text)?;
    check_groth16_bn128(&p.protocol, &p.curve)?;
    Ok(ark_groth16::Proof {
        a: g1_from_snarkjs("pi_a", &p.pi_a)?,
        b: g2_from_snarkjs("pi_b", &p.pi_b)?,
        c: g1_from_snarkjs("pi_c", &p.pi_c)?,
    })
}

/// Reads snarkjs' `public.json`: the public inputs as decimal strings, each below r.
pub fn public_inputs_from_snarkjs_json(text: &str) -> Result<Vec<Fr>, Groth16Error> {
    let values: Vec<String> = serde_json::from_str(text)?;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            Ok(Fr::from(decimal_below(&format!("public[{i}]"), v, Fr::MODULUS.into(), "r (BN254's scalar field)")?))
        })
        .collect()
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
const PROOF_BYTES: u64 = 64 + 128 + 64;

/// Memory map (bytes): the pairing check's answer at 0, then its input: the hinted check's
/// witness and e(α, β)'s Miller value G (the hinted verifier), then the pairs e(−A, B)
/// (·e(α, β), the plain verifier's)·e(vk_x, γ)·e(C, δ), 192 bytes a pair; vk_x is accumulated
/// in its place, the product inputᵢ·ICᵢ beside it (where γ goes once the sum is done), so that
/// ecAdd reads vk_x ‖ inputᵢ·ICᵢ as its 128-byte input.
struct Memory {
    pairs: u64,
    /// Pairs before vk_x ‖ γ: −A ‖ B, and α ‖ β where the pairing check evaluates it.
    before_vk_x: u64,
}

impl Memory {
    const RESULT: u64 = 0x00;
    const INPUT: u64 = 0x40;
    /// `prefix`: bytes before the pairs (witness and G); `alpha_beta`: e(α, β) among the pairs.
    fn new(prefix: u64, alpha_beta: bool) -> Memory {
        Memory { pairs: Memory::INPUT + prefix, before_vk_x: 1 + alpha_beta as u64 }
    }
    fn neg_a(&self) -> u64 {
        self.pairs
    }
    fn b(&self) -> u64 {
        self.pairs + 64
    }
    fn alpha_beta(&self) -> u64 {
        self.pairs + 192
    }
    fn vk_x(&self) -> u64 {
        self.pairs + 192 * self.before_vk_x
    }
    fn gamma(&self) -> u64 {
        self.vk_x() + 64
    }
    fn c(&self) -> u64 {
        self.vk_x() + 192
    }
    fn delta(&self) -> u64 {
        self.vk_x() + 256
    }
    /// ecMul's input ICᵢ ‖ inputᵢ.
    fn mul(&self) -> u64 {
        self.vk_x() + 384
    }
    /// The pairing check's input: from `INPUT` to the end of the pairs.
    fn input_len(&self) -> u64 {
        self.mul() - Memory::INPUT
    }
}

/// [] → []: memory[dest..dest + len] ← code[label..label + len].
fn codecopy(c: &mut Writer, dest: u64, label: usize, len: u64) {
    c.push(len);
    c.push_label(label);
    c.push(dest);
    c.op(CODECOPY);
}

/// [] → []: memory[dest..dest + len] ← calldata[off..off + len].
fn calldatacopy(c: &mut Writer, dest: u64, off: u64, len: u64) {
    c.push(len);
    c.push(off);
    c.push(dest);
    c.op(CALLDATACOPY);
}

/// The verifier's runtime code for `vk` over `backend` (the key is checked first).
pub fn verifier_code(vk: &VerifyingKey, backend: &Backend) -> Result<Vec<u8>, Groth16Error> {
    write_verifier(vk, backend, None)
}

/// The verifier on the hinted pairing check with a Miller factor
/// (`ops::pairing::hinted_pairing_check_with_factor_program` on BN254, deployed at
/// `backend.ec_pairing`): its calldata is the plain verifier's followed by the check's witness
/// for the verifier's four pairs ([`hinted_calldata`]); it passes the check that witness, e(α, β)'s
/// Miller value G (a constant of the key, `ops::hint::miller_value`, so the check's loop runs
/// over three pairs) and the other three pairs; everything else as [`verifier_code`]. A wrong
/// witness makes the check, and so the verifier, return 0.
pub fn hinted_verifier_code(vk: &VerifyingKey, backend: &Backend) -> Result<Vec<u8>, Groth16Error> {
    vk.check()?;
    let alpha_beta = [encode_g1(&vk.alpha).as_slice(), &encode_g2(&vk.beta)].concat();
    let g = miller_value(Curve::Bn254, &alpha_beta, F2Mul::V3)?;
    write_verifier(vk, backend, Some(&g))
}

/// The verifier; with `factor` (e(α, β)'s Miller value) the hinted one: the witness of
/// [`hint_bytes`] after the inputs in the calldata, copied before G and the three other pairs.
fn write_verifier(vk: &VerifyingKey, backend: &Backend, factor: Option<&[u8]>) -> Result<Vec<u8>, Groth16Error> {
    vk.check()?;
    let n = vk.public_inputs() as u64;
    let witness = if factor.is_some() { hint_bytes(Curve::Bn254) as u64 } else { 0 };
    let m = Memory::new(witness + factor.map_or(0, |g| g.len() as u64), factor.is_none());
    let (p, r) = (Fq::MODULUS.to_bytes_be(), Fr::MODULUS.to_bytes_be());
    let (p, r): ([u8; 32], [u8; 32]) = (p.try_into().expect("p has 32 bytes"), r.try_into().expect("r has 32 bytes"));

    let mut c = Writer::new();
    let (alpha_beta, gamma, delta) = (c.label(), c.label(), c.label()); // α ‖ β, or G
    let ic: Vec<usize> = (0..=n).map(|_| c.label()).collect();
    let reject = c.label();

    // calldata: A ‖ B ‖ C ‖ n inputs (‖ witness), exactly
    c.push(PROOF_BYTES + 32 * n + witness);
    c.op(CALLDATASIZE);
    c.op(EQ);
    c.op(ISZERO);
    c.invalid_if();

    // every input below r, else 0 (snarkjs' checkField), before any call
    if n > 0 {
        c.push32(&r); // [r]
        for i in 0..n {
            c.op(if i == 0 { DUP1 } else { DUP2 });
            c.push(PROOF_BYTES + 32 * i);
            c.op(CALLDATALOAD); // [r, (ok,) r, inputᵢ]
            c.op(LT); // inputᵢ < r
            if i > 0 {
                c.op(AND);
            }
        }
        c.op(ISZERO);
        c.jumpi_to(reject);
        c.op(POP);
    }

    // vk_x = IC₀ + Σ inputᵢ·ICᵢ
    codecopy(&mut c, m.vk_x(), ic[0], 64);
    for i in 1..=n {
        codecopy(&mut c, m.mul(), ic[i as usize], 64);
        calldatacopy(&mut c, m.mul() + 64, PROOF_BYTES + 32 * (i - 1), 32);
        c.staticcall(&backend.ec_mul, (m.mul(), 96), (m.vk_x() + 64, 64));
        c.staticcall(&backend.ec_add, (m.vk_x(), 128), (m.vk_x(), 64));
    }

    // −A = (x, (p − y) mod p), y < p required
    calldatacopy(&mut c, m.neg_a(), 0, 32);
    c.push32(&p);
    c.push(32);
    c.op(CALLDATALOAD); // [p, y]
    c.op(DUP2);
    c.op(DUP2); // [p, y, p, y]
    c.op(LT);
    c.op(ISZERO);
    c.invalid_if(); // y ≥ p
    c.op(DUP2); // [p, y, p]
    c.op(SUB); // [p, p − y]
    c.op(MOD); // [(p − y) mod p]: 0 stays 0
    c.push(m.neg_a() + 32);
    c.op(MSTORE);

    calldatacopy(&mut c, m.b(), 64, 128);
    match factor {
        None => codecopy(&mut c, m.alpha_beta(), alpha_beta, 192),
        Some(g) => codecopy(&mut c, Memory::INPUT + witness, alpha_beta, g.len() as u64),
    }
    codecopy(&mut c, m.gamma(), gamma, 128);
    calldatacopy(&mut c, m.c(), 192, 64);
    codecopy(&mut c, m.delta(), delta, 128);
    if witness > 0 {
        calldatacopy(&mut c, Memory::INPUT, PROOF_BYTES + 32 * n, witness);
    }
    c.staticcall(&backend.ec_pairing, (Memory::INPUT, m.input_len()), (Memory::RESULT, 32));
    c.push(32);
    c.push(Memory::RESULT);
    c.op(RETURN);

    c.place(reject);
    c.push(32);
    c.op(PUSH0);
    c.op(RETURN); // memory 0 is still zero

    let alpha_beta_bytes =
        factor.map_or_else(|| [encode_g1(&vk.alpha).as_slice(), &encode_g2(&vk.beta)].concat(), <[u8]>::to_vec);
    let (gamma_bytes, delta_bytes) = (encode_g2(&vk.gamma), encode_g2(&vk.delta));
    let ic_bytes: Vec<[u8; 64]> = vk.ic.iter().map(encode_g1).collect();
    let mut data: Vec<(usize, &[u8])> =
        vec![(alpha_beta, &alpha_beta_bytes), (gamma, &gamma_bytes), (delta, &delta_bytes)];
    data.extend(ic.iter().zip(&ic_bytes).map(|(&l, b)| (l, b.as_slice())));
    let too_large = |bytes| Groth16Error::CodeTooLarge { inputs: n as usize, bytes, limit: crate::MAX_CODE_SIZE };
    let code = c.finish_with_data(&data).map_err(too_large)?;
    if code.len() > crate::MAX_CODE_SIZE {
        return Err(too_large(code.len()));
    }
    Ok(code)
}
