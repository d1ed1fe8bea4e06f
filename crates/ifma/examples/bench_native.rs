//! Prints `bench_native` as JSON: `cargo run --release -p evm384-ifma --example bench_native [-- --quick]`.
fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let r = evm384_ifma::bench_native(quick);
    println!("{}", serde_json::to_string_pretty(&r).unwrap());
}
