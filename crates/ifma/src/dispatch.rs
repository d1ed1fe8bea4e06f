//! Backend detection, the batches' engine choice, and the fallback.
//!
//! The IFMA engines run only where `is_x86_feature_detected!` reports avx512f, avx512ifma and
//! avx512dq and the environment does not say `EVM384_IFMA=off` (or `0`); everywhere else blst
//! computes the same values. Every call into an engine's `#[target_feature]` code goes through
//! this module, after that check: `latency` (the RNS engine), `lanes` (the 8-lane engine),
//! `reference` (blst).
//!
//! The batches' engine on each core ([`batch_engine`]) is a static rule ([`static_rule`]), which
//! `EVM384_BATCH` overrides and [`autotune`] replaces by a measurement on request; nothing is
//! measured unless asked.
#![cfg_attr(not(target_arch = "x86_64"), allow(unused))]

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use blst::{blst_fp12, blst_p1_affine, blst_p2_affine};

use crate::Pair;

/// Which implementation computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Backend {
    /// The AVX-512 IFMA engines of this crate.
    Ifma,
    /// blst (scalar, mulx/adx assembly): the fallback, and the reference of every test.
    Blst,
}

/// Does this CPU have avx512f, avx512ifma and avx512dq (every IFMA CPU has the last)?
pub fn ifma_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512ifma")
            && std::arch::is_x86_feature_detected!("avx512dq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The backend in use: [`Backend::Ifma`] where the CPU supports it ([`ifma_supported`]) and
/// `EVM384_IFMA` is not `off` or `0`, [`Backend::Blst`] otherwise. Read once per process.
pub fn backend() -> Backend {
    static B: OnceLock<Backend> = OnceLock::new();
    *B.get_or_init(|| if !ifma_switched_off() && ifma_supported() { Backend::Ifma } else { Backend::Blst })
}

/// `EVM384_IFMA` is `off` or `0`: the IFMA engine is switched off for this process.
pub fn ifma_switched_off() -> bool {
    matches!(std::env::var("EVM384_IFMA").as_deref(), Ok("off") | Ok("0"))
}

/// The backend that serves a request: IFMA asked for on a CPU without it gives blst.
pub(crate) fn resolve(requested: Backend) -> Backend {
    if requested == Backend::Ifma && ifma_supported() {
        Backend::Ifma
    } else {
        Backend::Blst
    }
}

/// How a batch runs on each core with IFMA: eight pairings (or checks) at once in the 8-lane
/// engine, or one after the other on the latency (RNS) engine. The values are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BatchEngine {
    /// The 8-lane engine, one pairing or check a lane.
    Lanes,
    /// The latency engine, one pairing or check after the other.
    Latency,
}

const UNSET: u8 = 0;

fn encode(e: BatchEngine) -> u8 {
    match e {
        BatchEngine::Lanes => 1,
        BatchEngine::Latency => 2,
    }
}

/// The process-wide choice of [`batch_engine`]: `UNSET` until first asked or tuned.
static CHOICE: AtomicU8 = AtomicU8::new(UNSET);

/// The engine the batches use on each core under [`crate::Engine::Auto`], fixed at first use:
/// `EVM384_BATCH=lanes` or `=latency` when set, otherwise [`static_rule`] for this CPU, unless
/// [`autotune`] has measured first.
pub fn batch_engine() -> BatchEngine {
    match CHOICE.load(Ordering::Relaxed) {
        1 => BatchEngine::Lanes,
        2 => BatchEngine::Latency,
        _ => {
            let e = forced_batch_engine().unwrap_or_else(|| static_rule(cpu_vendor().as_deref()));
            // a concurrent autotune may have stored first: keep its answer
            match CHOICE.compare_exchange(UNSET, encode(e), Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => e,
                Err(_) => batch_engine(),
            }
        }
    }
}

/// The engine `EVM384_BATCH` forces (`lanes`, `latency`; any other value counts as unset).
pub fn forced_batch_engine() -> Option<BatchEngine> {
    parse_forced(std::env::var("EVM384_BATCH").ok().as_deref())
}

fn parse_forced(v: Option<&str>) -> Option<BatchEngine> {
    match v {
        Some("lanes") => Some(BatchEngine::Lanes),
        Some("latency") => Some(BatchEngine::Latency),
        _ => None,
    }
}

/// The CPU's vendor as CPUID leaf 0 reports it (`AuthenticAMD`, `GenuineIntel`, …).
pub(crate) fn cpu_vendor() -> Option<String> {
    #[cfg(target_arch = "x86_64")]
    {
        let r = std::arch::x86_64::__cpuid(0);
        let bytes: Vec<u8> = [r.ebx, r.edx, r.ecx].iter().flat_map(|w| w.to_le_bytes()).collect();
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// The batches' engine without a measurement: the latency engine, on every CPU. Both engines
/// were measured on one batch of eight (`evm384 bench native`, keys `batch8_per_pairing_engine`
/// and `batch8_per_pairing_latency`; the files under `results/`) on AMD Zen 4 (one 512-bit IFMA
/// issued a cycle) and on an Intel Xeon of family 6 model 167 (two a cycle), and the latency
/// engine was the faster on both; it also wastes nothing on batches that do not fill eight
/// lanes. The CPU's vendor
/// (CPUID's) is the argument so that a CPU measured otherwise can be told apart without a
/// change of API; [`autotune`] measures instead.
pub fn static_rule(_vendor: Option<&str>) -> BatchEngine {
    BatchEngine::Latency
}

/// Both batch engines timed on one batch of eight pairings, on this thread: minimums, in
/// nanoseconds a batch (`evm384-timing`'s smoke plan: a warm-up, then three interleaved samples
/// each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AutotuneTimes {
    /// The 8-lane engine.
    pub lanes_ns: f64,
    /// The latency engine.
    pub latency_ns: f64,
}

impl AutotuneTimes {
    /// The lanes only when at least 3% faster: within that a short measurement is a tie, and
    /// the latency engine wastes nothing on batches that do not fill eight lanes.
    pub fn faster(&self) -> BatchEngine {
        const LANES_MARGIN: f64 = 0.03;
        if self.lanes_ns < self.latency_ns * (1.0 - LANES_MARGIN) {
            BatchEngine::Lanes
        } else {
            BatchEngine::Latency
        }
    }
}

/// Opt-in: measures both batch engines on this CPU ([`AutotuneTimes`]) and, unless
/// `EVM384_BATCH` forces one, makes the faster the process-wide [`batch_engine`] (also when the
/// static rule had been applied already). Without IFMA nothing is measured and `None` returned.
pub fn autotune() -> Option<AutotuneTimes> {
    if backend() != Backend::Ifma {
        return None;
    }
    use std::hint::black_box;
    let pairs = sample_pairs(crate::LANES);
    let one_core = |engine| crate::BatchOptions { engine, threads: crate::Threads::One, backend: Backend::Ifma };
    let (lanes, latency) = evm384_timing::measure_pair(
        evm384_timing::Plan::SMOKE,
        || {
            black_box(crate::pairing_batch(black_box(&pairs), one_core(crate::Engine::Lanes)));
        },
        || {
            black_box(crate::pairing_batch(black_box(&pairs), one_core(crate::Engine::Latency)));
        },
    );
    let t = AutotuneTimes { lanes_ns: lanes.min_ns(), latency_ns: latency.min_ns() };
    if forced_batch_engine().is_none() {
        CHOICE.store(encode(t.faster()), Ordering::Relaxed);
    }
    Some(t)
}

/// `n` deterministic valid pairs (\[a\]G1, \[b\]G2) with small distinct scalars: the work
/// [`autotune`] measures, and benchmarks' inputs.
pub fn sample_pairs(n: usize) -> Vec<Pair> {
    (0..n)
        .map(|i| {
            let (a, b) = (0x1234_5678_9abc_u64 + 7 * i as u64, 0x0fed_cba9_8765_u64 + 11 * i as u64);
            // SAFETY: blst reads/writes the locals and its static generators.
            unsafe {
                let (mut p1, mut p2) = (blst::blst_p1::default(), blst::blst_p2::default());
                let (mut s1, mut s2) = (blst::blst_scalar::default(), blst::blst_scalar::default());
                blst::blst_scalar_from_uint64(&mut s1, [a, 0, 0, 0].as_ptr());
                blst::blst_scalar_from_uint64(&mut s2, [b, 0, 0, 0].as_ptr());
                blst::blst_p1_mult(&mut p1, blst::blst_p1_generator(), s1.b.as_ptr(), 64);
                blst::blst_p2_mult(&mut p2, blst::blst_p2_generator(), s2.b.as_ptr(), 64);
                let (mut a1, mut a2) = (blst_p1_affine::default(), blst_p2_affine::default());
                blst::blst_p1_to_affine(&mut a1, &p1);
                blst::blst_p2_to_affine(&mut a2, &p2);
                (a1, a2)
            }
        })
        .collect()
}

/// Is either point of the pair the point at infinity?
pub(crate) fn is_inf(pair: &Pair) -> bool {
    // SAFETY: blst reads the points.
    unsafe { blst::blst_p1_affine_is_inf(&pair.0) || blst::blst_p2_affine_is_inf(&pair.1) }
}

/// The Fp12 one.
pub(crate) fn fp12_one() -> blst_fp12 {
    // SAFETY: static data.
    unsafe { *blst::blst_fp12_one() }
}

/// `$ifma` (a call into `#[target_feature]` code) where the CPU has IFMA, `$blst` elsewhere.
macro_rules! ifma_or {
    ($ifma:expr, $blst:expr) => {{
        if !ifma_supported() {
            return $blst;
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: avx512f + avx512ifma (+ avx512dq) detected just above.
        return unsafe { $ifma };
        #[cfg(not(target_arch = "x86_64"))]
        $blst
    }};
}

/// blst: the fallback, and the reference of the tests.
pub(crate) mod reference {
    use super::*;

    /// Π_j f_{z,Qj}(Pj), blst's `blst_miller_loop_n`; pairs at infinity are skipped.
    pub(crate) fn miller_loop(pairs: &[Pair]) -> blst_fp12 {
        let live: Vec<&Pair> = pairs.iter().filter(|p| !is_inf(p)).collect();
        if live.is_empty() {
            return fp12_one();
        }
        let ps: Vec<*const blst_p1_affine> = live.iter().map(|p| &p.0 as *const _).collect();
        let qs: Vec<*const blst_p2_affine> = live.iter().map(|p| &p.1 as *const _).collect();
        let mut r = blst_fp12::default();
        // SAFETY: arrays of live.len() valid pointers.
        unsafe { blst::blst_miller_loop_n(&mut r, qs.as_ptr(), ps.as_ptr(), live.len()) };
        r
    }

    pub(crate) fn final_exp(f: &blst_fp12) -> blst_fp12 {
        let mut r = blst_fp12::default();
        // SAFETY: blst reads f, writes r.
        unsafe { blst::blst_final_exp(&mut r, f) };
        r
    }

    pub(crate) fn pairing(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
        final_exp(&miller_loop(&[(*p, *q)]))
    }

    pub(crate) fn pairing_check(pairs: &[Pair]) -> bool {
        let f = final_exp(&miller_loop(pairs));
        // SAFETY: blst reads f.
        unsafe { blst::blst_fp12_is_one(&f) }
    }

    pub(crate) fn g1_in_subgroup(points: &[blst_p1_affine]) -> Vec<bool> {
        // SAFETY: blst reads the points.
        points.iter().map(|p| unsafe { blst::blst_p1_affine_in_g1(p) }).collect()
    }

    pub(crate) fn g2_in_subgroup(pairs: &[Pair]) -> Vec<bool> {
        // SAFETY: blst reads the points.
        pairs.iter().map(|(_, q)| unsafe { blst::blst_p2_affine_in_g2(q) }).collect()
    }
}

/// The latency engine (`crate::rns`): one pairing product, every Fp value one RNS element
/// (blst where the CPU lacks IFMA).
pub(crate) mod latency {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::rns::{pairing as rp, subgroup};

    /// Π_j f(Pj, Qj), the pairs one after the other.
    pub(crate) fn miller_loop(pairs: &[Pair]) -> blst_fp12 {
        ifma_or!(rp::miller_loop_rns(pairs), reference::miller_loop(pairs))
    }

    /// blst's final exponentiation.
    pub(crate) fn final_exp(f: &blst_fp12) -> blst_fp12 {
        ifma_or!(rp::final_exp_rns(f), reference::final_exp(f))
    }

    /// The final exponentiation of the product of the pairs' Miller loops, as one computation.
    pub(crate) fn pairing_product(pairs: &[Pair]) -> blst_fp12 {
        ifma_or!(rp::pairing_product_rns(pairs), reference::final_exp(&reference::miller_loop(pairs)))
    }

    pub(crate) fn pairing_check(pairs: &[Pair]) -> bool {
        ifma_or!(rp::pairing_check_rns(pairs), reference::pairing_check(pairs))
    }

    /// e(P, Q) for each pair, one after the other (one Fp inversion for all).
    pub(crate) fn pairing_batch(pairs: &[Pair]) -> Vec<blst_fp12> {
        ifma_or!(rp::pairing_batch_rns(pairs), pairs.iter().map(|(p, q)| reference::pairing(p, q)).collect())
    }

    pub(crate) fn g1_in_subgroup(points: &[blst_p1_affine]) -> Vec<bool> {
        ifma_or!(subgroup::g1_in_subgroup_rns(points), reference::g1_in_subgroup(points))
    }

    pub(crate) fn pairing_check_testing_g2(pairs: &[Pair]) -> (bool, Vec<bool>) {
        ifma_or!(
            rp::pairing_check_testing_g2_rns(pairs),
            (reference::pairing_check(pairs), reference::g2_in_subgroup(pairs))
        )
    }
}

/// The 8-lane engine (`crate::lanes`): one pairing or check a lane, eight at a time (blst where
/// the CPU lacks IFMA).
pub(crate) mod lanes {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::lanes::io;
    use crate::LANES;

    /// e(P, Q) for each pair, a lane each.
    pub(crate) fn pairing_batch(pairs: &[Pair]) -> Vec<blst_fp12> {
        if !ifma_supported() {
            return pairs.iter().map(|(p, q)| reference::pairing(p, q)).collect();
        }
        let mut out = Vec::with_capacity(pairs.len());
        for chunk in pairs.chunks(LANES) {
            let lanes: Vec<[Pair; 1]> = chunk.iter().map(|p| [*p]).collect();
            let refs: Vec<&[Pair]> = lanes.iter().map(|v| v.as_slice()).collect();
            #[cfg(target_arch = "x86_64")]
            // SAFETY: avx512f + avx512ifma detected above.
            let fs = unsafe { io::store_fp12(&io::pairing_lanes(&refs)) };
            #[cfg(not(target_arch = "x86_64"))]
            let fs = [fp12_one(); LANES];
            out.extend_from_slice(&fs[..chunk.len()]);
        }
        out
    }

    /// Π e(Pj, Qj) = 1 for each check, a lane each.
    pub(crate) fn pairing_check_batch(checks: &[&[Pair]]) -> Vec<bool> {
        if !ifma_supported() {
            return checks.iter().map(|c| reference::pairing_check(c)).collect();
        }
        let mut out = Vec::with_capacity(checks.len());
        for chunk in checks.chunks(LANES) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: avx512f + avx512ifma detected above.
            let m = unsafe { io::pairing_check_lanes(chunk) };
            #[cfg(not(target_arch = "x86_64"))]
            let m = 0u8;
            out.extend((0..chunk.len()).map(|l| (m >> l) & 1 == 1));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(lanes_ns: f64, latency_ns: f64) -> AutotuneTimes {
        AutotuneTimes { lanes_ns, latency_ns }
    }

    #[test]
    fn lanes_only_when_clearly_faster() {
        assert_eq!(times(179.1, 131.9).faster(), BatchEngine::Latency);
        assert_eq!(times(119.0, 127.0).faster(), BatchEngine::Lanes); // 6% faster
        assert_eq!(times(98.0, 100.0).faster(), BatchEngine::Latency); // within the 3% margin
        assert_eq!(times(96.9, 100.0).faster(), BatchEngine::Lanes);
    }

    #[test]
    fn static_rule_and_environment() {
        assert_eq!(static_rule(Some("AuthenticAMD")), BatchEngine::Latency);
        assert_eq!(static_rule(Some("GenuineIntel")), BatchEngine::Latency);
        assert_eq!(static_rule(None), BatchEngine::Latency);
        assert_eq!(parse_forced(Some("lanes")), Some(BatchEngine::Lanes));
        assert_eq!(parse_forced(Some("latency")), Some(BatchEngine::Latency));
        assert_eq!(parse_forced(Some("other")), None);
        assert_eq!(parse_forced(None), None);
        #[cfg(target_arch = "x86_64")]
        assert!(cpu_vendor().is_some_and(|v| v.len() == 12));
    }

    #[test]
    fn dispatch() {
        assert_eq!(resolve(Backend::Blst), Backend::Blst);
        assert_eq!(resolve(Backend::Ifma) == Backend::Ifma, ifma_supported());
    }
}
