//! `evm384 disasm`: disassembly with EVM384 operands decoded (`ADDMOD384 out=0x900 x=… y=…
//! params=…`), from the v9 immediate or the PUSH preceding a v7/v8 opcode; with
//! `--interface evmmax`, EVMMAX names and the 7-byte immediates (`MULMODX out=2/1 x=0/1 y=1/1
//! count=3`).

use std::io::Write;

use super::CodeInterfaceArg;
use crate::input::bytes_arg;
use crate::CliError;
use evm384_evm::InstructionSet;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub interface: CodeInterfaceArg,
    /// Bytecode: HEX or @FILE.
    #[arg(long)]
    pub code: String,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let code = bytes_arg(&args.code, "--code")?;
    let text = match args.interface.interface {
        InstructionSet::Evm384(i) => evm384_evm::disasm::listing(i, &code),
        InstructionSet::Evmmax => evm384_evm::evmmax::listing(&code),
        // today's EVM has nothing at 0xc0..: v7's listing, whose EVM384 opcodes take no immediate
        InstructionSet::Evm => evm384_evm::disasm::listing(evm384_evm::Interface::V7, &code),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
