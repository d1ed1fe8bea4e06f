//! The pairing check in every EVM384 interface (v1 … v9 and v7s, the notes' proposed v7 with
//! two-byte offsets): one build per interface — `Formulas::cheapest`, the shipped build of v7,
//! v8 and v9, and v7's formulas for the others, its moves and inlining fitted to that
//! interface's code —
//! with its code size, its gas at k pairs under the schedules the interfaces were priced with,
//! what the transaction pays, and its runtime in revm measured in one run with the project's
//! harness, as ratios to v7's.

use evm384_build::{Formulas, MAX_CODE_SIZE};
use evm384_evm::{transaction_gas, Interface, RunOptions, Runner, Schedule, SpecId, Status};
use evm384_gen::curves::Curve;
use evm384_gen::generator_pairs_input;
use evm384_timing::{measure, Plan, Ratio};

use crate::baseline::{blst_pairing_check, pairing_input};
use crate::results::InterfacePairingRow;

/// The schedules of the rows: the prototype's prices (every branch charged 8 / 8 / 24), and
/// model B as the gas report proposed it and repriced.
pub const SCHEDULES: [Schedule; 3] = [Schedule::Evmone, Schedule::ModelB, Schedule::ModelBRepriced];

/// Builds, checks and measures the pairing check in every interface at `k` pairs.
pub fn interface_pairing(plan: Plan, k: u64) -> Result<Vec<InterfacePairingRow>, String> {
    let input = pairing_input(k as usize, 0x1f + k);
    let want = blst_pairing_check(&input).map_err(|e| format!("blst rejected the input: {e:?}"))?;
    let profile = generator_pairs_input(Curve::Bls12_381, k as usize);
    let want_profile =
        blst_pairing_check(&profile).map_err(|e| format!("blst rejected the generators' pairs: {e:?}"))?;

    let mut rows = Vec::new();
    let mut runners = Vec::new();
    for iface in Interface::ALL {
        let build = Formulas::cheapest(iface).pairing_check_build(Curve::Bls12_381, iface);
        let code = build.try_code(iface).map_err(|e| format!("{iface}: {e}"))?;
        let opts = RunOptions { interface: iface, count_opcodes: true, ..RunOptions::default() };
        let mut counting = Runner::new(opts.clone());
        counting.deploy(&code);
        let e = counting.run(&profile).map_err(|e| format!("{iface}: {e}"))?;
        if e.status != Status::Success || e.output.get(31) != Some(&(want_profile as u8)) {
            return Err(format!("{iface} disagrees with blst on the generators' pairs: {:?}", e.status));
        }
        let by = e.gas_by_schedule.ok_or_else(|| format!("{iface}: no gas by schedule"))?;
        let gas: Vec<(String, f64)> = SCHEDULES.iter().map(|&s| (s.name().to_string(), by.gas(s))).collect();
        let transaction_gas: Vec<(String, f64)> = SCHEDULES
            .iter()
            .map(|&s| (s.name().to_string(), transaction_gas(SpecId::OSAKA, &profile, by.gas(s))))
            .collect();

        let mut timed = Runner::new(RunOptions { count_opcodes: false, ..opts });
        timed.deploy(&code);
        let e = timed.run(&input).map_err(|e| format!("{iface}: {e}"))?;
        if e.status != Status::Success || e.output.get(31) != Some(&(want as u8)) {
            return Err(format!("{iface} disagrees with blst at k = {k}: {:?}", e.status));
        }
        runners.push(timed);
        rows.push(InterfacePairingRow {
            interface: iface.name().to_string(),
            k,
            code_bytes: code.len(),
            fits: code.len() <= MAX_CODE_SIZE,
            moves: build.moves.to_string(),
            gas,
            transaction_gas,
            median_ns: 0.0,
            ratio_to_v7: 0.0,
            ratio_to_v7_min: 0.0,
        });
    }

    let mut fs: Vec<Box<dyn FnMut() + '_>> = runners
        .iter_mut()
        .map(|r| {
            let input = &input;
            Box::new(move || {
                r.run(input).expect("pairing check call");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut contenders: Vec<&mut dyn FnMut()> = fs.iter_mut().map(|f| f.as_mut() as &mut dyn FnMut()).collect();
    let m = measure(plan, &mut contenders);
    let v7 = Interface::ALL.iter().position(|&i| i == Interface::V7).expect("v7 is an interface");
    for (row, m_i) in rows.iter_mut().zip(&m) {
        let r = Ratio::of(m_i, &m[v7]);
        row.median_ns = m_i.median_ns();
        row.ratio_to_v7 = r.median;
        row.ratio_to_v7_min = r.min;
    }
    Ok(rows)
}
