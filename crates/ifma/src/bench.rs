//! `bench_native`: medians of blst and of this crate, measured in one run, for the CLI's
//! `evm384 bench native --json`. Shape: `{"blst_ns": {..}, "ifma_ns": {..}, "speedup": {..}}`,
//! speedup = blst_ns / ifma_ns (> 1: this crate is faster). Per-item figures: `fp_mul` and
//! `fp2_mul` are per product (8 lanes / 8 for IFMA, 8 scalar products / 8 for blst);
//! `fp12_mul`, `cyclotomic_sqr` likewise per element; `batch8_per_pairing` is a batch of 8
//! pairings divided by 8 against one blst pairing, `batch8_check2_per_check` 8 two-pair checks
//! divided by 8 against one blst 2-pair check.
//! `pairing`, `miller_loop`, `final_exp`, `pairing_check_{2,8}`: the public API with the backend
//! in use (the latency path for one pairing, short checks and final exponentiations, the 8-lane
//! engine's lanes for the Miller loops of longer checks, see `MIN_PAIRS_FOR_LANES`); the same
//! keys with `_engine`: the 8-lane engine forced (one lane busy), with `_latency`: the latency
//! path forced. Without IFMA the `ifma_ns` figures are blst's (the fallback) and
//! `backend` says so.
use crate::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchReport {
    /// Backend that produced `ifma_ns` ("Ifma" or "Blst" when the CPU lacks IFMA / forced off).
    pub backend: Backend,
    pub blst_ns: BTreeMap<String, f64>,
    pub ifma_ns: BTreeMap<String, f64>,
    pub speedup: BTreeMap<String, f64>,
}

/// Medians (ns per call) of `a` and of `b`, measured in alternating blocks (3 rounds of
/// a-block, b-block, each block opened by one discarded call): load from other processes on a
/// shared machine weighs on both alike, and neither runs in the clock state the other left
/// (AVX-512 code can lower the core clock for a while after it ran).
fn ab_ns(samples: usize, iters: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let per_block = samples.div_ceil(3);
    let mut va = Vec::with_capacity(3 * per_block);
    let mut vb = Vec::with_capacity(3 * per_block);
    for _ in 0..3 {
        for (f, v) in [(&mut a as &mut dyn FnMut(), &mut va), (&mut b as &mut dyn FnMut(), &mut vb)] {
            f(); // settle
            for _ in 0..per_block {
                let t = Instant::now();
                for _ in 0..iters {
                    f();
                }
                v.push(t.elapsed().as_nanos() as f64 / iters as f64);
            }
        }
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(|x, y| x.partial_cmp(y).unwrap());
        v[v.len() / 2]
    };
    (med(&mut va), med(&mut vb))
}

/// Median over `samples` of the time of `iters` calls, per call, in ns.
fn median_ns(samples: usize, iters: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm-up
    let mut v: Vec<f64> = (0..samples)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
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

/// Runs the benchmark. `quick`: few samples (a smoke run of a few seconds), else more samples (a few seconds on an idle 2-core machine).
pub fn bench_native(quick: bool) -> BenchReport {
    let (s, heavy) = if quick { (6usize, 1usize) } else { (30, 3) };
    let be = resolve(backend());
    let pairs = sample_pairs(8);
    let mut blst_ns = BTreeMap::new();
    let mut ifma_ns = BTreeMap::new();
    let ml_blst = reference::miller_loop(&pairs[..1]);

    // Field level.
    let (b_fp, i_fp) = field_micro(s, be);
    blst_ns.insert("fp_mul".into(), b_fp[0]);
    ifma_ns.insert("fp_mul".into(), i_fp[0]);
    blst_ns.insert("fp2_mul".into(), b_fp[1]);
    ifma_ns.insert("fp2_mul".into(), i_fp[1]);
    blst_ns.insert("fp12_mul".into(), b_fp[2]);
    ifma_ns.insert("fp12_mul".into(), i_fp[2]);
    blst_ns.insert("cyclotomic_sqr".into(), b_fp[3]);
    ifma_ns.insert("cyclotomic_sqr".into(), i_fp[3]);

    // Pairing level. Keys without suffix: the public API with the backend in use (the latency
    // path for one pairing, checks of < MIN_PAIRS_FOR_LANES pairs and final exponentiations);
    // `_engine`: the 8-lane engine forced (one lane busy for a single pairing); `_latency`: the
    // latency path forced.
    let (p0, q0) = pairs[0];
    let two = [pairs[0], pairs[1]];
    let mut put = |k: &str, (b, i): (f64, f64)| {
        blst_ns.insert(k.to_string(), b);
        ifma_ns.insert(k.to_string(), i);
    };
    macro_rules! ab {
        ($iters:expr, $a:expr, $b:expr) => {
            ab_ns(
                s,
                $iters,
                || {
                    black_box($a);
                },
                || {
                    black_box($b);
                },
            )
        };
    }
    put(
        "miller_loop",
        ab!(heavy, reference::miller_loop(black_box(&pairs[..1])), miller_loop_with(be, black_box(&pairs[..1]))),
    );
    put("final_exp", ab!(heavy, reference::final_exp(black_box(&ml_blst)), final_exp_with(be, black_box(&ml_blst))));
    put(
        "pairing",
        ab!(
            heavy,
            reference::pairing(black_box(&p0), black_box(&q0)),
            pairing_with(be, black_box(&p0), black_box(&q0))
        ),
    );
    put(
        "pairing_check_2",
        ab!(heavy, reference::pairing_check(black_box(&two)), pairing_check_with(be, black_box(&two))),
    );
    put(
        "pairing_check_8",
        ab!(1, reference::pairing_check(black_box(&pairs)), pairing_check_with(be, black_box(&pairs))),
    );
    if be == Backend::Ifma {
        put(
            "miller_loop_engine",
            ab!(heavy, reference::miller_loop(black_box(&pairs[..1])), engine::miller_loop(black_box(&pairs[..1]))),
        );
        put(
            "final_exp_engine",
            ab!(heavy, reference::final_exp(black_box(&ml_blst)), engine::final_exp(black_box(&ml_blst))),
        );
        put(
            "pairing_engine",
            ab!(
                heavy,
                reference::pairing(black_box(&p0), black_box(&q0)),
                engine::pairing(black_box(&p0), black_box(&q0))
            ),
        );
        put(
            "pairing_check_2_engine",
            ab!(heavy, reference::pairing_check(black_box(&two)), engine::pairing_check(black_box(&two))),
        );
        put(
            "miller_loop_latency",
            ab!(heavy, reference::miller_loop(black_box(&pairs[..1])), latency::miller_loop(black_box(&pairs[..1]))),
        );
        put(
            "final_exp_latency",
            ab!(heavy, reference::final_exp(black_box(&ml_blst)), latency::final_exp(black_box(&ml_blst))),
        );
        put(
            "pairing_latency",
            ab!(
                heavy,
                reference::pairing(black_box(&p0), black_box(&q0)),
                latency::pairing(black_box(&p0), black_box(&q0))
            ),
        );
        put(
            "pairing_check_2_latency",
            ab!(heavy, reference::pairing_check(black_box(&two)), latency::pairing_check(black_box(&two))),
        );
        put(
            "pairing_check_8_engine",
            ab!(1, reference::pairing_check(black_box(&pairs)), engine::pairing_check(black_box(&pairs))),
        );
    }
    // Throughput: 8 independent pairings (one per lane), and 8 independent 2-pair checks; per item.
    let checks: Vec<[Pair; 2]> = (0..8).map(|i| [pairs[i], pairs[(i + 1) % 8]]).collect();
    let check_refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    // blst: one pairing (one check) per sample, cycling through the eight; the engine: one batch
    // of eight per sample, divided by 8. (Samples of similar length: on a loaded machine a long
    // sample is more often preempted.)
    let mut i = 0usize;
    let mut j = 0usize;
    let (b1, i8) = ab!(
        1,
        {
            i = (i + 1) % 8;
            reference::pairing(black_box(&pairs[i].0), black_box(&pairs[i].1))
        },
        pairing_batch_with(be, black_box(&pairs))
    );
    put("batch8_per_pairing", (b1, i8 / 8.0));
    let (b1, i8) = ab!(
        1,
        {
            j = (j + 1) % 8;
            reference::pairing_check(black_box(check_refs[j]))
        },
        pairing_check_batch_with(be, black_box(&check_refs))
    );
    put("batch8_check2_per_check", (b1, i8 / 8.0));
    let speedup = blst_ns.iter().map(|(k, b)| (k.clone(), b / ifma_ns[k])).collect();
    BenchReport { backend: be, blst_ns, ifma_ns, speedup }
}

/// [fp_mul, fp2_mul, fp12_mul, cyclotomic_sqr] per element, blst then ours.
fn field_micro(s: usize, be: Backend) -> ([f64; 4], [f64; 4]) {
    use blst::*;
    let n = 64; // dependent chains of n operations per sample
    let pairs = sample_pairs(1);
    let f = reference::final_exp(&reference::miller_loop(&pairs));
    let x = f.fp6[0].fp2[0].fp[0];
    let x2 = f.fp6[0].fp2[0];
    let mut b = [0.0; 4];
    // 8 independent scalar chains, like the 8 lanes.
    b[0] = median_ns(s, 1, || {
        let mut a = [x; 8];
        for _ in 0..n {
            for v in a.iter_mut() {
                // SAFETY: blst in-place product.
                unsafe { blst_fp_mul(v, v, &x) };
            }
        }
        black_box(a);
    }) / (8 * n) as f64;
    b[1] = median_ns(s, 1, || {
        let mut a = [x2; 8];
        for _ in 0..n {
            for v in a.iter_mut() {
                // SAFETY: as above.
                unsafe { blst_fp2_mul(v, v, &x2) };
            }
        }
        black_box(a);
    }) / (8 * n) as f64;
    b[2] = median_ns(s, 1, || {
        let mut a = f;
        for _ in 0..n {
            // SAFETY: as above.
            unsafe { blst_fp12_mul(&mut a, &a, &f) };
        }
        black_box(a);
    }) / n as f64;
    b[3] = median_ns(s, 1, || {
        let mut a = f;
        for _ in 0..n {
            // SAFETY: as above.
            unsafe { blst_fp12_cyclotomic_sqr(&mut a, &a) };
        }
        black_box(a);
    }) / n as f64;
    let i = match be {
        #[cfg(target_arch = "x86_64")]
        Backend::Ifma => {
            // SAFETY: `be` is Ifma only after detection.
            unsafe { field_micro_ifma(s, n, &f) }
        }
        _ => b,
    };
    (b, i)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn field_micro_ifma(s: usize, n: usize, f: &blst_fp12) -> [f64; 4] {
    use crate::{fp8::*, tower8::*};
    let f8 = unsafe { simd::load_fp12([f; 8]) };
    let x = f8.0[0].0[0].c0;
    let x2 = f8.0[0].0[0];
    let mut r = [0.0; 4];
    r[0] = median_ns(s, 1, || {
        let mut a = x;
        for _ in 0..n {
            a = mul_fp(&a, &x);
        }
        black_box(a);
    }) / (8 * n) as f64;
    r[1] = median_ns(s, 1, || {
        let mut a = x2;
        for _ in 0..n {
            a = mul_fp2(&a, &x2);
        }
        black_box(a);
    }) / (8 * n) as f64;
    r[2] = median_ns(s, 1, || {
        let mut a = f8;
        for _ in 0..n {
            a = mul_fp12(&a, &f8);
        }
        black_box(a);
    }) / (8 * n) as f64;
    r[3] = median_ns(s, 1, || {
        let mut a = f8;
        for _ in 0..n {
            a = cyclotomic_sqr_fp12(&a);
        }
        black_box(a);
    }) / (8 * n) as f64;
    r
}
