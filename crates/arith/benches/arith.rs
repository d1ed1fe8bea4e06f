//! mulmodmont384 against blst's `blst_fp_mul` on the BLS12-381 modulus, measured in one run,
//! plus every implementation variant of the Montgomery product and of add/sub.
//! `cargo bench -p evm384-arith`.
//!
//! Two kinds of measurement:
//! - `fp/*`: one operation on fixed Montgomery-form inputs (the latency-free, branch-predicted
//!   best case, comparable with `blst_fp_mul` called the same way);
//! - `fp_mixed/*`: the operation over 256 different input pairs (random, some unreduced, so the
//!   `if`s of the branchy add/sub are unpredictable), reported per operation (throughput).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use evm384_arith::{addmod384, mulmodmont384, mulmodmont384_portable, submod384, variants, Limbs, MontField};

use evm384_arith::BLS12_381_P as P;

fn bench(c: &mut Criterion) {
    let f = MontField::new(P);
    let x = f.to_mont(&[0x1234_5678_9abc_def0, 1, 2, 3, 4, 5]);
    let y = f.to_mont(&[0x0fed_cba9_8765_4321, 6, 7, 8, 9, 10]);
    let asm_ok = variants::mulmodmont384_asm(&x, &y, &P, f.inv).is_some();
    let bx = blst::blst_fp { l: x };
    let by = blst::blst_fp { l: y };
    let inv = f.inv;

    // Every op is written out at its call site (no fn pointers) so each is inlined the way the
    // EVM's call sites inline it; blst is an external call, as it is for its users.
    let mut g = c.benchmark_group("fp");
    macro_rules! mul {
        ($name:expr, $f:expr) => {
            g.bench_function($name, |b| b.iter(|| $f(black_box(&x), black_box(&y), black_box(&P), black_box(inv))));
        };
    }
    macro_rules! bin {
        ($name:expr, $f:expr) => {
            g.bench_function($name, |b| b.iter(|| $f(black_box(&x), black_box(&y), black_box(&P))));
        };
    }
    let blst_mul = |b: &mut criterion::Bencher| {
        b.iter(|| {
            let mut out = blst::blst_fp::default();
            // SAFETY: valid pointers to initialised blst_fp values.
            unsafe { blst::blst_fp_mul(&mut out, black_box(&bx), black_box(&by)) };
            out
        })
    };
    g.bench_function("blst_fp_mul", blst_mul);
    mul!("mulmodmont384", mulmodmont384);
    if asm_ok {
        mul!("mulmodmont384_asm", |x, y, m, i| variants::mulmodmont384_asm(x, y, m, i).unwrap());
        mul!("mulmodmont384_cios_u128_mulx", |x, y, m, i| { variants::mulmodmont384_cios_mulx(x, y, m, i).unwrap() });
    }
    mul!("mulmodmont384_portable", mulmodmont384_portable);
    mul!("mulmodmont384_fips_u128", variants::mulmodmont384_fips);
    g.bench_function("blst_fp_mul_again", blst_mul);
    mul!("mulmodmont384_again", mulmodmont384);
    bin!("addmod384", addmod384);
    bin!("submod384", submod384);
    bin!("addmod384_branchy", variants::addmod384_branchy);
    bin!("submod384_branchy", variants::submod384_branchy);
    bin!("addmod384_branchless", variants::addmod384_branchless);
    bin!("submod384_branchless", variants::submod384_branchless);
    if asm_ok {
        bin!("addmod384_asm", |x, y, m| variants::addmod384_asm(x, y, m).unwrap());
        bin!("submod384_asm", |x, y, m| variants::submod384_asm(x, y, m).unwrap());
    }
    g.finish();

    // Many different inputs: random 384-bit words (half of them reduced mod p) so that the
    // conditional steps go both ways unpredictably.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let inputs: Vec<(Limbs, Limbs)> = (0..256)
        .map(|i| {
            let mut a: Limbs = core::array::from_fn(|_| next());
            let mut b: Limbs = core::array::from_fn(|_| next());
            if i % 2 == 0 {
                a[5] %= P[5];
                b[5] %= P[5];
            }
            (a, b)
        })
        .collect();
    let mut g = c.benchmark_group("fp_mixed");
    g.throughput(Throughput::Elements(inputs.len() as u64));
    macro_rules! mixed {
        ($name:expr, $f:expr) => {
            g.bench_with_input(BenchmarkId::from_parameter($name), &inputs, |b, inputs| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for (a, bb) in inputs {
                        acc ^= $f(black_box(a), black_box(bb), black_box(&P))[0];
                    }
                    acc
                })
            });
        };
    }
    mixed!("addmod384_branchy", variants::addmod384_branchy);
    mixed!("submod384_branchy", variants::submod384_branchy);
    mixed!("addmod384_branchless", variants::addmod384_branchless);
    mixed!("submod384_branchless", variants::submod384_branchless);
    if asm_ok {
        mixed!("addmod384_asm", |x, y, m| variants::addmod384_asm(x, y, m).unwrap());
        mixed!("submod384_asm", |x, y, m| variants::submod384_asm(x, y, m).unwrap());
    }
    mixed!("addmod384", addmod384);
    mixed!("submod384", submod384);
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(200);
    targets = bench
}
criterion_main!(benches);
