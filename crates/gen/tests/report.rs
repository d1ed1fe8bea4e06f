//! Counts per phase (always checked) and a gas report (`cargo test -p evm384-gen --test report
//! -- --ignored --nocapture`).

use evm384_evm::{Interface, RunOptions, Runner, Status};
use evm384_gen::{count_pairing_check, generator_pairs_input, pairing_check_program, F2Mul, Phase, ProgramOptions};

#[test]
fn per_phase_counts_are_exact_and_scale_with_k() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let c1 = count_pairing_check(1, f2mul);
        let c2 = count_pairing_check(2, f2mul);
        let c3 = count_pairing_check(3, f2mul);
        // the final exponentiation does not depend on k; every other phase grows linearly
        assert_eq!(c1.get(Phase::FinalExp), c2.get(Phase::FinalExp));
        for p in [Phase::Decode, Phase::OnCurve, Phase::Subgroup, Phase::MillerLoop] {
            let (a, b, c) = (c1.get(p), c2.get(p), c3.get(p));
            assert_eq!(c.mulmodmont384 - b.mulmodmont384, b.mulmodmont384 - a.mulmodmont384, "{p:?}");
            assert_eq!(c.addmod384 - b.addmod384, b.addmod384 - a.addmod384, "{p:?}");
        }
        // decoding: six to-Montgomery multiplications per pair
        assert_eq!(c1.get(Phase::Decode).mulmodmont384, 6);
        // v3 trades one multiplication for additions in every Fp2 product
        if f2mul == F2Mul::V3 {
            let v4 = count_pairing_check(1, F2Mul::V4);
            assert!(c1.get(Phase::MillerLoop).mulmodmont384 < v4.get(Phase::MillerLoop).mulmodmont384);
        }
    }
}

#[test]
#[ignore]
fn report() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        for k in [1, 2] {
            let c = count_pairing_check(k, f2mul);
            for p in Phase::ALL {
                let o = c.get(p);
                println!(
                    "counts {f2mul} k={k} {:12} add {:6} sub {:6} mul {:6} copies {:5} ({} slots) calls {}",
                    p.name(),
                    o.addmod384,
                    o.submod384,
                    o.mulmodmont384,
                    o.copies,
                    o.copied_slots,
                    o.calls
                );
            }
            let t = c.total();
            println!(
                "counts {f2mul} k={k} total        add {:6} sub {:6} mul {:6}",
                t.addmod384, t.submod384, t.mulmodmont384
            );
        }
    }
    for iface in Interface::ALL {
        // decoding alone (calldata checks, byte order, to-Montgomery) minus the empty program
        let mut gas = [0u64; 2];
        for (i, k) in [1usize, 2].into_iter().enumerate() {
            let opts = ProgramOptions { stop_before: Some(Phase::MillerLoop), skip_checks: true };
            let code = evm384_gen::bytecode::assemble(&pairing_check_program(F2Mul::V3, opts), iface);
            let mut r = Runner::new(RunOptions { interface: iface, ..RunOptions::default() });
            r.deploy(&code);
            gas[i] = r.run(&generator_pairs_input(k)).unwrap().gas_used;
        }
        println!(
            "gas {iface} decode phase: {} per pair (evmone, calldata → Montgomery slots incl. encoding checks)",
            gas[1] - gas[0]
        );
        for f2mul in [F2Mul::V3, F2Mul::V4] {
            for k in [1, 2] {
                let input = generator_pairs_input(k);
                let mut prev = 0.0;
                let mut line = format!("gas {iface} {f2mul} k={k}:");
                for stop in [Some(Phase::MillerLoop), Some(Phase::FinalExp), None] {
                    let prog = pairing_check_program(f2mul, ProgramOptions { stop_before: stop, ..Default::default() });
                    let code = evm384_gen::bytecode::assemble(&prog, iface);
                    let mut r = Runner::new(RunOptions { interface: iface, ..RunOptions::default() });
                    r.deploy(&code);
                    let e = r.run(&input).unwrap();
                    assert_eq!(e.status, Status::Success);
                    let g = e.gas_by_schedule.unwrap();
                    let ev = g.gas(evm384_evm::Schedule::Evmone);
                    let name = match stop {
                        Some(Phase::MillerLoop) => "input+checks",
                        Some(Phase::FinalExp) => "miller",
                        _ => "final-exp",
                    };
                    line += &format!(" {name} {:.0} (evmone)", ev - prev);
                    prev = ev;
                    if stop.is_none() {
                        line += " | total:";
                        for (s, v) in g.iter() {
                            line += &format!(" {s} {v:.1}");
                        }
                    }
                }
                println!("{line}");
            }
        }
    }
}

#[test]
#[ignore]
fn opcode_histogram() {
    let input = generator_pairs_input(1);
    for iface in [Interface::V7, Interface::V9] {
        let code = evm384_gen::build_pairing_check(iface, F2Mul::V3, false);
        let mut r = Runner::new(RunOptions { interface: iface, ..RunOptions::default() });
        r.deploy(&code);
        let e = r.run(&input).unwrap();
        let mut v: Vec<_> = e.counts.unwrap().named().collect();
        v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        println!("{iface}: {:?}", &v[..v.len().min(16)]);
    }
}

#[test]
#[ignore]
fn native_timing() {
    for f2mul in [F2Mul::V3, F2Mul::V4] {
        let exe = evm384_gen::NativePairingCheck::new(f2mul);
        for k in [1, 2] {
            let input = generator_pairs_input(k);
            let n = 20;
            let t = std::time::Instant::now();
            for _ in 0..n {
                assert!(exe.check(&input).is_ok());
            }
            println!("native {f2mul} k={k}: {:?} per pairing check", t.elapsed() / n);
        }
    }
}
