//! Cost-aware generation: for one curve's pairing check, one instruction set (EVM384 v7/v8/v9,
//! or EVMMAX) and one target (a gas schedule, EIP-6690's own prices for EVMMAX, or runtime in
//! revm), build every formula choice ([`Formulas::all`]), drop those over the EIP-170 code
//! limit, cost the rest on k = 2 generator pairs, and pick the cheapest. `evm384 build pairing-check --optimize-for TARGET`
//! and the report's "build choices" table use it.

use evm384_evm::{Execution, InstructionSet, RunOptions, Runner, Schedule, Status};
use evm384_gen::curves::Curve;
use evm384_gen::{generator_pairs_input, Moves, MAX_CODE_SIZE};
use evm384_timing::Plan;

use crate::Formulas;

/// The pairs the candidates are costed on (the report's headline k).
pub const COST_K: usize = 2;

/// What a build is optimised for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// EVM384 gas under this schedule at k = [`COST_K`].
    Gas(Schedule),
    /// EVMMAX gas under EIP-6690's own prices at k = [`COST_K`].
    Eip6690Gas,
    /// Today's EVM code's gas as the EVM charges it (Osaka's prices) at k = [`COST_K`].
    OsakaGas,
    /// Median wall time in revm at k = [`COST_K`] (candidates measured together, interleaved).
    Runtime,
}

/// The name of EIP-6690's prices as a target (and as the schedule of EVMMAX gas rows).
pub const EIP6690: &str = "eip-6690";

/// The name of today's prices as a target (the gas of today's EVM code).
pub const OSAKA: &str = "osaka";

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Gas(s) => s.name(),
            Target::Eip6690Gas => EIP6690,
            Target::OsakaGas => OSAKA,
            Target::Runtime => "runtime",
        }
    }

    /// The instruction set's reference schedule, the one [`Formulas::cheapest`] is cheapest
    /// under and the report's headline reads it under: `model-b` for v7 and v8,
    /// `model-b-repriced` for v9, EIP-6690's prices for EVMMAX, Osaka's for today's EVM.
    pub fn reference(isa: InstructionSet) -> Target {
        match isa {
            InstructionSet::Evm384(evm384_evm::Interface::V9) => Target::Gas(Schedule::ModelBRepriced),
            InstructionSet::Evm384(_) => Target::Gas(Schedule::ModelB),
            InstructionSet::Evmmax => Target::Eip6690Gas,
            InstructionSet::Evm => Target::OsakaGas,
        }
    }

    /// An execution's gas under this target (it must have counted opcodes for an EVM384
    /// schedule); `None` for runtime, or for EVM384 schedules where nothing was counted.
    pub fn gas(self, e: &Execution) -> Option<f64> {
        match self {
            Target::Gas(s) => e.gas_by_schedule.as_ref().map(|by| by.gas(s)),
            Target::Eip6690Gas | Target::OsakaGas => Some(e.gas_used as f64),
            Target::Runtime => None,
        }
    }

    /// Whether the target prices code of `isa` (EVM384 schedules price EVM384 code, EIP-6690's
    /// prices EVMMAX code, Osaka's today's EVM code; runtime applies to all).
    pub fn applies_to(self, isa: InstructionSet) -> bool {
        match self {
            Target::Gas(_) => matches!(isa, InstructionSet::Evm384(_)),
            Target::Eip6690Gas => isa == InstructionSet::Evmmax,
            Target::OsakaGas => isa == InstructionSet::Evm,
            Target::Runtime => true,
        }
    }
}

impl core::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        if s.eq_ignore_ascii_case("runtime") {
            return Ok(Target::Runtime);
        }
        if s.eq_ignore_ascii_case(EIP6690) {
            return Ok(Target::Eip6690Gas);
        }
        if s.eq_ignore_ascii_case(OSAKA) {
            return Ok(Target::OsakaGas);
        }
        s.parse::<Schedule>()
            .map(Target::Gas)
            .map_err(|e| format!("{e}, {EIP6690} (EVMMAX), {OSAKA} (today's EVM) or runtime"))
    }
}

/// One formula choice for one interface: its code size and, if it fits, its cost.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub formulas: Formulas,
    /// The moves its build chose (`Formulas::choose_moves`).
    pub moves: Moves,
    pub code_bytes: usize,
    /// Gas (for [`Target::Gas`]) or median ns (for [`Target::Runtime`]); `None` when the code
    /// exceeds [`MAX_CODE_SIZE`].
    pub cost: Option<f64>,
}

impl Candidate {
    pub fn fits(&self) -> bool {
        self.code_bytes <= MAX_CODE_SIZE
    }
}

/// The choice for one instruction set and target, with every candidate.
#[derive(Clone, Debug)]
pub struct Choice {
    pub interface: InstructionSet,
    pub target: Target,
    pub best: Formulas,
    pub best_cost: f64,
    pub candidates: Vec<Candidate>,
}

/// A runner for `code`; `count_opcodes` for the gas of every schedule, off when timing (the
/// counting inspector loop costs time per instruction and would favour fewer, not faster,
/// instructions).
fn runner(isa: InstructionSet, code: &[u8], count_opcodes: bool) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

/// Gas of one run of `code` on `input`: under every schedule (`Schedule::ALL` order) for
/// EVM384, the gas charged (EIP-6690's prices, Osaka's) for EVMMAX and today's EVM.
fn gas_all(isa: InstructionSet, code: &[u8], input: &[u8]) -> Result<Vec<f64>, String> {
    let ex = runner(isa, code, true).run(input).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("candidate halted: {:?}", ex.status));
    }
    if !matches!(isa, InstructionSet::Evm384(_)) {
        return Ok(vec![ex.gas_used as f64]);
    }
    let by = ex.gas_by_schedule.ok_or("no gas by schedule")?;
    Ok(Schedule::ALL.iter().map(|&s| by.gas(s)).collect())
}

/// Chooses the cheapest fitting formulas of `curve`'s pairing check for `interface` under every
/// target in `targets`, costed on k = [`COST_K`] generator pairs (gas targets share one run per
/// candidate; `plan` times the runtime target).
pub fn choose(curve: Curve, interface: InstructionSet, targets: &[Target], plan: Plan) -> Result<Vec<Choice>, String> {
    if let Some(t) = targets.iter().find(|t| !t.applies_to(interface)) {
        return Err(format!("target {} does not price {interface} code", t.name()));
    }
    let input = generator_pairs_input(curve, COST_K);
    let builds: Vec<(Formulas, Moves, Vec<u8>)> = Formulas::all()
        .into_iter()
        .map(|f| {
            let build = f.pairing_check_build(curve, interface);
            build.try_code(interface).map(|c| (f, build.moves, c)).map_err(|e| format!("{curve} {f}, {interface}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let fitting: Vec<&(Formulas, Moves, Vec<u8>)> =
        builds.iter().filter(|(_, _, c)| c.len() <= MAX_CODE_SIZE).collect();
    if fitting.is_empty() {
        return Err(format!("no formula choice fits {MAX_CODE_SIZE} bytes for interface {interface}"));
    }
    let mut gas: Vec<Option<Vec<f64>>> = Vec::new();
    for (_, _, code) in &builds {
        gas.push(if code.len() <= MAX_CODE_SIZE { Some(gas_all(interface, code, &input)?) } else { None });
    }
    let mut times: Option<Vec<Option<f64>>> = None;
    if targets.contains(&Target::Runtime) {
        let mut runners: Vec<Runner> = fitting.iter().map(|(_, _, c)| runner(interface, c, false)).collect();
        let mut closures: Vec<Box<dyn FnMut() + '_>> = runners
            .iter_mut()
            .map(|r| {
                let input = &input;
                Box::new(move || {
                    let _ = std::hint::black_box(r.run(input));
                }) as Box<dyn FnMut()>
            })
            .collect();
        let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()).collect();
        let m = evm384_timing::measure(plan, &mut refs);
        let mut it = m.into_iter();
        times = Some(
            builds
                .iter()
                .map(|(_, _, c)| (c.len() <= MAX_CODE_SIZE).then(|| it.next().expect("one per fit").median_ns()))
                .collect(),
        );
    }
    let mut out = Vec::new();
    for &target in targets {
        let candidates: Vec<Candidate> = builds
            .iter()
            .enumerate()
            .map(|(i, (f, moves, code))| Candidate {
                formulas: *f,
                moves: *moves,
                code_bytes: code.len(),
                cost: match target {
                    Target::Gas(s) => {
                        let j = Schedule::ALL.iter().position(|&x| x == s).expect("schedule");
                        gas[i].as_ref().map(|g| g[j])
                    }
                    Target::Eip6690Gas | Target::OsakaGas => gas[i].as_ref().map(|g| g[0]),
                    Target::Runtime => times.as_ref().and_then(|t| t[i]),
                },
            })
            .collect();
        let best = candidates
            .iter()
            .filter_map(|c| c.cost.map(|v| (c.formulas, v)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("at least one candidate fits");
        out.push(Choice { interface, target, best: best.0, best_cost: best.1, candidates });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse() {
        assert_eq!("runtime".parse::<Target>(), Ok(Target::Runtime));
        assert_eq!("model-b".parse::<Target>(), Ok(Target::Gas(Schedule::ModelB)));
        assert_eq!("eip-6690".parse::<Target>(), Ok(Target::Eip6690Gas));
        assert!("fastest".parse::<Target>().is_err());
    }

    /// EVMMAX builds are costed under EIP-6690's prices, never under an EVM384 schedule.
    #[test]
    fn evmmax_builds_are_costed_under_eip_6690() {
        let curve = Curve::Bls12_381;
        let err = choose(curve, InstructionSet::Evmmax, &[Target::Gas(Schedule::ModelB)], Plan::SMOKE).unwrap_err();
        assert!(err.contains("does not price evmmax"), "{err}");
        let c = &choose(curve, InstructionSet::Evmmax, &[Target::Eip6690Gas], Plan::SMOKE).unwrap()[0];
        assert!(c.candidates.iter().all(|x| x.cost.is_some() == x.fits()));
        assert!(c.candidates.iter().filter_map(|x| x.cost).all(|v| c.best_cost <= v));
        let default = c.candidates.iter().find(|x| x.formulas == Formulas::default()).unwrap();
        assert!(c.best_cost < default.cost.unwrap(), "unrolling and inlining lower the gas");
    }

    /// The choice is the minimum over the fitting candidates, and over-size candidates are
    /// never costed (v7 with f2mul v3 and Karabina's squaring exceeds the limit).
    #[test]
    fn the_choice_is_the_cheapest_fitting_candidate() {
        let v7 = InstructionSet::Evm384(evm384_evm::Interface::V7);
        let c = &choose(Curve::Bls12_381, v7, &[Target::Gas(Schedule::ModelB)], Plan::SMOKE).unwrap()[0];
        assert_eq!(c.candidates.len(), Formulas::all().len());
        assert!(c.candidates.iter().any(|x| !x.fits()), "some candidate exceeds the code limit in v7");
        for x in &c.candidates {
            assert_eq!(x.cost.is_some(), x.fits(), "{}", x.formulas);
            if let Some(v) = x.cost {
                assert!(c.best_cost <= v, "{} is cheaper than the choice", x.formulas);
            }
        }
        let best = c.candidates.iter().find(|x| x.formulas == c.best).unwrap();
        assert!(best.fits() && best.cost == Some(c.best_cost));
    }
}
