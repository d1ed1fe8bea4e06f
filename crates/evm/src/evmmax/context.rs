//! One field context: its modulus, registers and arithmetic (strided, every result computed
//! before any is written), each width's own code: an odd modulus's (`OddWords<N>`; EVM384's
//! assembly at six words) or a power of two's (`Pow2Words<N>`).

use evm384_arith::modx::{Limbs768, ModX, Odd384, OddWords, Pow2Words, MAX_LIMBS};

use super::gas::GAS;
use super::halt::EvmmaxHalt;
use super::immediate::{ArithImmediate, ArithOp};

/// `$e` with `$f` bound to the width's arithmetic, `$odd384` for six odd words.
macro_rules! on_width {
    ($w:expr, $f:ident => $e:expr, $odd384:expr) => {
        match $w {
            Width::O1($f) => $e,
            Width::O2($f) => $e,
            Width::O3($f) => $e,
            Width::O4($f) => $e,
            Width::O5($f) => $e,
            Width::O7($f) => $e,
            Width::O8($f) => $e,
            Width::O9($f) => $e,
            Width::O10($f) => $e,
            Width::O11($f) => $e,
            Width::O12($f) => $e,
            Width::P1($f) => $e,
            Width::P2($f) => $e,
            Width::P3($f) => $e,
            Width::P4($f) => $e,
            Width::P5($f) => $e,
            Width::P6($f) => $e,
            Width::P7($f) => $e,
            Width::P8($f) => $e,
            Width::P9($f) => $e,
            Width::P10($f) => $e,
            Width::P11($f) => $e,
            Width::P12($f) => $e,
            Width::Odd384 => $odd384,
        }
    };
}

/// One field context: its modulus and registers (internal form: Montgomery for odd moduli).
#[derive(Clone, Debug)]
pub struct FieldContext {
    /// Boxed: a context is moved whenever SETMODX switches to or from it, and the modulus's
    /// constants are read only by SETMODX, LOADX and STOREX (sizes, STOREX's range check).
    pub modx: Box<ModX>,
    pub registers: Vec<Limbs768>,
    /// `modx.odd384()`, once: the 6-word arithmetic of an odd 384-bit context.
    odd384: Option<Odd384>,
    /// The arithmetic of any other context (another width, or a power of two), chosen once.
    width: Width,
    /// [`GAS`]'s price of one ADDMODX / SUBMODX operation and of one MULMODX operation at this
    /// width, looked up once.
    add_sub_gas: u64,
    pub(super) mul_gas: u64,
}

impl FieldContext {
    pub(super) fn new(modx: ModX, registers: usize) -> FieldContext {
        let words = modx.limbs() - 1;
        FieldContext {
            registers: vec![[0u64; MAX_LIMBS]; registers],
            odd384: modx.odd384(),
            width: Width::of(&modx),
            add_sub_gas: GAS.add_sub[words],
            mul_gas: GAS.mul[words],
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
    /// context on its width's low words likewise (`Width`).
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
            None => on_width!(&self.width, f => apply_words(&mut self.registers, f, op, imm), {
                unreachable!("six odd words take odd384")
            }),
        }
    }

    /// LOADX's values: registers from `source` into `out` (whole `element_size` chunks),
    /// canonical, big-endian. The caller checked the range.
    pub(super) fn load_values(&self, source: usize, out: &mut [u8]) {
        /// The width's loop: its conversion inlined, no dispatch per value.
        fn load<const N: usize>(f: &impl Words<N>, regs: &[Limbs768], out: &mut [u8]) {
            for (r, chunk) in regs.iter().zip(out.chunks_exact_mut(8 * N)) {
                write_be(&f.to_canonical(low(r)), chunk);
            }
        }
        let regs = &self.registers[source..];
        match &self.odd384 {
            Some(f) => {
                for (r, chunk) in regs.iter().zip(out.chunks_exact_mut(48)) {
                    write_be(&f.to_canonical(low6(r)), chunk);
                }
            }
            None => on_width!(&self.width, f => load(f, regs, out), unreachable!("six odd words take odd384")),
        }
    }

    /// STOREX's values: `bytes` (big-endian, `element_size` each) into registers from `dest`,
    /// each checked below the modulus before any register is written. The caller checked the
    /// range.
    pub(super) fn store_values(&mut self, dest: usize, bytes: &[u8]) -> Result<(), EvmmaxHalt> {
        /// The width's loop: its conversion inlined, no dispatch per value; a register's words
        /// above `N` stay zero.
        fn store<const N: usize>(f: &impl Words<N>, regs: &mut [Limbs768], bytes: &[u8]) {
            for (r, c) in regs.iter_mut().zip(bytes.chunks_exact(8 * N)) {
                write_low(r, f.to_internal(&read_be(c)));
            }
        }
        let FieldContext { modx, registers, odd384, width, .. } = self;
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
        let regs = &mut registers[dest..];
        match &*odd384 {
            Some(f) => {
                for (r, c) in regs.iter_mut().zip(bytes.chunks_exact(48)) {
                    write6(r, f.to_internal(&read_be(c)));
                }
            }
            None => on_width!(width, f => store(f, regs, bytes), unreachable!("six odd words take odd384")),
        }
        Ok(())
    }
}

/// A value's words, most significant first, as big-endian bytes into `chunk`.
#[inline(always)]
fn write_be(v: &[u64], chunk: &mut [u8]) {
    for (w, b) in v.iter().rev().zip(chunk.chunks_exact_mut(8)) {
        b.copy_from_slice(&w.to_be_bytes());
    }
}

/// An `N`-word value from its `8·N` big-endian bytes.
#[inline(always)]
fn read_be<const N: usize>(c: &[u8]) -> [u64; N] {
    core::array::from_fn(|i| u64::from_be_bytes(c[8 * (N - 1 - i)..8 * (N - i)].try_into().expect("8 bytes")))
}

/// One width's arithmetic on `N`-word values: an odd context's (Montgomery form) or a power of
/// two's (plain words).
trait Words<const N: usize> {
    fn add(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N];
    fn sub(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N];
    fn mul(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N];
    /// STOREX's conversion of a canonical value below m into the internal form.
    fn to_internal(&self, x: &[u64; N]) -> [u64; N];
    /// LOADX's conversion back.
    fn to_canonical(&self, x: &[u64; N]) -> [u64; N];
}

impl<const N: usize> Words<N> for OddWords<N> {
    #[inline(always)]
    fn add(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        OddWords::add(self, x, y)
    }
    #[inline(always)]
    fn sub(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        OddWords::sub(self, x, y)
    }
    #[inline(always)]
    fn mul(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        OddWords::mul(self, x, y)
    }
    fn to_internal(&self, x: &[u64; N]) -> [u64; N] {
        OddWords::to_internal(self, x)
    }
    fn to_canonical(&self, x: &[u64; N]) -> [u64; N] {
        OddWords::to_canonical(self, x)
    }
}

impl<const N: usize> Words<N> for Pow2Words<N> {
    #[inline(always)]
    fn add(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        Pow2Words::add(self, x, y)
    }
    #[inline(always)]
    fn sub(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        Pow2Words::sub(self, x, y)
    }
    #[inline(always)]
    fn mul(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        Pow2Words::mul(self, x, y)
    }
    fn to_internal(&self, x: &[u64; N]) -> [u64; N] {
        *x
    }
    fn to_canonical(&self, x: &[u64; N]) -> [u64; N] {
        *x
    }
}

/// The arithmetic of a context by its width in words: odd (`O`, other than six words:
/// `Odd384`'s) or a power of two (`P`), each width's own code.
#[derive(Clone, Debug)]
enum Width {
    O1(OddWords<1>),
    O2(OddWords<2>),
    O3(OddWords<3>),
    O4(OddWords<4>),
    O5(OddWords<5>),
    O7(OddWords<7>),
    O8(OddWords<8>),
    O9(OddWords<9>),
    O10(OddWords<10>),
    O11(OddWords<11>),
    O12(OddWords<12>),
    P1(Pow2Words<1>),
    P2(Pow2Words<2>),
    P3(Pow2Words<3>),
    P4(Pow2Words<4>),
    P5(Pow2Words<5>),
    P6(Pow2Words<6>),
    P7(Pow2Words<7>),
    P8(Pow2Words<8>),
    P9(Pow2Words<9>),
    P10(Pow2Words<10>),
    P11(Pow2Words<11>),
    P12(Pow2Words<12>),
    /// An odd context of six words.
    Odd384,
}

impl Width {
    fn of(m: &ModX) -> Width {
        fn pick<const N: usize>(m: &ModX, odd: fn(OddWords<N>) -> Width, pow2: fn(Pow2Words<N>) -> Width) -> Width {
            m.odd_words().map(odd).or_else(|| m.pow2_words().map(pow2)).expect("odd or a power of two")
        }
        match m.limbs() {
            1 => pick(m, Width::O1, Width::P1),
            2 => pick(m, Width::O2, Width::P2),
            3 => pick(m, Width::O3, Width::P3),
            4 => pick(m, Width::O4, Width::P4),
            5 => pick(m, Width::O5, Width::P5),
            6 => m.pow2_words().map_or(Width::Odd384, Width::P6),
            7 => pick(m, Width::O7, Width::P7),
            8 => pick(m, Width::O8, Width::P8),
            9 => pick(m, Width::O9, Width::P9),
            10 => pick(m, Width::O10, Width::P10),
            11 => pick(m, Width::O11, Width::P11),
            12 => pick(m, Width::O12, Width::P12),
            _ => unreachable!("a context has 1..=12 words"),
        }
    }
}

/// [`FieldContext::apply`] on a context of `N` words (not six odd ones): on the registers' low
/// `N` words in place, as `Odd384` at six odd words. Out of line, one body per width, so that
/// the six-word path stays as it was.
#[inline(never)]
fn apply_words<const N: usize>(regs: &mut [Limbs768], f: &impl Words<N>, op: ArithOp, imm: ArithImmediate) {
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
