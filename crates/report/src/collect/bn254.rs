//! BN254 (EIP-196, EIP-197): ecAdd, ecMul and ecPairing as contracts
//! (`Contract::runtime_code(Curve::Bn254, …)`, each as `evm384 build --curve bn254` emits it
//! by default: ecPairing its cheapest build, `Formulas::cheapest`) beside revm's precompiles 0x06,
//! 0x07 and 0x08 (arkworks inside) and EIP-1108's prices (150, 6,000, 45,000 + 34,000·k); and the
//! Groth16 verifier (`evm384_gen::glue::groth16`) over the precompiles (the baseline) and over the
//! contracts deployed at fixed addresses. Gas in v7, v8, v9 under every schedule and EVMMAX under
//! EIP-6690's prices, with what the transactions pay (calldata included on both sides); runtime of
//! the baseline and the contracts measured together by the project's harness; the ecPairing
//! contracts' gas per phase at k = 2; the largest k per 2^24-gas transaction. Every contract's
//! output must equal the precompile's, and the verifier must return 1 on both back-ends. Then
//! the hinted check (`ec-pairing-hinted`, witness ‖ pairs) beside ecPairing on the same pairs,
//! and the verifier on the hinted check (`groth16-verify-hinted`: ecAdd and ecMul the
//! precompiles, the check with e(α, β)'s Miller value) beside the verifier over the
//! precompiles, in EVMMAX and v9; their transactions pay for the witness. Today's EVM
//! (`InstructionSet::Evm`: ADDMOD and MULMOD, no new opcode) runs the operations and the hinted
//! check too, its gas under each of `evm384_evm::EvmSchedule` beside the precompile's price under
//! the same schedule (the section "EVMification" reads those rows).

use ark_bn254::{Fr, G1Projective, G2Projective};
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::Zero;
use evm384_build::{Contract, Formulas, Operation, HINTED_FORMULAS};
use evm384_evm::{
    call_precompile, precompile_caller_code, transaction_gas, Address, EvmSchedule, InstructionSet, Interface,
    Precompile, RunOptions, Runner, Schedule, Status,
};
use evm384_gen::curves::Curve;
use evm384_gen::glue::address;
use evm384_gen::glue::groth16::{self, encode_g1, encode_g2, Backend, VerifyingKey};
use evm384_gen::ops::hint;
use evm384_gen::{generator_pairs_input, Phase, MAX_CODE_SIZE};
use evm384_timing::{Plan, Ratio};

use crate::baseline::SplitMix64;
use crate::collect::operations::{time_calls, Deployment, SETS, TIMED};
use crate::collect::parity::{largest_k, TX_GAS_CAP};
use crate::optimize::EIP6690;
use crate::results::{Bn254, KMaxRow, OperationGasRow, OperationTimeRow, PhaseGasRow};

/// The curve this section measures.
pub const CURVE: Curve = Curve::Bn254;

/// EIP-196's and EIP-197's operations, in table order.
pub const OPERATIONS: [Operation; 3] = [Operation::G1Add, Operation::G1Mul, Operation::PairingCheck];

/// The name of the verifier's rows.
pub const GROTH16: &str = "groth16-verify";
/// The hinted check's rows (beside ecPairing on the same pairs; its input the witness too).
pub const HINTED: &str = "ec-pairing-hinted";
/// The verifier on the hinted check's rows (beside the verifier over the precompiles; ecAdd and
/// ecMul the precompiles, the check with e(α, β)'s Miller value; the calldata the witness too).
pub const GROTH16_HINTED: &str = "groth16-verify-hinted";

/// The schedule name of the precompile's k_max row (EIP-1108's prices).
pub const EIP1108: &str = "eip-1108";

/// The instruction sets the verifier runs over: the contracts of EVMMAX and of v9.
pub const GROTH16_SETS: [InstructionSet; 2] = [InstructionSet::Evmmax, InstructionSet::Evm384(Interface::V9)];

/// The instruction sets the hinted check runs in: the verifier's and today's EVM.
pub const HINTED_SETS: [InstructionSet; 3] =
    [InstructionSet::Evmmax, InstructionSet::Evm384(Interface::V9), InstructionSet::Evm];

/// The operations' contracts: the EIP-2537 section's instruction sets and today's EVM.
pub const BN254_SETS: [InstructionSet; 5] = [SETS[0], SETS[1], SETS[2], SETS[3], InstructionSet::Evm];

/// The instruction sets timed: the EIP-2537 section's and today's EVM.
pub const BN254_TIMED: [InstructionSet; 4] = [TIMED[0], TIMED[1], TIMED[2], InstructionSet::Evm];

/// The precompile a row's baseline is, where its price is one of [`EvmSchedule::precompile_gas`]:
/// ecAdd, ecMul, ecPairing (the hinted check's baseline too).
pub fn precompile_of(name: &str) -> Option<Precompile> {
    match name {
        "ec-add" => Some(Precompile::EcAdd),
        "ec-mul" => Some(Precompile::EcMul),
        "ec-pairing" | HINTED => Some(Precompile::EcPairing),
        _ => None,
    }
}

/// The name of an operation's rows (the precompiles' names in go-ethereum's files).
pub fn name(op: Operation) -> &'static str {
    match op {
        Operation::G1Add => "ec-add",
        Operation::G1Mul => "ec-mul",
        Operation::PairingCheck => "ec-pairing",
        _ => unreachable!("EIP-196/197 have no {op}"),
    }
}

/// Input sizes measured: pairs for ecPairing, 1 otherwise.
pub fn sizes(op: Operation, quick: bool) -> Vec<u64> {
    match op {
        Operation::PairingCheck if quick => vec![1, 2],
        Operation::PairingCheck => (1..=8).collect(),
        _ => vec![1],
    }
}

/// Public inputs of the measured Groth16 statements.
pub fn groth16_sizes(quick: bool) -> Vec<u64> {
    if quick {
        vec![1, 2]
    } else {
        vec![1, 2, 4, 8, 16]
    }
}

/// A deterministic 256-bit scalar (SplitMix64 words; most of them above r, which EIP-196 allows).
fn scalar(i: u64) -> [u8; 32] {
    let mut g = SplitMix64(0x0196_5ca1 ^ i << 32);
    let mut out = [0u8; 32];
    for w in out.chunks_mut(8) {
        w.copy_from_slice(&g.next_u64().to_be_bytes());
    }
    out
}

/// The measured input of `op` at size `k`: ecAdd two distinct points \[a\]G, \[b\]G; ecMul \[a\]G and
/// a full 256-bit scalar; ecPairing k pairs e(aᵢG, bᵢH) for i < k − 1 and e(−(Σ aᵢbᵢ)G, H),
/// whose product is one for k ≥ 2 (k = 1: one pair e(aG, H), not one).
pub fn input(op: Operation, k: u64) -> Vec<u8> {
    let (g, h) = (G1Projective::generator(), G2Projective::generator());
    let g1 = |s: u64| encode_g1(&(g * Fr::from(s)).into_affine()).to_vec();
    match op {
        Operation::G1Add => [g1(0x0196_0001), g1(0x0196_0002)].concat(),
        Operation::G1Mul => [g1(0x0196_0001), scalar(0).to_vec()].concat(),
        Operation::PairingCheck => {
            let mut sum = Fr::zero();
            let mut out = Vec::new();
            for i in 0..k - 1 {
                let (a, b) = (Fr::from(0x0197_a000 + i), Fr::from(0x0197_b000 + i));
                sum += a * b;
                out.extend(encode_g1(&(g * a).into_affine()));
                out.extend(encode_g2(&(h * b).into_affine()));
            }
            let last = if k == 1 { Fr::from(0x0197_a000u64) } else { -sum };
            out.extend(encode_g1(&(g * last).into_affine()));
            out.extend(encode_g2(&h.into_affine()));
            out
        }
        _ => unreachable!("EIP-196/197 have no {op}"),
    }
}

fn precompile(op: Operation) -> Address {
    let mut a = [0u8; 20];
    a[19] = op.bn254_address_byte().expect("a BN254 precompile");
    Address::new(a)
}

/// `op`'s contract for `isa` as `evm384 build --curve bn254` emits it by default.
fn contract_code(op: Operation, isa: InstructionSet) -> Result<Vec<u8>, String> {
    let code = op.runtime_code(CURVE, isa, Formulas::build_default(op, isa))?;
    if code.len() > MAX_CODE_SIZE {
        return Err(format!("{CURVE} {op} {isa}: {} bytes, over EIP-170's {MAX_CODE_SIZE}", code.len()));
    }
    Ok(code)
}

/// Where the verifier finds this project's contracts.
const DEPLOYED: Backend = Backend { ec_add: address(0xb6), ec_mul: address(0xb7), ec_pairing: address(0xb8) };

/// An operation's contract per instruction set.
type CodeBySet = Vec<(InstructionSet, Vec<u8>)>;

/// What one row measures: a baseline and this project's implementations on one input.
struct Subject<'a> {
    name: &'a str,
    k: u64,
    input: Vec<u8>,
    /// The precompile's address (an operation), or `None` (the verifier: its charge is the
    /// baseline glue's whole run).
    precompile: Option<Address>,
    base: &'a Deployment,
    ours: &'a [Deployment],
    /// The input of `ours` where it is not `input` (the hinted rows: the witness added).
    ours_input: Option<Vec<u8>>,
}

/// Where the hinted verifier finds its operations: ecAdd and ecMul the precompiles, the hinted
/// check with a Miller factor at 0xb8.
const HINTED_BACKEND: Backend = Backend { ec_pairing: address(0xb8), ..Backend::PRECOMPILES };

/// The hinted check's shipped build (`HINTED_FORMULAS`) in each of `sets`; with `factor`, the
/// one taking a Miller factor (the Groth16 verifier's).
fn hinted_check_codes(factor: bool, sets: &[InstructionSet]) -> Result<CodeBySet, String> {
    sets.iter()
        .map(|&isa| {
            let build = if factor {
                evm384_build::hinted_pairing_check_with_factor_build(CURVE, HINTED_FORMULAS, isa)
            } else {
                evm384_build::hinted_pairing_check_build(CURVE, HINTED_FORMULAS, isa)
            };
            let code = build.try_code(isa).map_err(|e| format!("{CURVE} hinted check {isa}: {e}"))?;
            if code.len() > MAX_CODE_SIZE {
                return Err(format!(
                    "{CURVE} hinted check {isa}: {} bytes, over EIP-170's {MAX_CODE_SIZE}",
                    code.len()
                ));
            }
            Ok((isa, code))
        })
        .collect()
}

/// Gas and runtime of every section row, the ecPairing contracts' phases at k = 2 and the
/// largest k per transaction. `progress` is told what is being measured.
pub fn bn254(plan: Plan, quick: bool, progress: &mut dyn FnMut(String)) -> Result<Bn254, String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    let v7 = InstructionSet::Evm384(Interface::V7);
    let mut codes: Vec<(Operation, CodeBySet)> = Vec::new();
    for op in OPERATIONS {
        progress(format!("{CURVE} {}: building the contracts", name(op)));
        let by_set =
            BN254_SETS.iter().map(|&isa| Ok((isa, contract_code(op, isa)?))).collect::<Result<Vec<_>, String>>()?;
        let base = Deployment { isa: v7, main: precompile_caller_code(precompile(op)), others: vec![] };
        let ours: Vec<Deployment> =
            by_set.iter().map(|(isa, code)| Deployment { isa: *isa, main: code.clone(), others: vec![] }).collect();
        for k in sizes(op, quick) {
            progress(format!("{CURVE} {} at k = {k} beside revm's precompile", name(op)));
            let s = Subject {
                name: name(op),
                k,
                input: input(op, k),
                precompile: Some(precompile(op)),
                base: &base,
                ours: &ours,
                ours_input: None,
            };
            measure_subject(plan, &s, &mut gas, &mut time)?;
        }
        codes.push((op, by_set));
    }
    let code_of = |op: Operation, isa: InstructionSet| {
        let (_, by_set) = codes.iter().find(|(o, _)| *o == op).expect("built above");
        by_set.iter().find(|(i, _)| *i == isa).map(|(_, c)| c.clone()).expect("every set built")
    };

    // The Groth16 verifier: the same glue over the precompiles and over the contracts.
    for n in groth16_sizes(quick) {
        progress(format!("{CURVE} Groth16 verifier with {n} public inputs"));
        let statement = crate::groth16_circuit::prove(n as usize, 0x1608 + n)?;
        let vk = VerifyingKey::from(&statement.vk);
        let code =
            |backend: &Backend| groth16::verifier_code(&vk, backend).map_err(|e| format!("Groth16 verifier: {e}"));
        let base = Deployment { isa: v7, main: code(&Backend::PRECOMPILES)?, others: vec![] };
        let ours = GROTH16_SETS
            .iter()
            .map(|&isa| {
                let others = vec![
                    (DEPLOYED.ec_add, code_of(Operation::G1Add, isa)),
                    (DEPLOYED.ec_mul, code_of(Operation::G1Mul, isa)),
                    (DEPLOYED.ec_pairing, code_of(Operation::PairingCheck, isa)),
                ];
                Ok(Deployment { isa, main: code(&DEPLOYED)?, others })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let s = Subject {
            name: GROTH16,
            k: n,
            input: groth16::calldata(&statement.proof, &statement.inputs),
            precompile: None,
            base: &base,
            ours: &ours,
            ours_input: None,
        };
        measure_subject(plan, &s, &mut gas, &mut time)?;
        // the same verifier on the hinted check, the witness in its calldata
        let hinted = hinted_check_codes(true, &GROTH16_SETS)?;
        let ours = hinted
            .iter()
            .map(|(isa, check)| {
                let code = groth16::hinted_verifier_code(&vk, &HINTED_BACKEND)
                    .map_err(|e| format!("hinted Groth16 verifier: {e}"))?;
                Ok(Deployment { isa: *isa, main: code, others: vec![(HINTED_BACKEND.ec_pairing, check.clone())] })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let calldata = groth16::hinted_calldata(&vk, &statement.proof, &statement.inputs, HINTED_FORMULAS.f2mul)
            .map_err(|e| format!("hinted Groth16 verifier: {e}"))?;
        let s = Subject { name: GROTH16_HINTED, ours: &ours, ours_input: Some(calldata), ..s };
        measure_subject(plan, &s, &mut gas, &mut time)?;
    }

    // The hinted check beside ecPairing on the same pairs (k ≥ 2: products of one).
    let hinted = hinted_check_codes(false, &HINTED_SETS)?;
    let pairing = Operation::PairingCheck;
    let base = Deployment { isa: v7, main: precompile_caller_code(precompile(pairing)), others: vec![] };
    let ours: Vec<Deployment> =
        hinted.iter().map(|(isa, code)| Deployment { isa: *isa, main: code.clone(), others: vec![] }).collect();
    for k in sizes(pairing, quick).into_iter().filter(|&k| k >= 2) {
        progress(format!("{CURVE} hinted check at k = {k} beside revm's precompile"));
        let pairs = input(pairing, k);
        let witness =
            hint::witness(CURVE, &pairs, HINTED_FORMULAS.f2mul).map_err(|e| format!("{CURVE} hinted check: {e}"))?;
        let s = Subject {
            name: HINTED,
            k,
            input: pairs.clone(),
            precompile: Some(precompile(pairing)),
            base: &base,
            ours: &ours,
            ours_input: Some([witness, pairs].concat()),
        };
        measure_subject(plan, &s, &mut gas, &mut time)?;
    }

    progress(format!("{CURVE} ecPairing: gas per phase, largest k per transaction"));
    let pairing = Operation::PairingCheck;
    let mut phases = Vec::new();
    let mut k_max = Vec::new();
    let pairing_sizes = sizes(pairing, quick);
    let (k1, k2) = (pairing_sizes[pairing_sizes.len() - 2] as usize, pairing_sizes[pairing_sizes.len() - 1] as usize);
    for (isa, schedule) in [
        (InstructionSet::Evmmax, EIP6690),
        (InstructionSet::Evm384(Interface::V9), "model-b-repriced"),
        (InstructionSet::Evm, EvmSchedule::Osaka.name()),
    ] {
        phases.extend(phase_gas(isa, schedule, &code_of(pairing, isa), 2)?);
        k_max.push(contract_k_max(isa, schedule, &code_of(pairing, isa), k1, k2)?);
    }
    k_max.push(precompile_k_max()?);
    Ok(Bn254 { gas, time, phases, k_max })
}

/// Gas of `s` in every set and schedule beside the baseline's, then the runtime of the baseline
/// and the timed sets together.
fn measure_subject(
    plan: Plan,
    s: &Subject,
    gas: &mut Vec<OperationGasRow>,
    time: &mut Vec<OperationTimeRow>,
) -> Result<(), String> {
    let (name, k, input) = (s.name, s.k, &s.input);
    let ours_input = s.ours_input.as_ref().unwrap_or(input);
    let pre = match s.precompile {
        Some(at) => call_precompile(at, input, &RunOptions::default()),
        None => s.base.runner(false).run(input),
    }
    .map_err(|e| e.to_string())?;
    if pre.status != Status::Success {
        return Err(format!("{CURVE} {name}: the baseline failed on the measured input (k = {k}): {:?}", pre.status));
    }
    if s.precompile.is_none() && pre.output.last() != Some(&1) {
        return Err(format!("{CURVE} {name}: the proof does not verify over the precompiles (k = {k})"));
    }
    let spec = RunOptions::default().spec;
    let pre_tx = transaction_gas(spec, input, pre.gas_used as f64);
    for d in s.ours {
        let isa = d.isa;
        let ex = d.runner(true).run(ours_input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success || ex.output != pre.output {
            return Err(format!(
                "{CURVE} {name} {isa} disagrees with its baseline at k = {k}: {:?}, output {} against {}",
                ex.status,
                hex(&ex.output),
                hex(&pre.output)
            ));
        }
        let row = |schedule: &str, g: f64| OperationGasRow {
            operation: name.into(),
            k,
            interface: isa.name().into(),
            schedule: schedule.into(),
            gas: g,
            precompile_gas: pre.gas_used,
            code_bytes: d.main.len() as u64,
            tx_gas: Some(transaction_gas(spec, ours_input, g)),
            precompile_tx_gas: Some(pre_tx),
        };
        match (isa, &ex.gas_by_schedule) {
            (InstructionSet::Evm, _) => {
                let p = precompile_of(name).ok_or_else(|| format!("{CURVE} {name}: no precompile on today's EVM"))?;
                let code_bytes = d.main.len() as u64;
                gas.extend(crate::collect::evmification::schedule_rows(
                    name, k, code_bytes, &ex, input, ours_input, p,
                )?);
            }
            (InstructionSet::Evm384(_), Some(by)) => {
                gas.extend(Schedule::ALL.iter().map(|&sch| row(sch.name(), by.gas(sch))))
            }
            _ => gas.push(row(EIP6690, ex.gas_used as f64)),
        }
    }
    // runtime: the baseline, then each timed implementation, interleaved
    let timed: Vec<&Deployment> = s.ours.iter().filter(|d| BN254_TIMED.contains(&d.isa)).collect();
    let mut calls = vec![(s.base.runner(false), &input[..])];
    calls.extend(timed.iter().map(|d| (d.runner(false), &ours_input[..])));
    let m = time_calls(plan, k, &mut calls);
    let baseline = if s.precompile.is_some() { "precompile" } else { "precompiles" };
    let names = std::iter::once(baseline.to_string()).chain(timed.iter().map(|d| format!("contract-{}", d.isa)));
    for (implementation, stats) in names.zip(&m) {
        let r = Ratio::of(stats, &m[0]);
        time.push(OperationTimeRow {
            operation: name.into(),
            k,
            implementation,
            stats: stats.wall.clone(),
            ratio_to_precompile: r.median,
            ratio_to_precompile_min: r.min,
        });
    }
    Ok(())
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The ecPairing contract `code` (the default build for `isa`) run phase by phase on the measured
/// input of `k` pairs: gas per phase under `schedule` (EIP-6690's own prices for EVMMAX) and the
/// modular arithmetic's part of it, then the total.
fn phase_gas(isa: InstructionSet, schedule: &str, code: &[u8], k: u64) -> Result<Vec<PhaseGasRow>, String> {
    let formulas = Formulas::build_default(Operation::PairingCheck, isa);
    let (marked, marks) = formulas
        .pairing_check_build(CURVE, isa)
        .try_code_with_phase_marks(isa)
        .map_err(|e| format!("{CURVE} ecPairing {isa}: {e}"))?;
    if marked != code {
        return Err(format!("{CURVE} ecPairing {isa}: the build with phase marks differs from the contract"));
    }
    let input = input(Operation::PairingCheck, k);
    let mut r = Runner::new(RunOptions { count_opcodes: true, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    let marks: Vec<(usize, u8)> = marks.iter().map(|&(pc, p)| (pc, p as u8)).collect();
    let (ex, usage) = r.run_phased(&input, &marks).map_err(|e| e.to_string())?;
    if ex.status != Status::Success {
        return Err(format!("{CURVE} ecPairing {isa} halted at k = {k}: {:?}", ex.status));
    }
    let spec = r.options().spec;
    let charged = r.options().schedule;
    let base = charged.gas_table(spec);
    let sched = Schedule::ALL.into_iter().find(|s| s.name() == schedule);
    // (gas, arithmetic gas) of one phase's usage under `schedule`
    let of = |u: &evm384_evm::PhaseUsage| -> (f64, f64) {
        match (isa, sched) {
            (InstructionSet::Evm384(_), Some(s)) => {
                let by = evm384_evm::gas_by_schedule(u.gas_used, &u.counts, charged, spec);
                let arith = u
                    .counts
                    .iter()
                    .filter(|(op, _)| (0xc0..=0xc2).contains(op))
                    .map(|(op, n)| n as f64 * s.static_decigas(&base, op) as f64 / 10.0)
                    .sum();
                (by.gas(s), arith)
            }
            // today's EVM: ADDMOD and MULMOD (0x08, 0x09) as charged
            (InstructionSet::Evm, _) => {
                (u.gas_used as f64, (0x08..=0x09usize).map(|op| u.gas_by_opcode[op]).sum::<u64>() as f64)
            }
            // EVMMAX: ADDMODX, SUBMODX, MULMODX (0xc3..0xc5) as charged
            _ => (u.gas_used as f64, (0xc3..=0xc5usize).map(|op| u.gas_by_opcode[op]).sum::<u64>() as f64),
        }
    };
    let row = |phase: &str, (gas, arithmetic_gas): (f64, f64)| PhaseGasRow {
        k,
        interface: isa.name().into(),
        schedule: schedule.into(),
        phase: phase.into(),
        gas,
        arithmetic_gas,
    };
    let mut rows = Vec::new();
    let (mut total, mut total_arith) = (0.0, 0.0);
    let named = std::iter::once((u8::MAX, "setup")).chain(Phase::ALL.iter().map(|&p| (p as u8, p.name())));
    for (index, phase) in named {
        if let Some(u) = usage.iter().find(|u| u.phase == index) {
            let (g, a) = of(u);
            total += g;
            total_arith += a;
            rows.push(row(phase, (g, a)));
        }
    }
    if let Some(u) = usage.iter().find(|u| u.phase != u8::MAX && !Phase::ALL.iter().any(|&p| p as u8 == u.phase)) {
        return Err(format!("{CURVE} ecPairing {isa}: gas in phase {} outside the pairing check's phases", u.phase));
    }
    let whole = match (&ex.gas_by_schedule, sched) {
        (Some(by), Some(s)) if matches!(isa, InstructionSet::Evm384(_)) => by.gas(s),
        _ => ex.gas_used as f64,
    };
    if (whole - total).abs() > 0.5 {
        return Err(format!("{CURVE} ecPairing {isa}: phases sum to {total} gas, the run to {whole}"));
    }
    rows.push(row("total", (whole, total_arith)));
    Ok(rows)
}

/// The largest k per transaction of the ecPairing contract `code` (the default build for
/// `isa`, gas under `schedule`): the transaction's gas on k generator pairs, from the affine fit
/// through `k1 < k2` (`parity::largest_k`).
fn contract_k_max(isa: InstructionSet, schedule: &str, code: &[u8], k1: usize, k2: usize) -> Result<KMaxRow, String> {
    let counting = matches!(isa, InstructionSet::Evm384(_));
    let mut r = Runner::new(RunOptions { count_opcodes: counting, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    let spec = r.options().spec;
    let sched = Schedule::ALL.into_iter().find(|s| s.name() == schedule);
    let mut tx = |k: usize| -> Result<f64, String> {
        let input = generator_pairs_input(CURVE, k);
        let ex = r.run(&input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success {
            return Err(format!("{CURVE} ecPairing {isa} halted at k = {k}: {:?}", ex.status));
        }
        let gas = match (&ex.gas_by_schedule, sched) {
            (Some(by), Some(s)) if matches!(isa, InstructionSet::Evm384(_)) => by.gas(s),
            _ => ex.gas_used as f64,
        };
        Ok(transaction_gas(spec, &input, gas))
    };
    let (k_max, tx_gas_at_k_max) = largest_k(&mut tx, k1, k2)?;
    Ok(KMaxRow { interface: isa.name().into(), schedule: schedule.into(), k_max, tx_gas_at_k_max })
}

/// The precompile's largest k under the same cap and the same calldata: EIP-1108's
/// 45,000 + 34,000·k plus the transaction around it.
fn precompile_k_max() -> Result<KMaxRow, String> {
    let spec = RunOptions::default().spec;
    let mut tx = |k: usize| -> Result<f64, String> {
        let input = generator_pairs_input(CURVE, k);
        let price = Operation::PairingCheck.bn254_gas(input.len()).ok_or("no EIP-1108 price")?;
        Ok(transaction_gas(spec, &input, price as f64))
    };
    let (k_max, tx_gas_at_k_max) = largest_k(&mut tx, 1, 2)?;
    debug_assert!(tx_gas_at_k_max <= TX_GAS_CAP as f64);
    Ok(KMaxRow { interface: "precompile".into(), schedule: EIP1108.into(), k_max, tx_gas_at_k_max })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bn254::{Bn254 as Pairing, G1Affine, G2Affine};
    use ark_ec::pairing::Pairing as _;
    use ark_ff::One;

    /// The pairing inputs' product is one exactly from k = 2, by arkworks.
    #[test]
    fn pairing_inputs_multiply_to_one_from_two_pairs() {
        let fq = |b: &[u8]| <ark_bn254::Fq as ark_ff::PrimeField>::from_be_bytes_mod_order(b);
        for k in [1u64, 2, 3] {
            let bytes = input(Operation::PairingCheck, k);
            assert_eq!(bytes.len(), 192 * k as usize);
            let (ps, qs): (Vec<G1Affine>, Vec<G2Affine>) = bytes
                .chunks(192)
                .map(|c| {
                    let w = |i: usize| fq(&c[32 * i..32 * i + 32]);
                    let p = G1Affine::new(w(0), w(1));
                    // EIP-197: x_imaginary ‖ x_real ‖ y_imaginary ‖ y_real
                    let q = G2Affine::new(ark_bn254::Fq2::new(w(3), w(2)), ark_bn254::Fq2::new(w(5), w(4)));
                    (p, q)
                })
                .unzip();
            assert_eq!(Pairing::multi_pairing(ps, qs).0.is_one(), k >= 2, "k = {k}");
        }
    }

    #[test]
    fn the_precompile_fits_hundreds_of_pairs() {
        let row = precompile_k_max().unwrap();
        // EIP-1108's price alone: (2^24 − 45,000) / 34,000 = 492 pairs
        assert!(row.k_max > 400 && row.k_max < 492, "{}", row.k_max);
        assert!(row.tx_gas_at_k_max <= TX_GAS_CAP as f64);
    }
}
