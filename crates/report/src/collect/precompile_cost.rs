//! The EIP-2537 precompiles' own time per gas: every one of revm's (blst) and PAIRING_CHECK on
//! this project's IFMA backend (`evm384-precompile`, installed as in `runtime`), at k = 1..128
//! points (MSMs) or pairs (pairing) — quick mode a few k only — and the price each would get at
//! EIP-7904's two throughput targets.
//!
//! Each contender is a transaction to the precompile's address (`Runner::call`, as
//! `evm384_evm::call_precompile` does), timed with every other contender and an empty call (a
//! transaction to a contract that only STOPs, without calldata and with the largest input's
//! length of it) in one run of the harness. The precompile's own time is the call's median less
//! the empty calls' medians interpolated to its input's length, in thread CPU time (wall time
//! where the platform has no per-thread clock); its gas is what
//! revm charged (the precompile's own gas, no intrinsic gas). At a target of R Mgas/s one gas
//! buys 1000 / R ns, so the price that makes the precompile's ns per gas equal that is
//! `price = time_ns · R / 1000` gas (60 Mgas/s: 16.7 ns per gas; 100 Mgas/s: 10 ns per gas).
//!
//! Inputs: `operations::input` (additions of two distinct points, MSMs of k distinct points with
//! full 256-bit scalars, pseudo-random field elements for the maps) and
//! `baseline::pairing_input` (k valid pairs whose product is one, so the check returns true for
//! k ≥ 2; extended to k ≤ 1024 by a 128-bit scalar in its last pair).

use evm384_build::Operation;
use evm384_evm::{Address, RunOptions, Runner, SpecId, Status, CONTRACT};
use evm384_timing::{measure, Plan};

use crate::results::PrecompileCostRow;

/// EIP-7904's throughput targets, Mgas/s.
pub const TARGETS_MGAS: [f64; 2] = [60.0, 100.0];

/// The sizes measured: k points or pairs.
pub fn ks(quick: bool) -> Vec<u64> {
    if quick {
        vec![1, 8]
    } else {
        vec![1, 2, 4, 8, 16, 32, 64, 128]
    }
}

/// The price at `mgas_per_s` of a precompile taking `ns`: `ns · R / 1000` gas.
pub fn price(ns: f64, mgas_per_s: f64) -> f64 {
    ns * mgas_per_s / 1000.0
}

struct Contender {
    operation: Operation,
    implementation: &'static str,
    k: u64,
    input: Vec<u8>,
    runner: Runner,
    gas: u64,
}

/// Measures every contender together; one row each.
pub fn precompile_cost(plan: Plan, quick: bool) -> Result<Vec<PrecompileCostRow>, String> {
    let ifma =
        if evm384_ifma::backend() == evm384_ifma::Backend::Ifma { "ifma" } else { "evm384-precompile-blst-fallback" };
    let mut contenders: Vec<Contender> = Vec::new();
    let mut add = |operation: Operation, implementation: &'static str, k: u64, input: Vec<u8>| -> Result<(), String> {
        let mut runner = Runner::new(RunOptions::default());
        if implementation != "revm-blst" {
            runner.set_precompiles(evm384_precompile::precompiles(SpecId::OSAKA));
        }
        let to = Address::with_last_byte(operation.address_byte());
        let ex = runner.call(to, &input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("{} ({implementation}, k = {k}) failed: {:?}", operation.name(), ex.status));
        }
        contenders.push(Contender { operation, implementation, k, input, runner, gas: ex.gas_used });
        Ok(())
    };
    for op in [Operation::G1Add, Operation::G2Add, Operation::MapFpToG1, Operation::MapFp2ToG2] {
        add(op, "revm-blst", 1, super::operations::input(op, 1))?;
    }
    for k in ks(quick) {
        for op in [Operation::G1Msm, Operation::G2Msm] {
            add(op, "revm-blst", k, super::operations::input(op, k))?;
        }
        let pairs = crate::baseline::pairing_input(k as usize, k);
        add(Operation::PairingCheck, "revm-blst", k, pairs.clone())?;
        add(Operation::PairingCheck, ifma, k, pairs)?;
    }
    // The empty calls: a transaction to a contract that STOPs, without calldata and with the
    // largest input's length of it (a call's overhead is interpolated between them by its
    // input's length).
    let mut empty = Runner::new(RunOptions::default());
    empty.deploy(&[0x00]);
    let mut empty_large = Runner::new(RunOptions::default());
    empty_large.deploy(&[0x00]);
    let largest = contenders.iter().map(|c| c.input.len()).max().unwrap_or(0);
    let empty_input = vec![0x5au8; largest];
    let mut closures: Vec<Box<dyn FnMut() + '_>> = contenders
        .iter_mut()
        .map(|c| {
            let (to, input, runner) = (Address::with_last_byte(c.operation.address_byte()), &c.input, &mut c.runner);
            Box::new(move || {
                runner.call(to, input).expect("a call that ran before");
            }) as Box<dyn FnMut()>
        })
        .collect();
    closures.push(Box::new(|| {
        empty.call(CONTRACT, &[]).expect("the empty call");
    }));
    closures.push(Box::new(|| {
        empty_large.call(CONTRACT, &empty_input).expect("the empty call");
    }));
    let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|c| c.as_mut() as &mut dyn FnMut()).collect();
    let mut times = measure(plan, &mut refs);
    drop(refs);
    drop(closures);
    // Thread CPU time where the platform has it (a price is an absolute figure: time the thread
    // spent preempted is not the precompile's), else wall time.
    let clock = |m: &evm384_timing::Measurement| m.cpu.clone().unwrap_or_else(|| m.wall.clone());
    let large = clock(&times.pop().expect("the empty calls")).median_ns;
    let small = clock(&times.pop().expect("the empty calls")).median_ns;
    let overhead = |bytes: usize| small + (large - small) * bytes as f64 / largest.max(1) as f64;
    Ok(contenders
        .iter()
        .zip(times)
        .map(|(c, t)| {
            let st = clock(&t);
            let overhead = overhead(c.input.len());
            let own = (st.median_ns - overhead).max(0.0);
            PrecompileCostRow {
                precompile: c.operation.name().to_string(),
                address: format!("0x{:02x}", c.operation.address_byte()),
                implementation: c.implementation.to_string(),
                k: c.k,
                input_bytes: c.input.len() as u64,
                gas: c.gas,
                call_ns: st.median_ns,
                call_ns_min: st.min_ns,
                call_wall_ns: t.median_ns(),
                empty_call_ns: overhead,
                ns: own,
                ns_per_gas: own / c.gas as f64,
                price_60_mgas: price(own, TARGETS_MGAS[0]),
                price_100_mgas: price(own, TARGETS_MGAS[1]),
            }
        })
        .collect())
}
