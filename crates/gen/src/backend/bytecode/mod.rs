//! The bytecode back-end: encodes a [`Program`](crate::ir::Program) for EVM384 interface v7, v8
//! or v9, for EVMMAX (EIP-6690), or for today's EVM (no new opcode: `evm` for one-word fields,
//! `evm_wide` for two-word ones).
//! The control flow is shared (`nodes`: each node's encoding; `loops`; `conditions`), driven
//! from the entry points in `assemble`; what differs per instruction set — arithmetic, copies,
//! moving pair records, equality tests, reading an input field element, the prologue — is
//! dispatched by the `emitter` to `evm384`, `evmmax` and `evm` (the moves of slots kept in
//! memory, EVM384's and today's EVM's, in `memory_slots`).
//! `code` is the assembler (bytes, labels), `opc` the opcode bytes, `init_code` the deployer.
//!
//! - Arithmetic: `PUSH16 word; OP` (v7, v8) or `OP imm16` (v9), via `evm384_arith::isa::encode`;
//!   EVMMAX: `OP imm7` on registers ([`crate::backend::registers`]), consecutive operations merged into
//!   one strided instruction where they form one; today's EVM: ADDMOD or MULMOD of two words
//!   MLOADed from memory, modulo p MLOADed from memory 0 (one-word fields), or a call of a
//!   subroutine computing the EVM384 operation on 128-bit limbs (two-word fields).
//! - Subroutines: each body once, `JUMPDEST body JUMP`, entered with the return address on the
//!   stack (`PUSH2 ret PUSH2 sub JUMP ret: JUMPDEST`).
//! - Bit loops: the bits and a sentinel one in a PUSH32 word, shifted left once per iteration.
//! - Pair loop: the record address on the stack; records are copied to/from the work record
//!   (EVM384: MCOPY; EVMMAX: STOREX/LOADX).
//! - Constants (and EVM384's `params`): CODECOPY of a data blob at the start.
//! - Input: CALLDATALOAD, range checks on 256-bit words; EVM384 reverses bytes (v7, v9) by a
//!   subroutine, EVMMAX STOREXes the big-endian value.
//! - Every failure jumps to one `JUMPDEST INVALID`.

mod assemble;
pub mod code;
mod conditions;
mod emitter;
mod evm;
mod evm384;
mod evm_wide;
mod evmmax;
mod init_code;
mod loops;
mod memory_slots;
mod nodes;
pub(crate) mod opc;
mod scalars;

pub use assemble::{
    assemble, assemble_with_map, assemble_with_phase_marks, try_assemble, try_assemble_with_phase_marks, AssembleError,
    AssembleOptions, PhaseMarks,
};
pub use evmmax::element_size as evmmax_element_size;
pub use init_code::init_code;
