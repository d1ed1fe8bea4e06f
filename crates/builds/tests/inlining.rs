//! Inlining to fit the code limit (`inline_to_fit`): its gas weights are `evm384-evm`'s
//! schedule tables read as the bytecode back-end writes calls and copies, and match what the
//! EVM charges; inlined pairing checks agree with the plain program on every EIP-2537 pairing
//! vector (the bytecode of inlined builds runs the vectors in `tests/evm.rs`).

use evm384_arith::MontField;
use evm384_build::{Formulas, InlineWeights};
use evm384_evm::{RunOptions, Runner, Schedule, Status};
use evm384_gen::backend::{bytecode, native};
use evm384_gen::curves::{self, Curve};
use evm384_gen::ir::inline::inline_calls;
use evm384_gen::ir::Asm;
use evm384_gen::{generator_pairs_input, F2Mul, InstructionSet, Interface, Program};

/// The shipped builds' weights: under the reference schedule (evmone), 24 gas a call, 12 a copy
/// and 4.5 a slot copied — for EVMMAX too (`InlineWeights::for_instruction_set`).
#[test]
fn the_shipped_builds_weights_are_evmones() {
    let evmone = InlineWeights { call: 24.0, copy: 12.0, copied_slot: 4.5 };
    for isa in InstructionSet::ALL {
        assert_eq!(InlineWeights::for_instruction_set(isa), evmone, "{isa}");
    }
    let spec = RunOptions::default().spec;
    assert_eq!(InlineWeights::evm384(Schedule::Evmone, spec), evmone);
    // PUSH* at 1: 2 + 16 + 2 a call, 3 + 3 a copy
    let repriced = InlineWeights { call: 20.0, copy: 6.0, copied_slot: 4.5 };
    assert_eq!(InlineWeights::evm384(Schedule::ModelBRepriced, spec), repriced);
    // PUSH* at 0.9
    let fractional = InlineWeights::evm384(Schedule::ModelBFractional, spec);
    assert!((fractional.call - 19.8).abs() < 1e-9 && (fractional.copy - 5.7).abs() < 1e-9, "{fractional:?}");
    // EVMMAX: a copy is one ADDMODX of count n, 1 gas a value at 384 bits, no PUSH
    assert_eq!(InlineWeights::evmmax(spec), InlineWeights { call: 24.0, copy: 0.0, copied_slot: 1.0 });
}

/// The weights price what the EVM charges: a program with one call (or one copy of an Fp2, of
/// an Fp6) more than another, the same otherwise, costs the weights' figure more under every
/// EVM384 schedule.
#[test]
fn the_weights_are_what_the_evm_charges() {
    // `extra` 0: nothing; 1: the add in a subroutine; 2, 6: a copy of that many slots.
    let program = |extra: u32| -> Program {
        let mut a = Asm::new(MontField::new(curves::bls12_381().p), F2Mul::V3);
        let consts = a.const_mont(&[[3, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0]]);
        let base = a.alloc(16);
        for i in 0..16 {
            a.add(base + i, consts, consts + 1);
        }
        match extra {
            0 => a.add(base + 1, base, base),
            1 => a.call("add", move |a| a.add(base + 1, base, base)),
            n => {
                a.add(base + 1, base, base);
                a.copy(base + 8, base, n);
            }
        }
        a.return_memory();
        a.finish()
    };
    let v9 = Interface::V9;
    let gas = |prog: &Program| {
        let mut r = Runner::new(RunOptions { interface: v9, ..RunOptions::default() });
        r.deploy(&bytecode::try_assemble(prog, v9.into(), bytecode::AssembleOptions::default()).unwrap());
        let e = r.run(&[]).unwrap();
        assert_eq!(e.status, Status::Success);
        e.gas_by_schedule.expect("gas by schedule")
    };
    let (base, call, fp2, fp6) = (gas(&program(0)), gas(&program(1)), gas(&program(2)), gas(&program(6)));
    for s in Schedule::ALL {
        let w = InlineWeights::evm384(s, RunOptions::default().spec);
        let more = |g: &evm384_evm::GasBySchedule| g.gas(s) - base.gas(s);
        assert!((more(&call) - w.call).abs() < 1e-9, "{s}: a call costs {} against {}", more(&call), w.call);
        for (g, n) in [(&fp2, 2.0), (&fp6, 6.0)] {
            let want = w.copy + n * w.copied_slot;
            assert!((more(g) - want).abs() < 1e-9, "{s}: a copy of {n} slots costs {} against {want}", more(g));
        }
    }
}

#[test]
fn inlined_pairing_check_agrees_with_the_plain_program_on_every_vector() {
    let f = Formulas { f2mul: F2Mul::V4, unroll: 4, inline: true, ..Formulas::default() };
    let isa = InstructionSet::Evm384(Interface::V9);
    let build = f.pairing_check_build(Curve::Bls12_381, isa);
    let plain = f.program_with(Curve::Bls12_381, build.moves); // the same moves (copies are what inlining forwards)
    let inlined = build.program;
    let all = inline_calls(&plain, u64::MAX);
    let copies = |p: &Program, input: &[u8]| native::run(p, input).counts.total().copies;
    let input = generator_pairs_input(Curve::Bls12_381, 2);
    assert!(copies(&inlined, &input) < copies(&plain, &input));
    assert!(copies(&all, &input) < copies(&inlined, &input));
    let mut n = 0;
    for (file, cases) in evm384_vectors::load_pairing_files().unwrap() {
        for v in cases {
            let want = native::run(&plain, &v.input).outcome;
            for p in [&inlined, &all] {
                let got = native::run(p, &v.input).outcome;
                assert_eq!(format!("{got:?}"), format!("{want:?}"), "{file} {}", v.name);
            }
            n += 1;
        }
    }
    assert!(n > 50);
}
