//! RNS Fp, the base of the latency path: one element of Fp held as its residues modulo 16 primes
//! near 2^50, so that a product is lane-wise (4 IFMA, no carries between lanes) and the reduction
//! modulo p is done once per sum of products.
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
//! by s ≤ 12 first (s·K·c² < 2^18). Every caller states its sums' bounds (`rns::tower`), and
//! `rns/tests.rs` drives sums at the limit.
//!
//! Every function needs avx512f + avx512ifma (like `lanes::field`).
// Safety of every pub function: it needs avx512f + avx512ifma (`lanes::field`'s module comment).
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use crate::consts::P;
use core::arch::x86_64::*;

/// The moduli are 2^50 − c for these c: base B the first eight, base B' the last eight (the 16
/// smallest c for which 2^50 − c is prime, `rns/tests.rs` checks primality; 377 in B and 161 in
/// B', not the other way round, so that B's lane factors exist: `lane_factor`).
pub const MODULI_C: [u64; 16] = [27, 35, 51, 71, 113, 117, 131, 377, 161, 195, 233, 267, 341, 351, 423, 447];

/// Products a sum may accumulate before `reduce` (bound of the 64-bit accumulators and of the
/// fold in `redc_lane`; the value bound K·c² < 2^18 is the caller's).
#[allow(dead_code)] // the bound the accumulators are built for; callers state theirs
pub const MAX_TERMS: usize = 1024;

pub(super) const MASK52: u64 = (1 << 52) - 1;
pub(super) const MASK50: u64 = (1 << 50) - 1;

// ---------------------------------------------------------------- scalar arithmetic mod m < 2^64

pub(super) const fn mulmod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

pub(super) const fn powmod(mut b: u64, mut e: u64, m: u64) -> u64 {
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
pub(super) const fn invmod(a: u64, m: u64) -> u64 {
    powmod(a, m - 2, m)
}

/// The modulus of lane l of base k (0 = B, 1 = B').
pub const fn modulus(k: usize, l: usize) -> u64 {
    (1u64 << 50) - MODULI_C[8 * k + l]
}

/// p mod m (p from its radix-2^52 limbs).
pub(super) const fn p_mod(m: u64) -> u64 {
    let mut r = 0u64;
    let mut i = 8;
    while i > 0 {
        i -= 1;
        r = ((((r as u128) << 52) + P[i] as u128) % m as u128) as u64;
    }
    r
}

/// Π of base k's moduli, skipping lane `skip` (8: none), mod m.
pub(super) const fn prod_mod(k: usize, skip: usize, m: u64) -> u64 {
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
pub(super) const fn inv52(m: u64) -> u64 {
    let mut inv = m; // correct to 3 bits
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(inv)));
        i += 1;
    }
    inv & MASK52
}

/// A square root of a modulo the prime m (Tonelli–Shanks), the smaller of the two; a must be
/// a square (0 if it is not: `rns/tests.rs` checks every root the tables use).
pub(super) const fn sqrt_mod(a: u64, m: u64) -> u64 {
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
pub(super) const fn step1_constant(i: usize) -> u64 {
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
    pub(super) const fn new() -> Tables {
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
    pub(super) bl: __m512i,
    pub(super) bh: __m512i,
    pub(super) cl: __m512i,
    pub(super) ch: __m512i,
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn ld(a: &[u64; 8]) -> __m512i {
    // SAFETY: 64-byte unaligned read of an [u64; 8].
    unsafe { _mm512_loadu_si512(a.as_ptr() as *const _) }
}

#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// x·2^−52 mod m per lane for x = hi·2^52 + lo (hi + lo/2^52 < 2^64 − m): one Montgomery
/// step by subtraction, result ≡ x·2^−52 in (h, h + m] for h = hi + ⌊lo/2^52⌋. With q = lo·m⁻¹
/// mod 2^52, q·m ≡ lo (mod 2^52), so x − q·m = (h − hi52(q·m))·2^52 exactly: two IFMA, not the
/// three of (x + q·(−m⁻¹ mod 2^52)·m)/2^52, whose low half's carry needs its own product (on AMD
/// Zen 4 the additions and shifts issue beside the IFMAs, `examples/issue_micro`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn mont_step(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
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
pub(super) fn fold50(r: __m512i, k: usize) -> __m512i {
    _mm512_madd52lo_epu64(_mm512_and_si512(r, splat(MASK50)), _mm512_srli_epi64::<50>(r), ld(&TABLES.cf[k]))
}

/// x·2^−52 mod m per lane, < 2m, for any sum x of up to `MAX_TERMS` products of operands below
/// 2^52 (hi < 2^62).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn redc_lane(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
    fold50(mont_step(lo, hi, k), k)
}

/// Σ_l a_l·b_l·2^−52 mod m per lane, for one or two products of an operand below 2m and one
/// below m: hi < m, so the Montgomery step alone leaves the result below 2m (no fold).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn mont_lane(a: __m512i, b: __m512i, k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    mont_step(_mm512_madd52lo_epu64(z, a, b), _mm512_madd52hi_epu64(z, a, b), k)
}

/// Σ_i (lane i of x)·rows[i] per lane, times 2^−52 (Montgomery), reduced below 2m: the residues
/// of an integer from its radix-2^52 limbs (`from_fp`; x < 2^52, rows < m).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn base_extend_mont(x: __m512i, rows: &[[u64; 8]; 8], k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    let (lo, hi) = matrix_product(&Stored::new(x), rows, z, z);
    redc_lane(lo, hi, k)
}

/// A vector's lanes in memory, for the broadcast loads of `matrix_product`.
#[repr(C, align(64))]
pub(super) struct Stored(pub(super) [u64; 8]);

impl Stored {
    #[target_feature(enable = "avx512f,avx512ifma")]
    #[inline]
    pub(super) fn new(x: __m512i) -> Stored {
        let mut s = Stored([0; 8]);
        // SAFETY: aligned 64-byte write into an [u64; 8] aligned to 64.
        unsafe { _mm512_store_si512(s.0.as_mut_ptr() as *mut _, x) };
        s
    }

    /// Lane i, read by a plain load (not folded into vector extractions by the compiler).
    #[inline]
    pub(super) fn lane(&self, i: usize) -> u64 {
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
/// that cost a few percent of a pairing (as much as `-C target-cpu=znver4`'s schedule gained;
/// four chains, or the products of two sums interleaved, ran slower).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn matrix_product(x: &Stored, rows: &[[u64; 8]; 8], lo: __m512i, hi: __m512i) -> (__m512i, __m512i) {
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
/// scalar code.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn base_extend(x: &Stored, rows: &[[u64; 8]; 8], e: __m512i, k: usize) -> __m512i {
    let z = _mm512_setzero_si512();
    let (lo, hi) = matrix_product(x, rows, z, z);
    fold_pseudo_mersenne(_mm512_add_epi64(lo, e), hi, k)
}

/// lo + hi·2^52 mod m below 2m (hi < 2^52, lo < 2^60): with u = ⌊lo/2^50⌋ + 4·hi (< 2^55),
/// the value is (lo mod 2^50) + u·2^50 ≡ (lo mod 2^50) + u·c (m = 2^50 − c), below 2^63 (c <
/// 2^9), then `fold50`. `vpmullq` takes one IFMA issue slot on AMD Zen 4 (`examples/issue_micro`): two
/// slots in all, against four for the same fold by IFMA halves.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn fold_pseudo_mersenne(lo: __m512i, hi: __m512i, k: usize) -> __m512i {
    let u = _mm512_add_epi64(_mm512_srli_epi64::<50>(lo), _mm512_slli_epi64::<2>(hi));
    let v = _mm512_add_epi64(_mm512_and_si512(lo, splat(MASK50)), mullo(u, ld(&TABLES.cf[k])));
    fold50(v, k)
}

/// The low 64 bits of a·b per lane (`vpmullq`, AVX-512DQ, which every IFMA CPU has; written as
/// `asm!` so that the functions it is inlined into need not all enable avx512dq).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn mullo(a: __m512i, b: __m512i) -> __m512i {
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
pub(super) fn steps_2_and_3(q: &Stored, x: __m512i, a: __m512i) -> __m512i {
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

/// x·y.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn mul(x: &Rns, y: &Rns) -> Rns {
    use super::reduction::reduce;
    reduce(&mul_wide(x, y))
}

/// Residues below 2m again (from below 4m).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn fold2m(x: __m512i, k: usize) -> __m512i {
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
pub(super) fn times_const(x: __m512i, k: u32) -> __m512i {
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
/// without AVX-512DQ two `vpmuludq`, which take IFMA issue slots (`examples/issue_micro`).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn shl_opaque(x: __m512i, n: u64) -> __m512i {
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
pub(super) const KP: [[u64; 8]; 65] = {
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

#[cfg(test)]
/// x − y = x + (32p − y) for y < 32p.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub fn sub(x: &Rns, y: &Rns) -> Rns {
    add(x, &neg(y))
}
