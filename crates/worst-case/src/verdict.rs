//! What the search concludes: the programs measured, the worst program of each kind under every
//! schedule, and per EVMMAX width the worst program and the prices that reach parity with
//! ordinary code.

use evm384_evm::evmmax::GAS;
use evm384_evm::Schedule;
use serde::Serialize;

use crate::evmmax::{EvmmaxProgram, Modulus};
use crate::program::Program;

/// One program measured.
#[derive(Clone, Debug, Serialize)]
pub struct Measured {
    #[serde(flatten)]
    pub program: Program,
    /// Wall time of one run, median and minimum.
    pub ns: f64,
    pub ns_min: f64,
    /// Gas of the run under each schedule.
    pub gas: Vec<(String, f64)>,
}

/// The worst program of a kind under one schedule.
#[derive(Clone, Debug, Serialize)]
pub struct Worst {
    pub name: String,
    pub interface: &'static str,
    pub ns_per_gas: f64,
}

/// One schedule's answer.
#[derive(Clone, Debug, Serialize)]
pub struct ScheduleWorst {
    pub schedule: &'static str,
    pub worst_evm384: Worst,
    /// The worst EVM384 program whose offsets stay below 2^16 (the seeds' mitigation).
    pub worst_evm384_offsets_16bit: Worst,
    pub worst_ordinary: Worst,
    /// worst EVM384 ns/gas ÷ worst ordinary ns/gas (> 1: EVM384 buys more time per gas).
    pub ratio: f64,
    pub ratio_offsets_16bit: f64,
}

/// One EVMMAX program measured.
#[derive(Clone, Debug, Serialize)]
pub struct EvmmaxMeasured {
    #[serde(flatten)]
    pub program: EvmmaxProgram,
    /// Wall time of one run, median and minimum.
    pub ns: f64,
    pub ns_min: f64,
    /// Execution gas of the run under EIP-6690's prices.
    pub gas: u64,
}

impl EvmmaxMeasured {
    pub fn ns_per_gas(&self) -> f64 {
        self.ns / self.gas as f64
    }

    /// For a program priced by EIP-6690's per-width tables: the multiplier `m` on the gas from
    /// the tables at which its ns/gas equals `target`: `ns / (m · table_gas + other_gas) =
    /// target`, at least 0.
    pub fn parity_multiplier(&self, target: f64) -> Option<f64> {
        let p = &self.program;
        let other = (self.gas - p.table_gas) as f64;
        p.priced_by_tables.then(|| ((self.ns / target - other) / p.table_gas as f64).max(0.0))
    }

    /// For a program whose work pays fixed EVMMAX costs only (SETMODX re-activation, power-of-two
    /// SETMODX, LOADX, STOREX): the multiplier on those fixed costs (bases and power-of-two copy
    /// costs) at which its ns/gas equals `target`, at least 0.
    pub fn fixed_multiplier(&self, target: f64) -> Option<f64> {
        let p = &self.program;
        let other = (self.gas - p.fixed_gas) as f64;
        (!p.priced_by_tables).then(|| ((self.ns / target - other) / p.fixed_gas as f64).max(0.0))
    }
}

/// One width's answer.
#[derive(Clone, Debug, Serialize)]
pub struct EvmmaxWidth {
    pub words: usize,
    /// EIP-6690's MULMODX and ADDMODX/SUBMODX gas at this width.
    pub mul_gas: u64,
    pub add_gas: u64,
    /// The program with the most ns per gas (odd or power-of-two modulus).
    pub worst: String,
    pub worst_modulus: &'static str,
    pub ns_per_gas: f64,
    /// The worst odd-modulus program's ns per gas.
    pub worst_odd: String,
    pub odd_ns_per_gas: f64,
    /// worst ns/gas ÷ the worst ordinary program's.
    pub ratio: f64,
    /// The multiplier on EIP-6690's per-width costs at this width (ADDMODX/SUBMODX, MULMODX —
    /// also LOADX/STOREX per value of an odd modulus — and SETMODX's odd-modulus part; base
    /// costs and memory expansion unchanged) that brings every program with such costs to at
    /// most the worst ordinary program's ns/gas; below 1: these prices could fall.
    pub parity_multiplier: f64,
    /// The program that needs it.
    pub parity_program: String,
    pub parity_modulus: &'static str,
    /// The programs that the tables do not price (SETMODX re-activation, power-of-two SETMODX,
    /// LOADX, STOREX): the multiplier on their fixed costs (bases, power-of-two copy costs) that
    /// brings them to parity, and the program needing it.
    pub fixed_multiplier: f64,
    pub fixed_program: String,
    pub fixed_modulus: &'static str,
}

/// One width's worst EVMMAX program and its parity multiplier against `ordinary` ns/gas.
pub(crate) fn evmmax_width(words: usize, ms: &[EvmmaxMeasured], ordinary: f64) -> EvmmaxWidth {
    let of_width: Vec<&EvmmaxMeasured> = ms.iter().filter(|m| m.program.words == words).collect();
    let by = |f: &dyn Fn(&EvmmaxMeasured) -> f64, odd_only: bool| {
        of_width
            .iter()
            .filter(|m| !odd_only || m.program.modulus == Modulus::Odd)
            .max_by(|a, b| f(a).total_cmp(&f(b)))
            .copied()
    };
    let worst = by(&|m| m.ns_per_gas(), false);
    let odd = by(&|m| m.ns_per_gas(), true);
    let parity = by(&|m| m.parity_multiplier(ordinary).unwrap_or(f64::NEG_INFINITY), false);
    let fixed = by(&|m| m.fixed_multiplier(ordinary).unwrap_or(f64::NEG_INFINITY), false);
    let name = |m: Option<&EvmmaxMeasured>| m.map_or(String::new(), |m| m.program.name.clone());
    let modulus = |m: Option<&EvmmaxMeasured>| m.map_or("", |m| m.program.modulus.name());
    let ns_per_gas = worst.map_or(f64::NAN, |m| m.ns_per_gas());
    EvmmaxWidth {
        words,
        mul_gas: GAS.mul[words - 1],
        add_gas: GAS.add_sub[words - 1],
        worst: name(worst),
        worst_modulus: modulus(worst),
        ns_per_gas,
        worst_odd: name(odd),
        odd_ns_per_gas: odd.map_or(f64::NAN, |m| m.ns_per_gas()),
        ratio: ns_per_gas / ordinary,
        parity_multiplier: parity.and_then(|m| m.parity_multiplier(ordinary)).unwrap_or(f64::NAN),
        parity_program: name(parity),
        parity_modulus: modulus(parity),
        fixed_multiplier: fixed.and_then(|m| m.fixed_multiplier(ordinary)).unwrap_or(f64::NAN),
        fixed_program: name(fixed),
        fixed_modulus: modulus(fixed),
    }
}

fn ns_per_gas(m: &Measured, schedule: Schedule) -> f64 {
    let g = m.gas.iter().find(|(s, _)| s == schedule.name()).map_or(f64::NAN, |(_, g)| *g);
    m.ns / g
}

/// The program of a kind with the most ns per gas under `schedule`.
pub(crate) fn worst<'a>(schedule: Schedule, it: impl Iterator<Item = &'a Measured>) -> Worst {
    it.map(|m| (m, ns_per_gas(m, schedule)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, v)| Worst { name: m.program.name.clone(), interface: m.program.interface, ns_per_gas: v })
        .unwrap_or(Worst { name: String::new(), interface: "", ns_per_gas: f64::NAN })
}

/// One schedule's worst EVM384 program (of any memory, and of offsets below 2^16), its worst
/// ordinary program, and the ratios.
pub(crate) fn schedule_worst(schedule: Schedule, ms: &[Measured]) -> ScheduleWorst {
    let evm384 = worst(schedule, ms.iter().filter(|m| m.program.kind == "evm384"));
    let capped = worst(schedule, ms.iter().filter(|m| m.program.kind == "evm384" && m.program.memory_bytes <= 1 << 16));
    let ordinary = worst(schedule, ms.iter().filter(|m| m.program.kind == "ordinary"));
    ScheduleWorst {
        schedule: schedule.name(),
        ratio: evm384.ns_per_gas / ordinary.ns_per_gas,
        ratio_offsets_16bit: capped.ns_per_gas / ordinary.ns_per_gas,
        worst_evm384: evm384,
        worst_evm384_offsets_16bit: capped,
        worst_ordinary: ordinary,
    }
}
