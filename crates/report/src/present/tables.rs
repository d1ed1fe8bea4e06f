//! Tables several sections build alike: gas under every schedule and runtimes beside a
//! baseline, a row per operation, size and implementation.

use super::format::gas_fmt;
use crate::doc::{duration_ns, ratio, thousands, Block, Table};
use crate::results::OperationTimeRow;

/// One contract's gas under one schedule, beside its baseline's charge, for
/// [`gas_by_schedule`].
pub struct ScheduleGas<'a> {
    pub operation: &'a str,
    pub k: u64,
    pub interface: &'a str,
    pub code_bytes: u64,
    pub baseline: u64,
    pub schedule: &'a str,
    pub gas: f64,
}

/// A folded table of gas under every schedule: a row per operation, size and instruction set
/// (EVMMAX's gas under EIP-6690's prices in the last column), the baseline's in `baseline`.
pub fn gas_by_schedule(title: &str, baseline: &str, rows: &[ScheduleGas]) -> Block {
    let mut schedules: Vec<&str> = Vec::new();
    for g in rows {
        if g.interface != "evmmax" && !schedules.contains(&g.schedule) {
            schedules.push(g.schedule);
        }
    }
    let mut head: Vec<&str> = vec!["operation", "k", "interface", "code bytes", baseline];
    head.extend(schedules.iter());
    head.push("eip-6690");
    let mut t = Table::new(title, &head);
    let mut seen: Vec<(&str, u64, &str)> = Vec::new();
    for g in rows {
        let key = (g.operation, g.k, g.interface);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let mut row = vec![
            g.operation.to_string(),
            g.k.to_string(),
            g.interface.to_string(),
            thousands(g.code_bytes),
            thousands(g.baseline),
        ];
        for sch in schedules.iter().copied().chain(["eip-6690"]) {
            let x = rows
                .iter()
                .find(|x| (x.operation, x.k, x.interface, x.schedule) == (g.operation, g.k, g.interface, sch));
            row.push(x.map_or("—".into(), |x| gas_fmt(x.gas)));
        }
        t.row(row);
    }
    let n = t.rows.len();
    Block::Table(t.folded(format!("Gas under every schedule: {n} rows (operation, size, interface)")))
}

/// (operation, k, implementation, wall-time statistics, ratio of medians, ratio of minimums).
pub type TimeRow<'a> = (&'a str, u64, &'a str, &'a evm384_timing::Stats, f64, f64);

/// A folded table of runtimes beside a baseline (`times`: the ratio column's head).
pub fn runtime_rows(title: &str, times: &str, rows: &[TimeRow]) -> Block {
    let mut t = Table::new(title, &["operation", "k", "implementation", "median", "min", times]);
    for &(op, k, imp, stats, median, min) in rows {
        t.row(vec![
            op.to_string(),
            k.to_string(),
            imp.to_string(),
            duration_ns(stats.median_ns),
            duration_ns(stats.min_ns),
            format!("{} ({})", ratio(median), ratio(min)),
        ]);
    }
    let n = t.rows.len();
    Block::Table(t.folded(format!("Runtime of every operation, size and implementation: {n} rows")))
}

/// The distinct (operation, size) pairs of `rows`, in order of first appearance: a table's rows.
pub fn sizes<'a>(rows: impl IntoIterator<Item = (&'a str, u64)>) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = Vec::new();
    for (op, k) in rows {
        if !out.iter().any(|(o, s)| o == op && *s == k) {
            out.push((op.to_string(), k));
        }
    }
    out
}

/// [`runtime_rows`]' rows of operation timings.
pub fn operation_time_rows(rows: &[OperationTimeRow]) -> Vec<TimeRow<'_>> {
    rows.iter()
        .map(|x| {
            (
                x.operation.as_str(),
                x.k,
                x.implementation.as_str(),
                &x.stats,
                x.ratio_to_precompile,
                x.ratio_to_precompile_min,
            )
        })
        .collect()
}
