//! The RNS Montgomery reduction (Bajard–Imbert; Kawamura et al., EUROCRYPT 2000; the steps are
//! described in `field`'s module comment): `reduce`, `reduce_scaled` and the batch of independent
//! reductions `Reductions`, whose sums are handed in as they are formed.
// Safety of every pub function: it needs avx512f + avx512ifma.
#![allow(clippy::missing_safety_doc, clippy::needless_range_loop)]
use super::field::*;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;

/// Largest factor of `reduce_scaled`.
pub const MAX_SCALE: usize = 12;

/// Step 3's constant that multiplies x, times s = 0..=MAX_SCALE (`reduce_scaled`).
pub(super) const A13_SCALED: [[u64; 8]; MAX_SCALE + 1] = {
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
pub(super) const SMALL_SHIFTS: [[u64; 3]; MAX_SCALE + 1] = {
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
pub(super) fn times_small(x: __m512i, s: usize) -> __m512i {
    let [a, b, c] = SMALL_SHIFTS[s];
    _mm512_add_epi64(_mm512_add_epi64(shl_opaque(x, a), shl_opaque(x, b)), shl_opaque(x, c))
}

/// Step 4's correction −αM' in base B (stored form), α·h mod m_i for α = 0..=16: added to the
/// matrix product's low half after the product (`base_extend`), one load instead of a broadcast
/// and two IFMAs.
pub(super) const ALPHA_H: [[u64; 8]; 17] = {
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
/// issue slot, `examples/issue_micro`.)
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
pub(super) fn step_1(w: &RnsWide, s: usize) -> __m512i {
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
pub(super) fn step_4(xi: &Stored) -> __m512i {
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
/// can form each sum just before it is set (with `rns::tower`'s barrier between sums, the
/// cyclotomic squaring's products no longer spill: 102 stores a call → 58); `finish` does steps
/// 2–4 for all N, step by step across them (`reduce_scaled`), into the caller's memory
/// (`finish_into`, `finish_uninit`, `finish_split`: no zeroed array to fill and copy out). Every
/// product, squaring and line of the latency path uses it (`rns::tower`).
///
/// Stores a sum: q̂, the reduced B' lanes and ξ once each (q̂ and ξ for the broadcasts,
/// `Stored`; one copy per sum: with one slot reused for all N, the broadcast loads of one sum
/// waited on the store of another, and the whole latency path ran much slower), and the two halves of
/// the result. On AMD Zen 4 a 512-bit store takes about two IFMA issue slots (`examples/issue_micro`).
/// (ξ is not broadcast from the result's own copy: that was no faster.)
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
