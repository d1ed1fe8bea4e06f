//! Runtime of one pairing check, every implementation in one process on the same input,
//! measured together by the project's harness (`evm384-timing`): warmed up, equal-duration
//! interleaved samples, medians and minimums with spread.

use evm384_evm::{precompile_caller_code, InstructionSet, RunOptions, Runner, SpecId, Status, BLS12_PAIRING_CHECK};
use evm384_gen::backend::native;
use evm384_gen::curves::Curve;
use evm384_gen::{pairing_check_program, F2Mul, ProgramOptions};

use crate::baseline::{blst_pairing_check, pairing_input};
use crate::results::RuntimeRow;
use evm384_timing::{measure, Plan, Ratio};

/// The implementations, in table order. `blst-wasm-wasmtime`: the same check as `blst` (C,
/// compiled to wasm32 by clang) in wasmtime (`evm384-wasm`); absent where that crate was built
/// without clang's wasm32 target.
pub const IMPLEMENTATIONS: [&str; 9] = [
    "blst",
    "blst-wasm-wasmtime",
    "precompile",
    "precompile-ifma",
    "contract-v7",
    "contract-v8",
    "contract-v9",
    "contract-evmmax",
    "native-executor",
];

fn runner(isa: InstructionSet, code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { count_opcodes: false, ..Default::default() }.with_instruction_set(isa));
    r.deploy(code);
    r
}

/// Measures every implementation at `k` pairs; `contracts` holds the runtime code for v7, v8,
/// v9 and EVMMAX, `wasm` the compiled wasm module (`None`: that row is left out). Every
/// implementation is first checked to give the same answer.
pub fn runtime(
    plan: Plan,
    k: u64,
    contracts: &[(InstructionSet, Vec<u8>)],
    mut wasm: Option<&mut evm384_wasm::PairingCheck>,
) -> Result<Vec<RuntimeRow>, String> {
    let input = pairing_input(k as usize, 0x5eed + k);
    let want = blst_pairing_check(&input).map_err(|e| format!("blst rejected the input: {e:?}"))?;
    let mut expected_output = [0u8; 32];
    expected_output[31] = want as u8;

    let v7 = InstructionSet::Evm384(evm384_evm::Interface::V7);
    let mut precompile = runner(v7, &precompile_caller_code(BLS12_PAIRING_CHECK));
    // The same caller, 0x0f replaced by `evm384-precompile` (the IFMA pairing, or blst without it).
    let mut precompile_ifma = runner(v7, &precompile_caller_code(BLS12_PAIRING_CHECK));
    precompile_ifma.set_precompiles(evm384_precompile::precompiles(SpecId::OSAKA));
    let mut evm: Vec<Runner> = contracts.iter().map(|(i, code)| runner(*i, code)).collect();
    let prog = pairing_check_program(Curve::Bls12_381, F2Mul::V3, ProgramOptions::default());

    // Same answer everywhere before timing anything.
    let precompiles = [("precompile", &mut precompile), ("precompile-ifma", &mut precompile_ifma)];
    for (name, r) in precompiles.into_iter().chain(evm.iter_mut().map(|r| ("contract", r))) {
        let ex = r.run(&input).map_err(|e| e.to_string())?;
        if ex.status != Status::Success || ex.output != expected_output {
            return Err(format!("{name} disagrees with blst at k = {k}: {:?}", ex.status));
        }
    }
    if native::run(&prog, &input).outcome != native::Outcome::Bool(want) {
        return Err(format!("native executor disagrees with blst at k = {k}"));
    }
    if let Some(w) = wasm.as_deref_mut() {
        match w.run(&input) {
            Ok(Ok(got)) if got == want => {}
            other => return Err(format!("blst-wasm-wasmtime disagrees with blst at k = {k}: {other:?}")),
        }
    }

    let mut f_blst = || {
        std::hint::black_box(blst_pairing_check(std::hint::black_box(&input)).ok());
    };
    let mut f_pre = || {
        precompile.run(&input).expect("precompile call");
    };
    let mut f_pre_ifma = || {
        precompile_ifma.run(&input).expect("precompile (IFMA) call");
    };
    let [e7, e8, e9, emax] = &mut evm[..] else { return Err("expected four contracts".into()) };
    let mut f7 = || {
        e7.run(&input).expect("v7 call");
    };
    let mut f8 = || {
        e8.run(&input).expect("v8 call");
    };
    let mut f9 = || {
        e9.run(&input).expect("v9 call");
    };
    let mut fmax = || {
        emax.run(&input).expect("evmmax call");
    };
    let mut f_native = || {
        std::hint::black_box(native::run(&prog, std::hint::black_box(&input)).outcome);
    };
    let with_wasm = wasm.is_some();
    let mut f_wasm = || {
        if let Some(w) = wasm.as_deref_mut() {
            w.run(std::hint::black_box(&input)).expect("wasm call").expect("valid input");
        }
    };
    let mut contenders: Vec<(&str, &mut dyn FnMut())> = vec![
        ("blst", &mut f_blst),
        ("blst-wasm-wasmtime", &mut f_wasm),
        ("precompile", &mut f_pre),
        ("precompile-ifma", &mut f_pre_ifma),
        ("contract-v7", &mut f7),
        ("contract-v8", &mut f8),
        ("contract-v9", &mut f9),
        ("contract-evmmax", &mut fmax),
        ("native-executor", &mut f_native),
    ];
    debug_assert!(contenders.iter().map(|c| c.0).eq(IMPLEMENTATIONS));
    contenders.retain(|c| with_wasm || c.0 != "blst-wasm-wasmtime");
    let (names, mut fs): (Vec<&str>, Vec<&mut dyn FnMut()>) = contenders.into_iter().unzip();
    let m = measure(plan, &mut fs);
    let (blst, pre) = (m[0].clone(), m[names.iter().position(|n| *n == "precompile").expect("precompile")].clone());
    Ok(names
        .into_iter()
        .zip(m)
        .map(|(name, m)| {
            let (to_blst, to_pre) = (Ratio::of(&m, &blst), Ratio::of(&m, &pre));
            RuntimeRow {
                k,
                implementation: name.to_string(),
                ratio_to_blst: to_blst.median,
                ratio_to_precompile: to_pre.median,
                ratio_to_blst_min: to_blst.min,
                ratio_to_precompile_min: to_pre.min,
                stats: m.wall,
                cpu_stats: m.cpu,
                calls_per_sample: m.calls_per_sample,
            }
        })
        .collect())
}
