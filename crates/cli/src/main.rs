//! `evm384`: run, disassemble and benchmark EVM384 bytecode in revm.
//!
//! One module per subcommand under `commands/`. To add a subcommand `foo`: write
//! `commands/foo.rs` with a clap `Args` struct and `pub fn run(args: Args) -> Result<(), CliError>`,
//! declare it in `commands/mod.rs`, and add one variant to [`Command`] and one arm to
//! [`commands::dispatch`].

mod commands;
mod error;
mod groth16_files;
mod input;

use clap::{error::ErrorKind, Parser, Subcommand};

pub use error::CliError;

#[derive(Parser, Debug)]
#[command(name = "evm384", version, about = "EVM384 bytecode in revm: run, disassemble, benchmark")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Execute bytecode as a call to a contract and report status, output and gas.
    Run(commands::run::Args),
    /// Disassemble bytecode, decoding EVM384 operands.
    Disasm(commands::disasm::Args),
    /// Benchmarks.
    Bench(commands::bench::Args),
    /// Generate EVM384 or EVMMAX bytecode: every EIP-2537 operation, BLS verification, the
    /// hinted pairing check.
    Build(commands::build::Args),
    /// Run EIP-2537 vector files through the generated contract of their operation and the precompile.
    Vectors(commands::vectors::Args),
    /// Run the EIP-6690 (EVMMAX) conformance suite through this project's EVMMAX.
    Conformance(commands::conformance::Args),
    /// The hinted pairing check's witness (eprint 2024/640) for given pairs.
    Hint(commands::hint::Args),
    /// Measure everything and write the report (HTML with charts, Markdown, JSON).
    Report(commands::report::Args),
    /// Differential fuzzing: the opcodes (`ops`), the pairing contract (`pairing`), bytecode.
    Fuzz(commands::fuzz::Args),
    /// Search for the programs that run longest per gas under each schedule, EVM384 vs ordinary.
    WorstCase(commands::worst_case::Args),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => exit_on_parse_error(e),
    };
    if let Err(e) = commands::dispatch(cli.command) {
        eprintln!("evm384: {e}");
        std::process::exit(1);
    }
}

/// Help and version go to stdout as usual; a usage error is reported on one line.
fn exit_on_parse_error(e: clap::Error) -> ! {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        _ => {
            eprintln!("evm384: {}", one_line(&e.render().to_string()));
            std::process::exit(2);
        }
    }
}

/// The first paragraph of a clap message on one line, without the `error: ` prefix.
fn one_line(text: &str) -> String {
    let paragraph = text.split("\n\n").next().unwrap_or(text);
    let words: Vec<&str> = paragraph.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    words.join(" ").trim_start_matches("error: ").to_string()
}
