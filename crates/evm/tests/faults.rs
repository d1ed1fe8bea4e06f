//! Fault behaviour: huge offsets, stack underflow, truncated v9 immediates, the v9
//! jump-analysis hazards, aliasing, and the runner's two gas paths.

mod common;

use common::*;
use evm384_arith::{addmod384, from_le_bytes, mulmodmont384, to_le_bytes};
use evm384_evm::{
    call_precompile, execute, precompile_caller_code, Interface, Op, RunOptions, Schedule, Status, BLS12_PAIRING_CHECK,
};

fn opts(interface: Interface) -> RunOptions {
    RunOptions { interface, ..RunOptions::default() }
}

fn halt_reason(status: &Status) -> &str {
    match status {
        Status::Halt(reason) => reason,
        other => panic!("expected a halt, got {other:?}"),
    }
}

#[test]
fn offsets_near_2_pow_32_run_out_of_gas() {
    let big = [u32::MAX, u32::MAX - 47, 0xffff_0000, 0x8000_0000];
    for interface in Interface::MAIN {
        for op_ in Op::ALL {
            for (i, &offset) in big.iter().enumerate() {
                // The huge offset in each operand position in turn.
                let mut o = [0u32, 0x30, 0x60, 0x90];
                o[i % 4] = offset;
                let code = op(interface, op_, o[0], o[1], o[2], o[3]);
                let exec = execute(&code, &[], &opts(interface)).unwrap();
                let reason = halt_reason(&exec.status);
                assert!(reason.starts_with("OutOfGas"), "{interface} {op_:?} {offset:#x}: {reason}");
                assert_eq!(exec.gas_used, opts(interface).gas_limit);
            }
        }
    }
}

#[test]
fn offsets_near_2_pow_32_with_enormous_gas_hit_the_memory_limit() {
    // 2^62 gas would pay for 4 GiB of memory: the 2^32 - 1 byte memory limit stops it first.
    let code = op(Interface::V9, Op::MulModMont384, 0, 0, 0, u32::MAX);
    let exec = execute(&code, &[], &RunOptions { gas_limit: 1 << 62, ..opts(Interface::V9) });
    let reason = halt_reason(&exec.unwrap().status).to_string();
    assert!(reason.starts_with("OutOfGas"), "{reason}");
}

#[test]
fn stack_underflow_in_v7_and_v8() {
    for interface in [Interface::V7, Interface::V8] {
        for op_ in Op::ALL {
            let exec = execute(&[op_.opcode()], &[], &opts(interface)).unwrap();
            assert_eq!(halt_reason(&exec.status), "StackUnderflow", "{interface} {op_:?}");
        }
    }
}

#[test]
fn truncated_v9_immediate_reads_zeros() {
    // c0 40 00: out = 0x40, and every missing byte is zero: x = y = params = 0.
    // Memory to 0x40 + 48 = 112 bytes (4 words, 12 gas) + 8 static.
    let exec = execute(&[0xc0, 0x40, 0x00], &[], &opts(Interface::V9)).unwrap();
    assert_eq!(exec.status, Status::Success);
    assert_eq!(exec.gas_used, 8 + 12);
    // A lone opcode byte: all offsets zero, 48 bytes of memory (2 words, 6 gas).
    let exec = execute(&[0xc2], &[], &opts(Interface::V9)).unwrap();
    assert_eq!((exec.status, exec.gas_used), (Status::Success, 24 + 6));
    let counts = exec.counts.unwrap();
    assert_eq!((counts.get(0xc2), counts.total()), (1, 2), "MULMODMONT384 then the padding STOP");
}

/// `PUSH1 target JUMP` followed by `rest`.
fn jump_to(target: u8, rest: &[u8]) -> Vec<u8> {
    let mut code = vec![0x60, target, JUMP];
    code.extend_from_slice(rest);
    code
}

/// A v9 ADDMOD384 whose immediate is `imm` (16 bytes).
fn v9_with_immediate(imm: [u8; 16]) -> Vec<u8> {
    let mut v = vec![0xc0];
    v.extend_from_slice(&imm);
    v
}

#[test]
fn v9_jumpdest_byte_inside_an_immediate_is_not_a_jumpdest() {
    let mut imm = [0u8; 16];
    imm[3] = JUMPDEST; // code byte 3 + 1 + 3 = 7
    let code = jump_to(7, &v9_with_immediate(imm));
    assert_eq!(code[7], JUMPDEST);
    let exec = execute(&code, &[], &opts(Interface::V9)).unwrap();
    assert_eq!(halt_reason(&exec.status), "InvalidJump");
    // In v7 the same bytes are an opcode 0xc0 of one byte, so the 0x5b is a real JUMPDEST.
    let exec = execute(&code, &[], &opts(Interface::V7)).unwrap();
    assert_eq!(exec.status, Status::Success);
}

#[test]
fn v9_push_byte_inside_an_immediate_does_not_hide_a_real_jumpdest() {
    let mut imm = [0u8; 16];
    imm[0] = 0x7f; // PUSH32 to revm's plain analysis: it would swallow the JUMPDEST below
    let mut rest = v9_with_immediate(imm); // bytes 3..20
    rest.push(JUMPDEST); // byte 20
    rest.extend(return_mem(0, 0));
    let code = jump_to(20, &rest);
    assert_eq!(code[20], JUMPDEST);
    let exec = execute(&code, &[], &opts(Interface::V9)).unwrap();
    assert_eq!(exec.status, Status::Success);
    // Control: treating 0xc0 as a one-byte opcode (v7 analysis) the JUMPDEST is hidden.
    let exec = execute(&code, &[], &opts(Interface::V7)).unwrap();
    assert_eq!(halt_reason(&exec.status), "InvalidJump");
}

#[test]
fn v9_truncated_immediate_at_the_end_is_not_a_jumpdest_and_runs_safely() {
    // PUSH1 4 JUMP c0 5b: the 0x5b is the first byte of a truncated immediate.
    let code = jump_to(4, &[0xc0, JUMPDEST]);
    let exec = execute(&code, &[], &opts(Interface::V9)).unwrap();
    assert_eq!(halt_reason(&exec.status), "InvalidJump");
    // Executed instead of jumped over: out = 0x5b, others zero; 0x5b + 48 = 139 bytes = 5 words.
    let exec = execute(&[0xc0, JUMPDEST], &[], &opts(Interface::V9)).unwrap();
    assert_eq!((exec.status, exec.gas_used), (Status::Success, 8 + 15));
    // A truncated PUSH32 at the very end as well.
    let exec = execute(&[0xc0, 0, 0x7f], &[], &opts(Interface::V9)).unwrap();
    assert_eq!(exec.status, Status::Success);
}

/// x = 5, m = p, inv = p's, laid out for v7: x at 0, m at 48, inv at 96.
fn aliasing_calldata() -> (Vec<u8>, [u64; 6], [u64; 6], u64) {
    let x: [u64; 6] = [5, 0, 0, 0, 0, 0x0123];
    let m = from_le_bytes(&value(Interface::V7, P).try_into().unwrap());
    let inv = u64::from_str_radix(P_INV.trim_start_matches("0x"), 16).unwrap();
    let mut cd = to_le_bytes(&x).to_vec();
    cd.extend(to_le_bytes(&m));
    cd.extend(inv.to_le_bytes());
    (cd, x, m, inv)
}

#[test]
fn output_may_alias_both_inputs() {
    let (calldata, x, m, inv) = aliasing_calldata();
    for interface in [Interface::V7, Interface::V9] {
        for (op_, expected) in
            [(Op::AddMod384, addmod384(&x, &x, &m)), (Op::MulModMont384, mulmodmont384(&x, &x, &m, inv))]
        {
            let mut code = copy_calldata();
            code.extend(op(interface, op_, 0, 0, 0, 48));
            code.extend(return_mem(0, 48));
            let exec = execute(&code, &calldata, &opts(interface)).unwrap();
            assert_eq!(exec.output, to_le_bytes(&expected), "{interface} {op_:?}");
        }
    }
}

#[test]
fn fast_and_counting_paths_report_the_same_frame_gas() {
    let (calldata, ..) = aliasing_calldata();
    let mut ok = copy_calldata();
    ok.extend(op(Interface::V7, Op::MulModMont384, 0, 0, 0, 48));
    ok.extend(return_mem(0, 48));
    let revert = vec![0x60, 1, 0x60, 0, 0xfd];
    let halt = vec![0xc0];
    for (code, status) in [(ok, "success"), (revert, "revert"), (halt, "halt")] {
        let slow = execute(&code, &calldata, &RunOptions::default()).unwrap();
        let fast = RunOptions { count_opcodes: false, ..RunOptions::default() };
        let fast = execute(&code, &calldata, &fast).unwrap();
        assert_eq!(slow.status.name(), status);
        assert_eq!((slow.gas_used, slow.status), (fast.gas_used, fast.status));
        assert!(fast.counts.is_none() && slow.counts.is_some());
    }
}

fn pairing_vector() -> (Vec<u8>, Vec<u8>, u64) {
    let cases = evm384_vectors::load(&testdata("eip2537/eips-assets/pairing_check_bls.json")).unwrap();
    let case = &cases[9]; // e(G1,G2)*e(G1,-G2)=1: two pairs
    let evm384_vectors::Expected::Output(expected) = &case.expected else { panic!("a success case") };
    (case.input.clone(), expected.clone(), case.gas.unwrap())
}

#[test]
fn pairing_precompile_directly_and_through_a_contract() {
    let (input, expected, gas) = pairing_vector();
    for count_opcodes in [false, true] {
        let opts = RunOptions { count_opcodes, ..RunOptions::default() };
        let direct = call_precompile(BLS12_PAIRING_CHECK, &input, &opts).unwrap();
        assert_eq!((direct.status, &direct.output, direct.gas_used), (Status::Success, &expected, gas));
        let code = precompile_caller_code(BLS12_PAIRING_CHECK);
        let via = execute(&code, &input, &opts).unwrap();
        assert_eq!((via.status, &via.output), (Status::Success, &expected));
        assert!(via.gas_used > gas && via.gas_used < gas + 1000, "{}", via.gas_used);
    }
    // A failing precompile call makes the caller revert.
    let via = execute(&precompile_caller_code(BLS12_PAIRING_CHECK), &[1, 2, 3], &RunOptions::default());
    assert_eq!(via.unwrap().status, Status::Revert);
}

#[test]
fn fractional_schedule_is_charged_rounded_up() {
    let code = op(Interface::V9, Op::AddMod384, 0, 0, 0, 0);
    let opts = RunOptions { schedule: Schedule::ModelBFractional, count_opcodes: false, ..opts(Interface::V9) };
    let exec = execute(&code, &[], &opts).unwrap();
    // ADDMOD384 0.8 charged as 1, plus 2 words of memory (6).
    assert_eq!(exec.gas_used, 1 + 6);
    let by = exec.gas_by_schedule.expect("fractional schedules always count");
    assert_eq!(by.decigas(Schedule::ModelBFractional), 8 + 60);
}
