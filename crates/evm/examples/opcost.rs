//! Runs a straight-line program of `n` EVM384 instructions (or POPs) `reps` times, for profiling
//! the opcode path under callgrind or perf:
//! `opcost <v7|v8|v9> <add|sub|mul|pop> [n] [samples]` prints ns per instruction (median, min);
//! `opcost <v7|v8|v9> file CODE.hex CALLDATA.hex [samples]` times a contract. Timed with the
//! project's harness (`evm384-timing`).

use evm384_arith::isa::{encode, Op, Operands};
use evm384_evm::bench::{P, P_INV, X, Y};
use evm384_evm::{Interface, RunOptions, Runner, Schedule, Status};
use evm384_timing::{measure, Plan};

fn main() {
    let args: Vec<String> = std::env::args().collect();
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
        let mut instr = encode(interface, op.unwrap_or(Op::AddMod384), &operands);
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
