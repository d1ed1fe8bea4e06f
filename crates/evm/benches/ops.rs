//! In-EVM cost of each EVM384 opcode: a straight-line v7 program of N × (PUSH16; OP) against
//! the same program with POP in place of OP (see `evm384_evm::bench`). Per-op cost is the
//! difference of the two divided by N.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use evm384_evm::bench::{calldata, runner};
use evm384_evm::Op;

const N: usize = 1000;

fn ops_in_revm(c: &mut Criterion) {
    let mut group = c.benchmark_group("evm384-in-revm");
    group.throughput(Throughput::Elements(N as u64));
    let cd = calldata();
    let cases: Vec<(&str, Option<Op>)> =
        Op::ALL.into_iter().map(|op| (op.name(), Some(op))).chain([("POP", None)]).collect();
    for (name, op) in cases {
        let mut r = runner(op, N);
        group.bench_function(BenchmarkId::new(name, N), |b| b.iter(|| r.run(&cd).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, ops_in_revm);
criterion_main!(benches);
