//! Prints `bench_native` as JSON: `cargo run --release -p evm384-ifma --example bench_native [-- --quick]`
//! (the same as `evm384 bench native --json`).
use evm384_timing::Plan;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let r = evm384_ifma::bench_native(if quick { Plan::QUICK } else { Plan::FULL });
    println!("{}", serde_json::to_string_pretty(&r).unwrap());
}
