//! Random bytecode with EVM384 opcodes through revm: the property behind the libFuzzer target
//! `fuzz/fuzz_targets/bytecode.rs` and `evm384 fuzz bytecode` (its stable-toolchain driver).
//!
//! For any bytes: running them as code in v7, v8 or v9 never panics; the gas used is at most
//! the limit; and the jump table the code is deployed with accepts exactly the JUMPDEST bytes
//! that begin an instruction — as the disassembler (`evm384_evm::disasm`, a separate decoder)
//! reads the code: never a `0x5b` inside a PUSH or v9 EVM384 immediate.

use std::panic::{catch_unwind, AssertUnwindSafe};

use evm384_arith::isa::{encode, Addressing, Op, Operands, V6_PARAMS_ADDR};
use evm384_evm::{analysis, disasm, InstructionSet, Interface, RunOptions, Runner};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Why a code failed the property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    Panic(String),
    GasAboveLimit {
        used: u64,
        limit: u64,
    },
    /// A JUMPDEST accepted at `pc` that is not an instruction start, or the reverse.
    JumpTable {
        pc: usize,
        accepted: bool,
    },
    RunError(String),
}

/// Every interface: the earlier ones' stack items, v6's registers and v3/v5's missing memory
/// check are fuzzed as v7's word and v9's immediate are.
const INTERFACES: [Interface; 10] = Interface::ALL;

/// The libFuzzer entry: byte 0 picks the interface, bytes 1..3 the gas limit (up to 2^24),
/// bytes 3.. are the code; the calldata is the code again.
pub fn run_bytes(data: &[u8]) -> Result<(), Violation> {
    if data.len() < 3 {
        return Ok(());
    }
    let interface = INTERFACES[data[0] as usize % INTERFACES.len()];
    let limit = 1 + (u16::from_le_bytes([data[1], data[2]]) as u64) * 256;
    check(interface, &data[3..], limit)
}

/// The property for one code in one interface under a gas limit.
pub fn check(interface: Interface, code: &[u8], gas_limit: u64) -> Result<(), Violation> {
    check_jump_table(interface, code)?;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut r = Runner::new(RunOptions { interface, gas_limit, count_opcodes: false, ..Default::default() });
        r.deploy(code);
        r.run(code)
    }));
    match outcome {
        Err(p) => Err(Violation::Panic(
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default(),
        )),
        Ok(Err(e)) => Err(Violation::RunError(e.to_string())),
        Ok(Ok(ex)) if ex.gas_used > gas_limit => Err(Violation::GasAboveLimit { used: ex.gas_used, limit: gas_limit }),
        Ok(Ok(_)) => Ok(()),
    }
}

fn check_jump_table(interface: Interface, code: &[u8]) -> Result<(), Violation> {
    if code.is_empty() {
        return Ok(());
    }
    let bytecode = analysis::analyze(InstructionSet::Evm384(interface), code);
    let table = bytecode.legacy_jump_table().expect("legacy code has a jump table");
    match first_wrong_jumpdest(interface, code, |pc| table.is_valid(pc)) {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

/// The first offset where `accepts` differs from the disassembler's JUMPDEST instructions.
fn first_wrong_jumpdest(interface: Interface, code: &[u8], accepts: impl Fn(usize) -> bool) -> Option<Violation> {
    let starts: std::collections::HashSet<usize> =
        disasm::disassemble(interface, code).iter().filter(|i| i.opcode == 0x5b).map(|i| i.pc).collect();
    (0..code.len())
        .map(|pc| (pc, accepts(pc)))
        .find(|(pc, accepted)| *accepted != starts.contains(pc))
        .map(|(pc, accepted)| Violation::JumpTable { pc, accepted })
}

/// A random code for `evm384 fuzz bytecode`: EVM384 opcodes (with operands pushed from small
/// values, or random immediates), PUSHes, JUMPDESTs, jumps to pushed targets, memory and
/// arithmetic opcodes, and random bytes.
pub fn random_code(rng: &mut SmallRng, interface: Interface) -> Vec<u8> {
    let len = rng.gen_range(1..400);
    let mut code = Vec::with_capacity(len + 40);
    while code.len() < len {
        match rng.gen_range(0..10) {
            0..=2 => {
                let op = Op::ALL[rng.gen_range(0..3)];
                // Offsets mostly small (memory stays cheap), sometimes anything.
                let mut offset = || -> u32 {
                    if rng.gen_bool(0.9) {
                        rng.gen_range(0..512)
                    } else {
                        rng.gen()
                    }
                };
                let mut ops = Operands { out: offset(), x: offset(), y: offset(), params: offset() };
                match interface.addressing() {
                    Addressing::Immediate => {
                        code.push(op.opcode());
                        code.extend_from_slice(&ops.to_immediate());
                    }
                    _ if rng.gen_bool(0.1) => {
                        // Whatever the stack holds: up to five random words, then the opcode.
                        for _ in 0..rng.gen_range(0..=5) {
                            code.push(0x7f);
                            code.extend((0..32).map(|_| rng.gen::<u8>()));
                        }
                        code.push(op.opcode());
                    }
                    addressing => {
                        match addressing {
                            Addressing::StackItems { out: false, .. } => ops.out = ops.x,
                            Addressing::Registers => {
                                ops = Operands {
                                    out: 48 * (ops.out % 256),
                                    x: 48 * (ops.x % 256),
                                    y: 48 * (ops.y % 256),
                                    params: V6_PARAMS_ADDR,
                                }
                            }
                            Addressing::PackedWord { field_bytes: 2 } => {
                                ops = Operands {
                                    out: ops.out & 0xffff,
                                    x: ops.x & 0xffff,
                                    y: ops.y & 0xffff,
                                    params: ops.params & 0xffff,
                                }
                            }
                            _ => {}
                        }
                        let inv = if rng.gen_bool(0.9) { rng.gen() } else { 0 };
                        code.extend(encode(interface, op, &ops, inv).expect("operands fitted to the interface"));
                    }
                }
            }
            3 => code.push(0x5b),
            4 => {
                let target = rng.gen_range(0..len.max(1)) as u16;
                code.extend([0x61, (target >> 8) as u8, target as u8, if rng.gen_bool(0.5) { 0x56 } else { 0x57 }]);
            }
            5 => {
                let n = rng.gen_range(1..=32u8);
                code.push(0x5f + n);
                code.extend((0..n).map(|_| if rng.gen_bool(0.2) { 0x5b } else { rng.gen() }));
            }
            6 => code.push([0x51, 0x52, 0x53, 0x5e, 0x01, 0x02, 0x03, 0x50, 0x80, 0x90][rng.gen_range(0..10)]),
            _ => code.push(rng.gen()),
        }
    }
    code
}

/// Case `index` of stream `seed`: an interface, a code, a gas limit.
pub fn case(seed: u64, index: u64) -> (Interface, Vec<u8>, u64) {
    let mut rng = SmallRng::seed_from_u64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xb17e);
    let interface = INTERFACES[rng.gen_range(0..INTERFACES.len())];
    let code = random_code(&mut rng, interface);
    let limit = [100, 10_000, 1_000_000, 3_000_000][rng.gen_range(0..4)];
    (interface, code, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_codes_hold_the_property() {
        for i in 0..300 {
            let (interface, code, limit) = case(9, i);
            assert_eq!(check(interface, &code, limit), Ok(()), "case {i}: {}", hex::encode(&code));
        }
        assert_eq!(run_bytes(&[2, 0, 1, 0xc0, 0x5b, 0x5b]), Ok(()));
    }

    #[test]
    fn a_wrong_jump_table_is_caught() {
        // In v9 the 0x5b inside the immediate is data; v7's analysis (no immediates) accepts it.
        // Handed v7's table for v9 code, the oracle names that byte.
        let mut code = vec![0xc0, 0x5b];
        code.extend([0; 15]);
        code.push(0x5b); // pc 17: the first byte after the 16-byte immediate
        let v7 = analysis::analyze(InstructionSet::Evm384(Interface::V7), &code);
        let v7_table = v7.legacy_jump_table().unwrap();
        assert_eq!(
            first_wrong_jumpdest(Interface::V9, &code, |pc| v7_table.is_valid(pc)),
            Some(Violation::JumpTable { pc: 1, accepted: true })
        );
        assert_eq!(check_jump_table(Interface::V9, &code), Ok(()));
        assert_eq!(check_jump_table(Interface::V7, &code), Ok(()));
    }
}
