//! The latency path (one pairing, the lanes inside each step) against blst, and its building
//! blocks against their previous versions: interleaved A/B rounds, medians and the spread of the
//! per-round ratios. `cargo run --release -p evm384-ifma --example hybrid_micro [-- --profile]`
//! (`--profile`: 300 pairings and nothing else, for `perf record`).
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use std::hint::black_box;
use std::time::Instant;

/// 15 alternating rounds of (a, b), each timed over `iters` calls: (median a, median b,
/// 3rd and 13th of the 15 sorted per-round ratios a/b).
fn ab(iters: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64, f64, f64) {
    let (mut va, mut vb, mut r) = (vec![], vec![], vec![]);
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..iters {
            a();
        }
        let ta = t.elapsed().as_nanos() as f64 / iters as f64;
        let t = Instant::now();
        for _ in 0..iters {
            b();
        }
        let tb = t.elapsed().as_nanos() as f64 / iters as f64;
        va.push(ta);
        vb.push(tb);
        r.push(ta / tb);
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(|x, y| x.partial_cmp(y).unwrap());
        v[v.len() / 2]
    };
    r.sort_by(|x, y| x.partial_cmp(y).unwrap());
    (med(&mut va), med(&mut vb), r[2], r[12])
}

fn show(name: &str, (a, b, lo, hi): (f64, f64, f64, f64)) {
    println!("{name:<26} A {a:>10.0} ns  B {b:>10.0} ns  A/B {:.2} (rounds {lo:.2}..{hi:.2})", a / b);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run(profile: bool) {
    use blst::*;
    use evm384_ifma::hybrid::*;
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
    let n = 100;
    let blst_mul = || {
        let mut r = blst_fp12::default();
        blst_fp12_mul(&mut r, &f, &f);
        black_box(r);
    };
    println!("A = blst, B = latency path:");
    show(
        "fp12_mul",
        ab(n, blst_mul, || {
            black_box(mul_fp12h(black_box(&fh), &fh));
        }),
    );
    show(
        "fp12_sqr (blst mul)",
        ab(n, blst_mul, || {
            black_box(sqr_fp12h(black_box(&fh)));
        }),
    );
    show(
        "cyclotomic_sqr",
        ab(
            n,
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
        "line_dbl (blst fp12_mul)",
        ab(n, blst_mul, || {
            let mut t = k.q;
            black_box(line_dbl_h(&mut t, &k));
        }),
    );
    show(
        "mul_by_line (blst fp12_mul)",
        ab(n, blst_mul, || {
            black_box(mul_by_line_fp12h(black_box(&fh), &fh));
        }),
    );
    for j in 1..=3 {
        show(
            &format!("miller_loop {j} pair(s)"),
            ab(
                3,
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
            3,
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
            3,
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
            2,
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
                2,
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
            n,
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
            n,
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
            n,
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
            n,
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
