//! Minimum-of-samples timings of the 8-lane engine's building blocks (robust on a loaded
//! machine): `cargo run --release -p evm384-ifma --example engine_micro`.
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use std::hint::black_box;
use std::time::Instant;

fn min_ns(samples: usize, mut f: impl FnMut()) -> f64 {
    (0..samples)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_nanos() as f64
        })
        .fold(f64::MAX, f64::min)
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
    let t = |name: &str, per: f64, ns: f64| println!("{name:<22} {:>12.1} ns per 8 lanes", ns / per);
    t(
        "mul_fp",
        n as f64,
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(20, || {
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
        min_ns(10, || {
            black_box(unsafe { simd::miller_loop_lanes(&lanes) });
        }),
    );
    t(
        "final_exp_x8",
        1.0,
        min_ns(10, || {
            black_box(final_exp_x8(&f8));
        }),
    );
    let cyc = final_exp_x8(&f8);
    let (mut gs, mut kb) = (f64::MAX, f64::MAX);
    for _ in 0..30 {
        gs = gs.min(min_ns(1, || {
            black_box(exp_by_z(&cyc));
        }));
        kb = kb.min(min_ns(1, || {
            black_box(exp_by_z_compressed(&cyc));
        }));
    }
    let (mut fi, mut bi) = (f64::MAX, f64::MAX);
    for _ in 0..30 {
        fi = fi.min(min_ns(1, || {
            black_box(inv_fermat_fp(&cyc.0[0].0[0].c0));
        }));
        bi = bi.min(min_ns(1, || {
            black_box(inv_fp(&cyc.0[0].0[0].c0));
        }));
    }
    t("inv_fermat_fp", 1.0, fi);
    t("inv_fp (blst per lane)", 1.0, bi);
    t("exp_by_z (Granger-Scott)", 1.0, gs);
    t("exp_by_z_compressed", 1.0, kb);
    t(
        "inv_fp12",
        1.0,
        min_ns(10, || {
            black_box(inv_fp12(&f8));
        }),
    );
    for k in 2..=8 {
        let (mut b, mut e) = (f64::MAX, f64::MAX);
        for _ in 0..10 {
            b = b.min(min_ns(1, || {
                black_box(reference::miller_loop(&pairs[..k]));
            }));
            e = e.min(min_ns(1, || {
                black_box(engine::miller_loop(&pairs[..k]));
            }));
        }
        println!("miller_loop of {k} pairs: blst {b:>10.0} ns, engine (lanes) {e:>10.0} ns");
    }
    t(
        "blst miller_loop x8",
        1.0,
        min_ns(10, || {
            for p in &pairs {
                black_box(reference::miller_loop(&[*p]));
            }
        }),
    );
    t(
        "blst final_exp x8",
        1.0,
        min_ns(10, || {
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
