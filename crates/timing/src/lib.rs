//! The project's one timing harness. Every number the project publishes (`evm384 report`,
//! `evm384 bench ops`, `evm384 bench native`, the A/B benches and examples) is measured here, so
//! every ratio rests on the same method:
//!
//! - **Warm-up** per contender: each runs untimed for [`Plan::warmup`]; the warm-up also
//!   calibrates how many calls make one sample.
//! - **Equal-duration samples**: each contender's sample lasts about [`Plan::sample`] (a
//!   contender slower than that runs one call per sample). On a shared machine a long sample is
//!   preempted more often than a short one, so unequal sample lengths bias a ratio.
//! - **Interleaved, alternating order**: sample `s` of every contender is taken before sample
//!   `s + 1` of any; the order rotates and reverses from one round to the next (A B, B A, …), so
//!   slow drifts of the machine and the state one contender leaves behind (caches, clock
//!   frequency after AVX-512 code) weigh on all of them alike. One untimed call opens every
//!   sample.
//! - **Wall and thread CPU time** of every sample (`CLOCK_THREAD_CPUTIME_ID`: the CPU time of the
//!   measuring thread, which excludes time it spent preempted), each summarised by median,
//!   minimum, quartiles and maximum ([`Stats`]).
//!
//! Ratios between contenders are of medians (typical cost) and of minimums (least disturbed
//! cost); outputs report both.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

pub use std::hint::black_box;

/// How long to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Untimed running time of each contender before its first sample (also calibrates the
    /// calls per sample).
    pub warmup: Duration,
    /// Target duration of one sample, the same for every contender.
    pub sample: Duration,
    /// Timed samples per contender.
    pub samples: usize,
}

impl Plan {
    /// A few milliseconds in all: for tests of code that uses the harness.
    pub const SMOKE: Plan = Plan { warmup: Duration::from_millis(1), sample: Duration::from_millis(1), samples: 3 };
    /// Seconds in all: `--quick` runs.
    pub const QUICK: Plan = Plan { warmup: Duration::from_millis(40), sample: Duration::from_millis(20), samples: 11 };
    /// The default for published figures.
    pub const FULL: Plan = Plan { warmup: Duration::from_millis(200), sample: Duration::from_millis(50), samples: 31 };

    /// The same plan with another number of samples.
    pub const fn with_samples(self, samples: usize) -> Plan {
        Plan { samples, ..self }
    }

    /// The same plan with another sample duration.
    pub const fn with_sample(self, sample: Duration) -> Plan {
        Plan { sample, ..self }
    }

    /// Roughly how long measuring `contenders` takes with this plan (contenders faster than
    /// one sample; a slower one takes longer).
    pub fn estimate(&self, contenders: usize) -> Duration {
        (self.warmup + self.sample * self.samples as u32) * contenders as u32
    }
}

/// Summary of the samples of one contender, in nanoseconds per call.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Stats {
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    /// 25th and 75th percentiles (linear interpolation): the spread beside each median.
    pub p25_ns: f64,
    pub p75_ns: f64,
    pub samples: usize,
}

impl Stats {
    /// Statistics of a set of per-call sample times (ns); `None` for an empty set.
    pub fn from_samples(mut s: Vec<f64>) -> Option<Stats> {
        if s.is_empty() {
            return None;
        }
        s.sort_by(f64::total_cmp);
        let q = |f: f64| {
            let pos = f * (s.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
        };
        Some(Stats {
            median_ns: q(0.5),
            min_ns: s[0],
            max_ns: s[s.len() - 1],
            p25_ns: q(0.25),
            p75_ns: q(0.75),
            samples: s.len(),
        })
    }

    /// Relative interquartile spread, `(p75 − p25) / median`.
    pub fn spread(&self) -> f64 {
        if self.median_ns > 0.0 {
            (self.p75_ns - self.p25_ns) / self.median_ns
        } else {
            0.0
        }
    }

    /// Every figure divided by `n` (a sample of `n` operations reported per operation).
    pub fn per(&self, n: f64) -> Stats {
        Stats {
            median_ns: self.median_ns / n,
            min_ns: self.min_ns / n,
            max_ns: self.max_ns / n,
            p25_ns: self.p25_ns / n,
            p75_ns: self.p75_ns / n,
            samples: self.samples,
        }
    }
}

/// What the harness measured of one contender.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Measurement {
    /// Wall-clock time per call.
    pub wall: Stats,
    /// Thread CPU time per call (`None` where the platform has no per-thread CPU clock).
    pub cpu: Option<Stats>,
    /// Calls per timed sample (from the warm-up's calibration).
    pub calls_per_sample: u64,
}

impl Measurement {
    /// Median wall time per call.
    pub fn median_ns(&self) -> f64 {
        self.wall.median_ns
    }

    /// Minimum wall time per call.
    pub fn min_ns(&self) -> f64 {
        self.wall.min_ns
    }

    /// Every figure divided by `n` (for a contender that performs `n` operations per call).
    pub fn per(&self, n: f64) -> Measurement {
        Measurement {
            wall: self.wall.per(n),
            cpu: self.cpu.as_ref().map(|c| c.per(n)),
            calls_per_sample: self.calls_per_sample,
        }
    }

    /// `median … (min …, spread …%)`, human-readable.
    pub fn summary(&self) -> String {
        format!(
            "median {} (min {}, spread {:.1}%)",
            format_ns(self.wall.median_ns),
            format_ns(self.wall.min_ns),
            100.0 * self.wall.spread()
        )
    }
}

/// `self / other` of the medians and of the minimums.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
pub struct Ratio {
    pub median: f64,
    pub min: f64,
}

impl Ratio {
    /// `a / b` (of wall times): above 1 when `a` is slower.
    pub fn of(a: &Measurement, b: &Measurement) -> Ratio {
        Ratio { median: a.wall.median_ns / b.wall.median_ns, min: a.wall.min_ns / b.wall.min_ns }
    }
}

/// CPU time consumed so far by the calling thread, in ns (`None` if unavailable).
pub fn thread_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Runs `f` untimed for at least `warmup` (and at least twice); returns the time per call.
fn warm_up(warmup: Duration, f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    let mut calls = 0u32;
    while calls < 2 || start.elapsed() < warmup {
        f();
        calls += 1;
    }
    start.elapsed() / calls
}

/// Measures every contender under `plan` (see the crate docs for the method) and returns one
/// [`Measurement`] per contender, in order. A contender is a closure performing one call of the
/// measured work.
pub fn measure(plan: Plan, contenders: &mut [&mut dyn FnMut()]) -> Vec<Measurement> {
    let n = contenders.len();
    assert!(plan.samples >= 1, "a plan needs at least one sample");
    let calls: Vec<u64> = contenders
        .iter_mut()
        .map(|f| {
            let per_call = warm_up(plan.warmup, *f).max(Duration::from_nanos(1));
            (plan.sample.as_nanos() as f64 / per_call.as_nanos() as f64).round().clamp(1.0, 1e9) as u64
        })
        .collect();
    let mut wall = vec![Vec::with_capacity(plan.samples); n];
    let mut cpu = vec![Vec::with_capacity(plan.samples); n];
    for s in 0..plan.samples {
        for step in 0..n {
            // Rotate the start and reverse the direction every other round: A B C, C B A, B C A, …
            let j = if s % 2 == 0 { step } else { n - 1 - step };
            let i = (j + s / 2) % n;
            let f = &mut contenders[i];
            f(); // settle: the first call after another contender ran is not timed
            let c0 = thread_cpu_ns();
            let t0 = Instant::now();
            for _ in 0..calls[i] {
                f();
            }
            let elapsed = t0.elapsed();
            let c1 = thread_cpu_ns();
            wall[i].push(elapsed.as_nanos() as f64 / calls[i] as f64);
            if let (Some(a), Some(b)) = (c0, c1) {
                cpu[i].push(b.saturating_sub(a) as f64 / calls[i] as f64);
            }
        }
    }
    wall.into_iter()
        .zip(cpu)
        .zip(calls)
        .map(|((w, c), calls_per_sample)| Measurement {
            wall: Stats::from_samples(w).expect("at least one sample"),
            cpu: Stats::from_samples(c),
            calls_per_sample,
        })
        .collect()
}

/// [`measure`] for two contenders: `(a, b)`.
pub fn measure_pair(plan: Plan, mut a: impl FnMut(), mut b: impl FnMut()) -> (Measurement, Measurement) {
    let mut m = measure(plan, &mut [&mut a, &mut b]);
    let b = m.pop().expect("two measurements");
    let a = m.pop().expect("two measurements");
    (a, b)
}

/// One line comparing two contenders measured together: `name  A median / min  B median / min
/// A/B of medians / of minimums`.
pub fn compare_line(name: &str, a: &Measurement, b: &Measurement) -> String {
    let r = Ratio::of(a, b);
    format!(
        "{name:<34} A {:>10} / {:>10}  B {:>10} / {:>10}  A/B {:.2} / {:.2}  (median / min)",
        format_ns(a.median_ns()),
        format_ns(a.min_ns()),
        format_ns(b.median_ns()),
        format_ns(b.min_ns()),
        r.median,
        r.min
    )
}

/// `1.23 ns`, `4.56 µs`, `7.89 ms`, `1.23 s`.
pub fn format_ns(ns: f64) -> String {
    match ns {
        x if x < 1e3 => format!("{x:.2} ns"),
        x if x < 1e6 => format!("{:.2} µs", x / 1e3),
        x if x < 1e9 => format!("{:.2} ms", x / 1e6),
        x => format!("{:.2} s", x / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_a_known_sample() {
        let s = Stats::from_samples(vec![5.0, 1.0, 3.0, 2.0, 4.0]).unwrap();
        assert_eq!((s.min_ns, s.p25_ns, s.median_ns, s.p75_ns, s.max_ns), (1.0, 2.0, 3.0, 4.0, 5.0));
        assert!((s.spread() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(Stats::from_samples(vec![]), None);
        let even = Stats::from_samples(vec![4.0, 1.0, 2.0, 3.0]).unwrap();
        assert_eq!(even.median_ns, 2.5);
    }

    #[test]
    fn a_slower_contender_measures_slower_and_samples_last_alike() {
        let mut fast = || {
            black_box((0..10u64).map(black_box).sum::<u64>());
        };
        let mut slow = || std::thread::sleep(Duration::from_micros(300));
        let plan = Plan { warmup: Duration::from_millis(2), sample: Duration::from_millis(3), samples: 3 };
        let m = measure(plan, &mut [&mut fast, &mut slow]);
        assert!(m[1].median_ns() > 100.0 * m[0].median_ns(), "{m:?}");
        assert!(m[1].min_ns() >= 300_000.0, "{m:?}");
        // Equal-duration samples: the fast side makes many more calls per sample.
        assert!(m[0].calls_per_sample > 50 * m[1].calls_per_sample, "{m:?}");
        // Sleeping costs no CPU time: thread CPU time sees through it where the clock exists.
        if let Some(cpu) = &m[1].cpu {
            assert!(cpu.median_ns < m[1].wall.median_ns / 2.0, "{m:?}");
        }
    }

    #[test]
    fn order_alternates_and_every_contender_gets_every_sample() {
        use std::cell::RefCell;
        let log = RefCell::new(Vec::new());
        let (mut a, mut b, mut c) =
            (|| log.borrow_mut().push(0), || log.borrow_mut().push(1), || log.borrow_mut().push(2));
        let plan = Plan { warmup: Duration::ZERO, sample: Duration::from_nanos(1), samples: 4 };
        let m = measure(plan, &mut [&mut a, &mut b, &mut c]);
        assert!(m.iter().all(|m| m.wall.samples == 4));
        // After two warm-up calls each, every sample is one settle call and one timed call.
        let timed: Vec<usize> = log.borrow()[6..].chunks(2).map(|w| w[0]).collect();
        assert_eq!(timed, [0, 1, 2, 2, 1, 0, 1, 2, 0, 0, 2, 1]);
    }

    #[test]
    fn thread_cpu_time_advances_with_work() {
        let Some(a) = thread_cpu_ns() else { return };
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        black_box(x);
        assert!(thread_cpu_ns().unwrap() > a);
    }

    #[test]
    fn ratios_and_formatting() {
        let m = |med, min| Measurement {
            wall: Stats { median_ns: med, min_ns: min, max_ns: med, p25_ns: med, p75_ns: med, samples: 1 },
            cpu: None,
            calls_per_sample: 1,
        };
        assert_eq!(Ratio::of(&m(20.0, 10.0), &m(10.0, 10.0)), Ratio { median: 2.0, min: 1.0 });
        assert_eq!(m(80.0, 40.0).per(8.0).wall.min_ns, 5.0);
        assert_eq!(format_ns(1.5), "1.50 ns");
        assert_eq!(format_ns(2_500.0), "2.50 µs");
        assert_eq!(format_ns(3_000_000.0), "3.00 ms");
        let line = compare_line("x", &m(20.0, 10.0), &m(10.0, 10.0));
        assert!(line.contains("A/B 2.00 / 1.00"), "{line}");
    }
}
