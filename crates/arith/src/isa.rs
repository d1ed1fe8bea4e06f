//! The EVM384 instruction set as data: opcode bytes, names, the operand interfaces and their
//! encodings. Shared by the EVM integration (decoding) and the generator (encoding) so that
//! both sides of the wire are written once. `docs/evm384-semantics.md` states each interface
//! and the prototype branch it follows.

/// How an EVM384 instruction receives its operands and how values are stored.
///
/// v7, v8 and v9 are the interfaces the EVM384 updates ran their pairing on ([`Interface::MAIN`]);
/// v1–v6 are the earlier candidates of the interface study, as its evmone branches define them,
/// and v7s is its proposed v7 with two-byte offsets. Values are little-endian 384-bit integers
/// everywhere but in v8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Interface {
    /// Three stack items, popped `x`, `y`, `m` (MULMODMONT384 then pops `inv`, which must fit
    /// 64 bits); the result overwrites `x`. Memory is expanded to `max(x, y, m) + 48`.
    V1,
    /// Four stack items, popped `out`, `x`, `y`, `m` (then `inv` for MULMODMONT384); memory
    /// expanded to `max(out, x, y, m) + 48`.
    V2,
    /// v2 without the memory check (the prototype's "unsafe" build, for measurement): memory is
    /// neither expanded nor charged, and an access outside it halts.
    V3,
    /// Three stack items, popped `out`, `x`, `y`; the modulus is fixed to BLS12-381's p (and its
    /// `inv`); memory expanded to `max(out, x, y) + 48`.
    V4,
    /// v4 without the memory check (as v3 is v2's).
    V5,
    /// One stack item whose bytes 2, 1, 0 (counting from the least significant) index 48-byte
    /// registers at memory `48·i` as `out`, `x`, `y`; `m ‖ inv` at memory 12288 (the parameter
    /// register). Memory is expanded to 12336 bytes (12344 for MULMODMONT384).
    V6,
    /// One packed stack word (`out‖x‖y‖params`, 32-bit big-endian fields in the low 128 bits);
    /// values little-endian.
    V7,
    /// Addressing as v7; values big-endian.
    V8,
    /// A 16-byte immediate after the opcode: `out`, `x`, `y`, `params` as little-endian u32;
    /// values little-endian.
    V9,
    /// v7 with two-byte offsets: `out‖x‖y‖params` as 16-bit big-endian fields in the low 64 bits
    /// of the popped word (a `PUSH8` payload).
    V7s,
}

/// Where an instruction of an interface finds its offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Addressing {
    /// Offsets as separate stack items, the first popped first: `out` unless the result
    /// overwrites `x` (`out: false`), `x`, `y`, then `m` and (for MULMODMONT384) `inv` unless the
    /// modulus is fixed.
    StackItems { out: bool, modulus: Modulus },
    /// One stack word with the four offsets packed big-endian, `field_bytes` bytes each.
    PackedWord { field_bytes: usize },
    /// The 16-byte immediate (v9).
    Immediate,
    /// Register indices in the low three bytes of one stack word (v6).
    Registers,
}

/// Where the modulus of a [`Addressing::StackItems`] interface comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modulus {
    /// `m` is a memory offset on the stack, MULMODMONT384's `inv` a stack item.
    Operand,
    /// BLS12-381's p and its `inv`, built into the instruction (v4, v5).
    Bls12_381,
}

/// Bytes of one v6 register.
pub const V6_REGISTER_BYTES: u32 = 48;
/// Memory offset of v6's parameter register: `m` (48 bytes), then `inv` (8 bytes).
pub const V6_PARAMS_ADDR: u32 = 12288;

impl Interface {
    /// Every interface, in the study's order, the two-byte-offset v7 last.
    pub const ALL: [Interface; 10] = [
        Interface::V1,
        Interface::V2,
        Interface::V3,
        Interface::V4,
        Interface::V5,
        Interface::V6,
        Interface::V7,
        Interface::V8,
        Interface::V9,
        Interface::V7s,
    ];

    /// The interfaces of the EVM384 updates' pairing (v7, v8, v9): every contract is built and
    /// measured in them.
    pub const MAIN: [Interface; 3] = [Interface::V7, Interface::V8, Interface::V9];

    pub fn name(self) -> &'static str {
        match self {
            Interface::V1 => "v1",
            Interface::V2 => "v2",
            Interface::V3 => "v3",
            Interface::V4 => "v4",
            Interface::V5 => "v5",
            Interface::V6 => "v6",
            Interface::V7 => "v7",
            Interface::V8 => "v8",
            Interface::V9 => "v9",
            Interface::V7s => "v7s",
        }
    }

    /// Where the offsets come from.
    pub fn addressing(self) -> Addressing {
        match self {
            Interface::V1 => Addressing::StackItems { out: false, modulus: Modulus::Operand },
            Interface::V2 | Interface::V3 => Addressing::StackItems { out: true, modulus: Modulus::Operand },
            Interface::V4 | Interface::V5 => Addressing::StackItems { out: true, modulus: Modulus::Bls12_381 },
            Interface::V6 => Addressing::Registers,
            Interface::V7 | Interface::V8 => Addressing::PackedWord { field_bytes: 4 },
            Interface::V7s => Addressing::PackedWord { field_bytes: 2 },
            Interface::V9 => Addressing::Immediate,
        }
    }

    /// Whether the instruction expands memory (with expansion gas) to cover what it touches.
    /// v3 and v5 do not: an access outside memory halts.
    pub fn checks_memory(self) -> bool {
        !matches!(self, Interface::V3 | Interface::V5)
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
        let s = s.to_ascii_lowercase();
        Interface::ALL
            .into_iter()
            .find(|i| i.name() == s)
            .ok_or_else(|| format!("unknown interface '{s}' (expected one of v1 … v9, v7s)"))
    }
}

impl core::fmt::Display for Interface {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The instruction set at bytes 0xc0..: EVM384 in one of its interfaces, EVMMAX (EIP-6690:
/// SETMODX, LOADX, STOREX, ADDMODX, SUBMODX, MULMODX at 0xc0..0xc5, which overlap EVM384's), or
/// none: today's EVM, whose code does its field arithmetic with ADDMOD and MULMOD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InstructionSet {
    Evm384(Interface),
    Evmmax,
    /// Today's EVM (Osaka): no opcode at 0xc0..0xc5; the field arithmetic in plain EVM code.
    Evm,
}

impl InstructionSet {
    /// The instruction sets every curve's contracts are built and tested in throughout. Today's
    /// EVM ([`InstructionSet::Evm`]) has tests of its own: its code costs tens of millions of
    /// gas on BLS12-381.
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
            InstructionSet::Evm => "evm",
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
        if s.eq_ignore_ascii_case("evm") {
            return Ok(InstructionSet::Evm);
        }
        s.parse()
            .map(InstructionSet::Evm384)
            .map_err(|_| format!("unknown interface '{s}' (expected one of v1 … v9, v7s, evmmax, or evm)"))
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

    /// v7s stack word, low 64 bits as 8 big-endian bytes (`PUSH8` payload): `out‖x‖y‖params`,
    /// each a big-endian u16; `None` if an offset needs more than 16 bits.
    pub fn to_push8(&self) -> Option<[u8; 8]> {
        let mut b = [0u8; 8];
        for (i, v) in [self.out, self.x, self.y, self.params].into_iter().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&u16::try_from(v).ok()?.to_be_bytes());
        }
        Some(b)
    }

    /// Decodes the low 64 bits of a v7s stack word (`out‖x‖y‖params`, 16 bits each, `out` the
    /// most significant); the word's other bits are ignored.
    pub fn from_v7s_word(low: u64) -> Operands {
        let f = |i: u32| ((low >> (48 - 16 * i)) & 0xffff) as u32;
        Operands { out: f(0), x: f(1), y: f(2), params: f(3) }
    }

    /// Decodes a v6 stack word from its low 64 bits: byte 2 `out`, byte 1 `x`, byte 0 `y`
    /// (register indices, times 48), `params` the parameter register; other bits are ignored.
    pub fn from_v6_word(low: u64) -> Operands {
        let reg = |shift: u32| ((low >> shift) & 0xff) as u32 * V6_REGISTER_BYTES;
        Operands { out: reg(16), x: reg(8), y: reg(0), params: V6_PARAMS_ADDR }
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

/// `PUSH1` opcode byte (`PUSHn` is `PUSH1 + n - 1`).
pub const PUSH1: u8 = 0x60;
/// `PUSH8` opcode byte (the v7s word).
pub const PUSH8: u8 = 0x67;
/// `PUSH16` opcode byte.
pub const PUSH16: u8 = 0x6f;

/// Why an instruction's operands cannot be written in an interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// An offset does not fit the interface's field (v7s: 16 bits).
    OffsetTooLarge { interface: Interface, offset: u32 },
    /// v1 writes its result over `x`: `out` must equal `x`.
    NotInPlace,
    /// v6 addresses registers: every value offset is `48·i` below 12288, the parameters at 12288.
    NotARegister { offset: u32 },
}

impl core::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EncodeError::OffsetTooLarge { interface, offset } => {
                write!(f, "offset {offset} does not fit {interface}'s operand field")
            }
            EncodeError::NotInPlace => f.write_str("v1 writes its result over x: out must equal x"),
            EncodeError::NotARegister { offset } => write!(
                f,
                "v6 addresses 48-byte registers below {V6_PARAMS_ADDR} and its parameters at {V6_PARAMS_ADDR}: offset {offset} is neither"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// `PUSHn value` with the fewest bytes (`n >= 1`).
pub fn push_minimal(value: u64) -> Vec<u8> {
    let bytes = value.to_be_bytes();
    let skip = (value.leading_zeros() / 8).min(7) as usize;
    let mut code = vec![PUSH1 + (7 - skip) as u8];
    code.extend_from_slice(&bytes[skip..]);
    code
}

/// The bytes of one instruction in the given interface:
/// - v1: `[PUSH inv] PUSH m PUSH y PUSH x OP` (`out` must equal `x`); v2, v3: the same with
///   `PUSH out` last; v4, v5: `PUSH y PUSH x PUSH out OP`, no modulus;
/// - v6: `PUSH out‖x‖y OP`, one register index a byte (`params` must be the parameter register);
/// - v7, v8: `PUSH16 out‖x‖y‖params OP`; v7s: `PUSH8` with 16-bit fields;
/// - v9: `OP imm16`.
///
/// `inv` is MULMODMONT384's parameter, pushed by v1–v3 (the others read it from memory or fix it).
pub fn encode(interface: Interface, op: Op, operands: &Operands, inv: u64) -> Result<Vec<u8>, EncodeError> {
    let o = operands;
    let mut code = Vec::with_capacity(17);
    match interface.addressing() {
        Addressing::StackItems { out, modulus } => {
            if !out && o.out != o.x {
                return Err(EncodeError::NotInPlace);
            }
            if modulus == Modulus::Operand {
                if op == Op::MulModMont384 {
                    code.extend(push_minimal(inv));
                }
                code.extend(push_minimal(o.params.into()));
            }
            code.extend(push_minimal(o.y.into()));
            code.extend(push_minimal(o.x.into()));
            if out {
                code.extend(push_minimal(o.out.into()));
            }
            code.push(op.opcode());
        }
        Addressing::Registers => {
            let index = |offset: u32| {
                if offset.is_multiple_of(V6_REGISTER_BYTES) && offset < V6_PARAMS_ADDR {
                    Ok(u64::from(offset / V6_REGISTER_BYTES))
                } else {
                    Err(EncodeError::NotARegister { offset })
                }
            };
            if o.params != V6_PARAMS_ADDR {
                return Err(EncodeError::NotARegister { offset: o.params });
            }
            let word = index(o.out)? << 16 | index(o.x)? << 8 | index(o.y)?;
            code.extend(push_minimal(word));
            code.push(op.opcode());
        }
        Addressing::PackedWord { field_bytes: 4 } => {
            code.push(PUSH16);
            code.extend_from_slice(&o.to_push16());
            code.push(op.opcode());
        }
        Addressing::PackedWord { .. } => {
            code.push(PUSH8);
            code.extend_from_slice(&o.to_push8().ok_or(EncodeError::OffsetTooLarge { interface, offset: o.max() })?);
            code.push(op.opcode());
        }
        Addressing::Immediate => {
            code.push(op.opcode());
            code.extend_from_slice(&o.to_immediate());
        }
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_match_the_published_programs() {
        // programs.json: "PUSH16 0x00000000_00000000_00000030_00000060 ADDMOD384" (v7)
        // and "c0 00000000 00000000 30000000 60000000" (v9).
        let ops = Operands { out: 0, x: 0, y: 0x30, params: 0x60 };
        let v7 = encode(Interface::V7, Op::AddMod384, &ops, 0).unwrap();
        assert_eq!(v7[0], PUSH16);
        assert_eq!(&v7[1..], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x30, 0, 0, 0, 0x60, 0xc0]);
        let v9 = encode(Interface::V9, Op::AddMod384, &ops, 0).unwrap();
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

    #[test]
    fn earlier_interfaces_push_their_operands_in_pop_order() {
        let ops = Operands { out: 0x90, x: 0x90, y: 0x1e0, params: 0 };
        // v1: inv, m, y, x (x on top, popped first).
        let v1 = encode(Interface::V1, Op::MulModMont384, &ops, 0x89f3fffcfffcfffd).unwrap();
        let mut want = vec![0x67, 0x89, 0xf3, 0xff, 0xfc, 0xff, 0xfc, 0xff, 0xfd];
        want.extend([0x60, 0x00, 0x61, 0x01, 0xe0, 0x60, 0x90, 0xc2]);
        assert_eq!(v1, want);
        assert_eq!(
            encode(Interface::V1, Op::AddMod384, &Operands { out: 0x30, ..ops }, 0),
            Err(EncodeError::NotInPlace)
        );
        // v2: m, y, x, out; add and sub push no inv.
        let v2 = encode(Interface::V2, Op::SubMod384, &Operands { out: 0x30, ..ops }, 7).unwrap();
        assert_eq!(v2, [0x60, 0x00, 0x61, 0x01, 0xe0, 0x60, 0x90, 0x60, 0x30, 0xc1]);
        assert_eq!(encode(Interface::V3, Op::SubMod384, &Operands { out: 0x30, ..ops }, 7).unwrap(), v2);
        // v4: y, x, out; no modulus, no inv.
        let v4 = encode(Interface::V4, Op::MulModMont384, &Operands { out: 0x30, ..ops }, 7).unwrap();
        assert_eq!(v4, [0x61, 0x01, 0xe0, 0x60, 0x90, 0x60, 0x30, 0xc2]);
    }

    #[test]
    fn v6_packs_register_indices_and_v7s_sixteen_bit_fields() {
        let ops = Operands { out: 48 * 3, x: 48 * 255, y: 0, params: V6_PARAMS_ADDR };
        let v6 = encode(Interface::V6, Op::AddMod384, &ops, 0).unwrap();
        assert_eq!(v6, [0x62, 3, 255, 0, 0xc0]);
        assert_eq!(Operands::from_v6_word(0xdead_0003_ff00), ops);
        let off = Operands { x: 47, ..ops };
        assert_eq!(encode(Interface::V6, Op::AddMod384, &off, 0), Err(EncodeError::NotARegister { offset: 47 }));
        let off = Operands { params: 0, ..ops };
        assert_eq!(encode(Interface::V6, Op::AddMod384, &off, 0), Err(EncodeError::NotARegister { offset: 0 }));

        let ops = Operands { out: 0x1234, x: 0xffff, y: 0, params: 0x30 };
        let v7s = encode(Interface::V7s, Op::SubMod384, &ops, 0).unwrap();
        assert_eq!(v7s, [PUSH8, 0x12, 0x34, 0xff, 0xff, 0, 0, 0, 0x30, 0xc1]);
        assert_eq!(Operands::from_v7s_word(u64::from_be_bytes(v7s[1..9].try_into().unwrap())), ops);
        let big = Operands { y: 0x10000, ..ops };
        assert_eq!(
            encode(Interface::V7s, Op::SubMod384, &big, 0),
            Err(EncodeError::OffsetTooLarge { interface: Interface::V7s, offset: 0x10000 })
        );
    }

    #[test]
    fn names_parse_back() {
        for i in Interface::ALL {
            assert_eq!(i.name().parse::<Interface>(), Ok(i));
        }
        assert!("v10".parse::<Interface>().is_err());
        assert_eq!(push_minimal(0), [PUSH1, 0]);
        assert_eq!(push_minimal(u64::MAX)[0], PUSH8);
    }
}
