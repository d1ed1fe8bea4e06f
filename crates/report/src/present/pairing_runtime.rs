//! Section 5, runtime: the pairing check in every implementation, measured together
//! (`collect::runtime`).

use super::prose::Prose;
use crate::doc::{duration_ns, ratio, Block, Chart, ChartKind, Section, Series, Table};
use crate::results::{Results, Summary};

/// The section's paragraph and its optional clauses (`text/pairing_runtime.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/pairing_runtime.md"),
    fragments: &[
        ("implementations", &["blst", "blst_min", "wasm", "ifma", "v8"]),
        ("wasm", &["engine", "ratio"]),
        ("ifma", &["backend", "fallback", "ratio"]),
        ("ifma-fallback", &[]),
    ],
};

pub fn pairing_runtime(r: &Results, ks: &[u64]) -> Section {
    let mut t = Table::new(
        "Runtime of one pairing check (equal-duration interleaved samples; spread = interquartile range / median; ratios of medians, of minimums in brackets)",
        &["k", "implementation", "median", "min", "spread", "× blst", "× precompile"],
    );
    for row in &r.runtime {
        t.row(vec![
            row.k.to_string(),
            row.implementation.clone(),
            duration_ns(row.stats.median_ns),
            duration_ns(row.stats.min_ns),
            format!("±{:.1}%", 50.0 * row.stats.spread()),
            format!("{} ({})", ratio(row.ratio_to_blst), ratio(row.ratio_to_blst_min)),
            format!("{} ({})", ratio(row.ratio_to_precompile), ratio(row.ratio_to_precompile_min)),
        ]);
    }
    let n_rows = t.rows.len();
    let series = crate::collect::runtime::IMPLEMENTATIONS
        .iter()
        .filter(|imp| r.runtime.iter().any(|x| x.implementation == **imp))
        .map(|imp| Series {
            name: imp.to_string(),
            dashed: false,
            values: ks
                .iter()
                .map(|&k| {
                    r.runtime
                        .iter()
                        .find(|x| x.k == k && x.implementation == *imp)
                        .map(|x| x.stats.median_ns / 1e6)
                        .unwrap_or(f64::NAN)
                })
                .collect(),
        })
        .collect();
    Section {
        id: "runtime".into(),
        title: "5. Runtime".into(),
        blocks: vec![
            Block::Paragraph(PROSE.fill(
                "implementations",
                &[
                    ("blst", &ratio(r.summary.k2_time_ratio_blst_to_precompile)),
                    ("blst_min", &ratio(r.summary.k2_time_ratio_blst_to_precompile_min)),
                    ("wasm", &wasm_note(r)),
                    ("ifma", &precompile_ifma_note(&r.summary)),
                    ("v8", &ratio(r.summary.v8_to_v7_time_ratio)),
                ],
            )),
            Block::Table(t.folded(format!(
                "Runtime of every implementation at k = {}: {n_rows} rows",
                ks.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ")
            ))),
            Block::Chart(Chart {
                id: "runtime".into(),
                title: "Pairing check runtime (ms, log scale)".into(),
                kind: ChartKind::Bars,
                categories: ks.iter().map(|k| format!("k = {k}")).collect(),
                x: ks.iter().map(|&k| k as f64).collect(),
                x_label: "pairs".into(),
                y_label: "ms".into(),
                log_y: true,
                series,
                second: None,
            }),
        ],
    }
}

/// The `blst-wasm-wasmtime` row in words, when the file has it: the EVM384 notes' wasm row,
/// measured with the engine `tools.wasmtime` names.
fn wasm_note(r: &Results) -> String {
    match (r.tools.get("wasmtime"), r.summary.k2_time_ratio_wasm_to_blst) {
        (Some(engine), Some(x)) => PROSE.fill("wasm", &[("engine", engine), ("ratio", &ratio(x))]) + " ",
        _ => String::new(),
    }
}

/// The `precompile-ifma` row in words, when the file has it.
fn precompile_ifma_note(s: &Summary) -> String {
    match (&s.precompile_ifma_backend, s.k2_time_ratio_precompile_ifma_to_precompile) {
        (Some(backend), Some(x)) => {
            let fallback =
                if backend == "Ifma" { String::new() } else { format!(", {}", PROSE.words("ifma-fallback")) };
            PROSE.fill("ifma", &[("backend", backend), ("fallback", &fallback), ("ratio", &ratio(x))]) + " "
        }
        _ => String::new(),
    }
}
