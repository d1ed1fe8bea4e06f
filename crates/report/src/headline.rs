//! The README's headline table: the BLS12-381 pairing check at k = 2 against the EIP-2537
//! precompile, one column per CPU, generated from the newest committed result file of each CPU
//! (`evm384 report --readme-table`). The README keeps it between [`BEGIN`] and [`END`]; a test
//! (`crates/report/tests/readme_table.rs`) fails when the README's copy differs from what the
//! committed files generate.

use std::path::Path;

use crate::doc::{ratio, thousands};
use crate::results::Results;

/// The marker comments around the generated block in the README.
pub const BEGIN: &str = "<!-- headline:begin -->";
pub const END: &str = "<!-- headline:end -->";

/// A result file as the table names it.
#[derive(Clone, Debug)]
pub struct ResultFile {
    /// The JSON's path as the README links it (`results/<cpu>-<date>.json`).
    pub link: String,
    /// The Markdown report beside it, when there is one.
    pub report_link: Option<String>,
    pub results: Results,
}

/// Reads one results file; `link` is how the table names it.
pub fn load(path: &Path, link: &str) -> Result<ResultFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let results: Results = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a results file of this version: {e}", path.display()))?;
    let md = path.with_extension("md");
    let report_link = md.is_file().then(|| match link.strip_suffix(".json") {
        Some(stem) => format!("{stem}.md"),
        None => format!("{link}.md"),
    });
    Ok(ResultFile { link: link.to_string(), report_link, results })
}

/// The newest full-mode report of each CPU among the `*.json` files directly in `dir` (files
/// without `schema_version` and `summary`, such as the fuzz runs, are not reports and are
/// skipped; a report that does not parse is an error). Links are `link_dir/<file name>`.
/// Newest first; the CPU is the machine's slug, the name the files are saved under.
pub fn newest_per_cpu(dir: &Path, link_dir: &str) -> Result<Vec<ResultFile>, String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut newest: Vec<ResultFile> = Vec::new();
    for name in names {
        let path = dir.join(&name);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
        if value.get("schema_version").is_none() || value.get("summary").is_none() {
            continue;
        }
        let file = load(&path, &format!("{}/{name}", link_dir.trim_end_matches('/')))?;
        if file.results.mode != "full" {
            continue;
        }
        let slug = file.results.machine.slug();
        match newest.iter_mut().find(|f| f.results.machine.slug() == slug) {
            Some(f) if f.results.date < file.results.date => *f = file,
            Some(_) => {}
            None => newest.push(file),
        }
    }
    newest.sort_by(|a, b| b.results.date.cmp(&a.results.date).then(a.link.cmp(&b.link)));
    Ok(newest)
}

/// Which way a target points.
#[derive(Clone, Copy)]
enum Target {
    AtMost(f64),
    AtLeast(f64),
    None,
}

impl Target {
    fn text(self) -> String {
        match self {
            Target::AtMost(t) => format!("≤ {t}x"),
            Target::AtLeast(t) => format!("≥ {t}x"),
            Target::None => "–".into(),
        }
    }

    fn missed(self, x: f64) -> bool {
        match self {
            Target::AtMost(t) => x > t,
            Target::AtLeast(t) => x < t,
            Target::None => false,
        }
    }
}

/// A figure: the median ratio and, where measured, the ratio of minimums.
type Figure = Option<(f64, Option<f64>)>;

/// One row of the table.
struct Row {
    label: &'static str,
    target: Target,
    figure: fn(&Results) -> Figure,
}

fn gas_ratio(r: &Results, gas: Option<f64>) -> Figure {
    gas.map(|g| (g / r.summary.precompile_gas_k2 as f64, None))
}

fn runtime(r: &Results, implementation: &str) -> Figure {
    r.runtime
        .iter()
        .find(|x| x.k == 2 && x.implementation == implementation)
        .map(|x| (x.ratio_to_precompile, Some(x.ratio_to_precompile_min)))
}

fn floor(r: &Results, interface: &str, schedule: &str) -> Figure {
    r.parity
        .iter()
        .find(|p| p.k == 2 && p.interface == interface && p.schedule == schedule)
        .map(|p| (p.floor_evm384_gas / p.precompile_price as f64, None))
}

/// The IFMA engine's speedup over blst on one `bench native` key (only where it ran on IFMA).
fn ifma(r: &Results, key: &str) -> Figure {
    let b = r.native_pairing.as_ref().filter(|b| b.backend == evm384_ifma::Backend::Ifma)?;
    Some((*b.speedup.get(key)?, b.speedup_min.get(key).copied()))
}

/// The rows. Targets are the project's; a median that misses its target is marked **missed**.
const ROWS: &[Row] = &[
    Row {
        label: "transaction gas ÷ the precompile's: v9, model B repriced, default build",
        target: Target::None,
        figure: |r| r.summary.k2_tx_gas_ratio_v9_model_b_repriced.map(|x| (x, None)),
    },
    Row {
        label: "transaction gas ÷ the precompile's: EVMMAX, EIP-6690 prices, default build",
        target: Target::None,
        figure: |r| r.summary.k2_tx_gas_ratio_evmmax.map(|x| (x, None)),
    },
    Row {
        label: "transaction gas ÷ the precompile's: hinted check, v9, model B repriced",
        target: Target::AtMost(1.5),
        figure: |r| r.summary.k2_tx_gas_ratio_hinted_v9_model_b_repriced.map(|x| (x, None)),
    },
    Row {
        label: "gas ÷ price: v7, model B, default build",
        target: Target::AtMost(2.0),
        figure: |r| Some((r.summary.k2_gas_ratio_v7_model_b_to_precompile, None)),
    },
    Row {
        label: "gas ÷ price: v7, model B, cheapest build",
        target: Target::AtMost(5.0),
        figure: |r| gas_ratio(r, r.summary.k2_gas_best_v7_model_b),
    },
    Row {
        label: "gas ÷ price: v9, model B repriced, default build",
        target: Target::None,
        figure: |r| gas_ratio(r, Some(r.summary.k2_gas_v9_model_b_repriced)),
    },
    Row {
        label: "gas ÷ price: v9, model B repriced, cheapest build",
        target: Target::AtMost(2.0),
        figure: |r| gas_ratio(r, r.summary.k2_gas_best_v9_model_b_repriced),
    },
    Row {
        label: "gas ÷ price: EVMMAX, EIP-6690 prices, default build",
        target: Target::AtMost(2.0),
        figure: |r| gas_ratio(r, r.summary.k2_gas_evmmax),
    },
    Row {
        label: "gas ÷ price: EVMMAX, EIP-6690 prices, cheapest build",
        target: Target::AtMost(2.0),
        figure: |r| gas_ratio(r, r.summary.k2_gas_best_evmmax),
    },
    Row {
        label: "gas ÷ price: hinted check, v9, model B repriced",
        target: Target::AtMost(1.5),
        figure: |r| gas_ratio(r, r.summary.k2_gas_hinted_v9_model_b_repriced),
    },
    Row {
        label: "operation-count floor ÷ price: EVM384 at model B prices",
        target: Target::None,
        figure: |r| floor(r, "v7", "model-b"),
    },
    Row {
        label: "operation-count floor ÷ price: EVMMAX at EIP-6690 prices",
        target: Target::None,
        figure: |r| floor(r, "evmmax", "eip-6690"),
    },
    Row { label: "runtime ÷ precompile: v7", target: Target::AtMost(1.9), figure: |r| runtime(r, "contract-v7") },
    Row { label: "runtime ÷ precompile: v9", target: Target::AtMost(1.6), figure: |r| runtime(r, "contract-v9") },
    Row {
        label: "runtime ÷ precompile: EVMMAX",
        target: Target::AtMost(1.5),
        figure: |r| runtime(r, "contract-evmmax"),
    },
    Row {
        label: "runtime ÷ precompile: hinted check, v9",
        target: Target::AtMost(1.2),
        figure: |r| {
            r.operations_time
                .iter()
                .find(|x| x.operation == "pairing-check-hinted" && x.k == 2 && x.implementation == "contract-v9")
                .map(|x| (x.ratio_to_precompile, Some(x.ratio_to_precompile_min)))
                .or(r.summary.k2_time_ratio_hinted_v9_to_precompile.map(|x| (x, None)))
        },
    },
    Row {
        label: "gas ÷ price: today's EVM (no new opcode), Osaka prices",
        target: Target::None,
        figure: |r| r.summary.evm_bls12_381_k2_gas_ratio_to_precompile.map(|x| (x, None)),
    },
    Row {
        label: "BN254 ecPairing, gas ÷ EIP-1108's 113,000: today's EVM, Osaka prices",
        target: Target::None,
        figure: |r| r.summary.evm_bn254_k2_gas_ratio_to_precompile.map(|x| (x, None)),
    },
    Row {
        label: "BN254 ecPairing, gas ÷ EIP-7904's 31,671: today's EVM, EIP-7904's prices",
        target: Target::None,
        figure: |r| r.summary.evm_bn254_k2_gas_ratio_to_precompile_eip7904.map(|x| (x, None)),
    },
    Row {
        label: "BN254 ecPairing, runtime ÷ revm's 0x08: today's EVM",
        target: Target::None,
        figure: |r| r.summary.evm_bn254_k2_time_ratio_to_precompile.map(|x| (x, None)),
    },
    Row {
        label: "BN254 ecPairing, today's EVM gas ÷ EVMMAX's (what EVMMAX saves)",
        target: Target::None,
        figure: |r| r.summary.evmmax_saving_over_evm_bn254_k2.map(|x| (x, None)),
    },
    Row {
        label: "IFMA pairing, speedup over blst: one pairing",
        target: Target::AtLeast(4.5),
        figure: |r| ifma(r, "pairing"),
    },
    Row {
        label: "IFMA pairing, speedup over blst: 2-pair check",
        target: Target::AtLeast(4.0),
        figure: |r| ifma(r, "pairing_check_2"),
    },
    Row {
        label: "IFMA pairing, speedup over blst: batch of 8, per pairing",
        target: Target::AtLeast(6.0),
        figure: |r| ifma(r, "batch8_per_pairing"),
    },
    Row {
        label: "IFMA pairing as 0x0f, runtime ÷ revm's 0x0f",
        target: Target::AtMost(0.35),
        figure: |r| {
            if r.summary.precompile_ifma_backend.as_deref() == Some("Ifma") {
                runtime(r, "precompile-ifma")
            } else {
                None
            }
        },
    },
];

fn cell(target: Target, figure: Figure) -> String {
    match figure {
        None => "–".into(),
        Some((x, min)) => {
            let mut s = ratio(x);
            if let Some(m) = min {
                s += &format!(" ({})", ratio(m));
            }
            if target.missed(x) {
                s += " **missed**";
            }
            s
        }
    }
}

/// What a column's CPU is, in words: `AMD EPYC, family 25 model 17, AVX-512 IFMA`.
fn cpu_words(r: &Results) -> String {
    let m = &r.machine;
    let mut s = m.cpu_model.clone();
    if let (Some(f), Some(n)) = (m.cpu_family, m.cpu_model_number) {
        s += &format!(", family {f} model {n}");
    }
    let ifma = m.cpu_flags.get("avx512ifma").copied().unwrap_or(false);
    s += if ifma { ", AVX-512 IFMA" } else { ", no AVX-512 IFMA" };
    s
}

/// The generated block, markers included: the table, how to read it and the files behind it.
pub fn block(files: &[ResultFile]) -> String {
    let mut out = String::new();
    out += BEGIN;
    out += "\n\n";
    let mut header = vec!["BLS12-381 pairing check, k = 2".to_string(), "target".to_string()];
    header.extend(files.iter().map(|f| format!("`{}`", f.results.machine.slug())));
    out += &format!("| {} |\n", header.join(" | "));
    out += &format!("|---|{}\n", "---:|".repeat(header.len() - 1));
    for row in ROWS {
        let mut cells = vec![row.label.to_string(), row.target.text()];
        cells.extend(files.iter().map(|f| cell(row.target, (row.figure)(&f.results))));
        out += &format!("| {} |\n", cells.join(" | "));
    }
    let price = files.first().map(|f| f.results.summary.precompile_gas_k2).unwrap_or(0);
    out += &format!(
        "\nPrice: the precompile's, 32600·k + 37700 = {} gas at k = 2. Ratios of medians, of minimums in\n",
        thousands(price)
    );
    out += "brackets; **missed**: the median misses the target; –: not in that file. Transaction gas: what\n";
    out += "a transaction pays, 21,000 plus calldata (EIP-2028) plus execution, or EIP-7623's floor where\n";
    out += "larger, on both sides (the hinted check's witness in its calldata); gas ÷ price: execution gas\n";
    out += "only. Columns: the newest committed report of each CPU (table generated by `evm384 report\n";
    out += "--readme-table`).\n\n";
    for f in files {
        let report = f.report_link.as_ref().map(|l| format!(", [report]({l})")).unwrap_or_default();
        out += &format!(
            "- `{}`, {} ({}):\n  [`{}`]({}){report}\n",
            f.results.machine.slug(),
            f.results.date,
            cpu_words(&f.results),
            f.link.rsplit('/').next().unwrap_or(&f.link),
            f.link
        );
    }
    out += "\n";
    out += END;
    out
}

/// Where the marked block of `text` starts and ends (markers included).
fn span(text: &str) -> Option<(usize, usize)> {
    let start = text.find(BEGIN)?;
    let end = text[start..].find(END)? + start + END.len();
    Some((start, end))
}

/// The block between the markers of `text` (markers included), if it has one.
pub fn extract(text: &str) -> Option<&str> {
    span(text).map(|(start, end)| &text[start..end])
}

/// `text` with its marked block replaced by `block`.
pub fn replace(text: &str, block: &str) -> Result<String, String> {
    let (start, end) = span(text).ok_or_else(|| format!("no `{BEGIN}` … `{END}` block"))?;
    Ok(format!("{}{block}{}", &text[..start], &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_mark_misses() {
        assert!(Target::AtMost(2.0).missed(2.01) && !Target::AtMost(2.0).missed(2.0));
        assert!(Target::AtLeast(4.5).missed(4.49) && !Target::AtLeast(4.5).missed(4.5));
        assert_eq!(cell(Target::AtMost(1.5), Some((2.54, Some(2.5)))), "2.54x (2.50x) **missed**");
        assert_eq!(cell(Target::None, None), "–");
    }

    #[test]
    fn replaces_the_marked_block() {
        let text = format!("a\n{BEGIN}\nold\n{END}\nb\n");
        let new = replace(&text, &format!("{BEGIN}\nnew\n{END}")).unwrap();
        assert_eq!(new, format!("a\n{BEGIN}\nnew\n{END}\nb\n"));
        assert!(replace("no markers", "x").is_err());
    }
}
