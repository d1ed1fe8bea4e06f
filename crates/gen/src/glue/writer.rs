//! What the glue contracts share ([`super::bls`], [`super::groth16`]): the writer of plain EVM
//! code that STATICCALLs precompiles (or contracts standing in for them) at addresses fixed at
//! build time, written with the crate's assembler, every failure jumping to one INVALID.

use crate::backend::bytecode::code::{Code, Label};
use crate::backend::bytecode::opc::*;

/// The precompiles of Prague and Osaka at 0x01..=0x11 (no code: EXTCODESIZE is 0).
pub(crate) fn is_precompile(a: &[u8; 20]) -> bool {
    a[..19].iter().all(|&b| b == 0) && (0x01..=0x11).contains(&a[19])
}

/// The 20-byte address whose last byte is `b`.
pub const fn address(b: u8) -> [u8; 20] {
    let mut a = [0u8; 20];
    a[19] = b;
    a
}

/// The glue being written: the crate's assembler (`bytecode::code::Code`) and the one
/// INVALID every failure jumps to.
pub(crate) struct Writer {
    code: Code,
    invalid: Label,
}

impl std::ops::Deref for Writer {
    type Target = Code;
    fn deref(&self) -> &Code {
        &self.code
    }
}

impl std::ops::DerefMut for Writer {
    fn deref_mut(&mut self) -> &mut Code {
        &mut self.code
    }
}

impl Writer {
    pub(super) fn new() -> Writer {
        let mut code = Code::new();
        let invalid = code.label();
        Writer { code, invalid }
    }
    /// [c] → []: jumps to INVALID when c is non-zero.
    pub(crate) fn invalid_if(&mut self) {
        let l = self.invalid;
        self.push_label(l);
        self.op(JUMPI);
    }
    /// memory[addr..addr + bytes.len()] ← bytes (32-byte words; the last word's tail is zeros).
    pub(crate) fn mstore_bytes(&mut self, addr: u64, bytes: &[u8]) {
        for (i, chunk) in bytes.chunks(32).enumerate() {
            let mut w = [0u8; 32];
            w[..chunk.len()].copy_from_slice(chunk);
            self.op(PUSH32);
            self.extend(&w);
            self.push(addr + 32 * i as u64);
            self.op(MSTORE);
        }
    }
    /// The shortest push of an address (one byte for the precompiles).
    pub(crate) fn push_address(&mut self, to: &[u8; 20]) {
        if to[..19].iter().all(|&b| b == 0) {
            self.push(to[19] as u64);
        } else {
            self.op(PUSH20);
            self.extend(to);
        }
    }
    /// [] → []: INVALID unless memory[addr..addr+len] (len a multiple of 32) has a non-zero byte.
    pub(crate) fn require_nonzero_memory(&mut self, addr: u64, len: u64) {
        for (i, w) in (0..len).step_by(32).enumerate() {
            self.push(addr + w);
            self.op(MLOAD);
            if i > 0 {
                self.op(OR);
            }
        }
        self.op(ISZERO);
        self.invalid_if();
    }
    /// [] → []: INVALID when `to` is no precompile and has no code. A STATICCALL to an empty
    /// account succeeds with no output, which the glue would read as an answer.
    pub(crate) fn require_code(&mut self, to: &[u8; 20]) {
        if is_precompile(to) {
            return;
        }
        self.push_address(to);
        self.op(EXTCODESIZE);
        self.op(ISZERO);
        self.invalid_if();
    }
    /// STATICCALL(all gas, `to`, args, ret); INVALID unless `to` has code (or is a precompile)
    /// and the call succeeded.
    pub(crate) fn staticcall(&mut self, to: &[u8; 20], (args, args_len): (u64, u64), (ret, ret_len): (u64, u64)) {
        self.require_code(to);
        self.push(ret_len);
        self.push(ret);
        self.push(args_len);
        self.push(args);
        self.push_address(to);
        self.op(GAS);
        self.op(STATICCALL);
        self.op(ISZERO);
        self.invalid_if();
    }
    /// [len] → []: STATICCALL with a computed argument length.
    pub(crate) fn staticcall_len_on_stack(&mut self, to: &[u8; 20], args: u64, (ret, ret_len): (u64, u64)) {
        self.require_code(to);
        self.push(ret_len); // [len, retlen]
        self.op(SWAP1); // [retlen, len]
        self.push(ret);
        self.op(SWAP1); // [retlen, ret, len]
        self.push(args); // [retlen, ret, len, args]
        self.push_address(to);
        self.op(GAS);
        self.op(STATICCALL);
        self.op(ISZERO);
        self.invalid_if();
    }
    /// [] → []: INVALID unless calldata[off..off+len] (len a multiple of 32) has a non-zero byte.
    pub(crate) fn require_nonzero_calldata(&mut self, off_on_stack: bool, off: u64, len: u64) {
        // [o] (when off_on_stack) → []
        for (i, w) in (0..len).step_by(32).enumerate() {
            if off_on_stack {
                self.op(if i == 0 { DUP1 } else { DUP2 });
                self.push(off + w);
                self.op(ADD);
            } else {
                self.push(off + w);
            }
            self.op(CALLDATALOAD);
            if i > 0 {
                self.op(OR);
            }
        }
        self.op(ISZERO);
        self.invalid_if();
        if off_on_stack {
            self.op(POP);
        }
    }
    pub(super) fn finish(self) -> Vec<u8> {
        self.finish_with_data(&[]).expect("the glue is far below 64 KiB")
    }
    /// The code: the shared INVALID, then each data item at its label (read by CODECOPY), or
    /// `Err(length)` when a label lies beyond PUSH2's reach (64 KiB).
    pub(crate) fn finish_with_data(mut self, data: &[(Label, &[u8])]) -> Result<Vec<u8>, usize> {
        let inv = self.invalid;
        self.place(inv);
        self.op(INVALID);
        for &(label, bytes) in data {
            self.mark(label);
            self.extend(bytes);
        }
        self.code.finish()
    }
}
