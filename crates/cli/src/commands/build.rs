//! `evm384 build pairing-check`: the generated EIP-2537 PAIRING_CHECK contract (evm384-gen) as
//! hex, runtime code or (`--init`) init code; size and provenance on stderr.

use std::io::Write;
use std::path::PathBuf;

use evm384_gen::F2Mul;

use super::InterfaceArg;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub target: Target,
}

#[derive(clap::Subcommand, Debug)]
pub enum Target {
    /// The BLS12-381 pairing check, a drop-in for the EIP-2537 precompile 0x0f.
    PairingCheck(PairingCheckArgs),
}

#[derive(clap::Args, Debug)]
pub struct PairingCheckArgs {
    #[command(flatten)]
    pub interface: InterfaceArg,
    /// Fp2 multiplication: v3 (Karatsuba) or v4 (schoolbook).
    #[arg(long, default_value = "v3", value_parser = parse_f2mul)]
    pub f2mul: F2Mul,
    /// Emit init code that deploys the runtime code.
    #[arg(long)]
    pub init: bool,
    /// Write the hex to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_f2mul(s: &str) -> Result<F2Mul, String> {
    s.parse()
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.target {
        Target::PairingCheck(a) => pairing_check(a),
    }
}

fn pairing_check(a: PairingCheckArgs) -> Result<(), CliError> {
    let iface = a.interface.interface;
    let runtime = evm384_gen::build_pairing_check(iface, a.f2mul, false);
    let code = if a.init { evm384_gen::bytecode::init_code(&runtime) } else { runtime.clone() };
    let text = format!("{}\n", hex::encode(&code));
    match &a.output {
        Some(path) => std::fs::write(path, text)?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    eprintln!("{}", evm384_gen::provenance(iface, a.f2mul, runtime.len()));
    eprintln!(
        "{} bytes ({}; runtime {} bytes, EIP-170 limit {})",
        code.len(),
        if a.init { "init code" } else { "runtime code" },
        runtime.len(),
        evm384_gen::MAX_CODE_SIZE
    );
    Ok(())
}
