//! Section 15: the EVM384 notes' f6m_mul synthetic loop per interface, measured in this run
//! beside the notes' published evmone figures (`collect::interfaces`).

use super::format::gas_fmt;
use super::prose::Prose;
use crate::doc::{duration_ns, ratio, thousands, Block, Chart, ChartKind, Section, Series, Table};
use crate::results::{InterfaceLoop, InterfaceLoopRow, PublishedLoopRow, Results};

/// Rows past which a table is folded under its summary.
const FOLD_ROWS: usize = 32;

/// The section's paragraphs and the findings' clauses (`text/f6m_mul_loop.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/f6m_mul_loop.md"),
    fragments: &[
        ("not-measured", &[]),
        ("intro", &["iterations", "products", "plan"]),
        ("findings", &["findings"]),
        ("against-v7", &["interface", "ratio", "notes"]),
        ("notes-ratio", &["ratio"]),
        ("evmmax", &["ratio"]),
        ("notes-bytecode", &["notes_products", "ratio", "products", "notes_gas", "gas"]),
        ("wasm", &["verdict", "engine", "ratio", "notes"]),
        ("notes-wasm", &["ratios"]),
    ],
};

pub fn f6m_mul_loop(r: &Results) -> Section {
    let (id, title) = ("interfaces".to_string(), "15. The interfaces: the notes' f6m_mul loop".to_string());
    let Some(l) = &r.interfaces else {
        let blocks = vec![Block::Paragraph(PROSE.words("not-measured"))];
        return Section { id, title, blocks };
    };
    let products = l.rows.iter().find(|x| x.implementation == "generator-v7").map_or(0, |x| x.products);
    let mut blocks = vec![Block::Paragraph(
        PROSE.fill("intro", &[("iterations", &l.iterations), ("products", &thousands(products)), ("plan", &l.plan)]),
    )];
    blocks.extend(findings(l));
    blocks.push(Block::Table(measured_table(l)));
    blocks.push(Block::Table(published_table(l)));
    if !l.not_measured.is_empty() {
        let mut t = Table::new("Not measured", &["implementation", "why"]);
        for n in &l.not_measured {
            t.row(vec![n.implementation.clone(), n.why.clone()]);
        }
        blocks.push(Block::Table(fold(t, "implementations not measured")));
    }
    blocks.push(Block::Chart(chart(l)));
    Section { id, title, blocks }
}

fn fold(t: Table, what: &str) -> Table {
    if t.rows.len() > FOLD_ROWS {
        let n = t.rows.len();
        t.folded(format!("{n} {what}"))
    } else {
        t
    }
}

/// The interface's published row of the interface-update figure (Update 3's for v8), Huff
/// where the notes wrote both.
fn published_for<'a>(l: &'a InterfaceLoop, interface: &str, language: Option<&str>) -> Option<&'a PublishedLoopRow> {
    let of = |figure: &str| {
        let rows = l.published.iter().filter(move |p| p.figure == figure && p.interface.as_deref() == Some(interface));
        let rows: Vec<&PublishedLoopRow> = rows.collect();
        match language {
            Some(lang) => rows.into_iter().find(|p| p.language == lang),
            None => rows.iter().find(|p| p.language == "huff").or_else(|| rows.first()).copied(),
        }
    };
    of("interface-update").or_else(|| of("update-3-endianness"))
}

/// The notes' bytecode row's published counterpart: `evm384_f6m_mul-v4-huff` is "v4 (Huff)",
/// v1..v5 are Yul, v6..v8 Huff.
fn published_of_notes_row<'a>(l: &'a InterfaceLoop, row: &InterfaceLoopRow) -> Option<&'a PublishedLoopRow> {
    let huff = row.implementation.ends_with("-huff") || ["v6", "v7", "v8"].contains(&row.interface.as_str());
    published_for(l, &row.interface, Some(if huff { "huff" } else { "yul" }))
}

fn row_of<'a>(l: &'a InterfaceLoop, implementation: &str) -> Option<&'a InterfaceLoopRow> {
    l.rows.iter().find(|x| x.implementation == implementation)
}

/// The section's findings in words: v8 and v9 against v7 here and in the notes, EVMMAX, and
/// the generator against the notes' own v7 bytecode.
fn findings(l: &InterfaceLoop) -> Option<Block> {
    let mut words = Vec::new();
    for iface in ["v8", "v9"] {
        if let Some(x) = row_of(l, &format!("generator-{iface}")) {
            let notes = published_for(l, iface, None).and_then(|p| p.ratio_to_v7);
            let notes =
                notes.map_or(String::new(), |q| format!(" {}", PROSE.fill("notes-ratio", &[("ratio", &ratio(q))])));
            words.push(
                PROSE.fill("against-v7", &[("interface", &iface), ("ratio", &ratio(x.ratio_to_v7)), ("notes", &notes)]),
            );
        }
    }
    if let Some(x) = row_of(l, "generator-evmmax") {
        words.push(PROSE.fill("evmmax", &[("ratio", &ratio(x.ratio_to_v7))]));
    }
    if let (Some(ours), Some(notes)) = (row_of(l, "generator-v7"), row_of(l, "evm384_f6m_mul-v7")) {
        words.push(PROSE.fill(
            "notes-bytecode",
            &[
                ("notes_products", &thousands(notes.products)),
                ("ratio", &ratio(notes.ratio_to_v7)),
                ("products", &thousands(ours.products)),
                ("notes_gas", &notes.gas_evmone.map_or("—".into(), gas_fmt)),
                ("gas", &ours.gas_evmone.map_or("—".into(), gas_fmt)),
            ],
        ));
    }
    if let (Some(v7), Some(wasm)) = (row_of(l, "generator-v7"), row_of(l, crate::collect::interfaces::WASM_LOOP)) {
        words.push(wasm_finding(l, v7, wasm));
    }
    if words.is_empty() {
        return None;
    }
    Some(Block::Paragraph(PROSE.fill("findings", &[("findings", &words.join("; "))])))
}

/// Whether the notes' conclusion — v7 beats wasm in the synthetic loop — still holds: their
/// wasm rows (interpreters) against their v7, and this run's wasm (wasmtime, Cranelift) against
/// the generator's v7, per Fp6 product.
fn wasm_finding(l: &InterfaceLoop, v7: &InterfaceLoopRow, wasm: &InterfaceLoopRow) -> String {
    let per_product = |x: &InterfaceLoopRow| x.stats.median_ns / x.products as f64;
    let here = per_product(wasm) / per_product(v7);
    let notes: Vec<String> = l
        .published
        .iter()
        .filter(|p| p.interface.is_none())
        .filter_map(|p| p.ratio_to_v7.map(|q| format!("{} {}", p.engine, ratio(q))))
        .collect();
    let verdict = if here > 1.0 { "still holds" } else { "no longer holds" };
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" {}", PROSE.fill("notes-wasm", &[("ratios", &notes.join(", "))]))
    };
    PROSE.fill(
        "wasm",
        &[("verdict", &verdict), ("engine", &evm384_wasm::ENGINE), ("ratio", &ratio(here)), ("notes", &notes)],
    )
}

fn measured_table(l: &InterfaceLoop) -> Table {
    let mut t = Table::new(
        "The f6m_mul loop per implementation (this run)",
        &[
            "implementation",
            "interface",
            "Fp6 products",
            "code bytes",
            "gas (reference schedule)",
            "gas (evmone prices)",
            "median",
            "÷ generator-v7",
            "notes ÷ v7 (evmone)",
        ],
    );
    for x in &l.rows {
        let published = if x.code == "published" { published_of_notes_row(l, x) } else { None };
        t.row(vec![
            x.implementation.clone(),
            x.interface.clone(),
            thousands(x.products),
            x.code_bytes.map_or("—".into(), thousands),
            match (&x.gas, &x.schedule) {
                (Some(g), Some(s)) => format!("{} ({s})", gas_fmt(*g)),
                _ => "—".into(),
            },
            x.gas_evmone.map_or("—".into(), gas_fmt),
            duration_ns(x.stats.median_ns),
            format!("{} ({})", ratio(x.ratio_to_v7), ratio(x.ratio_to_v7_min)),
            published.and_then(|p| p.ratio_to_v7).map_or("—".into(), ratio),
        ]);
    }
    fold(t, "implementations")
}

fn published_table(l: &InterfaceLoop) -> Table {
    let mut t = Table::new(
        "The notes' published figures, beside the same bytecode in this run",
        &[
            "figure",
            "bar",
            "engine",
            "published time",
            "published ÷ v7",
            "published gas",
            "this run ÷ v7",
            "this run's gas (evmone prices)",
            "source",
        ],
    );
    for p in &l.published {
        // the same bytecode measured here, where the figure's bar is one of the notes' files
        let ours =
            l.rows.iter().filter(|x| x.code == "published").find(|x| {
                published_of_notes_row(l, x).is_some_and(|q| q.label == p.label && q.interface == p.interface)
            });
        let ours = ours.filter(|_| p.figure != "interface-update-wasm");
        t.row(vec![
            p.figure.clone(),
            p.label.clone(),
            p.engine.clone(),
            duration_ns(p.ms * 1e6),
            p.ratio_to_v7.map_or("—".into(), ratio),
            p.gas_used.map_or("—".into(), thousands),
            ours.map_or("—".into(), |x| ratio(x.ratio_to_v7)),
            ours.and_then(|x| x.gas_evmone).map_or("—".into(), gas_fmt),
            p.source.clone(),
        ]);
    }
    fold(t, "published figures")
}

/// Ratios to v7 per interface: this run's generator programs and the notes' bytecode, and the
/// notes' published figures (Yul and Huff bars apart).
fn chart(l: &InterfaceLoop) -> Chart {
    let mut categories: Vec<String> = Vec::new();
    let mut add = |c: &str| {
        if !categories.iter().any(|x| x == c) {
            categories.push(c.to_string());
        }
    };
    for x in &l.rows {
        add(&x.interface);
    }
    for p in &l.published {
        add(p.interface.as_deref().unwrap_or("wasm"));
    }
    let value =
        |f: &dyn Fn(&str) -> Option<f64>| -> Vec<f64> { categories.iter().map(|c| f(c).unwrap_or(f64::NAN)).collect() };
    let ours = |code: &str| {
        value(&|c: &str| {
            l.rows.iter().filter(|x| x.code == code && x.interface == c).map(|x| x.ratio_to_v7).reduce(f64::min)
        })
    };
    let published = |lang: &str| {
        value(&|c: &str| {
            l.published
                .iter()
                .filter(|p| p.language.starts_with(lang) && p.interface.as_deref().unwrap_or("wasm") == c)
                .filter_map(|p| p.ratio_to_v7)
                .reduce(f64::min)
        })
    };
    let mut series = vec![
        Series::new("this run: generator", ours("generator")),
        Series::new("this run: the notes' bytecode", ours("published")),
        Series::new("this run: outside the EVM (native, wasm)", ours("native")),
        Series::new("published: Yul (evmone)", published("yul")),
        Series::new("published: Huff (evmone)", published("huff")),
        Series::new("published: wasm", published("wasm")),
    ];
    series.retain(|s| s.values.iter().any(|v| v.is_finite()));
    Chart {
        id: "interfaces".into(),
        title: "The f6m_mul loop: time ÷ v7's, per interface (log scale)".into(),
        kind: ChartKind::Bars,
        x: (0..categories.len()).map(|i| i as f64).collect(),
        categories,
        x_label: "interface".into(),
        y_label: "÷ v7".into(),
        log_y: true,
        series,
        second: None,
    }
}
