//! The EVM384 families (v7, v9): each operation and a mix, hot or spread operands, aliased or
//! separate, and mixes with MLOAD / MSTORE / MCOPY.

use evm384_arith::isa::{encode, Op, Operands};
use evm384_evm::Interface;

use crate::asm::{Offsets, MCOPY, MLOAD, MSTORE, POP};
use crate::program::{looped, Program, BODY, MEMORY_SIZES, PARAMS};

/// How an EVM384 family places its operands.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// All within the first KiB.
    Hot,
    /// Spread over this many bytes.
    Spread(u32),
}

/// The EVM384 families.
pub(crate) fn programs(interface: Interface) -> Vec<Program> {
    let ops: [(&str, &[Op]); 4] = [
        ("mulmodmont384", &[Op::MulModMont384]),
        ("addmod384", &[Op::AddMod384]),
        ("submod384", &[Op::SubMod384]),
        ("mix", &[Op::MulModMont384, Op::AddMod384, Op::SubMod384]),
    ];
    let layouts = std::iter::once(Layout::Hot).chain(MEMORY_SIZES.iter().map(|&m| Layout::Spread(m)));
    let mut out = Vec::new();
    for layout in layouts {
        let memory = match layout {
            Layout::Hot => 1024,
            Layout::Spread(m) => m,
        };
        for (name, cycle) in ops {
            for aliased in [false, true] {
                let mut offsets = Offsets(memory as u64 ^ (aliased as u64) << 40 ^ name.len() as u64);
                let place = |offsets: &mut Offsets| match layout {
                    Layout::Hot => 64 + (offsets.next() % 16) as u32 * 48,
                    Layout::Spread(m) => offsets.within(m),
                };
                let mut operands = Vec::with_capacity(BODY);
                for _ in 0..BODY {
                    let out_ = place(&mut offsets);
                    let (x, y) = if aliased { (out_, out_) } else { (place(&mut offsets), place(&mut offsets)) };
                    operands.push(Operands { out: out_, x, y, params: PARAMS });
                }
                let code = looped(memory, 64, |a| {
                    for (i, o) in operands.iter().enumerate() {
                        a.0.extend(
                            encode(interface, cycle[i % cycle.len()], o, 0).expect("v7, v8 and v9 encode any offsets"),
                        );
                    }
                });
                let layout_name = match layout {
                    Layout::Hot => "hot".to_string(),
                    Layout::Spread(m) => format!("spread-{}k", m / 1024),
                };
                out.push(Program {
                    name: format!("{name}/{layout_name}/{}", if aliased { "aliased" } else { "separate" }),
                    kind: "evm384",
                    interface: interface.name(),
                    memory_bytes: memory,
                    code,
                    interface_value: interface,
                });
            }
        }
        // Mixes with memory instructions: each EVM384 op followed by an MLOAD, an MSTORE or a
        // 48-byte MCOPY at spread offsets.
        if let Layout::Spread(m) = layout {
            for (mem_name, mem_op) in [("mload", MLOAD), ("mstore", MSTORE), ("mcopy", MCOPY)] {
                let mut offsets = Offsets(m as u64 ^ mem_op as u64);
                let code = looped(m, 64, |a| {
                    for _ in 0..BODY / 2 {
                        let (o, x, y) = (offsets.within(m), offsets.within(m), offsets.within(m));
                        a.0.extend(
                            encode(interface, Op::MulModMont384, &Operands { out: o, x, y, params: PARAMS }, 0)
                                .expect("v7, v8 and v9 encode any offsets"),
                        );
                        match mem_op {
                            MLOAD => {
                                a.push(offsets.within(m) as u64).op(MLOAD).op(POP);
                            }
                            MSTORE => {
                                a.push(offsets.within(m) as u64).push(offsets.within(m) as u64).op(MSTORE);
                            }
                            _ => {
                                a.push(48).push(offsets.within(m) as u64).push(offsets.within(m) as u64).op(MCOPY);
                            }
                        }
                    }
                });
                out.push(Program {
                    name: format!("mulmodmont384+{mem_name}/spread-{}k", m / 1024),
                    kind: "evm384",
                    interface: interface.name(),
                    memory_bytes: m,
                    code,
                    interface_value: interface,
                });
            }
        }
    }
    out
}
