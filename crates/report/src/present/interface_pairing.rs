//! Section 16: the pairing check in every interface (`collect::interface_pairing`): code size,
//! gas and time beside v7's, v7s (two-byte offsets) against v7 and v9.

use super::format::gas_fmt;
use super::prose::Prose;
use crate::doc::{duration_ns, ratio, thousands, Block, Section, Table};
use crate::results::{InterfacePairingRow, Results};

/// The section's paragraphs (`text/interface_pairing.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/interface_pairing.md"),
    fragments: &[
        ("not-measured", &[]),
        ("intro", &["k"]),
        (
            "two-byte-offsets",
            &["v7s_bytes", "v7_bytes", "v9_bytes", "v7s_gas", "v7_gas", "v7_ratio", "v9_gas", "v9_ratio"],
        ),
    ],
};

pub fn interface_pairing(r: &Results) -> Section {
    let (id, title) = ("interface-pairing".to_string(), "16. The interfaces: the pairing check".to_string());
    let rows = &r.interface_pairing;
    let Some(first) = rows.first() else {
        let blocks = vec![Block::Paragraph(PROSE.words("not-measured"))];
        return Section { id, title, blocks };
    };
    let mut blocks = vec![Block::Paragraph(PROSE.fill("intro", &[("k", &first.k)]))];
    if let (Some(v7s), Some(v7), Some(v9)) = (find(rows, "v7s"), find(rows, "v7"), find(rows, "v9")) {
        let g = |x: &InterfacePairingRow, s: &str| gas_of(&x.gas, s);
        blocks.push(Block::Paragraph(PROSE.fill(
            "two-byte-offsets",
            &[
                ("v7s_bytes", &thousands(v7s.code_bytes as u64)),
                ("v7_bytes", &thousands(v7.code_bytes as u64)),
                ("v9_bytes", &thousands(v9.code_bytes as u64)),
                ("v7s_gas", &gas_fmt(g(v7s, "model-b"))),
                ("v7_gas", &gas_fmt(g(v7, "model-b"))),
                ("v7_ratio", &ratio(g(v7s, "model-b") / g(v7, "model-b"))),
                ("v9_gas", &gas_fmt(g(v9, "model-b"))),
                ("v9_ratio", &ratio(g(v7s, "model-b") / g(v9, "model-b"))),
            ],
        )));
    }
    let mut t = Table::new(
        "Pairing check per interface",
        &[
            "interface",
            "code bytes",
            "moves",
            "gas, evmone",
            "gas, model B",
            "gas, model B repriced",
            "transaction, model B",
            "median",
            "time ÷ v7",
        ],
    );
    for x in rows {
        let code = if x.fits {
            thousands(x.code_bytes as u64)
        } else {
            format!("{} (over the limit)", thousands(x.code_bytes as u64))
        };
        t.row(vec![
            x.interface.clone(),
            code,
            x.moves.clone(),
            gas_fmt(gas_of(&x.gas, "evmone")),
            gas_fmt(gas_of(&x.gas, "model-b")),
            gas_fmt(gas_of(&x.gas, "model-b-repriced")),
            gas_fmt(gas_of(&x.transaction_gas, "model-b")),
            duration_ns(x.median_ns),
            format!("{} ({})", ratio(x.ratio_to_v7), ratio(x.ratio_to_v7_min)),
        ]);
    }
    blocks.push(Block::Table(t));
    Section { id, title, blocks }
}

fn find<'a>(rows: &'a [InterfacePairingRow], interface: &str) -> Option<&'a InterfacePairingRow> {
    rows.iter().find(|x| x.interface == interface)
}

fn gas_of(gas: &[(String, f64)], schedule: &str) -> f64 {
    gas.iter().find(|(s, _)| s == schedule).map_or(f64::NAN, |(_, g)| *g)
}
