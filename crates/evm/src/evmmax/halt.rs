//! What halts an EVMMAX instruction, and the limits of a frame's field contexts.

use evm384_arith::modx::ModXError;

/// Per-call-frame cap on the bytes of all allocated registers.
pub const MAX_REGISTER_BYTES: usize = 24_576;

/// Largest field-context id.
pub const MAX_ID: u64 = 256;

/// Largest `alloc_count`.
pub const MAX_ALLOC: u64 = 256;

/// Why an EVMMAX instruction halts the frame exceptionally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvmmaxHalt {
    /// SETMODX `id` above 256.
    IdOutOfRange,
    /// SETMODX: the modulus is longer than 96 bytes, below 3, or neither odd nor a power of two.
    InvalidModulus(ModXError),
    /// SETMODX `alloc_count` zero or above 256.
    AllocCount,
    /// SETMODX would take the frame's registers past 24,576 bytes.
    RegisterCap,
    /// An arithmetic or transfer instruction without an active field context.
    NoActiveContext,
    /// A register index (or range) outside the active context.
    RegisterOutOfBounds,
    /// ADDMODX / SUBMODX / MULMODX with `out_stride` 0.
    ZeroStride,
    /// ADDMODX / SUBMODX / MULMODX with `count` 0.
    ZeroCount,
    /// STOREX of a value not below the modulus.
    ValueNotBelowModulus,
}
