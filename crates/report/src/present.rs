//! Results → the report document: the answer first (section 0), then the sections behind it —
//! tables, charts and generated paragraphs.

use crate::doc::{duration_ns, ratio, thousands, Block, Chart, ChartKind, Document, Section, Series, Table};
use crate::results::Results;

mod bn254;
mod cost_sections;
mod interface_pairing;
mod interfaces;

/// Schedules shown in the gas tables, in order.
const SCHEDULES: [&str; 9] = [
    "evmone",
    "model-a",
    "model-b",
    "model-a-pushdup2",
    "model-b-pushdup2",
    "model-a-repriced",
    "model-b-repriced",
    "model-a-fractional",
    "model-b-fractional",
];

fn gas_fmt(g: f64) -> String {
    if g.fract() == 0.0 {
        thousands(g as u64)
    } else {
        format!("{}.{}", thousands(g.trunc() as u64), ((g.fract() * 10.0).round() as u64).min(9))
    }
}

/// The document, its figures credited to `results.json` (the file written beside it).
pub fn document(r: &Results) -> Document {
    document_from(r, "results.json")
}

/// The document, naming `source` (e.g. `results/<cpu>-<date>.json`) as the file its figures
/// come from.
pub fn document_from(r: &Results, source: &str) -> Document {
    let ks: Vec<u64> = {
        let mut v: Vec<u64> = r.precompile_gas.iter().map(|p| p.k).collect();
        v.dedup();
        v
    };
    Document {
        title: "EVM384 BLS12-381 pairing check: counts, gas and runtime".into(),
        meta: vec![
            format!("command: `{}` ({} mode), {}", r.command, r.mode, r.date),
            format!(
                "machine: {} ({} logical CPUs; {})",
                r.machine.cpu_model,
                r.machine.logical_cpus,
                r.machine
                    .cpu_flags
                    .iter()
                    .map(|(f, on)| format!("{f} {}", if *on { "yes" } else { "no" }))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            format!("tools: {}", r.tools.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join("; ")),
            "Every number below was measured or counted in this run, except those labelled **published**.".into(),
        ],
        sections: vec![
            answer(r, &ks, source),
            correctness(r),
            counts(r),
            gas(r, &ks),
            parity(r, &ks),
            runtime(r, &ks),
            native(r),
            calibration(r),
            worst_case(r),
            interpretation(r),
            operations(r),
            curves(r),
            cost_sections::evmmax_worst_case(r),
            cost_sections::precompile_cost(r),
            bn254::bn254(r),
            interfaces::interfaces(r),
            interface_pairing::interface_pairing(r),
        ],
    }
}

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

/// A parity factor λ as "×0.13 (÷7.8)": the arithmetic prices times λ reach parity.
fn parity_factor(f: f64) -> String {
    if !f.is_finite() {
        "–".into()
    } else if f <= 0.0 {
        "impossible".into()
    } else if f >= 1.0 {
        format!("×{f:.2} (at parity already)")
    } else {
        format!("×{f:.2} (÷{:.1})", 1.0 / f)
    }
}

/// Section 0: the pairing check against the precompile at every k of the file, in one table and
/// one chart, and what price change would reach parity. Every figure is read from `r`.
fn answer(r: &Results, ks: &[u64], source: &str) -> Section {
    let price = |k: u64| r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula as f64);
    let gas = |k: u64, i: &str, s: &str| Some(gas_of(r, k, i, s, "total")? / price(k)?);
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
    let mut words = String::new();
    let reached = all_gas.iter().any(|&x| x <= 1.0) || all_time.iter().any(|&x| x <= 1.0);
    if !all_gas.is_empty() {
        words += if reached {
            "**Some drop-in contract reaches the precompile at some k measured** (a ratio ≤ 1.00x in the table). "
        } else {
            "**No drop-in contract reaches the precompile's price or time at any k measured.** "
        };
    }
    if let (Some((g_name, g)), Some((t_name, tm))) = (best(&drop_in_gas), best(&drop_in_time)) {
        words += &format!(
            "At k = {kh} the cheapest is the {g_name} at **{}** the price, the fastest the {t_name} at **{}** the time. ",
            ratio(g),
            ratio(tm)
        );
    }
    if let (Some(v9), Some(h)) = (tx(kh, "v9", "model-b-repriced"), hinted_tx(kh, "v9", "model-b-repriced")) {
        words += &format!(
            "Counting what a transaction pays (21,000, calldata or EIP-7623's floor, execution) on both sides, the v9 contract costs {} the precompile's transaction at k = {kh}, the hinted check, witness included, {}. ",
            ratio(v9),
            ratio(h)
        );
    }
    if let (Some(hg), Some(ht)) = (hinted_gas(kh, "v9", "model-b-repriced"), hinted_time(kh, "contract-v9")) {
        words += &format!(
            "The hinted check (v9; a witness in the calldata, not a drop-in) comes closest: {} the price, {} the time. ",
            ratio(hg),
            ratio(ht.ratio_to_precompile)
        );
    }
    let floors: Vec<f64> = ks
        .iter()
        .filter_map(|&k| parity(k, "v7", "model-b").map(|p| p.floor_evm384_gas / p.precompile_price as f64))
        .collect();
    if let (Some(lo), Some(hi)) = (floors.iter().copied().reduce(f64::min), floors.iter().copied().reduce(f64::max)) {
        words += &format!(
            "The arithmetic alone (the operation-count floor at model B's 1/1/3) costs {}–{} the price, so {}",
            ratio(lo),
            ratio(hi),
            if lo > 1.0 {
                "no repricing of the other opcodes reaches parity: only cheaper arithmetic can. "
            } else {
                "cheaper other opcodes could reach parity at some k. "
            }
        );
    }
    let needs: Vec<String> = [("EVM384", "v9", "model-b-repriced"), ("EVMMAX", "evmmax", "eip-6690")]
        .iter()
        .filter_map(|&(set, i, s)| {
            let p = parity(kh, i, s)?;
            let who = format!("{} under {}", if i == "evmmax" { "EVMMAX" } else { i }, schedule_words(s));
            Some(if p.break_even_evm384 > 0.0 {
                format!(
                    "the {set} arithmetic prices would have to fall to **{}** ({who})",
                    parity_factor(p.break_even_evm384)
                )
            } else {
                format!("no {set} arithmetic price reaches parity ({who}: its other gas alone exceeds the price)")
            })
        })
        .collect();
    if !needs.is_empty() {
        words += &format!("At k = {kh}, with today's other prices, {}.", needs.join("; "));
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
            Some((gas_of(r, k, "v8", "model-b", "total")? / gas_of(r, k, "v7", "model-b", "total")? - 1.0).abs())
        })
        .reduce(f64::max);
    let v8_words = v8_off
        .map(|x| {
            format!(
                "v8 (v7 with big-endian values) is not shown: its gas is within {:.1} % of v7's (section 3), its time {} v7's at k = 2 (section 5). ",
                100.0 * x,
                ratio(r.summary.v8_to_v7_time_ratio)
            )
        })
        .unwrap_or_default();
    let price_text = ks
        .iter()
        .filter_map(|&k| price(k).map(|p| format!("{} at k = {k}", thousands(p as u64))))
        .collect::<Vec<_>>()
        .join(", ");
    Section {
        id: "answer".into(),
        title: "0. The answer".into(),
        blocks: vec![
            Block::Paragraph(format!("Figures from `{source}` ({}, {} mode, {}). {words}", r.machine.cpu_model, r.mode, r.date)),
            Block::Table(t),
            Block::Chart(chart),
            Block::Paragraph(format!(
                "How to read it. Transaction gas: what a transaction calling the contract with the pairs pays — 21,000, calldata at EIP-2028's 16 gas a non-zero byte and 4 a zero byte plus the execution gas, or EIP-7623's floor of 10 gas a token where larger — over what a transaction calling the precompile with the same pairs pays (the hinted check's calldata holds its witness too). Price: the precompile's, 32600·k + 37700 ({price_text}); time: the contract's median over revm's 0x0f called from a contract (sections 3 and 5), ratios of minimums in brackets. Default build: the program the other sections measure, what `evm384 build` emits without options (in files from 2026-11-27 on the cheapest build under the instruction set's reference schedule, so the two rows agree; before, the plain program); cheapest build: what `evm384 build --optimize-for SCHEDULE` finds within 24,576 bytes, measured at k = 2 only (section 4); hinted check: the pairing check with an off-chain witness instead of the final exponentiation (section 10). {v8_words}Floor: the gas of the run's modular arithmetic alone (section 4)."
            )),
            Block::Paragraph(
                "**Parity formula.** With G the contract's gas, A the gas of its arithmetic instructions (the floor) and P the price, multiplying the arithmetic prices by λ = (P − (G − A)) ÷ A, every other price unchanged, makes the contract cost exactly P; \"impossible\" (λ ≤ 0) means its other gas alone, G − A, exceeds P. The last row is λ = P ÷ A, the factor if every other instruction were free. These factors are for the default builds, the only ones whose gas the file splits by class (section 4's break-even factors of the arithmetic class); time has no such price."
                    .into(),
            ),
        ],
    }
}

fn correctness(r: &Results) -> Section {
    let mut t = Table::new(
        "EIP-2537 vectors of every operation (files of the EIP's assets and go-ethereum): passed / failed",
        &["file", "contract-v7", "contract-v8", "contract-v9", "contract-evmmax", "precompile"],
    );
    let mut files: Vec<&str> = r.correctness.iter().map(|c| c.file.as_str()).collect();
    files.dedup();
    for f in files {
        let cell = |imp: &str| {
            r.correctness
                .iter()
                .find(|c| c.file == f && c.implementation == imp)
                .map(|c| format!("{} / {}", c.passed, c.failed))
                .unwrap_or_else(|| "–".into())
        };
        let imps = ["contract-v7", "contract-v8", "contract-v9", "contract-evmmax", "precompile"];
        t.row(std::iter::once(f.to_string()).chain(imps.map(cell)).collect());
    }
    let n_files = t.rows.len();
    let failed: u64 = r.correctness.iter().map(|c| c.failed).sum();
    let passed: u64 = r.correctness.iter().map(|c| c.passed).sum();
    Section {
        id: "correctness".into(),
        title: "1. Correctness".into(),
        blocks: vec![
            Block::Paragraph(format!(
                "Every vector file of every EIP-2537 operation through its contract (this project's drop-in for the precompile, created as a chain creates it: its init code run by CREATE) in each instruction set and through revm's precompile, in this run. Valid cases must return the expected output; failing cases must halt exceptionally (INVALID in the contract: all gas consumed, no data). **{passed} passed, {failed} failed** over all files and implementations. Runtime code size of the pairing check (EIP-170 limit 24,576 bytes): {}.",
                r.code_bytes.iter().map(|(i, n)| format!("{i} {} bytes", thousands(*n))).collect::<Vec<_>>().join(", ")
            )),
            Block::Table(t.folded(format!("Per file: {} vector files through 5 implementations, {passed} passed, {failed} failed", n_files))),
        ],
    }
}

fn counts(r: &Results) -> Section {
    let mut blocks = vec![Block::Paragraph(
        "Exact EVM384 operation counts from the generator's counter back-end (the same operation sequence the bytecode executes), per phase, for k pairs and both Fp2 multiplications (v3 Karatsuba, v4 schoolbook). The published EVMcurves counts (one pair, Miller loop and final exponentiation only, no input handling) are shown for comparison.".into(),
    )];
    for k in [1u64, 2] {
        let mut t = Table::new(
            format!("k = {k}: ADDMOD384 / SUBMOD384 / MULMODMONT384"),
            &[
                "phase",
                "v3 add",
                "v3 sub",
                "v3 mul",
                "v4 add",
                "v4 sub",
                "v4 mul",
                "published add",
                "published sub",
                "published mul",
            ],
        );
        let phases: Vec<&str> = {
            let mut v: Vec<&str> = r.counts.iter().filter(|c| c.k == k).map(|c| c.phase.as_str()).collect();
            let mut seen = std::collections::HashSet::new();
            v.retain(|p| seen.insert(*p));
            v
        };
        for p in phases {
            let get = |f2: &str| r.counts.iter().find(|c| c.k == k && c.f2mul == f2 && c.phase == p);
            let mut row = vec![p.to_string()];
            for f2 in ["v3", "v4"] {
                match get(f2) {
                    Some(c) => row.extend([thousands(c.addmod384), thousands(c.submod384), thousands(c.mulmodmont384)]),
                    None => row.extend(["–".into(), "–".into(), "–".into()]),
                }
            }
            match r.published_counts.iter().find(|c| c.phase == p).filter(|_| k == 1) {
                Some(c) => row.extend([thousands(c.addmod384), thousands(c.submod384), thousands(c.mulmodmont384)]),
                None => row.extend(["".into(), "".into(), "".into()]),
            }
            t.row(row);
        }
        blocks.push(Block::Table(t));
    }
    if let Some(src) = r.published_counts.first() {
        blocks.push(Block::Paragraph(format!("Published column: {}.", src.source)));
    }
    Section { id: "counts".into(), title: "2. Opcode counts".into(), blocks }
}

fn gas_of(r: &Results, k: u64, iface: &str, schedule: &str, phase: &str) -> Option<f64> {
    r.gas.iter().find(|g| g.k == k && g.interface == iface && g.schedule == schedule && g.phase == phase).map(|g| g.gas)
}

/// The EVMMAX contract's gas under EIP-6690's own prices, beside v9 and the precompile.
fn evmmax_gas(r: &Results, ks: &[u64]) -> Table {
    let mut t = Table::new(
        "Gas of the EVMMAX (EIP-6690) contract under EIP-6690's prices (the EVM384 schedules do not apply: EVMMAX instructions charge their own), beside v9 under model-b-repriced and the precompile",
        &["k", "evmmax total", "miller-loop", "final-exp", "v9 model-b-repriced", "precompile", "evmmax / precompile"],
    );
    for &k in ks {
        let g = |phase: &str| gas_of(r, k, "evmmax", "eip-6690", phase);
        let pre = r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula);
        let cell = |v: Option<f64>| v.map(gas_fmt).unwrap_or_else(|| "–".into());
        t.row(vec![
            k.to_string(),
            cell(g("total")),
            cell(g("miller-loop")),
            cell(g("final-exp")),
            cell(gas_of(r, k, "v9", "model-b-repriced", "total")),
            pre.map(thousands).unwrap_or_default(),
            match (g("total"), pre) {
                (Some(e), Some(p)) => ratio(e / p as f64),
                _ => "–".into(),
            },
        ]);
    }
    t
}

/// What the transactions pay: the contract's (21,000, calldata or EIP-7623's floor, execution
/// gas) beside the precompile's with the same pairs, per instruction set under its reference
/// schedule and under every schedule for EVM384.
fn transaction_gas(r: &Results, ks: &[u64]) -> Table {
    let cells: Vec<String> = ["instruction set", "schedule"]
        .into_iter()
        .map(String::from)
        .chain(ks.iter().map(|k| format!("k = {k}")))
        .collect();
    let head: Vec<&str> = cells.iter().map(String::as_str).collect();
    let mut t = Table::new(
        "Transaction gas (21,000 + calldata (EIP-2028) + execution, or EIP-7623's floor where larger): the contract's, and ÷ the precompile's transaction with the same pairs",
        &head,
    );
    let pre_tx = |k: u64| r.precompile_gas.iter().find(|p| p.k == k).and_then(|p| p.tx_gas);
    let mut row = vec!["EIP-2537 precompile".to_string(), "—".to_string()];
    row.extend(ks.iter().map(|&k| pre_tx(k).map_or("–".into(), thousands)));
    t.row(row);
    let mut sets: Vec<(String, String)> = Vec::new();
    for g in r.gas.iter().filter(|g| g.phase == "total" && g.tx_gas.is_some()) {
        let key = (g.interface.clone(), g.schedule.clone());
        if !sets.contains(&key) {
            sets.push(key);
        }
    }
    for (i, s) in sets {
        let mut row = vec![i.clone(), s.clone()];
        row.extend(ks.iter().map(|&k| {
            let g = r.gas.iter().find(|g| g.k == k && g.interface == i && g.schedule == s && g.phase == "total");
            match (g.and_then(|g| g.tx_gas), pre_tx(k)) {
                (Some(x), Some(p)) => format!("{} ({})", gas_fmt(x), ratio(x / p as f64)),
                _ => "–".into(),
            }
        }));
        t.row(row);
    }
    t
}

fn gas(r: &Results, ks: &[u64]) -> Section {
    let mut blocks = vec![Block::Paragraph(
        "Execution gas of the contract's call frame (no intrinsic transaction gas) under every schedule, measured in revm on valid inputs; integer schedules are charged by the EVM, fractional ones computed exactly from the executed-opcode histogram plus memory gas. v8 differs from v7 only in byte order and is charged alike (its column is measured too). The precompile's price is 32600·k + 37700 (EIP-2537), also charged by revm's 0x0f on the same input.".into(),
    )];
    // One table per phase: a row per schedule, a column per (k, interface).
    let columns: Vec<(u64, &str)> = ks.iter().flat_map(|&k| ["v7", "v8", "v9"].map(|i| (k, i))).collect();
    for phase in ["total", "miller-loop", "final-exp"] {
        let header_cells: Vec<String> =
            std::iter::once("schedule".to_string()).chain(columns.iter().map(|(k, i)| format!("k={k} {i}"))).collect();
        let header: Vec<&str> = header_cells.iter().map(String::as_str).collect();
        let mut t = Table::new(format!("Gas, {phase}"), &header);
        for s in SCHEDULES {
            let mut row = vec![s.to_string()];
            row.extend(
                columns.iter().map(|&(k, i)| gas_of(r, k, i, s, phase).map(gas_fmt).unwrap_or_else(|| "–".into())),
            );
            t.row(row);
        }
        if phase == "total" {
            let mut row = vec!["EIP-2537 precompile".to_string()];
            row.extend(columns.iter().map(|&(k, _)| {
                r.precompile_gas.iter().find(|p| p.k == k).map(|p| thousands(p.formula)).unwrap_or_default()
            }));
            t.row(row);
        }
        blocks.push(Block::Table(if phase == "total" {
            t
        } else {
            let n = t.rows.len();
            t.folded(format!("Gas, {phase}: {n} schedules × v7, v8, v9 at every k"))
        }));
    }
    if r.gas.iter().any(|g| g.tx_gas.is_some()) {
        blocks.push(Block::Table(transaction_gas(r, ks)));
    }
    let mut series: Vec<Series> = ["evmone", "model-a", "model-b", "model-b-repriced", "model-b-fractional"]
        .iter()
        .map(|s| {
            Series::new(
                format!("v7 {s}"),
                ks.iter().map(|&k| gas_of(r, k, "v7", s, "total").unwrap_or(f64::NAN)).collect(),
            )
        })
        .collect();
    series.push(Series::new(
        "v9 model-b-repriced",
        ks.iter().map(|&k| gas_of(r, k, "v9", "model-b-repriced", "total").unwrap_or(f64::NAN)).collect(),
    ));
    if r.gas.iter().any(|g| g.interface == "evmmax") {
        series.push(Series::new(
            "evmmax (EIP-6690 prices)",
            ks.iter().map(|&k| gas_of(r, k, "evmmax", "eip-6690", "total").unwrap_or(f64::NAN)).collect(),
        ));
        blocks.push(Block::Table(evmmax_gas(r, ks)));
    }
    series.push(Series::reference(
        "EIP-2537 precompile",
        ks.iter()
            .map(|&k| r.precompile_gas.iter().find(|p| p.k == k).map(|p| p.formula as f64).unwrap_or(f64::NAN))
            .collect(),
    ));
    blocks.push(Block::Chart(Chart {
        id: "gas_vs_k".into(),
        title: "Pairing check gas vs number of pairs".into(),
        kind: ChartKind::Lines,
        categories: ks.iter().map(|k| k.to_string()).collect(),
        x: ks.iter().map(|&k| k as f64).collect(),
        x_label: "pairs k".into(),
        y_label: "gas".into(),
        log_y: false,
        series,
        second: None,
    }));
    let mut t = Table::new(
        "Where the gas goes (the critique's breakdown), k = 2",
        &[
            "interface",
            "schedule",
            "EVM384 arithmetic",
            "PUSH*",
            "control flow, copies, memory",
            "input handling",
            "total",
            "arithmetic share",
        ],
    );
    for b in r
        .gas_breakdown
        .iter()
        .filter(|b| b.k == 2 && ["evmone", "model-a", "model-b", "model-b-repriced"].contains(&b.schedule.as_str()))
    {
        t.row(vec![
            b.interface.clone(),
            b.schedule.clone(),
            gas_fmt(b.evm384_arith),
            gas_fmt(b.pushes),
            gas_fmt(b.control_and_copies),
            gas_fmt(b.input_handling),
            gas_fmt(b.total),
            format!("{:.0}%", 100.0 * b.evm384_arith / b.total),
        ]);
    }
    blocks.push(Block::Paragraph(
        "Input handling is all gas spent in the decode, on-curve and subgroup phases; the other columns split the rest (Miller loop, final exponentiation, output) by opcode class: static gas of the EVM384 opcodes, static gas of PUSH* (in v7/v8 one PUSH16 per EVM384 instruction), and everything else.".into(),
    ));
    blocks.push(Block::Table(t));
    Section { id: "gas".into(), title: "3. Gas".into(), blocks }
}

/// A break-even factor: "×0.42" (prices must fall to 42 %), or "impossible" (≤ 0).
fn factor(f: f64) -> String {
    if f <= 0.0 {
        "impossible".into()
    } else {
        format!("×{f:.2}")
    }
}

fn parity(r: &Results, ks: &[u64]) -> Section {
    let mut blocks = vec![Block::Paragraph(
        "Could any repricing make the contract as cheap as the precompile? For each interface and schedule: the contract's gas, the **floor** (the gas of its modular arithmetic alone — the static gas of its EVM384 instructions, or for EVMMAX what its ADDMODX/SUBMODX/MULMODX charged under EIP-6690's prices: what an ideal contract with this operation count would pay), and the **break-even factor** of each opcode class — the factor by which that class's prices must be multiplied, the others unchanged, for the contract to cost exactly `32600·k + 37700`. *Impossible* means the other classes alone already cost more than the precompile. \"Other\" is control flow, calldata access and dynamic gas (memory expansion, copied words).".into(),
    )];
    for k in [2u64] {
        let mut t = Table::new(
            format!(
                "k = {k}: contract gas, floor, and break-even factors (precompile price {})",
                thousands(32_600 * k + 37_700)
            ),
            &[
                "interface",
                "schedule",
                "contract",
                "floor (arithmetic ops)",
                "floor ÷ price",
                "arithmetic ×",
                "PUSH/DUP ×",
                "MLOAD/MSTORE/MCOPY ×",
                "other gas",
            ],
        );
        for p in r.parity.iter().filter(|p| p.k == k) {
            t.row(vec![
                p.interface.clone(),
                p.schedule.clone(),
                gas_fmt(p.contract_gas),
                gas_fmt(p.floor_evm384_gas),
                ratio(p.floor_evm384_gas / p.precompile_price as f64),
                factor(p.break_even_evm384),
                factor(p.break_even_push_dup),
                factor(p.break_even_memory_ops),
                gas_fmt(p.other_gas),
            ]);
        }
        let n = t.rows.len();
        blocks.push(Block::Table(
            t.folded(format!("k = {k}: contract gas, floor and break-even factors of {n} interface–schedule pairs")),
        ));
    }
    let mut t = Table::new(
        format!("Largest k per transaction under Osaka's 2^24 gas cap (execution + intrinsic gas); the precompile called from a contract: k ≤ {}", r.precompile_k_max),
        &["interface", "schedule", "largest k", "transaction gas at it"],
    );
    for m in &r.k_max {
        t.row(vec![m.interface.clone(), m.schedule.clone(), m.k_max.to_string(), gas_fmt(m.tx_gas_at_k_max)]);
    }
    let n = t.rows.len();
    blocks.push(Block::Table(t.folded(format!(
        "Largest k per transaction, {n} interface–schedule pairs (the precompile: k ≤ {})",
        r.precompile_k_max
    ))));
    let line = |iface: &str, schedule: &str, floor: bool| Series {
        name: format!("{iface} {schedule} {}", if floor { "floor" } else { "contract" }),
        dashed: floor,
        values: ks
            .iter()
            .map(|&k| {
                r.parity
                    .iter()
                    .find(|p| p.k == k && p.interface == iface && p.schedule == schedule)
                    .map(|p| if floor { p.floor_evm384_gas } else { p.contract_gas } / p.precompile_price as f64)
                    .unwrap_or(f64::NAN)
            })
            .collect(),
    };
    blocks.push(Block::Chart(Chart {
        id: "parity".into(),
        title: "Gas ÷ precompile price vs number of pairs (1 = parity)".into(),
        kind: ChartKind::Lines,
        categories: ks.iter().map(|k| k.to_string()).collect(),
        x: ks.iter().map(|&k| k as f64).collect(),
        x_label: "pairs k".into(),
        y_label: "× precompile price".into(),
        log_y: false,
        series: vec![
            line("v7", "model-b", false),
            line("v9", "model-b-repriced", false),
            // The floor depends on the EVM384 prices only: model B's 1/1/3 in both schedules.
            Series {
                name: "EVM384 floor at model B prices (any interface)".into(),
                ..line("v9", "model-b-repriced", true)
            },
            Series::reference("parity", ks.iter().map(|_| 1.0).collect()),
        ],
        second: None,
    }));
    build_choices(r, &mut blocks);
    Section { id: "parity".into(), title: "4. Where parity lies".into(), blocks }
}

/// Cost-aware generation: the chosen formulas per interface and schedule, and the final
/// exponentiation's counts with each squaring.
fn build_choices(r: &Results, blocks: &mut Vec<Block>) {
    if !r.build_choices.is_empty() {
        let mut t = Table::new(
            "Build choices at k = 2 (`evm384 build pairing-check --optimize-for SCHEDULE`): the cheapest formulas that fit 24,576 bytes",
            &["interface", "schedule", "chosen", "gas", "default build", "candidates (gas, or over the limit)"],
        );
        for c in &r.build_choices {
            let cands: Vec<String> = c
                .candidates
                .iter()
                .map(|x| match x.gas {
                    Some(g) => format!("{}: {}", x.formulas, gas_fmt(g)),
                    None => format!("{}: {} bytes", x.formulas, thousands(x.code_bytes)),
                })
                .collect();
            t.row(vec![
                c.interface.clone(),
                c.target.clone(),
                c.chosen.clone(),
                gas_fmt(c.chosen_gas),
                gas_fmt(c.default_gas),
                cands.join("; "),
            ]);
        }
        let n = t.rows.len();
        blocks.push(Block::Table(
            t.folded(format!("Build choices at k = 2 for {n} interface–schedule pairs, with every candidate")),
        ));
    }
    if !r.final_exp_counts.is_empty() {
        let mut t = Table::new(
            "Final exponentiation, k = 1: Granger–Scott squaring (Fp4 squarings' 2·x0·x1 by squares, or as products) against Karabina's compressed squaring (one Fp2 inversion per exponentiation by z)",
            &["squaring", "f2mul", "ADDMOD384", "SUBMOD384", "MULMODMONT384", "copies", "calls"],
        );
        for c in &r.final_exp_counts {
            t.row(vec![
                c.squaring.clone(),
                c.f2mul.clone(),
                thousands(c.addmod384),
                thousands(c.submod384),
                thousands(c.mulmodmont384),
                thousands(c.copies),
                thousands(c.calls),
            ]);
        }
        blocks.push(Block::Paragraph("Karabina's squaring removes 3 of 9 Fp2 squarings and about a third of the additions per squaring, but each of the five exponentiations by z then needs an Fp2 inversion (Fermat: 378 squarings and 85 products, the squarings a computed jump into a run per window) to decompress. Granger–Scott with products trades 3 Fp2 additions per Fp4 squaring for one or two Fp products: fewer instructions, so fewer PUSHes in v7 and v8. The table below shows all three; the build choices show which wins under each schedule.".into()));
        blocks.push(Block::Table(t));
    }
}

fn runtime(r: &Results, ks: &[u64]) -> Section {
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
            Block::Paragraph(format!(
                "All implementations in one process on the same input (valid points; for k ≥ 2 the product is one), measured by the project's one harness (`evm384-timing`): a warm-up per implementation, samples of equal duration, interleaved in alternating order so that machine drift hits all alike: native blst (the same EIP-2537 validation as the precompile and blst's multi-Miller loop `blst_miller_loop_n`, the best blst offers for this work; blst / precompile at k = 2: {} (minimums {})), {}revm's precompile 0x0f called from a contract, {}the EVM384 contract in revm (v7, v8, v9), and the generator's native executor running the same operation sequence. v8/v7 time ratio: **{}** (the EVM384 notes measured 1.18x).",
                ratio(r.summary.k2_time_ratio_blst_to_precompile),
                ratio(r.summary.k2_time_ratio_blst_to_precompile_min),
                wasm_note(r),
                precompile_ifma_note(&r.summary),
                ratio(r.summary.v8_to_v7_time_ratio)
            )),
            Block::Table(t.folded(format!("Runtime of every implementation at k = {}: {n_rows} rows", ks.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ")))),
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
        (Some(engine), Some(x)) => format!(
            "the same check in blst's C compiled by clang to wasm32 and run in {engine} (`blst-wasm-wasmtime`, from `evm384-wasm`: the EVM384 notes' wasm row with a current engine; **{}** native blst's time at k = 2), ",
            ratio(x)
        ),
        _ => String::new(),
    }
}

/// The `precompile-ifma` row in words, when the file has it.
fn precompile_ifma_note(s: &crate::results::Summary) -> String {
    match (&s.precompile_ifma_backend, s.k2_time_ratio_precompile_ifma_to_precompile) {
        (Some(backend), Some(x)) => format!(
            "the same caller with 0x0f replaced by `evm384-precompile` (revm's input rules, the pairing on this project's IFMA engine; backend here: {backend}{}; **{}** the time of revm's 0x0f at k = 2), ",
            if backend == "Ifma" { "" } else { ", this CPU has no IFMA: blst" },
            ratio(x)
        ),
        _ => String::new(),
    }
}

fn native(r: &Results) -> Section {
    let a = &r.arith;
    let mut t = Table::new(
        format!(
            "Native arithmetic beside blst (BLS12-381 p, chains of {} dependent operations; ns per operation, median / min; ratio ours / blst of medians, of minimums in brackets)",
            a.chain
        ),
        &["operation", "median", "min", "blst", "blst median", "blst min", "ours / blst"],
    );
    for p in &a.pairs {
        t.row(vec![
            format!("`{}`", p.ours),
            format!("{:.2}", p.ours_ns.median_ns),
            format!("{:.2}", p.ours_ns.min_ns),
            format!("`{}`", p.blst),
            format!("{:.2}", p.blst_ns.median_ns),
            format!("{:.2}", p.blst_ns.min_ns),
            format!("{} ({})", ratio(p.ratio), ratio(p.ratio_min)),
        ]);
    }
    let mut blocks = vec![
        Block::Paragraph(format!(
            "The opcodes' arithmetic (`evm384-arith`, {}) against blst on the same chained work, measured together by the project's harness; the same figures as `evm384 bench ops`.",
            a.backend
        )),
        Block::Table(t),
    ];
    let mut e = Table::new(
        format!("Each EVM384 opcode in revm beyond a POP: {}", a.evm_method),
        &["opcode", "median ns", "min ns"],
    );
    for (op, c) in &a.evm_ns_per_op {
        e.row(vec![op.clone(), format!("{:.1}", c.median_ns), format!("{:.1}", c.min_ns)]);
    }
    blocks.push(Block::Table(e));
    match &r.native_pairing {
        Some(b) => {
            let mut n = Table::new(
                format!(
                    "Native pairing, {:?} backend beside blst (ns per item; speedup = blst / ours of medians, of minimums in brackets)",
                    b.backend
                ),
                &["work", "blst median", "blst min", "ours median", "ours min", "speedup"],
            );
            for (key, blst) in &b.blst_ns {
                let get = |m: &std::collections::BTreeMap<String, f64>| m.get(key).copied().unwrap_or(f64::NAN);
                n.row(vec![
                    format!("`{key}`"),
                    duration_ns(*blst),
                    duration_ns(get(&b.blst_min_ns)),
                    duration_ns(get(&b.ifma_ns)),
                    duration_ns(get(&b.ifma_min_ns)),
                    format!("{} ({})", ratio(get(&b.speedup)), ratio(get(&b.speedup_min))),
                ]);
            }
            let batches = match b.batch_engine {
                Some(e) => format!(
                    " The batches (`batch8_*`, `batch_all_cores_*`) ran on the {} engine, `batch_engine`'s choice on this CPU; `_engine` and `_latency` force each.",
                    match e {
                        evm384_ifma::BatchEngine::Lanes => "8-lane",
                        evm384_ifma::BatchEngine::Latency => "latency (RNS)",
                    }
                ),
                None => String::new(),
            };
            blocks.push(Block::Paragraph(format!(
                "{}; the same figures as `evm384 bench native`.{batches}",
                r.native_pairing_note
            )));
            let rows = n.rows.len();
            blocks.push(Block::Table(n.folded(format!("Native pairing beside blst: {rows} workloads"))));
            if let Some(t) = &b.throughput {
                let mut tt = Table::new(
                    format!(
                        "Independent two-pair checks per second (`pairing_check_batch`, rayon over {} threads)",
                        t.cores
                    ),
                    &["", "one core", "all cores", "all / one"],
                );
                for (name, one, all) in
                    [("blst", t.blst_one_core, t.blst_all_cores), ("ours", t.ours_one_core, t.ours_all_cores)]
                {
                    tt.row(vec![name.into(), format!("{one:.0}"), format!("{all:.0}"), ratio(all / one)]);
                }
                blocks.push(Block::Table(tt));
            }
        }
        None => blocks.push(Block::Paragraph(format!("IFMA pairing: {}.", r.native_pairing_note))),
    }
    Section { id: "native".into(), title: "6. Native arithmetic and pairing".into(), blocks }
}

fn worst_case(r: &Results) -> Section {
    let Some(w) = &r.worst_case else {
        return Section {
            id: "worst-case".into(),
            title: "8. Worst case: time per gas".into(),
            blocks: vec![Block::Paragraph("Not measured in this file (written before the search existed).".into())],
        };
    };
    let mut t = Table::new(
        "The programs that buy the most time per gas (ns per gas of the whole run, medians)",
        &[
            "schedule",
            "worst EVM384 program",
            "ns/gas",
            "worst ordinary program",
            "ns/gas",
            "ratio",
            "offsets < 2^16: ratio",
        ],
    );
    for row in &w.rows {
        t.row(vec![
            row.schedule.clone(),
            row.worst_evm384.clone(),
            format!("{:.2}", row.evm384_ns_per_gas),
            row.worst_ordinary.clone(),
            format!("{:.2}", row.ordinary_ns_per_gas),
            ratio(row.ratio),
            ratio(row.ratio_16bit),
        ]);
    }
    Section {
        id: "worst-case".into(),
        title: "8. Worst case: time per gas".into(),
        blocks: vec![
            Block::Paragraph(format!(
                "A gas schedule is safe only if no program buys much more time per gas than ordinary EVM code. {} programs (`evm384 worst-case`; harness plan {}) are each run once with opcode counting (their gas under every schedule) and timed together: EVM384 loops of MULMODMONT384, ADDMOD384, SUBMOD384 and mixes, with operands in the first KiB or spread over 64 KiB, 1 MiB and 2 MiB (about the most memory one 2^24-gas transaction buys), aliased or not, and mixed with MLOAD/MSTORE/MCOPY, in v7 and v9; and ordinary loops (KECCAK256 of 32 B and 1 KiB, MULMOD/ADDMOD/MUL/DIV/EXP/ADD chains, MLOAD/MSTORE and MCOPY at spread offsets). The last column restricts EVM384 to programs whose offsets stay below 2^16, the seeds' proposed mitigation. A ratio above 1 means some EVM384 program gets more time per gas than the worst ordinary program found.",
                w.programs, w.plan
            )),
            Block::Table(t),
        ],
    }
}

fn calibration(r: &Results) -> Section {
    let c = &r.calibration;
    let mut t = Table::new(
        "Gas prices derived on this machine",
        &[
            "opcode",
            "ns in revm",
            "model A (derived)",
            "model A (published)",
            "model B (derived)",
            "model B (published)",
        ],
    );
    for op in ["ADDMOD384", "SUBMOD384", "MULMODMONT384"] {
        t.row(vec![
            op.into(),
            format!("{:.1}", c.evm_ns_per_op.get(op).copied().unwrap_or(f64::NAN)),
            c.model_a.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.published_model_a.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.model_b.get(op).map(|v| v.to_string()).unwrap_or_default(),
            c.published_model_b.get(op).map(|v| v.to_string()).unwrap_or_default(),
        ]);
    }
    let mut k = Table::new("KECCAK256 reference (model B)", &["input bytes", "ns in revm", "gas", "gas per µs"]);
    let mut sizes: Vec<(&String, &f64)> = c.keccak_ns.iter().collect();
    sizes.sort_by_key(|(len, _)| len.parse::<u64>().unwrap_or(u64::MAX));
    for (len, ns) in sizes {
        let gas = c.keccak_gas.get(len).copied().unwrap_or(0);
        k.row(vec![len.clone(), format!("{ns:.1}"), gas.to_string(), format!("{:.2}", gas as f64 / ns * 1e3)]);
    }
    Section {
        id: "calibration".into(),
        title: "7. Calibration".into(),
        blocks: vec![
            Block::Paragraph("ns per opcode: a straight-line program of 1,000 instructions (`PUSH16 word; OP`) minus the same program with the opcode replaced by POP, in revm, interleaved medians. Model A (the notes' Appendix A): 1 gas = 10 ns, price = 1 + ⌈ns / 10⌉. Model B (Appendix B): KECCAK256's gas per ns at 32, 136 and 192 bytes (mean), times the opcode's ns, rounded up. Published prices: model A 2/2/6, model B 1/1/3 (EVM384 gas cost notes).".into()),
            Block::Table(t),
            Block::Table(k),
        ],
    }
}

/// G1ADD, G1MSM, G2ADD and G2MSM as contracts beside their precompiles.
/// One contract's gas under one schedule, beside its baseline's charge, for
/// [`gas_by_schedule`].
struct ScheduleGas<'a> {
    operation: &'a str,
    k: u64,
    interface: &'a str,
    code_bytes: u64,
    baseline: u64,
    schedule: &'a str,
    gas: f64,
}

/// A folded table of gas under every schedule: a row per operation, size and instruction set
/// (EVMMAX's gas under EIP-6690's prices in the last column), the baseline's in `baseline`.
fn gas_by_schedule(title: &str, baseline: &str, rows: &[ScheduleGas]) -> Block {
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
type TimeRow<'a> = (&'a str, u64, &'a str, &'a evm384_timing::Stats, f64, f64);

/// A folded table of runtimes beside a baseline (`times`: the ratio column's head).
fn runtime_rows(title: &str, times: &str, rows: &[TimeRow]) -> Block {
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

fn operations(r: &Results) -> Section {
    let mut blocks = Vec::new();
    if r.operations_gas.is_empty() {
        blocks.push(Block::Paragraph("Not measured in this file (written before these contracts existed).".into()));
        return Section { id: "operations".into(), title: "10. Other EIP-2537 operations".into(), blocks };
    }
    blocks.push(Block::Paragraph("The other EIP-2537 operations written by the generator as drop-in contracts: BLS12_G1ADD (0x0b) and BLS12_G2ADD (0x0d) (exact input length, canonical field elements, on-curve checks, no subgroup check, infinity; the affine sum with one Fermat inversion), BLS12_G1MSM (0x0c) and BLS12_G2MSM (0x0e) (on-curve and subgroup checks, scalars reduced mod r and split for GLV by the endomorphism of eigenvalue z², Straus' interleaved 4-bit windows over per-point tables, complete projective formulas, one inversion), BLS12_MAP_FP_TO_G1 (0x10) and BLS12_MAP_FP2_TO_G2 (0x11) (RFC 9380's simplified SWU onto the isogenous curve with its square roots, the 11- and 3-isogenies, cofactor clearing by h_eff in G1 and by Budroni–Pintore's ψ method in G2). Then BLS signature verification for the Ethereum consensus scheme (`bls-verify`: pk ‖ σ ‖ msg; `bls-aggregate-verify`: k keys on one message): plain EVM glue doing RFC 9380's expand_message_xmd (SHA-256 precompile) and hash_to_field (MODEXP), then STATICCALLs of MAP_FP2_TO_G2 twice, G2ADD, (G1MSM with scalars 1 for the aggregate key) and a 2-pair PAIRING_CHECK — its baseline (the \"precompile\" columns) is the same glue calling the EIP-2537 precompiles, the measured rows the glue calling this project's contracts. Last, `pairing-check-hinted`: the pairing check with an off-chain witness for the final exponentiation (Novakovic–Eagen residue root, eprint 2024/640: calldata = witness ‖ pairs, computed by `evm384 hint`; not a drop-in), beside PAIRING_CHECK on the same pairs (the witness's calldata cost is not in the execution gas). Gas on general inputs (additions: two distinct points; MSMs: k distinct points with full 256-bit scalars; maps: a pseudo-random field element; verification: blst's (aggregate) signature of a 32-byte message) beside what revm's precompile charged for the same input; runtime of each contract and of the precompile (called from a contract) measured together by the project's harness. Every measured output equals the precompile's, and every vector of these operations runs through the contracts in the tests (`crates/builds/tests/g_add.rs`, `crates/builds/tests/msm.rs`, `crates/builds/tests/map.rs`; the signatures in `crates/builds/tests/bls.rs` with the RFC 9380 hash-to-G2 vectors).".into()));
    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        r.operations_gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of = |op: &str, k: u64, imp: &str| {
        r.operations_time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp)
    };
    let mut sizes: Vec<(String, u64)> = Vec::new();
    for g in &r.operations_gas {
        if !sizes.contains(&(g.operation.clone(), g.k)) {
            sizes.push((g.operation.clone(), g.k));
        }
    }
    let mut t = Table::new(
        "Each operation beside its precompile: gas ÷ the precompile's price (per interface and schedule), transaction gas ÷ the precompile's transaction's (tx: 21,000, calldata or EIP-7623's floor, execution; the hinted check's witness in its calldata) and time ÷ the precompile's time (ratio of medians)",
        &[
            "operation",
            "k",
            "precompile gas",
            "v7 model-b",
            "v7 model-b-repriced",
            "v9 model-b",
            "v9 model-b-repriced",
            "evmmax eip-6690",
            "tx v9 model-b-repriced",
            "tx evmmax eip-6690",
            "time v7",
            "time v9",
            "time evmmax",
        ],
    );
    for (op, k) in &sizes {
        let mut row = vec![op.clone(), k.to_string()];
        let pre = r.operations_gas.iter().find(|g| &g.operation == op && g.k == *k).map(|g| g.precompile_gas);
        row.push(pre.map_or("—".into(), thousands));
        for (i, sch) in [
            ("v7", "model-b"),
            ("v7", "model-b-repriced"),
            ("v9", "model-b"),
            ("v9", "model-b-repriced"),
            ("evmmax", "eip-6690"),
        ] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.gas / g.precompile_gas as f64)));
        }
        for (i, sch) in [("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            let tx = gas_of(op, *k, i, sch).and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?));
            row.push(tx.map_or("—".into(), ratio));
        }
        for imp in ["contract-v7", "contract-v9", "contract-evmmax"] {
            row.push(time_of(op, *k, imp).map_or("—".into(), |x| ratio(x.ratio_to_precompile)));
        }
        t.row(row);
    }
    blocks.push(Block::Table(t));
    let gas_rows: Vec<ScheduleGas> = r
        .operations_gas
        .iter()
        .map(|g| ScheduleGas {
            operation: &g.operation,
            k: g.k,
            interface: &g.interface,
            code_bytes: g.code_bytes,
            baseline: g.precompile_gas,
            schedule: &g.schedule,
            gas: g.gas,
        })
        .collect();
    blocks.push(gas_by_schedule(
        "Gas of the contracts (execution gas) under every schedule, beside the precompile's",
        "precompile gas",
        &gas_rows,
    ));
    let time_rows: Vec<TimeRow> = r
        .operations_time
        .iter()
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
        .collect();
    blocks.push(runtime_rows(
        "Runtime of the contracts beside the precompile (ratios of medians, of minimums in brackets)",
        "× precompile",
        &time_rows,
    ));
    Section { id: "operations".into(), title: "10. Other EIP-2537 operations".into(), blocks }
}

/// Section 11: BLS12-377's EIP-2539 operations, beside EIP-2539's prices and arkworks.
fn curves(r: &Results) -> Section {
    let (id, title) = ("curves".to_string(), "11. A second curve: BLS12-377 (EIP-2539)".to_string());
    let mut blocks = Vec::new();
    if r.curves_gas.is_empty() {
        blocks.push(Block::Paragraph("Not measured in this file (written before these contracts existed).".into()));
        return Section { id, title, blocks };
    }
    blocks.push(Block::Paragraph("The same generator writes BLS12-377 (Zexe; EIP-2539: Fp2 = Fp[u]/(u² + 5), ξ = u, a D-type twist, z = 0x8508c00000000001 > 0) from its parameter set: G1ADD and G2ADD (on-curve checks, no subgroup check), G1MUL, G2MUL, G1MULTIEXP and G2MULTIEXP (any on-curve point, the 32-byte scalar unreduced, as EIP-2539 asks: no subgroup check and so no endomorphism; exact additions where the complete formulas meet a point of order two), and PAIRING (subgroup checks by the endomorphisms: G1 by φ, G2 by ψ). EIP-2539 specifies no map to the curve, so there are no MAP contracts. No chain has these precompiles: gas is set beside EIP-2539's proposed prices (pairing 55,000·k + 65,000; MUL 12,000 and 55,000; MULTIEXP k·MUL·discount(k)/1000; ADD 600 and 4,500), and runtime beside arkworks (`ark-bls12-377`, doing the precompile's work natively: decoding, the checks, the operation) and beside the BLS12-381 contract of the same operation on an input of the same shape (MUL: G1MSM/G2MSM with one pair, which reduces the scalar and splits it for GLV), all measured together by the project's harness. The measured inputs: distinct subgroup points, full 256-bit scalars, pairs whose product is one (k ≥ 2). Every contract's output equals arkworks'. Read the pairing's runtime with this in mind: `ark-bls12-377` 0.5 tests subgroup membership on this curve by its default, a multiplication by r, which a precompile built on it would run too, while the contracts use the endomorphism tests; its MULTIEXP reduces the scalars mod r (valid on the subgroup points measured), which EIP-2539's rule for any on-curve point forbids the contracts.".into()));
    if r.curves_gas.iter().any(|g| g.operation == crate::collect::curves::HINTED) {
        blocks.push(Block::Paragraph("The rows `pairing-check-hinted` are the hinted pairing check on this curve (not a drop-in: Novakovic–Eagen, eprint 2024/640; `docs/curves.md` works out its witness for BLS12-377, 912 bytes: a residue root c, and a scaling factor w = U·s with U in Fp4), beside PAIRING's price and arkworks' pairing on the same pairs; its transaction column pays for the witness in its calldata, and its last column compares it with BLS12-381's hinted check.".into()));
    }
    let gas_of = |op: &str, k: u64, i: &str, sch: &str| {
        r.curves_gas.iter().find(|g| g.operation == op && g.k == k && g.interface == i && g.schedule == sch)
    };
    let time_of = |op: &str, k: u64, imp: &str| {
        r.curves_time.iter().find(|t| t.operation == op && t.k == k && t.implementation == imp)
    };
    let mut sizes: Vec<(String, u64)> = Vec::new();
    for g in &r.curves_gas {
        if !sizes.contains(&(g.operation.clone(), g.k)) {
            sizes.push((g.operation.clone(), g.k));
        }
    }
    let mut t = Table::new(
        "Each operation: gas ÷ EIP-2539's proposed price (per interface and schedule), transaction gas ÷ that of a transaction calling a precompile at that price (tx), and time ÷ arkworks' (ratio of medians); the last column the contract's time ÷ the BLS12-381 contract's (v9)",
        &[
            "operation",
            "k",
            "EIP-2539 price",
            "v7 model-b",
            "v9 model-b-repriced",
            "evmmax eip-6690",
            "tx v9 model-b-repriced",
            "tx evmmax eip-6690",
            "time v7",
            "time v9",
            "time evmmax",
            "v9 ÷ BLS12-381 v9",
        ],
    );
    for (op, k) in &sizes {
        let mut row = vec![op.clone(), k.to_string()];
        let price = r.curves_gas.iter().find(|g| &g.operation == op && g.k == *k).map(|g| g.eip_price);
        row.push(price.map_or("—".into(), thousands));
        for (i, sch) in [("v7", "model-b"), ("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.gas / g.eip_price as f64)));
        }
        for (i, sch) in [("v9", "model-b-repriced"), ("evmmax", "eip-6690")] {
            row.push(gas_of(op, *k, i, sch).map_or("—".into(), |g| ratio(g.tx_gas / g.eip_price_tx_gas)));
        }
        for imp in ["contract-v7", "contract-v9", "contract-evmmax"] {
            row.push(time_of(op, *k, imp).map_or("—".into(), |x| ratio(x.ratio_to_arkworks)));
        }
        let ours = time_of(op, *k, "contract-v9");
        let theirs = time_of(op, *k, "bls12-381-contract-v9");
        row.push(match (ours, theirs) {
            (Some(a), Some(b)) => ratio(a.stats.median_ns / b.stats.median_ns),
            _ => "—".into(),
        });
        t.row(row);
    }
    blocks.push(Block::Table(if t.rows.len() > 32 {
        let n = t.rows.len();
        t.folded(format!("Every operation at every size: {n} rows"))
    } else {
        t
    }));
    let gas_rows: Vec<ScheduleGas> = r
        .curves_gas
        .iter()
        .map(|g| ScheduleGas {
            operation: &g.operation,
            k: g.k,
            interface: &g.interface,
            code_bytes: g.code_bytes,
            baseline: g.eip_price,
            schedule: &g.schedule,
            gas: g.gas,
        })
        .collect();
    blocks.push(gas_by_schedule(
        "Gas of the BLS12-377 contracts (execution gas) under every schedule",
        "EIP-2539 price",
        &gas_rows,
    ));
    let time_rows: Vec<TimeRow> = r
        .curves_time
        .iter()
        .map(|x| {
            (
                x.operation.as_str(),
                x.k,
                x.implementation.as_str(),
                &x.stats,
                x.ratio_to_arkworks,
                x.ratio_to_arkworks_min,
            )
        })
        .collect();
    blocks.push(runtime_rows(
        "Runtime beside arkworks (ratios of medians, of minimums in brackets)",
        "× arkworks",
        &time_rows,
    ));
    Section { id, title, blocks }
}

fn interpretation(r: &Results) -> Section {
    let s = &r.summary;
    let mut blocks = Vec::new();
    let row = |i: &str, sch: &str| r.parity.iter().find(|p| p.k == 2 && p.interface == i && p.schedule == sch);
    let kmax = |i: &str, sch: &str| r.k_max.iter().find(|m| m.interface == i && m.schedule == sch).map(|m| m.k_max);
    if let (Some(v9), Some(v7)) = (row("v9", "model-b-repriced"), row("v7", "model-b")) {
        let floor = v7.floor_evm384_gas / v7.precompile_price as f64;
        let rest = (v9.contract_gas - v9.floor_evm384_gas) / v9.precompile_price as f64;
        blocks.push(Block::Paragraph(format!(
            "Where parity lies: at k = 2 the EVM384 instructions alone (the operation-count floor) cost {} the precompile's price under model B, {}; the contract's remaining gas (pushes, copies, control flow, memory) is {} gas in v9 with repriced PUSH/DUP/MLOAD/MSTORE, {} the price by itself, {}. One transaction (2^24 gas) checks at most {} pairs in v7 under evmone prices, {} in v9 under model B repriced, against {} for the precompile.",
            ratio(floor),
            if floor > 1.0 {
                "so no repricing of the other opcodes can reach parity with this operation count"
            } else {
                "so parity is within reach of cheaper overhead"
            },
            gas_fmt(v9.contract_gas - v9.floor_evm384_gas),
            ratio(rest),
            if rest > 1.0 {
                "so cheaper EVM384 opcodes alone cannot reach it either"
            } else {
                "so cheaper EVM384 opcodes could reach it"
            },
            kmax("v7", "evmone").unwrap_or(0),
            kmax("v9", "model-b-repriced").unwrap_or(0),
            r.precompile_k_max,
        )));
    }
    blocks.insert(0, Block::Paragraph(format!(
            "At k = 2 the EVM384 contract (interface v7) costs **{} gas under model B**, {} the EIP-2537 precompile's {} gas; with offsets as immediates (v9) and repriced PUSH/DUP/MLOAD/MSTORE it costs {} gas. Its runtime in revm is **{} the precompile** and {} native blst on the same input; big-endian values (v8) run at {} the time of v7.",
            gas_fmt(s.k2_gas_v7_model_b),
            ratio(s.k2_gas_ratio_v7_model_b_to_precompile),
            thousands(s.precompile_gas_k2),
            gas_fmt(s.k2_gas_v9_model_b_repriced),
            ratio(s.k2_time_ratio_v7_to_precompile),
            ratio(s.k2_time_ratio_v7_to_blst),
            ratio(s.v8_to_v7_time_ratio),
        )),
    );
    if let (Some(g), Some(gr), Some(tr)) =
        (s.k2_gas_evmmax, s.k2_gas_ratio_evmmax_to_precompile, s.k2_time_ratio_evmmax_to_precompile)
    {
        blocks.push(Block::Paragraph(format!(
            "EVMMAX (EIP-6690): the same pairing-check program with its slots in the registers of one field context costs **{} gas** at k = 2 under EIP-6690's prices (the cheapest build that fits: {}), {} the precompile's price and {} the v9 contract under model B repriced; it runs in **{} the precompile's time** ({} the v9 contract's). One transaction checks at most {} pairs.",
            gas_fmt(g),
            s.k2_gas_best_evmmax.map(gas_fmt).unwrap_or_else(|| "–".into()),
            ratio(gr),
            s.k2_gas_ratio_evmmax_to_v9_model_b_repriced.map(ratio).unwrap_or_else(|| "–".into()),
            ratio(tr),
            s.k2_time_ratio_evmmax_to_v9.map(ratio).unwrap_or_else(|| "–".into()),
            kmax("evmmax", "eip-6690").unwrap_or(0),
        )));
    }
    Section { id: "interpretation".into(), title: "9. Interpretation".into(), blocks }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed reports of record (the newest of each CPU), as the README cites them.
    fn records() -> Vec<crate::headline::ResultFile> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results");
        crate::headline::newest_per_cpu(&dir, "results").unwrap()
    }

    #[test]
    fn the_answer_comes_first_from_the_named_file() {
        for f in records() {
            let doc = document_from(&f.results, &f.link);
            let first = &doc.sections[0];
            assert_eq!((first.id.as_str(), first.title.as_str()), ("answer", "0. The answer"));
            let Block::Paragraph(p) = &first.blocks[0] else { panic!("the answer opens with its words") };
            assert!(p.contains(&format!("`{}`", f.link)), "{p}");
            let tables: Vec<&Table> =
                first.blocks.iter().filter_map(|b| if let Block::Table(t) = b { Some(t) } else { None }).collect();
            let charts = first.blocks.iter().filter(|b| matches!(b, Block::Chart(_))).count();
            assert_eq!((tables.len(), charts), (1, 1), "one table, one chart");
            let t = tables[0];
            // A column per k of the file; the default builds' gas and the floor in every one.
            let ks: Vec<String> = f.results.precompile_gas.iter().map(|p| format!("k = {}", p.k)).collect();
            assert_eq!(&t.header[1..], &ks[..]);
            for label in
                ["gas ÷ price: v7, model B, default build", "operation-count floor ÷ price: EVM384 at model B prices"]
            {
                let row = t.rows.iter().find(|r| r[0] == label).unwrap_or_else(|| panic!("{label}"));
                assert!(row[1..].iter().all(|c| c.ends_with('x')), "{row:?}");
            }
            assert!(t.rows.iter().any(|r| r[0].starts_with("parity: EVM384 arithmetic prices × λ")));
        }
    }

    /// The figures of the answer are the file's: k = 2 of the report of record of 2026-11-26
    /// against its summary (what the README's headline table shows).
    #[test]
    fn the_answer_repeats_the_summary_at_k_2() {
        let f = records()
            .into_iter()
            .find(|f| f.results.date == "2026-11-26" && f.results.machine.slug() == "amd-epyc-f25m17");
        let Some(f) = f else { return };
        let doc = document_from(&f.results, &f.link);
        let Block::Table(t) = &doc.sections[0].blocks[1] else { panic!() };
        let col = t.header.iter().position(|h| h == "k = 2").unwrap();
        let cell = |label: &str| t.rows.iter().find(|r| r[0] == label).unwrap()[col].clone();
        let s = &f.results.summary;
        assert_eq!(cell("gas ÷ price: v7, model B, default build"), ratio(s.k2_gas_ratio_v7_model_b_to_precompile));
        assert_eq!(
            cell("gas ÷ price: EVMMAX, EIP-6690 prices, cheapest build"),
            ratio(s.k2_gas_best_evmmax.unwrap() / s.precompile_gas_k2 as f64)
        );
        assert!(cell("time ÷ precompile: v7, default build").starts_with(&ratio(s.k2_time_ratio_v7_to_precompile)));
        // λ = (P − (G − A)) ÷ A for v9 under model B repriced.
        let p = f
            .results
            .parity
            .iter()
            .find(|p| p.k == 2 && p.interface == "v9" && p.schedule == "model-b-repriced")
            .unwrap();
        let lambda = (p.precompile_price as f64 - (p.contract_gas - p.floor_evm384_gas)) / p.floor_evm384_gas;
        assert_eq!(
            cell("parity: EVM384 arithmetic prices × λ, v9 default build under model B repriced"),
            parity_factor(lambda)
        );
    }

    /// Long tables are folded under a summary in HTML: every per-schedule, per-file and
    /// per-workload listing; section 10's table of ratios (one row per operation and size, 32)
    /// stays open.
    #[test]
    fn long_tables_are_folded() {
        for f in records() {
            for s in document(&f.results).sections {
                for b in &s.blocks {
                    if let Block::Table(t) = b {
                        assert!(
                            t.rows.len() <= 32 || t.summary.is_some(),
                            "{}: '{}' has {} rows",
                            s.id,
                            t.caption,
                            t.rows.len()
                        );
                    }
                }
            }
        }
    }
}
