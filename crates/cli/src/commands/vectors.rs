//! `evm384 vectors FILE.json…`: runs EIP-2537 PAIRING_CHECK vector files (success files:
//! `Input`/`Expected`; failure files: `Input`/`ExpectedError`) through the generated contract and
//! through revm's 0x0f precompile; one line per case with the contract's gas under every
//! schedule beside the precompile's price, then `N passed, N failed`.

use std::path::PathBuf;

use evm384_evm::{call_precompile, InstructionSet, Interface, RunOptions, Runner, Status, BLS12_PAIRING_CHECK};
use evm384_gen::F2Mul;

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Vector files (JSON arrays).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Interface(s) to run the contract in: v7, v8, v9 or evmmax (default: v7, v8 and v9).
    #[arg(long, value_parser = parse_interface)]
    pub interface: Vec<InstructionSet>,
    /// Fp2 multiplication of the contract: v3 or v4.
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
}

fn parse_interface(s: &str) -> Result<InstructionSet, String> {
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
    let ifaces = if args.interface.is_empty() {
        Interface::ALL.map(InstructionSet::Evm384).to_vec()
    } else {
        args.interface.clone()
    };
    let mut runners: Vec<(InstructionSet, Runner)> = ifaces
        .iter()
        .map(|&i| {
            let mut r =
                Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(i));
            r.deploy(&evm384_gen::build_pairing_check(i, args.f2mul, false));
            (i, r)
        })
        .collect();
    // Every file and case is checked before anything runs: a malformed case (no `Input`, bad
    // hex, an `Expected` that is not a 32-byte boolean word) is an error, never reinterpreted.
    let mut files = Vec::new();
    for path in &args.files {
        let file = path.display().to_string();
        let cases = evm384_vectors::load(path).map_err(|e| CliError::Vectors(e.to_string()))?;
        let expected: Vec<CallResult> = cases
            .iter()
            .map(|c| c.pairing_result(&file))
            .collect::<Result<_, _>>()
            .map_err(|e| CliError::Vectors(e.to_string()))?;
        files.push((path, cases, expected));
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for (path, cases, expected) in &files {
        for (case, &expected) in cases.iter().zip(expected) {
            let (name, input) = (&case.name, &case.input);
            let pre = call_precompile(
                BLS12_PAIRING_CHECK,
                input,
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
                let e = r.run(input)?;
                let got = as_result(&e.status, &e.output);
                ok &= got == expected;
                line += &format!(" | {iface} {}", show(got));
                if *iface == InstructionSet::Evmmax {
                    line += &format!(" gas eip-6690={}", e.gas_used);
                } else if let Some(by) = &e.gas_by_schedule {
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
