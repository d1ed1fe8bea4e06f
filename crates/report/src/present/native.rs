//! Section 6, native arithmetic and pairing: the opcodes' arithmetic beside blst, each EVM384
//! opcode's cost in revm, and the IFMA pairing beside blst (`collect::arith`, `collect::native`).

use super::prose::Prose;
use crate::doc::{duration_ns, ratio, Block, Section, Table};
use crate::results::Results;

/// The section's paragraphs (`text/native.md`).
pub(super) const PROSE: Prose = Prose {
    text: include_str!("text/native.md"),
    fragments: &[
        ("arithmetic", &["backend"]),
        ("pairing", &["note", "batches"]),
        ("batches", &["engine"]),
        ("pairing-not-measured", &["note"]),
    ],
};

pub fn native(r: &Results) -> Section {
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
    let mut blocks = vec![Block::Paragraph(PROSE.fill("arithmetic", &[("backend", &a.backend)])), Block::Table(t)];
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
                Some(e) => {
                    let engine = match e {
                        evm384_ifma::BatchEngine::Lanes => "8-lane",
                        evm384_ifma::BatchEngine::Latency => "latency (RNS)",
                    };
                    format!(" {}", PROSE.fill("batches", &[("engine", &engine)]))
                }
                None => String::new(),
            };
            blocks.push(Block::Paragraph(
                PROSE.fill("pairing", &[("note", &r.native_pairing_note), ("batches", &batches)]),
            ));
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
        None => blocks.push(Block::Paragraph(PROSE.fill("pairing-not-measured", &[("note", &r.native_pairing_note)]))),
    }
    Section { id: "native".into(), title: "6. Native arithmetic and pairing".into(), blocks }
}
