//! Measures everything a report shows. Each submodule is one section's numbers.

pub mod arith;
pub mod bn254;
pub mod calibration;
pub mod choices;
pub mod correctness;
pub mod counts;
pub mod curves;
pub mod evmification;
pub mod evmmax_worst_case;
pub mod gas;
pub mod interface_pairing;
pub mod interfaces;
pub mod native;
pub mod operations;
pub mod parity;
pub mod precompile_cost;
pub mod runtime;

use std::collections::BTreeMap;

use evm384_evm::{Address, Creation, InstructionSet, Interface, RunOptions, Runner};
use evm384_gen::backend::bytecode;
use evm384_gen::curves::Curve;
use evm384_gen::MAX_CODE_SIZE;
use indicatif::{ProgressBar, ProgressStyle};

use crate::machine::{today_utc, tool_version, Machine};
use crate::results::{Results, Summary, SCHEMA_VERSION};
use evm384_timing::Plan;
use gas::{Contract, EvmmaxContract};

/// What to measure.
#[derive(Clone, Debug)]
pub struct Options {
    /// Few repetitions and k ∈ {1, 2} (about one minute on 2 cores) instead of k ∈ {1, 2, 4, 8}.
    pub quick: bool,
    /// The command line, recorded in the results.
    pub command: String,
    /// Folder holding the EIP-2537 vector files (`testdata/eip2537`).
    pub vectors_dir: std::path::PathBuf,
}

impl Options {
    fn ks(&self) -> Vec<u64> {
        if self.quick {
            vec![1, 2]
        } else {
            vec![1, 2, 4, 8]
        }
    }

    fn plan(&self) -> Plan {
        if self.quick {
            Plan::QUICK
        } else {
            Plan::FULL
        }
    }
}

/// The EVM384 pairing-check contracts: per interface, what `evm384 build pairing-check` emits by
/// default (`Formulas::cheapest`, the cheapest build under the interface's reference schedule).
fn build_contracts() -> Result<Vec<Contract>, String> {
    Interface::MAIN
        .into_iter()
        .map(|interface| {
            let (code, phase_marks) = default_pairing_check(InstructionSet::Evm384(interface))?;
            Ok(Contract { interface, code, phase_marks })
        })
        .collect()
}

/// The EVMMAX pairing-check contract `evm384 build` emits by default (`Formulas::cheapest`).
fn build_evmmax_contract() -> Result<EvmmaxContract, String> {
    let (code, phase_marks) = default_pairing_check(InstructionSet::Evmmax)?;
    Ok(EvmmaxContract { code, phase_marks })
}

/// The code and phase marks of the pairing check's default build for `isa`.
fn default_pairing_check(isa: InstructionSet) -> Result<(Vec<u8>, bytecode::PhaseMarks), String> {
    let formulas = evm384_build::Formulas::cheapest(isa);
    let build = formulas.pairing_check_build(Curve::Bls12_381, isa);
    let (code, marks) = build.try_code_with_phase_marks(isa).map_err(|e| format!("{isa}, {formulas}: {e}"))?;
    if code.len() > MAX_CODE_SIZE {
        return Err(format!("{isa} contract is {} bytes, over EIP-170's {MAX_CODE_SIZE}", code.len()));
    }
    Ok((code, marks))
}

/// Runs every measurement, reporting progress on stderr.
pub fn collect(opts: &Options) -> Result<Results, String> {
    let ks = opts.ks();
    let plan = opts.plan();
    // every operation's vector files (the pairing check's first)
    let mut files: Vec<(evm384_vectors::Operation, &str, Vec<evm384_vectors::Case>)> = Vec::new();
    let mut ops = evm384_vectors::Operation::ALL.to_vec();
    ops.sort_by_key(|&op| op != evm384_vectors::Operation::PairingCheck);
    for op in ops {
        for f in op.files() {
            let cases = evm384_vectors::load(&opts.vectors_dir.join(f)).map_err(|e| e.to_string())?;
            files.push((op, *f, cases));
        }
    }

    let steps = 1 + files.len() as u64 * 5 + 1 + 2 * ks.len() as u64 + ks.len() as u64 + 10;
    let bar = ProgressBar::new(steps);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .expect("static template")
            .progress_chars("=> "),
    );

    bar.set_message("building the pairing-check contracts");
    let contracts = build_contracts()?;
    let evmmax = build_evmmax_contract()?;
    bar.inc(1);

    let mut correctness_rows = Vec::new();
    let sets = [
        InstructionSet::Evm384(Interface::V7),
        InstructionSet::Evm384(Interface::V8),
        InstructionSet::Evm384(Interface::V9),
        InstructionSet::Evmmax,
    ];
    for (op, file, vectors) in &files {
        let contract = *op;
        use evm384_build::Contract as _;
        let mut address = [0u8; 20];
        address[19] = contract.address_byte();
        // a gas limit that go-ethereum's k = 4,877 MSM fits (its memory alone costs over 10⁹)
        let opts = RunOptions { count_opcodes: false, gas_limit: 1 << 40, ..Default::default() };
        for isa in sets {
            bar.set_message(format!("vectors {file} through contract-{isa}"));
            let formulas = evm384_build::Formulas::build_default(contract, isa);
            let code = contract.runtime_code(Curve::Bls12_381, isa, formulas).map_err(|e| e.to_string())?;
            // created as a chain creates it: the init code run by CREATE
            let mut r = Runner::new(opts.clone().with_instruction_set(isa));
            let init = evm384_gen::backend::bytecode::init_code(&code);
            r.create(&init, Creation::Create).map_err(|e| format!("{contract}, {isa}: {e}"))?;
            correctness_rows.push(correctness::run_file(file, vectors, &mut r, &format!("contract-{isa}"), None));
            bar.inc(1);
        }
        bar.set_message(format!("vectors {file} through the precompile"));
        let mut r = Runner::new(opts);
        correctness_rows.push(correctness::run_file(file, vectors, &mut r, "precompile", Some(Address::new(address))));
        bar.inc(1);
    }

    bar.set_message("counting operations per phase");
    let counts = counts::counts(&[1, 2]);
    bar.inc(1);

    let mut gas_rows = Vec::new();
    let mut breakdown = Vec::new();
    let mut precompile_gas = Vec::new();
    for &k in &ks {
        for c in &contracts {
            bar.set_message(format!("gas at k = {k}, {}", c.interface));
            let (rows, b) = gas::contract_gas(c, k)?;
            gas_rows.extend(rows);
            breakdown.extend(b);
        }
        bar.set_message(format!("gas at k = {k}, evmmax"));
        gas_rows.extend(gas::evmmax_gas(&evmmax, k)?);
        precompile_gas.push(gas::precompile_gas(k)?);
        bar.inc(2);
    }

    bar.set_message("where parity lies (break-even prices, largest k per transaction)");
    let (mut parity_rows, mut k_max) = parity::parity(&contracts, &ks)?;
    parity_rows.extend(parity::evmmax_parity(&evmmax, &ks)?);
    k_max.push(parity::evmmax_k_max(&evmmax, &ks)?);
    bar.set_message("cost-aware build choices (every formula choice, every schedule)");
    let build_choices = choices::build_choices(&gas_rows)?;
    let final_exp_counts = choices::final_exp_counts();
    bar.inc(1);

    let mut code: Vec<(InstructionSet, Vec<u8>)> =
        contracts.iter().map(|c| (InstructionSet::Evm384(c.interface), c.code.clone())).collect();
    code.push((InstructionSet::Evmmax, evmmax.code.clone()));
    // Compiled once for every k; where this build has no wasm module the row is left out.
    let mut wasm = match evm384_wasm::PairingCheck::new() {
        Ok(w) => Some(w),
        Err(evm384_wasm::WasmError::Unavailable(why)) => {
            bar.println(format!("runtime: no blst-wasm-wasmtime row: {why}"));
            None
        }
        Err(e) => return Err(format!("blst-wasm-wasmtime: {e}")),
    };
    let mut runtime_rows = Vec::new();
    for &k in &ks {
        let n = runtime::IMPLEMENTATIONS.len() - wasm.is_none() as usize;
        bar.set_message(format!("runtime at k = {k} ({n} implementations, interleaved)"));
        runtime_rows.extend(runtime::runtime(plan, k, &code, wasm.as_mut())?);
        bar.inc(1);
    }

    bar.set_message("the other EIP-2537 operations' contracts beside their precompiles");
    let (operations_gas, operations_time) = operations::operations(plan, opts.quick, &mut |m| bar.set_message(m))?;
    bar.inc(1);

    bar.set_message("the EIP-2537 operations as today's bytecode");
    let (evm_bls12_381_gas, evm_bls12_381_time) = evmification::bls12_381(plan, &mut |m| bar.set_message(m))?;

    bar.set_message("BLS12-377's EIP-2539 operations beside arkworks");
    let (curves_gas, curves_time) = curves::curves(plan, opts.quick, &mut |m| bar.set_message(m))?;
    bar.inc(1);

    bar.set_message("BN254's EIP-196/197 operations and a Groth16 verifier beside revm's precompiles");
    let bn254 = bn254::bn254(plan, opts.quick, &mut |m| bar.set_message(m))?;
    bar.inc(1);

    bar.set_message("the EVM384 notes' f6m_mul loop in every interface");
    let interfaces = interfaces::interfaces(plan, opts.quick, &mut |m| bar.set_message(m))?;
    bar.inc(1);

    bar.set_message("the pairing check in every interface");
    let interface_pairing = interface_pairing::interface_pairing(plan, 2)?;
    bar.inc(1);

    bar.set_message("arithmetic beside blst, and each opcode in revm");
    let arith = arith::bench_ops(plan);
    bar.inc(1);

    let (native_pairing, native_pairing_note) = if evm384_ifma::backend() == evm384_ifma::Backend::Ifma {
        bar.set_message("the IFMA pairing beside blst");
        (Some(native::bench_native(plan)), "AVX-512 IFMA engine (evm384-ifma) beside blst".to_string())
    } else {
        let why = if evm384_ifma::ifma_supported() {
            "EVM384_IFMA turned the IFMA engine off"
        } else {
            "this CPU has no AVX-512 IFMA"
        };
        (None, format!("not measured: {why} (the blst fallback would only be compared with itself)"))
    };
    bar.inc(1);

    bar.set_message("calibrating gas prices (ns per opcode in revm)");
    let calibration = calibration::calibrate(plan);
    bar.inc(1);

    bar.set_message("worst case: ns per gas, EVM384 and ordinary programs");
    let (worst_case, evmmax_worst_case) = worst_case(opts.quick)?;
    let worst_case = Some(worst_case);
    bar.set_message("the EIP-2537 precompiles' own time per gas");
    let precompile_cost = precompile_cost::precompile_cost(plan, opts.quick)?;
    bar.inc(1);
    bar.finish_with_message("measured");

    let mut summary = summarize(&gas_rows, &precompile_gas, &runtime_rows)?;
    let best = |iface: &str, schedule: &str| {
        build_choices.iter().find(|c| c.interface == iface && c.target == schedule).map(|c| c.chosen_gas)
    };
    summary.k2_gas_best_v7_model_b = best("v7", "model-b");
    summary.k2_gas_best_v9_model_b_repriced = best("v9", "model-b-repriced");
    summary.k2_gas_best_evmmax = best("evmmax", gas::EVMMAX_SCHEDULE);
    let hinted = |g: &&crate::results::OperationGasRow| {
        g.operation == "pairing-check-hinted" && g.k == 2 && g.interface == "v9" && g.schedule == "model-b-repriced"
    };
    if let Some(g) = operations_gas.iter().find(hinted) {
        summary.k2_gas_hinted_v9_model_b_repriced = Some(g.gas);
        summary.k2_gas_ratio_hinted_v9_model_b_repriced_to_precompile = Some(g.gas / g.precompile_gas as f64);
    }
    // what the transactions pay at k = 2: the contract's over the precompile's, same pairs
    let tx = |iface: &str, schedule: &str| {
        gas_rows
            .iter()
            .find(|r| r.k == 2 && r.interface == iface && r.schedule == schedule && r.phase == "total")
            .and_then(|r| r.tx_gas)
    };
    let pre_tx = precompile_gas.iter().find(|p| p.k == 2).and_then(|p| p.tx_gas).map(|g| g as f64);
    let over_pre = |g: Option<f64>| g.zip(pre_tx).map(|(a, b)| a / b);
    summary.k2_tx_gas_ratio_v7_model_b = over_pre(tx("v7", "model-b"));
    summary.k2_tx_gas_ratio_v9_model_b_repriced = over_pre(tx("v9", "model-b-repriced"));
    summary.k2_tx_gas_ratio_evmmax = over_pre(tx("evmmax", gas::EVMMAX_SCHEDULE));
    summary.k2_tx_gas_ratio_hinted_v9_model_b_repriced =
        operations_gas.iter().find(hinted).and_then(|g| g.tx_gas.zip(g.precompile_tx_gas)).map(|(a, b)| a / b);
    summary.k2_time_ratio_hinted_v9_to_precompile = operations_time
        .iter()
        .find(|t| t.operation == "pairing-check-hinted" && t.k == 2 && t.implementation == "contract-v9")
        .map(|t| t.ratio_to_precompile);
    // BN254's ecPairing at k = 2 beside EIP-1108's 113,000 and revm's 0x08
    let bn254_gas = |iface: &str, schedule: &str| {
        bn254.gas.iter().find(|g| {
            g.operation == bn254::name(evm384_build::Operation::PairingCheck)
                && g.k == 2
                && g.interface == iface
                && g.schedule == schedule
        })
    };
    let bn254_time = |imp: &str| {
        bn254
            .time
            .iter()
            .find(|t| {
                t.operation == bn254::name(evm384_build::Operation::PairingCheck) && t.k == 2 && t.implementation == imp
            })
            .map(|t| t.ratio_to_precompile)
    };
    let evmmax_k2 = bn254_gas("evmmax", gas::EVMMAX_SCHEDULE);
    summary.bn254_k2_gas_evmmax = evmmax_k2.map(|g| g.gas);
    summary.bn254_k2_gas_ratio_evmmax_to_precompile = evmmax_k2.map(|g| g.gas / g.precompile_gas as f64);
    summary.bn254_k2_time_ratio_evmmax_to_precompile = bn254_time("contract-evmmax");
    let v9_k2 = bn254_gas("v9", "model-b-repriced");
    summary.bn254_k2_gas_v9_model_b_repriced = v9_k2.map(|g| g.gas);
    summary.bn254_k2_gas_ratio_v9_model_b_repriced_to_precompile = v9_k2.map(|g| g.gas / g.precompile_gas as f64);
    summary.bn254_k2_time_ratio_v9_to_precompile = bn254_time("contract-v9");
    let tx_ratio = |op: &str, k: u64, iface: &str, schedule: &str| {
        bn254
            .gas
            .iter()
            .find(|g| g.operation == op && g.k == k && g.interface == iface && g.schedule == schedule)
            .and_then(|g| Some(g.tx_gas? / g.precompile_tx_gas?))
    };
    summary.bn254_k2_tx_gas_ratio_hinted_evmmax = tx_ratio(bn254::HINTED, 2, "evmmax", gas::EVMMAX_SCHEDULE);
    summary.bn254_k2_tx_gas_ratio_hinted_v9_model_b_repriced = tx_ratio(bn254::HINTED, 2, "v9", "model-b-repriced");
    summary.groth16_n1_tx_gas_ratio_hinted_evmmax = tx_ratio(bn254::GROTH16_HINTED, 1, "evmmax", gas::EVMMAX_SCHEDULE);
    summary.groth16_n16_tx_gas_ratio_hinted_evmmax =
        tx_ratio(bn254::GROTH16_HINTED, 16, "evmmax", gas::EVMMAX_SCHEDULE);
    summary.bn254_ecmul_gas_ratio_evmmax_to_precompile = bn254
        .gas
        .iter()
        .find(|g| {
            g.operation == bn254::name(evm384_build::Operation::G1Mul)
                && g.interface == "evmmax"
                && g.schedule == gas::EVMMAX_SCHEDULE
        })
        .map(|g| g.gas / g.precompile_gas as f64);
    // today's EVM: the ecPairing contract at k = 2 under Osaka's and EIP-7904's prices
    let evm_k2 = bn254_gas("evm", evm384_evm::EvmSchedule::Osaka.name());
    summary.evm_bn254_k2_gas = evm_k2.map(|g| g.gas);
    summary.evm_bn254_k2_gas_ratio_to_precompile = evm_k2.map(|g| g.gas / g.precompile_gas as f64);
    summary.evm_bn254_k2_gas_ratio_to_precompile_eip7904 =
        bn254_gas("evm", evm384_evm::EvmSchedule::Eip7904.name()).map(|g| g.gas / g.precompile_gas as f64);
    summary.evm_bn254_k2_time_ratio_to_precompile = bn254_time("contract-evm");
    summary.evmmax_saving_over_evm_bn254_k2 = evm_k2.zip(evmmax_k2).map(|(e, m)| e.gas / m.gas);
    summary.evm_bls12_381_k2_gas_ratio_to_precompile = evm_bls12_381_gas
        .iter()
        .find(|g| g.operation == "pairing-check" && g.k == 2 && g.schedule == evm384_evm::EvmSchedule::Osaka.name())
        .map(|g| g.gas / g.precompile_gas as f64);
    let mut tools = BTreeMap::new();
    tools.insert("evm384".into(), env!("CARGO_PKG_VERSION").into());
    tools.insert("revm".into(), "43 (crates.io)".into());
    tools.insert("blst".into(), "0.3 (crates.io)".into());
    if let Some(v) = tool_version("rustc") {
        tools.insert("rustc".into(), v);
    }
    tools.insert("mulmodmont384".into(), evm384_arith::mulmodmont384_backend().into());
    if wasm.is_some() {
        tools.insert("wasmtime".into(), evm384_wasm::ENGINE.into());
    }
    Ok(Results {
        schema_version: SCHEMA_VERSION,
        command: opts.command.clone(),
        date: today_utc(),
        mode: if opts.quick { "quick" } else { "full" }.into(),
        machine: Machine::detect(),
        tools,
        code_bytes: contracts
            .iter()
            .map(|c| (c.interface.name().to_string(), c.code.len() as u64))
            .chain([("evmmax".to_string(), evmmax.code.len() as u64)])
            .collect(),
        correctness: correctness_rows,
        counts,
        published_counts: counts::published(),
        gas: gas_rows,
        precompile_gas,
        gas_breakdown: breakdown,
        runtime: runtime_rows,
        parity: parity_rows,
        k_max,
        precompile_k_max: parity::precompile_k_max(),
        build_choices,
        final_exp_counts,
        arith,
        native_pairing,
        native_pairing_note,
        calibration,
        worst_case,
        operations_gas,
        operations_time,
        evm_bls12_381_gas,
        evm_bls12_381_time,
        curves_gas,
        curves_time,
        evmmax_worst_case,
        precompile_cost,
        bn254: Some(bn254),
        interfaces: Some(interfaces),
        interface_pairing,
        summary,
    })
}

/// The worst-case search (`evm384_worst_case`); quick mode samples briefly.
fn worst_case(quick: bool) -> Result<(crate::results::WorstCase, Vec<crate::results::EvmmaxWorstCaseRow>), String> {
    let plan = if quick {
        evm384_timing::Plan {
            warmup: std::time::Duration::from_millis(10),
            sample: std::time::Duration::from_millis(5),
            samples: 5,
        }
    } else {
        evm384_timing::Plan::QUICK
    };
    let r = evm384_worst_case::worst_case(plan, &|_| {})?;
    let named = |w: &evm384_worst_case::Worst| format!("{} ({})", w.name, w.interface);
    let evmmax_rows = evmmax_worst_case::rows(&r);
    let worst = crate::results::WorstCase {
        programs: r.programs.len(),
        plan: r.plan.clone(),
        rows: r
            .by_schedule
            .iter()
            .map(|s| crate::results::WorstCaseRow {
                schedule: s.schedule.to_string(),
                worst_evm384: named(&s.worst_evm384),
                evm384_ns_per_gas: s.worst_evm384.ns_per_gas,
                worst_evm384_16bit: named(&s.worst_evm384_offsets_16bit),
                evm384_16bit_ns_per_gas: s.worst_evm384_offsets_16bit.ns_per_gas,
                worst_ordinary: named(&s.worst_ordinary),
                ordinary_ns_per_gas: s.worst_ordinary.ns_per_gas,
                ratio: s.ratio,
                ratio_16bit: s.ratio_offsets_16bit,
            })
            .collect(),
    };
    Ok((worst, evmmax_rows))
}

fn summarize(
    gas: &[crate::results::GasRow],
    precompile: &[crate::results::PrecompileGas],
    runtime: &[crate::results::RuntimeRow],
) -> Result<Summary, String> {
    let g = |iface: &str, schedule: &str| {
        gas.iter()
            .find(|r| r.k == 2 && r.interface == iface && r.schedule == schedule && r.phase == "total")
            .map(|r| r.gas)
            .ok_or_else(|| format!("no k = 2 gas for {iface} {schedule}"))
    };
    let row = |imp: &str| {
        runtime
            .iter()
            .find(|r| r.k == 2 && r.implementation == imp)
            .ok_or_else(|| format!("no k = 2 runtime for {imp}"))
    };
    let t = |imp: &str| row(imp).map(|r| r.stats.median_ns);
    let t_min = |imp: &str| row(imp).map(|r| r.stats.min_ns);
    let pre = precompile.iter().find(|p| p.k == 2).ok_or("no k = 2 precompile gas")?;
    let v7 = g("v7", "model-b")?;
    Ok(Summary {
        k2_gas_v7_model_b: v7,
        k2_gas_v9_model_b_repriced: g("v9", "model-b-repriced")?,
        precompile_gas_k2: pre.formula,
        k2_time_ratio_v7_to_precompile: t("contract-v7")? / t("precompile")?,
        k2_time_ratio_v7_to_blst: t("contract-v7")? / t("blst")?,
        v8_to_v7_time_ratio: t("contract-v8")? / t("contract-v7")?,
        k2_gas_ratio_v7_model_b_to_precompile: v7 / pre.formula as f64,
        k2_time_ratio_blst_to_precompile: t("blst")? / t("precompile")?,
        k2_time_ratio_v7_to_precompile_min: t_min("contract-v7")? / t_min("precompile")?,
        k2_time_ratio_blst_to_precompile_min: t_min("blst")? / t_min("precompile")?,
        k2_time_ratio_v9_to_precompile: Some(t("contract-v9")? / t("precompile")?),
        k2_gas_ratio_v9_model_b_repriced_to_precompile: Some(g("v9", "model-b-repriced")? / pre.formula as f64),
        k2_time_ratio_precompile_ifma_to_precompile: Some(t("precompile-ifma")? / t("precompile")?),
        k2_time_ratio_wasm_to_blst: match t("blst-wasm-wasmtime") {
            Ok(wasm) => Some(wasm / t("blst")?),
            Err(_) => None,
        },
        precompile_ifma_backend: Some(format!("{:?}", evm384_precompile::backend())),
        k2_gas_best_v7_model_b: None,
        k2_gas_best_v9_model_b_repriced: None,
        k2_gas_evmmax: Some(g("evmmax", gas::EVMMAX_SCHEDULE)?),
        k2_gas_ratio_evmmax_to_precompile: Some(g("evmmax", gas::EVMMAX_SCHEDULE)? / pre.formula as f64),
        k2_gas_ratio_evmmax_to_v9_model_b_repriced: Some(
            g("evmmax", gas::EVMMAX_SCHEDULE)? / g("v9", "model-b-repriced")?,
        ),
        k2_time_ratio_evmmax_to_precompile: Some(t("contract-evmmax")? / t("precompile")?),
        k2_time_ratio_evmmax_to_v9: Some(t("contract-evmmax")? / t("contract-v9")?),
        k2_gas_best_evmmax: None,
        k2_gas_hinted_v9_model_b_repriced: None,
        k2_gas_ratio_hinted_v9_model_b_repriced_to_precompile: None,
        k2_time_ratio_hinted_v9_to_precompile: None,
        k2_tx_gas_ratio_v7_model_b: None,
        k2_tx_gas_ratio_v9_model_b_repriced: None,
        k2_tx_gas_ratio_evmmax: None,
        k2_tx_gas_ratio_hinted_v9_model_b_repriced: None,
        bn254_k2_gas_evmmax: None,
        bn254_k2_gas_ratio_evmmax_to_precompile: None,
        bn254_k2_time_ratio_evmmax_to_precompile: None,
        bn254_k2_gas_v9_model_b_repriced: None,
        bn254_k2_gas_ratio_v9_model_b_repriced_to_precompile: None,
        bn254_k2_time_ratio_v9_to_precompile: None,
        bn254_k2_tx_gas_ratio_hinted_evmmax: None,
        bn254_k2_tx_gas_ratio_hinted_v9_model_b_repriced: None,
        groth16_n1_tx_gas_ratio_hinted_evmmax: None,
        groth16_n16_tx_gas_ratio_hinted_evmmax: None,
        bn254_ecmul_gas_ratio_evmmax_to_precompile: None,
        evm_bn254_k2_gas: None,
        evm_bn254_k2_gas_ratio_to_precompile: None,
        evm_bn254_k2_gas_ratio_to_precompile_eip7904: None,
        evm_bn254_k2_time_ratio_to_precompile: None,
        evmmax_saving_over_evm_bn254_k2: None,
        evm_bls12_381_k2_gas_ratio_to_precompile: None,
    })
}

/// Default location of the vectors: `testdata/eip2537` of this repository.
pub fn default_vectors_dir() -> std::path::PathBuf {
    evm384_vectors::testdata_dir().join("eip2537")
}
