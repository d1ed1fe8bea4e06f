//! Section 0, the answer: the pairing check against the EIP-2537 precompile at every k of the
//! file, in one table and one chart, and what price change would reach parity.

use super::format::parity_factor;
use super::lookup::pairing_check_gas;
use super::prose::Prose;
use crate::doc::{ratio, thousands, Block, Chart, ChartKind, Section, Series, Table};
use crate::results::Results;

/// The section's paragraphs (`text/answer.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/answer.md"),
    fragments: &[
        ("figures-from", &["source", "cpu", "mode", "date", "words"]),
        ("reached", &[]),
        ("not-reached", &[]),
        ("cheapest-and-fastest", &["k", "cheapest", "cheapest_ratio", "fastest", "fastest_ratio"]),
        ("transaction", &["v9", "k", "hinted"]),
        ("hinted", &["gas", "time"]),
        ("floor", &["low", "high", "conclusion"]),
        ("floor-above-price", &[]),
        ("floor-within-price", &[]),
        ("needs", &["k", "needs"]),
        ("needs-factor", &["set", "factor", "who"]),
        ("needs-impossible", &["set", "who"]),
        ("v8-not-shown", &["percent", "time"]),
        ("how-to-read", &["prices", "v8_not_shown"]),
        ("parity-formula", &[]),
    ],
};

/// The instruction sets' default builds as the answer shows them: label, interface, the gas
/// schedule its gas is read under, and its runtime row.
const ANSWER_SETS: [(&str, &str, &str, &str); 3] = [
    ("v7", "v7", "model-b", "contract-v7"),
    ("v9", "v9", "model-b-repriced", "contract-v9"),
    ("EVMMAX", "evmmax", "eip-6690", "contract-evmmax"),
];

/// The words for a schedule in the answer.
fn schedule_words(schedule: &str) -> &'static str {
    match schedule {
        "model-b" => "model B",
        "model-b-repriced" => "model B repriced",
        "eip-6690" => "EIP-6690 prices",
        _ => "another schedule",
    }
}

/// Section 0: the pairing check against the precompile at every k of the file, in one table and
/// one chart, and what price change would reach parity. Every figure is read from `r`.
pub fn answer(r: &Results, ks: &[u64], source: &str) -> Section {
    let price = |k: u64| r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula as f64);
    let gas = |k: u64, i: &str, s: &str| Some(pairing_check_gas(r, k, i, s, "total")? / price(k)?);
    let time = |k: u64, imp: &str| r.runtime.iter().find(|x| x.k == k && x.implementation == imp);
    let parity = |k: u64, i: &str, s: &str| r.parity.iter().find(|p| p.k == k && p.interface == i && p.schedule == s);
    let hinted_gas = |k: u64, i: &str, s: &str| {
        r.operations_gas
            .iter()
            .find(|g| g.operation == "pairing-check-hinted" && g.k == k && g.interface == i && g.schedule == s)
            .map(|g| g.gas / g.precompile_gas as f64)
    };
    let hinted_time = |k: u64, imp: &str| {
        r.operations_time.iter().find(|x| x.operation == "pairing-check-hinted" && x.k == k && x.implementation == imp)
    };
    // The cheapest build `build --optimize-for` finds: measured at k = 2 only.
    let cheapest = |k: u64, i: &str, s: &str| {
        let c = r.build_choices.iter().find(|c| c.interface == i && c.target == s)?;
        (k == 2).then_some(c.chosen_gas / price(k)?)
    };

    let header_cells: Vec<String> =
        std::iter::once("BLS12-381 pairing check".to_string()).chain(ks.iter().map(|k| format!("k = {k}"))).collect();
    let header: Vec<&str> = header_cells.iter().map(String::as_str).collect();
    let mut t = Table::new("The pairing check against the EIP-2537 precompile (1.00x = parity)", &header);
    let push = |t: &mut Table, label: String, cells: Vec<Option<String>>| {
        if cells.iter().any(Option::is_some) {
            t.row(std::iter::once(label).chain(cells.into_iter().map(|c| c.unwrap_or_else(|| "–".into()))).collect());
        }
    };
    let fmt = |x: Option<f64>| x.map(ratio);
    let fmt_min = |x: Option<(f64, f64)>| x.map(|(m, n)| format!("{} ({})", ratio(m), ratio(n)));
    // what the transactions pay, calldata included: the headline
    let pre_tx = |k: u64| r.precompile_gas.iter().find(|p| p.k == k).and_then(|p| p.tx_gas).map(|g| g as f64);
    let tx = |k: u64, i: &str, s: &str| {
        let row = r.gas.iter().find(|g| g.k == k && g.interface == i && g.schedule == s && g.phase == "total")?;
        Some(row.tx_gas? / pre_tx(k)?)
    };
    let hinted_tx = |k: u64, i: &str, s: &str| {
        r.operations_gas
            .iter()
            .find(|g| g.operation == "pairing-check-hinted" && g.k == k && g.interface == i && g.schedule == s)
            .and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?))
    };
    for (label, i, s, _) in ANSWER_SETS {
        push(
            &mut t,
            format!("transaction gas ÷ the precompile's: {label}, {}, default build", schedule_words(s)),
            ks.iter().map(|&k| fmt(tx(k, i, s))).collect(),
        );
    }
    for (label, i, s, _) in [ANSWER_SETS[1], ANSWER_SETS[2]] {
        push(
            &mut t,
            format!("transaction gas ÷ the precompile's: hinted check, {label}, {}", schedule_words(s)),
            ks.iter().map(|&k| fmt(hinted_tx(k, i, s))).collect(),
        );
    }
    for (label, i, s, _) in ANSWER_SETS {
        let w = schedule_words(s);
        push(
            &mut t,
            format!("gas ÷ price: {label}, {w}, default build"),
            ks.iter().map(|&k| fmt(gas(k, i, s))).collect(),
        );
        push(
            &mut t,
            format!("gas ÷ price: {label}, {w}, cheapest build"),
            ks.iter().map(|&k| fmt(cheapest(k, i, s))).collect(),
        );
    }
    for (label, i, s, _) in [ANSWER_SETS[1], ANSWER_SETS[2]] {
        push(
            &mut t,
            format!("gas ÷ price: hinted check, {label}, {}", schedule_words(s)),
            ks.iter().map(|&k| fmt(hinted_gas(k, i, s))).collect(),
        );
    }
    push(
        &mut t,
        "operation-count floor ÷ price: EVM384 at model B prices".into(),
        ks.iter()
            .map(|&k| fmt(parity(k, "v7", "model-b").map(|p| p.floor_evm384_gas / p.precompile_price as f64)))
            .collect(),
    );
    push(
        &mut t,
        "operation-count floor ÷ price: EVMMAX at EIP-6690 prices".into(),
        ks.iter()
            .map(|&k| fmt(parity(k, "evmmax", "eip-6690").map(|p| p.floor_evm384_gas / p.precompile_price as f64)))
            .collect(),
    );
    for (label, _, _, imp) in ANSWER_SETS {
        push(
            &mut t,
            format!("time ÷ precompile: {label}, default build"),
            ks.iter()
                .map(|&k| fmt_min(time(k, imp).map(|x| (x.ratio_to_precompile, x.ratio_to_precompile_min))))
                .collect(),
        );
    }
    for (label, _, _, imp) in [ANSWER_SETS[1], ANSWER_SETS[2]] {
        push(
            &mut t,
            format!("time ÷ precompile: hinted check, {label}"),
            ks.iter()
                .map(|&k| fmt_min(hinted_time(k, imp).map(|x| (x.ratio_to_precompile, x.ratio_to_precompile_min))))
                .collect(),
        );
    }
    for (label, i, s, _) in ANSWER_SETS {
        let what = if i == "evmmax" { "EVMMAX arithmetic prices" } else { "EVM384 arithmetic prices" };
        push(
            &mut t,
            format!("parity: {what} × λ, {label} default build under {}", schedule_words(s)),
            ks.iter().map(|&k| parity(k, i, s).map(|p| parity_factor(p.break_even_evm384))).collect(),
        );
    }
    push(
        &mut t,
        "parity with every other opcode free: EVM384 arithmetic prices × price ÷ floor".into(),
        ks.iter()
            .map(|&k| parity(k, "v7", "model-b").map(|p| parity_factor(p.precompile_price as f64 / p.floor_evm384_gas)))
            .collect(),
    );

    // The answer in words, from the same figures at k = 2 (or the first k).
    let kh = if ks.contains(&2) { 2 } else { ks.first().copied().unwrap_or(2) };
    let mut drop_in_gas: Vec<(String, f64)> = Vec::new();
    for (label, i, s, _) in ANSWER_SETS {
        drop_in_gas.extend(gas(kh, i, s).map(|x| (format!("{label} default build ({})", schedule_words(s)), x)));
        drop_in_gas.extend(cheapest(kh, i, s).map(|x| (format!("{label} cheapest build ({})", schedule_words(s)), x)));
    }
    let all_gas: Vec<f64> = ks
        .iter()
        .flat_map(|&k| ANSWER_SETS.iter().filter_map(move |(_, i, s, _)| gas(k, i, s)))
        .chain(drop_in_gas.iter().map(|(_, x)| *x))
        .collect();
    let all_time: Vec<f64> = ks
        .iter()
        .flat_map(|&k| ANSWER_SETS.iter().filter_map(move |(_, _, _, imp)| time(k, imp).map(|x| x.ratio_to_precompile)))
        .collect();
    let best = |v: &[(String, f64)]| v.iter().cloned().min_by(|a, b| a.1.total_cmp(&b.1));
    let drop_in_time: Vec<(String, f64)> = ANSWER_SETS
        .iter()
        .filter_map(|(label, _, _, imp)| {
            time(kh, imp).map(|x| (format!("{label} default build"), x.ratio_to_precompile))
        })
        .collect();
    // Every sentence but the last ends in a space.
    let mut words = String::new();
    let reached = all_gas.iter().any(|&x| x <= 1.0) || all_time.iter().any(|&x| x <= 1.0);
    if !all_gas.is_empty() {
        words += &PROSE.words(if reached { "reached" } else { "not-reached" });
        words += " ";
    }
    if let (Some((g_name, g)), Some((t_name, tm))) = (best(&drop_in_gas), best(&drop_in_time)) {
        words += &PROSE.fill(
            "cheapest-and-fastest",
            &[
                ("k", &kh),
                ("cheapest", &g_name),
                ("cheapest_ratio", &ratio(g)),
                ("fastest", &t_name),
                ("fastest_ratio", &ratio(tm)),
            ],
        );
        words += " ";
    }
    if let (Some(v9), Some(h)) = (tx(kh, "v9", "model-b-repriced"), hinted_tx(kh, "v9", "model-b-repriced")) {
        words += &PROSE.fill("transaction", &[("v9", &ratio(v9)), ("k", &kh), ("hinted", &ratio(h))]);
        words += " ";
    }
    if let (Some(hg), Some(ht)) = (hinted_gas(kh, "v9", "model-b-repriced"), hinted_time(kh, "contract-v9")) {
        words += &PROSE.fill("hinted", &[("gas", &ratio(hg)), ("time", &ratio(ht.ratio_to_precompile))]);
        words += " ";
    }
    let floors: Vec<f64> = ks
        .iter()
        .filter_map(|&k| parity(k, "v7", "model-b").map(|p| p.floor_evm384_gas / p.precompile_price as f64))
        .collect();
    if let (Some(lo), Some(hi)) = (floors.iter().copied().reduce(f64::min), floors.iter().copied().reduce(f64::max)) {
        let conclusion = PROSE.words(if lo > 1.0 { "floor-above-price" } else { "floor-within-price" });
        words += &PROSE.fill("floor", &[("low", &ratio(lo)), ("high", &ratio(hi)), ("conclusion", &conclusion)]);
        words += " ";
    }
    let needs: Vec<String> = [("EVM384", "v9", "model-b-repriced"), ("EVMMAX", "evmmax", "eip-6690")]
        .iter()
        .filter_map(|&(set, i, s)| {
            let p = parity(kh, i, s)?;
            let who = format!("{} under {}", if i == "evmmax" { "EVMMAX" } else { i }, schedule_words(s));
            Some(if p.break_even_evm384 > 0.0 {
                let factor = parity_factor(p.break_even_evm384);
                PROSE.fill("needs-factor", &[("set", &set), ("factor", &factor), ("who", &who)])
            } else {
                PROSE.fill("needs-impossible", &[("set", &set), ("who", &who)])
            })
        })
        .collect();
    if !needs.is_empty() {
        words += &PROSE.fill("needs", &[("k", &kh), ("needs", &needs.join("; "))]);
    }

    let ks_x: Vec<f64> = ks.iter().map(|&k| k as f64).collect();
    let names: Vec<String> =
        ANSWER_SETS.iter().map(|(label, _, s, _)| format!("{label} ({})", schedule_words(s))).collect();
    let hinted_name = "hinted check, v9 (model B repriced)";
    let mut gas_series: Vec<Series> = ANSWER_SETS
        .iter()
        .zip(&names)
        .map(|((_, i, s, _), n)| Series::new(n.clone(), ks.iter().map(|&k| gas(k, i, s).unwrap_or(f64::NAN)).collect()))
        .collect();
    gas_series.push(Series::new(
        hinted_name,
        ks.iter().map(|&k| hinted_gas(k, "v9", "model-b-repriced").unwrap_or(f64::NAN)).collect(),
    ));
    gas_series.push(Series::reference(
        "EVM384 floor (model B)",
        ks.iter()
            .map(|&k| parity(k, "v7", "model-b").map_or(f64::NAN, |p| p.floor_evm384_gas / p.precompile_price as f64))
            .collect(),
    ));
    gas_series.push(Series::reference("parity", ks.iter().map(|_| 1.0).collect()));
    let mut time_series: Vec<Series> = ANSWER_SETS
        .iter()
        .zip(&names)
        .map(|((_, _, _, imp), n)| {
            Series::new(
                n.clone(),
                ks.iter().map(|&k| time(k, imp).map_or(f64::NAN, |x| x.ratio_to_precompile)).collect(),
            )
        })
        .collect();
    time_series.push(Series::new(
        hinted_name,
        ks.iter().map(|&k| hinted_time(k, "contract-v9").map_or(f64::NAN, |x| x.ratio_to_precompile)).collect(),
    ));
    time_series.push(Series::reference("parity", ks.iter().map(|_| 1.0).collect()));
    let chart = Chart {
        id: "answer".into(),
        title: "Gas ÷ precompile price".into(),
        kind: ChartKind::Lines,
        categories: ks.iter().map(|k| k.to_string()).collect(),
        x: ks_x.clone(),
        x_label: "pairs k".into(),
        y_label: "× price (1 = parity)".into(),
        log_y: false,
        series: gas_series,
        second: Some(Box::new(Chart {
            id: "answer".into(),
            title: "Time ÷ precompile (medians)".into(),
            kind: ChartKind::Lines,
            categories: Vec::new(),
            x: ks_x,
            x_label: "pairs k".into(),
            y_label: "× precompile time".into(),
            log_y: false,
            series: time_series,
            second: None,
        })),
    };
    // v8 is v7 with big-endian values: how far its gas is from v7's, under model B.
    let v8_off = ks
        .iter()
        .filter_map(|&k| {
            Some(
                (pairing_check_gas(r, k, "v8", "model-b", "total")?
                    / pairing_check_gas(r, k, "v7", "model-b", "total")?
                    - 1.0)
                    .abs(),
            )
        })
        .reduce(f64::max);
    let v8_not_shown = v8_off
        .map(|x| {
            let percent = format!("{:.1}", 100.0 * x);
            let time = ratio(r.summary.v8_to_v7_time_ratio);
            PROSE.fill("v8-not-shown", &[("percent", &percent), ("time", &time)]) + " "
        })
        .unwrap_or_default();
    let prices = ks
        .iter()
        .filter_map(|&k| price(k).map(|p| format!("{} at k = {k}", thousands(p as u64))))
        .collect::<Vec<_>>()
        .join(", ");
    let figures_from = PROSE.fill(
        "figures-from",
        &[("source", &source), ("cpu", &r.machine.cpu_model), ("mode", &r.mode), ("date", &r.date), ("words", &words)],
    );
    Section {
        id: "answer".into(),
        title: "0. The answer".into(),
        blocks: vec![
            Block::Paragraph(figures_from),
            Block::Table(t),
            Block::Chart(chart),
            Block::Paragraph(PROSE.fill("how-to-read", &[("prices", &prices), ("v8_not_shown", &v8_not_shown)])),
            Block::Paragraph(PROSE.words("parity-formula")),
        ],
    }
}
