//! Gas schedules for EVM384 (`docs/evm384-semantics.md`, "Memory and gas"), as tables apart from the
//! instruction bodies.
//!
//! A schedule sets the static gas of the three EVM384 opcodes and may reprice PUSH*, DUP*,
//! MLOAD and MSTORE; everything else (memory expansion, copy costs, calls…) is the standard
//! revm schedule of the chosen [`SpecId`]. Prices are kept in tenths of gas ([`Decigas`]) so the
//! fractional schedules are exact.
//!
//! | name                 | ADDMOD384 | SUBMOD384 | MULMODMONT384 | PUSH* | DUP* | MLOAD | MSTORE |
//! |----------------------|-----------|-----------|---------------|-------|------|-------|--------|
//! | `evmone` (default)   | 8         | 8         | 24            | 3     | 3    | 3     | 3      |
//! | `model-a`            | 2         | 2         | 6             | 3     | 3    | 3     | 3      |
//! | `model-b`            | 1         | 1         | 3             | 3     | 3    | 3     | 3      |
//! | `model-a-pushdup2`   | 2         | 2         | 6             | 2     | 2    | 3     | 3      |
//! | `model-b-pushdup2`   | 1         | 1         | 3             | 2     | 2    | 3     | 3      |
//! | `model-a-repriced`   | 2         | 2         | 5             | 1     | 1    | 1     | 1      |
//! | `model-b-repriced`   | 1         | 1         | 3             | 1     | 1    | 1     | 1      |
//! | `model-a-fractional` | 1.1       | 1.1       | 5.0           | 0.9   | 0.7  | 1.0   | 0.8    |
//! | `model-b-fractional` | 0.8       | 0.7       | 3.0           | 0.9   | 0.7  | 1.0   | 0.8    |
//!
//! PUSH* is PUSH0..PUSH32 (PUSH0 keeps its price 2 where the table says 3 or 2), DUP* is
//! DUP1..DUP16. The "v9" variant of the gas report (no PUSH16 per instruction) is a matter of
//! the interface ([`Interface::V9`](crate::Interface)), not of the schedule.
//!
//! Integer schedules are charged by the EVM itself (revm's static gas table, see
//! [`Schedule::gas_table`]). A fractional schedule cannot be: the EVM charges every price rounded
//! up (so a run that fits the gas limit also fits under the fractional prices) and the exact
//! figure is computed afterwards from the executed-opcode histogram ([`gas_by_schedule`]).

use core::fmt;
use core::str::FromStr;

use evm384_arith::isa::Op;
use revm::bytecode::opcode;
use revm::interpreter::instructions::gas_table_spec;
use revm::interpreter::GasTable;
use revm::primitives::hardfork::SpecId;

use crate::OpcodeCounts;

/// Gas in tenths: `10` is one unit of gas.
pub type Decigas = u64;

/// Tenths per unit of gas.
pub const DECI: Decigas = 10;

/// A gas schedule for EVM384 code (see the module table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Schedule {
    /// The reference evmone prices 8 / 8 / 24.
    #[default]
    Evmone,
    /// Model A: 2 / 2 / 6.
    ModelA,
    /// Model B: 1 / 1 / 3.
    ModelB,
    /// Model A with PUSH* and DUP* at 2.
    ModelAPushDup2,
    /// Model B with PUSH* and DUP* at 2.
    ModelBPushDup2,
    /// Model A (MULMODMONT384 at 5) with PUSH*, DUP*, MLOAD, MSTORE at 1.
    ModelARepriced,
    /// Model B with PUSH*, DUP*, MLOAD, MSTORE at 1.
    ModelBRepriced,
    /// Model A fractional: 1.1 / 1.1 / 5.0, PUSH* 0.9, DUP* 0.7, MSTORE 0.8, MLOAD 1.0.
    ModelAFractional,
    /// Model B fractional: 0.8 / 0.7 / 3.0, PUSH* 0.9, DUP* 0.7, MSTORE 0.8, MLOAD 1.0.
    ModelBFractional,
}

/// What a schedule changes, in tenths of gas; `None` keeps revm's price.
struct Prices {
    /// ADDMOD384, SUBMOD384, MULMODMONT384 (in [`Op::ALL`] order).
    evm384: [Decigas; 3],
    push: Option<Decigas>,
    dup: Option<Decigas>,
    mload: Option<Decigas>,
    mstore: Option<Decigas>,
}

/// Only the EVM384 opcodes priced; the rest as revm.
const fn evm384_only(evm384: [Decigas; 3]) -> Prices {
    Prices { evm384, push: None, dup: None, mload: None, mstore: None }
}

/// The "pushdup2" variant: PUSH* and DUP* cost 2.
const fn pushdup2(evm384: [Decigas; 3]) -> Prices {
    Prices { evm384, push: Some(20), dup: Some(20), mload: None, mstore: None }
}

/// The "repriced" variant: PUSH*, DUP*, MLOAD, MSTORE cost 1.
const fn repriced(evm384: [Decigas; 3]) -> Prices {
    Prices { evm384, push: Some(10), dup: Some(10), mload: Some(10), mstore: Some(10) }
}

/// The "fractional" variant: PUSH* 0.9, DUP* 0.7, MLOAD 1.0, MSTORE 0.8.
const fn fractional(evm384: [Decigas; 3]) -> Prices {
    Prices { evm384, push: Some(9), dup: Some(7), mload: Some(10), mstore: Some(8) }
}

impl Schedule {
    /// Every schedule, in the order of the module table.
    pub const ALL: [Schedule; 9] = [
        Schedule::Evmone,
        Schedule::ModelA,
        Schedule::ModelB,
        Schedule::ModelAPushDup2,
        Schedule::ModelBPushDup2,
        Schedule::ModelARepriced,
        Schedule::ModelBRepriced,
        Schedule::ModelAFractional,
        Schedule::ModelBFractional,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Schedule::Evmone => "evmone",
            Schedule::ModelA => "model-a",
            Schedule::ModelB => "model-b",
            Schedule::ModelAPushDup2 => "model-a-pushdup2",
            Schedule::ModelBPushDup2 => "model-b-pushdup2",
            Schedule::ModelARepriced => "model-a-repriced",
            Schedule::ModelBRepriced => "model-b-repriced",
            Schedule::ModelAFractional => "model-a-fractional",
            Schedule::ModelBFractional => "model-b-fractional",
        }
    }

    const fn prices(self) -> Prices {
        match self {
            Schedule::Evmone => evm384_only([80, 80, 240]),
            Schedule::ModelA => evm384_only([20, 20, 60]),
            Schedule::ModelB => evm384_only([10, 10, 30]),
            Schedule::ModelAPushDup2 => pushdup2([20, 20, 60]),
            Schedule::ModelBPushDup2 => pushdup2([10, 10, 30]),
            Schedule::ModelARepriced => repriced([20, 20, 50]),
            Schedule::ModelBRepriced => repriced([10, 10, 30]),
            Schedule::ModelAFractional => fractional([11, 11, 50]),
            Schedule::ModelBFractional => fractional([8, 7, 30]),
        }
    }

    /// Whether every price is a whole number of gas, so the EVM charges the schedule exactly.
    pub fn is_integer(self) -> bool {
        let p = self.prices();
        let changed = p.evm384.into_iter().chain([p.push, p.dup, p.mload, p.mstore].into_iter().flatten());
        changed.into_iter().all(|d| d % DECI == 0)
    }

    /// The static gas of `opcode` in tenths, `base` holding revm's prices for the spec.
    pub fn static_decigas(self, base: &GasTable, opcode: u8) -> Decigas {
        let p = self.prices();
        let repriced = if let Some(op) = Op::from_opcode(opcode) {
            Some(p.evm384[op as usize])
        } else if (opcode::PUSH0..=opcode::PUSH32).contains(&opcode) {
            // PUSH0 costs 2 in revm: a variant only ever lowers it.
            p.push.map(|d| d.min(base[opcode as usize] as Decigas * DECI))
        } else if (opcode::DUP1..=opcode::DUP16).contains(&opcode) {
            p.dup
        } else if opcode == opcode::MLOAD {
            p.mload
        } else if opcode == opcode::MSTORE {
            p.mstore
        } else {
            None
        };
        repriced.unwrap_or(base[opcode as usize] as Decigas * DECI)
    }

    /// revm's static gas table for `spec` with this schedule applied, prices rounded up to
    /// whole gas (exact for integer schedules).
    pub fn gas_table(self, spec: SpecId) -> GasTable {
        let base = gas_table_spec(spec);
        core::array::from_fn(|i| self.static_decigas(&base, i as u8).div_ceil(DECI) as u16)
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Schedule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let lower = s.to_ascii_lowercase();
        Schedule::ALL.into_iter().find(|sch| sch.name() == lower).ok_or_else(|| {
            let names: Vec<_> = Schedule::ALL.iter().map(|s| s.name()).collect();
            format!("unknown gas schedule '{s}' (expected one of: {})", names.join(", "))
        })
    }
}

/// The gas of one execution under every schedule, in [`Schedule::ALL`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GasBySchedule(pub Vec<(Schedule, Decigas)>);

impl GasBySchedule {
    /// The gas under `schedule`, in tenths.
    pub fn decigas(&self, schedule: Schedule) -> Decigas {
        self.0.iter().find(|(s, _)| *s == schedule).map(|&(_, d)| d).unwrap_or(0)
    }

    /// The gas under `schedule` as a number (one decimal for fractional schedules).
    pub fn gas(&self, schedule: Schedule) -> f64 {
        self.decigas(schedule) as f64 / DECI as f64
    }

    /// `(name, gas)` pairs in [`Schedule::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.0.iter().map(|&(s, d)| (s.name(), d as f64 / DECI as f64))
    }
}

/// Static gas of all executed opcodes under `schedule`, in tenths.
fn static_decigas(counts: &OpcodeCounts, schedule: Schedule, base: &GasTable) -> Decigas {
    counts.iter().map(|(op, n)| n * schedule.static_decigas(base, op)).sum()
}

/// The gas of an execution under every schedule, from what the EVM charged: `gas_used` under
/// `charged` (its [`Schedule::gas_table`]) and the histogram of executed opcodes.
///
/// Schedules change static gas only, so `gas_used` minus the static gas charged is the dynamic
/// gas (memory expansion, copies, calls…), the same under every schedule; each schedule's figure
/// is that plus its own static gas. Exact as long as the path taken does not depend on the gas
/// (no GAS-dependent branching, no out-of-gas halt).
pub fn gas_by_schedule(gas_used: u64, counts: &OpcodeCounts, charged: Schedule, spec: SpecId) -> GasBySchedule {
    let base = gas_table_spec(spec);
    let charged_table = charged.gas_table(spec);
    let charged_static: Decigas = counts.iter().map(|(op, n)| n * charged_table[op as usize] as Decigas * DECI).sum();
    let dynamic = (gas_used * DECI).saturating_sub(charged_static);
    GasBySchedule(Schedule::ALL.into_iter().map(|s| (s, dynamic + static_decigas(counts, s, &base))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Schedule::ALL {
            assert_eq!(s.name().parse::<Schedule>().unwrap(), s);
        }
        assert!("model-c".parse::<Schedule>().is_err());
    }

    #[test]
    fn tables_follow_the_spec() {
        let t = |s: Schedule| s.gas_table(SpecId::PRAGUE);
        assert_eq!(t(Schedule::Evmone)[0xc0..=0xc2], [8, 8, 24]);
        assert_eq!(t(Schedule::ModelA)[0xc0..=0xc2], [2, 2, 6]);
        assert_eq!(t(Schedule::ModelB)[0xc0..=0xc2], [1, 1, 3]);
        assert_eq!(t(Schedule::ModelARepriced)[0xc2], 5);
        assert_eq!(t(Schedule::ModelAPushDup2)[opcode::PUSH16 as usize], 2);
        assert_eq!(t(Schedule::ModelAPushDup2)[opcode::DUP3 as usize], 2);
        assert_eq!(t(Schedule::ModelBRepriced)[opcode::MSTORE as usize], 1);
        assert_eq!(t(Schedule::ModelB)[opcode::PUSH1 as usize], 3);
        // Fractional prices are charged rounded up.
        assert_eq!(t(Schedule::ModelAFractional)[0xc0..=0xc2], [2, 2, 5]);
        assert_eq!(t(Schedule::ModelBFractional)[opcode::DUP1 as usize], 1);
    }

    #[test]
    fn fractional_prices_are_exact() {
        let base = gas_table_spec(SpecId::PRAGUE);
        let s = Schedule::ModelBFractional;
        assert_eq!(s.static_decigas(&base, 0xc1), 7);
        assert_eq!(s.static_decigas(&base, opcode::PUSH0), 9);
        assert_eq!(s.static_decigas(&base, opcode::MSTORE), 8);
        assert_eq!(s.static_decigas(&base, opcode::ADD), 30);
        assert_eq!(Schedule::ModelAPushDup2.static_decigas(&base, opcode::PUSH0), 20);
        assert!(!s.is_integer() && Schedule::ModelARepriced.is_integer());
    }
}
