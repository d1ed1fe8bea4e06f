//! Groth16 files as provers write them, for `build groth16-verifier` and `hint groth16`:
//! snarkjs' JSON or gnark's binary serialisations (`evm384_gen::glue::groth16`). Errors name the
//! flag and the file, and say when a file looks like the other format.

use std::path::Path;

use ark_bn254::{Bn254, Fr};
use evm384_gen::glue::groth16::{self, Groth16Error, VerifyingKey};

/// Whose files `--vk`, `--proof` and `--public` are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// snarkjs: verification_key.json, proof.json, public.json (curve bn128).
    Snarkjs,
    /// gnark (BN254): the key's and the proof's WriteTo or WriteRawTo (or the proof's
    /// MarshalSolidity), the public witness' WriteTo.
    Gnark,
}

/// One file read in `format` by `snarkjs` or `gnark`; the error as `FLAG PATH: reason`.
fn read<T>(
    format: Format,
    flag: &str,
    path: &Path,
    snarkjs: impl Fn(&str) -> Result<T, Groth16Error>,
    gnark: impl Fn(&[u8]) -> Result<T, Groth16Error>,
) -> Result<T, String> {
    let at = |reason: String| format!("{flag} {}: {reason}", path.display());
    let bytes = std::fs::read(path).map_err(|e| format!("{flag}: cannot read {}: {e}", path.display()))?;
    // '{' and '[' carry gnark's flag 01 (the point at infinity), whose other bits are all zero:
    // no file of gnark's starts with either
    let json_like = matches!(bytes.first(), Some(b'{' | b'['));
    match format {
        Format::Snarkjs => {
            let text = std::str::from_utf8(&bytes)
                .map_err(|_| at("not text, so not snarkjs' JSON (gnark's binary file? --format gnark)".into()))?;
            snarkjs(text).map_err(|e| at(e.to_string()))
        }
        Format::Gnark if json_like => {
            Err(at("JSON, not gnark's binary format (snarkjs' file? --format snarkjs)".into()))
        }
        Format::Gnark => gnark(&bytes).map_err(|e| at(e.to_string())),
    }
}

/// The verifying key of `--vk`.
pub fn key(format: Format, path: &Path) -> Result<VerifyingKey, String> {
    read(format, "--vk", path, VerifyingKey::from_snarkjs_json, VerifyingKey::from_gnark)
}

/// The proof of `--proof`.
pub fn proof(format: Format, path: &Path) -> Result<ark_groth16::Proof<Bn254>, String> {
    read(format, "--proof", path, groth16::proof_from_snarkjs_json, groth16::proof_from_gnark)
}

/// The public inputs of `--public`.
pub fn public_inputs(format: Format, path: &Path) -> Result<Vec<Fr>, String> {
    read(format, "--public", path, groth16::public_inputs_from_snarkjs_json, groth16::public_inputs_from_gnark)
}
