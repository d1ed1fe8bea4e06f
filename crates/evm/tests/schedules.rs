//! Gas schedules: the EVM-charged gas of every integer schedule equals the after-the-fact
//! figure computed from any other run's histogram; published figures per schedule.

mod common;

use common::*;
use evm384_evm::{execute, Execution, Interface, Op, RunOptions, Schedule, Status};

/// A program exercising every repriced opcode: CALLDATACOPY, the three EVM384 ops, DUP,
/// MLOAD, MSTORE, PUSH1/PUSH4/PUSH16 (v7/v8), RETURN.
fn program(interface: Interface) -> Vec<u8> {
    let mut code = copy_calldata();
    code.extend(op(interface, Op::AddMod384, 0x100, 0, 48, 96));
    code.extend(op(interface, Op::SubMod384, 0x130, 0x100, 48, 96));
    code.extend(op(interface, Op::MulModMont384, 0x160, 0x130, 0x100, 96));
    code.extend([0x60, 0x20, 0x80, 0x51, 0x90, 0x52]); // PUSH1 32 DUP1 MLOAD SWAP1 MSTORE
    code.extend(return_mem(0x100, 0x90));
    code
}

fn calldata(interface: Interface) -> Vec<u8> {
    let mut cd = value(interface, "0x1234567890abcdef");
    cd.extend(value(interface, "0xfedcba0987654321fedcba"));
    cd.extend(value(interface, P));
    cd.extend(inv_bytes(interface, P_INV));
    cd
}

fn run(interface: Interface, schedule: Schedule) -> Execution {
    let opts = RunOptions { interface, schedule, ..RunOptions::default() };
    let exec = execute(&program(interface), &calldata(interface), &opts).unwrap();
    assert_eq!(exec.status, Status::Success);
    exec
}

#[test]
fn charged_gas_equals_after_the_fact_gas_for_every_integer_schedule() {
    for interface in Interface::MAIN {
        let runs: Vec<(Schedule, Execution)> = Schedule::ALL.into_iter().map(|s| (s, run(interface, s))).collect();
        let reference = runs[0].1.gas_by_schedule.clone().unwrap();
        for (charged, exec) in &runs {
            let by = exec.gas_by_schedule.as_ref().unwrap();
            // The same figures whatever schedule the EVM charged.
            assert_eq!(by, &reference, "{interface} charged {charged}");
            if charged.is_integer() {
                assert_eq!(by.decigas(*charged), exec.gas_used * 10, "{interface} {charged}");
            } else {
                // Fractional prices are charged rounded up: never less than the exact figure.
                assert!(exec.gas_used as f64 >= by.gas(*charged), "{interface} {charged}");
            }
            assert_eq!(exec.output, runs[0].1.output);
        }
    }
}

#[test]
fn schedules_reprice_what_they_say() {
    let exec = run(Interface::V7, Schedule::Evmone);
    let by = exec.gas_by_schedule.unwrap();
    let counts = exec.counts.unwrap();
    let (pushes, dups) =
        ((0x5f..=0x7f).map(|o| counts.get(o)).sum::<u64>(), (0x80..=0x8f).map(|o| counts.get(o)).sum::<u64>());
    assert_eq!((counts.get(0xc0), counts.get(0xc1), counts.get(0xc2)), (1, 1, 1));
    assert_eq!((pushes, dups, counts.get(0x51), counts.get(0x52)), (2 + 3 + 1 + 2, 1, 1, 1));
    let gas = |s: Schedule| by.decigas(s) as i64;
    // evmone - model A: EVM384 (8+8+24) - (2+2+6) = 30 gas.
    assert_eq!(gas(Schedule::Evmone) - gas(Schedule::ModelA), 300);
    assert_eq!(gas(Schedule::ModelA) - gas(Schedule::ModelB), 50);
    // pushdup2: every PUSH and DUP one gas cheaper (PUSH0 would stay at 2).
    assert_eq!(gas(Schedule::ModelA) - gas(Schedule::ModelAPushDup2), 10 * (pushes + dups) as i64);
    // repriced: PUSH/DUP/MLOAD/MSTORE at 1, and MULMODMONT384 at 5 in model A.
    let repriced = 20 * (pushes + dups + 2) as i64;
    assert_eq!(gas(Schedule::ModelA) - gas(Schedule::ModelARepriced), repriced + 10);
    assert_eq!(gas(Schedule::ModelB) - gas(Schedule::ModelBRepriced), repriced);
    // fractional: 1.1/1.1/5.0 vs 2/2/6, PUSH 0.9, DUP 0.7, MLOAD 1.0, MSTORE 0.8.
    let frac_rest = (30 - 9) * pushes as i64 + (30 - 7) * dups as i64 + 20 + 22;
    assert_eq!(gas(Schedule::ModelA) - gas(Schedule::ModelAFractional), 9 + 9 + 10 + frac_rest);
    assert_eq!(gas(Schedule::ModelB) - gas(Schedule::ModelBFractional), 2 + 3 + frac_rest);
}

#[test]
fn published_add_program_under_every_schedule() {
    // programs.json addmod_1_v7: CALLDATASIZE, 5 PUSHes, CALLDATACOPY (33 with memory),
    // ADDMOD384, RETURN.
    let case = load_json("evm384/programs.json")["cases"][0].clone();
    assert_eq!(case["name"], "addmod_1_v7");
    let code = hex::decode(case["code"].as_str().unwrap()).unwrap();
    let cd = hex::decode(case["calldata"].as_str().unwrap()).unwrap();
    let exec = execute(&code, &cd, &RunOptions::default()).unwrap();
    let by = exec.gas_by_schedule.unwrap();
    let expect = [
        (Schedule::Evmone, 580),
        (Schedule::ModelA, 520),
        (Schedule::ModelB, 510),
        (Schedule::ModelAPushDup2, 470),
        (Schedule::ModelBPushDup2, 460),
        (Schedule::ModelARepriced, 420),
        (Schedule::ModelBRepriced, 410),
        (Schedule::ModelAFractional, 406),
        (Schedule::ModelBFractional, 403),
    ];
    for (s, decigas) in expect {
        assert_eq!(by.decigas(s), decigas, "{s}");
    }
}

#[test]
fn after_the_fact_gas_holds_across_calls() {
    // A contract STATICCALLing the pairing precompile: dynamic gas includes the subcall.
    use evm384_evm::{precompile_caller_code, BLS12_PAIRING_CHECK};
    let cases = evm384_vectors::load(&testdata("eip2537/eips-assets/pairing_check_bls.json")).unwrap();
    let input = cases[0].input.clone();
    let code = precompile_caller_code(BLS12_PAIRING_CHECK);
    let run = |schedule| {
        let opts = RunOptions { schedule, ..RunOptions::default() };
        execute(&code, &input, &opts).unwrap()
    };
    let (evmone, repriced) = (run(Schedule::Evmone), run(Schedule::ModelBRepriced));
    let by = evmone.gas_by_schedule.unwrap();
    assert_eq!(by, repriced.gas_by_schedule.unwrap());
    assert_eq!(by.decigas(Schedule::ModelBRepriced), repriced.gas_used * 10);
    assert!(evmone.gas_used > repriced.gas_used);
}
