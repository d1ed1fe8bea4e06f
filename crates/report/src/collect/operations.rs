//! The other EIP-2537 operations written as contracts (BLS12_G1ADD, BLS12_G1MSM, BLS12_G2ADD,
//! BLS12_G2MSM, BLS12_MAP_FP_TO_G1, BLS12_MAP_FP2_TO_G2): gas on general inputs (the additions:
//! two distinct points, the chord with its inversion; the MSMs: k distinct subgroup points with
//! full 256-bit scalars, k = 1, 2, 4, …, 128; the maps: a pseudo-random field element) in v7, v9 and EVMMAX under model B, model B repriced and EIP-6690's prices beside the
//! precompile's charge, and runtime beside revm's precompile, measured together by the
//! project's harness. Every measured output must equal the precompile's.

use evm384_evm::{precompile_caller_code, Address, InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_gen::{Contract, Formulas};
use evm384_timing::{measure, Plan, Ratio};

use crate::baseline::{g1_mul, g2_mul, SplitMix64};
use crate::optimize::EIP6690;
use crate::results::{OperationGasRow, OperationTimeRow};

/// The contracts besides PAIRING_CHECK, in table order.
pub const CONTRACTS: [Contract; 6] =
    [Contract::G1Add, Contract::G1Msm, Contract::G2Add, Contract::G2Msm, Contract::MapFpToG1, Contract::MapFp2ToG2];

/// Input sizes measured: the additions take exactly two points; the MSMs k points.
pub fn sizes(c: Contract, quick: bool) -> Vec<u64> {
    match c {
        Contract::G1Msm | Contract::G2Msm if quick => vec![1, 2],
        Contract::G1Msm | Contract::G2Msm => vec![1, 2, 4, 8, 16, 32, 64, 128],
        _ => vec![1],
    }
}

/// A deterministic 256-bit scalar (SplitMix64 words), most of them above r: the MSM contracts
/// reduce them, and their cost does not depend on the value.
fn scalar(i: u64) -> [u8; 32] {
    let mut g = SplitMix64(0x5eed_5ca1 ^ i << 32);
    let mut out = [0u8; 32];
    for w in out.chunks_mut(8) {
        w.copy_from_slice(&g.next().to_be_bytes());
    }
    out
}

/// The instruction sets measured: EVM384 without and with immediates, and EVMMAX.
pub const SETS: [InstructionSet; 3] =
    [InstructionSet::Evm384(Interface::V7), InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax];

/// The EVM384 schedules of the table (EVMMAX code is priced by EIP-6690 only).
const SCHEDULES: [Schedule; 2] = [Schedule::ModelB, Schedule::ModelBRepriced];

/// A deterministic field element below p, EIP-2537-encoded (64 bytes).
fn field_element(i: u64) -> [u8; 64] {
    let mut g = SplitMix64(0x5eed_f1e1d ^ i << 32);
    let mut out = [0u8; 64];
    for w in out[16..].chunks_mut(8) {
        w.copy_from_slice(&g.next().to_be_bytes());
    }
    out[16] %= 0x1a; // below p = 0x1a01…
    out
}

fn precompile_address(c: Contract) -> Address {
    let mut a = [0u8; 20];
    a[19] = c.precompile_address_byte();
    Address::new(a)
}

/// The additions: [a]G ‖ [b]G for two distinct small scalars, the general case of the sum. The
/// MSMs: k records [aᵢ]G ‖ sᵢ, distinct points, full 256-bit scalars. The maps: a pseudo-random
/// field element (their cost depends on it only through whether g(x₁) is a square).
pub fn input(c: Contract, k: u64) -> Vec<u8> {
    let (a, b) = (0x5eed_0001u64, 0x5eed_0002u64);
    match c {
        Contract::G1Msm => (0..k)
            .flat_map(|i| [evm384_precompile::encode_g1(&g1_mul(a + i)).to_vec(), scalar(i).to_vec()].concat())
            .collect(),
        Contract::G2Msm => (0..k)
            .flat_map(|i| [evm384_precompile::encode_g2(&g2_mul(a + i)).to_vec(), scalar(i).to_vec()].concat())
            .collect(),
        Contract::G1Add => {
            [evm384_precompile::encode_g1(&g1_mul(a)), evm384_precompile::encode_g1(&g1_mul(b))].concat()
        }
        Contract::G2Add => {
            [evm384_precompile::encode_g2(&g2_mul(a)), evm384_precompile::encode_g2(&g2_mul(b))].concat()
        }
        Contract::MapFpToG1 => field_element(0).to_vec(),
        Contract::MapFp2ToG2 => [field_element(1), field_element(2)].concat(),
        Contract::PairingCheck => unreachable!("the pairing check has sections of its own"),
    }
}

fn runner(isa: InstructionSet, code: &[u8], counting: bool) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: counting, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

/// Gas and runtime rows of every contract in [`CONTRACTS`] at each of its [`sizes`]; the
/// contract's output must equal the precompile's on every measured input. `progress` is told
/// what is being measured.
pub fn operations(
    plan: Plan,
    quick: bool,
    progress: &mut dyn FnMut(String),
) -> Result<(Vec<OperationGasRow>, Vec<OperationTimeRow>), String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    for c in CONTRACTS {
        let codes: Vec<(InstructionSet, Vec<u8>)> = SETS
            .iter()
            .map(|&isa| c.runtime_code(isa, Formulas::default()).map(|code| (isa, code)))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{c}: {e}"))?;
        for k in sizes(c, quick) {
            progress(format!("{c} at k = {k} beside its precompile"));
            let (g, t) = measure_one(plan, c, k, &codes)?;
            gas.extend(g);
            time.extend(t);
        }
    }
    Ok((gas, time))
}

/// One contract at one input size: gas in every set and schedule, runtime of all together.
fn measure_one(
    plan: Plan,
    c: Contract,
    k: u64,
    codes: &[(InstructionSet, Vec<u8>)],
) -> Result<(Vec<OperationGasRow>, Vec<OperationTimeRow>), String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    let input = input(c, k);
    let pre = evm384_evm::call_precompile(precompile_address(c), &input, &RunOptions::default())
        .map_err(|e| e.to_string())?;
    if pre.status != Status::Success {
        return Err(format!("precompile {c} failed on the measured input (k = {k})"));
    }
    let mut contracts = Vec::new();
    for (isa, code) in codes {
        let (isa, code) = (*isa, code.clone());
        let ex = runner(isa, &code, true).run(&input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success || ex.output != pre.output {
            return Err(format!("{c} {isa} disagrees with the precompile at k = {k}: {:?}", ex.status));
        }
        let row = |schedule: &str, g: f64| OperationGasRow {
            operation: c.name().into(),
            k,
            interface: isa.name().into(),
            schedule: schedule.into(),
            gas: g,
            precompile_gas: pre.gas_used,
            code_bytes: code.len() as u64,
        };
        match &ex.gas_by_schedule {
            Some(by) if isa != InstructionSet::Evmmax => {
                gas.extend(SCHEDULES.iter().map(|&s| row(s.name(), by.gas(s))))
            }
            _ => gas.push(row(EIP6690, ex.gas_used as f64)),
        }
        contracts.push((isa, code));
    }
    // runtime: the precompile called from a contract, then each contract, interleaved
    let v7 = InstructionSet::Evm384(Interface::V7);
    let mut runners = vec![runner(v7, &precompile_caller_code(precompile_address(c)), false)];
    runners.extend(contracts.iter().map(|(isa, code)| runner(*isa, code, false)));
    let mut closures: Vec<Box<dyn FnMut() + '_>> = runners
        .iter_mut()
        .map(|r| {
            let input = &input;
            Box::new(move || {
                r.run(input).expect("call");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()).collect();
    // large inputs take a good part of a sample per call: fewer samples
    let plan = if k > 8 { plan.with_samples(plan.samples.min(7)) } else { plan };
    let m = measure(plan, &mut refs);
    let names = std::iter::once("precompile".to_string()).chain(SETS.iter().map(|i| format!("contract-{i}")));
    for (name, s) in names.zip(&m) {
        let r = Ratio::of(s, &m[0]);
        time.push(OperationTimeRow {
            operation: c.name().into(),
            k,
            implementation: name,
            stats: s.wall.clone(),
            ratio_to_precompile: r.median,
            ratio_to_precompile_min: r.min,
        });
    }
    Ok((gas, time))
}
