//! Runs a straight-line program of `n` EVM384 instructions (or POPs) `reps` times, for profiling
//! the opcode path under callgrind or perf:
//! `opcost <v7|v8|v9> <add|sub|mul|pop> [n] [samples]` prints ns per instruction (median, min);
//! `opcost <v7|v8|v9> file CODE.hex CALLDATA.hex [samples]` times a contract;
//! `opcost evmmax <add|sub|mul|add2|sub2|mul2|load|store> [n] [samples]` the same straight-line
//! program in EVMMAX (one BLS12-381 context, `ADDMODX`/`SUBMODX`/`MULMODX` with count 1 or 2, or
//! `LOADX`/`STOREX` of one value), beside `v9`'s. Timed with the project's harness (`evm384-timing`).

use evm384_arith::isa::{encode, Op, Operands};
use evm384_evm::bench::{P, P_INV, X, Y};
use evm384_evm::{Interface, RunOptions, Runner, Schedule, Status};
use evm384_timing::{measure, Plan};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("evmmax") {
        return run_evmmax(
            args.get(2).map_or("add", |s| s),
            args.get(3).map_or(1000, |s| s.parse().unwrap()),
            args.get(4).map_or(100, |s| s.parse().unwrap()),
        );
    }
    let interface: Interface = args.get(1).map_or("v7", |s| s).parse().unwrap();
    if args.get(2).map(String::as_str) == Some("file") {
        return run_file(interface, &args[3], &args[4], args.get(5).map_or(20, |s| s.parse().unwrap()));
    }
    let op = match args.get(2).map_or("add", |s| s) {
        "add" => Some(Op::AddMod384),
        "sub" => Some(Op::SubMod384),
        "mul" => Some(Op::MulModMont384),
        "pop" => None,
        other => panic!("unknown op {other}"),
    };
    let n: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let reps: usize = args.get(4).map_or(100, |s| s.parse().unwrap());

    let operands = Operands { out: 0, x: 0, y: 48, params: 96 };
    let mut code = vec![0x36, 0x60, 0x00, 0x60, 0x00, 0x37]; // CALLDATACOPY(0, 0, CALLDATASIZE)
    for _ in 0..n {
        let mut instr = encode(interface, op.unwrap_or(Op::AddMod384), &operands, P_INV)
            .unwrap_or_else(|e| panic!("{interface}: {e}"));
        if op.is_none() {
            // v7/v8: PUSH16 w; POP. v9: no word to pop, so the "POP" program is just JUMPDESTs.
            match interface {
                Interface::V9 => instr = vec![0x5b],
                _ => *instr.last_mut().unwrap() = 0x50,
            }
        }
        code.extend_from_slice(&instr);
    }
    code.push(0x00);

    let be = interface.big_endian_values();
    let mut cd = Vec::new();
    for v in [X, Y, P] {
        cd.extend_from_slice(&if be { evm384_arith::to_be_bytes(&v) } else { evm384_arith::to_le_bytes(&v) });
    }
    cd.extend_from_slice(&if be { P_INV.to_be_bytes() } else { P_INV.to_le_bytes() });

    let opts = RunOptions { interface, schedule: Schedule::Evmone, count_opcodes: false, ..RunOptions::default() };
    let mut runner = Runner::new(opts);
    runner.deploy(&code);
    let m = measure(
        Plan::QUICK.with_samples(reps),
        &mut [&mut || {
            let exec = runner.run(&cd).unwrap();
            assert_eq!(exec.status, Status::Success);
        }],
    )
    .remove(0)
    .per(n as f64);
    println!("{interface} {} n={n}: {} per instruction", args.get(2).map_or("add", |s| s), m.summary());
}

fn run_file(interface: Interface, code: &str, calldata: &str, reps: usize) {
    let read = |p: &str| hex::decode(std::fs::read_to_string(p).unwrap().trim().trim_start_matches("0x")).unwrap();
    let (code, cd) = (read(code), read(calldata));
    let opts = RunOptions { interface, schedule: Schedule::Evmone, count_opcodes: false, ..RunOptions::default() };
    let mut runner = Runner::new(opts);
    runner.deploy(&code);
    let m = measure(
        Plan::QUICK.with_samples(reps),
        &mut [&mut || {
            let exec = runner.run(&cd).unwrap();
            assert_eq!(exec.status, Status::Success);
        }],
    )
    .remove(0);
    println!("{interface} contract: {}", m.summary());
}

/// `n` EVMMAX instructions on a BLS12-381 context of 8 registers: r0 = r0 op r1 for the
/// arithmetic (each result feeds the next), or LOADX / STOREX of one value between r0 and
/// memory.
fn run_evmmax(op: &str, n: usize, reps: usize) {
    use evm384_evm::InstructionSet;
    let push2 = |v: u16| [0x61, (v >> 8) as u8, v as u8];
    let be = |v: &[u64; 6]| v.iter().rev().flat_map(|w| w.to_be_bytes()).collect::<Vec<u8>>();
    let cd = [be(&P), be(&X), be(&Y)].concat();

    // CALLDATACOPY(0, 0, CALLDATASIZE): p at 0, x at 48, y at 96; SETMODX(id 0, offset 0, size
    // 48, 8 registers); STOREX of x, y to r0, r1 and again to r2, r3
    let mut code = vec![0x36, 0x60, 0x00, 0x60, 0x00, 0x37];
    for v in [8, 48, 0, 0] {
        code.extend(push2(v));
    }
    code.push(0xc0);
    for (dest, count) in [(0, 2), (2, 2)] {
        for v in [count, 48, dest] {
            code.extend(push2(v));
        }
        code.push(0xc2);
    }
    for _ in 0..n {
        match op {
            // r0 = r0 op r1; the "2" forms: (r0, r1) = (r0, r1) op (r2, r3), count 2
            "add" | "sub" | "mul" | "add2" | "sub2" | "mul2" => {
                let byte = match &op[..3] {
                    "add" => 0xc3,
                    "sub" => 0xc4,
                    _ => 0xc5,
                };
                code.extend(if op.ends_with('2') { [byte, 0, 1, 0, 1, 2, 1, 2] } else { [byte, 0, 1, 0, 1, 1, 1, 1] });
            }
            // LOADX(dest 0, r0, 1) / STOREX(r0, from 48, 1)
            "load" | "store" => {
                let (ops, byte) = if op == "load" { ([1, 0, 0], 0xc1) } else { ([1, 48, 0], 0xc2) };
                for v in ops {
                    code.extend(push2(v));
                }
                code.push(byte);
            }
            other => panic!("unknown op {other}"),
        }
    }
    code.push(0x00);
    let opts =
        RunOptions { count_opcodes: false, ..RunOptions::default() }.with_instruction_set(InstructionSet::Evmmax);
    let mut runner = Runner::new(opts);
    runner.deploy(&code);
    assert_eq!(runner.run(&cd).unwrap().status, Status::Success);
    let m = measure(
        Plan::QUICK.with_samples(reps),
        &mut [&mut || {
            let exec = runner.run(&cd).unwrap();
            assert_eq!(exec.status, Status::Success);
        }],
    )
    .remove(0)
    .per(n as f64);
    println!("evmmax {op} n={n}: {} per instruction", m.summary());
}
