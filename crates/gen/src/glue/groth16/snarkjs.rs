//! snarkjs' JSON files (`snarkjs zkey export verificationkey`, `snarkjs groth16 prove`):
//! `verification_key.json`, `proof.json` and `public.json`, coordinates as decimal strings.

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G2Affine};
use ark_ff::PrimeField;
use num_bigint::BigUint;
use serde::Deserialize;

use super::{Groth16Error, VerifyingKey};

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

impl VerifyingKey {
    /// Reads snarkjs' `verification_key.json` (`snarkjs zkey export verificationkey`): protocol
    /// groth16 on curve bn128, coordinates as decimal strings, G2 coordinates as
    /// [[x_real, x_imaginary], [y_real, y_imaginary], ["1", "0"]] (snarkjs' own
    /// `templates/verifier_groth16.sol.ejs` writes `vk_beta_2[0][1]`, the imaginary part, first:
    /// EIP-197's order, as [`encode_g2`](super::encode_g2)); checked as [`Self::check`] does,
    /// and nPublic against IC's length.
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
