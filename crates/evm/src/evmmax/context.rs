//! One field context: its modulus, registers and arithmetic (strided, every result computed
//! before any is written), and the fast paths of odd moduli: each width's own arithmetic
//! (`OddWords<N>`), EVM384's assembly at six words.

use evm384_arith::modx::{Limbs768, ModX, Odd384, OddWords, MAX_LIMBS};

use super::gas::GAS;
use super::halt::EvmmaxHalt;
use super::immediate::{ArithImmediate, ArithOp};

/// One field context: its modulus and registers (internal form: Montgomery for odd moduli).
#[derive(Clone, Debug)]
pub struct FieldContext {
    /// Boxed: a context is moved whenever SETMODX switches to or from it, and the modulus's
    /// constants are read only by SETMODX, LOADX, STOREX and widths other than odd 384-bit.
    pub modx: Box<ModX>,
    pub registers: Vec<Limbs768>,
    /// `modx.odd384()`, once: the 6-word arithmetic of an odd 384-bit context.
    odd384: Option<Odd384>,
    /// The arithmetic of an odd context of another width, chosen once.
    odd_words: OddWidth,
    /// [`GAS`]'s price of one ADDMODX / SUBMODX operation and of one MULMODX operation at this
    /// width, looked up once.
    add_sub_gas: u64,
    pub(super) mul_gas: u64,
}

impl FieldContext {
    pub(super) fn new(modx: ModX, registers: usize) -> FieldContext {
        let width = modx.limbs() - 1;
        FieldContext {
            registers: vec![[0u64; MAX_LIMBS]; registers],
            odd384: modx.odd384(),
            odd_words: OddWidth::of(&modx),
            add_sub_gas: GAS.add_sub[width],
            mul_gas: GAS.mul[width],
            modx: Box::new(modx),
        }
    }

    /// [`EvmmaxState::arith_gas`](super::EvmmaxState::arith_gas) on this context.
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

    /// The arithmetic of [`EvmmaxState::arith`](super::EvmmaxState::arith) once [`FieldContext::arith_gas`] accepted it.
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
            None => match &self.odd_words {
                OddWidth::W1(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W2(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W3(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W4(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W5(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W7(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W8(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W9(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W10(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W11(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::W12(f) => apply_words(&mut self.registers, f, op, imm),
                OddWidth::Other => self.apply_modx(op, imm),
            },
        }
    }

    /// LOADX's values: registers from `source` into `out` (whole `element_size` chunks),
    /// canonical, big-endian. The caller checked the range.
    pub(super) fn load_values(&self, source: usize, out: &mut [u8]) {
        let n = self.modx.limbs();
        for (r, chunk) in self.registers[source..].iter().zip(out.chunks_exact_mut(8 * n)) {
            let mut be = |v: &[u64]| {
                for (w, b) in v.iter().rev().zip(chunk.chunks_exact_mut(8)) {
                    b.copy_from_slice(&w.to_be_bytes());
                }
            };
            match (&self.odd384, self.odd_words.convert(r, false)) {
                (Some(f), _) => be(&f.to_canonical(low6(r))),
                (None, Some(v)) => be(&v[..n]),
                (None, None) => be(&self.modx.to_canonical(r)[..n]),
            }
        }
    }

    /// STOREX's values: `bytes` (big-endian, `element_size` each) into registers from `dest`,
    /// each checked below the modulus before any register is written. The caller checked the
    /// range.
    pub(super) fn store_values(&mut self, dest: usize, bytes: &[u8]) -> Result<(), EvmmaxHalt> {
        let FieldContext { modx, registers, odd384, odd_words, .. } = self;
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
            let v = value(c);
            match (&*odd384, odd_words.convert(&v, true)) {
                (Some(f), _) => write6(r, f.to_internal(low6(&v))),
                (None, Some(w)) => *r = w,
                (None, None) => *r = modx.to_internal(&v).expect("checked below the modulus"),
            }
        }
        Ok(())
    }

    /// [`FieldContext::apply`] through `ModX`, on all twelve words (powers of two).
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

/// The arithmetic of an odd context by its width in words, other than six (`Odd384`'s);
/// `Other`: a power of two, or six words.
#[derive(Clone, Debug)]
enum OddWidth {
    W1(OddWords<1>),
    W2(OddWords<2>),
    W3(OddWords<3>),
    W4(OddWords<4>),
    W5(OddWords<5>),
    W7(OddWords<7>),
    W8(OddWords<8>),
    W9(OddWords<9>),
    W10(OddWords<10>),
    W11(OddWords<11>),
    W12(OddWords<12>),
    Other,
}

impl OddWidth {
    fn of(m: &ModX) -> OddWidth {
        let w = |f: Option<OddWidth>| f.unwrap_or(OddWidth::Other);
        match m.limbs() {
            1 => w(m.odd_words().map(OddWidth::W1)),
            2 => w(m.odd_words().map(OddWidth::W2)),
            3 => w(m.odd_words().map(OddWidth::W3)),
            4 => w(m.odd_words().map(OddWidth::W4)),
            5 => w(m.odd_words().map(OddWidth::W5)),
            7 => w(m.odd_words().map(OddWidth::W7)),
            8 => w(m.odd_words().map(OddWidth::W8)),
            9 => w(m.odd_words().map(OddWidth::W9)),
            10 => w(m.odd_words().map(OddWidth::W10)),
            11 => w(m.odd_words().map(OddWidth::W11)),
            12 => w(m.odd_words().map(OddWidth::W12)),
            _ => OddWidth::Other,
        }
    }

    /// STOREX's conversion of a canonical value below m (`into`), or LOADX's back, on this
    /// width's arithmetic; `None` for `Other`.
    fn convert(&self, x: &Limbs768, into: bool) -> Option<Limbs768> {
        fn conv<const N: usize>(f: &OddWords<N>, x: &Limbs768, into: bool) -> Limbs768 {
            let v = if into { f.to_internal(low(x)) } else { f.to_canonical(low(x)) };
            core::array::from_fn(|i| if i < N { v[i] } else { 0 })
        }
        Some(match self {
            OddWidth::W1(f) => conv(f, x, into),
            OddWidth::W2(f) => conv(f, x, into),
            OddWidth::W3(f) => conv(f, x, into),
            OddWidth::W4(f) => conv(f, x, into),
            OddWidth::W5(f) => conv(f, x, into),
            OddWidth::W7(f) => conv(f, x, into),
            OddWidth::W8(f) => conv(f, x, into),
            OddWidth::W9(f) => conv(f, x, into),
            OddWidth::W10(f) => conv(f, x, into),
            OddWidth::W11(f) => conv(f, x, into),
            OddWidth::W12(f) => conv(f, x, into),
            OddWidth::Other => return None,
        })
    }
}

/// [`FieldContext::apply`] on an odd context of `N` words: on the registers' low `N` words in
/// place, as `Odd384` at six. Out of line, one body per width, so that the six-word path stays
/// as it was.
#[inline(never)]
fn apply_words<const N: usize>(regs: &mut [Limbs768], f: &OddWords<N>, op: ArithOp, imm: ArithImmediate) {
    match op {
        ArithOp::AddModX => strided(regs, imm, |x, y| f.add(low(x), low(y)), write_low),
        ArithOp::SubModX => strided(regs, imm, |x, y| f.sub(low(x), low(y)), write_low),
        ArithOp::MulModX => strided(regs, imm, |x, y| f.mul(low(x), low(y)), write_low),
    }
}

/// A register's low `N` words, by reference (no copy).
#[inline(always)]
fn low<const N: usize>(r: &Limbs768) -> &[u64; N] {
    r.first_chunk().expect("N ≤ twelve words")
}

/// [`write6`] at `N` words.
#[inline(always)]
fn write_low<const N: usize>(r: &mut Limbs768, v: [u64; N]) {
    for (d, s) in r.iter_mut().zip(v) {
        // SAFETY: as in `write6`.
        unsafe { core::ptr::write_volatile(d, s) };
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
fn strided<V: Copy>(
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
fn buffered<V: Copy>(
    regs: &mut [Limbs768],
    imm: ArithImmediate,
    f: impl Fn(&Limbs768, &Limbs768) -> V,
    write: impl Fn(&mut Limbs768, V),
) {
    let (x, y, out) = (imm.x as usize, imm.y as usize, imm.out as usize);
    const SHORT: usize = 12;
    let count = imm.count as usize;
    let first = f(&regs[x], &regs[y]);
    let mut short = [first; SHORT];
    let mut long = Vec::new();
    let results: &mut [V] = if count <= SHORT {
        &mut short[..count]
    } else {
        long.resize(count, first);
        &mut long
    };
    for (i, r) in results.iter_mut().enumerate().skip(1) {
        *r = f(&regs[x + i * imm.x_stride as usize], &regs[y + i * imm.y_stride as usize]);
    }
    for (i, r) in results.iter().enumerate() {
        write(&mut regs[out + i * imm.out_stride as usize], *r);
    }
}
