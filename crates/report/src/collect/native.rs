//! `evm384 bench native`: the IFMA pairing (`evm384-ifma`'s public API) and blst measured
//! together. Every key is one pair of contenders doing the same work, measured by the project's
//! one harness (`evm384-timing`: warm-up, equal-duration samples interleaved in alternating
//! order). Shape: `{"backend", "plan", "blst_ns": {..}, "ifma_ns": {..}, "blst_min_ns": {..},
//! "ifma_min_ns": {..}, "speedup": {..}, "speedup_min": {..}}`: medians, minimums, and
//! `speedup = blst / ifma` of medians and of minimums (> 1: the IFMA crate is faster).
//!
//! `pairing`, `miller_loop`, `final_exp`, `pairing_check_{2,8}`: the API with the backend in
//! use. `batch8_per_pairing` is a batch of 8 pairings divided by 8 against one blst pairing,
//! `batch8_check2_per_check` 8 two-pair checks divided by 8 against one blst 2-pair check (both
//! on one core, on the engine `batch_engine` names, reported in `batch_engine`; the same keys
//! with `_engine` and `_latency`: the 8-lane and the latency engine forced),
//! `batch_all_cores_check2_per_check` 16 checks a core spread over all cores, per check, against
//! blst's checks spread the same way (`throughput` has both as checks per second). blst's side
//! is always its best API for the work (`blst_miller_loop_n` for multi-pair Miller loops).
//! Without IFMA the forced keys are absent and the API keys measure the blst fallback
//! (`backend` says so).
use std::collections::BTreeMap;
use std::hint::black_box;

use blst::{blst_p1_affine, blst_p2_affine};
use evm384_ifma::{
    backend, batch_engine, final_exp, miller_loop, pairing, pairing_batch, pairing_check, pairing_check_batch,
    sample_pairs, Backend, BatchEngine, BatchOptions, Engine, Pair, Threads,
};
use evm384_timing::{measure_pair, Measurement, Plan};
use serde::{Deserialize, Serialize};

use crate::baseline::{blst_final_exp_of, blst_miller_loop_pairs, blst_pairs_check};

/// `bench_native`'s figures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchReport {
    /// Backend that produced `ifma_ns` ("Ifma", or "Blst" when the CPU lacks IFMA / forced off).
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

fn blst_pairing(p: &blst_p1_affine, q: &blst_p2_affine) -> blst::blst_fp12 {
    blst_final_exp_of(&blst_miller_loop_pairs(&[(*p, *q)]))
}

/// Runs the benchmark under `plan` (`Plan::QUICK`: seconds; `Plan::FULL`: about a minute).
pub fn bench_native(plan: Plan) -> BenchReport {
    let be = backend();
    let mut report = BenchReport::new(be, plan);
    let pairs = sample_pairs(8);
    let ml_blst = blst_miller_loop_pairs(&pairs[..1]);

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
    report.put("miller_loop", pair!(blst_miller_loop_pairs(black_box(one)), miller_loop(black_box(one))));
    report.put("final_exp", pair!(blst_final_exp_of(black_box(&ml_blst)), final_exp(black_box(&ml_blst))));
    report.put("pairing", pair!(blst_pairing(black_box(&p0), black_box(&q0)), pairing(black_box(&p0), black_box(&q0))));
    report.put("pairing_check_2", pair!(blst_pairs_check(black_box(&two)), pairing_check(black_box(&two))));
    report.put("pairing_check_8", pair!(blst_pairs_check(black_box(&pairs)), pairing_check(black_box(&pairs))));

    // Throughput: 8 independent pairings, and 8 independent 2-pair checks. blst: one pairing
    // (one check) per call, cycling through the eight; ours: the batch of eight per call,
    // reported per item. The harness gives both sides samples of equal duration.
    let checks: Vec<[Pair; 2]> = (0..8).map(|i| [pairs[i], pairs[(i + 1) % 8]]).collect();
    let check_refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let (mut i, mut j) = (0usize, 0usize);
    if be == Backend::Ifma {
        report.batch_engine = Some(batch_engine());
    }
    let one_core = |engine| BatchOptions { backend: be, engine, threads: Threads::One };
    let mut engines = vec![("", Engine::Auto)];
    if be == Backend::Ifma {
        // Both batch engines forced, so that each CPU's report shows what the choice rests on.
        engines.extend([("_engine", Engine::Lanes), ("_latency", Engine::Latency)]);
    }
    for (suffix, e) in engines {
        let (b, o) = pair!(
            {
                i = (i + 1) % 8;
                blst_pairing(black_box(&pairs[i].0), black_box(&pairs[i].1))
            },
            pairing_batch(black_box(&pairs), one_core(e))
        );
        report.put(&format!("batch8_per_pairing{suffix}"), (b, o.per(8.0)));
        let (b, o) = pair!(
            {
                j = (j + 1) % 8;
                blst_pairs_check(black_box(check_refs[j]))
            },
            pairing_check_batch(black_box(&check_refs), one_core(e))
        );
        report.put(&format!("batch8_check2_per_check{suffix}"), (b, o.per(8.0)));
    }

    // All cores: 16 checks a core, blst one check a rayon task, ours `pairing_check_batch` over
    // rayon's pool. Throughput per second from the medians, beside the one-core figures.
    let cores = rayon::current_num_threads();
    let many: Vec<[Pair; 2]> = (0..16 * cores).map(|i| [pairs[i % 8], pairs[(i + 3) % 8]]).collect();
    let many_refs: Vec<&[Pair]> = many.iter().map(|c| c.as_slice()).collect();
    let n = many_refs.len() as f64;
    let all = |backend| BatchOptions { backend, engine: Engine::Auto, threads: Threads::All };
    let (b_all, o_all) = pair!(
        pairing_check_batch(black_box(&many_refs), all(Backend::Blst)),
        pairing_check_batch(black_box(&many_refs), all(be))
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
