//! Issue 12, part 1: the RNS prototype (`rns`, `rns_tower`) against the radix-2^52 latency path
//! (`hybrid`) and blst, on dependent chains (each step waits for the previous one, as in a
//! Miller loop or an exponentiation), measured with the project's harness (`evm384-timing`):
//! medians and minimums per step. `cargo run --release -p evm384-ifma --example rns_micro [-- --profile]`
//! (`--profile`: 2,000 RNS pairings and nothing else, for `perf`).
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use evm384_timing::{compare_line, measure_pair, Measurement, Plan};
use std::hint::black_box;

/// Steps per chain.
const N: usize = 64;

fn show(name: &str, (a, b): (Measurement, Measurement)) {
    let (a, b) = (a.per(N as f64), b.per(N as f64));
    println!("{}", compare_line(name, &a, &b));
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run(profile: bool) {
    use blst::*;
    use evm384_ifma::{hybrid::*, rns, rns_pairing, rns_tower::*};
    let plan = Plan::QUICK;
    let f = reference::final_exp(&reference::miller_loop(&sample_pairs(1)));
    let (x, y) = (f.fp6[0].fp2[0].fp[0], f.fp6[0].fp2[1].fp[0]);
    let (xr, yr) = (rns::from_fp(&x), rns::from_fp(&y));
    let (fh, fr) = (load_fp12h(&f), load_fp12r(&f));

    if profile {
        let pairs = sample_pairs(1);
        for _ in 0..2000 {
            black_box(rns_pairing::pairing_product_rns(black_box(&pairs)));
        }
        return;
    }
    println!("A = blst, B = RNS (chains of {N} dependent steps, per step):");
    show(
        "fp_mul",
        measure_pair(
            plan,
            || {
                let mut v = x;
                for _ in 0..N {
                    blst_fp_mul(&mut v, &v, &y);
                }
                black_box(v);
            },
            || {
                let mut v = xr;
                for _ in 0..N {
                    v = rns::mul(&v, &yr);
                }
                black_box(v);
            },
        ),
    );
    show(
        "cyclotomic_sqr",
        measure_pair(
            plan,
            || {
                let mut v = f;
                for _ in 0..N {
                    blst_fp12_cyclotomic_sqr(&mut v, &v);
                }
                black_box(v);
            },
            || {
                let mut v = fr;
                for _ in 0..N {
                    v = cyclotomic_sqr_fp12r(&v);
                }
                black_box(v);
            },
        ),
    );
    show(
        "fp12_mul",
        measure_pair(
            plan,
            || {
                let mut v = f;
                for _ in 0..N {
                    blst_fp12_mul(&mut v, &v, &f);
                }
                black_box(v);
            },
            || {
                let mut v = fr;
                for _ in 0..N {
                    v = mul_fp12r(&v, &fr);
                }
                black_box(v);
            },
        ),
    );
    println!("A = radix-2^52 latency path (hybrid), B = RNS:");
    let pairs = sample_pairs(2);
    {
        let kh = load_pairh(&pairs[0].0, &pairs[0].1);
        let kr = rns_pairing::load_pair_r(&pairs[0].0, &pairs[0].1);
        let (a, b) = measure_pair(
            plan,
            || {
                let mut t = kh.q;
                black_box(line_dbl_h(&mut t, black_box(&kh)));
            },
            || {
                let mut t = [kr.xq, kr.yq, one_fp12r().0[0]];
                black_box(line_dbl_r(&mut t, black_box(&kr)));
            },
        );
        println!("{}", compare_line("line_dbl (one call)", &a, &b));
        let mut th = kh.q;
        let lh = line_dbl_h(&mut th, &kh);
        let mut tr = [kr.xq, kr.yq, one_fp12r().0[0]];
        let lr = line_dbl_r(&mut tr, &kr);
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(mul_by_line_fp12h(black_box(&fh), &lh));
            },
            || {
                black_box(mul_by_line_fp12r(black_box(&fr), &lr));
            },
        );
        println!("{}", compare_line("mul_by_line (one call)", &a, &b));
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(sqr_fp12h(black_box(&fh)));
            },
            || {
                black_box(mul_fp12r(black_box(&fr), &fr));
            },
        );
        println!("{}", compare_line("fp12 sqr (one call)", &a, &b));
    }
    for (name, k) in [("miller_loop 1 pair", 1), ("miller_loop 2 pairs", 2)] {
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(latency_radix52::miller_loop(black_box(&pairs[..k])));
            },
            || {
                black_box(rns_pairing::miller_loop_rns(black_box(&pairs[..k])));
            },
        );
        println!("{}", compare_line(name, &a, &b));
    }
    for (name, k) in [("pairing", 1), ("pairing product, 2 pairs", 2)] {
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(latency_radix52::final_exp(&latency_radix52::miller_loop(black_box(&pairs[..k]))));
            },
            || {
                black_box(rns_pairing::pairing_product_rns(black_box(&pairs[..k])));
            },
        );
        println!("{}", compare_line(name, &a, &b));
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(reference::final_exp(&reference::miller_loop(black_box(&pairs[..k]))));
            },
            || {
                black_box(rns_pairing::pairing_product_rns(black_box(&pairs[..k])));
            },
        );
        println!("{}", compare_line(&format!("{name}: A = blst"), &a, &b));
    }
    println!("A = 8-lane engine (one pair a lane), B = RNS (the pairs one after the other):");
    let many = sample_pairs(16);
    for j in [4, 6, 8, 10, 12, 16] {
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(engine::miller_loop(black_box(&many[..j])));
            },
            || {
                black_box(rns_pairing::miller_loop_rns(black_box(&many[..j])));
            },
        );
        println!("{}", compare_line(&format!("miller_loop {j} pairs"), &a, &b));
    }
    let ml = reference::miller_loop(&sample_pairs(1));
    {
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(final_exp_one(black_box(&ml)));
            },
            || {
                black_box(rns_pairing::final_exp_rns(black_box(&ml)));
            },
        );
        println!("{}", compare_line("final_exp (one call)", &a, &b));
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(reference::final_exp(black_box(&ml)));
            },
            || {
                black_box(rns_pairing::final_exp_rns(black_box(&ml)));
            },
        );
        println!("{}", compare_line("final_exp: A = blst", &a, &b));
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(rns::from_fp(black_box(&x)));
            },
            || {
                black_box(rns::to_fp(black_box(&xr)));
            },
        );
        println!("{}", compare_line("conversions: A = from_fp, B = to_fp", &a, &b));
        let (a, b) = measure_pair(
            plan,
            || {
                black_box(pow_z_abs_h(black_box(&fh)));
            },
            || {
                black_box(rns_pairing::pow_z_abs_r(black_box(&fr)));
            },
        );
        println!("{}", compare_line("x^|z| (one call)", &a, &b));
    }
    show(
        "fp12_mul",
        measure_pair(
            plan,
            || {
                let mut v = fh;
                for _ in 0..N {
                    v = mul_fp12h(&v, &fh);
                }
                black_box(v);
            },
            || {
                let mut v = fr;
                for _ in 0..N {
                    v = mul_fp12r(&v, &fr);
                }
                black_box(v);
            },
        ),
    );
    show(
        "cyclotomic_sqr",
        measure_pair(
            plan,
            || {
                let mut v = fh;
                for _ in 0..N {
                    v = cyclotomic_sqr_fp12h(&v);
                }
                black_box(v);
            },
            || {
                let mut v = fr;
                for _ in 0..N {
                    v = cyclotomic_sqr_fp12r(&v);
                }
                black_box(v);
            },
        ),
    );
}

fn main() {
    if !ifma_supported() {
        println!("this CPU has no AVX-512 IFMA: nothing to measure");
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: avx512f + avx512ifma detected just above.
    unsafe {
        run(std::env::args().any(|a| a == "--profile"))
    };
}
