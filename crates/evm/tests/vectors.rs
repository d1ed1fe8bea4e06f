//! The published vectors through revm: `testdata/evm384/arith.json` (every case, every
//! interface) and `testdata/evm384/programs.json` (output and exact gas).

mod common;

use common::*;
use evm384_evm::{execute, Interface, Op, RunOptions, Runner, Schedule, SpecId, Status};

struct Case {
    op: Op,
    x: String,
    y: String,
    m: String,
    inv: Option<String>,
    out: String,
}

fn arith_cases() -> Vec<Case> {
    let json = load_json("evm384/arith.json");
    let field = |c: &serde_json::Value, k: &str| c[k].as_str().map(str::to_string);
    json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            op: match c["op"].as_str().unwrap() {
                "addmod384" => Op::AddMod384,
                "submod384" => Op::SubMod384,
                "mulmodmont384" => Op::MulModMont384,
                other => panic!("unknown op {other}"),
            },
            x: field(c, "x").unwrap(),
            y: field(c, "y").unwrap(),
            m: field(c, "m").unwrap(),
            inv: field(c, "inv"),
            out: field(c, "out").unwrap(),
        })
        .collect()
}

/// Calldata block of one case: x, y, m (and inv for MULMODMONT384).
fn block(interface: Interface, c: &Case) -> Vec<u8> {
    let mut b = value(interface, &c.x);
    b.extend(value(interface, &c.y));
    b.extend(value(interface, &c.m));
    if c.op == Op::MulModMont384 {
        b.extend(inv_bytes(interface, c.inv.as_deref().expect("mulmodmont384 case has inv")));
    }
    b
}

/// A straight-line program running `cases` (all of one op) from calldata blocks and returning
/// the results side by side.
fn batch_program(interface: Interface, op_: Op, n: usize) -> Vec<u8> {
    let block_len = 96 + op_.params_len() as u32;
    let out_base = block_len * n as u32;
    let mut code = copy_calldata();
    for i in 0..n as u32 {
        let b = i * block_len;
        code.extend(op(interface, op_, out_base + 48 * i, b, b + 48, b + 96));
    }
    code.extend(return_mem(out_base, 48 * n as u32));
    code
}

const BATCH: usize = 128;

#[test]
fn arith_vectors_in_every_interface() {
    let cases = arith_cases();
    assert!(cases.len() >= 3000, "only {} cases", cases.len());
    let mut checked = 0;
    for interface in Interface::ALL {
        let opts = RunOptions { interface, count_opcodes: false, ..RunOptions::default() };
        let mut runner = Runner::new(opts);
        for op_ in Op::ALL {
            let of_op: Vec<&Case> = cases.iter().filter(|c| c.op == op_).collect();
            for chunk in of_op.chunks(BATCH) {
                runner.deploy(&batch_program(interface, op_, chunk.len()));
                let calldata: Vec<u8> = chunk.iter().flat_map(|c| block(interface, c)).collect();
                let exec = runner.run(&calldata).unwrap();
                assert_eq!(exec.status, Status::Success, "{interface} {op_:?}");
                for (c, got) in chunk.iter().zip(exec.output.chunks(48)) {
                    assert_eq!(
                        got,
                        value(interface, &c.out),
                        "{interface} {} x={} y={} m={}",
                        op_.name(),
                        c.x,
                        c.y,
                        c.m
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 3 * cases.len());
}

fn program_cases() -> Vec<serde_json::Value> {
    load_json("evm384/programs.json")["cases"].as_array().unwrap().clone()
}

fn run_program(case: &serde_json::Value, spec: SpecId) -> evm384_evm::Execution {
    let interface: Interface = case["interface"].as_str().unwrap().parse().unwrap();
    let code = hex::decode(case["code"].as_str().unwrap()).unwrap();
    let calldata = hex::decode(case["calldata"].as_str().unwrap()).unwrap();
    let opts = RunOptions { interface, schedule: Schedule::Evmone, spec, ..RunOptions::default() };
    execute(&code, &calldata, &opts).unwrap()
}

#[test]
fn programs_give_the_published_output_and_gas() {
    let cases = program_cases();
    assert_eq!(cases.len(), 9);
    // The reference figures were measured with the Istanbul schedule; these programs use no
    // opcode whose price changed since, so every later fork must give the same gas.
    for spec in [SpecId::ISTANBUL, SpecId::PRAGUE, SpecId::OSAKA] {
        for case in &cases {
            let name = case["name"].as_str().unwrap();
            let exec = run_program(case, spec);
            assert_eq!(exec.status, Status::Success, "{name}");
            assert_eq!(hex::encode(&exec.output), case["output"].as_str().unwrap(), "{name}");
            assert_eq!(exec.gas_used, case["gas_used"].as_u64().unwrap(), "{name} {spec:?}");
        }
    }
}

#[test]
fn published_unit_test_gas_is_58_and_55() {
    let cases = program_cases();
    let gas = |name: &str| {
        let case = cases.iter().find(|c| c["name"] == name).unwrap();
        run_program(case, SpecId::OSAKA).gas_used
    };
    assert_eq!(gas("addmod_1_v7"), 58);
    assert_eq!(gas("addmod_1_v9"), 55);
    assert_eq!(gas("mulmod_garbage_inv_v7"), 74);
}
