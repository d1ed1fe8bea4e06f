//! Issue 12, part 1: the RNS latency path (`rns`, `rns_tower`, `rns_pairing`) against the
//! radix-2^52 one (`hybrid8`) and blst, step by step and whole, and the 8-lane engine against the
//! RNS path for k-pair Miller loops (`lanes_pay_off`); measured with the project's harness
//! (`evm384-timing`): medians and minimums. "chain": 64 dependent steps (each waits for the
//! previous one, as in a Miller loop or an exponentiation), per step; "one call": independent
//! calls. `cargo run --release -p evm384-ifma --example rns_micro [-- --profile | --stack]`
//! (`--profile`: 2,000 RNS pairings and nothing else, for `perf`; `--stack`: one pairing with the
//! stack moved down by 0..4096 bytes in steps of 64, the best of five batches of 40 each: a
//! check for 4K aliasing of the stack's stores with fixed addresses, which the scans so far
//! have not shown, `crates/ifma/NOTEBOOK.md`).
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;
use evm384_timing::{compare_line, measure_pair, Plan};
use std::hint::black_box;

/// Steps per chain.
const N: usize = 64;

/// A and B measured together, per call.
fn one<T, U>(name: &str, mut a: impl FnMut() -> T, mut b: impl FnMut() -> U) {
    let (ma, mb) = measure_pair(
        Plan::QUICK,
        || {
            black_box(a());
        },
        || {
            black_box(b());
        },
    );
    println!("{}", compare_line(name, &ma, &mb));
}

/// A and B measured together on chains of N dependent steps, per step.
fn chain<T: Copy, U: Copy>(name: &str, a0: T, mut a: impl FnMut(T) -> T, b0: U, mut b: impl FnMut(U) -> U) {
    let (ma, mb) = measure_pair(
        Plan::QUICK,
        || {
            let mut v = a0;
            for _ in 0..N {
                v = a(v);
            }
            black_box(v);
        },
        || {
            let mut v = b0;
            for _ in 0..N {
                v = b(v);
            }
            black_box(v);
        },
    );
    println!("{}", compare_line(name, &ma.per(N as f64), &mb.per(N as f64)));
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run(profile: bool) {
    use blst::*;
    use evm384_ifma::{cyclotomic, hybrid8::*, rns, rns_cyclotomic, rns_pairing, rns_tower::*};
    let pairs = sample_pairs(16);
    if profile {
        for _ in 0..2000 {
            black_box(rns_pairing::pairing_product_rns(black_box(&pairs[..1])));
        }
        return;
    }
    let ml = reference::miller_loop(&pairs[..1]);
    let f = reference::final_exp(&ml);
    let (x, y) = (f.fp6[0].fp2[0].fp[0], f.fp6[0].fp2[1].fp[0]);
    let (xr, yr) = (rns::from_fp(&x), rns::from_fp(&y));
    let (fh, fr) = (load_fp12h(&f), load_fp12r(&f));
    // SAFETY (the three closures): blst reads and writes field elements.
    let fp_mul = |mut v: blst_fp| unsafe {
        blst_fp_mul(&mut v, &v, &y);
        v
    };
    let fp12_mul = |mut v: blst_fp12| unsafe {
        blst_fp12_mul(&mut v, &v, &f);
        v
    };
    let cyc_sqr = |mut v: blst_fp12| unsafe {
        blst_fp12_cyclotomic_sqr(&mut v, &v);
        v
    };

    println!("A = blst, B = RNS:");
    chain("fp_mul (chain)", x, fp_mul, xr, |v| rns::mul(&v, &yr));
    chain("cyclotomic_sqr (chain)", f, cyc_sqr, fr, |v| cyclotomic_sqr_fp12r(&v));
    chain("fp12_mul (chain)", f, fp12_mul, fr, |v| mul_fp12r(&v, &fr));
    one("final_exp", || reference::final_exp(black_box(&ml)), || rns_pairing::final_exp_rns(black_box(&ml)));
    for (name, k) in [("pairing", 1), ("pairing product, 2 pairs", 2)] {
        let want = || reference::final_exp(&reference::miller_loop(black_box(&pairs[..k])));
        one(name, want, || rns_pairing::pairing_product_rns(black_box(&pairs[..k])));
    }

    println!("A = radix-2^52 latency path (hybrid8), B = RNS:");
    chain("fp12_mul (chain)", fh, |v| mul_fp12h(&v, &fh), fr, |v| mul_fp12r(&v, &fr));
    chain("cyclotomic_sqr (chain)", fh, |v| cyclotomic_sqr_fp12h(&v), fr, |v| cyclotomic_sqr_fp12r(&v));
    one("fp12 sqr", || sqr_fp12h(black_box(&fh)), || sqr_fp12r(black_box(&fr)));
    let (kh, kr) = (load_pairh(&pairs[0].0, &pairs[0].1), rns_pairing::load_pair_r(&pairs[0].0, &pairs[0].1));
    let one2 = one_fp12r().0[0];
    one(
        "line_dbl",
        || line_dbl_h(&mut kh.q.clone(), black_box(&kh)),
        || line_dbl_r(&mut [kr.xq, kr.yq, one2], black_box(&kr)),
    );
    let (lh, lr) = (line_dbl_h(&mut kh.q.clone(), &kh), line_dbl_r(&mut [kr.xq, kr.yq, one2], &kr));
    one("mul_by_line", || mul_by_line_fp12h(black_box(&fh), &lh), || mul_by_line_fp12r(black_box(&fr), &lr));
    one("x^|z|", || cyclotomic::pow_z_abs(&Fp12h(black_box(fh))), || cyclotomic::pow_z_abs(black_box(&fr)));
    for (name, k) in [("miller_loop 1 pair", 1), ("miller_loop 2 pairs", 2)] {
        one(
            name,
            || latency_radix52::miller_loop(black_box(&pairs[..k])),
            || latency::miller_loop(black_box(&pairs[..k])),
        );
    }
    one("final_exp", || latency_radix52::final_exp(black_box(&ml)), || latency::final_exp(black_box(&ml)));
    for (name, k) in [("pairing", 1), ("pairing product, 2 pairs", 2)] {
        let radix52 = || latency_radix52::final_exp(&latency_radix52::miller_loop(black_box(&pairs[..k])));
        one(name, radix52, || latency::final_exp(&latency::miller_loop(black_box(&pairs[..k]))));
    }
    one("conversions: A = from_fp, B = to_fp", || rns::from_fp(black_box(&x)), || rns::to_fp(black_box(&xr)));
    // a pairing's one Fp inversion: blst's constant-time one, or the variable-time one it uses
    let a = rns::to_fp(&xr);
    one("fp inverse: A = blst, B = fp_inv", || rns::fp_inv_blst(black_box(&a)), || rns::fp_inv(black_box(&a)));
    // an Fp12 value out: each coefficient by the scalar CRT, or the twelve in vectors
    let twelve: [rns::Rns; 12] = core::array::from_fn(|i| if i % 2 == 0 { fr.0[i / 2].c0 } else { fr.0[i / 2].c1 });
    one(
        "12 to_fp: A = one by one, B = to_fp_batch",
        || twelve.map(|v| rns::to_fp(black_box(&v))),
        || rns::to_fp_batch(black_box(&twelve), None),
    );
    // twelve independent sums of one product each: the reduction batch alone (44 IFMA issue
    // slots a reduction)
    let w: [rns::RnsWide; 12] = core::array::from_fn(|i| rns::mul_wide(&fr.0[i / 2].c0, &fr.0[(i + 3) % 6].c1));
    one(
        "A = 12 reductions, B = cyclotomic_sqr",
        || rns::reduce_scaled(black_box(&w), [1; 12]),
        || cyclotomic_sqr_fp12r(black_box(&fr)),
    );

    println!("A = Granger–Scott (exact values), B = up to a factor in Fp (rns_cyclotomic):");
    let (sr, cr) = (rns_cyclotomic::scaled_r(&fr), rns_cyclotomic::compress_r(&rns_cyclotomic::scaled_r(&fr)));
    let (ma, mb) = measure_pair(
        Plan::QUICK,
        || {
            let (mut a, mut b) = (black_box(fr), fr);
            for _ in 0..N / 2 {
                cyclotomic_sqr_into_fp12r(&a, &mut b);
                cyclotomic_sqr_into_fp12r(&b, &mut a);
            }
            black_box(a);
        },
        || {
            black_box(rns_cyclotomic::compressed_pow2_r(black_box(&cr), N as u32));
        },
    );
    println!("{}", compare_line("squaring, B compressed (chain)", &ma.per(N as f64), &mb.per(N as f64)));
    one(
        "A = squaring, B = decompression",
        || cyclotomic_sqr_fp12r(black_box(&fr)),
        || rns_cyclotomic::decompress_r(black_box(&cr)),
    );
    one(
        "x^|z|, B compressed",
        || cyclotomic::pow_z_abs(black_box(&fr)),
        || rns_cyclotomic::pow_z_abs_compressed(black_box(&sr)),
    );
    one(
        "final_exp (one call)",
        || rns_pairing::final_exp_gs_r(black_box(&fr)),
        || rns_pairing::final_exp_r(black_box(&fr)),
    );

    println!("A = 8-lane engine (one pair a lane), B = RNS (the pairs one after the other):");
    for k in [4, 6, 8, 10, 12, 16] {
        one(
            &format!("miller_loop {k} pairs"),
            || engine::miller_loop(black_box(&pairs[..k])),
            || latency::miller_loop(black_box(&pairs[..k])),
        );
    }
}

/// One pairing on the latency path with the stack K bytes further down.
#[inline(never)]
fn pairing_below<const K: usize>(p: &blst::blst_p1_affine, q: &blst::blst_p2_affine) -> blst::blst_fp12 {
    let pad = black_box([0u8; K]);
    let r = latency::pairing(p, q);
    black_box(&pad);
    r
}

/// `--stack`: the pairing's time against the stack offset (best of five batches of 40, µs).
fn stack_scan() {
    let pairs = sample_pairs(1);
    let (p, q) = &pairs[0];
    let best = |f: &dyn Fn()| {
        (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                for _ in 0..40 {
                    f();
                }
                t.elapsed().as_secs_f64() * 1e6 / 40.0
            })
            .fold(f64::MAX, f64::min)
    };
    let here = black_box(0u8);
    println!(
        "stack offset (bytes below the caller, whose stack is at {} mod 4096): one pairing (µs)",
        &here as *const u8 as usize % 4096
    );
    macro_rules! scan { ($($k:literal)*) => { $(
        println!("{:5} {:.1}", $k, best(&|| { black_box(pairing_below::<$k>(black_box(p), black_box(q))); }));
    )* } }
    scan!(0 64 128 192 256 320 384 448 512 576 640 704 768 832 896 960 1024 1088 1152 1216 1280 1344 1408 1472
        1536 1600 1664 1728 1792 1856 1920 1984 2048 2112 2176 2240 2304 2368 2432 2496 2560 2624 2688 2752 2816
        2880 2944 3008 3072 3136 3200 3264 3328 3392 3456 3520 3584 3648 3712 3776 3840 3904 3968 4032);
}

fn main() {
    if !ifma_supported() {
        println!("this CPU has no AVX-512 IFMA: nothing to measure");
        return;
    }
    if std::env::args().any(|a| a == "--stack") {
        stack_scan();
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: avx512f + avx512ifma detected just above.
    unsafe {
        run(std::env::args().any(|a| a == "--profile"))
    };
}
