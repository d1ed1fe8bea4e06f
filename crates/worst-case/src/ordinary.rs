//! The ordinary families (no EVM384 opcode), run as v7 code: KECCAK256, stack arithmetic chains,
//! MLOAD/MSTORE and MCOPY loops at spread offsets.

use evm384_evm::Interface;

use crate::asm::{Offsets, ADD, ADDMOD, DIV, DUP3, EXP, KECCAK256, MCOPY, MLOAD, MSTORE, MUL, MULMOD, POP, SWAP1};
use crate::program::{looped, Program, BODY};

/// The ordinary families (no EVM384 opcode), run as v7 code.
pub(crate) fn programs() -> Vec<Program> {
    let mut out = Vec::new();
    let mut add = |name: &str, memory: u32, code: Vec<u8>| {
        out.push(Program {
            name: name.into(),
            kind: "ordinary",
            interface: "v7",
            memory_bytes: memory,
            code,
            interface_value: Interface::V7,
        });
    };
    let big = [0xff; 32];
    for (name, size, memory) in [("keccak256-32b", 32u64, 1024u32), ("keccak256-1k", 1024, 1 << 20)] {
        let mut offsets = Offsets(size);
        add(
            name,
            memory,
            looped(memory, 64, |a| {
                for _ in 0..BODY {
                    a.push(size).push(offsets.within(memory.max(2048) - 1024) as u64).op(KECCAK256).op(POP);
                }
            }),
        );
    }
    // Stack arithmetic on full-width words: x op= y, BODY times.
    for (name, op, three) in [
        ("mulmod", MULMOD, true),
        ("addmod", ADDMOD, true),
        ("mul", MUL, false),
        ("div", DIV, false),
        ("exp", EXP, false),
        ("add", ADD, false),
    ] {
        add(
            &format!("{name}-chain"),
            1024,
            looped(1024, 64, |a| {
                let mut m = big;
                m[0] = 0x7f;
                a.push_word(m).push_word(big).push_word([0xab; 32]);
                for _ in 0..BODY {
                    if three {
                        a.op(DUP3).op(DUP3).op(DUP3).op(op).op(SWAP1).op(POP);
                    } else {
                        a.op(DUP3).op(DUP3).op(op).op(SWAP1).op(POP);
                    }
                }
                a.op(POP).op(POP).op(POP);
            }),
        );
    }
    for memory in [1u32 << 16, 1 << 21] {
        let mut offsets = Offsets(memory as u64);
        add(
            &format!("mload-mstore/spread-{}k", memory / 1024),
            memory,
            looped(memory, 64, |a| {
                for _ in 0..BODY / 2 {
                    a.push(offsets.within(memory) as u64).op(MLOAD).push(offsets.within(memory) as u64).op(MSTORE);
                }
            }),
        );
        for len in [48u64, 1024] {
            let mut offsets = Offsets(memory as u64 ^ len);
            add(
                &format!("mcopy-{len}b/spread-{}k", memory / 1024),
                memory,
                looped(memory, 64, |a| {
                    for _ in 0..BODY {
                        a.push(len)
                            .push(offsets.within(memory - 1024) as u64)
                            .push(offsets.within(memory - 1024) as u64)
                            .op(MCOPY);
                    }
                }),
            );
        }
    }
    out
}
