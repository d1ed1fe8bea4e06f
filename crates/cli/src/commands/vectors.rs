//! `evm384 vectors FILE.json…`: runs EIP-2537 PAIRING_CHECK vector files (success files:
//! `Input`/`Expected`; failure files: `Input`/`ExpectedError`) through the generated contract and
//! through revm's 0x0f precompile; one line per case with the contract's gas under every
//! schedule beside the precompile's price, then `N passed, N failed`.

use std::path::PathBuf;

use evm384_evm::{call_precompile, Interface, RunOptions, Runner, Status, BLS12_PAIRING_CHECK};
use evm384_gen::F2Mul;

use crate::input::decode_hex;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Vector files (JSON arrays).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Interface(s) to run the contract in (default: v7, v8 and v9).
    #[arg(long, value_parser = parse_interface)]
    pub interface: Vec<Interface>,
    /// Fp2 multiplication of the contract: v3 or v4.
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
}

fn parse_interface(s: &str) -> Result<Interface, String> {
    s.parse()
}

fn parse_f2mul(s: &str) -> Result<F2Mul, String> {
    s.parse()
}

/// A 32-byte boolean result, or `None` for a failed call.
type CallResult = Option<bool>;

fn as_result(status: &Status, output: &[u8]) -> CallResult {
    match status {
        Status::Success if output.len() == 32 && output[..31].iter().all(|&b| b == 0) && output[31] <= 1 => {
            Some(output[31] == 1)
        }
        _ => None, // a failed call, or malformed output
    }
}

fn show(r: CallResult) -> &'static str {
    match r {
        Some(true) => "1",
        Some(false) => "0",
        None => "error",
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let ifaces = if args.interface.is_empty() { Interface::ALL.to_vec() } else { args.interface.clone() };
    let mut runners: Vec<(Interface, Runner)> = ifaces
        .iter()
        .map(|&i| {
            let mut r = Runner::new(RunOptions { interface: i, count_opcodes: true, ..RunOptions::default() });
            r.deploy(&evm384_gen::build_pairing_check(i, args.f2mul, false));
            (i, r)
        })
        .collect();
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|source| CliError::ReadFile { path: path.clone(), source })?;
        let cases: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| CliError::Vectors(format!("{}: {e}", path.display())))?;
        let cases =
            cases.as_array().ok_or_else(|| CliError::Vectors(format!("{}: not a JSON array", path.display())))?;
        for case in cases {
            let name = case["Name"].as_str().unwrap_or("?");
            let input = decode_hex(case["Input"].as_str().unwrap_or(""), "Input")?;
            let expected: CallResult = match case.get("Expected").and_then(|e| e.as_str()) {
                Some(e) => as_result(&Status::Success, &decode_hex(e, "Expected")?),
                None => None,
            };
            let pre = call_precompile(
                BLS12_PAIRING_CHECK,
                &input,
                &RunOptions { count_opcodes: false, ..RunOptions::default() },
            )?;
            let pre_result = as_result(&pre.status, &pre.output);
            let mut ok = pre_result == expected;
            let mut line = format!(
                "{}: {name}: expected {} precompile {} ({} gas)",
                path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default(),
                show(expected),
                show(pre_result),
                pre.gas_used
            );
            for (iface, r) in runners.iter_mut() {
                let e = r.run(&input)?;
                let got = as_result(&e.status, &e.output);
                ok &= got == expected;
                line += &format!(" | {iface} {}", show(got));
                if let Some(by) = &e.gas_by_schedule {
                    let gas: Vec<String> = by.iter().map(|(s, g)| format!("{s}={g}")).collect();
                    line += &format!(" gas {}", gas.join(" "));
                }
            }
            if ok {
                passed += 1;
                println!("ok   {line}");
            } else {
                failed += 1;
                println!("FAIL {line}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        return Err(CliError::Vectors(format!("{failed} vector(s) failed")));
    }
    Ok(())
}
