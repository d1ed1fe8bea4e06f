//! Shared helpers: a deterministic generator, random points and field elements through blst.
#![allow(dead_code)]
use blst::*;
/// A (G1, G2) pair, as `evm384_ifma::Pair`.
type Pair = (blst_p1_affine, blst_p2_affine);

/// splitmix64: deterministic, seedable.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    /// A 255-bit scalar, little-endian bytes.
    pub fn scalar(&mut self) -> [u8; 32] {
        let mut b = [0u8; 32];
        for c in b.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        b[31] &= 0x3f;
        b
    }
    /// A uniform-ish element of Fp (< 2^380 < p).
    pub fn fp(&mut self) -> blst_fp {
        let mut w = [0u64; 6];
        for x in w.iter_mut() {
            *x = self.next();
        }
        w[5] &= (1 << 60) - 1;
        fp_from_words(&w)
    }
    pub fn fp2(&mut self) -> blst_fp2 {
        blst_fp2 { fp: [self.fp(), self.fp()] }
    }
    pub fn fp12(&mut self) -> blst_fp12 {
        let mut f = blst_fp12::default();
        for i in 0..2 {
            for j in 0..3 {
                f.fp6[i].fp2[j] = self.fp2();
            }
        }
        f
    }
    pub fn g1(&mut self) -> blst_p1_affine {
        g1_mul(unsafe { &*blst_p1_generator() }, &self.scalar())
    }
    pub fn g2(&mut self) -> blst_p2_affine {
        g2_mul(unsafe { &*blst_p2_generator() }, &self.scalar())
    }
    pub fn pair(&mut self) -> Pair {
        (self.g1(), self.g2())
    }
}

pub fn fp_from_words(w: &[u64; 6]) -> blst_fp {
    let mut r = blst_fp::default();
    unsafe { blst_fp_from_uint64(&mut r, w.as_ptr()) };
    r
}

pub fn g1_mul(p: &blst_p1, k: &[u8; 32]) -> blst_p1_affine {
    let mut r = blst_p1::default();
    let mut a = blst_p1_affine::default();
    unsafe {
        blst_p1_mult(&mut r, p, k.as_ptr(), 255);
        blst_p1_to_affine(&mut a, &r);
    }
    a
}

pub fn g2_mul(p: &blst_p2, k: &[u8; 32]) -> blst_p2_affine {
    let mut r = blst_p2::default();
    let mut a = blst_p2_affine::default();
    unsafe {
        blst_p2_mult(&mut r, p, k.as_ptr(), 255);
        blst_p2_to_affine(&mut a, &r);
    }
    a
}

pub fn g1_aff_mul(p: &blst_p1_affine, k: &[u8; 32]) -> blst_p1_affine {
    let mut j = blst_p1::default();
    unsafe { blst_p1_from_affine(&mut j, p) };
    g1_mul(&j, k)
}

pub fn g2_aff_mul(p: &blst_p2_affine, k: &[u8; 32]) -> blst_p2_affine {
    let mut j = blst_p2::default();
    unsafe { blst_p2_from_affine(&mut j, p) };
    g2_mul(&j, k)
}

pub fn g1_neg(p: &blst_p1_affine) -> blst_p1_affine {
    let mut j = blst_p1::default();
    let mut a = blst_p1_affine::default();
    unsafe {
        blst_p1_from_affine(&mut j, p);
        blst_p1_cneg(&mut j, true);
        blst_p1_to_affine(&mut a, &j);
    }
    a
}

/// True where the IFMA engine can run; tests of the engine's internals return early elsewhere
/// (their blst-backend counterparts still run).
/// Whether this test can exercise the IFMA code: the CPU has AVX-512 IFMA and `EVM384_IFMA` does
/// not turn it off. Otherwise it says `SKIPPED <test>: …` on the terminal (written past the test
/// harness's output capture, so a plain `cargo test` shows it) and returns false — unless
/// `EVM384_REQUIRE_IFMA=1`, which turns the skip into a failure (a machine with IFMA proves the
/// code: `EVM384_REQUIRE_IFMA=1 cargo test -p evm384-ifma`).
pub fn require_ifma(test: &str) -> bool {
    use std::io::Write;
    if evm384_ifma::backend() == evm384_ifma::Backend::Ifma {
        return true;
    }
    let why = if evm384_ifma::ifma_supported() {
        "EVM384_IFMA turns the IFMA engine off"
    } else {
        "this CPU has no AVX-512 IFMA"
    };
    if evm384_testkit::required(evm384_testkit::Requirement::Ifma) {
        panic!("{test}: EVM384_REQUIRE_IFMA=1 but {why}");
    }
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.iter().any(|t| t == test) {
        said.push(test.to_string());
        let line = format!("SKIPPED {test}: {why} (EVM384_REQUIRE_IFMA=1 makes this a failure)\n");
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
    false
}

pub fn fp12_pow(f: &blst_fp12, k: &[u8; 32]) -> blst_fp12 {
    let mut r = { unsafe { *blst_fp12_one() } };
    for byte in k.iter().rev() {
        for bit in (0..8).rev() {
            unsafe { blst_fp12_sqr(&mut r, &r) };
            if (byte >> bit) & 1 == 1 {
                unsafe { blst_fp12_mul(&mut r, &r, f) };
            }
        }
    }
    r
}

/// The Fp12 one.
pub fn fp12_one() -> blst_fp12 {
    unsafe { *blst_fp12_one() }
}

/// blst's Miller loop product of the pairs not at infinity (`blst_miller_loop_n`).
pub fn ref_miller_loop(pairs: &[Pair]) -> blst_fp12 {
    let live: Vec<&Pair> =
        pairs.iter().filter(|(p, q)| unsafe { !blst_p1_affine_is_inf(p) && !blst_p2_affine_is_inf(q) }).collect();
    if live.is_empty() {
        return fp12_one();
    }
    let ps: Vec<*const blst_p1_affine> = live.iter().map(|p| &p.0 as *const _).collect();
    let qs: Vec<*const blst_p2_affine> = live.iter().map(|p| &p.1 as *const _).collect();
    let mut r = blst_fp12::default();
    unsafe { blst_miller_loop_n(&mut r, qs.as_ptr(), ps.as_ptr(), live.len()) };
    r
}

/// blst's final exponentiation.
pub fn ref_final_exp(f: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    unsafe { blst_final_exp(&mut r, f) };
    r
}

/// blst's e(P, Q) (Miller loop + final exponentiation): the reference of every pairing value.
pub fn ref_pairing(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
    ref_final_exp(&ref_miller_loop(&[(*p, *q)]))
}

/// blst's verdict on Π e(Pj, Qj) = 1.
pub fn ref_pairing_check(pairs: &[Pair]) -> bool {
    unsafe { blst_fp12_is_one(&ref_final_exp(&ref_miller_loop(pairs))) }
}
