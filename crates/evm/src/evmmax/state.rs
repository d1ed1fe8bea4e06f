//! The EVMMAX state of one call frame: its field contexts by id, the active one, the register
//! bytes allocated; each instruction's checks and gas, interpreter-independent.

use std::collections::BTreeMap;

use evm384_arith::modx::ModX;

use super::context::FieldContext;
use super::gas::GAS;
use super::halt::{EvmmaxHalt, MAX_ALLOC, MAX_ID, MAX_REGISTER_BYTES};
use super::immediate::{ArithImmediate, ArithOp};

/// The EVMMAX state of one call frame. The contexts sit in a vector in creation order
/// (`parked`), found by id through `ids` (SETMODX only); the active one is taken out of its slot
/// and kept here (`active`), so that an arithmetic instruction reaches its registers without a
/// map look-up or an index (SETMODX of another id puts it back).
#[derive(Clone, Debug, Default)]
pub struct EvmmaxState {
    active: Option<FieldContext>,
    /// The slot of `parked` the active context came from (empty while it is active).
    active_slot: usize,
    parked: Vec<Option<FieldContext>>,
    ids: BTreeMap<u16, usize>,
    /// Bytes of all registers of all contexts (kept, since every memory expansion reads it).
    allocated: usize,
}

/// What SETMODX did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetModX {
    /// Gas beyond memory expansion: the base, plus the odd-modulus part for a new context.
    pub gas: u64,
    /// Register bytes newly allocated (memory expansion is charged for them).
    pub allocated: usize,
}

impl EvmmaxState {
    /// Bytes of all registers allocated in this frame.
    #[inline]
    pub fn allocated_bytes(&self) -> usize {
        self.allocated
    }

    #[inline]
    pub fn active(&self) -> Option<&FieldContext> {
        self.active.as_ref()
    }

    #[inline]
    pub(super) fn active_mut(&mut self) -> Result<&mut FieldContext, EvmmaxHalt> {
        self.active.as_mut().ok_or(EvmmaxHalt::NoActiveContext)
    }

    /// Makes the context `id` active if it exists (SETMODX of an existing id).
    pub(super) fn activate(&mut self, id: u16) -> bool {
        let Some(&slot) = self.ids.get(&id) else { return false };
        if self.active.is_none() || self.active_slot != slot {
            self.park();
            self.active = self.parked[slot].take();
            self.active_slot = slot;
        }
        true
    }

    /// Puts the active context (if any) back into its slot.
    fn park(&mut self) {
        if let Some(c) = self.active.take() {
            self.parked[self.active_slot] = Some(c);
        }
    }

    /// SETMODX with the stack values `id` and `alloc_count` (saturated to u64) and the
    /// modulus bytes (already read from memory; their range checked by the caller).
    pub fn setmodx(&mut self, id: u64, modulus: &[u8], alloc_count: u64) -> Result<SetModX, EvmmaxHalt> {
        if id > MAX_ID {
            return Err(EvmmaxHalt::IdOutOfRange);
        }
        let id = id as u16;
        if self.activate(id) {
            return Ok(SetModX { gas: GAS.setmodx_base, allocated: 0 });
        }
        let modx = ModX::from_be_bytes(modulus).map_err(EvmmaxHalt::InvalidModulus)?;
        if alloc_count == 0 || alloc_count > MAX_ALLOC {
            return Err(EvmmaxHalt::AllocCount);
        }
        let allocated = alloc_count as usize * modx.element_size();
        if self.allocated_bytes() + allocated > MAX_REGISTER_BYTES {
            return Err(EvmmaxHalt::RegisterCap);
        }
        let gas = GAS.setmodx_base + if modx.is_odd() { GAS.setmodx_odd[modx.limbs() - 1] } else { 0 };
        self.park();
        self.parked.push(None);
        self.active_slot = self.parked.len() - 1;
        self.ids.insert(id, self.active_slot);
        self.active = Some(FieldContext::new(modx, alloc_count as usize));
        self.allocated += allocated;
        Ok(SetModX { gas, allocated })
    }

    /// The gas of an arithmetic instruction on the active context, or why it halts (checked
    /// before anything is computed, so that the gas can be charged first).
    pub fn arith_gas(&self, op: ArithOp, imm: ArithImmediate) -> Result<u64, EvmmaxHalt> {
        self.active().ok_or(EvmmaxHalt::NoActiveContext)?.arith_gas(op, imm)
    }

    /// ADDMODX / SUBMODX / MULMODX on the active context: checks, then every result from the
    /// registers as they were before the instruction, then all written ("registers are not
    /// modified until all operations in the loop have completed"). Returns the gas.
    pub fn arith(&mut self, op: ArithOp, imm: ArithImmediate) -> Result<u64, EvmmaxHalt> {
        let ctx = self.active_mut()?;
        let gas = ctx.arith_gas(op, imm)?;
        ctx.apply(op, imm);
        Ok(gas)
    }

    /// LOADX's gas and checks: `count` registers from `source` of the active context.
    pub fn loadx_gas(&self, source: u64, count: u64) -> Result<u64, EvmmaxHalt> {
        let ctx = self.active().ok_or(EvmmaxHalt::NoActiveContext)?;
        if source.checked_add(count).is_none_or(|end| end > ctx.registers.len() as u64) {
            return Err(EvmmaxHalt::RegisterOutOfBounds);
        }
        Ok(GAS.loadx_base
            + if ctx.modx.is_odd() { count * ctx.mul_gas } else { (ctx.modx.element_size() as u64).div_ceil(32) * 3 })
    }

    /// LOADX: the values, canonical, big-endian, `element_size` bytes each (the caller writes
    /// them to memory at `dest`).
    pub fn loadx(&self, source: u64, count: u64) -> Result<Vec<u8>, EvmmaxHalt> {
        self.loadx_gas(source, count)?;
        let ctx = self.active().ok_or(EvmmaxHalt::NoActiveContext)?;
        let mut out = vec![0u8; count as usize * ctx.modx.element_size()];
        ctx.load_values(source as usize, &mut out);
        Ok(out)
    }

    /// STOREX's gas and register-range check: `count` registers from `dest`.
    pub fn storex_gas(&self, dest: u64, count: u64) -> Result<u64, EvmmaxHalt> {
        let ctx = self.active().ok_or(EvmmaxHalt::NoActiveContext)?;
        if dest.checked_add(count).is_none_or(|end| end > ctx.registers.len() as u64) {
            return Err(EvmmaxHalt::RegisterOutOfBounds);
        }
        Ok(GAS.storex_base
            + if ctx.modx.is_odd() {
                count * ctx.mul_gas
            } else {
                (count * ctx.modx.element_size() as u64).div_ceil(32) * 3
            })
    }

    /// STOREX: `bytes` holds `count` big-endian values of `element_size` bytes (read by the
    /// caller from memory at `source`); each must be below the modulus. Registers are written
    /// only if every value is valid.
    pub fn storex(&mut self, dest: u64, bytes: &[u8], count: u64) -> Result<u64, EvmmaxHalt> {
        let gas = self.storex_gas(dest, count)?;
        let ctx = self.active_mut()?;
        debug_assert_eq!(bytes.len(), ctx.modx.element_size() * count as usize);
        ctx.store_values(dest as usize, bytes)?;
        Ok(gas)
    }
}
