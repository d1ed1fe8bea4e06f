//! The EVM384 instruction set as data: opcode bytes, names, the three operand interfaces and
//! their encodings. Shared by the EVM integration (decoding) and the generator (encoding) so
//! that both sides of the wire are written once.

/// How an EVM384 instruction receives its four memory offsets and how values are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Interface {
    /// One packed stack word (`out‖x‖y‖params`, 32-bit big-endian fields in the low 128 bits);
    /// values little-endian.
    V7,
    /// Addressing as v7; values big-endian.
    V8,
    /// A 16-byte immediate after the opcode: `out`, `x`, `y`, `params` as little-endian u32;
    /// values little-endian.
    V9,
}

impl Interface {
    pub const ALL: [Interface; 3] = [Interface::V7, Interface::V8, Interface::V9];

    pub fn name(self) -> &'static str {
        match self {
            Interface::V7 => "v7",
            Interface::V8 => "v8",
            Interface::V9 => "v9",
        }
    }

    /// Whether 48-byte values are big-endian in memory (v8) rather than little-endian.
    pub fn big_endian_values(self) -> bool {
        self == Interface::V8
    }

    /// Bytes after the opcode byte (the v9 immediate).
    pub fn immediate_len(self) -> usize {
        if self == Interface::V9 {
            IMMEDIATE_LEN
        } else {
            0
        }
    }
}

impl core::str::FromStr for Interface {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "v7" => Ok(Interface::V7),
            "v8" => Ok(Interface::V8),
            "v9" => Ok(Interface::V9),
            _ => Err(format!("unknown interface '{s}' (expected v7, v8 or v9)")),
        }
    }
}

impl core::fmt::Display for Interface {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The instruction set at bytes 0xc0..: EVM384 in one of its interfaces, or EVMMAX (EIP-6690:
/// SETMODX, LOADX, STOREX, ADDMODX, SUBMODX, MULMODX at 0xc0..0xc5, which overlap EVM384's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InstructionSet {
    Evm384(Interface),
    Evmmax,
}

impl InstructionSet {
    pub const ALL: [InstructionSet; 4] = [
        InstructionSet::Evm384(Interface::V7),
        InstructionSet::Evm384(Interface::V8),
        InstructionSet::Evm384(Interface::V9),
        InstructionSet::Evmmax,
    ];

    pub fn name(self) -> &'static str {
        match self {
            InstructionSet::Evm384(i) => i.name(),
            InstructionSet::Evmmax => "evmmax",
        }
    }
}

impl From<Interface> for InstructionSet {
    fn from(i: Interface) -> Self {
        InstructionSet::Evm384(i)
    }
}

impl core::str::FromStr for InstructionSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("evmmax") {
            return Ok(InstructionSet::Evmmax);
        }
        s.parse()
            .map(InstructionSet::Evm384)
            .map_err(|_| format!("unknown interface '{s}' (expected v7, v8, v9 or evmmax)"))
    }
}

impl core::fmt::Display for InstructionSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Length of the v9 immediate: four u32 offsets.
pub const IMMEDIATE_LEN: usize = 16;

/// One of the three EVM384 operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    AddMod384,
    SubMod384,
    MulModMont384,
}

impl Op {
    pub const ALL: [Op; 3] = [Op::AddMod384, Op::SubMod384, Op::MulModMont384];

    pub const fn opcode(self) -> u8 {
        match self {
            Op::AddMod384 => 0xc0,
            Op::SubMod384 => 0xc1,
            Op::MulModMont384 => 0xc2,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Op::AddMod384 => "ADDMOD384",
            Op::SubMod384 => "SUBMOD384",
            Op::MulModMont384 => "MULMODMONT384",
        }
    }

    pub fn from_opcode(byte: u8) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.opcode() == byte)
    }

    /// Bytes of the `params` block: the modulus, plus the 8-byte `inv` for MULMODMONT384.
    /// Memory is expanded to `max(offsets) + params_len()`.
    pub const fn params_len(self) -> usize {
        match self {
            Op::MulModMont384 => 56,
            _ => 48,
        }
    }
}

/// The four memory offsets an EVM384 instruction names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Operands {
    pub out: u32,
    pub x: u32,
    pub y: u32,
    pub params: u32,
}

impl Operands {
    /// The largest offset: memory must cover `max() + op.params_len()` bytes.
    #[inline]
    pub fn max(&self) -> u32 {
        self.out.max(self.x).max(self.y).max(self.params)
    }

    /// v7/v8 stack word, low 128 bits as 16 big-endian bytes (`PUSH16` payload):
    /// `out‖x‖y‖params`, each a big-endian u32.
    pub fn to_push16(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        for (i, v) in [self.out, self.x, self.y, self.params].into_iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&v.to_be_bytes());
        }
        b
    }

    /// Decodes the low 128 bits of a v7/v8 stack word given as its 32 big-endian bytes
    /// (bits 128..255 are ignored).
    pub fn from_stack_word(word: &[u8; 32]) -> Operands {
        let f = |i: usize| u32::from_be_bytes(word[16 + 4 * i..20 + 4 * i].try_into().unwrap());
        Operands { out: f(0), x: f(1), y: f(2), params: f(3) }
    }

    /// The v9 immediate: `out`, `x`, `y`, `params` as little-endian u32.
    pub fn to_immediate(&self) -> [u8; IMMEDIATE_LEN] {
        let mut b = [0u8; IMMEDIATE_LEN];
        for (i, v) in [self.out, self.x, self.y, self.params].into_iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
        b
    }

    /// Decodes a v9 immediate; bytes missing at the end of the code read as zero (like PUSH).
    pub fn from_immediate(bytes: &[u8]) -> Operands {
        let mut b = [0u8; IMMEDIATE_LEN];
        let n = bytes.len().min(IMMEDIATE_LEN);
        b[..n].copy_from_slice(&bytes[..n]);
        let f = |i: usize| u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap());
        Operands { out: f(0), x: f(1), y: f(2), params: f(3) }
    }
}

/// `PUSH16` opcode byte.
pub const PUSH16: u8 = 0x6f;

/// The bytes of one instruction in the given interface: `PUSH16 word; OP` (v7, v8) or
/// `OP imm16` (v9).
pub fn encode(interface: Interface, op: Op, operands: &Operands) -> Vec<u8> {
    let mut code = Vec::with_capacity(17);
    match interface {
        Interface::V7 | Interface::V8 => {
            code.push(PUSH16);
            code.extend_from_slice(&operands.to_push16());
            code.push(op.opcode());
        }
        Interface::V9 => {
            code.push(op.opcode());
            code.extend_from_slice(&operands.to_immediate());
        }
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_match_the_published_programs() {
        // programs.json: "PUSH16 0x00000000_00000000_00000030_00000060 ADDMOD384" (v7)
        // and "c0 00000000 00000000 30000000 60000000" (v9).
        let ops = Operands { out: 0, x: 0, y: 0x30, params: 0x60 };
        let v7 = encode(Interface::V7, Op::AddMod384, &ops);
        assert_eq!(v7[0], PUSH16);
        assert_eq!(&v7[1..], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x30, 0, 0, 0, 0x60, 0xc0]);
        let v9 = encode(Interface::V9, Op::AddMod384, &ops);
        assert_eq!(v9, [0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0x30, 0, 0, 0, 0x60, 0, 0, 0]);
        assert_eq!(Operands::from_immediate(&v9[1..]), ops);
        let mut word = [0xffu8; 32];
        word[16..].copy_from_slice(&ops.to_push16());
        assert_eq!(Operands::from_stack_word(&word), ops);
    }

    #[test]
    fn truncated_immediate_reads_missing_bytes_as_zero() {
        let ops = Operands::from_immediate(&[1, 0, 0, 0, 2]);
        assert_eq!(ops, Operands { out: 1, x: 2, y: 0, params: 0 });
    }
}
