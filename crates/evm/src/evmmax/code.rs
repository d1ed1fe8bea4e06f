//! EVMMAX code as bytes: the instructions' names, a listing, the immediates' lengths.

use revm::bytecode::opcode;

use super::immediate::ArithImmediate;

/// Bytes of the arithmetic instructions' immediate.
pub const IMMEDIATE_LEN: usize = ArithImmediate::LEN;

/// The name of an opcode byte in EVMMAX code: the six EVMMAX names at 0xc0..0xc5.
pub fn mnemonic(byte: u8) -> String {
    match byte {
        0xc0 => "SETMODX".into(),
        0xc1 => "LOADX".into(),
        0xc2 => "STOREX".into(),
        0xc3 => "ADDMODX".into(),
        0xc4 => "SUBMODX".into(),
        0xc5 => "MULMODX".into(),
        _ => crate::mnemonic(byte),
    }
}

/// A listing of EVMMAX code, one instruction a line; the arithmetic immediates decoded as
/// `out=idx/stride x=idx/stride y=idx/stride count=n`.
pub fn listing(code: &[u8]) -> String {
    let mut s = String::new();
    let mut pc = 0;
    while pc < code.len() {
        let byte = code[pc];
        let len = immediate_len(byte);
        let imm = &code[pc + 1..code.len().min(pc + 1 + len)];
        s += &format!("{pc:04x}: {}", mnemonic(byte));
        if let (0xc3..=0xc5, Ok(b)) = (byte, <[u8; IMMEDIATE_LEN]>::try_from(imm)) {
            let i = ArithImmediate::from_bytes(&b);
            s += &format!(
                " out={}/{} x={}/{} y={}/{} count={}",
                i.out, i.out_stride, i.x, i.x_stride, i.y, i.y_stride, i.count
            );
        } else if len > 0 {
            s += &format!(" 0x{}", hex::encode(imm));
        }
        if imm.len() < len {
            s += &format!(" (truncated: {} of {len} immediate bytes)", imm.len());
        }
        s += "\n";
        pc += 1 + len;
    }
    s
}

/// Bytes of the immediate after `byte` in EVMMAX code: PUSHn's n, the arithmetic
/// instructions' 7.
pub fn immediate_len(byte: u8) -> usize {
    match byte {
        opcode::PUSH1..=opcode::PUSH32 => (byte - opcode::PUSH1 + 1) as usize,
        0xc3..=0xc5 => IMMEDIATE_LEN,
        _ => 0,
    }
}
