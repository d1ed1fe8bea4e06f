//! `Formulas::cheapest` is what `optimize::choose` picks: for every instruction set, under its
//! reference schedule (`Target::reference`), the choice among every formula combination that
//! fits the code limit is exactly the constants `evm384 build` emits by default. Gas is exact,
//! so the choice is deterministic; when the generator changes what is cheapest, this fails and
//! names the new choice. All four sets take seconds in release mode (EVMMAX the longest).

use evm384_build::optimize::{choose, Target, COST_K};
use evm384_build::Formulas;
use evm384_evm::{InstructionSet, Interface, Schedule};
use evm384_gen::curves::Curve;
use evm384_timing::Plan;

#[test]
fn cheapest_is_what_choose_picks_under_the_reference_schedule() {
    assert_eq!(Target::reference(InstructionSet::Evm384(Interface::V7)), Target::Gas(Schedule::ModelB));
    assert_eq!(Target::reference(InstructionSet::Evm384(Interface::V8)), Target::Gas(Schedule::ModelB));
    assert_eq!(Target::reference(InstructionSet::Evm384(Interface::V9)), Target::Gas(Schedule::ModelBRepriced));
    assert_eq!(Target::reference(InstructionSet::Evmmax), Target::Eip6690Gas);
    let mut stale = Vec::new();
    for isa in InstructionSet::ALL {
        let target = Target::reference(isa);
        let choice = choose(Curve::Bls12_381, isa, &[target], Plan::SMOKE).unwrap().remove(0);
        let cost = |f: Formulas| choice.candidates.iter().find(|c| c.formulas == f).and_then(|c| c.cost);
        let cheapest = Formulas::cheapest(isa);
        eprintln!(
            "{isa} under {} at k = {COST_K}: cheapest ({cheapest}) {:?} gas, default ({}) {:?} gas; choose picks {} at {} gas",
            target.name(),
            cost(cheapest),
            Formulas::default(),
            cost(Formulas::default()),
            choice.best,
            choice.best_cost
        );
        assert!(cost(cheapest).is_some(), "{isa}: Formulas::cheapest ({cheapest}) does not fit the code limit");
        if choice.best != cheapest {
            stale.push(format!(
                "{isa}: choose picks {} at {} gas, Formulas::cheapest is {cheapest}",
                choice.best, choice.best_cost
            ));
        }
    }
    assert!(stale.is_empty(), "Formulas::cheapest is stale:\n{}", stale.join("\n"));
}
