//! `evm384 disasm`: disassembly with EVM384 operands decoded (`ADDMOD384 out=0x900 x=… y=…
//! params=…`), from the v9 immediate or the PUSH preceding a v7/v8 opcode.

use std::io::Write;

use super::InterfaceArg;
use crate::input::bytes_arg;
use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub interface: InterfaceArg,
    /// Bytecode: HEX or @FILE.
    #[arg(long)]
    pub code: String,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let code = bytes_arg(&args.code, "--code")?;
    let text = evm384_evm::disasm::listing(args.interface.interface, &code);
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
