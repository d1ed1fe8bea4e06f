//! mulmodmont384 against blst's `blst_fp_mul` on the BLS12-381 modulus, measured in one run,
//! plus add/sub and the portable path. `cargo bench -p evm384-arith`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use evm384_arith::{addmod384, mulmodmont384, mulmodmont384_portable, submod384, MontField};

const P: [u64; 6] = [
    0xb9feffffffffaaab,
    0x1eabfffeb153ffff,
    0x6730d2a0f6b0f624,
    0x64774b84f38512bf,
    0x4b1ba7b6434bacd7,
    0x1a0111ea397fe69a,
];

fn bench(c: &mut Criterion) {
    let f = MontField::new(P);
    let x = f.to_mont(&[0x1234_5678_9abc_def0, 1, 2, 3, 4, 5]);
    let y = f.to_mont(&[0x0fed_cba9_8765_4321, 6, 7, 8, 9, 10]);
    let mut g = c.benchmark_group("fp");
    g.bench_function("mulmodmont384", |b| {
        b.iter(|| mulmodmont384(black_box(&x), black_box(&y), black_box(&P), black_box(f.inv)))
    });
    g.bench_function("mulmodmont384_portable", |b| {
        b.iter(|| mulmodmont384_portable(black_box(&x), black_box(&y), black_box(&P), black_box(f.inv)))
    });
    let bx = blst::blst_fp { l: x };
    let by = blst::blst_fp { l: y };
    g.bench_function("blst_fp_mul", |b| {
        b.iter(|| {
            let mut out = blst::blst_fp::default();
            // SAFETY: valid pointers to initialised blst_fp values.
            unsafe { blst::blst_fp_mul(&mut out, black_box(&bx), black_box(&by)) };
            out
        })
    });
    g.bench_function("addmod384", |b| b.iter(|| addmod384(black_box(&x), black_box(&y), black_box(&P))));
    g.bench_function("submod384", |b| b.iter(|| submod384(black_box(&x), black_box(&y), black_box(&P))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
