//! The earlier interfaces (v1–v6) and v7s beside v7/v8/v9 (`docs/evm384-semantics.md`, "The
//! earlier interfaces"): how each pops its operands and fails, which memory it touches and pays
//! for, v6's registers and parameter register, v7s' 16-bit fields, one instruction's gas under
//! the reference schedule, the disassembler and the jump-destination analysis.

mod common;

use common::*;
use evm384_arith::isa::{encode, Addressing, Modulus, V6_PARAMS_ADDR};
use evm384_arith::{addmod384, from_le_bytes, mulmodmont384, submod384, to_le_bytes, Limbs};
use evm384_evm::analysis::{analyze, has_own_analysis};
use evm384_evm::disasm::listing;
use evm384_evm::{execute, Execution, InstructionSet, Interface, Op, Operands, RunOptions, Status};

const MSTORE: u8 = 0x52;
const MSIZE: u8 = 0x59;
const PUSH1: u8 = 0x60;
const PUSH32: u8 = 0x7f;

fn run(interface: Interface, code: &[u8], calldata: &[u8]) -> Execution {
    execute(code, calldata, &RunOptions { interface, ..RunOptions::default() }).unwrap()
}

fn halt_reason(exec: &Execution) -> &str {
    match &exec.status {
        Status::Halt(reason) => {
            assert_eq!(exec.gas_used, RunOptions::default().gas_limit, "a halt spends all gas");
            reason
        }
        other => panic!("expected a halt, got {other:?}"),
    }
}

/// `MSTORE(offset, 0)`: memory grows to `offset + 32` bytes (rounded up to a word).
fn mstore_zero(offset: u32) -> Vec<u8> {
    let mut code = vec![PUSH1, 0];
    code.extend(push4(offset));
    code.push(MSTORE);
    code
}

/// `PUSH32 value` (big-endian).
fn push32(value: [u8; 32]) -> Vec<u8> {
    let mut code = vec![PUSH32];
    code.extend(value);
    code
}

/// Stack items one instruction pops.
fn items(interface: Interface, op_: Op) -> usize {
    match interface.addressing() {
        Addressing::StackItems { out, modulus } => {
            let params = match modulus {
                Modulus::Operand => 1 + usize::from(op_ == Op::MulModMont384),
                Modulus::Bls12_381 => 0,
            };
            2 + usize::from(out) + params
        }
        Addressing::PackedWord { .. } | Addressing::Registers => 1,
        Addressing::Immediate => 0,
    }
}

/// The earlier interfaces whose operands are separate stack items.
const STACK_ITEMS: [Interface; 5] = [Interface::V1, Interface::V2, Interface::V3, Interface::V4, Interface::V5];

/// Operands every interface can encode: `out = x` for v1, registers 3, 0, 1 and the parameter
/// register otherwise (within 16 bits for v7s).
fn common_operands(interface: Interface) -> Operands {
    let out = if interface == Interface::V1 { 0 } else { 0x90 };
    Operands { out, x: 0, y: 0x30, params: V6_PARAMS_ADDR }
}

fn limbs(seed: u64) -> Limbs {
    let mut s = seed;
    core::array::from_fn(|_| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    })
}

#[test]
fn stack_underflow_halts() {
    for interface in Interface::ALL {
        for op_ in Op::ALL {
            let need = items(interface, op_);
            if interface == Interface::V9 {
                assert_eq!(need, 0);
                continue;
            }
            for k in 0..need {
                let mut code = [PUSH1, 0].repeat(k);
                code.push(op_.opcode());
                let exec = run(interface, &code, &[]);
                assert_eq!(halt_reason(&exec), "StackUnderflow", "{interface} {op_:?} with {k} of {need} items");
                // The height is checked before any item is: an unaddressable offset among too
                // few items is still an underflow, as in the prototype.
                if k > 0 {
                    let mut code = [PUSH1, 0].repeat(k - 1);
                    code.extend(push32([0xff; 32]));
                    code.push(op_.opcode());
                    let exec = run(interface, &code, &[]);
                    assert_eq!(
                        halt_reason(&exec),
                        "StackUnderflow",
                        "{interface} {op_:?}: {k} of {need}, 2^256 - 1 on top"
                    );
                }
            }
            // With every item (zeros: offsets 0, inv 0) it runs; memory is there for v3 and v5.
            let mut code = mstore_zero(12320);
            code.extend([PUSH1, 0].repeat(need));
            code.push(op_.opcode());
            assert_eq!(run(interface, &code, &[]).status, Status::Success, "{interface} {op_:?}");
        }
    }
}

#[test]
fn offsets_from_2_pow_32_as_stack_items_halt_out_of_gas() {
    for interface in STACK_ITEMS {
        for op_ in Op::ALL {
            let need = items(interface, op_);
            // Offsets are every item but MULMODMONT384's inv, popped last in v1–v3.
            let offsets = if op_ == Op::MulModMont384 && interface <= Interface::V3 { need - 1 } else { need };
            for position in 0..offsets {
                for big in [[0, 0, 0, 1 << 32], [0, 0, 0, u64::MAX], [1 << 63, 0, 0, 0]] {
                    // `big` as the item popped `position`-th; items are pushed in reverse pop order.
                    let mut code = mstore_zero(12320);
                    for i in (0..need).rev() {
                        let mut word = [0u8; 32];
                        if i == position {
                            for (j, limb) in big.iter().enumerate() {
                                word[8 * j..8 * j + 8].copy_from_slice(&limb.to_be_bytes());
                            }
                        }
                        code.extend(push32(word));
                    }
                    code.push(op_.opcode());
                    let exec = run(interface, &code, &[]);
                    let reason = halt_reason(&exec);
                    assert_eq!(reason, "OutOfGas(InvalidOperand)", "{interface} {op_:?} item {position} = {big:x?}");
                }
                // 2^32 - 1 is an offset: expanding to it cannot be paid (v1, v2, v4), or it lies
                // outside memory (v3, v5).
                let mut code = Vec::new();
                for i in (0..need).rev() {
                    code.extend(push4(if i == position { u32::MAX } else { 0 }));
                }
                code.push(op_.opcode());
                let reason = halt_reason(&run(interface, &code, &[])).to_string();
                assert!(reason.starts_with("OutOfGas"), "{interface} {op_:?} item {position} = 2^32 - 1: {reason}");
            }
        }
    }
}

#[test]
fn inv_from_2_pow_64_halts_out_of_gas_in_v1_to_v3() {
    let (x, y, m) = (limbs(1), limbs(2), limbs(3));
    let mut calldata = to_le_bytes(&x).to_vec();
    calldata.extend(to_le_bytes(&y));
    calldata.extend(to_le_bytes(&m));
    for interface in [Interface::V1, Interface::V2, Interface::V3] {
        let ops = Operands { out: 0, x: 0, y: 48, params: 96 };
        // inv = 2^64 - 1 is taken as is: the garbage-inv product of the arithmetic.
        let mut code = copy_calldata();
        code.extend(encode(interface, Op::MulModMont384, &ops, u64::MAX).unwrap());
        code.extend(return_mem(0, 48));
        let exec = run(interface, &code, &calldata);
        assert_eq!(exec.status, Status::Success, "{interface}");
        assert_eq!(from_le_bytes(exec.output[..].try_into().unwrap()), mulmodmont384(&x, &y, &m, u64::MAX));
        // inv = 2^64 (and 2^255) halts.
        for byte in [23, 0] {
            let mut inv = [0u8; 32];
            inv[byte] = if byte == 0 { 0x80 } else { 1 };
            let mut code = copy_calldata();
            code.extend(push32(inv));
            for offset in [ops.params, ops.y, ops.x] {
                code.extend(push4(offset));
            }
            if interface != Interface::V1 {
                code.extend(push4(ops.out));
            }
            code.push(Op::MulModMont384.opcode());
            let exec = run(interface, &code, &calldata);
            assert_eq!(halt_reason(&exec), "OutOfGas(InvalidOperand)", "{interface} inv byte {byte}");
        }
    }
}

/// v3 and v5 neither expand memory nor pay for it: outside memory they halt, inside they cost
/// what v2 and v4 cost once memory is there.
#[test]
fn v3_and_v5_need_memory_expanded_by_others() {
    // Largest offset 0x90: v1–v5 touch 0x90 + 48 = 192 bytes (6 words), MULMODMONT384 too.
    let ops = Operands { out: 0x90, x: 0, y: 0x30, params: 0x60 };
    for (unchecked, checked) in [(Interface::V3, Interface::V2), (Interface::V5, Interface::V4)] {
        for op_ in Op::ALL {
            let instr = encode(unchecked, op_, &ops, 7).unwrap();
            assert_eq!(instr, encode(checked, op_, &ops, 7).unwrap());
            let static_gas = if op_ == Op::MulModMont384 { 24 } else { 8 };
            let instr_gas = 3 * items(checked, op_) as u64 + static_gas;

            // No memory at all: v3/v5 halt, v2/v4 pay 6 words.
            let exec = run(unchecked, &instr, &[]);
            assert_eq!(halt_reason(&exec), "OutOfGas(Memory)", "{unchecked} {op_:?} without memory");
            let exec = run(checked, &instr, &[]);
            assert_eq!((exec.status, exec.gas_used), (Status::Success, instr_gas + 18), "{checked} {op_:?}");

            // Memory one word short (160 bytes): still a halt; v2/v4 pay the one word.
            let mut code = mstore_zero(128);
            code.extend(&instr);
            assert_eq!(halt_reason(&run(unchecked, &code, &[])), "OutOfGas(Memory)", "{unchecked} {op_:?}");
            let exec = run(checked, &code, &[]);
            assert_eq!(exec.gas_used, 9 + 15 + instr_gas + 3, "{checked} {op_:?}");

            // Memory expanded to exactly 192 bytes by the MSTORE (9 gas + 18 for 6 words): the
            // instruction adds only its pushes and static gas, as v2/v4 do then.
            let mut code = mstore_zero(160);
            code.extend(&instr);
            let exec = run(unchecked, &code, &[]);
            assert_eq!((exec.status, exec.gas_used), (Status::Success, 9 + 18 + instr_gas), "{unchecked} {op_:?}");
            assert_eq!(run(checked, &code, &[]).gas_used, exec.gas_used, "{checked} {op_:?}");
        }
    }
}

#[test]
fn v6_registers_and_parameter_register() {
    let (x, y, m, inv) = (limbs(11), limbs(12), limbs(13), 0x0123_4567_89ab_cdefu64);
    // Registers 0 (x) and 1 (y) from calldata, m ‖ inv copied to 12288.
    let mut calldata = to_le_bytes(&x).to_vec();
    calldata.extend(to_le_bytes(&y));
    calldata.extend(to_le_bytes(&m));
    calldata.extend(inv.to_le_bytes());
    let setup = |code: &mut Vec<u8>| {
        code.extend([PUSH1, 96, PUSH1, 0, PUSH1, 0, CALLDATACOPY]);
        code.extend([PUSH1, 56, PUSH1, 96]);
        code.extend(push4(V6_PARAMS_ADDR));
        code.push(CALLDATACOPY);
    };
    let words: [[u8; 32]; 2] = [
        // out = register 255 (12240), x = 0, y = 1; nothing else set.
        {
            let mut w = [0u8; 32];
            w[29..].copy_from_slice(&[255, 0, 1]);
            w
        },
        // The same with every higher byte set: ignored.
        {
            let mut w = [0xabu8; 32];
            w[29..].copy_from_slice(&[255, 0, 1]);
            w
        },
    ];
    for op_ in Op::ALL {
        let want = match op_ {
            Op::AddMod384 => addmod384(&x, &y, &m),
            Op::SubMod384 => submod384(&x, &y, &m),
            Op::MulModMont384 => mulmodmont384(&x, &y, &m, inv),
        };
        for word in words {
            let mut code = Vec::new();
            setup(&mut code);
            code.extend(push32(word));
            code.push(op_.opcode());
            code.extend(return_mem(255 * 48, 48));
            let exec = run(Interface::V6, &code, &calldata);
            assert_eq!(exec.status, Status::Success, "{op_:?}");
            assert_eq!(from_le_bytes(exec.output[..].try_into().unwrap()), want, "{op_:?} {word:x?}");
        }
        // The encoder's bytes: PUSH3 out‖x‖y.
        let ops = Operands { out: 255 * 48, x: 0, y: 48, params: V6_PARAMS_ADDR };
        assert_eq!(encode(Interface::V6, op_, &ops, 0).unwrap(), [0x62, 255, 0, 1, op_.opcode()]);
    }
}

#[test]
fn v6_expands_memory_to_its_parameter_register() {
    // ADDMOD384/SUBMOD384 check 12288 + 48 = 12336 bytes, MULMODMONT384 12336 + 8 = 12344: both
    // 386 words (12352 bytes, MSIZE), 3·386 + 386²/512 = 1449 gas, whatever the registers.
    for op_ in Op::ALL {
        let static_gas = if op_ == Op::MulModMont384 { 24 } else { 8 };
        for word in [0u32, 0x01_02_03] {
            let mut code = vec![0x62];
            code.extend(&word.to_be_bytes()[1..]);
            code.push(op_.opcode());
            let exec = run(Interface::V6, &code, &[]);
            assert_eq!((exec.status, exec.gas_used), (Status::Success, 3 + static_gas + 1449), "{op_:?}");
            code.extend([MSIZE, PUSH1, 0, MSTORE]);
            code.extend(return_mem(0, 32));
            let exec = run(Interface::V6, &code, &[]);
            assert_eq!(exec.output[28..], 12352u32.to_be_bytes(), "{op_:?}");
        }
        // From 12320 bytes (385 words) memory still grows: the check reaches past 12320.
        let mut code = mstore_zero(12288);
        code.extend([PUSH1, 0, op_.opcode(), MSIZE, PUSH1, 0, MSTORE]);
        code.extend(return_mem(0, 32));
        let exec = run(Interface::V6, &code, &[]);
        assert_eq!(exec.output[28..], 12352u32.to_be_bytes(), "{op_:?}");
    }
}

#[test]
fn v7s_decodes_sixteen_bit_fields_and_ignores_the_rest_of_the_word() {
    let (x, y, m, inv) = (limbs(21), limbs(22), limbs(23), 0xfedc_ba98_7654_3210u64);
    // x at 0x1000, y at 0x2030, m ‖ inv at 0x3f00, out at 0xff00.
    let mut params = to_le_bytes(&m).to_vec();
    params.extend(inv.to_le_bytes());
    let at = [(0x1000u32, to_le_bytes(&x).to_vec()), (0x2030, to_le_bytes(&y).to_vec()), (0x3f00, params)];
    let ops = Operands { out: 0xff00, x: 0x1000, y: 0x2030, params: 0x3f00 };
    let mut calldata = vec![0u8; 0x3f00 + 56];
    for (offset, bytes) in &at {
        calldata[*offset as usize..*offset as usize + bytes.len()].copy_from_slice(bytes);
    }
    for op_ in Op::ALL {
        let want = match op_ {
            Op::AddMod384 => addmod384(&x, &y, &m),
            Op::SubMod384 => submod384(&x, &y, &m),
            Op::MulModMont384 => mulmodmont384(&x, &y, &m, inv),
        };
        let instr = encode(Interface::V7s, op_, &ops, 0).unwrap();
        assert_eq!(instr[..9], [0x67, 0xff, 0x00, 0x10, 0x00, 0x20, 0x30, 0x3f, 0x00]);
        // The same offsets with the word's bits 64..255 set.
        let mut word = [0x5au8; 32];
        word[24..].copy_from_slice(&instr[1..9]);
        let mut wide = push32(word);
        wide.push(op_.opcode());
        for instr in [instr, wide] {
            let mut code = copy_calldata();
            code.extend(&instr);
            code.extend(return_mem(0xff00, 48));
            let exec = run(Interface::V7s, &code, &calldata);
            assert_eq!(exec.status, Status::Success, "{op_:?}");
            assert_eq!(from_le_bytes(exec.output[..].try_into().unwrap()), want, "{op_:?}");
            // v7 with the same offsets charges the same: the memory rule is v7's.
            let mut v7 = copy_calldata();
            v7.extend(op(Interface::V7, op_, ops.out, ops.x, ops.y, ops.params));
            v7.extend(return_mem(0xff00, 48));
            let v7 = run(Interface::V7, &v7, &calldata);
            assert_eq!((v7.output, v7.gas_used), (exec.output, exec.gas_used), "{op_:?}");
        }
    }
    // The largest offset: memory to 0xffff + 48 (add) or + 56 (mul), paid as in v7.
    for op_ in Op::ALL {
        let ops = Operands { out: 0xffff, x: 0, y: 0, params: 0 };
        let v7s = run(Interface::V7s, &encode(Interface::V7s, op_, &ops, 0).unwrap(), &[]);
        let v7 = run(Interface::V7, &encode(Interface::V7, op_, &ops, 0).unwrap(), &[]);
        assert_eq!(v7s.status, Status::Success);
        assert_eq!(v7s.gas_used, v7.gas_used, "{op_:?}");
    }
}

/// One instruction under the reference schedule (8 / 8 / 24), memory already there: its
/// pushes (3 gas each) and its static gas, nothing else.
#[test]
fn gas_of_one_instruction_per_interface() {
    // [ADDMOD384, SUBMOD384, MULMODMONT384]
    let expected: [(Interface, [u64; 3]); 10] = [
        (Interface::V1, [3 * 3 + 8, 3 * 3 + 8, 4 * 3 + 24]),
        (Interface::V2, [4 * 3 + 8, 4 * 3 + 8, 5 * 3 + 24]),
        (Interface::V3, [4 * 3 + 8, 4 * 3 + 8, 5 * 3 + 24]),
        (Interface::V4, [3 * 3 + 8, 3 * 3 + 8, 3 * 3 + 24]),
        (Interface::V5, [3 * 3 + 8, 3 * 3 + 8, 3 * 3 + 24]),
        (Interface::V6, [3 + 8, 3 + 8, 3 + 24]),
        (Interface::V7, [3 + 8, 3 + 8, 3 + 24]),
        (Interface::V8, [3 + 8, 3 + 8, 3 + 24]),
        (Interface::V9, [8, 8, 24]),
        (Interface::V7s, [3 + 8, 3 + 8, 3 + 24]),
    ];
    assert_eq!(expected.map(|(i, _)| i), Interface::ALL);
    let setup = mstore_zero(12320); // 12352 bytes: past every operand below
    let setup_gas = run(Interface::V7, &setup, &[]).gas_used;
    for (interface, gas) in expected {
        for (op_, want) in Op::ALL.into_iter().zip(gas) {
            let instr = encode(interface, op_, &common_operands(interface), 0x89f3_fffc_fffc_fffd).unwrap();
            let mut code = setup.clone();
            code.extend(&instr);
            let exec = run(interface, &code, &[]);
            assert_eq!(exec.status, Status::Success, "{interface} {op_:?}");
            assert_eq!(exec.gas_used - setup_gas, want, "{interface} {op_:?}");
            assert_eq!(exec.counts.unwrap().get(op_.opcode()), 1);
        }
    }
}

#[test]
fn disassembly_shows_v6_and_v7s_operands() {
    let v6 = Operands { out: 0x90, x: 0, y: 255 * 48, params: V6_PARAMS_ADDR };
    let code = encode(Interface::V6, Op::MulModMont384, &v6, 0).unwrap();
    let text = listing(Interface::V6, &code);
    assert!(text.contains("MULMODMONT384 out=0x90 x=0x0 y=0x2fd0 params=0x3000"), "{text}");

    let v7s = Operands { out: 0x1234, x: 0xffff, y: 0, params: 0x30 };
    let code = encode(Interface::V7s, Op::SubMod384, &v7s, 0).unwrap();
    let text = listing(Interface::V7s, &code);
    assert!(text.contains("SUBMOD384 out=0x1234 x=0xffff y=0x0 params=0x30"), "{text}");
    // A wider PUSH: only the low 64 bits count.
    let mut word = [0xeeu8; 32];
    word[24..].copy_from_slice(&code[1..9]);
    let mut wide = push32(word);
    wide.push(0xc1);
    assert!(listing(Interface::V7s, &wide).contains("SUBMOD384 out=0x1234 x=0xffff y=0x0 params=0x30"));

    // v1–v5 take several items: shown as coming from the stack.
    for interface in STACK_ITEMS {
        let code = encode(interface, Op::AddMod384, &common_operands(interface), 0).unwrap();
        let text = listing(interface, &code);
        assert!(text.contains("ADDMOD384 (operands from the stack)"), "{interface}: {text}");
    }
}

/// Only v9 has an immediate: every other interface is standard EVM to the jump analysis, so a
/// JUMPDEST right after an EVM384 opcode is valid, and in v9 it is immediate data.
#[test]
fn jump_analysis_is_standard_evm_except_in_v9() {
    for interface in Interface::ALL {
        let isa = InstructionSet::Evm384(interface);
        assert_eq!(has_own_analysis(isa), interface == Interface::V9, "{interface}");
        // 0: PUSH1 4, 2: JUMP, 3: ADDMOD384, 4: JUMPDEST, 5: STOP.
        let code = [PUSH1, 4, JUMP, 0xc0, JUMPDEST, 0x00];
        let table = analyze(isa, &code).legacy_jump_table().unwrap().clone();
        assert_eq!(table.is_valid(4), interface != Interface::V9, "{interface}");
        let exec = run(interface, &code, &[]);
        if interface == Interface::V9 {
            assert_eq!(halt_reason(&exec), "InvalidJump");
        } else {
            assert_eq!(exec.status, Status::Success, "{interface}");
        }
        // After a whole instruction as the generator writes it (v6's PUSH3, v7s' PUSH8, …).
        let mut code = encode(interface, Op::AddMod384, &common_operands(interface), 0).unwrap();
        let dest = code.len();
        code.push(JUMPDEST);
        let table = analyze(isa, &code).legacy_jump_table().unwrap().clone();
        assert!(table.is_valid(dest), "{interface}");
    }
}
