//! The EVM384 opcode family (`docs/evm384-semantics.md`): ADDMOD384 `0xc0`, SUBMOD384 `0xc1`,
//! MULMODMONT384 `0xc2`, one function per opcode in revm's style.
//!
//! Each function is generic over an [`Encoding`] (one per interface, v1 … v9 and v7s), which
//! says where the operands come from (stack items, a packed stack word, register indices or a
//! 16-byte immediate), what memory the instruction touches and how 48-byte values are stored
//! (little- or big-endian). Static gas is *not* charged here: it lives in the gas
//! table chosen by the [`Schedule`](crate::Schedule) (revm charges it before calling the
//! instruction). Only memory expansion is charged here, as for MLOAD/MSTORE.

use core::mem::MaybeUninit;

use evm384_arith as arith;
use evm384_arith::isa::{Op, Operands, IMMEDIATE_LEN, V6_PARAMS_ADDR};
use evm384_arith::{Limbs, BLS12_381_P, BLS12_381_P_INV, VALUE_BYTES};
use revm::handler::instructions::EthInstructions;
use revm::interpreter::interpreter::EthInterpreter;
use revm::interpreter::interpreter_types::{Immediates, Jumps};
use revm::interpreter::{Host, Instruction, InstructionContext, InstructionExecResult, InstructionResult, Interpreter};
use revm::primitives::U256;

use crate::Interface;

/// The instruction context of our EVM: revm's standard interpreter, any host.
type Ctx<'a, H> = InstructionContext<'a, H, EthInterpreter>;

/// Bytes of MULMODMONT384's `inv`, stored right after the modulus.
const INV_BYTES: usize = 8;

/// What one instruction reads and writes, as its interface says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub out: usize,
    pub x: usize,
    pub y: usize,
    /// The modulus' memory offset, or `None` for BLS12-381's p built into the instruction (v4, v5).
    pub modulus: Option<usize>,
    /// MULMODMONT384's `inv`.
    pub inv: Inv,
    /// Memory must cover `memory.0 + memory.1` bytes: `(max offset, bytes past it)`, as the
    /// interface's memory check is written (spec § Memory and gas).
    pub memory: (usize, usize),
}

/// Where MULMODMONT384's `inv` comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inv {
    /// 8 bytes in memory at this offset (after the modulus: v6 … v9).
    At(usize),
    /// A value: popped (v1–v3) or built in (v4, v5).
    Value(u64),
}

impl Access {
    /// v7, v8, v9 and v7s: four offsets, `m ‖ inv` at `params`, memory to
    /// `max(out, x, y, params) + op.params_len()`.
    #[inline(always)]
    fn params_block(o: Operands, op: Op) -> Access {
        let [out, x, y, params] = [o.out, o.x, o.y, o.params].map(|v| v as usize);
        let inv = Inv::At(params + VALUE_BYTES);
        Access { out, x, y, modulus: Some(params), inv, memory: (o.max() as usize, op.params_len()) }
    }
}

/// Where an EVM384 instruction finds its operands and how it stores values.
///
/// Everything is `#[inline(always)]`: each instruction function is monomorphised per encoding
/// and must compile to straight-line code (the stack pops or immediate read, one memory borrow,
/// loads, the arithmetic, one store).
pub trait Encoding {
    /// Whether the instruction expands memory (charging for it) to cover [`Access::memory`];
    /// otherwise (v3, v5) an access outside memory halts with `MemoryOOG`.
    const CHECKS_MEMORY: bool = true;
    /// Reads the operands: pops the stack item(s), or reads the immediate and moves the program
    /// counter past it (v9).
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access>;
    /// The 48-byte value stored at `bytes` as limbs: decoded into `tmp`, or, where the
    /// encoding is the machine's own, `bytes` itself (see `le_value`).
    fn value<'a>(bytes: &'a [u8; VALUE_BYTES], tmp: &'a mut MaybeUninit<Limbs>) -> &'a Limbs;
    /// Encodes a 48-byte value into memory.
    fn store(value: &Limbs, bytes: &mut [u8; VALUE_BYTES]);
    /// Decodes the 8-byte `inv` stored after the modulus.
    fn load_inv(bytes: &[u8; INV_BYTES]) -> u64;
}

/// v1–v5: offsets as stack items (`stack_items`): `OUT`, an `out` item (otherwise the result
/// goes over `x`); `FIXED`, BLS12-381's p built in (otherwise `m`, and `inv` for MULMODMONT384,
/// are items); `CHECKED`, memory expanded to cover the operands (otherwise an operand outside
/// memory halts).
pub struct StackItems<const OUT: bool, const FIXED: bool, const CHECKED: bool>;
/// v1: `x`, `y`, `m` (and `inv`) as stack items, the result over `x`.
pub type V1 = StackItems<false, false, true>;
/// v2: `out`, `x`, `y`, `m` (and `inv`) as stack items.
pub type V2 = StackItems<true, false, true>;
/// v3: v2 without the memory check.
pub type V3 = StackItems<true, false, false>;
/// v4: `out`, `x`, `y` as stack items, BLS12-381's p built in.
pub type V4 = StackItems<true, true, true>;
/// v5: v4 without the memory check.
pub type V5 = StackItems<true, true, false>;
/// v6: register indices in one stack item, `m ‖ inv` in the parameter register.
pub struct V6;
/// v7: offsets in a popped stack word, little-endian values.
pub struct V7;
/// v8: offsets as in v7, big-endian values (and `inv`).
pub struct V8;
/// v9: offsets in a 16-byte immediate (four LE u32), little-endian values.
pub struct V9;
/// v7s: v7 with 16-bit offsets in the word's low 64 bits.
pub struct V7s;

/// A memory offset given as a stack item: above 2^32 − 1 it halts out of gas, as the
/// prototype's `check_memory` does (`InvalidOperandOOG`, revm's halt for an unaddressable
/// offset).
#[inline(always)]
fn offset_item(v: &U256) -> InstructionExecResult<usize> {
    match v.as_limbs() {
        [lo, 0, 0, 0] if *lo <= u64::from(u32::MAX) => Ok(*lo as usize),
        _ => Err(InstructionResult::InvalidOperandOOG),
    }
}

/// v1–v5: the stack items `[out,] x, y[, m[, inv]]`, popped in that order. `inv` above 2^64 − 1
/// halts out of gas, as in the prototype.
#[inline(always)]
fn stack_items<const OUT: bool, const FIXED: bool>(
    interp: &mut Interpreter<EthInterpreter>,
    op: Op,
) -> InstructionExecResult<Access> {
    // The prototype checks the stack height before the instruction runs: too few items is an
    // underflow whatever the items that are there.
    let needed = usize::from(OUT) + 2 + if FIXED { 0 } else { 1 + usize::from(op == Op::MulModMont384) };
    if interp.stack.len() < needed {
        return Err(InstructionResult::StackUnderflow);
    }
    let (out, x, y) = if OUT {
        let [out, x, y] = interp.stack.popn::<3>().ok_or(InstructionResult::StackUnderflow)?;
        (offset_item(&out)?, offset_item(&x)?, offset_item(&y)?)
    } else {
        let [x, y] = interp.stack.popn::<2>().ok_or(InstructionResult::StackUnderflow)?;
        let x = offset_item(&x)?;
        (x, x, offset_item(&y)?)
    };
    let max = out.max(x).max(y);
    if FIXED {
        return Ok(Access { out, x, y, modulus: None, inv: Inv::Value(BLS12_381_P_INV), memory: (max, VALUE_BYTES) });
    }
    let [m] = interp.stack.popn::<1>().ok_or(InstructionResult::StackUnderflow)?;
    let m = offset_item(&m)?;
    let inv = if op == Op::MulModMont384 {
        let [inv] = interp.stack.popn::<1>().ok_or(InstructionResult::StackUnderflow)?;
        match inv.as_limbs() {
            [v, 0, 0, 0] => *v,
            _ => return Err(InstructionResult::InvalidOperandOOG),
        }
    } else {
        0
    };
    Ok(Access { out, x, y, modulus: Some(m), inv: Inv::Value(inv), memory: (max.max(m), VALUE_BYTES) })
}

/// The low 64 bits of the popped stack word.
#[inline(always)]
fn pop_low(interp: &mut Interpreter<EthInterpreter>) -> InstructionExecResult<u64> {
    let Some([word]) = interp.stack.popn::<1>() else {
        return Err(InstructionResult::StackUnderflow);
    };
    Ok(word.as_limbs()[0])
}

/// Pops the packed word `out‖x‖y‖params` (spec § Operand addressing: `params = w & 0xffffffff`,
/// `y = (w >> 32) & 0xffffffff`, `x = (w >> 64) & 0xffffffff`, `out = (w >> 96) & 0xffffffff`;
/// bits 128..255 ignored). Decoded straight from the word's two low 64-bit limbs, the same as
/// `Operands::from_stack_word(&word.to_be_bytes())`.
#[inline(always)]
fn pop_operands(interp: &mut Interpreter<EthInterpreter>) -> InstructionExecResult<Operands> {
    let Some([word]) = interp.stack.popn::<1>() else {
        return Err(InstructionResult::StackUnderflow);
    };
    Ok(word_operands(&word))
}

/// The offsets packed in a v7/v8 stack word, from its two low 64-bit limbs (no byte
/// conversion of the whole word).
#[inline(always)]
fn word_operands(word: &U256) -> Operands {
    let [lo, hi, ..] = *word.as_limbs();
    Operands { out: (hi >> 32) as u32, x: hi as u32, y: (lo >> 32) as u32, params: lo as u32 }
}

/// Reads the v9 immediate after the opcode and skips it (pc advances by 17 in all).
///
/// A truncated immediate at the end of the code reads as zero, like PUSH: the code is padded
/// with zero bytes by [`analysis::analyze`](crate::analysis::analyze), so the read stays in
/// bounds and the next opcode fetched is a padding STOP.
#[inline(always)]
fn immediate_operands(interp: &mut Interpreter<EthInterpreter>) -> InstructionExecResult<Operands> {
    let imm = interp.bytecode.read_slice(IMMEDIATE_LEN);
    let operands = immediate(imm.try_into().unwrap());
    interp.bytecode.relative_jump(IMMEDIATE_LEN as isize);
    Ok(operands)
}

/// The offsets in a (padded, so complete) v9 immediate: four little-endian u32, the same as
/// `Operands::from_immediate`, as four plain loads.
#[inline(always)]
fn immediate(imm: &[u8; IMMEDIATE_LEN]) -> Operands {
    let f = |i: usize| u32::from_le_bytes(imm[4 * i..4 * i + 4].try_into().unwrap());
    Operands { out: f(0), x: f(1), y: f(2), params: f(3) }
}

/// Little-endian 48-byte value (v7, v9): six LE limbs, least significant first. Written here
/// rather than calling `evm384_arith::from_le_bytes` so that it is guaranteed to inline (it
/// compiles to a plain 48-byte copy).
#[inline(always)]
fn load_le(b: &[u8; VALUE_BYTES]) -> Limbs {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

/// A little-endian value in place: on a little-endian machine the 48 bytes *are* the six limbs,
/// so when they are 8-byte aligned (always, in practice: memory is allocated aligned and code
/// generators use 16-byte aligned slots) the arithmetic reads them straight from EVM memory,
/// with no copy. Otherwise they are copied into `tmp`.
#[inline(always)]
fn le_value<'a>(bytes: &'a [u8; VALUE_BYTES], tmp: &'a mut MaybeUninit<Limbs>) -> &'a Limbs {
    let limbs = bytes.as_ptr().cast::<Limbs>();
    if cfg!(target_endian = "little") && limbs.is_aligned() {
        // SAFETY: `bytes` is 48 readable bytes, aligned for u64, alive for 'a and not written
        // while borrowed; every bit pattern is a valid u64, and on a little-endian machine
        // reading them as u64 is `load_le`.
        unsafe { &*limbs }
    } else {
        tmp.write(load_le(bytes))
    }
}

#[inline(always)]
fn store_le(x: &Limbs, b: &mut [u8; VALUE_BYTES]) {
    for (i, limb) in x.iter().enumerate() {
        b[8 * i..8 * i + 8].copy_from_slice(&limb.to_le_bytes());
    }
}

/// Big-endian 48-byte value (v8): limb `i` is bytes `40 - 8i .. 48 - 8i`, byte-swapped (one
/// load + BSWAP per limb).
#[inline(always)]
fn load_be(b: &[u8; VALUE_BYTES]) -> Limbs {
    core::array::from_fn(|i| u64::from_be_bytes(b[40 - 8 * i..48 - 8 * i].try_into().unwrap()))
}

#[inline(always)]
fn store_be(x: &Limbs, b: &mut [u8; VALUE_BYTES]) {
    for (i, limb) in x.iter().enumerate() {
        b[40 - 8 * i..48 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
}

/// The value codecs of a little-endian interface.
macro_rules! little_endian_values {
    () => {
        #[inline(always)]
        fn value<'a>(bytes: &'a [u8; VALUE_BYTES], tmp: &'a mut MaybeUninit<Limbs>) -> &'a Limbs {
            le_value(bytes, tmp)
        }
        #[inline(always)]
        fn store(value: &Limbs, bytes: &mut [u8; VALUE_BYTES]) {
            store_le(value, bytes)
        }
        #[inline(always)]
        fn load_inv(bytes: &[u8; INV_BYTES]) -> u64 {
            u64::from_le_bytes(*bytes)
        }
    };
}

impl<const OUT: bool, const FIXED: bool, const CHECKED: bool> Encoding for StackItems<OUT, FIXED, CHECKED> {
    const CHECKS_MEMORY: bool = CHECKED;
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        stack_items::<OUT, FIXED>(interp, op)
    }
    little_endian_values!();
}

impl Encoding for V6 {
    /// Registers at `48·i`, `m ‖ inv` at 12288; memory to 12288 + 48 (ADDMOD384, SUBMOD384) or
    /// 12336 + 8 (MULMODMONT384), as the prototype checks it.
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        let o = Operands::from_v6_word(pop_low(interp)?);
        let params = V6_PARAMS_ADDR as usize;
        let memory = match op {
            Op::MulModMont384 => (params + VALUE_BYTES, INV_BYTES),
            _ => (params, VALUE_BYTES),
        };
        let [out, x, y] = [o.out, o.x, o.y].map(|v| v as usize);
        Ok(Access { out, x, y, modulus: Some(params), inv: Inv::At(params + VALUE_BYTES), memory })
    }
    little_endian_values!();
}

impl Encoding for V7s {
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        Ok(Access::params_block(Operands::from_v7s_word(pop_low(interp)?), op))
    }
    little_endian_values!();
}

impl Encoding for V7 {
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        Ok(Access::params_block(pop_operands(interp)?, op))
    }
    little_endian_values!();
}

impl Encoding for V8 {
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        Ok(Access::params_block(pop_operands(interp)?, op))
    }
    #[inline(always)]
    fn value<'a>(bytes: &'a [u8; VALUE_BYTES], tmp: &'a mut MaybeUninit<Limbs>) -> &'a Limbs {
        tmp.write(load_be(bytes))
    }
    #[inline(always)]
    fn store(value: &Limbs, bytes: &mut [u8; VALUE_BYTES]) {
        store_be(value, bytes)
    }
    #[inline(always)]
    fn load_inv(bytes: &[u8; INV_BYTES]) -> u64 {
        u64::from_be_bytes(*bytes)
    }
}

impl Encoding for V9 {
    #[inline(always)]
    fn access(interp: &mut Interpreter<EthInterpreter>, op: Op) -> InstructionExecResult<Access> {
        Ok(Access::params_block(immediate_operands(interp)?, op))
    }
    little_endian_values!();
}

/// `N` bytes of `mem` at `offset`, without a bounds check.
///
/// # Safety
/// `offset + N <= mem.len()`: [`run`] only calls it once the context memory covers
/// [`Access::memory`] (expanded by [`Interpreter::resize_memory`], or checked for v3 and v5),
/// and every access lies within it. revm's own MLOAD/MSTORE rely on the same invariant
/// (`SharedMemory::slice_len` is unchecked in release builds).
#[inline(always)]
unsafe fn at<const N: usize>(mem: &[u8], offset: usize) -> &[u8; N] {
    debug_assert!(offset + N <= mem.len());
    unsafe { &*mem.as_ptr().add(offset).cast::<[u8; N]>() }
}

/// Mutable form of [`at`], same safety contract.
#[inline(always)]
unsafe fn at_mut<const N: usize>(mem: &mut [u8], offset: usize) -> &mut [u8; N] {
    debug_assert!(offset + N <= mem.len());
    unsafe { &mut *mem.as_mut_ptr().add(offset).cast::<[u8; N]>() }
}

/// One EVM384 instruction, shared by the three opcodes:
/// 1. the operands ([`Encoding::access`]: stack items, a packed word or the immediate);
/// 2. memory expanded to cover [`Access::memory`] with standard expansion gas (spec § Memory
///    and gas). revm's `resize_memory` is an inline compare against the current size, with the
///    gas computation and growth out of line, so when memory is already large enough nothing
///    is charged and nothing else is done; an unpayable expansion halts (MemoryOOG, or
///    MemoryLimitOOG). Interfaces without the check (v3, v5) halt with MemoryOOG instead of
///    reading outside memory;
/// 3. one borrow of the context memory for all reads and the write: `x`, `y`, `m` (and `inv`
///    for MULMODMONT384) are read before `out` is written, so `out` may alias any input
///    (spec § Values). Little-endian inputs are used in place (see [`le_value`]).
///
/// Static gas is charged by revm from the schedule's table before this runs.
#[inline(always)]
fn run<E: Encoding, H: Host + ?Sized>(
    ctx: Ctx<'_, H>,
    op: Op,
    f: impl FnOnce(&Limbs, &Limbs, &Limbs, u64) -> Limbs,
) -> InstructionExecResult {
    let a = E::access(ctx.interpreter, op)?;
    let (max, len) = a.memory;
    if E::CHECKS_MEMORY {
        // Offsets are at most 2^32 - 1 and `len` at most 56, so `max + len` cannot overflow.
        ctx.interpreter.resize_memory(ctx.host.gas_params(), max, len)?;
    }
    let mut mem = ctx.interpreter.memory.context_memory_mut();
    if !E::CHECKS_MEMORY && max + len > mem.len() {
        return Err(InstructionResult::MemoryOOG);
    }
    // SAFETY: every offset read or written is at most `max` with `N <= len` bytes past it (or, for
    // `inv`, at `max` with 8 bytes), and memory covers `max + len` (see `at`).
    let result = unsafe {
        let inv = match (op, a.inv) {
            (Op::MulModMont384, Inv::At(at_inv)) => E::load_inv(at(&mem, at_inv)),
            (_, Inv::Value(v)) => v,
            _ => 0,
        };
        let [mut tx, mut ty, mut tm] = [MaybeUninit::uninit(); 3];
        let x = E::value(at(&mem, a.x), &mut tx);
        let y = E::value(at(&mem, a.y), &mut ty);
        let m = match a.modulus {
            Some(m) => E::value(at(&mem, m), &mut tm),
            None => &BLS12_381_P,
        };
        f(x, y, m, inv)
    };
    // SAFETY: as above.
    E::store(&result, unsafe { at_mut(&mut mem, a.out) });
    Ok(())
}

/// `arith::addmod384` with the common `(x, y, m, inv)` signature of [`run`].
#[inline(always)]
fn add(x: &Limbs, y: &Limbs, m: &Limbs, _inv: u64) -> Limbs {
    arith::addmod384(x, y, m)
}

/// `arith::submod384` with the common `(x, y, m, inv)` signature of [`run`].
#[inline(always)]
fn sub(x: &Limbs, y: &Limbs, m: &Limbs, _inv: u64) -> Limbs {
    arith::submod384(x, y, m)
}

/// ADDMOD384 (`0xc0`): `out = x + y`, minus `m` once if the sum is `>= m`.
pub fn addmod384<E: Encoding, H: Host + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    run::<E, H>(ctx, Op::AddMod384, add)
}

/// SUBMOD384 (`0xc1`): `out = x - y`, plus `m` if it borrowed.
pub fn submod384<E: Encoding, H: Host + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    run::<E, H>(ctx, Op::SubMod384, sub)
}

/// MULMODMONT384 (`0xc2`): `out = x * y * 2^-384 mod m` with `inv` read after `m`.
pub fn mulmodmont384<E: Encoding, H: Host + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    run::<E, H>(ctx, Op::MulModMont384, arith::mulmodmont384)
}

/// v8 compiled for SSSE3 (x86-64): the same code as `family::<V8, H>()`, in functions with
/// SSSE3 enabled so that LLVM reverses each 16-byte chunk of a big-endian value with one PSHUFB
/// instead of a load, BSWAP and store per limb. Installed only after run-time detection (the
/// public wrappers are tail jumps). It measured faster than the baseline build on the k = 2
/// pairing check (v8/v7 time ratio: `evm384 report`).
#[cfg(target_arch = "x86_64")]
mod v8_ssse3 {
    use super::*;

    macro_rules! ssse3_fn {
        ($name:ident, $inner:ident, $op:expr, $f:expr) => {
            #[target_feature(enable = "ssse3")]
            unsafe fn $inner<H: Host + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
                run::<V8, H>(ctx, $op, $f)
            }
            pub fn $name<H: Host + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
                // SAFETY: only installed when the CPU supports SSSE3 (see `family_v8`).
                unsafe { $inner::<H>(ctx) }
            }
        };
    }
    ssse3_fn!(addmod384, addmod384_inner, Op::AddMod384, add);
    ssse3_fn!(submod384, submod384_inner, Op::SubMod384, sub);
    ssse3_fn!(mulmodmont384, mulmodmont384_inner, Op::MulModMont384, arith::mulmodmont384);
}

/// The v8 family: the SSSE3 build where available.
fn family_v8<H: Host>() -> [Instruction<EthInterpreter, H>; 3] {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("ssse3") {
        return [
            Instruction::new(v8_ssse3::addmod384::<H>),
            Instruction::new(v8_ssse3::submod384::<H>),
            Instruction::new(v8_ssse3::mulmodmont384::<H>),
        ];
    }
    family::<V8, H>()
}

/// The three instruction functions of one encoding, in [`Op::ALL`] order.
fn family<E: Encoding, H: Host>() -> [Instruction<EthInterpreter, H>; 3] {
    [Instruction::new(addmod384::<E, H>), Instruction::new(submod384::<E, H>), Instruction::new(mulmodmont384::<E, H>)]
}

/// Registers the three EVM384 opcodes of `interface` in `instructions`, leaving the static gas
/// table as it is (the schedule's table, see [`Schedule::gas_table`](crate::Schedule::gas_table)).
pub fn install<H: Host>(instructions: &mut EthInstructions<EthInterpreter, H>, interface: Interface) {
    let fns = match interface {
        Interface::V1 => family::<V1, H>(),
        Interface::V2 => family::<V2, H>(),
        Interface::V3 => family::<V3, H>(),
        Interface::V4 => family::<V4, H>(),
        Interface::V5 => family::<V5, H>(),
        Interface::V6 => family::<V6, H>(),
        Interface::V7 => family::<V7, H>(),
        Interface::V8 => family_v8::<H>(),
        Interface::V9 => family::<V9, H>(),
        Interface::V7s => family::<V7s, H>(),
    };
    for (op, f) in Op::ALL.into_iter().zip(fns) {
        instructions.instruction_table_mut()[op.opcode() as usize] = f;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evm384_arith::{from_be_bytes, from_le_bytes, to_be_bytes, to_le_bytes};

    /// Deterministic pseudo-random words (xorshift), all bits exercised.
    fn words() -> impl Iterator<Item = [u64; 4]> {
        let mut s = 0x9e3779b97f4a7c15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        (0..200).map(move |_| [next(), next(), next(), next()])
    }

    #[test]
    fn stack_word_decoding_matches_the_isa() {
        let edge = [[0; 4], [u64::MAX; 4], [1, 0, 0, 1 << 63], [0xffff_ffff, 0, u64::MAX, 0]];
        for limbs in words().chain(edge) {
            let word = U256::from_limbs(limbs);
            assert_eq!(word_operands(&word), Operands::from_stack_word(&word.to_be_bytes::<32>()));
        }
    }

    #[test]
    fn immediate_decoding_matches_the_isa() {
        for [a, b, ..] in words() {
            let mut imm = [0u8; IMMEDIATE_LEN];
            imm[..8].copy_from_slice(&a.to_le_bytes());
            imm[8..].copy_from_slice(&b.to_be_bytes());
            assert_eq!(immediate(&imm), Operands::from_immediate(&imm));
        }
    }

    #[test]
    fn value_codecs_match_the_arith_crate_aligned_or_not() {
        let mut buf = [0u8; 64];
        for (k, [a, b, c, d]) in words().enumerate() {
            let v: Limbs = [a, b, c, d, a ^ c, b ^ d];
            let shift = k % 9; // offsets 0..8: aligned (in place) and unaligned (copied)
            let mut tmp = MaybeUninit::uninit();
            let bytes: &mut [u8; 48] = (&mut buf[shift..shift + 48]).try_into().unwrap();
            *bytes = to_le_bytes(&v);
            assert_eq!(*le_value(bytes, &mut tmp), from_le_bytes(bytes));
            assert_eq!(*V7::value(bytes, &mut tmp), v);
            assert_eq!(*V9::value(bytes, &mut tmp), v);
            *bytes = to_be_bytes(&v);
            assert_eq!(*V8::value(bytes, &mut tmp), from_be_bytes(bytes));
            for (store, expected) in [
                (V7::store as fn(&Limbs, &mut [u8; 48]), to_le_bytes(&v)),
                (V8::store, to_be_bytes(&v)),
                (V9::store, to_le_bytes(&v)),
            ] {
                store(&v, bytes);
                assert_eq!(*bytes, expected);
            }
            assert_eq!(V7::load_inv(&a.to_le_bytes()), a);
            assert_eq!(V8::load_inv(&a.to_be_bytes()), a);
        }
    }
}
