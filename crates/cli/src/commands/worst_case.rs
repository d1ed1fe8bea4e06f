//! `evm384 worst-case`: the programs that buy the most time per gas, EVM384 against ordinary
//! code, per schedule (`evm384_fuzz::worst_case`). Measured with the project's harness; a
//! table by default, one JSON object with `--json`.

use std::io::{IsTerminal, Write};

use evm384_timing::Plan;

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print one JSON object (every program's time and gas, and the worst per schedule).
    #[arg(long)]
    pub json: bool,
    /// Fewer samples (seconds instead of about a minute).
    #[arg(long)]
    pub quick: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let plan = if args.quick { Plan::QUICK } else { Plan::FULL };
    let verbose = std::io::stderr().is_terminal();
    let report = evm384_fuzz::worst_case::worst_case(plan, &|step| {
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
    Ok(())
}
