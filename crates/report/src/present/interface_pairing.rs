//! Section 16: the pairing check in every interface (`collect::interface_pairing`): code size,
//! gas and time beside v7's, v7s (two-byte offsets) against v7 and v9.

use super::gas_fmt;
use crate::doc::{duration_ns, ratio, thousands, Block, Section, Table};
use crate::results::{InterfacePairingRow, Results};

pub fn interface_pairing(r: &Results) -> Section {
    let (id, title) = ("interface-pairing".to_string(), "16. The interfaces: the pairing check".to_string());
    let rows = &r.interface_pairing;
    let Some(first) = rows.first() else {
        let blocks = vec![Block::Paragraph("Not measured in this file (written before this section existed).".into())];
        return Section { id, title, blocks };
    };
    let mut blocks = vec![Block::Paragraph(format!(
        "The EIP-2537 pairing check in every interface at k = {}: v1–v6 as the EVM384 interface notes' evmone branches define them, v7 to v9, and v7s, the notes' proposal of v7 with two-byte offsets (a `PUSH8` word instead of `PUSH16`). One build each: v7, v8 and v9 as shipped (`Formulas::cheapest`), the others with v7's formulas; moves and inlining fitted to the interface's own code under 24,576 bytes (EIP-170). v1 writes over x (a copy first where the result goes elsewhere); v4 and v5 have BLS12-381's p built in; v6's slots share its 253 registers by liveness. Gas of the generators' pairs under the prototype's prices (evmone, 8 / 8 / 24) and model B as proposed and repriced, and what the transaction pays (21,000, calldata, execution); time in revm on random valid pairs, every interface in one run, ratios to v7 (medians, minimums in brackets).",
        first.k
    ))];
    if let (Some(v7s), Some(v7), Some(v9)) = (find(rows, "v7s"), find(rows, "v7"), find(rows, "v9")) {
        let g = |x: &InterfacePairingRow, s: &str| gas_of(&x.gas, s);
        blocks.push(Block::Paragraph(format!(
            "Two-byte offsets: v7s's code is {} bytes against v7's {} and v9's {}; under model B it costs {} gas against v7's {} ({}) and v9's {} ({}).",
            thousands(v7s.code_bytes as u64),
            thousands(v7.code_bytes as u64),
            thousands(v9.code_bytes as u64),
            gas_fmt(g(v7s, "model-b")),
            gas_fmt(g(v7, "model-b")),
            ratio(g(v7s, "model-b") / g(v7, "model-b")),
            gas_fmt(g(v9, "model-b")),
            ratio(g(v7s, "model-b") / g(v9, "model-b")),
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
