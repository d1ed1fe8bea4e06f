//! The published vectors through revm: `testdata/evm384/arith.json` (every case, in every
//! interface that can express it) and `testdata/evm384/programs.json` (output and exact gas).

mod common;

use common::*;
use evm384_arith::isa::{encode, Addressing, Modulus, V6_PARAMS_ADDR, V6_REGISTER_BYTES};
use evm384_evm::{execute, Interface, Op, Operands, RunOptions, Runner, Schedule, SpecId, Status};

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

/// MULMODMONT384's `inv` as a number (0 for the other operations, which have none).
fn inv_value(c: &Case) -> u64 {
    c.inv.as_deref().map_or(0, |s| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap())
}

/// Whether the case computes modulo BLS12-381's p (and, for MULMODMONT384, with its `inv`):
/// the only cases v4 and v5, which build both in, can express.
fn is_bls12_381(c: &Case) -> bool {
    let p_inv = u64::from_str_radix(P_INV.trim_start_matches("0x"), 16).unwrap();
    be48(&c.m) == be48(P) && (c.op != Op::MulModMont384 || inv_value(c) == p_inv)
}

/// Whether `interface` can express the case: every interface but v4 and v5 takes its modulus
/// (and `inv`) from the program.
fn expressible(interface: Interface, c: &Case) -> bool {
    match interface.addressing() {
        Addressing::StackItems { modulus: Modulus::Bls12_381, .. } => is_bls12_381(c),
        _ => true,
    }
}

/// One run of several cases of one op: the code, its calldata, and where case `i`'s result
/// lies in the returned data (`start + stride·i`, 48 bytes).
struct Batch {
    code: Vec<u8>,
    calldata: Vec<u8>,
    start: usize,
    stride: usize,
}

/// The cases of one run, laid out as `interface` addresses its operands:
/// - v7, v8, v9, v7s: calldata blocks (x, y, m[, inv]) copied to memory, results side by side
///   after them (the instruction expands memory to reach them);
/// - v1–v5: the same blocks, then the result slots, also in calldata, so that memory covers
///   them before the first instruction (v3 and v5 do not expand it). v1 computes in place: its
///   slot holds the case's x and is both `x` and `out`. v1–v3 push `inv` (a stack item), v4 and
///   v5 ignore the block's m (theirs is built in);
/// - v6: registers `3i` (x), `3i + 1` (y), `3i + 2` (out) from calldata, and before each case
///   its m ‖ inv copied from calldata into the parameter register at 12288 (at most
///   [`V6_BATCH`] cases).
fn batch(interface: Interface, op_: Op, cases: &[&Case]) -> Batch {
    let n = cases.len() as u32;
    let block_len = 96 + op_.params_len() as u32;
    let out_base = block_len * n;
    let mut code = Vec::new();
    let mut calldata: Vec<u8> = cases.iter().flat_map(|c| block(interface, c)).collect();
    match interface.addressing() {
        Addressing::PackedWord { .. } | Addressing::Immediate => {
            code.extend(copy_calldata());
            for i in 0..n {
                let b = i * block_len;
                code.extend(op(interface, op_, out_base + 48 * i, b, b + 48, b + 96));
            }
            code.extend(return_mem(out_base, 48 * n));
            Batch { code, calldata, start: 0, stride: 48 }
        }
        Addressing::StackItems { out, .. } => {
            for c in cases {
                calldata.extend(if out { vec![0; 48] } else { value(interface, &c.x) });
            }
            code.extend(copy_calldata());
            for (i, c) in (0..n).zip(cases) {
                let (b, slot) = (i * block_len, out_base + 48 * i);
                let x = if out { b } else { slot };
                let operands = Operands { out: slot, x, y: b + 48, params: b + 96 };
                code.extend(encode(interface, op_, &operands, inv_value(c)).unwrap());
            }
            code.extend(return_mem(out_base, 48 * n));
            Batch { code, calldata, start: 0, stride: 48 }
        }
        Addressing::Registers => {
            assert!(cases.len() <= V6_BATCH);
            let regs_len = 144 * n;
            calldata = Vec::new();
            for c in cases {
                calldata.extend(value(interface, &c.x));
                calldata.extend(value(interface, &c.y));
                calldata.extend([0; 48]);
            }
            for c in cases {
                calldata.extend(value(interface, &c.m));
                calldata.extend(match c.op {
                    Op::MulModMont384 => inv_bytes(interface, c.inv.as_deref().unwrap()),
                    _ => vec![0; 8],
                });
            }
            // CALLDATACOPY(0, 0, 144 n): the registers.
            code.extend(push4(regs_len));
            code.extend([0x60, 0, 0x60, 0, CALLDATACOPY]);
            for i in 0..n {
                // CALLDATACOPY(12288, 144 n + 56 i, 56): this case's m ‖ inv.
                code.extend([0x60, 56]);
                code.extend(push4(regs_len + 56 * i));
                code.extend(push4(V6_PARAMS_ADDR));
                code.push(CALLDATACOPY);
                let operands =
                    Operands { out: 48 * (3 * i + 2), x: 48 * 3 * i, y: 48 * (3 * i + 1), params: V6_PARAMS_ADDR };
                code.extend(encode(interface, op_, &operands, 0).unwrap());
            }
            code.extend(return_mem(0, regs_len));
            Batch { code, calldata, start: 96, stride: 144 }
        }
    }
}

const BATCH: usize = 128;
/// v6's 256 registers hold 85 cases of three registers each.
const V6_BATCH: usize = (V6_PARAMS_ADDR / V6_REGISTER_BYTES / 3) as usize;

/// Every case of `testdata/evm384/arith.json` in every interface that can express it (v4 and v5
/// only the BLS12-381 ones), each result compared with the file's.
#[test]
fn arith_vectors_in_every_interface() {
    let cases = arith_cases();
    assert!(cases.len() >= 3000, "only {} cases", cases.len());
    // v4 and v5 build BLS12-381's p and inv in: the file's cases with exactly those parameters.
    let bls = cases.iter().filter(|c| is_bls12_381(c)).count();
    let bls_by_op = Op::ALL.map(|o| cases.iter().filter(|c| c.op == o && is_bls12_381(c)).count());
    assert_eq!(bls_by_op, [805, 766, 802], "BLS12-381 cases of arith.json per op (add, sub, mul)");
    assert!(bls > 0);
    let mut total = 0;
    for interface in Interface::ALL {
        let opts = RunOptions { interface, count_opcodes: false, ..RunOptions::default() };
        let mut runner = Runner::new(opts);
        let mut checked = 0;
        for op_ in Op::ALL {
            let of_op: Vec<&Case> = cases.iter().filter(|c| c.op == op_ && expressible(interface, c)).collect();
            let size = if interface == Interface::V6 { V6_BATCH } else { BATCH };
            for chunk in of_op.chunks(size) {
                let b = batch(interface, op_, chunk);
                runner.deploy(&b.code);
                let exec = runner.run(&b.calldata).unwrap();
                assert_eq!(exec.status, Status::Success, "{interface} {op_:?}");
                for (i, c) in chunk.iter().enumerate() {
                    let at = b.start + b.stride * i;
                    assert_eq!(
                        &exec.output[at..at + 48],
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
        let expected = match interface {
            Interface::V4 | Interface::V5 => bls,
            _ => cases.len(),
        };
        assert_eq!(checked, expected, "{interface}");
        total += checked;
    }
    assert_eq!(total, 8 * cases.len() + 2 * bls);
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
