//! The search: every program's gas under every schedule (one counting run each), then all of
//! them timed together with the project's harness, and the report.

use evm384_evm::{InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_timing::{measure, Plan};
use serde::Serialize;

use crate::evmmax;
use crate::program::Program;
use crate::verdict::{
    evmmax_width, schedule_worst, worst, EvmmaxMeasured, EvmmaxWidth, Measured, ScheduleWorst, Worst,
};
use crate::{evm384, ordinary};

/// Every program of the search: EVM384 in v7 and v9, then the ordinary ones.
pub fn programs() -> Vec<Program> {
    let mut p = evm384::programs(Interface::V7);
    p.extend(evm384::programs(Interface::V9));
    p.extend(ordinary::programs());
    p
}

/// The search's result.
#[derive(Clone, Debug, Serialize)]
pub struct WorstCaseReport {
    pub plan: String,
    pub programs: Vec<Measured>,
    pub by_schedule: Vec<ScheduleWorst>,
    /// `default` or `full` ([`evmmax::Scope`]).
    pub evmmax_scope: &'static str,
    /// The EVMMAX programs, timed with the others.
    pub evmmax_programs: Vec<EvmmaxMeasured>,
    /// The worst ordinary program at revm's standard prices (the `evmone` schedule's, which
    /// prices every non-EVM384 opcode as revm does): EVMMAX's yardstick.
    pub evmmax_ordinary: Worst,
    /// Per width (1..12 words), the worst EVMMAX program and the price that reaches parity.
    pub evmmax: Vec<EvmmaxWidth>,
}

/// [`worst_case_scoped`] with the default EVMMAX scope.
pub fn worst_case(plan: Plan, progress: &dyn Fn(&str)) -> Result<WorstCaseReport, String> {
    worst_case_scoped(plan, evmmax::Scope::Default, progress)
}

/// Runs every program once with opcode counting (its gas under every schedule; it must end
/// with STOP), then measures them all together with the harness: EVM384, ordinary and EVMMAX
/// programs (`scope` of them) in one run.
pub fn worst_case_scoped(plan: Plan, scope: evmmax::Scope, progress: &dyn Fn(&str)) -> Result<WorstCaseReport, String> {
    let programs = programs();
    let evmmax_programs = evmmax::all_programs(scope);
    let mut runners: Vec<Runner> = Vec::with_capacity(programs.len());
    let mut gas = Vec::with_capacity(programs.len());
    for p in &programs {
        progress(&format!("gas of {} ({})", p.name, p.interface));
        let mut counting = Runner::new(RunOptions { interface: p.interface_value, ..Default::default() });
        counting.deploy(&p.code);
        let ex = counting.run(&[]).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("{} ({}) did not run to its end: {:?}", p.name, p.interface, ex.status));
        }
        let by = ex.gas_by_schedule.ok_or("no gas by schedule")?;
        gas.push(Schedule::ALL.iter().map(|s| (s.name().to_string(), by.gas(*s))).collect::<Vec<_>>());
        let mut r =
            Runner::new(RunOptions { interface: p.interface_value, count_opcodes: false, ..Default::default() });
        r.deploy(&p.code);
        runners.push(r);
    }
    let mut evmmax_gas = Vec::with_capacity(evmmax_programs.len());
    for p in &evmmax_programs {
        progress(&format!("gas of {} ({} words, {} modulus)", p.name, p.words, p.modulus.name()));
        let opts =
            RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
        let mut r = Runner::new(opts);
        r.deploy(&p.code);
        let ex = r.run(&[]).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!(
                "{} ({} words, {}) did not run to its end: {:?}",
                p.name,
                p.words,
                p.modulus.name(),
                ex.status
            ));
        }
        evmmax_gas.push(ex.gas_used);
        runners.push(r);
    }
    progress("timing every program together");
    let mut closures: Vec<Box<dyn FnMut()>> = runners
        .iter_mut()
        .map(|r| {
            Box::new(move || {
                r.run(&[]).expect("a program that ran before");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|c| c.as_mut() as &mut dyn FnMut()).collect();
    let mut times = measure(plan, &mut refs);
    let evmmax_times = times.split_off(programs.len());
    let measured: Vec<Measured> = programs
        .into_iter()
        .zip(times)
        .zip(gas)
        .map(|((program, t), gas)| Measured { program, ns: t.median_ns(), ns_min: t.min_ns(), gas })
        .collect();
    let by_schedule = Schedule::ALL.iter().map(|s| schedule_worst(*s, &measured)).collect();
    let evmmax_measured: Vec<EvmmaxMeasured> = evmmax_programs
        .into_iter()
        .zip(evmmax_times)
        .zip(evmmax_gas)
        .map(|((program, t), gas)| EvmmaxMeasured { program, ns: t.median_ns(), ns_min: t.min_ns(), gas })
        .collect();
    let evmmax_ordinary = worst(Schedule::Evmone, measured.iter().filter(|m| m.program.kind == "ordinary"));
    let evmmax = evmmax::WORDS.map(|w| evmmax_width(w, &evmmax_measured, evmmax_ordinary.ns_per_gas)).collect();
    let plan = format!(
        "warm-up {} ms, {} samples of {} ms each",
        plan.warmup.as_millis(),
        plan.samples,
        plan.sample.as_millis()
    );
    Ok(WorstCaseReport {
        plan,
        programs: measured,
        by_schedule,
        evmmax_scope: match scope {
            evmmax::Scope::Default => "default",
            evmmax::Scope::Full => "full",
        },
        evmmax_programs: evmmax_measured,
        evmmax_ordinary,
        evmmax,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::BODY;

    /// Every program runs to its STOP (no halt from a wrong jump or too little gas), in the
    /// interface it was written for, and does the work it claims (its EVM384 or memory
    /// instructions execute the expected number of times).
    #[test]
    fn every_program_runs_to_its_end() {
        for p in programs() {
            let mut r = Runner::new(RunOptions { interface: p.interface_value, ..Default::default() });
            r.deploy(&p.code);
            let ex = r.run(&[]).unwrap();
            assert_eq!(ex.status, Status::Success, "{} ({})", p.name, p.interface);
            let counts = ex.counts.unwrap();
            let evm384: u64 = [0xc0u8, 0xc1, 0xc2].iter().map(|&b| counts.get(b)).sum();
            match p.kind {
                "evm384" => assert!(evm384 >= 64 * (BODY as u64) / 2, "{}: {evm384} EVM384 ops", p.name),
                _ => assert_eq!(evm384, 0, "{}", p.name),
            }
        }
    }
}
