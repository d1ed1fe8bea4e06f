//! The EIP-2537 pairing vectors through the contract (v7, v8, v9) and through revm's 0x0f.

use std::path::Path;

use evm384_evm::{Runner, Status, BLS12_PAIRING_CHECK};

use crate::results::VectorResult;

/// One vector: input, and `Some(expected output)` or `None` for a failure case.
pub struct Vector {
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Option<Vec<u8>>,
}

/// The pairing vector files shipped in `testdata/eip2537`, relative to it.
pub const FILES: [&str; 6] = [
    "eips-assets/pairing_check_bls.json",
    "eips-assets/fail-pairing_check_bls.json",
    "go-ethereum/blsPairing.json",
    "go-ethereum/fail-blsPairing.json",
    "eest-derived/pairing_check_bls_eest_extra.json",
    "eest-derived/fail-pairing_check_bls_eest_extra.json",
];

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim_start_matches("0x");
    if s.len() % 2 != 0 {
        return Err("odd-length hex".into());
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| e.to_string())).collect()
}

/// Reads an EIP-2537 vector file (success: Input/Expected; failure: Input/ExpectedError).
pub fn load(path: &Path) -> Result<Vec<Vector>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    cases
        .iter()
        .map(|c| {
            let field = |k: &str| c.get(k).and_then(|v| v.as_str());
            let input = unhex(field("Input").ok_or("case without Input")?)?;
            let expected = match (field("Expected"), field("ExpectedError")) {
                (Some(e), _) => Some(unhex(e)?),
                (None, Some(_)) => None,
                _ => return Err(format!("{}: case with neither Expected nor ExpectedError", path.display())),
            };
            Ok(Vector { name: field("Name").unwrap_or("?").to_string(), input, expected })
        })
        .collect()
}

/// Whether an execution matches a vector: the expected output, or an exceptional halt.
pub fn passes(status: &Status, output: &[u8], v: &Vector) -> bool {
    match &v.expected {
        Some(want) => *status == Status::Success && output == want.as_slice(),
        None => matches!(status, Status::Halt(_)),
    }
}

/// Runs `vectors` through a runner with the contract deployed (`to = None`) or through the
/// precompile.
pub fn run_file(file: &str, vectors: &[Vector], runner: &mut Runner, implementation: &str) -> VectorResult {
    let (mut passed, mut failed) = (0, 0);
    for v in vectors {
        let ex = if implementation == "precompile" {
            runner.call(BLS12_PAIRING_CHECK, &v.input)
        } else {
            runner.run(&v.input)
        };
        match ex {
            Ok(ex) if passes(&ex.status, &ex.output, v) => passed += 1,
            _ => failed += 1,
        }
    }
    VectorResult { file: file.into(), implementation: implementation.into(), passed, failed }
}
