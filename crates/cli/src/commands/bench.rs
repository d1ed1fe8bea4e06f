//! `evm384 bench …`: benchmarks, one subcommand each (`ops`, `native`).
//!
//! `bench ops` measures, in one run: the native `mulmodmont384`/`addmod384`/`submod384` of
//! evm384-arith on the BLS12-381 modulus against blst's `blst_fp_mul`/`blst_fp_add`/
//! `blst_fp_sub`, and the in-EVM cost of each EVM384 opcode (`evm384_report::collect::arith`).
//! `bench native` measures the IFMA pairing against blst (`evm384_report::collect::native`). Both
//! go through the project's one harness (`evm384-timing`) and print medians and minimums.

use std::io::Write;

use evm384_report::collect::arith::bench_ops;
use evm384_report::results::ArithBench;
use evm384_timing::Plan;
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
    /// Fewer samples (a smoke run of a few seconds).
    #[arg(long)]
    pub quick: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        BenchCommand::Ops(ops) => run_ops(ops),
        BenchCommand::Native(native) => run_native(native),
    }
}

fn plan(quick: bool) -> Plan {
    if quick {
        Plan::QUICK
    } else {
        Plan::FULL
    }
}

fn run_native(args: NativeArgs) -> Result<(), CliError> {
    let report = evm384_report::collect::native::bench_native(plan(args.quick));
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).map_err(|e| std::io::Error::other(e.to_string()))?)?;
        return Ok(());
    }
    writeln!(out, "backend: {:?} (blst vs evm384-ifma, ns per call, measured together: median / min)", report.backend)?;
    if let Some(e) = report.batch_engine {
        writeln!(out, "batches (batch8_*, batch_all_cores_*) on the {e:?} engine (batch_engine's choice on this CPU)")?;
    }
    for (key, blst_ns) in &report.blst_ns {
        let get = |m: &std::collections::BTreeMap<String, f64>| m.get(key).copied().unwrap_or(f64::NAN);
        writeln!(
            out,
            "  {key:<26} blst {blst_ns:>12.1} / {:>12.1}   ifma {:>12.1} / {:>12.1}   speedup {:5.2}x / {:5.2}x",
            get(&report.blst_min_ns),
            get(&report.ifma_ns),
            get(&report.ifma_min_ns),
            get(&report.speedup),
            get(&report.speedup_min),
        )?;
    }
    Ok(())
}

/// The flat JSON of `bench ops`: medians under the historical keys, minimums beside them.
fn ops_json(b: &ArithBench) -> Value {
    let mut m = Map::new();
    for p in &b.pairs {
        m.insert(format!("{}_ns", p.ours), json!(p.ours_ns.median_ns));
        m.insert(format!("{}_min_ns", p.ours), json!(p.ours_ns.min_ns));
        m.insert(format!("{}_ns", p.blst), json!(p.blst_ns.median_ns));
        m.insert(format!("{}_min_ns", p.blst), json!(p.blst_ns.min_ns));
        if p.ours == "mulmodmont384" {
            m.insert("ratio_mulmont_to_blst".into(), json!(p.ratio));
            m.insert("ratio_mulmont_to_blst_min".into(), json!(p.ratio_min));
        }
    }
    m.insert("mulmodmont384_backend".into(), json!(b.backend));
    let evm: Map<String, Value> = b.evm_ns_per_op.iter().map(|(k, c)| (k.clone(), json!(c.median_ns))).collect();
    let evm_min: Map<String, Value> = b.evm_ns_per_op.iter().map(|(k, c)| (k.clone(), json!(c.min_ns))).collect();
    m.insert("evm_ns_per_op".into(), Value::Object(evm));
    m.insert("evm_min_ns_per_op".into(), Value::Object(evm_min));
    m.insert("evm_method".into(), json!(b.evm_method));
    m.insert("detail".into(), serde_json::to_value(b).unwrap_or(Value::Null));
    Value::Object(m)
}

fn run_ops(args: OpsArgs) -> Result<(), CliError> {
    let bench = bench_ops(plan(args.quick));
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", ops_json(&bench))?;
        return Ok(());
    }
    writeln!(
        out,
        "native ({}; chains of {} dependent operations, median / min ns per operation):",
        bench.backend, bench.chain
    )?;
    for p in &bench.pairs {
        writeln!(
            out,
            "  {:<14} {:7.2} / {:7.2}   {:<12} {:7.2} / {:7.2}   ratio {:.3} / {:.3}",
            p.ours,
            p.ours_ns.median_ns,
            p.ours_ns.min_ns,
            p.blst,
            p.blst_ns.median_ns,
            p.blst_ns.min_ns,
            p.ratio,
            p.ratio_min
        )?;
    }
    writeln!(out, "in revm ({}), median / min:", bench.evm_method)?;
    for (op, c) in &bench.evm_ns_per_op {
        writeln!(out, "  {op:<14} {:7.2} / {:7.2} ns", c.median_ns, c.min_ns)?;
    }
    Ok(())
}
