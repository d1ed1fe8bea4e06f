//! Exact EVM384 operation counts per phase, from the generator's counter back-end, beside the
//! published EVMcurves counts.

use evm384_gen::curves::Curve;
use evm384_gen::{count_pairing_check, F2Mul, Phase};

use crate::results::{CountRow, PublishedCount};

pub fn counts(ks: &[u64]) -> Vec<CountRow> {
    let mut rows = Vec::new();
    for &k in ks {
        for f2mul in [F2Mul::V3, F2Mul::V4] {
            let pc = count_pairing_check(Curve::Bls12_381, k as usize, f2mul);
            let row = |phase: &str, c: evm384_gen::OpCounts| CountRow {
                k,
                f2mul: f2mul.name().into(),
                phase: phase.into(),
                addmod384: c.addmod384,
                submod384: c.submod384,
                mulmodmont384: c.mulmodmont384,
            };
            for p in Phase::ALL {
                rows.push(row(p.name(), pc.get(p)));
            }
            rows.push(row("total", pc.total()));
        }
    }
    rows
}

/// Source of the published counts.
pub const EVMCURVES_SOURCE: &str = "published: EVM384 BLS12-381 pairing (EVMcurves, f2mul v3, one pair, no input handling), as cited in docs/evm384-semantics.md";

pub fn published() -> Vec<PublishedCount> {
    let row = |phase: &str, a, s, m| PublishedCount {
        phase: phase.into(),
        addmod384: a,
        submod384: s,
        mulmodmont384: m,
        source: EVMCURVES_SOURCE.into(),
    };
    vec![row("miller-loop", 12_182, 11_786, 6_867), row("final-exp", 24_370, 13_867, 8_196)]
}
