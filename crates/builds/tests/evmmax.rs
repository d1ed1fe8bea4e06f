//! The pairing check in EVMMAX (EIP-6690) code: slots mapped to registers by liveness, run in
//! revm (`RunOptions::evmmax`) against the EIP-2537 vectors, revm's 0x0f and the native executor.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use evm384_build::Formulas;
use evm384_evm::{Extension, RunOptions, Runner, Status};
use evm384_gen::backend::registers::Registers;
use evm384_gen::curves::Curve;
use evm384_gen::{F2Mul, InstructionSet, Squaring, MAX_CODE_SIZE};

fn runner(code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { extension: Extension::Evmmax, count_opcodes: false, ..RunOptions::default() });
    r.deploy(code);
    r
}

/// Some(bool) on RETURN of 32 bytes, None on an exceptional halt: INVALID, or EVMMAX's halt
/// for an input coordinate not below p (STOREX; revm's InvalidOperandOOG).
fn contract_result(r: &mut Runner, input: &[u8]) -> Option<bool> {
    common::contract_result(r, input, &["InvalidFEOpcode", "OutOfGas(InvalidOperand)"])
}

fn choices() -> Vec<Formulas> {
    let mut v = vec![Formulas::default()];
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for squaring in Squaring::ALL {
            v.push(Formulas { f2mul, squaring, ..Formulas::default() });
        }
    }
    v.push(Formulas { unroll: 4, ..Formulas::default() });
    v.push(INLINED);
    v.dedup();
    v
}

/// The build the optimiser picks for EIP-6690's prices (f2mul v4, unrolled x4, inlined).
const INLINED: Formulas = Formulas { f2mul: F2Mul::V4, squaring: Squaring::GrangerScott, unroll: 4, inline: true };

#[test]
fn every_formula_choice_fits_one_field_context_and_the_code_limit() {
    for f in choices() {
        let build = f.pairing_check_build(Curve::Bls12_381, InstructionSet::Evmmax);
        let prog = &build.program;
        let regs = Registers::allocate(prog).unwrap_or_else(|e| panic!("{f}: {e}"));
        let code = build.try_code(InstructionSet::Evmmax).unwrap();
        eprintln!("{f}: {} slots → {} registers, {} bytes", prog.pairs.base, regs.used, code.len());
        assert!(code.len() <= MAX_CODE_SIZE, "{f}: {} bytes", code.len());
    }
}

#[test]
fn vectors_through_the_evmmax_contract() {
    for f in [
        Formulas::default(),
        Formulas { f2mul: F2Mul::V4, squaring: Squaring::Karabina, ..Formulas::default() },
        INLINED,
    ] {
        let code = f.runtime_code(Curve::Bls12_381, InstructionSet::Evmmax);
        let mut r = runner(&code);
        let mut n = 0;
        for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
            for v in cases {
                let got = contract_result(&mut r, &v.input);
                assert_eq!(got, v.pairing_result(file).unwrap(), "{file} {} ({f})", v.name);
                n += 1;
            }
        }
        eprintln!("{f}: {n} vectors");
    }
}

/// Random pairs (k up to 8, products one and not, damaged inputs, points at infinity) through
/// the EVMMAX contract, the native executor and revm's 0x0f, and the contract called by
/// STATICCALL and DELEGATECALL (its field context belongs to its own frame).
#[test]
fn random_inputs_and_call_kinds_against_the_precompile() {
    use common::{encode_pairs, random_g1, random_g2, rng};
    use evm384_evm::{call_precompile, BLS12_PAIRING_CHECK};
    use rand::Rng;
    let code = Formulas::default().runtime_code(Curve::Bls12_381, InstructionSet::Evmmax);
    let mut r = runner(&code);
    let mut rng = rng(21);
    for (round, k) in [1usize, 2, 3, 5, 8].into_iter().enumerate() {
        let mut pairs: Vec<_> = (0..k).map(|_| (random_g1(&mut rng), random_g2(&mut rng))).collect();
        if round % 2 == 1 {
            let (p, q) = pairs[0];
            let mut pn = p;
            // SAFETY: blst reads p.y and writes pn.y.
            unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
            pairs.push((pn, q)); // the product is one
        }
        let good = encode_pairs(&pairs);
        let mut bad = good.clone();
        bad[384 * (rng.gen::<usize>() % k) + 16 + rng.gen::<usize>() % 48] ^= 1;
        let mut inf = good.clone();
        inf[128..384].fill(0);
        for input in [good, bad, inf] {
            let pre = call_precompile(BLS12_PAIRING_CHECK, &input, &RunOptions::default()).unwrap();
            let want = (pre.status == Status::Success).then(|| pre.output[31] == 1);
            assert_eq!(contract_result(&mut r, &input), want, "k = {k}");
            assert_eq!(
                evm384_gen::native_pairing_check(Curve::Bls12_381, &input, F2Mul::V3).ok(),
                want,
                "native k = {k}"
            );
        }
    }
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let mut pn = p;
    // SAFETY: as above.
    unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
    let input = encode_pairs(&[(p, q), (pn, q)]);
    for opcode in [0xfa, 0xf4] {
        let opts = RunOptions { extension: Extension::Evmmax, count_opcodes: false, ..RunOptions::default() };
        let e = common::runner_calling_through(opts, &code, opcode).run(&input).unwrap();
        assert_eq!((e.status, e.output[31]), (Status::Success, 1), "call opcode {opcode:#x}");
    }
}
