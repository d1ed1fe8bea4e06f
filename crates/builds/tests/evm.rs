//! The generated contract in revm (through evm384-evm) against the native executor and against
//! revm's blst-backed 0x0f precompile.

#[path = "../../gen/tests/common/mod.rs"]
mod common;

use common::*;
use evm384_arith::{from_be_bytes, from_le_bytes};
use evm384_build::{Formulas, InlineWeights};
use evm384_evm::{call_precompile, Interface, RunOptions, Runner, Status, BLS12_PAIRING_CHECK};
use evm384_gen::backend::bytecode;
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::Curve;
use evm384_gen::{pairing_check_program, F2Mul, InstructionSet, Moves, Phase, ProgramOptions, Squaring, MAX_CODE_SIZE};
use rand::Rng;

fn long_tests() -> bool {
    evm384_testkit::long_mode()
}

fn runner(iface: Interface, code: &[u8]) -> Runner {
    let mut r = Runner::new(RunOptions { interface: iface, count_opcodes: false, ..RunOptions::default() });
    r.deploy(code);
    r
}

/// The contract's answer: Some(bool) on RETURN of 32 bytes, None on INVALID (its only halt).
fn contract_result(r: &mut Runner, input: &[u8]) -> Option<bool> {
    common::contract_result(r, input, &["InvalidFEOpcode"])
}

fn precompile_result(input: &[u8]) -> Option<bool> {
    let e = call_precompile(BLS12_PAIRING_CHECK, input, &RunOptions { count_opcodes: false, ..RunOptions::default() })
        .expect("precompile");
    match e.status {
        Status::Success => Some(e.output[31] == 1),
        _ => None,
    }
}

#[test]
fn runtime_code_fits_eip170_in_every_interface() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for iface in Interface::MAIN {
            let code = evm384_build::build_pairing_check(Curve::Bls12_381, iface, f2mul, false);
            let f = Formulas { f2mul, ..Default::default() };
            eprintln!(
                "{}",
                evm384_build::provenance(
                    Curve::Bls12_381,
                    iface,
                    f,
                    f.pairing_check_build(Curve::Bls12_381, iface).moves,
                    code.len()
                )
            );
            assert!(code.len() <= MAX_CODE_SIZE, "{iface} {f2mul}: {} bytes", code.len());
            let init = evm384_build::build_pairing_check(Curve::Bls12_381, iface, f2mul, true);
            assert_eq!(&init[init.len() - code.len()..], &code[..]);
        }
    }
}

/// EVM memory dumps at each phase boundary equal the native executor's slots, with either
/// kind of moves (`ProgramOptions::moves`).
#[test]
fn evm_memory_equals_native_slots_at_phase_boundaries() {
    let mut rng = rng(10);
    let pairs: Vec<_> = (0..2).map(|_| (random_g1(&mut rng), random_g2(&mut rng))).collect();
    let input = encode_pairs(&pairs);
    for (iface, f2mul) in Interface::MAIN.into_iter().flat_map(|i| [(i, F2Mul::V3), (i, F2Mul::V4)]) {
        for moves in [Moves::Copies, Moves::Additions] {
            for stop in [Phase::MillerLoop, Phase::FinalExp, Phase::Output] {
                let opts = ProgramOptions { stop_before: Some(stop), moves, ..Default::default() };
                let prog = pairing_check_program(Curve::Bls12_381, f2mul, opts);
                let Outcome::Memory(want) = native::run(&prog, &input).outcome else { panic!("no dump") };
                let code = bytecode::assemble(&prog, iface);
                let e = runner(iface, &code).run(&input).unwrap();
                let what = format!("{iface} {f2mul} {moves}, before {stop:?}");
                assert_eq!(e.status, Status::Success, "{what}");
                assert_eq!(e.output.len(), 48 * want.len(), "{what}");
                for (i, w) in want.iter().enumerate() {
                    let b: &[u8; 48] = e.output[48 * i..48 * i + 48].try_into().unwrap();
                    let got = if iface == Interface::V8 { from_be_bytes(b) } else { from_le_bytes(b) };
                    assert_eq!(&got, w, "{what}: slot {i}");
                }
            }
        }
    }
}

/// The build chooses `mul_fp12`'s moves (`Formulas::choose_moves`): additions of zero where the
/// program written with them fits 24,576 bytes before inlining, MCOPYs otherwise. The v7 build
/// with f2mul v3 and loops unrolled x4 is over the limit with additions, so it falls back to
/// copies and fits; the inlined v9 build the optimiser picks keeps additions.
/// `vectors_through_the_contract` runs both builds (and the default, which fits with
/// additions), so every pairing vector goes through either kind of moves.
#[test]
fn builds_move_by_additions_only_where_that_fits() {
    let v7 = InstructionSet::Evm384(Interface::V7);
    let unrolled = Formulas { f2mul: F2Mul::V3, squaring: Squaring::GrangerScott, unroll: 4, inline: false };
    let additions = bytecode::try_assemble(
        &unrolled.program_with(Curve::Bls12_381, Moves::Additions),
        v7,
        unrolled.assemble_options(),
    );
    assert!(additions.unwrap().len() > MAX_CODE_SIZE, "the unrolled v7 build fits with additions: no fallback tested");
    let build = unrolled.pairing_check_build(Curve::Bls12_381, v7);
    assert_eq!(build.moves, Moves::Copies);
    let code = build.try_code(v7).unwrap();
    assert!(code.len() <= MAX_CODE_SIZE, "{} bytes", code.len());
    assert_eq!(
        code,
        bytecode::try_assemble(
            &unrolled.program_with(Curve::Bls12_381, Moves::Copies),
            v7,
            unrolled.assemble_options()
        )
        .unwrap()
    );

    let v9 = InstructionSet::Evm384(Interface::V9);
    let inlined = Formulas { f2mul: F2Mul::V4, squaring: Squaring::GrangerScott, unroll: 4, inline: true };
    let build = inlined.pairing_check_build(Curve::Bls12_381, v9);
    assert_eq!(build.moves, Moves::Additions);
    assert!(build.try_code(v9).unwrap().len() <= MAX_CODE_SIZE);
    // additions cost less gas than copies in the same build
    let gas = |build: &evm384_build::Build| {
        let mut r = Runner::new(RunOptions { interface: Interface::V9, ..RunOptions::default() });
        r.deploy(&build.try_code(v9).unwrap());
        let e = r.run(&evm384_gen::generator_pairs_input(Curve::Bls12_381, 2)).unwrap();
        assert_eq!(e.status, Status::Success);
        e.gas_by_schedule.expect("gas by schedule").gas(evm384_evm::Schedule::ModelBRepriced)
    };
    let copies = inlined.build_with_moves(
        inlined.program_with(Curve::Bls12_381, Moves::Copies),
        Moves::Copies,
        v9,
        || evm384_gen::generator_pairs_input(Curve::Bls12_381, 2),
        InlineWeights::for_instruction_set(v9),
    );
    assert!(gas(&build) < gas(&copies), "{} against {}", gas(&build), gas(&copies));
    // EVMMAX keeps copies (a copy is already one strided ADDMODX there)
    assert_eq!(inlined.pairing_check_build(Curve::Bls12_381, InstructionSet::Evmmax).moves, Moves::Copies);
}

/// The sliding-window inversion (`Node::ForWindows`) in the EVM equals the native run.
#[test]
fn inverse_fp_in_the_evm_equals_native() {
    let xs = inversion_inputs(&mut rng(14), 12);
    assert_evm_memory_equals_native(&inverse_fp_program(&xs).0);
}

/// Every pairing vector through the contract in v7, v8 and v9, for every formula choice that
/// fits the code limit (what `build --optimize-for` can emit); without `EVM384_LONG_TESTS=1`
/// the default formulas, Karabina's squaring with f2mul v4 (which fits every interface), and
/// the unrolled builds (f2mul v3 or v4, Granger–Scott, loops unrolled x4) and the ones the
/// optimiser picks today (f2mul v4, unrolled x4, subroutines inlined to fit, Granger–Scott
/// with or without products: they always fit).
#[test]
fn vectors_through_the_contract() {
    let karabina = Formulas { f2mul: F2Mul::V4, squaring: Squaring::Karabina, ..Formulas::default() };
    let unrolled = |f2mul| Formulas { f2mul, squaring: Squaring::GrangerScott, unroll: 4, inline: false };
    let choices = if long_tests() {
        Formulas::all()
    } else {
        let inlined = Formulas { inline: true, ..unrolled(F2Mul::V4) };
        let products = Formulas { squaring: Squaring::GrangerScottProducts, ..inlined };
        vec![Formulas::default(), karabina, unrolled(F2Mul::V3), unrolled(F2Mul::V4), inlined, products]
    };
    for formulas in choices {
        for iface in Interface::MAIN {
            let code = formulas.runtime_code(Curve::Bls12_381, iface);
            if code.len() > MAX_CODE_SIZE {
                assert!(formulas != karabina && formulas != unrolled(F2Mul::V4), "{formulas} must fit in {iface}");
                // inlining only fills the room left: it fits whenever the program it inlines does
                let plain = Formulas { inline: false, ..formulas };
                assert!(
                    !formulas.inline || plain.runtime_code(Curve::Bls12_381, iface).len() > MAX_CODE_SIZE,
                    "{formulas} must fit in {iface}, as {plain} does"
                );
                continue;
            }
            let mut r = runner(iface, &code);
            for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
                for v in cases {
                    let got = contract_result(&mut r, &v.input);
                    assert_eq!(got, v.pairing_result(file).unwrap(), "{file} {} ({iface}, {formulas})", v.name);
                }
            }
        }
    }
}

#[test]
fn random_inputs_against_the_precompile() {
    let mut rng = rng(11);
    let ks: Vec<usize> = if long_tests() { (1..=8).collect() } else { vec![1, 2, 3, 5, 8] };
    let codes: Vec<_> = Interface::MAIN
        .iter()
        .map(|&i| (i, evm384_build::build_pairing_check(Curve::Bls12_381, i, F2Mul::V3, false)))
        .collect();
    for (round, &k) in ks.iter().enumerate() {
        let mut pairs: Vec<_> = (0..k).map(|_| (random_g1(&mut rng), random_g2(&mut rng))).collect();
        // make the product one: last pair = (-Σ aᵢ·bᵢ G1, G2) is hard without scalars; instead
        // pair each point with its negation for half of the rounds
        if round % 2 == 0 && k >= 2 {
            let (p, q) = pairs[0];
            let mut pn = p;
            unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
            pairs[1] = (pn, q);
            if k % 2 == 1 {
                pairs[k - 1].0 = blst::blst_p1_affine::default(); // infinity
            }
        }
        let mut inputs = vec![encode_pairs(&pairs)];
        // perturbations: a flipped byte (encoding/curve errors) and a point at infinity
        let mut bad = inputs[0].clone();
        let at = (rng.gen::<usize>() % k) * 384 + 16 + rng.gen::<usize>() % 48;
        bad[at] ^= 1 << (rng.gen::<u32>() % 8);
        inputs.push(bad);
        let mut inf = inputs[0].clone();
        let j = rng.gen::<usize>() % k;
        inf[384 * j + 128..384 * j + 384].fill(0);
        inputs.push(inf);
        for input in &inputs {
            let want = precompile_result(input);
            assert_eq!(evm384_gen::native_pairing_check(Curve::Bls12_381, input, F2Mul::V4).ok(), want, "native k={k}");
            let (iface, code) = &codes[round % 3];
            assert_eq!(contract_result(&mut runner(*iface, code), input), want, "{iface} k={k}");
        }
    }
}

#[test]
fn many_infinity_pairs_and_every_call_kind() {
    let code = evm384_build::build_pairing_check(Curve::Bls12_381, Interface::V9, F2Mul::V3, false);
    let mut rng = rng(12);
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let mut pn = p;
    unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
    let inf1 = blst::blst_p1_affine::default();
    let inf2 = blst::blst_p2_affine::default();
    // 20 pairs at infinity (both kinds), with one cancelling pair in the middle
    let mut pairs = vec![(inf1, q); 9];
    pairs.push((p, q));
    pairs.push((pn, q));
    pairs.extend(vec![(p, inf2); 9]);
    let input = encode_pairs(&pairs);
    assert_eq!(contract_result(&mut runner(Interface::V9, &code), &input), Some(true));
    assert_eq!(contract_result(&mut runner(Interface::V9, &code), &encode_pairs(&[(inf1, inf2); 20])), Some(true));
    // the contract reached through STATICCALL and DELEGATECALL from another contract
    for opcode in [0xfa, 0xf4] {
        let opts = RunOptions { interface: Interface::V9, count_opcodes: false, ..RunOptions::default() };
        let mut r = runner_calling_through(opts, &code, opcode);
        let e = r.run(&input).unwrap();
        assert_eq!(e.status, Status::Success, "call opcode {opcode:#x}");
        assert_eq!(e.output[31], 1);
        let mut bad = input.clone();
        bad[384 * 9 + 100] ^= 1; // P no longer on the curve
        assert_eq!(r.run(&bad).unwrap().status, Status::Revert, "call opcode {opcode:#x}: the inner call must fail");
    }
}

#[test]
fn encoding_edge_cases_match_the_precompile_in_every_interface() {
    let mut rng = rng(13);
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let good = encode_pairs(&[(p, q)]);
    let p_be =
        hex::decode("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab")
            .unwrap();
    let mut inputs = vec![vec![], good[..200].to_vec(), vec![0u8; 384]];
    for field in 0..6 {
        let mut bad = good.clone();
        bad[64 * field + 16..64 * field + 64].copy_from_slice(&p_be); // = p
        inputs.push(bad.clone());
        bad[64 * field + 63] -= 1; // = p - 1
        inputs.push(bad);
        let mut bad = good.clone();
        bad[64 * field] = 0x80; // padding
        inputs.push(bad);
    }
    for iface in Interface::MAIN {
        let code = evm384_build::build_pairing_check(Curve::Bls12_381, iface, F2Mul::V3, false);
        let mut r = runner(iface, &code);
        for (i, input) in inputs.iter().enumerate() {
            assert_eq!(contract_result(&mut r, input), precompile_result(input), "{iface} case {i}");
        }
    }
}

/// Code that forwards its calldata to `target` by CALL (0xf1) or CALLCODE (0xf2) with value 0
/// and returns the callee's return data, or reverts with it when the inner call fails.
fn value_call_code(target: evm384_evm::Address, opcode: u8) -> Vec<u8> {
    let mut code = vec![0x36, 0x5f, 0x5f, 0x37]; // CALLDATACOPY(0, 0, CALLDATASIZE)
    code.extend([0x5f, 0x5f, 0x36, 0x5f, 0x5f]); // retSize 0, retOffset 0, argsSize, argsOffset 0, value 0
    code.push(0x73); // PUSH20 target
    code.extend_from_slice(target.as_slice());
    code.extend([0x5a, opcode]); // GAS CALL/CALLCODE -> success
    code.extend([0x3d, 0x5f, 0x5f, 0x3e]); // RETURNDATACOPY(0, 0, RETURNDATASIZE)
    let ok = code.len() + 3 + 3; // past PUSH1 ok JUMPI and the 3-byte revert path
    code.extend([0x60, ok as u8, 0x57]); // PUSH1 ok JUMPI
    code.extend([0x3d, 0x5f, 0xfd]); // REVERT(0, RETURNDATASIZE)
    assert_eq!(code.len(), ok);
    code.extend([0x5b, 0x3d, 0x5f, 0xf3]); // ok: RETURN(0, RETURNDATASIZE)
    code
}

/// The pure contract reached through CALL and CALLCODE (value 0) from another contract:
/// …01 for a product equal to one, …00 otherwise, and for an invalid input the inner call
/// fails with all its gas consumed (the caller reverts with empty return data).
#[test]
fn call_and_callcode_from_another_contract() {
    let mut rng = rng(15);
    let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
    let mut pn = p;
    unsafe { blst::blst_fp_cneg(&mut pn.y, &p.y, true) };
    let one = encode_pairs(&[(p, q), (pn, q)]); // e(P, Q)·e(-P, Q) = 1
    let not_one = encode_pairs(&[(p, q), (p, q)]);
    let mut bad = one.clone();
    bad[100] ^= 1; // P no longer on the curve
    let target = evm384_evm::Address::new([0x22; 20]);
    let gas_limit = 30_000_000;
    for iface in [Interface::V7, Interface::V9] {
        let code = evm384_build::build_pairing_check(Curve::Bls12_381, iface, F2Mul::V3, false);
        for opcode in [0xf1u8, 0xf2] {
            let opts = RunOptions { interface: iface, count_opcodes: false, gas_limit, ..RunOptions::default() };
            let mut r = Runner::new(opts);
            r.deploy_at(target, &code);
            r.deploy(&value_call_code(target, opcode));
            for (input, want) in [(&one, 1u8), (&not_one, 0)] {
                let e = r.run(input).unwrap();
                assert_eq!(e.status, Status::Success, "{iface} opcode {opcode:#x}");
                let mut word = [0u8; 32];
                word[31] = want;
                assert_eq!(e.output, word, "{iface} opcode {opcode:#x}");
            }
            let e = r.run(&bad).unwrap();
            assert_eq!(e.status, Status::Revert, "{iface} opcode {opcode:#x}: the inner call must fail");
            assert!(e.output.is_empty(), "INVALID returns no data");
            // the callee gets all but 1/64 of the gas left (EIP-150) and INVALID consumes it all
            assert!(e.gas_used > gas_limit / 64 * 63, "{iface} opcode {opcode:#x}: only {} gas used", e.gas_used);
        }
    }
}

/// Consecutive calls are chained (each subroutine returns into the next): in order, each once,
/// in every interface the same memory as natively, with one JUMP into the chain and one return
/// per subroutine body executed.
#[test]
fn chained_calls_run_in_order() {
    use evm384_gen::ir::{Asm, Node};
    let field = evm384_arith::MontField::new(evm384_gen::curves::bls12_381().p);
    let mut a = Asm::new(field, F2Mul::V3);
    let one = a.const_mont(&[[1, 0, 0, 0, 0, 0]]);
    let x = a.alloc(1);
    a.add(x, one, one); // 2
    a.call("double", move |a| a.add(x, x, x));
    a.call("plus_one", move |a| a.add(x, x, one));
    a.call("double", move |a| a.add(x, x, x));
    a.call("double", move |a| a.add(x, x, x)); // ((2·2 + 1)·2)·2 = 20
    a.return_memory();
    let prog = a.finish();
    assert!(prog.main.windows(4).any(|w| w.iter().all(|n| matches!(n, Node::Call(_)))));
    let evm384_gen::backend::native::Outcome::Memory(m) = evm384_gen::backend::native::run(&prog, &[]).outcome else {
        panic!()
    };
    assert_eq!(field.from_mont(&m[x as usize]), [20, 0, 0, 0, 0, 0]);
    assert_evm_memory_equals_native(&prog);
    let mut r = evm384_evm::Runner::new(evm384_evm::RunOptions { count_opcodes: true, ..Default::default() });
    r.deploy(&evm384_gen::backend::bytecode::assemble(&prog, Interface::V7));
    let e = r.run(&[]).unwrap();
    let jumps = e.counts.as_ref().map(|c| c.get(0x56)).unwrap(); // JUMP
    assert_eq!(jumps, 1 + 4, "one JUMP into the chain, one return per call");
}
