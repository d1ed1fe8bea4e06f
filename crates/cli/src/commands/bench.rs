//! `evm384 bench …`: benchmarks, one subcommand each (`ops`, `native`).
//!
//! `bench ops` measures, in one run: the native `mulmodmont384`/`addmod384`/`submod384` of
//! evm384-arith on the BLS12-381 modulus against blst's `blst_fp_mul`/`blst_fp_add`/
//! `blst_fp_sub`, and the in-EVM cost of each EVM384 opcode (see `evm384_evm::bench`).

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use evm384_arith::{addmod384, mulmodmont384, mulmodmont384_backend, submod384, Limbs};
use evm384_evm::bench::{evm_ns_per_op, P, P_INV, X, Y};
use evm384_evm::Op;
use serde_json::{json, Map, Value};

use crate::CliError;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: BenchCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum BenchCommand {
    /// Native field operations vs blst, and the in-EVM cost of each EVM384 opcode.
    Ops(OpsArgs),
    /// The AVX-512 IFMA pairing (evm384-ifma) against blst: field, tower, pairing, batch.
    Native(NativeArgs),
}

#[derive(clap::Args, Debug)]
pub struct NativeArgs {
    /// Print one JSON object `{"backend", "blst_ns": {…}, "ifma_ns": {…}, "speedup": {…}}`.
    #[arg(long)]
    pub json: bool,
    /// Fewer samples (a smoke run).
    #[arg(long)]
    pub quick: bool,
}

#[derive(clap::Args, Debug)]
pub struct OpsArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Chained native operations per timing.
    #[arg(long, default_value_t = 1_000_000)]
    pub iters: u64,
    /// EVM384 instructions per benchmark program.
    #[arg(long, default_value_t = 4000)]
    pub evm_ops: usize,
    /// Runs of each program (the fastest is kept).
    #[arg(long, default_value_t = 40)]
    pub reps: usize,
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        BenchCommand::Ops(ops) => run_ops(ops),
        BenchCommand::Native(native) => run_native(native),
    }
}

fn run_native(args: NativeArgs) -> Result<(), CliError> {
    let report = evm384_ifma::bench_native(args.quick);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).map_err(|e| std::io::Error::other(e.to_string()))?)?;
        return Ok(());
    }
    writeln!(out, "backend: {:?} (blst vs evm384-ifma, medians, ns per call)", report.backend)?;
    for (key, blst_ns) in &report.blst_ns {
        let ifma = report.ifma_ns.get(key).copied().unwrap_or(f64::NAN);
        let speedup = report.speedup.get(key).copied().unwrap_or(f64::NAN);
        writeln!(out, "  {key:<26} blst {blst_ns:>12.1}   ifma {ifma:>12.1}   speedup {speedup:5.2}x")?;
    }
    Ok(())
}

/// Best of five timings of `iters` calls of `step`, in ns per call.
fn ns_per_call(iters: u64, mut step: impl FnMut()) -> f64 {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iters {
                step();
            }
            start.elapsed().as_secs_f64() * 1e9 / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// ns per call of a chained native operation `acc = f(acc, Y)` on 384-bit limbs.
fn native_ns(iters: u64, f: impl Fn(&Limbs, &Limbs) -> Limbs) -> f64 {
    let mut acc = X;
    let ns = ns_per_call(iters, || acc = f(black_box(&acc), &Y));
    black_box(acc);
    ns
}

type BlstOp = unsafe extern "C" fn(*mut blst::blst_fp, *const blst::blst_fp, *const blst::blst_fp);

/// ns per call of a chained blst operation `acc = f(acc, Y)`.
fn blst_ns(iters: u64, f: BlstOp) -> f64 {
    let mut acc = blst::blst_fp { l: X };
    let y = blst::blst_fp { l: Y };
    let ns = ns_per_call(iters, || {
        let a = black_box(acc);
        // SAFETY: plain field elements below p; blst reads and writes 48-byte values.
        unsafe { f(&mut acc, &a, &y) };
    });
    black_box(acc);
    ns
}

fn run_ops(args: OpsArgs) -> Result<(), CliError> {
    let n = args.iters;
    let mulmont = native_ns(n, |x, y| mulmodmont384(x, y, &P, P_INV));
    let blst_mul = blst_ns(n, blst::blst_fp_mul);
    let evm: Map<String, Value> = Op::ALL
        .into_iter()
        .map(|op| (op.name().to_string(), json!(evm_ns_per_op(op, args.evm_ops, args.reps))))
        .collect();
    let report = json!({
        "mulmodmont384_ns": mulmont,
        "blst_fp_mul_ns": blst_mul,
        "ratio_mulmont_to_blst": mulmont / blst_mul,
        "addmod384_ns": native_ns(n, |x, y| addmod384(x, y, &P)),
        "blst_fp_add_ns": blst_ns(n, blst::blst_fp_add),
        "submod384_ns": native_ns(n, |x, y| submod384(x, y, &P)),
        "blst_fp_sub_ns": blst_ns(n, blst::blst_fp_sub),
        "mulmodmont384_backend": mulmodmont384_backend(),
        "evm_ns_per_op": evm,
        "evm_method": format!(
            "v7 program of {} x (PUSH16; OP) minus the same with POP, fastest of {} runs, per op",
            args.evm_ops, args.reps
        ),
    });
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        write!(out, "{}", to_text(&report))?;
    }
    Ok(())
}

fn to_text(r: &Value) -> String {
    let f = |k: &str| r[k].as_f64().unwrap_or(f64::NAN);
    let mut s = format!("native ({}):\n", r["mulmodmont384_backend"].as_str().unwrap_or("?"));
    for (ours, theirs) in [("mulmodmont384", "blst_fp_mul"), ("addmod384", "blst_fp_add"), ("submod384", "blst_fp_sub")]
    {
        let (a, b) = (f(&format!("{ours}_ns")), f(&format!("{theirs}_ns")));
        s += &format!("  {ours:<14} {a:7.2} ns   {theirs:<12} {b:7.2} ns   ratio {:.2}\n", a / b);
    }
    s += &format!("in revm ({}):\n", r["evm_method"].as_str().unwrap_or(""));
    for op in Op::ALL {
        s += &format!("  {:<14} {:7.2} ns\n", op.name(), r["evm_ns_per_op"][op.name()].as_f64().unwrap_or(f64::NAN));
    }
    s
}
