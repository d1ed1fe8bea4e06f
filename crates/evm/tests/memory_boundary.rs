//! Memory expansion at the boundary: the opcodes read their operands straight from the context
//! memory after `resize_memory` (no per-read bounds check), so check every way the needed size
//! `max(out, x, y, params) + 48 (56)` can relate to the current size — exactly equal (no
//! growth, nothing charged), one byte short, one byte over (growth by a partial word) — with
//! unaligned offsets, an input straddling the old end of memory (reads zeros past it) and the
//! largest offset being the output, the modulus or an input. Results and gas are compared with
//! the arithmetic crate and the standard memory-cost formula.

mod common;

use common::*;
use evm384_arith::{
    addmod384, from_be_bytes, from_le_bytes, mulmodmont384, submod384, to_be_bytes, to_le_bytes, Limbs,
};
use evm384_evm::{execute, Interface, Op, RunOptions, Schedule, Status};

/// Memory size before the instruction: calldata of this length is copied to offset 0.
const SIZE: usize = 256;

/// Standard memory cost of `words` 32-byte words (3 per word plus words² / 512).
fn memory_cost(words: usize) -> u64 {
    (3 * words + words * words / 512) as u64
}

fn words(bytes: usize) -> usize {
    bytes.div_ceil(32)
}

/// Static gas of `op` under the evmone schedule.
fn static_gas(op_: Op) -> u64 {
    match op_ {
        Op::MulModMont384 => 24,
        _ => 8,
    }
}

/// Gas of the PUSH16 carrying the offsets in v7/v8 (v9 has an immediate instead).
fn push16_gas(interface: Interface) -> u64 {
    match interface {
        Interface::V9 => 0,
        _ => 3,
    }
}

/// Deterministic calldata filling memory: not field elements, just bytes (nothing is validated).
fn calldata() -> Vec<u8> {
    (0..SIZE).map(|i| (i as u8).wrapping_mul(151).wrapping_add(7)).collect()
}

fn decode(interface: Interface, b: &[u8]) -> Limbs {
    let b: &[u8; 48] = b.try_into().unwrap();
    if interface.big_endian_values() {
        from_be_bytes(b)
    } else {
        from_le_bytes(b)
    }
}

fn encode(interface: Interface, v: &Limbs) -> [u8; 48] {
    if interface.big_endian_values() {
        to_be_bytes(v)
    } else {
        to_le_bytes(v)
    }
}

/// The expected 48 output bytes, from memory as it is after expansion (zeros past `SIZE`).
fn expected(interface: Interface, op_: Op, [out, x, y, params]: [usize; 4]) -> [u8; 48] {
    let mut mem = calldata();
    let needed = [out, x, y, params].into_iter().max().unwrap() + op_.params_len();
    mem.resize(mem.len().max(words(needed) * 32), 0);
    let v = |o: usize| decode(interface, &mem[o..o + 48]);
    let (x, y, m) = (v(x), v(y), v(params));
    let result = match op_ {
        Op::AddMod384 => addmod384(&x, &y, &m),
        Op::SubMod384 => submod384(&x, &y, &m),
        Op::MulModMont384 => {
            let b: [u8; 8] = mem[params + 48..params + 56].try_into().unwrap();
            let inv = if interface.big_endian_values() { u64::from_be_bytes(b) } else { u64::from_le_bytes(b) };
            mulmodmont384(&x, &y, &m, inv)
        }
    };
    encode(interface, &result)
}

fn run(interface: Interface, code: &[u8]) -> evm384_evm::Execution {
    let opts = RunOptions { interface, schedule: Schedule::Evmone, ..RunOptions::default() };
    let exec = execute(code, &calldata(), &opts).unwrap();
    assert_eq!(exec.status, Status::Success);
    exec
}

#[test]
fn expansion_exactly_at_and_around_the_boundary() {
    for interface in Interface::MAIN {
        for op_ in Op::ALL {
            let top = SIZE - op_.params_len(); // largest offset that needs no growth
            let cases: [(&str, [usize; 4]); 8] = [
                ("exact, params largest", [7, 1, 13, top]),
                ("exact, out largest", [top, 3, 5, 9]),
                ("exact, x largest", [0, top, 48, 96]),
                ("one byte short", [top - 1, 2, top - 1, 17]),
                ("one byte over, out largest", [top + 1, 0, 48, 96]),
                ("one byte over, params largest", [5, 11, 40, top + 1]),
                ("partial word, y straddles the end", [1, 64, SIZE - 20, 100]),
                ("a word and more, all alias", [top + 40, top + 40, top + 40, top + 40]),
            ];
            for (name, offsets @ [out, x, y, params]) in cases {
                let instr = op(interface, op_, out as u32, x as u32, y as u32, params as u32);
                let needed = offsets.into_iter().max().unwrap() + op_.params_len();
                let what = format!("{interface} {op_:?} {name} {offsets:?}");

                // Output: RETURN(out, 48) never grows memory further (out + 48 <= needed).
                let mut code = copy_calldata();
                code.extend(&instr);
                code.extend(return_mem(out as u32, 48));
                let exec = run(interface, &code);
                assert_eq!(exec.output, expected(interface, op_, offsets), "{what}");

                // Gas: the PUSH16 (v7, v8: 3) and the static price, plus expansion from SIZE
                // to `needed` bytes (zero if none).
                let mut with = copy_calldata();
                with.extend(&instr);
                with.push(0x00);
                let mut without = copy_calldata();
                without.push(0x00);
                let expansion = memory_cost(words(needed).max(words(SIZE))) - memory_cost(words(SIZE));
                assert_eq!(
                    run(interface, &with).gas_used - run(interface, &without).gas_used,
                    push16_gas(interface) + static_gas(op_) + expansion,
                    "{what}"
                );
            }
        }
    }
}
