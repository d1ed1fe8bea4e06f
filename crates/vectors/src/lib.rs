//! The one loader of test vectors for the whole workspace: EIP-2537's cases, and the other
//! JSON suites of `testdata/` (the arithmetic vectors, RFC 9380's, the programs) as JSON values
//! (`load_json`), every error naming the file.
//!
//! A vector file is a JSON array of cases. Success cases carry `Input` and `Expected` (hex,
//! an optional `0x` prefix allowed), failure cases `Input` and `ExpectedError` (text); `Name`,
//! `Gas` and `NoBenchmark` are optional. Anything else — a case without `Input`, malformed hex,
//! both or neither of `Expected`/`ExpectedError`, a field of the wrong type — is an error naming
//! the file and the case, never a silently reinterpreted case.
//!
//! The files shipped with the project live in `testdata/eip2537/` (see its README for
//! provenance); [`PAIRING_FILES`] lists the PAIRING_CHECK ones. BN254's (EIP-196/197, same JSON
//! format) live in `testdata/bn254/`, listed by [`BN254_FILES`]. [`eip6690`] loads the EIP-6690
//! (EVMMAX) conformance suite of `testdata/eip6690/`.

use std::path::{Path, PathBuf};

pub mod eip6690;

use serde_json::Value;

/// The PAIRING_CHECK (0x0f) vector files shipped in `testdata/eip2537/`, relative to it.
pub const PAIRING_FILES: [&str; 6] = [
    "eips-assets/pairing_check_bls.json",
    "eips-assets/fail-pairing_check_bls.json",
    "go-ethereum/blsPairing.json",
    "go-ethereum/fail-blsPairing.json",
    "eest-derived/pairing_check_bls_eest_extra.json",
    "eest-derived/fail-pairing_check_bls_eest_extra.json",
];

/// The BN254 (alt_bn128) vector files shipped in `testdata/bn254/`, relative to it, by
/// operation: ecAdd, ecMul, ecPairing (see `testdata/bn254/README.md` for provenance):
/// go-ethereum's `bn256*.json` and the adversarial cases made here with arkworks. Not among
/// [`Operation::files`] (EIP-2537's); [`Operation::bn254_files`] gives one operation's.
pub static BN254_FILES: [&str; 9] = [
    "bn256Add.json",
    "ecadd.json",
    "fail-ecadd.json",
    "bn256ScalarMul.json",
    "ecmul.json",
    "fail-ecmul.json",
    "bn256Pairing.json",
    "ecpairing.json",
    "fail-ecpairing.json",
];

/// The seven EIP-2537 operations (precompiles 0x0b..0x11, listed in [`Operation::ALL`]), and
/// the single-point multiplications G1MUL and G2MUL, which EIP-2539 (BLS12-377) has and
/// EIP-2537 does not (there a one-pair MSM): not in `ALL`, no vector files of their own here.
/// BN254's precompiles are three of them: ecAdd `G1Add`, ecMul `G1Mul`, ecPairing
/// `PairingCheck` ([`Operation::bn254_files`], [`Operation::bn254_address_byte`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    G1Add,
    G1Msm,
    G2Add,
    G2Msm,
    PairingCheck,
    MapFpToG1,
    MapFp2ToG2,
    /// EIP-2539's G1MUL: one G1 point ‖ a 32-byte scalar (no EIP-2537 precompile).
    G1Mul,
    /// EIP-2539's G2MUL: one G2 point ‖ a 32-byte scalar (no EIP-2537 precompile).
    G2Mul,
}

impl Operation {
    pub const ALL: [Operation; 7] = [
        Operation::G1Add,
        Operation::G1Msm,
        Operation::G2Add,
        Operation::G2Msm,
        Operation::PairingCheck,
        Operation::MapFpToG1,
        Operation::MapFp2ToG2,
    ];

    /// The operations EIP-2537 lacks ([`Operation::G1Mul`], [`Operation::G2Mul`]).
    pub const EXTRA: [Operation; 2] = [Operation::G1Mul, Operation::G2Mul];

    /// The precompile's address (its last byte) for the seven of [`Operation::ALL`]; for the
    /// [`Operation::EXTRA`] ones, which have no EIP-2537 precompile, the bytes after them
    /// (0x12, 0x13), where the runners place such a contract.
    pub fn address_byte(self) -> u8 {
        match Operation::ALL.iter().position(|o| *o == self) {
            Some(i) => 0x0b + i as u8,
            None => {
                0x0b + Operation::ALL.len() as u8 + Operation::EXTRA.iter().position(|o| *o == self).unwrap_or(0) as u8
            }
        }
    }

    /// The command-line name (`g1-add`, …, `map-fp2-to-g2`).
    pub fn name(self) -> &'static str {
        match self {
            Operation::G1Add => "g1-add",
            Operation::G1Msm => "g1-msm",
            Operation::G2Add => "g2-add",
            Operation::G2Msm => "g2-msm",
            Operation::PairingCheck => "pairing-check",
            Operation::MapFpToG1 => "map-fp-to-g1",
            Operation::MapFp2ToG2 => "map-fp2-to-g2",
            Operation::G1Mul => "g1-mul",
            Operation::G2Mul => "g2-mul",
        }
    }

    /// The shipped vector files of this operation, relative to `testdata/eip2537/` (the EIP's
    /// `mul_*` files are one-point MSMs; go-ethereum's `*Mul` files likewise).
    pub fn files(self) -> &'static [&'static str] {
        match self {
            Operation::G1Add => &[
                "eips-assets/add_G1_bls.json",
                "eips-assets/fail-add_G1_bls.json",
                "go-ethereum/blsG1Add.json",
                "go-ethereum/fail-blsG1Add.json",
            ],
            Operation::G1Msm => &[
                "eips-assets/msm_G1_bls.json",
                "eips-assets/fail-msm_G1_bls.json",
                "eips-assets/mul_G1_bls.json",
                "eips-assets/fail-mul_G1_bls.json",
                "go-ethereum/blsG1MultiExp.json",
                "go-ethereum/fail-blsG1MultiExp.json",
                "go-ethereum/blsG1Mul.json",
                "go-ethereum/fail-blsG1Mul.json",
            ],
            Operation::G2Add => &[
                "eips-assets/add_G2_bls.json",
                "eips-assets/fail-add_G2_bls.json",
                "go-ethereum/blsG2Add.json",
                "go-ethereum/fail-blsG2Add.json",
            ],
            Operation::G2Msm => &[
                "eips-assets/msm_G2_bls.json",
                "eips-assets/fail-msm_G2_bls.json",
                "eips-assets/mul_G2_bls.json",
                "eips-assets/fail-mul_G2_bls.json",
                "go-ethereum/blsG2MultiExp.json",
                "go-ethereum/fail-blsG2MultiExp.json",
                "go-ethereum/blsG2Mul.json",
                "go-ethereum/fail-blsG2Mul.json",
            ],
            Operation::PairingCheck => &PAIRING_FILES,
            Operation::MapFpToG1 => &[
                "eips-assets/map_fp_to_G1_bls.json",
                "eips-assets/fail-map_fp_to_G1_bls.json",
                "go-ethereum/blsMapG1.json",
                "go-ethereum/fail-blsMapG1.json",
            ],
            Operation::MapFp2ToG2 => &[
                "eips-assets/map_fp2_to_G2_bls.json",
                "eips-assets/fail-map_fp2_to_G2_bls.json",
                "go-ethereum/blsMapG2.json",
                "go-ethereum/fail-blsMapG2.json",
            ],
            // EIP-2539's (BLS12-377) vectors live in `testdata/eip2539/`, read by the tests
            Operation::G1Mul | Operation::G2Mul => &[],
        }
    }

    /// The operation a shipped vector file belongs to, from its file name.
    pub fn of_file(path: &str) -> Option<Operation> {
        let name = path.rsplit('/').next().unwrap_or(path);
        Operation::ALL.into_iter().find(|op| op.files().iter().any(|f| f.rsplit('/').next() == Some(name)))
    }

    /// The EIP-2539 (BLS12-377) operation of a file named as `testdata/eip2539/` names them:
    /// `[fail-]{add,mul,multiexp}_G{1,2}_bls12377.json` or `[fail-]pairing_bls12377.json`.
    pub fn of_eip2539_file(path: &str) -> Option<Operation> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let stem = name.strip_prefix("fail-").unwrap_or(name).strip_suffix("_bls12377.json")?;
        Some(match stem {
            "add_G1" => Operation::G1Add,
            "mul_G1" => Operation::G1Mul,
            "multiexp_G1" => Operation::G1Msm,
            "add_G2" => Operation::G2Add,
            "mul_G2" => Operation::G2Mul,
            "multiexp_G2" => Operation::G2Msm,
            "pairing" => Operation::PairingCheck,
            _ => return None,
        })
    }
}

impl Operation {
    /// The operation a BN254 file of `testdata/bn254/` holds, from its file name: EIP-196's
    /// ecAdd as [`Operation::G1Add`] (`bn256Add.json`, `[fail-]ecadd.json`), its ecMul (one G1
    /// point ‖ a 32-byte scalar) as [`Operation::G1Mul`] (`bn256ScalarMul.json`,
    /// `[fail-]ecmul.json`), EIP-197's ecPairing as [`Operation::PairingCheck`]
    /// (`bn256Pairing.json`, `[fail-]ecpairing.json`).
    pub fn of_bn254_file(path: &str) -> Option<Operation> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let stem = name.strip_prefix("fail-").unwrap_or(name).strip_suffix(".json")?;
        Some(match stem {
            "bn256Add" | "ecadd" => Operation::G1Add,
            "bn256ScalarMul" | "ecmul" => Operation::G1Mul,
            "bn256Pairing" | "ecpairing" => Operation::PairingCheck,
            _ => return None,
        })
    }

    /// The shipped BN254 files of this operation, relative to `testdata/bn254/` (empty for the
    /// operations BN254 has no precompile for).
    pub fn bn254_files(self) -> &'static [&'static str] {
        match self {
            Operation::G1Add => &BN254_FILES[0..3],
            Operation::G1Mul => &BN254_FILES[3..6],
            Operation::PairingCheck => &BN254_FILES[6..9],
            _ => &[],
        }
    }

    /// The address (its last byte) of BN254's precompile for this operation: ecAdd 0x06,
    /// ecMul 0x07 (EIP-196), ecPairing 0x08 (EIP-197).
    pub fn bn254_address_byte(self) -> Option<u8> {
        match self {
            Operation::G1Add => Some(0x06),
            Operation::G1Mul => Some(0x07),
            Operation::PairingCheck => Some(0x08),
            _ => None,
        }
    }

    /// The BN254 precompile's gas for an input of `input_len` bytes under EIP-1108's prices:
    /// ecAdd 150, ecMul 6,000, ecPairing 45,000 + 34,000·k for k = `input_len` / 192 whole
    /// pairs (the price of a call that succeeds; a failing call consumes all its gas).
    pub fn bn254_gas(self, input_len: usize) -> Option<u64> {
        match self {
            Operation::G1Add => Some(150),
            Operation::G1Mul => Some(6_000),
            Operation::PairingCheck => Some(45_000 + 34_000 * (input_len / 192) as u64),
            _ => None,
        }
    }
}

impl core::fmt::Display for Operation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Operation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let all = || Operation::ALL.into_iter().chain(Operation::EXTRA);
        all().find(|o| o.name() == s).ok_or_else(|| {
            let names: Vec<&str> = all().map(|o| o.name()).collect();
            format!("unknown operation '{s}' (expected one of {})", names.join(", "))
        })
    }
}

/// Every shipped file of `op` with its cases.
pub fn load_operation_files(op: Operation) -> Result<Vec<(&'static str, Vec<Case>)>, VectorError> {
    let dir = testdata_dir().join("eip2537");
    op.files().iter().map(|f| load(&dir.join(f)).map(|cases| (*f, cases))).collect()
}

/// Every shipped BN254 file of `op` with its cases ([`Operation::bn254_files`]).
pub fn load_bn254_files(op: Operation) -> Result<Vec<(&'static str, Vec<Case>)>, VectorError> {
    let dir = testdata_dir().join("bn254");
    op.bn254_files().iter().map(|f| load(&dir.join(f)).map(|cases| (*f, cases))).collect()
}

/// What a case expects of the precompile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Success with exactly this output.
    Output(Vec<u8>),
    /// Failure (the text is the source's error name; at the EVM level all failures look alike).
    Error(String),
}

/// One test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `Name`, or `#<index>` when the file gives none.
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Expected,
    /// `Gas`: the precompile's price for this input, when the file states it.
    pub gas: Option<u64>,
}

/// Why a vector file or case was rejected.
#[derive(Debug, thiserror::Error)]
pub enum VectorError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{file}: not JSON: {message}")]
    Json { file: String, message: String },
    #[error("{file}: the top level is not a JSON array of cases")]
    NotAnArray { file: String },
    #[error("{file}: case {case}: {problem}")]
    Case { file: String, case: String, problem: String },
}

/// Parses a vector file's text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Vec<Case>, VectorError> {
    let json: Value =
        serde_json::from_str(text).map_err(|e| VectorError::Json { file: file.into(), message: e.to_string() })?;
    let cases = json.as_array().ok_or_else(|| VectorError::NotAnArray { file: file.into() })?;
    cases.iter().enumerate().map(|(i, c)| parse_case(c, i, file)).collect()
}

/// Reads and parses a vector file.
pub fn load(path: &Path) -> Result<Vec<Case>, VectorError> {
    let text = std::fs::read_to_string(path).map_err(|source| VectorError::Read { path: path.into(), source })?;
    parse(&text, &path.display().to_string())
}

/// The project's `testdata/` folder.
pub fn testdata_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// A file of `testdata/` by its path there (`eip2537/...`, `rfc9380/...`, `evm384/...`).
pub fn testdata(rel: &str) -> PathBuf {
    testdata_dir().join(rel)
}

/// A JSON file of `testdata/` whose format is not EIP-2537's (the arithmetic vectors, RFC 9380's
/// suites, the programs), parsed as a JSON value; errors name the file.
pub fn load_json(rel: &str) -> Result<Value, VectorError> {
    let path = testdata(rel);
    let text = std::fs::read_to_string(&path).map_err(|source| VectorError::Read { path: path.clone(), source })?;
    serde_json::from_str(&text)
        .map_err(|e| VectorError::Json { file: path.display().to_string(), message: e.to_string() })
}

/// Every shipped PAIRING_CHECK file with its cases, in [`PAIRING_FILES`] order.
pub fn load_pairing_files() -> Result<Vec<(&'static str, Vec<Case>)>, VectorError> {
    load_operation_files(Operation::PairingCheck)
}

fn parse_case(c: &Value, index: usize, file: &str) -> Result<Case, VectorError> {
    let name = match c.get("Name") {
        None => format!("#{index}"),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(case_error(file, &format!("#{index}"), "`Name` is not a string")),
    };
    let err = |problem: &str| case_error(file, &name, problem);
    let text = |key: &str| -> Result<Option<&str>, VectorError> {
        match c.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(err(&format!("`{key}` is not a string"))),
        }
    };
    if !c.is_object() {
        return Err(err("a case is not a JSON object"));
    }
    let input =
        decode_hex(text("Input")?.ok_or_else(|| err("no `Input`"))?).map_err(|e| err(&format!("`Input`: {e}")))?;
    let expected = match (text("Expected")?, text("ExpectedError")?) {
        (Some(out), None) => Expected::Output(decode_hex(out).map_err(|e| err(&format!("`Expected`: {e}")))?),
        (None, Some(e)) => Expected::Error(e.to_string()),
        (Some(_), Some(_)) => return Err(err("both `Expected` and `ExpectedError`")),
        (None, None) => return Err(err("neither `Expected` nor `ExpectedError`")),
    };
    let gas = match c.get("Gas") {
        None => None,
        Some(g) => Some(g.as_u64().ok_or_else(|| err("`Gas` is not a non-negative integer"))?),
    };
    Ok(Case { name, input, expected, gas })
}

fn case_error(file: &str, case: &str, problem: &str) -> VectorError {
    VectorError::Case { file: file.into(), case: case.into(), problem: problem.into() }
}

/// Hex with an optional `0x` prefix.
pub fn decode_hex(s: &str) -> Result<Vec<u8>, hex::FromHexError> {
    hex::decode(s.strip_prefix("0x").unwrap_or(s))
}

impl Case {
    /// A PAIRING_CHECK case's answer: `Some(true)` / `Some(false)` for an `Expected` of exactly
    /// 32 bytes 0…01 / 0…00, `None` for a failure case; any other `Expected` is an error.
    pub fn pairing_result(&self, file: &str) -> Result<Option<bool>, VectorError> {
        match &self.expected {
            Expected::Error(_) => Ok(None),
            Expected::Output(out) => match out.split_last() {
                Some((&last, rest)) if out.len() == 32 && last <= 1 && rest.iter().all(|&b| b == 0) => {
                    Ok(Some(last == 1))
                }
                _ => Err(case_error(
                    file,
                    &self.name,
                    &format!("`Expected` is not a 32-byte boolean word: {}", hex::encode(out)),
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> String {
        match parse(text, "t.json") {
            Err(VectorError::Case { file, problem, .. }) => {
                assert_eq!(file, "t.json");
                problem
            }
            other => panic!("expected a case error, got {other:?}"),
        }
    }

    #[test]
    fn every_shipped_file_belongs_to_one_operation_and_parses() {
        let mut seen = std::collections::HashSet::new();
        for op in Operation::ALL {
            assert_eq!(op.name().parse::<Operation>(), Ok(op));
            for f in op.files() {
                assert!(seen.insert(*f), "{f} listed twice");
                assert_eq!(Operation::of_file(f), Some(op), "{f}");
            }
            let files = load_operation_files(op).unwrap();
            assert!(files.iter().any(|(_, c)| c.iter().any(|c| matches!(c.expected, Expected::Output(_)))));
            assert!(files.iter().any(|(_, c)| c.iter().any(|c| matches!(c.expected, Expected::Error(_)))));
        }
        // Every JSON file in testdata/eip2537 is listed.
        let dir = testdata_dir().join("eip2537");
        for sub in ["eips-assets", "go-ethereum", "eest-derived"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                let name = format!("{sub}/{}", e.unwrap().file_name().to_string_lossy());
                assert!(seen.contains(name.as_str()), "{name} is not listed");
            }
        }
        assert_eq!(Operation::G1Add.address_byte(), 0x0b);
        assert_eq!(Operation::MapFp2ToG2.address_byte(), 0x11);
        // EIP-2539's MULs: parsed, outside ALL, no files, an address after the seven
        for (op, name, byte) in [(Operation::G1Mul, "g1-mul", 0x12), (Operation::G2Mul, "g2-mul", 0x13)] {
            assert_eq!(name.parse::<Operation>(), Ok(op));
            assert!(!Operation::ALL.contains(&op) && op.files().is_empty());
            assert_eq!(op.address_byte(), byte);
        }
        assert!("g3-add".parse::<Operation>().is_err());
        // every EIP-2539 file shipped is recognised, the others are not
        let dir = testdata_dir().join("eip2539");
        let mut seen = 0;
        for e in std::fs::read_dir(&dir).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".json") {
                assert!(Operation::of_eip2539_file(&format!("testdata/eip2539/{name}")).is_some(), "{name}");
                seen += 1;
            }
        }
        assert!(seen >= 14, "{seen} EIP-2539 files");
        assert_eq!(Operation::of_eip2539_file("fail-multiexp_G2_bls12377.json"), Some(Operation::G2Msm));
        assert_eq!(Operation::of_eip2539_file("blsG1Add.json"), None);
    }

    /// Every JSON file of `testdata/bn254/` is listed once, under the operation its name says,
    /// and loads; go-ethereum's files whole (case counts by Python's json module over the same
    /// files), valid cases with EIP-1108's price as `Gas`, ecPairing's answers 32-byte booleans.
    #[test]
    fn shipped_bn254_files_are_listed_and_load() {
        let ops = [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck];
        let listed: Vec<&str> = ops.iter().flat_map(|op| op.bn254_files().iter().copied()).collect();
        assert_eq!(listed, BN254_FILES);
        for e in std::fs::read_dir(testdata_dir().join("bn254")).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".json") {
                assert!(BN254_FILES.contains(&name.as_str()), "{name} is not listed");
            }
        }
        let go_ethereum_counts = [("bn256Add.json", 16), ("bn256ScalarMul.json", 19), ("bn256Pairing.json", 14)];
        for (op, address) in ops.into_iter().zip([0x06, 0x07, 0x08]) {
            assert_eq!(op.bn254_address_byte(), Some(address));
            for (file, cases) in load_bn254_files(op).unwrap() {
                assert_eq!(Operation::of_bn254_file(&format!("testdata/bn254/{file}")), Some(op), "{file}");
                assert_eq!(Operation::of_file(file), None, "{file} taken for an EIP-2537 file");
                assert!(!cases.is_empty(), "{file}");
                if let Some((_, n)) = go_ethereum_counts.iter().find(|(f, _)| *f == file) {
                    assert_eq!(cases.len(), *n, "{file}");
                }
                for c in &cases {
                    assert_eq!(
                        matches!(c.expected, Expected::Error(_)),
                        file.starts_with("fail-"),
                        "{file} {}",
                        c.name
                    );
                    if matches!(c.expected, Expected::Output(_)) {
                        assert_eq!(c.gas, op.bn254_gas(c.input.len()), "{file} {}", c.name);
                    }
                    if op == Operation::PairingCheck {
                        c.pairing_result(file).unwrap();
                    }
                }
            }
        }
        assert_eq!(Operation::G2Add.bn254_files(), &[] as &[&str]);
        assert_eq!((Operation::G2Add.bn254_address_byte(), Operation::G2Add.bn254_gas(0)), (None, None));
        assert_eq!(Operation::of_bn254_file("blsG1Add.json"), None);
        assert_eq!(Operation::of_bn254_file("add_G1_bls12377.json"), None);
        assert_eq!(Operation::PairingCheck.bn254_gas(2 * 192 + 5), Some(113_000));
    }

    #[test]
    fn well_formed_cases() {
        let cases = parse(
            r#"[{"Input": "0x0102", "Expected": "ff", "Name": "a", "Gas": 5, "NoBenchmark": false},
                {"Input": "", "ExpectedError": "bad"}]"#,
            "t.json",
        )
        .unwrap();
        assert_eq!(
            cases,
            [
                Case { name: "a".into(), input: vec![1, 2], expected: Expected::Output(vec![0xff]), gas: Some(5) },
                Case { name: "#1".into(), input: vec![], expected: Expected::Error("bad".into()), gas: None },
            ]
        );
    }

    #[test]
    fn each_malformation_is_an_error() {
        assert_eq!(problem(r#"[{"Expected": "00"}]"#), "no `Input`");
        assert!(problem(r#"[{"Input": "abc", "Expected": "00"}]"#).starts_with("`Input`: "));
        assert!(problem(r#"[{"Input": "zz", "Expected": "00"}]"#).starts_with("`Input`: "));
        assert!(problem(r#"[{"Input": "00", "Expected": "0g"}]"#).starts_with("`Expected`: "));
        assert_eq!(problem(r#"[{"Input": "00"}]"#), "neither `Expected` nor `ExpectedError`");
        assert_eq!(
            problem(r#"[{"Input": "00", "Expected": "", "ExpectedError": "x"}]"#),
            "both `Expected` and `ExpectedError`"
        );
        assert_eq!(problem(r#"[{"Input": 7, "Expected": "00"}]"#), "`Input` is not a string");
        assert_eq!(problem(r#"[{"Input": "00", "Expected": "00", "Gas": -1}]"#), "`Gas` is not a non-negative integer");
        assert_eq!(problem(r#"[3]"#), "a case is not a JSON object");
        assert!(matches!(parse("{}", "t.json"), Err(VectorError::NotAnArray { .. })));
        assert!(matches!(parse("[", "t.json"), Err(VectorError::Json { .. })));
    }

    #[test]
    fn pairing_results_are_32_byte_booleans() {
        let case = |out: Vec<u8>| Case { name: "c".into(), input: vec![], expected: Expected::Output(out), gas: None };
        let mut one = vec![0u8; 32];
        one[31] = 1;
        assert_eq!(case(one.clone()).pairing_result("f").unwrap(), Some(true));
        assert_eq!(case(vec![0; 32]).pairing_result("f").unwrap(), Some(false));
        let fail = Case { expected: Expected::Error("e".into()), ..case(vec![]) };
        assert_eq!(fail.pairing_result("f").unwrap(), None);
        let mut two = one.clone();
        two[31] = 2;
        let mut high = one.clone();
        high[0] = 1;
        for bad in [vec![1], one[1..].to_vec(), [one.clone(), vec![0]].concat(), two, high] {
            assert!(case(bad).pairing_result("f").is_err());
        }
    }

    /// Case counts per shipped file, counted independently of this loader (Python's json module
    /// over the same files).
    #[test]
    fn shipped_pairing_files_load_whole() {
        let counts = [15, 25, 106, 9, 13, 58];
        for ((file, cases), want) in load_pairing_files().unwrap().into_iter().zip(counts) {
            assert_eq!(cases.len(), want, "{file}");
            let failing = file.contains("fail-");
            for c in &cases {
                let result = c.pairing_result(file).unwrap();
                assert_eq!(result.is_none(), failing, "{file} {}", c.name);
                assert!(!c.input.is_empty() || failing, "{file} {}", c.name);
            }
        }
    }

    #[test]
    fn json_files_load_and_errors_name_the_file() {
        let doc = load_json("evm384/arith.json").unwrap();
        assert!(doc["cases"].as_array().is_some_and(|c| !c.is_empty()));
        let missing = load_json("evm384/no-such-file.json").unwrap_err();
        assert!(matches!(missing, VectorError::Read { .. }));
        assert!(missing.to_string().contains("no-such-file.json"), "{missing}");
        // a file that is not JSON (the RFC 9380 constants are text)
        let not_json = load_json("rfc9380/bls12381_constants.txt").unwrap_err();
        assert!(matches!(not_json, VectorError::Json { .. }), "{not_json}");
        assert!(not_json.to_string().contains("bls12381_constants.txt"), "{not_json}");
    }
}
