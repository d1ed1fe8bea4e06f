//! The arithmetic of an EVMMAX field context (EIP-6690, ethereum/EIPs `EIPS/eip-6690.md` at
//! f767a1e8078e17c9b381a91d35a09492189ede1b): a modulus that is odd or a power of two,
//! 3 ≤ m ≤ 2^768 − 1, and values of `limbs` 64-bit words (the modulus padded to whole words).
//!
//! - Odd m: values are kept in Montgomery form with R = 2^(64·limbs) (the EIP's internal
//!   representation): [`ModX::to_internal`] is `mulmont(x, R² mod m)`, [`ModX::to_canonical`]
//!   `mulmont(x, 1)`, [`ModX::mul`] `mulmont(x, y) = x·y·R⁻¹ mod m` (CIOS, Koç–Acar–Kaliski 1996;
//!   at 6 limbs the MULX/ADX assembly of [`crate::mulmodmont384`]), add and sub the usual
//!   modular ones. Every result is below m when the operands are.
//! - m = 2^k: plain arithmetic mod 2^k (no conversion).
//!
//! Values are little-endian words, `limbs` of them ([`Limbs768`] holds the widest).

use crate::{field::neg_inverse_mod_2_64, Limbs};

/// Most words of a value: 768 bits.
pub const MAX_LIMBS: usize = 12;

/// A value of up to 768 bits, little-endian words; words at and above `limbs` are zero.
pub type Limbs768 = [u64; MAX_LIMBS];

/// Why a modulus is refused (SETMODX halts exceptionally).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModXError {
    /// More than 96 bytes.
    TooLong,
    /// Below 3 or above 2^768 − 1.
    OutOfRange,
    /// Even and not a power of two.
    NeitherOddNorPowerOfTwo,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `inv = −m⁻¹ mod 2^64`, `r2 = R² mod m`.
    Odd { inv: u64, r2: Limbs768 },
    /// m = 2^bits.
    PowerOfTwo { bits: u32 },
}

/// A field context's modulus and its precomputed constants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModX {
    m: Limbs768,
    limbs: usize,
    kind: Kind,
}

fn bit_len(x: &Limbs768) -> u32 {
    (0..MAX_LIMBS).rev().find(|&i| x[i] != 0).map_or(0, |i| 64 * i as u32 + 64 - x[i].leading_zeros())
}

/// x ≥ y over `n` words.
#[inline]
fn geq(x: &[u64], y: &[u64]) -> bool {
    for i in (0..x.len()).rev() {
        if x[i] != y[i] {
            return x[i] > y[i];
        }
    }
    true
}

/// x − y over `n` words, returning the borrow.
#[inline]
fn sub_in_place(x: &mut [u64], y: &[u64]) -> bool {
    let mut borrow = false;
    for (a, &b) in x.iter_mut().zip(y) {
        let (d, b1) = a.overflowing_sub(b);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        *a = d;
        borrow = b1 || b2;
    }
    borrow
}

/// r ← the low `r.len()` words of x·y (operand scanning, no word above them computed); r zero.
#[inline]
fn low_product(x: &[u64], y: &[u64], r: &mut [u64]) {
    let n = r.len();
    for i in 0..n {
        let mut carry = 0u128;
        for j in 0..n - i {
            let t = r[i + j] as u128 + x[i] as u128 * y[j] as u128 + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
    }
}

/// x + y over `n` words, returning the carry.
#[inline]
fn add_in_place(x: &mut [u64], y: &[u64]) -> bool {
    let mut carry = false;
    for (a, &b) in x.iter_mut().zip(y) {
        let (s, c1) = a.overflowing_add(b);
        let (s, c2) = s.overflowing_add(carry as u64);
        *a = s;
        carry = c1 || c2;
    }
    carry
}

/// The low six words of a register.
fn six(x: &Limbs768) -> Limbs {
    x[..6].try_into().expect("six words")
}

/// The low six words of a register, by reference (no copy).
fn low6(x: &Limbs768) -> &Limbs {
    x.first_chunk().expect("twelve words")
}

/// A six-word value as a register. Word by word from the value: a 16-byte copy of it, just
/// stored by the arithmetic as 8-byte words, would wait on store forwarding.
fn widen(x: Limbs) -> Limbs768 {
    core::array::from_fn(|i| if i < 6 { x[i] } else { 0 })
}

/// The arithmetic of an odd 6-word (321..384-bit) context on six-word values, the width of
/// EVM384 and of BLS12-381: what [`ModX::add`], [`ModX::sub`] and [`ModX::mul`] compute, without
/// the 12-word registers (EVMMAX's interpreter works on the registers' low six words). For
/// operands below m these are exactly EVM384's three operations, so their fast paths serve
/// (`addmod384`: the 385-bit sum minus m once; `submod384`: plus m on a borrow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odd384 {
    m: Limbs,
    inv: u64,
    /// R² mod m (R = 2^384).
    r2: Limbs,
}

// `#[inline]`: called once per instruction by the EVMMAX interpreter, in another crate.
impl Odd384 {
    #[inline]
    pub fn add(&self, x: &Limbs, y: &Limbs) -> Limbs {
        crate::addmod384(x, y, &self.m)
    }
    #[inline]
    pub fn sub(&self, x: &Limbs, y: &Limbs) -> Limbs {
        crate::submod384(x, y, &self.m)
    }
    /// x·y·R⁻¹ mod m (R = 2^384), on the MULX/ADX path where the CPU has it.
    #[inline]
    pub fn mul(&self, x: &Limbs, y: &Limbs) -> Limbs {
        crate::mulmodmont384(x, y, &self.m, self.inv)
    }
    /// STOREX's conversion of a canonical value below m: mulmont(x, R²) = x·R mod m, what
    /// [`ModX::to_internal`] computes.
    #[inline]
    pub fn to_internal(&self, x: &Limbs) -> Limbs {
        self.mul(x, &self.r2)
    }
    /// LOADX's conversion back: mulmont(x, 1) = x·R⁻¹ mod m, what [`ModX::to_canonical`]
    /// computes.
    #[inline]
    pub fn to_canonical(&self, x: &Limbs) -> Limbs {
        self.mul(x, &[1, 0, 0, 0, 0, 0])
    }
}

/// The arithmetic of an odd context of `N` words on `N`-word values: what [`ModX::add`],
/// [`ModX::sub`] and [`ModX::mul`] compute, with the width a constant (loops of known length,
/// no 12-word registers): EVMMAX's fast path at every width (at six words [`Odd384`], with
/// EVM384's assembly, serves instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddWords<const N: usize> {
    m: [u64; N],
    inv: u64,
    /// R² mod m (R = 2^(64·N)).
    r2: [u64; N],
}

// `#[inline]`: called once per instruction by the EVMMAX interpreter, in another crate.
impl<const N: usize> OddWords<N> {
    #[inline]
    pub fn add(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut s = *x;
        let carry = add_in_place(&mut s, y);
        if carry || geq(&s, &self.m) {
            sub_in_place(&mut s, &self.m);
        }
        s
    }
    #[inline]
    pub fn sub(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut d = *x;
        if sub_in_place(&mut d, y) {
            add_in_place(&mut d, &self.m);
        }
        d
    }
    /// x·y·R⁻¹ mod m (R = 2^(64·N)).
    #[inline]
    pub fn mul(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        cios_words(x, y, &self.m, self.inv)
    }
    /// STOREX's conversion: x·R mod m.
    #[inline]
    pub fn to_internal(&self, x: &[u64; N]) -> [u64; N] {
        self.mul(x, &self.r2)
    }
    /// LOADX's conversion back: x·R⁻¹ mod m.
    #[inline]
    pub fn to_canonical(&self, x: &[u64; N]) -> [u64; N] {
        self.mul(x, &core::array::from_fn(|i| (i == 0) as u64))
    }
}

/// The arithmetic of a power-of-two context m = 2^k of `N` words on `N`-word values: what
/// [`ModX::add`], [`ModX::sub`] and [`ModX::mul`] compute there (wrapping word arithmetic, the
/// top word masked to k − 64·(N − 1) bits; no conversion), with the width a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pow2Words<const N: usize> {
    /// The top word's bits: 2^(k − 64·(N − 1)) − 1.
    top: u64,
}

impl<const N: usize> Pow2Words<N> {
    #[inline]
    pub fn add(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut s = *x;
        add_in_place(&mut s, y);
        s[N - 1] &= self.top;
        s
    }
    #[inline]
    pub fn sub(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut d = *x;
        sub_in_place(&mut d, y);
        d[N - 1] &= self.top;
        d
    }
    /// x·y mod 2^k: the product's low N words.
    #[inline]
    pub fn mul(&self, x: &[u64; N], y: &[u64; N]) -> [u64; N] {
        let mut r = [0u64; N];
        low_product(x, y, &mut r);
        r[N - 1] &= self.top;
        r
    }
}

impl ModX {
    /// The context for a big-endian modulus of at most 96 bytes (SETMODX's checks).
    pub fn from_be_bytes(bytes: &[u8]) -> Result<ModX, ModXError> {
        if bytes.len() > 8 * MAX_LIMBS {
            return Err(ModXError::TooLong);
        }
        let mut m = [0u64; MAX_LIMBS];
        for (i, &b) in bytes.iter().rev().enumerate() {
            m[i / 8] |= (b as u64) << (8 * (i % 8));
        }
        ModX::new(m)
    }

    /// The context for a modulus given as words.
    pub fn new(m: Limbs768) -> Result<ModX, ModXError> {
        let bits = bit_len(&m);
        if bits < 2 || (bits == 2 && m[0] < 3) {
            return Err(ModXError::OutOfRange);
        }
        let power_of_two = m.iter().map(|w| w.count_ones()).sum::<u32>() == 1;
        if m[0] & 1 == 0 && !power_of_two {
            return Err(ModXError::NeitherOddNorPowerOfTwo);
        }
        // The words needed to hold m itself (2^k needs k + 1 bits).
        let limbs = bits.div_ceil(64) as usize;
        let kind = if power_of_two {
            Kind::PowerOfTwo { bits: bits - 1 }
        } else {
            let inv = neg_inverse_mod_2_64(m[0]);
            Kind::Odd { inv, r2: r_squared(&m, limbs, bits, inv) }
        };
        Ok(ModX { m, limbs, kind })
    }

    /// Words per value.
    pub fn limbs(&self) -> usize {
        self.limbs
    }

    /// Bytes per value in EVM memory and in the register space (`limbs · 8`).
    pub fn element_size(&self) -> usize {
        8 * self.limbs
    }

    pub fn is_odd(&self) -> bool {
        matches!(self.kind, Kind::Odd { .. })
    }

    pub fn modulus(&self) -> &Limbs768 {
        &self.m
    }

    /// Keeps the low `bits` of a power-of-two context's value.
    fn mask(&self, x: &mut Limbs768) {
        if let Kind::PowerOfTwo { bits } = self.kind {
            for (i, w) in x.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                if bits <= lo {
                    *w = 0;
                } else if bits - lo < 64 {
                    *w &= (1u64 << (bits - lo)) - 1;
                }
            }
        }
    }

    /// x + y mod m (operands below m).
    pub fn add(&self, x: &Limbs768, y: &Limbs768) -> Limbs768 {
        if let Some(f) = self.odd384() {
            return widen(f.add(&six(x), &six(y)));
        }
        let n = self.limbs;
        let mut s = *x;
        let carry = add_in_place(&mut s[..n], &y[..n]);
        if self.is_odd() && (carry || geq(&s[..n], &self.m[..n])) {
            sub_in_place(&mut s[..n], &self.m[..n]);
        }
        self.mask(&mut s);
        s
    }

    /// x − y mod m (operands below m).
    pub fn sub(&self, x: &Limbs768, y: &Limbs768) -> Limbs768 {
        if let Some(f) = self.odd384() {
            return widen(f.sub(&six(x), &six(y)));
        }
        let n = self.limbs;
        let mut d = *x;
        let borrow = sub_in_place(&mut d[..n], &y[..n]);
        if self.is_odd() && borrow {
            add_in_place(&mut d[..n], &self.m[..n]);
        }
        self.mask(&mut d);
        d
    }

    /// The product: Montgomery's x·y·R⁻¹ mod m for odd m, x·y mod 2^k for m = 2^k.
    pub fn mul(&self, x: &Limbs768, y: &Limbs768) -> Limbs768 {
        match self.kind {
            Kind::Odd { inv, .. } => self.mulmont(x, y, inv),
            Kind::PowerOfTwo { .. } => {
                let mut r = [0u64; MAX_LIMBS];
                low_product(x, y, &mut r[..self.limbs]);
                self.mask(&mut r);
                r
            }
        }
    }

    fn mulmont(&self, x: &Limbs768, y: &Limbs768, inv: u64) -> Limbs768 {
        if let Some(f) = self.odd384() {
            return widen(f.mul(low6(x), low6(y)));
        }
        cios(x, y, &self.m, inv, self.limbs)
    }

    /// The 6-word arithmetic of an odd context of six words (values in the registers' low six
    /// words, the rest zero); `None` for other widths and powers of two.
    pub fn odd384(&self) -> Option<Odd384> {
        match self.kind {
            Kind::Odd { inv, ref r2 } if self.limbs == 6 => Some(Odd384 { m: six(&self.m), inv, r2: six(r2) }),
            _ => None,
        }
    }

    /// The `N`-word arithmetic of an odd context of `N` words (values in the registers' low
    /// `N` words, the rest zero); `None` for other widths and powers of two.
    pub fn odd_words<const N: usize>(&self) -> Option<OddWords<N>> {
        match self.kind {
            Kind::Odd { inv, ref r2 } if self.limbs == N => Some(OddWords {
                m: self.m[..N].try_into().expect("N ≤ 12 words"),
                inv,
                r2: r2[..N].try_into().expect("N ≤ 12 words"),
            }),
            _ => None,
        }
    }

    /// The `N`-word arithmetic of a power-of-two context of `N` words; `None` for other widths
    /// and odd moduli.
    pub fn pow2_words<const N: usize>(&self) -> Option<Pow2Words<N>> {
        match self.kind {
            Kind::PowerOfTwo { bits } if self.limbs == N => {
                Some(Pow2Words { top: (1u64 << (bits - 64 * (N as u32 - 1))).wrapping_sub(1) })
            }
            _ => None,
        }
    }

    /// Whether a value is below m (STOREX's check).
    pub fn is_below_modulus(&self, x: &Limbs768) -> bool {
        let n = self.limbs;
        x[n..].iter().all(|&w| w == 0) && !geq(&x[..n], &self.m[..n])
    }

    /// STOREX: a canonical value into the internal form; `None` if it is not below m.
    pub fn to_internal(&self, x: &Limbs768) -> Option<Limbs768> {
        if !self.is_below_modulus(x) {
            return None;
        }
        Some(match &self.kind {
            Kind::Odd { inv, r2 } => self.mulmont(x, r2, *inv),
            Kind::PowerOfTwo { .. } => *x,
        })
    }

    /// LOADX: an internal value back to canonical.
    pub fn to_canonical(&self, x: &Limbs768) -> Limbs768 {
        match self.kind {
            Kind::Odd { inv, .. } => {
                let mut one = [0u64; MAX_LIMBS];
                one[0] = 1;
                self.mulmont(x, &one, inv)
            }
            Kind::PowerOfTwo { .. } => *x,
        }
    }
}

/// x ← 2x mod m over `n` words (x below m).
fn double_mod(x: &mut Limbs768, m: &Limbs768, n: usize) {
    let twice = *x;
    let carry = add_in_place(&mut x[..n], &twice[..n]);
    if carry || geq(&x[..n], &m[..n]) {
        sub_in_place(&mut x[..n], &m[..n]);
    }
}

/// R² mod m (R = 2^(64·n)) for an odd m of `bits` bits (`n` words, `inv` = −m⁻¹ mod 2^64),
/// SETMODX's precomputation: R mod m by doubling 2^(bits−1) (below m: m is odd) up to 2^(64n),
/// n more doublings give 2^n·R (2^n in Montgomery form), then six Montgomery squarings give
/// 2^(n·2^6)·R = R·R. At most 64 + n doublings and six products, where doubling 1 all the way
/// (the reference in the tests) takes 128·n.
fn r_squared(m: &Limbs768, n: usize, bits: u32, inv: u64) -> Limbs768 {
    let mut x = [0u64; MAX_LIMBS];
    x[(bits as usize - 1) / 64] = 1 << ((bits - 1) % 64);
    for _ in 0..64 * n as u32 - bits + 1 + n as u32 {
        double_mod(&mut x, m, n);
    }
    for _ in 0..6 {
        x = cios(&x, &x, m, inv, n);
    }
    x
}

/// [`cios_words`] at a width known at run time, 1..=12 words.
fn cios(x: &Limbs768, y: &Limbs768, m: &Limbs768, inv: u64, n: usize) -> Limbs768 {
    fn at<const N: usize>(x: &Limbs768, y: &Limbs768, m: &Limbs768, inv: u64) -> Limbs768 {
        let low = |v: &Limbs768| *v.first_chunk::<N>().expect("N ≤ 12 words");
        let r = cios_words(&low(x), &low(y), &low(m), inv);
        core::array::from_fn(|i| if i < N { r[i] } else { 0 })
    }
    match n {
        1 => at::<1>(x, y, m, inv),
        2 => at::<2>(x, y, m, inv),
        3 => at::<3>(x, y, m, inv),
        4 => at::<4>(x, y, m, inv),
        5 => at::<5>(x, y, m, inv),
        6 => at::<6>(x, y, m, inv),
        7 => at::<7>(x, y, m, inv),
        8 => at::<8>(x, y, m, inv),
        9 => at::<9>(x, y, m, inv),
        10 => at::<10>(x, y, m, inv),
        11 => at::<11>(x, y, m, inv),
        12 => at::<12>(x, y, m, inv),
        _ => unreachable!("a context has 1..=12 words"),
    }
}

/// CIOS Montgomery product over `N` words (Koç, Acar, Kaliski 1996): for each word of x,
/// t += x_i·y, then t += u·m with u = t₀·inv, shifted down a word; finally t − m if t ≥ m.
#[inline]
fn cios_words<const N: usize>(x: &[u64; N], y: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_n = 0u64; // t[N]
    for &xi in x {
        let mut carry = 0u128;
        for j in 0..N {
            let s = t[j] as u128 + xi as u128 * y[j] as u128 + carry;
            t[j] = s as u64;
            carry = s >> 64;
        }
        let s = t_n as u128 + carry;
        t_n = s as u64;
        let t_n1 = (s >> 64) as u64; // t[N + 1]
        let u = t[0].wrapping_mul(inv);
        let s = t[0] as u128 + u as u128 * m[0] as u128;
        let mut carry = s >> 64;
        for j in 1..N {
            let s = t[j] as u128 + u as u128 * m[j] as u128 + carry;
            t[j - 1] = s as u64;
            carry = s >> 64;
        }
        let s = t_n as u128 + carry;
        t[N - 1] = s as u64;
        t_n = t_n1 + (s >> 64) as u64;
    }
    if t_n != 0 || geq(&t, m) {
        sub_in_place(&mut t, m);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marsaglia's xorshift64 from `seed`: the tests' reproducible words.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// `check::<N>(next)` for every width N = 1..=12.
    macro_rules! every_width {
        ($check:ident, $next:expr) => {{
            let next = $next;
            $check::<1>(next);
            $check::<2>(next);
            $check::<3>(next);
            $check::<4>(next);
            $check::<5>(next);
            $check::<6>(next);
            $check::<7>(next);
            $check::<8>(next);
            $check::<9>(next);
            $check::<10>(next);
            $check::<11>(next);
            $check::<12>(next);
        }};
    }

    #[test]
    fn moduli_are_checked_as_setmodx_does() {
        assert_eq!(ModX::from_be_bytes(&[0; 97]), Err(ModXError::TooLong));
        assert_eq!(ModX::from_be_bytes(&[2]), Err(ModXError::OutOfRange));
        assert_eq!(ModX::from_be_bytes(&[1]), Err(ModXError::OutOfRange));
        assert_eq!(ModX::from_be_bytes(&[]), Err(ModXError::OutOfRange));
        assert_eq!(ModX::from_be_bytes(&[6]), Err(ModXError::NeitherOddNorPowerOfTwo));
        let three = ModX::from_be_bytes(&[3]).unwrap();
        assert!(three.is_odd() && three.limbs() == 1);
        let four = ModX::from_be_bytes(&[4]).unwrap();
        assert!(!four.is_odd() && four.element_size() == 8);
        // 2^64 needs two words; 2^768 does not fit, 2^768 − 1 (odd) does.
        assert_eq!(ModX::from_be_bytes(&[1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap().limbs(), 2);
        assert_eq!(ModX::from_be_bytes(&[0xff; 96]).unwrap().limbs(), 12);
        assert_eq!(ModX::from_be_bytes(&[[1u8].as_slice(), &[0; 96]].concat()), Err(ModXError::TooLong));
    }

    #[test]
    fn r_squared_is_r_squared_mod_m() {
        // Against doubling 1 modulo m 128·n times, for moduli of every width: top words 1, 2,
        // 3, 2^63, 2^64 − 1 and random ones, over random or zero lower words; BLS12-381's p; 3.
        let mut moduli: Vec<Limbs768> = Vec::new();
        let mut next = xorshift(0x9e3779b97f4a7c15);
        for n in 1..=MAX_LIMBS {
            for top in [1u64, 2, 3, 0x8000_0000_0000_0000, u64::MAX, next(), next() >> 40] {
                let mut m = [0u64; MAX_LIMBS];
                for w in &mut m[..n] {
                    *w = next();
                }
                m[n - 1] = top;
                m[0] |= 3;
                moduli.push(m);
                let mut low = [0u64; MAX_LIMBS];
                low[n - 1] = top;
                low[0] |= 3; // odd, and at least 3 for one word
                moduli.push(low);
            }
        }
        moduli.push(core::array::from_fn(|i| if i < 6 { crate::BLS12_381_P[i] } else { 0 }));
        moduli.push([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        for m in moduli {
            let ctx = ModX::new(m).expect("odd modulus");
            let n = ctx.limbs();
            let mut want = [0u64; MAX_LIMBS];
            want[0] = 1;
            for _ in 0..128 * n {
                double_mod(&mut want, &m, n);
            }
            let Kind::Odd { r2, .. } = ctx.kind else { panic!("odd") };
            assert_eq!(r2, want, "{m:x?}");
        }
    }

    #[test]
    fn values_at_or_above_the_modulus_are_refused() {
        let m = ModX::from_be_bytes(&[0x65]).unwrap(); // 101
        let v = |x: u64| {
            let mut a = [0u64; MAX_LIMBS];
            a[0] = x;
            a
        };
        assert!(m.to_internal(&v(100)).is_some());
        assert!(m.to_internal(&v(101)).is_none());
        let mut high = v(1);
        high[1] = 1; // beyond the context's one word
        assert!(m.to_internal(&high).is_none());
        // 3·5 = 15 and back.
        let (a, b) = (m.to_internal(&v(3)).unwrap(), m.to_internal(&v(5)).unwrap());
        assert_eq!(m.to_canonical(&m.mul(&a, &b)), v(15));
        assert_eq!(m.to_canonical(&m.sub(&a, &b)), v(99));
    }

    /// `OddWords<N>` at every width against a big-integer model: (x ± y) mod m and x·y·R⁻¹ mod m
    /// with R = 2^(64·N), the conversions, on odd moduli of N words (top words 1, 2^63, 2^64 − 1
    /// and random) and values 0, 1, m − 1 and random below m.
    #[test]
    fn odd_words_agree_with_a_big_integer_model_at_every_width() {
        fn check<const N: usize>(next: &mut impl FnMut() -> u64) {
            use num_bigint::BigUint;
            let big = |x: &[u64]| x.iter().rev().fold(BigUint::default(), |acc, &w| (acc << 64u32) + w);
            for top in [1u64, 0x8000_0000_0000_0000, u64::MAX, next()] {
                let mut m = [0u64; MAX_LIMBS];
                for w in &mut m[..N] {
                    *w = next();
                }
                m[N - 1] = top.max(1);
                m[0] |= 3;
                let ctx = ModX::new(m).expect("odd");
                let f = ctx.odd_words::<N>().expect("N words");
                assert!(ctx.odd_words::<{ MAX_LIMBS }>().is_none() || N == MAX_LIMBS);
                let (mb, r) = (big(&m[..N]), BigUint::from(1u8) << (64 * N as u32));
                let r_inv = r.modinv(&mb).expect("m odd");
                let below = |v: BigUint| -> [u64; N] {
                    let v = v % &mb;
                    core::array::from_fn(|i| v.iter_u64_digits().nth(i).unwrap_or(0))
                };
                let mut values = vec![below(BigUint::default()), below(BigUint::from(1u8)), below(&mb - 1u8)];
                values.extend((0..6).map(|_| below(big(&(0..N).map(|_| next()).collect::<Vec<_>>()))));
                for x in &values {
                    assert_eq!(big(&f.to_internal(x)), big(x) * &r % &mb);
                    assert_eq!(big(&f.to_canonical(x)), big(x) * &r_inv % &mb);
                    for y in &values {
                        let (bx, by) = (big(x), big(y));
                        assert_eq!(big(&f.add(x, y)), (&bx + &by) % &mb, "N = {N}");
                        assert_eq!(big(&f.sub(x, y)), (&bx + &mb - &by) % &mb, "N = {N}");
                        assert_eq!(big(&f.mul(x, y)), bx * by * &r_inv % &mb, "N = {N}");
                    }
                }
            }
        }
        every_width!(check, &mut xorshift(0x2545f4914f6cdd1d));
        assert!(ModX::from_be_bytes(&[4]).unwrap().odd_words::<1>().is_none(), "2^k has no Montgomery form");
    }

    /// [`Pow2Words`] at every width N against a big-integer model: add, sub, mul mod 2^k for
    /// k = 64·(N − 1) (the top word always zero), 64·N − 1 and one between, on 0, 1, 2^k − 1
    /// and random values below 2^k; and against `ModX`'s own.
    #[test]
    fn pow2_words_agree_with_a_big_integer_model_at_every_width() {
        fn check<const N: usize>(next: &mut impl FnMut() -> u64) {
            use num_bigint::BigUint;
            let big = |x: &[u64]| x.iter().rev().fold(BigUint::default(), |acc, &w| (acc << 64u32) + w);
            let low = 64 * (N as u32 - 1);
            for k in [low.max(2), 64 * N as u32 - 1, low + 2 + (next() % 61) as u32] {
                let mut m = [0u64; MAX_LIMBS];
                m[k as usize / 64] = 1 << (k % 64);
                let ctx = ModX::new(m).expect("a power of two");
                let f = ctx.pow2_words::<N>().expect("N words");
                assert!(ctx.odd_words::<N>().is_none());
                let mb = BigUint::from(1u8) << k;
                let below = |v: BigUint| -> [u64; N] {
                    let v = v % &mb;
                    core::array::from_fn(|i| v.iter_u64_digits().nth(i).unwrap_or(0))
                };
                let mut values = vec![below(BigUint::default()), below(BigUint::from(1u8)), below(&mb - 1u8)];
                values.extend((0..6).map(|_| below(big(&(0..N).map(|_| next()).collect::<Vec<_>>()))));
                let wide = |x: &[u64; N]| -> Limbs768 { core::array::from_fn(|i| if i < N { x[i] } else { 0 }) };
                for x in &values {
                    for y in &values {
                        let (bx, by) = (big(x), big(y));
                        assert_eq!(big(&f.add(x, y)), (&bx + &by) % &mb, "N = {N}, k = {k}");
                        assert_eq!(big(&f.sub(x, y)), (&bx + &mb - &by) % &mb, "N = {N}, k = {k}");
                        assert_eq!(big(&f.mul(x, y)), bx * by % &mb, "N = {N}, k = {k}");
                        assert_eq!(wide(&f.mul(x, y)), ctx.mul(&wide(x), &wide(y)));
                    }
                }
            }
        }
        every_width!(check, &mut xorshift(0x5851f42d4c957f2d));
        assert!(ModX::from_be_bytes(&[7]).unwrap().pow2_words::<1>().is_none(), "an odd m is not 2^k");
    }
}
