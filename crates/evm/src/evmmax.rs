//! EVMMAX (EIP-6690) execution semantics: the per-call-frame field contexts and their virtual
//! registers, every assertion of the text as an exceptional halt ([`EvmmaxHalt`]), and the gas
//! of each instruction from the EIP's tables ([`GAS`]). The text followed is ethereum/EIPs
//! `EIPS/eip-6690.md` at commit f767a1e8078e17c9b381a91d35a09492189ede1b (status Stagnant).
//!
//! The first half is interpreter-independent: an [`EvmmaxState`] belongs to one call frame. The
//! second half (`glue`) is the revm instructions: they read the stack and EVM memory, check
//! memory ranges, charge memory expansion (which, per the EIP, counts the frame's allocated
//! registers too: [`EvmmaxState::allocated_bytes`], also for every ordinary instruction that
//! expands memory), and call the first half. The arithmetic is `evm384_arith::modx`.
//!
//! Readings of the text where it is loose, kept explicit:
//! - LOADX and STOREX charge `COST_LOADX_BASE` / `COST_STOREX_BASE` (1 each), which the constants
//!   table calls their "static cost" although their execution steps do not say "charge".
//! - LOADX's range "`[source, source + count]` within the value space" is read as
//!   `source + count ≤ registers` (the `count` registers from `source`), as for STOREX.
//! - LOADX of a power-of-two context charges `(element_size + 31) / 32 · 3` once, as the text
//!   says (not per value); STOREX's "cost_mem_copy(count · element_size)" is read as MCOPY's
//!   copy cost, `3 · ⌈count · element_size / 32⌉`.
//! - The arithmetic bounds check is on the last register touched, `idx + stride · (count − 1) <
//!   registers` for out, x and y, as the text's prose ("all accessed values fall within
//!   bounds") and go-ethereum's, evmone's and ethereumjs's implementations have it; the text's
//!   formula `max(idx + stride · count) < registers` is one stride off (an erratum:
//!   `crates/evm/README.md`).

use std::collections::BTreeMap;

use evm384_arith::modx::{Limbs768, ModX, ModXError, Odd384, MAX_LIMBS};

/// Gas of the EVMMAX instructions by modulus width (index: words − 1, 64 to 768 bits).
pub struct GasTable {
    /// SETMODX's static part.
    pub setmodx_base: u64,
    /// LOADX's and STOREX's static cost (`COST_LOADX_BASE`, `COST_STOREX_BASE`).
    pub loadx_base: u64,
    pub storex_base: u64,
    /// SETMODX's dynamic part for an odd modulus.
    pub setmodx_odd: [u64; MAX_LIMBS],
    /// ADDMODX / SUBMODX per operation.
    pub add_sub: [u64; MAX_LIMBS],
    /// MULMODX per operation (also LOADX / STOREX per value for odd moduli).
    pub mul: [u64; MAX_LIMBS],
}

/// The EIP's tables (its linear and quadratic cost models, rounded).
pub const GAS: GasTable = GasTable {
    setmodx_base: 1,
    loadx_base: 1,
    storex_base: 1,
    setmodx_odd: [23, 26, 29, 32, 36, 39, 42, 45, 48, 51, 54, 58],
    add_sub: [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2],
    mul: [1, 1, 1, 2, 2, 3, 4, 5, 7, 8, 10, 12],
};

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

/// One field context: its modulus and registers (internal form: Montgomery for odd moduli).
#[derive(Clone, Debug)]
pub struct FieldContext {
    /// Boxed: a context is moved whenever SETMODX switches to or from it, and the modulus's
    /// constants are read only by SETMODX, LOADX, STOREX and widths other than odd 384-bit.
    pub modx: Box<ModX>,
    pub registers: Vec<Limbs768>,
    /// `modx.odd384()`, once: the 6-word arithmetic of an odd 384-bit context.
    odd384: Option<Odd384>,
    /// [`GAS`]'s price of one ADDMODX / SUBMODX operation and of one MULMODX operation at this
    /// width, looked up once.
    add_sub_gas: u64,
    mul_gas: u64,
}

impl FieldContext {
    fn new(modx: ModX, registers: usize) -> FieldContext {
        let width = modx.limbs() - 1;
        FieldContext {
            registers: vec![[0u64; MAX_LIMBS]; registers],
            odd384: modx.odd384(),
            add_sub_gas: GAS.add_sub[width],
            mul_gas: GAS.mul[width],
            modx: Box::new(modx),
        }
    }

    /// [`EvmmaxState::arith_gas`] on this context.
    pub fn arith_gas(&self, op: ArithOp, imm: ArithImmediate) -> Result<u64, EvmmaxHalt> {
        if imm.out_stride == 0 {
            return Err(EvmmaxHalt::ZeroStride);
        }
        if imm.count == 0 {
            return Err(EvmmaxHalt::ZeroCount);
        }
        // The last register touched: idx + stride · (count − 1) (idx itself for count 1).
        let last = |idx: u8, stride: u8| idx as usize + stride as usize * (imm.count as usize - 1);
        let max = if imm.count == 1 {
            imm.out.max(imm.x).max(imm.y) as usize
        } else {
            last(imm.out, imm.out_stride).max(last(imm.x, imm.x_stride)).max(last(imm.y, imm.y_stride))
        };
        if max >= self.registers.len() {
            return Err(EvmmaxHalt::RegisterOutOfBounds);
        }
        let per = match op {
            ArithOp::AddModX | ArithOp::SubModX => self.add_sub_gas,
            ArithOp::MulModX => self.mul_gas,
        };
        Ok(per * imm.count as u64)
    }

    /// The arithmetic of [`EvmmaxState::arith`] once [`FieldContext::arith_gas`] accepted it.
    /// Odd 384-bit contexts (BLS12-381's width) work on the registers' low six words in place
    /// (operands by reference, each result stored straight into its register); every other
    /// width through `ModX` on all twelve.
    #[inline(always)]
    pub fn apply(&mut self, op: ArithOp, imm: ArithImmediate) {
        // `f` by reference: a copy would move the modulus through the stack every instruction
        match &self.odd384 {
            Some(f) => {
                // one `strided` per operation, so that each small closure is inlined (one
                // closure matching on `op` was called out of line, its result passing through
                // the stack)
                let regs = &mut self.registers;
                match op {
                    ArithOp::AddModX => strided(regs, imm, |x, y| f.add(low6(x), low6(y)), write6),
                    ArithOp::SubModX => strided(regs, imm, |x, y| f.sub(low6(x), low6(y)), write6),
                    ArithOp::MulModX => strided(regs, imm, |x, y| f.mul(low6(x), low6(y)), write6),
                }
            }
            None => self.apply_modx(op, imm),
        }
    }

    /// LOADX's values: registers from `source` into `out` (whole `element_size` chunks),
    /// canonical, big-endian. The caller checked the range.
    fn load_values(&self, source: usize, out: &mut [u8]) {
        let n = self.modx.limbs();
        for (r, chunk) in self.registers[source..].iter().zip(out.chunks_exact_mut(8 * n)) {
            let mut be = |v: &[u64]| {
                for (w, b) in v.iter().rev().zip(chunk.chunks_exact_mut(8)) {
                    b.copy_from_slice(&w.to_be_bytes());
                }
            };
            match &self.odd384 {
                Some(f) => be(&f.to_canonical(low6(r))),
                None => be(&self.modx.to_canonical(r)[..n]),
            }
        }
    }

    /// STOREX's values: `bytes` (big-endian, `element_size` each) into registers from `dest`,
    /// each checked below the modulus before any register is written. The caller checked the
    /// range.
    fn store_values(&mut self, dest: usize, bytes: &[u8]) -> Result<(), EvmmaxHalt> {
        let FieldContext { modx, registers, odd384, .. } = self;
        let size = modx.element_size();
        let value = |c: &[u8]| -> Limbs768 {
            let mut v = [0u64; MAX_LIMBS];
            for (i, w) in c.chunks_exact(8).rev().enumerate() {
                v[i] = u64::from_be_bytes(w.try_into().expect("8 bytes"));
            }
            v
        };
        if !bytes.chunks_exact(size).all(|c| modx.is_below_modulus(&value(c))) {
            return Err(EvmmaxHalt::ValueNotBelowModulus);
        }
        for (r, c) in registers[dest..].iter_mut().zip(bytes.chunks_exact(size)) {
            match odd384 {
                Some(f) => write6(r, f.to_internal(low6(&value(c)))),
                None => *r = modx.to_internal(&value(c)).expect("checked below the modulus"),
            }
        }
        Ok(())
    }

    /// [`FieldContext::apply`] through `ModX`, on all twelve words (every width but odd 384-bit).
    #[inline(never)]
    fn apply_modx(&mut self, op: ArithOp, imm: ArithImmediate) {
        let m = &self.modx;
        let g = |x: &Limbs768, y: &Limbs768| match op {
            ArithOp::AddModX => m.add(x, y),
            ArithOp::SubModX => m.sub(x, y),
            ArithOp::MulModX => m.mul(x, y),
        };
        strided(&mut self.registers, imm, g, |r, v| *r = v);
    }
}

/// A register's low six words, by reference (no copy).
#[inline(always)]
fn low6(r: &Limbs768) -> &[u64; 6] {
    r.first_chunk().expect("twelve words")
}

/// Stores a six-word result into a register's low six words (its high words stay zero), one
/// word at a time. A plain copy of the array compiles to 16-byte loads of the result, which the
/// arithmetic left on the stack as 8-byte stores: a load spanning two stores cannot be
/// forwarded from them and waits for both to retire (a store-forwarding stall per result).
#[inline(always)]
fn write6(r: &mut Limbs768, v: [u64; 6]) {
    for (d, s) in r.iter_mut().zip(v) {
        // SAFETY: `d` is a valid, aligned, exclusive reference to a u64. Volatile only keeps
        // the compiler from merging the six 8-byte moves into 16-byte ones (see above).
        unsafe { core::ptr::write_volatile(d, s) };
    }
}

/// `count` results `f(x + i·x_stride, y + i·y_stride)` written to `out + i·out_stride`, as if
/// all were computed before any is written (EIP-6690: "registers are not modified until all
/// operations in the loop have completed").
///
/// One result, or two, are computed before any write; longer runs are computed and written in
/// turn when no write can reach an operand still to be read ([`in_order_is_safe`]: the pairing
/// check's runs, in practice); otherwise all results are
/// buffered first (on the stack for short runs: a heap allocation per instruction tripled the
/// interpreter's time on the pairing check).
#[inline(always)]
fn strided<V: Copy + Default>(
    regs: &mut [Limbs768],
    imm: ArithImmediate,
    f: impl Fn(&Limbs768, &Limbs768) -> V,
    write: impl Fn(&mut Limbs768, V),
) {
    let (x, y, out) = (imm.x as usize, imm.y as usize, imm.out as usize);
    if imm.count == 1 {
        // Checked by `arith_gas`; checked again here, once, so that the compiler drops the
        // three indexing checks.
        if out.max(x).max(y) >= regs.len() {
            unreachable!("register indices checked by arith_gas");
        }
        let v = f(&regs[x], &regs[y]);
        return write(&mut regs[out], v);
    }
    let count = imm.count as usize;
    let (xs, ys, os) = (imm.x_stride as usize, imm.y_stride as usize, imm.out_stride as usize);
    if count == 2 {
        // Both results before either is written: right for every overlap, no test needed
        // (the pairing check's Fp2 operations).
        let v0 = f(&regs[x], &regs[y]);
        let v1 = f(&regs[x + xs], &regs[y + ys]);
        write(&mut regs[out], v0);
        return write(&mut regs[out + os], v1);
    }
    if in_order_is_safe(out, os, x, xs, count) && in_order_is_safe(out, os, y, ys, count) {
        for i in 0..count {
            let v = f(&regs[x + i * xs], &regs[y + i * ys]);
            write(&mut regs[out + i * os], v);
        }
        return;
    }
    buffered(regs, imm, f, write)
}

/// Whether writing result `i` to `out + i·out_stride` before reading operand `j > i` at
/// `a + j·a_stride` never overwrites an operand still to be read: the operand moves in step
/// with the output (`a = out`, same stride, non-zero: write `i` hits only read `i`, already
/// done), or the two ranges of registers are disjoint.
#[inline(always)]
fn in_order_is_safe(out: usize, out_stride: usize, a: usize, a_stride: usize, count: usize) -> bool {
    let (out_last, a_last) = (out + out_stride * (count - 1), a + a_stride * (count - 1));
    (a == out && a_stride == out_stride) || out_last < a || a_last < out
}

/// [`strided`] with every result computed before any is written.
#[inline(never)]
fn buffered<V: Copy + Default>(
    regs: &mut [Limbs768],
    imm: ArithImmediate,
    f: impl Fn(&Limbs768, &Limbs768) -> V,
    write: impl Fn(&mut Limbs768, V),
) {
    let (x, y, out) = (imm.x as usize, imm.y as usize, imm.out as usize);
    const SHORT: usize = 12;
    let count = imm.count as usize;
    let mut short = [V::default(); SHORT];
    let mut long = Vec::new();
    let results: &mut [V] = if count <= SHORT {
        &mut short[..count]
    } else {
        long.resize(count, V::default());
        &mut long
    };
    for (i, r) in results.iter_mut().enumerate() {
        *r = f(&regs[x + i * imm.x_stride as usize], &regs[y + i * imm.y_stride as usize]);
    }
    for (i, r) in results.iter().enumerate() {
        write(&mut regs[out + i * imm.out_stride as usize], *r);
    }
}

/// The arithmetic instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    AddModX,
    SubModX,
    MulModX,
}

/// The 7-byte immediate of ADDMODX / SUBMODX / MULMODX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArithImmediate {
    pub out: u8,
    pub out_stride: u8,
    pub x: u8,
    pub x_stride: u8,
    pub y: u8,
    pub y_stride: u8,
    pub count: u8,
}

impl ArithImmediate {
    pub const LEN: usize = 7;

    pub fn from_bytes(b: &[u8; 7]) -> ArithImmediate {
        ArithImmediate { out: b[0], out_stride: b[1], x: b[2], x_stride: b[3], y: b[4], y_stride: b[5], count: b[6] }
    }

    pub fn to_bytes(self) -> [u8; 7] {
        [self.out, self.out_stride, self.x, self.x_stride, self.y, self.y_stride, self.count]
    }
}

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
    fn active_mut(&mut self) -> Result<&mut FieldContext, EvmmaxHalt> {
        self.active.as_mut().ok_or(EvmmaxHalt::NoActiveContext)
    }

    /// Makes the context `id` active if it exists (SETMODX of an existing id).
    fn activate(&mut self, id: u16) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn be(v: u64, size: usize) -> Vec<u8> {
        let mut b = vec![0u8; size];
        b[size - 8..].copy_from_slice(&v.to_be_bytes());
        b
    }

    /// A frame with context 1: modulus 101 (odd, one word), `n` registers.
    fn state(n: u64) -> EvmmaxState {
        let mut s = EvmmaxState::default();
        assert_eq!(s.setmodx(1, &[101], n), Ok(SetModX { gas: 1 + 23, allocated: 8 * n as usize }));
        s
    }

    fn imm(out: u8, out_stride: u8, x: u8, x_stride: u8, y: u8, y_stride: u8, count: u8) -> ArithImmediate {
        ArithImmediate { out, out_stride, x, x_stride, y, y_stride, count }
    }

    #[test]
    fn setmodx_rules() {
        let mut s = EvmmaxState::default();
        assert_eq!(s.setmodx(257, &[101], 1), Err(EvmmaxHalt::IdOutOfRange));
        assert_eq!(s.setmodx(0, &[100], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::NeitherOddNorPowerOfTwo)));
        assert_eq!(s.setmodx(0, &[2], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::OutOfRange)));
        assert_eq!(s.setmodx(0, &[0; 97], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::TooLong)));
        assert_eq!(s.setmodx(0, &[101], 0), Err(EvmmaxHalt::AllocCount));
        assert_eq!(s.setmodx(0, &[101], 257), Err(EvmmaxHalt::AllocCount));
        // A power of two: no odd-modulus part. 768-bit odd: the widest price.
        assert_eq!(s.setmodx(2, &[1, 0], 4), Ok(SetModX { gas: 1, allocated: 32 }));
        assert_eq!(s.setmodx(3, &[0xff; 96], 16), Ok(SetModX { gas: 1 + 58, allocated: 16 * 96 }));
        // An existing id is only activated: no checks on the other operands, base gas only.
        assert_eq!(s.setmodx(2, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
        assert_eq!(s.active().unwrap().modx.element_size(), 8);
        // The 24,576-byte cap over all contexts of the frame.
        assert_eq!(s.allocated_bytes(), 32 + 1536);
        assert_eq!(s.setmodx(4, &[0xff; 96], 256), Err(EvmmaxHalt::RegisterCap));
        let room = (MAX_REGISTER_BYTES - s.allocated_bytes()) / 96;
        assert!(s.setmodx(4, &[0xff; 96], room as u64).is_ok());
        let left = MAX_REGISTER_BYTES - s.allocated_bytes(); // 64 bytes: eight 8-byte registers
        assert_eq!(left, 64);
        assert_eq!(s.setmodx(5, &[3], 9), Err(EvmmaxHalt::RegisterCap));
        assert!(s.setmodx(5, &[3], 8).is_ok());
        assert_eq!(s.allocated_bytes(), MAX_REGISTER_BYTES);
    }

    #[test]
    fn switching_contexts_and_frames_keeps_their_registers() {
        // Two contexts of one frame: r0 = 5 in context 1, r0 = 7 in context 2, back to 1.
        let mut s = state(2);
        s.storex(0, &be(5, 8), 1).unwrap();
        assert_eq!(s.setmodx(2, &[103], 2).map(|r| r.allocated), Ok(16));
        s.storex(0, &be(7, 8), 1).unwrap();
        assert_eq!(s.setmodx(1, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
        assert_eq!((s.loadx(0, 1), s.active().unwrap().modx.modulus()[0]), (Ok(be(5, 8)), 101));
        assert_eq!(s.setmodx(1, &[], 0), Ok(SetModX { gas: 1, allocated: 0 })); // already active
        assert_eq!(s.setmodx(2, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
        assert_eq!(s.loadx(0, 1), Ok(be(7, 8)));
        assert_eq!(s.allocated_bytes(), 32);
        // Frames: depth 0 keeps its state while depth 1 runs; a child of depth 0 starts empty.
        let mut frames = EvmmaxFrames::default();
        *frames.at(0) = s;
        assert!(frames.at(1).active().is_none());
        frames.at(1).setmodx(0, &[3], 1).unwrap();
        assert_eq!(frames.at(0).loadx(0, 1), Ok(be(7, 8)));
        assert_eq!(frames.at(1).allocated_bytes(), 8);
        assert_eq!(frames.at(2).allocated_bytes(), 0);
        frames.entering_child(0);
        assert_eq!(frames.at(1).allocated_bytes(), 0);
        assert_eq!(frames.at(0).allocated_bytes(), 32);
        frames.at(1).setmodx(0, &[3], 2).unwrap();
        frames.entering_child(0); // from depth 1's state being the current one
        assert_eq!(frames.at(1).allocated_bytes(), 0);
        assert_eq!(frames.at(0).loadx(0, 1), Ok(be(7, 8)));
    }

    #[test]
    fn no_active_context_halts() {
        let mut s = EvmmaxState::default();
        assert_eq!(s.arith(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 1)), Err(EvmmaxHalt::NoActiveContext));
        assert_eq!(s.loadx(0, 0), Err(EvmmaxHalt::NoActiveContext));
        assert_eq!(s.storex(0, &[], 0), Err(EvmmaxHalt::NoActiveContext));
    }

    #[test]
    fn storex_loadx_round_trip_and_rejects_values_at_the_modulus() {
        let mut s = state(4);
        let bytes = [be(5, 8), be(100, 8)].concat();
        assert_eq!(s.storex(1, &bytes, 2), Ok(1 + 2)); // the base, two values at the 1-word MULMODX price
        assert_eq!(s.loadx(1, 2), Ok(bytes.clone()));
        // Internal form is Montgomery: 5·2^64 mod 101.
        let r = ((1u128 << 64) % 101) as u64;
        assert_eq!(s.active().unwrap().registers[1][0], 5 * r % 101);
        // 101 is refused and nothing is written.
        assert_eq!(s.storex(0, &[be(7, 8), be(101, 8)].concat(), 2), Err(EvmmaxHalt::ValueNotBelowModulus));
        assert_eq!(s.loadx(0, 1), Ok(be(0, 8)));
        // Ranges.
        assert_eq!(s.storex_gas(3, 2), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.loadx_gas(4, 1), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.loadx_gas(u64::MAX, 2), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.loadx_gas(0, 4), Ok(1 + 4));
    }

    #[test]
    fn arithmetic_with_strides_and_bounds() {
        let mut s = state(10);
        let vals: Vec<u8> = (1..=4u64).flat_map(|v| be(v, 8)).collect();
        s.storex(0, &vals, 4).unwrap(); // r0..r3 = 1, 2, 3, 4
                                        // r4, r5 = r0·r2, r1·r3 (strides 1, 2, 2): 3, 8; count 2 costs 2 · 1.
        assert_eq!(s.arith(ArithOp::MulModX, imm(4, 1, 0, 1, 2, 1, 2)), Ok(2));
        assert_eq!(s.loadx(4, 2), Ok([be(3, 8), be(8, 8)].concat()));
        // x_stride 0 broadcasts r0: r6, r7 = r0 + r2, r0 + r3.
        s.arith(ArithOp::AddModX, imm(6, 1, 0, 0, 2, 1, 2)).unwrap();
        assert_eq!(s.loadx(6, 2), Ok([be(4, 8), be(5, 8)].concat()));
        // Subtraction wraps modulo 101.
        s.arith(ArithOp::SubModX, imm(8, 1, 0, 1, 3, 1, 1)).unwrap();
        assert_eq!(s.loadx(8, 1), Ok(be(101 - 3, 8)));
        // Bounds: the last register touched, idx + stride · (count − 1), must exist (10 here):
        // all ten registers as outputs, the last one alone, and one stride past it.
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 10)), Ok(10));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(9, 1, 9, 1, 9, 1, 1)), Ok(1));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 11)), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(10, 1, 0, 0, 0, 1, 1)), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 3, 4)), Ok(4)); // y: 0, 3, 6, 9
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 5, 0, 1, 3)), Err(EvmmaxHalt::RegisterOutOfBounds));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 0, 0, 1, 0, 1, 1)), Err(EvmmaxHalt::ZeroStride));
        assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 0)), Err(EvmmaxHalt::ZeroCount));
    }

    #[test]
    fn overlapping_outputs_read_the_registers_as_they_were() {
        // r0..r3 = 1, 2, 3, 4; out = r1.. (stride 1) from x = r0.. and y = r0..: each output
        // r(i+1) = r(i) + r(i) with the OLD r(i): 2, 4, 6 — not the cascade 2, 4, 8.
        let mut s = state(8);
        s.storex(0, &(1..=4u64).flat_map(|v| be(v, 8)).collect::<Vec<_>>(), 4).unwrap();
        s.arith(ArithOp::AddModX, imm(1, 1, 0, 1, 0, 1, 3)).unwrap();
        assert_eq!(s.loadx(0, 4), Ok([be(1, 8), be(2, 8), be(4, 8), be(6, 8)].concat()));
    }

    #[test]
    fn in_order_writes_give_the_results_of_the_registers_as_they_were() {
        // Every immediate over a few registers (count 2..=4, strides 0..=2): the registers after
        // SUBMODX (not commutative) equal all results computed first, then written; for a
        // one-word modulus (`ModX`) and a 384-bit one (the six-word path).
        let p381 = [[0x1au8].as_slice(), &[0x01; 47]].concat();
        for modulus in [vec![101u8], p381] {
            let mut s = EvmmaxState::default();
            s.setmodx(0, &modulus, 8).unwrap();
            let size = s.active().unwrap().modx.element_size();
            s.storex(0, &(1..=8u64).flat_map(|v| be(v * v + 3, size)).collect::<Vec<_>>(), 8).unwrap();
            let start = s.clone();
            for (out, x, y) in (0..4).flat_map(|o| (0..4).flat_map(move |x| (0..4).map(move |y| (o, x, y)))) {
                for (os, xs, ys, count) in (1..3)
                    .flat_map(|o| (0..3).flat_map(move |x| (0..3).flat_map(move |y| (2..5).map(move |c| (o, x, y, c)))))
                {
                    let i = imm(out, os, x, xs, y, ys, count);
                    let mut s = start.clone();
                    if s.arith_gas(ArithOp::SubModX, i).is_err() {
                        continue;
                    }
                    let ctx = s.active().unwrap();
                    let (regs, m) = (ctx.registers.clone(), ctx.modx.clone());
                    let mut want = regs.clone();
                    let at = |idx: u8, stride: u8, k: u8| (idx + stride * k) as usize;
                    for k in 0..count {
                        want[at(out, os, k)] = m.sub(&regs[at(x, xs, k)], &regs[at(y, ys, k)]);
                    }
                    s.arith(ArithOp::SubModX, i).unwrap();
                    assert_eq!(s.active().unwrap().registers, want, "{i:?}, {} bytes", size);
                }
            }
        }
    }

    #[test]
    fn listing_decodes_the_immediate() {
        let text = listing(&[0x60, 0x01, 0xc0, 0xc5, 2, 1, 0, 1, 1, 1, 3, 0xc3, 1]);
        assert!(text.contains("0002: SETMODX\n"), "{text}");
        assert!(text.contains("0003: MULMODX out=2/1 x=0/1 y=1/1 count=3\n"), "{text}");
        assert!(text.contains("000b: ADDMODX 0x01 (truncated: 1 of 7 immediate bytes)"), "{text}");
    }

    #[test]
    fn gas_by_width() {
        // Per-width prices straight from the EIP's tables (and its cost models).
        for limbs in 1..=MAX_LIMBS {
            let add = (limbs as f64 * 0.12 + 0.58).round() as u64;
            let mul = (0.08 * (limbs * limbs) as f64 - 0.06 * limbs as f64 + 0.75).round() as u64;
            let set = (limbs as f64 * 3.13 + 19.94).round() as u64;
            assert_eq!(
                (GAS.add_sub[limbs - 1], GAS.mul[limbs - 1], GAS.setmodx_odd[limbs - 1]),
                (add, mul, set),
                "{limbs}"
            );
        }
        // A 6-word odd context: MULMODX count 3 costs 9; LOADX of 2 costs the base 1 + 2 · 3.
        let mut s = EvmmaxState::default();
        let p = [[0x1au8].as_slice(), &[0x01; 47]].concat(); // odd, 381 bits
        s.setmodx(0, &p, 8).unwrap();
        assert_eq!(s.arith_gas(ArithOp::MulModX, imm(0, 1, 0, 1, 0, 1, 3)), Ok(9));
        assert_eq!(s.loadx_gas(0, 2), Ok(1 + 6));
        // Power-of-two LOADX: the base and once 3 (element size 8 → one word); STOREX: the base
        // and 3 per word copied.
        s.setmodx(1, &[1, 0, 0], 8).unwrap();
        assert_eq!(s.loadx_gas(0, 8), Ok(1 + 3));
        assert_eq!(s.storex_gas(0, 8), Ok(1 + 3 * 2));
    }
}

// ---- the instructions in revm --------------------------------------------------------------

pub use glue::{immediate_len, install, jumpdests, listing, mnemonic, EvmmaxFrames, EvmmaxHost, IMMEDIATE_LEN};

mod glue {
    use super::*;
    use revm::bytecode::opcode;
    use revm::handler::instructions::EthInstructions;
    use revm::interpreter::instructions::contract;
    use revm::interpreter::interpreter::EthInterpreter;
    use revm::interpreter::interpreter_types::{Immediates, Jumps, MemoryTr};
    use revm::interpreter::{Host, Instruction, InstructionContext, InstructionExecResult, InstructionResult};
    use revm::primitives::U256;

    type Ctx<'a, H> = InstructionContext<'a, H, EthInterpreter>;

    /// Bytes of the arithmetic instructions' immediate.
    pub const IMMEDIATE_LEN: usize = ArithImmediate::LEN;

    /// The EVMMAX states of one transaction's frames, by call depth. A frame about to start a
    /// child (CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2) drops the states of
    /// deeper depths, so every new frame starts with none (EIP-6690: the field contexts belong
    /// to one call frame).
    ///
    /// The state of the depth that last ran an EVMMAX instruction is kept inline (`current`),
    /// the others in `parked` by depth (`parked[depth]` itself holds an empty placeholder), so
    /// that an instruction reaches its state by a comparison of depths rather than through a
    /// vector indexed by one.
    #[derive(Clone, Debug, Default)]
    pub struct EvmmaxFrames {
        current: EvmmaxState,
        depth: usize,
        parked: Vec<EvmmaxState>,
    }

    impl EvmmaxFrames {
        #[inline]
        pub fn at(&mut self, depth: usize) -> &mut EvmmaxState {
            if depth != self.depth {
                self.switch_to(depth);
            }
            &mut self.current
        }
        /// Parks the current depth's state and takes `depth`'s.
        #[cold]
        fn switch_to(&mut self, depth: usize) {
            let needed = depth.max(self.depth) + 1;
            if self.parked.len() < needed {
                self.parked.resize_with(needed, Default::default);
            }
            std::mem::swap(&mut self.current, &mut self.parked[self.depth]);
            std::mem::swap(&mut self.current, &mut self.parked[depth]);
            self.depth = depth;
        }
        pub fn entering_child(&mut self, depth: usize) {
            self.parked.truncate(depth + 1);
            if self.depth > depth {
                self.current = EvmmaxState::default();
            }
        }
        pub fn clear(&mut self) {
            *self = EvmmaxFrames::default();
        }
    }

    /// A host that keeps [`EvmmaxFrames`] (the runner's context, in its `chain` slot).
    pub trait EvmmaxHost: Host {
        fn evmmax_frames(&mut self) -> &mut EvmmaxFrames;
        fn call_depth(&self) -> usize;
        fn evmmax_state(&mut self) -> &mut EvmmaxState {
            let d = self.call_depth();
            self.evmmax_frames().at(d)
        }
    }

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

    /// The valid jump destinations of EVMMAX code (the immediates skipped).
    pub fn jumpdests(code: &[u8]) -> Vec<bool> {
        crate::analysis::jumpdests_with(code, immediate_len)
    }
}
