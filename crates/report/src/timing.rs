//! Timing with a warm-up, interleaved repetitions and robust statistics.
//!
//! Interleaving (A B C A B C …, not A A A B B B …) spreads slow drifts of the machine (frequency,
//! other load) evenly over the contenders, so their ratios stay meaningful on a busy 2-core box.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Summary of repeated measurements of one contender, in nanoseconds per call.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Stats {
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    /// 25th and 75th percentiles: the spread reported beside each median.
    pub p25_ns: f64,
    pub p75_ns: f64,
    pub samples: usize,
}

impl Stats {
    /// Statistics of a non-empty set of samples (ns).
    pub fn from_samples(mut s: Vec<f64>) -> Stats {
        assert!(!s.is_empty(), "no samples");
        s.sort_by(f64::total_cmp);
        let q = |f: f64| {
            let pos = f * (s.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
        };
        Stats {
            median_ns: q(0.5),
            min_ns: s[0],
            max_ns: s[s.len() - 1],
            p25_ns: q(0.25),
            p75_ns: q(0.75),
            samples: s.len(),
        }
    }

    /// Relative interquartile spread, `(p75 - p25) / median`.
    pub fn spread(&self) -> f64 {
        if self.median_ns > 0.0 {
            (self.p75_ns - self.p25_ns) / self.median_ns
        } else {
            0.0
        }
    }
}

/// How long to measure.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Untimed rounds before measuring.
    pub warmup_rounds: usize,
    /// Timed rounds; each round runs every contender once (in rotating order).
    pub rounds: usize,
    /// Calls per contender per round are chosen so a round lasts at least this long.
    pub min_sample: Duration,
}

impl Plan {
    pub const QUICK: Plan = Plan { warmup_rounds: 1, rounds: 9, min_sample: Duration::from_millis(20) };
    pub const FULL: Plan = Plan { warmup_rounds: 3, rounds: 31, min_sample: Duration::from_millis(60) };
}

/// Measures every contender with interleaved rounds; returns one [`Stats`] per contender, in
/// order. Each contender is a closure performing one call of the measured operation.
pub fn measure_interleaved(plan: Plan, contenders: &mut [&mut dyn FnMut()]) -> Vec<Stats> {
    // Calibrate calls per sample so that one sample lasts about `min_sample`.
    let iters: Vec<u64> = contenders
        .iter_mut()
        .map(|f| {
            let start = Instant::now();
            f();
            let one = start.elapsed().max(Duration::from_nanos(1));
            (plan.min_sample.as_nanos() / one.as_nanos()).clamp(1, 1_000_000) as u64
        })
        .collect();
    let mut samples = vec![Vec::with_capacity(plan.rounds); contenders.len()];
    let n = contenders.len();
    for round in 0..plan.warmup_rounds + plan.rounds {
        for step in 0..n {
            let i = (round + step) % n; // rotate who goes first
            let start = Instant::now();
            for _ in 0..iters[i] {
                (contenders[i])();
            }
            let ns = start.elapsed().as_nanos() as f64 / iters[i] as f64;
            if round >= plan.warmup_rounds {
                samples[i].push(ns);
            }
        }
    }
    samples.into_iter().map(Stats::from_samples).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_a_known_sample() {
        let s = Stats::from_samples(vec![5.0, 1.0, 3.0, 2.0, 4.0]);
        assert_eq!((s.min_ns, s.p25_ns, s.median_ns, s.p75_ns, s.max_ns), (1.0, 2.0, 3.0, 4.0, 5.0));
        assert!((s.spread() - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_slower_contender_measures_slower() {
        let mut fast = || {
            std::hint::black_box((0..10u64).sum::<u64>());
        };
        let mut slow = || {
            std::hint::black_box((0..10u64).map(std::hint::black_box).sum::<u64>());
            std::thread::sleep(Duration::from_micros(200));
        };
        let plan = Plan { warmup_rounds: 1, rounds: 3, min_sample: Duration::from_millis(2) };
        let st = measure_interleaved(plan, &mut [&mut fast, &mut slow]);
        assert!(st[1].median_ns > 100.0 * st[0].median_ns, "{st:?}");
        assert!(st[1].median_ns >= 200_000.0);
    }
}
