//! One module per subcommand; [`dispatch`] routes a parsed [`Command`].

pub mod bench;
pub mod build;
pub mod conformance;
pub mod disasm;
pub mod fuzz;
pub mod hint;
pub mod report;
pub mod run;
pub mod vectors;
pub mod worst_case;

use crate::{CliError, Command};

/// Runs the subcommand.
pub fn dispatch(command: Command) -> Result<(), CliError> {
    match command {
        Command::Run(args) => run::run(args),
        Command::Disasm(args) => disasm::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Build(args) => build::run(args),
        Command::Vectors(args) => vectors::run(args),
        Command::Conformance(args) => conformance::run(args),
        Command::Report(args) => report::run(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::Hint(args) => hint::run(args),
        Command::WorstCase(args) => worst_case::run(args),
    }
}

/// Interface selection shared by subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct InterfaceArg {
    /// Operand interface of the EVM384 opcodes: v7, v8, v9, the earlier v1 … v6, or v7s (v7 with
    /// two-byte offsets).
    #[arg(long, default_value = "v7", value_parser = parse_interface)]
    pub interface: evm384_evm::Interface,
}

fn parse_interface(s: &str) -> Result<evm384_evm::Interface, String> {
    s.parse()
}

/// `--interface` of the commands that also take EVMMAX code and today's EVM code (`run`,
/// `disasm`, `build`).
#[derive(clap::Args, Debug, Clone)]
pub struct CodeInterfaceArg {
    /// Instruction set at 0xc0..: EVM384 in interface v1 … v9 or v7s, evmmax (EIP-6690), or evm
    /// (today's EVM, none: the field arithmetic in plain EVM code).
    #[arg(long, default_value = "v7", value_parser = parse_code_interface)]
    pub interface: evm384_evm::InstructionSet,
}

fn parse_code_interface(s: &str) -> Result<evm384_evm::InstructionSet, String> {
    s.parse()
}
