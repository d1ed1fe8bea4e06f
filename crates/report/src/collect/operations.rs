//! The other EIP-2537 operations written as contracts (BLS12_G1ADD, BLS12_G1MSM, BLS12_G2ADD,
//! BLS12_G2MSM, BLS12_MAP_FP_TO_G1, BLS12_MAP_FP2_TO_G2) and BLS signature verification
//! (`evm384_gen::glue::bls`, single and aggregate), each beside its baseline: the precompile (called
//! from a contract), resp. the same verification glue over the precompiles. Gas on general inputs
//! (the additions: two distinct points, the chord with its inversion; the MSMs: k distinct
//! subgroup points with full 256-bit scalars, k = 1, 2, 4, …, 128; the maps: a pseudo-random
//! field element; verification: blst's signature of a 32-byte message, the aggregate one by k
//! keys) in v7, v8, v9 under every schedule and EVMMAX under EIP-6690's prices beside the
//! baseline's, and runtime (v7, v9, EVMMAX) beside the baseline, measured together by the project's harness.
//! Every measured output must equal the baseline's.

use evm384_build::{Contract, Formulas, Operation, HINTED_FORMULAS};
use evm384_evm::{precompile_caller_code, Address, InstructionSet, Interface, RunOptions, Runner, Schedule, Status};
use evm384_gen::curves::Curve;
use evm384_gen::glue::address;
use evm384_gen::glue::bls::{glue_code, Backend, Glue, ETH_DST};
use evm384_timing::{measure, Measurement, Plan, Ratio};

use crate::baseline::{g1_mul, g2_mul, SplitMix64};
use crate::optimize::EIP6690;
use crate::results::{OperationGasRow, OperationTimeRow};

/// What section 10 measures: an EIP-2537 operation's contract, or a BLS verification glue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    Operation(Operation),
    Bls(Glue),
    /// The hinted pairing check (witness ‖ pairs) beside PAIRING_CHECK on the same pairs.
    HintedPairingCheck,
}

impl Subject {
    /// Name in the result file.
    pub fn name(self) -> &'static str {
        match self {
            Subject::Operation(c) => c.name(),
            Subject::Bls(Glue::Verify) => "bls-verify",
            Subject::Bls(Glue::AggregateVerify) => "bls-aggregate-verify",
            Subject::Bls(Glue::HashToG2) => "hash-to-g2",
            Subject::HintedPairingCheck => "pairing-check-hinted",
        }
    }
}

/// What is measured, in table order.
pub const SUBJECTS: [Subject; 9] = [
    Subject::Operation(Operation::G1Add),
    Subject::Operation(Operation::G1Msm),
    Subject::Operation(Operation::G2Add),
    Subject::Operation(Operation::G2Msm),
    Subject::Operation(Operation::MapFpToG1),
    Subject::Operation(Operation::MapFp2ToG2),
    Subject::Bls(Glue::Verify),
    Subject::Bls(Glue::AggregateVerify),
    Subject::HintedPairingCheck,
];

/// Input sizes measured: the additions take exactly two points; the MSMs k points; the aggregate
/// verification k keys.
pub fn sizes(s: Subject, quick: bool) -> Vec<u64> {
    match s {
        Subject::Operation(Operation::G1Msm | Operation::G2Msm) | Subject::Bls(Glue::AggregateVerify) if quick => {
            vec![1, 2]
        }
        Subject::Operation(Operation::G1Msm | Operation::G2Msm) | Subject::Bls(Glue::AggregateVerify) => {
            vec![1, 2, 4, 8, 16, 32, 64, 128]
        }
        Subject::HintedPairingCheck if quick => vec![2],
        Subject::HintedPairingCheck => vec![2, 4, 8],
        _ => vec![1],
    }
}

/// Where the verification glue finds this project's contracts.
const DEPLOYED: Backend = Backend {
    g1_msm: address(0xa1),
    map_fp2_to_g2: address(0xa2),
    g2_add: address(0xa3),
    pairing_check: address(0xa4),
};

/// A deterministic 256-bit scalar (SplitMix64 words), most of them above r: the MSM contracts
/// reduce them, and their cost does not depend on the value.
fn scalar(i: u64) -> [u8; 32] {
    let mut g = SplitMix64(0x5eed_5ca1 ^ i << 32);
    let mut out = [0u8; 32];
    for w in out.chunks_mut(8) {
        w.copy_from_slice(&g.next_u64().to_be_bytes());
    }
    out
}

/// The instruction sets whose gas is measured: EVM384 in every interface, and EVMMAX.
pub const SETS: [InstructionSet; 4] = [
    InstructionSet::Evm384(Interface::V7),
    InstructionSet::Evm384(Interface::V8),
    InstructionSet::Evm384(Interface::V9),
    InstructionSet::Evmmax,
];

/// The instruction sets timed: EVM384 without and with immediates, and EVMMAX (v8 runs as v7
/// does, its byte order aside).
pub const TIMED: [InstructionSet; 3] =
    [InstructionSet::Evm384(Interface::V7), InstructionSet::Evm384(Interface::V9), InstructionSet::Evmmax];

/// A deterministic field element below p, EIP-2537-encoded (64 bytes).
fn field_element(i: u64) -> [u8; 64] {
    let mut g = SplitMix64(0x5eed_f1e1d ^ i << 32);
    let mut out = [0u8; 64];
    for w in out[16..].chunks_mut(8) {
        w.copy_from_slice(&g.next_u64().to_be_bytes());
    }
    out[16] %= 0x1a; // below p = 0x1a01…
    out
}

/// A deterministic key pair (blst key generation from a fixed seed): secret key, EIP-2537 public key.
fn key(i: u64) -> (blst::blst_scalar, Vec<u8>) {
    let mut ikm = [0u8; 32];
    ikm[..8].copy_from_slice(&(0x05ee_db15 + i).to_be_bytes());
    // SAFETY: blst reads the locals and writes the outputs.
    unsafe {
        let mut sk = blst::blst_scalar::default();
        blst::blst_keygen(&mut sk, ikm.as_ptr(), ikm.len(), std::ptr::null(), 0);
        let (mut pk, mut pka) = (blst::blst_p1::default(), blst::blst_p1_affine::default());
        blst::blst_sk_to_pk_in_g1(&mut pk, &sk);
        blst::blst_p1_to_affine(&mut pka, &pk);
        (sk, evm384_precompile::encode_g1(&pka).to_vec())
    }
}

/// The verification inputs: blst's (aggregate) signature of a 32-byte message by k keys.
fn bls_input(glue: Glue, k: u64) -> Vec<u8> {
    let msg = [0x5eu8; 32];
    let keys: Vec<_> = (0..k).map(key).collect();
    // SAFETY: blst reads the locals and writes the outputs.
    let sig = unsafe {
        let mut h = blst::blst_p2::default();
        blst::blst_hash_to_g2(&mut h, msg.as_ptr(), msg.len(), ETH_DST.as_ptr(), ETH_DST.len(), std::ptr::null(), 0);
        let mut acc = blst::blst_p2::default();
        for (sk, _) in &keys {
            let mut s = blst::blst_p2::default();
            blst::blst_sign_pk_in_g1(&mut s, &h, sk);
            let prev = acc;
            blst::blst_p2_add_or_double(&mut acc, &prev, &s);
        }
        let mut a = blst::blst_p2_affine::default();
        blst::blst_p2_to_affine(&mut a, &acc);
        evm384_precompile::encode_g2(&a).to_vec()
    };
    let mut v = Vec::new();
    if glue == Glue::AggregateVerify {
        v.extend_from_slice(&[0u8; 24]);
        v.extend_from_slice(&k.to_be_bytes());
    }
    for (_, pk) in &keys {
        v.extend_from_slice(pk);
    }
    v.extend(sig);
    v.extend_from_slice(&msg);
    v
}

pub(crate) fn precompile_address(c: Operation) -> Address {
    let mut a = [0u8; 20];
    a[19] = c.address_byte();
    Address::new(a)
}

/// The additions: \[a\]G ‖ \[b\]G for two distinct small scalars, the general case of the sum. The
/// MSMs: k records \[aᵢ\]G ‖ sᵢ, distinct points, full 256-bit scalars. The maps: a pseudo-random
/// field element (their cost depends on it only through whether g(x₁) is a square).
pub fn input(c: Operation, k: u64) -> Vec<u8> {
    let (a, b) = (0x5eed_0001u64, 0x5eed_0002u64);
    match c {
        Operation::G1Msm => (0..k)
            .flat_map(|i| [evm384_precompile::encode_g1(&g1_mul(a + i)).to_vec(), scalar(i).to_vec()].concat())
            .collect(),
        Operation::G2Msm => (0..k)
            .flat_map(|i| [evm384_precompile::encode_g2(&g2_mul(a + i)).to_vec(), scalar(i).to_vec()].concat())
            .collect(),
        Operation::G1Add => {
            [evm384_precompile::encode_g1(&g1_mul(a)), evm384_precompile::encode_g1(&g1_mul(b))].concat()
        }
        Operation::G2Add => {
            [evm384_precompile::encode_g2(&g2_mul(a)), evm384_precompile::encode_g2(&g2_mul(b))].concat()
        }
        Operation::MapFpToG1 => field_element(0).to_vec(),
        Operation::MapFp2ToG2 => [field_element(1), field_element(2)].concat(),
        Operation::PairingCheck => unreachable!("the pairing check has sections of its own"),
        Operation::G1Mul | Operation::G2Mul => unreachable!("EIP-2537 has no MUL (its MSM with one pair)"),
    }
}

pub(crate) fn runner(isa: InstructionSet, code: &[u8], counting: bool) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: counting, ..RunOptions::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

/// The code of one implementation: at `CONTRACT`, and any contracts it calls at their addresses.
/// Times calls through the project's harness, interleaved: each runner on its calldata (the
/// baseline first, by convention). Large inputs take a good part of a sample per call, so
/// k > 8 gets fewer samples.
pub(crate) fn time_calls(plan: Plan, k: u64, calls: &mut [(Runner, &[u8])]) -> Vec<Measurement> {
    let mut closures: Vec<Box<dyn FnMut() + '_>> = calls
        .iter_mut()
        .map(|(r, input)| {
            let input: &[u8] = input;
            Box::new(move || {
                r.run(input).expect("call");
            }) as Box<dyn FnMut()>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = closures.iter_mut().map(|b| b.as_mut() as &mut dyn FnMut()).collect();
    let plan = if k > 8 { plan.with_samples(plan.samples.min(7)) } else { plan };
    measure(plan, &mut refs)
}

pub(crate) struct Deployment {
    pub(crate) isa: InstructionSet,
    pub(crate) main: Vec<u8>,
    pub(crate) others: Vec<([u8; 20], Vec<u8>)>,
}

impl Deployment {
    pub(crate) fn runner(&self, counting: bool) -> Runner {
        let mut r = runner(self.isa, &self.main, counting);
        for (at, code) in &self.others {
            r.deploy_at(Address::new(*at), code);
        }
        r
    }
}

/// The baseline and this project's implementation in every set of [`SETS`].
fn deployments(s: Subject) -> Result<(Deployment, Vec<Deployment>), String> {
    let v7 = InstructionSet::Evm384(Interface::V7);
    // each contract as `evm384 build` emits it by default (the pairing check: its cheapest build)
    let code = |c: Operation, isa: InstructionSet| {
        c.runtime_code(Curve::Bls12_381, isa, Formulas::build_default(c, isa)).map_err(|e| format!("{c} {isa}: {e}"))
    };
    match s {
        Subject::Operation(c) => {
            let base = Deployment { isa: v7, main: precompile_caller_code(precompile_address(c)), others: vec![] };
            let ours = SETS.iter().map(|&isa| Ok(Deployment { isa, main: code(c, isa)?, others: vec![] }));
            Ok((base, ours.collect::<Result<_, String>>()?))
        }
        Subject::HintedPairingCheck => {
            let pairing = Operation::PairingCheck;
            let base =
                Deployment { isa: v7, main: precompile_caller_code(precompile_address(pairing)), others: vec![] };
            let ours = SETS.iter().map(|&isa| {
                let build = evm384_build::hinted_pairing_check_build(Curve::Bls12_381, HINTED_FORMULAS, isa);
                let main = build.try_code(isa).map_err(|e| format!("hinted {isa}: {e}"))?;
                Ok(Deployment { isa, main, others: vec![] })
            });
            Ok((base, ours.collect::<Result<_, String>>()?))
        }
        Subject::Bls(glue) => {
            let base = Deployment { isa: v7, main: glue_code(glue, ETH_DST, &Backend::PRECOMPILES), others: vec![] };
            let ours = SETS.iter().map(|&isa| {
                let others = vec![
                    (DEPLOYED.g1_msm, code(Operation::G1Msm, isa)?),
                    (DEPLOYED.map_fp2_to_g2, code(Operation::MapFp2ToG2, isa)?),
                    (DEPLOYED.g2_add, code(Operation::G2Add, isa)?),
                    (DEPLOYED.pairing_check, code(Operation::PairingCheck, isa)?),
                ];
                Ok(Deployment { isa, main: glue_code(glue, ETH_DST, &DEPLOYED), others })
            });
            Ok((base, ours.collect::<Result<_, String>>()?))
        }
    }
}

/// Gas and runtime rows of every subject in [`SUBJECTS`] at each of its [`sizes`]; every
/// implementation's output must equal the baseline's. `progress` is told what is being measured.
pub fn operations(
    plan: Plan,
    quick: bool,
    progress: &mut dyn FnMut(String),
) -> Result<(Vec<OperationGasRow>, Vec<OperationTimeRow>), String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    for s in SUBJECTS {
        let (base, ours) = deployments(s)?;
        for k in sizes(s, quick) {
            progress(format!("{} at k = {k} beside its baseline", s.name()));
            let (g, t) = measure_one(plan, s, k, &base, &ours)?;
            gas.extend(g);
            time.extend(t);
        }
    }
    Ok((gas, time))
}

/// One subject at one input size: gas in every set and schedule, runtime of all together.
fn measure_one(
    plan: Plan,
    subject: Subject,
    k: u64,
    base: &Deployment,
    ours: &[Deployment],
) -> Result<(Vec<OperationGasRow>, Vec<OperationTimeRow>), String> {
    let (mut gas, mut time) = (Vec::new(), Vec::new());
    let name = subject.name();
    let input = match subject {
        Subject::Operation(c) => input(c, k),
        Subject::Bls(glue) => bls_input(glue, k),
        Subject::HintedPairingCheck => crate::baseline::pairing_input(k as usize, 0x5eed_41e7),
    };
    // the hinted check reads its witness before the same pairs
    let our_input = match subject {
        Subject::HintedPairingCheck => {
            let w = evm384_gen::ops::hint::witness(evm384_gen::curves::Curve::Bls12_381, &input, HINTED_FORMULAS.f2mul)
                .map_err(|e| format!("hint at k = {k}: {e}"))?;
            [w, input.clone()].concat()
        }
        _ => input.clone(),
    };
    // the baseline's charge: the precompile's own for an operation, the whole glue's for BLS
    let pre = match subject {
        Subject::Operation(c) => evm384_evm::call_precompile(precompile_address(c), &input, &RunOptions::default()),
        Subject::HintedPairingCheck => {
            evm384_evm::call_precompile(precompile_address(Operation::PairingCheck), &input, &RunOptions::default())
        }
        Subject::Bls(_) => base.runner(false).run(&input),
    }
    .map_err(|e| e.to_string())?;
    if pre.status != Status::Success {
        return Err(format!("the baseline of {name} failed on the measured input (k = {k})"));
    }
    if matches!(subject, Subject::Bls(_)) && pre.output.last() != Some(&1) {
        return Err(format!("{name}: the measured signature does not verify over the precompiles"));
    }
    for d in ours {
        let isa = d.isa;
        let ex = d.runner(true).run(&our_input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success || ex.output != pre.output {
            return Err(format!("{name} {isa} disagrees with its baseline at k = {k}: {:?}", ex.status));
        }
        let spec = RunOptions::default().spec;
        let row = |schedule: &str, g: f64| OperationGasRow {
            operation: name.into(),
            k,
            interface: isa.name().into(),
            schedule: schedule.into(),
            gas: g,
            precompile_gas: pre.gas_used,
            code_bytes: d.main.len() as u64,
            tx_gas: Some(evm384_evm::transaction_gas(spec, &our_input, g)),
            precompile_tx_gas: Some(evm384_evm::transaction_gas(spec, &input, pre.gas_used as f64)),
        };
        match &ex.gas_by_schedule {
            Some(by) if isa != InstructionSet::Evmmax => {
                gas.extend(Schedule::ALL.iter().map(|&s| row(s.name(), by.gas(s))))
            }
            _ => gas.push(row(EIP6690, ex.gas_used as f64)),
        }
    }
    // runtime: the baseline, then each implementation, interleaved
    let mut calls = vec![(base.runner(false), &input[..])];
    calls.extend(ours.iter().filter(|d| TIMED.contains(&d.isa)).map(|d| (d.runner(false), &our_input[..])));
    let m = time_calls(plan, k, &mut calls);
    let baseline = match subject {
        Subject::Operation(_) | Subject::HintedPairingCheck => "precompile",
        Subject::Bls(_) => "precompiles",
    };
    let names = std::iter::once(baseline.to_string()).chain(TIMED.iter().map(|i| format!("contract-{i}")));
    for (implementation, s) in names.zip(&m) {
        let r = Ratio::of(s, &m[0]);
        time.push(OperationTimeRow {
            operation: name.into(),
            k,
            implementation,
            stats: s.wall.clone(),
            ratio_to_precompile: r.median,
            ratio_to_precompile_min: r.min,
        });
    }
    Ok((gas, time))
}
