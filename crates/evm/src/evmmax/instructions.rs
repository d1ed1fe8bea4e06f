//! The EVMMAX instructions in revm: they read the stack and EVM memory, check memory ranges,
//! charge memory expansion (counting the frame's allocated registers, also for every ordinary
//! instruction that expands memory) and call the frame's [`EvmmaxState`].

use revm::bytecode::opcode;
use revm::handler::instructions::EthInstructions;
use revm::interpreter::instructions::contract;
use revm::interpreter::interpreter::EthInterpreter;
use revm::interpreter::interpreter_types::{Immediates, Jumps, MemoryTr};
use revm::interpreter::{Instruction, InstructionContext, InstructionExecResult, InstructionResult};
use revm::primitives::U256;

use evm384_arith::modx::{ModXError, MAX_LIMBS};

use super::code::IMMEDIATE_LEN;
use super::frames::EvmmaxHost;
use super::gas::GAS;
use super::halt::{EvmmaxHalt, MAX_ID};
use super::immediate::{ArithImmediate, ArithOp};

type Ctx<'a, H> = InstructionContext<'a, H, EthInterpreter>;

fn halt(h: EvmmaxHalt) -> InstructionResult {
    match h {
        EvmmaxHalt::RegisterOutOfBounds => InstructionResult::OutOfOffset,
        _ => InstructionResult::InvalidOperandOOG,
    }
}

fn charge<H: ?Sized>(ctx: &mut Ctx<'_, H>, gas: u64) -> InstructionExecResult {
    if ctx.interpreter.gas.record_regular_cost(gas) {
        Ok(())
    } else {
        Err(InstructionResult::OutOfGas)
    }
}

fn pop<const N: usize, H: ?Sized>(ctx: &mut Ctx<'_, H>) -> InstructionExecResult<[u64; N]> {
    let words = ctx.interpreter.stack.popn::<N>().ok_or(InstructionResult::StackUnderflow)?;
    Ok(words.map(|w: U256| if w > U256::from(u64::MAX) { u64::MAX } else { w.to::<u64>() }))
}

/// EVM memory gas for `bytes` (3 per word plus words² / 512), the same formula as revm's.
fn memory_gas(bytes: usize) -> u64 {
    let w = bytes.div_ceil(32) as u64;
    3 * w + w * w / 512
}

/// `[offset, offset + len)` inside the current memory (EVMMAX never expands it).
fn in_memory<H: ?Sized>(ctx: &Ctx<'_, H>, offset: u64, len: u64) -> InstructionExecResult<usize> {
    match offset.checked_add(len) {
        Some(end) if end <= ctx.interpreter.memory.size() as u64 => Ok(offset as usize),
        _ => Err(InstructionResult::OutOfOffset),
    }
}

/// SETMODX (0xc0): `id modulus_offset modulus_size alloc_count` (top first).
pub fn setmodx<H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    let [id, offset, size, alloc] = pop::<4, H>(&mut ctx)?;
    charge(&mut ctx, GAS.setmodx_base)?;
    let state = ctx.host.evmmax_state();
    if id <= MAX_ID && state.activate(id as u16) {
        return Ok(());
    }
    if id > MAX_ID {
        return Err(halt(EvmmaxHalt::IdOutOfRange));
    }
    if size > 8 * MAX_LIMBS as u64 {
        return Err(halt(EvmmaxHalt::InvalidModulus(ModXError::TooLong)));
    }
    let at = in_memory(&ctx, offset, size)?;
    let modulus = ctx.interpreter.memory.slice(at..at + size as usize).to_vec();
    let mem_len = ctx.interpreter.memory.size();
    let state = ctx.host.evmmax_state();
    let before = state.allocated_bytes();
    let done = state.setmodx(id, &modulus, alloc).map_err(halt)?;
    // Memory expansion for the new registers, counting the frame's memory and registers.
    let expansion = memory_gas(mem_len + before + done.allocated) - memory_gas(mem_len + before);
    charge(&mut ctx, expansion + done.gas - GAS.setmodx_base)
}

/// LOADX (0xc1): `dest source count` (top first): registers → memory, converted straight
/// into EVM memory.
pub fn loadx<H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    let [dest, source, count] = pop::<3, H>(&mut ctx)?;
    let state = ctx.host.evmmax_state();
    let gas = state.loadx_gas(source, count).map_err(halt)?;
    let size = state.active().map_or(0, |c| c.modx.element_size()) as u64;
    charge(&mut ctx, gas)?;
    let at = in_memory(&ctx, dest, count.saturating_mul(size))?;
    let fc = ctx.host.evmmax_state().active().ok_or(halt(EvmmaxHalt::NoActiveContext))?;
    // in memory, so count · size fits a usize
    let mut mem = ctx.interpreter.memory.context_memory_mut();
    fc.load_values(source as usize, &mut mem[at..at + (count * size) as usize]);
    Ok(())
}

/// STOREX (0xc2): `dest source count` (top first): memory → registers, converted straight
/// from EVM memory.
pub fn storex<H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    let [dest, source, count] = pop::<3, H>(&mut ctx)?;
    let state = ctx.host.evmmax_state();
    let gas = state.storex_gas(dest, count).map_err(halt)?;
    let size = state.active().map_or(0, |c| c.modx.element_size()) as u64;
    charge(&mut ctx, gas)?;
    let at = in_memory(&ctx, source, count.saturating_mul(size))?;
    let fc = ctx.host.evmmax_state().active_mut().map_err(halt)?;
    let bytes = ctx.interpreter.memory.slice(at..at + (count * size) as usize);
    fc.store_values(dest as usize, &bytes).map_err(halt)
}

/// ADDMODX / SUBMODX / MULMODX (0xc3..0xc5) with their 7-byte immediate. Inlined into each
/// instruction, so that `op` is a constant there and one operation's code remains.
#[inline(always)]
fn arith<H: EvmmaxHost + ?Sized>(ctx: Ctx<'_, H>, op: ArithOp) -> InstructionExecResult {
    // Eight bytes in one load, the immediate and the byte after it: the code is padded
    // with 33 zero bytes (`analysis`), so they are always there. (Seven bytes compiled to
    // three loads joined by shifts, taken apart again.)
    let word = ctx.interpreter.bytecode.read_slice(IMMEDIATE_LEN + 1);
    let word = u64::from_le_bytes(word.try_into().expect("padded code"));
    ctx.interpreter.bytecode.relative_jump(IMMEDIATE_LEN as isize);
    let imm = ArithImmediate::from_bytes(&core::array::from_fn(|i| (word >> (8 * i)) as u8));
    // One look-up of the active context: checks and gas, the charge, then the arithmetic.
    let fc = ctx.host.evmmax_state().active_mut().map_err(halt)?;
    let gas = fc.arith_gas(op, imm).map_err(halt)?;
    if !ctx.interpreter.gas.record_regular_cost(gas) {
        return Err(InstructionResult::OutOfGas);
    }
    fc.apply(op, imm);
    Ok(())
}

pub fn addmodx<H: EvmmaxHost + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    arith(ctx, ArithOp::AddModX)
}
pub fn submodx<H: EvmmaxHost + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    arith(ctx, ArithOp::SubModX)
}
pub fn mulmodx<H: EvmmaxHost + ?Sized>(ctx: Ctx<'_, H>) -> InstructionExecResult {
    arith(ctx, ArithOp::MulModX)
}

fn call_entering<const KIND: u8, H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    register_memory_gas(&mut ctx, KIND)?;
    let d = ctx.host.call_depth();
    ctx.host.evmmax_frames().entering_child(d);
    contract::call::<KIND, EthInterpreter, H>(ctx)
}

fn create_entering<const CREATE2: bool, H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    register_memory_gas(&mut ctx, if CREATE2 { opcode::CREATE2 } else { opcode::CREATE })?;
    let d = ctx.host.call_depth();
    ctx.host.evmmax_frames().entering_child(d);
    contract::create::<CREATE2, EthInterpreter, H>(ctx)
}

/// The end (in bytes) of the memory an instruction is about to touch, from its stack
/// operands (0 = top); `None` when it touches none or an operand exceeds 64 bits (revm's
/// own checks halt those).
fn memory_end(op: u8, peek: impl Fn(usize) -> Option<U256>) -> Option<u64> {
    let at = |i: usize| peek(i).and_then(|w| (w <= U256::from(u64::MAX)).then(|| w.to::<u64>()));
    let range = |off: usize, len: usize| -> Option<u64> {
        let len = at(len)?;
        if len == 0 {
            return Some(0);
        }
        at(off)?.checked_add(len)
    };
    Some(match op {
        opcode::MLOAD | opcode::MSTORE => at(0)?.checked_add(32)?,
        opcode::MSTORE8 => at(0)?.checked_add(1)?,
        opcode::MCOPY => {
            let len = at(2)?;
            if len == 0 {
                0
            } else {
                at(0)?.max(at(1)?).checked_add(len)?
            }
        }
        opcode::KECCAK256 | opcode::RETURN | opcode::REVERT => range(0, 1)?,
        opcode::LOG0..=opcode::LOG4 => range(0, 1)?,
        opcode::CALLDATACOPY | opcode::CODECOPY | opcode::RETURNDATACOPY => range(0, 2)?,
        opcode::EXTCODECOPY => range(1, 3)?,
        opcode::CALL | opcode::CALLCODE => range(3, 4)?.max(range(5, 6)?),
        opcode::DELEGATECALL | opcode::STATICCALL => range(2, 3)?.max(range(4, 5)?),
        opcode::CREATE | opcode::CREATE2 => range(1, 2)?,
        _ => return None,
    })
}

/// EIP-6690: "when expanding EVM memory …, expansion cost will now consider the size of all
/// allocated virtual registers in the current call frame". Growing memory from `m` to `m'`
/// bytes with `r` register bytes allocated costs exactly `cost(m' + r) − cost(m + r)`.
/// revm's own instruction then charges `cost(m') − cost(m)`, so the difference is settled
/// here, before it runs: charged when positive, returned when negative (the floor of
/// `words² / 512` can make revm's figure the larger by one), so that the frame pays the
/// text's figure exactly and runs out of gas exactly when that figure exceeds what is left.
fn register_memory_gas<H: EvmmaxHost + ?Sized>(ctx: &mut Ctx<'_, H>, op: u8) -> InstructionExecResult {
    let registers = ctx.host.evmmax_state().allocated_bytes();
    if registers == 0 {
        return Ok(());
    }
    let stack = &ctx.interpreter.stack;
    let Some(end) = memory_end(op, |i| stack.peek(i).ok()) else { return Ok(()) };
    let (old, new) = (ctx.interpreter.memory.size() as u64, end.div_ceil(32).saturating_mul(32));
    if new <= old || new > 1 << 40 {
        return Ok(()); // no expansion, or one revm refuses anyway
    }
    let cost = |bytes: u64| memory_gas(bytes as usize);
    let r = registers as u64;
    let (text, revm) = (cost(new + r) - cost(old + r), cost(new) - cost(old));
    if text >= revm {
        charge(ctx, text - revm)
    } else {
        ctx.interpreter.gas.erase_cost(revm - text);
        Ok(())
    }
}

fn with_register_memory<const OP: u8, H: EvmmaxHost + ?Sized>(mut ctx: Ctx<'_, H>) -> InstructionExecResult {
    use revm::interpreter::instructions::{control, host, memory, system};
    register_memory_gas(&mut ctx, OP)?;
    match OP {
        opcode::MLOAD => memory::mload::<EthInterpreter, H>(ctx),
        opcode::MSTORE => memory::mstore::<EthInterpreter, H>(ctx),
        opcode::MSTORE8 => memory::mstore8::<EthInterpreter, H>(ctx),
        opcode::MCOPY => memory::mcopy::<EthInterpreter, H>(ctx),
        opcode::KECCAK256 => system::keccak256::<EthInterpreter, H>(ctx),
        opcode::CALLDATACOPY => system::calldatacopy::<EthInterpreter, H>(ctx),
        opcode::CODECOPY => system::codecopy::<EthInterpreter, H>(ctx),
        opcode::RETURNDATACOPY => system::returndatacopy::<EthInterpreter, H>(ctx),
        opcode::EXTCODECOPY => host::extcodecopy::<EthInterpreter, H>(ctx),
        opcode::LOG0 => host::log::<0, H>(ctx),
        opcode::LOG1 => host::log::<1, H>(ctx),
        opcode::LOG2 => host::log::<2, H>(ctx),
        opcode::LOG3 => host::log::<3, H>(ctx),
        opcode::LOG4 => host::log::<4, H>(ctx),
        opcode::RETURN => control::ret::<EthInterpreter, H>(ctx),
        opcode::REVERT => control::revert::<EthInterpreter, H>(ctx),
        _ => unreachable!("installed only for memory-touching opcodes"),
    }
}

/// Installs the six EVMMAX instructions at 0xc0..0xc5 (replacing EVM384's), with static
/// gas 0 (each charges its own gas), the frame-entering wrappers of the call family, and
/// the register-aware memory expansion (`register_memory_gas`) of every instruction that
/// touches memory.
pub fn install<H: EvmmaxHost>(instructions: &mut EthInstructions<EthInterpreter, H>) {
    let table = instructions.instruction_table_mut();
    table[0xc0] = Instruction::new(setmodx::<H>);
    table[0xc1] = Instruction::new(loadx::<H>);
    table[0xc2] = Instruction::new(storex::<H>);
    table[0xc3] = Instruction::new(addmodx::<H>);
    table[0xc4] = Instruction::new(submodx::<H>);
    table[0xc5] = Instruction::new(mulmodx::<H>);
    table[opcode::CALL as usize] = Instruction::new(call_entering::<{ opcode::CALL }, H>);
    table[opcode::CALLCODE as usize] = Instruction::new(call_entering::<{ opcode::CALLCODE }, H>);
    table[opcode::DELEGATECALL as usize] = Instruction::new(call_entering::<{ opcode::DELEGATECALL }, H>);
    table[opcode::STATICCALL as usize] = Instruction::new(call_entering::<{ opcode::STATICCALL }, H>);
    table[opcode::CREATE as usize] = Instruction::new(create_entering::<false, H>);
    table[opcode::CREATE2 as usize] = Instruction::new(create_entering::<true, H>);
    macro_rules! wrap {
        ($($op:ident),*) => {$(
            table[opcode::$op as usize] = Instruction::new(with_register_memory::<{ opcode::$op }, H>);
        )*};
    }
    wrap!(
        MLOAD,
        MSTORE,
        MSTORE8,
        MCOPY,
        KECCAK256,
        CALLDATACOPY,
        CODECOPY,
        RETURNDATACOPY,
        EXTCODECOPY,
        LOG0,
        LOG1,
        LOG2,
        LOG3,
        LOG4,
        RETURN,
        REVERT
    );
    for op in 0xc0..=0xc5 {
        instructions.gas_table_mut()[op] = 0;
    }
}
