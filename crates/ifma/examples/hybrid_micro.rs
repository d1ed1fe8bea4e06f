//! The latency path (one pairing, the lanes inside each step) against blst's function for the
//! same work, and its building blocks against their previous versions, measured with the
//! project's harness (`evm384-timing`): medians and minimums. `cargo run --release -p evm384-ifma --example hybrid_micro [-- --profile]`
//! (`--profile`: 300 pairings and nothing else, for `perf record`).
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use evm384_timing::{compare_line, measure_pair, Measurement, Plan};
use std::hint::black_box;

/// blst-or-previous (A) and ours (B) measured together by the project's harness.
fn ab(a: impl FnMut(), b: impl FnMut()) -> (Measurement, Measurement) {
    measure_pair(Plan::QUICK, a, b)
}

fn show(name: &str, (a, b): (Measurement, Measurement)) {
    println!("{}", compare_line(name, &a, &b));
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run(profile: bool) {
    use blst::*;
    use evm384_ifma::hybrid8::*;
    let pairs = sample_pairs(8);
    let (p, q) = pairs[0];
    let ml = reference::miller_loop(&pairs[..1]);
    let f = reference::final_exp(&ml);
    let fh = load_fp12h(&f);
    let k = load_pairh(&p, &q);
    if profile {
        for _ in 0..300 {
            black_box(final_exp_one(&miller_loop_pairs(black_box(&pairs[..1]))));
        }
        return;
    }
    let blst_mul = || {
        let mut r = blst_fp12::default();
        blst_fp12_mul(&mut r, black_box(&f), &f);
        black_box(r);
    };
    let blst_sqr = || {
        let mut r = blst_fp12::default();
        blst_fp12_sqr(&mut r, black_box(&f));
        black_box(r);
    };
    // A sparse line as blst stores it (its Miller loop multiplies by xy00z0 lines).
    let line = blst_fp6 { fp2: [f.fp6[0].fp2[0], f.fp6[0].fp2[1], f.fp6[1].fp2[1]] };
    let blst_mul_by_line = || {
        let mut r = blst_fp12::default();
        blst_fp12_mul_by_xy00z0(&mut r, black_box(&f), &line);
        black_box(r);
    };
    println!("A = blst, B = latency path:");
    show(
        "fp12_mul",
        ab(blst_mul, || {
            black_box(mul_fp12h(black_box(&fh), &fh));
        }),
    );
    show(
        "fp12_sqr",
        ab(blst_sqr, || {
            black_box(sqr_fp12h(black_box(&fh)));
        }),
    );
    show(
        "cyclotomic_sqr",
        ab(
            || {
                let mut r = blst_fp12::default();
                blst_fp12_cyclotomic_sqr(&mut r, &f);
                black_box(r);
            },
            || {
                black_box(cyclotomic_sqr_fp12h(black_box(&fh)));
            },
        ),
    );
    show(
        "mul_by_line (blst mul_by_xy00z0)",
        ab(blst_mul_by_line, || {
            black_box(mul_by_line_fp12h(black_box(&fh), &fh));
        }),
    );
    for j in 1..=3 {
        show(
            &format!("miller_loop {j} pair(s)"),
            ab(
                || {
                    black_box(reference::miller_loop(black_box(&pairs[..j])));
                },
                || {
                    black_box(miller_loop_pairs(black_box(&pairs[..j])));
                },
            ),
        );
    }
    show(
        "final_exp",
        ab(
            || {
                black_box(reference::final_exp(black_box(&ml)));
            },
            || {
                black_box(final_exp_one(black_box(&ml)));
            },
        ),
    );
    show(
        "pairing",
        ab(
            || {
                black_box(reference::pairing(&p, &q));
            },
            || {
                black_box(final_exp_one(&miller_loop_pairs(black_box(&pairs[..1]))));
            },
        ),
    );
    show(
        "pairing_check_2",
        ab(
            || {
                black_box(reference::pairing_check(black_box(&pairs[..2])));
            },
            || {
                black_box(blst_fp12_is_one(&final_exp_one(&miller_loop_pairs(black_box(&pairs[..2])))));
            },
        ),
    );
    println!("A = 8-lane engine (one pair a lane), B = latency path:");
    for j in [3, 4, 5, 6, 8] {
        show(
            &format!("miller_loop {j} pairs"),
            ab(
                || {
                    black_box(engine::miller_loop(black_box(&pairs[..j])));
                },
                || {
                    black_box(miller_loop_pairs(black_box(&pairs[..j])));
                },
            ),
        );
    }
    println!("A = previous version, B = current:");
    show(
        "cyclotomic_sqr",
        ab(
            || {
                black_box(cyclotomic_sqr_fp12h_r(black_box(&fh)));
            },
            || {
                black_box(cyclotomic_sqr_fp12h(black_box(&fh)));
            },
        ),
    );
    show(
        "line_dbl",
        ab(
            || {
                let mut t = k.q;
                black_box(line_dbl_h_r(&mut t, &k));
            },
            || {
                let mut t = k.q;
                black_box(line_dbl_h(&mut t, &k));
            },
        ),
    );
    show(
        "fp12 sqr: complex vs lanes",
        ab(
            || {
                black_box(sqr_fp12h_c(black_box(&fh)));
            },
            || {
                black_box(sqr_fp12h(black_box(&fh)));
            },
        ),
    );
    show(
        "fp12 sqr vs mul",
        ab(
            || {
                black_box(mul_fp12h(black_box(&fh), &fh));
            },
            || {
                black_box(sqr_fp12h(black_box(&fh)));
            },
        ),
    );
}

fn main() {
    if !ifma_supported() {
        println!("no IFMA: nothing to measure");
        return;
    }
    let profile = std::env::args().any(|a| a == "--profile");
    #[cfg(target_arch = "x86_64")]
    // SAFETY: avx512f + avx512ifma detected above.
    unsafe {
        run(profile)
    };
}
