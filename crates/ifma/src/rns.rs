//! RNS Fp, the base of the latency path: one element of Fp held as its residues modulo 16 primes
//! near 2^50, so that a product is lane-wise (4 IFMA, no carries between lanes) and the reduction
//! modulo p is done once per sum of products (issue 12, part 1; measured against the radix-2^52
//! latency path by `examples/rns_micro` and `bench_native`'s `_radix52` keys).
//!
//! # Representation
//! Two bases of eight primes each, B = (m_0..m_7) and B' = (m'_0..m'_7), m = 2^50 − c with the
//! sixteen smallest such c (`MODULI_C`; 161 and 377 swapped between the bases, see below);
//! M = Πm_i ≈ 2^400, M' = Πm'_j. An element a of Fp is an
//! integer x ≡ a·M (mod p) ("RNS Montgomery form"; `reduce` leaves x < 17p, `neg` at most 32p,
//! sums what their terms add up to), stored as its residues times a constant factor per lane
//! (`Tables::f`): lane i of `b` holds x·f_i mod m_i with f_i² = T_i·2^52, T_i step 1's constant
//! (so that one Montgomery step of a sum of products of stored values is step 1's q̂ of the sum,
//! with no product of its own; T_i·2^52 is a square modulo every m_i of B once 161 and 377 trade
//! bases), lane j of `c` holds x·(M'/m'_j)⁻¹ mod m'_j
//! (the CRT coefficient of x in B', which is what step 3 of the reduction computes, so that its
//! result needs no further product; a product of two such values carries the factor twice, and
//! step 3's constant takes one away). Residues of stored values are < 2m; operands of products
//! need only be < 2^52.
//!
//! # Products and the reduction (Bajard–Imbert RNS Montgomery; Kawamura et al., "Cox-Rower
//! architecture for fast parallel Montgomery multiplication", EUROCRYPT 2000)
//! `mac` adds x·y to a double-width accumulator (`RnsWide`, the IFMA low and high halves per
//! lane), so a sum of up to `MAX_TERMS` products is one integer; `reduce` returns (Σ)·M⁻¹ mod p
//! (plus a small multiple of p) in four steps, each lane-wise or an 8×8 matrix product:
//! 1. q̂_i = x_i·(−p⁻¹)·(M/m_i)⁻¹ = x_i·T_i mod m_i (in B), brought below 2^50 + 2^23 (not
//!    below m_i: no comparison): one Montgomery step of the sum's B lanes (the lane factor)
//!    and a fold, times s by shifts for `reduce_scaled`;
//! 2. base extension B → B' without correction: q' = Σ q̂_i·(M/m_i) = q + βM, 0 ≤ β ≤ 8
//!    (q̂_i/m_i < 1 + 2^−26, so q' < 8.000001·M; the extra βp in the result is harmless: values
//!    are kept below 17p, not below p);
//! 3. in B': ξ_j = r·(M'/m'_j)⁻¹ mod m'_j for r = (x + q'·p)/M, the residues of r in B' in
//!    their stored form;
//! 4. base extension B' → B, exact: r = Σ ξ_j·(M'/m'_j) − αM' with α = ⌊Σ ξ_j/m'_j⌋, which
//!    Kawamura's method computes from the top bits of the ξ_j (m'_j ≈ 2^50), exact because
//!    r < M'/2.
//!
//! Steps 2 and 3 are one matrix product: ξ_j is linear in x and in the q̂_i, so the constants of
//! step 3 fold into the rows of step 2 (`Tables::c13`) and x enters as one more, lane-wise term
//! (`Tables::a13`): ξ = x'·a13 + Σ_i q̂_i·c13[i], reduced once.
//!
//! Bounds: a sum of K products of operands below c·p is < K·c²·p², and the result of `reduce` is
//! (x + q'p)/M < K·c²·p²/M + 8.000001·p < 17p whenever K·c² < 2^18 (p/M < 2^−19; the bound the
//! tower relies on is 17p, which also held with q̂ below 2m); `reduce_scaled` multiplies the sum
//! by s ≤ 12 first (s·K·c² < 2^18). Every caller states its sums' bounds (`rns_tower`), and
//! `tests/rns.rs` drives sums at the limit.
//!
//! Every function needs avx512f + avx512ifma (like `fp8`).
// Safety of every pub function: it needs avx512f + avx512ifma (module comment of `fp8`).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::P;
use crate::fp8::{carry_s, words_to_limbs};
use blst::*;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;
use std::sync::OnceLock;

/// The moduli are 2^50 − c for these c: base B the first eight, base B' the last eight (the 16
/// smallest c for which 2^50 − c is prime, `tests/rns.rs` checks primality; 377 in B and 161 in
/// B', not the other way round, so that B's lane factors exist: `lane_factor`).
pub const MODULI_C: [u64; 16] = [27, 35, 51, 71, 113, 117, 131, 377, 161, 195, 233, 267, 341, 351, 423, 447];

/// Products a sum may accumulate before `reduce` (bound of the 64-bit accumulators and of the
/// fold in `redc_lane`; the value bound K·c² < 2^18 is the caller's).
pub const MAX_TERMS: usize = 1024;

const MASK52: u64 = (1 << 52) - 1;
const MASK50: u64 = (1 << 50) - 1;

// ---------------------------------------------------------------- scalar arithmetic mod m < 2^64

const fn mulmod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

const fn powmod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mulmod(r, b, m);
        }
        b = mulmod(b, b, m);
        e >>= 1;
    }
    r
}

/// a⁻¹ mod m for m prime (Fermat).
const fn invmod(a: u64, m: u64) -> u64 {
    powmod(a, m - 2, m)
}

/// The modulus of lane l of base k (0 = B, 1 = B').
pub const fn modulus(k: usize, l: usize) -> u64 {
    (1u64 << 50) - MODULI_C[8 * k + l]
}

/// p mod m (p from its radix-2^52 limbs).
const fn p_mod(m: u64) -> u64 {
    let mut r = 0u64;
    let mut i = 8;
    while i > 0 {
        i -= 1;
        r = ((((r as u128) << 52) + P[i] as u128) % m as u128) as u64;
    }
    r
}

/// Π of base k's moduli, skipping lane `skip` (8: none), mod m.
const fn prod_mod(k: usize, skip: usize, m: u64) -> u64 {
    let mut r = 1 % m;
    let mut l = 0;
    while l < 8 {
        if l != skip {
            r = mulmod(r, modulus(k, l) % m, m);
        }
        l += 1;
    }
    r
}

/// m⁻¹ mod 2^52 (Newton's iteration for the inverse mod 2^64; m odd).
const fn inv52(m: u64) -> u64 {
    let mut inv = m; // correct to 3 bits
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inv)));
        i += 1;
    }
    inv & MASK52
}

/// A square root of a modulo the prime m (Tonelli–Shanks), the smaller of the two; a must be
/// a square (0 if it is not: `tests/rns.rs` checks every root the tables use).
const fn sqrt_mod(a: u64, m: u64) -> u64 {
    // m − 1 = 2^s·q, q odd; z a non-square
    let (mut q, mut s) = (m - 1, 0u32);
    while q % 2 == 0 {
        q /= 2;
        s += 1;
    }
    let mut z = 2;
    while powmod(z, (m - 1) / 2, m) != m - 1 {
        z += 1;
    }
    let (mut c, mut t, mut r, mut e) = (powmod(z, q, m), powmod(a, q, m), powmod(a, q.div_ceil(2), m), s);
    while t != 1 {
        // the least i with t^(2^i) = 1
        let (mut i, mut t2) = (0, t);
        while t2 != 1 {
            t2 = mulmod(t2, t2, m);
            i += 1;
            if i == e {
                return 0; // a is not a square
            }
        }
        let b = powmod(c, 1 << (e - i - 1), m);
        r = mulmod(r, b, m);
        c = mulmod(b, b, m);
        t = mulmod(t, c, m);
        e = i;
    }
    if r > m - r {
        m - r
    } else {
        r
    }
}

/// Step 1's constant in B: T_i = (−p⁻¹)·(M/m_i)⁻¹ mod m_i.
const fn step1_constant(i: usize) -> u64 {
    let m = modulus(0, i);
    mulmod(m - invmod(p_mod(m), m), invmod(prod_mod(0, i, m), m), m)
}

/// The factor of lane l's stored residues in base k (module comment): in B a square root f of
/// T_l·2^52 (step 1's constant: a product of two stored values, reduced by one Montgomery step,
/// is then step 1's q̂ of that product: f²·2^−52 = T_l; T_l·2^52 is a square modulo every m_l
/// of B for this choice of bases), in B' (M'/m'_l)⁻¹ (the CRT coefficient).
pub const fn lane_factor(k: usize, l: usize) -> u64 {
    let m = modulus(k, l);
    if k == 0 {
        sqrt_mod(mulmod(step1_constant(l), powmod(2, 52, m), m), m)
    } else {
        invmod(prod_mod(1, l, m), m)
    }
}

/// Per-lane constants of `reduce`, each an 8-lane vector image ([u64; 8]).
pub struct Tables {
    /// Moduli, m⁻¹ mod 2^52, 2^50 − m, of B (0) and B' (1).
    pub m: [[u64; 8]; 2],
    /// The factor of each lane's stored residues (`lane_factor`).
    pub f: [[u64; 8]; 2],
    pub minv: [[u64; 8]; 2],
    pub cf: [[u64; 8]; 2],
    /// Step 1's constant, in B: T_i = (−p⁻¹)·(M/m_i)⁻¹ mod m_i (what B's lane factor squares
    /// to, times 2^52: `lane_factor`).
    pub t: [u64; 8],
    /// Steps 2 and 3 (module comment), in B': ξ_j = x'_j·a13_j + Σ_i q̂_i·c13[i][j] mod m'_j
    /// (reduced pseudo-Mersenne, no Montgomery factor), with x' = x·f²·2^−52 the reduced sum
    /// in B' (f = (M'/m'_j)⁻¹, each operand carrying one f), so that ξ_j = (x + q'·p)·M⁻¹·f:
    /// row i = (M/m_i)·p·M⁻¹·(M'/m'_j)⁻¹ mod m'_j over j, and a13 = M⁻¹·(M'/m'_j)·2^52.
    pub c13: [[u64; 8]; 8],
    pub a13: [u64; 8],
    /// Step 4: row j = (M'/m'_j)·f_i mod m_i over i; and (−M')·f_i mod m_i (f_i: B's lane
    /// factor, so that the result is in stored form).
    pub g: [[u64; 8]; 8],
    pub h: [u64; 8],
    /// (M/m_i)⁻¹·2^52/f_i mod m_i: the CRT coefficients of base B (`to_fp`) for stored residues
    /// (one Montgomery step takes the 2^52 away).
    pub crt: [u64; 8],
    /// Row k = 2^(52k+52)·f mod m over the lanes, per base: residues of an integer from its
    /// radix-2^52 limbs (`from_fp`, whose products take a factor 2^52 away).
    pub limb: [[[u64; 8]; 8]; 2],
    /// Residues of 32p (times f), plus 2m (negation: 32p − x for x < 32p, residues kept positive).
    pub neg: [[u64; 8]; 2],
    /// The same for 64p (`neg64`).
    pub neg64: [[u64; 8]; 2],
}

impl Tables {
    const fn new() -> Tables {
        let mut t = Tables {
            m: [[0; 8]; 2],
            f: [[0; 8]; 2],
            minv: [[0; 8]; 2],
            cf: [[0; 8]; 2],
            t: [0; 8],
            c13: [[0; 8]; 8],
            a13: [0; 8],
            g: [[0; 8]; 8],
            h: [0; 8],
            crt: [0; 8],
            limb: [[[0; 8]; 8]; 2],
            neg: [[0; 8]; 2],
            neg64: [[0; 8]; 2],
        };
        let mut k = 0;
        while k < 2 {
            let mut l = 0;
            while l < 8 {
                let m = modulus(k, l);
                let f = lane_factor(k, l);
                t.m[k][l] = m;
                t.f[k][l] = f;
                t.minv[k][l] = inv52(m);
                t.cf[k][l] = MODULI_C[8 * k + l];
                t.neg[k][l] = mulmod(mulmod(32, p_mod(m), m), f, m) + 2 * m;
                t.neg64[k][l] = mulmod(mulmod(64, p_mod(m), m), f, m) + 2 * m;
                let mut j = 0;
                while j < 8 {
                    t.limb[k][j][l] = mulmod(powmod(2, 52 * j as u64 + 52, m), f, m);
                    j += 1;
                }
                l += 1;
            }
            k += 1;
        }
        let mut i = 0;
        while i < 8 {
            // B lane i
            let m = modulus(0, i);
            let f = t.f[0][i];
            t.t[i] = step1_constant(i);
            let mut j = 0;
            while j < 8 {
                let mj = modulus(1, j);
                // (M/m_i)·p·M⁻¹·(M'/m'_j)⁻¹
                let pm = mulmod(p_mod(mj), invmod(prod_mod(0, 8, mj), mj), mj);
                t.c13[i][j] = mulmod(mulmod(prod_mod(0, i, mj), pm, mj), invmod(prod_mod(1, j, mj), mj), mj);
                t.g[j][i] = mulmod(prod_mod(1, j, m), f, m);
                j += 1;
            }
            t.h[i] = mulmod(m - prod_mod(1, 8, m), f, m);
            t.crt[i] = mulmod(invmod(prod_mod(0, i, m), m), mulmod(powmod(2, 52, m), invmod(f, m), m), m);
            // B' lane i
            let mj = modulus(1, i);
            let minv = invmod(prod_mod(0, 8, mj), mj);
            t.a13[i] = mulmod(mulmod(minv, prod_mod(1, i, mj), mj), powmod(2, 52, mj), mj);
            i += 1;
        }
        t
    }
}

/// The constants of `reduce`, computed at compile time.
pub const TABLES: Tables = Tables::new();

// ---------------------------------------------------------------- vectors

/// One element of Fp: residues in base B (`b`) and B' (`c`).
#[derive(Clone, Copy)]
pub struct Rns {
    pub b: __m512i,
    pub c: __m512i,
}

/// A sum of products before `reduce`: low and high IFMA halves per lane, per base.
#[derive(Clone, Copy)]
pub struct RnsWide {
    bl: __m512i,
    bh: __m512i,
    cl: __m512i,
    ch: __m512i,
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn ld(a: &[u64; 8]) -> __m512i {
    // SAFETY: 64-byte unaligned read of an [u64; 8].
    unsafe { _mm512_loadu_si512(a.as_ptr() as *const _) }
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// x·2^−52 mod m per lane for x = hi·2^52 + lo (hi + lo/2^52 < 2^64 − m): one Montgomery
/// step by subtraction, result ≡ x·2^−52 in (h, h + m] for h = hi + ⌊lo/2^52⌋. With q = lo·m⁻¹
/// mod 2^52, q·m ≡ lo (mod 2^52), so x − q·m = (h − hi52(q·m))·2^52 exactly: two IFMA, not the
/// three of (x + q·(−m⁻¹ mod 2^52)·m)/2^52, whose low half's carry needs its own product (on AMD
/// Zen 4 the additions and shifts issue beside the IFMAs, `examples/issue_micro`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mont_step(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
    let (m, minv) = (ld(&TABLES.m[k]), ld(&TABLES.minv[k]));
    let z = _mm512_setzero_si512();
    let q = _mm512_madd52lo_epu64(z, lo, minv); // q = lo·m⁻¹ mod 2^52
    let g = _mm512_madd52hi_epu64(z, q, m); // hi52(q·m)
    let h = _mm512_add_epi64(hi, _mm512_add_epi64(_mm512_srli_epi64::<52>(lo), m)); // h + m
    _mm512_sub_epi64(h, g) // (x − q·m)/2^52 + m
}

/// r mod m up to a small multiple: r = a·2^50 + b ≡ b + a·c (m = 2^50 − c), < 2^50 + 2^23 < 2m
/// for every r < 2^64.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn fold50(r: __m512i, k: usize) -> __m512i {
    _mm512_madd52lo_epu64(_mm512_and_si512(r, splat(MASK50)), _mm512_srli_epi64::<50>(r), ld(&TABLES.cf[k]))
}

/// x·2^−52 mod m per lane, < 2m, for any sum x of up to `MAX_TERMS` products of operands below
/// 2^52 (hi < 2^62).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn redc_lane(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
    fold50(mont_step(lo, hi, k), k)
}

/// Σ_l a_l·b_l·2^−52 mod m per lane, for one or two products of an operand below 2m and one
/// below m: hi < m, so the Montgomery step alone leaves the result below 2m (no fold).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mont_lane(a: __m512i, b: __m512i, k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    mont_step(_mm512_madd52lo_epu64(z, a, b), _mm512_madd52hi_epu64(z, a, b), k)
}

/// Σ_i (lane i of x)·rows[i] per lane, times 2^−52 (Montgomery), reduced below 2m: the residues
/// of an integer from its radix-2^52 limbs (`from_fp`; x < 2^52, rows < m).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn base_extend_mont(x: __m512i, rows: &[[u64; 8]; 8], k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    let (lo, hi) = matrix_product(&Stored::new(x), rows, z, z);
    redc_lane(lo, hi, k)
}

/// A vector's lanes in memory, for the broadcast loads of `matrix_product`.
#[repr(C, align(64))]
struct Stored([u64; 8]);

impl Stored {
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    fn new(x: __m512i) -> Stored {
        let mut s = Stored([0; 8]);
        // SAFETY: aligned 64-byte write into an [u64; 8] aligned to 64.
        unsafe { _mm512_store_si512(s.0.as_mut_ptr() as *mut _, x) };
        s
    }

    /// Lane i, read by a plain load (not folded into vector extractions by the compiler).
    #[inline]
    fn lane(&self, i: usize) -> u64 {
        // SAFETY: reads an initialised u64.
        unsafe { core::ptr::read_volatile(&self.0[i]) }
    }
}

/// Σ_i x_i·rows[i] per lane, the x_i broadcast, as (low, high) IFMA halves, starting from
/// (`lo`, `hi`): two accumulator chains, each broadcast's low and high product side by side.
/// The lanes x_i come by broadcast loads from the stored copy (a load port, where a permutation
/// would take the shuffle port the IFMAs share; one base register with constant offsets: no
/// address computed per lane). One `asm!` block, so that the instructions keep this order:
/// LLVM's generic schedule grouped each chain's dependent IFMAs three in a row, and on AMD Zen 4
/// that cost ~2% of a pairing (`rns_micro`, the two builds alternated, minimums: 137.2 → 134.4
/// µs, 12 reductions 182.0 → 177.7 ns, as much as `-C target-cpu=znver4`'s schedule gained;
/// four chains, or the products of two sums interleaved, measured slower).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn matrix_product(x: &Stored, rows: &[[u64; 8]; 8], lo: __m512i, hi: __m512i) -> (__m512i, __m512i) {
    let r: [__m512i; 8] = core::array::from_fn(|i| ld(&rows[i]));
    let (mut lo0, mut hi0) = (lo, hi);
    // the scratch registers, typed (`out(zmm_reg) _` is misprinted under -C target-cpu=znver4)
    let (_t0, _t1, _t2, _t3): (__m512i, __m512i, __m512i, __m512i);
    // SAFETY: reads the 64 bytes of x; registers only otherwise
    unsafe {
        core::arch::asm!(
            "vpbroadcastq {b0:z}, qword ptr [{p}]",
            "vpbroadcastq {b1:z}, qword ptr [{p} + 8]",
            "vpxord {lo1:z}, {lo1:z}, {lo1:z}",
            "vpxord {hi1:z}, {hi1:z}, {hi1:z}",
            "vpmadd52luq {lo0:z}, {b0:z}, {r0:z}",
            "vpmadd52huq {hi0:z}, {b0:z}, {r0:z}",
            "vpmadd52luq {lo1:z}, {b1:z}, {r1:z}",
            "vpmadd52huq {hi1:z}, {b1:z}, {r1:z}",
            "vpbroadcastq {b0:z}, qword ptr [{p} + 16]",
            "vpbroadcastq {b1:z}, qword ptr [{p} + 24]",
            "vpmadd52luq {lo0:z}, {b0:z}, {r2:z}",
            "vpmadd52huq {hi0:z}, {b0:z}, {r2:z}",
            "vpmadd52luq {lo1:z}, {b1:z}, {r3:z}",
            "vpmadd52huq {hi1:z}, {b1:z}, {r3:z}",
            "vpbroadcastq {b0:z}, qword ptr [{p} + 32]",
            "vpbroadcastq {b1:z}, qword ptr [{p} + 40]",
            "vpmadd52luq {lo0:z}, {b0:z}, {r4:z}",
            "vpmadd52huq {hi0:z}, {b0:z}, {r4:z}",
            "vpmadd52luq {lo1:z}, {b1:z}, {r5:z}",
            "vpmadd52huq {hi1:z}, {b1:z}, {r5:z}",
            "vpbroadcastq {b0:z}, qword ptr [{p} + 48]",
            "vpbroadcastq {b1:z}, qword ptr [{p} + 56]",
            "vpmadd52luq {lo0:z}, {b0:z}, {r6:z}",
            "vpmadd52huq {hi0:z}, {b0:z}, {r6:z}",
            "vpmadd52luq {lo1:z}, {b1:z}, {r7:z}",
            "vpmadd52huq {hi1:z}, {b1:z}, {r7:z}",
            "vpaddq {lo0:z}, {lo0:z}, {lo1:z}",
            "vpaddq {hi0:z}, {hi0:z}, {hi1:z}",
            p = in(reg) x.0.as_ptr(),
            r0 = in(zmm_reg) r[0], r1 = in(zmm_reg) r[1], r2 = in(zmm_reg) r[2], r3 = in(zmm_reg) r[3],
            r4 = in(zmm_reg) r[4], r5 = in(zmm_reg) r[5], r6 = in(zmm_reg) r[6], r7 = in(zmm_reg) r[7],
            lo0 = inout(zmm_reg) lo0, hi0 = inout(zmm_reg) hi0,
            lo1 = out(zmm_reg) _t0, hi1 = out(zmm_reg) _t1, b0 = out(zmm_reg) _t2, b1 = out(zmm_reg) _t3,
            options(pure, readonly, nostack, preserves_flags)
        )
    };
    (lo0, hi0)
}

/// The 8×8 matrix product of step 4's base extension: Σ_i x_i·rows[i][j] + e_j per lane j
/// (x_i broadcast; x < 2m, rows < m; e < m the correction), reduced below 2m without a
/// Montgomery factor (`fold_pseudo_mersenne`; Σ hi < 8·2^49 fits an IFMA operand).
/// The correction enters after the product, so that no chain waits on α, which comes from
/// scalar code (12 reductions 177.9 → 176.4 ns).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn base_extend(x: &Stored, rows: &[[u64; 8]; 8], e: __m512i, k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    let (lo, hi) = matrix_product(x, rows, z, z);
    fold_pseudo_mersenne(_mm512_add_epi64(lo, e), hi, k)
}

/// lo + hi·2^52 mod m below 2m (hi < 2^52, lo < 2^60): with u = ⌊lo/2^50⌋ + 4·hi (< 2^55),
/// the value is (lo mod 2^50) + u·2^50 ≡ (lo mod 2^50) + u·c (m = 2^50 − c), below 2^63 (c <
/// 2^9), then `fold50`. `vpmullq` takes one IFMA issue slot on AMD Zen 4 (`issue_micro`): two
/// slots in all, against four for the same fold by IFMA halves.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn fold_pseudo_mersenne(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
    let u = _mm512_add_epi64(_mm512_srli_epi64::<50>(lo), _mm512_slli_epi64::<2>(hi));
    let v = _mm512_add_epi64(_mm512_and_si512(lo, splat(MASK50)), mullo(u, ld(&TABLES.cf[k])));
    fold50(v, k)
}

/// The low 64 bits of a·b per lane (`vpmullq`, AVX-512DQ, which every IFMA CPU has; written as
/// `asm!` so that the functions it is inlined into need not all enable avx512dq).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mullo(a: __m512i, b: __m512i) -> __m512i {
    let r: __m512i;
    // SAFETY: a register-only instruction of AVX-512DQ, present wherever avx512ifma is
    // (`ifma_supported` checks avx512dq too)
    unsafe {
        core::arch::asm!("vpmullq {r}, {a}, {b}", r = lateout(zmm_reg) r, a = in(zmm_reg) a, b = in(zmm_reg) b,
            options(pure, nomem, nostack, preserves_flags))
    };
    r
}

/// Steps 2 and 3 of the reduction as one matrix product in B' (`Tables::c13`): ξ = x'·a + Σ_i
/// q̂_i·c13[i], below 2m'. x' < 2m', a < m', q̂ < m: the high halves sum below 2^49 + 8·2^48 <
/// 2^52, an IFMA operand of the fold.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn steps_2_and_3(q: &Stored, x: __m512i, a: __m512i) -> __m512i {
    let z = _mm512_setzero_si512();
    let (lo, hi) = matrix_product(q, &TABLES.c13, _mm512_madd52lo_epu64(z, x, a), _mm512_madd52hi_epu64(z, x, a));
    fold_pseudo_mersenne(lo, hi, 1)
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn wide_zero() -> RnsWide {
    let z = _mm512_setzero_si512();
    RnsWide { bl: z, bh: z, cl: z, ch: z }
}

/// w += x·y (4 IFMA).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mac(w: &mut RnsWide, x: &Rns, y: &Rns) {
    w.bl = _mm512_madd52lo_epu64(w.bl, x.b, y.b);
    w.bh = _mm512_madd52hi_epu64(w.bh, x.b, y.b);
    w.cl = _mm512_madd52lo_epu64(w.cl, x.c, y.c);
    w.ch = _mm512_madd52hi_epu64(w.ch, x.c, y.c);
}

/// x·y, unreduced.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mul_wide(x: &Rns, y: &Rns) -> RnsWide {
    let mut w = wide_zero();
    mac(&mut w, x, y);
    w
}

/// Σ x_k·y_k over the listed products, unreduced.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn dot(terms: &[(&Rns, &Rns)]) -> RnsWide {
    let mut w = wide_zero();
    for (x, y) in terms {
        mac(&mut w, x, y);
    }
    w
}

/// Largest factor of `reduce_scaled`.
pub const MAX_SCALE: usize = 12;

/// Step 3's constant that multiplies x, times s = 0..=MAX_SCALE (`reduce_scaled`).
const A13_SCALED: [[u64; 8]; MAX_SCALE + 1] = {
    let mut r = [[0; 8]; MAX_SCALE + 1];
    let mut s = 0;
    while s <= MAX_SCALE {
        let mut l = 0;
        while l < 8 {
            r[s][l] = mulmod(TABLES.a13[l], s as u64, modulus(1, l));
            l += 1;
        }
        s += 1;
    }
    r
};

/// The shifts of `times_small`: s = Σ 2^k over its set bits, at most three (s ≤ 12), each
/// absent term as a shift by 64 (which leaves 0).
const SMALL_SHIFTS: [[u64; 3]; MAX_SCALE + 1] = {
    let mut r = [[64; 3]; MAX_SCALE + 1];
    let mut s = 0;
    while s <= MAX_SCALE {
        let (mut b, mut n) = (0, 0);
        while b < 4 {
            if (s >> b) & 1 == 1 {
                r[s][n] = b as u64;
                n += 1;
            }
            b += 1;
        }
        s += 1;
    }
    r
};

/// x·s per lane (s ≤ `MAX_SCALE`) by three shifts and two additions, without branches, below
/// 2^55 for x < 2^51.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn times_small(x: __m512i, s: usize) -> __m512i {
    let [a, b, c] = SMALL_SHIFTS[s];
    _mm512_add_epi64(_mm512_add_epi64(shl_opaque(x, a), shl_opaque(x, b)), shl_opaque(x, c))
}

/// Step 4's correction −αM' in base B (stored form), α·h mod m_i for α = 0..=16: added to the
/// matrix product's low half after the product (`base_extend`), one load instead of a broadcast
/// and two IFMAs.
const ALPHA_H: [[u64; 8]; 17] = {
    let mut r = [[0u64; 8]; 17];
    let mut a = 0;
    while a < 17 {
        let mut l = 0;
        while l < 8 {
            r[a][l] = mulmod(TABLES.h[l], a as u64, modulus(0, l));
            l += 1;
        }
        a += 1;
    }
    r
};

/// The RNS Montgomery reduction: the element w·M⁻¹ (steps 1–4 of the module comment).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn reduce(w: &RnsWide) -> Rns {
    reduce_scaled(&[*w], [1])[0]
}

/// Step 1 of the reduction of s·w: q̂_i ≡ s·x·T_i below 2^50 + 2^23 (`fold50`'s bound; below
/// m_i + 2^24, which step 2 allows for: module comment). The sum's B lanes are x·f_i² =
/// x·T_i·2^52 (`lane_factor`), so one Montgomery step gives x·T_i; a factor s > 1 multiplies
/// that and folds again. (No `vpminuq` to bring it below m_i: on AMD Zen 4 it takes an IFMA
/// issue slot, `issue_micro`.)
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn step_1(w: &RnsWide, s: usize) -> __m512i {
    let q = redc_lane(w.bl, w.bh, 0);
    if s != 1 {
        fold50(times_small(q, s), 0)
    } else {
        q
    }
}

/// Step 4: r's B residues (stored form, r·f_i mod m_i) from ξ, its B' residues in stored form.
/// α = ⌊Σ ξ_j/m'_j⌋ as ⌊(Σ ξ_j + 2^44)/2^50⌋ (scalar: the lanes are in memory for the
/// broadcasts anyway): ξ_j/2^50 falls short of ξ_j/m'_j by a factor 1 − c_j/2^50 > 1 − 2^−41,
/// the offset 2^−6 makes up for it, and the fractional part r/M' < 1/2 keeps the sum below the
/// next integer; ξ_j < 2^51, so α ≤ 16.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn step_4(xi: &Stored) -> __m512i {
    let sum: u64 = (0..8).map(|j| xi.lane(j)).sum();
    let alpha = ((sum + (1 << 44)) >> 50) as usize;
    base_extend(xi, &TABLES.g, ld(&ALPHA_H[alpha]), 0)
}

/// s_n·w_n·M⁻¹ for N sums at once (s_n ≤ `MAX_SCALE`), at the cost of `reduce` each: s enters
/// step 1 as a factor of q̂ and step 3's constant that multiplies x (the 3 of 3t ∓ 2f in the
/// cyclotomic squaring); the bound of the module comment applies to s·w: s·K·c² < 2^18.
/// Step by step across the N: each step's N independent operations side by side (the latency
/// of one reduction is ~45 dependent operations, which a single one leaves the core waiting on).
/// (A `Reductions` batch with every sum set at once.)
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn reduce_scaled<const N: usize>(w: &[RnsWide; N], s: [usize; N]) -> [Rns; N] {
    let mut r = Reductions::<N>::new();
    for n in 0..N {
        r.set(n, &w[n], s[n]);
    }
    r.finish()
}

/// A batch of N reductions whose sums are handed over one at a time, as their products are
/// accumulated: `set` does step 1 and the B' lanes' Montgomery step at once, so that a caller
/// can form each sum just before it is set (with `rns_tower`'s barrier between sums, the
/// cyclotomic squaring's products no longer spill: 102 stores a call → 58); `finish` does steps
/// 2–4 for all N, step by step across them (`reduce_scaled`), into the caller's memory
/// (`finish_into`, `finish_uninit`, `finish_split`: no zeroed array to fill and copy out). Every
/// product, squaring and line of the latency path uses it (`rns_tower`).
///
/// Stores a sum: q̂, the reduced B' lanes and ξ once each (q̂ and ξ for the broadcasts,
/// `Stored`; one copy per sum: with one slot reused for all N, the broadcast loads of one sum
/// waited on the store of another, the whole latency path ~60% slower), and the two halves of
/// the result. On AMD Zen 4 a 512-bit store takes about two IFMA issue slots (`issue_micro`).
/// (ξ is not broadcast from the result's own copy: measured no faster, four times.)
pub struct Reductions<const N: usize> {
    /// q̂ of each sum, stored for step 2's broadcasts.
    q: [MaybeUninit<Stored>; N],
    /// Each sum's B' lanes, x·f²·2^−52 mod m'_j, and its factor.
    xc: [MaybeUninit<__m512i>; N],
    s: [usize; N],
    /// Which sums are set (bit n).
    set: u64,
}

impl<const N: usize> Reductions<N> {
    const ALL: u64 = {
        assert!(N <= 64);
        if N == 64 {
            u64::MAX
        } else {
            (1 << N) - 1
        }
    };

    #[inline]
    pub fn new() -> Self {
        Reductions {
            q: [const { MaybeUninit::uninit() }; N],
            xc: [const { MaybeUninit::uninit() }; N],
            s: [1; N],
            set: 0,
        }
    }

    /// Sum n of the batch is s·w (n < N; s ≤ `MAX_SCALE`).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub fn set(&mut self, n: usize, w: &RnsWide, s: usize) {
        self.q[n].write(Stored::new(step_1(w, s)));
        self.xc[n].write(redc_lane(w.cl, w.ch, 1)); // x·f²·2^−52 mod m'_j
        self.s[n] = s;
        self.set |= 1 << n;
    }

    /// The N reduced elements, in the order of their sums (panics unless every sum is set).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub fn finish(&self) -> [Rns; N] {
        let mut r = MaybeUninit::<[Rns; N]>::uninit();
        // SAFETY: r holds N; finish_raw writes all of them
        unsafe {
            self.finish_raw(r.as_mut_ptr() as *mut Rns);
            r.assume_init()
        }
    }

    /// Steps 2–4 of every sum, written to out[0..N] (both halves of each; nothing read there;
    /// out must hold N `Rns`).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub unsafe fn finish_raw(&self, out: *mut Rns) {
        // SAFETY: out holds N elements (the caller's duty)
        unsafe { self.finish_split(out, N, out) }
    }

    /// `finish` as a value of type T made of the N results in order (a repr(C) struct of `Rns`
    /// fields, such as an Fp12 element); panics unless T is N `Rns` in size.
    ///
    /// # Safety
    /// T must consist of exactly N `Rns` in the batch's order (any such bits are a valid T).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub unsafe fn finish_as<T>(&self) -> T {
        assert!(core::mem::size_of::<T>() == N * core::mem::size_of::<Rns>(), "finish_as: T is not N Rns");
        let mut out = MaybeUninit::<T>::uninit();
        // SAFETY: T is N Rns (the caller's duty, size asserted): finish_raw writes all of it
        unsafe {
            self.finish_raw(out.as_mut_ptr() as *mut Rns);
            out.assume_init()
        }
    }

    /// `finish`, written into `out` (no temporary: a caller that keeps its value in place
    /// saves a copy of the whole result).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub fn finish_into(&self, out: &mut [Rns; N]) {
        // SAFETY: out holds N
        unsafe { self.finish_raw(out.as_mut_ptr()) }
    }

    /// `finish` with results 0..k written to `a[0..k]` and k..N to `b[0..N − k]` (two places,
    /// no copy from one to the other; both must hold that many `Rns`).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub unsafe fn finish_split(&self, a: *mut Rns, k: usize, b: *mut Rns) {
        assert!(self.set == Self::ALL, "a reduction batch finished before every sum was set");
        let at = |n: usize| if n < k { unsafe { a.add(n) } } else { unsafe { b.add(n - k) } };
        let mut xs = [const { MaybeUninit::<Stored>::uninit() }; N];
        for n in 0..N {
            // SAFETY: every sum set (asserted above): q[n] and xc[n] written by `set`
            let (q, xc) = unsafe { (self.q[n].assume_init_ref(), self.xc[n].assume_init()) };
            // ξ_j: r in B'
            let c = steps_2_and_3(q, xc, ld(&A13_SCALED[self.s[n]]));
            // SAFETY: the caller's places
            unsafe { core::ptr::addr_of_mut!((*at(n)).c).write(c) };
            xs[n].write(Stored::new(c));
        }
        for n in 0..N {
            // SAFETY: xs[n] written in the loop above; the caller's places
            unsafe { core::ptr::addr_of_mut!((*at(n)).b).write(step_4(xs[n].assume_init_ref())) };
        }
    }

    /// `finish` into uninitialised memory (all of it written).
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub fn finish_uninit(&self, out: &mut MaybeUninit<[Rns; N]>) {
        // SAFETY: out holds N
        unsafe { self.finish_raw(out.as_mut_ptr() as *mut Rns) }
    }
}

impl<const N: usize> Default for Reductions<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// x·y.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mul(x: &Rns, y: &Rns) -> Rns {
    reduce(&mul_wide(x, y))
}

/// Residues below 2m again (from below 4m).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn fold2m(x: __m512i, k: usize) -> __m512i {
    let m2 = _mm512_add_epi64(ld(&TABLES.m[k]), ld(&TABLES.m[k]));
    _mm512_min_epu64(x, _mm512_sub_epi64(x, m2))
}

/// x + y (values add; residues stay below 2m).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn add(x: &Rns, y: &Rns) -> Rns {
    Rns { b: fold2m(_mm512_add_epi64(x.b, y.b), 0), c: fold2m(_mm512_add_epi64(x.c, y.c), 1) }
}

/// x + y with residues below 4m: a product operand only (not stored, not added to again).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn add_nr(x: &Rns, y: &Rns) -> Rns {
    Rns { b: _mm512_add_epi64(x.b, y.b), c: _mm512_add_epi64(x.c, y.c) }
}

/// 32p − x for x < 32p: the negation, as a nonnegative value.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn neg(x: &Rns) -> Rns {
    let t = &TABLES;
    Rns { b: fold2m(_mm512_sub_epi64(ld(&t.neg[0]), x.b), 0), c: fold2m(_mm512_sub_epi64(ld(&t.neg[1]), x.c), 1) }
}

/// 32p − x for x ≤ 32p with residues below 3m (not folded): a product operand only, or a term
/// of `fold_sum`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn neg_nr(x: &Rns) -> Rns {
    let t = &TABLES;
    Rns { b: _mm512_sub_epi64(ld(&t.neg[0]), x.b), c: _mm512_sub_epi64(ld(&t.neg[1]), x.c) }
}

/// Σ k_i·x_i for constants k_i ≤ 15, residues below 2m again by one `fold50` a vector (one IFMA
/// issue slot, where the same sum by `add` takes a `vpminuq` a term). Terms' residues below 3m
/// (`neg_nr`'s), Σ k_i < 2^13; the value is what the terms' values add up to.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn fold_sum<const K: usize>(terms: [(u32, &Rns); K]) -> Rns {
    let z = _mm512_setzero_si512();
    let (mut b, mut c) = (z, z);
    for i in 0..K {
        let (k, x) = terms[i];
        (b, c) = (_mm512_add_epi64(b, times_const(x.b, k)), _mm512_add_epi64(c, times_const(x.c, k)));
    }
    Rns { b: fold50(b, 0), c: fold50(c, 1) }
}

/// x·k per lane for a constant k ≤ 15, by shifts and additions (`shl_opaque`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn times_const(x: __m512i, k: u32) -> __m512i {
    let mut r = _mm512_setzero_si512();
    let mut bit = 0;
    while bit < 4 {
        if (k >> bit) & 1 == 1 {
            r = _mm512_add_epi64(r, shl_opaque(x, bit as u64));
        }
        bit += 1;
    }
    r
}

/// x << n per lane (0 for n ≥ 64), opaque to LLVM: with the shift counts known it otherwise
/// rebuilds a sum of shifts (`times_small`, `times_const`) as a 64-bit product by a constant,
/// without AVX-512DQ two `vpmuludq`, which take IFMA issue slots (`issue_micro`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn shl_opaque(x: __m512i, n: u64) -> __m512i {
    let mut y = _mm512_sll_epi64(x, _mm_cvtsi64_si128(n as i64));
    // SAFETY: an empty statement on a register
    unsafe { core::arch::asm!("/* {0} */", inout(zmm_reg) y, options(pure, nomem, nostack, preserves_flags)) };
    y
}

/// 64p − x for x < 64p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn neg64(x: &Rns) -> Rns {
    let t = &TABLES;
    Rns { b: fold2m(_mm512_sub_epi64(ld(&t.neg64[0]), x.b), 0), c: fold2m(_mm512_sub_epi64(ld(&t.neg64[1]), x.c), 1) }
}

/// Row k: the canonical residues in base B (stored form, below m) of k·p, k ≤ 64 (`eq_mod_p`).
const KP: [[u64; 8]; 65] = {
    let mut r = [[0u64; 8]; 65];
    let mut k = 0;
    while k <= 64 {
        let mut l = 0;
        while l < 8 {
            let m = modulus(0, l);
            r[k][l] = mulmod(mulmod(k as u64, p_mod(m), m), TABLES.f[0][l], m);
            l += 1;
        }
        k += 1;
    }
    r
};

/// Is x ≡ y (mod p), for x, y at most 32p (`neg` of 0 is 32p)? d = x + (32p − y) lies in
/// [0, 64p], so x ≡ y exactly when d is one of the multiples kp, k ≤ 64, all below M: when d's
/// residues in base B (brought below m) are kp's (`KP`). In place of two conversions to blst's form (`to_fp`, a CRT each).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn eq_mod_p(x: &Rns, y: &Rns) -> bool {
    let m = ld(&TABLES.m[0]);
    // below 2m + 3m < 2^53, then below 2m by the fold, then below m
    let d = fold50(_mm512_add_epi64(x.b, _mm512_sub_epi64(ld(&TABLES.neg[0]), y.b)), 0);
    let d = _mm512_min_epu64(d, _mm512_sub_epi64(d, m));
    let mut hit = false;
    for kp in &KP {
        hit |= _mm512_cmpeq_epi64_mask(d, ld(kp)) == 0xff;
    }
    hit
}

/// x − y = x + (32p − y) for y < 32p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub(x: &Rns, y: &Rns) -> Rns {
    add(x, &neg(y))
}

// ---------------------------------------------------------------- blst values in and out

/// Constants of the conversions.
struct Conv {
    /// M mod p (blst's form): `residues`.
    m: blst_fp,
    /// Residues of the integer M²·2^−384 mod p: `from_fp` multiplies blst's raw limbs
    /// (a·2^384 mod p) by it into a·M.
    k_in: [[u64; 8]; 2],
    /// Residues of 2^384 mod p: `to_fp` multiplies by it into a·2^384 (blst's raw limbs).
    k_out: [[u64; 8]; 2],
    /// M/m_i and M as integers (64-bit words, least significant first).
    m_over: [[u64; 7]; 8],
    m_int: [u64; 7],
    /// The same in radix 2^52 (`raw_to_fp_x8`: M/m_i < 2^350 in seven limbs, M < 2^400 in eight).
    m_over52: [[u64; 8]; 8],
    m_int52: [u64; 8],
}

/// p as 64-bit words.
const P64: [u64; 7] = {
    let mut p = [0u64; 7];
    let mut i = 0;
    while i < 6 {
        p[i] = crate::consts::P_MINUS_2[i];
        i += 1;
    }
    p[0] += 2; // no carry: the low word of p − 2 is ...aaa9
    p
};

/// x as an element of Fp (blst's form).
pub(crate) fn fp_from_u64(x: u64) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads six limbs, writes r.
    unsafe { blst_fp_from_uint64(&mut r, [x, 0, 0, 0, 0, 0].as_ptr()) };
    r
}

/// a·b in blst's form.
pub(crate) fn fp_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads a, b, writes r.
    unsafe { blst_fp_mul(&mut r, a, b) };
    r
}

/// 1/a in blst's form (0 ↦ 0, as blst), in **variable time**: ruint's Lehmer extended Euclid on
/// blst's raw limbs a·R (R = 2^384) gives (a·R)⁻¹, and one Montgomery product by R³ mod p makes
/// it a⁻¹·R. Every value inverted here is public (the pairing's factor t, the easy part's norm,
/// constants: README's constant-time table); on AMD Zen 4 it takes ~0.95 µs where blst's
/// constant-time `blst_fp_inverse` takes ~2.4 µs (`results/amd-epyc-f25m17-2026-11-26-fp-inverse.txt`).
pub fn fp_inv(a: &blst_fp) -> blst_fp {
    use ruint::aliases::U384;
    // p, and R³ mod p as blst's raw limbs
    static K: OnceLock<(U384, blst_fp)> = OnceLock::new();
    let (p, r3) = K.get_or_init(|| {
        let p = U384::from_limbs(core::array::from_fn(|i| P64[i]));
        (p, blst_fp { l: U384::from(2u64).pow_mod(U384::from(3 * 384u64), p).into_limbs() })
    });
    match U384::from_limbs(a.l).inv_mod(*p) {
        Some(u) => fp_mul(&blst_fp { l: u.into_limbs() }, r3),
        None => blst_fp::default(),
    }
}

/// 1/a in blst's form by blst's constant-time inversion: `fp_inv`'s reference.
pub fn fp_inv_blst(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: blst reads a, writes r.
    unsafe { blst_fp_inverse(&mut r, a) };
    r
}

/// Π of base B's moduli but lane `skip` (8: none), as an integer.
fn big_prod(skip: usize) -> [u64; 7] {
    let mut r = [1u64, 0, 0, 0, 0, 0, 0];
    for l in (0..8).filter(|&l| l != skip) {
        let mut carry = 0u128;
        for w in r.iter_mut() {
            let t = *w as u128 * modulus(0, l) as u128 + carry;
            *w = t as u64;
            carry = t >> 64;
        }
    }
    r
}

fn conv() -> &'static Conv {
    static C: OnceLock<Conv> = OnceLock::new();
    C.get_or_init(|| {
        let m = (0..8).fold(fp_from_u64(1), |a, l| fp_mul(&a, &fp_from_u64(modulus(0, l))));
        let mut r384 = fp_from_u64(1); // 2^384 = (2^64)^6
        let mut w64 = blst_fp::default();
        // SAFETY: blst reads six limbs, writes w64.
        unsafe { blst_fp_from_uint64(&mut w64, [0, 1, 0, 0, 0, 0].as_ptr()) };
        for _ in 0..6 {
            r384 = fp_mul(&r384, &w64);
        }
        // residues(v) is the integer v·M: v = M·2^−384 gives M²·2^−384, v = 2^384·M⁻¹ gives 2^384
        let k_in = residues_with(&fp_mul(&m, &fp_inv(&r384)), &m);
        let k_out = residues_with(&fp_mul(&r384, &fp_inv(&m)), &m);
        let (m_over, m_int): ([[u64; 7]; 8], _) = (core::array::from_fn(big_prod), big_prod(8));
        let m_over52 = m_over.map(|w| words_to_limbs(&w));
        Conv { m, k_in, k_out, m_over, m_int, m_over52, m_int52: words_to_limbs(&m_int) }
    })
}

/// The element of blst's form a as RNS (x = a·M mod p, below 17p): blst's raw limbs (a·2^384 mod
/// p) split into radix-2^52 limbs, their residues by one matrix product per base, and one
/// product by the integer M²·2^−384.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn from_fp(a: &blst_fp) -> Rns {
    let xv = ld(&words_to_limbs(&a.l));
    let raw = Rns { b: base_extend_mont(xv, &TABLES.limb[0], 0), c: base_extend_mont(xv, &TABLES.limb[1], 1) };
    let c = conv();
    mul(&raw, &from_lanes(&c.k_in[0], &c.k_in[1]))
}

/// `from_fp`'s residues, bases B and B', by scalar arithmetic (constants, tests).
pub fn residues(a: &blst_fp) -> [[u64; 8]; 2] {
    residues_with(a, &conv().m)
}

fn residues_with(a: &blst_fp, m_mod_p: &blst_fp) -> [[u64; 8]; 2] {
    let x = fp_mul(a, m_mod_p);
    let mut limbs = [0u64; 6];
    // SAFETY: blst reads x, writes six limbs.
    unsafe { blst_uint64_from_fp(limbs.as_mut_ptr(), &x) };
    let lanes = |k: usize| -> [u64; 8] {
        core::array::from_fn(|l| {
            let m = modulus(k, l);
            let r = limbs.iter().rev().fold(0u64, |r, &d| ((((r as u128) << 64) + d as u128) % m as u128) as u64);
            mulmod(r, TABLES.f[k][l], m)
        })
    };
    [lanes(0), lanes(1)]
}

/// The element with these residues (stored form: times the lane factors; each < 2^52).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn from_lanes(b: &[u64; 8], c: &[u64; 8]) -> Rns {
    Rns { b: ld(b), c: ld(c) }
}

/// Residues of base k, as integers.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn lanes(x: &Rns, k: usize) -> [u64; 8] {
    let mut r = [0u64; 8];
    // SAFETY: 64-byte unaligned write into an [u64; 8].
    unsafe { _mm512_storeu_si512(r.as_mut_ptr() as *mut _, if k == 0 { x.b } else { x.c }) };
    r
}

/// The integer x < M the residues stand for, as (ξ_i, α): x = Σ ξ_i·(M/m_i) − α·M (CRT in B,
/// with ξ_i = x·(M/m_i)⁻¹ mod m_i below 2m_i).
#[target_feature(enable = "avx512f,avx512ifma")]
fn crt(x: &Rns) -> ([u64; 8], u64) {
    let xi = lanes(&Rns { b: crt_xi(x), c: x.c }, 0);
    // Σ ξ_i/m_i = α + x/M with x/M < 2^−14: round to the nearest integer
    let s: f64 = (0..8).map(|i| xi[i] as f64 / modulus(0, i) as f64).sum();
    (xi, s.round() as u64)
}

/// The CRT's ξ_i = x·(M/m_i)⁻¹ mod m_i (below 2m_i) in lane i: one Montgomery step of the B
/// residues (stored form) by `Tables::crt`.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn crt_xi(x: &Rns) -> __m512i {
    mont_lane(x.b, ld(&TABLES.crt), 0)
}

/// The element of Fp (blst's form) that x stands for: y = x·2^384 (one product), its integer by
/// the CRT in base B (64-bit words), reduced mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn to_fp(x: &Rns) -> blst_fp {
    let c = conv();
    raw_to_fp(&mul(x, &from_lanes(&c.k_out[0], &c.k_out[1])))
}

/// The elements x_n·k (k = 1 when None) in blst's form: `to_fp` of N values with their products
/// by k·2^384 in one reduction batch (one product each, not two, and side by side, where N
/// calls of `to_fp` wait on one reduction each).
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn to_fp_batch<const N: usize>(x: &[Rns; N], k: Option<&Rns>) -> [blst_fp; N] {
    let c = conv();
    let k_out = from_lanes(&c.k_out[0], &c.k_out[1]);
    let k = match k {
        Some(k) => mul(k, &k_out),
        None => k_out,
    };
    let mut r = Reductions::<N>::new();
    for n in 0..N {
        r.set(n, &mul_wide(&x[n], &k), 1);
    }
    let y = r.finish();
    // eight at a time in the lanes (`raw_to_fp_x8`), the last chunk padded with zeros
    let mut out = [blst_fp::default(); N];
    for (ys, os) in y.chunks(8).zip(out.chunks_mut(8)) {
        let mut chunk = [Rns { b: _mm512_setzero_si512(), c: _mm512_setzero_si512() }; 8];
        chunk[..ys.len()].copy_from_slice(ys);
        let fps = raw_to_fp_x8(&chunk);
        os.copy_from_slice(&fps[..os.len()]);
    }
    out
}

/// `raw_to_fp` of eight values at once, one value a lane: each value's ξ_i as in `crt`; the
/// 8×8 block turned so that vector i holds ξ_i of the eight values; α = round(Σ ξ_i/m_i) in
/// double precision (x/M < 2^−14, so the sum is that close to α); the integer
/// Σ ξ_i·(M/m_i) − α·M (below 17p) in radix 2^52 by IFMA; mod p by the quotient less one,
/// estimated from the top two limbs, and two conditional subtractions of p; blst's 64-bit
/// words. `raw_to_fp` is its scalar reference (`tests/rns.rs`).
#[target_feature(enable = "avx512f,avx512ifma")]
fn raw_to_fp_x8(y: &[Rns; 8]) -> [blst_fp; 8] {
    let c = conv();
    let z = _mm512_setzero_si512();
    // ξ of value v in lanes i (`crt_xi`), then vector i = ξ_i of values 0..8 (gathered by columns)
    let rows: [Stored; 8] = core::array::from_fn(|v| Stored::new(crt_xi(&y[v])));
    let column = _mm512_setr_epi64(0, 8, 16, 24, 32, 40, 48, 56);
    // SAFETY: the gathers read rows[0..8].0[i], within the 8×8 array of u64
    let xi: [__m512i; 8] =
        core::array::from_fn(|i| unsafe { _mm512_i64gather_epi64::<8>(column, rows[0].0.as_ptr().add(i) as *const _) });
    // u64 below 2^52 to double, exactly: the bits under the exponent of 2^52
    let two52 = _mm512_set1_pd(4_503_599_627_370_496.0);
    let to_f64 = |v: __m512i| _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(v, _mm512_castpd_si512(two52))), two52);
    let mut s = _mm512_setzero_pd();
    for i in 0..8 {
        s = _mm512_fmadd_pd(to_f64(xi[i]), _mm512_set1_pd(1.0 / modulus(0, i) as f64), s);
    }
    // α ≤ 16: rounded to the nearest integer, back to u64 through the same exponent
    let alpha = _mm512_and_si512(
        _mm512_castpd_si512(_mm512_add_pd(_mm512_roundscale_pd::<0x08>(s), two52)),
        _mm512_set1_epi64(MASK52 as i64),
    );
    // Σ ξ_i·(M/m_i): columns of 16 terms below 2^52
    let mut acc = [z; 8];
    for i in 0..8 {
        for j in 0..7 {
            let k = _mm512_set1_epi64(c.m_over52[i][j] as i64);
            acc[j] = _mm512_madd52lo_epu64(acc[j], xi[i], k);
            acc[j + 1] = _mm512_madd52hi_epu64(acc[j + 1], xi[i], k);
        }
    }
    // − α·M (α·M's top column is 0: M's top limb is below 2^44)
    for j in 0..8 {
        let k = _mm512_set1_epi64(c.m_int52[j] as i64);
        acc[j] = _mm512_sub_epi64(acc[j], _mm512_madd52lo_epu64(z, alpha, k));
        if j < 7 {
            acc[j + 1] = _mm512_sub_epi64(acc[j + 1], _mm512_madd52hi_epu64(z, alpha, k));
        }
    }
    carry_s(&mut acc); // the integer y < 17p, limbs below 2^52
                       // q = ⌊y/p⌋ − 1 (at least 0) from the top two limbs, y − q·p below 3p
    let scale = _mm512_set1_pd(2f64.powi(312) / p_f64());
    let top = _mm512_fmadd_pd(to_f64(acc[7]), _mm512_set1_pd(2f64.powi(52)), to_f64(acc[6]));
    let est = _mm512_sub_pd(_mm512_roundscale_pd::<0x09>(_mm512_mul_pd(top, scale)), _mm512_set1_pd(1.0));
    let est = _mm512_max_pd(est, _mm512_setzero_pd());
    let q = _mm512_and_si512(_mm512_castpd_si512(_mm512_add_pd(est, two52)), _mm512_set1_epi64(MASK52 as i64));
    for j in 0..8 {
        let k = _mm512_set1_epi64(P[j] as i64);
        acc[j] = _mm512_sub_epi64(acc[j], _mm512_madd52lo_epu64(z, q, k));
        if j < 7 {
            acc[j + 1] = _mm512_sub_epi64(acc[j + 1], _mm512_madd52hi_epu64(z, q, k));
        }
    }
    carry_s(&mut acc);
    // y − p where that is not negative, twice: y < p
    for _ in 0..2 {
        let mut t: [__m512i; 8] = core::array::from_fn(|j| _mm512_sub_epi64(acc[j], _mm512_set1_epi64(P[j] as i64)));
        carry_s(&mut t);
        let keep = _mm512_cmplt_epi64_mask(t[7], z); // lanes where y < p
        acc = core::array::from_fn(|j| _mm512_mask_blend_epi64(keep, t[j], acc[j]));
    }
    // radix 2^52 → six 64-bit words a lane
    let sh = |v: __m512i, n: u32| _mm512_srlv_epi64(v, _mm512_set1_epi64(n as i64));
    let sl = |v: __m512i, n: u32| _mm512_sllv_epi64(v, _mm512_set1_epi64(n as i64));
    let words = [
        _mm512_or_si512(acc[0], sl(acc[1], 52)),
        _mm512_or_si512(sh(acc[1], 12), sl(acc[2], 40)),
        _mm512_or_si512(sh(acc[2], 24), sl(acc[3], 28)),
        _mm512_or_si512(sh(acc[3], 36), sl(acc[4], 16)),
        _mm512_or_si512(_mm512_or_si512(sh(acc[4], 48), sl(acc[5], 4)), sl(acc[6], 56)),
        _mm512_or_si512(sh(acc[6], 8), sl(acc[7], 44)),
    ];
    let w: [Stored; 6] = words.map(|v| Stored::new(v));
    core::array::from_fn(|v| blst_fp { l: core::array::from_fn(|k| w[k].0[v]) })
}

/// The element of Fp (blst's form) whose raw limbs y ≡ a·2^384 stands for (y a reduction's
/// output): its integer by the CRT in base B (64-bit words), reduced mod p.
#[target_feature(enable = "avx512f,avx512ifma")]
fn raw_to_fp(y: &Rns) -> blst_fp {
    let c = conv();
    let (xi, alpha) = crt(y);
    // Σ ξ_i·(M/m_i): columns of 8 products below 2^115
    let mut acc = [0u128; 7];
    for i in 0..8 {
        for j in 0..7 {
            acc[j] += xi[i] as u128 * c.m_over[i][j] as u128;
        }
    }
    // − α·M, then carries (the result is y < 17p < 2^386)
    let mut r = [0u64; 7];
    let (mut carry, mut borrow) = (0u128, 0u128);
    for j in 0..7 {
        let t = acc[j] + carry;
        carry = t >> 64;
        let s = alpha as u128 * c.m_int[j] as u128 + borrow;
        borrow = s >> 64;
        let (d, under) = (t as u64).overflowing_sub(s as u64);
        r[j] = d;
        borrow += under as u128;
    }
    // y mod p: subtract ⌊y/p⌋ − 1 times p (estimated in floating point), then at most twice p
    let top = r[6] as f64 * 2f64.powi(384) + r[5] as f64 * 2f64.powi(320) + r[4] as f64 * 2f64.powi(256);
    let q = ((top / p_f64()) as u64).saturating_sub(1);
    sub_mul_p(&mut r, q);
    while !lt_p(&r) {
        sub_mul_p(&mut r, 1);
    }
    blst_fp { l: [r[0], r[1], r[2], r[3], r[4], r[5]] }
}

/// r −= q·p (r ≥ q·p).
fn sub_mul_p(r: &mut [u64; 7], q: u64) {
    let (mut carry, mut borrow) = (0u128, 0u64);
    for j in 0..7 {
        let s = q as u128 * P64[j] as u128 + carry;
        carry = s >> 64;
        let (d1, b1) = r[j].overflowing_sub(s as u64);
        let (d2, b2) = d1.overflowing_sub(borrow);
        r[j] = d2;
        borrow = (b1 | b2) as u64;
    }
}

fn lt_p(r: &[u64; 7]) -> bool {
    for j in (0..7).rev() {
        if r[j] != P64[j] {
            return r[j] < P64[j];
        }
    }
    false
}

/// x/p as a float (the bound of the value the residues stand for, for tests): x = Σ ξ_i·(M/m_i) − αM.
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn value_over_p(x: &Rns) -> f64 {
    let (xi, alpha) = crt(x);
    // x/M = Σ ξ_i/m_i − α, and M/p
    let frac: f64 = (0..8).map(|i| xi[i] as f64 / modulus(0, i) as f64).sum::<f64>() - alpha as f64;
    let m_over_p = (0..8).map(|i| modulus(0, i) as f64).product::<f64>() / p_f64();
    frac * m_over_p
}

fn p_f64() -> f64 {
    P.iter().rev().fold(0.0, |a, &l| a * 2f64.powi(52) + l as f64)
}
