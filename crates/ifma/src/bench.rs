//! `bench_native`: blst and this crate measured together, for the CLI's
//! `evm384 bench native --json`. Every key is one pair of contenders doing the same work, measured
//! by the project's one harness (`evm384-timing`: warm-up, equal-duration samples interleaved in
//! alternating order). Shape: `{"backend", "plan", "blst_ns": {..}, "ifma_ns": {..},
//! "blst_min_ns": {..}, "ifma_min_ns": {..}, "speedup": {..}, "speedup_min": {..}}`: medians,
//! minimums, and `speedup = blst / ifma` of medians and of minimums (> 1: this crate is faster).
//!
//! Per-item figures: `fp_mul` and `fp2_mul` are per product (8 lanes / 8 for IFMA, 8 independent
//! scalar chains / 8 for blst); `fp12_mul`, `cyclotomic_sqr` likewise per element;
//! `batch8_per_pairing` is a batch of 8 pairings divided by 8 against one blst pairing,
//! `batch8_check2_per_check` 8 two-pair checks divided by 8 against one blst 2-pair check (both
//! on one core, the batch on the engine `batch_engine` picks, named in `batch_engine`; the same
//! keys with `_engine` and `_latency`: each batch engine forced),
//! `batch_all_cores_check2_per_check` 16 checks a core spread over all cores, per check, against
//! blst's checks spread the same way (`throughput` has both as checks per second).
//! `pairing`, `miller_loop`, `final_exp`, `pairing_check_{2,8}`: the public API with the backend
//! in use; the same keys with `_engine`: the 8-lane engine forced (one lane busy), with
//! `_latency`: the latency path (RNS) forced, `_radix52`: the previous latency path (radix
//! 2^52, the lanes inside each step) forced. blst's side is always its best API for the work
//! (`blst_miller_loop_n` for multi-pair Miller loops). Without IFMA the field-level and forced
//! keys are absent and the public-API keys measure the blst fallback (`backend` says so).
use crate::*;
use evm384_timing::{measure_pair, Measurement, Plan};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hint::black_box;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchReport {
    /// Backend that produced `ifma_ns` ("Ifma" or "Blst" when the CPU lacks IFMA / forced off).
    pub backend: Backend,
    /// How every key was measured.
    pub plan: PlanInfo,
    /// Medians, ns per item.
    pub blst_ns: BTreeMap<String, f64>,
    pub ifma_ns: BTreeMap<String, f64>,
    /// Minimums, ns per item.
    pub blst_min_ns: BTreeMap<String, f64>,
    pub ifma_min_ns: BTreeMap<String, f64>,
    /// blst / ifma of medians and of minimums.
    pub speedup: BTreeMap<String, f64>,
    pub speedup_min: BTreeMap<String, f64>,
    /// Two-pair checks per second (from the medians of `batch8_check2_per_check`, one core, and
    /// `batch_all_cores_check2_per_check`, all cores).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throughput: Option<Throughput>,
    /// The engine `batch_engine` chose for the batches on this CPU (absent without IFMA).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_engine: Option<BatchEngine>,
}

/// Independent two-pair pairing checks per second, on one core and on all of them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Throughput {
    /// Threads in rayon's pool (the machine's logical CPUs unless `RAYON_NUM_THREADS` says).
    pub cores: usize,
    pub blst_one_core: f64,
    pub ours_one_core: f64,
    pub blst_all_cores: f64,
    pub ours_all_cores: f64,
}

/// The harness plan, as numbers.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlanInfo {
    pub warmup_ms: f64,
    pub sample_ms: f64,
    pub samples: usize,
}

impl BenchReport {
    fn new(backend: Backend, plan: Plan) -> BenchReport {
        BenchReport {
            backend,
            plan: PlanInfo {
                warmup_ms: plan.warmup.as_secs_f64() * 1e3,
                sample_ms: plan.sample.as_secs_f64() * 1e3,
                samples: plan.samples,
            },
            blst_ns: BTreeMap::new(),
            ifma_ns: BTreeMap::new(),
            blst_min_ns: BTreeMap::new(),
            ifma_min_ns: BTreeMap::new(),
            speedup: BTreeMap::new(),
            speedup_min: BTreeMap::new(),
            throughput: None,
            batch_engine: None,
        }
    }

    fn put(&mut self, key: &str, (blst, ours): (Measurement, Measurement)) {
        let k = key.to_string();
        self.blst_ns.insert(k.clone(), blst.median_ns());
        self.ifma_ns.insert(k.clone(), ours.median_ns());
        self.blst_min_ns.insert(k.clone(), blst.min_ns());
        self.ifma_min_ns.insert(k.clone(), ours.min_ns());
        self.speedup.insert(k.clone(), blst.median_ns() / ours.median_ns());
        self.speedup_min.insert(k, blst.min_ns() / ours.min_ns());
    }
}

/// Deterministic valid pairs: ([a]G1, [b]G2) with small distinct scalars.
pub fn sample_pairs(n: usize) -> Vec<Pair> {
    (0..n)
        .map(|i| {
            let (a, b) = (0x1234_5678_9abc_u64 + 7 * i as u64, 0x0fed_cba9_8765_u64 + 11 * i as u64);
            // SAFETY: blst reads/writes the locals.
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

/// Runs the benchmark under `plan` (`Plan::QUICK`: seconds; `Plan::FULL`: about a minute).
pub fn bench_native(plan: Plan) -> BenchReport {
    let be = resolve(backend());
    let mut report = BenchReport::new(be, plan);
    let pairs = sample_pairs(8);
    let ml_blst = reference::miller_loop(&pairs[..1]);

    #[cfg(target_arch = "x86_64")]
    if be == Backend::Ifma {
        // SAFETY: `be` is Ifma only after detection.
        for (key, m) in unsafe { field_micro_ifma(plan) } {
            report.put(key, m);
        }
    }

    macro_rules! pair {
        ($a:expr, $b:expr) => {
            measure_pair(
                plan,
                || {
                    black_box($a);
                },
                || {
                    black_box($b);
                },
            )
        };
    }
    let (p0, q0) = pairs[0];
    let one = &pairs[..1];
    let two = [pairs[0], pairs[1]];
    report.put("miller_loop", pair!(reference::miller_loop(black_box(one)), miller_loop_with(be, black_box(one))));
    report.put("final_exp", pair!(reference::final_exp(black_box(&ml_blst)), final_exp_with(be, black_box(&ml_blst))));
    report.put(
        "pairing",
        pair!(reference::pairing(black_box(&p0), black_box(&q0)), pairing_with(be, black_box(&p0), black_box(&q0))),
    );
    report.put(
        "pairing_check_2",
        pair!(reference::pairing_check(black_box(&two)), pairing_check_with(be, black_box(&two))),
    );
    report.put(
        "pairing_check_8",
        pair!(reference::pairing_check(black_box(&pairs)), pairing_check_with(be, black_box(&pairs))),
    );
    if be == Backend::Ifma {
        report.put(
            "miller_loop_engine",
            pair!(reference::miller_loop(black_box(one)), engine::miller_loop(black_box(one))),
        );
        report.put(
            "final_exp_engine",
            pair!(reference::final_exp(black_box(&ml_blst)), engine::final_exp(black_box(&ml_blst))),
        );
        report.put(
            "pairing_engine",
            pair!(reference::pairing(black_box(&p0), black_box(&q0)), engine::pairing(black_box(&p0), black_box(&q0))),
        );
        report.put(
            "pairing_check_2_engine",
            pair!(reference::pairing_check(black_box(&two)), engine::pairing_check(black_box(&two))),
        );
        report.put(
            "pairing_check_8_engine",
            pair!(reference::pairing_check(black_box(&pairs)), engine::pairing_check(black_box(&pairs))),
        );
        report.put(
            "miller_loop_latency",
            pair!(reference::miller_loop(black_box(one)), latency::miller_loop(black_box(one))),
        );
        report.put(
            "final_exp_latency",
            pair!(reference::final_exp(black_box(&ml_blst)), latency::final_exp(black_box(&ml_blst))),
        );
        report.put(
            "pairing_latency",
            pair!(reference::pairing(black_box(&p0), black_box(&q0)), latency::pairing(black_box(&p0), black_box(&q0))),
        );
        report.put(
            "pairing_check_2_latency",
            pair!(reference::pairing_check(black_box(&two)), latency::pairing_check(black_box(&two))),
        );
        report.put(
            "miller_loop_radix52",
            pair!(reference::miller_loop(black_box(one)), latency_radix52::miller_loop(black_box(one))),
        );
        report.put(
            "final_exp_radix52",
            pair!(reference::final_exp(black_box(&ml_blst)), latency_radix52::final_exp(black_box(&ml_blst))),
        );
        report.put(
            "pairing_radix52",
            pair!(
                reference::pairing(black_box(&p0), black_box(&q0)),
                latency_radix52::pairing(black_box(&p0), black_box(&q0))
            ),
        );
        report.put(
            "pairing_check_2_radix52",
            pair!(reference::pairing_check(black_box(&two)), latency_radix52::pairing_check(black_box(&two))),
        );
    }

    // Throughput: 8 independent pairings (one per lane), and 8 independent 2-pair checks. blst:
    // one pairing (one check) per call, cycling through the eight; ours: the batch of eight per
    // call, reported per item. The harness gives both sides samples of equal duration.
    let checks: Vec<[Pair; 2]> = (0..8).map(|i| [pairs[i], pairs[(i + 1) % 8]]).collect();
    let check_refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let (mut i, mut j) = (0usize, 0usize);
    if be == Backend::Ifma {
        // chosen (and, unless the environment forces it, measured) here, not in the first sample
        report.batch_engine = Some(batch_engine());
    }
    let (b, o) = pair!(
        {
            i = (i + 1) % 8;
            reference::pairing(black_box(&pairs[i].0), black_box(&pairs[i].1))
        },
        pairing_batch_one_core_with(be, black_box(&pairs))
    );
    report.put("batch8_per_pairing", (b, o.per(8.0)));
    let (b, o) = pair!(
        {
            j = (j + 1) % 8;
            reference::pairing_check(black_box(check_refs[j]))
        },
        pairing_check_batch_one_core_with(be, black_box(&check_refs))
    );
    report.put("batch8_check2_per_check", (b, o.per(8.0)));
    if be == Backend::Ifma {
        // Both batch engines forced, so that each CPU's report shows what `batch_engine`'s choice
        // for it rests on.
        for (suffix, e) in [("engine", BatchEngine::Lanes), ("latency", BatchEngine::Latency)] {
            let (b, o) = pair!(
                {
                    i = (i + 1) % 8;
                    reference::pairing(black_box(&pairs[i].0), black_box(&pairs[i].1))
                },
                pairing_batch_one_core_on(be, e, black_box(&pairs))
            );
            report.put(&format!("batch8_per_pairing_{suffix}"), (b, o.per(8.0)));
            let (b, o) = pair!(
                {
                    j = (j + 1) % 8;
                    reference::pairing_check(black_box(check_refs[j]))
                },
                pairing_check_batch_one_core_on(be, e, black_box(&check_refs))
            );
            report.put(&format!("batch8_check2_per_check_{suffix}"), (b, o.per(8.0)));
        }
    }

    // All cores: 16 checks a core (two engine passes each), blst one check a rayon task, ours
    // `pairing_check_batch` (8-check chunks over rayon's pool). Throughput per second from the
    // medians, beside the one-core figures just measured.
    let cores = rayon::current_num_threads();
    let many: Vec<[Pair; 2]> = (0..16 * cores).map(|i| [pairs[i % 8], pairs[(i + 3) % 8]]).collect();
    let many_refs: Vec<&[Pair]> = many.iter().map(|c| c.as_slice()).collect();
    let n = many_refs.len() as f64;
    let (b_all, o_all) = pair!(
        pairing_check_batch_with(Backend::Blst, black_box(&many_refs)),
        pairing_check_batch_with(be, black_box(&many_refs))
    );
    let (b_all, o_all) = (b_all.per(n), o_all.per(n));
    report.put("batch_all_cores_check2_per_check", (b_all.clone(), o_all.clone()));
    let per_s = |ns: f64| 1e9 / ns;
    report.throughput = Some(Throughput {
        cores,
        blst_one_core: per_s(report.blst_ns["batch8_check2_per_check"]),
        ours_one_core: per_s(report.ifma_ns["batch8_check2_per_check"]),
        blst_all_cores: per_s(b_all.median_ns()),
        ours_all_cores: per_s(o_all.median_ns()),
    });
    report
}

/// Field and tower micro-benchmarks, per element: blst runs 8 independent chains of `N`
/// dependent operations (the scalar counterpart of 8 lanes), the engine one 8-lane chain of `N`.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512 IFMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn field_micro_ifma(plan: Plan) -> Vec<(&'static str, (Measurement, Measurement))> {
    use crate::{fp8::*, tower8::*};
    use blst::*;
    const N: usize = 64;
    let per = (8 * N) as f64;
    let f = reference::final_exp(&reference::miller_loop(&sample_pairs(1)));
    let (x, x2) = (f.fp6[0].fp2[0].fp[0], f.fp6[0].fp2[0]);
    let f8 = unsafe { simd::load_fp12([&f; 8]) };
    let (y, y2) = (f8.0[0].0[0].c0, f8.0[0].0[0]);
    // blst: `$blst(v)` on each of 8 scalar values, N times; ours: `a = $ours(a)` on one 8-lane
    // value, N times; both per element.
    macro_rules! chains {
        ($init:expr, |$v:ident| $blst:expr, $init8:expr, |$a:ident| $ours:expr) => {{
            let (b, o) = measure_pair(
                plan,
                || {
                    let mut vs = [$init; 8];
                    for _ in 0..N {
                        for $v in vs.iter_mut() {
                            // SAFETY: blst in-place operation on valid field elements.
                            unsafe { $blst };
                        }
                    }
                    black_box(vs);
                },
                || {
                    let mut $a = $init8;
                    for _ in 0..N {
                        $a = $ours;
                    }
                    black_box($a);
                },
            );
            (b.per(per), o.per(per))
        }};
    }
    vec![
        ("fp_mul", chains!(x, |v| blst_fp_mul(v, v, &x), y, |a| mul_fp(&a, &y))),
        ("fp2_mul", chains!(x2, |v| blst_fp2_mul(v, v, &x2), y2, |a| mul_fp2(&a, &y2))),
        ("fp12_mul", chains!(f, |v| blst_fp12_mul(v, v, &f), f8, |a| mul_fp12(&a, &f8))),
        // f is in the cyclotomic subgroup (a final exponentiation's output).
        ("cyclotomic_sqr", chains!(f, |v| blst_fp12_cyclotomic_sqr(v, v), f8, |a| cyclotomic_sqr_fp12(&a))),
    ]
}
