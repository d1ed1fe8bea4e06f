//! `evm384 run`: execute bytecode as a call to a contract and report status, output, gas
//! (under the charged schedule and under every schedule) and, with `--counts`, the opcode
//! histogram. With `--deploy`, the code is init code: it is run first, the way a chain creates
//! contracts (a creation transaction, CREATE or CREATE2), and the contract it creates is called.

use std::io::Write;

use evm384_evm::{Creation, Execution, Extension, RunOptions, Runner, Schedule, Status, DEFAULT_GAS_LIMIT};
use serde_json::{json, Map, Value};

use super::CodeInterfaceArg;
use crate::input::bytes_arg;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub interface: CodeInterfaceArg,
    /// Gas schedule charged by the EVM (evmone, model-a, model-b, model-{a,b}-pushdup2,
    /// model-{a,b}-repriced, model-{a,b}-fractional).
    #[arg(long, default_value = "evmone", value_parser = parse_schedule)]
    pub schedule: Schedule,
    /// Gas available to the call frame.
    #[arg(long, default_value_t = DEFAULT_GAS_LIMIT)]
    pub gas_limit: u64,
    /// Bytecode: HEX or @FILE (runtime code; init code with --deploy).
    #[arg(long)]
    pub code: String,
    /// Treat --code as init code: create the contract by a creation transaction, CREATE or
    /// CREATE2 (default: create) and call the created contract.
    #[arg(long, value_name = "HOW", num_args = 0..=1, default_missing_value = "create", value_parser = parse_creation)]
    pub deploy: Option<Creation>,
    /// Calldata: HEX or @FILE.
    #[arg(long, default_value = "")]
    pub calldata: String,
    /// Report how many times each opcode ran.
    #[arg(long)]
    pub counts: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn parse_schedule(s: &str) -> Result<Schedule, String> {
    s.parse()
}

fn parse_creation(s: &str) -> Result<Creation, String> {
    s.parse()
}

pub fn run(args: Args) -> Result<(), CliError> {
    let code = bytes_arg(&args.code, "--code")?;
    let calldata = bytes_arg(&args.calldata, "--calldata")?;
    let opts =
        RunOptions { schedule: args.schedule, gas_limit: args.gas_limit, count_opcodes: true, ..RunOptions::default() }
            .with_instruction_set(args.interface.interface);
    let mut runner = Runner::new(opts.clone());
    let created = match args.deploy {
        None => {
            runner.deploy(&code);
            None
        }
        Some(how) => Some((runner.create(&code, how)?, how)),
    };
    let exec = runner.run(&calldata)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut obj = to_json(&exec, args.counts, namer(&opts));
        if let Some((address, how)) = created {
            obj["created"] = json!({ "address": address.to_string(), "by": how.to_string() });
        }
        writeln!(out, "{obj}")?;
    } else {
        if let Some((address, how)) = created {
            writeln!(out, "created:  {address} by {how}")?;
        }
        write!(out, "{}", to_text(&exec, &opts, args.counts))?;
    }
    Ok(())
}

/// A gas figure: an integer when whole, else one decimal.
fn gas_number(decigas: u64) -> Value {
    if decigas.is_multiple_of(evm384_evm::schedule::DECI) {
        json!(decigas / evm384_evm::schedule::DECI)
    } else {
        json!(decigas as f64 / evm384_evm::schedule::DECI as f64)
    }
}

fn halt_reason(status: &Status) -> Option<&str> {
    match status {
        Status::Halt(reason) => Some(reason),
        _ => None,
    }
}

/// The `--json` object.
/// Opcode names for the code's instruction set.
fn namer(opts: &RunOptions) -> fn(u8) -> String {
    match opts.extension {
        Extension::Evmmax => evm384_evm::evmmax::mnemonic,
        Extension::Evm384 | Extension::None => evm384_evm::mnemonic,
    }
}

pub fn to_json(exec: &Execution, with_counts: bool, name: fn(u8) -> String) -> Value {
    let by_schedule: Map<String, Value> = exec
        .gas_by_schedule
        .iter()
        .flat_map(|by| by.0.iter().map(|&(s, d)| (s.name().to_string(), gas_number(d))))
        .collect();
    let mut obj = json!({
        "status": exec.status.name(),
        "halt_reason": halt_reason(&exec.status),
        "output": format!("0x{}", hex::encode(&exec.output)),
        "gas_used": exec.gas_used,
        "gas_by_schedule": by_schedule,
    });
    if let (true, Some(counts)) = (with_counts, &exec.counts) {
        let counts: Map<String, Value> = counts.named_with(name).map(|(k, n)| (k, json!(n))).collect();
        obj["counts"] = Value::Object(counts);
    }
    obj
}

/// The human-readable report.
pub fn to_text(exec: &Execution, opts: &RunOptions, with_counts: bool) -> String {
    let mut s = format!("status:   {}", exec.status.name());
    if let Some(reason) = halt_reason(&exec.status) {
        s += &format!(" ({reason})");
    }
    s += &format!("\noutput:   0x{}\n", hex::encode(&exec.output));
    match opts.extension {
        Extension::Evmmax => s += &format!("gas used: {} (evmmax, EIP-6690 prices)\n", exec.gas_used),
        Extension::None => s += &format!("gas used: {} (today's EVM, {:?})\n", exec.gas_used, opts.spec),
        Extension::Evm384 => s += &format!("gas used: {} ({}, {})\n", exec.gas_used, opts.schedule, opts.interface),
    }
    if let Some(by) = &exec.gas_by_schedule {
        s += "gas by schedule:\n";
        for (name, gas) in by.iter() {
            s += &format!("  {name:<20} {gas}\n");
        }
    }
    if let (true, Some(counts)) = (with_counts, &exec.counts) {
        s += &format!("opcodes executed: {}\n", counts.total());
        for (name, n) in counts.named_with(namer(opts)) {
            s += &format!("  {name:<20} {n}\n");
        }
    }
    s
}
