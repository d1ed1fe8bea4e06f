//! `evm384 fuzz …`: differential fuzzing at scale (`evm384-fuzz`), one subcommand each:
//! `ops` (the three opcodes: fast path, reference path, big-integer model, revm), `pairing`
//! (the contract against revm's 0x0f on mutated inputs; `--curve bn254`: BN254's ecPairing
//! contract against revm's 0x08, EIP-197), `bytecode` (random code through revm).
//! Each prints a summary (or one JSON object with `--json`), shows a progress bar on a
//! terminal, and exits non-zero when it finds a mismatch, printing the case so that
//! `--seed S --first-case I --cases 1` replays it.

use std::io::Write;

use evm384_evm::{InstructionSet, Interface};
use evm384_fuzz::{bytecode, ops, pairing};
use evm384_gen::curves::Curve;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: FuzzCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum FuzzCommand {
    /// ADDMOD384 / SUBMOD384 / MULMODMONT384: fast path vs reference path vs a big-integer
    /// model, one case in 256 also through revm in v7, v8 and v9.
    Ops(CommonArgs),
    /// The pairing-check contract (and 0x0f on the IFMA pairing) against revm's 0x0f on
    /// structured mutations of valid inputs (`--curve bn254`: BN254's ecPairing contract against
    /// revm's 0x08 on mutated EIP-197 inputs).
    Pairing(PairingArgs),
    /// Random bytecode with EVM384 opcodes through revm: no panic, gas within the limit, the
    /// jump table accepts exactly the JUMPDEST instructions.
    Bytecode(CommonArgs),
}

#[derive(clap::Args, Debug)]
pub struct CommonArgs {
    /// Number of cases.
    #[arg(long, default_value_t = 1_000_000)]
    pub cases: u64,
    /// Seed of the case stream.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Index of the first case (to replay a reported case: `--first-case I --cases 1`).
    #[arg(long, default_value_t = 0)]
    pub first_case: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct PairingArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Largest number of pairs in a case (bn254 also draws k = 0, the empty input: one).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub max_k: u64,
    /// The curve: bls12-381 (EIP-2537's PAIRING_CHECK, against revm's 0x0f) or bn254 (EIP-197's
    /// ecPairing, against revm's 0x08).
    #[arg(long, default_value = "bls12-381", value_parser = parse_pairing_curve)]
    pub curve: Curve,
    /// Instruction sets of the contract (comma-separated: v7, v8, v9, evmmax, evm — today's EVM,
    /// tens of millions of gas a BLS12-381 case); by default v7,v9 on bls12-381 and
    /// v7,v9,evmmax,evm on bn254.
    #[arg(long, value_delimiter = ',', value_parser = parse_instruction_set)]
    pub interfaces: Option<Vec<InstructionSet>>,
}

fn parse_instruction_set(s: &str) -> Result<InstructionSet, String> {
    s.parse()
}

/// A curve with a pairing precompile in revm (BLS12-377's EIP-2539 is not there).
fn parse_pairing_curve(s: &str) -> Result<Curve, String> {
    let curve: Curve = s.parse()?;
    pairing::precompile_address(curve).map(|_| curve)
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        FuzzCommand::Ops(a) => run_ops(a),
        FuzzCommand::Pairing(a) => run_pairing(a),
        FuzzCommand::Bytecode(a) => run_bytecode(a),
    }
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {per_sec} eta {eta} {msg}")
            .expect("static template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string(value).map_err(|e| std::io::Error::other(e.to_string()))?;
    writeln!(std::io::stdout().lock(), "{text}")?;
    Ok(())
}

fn run_ops(a: CommonArgs) -> Result<(), CliError> {
    let pb = bar(a.cases, "cases");
    let report = ops::fuzz_ops(a.seed, a.first_case, a.cases, &|n| pb.inc(n));
    pb.finish_and_clear();
    if a.json {
        print_json(&report)?;
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "{} cases ({} also through revm in v7, v8, v9) in {:.1} s on {} threads: {:.0} cases/s; {} mismatches",
            report.cases, report.evm_cases, report.seconds, report.threads, report.cases_per_second, report.mismatches
        )?;
        writeln!(out, "by operation: {:?}", report.by_op)?;
        writeln!(out, "by modulus:   {:?}", report.by_modulus)?;
        writeln!(out, "by operands:  {:?}", report.by_operands)?;
        for m in &report.first_mismatches {
            writeln!(out, "MISMATCH {}", serde_json::to_string(m).unwrap_or_default())?;
        }
    }
    match report.mismatches {
        0 => Ok(()),
        n => Err(CliError::Fuzz(format!("{n} of {} cases mismatched (seed {})", report.cases, a.seed))),
    }
}

fn run_pairing(a: PairingArgs) -> Result<(), CliError> {
    let c = &a.common;
    let v7_v9 = [InstructionSet::Evm384(Interface::V7), InstructionSet::Evm384(Interface::V9)];
    let isas = a.interfaces.clone().unwrap_or_else(|| match a.curve {
        Curve::Bn254 => [&v7_v9[..], &[InstructionSet::Evmmax, InstructionSet::Evm]].concat(),
        _ => v7_v9.to_vec(),
    });
    let pb = bar(c.cases, "cases");
    let report = pairing::fuzz_pairing(a.curve, c.seed, c.first_case, c.cases, a.max_k as usize, &isas, &|n| pb.inc(n));
    pb.finish_and_clear();
    let report = report.map_err(CliError::Fuzz)?;
    // BLS12-381: the contract and evm384-precompile's 0x0f against revm's 0x0f; BN254: the
    // contract against revm's 0x08 (EIP-197)
    let contracts = report.interfaces.join(", ");
    let (targets, precompile) = match a.curve {
        Curve::Bn254 => (format!("on bn254 (k ≤ {}, contract in {contracts})", report.max_k), "0x08"),
        _ => (format!("(k ≤ {}, contract in {contracts}, and evm384-precompile's 0x0f)", report.max_k), "0x0f"),
    };
    if c.json {
        print_json(&report)?;
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "{} cases {targets} in {:.1} s on {} threads; {} disagreements with revm's {precompile}",
            report.cases, report.seconds, report.threads, report.disagreements
        )?;
        for (class, n) in &report.by_mutation {
            writeln!(
                out,
                "  {class:<28} {:>7} cases ({:4.1}%), {:>7} rejected by {precompile}",
                n.cases,
                100.0 * n.share,
                n.rejected
            )?;
        }
        for d in &report.first_disagreements {
            writeln!(out, "DISAGREEMENT {}", serde_json::to_string(d).unwrap_or_default())?;
        }
    }
    match report.disagreements {
        0 => Ok(()),
        n => Err(CliError::Fuzz(format!(
            "{n} of {} cases disagreed with the precompile (seed {})",
            report.cases, c.seed
        ))),
    }
}

/// `evm384 fuzz bytecode`'s summary.
#[derive(Serialize)]
struct BytecodeReport {
    cases: u64,
    violations: u64,
    seconds: f64,
    seed: u64,
    first_case: u64,
    first_violations: Vec<String>,
}

fn run_bytecode(a: CommonArgs) -> Result<(), CliError> {
    use rayon::prelude::*;
    let pb = bar(a.cases, "codes");
    let start = std::time::Instant::now();
    let mut bad: Vec<(u64, String)> = (a.first_case..a.first_case + a.cases)
        .into_par_iter()
        .filter_map(|i| {
            let (interface, code, limit) = bytecode::case(a.seed, i);
            pb.inc(1);
            bytecode::check(interface, &code, limit).err().map(|v| {
                (i, format!("case {i} ({}, gas limit {limit}): {v:?}; code 0x{}", interface.name(), hex::encode(&code)))
            })
        })
        .collect();
    pb.finish_and_clear();
    bad.sort();
    let report = BytecodeReport {
        cases: a.cases,
        violations: bad.len() as u64,
        seconds: start.elapsed().as_secs_f64(),
        seed: a.seed,
        first_case: a.first_case,
        first_violations: bad.iter().take(10).map(|(_, s)| s.clone()).collect(),
    };
    if a.json {
        print_json(&report)?;
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{} codes in {:.1} s; {} violations", report.cases, report.seconds, report.violations)?;
        for v in &report.first_violations {
            writeln!(out, "VIOLATION {v}")?;
        }
    }
    match report.violations {
        0 => Ok(()),
        n => Err(CliError::Fuzz(format!("{n} of {} codes violated the property (seed {})", a.cases, a.seed))),
    }
}
