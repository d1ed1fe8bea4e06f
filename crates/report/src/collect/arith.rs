//! The arithmetic beside blst (`evm384 bench ops`, and the report's arithmetic section): the
//! native `mulmodmont384` / `addmod384` / `submod384` on the BLS12-381 modulus against blst's
//! `blst_fp_mul` / `blst_fp_add` / `blst_fp_sub`, and what each EVM384 opcode costs inside revm.
//!
//! Each pair is measured together by `evm384-timing`. Both sides do the same work: a chain of
//! [`CHAIN`] dependent operations `acc ← op(acc, y)` per call, blst called directly (no function
//! pointer), so the per-call overhead is the same on both sides and amortised.

use std::collections::BTreeMap;
use std::hint::black_box;

use evm384_arith::{addmod384, mulmodmont384, submod384};
use evm384_evm::bench::{evm_ns_per_op, P, P_INV, X, Y};
use evm384_evm::Op;
use evm384_timing::{measure_pair, Plan, Ratio};
use serde::{Deserialize, Serialize};

use crate::results::{ArithBench, ArithPair, OpCost};

/// Dependent operations per measured call.
pub const CHAIN: usize = 100;

/// Instructions per straight-line program of the in-revm measurement.
pub const EVM_PROGRAM_LEN: usize = 1000;

/// Which blst function an operation is compared with.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
enum Kind {
    Mul,
    Add,
    Sub,
}

fn ours(kind: Kind) -> impl FnMut() {
    let mut acc = X;
    move || {
        for _ in 0..CHAIN {
            acc = match kind {
                Kind::Mul => mulmodmont384(black_box(&acc), &Y, &P, P_INV),
                Kind::Add => addmod384(black_box(&acc), &Y, &P),
                Kind::Sub => submod384(black_box(&acc), &Y, &P),
            };
        }
        black_box(&acc);
    }
}

fn blst(kind: Kind) -> impl FnMut() {
    let (mut acc, y) = (blst::blst_fp { l: X }, blst::blst_fp { l: Y });
    move || {
        for _ in 0..CHAIN {
            let a = black_box(acc);
            // SAFETY: field elements below p; blst reads and writes 48-byte values.
            unsafe {
                match kind {
                    Kind::Mul => blst::blst_fp_mul(&mut acc, &a, &y),
                    Kind::Add => blst::blst_fp_add(&mut acc, &a, &y),
                    Kind::Sub => blst::blst_fp_sub(&mut acc, &a, &y),
                }
            }
        }
        black_box(&acc);
    }
}

/// Measures the three pairs and the in-revm cost of the three opcodes.
pub fn bench_ops(plan: Plan) -> ArithBench {
    let pairs = [
        (Kind::Mul, "mulmodmont384", "blst_fp_mul"),
        (Kind::Add, "addmod384", "blst_fp_add"),
        (Kind::Sub, "submod384", "blst_fp_sub"),
    ]
    .into_iter()
    .map(|(kind, a, b)| {
        let (m_ours, m_blst) = measure_pair(plan, ours(kind), blst(kind));
        let (m_ours, m_blst) = (m_ours.per(CHAIN as f64), m_blst.per(CHAIN as f64));
        let r = Ratio::of(&m_ours, &m_blst);
        ArithPair {
            ours: a.into(),
            blst: b.into(),
            ours_ns: m_ours.wall,
            blst_ns: m_blst.wall,
            ratio: r.median,
            ratio_min: r.min,
        }
    })
    .collect();
    let evm_ns_per_op: BTreeMap<String, OpCost> = Op::ALL
        .into_iter()
        .map(|op| {
            let c = evm_ns_per_op(op, EVM_PROGRAM_LEN, plan);
            (op.name().to_string(), OpCost { median_ns: c.median_ns, min_ns: c.min_ns })
        })
        .collect();
    ArithBench {
        backend: evm384_arith::mulmodmont384_backend().into(),
        chain: CHAIN as u64,
        pairs,
        evm_ns_per_op,
        evm_method: format!(
            "v7 program of {EVM_PROGRAM_LEN} x (PUSH16; OP) minus the same with POP in place of OP, measured together; per instruction"
        ),
    }
}
