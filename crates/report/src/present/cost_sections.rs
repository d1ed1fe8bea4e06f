//! Two sections on time per gas: EVMMAX's worst case per width (`collect::evmmax_worst_case`)
//! and the EIP-2537 precompiles' own time per gas with their prices at EIP-7904's targets
//! (`collect::precompile_cost`).

use crate::doc::{duration_ns, ratio, thousands, Block, Section, Table};
use crate::results::Results;

pub fn evmmax_worst_case(r: &Results) -> Section {
    let (id, title) = ("evmmax-worst-case".to_string(), "12. EVMMAX worst case per width".to_string());
    let Some(first) = r.evmmax_worst_case.first() else {
        return Section {
            id,
            title,
            blocks: vec![Block::Paragraph("Not measured in this file (written before the search existed).".into())],
        };
    };
    let mut t = Table::new(
        "EVMMAX (EIP-6690) per width: the worst program under the EIP's prices, and the price for parity with the worst ordinary program",
        &[
            "words (bits)",
            "MULMODX / ADDMODX gas",
            "worst program (modulus)",
            "ns/gas",
            "÷ ordinary",
            "worst odd-modulus program",
            "ns/gas",
            "parity: × per-width costs",
            "program needing it",
            "MULMODX / ADDMODX at parity",
            "fixed costs ×",
            "program needing it",
        ],
    );
    for w in &r.evmmax_worst_case {
        t.row(vec![
            format!("{} ({})", w.words, w.bits),
            format!("{} / {}", w.mul_gas, w.add_gas),
            w.worst.clone(),
            format!("{:.2}", w.ns_per_gas),
            ratio(w.ratio),
            w.worst_odd.clone(),
            format!("{:.2}", w.odd_ns_per_gas),
            ratio(w.parity_multiplier),
            w.parity_program.clone(),
            format!("{:.1} / {:.1}", w.mul_price_at_parity, w.add_price_at_parity),
            ratio(w.fixed_multiplier),
            w.fixed_program.clone(),
        ]);
    }
    let programs: u64 = r.evmmax_worst_case.iter().map(|w| w.programs).sum();
    Section {
        id,
        title,
        blocks: vec![
            Block::Paragraph(format!(
                "The worst-case search of section 8 extended to EVMMAX (`evm384 worst-case`, {} search: {programs} EVMMAX programs, timed in the same run as the ordinary programs; harness plan {}). At every width of 1..12 64-bit words, with an odd modulus and with 2^(64·words − 1): MULMODX of count 16 at random strides over 256 registers and ADDMODX of count 1 on 16 registers (the full search, `--full`, adds counts 1 and 255, SUBMODX, and as many register files as the 24,576-byte cap allows, switched by SETMODX before every instruction), LOADX and STOREX of 256 values (`--full`: also of one), SETMODX re-activating up to 257 contexts in random order, and SETMODX creating as many one-register contexts as the ids and the cap allow (`--full`: also contexts of 256 registers). `docs/eip6690-security.md` has the full search's figures and what they mean for the EIP. Every register holds a pseudo-random value. ns/gas is of the whole run under EIP-6690's prices; the yardstick is the worst ordinary program at revm's prices: {} at {:.2} ns/gas. \"× per-width costs\" is the multiplier m on the EIP's per-width tables (ADDMODX/SUBMODX, MULMODX — also each LOADX/STOREX value of an odd modulus — and SETMODX's odd-modulus part) that brings every program of the width priced by them to that yardstick: for a run of t ns costing g_t gas from the tables and g_o other gas, m = (t / yardstick − g_o) / g_t, the largest over the width's programs (below 1: those prices could fall). \"Fixed costs ×\" is the same for the programs the tables do not price (SETMODX re-activation and every power-of-two SETMODX, LOADX and STOREX), on their base and copy costs.",
                first.scope, first.plan, first.ordinary, first.ordinary_ns_per_gas
            )),
            Block::Table(t),
        ],
    }
}

pub fn precompile_cost(r: &Results) -> Section {
    let (id, title) = ("precompile-cost".to_string(), "13. EIP-2537 precompiles: time per gas".to_string());
    if r.precompile_cost.is_empty() {
        return Section {
            id,
            title,
            blocks: vec![Block::Paragraph("Not measured in this file (written before the section existed).".into())],
        };
    }
    let mut t = Table::new(
        "Each precompile's own time per gas, and its price at EIP-7904's targets",
        &[
            "precompile",
            "implementation",
            "k",
            "gas (EIP-2537)",
            "own time",
            "ns/gas",
            "price at 60 Mgas/s",
            "÷ EIP-2537",
            "price at 100 Mgas/s",
            "÷ EIP-2537",
        ],
    );
    for p in &r.precompile_cost {
        t.row(vec![
            format!("{} ({})", p.precompile, p.address),
            p.implementation.clone(),
            p.k.to_string(),
            thousands(p.gas),
            duration_ns(p.ns),
            format!("{:.2}", p.ns_per_gas),
            thousands(p.price_60_mgas.ceil() as u64),
            ratio(p.price_60_mgas / p.gas as f64),
            thousands(p.price_100_mgas.ceil() as u64),
            ratio(p.price_100_mgas / p.gas as f64),
        ]);
    }
    let empty = r.precompile_cost.iter().map(|p| p.empty_call_ns).fold(f64::INFINITY, f64::min);
    Section {
        id,
        title,
        blocks: vec![
            Block::Paragraph(format!(
                "Every EIP-2537 precompile in revm (blst), and PAIRING_CHECK on this project's IFMA backend (`evm384-precompile`, as in section 5), each called by a transaction to its address, timed together through the project's harness with two empty calls (transactions to a contract that only STOPs, without calldata and with the largest input's length of it: {} median without; a call's overhead is interpolated between them by its input's length), on the inputs of section 10 (MSMs: k distinct points, full 256-bit scalars; pairing: k valid pairs whose product is one). Own time = the call's median − that overhead, in thread CPU time (which leaves out time the thread spent preempted; wall time where the platform has no per-thread clock). At a target of R Mgas/s one gas buys 1000 / R ns, so the price that gives the precompile that rate is **price = own time [ns] · R / 1000** gas: 16.7 ns per gas at 60 Mgas/s, 10 ns per gas at 100 Mgas/s (EIP-7904's two targets). \"÷ EIP-2537\" above 1: the precompile is underpriced at that target.",
                duration_ns(empty)
            )),
            Block::Table(if t.rows.len() > 32 {
                let n = t.rows.len();
                t.folded(format!("Every precompile at every k: {n} rows"))
            } else {
                t
            }),
        ],
    }
}
