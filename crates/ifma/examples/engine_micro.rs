//! Timings of the 8-lane engine's building blocks, median and minimum, measured with the
//! project's harness (`evm384-timing`): `cargo run --release -p evm384-ifma --example engine_micro`.
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use evm384_timing::{compare_line, measure, measure_pair, Measurement, Plan};
use std::hint::black_box;

/// One building block measured by the project's harness: (median, minimum) ns per call.
fn time(mut f: impl FnMut()) -> (f64, f64) {
    let m = measure(Plan::QUICK, &mut [&mut f]).remove(0);
    (m.median_ns(), m.min_ns())
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run() {
    use evm384_ifma::{fp8::*, pairing8::*, simd, tower8::*};
    let pairs = sample_pairs(8);
    let f = reference::final_exp(&reference::miller_loop(&pairs[..1]));
    let f8 = unsafe { simd::load_fp12([&f; 8]) };
    let x = f8.0[0].0[0];
    let n = 200;
    let t = |name: &str, per: f64, (median, min): (f64, f64)| {
        println!("{name:<22} {:>12.1} / {:>12.1} ns per 8 lanes (median / min)", median / per, min / per)
    };
    t(
        "mul_fp",
        n as f64,
        time(|| {
            let mut a = x.c0;
            for _ in 0..n {
                a = mul_fp(&a, &x.c0);
            }
            black_box(a);
        }),
    );
    t(
        "add_fp",
        n as f64,
        time(|| {
            let mut a = x.c0;
            for _ in 0..n {
                a = add_fp(&a, &x.c1);
            }
            black_box(a);
        }),
    );
    t(
        "sub_fp",
        n as f64,
        time(|| {
            let mut a = x.c0;
            for _ in 0..n {
                a = sub_fp(&a, &x.c1);
            }
            black_box(a);
        }),
    );
    t(
        "mul_fp2",
        n as f64,
        time(|| {
            let mut a = x;
            for _ in 0..n {
                a = mul_fp2(&a, &x);
            }
            black_box(a);
        }),
    );
    t(
        "sqr_fp2",
        n as f64,
        time(|| {
            let mut a = x;
            for _ in 0..n {
                a = sqr_fp2(&a);
            }
            black_box(a);
        }),
    );
    t(
        "mul_fp6",
        n as f64,
        time(|| {
            let mut a = f8.0[0];
            for _ in 0..n {
                a = mul_fp6(&a, &f8.0[1]);
            }
            black_box(a);
        }),
    );
    t(
        "mul_fp12",
        n as f64,
        time(|| {
            let mut a = f8;
            for _ in 0..n {
                a = mul_fp12(&a, &f8);
            }
            black_box(a);
        }),
    );
    t(
        "sqr_fp12",
        n as f64,
        time(|| {
            let mut a = f8;
            for _ in 0..n {
                a = sqr_fp12(&a);
            }
            black_box(a);
        }),
    );
    t(
        "cyclotomic_sqr_fp12",
        n as f64,
        time(|| {
            let mut a = f8;
            for _ in 0..n {
                a = cyclotomic_sqr_fp12(&a);
            }
            black_box(a);
        }),
    );
    let refs: Vec<[Pair; 1]> = pairs.iter().map(|p| [*p]).collect();
    let lanes: Vec<&[Pair]> = refs.iter().map(|v| v.as_slice()).collect();
    t(
        "miller_loop_x8",
        1.0,
        time(|| {
            black_box(unsafe { simd::miller_loop_lanes(&lanes) });
        }),
    );
    t(
        "final_exp_x8",
        1.0,
        time(|| {
            black_box(final_exp_x8(&f8));
        }),
    );
    let cyc = final_exp_x8(&f8);
    let pair = |name: &str, (a, b): (Measurement, Measurement)| println!("{}", compare_line(name, &a, &b));
    pair(
        "exp_by_z: A Granger-Scott, B compressed",
        measure_pair(
            Plan::QUICK,
            || {
                black_box(exp_by_z(&cyc));
            },
            || {
                black_box(exp_by_z_compressed(&cyc));
            },
        ),
    );
    pair(
        "inverse: A Fermat, B blst per lane",
        measure_pair(
            Plan::QUICK,
            || {
                black_box(inv_fermat_fp(&cyc.0[0].0[0].c0));
            },
            || {
                black_box(inv_fp(&cyc.0[0].0[0].c0));
            },
        ),
    );
    t(
        "inv_fp12",
        1.0,
        time(|| {
            black_box(inv_fp12(&f8));
        }),
    );
    for k in 2..=8 {
        pair(
            &format!("miller_loop {k} pairs: A blst, B lanes"),
            measure_pair(
                Plan::QUICK,
                || {
                    black_box(reference::miller_loop(&pairs[..k]));
                },
                || {
                    black_box(engine::miller_loop(&pairs[..k]));
                },
            ),
        );
    }
    t(
        "blst miller_loop x8",
        1.0,
        time(|| {
            for p in &pairs {
                black_box(reference::miller_loop(&[*p]));
            }
        }),
    );
    t(
        "blst final_exp x8",
        1.0,
        time(|| {
            for _ in 0..8 {
                black_box(reference::final_exp(&f));
            }
        }),
    );
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    if ifma_supported() {
        // SAFETY: detected.
        unsafe { run() };
    }
}
