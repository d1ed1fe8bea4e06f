//! The generator's code in every EVM384 interface (v1 … v9, v7s): the same program gives the
//! native executor's memory and answers in each, or is refused with the reason.

mod common;

use common::*;
use evm384_evm::{Interface, RunOptions, Runner, Status};
use evm384_gen::backend::bytecode::{assemble_with_map, try_assemble, AssembleError, AssembleOptions};
use evm384_gen::backend::native::{self, Outcome};
use evm384_gen::curves::Curve;
use evm384_gen::{pairing_check_program, F2Mul, ProgramOptions};

fn runner(iface: Interface, code: &[u8]) -> Runner {
    let mut r =
        Runner::new(RunOptions { interface: iface, count_opcodes: false, gas_limit: 1 << 32, ..Default::default() });
    r.deploy(code);
    r
}

/// The inversion program (copies, products, window-table reads at computed addresses) dumps
/// the same slots as the native executor in every interface. The dump runs to the first pair
/// record: v1's carries its scratch slot after the program's, v6's every register up to its
/// parameter register.
#[test]
fn every_interface_leaves_the_native_memory() {
    let xs = inversion_inputs(&mut rng(40), 6);
    let (prog, _) = inverse_fp_program(&xs);
    let Outcome::Memory(want) = native::run(&prog, &[]).outcome else { panic!("the program dumps no memory") };
    for iface in Interface::ALL {
        let code =
            try_assemble(&prog, iface.into(), AssembleOptions::default()).unwrap_or_else(|e| panic!("{iface}: {e}"));
        let e = runner(iface, &code).run(&[]).unwrap();
        assert_eq!(e.status, Status::Success, "{iface}");
        match iface {
            Interface::V1 => assert_eq!(e.output.len(), 48 * (want.len() + 1), "{iface}"),
            Interface::V6 => assert_eq!(e.output.len(), 12288 + 96 - 144, "{iface}"),
            _ => assert_eq!(e.output.len(), 48 * want.len(), "{iface}"),
        }
        for (i, w) in want.iter().enumerate() {
            let b: &[u8; 48] = e.output[48 * i..48 * i + 48].try_into().unwrap();
            let got =
                if iface.big_endian_values() { evm384_arith::from_be_bytes(b) } else { evm384_arith::from_le_bytes(b) };
            assert_eq!(&got, w, "{iface}: slot {i}");
        }
    }
}

/// The pairing check in every interface: true for e(P, Q)·e(−P, Q), false for e(P, Q)²,
/// INVALID for a point off the curve — the native executor's answers. In v6 its slots share
/// the 253 registers by liveness.
#[test]
fn the_pairing_check_runs_in_every_interface() {
    let mut g = rng(41);
    let (p, q) = (random_g1(&mut g), random_g2(&mut g));
    let mut neg_p = p;
    // SAFETY: blst negates the point's y in place.
    unsafe { blst::blst_fp_cneg(&mut neg_p.y, &p.y, true) };
    let one = encode_pairs(&[(p, q), (neg_p, q)]);
    let not_one = encode_pairs(&[(p, q), (p, q)]);
    let mut off_curve = one.clone();
    off_curve[127] ^= 1;
    let prog = pairing_check_program(Curve::Bls12_381, F2Mul::V3, ProgramOptions::default());
    let want: Vec<Outcome> = [&one, &not_one, &off_curve].map(|i| native::run(&prog, i).outcome).into();
    assert!(matches!(want[..], [Outcome::Bool(true), Outcome::Bool(false), Outcome::Invalid(_)]), "{want:?}");

    for iface in Interface::ALL {
        let code =
            try_assemble(&prog, iface.into(), AssembleOptions::default()).unwrap_or_else(|e| panic!("{iface}: {e}"));
        let mut r = runner(iface, &code);
        for (input, want) in [&one, &not_one, &off_curve].into_iter().zip(&want) {
            let e = r.run(input).unwrap();
            match want {
                Outcome::Bool(b) => {
                    assert_eq!(e.status, Status::Success, "{iface}");
                    assert_eq!(e.output[31], *b as u8, "{iface}");
                }
                _ => assert!(matches!(e.status, Status::Halt(_)), "{iface}: {:?}", e.status),
            }
        }
    }
}

/// v7s's 16-bit offsets reach 65,535 bytes: the pairing check's slots fit; an offset past it is
/// refused, not truncated.
#[test]
fn v7s_refuses_offsets_past_sixteen_bits() {
    let (code, _) = assemble_with_map(
        &pairing_check_program(Curve::Bls12_381, F2Mul::V3, ProgramOptions::default()),
        Interface::V7s,
    );
    assert!(!code.is_empty());
    let mut a = evm384_gen::ir::Asm::new(evm384_arith::MontField::new(evm384_gen::curves::bls12_381().p), F2Mul::V3);
    let far = a.alloc(1400);
    a.add(far + 1399, far, far + 1);
    a.set_pair_layout(far, 1, (0, 0));
    a.return_memory();
    let prog = a.finish();
    assert!(try_assemble(&prog, Interface::V7.into(), AssembleOptions::default()).is_ok());
    match try_assemble(&prog, Interface::V7s.into(), AssembleOptions::default()) {
        Err(AssembleError::Encode(e)) => assert!(e.to_string().contains("v7s"), "{e}"),
        other => panic!("expected an encoding error, got {:?}", other.map(|c| c.len())),
    }
}

/// v4 and v5 have BLS12-381's p built in: a program over another field is refused.
#[test]
fn fixed_modulus_interfaces_refuse_other_fields() {
    let prog = evm384_gen::operation_program(
        Curve::Bls12_377,
        evm384_gen::Operation::PairingCheck,
        F2Mul::V3,
        ProgramOptions::default(),
    )
    .unwrap();
    for iface in [Interface::V4, Interface::V5] {
        match try_assemble(&prog, iface.into(), AssembleOptions::default()) {
            Err(AssembleError::Interface(why)) => assert!(why.contains("BLS12-381"), "{why}"),
            other => panic!("{iface}: expected a refusal, got {:?}", other.map(|c| c.len())),
        }
    }
    assert!(try_assemble(&prog, Interface::V2.into(), AssembleOptions::default()).is_ok());
}

/// v6 shares registers by liveness where the slots outnumber them; a program with more values
/// live at once than its 253 registers is refused with the count (a memory dump keeps every
/// slot live).
#[test]
fn v6_refuses_more_live_values_than_registers() {
    let mut a = evm384_gen::ir::Asm::new(evm384_arith::MontField::new(evm384_gen::curves::bls12_381().p), F2Mul::V3);
    let many = a.alloc(300);
    for i in 0..299 {
        a.add(many + i + 1, many + i, many + i);
    }
    a.set_pair_layout(many, 1, (0, 0));
    a.return_memory();
    let prog = a.finish();
    match try_assemble(&prog, Interface::V6.into(), AssembleOptions::default()) {
        Err(AssembleError::Interface(why)) => assert!(why.contains("253 registers"), "{why}"),
        other => panic!("expected a refusal, got {:?}", other.map(|c| c.len())),
    }
}
