//! `evm384 worst-case`: the programs that buy the most time per gas, EVM384 against ordinary
//! code, per schedule, and EVMMAX per width under EIP-6690's prices (`evm384-worst-case`).
//! Measured with the project's harness in one run; tables by default, one JSON object with
//! `--json`; `--full` for the full EVMMAX search.

use std::io::{IsTerminal, Write};

use evm384_timing::Plan;
use evm384_worst_case::evmmax::Scope;

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print one JSON object (every program's time and gas, and the worst per schedule).
    #[arg(long)]
    pub json: bool,
    /// Fewer samples (seconds instead of minutes).
    #[arg(long)]
    pub quick: bool,
    /// The full EVMMAX search (every family at every width; the default is six programs per
    /// width and modulus kind).
    #[arg(long)]
    pub full: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let plan = if args.quick { Plan::QUICK } else { Plan::FULL };
    let verbose = std::io::stderr().is_terminal();
    let scope = if args.full { Scope::Full } else { Scope::Default };
    let report = evm384_worst_case::worst_case_scoped(plan, scope, &|step| {
        if verbose {
            eprint!("\r\x1b[2K{step}");
        }
    })
    .map_err(CliError::Fuzz)?;
    if verbose {
        eprintln!("\r\x1b[2K");
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = serde_json::to_string(&report).map_err(|e| std::io::Error::other(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{} programs measured together ({}); ns per gas of the whole run, medians",
        report.programs.len(),
        report.plan
    )?;
    writeln!(
        out,
        "{:<20} {:>8} {:<44} {:>8} {:<28} {:>7} {:>10}",
        "schedule", "EVM384", "worst EVM384 program", "ordinary", "worst ordinary program", "ratio", "16-bit cap"
    )?;
    for s in &report.by_schedule {
        writeln!(
            out,
            "{:<20} {:>8.3} {:<44} {:>8.3} {:<28} {:>6.2}x {:>9.2}x",
            s.schedule,
            s.worst_evm384.ns_per_gas,
            format!("{} ({})", s.worst_evm384.name, s.worst_evm384.interface),
            s.worst_ordinary.ns_per_gas,
            s.worst_ordinary.name,
            s.ratio,
            s.ratio_offsets_16bit
        )?;
    }
    let o = &report.evmmax_ordinary;
    writeln!(
        out,
        "\nEVMMAX (EIP-6690 prices; {} search, {} programs) against the worst ordinary program at revm's prices: {} ({:.3} ns/gas)",
        report.evmmax_scope,
        report.evmmax_programs.len(),
        o.name,
        o.ns_per_gas
    )?;
    writeln!(
        out,
        "parity x: multiplier on EIP-6690's per-width costs (tables) for parity; fixed x: on the base and power-of-two copy costs, for the programs the tables do not price"
    )?;
    writeln!(
        out,
        "{:>5} {:>7} {:<36} {:>8} {:>7} {:>9} {:<36} {:>9} {:>9} {:>8} {:<36}",
        "words",
        "MUL/ADD",
        "worst program (modulus)",
        "ns/gas",
        "ratio",
        "parity x",
        "program needing it",
        "MUL price",
        "ADD price",
        "fixed x",
        "program needing it"
    )?;
    for w in &report.evmmax {
        writeln!(
            out,
            "{:>5} {:>7} {:<36} {:>8.3} {:>6.2}x {:>8.2}x {:<36} {:>9.2} {:>9.2} {:>7.2}x {:<36}",
            w.words,
            format!("{}/{}", w.mul_gas, w.add_gas),
            format!("{} ({})", w.worst, w.worst_modulus),
            w.ns_per_gas,
            w.ratio,
            w.parity_multiplier,
            format!("{} ({})", w.parity_program, w.parity_modulus),
            w.mul_gas as f64 * w.parity_multiplier,
            w.add_gas as f64 * w.parity_multiplier,
            w.fixed_multiplier,
            format!("{} ({})", w.fixed_program, w.fixed_modulus),
        )?;
    }
    Ok(())
}
