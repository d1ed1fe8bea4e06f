//! Criterion: blst against this crate's public API (single pairing, checks, batches of eight).
//! `cargo bench -p evm384-ifma`. The project's published figures come from
//! `evm384 bench native` (both sides measured together by `evm384-timing`).
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use evm384_ifma::*;

fn blst_pairing_check(pairs: &[Pair]) -> bool {
    let opts = BatchOptions { backend: Backend::Blst, threads: Threads::One, ..Default::default() };
    pairing_check_batch(&[pairs], opts)[0]
}

fn pairings(c: &mut Criterion) {
    let pairs = sample_pairs(8);
    let (p, q) = pairs[0];
    let two = [pairs[0], pairs[1]];
    let ml = miller_loop(&pairs[..1]);
    let checks: Vec<[Pair; 2]> = (0..8).map(|i| [pairs[i], pairs[(i + 1) % 8]]).collect();
    let check_refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let blst_one = BatchOptions { backend: Backend::Blst, threads: Threads::One, ..Default::default() };
    let ours_one = BatchOptions { threads: Threads::One, ..Default::default() };
    let mut g = c.benchmark_group("pairing");
    g.sample_size(20);
    g.bench_function("blst/pairing", |b| b.iter(|| pairing_batch(black_box(&pairs[..1]), blst_one)));
    g.bench_function("api/pairing", |b| b.iter(|| pairing(black_box(&p), black_box(&q))));
    g.bench_function("api/miller_loop", |b| b.iter(|| miller_loop(black_box(&pairs[..1]))));
    g.bench_function("api/final_exp", |b| b.iter(|| final_exp(black_box(&ml))));
    g.bench_function("blst/pairing_check_2", |b| b.iter(|| blst_pairing_check(black_box(&two))));
    g.bench_function("api/pairing_check_2", |b| b.iter(|| pairing_check(black_box(&two))));
    g.bench_function("blst/pairing_check_8", |b| b.iter(|| blst_pairing_check(black_box(&pairs))));
    g.bench_function("api/pairing_check_8", |b| b.iter(|| pairing_check(black_box(&pairs))));
    g.bench_function("blst/batch8_pairings", |b| b.iter(|| pairing_batch(black_box(&pairs), blst_one)));
    g.bench_function("api/batch8_pairings", |b| b.iter(|| pairing_batch(black_box(&pairs), ours_one)));
    g.bench_function("blst/batch8_checks2", |b| b.iter(|| pairing_check_batch(black_box(&check_refs), blst_one)));
    g.bench_function("api/batch8_checks2", |b| b.iter(|| pairing_check_batch(black_box(&check_refs), ours_one)));
    g.finish();
}

criterion_group!(benches, pairings);
criterion_main!(benches);
