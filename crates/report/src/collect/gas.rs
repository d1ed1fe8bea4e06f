//! Gas of the contract under every schedule, per interface and per phase, beside the
//! precompile's price; and the breakdown of where the gas goes.

use evm384_evm::{
    call_precompile, transaction_gas, EvmSchedule, InstructionSet, Interface, OpcodeCounts, Precompile, RunOptions,
    Runner, Schedule, Status, BLS12_PAIRING_CHECK,
};
use evm384_gen::Phase;

use crate::baseline::pairing_input;
use crate::results::{Breakdown, GasRow, PrecompileGas};

/// EIP-2537 PAIRING_CHECK price at k pairs under today's prices (`EvmSchedule::Osaka`'s table:
/// 32600·k + 37700).
pub fn precompile_price(k: u64) -> u64 {
    EvmSchedule::Osaka.precompile_gas(Precompile::Bls12PairingCheck, 384 * k as usize)
}

/// The contract built for one interface, with the code offsets where each phase starts.
pub struct Contract {
    pub interface: Interface,
    pub code: Vec<u8>,
    pub phase_marks: Vec<(usize, Phase)>,
}

/// The contract in EVMMAX code (EIP-6690), with its phase marks.
pub struct EvmmaxContract {
    pub code: Vec<u8>,
    pub phase_marks: Vec<(usize, Phase)>,
}

/// The name of EIP-6690's own gas prices in the gas rows (EVMMAX instructions charge their own
/// gas; the EVM384 schedules do not apply).
pub const EVMMAX_SCHEDULE: &str = crate::optimize::EIP6690;

/// Gas rows of the EVMMAX contract at `k` (total and per phase, under EIP-6690's prices).
pub fn evmmax_gas(c: &EvmmaxContract, k: u64) -> Result<Vec<GasRow>, String> {
    let input = pairing_input(k as usize, 0x5eed + k);
    let opts = RunOptions { count_opcodes: true, ..Default::default() }.with_instruction_set(InstructionSet::Evmmax);
    let mut runner = Runner::new(opts);
    runner.deploy(&c.code);
    let marks: Vec<(usize, u8)> = c.phase_marks.iter().map(|&(pc, p)| (pc, p as u8)).collect();
    let (ex, phases) = runner.run_phased(&input, &marks).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("contract evmmax halted at k = {k}: {:?}", ex.status));
    }
    let spec = runner.options().spec;
    let row = |phase: &str, gas: f64| GasRow {
        k,
        interface: InstructionSet::Evmmax.name().into(),
        schedule: EVMMAX_SCHEDULE.into(),
        phase: phase.into(),
        gas,
        tx_gas: (phase == "total").then(|| transaction_gas(spec, &input, gas)),
    };
    let mut rows = vec![row("total", ex.gas_used as f64)];
    for p in Phase::ALL {
        if let Some(u) = phases.iter().find(|u| u.phase == p as u8) {
            rows.push(row(p.name(), u.gas_used as f64));
        }
    }
    Ok(rows)
}

/// Phases whose gas counts as input handling.
pub const INPUT_PHASES: [Phase; 3] = [Phase::Decode, Phase::OnCurve, Phase::Subgroup];

/// Gas rows (total and per phase, every schedule) and the breakdown for one contract at `k`.
pub fn contract_gas(c: &Contract, k: u64) -> Result<(Vec<GasRow>, Vec<Breakdown>), String> {
    let input = pairing_input(k as usize, 0x5eed + k);
    let mut runner = Runner::new(RunOptions { interface: c.interface, count_opcodes: true, ..Default::default() });
    runner.deploy(&c.code);
    let marks: Vec<(usize, u8)> = c.phase_marks.iter().map(|&(pc, p)| (pc, p as u8)).collect();
    let (ex, phases) = runner.run_phased(&input, &marks).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("contract {} halted at k = {k}: {:?}", c.interface, ex.status));
    }
    let spec = runner.options().spec;
    let charged = runner.options().schedule;
    let total = ex.gas_by_schedule.ok_or("no gas by schedule")?;
    let mut rows = Vec::new();
    let row = |schedule: Schedule, phase: &str, gas: f64| GasRow {
        k,
        interface: c.interface.name().into(),
        schedule: schedule.name().into(),
        phase: phase.into(),
        gas,
        tx_gas: (phase == "total").then(|| transaction_gas(spec, &input, gas)),
    };
    for s in Schedule::ALL {
        rows.push(row(s, "total", total.gas(s)));
    }
    // Per phase (usage index = phase as u8; gas before the first mark is setup, index 255).
    let mut input_gas = vec![0.0; Schedule::ALL.len()];
    for p in Phase::ALL {
        let Some(u) = phases.iter().find(|u| u.phase == p as u8) else { continue };
        let by = evm384_evm::gas_by_schedule(u.gas_used, &u.counts, charged, spec);
        for (i, s) in Schedule::ALL.into_iter().enumerate() {
            rows.push(row(s, p.name(), by.gas(s)));
            if INPUT_PHASES.contains(&p) {
                input_gas[i] += by.gas(s);
            }
        }
    }
    // Breakdown of the whole run: input phases as one block; the rest split by opcode class.
    let rest: OpcodeCounts = phases.iter().filter(|u| !INPUT_PHASES.iter().any(|p| *p as u8 == u.phase)).fold(
        OpcodeCounts::default(),
        |mut acc, u| {
            acc.add(&u.counts);
            acc
        },
    );
    let base = charged.gas_table(spec);
    let mut breakdown = Vec::new();
    for (i, s) in Schedule::ALL.into_iter().enumerate() {
        let class = |pred: &dyn Fn(u8) -> bool| -> f64 {
            rest.iter()
                .filter(|(op, _)| pred(*op))
                .map(|(op, n)| n as f64 * s.static_decigas(&base, op) as f64 / 10.0)
                .sum()
        };
        let evm384_arith = class(&|op| (0xc0..=0xc2).contains(&op));
        let pushes = class(&|op| (0x5f..=0x7f).contains(&op));
        let t = total.gas(s);
        breakdown.push(Breakdown {
            k,
            interface: c.interface.name().into(),
            schedule: s.name().into(),
            evm384_arith,
            pushes,
            control_and_copies: t - evm384_arith - pushes - input_gas[i],
            input_handling: input_gas[i],
            total: t,
        });
    }
    Ok((rows, breakdown))
}

/// What revm's 0x0f charges for the same input, beside the formula.
pub fn precompile_gas(k: u64) -> Result<PrecompileGas, String> {
    let input = pairing_input(k as usize, 0x5eed + k);
    let ex = call_precompile(BLS12_PAIRING_CHECK, &input, &RunOptions::default()).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("precompile failed at k = {k}: {:?}", ex.status));
    }
    let tx_gas = transaction_gas(RunOptions::default().spec, &input, ex.gas_used as f64) as u64;
    Ok(PrecompileGas { k, formula: precompile_price(k), measured: ex.gas_used, tx_gas: Some(tx_gas) })
}
