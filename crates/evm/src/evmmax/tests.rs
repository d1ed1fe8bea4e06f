//! The state's rules, instruction by instruction, on small moduli.

use evm384_arith::modx::{ModXError, MAX_LIMBS};

use super::*;

fn be(v: u64, size: usize) -> Vec<u8> {
    let mut b = vec![0u8; size];
    b[size - 8..].copy_from_slice(&v.to_be_bytes());
    b
}

/// A frame with context 1: modulus 101 (odd, one word), `n` registers.
fn state(n: u64) -> EvmmaxState {
    let mut s = EvmmaxState::default();
    assert_eq!(s.setmodx(1, &[101], n), Ok(SetModX { gas: 1 + 23, allocated: 8 * n as usize }));
    s
}

fn imm(out: u8, out_stride: u8, x: u8, x_stride: u8, y: u8, y_stride: u8, count: u8) -> ArithImmediate {
    ArithImmediate { out, out_stride, x, x_stride, y, y_stride, count }
}

#[test]
fn setmodx_rules() {
    let mut s = EvmmaxState::default();
    assert_eq!(s.setmodx(257, &[101], 1), Err(EvmmaxHalt::IdOutOfRange));
    assert_eq!(s.setmodx(0, &[100], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::NeitherOddNorPowerOfTwo)));
    assert_eq!(s.setmodx(0, &[2], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::OutOfRange)));
    assert_eq!(s.setmodx(0, &[0; 97], 1), Err(EvmmaxHalt::InvalidModulus(ModXError::TooLong)));
    assert_eq!(s.setmodx(0, &[101], 0), Err(EvmmaxHalt::AllocCount));
    assert_eq!(s.setmodx(0, &[101], 257), Err(EvmmaxHalt::AllocCount));
    // A power of two: no odd-modulus part. 768-bit odd: the widest price.
    assert_eq!(s.setmodx(2, &[1, 0], 4), Ok(SetModX { gas: 1, allocated: 32 }));
    assert_eq!(s.setmodx(3, &[0xff; 96], 16), Ok(SetModX { gas: 1 + 58, allocated: 16 * 96 }));
    // An existing id is only activated: no checks on the other operands, base gas only.
    assert_eq!(s.setmodx(2, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
    assert_eq!(s.active().unwrap().modx.element_size(), 8);
    // The 24,576-byte cap over all contexts of the frame.
    assert_eq!(s.allocated_bytes(), 32 + 1536);
    assert_eq!(s.setmodx(4, &[0xff; 96], 256), Err(EvmmaxHalt::RegisterCap));
    let room = (MAX_REGISTER_BYTES - s.allocated_bytes()) / 96;
    assert!(s.setmodx(4, &[0xff; 96], room as u64).is_ok());
    let left = MAX_REGISTER_BYTES - s.allocated_bytes(); // 64 bytes: eight 8-byte registers
    assert_eq!(left, 64);
    assert_eq!(s.setmodx(5, &[3], 9), Err(EvmmaxHalt::RegisterCap));
    assert!(s.setmodx(5, &[3], 8).is_ok());
    assert_eq!(s.allocated_bytes(), MAX_REGISTER_BYTES);
}

#[test]
fn switching_contexts_and_frames_keeps_their_registers() {
    // Two contexts of one frame: r0 = 5 in context 1, r0 = 7 in context 2, back to 1.
    let mut s = state(2);
    s.storex(0, &be(5, 8), 1).unwrap();
    assert_eq!(s.setmodx(2, &[103], 2).map(|r| r.allocated), Ok(16));
    s.storex(0, &be(7, 8), 1).unwrap();
    assert_eq!(s.setmodx(1, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
    assert_eq!((s.loadx(0, 1), s.active().unwrap().modx.modulus()[0]), (Ok(be(5, 8)), 101));
    assert_eq!(s.setmodx(1, &[], 0), Ok(SetModX { gas: 1, allocated: 0 })); // already active
    assert_eq!(s.setmodx(2, &[], 0), Ok(SetModX { gas: 1, allocated: 0 }));
    assert_eq!(s.loadx(0, 1), Ok(be(7, 8)));
    assert_eq!(s.allocated_bytes(), 32);
    // Frames: depth 0 keeps its state while depth 1 runs; a child of depth 0 starts empty.
    let mut frames = EvmmaxFrames::default();
    *frames.at(0) = s;
    assert!(frames.at(1).active().is_none());
    frames.at(1).setmodx(0, &[3], 1).unwrap();
    assert_eq!(frames.at(0).loadx(0, 1), Ok(be(7, 8)));
    assert_eq!(frames.at(1).allocated_bytes(), 8);
    assert_eq!(frames.at(2).allocated_bytes(), 0);
    frames.entering_child(0);
    assert_eq!(frames.at(1).allocated_bytes(), 0);
    assert_eq!(frames.at(0).allocated_bytes(), 32);
    frames.at(1).setmodx(0, &[3], 2).unwrap();
    frames.entering_child(0); // from depth 1's state being the current one
    assert_eq!(frames.at(1).allocated_bytes(), 0);
    assert_eq!(frames.at(0).loadx(0, 1), Ok(be(7, 8)));
}

#[test]
fn no_active_context_halts() {
    let mut s = EvmmaxState::default();
    assert_eq!(s.arith(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 1)), Err(EvmmaxHalt::NoActiveContext));
    assert_eq!(s.loadx(0, 0), Err(EvmmaxHalt::NoActiveContext));
    assert_eq!(s.storex(0, &[], 0), Err(EvmmaxHalt::NoActiveContext));
}

#[test]
fn storex_loadx_round_trip_and_rejects_values_at_the_modulus() {
    let mut s = state(4);
    let bytes = [be(5, 8), be(100, 8)].concat();
    assert_eq!(s.storex(1, &bytes, 2), Ok(1 + 2)); // the base, two values at the 1-word MULMODX price
    assert_eq!(s.loadx(1, 2), Ok(bytes.clone()));
    // Internal form is Montgomery: 5·2^64 mod 101.
    let r = ((1u128 << 64) % 101) as u64;
    assert_eq!(s.active().unwrap().registers[1][0], 5 * r % 101);
    // 101 is refused and nothing is written.
    assert_eq!(s.storex(0, &[be(7, 8), be(101, 8)].concat(), 2), Err(EvmmaxHalt::ValueNotBelowModulus));
    assert_eq!(s.loadx(0, 1), Ok(be(0, 8)));
    // Ranges.
    assert_eq!(s.storex_gas(3, 2), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.loadx_gas(4, 1), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.loadx_gas(u64::MAX, 2), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.loadx_gas(0, 4), Ok(1 + 4));
}

#[test]
fn arithmetic_with_strides_and_bounds() {
    let mut s = state(10);
    let vals: Vec<u8> = (1..=4u64).flat_map(|v| be(v, 8)).collect();
    s.storex(0, &vals, 4).unwrap(); // r0..r3 = 1, 2, 3, 4
                                    // r4, r5 = r0·r2, r1·r3 (strides 1, 2, 2): 3, 8; count 2 costs 2 · 1.
    assert_eq!(s.arith(ArithOp::MulModX, imm(4, 1, 0, 1, 2, 1, 2)), Ok(2));
    assert_eq!(s.loadx(4, 2), Ok([be(3, 8), be(8, 8)].concat()));
    // x_stride 0 broadcasts r0: r6, r7 = r0 + r2, r0 + r3.
    s.arith(ArithOp::AddModX, imm(6, 1, 0, 0, 2, 1, 2)).unwrap();
    assert_eq!(s.loadx(6, 2), Ok([be(4, 8), be(5, 8)].concat()));
    // Subtraction wraps modulo 101.
    s.arith(ArithOp::SubModX, imm(8, 1, 0, 1, 3, 1, 1)).unwrap();
    assert_eq!(s.loadx(8, 1), Ok(be(101 - 3, 8)));
    // Bounds: the last register touched, idx + stride · (count − 1), must exist (10 here):
    // all ten registers as outputs, the last one alone, and one stride past it.
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 10)), Ok(10));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(9, 1, 9, 1, 9, 1, 1)), Ok(1));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 11)), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(10, 1, 0, 0, 0, 1, 1)), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 3, 4)), Ok(4)); // y: 0, 3, 6, 9
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 5, 0, 1, 3)), Err(EvmmaxHalt::RegisterOutOfBounds));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 0, 0, 1, 0, 1, 1)), Err(EvmmaxHalt::ZeroStride));
    assert_eq!(s.arith_gas(ArithOp::AddModX, imm(0, 1, 0, 1, 0, 1, 0)), Err(EvmmaxHalt::ZeroCount));
}

#[test]
fn overlapping_outputs_read_the_registers_as_they_were() {
    // r0..r3 = 1, 2, 3, 4; out = r1.. (stride 1) from x = r0.. and y = r0..: each output
    // r(i+1) = r(i) + r(i) with the OLD r(i): 2, 4, 6 — not the cascade 2, 4, 8.
    let mut s = state(8);
    s.storex(0, &(1..=4u64).flat_map(|v| be(v, 8)).collect::<Vec<_>>(), 4).unwrap();
    s.arith(ArithOp::AddModX, imm(1, 1, 0, 1, 0, 1, 3)).unwrap();
    assert_eq!(s.loadx(0, 4), Ok([be(1, 8), be(2, 8), be(4, 8), be(6, 8)].concat()));
}

#[test]
fn in_order_writes_give_the_results_of_the_registers_as_they_were() {
    // Every immediate over a few registers (count 2..=4, strides 0..=2): the registers after
    // SUBMODX (not commutative) equal all results computed first, then written; for a
    // one-word modulus (`ModX`) and a 384-bit one (the six-word path).
    let p381 = [[0x1au8].as_slice(), &[0x01; 47]].concat();
    for modulus in [vec![101u8], p381] {
        let mut s = EvmmaxState::default();
        s.setmodx(0, &modulus, 8).unwrap();
        let size = s.active().unwrap().modx.element_size();
        s.storex(0, &(1..=8u64).flat_map(|v| be(v * v + 3, size)).collect::<Vec<_>>(), 8).unwrap();
        let start = s.clone();
        for (out, x, y) in (0..4).flat_map(|o| (0..4).flat_map(move |x| (0..4).map(move |y| (o, x, y)))) {
            for (os, xs, ys, count) in (1..3)
                .flat_map(|o| (0..3).flat_map(move |x| (0..3).flat_map(move |y| (2..5).map(move |c| (o, x, y, c)))))
            {
                let i = imm(out, os, x, xs, y, ys, count);
                let mut s = start.clone();
                if s.arith_gas(ArithOp::SubModX, i).is_err() {
                    continue;
                }
                let ctx = s.active().unwrap();
                let (regs, m) = (ctx.registers.clone(), ctx.modx.clone());
                let mut want = regs.clone();
                let at = |idx: u8, stride: u8, k: u8| (idx + stride * k) as usize;
                for k in 0..count {
                    want[at(out, os, k)] = m.sub(&regs[at(x, xs, k)], &regs[at(y, ys, k)]);
                }
                s.arith(ArithOp::SubModX, i).unwrap();
                assert_eq!(s.active().unwrap().registers, want, "{i:?}, {} bytes", size);
            }
        }
    }
}

#[test]
fn listing_decodes_the_immediate() {
    let text = listing(&[0x60, 0x01, 0xc0, 0xc5, 2, 1, 0, 1, 1, 1, 3, 0xc3, 1]);
    assert!(text.contains("0002: SETMODX\n"), "{text}");
    assert!(text.contains("0003: MULMODX out=2/1 x=0/1 y=1/1 count=3\n"), "{text}");
    assert!(text.contains("000b: ADDMODX 0x01 (truncated: 1 of 7 immediate bytes)"), "{text}");
}

#[test]
fn gas_by_width() {
    // Per-width prices straight from the EIP's tables (and its cost models).
    for limbs in 1..=MAX_LIMBS {
        let add = (limbs as f64 * 0.12 + 0.58).round() as u64;
        let mul = (0.08 * (limbs * limbs) as f64 - 0.06 * limbs as f64 + 0.75).round() as u64;
        let set = (limbs as f64 * 3.13 + 19.94).round() as u64;
        assert_eq!(
            (GAS.add_sub[limbs - 1], GAS.mul[limbs - 1], GAS.setmodx_odd[limbs - 1]),
            (add, mul, set),
            "{limbs}"
        );
    }
    // A 6-word odd context: MULMODX count 3 costs 9; LOADX of 2 costs the base 1 + 2 · 3.
    let mut s = EvmmaxState::default();
    let p = [[0x1au8].as_slice(), &[0x01; 47]].concat(); // odd, 381 bits
    s.setmodx(0, &p, 8).unwrap();
    assert_eq!(s.arith_gas(ArithOp::MulModX, imm(0, 1, 0, 1, 0, 1, 3)), Ok(9));
    assert_eq!(s.loadx_gas(0, 2), Ok(1 + 6));
    // Power-of-two LOADX: the base and once 3 (element size 8 → one word); STOREX: the base
    // and 3 per word copied.
    s.setmodx(1, &[1, 0, 0], 8).unwrap();
    assert_eq!(s.loadx_gas(0, 8), Ok(1 + 3));
    assert_eq!(s.storex_gas(0, 8), Ok(1 + 3 * 2));
}
