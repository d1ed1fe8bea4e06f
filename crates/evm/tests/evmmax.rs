//! EVMMAX (EIP-6690) inside revm: the six instructions through real calls — results, gas,
//! every kind of exceptional halt, jump analysis over the 7-byte immediates, and field contexts
//! that belong to one call frame.

use evm384_evm::{Address, Execution, Extension, RunOptions, Runner, Status};

fn opts() -> RunOptions {
    RunOptions { extension: Extension::Evmmax, count_opcodes: false, ..Default::default() }
}

/// A tiny assembler.
#[derive(Default)]
struct Code(Vec<u8>);

impl Code {
    fn push(mut self, v: u64) -> Self {
        let b = v.to_be_bytes();
        let skip = b.iter().take_while(|&&x| x == 0).count().min(7);
        self.0.push(0x60 + (7 - skip) as u8);
        self.0.extend_from_slice(&b[skip..]);
        self
    }
    fn op(mut self, b: u8) -> Self {
        self.0.push(b);
        self
    }
    /// SETMODX with the modulus bytes at memory `offset`.
    fn setmodx(self, id: u64, offset: u64, size: u64, alloc: u64) -> Self {
        self.push(alloc).push(size).push(offset).push(id).op(0xc0)
    }
    fn loadx(self, dest: u64, source: u64, count: u64) -> Self {
        self.push(count).push(source).push(dest).op(0xc1)
    }
    fn storex(self, dest: u64, source: u64, count: u64) -> Self {
        self.push(count).push(source).push(dest).op(0xc2)
    }
    fn arith(mut self, op: u8, imm: [u8; 7]) -> Self {
        self.0.push(op);
        self.0.extend_from_slice(&imm);
        self
    }
    /// An 8-byte big-endian value at memory `offset` (MSTORE of the word ending there).
    fn value8(self, offset: u64, v: u64) -> Self {
        self.push(v).push(offset - 24).op(0x52)
    }
    fn ret(self, offset: u64, len: u64) -> Self {
        self.push(len).push(offset).op(0xf3)
    }
}

/// Modulus 101 (one byte at memory 0), context 1 with 5 registers, r0 = 5, r1 = 7 (stored
/// from memory 40..56: 7 first, since each MSTORE writes a whole word); memory 128 bytes.
fn prologue() -> Code {
    Code::default()
        .push(101)
        .push(0)
        .op(0x53) // MSTORE8(0, 101)
        .setmodx(1, 0, 1, 5)
        .value8(48, 7)
        .value8(40, 5)
        .storex(0, 40, 2)
        .push(0)
        .push(96)
        .op(0x52) // memory to 128 bytes: LOADX writes only inside memory
}

fn run(code: &Code) -> Execution {
    let mut r = Runner::new(opts());
    r.deploy(&code.0);
    r.run(&[]).unwrap()
}

fn word8(out: &[u8], at: usize) -> u64 {
    u64::from_be_bytes(out[at..at + 8].try_into().unwrap())
}

#[test]
fn setmodx_storex_mulmodx_loadx() {
    // r2 = r0·r1 = 35; r3 = r2 − r1 − … : r3 = r0 − r1 = 99 (mod 101); LOADX r2, r3 to 64.
    let code =
        prologue().arith(0xc5, [2, 1, 0, 1, 1, 1, 1]).arith(0xc4, [3, 1, 0, 1, 1, 1, 1]).loadx(64, 2, 2).ret(64, 16);
    let e = run(&code);
    assert_eq!(e.status, Status::Success);
    assert_eq!((word8(&e.output, 0), word8(&e.output, 8)), (35, 99));
    // MULMODX with count 2 costs exactly one 1-word MULMODX (1 gas) more than with count 1
    // (EVMMAX instructions have no static gas; x and y strides 0 broadcast r0).
    let with_count = |n: u8| run(&prologue().arith(0xc5, [0, 1, 0, 0, 0, 0, n]).ret(0, 8));
    let (one, two) = (with_count(1), with_count(2));
    assert_eq!((&one.status, &two.status), (&Status::Success, &Status::Success));
    assert_eq!(two.gas_used, one.gas_used + 1);
}

#[test]
fn every_halt_condition_halts() {
    let halts = |name: &str, code: Code| {
        let e = run(&code);
        assert!(matches!(e.status, Status::Halt(_)), "{name}: {:?}", e.status);
    };
    halts("LOADX without a context", Code::default().push(0).push(0).op(0x52).loadx(0, 0, 1));
    halts("arithmetic without a context", Code::default().arith(0xc3, [0, 1, 0, 1, 0, 1, 1]));
    halts("id above 256", Code::default().push(101).push(0).op(0x53).setmodx(257, 0, 1, 1));
    halts("even modulus", Code::default().push(100).push(0).op(0x53).setmodx(0, 0, 1, 1));
    halts("modulus 2", Code::default().push(2).push(0).op(0x53).setmodx(0, 0, 1, 1));
    halts("modulus longer than 96 bytes", Code::default().push(0).push(96).op(0x53).setmodx(0, 0, 97, 1));
    halts("modulus beyond memory", Code::default().push(101).push(0).op(0x53).setmodx(0, 16, 32, 1));
    halts("alloc_count 0", Code::default().push(101).push(0).op(0x53).setmodx(0, 0, 1, 0));
    halts("alloc_count 257", Code::default().push(101).push(0).op(0x53).setmodx(0, 0, 1, 257));
    halts("STOREX of the modulus itself", prologue().value8(64, 101).storex(2, 64, 1));
    halts("STOREX past the registers", prologue().storex(4, 40, 2));
    halts("STOREX from beyond memory", prologue().storex(0, 1 << 20, 1));
    halts("LOADX to beyond memory", prologue().loadx(1 << 20, 0, 1));
    halts("out of register bounds", prologue().arith(0xc3, [0, 1, 0, 1, 0, 1, 6]));
    halts("output one past the last register", prologue().arith(0xc3, [5, 1, 0, 1, 0, 1, 1]));
    halts("y stride past the last register", prologue().arith(0xc3, [0, 1, 0, 1, 0, 3, 3]));
    halts("out stride 0", prologue().arith(0xc3, [0, 0, 0, 1, 0, 1, 1]));
    halts("count 0", prologue().arith(0xc3, [0, 1, 0, 1, 0, 1, 0]));
    halts("over the 24,576-byte cap", {
        let mut c = Code::default().push(0xff).push(0).op(0x53).push(0xff).push(95).op(0x53);
        // 96-byte odd modulus (0xff‖0…0‖0xff), 256 registers of 96 bytes = 24,576 bytes: fits;
        // a second context of one more register does not.
        c = c.setmodx(0, 0, 96, 256);
        c.push(101).push(200).op(0x53).setmodx(1, 200, 1, 1)
    });
    // And the same programs without the fault run to their end.
    assert_eq!(run(&prologue().arith(0xc3, [0, 1, 0, 1, 0, 1, 3])).status, Status::Success);
    assert_eq!(run(&prologue().arith(0xc3, [0, 1, 0, 1, 0, 1, 5])).status, Status::Success);
    assert_eq!(run(&prologue().arith(0xc3, [0, 1, 0, 1, 0, 2, 3])).status, Status::Success);
    assert_eq!(run(&prologue().loadx(64, 0, 4)).status, Status::Success);
}

/// The arithmetic bound is on the last register touched, `idx + stride · (count − 1)`: the last
/// of the five registers is an output like any other (the text's formula, one stride further,
/// would forbid it; go-ethereum's branch, evmone and ethereumjs accept it).
#[test]
fn the_last_register_is_an_output() {
    // r4 = r0 · r1 = 35, then r4 alone as x, y and out with strides 2: r4 = 35 · 35 mod 101.
    let code = prologue().arith(0xc5, [4, 1, 0, 1, 1, 1, 1]).loadx(64, 4, 1);
    let e = run(&code.arith(0xc5, [4, 2, 4, 2, 4, 2, 1]).loadx(72, 4, 1).ret(64, 16));
    assert_eq!(e.status, Status::Success);
    assert_eq!((word8(&e.output, 0), word8(&e.output, 8)), (35, 35 * 35 % 101));
}

#[test]
fn jump_analysis_skips_the_immediates() {
    // MULMODX whose immediate holds 0x5b at pc+1; a JUMP there is invalid, to the real
    // JUMPDEST after it valid.
    let head = prologue();
    let imm_at = head.0.len() + 4; // after PUSH2 target JUMP: the MULMODX opcode, then its immediate
    let jump = |target: usize| {
        let mut c = Code(head.0.clone());
        c.0.extend([0x61, (target >> 8) as u8, target as u8, 0x56]);
        c.0.extend([0xc5, 0x5b, 1, 0, 1, 1, 1, 1]); // out = 0x5b? no: out=0x5b is out of range, never run
        c.0.extend([0x5b, 0x00]);
        c
    };
    let bad = run(&jump(imm_at + 1));
    assert!(matches!(&bad.status, Status::Halt(r) if r.contains("InvalidJump")), "{:?}", bad.status);
    let good = run(&jump(imm_at + 8));
    assert_eq!(good.status, Status::Success);
}

#[test]
fn field_contexts_belong_to_one_call_frame() {
    // B: LOADX without SETMODX of its own: halts, although its caller has an active context.
    let b = Address::new([0xbb; 20]);
    let b_code = Code::default().push(0).push(0).op(0x52).loadx(0, 0, 1).op(0x00);
    // A: context 1 (r0 = 5), CALL B, store CALL's result at 96, LOADX r0 to 64, return 64..128.
    let a_code = prologue()
        .push(0)
        .push(0)
        .push(0)
        .push(0)
        .push(0)
        .op(0x73) // PUSH20 B
        .op(0x00); // placeholder, replaced below
    let mut a = a_code.0;
    a.pop();
    a.extend_from_slice(b.as_slice());
    let a = Code(a).op(0x5a).op(0xf1).push(96).op(0x52).loadx(64, 0, 1).ret(64, 64);
    let mut r = Runner::new(opts());
    r.deploy_at(b, &b_code.0);
    r.deploy(&a.0);
    let e = r.run(&[]).unwrap();
    assert_eq!(e.status, Status::Success);
    assert_eq!(word8(&e.output, 0), 5, "A's context survives the call");
    assert_eq!(e.output[63], 0, "B halted: no context of its own");
    // B with its own SETMODX (same id, another modulus) succeeds and does not touch A's.
    let b2 = Code::default().push(13).push(0).op(0x53).setmodx(1, 0, 1, 1).loadx(0, 0, 1).op(0x00);
    r.deploy_at(b, &b2.0);
    let e = r.run(&[]).unwrap();
    assert_eq!((word8(&e.output, 0), e.output[63]), (5, 1));
}

/// EIP-6690: memory expansion after SETMODX costs as if the frame's registers sat on top of
/// memory: expanding from m to m' bytes with r register bytes costs cost(m' + r) − cost(m + r).
#[test]
fn memory_expansion_counts_the_registers() {
    let cost = |bytes: u64| {
        let w = bytes.div_ceil(32);
        3 * w + w * w / 512
    };
    // MSTORE8(0, 101); [SETMODX(1, 0, 1, alloc)]; MSTORE(at, 0); STOP.
    let program = |alloc: Option<u64>, at: u64| {
        let mut c = Code::default().push(101).push(0).op(0x53);
        if let Some(n) = alloc {
            c = c.setmodx(1, 0, 1, n);
        }
        c.push(0).push(at).op(0x52).op(0x00)
    };
    let far = 65_536u64;
    for (alloc, registers) in [(None, 0u64), (Some(1), 8), (Some(256), 2048)] {
        let (near, expanded) = (run(&program(alloc, 0)), run(&program(alloc, far)));
        assert_eq!((&near.status, &expanded.status), (&Status::Success, &Status::Success));
        // Same instructions and push widths: the difference is the expansion from 32 bytes.
        assert_eq!(
            expanded.gas_used - near.gas_used,
            cost(far + 32 + registers) - cost(32 + registers),
            "{registers} register bytes"
        );
    }
}

/// Memory expansion with registers costs exactly `cost(m' + r) − cost(m + r)`, also where the
/// floor of `words² / 512` makes revm's own `cost(m') − cost(m)` the larger: 32 register
/// bytes, memory from 22 to 23 words: the text's figure is cost(24 w) − cost(23 w) = 3 (72 + 1
/// − 69 − 1), revm's cost(23 w) − cost(22 w) = 4 (69 + 1 − 66 − 0). Charging revm's figure plus a
/// difference clamped at zero paid 4.
#[test]
fn memory_expansion_is_the_texts_figure_when_revm_would_charge_more() {
    // MSTORE8(0, 101); SETMODX(1, 0, 1, 4): four 8-byte registers = 32 bytes;
    // MSTORE(672, 0): memory to 704 bytes (22 words); [MSTORE(704, 0): to 23 words]; STOP.
    let program = |expand: bool| {
        let c = Code::default().push(101).push(0).op(0x53).setmodx(1, 0, 1, 4).push(0).push(672).op(0x52);
        let c = if expand { c.push(0).push(704).op(0x52) } else { c.push(0).push(672).op(0x52) };
        c.op(0x00)
    };
    let (near, far) = (run(&program(false)), run(&program(true)));
    assert_eq!((&near.status, &far.status), (&Status::Success, &Status::Success));
    assert_eq!(far.gas_used - near.gas_used, 3);
}
