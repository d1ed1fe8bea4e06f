//! The EIP-6690 (EVMMAX) conformance suite of `testdata/eip6690/` (format:
//! `testdata/eip6690/README.md`): one JSON file per rule group, each case a program run as a
//! call with a gas limit and its expected status, output and execution gas.
//!
//! [`load_suite`] reads every group; [`Case::mismatches`] compares one execution with a case,
//! so that any EVM (the tests of `evm384-evm`, the CLI) runs the suite the same way: deploy
//! [`Case::accounts`] at their addresses and [`Case::code`] as the called contract, call it with
//! [`Case::calldata`] and [`Case::gas_limit`] gas with EVMMAX enabled, then compare.

use serde_json::Value;

use crate::{decode_hex, testdata_dir, VectorError};

/// The suite's folder under `testdata/`.
pub const DIR: &str = "eip6690";

/// How a case's call ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Success,
    Revert,
    /// Exceptional halt: the frame spends its whole gas limit.
    Halt,
}

impl Status {
    /// `success`, `revert` or `halt`, as in the files.
    pub fn name(self) -> &'static str {
        match self {
            Status::Success => "success",
            Status::Revert => "revert",
            Status::Halt => "halt",
        }
    }

    fn parse(s: &str) -> Option<Status> {
        [Status::Success, Status::Revert, Status::Halt].into_iter().find(|st| st.name() == s)
    }
}

/// One case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    /// The rule of the EIP text it tests, quoted.
    pub rule: String,
    /// The readings of the text it depends on (`R1`, …; README "Readings").
    pub readings: Vec<String>,
    pub code: Vec<u8>,
    pub calldata: Vec<u8>,
    /// Other accounts' code, by 20-byte address, in address order.
    pub accounts: Vec<([u8; 20], Vec<u8>)>,
    /// Gas of the called frame (no intrinsic transaction gas).
    pub gas_limit: u64,
    pub status: Status,
    pub output: Vec<u8>,
    /// Execution gas of the called frame (the whole `gas_limit` for a halt).
    pub gas: u64,
}

/// One file: a rule group and its cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The file's name, e.g. `setmodx.json`.
    pub file: String,
    /// The group's name, e.g. `setmodx`.
    pub name: String,
    pub cases: Vec<Case>,
}

impl Case {
    /// What differs between an execution and this case (status by name, output, gas), one
    /// line each; empty when it conforms.
    pub fn mismatches(&self, status: &str, output: &[u8], gas: u64) -> Vec<String> {
        let mut out = Vec::new();
        if status != self.status.name() {
            out.push(format!("status {status}, expected {}", self.status.name()));
        }
        if output != self.output.as_slice() {
            let at = output.iter().zip(&self.output).take_while(|(a, b)| a == b).count();
            out.push(format!(
                "output {}, expected {} (first difference at byte {at})",
                short_hex(output),
                short_hex(&self.output)
            ));
        }
        if gas != self.gas {
            let d = gas as i128 - self.gas as i128;
            out.push(format!("gas {gas}, expected {} ({d:+})", self.gas));
        }
        out
    }
}

/// Hex of `bytes`, up to 48 bytes; longer values shortened to their ends and length.
fn short_hex(bytes: &[u8]) -> String {
    match bytes.len() {
        0 => "(empty)".into(),
        n if n <= 48 => hex::encode(bytes),
        n => format!("{}…{} ({n} bytes)", hex::encode(&bytes[..32]), hex::encode(&bytes[n - 8..])),
    }
}

/// Every group of `testdata/eip6690/`, in file-name order.
pub fn load_suite() -> Result<Vec<Group>, VectorError> {
    load_suite_in(&testdata_dir().join(DIR))
}

/// Every group (`*.json`) of the suite in folder `dir`, in file-name order.
pub fn load_suite_in(dir: &std::path::Path) -> Result<Vec<Group>, VectorError> {
    let dir = dir.to_path_buf();
    let entries = std::fs::read_dir(&dir).map_err(|source| VectorError::Read { path: dir.clone(), source })?;
    let mut files: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let path = dir.join(&f);
            let text = std::fs::read_to_string(&path).map_err(|source| VectorError::Read { path, source })?;
            parse_group(&text, &f)
        })
        .collect()
}

/// Parses one group file's text; `file` names it (and in errors).
pub fn parse_group(text: &str, file: &str) -> Result<Group, VectorError> {
    let json: Value =
        serde_json::from_str(text).map_err(|e| VectorError::Json { file: file.into(), message: e.to_string() })?;
    let case_err = |case: &str, problem: String| VectorError::Case { file: file.into(), case: case.into(), problem };
    let name = json.get("group").and_then(Value::as_str).ok_or_else(|| case_err("-", "no `group`".into()))?;
    let cases = json.get("cases").and_then(Value::as_array).ok_or_else(|| case_err("-", "no `cases` array".into()))?;
    let cases = cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let id = c.get("name").and_then(Value::as_str).map_or(format!("#{i}"), str::to_string);
            parse_case(c).map_err(|p| case_err(&id, p))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Group { file: file.into(), name: name.into(), cases })
}

fn parse_case(c: &Value) -> Result<Case, String> {
    let text = |key: &str| c.get(key).and_then(Value::as_str).ok_or_else(|| format!("no string `{key}`"));
    let bytes = |key: &str| decode_hex(text(key)?).map_err(|e| format!("`{key}`: {e}"));
    let number = |key: &str| c.get(key).and_then(Value::as_u64).ok_or_else(|| format!("no integer `{key}`"));
    let readings = match c.get("readings") {
        None => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|r| r.as_str().map(str::to_string).ok_or("`readings`: not a string"))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("`readings` is not an array".into()),
    };
    let mut accounts = Vec::new();
    if let Some(a) = c.get("accounts") {
        let a = a.as_object().ok_or("`accounts` is not an object")?;
        for (addr, code) in a {
            let address: [u8; 20] = decode_hex(addr)
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| format!("`accounts`: {addr} is not a 20-byte address"))?;
            let code = code.as_str().ok_or("`accounts`: code is not a string")?;
            accounts.push((address, decode_hex(code).map_err(|e| format!("`accounts` {addr}: {e}"))?));
        }
        accounts.sort();
    }
    let status = text("status")?;
    Ok(Case {
        name: text("name")?.into(),
        rule: text("rule")?.into(),
        readings,
        code: bytes("code")?,
        calldata: bytes("calldata")?,
        accounts,
        gas_limit: number("gas_limit")?,
        status: Status::parse(status).ok_or_else(|| format!("unknown status `{status}`"))?,
        output: bytes("output")?,
        gas: number("gas")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_loads_and_halts_spend_their_limit() {
        let groups = load_suite().unwrap();
        assert!(groups.len() >= 7, "{}", groups.len());
        let total: usize = groups.iter().map(|g| g.cases.len()).sum();
        assert!(total >= 300, "{total}");
        for g in &groups {
            assert_eq!(format!("{}.json", g.name), g.file);
            for c in &g.cases {
                assert!(c.gas <= c.gas_limit, "{} {}", g.name, c.name);
                if c.status == Status::Halt {
                    assert_eq!((c.gas, c.output.len()), (c.gas_limit, 0), "{} {}", g.name, c.name);
                }
            }
        }
    }

    #[test]
    fn malformed_cases_are_errors_naming_the_case() {
        let good = r#"{"name": "a", "rule": "r", "code": "00", "calldata": "", "gas_limit": 5,
                       "status": "success", "output": "", "gas": 0}"#;
        let group = parse_group(&format!(r#"{{"group": "g", "cases": [{good}]}}"#), "g.json").unwrap();
        assert_eq!(group.cases[0].status, Status::Success);
        assert!(group.cases[0].mismatches("success", &[], 0).is_empty());
        assert_eq!(group.cases[0].mismatches("halt", &[1], 5).len(), 3);
        for bad in [good.replace("success", "ok"), good.replace("\"00\"", "\"0\""), good.replace("5,", "-5,")] {
            let err = parse_group(&format!(r#"{{"group": "g", "cases": [{bad}]}}"#), "g.json").unwrap_err();
            assert!(matches!(&err, VectorError::Case { case, .. } if case == "a"), "{err}");
        }
        let bad_account = good.replace("\"gas\": 0", "\"gas\": 0, \"accounts\": {\"0x01\": \"00\"}");
        assert!(parse_group(&format!(r#"{{"group": "g", "cases": [{bad_account}]}}"#), "g.json").is_err());
    }
}
