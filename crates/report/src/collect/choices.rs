//! Cost-aware generation in the report: which formulas `build --optimize-for` picks per
//! interface and gas schedule, every candidate's gas, and the final exponentiation's counts
//! with each squaring (Granger–Scott against Karabina's compressed squaring).

use evm384_build::Formulas;
use evm384_evm::{InstructionSet, Interface, Schedule};
use evm384_gen::backend::native;
use evm384_gen::curves::Curve;
use evm384_gen::{generator_pairs_input, Phase};
use evm384_timing::Plan;

use crate::optimize::{self, Target};
use crate::results::{BuildCandidate, BuildChoiceRow, FinalExpCounts, GasRow};

/// One row per interface and schedule; `default_gas` comes from the gas section's k = 2 total.
pub fn build_choices(gas: &[GasRow]) -> Result<Vec<BuildChoiceRow>, String> {
    let targets: Vec<Target> = Schedule::ALL.into_iter().map(Target::Gas).collect();
    let sets = Interface::MAIN
        .map(|i| (InstructionSet::Evm384(i), targets.clone()))
        .into_iter()
        .chain([(InstructionSet::Evmmax, vec![Target::Eip6690Gas])]);
    let mut rows = Vec::new();
    for (interface, targets) in sets {
        for c in optimize::choose(Curve::Bls12_381, interface, &targets, Plan::SMOKE)? {
            let default_gas = gas
                .iter()
                .find(|r| {
                    r.k == 2 && r.interface == interface.name() && r.schedule == c.target.name() && r.phase == "total"
                })
                .map(|r| r.gas)
                .ok_or_else(|| format!("no k = 2 gas for {interface} {}", c.target.name()))?;
            let describe = |x: &optimize::Candidate| format!("{}, {}", x.formulas, x.moves.describe());
            let best = c.candidates.iter().find(|x| x.formulas == c.best).expect("the best is a candidate");
            rows.push(BuildChoiceRow {
                interface: interface.name().into(),
                target: c.target.name().into(),
                chosen: describe(best),
                chosen_gas: c.best_cost,
                default_gas,
                candidates: c
                    .candidates
                    .iter()
                    .map(|x| BuildCandidate { formulas: describe(x), code_bytes: x.code_bytes as u64, gas: x.cost })
                    .collect(),
            });
        }
    }
    Ok(rows)
}

/// The final exponentiation's counts at k = 1 for every formula choice.
pub fn final_exp_counts() -> Vec<FinalExpCounts> {
    Formulas::all()
        .into_iter()
        .filter(|f| f.unroll == 1 && !f.inline) // unrolling and inlining change the code, not the operations
        .map(|f| {
            let c = native::run(&f.program(Curve::Bls12_381), &generator_pairs_input(Curve::Bls12_381, 1))
                .counts
                .get(Phase::FinalExp);
            FinalExpCounts {
                squaring: f.squaring.name().into(),
                f2mul: f.f2mul.name().into(),
                addmod384: c.addmod384,
                submod384: c.submod384,
                mulmodmont384: c.mulmodmont384,
                copies: c.copies,
                calls: c.calls,
            }
        })
        .collect()
}
