//! Runs 8-lane pairing batches in a loop for a profiler:
//! `perf record -g target/release/examples/profile_batch`.
fn main() {
    let pairs = evm384_ifma::bench::sample_pairs(8);
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    for _ in 0..n {
        std::hint::black_box(evm384_ifma::engine::pairing_batch(std::hint::black_box(&pairs)));
    }
}
