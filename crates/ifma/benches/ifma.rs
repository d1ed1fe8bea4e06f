//! Criterion: blst against the IFMA engine (single pairing, checks, 8-lane batch, field ops).
//! `cargo bench -p evm384-ifma`. The project's published figures come from `evm384 bench native`
//! (src/bench.rs: both sides measured together by `evm384-timing`).
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use evm384_ifma::bench::sample_pairs;
use evm384_ifma::*;

fn pairings(c: &mut Criterion) {
    let pairs = sample_pairs(8);
    let (p, q) = pairs[0];
    let two = [pairs[0], pairs[1]];
    let ml = reference::miller_loop(&pairs[..1]);
    let checks: Vec<[Pair; 2]> = (0..8).map(|i| [pairs[i], pairs[(i + 1) % 8]]).collect();
    let check_refs: Vec<&[Pair]> = checks.iter().map(|c| c.as_slice()).collect();
    let mut g = c.benchmark_group("pairing");
    g.sample_size(20);
    g.bench_function("blst/miller_loop", |b| b.iter(|| reference::miller_loop(black_box(&pairs[..1]))));
    g.bench_function("ifma_engine/miller_loop", |b| b.iter(|| engine::miller_loop(black_box(&pairs[..1]))));
    g.bench_function("blst/final_exp", |b| b.iter(|| reference::final_exp(black_box(&ml))));
    g.bench_function("ifma_engine/final_exp", |b| b.iter(|| engine::final_exp(black_box(&ml))));
    g.bench_function("blst/pairing", |b| b.iter(|| reference::pairing(black_box(&p), black_box(&q))));
    g.bench_function("ifma_engine/pairing", |b| b.iter(|| engine::pairing(black_box(&p), black_box(&q))));
    g.bench_function("api/pairing", |b| b.iter(|| pairing(black_box(&p), black_box(&q))));
    g.bench_function("blst/pairing_check_2", |b| b.iter(|| reference::pairing_check(black_box(&two))));
    g.bench_function("api/pairing_check_2", |b| b.iter(|| pairing_check(black_box(&two))));
    g.bench_function("blst/pairing_check_8", |b| b.iter(|| reference::pairing_check(black_box(&pairs))));
    g.bench_function("api/pairing_check_8", |b| b.iter(|| pairing_check(black_box(&pairs))));
    g.bench_function("blst/batch8_pairings", |b| b.iter(|| pairing_batch_with(Backend::Blst, black_box(&pairs))));
    g.bench_function("api/batch8_pairings", |b| b.iter(|| pairing_batch(black_box(&pairs))));
    g.bench_function("blst/batch8_checks2", |b| {
        b.iter(|| pairing_check_batch_with(Backend::Blst, black_box(&check_refs)))
    });
    g.bench_function("api/batch8_checks2", |b| b.iter(|| pairing_check_batch(black_box(&check_refs))));
    g.finish();
}

criterion_group!(benches, pairings);
criterion_main!(benches);
